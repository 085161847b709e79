//! Tags declared on Go types from outside their source: an overlay file names a package, a type
//! (or a type's field) and a tag line, and the loader adds the line to that declaration's doc
//! comment as if it were written there. kubeidl declares the apiserver's hand-written validation
//! of the built-in kinds this way, on k8s.io/api types it does not own
//! (`runtime/src/kube/native/overlay.tags`).
//!
//! The format, one declaration per line (`#` starts a comment):
//!
//! ```text
//! k8s.io/api/apps/*  Deployment            +kubeidl:native=ValidateDeployment
//! k8s.io/api/core/v1 ReplicationControllerSpec.replicas +k8s:minimum=0
//! ```
//!
//! A `*` segment of the package matches any one segment (every version of a group). A field is
//! named by its Go name or its JSON name. The tag is the rest of the line, up to a ` #` comment.

use super::comments::LineStart;
use super::model::{Package, TypeExpr};
use crate::error::{Error, Result, SourcePos};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Tag lines to add to declarations.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    lines: Vec<Line>,
}

#[derive(Debug, Clone)]
struct Line {
    package: Vec<String>,
    type_name: String,
    field: Option<String>,
    tag: String,
}

impl Overlay {
    /// Reads an overlay file.
    pub fn read(path: &Path) -> Result<Overlay> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::new(format!("{}: {e}", path.display())))?;
        Overlay::parse(&text, path)
    }

    /// Parses an overlay's text; errors name `file`'s line and column.
    pub fn parse(text: &str, file: &Path) -> Result<Overlay> {
        let mut lines = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let content = raw.split_once(" #").map_or(raw, |(c, _)| c);
            let content = match content.trim_start().starts_with('#') {
                true => "",
                false => content.trim(),
            };
            if content.is_empty() {
                continue;
            }
            let at = |column: usize, message: &str| {
                let pos = SourcePos {
                    file: Arc::new(PathBuf::from(file)),
                    line: n + 1,
                    column,
                };
                Error::new(format!("{pos}: {message}"))
            };
            // The package and the target are words; the tag is the rest of the line.
            let mut rest = content;
            let mut word = || {
                let w = rest.split_whitespace().next().unwrap_or_default();
                rest = rest.trim_start()[w.len()..].trim_start();
                w
            };
            let (package, target) = (word(), word());
            let tag = rest.trim();
            if target.is_empty() || tag.is_empty() {
                return Err(at(
                    1,
                    "expected `<package> <Type>[.<field>] +<tag>` (three words)",
                ));
            }
            if !tag.starts_with('+') {
                let column = raw.find(tag).map_or(1, |i| i + 1);
                return Err(at(column, "a tag starts with `+`"));
            }
            let (type_name, field) = match target.split_once('.') {
                Some((t, f)) => (t.to_string(), Some(f.to_string())),
                None => (target.to_string(), None),
            };
            lines.push(Line {
                package: package.split('/').map(str::to_string).collect(),
                type_name,
                field,
                tag: tag.to_string(),
            });
        }
        Ok(Overlay { lines })
    }

    /// Adds the lines meant for `package` to its declarations' doc comments (placed at the
    /// declaration, for error positions).
    pub(crate) fn apply(&self, package: &mut Package) {
        let segments: Vec<&str> = package.path.split('/').collect();
        for line in &self.lines {
            let matches = line.package.len() == segments.len()
                && line
                    .package
                    .iter()
                    .zip(&segments)
                    .all(|(want, have)| want == "*" || want == have);
            if !matches {
                continue;
            }
            let Some(decl) = package.types.get_mut(&line.type_name) else {
                continue;
            };
            let text = format!(" {}", line.tag);
            match &line.field {
                None => {
                    let start = LineStart {
                        line: decl.pos.line,
                        column: decl.pos.column,
                    };
                    decl.comments.lines.push(text);
                    decl.comments.starts.push(start);
                }
                Some(name) => {
                    let TypeExpr::Struct(fields) = &mut decl.ty else {
                        continue;
                    };
                    let fields = Arc::make_mut(fields);
                    let found = fields
                        .iter_mut()
                        .find(|f| f.name == *name || json_name(&f.tag) == Some(name.as_str()));
                    if let Some(field) = found {
                        let start = LineStart {
                            line: field.pos.line,
                            column: field.pos.column,
                        };
                        field.comments.lines.push(text);
                        field.comments.starts.push(start);
                    }
                }
            }
        }
    }
}

/// The name a struct tag gives a field in JSON.
fn json_name(tag: &str) -> Option<&str> {
    let rest = &tag[tag.find("json:\"")? + 6..];
    let value = &rest[..rest.find('"')?];
    value.split(',').next().filter(|n| !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_a_package_pattern_a_target_and_a_tag() {
        let text = "# comment\nk8s.io/api/apps/*  Deployment  +kubeidl:native=ValidateDeployment  # cites it\n\nk8s.io/api/core/v1 Spec.replicas +k8s:error(minimum)=\"must be at least 0\"\n";
        let overlay = Overlay::parse(text, Path::new("o.tags")).unwrap();
        assert_eq!(overlay.lines.len(), 2);
        assert_eq!(overlay.lines[0].package, ["k8s.io", "api", "apps", "*"]);
        assert_eq!(overlay.lines[0].tag, "+kubeidl:native=ValidateDeployment");
        assert_eq!(overlay.lines[1].field.as_deref(), Some("replicas"));
        assert_eq!(
            overlay.lines[1].tag,
            "+k8s:error(minimum)=\"must be at least 0\""
        );
        let bad = Overlay::parse("k8s.io/api/core/v1 Pod\n", Path::new("o.tags")).unwrap_err();
        assert_eq!(
            bad.message,
            "o.tags:1:1: expected `<package> <Type>[.<field>] +<tag>` (three words)"
        );
        let bad = Overlay::parse("a/b T minimum=0\n", Path::new("o.tags")).unwrap_err();
        assert_eq!(bad.message, "o.tags:1:7: a tag starts with `+`");
    }

    #[test]
    fn json_names_come_from_the_struct_tag() {
        assert_eq!(
            json_name("json:\"replicas,omitempty\" protobuf:\"x\""),
            Some("replicas")
        );
        assert_eq!(json_name("json:\",inline\""), None);
    }
}
