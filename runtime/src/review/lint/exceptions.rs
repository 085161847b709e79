//! The exception file (`kubeidl-exceptions.yaml`): findings a team accepts, each keyed by rule
//! ID, type (definition name; version-neutral for version rules), field path and, for version
//! rules, the pair of versions, with the reason and the owner. An exception that matches no
//! finding is stale, and an error: the file never outlives what it excuses.
//!
//! ```yaml
//! exceptions:
//!   - rule: version-max-length
//!     type: com.example.widgets.WidgetSpec
//!     path: name
//!     versions: v1beta1/v1
//!     reason: v1 shortened names on purpose; v1beta1 objects are converted by the webhook
//!     owner: "@widgets-api-reviewers"
//! ```

use super::rules::is_lint_rule;
use super::LintFinding;
use crate::document::{read_documents, SourcePosition};
use serde_json::Value;

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

/// Reads an exception file.
pub fn read(bytes: &[u8]) -> Result<Vec<Exception>, ExceptionError> {
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
        if !is_lint_rule(&rule) {
            let at = doc.positions.find(&format!("{base}/rule"));
            return Err(fail(
                at,
                format!("unknown rule {rule:?}; `kubeidl lint --rules` lists them"),
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
            at,
        });
    }
    Ok(out)
}

impl Exception {
    /// Whether this exception accepts `f`.
    pub fn matches(&self, f: &LintFinding) -> bool {
        self.rule == f.rule
            && self.definition == f.definition
            && self.path == f.path
            && match (&self.versions, &f.versions) {
                (None, _) => true,
                (Some(v), Some((older, newer))) => *v == format!("{older}/{newer}"),
                (Some(_), None) => false,
            }
    }
}

/// Splits `findings` into those no exception accepts and the exceptions that accepted none
/// (stale).
pub fn apply(
    findings: Vec<LintFinding>,
    exceptions: &[Exception],
) -> (Vec<LintFinding>, Vec<&Exception>) {
    let mut used = vec![false; exceptions.len()];
    let kept = findings
        .into_iter()
        .filter(|f| {
            let mut accepted = false;
            for (i, e) in exceptions.iter().enumerate() {
                if e.matches(f) {
                    used[i] = true;
                    accepted = true;
                }
            }
            !accepted
        })
        .collect();
    let stale = exceptions
        .iter()
        .zip(used)
        .filter(|(_, u)| !u)
        .map(|(e, _)| e)
        .collect();
    (kept, stale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_with_positions_and_bad_ones_are_refused_where_they_stand() {
        let ok = read(b"exceptions:\n  - rule: list-type-missing\n    type: a.v1.B\n    path: spec.items\n    reason: old API\n    owner: me\n").unwrap();
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
            let e = read(text.as_bytes()).unwrap_err();
            assert_eq!(e.at.line, line, "{text}");
            assert!(e.message.contains(message), "{e}");
        }
        assert_eq!(read(b"").unwrap(), Vec::new());
    }
}
