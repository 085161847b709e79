//! What fails before validation starts, when the apiserver decodes a resource's `metadata` into
//! Go's `metav1.ObjectMeta`: a value of the wrong JSON type is a decoding error (the request is
//! refused as a whole, with encoding/json's text), not a field error.

use serde_json::Value;

/// The Go type of each ObjectMeta field whose JSON type decoding checks.
const FIELDS: &[(&str, GoType)] = &[
    ("name", GoType::String),
    ("generateName", GoType::String),
    ("namespace", GoType::String),
    ("selfLink", GoType::String),
    ("uid", GoType::String),
    ("resourceVersion", GoType::String),
    ("generation", GoType::Int64),
    ("deletionGracePeriodSeconds", GoType::Int64),
    ("labels", GoType::StringMap),
    ("annotations", GoType::StringMap),
    ("finalizers", GoType::StringSlice),
    ("ownerReferences", GoType::ObjectSlice("OwnerReference")),
    ("managedFields", GoType::ObjectSlice("ManagedFieldsEntry")),
];

#[derive(Clone, Copy)]
enum GoType {
    String,
    Int64,
    StringMap,
    StringSlice,
    ObjectSlice(&'static str),
}

impl GoType {
    fn name(self) -> String {
        match self {
            GoType::String => "string".into(),
            GoType::Int64 => "int64".into(),
            GoType::StringMap => "map[string]string".into(),
            GoType::StringSlice => "[]string".into(),
            GoType::ObjectSlice(t) => format!("[]v1.{t}"),
        }
    }
}

/// The ObjectMeta fields of no JSON type decoding checks (times, decoded by their own rules).
const TIME_FIELDS: &[&str] = &["creationTimestamp", "deletionTimestamp"];

/// The fields of `metadata` ObjectMeta does not have (`namesapce`), in the order written: what
/// strict decoding refuses (`strict decoding error: unknown field "metadata.namesapce"`).
pub fn unknown_object_meta_fields(object: &Value) -> Vec<String> {
    let Some(meta) = object.get("metadata").and_then(Value::as_object) else {
        return Vec::new();
    };
    meta.keys()
        .filter(|k| !FIELDS.iter().any(|(f, _)| f == k) && !TIME_FIELDS.contains(&k.as_str()))
        .map(|k| format!("metadata.{k}"))
        .collect()
}

/// encoding/json's name for the JSON type of a value.
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The error decoding `metadata` into ObjectMeta gives, if any, as encoding/json words it
/// (`json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string`).
/// `null` decodes to the zero value anywhere.
pub fn object_meta_decode_error(object: &Value) -> Option<String> {
    let meta = match object.get("metadata")? {
        Value::Null => return None,
        Value::Object(m) => m,
        other => {
            return Some(format!(
                "json: cannot unmarshal {} into Go value of type v1.ObjectMeta",
                json_kind(other)
            ))
        }
    };
    let wrong = |field: &str, v: &Value, t: String| {
        Some(format!(
            "json: cannot unmarshal {} into Go struct field ObjectMeta.{field} of type {t}",
            json_kind(v)
        ))
    };
    for (field, go) in FIELDS {
        let Some(v) = meta.get(*field).filter(|v| !v.is_null()) else {
            continue;
        };
        match (go, v) {
            (GoType::String, Value::String(_)) => {}
            (GoType::Int64, Value::Number(n)) if n.is_i64() => {}
            (GoType::StringMap, Value::Object(m)) => {
                if let Some(bad) = m.values().find(|v| !v.is_string() && !v.is_null()) {
                    return wrong(field, bad, "string".into());
                }
            }
            (GoType::StringSlice, Value::Array(items)) => {
                if let Some(bad) = items.iter().find(|v| !v.is_string() && !v.is_null()) {
                    return wrong(field, bad, "string".into());
                }
            }
            (GoType::ObjectSlice(t), Value::Array(items)) => {
                if let Some(bad) = items.iter().find(|v| !v.is_object() && !v.is_null()) {
                    return wrong(field, bad, format!("v1.{t}"));
                }
            }
            _ => return wrong(field, v, go.name()),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn metadata_of_the_wrong_go_type_is_a_decoding_error() {
        let e = |m: Value| object_meta_decode_error(&json!({"metadata": m}));
        assert_eq!(
            e(json!({"finalizers": {"a": "b"}})).unwrap(),
            "json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string"
        );
        assert_eq!(
            e(json!({"name": 5})).unwrap(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"
        );
        assert_eq!(
            e(json!({"labels": {"a": 1}})).unwrap(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string"
        );
        assert_eq!(
            e(json!({"name": "x", "labels": {"a": "b"}, "creationTimestamp": null})),
            None
        );
        assert_eq!(e(json!(null)), None);
    }
}

#[cfg(test)]
mod unknown_field_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_metadata_fields_are_named() {
        let o = json!({"metadata": {"name": "a", "namesapce": "b", "creationTimestamp": null, "labels": {}}});
        assert_eq!(unknown_object_meta_fields(&o), vec!["metadata.namesapce"]);
        assert!(unknown_object_meta_fields(&json!({})).is_empty());
    }
}
