//! [`Generator`]: the library call behind `kubeidl openapi`, for `build.rs` and other programs.

use crate::error::Result;
use crate::go::{Loader, ModuleMap};
use crate::openapi::{generate, Generated, Options};
use crate::output::{write_if_changed, Written};
use std::path::{Path, PathBuf};

/// Generates OpenAPI from Go packages.
///
/// ```no_run
/// // build.rs
/// let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("openapi.json");
/// let (generated, _) = kubeidl_gen::Generator::new()
///     .module("k8s.io/apimachinery", "../vendor/k8s.io/apimachinery")
///     .package("./api/v1")
///     .write(&out)
///     .unwrap();
/// for file in &generated.files {
///     println!("cargo:rerun-if-changed={}", file.display());
/// }
/// ```
#[derive(Debug, Clone, Default)]
pub struct Generator {
    modules: Vec<Module>,
    packages: Vec<String>,
    options: Options,
    threads: Option<usize>,
    overlay: Option<crate::go::Overlay>,
}

#[derive(Debug, Clone)]
enum Module {
    Mapped(String, PathBuf),
    GoMod(PathBuf),
}

impl Generator {
    /// A generator with validations on and enums off.
    pub fn new() -> Generator {
        Generator {
            options: Options {
                enums: false,
                validations: true,
                lenient: false,
                strict_cost: false,
                explicit_defaults_only: false,
                shadowed: false,
                controller_gen: false,
                controller_gen_release: None,
                refuse_floats: false,
                ignore_unexported_fields: false,
                cel_libraries: Default::default(),
            },
            ..Generator::default()
        }
    }

    /// Packages under `import_prefix` live in `dir`.
    pub fn module(mut self, import_prefix: &str, dir: impl Into<PathBuf>) -> Generator {
        self.modules
            .push(Module::Mapped(import_prefix.to_string(), dir.into()));
        self
    }

    /// The module whose `go.mod` is in `dir`.
    pub fn go_mod_dir(mut self, dir: impl Into<PathBuf>) -> Generator {
        self.modules.push(Module::GoMod(dir.into()));
        self
    }

    /// A package to generate: an import path, a directory, or either ending in `/...`.
    pub fn package(mut self, package: &str) -> Generator {
        self.packages.push(package.to_string());
        self
    }

    /// Emit `enum` for `+enum` types.
    pub fn enums(mut self, on: bool) -> Generator {
        self.options.enums = on;
        self
    }

    /// Lower validation tags (on by default).
    pub fn validations(mut self, on: bool) -> Generator {
        self.options.validations = on;
        self
    }

    /// Report bad validation tags as warnings instead of failing (off by default).
    pub fn lenient(mut self, on: bool) -> Generator {
        self.options.lenient = on;
        self
    }

    /// Publish shadowed tags (`+k8s:alpha(...)=+<tag>`, `+k8s:beta(...)=+<tag>`) too (off by
    /// default: the apiserver enforces its handwritten validation instead).
    pub fn shadowed(mut self, on: bool) -> Generator {
        self.options.shadowed = on;
        self
    }

    /// Adds an overlay's tag lines to the declarations it names ([`crate::go::Overlay`]), as if
    /// written in their doc comments.
    pub fn overlay(mut self, overlay: crate::go::Overlay) -> Generator {
        self.overlay = Some(overlay);
        self
    }

    /// Parse at most this many packages at once (default: the machine's parallelism). The output
    /// does not depend on it.
    pub fn threads(mut self, threads: usize) -> Generator {
        self.threads = Some(threads);
        self
    }

    /// Generates the document.
    pub fn generate(&self) -> Result<Generated> {
        let mut modules = ModuleMap::new();
        for m in &self.modules {
            match m {
                Module::Mapped(prefix, dir) => modules.add(prefix, dir.clone()),
                Module::GoMod(dir) => modules.add_argument(&dir.to_string_lossy())?,
            }
        }
        let mut loader = Loader::new(modules);
        if let Some(threads) = self.threads {
            loader = loader.with_threads(threads);
        }
        if let Some(overlay) = &self.overlay {
            loader = loader.with_overlay(overlay.clone());
        }
        generate(&loader, &self.packages, &self.options)
    }

    /// Generates the document and writes it, in canonical JSON, to `path` when it changed.
    /// Returns what was generated (its `files` are what to watch for changes).
    pub fn write(&self, path: &Path) -> Result<(Generated, Written)> {
        let generated = self.generate()?;
        let written = write_if_changed(path, generated.document.to_canonical_string().as_bytes())?;
        Ok((generated, written))
    }
}
