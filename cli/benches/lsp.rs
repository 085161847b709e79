//! `kubeidl lsp`'s latency, as an editor sees it: an edit's round trip over the binary's stdio,
//! from the `didChange` to the `publishDiagnostics` of that version, for a 1,000-line manifest
//! (forty Deployments, one of them invalid) and a 2,000-line `types.go` (a package of structs
//! whose fields carry validation tags, the file generated with the editor's text). The baseline
//! is an empty YAML document's round trip: the protocol's own cost.
//!
//! Run: `cargo bench -p kubeidl-cli --bench lsp`

#[path = "../tests/support/lsp.rs"]
#[allow(dead_code)]
mod lsp;

use lsp::{uri, Client};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

fn main() {
    divan::main();
}

/// A 1,000-line manifest: forty Deployments of 25 lines.
fn manifest() -> String {
    let mut out = String::new();
    for i in 0..40 {
        let replicas = if i == 20 { -1 } else { 2 };
        out.push_str(&format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-{i}\n  labels: {{app: web-{i}}}\nspec:\n  replicas: {replicas}\n  selector:\n    matchLabels: {{app: web-{i}}}\n  template:\n    metadata:\n      labels: {{app: web-{i}}}\n    spec:\n      containers:\n      - name: app\n        image: registry.example.com/web:{i}\n        ports:\n        - containerPort: 8080\n        resources:\n          limits: {{cpu: 500m, memory: 128Mi}}\n          requests: {{cpu: 100m, memory: 64Mi}}\n        env:\n        - {{name: MODE, value: prod}}\n      restartPolicy: Always\n---\n"
        ));
    }
    out
}

/// A 2,000-line Go package file: structs of tagged fields.
fn go_package(dir: &Path) -> (PathBuf, String) {
    std::fs::write(dir.join("go.mod"), "module example.com/bench\n\ngo 1.22\n").unwrap();
    let pkg = dir.join("v1");
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(
        pkg.join("doc.go"),
        "// +k8s:openapi-gen=true\n// +groupName=bench.example.com\npackage v1\n",
    )
    .unwrap();
    let mut text = String::from("package v1\n\n");
    for t in 0..88 {
        text.push_str(&format!(
            "// Thing{t} is a thing.\ntype Thing{t} struct {{\n"
        ));
        for f in 0..4 {
            text.push_str(&format!(
                "\t// Field{f} of it.\n\t// +k8s:minimum=0\n\t// +k8s:maximum=100\n\tField{f} int32 `json:\"field{f}\"`\n\n"
            ));
        }
        text.push_str("}\n\n");
    }
    let file = pkg.join("types.go");
    std::fs::write(&file, &text).unwrap();
    (file, text)
}

struct Server {
    client: Client,
    uri: String,
    texts: [String; 2],
    version: i64,
    _dir: tempfile::TempDir,
}

impl Server {
    fn new(name: &str, text: String, other: String, language: &str) -> Server {
        Server::in_dir(tempfile::tempdir().unwrap(), name, text, other, language)
    }

    /// A server whose workspace is `dir`, editing the file `name` there.
    fn in_dir(
        dir: tempfile::TempDir,
        name: &str,
        text: String,
        other: String,
        language: &str,
    ) -> Server {
        let file = dir.path().join(name);
        let mut client = Client::start(env!("CARGO_BIN_EXE_kubeidl"), dir.path());
        let uri = uri(&file);
        client.open(&uri, language, &text);
        let _ = client.diagnostics(&uri, Some(1));
        Server {
            client,
            uri,
            texts: [text, other],
            version: 1,
            _dir: dir,
        }
    }

    /// Sends the other text whole and waits for its diagnostics.
    fn edit(&mut self) -> usize {
        self.version += 1;
        let text = &self.texts[(self.version % 2) as usize];
        self.client.notify(
            "textDocument/didChange",
            serde_json::json!({"textDocument": {"uri": self.uri, "version": self.version},
                               "contentChanges": [{"text": text}]}),
        );
        self.client.diagnostics(&self.uri, Some(self.version)).len()
    }
}

#[divan::bench(sample_count = 30)]
fn empty_document(bencher: divan::Bencher) {
    let server = RefCell::new(Server::new(
        "empty.yaml",
        String::new(),
        "\n".into(),
        "yaml",
    ));
    bencher.bench_local(|| server.borrow_mut().edit());
}

#[divan::bench(sample_count = 30)]
fn manifest_1000_lines(bencher: divan::Bencher) {
    let text = manifest();
    assert_eq!(text.lines().count(), 1000);
    let other = text.replacen("replicas: -1", "replicas: 3", 1);
    let mut server = Server::new("deployments.yaml", text, other, "yaml");
    // One version has the invalid Deployment's error, the other none.
    assert_eq!(server.edit() + server.edit(), 1);
    let server = RefCell::new(server);
    bencher.bench_local(|| server.borrow_mut().edit());
}

#[divan::bench(sample_count = 30)]
fn types_go_2000_lines(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let (file, text) = go_package(dir.path());
    assert!(text.lines().count() >= 2000, "{}", text.lines().count());
    let other = text.replacen("+k8s:maximum=100", "+k8s:maxmum=100", 1);
    let name = file
        .strip_prefix(dir.path())
        .unwrap()
        .to_string_lossy()
        .to_string();
    let mut server = Server::in_dir(dir, &name, text, other, "go");
    assert_eq!(
        server.edit() + server.edit(),
        1,
        "one version has the misspelt tag"
    );
    let server = RefCell::new(server);
    bencher.bench_local(|| server.borrow_mut().edit());
}
