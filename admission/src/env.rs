//! The CEL environment of admission policies: the variables every expression sees (`object`,
//! `oldObject`, `request`, `params` when the policy has a paramKind, `namespaceObject`,
//! `variables`, `authorizer` but in messageExpressions), their declared types, the return type each kind of expression must have, and
//! the values bound to them at evaluation: plain unstructured values, as the apiserver binds
//! them (no schema: list equality is positional, quantities are strings), except `request` and
//! `namespaceObject`, whose declared types hide what they do not declare.

use kubeidl::cel::decl::{Decl, DeclKind, FieldDecl, ListSemantics, NoDefinitions, ObjectDecl};
use kubeidl::cel::estimate::SizeEstimate;
use kubeidl::cel::library::{authz, mutation};
use kubeidl::cel::{CelType, CheckOptions, ExtraLibraries, ExtraLibrary, Program};
use kubeidl::schema::Schema;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};

/// What an expression is for, which decides the return type it must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// A validation or a matchCondition: `bool`.
    Condition,
    /// A messageExpression: `string`.
    Message,
    /// An audit annotation's valueExpression: `string` or `null_type`.
    AuditAnnotation,
    /// A variable: anything.
    Variable,
    /// A MutatingAdmissionPolicy's `applyConfiguration`: exactly `Object`, with the patch types.
    ApplyConfiguration,
    /// A MutatingAdmissionPolicy's `jsonPatch`: exactly `list(JSONPatch)`, with the patch types.
    JsonPatch,
}

/// The declarations one policy's (or one webhook's) expressions are compiled with.
#[derive(Debug, Clone)]
pub(crate) struct Environment {
    has_params: bool,
    /// Whether `variables` is declared: for policies, not for webhooks' matchConditions.
    has_variables: bool,
    /// The type of `object` and `oldObject`: `dyn` at run time, a kind's schema when
    /// type checking.
    object: CelType,
    /// The type of `params`.
    params: CelType,
    /// Whether `authorizer.requestResource` is declared (the apiserver's type checking does not
    /// declare it).
    request_resource: bool,
    /// The policy's variables declared so far, as the fields of `variables`.
    variables: Arc<ObjectDecl>,
}

impl Environment {
    /// A policy's, with `params` when it has a paramKind.
    pub fn new(has_params: bool) -> Environment {
        Environment {
            has_params,
            has_variables: true,
            object: CelType::Dyn,
            params: CelType::Dyn,
            request_resource: true,
            variables: Arc::new(ObjectDecl {
                fields: Vec::new(),
                required: Vec::new(),
            }),
        }
    }

    /// A webhook's matchConditions': no `params`, no `variables`.
    pub fn webhook() -> Environment {
        Environment::without_variables(false)
    }

    /// What API validation compiles a policy's matchConditions in: no `variables`.
    pub fn without_variables(has_params: bool) -> Environment {
        Environment {
            has_variables: false,
            ..Environment::new(has_params)
        }
    }

    /// A policy's for type checking against schemas: `object` and `oldObject` of `object`'s
    /// type, `params` declared (of its type) only when the paramKind's schema is known.
    pub fn typed(object: CelType, params: Option<CelType>) -> Environment {
        Environment {
            object,
            has_params: params.is_some(),
            params: params.unwrap_or(CelType::Dyn),
            request_resource: false,
            ..Environment::new(false)
        }
    }

    /// Whether `variables` is declared.
    pub fn has_variables(&self) -> bool {
        self.has_variables
    }

    /// Whether `params` is declared.
    pub fn has_params(&self) -> bool {
        self.has_params
    }

    /// The declaration of `variables`, with every variable declared so far.
    pub fn variables(&self) -> &Arc<ObjectDecl> {
        &self.variables
    }

    /// Declares the next variable, of the type its expression gave.
    pub fn declare_variable(&mut self, name: &str, output: &CelType) {
        let mut decl = (*self.variables).clone();
        decl.fields.push(FieldDecl {
            cel_name: name.to_string(),
            json_name: name.to_string(),
            decl: decl_of(output),
        });
        self.variables = Arc::new(decl);
    }

    /// The names and types in slot order: `object`, `oldObject`, `request`, `params` (only
    /// when the policy has params), `namespaceObject`, `variables` (only for policies),
    /// `authorizer` and `authorizer.requestResource` (under names no expression can write
    /// when `authorizer` is not declared, so that the slots stay where they are).
    fn declarations(&self, authorizer: bool) -> Vec<(&'static str, CelType)> {
        let mut out = vec![
            ("object", self.object.clone()),
            ("oldObject", self.object.clone()),
            ("request", CelType::Object(request_decl().clone())),
        ];
        if self.has_params {
            out.push(("params", self.params.clone()));
        }
        out.push(("namespaceObject", CelType::Object(namespace_decl().clone())));
        if self.has_variables {
            out.push(("variables", CelType::Object(self.variables.clone())));
        }
        let (name, resource) = match authorizer {
            true => ("authorizer", "authorizer.requestResource"),
            false => (" authorizer", " authorizer.requestResource"),
        };
        out.push((name, CelType::Opaque(authz::AUTHORIZER)));
        if self.request_resource {
            out.push((resource, CelType::Opaque(authz::RESOURCE_CHECK)));
        }
        out
    }

    /// Type-checks `source` as the apiserver's policy type checking does (any result type,
    /// `authorizer` declared): its type, or cel-go's issues (`ERROR: <input>:1:8: ...`).
    pub fn check(&self, source: &str) -> Result<CelType, String> {
        self.check_for(source, Purpose::Variable)
    }

    /// [`Environment::check`] for an expression of `purpose` (a mutation's sees the patch
    /// types).
    pub fn check_for(&self, source: &str, purpose: Purpose) -> Result<CelType, String> {
        Program::compile_checked(source, &self.declarations(true), options(purpose))
            .map(|p| p.result_type().clone())
            .map_err(|e| e.to_string())
    }

    /// The worst-case cost of `source` (compiled as [`Environment::check`] compiles it), from
    /// the sizes the declared types allow; `None` when it does not compile.
    pub fn estimate(&self, source: &str) -> Option<u64> {
        let declarations = self.declarations(true);
        let program = Program::compile_typed(source, &declarations).ok()?;
        let sizes: Vec<Option<SizeEstimate>> = declarations
            .iter()
            .map(|(_, t)| match t {
                CelType::Object(o) => Some(SizeEstimate::of_decl(&Decl {
                    kind: DeclKind::Object(o.clone()),
                    nullable: false,
                    correlatable: false,
                    max_size: None,
                    max_enum_len: None,
                })),
                _ => None,
            })
            .collect();
        Some(program.estimate_cost(&sizes).max)
    }

    /// Compiles `source` for `purpose`: the program, or the text evaluation reports in its
    /// place (`compilation failed: ERROR: ...`, `must evaluate to bool but got string`).
    pub fn compile(&self, source: &str, purpose: Purpose) -> Result<Program, String> {
        // messageExpressions cannot ask the authorizer.
        let authorizer = purpose != Purpose::Message;
        let program =
            Program::compile_checked(source, &self.declarations(authorizer), options(purpose))
                .map_err(|e| format!("compilation failed: {e}"))?;
        let output = program.result_type();
        let object = || CelType::Struct(mutation::OBJECT.into());
        let patches = || CelType::List(Box::new(CelType::Struct(mutation::JSON_PATCH.into())));
        let allowed: &[CelType] = match purpose {
            Purpose::Condition => &[CelType::Bool],
            Purpose::Message => &[CelType::String],
            Purpose::AuditAnnotation => &[CelType::String, CelType::Null],
            Purpose::Variable => return Ok(program),
            Purpose::ApplyConfiguration => &[object()],
            Purpose::JsonPatch => &[patches()],
        };
        if allowed.contains(output) {
            return Ok(program);
        }
        Err(match allowed {
            [one] => format!("must evaluate to {one} but got {output}"),
            many => {
                let names: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!(
                    "must evaluate to one of [{}] but got {output}",
                    names.join(" ")
                )
            }
        })
    }
}

/// The checker's options for an expression of `purpose`: the patch types are declared for
/// mutations only.
fn options(purpose: Purpose) -> CheckOptions {
    let patch_types = matches!(purpose, Purpose::ApplyConfiguration | Purpose::JsonPatch);
    CheckOptions {
        libraries: match patch_types {
            true => ExtraLibraries::NONE.with(ExtraLibrary::Mutation),
            false => ExtraLibraries::NONE,
        },
        ..CheckOptions::default()
    }
}

/// A variable's declaration from its expression's type (`dyn` for what a schema node cannot say).
fn decl_of(t: &CelType) -> Decl {
    let kind = match t {
        CelType::Bool => DeclKind::Bool,
        CelType::Int => DeclKind::Int,
        CelType::Double => DeclKind::Double,
        CelType::String => DeclKind::String,
        CelType::Bytes => DeclKind::Bytes,
        CelType::Duration => DeclKind::Duration,
        CelType::Timestamp => DeclKind::Timestamp { date_only: false },
        CelType::Object(o) => DeclKind::Object(o.clone()),
        CelType::List(item) => DeclKind::List {
            item: Box::new(decl_of(item)),
            semantics: ListSemantics::Atomic,
        },
        CelType::Map(k, v) if **k == CelType::String => DeclKind::Map(Box::new(decl_of(v))),
        _ => DeclKind::Any,
    };
    Decl {
        kind,
        nullable: true,
        correlatable: false,
        max_size: None,
        max_enum_len: None,
    }
}

/// An object type the apiserver declares field by field (not from a schema): its fields keep
/// their names as written, so `request.namespace` selects `namespace` where a schema's property
/// of that name would be `__namespace__`.
fn object_decl(schema: Value) -> Arc<ObjectDecl> {
    fn literal_names(decl: &mut Decl) {
        match &mut decl.kind {
            DeclKind::Object(o) => {
                for field in &mut Arc::make_mut(o).fields {
                    field.cel_name.clone_from(&field.json_name);
                    literal_names(&mut field.decl);
                }
            }
            DeclKind::Map(value) | DeclKind::List { item: value, .. } => literal_names(value),
            _ => {}
        }
    }
    let schema = Schema::from_json(&schema).expect("a schema written here");
    let mut decl = Decl::from_schema(&schema, &NoDefinitions);
    literal_names(&mut decl);
    match decl.kind {
        DeclKind::Object(o) => o,
        _ => unreachable!("an object schema declares an object"),
    }
}

fn object(properties: Value) -> Value {
    json!({"type": "object", "properties": properties})
}

fn strings() -> Value {
    json!({"type": "array", "items": {"type": "string"}})
}

/// `kubernetes.AdmissionRequest`.
pub(crate) fn request_decl() -> &'static Arc<ObjectDecl> {
    static DECL: OnceLock<Arc<ObjectDecl>> = OnceLock::new();
    DECL.get_or_init(|| {
        let s = json!({"type": "string"});
        let gvk = object(json!({"group": s, "version": s, "kind": s}));
        let gvr = object(json!({"group": s, "version": s, "resource": s}));
        object_decl(object(json!({
            "kind": gvk, "resource": gvr, "subResource": s,
            "requestKind": gvk, "requestResource": gvr, "requestSubResource": s,
            "name": s, "namespace": s, "operation": s,
            "userInfo": object(json!({
                "username": s, "uid": s, "groups": strings(),
                "extra": {"type": "object", "additionalProperties": strings()},
            })),
            "dryRun": {"type": "boolean"},
            "options": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
        })))
    })
}

/// `kubernetes.Namespace`: the parts of a Namespace policies may read. (It declares `UID`
/// where the object holds `uid`, as the apiserver's declaration does.)
pub(crate) fn namespace_decl() -> &'static Arc<ObjectDecl> {
    static DECL: OnceLock<Arc<ObjectDecl>> = OnceLock::new();
    DECL.get_or_init(|| {
        let s = json!({"type": "string"});
        let int = json!({"type": "integer"});
        let map = json!({"type": "object", "additionalProperties": s});
        let any = json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true});
        object_decl(object(json!({
            "metadata": object(json!({
                "name": s, "generateName": s, "namespace": s, "UID": s,
                "resourceVersion": s, "generation": int,
                "creationTimestamp": s, "deletionTimestamp": s,
                "deletionGracePeriodSeconds": int,
                "labels": map, "annotations": map, "finalizers": strings(),
            })),
            "spec": object(json!({"finalizers": strings()})),
            "status": object(json!({
                "phase": s,
                "conditions": {"type": "array", "items": any},
            })),
        })))
    })
}
