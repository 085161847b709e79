#![doc = include_str!("../README.md")]

pub mod checker;
pub mod decl;
pub mod error;
pub mod estimate;
pub mod inspect;

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
pub mod schema_node;
mod scopes;
pub mod straight;
pub mod strconv;
pub mod time;
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
mod mutation_tests;
#[cfg(test)]
mod tests;
