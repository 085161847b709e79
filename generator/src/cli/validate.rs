//! `kubeidl validate`: manifests checked against schemas from OpenAPI documents and CRDs.

use super::ValidateArgs;
use kubeidl::document::{read_documents, Document, DocumentError};
use kubeidl::errors::{invalid_status, FieldError};
use kubeidl::validate::{Catalog, Gvk};
use kubeidl_gen::Error;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How one document fared.
#[derive(PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Verdict {
    Valid,
    Invalid,
    Unusable,
}

pub fn run(args: ValidateArgs) -> Result<ExitCode, Error> {
    let mut catalog = Catalog::new();
    for path in &args.schemas {
        for file in files_below(path, &["json"])? {
            let doc: Value = serde_json::from_slice(&read(&file)?)
                .map_err(|e| Error::new(format!("{}: not JSON: {e}", file.display())))?;
            catalog
                .add_openapi_document(&doc)
                .map_err(|e| Error::new(format!("{}: {e}", file.display())))?;
        }
    }
    for path in &args.crds {
        for file in files_below(path, &["yaml", "yml", "json"])? {
            for doc in read_documents(&read(&file)?) {
                let doc = doc.map_err(|e| Error::new(format!("{}:{e}", file.display())))?;
                catalog.add_crd(&doc.value).map_err(|e| {
                    Error::new(format!(
                        "{}: document {}: {e}",
                        file.display(),
                        doc.index + 1
                    ))
                })?;
            }
        }
    }
    let old_objects = match &args.old {
        Some(path) => index_objects(&read(path)?),
        None => HashMap::new(),
    };

    let json_output = args.output == "json";
    let mut statuses: Map<String, Value> = Map::new();
    let mut worst = Verdict::Valid;
    let mut counts = [0usize; 3];
    for input in &args.files {
        let (name, files) = if input == "-" {
            ("-".to_string(), vec![None])
        } else {
            (
                input.clone(),
                files_below(Path::new(input), &["yaml", "yml", "json"])?
                    .into_iter()
                    .map(Some)
                    .collect(),
            )
        };
        let _ = name;
        for file in files {
            let (label, bytes) = match &file {
                Some(f) => (f.display().to_string(), read(f)?),
                None => {
                    let mut buf = Vec::new();
                    std::io::stdin()
                        .read_to_end(&mut buf)
                        .map_err(|e| Error::new(format!("stdin: {e}")))?;
                    ("<stdin>".to_string(), buf)
                }
            };
            let mut file_statuses = Vec::new();
            for doc in read_documents(&bytes) {
                let (verdict, status) = match doc {
                    Err(e) => unusable_document(&label, &e, json_output),
                    Ok(doc) => {
                        check_document(&mut catalog, &old_objects, &label, &doc, json_output)
                    }
                };
                counts[verdict as usize] += 1;
                worst = worst.max(verdict);
                file_statuses.push(status);
            }
            statuses.insert(label, Value::Array(file_statuses));
        }
    }
    if json_output {
        println!(
            "{}",
            serde_json::to_string_pretty(&Value::Object(statuses)).expect("JSON")
        );
    } else {
        eprintln!(
            "{} document(s): {} valid, {} invalid, {} unusable",
            counts.iter().sum::<usize>(),
            counts[0],
            counts[1],
            counts[2]
        );
    }
    Ok(match worst {
        Verdict::Valid => ExitCode::SUCCESS,
        Verdict::Invalid => ExitCode::from(1),
        Verdict::Unusable => ExitCode::from(2),
    })
}

fn read(path: &Path) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(|e| Error::io(path, e))
}

/// The files a path names: the file itself, or the files below a directory with one of the
/// extensions, sorted.
fn files_below(path: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, Error> {
    if !path.is_dir() {
        if !path.exists() {
            return Err(Error::new(format!(
                "{}: no such file or directory",
                path.display()
            )));
        }
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| Error::io(&dir, e))? {
            let p = entry.map_err(|e| Error::io(&dir, e))?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Objects by (apiVersion, kind, namespace, name), for --old.
fn index_objects(bytes: &[u8]) -> HashMap<(String, String, String, String), Value> {
    read_documents(bytes)
        .into_iter()
        .filter_map(Result::ok)
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

fn unusable_document(label: &str, e: &DocumentError, json_output: bool) -> (Verdict, Value) {
    let at = e
        .position
        .map(|p| format!("{}:{}", p.line, p.column))
        .unwrap_or_else(|| "1:1".to_string());
    if !json_output {
        println!("{label}:{at}: document {}: {}", e.index + 1, e.message);
    }
    (Verdict::Unusable, bad_request(&e.message))
}

fn bad_request(message: &str) -> Value {
    json!({"metadata": {}, "status": "Failure", "message": message, "reason": "BadRequest", "code": 400})
}

fn check_document(
    catalog: &mut Catalog,
    old_objects: &HashMap<(String, String, String, String), Value>,
    label: &str,
    doc: &Document,
    json_output: bool,
) -> (Verdict, Value) {
    let text = |p: &str| {
        doc.value
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let (api_version, kind, name) = (text("/apiVersion"), text("/kind"), text("/metadata/name"));
    let number = doc.index + 1;
    let unusable = |message: String| {
        let at = doc.positions.at;
        let at = format!("{}:{}", at.line, at.column);
        if !json_output {
            println!("{label}:{at}: document {number}: {message}");
        }
        (Verdict::Unusable, bad_request(&message))
    };
    if kind.is_empty() || api_version.is_empty() {
        return unusable(
            "the document has no kind or apiVersion: every object needs both".to_string(),
        );
    }
    let gvk = Gvk::of(&api_version, &kind);
    let validator = catalog.validator(&gvk);
    let validator = match validator.as_ref() {
        Ok(v) => v,
        Err(e) => return unusable(e.clone()),
    };
    let report = match old_objects.get(&identity(&doc.value)) {
        Some(old) => validator.validate_update(doc.view(), old),
        None => validator.validate(doc.view()),
    };
    let describe = |e: &FieldError| {
        let at = doc.positions.find(&e.path.pointer());
        let at = format!("{}:{}", at.line, at.column);
        format!("{label}:{at}: {kind} {name} (document {number}): {e}")
    };
    if !json_output {
        for w in &report.warnings {
            println!("warning: {}", describe(w));
        }
        for e in &report.errors {
            println!("{}", describe(e));
        }
    }
    if report.errors.is_empty() {
        return (Verdict::Valid, json!({"metadata": {}, "status": "Success"}));
    }
    let mut status = invalid_status(&gvk.group, &kind, &name, &report.errors);
    if let Value::Object(m) = &mut status {
        // kubectl-validate's shape: the Status without its type meta.
        m.remove("kind");
        m.remove("apiVersion");
    }
    (Verdict::Invalid, status)
}
