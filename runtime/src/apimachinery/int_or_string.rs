//! [`IntOrString`]: a value that is either a 32-bit integer or a string.

use super::{apimachinery_type, definition};
use crate::cel::decl::Decl;
use crate::cel::native::ToCel;
use crate::cel::value::Value;
use std::fmt;

/// An `int32` or a string, written as the one it holds: `8080` or `"http"` for a port,
/// `1` or `"25%"` for a rollout's surge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntOrString {
    Int(i32),
    String(String),
}

impl Default for IntOrString {
    /// Go's zero value: the integer 0.
    fn default() -> IntOrString {
        IntOrString::Int(0)
    }
}

impl From<i32> for IntOrString {
    fn from(i: i32) -> IntOrString {
        IntOrString::Int(i)
    }
}

impl From<&str> for IntOrString {
    fn from(s: &str) -> IntOrString {
        IntOrString::String(s.to_string())
    }
}

impl From<String> for IntOrString {
    fn from(s: String) -> IntOrString {
        IntOrString::String(s)
    }
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntOrString::Int(i) => write!(f, "{i}"),
            IntOrString::String(s) => f.write_str(s),
        }
    }
}

impl serde::Serialize for IntOrString {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            IntOrString::Int(i) => serializer.serialize_i32(*i),
            IntOrString::String(s) => serializer.serialize_str(s),
        }
    }
}

impl<'de> serde::Deserialize<'de> for IntOrString {
    /// A string, or an integer within `int32`, as Go reads them.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<IntOrString, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = IntOrString;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an int32 or a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<IntOrString, E> {
                Ok(IntOrString::String(s.to_string()))
            }
            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<IntOrString, E> {
                Ok(IntOrString::String(s))
            }
            fn visit_i64<E: serde::de::Error>(self, i: i64) -> Result<IntOrString, E> {
                i32::try_from(i)
                    .map(IntOrString::Int)
                    .map_err(|_| E::custom(format!("{i} is out of the range of an int32")))
            }
            fn visit_u64<E: serde::de::Error>(self, u: u64) -> Result<IntOrString, E> {
                i32::try_from(u)
                    .map(IntOrString::Int)
                    .map_err(|_| E::custom(format!("{u} is out of the range of an int32")))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl ToCel for IntOrString {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match self {
            IntOrString::Int(i) => i.to_cel(decl),
            IntOrString::String(s) => Value::from_str_decl(s, decl),
        }
    }
}

apimachinery_type!(
    IntOrString,
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
    definition(
        "A value that is either a 32-bit integer or a string, written as the one it holds: a port as 8080 or \"http\", a surge as 1 or \"25%\".",
        &["string"],
        "int-or-string",
        &["integer", "string"],
    )
);
