//! The quick walk: proves an object clean, so the full walk (`check.rs`) runs only on objects
//! that have something to report. It applies the same checks in the same way (the value checks
//! are `openapi`'s own, given a sink that only counts), but keeps no paths, no order and no
//! errors, and gives up, answering "not proven", at the first failure or at anything it leaves
//! to the full walk: nulls, zero values a property strips, unknown fields, composition over
//! containers, embedded resources, objects of more than 64 declared properties, and depth.
//!
//! What it proves: the full walk would find no error. It also says whether decoding reshapes
//! the object (a default to apply, a null or stripped zero to drop), as the full walk would.
//! Debug builds run both walks on every object proven clean and compare them.

use super::check::{compose, MAX_DEPTH};
use super::listtype;
use super::openapi;
use super::path::Path;
use super::plan::{Node, NodeId, Plan, Required, Slot, Unknown};
use super::sink::Errors;
use crate::value::{Kind, ValueView};

/// `Some(reshaped)` when `value` is clean against the plan's root; `None` when the full walk
/// must decide.
pub(crate) fn clean<'a>(plan: &Plan, value: impl ValueView<'a>) -> Option<bool> {
    let mut walk = Quick {
        plan,
        reshaped: false,
    };
    walk.node(plan.root, value, true, 0)
        .then_some(walk.reshaped)
}

struct Quick<'p> {
    plan: &'p Plan,
    reshaped: bool,
}

impl<'p> Quick<'p> {
    /// Whether `v` is clean at node `id`; `top`: the node is the object's root.
    fn node<'a, V: ValueView<'a>>(&mut self, id: NodeId, v: V, top: bool, depth: usize) -> bool {
        let node = &self.plan.nodes[id];
        let kind = v.kind();
        if depth > MAX_DEPTH
            || kind == Kind::Null
            || !(node.type_names.is_empty() || node.types.accepts(v))
        {
            return false;
        }
        let container = matches!(kind, Kind::Array | Kind::Object);
        if node.type_only && !container {
            return true;
        }
        let path = &Path::ROOT;
        let mut failures = Errors::quiet();
        if node.composes() {
            // Over containers, composition sees the pruned value: the full walk's business.
            if container {
                return false;
            }
            compose(self.plan, node, v, path, depth, &mut failures);
        }
        match kind {
            Kind::String => {
                openapi::check_string(node, v.as_str().unwrap_or_default(), path, &mut failures)
            }
            Kind::Integer | Kind::Float => openapi::check_number(node, v, path, &mut failures),
            Kind::Array => {
                if !listtype::holds(&node.list_type, v) {
                    return false;
                }
                if let Some(items) = node.items {
                    if !v
                        .items()
                        .all(|item| self.node(items, item, false, depth + 1))
                    {
                        return false;
                    }
                }
                openapi::check_array(node, v, path, &mut failures);
            }
            Kind::Object => {
                openapi::check_enum(node, v, path, &mut failures);
                return failures.failures() == 0 && self.object(node, v, top, depth);
            }
            Kind::Null | Kind::Bool => {}
        }
        openapi::check_enum(node, v, path, &mut failures);
        failures.failures() == 0
    }

    fn object<'a, V: ValueView<'a>>(&mut self, node: &Node, v: V, top: bool, depth: usize) -> bool {
        let plan = self.plan;
        if node.embedded && !top || node.properties.len() > 64 {
            return false;
        }
        // Declared properties holding a value, as bits; the number of entries left.
        let mut held = 0u64;
        let mut count = 0;
        for (key, child) in v.entries() {
            let Some(i) = node.property_index(key) else {
                if node.prunes(key, top) || node.additional_false {
                    return false;
                }
                count += 1;
                if let Unknown::Schema(ap) = node.unknown {
                    if !self.node(ap, child, false, depth + 1) {
                        return false;
                    }
                }
                continue;
            };
            let p = &node.properties[i as usize];
            // Nulls and stripped zeros are the full walk's.
            match p.slot(plan, Some(child)) {
                Slot::Present(c) if !c.is_null() => {
                    if !self.node(p.node, c, false, depth + 1) {
                        return false;
                    }
                }
                _ => return false,
            }
            held |= 1 << i;
            count += 1;
        }
        for &i in &node.defaulted {
            if held & 1 << i == 0 {
                let p = &node.properties[i as usize];
                let Some(d) = &p.default else { continue };
                self.reshaped = true;
                if !self.node(p.node, d, false, depth + 1) {
                    return false;
                }
                held |= 1 << i;
                count += 1;
            }
        }
        let mut failures = Errors::quiet();
        openapi::check_object_counts(node, count, &Path::ROOT, &mut failures);
        failures.failures() == 0
            && node.required.iter().all(|r| match r {
                Required::Declared(i) => held & 1 << i != 0,
                Required::Undeclared(name) => !node.prunes(name, top) && v.get(name).is_some(),
            })
    }
}
