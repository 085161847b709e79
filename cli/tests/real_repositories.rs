//! `kubeidl validate` on real repositories nobody here wrote: what a 1.35 apiserver accepts must
//! pass. `KUBEIDL_REAL_REPOS` names a directory of checkouts, each named `owner+name`
//! (prometheus-operator+kube-prometheus, kyverno+policies, kubernetes+examples,
//! argoproj+argocd-example-apps, cert-manager+cert-manager); a test whose checkout is absent
//! says so and passes.

mod support;

use std::path::{Path, PathBuf};
use support::{kubeidl, kubeidl_stdin, stderr, stdout};

/// The checkout of `repo`, or `None` (with a message) when there is none.
fn checkout(repo: &str) -> Option<PathBuf> {
    let Some(root) = std::env::var_os("KUBEIDL_REAL_REPOS") else {
        eprintln!(
            "skipped: KUBEIDL_REAL_REPOS is not set (a directory of checkouts named owner+name)"
        );
        return None;
    };
    let dir = Path::new(&root).join(repo);
    if !dir.is_dir() {
        eprintln!("skipped: no checkout of {repo} in {}", dir.display());
        return None;
    }
    Some(dir)
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The error lines of a run (stdout, warnings left out).
fn errors(out: &std::process::Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter(|l| !l.starts_with("warning: ") && !l.contains(": skipped: "))
        .map(str::to_string)
        .collect()
}

/// That a run exited 0 and its summary counts no invalid or unusable object.
fn assert_all_valid(out: &std::process::Output) {
    assert_eq!(out.status.code(), Some(0), "{}", stdout(out));
    assert!(
        stderr(out).contains(" 0 invalid, 0 unusable"),
        "{}",
        stderr(out)
    );
}

#[test]
fn kube_prometheus_is_valid() {
    // ClusterRoles named system:aggregated-metrics-reader, PodDisruptionBudgets with capitals in
    // their names, ConfigMapLists of dashboards: all accepted by an apiserver.
    let Some(repo) = checkout("prometheus-operator+kube-prometheus") else {
        return;
    };
    let manifests = repo.join("manifests");
    let out = kubeidl(&[
        "validate",
        "--kube-version",
        "1.35",
        "--crds",
        arg(&manifests.join("setup")),
        arg(&manifests),
    ]);
    assert_all_valid(&out);
}

#[test]
fn kube_prometheus_as_one_stream_is_valid() {
    // What `kubectl kustomize` of kube-prometheus gives: the CRDs of setup/ first, then the
    // manifests, all on stdin; the CRDs serve the custom resources after them.
    let Some(repo) = checkout("prometheus-operator+kube-prometheus") else {
        return;
    };
    let manifests = repo.join("manifests");
    let mut stream = Vec::new();
    for dir in [manifests.join("setup"), manifests.clone()] {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        for file in files {
            stream.extend(std::fs::read(file).unwrap());
            stream.extend(b"\n---\n");
        }
    }
    let out = kubeidl_stdin(&["validate", "--kube-version", "1.35", "-"], &stream);
    assert_all_valid(&out);
}

#[test]
fn kyverno_policy_fixtures_have_no_false_name_errors() {
    // The resources of the policies' tests live in .chainsaw-test and .kyverno-test directories
    // (named here, since a directory walk leaves hidden directories out). Many are deliberately
    // bad, or partial objects a test asserts on; none is refused for a name an apiserver takes.
    let Some(repo) = checkout("kyverno+policies") else {
        return;
    };
    let mut dirs = Vec::new();
    let mut stack = vec![repo];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if !path.is_dir() {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name == ".chainsaw-test" || name == ".kyverno-test" {
                dirs.push(path);
            } else if !name.starts_with('.') {
                stack.push(path);
            }
        }
    }
    assert!(!dirs.is_empty(), "no test directories found");
    let mut args = vec![
        "validate".to_string(),
        "--ignore-missing-schemas".to_string(),
    ];
    args.extend(dirs.iter().map(|d| arg(d).to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = kubeidl(&args);
    let bad_names: Vec<String> = errors(&out)
        .into_iter()
        .filter(|l| l.contains("metadata.name: Invalid value"))
        .collect();
    assert!(bad_names.is_empty(), "{bad_names:#?}");
}

#[test]
fn kubernetes_examples_fail_only_where_they_are_broken() {
    // What is left is archived examples: templates with {{placeholders}}, `protocol: tcp`,
    // misspelt fields (protectionDoamin), duplicate keys; every current example passes.
    let Some(repo) = checkout("kubernetes+examples") else {
        return;
    };
    let out = kubeidl(&["validate", "--ignore-missing-schemas", arg(&repo)]);
    let outside_archive: Vec<String> = errors(&out)
        .into_iter()
        .filter(|l| !l.contains("/_archived/"))
        .collect();
    assert!(outside_archive.is_empty(), "{outside_archive:#?}");
}

#[test]
fn argocd_example_apps_fail_only_on_templates_and_patches() {
    // Helm templates are not YAML until rendered, and a kustomize patch is not a whole object.
    let Some(repo) = checkout("argoproj+argocd-example-apps") else {
        return;
    };
    let out = kubeidl(&["validate", "--ignore-missing-schemas", arg(&repo)]);
    let unexpected: Vec<String> = errors(&out)
        .into_iter()
        .filter(|l| !l.contains("/templates/") && !l.contains("/overlays/"))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

#[test]
fn cert_manager_crds_are_valid() {
    let Some(repo) = checkout("cert-manager+cert-manager") else {
        return;
    };
    let out = kubeidl(&["validate", arg(&repo.join("deploy/crds"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}
