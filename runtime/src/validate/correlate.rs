//! Which old value a new one is an update of, as the apiserver correlates them for ratcheting
//! and for transition rules' `oldSelf`: object properties and map values by name, items of
//! `x-kubernetes-list-type: map` lists by their keys (wherever they moved), and items of `set`
//! and `atomic` lists not at all (they ratchet only as part of an unchanged ancestor).

use super::plan::{ListType, Plan, Unknown};
use super::rules::RuleNode;
use crate::errors::{FieldPath, Step};

/// Whether the node at `path` of `new` is unchanged from its correlated node in `old`: some node
/// on the way down (the node itself included) equals the old node it correlates with.
pub(crate) fn unchanged<T: RuleNode>(plan: &Plan, new: T, old: T, path: &FieldPath) -> bool {
    let (mut node, mut n, mut o) = (Some(plan.root), new, old);
    for step in path.steps() {
        if n.same(&o) {
            return true;
        }
        let here = node.map(|id| &plan.nodes[id]);
        match step {
            Step::Field(name) | Step::Key(name) => {
                let (Some(next_n), Some(next_o)) = (n.get(name), o.get(name)) else {
                    return false;
                };
                node = match (node, here) {
                    (Some(id), Some(h)) => plan
                        .property_index(id, name)
                        .map(|i| h.properties[i as usize].node)
                        .or(match h.unknown {
                            Unknown::Schema(id) => Some(id),
                            _ => None,
                        }),
                    _ => None,
                };
                (n, o) = (next_n, next_o);
            }
            Step::Index(i) => {
                let Some(ListType::Map(keys)) = here.map(|h| &h.list_type) else {
                    // Set and atomic items have no identity of their own.
                    return false;
                };
                let mut item = None;
                n.for_each_item(|j, v| {
                    if j == i {
                        item = Some(v);
                    }
                });
                let names: Vec<String> = keys.iter().map(|(k, _)| k.clone()).collect();
                let Some((next_n, next_o)) =
                    item.and_then(|v| v.correlate(&o, &names).map(|old| (v, old)))
                else {
                    return false;
                };
                node = here.and_then(|h| h.items);
                (n, o) = (next_n, next_o);
            }
        }
    }
    n.same(&o)
}

#[cfg(test)]
mod tests {
    use crate::schema::Schema;
    use crate::validate::Validator;
    use serde_json::json;

    fn validator() -> Validator {
        Validator::new(
            &Schema::from_json(&json!({
                "type": "object",
                "properties": {
                    "ports": {
                        "type": "array",
                        "x-kubernetes-list-type": "map",
                        "x-kubernetes-list-map-keys": ["name"],
                        "items": {"type": "object", "required": ["name"], "properties": {
                            "name": {"type": "string"},
                            "port": {"type": "integer", "maximum": 1000}
                        }}
                    },
                    "hosts": {"type": "array", "items": {"type": "string", "maxLength": 3}},
                    "tags": {
                        "type": "array",
                        "x-kubernetes-list-type": "set",
                        "items": {"type": "string", "maxLength": 3}
                    }
                }
            }))
            .unwrap(),
        )
        .unwrap()
    }

    fn errors(new: serde_json::Value, old: serde_json::Value) -> Vec<String> {
        let report = validator().validate_update(&new, &old);
        report.errors.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn map_list_items_ratchet_by_key_wherever_they_moved() {
        let old = json!({"ports": [{"name": "a", "port": 5000}]});
        let new = json!({"ports": [{"name": "b", "port": 80}, {"name": "a", "port": 5000}]});
        assert_eq!(errors(new, old), Vec::<String>::new());
        // A changed item with the same key is not ratcheted.
        let old = json!({"ports": [{"name": "a", "port": 5000}]});
        let new = json!({"ports": [{"name": "a", "port": 5001}]});
        assert_eq!(
            errors(new, old),
            ["ports[0].port: Invalid value: 5001: ports[0].port in body should be less than or equal to 1000"]
        );
    }

    #[test]
    fn atomic_and_set_items_ratchet_only_with_an_unchanged_list() {
        let old = json!({"hosts": ["abcd"], "tags": ["wxyz"]});
        assert_eq!(
            errors(
                json!({"hosts": ["abcd", "x"], "tags": ["wxyz"]}),
                old.clone()
            ),
            ["hosts[0]: Too long: may not be more than 3 bytes"]
        );
        assert_eq!(
            errors(
                json!({"hosts": ["abcd"], "tags": ["x", "wxyz"]}),
                old.clone()
            ),
            ["tags[1]: Too long: may not be more than 3 bytes"]
        );
        assert_eq!(errors(old.clone(), old), Vec::<String>::new());
    }
}
