//! Fidelity against a real apiserver: the OpenAPI v3 that Kubernetes 1.35 publishes.
//!
//! - `KUBEIDL_K8S_PUBLISHED`: a directory of published OpenAPI v3 documents (one per
//!   group-version, as `../shared/conformance/k8s-1.35`, which is the default when it exists).
//! - `KUBEIDL_K8S_SOURCES`: a directory holding checkouts of k8s.io/api, k8s.io/apimachinery,
//!   k8s.io/apiextensions-apiserver and k8s.io/kube-aggregator (as `api/`, `apimachinery/`,
//!   `apiextensions-apiserver/`, `kube-aggregator/`) at the matching release (v0.35.0 for 1.35).
//!
//! Each test says that it skipped when what it needs is missing; neither is part of the repo.

mod support;

use kubeidl::schema::to_canonical_string;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn published_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("KUBEIDL_K8S_PUBLISHED") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/k8s-1.35"),
    };
    dir.is_dir().then_some(dir)
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    out.sort();
}

/// Every published component schema by name, without the apiserver's GVK extension.
fn published_schemas(dir: &Path) -> BTreeMap<String, Value> {
    let mut files = Vec::new();
    json_files(dir, &mut files);
    let mut schemas = BTreeMap::new();
    for file in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
            let mut schema = schema.clone();
            schema
                .as_object_mut()
                .unwrap()
                .remove("x-kubernetes-group-version-kind");
            schemas.insert(name.clone(), schema);
        }
    }
    schemas
}

#[test]
fn canonical_writer_reproduces_published_files_byte_for_byte() {
    let Some(dir) = published_dir() else {
        eprintln!("skipped: no published OpenAPI; set KUBEIDL_K8S_PUBLISHED");
        return;
    };
    let mut files = Vec::new();
    json_files(&dir, &mut files);
    assert!(!files.is_empty());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(
            to_canonical_string(&value) == text,
            "{} is not reproduced",
            file.display()
        );
    }
    eprintln!("{} published files reproduced byte for byte", files.len());
}

#[test]
fn generated_schemas_equal_what_the_apiserver_publishes() {
    let (Some(published), Some(sources)) =
        (published_dir(), std::env::var_os("KUBEIDL_K8S_SOURCES"))
    else {
        eprintln!(
            "skipped: set KUBEIDL_K8S_SOURCES to a directory holding api/, apimachinery/, \
             apiextensions-apiserver/ and kube-aggregator/ checkouts (and KUBEIDL_K8S_PUBLISHED if \
             ../shared/conformance/k8s-1.35 is not there)"
        );
        return;
    };
    let sources = PathBuf::from(sources);
    let generated = support::k8s::kubernetes_generator(&sources)
        .generate()
        .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    let text = generated.document.to_canonical_string();
    let ours: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        to_canonical_string(&ours),
        text,
        "our output is canonical JSON"
    );
    let ours = ours["components"]["schemas"].as_object().unwrap();

    let theirs = published_schemas(&published);
    let mut missing = Vec::new();
    let mut different = Vec::new();
    for (name, schema) in &theirs {
        match ours.get(name) {
            None => missing.push(name.clone()),
            Some(s) if s != schema => different.push(name.clone()),
            Some(_) => {}
        }
    }
    let equal = theirs.len() - missing.len() - different.len();
    eprintln!(
        "{equal} of {} published schemas are identical ({} generated in all)",
        theirs.len(),
        ours.len()
    );
    assert!(missing.is_empty(), "missing: {missing:?}");
    assert!(different.is_empty(), "different: {different:?}");
}

#[test]
fn kubernetes_api_generates_with_validations_and_every_tag_lowered() {
    let Some(sources) = std::env::var_os("KUBEIDL_K8S_SOURCES") else {
        eprintln!("skipped: set KUBEIDL_K8S_SOURCES (see generated_schemas_equal_what_the_apiserver_publishes)");
        return;
    };
    let generated = support::k8s::kubernetes_generator(&PathBuf::from(sources))
        .validations(true)
        .generate()
        .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    let t = generated.tags;
    eprintln!(
        "validation tags: {} read, {} lowered, {} documentation only; {} warnings",
        t.seen,
        t.lowered,
        t.documentation,
        generated.warnings.len()
    );
    assert!(t.seen > 0);
    assert_eq!(t.seen, t.lowered + t.documentation, "no tag left out");
    let text = generated.document.to_canonical_string();
    for lowered in [
        "\"maxItems\": 64",
        "x-kubernetes-validations",
        "\"format\": \"k8s-uuid\"",
    ] {
        assert!(text.contains(lowered), "{lowered}");
    }
}

/// The tags validation-gen's own tally (validation-gen.md §5) counts as validation-bearing: every
/// `+k8s:` validation tag of k8s.io/api's types.go files except those that only describe
/// (`optional`, `listType=atomic`, `listMapKey`, `customUnique`), a chain counted as its
/// innermost tag.
const K8S_API_VALIDATION_BEARING_TAGS: usize = 211;

#[test]
fn every_validation_bearing_k8s_tag_of_kubernetes_api_is_lowered() {
    let Some(sources) = std::env::var_os("KUBEIDL_K8S_SOURCES") else {
        eprintln!("skipped: set KUBEIDL_K8S_SOURCES (see generated_schemas_equal_what_the_apiserver_publishes)");
        return;
    };
    let sources = PathBuf::from(sources);
    // Found by reading the files line by line, not with the generator's tag reader.
    let mut found = Vec::new();
    let mut stack = vec![sources.join("api")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "types.go") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let Some(outer) = line.trim().strip_prefix("// +k8s:") else {
                        continue;
                    };
                    // A chain (`subfield(name)=+k8s:optional`) is what its innermost tag is.
                    let tag = outer.rsplit("=+k8s:").next().unwrap_or(outer);
                    let name: String = tag
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == ':')
                        .collect();
                    let describes =
                        matches!(name.as_str(), "optional" | "listMapKey" | "customUnique")
                            || tag.starts_with("listType=atomic");
                    let bears = matches!(
                        kubeidl::tags::registry::lookup(&format!("k8s:{name}")),
                        kubeidl::tags::registry::Known::Validation(..)
                    );
                    if bears && !describes {
                        found.push((
                            std::fs::canonicalize(&path).unwrap(),
                            i + 1,
                            line.trim().to_string(),
                        ));
                    }
                }
            }
        }
    }
    assert_eq!(
        found.len(),
        K8S_API_VALIDATION_BEARING_TAGS,
        "tags found in the sources"
    );
    let generated = support::k8s::kubernetes_generator(&sources)
        .validations(true)
        .generate()
        .unwrap_or_else(|e| panic!("{}", e.render_with_source()));
    let lowered: std::collections::HashSet<(PathBuf, usize)> = generated
        .lowered_at
        .iter()
        .map(|p| (std::fs::canonicalize(&*p.file).unwrap(), p.line))
        .collect();
    let missing: Vec<String> = found
        .iter()
        .filter(|(file, line, _)| !lowered.contains(&(file.clone(), *line)))
        .map(|(file, line, text)| format!("{}:{line}: {text}", file.display()))
        .collect();
    eprintln!(
        "{} validation-bearing +k8s: tags in the sources, {} of them lowered",
        found.len(),
        found.len() - missing.len()
    );
    assert!(missing.is_empty(), "not lowered:\n{}", missing.join("\n"));
}

/// Where `ours` does not say what `published` says (descriptions aside). Lists of strings
/// (`required`) may hold more in ours; other lists must agree item by item.
fn disagreements(published: &Value, ours: &Value, path: &str, out: &mut Vec<String>) {
    match (published, ours) {
        (Value::Object(p), Value::Object(o)) => {
            for (k, pv) in p {
                if k == "description" {
                    continue;
                }
                match o.get(k) {
                    None => out.push(format!("{path}/{k}: missing")),
                    Some(ov) => disagreements(pv, ov, &format!("{path}/{k}"), out),
                }
            }
        }
        (Value::Array(p), Value::Array(o)) if p.len() == o.len() => {
            for (i, (pv, ov)) in p.iter().zip(o).enumerate() {
                disagreements(pv, ov, &format!("{path}/{i}"), out);
            }
        }
        (Value::Array(p), Value::Array(o)) if p.iter().all(Value::is_string) => {
            for v in p {
                if !o.contains(v) {
                    out.push(format!("{path}: {v} missing"));
                }
            }
        }
        (p, o) if p != o => out.push(format!("{path}: published {p}, embedded {o}")),
        _ => {}
    }
}

/// The built-in kinds `kubeidl validate` embeds for 1.35 say what the apiserver publishes wherever
/// it says something of a schema (they may say more: enum values, validations, strip-zero marks),
/// and every published schema is there.
#[test]
fn embedded_1_35_kinds_agree_with_what_the_apiserver_publishes() {
    let Some(dir) = published_dir() else {
        eprintln!("skipped: no published OpenAPI; set KUBEIDL_K8S_PUBLISHED");
        return;
    };
    let release = kubeidl::kube::release("1.35").unwrap();
    let ours = release.document["components"]["schemas"]
        .as_object()
        .unwrap();
    let published = published_schemas(&dir);
    let mut problems = Vec::new();
    for (name, schema) in &published {
        match ours.get(name) {
            None => problems.push(format!("{name}: not embedded")),
            Some(o) => disagreements(schema, o, name, &mut problems),
        }
    }
    eprintln!(
        "{} published schemas, {} embedded, {} disagreements",
        published.len(),
        ours.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{}",
        problems[..problems.len().min(40)].join("\n")
    );
}
