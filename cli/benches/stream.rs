//! One stream against many files, side by side: `kubeidl validate` on 50,000 Deployments
//! (29 MB) in one file, and on the same documents split into 25 files of 2,000. A stream is
//! split at its `---` lines and its documents are read, validated and dropped on every core,
//! so one big file should cost about what the split files cost: in time (divan's figures for
//! `one_stream` and `split_files`) and in memory (the peak resident set of each run, printed
//! before divan's table, from `wait4`'s `ru_maxrss`).
//!
//! Both run the built `kubeidl` binary on a corpus generated into a temporary directory.
//!
//! Run: `cargo bench -p kubeidl-cli --bench stream`

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

const DOCUMENTS: usize = 50_000;
const FILES: usize = 25;

fn main() {
    let corpus = corpus();
    for round in 1..=3 {
        for (name, path) in [
            ("one_stream", corpus.one.as_path()),
            ("split_files", corpus.split.as_path()),
        ] {
            let kb = peak_kb(path);
            eprintln!("round {round}: {name}: peak resident set {} MB", kb / 1024);
        }
    }
    divan::main();
}

struct Corpus {
    _dir: tempfile::TempDir,
    one: PathBuf,
    split: PathBuf,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let docs: Vec<String> = (0..DOCUMENTS).map(deployment).collect();
        let one = dir.path().join("one.yaml");
        std::fs::write(&one, docs.join("---\n")).expect("write");
        let split = dir.path().join("split");
        std::fs::create_dir(&split).expect("mkdir");
        for (i, part) in docs.chunks(DOCUMENTS / FILES).enumerate() {
            std::fs::write(split.join(format!("part-{i:02}.yaml")), part.join("---\n"))
                .expect("write");
        }
        Corpus {
            _dir: dir,
            one,
            split,
        }
    })
}

/// A Deployment of the shape real ones have: labels, a probe, resources.
fn deployment(i: usize) -> String {
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{i}
  namespace: shop
  labels: {{app: web-{i}, tier: frontend}}
spec:
  replicas: 3
  selector:
    matchLabels: {{app: web-{i}}}
  template:
    metadata:
      labels: {{app: web-{i}, tier: frontend}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        ports:
        - {{containerPort: 80, name: http}}
        resources:
          requests: {{cpu: 100m, memory: 128Mi}}
          limits: {{cpu: 500m, memory: 256Mi}}
        readinessProbe:
          httpGet: {{path: /healthz, port: http}}
"
    )
}

fn validate(path: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kubeidl"));
    command
        .arg("validate")
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Runs `kubeidl validate PATH`, asserting every document is valid.
fn run(path: &Path) {
    let status = validate(path).status().expect("kubeidl runs");
    assert!(status.success(), "{}: {status}", path.display());
}

/// The peak resident set of one run, in KB.
// The child is reaped by wait4, which std's Child does not know of.
#[allow(clippy::zombie_processes)]
fn peak_kb(path: &Path) -> i64 {
    let child = validate(path).spawn().expect("kubeidl runs");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is our child's, not yet waited for; status and usage outlive the call.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    assert_eq!(status, 0, "{}: exit status {status}", path.display());
    usage.ru_maxrss
}

#[divan::bench(sample_count = 5)]
fn one_stream(b: divan::Bencher) {
    let path = &corpus().one;
    b.bench(|| run(path));
}

#[divan::bench(sample_count = 5)]
fn split_files(b: divan::Bencher) {
    let path = &corpus().split;
    b.bench(|| run(path));
}
