//! Admission offline: which requests a ValidatingAdmissionPolicy, its bindings and admission
//! webhooks apply to, decided as kube-apiserver decides it.
//!
//! This first part is request matching. Criteria are read from the JSON of a policy
//! ([`MatchResources::of_policy`]), a binding ([`MatchResources::of_binding`]) or a webhook
//! ([`MatchResources::of_webhook`]) with the API's defaults applied; [`matches`] then tests a
//! [`Request`] against them and says how it matched ([`Matched`]: through which rule, and which
//! resource and kind the policy or webhook would see) or why not ([`Mismatch`]).
//!
//! ```
//! use kubeidl_admission::{matches, GroupVersionKind, GroupVersionResource, MatchResources, Operation, Request};
//! use serde_json::json;
//!
//! let policy = json!({"spec": {"matchConstraints": {"resourceRules": [
//!     {"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"]}
//! ]}}});
//! let criteria = MatchResources::of_policy(&policy).unwrap();
//! let request = Request {
//!     operation: Operation::Create,
//!     resource: GroupVersionResource::new("apps", "v1", "deployments"),
//!     subresource: String::new(),
//!     kind: GroupVersionKind::new("apps", "v1", "Deployment"),
//!     name: "web".into(),
//!     namespace: "shop".into(),
//!     namespaced: true,
//!     object_labels: Some(Default::default()),
//!     old_object_labels: None,
//!     namespace_labels: Some(Default::default()),
//! };
//! assert!(matches(&criteria, &request, &[]).is_match());
//! let delete = Request { operation: Operation::Delete, ..request };
//! assert_eq!(
//!     matches(&criteria, &delete, &[]).to_string(),
//!     "not matched: no rule matches: rule 0 differs in operation"
//! );
//! ```
//!
//! Policies are evaluated by [`admit`]: [`Policy::from_json`] and [`Binding::from_json`] read
//! them with the API's defaults and compile every expression once; a [`Configuration`] holds
//! them with the param objects and namespaces; the [`Response`] says whether the request is
//! allowed, with the apiserver's Status, warnings and audit annotations, and a trace of every
//! (policy, binding, param) considered.
//!
//! Requests for the resources a policy never sees ([`NEVER_EVALUATED`]: the policy kinds and the
//! review resources) are admitted with a trace saying so.
//!
//! [`explain`] says which webhooks and policies a request reaches, in the apiserver's order.
//! `authorizer` checks in expressions are answered by [`Configuration::authorizer`] (such as
//! [`Rbac`] over the cluster's roles and bindings), or denied.
//!
//! [`type_check`] gives what the apiserver writes to a policy's `status.typeChecking`;
//! [`cost_notes`], kubeidl's own worst-case cost estimates over the runtime limits.

mod api_checks;
mod cost;
mod criteria;
mod env;
mod equivalence;
mod evaluate;
mod explain;
mod fields;
mod matching;
mod mutate;
mod mutating;
mod patch;
mod policy;
mod rbac;
mod request;
mod rules;
mod schemas;
mod selector;
mod status;
mod typecheck;
mod webhooks;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

pub use api_checks::{
    binding_errors, mutating_binding_errors, mutating_policy_errors, policy_errors,
};
pub use cost::{cost_notes, CostNote};
pub use criteria::{MatchPolicy, MatchResources, Owner};
pub use equivalence::{equivalents_in, equivalents_of_custom, EquivalentResource};
pub use evaluate::{
    admit, Attributes, Configuration, Response, Step, UserInfo, NEVER_EVALUATED, NO_AUTHORIZER,
    VALIDATION_FAILURE,
};
pub use explain::{explain, Call, Explanation, Invocation, WEBHOOK_EXEMPT_KINDS};
pub use matching::{matches, Decision, MatchError, Matched, Mismatch, ObjectMiss};
pub use mutate::{mutate, Mutated};
pub use mutating::{MutatingPolicy, Mutation, PatchType, Reinvocation};
pub use patch::{json_patch, merge_apply_configuration};
pub use policy::{
    Action, AuditAnnotation, Binding, Expression, FailurePolicy, ParamKind, ParamNotFound,
    ParamRef, Policy, Validation,
};
pub use rbac::{Rbac, PRIVILEGED_GROUP, RBAC_KINDS};
pub use request::{
    labels_of, GroupVersionKind, GroupVersionResource, Labels, Operation, Request,
    NAMESPACE_NAME_LABEL,
};
pub use rules::{Rule, RuleMiss, Scope};
pub use schemas::{ClusterSchemas, KindSchema, KindSchemas};
pub use selector::{LabelSelector, Operator, Requirement};
pub use status::{Details, Status};
pub use typecheck::{
    kinds_to_check, type_check, type_check_mutating, CatalogKinds, ExpressionWarning, KindResolver,
    MAX_TYPES_PER_RULE,
};
pub use webhooks::{call_order, webhooks_of, Webhook, WebhookKind};

#[cfg(test)]
mod evaluate_tests;
#[cfg(test)]
mod explain_tests;
#[cfg(test)]
mod mutate_tests;
#[cfg(test)]
mod test_requests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod typecheck_tests;
