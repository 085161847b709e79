//! The two sides of a diff, read: an OpenAPI document (v3 `components.schemas`, or v2
//! `definitions`) or a stream of CustomResourceDefinitions, each as a [`Revision`] of named
//! definitions with the JSON pointer of each and the position of every node, so findings can
//! point into the file. A CRD version's `openAPIV3Schema` is the definition
//! `<group, dot-separated parts reversed>.<version>.<Kind>` (`com.example.widgets.v1.Widget`
//! for group `widgets.example.com`), the name openapi-gen would give the Go type. Revisions
//! generated from Go packages are made by the generator ([`Revision::generated`]) with a
//! [`SourceMap`] of the tags behind each node; [`read_crd_versions`] pairs the served versions
//! of one CRD file.

use super::findings::Site;
use super::sources::SourceMap;
use kubeidl::document::{pointer_token, read_documents, SourcePosition};
use kubeidl::schema::Schema;
use kubeidl::value::PositionTree;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// What a revision was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    OpenApi,
    Crd,
    /// Generated from Go packages: positions come from the source map.
    Go,
}

/// One definition of a revision.
#[derive(Debug, Clone)]
pub struct Definition {
    pub schema: Schema,
    /// The document of the stream it stands in.
    pub doc: usize,
    /// JSON pointer of the schema in that document.
    pub pointer: String,
}

/// One side of a diff.
#[derive(Debug, Clone)]
pub struct Revision {
    /// The file name findings name.
    pub file: String,
    pub form: Form,
    pub definitions: BTreeMap<String, Definition>,
    /// The position trees of the stream's documents.
    pub positions: std::sync::Arc<Vec<PositionTree>>,
    /// For generated revisions: the tag or declaration behind each node, which sites name
    /// instead of positions.
    pub sources: std::sync::Arc<SourceMap>,
    /// The CustomResourceDefinitions of a CRD file as read, one per document, for the
    /// comparison of the CRDs themselves (`crd_level/`); empty for OpenAPI documents, Go
    /// packages and the sides of a `--crd-versions` pair.
    pub crds: std::sync::Arc<Vec<Value>>,
}

/// Input that is not a revision, with where (1-based) when known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", .at.map(|p| format!("{}:{}: ", p.line, p.column)).unwrap_or_default())]
pub struct InputError {
    pub at: Option<SourcePosition>,
    pub message: String,
}

fn error(at: Option<SourcePosition>, message: impl Into<String>) -> InputError {
    InputError {
        at,
        message: message.into(),
    }
}

impl Revision {
    /// A revision with no definitions: the missing side of a file (a CRD or an OpenAPI
    /// document) that one directory of a pair has and the other does not.
    pub fn empty(file: &str, form: Form) -> Revision {
        Revision {
            file: file.to_string(),
            form,
            definitions: BTreeMap::new(),
            positions: std::sync::Arc::new(Vec::new()),
            sources: std::sync::Arc::new(SourceMap::new()),
            crds: std::sync::Arc::new(Vec::new()),
        }
    }

    /// A revision of definitions generated from source (Go packages), whose nodes `sources`
    /// places; each definition stands at `/components/schemas/<name>`, as in an OpenAPI
    /// document.
    pub fn generated(
        file: &str,
        definitions: BTreeMap<String, Schema>,
        sources: SourceMap,
    ) -> Revision {
        Revision {
            file: file.to_string(),
            form: Form::Go,
            definitions: definitions
                .into_iter()
                .map(|(name, schema)| {
                    let pointer = format!("/components/schemas/{}", pointer_token(&name));
                    (
                        name,
                        Definition {
                            schema,
                            doc: 0,
                            pointer,
                        },
                    )
                })
                .collect(),
            positions: std::sync::Arc::new(Vec::new()),
            sources: std::sync::Arc::new(sources),
            crds: std::sync::Arc::new(Vec::new()),
        }
    }

    /// The site of the node at `pointer` of document `doc`: for a generated revision, the tag
    /// or declaration its source map gives (`text` is then the tag as written); otherwise
    /// `text` at the node's position in the file.
    pub fn site(&self, doc: usize, pointer: &str, text: String) -> Site {
        if let Some(site) = self.sources.find(pointer) {
            return Site {
                pointer: pointer.to_string(),
                ..site.clone()
            };
        }
        let at = self.position(doc, pointer);
        Site {
            text,
            file: self.file.clone(),
            line: at.map(|p| p.line),
            column: at.map(|p| p.column),
            pointer: pointer.to_string(),
            ..Site::default()
        }
    }

    /// The 1-based line and column of the node at `pointer` in document `doc` (or of its nearest
    /// ancestor the reader placed).
    pub fn position(&self, doc: usize, pointer: &str) -> Option<SourcePosition> {
        self.positions.get(doc).map(|t| t.find(pointer))
    }

    /// The definition a `$ref` names.
    pub fn lookup(&self, reference: &str) -> Option<(&str, &Definition)> {
        let name = kubeidl::schema::definition_name(reference)?;
        self.definitions
            .get_key_value(name.as_ref())
            .map(|(k, d)| (k.as_str(), d))
    }

    /// `s` through its `$ref`s (and single-`$ref` `allOf` wrappers) into this revision's
    /// definitions.
    pub fn resolve<'s>(&'s self, s: &'s Schema) -> &'s Schema {
        kubeidl::schema::resolve(s, |r| self.lookup(r).map(|(_, d)| &d.schema))
    }

    /// The names of the definitions reachable from `roots` through references, roots included.
    pub(crate) fn reachable(&self, roots: Vec<String>) -> BTreeSet<String> {
        kubeidl::schema::ref_closure(|n| self.definitions.get(n).map(|d| &d.schema), roots)
    }

    /// The schemas of the definitions reachable from `roots`, by name: what a validator of a
    /// node compiles against (compiling against every definition costs a walk of each).
    pub(crate) fn schemas_reached(&self, roots: Vec<String>) -> HashMap<String, Schema> {
        self.reachable(roots)
            .into_iter()
            .filter_map(|n| Some((n.clone(), self.definitions.get(&n)?.schema.clone())))
            .collect()
    }
}

/// Reads a revision from a file's bytes (JSON or YAML).
pub fn read_revision(bytes: &[u8], file: &str) -> Result<Revision, InputError> {
    let mut docs = Vec::new();
    for doc in read_documents(bytes) {
        let doc = doc.map_err(|e| {
            error(
                e.position,
                format!("document {}: {}", e.index + 1, e.message),
            )
        })?;
        docs.push(doc);
    }
    let Some(first) = docs.first() else {
        return Err(error(
            Some(SourcePosition { line: 1, column: 1 }),
            "empty: neither an OpenAPI document nor a CustomResourceDefinition",
        ));
    };
    let mut revision = Revision {
        file: file.to_string(),
        form: Form::Crd,
        definitions: BTreeMap::new(),
        positions: std::sync::Arc::new(docs.iter().map(|d| d.positions.clone()).collect()),
        sources: std::sync::Arc::new(SourceMap::new()),
        crds: std::sync::Arc::new(Vec::new()),
    };
    let is_openapi = |v: &Value| {
        v.get("openapi").is_some()
            || v.get("swagger").is_some()
            || v.pointer("/components/schemas").is_some()
    };
    if is_openapi(&first.value) {
        if let Some(second) = docs.get(1) {
            return Err(error(
                Some(second.positions.at),
                "an OpenAPI document must be the only document of its file",
            ));
        }
        revision.form = Form::OpenApi;
        let (base, schemas) = match (
            first.value.pointer("/components/schemas"),
            first.value.get("definitions"),
        ) {
            (Some(s), _) => ("/components/schemas", s),
            (None, Some(d)) => ("/definitions", d),
            (None, None) => {
                return Err(error(
                    Some(first.positions.at),
                    "an OpenAPI document without components.schemas (or v2 definitions)",
                ))
            }
        };
        let Value::Object(schemas) = schemas else {
            return Err(error(
                Some(first.positions.find(base)),
                format!("{base}: expected an object of schemas"),
            ));
        };
        for (name, json) in schemas {
            let pointer = format!("{base}/{}", pointer_token(name));
            let schema = read_schema(json, &pointer, &first.positions)?;
            revision.definitions.insert(
                name.clone(),
                Definition {
                    schema,
                    doc: 0,
                    pointer,
                },
            );
        }
        return Ok(revision);
    }
    for (i, doc) in docs.iter().enumerate() {
        let kind = doc.value.get("kind").and_then(Value::as_str);
        if kind != Some("CustomResourceDefinition") {
            let what = match kind {
                Some(k) => format!("kind is {k:?}"),
                None => "no kind".to_string(),
            };
            let at = if kind.is_some() {
                doc.positions.find("/kind")
            } else {
                doc.positions.at
            };
            return Err(error(
                Some(at),
                format!(
                    "document {}: neither an OpenAPI document (no `openapi` or \
                     `components.schemas`) nor a CustomResourceDefinition ({what})",
                    i + 1
                ),
            ));
        }
        read_crd(&doc.value, i, &doc.positions, &mut revision)?;
    }
    revision.crds = std::sync::Arc::new(docs.into_iter().map(|d| d.value).collect());
    Ok(revision)
}

fn read_schema(
    json: &Value,
    pointer: &str,
    positions: &PositionTree,
) -> Result<Schema, InputError> {
    Schema::from_json(json).map_err(|e| {
        let at = if e.path == "/" {
            pointer.to_string()
        } else {
            format!("{pointer}{}", e.path)
        };
        error(Some(positions.find(&at)), format!("{at}: {}", e.message))
    })
}

/// `widgets.example.com`, `v1`, `Widget` to `com.example.widgets.v1.Widget`.
pub fn crd_definition_name(group: &str, version: &str, kind: &str) -> String {
    let reversed: Vec<&str> = group.split('.').rev().collect();
    format!("{}.{version}.{kind}", reversed.join("."))
}

fn read_crd(
    crd: &Value,
    doc: usize,
    positions: &PositionTree,
    revision: &mut Revision,
) -> Result<(), InputError> {
    let field = |pointer: &str| {
        crd.pointer(pointer).and_then(Value::as_str).ok_or_else(|| {
            error(
                Some(positions.find(pointer)),
                format!(
                    "document {}: CustomResourceDefinition without {}",
                    doc + 1,
                    pointer.trim_start_matches('/').replace('/', ".")
                ),
            )
        })
    };
    let group = field("/spec/group")?;
    let kind = field("/spec/names/kind")?;
    let Some(Value::Array(versions)) = crd.pointer("/spec/versions") else {
        return Err(error(
            Some(positions.find("/spec/versions")),
            format!(
                "document {}: CustomResourceDefinition without spec.versions",
                doc + 1
            ),
        ));
    };
    for (i, version) in versions.iter().enumerate() {
        let name = field(&format!("/spec/versions/{i}/name"))?;
        let pointer = format!("/spec/versions/{i}/schema/openAPIV3Schema");
        let Some(json) = version.pointer("/schema/openAPIV3Schema") else {
            // A version without a schema accepts anything: an empty schema says so.
            revision.definitions.insert(
                crd_definition_name(group, name, kind),
                Definition {
                    schema: Schema::default(),
                    doc,
                    pointer: format!("/spec/versions/{i}"),
                },
            );
            continue;
        };
        let schema = read_schema(json, &pointer, positions)?;
        revision.definitions.insert(
            crd_definition_name(group, name, kind),
            Definition {
                schema,
                doc,
                pointer,
            },
        );
    }
    Ok(())
}

/// Two served versions of one CRD, next to each other in Kubernetes' version order, as two
/// revisions holding one definition each, under one name that says both versions
/// (`com.example.widgets.v1beta1->v1.Widget`) so they are compared with each other.
#[derive(Debug, Clone)]
pub struct VersionPair {
    /// `<group>/<Kind>`.
    pub kind: String,
    pub from: String,
    pub to: String,
    pub old: Revision,
    pub new: Revision,
}

/// The served versions of each CRD of a file, compared pairwise in Kubernetes' version order
/// (v1alpha1, v1beta1, v1): one [`VersionPair`] per neighbouring pair, CRDs in file order.
pub fn read_crd_versions(bytes: &[u8], file: &str) -> Result<Vec<VersionPair>, InputError> {
    let revision = read_revision(bytes, file)?;
    if revision.form != Form::Crd {
        return Err(error(
            Some(SourcePosition { line: 1, column: 1 }),
            "an OpenAPI document, not CustomResourceDefinitions: --crd-versions compares the versions of a CRD",
        ));
    }
    let mut pairs = Vec::new();
    for doc in read_documents(bytes).into_iter().flatten() {
        let text = |p: &str| doc.value.pointer(p).and_then(Value::as_str);
        let (Some(group), Some(kind)) = (text("/spec/group"), text("/spec/names/kind")) else {
            continue;
        };
        let mut served: Vec<&str> = doc
            .value
            .pointer("/spec/versions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|v| v.get("served").and_then(Value::as_bool) != Some(false))
            .filter_map(|v| v.get("name").and_then(Value::as_str))
            .collect();
        served.sort_by_key(|v| super::version::version_order(v));
        for pair in served.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let name = crd_definition_name(group, &format!("{from}->{to}"), kind);
            // The revision with only this version's definition, renamed; positions shared.
            let side = |version: &str| Revision {
                file: revision.file.clone(),
                form: revision.form,
                definitions: revision
                    .definitions
                    .get(&crd_definition_name(group, version, kind))
                    .map(|d| (name.clone(), d.clone()))
                    .into_iter()
                    .collect(),
                positions: std::sync::Arc::clone(&revision.positions),
                sources: std::sync::Arc::clone(&revision.sources),
                // One CRD's versions against each other: the CRD itself is not compared.
                crds: std::sync::Arc::new(Vec::new()),
            };
            pairs.push(VersionPair {
                kind: format!("{group}/{kind}"),
                from: from.to_string(),
                to: to.to_string(),
                old: side(from),
                new: side(to),
            });
        }
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn served_versions_are_paired() {
        let crd = b"kind: CustomResourceDefinition\nspec:\n  group: w.example.com\n  names: {kind: W}\n  versions:\n  - name: v1\n    served: true\n    schema: {openAPIV3Schema: {type: object}}\n  - name: v1alpha1\n    served: false\n  - name: v1beta1\n    served: true\n    schema: {openAPIV3Schema: {type: string}}\n";
        let pairs = read_crd_versions(crd, "w.yaml").unwrap();
        assert_eq!(pairs.len(), 1);
        let p = &pairs[0];
        assert_eq!((p.from.as_str(), p.to.as_str()), ("v1beta1", "v1"));
        let name = "com.example.w.v1beta1->v1.W";
        assert_eq!(
            p.old.definitions[name].pointer,
            "/spec/versions/2/schema/openAPIV3Schema"
        );
        assert_eq!(
            p.new.definitions[name].pointer,
            "/spec/versions/0/schema/openAPIV3Schema"
        );
    }

    #[test]
    fn crd_versions_are_named_like_go_types() {
        assert_eq!(
            crd_definition_name("widgets.example.com", "v1", "Widget"),
            "com.example.widgets.v1.Widget"
        );
        let crd = b"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: widgets.example.com\n  names: {kind: Widget}\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        type: object\n";
        let r = read_revision(crd, "w.yaml").unwrap();
        let d = &r.definitions["com.example.widgets.v1.Widget"];
        assert_eq!(d.pointer, "/spec/versions/0/schema/openAPIV3Schema");
        let at = r.position(0, &format!("{}/type", d.pointer)).unwrap();
        assert_eq!((at.line, at.column), (10, 15));
    }

    #[test]
    fn errors_say_where() {
        let e = read_revision(b"a: 1\nkind: Pod\n", "p.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:7: document 1: neither an OpenAPI document (no `openapi` or `components.schemas`) \
             nor a CustomResourceDefinition (kind is \"Pod\")"
        );
        let e = read_revision(b"{\"openapi\": \"3.0.0\", \"components\": {\"schemas\": {\"A\": {\"maxLength\": -1}}}}", "a.json").unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:68: /components/schemas/A/maxLength: expected a non-negative integer"
        );
        assert!(read_revision(b"a: [", "x.yaml").unwrap_err().at.is_some());
    }
}
