//! The embedded Kubernetes releases against what an apiserver publishes: wherever the published
//! 1.35 documents say something of a schema, the embedded 1.35 schema says the same (it may say
//! more: enum values, validations, strip-zero marks), and every published kind is known.
//!
//! `KUBEIDL_K8S_PUBLISHED` points at the published documents (one JSON file per group-version;
//! default: the project's shared conformance copy, when it is there); the test says when it skips.

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

#[test]
fn embedded_1_35_agrees_with_what_the_apiserver_publishes() {
    let Some(dir) = published_dir() else {
        eprintln!("skipped: no published Kubernetes 1.35 OpenAPI; set KUBEIDL_K8S_PUBLISHED");
        return;
    };
    let release = kubeidl::kube::release("1.35").unwrap();
    let ours = release.document["components"]["schemas"]
        .as_object()
        .unwrap();
    let mut files = Vec::new();
    json_files(&dir, &mut files);
    let mut published = BTreeMap::new();
    for file in &files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
            published.insert(name.clone(), schema.clone());
        }
    }
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

#[test]
fn the_embedded_schemas_say_more_than_the_published_ones() {
    let release = kubeidl::kube::release("1.35").unwrap();
    let schemas = &release.document["components"]["schemas"];
    // `+enum` values, which an apiserver enforces but does not publish.
    let protocol = &schemas["io.k8s.api.core.v1.ContainerPort"]["properties"]["protocol"];
    assert_eq!(protocol["enum"], serde_json::json!(["SCTP", "TCP", "UDP"]));
    // A declarative `+k8s:` validation of 1.35 (`+k8s:maxItems=16` on ResourceClaim's requests).
    let text = serde_json::to_string(schemas).unwrap();
    assert!(text.contains("\"maxItems\":"), "maxItems keywords");
    assert!(text.contains("x-kubernetes-validations"), "rules");
}
