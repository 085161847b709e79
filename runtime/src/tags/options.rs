//! Argument lists of the tags not written in the codetags grammar: the KEP's
//! `+validationRule="<CEL>",message="...",reason=Forbidden,field="..."` (a positional value, then
//! `key=value` options) and kubebuilder's `+kubebuilder:validation:XValidation:rule="...",message="..."`
//! (options only). A value is a Go string (`"..."` with Go's escapes, or `` `...` ``), the KEP's
//! single-quoted `'...'`, or bare text up to the next `,`.

use super::codetags::SyntaxError;

/// A parsed list.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OptionList {
    /// The value before the first `key=` (the KEP's rule).
    pub positional: Option<OptionValue>,
    /// `key=value` options in order.
    pub named: Vec<(String, OptionValue)>,
}

/// One value and where it starts in the parsed text.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionValue {
    pub text: String,
    /// Written in quotes (so `"true"` is a string where `true` may be a boolean).
    pub quoted: bool,
    pub offset: usize,
}

impl OptionList {
    /// The option `key`, if given.
    pub fn get(&self, key: &str) -> Option<&OptionValue> {
        self.named.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

/// Parses `text` (everything after the tag's `=` or `:`).
pub fn parse(text: &str) -> Result<OptionList, SyntaxError> {
    let mut list = OptionList::default();
    let mut pos = 0;
    let mut first = true;
    loop {
        let rest = &text[pos..];
        let key_len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        let is_named = key_len > 0 && rest[key_len..].starts_with('=');
        if is_named {
            let key = rest[..key_len].to_string();
            if list.get(&key).is_some() {
                return Err(SyntaxError::new(
                    pos,
                    format!("option {key:?} is given twice"),
                ));
            }
            pos += key_len + 1;
            let (value, next) = value(text, pos)?;
            list.named.push((key, value));
            pos = next;
        } else if first {
            let (value, next) = value(text, pos)?;
            list.positional = Some(value);
            pos = next;
        } else {
            return Err(SyntaxError::new(pos, "expected key=value after ','"));
        }
        first = false;
        match text[pos..].chars().next() {
            None => return Ok(list),
            // controller-gen takes spaces after the comma: `rule="...", message="..."`.
            Some(',') => {
                pos += 1;
                pos += text[pos..].len() - text[pos..].trim_start_matches(' ').len();
            }
            Some(c) => {
                return Err(SyntaxError::new(
                    pos,
                    format!("unexpected character {c:?} after a value (expected ',')"),
                ))
            }
        }
    }
}

/// The value at `start` and the offset just after it.
fn value(text: &str, start: usize) -> Result<(OptionValue, usize), SyntaxError> {
    let rest = &text[start..];
    let unterminated = || SyntaxError::new(start, "unterminated string");
    let quoted = |text: String, len: usize| {
        Ok((
            OptionValue {
                text,
                quoted: true,
                offset: start,
            },
            start + len,
        ))
    };
    // A list kept as written, for `split_list`.
    let list = |len: usize| {
        Ok((
            OptionValue {
                text: rest[..len].to_string(),
                quoted: false,
                offset: start,
            },
            start + len,
        ))
    };
    match rest.chars().next() {
        // A list of quoted items (`"a=b";"c=d"`), kept as written for `split_list`.
        Some('"') if go_string_len(rest).is_some_and(|len| rest[len..].starts_with(';')) => {
            let mut len = 0;
            loop {
                let item = &rest[len..];
                len += match item.chars().next() {
                    Some('"') => go_string_len(item).ok_or_else(unterminated)?,
                    _ => item.find([',', ';']).unwrap_or(item.len()),
                };
                if !rest[len..].starts_with(';') {
                    break;
                }
                len += 1;
            }
            list(len)
        }
        Some('"') => {
            let len = go_string_len(rest).ok_or_else(unterminated)?;
            match crate::strconv::unquote(&rest[..len]) {
                Some(s) => quoted(s, len),
                None => Err(SyntaxError::new(
                    start,
                    format!("invalid string {}", &rest[..len]),
                )),
            }
        }
        Some(q @ ('`' | '\'')) => {
            let end = rest[1..].find(q).ok_or_else(unterminated)?;
            quoted(rest[1..1 + end].to_string(), end + 2)
        }
        // A controller-gen brace list (`{queue,queues,lq}`): one value, commas and all.
        Some('{') => {
            let len = brace_list_len(rest)
                .ok_or_else(|| SyntaxError::new(start, "unterminated list: expected '}'"))?;
            list(len)
        }
        _ => {
            let len = rest.find(',').unwrap_or(rest.len());
            let bare = rest[..len].trim();
            if bare.is_empty() {
                return Err(SyntaxError::new(start, "expected a value"));
            }
            Ok((
                OptionValue {
                    text: bare.to_string(),
                    quoted: false,
                    offset: start,
                },
                start + len,
            ))
        }
    }
}

/// The length of the `"..."` literal at the start of `s`, escapes skipped.
fn go_string_len(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The characters of `text` that stand outside its `"..."` and `` `...` `` strings, with their
/// byte offsets (quote characters included, escapes inside strings skipped).
fn outside_quotes(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    text.char_indices().filter(move |&(_, c)| {
        let outside = quote.is_none();
        match (quote, c) {
            (Some(_), '\\') if !escaped => {
                escaped = true;
                return false;
            }
            (Some(q), c) if c == q && !escaped => quote = None,
            (None, '"' | '`') => quote = Some(c),
            _ => {}
        }
        escaped = false;
        outside
    })
}

/// The length of the `{...}` list at the start of `s`, quoted items skipped.
fn brace_list_len(s: &str) -> Option<usize> {
    outside_quotes(s)
        .skip(1)
        .find(|&(_, c)| c == '}')
        .map(|(i, _)| i + 1)
}

/// Splits a kubebuilder list at its separators outside quotes: `A;B;"c;d"`, or in
/// controller-gen's braces `{A,B,"c,d"}` (a one-item `{ac}` is the list `[ac]`).
pub fn split_list(text: &str) -> Vec<&str> {
    let (text, separator) = match text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
    {
        Some(inner) => (inner, ','),
        None => (text, ';'),
    };
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, _) in outside_quotes(text).filter(|&(_, c)| c == separator) {
        parts.push(&text[start..i]);
        start = i + 1;
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &OptionList) -> (Option<&str>, Vec<(&str, &str)>) {
        (
            list.positional.as_ref().map(|v| v.text.as_str()),
            list.named
                .iter()
                .map(|(k, v)| (k.as_str(), v.text.as_str()))
                .collect(),
        )
    }

    #[test]
    fn reads_the_kep_rule_form() {
        let list = parse(r#""!self.hostNetwork || self.hostPort == 0",message="hostPort must be 0, \"as\" said",reason=Forbidden,field="hostPort""#).unwrap();
        assert_eq!(
            texts(&list),
            (
                Some("!self.hostNetwork || self.hostPort == 0"),
                vec![
                    ("message", "hostPort must be 0, \"as\" said"),
                    ("reason", "Forbidden"),
                    ("field", "hostPort"),
                ]
            )
        );
        assert!(!list.get("reason").unwrap().quoted);
        assert_eq!(
            texts(&parse("'dns1123subdomain'").unwrap()).0,
            Some("dns1123subdomain")
        );
    }

    #[test]
    fn reads_kubebuilder_options() {
        let list = parse(
            r#"rule="self.a <= self.b",messageExpression=`'a ' + self.a`,optionalOldSelf=true"#,
        )
        .unwrap();
        assert_eq!(
            texts(&list),
            (
                None,
                vec![
                    ("rule", "self.a <= self.b"),
                    ("messageExpression", "'a ' + self.a"),
                    ("optionalOldSelf", "true"),
                ]
            )
        );
        assert_eq!(split_list(r#"A;B;"c;d";1"#), ["A", "B", "\"c;d\"", "1"]);
        // controller-gen's braces, one item too.
        assert_eq!(split_list(r#"{A,B,"c,d"}"#), ["A", "B", "\"c,d\""]);
        assert_eq!(split_list("{ac}"), ["ac"]);
        let list = parse("path=queues,shortName={queue,queues,lq},scope=Cluster").unwrap();
        assert_eq!(list.get("shortName").unwrap().text, "{queue,queues,lq}");
        assert_eq!(
            split_list(&list.get("shortName").unwrap().text),
            ["queue", "queues", "lq"]
        );
        assert_eq!(list.get("scope").unwrap().text, "Cluster");
    }

    #[test]
    fn reads_lists_of_quoted_items() {
        let list = parse(r#"annotations="a=b, c";"d=e",labels=x"#).unwrap();
        assert_eq!(
            texts(&list),
            (
                None,
                vec![("annotations", r#""a=b, c";"d=e""#), ("labels", "x")]
            )
        );
        let items = split_list(&list.get("annotations").unwrap().text);
        assert_eq!(items, [r#""a=b, c""#, r#""d=e""#]);
    }

    #[test]
    fn a_space_after_a_comma_is_taken_as_controller_gen_takes_it() {
        let list = parse(r#"rule="self.a <= self.b", message="a must not exceed b""#).unwrap();
        assert_eq!(
            texts(&list),
            (
                None,
                vec![
                    ("rule", "self.a <= self.b"),
                    ("message", "a must not exceed b")
                ]
            )
        );
    }

    #[test]
    fn reports_bad_lists_where_they_go_wrong() {
        for (text, offset, message) in [
            (r#""open"#, 0, "unterminated string"),
            (
                r#""rule",message="a"x"#,
                18,
                "unexpected character 'x' after a value (expected ',')",
            ),
            (r#""rule","other""#, 7, "expected key=value after ','"),
            (
                r#""rule",message=a,message=b"#,
                17,
                "option \"message\" is given twice",
            ),
            (r#""a\q""#, 0, r#"invalid string "a\q""#),
            ("rule=", 5, "expected a value"),
        ] {
            let err = parse(text).expect_err(text);
            assert_eq!(
                (err.offset, err.message.as_str()),
                (offset, message),
                "{text}"
            );
        }
    }
}
