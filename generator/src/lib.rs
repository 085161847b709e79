//! kubeidl-gen: Go API packages (read with tree-sitter) to Kubernetes OpenAPI v3 and CRDs.
//!
//! - [`go`]: the Go front end (module map, package loading, declarations, comments).
//! - [`openapi`]: openapi-gen's rules, from declarations to schemas.
//! - [`crd`]: kinds to CustomResourceDefinitions (inlined, structural, checked).
//! - [`Generator`]: the library call for `build.rs`; the `kubeidl` binary (crate `kubeidl-cli`)
//!   wraps the same.

mod builder;
pub mod controller_gen;
pub mod crd;
pub mod error;
pub mod go;
pub mod openapi;
pub mod output;
pub mod staleness;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

pub use builder::Generator;
pub use error::{Error, Result, SourcePos};
pub use openapi::{Generated, Options};
