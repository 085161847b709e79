//! Admission webhooks as the apiserver holds them: the webhooks of Validating- and
//! MutatingWebhookConfigurations, read with the API's defaults (`failurePolicy: Fail`,
//! `matchPolicy: Equivalent`, selectors `{}`, `reinvocationPolicy: Never`), their
//! matchConditions compiled once, and the order the apiserver calls them in: configurations by
//! name, webhooks in their configuration's order.
//!
//! Nothing here calls a webhook; [`crate::explain`] says which would be called.

use super::criteria::MatchResources;
use super::env::{Environment, Purpose};
use super::fields::{expected, one_of, Fields};
use super::policy::{Expression, FailurePolicy};
use kubeidl::errors::{FieldError, FieldPath};
use serde_json::Value;

/// Which chain a webhook belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookKind {
    /// Called one after another, before any policy, each seeing the object as mutated so far.
    Mutating,
    /// Called in parallel, after every mutation and every ValidatingAdmissionPolicy.
    Validating,
}

impl WebhookKind {
    /// The configuration kind: `MutatingWebhookConfiguration`.
    pub fn configuration_kind(self) -> &'static str {
        match self {
            WebhookKind::Mutating => "MutatingWebhookConfiguration",
            WebhookKind::Validating => "ValidatingWebhookConfiguration",
        }
    }
}

/// One webhook of a configuration.
#[derive(Debug)]
pub struct Webhook {
    /// The configuration's `metadata.name`.
    pub configuration: String,
    /// The webhook's `name`.
    pub name: String,
    pub kind: WebhookKind,
    pub criteria: MatchResources,
    pub match_conditions: Vec<(String, Expression)>,
    pub failure_policy: FailurePolicy,
    /// `reinvocationPolicy: IfNeeded` (mutating webhooks only).
    pub reinvocable: bool,
    /// `sideEffects`, as written (`None`, `NoneOnDryRun`, `Some`, `Unknown`); a dry-run request
    /// reaching a webhook with side effects fails.
    pub side_effects: String,
    pub(crate) env: Environment,
}

impl Webhook {
    /// `<configuration>/<webhook>`, as `--explain` names it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.configuration, self.name)
    }

    /// Whether a dry-run request may reach it.
    pub fn supports_dry_run(&self) -> bool {
        matches!(self.side_effects.as_str(), "None" | "NoneOnDryRun")
    }
}

const WEBHOOK_FIELDS: &[&str] = &[
    "name",
    "clientConfig",
    "rules",
    "failurePolicy",
    "matchPolicy",
    "namespaceSelector",
    "objectSelector",
    "sideEffects",
    "timeoutSeconds",
    "admissionReviewVersions",
    "reinvocationPolicy",
    "matchConditions",
];

/// Reads the webhooks of a Validating- or MutatingWebhookConfiguration (the whole object), in
/// their order.
pub fn webhooks_of(configuration: &Value) -> Result<Vec<Webhook>, FieldError> {
    let kind = match configuration.get("kind").and_then(Value::as_str) {
        Some("MutatingWebhookConfiguration") => WebhookKind::Mutating,
        Some("ValidatingWebhookConfiguration") => WebhookKind::Validating,
        _ => {
            let at = FieldPath::root().child("kind");
            let kind = configuration.get("kind").unwrap_or(&Value::Null);
            return Err(expected(
                kind,
                &at,
                "MutatingWebhookConfiguration or ValidatingWebhookConfiguration",
            ));
        }
    };
    let name = configuration
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let at = FieldPath::root().child("webhooks");
    let entries = match configuration.get("webhooks") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => return Err(expected(other, &at, "a list")),
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| webhook(entry, &at.index(i), &name, kind))
        .collect()
}

fn webhook(
    entry: &Value,
    at: &FieldPath,
    configuration: &str,
    kind: WebhookKind,
) -> Result<Webhook, FieldError> {
    let fields = Fields::of(entry, at, WEBHOOK_FIELDS)?;
    let name = fields
        .string("name")?
        .ok_or_else(|| FieldError::required(at.child("name"), ""))?
        .to_string();
    let criteria = MatchResources::of_webhook(entry, at)?;
    let failure_policy = match fields.string("failurePolicy")? {
        None => FailurePolicy::Fail,
        Some(s) => match one_of(s, &at.child("failurePolicy"), &["Fail", "Ignore"])? {
            "Ignore" => FailurePolicy::Ignore,
            _ => FailurePolicy::Fail,
        },
    };
    let reinvocable = match fields.string("reinvocationPolicy")? {
        None => false,
        Some(s) => {
            one_of(s, &at.child("reinvocationPolicy"), &["Never", "IfNeeded"])? == "IfNeeded"
        }
    };
    let side_effects = match fields.string("sideEffects")? {
        None => String::new(),
        Some(s) => one_of(
            s,
            &at.child("sideEffects"),
            &["None", "NoneOnDryRun", "Some", "Unknown"],
        )?
        .to_string(),
    };
    let env = Environment::webhook();
    let mut match_conditions = Vec::new();
    for (condition, at) in fields.list("matchConditions")? {
        let condition = Fields::of(condition, &at, &["name", "expression"])?;
        let required = |field: &str| -> Result<String, FieldError> {
            condition
                .string(field)?
                .map(str::to_string)
                .ok_or_else(|| FieldError::required(at.child(field), ""))
        };
        let (name, source) = (required("name")?, required("expression")?);
        let program = env.compile(&source, Purpose::Condition);
        match_conditions.push((name, Expression { source, program }));
    }
    Ok(Webhook {
        configuration: configuration.to_string(),
        name,
        kind,
        criteria,
        match_conditions,
        failure_policy,
        reinvocable,
        side_effects,
        env,
    })
}

/// The webhooks of one chain in the order the apiserver calls them: configurations sorted by
/// name (stably), each configuration's webhooks in their written order.
pub fn call_order(webhooks: &[Webhook], kind: WebhookKind) -> Vec<&Webhook> {
    let mut chain: Vec<&Webhook> = webhooks.iter().filter(|w| w.kind == kind).collect();
    chain.sort_by(|a, b| a.configuration.as_bytes().cmp(b.configuration.as_bytes()));
    chain
}
