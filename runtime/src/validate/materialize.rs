//! The object as the apiserver holds it after decoding: unknown fields pruned, stripped zeros and
//! disallowed nulls removed, defaults applied. Built (from a view, in one pass) only for what
//! needs a value of its own: CEL rules, ratcheting's comparisons and `anyOf`-like branches.

use super::check::MAX_DEPTH;
use super::plan::{NodeId, Plan, Slot, Unknown};
use crate::value::{Kind, ValueView};
use serde_json::{Map, Value};

/// The pruned and defaulted copy of `v`, a value of node `id` (`top`: the validated object's
/// root).
pub(crate) fn materialize<'a>(
    plan: &Plan,
    id: NodeId,
    v: impl ValueView<'a>,
    top: bool,
    depth: usize,
) -> Value {
    let node = &plan.nodes[id];
    if depth > MAX_DEPTH {
        return v.to_json().into_owned();
    }
    match v.kind() {
        Kind::Array => match node.items {
            Some(items) => Value::Array(
                v.items()
                    .map(|item| materialize(plan, items, item, false, depth + 1))
                    .collect(),
            ),
            None => v.to_json().into_owned(),
        },
        Kind::Object => {
            let mut map = Map::new();
            for (key, child) in v.entries() {
                if plan.property_index(id, key).is_some() {
                    continue;
                }
                match node.unknown {
                    _ if node.prunes(key, top) => {}
                    Unknown::Schema(ap) => {
                        map.insert(
                            key.to_string(),
                            materialize(plan, ap, child, false, depth + 1),
                        );
                    }
                    _ => {
                        map.insert(key.to_string(), child.to_json().into_owned());
                    }
                }
            }
            for p in &node.properties {
                let value = match p.slot(plan, v.get(&p.name)) {
                    Slot::Present(child) => materialize(plan, p.node, child, false, depth + 1),
                    Slot::Default(d) => materialize(plan, p.node, d, false, depth + 1),
                    Slot::Absent => continue,
                };
                map.insert(p.name.to_string(), value);
            }
            Value::Object(map)
        }
        _ => v.to_json().into_owned(),
    }
}
