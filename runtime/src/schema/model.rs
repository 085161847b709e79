//! The schema model: one OpenAPI v3 schema node with the keywords Kubernetes uses, and the
//! `x-kubernetes-*` extensions kept as JSON values under their own names.

use indexmap::IndexMap;
use serde_json::{Map, Number, Value};

/// `type` of a schema: one name (written as a string) or several (written as an array).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaType {
    Single(String),
    Many(Vec<String>),
}

impl SchemaType {
    /// The OpenAPI spelling of a type list: a one-element list is written as a plain string,
    /// an empty list as no type at all.
    pub fn from_list(mut names: Vec<String>) -> Option<SchemaType> {
        match names.len() {
            0 => None,
            1 => Some(SchemaType::Single(names.remove(0))),
            _ => Some(SchemaType::Many(names)),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            SchemaType::Single(name) => Value::String(name.clone()),
            SchemaType::Many(names) => {
                Value::Array(names.iter().cloned().map(Value::String).collect())
            }
        }
    }
}

/// One OpenAPI v3 schema node.
///
/// Properties keep insertion order in memory; the canonical writer sorts them on output.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schema {
    /// `$ref`, already in `#/components/schemas/<name>` form.
    pub reference: Option<String>,
    pub description: Option<String>,
    pub schema_type: Option<SchemaType>,
    pub format: Option<String>,
    pub default: Option<Value>,
    pub enum_values: Vec<Value>,
    pub nullable: bool,
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub exclusive_minimum: bool,
    pub exclusive_maximum: bool,
    pub multiple_of: Option<Number>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub pattern: Option<String>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique_items: bool,
    pub min_properties: Option<u64>,
    pub max_properties: Option<u64>,
    pub items: Option<Box<Schema>>,
    pub properties: IndexMap<String, Schema>,
    pub additional_properties: Option<Box<Schema>>,
    /// `additionalProperties: true|false` (the boolean form).
    pub additional_properties_allowed: Option<bool>,
    /// Required property names, in declaration order.
    pub required: Vec<String>,
    pub all_of: Vec<Schema>,
    pub one_of: Vec<Schema>,
    pub any_of: Vec<Schema>,
    pub not: Option<Box<Schema>>,
    /// `x-kubernetes-*` (and other `x-`) extensions by name, and any keyword the model does not
    /// type (`title`, `example`...), kept as written.
    pub extensions: IndexMap<String, Value>,
}

impl Schema {
    /// A schema that is only a `$ref` to `#/components/schemas/<name>`.
    pub fn reference_to(definition: &str) -> Schema {
        Schema {
            reference: Some(super::refs::ref_target(definition)),
            ..Schema::default()
        }
    }

    /// A schema with a `type` and an optional `format` (empty means none).
    pub fn typed(schema_type: &str, format: &str) -> Schema {
        Schema {
            schema_type: Some(SchemaType::Single(schema_type.to_string())),
            format: (!format.is_empty()).then(|| format.to_string()),
            ..Schema::default()
        }
    }

    /// Whether the schema's `type` is, or lists, `name`.
    pub fn has_type(&self, name: &str) -> bool {
        match &self.schema_type {
            Some(SchemaType::Single(t)) => t == name,
            Some(SchemaType::Many(ts)) => ts.iter().any(|t| t == name),
            None => false,
        }
    }

    /// Whether the extension `name` (`x-kubernetes-embedded-resource`, ...) is `true`.
    pub fn extension_flag(&self, name: &str) -> bool {
        self.extensions.get(name).and_then(Value::as_bool) == Some(true)
    }

    /// `x-kubernetes-list-type` (`atomic`, `set` or `map`), when given.
    pub fn list_type(&self) -> Option<&str> {
        self.extensions
            .get("x-kubernetes-list-type")
            .and_then(Value::as_str)
    }

    /// `x-kubernetes-list-map-keys`, in order (empty when not given).
    pub fn list_map_keys(&self) -> Vec<String> {
        self.extensions
            .get("x-kubernetes-list-map-keys")
            .and_then(Value::as_array)
            .map(|keys| {
                keys.iter()
                    .filter_map(|k| k.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The JSON form of this schema. Keys come out in insertion order of the underlying map;
    /// use the canonical writer for sorted output.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(r) = &self.reference {
            m.insert("$ref".into(), Value::String(r.clone()));
        }
        if let Some(d) = &self.description {
            m.insert("description".into(), Value::String(d.clone()));
        }
        if let Some(t) = &self.schema_type {
            m.insert("type".into(), t.to_json());
        }
        if let Some(f) = &self.format {
            m.insert("format".into(), Value::String(f.clone()));
        }
        if let Some(d) = &self.default {
            m.insert("default".into(), d.clone());
        }
        if !self.enum_values.is_empty() {
            m.insert("enum".into(), Value::Array(self.enum_values.clone()));
        }
        if self.nullable {
            m.insert("nullable".into(), Value::Bool(true));
        }
        let numbers = [
            ("minimum", &self.minimum),
            ("maximum", &self.maximum),
            ("multipleOf", &self.multiple_of),
        ];
        for (key, value) in numbers {
            if let Some(n) = value {
                m.insert(key.into(), Value::Number(n.clone()));
            }
        }
        let flags = [
            ("exclusiveMinimum", self.exclusive_minimum),
            ("exclusiveMaximum", self.exclusive_maximum),
            ("uniqueItems", self.unique_items),
        ];
        for (key, set) in flags {
            if set {
                m.insert(key.into(), Value::Bool(true));
            }
        }
        let counts = [
            ("minLength", self.min_length),
            ("maxLength", self.max_length),
            ("minItems", self.min_items),
            ("maxItems", self.max_items),
            ("minProperties", self.min_properties),
            ("maxProperties", self.max_properties),
        ];
        for (key, value) in counts {
            if let Some(n) = value {
                m.insert(key.into(), Value::from(n));
            }
        }
        if let Some(p) = &self.pattern {
            m.insert("pattern".into(), Value::String(p.clone()));
        }
        if let Some(items) = &self.items {
            m.insert("items".into(), items.to_json());
        }
        if !self.properties.is_empty() {
            let props = self
                .properties
                .iter()
                .map(|(name, schema)| (name.clone(), schema.to_json()))
                .collect();
            m.insert("properties".into(), Value::Object(props));
        }
        if let Some(ap) = &self.additional_properties {
            m.insert("additionalProperties".into(), ap.to_json());
        } else if let Some(allowed) = self.additional_properties_allowed {
            m.insert("additionalProperties".into(), Value::Bool(allowed));
        }
        if !self.required.is_empty() {
            let names = self.required.iter().cloned().map(Value::String).collect();
            m.insert("required".into(), Value::Array(names));
        }
        let lists = [
            ("allOf", &self.all_of),
            ("oneOf", &self.one_of),
            ("anyOf", &self.any_of),
        ];
        for (key, schemas) in lists {
            if !schemas.is_empty() {
                m.insert(
                    key.into(),
                    Value::Array(schemas.iter().map(Schema::to_json).collect()),
                );
            }
        }
        if let Some(not) = &self.not {
            m.insert("not".into(), not.to_json());
        }
        for (key, value) in &self.extensions {
            m.insert(key.clone(), value.clone());
        }
        Value::Object(m)
    }

    /// Calls `f` on every schema directly nested in this one (items, properties, additional
    /// properties, allOf, oneOf, anyOf, not), in a fixed order.
    pub fn for_each_child(&self, mut f: impl FnMut(&Schema)) {
        if let Some(items) = &self.items {
            f(items);
        }
        for schema in self.properties.values() {
            f(schema);
        }
        if let Some(ap) = &self.additional_properties {
            f(ap);
        }
        for schema in self.all_of.iter().chain(&self.one_of).chain(&self.any_of) {
            f(schema);
        }
        if let Some(not) = &self.not {
            f(not);
        }
    }

    /// Like [`Schema::for_each_child`], mutably.
    pub fn for_each_child_mut(&mut self, mut f: impl FnMut(&mut Schema)) {
        if let Some(items) = &mut self.items {
            f(items);
        }
        for schema in self.properties.values_mut() {
            f(schema);
        }
        if let Some(ap) = &mut self.additional_properties {
            f(ap);
        }
        for schema in self
            .all_of
            .iter_mut()
            .chain(&mut self.one_of)
            .chain(&mut self.any_of)
        {
            f(schema);
        }
        if let Some(not) = &mut self.not {
            f(not);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn single_type_is_a_string_and_lists_stay_arrays() {
        let mut s = Schema::typed("string", "");
        assert_eq!(s.to_json(), json!({"type": "string"}));
        s.schema_type = SchemaType::from_list(vec!["string".into(), "number".into()]);
        assert_eq!(s.to_json(), json!({"type": ["string", "number"]}));
        assert_eq!(SchemaType::from_list(vec![]), None);
    }

    #[test]
    fn empty_collections_are_omitted_and_defaults_kept() {
        let s = Schema {
            default: Some(json!("")),
            ..Schema::typed("string", "byte")
        };
        assert_eq!(
            s.to_json(),
            json!({"type": "string", "format": "byte", "default": ""})
        );
    }
}
