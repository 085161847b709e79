//! CEL views of Rust values: how a typed value (a derived struct, its fields, its collections)
//! is read in place by CEL rules, through the same declarations a JSON document is read with,
//! so a rule sees exactly what it would see on the value serialized.
//!
//! [`ToCel`] is implemented here for the scalar, string, collection, `Option` and `Box` types
//! the derive maps; `#[derive(kubeidl_derive::Schema)]` implements it (and [`NativeObject`]) for
//! structs. Values must be `Sync`, as evaluation of a deep expression may run on another thread.

use super::decl::{Decl, DeclKind};
use super::error::EvalError;
use super::value::{List, Map, ObjectView, Value};
use indexmap::IndexMap;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

/// A Rust value seen as CEL through the declaration of its schema.
pub trait ToCel: Sync {
    /// This value as a CEL value declared `decl`.
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a>;

    /// A `Vec` of this type as a CEL value (a list, or bytes for `Vec<u8>`).
    #[doc(hidden)]
    fn vec_to_cel<'a>(items: &'a Vec<Self>, decl: &'a Decl) -> Value<'a>
    where
        Self: Sized,
    {
        match &decl.kind {
            DeclKind::List { item, semantics } => {
                Value::List(List::Native(Native(items), item, semantics))
            }
            _ => mismatch("list"),
        }
    }
}

/// A struct read member by member.
pub trait NativeObject: Sync {
    /// The member whose JSON name is `json_name`, declared `decl`; `None` when unset (as it
    /// would be absent from the serialized value).
    fn member<'a>(&'a self, json_name: &str, decl: &'a Decl) -> Option<Value<'a>>;

    /// The outcome of the rule `source` on this value when the derive compiled that rule to
    /// Rust and it ran cleanly; `None` leaves the rule to the evaluator (which gives every
    /// error its exact text).
    fn native_rule(&self, source: &str) -> Option<NativeRule> {
        let _ = source;
        None
    }
}

/// What a rule compiled to Rust found: its result and the cost evaluation would have charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NativeRule {
    pub passed: bool,
    pub cost: u64,
}

/// A list read item by item.
pub trait NativeList: Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn item<'a>(&'a self, index: usize, decl: &'a Decl) -> Option<Value<'a>>;
}

/// A map with string keys, read entry by entry.
pub trait NativeMap: Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn get<'a>(&'a self, key: &str, decl: &'a Decl) -> Option<Value<'a>>;
    /// The keys, in the map's order.
    fn keys(&self) -> Vec<&str>;
}

/// A borrowed Rust value inside a CEL value (its `Debug` does not require the type's).
pub struct Native<'a, T: ?Sized>(pub &'a T);

impl<T: ?Sized> Clone for Native<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Native<'_, T> {}

impl<T: ?Sized> fmt::Debug for Native<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<native>")
    }
}

/// A struct as CEL: an object when its declaration has properties.
pub fn object<'a>(value: &'a (dyn NativeObject + 'a), decl: &'a Decl) -> Value<'a> {
    match &decl.kind {
        DeclKind::Object(o) => Value::Object(ObjectView::native(value, o)),
        _ => mismatch("object"),
    }
}

fn mismatch<'a>(got: &str) -> Value<'a> {
    Value::Invalid(Arc::new(EvalError::new(format!(
        "invalid data, got {got} for schema of another type"
    ))))
}

fn integer<'a>(value: i128, decl: &Decl) -> Value<'a> {
    match decl.kind {
        DeclKind::Double => Value::Double(value as f64),
        DeclKind::Int | DeclKind::IntOrString | DeclKind::Any => match i64::try_from(value) {
            Ok(i) => Value::Int(i),
            Err(_) => Value::Invalid(Arc::new(EvalError::new(format!(
                "invalid data, expected an integer, got {value}"
            )))),
        },
        _ => mismatch("number"),
    }
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl ToCel for $t {
            fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
                integer(*self as i128, decl)
            }
        }
    )*};
}

integers!(i8, i16, i32, i64, isize, u16, u32, u64, usize);

impl ToCel for u8 {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        integer(i128::from(*self), decl)
    }

    fn vec_to_cel<'a>(items: &'a Vec<u8>, decl: &'a Decl) -> Value<'a> {
        match &decl.kind {
            DeclKind::Bytes | DeclKind::Any => Value::Bytes(Arc::from(items.as_slice())),
            DeclKind::List { item, semantics } => {
                Value::List(List::Native(Native(items), item, semantics))
            }
            _ => mismatch("bytes"),
        }
    }
}

impl ToCel for f64 {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match decl.kind {
            DeclKind::Double | DeclKind::Any => Value::Double(*self),
            _ => mismatch("number"),
        }
    }
}

impl ToCel for f32 {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match decl.kind {
            // As serde_json writes an f32: its shortest decimal form, read back as a double.
            DeclKind::Double | DeclKind::Any => {
                Value::Double(self.to_string().parse().unwrap_or(f64::NAN))
            }
            _ => mismatch("number"),
        }
    }
}

impl ToCel for bool {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match decl.kind {
            DeclKind::Bool | DeclKind::Any => Value::Bool(*self),
            _ => mismatch("bool"),
        }
    }
}

impl ToCel for String {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        Value::from_str_decl(self, decl)
    }
}

impl ToCel for str {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        Value::from_str_decl(self, decl)
    }
}

impl<T: ToCel> ToCel for Option<T> {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match self {
            Some(v) => v.to_cel(decl),
            None if decl.nullable => Value::Null,
            None => Value::Invalid(Arc::new(EvalError::new(
                "invalid data, got null for schema with nullable=false",
            ))),
        }
    }
}

impl<T: ToCel + ?Sized> ToCel for Box<T> {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        (**self).to_cel(decl)
    }
}

impl<T: ToCel> ToCel for Vec<T> {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        T::vec_to_cel(self, decl)
    }
}

impl<T: ToCel> NativeList for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn item<'a>(&'a self, index: usize, decl: &'a Decl) -> Option<Value<'a>> {
        self.get(index).map(|v| v.to_cel(decl))
    }
}

macro_rules! maps {
    ($($map:ident $(<$s:ident>)?),*) => {$(
        impl<T: ToCel $(, $s: std::hash::BuildHasher + Sync)?> ToCel for $map<String, T $(, $s)?> {
            fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
                match &decl.kind {
                    DeclKind::Map(values) => Value::Map(Map::Native(Native(self), values)),
                    _ => mismatch("map"),
                }
            }
        }

        impl<T: ToCel $(, $s: std::hash::BuildHasher + Sync)?> NativeMap for $map<String, T $(, $s)?> {
            fn len(&self) -> usize {
                $map::len(self)
            }

            fn get<'a>(&'a self, key: &str, decl: &'a Decl) -> Option<Value<'a>> {
                $map::get(self, key).map(|v| v.to_cel(decl))
            }

            fn keys(&self) -> Vec<&str> {
                $map::keys(self).map(String::as_str).collect()
            }
        }
    )*};
}

maps!(BTreeMap, HashMap<S>, IndexMap<S>);
