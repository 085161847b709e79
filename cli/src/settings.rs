//! The workspace settings `kubeidl validate` and `kubeidl lsp` share, from the `validate:`
//! section of the nearest `.kubeidl.yaml` (the file whose `rules:` configure diff and lint):
//!
//! ```yaml
//! validate:
//!   kubeVersion: "1.34"        # the release whose built-in kinds manifests are checked against
//!   crds: [config/crd/bases]   # CRDs serving the custom kinds, relative to this file
//! ```
//!
//! A flag given on the command line wins over the file.

use kubeidl::document::read_documents;
use kubeidl_gen::{Error, SourcePos};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The settings file's name.
pub const FILE: &str = ".kubeidl.yaml";

/// What the `validate:` section says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pub kube_version: Option<String>,
    /// Absolute, or relative to the current directory.
    pub crds: Vec<PathBuf>,
    /// The file they came from.
    pub file: Option<PathBuf>,
}

/// The settings of the nearest `.kubeidl.yaml` from `start` up (none: the defaults).
pub fn find(start: &Path) -> Result<Settings, Error> {
    let Some(file) = start
        .ancestors()
        .map(|d| d.join(FILE))
        .find(|f| f.is_file())
    else {
        return Ok(Settings::default());
    };
    let bytes = std::fs::read(&file).map_err(|e| Error::io(&file, e))?;
    read(&bytes, &file)
}

/// The settings of a `.kubeidl.yaml`'s text; a wrong one is an error at its file:line:col.
pub fn read(bytes: &[u8], file: &Path) -> Result<Settings, Error> {
    let mut out = Settings {
        file: Some(file.to_path_buf()),
        ..Settings::default()
    };
    let Some(doc) = read_documents(bytes).into_iter().next() else {
        return Ok(out);
    };
    let doc = doc.map_err(|e| Error::new(format!("{}: {}", file.display(), e.message)))?;
    let fail = |pointer: &str, message: String| {
        let at = doc.positions.find(pointer);
        Error::at(
            &SourcePos {
                file: Arc::new(file.to_path_buf()),
                line: at.line,
                column: at.column,
            },
            message,
        )
    };
    let Some(section) = doc.value.get("validate") else {
        return Ok(out);
    };
    let Some(map) = section.as_object() else {
        return Err(fail(
            "/validate",
            "validate: expected a mapping of kubeVersion and crds".into(),
        ));
    };
    for (key, value) in map {
        let at = format!("/validate/{key}");
        match (key.as_str(), value) {
            ("kubeVersion", Value::String(v)) => out.kube_version = Some(v.clone()),
            ("kubeVersion", _) => {
                return Err(fail(
                    &at,
                    "kubeVersion must be a string (quote it: \"1.35\")".into(),
                ))
            }
            ("crds", Value::Array(items)) => {
                let dir = file.parent().unwrap_or(Path::new("."));
                for (i, item) in items.iter().enumerate() {
                    let Some(path) = item.as_str() else {
                        return Err(fail(
                            &format!("{at}/{i}"),
                            "crds: each entry is a path".into(),
                        ));
                    };
                    out.crds.push(dir.join(path));
                }
            }
            ("crds", _) => return Err(fail(&at, "crds must be a list of paths".into())),
            (other, _) => {
                return Err(fail(
                    &at,
                    format!("unknown key {other:?} in validate (known: kubeVersion, crds)"),
                ))
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_validate_section_gives_a_version_and_crds_relative_to_the_file() {
        let file = Path::new("/repo/.kubeidl.yaml");
        let s = read(
            b"rules: []\nvalidate:\n  kubeVersion: \"1.34\"\n  crds: [config/crd]\n",
            file,
        )
        .unwrap();
        assert_eq!(s.kube_version.as_deref(), Some("1.34"));
        assert_eq!(s.crds, [PathBuf::from("/repo/config/crd")]);
        let e = read(b"validate:\n  kubeVersion: 1.34\n", file).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/repo/.kubeidl.yaml:2:16: kubeVersion must be a string (quote it: \"1.35\")"
        );
        let e = read(b"validate:\n  crd: []\n", file).unwrap_err();
        assert!(
            e.to_string().contains("unknown key \"crd\" in validate"),
            "{e}"
        );
        assert_eq!(read(b"rules: []\n", file).unwrap().kube_version, None);
    }
}
