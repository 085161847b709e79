//! kubectl-validate's own manifest suite (`testcases/manifests`, with `testcases/crds`), run as its
//! test runs it: Kubernetes 1.30's published schemas with its `patches/1.23` merge patch, the CRD
//! directory unmodified. Each document's expectation is the Status JSON in its leading comment;
//! every non-empty document's verdict (success, invalid, or not decodable: 400 and 500 alike) and
//! its set of (field, reason) causes must equal what kubeidl gives. Documents holding only
//! comments give no Status in kubeidl (kubectl-validate lists a Success for them) and are not
//! compared.
//!
//! `KUBEIDL_KUBECTL_VALIDATE` points at a kubectl-validate checkout; the test skips without it.

mod support;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use support::kubeidl;

/// RFC 7386 JSON merge patch.
fn merge_patch(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Default::default());
    }
    let t = target.as_object_mut().unwrap();
    for (k, v) in p {
        if v.is_null() {
            t.remove(k);
        } else {
            merge_patch(t.entry(k.clone()).or_insert(Value::Null), v);
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

/// The schemas its test uses: the 1.30 builtins with the 1.23 patches merged into them.
fn patched_schemas(checkout: &Path, out: &Path) {
    let openapi = checkout.join("pkg/openapiclient");
    copy_tree(&openapi.join("builtins/1.30"), out);
    let patches = openapi.join("patches/1.23");
    let mut stack = vec![patches.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let target = out.join(path.strip_prefix(&patches).unwrap());
            let mut doc: Value =
                serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
            let patch: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            merge_patch(&mut doc, &patch);
            std::fs::write(&target, serde_json::to_string(&doc).unwrap()).unwrap();
        }
    }
}

/// The expected Status of each non-empty document: its leading `#` comment block, as JSON.
fn expectations(text: &str) -> Vec<Value> {
    let mut docs: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines() {
        if line.starts_with("---") {
            docs.push(Vec::new());
        } else {
            docs.last_mut().unwrap().push(line);
        }
    }
    docs.into_iter()
        .filter(|d| {
            !d.iter()
                .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
        })
        .map(|d| {
            let comment: Vec<&str> = d
                .iter()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| l.starts_with('#'))
                .map(|l| &l[1..])
                .collect();
            serde_json::from_str(&comment.join("\n"))
                .unwrap_or_else(|e| panic!("expectation {comment:?}: {e}"))
        })
        .collect()
}

/// A Status reduced to what is compared: its verdict and its (field, reason) causes.
fn verdict(status: &Value) -> (String, BTreeSet<(String, String)>) {
    let class = match status["code"].as_i64() {
        None | Some(200) => "success",
        Some(422) => "invalid",
        Some(400) | Some(500) => "not decodable",
        Some(other) => panic!("unexpected code {other}"),
    };
    let causes = match class {
        "invalid" => status["details"]["causes"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                let text = |k: &str| c[k].as_str().unwrap_or("").to_string();
                (text("field"), text("reason"))
            })
            .collect(),
        _ => BTreeSet::new(),
    };
    (class.to_string(), causes)
}

#[test]
fn kubectl_validates_own_manifest_suite() {
    let Some(checkout) = std::env::var_os("KUBEIDL_KUBECTL_VALIDATE").map(PathBuf::from) else {
        eprintln!("skipped: set KUBEIDL_KUBECTL_VALIDATE to a kubectl-validate checkout");
        return;
    };
    let schemas = tempfile::tempdir().unwrap();
    patched_schemas(&checkout, schemas.path());
    let manifests = checkout.join("testcases/manifests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&manifests)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    files.sort();
    let (mut compared, mut failures) = (0, Vec::new());
    for file in &files {
        let expected = expectations(&std::fs::read_to_string(file).unwrap());
        let out = kubeidl(&[
            "validate",
            "-o",
            "json",
            "--kube-version",
            "1.30",
            "--schemas",
            schemas.path().to_str().unwrap(),
            "--crds",
            checkout.join("testcases/crds").to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        let got: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{}: {e}: {}", file.display(), support::stderr(&out)));
        let got = got[file.to_str().unwrap()]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let name = file.file_name().unwrap().to_string_lossy();
        if got.len() != expected.len() {
            failures.push(format!(
                "{name}: {} statuses, {} expected",
                got.len(),
                expected.len()
            ));
            continue;
        }
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            compared += 1;
            let (g, e) = (verdict(g), verdict(e));
            if g != e {
                failures.push(format!(
                    "{name} document {}: got {g:?}, expected {e:?}",
                    i + 1
                ));
            }
        }
    }
    eprintln!(
        "kubectl-validate suite: {} of {compared} documents in {} files agree",
        compared - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
