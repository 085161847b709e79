//! Reading schemas from JSON (OpenAPI v3 documents, CRD `openAPIV3Schema` nodes): every keyword of
//! the model, with errors that name the JSON path of what is wrong.

use super::{Schema, SchemaType};
use serde_json::{Number, Value};

/// A schema that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct SchemaError {
    /// JSON pointer of the offending node (`/properties/spec/type`).
    pub path: String,
    pub message: String,
}

impl Schema {
    /// Reads a schema from JSON. `x-` extensions and keywords the model does not type are kept
    /// in [`Schema::extensions`].
    pub fn from_json(json: &Value) -> Result<Schema, SchemaError> {
        read(json, "")
    }
}

fn err(path: &str, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: if path.is_empty() {
            "/".to_string()
        } else {
            path.to_string()
        },
        message: message.into(),
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn read(json: &Value, path: &str) -> Result<Schema, SchemaError> {
    let Value::Object(map) = json else {
        return Err(err(path, "a schema must be an object"));
    };
    let mut s = Schema::default();
    for (key, value) in map {
        let at = format!("{path}/{}", escape(key));
        let string = || {
            value
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| err(&at, "expected a string"))
        };
        let count = || {
            value
                .as_u64()
                .ok_or_else(|| err(&at, "expected a non-negative integer"))
        };
        let number = || match value {
            Value::Number(n) => Ok(n.clone()),
            _ => Err(err(&at, "expected a number")),
        };
        let flag = || {
            value
                .as_bool()
                .ok_or_else(|| err(&at, "expected true or false"))
        };
        match key.as_str() {
            "$ref" => s.reference = Some(string()?),
            "description" => s.description = Some(string()?),
            "type" => {
                s.schema_type = Some(match value {
                    Value::String(t) => SchemaType::Single(t.clone()),
                    Value::Array(items) => SchemaType::Many(
                        items
                            .iter()
                            .map(|t| {
                                t.as_str()
                                    .map(str::to_string)
                                    .ok_or_else(|| err(&at, "expected type names"))
                            })
                            .collect::<Result<_, _>>()?,
                    ),
                    _ => return Err(err(&at, "expected a type name or a list of them")),
                })
            }
            "format" => s.format = Some(string()?),
            "default" => s.default = Some(value.clone()),
            "enum" => {
                s.enum_values = value
                    .as_array()
                    .cloned()
                    .ok_or_else(|| err(&at, "expected an array"))?;
            }
            "nullable" => s.nullable = flag()?,
            "minimum" => s.minimum = Some(number()?),
            "maximum" => s.maximum = Some(number()?),
            "multipleOf" => s.multiple_of = Some(number()?),
            "exclusiveMinimum" => s.exclusive_minimum = flag()?,
            "exclusiveMaximum" => s.exclusive_maximum = flag()?,
            "uniqueItems" => s.unique_items = flag()?,
            "minLength" => s.min_length = Some(count()?),
            "maxLength" => s.max_length = Some(count()?),
            "minItems" => s.min_items = Some(count()?),
            "maxItems" => s.max_items = Some(count()?),
            "minProperties" => s.min_properties = Some(count()?),
            "maxProperties" => s.max_properties = Some(count()?),
            "pattern" => s.pattern = Some(string()?),
            "items" => match value {
                Value::Object(_) => s.items = Some(Box::new(read(value, &at)?)),
                _ => {
                    return Err(err(
                        &at,
                        "expected a schema (tuple items are not supported)",
                    ))
                }
            },
            "properties" => {
                let Value::Object(props) = value else {
                    return Err(err(&at, "expected an object"));
                };
                for (name, prop) in props {
                    let prop_at = format!("{at}/{}", escape(name));
                    s.properties.insert(name.clone(), read(prop, &prop_at)?);
                }
            }
            "additionalProperties" => match value {
                Value::Bool(b) => s.additional_properties_allowed = Some(*b),
                _ => s.additional_properties = Some(Box::new(read(value, &at)?)),
            },
            "required" => {
                let Value::Array(names) = value else {
                    return Err(err(&at, "expected an array of names"));
                };
                s.required = names
                    .iter()
                    .map(|n| {
                        n.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| err(&at, "expected an array of names"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "not" => s.not = Some(Box::new(read(value, &at)?)),
            "allOf" | "oneOf" | "anyOf" => {
                let Value::Array(items) = value else {
                    return Err(err(&at, "expected an array of schemas"));
                };
                let schemas = items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| read(item, &format!("{at}/{i}")))
                    .collect::<Result<Vec<_>, _>>()?;
                match key.as_str() {
                    "allOf" => s.all_of = schemas,
                    "oneOf" => s.one_of = schemas,
                    _ => s.any_of = schemas,
                }
            }
            _ => {
                s.extensions.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(s)
}

/// A JSON number as `f64`.
pub fn number_f64(n: &Number) -> f64 {
    n.as_f64().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn round_trips_what_it_reads() {
        let j = json!({
            "type": "object",
            "required": ["spec"],
            "properties": {
                "spec": {"type": "object", "properties": {"replicas": {"type": "integer", "format": "int32", "minimum": 0}},
                         "x-kubernetes-validations": [{"rule": "self.replicas >= 0"}]},
                "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set", "maxItems": 10},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "free": {"type": "object", "additionalProperties": true, "title": "kept"}
            }
        });
        let s = Schema::from_json(&j).unwrap();
        assert_eq!(s.to_json(), j);
    }

    #[test]
    fn errors_name_the_path() {
        let j = json!({"properties": {"a": {"maxLength": -1}}});
        let e = Schema::from_json(&j).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/properties/a/maxLength: expected a non-negative integer"
        );
    }
}
