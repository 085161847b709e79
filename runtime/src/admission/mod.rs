//! Admission offline: which requests a ValidatingAdmissionPolicy, its bindings and admission
//! webhooks apply to, decided as kube-apiserver decides it.
//!
//! So far: the attributes of a request that matching reads ([`Request`]) and label selectors
//! ([`LabelSelector`]).

mod fields;
mod request;
mod selector;

pub use request::{
    labels_of, GroupVersionKind, GroupVersionResource, Labels, Operation, Request,
    NAMESPACE_NAME_LABEL,
};
pub use selector::{LabelSelector, Operator, Requirement};
