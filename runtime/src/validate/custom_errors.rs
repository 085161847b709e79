//! Custom messages and reasons for value validations (KEP-4153): a schema node's
//! `x-kubernetes-errors` maps a keyword the node holds (`maxLength`, `pattern`...) to the
//! message, and optionally the reason, that the keyword's failure reports in place of
//! kube-openapi's. The tag `+k8s:error` writes it; the schema walk and derived validators read
//! it here and apply it with [`apply`]. The KEP's other name for the extension,
//! `x-kubernetes-validation-errors`, is read too.
//!
//! ```yaml
//! type: string
//! maxLength: 63
//! x-kubernetes-errors:
//!   maxLength: {message: "must be a DNS label", reason: FieldValueInvalid}
//! ```

use crate::errors::{ErrorType, FieldError};
use crate::schema::Schema;
use serde_json::{json, Map, Value};

/// The extension's name, as kubeidl writes it.
pub const EXTENSION: &str = "x-kubernetes-errors";
/// The KEP's alternative name, accepted when reading.
pub const ALTERNATIVE_EXTENSION: &str = "x-kubernetes-validation-errors";

/// Whether a schema holds a keyword.
type Held = fn(&Schema) -> bool;

/// The keywords a custom error may be given for (the value validations with a message of
/// their own), each with whether a schema holds it.
const KEYWORDS: &[(&str, Held)] = &[
    ("minimum", |s| s.minimum.is_some()),
    ("maximum", |s| s.maximum.is_some()),
    ("multipleOf", |s| s.multiple_of.is_some()),
    ("minLength", |s| s.min_length.is_some()),
    ("maxLength", |s| s.max_length.is_some()),
    ("pattern", |s| s.pattern.is_some()),
    ("format", |s| s.format.is_some()),
    ("minItems", |s| s.min_items.is_some()),
    ("maxItems", |s| s.max_items.is_some()),
    ("uniqueItems", |s| s.unique_items),
    ("minProperties", |s| s.min_properties.is_some()),
    ("maxProperties", |s| s.max_properties.is_some()),
    ("enum", |s| !s.enum_values.is_empty()),
];

/// The keywords a custom error may be given for, in the order kube-openapi checks them.
pub fn keywords() -> impl Iterator<Item = &'static str> {
    KEYWORDS.iter().map(|(k, _)| *k)
}

/// What a keyword's failure reports instead of kube-openapi's detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomError {
    pub message: String,
    /// The error's type when the reason is given (`FieldValueInvalid` is `Invalid`); else the
    /// keyword's own.
    pub error_type: Option<ErrorType>,
}

impl CustomError {
    /// The entry as the extension writes it: `{message, reason}`.
    pub fn to_json(&self) -> Value {
        let mut entry = Map::new();
        entry.insert("message".into(), json!(self.message));
        if let Some(t) = self.error_type {
            entry.insert("reason".into(), json!(t.reason()));
        }
        Value::Object(entry)
    }
}

/// Whether `schema` holds `keyword`; `None` when `keyword` is not one a custom error may be
/// given for.
pub fn holds(schema: &Schema, keyword: &str) -> Option<bool> {
    KEYWORDS
        .iter()
        .find(|(k, _)| *k == keyword)
        .map(|(_, held)| held(schema))
}

/// The custom error `schema` gives `keyword`, if any. Entries without a string `message`, and
/// reasons that are not a rule's, are not custom errors.
pub fn of(schema: &Schema, keyword: &str) -> Option<CustomError> {
    let entry = [EXTENSION, ALTERNATIVE_EXTENSION]
        .into_iter()
        .find_map(|name| schema.extensions.get(name)?.get(keyword))?;
    let message = entry.get("message")?.as_str()?.to_string();
    let error_type = match entry.get("reason") {
        None => None,
        Some(reason) => Some(ErrorType::from_rule_reason(reason.as_str()?)?),
    };
    Some(CustomError {
        message,
        error_type,
    })
}

/// Every keyword `schema` gives a custom error, with it.
pub fn all(schema: &Schema) -> Vec<(&'static str, CustomError)> {
    let written = [EXTENSION, ALTERNATIVE_EXTENSION]
        .iter()
        .any(|name| schema.extensions.contains_key(*name));
    if !written {
        return Vec::new();
    }
    keywords()
        .filter_map(|k| of(schema, k).map(|c| (k, c)))
        .collect()
}

/// The texts of a built-in kind's bounds: there they come from validation-gen's `+k8s:minimum`
/// and `+k8s:maximum`, which the apiserver checks as Go code (`must be greater than or equal to
/// 0`), not as OpenAPI (`spec.x in body should be ...`). Only for the bounds `given` has no
/// message of; exclusive bounds keep kube-openapi's text (no tag writes them).
pub fn declarative_bounds(
    schema: &Schema,
    given: &[(&'static str, CustomError)],
) -> Vec<(&'static str, CustomError)> {
    let mut out = Vec::new();
    let bounds = [
        (
            "minimum",
            &schema.minimum,
            schema.exclusive_minimum,
            "greater",
        ),
        ("maximum", &schema.maximum, schema.exclusive_maximum, "less"),
    ];
    for (keyword, bound, exclusive, relation) in bounds {
        let Some(bound) = bound else { continue };
        if exclusive || given.iter().any(|(k, _)| *k == keyword) {
            continue;
        }
        out.push((
            keyword,
            CustomError {
                message: format!("must be {relation} than or equal to {bound}"),
                error_type: None,
            },
        ));
    }
    out
}

/// Writes `custom` for `keyword` into `schema`'s extension; `Err` when one is there already.
pub fn insert(schema: &mut Schema, keyword: &str, custom: &CustomError) -> Result<(), String> {
    let errors = schema
        .extensions
        .entry(EXTENSION.to_string())
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(errors) = errors else {
        return Err(format!("{EXTENSION} is not an object"));
    };
    if errors.contains_key(keyword) {
        return Err(format!("{keyword} has a custom error already"));
    }
    errors.insert(keyword.to_string(), custom.to_json());
    Ok(())
}

/// `error` with the custom message (and type, when given) in place of its own. The path and
/// the value shown stay, and so does what the keyword's failure means to CEL rules: a string
/// over its `maxLength` keeps rules from running whatever its error is called.
pub fn apply(error: FieldError, message: &str, error_type: Option<ErrorType>) -> FieldError {
    let replaced_type = error_type
        .filter(|t| *t != error.error_type)
        .map(|_| error.error_type);
    FieldError {
        error_type: error_type.unwrap_or(error.error_type),
        detail: message.to_string(),
        replaced_type,
        ..error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::{BadValue, FieldPath};

    #[test]
    fn reads_both_names_and_only_rule_reasons() {
        let schema = Schema::from_json(&json!({
            "type": "string", "maxLength": 3, "pattern": "^a",
            "x-kubernetes-errors": {"maxLength": {"message": "short, please", "reason": "FieldValueInvalid"}},
            "x-kubernetes-validation-errors": {"pattern": {"message": "starts with a"}}
        }))
        .unwrap();
        assert_eq!(
            all(&schema),
            vec![
                (
                    "maxLength",
                    CustomError {
                        message: "short, please".into(),
                        error_type: Some(ErrorType::Invalid)
                    }
                ),
                (
                    "pattern",
                    CustomError {
                        message: "starts with a".into(),
                        error_type: None
                    }
                ),
            ]
        );
        let odd = Schema::from_json(&json!({
            "x-kubernetes-errors": {"maxLength": {"message": "m", "reason": "FieldValueTooLong"}}
        }))
        .unwrap();
        assert_eq!(of(&odd, "maxLength"), None);
    }

    #[test]
    fn applies_message_and_type_keeping_path_and_value() {
        let at = FieldPath::root().child("spec").child("name");
        let e = FieldError::too_long(at.clone(), 3);
        assert_eq!(
            apply(e.clone(), "short, please", None).to_string(),
            "spec.name: Too long: short, please"
        );
        let e = FieldError::invalid(at, BadValue::String("abcd".into()), "x");
        assert_eq!(
            apply(e, "short, please", Some(ErrorType::Forbidden)).to_string(),
            "spec.name: Forbidden: short, please"
        );
    }

    #[test]
    fn insert_refuses_a_second_entry() {
        let mut s = Schema::default();
        let c = CustomError {
            message: "m".into(),
            error_type: None,
        };
        insert(&mut s, "maxLength", &c).unwrap();
        assert!(insert(&mut s, "maxLength", &c).is_err());
        assert_eq!(
            s.extensions[EXTENSION],
            json!({"maxLength": {"message": "m"}})
        );
    }
}
