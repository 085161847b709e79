//! What `kubeidl diff` and `kubeidl lint` share on the command line: the exception file (named
//! by `--exceptions`, or `kubeidl-exceptions.yaml` in the current directory when it exists),
//! the output formats and the writing of a report in each, and stale exceptions on stderr.

use super::print;
use kubeidl_gen::{Error, SourcePos};
use kubeidl_review::config::Config;
use kubeidl_review::exceptions::{self, Exception};
use kubeidl_review::report::{github, markdown, sarif, Report};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The exception file read when `--exceptions` is not given and it exists.
pub const DEFAULT_EXCEPTIONS: &str = "kubeidl-exceptions.yaml";

/// The values of `-o`.
pub const FORMATS: [&str; 5] = ["text", "json", "sarif", "github", "markdown"];

/// The values of `--policy`: `auto`, then the policies from the laxest.
pub fn policy_names() -> Vec<&'static str> {
    std::iter::once("auto")
        .chain(
            kubeidl_review::policy::POLICIES
                .iter()
                .map(|(p, _)| p.as_str()),
        )
        .collect()
}

/// The exception file to read: the one named, else the default one when it exists.
pub fn exceptions_path(named: &Option<PathBuf>) -> Option<PathBuf> {
    match named {
        Some(p) => Some(p.clone()),
        None => Some(PathBuf::from(DEFAULT_EXCEPTIONS)).filter(|p| p.is_file()),
    }
}

/// The entries of the exception file, none without one; errors at its file:line:col.
pub fn read_exceptions(path: Option<&Path>) -> Result<Vec<Exception>, Error> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    exceptions::read(&bytes, &path.display().to_string()).map_err(|e| {
        let at = SourcePos {
            file: Arc::new(PathBuf::from(path)),
            line: e.at.line,
            column: e.at.column,
        };
        Error::at(&at, e.message)
    })
}

/// The rule configuration found when `--config` is not given: the nearest such file from the
/// current directory up.
pub const CONFIG_FILE: &str = ".kubeidl.yaml";

/// The rule configuration: the file named, else the nearest `.kubeidl.yaml` upward, else none;
/// errors at its file:line:col.
pub fn read_config(named: &Option<PathBuf>) -> Result<Config, Error> {
    let path = match named {
        Some(p) => Some(p.clone()),
        None => std::env::current_dir().ok().and_then(|cwd| {
            cwd.ancestors()
                .map(|d| d.join(CONFIG_FILE))
                .find(|f| f.is_file())
        }),
    };
    let Some(path) = path else {
        return Ok(Config::default());
    };
    let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, e))?;
    let known = |rule: &str| {
        kubeidl_review::rule_of(rule).is_some() || kubeidl_review::lint::is_lint_rule(rule)
    };
    Config::read(&bytes, known).map_err(|e| {
        let at = SourcePos {
            file: Arc::new(path.clone()),
            line: e.at.line,
            column: e.at.column,
        };
        Error::at(&at, e.message)
    })
}

/// Prints the report in `format`; `text` gives each entry's text form (by its index), which
/// the entry's marks (policy violated, exception) follow.
pub fn write(report: &Report, format: &str, text: impl Fn(usize) -> String) -> Result<(), Error> {
    let out = match format {
        "json" => report.json(),
        "sarif" => sarif::write(report),
        "github" => github::write(report),
        "markdown" => markdown::write(report),
        _ => report
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| text(i) + &e.marks_text())
            .collect(),
    };
    print(&out)
}

/// Each stale exception on stderr at its file:line:col, as an error.
pub fn print_stale(report: &Report) {
    for e in &report.stale {
        eprintln!("{}: error: {}", e.site().location(), e.stale_message());
    }
}
