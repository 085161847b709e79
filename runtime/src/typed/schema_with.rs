//! Fields whose schema a function writes (`#[kubeidl(schema_with = "path")]`), for a type that
//! has no derived definition (`serde_json::Value`, another crate's type): the property is what
//! `path()` returns, with the field's description (when its doc comment has one), extensions,
//! tagged default and tags on top, lowered for a value of any kind (Go's `Other`: a type with
//! its own schema methods).
//!
//! The field's value is seen as serde writes it. Its value checks and list types are the schema
//! walk of its property on `serde_json::to_value` of it, at the field's path; rules read it as
//! that JSON decoded as the walk decodes it (unknown fields pruned, defaults applied). Unknown
//! fields in it (members the schema neither declares nor preserves) are reported before its
//! value checks, which see it pruned.

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
        let fail = |message: &str| -> ! {
            panic!(
                "kubeidl: field {:?} of {owner} (schema_with = {:?}): {message}",
                self.property, self.function
            )
        };
        let mut property = (self.schema)();
        if let Some(reference) = first_reference(&property) {
            fail(&format!(
                "the schema has a $ref ({reference}); a schema_with function writes its schema in place, as the document holds no definitions but derived types'"
            ));
        }
        let before: serde_json::Value =
            serde_json::from_str(self.before).expect("the derive macro writes valid JSON");
        let before = Schema::from_json(&before).expect("the derive macro writes a valid schema");
        if before.description.is_some() {
            property.description = before.description;
        }
        property.extensions.extend(before.extensions);
        if before.default.is_some() {
            property.default = before.default;
        }
        let mut tags = Vec::new();
        for line in self.tags {
            match read_line(line) {
                Ok(Some(tag)) => tags.push(At { tag, pos: *line }),
                Ok(None) => {}
                Err(e) => fail(&format!("{} (in `{}`)", e.message, line.trim())),
            }
        }
        let place = Place {
            scope: Scopes::FIELD,
            kind: ValueKind::Other,
            json: Some(self.property),
            name: Some(self.go_name),
            elem: None,
            members: &[],
        };
        let lowered = lower(&place, &tags, &mut property);
        if let Some(e) = lowered.errors.first() {
            fail(&format!("{} (in `{}`)", e.message, e.pos.trim()));
        }
        match lowered.item_union_rules() {
            Ok(rules) => add_rules(&mut property, rules),
            Err(e) => fail(&e),
        }
        property
    }
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

/// The schema walk of one such field's property in its owner's definition, compiled once per
/// field by the derive's generated code.
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
        let name = format!("{owner}.{field}");
        let validator = Validator::with_definitions(&property, Arc::new(definitions))
            .unwrap_or_else(|errors| {
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
            default: property.default,
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
