//! CEL with Kubernetes' semantics: parsing (through the `cel` crate, with Kubernetes' limits),
//! compilation to a tree of slots and builtins, evaluation over borrowed values with cost
//! metering, and cel-go's error texts.

pub mod error;
pub mod parse;
pub mod value;

pub use error::{CompileError, EvalError, Stage};
pub use value::Value;
