//! MutatingAdmissionPolicies written elsewhere (the Kubernetes documentation, the
//! kubernetes/kubernetes integration, e2e and patcher unit tests, Kyverno's tests, blogs and
//! operators), each run through `kubeidl admit` and compared with what its source says the
//! apiserver answers, by `tools/map-corpus/runner.py`. The corpus is other projects' text, kept
//! outside the repository: the test runs when `KUBEIDL_MAP_CORPUS` points at it (and python3
//! with PyYAML is there), and says it skipped otherwise.

mod support;

use std::process::Command;
use support::repo;

#[test]
fn every_policy_gives_what_its_source_says() {
    let Some(corpus) = std::env::var_os("KUBEIDL_MAP_CORPUS") else {
        eprintln!("skipped: set KUBEIDL_MAP_CORPUS to a MutatingAdmissionPolicy corpus (tools/map-corpus/README.md)");
        return;
    };
    let out = Command::new("python3")
        .arg(repo().join("tools/map-corpus/runner.py"))
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_kubeidl"))
        .arg(&corpus)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{text}");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" cases: "), "{text}");
    // The corpus is not empty: a path that holds no case would pass in silence.
    assert!(!text.contains("\n0 cases"), "{text}");
}
