//! Types with no definition of their own, written in place at each use as openapi-gen writes a
//! Go defined non-struct type (`type Protocol string` with `+enum`, `type Port int32`): a
//! string enum (a Rust enum of unit variants) and a newtype (`struct Port(u16)`,
//! `#[serde(transparent)]`). A use takes the type's schema, its zero value as the enforced
//! default of a non-pointer use, the "Possible enum values" lines at the end of a field's
//! description, and the type's tags, lowered there; the use's own tags come after.

use super::Definition;
use crate::schema::{ref_target, Schema};
use crate::tags::lower::{lower, At, Place, ValueKind};
use crate::tags::read::read_line;
use crate::tags::registry::Scopes;
use serde_json::Value;

/// How a use of an inline type is written.
#[derive(Clone, Debug)]
pub struct Inline {
    /// The schema of a use before any tag: type and format, `enum`, items or values (whatever
    /// they refer to resolved).
    pub schema: Schema,
    /// What a field's description ends with ("Possible enum values"); empty for a newtype.
    pub description: Vec<String>,
    /// The tag lines of the type's doc comment, lowered at each use.
    pub tags: &'static [&'static str],
    pub kind: ValueKind,
    /// The kind of list items or map values.
    pub elem: Option<ValueKind>,
    /// The enforced default of a non-pointer, non-omitempty use (openapi-gen's zero value);
    /// `None` for lists, maps and the apimachinery types.
    pub zero: Option<Value>,
}

/// A type a derived schema refers to through a placeholder `$ref`.
#[derive(Clone, Copy)]
pub struct Ref {
    pub name: fn() -> String,
    pub inline: fn() -> Option<Inline>,
    /// [`Definition::ENFORCED_DEFAULT`].
    pub enforced_default: bool,
}

impl Ref {
    pub fn of<T: Definition + ?Sized>() -> Ref {
        Ref {
            name: T::definition_name,
            inline: T::inline,
            enforced_default: T::ENFORCED_DEFAULT,
        }
    }
}

/// The types placeholders stand for, each with its inline form if it has one.
pub(crate) struct Refs {
    targets: Vec<String>,
    names: Vec<String>,
    inlines: Vec<Option<Inline>>,
    enforced_defaults: Vec<bool>,
}

impl Refs {
    pub(crate) fn new(refs: &[Ref]) -> Refs {
        Refs {
            targets: (0..refs.len())
                .map(|i| ref_target(&super::__private::placeholder(i)))
                .collect(),
            names: refs.iter().map(|r| ref_target(&(r.name)())).collect(),
            inlines: refs.iter().map(|r| (r.inline)()).collect(),
            enforced_defaults: refs.iter().map(|r| r.enforced_default).collect(),
        }
    }

    pub(crate) fn inline(&self, i: usize) -> Option<&Inline> {
        self.inlines.get(i)?.as_ref()
    }

    /// Writes the inline types of `schema`'s placeholders in place and points the others at
    /// their definitions. `omits_empty`: `schema` is a use that writes no enforced default
    /// (an omitempty field's property).
    pub(crate) fn resolve(&self, schema: &mut Schema, omits_empty: bool) {
        if self.refers_without_default(schema)
            && schema.default == Some(Value::Object(Default::default()))
        {
            schema.default = None;
            // A `$ref` with nothing beside it any more is not wrapped.
            if schema.all_of.len() == 1
                && *schema
                    == (Schema {
                        all_of: schema.all_of.clone(),
                        ..Schema::default()
                    })
            {
                *schema = schema.all_of.remove(0);
            }
        }
        if let Some(i) = schema
            .reference
            .as_ref()
            .and_then(|r| self.targets.iter().position(|t| t == r))
        {
            match &self.inlines[i] {
                Some(inline) => return inline.write_at(schema, omits_empty),
                None => schema.reference = Some(self.names[i].clone()),
            }
        }
        schema.for_each_child_mut(|child| self.resolve(child, false));
    }

    /// Whether `schema` is a use (a bare `$ref`, or one wrapped in `allOf`) of a type that takes
    /// no enforced default.
    fn refers_without_default(&self, schema: &Schema) -> bool {
        let reference = schema
            .reference
            .as_ref()
            .or_else(|| schema.all_of.first().and_then(|s| s.reference.as_ref()));
        reference
            .and_then(|r| self.targets.iter().position(|t| t == r))
            .is_some_and(|i| !self.enforced_defaults[i])
    }
}

impl Inline {
    /// An inline type's form, from what the derive wrote: its schema as JSON, whose
    /// placeholders `refs` stand for.
    pub fn new(
        json: &str,
        refs: &[Ref],
        description: &[&str],
        tags: &'static [&'static str],
        (kind, elem): (ValueKind, Option<ValueKind>),
        zero: Option<&str>,
    ) -> Inline {
        let json: Value = serde_json::from_str(json).expect("the derive macro writes valid JSON");
        let mut schema = Schema::from_json(&json).expect("the derive macro writes a valid schema");
        Refs::new(refs).resolve(&mut schema, false);
        Inline {
            schema,
            description: description.iter().map(|l| l.to_string()).collect(),
            tags,
            kind,
            elem,
            zero: zero.map(super::__private::json_literal),
        }
    }

    /// The schema of a use with nothing of its own: the type's schema with its tags lowered,
    /// what a value of the type alone is checked against.
    pub fn standalone(&self) -> Schema {
        let mut schema = Schema::default();
        self.write_at(&mut schema, true);
        schema
    }

    /// Writes this type at `node`, a use holding a placeholder `$ref`, keeping the use's
    /// description and extensions; the enforced default of a struct (`{}`) becomes the zero
    /// value, or none when the use omits empty values.
    fn write_at(&self, node: &mut Schema, omits_empty: bool) {
        let mut schema = self.schema.clone();
        schema.description = node.description.take();
        schema
            .extensions
            .extend(std::mem::take(&mut node.extensions));
        schema.default = match node.default.take() {
            Some(Value::Object(m)) if m.is_empty() && omits_empty => None,
            Some(Value::Object(m)) if m.is_empty() => self.zero.clone(),
            other => other,
        };
        self.lower_tags(&mut schema);
        *node = schema;
    }

    /// The type's tags onto a use's schema (checked when the type compiled).
    fn lower_tags(&self, schema: &mut Schema) {
        let tags: Vec<At<&str>> = self
            .tags
            .iter()
            .filter_map(|line| match read_line(line) {
                Ok(tag) => tag.map(|tag| At { tag, pos: *line }),
                Err(e) => panic!("kubeidl: {} (in `{line}`)", e.message),
            })
            .collect();
        let place = Place {
            scope: Scopes::TYPE,
            kind: self.kind,
            json: None,
            name: None,
            elem: self.elem,
            members: &[],
        };
        if let Some(e) = lower(&place, &tags, schema).errors.first() {
            panic!("kubeidl: {} (in `{}`)", e.message, e.pos.trim());
        }
    }
}
