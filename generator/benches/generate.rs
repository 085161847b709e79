//! Generating OpenAPI for Kubernetes' own API trees, side by side with the baseline of only
//! parsing (with tree-sitter, one file after another) the hand-written `.go` files of the same
//! trees. Needs `KUBEIDL_K8S_SOURCES` (a directory holding `api/`, `apimachinery/`,
//! `apiextensions-apiserver/` and `kube-aggregator/` checkouts); says so and exits otherwise.
//!
//! Run: `KUBEIDL_K8S_SOURCES=... cargo bench -p kubeidl-gen --bench generate`

use kubeidl_gen::go::parse::{go_parser, parse_file};
use kubeidl_gen::Generator;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

#[path = "../tests/support/k8s.rs"]
mod k8s;

fn main() {
    if sources().is_none() {
        eprintln!("skipped: set KUBEIDL_K8S_SOURCES to run this benchmark");
        return;
    }
    divan::main();
}

fn sources() -> Option<PathBuf> {
    std::env::var_os("KUBEIDL_K8S_SOURCES").map(PathBuf::from)
}

/// The trees the acceptance run reads.
fn trees() -> Vec<PathBuf> {
    let s = sources().expect("checked in main");
    vec![
        s.join("api"),
        s.join("apimachinery/pkg"),
        s.join("apiextensions-apiserver/pkg/apis"),
        s.join("kube-aggregator/pkg/apis"),
    ]
}

fn generator() -> Generator {
    k8s::kubernetes_generator(&sources().expect("checked in main"))
}

/// Every hand-written (not generated, not test) `.go` file of the trees.
fn hand_written_files() -> &'static [PathBuf] {
    static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut out = Vec::new();
        for tree in trees() {
            collect(&tree, &mut out);
        }
        out.sort();
        out
    })
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "testdata" && !name.starts_with('.') {
                collect(&path, out);
            }
        } else if name.ends_with(".go") && !name.ends_with("_test.go") {
            let text = std::fs::read_to_string(&path).unwrap();
            if !kubeidl_gen::go::is_generated(&path, &text) {
                out.push(path);
            }
        }
    }
}

#[divan::bench(sample_count = 10)]
fn generate_all_threads() -> usize {
    generator().generate().unwrap().document.schemas.len()
}

#[divan::bench(sample_count = 10)]
fn generate_one_thread() -> usize {
    generator()
        .threads(1)
        .generate()
        .unwrap()
        .document
        .schemas
        .len()
}

#[divan::bench(sample_count = 10)]
fn baseline_parse_hand_written_files() -> usize {
    let mut parser = go_parser();
    let mut types = 0;
    for file in hand_written_files() {
        let text = std::fs::read_to_string(file).unwrap();
        types += parse_file(&mut parser, file, &text, "bench").map_or(0, |f| f.types.len());
    }
    types
}
