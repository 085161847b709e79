//! Generates OpenAPI for the Go package in `testdata/go/basic` at build time, as a project whose
//! API types live in Go would, and leaves it in `OUT_DIR` for `main.rs` to embed.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let package = manifest.join("../../testdata/go/basic");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("basic.openapi.json");
    let result = kubeidl_gen::Generator::new()
        .package(package.to_str().expect("a UTF-8 path"))
        .write(&out);
    match result {
        Ok((generated, _)) => {
            for file in &generated.files {
                println!("cargo:rerun-if-changed={}", file.display());
            }
            for warning in &generated.warnings {
                println!("cargo:warning={warning}");
            }
        }
        Err(err) => {
            eprintln!("{}", err.render_with_source());
            std::process::exit(1);
        }
    }
}
