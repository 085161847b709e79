//! What the command-line tests share: running the built `kubeidl` from the repository root and
//! reading its output.
// Each test binary uses only some of these.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

pub mod k8s;

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

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
