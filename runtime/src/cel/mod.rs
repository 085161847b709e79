//! CEL with Kubernetes' semantics: parsing (through the `cel` crate, with Kubernetes' limits),
//! compilation to a tree of slots and builtins, evaluation over borrowed values with cost
//! metering, and cel-go's error texts.
//!
//! ```
//! use kubeidl::cel::{Program, Value, PER_CALL_LIMIT};
//! let doc = serde_json::json!({"minReplicas": 1, "maxReplicas": 3});
//! let program = Program::compile("self.minReplicas <= self.maxReplicas", &["self"]).unwrap();
//! let out = program.evaluate(&[Value::from_json(&doc)], PER_CALL_LIMIT);
//! assert!(matches!(out.result, Ok(Value::Bool(true))));
//! ```

pub mod checker;
pub mod decl;
pub mod error;
pub mod estimate;

mod eval;
mod format;
mod functions;
pub mod library;
mod math;
pub mod native;
pub mod parse;
mod program;
pub mod rebase;
pub mod rule;
mod scopes;
pub mod straight;
pub(crate) mod time;
pub mod types;
pub mod value;

pub use checker::CheckOptions;
pub use error::{CompileError, EvalError, Stage};
pub use eval::{CostBudget, Evaluation, BUDGET_EXCEEDED, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET};
pub use library::extra::{ExtraLibraries, ExtraLibrary};
pub use program::Program;
pub use time::parse_duration as parse_go_duration;
pub use types::CelType;
pub use value::Value;

#[cfg(test)]
mod kep_formats_tests;
#[cfg(test)]
mod tests;
