//! Validation of objects against structural schemas, as the apiextensions apiserver validates a
//! custom resource: unknown fields pruned (and reported), nulls and defaults handled, OpenAPI
//! value checks, `x-kubernetes-list-type` uniqueness, then CEL rules (skipped, with the
//! apiserver's note, when the object already has blocking errors), with ratcheting on update.
//!
//! ```
//! use kubeidl::schema::Schema;
//! use kubeidl::validate::Validator;
//! let schema = Schema::from_json(&serde_json::json!({
//!     "type": "object",
//!     "properties": {"replicas": {"type": "integer", "minimum": 0}},
//!     "x-kubernetes-validations": [{"rule": "self.replicas < 10", "message": "too many"}]
//! })).unwrap();
//! let validator = Validator::new(&schema).unwrap();
//! let report = validator.validate(&serde_json::json!({"replicas": -1}));
//! assert_eq!(report.errors[0].to_string(), "replicas: Invalid value: -1: replicas in body should be greater than or equal to 0");
//! ```

mod catalog;
mod formats;
mod listtype;
mod objectmeta;
mod openapi;
mod prune;
mod rules;
mod walk;

pub use catalog::{Catalog, Gvk};
pub use formats::check as check_format;
pub use rules::RuleCompileError;

use crate::cel::CostBudget;
use crate::errors::{BadValue, ErrorType, FieldError, FieldPath};
use crate::schema::Schema;
use openapi::Refs;
use rules::{RuleOutcome, RuleTree};
use serde_json::Value;
use std::collections::HashMap;

/// The note the apiserver adds when CEL rules were skipped because of earlier errors.
pub const RULES_NOT_CHECKED: &str =
    "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

/// A compiled schema, ready to validate values.
#[derive(Debug)]
pub struct Validator {
    /// The root is a resource: its metadata is checked as the apiserver checks it.
    resource: bool,
    /// The CEL cost budget of one object.
    cost_budget: u64,
    schema: Schema,
    definitions: std::sync::Arc<HashMap<String, Schema>>,
    rules: RuleTree,
}

/// What validating one object found.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub errors: Vec<FieldError>,
    /// Errors that ratcheting turned into warnings (update only).
    pub warnings: Vec<FieldError>,
}

impl Report {
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

impl Validator {
    /// A validator for a self-contained schema (a CRD version's `openAPIV3Schema`).
    pub fn new(schema: &Schema) -> Result<Validator, Vec<RuleCompileError>> {
        Validator::with_definitions(schema, std::sync::Arc::new(HashMap::new()))
    }

    /// A validator for a schema whose `$ref`s point into `definitions` (an OpenAPI document's
    /// component schemas, by name).
    pub fn with_definitions(
        schema: &Schema,
        definitions: std::sync::Arc<HashMap<String, Schema>>,
    ) -> Result<Validator, Vec<RuleCompileError>> {
        let mut errors = Vec::new();
        let rules = {
            let refs = Refs { defs: &definitions };
            rules::compile_tree(&refs, schema, "", true, 0, &mut errors)
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Validator {
            resource: false,
            cost_budget: crate::cel::RUNTIME_CEL_COST_BUDGET,
            schema: schema.clone(),
            definitions,
            rules,
        })
    }

    /// Treats the root as a resource: `metadata` is checked as the apiserver checks it (name or
    /// generateName, DNS-1123 names, labels, annotations).
    pub fn resource(mut self, on: bool) -> Validator {
        self.resource = on;
        self
    }

    /// Sets the CEL cost budget of one object (the apiserver's is
    /// [`RUNTIME_CEL_COST_BUDGET`](crate::cel::RUNTIME_CEL_COST_BUDGET), the default).
    pub fn cost_budget(mut self, budget: u64) -> Validator {
        self.cost_budget = budget;
        self
    }

    /// Validates a new object (a create).
    pub fn validate(&self, value: &Value) -> Report {
        self.run(value, None)
    }

    /// Validates an update of `old` to `new`: transition rules see `oldSelf`, and errors on values
    /// that did not change become warnings.
    pub fn validate_update(&self, new: &Value, old: &Value) -> Report {
        self.run(new, Some(old))
    }

    fn run(&self, value: &Value, old: Option<&Value>) -> Report {
        let refs = Refs {
            defs: &self.definitions,
        };
        let mut report = Report::default();
        let mut value = value.clone();
        let root = FieldPath::root();
        prune::prune(&refs, &self.schema, &mut value, &root, &mut report.errors);
        let mut errors = Vec::new();
        if self.resource {
            objectmeta::check(&value, &mut errors);
        }
        openapi::check(&refs, &self.schema, &value, &root, &mut errors);
        objectmeta::check_embedded(&refs, &self.schema, &value, &root, &mut errors);
        listtype::check(&refs, &self.schema, &value, &root, &mut errors);
        let blocking = errors.iter().any(|e| {
            matches!(
                e.error_type,
                ErrorType::NotSupported
                    | ErrorType::Required
                    | ErrorType::TooLong
                    | ErrorType::TooMany
                    | ErrorType::TypeInvalid
            )
        }) || report
            .errors
            .iter()
            .any(|e| e.error_type == ErrorType::TypeInvalid);
        let old_pruned = old.map(|o| {
            let mut o = o.clone();
            prune::prune(&refs, &self.schema, &mut o, &root, &mut Vec::new());
            o
        });
        if let Some(old) = &old_pruned {
            // Ratcheting of value checks: an error on a value equal to its old value is a warning.
            let (kept, ratcheted): (Vec<FieldError>, Vec<FieldError>) = errors
                .into_iter()
                .partition(|e| !unchanged(&value, old, &e.path));
            errors = kept;
            report.warnings.extend(ratcheted);
        }
        report.errors.extend(errors);
        if !self.rules.is_empty() {
            if blocking {
                report.errors.push(FieldError::invalid(
                    FieldPath::root(),
                    BadValue::Json(Value::Null),
                    RULES_NOT_CHECKED,
                ));
            } else {
                let mut outcome = RuleOutcome::default();
                let mut budget = CostBudget::new(self.cost_budget);
                rules::run(
                    &self.rules,
                    &value,
                    old_pruned.as_ref(),
                    &root,
                    &mut budget,
                    &mut outcome,
                );
                report.errors.extend(outcome.errors);
                report.warnings.extend(outcome.warnings);
            }
        }
        report
    }
}

/// Whether the node at `path` is the same in both values.
fn unchanged(new: &Value, old: &Value, path: &FieldPath) -> bool {
    let pointer = path.pointer();
    match (new.pointer(&pointer), old.pointer(&pointer)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
