//! MutatingAdmissionPolicies and their bindings as the apiserver holds them. A policy shares
//! everything but its output with a ValidatingAdmissionPolicy (paramKind, matchConstraints,
//! variables, matchConditions, failurePolicy), so it is read into a [`Policy`] for those, plus
//! its mutations, each compiled once with the patch types (`Object`, `JSONPatch`) declared,
//! and its reinvocation policy. A binding is a [`crate::Binding`] without validation actions
//! ([`crate::Binding::mutating_from_json`]).

use super::env::Purpose;
use super::policy::{Expression, Policy};
use kubeidl::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// How a mutation's expression says what to change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchType {
    /// An `Object{...}` merged as server-side apply merges.
    ApplyConfiguration,
    /// A `list(JSONPatch)` applied as RFC 6902 operations.
    JsonPatch,
}

impl PatchType {
    pub fn as_str(self) -> &'static str {
        match self {
            PatchType::ApplyConfiguration => "ApplyConfiguration",
            PatchType::JsonPatch => "JSONPatch",
        }
    }

    /// The member of a mutation holding this type's expression.
    pub(crate) fn member(self) -> &'static str {
        match self {
            PatchType::ApplyConfiguration => "applyConfiguration",
            PatchType::JsonPatch => "jsonPatch",
        }
    }

    pub(crate) fn purpose(self) -> Purpose {
        match self {
            PatchType::ApplyConfiguration => Purpose::ApplyConfiguration,
            PatchType::JsonPatch => Purpose::JsonPatch,
        }
    }
}

/// One of `spec.mutations`.
#[derive(Debug)]
pub struct Mutation {
    pub patch_type: PatchType,
    pub expression: Expression,
}

/// Whether a policy runs again when a later mutation changes the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reinvocation {
    Never,
    IfNeeded,
}

/// A compiled MutatingAdmissionPolicy.
#[derive(Debug)]
pub struct MutatingPolicy {
    /// What it shares with a ValidatingAdmissionPolicy (its validations are empty).
    pub policy: Policy,
    pub mutations: Vec<Mutation>,
    pub reinvocation: Reinvocation,
}

impl MutatingPolicy {
    /// Reads and compiles a MutatingAdmissionPolicy (the whole object).
    pub fn from_json(object: &Value) -> Result<MutatingPolicy, FieldError> {
        let policy = Policy::from_json(object)?;
        let spec_path = FieldPath::root().child("spec");
        let spec = object.get("spec").unwrap_or(&Value::Null);
        let reinvocation_path = spec_path.child("reinvocationPolicy");
        let reinvocation = match spec.get("reinvocationPolicy").and_then(Value::as_str) {
            Some("IfNeeded") => Reinvocation::IfNeeded,
            Some("Never") => Reinvocation::Never,
            None | Some("") => return Err(FieldError::required(reinvocation_path, "")),
            Some(other) => {
                return Err(FieldError::not_supported(
                    reinvocation_path,
                    BadValue::string(other),
                    &["IfNeeded".to_string(), "Never".to_string()],
                ))
            }
        };
        let at = spec_path.child("mutations");
        let mut mutations = Vec::new();
        let listed = spec.get("mutations").and_then(Value::as_array);
        for (i, m) in listed.into_iter().flatten().enumerate() {
            let at = at.index(i);
            let patch_type = match m.get("patchType").and_then(Value::as_str) {
                Some("ApplyConfiguration") => PatchType::ApplyConfiguration,
                Some("JSONPatch") => PatchType::JsonPatch,
                other => {
                    return Err(FieldError::not_supported(
                        at.child("patchType"),
                        BadValue::string(other.unwrap_or_default()),
                        &["ApplyConfiguration".to_string(), "JSONPatch".to_string()],
                    ))
                }
            };
            let source = m
                .get(patch_type.member())
                .and_then(|e| e.get("expression"))
                .and_then(Value::as_str)
                .ok_or_else(|| {
                    FieldError::required(at.child(patch_type.member()).child("expression"), "")
                })?
                .trim()
                .to_string();
            mutations.push(Mutation {
                patch_type,
                expression: Expression {
                    program: policy.env.compile(&source, patch_type.purpose()),
                    source,
                },
            });
        }
        Ok(MutatingPolicy {
            policy,
            mutations,
            reinvocation,
        })
    }

    pub fn name(&self) -> &str {
        &self.policy.name
    }
}
