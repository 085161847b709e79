//! `kubeidl validate`: manifests checked against the built-in kinds of a Kubernetes release,
//! OpenAPI documents and CRDs, files in parallel, reported in input order.

use super::cluster::api_errors;
use super::inputs::{files_below, not_a_manifest, read, template_hint, walk, Excludes};
use super::ValidateArgs;
use kubeidl::document::{read_documents, Document, DocumentError};
use kubeidl::errors::{invalid_status, FieldError};
use kubeidl::kube::{api_status, ApiStatus};
use kubeidl::validate::{
    crd_error_pointer, crd_manifest_errors, object_meta_decode_error, Catalog, FieldValidation, Gvk,
};
use kubeidl::value::PositionTree;
use kubeidl_gen::Error;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How one document fared.
#[derive(PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Verdict {
    Valid,
    Skipped,
    Invalid,
    Unusable,
}

/// Objects by (apiVersion, kind, namespace, name), for --old.
type OldObjects = HashMap<(String, String, String, String), Value>;

/// What the checks of every file share.
struct Context<'a> {
    catalog: &'a Catalog,
    old_objects: &'a OldObjects,
    /// Standard input, read once, when `-` names it.
    stdin: Option<&'a [u8]>,
    args: &'a ValidateArgs,
    /// Which `--skip-kinds` entries skipped something.
    skips_used: Mutex<Vec<bool>>,
}

/// What one input file gave: its text output and a Status per document.
struct FileReport {
    label: String,
    text: String,
    statuses: Vec<Value>,
    verdicts: Vec<Verdict>,
    /// Why the whole file was skipped, when it holds no manifests.
    not_a_manifest: Option<&'static str>,
}

pub fn run(args: ValidateArgs) -> Result<ExitCode, Error> {
    let stdin = read_stdin(&args)?;
    let old_objects = match &args.old {
        Some(path) => index_objects(&read(path)?),
        None => HashMap::new(),
    };

    let excludes = Excludes::new(&args.exclude)?;
    let mut excluded = Vec::new();
    let mut inputs: Vec<Option<PathBuf>> = Vec::new();
    for input in &args.files {
        if input == "-" {
            inputs.push(None);
        } else {
            let path = Path::new(input);
            let files = walk(path, &["yaml", "yml", "json"], &excludes, &mut excluded)?;
            inputs.extend(files.into_iter().map(Some));
        }
    }
    if inputs.is_empty() {
        return Err(Error::new(format!(
            "no manifests: {} hold no .yaml, .yml or .json file{}",
            args.files.join(", "),
            if args.exclude.is_empty() {
                ""
            } else {
                " outside --exclude"
            }
        )));
    }
    let catalog = load_catalog(&args, stdin.as_deref(), &inputs)?;
    let context = Context {
        catalog: &catalog,
        old_objects: &old_objects,
        stdin: stdin.as_deref(),
        args: &args,
        skips_used: Mutex::new(vec![false; args.skip_kinds.len()]),
    };
    let reports = check_files(&context, &inputs)?;
    for glob in excludes.unused(&excluded) {
        eprintln!("warning: --exclude {glob:?} matched no file or directory");
    }
    let skips_used = context.skips_used.into_inner().expect("skips");
    for (kind, used) in args.skip_kinds.iter().zip(skips_used) {
        if !used {
            eprintln!("warning: --skip-kinds {kind:?} matched no document");
        }
    }

    let mut statuses: Map<String, Value> = Map::new();
    let mut worst = Verdict::Valid;
    let mut counts = [0usize; 4];
    // Files that hold no manifests, by why: one note each, not a line per file.
    let mut not_manifests: Vec<(&str, usize)> = Vec::new();
    for report in reports {
        if let Some(why) = report.not_a_manifest {
            match not_manifests.iter_mut().find(|(w, _)| *w == why) {
                Some((_, n)) => *n += 1,
                None => not_manifests.push((why, 1)),
            }
        }
        print!("{}", report.text);
        for v in &report.verdicts {
            counts[*v as usize] += 1;
            if *v != Verdict::Skipped {
                worst = worst.max(*v);
            }
        }
        statuses.insert(report.label, Value::Array(report.statuses));
    }
    if args.output == "json" {
        println!(
            "{}",
            serde_json::to_string_pretty(&Value::Object(statuses)).expect("JSON")
        );
    }
    for (why, n) in &not_manifests {
        let list = if args.verbose { "" } else { " (-v lists them)" };
        eprintln!("note: {n} file(s) skipped: {why}{list}");
    }
    let total: usize = counts.iter().sum();
    eprintln!(
        "{} document(s): {} valid, {} invalid, {} unusable, {} skipped{}",
        total,
        counts[Verdict::Valid as usize],
        counts[Verdict::Invalid as usize],
        counts[Verdict::Unusable as usize],
        counts[Verdict::Skipped as usize],
        if counts[Verdict::Skipped as usize] > 0 && !args.verbose {
            " (-v says why)"
        } else {
            ""
        },
    );
    if total == 0 {
        return Err(Error::new(format!(
            "no manifests: {} hold no document",
            args.files.join(", ")
        )));
    }
    Ok(match worst {
        Verdict::Valid | Verdict::Skipped => ExitCode::SUCCESS,
        Verdict::Invalid => ExitCode::from(1),
        Verdict::Unusable => ExitCode::from(2),
    })
}

/// Adds the OpenAPI documents of `--schemas` (files, or directories of .json files).
pub(super) fn add_schemas(catalog: &mut Catalog, paths: &[PathBuf]) -> Result<(), Error> {
    for path in paths {
        for file in files_below(path, &["json"])? {
            let doc: Value = serde_json::from_slice(&read(&file)?)
                .map_err(|e| Error::new(format!("{}: not JSON: {e}", file.display())))?;
            catalog
                .add_openapi_document(&doc)
                .map_err(|e| Error::new(format!("{}: {e}", file.display())))?;
        }
    }
    Ok(())
}

/// Standard input, when `-` names it among the files or in `--crds` (only one may).
fn read_stdin(args: &ValidateArgs) -> Result<Option<Vec<u8>>, Error> {
    let in_files = args.files.iter().any(|f| f == "-");
    let in_crds = args.crds.iter().any(|c| c.as_os_str() == "-");
    if in_files && in_crds {
        return Err(Error::new(
            "standard input (-) is named both as a file and in --crds; it can be read once",
        ));
    }
    if !in_files && !in_crds {
        return Ok(None);
    }
    let mut buf = Vec::new();
    std::io::stdin()
        .read_to_end(&mut buf)
        .map_err(|e| Error::new(format!("stdin: {e}")))?;
    Ok(Some(buf))
}

/// The kinds: --schemas first, then --crds, then the CRDs found among the manifests themselves
/// (for kinds not known yet), then the release's built-in kinds, so that what the user gives
/// replaces what is built in.
fn load_catalog(
    args: &ValidateArgs,
    stdin: Option<&[u8]>,
    inputs: &[Option<PathBuf>],
) -> Result<Catalog, Error> {
    let mut catalog = Catalog::new();
    catalog.set_field_validation(match args.field_validation.as_str() {
        "warn" => FieldValidation::Warn,
        "ignore" => FieldValidation::Ignore,
        _ => FieldValidation::Strict,
    });
    add_schemas(&mut catalog, &args.schemas)?;
    for path in &args.crds {
        let sources = match (path.as_os_str() == "-", stdin) {
            (true, Some(bytes)) => vec![("<stdin>".to_string(), bytes.to_vec())],
            _ => files_below(path, &["yaml", "yml", "json"])?
                .into_iter()
                .map(|f| Ok((f.display().to_string(), read(&f)?)))
                .collect::<Result<_, Error>>()?,
        };
        for (label, bytes) in sources {
            for doc in read_documents(&bytes) {
                let doc = doc.map_err(|e| {
                    let at = e.position.map(|p| format!("{}:{}:", p.line, p.column));
                    Error::new(format!(
                        "{label}:{} document {}: {}",
                        at.unwrap_or_default(),
                        e.index + 1,
                        e.message
                    ))
                })?;
                if !is_crd(&doc.value) {
                    if args.verbose {
                        let kind = doc.value.get("kind").and_then(Value::as_str).unwrap_or("");
                        eprintln!(
                            "{label}: document {}: skipped in --crds: kind is {kind:?}, not CustomResourceDefinition",
                            doc.index + 1
                        );
                    }
                    continue;
                }
                catalog
                    .add_crd(&doc.value)
                    .map_err(|e| Error::new(format!("{label}: document {}: {e}", doc.index + 1)))?;
            }
        }
    }
    add_crds_in_inputs(&mut catalog, stdin, inputs)?;
    let release = kubeidl::kube::release(&args.kube_version)
        .map_err(|e| Error::new(format!("--kube-version: {e}")))?;
    catalog.add_release(&release).map_err(|e| {
        Error::new(format!(
            "the built-in kinds of Kubernetes {}: {e}",
            release.version
        ))
    })?;
    Ok(catalog)
}

/// Checks the files on every core, each file by one worker; reports come back in input order.
fn check_files(
    context: &Context<'_>,
    inputs: &[Option<PathBuf>],
) -> Result<Vec<FileReport>, Error> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(inputs.len().max(1));
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<Result<FileReport, Error>>> = Vec::new();
    slots.resize_with(inputs.len(), || None);
    let done = std::sync::Mutex::new(slots);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = inputs.get(i) else {
                    break;
                };
                let report = check_file(context, input.as_deref());
                done.lock().expect("reports")[i] = Some(report);
            });
        }
    });
    done.into_inner()
        .expect("reports")
        .into_iter()
        .map(|r| r.expect("every file checked"))
        .collect()
}

/// Whether a document is a CustomResourceDefinition of apiextensions.k8s.io/v1.
fn is_crd(doc: &Value) -> bool {
    doc.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition")
        && doc.get("apiVersion").and_then(Value::as_str) == Some("apiextensions.k8s.io/v1")
}

/// Adds the CRDs among the manifests (`kubectl kustomize . | kubeidl validate -` has them first)
/// whose kinds are not known yet, so the custom resources of the same run are validated by them.
/// A CRD that cannot be added is left to the CRD's own validation, which reports it.
fn add_crds_in_inputs(
    catalog: &mut Catalog,
    stdin: Option<&[u8]>,
    inputs: &[Option<PathBuf>],
) -> Result<(), Error> {
    for input in inputs {
        let bytes = match input {
            None => stdin.map(<[u8]>::to_vec).unwrap_or_default(),
            Some(file) if not_a_manifest(file).is_some() => continue,
            Some(file) => read(file)?,
        };
        // Most files hold no CRD: they are not read into documents twice.
        if !bytes
            .windows(b"CustomResourceDefinition".len())
            .any(|w| w == b"CustomResourceDefinition")
        {
            continue;
        }
        for doc in read_documents(&bytes).into_iter().flatten() {
            if !is_crd(&doc.value) {
                continue;
            }
            let crd = &doc.value;
            let group = crd
                .pointer("/spec/group")
                .and_then(Value::as_str)
                .unwrap_or("");
            let kind = crd
                .pointer("/spec/names/kind")
                .and_then(Value::as_str)
                .unwrap_or("");
            let versions = crd.pointer("/spec/versions").and_then(Value::as_array);
            let known = versions.into_iter().flatten().any(|v| {
                let version = v.get("name").and_then(Value::as_str).unwrap_or("");
                catalog.knows(&Gvk::of(&format!("{group}/{version}"), kind))
            });
            if !known {
                let _ = catalog.add_crd(crd);
            }
        }
    }
    Ok(())
}

fn check_file(context: &Context<'_>, file: Option<&Path>) -> Result<FileReport, Error> {
    let (label, bytes) = match file {
        Some(f) => (f.display().to_string(), read(f)?),
        None => (
            "<stdin>".to_string(),
            context.stdin.map(<[u8]>::to_vec).unwrap_or_default(),
        ),
    };
    let mut report = FileReport {
        label,
        text: String::new(),
        statuses: Vec::new(),
        verdicts: Vec::new(),
        not_a_manifest: None,
    };
    if let Some(why) = file.and_then(not_a_manifest) {
        if context.args.verbose && context.args.output == "text" {
            report.text += &format!("{}: skipped: {why}\n", report.label);
        }
        report.verdicts.push(Verdict::Skipped);
        report.not_a_manifest = Some(why);
        return Ok(report);
    }
    let hint = std::str::from_utf8(&bytes).ok().and_then(template_hint);
    for doc in read_documents(&bytes) {
        let checked = match doc {
            Err(e) => vec![unusable_document(&mut report, &e, hint, context.args)],
            Ok(doc) => match list_items(&doc) {
                Some(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| check_document(context, &mut report, item, Some(i)))
                    .collect(),
                None => vec![check_document(context, &mut report, &doc, None)],
            },
        };
        for (verdict, status) in checked {
            report.verdicts.push(verdict);
            // Held until every file is done, so only when they are printed.
            if context.args.output == "json" {
                report.statuses.push(status);
            }
        }
    }
    Ok(report)
}

/// The items of a list document (`v1 List`, `ConfigMapList`...: a kind ending in `List` with an
/// `items` array), each with its own positions, as kubectl flattens a list into the objects it
/// applies; `None` for any other document.
fn list_items(doc: &Document) -> Option<Vec<Document>> {
    let kind = doc.value.get("kind").and_then(Value::as_str)?;
    let items = doc.value.get("items").and_then(Value::as_array)?;
    if !kind.ends_with("List") {
        return None;
    }
    let trees = doc.positions.entry("items");
    Some(
        items
            .iter()
            .enumerate()
            .map(|(i, item)| Document {
                index: doc.index,
                value: item.clone(),
                positions: trees
                    .and_then(|t| t.item(i))
                    .cloned()
                    .unwrap_or_else(|| PositionTree::leaf(doc.positions.at)),
            })
            .collect(),
    )
}

fn index_objects(bytes: &[u8]) -> OldObjects {
    read_documents(bytes)
        .into_iter()
        .filter_map(Result::ok)
        .flat_map(|d| list_items(&d).unwrap_or_else(|| vec![d]))
        .map(|d| (identity(&d.value), d.value))
        .collect()
}

fn identity(v: &Value) -> (String, String, String, String) {
    let text = |p: &str| {
        v.pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    (
        text("/apiVersion"),
        text("/kind"),
        text("/metadata/namespace"),
        text("/metadata/name"),
    )
}

fn unusable_document(
    report: &mut FileReport,
    e: &DocumentError,
    hint: Option<&str>,
    args: &ValidateArgs,
) -> (Verdict, Value) {
    let at = e
        .position
        .map(|p| format!("{}:{}", p.line, p.column))
        .unwrap_or_else(|| "1:1".to_string());
    if args.output == "text" {
        report.text += &format!(
            "{}:{at}: document {}: {}{}\n",
            report.label,
            e.index + 1,
            e.message,
            hint.map(|h| format!(" ({h})")).unwrap_or_default()
        );
    }
    (Verdict::Unusable, bad_request(&e.message))
}

fn bad_request(message: &str) -> Value {
    json!({"metadata": {}, "status": "Failure", "message": message, "reason": "BadRequest", "code": 400})
}

/// Which `--skip-kinds` entry names the kind: `Kind`, `version/Kind` or `group/version/Kind`.
fn skipped_kind(skip: &[String], api_version: &str, kind: &str) -> Option<usize> {
    let full = format!("{api_version}/{kind}");
    skip.iter().position(|s| s == kind || *s == full)
}

fn check_document(
    context: &Context<'_>,
    report: &mut FileReport,
    doc: &Document,
    item: Option<usize>,
) -> (Verdict, Value) {
    let args = context.args;
    let text = |p: &str| {
        doc.value
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let (api_version, kind, name) = (text("/apiVersion"), text("/kind"), text("/metadata/name"));
    // Where the object is in its file: `document 3`, or `document 3, items[1]` in a list.
    let number = match item {
        Some(i) => format!("{}, items[{i}]", doc.index + 1),
        None => (doc.index + 1).to_string(),
    };
    let label = report.label.clone();
    let at = doc.positions.at;
    let mut say = |message: String| {
        if args.output == "text" {
            report.text += &format!(
                "{label}:{}:{}: document {number}: {message}\n",
                at.line, at.column
            );
        }
    };
    let no_kind = kind.is_empty() || api_version.is_empty();
    let gvk = Gvk::of(&api_version, &kind);
    let skip_entry = skipped_kind(&args.skip_kinds, &api_version, &kind);
    if let Some(i) = skip_entry {
        context.skips_used.lock().expect("skips")[i] = true;
    }
    let who = if name.is_empty() {
        kind.clone()
    } else {
        format!("{kind} {name}")
    };
    // Where the apiVersion is written, for what is said of the version.
    let version_at = {
        let at = doc.positions.find("/apiVersion");
        format!(
            "{label}:{}:{}: {who} (document {number})",
            at.line, at.column
        )
    };
    let lifecycle = match (no_kind, skip_entry) {
        (false, None) => api_status(&args.kube_version, &gvk.group, &gvk.version, &kind),
        _ => ApiStatus::Served,
    };
    // A version the release no longer serves is an error, whatever else is asked.
    if let ApiStatus::Removed(entry) = lifecycle {
        let message = entry.removal_message();
        if args.output == "text" {
            report.text += &format!("{version_at}: {message}\n");
        }
        return (
            Verdict::Invalid,
            json!({"metadata": {}, "status": "Failure", "message": message, "reason": "NotFound", "code": 404}),
        );
    }
    let skip = if kind.is_empty() && api_version.is_empty() {
        // Configuration of some tool (Helm values, a workflow), not an object kubectl applies.
        Some("no kind or apiVersion: not a Kubernetes object")
    } else if no_kind {
        args.ignore_missing_schemas
            .then_some("no kind or apiVersion: not a Kubernetes object")
    } else if skip_entry.is_some() {
        Some("kind skipped (--skip-kinds)")
    } else if args.ignore_missing_schemas && !context.catalog.knows(&gvk) {
        Some("no schema for its kind (--ignore-missing-schemas)")
    } else {
        None
    };
    if let Some(why) = skip {
        if args.verbose {
            say(format!("skipped: {why}"));
        }
        return (
            Verdict::Skipped,
            json!({"metadata": {}, "status": "Success"}),
        );
    }
    if no_kind {
        let message = "the document has no kind or apiVersion: every object needs both (--ignore-missing-schemas skips such documents)".to_string();
        say(message.clone());
        return (Verdict::Unusable, bad_request(&message));
    }
    if let Some(e) = object_meta_decode_error(&doc.value) {
        say(e.clone());
        return (Verdict::Unusable, bad_request(&e));
    }
    let validator = context.catalog.validator(&gvk);
    let validator = match validator.as_ref() {
        Ok(v) => v,
        Err(e) => {
            say(e.clone());
            return (Verdict::Unusable, bad_request(e));
        }
    };
    let mut result = match context.old_objects.get(&identity(&doc.value)) {
        Some(old) => validator.validate_update(doc.view(), old),
        None => validator.validate(doc.view()),
    };
    // The API's own validation of the kinds kubeidl knows it of, once the object decodes.
    let crd = gvk.group == "apiextensions.k8s.io" && kind == "CustomResourceDefinition";
    if crd && result.is_valid() {
        result.errors = crd_manifest_errors(&doc.value);
    } else if gvk.group == "admissionregistration.k8s.io" && result.is_valid() {
        if let Some(errors) = api_errors(&doc.value) {
            result.errors = errors;
        }
    }
    let describe = |e: &FieldError| {
        // A CRD's own checks name schema nodes as apiextensions does; they are found where
        // the manifest writes them.
        let pointer = match crd {
            true => crd_error_pointer(&e.path),
            false => e.path.pointer(),
        };
        let at = doc.positions.find(&pointer);
        let at = format!("{}:{}", at.line, at.column);
        format!("{label}:{at}: {who} (document {number}): {e}")
    };
    // A deprecated version: the apiserver's warning, or with --deprecations a finding.
    let deprecation = match lifecycle {
        ApiStatus::Deprecated(entry) => Some(entry.warning()),
        _ => None,
    };
    if args.output == "text" {
        if let Some(warning) = &deprecation {
            let prefix = if args.deprecations { "" } else { "warning: " };
            report.text += &format!("{prefix}{version_at}: {warning}\n");
        }
        for w in &result.warnings {
            report.text += &format!("warning: {}\n", describe(w));
        }
        for e in &result.errors {
            report.text += &format!("{}\n", describe(e));
        }
    }
    if result.errors.is_empty() {
        return match deprecation.filter(|_| args.deprecations) {
            Some(message) => (
                Verdict::Invalid,
                json!({"metadata": {}, "status": "Failure", "message": message, "reason": "Deprecated"}),
            ),
            None => (Verdict::Valid, json!({"metadata": {}, "status": "Success"})),
        };
    }
    let mut status = invalid_status(&gvk.group, &kind, &name, &result.errors);
    if let Value::Object(m) = &mut status {
        // kubectl-validate's shape: the Status without its type meta.
        m.remove("kind");
        m.remove("apiVersion");
    }
    (Verdict::Invalid, status)
}
