//! What the paths of a command line name: the files themselves, or the files below directories
//! (hidden directories and `--exclude`d paths left out), read whole; and which of those files
//! are not manifests at all (a Helm chart's templates, kustomize's configuration), with why.

use kubeidl_gen::Error;
use std::path::{Path, PathBuf};

/// Paths left out of directory walks: `--exclude` globs, matched against a path as it is shown
/// (`repo/charts/app/values.yaml`) and against its last component (`values.yaml`), and
/// kubeconform's `--ignore-filename-pattern` regular expressions, found anywhere in the path.
#[derive(Default)]
pub struct Excludes {
    patterns: Vec<(String, Matcher)>,
}

enum Matcher {
    Glob(glob::Pattern),
    Regex(regex::Regex),
}

impl Excludes {
    pub fn new(globs: &[String], regexes: &[String]) -> Result<Excludes, Error> {
        let mut patterns = Vec::new();
        for g in globs {
            let p =
                glob::Pattern::new(g).map_err(|e| Error::new(format!("--exclude {g:?}: {e}")))?;
            patterns.push((g.clone(), Matcher::Glob(p)));
        }
        for r in regexes {
            let p = regex::Regex::new(r)
                .map_err(|e| Error::new(format!("--ignore-filename-pattern {r:?}: {e}")))?;
            patterns.push((r.clone(), Matcher::Regex(p)));
        }
        Ok(Excludes { patterns })
    }

    /// The glob or expression that excludes `path`, if one does.
    pub fn excluding(&self, path: &Path) -> Option<&str> {
        let shown = path.to_string_lossy();
        let shown = shown.strip_prefix("./").unwrap_or(&shown);
        let name = path.file_name().map(|n| n.to_string_lossy());
        self.patterns
            .iter()
            .find(|(_, m)| match m {
                Matcher::Glob(p) => {
                    p.matches(shown) || name.as_deref().is_some_and(|n| p.matches(n))
                }
                Matcher::Regex(r) => r.is_match(shown),
            })
            .map(|(g, _)| g.as_str())
    }

    /// The globs that excluded nothing, given those that did.
    pub fn unused<'a>(&'a self, used: &[String]) -> Vec<&'a str> {
        self.patterns
            .iter()
            .map(|(g, _)| g.as_str())
            .filter(|g| !used.iter().any(|u| u == g))
            .collect()
    }
}

/// The files a path names: the file itself, or the files below a directory with one of the
/// extensions, sorted. Directories below it whose names start with a dot (`.git`, `.github`,
/// test fixtures such as `.chainsaw-test`) are left out, as hidden; naming one walks it.
pub fn files_below(path: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, Error> {
    walk(path, extensions, &Excludes::default(), &mut Vec::new())
}

/// [`files_below`], leaving out what `excludes` matches; each glob that matched something is
/// added to `used`.
pub fn walk(
    path: &Path,
    extensions: &[&str],
    excludes: &Excludes,
    used: &mut Vec<String>,
) -> Result<Vec<PathBuf>, Error> {
    if !path.is_dir() {
        if !path.exists() {
            return Err(Error::new(format!(
                "{}: no such file or directory",
                path.display()
            )));
        }
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| Error::io(&dir, e))? {
            let p = entry.map_err(|e| Error::io(&dir, e))?.path();
            if let Some(glob) = excludes.excluding(&p) {
                if !used.iter().any(|u| u == glob) {
                    used.push(glob.to_string());
                }
                continue;
            }
            if p.is_dir() {
                let hidden = p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'));
                if !hidden {
                    stack.push(p);
                }
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Why the file at `path` holds no manifests to validate, when it holds none: kustomize's
/// configuration, a Helm chart's `Chart.yaml`, or a template of a Helm chart (a file below `templates/` next to a
/// `Chart.yaml`), which is not YAML until Helm renders it.
pub fn not_a_manifest(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_string_lossy();
    if matches!(
        name.as_ref(),
        "kustomization.yaml" | "kustomization.yml" | "Kustomization"
    ) {
        return Some("kustomize's configuration, not an API object (to check what it builds: kubectl kustomize DIR | kubeidl validate -)");
    }
    if name == "Chart.yaml" {
        return Some("a Helm chart's metadata, not an API object");
    }
    let chart = path
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "templates"))
        .and_then(Path::parent)?;
    chart
        .join("Chart.yaml")
        .is_file()
        .then_some("a Helm chart's template, not YAML until rendered (render it with helm template, then validate the output)")
}

/// A hint for a document that does not parse, when its text looks like a template.
pub fn template_hint(text: &str) -> Option<&'static str> {
    text.contains("{{")
        .then_some("it looks like a template (Helm, Go): render it first, then validate the output")
}

pub fn read(path: &Path) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(|e| Error::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_paths_and_names() {
        let ex = Excludes::new(&["*/charts/*".into(), "values.yaml".into()], &[]).unwrap();
        assert_eq!(
            ex.excluding(Path::new("repo/charts/app/x.yaml")),
            Some("*/charts/*")
        );
        assert_eq!(
            ex.excluding(Path::new("./repo/app/values.yaml")),
            Some("values.yaml")
        );
        assert_eq!(ex.excluding(Path::new("repo/app/deploy.yaml")), None);
        assert_eq!(ex.unused(&["values.yaml".into()]), ["*/charts/*"]);
        let err = Excludes::new(&["a[".into()], &[]).err().unwrap();
        assert!(err.to_string().starts_with("--exclude \"a[\": "), "{err}");
        // kubeconform's regular expressions, found anywhere in the path.
        let ex = Excludes::new(&[], &[r"test(data)?/".into()]).unwrap();
        assert!(ex.excluding(Path::new("repo/testdata/a.yaml")).is_some());
        assert!(ex.excluding(Path::new("repo/data/a.yaml")).is_none());
        assert!(Excludes::new(&[], &["(".into()]).is_err());
    }

    #[test]
    fn templates_of_charts_and_kustomizations_are_not_manifests() {
        let dir = tempfile::tempdir().unwrap();
        let chart = dir.path().join("app");
        std::fs::create_dir_all(chart.join("templates/sub")).unwrap();
        std::fs::write(chart.join("Chart.yaml"), "apiVersion: v2\nname: app\n").unwrap();
        assert!(not_a_manifest(&chart.join("templates/sub/deploy.yaml"))
            .unwrap()
            .contains("helm template"));
        // A `templates` directory of no chart holds manifests.
        let plain = dir.path().join("plain/templates/deploy.yaml");
        assert_eq!(not_a_manifest(&plain), None);
        assert!(not_a_manifest(Path::new("overlays/prod/kustomization.yaml")).is_some());
        assert_eq!(not_a_manifest(Path::new("deploy.yaml")), None);
    }
}
