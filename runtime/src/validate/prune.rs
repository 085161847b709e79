//! Before validation: fields the schema does not declare are removed and reported (as
//! kubectl-validate reports them: `spec.x: Invalid value: value provided for unknown field`),
//! zero values of `x-kubernetes-strip-zero` properties and non-nullable `null` properties are
//! removed (KEP-4153: zero means unset), and then defaults are applied.

use super::openapi::Refs;
use crate::errors::{BadValue, FieldError, FieldPath};
use crate::schema::Schema;
use serde_json::Value;

/// Zero values (`""`, `0`, `false`, `[]`, `{}`) of a property with this extension count as unset.
const STRIP_ZERO: &str = "x-kubernetes-strip-zero";

fn is_zero(v: &Value) -> bool {
    match v {
        Value::String(s) => s.is_empty(),
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
        Value::Null => false,
    }
}

pub(crate) fn prune(
    refs: &Refs<'_>,
    schema: &Schema,
    value: &mut Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    prune_node(refs, schema, value, path, errors, path.is_root(), 0);
}

fn prune_node(
    refs: &Refs<'_>,
    schema: &Schema,
    value: &mut Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
    root: bool,
    depth: usize,
) {
    if depth > 256 {
        return;
    }
    let s = refs.resolve(schema);
    match value {
        Value::Object(map) => {
            let resource_root = root || s.extension_flag("x-kubernetes-embedded-resource");
            let declares_object = !s.properties.is_empty() || s.additional_properties.is_some();
            if !s.extension_flag("x-kubernetes-preserve-unknown-fields")
                && declares_object
                && s.additional_properties.is_none()
            {
                let unknown: Vec<String> = map
                    .keys()
                    .filter(|k| !s.properties.contains_key(*k))
                    .filter(|k| {
                        !(resource_root && matches!(k.as_str(), "apiVersion" | "kind" | "metadata"))
                    })
                    .cloned()
                    .collect();
                for key in unknown {
                    map.remove(&key);
                    errors.push(FieldError::invalid(
                        path.child(&key),
                        BadValue::Omitted,
                        "value provided for unknown field",
                    ));
                }
            }
            for (name, prop) in &s.properties {
                // A default sits beside the property's `$ref`, never inside the definition; the
                // referenced schema is only looked up for a null value.
                if prop.extension_flag(STRIP_ZERO) && map.get(name).is_some_and(is_zero) {
                    map.remove(name);
                }
                match map.get(name) {
                    Some(Value::Null) if !refs.resolve(prop).nullable => match &prop.default {
                        Some(d) => {
                            map.insert(name.clone(), d.clone());
                        }
                        None => {
                            map.remove(name);
                        }
                    },
                    None => {
                        if let Some(d) = &prop.default {
                            map.insert(name.clone(), d.clone());
                        }
                    }
                    _ => {}
                }
                if let Some(v) = map.get_mut(name) {
                    prune_node(refs, prop, v, &path.child(name), errors, false, depth + 1);
                }
            }
            if let Some(ap) = &s.additional_properties {
                for (key, v) in map.iter_mut() {
                    if !s.properties.contains_key(key) {
                        prune_node(refs, ap, v, &path.child(key), errors, false, depth + 1);
                    }
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = &s.items {
                for (i, item) in items.iter_mut().enumerate() {
                    prune_node(
                        refs,
                        item_schema,
                        item,
                        &path.index(i),
                        errors,
                        false,
                        depth + 1,
                    );
                }
            }
        }
        _ => {}
    }
}
