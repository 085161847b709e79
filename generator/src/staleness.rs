//! What `--check` reports when a generated document differs from the file on disk: the schemas
//! added, removed and changed, by name.

use serde_json::Value;

/// Up to a screenful of lines saying how `generated` differs from `existing` (both OpenAPI
/// documents as text).
pub fn summary(existing: &str, generated: &str) -> Vec<String> {
    let parse = |t: &str| serde_json::from_str::<Value>(t).ok();
    let (Some(old), Some(new)) = (parse(existing), parse(generated)) else {
        return vec!["the existing file is not valid JSON".to_string()];
    };
    let schemas = |v: &Value| {
        v.pointer("/components/schemas")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };
    let (old_s, new_s) = (schemas(&old), schemas(&new));
    let mut lines = Vec::new();
    for (name, schema) in &new_s {
        match old_s.get(name) {
            None => lines.push(format!("added:   {name}")),
            Some(o) if o != schema => lines.push(format!("changed: {name}")),
            _ => {}
        }
    }
    for name in old_s.keys().filter(|n| !new_s.contains_key(*n)) {
        lines.push(format!("removed: {name}"));
    }
    if lines.is_empty() {
        lines.push(
            "the schemas are equal; the formatting or other parts of the document differ"
                .to_string(),
        );
    }
    const LIMIT: usize = 20;
    if lines.len() > LIMIT {
        let more = lines.len() - LIMIT;
        lines.truncate(LIMIT);
        lines.push(format!("... and {more} more"));
    }
    lines
}
