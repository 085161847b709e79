//! The metadata checks of a resource (apimachinery `ValidateObjectMetaAccessor` as the custom
//! resource strategy calls it): name or generateName, DNS-1123 subdomain names, label keys and
//! values, annotation keys and their total size, with apimachinery's messages.

use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// The largest total size of a resource's annotations.
pub const TOTAL_ANNOTATION_SIZE_LIMIT: i64 = 256 * 1024;

pub(crate) fn check(object: &Value, errors: &mut Vec<FieldError>) {
    let meta_path = FieldPath::root().child("metadata");
    let meta = object.get("metadata").cloned().unwrap_or(Value::Null);
    let text = |k: &str| {
        meta.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let invalid = |field: &str, value: &str, msg: String| {
        FieldError::invalid(
            meta_path.child(field),
            BadValue::String(value.to_string()),
            msg,
        )
    };
    let generate_name = text("generateName");
    if !generate_name.is_empty() {
        for msg in formats::validate("dns1123SubdomainPrefix", &generate_name).unwrap_or_default() {
            errors.push(invalid("generateName", &generate_name, msg));
        }
    }
    let name = text("name");
    if name.is_empty() {
        // The apiserver generates a name from generateName before validating; without either:
        if generate_name.is_empty() {
            errors.push(FieldError::required(
                meta_path.child("name"),
                "name or generateName is required",
            ));
        }
    } else {
        for msg in formats::validate("dns1123Subdomain", &name).unwrap_or_default() {
            errors.push(invalid("name", &name, msg));
        }
    }
    if let Some(Value::Object(labels)) = meta.get("labels") {
        for (key, value) in labels {
            for msg in formats::validate("qualifiedName", key).unwrap_or_default() {
                errors.push(FieldError::invalid(
                    meta_path.child("labels"),
                    BadValue::String(key.clone()),
                    msg,
                ));
            }
            let v = value.as_str().unwrap_or("");
            for msg in formats::validate("labelValue", v).unwrap_or_default() {
                errors.push(FieldError::invalid(
                    meta_path.child("labels"),
                    BadValue::String(v.to_string()),
                    msg,
                ));
            }
        }
    }
    if let Some(Value::Object(annotations)) = meta.get("annotations") {
        let mut total = 0i64;
        for (key, value) in annotations {
            total += key.len() as i64 + value.as_str().map_or(0, str::len) as i64;
            for msg in formats::validate("qualifiedName", &key.to_lowercase()).unwrap_or_default() {
                errors.push(FieldError::invalid(
                    meta_path.child("annotations"),
                    BadValue::String(key.clone()),
                    msg,
                ));
            }
        }
        if total > TOTAL_ANNOTATION_SIZE_LIMIT {
            errors.push(FieldError::too_long(
                meta_path.child("annotations"),
                TOTAL_ANNOTATION_SIZE_LIMIT,
            ));
        }
    }
}
