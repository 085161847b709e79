//! Go package trees as revisions to review (`kubeidl diff` on directories and with
//! `--git-base`): each side's packages generated as OpenAPI with validations on, as `kubeidl
//! openapi` does, every package named counting (a kubebuilder project's too), and the
//! generator's provenance turned into the review's source map, with files named as the user
//! named them (`git.rs` gives the other revision's files, named `REV:path`).

pub mod git;

use crate::{Revision, Site, SourceMap};
use kubeidl_gen::error::{Error, Result};
use kubeidl_gen::go::{Loader, ModuleMap};
use kubeidl_gen::openapi::{generate_every_package, provenance::Origin, Options};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How the files of one side are named in findings: a file under a root is the root's name
/// followed by its path below the root; any other file is named from the current directory when
/// it is below it, else by its path.
#[derive(Debug, Clone, Default)]
pub struct Naming {
    /// Canonical root directory, and the name it is shown as (`old`, `HEAD~1:`).
    roots: Vec<(PathBuf, String)>,
}

impl Naming {
    /// Files below `dir` are named from `shown`: `shown/rest`, or `shown` + `rest` when `shown`
    /// ends in `:` (a git revision).
    pub fn root(mut self, dir: &Path, shown: &str) -> Naming {
        let canonical = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        self.roots.push((canonical, shown.to_string()));
        self
    }

    pub fn name(&self, file: &Path) -> String {
        for (root, shown) in &self.roots {
            let Ok(rest) = file.strip_prefix(root) else {
                continue;
            };
            let rest: Vec<String> = rest
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let rest = rest.join("/");
            return match (shown.as_str(), rest.is_empty()) {
                (s, true) => s.to_string(),
                (s, false) if s.ends_with(':') || s.ends_with('/') => format!("{s}{rest}"),
                (s, false) => format!("{s}/{rest}"),
            };
        }
        // Elsewhere: relative to the current directory when below it, as paths are given.
        std::env::current_dir()
            .ok()
            .and_then(|cwd| std::fs::canonicalize(cwd).ok())
            .and_then(|cwd| file.strip_prefix(cwd).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| file.to_path_buf())
            .display()
            .to_string()
    }
}

/// One side of a Go diff: where packages live and which trees to compare.
#[derive(Debug, Clone, Default)]
pub struct GoSide {
    /// `--module` arguments: `IMPORT_PATH=DIR` or a directory holding go.mod.
    pub modules: Vec<String>,
    /// Package trees: directories, each compared with every package below it.
    pub trees: Vec<PathBuf>,
    /// The name findings give this side when no source position is known.
    pub label: String,
    pub naming: Naming,
}

/// The definitions of a side's packages, generated with validations on, with the tag or
/// declaration behind each node; also the generator's warnings.
pub fn go_revision(side: &GoSide) -> Result<(Revision, Vec<String>)> {
    let mut modules = ModuleMap::new();
    for m in &side.modules {
        modules.add_argument(m)?;
    }
    let loader = Loader::new(modules);
    let mut args = Vec::new();
    for tree in &side.trees {
        if !tree.is_dir() {
            return Err(Error::new(format!(
                "{}: not a directory of Go packages",
                side.naming.name(tree)
            )));
        }
        let arg = format!("{}/...", tree.display());
        loader
            .expand_patterns(std::slice::from_ref(&arg))
            .map_err(|e| {
                Error::new(format!(
                    "{}: not a Go package tree: {}",
                    side.naming.name(tree),
                    e.message
                ))
            })?;
        args.push(arg);
    }
    // `+enum` sets are validations too: the apiserver enforces them natively.
    let options = Options {
        validations: true,
        enums: true,
        ..Options::default()
    };
    let generated = generate_every_package(&loader, &args, &options)?;
    let schemas = generated.document.schemas;
    let mut lines = SourceLines::default();
    let mut sources = SourceMap::new();
    for (pointer, origin) in generated.provenance.by_pointer(&schemas) {
        let site = lines.site(origin, &side.naming);
        sources.insert(pointer, site);
    }
    Ok((
        Revision::generated(&side.label, schemas, sources),
        generated.warnings,
    ))
}

/// The lines of the source files read so far.
#[derive(Default)]
struct SourceLines {
    files: HashMap<PathBuf, Vec<String>>,
}

impl SourceLines {
    fn line(&mut self, file: &Path, line: usize) -> Option<String> {
        let lines = self.files.entry(file.to_path_buf()).or_insert_with(|| {
            std::fs::read_to_string(file)
                .map(|t| t.lines().map(str::to_string).collect())
                .unwrap_or_default()
        });
        lines.get(line.checked_sub(1)?).cloned()
    }

    /// An origin as a finding's site: the tag's text, or the declaration's source line.
    fn site(&mut self, origin: &Origin, naming: &Naming) -> Site {
        let snippet = self.line(&origin.pos.file, origin.pos.line);
        let text = origin.text.clone().unwrap_or_else(|| {
            snippet
                .as_deref()
                .map(|l| {
                    l.chars()
                        .skip(origin.pos.column.saturating_sub(1))
                        .collect::<String>()
                        .trim()
                        .to_string()
                })
                .unwrap_or_default()
        });
        Site {
            text,
            file: naming.name(&origin.pos.file),
            line: Some(origin.pos.line),
            column: Some(origin.pos.column),
            dialect: origin.dialect.map(str::to_string),
            snippet,
            pointer: String::new(),
            via: origin
                .via
                .iter()
                .map(|step| Site {
                    text: step.text.clone(),
                    file: naming.name(&step.pos.file),
                    line: Some(step.pos.line),
                    column: Some(step.pos.column),
                    ..Site::default()
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_from_their_root() {
        let dir = tempfile::tempdir().unwrap();
        let naming = Naming::default()
            .root(dir.path(), "old")
            .root(Path::new("/nowhere/x"), "HEAD~1:");
        let canonical = std::fs::canonicalize(dir.path()).unwrap();
        assert_eq!(
            naming.name(&canonical.join("widgets/v1/types.go")),
            "old/widgets/v1/types.go"
        );
        assert_eq!(
            naming.name(Path::new("/nowhere/x/api/types.go")),
            "HEAD~1:api/types.go"
        );
        assert_eq!(naming.name(Path::new("/else/t.go")), "/else/t.go");
    }
}
