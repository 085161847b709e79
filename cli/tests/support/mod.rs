//! What the command-line tests share: running the built `kubeidl` from the repository root and
//! reading its output.
// Each test binary uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root, where the tests run `kubeidl` (paths in arguments are relative to it).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `kubeidl` with `args` from the repository root.
pub fn kubeidl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kubeidl"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("kubeidl runs")
}

/// Runs `kubeidl` with `args` from the repository root, with `input` on its standard input.
pub fn kubeidl_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kubeidl"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubeidl runs");
    // A run that stops before reading stdin closes the pipe; what it says is what counts.
    let _ = child.stdin.take().expect("a pipe").write_all(input);
    child.wait_with_output().expect("kubeidl ends")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Copies a directory tree.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Runs git in `dir` (as a user named kubeidl), asserting it succeeds.
pub fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=kubeidl",
            "-c",
            "user.email=kubeidl@example.com",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

/// Runs `kubeidl` with `args` from `dir`.
pub fn kubeidl_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kubeidl"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Whether git runs here; tests that need it print `skipped` without it.
pub fn has_git() -> bool {
    Command::new("git").arg("--version").output().is_ok()
}
pub mod lsp;
