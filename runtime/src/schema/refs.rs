//! `$ref` handling: the reference string of a definition and the definition a reference names,
//! following references to the schema a node stands for, the transitive closure of the
//! definitions a set of schemas refers to, and the apiserver's wrapping of a `$ref` that has
//! siblings in `allOf`.

use super::Schema;
use std::borrow::Cow;
use std::collections::BTreeSet;

/// The longest chain of `$ref`s followed; a longer one is a cycle and stops where it is.
pub const MAX_REF_CHAIN: usize = 32;

/// The prefix of every reference to a component schema.
pub const COMPONENTS_PREFIX: &str = "#/components/schemas/";

/// `#/components/schemas/<name>`, with the name escaped as a JSON pointer token.
pub fn ref_target(definition: &str) -> String {
    let escaped = definition.replace('~', "~0").replace('/', "~1");
    format!("{COMPONENTS_PREFIX}{escaped}")
}

/// The definition a reference names (`#/components/schemas/<name>` or `#/definitions/<name>`,
/// JSON-pointer unescaped).
pub fn definition_name(reference: &str) -> Option<Cow<'_, str>> {
    let token = reference
        .strip_prefix(COMPONENTS_PREFIX)
        .or_else(|| reference.strip_prefix("#/definitions/"))?;
    Some(if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    })
}

/// The `$ref` a schema stands for: its own, or that of the apiserver's
/// `{"allOf": [{"$ref": R}], ...}` wrapping of a reference with other keywords beside it.
pub fn reference_of(schema: &Schema) -> Option<&str> {
    match (&schema.reference, schema.all_of.as_slice()) {
        (Some(r), _) => Some(r),
        (None, [only]) if schema.schema_type.is_none() => only.reference.as_deref(),
        _ => None,
    }
}

/// [`reference_of`], to change it.
pub fn reference_of_mut(schema: &mut Schema) -> Option<&mut String> {
    match (&mut schema.reference, schema.all_of.as_mut_slice()) {
        (Some(r), _) => Some(r),
        (None, [only]) if schema.schema_type.is_none() => only.reference.as_mut(),
        _ => None,
    }
}

/// The schema `schema` stands for: its `$ref`'s target, or that of the apiserver's
/// `{"allOf": [{"$ref": R}], ...}` wrapping, found with `lookup`, repeatedly. A reference
/// `lookup` does not know stops the chain at the schema holding it.
pub fn resolve<'s>(schema: &'s Schema, lookup: impl Fn(&str) -> Option<&'s Schema>) -> &'s Schema {
    let mut s = schema;
    for _ in 0..MAX_REF_CHAIN {
        let Some(reference) = reference_of(s) else {
            return s;
        };
        match lookup(reference) {
            Some(target) => s = target,
            None => return s,
        }
    }
    s
}

/// Rewrites every schema that has a `$ref` next to other keywords into
/// `{"allOf": [{"$ref": R}], <the other keywords>}`, recursively, as the apiserver does before it
/// publishes OpenAPI v3 (a plain `{"$ref": R}` stays as it is).
pub fn wrap_refs(schema: &mut Schema) {
    schema.for_each_child_mut(wrap_refs);
    if let Some(reference) = schema.reference.take() {
        let bare = Schema {
            reference: Some(reference.clone()),
            ..Schema::default()
        };
        if *schema == Schema::default() {
            schema.reference = Some(reference);
        } else {
            schema.all_of.insert(0, bare);
        }
    }
}

/// The names of all definitions reachable from `roots` through `$ref`s, roots included, each
/// definition found by `lookup` (so callers need not gather their schemas into one map).
/// References to names `lookup` does not know are returned too, so callers can report them.
pub fn ref_closure<'s>(
    lookup: impl Fn(&str) -> Option<&'s Schema>,
    roots: impl IntoIterator<Item = String>,
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<String> = roots.into_iter().collect();
    while let Some(name) = stack.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = lookup(&name) {
            collect_refs(schema, &mut stack);
        }
    }
    seen
}

/// The definition names `schema` and its children refer to, pushed to `out`.
pub fn collect_refs(schema: &Schema, out: &mut Vec<String>) {
    if let Some(name) = schema.reference.as_deref().and_then(definition_name) {
        out.push(name.into_owned());
    }
    schema.for_each_child(|child| collect_refs(child, out));
}

/// `k8s.io/api/apps/v1.Deployment` to `io.k8s.api.apps.v1.Deployment`: reverse the dot-separated
/// parts of the first path segment when it has dots, then join the segments with dots.
pub fn rest_friendly_name(go_name: &str) -> String {
    let mut segments: Vec<String> = go_name.split('/').map(str::to_string).collect();
    if segments.len() > 1 && segments[0].contains('.') {
        segments[0] = segments[0].split('.').rev().collect::<Vec<_>>().join(".");
    }
    segments.join(".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[test]
    fn a_ref_with_siblings_moves_into_all_of() {
        let mut s = Schema::reference_to("a.B");
        s.description = Some("d".into());
        s.default = Some(json!({}));
        let mut parent = Schema::typed("object", "");
        parent.properties.insert("x".into(), s);
        parent
            .properties
            .insert("y".into(), Schema::reference_to("a.C"));
        wrap_refs(&mut parent);
        assert_eq!(
            parent.to_json(),
            json!({"type": "object", "properties": {
                "x": {"allOf": [{"$ref": "#/components/schemas/a.B"}], "description": "d", "default": {}},
                "y": {"$ref": "#/components/schemas/a.C"}
            }})
        );
    }

    #[test]
    fn closure_follows_refs_transitively() {
        let mut defs = BTreeMap::new();
        let mut a = Schema::typed("object", "");
        a.properties.insert("b".into(), Schema::reference_to("B"));
        let mut b = Schema::typed("array", "");
        b.items = Some(Box::new(Schema::reference_to("C")));
        defs.insert("A".to_string(), a);
        defs.insert("B".to_string(), b);
        defs.insert("C".to_string(), Schema::default());
        defs.insert("D".to_string(), Schema::default());
        let names: Vec<_> = ref_closure(|n| defs.get(n), ["A".to_string()])
            .into_iter()
            .collect();
        assert_eq!(names, ["A", "B", "C"]);
    }
}
