//! kubeidl: Kubernetes declarative validation.
//!
//! This crate holds what every front door of kubeidl shares: the OpenAPI v3 schema model with the
//! `x-kubernetes-*` extensions and the canonical JSON writer that Kubernetes' published documents use.
//! Validation of objects builds on this model; the CEL engine is its own crate (`kubeidl-cel`),
//! seen here as [`cel`], with the schema model declared to it through `cel::schema_node`.

pub mod apimachinery;
pub mod comments;
pub mod crd;
pub mod document;
pub mod errors;
pub mod kube;
pub mod schema;
pub mod tags;
pub mod typed;
pub mod validate;
pub mod value;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

/// The CEL engine, a crate of its own (`kubeidl-cel`), seen here as `kubeidl::cel`.
pub use kubeidl_cel as cel;
/// Go's `strconv` quoting, which error texts share with the CEL engine.
pub use kubeidl_cel::strconv;
