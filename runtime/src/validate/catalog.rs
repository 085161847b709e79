//! Where the schemas of kinds come from: OpenAPI v3 documents (kinds found through
//! `x-kubernetes-group-version-kind`, as an apiserver publishes them) and CustomResourceDefinitions.
//! A kind's validator is compiled the first time an object of that kind is validated.

use super::{FieldValidation, Validator};
use crate::schema::Schema;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Group, version and kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gvk {
    pub group: String,
    pub version: String,
    pub kind: String,
}

impl Gvk {
    /// From an object's `apiVersion` (`apps/v1`, or `v1` for the core group) and `kind`.
    pub fn of(api_version: &str, kind: &str) -> Gvk {
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        Gvk {
            group: group.to_string(),
            version: version.to_string(),
            kind: kind.to_string(),
        }
    }

    /// The kinds a [`GVK_EXTENSION`] value lists (none when there is none).
    pub fn listed(extension: Option<&Value>) -> Vec<Gvk> {
        let Some(Value::Array(gvks)) = extension else {
            return Vec::new();
        };
        gvks.iter()
            .map(|g| {
                let text = |k: &str| g.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                Gvk {
                    group: text("group"),
                    version: text("version"),
                    kind: text("kind"),
                }
            })
            .collect()
    }
}

/// The extension by which an OpenAPI definition names the kinds it is the schema of.
pub const GVK_EXTENSION: &str = "x-kubernetes-group-version-kind";

#[derive(Debug, Clone)]
enum Source {
    /// A component schema of the loaded OpenAPI documents.
    Definition(String),
    /// A CRD version's `openAPIV3Schema`.
    Crd(Arc<Schema>),
}

/// The schemas of the kinds kubeidl knows.
#[derive(Debug, Default)]
pub struct Catalog {
    /// Shared with the validators built so far; adding definitions after that copies them once.
    definitions: Arc<HashMap<String, Schema>>,
    kinds: HashMap<Gvk, Source>,
    field_validation: FieldValidation,
    /// The Kubernetes release whose rules built-in kinds follow where they differ by release
    /// (a Service's name); the newest when none was added.
    release: Option<&'static str>,
    validators: Mutex<HashMap<Gvk, Arc<Result<Validator, String>>>>,
}

impl Catalog {
    pub fn new() -> Catalog {
        Catalog::default()
    }

    /// What unknown fields do in the validators this catalog builds (strict by default).
    pub fn set_field_validation(&mut self, mode: FieldValidation) {
        self.field_validation = mode;
        self.validators.lock().expect("validator cache").clear();
    }

    /// Whether a kind has a schema.
    pub fn knows(&self, gvk: &Gvk) -> bool {
        self.kinds.contains_key(gvk)
    }

    /// How many kinds are known.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Adds the component schemas of an OpenAPI v3 document and the kinds they declare.
    pub fn add_openapi_document(&mut self, doc: &Value) -> Result<(), String> {
        let Some(schemas) = doc
            .pointer("/components/schemas")
            .and_then(Value::as_object)
        else {
            return Err("not an OpenAPI v3 document: no components.schemas".to_string());
        };
        for (name, json) in schemas {
            let schema = Schema::from_json(json)
                .map_err(|e| format!("components.schemas.{name}{}: {}", e.path, e.message))?;
            for gvk in Gvk::listed(json.get(GVK_EXTENSION)) {
                self.kinds
                    .entry(gvk)
                    .or_insert_with(|| Source::Definition(name.clone()));
            }
            Arc::make_mut(&mut self.definitions)
                .entry(name.clone())
                .or_insert(schema);
        }
        Ok(())
    }

    /// Adds the built-in kinds of a Kubernetes release ([`crate::kube::release`]), whose rules
    /// (such as which names a kind takes) the built-in kinds then follow.
    pub fn add_release(&mut self, release: &crate::kube::Release) -> Result<(), String> {
        self.add_openapi_document(&release.document)?;
        self.release = Some(release.version);
        self.validators.lock().expect("validator cache").clear();
        Ok(())
    }

    /// The Kubernetes release added by [`Catalog::add_release`], if one was.
    pub fn release(&self) -> Option<&'static str> {
        self.release
    }

    /// Adds the served versions of a CustomResourceDefinition (apiextensions.k8s.io/v1).
    pub fn add_crd(&mut self, crd: &Value) -> Result<(), String> {
        let text = |p: &str| {
            crd.pointer(p)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        if text("/kind") != "CustomResourceDefinition" {
            return Err(format!(
                "kind is {:?}, not CustomResourceDefinition",
                text("/kind")
            ));
        }
        let group = text("/spec/group");
        let kind = text("/spec/names/kind");
        let Some(versions) = crd.pointer("/spec/versions").and_then(Value::as_array) else {
            return Err("spec.versions: missing".to_string());
        };
        for (i, v) in versions.iter().enumerate() {
            let version = v
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let Some(json) = v.pointer("/schema/openAPIV3Schema") else {
                return Err(format!(
                    "spec.versions[{i}].schema.openAPIV3Schema: missing"
                ));
            };
            let schema = Schema::from_json(json).map_err(|e| {
                format!(
                    "spec.versions[{i}].schema.openAPIV3Schema{}: {}",
                    e.path.trim_end_matches('/'),
                    e.message
                )
            })?;
            self.kinds.insert(
                Gvk {
                    group: group.clone(),
                    version,
                    kind: kind.clone(),
                },
                Source::Crd(Arc::new(schema)),
            );
        }
        Ok(())
    }

    /// The CEL declaration of a kind's objects, as admission type checking types `object`: a
    /// built-in kind's schema with its references resolved, a custom kind's as a resource root
    /// (of its metadata only `name` and `generateName`).
    pub fn declaration(&self, gvk: &Gvk) -> Option<crate::cel::decl::Decl> {
        use crate::cel::decl::{Decl, NoDefinitions};
        match self.kinds.get(gvk)? {
            Source::Definition(name) => {
                let defs: &HashMap<String, Schema> = &self.definitions;
                Some(Decl::from_schema(defs.get(name)?, defs))
            }
            Source::Crd(schema) => Some(Decl::for_resource_root(&**schema, &NoDefinitions)),
        }
    }

    /// The schema of a kind's objects, with the definitions its `$ref`s name (a CRD's schema is
    /// inline), when the catalog knows the kind.
    pub fn schema(&self, gvk: &Gvk) -> Option<(&Schema, &HashMap<String, Schema>)> {
        let root = match self.kinds.get(gvk)? {
            Source::Definition(name) => self.definitions.get(name)?,
            Source::Crd(schema) => schema,
        };
        Some((root, &self.definitions))
    }

    /// The kinds the catalog knows.
    pub fn kinds(&self) -> impl Iterator<Item = &Gvk> {
        self.kinds.keys()
    }

    /// The validator of a kind (compiled on first use), or why there is none.
    pub fn validator(&self, gvk: &Gvk) -> Arc<Result<Validator, String>> {
        if let Some(v) = self.validators.lock().expect("validator cache").get(gvk) {
            return v.clone();
        }
        let shared = self.definitions.clone();
        let built = match self.kinds.get(gvk) {
            None => Err(format!(
                "no schema for kind {} in version {}; pass --schemas or --crds that define it",
                gvk.kind,
                if gvk.group.is_empty() {
                    gvk.version.clone()
                } else {
                    format!("{}/{}", gvk.group, gvk.version)
                }
            )),
            Some(Source::Definition(name)) => {
                let root = shared
                    .get(name)
                    .cloned()
                    .expect("kinds point at loaded definitions");
                let release = self.release.unwrap_or(crate::kube::NEWEST);
                let names = crate::kube::name_rule(release, &gvk.group, &gvk.kind);
                let native = crate::kube::native_check_of(&root);
                Validator::for_built_in_kind(&root, shared.clone())
                    .map(|v| {
                        let v = v
                            .resource_named(names)
                            .field_validation(self.field_validation);
                        match native {
                            Some(check) => v.native_check(check, release),
                            None => v,
                        }
                    })
                    .map_err(describe)
            }
            Some(Source::Crd(schema)) => Validator::new(schema)
                .map(|v| v.resource(true).field_validation(self.field_validation))
                .map_err(describe),
        };
        let built = Arc::new(built);
        self.validators
            .lock()
            .expect("validator cache")
            .insert(gvk.clone(), built.clone());
        built
    }
}

fn describe(errors: Vec<super::RuleCompileError>) -> String {
    errors
        .iter()
        .map(|e| {
            format!(
                "rule at {}: {}",
                if e.path.is_empty() { "<root>" } else { &e.path },
                e.error
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
