//! ConfigMaps and Secrets (`ValidateConfigMap`, `ValidateSecret` in core validation): their keys
//! and the keys each Secret type requires.

use super::sorted_keys as keys;
use crate::cel::library::formats::is_config_map_key;
use crate::errors::{BadValue, FieldError, FieldPath};
use base64::Engine as _;
use serde_json::{Map, Value};

/// The most bytes the values of a ConfigMap, or a Secret's data, may hold together
/// (`MaxSecretSize`, which ConfigMaps share).
const MAX_SIZE: i64 = 1024 * 1024;

/// The bytes of the values of the map at `field`: strings as written, or decoded from base64.
fn value_bytes(object: &Value, field: &str, base64: bool) -> usize {
    let values = object.get(field).and_then(Value::as_object);
    values
        .into_iter()
        .flatten()
        .filter_map(|(_, v)| v.as_str())
        .map(|v| match base64 {
            true => base64::engine::general_purpose::STANDARD
                .decode(v)
                .map_or(v.len(), |d| d.len()),
            false => v.len(),
        })
        .sum()
}

/// Each key's `IsConfigMapKey` messages, at `path[key]`.
fn key_errors(path: &FieldPath, keys: &[String], errors: &mut Vec<FieldError>) {
    for key in keys {
        for msg in is_config_map_key(key.as_bytes()) {
            errors.push(FieldError::invalid(
                path.key(key),
                BadValue::string(key.as_str()),
                msg,
            ));
        }
    }
}

/// `ValidateConfigMap`: data and binaryData keys, and no key in both.
pub(super) fn config_map(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let data = FieldPath::root().child("data");
    let binary: Vec<String> = keys(object, "binaryData");
    for key in keys(object, "data") {
        key_errors(&data, std::slice::from_ref(&key), &mut errors);
        if binary.contains(&key) {
            errors.push(FieldError::invalid(
                data.key(&key),
                BadValue::string(key.as_str()),
                "duplicate of key present in binaryData",
            ));
        }
    }
    key_errors(&FieldPath::root().child("binaryData"), &binary, &mut errors);
    let size = value_bytes(object, "data", false) + value_bytes(object, "binaryData", true);
    if size as i64 > MAX_SIZE {
        // The apiserver reports it at `field.NewPath("")`, which prints as `[]`.
        errors.push(FieldError::too_long(FieldPath::root().key(""), MAX_SIZE));
    }
    errors
}

/// `ValidateSecret`: the keys of data (stringData merged into it, as the API's conversion
/// does), and the keys each type requires.
pub(super) fn secret(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let data = FieldPath::root().child("data");
    let mut merged = keys(object, "data");
    merged.extend(keys(object, "stringData"));
    merged.sort();
    merged.dedup();
    key_errors(&data, &merged, &mut errors);
    // stringData replaces the data values of its keys (the API's conversion merges them).
    let string_data = object.get("stringData").and_then(Value::as_object);
    let replaced: usize = string_data
        .into_iter()
        .flatten()
        .filter_map(|(k, _)| {
            object.pointer(&format!(
                "/data/{}",
                k.replace('~', "~0").replace('/', "~1")
            ))
        })
        .filter_map(Value::as_str)
        .map(|v| {
            base64::engine::general_purpose::STANDARD
                .decode(v)
                .map_or(v.len(), |d| d.len())
        })
        .sum();
    let size =
        value_bytes(object, "data", true) - replaced + value_bytes(object, "stringData", false);
    if size as i64 > MAX_SIZE {
        errors.push(FieldError::too_long(data.clone(), MAX_SIZE));
    }
    let has = |key: &str| merged.iter().any(|k| k == key);
    let required = |key: &str| FieldError::required(data.key(key), "");
    let empty = Map::new();
    let value_of = |key: &str| {
        let string = object
            .get("stringData")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let base64 = object
            .get("data")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        string
            .get(key)
            .or_else(|| base64.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    match object.get("type").and_then(Value::as_str).unwrap_or("") {
        "kubernetes.io/service-account-token" => {
            let name = object
                .pointer("/metadata/annotations/kubernetes.io~1service-account.name")
                .and_then(Value::as_str)
                .unwrap_or("");
            if name.is_empty() {
                let path = FieldPath::root()
                    .child("metadata")
                    .child("annotations")
                    .key("kubernetes.io/service-account.name");
                errors.push(FieldError::required(path, ""));
            }
        }
        "kubernetes.io/dockercfg" if !has(".dockercfg") => errors.push(required(".dockercfg")),
        "kubernetes.io/dockerconfigjson" if !has(".dockerconfigjson") => {
            errors.push(required(".dockerconfigjson"))
        }
        "kubernetes.io/basic-auth" if !has("username") && !has("password") => {
            errors.push(required("username"));
            errors.push(required("password"));
        }
        "kubernetes.io/ssh-auth" if value_of("ssh-privatekey").is_empty() => {
            errors.push(required("ssh-privatekey"))
        }
        "kubernetes.io/tls" => {
            for key in ["tls.crt", "tls.key"] {
                if !has(key) {
                    errors.push(required(key));
                }
            }
        }
        _ => {}
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(errors: Vec<FieldError>) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn config_map_keys_are_config_keys() {
        let cm = json!({"data": {"ok.json": "{}", "bad key!": "x", "..": "y", "dup": "z"},
                        "binaryData": {"dup": "eA=="}});
        assert_eq!(
            texts(config_map(&cm)),
            [
                "data[..]: Invalid value: \"..\": must not be '..'",
                "data[bad key!]: Invalid value: \"bad key!\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
                "data[dup]: Invalid value: \"dup\": duplicate of key present in binaryData",
            ]
        );
        assert!(config_map(&json!({"data": {"a": "b"}})).is_empty());
    }

    #[test]
    fn values_hold_at_most_a_mebibyte() {
        let big = "x".repeat(600 * 1024);
        let cm = json!({"data": {"a": big, "b": big}});
        assert_eq!(
            texts(config_map(&cm)),
            ["[]: Too long: may not be more than 1048576 bytes"]
        );
        assert!(config_map(&json!({"data": {"a": big}})).is_empty());
        let encoded = base64::engine::general_purpose::STANDARD.encode(big.as_bytes());
        let secret_of = |v: Value| secret(&v);
        assert_eq!(
            texts(secret_of(json!({"data": {"a": encoded, "b": encoded}}))),
            ["data: Too long: may not be more than 1048576 bytes"]
        );
        // stringData replaces the data value of its key.
        assert!(secret_of(
            json!({"data": {"a": encoded, "b": encoded}, "stringData": {"b": "small"}})
        )
        .is_empty());
    }

    #[test]
    fn secrets_have_the_keys_their_type_needs() {
        let tls = json!({"type": "kubernetes.io/tls", "stringData": {"tls.crt": "c"}});
        assert_eq!(texts(secret(&tls)), ["data[tls.key]: Required value"]);
        let basic = json!({"type": "kubernetes.io/basic-auth", "data": {}});
        assert_eq!(
            texts(secret(&basic)),
            [
                "data[username]: Required value",
                "data[password]: Required value"
            ]
        );
        let ok = json!({"type": "kubernetes.io/basic-auth", "stringData": {"password": ""}});
        assert!(secret(&ok).is_empty());
        let ssh = json!({"type": "kubernetes.io/ssh-auth", "data": {"ssh-privatekey": ""}});
        assert_eq!(
            texts(secret(&ssh)),
            ["data[ssh-privatekey]: Required value"]
        );
        let sa = json!({"type": "kubernetes.io/service-account-token", "metadata": {}});
        assert_eq!(
            texts(secret(&sa)),
            ["metadata.annotations[kubernetes.io/service-account.name]: Required value"]
        );
        let opaque = json!({"type": "Opaque", "stringData": {"bad key!": "x"}});
        assert_eq!(secret(&opaque).len(), 1);
    }
}
