//! The compiled form of a schema the validator walks: every node once in an arena, `$ref`s
//! resolved to node indices (recursive definitions become cycles), and what the walk asks of a
//! node worked out in advance: accepted types as a bit set, patterns compiled, and the
//! pruning, defaulting, strip-zero, list-type and embedded-resource flags. Properties are found
//! by name through the property tables of the quick walk's form, which both walks use.

use super::custom_errors::{self, CustomError};
use super::formats;
use crate::errors::FieldError;
use crate::schema::{definition_name, Schema, SchemaType};
use crate::value::{Kind, ValueView};
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::collections::HashMap;

/// Looks up `$ref`s in an OpenAPI document's component schemas.
pub(crate) struct Refs<'s> {
    pub defs: &'s HashMap<String, Schema>,
}

impl<'s> Refs<'s> {
    /// The schema a node stands for, through `$ref` and the apiserver's single-`$ref` `allOf`.
    pub fn resolve(&self, s: &'s Schema) -> &'s Schema {
        crate::schema::resolve(s, |reference| {
            // A reference that is not a JSON pointer is taken as a definition's name.
            let name = definition_name(reference).unwrap_or(Cow::Borrowed(reference));
            self.defs.get(name.as_ref())
        })
    }
}

/// The index of a node in its [`Plan`].
pub(crate) type NodeId = usize;

/// Schemas compiled for validation.
#[derive(Debug)]
pub(crate) struct Plan {
    pub nodes: Vec<Node>,
    pub root: NodeId,
    /// The nodes in the quick walk's form.
    pub quick: super::quick::Form,
}

/// A bit set of the JSON types a node accepts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Types(u8);

impl Types {
    /// Accepts any value.
    pub const ANY: Types = Types(u8::MAX);
    const NULL: u8 = 1;
    const BOOLEAN: u8 = 2;
    const INTEGER: u8 = 4;
    const NUMBER: u8 = 8;
    const STRING: u8 = 16;
    const ARRAY: u8 = 32;
    const OBJECT: u8 = 64;
    /// Whole floats (`1.0`) pass as integers, as kube-openapi lets them.
    const WHOLE_FLOAT: u8 = 128;

    fn of_name(name: &str) -> u8 {
        match name {
            "null" => Types::NULL,
            "boolean" => Types::BOOLEAN,
            "integer" => Types::INTEGER | Types::WHOLE_FLOAT,
            "number" => Types::INTEGER | Types::NUMBER,
            "string" => Types::STRING,
            "array" => Types::ARRAY,
            "object" => Types::OBJECT,
            _ => 0,
        }
    }

    /// Whether a value of this kind (and, for floats, this value) is accepted.
    pub fn accepts<'a>(self, v: impl ValueView<'a>) -> bool {
        self.accepts_class(Class::of(v))
    }

    /// The classes of values accepted, as bits (bit `c` for class `c`).
    pub fn classes(self) -> u8 {
        Class::ALL
            .into_iter()
            .filter(|&c| self.accepts_class(c))
            .fold(0, |bits, c| bits | 1 << c as u8)
    }

    /// Whether values of this class are accepted.
    pub fn accepts_class(self, class: Class) -> bool {
        let bits = match class {
            Class::Null => Types::NULL,
            Class::Bool => Types::BOOLEAN,
            Class::Integer => Types::INTEGER,
            Class::WholeFloat => Types::NUMBER | Types::WHOLE_FLOAT,
            Class::Float => Types::NUMBER,
            Class::String => Types::STRING,
            Class::Array => Types::ARRAY,
            Class::Object => Types::OBJECT,
        };
        self.0 & bits != 0
    }
}

/// The classes of values that type checks tell apart: the JSON kinds, with floats split by
/// whether they are whole (which pass as integers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    // The first seven in the order of `Kind`, each the class of that kind's values (whole
    // floats aside), so that a kind maps to its class without a table.
    Null,
    Bool,
    Integer,
    Float,
    String,
    Array,
    Object,
    WholeFloat,
}

impl Class {
    pub const ALL: [Class; 8] = [
        Class::Null,
        Class::Bool,
        Class::Integer,
        Class::Float,
        Class::String,
        Class::Array,
        Class::Object,
        Class::WholeFloat,
    ];

    /// This class's bit in a set of classes.
    #[inline(always)]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The classes of arrays and objects, as bits.
    pub const CONTAINERS: u8 = 1 << Class::Array as u8 | 1 << Class::Object as u8;

    #[inline]
    pub fn of<'a>(v: impl ValueView<'a>) -> Class {
        Class::of_kind(v.kind(), v)
    }

    /// The class of `v`, whose kind is `kind`.
    #[inline]
    pub fn of_kind<'a>(kind: Kind, v: impl ValueView<'a>) -> Class {
        match kind {
            Kind::Null => Class::Null,
            Kind::Bool => Class::Bool,
            Kind::Integer => Class::Integer,
            Kind::Float if v.as_f64().is_some_and(|f| f.fract() == 0.0) => Class::WholeFloat,
            Kind::Float => Class::Float,
            Kind::String => Class::String,
            Kind::Array => Class::Array,
            Kind::Object => Class::Object,
        }
    }
}

/// What a node says of object keys it does not declare.
#[derive(Debug, Default)]
pub(crate) enum Unknown {
    /// Kept and not checked (preserve-unknown-fields, or nothing declared).
    #[default]
    Kept,
    /// Pruned and reported as unknown fields.
    Pruned,
    /// `additionalProperties: false`: each is a forbidden property.
    Forbidden,
    /// Checked against `additionalProperties`.
    Schema(NodeId),
}

/// A declared property.
#[derive(Debug)]
pub(crate) struct Property {
    pub name: Box<str>,
    pub node: NodeId,
    /// The default beside the property's schema (or `$ref`).
    pub default: Option<Value>,
    /// `x-kubernetes-strip-zero`: a zero value counts as unset.
    pub strip_zero: bool,
}

/// `x-kubernetes-list-type`.
#[derive(Debug, Default)]
pub(crate) enum ListType {
    #[default]
    Atomic,
    Set,
    /// The key properties, each with the default an absent key takes (the apiserver defaults an
    /// object before it checks its list types).
    Map(Vec<(String, Option<Value>)>),
}

/// A required property.
#[derive(Debug)]
pub(crate) enum Required {
    /// By its index in the node's properties.
    Declared(u32),
    /// A name the node does not declare.
    Undeclared(Box<str>),
}

/// A string node's `pattern`, compiled.
#[derive(Debug)]
pub(crate) struct Pattern {
    pub source: Box<str>,
    pub regex: Result<regex::Regex, regex::Error>,
}

/// One compiled schema node (the default checks nothing).
#[derive(Debug, Default)]
pub(crate) struct Node {
    pub types: Types,
    /// The declared types as kube-openapi lists them in messages (`integer,string`); empty
    /// when the node declares none and accepts any value.
    pub type_names: Box<str>,
    pub nullable: bool,
    pub any_of: Vec<NodeId>,
    pub one_of: Vec<NodeId>,
    pub all_of: Vec<NodeId>,
    pub not: Option<NodeId>,
    pub max_length: Option<u64>,
    pub min_length: Option<u64>,
    pub pattern: Option<Pattern>,
    /// A format the apiserver checks.
    pub format: Option<Box<str>>,
    /// An empty string passes the format: a built-in type's `[]byte` decodes `""` (the published
    /// `format: byte` says otherwise).
    pub empty_passes_format: bool,
    /// A null item is its type's zero value, as a built-in type's decoder makes it.
    pub null_item_is_zero: bool,
    pub multiple_of: Option<Number>,
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub exclusive_minimum: bool,
    pub exclusive_maximum: bool,
    pub items: Option<NodeId>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique_items: bool,
    pub enum_values: Vec<Value>,
    pub min_properties: Option<u64>,
    pub max_properties: Option<u64>,
    /// In the schema's order (the order kube-openapi checks them in).
    pub properties: Vec<Property>,
    /// Indices into `properties` of those with a default.
    pub defaulted: Vec<u32>,
    pub required: Vec<Required>,
    pub unknown: Unknown,
    /// `additionalProperties: false`.
    pub additional_false: bool,
    pub embedded: bool,
    pub list_type: ListType,
    /// Whether the list type's uniqueness is checked: for custom resources, not for built-in
    /// kinds, whose decoding keeps repeated keys (their hand-written validation refuses the
    /// repeats it refuses, such as two containers of one name).
    pub unique_keys: bool,
    /// The node checks nothing but `type` (and `nullable`): the common branch of `anyOf`.
    pub type_only: bool,
    /// The keywords given a custom message (`x-kubernetes-errors`), with it.
    pub custom_errors: Box<[(&'static str, CustomError)]>,
}

impl Node {
    /// Whether pruning drops the undeclared key `key` of this node's objects. `top`: the node
    /// is the validated object's root; there, and at embedded resources, a resource's
    /// `apiVersion`, `kind` and `metadata` are kept whatever the schema declares.
    #[inline]
    pub fn prunes(&self, key: &str, top: bool) -> bool {
        matches!(self.unknown, Unknown::Pruned)
            && !((top || self.embedded) && matches!(key, "apiVersion" | "kind" | "metadata"))
    }

    /// `error`, the failure of `keyword` here, with the custom message (and reason) the node
    /// gives that keyword, if it gives one.
    pub fn keyword_error(&self, keyword: &str, error: FieldError) -> FieldError {
        match self.custom_errors.iter().find(|(k, _)| *k == keyword) {
            Some((_, custom)) => custom_errors::apply(error, &custom.message, custom.error_type),
            None => error,
        }
    }

    /// Whether nothing but `type` and `nullable` is checked.
    fn checks_only_type(&self) -> bool {
        !self.composes()
            && self.max_length.is_none()
            && self.min_length.is_none()
            && self.pattern.is_none()
            && self.format.is_none()
            && self.multiple_of.is_none()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.items.is_none()
            && self.min_items.is_none()
            && self.max_items.is_none()
            && !self.unique_items
            && self.enum_values.is_empty()
            && self.min_properties.is_none()
            && self.max_properties.is_none()
            && self.properties.is_empty()
            && self.required.is_empty()
            && matches!(self.unknown, Unknown::Kept)
            && !self.additional_false
    }

    /// Whether the node combines schemas (`anyOf`, `oneOf`, `allOf`, `not`).
    pub fn composes(&self) -> bool {
        !(self.any_of.is_empty() && self.one_of.is_empty() && self.all_of.is_empty())
            || self.not.is_some()
    }
}

/// Where a property's value comes from once null, zero and default handling is done.
#[derive(Clone, Copy)]
pub(crate) enum Slot<'p, V> {
    Present(V),
    Default(&'p Value),
    Absent,
}

impl Property {
    /// The property's effective value, given what the object holds: a stripped zero or a null
    /// where null is not allowed counts as unset, and an unset property takes its default.
    pub fn slot<'p, 'a, V: ValueView<'a>>(
        &'p self,
        plan: &Plan,
        present: Option<V>,
    ) -> Slot<'p, V> {
        let present = present.filter(|v| {
            !(self.strip_zero && v.is_zero() || v.is_null() && !plan.nodes[self.node].nullable)
        });
        match (present, &self.default) {
            (Some(v), _) => Slot::Present(v),
            (None, Some(d)) => Slot::Default(d),
            (None, None) => Slot::Absent,
        }
    }
}

impl Plan {
    /// The index in node `id`'s properties of the declared property `name`.
    #[inline]
    pub fn property_index(&self, id: NodeId, name: &str) -> Option<u32> {
        self.quick.property_index(id, &self.nodes[id], name)
    }

    /// Compiles `schema`, whose `$ref`s point into `refs`.
    /// `native`: the schema is a built-in kind's, decoded into Go types (which accept what some
    /// published keywords refuse).
    pub fn compile<'s>(refs: &Refs<'s>, schema: &'s Schema, native: bool) -> Plan {
        let mut compiler = Compiler {
            refs,
            native,
            nodes: Vec::new(),
            seen: HashMap::new(),
        };
        let root = compiler.node(schema);
        let mut plan = Plan {
            quick: super::quick::Form::of(&compiler.nodes),
            nodes: compiler.nodes,
            root,
        };
        super::quick::prove_defaults(&mut plan);
        plan
    }
}

struct Compiler<'r, 's> {
    refs: &'r Refs<'s>,
    native: bool,
    nodes: Vec<Node>,
    /// Resolved schemas already compiled, by address (shared definitions compile once, and
    /// recursive ones close into cycles).
    seen: HashMap<*const Schema, NodeId>,
}

impl<'s> Compiler<'_, 's> {
    fn node(&mut self, schema: &'s Schema) -> NodeId {
        let s = self.refs.resolve(schema);
        // SAFETY of the key: schemas are only compared by address, never dereferenced.
        let key = s as *const Schema;
        if let Some(&id) = self.seen.get(&key) {
            return id;
        }
        let id = self.nodes.len();
        self.seen.insert(key, id);
        self.nodes.push(Node::default());
        let compiled = self.build(s);
        self.nodes[id] = compiled;
        id
    }

    fn build(&mut self, s: &'s Schema) -> Node {
        let names: Vec<&str> = if s.extension_flag("x-kubernetes-int-or-string") {
            vec!["integer", "string"]
        } else {
            match &s.schema_type {
                Some(SchemaType::Single(t)) if !t.is_empty() => vec![t.as_str()],
                Some(SchemaType::Many(ts)) => ts.iter().map(String::as_str).collect(),
                _ => Vec::new(),
            }
        };
        // A declared type kube-openapi does not know adds nothing: it accepts no value.
        let types = Types(names.iter().fold(0, |bits, n| bits | Types::of_name(n)));
        // A lone `$ref` in allOf was resolved already.
        let ref_only = s.reference.is_none()
            && s.schema_type.is_none()
            && matches!(s.all_of.as_slice(), [only] if only.reference.is_some());
        let all_of = if ref_only {
            Vec::new()
        } else {
            s.all_of.iter().map(|sub| self.node(sub)).collect()
        };
        let any_of = s.any_of.iter().map(|sub| self.node(sub)).collect();
        let one_of = s.one_of.iter().map(|sub| self.node(sub)).collect();
        let not = s.not.as_deref().map(|sub| self.node(sub));
        let items = s.items.as_deref().map(|sub| self.node(sub));
        let properties: Vec<Property> = s
            .properties
            .iter()
            .map(|(name, prop)| Property {
                name: name.as_str().into(),
                node: self.node(prop),
                default: prop.default.clone(),
                strip_zero: prop.extension_flag("x-kubernetes-strip-zero"),
            })
            .collect();
        let defaulted = (0..properties.len() as u32)
            .filter(|&i| properties[i as usize].default.is_some())
            .collect();
        let required = s
            .required
            .iter()
            .map(
                |name| match properties.iter().position(|p| *p.name == **name) {
                    Some(i) => Required::Declared(i as u32),
                    None => Required::Undeclared(name.as_str().into()),
                },
            )
            .collect();
        let unknown = if let Some(ap) = s.additional_properties.as_deref() {
            Unknown::Schema(self.node(ap))
        } else if s.additional_properties_allowed == Some(false) {
            // Properties are pruned before kube-openapi sees them; `false` then forbids the rest.
            if s.properties.is_empty() || s.extension_flag("x-kubernetes-preserve-unknown-fields") {
                Unknown::Forbidden
            } else {
                Unknown::Pruned
            }
        } else if s.properties.is_empty()
            || s.extension_flag("x-kubernetes-preserve-unknown-fields")
        {
            Unknown::Kept
        } else {
            Unknown::Pruned
        };
        let list_type = match s.list_type() {
            Some("set") => ListType::Set,
            Some("map") => {
                let item = s.items.as_deref().map(|i| self.refs.resolve(i));
                let default = |k: &str| {
                    let property = item?.properties.get(k)?;
                    self.refs
                        .resolve(property)
                        .default
                        .clone()
                        .or(property.default.clone())
                };
                ListType::Map(
                    s.list_map_keys()
                        .into_iter()
                        .map(|k| {
                            let d = default(&k);
                            (k, d)
                        })
                        .collect(),
                )
            }
            _ => ListType::Atomic,
        };
        let mut node = Node {
            types,
            type_names: names.join(",").into(),
            nullable: s.nullable,
            any_of,
            one_of,
            all_of,
            not,
            max_length: s.max_length,
            min_length: s.min_length,
            pattern: s.pattern.as_deref().map(|p| Pattern {
                source: p.into(),
                regex: regex::Regex::new(p),
            }),
            format: s
                .format
                .as_deref()
                .filter(|f| formats::is_validated(f))
                .map(Into::into),
            multiple_of: s.multiple_of.clone(),
            minimum: s.minimum.clone(),
            maximum: s.maximum.clone(),
            exclusive_minimum: s.exclusive_minimum,
            exclusive_maximum: s.exclusive_maximum,
            items,
            min_items: s.min_items,
            max_items: s.max_items,
            unique_items: s.unique_items,
            enum_values: s.enum_values.clone(),
            min_properties: s.min_properties,
            max_properties: s.max_properties,
            properties,
            defaulted,
            required,
            unknown,
            additional_false: s.additional_properties_allowed == Some(false),
            embedded: s.extension_flag("x-kubernetes-embedded-resource"),
            list_type,
            unique_keys: !self.native,
            type_only: false,
            custom_errors: {
                let mut custom = custom_errors::all(s);
                if self.native {
                    let bounds = custom_errors::declarative_bounds(s, &custom);
                    custom.extend(bounds);
                }
                custom.into()
            },
            empty_passes_format: self.native && s.format.as_deref() == Some("byte"),
            null_item_is_zero: self.native,
        };
        node.type_only = node.checks_only_type();
        node
    }
}
