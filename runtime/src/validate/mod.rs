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
mod check;
mod correlate;
mod crd;
pub mod custom_errors;
mod decode;
mod formats;
mod listtype;
mod mail;
mod materialize;
pub mod messages;
pub(crate) mod objectmeta;
mod openapi;
mod path;
mod plan;
mod quick;
mod rules;
mod sink;
mod typed;

pub use catalog::{Catalog, Gvk, GVK_EXTENSION};
pub use crd::{crd_error_pointer, crd_manifest_errors};
pub use decode::{object_meta_decode_error, unknown_object_meta_fields};
pub use formats::check as check_format;
pub use objectmeta::NameRule;
pub use path::{Keys, Path};
pub use rules::RuleCompileError;
pub use typed::TypeRules;

pub(crate) use listtype::repeats;

use crate::errors::{BadValue, ErrorType, FieldError, FieldPath};
use crate::schema::Schema;
use crate::value::ValueView;
use plan::{Plan, Refs};
use rules::{CostLimit, RuleTree};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashMap;

/// A built-in kind's hand-written validation of a whole object, with the apiserver's errors.
pub type NativeCheck = fn(&Value) -> Vec<FieldError>;

/// The note the apiserver adds when CEL rules were skipped because of earlier errors.
pub const RULES_NOT_CHECKED: &str =
    "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

/// What unknown fields do to a request, as the apiserver's `fieldValidation` parameter says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FieldValidation {
    /// The request fails with its unknown fields and nothing else (kubectl's default).
    #[default]
    Strict,
    /// Unknown fields are dropped with a warning each, and the rest is validated.
    Warn,
    /// Unknown fields are dropped silently.
    Ignore,
}

/// A compiled schema, ready to validate values.
#[derive(Debug)]
pub struct Validator {
    /// What unknown fields do.
    field_validation: FieldValidation,
    /// The root is a resource whose name is checked by this rule: its metadata is checked as the
    /// apiserver checks it.
    resource: Option<NameRule>,
    /// The kind's hand-written validation ([`crate::kube::native_check`]), if kubeidl models it.
    native: Option<(NativeCheck, &'static str)>,
    /// The CEL cost budget of one object.
    cost_budget: u64,
    plan: Plan,
    rules: RuleTree,
    /// Whether `rules` holds any rule.
    has_rules: bool,
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
        Validator::compile(schema, definitions, false, CostLimit::Static)
    }

    /// A validator for a schema generated from Go types whose rules the apiserver runs as Go
    /// code (declarative validation), so that no rule is refused for its estimated cost: what
    /// `kubeidl diff` checks objects of Go packages with.
    pub fn for_go_types(
        schema: &Schema,
        definitions: std::sync::Arc<HashMap<String, Schema>>,
    ) -> Result<Validator, Vec<RuleCompileError>> {
        Validator::compile(schema, definitions, false, CostLimit::None)
    }

    /// A validator for a built-in kind, whose objects the apiserver decodes into Go types: what
    /// those accept passes where the published schema says otherwise (an empty `format: byte`
    /// string, such as a Secret's `data.key: ''`).
    pub fn for_built_in_kind(
        schema: &Schema,
        definitions: std::sync::Arc<HashMap<String, Schema>>,
    ) -> Result<Validator, Vec<RuleCompileError>> {
        Validator::compile(schema, definitions, true, CostLimit::Static)
    }

    fn compile(
        schema: &Schema,
        definitions: std::sync::Arc<HashMap<String, Schema>>,
        native: bool,
        cost: CostLimit,
    ) -> Result<Validator, Vec<RuleCompileError>> {
        let mut errors = Vec::new();
        let refs = Refs { defs: &definitions };
        let reach = rules::RuleReach::of(&definitions);
        let rules = rules::compile_tree(
            &rules::Compiling {
                refs: &refs,
                reach: &reach,
                cost,
            },
            schema,
            "",
            &FieldPath::root(),
            true,
            0,
            &mut errors,
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Validator {
            field_validation: FieldValidation::Strict,
            resource: None,
            native: None,
            cost_budget: crate::cel::RUNTIME_CEL_COST_BUDGET,
            plan: Plan::compile(&refs, schema, native),
            has_rules: !rules.is_empty(),
            rules,
        })
    }

    /// Treats the root as a resource: `metadata` is checked as the apiserver checks it (name or
    /// generateName, DNS-1123 subdomain names as for custom resources, labels, annotations).
    pub fn resource(mut self, on: bool) -> Validator {
        self.resource = on.then_some(NameRule::Dns1123Subdomain);
        self
    }

    /// Treats the root as a resource of a kind whose names follow `rule` (a built-in kind's, from
    /// [`crate::kube::name_rule`]).
    pub fn resource_named(mut self, rule: NameRule) -> Validator {
        self.resource = Some(rule);
        self
    }

    /// Runs `check`, a built-in kind's hand-written validation, on objects that decode, as
    /// Kubernetes `release` runs it (the fields its feature gates drop are not read).
    pub fn native_check(mut self, check: NativeCheck, release: &'static str) -> Validator {
        self.native = Some((check, release));
        self
    }

    /// What unknown fields do (strict by default: they alone are reported).
    pub fn field_validation(mut self, mode: FieldValidation) -> Validator {
        self.field_validation = mode;
        self
    }

    /// Sets the CEL cost budget of one object (the apiserver's is
    /// [`RUNTIME_CEL_COST_BUDGET`](crate::cel::RUNTIME_CEL_COST_BUDGET), the default).
    pub fn cost_budget(mut self, budget: u64) -> Validator {
        self.cost_budget = budget;
        self
    }

    /// Validates a new object (a create): a `&serde_json::Value`, a YAML
    /// [`Document`](crate::document::Document)'s [`view`](crate::document::Document::view), or
    /// any other [`ValueView`].
    pub fn validate<'a>(&self, value: impl ValueView<'a>) -> Report {
        self.run(value, None::<&Value>)
    }

    /// Validates an update of `old` to `new`: transition rules see `oldSelf`, and errors on values
    /// that did not change become warnings.
    pub fn validate_update<'a, 'b>(
        &self,
        new: impl ValueView<'a>,
        old: impl ValueView<'b>,
    ) -> Report {
        self.run(new, Some(old))
    }

    fn run<'a, 'b>(&self, value: impl ValueView<'a>, old: Option<impl ValueView<'b>>) -> Report {
        let mut report = self.run_schema(value, old);
        // The kind's hand-written validation runs on what decoded, as the apiserver's runs only on
        // an object that decoded: not after a type error. Its errors join the schema's (an enum's
        // or a list key's); where both find the same kind of error at one path, the hand-written
        // text is the one the apiserver gives.
        let decoded = !report.errors.iter().any(|e| {
            e.error_type == ErrorType::TypeInvalid
                || e.replaced_type == Some(ErrorType::TypeInvalid)
        });
        if let Some((check, release)) = self.native.filter(|_| decoded) {
            let mut native = check(&value.to_json());
            native.retain(|e| !crate::kube::dropped_by_gates(e, release));
            let found: std::collections::HashSet<(&FieldPath, ErrorType)> =
                native.iter().map(|n| (&n.path, n.error_type)).collect();
            report
                .errors
                .retain(|e| !found.contains(&(&e.path, e.error_type)));
            report.errors.extend(native);
        }
        report
    }

    fn run_schema<'a, 'b>(
        &self,
        value: impl ValueView<'a>,
        old: Option<impl ValueView<'b>>,
    ) -> Report {
        let found = self.walk(value);
        let reshaped = found.reshaped;
        let mut report = Report::default();
        match self.field_validation {
            // Strict decoding fails before anything is validated.
            FieldValidation::Strict if !found.unknown.is_empty() => {
                report.errors = found.unknown;
                return report;
            }
            FieldValidation::Warn => report.warnings = found.unknown,
            _ => {}
        }
        let mut errors = Vec::new();
        if let Some(rule) = self.resource {
            // Only the metadata is read: a view not backed by JSON builds no more.
            let meta = value.get("metadata").map(ValueView::to_json);
            objectmeta::check(meta.as_deref(), rule, &mut errors);
        }
        // As the apiserver does, only the schema's value checks ratchet path by path; metadata
        // and embedded resources are checked on the new object alone; list types count on an
        // update only when the old object kept them (otherwise they are warnings); and whether
        // the rules run is decided on what is left after ratcheting.
        let values = found.values.into_list();
        let ratcheting = old.is_some() && !values.is_empty();
        // (List-type errors, Duplicate and Invalid, never block.)
        let others_block = blocks_rules(&errors) || blocks_rules(&found.embedded);
        let may_run_rules =
            self.has_rules && !others_block && (ratcheting || !blocks_rules(&values));
        // The decoded objects (pruned, stripped, defaulted), needed by rules and ratcheting;
        // the new one is rebuilt only when decoding changes it.
        let root = self.plan.root;
        let objects = (may_run_rules || ratcheting).then(|| {
            let new = if reshaped {
                Cow::Owned(materialize::materialize(&self.plan, root, value, true, 0))
            } else {
                value.to_json()
            };
            let old = old.map(|o| materialize::materialize(&self.plan, root, o, true, 0));
            (new, old)
        });
        let values = match &objects {
            Some((new, Some(old))) if ratcheting => ratchet(values, &mut report.warnings, |path| {
                correlate::unchanged::<&Value>(&self.plan, new, old, path)
            }),
            _ => values,
        };
        absorb(&mut errors, values);
        absorb(&mut errors, found.embedded);
        match old {
            Some(old) => file_list_errors(
                found.lists,
                || !check::check(&self.plan, old).lists.is_empty(),
                &mut errors,
                &mut report.warnings,
            ),
            None => absorb(&mut errors, found.lists),
        }
        let run_rules = may_run_rules && !blocks_rules(&errors);
        absorb(&mut report.errors, errors);
        if !self.has_rules {
            return report;
        }
        match &objects {
            Some((new, old)) if run_rules => rules::run_all(
                &self.rules,
                &new.as_ref(),
                old.as_ref().as_ref(),
                self.cost_budget,
                &mut report,
            ),
            _ => report.errors.push(rules_not_checked()),
        }
        report
    }
}

impl Validator {
    /// The schema walk: the quick walk's survey, then the full walk of what it found failing.
    /// Debug builds check the outcome against the full walk of the whole object.
    fn walk<'a>(&self, value: impl ValueView<'a>) -> check::Found {
        let found = match quick::survey(&self.plan, value) {
            quick::Survey::Clean { reshaped } => check::Found {
                reshaped,
                ..check::Found::default()
            },
            quick::Survey::Failing { subtrees, reshaped } => {
                check::check_failing(&self.plan, subtrees, reshaped)
            }
            quick::Survey::Root => return check::check(&self.plan, value),
        };
        #[cfg(debug_assertions)]
        {
            let full = check::check(&self.plan, value);
            assert_eq!(
                format!(
                    "{:?}",
                    (&found.unknown, &found.values, &found.embedded, &found.lists)
                ),
                format!(
                    "{:?}",
                    (&full.unknown, &full.values, &full.embedded, &full.lists)
                ),
                "the survey disagrees with the full walk"
            );
            assert_eq!(
                found.reshaped, full.reshaped,
                "reshaped, as the full walk finds: {full:?}"
            );
        }
        found
    }
}

impl Validator {
    /// The value checks of `value`, found at `path` of a larger object (defaults applied as the
    /// walk applies them; no list types, metadata or rules): what a derived validator asks of a
    /// field whose type's definition is a variant of the type's own (`+k8s:override`).
    #[doc(hidden)]
    pub fn value_errors_at<'a>(
        &self,
        value: impl ValueView<'a>,
        path: &Path<'_>,
    ) -> Vec<FieldError> {
        check::check_at(&self.plan, value, path).values.into_list()
    }

    /// What the walk finds in `value`, found at `path` of a larger object, kept apart: unknown
    /// fields, value checks (with embedded resources' errors after them) and list types. What
    /// a derived validator asks of a field whose schema a function writes (`schema_with`).
    #[doc(hidden)]
    pub fn found_at<'a>(&self, value: impl ValueView<'a>, path: &Path<'_>) -> FoundAt {
        let found = check::check_at(&self.plan, value, path);
        let mut values = found.values.into_list();
        values.extend(found.embedded);
        FoundAt {
            unknown: found.unknown,
            values,
            lists: found.lists,
        }
    }

    /// `value` as rules see it: unknown fields pruned, defaults applied, as the walk decodes
    /// an object below the root.
    #[doc(hidden)]
    pub fn decoded(&self, value: &Value) -> Value {
        materialize::materialize(&self.plan, self.plan.root, value, false, 0)
    }
}

/// What [`Validator::found_at`] finds.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct FoundAt {
    pub unknown: Vec<FieldError>,
    pub values: Vec<FieldError>,
    pub lists: Vec<FieldError>,
}

/// Appends `more` to `list`, taking its buffer when `list` is empty (most lists here are).
fn absorb<T>(list: &mut Vec<T>, more: Vec<T>) {
    match list.is_empty() {
        true => *list = more,
        false => list.extend(more),
    }
}

/// The apiserver's note that rules were skipped, at the root.
pub(crate) fn rules_not_checked() -> FieldError {
    FieldError::invalid(
        FieldPath::root(),
        BadValue::Json(Value::Null),
        RULES_NOT_CHECKED,
    )
}

/// An update's list-type errors, as the apiserver counts them: warnings when the old object
/// broke a list type too (`old_broke` is asked only when there are some), errors otherwise.
pub(crate) fn file_list_errors(
    lists: Vec<FieldError>,
    old_broke: impl FnOnce() -> bool,
    errors: &mut Vec<FieldError>,
    warnings: &mut Vec<FieldError>,
) {
    if lists.is_empty() {
        return;
    }
    match old_broke() {
        true => warnings.extend(lists),
        false => errors.extend(lists),
    }
}

/// Ratcheting of value checks: the errors at paths whose value is `unchanged` from the old
/// object become warnings; the others are returned.
pub(crate) fn ratchet(
    errors: Vec<FieldError>,
    warnings: &mut Vec<FieldError>,
    unchanged: impl Fn(&FieldPath) -> bool,
) -> Vec<FieldError> {
    let (ratcheted, kept): (Vec<FieldError>, Vec<FieldError>) =
        errors.into_iter().partition(|e| unchanged(&e.path));
    warnings.extend(ratcheted);
    kept
}

/// Whether these errors keep CEL rules from running, as the apiserver decides it.
pub fn blocks_rules(errors: &[FieldError]) -> bool {
    errors.iter().any(|e| {
        matches!(
            e.replaced_type.unwrap_or(e.error_type),
            ErrorType::NotSupported
                | ErrorType::Required
                | ErrorType::TooLong
                | ErrorType::TooMany
                | ErrorType::TypeInvalid
        )
    })
}

#[cfg(test)]
mod tests;
