//! Validation tags: the comment-line vocabulary in which Kubernetes API types declare their
//! validation (KEP-4153's tags, validation-gen's `+k8s:` tags, kubebuilder markers and
//! kube-openapi's `+k8s:validation:` lines), read into one model.

pub mod codetags;
pub(crate) mod family;
pub mod lower;
pub mod marker_value;
pub mod options;
pub mod read;
pub mod reference;
pub mod registry;

pub use family::native::NATIVE_EXTENSION;
