//! The patch types of a MutatingAdmissionPolicy's mutation expressions (k8s.io/apiserver
//! `pkg/cel/mutation`): the message types `Object` and `Object.<field path>`, whose values are
//! apply configurations, `JSONPatch`, one operation of a JSON Patch, and the function
//! `jsonpatch.escapeKey`. The apiserver declares them only for mutations (not for their
//! variables or matchConditions); kubeidl enables them as the opt-in library `mutation`.
//!
//! `Object` types have no schema: any field name is accepted and typed `dyn`, and a value's type
//! names are checked against its field path only when a policy runs
//! ([`StructValue::type_name_mismatches`]). `JSONPatch` has four fields: `op`, `path` and `from`
//! (strings) and `value` (`dyn`).

use crate::error::{EvalError, EvalResult};
use crate::types::CelType;
use crate::value::{List, Map, Value};
use std::sync::Arc;

/// The name the library is enabled by.
pub const LIBRARY_NAME: &str = "mutation";
/// The root apply-configuration type.
pub const OBJECT: &str = "Object";
/// One JSON Patch operation.
pub const JSON_PATCH: &str = "JSONPatch";
/// The namespace of the library's function.
pub(crate) const NAMESPACE: &str = "jsonpatch";
/// The escaping function of patch paths.
const ESCAPE_KEY: &str = "jsonpatch.escapeKey";

/// Whether `name` is a message type of the library.
pub(crate) fn is_type(name: &str) -> bool {
    is_object(name) || name == JSON_PATCH
}

fn is_object(name: &str) -> bool {
    name == OBJECT
        || name
            .strip_prefix(OBJECT)
            .is_some_and(|r| r.starts_with('.'))
}

/// The type of a field of a library type; `None` when the type has no such field.
pub(crate) fn field_type(type_name: &str, field: &str) -> Option<CelType> {
    if is_object(type_name) {
        return Some(CelType::Dyn);
    }
    match field {
        "op" | "path" | "from" => Some(CelType::String),
        "value" => Some(CelType::Dyn),
        _ => None,
    }
}

pub(crate) fn declares(name: &str) -> bool {
    name == ESCAPE_KEY
}

pub(crate) fn resolve(name: &str, member: bool, argc: usize) -> Option<super::LibFunc> {
    (name == ESCAPE_KEY && !member && argc == 1).then_some(super::LibFunc::EscapeKey)
}

pub(crate) fn signature(name: &str, member: bool, args: &[CelType]) -> Option<CelType> {
    (name == ESCAPE_KEY && !member && args.len() == 1 && args[0].fits(&CelType::String))
        .then_some(CelType::String)
}

/// `jsonpatch.escapeKey`: a map key as one JSON Pointer token (`~` is `~0`, `/` is `~1`).
pub fn escape_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// A value of a library type, as the expression built it: its type name and the fields it was
/// given, in the order written.
#[derive(Debug, Clone)]
pub struct StructValue<'a> {
    pub type_name: Arc<str>,
    pub fields: Vec<(Arc<str>, Value<'a>)>,
}

impl<'a> StructValue<'a> {
    pub fn get(&self, field: &str) -> Option<&Value<'a>> {
        self.fields
            .iter()
            .find(|(name, _)| &**name == field)
            .map(|(_, v)| v)
    }

    pub fn is_json_patch(&self) -> bool {
        &*self.type_name == JSON_PATCH
    }

    /// `v.f`, or `has(v.f)` when `test`. A `JSONPatch` always has its string fields (empty when
    /// not given) and `has` is true of the non-empty ones.
    pub(crate) fn select(&self, field: &str, test: bool) -> EvalResult<Value<'a>> {
        let value = self.get(field);
        if self.is_json_patch() {
            if field_type(JSON_PATCH, field).is_none() {
                return Err(EvalError::no_such_field(field));
            }
            let text = |v: Option<&Value<'a>>| match v {
                Some(Value::String(s)) => s.to_string(),
                _ => String::new(),
            };
            return Ok(match (field, test) {
                ("value", true) => Value::Bool(value.is_some()),
                ("value", false) => value.cloned().unwrap_or(Value::Null),
                (_, true) => Value::Bool(!text(value).is_empty()),
                (_, false) => Value::string(text(value)),
            });
        }
        match value {
            Some(_) if test => Ok(Value::Bool(true)),
            Some(v) => Ok(v.clone()),
            None if test => Ok(Value::Bool(false)),
            None => Err(EvalError::no_such_field(field)),
        }
    }

    /// Equal when of one type with equal fields, in any order.
    pub fn equals(&self, other: &StructValue<'_>) -> bool {
        self.type_name == other.type_name
            && self.fields.len() == other.fields.len()
            && self
                .fields
                .iter()
                .all(|(name, v)| other.get(name).is_some_and(|w| v.equals(w)))
    }

    /// The value as JSON: an object of its fields (nested values converted likewise).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.fields
                .iter()
                .map(|(name, v)| (name.to_string(), v.to_json()))
                .collect(),
        )
    }

    /// Where a nested `Object` value's type name is not its field path from this value's type
    /// (a value under field `f` of a value of type `N` must be of type `N.f`; the items of a
    /// list and the values of a map take the field's name), in the apiserver's words.
    pub fn type_name_mismatches(&self) -> Vec<String> {
        let mut errors = Vec::new();
        self.check_names(&mut errors);
        errors
    }

    fn check_names(&self, errors: &mut Vec<String>) {
        for (field, value) in &self.fields {
            let expected = format!("{}.{field}", self.type_name);
            check_value_name(value, &expected, errors);
        }
    }
}

fn check_value_name(value: &Value<'_>, expected: &str, errors: &mut Vec<String>) {
    match value {
        Value::Struct(s) => {
            if *s.type_name != *expected {
                errors.push(format!(
                    "type mismatch: unexpected type name {:?}, expected {expected:?}, which matches field name path from root Object type",
                    &*s.type_name
                ));
            }
            s.check_names(errors);
        }
        Value::List(List::Values(items)) => {
            for item in items.iter() {
                check_value_name(item, expected, errors);
            }
        }
        Value::Map(Map::Entries(entries)) => {
            for item in entries.values() {
                check_value_name(item, expected, errors);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_key_escapes_tilde_then_slash_in_one_pass() {
        assert_eq!(escape_key("k8s.io/x~y"), "k8s.io~1x~0y");
        assert_eq!(escape_key("~1"), "~01");
    }

    #[test]
    fn object_types_take_any_field_and_json_patch_four() {
        assert!(is_type("Object") && is_type("Object.spec.x") && is_type("JSONPatch"));
        assert!(!is_type("Objects") && !is_type("Object."[..6].trim_end_matches('t')));
        assert_eq!(field_type("Object.spec", "anything"), Some(CelType::Dyn));
        assert_eq!(field_type(JSON_PATCH, "op"), Some(CelType::String));
        assert_eq!(field_type(JSON_PATCH, "foo"), None);
    }
}
