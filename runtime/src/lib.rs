//! kubeidl: Kubernetes declarative validation.
//!
//! This crate holds what every front door of kubeidl shares: the OpenAPI v3 schema model with the
//! `x-kubernetes-*` extensions and the canonical JSON writer that Kubernetes' published documents use.
//! Validation of objects and the CEL engine build on this model.

pub mod admission;
pub mod apimachinery;
pub mod cel;
pub mod comments;
pub mod document;
pub mod errors;
pub mod kube;
pub mod schema;
pub mod strconv;
pub mod tags;
pub mod typed;
pub mod validate;
pub mod value;
