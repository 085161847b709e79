//! Which admission webhooks and policies a request reaches, in the order the apiserver calls
//! them, and why each is or is not called: MutatingAdmissionPolicies (applied, so that what
//! follows sees the object they make), mutating webhooks (one after another), then
//! ValidatingAdmissionPolicies, then validating webhooks (all at once). Selection follows the
//! apiserver's webhook plugin: webhook configurations themselves are never sent to webhooks;
//! then the namespace selector, the object selector, the rules (and equivalent resources) and
//! the matchConditions with the webhook's failure policy; a dry-run request fails at a webhook
//! with side effects.
//!
//! Offline, no webhook answers: a mutating webhook is taken to leave the object unchanged, so
//! each later one is matched against the request as given, and a reinvocable webhook is only
//! said to be reinvocable.

use super::evaluate::{admit, webhook_conditions, Attributes, Conditions, Configuration, Step};
use super::matching::{matches, Decision, MatchError, Matched};
use super::mutate::mutate;
use super::policy::FailurePolicy;
use super::request::{GroupVersionKind, GroupVersionResource};
use super::status::Status;
use super::webhooks::{call_order, Webhook, WebhookKind};
use kubeidl::cel::library::authz::AuthorizerValue;

/// The kinds (of `admissionregistration.k8s.io`) no webhook is ever called for, so that a
/// broken webhook cannot lock out its own repair.
pub const WEBHOOK_EXEMPT_KINDS: &[&str] = &[
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "ValidatingAdmissionPolicy",
    "ValidatingAdmissionPolicyBinding",
    "MutatingAdmissionPolicy",
    "MutatingAdmissionPolicyBinding",
];

/// What a webhook or policy would receive: the resource and kind it matched (an equivalent's
/// under `matchPolicy: Equivalent`), and the request's subresource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    pub resource: GroupVersionResource,
    pub subresource: String,
    pub kind: GroupVersionKind,
}

/// One webhook (`<configuration>/<webhook>`) or (policy, binding) pair (`<policy>/<binding>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    pub called: bool,
    /// The first reason it is or is not called.
    pub reason: String,
    /// A called mutating webhook with `reinvocationPolicy: IfNeeded`: called again when a later
    /// webhook or policy changes the object.
    pub reinvocable: bool,
    /// Set when called.
    pub invocation: Option<Invocation>,
}

/// Every webhook and policy of a configuration, for one request, in call order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Explanation {
    /// MutatingAdmissionPolicy invocations (`<policy>/<binding>`), in the order they ran
    /// (a second round when reinvoked).
    pub mutating_admission_policies: Vec<Call>,
    pub mutating_webhooks: Vec<Call>,
    pub validating_admission_policies: Vec<Call>,
    pub validating_webhooks: Vec<Call>,
    /// The Status the request is rejected with before every webhook is reached: an error in
    /// selecting webhooks (a matchCondition error under `failurePolicy: Fail`, a namespace that
    /// does not exist), a dry run a webhook cannot take, or a policy's denial.
    pub error: Option<Status>,
}

/// What selecting one webhook decided.
struct Selection {
    call: Call,
    error: Option<Rejection>,
}

/// How a webhook rejects a request without being asked.
enum Rejection {
    /// While webhooks are being selected: before any of its chain is called.
    Selecting(Status),
    /// When it would be called (a dry run it cannot take): the others are still called.
    AtCall(Status),
}

impl Rejection {
    fn status(self) -> Status {
        match self {
            Rejection::Selecting(s) | Rejection::AtCall(s) => s,
        }
    }
}

fn not_called(webhook: &Webhook, reason: String) -> Call {
    Call {
        name: webhook.id(),
        called: false,
        reason,
        reinvocable: false,
        invocation: None,
    }
}

/// Whether the apiserver would call `webhook` for the request, and if it would reject the
/// request while deciding; `authorizer` answers its matchConditions' checks.
fn select(
    webhook: &Webhook,
    config: &Configuration,
    attributes: &Attributes,
    authorizer: &AuthorizerValue,
) -> Selection {
    let request = &attributes.request;
    let no_error = |call| Selection { call, error: None };
    if request.kind.group == "admissionregistration.k8s.io"
        && WEBHOOK_EXEMPT_KINDS.contains(&request.kind.kind.as_str())
    {
        let why = format!(
            "webhooks are never called for {} objects",
            request.kind.kind
        );
        return no_error(not_called(webhook, why));
    }
    let matched: Matched = match matches(&webhook.criteria, request, &config.equivalents) {
        Decision::Matched(m) => m,
        Decision::NotMatched(why) => return no_error(not_called(webhook, why.to_string())),
        Decision::Error(e) => {
            let status = match &e {
                MatchError::NamespaceNotFound(name) => Status::namespace_not_found(name),
                other => Status::internal(&other.to_string()),
            };
            let why = format!("selection failed, rejecting the request: {e}");
            return Selection {
                call: not_called(webhook, why),
                error: Some(Rejection::Selecting(status)),
            };
        }
    };
    let mut reason = Decision::Matched(matched.clone()).to_string();
    if !webhook.match_conditions.is_empty() {
        match webhook_conditions(
            &webhook.match_conditions,
            &webhook.env,
            attributes,
            &matched,
            authorizer,
        ) {
            Conditions::Match => reason.push_str("; every matchCondition is true"),
            Conditions::NoMatch { condition } => {
                let why = format!("matchCondition '{condition}' is false");
                return no_error(not_called(webhook, why));
            }
            Conditions::Error(e) => {
                return match webhook.failure_policy {
                    FailurePolicy::Ignore => no_error(not_called(
                        webhook,
                        format!("matchConditions failed, skipped (failurePolicy: Ignore): {e}"),
                    )),
                    FailurePolicy::Fail => Selection {
                        call: not_called(
                            webhook,
                            format!("matchConditions failed, rejecting the request (failurePolicy: Fail): {e}"),
                        ),
                        error: Some(Rejection::Selecting(Status::forbidden(
                            &request.resource,
                            &request.name,
                            &e,
                        ))),
                    },
                }
            }
        }
    }
    if attributes.dry_run && !webhook.supports_dry_run() {
        let text = format!(
            "admission webhook \"{}\" does not support dry run",
            webhook.name
        );
        let effects = match webhook.side_effects.as_str() {
            "" => "no sideEffects".to_string(),
            s => format!("sideEffects: {s}"),
        };
        return Selection {
            call: not_called(
                webhook,
                format!("{reason}, but the request is a dry run and the webhook has {effects}"),
            ),
            error: Some(Rejection::AtCall(Status::bad_request(&text))),
        };
    }
    no_error(Call {
        name: webhook.id(),
        called: true,
        reason,
        reinvocable: webhook.kind == WebhookKind::Mutating && webhook.reinvocable,
        invocation: Some(Invocation {
            resource: matched.resource,
            subresource: request.subresource.clone(),
            kind: matched.kind,
        }),
    })
}

/// Explains which webhooks and policies of `config` the request reaches.
pub fn explain(config: &Configuration, attributes: &Attributes) -> Explanation {
    let mut out = Explanation::default();
    // MutatingAdmissionPolicies first; everything after sees the object they made.
    let mutated = mutate(config, attributes);
    out.mutating_admission_policies = calls_of(mutated.trace, attributes);
    out.error = mutated.denied;
    let attributes = &Attributes {
        object: mutated.object,
        ..attributes.clone()
    };
    let authorizer = config.authorizer_for(attributes);
    // Mutating webhooks, one after another: the first rejection ends the request.
    for webhook in call_order(&config.webhooks, WebhookKind::Mutating) {
        if let Some(error) = &out.error {
            out.mutating_webhooks
                .push(not_called(webhook, rejected_before(error)));
            continue;
        }
        let selection = select(webhook, config, attributes, &authorizer);
        out.mutating_webhooks.push(selection.call);
        out.error = selection.error.map(Rejection::status);
    }
    // ValidatingAdmissionPolicies.
    if let Some(error) = &out.error {
        for policy in &config.policies {
            out.validating_admission_policies.push(Call {
                name: policy.name.clone(),
                called: false,
                reason: rejected_before(error),
                reinvocable: false,
                invocation: None,
            });
        }
    } else {
        let response = admit(config, attributes);
        out.validating_admission_policies = calls_of(response.trace, attributes);
        out.error = response.denied;
    }
    // Validating webhooks: all are selected before any is called, in parallel.
    let chain = call_order(&config.webhooks, WebhookKind::Validating);
    if let Some(error) = &out.error {
        for webhook in chain {
            out.validating_webhooks
                .push(not_called(webhook, rejected_before(error)));
        }
        return out;
    }
    let selections: Vec<Selection> = chain
        .iter()
        .map(|w| select(w, config, attributes, &authorizer))
        .collect();
    // A selection error stops them all; a dry-run refusal only its own call.
    let failed_at = selections
        .iter()
        .position(|s| matches!(s.error, Some(Rejection::Selecting(_))));
    if let Some(at) = failed_at {
        let failed = chain[at].id();
        let mut selections = selections;
        out.error = selections[at].error.take().map(Rejection::status);
        for (webhook, selection) in chain.iter().zip(selections) {
            let call = match selection.call.called {
                true => not_called(
                    webhook,
                    format!("matched, but not called: selecting webhooks failed at {failed}"),
                ),
                false => selection.call,
            };
            out.validating_webhooks.push(call);
        }
        return out;
    }
    for selection in selections {
        if out.error.is_none() {
            out.error = selection.error.map(Rejection::status);
        }
        out.validating_webhooks.push(selection.call);
    }
    out
}

/// A policy evaluation's trace as calls: `<policy>/<binding>`, called when it ran.
fn calls_of(trace: Vec<Step>, attributes: &Attributes) -> Vec<Call> {
    trace
        .into_iter()
        .map(|step| Call {
            name: match &step.binding {
                Some(binding) => format!("{}/{binding}", step.policy),
                None => step.policy.clone(),
            },
            called: step.invocation.is_some(),
            reason: match &step.param {
                Some(param) => format!("param {param}: {}", step.outcome),
                None => step.outcome.clone(),
            },
            reinvocable: false,
            invocation: step.invocation.map(|m| Invocation {
                resource: m.resource,
                subresource: attributes.request.subresource.clone(),
                kind: m.kind,
            }),
        })
        .collect()
}

fn rejected_before(error: &Status) -> String {
    format!(
        "not reached: the request is rejected before ({} {})",
        error.code, error.reason
    )
}
