//! The fields a built-in kind's Go type does not have: what decoding a JSON-patched object
//! strictly into its type reports (`unknown field "spec.template.spec.containers[1].x"`).
//! Fields are found by the kind's OpenAPI schema, `$ref`s resolved; a schema that keeps
//! unknown fields, or says nothing of its properties, accepts any.

use serde_json::{Map, Value};

/// The paths of the fields `value` has that its schema does not declare, in document order.
pub(crate) fn unknown_fields(
    value: &Value,
    schema: &Value,
    components: &Map<String, Value>,
) -> Vec<String> {
    let mut out = Vec::new();
    walk(value, schema, components, &mut Vec::new(), &mut out);
    out
}

/// The schema a node stands for: through `$ref` and a lone `allOf`.
fn resolve<'s>(mut schema: &'s Value, components: &'s Map<String, Value>) -> &'s Value {
    for _ in 0..64 {
        if let Some(name) = schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
        {
            match components.get(name) {
                Some(s) => schema = s,
                None => return schema,
            }
            continue;
        }
        match schema
            .get("allOf")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
        {
            Some([one]) if schema.get("properties").is_none() => schema = one,
            _ => return schema,
        }
    }
    schema
}

/// One step of the path to a node: a field, a map key or a list index.
enum Step<'v> {
    Field(&'v str),
    Key(&'v str),
    Index(usize),
}

/// The path as Go's strict decoding names it: `spec.containers[1].x`, `labels[key]`.
fn path_text(steps: &[Step<'_>]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Field(f) if out.is_empty() => out.push_str(f),
            Step::Field(f) => {
                out.push('.');
                out.push_str(f);
            }
            Step::Key(k) => {
                out.push('[');
                out.push_str(k);
                out.push(']');
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

fn walk<'v>(
    value: &'v Value,
    schema: &Value,
    components: &Map<String, Value>,
    path: &mut Vec<Step<'v>>,
    out: &mut Vec<String>,
) {
    let schema = resolve(schema, components);
    if schema.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true)) {
        return;
    }
    match value {
        Value::Object(map) => {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (key, v) in map {
                    path.push(Step::Field(key));
                    match properties.get(key) {
                        Some(s) => walk(v, s, components, path, out),
                        None => out.push(path_text(path)),
                    }
                    path.pop();
                }
            } else if let Some(values) = schema.get("additionalProperties") {
                for (key, v) in map {
                    path.push(Step::Key(key));
                    walk(v, values, components, path, out);
                    path.pop();
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = schema.get("items") {
                for (i, v) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    walk(v, item, components, path, out);
                    path.pop();
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_fields_are_named_by_their_go_path() {
        let components = json!({
            "Port": {"type": "object", "properties": {"containerPort": {"type": "integer"}}},
            "Container": {"type": "object", "properties": {
                "name": {"type": "string"},
                "ports": {"type": "array", "items": {"allOf": [{"$ref": "#/components/schemas/Port"}]}}
            }},
        });
        let components = components.as_object().unwrap();
        let schema = json!({"type": "object", "properties": {
            "containers": {"type": "array", "items": {"$ref": "#/components/schemas/Container"}},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
        }});
        let value = json!({
            "containers": [{"name": "a"}, {"name": "x", "ports": [{"containerPortZ": 8080}]}],
            "labels": {"any": "thing"},
            "free": {"anything": 1},
            "extra": true
        });
        assert_eq!(
            unknown_fields(&value, &schema, components),
            vec!["containers[1].ports[0].containerPortZ", "extra"]
        );
    }
}
