//! The one walk over an object that finds every schema error, reading the value through a view
//! and never copying it: unknown fields (reported where pruning would drop them), null, zero and
//! default handling (a default is checked in place of its missing property), the kube-openapi
//! value checks of each node, embedded resources and list types. Paths are built only for errors.

use super::listtype;
use super::materialize::materialize;
use super::objectmeta;
use super::openapi;
use super::path::{Keys, Path};
use super::plan::{Node, NodeId, Plan, Slot, Unknown};
use super::sink::Errors;
use crate::errors::{BadValue, FieldError};
use crate::value::{Kind, ValueView};
use serde_json::Value;

/// Objects nested deeper than this are reported, not walked (documents read from YAML are
/// refused well before).
pub(crate) const MAX_DEPTH: usize = 512;

/// What the walk found, kept apart in the order the apiserver reports them.
#[derive(Debug, Default)]
pub(crate) struct Found {
    /// Fields the schema does not declare.
    pub unknown: Vec<FieldError>,
    /// kube-openapi's value checks.
    pub values: Errors,
    /// Embedded resources' apiVersion, kind and metadata.
    pub embedded: Vec<FieldError>,
    /// List-type uniqueness.
    pub lists: Vec<FieldError>,
}

/// Whether the walk applies the structural-schema steps (pruning, defaults, list types,
/// embedded resources) or only kube-openapi's value checks (the branches of `anyOf` and the
/// like, which see the pruned and defaulted value).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `resource_root`: the node is the validated object's root (embedded resources are
    /// resource roots too, known from their own node).
    Full {
        resource_root: bool,
    },
    ValuesOnly,
}

/// Checks `value` against the plan's root.
pub(crate) fn check<'a>(plan: &Plan, value: impl ValueView<'a>) -> Found {
    let mut found = Found::default();
    let mode = Mode::Full {
        resource_root: true,
    };
    walk(plan, plan.root, value, &Path::ROOT, mode, 0, &mut found);
    found
}

/// The keys of a resource that pruning keeps at its root whatever the schema declares.
fn resource_field(key: &str) -> bool {
    matches!(key, "apiVersion" | "kind" | "metadata")
}

fn walk<'a, V: ValueView<'a>>(
    plan: &Plan,
    id: NodeId,
    v: V,
    path: &Path<'_>,
    mode: Mode,
    depth: usize,
    found: &mut Found,
) {
    let node = &plan.nodes[id];
    if depth > MAX_DEPTH {
        found.values.add(|| {
            FieldError::invalid(
                path.field_path(Keys::AsFields),
                BadValue::Omitted,
                format!("nested deeper than {MAX_DEPTH} levels"),
            )
        });
        return;
    }
    openapi::check_type(node, v, path, &mut found.values);
    if v.is_null() {
        openapi::check_enum(node, v, path, &mut found.values);
        return;
    }
    if node.composes() {
        match mode {
            Mode::Full { resource_root } => {
                let pruned = materialize(plan, id, v, resource_root, depth);
                compose(plan, node, &pruned, path, depth, &mut found.values);
            }
            Mode::ValuesOnly => compose(plan, node, v, path, depth, &mut found.values),
        }
    }
    match v.kind() {
        Kind::String => {
            let text = v.as_str().unwrap_or_default();
            openapi::check_string(node, text, path, &mut found.values);
        }
        Kind::Integer | Kind::Float => openapi::check_number(node, v, path, &mut found.values),
        Kind::Array => {
            if let Mode::Full { .. } = mode {
                listtype::check(&node.list_type, v, path, &mut found.lists);
            }
            if let Some(items) = node.items {
                let child_mode = full_child(mode, false);
                for (i, item) in v.items().enumerate() {
                    walk(
                        plan,
                        items,
                        item,
                        &path.index(i),
                        child_mode,
                        depth + 1,
                        found,
                    );
                }
            }
            openapi::check_array(node, v, path, &mut found.values);
        }
        _ => {}
    }
    openapi::check_enum(node, v, path, &mut found.values);
    if v.kind() == Kind::Object {
        walk_object(plan, node, v, path, mode, depth, found);
    }
}

/// The mode of a child node: structural steps continue below a full walk.
fn full_child(mode: Mode, resource_root: bool) -> Mode {
    match mode {
        Mode::Full { .. } => Mode::Full { resource_root },
        Mode::ValuesOnly => Mode::ValuesOnly,
    }
}

fn walk_object<'p, 'a, V: ValueView<'a>>(
    plan: &'p Plan,
    node: &'p Node,
    v: V,
    path: &Path<'_>,
    mode: Mode,
    depth: usize,
    found: &mut Found,
) {
    let (full, resource_root) = match mode {
        Mode::Full { resource_root } => (true, resource_root || node.embedded),
        Mode::ValuesOnly => (false, false),
    };
    if full && node.embedded && !path.is_root() {
        if let Value::Object(map) = v.to_json().as_ref() {
            let at = path.field_path(Keys::Indexed);
            objectmeta::check_resource(map, &at, &mut found.embedded);
        }
    }
    // Declared properties with a value once null, zero and default handling is done, in the
    // schema's order; undeclared keys in the object's order; the count pruning leaves.
    let mut slots: Vec<(u32, Slot<'p, V>)> = Vec::with_capacity(v.len() + node.defaulted.len());
    let mut undeclared: Vec<(&'a str, V)> = Vec::new();
    for (key, child) in v.entries() {
        if let Some(i) = node.property_index(key) {
            let slot = if full {
                node.properties[i as usize].slot(plan, Some(child))
            } else {
                Slot::Present(child)
            };
            if !matches!(slot, Slot::Absent) {
                slots.push((i, slot));
            }
            continue;
        }
        let pruned = full
            && matches!(node.unknown, Unknown::Pruned)
            && !(resource_root && resource_field(key));
        if pruned {
            let at = path.field_path(Keys::AsFields).child(key);
            found.unknown.push(FieldError::invalid(
                at,
                BadValue::Omitted,
                "value provided for unknown field",
            ));
            continue;
        }
        undeclared.push((key, child));
    }
    if full {
        for &i in &node.defaulted {
            let p = &node.properties[i as usize];
            if v.get(&p.name).is_none() {
                if let Some(d) = &p.default {
                    slots.push((i, Slot::Default(d)));
                }
            }
        }
    }
    slots.sort_unstable_by_key(|(i, _)| *i);
    let count = slots.len() + undeclared.len();
    openapi::check_object_counts(node, count, path, &mut found.values);
    for (key, child) in undeclared {
        if node.additional_false {
            openapi::forbidden_property(key, path, &mut found.values);
        } else if let Unknown::Schema(ap) = node.unknown {
            let child_mode = full_child(mode, false);
            walk(
                plan,
                ap,
                child,
                &path.key(key),
                child_mode,
                depth + 1,
                found,
            );
        }
    }
    for (i, slot) in &slots {
        let p = &node.properties[*i as usize];
        let child_path = path.field(&p.name);
        let child_mode = full_child(mode, false);
        match *slot {
            Slot::Present(child) => walk(
                plan,
                p.node,
                child,
                &child_path,
                child_mode,
                depth + 1,
                found,
            ),
            Slot::Default(d) => walk(plan, p.node, d, &child_path, child_mode, depth + 1, found),
            Slot::Absent => {}
        }
    }
    for name in &node.required {
        let there = match node.property_index(name) {
            Some(i) => slots.binary_search_by_key(&i, |(j, _)| *j).is_ok(),
            None => {
                let pruned = full
                    && matches!(node.unknown, Unknown::Pruned)
                    && !(resource_root && resource_field(name));
                !pruned && v.get(name).is_some()
            }
        };
        if !there {
            openapi::required(name, path, &mut found.values);
        }
    }
}

/// anyOf, oneOf, allOf and not, on the pruned and defaulted value. Branches are first tried
/// counting failures only; the errors of a branch are built when they are reported.
fn compose<'a>(
    plan: &Plan,
    node: &Node,
    v: impl ValueView<'a>,
    path: &Path<'_>,
    depth: usize,
    errors: &mut Errors,
) {
    let run = |id: NodeId, sink: Errors| {
        let mut sub = Found {
            values: sink,
            ..Found::default()
        };
        walk(plan, id, v, path, Mode::ValuesOnly, depth + 1, &mut sub);
        sub.values
    };
    let failures = |id: NodeId| run(id, Errors::quiet()).failures();
    let report = |errors: &mut Errors, id: NodeId, count: usize| {
        errors.extend_with(count, || run(id, Errors::default()).into_list());
    };
    for (branches, what) in [(&node.any_of, "anyOf"), (&node.one_of, "oneOf")] {
        if branches.is_empty() {
            continue;
        }
        let counts: Vec<usize> = branches.iter().map(|&b| failures(b)).collect();
        let valid = counts.iter().filter(|&&c| c == 0).count();
        // The branch with the fewest errors (the first of equals).
        let best = counts
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| **c)
            .map(|(i, c)| (branches[i], *c));
        match what {
            "anyOf" if valid == 0 => {
                openapi::composite(path, "must validate at least one schema (anyOf)", errors);
                if let Some((b, count)) = best {
                    report(errors, b, count);
                }
            }
            "oneOf" if valid == 0 => {
                openapi::composite(
                    path,
                    "must validate one and only one schema (oneOf). Found none valid",
                    errors,
                );
                if let Some((b, count)) = best {
                    report(errors, b, count);
                }
            }
            "oneOf" if valid > 1 => {
                let what = format!(
                    "must validate one and only one schema (oneOf). Found {valid} valid alternatives"
                );
                openapi::composite(path, &what, errors);
            }
            _ => {}
        }
    }
    if !node.all_of.is_empty() {
        let mut validated = 0;
        for &b in &node.all_of {
            let count = failures(b);
            validated += usize::from(count == 0);
            if count > 0 {
                report(errors, b, count);
            }
        }
        if validated != node.all_of.len() {
            let none = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            let what = format!("must validate all the schemas (allOf){none}");
            openapi::composite(path, &what, errors);
        }
    }
    if let Some(not) = node.not {
        if failures(not) == 0 {
            openapi::composite(path, "must not validate the schema (not)", errors);
        }
    }
}
