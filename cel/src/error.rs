//! CEL errors: parse and check errors with a position (rendered as cel-go renders them, with the
//! source line and a caret), and evaluation errors with cel-go's texts.

use std::fmt;

/// A parse or type-check error at a position of the expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileIssue {
    /// 1-based line and column (in code points); `None` when the error has no location.
    pub location: Option<(usize, usize)>,
    pub message: String,
}

/// Errors of compiling an expression: the issues, rendered against the source.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct CompileError {
    pub stage: Stage,
    pub issues: Vec<CompileIssue>,
    expression: String,
}

/// Where compilation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Parse,
    Check,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Parse => "parse",
            Stage::Check => "check",
        }
    }
}

impl CompileError {
    pub fn new(stage: Stage, source: &str, issues: Vec<CompileIssue>) -> CompileError {
        CompileError {
            stage,
            issues,
            expression: source.to_string(),
        }
    }

    pub fn single(
        stage: Stage,
        source: &str,
        location: Option<(usize, usize)>,
        message: impl Into<String>,
    ) -> CompileError {
        CompileError::new(
            stage,
            source,
            vec![CompileIssue {
                location,
                message: message.into(),
            }],
        )
    }
}

/// cel-go's `ToDisplayString`: `ERROR: <input>:L:C: msg`, then ` | line` and ` | ...^`.
impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, issue) in self.issues.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match issue.location {
                Some((line, column)) => {
                    write!(f, "ERROR: <input>:{line}:{column}: {}", issue.message)?;
                    if let Some(text) = self.expression.lines().nth(line.saturating_sub(1)) {
                        let pad: String = text
                            .chars()
                            .take(column.saturating_sub(1))
                            .map(|c| if c == '\t' { '\t' } else { '.' })
                            .collect();
                        write!(f, "\n | {text}\n | {pad}^")?;
                    }
                }
                None => write!(f, "ERROR: <input>:-1:0: {}", issue.message)?,
            }
        }
        Ok(())
    }
}

/// An evaluation error, with cel-go's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct EvalError {
    pub message: String,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
        }
    }

    pub fn no_such_overload() -> EvalError {
        EvalError::new("no such overload")
    }

    pub fn no_matching_overload(function: &str) -> EvalError {
        EvalError::new(format!("no such overload: {function}"))
    }

    pub fn no_such_key(key: impl fmt::Display) -> EvalError {
        EvalError::new(format!("no such key: {key}"))
    }

    pub fn no_such_field(field: &str) -> EvalError {
        EvalError::new(format!("no such key: {field}"))
    }

    pub fn index_out_of_bounds(index: impl fmt::Display) -> EvalError {
        EvalError::new(format!("index out of bounds: {index}"))
    }

    pub fn division_by_zero() -> EvalError {
        EvalError::new("division by zero")
    }

    pub fn modulus_by_zero() -> EvalError {
        EvalError::new("modulus by zero")
    }

    pub fn int_overflow() -> EvalError {
        EvalError::new("integer overflow")
    }

    pub fn uint_overflow() -> EvalError {
        EvalError::new("unsigned integer overflow")
    }

    pub fn duration_overflow() -> EvalError {
        EvalError::new("duration overflow")
    }

    pub fn timestamp_overflow() -> EvalError {
        EvalError::new("timestamp overflow")
    }

    pub fn cost_limit() -> EvalError {
        EvalError::new("operation cancelled: actual cost limit exceeded")
    }

    pub fn undeclared(name: &str) -> EvalError {
        EvalError::new(format!("no such attribute(s): {name}"))
    }

    /// Whether this is the cost-limit cancellation (which nothing may absorb).
    pub fn is_cost_limit(&self) -> bool {
        self.message.starts_with("operation cancelled")
    }
}

pub type EvalResult<T> = Result<T, EvalError>;
