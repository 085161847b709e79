//! `x-kubernetes-list-type: set` and `map`: one `Duplicate value` per duplicated element (or key
//! tuple), at the index of its second occurrence.

use super::openapi::Refs;
use super::walk;
use crate::errors::{BadValue, FieldError, FieldPath};
use crate::schema::Schema;
use serde_json::{Map, Value};

pub(crate) fn check(
    refs: &Refs<'_>,
    schema: &Schema,
    value: &Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    walk::each_node(refs, schema, value, path, &mut |s, value, path| {
        if let Value::Array(items) = value {
            check_list(s, items, path, errors);
        }
    });
}

fn check_list(s: &Schema, items: &[Value], path: &FieldPath, errors: &mut Vec<FieldError>) {
    match s.list_type() {
        Some("set") => {
            let mut reported: Vec<&Value> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                if items[..i].contains(item) && !reported.contains(&item) {
                    reported.push(item);
                    errors.push(FieldError::duplicate(
                        path.index(i),
                        BadValue::of_json(item),
                    ));
                }
            }
        }
        Some("map") => {
            let keys = s.list_map_keys();
            let mut seen: Vec<Map<String, Value>> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let Value::Object(obj) = item else {
                    errors.push(FieldError::invalid(
                        path.index(i),
                        BadValue::of_json(item),
                        "must be an object for an array of list-type map",
                    ));
                    continue;
                };
                let key: Map<String, Value> = keys
                    .iter()
                    .filter_map(|k| obj.get(k).map(|v| (k.clone(), v.clone())))
                    .collect();
                if seen.contains(&key) {
                    errors.push(FieldError::duplicate(
                        path.index(i),
                        BadValue::Json(Value::Object(key)),
                    ));
                } else {
                    seen.push(key);
                }
            }
        }
        _ => {}
    }
}
