//! `kubeidl lint INPUT...`: one revision of an API checked on its own, versions against each
//! other and each definition against itself (`kubeidl_review::lint`), with the findings an
//! exception file accepts marked and its stale entries reported; with `--baseline REV`, only the
//! findings that were not already there at REV (the same inputs read at REV without a checkout).

use super::{print, review as shared, LintArgs};
use kubeidl_gen::Error;
use kubeidl_review::go::{git, GoSide, Naming};
use kubeidl_review::lint::{self, LintFinding};
use kubeidl_review::report::{Level, Report};
use kubeidl_review::{self as review, Revision};
use std::path::PathBuf;
use std::process::ExitCode;

fn text(f: &LintFinding) -> String {
    let versions = match (&f.versions, &f.stricter) {
        (Some((older, newer)), Some(s)) => format!(" ({older} -> {newer}, {s} stricter)"),
        (Some((older, newer)), None) => format!(" ({older} -> {newer})"),
        _ => String::new(),
    };
    let sites: Vec<String> = f.sites.iter().map(|s| s.render()).collect();
    format!(
        "{} {}{versions}\n  {}\n  {}\n",
        f.rule,
        f.place(),
        sites.join(" -> "),
        f.message
    )
}

fn rules() -> String {
    let rules = lint::lint_rules();
    let width = rules.iter().map(|r| r.id.len()).max().unwrap_or(0);
    rules
        .iter()
        .map(|r| format!("{:width$}  {}\n", r.id, r.summary))
        .collect()
}

/// The revisions the inputs name: directories are Go package trees, generated together as one
/// revision; files are read. With `rev`, the same inputs as they were at that git revision
/// (read without a checkout), their files named `REV:path`.
fn revisions(args: &LintArgs, rev: Option<&str>) -> Result<Vec<Revision>, Error> {
    let (trees, files): (Vec<PathBuf>, Vec<PathBuf>) =
        args.inputs.iter().cloned().partition(|p| p.is_dir());
    let mut revisions = Vec::new();
    for file in &files {
        revisions.push(match rev {
            None => super::diff::read(file)?,
            Some(rev) => {
                let (bytes, name) = git::show(rev, file)?;
                review::read_revision(&bytes, &name).map_err(|e| {
                    let at = e.at.map(|at| format!(":{}:{}", at.line, at.column));
                    Error::new(format!("{name}{}: {}", at.unwrap_or_default(), e.message))
                })?
            }
        });
    }
    if trees.is_empty() {
        return Ok(revisions);
    }
    let snapshot = match rev {
        Some(rev) => Some(git::Snapshot::extract(rev, &trees)?),
        None => None,
    };
    let side = match &snapshot {
        None => GoSide {
            modules: args.modules.clone(),
            naming: trees.iter().fold(Naming::default(), |n, t| {
                n.root(t, &t.display().to_string())
            }),
            label: trees[0].display().to_string(),
            trees,
        },
        Some(snapshot) => GoSide {
            modules: args.modules.clone(),
            naming: Naming::default().root(snapshot.root(), &format!("{}:", snapshot.rev)),
            label: format!("{}:", snapshot.rev),
            trees: trees
                .iter()
                .map(|t| snapshot.path_of(t))
                .collect::<Result<_, _>>()?,
        },
    };
    revisions.push(super::diff::go(side)?);
    Ok(revisions)
}

pub fn run(args: LintArgs) -> Result<ExitCode, Error> {
    if args.rules {
        print(&rules())?;
        return Ok(ExitCode::SUCCESS);
    }
    let exceptions_path = shared::exceptions_path(&args.exceptions);
    let exceptions = shared::read_exceptions(exceptions_path.as_deref())?;
    let config = shared::read_config(&args.config)?;
    let mut findings = lint::lint(&revisions(&args, None)?);
    let mut already = 0;
    if let Some(rev) = &args.baseline {
        let before = findings.len();
        let baseline = lint::lint(&revisions(&args, Some(rev))?);
        findings = lint::baseline::new_since(findings, &baseline);
        already = before - findings.len();
    }
    // Rules configured off are not reported; the others take their configured level.
    findings.retain(|f| config.reports(&f.rule, &f.place()));
    let mut report = Report::lint(&findings, &exceptions);
    config.apply(&mut report);
    shared::write(&report, &args.output, |i| text(&findings[i]))?;
    shared::print_stale(&report);
    let baseline = match &args.baseline {
        Some(rev) => format!(" ({already} more already at {rev})"),
        None => String::new(),
    };
    eprintln!(
        "{} findings{baseline}: {} errors, {} accepted by exceptions; {} stale exceptions",
        findings.len(),
        report.count(Level::Error),
        report.count_excepted(),
        report.stale.len()
    );
    Ok(if report.failed() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
