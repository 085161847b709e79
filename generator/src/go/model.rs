//! The declarations the generator needs from a Go package: named types (structs, defined types,
//! aliases), their methods, constants, and the comment lines gengo would attach to each.

pub use super::comments::{Doc, LineStart};
use crate::error::SourcePos;
use indexmap::IndexMap;
use std::collections::HashMap;
use std::path::PathBuf;

/// A Go type expression, with every package-qualified name already resolved to an import path.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeExpr {
    /// A named type: the import path of its package and its name. Unqualified names start out in
    /// the package where they are written and become [`TypeExpr::Builtin`] when that package does
    /// not declare them and Go predeclares them.
    Named {
        package: String,
        name: String,
    },
    /// A predeclared type (`string`, `int32`, `byte`, `any`, ...).
    Builtin(String),
    Pointer(Box<TypeExpr>),
    Slice(Box<TypeExpr>),
    Array(Box<TypeExpr>),
    Map(Box<TypeExpr>, Box<TypeExpr>),
    /// A struct literal; shared, as it is cloned whenever a type is looked at.
    Struct(std::sync::Arc<Vec<Field>>),
    /// An interface literal; `empty` for `interface{}`.
    Interface {
        empty: bool,
    },
    /// Something an API type cannot use (functions, channels, generic instantiations,
    /// unresolvable qualifiers); the text says what it was.
    Unsupported(String),
}

impl TypeExpr {
    /// The Go spelling of this type, as go/types prints it (`[]byte`, `map[string]int32`,
    /// `k8s.io/api/core/v1.Pod`).
    pub fn go_string(&self) -> String {
        match self {
            TypeExpr::Named { package, name } if package.is_empty() => name.clone(),
            TypeExpr::Named { package, name } => format!("{package}.{name}"),
            TypeExpr::Builtin(name) => name.clone(),
            TypeExpr::Pointer(elem) => format!("*{}", elem.go_string()),
            TypeExpr::Slice(elem) => format!("[]{}", elem.go_string()),
            TypeExpr::Array(elem) => format!("[...]{}", elem.go_string()),
            TypeExpr::Map(key, value) => format!("map[{}]{}", key.go_string(), value.go_string()),
            TypeExpr::Struct(_) => "struct{...}".to_string(),
            TypeExpr::Interface { empty: true } => "interface{}".to_string(),
            TypeExpr::Interface { empty: false } => "interface{...}".to_string(),
            TypeExpr::Unsupported(text) => text.clone(),
        }
    }
}

/// One field of a struct; a declaration `A, B int` gives two fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The Go field name; for an embedded field, the name of its type.
    pub name: String,
    pub embedded: bool,
    pub ty: TypeExpr,
    /// The struct tag, unquoted (`json:"name,omitempty" protobuf:"..."`).
    pub tag: String,
    /// The field's doc comment lines, as gengo attaches them, and where each starts.
    pub comments: Doc,
    pub pos: SourcePos,
}

/// `type Name T` (a defined type) or `type Name = T` (an alias).
#[derive(Debug, Clone, PartialEq)]
pub struct TypeDecl {
    pub name: String,
    pub alias: bool,
    pub generic: bool,
    pub ty: TypeExpr,
    pub comments: Doc,
    /// The closest comment group above the doc comment, separated by a blank line, where
    /// kubebuilder projects put a kind's markers (`+kubebuilder:object:root=true`...); empty when
    /// there is none.
    pub above: Doc,
    pub pos: SourcePos,
}

/// What a method body returns, when it is a single `return <literal>`.
#[derive(Debug, Clone, PartialEq)]
pub enum ReturnLiteral {
    Nil,
    String(String),
    StringList(Vec<String>),
}

/// A method declaration, kept for the methods that change a type's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    pub name: String,
    pub pointer_receiver: bool,
    pub param_count: usize,
    pub results: Vec<TypeExpr>,
    /// `Some` when the body is exactly one `return` of `nil`, a string, or `[]string{...}`.
    pub returns: Option<ReturnLiteral>,
    pub pos: SourcePos,
}

/// The value of a constant, where it is a plain literal (possibly through a conversion).
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    String(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    /// Another constant of the same package, by name.
    Ref(String),
    /// A constant of another package (`v1.IPv4Protocol`), by its import path and name.
    External {
        package: String,
        name: String,
    },
    Unknown,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ConstDecl {
    pub name: String,
    pub ty: Option<TypeExpr>,
    pub value: ConstValue,
    pub comments: Doc,
    pub pos: SourcePos,
}

/// A parsed Go package.
#[derive(Debug, Clone, Default)]
pub struct Package {
    pub path: String,
    pub name: String,
    pub dir: PathBuf,
    /// Every comment of the package's `doc.go`, and the comments above the package clause of its
    /// other files, as lines (where gengo and controller-gen read package tags).
    pub doc_comments: Vec<String>,
    pub types: IndexMap<String, TypeDecl>,
    /// Methods by receiver type name.
    pub methods: HashMap<String, Vec<Method>>,
    pub consts: Vec<ConstDecl>,
    /// Files parsed into this package.
    pub files: Vec<PathBuf>,
    /// Files marked as generated by another tool, not parsed unless a lookup needs them.
    pub generated_files: Vec<PathBuf>,
    /// Marker lines of `/* */` comments the loader left out (controller-gen's reading), where
    /// they stand.
    pub ignored_markers: Vec<(crate::error::SourcePos, String)>,
}

impl Package {
    pub fn method(&self, type_name: &str, method: &str) -> Option<&Method> {
        self.methods
            .get(type_name)?
            .iter()
            .find(|m| m.name == method)
    }

    pub fn constant(&self, name: &str) -> Option<&ConstDecl> {
        self.consts.iter().find(|c| c.name == name)
    }
}

/// The names Go predeclares as types.
pub const PREDECLARED_TYPES: &[&str] = &[
    "any",
    "bool",
    "byte",
    "comparable",
    "complex64",
    "complex128",
    "error",
    "float32",
    "float64",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "rune",
    "string",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uintptr",
];
