//! CEL types as the checker sees them, from declarations and from schema declarations, printed
//! the way cel-go prints them in errors (`int`, `list(string)`, `map(string, int)`).

use super::decl::{Decl, DeclKind, ObjectDecl};
use std::fmt;
use std::sync::Arc;

/// The names CEL knows as types (usable as values: `type(x) == int`).
pub(crate) const TYPE_NAMES: &[&str] = &[
    "int",
    "uint",
    "double",
    "bool",
    "string",
    "bytes",
    "list",
    "map",
    "null_type",
    "type",
    "google.protobuf.Timestamp",
    "google.protobuf.Duration",
    "optional_type",
];

#[derive(Debug, Clone)]
pub enum CelType {
    Dyn,
    /// A type not yet known (the element of `[]`, the value of `optional.none()`): it takes the
    /// type of whatever it is joined with, where `dyn` stays `dyn`.
    Free,
    Null,
    Bool,
    Int,
    Uint,
    Double,
    String,
    Bytes,
    Timestamp,
    Duration,
    List(Box<CelType>),
    Map(Box<CelType>, Box<CelType>),
    /// An object of a schema with properties.
    Object(Arc<ObjectDecl>),
    /// A type value (`int`, `type(x)`).
    Type,
    Optional(Box<CelType>),
    /// A library type (`net.IP`, `kubernetes.Quantity`...).
    Opaque(&'static str),
    /// A message type of an opt-in library (`Object.spec`, `JSONPatch`), by name.
    Struct(Arc<str>),
}

impl PartialEq for CelType {
    fn eq(&self, other: &Self) -> bool {
        use CelType::*;
        match (self, other) {
            (List(a), List(b)) | (Optional(a), Optional(b)) => a == b,
            (Map(a, b), Map(c, d)) => a == c && b == d,
            (Object(a), Object(b)) => Arc::ptr_eq(a, b),
            (Opaque(a), Opaque(b)) => a == b,
            (Struct(a), Struct(b)) => a == b,
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
        }
    }
}

impl fmt::Display for CelType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CelType::Dyn | CelType::Free => f.write_str("dyn"),
            CelType::Null => f.write_str("null_type"),
            CelType::Bool => f.write_str("bool"),
            CelType::Int => f.write_str("int"),
            CelType::Uint => f.write_str("uint"),
            CelType::Double => f.write_str("double"),
            CelType::String => f.write_str("string"),
            CelType::Bytes => f.write_str("bytes"),
            CelType::Timestamp => f.write_str("google.protobuf.Timestamp"),
            CelType::Duration => f.write_str("google.protobuf.Duration"),
            CelType::List(e) => write!(f, "list({e})"),
            CelType::Map(k, v) => write!(f, "map({k}, {v})"),
            CelType::Object(_) => f.write_str("object"),
            CelType::Type => f.write_str("type"),
            CelType::Optional(t) => write!(f, "optional_type({t})"),
            CelType::Opaque(name) => f.write_str(name),
            CelType::Struct(name) => f.write_str(name),
        }
    }
}

impl CelType {
    /// The CEL type of values declared by a schema node.
    pub fn of_decl(decl: &Decl) -> CelType {
        match &decl.kind {
            DeclKind::Bool => CelType::Bool,
            DeclKind::Int => CelType::Int,
            DeclKind::Double => CelType::Double,
            DeclKind::String => CelType::String,
            DeclKind::Bytes => CelType::Bytes,
            DeclKind::Timestamp { .. } => CelType::Timestamp,
            DeclKind::Duration => CelType::Duration,
            DeclKind::IntOrString | DeclKind::Any => CelType::Dyn,
            DeclKind::Object(o) => CelType::Object(o.clone()),
            DeclKind::Map(v) => {
                CelType::Map(Box::new(CelType::String), Box::new(CelType::of_decl(v)))
            }
            DeclKind::List { item, .. } => CelType::List(Box::new(CelType::of_decl(item))),
        }
    }

    /// The type of a JSON value given without a schema: objects are maps from strings, array
    /// and object members `dyn`.
    pub fn of_json(json: &serde_json::Value) -> CelType {
        match json {
            serde_json::Value::Null => CelType::Null,
            serde_json::Value::Bool(_) => CelType::Bool,
            serde_json::Value::Number(n) if n.is_i64() => CelType::Int,
            serde_json::Value::Number(n) if n.is_u64() => CelType::Uint,
            serde_json::Value::Number(_) => CelType::Double,
            serde_json::Value::String(_) => CelType::String,
            serde_json::Value::Array(_) => CelType::List(Box::new(CelType::Dyn)),
            serde_json::Value::Object(_) => {
                CelType::Map(Box::new(CelType::String), Box::new(CelType::Dyn))
            }
        }
    }

    pub fn is_dyn(&self) -> bool {
        matches!(self, CelType::Dyn | CelType::Free)
    }

    /// Whether a value of this type may be used where `other` is expected (dyn fits anything).
    pub fn fits(&self, other: &CelType) -> bool {
        match (self, other) {
            (CelType::Dyn | CelType::Free, _) | (_, CelType::Dyn | CelType::Free) => true,
            (CelType::Null, CelType::Null | CelType::Optional(_)) => true,
            (CelType::List(a), CelType::List(b)) | (CelType::Optional(a), CelType::Optional(b)) => {
                a.fits(b)
            }
            (CelType::Map(a, b), CelType::Map(c, d)) => a.fits(c) && b.fits(d),
            (a, b) => a == b,
        }
    }

    /// The more precise of two compatible types (for joining branches and list elements).
    pub fn join(&self, other: &CelType) -> CelType {
        match (self, other) {
            (CelType::Free, t) | (t, CelType::Free) => t.clone(),
            (CelType::Dyn, _) | (_, CelType::Dyn) => CelType::Dyn,
            (CelType::Null, t @ CelType::Optional(_))
            | (t @ CelType::Optional(_), CelType::Null) => t.clone(),
            (CelType::List(a), CelType::List(b)) => CelType::List(Box::new(a.join(b))),
            (CelType::Map(a, b), CelType::Map(c, d)) => {
                CelType::Map(Box::new(a.join(c)), Box::new(b.join(d)))
            }
            (CelType::Optional(a), CelType::Optional(b)) => CelType::Optional(Box::new(a.join(b))),
            (a, b) if a == b => a.clone(),
            _ => CelType::Dyn,
        }
    }

    /// The type with every not-yet-known part read as `dyn` (for matching overloads).
    pub fn resolved(&self) -> CelType {
        match self {
            CelType::Free => CelType::Dyn,
            CelType::List(e) => CelType::List(Box::new(e.resolved())),
            CelType::Map(k, v) => CelType::Map(Box::new(k.resolved()), Box::new(v.resolved())),
            CelType::Optional(t) => CelType::Optional(Box::new(t.resolved())),
            t => t.clone(),
        }
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self, CelType::Int | CelType::Uint | CelType::Double)
    }

    /// The element type of a list, or `dyn`.
    pub fn elem(&self) -> CelType {
        match self {
            CelType::List(e) => (**e).clone(),
            _ => CelType::Dyn,
        }
    }
}
