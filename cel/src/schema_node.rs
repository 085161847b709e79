//! What declaring a schema node reads of it (Kubernetes' `common.Schema` interface): the
//! [`SchemaNode`] trait, how `$ref`s are followed ([`Definitions`]), and the trait for a JSON
//! schema as written (`serde_json::Value`, such as a CRD's `openAPIV3Schema`). kubeidl
//! implements it for its own schema model; the engine needs nothing else of a schema.

use serde_json::Value;

/// One node of an OpenAPI v3 schema, as the CEL declarations read it.
pub trait SchemaNode {
    /// `type` when it is one name; `""` when it is absent or a list of names.
    fn type_name(&self) -> &str;
    fn format(&self) -> Option<&str>;
    fn nullable(&self) -> bool;
    /// The `enum` values, as written.
    fn enum_values(&self) -> &[Value];
    /// Whether the extension `name` (`x-kubernetes-int-or-string`, ...) is `true`.
    fn extension_flag(&self, name: &str) -> bool;
    /// Whether `oneOf` has alternatives.
    fn has_one_of(&self) -> bool;
    fn items(&self) -> Option<&Self>;
    /// `x-kubernetes-list-type`, when given.
    fn list_type(&self) -> Option<&str>;
    /// `x-kubernetes-list-map-keys`, in order.
    fn list_map_keys(&self) -> Vec<String>;
    /// `properties`, in the order they are kept.
    fn properties(&self) -> impl Iterator<Item = (&str, &Self)>;
    fn property(&self, name: &str) -> Option<&Self>;
    /// `additionalProperties` when it is a schema.
    fn additional_properties(&self) -> Option<&Self>;
    fn max_length(&self) -> Option<u64>;
    fn max_items(&self) -> Option<u64>;
    fn max_properties(&self) -> Option<u64>;
    fn required(&self) -> Vec<String>;
}

/// How `$ref`s are followed while declaring.
pub trait Definitions<S> {
    /// The node `node` stands for once its references are followed: `node` itself when it has
    /// none, or when they name nothing known.
    fn resolve<'a>(&'a self, node: &'a S) -> &'a S;
}

/// No definitions: every `$ref` stays unresolved, and a node that is only a reference is `dyn`.
pub struct NoDefinitions;

impl<S> Definitions<S> for NoDefinitions {
    fn resolve<'a>(&'a self, node: &'a S) -> &'a S {
        node
    }
}

/// A JSON schema as written. `$ref`s are not followed (declare it with [`NoDefinitions`]): a
/// CRD's schema has none.
impl SchemaNode for Value {
    fn type_name(&self) -> &str {
        self.get("type").and_then(Value::as_str).unwrap_or("")
    }

    fn format(&self) -> Option<&str> {
        self.get("format").and_then(Value::as_str)
    }

    fn nullable(&self) -> bool {
        self.get("nullable").and_then(Value::as_bool) == Some(true)
    }

    fn enum_values(&self) -> &[Value] {
        self.get("enum")
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }

    fn extension_flag(&self, name: &str) -> bool {
        self.get(name).and_then(Value::as_bool) == Some(true)
    }

    fn has_one_of(&self) -> bool {
        self.get("oneOf")
            .and_then(Value::as_array)
            .is_some_and(|alternatives| !alternatives.is_empty())
    }

    fn items(&self) -> Option<&Self> {
        self.get("items").filter(|items| items.is_object())
    }

    fn list_type(&self) -> Option<&str> {
        self.get("x-kubernetes-list-type").and_then(Value::as_str)
    }

    fn list_map_keys(&self) -> Vec<String> {
        strings(self.get("x-kubernetes-list-map-keys"))
    }

    fn properties(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(name, node)| (name.as_str(), node))
    }

    fn property(&self, name: &str) -> Option<&Self> {
        self.get("properties")?.get(name)
    }

    fn additional_properties(&self) -> Option<&Self> {
        self.get("additionalProperties")
            .filter(|schema| schema.is_object())
    }

    fn max_length(&self) -> Option<u64> {
        self.get("maxLength").and_then(Value::as_u64)
    }

    fn max_items(&self) -> Option<u64> {
        self.get("maxItems").and_then(Value::as_u64)
    }

    fn max_properties(&self) -> Option<u64> {
        self.get("maxProperties").and_then(Value::as_u64)
    }

    fn required(&self) -> Vec<String> {
        strings(self.get("required"))
    }
}

/// The strings of a JSON array (none when it is not one).
fn strings(list: Option<&Value>) -> Vec<String> {
    list.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}
