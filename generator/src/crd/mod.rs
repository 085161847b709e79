//! CustomResourceDefinitions from Go packages: the kinds of the packages (structs embedding
//! `TypeMeta` and `ObjectMeta`) generated as OpenAPI with validations, each kind's definition
//! inlined into a structural schema, `metadata` reduced to what a CRD may say of it, the
//! apiserver's schema and CEL cost checks made at build time, and one CRD per group and kind
//! (its versions from the packages of that group), written as YAML.

mod cost;
pub mod kinds;
mod yaml;

use crate::error::{Error, Result};
use crate::go::Loader;
use crate::openapi::{self, RuleOrigins};
use kinds::Kind;
use kubeidl::cel::rebase::rebase_self;
use kubeidl::errors::FieldPath;
use kubeidl::schema::{crd_schema_errors, definition_name, inline, node_name, RuleSite, Schema};
use kubeidl::tags::lower::Counts;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How CRDs are generated.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Report bad validation tags as warnings instead of failing.
    pub lenient: bool,
    /// Cut every schema description to at most this many bytes (0 drops them), as
    /// controller-gen's `crd:maxDescLen`: back to the last sentence end, else to the last
    /// space followed by `...`.
    pub max_description_len: Option<usize>,
    /// Do what controller-gen does where kubeidl deliberately differs: descriptions keep their
    /// line breaks and drop `TODO` lines, `required` lists are sorted, unknown markers are
    /// warnings (controller-gen ignores them), only `+k8s:enum` makes an enum, `+default=ref(..)`
    /// is left out, `int` and floats have no format, a type's documentation shows where it is
    /// used, and an ObjectMeta below the root is a bare object.
    pub controller_gen_compat: bool,
    /// With `controller_gen_compat`, accept float members (`type: number`), as controller-gen's
    /// `crd:allowDangerousTypes`; controller-gen refuses them otherwise. kubeidl accepts them.
    pub allow_dangerous_types: bool,
    /// Say nothing of unexported fields (they are left out either way), as controller-gen's
    /// `crd:ignoreUnexportedFields`.
    pub ignore_unexported_fields: bool,
    /// Give an `ObjectMeta` below the root (pod templates and the like) the properties a CRD
    /// may declare of it (name, namespace, labels, annotations, finalizers). On unless
    /// `controller_gen_compat`, where controller-gen's `crd:generateEmbeddedObjectMeta` turns
    /// it on.
    pub generate_embedded_object_meta: bool,
    /// Text written before each CRD (a license header), as controller-gen's `crd:headerFile`.
    pub header: Option<String>,
}

/// The size of the annotation `kubectl apply` (client side) keeps of an object; a bigger CRD
/// needs server-side apply.
pub const LAST_APPLIED_LIMIT: usize = 262_144;

/// One generated CRD.
#[derive(Debug, Clone)]
pub struct Crd {
    /// `<plural>.<group>`.
    pub name: String,
    /// `<group>_<plural>.yaml`, as controller-gen names it.
    pub file_name: String,
    pub object: Value,
    /// The YAML document.
    pub text: String,
}

/// The CRDs of a run and what the user should hear about.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Sorted by name.
    pub crds: Vec<Crd>,
    pub warnings: Vec<String>,
    /// The Go files read.
    pub files: Vec<PathBuf>,
    pub tags: Counts,
}

/// The properties a CRD keeps of an `ObjectMeta` below the root (pod templates and the like);
/// the apiserver does not validate them there, and pruning keeps only what is declared.
const EMBEDDED_METADATA: &[&str] = &["name", "namespace", "labels", "annotations", "finalizers"];

/// The types controller-gen writes its own schema for, with no description.
const CONTROLLER_GEN_KNOWN: &[&str] = &[
    "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
    "io.k8s.apimachinery.pkg.apis.meta.v1.Time",
    "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime",
    "io.k8s.apimachinery.pkg.apis.meta.v1.Duration",
    "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
    "io.k8s.apimachinery.pkg.api.resource.Quantity",
    "io.k8s.apimachinery.pkg.runtime.RawExtension",
    "io.k8s.apimachinery.pkg.apis.meta.v1.unstructured.Unstructured",
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
    "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON",
    "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.JSON",
];

/// Definitions a CRD must not prune: free-form objects.
const FREE_FORM: &[&str] = &[
    "io.k8s.apimachinery.pkg.runtime.RawExtension",
    "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
];

/// Generates the CRDs of the kinds in the named packages (import paths, directories, or
/// `PATH/...` patterns).
pub fn generate(loader: &Loader, package_args: &[String], options: &Options) -> Result<Generated> {
    let paths: Vec<String> = loader
        .expand_patterns(package_args)?
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let packages = loader.packages(&paths)?;
    let mut warnings = Vec::new();
    let kinds = kinds::find(&packages, options.controller_gen_compat, &mut warnings)
        .map_err(Error::many)?;
    if kinds.is_empty() {
        return Err(Error::new(format!(
            "no kinds in {}: a kind is a struct that embeds both TypeMeta and ObjectMeta",
            package_args.join(" ")
        )));
    }
    let roots: Vec<_> = kinds
        .iter()
        .map(|k| (k.package.clone(), k.name.clone()))
        .collect();
    let generated = openapi::generate_types(
        loader,
        packages,
        &roots,
        &openapi::Options {
            enums: true,
            validations: true,
            lenient: options.lenient,
            strict_cost: true,
            explicit_defaults_only: true,
            shadowed: false,
            controller_gen: options.controller_gen_compat,
            refuse_floats: options.controller_gen_compat && !options.allow_dangerous_types,
            ignore_unexported_fields: options.ignore_unexported_fields,
            cel_libraries: Default::default(),
        },
    )?;
    let mut definitions = generated.document.schemas;
    prepare(
        &mut definitions,
        &kinds,
        options.generate_embedded_object_meta || !options.controller_gen_compat,
        options.controller_gen_compat,
    );
    let mut by_crd: BTreeMap<(String, String), Vec<&Kind>> = BTreeMap::new();
    for kind in &kinds {
        by_crd
            .entry((kind.group.clone(), kind.name.clone()))
            .or_default()
            .push(kind);
    }
    let mut crds = Vec::new();
    let mut errors = Vec::new();
    warnings.extend(generated.warnings);
    for versions in by_crd.values() {
        match crd(versions, &definitions, &generated.origins, options) {
            Ok(crd) => {
                if crd.text.len() > LAST_APPLIED_LIMIT {
                    warnings.push(format!(
                        "{}: {} bytes, more than the {LAST_APPLIED_LIMIT} a client-side `kubectl apply` can record; apply it server-side, or shorten descriptions with --max-desc-len",
                        crd.file_name,
                        crd.text.len()
                    ));
                }
                crds.push(crd)
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if !errors.is_empty() {
        return Err(Error::many(errors));
    }
    crds.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Generated {
        crds,
        warnings,
        files: generated.files,
        tags: generated.tags,
    })
}

fn kind_definition(kind: &Kind) -> String {
    crate::openapi::definition_name(&kind.package, &kind.name)
}

/// Rewrites the definitions a CRD sees differently from OpenAPI: `ObjectMeta` keeps only the
/// properties a CRD may declare below the root (none unless `embedded_meta`), free-form objects
/// keep unknown fields, and for controller-gen the types it knows have no description.
fn prepare(
    definitions: &mut BTreeMap<String, Schema>,
    kinds: &[Kind],
    embedded_meta: bool,
    controller_gen: bool,
) {
    let mut object_metas = Vec::new();
    for kind in kinds {
        let Some(root) = definitions.get(&kind_definition(kind)) else {
            continue;
        };
        let Some(metadata) = root.properties.get("metadata") else {
            continue;
        };
        let reference = metadata
            .reference
            .as_deref()
            .or_else(|| metadata.all_of.first().and_then(|s| s.reference.as_deref()));
        if let Some(name) = reference.and_then(definition_name) {
            object_metas.push(name.into_owned());
        }
    }
    for name in object_metas {
        if let Some(meta) = definitions.get_mut(&name) {
            meta.properties
                .retain(|key, _| embedded_meta && EMBEDDED_METADATA.contains(&key.as_str()));
            meta.required.clear();
            meta.extensions.clear();
        }
    }
    if controller_gen {
        for name in CONTROLLER_GEN_KNOWN {
            if let Some(schema) = definitions.get_mut(*name) {
                schema.description = None;
            }
        }
    }
    for name in FREE_FORM {
        if let Some(schema) = definitions.get_mut(*name) {
            schema.extensions.insert(
                "x-kubernetes-preserve-unknown-fields".into(),
                Value::Bool(true),
            );
        }
    }
}

/// The CRD of one group and kind, from the kind's version in each package.
fn crd(
    versions: &[&Kind],
    definitions: &BTreeMap<String, Schema>,
    origins: &RuleOrigins,
    options: &Options,
) -> std::result::Result<Crd, Vec<Error>> {
    let first = versions[0];
    let mut errors = Vec::new();
    let names = names(versions, &mut errors);
    let served: Vec<&&Kind> = versions.iter().filter(|k| !k.markers.skip).collect();
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
        match version_schema(kind, definitions, origins, &base) {
            Ok(mut schema) => {
                if let Some(max) = options.max_description_len {
                    shorten_descriptions(&mut schema, max);
                }
                if options.controller_gen_compat {
                    sort_required(&mut schema);
                }
                let schema = schema.to_json();
                let m = &kind.markers;
                let mut v = Map::new();
                v.insert("name".into(), kind.version.clone().into());
                v.insert("served".into(), (!m.unserved).into());
                v.insert(
                    "storage".into(),
                    (storage.as_deref() == Some(kind.version.as_str())).into(),
                );
                v.insert("schema".into(), json!({ "openAPIV3Schema": schema }));
                if !m.subresources.is_empty() {
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
                version_objects.push(Value::Object(v));
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
    type Pairs = fn(&Kind) -> &Vec<(String, String)>;
    let fields: [(&str, Pairs); 2] = [
        ("annotations", |k| &k.markers.annotations),
        ("labels", |k| &k.markers.labels),
    ];
    for (field, pairs) in fields {
        let map: BTreeMap<&String, &String> = versions
            .iter()
            .flat_map(|k| pairs(k))
            .map(|(k, v)| (k, v))
            .collect();
        if !map.is_empty() {
            metadata.insert(field.into(), json!(map));
        }
    }
    let mut names_object = Map::new();
    names_object.insert("kind".into(), first.name.clone().into());
    names_object.insert("listKind".into(), format!("{}List", first.name).into());
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
        text: with_header(options.header.as_deref(), yaml::document(&object)),
        name,
        object,
    })
}

/// The document after the header, which ends with a line break.
fn with_header(header: Option<&str>, document: String) -> String {
    match header.filter(|h| !h.is_empty()) {
        Some(h) if h.ends_with('\n') => format!("{h}{document}"),
        Some(h) => format!("{h}\n{document}"),
        None => document,
    }
}

/// controller-gen writes every `required` list sorted.
fn sort_required(schema: &mut Schema) {
    schema.required.sort();
    schema.for_each_child_mut(sort_required);
}

/// Cuts the descriptions of a schema to `max` bytes, or drops them when `max` is 0.
fn shorten_descriptions(schema: &mut Schema, max: usize) {
    schema.description = schema
        .description
        .take()
        .filter(|_| max > 0)
        .map(|d| shorten(&d, max));
    schema.for_each_child_mut(|child| shorten_descriptions(child, max));
}

/// `text` cut to at most `max` bytes: at its last sentence end, else at its last space with
/// `...` appended (within the `max`).
fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let head = &text[..boundary(text, max)];
    if let Some(i) = head.rfind(['.', '!', '?', '\u{3002}']).filter(|i| *i > 0) {
        let end = i + head[i..].chars().next().map_or(1, char::len_utf8);
        return head[..end].to_string();
    }
    // Room for the "..." within `max`.
    let head = &text[..boundary(text, max.saturating_sub(3))];
    match head.rfind(char::is_whitespace).filter(|i| *i > 0) {
        Some(i) => format!("{}...", &head[..i]),
        None => format!("{head}..."),
    }
}

/// The largest char boundary of `text` at or below `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The names and scope of a CRD, which all its versions must agree on.
struct Names {
    plural: String,
    singular: String,
    short_names: Vec<String>,
    categories: Vec<String>,
    scope: String,
}

fn names(versions: &[&Kind], errors: &mut Vec<Error>) -> Names {
    let first = versions[0];
    let of = |k: &Kind| Names {
        plural: k
            .markers
            .plural
            .clone()
            .unwrap_or_else(|| kinds::plural(&k.name)),
        singular: k
            .markers
            .singular
            .clone()
            .unwrap_or_else(|| k.name.to_lowercase()),
        short_names: k.markers.short_names.clone(),
        categories: k.markers.categories.clone(),
        scope: k
            .markers
            .scope
            .clone()
            .unwrap_or_else(|| "Namespaced".into()),
    };
    let names = of(first);
    for other in &versions[1..] {
        let o = of(other);
        let same = o.plural == names.plural
            && o.singular == names.singular
            && o.short_names == names.short_names
            && o.categories == names.categories
            && o.scope == names.scope;
        if !same {
            errors.push(Error::at(
                &other.pos,
                format!(
                    "{} {} of {} is named or scoped differently from version {} ({}): all versions of a CRD share names and scope",
                    other.name, other.version, other.group, first.version, first.pos
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
            errors.push(Error::at(
                &first.pos,
                format!(
                    "{what} name {value:?} of {}: must be lower case letters, digits and '-'",
                    first.name
                ),
            ));
        }
    }
    // An empty group was allowed for controller-gen, with a warning.
    if !first.group.contains('.') && !first.group.is_empty() {
        errors.push(Error::at(
            &first.pos,
            format!(
                "group {:?} of {}: a CRD's group must be a domain with at least one dot",
                first.group, first.name
            ),
        ));
    }
    names
}

/// The storage version: the only one, or the one marked `+kubebuilder:storageversion`.
fn storage_version(served: &[&&Kind], errors: &mut Vec<Error>) -> Option<String> {
    let marked: Vec<&&&Kind> = served.iter().filter(|k| k.markers.storage).collect();
    match (served, marked.as_slice()) {
        ([], _) => None,
        ([only], _) => Some(only.version.clone()),
        (_, [one]) => Some(one.version.clone()),
        (all, []) => {
            errors.push(Error::at(
                &all[0].pos,
                format!(
                    "{} has versions {} and none is marked +kubebuilder:storageversion",
                    all[0].name,
                    all.iter()
                        .map(|k| k.version.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
            None
        }
        (_, many) => {
            errors.push(Error::at(
                &many[1].pos,
                format!(
                    "{} is marked +kubebuilder:storageversion in more than one version",
                    many[0].name
                ),
            ));
            None
        }
    }
}

/// The structural schema of one version, with `metadata` as a CRD's root may have it and the
/// apiserver's checks made.
fn version_schema(
    kind: &Kind,
    definitions: &BTreeMap<String, Schema>,
    origins: &RuleOrigins,
    base: &FieldPath,
) -> std::result::Result<Schema, Vec<Error>> {
    let definition = kind_definition(kind);
    let inlined = inline(&definition, definitions)
        .map_err(|e| vec![Error::at(&kind.pos, format!("{}: {e}", kind.name))])?;
    let mut schema = inlined.schema;
    let mut sites: Vec<(RuleSite, String)> = inlined
        .rules
        .into_iter()
        .map(|site| {
            let written = site.rule.clone();
            (site, written)
        })
        .collect();
    let mut errors = Vec::new();
    lift_metadata_rules(&mut schema, &mut sites)
        .unwrap_or_else(|e| errors.push(Error::at(&kind.pos, e)));
    for e in crd_schema_errors(&schema, base) {
        errors.push(Error::at(
            &kind.pos,
            format!("{} {}: {e}", kind.name, kind.version),
        ));
    }
    let sources = cost::RuleSources {
        sites,
        origins,
        fallback: kind.pos.clone(),
    };
    errors.extend(cost::check(&schema, base, &sources));
    if errors.is_empty() {
        Ok(schema)
    } else {
        Err(errors)
    }
}

/// A CRD's root `metadata` may say nothing but `type: object`; rules written on it (`+nameFormat`
/// on the embedded ObjectMeta) move to the root, reading `self.metadata` for `self`.
fn lift_metadata_rules(
    schema: &mut Schema,
    sites: &mut [(RuleSite, String)],
) -> std::result::Result<(), String> {
    let Some(metadata) = schema.properties.get_mut("metadata") else {
        return Ok(());
    };
    let rules = metadata
        .extensions
        .shift_remove("x-kubernetes-validations")
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default();
    *metadata = Schema::typed("object", "");
    let node = node_name(&FieldPath::root().child("properties").key("metadata"));
    let root = node_name(&FieldPath::root());
    let mut lifted = Vec::new();
    for mut rule in rules {
        let Some(object) = rule.as_object_mut() else {
            continue;
        };
        for key in ["rule", "messageExpression"] {
            if let Some(Value::String(text)) = object.get(key) {
                let moved = rebase_self(text, "metadata")
                    .map_err(|e| format!("moving the metadata rule {text:?} to the root: {e}"))?;
                if key == "rule" {
                    if let Some((site, _)) = sites
                        .iter_mut()
                        .find(|(s, _)| s.node == node && s.rule == *text)
                    {
                        site.node = root.clone();
                        site.rule = moved.clone();
                    }
                }
                object.insert(key.into(), moved.into());
            }
        }
        let field_path = object
            .get("fieldPath")
            .and_then(Value::as_str)
            .unwrap_or_default();
        object.insert("fieldPath".into(), format!(".metadata{field_path}").into());
        lifted.push(rule);
    }
    if !lifted.is_empty() {
        let root_rules = schema
            .extensions
            .entry("x-kubernetes-validations".to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = root_rules {
            list.extend(lifted);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{shorten, shorten_descriptions};
    use kubeidl::schema::Schema;
    use serde_json::json;

    #[test]
    fn descriptions_are_cut_at_a_sentence_end_or_a_space() {
        assert_eq!(shorten("One. Two three.", 12), "One.");
        assert_eq!(shorten("One two three", 10), "One...");
        assert_eq!(shorten("One two three", 11), "One two...");
        assert_eq!(shorten("Short.", 10), "Short.");
        assert_eq!(shorten("Überlänge", 6), "Üb...");
    }

    #[test]
    fn only_descriptions_are_touched_even_a_property_named_description() {
        let mut schema = Schema::from_json(&json!({"description": "Root. More.", "properties": {
            "description": {"type": "string", "description": "The text. Long."},
            "items": {"type": "array", "items": {"type": "string", "description": "An item. Yes."}}
        }}))
        .unwrap();
        shorten_descriptions(&mut schema, 0);
        assert_eq!(
            schema.to_json(),
            json!({"properties": {
                "description": {"type": "string"},
                "items": {"type": "array", "items": {"type": "string"}}
            }})
        );
    }
}
