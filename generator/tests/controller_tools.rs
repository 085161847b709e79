//! controller-tools' own CRD testdata (`pkg/crd/testdata`), generated from the untouched sources
//! with `kubeidl crd --controller-gen-compat` and compared with the CRDs controller-gen checked
//! in: YAML read as JSON, every leaf (path and value) compared, the tool-version annotation aside.
//! The packages that are identical today must stay so; for the others the test prints how many
//! leaves agree.
//!
//! `KUBEIDL_CONTROLLER_TOOLS` points at a controller-tools checkout and `KUBEIDL_K8S_SOURCES` at
//! the Kubernetes sources its go.mod pins (api/, apimachinery/, apiextensions-apiserver/); the
//! test skips without them.

mod support;

use kubeidl::document::read_documents;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// (packages, as its `go:generate` lines give them, the CRD controller-gen wrote for them,
/// whether kubeidl's must be identical).
const PACKAGES: &[(&[&str], &str, bool)] = &[
    (&["./job/..."], "testdata.kubebuilder.io_jobs.yaml", true),
    (
        &["./plural"],
        "plural/plural.example.com_testquotas.yaml",
        true,
    ),
    (
        &["./", "./deprecated", "./unserved"],
        "testdata.kubebuilder.io_cronjobs.yaml",
        false,
    ),
    (&["./enum"], "testdata.kubebuilder.io_enums.yaml", false),
    (
        &["./immutable"],
        "testdata.kubebuilder.io_immutabletypes.yaml",
        false,
    ),
    (
        &["./external_docs"],
        "testdata.kubebuilder.io_externaldocs.yaml",
        false,
    ),
    (&["./gen"], "gen/bar.example.com_foos.yaml", false),
];

fn leaves(v: &Value, path: String, out: &mut BTreeSet<(String, String)>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| leaves(x, format!("{path}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| leaves(x, format!("{path}/{i}"), out)),
        _ => {
            out.insert((path, v.to_string()));
        }
    }
}

fn first_document(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_documents(&bytes)
        .into_iter()
        .find_map(Result::ok)
        .unwrap_or_else(|| panic!("{}: no document", path.display()))
        .value
}

#[test]
fn controller_tools_testdata_as_controller_gen_writes_it() {
    let (Some(tools), Some(k8s)) = (
        std::env::var_os("KUBEIDL_CONTROLLER_TOOLS").map(PathBuf::from),
        std::env::var_os("KUBEIDL_K8S_SOURCES").map(PathBuf::from),
    ) else {
        eprintln!(
            "skipped: set KUBEIDL_CONTROLLER_TOOLS to a controller-tools checkout and \
             KUBEIDL_K8S_SOURCES to the Kubernetes sources its go.mod pins"
        );
        return;
    };
    let testdata = tools.join("pkg/crd/testdata");
    let module = |m: &str| format!("k8s.io/{m}={}", k8s.join(m).display());
    let (mut agree, mut total, mut failures) = (0, 0, Vec::new());
    for (packages, expected, identical) in PACKAGES {
        let package = packages.join(" ");
        let out_dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kubeidl"))
            .current_dir(&testdata)
            .args(["crd", "--controller-gen-compat"])
            .args(["--module", &module("api")])
            .args(["--module", &module("apimachinery")])
            .args(["--module", &module("apiextensions-apiserver")])
            .args(["-o", out_dir.path().to_str().unwrap()])
            .args(packages.iter())
            .output()
            .unwrap();
        if !out.status.success() {
            failures.push(format!("{package}: {}", support::stderr(&out)));
            continue;
        }
        let name = Path::new(expected).file_name().unwrap();
        let mut theirs = first_document(&testdata.join(expected));
        if let Some(Value::Object(annotations)) = theirs.pointer_mut("/metadata/annotations") {
            annotations.remove("controller-gen.kubebuilder.io/version");
            if annotations.is_empty() {
                theirs["metadata"]
                    .as_object_mut()
                    .unwrap()
                    .remove("annotations");
            }
        }
        let ours = first_document(&out_dir.path().join(name));
        let (mut a, mut b) = (BTreeSet::new(), BTreeSet::new());
        leaves(&theirs, String::new(), &mut a);
        leaves(&ours, String::new(), &mut b);
        let same = a.intersection(&b).count();
        eprintln!(
            "{package}: {same} of {} leaves agree, {} only in kubeidl{}",
            a.len(),
            b.difference(&a).count(),
            if theirs == ours { " (identical)" } else { "" }
        );
        (agree, total) = (agree + same, total + a.len());
        if *identical && theirs != ours {
            failures.push(format!("{package}: no longer identical to {expected}"));
        }
    }
    eprintln!("controller-tools testdata: {agree} of {total} leaves agree");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
