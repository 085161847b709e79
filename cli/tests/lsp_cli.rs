//! `kubeidl lsp` end to end: the binary driven over stdio as an editor drives it. Diagnostics
//! are compared with `kubeidl validate`'s for the same file (one source of truth); edits,
//! hover, completion and quick fixes on a manifest, a CRD's custom resource and a Go package;
//! bad input (a half-typed document, an unterminated string, control characters, a 10 MB
//! document) and 10,000 random edits leave the server answering.

mod support;

use serde_json::{json, Value};
use std::path::Path;
use support::lsp::{uri, Client};
use support::{kubeidl, repo, stdout};

const BIN: &str = env!("CARGO_BIN_EXE_kubeidl");

fn messages(diagnostics: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = diagnostics
        .iter()
        .map(|d| {
            format!(
                "{}:{}: {}",
                d["range"]["start"]["line"].as_u64().unwrap() + 1,
                d["range"]["start"]["character"].as_u64().unwrap() + 1,
                d["message"].as_str().unwrap()
            )
        })
        .collect();
    out.sort();
    out
}

const DEPLOYMENT: &str = "\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: other}
    spec:
      restartPolicy: OnFailure
      containers:
      - name: app
        ports: []
";

#[test]
fn manifest_diagnostics_are_kubeidl_validates() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deploy.yaml");
    std::fs::write(&file, DEPLOYMENT).unwrap();
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&file);
    client.open(&u, "yaml", DEPLOYMENT);
    let got = messages(&client.diagnostics(&u, Some(1)));
    // The CLI's text, `FILE:LINE:COL: ...`, made `LINE:COL: ...`.
    let out = kubeidl(&["validate", file.to_str().unwrap()]);
    let prefix = format!("{}:", file.display());
    let mut want: Vec<String> = stdout(&out)
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(str::to_string)
        .collect();
    want.sort();
    assert!(want.len() >= 4, "{want:?}");
    assert_eq!(got, want);

    // Fixing replicas (an incremental edit) takes its error away, in the next version.
    client.change(&u, 2, [5, 12, 5, 14], "2");
    let got = messages(&client.diagnostics(&u, Some(2)));
    assert_eq!(got.len(), want.len() - 1, "{got:?}");
    assert!(!got.iter().any(|m| m.contains("replicas")), "{got:?}");

    // Hover on a key: its path, type and bounds.
    let text = client.hover(&u, 5, 4);
    assert!(
        text.contains("**spec.replicas** (apps/v1 Deployment)"),
        "{text}"
    );
    assert!(text.contains("integer (int32), minimum 0"), "{text}");
    assert!(text.contains("Number of desired pods."), "{text}");

    // Completion of a container's fields, and of an enum's values.
    client.change(&u, 3, [15, 8, 15, 17], "imagePu");
    let labels = client.completions(&u, 15, 15);
    assert_eq!(labels, ["imagePullPolicy"], "{labels:?}");
    client.change(&u, 4, [15, 8, 15, 15], "imagePullPolicy: ");
    let mut labels = client.completions(&u, 15, 25);
    labels.sort();
    assert_eq!(labels, ["Always", "IfNotPresent", "Never"], "{labels:?}");
    client.stop();
}

#[test]
fn an_unknown_field_gets_the_closest_known_one_as_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deploy.yaml");
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  lables: {a: b}\n";
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&file);
    client.open(&u, "yaml", text);
    let diagnostics = client.diagnostics(&u, Some(1));
    let unknown: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["message"].as_str().unwrap().ends_with("unknown field"))
        .collect();
    assert_eq!(unknown.len(), 1, "{diagnostics:?}");
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": u}, "range": unknown[0]["range"],
               "context": {"diagnostics": [unknown[0]]}}),
    );
    let action = &actions["result"][0];
    assert_eq!(action["title"], "Change to labels", "{actions}");
    let edit = &action["edit"]["changes"][&u][0];
    assert_eq!(edit["newText"], "labels");
    assert_eq!(edit["range"]["start"], json!({"line": 4, "character": 2}));
    assert_eq!(edit["range"]["end"], json!({"line": 4, "character": 8}));
    client.stop();
}

#[test]
fn custom_resources_are_checked_by_the_workspace_crds_and_settings() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        repo().join("examples/admission-tests/replica-limit/crd.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join(".kubeidl.yaml"),
        "validate:\n  kubeVersion: \"1.33\"\n",
    )
    .unwrap();
    let file = dir.path().join("limit.yaml");
    let text = "apiVersion: rules.example.com/v1\nkind: ReplicaLimit\nmetadata:\n  name: l\nmaxReplicas: many\n";
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&file);
    client.open(&u, "yaml", text);
    let got = messages(&client.diagnostics(&u, Some(1)));
    assert_eq!(
        got,
        ["5:14: ReplicaLimit l (document 1): maxReplicas: Invalid value: \"string\": maxReplicas in body must be of type integer: \"string\""],
    );
    // The settings' release decides what is served: v1 MutatingAdmissionPolicies came in 1.36.
    let map = dir.path().join("map.yaml");
    let u = uri(&map);
    client.open(&u, "yaml", "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: m}\n");
    let got = messages(&client.diagnostics(&u, Some(1)));
    assert!(
        got.iter()
            .any(|m| m.contains("not served by Kubernetes 1.33")),
        "{got:?}"
    );
    client.stop();
}

#[test]
fn go_types_get_tag_errors_hover_completion_and_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("go.mod"),
        "module example.com/widgets\n\ngo 1.22\n",
    )
    .unwrap();
    let pkg = dir.path().join("v1");
    std::fs::create_dir(&pkg).unwrap();
    std::fs::write(
        pkg.join("doc.go"),
        "// +k8s:openapi-gen=true\n// +groupName=example.com\npackage v1\n",
    )
    .unwrap();
    let file = pkg.join("types.go");
    let text = "package v1\n\n// Widget is a widget.\ntype Widget struct {\n\t// Name of it.\n\t// +k8s:maxLenght=3\n\tName string `json:\"name\"`\n}\n";
    std::fs::write(&file, text).unwrap();
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&file);
    client.open(&u, "go", text);
    let diagnostics = client.diagnostics(&u, Some(1));
    let got = messages(&diagnostics);
    assert_eq!(
        got,
        ["6:6: unknown tag \"+k8s:maxLenght\" (did you mean \"+k8s:maxLength\"?)"],
        "{diagnostics:?}"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": u}, "range": diagnostics[0]["range"],
               "context": {"diagnostics": diagnostics}}),
    );
    assert_eq!(
        actions["result"][0]["edit"]["changes"][&u][0]["newText"], "+k8s:maxLength",
        "{actions}"
    );
    // The editor's text counts, not the file's: the fixed buffer has no error.
    client.change(&u, 2, [5, 4, 5, 18], "+k8s:maxLength");
    assert_eq!(client.diagnostics(&u, Some(2)), Vec::<Value>::new());
    let text = client.hover(&u, 5, 9);
    assert!(
        text.starts_with("**+k8s:maxLength** (validation-gen, MaxLength)"),
        "{text}"
    );
    let labels = client.completions(&u, 5, 9);
    assert!(
        labels.iter().any(|l| l == "+k8s:maxLength") && labels.iter().any(|l| l == "+k8s:maxItems"),
        "{labels:?}"
    );
    client.stop();
}

#[test]
fn bad_input_gets_diagnostics_or_nothing_never_a_dead_server() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::start(BIN, dir.path());
    let texts = [
        ("half.yaml", "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: \"unterminated\n"),
        ("ctrl.yaml", "kind: \u{1}\u{7f}\u{0}\napiVersion: [\n"),
        ("binary.json", "\u{fffd}\u{fffd}PNG\r\n\u{1a}\n"),
        ("empty.yaml", ""),
    ];
    for (name, text) in texts {
        let u = uri(&dir.path().join(name));
        client.open(&u, "yaml", text);
        let _ = client.diagnostics(&u, Some(1));
    }
    // 10 MB: not checked while edited, and said so.
    let big = "a: b\n".repeat(2 << 20);
    let u = uri(&dir.path().join("big.yaml"));
    client.open(&u, "yaml", &big);
    let d = client.diagnostics(&u, Some(1));
    assert!(
        d[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("not checked while being edited"),
        "{d:?}"
    );
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri(&dir.path().join("half.yaml"))}, "position": {"line": 99, "character": 99}}),
    );
    assert!(hover.get("error").is_none(), "{hover}");
    client.stop();
}

/// A deterministic generator (xorshift), so a failure replays.
struct Random(u64);

impl Random {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below.max(1)
    }
}

#[test]
fn ten_thousand_random_edits_leave_it_answering() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&dir.path().join("edited.yaml"));
    client.open(&u, "yaml", DEPLOYMENT);
    let pieces = [
        "a",
        ": ",
        "\n",
        "  ",
        "- ",
        "é",
        "𝄞",
        "\"",
        "{",
        "}",
        "[",
        "kind: Pod\n",
        "---\n",
        "",
    ];
    let mut random = Random(0x5eed);
    let mut lines = DEPLOYMENT.lines().count() as u64 + 1;
    for version in 2..10_002 {
        let (l1, c1) = (random.next(lines + 2) as u32, random.next(40) as u32);
        let (l2, c2) = (l1 + random.next(2) as u32, random.next(40) as u32);
        let piece = pieces[random.next(pieces.len() as u64) as usize];
        lines += piece.matches('\n').count() as u64;
        client.change(&u, version, [l1, c1, l2, c2], piece);
        if version % 1000 == 0 {
            let r = client.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": u}, "position": {"line": l1, "character": c1}}),
            );
            assert!(r.get("error").is_none(), "{r}");
        }
    }
    // The last version's diagnostics come, whatever the text became.
    let _ = client.diagnostics(&u, Some(10_001));
    client.stop();
}

#[test]
fn the_help_says_how_to_start_it() {
    let out = kubeidl(&["lsp", "--help"]);
    let text = stdout(&out);
    assert!(text.contains("vim.lsp.start"), "{text}");
    assert!(Path::new(&repo().join("docs/editors.md")).is_file());
}

#[test]
fn admission_policies_are_type_checked_at_each_expression() {
    let dir = tempfile::tempdir().unwrap();
    let source = repo().join("testdata/admission-check/policies.yaml");
    let text = std::fs::read_to_string(&source).unwrap();
    let file = dir.path().join("policies.yaml");
    let mut client = Client::start(BIN, dir.path());
    let u = uri(&file);
    client.open(&u, "yaml", &text);
    let diagnostics = client.diagnostics(&u, Some(1));
    let typed: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "TypeCheck")
        .collect();
    assert!(!typed.is_empty(), "{diagnostics:?}");
    assert!(
        typed[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("spec.validations[0].expression: apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'"),
        "{typed:?}"
    );
    // At the expression's line.
    let line = typed[0]["range"]["start"]["line"].as_u64().unwrap() as usize;
    assert!(
        text.lines().nth(line).unwrap().contains("object.replicas"),
        "{line}"
    );
    client.stop();
}

#[test]
fn edits_are_checked_as_updates_of_the_committed_objects_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              size:\n                type: string\n                x-kubernetes-validations:\n                - {rule: self == oldSelf, message: size is immutable}\n";
    std::fs::write(root.join("crd.yaml"), crd).unwrap();
    let widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: default}\nspec: {size: small}\n";
    std::fs::write(root.join("widget.yaml"), widget).unwrap();
    git(&["init", "-q"]);
    git(&[
        "-c",
        "user.email=t@example.com",
        "-c",
        "user.name=t",
        "add",
        ".",
    ]);
    git(&[
        "-c",
        "user.email=t@example.com",
        "-c",
        "user.name=t",
        "commit",
        "-q",
        "-m",
        "widget",
    ]);
    let edited = widget.replace("small", "large");
    let u = uri(&root.join("widget.yaml"));
    // Without asking, the object is checked as created: no transition rule runs.
    let mut client = Client::start(BIN, root);
    client.open(&u, "yaml", &edited);
    assert_eq!(client.diagnostics(&u, Some(1)), Vec::<Value>::new());
    client.stop();
    // Asked to, it is an update of HEAD's object.
    let mut client = Client::start_with(BIN, root, json!({"updatesFrom": "HEAD"}));
    client.open(&u, "yaml", &edited);
    let got = messages(&client.diagnostics(&u, Some(1)));
    assert_eq!(
        got,
        ["4:14: Widget w (document 1): spec.size: Invalid value: \"large\": size is immutable"]
    );
    client.stop();
}

#[test]
fn an_over_budget_rule_says_which_bound_fits_and_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let text = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              items:\n                type: array\n                items:\n                  type: string\n                  maxLength: 64\n            x-kubernetes-validations:\n            - rule: self.items.all(a, self.items.all(b, a != b))\n";
    let u = uri(&dir.path().join("crd.yaml"));
    let mut client = Client::start(BIN, dir.path());
    client.open(&u, "yaml", text);
    let diagnostics = client.diagnostics(&u, Some(1));
    let over: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["message"].as_str().unwrap().contains("exceeds budget"))
        .collect();
    assert_eq!(over.len(), 1, "{diagnostics:?}");
    let message = over[0]["message"].as_str().unwrap();
    assert!(message.contains("\nkubeidl: with maxItems: "), "{message}");
    assert!(
        message.contains(" on self.items, the rule's estimated cost is "),
        "{message}"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": u}, "range": over[0]["range"],
               "context": {"diagnostics": [over[0]]}}),
    );
    let edit = &actions["result"][0]["edit"]["changes"][&u][0];
    assert_eq!(
        edit["range"]["start"],
        json!({"line": 20, "character": 0}),
        "{actions}"
    );
    let inserted = edit["newText"].as_str().unwrap();
    assert!(
        inserted.starts_with("                maxItems: "),
        "{inserted:?}"
    );
    // The bounded CRD is valid.
    let mut fixed: Vec<&str> = text.lines().collect();
    fixed.insert(20, inserted.trim_end());
    let fixed = fixed.join("\n") + "\n";
    client.change(&u, 2, [0, 0, 40, 0], &fixed);
    assert_eq!(client.diagnostics(&u, Some(2)), Vec::<Value>::new());
    client.stop();
}
