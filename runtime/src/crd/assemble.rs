//! One CustomResourceDefinition from the versions of a kind: names and scope, which every
//! version must agree on (the plural defaulting to the kind's English plural), the storage
//! version (the only one, or the one marked), each served version's schema, subresources,
//! printer columns and selectable fields, and the CRD's own metadata; written as YAML.

use super::markers::{plural, KindMarkers};
use super::{yaml, Problem};
use crate::errors::FieldPath;
use crate::schema::Schema;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::fmt::Display;

/// One version of a kind, as a front end found it; `at` is where it was declared (a Go
/// position, a Rust type), for errors.
#[derive(Debug, Clone)]
pub struct KindVersion<P> {
    pub kind: String,
    pub group: String,
    pub version: String,
    pub markers: KindMarkers,
    pub at: P,
}

/// One generated CRD.
#[derive(Debug, Clone, PartialEq)]
pub struct Crd {
    /// `<plural>.<group>`.
    pub name: String,
    /// `<group>_<plural>.yaml`, as controller-gen names it.
    pub file_name: String,
    pub object: Value,
    /// The YAML document.
    pub text: String,
}

/// A problem found assembling a CRD, at a version's declaration (`at`) or, for a rule, where the
/// front end says the rule was written.
#[derive(Debug, Clone)]
pub struct Located<P> {
    pub at: P,
    pub problem: Problem,
}

/// The CRD of one group and kind from its versions. `schema` gives the structural schema of a
/// version at its path in the CRD (`spec.versions[i].schema.openAPIV3Schema`), or its problems;
/// `header` is text written before the document (a license).
pub fn assemble<P: Clone + Display>(
    versions: &[KindVersion<P>],
    mut schema: impl FnMut(&KindVersion<P>, &FieldPath) -> Result<Schema, Vec<Located<P>>>,
    header: Option<&str>,
) -> Result<Crd, Vec<Located<P>>> {
    let Some(first) = versions.first() else {
        return Err(Vec::new());
    };
    let mut errors = Vec::new();
    let names = names(versions, &mut errors);
    let served: Vec<&KindVersion<P>> = versions.iter().filter(|k| !k.markers.skip).collect();
    let storage = storage_version(&served, &mut errors);
    let mut sorted = served.clone();
    sorted.sort_by(|a, b| a.version.cmp(&b.version));
    let mut version_objects = Vec::new();
    for (index, kind) in sorted.iter().enumerate() {
        let base = FieldPath::root()
            .child("spec")
            .child("versions")
            .index(index)
            .child("schema")
            .child("openAPIV3Schema");
        match schema(kind, &base) {
            Ok(schema) => {
                let stored = storage.as_deref() == Some(kind.version.as_str());
                version_objects.push(version_object(kind, schema, stored));
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let name = format!("{}.{}", names.plural, first.group);
    let mut metadata = Map::new();
    metadata.insert("name".into(), name.clone().into());
    type Pairs<P> = fn(&KindVersion<P>) -> &Vec<(String, String)>;
    let fields: [(&str, Pairs<P>); 2] = [
        ("annotations", |k| &k.markers.annotations),
        ("labels", |k| &k.markers.labels),
    ];
    for (field, pairs) in fields {
        let map: BTreeMap<&String, &String> = versions
            .iter()
            .flat_map(pairs)
            .map(|(k, v)| (k, v))
            .collect();
        if !map.is_empty() {
            metadata.insert(field.into(), json!(map));
        }
    }
    let mut names_object = Map::new();
    names_object.insert("kind".into(), first.kind.clone().into());
    names_object.insert("listKind".into(), format!("{}List", first.kind).into());
    names_object.insert("plural".into(), names.plural.clone().into());
    names_object.insert("singular".into(), names.singular.clone().into());
    if !names.short_names.is_empty() {
        names_object.insert("shortNames".into(), names.short_names.clone().into());
    }
    if !names.categories.is_empty() {
        names_object.insert("categories".into(), names.categories.clone().into());
    }
    let object = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": metadata,
        "spec": {
            "group": first.group,
            "names": names_object,
            "scope": names.scope,
            "versions": version_objects,
        }
    });
    Ok(Crd {
        file_name: format!("{}_{}.yaml", first.group, names.plural),
        text: with_header(header, yaml::document(&object)),
        name,
        object,
    })
}

/// A version's entry in `spec.versions`.
fn version_object<P>(kind: &KindVersion<P>, schema: Schema, storage: bool) -> Value {
    let m = &kind.markers;
    let mut v = Map::new();
    v.insert("name".into(), kind.version.clone().into());
    v.insert("served".into(), (!m.unserved).into());
    v.insert("storage".into(), storage.into());
    v.insert(
        "schema".into(),
        json!({ "openAPIV3Schema": schema.to_json() }),
    );
    if !m.subresources.is_empty() || m.subresources_always {
        v.insert("subresources".into(), m.subresources.clone().into());
    }
    if !m.printer_columns.is_empty() {
        v.insert(
            "additionalPrinterColumns".into(),
            m.printer_columns.clone().into(),
        );
    }
    if !m.selectable_fields.is_empty() {
        v.insert(
            "selectableFields".into(),
            m.selectable_fields.clone().into(),
        );
    }
    if let Some(warning) = &m.deprecated {
        v.insert("deprecated".into(), true.into());
        if let Some(w) = warning {
            v.insert("deprecationWarning".into(), w.clone().into());
        }
    }
    Value::Object(v)
}

/// The document after the header, which ends with a line break.
fn with_header(header: Option<&str>, document: String) -> String {
    match header.filter(|h| !h.is_empty()) {
        Some(h) if h.ends_with('\n') => format!("{h}{document}"),
        Some(h) => format!("{h}\n{document}"),
        None => document,
    }
}

/// The names and scope of a CRD, which all its versions must agree on.
struct Names {
    plural: String,
    singular: String,
    short_names: Vec<String>,
    categories: Vec<String>,
    scope: String,
}

fn names<P: Clone + Display>(versions: &[KindVersion<P>], errors: &mut Vec<Located<P>>) -> Names {
    let first = &versions[0];
    let of = |k: &KindVersion<P>| Names {
        plural: k.markers.plural.clone().unwrap_or_else(|| plural(&k.kind)),
        singular: k
            .markers
            .singular
            .clone()
            .unwrap_or_else(|| k.kind.to_lowercase()),
        short_names: k.markers.short_names.clone(),
        categories: k.markers.categories.clone(),
        scope: k
            .markers
            .scope
            .clone()
            .unwrap_or_else(|| "Namespaced".into()),
    };
    let at = |k: &KindVersion<P>, message: String| Located {
        at: k.at.clone(),
        problem: Problem::new(message),
    };
    // A version whose markers say nothing of names or scope agrees with the others, as
    // controller-gen applies each version's `+kubebuilder:resource` to the one CRD (Gateway API's
    // v1alpha3 BackendTLSPolicy, declared over v1's, has none).
    let says = |k: &KindVersion<P>| {
        let m = &k.markers;
        m.plural.is_some()
            || m.singular.is_some()
            || m.scope.is_some()
            || !m.short_names.is_empty()
            || !m.categories.is_empty()
    };
    let first = versions.iter().find(|k| says(k)).unwrap_or(first);
    let names = of(first);
    for other in versions.iter().filter(|k| says(k)) {
        if std::ptr::eq(other, first) {
            continue;
        }
        let o = of(other);
        let same = o.plural == names.plural
            && o.singular == names.singular
            && o.short_names == names.short_names
            && o.categories == names.categories
            && o.scope == names.scope;
        if !same {
            errors.push(at(
                other,
                format!(
                    "{} {} of {} is named or scoped differently from version {} ({}): all versions of a CRD share names and scope",
                    other.kind, other.version, other.group, first.version, first.at
                ),
            ));
        }
    }
    for (what, value) in [("plural", &names.plural), ("singular", &names.singular)] {
        let valid = !value.is_empty()
            && value
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid {
            errors.push(at(
                first,
                format!(
                    "{what} name {value:?} of {}: must be lower case letters, digits and '-'",
                    first.kind
                ),
            ));
        }
    }
    // An empty group was allowed for controller-gen, with a warning.
    if !first.group.contains('.') && !first.group.is_empty() {
        errors.push(at(
            first,
            format!(
                "group {:?} of {}: a CRD's group must be a domain with at least one dot",
                first.group, first.kind
            ),
        ));
    }
    names
}

/// The storage version: the only one, or the one marked `+kubebuilder:storageversion`.
fn storage_version<P: Clone>(
    served: &[&KindVersion<P>],
    errors: &mut Vec<Located<P>>,
) -> Option<String> {
    let marked: Vec<&&KindVersion<P>> = served.iter().filter(|k| k.markers.storage).collect();
    match (served, marked.as_slice()) {
        ([], _) => None,
        ([only], _) => Some(only.version.clone()),
        (_, [one]) => Some(one.version.clone()),
        (all, []) => {
            errors.push(Located {
                at: all[0].at.clone(),
                problem: Problem::new(format!(
                    "{} has versions {} and none is marked +kubebuilder:storageversion",
                    all[0].kind,
                    all.iter()
                        .map(|k| k.version.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            });
            None
        }
        (_, many) => {
            errors.push(Located {
                at: many[1].at.clone(),
                problem: Problem::new(format!(
                    "{} is marked +kubebuilder:storageversion in more than one version",
                    many[0].kind
                )),
            });
            None
        }
    }
}
