//! The module map: which directory holds which import path, from `--module IMPORT_PATH=DIR`
//! pairs and from `go.mod` files, so packages are found without a Go toolchain.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Import-path prefixes and the directories that hold them.
#[derive(Debug, Clone, Default)]
pub struct ModuleMap {
    modules: Vec<(String, PathBuf)>,
}

impl ModuleMap {
    pub fn new() -> ModuleMap {
        ModuleMap::default()
    }

    /// Maps `import_prefix` (a module path, or any import path prefix) to `dir`.
    pub fn add(&mut self, import_prefix: &str, dir: impl Into<PathBuf>) {
        let prefix = import_prefix.trim_end_matches('/').to_string();
        let dir = dir.into();
        self.modules.retain(|(p, _)| *p != prefix);
        self.modules.push((prefix, dir));
        // Longest prefix first, so lookups take the most specific module.
        self.modules
            .sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
    }

    /// Parses one `--module` argument: `IMPORT_PATH=DIR`, or a directory holding `go.mod`.
    pub fn add_argument(&mut self, arg: &str) -> Result<()> {
        match arg.split_once('=') {
            Some((prefix, dir)) if !prefix.is_empty() && !dir.is_empty() => {
                let dir = PathBuf::from(dir);
                if !dir.is_dir() {
                    return Err(Error::new(format!(
                        "--module {arg}: {} is not a directory",
                        dir.display()
                    )));
                }
                self.add(prefix, dir);
                Ok(())
            }
            Some(_) => Err(Error::new(format!(
                "--module {arg}: expected IMPORT_PATH=DIR or a directory holding go.mod"
            ))),
            None => {
                let dir = PathBuf::from(arg);
                let module = read_module_path(&dir)?;
                self.add(&module, dir);
                Ok(())
            }
        }
    }

    /// The directory of the package with this import path, if a module covers it.
    pub fn dir_of(&self, import_path: &str) -> Option<PathBuf> {
        self.modules.iter().find_map(|(prefix, dir)| {
            if import_path == prefix {
                Some(dir.clone())
            } else {
                let rest = import_path
                    .strip_prefix(prefix.as_str())?
                    .strip_prefix('/')?;
                Some(dir.join(rest))
            }
        })
    }

    /// The import path of the package in `dir`: from a mapped module containing it, else from the
    /// nearest `go.mod` above it (which is then added to the map).
    pub fn import_path_of(&mut self, dir: &Path) -> Result<String> {
        let abs = absolute(dir)?;
        let found = self.modules.iter().find_map(|(prefix, mdir)| {
            let mdir = absolute(mdir).ok()?;
            let rest = abs.strip_prefix(&mdir).ok()?;
            Some(join_import(prefix, rest))
        });
        if let Some(path) = found {
            return Ok(path);
        }
        let mut current = Some(abs.as_path());
        while let Some(d) = current {
            if d.join("go.mod").is_file() {
                let module = read_module_path(d)?;
                self.add(&module, d.to_path_buf());
                let rest = abs.strip_prefix(d).expect("d is an ancestor of abs");
                return Ok(join_import(&module, rest));
            }
            current = d.parent();
        }
        Err(Error::new(format!(
            "{}: cannot tell its import path: no go.mod above it and no --module maps it",
            dir.display()
        )))
    }
}

fn join_import(prefix: &str, rest: &Path) -> String {
    let mut path = prefix.to_string();
    for part in rest.components() {
        path.push('/');
        path.push_str(&part.as_os_str().to_string_lossy());
    }
    path
}

fn absolute(dir: &Path) -> Result<PathBuf> {
    std::fs::canonicalize(dir).map_err(|e| Error::io(dir, e))
}

/// The `module` path declared in `dir/go.mod`.
pub fn read_module_path(dir: &Path) -> Result<String> {
    let go_mod = dir.join("go.mod");
    let text = std::fs::read_to_string(&go_mod).map_err(|e| Error::io(&go_mod, e))?;
    text.lines()
        .find_map(|line| {
            let rest = line.trim().strip_prefix("module")?;
            rest.starts_with([' ', '\t'])
                .then(|| rest.trim().trim_matches('"').to_string())
        })
        .filter(|m| !m.is_empty())
        .ok_or_else(|| Error::new(format!("{}: no `module` line", go_mod.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_prefix_wins() {
        let mut m = ModuleMap::new();
        m.add("k8s.io/api", "/a");
        m.add("k8s.io/api/core", "/c");
        assert_eq!(
            m.dir_of("k8s.io/api/apps/v1"),
            Some(PathBuf::from("/a/apps/v1"))
        );
        assert_eq!(m.dir_of("k8s.io/api/core/v1"), Some(PathBuf::from("/c/v1")));
        assert_eq!(m.dir_of("k8s.io/apimachinery"), None);
        assert_eq!(m.dir_of("k8s.io/api"), Some(PathBuf::from("/a")));
    }

    #[test]
    fn go_mod_gives_the_module_path() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("go.mod"),
            "// c\nmodule example.com/x\n\ngo 1.22\n",
        )
        .unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let mut m = ModuleMap::new();
        assert_eq!(
            m.import_path_of(&dir.path().join("sub")).unwrap(),
            "example.com/x/sub"
        );
        assert_eq!(m.dir_of("example.com/x/y"), Some(dir.path().join("y")));
    }
}
