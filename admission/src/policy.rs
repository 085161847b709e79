//! ValidatingAdmissionPolicies and their bindings as the apiserver holds them: read from JSON
//! with the API's defaults applied (`failurePolicy: Fail`, `parameterNotFoundAction: Deny`, the
//! match criteria's own), and every expression compiled once with the admission CEL
//! environment. An expression that does not compile does not make the policy unusable: it is
//! kept as its error, which evaluation reports where the expression would have run, as the
//! apiserver does.

use super::criteria::MatchResources;
use super::env::{Environment, Purpose};
use super::fields::expected;
use super::selector::LabelSelector;
use kubeidl::cel::{CelType, Program};
use kubeidl::errors::{FieldError, FieldPath};
use serde_json::Value;

/// What an error the policy's expressions or configuration hit does to the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailurePolicy {
    /// The request is denied.
    Fail,
    /// The failing part is left out.
    Ignore,
}

/// What a binding does with a failed validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Deny,
    Warn,
    Audit,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Deny => "Deny",
            Action::Warn => "Warn",
            Action::Audit => "Audit",
        }
    }
}

/// An expression as written and as compiled.
#[derive(Debug)]
pub struct Expression {
    pub source: String,
    /// The program, or the text evaluation reports in its place
    /// (`compilation failed: ERROR: <input>:1:8: ...`).
    pub program: Result<Program, String>,
}

/// One of `spec.validations`.
#[derive(Debug)]
pub struct Validation {
    pub expression: Expression,
    pub message: String,
    pub message_expression: Option<Expression>,
    /// `Forbidden`, `Invalid` or `RequestEntityTooLarge`; `None` reports `Invalid`.
    pub reason: Option<String>,
}

/// One of `spec.auditAnnotations`.
#[derive(Debug)]
pub struct AuditAnnotation {
    pub key: String,
    pub value: Expression,
}

/// The kind of the objects a policy's bindings select as params.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamKind {
    pub api_version: String,
    pub kind: String,
}

/// A compiled ValidatingAdmissionPolicy.
#[derive(Debug)]
pub struct Policy {
    pub name: String,
    pub failure_policy: FailurePolicy,
    pub param_kind: Option<ParamKind>,
    pub criteria: MatchResources,
    /// `spec.variables`, in order (each sees only those before it).
    pub variables: Vec<(String, Expression)>,
    pub match_conditions: Vec<(String, Expression)>,
    pub validations: Vec<Validation>,
    pub audit_annotations: Vec<AuditAnnotation>,
    /// The environment the expressions were compiled in, which evaluation binds.
    pub(crate) env: Environment,
}

/// What a binding does when its params are not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamNotFound {
    Allow,
    Deny,
}

/// A binding's `paramRef`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamRef {
    pub name: Option<String>,
    pub namespace: Option<String>,
    pub selector: Option<LabelSelector>,
    pub not_found: ParamNotFound,
}

/// A ValidatingAdmissionPolicyBinding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub name: String,
    pub policy_name: String,
    pub param_ref: Option<ParamRef>,
    /// `None`: the binding applies wherever its policy does.
    pub criteria: Option<MatchResources>,
    pub actions: Vec<Action>,
}

fn spec_of(object: &Value) -> Result<&serde_json::Map<String, Value>, FieldError> {
    let at = FieldPath::root().child("spec");
    match object.get("spec") {
        Some(Value::Object(spec)) => Ok(spec),
        None | Some(Value::Null) => Err(FieldError::required(at, "")),
        Some(other) => Err(expected(other, &at, "an object")),
    }
}

fn name_of(object: &Value) -> String {
    object
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn string_at(v: Option<&Value>, at: &FieldPath) -> Result<Option<String>, FieldError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(expected(other, at, "a string")),
    }
}

fn list_at<'v>(v: Option<&'v Value>, at: &FieldPath) -> Result<&'v [Value], FieldError> {
    match v {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(expected(other, at, "a list")),
    }
}

/// A required string member of a list entry.
fn member(entry: &Value, name: &str, at: &FieldPath) -> Result<String, FieldError> {
    let at = at.child(name);
    string_at(entry.get(name), &at)?.ok_or_else(|| FieldError::required(at, ""))
}

impl Policy {
    /// Reads and compiles a ValidatingAdmissionPolicy (the whole object).
    pub fn from_json(object: &Value) -> Result<Policy, FieldError> {
        let spec = spec_of(object)?;
        let spec_path = FieldPath::root().child("spec");
        let criteria = MatchResources::of_policy(object)?;
        let failure_path = spec_path.child("failurePolicy");
        let failure_policy = match string_at(spec.get("failurePolicy"), &failure_path)?.as_deref() {
            None | Some("Fail") => FailurePolicy::Fail,
            Some("Ignore") => FailurePolicy::Ignore,
            Some(other) => {
                return Err(FieldError::not_supported(
                    failure_path,
                    kubeidl::errors::BadValue::string(other),
                    &["Fail".to_string(), "Ignore".to_string()],
                ))
            }
        };
        let param_kind = match spec.get("paramKind") {
            None | Some(Value::Null) => None,
            Some(kind) => {
                let at = spec_path.child("paramKind");
                Some(ParamKind {
                    api_version: member(kind, "apiVersion", &at)?,
                    kind: member(kind, "kind", &at)?,
                })
            }
        };
        let mut env = Environment::new(param_kind.is_some());
        let mut variables = Vec::new();
        let at = spec_path.child("variables");
        for (i, v) in list_at(spec.get("variables"), &at)?.iter().enumerate() {
            let at = at.index(i);
            let name = member(v, "name", &at)?;
            let source = member(v, "expression", &at)?;
            let program = env.compile(&source, Purpose::Variable);
            let output = program
                .as_ref()
                .map_or(CelType::Dyn, |p| p.result_type().clone());
            env.declare_variable(&name, &output);
            variables.push((name, Expression { source, program }));
        }
        let named =
            |key: &str, purpose: Purpose| -> Result<Vec<(String, Expression)>, FieldError> {
                let at = spec_path.child(key);
                list_at(spec.get(key), &at)?
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let at = at.index(i);
                        let name = member(c, "name", &at)?;
                        let source = member(c, "expression", &at)?;
                        let program = env.compile(&source, purpose);
                        Ok((name, Expression { source, program }))
                    })
                    .collect()
            };
        let match_conditions = named("matchConditions", Purpose::Condition)?;
        let at = spec_path.child("validations");
        let mut validations = Vec::new();
        for (i, v) in list_at(spec.get("validations"), &at)?.iter().enumerate() {
            let at = at.index(i);
            let source = member(v, "expression", &at)?;
            let message_expression =
                string_at(v.get("messageExpression"), &at.child("messageExpression"))?.map(
                    |source| Expression {
                        program: env.compile(&source, Purpose::Message),
                        source,
                    },
                );
            validations.push(Validation {
                expression: Expression {
                    program: env.compile(&source, Purpose::Condition),
                    source,
                },
                message: string_at(v.get("message"), &at.child("message"))?.unwrap_or_default(),
                message_expression,
                reason: string_at(v.get("reason"), &at.child("reason"))?,
            });
        }
        let at = spec_path.child("auditAnnotations");
        let mut audit_annotations = Vec::new();
        for (i, a) in list_at(spec.get("auditAnnotations"), &at)?
            .iter()
            .enumerate()
        {
            let at = at.index(i);
            let source = member(a, "valueExpression", &at)?;
            audit_annotations.push(AuditAnnotation {
                key: member(a, "key", &at)?,
                value: Expression {
                    program: env.compile(&source, Purpose::AuditAnnotation),
                    source,
                },
            });
        }
        Ok(Policy {
            name: name_of(object),
            failure_policy,
            param_kind,
            criteria,
            variables,
            match_conditions,
            validations,
            audit_annotations,
            env,
        })
    }
}

impl Binding {
    /// Reads a ValidatingAdmissionPolicyBinding (the whole object).
    pub fn from_json(object: &Value) -> Result<Binding, FieldError> {
        Binding::read(object, true)
    }

    /// Reads a MutatingAdmissionPolicyBinding (the whole object): a binding without
    /// `validationActions`.
    pub fn mutating_from_json(object: &Value) -> Result<Binding, FieldError> {
        Binding::read(object, false)
    }

    fn read(object: &Value, validating: bool) -> Result<Binding, FieldError> {
        let spec = spec_of(object)?;
        let spec_path = FieldPath::root().child("spec");
        let policy_path = spec_path.child("policyName");
        let policy_name = string_at(spec.get("policyName"), &policy_path)?
            .ok_or_else(|| FieldError::required(policy_path, ""))?;
        let param_ref = match spec.get("paramRef") {
            None | Some(Value::Null) => None,
            Some(r) => {
                let at = spec_path.child("paramRef");
                let selector = match r.get("selector") {
                    None | Some(Value::Null) => None,
                    Some(s) => Some(LabelSelector::parse(s, &at.child("selector"))?),
                };
                let action_path = at.child("parameterNotFoundAction");
                let not_found =
                    match string_at(r.get("parameterNotFoundAction"), &action_path)?.as_deref() {
                        None | Some("Deny") => ParamNotFound::Deny,
                        Some("Allow") => ParamNotFound::Allow,
                        Some(other) => {
                            return Err(FieldError::not_supported(
                                action_path,
                                kubeidl::errors::BadValue::string(other),
                                &["Allow".to_string(), "Deny".to_string()],
                            ))
                        }
                    };
                Some(ParamRef {
                    name: string_at(r.get("name"), &at.child("name"))?,
                    namespace: string_at(r.get("namespace"), &at.child("namespace"))?,
                    selector,
                    not_found,
                })
            }
        };
        let at = spec_path.child("validationActions");
        let actions = list_at(spec.get("validationActions"), &at)?
            .iter()
            .enumerate()
            .map(|(i, a)| match a.as_str() {
                Some("Deny") => Ok(Action::Deny),
                Some("Warn") => Ok(Action::Warn),
                Some("Audit") => Ok(Action::Audit),
                _ => Err(FieldError::not_supported(
                    at.index(i),
                    kubeidl::errors::BadValue::of_json(a),
                    &["Audit".to_string(), "Deny".to_string(), "Warn".to_string()],
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if actions.is_empty() && validating {
            return Err(FieldError::required(at, ""));
        }
        Ok(Binding {
            name: name_of(object),
            policy_name,
            param_ref,
            criteria: MatchResources::of_binding(object)?,
            actions,
        })
    }
}
