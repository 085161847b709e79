//! `kubeidl diff`: what a schema change does to the objects it accepts. OLD and NEW are read by
//! `kubeidl_review` (OpenAPI documents or CRD files) or generated from Go package trees by
//! `kubeidl_review::go` (two directories, or `--git-base REV` against the working tree);
//! two directories without Go source are compared file by file (CRDs matched by name);
//! `--crd-versions` pairs one CRD file's versions. Each finding is checked against the policy
//! (`--policy`, by default `auto`: by each definition's version) and the exception file;
//! findings are printed as text (rustc-style snippets of the tags behind them for Go inputs)
//! or in one of the formats `review.rs` writes; the exit code says whether some finding
//! violates its policy, unexcepted, or an exception is stale.

use super::inputs::files_below;
use super::{print, review as shared, DiffArgs};
use kubeidl::document::read_documents;
use kubeidl_gen::{Error, SourcePos};
use kubeidl_review::go::{git::Snapshot, go_revision, GoSide, Naming};
use kubeidl_review::replay::{Replay, Replayed, Verdict};
use kubeidl_review::report::{Level, Report};
use kubeidl_review::{
    self as review, Direction, Finding, PolicyChoice, Revision, Site, Witness, Witnesses,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

fn input_error(path: &Path, e: review::InputError) -> Error {
    match e.at {
        Some(at) => Error::at(
            &SourcePos {
                file: Arc::new(PathBuf::from(path)),
                line: at.line,
                column: at.column,
            },
            e.message,
        ),
        None => Error::new(format!("{}: {}", path.display(), e.message)),
    }
}

/// Reads one revision file (an OpenAPI document or CRDs), errors at their file:line:col.
pub(super) fn read(path: &Path) -> Result<Revision, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    review::read_revision(&bytes, &path.display().to_string()).map_err(|e| input_error(path, e))
}

/// A Go side, its generator warnings summed up on stderr.
pub(super) fn go(side: GoSide) -> Result<Revision, Error> {
    let (revision, warnings) = go_revision(&side)?;
    if !warnings.is_empty() {
        eprintln!(
            "{}: {} warnings while generating (kubeidl openapi shows them)",
            side.label,
            warnings.len()
        );
    }
    Ok(revision)
}

/// The two sides the arguments name, and no more than one form of input.
fn sides(args: &DiffArgs) -> Result<Vec<(Revision, Revision)>, Error> {
    let modules =
        |own: &[String]| -> Vec<String> { args.modules.iter().chain(own).cloned().collect() };
    if let Some(file) = &args.crd_versions {
        if !args.inputs.is_empty() {
            return Err(Error::new(
                "--crd-versions FILE compares the versions of one file: give no OLD and NEW",
            ));
        }
        let bytes = std::fs::read(file).map_err(|e| Error::io(file, e))?;
        let pairs = review::read_crd_versions(&bytes, &file.display().to_string())
            .map_err(|e| input_error(file, e))?;
        if pairs.is_empty() {
            return Err(Error::new(format!(
                "{}: no CustomResourceDefinition serves two or more versions, so there is nothing to compare",
                file.display()
            )));
        }
        return Ok(pairs.into_iter().map(|p| (p.old, p.new)).collect());
    }
    if let Some(rev) = &args.git_base {
        let snapshot = Snapshot::extract(rev, &args.inputs)?;
        let mut old_trees = Vec::new();
        for tree in &args.inputs {
            old_trees.push(snapshot.path_of(tree)?);
        }
        let old = GoSide {
            modules: modules(&args.old_modules),
            trees: old_trees,
            label: format!("{rev}:"),
            naming: Naming::default().root(snapshot.root(), &format!("{rev}:")),
        };
        let new = GoSide {
            modules: modules(&args.new_modules),
            trees: args.inputs.clone(),
            label: "working tree".into(),
            naming: args.inputs.iter().fold(Naming::default(), |n, t| {
                n.root(t, &t.display().to_string())
            }),
        };
        let old = go(old)?;
        let new = go(new)?;
        return Ok(vec![(old, new)]);
    }
    let [old, new] = args.inputs.as_slice() else {
        return Err(Error::new(format!(
            "diff needs OLD and NEW (got {} paths); with --git-base REV, give PATHs",
            args.inputs.len()
        )));
    };
    match (old.is_dir(), new.is_dir()) {
        (true, true) if !holds_go(old) && !holds_go(new) => file_pairs(old, new),
        (true, true) => {
            let side = |tree: &PathBuf, own: &[String]| GoSide {
                modules: modules(own),
                trees: vec![tree.clone()],
                label: tree.display().to_string(),
                naming: Naming::default().root(tree, &tree.display().to_string()),
            };
            let old = go(side(old, &args.old_modules))?;
            let new = go(side(new, &args.new_modules))?;
            Ok(vec![(old, new)])
        }
        (false, false) => Ok(vec![(read(old)?, read(new)?)]),
        (true, false) => Err(Error::new(format!(
            "{} is a directory and {} is not: compare two Go package trees, or two files",
            old.display(),
            new.display()
        ))),
        (false, true) => Err(Error::new(format!(
            "{} is a directory and {} is not: compare two Go package trees, or two files",
            new.display(),
            old.display()
        ))),
    }
}

/// Whether a directory holds Go source (a package tree), rather than manifests.
fn holds_go(dir: &Path) -> bool {
    files_below(dir, &["go"]).is_ok_and(|files| !files.is_empty())
}

/// Two directories of CRD files (or OpenAPI documents), compared file by file: a CRD is
/// matched by its name wherever it is written, an OpenAPI document by its path below the
/// directory; what one side lacks is compared with nothing (its definitions added or removed).
fn file_pairs(old: &Path, new: &Path) -> Result<Vec<(Revision, Revision)>, Error> {
    let index = |dir: &Path| -> Result<BTreeMap<String, PathBuf>, Error> {
        let mut keys = BTreeMap::new();
        for file in files_below(dir, &["yaml", "yml", "json"])? {
            let bytes = std::fs::read(&file).map_err(|e| Error::io(&file, e))?;
            for doc in read_documents(&bytes).into_iter().flatten() {
                let v = &doc.value;
                let key = if v.get("kind").and_then(Value::as_str)
                    == Some("CustomResourceDefinition")
                {
                    let name = v
                        .pointer("/metadata/name")
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    format!("crd {name}")
                } else if v.get("openapi").is_some() || v.pointer("/components/schemas").is_some() {
                    let below = file.strip_prefix(dir).unwrap_or(&file);
                    format!("openapi {}", below.display())
                } else {
                    continue;
                };
                keys.entry(key).or_insert_with(|| file.clone());
            }
        }
        Ok(keys)
    };
    let (old_keys, new_keys) = (index(old)?, index(new)?);
    if old_keys.is_empty() && new_keys.is_empty() {
        return Err(Error::new(format!(
            "{} and {} hold neither Go packages nor CRDs or OpenAPI documents",
            old.display(),
            new.display()
        )));
    }
    // Each pair of files once, however many CRDs they share.
    let mut pairs: Vec<(Option<&PathBuf>, Option<&PathBuf>)> = Vec::new();
    for key in old_keys.keys().chain(new_keys.keys()) {
        let pair = (old_keys.get(key), new_keys.get(key));
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    let form = |p: &Path| match p.extension().and_then(|e| e.to_str()) {
        Some("json") => review::Form::OpenApi,
        _ => review::Form::Crd,
    };
    pairs
        .into_iter()
        .map(|pair| {
            Ok(match pair {
                (Some(o), Some(n)) => (read(o)?, read(n)?),
                (Some(o), None) => (read(o)?, Revision::empty("(none)", form(o))),
                (None, Some(n)) => (Revision::empty("(none)", form(n)), read(n)?),
                (None, None) => unreachable!("each key is on a side"),
            })
        })
        .collect()
}

/// One finding as text: a header line, the sites, the message. Sites with a source line (Go
/// inputs) are shown as a snippet with the tag underlined, the other side as a note; others as
/// `old -> new` at file:line:col.
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
    // The new side is the one to look at; the old one when the change removed it.
    let shown = f
        .new
        .as_ref()
        .or(f.old.as_ref())
        .filter(|s| s.snippet.is_some());
    if let Some(shown) = shown {
        out.push_str(&snippet(shown));
        let gutter = " ".repeat(shown.line.map_or(1, |l| l.to_string().len()));
        if let Some(o) = f.old.as_ref().filter(|o| f.new.is_some() && *o != shown) {
            out.push_str(&format!("{gutter} = was: {}\n", o.render()));
            let texts = |s: &Site| s.via.iter().map(|v| v.text.clone()).collect::<Vec<_>>();
            if !o.via.is_empty() && texts(o) != texts(shown) {
                out.push_str(&format!("{gutter}   {}\n", via(o)));
            }
        }
    } else {
        match (&f.old, &f.new) {
            (Some(o), Some(n)) => out.push_str(&format!("  {} -> {}\n", o.render(), n.render())),
            (Some(o), None) => out.push_str(&format!("  old: {}\n", o.render())),
            (None, Some(n)) => out.push_str(&format!("  new: {}\n", n.render())),
            (None, None) => {}
        }
    }
    out.push_str(&format!("  {}\n", f.message));
    out
}

/// `via field Handle (file:line:col), type Handle (file:line:col)`.
fn via(site: &Site) -> String {
    let steps: Vec<String> = site.via.iter().map(Site::render).collect();
    format!("via {}", steps.join(", "))
}

/// A site as rustc shows a span: `--> file:line:col`, the source line, a caret line under the
/// tag (or the declared name), and the way a type's tag reached the field.
fn snippet(site: &Site) -> String {
    let (Some(source), Some(line), Some(column)) = (&site.snippet, site.line, site.column) else {
        return format!("  {}\n", site.render());
    };
    let dialect = site
        .dialect
        .as_deref()
        .map(|d| format!(" ({d})"))
        .unwrap_or_default();
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    // Tabs shown as four spaces, the caret moved to match.
    let shown: String = source.replace('\t', "    ");
    let before: usize = source
        .chars()
        .take(column.saturating_sub(1))
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum();
    let rest: String = source.chars().skip(column.saturating_sub(1)).collect();
    // A tag is underlined whole; a declaration by its name.
    let tag = site.dialect.is_some() && rest.starts_with(&site.text);
    let width = if tag && !site.text.is_empty() {
        site.text.chars().count()
    } else {
        rest.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .count()
            .max(1)
    };
    let mut out = format!(
        "  --> {}{dialect}\n{gutter} |\n{number} | {}\n{gutter} | {}{}\n",
        site.location(),
        shown.trim_end(),
        " ".repeat(before),
        "^".repeat(width)
    );
    if !site.via.is_empty() {
        out.push_str(&format!("{gutter} = {}\n", via(site)));
    }
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

/// One manifest read for --replay: its file, the line it starts on, and the object.
struct Manifest {
    file: PathBuf,
    at: kubeidl::document::SourcePosition,
    object: serde_json::Value,
}

/// The manifests under the --replay paths, and how many documents could not be read: each of
/// those is reported on stderr at its position and left out, as `kubeidl validate` leaves out
/// what it cannot read (templates, say) and goes on.
fn manifests(paths: &[PathBuf]) -> Result<(Vec<Manifest>, usize), Error> {
    let mut out = Vec::new();
    let mut unreadable = 0;
    for path in paths {
        for file in super::inputs::files_below(path, &["yaml", "yml", "json"])? {
            let bytes = super::inputs::read(&file)?;
            for doc in kubeidl::document::read_documents(&bytes) {
                let doc = match doc {
                    Ok(doc) => doc,
                    Err(e) => {
                        unreadable += 1;
                        let at = e
                            .position
                            .map(|p| format!(":{}:{}", p.line, p.column))
                            .unwrap_or_default();
                        eprintln!(
                            "{}{at}: warning: document {} left out of the replay: {}",
                            file.display(),
                            e.index + 1,
                            e.message
                        );
                        continue;
                    }
                };
                out.push(Manifest {
                    file: file.clone(),
                    at: doc.positions.at,
                    object: doc.value,
                });
            }
        }
    }
    Ok((out, unreadable))
}

pub fn run(args: DiffArgs) -> Result<ExitCode, Error> {
    if args.rules {
        print(&rules())?;
        return Ok(ExitCode::SUCCESS);
    }
    let policy = PolicyChoice::from_name(&args.policy).expect("clap checks the policy");
    let exceptions_path = shared::exceptions_path(&args.exceptions);
    let exceptions = shared::read_exceptions(exceptions_path.as_deref())?;
    let config = shared::read_config(&args.config)?;
    let pairs = sides(&args)?;
    let (manifests, unreadable) = manifests(&args.replay)?;
    let mut findings = Vec::new();
    // Per finding: whether a witness was looked for, and the one found.
    let mut witnesses: Vec<Option<Option<Witness>>> = Vec::new();
    let mut replays = Vec::new();
    for (old, new) in &pairs {
        let mut found = review::diff(old, new);
        // Rules configured off are not reported (nor looked at for witnesses).
        found.retain(|f| config.reports(f.rule, &f.place()));
        let mut search = Witnesses::new(old, new);
        for f in &found {
            let looked = args.witnesses && review::witness_looks_at(f);
            witnesses.push(looked.then(|| search.find(f)));
        }
        findings.extend(found);
        let mut replay = Replay::new(old, new);
        for m in &manifests {
            let outcome = replay.object(&m.object);
            let file = m.file.display().to_string();
            replays.push(Replayed::new(file, m.at.line, &m.object, outcome));
        }
    }
    let mut report = Report::diff(&findings, policy, &exceptions).with_witnesses(witnesses);
    config.apply(&mut report);
    let verdicts = |v: Verdict| replays.iter().filter(|r| r.outcome.verdict == v).count();
    let counts = format!(
        "replay: {} objects: {} valid, {} ratcheted, {} rejected, {} invalid before, {} unmatched; {unreadable} documents unreadable",
        replays.len(),
        verdicts(Verdict::Valid),
        verdicts(Verdict::Ratcheted),
        verdicts(Verdict::Rejected),
        verdicts(Verdict::InvalidBefore),
        verdicts(Verdict::Unmatched),
    );
    let rejected = verdicts(Verdict::Rejected);
    let replay_text: String = replays.iter().map(Replayed::text).collect();
    if !args.replay.is_empty() {
        report.replay = Some(replays);
    }
    shared::write(&report, &args.output, |i| text(&findings[i]))?;
    if args.output == "text" {
        print(&replay_text)?;
    }
    shared::print_stale(&report);
    let count = |d: Direction| findings.iter().filter(|f| f.direction == d).count();
    eprintln!(
        "{} findings: {} tightening, {} incompatible, {} loosening, {} neutral, {} unknown; {} violating the policy ({}), {} excepted, {} stale exceptions",
        findings.len(),
        count(Direction::Tightening),
        count(Direction::Incompatible),
        count(Direction::Loosening),
        count(Direction::Neutral),
        count(Direction::Unknown),
        report.count(Level::Error),
        policy.as_str(),
        report.count_excepted(),
        report.stale.len(),
    );
    if args.witnesses {
        let looked = report
            .entries
            .iter()
            .filter(|e| e.witness.is_some())
            .count();
        let found = report
            .entries
            .iter()
            .filter(|e| matches!(e.witness, Some(Some(_))))
            .count();
        eprintln!("witnesses: {found} of {looked} tightening or unknown findings");
    }
    if !args.replay.is_empty() {
        eprintln!("{counts}");
    }
    Ok(if report.failed() || rejected > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
