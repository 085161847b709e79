//! Where CI runs kubeidl: each pre-commit hook's entry (`.pre-commit-hooks.yaml`) and the GitHub
//! Action's command (`action.yml`, with its default arguments) run against a fixture repository,
//! as pre-commit and the Actions runner would run them.

mod support;

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use support::{copy_tree, repo, stderr, stdout};

/// A YAML file of the repository, as JSON.
fn yaml(path: &str) -> Value {
    let bytes = std::fs::read(repo().join(path)).unwrap();
    let mut docs = kubeidl::document::read_documents(&bytes);
    docs.remove(0).unwrap().value
}

/// Runs a command line that starts with `kubeidl` with the built binary, in `dir`.
fn run(command: &str, args: &[&str], dir: &Path) -> Output {
    let mut words = command.split_whitespace();
    assert_eq!(words.next(), Some("kubeidl"), "{command}");
    Command::new(env!("CARGO_BIN_EXE_kubeidl"))
        .args(words)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A repository with manifests, a Go API package and its generated CRDs and OpenAPI.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("deploy")).unwrap();
    std::fs::write(
        root.join("deploy/app.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\ndata: {mode: fast}\n",
    )
    .unwrap();
    // testdata/go is a module of API packages (with its go.mod).
    copy_tree(&repo().join("testdata/go"), &root.join("api"));
    dir
}

fn hook<'a>(hooks: &'a Value, id: &str) -> &'a Value {
    hooks
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["id"] == id)
        .unwrap_or_else(|| panic!("no hook {id}"))
}

#[test]
fn pre_commit_hooks_run_against_a_repository() {
    let hooks = yaml(".pre-commit-hooks.yaml");
    let dir = fixture();
    let root = dir.path();

    // validate: pre-commit passes the changed files.
    let entry = hook(&hooks, "kubeidl-validate")["entry"].as_str().unwrap();
    let out = run(entry, &["deploy/app.yaml", "api/missing.yaml"], root);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing file is an error: {}",
        stderr(&out)
    );
    let out = run(entry, &["deploy/app.yaml"], root);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    std::fs::write(
        root.join("deploy/bad.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad}\n",
    )
    .unwrap();
    let out = run(entry, &["deploy/app.yaml", "deploy/bad.yaml"], root);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));

    // crd --check and openapi --check: the user's args name the packages and the output.
    let entry = hook(&hooks, "kubeidl-crd-check")["entry"].as_str().unwrap();
    let generate = run("kubeidl crd", &["-o", "crds", "./api/tagged/..."], root);
    assert!(generate.status.success(), "{}", stderr(&generate));
    let out = run(entry, &["-o", "crds", "./api/tagged/..."], root);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let types = root.join("api/tagged/types.go");
    let text = std::fs::read_to_string(&types).unwrap();
    std::fs::write(
        &types,
        text.replacen(
            "+kubebuilder:validation:Minimum=0.5",
            "+kubebuilder:validation:Minimum=0.25",
            1,
        ),
    )
    .unwrap();
    let out = run(entry, &["-o", "crds", "./api/tagged/..."], root);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a stale CRD fails: {}",
        stderr(&out)
    );
    std::fs::write(&types, text).unwrap();

    let entry = hook(&hooks, "kubeidl-openapi-check")["entry"]
        .as_str()
        .unwrap();
    let generate = run(
        "kubeidl openapi",
        &["-o", "api.json", "./api/tagged/..."],
        root,
    );
    assert!(generate.status.success(), "{}", stderr(&generate));
    let out = run(entry, &["-o", "api.json", "./api/tagged/..."], root);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // lint reads the package tree; its findings are its exit code, not an unusable input.
    let entry = hook(&hooks, "kubeidl-lint")["entry"].as_str().unwrap();
    let out = run(entry, &["./api/tagged"], root);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
}

#[test]
fn the_github_action_annotates_what_it_finds() {
    let action = yaml("action.yml");
    let default = action["inputs"]["args"]["default"].as_str().unwrap();
    // The step runs `kubeidl $KUBEIDL_ARGS`, the input split at spaces.
    let steps = action["runs"]["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .any(|s| s["run"].as_str() == Some("kubeidl $KUBEIDL_ARGS")));
    let dir = fixture();
    let out = run(&format!("kubeidl {default}"), &[], dir.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");
    std::fs::write(
        dir.path().join("deploy/bad.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad}\n",
    )
    .unwrap();
    let out = run(&format!("kubeidl {default}"), &[], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("::error file=./deploy/bad.yaml,line=3,col=18,title=kubeidl validate%3A FieldValueInvalid::ConfigMap Bad (document 1): metadata.name: Invalid value: \"Bad\""),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_container_image_installs_as_the_readme_does() {
    // No container runtime here: the Dockerfile's build is the README's install line.
    let dockerfile = std::fs::read_to_string(repo().join("Dockerfile")).unwrap();
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(readme.contains("cargo install --path cli"));
    assert!(
        dockerfile.contains("RUN cargo install --locked --path cli --root /out"),
        "{dockerfile}"
    );
    assert!(dockerfile.contains("ENTRYPOINT [\"/kubeidl\"]"));
}
