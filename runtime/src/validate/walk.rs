//! The read-only walk shared by the checks that look at every node of an object with its schema
//! (list types, embedded resources): `$ref`s resolved, properties by name, additional properties
//! by key (`spec.labels[key]`), items by index, depth bounded.

use super::openapi::Refs;
use crate::errors::FieldPath;
use crate::schema::Schema;
use serde_json::Value;

/// Nodes deeper than this are not visited (the document reader already refuses deeper input).
const MAX_DEPTH: usize = 256;

/// Calls `visit` with each node of `value` that `schema` describes, its resolved schema and its
/// path, parents before children, properties in the object's order.
pub(crate) fn each_node<'s, 'v>(
    refs: &Refs<'s>,
    schema: &'s Schema,
    value: &'v Value,
    path: &FieldPath,
    visit: &mut impl FnMut(&'s Schema, &'v Value, &FieldPath),
) {
    walk(refs, schema, value, path, visit, 0);
}

fn walk<'s, 'v>(
    refs: &Refs<'s>,
    schema: &'s Schema,
    value: &'v Value,
    path: &FieldPath,
    visit: &mut impl FnMut(&'s Schema, &'v Value, &FieldPath),
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let s = refs.resolve(schema);
    visit(s, value, path);
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if let Some(prop) = s.properties.get(key) {
                    walk(refs, prop, v, &path.child(key), visit, depth + 1);
                } else if let Some(ap) = &s.additional_properties {
                    walk(refs, ap, v, &path.key(key), visit, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = &s.items {
                for (i, item) in items.iter().enumerate() {
                    walk(refs, item_schema, item, &path.index(i), visit, depth + 1);
                }
            }
        }
        _ => {}
    }
}
