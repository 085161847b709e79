//! controller-tools' own CRD testdata (`pkg/crd/testdata`), generated from the untouched sources
//! with `kubeidl crd --controller-gen-compat` and compared with the CRDs controller-gen checked
//! in: YAML read as JSON, every leaf (path and value) compared, the tool-version annotation aside.
//! The packages that are identical today must stay so; for the others the test prints how many
//! leaves agree.
//!
//! `KUBEIDL_CONTROLLER_TOOLS` points at a controller-tools checkout and `KUBEIDL_K8S_SOURCES` at
//! the Kubernetes sources its go.mod pins (api/, apimachinery/, apiextensions-apiserver/); the
//! test skips without them. `KUBEIDL_CONTROLLER_TOOLS_RELEASE` names the checkout's release
//! (`v0.21`...) for `--controller-gen-compat=`; without it the checkout is taken for the main
//! branch (`main`).

mod support;

use kubeidl::document::read_documents;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One package set of the testdata: the packages and options its `go:generate` line (or its
/// integration test) gives, the CRD controller-gen wrote for them and the name kubeidl gives that
/// file, and the leaves (paths) allowed to differ, with why.
struct Case {
    packages: &'static [&'static str],
    options: &'static [&'static str],
    expected: &'static str,
    ours: &'static str,
    differences: &'static [(&'static str, &'static str)],
}

/// `crd:ignoreUnexportedFields=true,allowDangerousTypes=true`.
const CRONJOB_OPTIONS: &[&str] = &["--ignore-unexported-fields", "--allow-dangerous-types"];

const CASES: &[Case] = &[
    Case {
        packages: &["./", "./deprecated", "./unserved"],
        options: CRONJOB_OPTIONS,
        expected: "testdata.kubebuilder.io_cronjobs.yaml",
        ours: "testdata.kubebuilder.io_cronjobs.yaml",
        differences: &[(
            "/spec/versions/0/schema/openAPIV3Schema/properties/status/properties/duration/properties/value/description",
            "the doc comment of Go's time.Duration: kubeidl reads no standard-library sources",
        )],
    },
    Case {
        packages: &["./job/..."],
        options: CRONJOB_OPTIONS,
        expected: "testdata.kubebuilder.io_jobs.yaml",
        ours: "testdata.kubebuilder.io_jobs.yaml",
        differences: &[],
    },
    Case {
        packages: &["./immutable"],
        options: CRONJOB_OPTIONS,
        expected: "testdata.kubebuilder.io_immutabletypes.yaml",
        ours: "testdata.kubebuilder.io_immutabletypes.yaml",
        differences: &[],
    },
    Case {
        packages: &["./plural"],
        options: &[],
        expected: "plural/plural.example.com_testquotas.yaml",
        ours: "plural.example.com_testquotas.yaml",
        differences: &[],
    },
    Case {
        packages: &["./enum"],
        options: &[],
        expected: "testdata.kubebuilder.io_enums.yaml",
        ours: "testdata.kubebuilder.io_enums.yaml",
        differences: &[],
    },
    Case {
        packages: &["./external_docs"],
        options: &[],
        expected: "testdata.kubebuilder.io_externaldocs.yaml",
        ours: "testdata.kubebuilder.io_externaldocs.yaml",
        differences: &[],
    },
    Case {
        packages: &["./gen"],
        options: &[],
        expected: "gen/bar.example.com_foos.yaml",
        ours: "bar.example.com_foos.yaml",
        differences: &[],
    },
    Case {
        packages: &["./oneof/..."],
        options: CRONJOB_OPTIONS,
        expected: "testdata.kubebuilder.io_oneofs.yaml",
        ours: "testdata.kubebuilder.io_oneofs.yaml",
        differences: &[],
    },
    Case {
        packages: &["./multiple_versions/v1beta1", "./multiple_versions/v1beta2"],
        options: &[],
        expected: "multiple_versions/testdata.kubebuilder.io_versionedresources.yaml",
        ours: "testdata.kubebuilder.io_versionedresources.yaml",
        differences: &[],
    },
    // The integration test names the file of the group-less CRD itself.
    Case {
        packages: &["./nogroup"],
        options: &[],
        expected: "testdata._cronjobs.yaml",
        ours: "_cronjobs.yaml",
        differences: &[],
    },
];

/// The packages controller-gen refuses, and what its integration test expects it to say, as
/// kubeidl says it.
const REFUSED: &[(&str, &str)] = &[
    ("./enum_error/...", "+k8s:enum stands on a string type"),
    ("./inline_struct_error/...", "give the struct type a name"),
    ("./oneof_error/...", "cannot reference nested fields: field.foo,field.bar"),
    (
        "./oneof_missing_tag_error/...",
        "field foo is part of a one-of constraint and must be optional: give it omitempty or omitzero",
    ),
    ("./wrong_annotation_format", "is not key=value"),
    ("./wrong_title_format", "+kubebuilder:title takes a string, not an integer"),
    // Its second case, `+kubebuilder:title={}` on TestType, is in a type no kind reaches:
    // kubeidl reads the types its CRDs use, controller-gen every type of the package.
    ("./iface/...", "type any has no OpenAPI equivalent"),
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

fn kubeidl_crd(
    testdata: &Path,
    k8s: &Path,
    out: &Path,
    options: &[&str],
    packages: &[&str],
) -> std::process::Output {
    let module = |m: &str| format!("k8s.io/{m}={}", k8s.join(m).display());
    std::process::Command::new(env!("CARGO_BIN_EXE_kubeidl"))
        .current_dir(testdata)
        .arg("crd")
        .arg(format!(
            "--controller-gen-compat={}",
            std::env::var("KUBEIDL_CONTROLLER_TOOLS_RELEASE").unwrap_or_else(|_| "main".into())
        ))
        .args(options)
        .args(["--module", &module("api")])
        .args(["--module", &module("apimachinery")])
        .args(["--module", &module("apiextensions-apiserver")])
        .args(["-o", out.to_str().unwrap()])
        .args(packages)
        .output()
        .unwrap()
}

fn sources() -> Option<(PathBuf, PathBuf)> {
    let found = (
        std::env::var_os("KUBEIDL_CONTROLLER_TOOLS").map(PathBuf::from),
        std::env::var_os("KUBEIDL_K8S_SOURCES").map(PathBuf::from),
    );
    match found {
        (Some(tools), Some(k8s)) => Some((tools.join("pkg/crd/testdata"), k8s)),
        _ => {
            eprintln!(
                "skipped: set KUBEIDL_CONTROLLER_TOOLS to a controller-tools checkout and \
                 KUBEIDL_K8S_SOURCES to the Kubernetes sources its go.mod pins"
            );
            None
        }
    }
}

#[test]
fn controller_tools_testdata_as_controller_gen_writes_it() {
    let Some((testdata, k8s)) = sources() else {
        return;
    };
    let (mut agree, mut total, mut failures) = (0, 0, Vec::new());
    for case in CASES {
        let package = case.packages.join(" ");
        let out_dir = tempfile::tempdir().unwrap();
        let out = kubeidl_crd(&testdata, &k8s, out_dir.path(), case.options, case.packages);
        if !out.status.success() {
            failures.push(format!("{package}: {}", support::stderr(&out)));
            continue;
        }
        let mut theirs = first_document(&testdata.join(case.expected));
        if let Some(Value::Object(annotations)) = theirs.pointer_mut("/metadata/annotations") {
            annotations.remove("controller-gen.kubebuilder.io/version");
            if annotations.is_empty() {
                theirs["metadata"]
                    .as_object_mut()
                    .unwrap()
                    .remove("annotations");
            }
        }
        let ours = first_document(&out_dir.path().join(case.ours));
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
        let unexplained: Vec<&String> = a
            .symmetric_difference(&b)
            .map(|(path, _)| path)
            .filter(|path| !case.differences.iter().any(|(p, _)| p == path))
            .collect();
        if !unexplained.is_empty() {
            failures.push(format!(
                "{package}: differs from {} at {unexplained:?}",
                case.expected
            ));
        }
    }
    eprintln!("controller-tools testdata: {agree} of {total} leaves agree");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn controller_tools_error_packages_are_refused_at_their_line() {
    let Some((testdata, k8s)) = sources() else {
        return;
    };
    let mut failures = Vec::new();
    for (package, expected) in REFUSED {
        let out_dir = tempfile::tempdir().unwrap();
        let out = kubeidl_crd(&testdata, &k8s, out_dir.path(), &[], &[package]);
        let stderr = support::stderr(&out);
        let positioned = stderr
            .lines()
            .any(|l| l.contains(".go:") && l.contains(expected));
        if out.status.success() || !positioned {
            failures.push(format!(
                "{package}: expected a positioned error with {expected:?}, got: {stderr}"
            ));
        }
        let written = std::fs::read_dir(out_dir.path()).unwrap().count();
        if written != 0 {
            failures.push(format!("{package}: wrote {written} files though it failed"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
