//! Which Go types are kinds (structs embedding both `TypeMeta` and `ObjectMeta`), and what their
//! package and their CRD markers say about the resource: group (`+groupName`), version
//! (`+versionName`, else the package name), names and scope (`+kubebuilder:resource`,
//! `+genclient:nonNamespaced`), subresources, printer columns, selectable fields and the
//! version's storage, serving and deprecation.

use crate::error::{Error, SourcePos};
use crate::go::{Package, TypeDecl, TypeExpr};
use crate::openapi::comment_tags;
use kubeidl::tags::options::{self, OptionList};
use kubeidl::tags::registry::{lookup, Known};
use serde_json::{json, Value};
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

/// What the CRD markers on a kind say.
#[derive(Debug, Clone, Default)]
pub struct KindMarkers {
    pub plural: Option<String>,
    pub singular: Option<String>,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    /// `Cluster` or `Namespaced` when a marker says.
    pub scope: Option<String>,
    /// `subresources` of the version (`status`, `scale`), as the CRD holds them.
    pub subresources: serde_json::Map<String, Value>,
    pub printer_columns: Vec<Value>,
    pub selectable_fields: Vec<Value>,
    pub storage: bool,
    pub unserved: bool,
    pub skip: bool,
    /// `Some` for a deprecated version, with its warning if it has one.
    pub deprecated: Option<Option<String>>,
    /// The CRD's own `metadata.annotations` and `metadata.labels`
    /// (`+kubebuilder:metadata:annotations="k=v";"k2=v2"`).
    pub annotations: Vec<(String, String)>,
    pub labels: Vec<(String, String)>,
}

/// The kinds declared in `packages`, in package then name order. A package with kinds but no
/// `+groupName` is an error (a CRD needs a group); a package marked `+kubebuilder:skip` has none.
/// With `allow_empty_group`, an explicit `+groupName=` (empty) gives the group `""`, as
/// controller-gen gives it, though no apiserver accepts such a CRD; `warnings` says so.
pub fn find(
    packages: &[Arc<Package>],
    allow_empty_group: bool,
    warnings: &mut Vec<String>,
) -> Result<Vec<Kind>, Vec<Error>> {
    let mut kinds = Vec::new();
    let mut errors = Vec::new();
    for pkg in packages {
        if comment_tags::has(&pkg.doc_comments, "kubebuilder:skip") {
            continue;
        }
        let mut names: Vec<&String> = pkg.types.keys().collect();
        names.sort();
        let found: Vec<&TypeDecl> = names
            .into_iter()
            .map(|n| &pkg.types[n.as_str()])
            .filter(|d| is_kind(d))
            .collect();
        if found.is_empty() {
            continue;
        }
        let group = match comment_tags::single(&pkg.doc_comments, "groupName") {
            Ok(Some(g)) if !g.trim().is_empty() => g.trim().to_string(),
            Ok(Some(_)) if allow_empty_group => {
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
                Ok(markers) => kinds.push(Kind {
                    package: pkg.clone(),
                    name: decl.name.clone(),
                    pos: decl.pos.clone(),
                    group: group.clone(),
                    version: version.clone(),
                    markers,
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

/// The CRD markers kubeidl reads; each takes `key=value` arguments after a `:` (or none).
const MARKERS: &[&str] = &[
    "kubebuilder:resource",
    "kubebuilder:subresource:status",
    "kubebuilder:subresource:scale",
    "kubebuilder:printcolumn",
    "kubebuilder:selectablefield",
    "kubebuilder:storageversion",
    "kubebuilder:unservedversion",
    "kubebuilder:skipversion",
    "kubebuilder:deprecatedversion",
    "kubebuilder:metadata",
];

/// Markers of other generators that may stand on a kind.
const OTHER_GENERATORS: &[&str] = &["kubebuilder:object:", "kubebuilder:skip"];

fn read_markers(decl: &TypeDecl) -> Result<KindMarkers, Vec<Error>> {
    let mut markers = KindMarkers::default();
    let mut errors = Vec::new();
    let comments = decl.comments.with_kubebuilder_markers(&decl.above);
    for (index, line) in comments.lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(body) = trimmed.strip_prefix('+') else {
            continue;
        };
        let lead = line.len() - trimmed.len() + 1;
        let pos = |offset: usize| comments.source_pos(&decl.pos.file, index, lead + offset);
        if body.trim() == "genclient:nonNamespaced" {
            markers.scope = Some("Cluster".into());
            continue;
        }
        if !body.starts_with("kubebuilder:") || OTHER_GENERATORS.iter().any(|o| body.starts_with(o))
        {
            continue;
        }
        let name_end = body.find(['=', ' ']).unwrap_or(body.len());
        let marker = MARKERS.iter().find(|m| {
            body.strip_prefix(**m)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
        });
        let Some(marker) = marker else {
            if matches!(lookup(&body[..name_end]), Known::Validation(..))
                || body.starts_with("kubebuilder:validation:")
            {
                continue; // a validation tag: the lowering reads (or refuses) it
            }
            errors.push(Error::at(
                &pos(0),
                format!(
                    "+{} is not a CRD marker kubeidl knows (known: {})",
                    &body[..name_end],
                    MARKERS
                        .iter()
                        .map(|m| format!("+{m}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
            continue;
        };
        let args_text = body[marker.len()..].strip_prefix(':').unwrap_or("");
        let args_offset = marker.len() + 1;
        let args = if args_text.is_empty() {
            OptionList::default()
        } else {
            match options::parse(args_text) {
                Ok(list) if list.positional.is_none() => list,
                Ok(_) => {
                    errors.push(Error::at(
                        &pos(args_offset),
                        format!("+{marker} takes key=value arguments"),
                    ));
                    continue;
                }
                Err(e) => {
                    errors.push(Error::at(&pos(args_offset + e.offset), e.message));
                    continue;
                }
            }
        };
        let mut reader = Args {
            marker,
            args: &args,
            errors: &mut errors,
            at: &|offset| pos(args_offset + offset),
            start: &pos(0),
        };
        apply(&mut markers, marker, &mut reader);
    }
    if errors.is_empty() {
        Ok(markers)
    } else {
        Err(errors)
    }
}

/// The arguments of one marker, taken one by one; whatever is left is an error.
struct Args<'a> {
    marker: &'a str,
    args: &'a OptionList,
    errors: &'a mut Vec<Error>,
    at: &'a dyn Fn(usize) -> SourcePos,
    start: &'a SourcePos,
}

impl Args<'_> {
    fn take(&mut self, key: &str) -> Option<String> {
        self.args.get(key).map(|v| v.text.clone())
    }

    fn list(&mut self, key: &str) -> Vec<String> {
        self.take(key)
            .map(|t| {
                options::split_list(&t)
                    .into_iter()
                    .map(|s| s.trim().trim_matches('"').to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn required(&mut self, key: &str) -> Option<String> {
        let value = self.take(key);
        if value.is_none() {
            self.errors.push(Error::at(
                self.start,
                format!("+{} needs {key}=...", self.marker),
            ));
        }
        value
    }

    /// Reports arguments the marker does not take.
    fn only(&mut self, keys: &[&str]) {
        for (key, value) in &self.args.named {
            if !keys.contains(&key.as_str()) {
                let known = if keys.is_empty() {
                    "it takes none".to_string()
                } else {
                    format!("it takes {}", keys.join(", "))
                };
                self.errors.push(Error::at(
                    &(self.at)(value.offset.saturating_sub(key.len() + 1)),
                    format!("+{} has no argument {key:?}; {known}", self.marker),
                ));
            }
        }
    }
}

fn apply(markers: &mut KindMarkers, marker: &str, args: &mut Args<'_>) {
    match marker {
        "kubebuilder:metadata" => {
            args.only(&["annotations", "labels"]);
            for (key, into) in [
                ("annotations", &mut markers.annotations),
                ("labels", &mut markers.labels),
            ] {
                for pair in args.list(key) {
                    match pair.split_once('=') {
                        Some((k, v)) => into.push((k.to_string(), v.to_string())),
                        None => args.errors.push(Error::at(
                            args.start,
                            format!("+kubebuilder:metadata:{key}: {pair:?} is not key=value"),
                        )),
                    }
                }
            }
        }
        "kubebuilder:resource" => {
            args.only(&["path", "singular", "shortName", "categories", "scope"]);
            markers.plural = args.take("path");
            markers.singular = args.take("singular");
            markers.short_names = args.list("shortName");
            markers.categories = args.list("categories");
            if let Some(scope) = args.take("scope") {
                if scope != "Cluster" && scope != "Namespaced" {
                    args.errors.push(Error::at(
                        args.start,
                        format!("scope={scope:?}: must be Cluster or Namespaced"),
                    ));
                }
                markers.scope = Some(scope);
            }
        }
        "kubebuilder:subresource:status" => {
            args.only(&[]);
            markers.subresources.insert("status".into(), json!({}));
        }
        "kubebuilder:subresource:scale" => {
            args.only(&["specpath", "statuspath", "selectorpath"]);
            let mut scale = serde_json::Map::new();
            if let Some(p) = args.required("specpath") {
                scale.insert("specReplicasPath".into(), p.into());
            }
            if let Some(p) = args.required("statuspath") {
                scale.insert("statusReplicasPath".into(), p.into());
            }
            if let Some(p) = args.take("selectorpath") {
                scale.insert("labelSelectorPath".into(), p.into());
            }
            markers.subresources.insert("scale".into(), scale.into());
        }
        "kubebuilder:printcolumn" => {
            args.only(&[
                "name",
                "type",
                "JSONPath",
                "description",
                "format",
                "priority",
            ]);
            let mut column = serde_json::Map::new();
            for (key, field) in [("name", "name"), ("type", "type"), ("JSONPath", "jsonPath")] {
                if let Some(v) = args.required(key) {
                    column.insert(field.into(), v.into());
                }
            }
            for key in ["description", "format"] {
                if let Some(v) = args.take(key) {
                    column.insert(key.into(), v.into());
                }
            }
            if let Some(p) = args.take("priority") {
                match p.parse::<i32>() {
                    Ok(n) => {
                        column.insert("priority".into(), n.into());
                    }
                    Err(_) => args.errors.push(Error::at(
                        args.start,
                        format!("priority={p:?}: must be an integer"),
                    )),
                }
            }
            markers.printer_columns.push(column.into());
        }
        "kubebuilder:selectablefield" => {
            args.only(&["JSONPath"]);
            if let Some(p) = args.required("JSONPath") {
                markers.selectable_fields.push(json!({"jsonPath": p}));
            }
        }
        "kubebuilder:storageversion" => {
            args.only(&[]);
            markers.storage = true;
        }
        "kubebuilder:unservedversion" => {
            args.only(&[]);
            markers.unserved = true;
        }
        "kubebuilder:skipversion" => {
            args.only(&[]);
            markers.skip = true;
        }
        "kubebuilder:deprecatedversion" => {
            args.only(&["warning"]);
            markers.deprecated = Some(args.take("warning"));
        }
        _ => unreachable!("every marker of MARKERS is applied"),
    }
}

/// The plural of a kind, lower case, by the English rules controller-gen's inflector applies
/// to the usual kind names (`Policy` to `policies`, `Ingress` to `ingresses`, `Widget` to
/// `widgets`); `+kubebuilder:resource:path=` overrides it.
pub fn plural(kind: &str) -> String {
    let lower = kind.to_lowercase();
    const SAME: &[&str] = &["data", "metadata", "information", "equipment", "series"];
    if SAME.iter().any(|s| lower.ends_with(s)) {
        return lower;
    }
    if lower.ends_with("ss")
        || lower.ends_with("sh")
        || lower.ends_with("ch")
        || lower.ends_with('x')
        || lower.ends_with('z')
    {
        return format!("{lower}es");
    }
    if let Some(stem) = lower.strip_suffix('y') {
        if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) {
            return format!("{stem}ies");
        }
    }
    if let Some(stem) = lower.strip_suffix("is") {
        return format!("{stem}es");
    }
    if lower.ends_with('s') {
        return format!("{lower}es");
    }
    format!("{lower}s")
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn plurals_of_usual_kind_names() {
        for (kind, want) in [
            ("Widget", "widgets"),
            ("Policy", "policies"),
            ("Gateway", "gateways"),
            ("Ingress", "ingresses"),
            ("Status", "statuses"),
            ("Box", "boxes"),
            ("Patch", "patches"),
            ("Analysis", "analyses"),
            ("Metadata", "metadata"),
            ("CronJob", "cronjobs"),
        ] {
            assert_eq!(plural(kind), want, "{kind}");
        }
    }
}
