//! Schemas a function writes (`#[kubeidl(schema_with = "path")]`): a field's, for a type that
//! has no derived definition (`serde_json::Value`, another crate's type), and a type's own
//! definition. The schema is what `path()` returns, with the field's (or type's) description
//! when its doc comment has one, extensions, tagged default and tags on top, lowered for a value
//! of any kind (Go's `Other`: a type with its own schema methods).
//!
//! The value is seen as serde writes it. Its value checks and list types are the schema walk of
//! its schema on `serde_json::to_value` of it, at its path; rules read it as that JSON decoded as
//! the walk decodes it (unknown fields pruned, defaults applied). Unknown fields in it (members
//! the schema neither declares nor preserves) are reported before its value checks, which see
//! it pruned.

use super::Definition;
use crate::cel::{decl::Decl, Value as CelValue};
use crate::errors::FieldError;
use crate::schema::Schema;
use crate::tags::lower::{add_rules, lower, At, Place, ValueKind};
use crate::tags::read::read_line;
use crate::tags::registry::Scopes;
use crate::validate::{Path, Validator};
use std::collections::HashMap;
use std::sync::Arc;

/// A field whose schema a function writes, as the derive records it.
pub struct SchemaWith<'a> {
    /// The wire name.
    pub property: &'a str,
    /// The function, as written in the attribute (for messages).
    pub function: &'a str,
    pub schema: fn() -> Schema,
    /// The property the derive built before any tag, as JSON: the field's description,
    /// extensions and tagged default.
    pub before: &'a str,
    /// The tag lines of the field's doc comment.
    pub tags: &'a [&'a str],
    /// The Go name of the field's twin.
    pub go_name: &'a str,
}

impl SchemaWith<'_> {
    /// The field's property: the function's schema, the field's own description, extensions
    /// and default, then its tags. A tag that cannot be lowered panics with its message (the
    /// derive lowered them for the same place already).
    pub(crate) fn property(&self, owner: &str) -> Schema {
        let place = Place {
            scope: Scopes::FIELD,
            kind: ValueKind::Other,
            json: Some(self.property),
            name: Some(self.go_name),
            elem: None,
            members: &[],
        };
        let at = format!("field {:?} of {owner}", self.property);
        written(
            self.schema,
            self.before,
            self.tags,
            &place,
            &at,
            self.function,
        )
    }
}

/// The definition of a type whose schema a function writes (`#[kubeidl(schema_with)]` on the
/// type, named `name`): the function's schema, the type's description and tags on top.
pub fn written_definition(
    name: &str,
    function: &str,
    schema: fn() -> Schema,
    before: &str,
    tags: &[&str],
) -> Schema {
    let place = Place::inner(Scopes::TYPE, ValueKind::Other, &[]);
    written(schema, before, tags, &place, name, function)
}

/// `schema()` with what the derive built before any tag (`before`: description, extensions,
/// tagged default) and `tags` lowered at `place`; `at` and `function` name it in panics.
fn written(
    schema: fn() -> Schema,
    before: &str,
    tags: &[&str],
    place: &Place<'_>,
    at: &str,
    function: &str,
) -> Schema {
    let fail =
        |message: &str| -> ! { panic!("kubeidl: {at} (schema_with = {function:?}): {message}") };
    let mut written = schema();
    if let Some(reference) = first_reference(&written) {
        fail(&format!(
            "the schema has a $ref ({reference}); a schema_with function writes its schema in place, as the document holds no definitions but derived types'"
        ));
    }
    let before: serde_json::Value =
        serde_json::from_str(before).expect("the derive macro writes valid JSON");
    let before = Schema::from_json(&before).expect("the derive macro writes a valid schema");
    if before.description.is_some() {
        written.description = before.description;
    }
    written.extensions.extend(before.extensions);
    if before.default.is_some() {
        written.default = before.default;
    }
    let mut read = Vec::new();
    for line in tags {
        match read_line(line) {
            Ok(Some(tag)) => read.push(At { tag, pos: *line }),
            Ok(None) => {}
            Err(e) => fail(&format!("{} (in `{}`)", e.message, line.trim())),
        }
    }
    let lowered = lower(place, &read, &mut written);
    if let Some(e) = lowered.errors.first() {
        fail(&format!("{} (in `{}`)", e.message, e.pos.trim()));
    }
    match lowered.item_union_rules() {
        Ok(rules) => add_rules(&mut written, rules),
        Err(e) => fail(&e),
    }
    written
}

/// The first `$ref` in `schema`, at any depth.
fn first_reference(schema: &Schema) -> Option<String> {
    if let Some(r) = &schema.reference {
        return Some(r.clone());
    }
    let mut found = None;
    schema.for_each_child(|child| {
        if found.is_none() {
            found = first_reference(child);
        }
    });
    found
}

/// The schema walk of one such field's property in its owner's definition, or of such a type's
/// definition, compiled once by the derive's generated code.
pub struct SerializedField {
    /// `Owner.field`, for messages.
    name: String,
    validator: Validator,
    default: Option<serde_json::Value>,
}

impl SerializedField {
    /// The walk of field `field` of `Owner`'s definition.
    pub fn of<Owner: Definition>(field: &str) -> SerializedField {
        let definitions: HashMap<String, Schema> =
            Owner::openapi_schema().schemas.into_iter().collect();
        let owner = Owner::definition_name();
        let property = definitions[&owner].properties[field].clone();
        SerializedField::new(format!("{owner}.{field}"), property, definitions)
    }

    /// The walk of `T`'s definition.
    pub fn of_type<T: Definition>() -> SerializedField {
        let definitions: HashMap<String, Schema> =
            T::openapi_schema().schemas.into_iter().collect();
        let name = T::definition_name();
        let schema = Schema::reference_to(&name);
        SerializedField::new(name, schema, definitions)
    }

    fn new(name: String, schema: Schema, definitions: HashMap<String, Schema>) -> SerializedField {
        let default = match &schema.reference {
            Some(_) => None,
            None => schema.default.clone(),
        };
        let validator =
            Validator::with_definitions(&schema, Arc::new(definitions)).unwrap_or_else(|errors| {
                let listed: Vec<String> = errors
                    .iter()
                    .map(|e| format!("{}: {}: {}", e.path, e.rule, e.error))
                    .collect();
                panic!(
                    "the CEL rules of {name} do not compile:\n{}",
                    listed.join("\n")
                )
            });
        SerializedField {
            name,
            default,
            validator,
        }
    }

    /// The field's JSON: `value` serialized, or its default when unset (`None`).
    fn json<T: serde::Serialize + ?Sized>(&self, value: Option<&T>) -> Option<serde_json::Value> {
        match value {
            Some(v) => Some(serde_json::to_value(v).unwrap_or_else(|e| {
                panic!(
                    "kubeidl: {} does not serialize, so it cannot be checked: {e}",
                    self.name
                )
            })),
            None => self.default.clone(),
        }
    }

    /// Whether the property has a default (an unset required field is then not missing).
    pub fn has_default(&self) -> bool {
        self.default.is_some()
    }

    /// The value checks of the field (unset: of its default), at `path`, after its unknown
    /// fields.
    pub fn value_errors<T: serde::Serialize + ?Sized>(
        &self,
        value: Option<&T>,
        path: &Path<'_>,
        errors: &mut Vec<FieldError>,
    ) {
        let Some(json) = self.json(value) else { return };
        let found = self.validator.found_at(&json, path);
        errors.extend(found.unknown);
        errors.extend(found.values);
    }

    /// The list-type errors of the field (unset: of its default), at `path`.
    pub fn list_errors<T: serde::Serialize + ?Sized>(
        &self,
        value: Option<&T>,
        path: &Path<'_>,
        errors: &mut Vec<FieldError>,
    ) {
        let Some(json) = self.json(value) else { return };
        errors.extend(self.validator.found_at(&json, path).lists);
    }

    /// The field (unset: its default) as rules read it, declared `decl`; `None` when unset
    /// without a default.
    pub fn cel<'a, T: serde::Serialize + ?Sized>(
        &self,
        value: Option<&T>,
        decl: &'a Decl,
    ) -> Option<CelValue<'a>> {
        let json = self.json(value)?;
        Some(CelValue::from_json_owned(
            self.validator.decoded(&json),
            decl,
        ))
    }
}

/// The stand-in definition the derive refers a field's property to until its function writes
/// it: a type the derive cannot see (`dyn` for rules checked at compile time, unseen for CRD
/// costs).
pub fn placeholder() -> String {
    "kubeidl-derive-schema-with".to_string()
}
