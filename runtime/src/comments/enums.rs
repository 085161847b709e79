//! openapi-gen's `--enums` output for a string enum: the values of the `enum` keyword, ordered
//! by their Go-quoted form, and the "Possible enum values" lines a property's description ends
//! with, one per value with the comment of its constant. The Go generator takes the values from
//! the constants of a `+enum` string type, the derive from the unit variants of a Rust enum.

use crate::strconv::quote as go_quote;
use serde_json::Value;

/// One value of an enum: the constant (or variant) that declares it, and its comment.
pub struct EnumValue {
    /// The constant's name, which its comment usually starts with (dropped from the line).
    pub name: String,
    pub value: String,
    /// The comment's lines joined by spaces.
    pub comment: String,
}

/// The values of one enum type.
#[derive(Default)]
pub struct EnumValues {
    values: Vec<EnumValue>,
}

impl EnumValues {
    /// Adds a value; a value already present keeps the longer comment (openapi-gen's
    /// `addIfNotPresent`).
    pub fn add(&mut self, value: EnumValue) {
        if let Some(existing) = self.values.iter_mut().find(|v| v.value == value.value) {
            if existing.comment.len() < value.comment.len()
                || (existing.comment.len() == value.comment.len()
                    && existing.comment > value.comment)
            {
                *existing = value;
            }
            return;
        }
        self.values.push(value);
    }

    /// The `enum` keyword's values, ordered by their Go-quoted form.
    pub fn json_values(&self) -> Vec<Value> {
        let mut quoted: Vec<(String, &str)> = self
            .values
            .iter()
            .map(|v| (go_quote(&v.value), v.value.as_str()))
            .collect();
        quoted.sort();
        quoted
            .into_iter()
            .map(|(_, v)| Value::String(v.to_string()))
            .collect()
    }

    /// The lines appended to a property's comment: a blank line, the header, one sorted line
    /// per value (its comment without the constant's name it starts with).
    pub fn description_lines(&self) -> Vec<String> {
        if self.values.is_empty() {
            return Vec::new();
        }
        let mut lines: Vec<String> = self
            .values
            .iter()
            .map(|v| {
                let comment = v.comment.trim();
                let comment = comment
                    .strip_prefix(v.name.as_str())
                    .unwrap_or(comment)
                    .trim();
                let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
                format!(" - `{}` {}", go_quote(&v.value), comment)
            })
            .collect();
        lines.sort();
        let mut out = vec![String::new(), "Possible enum values:".to_string()];
        out.extend(lines);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{EnumValue, EnumValues};

    fn value(name: &str, value: &str, comment: &str) -> EnumValue {
        EnumValue {
            name: name.into(),
            value: value.into(),
            comment: comment.into(),
        }
    }

    #[test]
    fn values_sort_by_their_quoted_form_and_lines_drop_the_constants_name() {
        let mut e = EnumValues::default();
        e.add(value("ProtocolUDP", "UDP", "ProtocolUDP is  UDP."));
        e.add(value("ProtocolTCP", "TCP", "ProtocolTCP is TCP."));
        e.add(value("Other", "TCP", "A longer comment wins."));
        assert_eq!(e.json_values(), vec!["TCP", "UDP"]);
        assert_eq!(
            e.description_lines(),
            vec![
                "",
                "Possible enum values:",
                " - `\"TCP\"` A longer comment wins.",
                " - `\"UDP\"` is UDP."
            ]
        );
        assert!(EnumValues::default().description_lines().is_empty());
    }
}
