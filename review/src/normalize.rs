//! Normalization: what a schema node stands for once references are followed. A node that is a
//! `$ref`, or the apiserver's `{"allOf": [{"$ref": R}], ...}` wrapping of one, is seen as a
//! stack of [`Layer`]s: the node itself, then the definition it names, then the one that names
//! (alias chains), so a keyword is read from the first layer that has it and a refactor that
//! moves a schema behind a reference, or inlines it, changes nothing. Two nodes referring to the
//! same definition are not expanded (the definition is compared on its own); a reference to a
//! definition already being expanded (recursion) or missing stops the stack, and is compared by
//! name. Order-insensitive keywords (`enum`, `required`) are compared as sets by the walk.

use super::input::Revision;
use kubeidl::schema::{reference_of, Schema, MAX_REF_CHAIN};

/// One schema node of a view, and where it is.
#[derive(Debug, Clone)]
pub struct Layer<'a> {
    pub schema: &'a Schema,
    pub doc: usize,
    pub pointer: String,
}

/// A schema node with its references followed.
#[derive(Debug, Clone)]
pub struct View<'a> {
    /// The node first, then each definition reached through a reference.
    pub layers: Vec<Layer<'a>>,
    /// Definitions expanded into this view.
    pub expanded: Vec<String>,
    /// The reference left unexpanded (same on both sides, recursive, or missing), by name.
    pub stopped_at: Option<String>,
}

/// The definition name a node refers to, directly or through an allOf wrapper.
pub fn referenced_name(schema: &Schema) -> Option<String> {
    let r = reference_of(schema)?;
    Some(
        kubeidl::schema::definition_name(r)
            .map(|n| n.into_owned())
            .unwrap_or_else(|| r.to_string()),
    )
}

/// The view of `schema` at `pointer` of document `doc` in `revision`; references are followed
/// when `expand`, except to the definitions of `stack`.
pub fn view<'a>(
    revision: &'a Revision,
    schema: &'a Schema,
    doc: usize,
    pointer: String,
    expand: bool,
    stack: &[String],
) -> View<'a> {
    let mut v = View {
        layers: vec![Layer {
            schema,
            doc,
            pointer,
        }],
        expanded: Vec::new(),
        stopped_at: None,
    };
    let mut current = schema;
    while let Some(name) = referenced_name(current) {
        let target = reference_of(current).and_then(|r| revision.lookup(r));
        match target {
            Some((name, def))
                if expand
                    && v.layers.len() <= MAX_REF_CHAIN
                    && !stack.iter().any(|s| s == name)
                    && !v.expanded.iter().any(|s| s == name) =>
            {
                v.expanded.push(name.to_string());
                v.layers.push(Layer {
                    schema: &def.schema,
                    doc: def.doc,
                    pointer: def.pointer.clone(),
                });
                current = &def.schema;
            }
            _ => {
                v.stopped_at = Some(name);
                break;
            }
        }
    }
    v
}

impl<'a> View<'a> {
    /// The first layer where `get` finds the keyword, and its value.
    pub fn get<T: 'a>(&self, get: impl Fn(&'a Schema) -> Option<T>) -> Option<(T, &Layer<'a>)> {
        self.layers
            .iter()
            .find_map(|l| get(l.schema).map(|t| (t, l)))
    }

    /// A boolean keyword: true when a layer says so, and that layer.
    pub fn flag(&self, get: impl Fn(&Schema) -> bool) -> Option<&Layer<'a>> {
        self.layers.iter().find(|l| get(l.schema))
    }

    /// The node's composition keywords other than a reference wrapper: `allOf` (unless it is
    /// only the wrapped `$ref`), `oneOf`, `anyOf`, `not`, as JSON, from the first layer having
    /// any.
    pub fn composition(&self) -> Option<(serde_json::Value, &Layer<'a>)> {
        self.get(|s| {
            let wrapper = s.reference.is_none()
                && s.all_of.len() == 1
                && s.schema_type.is_none()
                && s.all_of[0].reference.is_some();
            let mut m = serde_json::Map::new();
            if !s.all_of.is_empty() && !wrapper {
                m.insert(
                    "allOf".into(),
                    s.all_of.iter().map(Schema::to_json).collect(),
                );
            }
            for (key, list) in [("oneOf", &s.one_of), ("anyOf", &s.any_of)] {
                if !list.is_empty() {
                    m.insert(key.into(), list.iter().map(Schema::to_json).collect());
                }
            }
            if let Some(not) = &s.not {
                m.insert("not".into(), not.to_json());
            }
            (!m.is_empty()).then_some(serde_json::Value::Object(m))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::read_revision;

    #[test]
    fn alias_chains_and_wrappers_are_followed_and_cycles_stop() {
        let doc = br##"{"openapi": "3.0.0", "components": {"schemas": {
            "A": {"allOf": [{"$ref": "#/components/schemas/B"}], "default": "x"},
            "B": {"$ref": "#/components/schemas/C"},
            "C": {"type": "string", "maxLength": 3},
            "L": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/L"}}}
        }}}"##;
        let r = read_revision(doc, "d.json").unwrap();
        let a = &r.definitions["A"];
        let v = view(&r, &a.schema, 0, a.pointer.clone(), true, &["A".into()]);
        assert_eq!(v.expanded, ["B", "C"]);
        assert_eq!(v.stopped_at, None);
        let (max, layer) = v.get(|s| s.max_length).unwrap();
        assert_eq!((max, layer.pointer.as_str()), (3, "/components/schemas/C"));
        assert_eq!(
            v.get(|s| s.default.as_ref()).unwrap().1.pointer,
            "/components/schemas/A"
        );
        assert!(v.composition().is_none());
        let l = &r.definitions["L"];
        let next = &l.schema.properties["next"];
        let v = view(&r, next, 0, String::new(), true, &["L".into()]);
        assert_eq!(v.stopped_at.as_deref(), Some("L"));
        let v = view(&r, &a.schema, 0, String::new(), false, &[]);
        assert_eq!(v.stopped_at.as_deref(), Some("B"));
    }
}
