//! The rule configuration `kubeidl diff` and `kubeidl lint` share (`.kubeidl.yaml`): each
//! rule's severity, or `off`, everywhere or only for findings at certain places, as linters'
//! settings do. Individual accepted findings stay in the exception file; this is for whole
//! rules and whole parts of an API.
//!
//! ```yaml
//! rules:
//!   - rule: list-type-missing       # a rule ID, or a glob of them (version-*)
//!     severity: off                 # off, notice, warning or error
//!   - rule: "*"
//!     severity: warning
//!     paths: ["*.status.*"]         # only findings whose definition.path matches a glob
//! ```
//!
//! The last entry that matches a finding decides its severity.

use crate::report::Level;
use kubeidl::document::{read_documents, SourcePosition};
use serde_json::Value;

/// What a rule's findings become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Not reported.
    Off,
    Notice,
    Warning,
    /// Reported, and fails the run.
    Error,
}

impl Severity {
    fn from_name(name: &str) -> Option<Severity> {
        match name {
            "off" => Some(Severity::Off),
            "notice" => Some(Severity::Notice),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }

    /// The report level, `None` for `off`.
    pub fn level(self) -> Option<Level> {
        match self {
            Severity::Off => None,
            Severity::Notice => Some(Level::Note),
            Severity::Warning => Some(Level::Warning),
            Severity::Error => Some(Level::Error),
        }
    }
}

/// One entry of `rules:`.
#[derive(Debug, Clone)]
pub struct Setting {
    pub rule: glob::Pattern,
    pub severity: Severity,
    /// Globs over `definition.path`; empty: everywhere.
    pub paths: Vec<glob::Pattern>,
    /// Where the entry is written.
    pub at: SourcePosition,
}

/// A configuration file as read.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub settings: Vec<Setting>,
}

/// Why a configuration file cannot be used, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{}: {message}", .at.line, .at.column)]
pub struct ConfigError {
    pub at: SourcePosition,
    pub message: String,
}

impl Config {
    /// Reads a configuration file; `known` says whether a rule ID exists (in diff's or lint's
    /// rules), so a misspelt one is an error rather than a setting that never applies.
    pub fn read(bytes: &[u8], known: impl Fn(&str) -> bool) -> Result<Config, ConfigError> {
        let start = SourcePosition { line: 1, column: 1 };
        let fail = |at: SourcePosition, message: String| ConfigError { at, message };
        let mut docs = read_documents(bytes).into_iter();
        let doc = match docs.next() {
            None => return Ok(Config::default()),
            Some(Err(e)) => return Err(fail(e.position.unwrap_or(start), e.message)),
            Some(Ok(doc)) => doc,
        };
        let map = match &doc.value {
            Value::Null => return Ok(Config::default()),
            Value::Object(map) => map,
            _ => return Err(fail(doc.positions.at, "expected `rules: [...]`".into())),
        };
        // `validate:` holds the settings `kubeidl validate` and `kubeidl lsp` read.
        if let Some(key) = map.keys().find(|k| *k != "rules" && *k != "validate") {
            let at = doc.positions.find(&format!("/{key}"));
            return Err(fail(
                at,
                format!("unknown key {key:?}: expected `rules: [...]`"),
            ));
        }
        let items = match map.get("rules") {
            None | Some(Value::Null) => return Ok(Config::default()),
            Some(Value::Array(items)) => items,
            Some(_) => {
                let at = doc.positions.find("/rules");
                return Err(fail(at, "`rules` must be a list".into()));
            }
        };
        let mut settings = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let here = |key: &str| doc.positions.find(&format!("/rules/{i}{key}"));
            let Value::Object(entry) = item else {
                return Err(fail(
                    here(""),
                    "each rule setting is a mapping: `rule`, `severity`, `paths`".into(),
                ));
            };
            if let Some(key) = entry
                .keys()
                .find(|k| !matches!(k.as_str(), "rule" | "severity" | "paths"))
            {
                return Err(fail(
                    here(&format!("/{key}")),
                    format!("unknown key {key:?}: expected rule, severity and paths"),
                ));
            }
            let rule = match entry.get("rule").and_then(Value::as_str) {
                Some(r) => r,
                None => {
                    return Err(fail(
                        here(""),
                        "`rule` (a rule ID or a glob of them) is required".into(),
                    ))
                }
            };
            let is_glob = rule.contains(['*', '?', '[']);
            if !is_glob && !known(rule) {
                return Err(fail(
                    here("/rule"),
                    format!("unknown rule {rule:?} (kubeidl diff --rules and kubeidl lint --rules list them)"),
                ));
            }
            let rule = glob::Pattern::new(rule)
                .map_err(|e| fail(here("/rule"), format!("rule {rule:?}: {e}")))?;
            let severity = match entry.get("severity") {
                // YAML 1.1, as Kubernetes reads it, takes an unquoted `off` for false.
                Some(Value::Bool(false)) => Some(Severity::Off),
                Some(Value::String(name)) => Severity::from_name(name),
                _ => None,
            }
            .ok_or_else(|| {
                fail(
                    here("/severity"),
                    "`severity` must be off, notice, warning or error".into(),
                )
            })?;
            let paths = match entry.get("paths") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(globs)) => globs
                    .iter()
                    .enumerate()
                    .map(|(j, g)| {
                        let at = here(&format!("/paths/{j}"));
                        let text = g
                            .as_str()
                            .ok_or_else(|| fail(at, "a path glob is a string".into()))?;
                        glob::Pattern::new(text)
                            .map_err(|e| fail(at, format!("path {text:?}: {e}")))
                    })
                    .collect::<Result<_, _>>()?,
                Some(_) => {
                    return Err(fail(
                        here("/paths"),
                        "`paths` must be a list of globs".into(),
                    ))
                }
            };
            settings.push(Setting {
                rule,
                severity,
                paths,
                at: here(""),
            });
        }
        Ok(Config { settings })
    }

    /// The severity configured for a finding of `rule` at `place` (`definition.path`), `None`
    /// when no entry matches it.
    pub fn severity(&self, rule: &str, place: &str) -> Option<Severity> {
        self.settings
            .iter()
            .rev()
            .find(|s| {
                s.rule.matches(rule)
                    && (s.paths.is_empty() || s.paths.iter().any(|p| p.matches(place)))
            })
            .map(|s| s.severity)
    }

    /// Whether a finding of `rule` at `place` is reported at all.
    pub fn reports(&self, rule: &str, place: &str) -> bool {
        self.severity(rule, place) != Some(Severity::Off)
    }

    /// Sets the level of each entry of `report` a setting matches (an excepted entry stays as
    /// its exception made it).
    pub fn apply(&self, report: &mut crate::report::Report) {
        for e in &mut report.entries {
            if e.excepted.is_some() {
                continue;
            }
            let place = crate::findings::place(&e.definition, &e.path);
            if let Some(level) = self.severity(&e.rule, &place).and_then(Severity::level) {
                e.level = level;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<Config, ConfigError> {
        Config::read(text.as_bytes(), |r| {
            matches!(r, "list-type-missing" | "max-length-tightened")
        })
    }

    #[test]
    fn the_last_matching_setting_decides() {
        let c = config(
            "rules:\n  - rule: list-type-missing\n    severity: off\n  - rule: \"*\"\n    severity: warning\n    paths: [\"*.status.*\"]\n",
        )
        .unwrap();
        assert_eq!(
            c.severity("list-type-missing", "io.x.v1.A.spec.items"),
            Some(Severity::Off)
        );
        assert_eq!(
            c.severity("list-type-missing", "io.x.v1.A.status.items"),
            Some(Severity::Warning)
        );
        assert_eq!(
            c.severity("max-length-tightened", "io.x.v1.A.spec.name"),
            None
        );
        assert!(!c.reports("list-type-missing", "io.x.v1.A.spec.items"));
    }

    #[test]
    fn mistakes_are_errors_where_they_are_written() {
        let err = config("rules:\n  - rule: list-type-mising\n    severity: off\n").unwrap_err();
        assert_eq!(
            err.at,
            SourcePosition {
                line: 2,
                column: 11
            }
        );
        assert!(
            err.message.starts_with("unknown rule \"list-type-mising\""),
            "{err}"
        );
        let err = config("rules:\n  - rule: list-type-missing\n    severity: loud\n").unwrap_err();
        assert_eq!(err.at.line, 3);
        assert!(
            err.message.contains("off, notice, warning or error"),
            "{err}"
        );
        let err = config("rule: []\n").unwrap_err();
        assert!(err.message.starts_with("unknown key \"rule\""), "{err}");
        assert!(config("").unwrap().settings.is_empty());
    }
}
