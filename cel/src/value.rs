//! CEL values. Strings, lists and maps can borrow from the document being validated (a JSON
//! array or object is looked at in place, never converted as a whole), hold JSON of their own
//! behind an `Arc` (a Rust value serialized to be read, [`Value::from_json_owned`]), or be
//! shared results of evaluation; cloning a value is cheap either way.
//!
//! Equality is CEL's heterogeneous equality (`1 == 1u == 1.0`, lists and maps element-wise,
//! values of different types unequal); ordering is defined within numbers (across int, uint and
//! double), strings, bytes, bools, timestamps and durations.

use super::decl::{Decl, DeclKind, FieldDecl, ListSemantics, ObjectDecl};
use super::error::{EvalError, EvalResult};
pub use super::library::mutation::StructValue;
pub use super::native::{Native, NativeList, NativeMap, NativeObject, ToCel};
use chrono::{DateTime, TimeDelta, Utc};
use indexmap::IndexMap;
use std::any::Any;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A CEL value; `'a` is the lifetime of the document it may borrow from.
#[derive(Clone, Debug)]
pub enum Value<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Double(f64),
    String(Str<'a>),
    Bytes(Arc<[u8]>),
    List(List<'a>),
    Map(Map<'a>),
    Timestamp(DateTime<Utc>),
    Duration(TimeDelta),
    Type(TypeName),
    Optional(Option<Arc<Value<'a>>>),
    Opaque(Arc<dyn Opaque>),
    /// An object of a schema with properties, read in place through its declaration.
    Object(ObjectView<'a>),
    /// A message the expression built: a mutation's `Object{...}` or `JSONPatch{...}`.
    Struct(Arc<StructValue<'a>>),
    /// Data that does not convert to its declared type (bad base64, an unparsable date...): an
    /// error as soon as anything uses it.
    Invalid(Arc<EvalError>),
}

/// An object seen through the declaration of its schema: only declared properties are
/// visible, under their escaped names, and unset (absent or `null`) properties are absent.
#[derive(Clone, Debug)]
pub struct ObjectView<'a> {
    pub source: ObjectSource<'a>,
    pub decl: &'a ObjectDecl,
}

/// What an object's members are read from.
#[derive(Clone, Debug)]
pub enum ObjectSource<'a> {
    Json(&'a serde_json::Map<String, serde_json::Value>),
    /// A Rust value (a derived type), read through [`NativeObject`].
    Native(Native<'a, dyn NativeObject + 'a>),
    /// JSON the value owns ([`Value::from_json_owned`]).
    Shared(Arc<serde_json::Map<String, serde_json::Value>>),
}

impl<'a> ObjectView<'a> {
    pub fn json(map: &'a serde_json::Map<String, serde_json::Value>, decl: &'a ObjectDecl) -> Self {
        ObjectView {
            source: ObjectSource::Json(map),
            decl,
        }
    }

    pub fn native(object: &'a (dyn NativeObject + 'a), decl: &'a ObjectDecl) -> Self {
        ObjectView {
            source: ObjectSource::Native(Native(object)),
            decl,
        }
    }

    /// The value of a property by its CEL name; `None` when unset.
    pub fn get(&self, cel_name: &str) -> Option<Value<'a>> {
        self.member(self.decl.field(cel_name)?)
    }

    /// The value of a property by its JSON name; `None` when unset or undeclared.
    pub fn get_json(&self, json_name: &str) -> Option<Value<'a>> {
        self.member(self.decl.fields.iter().find(|f| f.json_name == json_name)?)
    }

    fn member(&self, field: &'a FieldDecl) -> Option<Value<'a>> {
        match &self.source {
            ObjectSource::Json(map) => match map.get(&field.json_name) {
                None | Some(serde_json::Value::Null) => None,
                Some(v) => Some(Value::from_json_decl(v, &field.decl)),
            },
            ObjectSource::Native(object) => object.0.member(&field.json_name, &field.decl),
            ObjectSource::Shared(map) => match map.get(&field.json_name) {
                None | Some(serde_json::Value::Null) => None,
                Some(v) => Some(Value::from_json_owned(v.clone(), &field.decl)),
            },
        }
    }

    /// The object as JSON: the whole map when it is JSON, its set members otherwise.
    pub fn to_json(&self) -> serde_json::Value {
        match &self.source {
            ObjectSource::Json(map) => serde_json::Value::Object((*map).clone()),
            ObjectSource::Shared(map) => serde_json::Value::Object((**map).clone()),
            ObjectSource::Native(_) => serde_json::Value::Object(
                self.decl
                    .fields
                    .iter()
                    .filter_map(|f| Some((f.json_name.clone(), self.member(f)?.to_json())))
                    .collect(),
            ),
        }
    }

    /// Whether the declaration has this property at all.
    pub fn declares(&self, cel_name: &str) -> bool {
        self.decl.field(cel_name).is_some()
    }
}

/// A value of a type defined outside the CEL core (Kubernetes' Quantity, IP, URL...).
pub trait Opaque: fmt::Debug + Send + Sync {
    /// The CEL type name, e.g. `kubernetes.Quantity`.
    fn type_name(&self) -> &'static str;
    fn equals(&self, other: &dyn Opaque) -> bool;
    fn as_any(&self) -> &dyn Any;
    /// The ordering, for types that have one.
    fn compare(&self, _other: &dyn Opaque) -> Option<Ordering> {
        None
    }
    /// What `string(v)` gives, for types that convert.
    fn to_cel_string(&self) -> Option<String> {
        None
    }
}

/// A string: borrowed from the document or shared.
#[derive(Clone)]
pub enum Str<'a> {
    Borrowed(&'a str),
    Shared(Arc<str>),
}

impl std::ops::Deref for Str<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Str::Borrowed(s) => s,
            Str::Shared(s) => s,
        }
    }
}

impl fmt::Debug for Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// The name of a CEL type, as a value (`type(1) == int`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeName(pub Arc<str>);

impl TypeName {
    pub fn new(name: &str) -> TypeName {
        TypeName(Arc::from(name))
    }
}

/// A list: a JSON array in place (typed by its schema or not), a Rust collection in place,
/// shared values, or a JSON array the value owns, typed by its schema.
#[derive(Clone, Debug)]
pub enum List<'a> {
    Json(&'a [serde_json::Value]),
    Typed(&'a [serde_json::Value], &'a Decl, &'a ListSemantics),
    Native(Native<'a, dyn NativeList + 'a>, &'a Decl, &'a ListSemantics),
    Values(Arc<Vec<Value<'a>>>),
    Shared(Arc<Vec<serde_json::Value>>, &'a Decl, &'a ListSemantics),
}

/// A map: a JSON object in place (typed by its schema or not), a Rust map in place, shared
/// entries, or a JSON object the value owns, typed by its schema.
#[derive(Clone, Debug)]
pub enum Map<'a> {
    Json(&'a serde_json::Map<String, serde_json::Value>),
    Typed(&'a serde_json::Map<String, serde_json::Value>, &'a Decl),
    Native(Native<'a, dyn NativeMap + 'a>, &'a Decl),
    Entries(Arc<IndexMap<Key<'a>, Value<'a>>>),
    Shared(Arc<serde_json::Map<String, serde_json::Value>>, &'a Decl),
}

/// A map key: CEL allows bool, int, uint and string keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key<'a> {
    Bool(bool),
    Int(i64),
    Uint(u64),
    String(KeyStr<'a>),
}

/// A string key, hashing and comparing as its text.
#[derive(Clone, Debug)]
pub struct KeyStr<'a>(pub Str<'a>);

impl PartialEq for KeyStr<'_> {
    fn eq(&self, other: &Self) -> bool {
        *self.0 == *other.0
    }
}
impl Eq for KeyStr<'_> {}
impl Hash for KeyStr<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (*self.0).hash(state)
    }
}

impl<'a> Key<'a> {
    pub fn from_value(value: &Value<'a>) -> EvalResult<Key<'a>> {
        match value {
            Value::Bool(b) => Ok(Key::Bool(*b)),
            Value::Int(i) => Ok(Key::Int(*i)),
            Value::Uint(u) => Ok(Key::Uint(*u)),
            Value::String(s) => Ok(Key::String(KeyStr(s.clone()))),
            _ => Err(EvalError::new(format!(
                "unsupported key type: {}",
                value.type_name().0
            ))),
        }
    }

    pub fn to_value(&self) -> Value<'a> {
        match self {
            Key::Bool(b) => Value::Bool(*b),
            Key::Int(i) => Value::Int(*i),
            Key::Uint(u) => Value::Uint(*u),
            Key::String(s) => Value::String(s.0.clone()),
        }
    }

    /// The keys equal to this one under CEL's heterogeneous equality (itself included).
    pub fn equivalents(&self) -> Vec<Key<'a>> {
        Key::candidates(&self.to_value())
    }

    /// The keys under which a lookup with this value may find an entry (numbers are equal across
    /// int, uint and double).
    fn candidates(value: &Value<'a>) -> Vec<Key<'a>> {
        match value {
            Value::Int(i) => {
                let mut v = vec![Key::Int(*i)];
                if *i >= 0 {
                    v.push(Key::Uint(*i as u64));
                }
                v
            }
            Value::Uint(u) => {
                let mut v = vec![Key::Uint(*u)];
                if let Ok(i) = i64::try_from(*u) {
                    v.push(Key::Int(i));
                }
                v
            }
            Value::Double(d) if d.fract() == 0.0 && d.is_finite() => {
                let mut v = Vec::new();
                if *d >= -9.223_372_036_854_776e18 && *d < 9.223_372_036_854_776e18 {
                    v.push(Key::Int(*d as i64));
                }
                if *d >= 0.0 && *d < 1.844_674_407_370_955_2e19 {
                    v.push(Key::Uint(*d as u64));
                }
                v
            }
            Value::Bool(b) => vec![Key::Bool(*b)],
            Value::String(s) => vec![Key::String(KeyStr(s.clone()))],
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Bool(b) => write!(f, "{b}"),
            Key::Int(i) => write!(f, "{i}"),
            Key::Uint(u) => write!(f, "{u}"),
            Key::String(s) => write!(f, "{}", &*s.0),
        }
    }
}

impl<'a> List<'a> {
    pub fn from_values(values: Vec<Value<'a>>) -> List<'a> {
        List::Values(Arc::new(values))
    }

    pub fn len(&self) -> usize {
        match self {
            List::Json(items) | List::Typed(items, ..) => items.len(),
            List::Native(list, ..) => list.0.len(),
            List::Values(values) => values.len(),
            List::Shared(items, ..) => items.len(),
        }
    }

    /// The list's `x-kubernetes-list-type`, when its schema gives one.
    pub fn semantics(&self) -> &ListSemantics {
        match self {
            List::Typed(_, _, semantics)
            | List::Native(_, _, semantics)
            | List::Shared(_, _, semantics) => semantics,
            _ => &ListSemantics::Atomic,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, index: usize) -> Option<Value<'a>> {
        match self {
            List::Json(items) => items.get(index).map(Value::from_json),
            List::Typed(items, decl, _) => items.get(index).map(|v| Value::from_json_decl(v, decl)),
            List::Native(list, decl, _) => list.0.item(index, decl),
            List::Values(values) => values.get(index).cloned(),
            List::Shared(items, decl, _) => items
                .get(index)
                .map(|v| Value::from_json_owned(v.clone(), decl)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = Value<'a>> + '_ {
        (0..self.len()).map(move |i| self.get(i).expect("index below len"))
    }

    pub fn to_vec(&self) -> Vec<Value<'a>> {
        self.iter().collect()
    }
}

impl<'a> Map<'a> {
    pub fn from_entries(entries: IndexMap<Key<'a>, Value<'a>>) -> Map<'a> {
        Map::Entries(Arc::new(entries))
    }

    pub fn len(&self) -> usize {
        match self {
            Map::Json(m) | Map::Typed(m, _) => m.len(),
            Map::Native(m, _) => m.0.len(),
            Map::Entries(e) => e.len(),
            Map::Shared(m, _) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value under a key, with numeric keys matching across int, uint and double.
    pub fn get(&self, key: &Value<'a>) -> Option<Value<'a>> {
        match self {
            Map::Json(_) | Map::Typed(..) | Map::Native(..) | Map::Shared(..) => match key {
                Value::String(s) => self.get_str(s),
                _ => None,
            },
            Map::Entries(e) => Key::candidates(key).iter().find_map(|k| e.get(k).cloned()),
        }
    }

    pub fn get_str(&self, key: &str) -> Option<Value<'a>> {
        match self {
            Map::Json(m) => json_get(m, key).map(Value::from_json),
            Map::Typed(m, decl) => json_get(m, key).map(|v| Value::from_json_decl(v, decl)),
            Map::Native(m, decl) => m.0.get(key, decl),
            Map::Shared(m, decl) => {
                json_get(m, key).map(|v| Value::from_json_owned(v.clone(), decl))
            }
            Map::Entries(e) if e.len() <= SMALL_MAP => e.iter().find_map(|(k, v)| match k {
                Key::String(s) if *s.0 == *key => Some(v.clone()),
                _ => None,
            }),
            Map::Entries(e) => e
                .get(&Key::String(KeyStr(Str::Shared(Arc::from(key)))))
                .cloned(),
        }
    }

    pub fn contains(&self, key: &Value<'a>) -> bool {
        self.get(key).is_some()
    }

    pub fn keys(&self) -> Vec<Value<'a>> {
        match self {
            Map::Json(m) | Map::Typed(m, _) => m
                .keys()
                .map(|k| Value::String(Str::Borrowed(k.as_str())))
                .collect(),
            Map::Native(m, _) => {
                m.0.keys()
                    .into_iter()
                    .map(|k| Value::String(Str::Borrowed(k)))
                    .collect()
            }
            Map::Entries(e) => e.keys().map(Key::to_value).collect(),
            Map::Shared(m, _) => m.keys().map(|k| Value::string(k.as_str())).collect(),
        }
    }

    pub fn entries(&self) -> Vec<(Value<'a>, Value<'a>)> {
        match self {
            Map::Json(m) => m
                .iter()
                .map(|(k, v)| {
                    (
                        Value::String(Str::Borrowed(k.as_str())),
                        Value::from_json(v),
                    )
                })
                .collect(),
            Map::Typed(m, decl) => m
                .iter()
                .map(|(k, v)| {
                    (
                        Value::String(Str::Borrowed(k.as_str())),
                        Value::from_json_decl(v, decl),
                    )
                })
                .collect(),
            Map::Native(m, decl) => {
                m.0.keys()
                    .into_iter()
                    .filter_map(|k| Some((Value::String(Str::Borrowed(k)), m.0.get(k, decl)?)))
                    .collect()
            }
            Map::Entries(e) => e.iter().map(|(k, v)| (k.to_value(), v.clone())).collect(),
            Map::Shared(m, decl) => m
                .iter()
                .map(|(k, v)| {
                    (
                        Value::string(k.as_str()),
                        Value::from_json_owned(v.clone(), decl),
                    )
                })
                .collect(),
        }
    }
}

/// Built maps up to this size are searched in order, which needs no key to be allocated.
const SMALL_MAP: usize = 8;

fn json_get<'m>(
    m: &'m serde_json::Map<String, serde_json::Value>,
    key: &str,
) -> Option<&'m serde_json::Value> {
    m.get(key)
}

impl<'a> Value<'a> {
    pub fn string(s: impl Into<Arc<str>>) -> Value<'a> {
        Value::String(Str::Shared(s.into()))
    }

    /// A JSON value seen as CEL without a schema: integers that fit int64 are ints, other
    /// numbers doubles; arrays and objects are looked at in place.
    pub fn from_json(json: &'a serde_json::Value) -> Value<'a> {
        match json {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::untyped_number(n),
            serde_json::Value::String(s) => Value::String(Str::Borrowed(s)),
            serde_json::Value::Array(items) => Value::List(List::Json(items)),
            serde_json::Value::Object(map) => Value::Map(Map::Json(map)),
        }
    }

    /// A JSON value seen through the declaration of its schema: integers as ints, numbers as
    /// doubles (whole ones too), `byte`/`date`/`date-time`/`duration` strings converted, objects
    /// with properties as objects, `additionalProperties` as maps; data that does not fit its
    /// declaration becomes [`Value::Invalid`].
    pub fn from_json_decl(json: &'a serde_json::Value, decl: &'a Decl) -> Value<'a> {
        use serde_json::Value as J;
        match (viewed(json, decl), json) {
            (Viewed::Done(v), _) => v,
            (Viewed::Str, J::String(s)) => Value::from_str_decl(s, decl),
            (Viewed::Object(o), J::Object(m)) => Value::Object(ObjectView::json(m, o)),
            (Viewed::Map(v), J::Object(m)) => Value::Map(Map::Typed(m, v)),
            (Viewed::List(item, semantics), J::Array(items)) => {
                Value::List(List::Typed(items, item, semantics))
            }
            _ => Value::from_json(json),
        }
    }

    /// [`Value::from_json_decl`] of JSON the value owns (a Rust value serialized to be read):
    /// the same value, holding its JSON instead of borrowing it.
    pub fn from_json_owned(json: serde_json::Value, decl: &'a Decl) -> Value<'a> {
        use serde_json::Value as J;
        match (viewed(&json, decl), json) {
            (Viewed::Done(v), _) => v,
            (Viewed::Str, J::String(s)) => Value::from_string_decl(s, decl),
            (Viewed::Object(o), J::Object(m)) => Value::Object(ObjectView {
                source: ObjectSource::Shared(Arc::new(m)),
                decl: o,
            }),
            (Viewed::Map(v), J::Object(m)) => Value::Map(Map::Shared(Arc::new(m), v)),
            (Viewed::List(item, semantics), J::Array(items)) => {
                Value::List(List::Shared(Arc::new(items), item, semantics))
            }
            (_, json) => Value::from_json_untyped_owned(json),
        }
    }

    /// A JSON number seen without a schema: an int when it fits int64, a uint when it fits
    /// uint64, a double otherwise.
    fn untyped_number(n: &serde_json::Number) -> Value<'static> {
        match n.as_i64() {
            Some(i) => Value::Int(i),
            None => match n.as_u64() {
                Some(u) => Value::Uint(u),
                None => Value::Double(n.as_f64().unwrap_or(f64::NAN)),
            },
        }
    }

    /// [`Value::from_json`] of JSON the value owns.
    fn from_json_untyped_owned(json: serde_json::Value) -> Value<'static> {
        use serde_json::Value as J;
        match json {
            J::Null => Value::Null,
            J::Bool(b) => Value::Bool(b),
            J::Number(n) => Value::untyped_number(&n),
            J::String(s) => Value::string(s),
            J::Array(items) => Value::List(List::from_values(
                items
                    .into_iter()
                    .map(Value::from_json_untyped_owned)
                    .collect(),
            )),
            J::Object(m) => Value::Map(Map::from_entries(
                m.into_iter()
                    .map(|(k, v)| {
                        (
                            Key::String(KeyStr(Str::Shared(Arc::from(k)))),
                            Value::from_json_untyped_owned(v),
                        )
                    })
                    .collect(),
            )),
        }
    }

    /// A string seen through the declaration of its schema: `byte`, `date`, `date-time` and
    /// `duration` strings converted; a string where the schema wants no string is
    /// [`Value::Invalid`].
    pub fn from_str_decl(s: &'a str, decl: &Decl) -> Value<'a> {
        match &decl.kind {
            DeclKind::String | DeclKind::IntOrString | DeclKind::Any => {
                Value::String(Str::Borrowed(s))
            }
            _ => Value::decode_str(s, decl),
        }
    }

    /// [`Value::from_str_decl`] of a string the value owns.
    pub fn from_string_decl(s: String, decl: &Decl) -> Value<'static> {
        match &decl.kind {
            DeclKind::String | DeclKind::IntOrString | DeclKind::Any => {
                Value::String(Str::Shared(Arc::from(s)))
            }
            _ => Value::decode_str(&s, decl),
        }
    }

    /// A string read as a value of another declared kind (bytes, timestamp, duration).
    fn decode_str(s: &str, decl: &Decl) -> Value<'static> {
        match &decl.kind {
            DeclKind::Bytes => {
                use base64::Engine as _;
                match base64::engine::general_purpose::STANDARD.decode(s) {
                    Ok(b) => Value::Bytes(Arc::from(b)),
                    Err(e) => Value::Invalid(Arc::new(EvalError::new(format!(
                        "Invalid byte formatted string {s:?}: {e}"
                    )))),
                }
            }
            DeclKind::Timestamp { date_only } => {
                match super::time::parse_schema_time(s, *date_only) {
                    Ok(t) => Value::Timestamp(t),
                    Err(e) => Value::Invalid(Arc::new(e)),
                }
            }
            DeclKind::Duration => match super::time::parse_schema_duration(s) {
                Ok(d) => Value::Duration(d),
                Err(e) => Value::Invalid(Arc::new(e)),
            },
            _ => Value::Invalid(Arc::new(EvalError::new(
                "invalid data, got string for schema of another type",
            ))),
        }
    }

    /// The CEL type of this value.
    pub fn type_name(&self) -> TypeName {
        if let Value::Struct(s) = self {
            return TypeName(s.type_name.clone());
        }
        TypeName::new(match self {
            Value::Null => "null_type",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Uint(_) => "uint",
            Value::Double(_) => "double",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::List(_) => "list",
            Value::Map(_) => "map",
            Value::Timestamp(_) => "google.protobuf.Timestamp",
            Value::Duration(_) => "google.protobuf.Duration",
            Value::Type(_) => "type",
            Value::Optional(_) => "optional_type",
            Value::Opaque(o) => o.type_name(),
            Value::Object(_) => "object",
            Value::Struct(_) => unreachable!("named above"),
            Value::Invalid(_) => "error",
        })
    }

    /// The value as JSON (for printing results): timestamps and durations as their string
    /// forms, bytes as base64, types by name.
    pub fn to_json(&self) -> serde_json::Value {
        use base64::Engine as _;
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Uint(u) => serde_json::Value::from(*u),
            Value::Double(d) => serde_json::Number::from_f64(*d).map_or_else(
                || serde_json::Value::String(format_double(*d)),
                serde_json::Value::Number,
            ),
            Value::String(s) => serde_json::Value::String(s.to_string()),
            Value::Bytes(b) => {
                serde_json::Value::String(base64::engine::general_purpose::STANDARD.encode(b))
            }
            Value::List(l) => serde_json::Value::Array(l.iter().map(|v| v.to_json()).collect()),
            Value::Map(m) => serde_json::Value::Object(
                m.entries()
                    .into_iter()
                    .map(|(k, v)| (k.display_string(), v.to_json()))
                    .collect(),
            ),
            Value::Timestamp(t) => serde_json::Value::String(format_timestamp(t)),
            Value::Duration(d) => serde_json::Value::String(format_duration(d)),
            Value::Type(t) => serde_json::Value::String(t.0.to_string()),
            Value::Optional(Some(v)) => v.to_json(),
            Value::Optional(None) => serde_json::Value::Null,
            Value::Opaque(o) => serde_json::Value::String(format!("{o:?}")),
            Value::Object(o) => o.to_json(),
            Value::Struct(s) => s.to_json(),
            Value::Invalid(e) => serde_json::Value::String(format!("<error: {e}>")),
        }
    }

    /// The text of a scalar as `string()` would give it (used for map keys and messages).
    pub fn display_string(&self) -> String {
        match self {
            Value::String(s) => s.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Uint(u) => u.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Double(d) => format_double(*d),
            other => other.to_json().to_string(),
        }
    }

    /// CEL heterogeneous equality.
    pub fn equals(&self, other: &Value<'_>) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::String(a), Value::String(b)) => **a == **b,
            (Value::Bytes(a), Value::Bytes(b)) => a == b,
            (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            (Value::Duration(a), Value::Duration(b)) => a == b,
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::List(a), Value::List(b)) => list_equals(a, b),
            (Value::Struct(a), Value::Struct(b)) => a.equals(b),
            (Value::Object(a), Value::Object(b)) => {
                std::ptr::eq(a.decl, b.decl)
                    && a.decl.fields.iter().all(|f| {
                        match (a.get(&f.cel_name), b.get(&f.cel_name)) {
                            (None, None) => true,
                            (Some(x), Some(y)) => x.equals(&y),
                            _ => false,
                        }
                    })
            }
            (Value::Map(a), Value::Map(b)) => {
                a.len() == b.len()
                    && a.entries().iter().all(|(k, v)| {
                        b.get(&k.clone().into_static_key())
                            .is_some_and(|w| v.equals(&w))
                    })
            }
            (Value::Optional(a), Value::Optional(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x.equals(y),
                _ => false,
            },
            (Value::Opaque(a), Value::Opaque(b)) => {
                a.type_name() == b.type_name() && a.equals(b.as_ref())
            }
            (a, b) => match numeric_cmp(a, b) {
                Some(ord) => ord == Ordering::Equal,
                None => false,
            },
        }
    }

    fn into_static_key(self) -> Value<'a> {
        self
    }

    /// CEL ordering (`<`, `<=`, ...): `Err(no such overload)` for values that have none.
    pub fn compare(&self, other: &Value<'_>) -> EvalResult<Ordering> {
        match (self, other) {
            (Value::Bool(a), Value::Bool(b)) => Ok(a.cmp(b)),
            (Value::String(a), Value::String(b)) => Ok((**a).cmp(&**b)),
            (Value::Bytes(a), Value::Bytes(b)) => Ok(a.cmp(b)),
            (Value::Timestamp(a), Value::Timestamp(b)) => Ok(a.cmp(b)),
            (Value::Duration(a), Value::Duration(b)) => Ok(a.cmp(b)),
            (Value::Opaque(a), Value::Opaque(b)) if a.type_name() == b.type_name() => a
                .compare(b.as_ref())
                .ok_or_else(EvalError::no_such_overload),
            (a, b) if a.is_number() && b.is_number() => match numeric_cmp(a, b) {
                Some(ord) => Ok(ord),
                // NaN is unordered: every comparison with it is false, which callers get by
                // treating `None` as "not less, not equal, not greater".
                None => Err(EvalError::new("NaN")),
            },
            _ => Err(EvalError::no_such_overload()),
        }
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Uint(_) | Value::Double(_))
    }
}

/// What a JSON value is under a declaration, before anything of it is borrowed or owned: a
/// value that holds none of it, or the part of it to read and how.
enum Viewed<'d> {
    Done(Value<'static>),
    /// A string, read through the declaration.
    Str,
    Object(&'d ObjectDecl),
    Map(&'d Decl),
    List(&'d Decl, &'d ListSemantics),
    /// Anything, read without a declaration.
    Untyped,
}

fn viewed<'d>(json: &serde_json::Value, decl: &'d Decl) -> Viewed<'d> {
    use serde_json::Value as J;
    let invalid = |message: String| Viewed::Done(Value::Invalid(Arc::new(EvalError::new(message))));
    if json.is_null() {
        return if decl.nullable {
            Viewed::Done(Value::Null)
        } else {
            invalid("invalid data, got null for schema with nullable=false".to_string())
        };
    }
    match (&decl.kind, json) {
        (DeclKind::Bool, J::Bool(b)) => Viewed::Done(Value::Bool(*b)),
        (DeclKind::Int, J::Number(n)) => match n.as_i64() {
            Some(i) => Viewed::Done(Value::Int(i)),
            None => invalid(format!("invalid data, expected an integer, got {n}")),
        },
        (DeclKind::Double, J::Number(n)) => {
            Viewed::Done(Value::Double(n.as_f64().unwrap_or(f64::NAN)))
        }
        (_, J::String(_)) => Viewed::Str,
        (DeclKind::IntOrString, J::Number(n)) if n.is_i64() => {
            Viewed::Done(Value::Int(n.as_i64().expect("checked")))
        }
        (DeclKind::IntOrString, _) => invalid(
            "invalid data, expected XIntOrString value to be either a string or integer"
                .to_string(),
        ),
        (DeclKind::Object(o), J::Object(_)) => Viewed::Object(o),
        (DeclKind::Map(v), J::Object(_)) => Viewed::Map(v),
        (DeclKind::List { item, semantics }, J::Array(_)) => Viewed::List(item, semantics),
        (DeclKind::Any, _) => Viewed::Untyped,
        (_, other) => invalid(format!(
            "invalid data, got {} for schema of another type",
            json_kind(other)
        )),
    }
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "bool",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}

/// List equality: in order, unless the left list is a `set` (order ignored) or a `map` list
/// (items matched by their keys), as Kubernetes' list types make it.
fn list_equals(a: &List<'_>, b: &List<'_>) -> bool {
    if a.len() != b.len() {
        return false;
    }
    match a.semantics() {
        ListSemantics::Atomic => a.iter().zip(b.iter()).all(|(x, y)| x.equals(&y)),
        ListSemantics::Set => {
            let (xs, ys) = (a.to_vec(), b.to_vec());
            xs.iter().all(|x| ys.iter().any(|y| x.equals(y)))
                && ys.iter().all(|y| xs.iter().any(|x| x.equals(y)))
        }
        ListSemantics::Map(keys) => {
            let key_of = |v: &Value<'_>| -> Vec<Option<serde_json::Value>> {
                keys.iter()
                    .map(|k| match v {
                        Value::Object(o) => o.get_json(k).map(|v| v.to_json()),
                        Value::Map(m) => m.get_str(k).map(|x| x.to_json()),
                        _ => None,
                    })
                    .collect()
            };
            let ys = b.to_vec();
            a.iter().all(|x| {
                let kx = key_of(&x);
                ys.iter().any(|y| key_of(y) == kx && x.equals(y))
            })
        }
    }
}

/// Exact comparison across int, uint and double; `None` when either is not a number or NaN.
pub fn numeric_cmp(a: &Value<'_>, b: &Value<'_>) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Uint(x), Value::Uint(y)) => Some(x.cmp(y)),
        (Value::Double(x), Value::Double(y)) => x.partial_cmp(y),
        (Value::Int(x), Value::Uint(y)) => Some(if *x < 0 {
            Ordering::Less
        } else {
            (*x as u64).cmp(y)
        }),
        (Value::Uint(x), Value::Int(y)) => Some(if *y < 0 {
            Ordering::Greater
        } else {
            x.cmp(&(*y as u64))
        }),
        // cel-go compares an integer with a double as two doubles (lossy above 2^53).
        (Value::Int(x), Value::Double(y)) => (*x as f64).partial_cmp(y),
        (Value::Double(x), Value::Int(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Uint(x), Value::Double(y)) => (*x as f64).partial_cmp(y),
        (Value::Double(x), Value::Uint(y)) => x.partial_cmp(&(*y as f64)),
        _ => None,
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)` as cel-go's `string(double)` uses it: the shortest
/// representation that round-trips, in exponent form below 1e-4 and from 1e21 up.
pub fn format_double(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".to_string()
        } else {
            "-Inf".to_string()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0".to_string()
        } else {
            "0".to_string()
        };
    }
    let sci = format!("{f:e}");
    let (mantissa, exponent) = sci.split_once('e').expect("{:e} has an exponent");
    let exponent: i32 = exponent.parse().expect("an integer exponent");
    if !(-4..21).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    } else {
        format!("{f}")
    }
}

/// RFC 3339 with as many fractional digits as needed (cel-go's timestamp to string).
pub fn format_timestamp(t: &DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)
}

/// A duration as cel-go prints it: seconds with up to 9 fractional digits and an `s`.
pub fn format_duration(d: &TimeDelta) -> String {
    let nanos = d
        .num_nanoseconds()
        .map(i128::from)
        .unwrap_or_else(|| i128::from(d.num_seconds()) * 1_000_000_000);
    let sign = if nanos < 0 { "-" } else { "" };
    let abs = nanos.unsigned_abs();
    let secs = abs / 1_000_000_000;
    let frac = abs % 1_000_000_000;
    if frac == 0 {
        format!("{sign}{secs}s")
    } else {
        let digits = format!("{frac:09}");
        format!("{sign}{secs}.{}s", digits.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heterogeneous_numeric_equality_and_ordering() {
        assert!(Value::Int(1).equals(&Value::Uint(1)));
        assert!(Value::Int(1).equals(&Value::Double(1.0)));
        assert!(!Value::Int(1).equals(&Value::Double(1.5)));
        assert!(!Value::Int(1).equals(&Value::string("1")));
        assert_eq!(
            Value::Int(-1).compare(&Value::Uint(0)).unwrap(),
            Ordering::Less
        );
        assert_eq!(
            Value::Double(1.5).compare(&Value::Int(1)).unwrap(),
            Ordering::Greater
        );
        assert_eq!(
            Value::Int(i64::MAX)
                .compare(&Value::Double(9.3e18))
                .unwrap(),
            Ordering::Less
        );
        assert!(Value::Int(1).compare(&Value::string("a")).is_err());
        assert!(!Value::Double(f64::NAN).equals(&Value::Double(f64::NAN)));
    }

    #[test]
    fn json_is_viewed_in_place() {
        let doc = serde_json::json!({"a": [1, 2.5, "x"], "b": {"c": true}});
        let Value::Map(m) = Value::from_json(&doc) else {
            panic!()
        };
        let Some(Value::List(l)) = m.get_str("a") else {
            panic!()
        };
        assert_eq!(l.len(), 3);
        assert!(matches!(l.get(0), Some(Value::Int(1))));
        assert!(matches!(l.get(1), Some(Value::Double(_))));
        assert!(Value::from_json(&doc).equals(&Value::from_json(&doc.clone())));
    }

    #[test]
    fn doubles_print_like_go() {
        assert_eq!(format_double(1.5), "1.5");
        assert_eq!(format_double(1e100), "1e+100");
        assert_eq!(format_double(1e20), "100000000000000000000");
        assert_eq!(format_double(1e21), "1e+21");
        assert_eq!(format_double(0.0001), "0.0001");
        assert_eq!(format_double(0.00001), "1e-05");
        assert_eq!(format_double(-2.0), "-2");
    }

    #[test]
    fn durations_print_like_cel_go() {
        assert_eq!(format_duration(&TimeDelta::seconds(90)), "90s");
        assert_eq!(format_duration(&TimeDelta::milliseconds(-1500)), "-1.5s");
    }
}
