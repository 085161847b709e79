//! `x-kubernetes-validations` changes: old and new rules matched (same rule text up to
//! whitespace first, then the same message, then by position when as many are left on each
//! side), and each change classified. A rule added tightens unless it is `true`; a rule removed
//! loosens; a rule whose text changed is compared by shape: a size bound on one subject
//! (`self.size() <= 10`, `size(self.x) < 5`, `10 >= self.size()`) that moved says narrower or
//! wider; anything else is unknown. Rules are read as CEL tokens (kubeidl's CEL front end says
//! whether they parse), so spacing never counts as a change.

use super::order::Cmp;
use serde_json::Value;

/// A CEL token: an identifier, a literal or an operator, as written.
pub fn tokens(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        // String literals, with optional r/b prefixes and triple quotes.
        let mut j = i;
        while j < chars.len() && j - i < 2 && matches!(chars[j], 'r' | 'R' | 'b' | 'B') {
            j += 1;
        }
        if j < chars.len() && (chars[j] == '"' || chars[j] == '\'') {
            let quote = chars[j];
            let raw = chars[i..j].iter().any(|c| matches!(c, 'r' | 'R'));
            let triple = j + 2 < chars.len() && chars[j + 1] == quote && chars[j + 2] == quote;
            let mut k = if triple { j + 3 } else { j + 1 };
            while k < chars.len() {
                if !raw && chars[k] == '\\' {
                    k += 2;
                    continue;
                }
                if triple {
                    if k + 2 < chars.len()
                        && chars[k] == quote
                        && chars[k + 1] == quote
                        && chars[k + 2] == quote
                    {
                        k += 3;
                        break;
                    }
                } else if chars[k] == quote {
                    k += 1;
                    break;
                }
                k += 1;
            }
            let k = k.min(chars.len());
            out.push(chars[start..k].iter().collect());
            i = k;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
            {
                i += 1;
            }
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            i += if ["<=", ">=", "==", "!=", "&&", "||"].contains(&two.as_str()) {
                2
            } else {
                1
            };
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

/// Whether the rule reads `oldSelf` (the identifier, not a field of that name).
pub fn uses_old_self(source: &str) -> bool {
    let t = tokens(source);
    t.iter()
        .enumerate()
        .any(|(i, tok)| tok == "oldSelf" && (i == 0 || t[i - 1] != "."))
}

/// Whether the rule is the constant `true` (possibly in parentheses).
pub fn trivially_true(source: &str) -> bool {
    let t: Vec<String> = tokens(source)
        .into_iter()
        .filter(|t| t != "(" && t != ")")
        .collect();
    t == ["true"]
}

/// Whether kubeidl's CEL front end parses the rule; the parse error otherwise.
pub fn parse_error(source: &str) -> Option<String> {
    crate::cel::parse::parse(source)
        .err()
        .map(|e| e.to_string().lines().next().unwrap_or("").to_string())
}

/// A recognized size bound: `subject.size()` (or `size(subject)`) at most `max` (inclusive),
/// or at least `min`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SizeBound {
    subject: String,
    upper: bool,
    value: i64,
}

/// The subject of `X.size()` or `size(X)` when the tokens are exactly that.
fn size_subject(t: &[String]) -> Option<String> {
    let n = t.len();
    if n >= 5 && t[n - 3] == "size" && t[n - 4] == "." && t[n - 2] == "(" && t[n - 1] == ")" {
        return Some(t[..n - 4].concat());
    }
    if n >= 4 && t[0] == "size" && t[1] == "(" && t[n - 1] == ")" {
        return Some(t[2..n - 1].concat());
    }
    None
}

fn size_bound(source: &str) -> Option<SizeBound> {
    let t = tokens(source);
    let op_at = t
        .iter()
        .position(|x| ["<=", "<", ">=", ">"].contains(&x.as_str()))?;
    if t[op_at + 1..]
        .iter()
        .any(|x| ["<=", "<", ">=", ">", "&&", "||", "?"].contains(&x.as_str()))
    {
        return None;
    }
    let (left, op, right) = (&t[..op_at], t[op_at].as_str(), &t[op_at + 1..]);
    let number = |side: &[String]| match side {
        [n] => n.parse::<i64>().ok(),
        _ => None,
    };
    // `subject OP n`, or `n OP subject` turned around.
    let (subject, op, n) = if let (Some(s), Some(n)) = (size_subject(left), number(right)) {
        (s, op, n)
    } else if let (Some(n), Some(s)) = (number(left), size_subject(right)) {
        let flipped = match op {
            "<=" => ">=",
            "<" => ">",
            ">=" => "<=",
            _ => "<",
        };
        (s, flipped, n)
    } else {
        return None;
    };
    Some(match op {
        "<=" => SizeBound {
            subject,
            upper: true,
            value: n,
        },
        "<" => SizeBound {
            subject,
            upper: true,
            value: n - 1,
        },
        ">=" => SizeBound {
            subject,
            upper: false,
            value: n,
        },
        _ => SizeBound {
            subject,
            upper: false,
            value: n + 1,
        },
    })
}

/// How a changed rule relates to the old one, with a sentence saying why.
pub fn compare_rules(old: &str, new: &str) -> (Cmp, String) {
    if let (Some(o), Some(n)) = (size_bound(old), size_bound(new)) {
        if o.subject == n.subject && o.upper == n.upper {
            let cmp = match (o.upper, n.value.cmp(&o.value)) {
                (_, std::cmp::Ordering::Equal) => Cmp::Same,
                (true, std::cmp::Ordering::Less) | (false, std::cmp::Ordering::Greater) => {
                    Cmp::Narrower
                }
                _ => Cmp::Wider,
            };
            let bound = if o.upper { "at most" } else { "at least" };
            return (
                cmp,
                format!(
                    "the size of {} must be {bound} {} (was {bound} {})",
                    o.subject, n.value, o.value
                ),
            );
        }
    }
    (
        Cmp::Incomparable,
        "the rule changed in a way kubeidl does not classify".to_string(),
    )
}

/// The rule text of an `x-kubernetes-validations` entry.
pub fn rule_text(entry: &Value) -> &str {
    entry.get("rule").and_then(Value::as_str).unwrap_or("")
}

/// How old and new entries pair up: `(old index, new index)` for matched rules, `None` on the
/// side where a rule has no partner.
pub fn match_rules(old: &[Value], new: &[Value]) -> Vec<(Option<usize>, Option<usize>)> {
    let mut pairs = Vec::new();
    let mut old_left: Vec<usize> = (0..old.len()).collect();
    let mut new_left: Vec<usize> = (0..new.len()).collect();
    let key = |v: &Value| tokens(rule_text(v));
    // Same text, up to whitespace.
    old_left.retain(
        |&o| match new_left.iter().position(|&n| key(&new[n]) == key(&old[o])) {
            Some(at) => {
                pairs.push((Some(o), Some(new_left.remove(at))));
                false
            }
            None => true,
        },
    );
    // Same message.
    let message = |v: &Value| v.get("message").and_then(Value::as_str).map(str::to_string);
    old_left.retain(|&o| {
        let Some(m) = message(&old[o]) else {
            return true;
        };
        match new_left
            .iter()
            .position(|&n| message(&new[n]).as_deref() == Some(m.as_str()))
        {
            Some(at) => {
                pairs.push((Some(o), Some(new_left.remove(at))));
                false
            }
            None => true,
        }
    });
    // By position, when as many are left on each side.
    if old_left.len() == new_left.len() {
        pairs.extend(
            old_left
                .drain(..)
                .zip(new_left.drain(..))
                .map(|(o, n)| (Some(o), Some(n))),
        );
    }
    pairs.extend(old_left.into_iter().map(|o| (Some(o), None)));
    pairs.extend(new_left.into_iter().map(|n| (None, Some(n))));
    pairs.sort_by_key(|(o, n)| (n.unwrap_or(usize::MAX), o.unwrap_or(usize::MAX)));
    pairs
}

/// The fields of an entry besides its rule, by name, that differ between two matched entries.
pub fn metadata_changes(old: &Value, new: &Value) -> Vec<&'static str> {
    [
        "message",
        "messageExpression",
        "reason",
        "fieldPath",
        "optionalOldSelf",
    ]
    .into_iter()
    .filter(|k| old.get(k) != new.get(k))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tokens_ignore_spacing_and_keep_strings_whole() {
        assert_eq!(
            tokens("self.a<=3&&x!='a b'"),
            tokens("self.a <= 3 && x != 'a b'")
        );
        assert_eq!(tokens(r#"r"\d" + '''x'''"#), [r#"r"\d""#, "+", "'''x'''"]);
        assert_eq!(tokens("1.5e3 >= 2u"), ["1.5e3", ">=", "2u"]);
    }

    #[test]
    fn old_self_is_the_identifier_only() {
        assert!(uses_old_self("self == oldSelf"));
        assert!(uses_old_self("!has(oldSelf.x) || has(self.x)"));
        assert!(!uses_old_self("self.oldSelf == 1"));
        assert!(!uses_old_self("self.x == 'oldSelf'"));
    }

    #[test]
    fn trivially_true_rules() {
        assert!(trivially_true("true"));
        assert!(trivially_true(" ( true ) "));
        assert!(!trivially_true("true || self.x"));
    }

    #[test]
    fn size_bounds_compare() {
        let c = |a, b| compare_rules(a, b).0;
        assert_eq!(c("self.size() <= 10", "self.size() <= 5"), Cmp::Narrower);
        assert_eq!(c("self.size() <= 5", "size(self) < 10"), Cmp::Wider);
        assert_eq!(c("size(self.x) < 6", "self.x.size() <= 5"), Cmp::Same);
        assert_eq!(c("10 >= self.size()", "self.size() <= 8"), Cmp::Narrower);
        assert_eq!(c("self.size() >= 1", "self.size() > 1"), Cmp::Narrower);
        assert_eq!(c("self.size() >= 2", "self.size() >= 1"), Cmp::Wider);
        // Another subject, or another shape: unknown.
        assert_eq!(
            c("self.a.size() <= 5", "self.b.size() <= 5"),
            Cmp::Incomparable
        );
        assert_eq!(
            c("self.size() <= 5 && self.x", "self.size() <= 4"),
            Cmp::Incomparable
        );
        assert_eq!(c("self.x == 1", "self.x == 2"), Cmp::Incomparable);
    }

    #[test]
    fn rules_match_by_text_then_message_then_position() {
        let old = [
            json!({"rule": "self.a > 0", "message": "a"}),
            json!({"rule": "self.b > 0", "message": "b"}),
            json!({"rule": "self.c > 0"}),
        ];
        let new = [
            json!({"rule": "self.b>0", "message": "B"}),
            json!({"rule": "self.a >= 1", "message": "a"}),
            json!({"rule": "self.d > 0"}),
            json!({"rule": "self.e > 0"}),
        ];
        assert_eq!(
            match_rules(&old, &new),
            [
                (Some(1), Some(0)),
                (Some(0), Some(1)),
                (None, Some(2)),
                (None, Some(3)),
                (Some(2), None),
            ]
        );
        assert_eq!(metadata_changes(&old[1], &new[0]), ["message"]);
    }

    #[test]
    fn parse_errors_are_reported() {
        assert!(parse_error("self.x >").is_some());
        assert!(parse_error("self.x > 1").is_none());
    }
}
