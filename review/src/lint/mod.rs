//! `kubeidl lint`: one revision of an API checked on its own. Version consistency
//! (`versions.rs`): a type in several versions of a group validates each shared field the same
//! way in each, compared by `kubeidl diff`'s walk. Self-consistency (`consistency.rs`): each
//! definition's keywords and CEL rules agree with each other. Findings are accepted by the
//! exception file diff and lint share ([`super::exceptions`]), or left out when they were already
//! there at a baseline revision (`baseline.rs`); rule IDs are listed by `rules.rs`.
//!
//! ```
//! use kubeidl_review::{lint, read_revision};
//! let doc = br#"{"openapi": "3.0.0", "components": {"schemas": {
//!   "a.v1.B": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 63}}},
//!   "a.v2.B": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 32}}}}}}"#;
//! let findings = lint::lint(&[read_revision(doc, "api.json").unwrap()]);
//! assert_eq!(findings[0].rule, "version-max-length");
//! assert_eq!(findings[0].stricter.as_deref(), Some("v2"));
//! ```

pub mod baseline;
mod consistency;
mod rules;
pub mod versions;

pub use rules::{is_lint_rule, lint_rules, LintRule};

use super::exceptions::Subject;
use super::findings::{place, quote};
use super::{Revision, Site};
use std::collections::BTreeSet;

/// One finding of `kubeidl lint`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintFinding {
    /// A rule ID of [`lint_rules`].
    pub rule: String,
    /// The definition; for version rules, its name without the version
    /// (`io.k8s.api.autoscaling.HorizontalPodAutoscalerSpec`).
    pub definition: String,
    /// The field inside it, as `kubeidl diff` writes paths.
    pub path: String,
    /// For version rules: the older and the newer version compared.
    pub versions: Option<(String, String)>,
    /// For version rules: the version that rejects more, when one does.
    pub stricter: Option<String>,
    /// Where it stands: one site, or the older and newer versions' sites.
    pub sites: Vec<Site>,
    pub message: String,
}

/// Every finding of the revisions: version consistency first (by group, then version pair),
/// then each definition's self-consistency, in name order.
pub fn lint(revisions: &[Revision]) -> Vec<LintFinding> {
    let mut out = Vec::new();
    versions::check(revisions, &mut out);
    let mut seen = BTreeSet::new();
    for revision in revisions {
        consistency::check(revision, &mut seen, &mut out);
    }
    out
}

impl LintFinding {
    /// `definition.path`, or the definition alone.
    pub fn place(&self) -> String {
        place(&self.definition, &self.path)
    }

    /// What an exception is matched against.
    pub fn subject(&self) -> Subject<'_> {
        Subject {
            rule: &self.rule,
            definition: &self.definition,
            path: &self.path,
            versions: self
                .versions
                .as_ref()
                .map(|(older, newer)| (older.as_str(), newer.as_str())),
        }
    }

    /// The JSON object `kubeidl lint -o json` prints, on one line: `ruleId`, `definition`,
    /// `path`, then `versions` (`"v1beta1/v1"`) and `stricter` when there are some, `sites`,
    /// `message`.
    pub fn to_json_line(&self) -> String {
        let mut out = format!(
            "{{\"ruleId\": {}, \"definition\": {}, \"path\": {}",
            quote(&self.rule),
            quote(&self.definition),
            quote(&self.path)
        );
        if let Some((older, newer)) = &self.versions {
            out.push_str(&format!(
                ", \"versions\": {}",
                quote(&format!("{older}/{newer}"))
            ));
        }
        if let Some(stricter) = &self.stricter {
            out.push_str(&format!(", \"stricter\": {}", quote(stricter)));
        }
        let sites: Vec<String> = self.sites.iter().map(Site::to_json).collect();
        out.push_str(&format!(", \"sites\": [{}]", sites.join(", ")));
        out.push_str(&format!(", \"message\": {}}}", quote(&self.message)));
        out
    }
}

/// `{"findings": [...]}`, one finding per line.
pub fn findings_json(findings: &[LintFinding]) -> String {
    super::findings::report_json(findings.iter().map(LintFinding::to_json_line))
}

#[cfg(test)]
mod tests;
