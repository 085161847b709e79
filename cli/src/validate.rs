//! `kubeidl validate`: manifests checked against the built-in kinds of a Kubernetes release,
//! OpenAPI documents and CRDs, files in parallel, reported in input order.

use super::cluster::api_errors;
use super::inputs::{files_below, not_a_manifest, read, template_hint, walk, Excludes};
use super::validate_report::{self as out, FileReport, Level, Message, Outcome, Verdict};
use super::ValidateArgs;
use kubeidl::document::{chunks, read_documents, Chunk, Document, DocumentError};
use kubeidl::errors::{invalid_status, FieldError};
use kubeidl::kube::{api_status, releases_with, ApiStatus};
use kubeidl::validate::{
    crd_error_pointer, crd_manifest_errors, object_meta_decode_error, Catalog, FieldValidation, Gvk,
};
use kubeidl_gen::Error;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

pub fn run(mut args: ValidateArgs) -> Result<ExitCode, Error> {
    let here = std::env::current_dir().unwrap_or_default();
    apply_settings(&mut args, &crate::settings::find(&here)?);
    let stdin = read_stdin(&args)?;
    let old_objects = match &args.old {
        Some(path) => index_objects(&read(path)?),
        None => HashMap::new(),
    };

    let excludes = Excludes::new(&args.exclude, &args.ignore_filename_pattern)?;
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
            if args.exclude.is_empty() && args.ignore_filename_pattern.is_empty() {
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
        eprintln!("warning: exclusion {glob:?} matched no file or directory");
    }
    let skips_used = context.skips_used.into_inner().expect("skips");
    for (kind, used) in args.skip_kinds.iter().zip(skips_used) {
        if !used {
            eprintln!("warning: --skip-kinds {kind:?} matched no document");
        }
    }

    // Files that hold no manifests, by why: one note each, not a line per file.
    let mut not_manifests: Vec<(&str, usize)> = Vec::new();
    for why in reports.iter().filter_map(FileReport::not_a_manifest) {
        match not_manifests.iter_mut().find(|(w, _)| *w == why) {
            Some((_, n)) => *n += 1,
            None => not_manifests.push((why, 1)),
        }
    }
    let written = match args.output.as_str() {
        "json" => out::json(&reports),
        "junit" => out::junit(&reports, &junit_timestamp(), &hostname()),
        "tap" => out::tap(&reports),
        "sarif" => out::sarif(&reports),
        "github" => out::github(&reports),
        _ => {
            let mut text = out::text(&reports, args.verbose);
            if args.summary {
                text += &out::summary(&reports);
            }
            text
        }
    };
    print!("{written}");
    for (why, n) in &not_manifests {
        let list = if args.verbose { "" } else { " (-v lists them)" };
        eprintln!("note: {n} file(s) skipped: {why}{list}");
    }
    let count = |v: Verdict| out::count(&reports, v);
    let total: usize = reports.iter().map(|r| r.outcomes.len()).sum();
    eprintln!(
        "{} document(s): {} valid, {} invalid, {} unusable, {} skipped{}",
        total,
        count(Verdict::Valid),
        count(Verdict::Invalid),
        count(Verdict::Unusable),
        count(Verdict::Skipped),
        if count(Verdict::Skipped) > 0 && !args.verbose {
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
    Ok(if count(Verdict::Unusable) > 0 {
        ExitCode::from(2)
    } else if count(Verdict::Invalid) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The workspace settings (`.kubeidl.yaml`'s `validate:`) where no flag says otherwise: the
/// release, and CRDs besides those of `--crds`.
pub(super) fn apply_settings(args: &mut ValidateArgs, settings: &crate::settings::Settings) {
    if args.kube_version.is_none() {
        args.kube_version = settings.kube_version.clone();
    }
    args.crds.extend(settings.crds.iter().cloned());
}

/// The release the checks use.
fn kube_version(args: &ValidateArgs) -> &str {
    args.kube_version
        .as_deref()
        .unwrap_or(kubeidl::kube::NEWEST)
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
                for doc in doc.list_items().unwrap_or_else(|| vec![doc]) {
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
                    catalog.add_crd(&doc.value).map_err(|e| {
                        Error::new(format!("{label}: document {}: {e}", doc.index + 1))
                    })?;
                }
            }
        }
    }
    add_crds_in_inputs(&mut catalog, stdin, inputs)?;
    let release = kubeidl::kube::release(kube_version(args))
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
    in_order(inputs, |input| check_file(context, input.as_deref()))
        .into_iter()
        .collect()
}

/// A stream with at least this many documents is validated on every core, not by one worker:
/// 50,000 Deployments in one file take no longer than in 25.
const DOCUMENTS_PER_WORKER: usize = 256;

/// `f` of each item, on every core, in the items' order.
fn in_order<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().max(1));
    if workers == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<R>> = Vec::new();
    slots.resize_with(items.len(), || None);
    let done = Mutex::new(slots);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else {
                    break;
                };
                let result = f(item);
                done.lock().expect("results")[i] = Some(result);
            });
        }
    });
    done.into_inner()
        .expect("results")
        .into_iter()
        .map(|r| r.expect("every item done"))
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
    const CRD: &[u8] = b"CustomResourceDefinition";
    let mentions_crd = |bytes: &[u8]| bytes.windows(CRD.len()).any(|w| w == CRD);
    for input in inputs {
        let bytes = match input {
            None => Cow::Borrowed(stdin.unwrap_or_default()),
            Some(file) if not_a_manifest(file).is_some() => continue,
            Some(file) => Cow::Owned(read(file)?),
        };
        // Only the documents that mention CRDs are read here (the others once, when validated),
        // one at a time, so a long stream is never held whole.
        for chunk in chunks(&bytes).iter().filter(|c| mentions_crd(c.bytes())) {
            let Ok(doc) = chunk.read() else { continue };
            // `kubectl get crd -o yaml` writes its CRDs as a List.
            for doc in doc.list_items().unwrap_or_else(|| vec![doc]) {
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
    }
    Ok(())
}

fn check_file(context: &Context<'_>, file: Option<&Path>) -> Result<FileReport, Error> {
    let (label, bytes) = match file {
        Some(f) => (f.display().to_string(), Cow::Owned(read(f)?)),
        None => (
            "<stdin>".to_string(),
            Cow::Borrowed(context.stdin.unwrap_or_default()),
        ),
    };
    Ok(check_bytes(context, label, &bytes, file))
}

/// What `kubeidl validate` says of a text (a file's, or an editor's buffer for `file`), with the
/// catalog and flags given, and the text of `--old`: the language server's diagnostics.
pub(super) fn check_text(
    catalog: &Catalog,
    args: &ValidateArgs,
    file: &Path,
    text: &[u8],
    old: Option<&[u8]>,
) -> FileReport {
    // With the stored objects (`--old`), objects found there are checked as updates of them.
    let old_objects = old.map(index_objects).unwrap_or_default();
    let context = Context {
        catalog,
        old_objects: &old_objects,
        stdin: None,
        args,
        skips_used: Mutex::new(vec![false; args.skip_kinds.len()]),
    };
    check_bytes(&context, file.display().to_string(), text, Some(file))
}

/// The catalog `kubeidl validate` checks with, given its flags and the files it checks (whose
/// CRDs serve the custom resources among them).
pub(super) fn catalog_for(args: &ValidateArgs, files: &[PathBuf]) -> Result<Catalog, Error> {
    let inputs: Vec<Option<PathBuf>> = files.iter().cloned().map(Some).collect();
    load_catalog(args, None, &inputs)
}

fn check_bytes(
    context: &Context<'_>,
    label: String,
    bytes: &[u8],
    file: Option<&Path>,
) -> FileReport {
    let mut report = FileReport {
        label,
        outcomes: Vec::new(),
    };
    if let Some(why) = file.and_then(not_a_manifest) {
        report.outcomes.push(Outcome {
            line: 1,
            column: 1,
            verdict: Verdict::Skipped,
            skipped: Some(why.to_string()),
            ..Outcome::default()
        });
        return report;
    }
    let hint = std::str::from_utf8(bytes).ok().and_then(template_hint);
    // Each document is read, validated and dropped: a stream holds only what is being read.
    let check = |chunk: &Chunk<'_>| match chunk.read() {
        Err(e) => vec![unusable_document(&e, hint)],
        Ok(doc) => match doc.list_items() {
            Some(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| check_document(context, item, Some(i)))
                .collect(),
            None => vec![check_document(context, &doc, None)],
        },
    };
    let chunks = chunks(bytes);
    let outcomes: Vec<Vec<Outcome>> = if chunks.len() >= DOCUMENTS_PER_WORKER {
        in_order(&chunks, check)
    } else {
        chunks.iter().map(check).collect()
    };
    report.outcomes = outcomes.into_iter().flatten().collect();
    report
}

/// Now, as JUnit's schema wants it (UTC, no zone).
fn junit_timestamp() -> String {
    chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S").to_string()
}

/// The machine's name for JUnit, `localhost` when it cannot be told.
fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty() && !h.contains(char::is_whitespace))
        .unwrap_or_else(|| "localhost".to_string())
}

fn index_objects(bytes: &[u8]) -> OldObjects {
    read_documents(bytes)
        .into_iter()
        .filter_map(Result::ok)
        .flat_map(|d| d.list_items().unwrap_or_else(|| vec![d]))
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

/// A document that could not be read.
fn unusable_document(e: &DocumentError, hint: Option<&str>) -> Outcome {
    let at = e.position.map_or((1, 1), |p| (p.line, p.column));
    let document = (e.index + 1).to_string();
    Outcome {
        line: at.0,
        column: at.1,
        verdict: Verdict::Unusable,
        messages: vec![Message {
            level: Level::Error,
            line: at.0,
            column: at.1,
            text: format!(
                "document {document}: {}{}",
                e.message,
                hint.map(|h| format!(" ({h})")).unwrap_or_default()
            ),
            rule: "BadRequest",
        }],
        status: bad_request(&e.message),
        document,
        ..Outcome::default()
    }
}

fn bad_request(message: &str) -> Value {
    json!({"metadata": {}, "status": "Failure", "message": message, "reason": "BadRequest", "code": 400})
}

/// Which `--skip-kinds` entry names the kind: `Kind`, `version/Kind` or `group/version/Kind`.
fn skipped_kind(skip: &[String], api_version: &str, kind: &str) -> Option<usize> {
    let full = format!("{api_version}/{kind}");
    skip.iter().position(|s| s == kind || *s == full)
}

fn check_document(context: &Context<'_>, doc: &Document, item: Option<usize>) -> Outcome {
    let args = context.args;
    let text = |p: &str| {
        doc.value
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let (api_version, kind, name) = (text("/apiVersion"), text("/kind"), text("/metadata/name"));
    let at = doc.positions.at;
    let mut outcome = Outcome {
        line: at.line,
        column: at.column,
        // Where the object is in its file: `3`, or `3, items[1]` in a list.
        document: match item {
            Some(i) => format!("{}, items[{i}]", doc.index + 1),
            None => (doc.index + 1).to_string(),
        },
        api_version: api_version.clone(),
        kind: kind.clone(),
        name: name.clone(),
        namespace: text("/metadata/namespace"),
        ..Outcome::default()
    };
    let number = outcome.document.clone();
    // A message about the document as a whole, at its start.
    let whole = |outcome: &mut Outcome, verdict: Verdict, message: String, status: Value| {
        let text = format!("document {number}: {message}");
        let message = Message {
            level: Level::Error,
            line: at.line,
            column: at.column,
            text,
            rule: "BadRequest",
        };
        outcome.fail(message, verdict, status);
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
    // What is said of the version is said where the apiVersion is written.
    let version_at = doc.positions.find("/apiVersion");
    let lifecycle = match (no_kind, skip_entry) {
        (false, None) => api_status(kube_version(args), &gvk.group, &gvk.version, &kind),
        _ => ApiStatus::Served,
    };
    // A version the release does not serve is an error, whatever else is asked: one it
    // removed, or (never skipped as a kind without schema) one that only other releases have.
    let not_served = match lifecycle {
        ApiStatus::Removed(entry) => Some(entry.removal_message()),
        _ if !no_kind && skip_entry.is_none() && !context.catalog.knows(&gvk) => {
            let others = releases_with(&gvk.group, &gvk.version, &kind);
            let release = context.catalog.release().unwrap_or(kube_version(args));
            (!others.is_empty()).then(|| {
                let verb = if others.len() == 1 { "has" } else { "have" };
                format!(
                    "{api_version} {kind}: not served by Kubernetes {release}; Kubernetes {} {verb} it",
                    others.join(", ")
                )
            })
        }
        _ => None,
    };
    if let Some(message) = not_served {
        let status = json!({"metadata": {}, "status": "Failure", "message": message, "reason": "NotFound", "code": 404});
        let text = format!("{who} (document {number}): {message}");
        let message = Message {
            level: Level::Error,
            line: version_at.line,
            column: version_at.column,
            text,
            rule: "NotServed",
        };
        outcome.fail(message, Verdict::Invalid, status);
        return outcome;
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
        outcome.verdict = Verdict::Skipped;
        outcome.skipped = Some(why.to_string());
        return outcome;
    }
    if no_kind {
        let message = "the document has no kind or apiVersion: every object needs both (--ignore-missing-schemas skips such documents)".to_string();
        let status = bad_request(&message);
        whole(&mut outcome, Verdict::Unusable, message, status);
        return outcome;
    }
    if let Some(e) = object_meta_decode_error(&doc.value) {
        let status = bad_request(&e);
        whole(&mut outcome, Verdict::Unusable, e, status);
        return outcome;
    }
    let validator = context.catalog.validator(&gvk);
    let validator = match validator.as_ref() {
        Ok(v) => v,
        Err(e) => {
            whole(&mut outcome, Verdict::Unusable, e.clone(), bad_request(e));
            return outcome;
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
    let message = |level: Level, e: &FieldError| {
        // A CRD's own checks name schema nodes as apiextensions does; they are found where
        // the manifest writes them.
        let pointer = match crd {
            true => crd_error_pointer(&e.path),
            false => e.path.pointer(),
        };
        let at = doc.positions.find(&pointer);
        Message {
            level,
            line: at.line,
            column: at.column,
            text: format!("{who} (document {number}): {e}"),
            rule: e.error_type.reason(),
        }
    };
    // A deprecated version: the apiserver's warning, or with --deprecations a finding.
    let deprecation = match lifecycle {
        ApiStatus::Deprecated(entry) => Some(entry.warning()),
        _ => None,
    };
    if let Some(warning) = &deprecation {
        outcome.messages.push(Message {
            level: if args.deprecations {
                Level::Error
            } else {
                Level::Warning
            },
            line: version_at.line,
            column: version_at.column,
            text: format!("{who} (document {number}): {warning}"),
            rule: "Deprecated",
        });
    }
    outcome
        .messages
        .extend(result.warnings.iter().map(|w| message(Level::Warning, w)));
    outcome
        .messages
        .extend(result.errors.iter().map(|e| message(Level::Error, e)));
    if result.errors.is_empty() {
        (outcome.verdict, outcome.status) = match deprecation.filter(|_| args.deprecations) {
            Some(message) => (
                Verdict::Invalid,
                json!({"metadata": {}, "status": "Failure", "message": message, "reason": "Deprecated"}),
            ),
            None => (Verdict::Valid, json!({"metadata": {}, "status": "Success"})),
        };
        return outcome;
    }
    let mut status = invalid_status(&gvk.group, &kind, &name, &result.errors);
    if let Value::Object(m) = &mut status {
        // kubectl-validate's shape: the Status without its type meta.
        m.remove("kind");
        m.remove("apiVersion");
    }
    outcome.verdict = Verdict::Invalid;
    outcome.status = status;
    outcome
}
