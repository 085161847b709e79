//! Which Go types are kinds (structs embedding both `TypeMeta` and `ObjectMeta`), and what their
//! package and their CRD markers say about the resource: group (`+groupName`), version
//! (`+versionName`, else the package name), names and scope (`+kubebuilder:resource`,
//! `+genclient:nonNamespaced`), subresources, printer columns, selectable fields and the
//! version's storage, serving and deprecation (read by `kubeidl::crd::markers`, placed here at
//! their Go positions).

use crate::error::{Error, SourcePos};
use crate::go::{Package, TypeDecl, TypeExpr};
use crate::openapi::comment_tags;
use kubeidl::crd::markers;
pub use kubeidl::crd::markers::{plural, KindMarkers};
use std::sync::Arc;

/// A kind found in the requested packages.
#[derive(Debug, Clone)]
pub struct Kind {
    pub package: Arc<Package>,
    /// The Go type's name, which is the kind.
    pub name: String,
    pub pos: SourcePos,
    pub group: String,
    pub version: String,
    pub markers: KindMarkers,
}

/// The kinds declared in `packages`, in package then name order. A package with kinds but no
/// `+groupName` is an error (a CRD needs a group); a package marked `+kubebuilder:skip` has none.
/// With `controller_gen_compat`, an explicit `+groupName=` (empty) gives the group `""`, as
/// controller-gen gives it, though no apiserver accepts such a CRD (`warnings` says so), and a
/// version with printer columns gets `subresources: {}` as controller-gen writes it.
pub fn find(
    packages: &[Arc<Package>],
    controller_gen_compat: bool,
    warnings: &mut Vec<String>,
) -> Result<Vec<Kind>, Vec<Error>> {
    let mut kinds = Vec::new();
    let mut errors = Vec::new();
    let skipped = |pkg: &Package| comment_tags::has(&pkg.doc_comments, "kubebuilder:skip");
    // The kinds declared as structs, by group; a package's defined type over another package's
    // type that has the name of a kind of the same group is that kind too, in this version (Gateway
    // API's `type Gateway v1.Gateway` in v1beta1), as controller-gen finds a kind's versions by
    // name in every package of its group.
    let struct_kinds: std::collections::HashSet<(String, String)> = packages
        .iter()
        .filter(|pkg| !skipped(pkg))
        .filter_map(|pkg| {
            let group = comment_tags::single(&pkg.doc_comments, "groupName").ok()??;
            Some((group.trim().to_string(), pkg))
        })
        .flat_map(|(group, pkg)| {
            pkg.types
                .values()
                .filter(|d| is_kind(d))
                .map(move |d| (group.clone(), d.name.clone()))
        })
        .collect();
    for pkg in packages {
        if skipped(pkg) {
            continue;
        }
        let group_here = comment_tags::single(&pkg.doc_comments, "groupName")
            .ok()
            .flatten()
            .map(|g| g.trim().to_string());
        let mut names: Vec<&String> = pkg.types.keys().collect();
        names.sort();
        let found: Vec<&TypeDecl> = names
            .into_iter()
            .map(|n| &pkg.types[n.as_str()])
            .filter(|d| {
                is_kind(d)
                    || group_here.as_ref().is_some_and(|g| {
                        is_defined_over_named(d)
                            && struct_kinds.contains(&(g.clone(), d.name.clone()))
                    })
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        let group = match comment_tags::single(&pkg.doc_comments, "groupName") {
            Ok(Some(g)) if !g.trim().is_empty() => g.trim().to_string(),
            Ok(Some(_)) if controller_gen_compat => {
                warnings.push(format!(
                    "{}: package {} says +groupName= (empty): its CRDs have no group, which an apiserver refuses",
                    found[0].pos, pkg.path
                ));
                String::new()
            }
            Ok(_) => {
                errors.push(Error::at(
                    &found[0].pos,
                    format!(
                        "package {} declares kind {} but has no +groupName=<group> in its package comment (in doc.go, or above the package clause of any file, as groupversion_info.go has it); a CRD needs a group",
                        pkg.path, found[0].name
                    ),
                ));
                continue;
            }
            Err(e) => {
                errors.push(Error::new(format!("package {}: {e}", pkg.path)));
                continue;
            }
        };
        let version = match comment_tags::single(&pkg.doc_comments, "versionName") {
            Ok(Some(v)) => v.trim().to_string(),
            Ok(None) => pkg.name.clone(),
            Err(e) => {
                errors.push(Error::new(format!("package {}: {e}", pkg.path)));
                continue;
            }
        };
        for decl in found {
            match read_markers(decl) {
                Ok(mut markers) => kinds.push(Kind {
                    markers: {
                        markers.subresources_always =
                            controller_gen_compat && !markers.printer_columns.is_empty();
                        markers
                    },
                    package: pkg.clone(),
                    name: decl.name.clone(),
                    pos: decl.pos.clone(),
                    group: group.clone(),
                    version: version.clone(),
                }),
                Err(mut e) => errors.append(&mut e),
            }
        }
    }
    if errors.is_empty() {
        Ok(kinds)
    } else {
        Err(errors)
    }
}

/// `type Gateway v1.Gateway`: a defined (not alias, not generic) type over another named type.
fn is_defined_over_named(decl: &TypeDecl) -> bool {
    !decl.alias && !decl.generic && matches!(decl.ty, TypeExpr::Named { .. })
}

/// A struct that embeds `TypeMeta` and `ObjectMeta` (directly or through a pointer).
fn is_kind(decl: &TypeDecl) -> bool {
    let TypeExpr::Struct(fields) = &decl.ty else {
        return false;
    };
    if decl.alias || decl.generic {
        return false;
    }
    let embeds = |wanted: &str| {
        fields.iter().any(|f| {
            let mut ty = &f.ty;
            while let TypeExpr::Pointer(elem) = ty {
                ty = elem;
            }
            f.embedded && matches!(ty, TypeExpr::Named { name, .. } if name == wanted)
        })
    };
    embeds("TypeMeta") && embeds("ObjectMeta")
}

fn read_markers(decl: &TypeDecl) -> Result<KindMarkers, Vec<Error>> {
    let mut markers = KindMarkers::default();
    let mut errors = Vec::new();
    let comments = decl.comments.with_kubebuilder_markers(&decl.above);
    for (index, line) in comments.lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len() + 1;
        if let Err(problems) = markers::read_line(line, &mut markers) {
            for e in problems {
                let pos = comments.source_pos(&decl.pos.file, index, lead + e.offset);
                errors.push(Error::at(&pos, e.message));
            }
        }
    }
    if errors.is_empty() {
        Ok(markers)
    } else {
        Err(errors)
    }
}
