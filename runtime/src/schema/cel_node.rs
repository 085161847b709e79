//! The schema model as the CEL engine reads it: [`SchemaNode`] for [`Schema`], and `$ref`s
//! followed through maps of definitions (as the apiserver's `allOf` wrapping too).

use super::{definition_name, resolve, Schema, SchemaType};
use crate::cel::schema_node::{Definitions, SchemaNode};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

impl SchemaNode for Schema {
    fn type_name(&self) -> &str {
        match &self.schema_type {
            Some(SchemaType::Single(t)) => t,
            _ => "",
        }
    }

    fn format(&self) -> Option<&str> {
        self.format.as_deref()
    }

    fn nullable(&self) -> bool {
        self.nullable
    }

    fn enum_values(&self) -> &[Value] {
        &self.enum_values
    }

    fn extension_flag(&self, name: &str) -> bool {
        Schema::extension_flag(self, name)
    }

    fn has_one_of(&self) -> bool {
        !self.one_of.is_empty()
    }

    fn items(&self) -> Option<&Self> {
        self.items.as_deref()
    }

    fn list_type(&self) -> Option<&str> {
        Schema::list_type(self)
    }

    fn list_map_keys(&self) -> Vec<String> {
        Schema::list_map_keys(self)
    }

    fn properties(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.properties
            .iter()
            .map(|(name, node)| (name.as_str(), node))
    }

    fn property(&self, name: &str) -> Option<&Self> {
        self.properties.get(name)
    }

    fn additional_properties(&self) -> Option<&Self> {
        self.additional_properties.as_deref()
    }

    fn max_length(&self) -> Option<u64> {
        self.max_length
    }

    fn max_items(&self) -> Option<u64> {
        self.max_items
    }

    fn max_properties(&self) -> Option<u64> {
        self.max_properties
    }

    fn required(&self) -> Vec<String> {
        self.required.clone()
    }
}

impl Definitions<Schema> for BTreeMap<String, Schema> {
    fn resolve<'a>(&'a self, node: &'a Schema) -> &'a Schema {
        resolve(node, |reference| {
            self.get(definition_name(reference)?.as_ref())
        })
    }
}

impl Definitions<Schema> for HashMap<String, Schema> {
    fn resolve<'a>(&'a self, node: &'a Schema) -> &'a Schema {
        resolve(node, |reference| {
            self.get(definition_name(reference)?.as_ref())
        })
    }
}
