//! The `kubeidl` command line.

use clap::{Args, Parser, Subcommand};
use kubeidl_gen::go::{Loader, ModuleMap};
use kubeidl_gen::openapi::{generate, Options};
use kubeidl_gen::Error;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Kubernetes declarative validation: OpenAPI from Go API types and their tags.
#[derive(Parser)]
#[command(name = "kubeidl", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate OpenAPI v3 component schemas from Go API packages.
    ///
    /// Reads the packages with tree-sitter (no Go toolchain) and follows openapi-gen's rules, so the
    /// output for k8s.io/api equals what a Kubernetes apiserver publishes. Types get definitions
    /// when their package's doc.go has `+k8s:openapi-gen=true` (minus types tagged `=false`) or
    /// when they carry `+k8s:openapi-gen=true` themselves; every type they reference gets one too.
    ///
    /// Examples:
    ///
    ///   kubeidl openapi ./testdata/go/basic
    ///
    ///   kubeidl openapi --module k8s.io/api=$API --module k8s.io/apimachinery=$APIMACHINERY \
    ///       k8s.io/api/apps/... -o apps.json
    ///
    ///   kubeidl openapi --check -o apps.json ...   # exit 1 when apps.json is stale
    #[command(verbatim_doc_comment)]
    Openapi(OpenapiArgs),
}

#[derive(Args)]
struct OpenapiArgs {
    /// Where packages live: IMPORT_PATH=DIR, or a directory holding go.mod. Repeatable.
    /// Directories given as PACKAGE find their go.mod by themselves.
    #[arg(long = "module", value_name = "IMPORT_PATH=DIR|DIR")]
    modules: Vec<String>,
    /// Emit `enum` for `+enum` string types (and the "Possible enum values" description suffix).
    /// Off by default, as on a Kubernetes apiserver.
    #[arg(long)]
    enums: bool,
    /// Do not lower validation tags. The output then equals what a Kubernetes apiserver publishes.
    #[arg(long)]
    no_validations: bool,
    /// Write the document to FILE (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Do not write; compare with the existing -o FILE and exit 1 with a summary when they differ.
    #[arg(long, requires = "output")]
    check: bool,
    /// Packages: import paths, directories, or either ending in /... for every package below.
    #[arg(value_name = "PACKAGE", required = true)]
    packages: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Openapi(args) => run_openapi(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {}", err.render_with_source());
            ExitCode::from(2)
        }
    }
}

fn run_openapi(args: OpenapiArgs) -> Result<ExitCode, Error> {
    let mut modules = ModuleMap::new();
    for m in &args.modules {
        modules.add_argument(m)?;
    }
    let loader = Loader::new(modules);
    let options = Options {
        enums: args.enums,
        validations: !args.no_validations,
    };
    let generated = generate(&loader, &args.packages, &options)?;
    for warning in &generated.warnings {
        eprintln!("warning: {warning}");
    }
    let text = generated.document.to_canonical_string();
    match (&args.output, args.check) {
        (Some(path), true) => check(path, &text),
        (Some(path), false) => {
            kubeidl_gen::output::write_atomically(path, text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        (None, _) => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
                .map_err(|e| Error::new(format!("writing to stdout: {e}")))?;
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
