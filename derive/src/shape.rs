//! Rust field types as OpenAPI sees them, read from the syntax: scalars with openapi-gen's
//! type and format for the Go type of the same width, lists, string-keyed maps, `Option` (Go's
//! pointer), `Box` (transparent), kubeidl's apimachinery types (known by name), named types
//! that have a definition of their own, and values whose schema a function writes
//! (`schema_with.rs`).

use kubeidl::tags::lower::ValueKind;
use serde_json::{json, Value};
use syn::{GenericArgument, PathArguments, Type};

/// A scalar: its OpenAPI type and format, and its zero value.
#[derive(Clone)]
pub struct Scalar {
    pub openapi: &'static str,
    pub format: &'static str,
    pub kind: ValueKind,
    /// The Rust type, for generated checks.
    pub rust: String,
}

impl Scalar {
    pub fn zero(&self) -> Value {
        match self.kind {
            ValueKind::Bool => json!(false),
            ValueKind::String => json!(""),
            _ => json!(0),
        }
    }
}

/// The shape of a value.
#[derive(Clone)]
pub enum Shape {
    Scalar(Scalar),
    /// `Vec<T>`.
    List(Box<Shape>),
    /// `BTreeMap<String, T>`, `HashMap<String, T>`, `IndexMap<String, T>`.
    Map(Box<Shape>),
    /// `Option<T>`.
    Optional(Box<Shape>),
    /// `Quantity`, `IntOrString`, `Time`, `MicroTime` or `Duration` (of
    /// `kubeidl::apimachinery`): a definition of its own that says its own schema, as Go's
    /// types of these names do, so tags see a value (not a struct) and no `{}` default is
    /// enforced. The expansion asserts the type is kubeidl's.
    Apimachinery(Box<Type>),
    /// Any other type: one with a definition of its own (a derived struct).
    Named(Box<Type>),
    /// A field's value whose schema a function writes (`#[kubeidl(schema_with = "path")]`): any
    /// type serde writes, seen only as its JSON.
    Custom,
}

impl Shape {
    pub fn read(ty: &Type) -> syn::Result<Shape> {
        let unsupported = |what: &str| {
            syn::Error::new_spanned(
                ty,
                format!("{what} has no OpenAPI equivalent kubeidl knows"),
            )
        };
        let Type::Path(path) = ty else {
            if let Type::Reference(r) = ty {
                return Shape::read(&r.elem);
            }
            return Err(unsupported("this type"));
        };
        let Some(last) = path.path.segments.last() else {
            return Err(unsupported("this type"));
        };
        let name = last.ident.to_string();
        let args: Vec<&Type> = match &last.arguments {
            PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|g| match g {
                    GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        if let Some(s) = scalar(&name) {
            return Ok(Shape::Scalar(s));
        }
        Ok(match (name.as_str(), args.as_slice()) {
            ("Option", [t]) => Shape::Optional(Box::new(Shape::read(t)?)),
            ("Box", [t]) => Shape::read(t)?,
            ("Vec", [t]) if is_u8(t) => Shape::Scalar(Scalar {
                openapi: "string",
                format: "byte",
                kind: ValueKind::String,
                rust: "Vec<u8>".into(),
            }),
            ("Vec", [t]) => Shape::List(Box::new(Shape::read(t)?)),
            ("BTreeMap" | "HashMap" | "IndexMap", [k, v, ..]) => {
                if !matches!(
                    Shape::read(k)?,
                    Shape::Scalar(Scalar {
                        kind: ValueKind::String,
                        ..
                    })
                ) {
                    return Err(syn::Error::new_spanned(
                        k,
                        "maps with non-string keys are not supported by OpenAPI (keys must be strings)",
                    ));
                }
                Shape::Map(Box::new(Shape::read(v)?))
            }
            (name, []) if kubeidl::apimachinery::definition_of(name).is_some() => {
                Shape::Apimachinery(Box::new(ty.clone()))
            }
            _ => Shape::Named(Box::new(ty.clone())),
        })
    }

    /// The shape of a field with `schema_with`: an `Option` is Go's pointer as for any field;
    /// what it holds is the function's.
    pub fn custom(ty: &Type) -> Shape {
        let option = matches!(ty, Type::Path(path) if path.path.segments.last().is_some_and(|last| {
            last.ident == "Option"
                && matches!(&last.arguments, PathArguments::AngleBracketed(a) if a.args.len() == 1)
        }));
        match option {
            true => Shape::Optional(Box::new(Shape::Custom)),
            false => Shape::Custom,
        }
    }

    /// The shape under an `Option`.
    pub fn required(&self) -> &Shape {
        match self {
            Shape::Optional(inner) => inner.required(),
            other => other,
        }
    }

    pub fn kind(&self) -> ValueKind {
        match self.required() {
            Shape::Scalar(s) => s.kind,
            Shape::List(_) => ValueKind::List,
            Shape::Map(_) => ValueKind::Map,
            Shape::Apimachinery(_) | Shape::Custom => ValueKind::Other,
            Shape::Named(_) => ValueKind::Struct,
            Shape::Optional(_) => unreachable!("required() unwraps options"),
        }
    }

    /// The struct type a value of this shape holds, through options, lists and maps (whose
    /// members `+k8s:subfield` and `+k8s:item` look into).
    pub fn struct_type(&self) -> Option<&Type> {
        match self {
            Shape::Optional(inner) | Shape::List(inner) | Shape::Map(inner) => inner.struct_type(),
            Shape::Named(ty) => Some(ty),
            Shape::Scalar(_) | Shape::Apimachinery(_) | Shape::Custom => None,
        }
    }

    /// The kind of list items or map values.
    pub fn elem_kind(&self) -> Option<ValueKind> {
        match self.required() {
            Shape::List(e) | Shape::Map(e) => Some(e.kind()),
            _ => None,
        }
    }
}

fn is_u8(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.path.is_ident("u8"))
}

impl Shape {
    /// The string an enum's tag is: a `&'static str` the derive writes, not a field.
    pub fn tag_string() -> Shape {
        let mut s = scalar("str").expect("str is a scalar");
        s.rust = "&'static str".into();
        Shape::Scalar(s)
    }
}

/// openapi-gen's type and format of the Go type of the same width and sign.
fn scalar(name: &str) -> Option<Scalar> {
    let (openapi, format, kind) = match name {
        "i8" | "u8" => ("integer", "byte", ValueKind::Integer),
        "i16" | "u16" | "i32" => ("integer", "int32", ValueKind::Integer),
        "u32" | "i64" | "u64" | "isize" | "usize" => ("integer", "int64", ValueKind::Integer),
        "f32" => ("number", "float", ValueKind::Number),
        "f64" => ("number", "double", ValueKind::Number),
        "bool" => ("boolean", "", ValueKind::Bool),
        "String" | "str" => ("string", "", ValueKind::String),
        _ => return None,
    };
    Some(Scalar {
        openapi,
        format,
        kind,
        rust: name.to_string(),
    })
}
