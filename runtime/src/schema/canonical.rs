//! The canonical JSON form of Kubernetes' published OpenAPI: every object's keys sorted by code point
//! at every level, arrays in their given order, two-space indentation, `": "` between key and value,
//! UTF-8 written as is (no `\uXXXX` for non-ASCII, no HTML escaping) and a trailing newline.
//!
//! This equals `jq -S .` output, and Python's `json.dumps(v, indent=2, sort_keys=True,
//! ensure_ascii=False) + "\n"`. Keys are sorted here rather than relying on the map type of
//! `serde_json::Value`, so the output stays canonical whatever serde_json features are enabled.

use serde_json::Value;
use std::io::{self, Write};

/// Renders `value` in canonical form, including the trailing newline.
pub fn to_canonical_string(value: &Value) -> String {
    let mut out = Vec::with_capacity(4096);
    write_canonical(&mut out, value).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("canonical JSON is UTF-8")
}

/// Writes `value` in canonical form, including the trailing newline.
pub fn write_canonical<W: Write>(out: &mut W, value: &Value) -> io::Result<()> {
    write_value(out, value, 0)?;
    out.write_all(b"\n")
}

fn write_value<W: Write>(out: &mut W, value: &Value, depth: usize) -> io::Result<()> {
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) => {
            serde_json::to_writer(&mut *out, value).map_err(io::Error::from)
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            if items.is_empty() {
                return out.write_all(b"[]");
            }
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                newline(out, depth + 1)?;
                write_value(out, item, depth + 1)?;
            }
            newline(out, depth)?;
            out.write_all(b"]")
        }
        Value::Object(map) => {
            if map.is_empty() {
                return out.write_all(b"{}");
            }
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.write_all(b"{")?;
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                newline(out, depth + 1)?;
                write_string(out, key)?;
                out.write_all(b": ")?;
                write_value(out, item, depth + 1)?;
            }
            newline(out, depth)?;
            out.write_all(b"}")
        }
    }
}

fn newline<W: Write>(out: &mut W, depth: usize) -> io::Result<()> {
    out.write_all(b"\n")?;
    for _ in 0..depth {
        out.write_all(b"  ")?;
    }
    Ok(())
}

/// serde_json escapes exactly what JSON requires (quote, backslash, control characters, the latter
/// as `\b \f \n \r \t` or lowercase `\u00XX`) and nothing else, which is the canonical form.
fn write_string<W: Write>(out: &mut W, s: &str) -> io::Result<()> {
    serde_json::to_writer(out, s).map_err(io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sorts_keys_at_every_level_and_keeps_array_order() {
        let v = json!({"b": [3, 1, {"z": 1, "a": "≤<"}], "a": {}, "c": []});
        assert_eq!(
            to_canonical_string(&v),
            "{\n  \"a\": {},\n  \"b\": [\n    3,\n    1,\n    {\n      \"a\": \"≤<\",\n      \"z\": 1\n    }\n  ],\n  \"c\": []\n}\n"
        );
    }

    #[test]
    fn escapes_only_what_json_requires() {
        let v = json!("tab\there \"q\" \\ \u{1b} ’");
        assert_eq!(
            to_canonical_string(&v),
            "\"tab\\there \\\"q\\\" \\\\ \\u001b ’\"\n"
        );
    }

    #[test]
    fn sorts_by_code_point_not_locale() {
        let v = json!({"a": 1, "B": 2, "_": 3, "é": 4});
        let s = to_canonical_string(&v);
        let order: Vec<usize> = ["\"B\"", "\"_\"", "\"a\"", "\"é\""]
            .iter()
            .map(|k| s.find(k).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{s}");
    }
}
