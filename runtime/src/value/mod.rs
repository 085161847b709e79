//! Value views: one borrowed, read-only interface over the values kubeidl validates, so the
//! validator reads a `serde_json::Value`, a YAML document that remembers where each node was
//! written, and (later) typed Rust values through the same code, without converting them first.
//!
//! A view is a cheap `Copy` handle on one node. Scalars are read with `as_*`, containers with
//! [`ValueView::items`], [`ValueView::entries`] and [`ValueView::get`]; [`ValueView::position`]
//! says where the node stands in its source when the view knows it.
//!
//! ```
//! use kubeidl::value::{Kind, ValueView};
//! let v = serde_json::json!({"spec": {"replicas": 3}});
//! let replicas = (&v).get("spec").and_then(|s| s.get("replicas")).unwrap();
//! assert_eq!(replicas.kind(), Kind::Integer);
//! assert_eq!(replicas.as_i64(), Some(3));
//! ```

mod json;
mod located;

pub use located::{Located, PositionTree};

use crate::document::SourcePosition;
use serde_json::Value;
use std::borrow::Cow;

/// What a node is, with JSON's number split as an unstructured object splits it (`int64` or
/// `float64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Null,
    Bool,
    Integer,
    Float,
    String,
    Array,
    Object,
}

impl Kind {
    /// kube-openapi's name for values of this kind.
    pub fn openapi_name(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Bool => "boolean",
            Kind::Integer => "integer",
            Kind::Float => "number",
            Kind::String => "string",
            Kind::Array => "array",
            Kind::Object => "object",
        }
    }
}

/// A borrowed view of one node of a value.
pub trait ValueView<'a>: Copy + 'a {
    fn kind(self) -> Kind;
    fn as_bool(self) -> Option<bool>;
    /// The value of an integer that fits an `i64`.
    fn as_i64(self) -> Option<i64>;
    /// Any number, as a float.
    fn as_f64(self) -> Option<f64>;
    fn as_str(self) -> Option<&'a str>;
    /// The number of items of an array or entries of an object; 0 for scalars.
    fn len(self) -> usize;
    /// Whether an array or object has no items or entries (scalars have none).
    fn is_empty(self) -> bool {
        self.len() == 0
    }
    /// The items of an array (none for anything else).
    fn items(self) -> impl Iterator<Item = Self> + 'a;
    /// The entries of an object in the value's order (none for anything else).
    fn entries(self) -> impl Iterator<Item = (&'a str, Self)> + 'a;
    /// The entry `key` of an object.
    fn get(self, key: &str) -> Option<Self>;
    /// The node as JSON: borrowed when the view is backed by JSON, built otherwise.
    fn to_json(self) -> Cow<'a, Value>;
    /// Where the node was written, when the view knows.
    fn position(self) -> Option<SourcePosition> {
        None
    }

    fn is_null(self) -> bool {
        self.kind() == Kind::Null
    }

    /// Whether this is its kind's zero value (`""`, `0`, `false`, `[]`, `{}`); null is not.
    fn is_zero(self) -> bool {
        match self.kind() {
            Kind::Null => false,
            Kind::Bool => self.as_bool() == Some(false),
            Kind::Integer | Kind::Float => self.as_f64() == Some(0.0),
            Kind::String => self.as_str() == Some(""),
            Kind::Array | Kind::Object => self.len() == 0,
        }
    }
}
