//! [`ObjectMeta`]: the `metadata` of the root types the derive writes for custom resources
//! (`#[kubeidl(kind = "Widget", ...)]`). It holds the members a controller or a manifest
//! usually sets as typed fields and keeps every other member (`ownerReferences`,
//! `managedFields`...) as JSON, so an object read and written again loses nothing.
//!
//! Its definition, under Go's name, declares the typed members with kubeidl's own descriptions
//! (`testdata/standin/apimachinery` has the Go struct that gives the same one);
//! a CRD's root `metadata` is `{type: object}` whatever it says (the apiserver validates
//! metadata itself), and an `ObjectMeta` below the root keeps `name`, `namespace`, `labels`,
//! `annotations` and `finalizers`, as for Go kinds. It has no value checks of its own.

use super::Time;
use crate::cel::decl::Decl;
use crate::cel::native::{object, NativeObject, ToCel};
use crate::cel::Value;
use crate::schema::{ref_target, Schema, SchemaType};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The metadata every persisted object has.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    /// The other members, as JSON.
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}

impl ObjectMeta {
    /// Metadata naming an object.
    pub fn named(name: impl Into<String>) -> ObjectMeta {
        ObjectMeta {
            name: Some(name.into()),
            ..ObjectMeta::default()
        }
    }
}

/// The definition name of `ObjectMeta`, as openapi-gen names Go's.
pub const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// The definition openapi-gen gives Go's `ObjectMeta` with these members (as in kubeidl's
/// stand-in for k8s.io/apimachinery): each member optional, the ones Go holds by value
/// zero-stripped (`omitempty`), list items and map values defaulting to `""`.
fn definition() -> Schema {
    use crate::typed::Definition;
    let strip_zero = |mut s: Schema| {
        s.extensions.insert(
            "x-kubernetes-strip-zero".into(),
            serde_json::Value::Bool(true),
        );
        s
    };
    let described = |t: &str, format: &str, d: &str| Schema {
        description: Some(d.to_string()),
        ..Schema::typed(t, format)
    };
    let string = |d: &str| strip_zero(described("string", "", d));
    let strings = |d: &str, map: bool| {
        let mut s = described(if map { "object" } else { "array" }, "", d);
        let item = Box::new(Schema {
            default: Some(serde_json::Value::String(String::new())),
            ..Schema::typed("string", "")
        });
        if map {
            s.additional_properties = Some(item);
        } else {
            s.items = Some(item);
        }
        strip_zero(s)
    };
    let time = |d: &str| Schema {
        description: Some(d.to_string()),
        reference: Some(ref_target(&Time::definition_name())),
        ..Schema::default()
    };
    let properties = [
        (
            "name",
            string("The object's name, unique within its namespace."),
        ),
        (
            "generateName",
            string("A prefix the server completes into a unique name."),
        ),
        ("namespace", string("The namespace the object is in.")),
        (
            "uid",
            string("The server's unique identifier of the object."),
        ),
        (
            "resourceVersion",
            string("The version of the object the server holds."),
        ),
        (
            "generation",
            strip_zero(described(
                "integer",
                "int64",
                "A sequence number for the desired state.",
            )),
        ),
        (
            "creationTimestamp",
            time("When the server created the object."),
        ),
        (
            "deletionTimestamp",
            time("When the server will delete the object."),
        ),
        (
            "labels",
            strings("Keys and values that organize and select objects.", true),
        ),
        (
            "annotations",
            strings("Keys and values that tools keep with the object.", true),
        ),
        (
            "finalizers",
            strings("What must be done before the object is deleted.", false),
        ),
    ];
    let mut schema = Schema {
        description: Some("The metadata every persisted object has.".into()),
        schema_type: Some(SchemaType::Single("object".into())),
        properties: properties
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        ..Schema::default()
    };
    crate::schema::wrap_refs(&mut schema);
    schema
}

impl crate::typed::Definition for ObjectMeta {
    fn definition_name() -> String {
        OBJECT_META.to_string()
    }

    fn add_definitions_in(definitions: &mut BTreeMap<String, Schema>, form: crate::typed::Form) {
        if definitions.contains_key(OBJECT_META) {
            return;
        }
        definitions.insert(OBJECT_META.to_string(), definition());
        <Time as crate::typed::Definition>::add_definitions_in(definitions, form);
    }
}

impl crate::typed::Validate for ObjectMeta {
    fn validate_at(&self, _: &crate::validate::Path<'_>, _: &mut Vec<crate::errors::FieldError>) {}

    /// Its definition has no rules.
    fn rules_pass_natively(&self) -> Option<u64> {
        Some(0)
    }

    fn rules() -> &'static crate::validate::TypeRules {
        static RULES: std::sync::OnceLock<crate::validate::TypeRules> = std::sync::OnceLock::new();
        RULES.get_or_init(crate::typed::__private::compile_rules::<ObjectMeta>)
    }

    fn json_validator() -> &'static crate::validate::Validator {
        static VALIDATOR: std::sync::OnceLock<crate::validate::Validator> =
            std::sync::OnceLock::new();
        VALIDATOR.get_or_init(crate::typed::__private::json_validator::<ObjectMeta>)
    }
}

impl ToCel for ObjectMeta {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        object(self, decl)
    }
}

impl NativeObject for ObjectMeta {
    fn member<'a>(&'a self, json_name: &str, decl: &'a Decl) -> Option<Value<'a>> {
        fn non_empty<T>(v: &T, empty: bool) -> Option<&T> {
            (!empty).then_some(v)
        }
        match json_name {
            "name" => self.name.as_ref().map(|v| v.to_cel(decl)),
            "generateName" => self.generate_name.as_ref().map(|v| v.to_cel(decl)),
            "namespace" => self.namespace.as_ref().map(|v| v.to_cel(decl)),
            "uid" => self.uid.as_ref().map(|v| v.to_cel(decl)),
            "resourceVersion" => self.resource_version.as_ref().map(|v| v.to_cel(decl)),
            "generation" => self.generation.as_ref().map(|v| v.to_cel(decl)),
            "creationTimestamp" => self.creation_timestamp.as_ref().map(|v| v.to_cel(decl)),
            "deletionTimestamp" => self.deletion_timestamp.as_ref().map(|v| v.to_cel(decl)),
            "labels" => non_empty(&self.labels, self.labels.is_empty()).map(|v| v.to_cel(decl)),
            "annotations" => {
                non_empty(&self.annotations, self.annotations.is_empty()).map(|v| v.to_cel(decl))
            }
            "finalizers" => {
                non_empty(&self.finalizers, self.finalizers.is_empty()).map(|v| v.to_cel(decl))
            }
            other => self
                .other
                .get(other)
                .map(|v| Value::from_json_decl(v, decl)),
        }
    }
}
