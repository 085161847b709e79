//! `kubeidl openapi`: generate OpenAPI from Go packages, write it atomically or check it.

use super::OpenapiArgs;
use kubeidl_gen::openapi::{generate, Options};
use kubeidl_gen::Error;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: OpenapiArgs) -> Result<ExitCode, Error> {
    let mut loader = super::loader(&args.modules)?;
    if let Some(path) = &args.overlay {
        loader = loader.with_overlay(kubeidl_gen::go::Overlay::read(path)?);
    }
    let options = Options {
        enums: args.enums,
        validations: !args.no_validations,
        lenient: args.lenient,
        strict_cost: false,
        explicit_defaults_only: false,
        shadowed: args.shadowed,
        controller_gen: false,
        controller_gen_release: None,
        refuse_floats: false,
        ignore_unexported_fields: false,
        cel_libraries: args.cel_libraries.iter().copied().collect(),
    };
    let generated = generate(&loader, &args.packages, &options)?;
    for warning in &generated.warnings {
        eprintln!("warning: {warning}");
    }
    if args.summary {
        let t = generated.tags;
        eprintln!(
            "validation tags: {} read, {} lowered to keywords or rules, {} documentation only, {} left out",
            t.seen,
            t.lowered,
            t.documentation,
            t.seen - t.lowered - t.documentation
        );
    }
    let text = generated.document.to_canonical_string();
    match (&args.output, args.check) {
        (Some(path), true) => check(path, &text),
        (Some(path), false) => {
            kubeidl_gen::output::write_atomically(path, text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        (None, _) => {
            super::print(&text)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Compares the generated text with the file; prints what differs.
fn check(path: &Path, generated: &str) -> Result<ExitCode, Error> {
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "{}: does not exist; run without --check to write it",
                path.display()
            );
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(Error::io(path, e)),
    };
    if existing == generated {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!("{}: out of date", path.display());
    for line in kubeidl_gen::staleness::summary(&existing, generated) {
        eprintln!("  {line}");
    }
    Ok(ExitCode::from(1))
}
