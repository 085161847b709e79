//! The CEL view of an OpenAPI schema (Kubernetes' DeclType): which CEL type each node has, which
//! properties an object exposes and under which escaped names, list semantics, and the sizes
//! the cost estimator needs. Built once per schema; values of documents are then read through it.

pub use crate::schema_node::{Definitions, NoDefinitions, SchemaNode};
use std::sync::Arc;

/// How deep `$ref`s are followed before a node is treated as `dyn` (recursive schemas such as
/// JSONSchemaProps would otherwise never end).
const MAX_REF_DEPTH: usize = 32;

/// The CEL type and value conversion of one schema node.
#[derive(Debug, Clone)]
pub struct Decl {
    pub kind: DeclKind,
    pub nullable: bool,
    /// Whether an old value can be found for this node on update (false below the items of
    /// set and atomic lists), so transition rules may use `oldSelf` here.
    pub correlatable: bool,
    /// `maxLength`, `maxItems` or `maxProperties`, whichever applies.
    pub max_size: Option<u64>,
    /// The longest `enum` value, for string size estimates.
    pub max_enum_len: Option<u64>,
}

#[derive(Debug, Clone)]
pub enum DeclKind {
    Bool,
    Int,
    Double,
    String,
    /// `format: byte`: base64 text seen as bytes.
    Bytes,
    /// `format: date` (`date_only`) or `date-time`: timestamps.
    Timestamp {
        date_only: bool,
    },
    /// `format: duration`.
    Duration,
    /// `x-kubernetes-int-or-string`: `dyn`, an int or a string at run time.
    IntOrString,
    Object(Arc<ObjectDecl>),
    /// `additionalProperties`: a map from strings.
    Map(Box<Decl>),
    List {
        item: Box<Decl>,
        semantics: ListSemantics,
    },
    /// Preserve-unknown-fields or untyped objects: reachable, but with no declared fields.
    Any,
}

/// `x-kubernetes-list-type`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListSemantics {
    Atomic,
    Set,
    Map(Vec<String>),
}

/// An object with declared properties.
#[derive(Debug, Clone)]
pub struct ObjectDecl {
    /// The property names as CEL sees them (escaped), with their JSON names and declarations.
    pub fields: Vec<FieldDecl>,
    pub required: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct FieldDecl {
    pub cel_name: String,
    pub json_name: String,
    pub decl: Decl,
}

impl ObjectDecl {
    /// The property a field selection names. As the apiserver's `DeclTypeProvider` with
    /// `recognizeKeywordAsFieldName` (k8s.io/apiserver pkg/cel/types.go, on for every
    /// compatibility version from 1.31, so for CRDs created on a 1.32 or newer apiserver): a name
    /// not declared as written that is one of the escaped reserved symbols selects its escaped
    /// property, so `self.ref.namespace` reads the property `namespace` as
    /// `self.ref.__namespace__` does.
    pub fn field(&self, cel_name: &str) -> Option<&FieldDecl> {
        self.fields
            .iter()
            .find(|f| f.cel_name == cel_name)
            .or_else(|| {
                if !is_reserved_symbol(cel_name) {
                    return None;
                }
                let escaped = format!("__{cel_name}__");
                self.fields.iter().find(|f| f.cel_name == escaped)
            })
    }
}

/// The symbols the apiserver escapes as `__word__` (its `celReservedSymbols`): CEL's literals,
/// `in`, and cel-go's reserved words.
fn is_reserved_symbol(name: &str) -> bool {
    matches!(name, "true" | "false" | "null" | "in") || super::parse::RESERVED.contains(&name)
}

impl Decl {
    /// The declaration of a schema node.
    pub fn from_schema<S: SchemaNode>(schema: &S, defs: &dyn Definitions<S>) -> Decl {
        build(schema, defs, 0, false)
    }

    /// The declaration of a resource's root (or of an embedded resource): only `apiVersion`,
    /// `kind`, `metadata.name` and `metadata.generateName` are visible of the object's metadata.
    pub fn for_resource_root<S: SchemaNode>(schema: &S, defs: &dyn Definitions<S>) -> Decl {
        build(schema, defs, 0, true)
    }

    fn plain(kind: DeclKind) -> Decl {
        Decl {
            kind,
            nullable: false,
            correlatable: true,
            max_size: None,
            max_enum_len: None,
        }
    }
}

/// The definitions being declared, outermost first: one met again below itself (a recursive
/// type) is declared `dyn` there, instead of being expanded once per path to the depth limit.
type Building<S> = Vec<*const S>;

fn build<S: SchemaNode>(
    schema: &S,
    defs: &dyn Definitions<S>,
    depth: usize,
    resource_root: bool,
) -> Decl {
    build_in(schema, defs, depth, resource_root, &mut Vec::new())
}

fn build_in<S: SchemaNode>(
    schema: &S,
    defs: &dyn Definitions<S>,
    depth: usize,
    resource_root: bool,
    building: &mut Building<S>,
) -> Decl {
    let outer = schema;
    let s = defs.resolve(schema);
    if depth > MAX_REF_DEPTH {
        return Decl::plain(DeclKind::Any);
    }
    let through_ref = !std::ptr::eq(s, outer);
    if through_ref {
        if building.contains(&(s as *const S)) {
            return Decl::plain(DeclKind::Any);
        }
        building.push(s);
    }
    let decl = declare(s, outer, defs, depth, resource_root, building);
    if through_ref {
        building.pop();
    }
    decl
}

fn declare<S: SchemaNode>(
    s: &S,
    outer: &S,
    defs: &dyn Definitions<S>,
    depth: usize,
    resource_root: bool,
    building: &mut Building<S>,
) -> Decl {
    let nullable = s.nullable() || outer.nullable();
    let max_enum_len = s
        .enum_values()
        .iter()
        .filter_map(|v| v.as_str().map(|t| t.chars().count() as u64))
        .max();
    let int_or_string = s.extension_flag("x-kubernetes-int-or-string")
        || s.format() == Some("int-or-string") && s.has_one_of();
    let embedded = s.extension_flag("x-kubernetes-embedded-resource");
    let kind = if int_or_string {
        DeclKind::IntOrString
    } else {
        match s.type_name() {
            "boolean" => DeclKind::Bool,
            "integer" => DeclKind::Int,
            "number" => DeclKind::Double,
            "string" => match s.format() {
                Some("byte") => DeclKind::Bytes,
                Some("date") => DeclKind::Timestamp { date_only: true },
                Some("date-time") => DeclKind::Timestamp { date_only: false },
                Some("duration") => DeclKind::Duration,
                _ => DeclKind::String,
            },
            "array" => {
                let mut item = s.items().map_or(Decl::plain(DeclKind::Any), |i| {
                    build_in(i, defs, depth + 1, false, building)
                });
                let semantics = match s.list_type() {
                    Some("set") => ListSemantics::Set,
                    Some("map") => ListSemantics::Map(s.list_map_keys()),
                    _ => ListSemantics::Atomic,
                };
                if !matches!(semantics, ListSemantics::Map(_)) {
                    uncorrelatable(&mut item);
                }
                DeclKind::List {
                    item: Box::new(item),
                    semantics,
                }
            }
            "object" | "" if s.properties().next().is_some() || resource_root || embedded => {
                DeclKind::Object(Arc::new(object(
                    s,
                    defs,
                    depth,
                    resource_root || embedded,
                    building,
                )))
            }
            "object" | "" if s.additional_properties().is_some() => {
                DeclKind::Map(Box::new(build_in(
                    s.additional_properties().expect("checked"),
                    defs,
                    depth + 1,
                    false,
                    building,
                )))
            }
            _ => DeclKind::Any,
        }
    };
    Decl {
        kind,
        nullable,
        correlatable: true,
        max_size: s.max_length().or(s.max_items()).or(s.max_properties()),
        max_enum_len,
    }
}

/// Marks a declaration and everything below it as having no old value to correlate with.
fn uncorrelatable(decl: &mut Decl) {
    decl.correlatable = false;
    match &mut decl.kind {
        DeclKind::Map(v) => uncorrelatable(v),
        DeclKind::List { item, .. } => uncorrelatable(item),
        DeclKind::Object(o) => {
            let o = Arc::make_mut(o);
            for f in &mut o.fields {
                uncorrelatable(&mut f.decl);
            }
        }
        _ => {}
    }
}

fn object<S: SchemaNode>(
    s: &S,
    defs: &dyn Definitions<S>,
    depth: usize,
    resource_root: bool,
    building: &mut Building<S>,
) -> ObjectDecl {
    let mut fields = Vec::new();
    for (name, prop) in s.properties() {
        let Some(cel_name) = escape(name) else {
            continue;
        };
        let decl = if resource_root && name == "metadata" {
            metadata_decl(Some(prop), defs)
        } else {
            build_in(prop, defs, depth + 1, false, building)
        };
        fields.push(FieldDecl {
            cel_name,
            json_name: name.to_string(),
            decl,
        });
    }
    if resource_root {
        for name in ["apiVersion", "kind"] {
            if !fields.iter().any(|f| f.json_name == name) {
                fields.push(FieldDecl {
                    cel_name: name.to_string(),
                    json_name: name.to_string(),
                    decl: Decl::plain(DeclKind::String),
                });
            }
        }
        if !fields.iter().any(|f| f.json_name == "metadata") {
            fields.push(FieldDecl {
                cel_name: "metadata".to_string(),
                json_name: "metadata".to_string(),
                decl: metadata_decl(None, defs),
            });
        }
    }
    ObjectDecl {
        fields,
        required: s.required(),
    }
}

/// The metadata of a resource as CEL sees it: `name` (at most 253 long) and `generateName`.
fn metadata_decl<S: SchemaNode>(schema: Option<&S>, defs: &dyn Definitions<S>) -> Decl {
    let s = schema.map(|s| defs.resolve(s));
    let max_len = |field: &str, limit: u64| {
        s.and_then(|s| s.property(field))
            .and_then(|p| defs.resolve(p).max_length())
            .map_or(limit, |m| m.min(limit))
    };
    let string = |max: u64| Decl {
        max_size: Some(max),
        ..Decl::plain(DeclKind::String)
    };
    Decl::plain(DeclKind::Object(Arc::new(ObjectDecl {
        fields: vec![
            FieldDecl {
                cel_name: "name".into(),
                json_name: "name".into(),
                decl: string(max_len("name", 253)),
            },
            FieldDecl {
                cel_name: "generateName".into(),
                json_name: "generateName".into(),
                decl: string(max_len("generateName", 252)),
            },
        ],
        required: Vec::new(),
    })))
}

/// Kubernetes' escaping of a property name for CEL, or `None` when it cannot be expressed (then
/// the property is not accessible).
pub fn escape(name: &str) -> Option<String> {
    // The literals and `in` besides cel-go's reserved words are written `__word__`.
    if is_reserved_symbol(name) {
        return Some(format!("__{name}__"));
    }
    let mut chars = name.chars();
    let first = chars.next()?;
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '/');
    if !(first.is_ascii_alphabetic() || matches!(first, '_' | '.' | '-' | '/'))
        || !chars.all(allowed)
    {
        return None;
    }
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("__") {
            out.push_str("__underscores__");
            rest = r;
            continue;
        }
        let c = rest.chars().next().expect("non-empty");
        match c {
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn escapes_property_names_as_kubernetes_does() {
        assert_eq!(escape("foo").as_deref(), Some("foo"));
        assert_eq!(escape("a___a").as_deref(), Some("a__underscores___a"));
        assert_eq!(escape("a._a").as_deref(), Some("a__dot___a"));
        assert_eq!(escape("x-y/z").as_deref(), Some("x__dash__y__slash__z"));
        assert_eq!(escape("namespace").as_deref(), Some("__namespace__"));
        assert_eq!(escape("_").as_deref(), Some("_"));
        assert_eq!(escape("1abc"), None);
        assert_eq!(escape("a@b"), None);
    }

    #[test]
    fn resource_roots_expose_only_identity_metadata() {
        let s = json!({
            "type": "object",
            "properties": {
                "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "namespace": {"type": "string"}}},
                "spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}
            }
        });
        let d = Decl::for_resource_root(&s, &NoDefinitions);
        let DeclKind::Object(o) = &d.kind else {
            panic!()
        };
        let DeclKind::Object(meta) = &o.field("metadata").unwrap().decl.kind else {
            panic!()
        };
        let names: Vec<&str> = meta.fields.iter().map(|f| f.cel_name.as_str()).collect();
        assert_eq!(names, ["name", "generateName"]);
        assert!(o.field("apiVersion").is_some() && o.field("kind").is_some());
    }
}
