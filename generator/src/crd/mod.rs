//! CustomResourceDefinitions from Go packages: the kinds of the packages (structs embedding
//! `TypeMeta` and `ObjectMeta`) generated as OpenAPI with validations, then made into one CRD
//! per group and kind (its versions from the packages of that group) by `kubeidl::crd`, which
//! the derive shares: schemas inlined and structural, `metadata` reduced, the apiserver's schema
//! and CEL cost checks, YAML. What is Go's stays here: finding kinds and their markers
//! (kinds.rs), the options controller-gen has, and every error at its Go position.

pub mod kinds;
pub mod size;

use crate::error::{Error, Result, SourcePos};
use crate::go::Loader;
use crate::openapi::{self, Origins, RuleOrigins};
use kinds::Kind;
use kubeidl::crd::schema::{prepare, version_schema};
use kubeidl::crd::{assemble, KindVersion, Located, Problem};
use kubeidl::errors::FieldPath;
use kubeidl::schema::{RuleSite, Schema};
use kubeidl::tags::lower::Counts;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub use kubeidl::crd::{Crd, LAST_APPLIED_LIMIT};

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
    /// With `controller_gen_compat`, the controller-gen release whose output to match (`None`:
    /// the newest, [`crate::controller_gen::NEWEST`]).
    pub controller_gen_release: Option<&'static crate::controller_gen::Release>,
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
    /// Trim schema descriptions until each CRD's [`size::applied_size`] is at most this many
    /// bytes ([`size::fit`]); a CRD that does not fit even without them is an error.
    pub max_size: Option<usize>,
}

/// The CRDs of a run and what the user should hear about.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Sorted by name.
    pub crds: Vec<Crd>,
    pub warnings: Vec<String>,
    /// For each CRD whose descriptions `max_size` trimmed, its name and what was trimmed.
    pub trimmed: Vec<(String, size::Trimmed)>,
    /// The Go files read.
    pub files: Vec<PathBuf>,
    pub tags: Counts,
}

/// k8s.io/apimachinery's ObjectMeta.
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

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

/// Generates the CRDs of the kinds in the named packages (import paths, directories, or
/// `PATH/...` patterns).
pub fn generate(loader: &Loader, package_args: &[String], options: &Options) -> Result<Generated> {
    let mut warnings = Vec::new();
    let paths: Vec<String> = loader
        .expand_patterns_warning(package_args, &mut warnings)?
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let packages = loader.packages(&paths)?;
    for pkg in &packages {
        for (pos, text) in &pkg.ignored_markers {
            warnings.push(format!(
                "{pos}: {text} is in a /* */ comment, where controller-gen reads no markers; left out"
            ));
        }
    }
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
            controller_gen_release: options.controller_gen_release,
            refuse_floats: options.controller_gen_compat && !options.allow_dangerous_types,
            ignore_unexported_fields: options.ignore_unexported_fields,
            cel_libraries: Default::default(),
        },
    )?;
    let mut definitions = generated.document.schemas;
    let roots: Vec<String> = kinds.iter().map(kind_definition).collect();
    prepare(
        &mut definitions,
        &roots,
        options.generate_embedded_object_meta || !options.controller_gen_compat,
    );
    if options.controller_gen_compat {
        for name in CONTROLLER_GEN_KNOWN {
            if let Some(schema) = definitions.get_mut(*name) {
                schema.description = None;
            }
        }
        if options.generate_embedded_object_meta {
            // controller-gen's `generateEmbeddedObjectMeta` gives k8s.io/apimachinery's ObjectMeta
            // a fixed schema (crd/known_types.go): five properties, bare types, no descriptions.
            if let Some(meta) = definitions.get_mut(OBJECT_META) {
                let fixed = serde_json::json!({
                    "name": {"type": "string"},
                    "namespace": {"type": "string"},
                    "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "finalizers": {"type": "array", "items": {"type": "string"}},
                });
                let fixed =
                    Schema::from_json(&serde_json::json!({"type": "object", "properties": fixed}))
                        .expect("a valid schema");
                meta.properties = fixed.properties;
            }
        }
    }
    let mut by_crd: BTreeMap<(String, String), Vec<&Kind>> = BTreeMap::new();
    for kind in &kinds {
        by_crd
            .entry((kind.group.clone(), kind.name.clone()))
            .or_default()
            .push(kind);
    }
    let mut crds = Vec::new();
    let mut trimmed = Vec::new();
    let mut errors = Vec::new();
    warnings.extend(generated.warnings);
    for versions in by_crd.values() {
        let mut crd = match crd(versions, &definitions, &generated.origins, options) {
            Ok(crd) => crd,
            Err(mut e) => {
                errors.append(&mut e);
                continue;
            }
        };
        if let Some(max) = options.max_size {
            // controller-gen's descriptions keep the comment's line breaks.
            match size::fit(&mut crd.object, max, options.controller_gen_compat) {
                Ok(t) if t.cut + t.removed == 0 => {}
                Ok(t) => {
                    crd.text = with_header(
                        options.header.as_deref(),
                        kubeidl::crd::yaml::document(&crd.object),
                    );
                    trimmed.push((crd.name.clone(), t));
                }
                Err(reached) => {
                    errors.push(Error::new(format!(
                        "{}: {reached} bytes with every schema description removed, more than --max-size {max}; no file written for it",
                        crd.name
                    )));
                    continue;
                }
            }
        }
        let applied = size::applied_size(&crd.object);
        if applied > LAST_APPLIED_LIMIT {
            warnings.push(format!(
                "{}: {applied} bytes as a client-side `kubectl apply` records it, more than the {LAST_APPLIED_LIMIT} it can (the apiserver refuses the annotation); trim descriptions with --max-size {LAST_APPLIED_LIMIT}, or apply it server-side (`kubectl apply --server-side`)",
                crd.name
            ));
        }
        crds.push(crd);
    }
    if !errors.is_empty() {
        return Err(Error::many(errors));
    }
    crds.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Generated {
        crds,
        warnings,
        trimmed,
        files: generated.files,
        tags: generated.tags,
    })
}

fn kind_definition(kind: &Kind) -> String {
    crate::openapi::definition_name(&kind.package, &kind.name)
}

/// The CRD of one group and kind, from the kind's version in each package.
fn crd(
    versions: &[&Kind],
    definitions: &BTreeMap<String, Schema>,
    origins: &RuleOrigins,
    options: &Options,
) -> std::result::Result<Crd, Vec<Error>> {
    let found: Vec<KindVersion<SourcePos>> = versions
        .iter()
        .map(|k| KindVersion {
            kind: k.name.clone(),
            group: k.group.clone(),
            version: k.version.clone(),
            markers: k.markers.clone(),
            at: k.pos.clone(),
        })
        .collect();
    let schema = |found: &KindVersion<SourcePos>, base: &FieldPath| {
        let kind = versions
            .iter()
            .find(|k| k.version == found.version)
            .expect("each version is a kind's");
        let mut schema = version(kind, definitions, origins, base)?;
        if let Some(max) = options.max_description_len {
            shorten_descriptions(&mut schema, max);
        }
        if options.controller_gen_compat {
            sort_required(&mut schema);
        }
        Ok(schema)
    };
    assemble(&found, schema, options.header.as_deref()).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| Error::at(&e.at, e.problem.message))
            .collect()
    })
}

/// The document after the header, which ends with a line break (as `kubeidl::crd::assemble`
/// writes it).
fn with_header(header: Option<&str>, document: String) -> String {
    match header.filter(|h| !h.is_empty()) {
        Some(h) if h.ends_with('\n') => format!("{h}{document}"),
        Some(h) => format!("{h}\n{document}"),
        None => document,
    }
}

/// The structural schema of one version, its problems placed at the Go tag that wrote the rule
/// they concern, else at the kind.
fn version(
    kind: &Kind,
    definitions: &BTreeMap<String, Schema>,
    origins: &RuleOrigins,
    base: &FieldPath,
) -> std::result::Result<Schema, Vec<Located<SourcePos>>> {
    let at_kind = |problem: Problem| Located {
        at: kind.pos.clone(),
        problem,
    };
    let structural = version_schema(
        &kind_definition(kind),
        definitions,
        base,
        (&kind.name, &kind.version),
    )
    .map_err(|e| vec![at_kind(Problem::new(e))])?;
    if structural.problems.is_empty() {
        return Ok(structural.schema);
    }
    Err(structural
        .problems
        .into_iter()
        .map(|problem| Located {
            at: problem.rule.as_ref().map_or_else(
                || kind.pos.clone(),
                |r| rule_position(&structural.sites, origins, &r.node, &r.rule, &kind.pos),
            ),
            problem,
        })
        .collect())
}

/// Where the rule `rule` on `node` was written: the Go tag, else its definition, else `fallback`.
fn rule_position(
    sites: &[(RuleSite, String)],
    origins: &RuleOrigins,
    node: &str,
    rule: &str,
    fallback: &SourcePos,
) -> SourcePos {
    sites
        .iter()
        .find(|(site, _)| site.node == node && site.rule == rule)
        .and_then(|(site, written)| {
            origins
                .of_rule(&site.definition, written)
                .map(|(pos, _)| pos)
                .or_else(|| origins.of_definition(&site.definition))
        })
        .unwrap_or_else(|| fallback.clone())
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
