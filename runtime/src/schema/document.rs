//! An OpenAPI 3.0 document holding component schemas, as kubeidl writes it.

use super::{canonical, Schema};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// An OpenAPI 3.0 document whose content is `components.schemas`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    pub title: String,
    pub version: String,
    pub schemas: BTreeMap<String, Schema>,
}

impl Document {
    pub fn new(schemas: BTreeMap<String, Schema>) -> Document {
        Document {
            title: "Kubernetes".to_string(),
            version: "unversioned".to_string(),
            schemas,
        }
    }

    pub fn to_json(&self) -> Value {
        let schemas: Map<String, Value> = self
            .schemas
            .iter()
            .map(|(name, schema)| (name.clone(), schema.to_json()))
            .collect();
        json!({
            "openapi": "3.0.0",
            "info": {"title": self.title, "version": self.version},
            "paths": {},
            "components": {"schemas": schemas},
        })
    }

    /// The document in canonical JSON form.
    pub fn to_canonical_string(&self) -> String {
        canonical::to_canonical_string(&self.to_json())
    }
}
