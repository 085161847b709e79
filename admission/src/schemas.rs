//! The schemas mutations are applied by, as the apiserver's type converter has them from
//! discovery: the OpenAPI schema of each kind the cluster serves, with the components its
//! `$ref`s name. Built-in kinds come from an embedded release; a CRD's versions from their
//! `openAPIV3Schema`, with `metadata` typed as ObjectMeta as the apiserver publishes it.

use super::request::GroupVersionKind;
use kubeidl::kube::Release;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The schema of one kind's objects.
#[derive(Debug, Clone, Copy)]
pub struct KindSchema<'s> {
    pub root: &'s Value,
    /// `components.schemas`, where the root's `$ref`s point.
    pub components: &'s Map<String, Value>,
    /// A built-in kind, which the apiserver decodes strictly into its Go type after a JSON
    /// patch (a custom resource stays unstructured).
    pub built_in: bool,
}

/// What gives the schema of a kind.
pub trait KindSchemas: std::fmt::Debug + Send + Sync {
    /// The schema of `kind`'s objects; `None` when the cluster does not serve it.
    fn schema(&self, kind: &GroupVersionKind) -> Option<KindSchema<'_>>;
}

/// The component naming ObjectMeta in the embedded releases.
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// The kinds of an embedded release and of CRDs.
#[derive(Debug, Default)]
pub struct ClusterSchemas {
    components: Map<String, Value>,
    /// Built-in kinds: the component of each.
    built_in: BTreeMap<GroupVersionKind, String>,
    /// Custom kinds: the root schema of each served version.
    custom: BTreeMap<GroupVersionKind, Value>,
}

impl ClusterSchemas {
    /// The built-in kinds of `release`.
    pub fn new(release: &Release) -> ClusterSchemas {
        let components = release
            .document
            .pointer("/components/schemas")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let mut built_in = BTreeMap::new();
        for (name, schema) in &components {
            let kinds = schema
                .get("x-kubernetes-group-version-kind")
                .and_then(Value::as_array);
            for gvk in kinds.into_iter().flatten() {
                let text = |k: &str| gvk.get(k).and_then(Value::as_str).unwrap_or_default();
                built_in
                    .entry(GroupVersionKind::new(
                        text("group"),
                        text("version"),
                        text("kind"),
                    ))
                    .or_insert_with(|| name.clone());
            }
        }
        ClusterSchemas {
            components,
            built_in,
            custom: BTreeMap::new(),
        }
    }

    /// Adds the served versions of a CustomResourceDefinition.
    pub fn add_crd(&mut self, crd: &Value) {
        let group = crd
            .pointer("/spec/group")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let kind = crd
            .pointer("/spec/names/kind")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let versions = crd.pointer("/spec/versions").and_then(Value::as_array);
        for version in versions.into_iter().flatten() {
            if version.get("served").and_then(Value::as_bool) == Some(false) {
                continue;
            }
            let name = version
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let mut root = version
                .pointer("/schema/openAPIV3Schema")
                .cloned()
                .unwrap_or_else(
                    || json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}),
                );
            if let Some(properties) = root.get_mut("properties").and_then(Value::as_object_mut) {
                properties.insert(
                    "metadata".into(),
                    json!({"allOf": [{"$ref": format!("#/components/schemas/{OBJECT_META}")}]}),
                );
            }
            self.custom
                .insert(GroupVersionKind::new(group, name, kind), root);
        }
    }
}

impl KindSchemas for ClusterSchemas {
    fn schema(&self, kind: &GroupVersionKind) -> Option<KindSchema<'_>> {
        if let Some(root) = self.custom.get(kind) {
            return Some(KindSchema {
                root,
                components: &self.components,
                built_in: false,
            });
        }
        let name = self.built_in.get(kind)?;
        Some(KindSchema {
            root: self.components.get(name)?,
            components: &self.components,
            built_in: true,
        })
    }
}
