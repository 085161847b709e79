//! One version's schema as a CRD holds it, from the kind's definition and those it refers to:
//! the definitions a CRD sees differently from OpenAPI rewritten (`prepare`), every `$ref`
//! inlined into a structural schema, the root's `metadata` reduced to `{type: object}` with its
//! rules moved to the root, and the apiserver's structural and CEL cost checks made.

use super::{cost, Problem};
use crate::cel::rebase::rebase_self;
use crate::errors::FieldPath;
use crate::schema::{crd_schema_errors, definition_name, inline, node_name, RuleSite, Schema};
use serde_json::Value;
use std::collections::BTreeMap;

/// The properties a CRD keeps of an `ObjectMeta` below the root (pod templates and the like);
/// the apiserver does not validate them there, and pruning keeps only what is declared.
const EMBEDDED_METADATA: &[&str] = &["name", "namespace", "labels", "annotations", "finalizers"];

/// Definitions a CRD must not prune: free-form objects.
const FREE_FORM: &[&str] = &[
    "io.k8s.apimachinery.pkg.runtime.RawExtension",
    "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
];

/// Rewrites the definitions a CRD sees differently from OpenAPI: the `ObjectMeta` the kinds
/// (`roots`) refer to keeps only the properties a CRD may declare below the root (none unless
/// `embedded_meta`), and free-form objects keep unknown fields.
pub fn prepare(definitions: &mut BTreeMap<String, Schema>, roots: &[String], embedded_meta: bool) {
    let mut object_metas = Vec::new();
    for root in roots {
        let Some(metadata) = definitions
            .get(root)
            .and_then(|r| r.properties.get("metadata"))
        else {
            continue;
        };
        let reference = metadata
            .reference
            .as_deref()
            .or_else(|| metadata.all_of.first().and_then(|s| s.reference.as_deref()));
        if let Some(name) = reference.and_then(definition_name) {
            object_metas.push(name.into_owned());
        }
    }
    for name in object_metas {
        reduce_object_meta(definitions, &name, embedded_meta);
    }
    keep_free_form(definitions);
}

/// A kind's `ObjectMeta` below the root, as a CRD may declare it: only [`EMBEDDED_METADATA`]
/// when `embedded_meta`, else nothing but `type: object`.
pub fn reduce_object_meta(
    definitions: &mut BTreeMap<String, Schema>,
    name: &str,
    embedded_meta: bool,
) {
    if let Some(meta) = definitions.get_mut(name) {
        meta.properties
            .retain(|key, _| embedded_meta && EMBEDDED_METADATA.contains(&key.as_str()));
        meta.required.clear();
        meta.extensions.clear();
    }
}

/// Free-form objects ([`FREE_FORM`]) keep unknown fields.
pub fn keep_free_form(definitions: &mut BTreeMap<String, Schema>) {
    for name in FREE_FORM {
        if let Some(schema) = definitions.get_mut(*name) {
            schema.extensions.insert(
                "x-kubernetes-preserve-unknown-fields".into(),
                Value::Bool(true),
            );
        }
    }
}

/// A version's structural schema, the rules it holds (each with the text its tag wrote, for
/// positions) and what the apiserver would refuse in it.
pub struct Structural {
    pub schema: Schema,
    pub sites: Vec<(RuleSite, String)>,
    pub problems: Vec<Problem>,
}

/// The structural schema of the definition `root` (a kind `kind` at version `version`), at
/// `base` in the CRD, with `metadata` as a CRD's root may have it and the apiserver's checks
/// made. Fails (with the inlining's error) only when the definition cannot be inlined: a
/// cycle, a missing definition.
pub fn version_schema(
    root: &str,
    definitions: &BTreeMap<String, Schema>,
    base: &FieldPath,
    (kind, version): (&str, &str),
) -> Result<Structural, String> {
    let inlined = inline(root, definitions).map_err(|e| format!("{kind}: {e}"))?;
    let mut schema = inlined.schema;
    let mut sites: Vec<(RuleSite, String)> = inlined
        .rules
        .into_iter()
        .map(|site| {
            let written = site.rule.clone();
            (site, written)
        })
        .collect();
    let mut problems = Vec::new();
    if let Err(e) = lift_metadata_rules(&mut schema, &mut sites) {
        problems.push(Problem::new(e));
    }
    for e in crd_schema_errors(&schema, base) {
        problems.push(Problem::new(format!("{kind} {version}: {e}")));
    }
    problems.extend(cost::check(&schema, base, true));
    Ok(Structural {
        schema,
        sites,
        problems,
    })
}

/// A CRD's root `metadata` may say nothing but `type: object`; rules written on it (`+nameFormat`
/// on the embedded ObjectMeta) move to the root, reading `self.metadata` for `self`.
fn lift_metadata_rules(
    schema: &mut Schema,
    sites: &mut [(RuleSite, String)],
) -> Result<(), String> {
    let Some(metadata) = schema.properties.get_mut("metadata") else {
        return Ok(());
    };
    let rules = metadata
        .extensions
        .shift_remove("x-kubernetes-validations")
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default();
    *metadata = Schema::typed("object", "");
    let node = node_name(&FieldPath::root().child("properties").key("metadata"));
    let root = node_name(&FieldPath::root());
    let mut lifted = Vec::new();
    for mut rule in rules {
        let Some(object) = rule.as_object_mut() else {
            continue;
        };
        for key in ["rule", "messageExpression"] {
            if let Some(Value::String(text)) = object.get(key) {
                let moved = rebase_self(text, "metadata")
                    .map_err(|e| format!("moving the metadata rule {text:?} to the root: {e}"))?;
                if key == "rule" {
                    if let Some((site, _)) = sites
                        .iter_mut()
                        .find(|(s, _)| s.node == node && s.rule == *text)
                    {
                        site.node = root.clone();
                        site.rule = moved.clone();
                    }
                }
                object.insert(key.into(), moved.into());
            }
        }
        let field_path = object
            .get("fieldPath")
            .and_then(Value::as_str)
            .unwrap_or_default();
        object.insert("fieldPath".into(), format!(".metadata{field_path}").into());
        lifted.push(rule);
    }
    if !lifted.is_empty() {
        let root_rules = schema
            .extensions
            .entry("x-kubernetes-validations".to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = root_rules {
            list.extend(lifted);
        }
    }
    Ok(())
}
