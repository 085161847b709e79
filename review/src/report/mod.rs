//! The reports of `kubeidl diff` and `kubeidl lint`: one model both commands' findings become
//! ([`Report`], an [`Entry`] per finding with its [`Level`], the policy it violates and the
//! exception that accepts it; stale exceptions), and one writer per output format: JSON (here,
//! the findings' own JSON lines with the marks added), SARIF 2.1.0 (`sarif.rs`), GitHub Actions
//! workflow commands (`github.rs`) and a markdown summary for a pull request comment
//! (`markdown.rs`). The text form, with its snippets, is the command line's. Replayed
//! manifests (`diff --replay`) go in every format: the JSON lists them all; SARIF, GitHub and
//! markdown report those the change hurts, as entries of their own rules.

pub mod github;
pub mod markdown;
pub mod sarif;

use super::exceptions::{self, Command, Exception};
use super::findings::{place, quote, report_json, report_json_with, Direction, Finding, RULES};
use super::lint::{lint_rules, LintFinding};
use super::policy::{Policy, PolicyChoice};
use super::replay::{Replayed, Verdict};
use super::{Site, Witness};

/// How much a finding matters to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Fails the run: a diff finding that violates its policy, a lint finding, a stale
    /// exception.
    Error,
    /// Reported, allowed: a tightening (or a change kubeidl cannot decide) its policy allows.
    Warning,
    /// Accepted by an exception, or a neutral or loosening finding its policy allows.
    Note,
}

impl Level {
    /// As SARIF names levels.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// One finding as every format reports it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub rule: String,
    pub definition: String,
    pub path: String,
    /// What the summary groups by: the direction (diff), the rule (lint).
    pub class: String,
    /// What the finding is besides its rule and message, for headings: `tightening, updates:
    /// field-edited`; empty for lint, whose messages say the versions.
    pub detail: String,
    pub message: String,
    /// Where it stands, each site with what it is (`new`, `old`; `newer`, `older` version;
    /// empty for the one site), the one to look at first: the new side (the old one when the
    /// change removed it), the newer version.
    pub sites: Vec<(&'static str, Site)>,
    pub level: Level,
    /// The policy it violates, and why that policy applies (`auto: v1 is GA`).
    pub violates: Option<(Policy, String)>,
    pub excepted: Option<Exception>,
    /// Facts of the finding for tools: `direction`, `updates`, `versions`, `stricter`.
    pub properties: Vec<(&'static str, String)>,
    /// For diff --witnesses: `None` when none was looked for, else what was found.
    pub witness: Option<Option<Witness>>,
    /// The finding's own JSON object, on one line.
    json: String,
}

impl Entry {
    /// `definition.path`.
    /// An entry that is no finding (a stale exception, a replayed object), of `rule` (its
    /// class too), about `definition`, at one site; no path, properties or marks.
    fn beside(
        rule: &str,
        definition: &str,
        message: String,
        site: (&'static str, Site),
        level: Level,
    ) -> Entry {
        Entry {
            rule: rule.to_string(),
            definition: definition.to_string(),
            path: String::new(),
            class: rule.to_string(),
            detail: String::new(),
            message,
            sites: vec![site],
            level,
            violates: None,
            excepted: None,
            properties: Vec::new(),
            witness: None,
            json: String::new(),
        }
    }

    pub fn place(&self) -> String {
        place(&self.definition, &self.path)
    }

    /// The lines a text report adds under the finding: the policy it violates, or the exception
    /// that accepts it.
    pub fn marks_text(&self) -> String {
        let mut out = String::new();
        if let Some((policy, why)) = &self.violates {
            out.push_str(&format!(
                "  error: violates policy {} ({why})\n",
                policy.as_str()
            ));
        }
        if let Some(e) = &self.excepted {
            out.push_str(&format!(
                "  excepted: {} ({}, {})\n",
                e.reason,
                e.owner,
                e.site().location()
            ));
        }
        match &self.witness {
            Some(Some(w)) => out.push_str(&format!(
                "  witness: {}; NEW says: {}\n",
                w.accepted_text(),
                w.error
            )),
            Some(None) => out.push_str("  witness: none found among the candidates tried\n"),
            None => {}
        }
        out
    }

    /// The finding's JSON object with `"violates"` and `"excepted"` appended when they apply.
    pub fn to_json_line(&self) -> String {
        let mut out = self.json.clone();
        out.pop();
        if let Some((policy, _)) = &self.violates {
            out.push_str(&format!(", \"violates\": {}", quote(policy.as_str())));
        }
        if let Some(e) = &self.excepted {
            out.push_str(&format!(
                ", \"excepted\": {{\"reason\": {}, \"owner\": {}, \"file\": {}, \"line\": {}, \"column\": {}}}",
                quote(&e.reason),
                quote(&e.owner),
                quote(&e.file),
                e.at.line,
                e.at.column
            ));
        }
        if let Some(w) = &self.witness {
            let value = w.as_ref().map_or(serde_json::Value::Null, Witness::to_json);
            out.push_str(&format!(", \"witness\": {value}"));
        }
        out.push('}');
        out
    }

    /// One line of prose: `detail: message`, and the policy it violates or the exception.
    pub fn headline(&self) -> String {
        let mut out = match self.detail.is_empty() {
            true => self.message.clone(),
            false => format!("{}: {}", self.detail, self.message),
        };
        if let Some((policy, why)) = &self.violates {
            out.push_str(&format!(" (violates policy {}, {why})", policy.as_str()));
        }
        if let Some(e) = &self.excepted {
            out.push_str(&format!(" (excepted: {})", e.reason));
        }
        out
    }
}

/// The rule ID stale exceptions are reported under in SARIF, GitHub and markdown reports.
pub const STALE_RULE: &str = "stale-exception";
const STALE_SUMMARY: &str =
    "an entry of the exception file that accepts no finding: the file must not outlive what it excuses";

/// The rules replayed objects are reported under in SARIF, GitHub and markdown reports: the
/// verdicts that say a change hurts a stored object.
pub const REPLAY_RULES: [(&str, &str); 2] = [
    (
        "replay-rejected",
        "a replayed manifest that NEW rejects even on an update that changes nothing: the stored object cannot be updated until fixed",
    ),
    (
        "replay-ratcheted",
        "a replayed manifest that NEW rejects as a create, while an unchanged update passes by ratcheting: re-applying it to a new cluster fails",
    ),
];

/// A command's findings, ready for any format.
#[derive(Debug, Clone)]
pub struct Report {
    pub command: Command,
    /// Every rule the command reports: ID and what it reports.
    pub rules: Vec<(String, String)>,
    /// One entry per finding, in the findings' order.
    pub entries: Vec<Entry>,
    /// Exceptions of this command that accepted nothing.
    pub stale: Vec<Exception>,
    /// The policy of a diff.
    pub policy: Option<PolicyChoice>,
    /// For diff --replay: what was found of each manifest.
    pub replay: Option<Vec<Replayed>>,
}

impl Report {
    /// `kubeidl diff`'s findings under `policy`, with `exceptions` applied: a finding is an
    /// error when it violates the policy that applies to it and no exception accepts it.
    pub fn diff(findings: &[Finding], policy: PolicyChoice, exceptions: &[Exception]) -> Report {
        let subjects: Vec<_> = findings
            .iter()
            .map(|f| exceptions::Subject {
                rule: f.rule,
                definition: &f.definition,
                path: &f.path,
                versions: None,
            })
            .collect();
        let applied = exceptions::apply(&subjects, exceptions, Command::Diff);
        let entries = findings
            .iter()
            .zip(&applied.accepted_by)
            .map(|(f, excepted)| {
                let violates = match excepted {
                    Some(_) => None,
                    None => policy.violated_by(f).map(|p| (p, policy.reason(f))),
                };
                let level = match (excepted, &violates) {
                    (Some(_), _) => Level::Note,
                    (None, Some(_)) => Level::Error,
                    (None, None) => match f.direction {
                        Direction::Neutral | Direction::Loosening => Level::Note,
                        _ => Level::Warning,
                    },
                };
                let updates = f.updates.map(|u| u.as_str().to_string());
                let detail = match &updates {
                    Some(u) => format!("{}, updates: {u}", f.direction.as_str()),
                    None => f.direction.as_str().to_string(),
                };
                let mut properties = vec![("direction", f.direction.as_str().to_string())];
                properties.extend(updates.map(|u| ("updates", u)));
                Entry {
                    rule: f.rule.to_string(),
                    definition: f.definition.clone(),
                    path: f.path.clone(),
                    class: f.direction.as_str().to_string(),
                    detail,
                    message: f.message.clone(),
                    sites: f
                        .new
                        .iter()
                        .map(|s| ("new", s.clone()))
                        .chain(f.old.iter().map(|s| ("old", s.clone())))
                        .collect(),
                    level,
                    violates,
                    excepted: excepted.cloned(),
                    properties,
                    witness: None,
                    json: f.to_json_line(),
                }
            })
            .collect();
        Report {
            command: Command::Diff,
            rules: RULES
                .iter()
                .map(|r| (r.id.to_string(), r.summary.to_string()))
                .collect(),
            entries,
            stale: applied.stale.into_iter().cloned().collect(),
            policy: Some(policy),
            replay: None,
        }
    }

    /// `kubeidl lint`'s findings with `exceptions` applied: every finding no exception
    /// accepts is an error.
    pub fn lint(findings: &[LintFinding], exceptions: &[Exception]) -> Report {
        let subjects: Vec<_> = findings.iter().map(LintFinding::subject).collect();
        let applied = exceptions::apply(&subjects, exceptions, Command::Lint);
        let entries = findings
            .iter()
            .zip(&applied.accepted_by)
            .map(|(f, excepted)| {
                let versions = f.versions.as_ref().map(|(o, n)| format!("{o}/{n}"));
                let mut properties = Vec::new();
                properties.extend(versions.map(|v| ("versions", v)));
                properties.extend(f.stricter.clone().map(|s| ("stricter", s)));
                Entry {
                    rule: f.rule.clone(),
                    definition: f.definition.clone(),
                    path: f.path.clone(),
                    class: f.rule.clone(),
                    // The message says the versions and the stricter one.
                    detail: String::new(),
                    message: f.message.clone(),
                    sites: match f.sites.as_slice() {
                        [older, newer] => vec![("newer", newer.clone()), ("older", older.clone())],
                        sites => sites.iter().map(|s| ("", s.clone())).collect(),
                    },
                    level: match excepted {
                        Some(_) => Level::Note,
                        None => Level::Error,
                    },
                    violates: None,
                    excepted: excepted.cloned(),
                    properties,
                    witness: None,
                    json: f.to_json_line(),
                }
            })
            .collect();
        Report {
            command: Command::Lint,
            rules: lint_rules()
                .into_iter()
                .map(|r| (r.id, r.summary))
                .collect(),
            entries,
            stale: applied.stale.into_iter().cloned().collect(),
            policy: None,
            replay: None,
        }
    }

    /// The command's name: `diff` or `lint`.
    pub fn name(&self) -> &'static str {
        match self.command {
            Command::Diff => "diff",
            Command::Lint => "lint",
        }
    }

    /// Entries at `level`.
    pub fn count(&self, level: Level) -> usize {
        self.entries.iter().filter(|e| e.level == level).count()
    }

    /// The entries an exception accepts.
    pub fn count_excepted(&self) -> usize {
        self.entries.iter().filter(|e| e.excepted.is_some()).count()
    }

    /// Whether the run fails (exit 1): an error, or a stale exception.
    pub fn failed(&self) -> bool {
        self.count(Level::Error) > 0 || !self.stale.is_empty()
    }

    /// `{"findings": [...]}`, one finding per line, with `violates` and `excepted` marks (and
    /// `witness`, when looked for), then `"replay": [...]` when manifests were replayed.
    pub fn json(&self) -> String {
        let lines = self.entries.iter().map(Entry::to_json_line);
        match &self.replay {
            Some(objects) => {
                let objects = objects.iter().map(|r| r.to_json().to_string()).collect();
                report_json_with(lines, &[("replay", objects)])
            }
            None => report_json(lines),
        }
    }

    /// The report with each finding's witness (by the findings' order), as `diff --witnesses`
    /// found them.
    pub fn with_witnesses(mut self, witnesses: Vec<Option<Option<Witness>>>) -> Report {
        for (entry, w) in self.entries.iter_mut().zip(witnesses) {
            entry.witness = w;
        }
        self
    }

    /// Every rule of the report with its summary, the stale-exception rule, and the replay
    /// verdicts when manifests were replayed.
    pub(crate) fn all_rules(&self) -> impl Iterator<Item = (&str, &str)> {
        let replay: &[(&str, &str)] = match self.replay {
            Some(_) => &REPLAY_RULES,
            None => &[],
        };
        self.rules
            .iter()
            .map(|(id, s)| (id.as_str(), s.as_str()))
            .chain(std::iter::once((STALE_RULE, STALE_SUMMARY)))
            .chain(replay.iter().copied())
    }

    /// The replayed objects the change hurts, as entries at their manifest's line: a rejected
    /// one is an error (it fails the run), a ratcheted one a warning.
    pub fn replay_entries(&self) -> Vec<Entry> {
        let entry = |r: &Replayed| {
            let (rule, level) = match r.outcome.verdict {
                Verdict::Rejected => (REPLAY_RULES[0].0, Level::Error),
                Verdict::Ratcheted => (REPLAY_RULES[1].0, Level::Warning),
                _ => return None,
            };
            let mut message = format!("{}: {}", r.object, r.verdict_text());
            if let Some(first) = r.outcome.errors.first() {
                message.push_str(&format!(": {first}"));
            }
            if r.outcome.errors.len() > 1 {
                message.push_str(&format!(" (and {} more)", r.outcome.errors.len() - 1));
            }
            let site = Site {
                text: r.object.clone(),
                file: r.file.clone(),
                line: Some(r.line),
                ..Site::default()
            };
            let definition = r.outcome.definition.as_deref().unwrap_or_default();
            Some(Entry {
                properties: vec![("verdict", r.outcome.verdict.as_str().to_string())],
                ..Entry::beside(rule, definition, message, ("manifest", site), level)
            })
        };
        self.replay.iter().flatten().filter_map(entry).collect()
    }

    /// The stale exceptions as entries at their line of the exception file.
    pub fn stale_entries(&self) -> Vec<Entry> {
        self.stale
            .iter()
            .map(|e| Entry {
                path: e.path.clone(),
                ..Entry::beside(
                    STALE_RULE,
                    &e.definition,
                    e.stale_message(),
                    ("", e.site()),
                    Level::Error,
                )
            })
            .collect()
    }

    /// What the report says besides its findings, as entries: stale exceptions, then the
    /// replayed objects the change hurts.
    pub fn other_entries(&self) -> Vec<Entry> {
        let mut out = self.stale_entries();
        out.extend(self.replay_entries());
        out
    }
}

/// A site's file split into the git revision it was read at and its path (`HEAD~1:api/types.go`
/// is `HEAD~1` and `api/types.go`, as `kubeidl diff --git-base` names the old side's files).
pub(crate) fn revision_and_path(file: &str) -> (Option<&str>, &str) {
    match file.split_once(':') {
        Some((rev, path))
            if !rev.is_empty() && !rev.contains(['/', '\\']) && !path.starts_with(['/', '\\']) =>
        {
            (Some(rev), path)
        }
        _ => (None, file),
    }
}

#[cfg(test)]
mod tests;
