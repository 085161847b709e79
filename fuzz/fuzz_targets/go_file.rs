//! Any input to the Go front end gives declarations or a positioned error, never a panic.
#![no_main]

use kubeidl_gen::go::parse::{go_parser, parse_file};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let mut parser = go_parser();
    match parse_file(&mut parser, std::path::Path::new("fuzz.go"), source, "example.com/fuzz") {
        Ok(file) => {
            for decl in &file.types {
                let _ = decl.ty.go_string();
            }
        }
        Err(err) => assert!(err.pos.is_some(), "syntax errors carry a position: {err}"),
    }
});
