//! The exception file (`kubeidl-exceptions.yaml`): findings of `kubeidl diff` and `kubeidl lint`
//! a team accepts, one file for both. Each entry names its findings by rule ID (the rule says
//! which command it is for: diff and lint rule IDs are disjoint), type, field path and
//! optionally a pair of versions, with the reason and the owner. An exception that matches no
//! finding of its command is stale, and an error: the file never outlives what it excuses.
//!
//! An entry's `type` is a definition as findings name it, or that name without its version
//! segment, which matches every version (`com.example.widgets.WidgetSpec` matches
//! `com.example.widgets.v1.WidgetSpec` and lint's version-neutral names; `com.example.Widget`
//! matches `--crd-versions`' `com.example.v1beta1->v1.Widget`). `versions: older/newer`, when
//! given, matches only findings between those two versions: lint's version rules, and diff's
//! `--crd-versions` pairs.
//!
//! ```yaml
//! exceptions:
//!   - rule: version-max-length
//!     type: com.example.widgets.WidgetSpec
//!     path: name
//!     versions: v1beta1/v1
//!     reason: v1 shortened names on purpose; v1beta1 objects are converted by the webhook
//!     owner: "@widgets-api-reviewers"
//!   - rule: max-length-tightened
//!     type: com.example.widgets.v1.WidgetSpec
//!     path: name
//!     reason: names over 16 characters never worked with the controller
//!     owner: "@widgets-api-reviewers"
//! ```

use super::findings::{place, rule_of, Site};
use super::lint::is_lint_rule;
use super::version::split_definition;
use kubeidl::document::{read_documents, SourcePosition};
use serde_json::Value;

/// The command an exception is for, told by its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Diff,
    Lint,
}

/// What an exception is matched against: a finding's rule, definition, path and, for findings
/// between two versions, the versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subject<'a> {
    pub rule: &'a str,
    pub definition: &'a str,
    pub path: &'a str,
    pub versions: Option<(&'a str, &'a str)>,
}

/// One accepted finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub rule: String,
    pub definition: String,
    pub path: String,
    /// `older/newer`, for version rules; any pair when absent.
    pub versions: Option<String>,
    pub reason: String,
    pub owner: String,
    /// The exception file, as named on the command line.
    pub file: String,
    /// Where the entry starts in the file.
    pub at: SourcePosition,
}

/// A file that is not a valid exception file, with where (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{}: {message}", .at.line, .at.column)]
pub struct ExceptionError {
    pub at: SourcePosition,
    pub message: String,
}

const KEYS: &[&str] = &["rule", "type", "path", "versions", "reason", "owner"];

/// Reads an exception file, named `file` in findings and errors.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Exception>, ExceptionError> {
    let start = SourcePosition { line: 1, column: 1 };
    let fail = |at: SourcePosition, message: String| ExceptionError { at, message };
    let mut docs = read_documents(bytes).into_iter();
    let doc = match docs.next() {
        None => return Ok(Vec::new()),
        Some(Err(e)) => return Err(fail(e.position.unwrap_or(start), e.message)),
        Some(Ok(doc)) => doc,
    };
    if let Some(next) = docs.next() {
        let at = next
            .map(|d| d.positions.at)
            .unwrap_or_else(|e| e.position.unwrap_or(start));
        return Err(fail(at, "an exception file holds one document".into()));
    }
    let entries = match &doc.value {
        Value::Null => return Ok(Vec::new()),
        Value::Object(map) => {
            if let Some(key) = map.keys().find(|k| *k != "exceptions") {
                let at = doc.positions.find(&format!("/{key}"));
                return Err(fail(
                    at,
                    format!("unknown key {key:?}: expected `exceptions: [...]`"),
                ));
            }
            match map.get("exceptions") {
                None | Some(Value::Null) => return Ok(Vec::new()),
                Some(Value::Array(items)) => items,
                Some(_) => {
                    let at = doc.positions.find("/exceptions");
                    return Err(fail(at, "`exceptions` must be a list".into()));
                }
            }
        }
        _ => {
            return Err(fail(
                doc.positions.at,
                "expected `exceptions: [...]`".into(),
            ))
        }
    };
    let mut out = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let base = format!("/exceptions/{i}");
        let at = doc.positions.find(&base);
        let Value::Object(map) = entry else {
            return Err(fail(
                at,
                "an exception is a mapping of rule, type, path, reason and owner".into(),
            ));
        };
        if let Some(key) = map.keys().find(|k| !KEYS.contains(&k.as_str())) {
            let at = doc.positions.find(&format!("{base}/{key}"));
            return Err(fail(
                at,
                format!("unknown key {key:?}: expected one of {}", KEYS.join(", ")),
            ));
        }
        let text = |key: &str, required: bool| -> Result<Option<String>, ExceptionError> {
            match map.get(key) {
                Some(Value::String(s)) if !s.trim().is_empty() || key == "path" => {
                    Ok(Some(s.clone()))
                }
                None if !required => Ok(None),
                None => Err(fail(at, format!("missing `{key}`"))),
                Some(_) => Err(fail(
                    doc.positions.find(&format!("{base}/{key}")),
                    format!("`{key}` must be a non-empty string"),
                )),
            }
        };
        let rule = text("rule", true)?.unwrap_or_default();
        if command_of(&rule).is_none() {
            let at = doc.positions.find(&format!("{base}/rule"));
            return Err(fail(
                at,
                format!("unknown rule {rule:?}; `kubeidl lint --rules` and `kubeidl diff --rules` list them"),
            ));
        }
        let versions = text("versions", false)?;
        if let Some(v) = &versions {
            if v.split('/').count() != 2 {
                let at = doc.positions.find(&format!("{base}/versions"));
                return Err(fail(
                    at,
                    format!("versions {v:?}: expected `older/newer`, as v1beta1/v1"),
                ));
            }
        }
        out.push(Exception {
            rule,
            definition: text("type", true)?.unwrap_or_default(),
            path: text("path", false)?.unwrap_or_default(),
            versions,
            reason: text("reason", true)?.unwrap_or_default(),
            owner: text("owner", true)?.unwrap_or_default(),
            file: file.to_string(),
            at,
        });
    }
    Ok(out)
}

/// The command a rule ID belongs to.
fn command_of(rule: &str) -> Option<Command> {
    if rule_of(rule).is_some() {
        Some(Command::Diff)
    } else if is_lint_rule(rule) {
        Some(Command::Lint)
    } else {
        None
    }
}

impl Exception {
    /// The command this exception is for, `None` for a rule neither has (which [`read`]
    /// refuses).
    pub fn command(&self) -> Option<Command> {
        command_of(&self.rule)
    }

    /// Whether this exception accepts `s`.
    pub fn matches(&self, s: &Subject) -> bool {
        let split = split_definition(s.definition);
        let versions = s.versions.or_else(|| split.as_ref().and_then(|v| v.pair()));
        self.rule == s.rule
            && self.path == s.path
            && (self.definition == s.definition
                || split.is_some_and(|v| v.neutral() == self.definition))
            && match (&self.versions, versions) {
                (None, _) => true,
                (Some(v), Some((older, newer))) => *v == format!("{older}/{newer}"),
                (Some(_), None) => false,
            }
    }

    /// What a stale exception is reported as: `stale exception: no RULE finding at PLACE
    /// (VERSIONS)`.
    pub fn stale_message(&self) -> String {
        let versions = self
            .versions
            .as_ref()
            .map(|v| format!(" ({v})"))
            .unwrap_or_default();
        format!(
            "stale exception: no {} finding at {}{versions}",
            self.rule,
            place(&self.definition, &self.path)
        )
    }

    /// Where the entry stands, as a finding's site: `rule type.path (versions)` at its line.
    pub fn site(&self) -> Site {
        let versions = self
            .versions
            .as_ref()
            .map(|v| format!(" ({v})"))
            .unwrap_or_default();
        Site {
            text: format!(
                "{} {}{versions}",
                self.rule,
                place(&self.definition, &self.path)
            ),
            file: self.file.clone(),
            line: Some(self.at.line),
            column: Some(self.at.column),
            ..Site::default()
        }
    }
}

/// What the exceptions of one command make of its findings.
#[derive(Debug, Default)]
pub struct Applied<'e> {
    /// For each subject in order, the first exception that accepts it.
    pub accepted_by: Vec<Option<&'e Exception>>,
    /// The exceptions of `command` that accept nothing.
    pub stale: Vec<&'e Exception>,
}

/// Matches the `command`'s exceptions against its findings' subjects; the other command's
/// entries are left alone.
pub fn apply<'e>(
    subjects: &[Subject],
    exceptions: &'e [Exception],
    command: Command,
) -> Applied<'e> {
    let ours: Vec<&Exception> = exceptions
        .iter()
        .filter(|e| e.command() == Some(command))
        .collect();
    let mut used = vec![false; ours.len()];
    let accepted_by = subjects
        .iter()
        .map(|s| {
            let mut first = None;
            for (i, e) in ours.iter().enumerate() {
                if e.matches(s) {
                    used[i] = true;
                    first = first.or(Some(*e));
                }
            }
            first
        })
        .collect();
    let stale = ours
        .iter()
        .zip(used)
        .filter(|(_, u)| !u)
        .map(|(e, _)| *e)
        .collect();
    Applied { accepted_by, stale }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_with_positions_and_bad_ones_are_refused_where_they_stand() {
        let ok = read(b"exceptions:\n  - rule: list-type-missing\n    type: a.v1.B\n    path: spec.items\n    reason: old API\n    owner: me\n", "x.yaml").unwrap();
        assert_eq!(ok.len(), 1);
        assert_eq!(ok[0].at.line, 2);
        assert_eq!(ok[0].path, "spec.items");
        for (text, line, message) in [
            ("exceptions:\n  - rule: nope\n    type: a\n    reason: r\n    owner: o\n", 2, "unknown rule"),
            ("exceptions:\n  - rule: rule-constant\n    type: a\n    owner: o\n", 2, "missing `reason`"),
            ("exceptions:\n  - rule: rule-constant\n    type: a\n    reason: r\n    owner: o\n    colour: red\n", 6, "unknown key"),
            ("exceptions:\n  - rule: version-enum\n    type: a\n    versions: v1\n    reason: r\n    owner: o\n", 4, "older/newer"),
            ("exception: []\n", 1, "unknown key"),
        ] {
            let e = read(text.as_bytes(), "x.yaml").unwrap_err();
            assert_eq!(e.at.line, line, "{text}");
            assert!(e.message.contains(message), "{e}");
        }
        assert_eq!(read(b"", "x.yaml").unwrap(), Vec::new());
    }

    #[test]
    fn diff_and_lint_rules_are_disjoint() {
        for r in super::super::RULES {
            assert!(!is_lint_rule(r.id), "{} is a diff and a lint rule", r.id);
        }
    }

    #[test]
    fn types_match_with_or_without_their_version() {
        let file = b"exceptions:\n  - rule: max-length-tightened\n    type: com.example.W\n    path: spec.name\n    reason: r\n    owner: o\n  - rule: max-length-tightened\n    type: com.example.v1.W\n    path: spec.name\n    versions: v1beta1/v1\n    reason: r\n    owner: o\n  - rule: list-type-missing\n    type: com.example.v1.W\n    path: spec.items\n    reason: r\n    owner: o\n";
        let exceptions = read(file, "x.yaml").unwrap();
        let subject = |definition| Subject {
            rule: "max-length-tightened",
            definition,
            path: "spec.name",
            versions: None,
        };
        assert!(exceptions[0].matches(&subject("com.example.v1.W")));
        assert!(exceptions[0].matches(&subject("com.example.v1beta1->v1.W")));
        assert!(!exceptions[0].matches(&subject("com.example.other.v1.W")));
        // A pair of versions is matched only by a definition naming it.
        assert!(!exceptions[1].matches(&subject("com.example.v1.W")));
        let subjects = [subject("com.example.v1.W")];
        let applied = apply(&subjects, &exceptions, Command::Diff);
        assert_eq!(applied.accepted_by, vec![Some(&exceptions[0])]);
        // The lint entry is not diff's to call stale.
        assert_eq!(applied.stale, vec![&exceptions[1]]);
        assert_eq!(
            exceptions[2].site().render(),
            "list-type-missing com.example.v1.W.spec.items (x.yaml:13:9)"
        );
    }
}
