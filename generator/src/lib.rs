//! kubeidl-gen: Go API packages (read with tree-sitter) to Kubernetes OpenAPI v3.
//!
//! The library call for `build.rs` use is [`openapi::generate`]; the `kubeidl` binary wraps it.

pub mod error;
pub mod go;
pub mod openapi;
pub mod staleness;

pub use error::{Error, Result, SourcePos};
