//! `x-kubernetes-*` extensions from comment tags (`+listType`, `+listMapKey`, `+patchStrategy`,
//! `+patchMergeKey`, `+mapType`, `+structType`, `+validations`, `+k8s:openapi-gen=x-kubernetes-k:v`)
//! and `x-kubernetes-unions` from `+union`, `+unionDiscriminator` and `+unionDeprecated`.

use super::comment_tags;
use super::types::Types;
use crate::error::Result;
use crate::go::{struct_tag, Field, TypeExpr};
pub use kubeidl::comments::extensions;
use serde_json::{json, Map, Value};

/// The name a member has in JSON (`None` when it has none: `json:"-"`, or an empty name).
pub fn json_name(field: &Field) -> Option<String> {
    if is_unexported(field) {
        return None;
    }
    match struct_tag::lookup(&field.tag, "json").filter(|t| !t.is_empty()) {
        None => Some(field.name.clone()),
        Some(tag) => {
            let name = tag.split(',').next().unwrap_or("");
            (name != "-" && !name.is_empty()).then(|| name.to_string())
        }
    }
}

/// A named field whose name is not exported: encoding/json neither reads nor writes it.
pub fn is_unexported(field: &Field) -> bool {
    !field.embedded && !field.name.starts_with(|c: char| c.is_uppercase())
}

/// `omitempty` or Go 1.24's `omitzero` in the member's json tag: an unset value is left out of
/// the JSON, so the member is optional.
pub fn omits_zero(field: &Field) -> bool {
    json_tag_parts(field)
        .iter()
        .skip(1)
        .any(|p| p == "omitempty" || p == "omitzero")
}

/// The comma-separated parts of the member's json tag.
pub fn json_tag_parts(field: &Field) -> Vec<String> {
    match struct_tag::lookup(&field.tag, "json") {
        Some(tag) if !tag.is_empty() => tag.split(',').map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// `json:",inline"`: the member's properties are spliced into the parent.
pub fn is_inline(field: &Field) -> bool {
    json_tag_parts(field).get(1).is_some_and(|p| p == "inline")
}

/// openapi-gen's notion of an optional member (`Err` when both `+optional` and `+required`).
pub fn is_optional(field: &Field) -> Result<bool, String> {
    let optional = comment_tags::has(&field.comments, "optional");
    let required = comment_tags::has(&field.comments, "required");
    match (optional, required) {
        (true, true) => Err(format!(
            "field {} cannot be both +optional and +required",
            field.name
        )),
        (false, true) => Ok(false),
        (true, false) => Ok(true),
        (false, false) => Ok(omits_zero(field)),
    }
}

/// `x-kubernetes-unions` of a struct type, when it declares any.
pub fn unions(types: &Types<'_>, ty: &TypeExpr) -> Result<Option<Value>> {
    let mut out = Vec::new();
    collect_unions(types, ty, &mut out)?;
    Ok((!out.is_empty()).then_some(Value::Array(out)))
}

fn collect_unions(types: &Types<'_>, ty: &TypeExpr, out: &mut Vec<Value>) -> Result<()> {
    let comments = types.comments(ty)?;
    let members = types.members(ty)?;
    // (a) the struct itself is a union.
    if comment_tags::has(&comments, "union") {
        let mut discriminator = None;
        let mut fields = Map::new();
        for m in members.iter() {
            let Some(name) = json_name(m) else { continue };
            if is_inline(m) || comment_tags::has(&m.comments, "unionDeprecated") {
                continue;
            }
            if comment_tags::has(&m.comments, "unionDiscriminator") {
                discriminator = Some(name);
            } else {
                fields.insert(name, Value::String(m.name.clone()));
            }
        }
        out.push(union_value(discriminator, fields));
    }
    // (b) unions of inlined members.
    for m in members.iter() {
        if comment_tags::has_openapi_gen(&m.comments, "false") || !is_inline(m) {
            continue;
        }
        collect_unions(types, &m.ty, out)?;
    }
    // (c) members tagged +unionDeprecated.
    let mut discriminator = None;
    let mut fields = Map::new();
    for m in members.iter() {
        let Some(name) = json_name(m) else { continue };
        if is_inline(m) {
            continue;
        }
        if comment_tags::has(&m.comments, "unionDiscriminator") {
            discriminator = Some(name.clone());
        }
        if comment_tags::has(&m.comments, "union") {
            continue;
        }
        if comment_tags::has(&m.comments, "unionDeprecated") {
            fields.insert(name, Value::String(m.name.clone()));
        }
    }
    if !fields.is_empty() {
        out.push(union_value(discriminator, fields));
    }
    Ok(())
}

fn union_value(discriminator: Option<String>, fields: Map<String, Value>) -> Value {
    let mut u = json!({ "fields-to-discriminateBy": Value::Object(fields) });
    if let Some(d) = discriminator.filter(|d| !d.is_empty()) {
        u["discriminator"] = Value::String(d);
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_values_are_strings_and_map_keys_always_arrays() {
        let lines: Vec<String> = [
            "+listType=map",
            "+listMapKey=containerPort",
            "+patchStrategy=merge",
            "+k8s:openapi-gen=x-kubernetes-foo:bar",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let ext = extensions(&lines);
        assert_eq!(ext["x-kubernetes-list-type"], json!("map"));
        assert_eq!(ext["x-kubernetes-list-map-keys"], json!(["containerPort"]));
        assert_eq!(ext["x-kubernetes-patch-strategy"], json!("merge"));
        assert_eq!(ext["x-kubernetes-foo"], json!("bar"));
    }
}
