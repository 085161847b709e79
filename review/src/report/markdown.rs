//! A markdown summary (`-o markdown`) for a pull request comment: a heading with the counts, a
//! table of findings by direction (diff) or rule (lint) with how many are errors (violate the
//! policy, for diff) and how many are excepted, then the errors and stale exceptions as a list,
//! the replayed manifests the change hurts (`diff --replay`), and the other findings folded in a
//! `<details>` block, as many as fit in a GitHub comment
//! (the rest counted in a closing note). Table cells hold only rule IDs,
//! directions and counts, which need no escaping; text goes in list items, as code spans where
//! it is source.

use super::{Entry, Level, Report};
use crate::exceptions::Command;
use crate::policy::POLICIES;
use crate::replay::{Replayed, Verdict};

/// The report as markdown.
pub fn write(report: &Report) -> String {
    let errors = report.count(Level::Error);
    let excepted = report.count_excepted();
    let n = report.entries.len();
    let (error_heading, error_words) = match report.command {
        Command::Diff => ("Violating the policy", "violate the policy"),
        Command::Lint => ("Errors", "are errors"),
    };
    let mut out = format!("## kubeidl {}: {}", report.name(), plural(n, "finding"));
    if n > 0 {
        out.push_str(&format!(", {errors} {error_words}"));
    }
    if excepted > 0 {
        out.push_str(&format!(", {excepted} excepted"));
    }
    if !report.stale.is_empty() {
        out.push_str(&format!(
            ", {}",
            plural(report.stale.len(), "stale exception")
        ));
    }
    out.push_str("\n\n");
    if let Some(policy) = report.policy {
        let named: Vec<String> = POLICIES.iter().map(|(p, _)| code(p.as_str())).collect();
        out.push_str(&format!(
            "Policy: {}{} (policies from the laxest: {}).\n\n",
            code(policy.as_str()),
            match policy {
                crate::PolicyChoice::Auto => {
                    ", by each definition's version: GA strict, beta stored-data, alpha wire, none writers"
                }
                _ => "",
            },
            named.join(", ")
        ));
    }
    if n > 0 {
        out.push_str(&table(report, error_heading));
    }
    let (errors, others): (Vec<&Entry>, Vec<&Entry>) =
        report.entries.iter().partition(|e| e.level == Level::Error);
    let mut left_out = 0;
    if !errors.is_empty() {
        out.push_str(&format!(
            "\n### {}\n\n",
            match report.command {
                Command::Diff => "Violations",
                Command::Lint => "Errors",
            }
        ));
        left_out += push_items(&mut out, &errors);
    }
    if !report.stale.is_empty() {
        out.push_str("\n### Stale exceptions\n\n");
        for e in report.stale_entries() {
            out.push_str(&format!(
                "- {} at {}\n",
                e.message,
                code(&e.sites[0].1.location())
            ));
        }
    }
    if let Some(replayed) = &report.replay {
        out.push_str(&format!("\n### Replay\n\n{}\n", replay_counts(replayed)));
        let hurt = report.replay_entries();
        if !hurt.is_empty() {
            out.push('\n');
            left_out += push_items(&mut out, &hurt.iter().collect::<Vec<_>>());
        }
    }
    if !others.is_empty() {
        let kind = match report.command {
            Command::Diff => "the policy allows or exceptions accept",
            Command::Lint => "exceptions accept",
        };
        out.push_str(&format!(
            "\n<details><summary>{} {kind}</summary>\n\n",
            plural(others.len(), "finding")
        ));
        left_out += push_items(&mut out, &others);
        out.push_str("\n</details>\n");
    }
    if left_out > 0 {
        out.push_str(&format!(
            "\n{} left out to keep this comment within GitHub's {COMMENT_LIMIT} characters; `-o json` or `-o sarif` lists every finding.\n",
            plural(left_out, "finding")
        ));
    }
    out
}

/// GitHub refuses a comment longer than this many characters (a byte count never undercounts).
pub const COMMENT_LIMIT: usize = 65_536;

/// Room kept after the lists for what closes them and the note on what was left out.
const RESERVE: usize = 512;

/// Adds an item per entry while the comment stays within [`COMMENT_LIMIT`]; the number left
/// out.
fn push_items(out: &mut String, entries: &[&Entry]) -> usize {
    for (i, e) in entries.iter().enumerate() {
        let text = item(e);
        if out.len() + text.len() + RESERVE > COMMENT_LIMIT {
            return entries.len() - i;
        }
        out.push_str(&text);
    }
    0
}

/// `3 manifests replayed: 1 valid, 1 ratcheted, 1 rejected, 0 invalid before, 0 unmatched.`
fn replay_counts(replayed: &[Replayed]) -> String {
    let count = |v: Verdict| replayed.iter().filter(|r| r.outcome.verdict == v).count();
    format!(
        "{} replayed: {} valid, {} ratcheted, {} rejected, {} invalid before, {} unmatched.",
        plural(replayed.len(), "manifest"),
        count(Verdict::Valid),
        count(Verdict::Ratcheted),
        count(Verdict::Rejected),
        count(Verdict::InvalidBefore),
        count(Verdict::Unmatched)
    )
}

/// `| Direction | Findings | Violating the policy | Excepted |`, a row per class.
fn table(report: &Report, error_heading: &str) -> String {
    let classes: Vec<String> = match report.command {
        Command::Diff => [
            "tightening",
            "incompatible",
            "loosening",
            "neutral",
            "unknown",
        ]
        .iter()
        .map(|c| c.to_string())
        .collect(),
        Command::Lint => report
            .rules
            .iter()
            .map(|(id, _)| id.clone())
            .filter(|id| report.entries.iter().any(|e| e.class == *id))
            .collect(),
    };
    let heading = match report.command {
        Command::Diff => "Direction",
        Command::Lint => "Rule",
    };
    let mut out =
        format!("| {heading} | Findings | {error_heading} | Excepted |\n|---|---:|---:|---:|\n");
    let count = |class: Option<&str>, level: Option<Level>| {
        report
            .entries
            .iter()
            .filter(|e| class.is_none_or(|c| e.class == c))
            .filter(|e| match level {
                // The excepted column counts what exceptions accept, not every note.
                Some(Level::Note) => e.excepted.is_some(),
                Some(l) => e.level == l,
                None => true,
            })
            .count()
    };
    for class in &classes {
        let c = Some(class.as_str());
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            code(class),
            count(c, None),
            count(c, Some(Level::Error)),
            count(c, Some(Level::Note))
        ));
    }
    out.push_str(&format!(
        "| **total** | {} | {} | {} |\n",
        count(None, None),
        count(None, Some(Level::Error)),
        count(None, Some(Level::Note))
    ));
    out
}

/// A finding as a list item: level, rule, place, detail and message; its sites; the policy it
/// violates or the exception that accepts it.
fn item(e: &Entry) -> String {
    let label = match e.level {
        Level::Error => "**error**",
        Level::Warning => "warning",
        Level::Note if e.excepted.is_some() => "excepted",
        Level::Note => "notice",
    };
    let detail = match e.detail.is_empty() {
        true => String::new(),
        false => format!(" ({})", e.detail),
    };
    let mut out = format!(
        "- {label} {} {}{detail}: {}\n",
        code(&e.rule),
        code(&e.place()),
        one_line(&e.message)
    );
    if !e.sites.is_empty() {
        let sites: Vec<String> = e
            .sites
            .iter()
            .map(|(label, s)| {
                let label = match label.is_empty() {
                    true => String::new(),
                    false => format!("{label} "),
                };
                format!("{label}{} at {}", code(&s.text), code(&s.location()))
            })
            .collect();
        out.push_str(&format!("  - {}\n", sites.join("; ")));
    }
    if let Some((policy, why)) = &e.violates {
        out.push_str(&format!(
            "  - violates policy {} ({why})\n",
            code(policy.as_str())
        ));
    }
    if let Some(x) = &e.excepted {
        out.push_str(&format!(
            "  - excepted: {} ({}, {})\n",
            one_line(&x.reason),
            one_line(&x.owner),
            code(&x.site().location())
        ));
    }
    out
}

/// `text` as an inline code span, fenced by more backticks than it holds in a row.
fn code(text: &str) -> String {
    let text = one_line(text);
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    if longest == 0 {
        format!("{fence}{text}{fence}")
    } else {
        format!("{fence} {text} {fence}")
    }
}

/// Line breaks as spaces, so that text stays in its list item.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

fn plural(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        _ => format!("{n} {what}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_hold_backticks_and_cells_hold_pipes() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("rule `x`"), "`` rule `x` ``");
        assert_eq!(code("a\nb"), "`a b`");
        assert_eq!(plural(1, "finding"), "1 finding");
    }
}
