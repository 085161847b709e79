//! The generator's error: a message with the source position it is about, rendered as
//! `file:line:col: message`, optionally followed by the source line and a caret.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A position in a source file; line and column are 1-based, the column counts characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourcePos {
    pub file: Arc<PathBuf>,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// An error of the generator, with the position it is about when there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    pub pos: Option<SourcePos>,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.pos {
            Some(pos) => write!(f, "{pos}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl Error {
    pub fn new(message: impl Into<String>) -> Error {
        Error {
            pos: None,
            message: message.into(),
        }
    }

    pub fn at(pos: &SourcePos, message: impl Into<String>) -> Error {
        Error {
            pos: Some(pos.clone()),
            message: message.into(),
        }
    }

    /// Several errors as one: each on its own line, in the order given.
    pub fn many(errors: Vec<Error>) -> Error {
        match <[Error; 1]>::try_from(errors) {
            Ok([one]) => one,
            Err(errors) => Error::new(
                errors
                    .iter()
                    .map(Error::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        }
    }

    pub fn io(path: &Path, err: std::io::Error) -> Error {
        Error::new(format!("{}: {err}", path.display()))
    }

    /// The error followed by the offending source line and a caret under the column, when the
    /// file can be read; otherwise just the error.
    pub fn render_with_source(&self) -> String {
        let mut out = self.to_string();
        if let Some(pos) = &self.pos {
            if let Some(line) = std::fs::read_to_string(pos.file.as_path())
                .ok()
                .and_then(|text| {
                    text.lines()
                        .nth(pos.line.saturating_sub(1))
                        .map(str::to_string)
                })
            {
                let caret_pad: String = line
                    .chars()
                    .take(pos.column.saturating_sub(1))
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                out.push_str(&format!("\n    {line}\n    {caret_pad}^"));
            }
        }
        out
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
