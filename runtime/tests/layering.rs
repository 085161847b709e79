//! The crates' layering: `kubeidl-cel` ← `kubeidl` ← {`kubeidl-gen`, `kubeidl-admission`,
//! `kubeidl-review`, `kubeidl-derive`} ← `kubeidl-cli`. Read from `cargo metadata`: every
//! dependency a crate can build with (normal or build, optional or not) is followed through the
//! workspace, so a library user who adds `kubeidl` or `kubeidl-derive` compiles none of
//! admission, review, the generator or the command line.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each workspace crate's workspace dependencies that are not dev-dependencies.
fn workspace_graph() -> BTreeMap<String, BTreeSet<String>> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let names: BTreeSet<String> = packages
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .map(|d| d["name"].as_str().unwrap().to_string())
                .filter(|d| names.contains(d))
                .collect();
            (p["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

/// The workspace crates `from` builds with, itself left out.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_string()];
    while let Some(name) = todo.pop() {
        for dep in graph.get(&name).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| n.to_string()).collect()
}

#[test]
fn dependencies_point_one_way() {
    let graph = workspace_graph();
    for name in [
        "kubeidl-cel",
        "kubeidl",
        "kubeidl-gen",
        "kubeidl-admission",
        "kubeidl-review",
        "kubeidl-derive",
        "kubeidl-cli",
    ] {
        assert!(graph.contains_key(name), "{name} is a workspace crate");
    }
    assert_eq!(reaches(&graph, "kubeidl-cel"), set(&[]));
    assert_eq!(reaches(&graph, "kubeidl"), set(&["kubeidl-cel"]));
    assert_eq!(
        reaches(&graph, "kubeidl-derive"),
        set(&["kubeidl", "kubeidl-cel"])
    );
    assert_eq!(
        reaches(&graph, "kubeidl-gen"),
        set(&["kubeidl", "kubeidl-cel"])
    );
    assert_eq!(
        reaches(&graph, "kubeidl-admission"),
        set(&["kubeidl", "kubeidl-cel"])
    );
    // The `go` feature's optional kubeidl-gen is followed too: it is the one edge within the row.
    assert_eq!(
        reaches(&graph, "kubeidl-review"),
        set(&["kubeidl", "kubeidl-cel", "kubeidl-gen"])
    );
    assert_eq!(
        reaches(&graph, "kubeidl-cli"),
        set(&[
            "kubeidl",
            "kubeidl-cel",
            "kubeidl-gen",
            "kubeidl-admission",
            "kubeidl-review"
        ])
    );
    // Nothing but the command line depends on it.
    for (name, deps) in &graph {
        assert!(
            !deps.contains("kubeidl-cli"),
            "{name} depends on the command line"
        );
    }
}
