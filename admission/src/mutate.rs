//! MutatingAdmissionPolicies applied to a request as kube-apiserver's MutatingAdmissionPolicy
//! plugin applies them: each policy whose constraints match, each of its bindings that matches
//! and each param, in order, one invocation each; an invocation's matchConditions are
//! evaluated on the object as earlier invocations left it, then its mutations in order, each
//! with a fresh budget and freshly evaluated variables, each patch applied at once (an
//! ApplyConfiguration merged by the kind's schema, a JSONPatch applied as operations). A failed
//! mutation does not stop the next; errors are kept by the failure policy and the first becomes
//! the Status (403, reason `Invalid` for a mutation's error, `Forbidden` for a configuration's).
//! When any patch applied, every `IfNeeded` invocation that ran is run once more
//! (reinvocation), matching and matchConditions decided again.
//!
//! Not modelled: the Go defaulting functions the apiserver runs after each patch (schema
//! defaults are applied later, by validation), and converting the object to the version a
//! policy matched under `matchPolicy: Equivalent` (the request's version is mutated).

use super::evaluate::{
    binding_params, match_conditions, meta, namespace_object, never_evaluated, param_label,
    scope_of, split_api_version, Attributes, Bound, Budget, Conditions, Configuration, Input, Lazy,
    RequestValues, Step, BUDGET,
};
use super::matching::{matches, Decision, Matched};
use super::mutating::{MutatingPolicy, Mutation, PatchType, Reinvocation};
use super::patch::{self, Patched};
use super::policy::{Binding, FailurePolicy};
use super::request::Operation;
use super::schemas::KindSchema;
use super::status::Status;
use kubeidl::cel::{Value as Cel, PER_CALL_LIMIT};
use serde_json::Value;
use std::collections::BTreeSet;

/// What the mutating policies made of a request.
#[derive(Debug, Clone)]
pub struct Mutated {
    /// The object after every mutation that applied (the request's when none did).
    pub object: Value,
    /// `None`: the request goes on; otherwise the Status it is refused with.
    pub denied: Option<Status>,
    /// Every (policy, binding, param) considered, in both rounds, and what came of it.
    pub trace: Vec<Step>,
    /// How many patches applied (a failed JSON Patch `test` counts: the apiserver counts it).
    pub applied: usize,
    /// Whether the policies were invoked a second time (reinvocation).
    pub reinvoked: bool,
}

/// An error kept for the Status: its text and reason.
struct PolicyError {
    text: String,
    /// `Invalid` for a mutation's error, `None` (Forbidden) for a configuration error.
    reason: Option<&'static str>,
}

/// One (policy, binding, param) to run.
struct Invocation<'c> {
    policy: &'c MutatingPolicy,
    binding: &'c Binding,
    param: Option<&'c Value>,
    matched: Matched,
}

impl Invocation<'_> {
    /// What identifies it across rounds.
    fn key(&self) -> (String, String, String) {
        (
            self.policy.name().to_string(),
            self.binding.name.clone(),
            self.param.map(param_label).unwrap_or_default(),
        )
    }
}

/// Applies every mutating policy of `config` to the request.
pub fn mutate(config: &Configuration, attributes: &Attributes) -> Mutated {
    let mut out = Mutated {
        object: attributes.object.clone(),
        denied: None,
        trace: Vec::new(),
        applied: 0,
        reinvoked: false,
    };
    let request = &attributes.request;
    let skip_all = |why: String, out: &mut Mutated| {
        for policy in &config.mutating_policies {
            out.trace.push(step(policy, None, None, why.clone(), None));
        }
    };
    if request.operation == Operation::Delete {
        let why = "skipped: MutatingAdmissionPolicies never see DELETE requests".to_string();
        skip_all(why, &mut out);
        return out;
    }
    if let Some(note) = never_evaluated(request) {
        skip_all(
            note.replace("ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"),
            &mut out,
        );
        return out;
    }
    let mut errors: Vec<PolicyError> = Vec::new();
    let mut ran: Vec<(String, String, String)> = Vec::new();
    let mut reinvoke: BTreeSet<(String, String, String)> = BTreeSet::new();
    let mut dirty = false;
    // The request as the policies see it, its object replaced by each patch that applies.
    let mut current = attributes.clone();
    let namespace = namespace_object(config, request);
    let authorizer = config.authorizer_for(attributes);
    // `request`, built once per matched resource and kind (it never reads the object).
    let mut shared: Vec<RequestValues> = Vec::new();
    for round in 1..=2 {
        if round == 2 {
            if !dirty || reinvoke.is_empty() {
                break;
            }
            out.reinvoked = true;
        }
        let invocations = invocations(config, &current, &mut errors, &mut out.trace, round);
        for invocation in invocations {
            let key = invocation.key();
            if round == 2 && !reinvoke.contains(&key) {
                continue;
            }
            let requests = match shared.iter().position(|r| r.serve(&invocation.matched)) {
                Some(i) => &shared[i],
                None => {
                    shared.push(RequestValues::new(
                        attributes,
                        &invocation.matched,
                        &authorizer,
                    ));
                    &shared[shared.len() - 1]
                }
            };
            let policy = invocation.policy;
            let fail = policy.policy.failure_policy == FailurePolicy::Fail;
            let label = invocation.param.map(param_label);
            let trace_step = |outcome: String| {
                let outcome = match round {
                    1 => outcome,
                    _ => format!("reinvoked: {outcome}"),
                };
                step(
                    policy,
                    Some(&invocation.binding.name),
                    label.clone(),
                    outcome,
                    Some(invocation.matched.clone()),
                )
            };
            if !policy.policy.match_conditions.is_empty() {
                let input = Input {
                    attributes: &current,
                    param: invocation.param,
                    namespace: namespace.as_ref(),
                    authorizer: &authorizer,
                    requests,
                };
                let b = Bound::new(&input, &policy.policy.env, requests.request(true), None);
                let lazy = Lazy::new(&policy.policy, &b);
                match match_conditions(&policy.policy.match_conditions, &b, &lazy) {
                    Conditions::Match => {}
                    Conditions::NoMatch { condition } => {
                        out.trace.push(Step {
                            invocation: None,
                            ..trace_step(format!(
                                "not applied: matchCondition '{condition}' is false"
                            ))
                        });
                        continue;
                    }
                    Conditions::Error(e) => {
                        let outcome = match fail {
                            true => format!("error: {e}"),
                            false => format!("ignored (failurePolicy: Ignore): {e}"),
                        };
                        out.trace.push(Step {
                            invocation: None,
                            ..trace_step(outcome)
                        });
                        if fail {
                            errors.push(invocation_error(&invocation, e));
                        }
                        continue;
                    }
                }
            }
            let mut changed = false;
            let mut outcomes = Vec::new();
            let schema = config
                .schemas
                .as_ref()
                .and_then(|s| s.schema(&request.kind));
            for (i, mutation) in policy.mutations.iter().enumerate() {
                let input = Input {
                    attributes: &current,
                    param: invocation.param,
                    namespace: namespace.as_ref(),
                    authorizer: &authorizer,
                    requests,
                };
                match apply_mutation(mutation, &input, policy, requests, schema) {
                    Ok(Patched::Object(object)) => {
                        changed |= object != current.object;
                        current.object = object;
                        out.applied += 1;
                        dirty = true;
                        outcomes.push(format!(
                            "mutation {i} ({}) applied",
                            mutation.patch_type.as_str()
                        ));
                    }
                    Ok(Patched::TestFailed) => {
                        out.applied += 1;
                        dirty = true;
                        outcomes.push(format!(
                            "mutation {i} (JSONPatch) left the object unchanged: a test operation failed"
                        ));
                    }
                    Err(MutationError::Policy(e)) => {
                        outcomes.push(match fail {
                            true => format!("mutation {i} failed: {e}"),
                            false => {
                                format!("mutation {i} failed, ignored (failurePolicy: Ignore): {e}")
                            }
                        });
                        if fail {
                            errors.push(invocation_error(&invocation, e));
                        }
                    }
                    Err(MutationError::Fatal(status)) => {
                        outcomes.push(format!("mutation {i} failed: {}", status.message));
                        out.trace.push(trace_step(outcomes.join("; ")));
                        out.denied = Some(*status);
                        return out;
                    }
                }
            }
            out.trace.push(trace_step(outcomes.join("; ")));
            if round == 1 {
                // An invocation that changed the object makes every earlier one eligible again.
                if changed {
                    reinvoke.extend(ran.drain(..));
                }
                if policy.reinvocation == Reinvocation::IfNeeded {
                    ran.push(key);
                }
            }
        }
        if round == 1 && dirty {
            reinvoke.extend(ran.drain(..));
        }
    }
    out.object = current.object;
    if let Some(first) = errors.first() {
        let r = &request;
        let name = [
            r.name.as_str(),
            meta(&attributes.object, "name"),
            meta(&attributes.object, "generateName"),
        ]
        .into_iter()
        .find(|n| !n.is_empty())
        .unwrap_or("Unknown");
        let causes: Vec<String> = errors.iter().map(|e| e.text.clone()).collect();
        out.denied = Some(Status::mutation_denial(
            &r.resource,
            name,
            first.reason.unwrap_or("Forbidden"),
            &first.text,
            causes,
        ));
        out.object = attributes.object.clone();
    }
    out
}

/// The invocations of one round, in the apiserver's order; configuration errors are kept
/// (under the policy's failure policy) and traced.
fn invocations<'c>(
    config: &'c Configuration,
    attributes: &Attributes,
    errors: &mut Vec<PolicyError>,
    trace: &mut Vec<Step>,
    round: u8,
) -> Vec<Invocation<'c>> {
    let request = &attributes.request;
    let mut out = Vec::new();
    for policy in &config.mutating_policies {
        let common = &policy.policy;
        let bindings: Vec<&Binding> = config
            .mutating_bindings
            .iter()
            .filter(|b| b.policy_name == common.name)
            .collect();
        let mut note = |binding: Option<&str>, text: String| {
            if round == 1 {
                trace.push(step(policy, binding, None, text, None));
            }
        };
        if bindings.is_empty() {
            note(None, "skipped: no binding names this policy".into());
            continue;
        }
        let matched = match matches(&common.criteria, request, &config.equivalents) {
            Decision::Matched(m) => m,
            Decision::NotMatched(why) => {
                note(None, format!("skipped: matchConstraints: {why}"));
                continue;
            }
            Decision::Error(e) => {
                let text = format!("failed to configure policy: {e}");
                config_error(policy, None, text, errors, &mut note);
                continue;
            }
        };
        if let Some(kind) = &common.param_kind {
            if scope_of(config, &kind.api_version, &kind.kind).is_none() {
                let (group, version) = split_api_version(&kind.api_version);
                let text = format!(
                    "failed to configure policy: failed to find resource referenced by paramKind: '{group}/{version}, Kind={}'",
                    kind.kind
                );
                config_error(policy, None, text, errors, &mut note);
                continue;
            }
        }
        for binding in bindings {
            match binding_params(config, common, binding, request) {
                Ok(Ok(params)) => out.extend(params.into_iter().map(|param| Invocation {
                    policy,
                    binding,
                    param,
                    matched: matched.clone(),
                })),
                Ok(Err(why)) => note(Some(&binding.name), why),
                Err(e) => {
                    let text = format!("failed to configure binding: {e}");
                    config_error(policy, Some(&binding.name), text, errors, &mut note);
                }
            }
        }
    }
    out
}

/// A configuration error of a policy or binding: kept unless the policy ignores failures.
fn config_error(
    policy: &MutatingPolicy,
    binding: Option<&str>,
    text: String,
    errors: &mut Vec<PolicyError>,
    note: &mut impl FnMut(Option<&str>, String),
) {
    let ignored = policy.policy.failure_policy == FailurePolicy::Ignore;
    match ignored {
        true => note(binding, format!("ignored (failurePolicy: Ignore): {text}")),
        false => note(binding, format!("error: {text}")),
    }
    if !ignored {
        let text = match binding {
            Some(b) => format!(
                "policy '{}' with binding '{b}' denied request: {text}",
                policy.name()
            ),
            None => format!("policy {:?} denied request: {text}", policy.name()),
        };
        errors.push(PolicyError { text, reason: None });
    }
}

fn invocation_error(invocation: &Invocation<'_>, text: String) -> PolicyError {
    PolicyError {
        text: format!(
            "policy '{}' with binding '{}' denied request: {text}",
            invocation.policy.name(),
            invocation.binding.name
        ),
        reason: Some("Invalid"),
    }
}

fn step(
    policy: &MutatingPolicy,
    binding: Option<&str>,
    param: Option<String>,
    outcome: String,
    invocation: Option<Matched>,
) -> Step {
    Step {
        policy: policy.name().to_string(),
        binding: binding.map(str::to_string),
        param,
        outcome,
        invocation,
    }
}

/// Why a mutation did not apply.
enum MutationError {
    /// An error the failure policy decides about.
    Policy(String),
    /// An error that ends the request whatever the failure policy.
    Fatal(Box<Status>),
}

/// Evaluates one mutation on the current object and applies its patch.
fn apply_mutation(
    mutation: &Mutation,
    input: &Input<'_>,
    policy: &MutatingPolicy,
    requests: &RequestValues<'_>,
    schema: Option<KindSchema<'_>>,
) -> Result<Patched, MutationError> {
    let program = match &mutation.expression.program {
        Ok(p) => p,
        Err(e) => return Err(MutationError::Policy(e.clone())),
    };
    let namespace = input.namespace.and_then(Value::as_object);
    let b = Bound::new(
        input,
        &policy.policy.env,
        requests.request(false),
        namespace,
    );
    let lazy = Lazy::new(&policy.policy, &b);
    let values = b.values(&lazy);
    let evaluation = program.evaluate(&values, PER_CALL_LIMIT);
    let mut budget = Budget { remaining: BUDGET };
    budget
        .charge(lazy.take_cost(), evaluation.cost)
        .map_err(MutationError::Policy)?;
    let result: Cel<'_> = evaluation.result.map_err(|e| {
        MutationError::Policy(format!(
            "expression '{}' resulted in error: {}",
            mutation.expression.source, e.message
        ))
    })?;
    let object = &input.attributes.object;
    let kind = &input.attributes.request.kind;
    let outcome = match mutation.patch_type {
        PatchType::ApplyConfiguration => patch::apply_configuration(object, &result, kind, schema),
        PatchType::JsonPatch => patch::json_patch(object, &result, schema),
    };
    outcome.map_err(|e| match e {
        patch::PatchError::Policy(text) => MutationError::Policy(text),
        patch::PatchError::Fatal(status) => MutationError::Fatal(status),
    })
}
