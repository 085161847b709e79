//! Reading one comment line into a tag use: the line's dialect found from its name, its payload
//! parsed as that spelling takes it (codetags values and nested tags, JSON, the KEP's quoted
//! strings, kubebuilder lists, CEL rules with options), and every problem reported at its byte
//! offset in the line.

use super::codetags::{self, Args, Scalar, SyntaxError, TagValue};
use super::options::{self, OptionList};
use super::registry::{lookup, unknown_tag_message, Dialect, Known, Payload, Rule, Spelling};
use serde_json::Value;

/// A validation tag as written on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct TagUse {
    pub rule: Rule,
    pub dialect: Dialect,
    /// The name as written, without `+`.
    pub name: &'static str,
    /// Arguments in parentheses (validation-gen only).
    pub args: Args,
    pub payload: PayloadValue,
    /// Byte offset of the `+` in the line.
    pub offset: usize,
}

/// A tag's payload, read.
#[derive(Debug, Clone, PartialEq)]
pub enum PayloadValue {
    None,
    Int(i64),
    Number(serde_json::Number),
    Bool(bool),
    String(String),
    Json(Value),
    List(Vec<Value>),
    Rule(RuleSpec),
    /// `k8s:validation:cel[<index>]:<key>=<value>`: one part of a rule split over lines.
    CelPart {
        index: usize,
        key: String,
        value: Value,
    },
    Tag(Box<TagUse>),
    /// kubebuilder's `key=value` options, in order, values unquoted.
    Options(Vec<(String, String)>),
}

/// A CEL rule and its options.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RuleSpec {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub reason: Option<String>,
    pub field_path: Option<String>,
    pub optional_old_self: bool,
}

/// Reads one comment line. `Ok(None)` when the line is not a tag or is a tag kubeidl does not
/// read (another generator's).
pub fn read_line(line: &str) -> Result<Option<TagUse>, SyntaxError> {
    let start = line.len() - line.trim_start().len();
    let text = line.trim();
    if !text.starts_with('+') {
        return Ok(None);
    }
    let shift = |e: SyntaxError| SyntaxError {
        offset: e.offset + start,
        ..e
    };
    read_tag(text).map_err(shift).map(|t| {
        t.map(|mut t| {
            t.offset = start;
            t
        })
    })
}

/// controller-gen's markers without a namespace, whose `+name:=value` form it reads as
/// `+name=value` (its marker parser takes a value given to an empty argument name as the
/// marker's own).
pub const CONTROLLER_GEN_PLAIN_MARKERS: &[&str] = &[
    "listType",
    "listMapKey",
    "mapType",
    "structType",
    "default",
    "nullable",
    "optional",
    "required",
];

/// The name run after `+`: `[\p{L}_][\p{L}\p{Nd}_.\-:]*`.
fn name_run(text: &str) -> &str {
    let body = &text[1..];
    let len = body
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | ':')))
        .unwrap_or(body.len());
    &body[..len]
}

fn error(offset: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError::new(offset, message)
}

/// The error for a name no spelling has, in a namespace kubeidl reads.
fn unknown(name: &str) -> SyntaxError {
    SyntaxError {
        unknown_tag: true,
        ..error(1, unknown_tag_message(name))
    }
}

fn read_tag(text: &str) -> Result<Option<TagUse>, SyntaxError> {
    let run = name_run(text);
    let after_run = &text[1 + run.len()..];
    if let Some(bare) = run
        .strip_suffix(':')
        .filter(|b| b.starts_with("kubebuilder:") && after_run.starts_with('='))
    {
        // controller-tools reads `+name:=value` as `+name=value`: a value given to an argument
        // with an empty name, which is the marker's own.
        let plain = format!("+{bare}{after_run}");
        let shift = |e: SyntaxError| match e.offset > bare.len() {
            true => SyntaxError {
                offset: e.offset + 1,
                ..e
            },
            false => e,
        };
        return read_tag(&plain).map_err(shift);
    }
    if let Some(bare) = run
        .strip_suffix(':')
        .filter(|b| CONTROLLER_GEN_PLAIN_MARKERS.contains(b) && after_run.starts_with('='))
    {
        let plain = format!("+{bare}{after_run}");
        return Err(SyntaxError {
            controller_gen_spelling: Some(plain.clone()),
            ..error(
                1 + bare.len(),
                format!("`+{bare}:=` is controller-gen's spelling, which openapi-gen ignores; write `{plain}`"),
            )
        });
    }
    if let Some(tag) = kubebuilder_items(text, run)? {
        return Ok(Some(tag));
    }
    if let Some(tag) = kubebuilder_with_options(text, run)? {
        return Ok(Some(tag));
    }
    if let Some(rest) = run.strip_prefix("k8s:validation:") {
        return kube_openapi(text, run, rest).map(Some);
    }
    let (entry, spelling) = match lookup(run) {
        Known::Validation(e, s) => (e, s),
        Known::Other => return Ok(None),
        Known::Unknown => return Err(unknown(run)),
    };
    let after = &text[1 + run.len()..];
    if spelling.dialect == Dialect::ValidationGen {
        let parsed = codetags::parse(text)?;
        return from_codetags(parsed, spelling, entry.rule, 0).map(Some);
    }
    let offset = 1 + run.len();
    let value = match after.strip_prefix('=') {
        Some(v) => Some(v.trim()),
        None if after.trim().is_empty() || after.trim_start().starts_with('#') => None,
        // controller-gen takes everything before the first `=` as the marker's name
        // (`+optional, default GET` names the marker `optional, default GET`), finds no such
        // marker and ignores the line: this is an unknown marker to it, not a known one misused.
        None => {
            return Err(SyntaxError {
                unknown_tag: true,
                ..error(offset, "expected '=' or the end of the line")
            })
        }
    };
    let payload = payload(spelling, value, offset + 1)?;
    Ok(Some(TagUse {
        rule: entry.rule,
        dialect: spelling.dialect,
        name: spelling.name,
        args: Args::None,
        payload,
        offset: 0,
    }))
}

/// `+kubebuilder:validation:items:<Marker>...`: the marker `+kubebuilder:validation:<Marker>...`
/// carried to a list's items.
fn kubebuilder_items(text: &str, run: &str) -> Result<Option<TagUse>, SyntaxError> {
    let prefix = super::family::selectors::ITEMS_PREFIX;
    let Some(marker) = run.strip_prefix(prefix).and_then(|r| r.strip_prefix(':')) else {
        return Ok(None);
    };
    if marker.starts_with("items:") {
        return Err(error(
            1 + prefix.len() + 1,
            format!(
                "+{prefix}: items markers do not nest; an items marker reaches one list's items"
            ),
        ));
    }
    let shift = prefix.len() + 1 - "kubebuilder:validation:".len();
    let inner_text = format!("+kubebuilder:validation:{marker}{}", &text[1 + run.len()..]);
    let marker_start = 1 + prefix.len() + 1;
    // An error at the carried marker's name points at the marker; an unknown carried marker is
    // a bad items marker.
    let shifted = |e: SyntaxError| {
        let offset = if e.offset < marker_start - shift {
            marker_start
        } else {
            e.offset + shift
        };
        SyntaxError::new(offset, e.message)
    };
    let inner = match read_tag(&inner_text).map_err(shifted)? {
        Some(inner) if inner.dialect == Dialect::Kubebuilder => inner,
        _ => {
            return Err(error(
                1 + prefix.len() + 1,
                format!("+{prefix}:{marker} carries no kubebuilder validation marker"),
            ))
        }
    };
    let Known::Validation(entry, spelling) = lookup(prefix) else {
        unreachable!("the items form is a registered spelling")
    };
    Ok(Some(TagUse {
        rule: entry.rule,
        dialect: spelling.dialect,
        name: spelling.name,
        args: Args::None,
        payload: PayloadValue::Tag(Box::new(inner)),
        offset: 0,
    }))
}

/// `+kubebuilder:validation:XValidation:rule="...",message="..."`: a marker name, `:`, options.
fn kubebuilder_with_options(text: &str, run: &str) -> Result<Option<TagUse>, SyntaxError> {
    if !run.starts_with("kubebuilder:") {
        return Ok(None);
    }
    for entry in super::registry::entries() {
        for s in entry.spellings {
            if s.dialect != Dialect::Kubebuilder
                || !matches!(s.payload, Payload::Rule | Payload::Options)
            {
                continue;
            }
            if let Some(rest) = text[1..]
                .strip_prefix(s.name)
                .and_then(|r| r.strip_prefix(':'))
            {
                let offset = 2 + s.name.len();
                let list = options::parse(rest).map_err(|e| error(e.offset + offset, e.message))?;
                let payload = match s.payload {
                    Payload::Rule => PayloadValue::Rule(rule_spec(&list, s.dialect, offset)?),
                    _ => PayloadValue::Options(named_options(&list, s.name, offset)?),
                };
                return Ok(Some(TagUse {
                    rule: entry.rule,
                    dialect: s.dialect,
                    name: s.name,
                    args: Args::None,
                    payload,
                    offset: 0,
                }));
            }
        }
    }
    Ok(None)
}

/// The `key=value` options of a marker that takes no positional value.
fn named_options(
    list: &options::OptionList,
    name: &str,
    offset: usize,
) -> Result<Vec<(String, String)>, SyntaxError> {
    if let Some(v) = &list.positional {
        return Err(error(
            v.offset + offset,
            format!("+{name} takes key=value options, not {:?}", v.text),
        ));
    }
    Ok(list
        .named
        .iter()
        .map(|(k, v)| (k.clone(), v.text.clone()))
        .collect())
}

/// `+k8s:validation:<key>=<JSON>`, `+k8s:validation:cel[<i>]:<key>=<JSON>` or `...>raw text`.
fn kube_openapi(text: &str, run: &str, key: &str) -> Result<TagUse, SyntaxError> {
    let after_run = 1 + run.len();
    if key == "cel" {
        let rest = &text[after_run..];
        let close = rest.find(']').filter(|_| rest.starts_with('['));
        let Some(close) = close else {
            return Err(error(after_run, "expected cel[<index>]:<key>"));
        };
        let index: usize = rest[1..close]
            .parse()
            .map_err(|_| error(after_run + 1, "a cel index is a non-negative integer"))?;
        let part = &rest[close + 1..];
        let Some(part) = part.strip_prefix(':') else {
            return Err(error(
                after_run + close + 1,
                "expected ':' after the cel index",
            ));
        };
        let key_len = part.find(['=', '>']).unwrap_or(part.len());
        let part_key = &part[..key_len];
        if !matches!(
            part_key,
            "rule" | "message" | "messageExpression" | "optionalOldSelf" | "reason" | "fieldPath"
        ) {
            return Err(error(
                after_run + close + 2,
                format!("unknown cel key {part_key:?}"),
            ));
        }
        let value_at = after_run + close + 2 + key_len + 1;
        let value = match part[key_len..].chars().next() {
            Some('>') => Value::String(part[key_len + 1..].to_string()),
            Some('=') => json(&part[key_len + 1..], value_at)?,
            _ => Value::Bool(true),
        };
        return Ok(TagUse {
            rule: Rule::ValidationRule,
            dialect: Dialect::KubeOpenapi,
            name: "k8s:validation:cel",
            args: Args::None,
            payload: PayloadValue::CelPart {
                index,
                key: part_key.to_string(),
                value,
            },
            offset: 0,
        });
    }
    if ["items", "properties", "additionalProperties"]
        .iter()
        .any(|k| key.starts_with(&format!("{k}:")))
    {
        return Err(error(
            1,
            format!("kube-openapi's nested +k8s:validation:{key} is not supported; put the tag on the element's type"),
        ));
    }
    let (entry, spelling) = match lookup(run) {
        Known::Validation(e, s) => (e, s),
        _ => return Err(unknown(run)),
    };
    let after = &text[after_run..];
    let value = match after.strip_prefix('=') {
        Some(v) => json(v, after_run + 1)?,
        None if after.is_empty() => Value::Bool(true),
        None => return Err(error(after_run, "expected '='")),
    };
    Ok(TagUse {
        rule: entry.rule,
        dialect: spelling.dialect,
        name: spelling.name,
        args: Args::None,
        payload: PayloadValue::Json(value),
        offset: 0,
    })
}

fn json(text: &str, offset: usize) -> Result<Value, SyntaxError> {
    serde_json::from_str(text.trim()).map_err(|e| error(offset, format!("invalid JSON: {e}")))
}

/// The payload of a non-codetags spelling; `value` is the text after `=` (trimmed).
fn payload(
    spelling: &Spelling,
    value: Option<&str>,
    offset: usize,
) -> Result<PayloadValue, SyntaxError> {
    let name = spelling.name;
    let Some(value) = value else {
        return match spelling.payload {
            Payload::None => Ok(PayloadValue::None),
            _ => Err(error(offset - 1, format!("+{name} needs a value"))),
        };
    };
    let wrong = |want: &str| error(offset, format!("+{name} takes {want}, not {value:?}"));
    Ok(match spelling.payload {
        Payload::None => return Err(error(offset - 1, format!("+{name} takes no value"))),
        Payload::Int => PayloadValue::Int(value.parse().map_err(|_| wrong("an integer"))?),
        Payload::Number => match serde_json::from_str::<Value>(value) {
            Ok(Value::Number(n)) => PayloadValue::Number(n),
            _ => return Err(wrong("a number")),
        },
        Payload::Bool => match value {
            "true" => PayloadValue::Bool(true),
            "false" => PayloadValue::Bool(false),
            _ => return Err(wrong("true or false")),
        },
        Payload::String => PayloadValue::String(string_value(value, offset)?),
        Payload::Raw => PayloadValue::String(value.to_string()),
        // controller-gen guesses the type of a marker's value (`=forty-two`, `={a,b}`).
        Payload::Json if spelling.dialect == Dialect::Kubebuilder => PayloadValue::Json(
            super::marker_value::parse(value).map_err(|(at, e)| error(offset + at, e))?,
        ),
        Payload::Json => PayloadValue::Json(json(value, offset)?),
        Payload::List => PayloadValue::List(
            options::split_list(value)
                .into_iter()
                .map(|item| {
                    serde_json::from_str(item.trim())
                        .unwrap_or_else(|_| Value::String(item.trim().to_string()))
                })
                .collect(),
        ),
        Payload::Rule => {
            let list = options::parse(value).map_err(|e| error(e.offset + offset, e.message))?;
            PayloadValue::Rule(rule_spec(&list, spelling.dialect, offset)?)
        }
        Payload::Tag => return Err(wrong("a tag")),
        Payload::Options => {
            return Err(error(
                offset - 1,
                format!("+{name} takes options after ':': +{name}:key=value,..."),
            ))
        }
    })
}

/// A string payload: Go-quoted, backquoted, the KEP's single quotes, or bare.
fn string_value(value: &str, offset: usize) -> Result<String, SyntaxError> {
    if value.starts_with(['"', '`']) {
        return crate::strconv::unquote(value)
            .ok_or_else(|| error(offset, format!("invalid string {value}")));
    }
    if let Some(inner) = value.strip_prefix('\'') {
        return inner
            .strip_suffix('\'')
            .map(str::to_string)
            .ok_or_else(|| error(offset, "unterminated string"));
    }
    Ok(value.to_string())
}

fn rule_spec(list: &OptionList, dialect: Dialect, offset: usize) -> Result<RuleSpec, SyntaxError> {
    let mut spec = RuleSpec::default();
    let mut rule = list.positional.as_ref().map(|v| v.text.clone());
    for (key, value) in &list.named {
        let text = Some(value.text.clone());
        match (dialect, key.as_str()) {
            (Dialect::Kubebuilder, "rule") => rule = text,
            (_, "message") => spec.message = text,
            (_, "messageExpression") => spec.message_expression = text,
            (_, "reason") => spec.reason = text,
            (Dialect::Kep, "field") | (_, "fieldPath") => spec.field_path = text,
            (_, "optionalOldSelf") => {
                spec.optional_old_self = match value.text.as_str() {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(error(
                            offset + value.offset,
                            format!("optionalOldSelf is true or false, not {other:?}"),
                        ))
                    }
                }
            }
            _ => {
                return Err(error(
                    offset + value.offset.saturating_sub(key.len() + 1),
                    format!("unknown rule option {key:?}"),
                ))
            }
        }
    }
    spec.rule = rule.ok_or_else(|| error(offset, "a rule needs its CEL expression"))?;
    Ok(spec)
}

/// Checks a codetags tag against its spelling, nested tags included.
fn from_codetags(
    tag: codetags::Tag,
    spelling: &'static Spelling,
    rule: Rule,
    depth: usize,
) -> Result<TagUse, SyntaxError> {
    let name = spelling.name;
    let wrong = |got: &str, want: &str| {
        error(
            1,
            format!("+{name}: tag value has wrong type: got {got}, want {want}"),
        )
    };
    let payload = match (spelling.payload, tag.value) {
        (Payload::None, None) => PayloadValue::None,
        (Payload::None, Some(TagValue::Scalar(s))) => return Err(wrong(s.kind(), "none")),
        (Payload::None, Some(TagValue::Tag(_))) => return Err(wrong("tag", "none")),
        (want, None) => {
            return Err(error(
                1,
                format!(
                    "+{name}: missing required tag value of type {}",
                    kind_name(want)
                ),
            ))
        }
        (Payload::Int, Some(TagValue::Scalar(Scalar::Int(i)))) => PayloadValue::Int(i),
        (Payload::String, Some(TagValue::Scalar(Scalar::String(s)))) => PayloadValue::String(s),
        (Payload::Raw, Some(TagValue::Scalar(s))) => match s {
            Scalar::Int(i) => PayloadValue::Int(i),
            Scalar::Bool(b) => PayloadValue::Bool(b),
            Scalar::String(s) => PayloadValue::String(s),
        },
        (Payload::Tag, Some(TagValue::Tag(inner))) => {
            if depth > 16 {
                return Err(error(1, "tags nested too deeply"));
            }
            let (entry, inner_spelling) = match lookup(&inner.name) {
                Known::Validation(e, s) if s.dialect == Dialect::ValidationGen => (e, s),
                _ => return Err(error(1, unknown_tag_message(&inner.name))),
            };
            let inner = from_codetags(*inner, inner_spelling, entry.rule, depth + 1)?;
            PayloadValue::Tag(Box::new(inner))
        }
        (want, Some(TagValue::Scalar(s))) => return Err(wrong(s.kind(), kind_name(want))),
        (want, Some(TagValue::Tag(_))) => return Err(wrong("tag", kind_name(want))),
    };
    Ok(TagUse {
        rule,
        dialect: Dialect::ValidationGen,
        name,
        args: tag.args,
        payload,
        offset: 0,
    })
}

fn kind_name(p: Payload) -> &'static str {
    match p {
        Payload::Int => "int",
        Payload::String | Payload::Raw => "string",
        Payload::Tag => "tag",
        Payload::Bool => "bool",
        _ => "value",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> TagUse {
        read_line(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .unwrap_or_else(|| panic!("{line}: not a tag"))
    }

    #[test]
    fn one_rule_in_every_dialect() {
        for line in [
            "+minimum=1",
            " +k8s:minimum=1",
            "+kubebuilder:validation:Minimum=1",
            "+k8s:validation:minimum=1",
        ] {
            assert_eq!(read(line).rule, Rule::Minimum, "{line}");
        }
        assert_eq!(read("+k8s:minimum=1").payload, PayloadValue::Int(1));
        assert!(matches!(
            read("+minimum=0.5").payload,
            PayloadValue::Number(_)
        ));
        assert_eq!(read(" +listType=map").offset, 1);
    }

    #[test]
    fn payloads_are_read_as_each_spelling_takes_them() {
        assert_eq!(
            read("+nameFormat='dns1123subdomain'").payload,
            PayloadValue::String("dns1123subdomain".into())
        );
        assert_eq!(
            read("+pattern=^a,b$").payload,
            PayloadValue::String("^a,b$".into())
        );
        assert_eq!(
            read(r#"+kubebuilder:default={"a": 1}"#).payload,
            PayloadValue::Json(serde_json::json!({"a": 1}))
        );
        // openapi-gen reads `+default` (typed by the field, with `ref(...)`): kept as written.
        assert_eq!(
            read("+default=ref(Foo)").payload,
            PayloadValue::String("ref(Foo)".into())
        );
        assert_eq!(
            read(r#"+kubebuilder:validation:Enum=A;B;1"#).payload,
            PayloadValue::List(vec!["A".into(), "B".into(), 1.into()])
        );
        let kep = read(
            r#"+validationRule="!self.hostNetwork || !has(self.hostPort)",message="hostPort needs hostNetwork",reason=Forbidden,field="hostPort""#,
        );
        assert_eq!(
            kep.payload,
            PayloadValue::Rule(RuleSpec {
                rule: "!self.hostNetwork || !has(self.hostPort)".into(),
                message: Some("hostPort needs hostNetwork".into()),
                reason: Some("Forbidden".into()),
                field_path: Some("hostPort".into()),
                ..RuleSpec::default()
            })
        );
        let kb = read(
            r#"+kubebuilder:validation:XValidation:rule="self.a <= self.b",messageExpression="'bad'",optionalOldSelf=true"#,
        );
        assert_eq!(kb.rule, Rule::ValidationRule);
        let PayloadValue::Rule(spec) = kb.payload else {
            panic!()
        };
        assert_eq!(
            (
                spec.rule.as_str(),
                spec.message_expression.as_deref(),
                spec.optional_old_self
            ),
            ("self.a <= self.b", Some("'bad'"), true)
        );
        assert_eq!(
            read(r#"+k8s:validation:cel[1]:rule>self.size() > 0"#).payload,
            PayloadValue::CelPart {
                index: 1,
                key: "rule".into(),
                value: "self.size() > 0".into()
            }
        );
        let nested = read("+k8s:subfield(name)=+k8s:format=k8s-long-name");
        let PayloadValue::Tag(inner) = nested.payload else {
            panic!()
        };
        assert_eq!(
            (inner.rule, inner.payload),
            (Rule::Format, PayloadValue::String("k8s-long-name".into()))
        );
    }

    #[test]
    fn other_generators_tags_are_not_ours() {
        for line in [
            "+genclient",
            "+k8s:deepcopy-gen=package",
            "// text",
            "+featureGate=X",
            "+k8s:openapi-gen=true",
        ] {
            assert_eq!(read_line(line), Ok(None), "{line}");
        }
    }

    #[test]
    fn only_names_no_spelling_has_are_unknown_tags() {
        let unknown = |line: &str| read_line(line).unwrap_err().unknown_tag;
        assert!(unknown("+kubebuilder:validation:Maximun=1"));
        assert!(unknown("+k8s:validation:maximun=1"));
        // A known marker written wrong is not unknown, even when its name runs into options.
        assert!(!unknown(
            "+kubebuilder:validation:XValidation:rule=\"self > 0"
        ));
        assert!(!unknown("+kubebuilder:validation:Maximum=ten"));
        // An items marker carrying an unknown marker is a bad items marker.
        assert!(!unknown("+kubebuilder:validation:items:Maximun=1"));
    }

    #[test]
    fn a_marker_value_may_follow_an_empty_argument_name() {
        // As gateway-api writes them: controller-tools reads `:=` as `=`.
        let tag = read("+kubebuilder:validation:Minimum:=400");
        assert_eq!(tag, read("+kubebuilder:validation:Minimum=400"));
        let err = read_line("+kubebuilder:validation:Minimum:=x").unwrap_err();
        assert_eq!(err.offset, 33, "{err:?}");
    }

    #[test]
    fn bad_tags_are_errors_at_their_place() {
        for (line, offset, message) in [
            ("+k8s:minimun=1", 1, "unknown tag \"+k8s:minimun\" (did you mean \"+k8s:minimum\"?)"),
            (
                "+kubebuilder:validation:Maximun=1",
                1,
                "unknown tag \"+kubebuilder:validation:Maximun\" (did you mean \"+kubebuilder:validation:Maximum\"?)",
            ),
            (
                "  +k8s:minimum=abc",
                3,
                "+k8s:minimum: tag value has wrong type: got string, want int",
            ),
            (
                "+k8s:minimum",
                1,
                "+k8s:minimum: missing required tag value of type int",
            ),
            (
                "+k8s:optional=true",
                1,
                "+k8s:optional: tag value has wrong type: got bool, want none",
            ),
            ("+k8s:eachVal=+k8s:typo", 1, "unknown tag \"+k8s:typo\""),
            (
                "+kubebuilder:validation:items:MaxLenght=3",
                30,
                "unknown tag \"+kubebuilder:validation:MaxLenght\" (did you mean \"+kubebuilder:validation:MaxLength\"?)",
            ),
            (
                "+kubebuilder:validation:items:MaxLength=ten",
                40,
                "+kubebuilder:validation:MaxLength takes an integer, not \"ten\"",
            ),
            (
                "+kubebuilder:validation:items:items:MaxLength=1",
                30,
                "+kubebuilder:validation:items: items markers do not nest; an items marker reaches one list's items",
            ),
            (
                "+kubebuilder:externalDocs:\"https://x\"",
                26,
                "+kubebuilder:externalDocs takes key=value options, not \"https://x\"",
            ),
            ("+minimum=ten", 9, "+minimum takes a number, not \"ten\""),
            ("+optional=yes", 9, "+optional takes no value"),
            ("+maxLength", 10, "+maxLength needs a value"),
            (
                "+kubebuilder:default={",
                21,
                "unclosed `{`",
            ),
            (
                r#"+validationRule="self > 0",mesage="x""#,
                27,
                "unknown rule option \"mesage\"",
            ),
            (
                r#"+validationRule=message="x""#,
                16,
                "a rule needs its CEL expression",
            ),
            (
                "+k8s:validation:cel[x]:rule=\"a\"",
                20,
                "a cel index is a non-negative integer",
            ),
            (
                "+k8s:validation:cel[0]:rules=\"a\"",
                23,
                "unknown cel key \"rules\"",
            ),
        ] {
            let err = read_line(line).expect_err(line);
            assert_eq!(
                (err.offset, err.message.as_str()),
                (offset, message),
                "{line}"
            );
        }
    }
}
