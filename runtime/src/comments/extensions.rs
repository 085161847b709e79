//! The `x-kubernetes-*` extensions openapi-gen writes from comment tags (`+listType`,
//! `+listMapKey`, `+patchStrategy`, `+patchMergeKey`, `+mapType`, `+structType`, `+validations`,
//! `+k8s:openapi-gen=x-kubernetes-k:v`), copied verbatim.

use super::tags as comment_tags;
use indexmap::IndexMap;
use serde_json::Value;

struct ExtensionTag {
    tag: &'static str,
    key: &'static str,
    always_array: bool,
}

/// openapi-gen's tag table, sorted by tag (the order extensions are emitted in).
const EXTENSION_TAGS: &[ExtensionTag] = &[
    ExtensionTag {
        tag: "listMapKey",
        key: "x-kubernetes-list-map-keys",
        always_array: true,
    },
    ExtensionTag {
        tag: "listType",
        key: "x-kubernetes-list-type",
        always_array: false,
    },
    ExtensionTag {
        tag: "mapType",
        key: "x-kubernetes-map-type",
        always_array: false,
    },
    ExtensionTag {
        tag: "patchMergeKey",
        key: "x-kubernetes-patch-merge-key",
        always_array: false,
    },
    ExtensionTag {
        tag: "patchStrategy",
        key: "x-kubernetes-patch-strategy",
        always_array: false,
    },
    ExtensionTag {
        tag: "structType",
        key: "x-kubernetes-map-type",
        always_array: false,
    },
    ExtensionTag {
        tag: "validations",
        key: "x-kubernetes-validations",
        always_array: false,
    },
];

/// The extensions the comment lines ask for. A single value is a string; several values, or any
/// `+listMapKey`, an array in comment order. Values are copied verbatim.
pub fn extensions(lines: &[String]) -> IndexMap<String, Value> {
    let mut out = IndexMap::new();
    for value in comment_tags::values(lines, "k8s:openapi-gen") {
        if value.starts_with("x-kubernetes-") {
            if let Some((key, v)) = value.split_once(':') {
                out.insert(key.to_string(), Value::String(v.to_string()));
            }
        }
    }
    for ext in EXTENSION_TAGS {
        let values = comment_tags::values(lines, ext.tag);
        if values.is_empty() {
            continue;
        }
        let value = if values.len() > 1 || ext.always_array {
            Value::Array(
                values
                    .iter()
                    .map(|v| Value::String(v.to_string()))
                    .collect(),
            )
        } else {
            Value::String(values[0].to_string())
        };
        out.insert(ext.key.to_string(), value);
    }
    out
}
