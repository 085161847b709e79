//! The one walk over an object that finds every schema error, reading the value through a view
//! and never copying it: unknown fields (reported where pruning would drop them), null, zero and
//! default handling (a default is checked in place of its missing property), the kube-openapi
//! value checks of each node, embedded resources and list types. Paths are built only for errors.

use super::listtype;
use super::materialize::materialize;
use super::objectmeta;
use super::openapi;
use super::path::{Keys, Path};
use super::plan::{Node, NodeId, Plan, Required, Slot, Unknown};
use super::quick::{self, Failing, Link, Toward};
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
    /// Pruning, stripping or defaults change the object: rules must see a rebuilt copy.
    pub reshaped: bool,
}

impl Found {
    /// Whether nothing was found and decoding reshapes the object exactly when `reshaped` says:
    /// what the quick walk claims when it proves a value clean.
    #[cfg(debug_assertions)]
    pub fn is_clean(&self, reshaped: bool) -> bool {
        self.unknown.is_empty()
            && self.values.failures() == 0
            && self.embedded.is_empty()
            && self.lists.is_empty()
            && self.reshaped == reshaped
    }
}

/// Whether the walk applies the structural-schema steps (pruning, defaults, list types,
/// embedded resources) or only kube-openapi's value checks (the branches of `anyOf` and the
/// like, which see the pruned and defaulted value).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `top`: the node is the validated object's root.
    Full {
        top: bool,
    },
    ValuesOnly,
}

/// Checks `value` against the plan's root.
pub(crate) fn check<'a>(plan: &Plan, value: impl ValueView<'a>) -> Found {
    check_toward(plan, value, &[])
}

/// Checks `value` against the plan's root, given where the quick walk failed on it (`toward`,
/// the last step first): the full walk follows that way, and tries the quick walk again on
/// every other container it meets.
pub(crate) fn check_toward<'a>(
    plan: &Plan,
    value: impl ValueView<'a>,
    toward: &[Toward<'a>],
) -> Found {
    let mut found = Found::default();
    let mode = Mode::Full { top: true };
    Walker::new(plan, &mut found).node(plan.root, value, &Path::ROOT, mode, 0, toward);
    found
}

/// Checks the subtrees a survey set aside ([`quick::survey`]), each in full, in the order the
/// full walk would meet them: what the full walk finds in the whole object, since the survey
/// proved the rest clean. `reshaped`: what the survey found of the rest.
pub(crate) fn check_failing<'a, V: ValueView<'a>>(
    plan: &Plan,
    mut subtrees: Vec<Failing<'a, V>>,
    reshaped: bool,
) -> Found {
    let mut found = Found {
        reshaped,
        ..Found::default()
    };
    subtrees.sort_unstable_by(|a, b| a.ranks().cmp(b.ranks()));
    for failing in &subtrees {
        at_trail(&failing.trail, &Path::ROOT, &mut |path| {
            let mode = Mode::Full { top: false };
            Walker::new(plan, &mut found).node(
                failing.node,
                failing.value,
                path,
                mode,
                failing.depth,
                &[],
            )
        });
    }
    found
}

/// Calls `f` with the path `trail` (the last step first) leads to from `from`.
fn at_trail(trail: &[Link<'_>], from: &Path<'_>, f: &mut dyn FnMut(&Path<'_>)) {
    match trail.split_last() {
        None => f(from),
        Some((link, rest)) => at_trail(rest, &from.then(link.step), f),
    }
}

/// Checks `value`, found at `path` of a larger object, against the plan's root: what a derived
/// validator asks of a field whose type's definition is a variant (`+k8s:override`).
pub(crate) fn check_at<'a>(plan: &Plan, value: impl ValueView<'a>, path: &Path<'_>) -> Found {
    let mut found = Found::default();
    Walker::new(plan, &mut found).node(plan.root, value, path, Mode::Full { top: false }, 0, &[]);
    found
}

/// Checks `value` against the plan's root by the full walk alone, never the quick one: what
/// [`check_toward`] must find.
#[cfg(test)]
pub(crate) fn check_in_full<'a>(plan: &Plan, value: impl ValueView<'a>) -> Found {
    let mut found = Found::default();
    let mut walker = Walker::new(plan, &mut found);
    walker.quick = false;
    walker.node(
        plan.root,
        value,
        &Path::ROOT,
        Mode::Full { top: true },
        0,
        &[],
    );
    found
}

/// The mode of a child node: structural steps continue below a full walk.
fn full_child(mode: Mode) -> Mode {
    match mode {
        Mode::Full { .. } => Mode::Full { top: false },
        Mode::ValuesOnly => Mode::ValuesOnly,
    }
}

/// One walk over values of type `V`.
struct Walker<'p, 'f, V> {
    plan: &'p Plan,
    found: &'f mut Found,
    /// The declared properties of the objects being walked, a segment per object on the
    /// stack: (index in the node's properties, the value, or `None` for the default).
    held: Vec<(u32, Option<V>)>,
    /// Containers below are first offered to the quick walk (off only to test that doing so
    /// changes nothing).
    quick: bool,
}

impl<'p, 'f, 'a, V: ValueView<'a>> Walker<'p, 'f, V> {
    fn new(plan: &'p Plan, found: &'f mut Found) -> Self {
        Walker {
            plan,
            found,
            held: Vec::new(),
            quick: true,
        }
    }

    /// Walks the child `step` of a node walked in `mode`; `toward`: where the quick walk
    /// failed below that node. Below a full walk, a container the quick walk proves clean is
    /// not walked again, and the child toward the known failure is not tried: only the
    /// subtrees that hold errors are walked in full, so an object with a few errors costs
    /// little more than a clean one.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        id: NodeId,
        v: V,
        path: &Path<'_>,
        mode: Mode,
        depth: usize,
        toward: &[Toward<'a>],
        step: Toward<'_>,
    ) {
        let mode = full_child(mode);
        if let [rest @ .., next] = toward {
            if *next == step {
                return self.node(id, v, path, mode, depth, rest);
            }
        }
        if !self.quick
            || mode != (Mode::Full { top: false })
            || !matches!(v.kind(), Kind::Array | Kind::Object)
        {
            return self.node(id, v, path, mode, depth, &[]);
        }
        match quick::clean_at(self.plan, id, v, depth) {
            Ok(reshaped) => {
                #[cfg(debug_assertions)]
                self.assert_clean(id, v, path, reshaped, depth);
                self.found.reshaped |= reshaped;
            }
            Err(trail) => self.node(id, v, path, mode, depth, &trail),
        }
    }

    /// Debug builds: the full walk agrees with what the quick walk proved of a subtree.
    #[cfg(debug_assertions)]
    fn assert_clean(&self, id: NodeId, v: V, path: &Path<'_>, reshaped: bool, depth: usize) {
        let mut full = Found::default();
        Walker::new(self.plan, &mut full).node(id, v, path, Mode::Full { top: false }, depth, &[]);
        assert!(
            full.is_clean(reshaped),
            "the quick walk proved clean (reshaped: {reshaped}) a subtree the full walk did not: {full:?}"
        );
    }

    /// Walks `v` at node `id`; `toward`: where the quick walk failed below it.
    fn node(
        &mut self,
        id: NodeId,
        v: V,
        path: &Path<'_>,
        mode: Mode,
        depth: usize,
        toward: &[Toward<'a>],
    ) {
        let plan = self.plan;
        let node = &plan.nodes[id];
        let errors = &mut self.found.values;
        if depth > MAX_DEPTH {
            errors.add(|| {
                FieldError::invalid(
                    path.field_path(Keys::AsFields),
                    BadValue::Omitted,
                    format!("nested deeper than {MAX_DEPTH} levels"),
                )
            });
            return;
        }
        openapi::check_type(node, v, path, errors);
        // Most leaves check nothing but their type.
        if node.type_only && !matches!(v.kind(), Kind::Array | Kind::Object) {
            return;
        }
        if v.is_null() {
            openapi::check_enum(node, v, path, errors);
            return;
        }
        if node.composes() {
            match mode {
                // Pruning and defaults change only containers.
                Mode::Full { top } if matches!(v.kind(), Kind::Array | Kind::Object) => {
                    let pruned = materialize(plan, id, v, top, depth);
                    compose(plan, node, &pruned, path, depth, errors);
                }
                _ => compose(plan, node, v, path, depth, errors),
            }
        }
        match v.kind() {
            Kind::String => {
                let text = v.as_str().unwrap_or_default();
                openapi::check_string(node, text, path, errors);
            }
            Kind::Integer | Kind::Float => openapi::check_number(node, v, path, errors),
            Kind::Array => {
                if let (Mode::Full { .. }, true) = (mode, node.unique_keys) {
                    listtype::check(&node.list_type, v, path, &mut self.found.lists);
                }
                if let Some(items) = node.items {
                    for (i, item) in v.items().enumerate() {
                        // A built-in kind's decoder makes a null item its type's zero value.
                        if item.is_null() && node.null_item_is_zero {
                            continue;
                        }
                        let step = Toward::Index(i);
                        self.child(items, item, &path.index(i), mode, depth + 1, toward, step);
                    }
                }
                openapi::check_array(node, v, path, &mut self.found.values);
            }
            Kind::Object => {
                openapi::check_enum(node, v, path, errors);
                self.object(id, v, path, mode, depth, toward);
                return;
            }
            Kind::Null | Kind::Bool => {}
        }
        openapi::check_enum(node, v, path, &mut self.found.values);
    }

    fn object(
        &mut self,
        id: NodeId,
        v: V,
        path: &Path<'_>,
        mode: Mode,
        depth: usize,
        toward: &[Toward<'a>],
    ) {
        let plan = self.plan;
        let node = &plan.nodes[id];
        let (full, top) = match mode {
            Mode::Full { top } => (true, top),
            Mode::ValuesOnly => (false, false),
        };
        let pruned = |key: &str| full && node.prunes(key, top);
        if full && node.embedded && !path.is_root() {
            if let Value::Object(map) = v.to_json().as_ref() {
                let at = path.field_path(Keys::Indexed);
                objectmeta::check_resource(map, &at, &mut self.found.embedded);
            }
        }
        // Declared properties holding a value once null, zero and default handling is done,
        // sorted into the schema's order; undeclared keys are counted, and visited in the
        // object's order below.
        let start = self.held.len();
        let mut undeclared = 0;
        for (key, child) in v.entries() {
            if let Some(i) = plan.property_index(id, key) {
                let held = if full {
                    match node.properties[i as usize].slot(plan, Some(child)) {
                        Slot::Present(c) => Some(Some(c)),
                        Slot::Default(_) => {
                            self.found.reshaped = true;
                            Some(None)
                        }
                        Slot::Absent => {
                            self.found.reshaped = true;
                            None
                        }
                    }
                } else {
                    Some(Some(child))
                };
                if let Some(held) = held {
                    self.held.push((i, held));
                }
            } else if pruned(key) {
                self.found.reshaped = true;
                let at = path.field_path(Keys::AsFields).child(key);
                self.found.unknown.push(FieldError::invalid(
                    at,
                    BadValue::Omitted,
                    "value provided for unknown field",
                ));
            } else {
                undeclared += 1;
            }
        }
        self.held[start..].sort_unstable_by_key(|(i, _)| *i);
        if full && !node.defaulted.is_empty() {
            // Properties absent from the object take their defaults.
            let end = self.held.len();
            for &i in &node.defaulted {
                let held = &self.held[start..end];
                if held.binary_search_by_key(&i, |(j, _)| *j).is_err() {
                    self.found.reshaped = true;
                    self.held.push((i, None));
                }
            }
            self.held[start..].sort_unstable_by_key(|(i, _)| *i);
        }
        let end = self.held.len();
        let count = end - start + undeclared;
        openapi::check_object_counts(node, count, path, &mut self.found.values);
        if undeclared > 0 {
            let undeclared = v
                .entries()
                .filter(|(key, _)| plan.property_index(id, key).is_none() && !pruned(key));
            for (key, child) in undeclared {
                if node.additional_false {
                    openapi::forbidden_property(key, path, &mut self.found.values);
                } else if child.is_null() {
                    // A null map value is no error: a built-in kind's decoder stores its type's
                    // zero value, and a custom resource's is pruned before validation
                    // (PruneNonNullableNullsWithoutDefaults), or kept where nullable.
                } else if let Unknown::Schema(ap) = node.unknown {
                    let step = Toward::Key(key);
                    self.child(ap, child, &path.key(key), mode, depth + 1, toward, step);
                }
            }
        }
        for k in start..end {
            let (i, held) = self.held[k];
            let p = &node.properties[i as usize];
            let child_path = path.field(&p.name);
            match (held, &p.default) {
                (Some(child), _) => {
                    let step = Toward::Key(&p.name);
                    self.child(p.node, child, &child_path, mode, depth + 1, toward, step)
                }
                (None, Some(d)) => Walker::new(plan, self.found).node(
                    p.node,
                    d,
                    &child_path,
                    full_child(mode),
                    depth + 1,
                    &[],
                ),
                (None, None) => {}
            }
        }
        for required in &node.required {
            let (name, there) = match required {
                Required::Declared(i) => {
                    let held = &self.held[start..end];
                    let there = held.binary_search_by_key(i, |(j, _)| *j).is_ok();
                    (node.properties[*i as usize].name.as_ref(), there)
                }
                Required::Undeclared(name) => {
                    (name.as_ref(), !pruned(name) && v.get(name).is_some())
                }
            };
            if !there {
                openapi::required(name, path, &mut self.found.values);
            }
        }
        self.held.truncate(start);
    }
}

/// anyOf, oneOf, allOf and not, on the pruned and defaulted value. Branches are first tried
/// counting failures only; the errors of a branch are built when they are reported.
pub(super) fn compose<'a>(
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
        Walker::new(plan, &mut sub).node(id, v, path, Mode::ValuesOnly, depth + 1, &[]);
        sub.values
    };
    let failures = |id: NodeId| {
        let branch = &plan.nodes[id];
        if branch.type_only {
            let mut errors = Errors::quiet();
            openapi::check_type(branch, v, path, &mut errors);
            return errors.failures();
        }
        run(id, Errors::quiet()).failures()
    };
    let report = |errors: &mut Errors, id: NodeId, count: usize| {
        errors.extend_with(count, || run(id, Errors::default()).into_list());
    };
    for (branches, what) in [(&node.any_of, "anyOf"), (&node.one_of, "oneOf")] {
        if branches.is_empty() {
            continue;
        }
        let mut valid = 0;
        // The branch with the fewest errors (the first of equals).
        let mut best: Option<(NodeId, usize)> = None;
        for &b in branches {
            let count = failures(b);
            valid += usize::from(count == 0);
            if !matches!(best, Some((_, fewest)) if fewest <= count) {
                best = Some((b, count));
            }
        }
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
