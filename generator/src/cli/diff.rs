//! `kubeidl diff OLD NEW`: what a schema change does to the objects it accepts. Both inputs are
//! read by `kubeidl::review` (OpenAPI documents or CRD files), compared, and each finding printed
//! as text or JSON; the exit code says whether some finding can reject what was accepted.

use super::{print, DiffArgs};
use kubeidl::review::{self, Direction, Finding, Revision};
use kubeidl_gen::{Error, SourcePos};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Reads one revision file (an OpenAPI document or CRDs), errors at their file:line:col.
pub(super) fn read(path: &Path) -> Result<Revision, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let label = path.display().to_string();
    review::read_revision(&bytes, &label).map_err(|e| match e.at {
        Some(at) => Error::at(
            &SourcePos {
                file: Arc::new(PathBuf::from(path)),
                line: at.line,
                column: at.column,
            },
            e.message,
        ),
        None => Error::new(format!("{label}: {}", e.message)),
    })
}

/// One finding as text: a header line, the old and new sites, the message.
fn text(f: &Finding) -> String {
    let updates = f
        .updates
        .map(|u| format!(" (updates: {})", u.as_str()))
        .unwrap_or_default();
    let mut out = format!(
        "{} [{}]{updates} {}\n",
        f.direction.as_str(),
        f.rule,
        f.place()
    );
    match (&f.old, &f.new) {
        (Some(o), Some(n)) => out.push_str(&format!("  {} -> {}\n", o.render(), n.render())),
        (Some(o), None) => out.push_str(&format!("  old: {}\n", o.render())),
        (None, Some(n)) => out.push_str(&format!("  new: {}\n", n.render())),
        (None, None) => {}
    }
    out.push_str(&format!("  {}\n", f.message));
    out
}

/// The rule table: ID, usual direction, what it reports.
fn rules() -> String {
    let width = review::RULES.iter().map(|r| r.id.len()).max().unwrap_or(0);
    review::RULES
        .iter()
        .map(|r| {
            format!(
                "{:width$}  {:12}  {}\n",
                r.id,
                r.direction.as_str(),
                r.summary
            )
        })
        .collect()
}

pub fn run(args: DiffArgs) -> Result<ExitCode, Error> {
    if args.rules {
        print(&rules())?;
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(old), Some(new)) = (&args.old, &args.new) else {
        return Err(Error::new("diff needs OLD and NEW"));
    };
    let old = read(old)?;
    let new = read(new)?;
    let findings = review::diff(&old, &new);
    let out = match args.output.as_str() {
        "json" => review::findings_json(&findings),
        _ => findings.iter().map(text).collect(),
    };
    print(&out)?;
    let count = |d: Direction| findings.iter().filter(|f| f.direction == d).count();
    if args.output == "text" {
        eprintln!(
            "{} findings: {} tightening, {} incompatible, {} loosening, {} neutral, {} unknown",
            findings.len(),
            count(Direction::Tightening),
            count(Direction::Incompatible),
            count(Direction::Loosening),
            count(Direction::Neutral),
            count(Direction::Unknown),
        );
    }
    Ok(if findings.iter().any(|f| f.direction.breaks_writers()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
