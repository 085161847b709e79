//! Validation speed, side by side:
//!
//! - a typical Deployment against the Kubernetes 1.35 `apps/v1` schema, by kubeidl's validator and
//!   by the `jsonschema` crate (draft 4) given the same OpenAPI component schemas as plain JSON
//!   Schema (`{"$ref": "#/components/schemas/…Deployment", "components": …}`). jsonschema checks
//!   the JSON Schema keywords only; kubeidl also prunes unknown fields, applies defaults, checks
//!   metadata, list types and CEL rules, and collects every error. `kubeidl_embedded`: the same,
//!   against the embedded 1.35 schemas `kubeidl validate` uses with no flags (which add enums
//!   and declarative validations, so it checks more).
//! - the same Deployment with two type errors, by both validators (all errors), and a walk that
//!   reads every key and value of the valid one and checks nothing: the floor any validator pays.
//! - the same Deployment checked by hand ([`by_hand`]: its shapes written as code, types and
//!   required fields only): the floor for any validator that reads a schema instead.
//! - 10,000 manifests read from disk (100 files of 100 documents: Deployments, Services,
//!   ConfigMaps), parsed with positions, looked up by kind and validated, as `kubeidl validate`
//!   does. Manifests per second = 10,000 / the reported time.
//!
//! Needs the published 1.35 OpenAPI documents: `KUBEIDL_K8S_PUBLISHED`, or
//! `../shared/conformance/k8s-1.35` next to the repository. Without them it prints why and exits.
//!
//! Run: `cargo bench -p kubeidl --bench validate`

mod by_hand;

use kubeidl::document::read_documents;
use kubeidl::validate::{Catalog, Gvk, Validator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

const MANIFESTS: usize = 10_000;
const PER_FILE: usize = 100;

fn main() {
    if published_dir().is_none() {
        eprintln!(
            "skipped: the 1.35 OpenAPI documents are not there; set KUBEIDL_K8S_PUBLISHED \
             or put them in ../shared/conformance/k8s-1.35"
        );
        return;
    }
    divan::main();
    if let Some(dir) = MANIFEST_DIR.get() {
        // Best effort: a leftover temporary directory is harmless.
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn published_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("KUBEIDL_K8S_PUBLISHED") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/k8s-1.35"),
    };
    dir.is_dir().then_some(dir)
}

fn read_json(rel: &str) -> Value {
    let path = published_dir().expect("checked in main").join(rel);
    serde_json::from_slice(&std::fs::read(&path).expect("published document")).expect("JSON")
}

fn apps_v1() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| read_json("apis/apps/v1.json"))
}

fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    for rel in ["api/v1.json", "apis/apps/v1.json"] {
        catalog
            .add_openapi_document(&read_json(rel))
            .expect("published document loads");
    }
    catalog
}

fn deployment(i: usize) -> Value {
    json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": format!("web-{i}"), "namespace": "prod", "labels": {"app": "web", "tier": "frontend"}},
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "web"}},
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
            "template": {
                "metadata": {"labels": {"app": "web", "tier": "frontend"}},
                "spec": {
                    "containers": [{
                        "name": "web",
                        "image": "nginx:1.27",
                        "args": ["--port", "8080"],
                        "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}],
                        "env": [{"name": "MODE", "value": "production"}, {"name": "POD_IP", "valueFrom": {"fieldRef": {"fieldPath": "status.podIP"}}}],
                        "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}, "limits": {"cpu": "500m", "memory": "128Mi"}},
                        "readinessProbe": {"httpGet": {"path": "/healthz", "port": "http"}, "periodSeconds": 5},
                        "volumeMounts": [{"name": "config", "mountPath": "/etc/web"}]
                    }],
                    "volumes": [{"name": "config", "configMap": {"name": "web-config"}}],
                    "nodeSelector": {"kubernetes.io/os": "linux"}
                }
            }
        }
    })
}

/// The validator `kubeidl validate` uses for a Deployment with no flags: the embedded 1.35 schemas.
fn embedded_validator() -> &'static Arc<Result<Validator, String>> {
    static V: OnceLock<Arc<Result<Validator, String>>> = OnceLock::new();
    V.get_or_init(|| {
        let release = kubeidl::kube::release("1.35").expect("embedded 1.35");
        let mut catalog = Catalog::new();
        catalog
            .add_openapi_document(&release.document)
            .expect("embedded document loads");
        catalog.validator(&Gvk::of("apps/v1", "Deployment"))
    })
}

fn kubeidl_validator() -> &'static Arc<Result<Validator, String>> {
    static V: OnceLock<Arc<Result<Validator, String>>> = OnceLock::new();
    V.get_or_init(|| catalog().validator(&Gvk::of("apps/v1", "Deployment")))
}

fn jsonschema_validator() -> &'static jsonschema::Validator {
    static V: OnceLock<jsonschema::Validator> = OnceLock::new();
    V.get_or_init(|| {
        let schema = json!({
            "$ref": "#/components/schemas/io.k8s.api.apps.v1.Deployment",
            "components": apps_v1()["components"].clone(),
        });
        jsonschema::draft4::new(&schema).expect("the apps/v1 schemas compile as draft 4")
    })
}

mod deployment {
    use super::*;

    /// Benches `validator`'s validation of `doc`, which must give `errors` errors.
    fn kubeidl_on(
        bencher: divan::Bencher,
        validator: &Arc<Result<Validator, String>>,
        doc: Value,
        errors: usize,
    ) {
        let validator = validator.as_ref().as_ref().expect("Deployment schema");
        let report = validator.validate(&doc);
        assert_eq!(report.errors.len(), errors, "{:?}", report.errors);
        bencher.bench(|| validator.validate(divan::black_box(&doc)).errors.len());
    }

    #[divan::bench]
    fn kubeidl(bencher: divan::Bencher) {
        kubeidl_on(bencher, kubeidl_validator(), deployment(0), 0);
    }

    #[divan::bench]
    fn kubeidl_embedded(bencher: divan::Bencher) {
        kubeidl_on(bencher, embedded_validator(), deployment(0), 0);
    }

    #[divan::bench]
    fn jsonschema_all_errors(bencher: divan::Bencher) {
        let validator = jsonschema_validator();
        let doc = deployment(0);
        assert!(validator.is_valid(&doc));
        bencher.bench(|| validator.iter_errors(divan::black_box(&doc)).count());
    }

    #[divan::bench]
    fn jsonschema_is_valid(bencher: divan::Bencher) {
        let validator = jsonschema_validator();
        let doc = deployment(0);
        bencher.bench(|| validator.is_valid(divan::black_box(&doc)));
    }

    /// The same Deployment with two type errors (`replicas` a string, an `image` a number):
    /// the cost of finding and reporting errors.
    fn invalid() -> Value {
        let mut doc = deployment(0);
        doc["spec"]["replicas"] = json!("3");
        doc["spec"]["template"]["spec"]["containers"][0]["image"] = json!(5);
        doc
    }

    #[divan::bench]
    fn kubeidl_invalid(bencher: divan::Bencher) {
        kubeidl_on(bencher, kubeidl_validator(), invalid(), 2);
    }

    #[divan::bench]
    fn jsonschema_all_errors_invalid(bencher: divan::Bencher) {
        let validator = jsonschema_validator();
        let doc = invalid();
        assert_eq!(validator.iter_errors(&doc).count(), 2);
        bencher.bench(|| validator.iter_errors(divan::black_box(&doc)).count());
    }

    /// The Deployment's shapes written as code: each object a `match` over its declared
    /// names, with types and required fields (less than either validator checks).
    #[divan::bench]
    fn by_hand(bencher: divan::Bencher) {
        let doc = deployment(0);
        assert!(super::by_hand::deployment(&doc));
        assert!(!super::by_hand::deployment(&invalid()));
        bencher.bench(|| super::by_hand::deployment(divan::black_box(&doc)));
    }

    /// The least any validator pays: a walk that reads every key and value of the document
    /// and checks nothing.
    #[divan::bench]
    fn walk_only(bencher: divan::Bencher) {
        fn walk(v: &Value) -> usize {
            match v {
                Value::Object(map) => map.iter().map(|(k, child)| k.len() + walk(child)).sum(),
                Value::Array(items) => items.iter().map(walk).sum(),
                _ => 1,
            }
        }
        let doc = deployment(0);
        bencher.bench(|| walk(divan::black_box(&doc)));
    }
}

/// 100 YAML files of 100 manifests each, written once per run to a temporary directory.
static MANIFEST_DIR: OnceLock<PathBuf> = OnceLock::new();

fn manifest_dir() -> &'static PathBuf {
    MANIFEST_DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kubeidl-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        for file in 0..MANIFESTS / PER_FILE {
            let mut text = String::new();
            for doc in 0..PER_FILE {
                let i = file * PER_FILE + doc;
                let manifest = match i % 3 {
                    0 => deployment(i),
                    1 => json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": format!("web-{i}")},
                                "spec": {"selector": {"app": "web"}, "ports": [{"name": "http", "port": 80, "targetPort": "http"}]}}),
                    _ => json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": format!("web-{i}")},
                                "data": {"mode": "production", "retries": "3"}}),
                };
                text.push_str("---\n");
                text.push_str(&to_yaml(&manifest, 0));
            }
            std::fs::write(dir.join(format!("m{file:03}.yaml")), text).expect("write manifest");
        }
        dir
    })
}

/// Block-style YAML for a JSON value (keys and strings quoted as JSON, which YAML reads).
fn to_yaml(v: &Value, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let key = serde_json::to_string(k).unwrap_or_default();
                match child {
                    Value::Object(m) if !m.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", to_yaml(child, indent + 2)))
                    }
                    Value::Array(a) if !a.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", to_yaml(child, indent)))
                    }
                    _ => out.push_str(&format!("{pad}{key}: {child}\n")),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                let body = to_yaml(item, indent + 2);
                out.push_str(&format!("{pad}- {}", body.trim_start()));
            }
        }
        scalar => out.push_str(&format!("{pad}{scalar}\n")),
    }
    out
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn ten_thousand_manifests_from_disk(bencher: divan::Bencher) {
    let dir = manifest_dir();
    let catalog = catalog();
    bencher.bench_local(|| {
        let mut documents = 0;
        let mut invalid = 0;
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("manifest directory")
            .map(|e| e.expect("directory entry").path())
            .collect();
        files.sort();
        for file in files {
            let bytes = std::fs::read(&file).expect("manifest file");
            for doc in read_documents(&bytes) {
                let doc = doc.expect("generated YAML reads");
                let gvk = Gvk::of(
                    doc.value["apiVersion"].as_str().unwrap_or_default(),
                    doc.value["kind"].as_str().unwrap_or_default(),
                );
                let validator = catalog.validator(&gvk);
                let validator = validator.as_ref().as_ref().expect("known kind");
                documents += 1;
                invalid += usize::from(!validator.validate(&doc.value).is_valid());
            }
        }
        assert_eq!((documents, invalid), (MANIFESTS, 0));
    });
}
