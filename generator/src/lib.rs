//! kubeidl-gen: Go API packages (read with tree-sitter) to Kubernetes OpenAPI v3 and CRDs.
//!
//! - [`go`]: the Go front end (module map, package loading, declarations, comments).
//! - [`openapi`]: openapi-gen's rules, from declarations to schemas.
//! - [`crd`]: kinds to CustomResourceDefinitions (inlined, structural, checked).
//! - [`review`]: Go package trees (and their files at a git revision) as `kubeidl diff`
//!   revisions.
//! - [`Generator`]: the library call for `build.rs`; the `kubeidl` binary wraps the same.

mod builder;
pub mod crd;
pub mod error;
pub mod go;
pub mod openapi;
pub mod output;
pub mod review;
pub mod staleness;

pub use builder::Generator;
pub use error::{Error, Result, SourcePos};
pub use openapi::{Generated, Options};
