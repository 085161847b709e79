//! A mutation's value made into a patch and applied to the object, as the apiserver's
//! patchers do: an `Object{...}` apply configuration checked for its type names and merged by
//! the kind's schema ([`apply`]); a `list(JSONPatch)` made into RFC 6902 operations, applied
//! ([`json_patch`]), and the result decoded strictly again when the kind is built in
//! ([`strict`]).

pub mod apply;
pub mod json_patch;
pub mod strict;

use super::request::GroupVersionKind;
use super::schemas::KindSchema;
use super::status::Status;
use kubeidl::cel::value::{List, StructValue};
use kubeidl::cel::Value as Cel;
use serde_json::Value;

/// What a patch did.
#[derive(Debug)]
pub(crate) enum Patched {
    /// The object it gave.
    Object(Value),
    /// A JSON Patch `test` failed: the mutation is dropped without an error.
    TestFailed,
}

/// Why a patch did not apply.
#[derive(Debug)]
pub(crate) enum PatchError {
    /// An error of the policy, decided by its failure policy.
    Policy(String),
    /// An error that ends the request whatever the failure policy.
    Fatal(Box<Status>),
}

/// The largest integer a JSON number holds exactly; beyond it cel-go writes a CEL int as a
/// string.
const MAX_EXACT_INT: i64 = (1 << 53) - 1;

fn type_mismatches(value: &StructValue<'_>) -> Result<(), PatchError> {
    let mismatches = value.type_name_mismatches();
    match mismatches.is_empty() {
        true => Ok(()),
        false => Err(PatchError::Policy(mismatches.join("\n"))),
    }
}

/// The apiserver's answer when it has no schema for the kind (HTTP 503).
fn no_schema(kind: &GroupVersionKind) -> PatchError {
    PatchError::Fatal(Box::new(Status::service_unavailable(&format!(
        "Resource kind {kind} not found. There can be a delay between when CustomResourceDefinitions are created and when they are available."
    ))))
}

/// Merges an apply configuration, as JSON, into `live` by the kind's schema, as an
/// ApplyConfiguration mutation merges its value; the error is the apiserver's text after
/// `error applying patch: `.
pub fn merge_apply_configuration(
    live: &Value,
    patch: &Value,
    schema: KindSchema<'_>,
) -> Result<Value, String> {
    let schemas = apply::Schemas {
        components: schema.components,
    };
    apply::apply_configuration(live, patch, schema.root, &schemas).map_err(|e| e.to_string())
}

/// Merges an apply configuration into `object`.
pub(crate) fn apply_configuration(
    object: &Value,
    result: &Cel<'_>,
    kind: &GroupVersionKind,
    schema: Option<KindSchema<'_>>,
) -> Result<Patched, PatchError> {
    let configuration = match result {
        Cel::Struct(s) if &*s.type_name == kubeidl::cel::library::mutation::OBJECT => s,
        other => {
            return Err(PatchError::Policy(format!(
                "must evaluate to Object but got {}",
                other.type_name().0
            )))
        }
    };
    type_mismatches(configuration)?;
    let schema = schema.ok_or_else(|| no_schema(kind))?;
    let mut patch = configuration.to_json();
    if let (Some(patch), Some(live)) = (patch.as_object_mut(), object.as_object()) {
        for key in ["apiVersion", "kind"] {
            if let Some(v) = live.get(key) {
                patch.insert(key.into(), v.clone());
            }
        }
    }
    merge_apply_configuration(object, &patch, schema)
        .map(Patched::Object)
        .map_err(|e| PatchError::Policy(format!("error applying patch: {e}")))
}

/// Applies a list of `JSONPatch` values to `object`.
pub(crate) fn json_patch(
    object: &Value,
    result: &Cel<'_>,
    schema: Option<KindSchema<'_>>,
) -> Result<Patched, PatchError> {
    let Cel::List(list) = result else {
        return Err(PatchError::Policy(format!(
            "must evaluate to list(JSONPatch) but got {}",
            result.type_name().0
        )));
    };
    let operations = operations(list)?;
    let patched = match json_patch::apply(object, &operations) {
        Ok(v) => v,
        Err(json_patch::PatchError::TestFailed) => return Ok(Patched::TestFailed),
        Err(json_patch::PatchError::Failed(e)) => {
            return Err(PatchError::Policy(format!("JSON Patch: {e}")))
        }
    };
    if let Some(schema) = schema.filter(|s| s.built_in) {
        let unknown = strict::unknown_fields(&patched, schema.root, schema.components);
        if !unknown.is_empty() {
            let fields: Vec<String> = unknown
                .iter()
                .map(|f| format!("unknown field {f:?}"))
                .collect();
            return Err(PatchError::Fatal(Box::new(Status::internal(&format!(
                "strict decoding error: {}",
                fields.join(", ")
            )))));
        }
    }
    Ok(Patched::Object(patched))
}

/// The operations a list of `JSONPatch` values stands for.
fn operations(list: &List<'_>) -> Result<Vec<json_patch::Operation>, PatchError> {
    let mut out = Vec::with_capacity(list.len());
    for item in list.iter() {
        let Cel::Struct(p) = &item else {
            return Err(PatchError::Policy(format!(
                "must evaluate to list(JSONPatch) but got an element of type {}",
                item.type_name().0
            )));
        };
        let text = |field: &str| match p.get(field) {
            Some(Cel::String(s)) => s.to_string(),
            _ => String::new(),
        };
        let value = match p.get("value") {
            None => None,
            Some(Cel::Struct(object)) => {
                type_mismatches(object)?;
                Some(object.to_json())
            }
            Some(Cel::Int(i)) if !(-MAX_EXACT_INT..=MAX_EXACT_INT).contains(i) => {
                Some(Value::String(i.to_string()))
            }
            Some(v) => Some(v.to_json()),
        };
        let from = text("from");
        out.push(json_patch::Operation {
            op: text("op"),
            path: text("path"),
            from: (!from.is_empty()).then_some(from),
            value,
        });
    }
    Ok(out)
}
