//! `kubeidl lint INPUT...`: one revision of an API checked on its own, versions against each
//! other and each definition against itself (`kubeidl::review::lint`), with the findings an
//! exception file accepts left out and its stale entries reported.

use super::{print, LintArgs};
use kubeidl::review::lint::{self, exceptions, Exception, LintFinding};
use kubeidl::review::Revision;
use kubeidl_gen::review::{GoSide, Naming};
use kubeidl_gen::{Error, SourcePos};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The exception file read when `--exceptions` is not given and it exists.
const DEFAULT_EXCEPTIONS: &str = "kubeidl-exceptions.yaml";

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

fn read_exceptions(path: &Path) -> Result<Vec<Exception>, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    exceptions::read(&bytes).map_err(|e| {
        let at = SourcePos {
            file: Arc::new(PathBuf::from(path)),
            line: e.at.line,
            column: e.at.column,
        };
        Error::at(&at, e.message)
    })
}

pub fn run(args: LintArgs) -> Result<ExitCode, Error> {
    if args.rules {
        print(&rules())?;
        return Ok(ExitCode::SUCCESS);
    }
    // Directories are Go package trees, generated together as one revision; files are read.
    let (trees, files): (Vec<PathBuf>, Vec<PathBuf>) =
        args.inputs.iter().cloned().partition(|p| p.is_dir());
    let mut revisions: Vec<Revision> = files
        .iter()
        .map(|p| super::diff::read(p))
        .collect::<Result<_, _>>()?;
    if !trees.is_empty() {
        let side = GoSide {
            modules: args.modules.clone(),
            naming: trees.iter().fold(Naming::default(), |n, t| {
                n.root(t, &t.display().to_string())
            }),
            label: trees[0].display().to_string(),
            trees,
        };
        revisions.push(super::diff::go(side)?);
    }
    let exceptions_path = match &args.exceptions {
        Some(p) => Some(p.clone()),
        None => Some(PathBuf::from(DEFAULT_EXCEPTIONS)).filter(|p| p.is_file()),
    };
    let exceptions = match &exceptions_path {
        Some(p) => read_exceptions(p)?,
        None => Vec::new(),
    };
    let all = lint::lint(&revisions);
    let total = all.len();
    let (findings, stale) = exceptions::apply(all, &exceptions);
    let out = match args.output.as_str() {
        "json" => lint::findings_json(&findings),
        _ => findings.iter().map(text).collect(),
    };
    print(&out)?;
    let file = exceptions_path
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    for e in &stale {
        eprintln!(
            "{file}:{}:{}: error: stale exception: no {} finding at {}{}{}",
            e.at.line,
            e.at.column,
            e.rule,
            e.definition,
            if e.path.is_empty() {
                String::new()
            } else {
                format!(".{}", e.path)
            },
            e.versions
                .as_ref()
                .map(|v| format!(" ({v})"))
                .unwrap_or_default(),
        );
    }
    eprintln!(
        "{} findings ({} accepted by exceptions), {} stale exceptions",
        findings.len(),
        total - findings.len(),
        stale.len()
    );
    Ok(if findings.is_empty() && stale.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
