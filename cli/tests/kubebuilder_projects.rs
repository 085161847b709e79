//! Real kubebuilder projects at pinned releases: `kubeidl crd --controller-gen-compat=<the
//! release the project's Makefile pins>` on the untouched sources, with the options the Makefile
//! passes to controller-gen, compared with the CRDs the project checked in: YAML read as JSON and
//! deep-equal, the controller-gen version annotation aside (and what else old controller-gens
//! wrote: an empty annotations map, `creationTimestamp: null`, a top-level `status`). Every CRD
//! must be identical unless [`KNOWN`] lists it with the reason (also in docs/crd.md).
//!
//! `KUBEIDL_KUBEBUILDER_PROJECTS` points at a directory holding `src/<project>` (a `git archive`
//! of each project at the tag below) and `deps/<module with '/' as '+'>@<version>` (the
//! k8s.io modules and Gateway API at the versions each go.mod pins); the test skips without it.

mod support;

use kubeidl::document::read_documents;
use regex::Regex;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One controller-gen invocation of a project: where it runs (below `src/`), the packages and
/// the modules kubeidl maps (`deps/...` below the root, other paths relative to where it runs),
/// controller-gen's options as kubeidl flags, the checked-in CRDs' directory (relative to where
/// it runs), the controller-gen release the project pins, and what the project's own tooling does
/// to controller-gen's output before checking it in.
struct Project {
    name: &'static str,
    /// `owner/repo@tag`, for the record.
    source: &'static str,
    dir: &'static str,
    packages: &'static [&'static str],
    modules: &'static [&'static str],
    flags: &'static [&'static str],
    crd_dir: &'static str,
    controller_gen: &'static str,
    post: Post,
}

#[derive(Clone, Copy)]
enum Post {
    None,
    /// Gateway API's tools/generator: its experimental-channel tweaks of descriptions and
    /// validations, and the bundle annotations it adds.
    GatewayExperimental,
    /// An annotation a script adds after controller-gen.
    DropAnnotation(&'static str),
}

/// CRDs allowed to differ, with why: (project, CRD name, reason). None today.
const KNOWN: &[(&str, &str, &str)] = &[];

const CAPI_MODULES: &[&str] = &[
    "sigs.k8s.io/cluster-api=.",
    "sigs.k8s.io/cluster-api/api=./api",
    "k8s.io/api=deps/k8s.io+api@v0.36.3",
    "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
];
const CAPI_MODULES_APIEXT: &[&str] = &[
    "sigs.k8s.io/cluster-api=.",
    "sigs.k8s.io/cluster-api/api=./api",
    "k8s.io/api=deps/k8s.io+api@v0.36.3",
    "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
    "k8s.io/apiextensions-apiserver=deps/k8s.io+apiextensions-apiserver@v0.36.3",
];
const CAPI_MODULES_META: &[&str] = &[
    "sigs.k8s.io/cluster-api=.",
    "sigs.k8s.io/cluster-api/api=./api",
    "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
];
const COMPAT: &[&str] = &[];
const EMBEDDED_META: &[&str] = &["--generate-embedded-object-meta"];
const CAPI: &str = "kubernetes-sigs/cluster-api@v1.14.0";

const fn capi(
    name: &'static str,
    packages: &'static [&'static str],
    modules: &'static [&'static str],
    crd_dir: &'static str,
) -> Project {
    Project {
        name,
        source: CAPI,
        dir: "cluster-api",
        packages,
        modules,
        flags: COMPAT,
        crd_dir,
        controller_gen: "v0.21.0",
        post: Post::None,
    }
}

const PROJECTS: &[Project] = &[
    capi(
        "cluster-api-core",
        &[
            "./api/addons/...",
            "./api/core/...",
            "./api/ipam/...",
            "./api/runtime/...",
            "./core",
            "./core/reconcilers/...",
            "./core/webhooks/...",
        ],
        CAPI_MODULES_APIEXT,
        "core/config/crd/bases",
    ),
    capi(
        "cluster-api-clusterctl",
        &["./cmd/clusterctl/api/..."],
        CAPI_MODULES_META,
        "cmd/clusterctl/config/crd/bases",
    ),
    capi(
        "cluster-api-kubeadm-bootstrap",
        &[
            "./api/bootstrap/kubeadm/...",
            "./bootstrap/kubeadm",
            "./bootstrap/kubeadm/reconcilers/...",
            "./bootstrap/kubeadm/webhooks/...",
        ],
        CAPI_MODULES,
        "bootstrap/kubeadm/config/crd/bases",
    ),
    capi(
        "cluster-api-kubeadm-controlplane",
        &[
            "./api/controlplane/kubeadm/...",
            "./controlplane/kubeadm",
            "./controlplane/kubeadm/reconcilers/...",
            "./controlplane/kubeadm/webhooks/...",
        ],
        CAPI_MODULES,
        "controlplane/kubeadm/config/crd/bases",
    ),
    Project {
        name: "cluster-api-docker",
        source: CAPI,
        dir: "cluster-api/test/infrastructure/docker",
        packages: &[
            "./",
            "./api/...",
            "./internal/controllers/...",
            "./internal/webhooks/...",
        ],
        modules: &[
            "sigs.k8s.io/cluster-api/test=../..",
            "sigs.k8s.io/cluster-api=../../..",
            "sigs.k8s.io/cluster-api/api=../../../api",
            "k8s.io/api=deps/k8s.io+api@v0.36.3",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
        ],
        flags: COMPAT,
        crd_dir: "config/crd/bases",
        controller_gen: "v0.21.0",
        post: Post::None,
    },
    capi(
        "cluster-api-util-test-builder",
        &["./util/test/builder/..."],
        CAPI_MODULES,
        "util/test/builder/crd",
    ),
    capi(
        "cluster-api-internal-topology-upgrade-test-t1",
        &["./internal/topology/upgrade/test/t1/..."],
        CAPI_MODULES_META,
        "internal/topology/upgrade/test/t1/crd",
    ),
    capi(
        "cluster-api-internal-topology-upgrade-test-t2",
        &["./internal/topology/upgrade/test/t2/..."],
        CAPI_MODULES_META,
        "internal/topology/upgrade/test/t2/crd",
    ),
    capi(
        "cluster-api-controllers-crdmigrator-test-t1",
        &["./controllers/crdmigrator/test/t1/..."],
        CAPI_MODULES_META,
        "controllers/crdmigrator/test/t1/crd",
    ),
    capi(
        "cluster-api-controllers-crdmigrator-test-t2",
        &["./controllers/crdmigrator/test/t2/..."],
        CAPI_MODULES_META,
        "controllers/crdmigrator/test/t2/crd",
    ),
    capi(
        "cluster-api-controllers-crdmigrator-test-t3",
        &["./controllers/crdmigrator/test/t3/..."],
        CAPI_MODULES_META,
        "controllers/crdmigrator/test/t3/crd",
    ),
    capi(
        "cluster-api-controllers-crdmigrator-test-t4",
        &["./controllers/crdmigrator/test/t4/..."],
        CAPI_MODULES_META,
        "controllers/crdmigrator/test/t4/crd",
    ),
    capi(
        "cluster-api-util-deprecated-v1beta1-test-builder",
        &["./util/deprecated/v1beta1/test/builder/..."],
        CAPI_MODULES,
        "util/deprecated/v1beta1/test/builder/crd",
    ),
    Project {
        name: "kueue",
        source: "kubernetes-sigs/kueue@v0.19.2",
        dir: "kueue",
        packages: &["./apis/..."],
        modules: &[
            "sigs.k8s.io/kueue=.",
            "k8s.io/api=deps/k8s.io+api@v0.36.2",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.2",
        ],
        flags: EMBEDDED_META,
        crd_dir: "config/components/crd/bases",
        controller_gen: "v0.20.1",
        post: Post::None,
    },
    Project {
        name: "external-secrets",
        source: "external-secrets/external-secrets@v2.9.0",
        dir: "external-secrets",
        packages: &["./apis/..."],
        modules: &[
            "github.com/external-secrets/external-secrets=.",
            "github.com/external-secrets/external-secrets/apis=./apis",
            "k8s.io/api=deps/k8s.io+api@v0.36.3",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
            "k8s.io/apiextensions-apiserver=deps/k8s.io+apiextensions-apiserver@v0.36.3",
        ],
        flags: COMPAT,
        crd_dir: "config/crds/bases",
        controller_gen: "v0.19.0",
        post: Post::None,
    },
    Project {
        name: "jobset",
        source: "kubernetes-sigs/jobset@v0.12.0",
        dir: "jobset",
        packages: &["./api/..."],
        modules: &[
            "sigs.k8s.io/jobset=.",
            "k8s.io/api=deps/k8s.io+api@v0.36.0",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.0",
        ],
        flags: EMBEDDED_META,
        crd_dir: "config/components/crd/bases",
        controller_gen: "v0.17.2",
        post: Post::None,
    },
    Project {
        name: "lws",
        source: "kubernetes-sigs/lws@v0.10.0",
        dir: "lws",
        packages: &["./api/...", "./pkg/..."],
        modules: &[
            "sigs.k8s.io/lws=.",
            "k8s.io/api=deps/k8s.io+api@v0.36.3",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
        ],
        flags: EMBEDDED_META,
        crd_dir: "config/crd/bases",
        controller_gen: "v0.17.2",
        post: Post::None,
    },
    Project {
        name: "cert-manager",
        source: "cert-manager/cert-manager@v1.21.1",
        dir: "cert-manager",
        packages: &[
            "./hack/...",
            "./internal/...",
            "./pkg/...",
            "./test/...",
            "./third_party/...",
        ],
        modules: &[
            "github.com/cert-manager/cert-manager=.",
            "k8s.io/api=deps/k8s.io+api@v0.36.2",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.2",
            "k8s.io/apiextensions-apiserver=deps/k8s.io+apiextensions-apiserver@v0.36.2",
            "sigs.k8s.io/gateway-api=deps/sigs.k8s.io+gateway-api@v1.6.0",
        ],
        flags: COMPAT,
        crd_dir: "deploy/crds",
        controller_gen: "v0.21.0",
        post: Post::None,
    },
    Project {
        name: "gateway-api",
        source: "kubernetes-sigs/gateway-api@v1.6.1",
        dir: "gateway-api",
        packages: &[
            "./apis/v1alpha3",
            "./apis/v1alpha2",
            "./apis/v1beta1",
            "./apis/v1",
            "./apisx/v1alpha1",
        ],
        modules: &[
            "sigs.k8s.io/gateway-api=.",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.1",
        ],
        flags: COMPAT,
        crd_dir: "config/crd/experimental",
        controller_gen: "v0.21.0",
        post: Post::GatewayExperimental,
    },
    Project {
        name: "prometheus-operator-full",
        source: "prometheus-operator/prometheus-operator@v0.93.0",
        dir: "prometheus-operator/pkg/apis/monitoring",
        packages: &["./..."],
        modules: &[
            "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring=.",
            "k8s.io/api=deps/k8s.io+api@v0.36.3",
            "k8s.io/apimachinery=deps/k8s.io+apimachinery@v0.36.3",
            "k8s.io/apiextensions-apiserver=deps/k8s.io+apiextensions-apiserver@v0.36.3",
        ],
        flags: COMPAT,
        crd_dir: "../../../example/prometheus-operator-crd-full",
        controller_gen: "v0.21.0",
        post: Post::DropAnnotation("operator.prometheus.io/version"),
    },
];

fn root() -> Option<PathBuf> {
    match std::env::var_os("KUBEIDL_KUBEBUILDER_PROJECTS") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => {
            eprintln!(
                "skipped: set KUBEIDL_KUBEBUILDER_PROJECTS to a directory holding src/<project> \
                 and deps/<module>@<version> (see this file's header)"
            );
            None
        }
    }
}

/// The CustomResourceDefinitions of the YAML files in `dir`, by name, normalized.
fn crds(dir: &Path) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        for doc in read_documents(&bytes).into_iter().flatten() {
            let mut value = doc.value;
            if value.get("kind") != Some(&json!("CustomResourceDefinition")) {
                continue;
            }
            normalize(&mut value);
            let name = value["metadata"]["name"].as_str().unwrap().to_string();
            out.insert(name, value);
        }
    }
    out
}

fn normalize(doc: &mut Value) {
    drop_annotation(doc, "controller-gen.kubebuilder.io/version");
    let metadata = doc["metadata"].as_object_mut().unwrap();
    if metadata.get("creationTimestamp") == Some(&Value::Null) {
        metadata.remove("creationTimestamp");
    }
    doc.as_object_mut().unwrap().remove("status");
}

/// Removes an annotation, and the annotations map when it is left empty.
fn drop_annotation(doc: &mut Value, key: &str) {
    let metadata = doc["metadata"].as_object_mut().unwrap();
    if let Some(Value::Object(annotations)) = metadata.get_mut("annotations") {
        annotations.remove(key);
    }
    let empty = match metadata.get("annotations") {
        Some(Value::Object(a)) => a.is_empty(),
        Some(Value::Null) => true,
        _ => false,
    };
    if empty {
        metadata.remove("annotations");
    }
}

/// Gateway API's tools/generator on one generated CRD, experimental channel: descriptions lose
/// the generator's `<gateway:...>` tags, and the validations those tags carry are added.
fn gateway_experimental(doc: &mut Value) {
    for version in doc["spec"]["versions"].as_array_mut().unwrap() {
        if let Some(Value::Object(properties)) =
            version.pointer_mut("/schema/openAPIV3Schema/properties")
        {
            gateway_properties(properties);
        }
    }
    for key in [
        "gateway.networking.k8s.io/bundle-version",
        "gateway.networking.k8s.io/channel",
        "api-approved.kubernetes.io",
    ] {
        drop_annotation(doc, key);
    }
}

fn gateway_properties(properties: &mut Map<String, Value>) {
    for property in properties.values_mut() {
        gateway_schema(property);
    }
}

fn gateway_schema(p: &mut Value) {
    let description = p
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    if description.contains("<gateway:validateIPAddress>") {
        p["items"]["oneOf"] = json!([
            {"properties": {"type": {"enum": ["IPAddress"]}, "value": {"anyOf": [{"format": "ipv4"}, {"format": "ipv6"}]}}},
            {"properties": {"type": {"not": {"enum": ["IPAddress"]}}}},
        ]);
    }
    if p.get("format") == Some(&json!("date-time")) {
        p["type"] = json!("string");
    }
    let prefix = "<gateway:experimental:validation:";
    if description.contains(prefix) {
        let enums = Regex::new(&format!("{}Enum=([A-Za-z;]*)>", regex::escape(prefix))).unwrap();
        for c in enums.captures_iter(&description) {
            p["enum"] = json!(c[1].split(';').collect::<Vec<_>>());
        }
        let rules = Regex::new(&format!(
            r#"{}XValidation:message="([^"]*)",rule="([^"]*)">"#,
            regex::escape(prefix)
        ))
        .unwrap();
        for c in rules.captures_iter(&description) {
            let list = p
                .as_object_mut()
                .unwrap()
                .entry("x-kubernetes-validations")
                .or_insert_with(|| json!([]));
            list.as_array_mut()
                .unwrap()
                .push(json!({"message": &c[1], "rule": &c[2]}));
        }
        let patterns = Regex::new(&format!("{}Pattern=`([^`]*)`", regex::escape(prefix))).unwrap();
        let found: Vec<String> = patterns
            .captures_iter(&description)
            .map(|c| c[1].to_string())
            .collect();
        if let [only] = found.as_slice() {
            if p.get("pattern").is_none() {
                p["pattern"] = json!(only);
            }
        }
    }
    if p.get("description").is_some() {
        let formatted = gateway_description(&description);
        if formatted.is_empty() {
            p.as_object_mut().unwrap().remove("description");
        } else {
            p["description"] = json!(formatted);
        }
    }
    if let Some(Value::Object(properties)) = p.get_mut("properties") {
        if !properties.is_empty() {
            gateway_properties(properties);
            return;
        }
    }
    if let Some(items) = p.get_mut("items").filter(|i| i.is_object()) {
        gateway_schema(items);
    }
}

fn gateway_description(description: &str) -> String {
    let text = description
        .replace("<gateway:experimental:description>", "")
        .replace("</gateway:experimental:description>", "");
    let excluded =
        Regex::new(r"(?s)\n*<gateway:util:excludeFromCRD>(.*?)</gateway:util:excludeFromCRD>\n*")
            .unwrap();
    let text = excluded.replace_all(&text, "\n\n\n");
    let tags = Regex::new(r"<gateway:.*>").unwrap();
    let text = tags.replace_all(&text, "");
    let blank = Regex::new(r"\n\n\n+").unwrap();
    let text = blank.replace_all(&text, "\n\n\n");
    text.trim_matches('\n').to_string()
}

/// JSON pointers of the leaves (and lone sides) where `a` and `b` differ, at most `limit`.
fn differences(a: &Value, b: &Value, path: &str, out: &mut Vec<String>, limit: usize) {
    if out.len() >= limit {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let at = format!("{path}/{}", key.replace('~', "~0").replace('/', "~1"));
                match (x.get(key), y.get(key)) {
                    (Some(v), Some(w)) => differences(v, w, &at, out, limit),
                    _ => out.push(at),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                differences(v, w, &format!("{path}/{i}"), out, limit);
            }
        }
        _ if a != b => out.push(path.to_string()),
        _ => {}
    }
}

#[test]
fn kubebuilder_projects_as_controller_gen_writes_them() {
    let Some(root) = root() else {
        return;
    };
    let (mut identical, mut total, mut failures) = (0, 0, Vec::new());
    for project in PROJECTS {
        let cwd = root.join("src").join(project.dir);
        let out = tempfile::tempdir().unwrap();
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kubeidl"));
        command
            .current_dir(&cwd)
            .arg("crd")
            .arg(format!(
                "--controller-gen-compat={}",
                project.controller_gen
            ))
            .args(project.flags);
        for module in project.modules {
            let (path, dir) = module.split_once('=').unwrap();
            let dir = match dir.strip_prefix("deps/") {
                Some(dep) => root.join("deps").join(dep).display().to_string(),
                None => dir.to_string(),
            };
            command.args(["--module", &format!("{path}={dir}")]);
        }
        let output = command
            .arg("-o")
            .arg(out.path())
            .args(project.packages)
            .output()
            .unwrap();
        let theirs = crds(&cwd.join(project.crd_dir));
        total += theirs.len();
        if !output.status.success() {
            failures.push(format!(
                "{} ({}): kubeidl failed: {}",
                project.name,
                project.source,
                support::stderr(&output)
            ));
            continue;
        }
        let mut theirs = theirs;
        let mut ours = crds(out.path());
        match project.post {
            Post::None => {}
            Post::GatewayExperimental => {
                ours.values_mut().for_each(gateway_experimental);
                for doc in theirs.values_mut() {
                    gateway_experimental_annotations(doc);
                }
            }
            Post::DropAnnotation(key) => {
                for doc in theirs.values_mut() {
                    drop_annotation(doc, key);
                }
            }
        }
        let mut same = 0;
        for name in theirs
            .keys()
            .chain(ours.keys().filter(|n| !theirs.contains_key(*n)))
        {
            let known = KNOWN
                .iter()
                .find(|(p, crd, _)| *p == project.name && crd == name);
            let problem = match (theirs.get(name), ours.get(name)) {
                (Some(a), Some(b)) if a == b => {
                    same += 1;
                    assert!(
                        known.is_none(),
                        "{}: {name} is identical now; take it off KNOWN",
                        project.name
                    );
                    continue;
                }
                (Some(a), Some(b)) => {
                    let mut paths = Vec::new();
                    differences(a, b, "", &mut paths, 5);
                    format!("differs at {paths:?}")
                }
                (Some(_), None) => "not generated".to_string(),
                (None, _) => "generated, not checked in".to_string(),
            };
            if known.is_none() {
                failures.push(format!(
                    "{} ({}): {name}: {problem}",
                    project.name, project.source
                ));
            }
        }
        identical += same;
        eprintln!(
            "{}: {same} of {} CRDs identical",
            project.name,
            theirs.len()
        );
    }
    eprintln!("kubebuilder projects: {identical} of {total} CRDs identical");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The annotations Gateway API's generator adds, off the checked-in CRDs.
fn gateway_experimental_annotations(doc: &mut Value) {
    for key in [
        "gateway.networking.k8s.io/bundle-version",
        "gateway.networking.k8s.io/channel",
        "api-approved.kubernetes.io",
    ] {
        drop_annotation(doc, key);
    }
}
