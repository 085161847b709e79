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
//! use kubeidl::admission::{matches, GroupVersionKind, GroupVersionResource, MatchResources, Operation, Request};
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
//! Not yet here: policy evaluation (params, CEL, validation actions), the resources admission
//! never reaches (VAP's excluded review resources, webhook configuration kinds), webhook order.

mod criteria;
mod equivalence;
mod fields;
mod matching;
mod request;
mod rules;
mod selector;

pub use criteria::{MatchPolicy, MatchResources, Owner};
pub use equivalence::{equivalents_in, EquivalentResource};
pub use matching::{matches, Decision, MatchError, Matched, Mismatch, ObjectMiss};
pub use request::{
    labels_of, GroupVersionKind, GroupVersionResource, Labels, Operation, Request,
    NAMESPACE_NAME_LABEL,
};
pub use rules::{Rule, RuleMiss, Scope};
pub use selector::{LabelSelector, Operator, Requirement};

#[cfg(test)]
mod tests;
