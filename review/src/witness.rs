//! Witnesses: for a tightening (or a change of unknown direction), a small object of the
//! finding's definition that the old schema accepts and the new one rejects, checked with
//! kubeidl's validator on both sides.
//!
//! The search is plain and bounded. A base object is built from the old schema (required
//! fields, defaults, first `enum` values, bounds' least values) with the path to the finding's
//! field filled in; then the field is given candidate values drawn from both schemas' own
//! numbers (bounds and their neighbours, lengths, counts, `enum` values, defaults), a shortest
//! string the old `pattern` accepts and the new one rejects, some strings of common shapes and,
//! for an object, the same for each of its properties, or the field is left out. The first
//! candidate the old side accepts and the new side rejects is the witness. A change only
//! updates feel (a rule reading `oldSelf`) is given an update instead: a stored object both
//! sides accept, and an update of it to a candidate (or back) that only the old side accepts.
//! No witness means none of those candidates tells the two apart, not that none exists.

use super::pattern_order;
use super::validators::Validators;
use super::{Direction, Finding, Revision};
use kubeidl::errors::ErrorType;
use kubeidl::schema::{number_f64, Schema};
use kubeidl::validate::{FieldValidation, Validator};
use serde_json::{json, Map, Value};

/// An object valid under the old revision and invalid under the new one; for a change only
/// updates feel (a transition rule), an update the old revision accepts and the new one
/// rejects.
#[derive(Debug, Clone, PartialEq)]
pub struct Witness {
    /// The object, of the finding's definition (for an update, the object updated to).
    pub object: Value,
    /// For an update witness, the object stored before it.
    pub before: Option<Value>,
    /// The first error the new revision gives it.
    pub error: String,
}

impl Witness {
    /// `{"object": …, "error": …}`, with `"before": …` after `object` for an update, on one
    /// line.
    pub fn to_json(&self) -> Value {
        match &self.before {
            None => json!({"object": self.object, "error": self.error}),
            Some(before) => {
                json!({"object": self.object, "before": before, "error": self.error})
            }
        }
    }

    /// What the witness shows, for a text report: `{…} is accepted by OLD`, or `an update
    /// from {…} to {…} is accepted by OLD`.
    pub fn accepted_text(&self) -> String {
        match &self.before {
            None => format!("{} is accepted by OLD", self.object),
            Some(before) => format!(
                "an update from {before} to {} is accepted by OLD",
                self.object
            ),
        }
    }
}

/// Whether a witness is looked for: the finding rejects, or may reject, what was accepted (a
/// tightening, or a change of unknown direction) of a schema, not of a CRD itself.
pub fn looks_at(finding: &Finding) -> bool {
    matches!(
        finding.direction,
        Direction::Tightening | Direction::Unknown
    ) && !super::crd_level::reports(finding.rule)
}

/// The most candidate objects tried for one finding.
const MAX_TRIES: usize = 400;
/// How deep the base object is built.
const MAX_DEPTH: usize = 12;

/// Finds witnesses for findings between two revisions, compiling each side's validators once.
pub struct Witnesses<'r> {
    old: Validators<'r>,
    new: Validators<'r>,
}

/// One step of a finding's path.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Property(String),
    /// `[*]`: an item of a list.
    Item,
    /// `{*}`: a value of a map.
    Value,
}

/// The steps of a finding path (`spec.ports[*].name`, `labels{*}`).
fn steps(path: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut name = String::new();
    let mut rest = path;
    while let Some(c) = rest.chars().next() {
        let flush = |name: &mut String, out: &mut Vec<Step>| {
            if !name.is_empty() {
                out.push(Step::Property(std::mem::take(name)));
            }
        };
        if let Some(r) = rest.strip_prefix("[*]") {
            flush(&mut name, &mut out);
            out.push(Step::Item);
            rest = r;
        } else if let Some(r) = rest.strip_prefix("{*}") {
            flush(&mut name, &mut out);
            out.push(Step::Value);
            rest = r;
        } else if c == '.' {
            flush(&mut name, &mut out);
            rest = &rest[1..];
        } else {
            name.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if !name.is_empty() {
        out.push(Step::Property(name));
    }
    out
}

/// An error's field path (`ports[0].name`, `labels[key]`) in the shape of finding paths
/// (`ports[*].name`, `labels{*}`).
fn shape(error_path: &str) -> String {
    let mut shape = String::with_capacity(error_path.len());
    let mut rest = error_path;
    while let Some(open) = rest.find('[') {
        shape.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        shape.push_str(match inside.bytes().all(|b| b.is_ascii_digit()) {
            true => "[*]",
            false => "{*}",
        });
        rest = &rest[open + close + 1..];
    }
    shape.push_str(rest);
    if shape == "<nil>" {
        shape.clear();
    }
    shape
}

/// Whether an error's field path is the finding's `path` or below it.
fn within(error_path: &str, path: &str) -> bool {
    let shape = shape(error_path);
    path.is_empty()
        || shape == path
        || shape
            .strip_prefix(path)
            .is_some_and(|r| r.starts_with(['.', '[', '{']))
}

fn int_or_string(s: &Schema) -> bool {
    s.extension_flag("x-kubernetes-int-or-string")
}

/// The map key a `{*}` step is given.
const MAP_KEY: &str = "key";

impl<'r> Witnesses<'r> {
    pub fn new(old: &'r Revision, new: &'r Revision) -> Self {
        Witnesses {
            old: Validators::new(old),
            // Fields the new side no longer declares are another finding's business: they are
            // dropped there, not reported.
            new: Validators::with_unknown_fields(new, FieldValidation::Ignore),
        }
    }

    /// A witness for `finding`, when [`looks_at`] it and one of the candidates tells the two
    /// revisions apart.
    pub fn find(&mut self, finding: &Finding) -> Option<Witness> {
        if !looks_at(finding) {
            return None;
        }
        let name = finding.definition.as_str();
        let old_v = self.old.of(name)?;
        let new_v = self.new.of(name)?;
        let old_root = &self.old.revision().definitions.get(name)?.schema;
        let new_root = self.new.revision().definitions.get(name).map(|d| &d.schema);
        let steps = steps(&finding.path);
        let new_field = new_root.and_then(|r| self.at(&self.new, r, &steps));
        let mut tries = 0;
        let bases = self.bases(old_root, new_root, &steps, &old_v, &mut tries)?;
        let mut tried = std::collections::HashSet::new();
        let expected = expected_error(finding.rule);
        let mut fallback = None;
        // Each base's candidates, kept for the update search.
        let mut looked = Vec::new();
        for (base, old_field) in &bases {
            let candidates = self.candidates(base, &steps, old_field, new_field);
            for object in &candidates {
                if !tried.insert(object.to_string()) {
                    continue;
                }
                tries += 1;
                if tries > MAX_TRIES {
                    break;
                }
                if !old_v.validate(object).is_valid() {
                    continue;
                }
                let Some((error, kind)) = rejects(&new_v, object, &finding.path, expected) else {
                    continue;
                };
                // Another keyword's error at the field is kept in case nothing better comes.
                if expected.is_some_and(|e| e != kind) {
                    fallback.get_or_insert((object.clone(), error));
                    continue;
                }
                return Some(shrink(object.clone(), error, &old_v, &new_v, finding));
            }
            looked.push((base, candidates));
        }
        if let Some((object, error)) = fallback {
            return Some(shrink(object, error, &old_v, &new_v, finding));
        }
        // A change no create feels (a rule reading oldSelf): an update that tells them apart.
        let mut tries = 0;
        looked.into_iter().find_map(|(base, candidates)| {
            update_witness(base, &candidates, &old_v, &new_v, finding, &mut tries)
        })
    }

    /// The base objects of a search, each with the old schema of the field at `steps`: the
    /// fields either side requires, then every field both sides declare, with the path to the
    /// field filled in; each mended until the old side accepts it, as far as varying the
    /// fields it names can.
    fn bases(
        &self,
        old_root: &'r Schema,
        new_root: Option<&'r Schema>,
        steps: &[Step],
        old_v: &Validator,
        tries: &mut usize,
    ) -> Option<Vec<(Value, &'r Schema)>> {
        let sparse = self.minimal_both(old_root, new_root, 0);
        let full = self.full(&sparse, &[], old_root, new_root);
        let mut out = Vec::new();
        for mut base in [sparse, full] {
            let old_field = self.fill(&mut base, old_root, steps)?;
            out.push((self.mend(base, old_v, old_root, tries), old_field));
        }
        Some(out)
    }
}

/// An update witness for `finding`: `base`, when both sides accept it as a stored object, and
/// an update of it to one of the `candidates` (or from one back to it), that the old side
/// accepts and the new side rejects at the finding's field.
fn update_witness(
    base: &Value,
    candidates: &[Value],
    old_v: &Validator,
    new_v: &Validator,
    finding: &Finding,
    tries: &mut usize,
) -> Option<Witness> {
    let stored = |v: &Value| old_v.validate(v).is_valid() && new_v.validate(v).is_valid();
    if !stored(base) {
        return None;
    }
    for other in candidates {
        if other == base || !stored(other) {
            continue;
        }
        for (before, after) in [(base, other), (other, base)] {
            *tries += 1;
            if *tries > MAX_TRIES {
                return None;
            }
            if let Some(error) = rejects_update(old_v, new_v, after, before, &finding.path) {
                let pair = [before.clone(), after.clone()];
                return Some(shrink_update(pair, error, old_v, new_v, &finding.path));
            }
        }
    }
    None
}

/// An update witness with every property both objects can do without left out of both
/// (deepest first), when both sides still accept the smaller stored object and the update
/// still gives the same error.
fn shrink_update(
    pair: [Value; 2],
    error: String,
    old_v: &Validator,
    new_v: &Validator,
    path: &str,
) -> Witness {
    let [before, after] = leave_out(pair, |[b, a]| {
        let stored = old_v.validate(b).is_valid() && new_v.validate(b).is_valid();
        stored && rejects_update(old_v, new_v, a, b, path).is_some_and(|e| e == error)
    });
    Witness {
        object: after,
        before: Some(before),
        error,
    }
}

/// The error the new side gives an update of `before` to `after` at `path` or below, when the
/// old side accepts that update.
fn rejects_update(
    old_v: &Validator,
    new_v: &Validator,
    after: &Value,
    before: &Value,
    path: &str,
) -> Option<String> {
    if !old_v.validate_update(after, before).is_valid() {
        return None;
    }
    let report = new_v.validate_update(after, before);
    let error = report
        .errors
        .iter()
        .find(|e| within(&e.path.to_string(), path))?;
    Some(error.to_string())
}

/// The error the new side gives `object` at `path` or below: the finding's own doing, not
/// another change's; of the `expected` kind when there is such an error.
fn rejects(
    new_v: &Validator,
    object: &Value,
    path: &str,
    expected: Option<ErrorType>,
) -> Option<(String, ErrorType)> {
    let report = new_v.validate(object);
    let mut here = report
        .errors
        .iter()
        .filter(|e| within(&e.path.to_string(), path));
    let first = here.clone().next()?;
    let chosen = here
        .find(|e| Some(e.error_type) == expected)
        .unwrap_or(first);
    Some((chosen.to_string(), chosen.error_type))
}

/// The kind of error a finding's rule calls for, when one does: a witness of a lowered
/// `maxLength` is `Too long`, not another keyword's `Invalid value` at the same field.
fn expected_error(rule: &str) -> Option<ErrorType> {
    Some(match rule {
        r if r.starts_with("max-length") => ErrorType::TooLong,
        r if r.starts_with("max-items") || r.starts_with("max-properties") => ErrorType::TooMany,
        r if r.starts_with("enum") => ErrorType::NotSupported,
        r if r.starts_with("required") => ErrorType::Required,
        _ => return None,
    })
}

/// The witness with every property it can do without left out (deepest first), so it shows
/// what matters.
fn shrink(
    object: Value,
    error: String,
    old_v: &Validator,
    new_v: &Validator,
    finding: &Finding,
) -> Witness {
    let (path, expected) = (&finding.path, expected_error(finding.rule));
    let [object] = leave_out([object], |[smaller]| {
        // The same error, or the witness would stand for something else.
        old_v.validate(smaller).is_valid()
            && rejects(new_v, smaller, path, expected).is_some_and(|(e, _)| e == error)
    });
    Witness {
        object,
        before: None,
        error,
    }
}

/// `objects` with every property of the last one left out of all of them, deepest first,
/// wherever `still` holds of the smaller objects: what shrinking a witness does.
fn leave_out<const N: usize>(
    mut objects: [Value; N],
    still: impl Fn(&[Value; N]) -> bool,
) -> [Value; N] {
    let mut properties = Vec::new();
    if let Some(last) = objects.last() {
        collect_properties(last, &mut Vec::new(), &mut properties);
    }
    properties.sort_by_key(|steps| std::cmp::Reverse(steps.len()));
    for steps in properties.into_iter().take(MAX_TRIES) {
        let mut smaller = objects.clone();
        if smaller.iter_mut().all(|o| remove_at(o, &steps)) && still(&smaller) {
            objects = smaller;
        }
    }
    objects
}

/// The steps to every property of `v`.
fn collect_properties(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                at.push(Step::Property(k.clone()));
                out.push(at.clone());
                collect_properties(child, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            if let Some(first) = items.first() {
                at.push(Step::Item);
                collect_properties(first, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

impl<'r> Witnesses<'r> {
    /// `base` with every property of the object at `steps` that both sides declare set (to a
    /// small value) where it is not.
    fn full(
        &self,
        base: &Value,
        steps: &[Step],
        old: &'r Schema,
        new: Option<&'r Schema>,
    ) -> Value {
        let mut full = base.clone();
        let old = self.old.revision().resolve(old);
        let new = new.map(|n| self.new.revision().resolve(n));
        for (name, p) in &old.properties {
            if new.is_some_and(|n| !n.properties.contains_key(name)) {
                continue;
            }
            let mut at = steps.to_vec();
            at.push(Step::Property(name.clone()));
            if get_at(&full, &at).is_none() {
                set_at(&mut full, &at, self.minimal(p, 1));
            }
        }
        full
    }

    /// `base` changed, field by field, until the old side accepts it: for each error the old
    /// side gives at a field, the field's candidate values are tried until that error goes.
    fn mend(
        &self,
        mut base: Value,
        old_v: &Validator,
        root: &'r Schema,
        tries: &mut usize,
    ) -> Value {
        for _ in 0..8 {
            let errors = old_v.validate(&base).errors;
            let Some(at) = errors
                .iter()
                .map(|e| steps(&shape(&e.path.to_string())))
                .find(|at| !at.is_empty())
            else {
                return base;
            };
            let Some(schema) = self.at(&self.old, root, &at) else {
                return base;
            };
            let before = errors.len();
            let mended = self.values(schema, None, 1).into_iter().find_map(|v| {
                *tries += 1;
                let mut candidate = base.clone();
                set_at(&mut candidate, &at, v);
                (old_v.validate(&candidate).errors.len() < before).then_some(candidate)
            });
            match mended {
                Some(m) => base = m,
                None => return base,
            }
        }
        base
    }

    /// The schema at `steps` below `root`, through references.
    fn at(&self, side: &Validators<'r>, root: &'r Schema, steps: &[Step]) -> Option<&'r Schema> {
        let mut s = side.revision().resolve(root);
        for step in steps {
            s = side.revision().resolve(match step {
                Step::Property(p) => s.properties.get(p)?,
                Step::Item => s.items.as_deref()?,
                Step::Value => s.additional_properties.as_deref()?,
            });
        }
        Some(s)
    }

    /// Makes sure `base` holds a value at `steps` (creating what is missing from the old
    /// schema), and gives the old schema of that field.
    fn fill(&self, base: &mut Value, root: &'r Schema, steps: &[Step]) -> Option<&'r Schema> {
        let side = &self.old;
        let mut s = side.revision().resolve(root);
        let mut v = base;
        for step in steps {
            let (child, container): (&Schema, Value) = match step {
                Step::Property(p) => (s.properties.get(p)?, Value::Object(Map::new())),
                Step::Item => (s.items.as_deref()?, Value::Array(Vec::new())),
                Step::Value => (
                    s.additional_properties.as_deref()?,
                    Value::Object(Map::new()),
                ),
            };
            let child = side.revision().resolve(child);
            if !matches!(
                (&v, &container),
                (Value::Object(_), Value::Object(_)) | (Value::Array(_), Value::Array(_))
            ) {
                *v = container;
            }
            v = match (step, v) {
                (Step::Property(p), Value::Object(m)) => {
                    m.entry(p.clone()).or_insert_with(|| self.minimal(child, 1))
                }
                (Step::Value, Value::Object(m)) => {
                    if m.is_empty() {
                        m.insert(MAP_KEY.into(), self.minimal(child, 1));
                    }
                    m.values_mut().next()?
                }
                (Step::Item, Value::Array(items)) => {
                    if items.is_empty() {
                        items.push(self.minimal(child, 1));
                    }
                    items.first_mut()?
                }
                _ => return None,
            };
            s = child;
        }
        Some(s)
    }

    /// A small value the old schema `s` accepts, as far as its own keywords say.
    fn minimal(&self, s: &'r Schema, depth: usize) -> Value {
        self.minimal_both(s, None, depth)
    }

    /// A small value the old schema `s` accepts, with the properties that either `s` or the
    /// new side's `new` requires: a base object the new side rejects only for the change
    /// looked at.
    fn minimal_both(&self, s: &'r Schema, new: Option<&'r Schema>, depth: usize) -> Value {
        let s = self.old.revision().resolve(s);
        let new = new.map(|n| self.new.revision().resolve(n));
        if let Some(d) = &s.default {
            return d.clone();
        }
        if let Some(e) = s.enum_values.iter().find(|e| !e.is_null()) {
            return e.clone();
        }
        if depth > MAX_DEPTH {
            return Value::Null;
        }
        if int_or_string(s) {
            return json!(1);
        }
        if s.has_type("object") || !s.properties.is_empty() {
            let mut m = Map::new();
            let required = s
                .required
                .iter()
                .chain(new.iter().flat_map(|n| &n.required));
            for name in required {
                if let (Some(p), false) = (s.properties.get(name), m.contains_key(name)) {
                    let new_p = new.and_then(|n| n.properties.get(name));
                    m.insert(name.clone(), self.minimal_both(p, new_p, depth + 1));
                }
            }
            if let Some(ap) = &s.additional_properties {
                for i in 0..s.min_properties.unwrap_or(0).min(8) {
                    m.insert(format!("{MAP_KEY}{i}"), self.minimal(ap, depth + 1));
                }
            }
            return Value::Object(m);
        }
        if s.has_type("array") {
            let item = s
                .items
                .as_deref()
                .map_or(Value::Null, |i| self.minimal(i, depth + 1));
            let n = s.min_items.unwrap_or(0).min(8) as usize;
            return Value::Array(vec![item; n]);
        }
        if s.has_type("string") {
            if let Some(sample) = s.format.as_deref().and_then(format_sample) {
                return json!(sample);
            }
            let n = s.min_length.unwrap_or(1).clamp(1, 256) as usize;
            return json!("a".repeat(n));
        }
        if s.has_type("integer") || s.has_type("number") {
            return least_number(s, s.has_type("integer"));
        }
        if s.has_type("boolean") {
            return json!(false);
        }
        Value::Object(Map::new())
    }

    /// Candidate objects: `base` with the field at `steps` left out or set to each candidate
    /// value, and for an object field, each of its properties varied the same way.
    /// Repeats are left for [`Witnesses::find`], which skips every object it has tried.
    fn candidates(
        &self,
        base: &Value,
        steps: &[Step],
        old: &'r Schema,
        new: Option<&'r Schema>,
    ) -> Vec<Value> {
        let mut out = vec![base.clone()];
        if matches!(steps.last(), Some(Step::Property(_))) {
            let mut without = base.clone();
            if remove_at(&mut without, steps) {
                out.push(without);
            }
        }
        for value in self.values(old, new, 0) {
            let mut object = base.clone();
            if set_at(&mut object, steps, value) {
                out.push(object);
            }
        }
        // Each property of an object field varied, in the object as it is and with every
        // property set (rules compare fields with each other).
        if let Some(Value::Object(_)) = get_at(base, steps) {
            let full = self.full(base, steps, old, new);
            for start in [base, &full] {
                for (name, p) in &old.properties {
                    let mut at = steps.to_vec();
                    at.push(Step::Property(name.clone()));
                    let new_p = new
                        .and_then(|n| n.properties.get(name))
                        .map(|p| self.new.revision().resolve(p));
                    let mut without = start.clone();
                    if remove_at(&mut without, &at) {
                        out.push(without);
                    }
                    for value in self.values(self.old.revision().resolve(p), new_p, 1) {
                        let mut object = start.clone();
                        if set_at(&mut object, &at, value) {
                            out.push(object);
                        }
                    }
                }
            }
        }
        out
    }

    /// Values for a field whose old schema is `old` and new schema `new`: the numbers both
    /// schemas name and their neighbours, strings and lists of the lengths and counts they
    /// name, `enum` values, defaults, and common shapes.
    fn values(&self, old: &'r Schema, new: Option<&'r Schema>, depth: usize) -> Vec<Value> {
        let schemas: Vec<&Schema> = std::iter::once(old).chain(new).collect();
        let mut out: Vec<Value> = Vec::new();
        for s in &schemas {
            out.extend(s.enum_values.iter().cloned());
            out.extend(s.default.iter().cloned());
        }
        let integer = old.has_type("integer");
        let numeric = integer || old.has_type("number") || int_or_string(old);
        if numeric {
            let mut bounds = vec![0.0, 1.0, -1.0, 2.0, 10.0, 100.0, 1000.0];
            for s in &schemas {
                for b in [&s.minimum, &s.maximum, &s.multiple_of]
                    .into_iter()
                    .flatten()
                {
                    let b = number_f64(b);
                    bounds.extend([b - 1.0, b, b + 1.0, b / 2.0]);
                }
            }
            out.extend(bounds.into_iter().map(|b| number(b, integer)));
        }
        if old.has_type("string") || int_or_string(old) {
            // A shortest string the old pattern accepts and the new one does not.
            if let Some(new) = new {
                let dropped =
                    pattern_order::dropped(old.pattern.as_deref(), new.pattern.as_deref());
                out.extend(dropped.map(Value::String));
            }
            let mut lengths = vec![0, 1];
            for s in &schemas {
                for l in [s.min_length, s.max_length].into_iter().flatten() {
                    lengths.extend([l.saturating_sub(1), l, l + 1]);
                }
            }
            for l in lengths.into_iter().filter(|&l| l <= 4096) {
                out.push(json!("a".repeat(l as usize)));
            }
            for s in &schemas {
                if let Some(sample) = s.format.as_deref().and_then(format_sample) {
                    out.push(json!(sample));
                }
            }
            out.extend(STRINGS.iter().map(|s| json!(s)));
        }
        if old.has_type("boolean") {
            out.extend([json!(true), json!(false)]);
        }
        if old.has_type("array") {
            let item = old
                .items
                .as_deref()
                .map_or(Value::Null, |i| self.minimal(i, depth + 1));
            let mut counts = vec![0, 1, 2];
            for s in &schemas {
                for c in [s.min_items, s.max_items].into_iter().flatten() {
                    counts.extend([c.saturating_sub(1), c, c + 1]);
                }
            }
            for c in counts.into_iter().filter(|&c| c <= 256) {
                out.push(Value::Array(vec![item.clone(); c as usize]));
            }
            // Lists of one item varied as the item's own field would be.
            if let (Some(items), true) = (old.items.as_deref(), depth == 0) {
                let old_item = self.old.revision().resolve(items);
                let new_item = new
                    .and_then(|n| n.items.as_deref())
                    .map(|i| self.new.revision().resolve(i));
                for v in self.values(old_item, new_item, depth + 1) {
                    out.push(Value::Array(vec![v]));
                }
            }
        }
        if old.has_type("object") && old.additional_properties.is_some() {
            let value = old
                .additional_properties
                .as_deref()
                .map_or(Value::Null, |ap| self.minimal(ap, depth + 1));
            let mut counts = vec![0, 1];
            for s in &schemas {
                for c in [s.min_properties, s.max_properties].into_iter().flatten() {
                    counts.extend([c.saturating_sub(1), c, c + 1]);
                }
            }
            for c in counts.into_iter().filter(|&c| c <= 256) {
                let m: Map<String, Value> = (0..c)
                    .map(|i| (format!("{MAP_KEY}{i}"), value.clone()))
                    .collect();
                out.push(Value::Object(m));
            }
        }
        out.push(Value::Null);
        out
    }
}

/// Strings of the shapes Kubernetes formats and patterns tell apart.
const STRINGS: &[&str] = &[
    "example",
    "Example",
    "EXAMPLE",
    "a-b",
    "a.b",
    "a_b",
    "-a",
    "a-",
    "a/b",
    "a b",
    "1",
    "1a",
    "a:b",
    "10.0.0.1",
    "2001:db8::1",
    "10.0.0.0/8",
    "https://example.com/path",
    "2024-01-01T00:00:00Z",
    "00000000-0000-0000-0000-000000000000",
    "<a>",
    "a&b",
    "\u{e9}",
];

/// A string of a known format, for a base object.
fn format_sample(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2024-01-01T00:00:00Z",
        "date" => "2024-01-01",
        "duration" => "1s",
        "byte" => "YQ==",
        "uuid" | "k8s-uuid" => "00000000-0000-0000-0000-000000000000",
        "ipv4" | "ip" | "k8s-ip" => "10.0.0.1",
        "ipv6" => "2001:db8::1",
        "cidr" | "k8s-cidr" => "10.0.0.0/8",
        "uri" => "https://example.com/path",
        "email" => "a@example.com",
        "int-or-string" => "1",
        _ => return None,
    })
}

/// The least number `s` admits near zero (its minimum, above an exclusive one, or below a
/// maximum under one), a multiple of `multipleOf` when one is set.
fn least_number(s: &Schema, integer: bool) -> Value {
    let mut n = 1.0f64;
    if let Some(min) = &s.minimum {
        let min = number_f64(min);
        n = if s.exclusive_minimum { min + 1.0 } else { min };
    } else if let Some(max) = &s.maximum {
        let max = number_f64(max);
        if n > max || (s.exclusive_maximum && n >= max) {
            n = if s.exclusive_maximum { max - 1.0 } else { max };
        }
    }
    if let Some(m) = s.multiple_of.as_ref().map(number_f64).filter(|m| *m > 0.0) {
        n = (n / m).ceil() * m;
    }
    number(n, integer)
}

/// `n` as JSON: an integer when the field is one or `n` is whole (and fits), else a float.
fn number(n: f64, integer: bool) -> Value {
    match integer || n.fract() == 0.0 {
        true if n.abs() < 9.0e15 => json!(n as i64),
        _ => json!(n),
    }
}

fn get_at<'v>(v: &'v Value, steps: &[Step]) -> Option<&'v Value> {
    steps.iter().try_fold(v, |v, step| match (step, v) {
        (Step::Property(p), Value::Object(m)) => m.get(p),
        (Step::Value, Value::Object(m)) => m.values().next(),
        (Step::Item, Value::Array(items)) => items.first(),
        _ => None,
    })
}

fn get_at_mut<'v>(v: &'v mut Value, steps: &[Step]) -> Option<&'v mut Value> {
    steps.iter().try_fold(v, |v, step| match (step, v) {
        (Step::Property(p), Value::Object(m)) => m.get_mut(p),
        (Step::Value, Value::Object(m)) => m.values_mut().next(),
        (Step::Item, Value::Array(items)) => items.first_mut(),
        _ => None,
    })
}

/// Sets the value at `steps` (the last step's container must exist); whether it could.
fn set_at(v: &mut Value, steps: &[Step], value: Value) -> bool {
    let Some((last, parent)) = steps.split_last() else {
        *v = value;
        return true;
    };
    match (last, get_at_mut(v, parent)) {
        (Step::Property(p), Some(Value::Object(m))) => {
            m.insert(p.clone(), value);
            true
        }
        (Step::Value, Some(Value::Object(m))) => {
            let key = m.keys().next().cloned().unwrap_or_else(|| MAP_KEY.into());
            m.insert(key, value);
            true
        }
        (Step::Item, Some(Value::Array(items))) => {
            match items.first_mut() {
                Some(first) => *first = value,
                None => items.push(value),
            }
            true
        }
        _ => false,
    }
}

/// Removes the property at `steps`; whether there was one.
fn remove_at(v: &mut Value, steps: &[Step]) -> bool {
    let Some((Step::Property(p), parent)) = steps.split_last() else {
        return false;
    };
    match get_at_mut(v, parent) {
        Some(Value::Object(m)) => m.remove(p).is_some(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{diff, read_revision};

    fn revision(schemas: Value) -> Revision {
        let doc = json!({"openapi": "3.0.0", "components": {"schemas": schemas}});
        read_revision(doc.to_string().as_bytes(), "r.json").expect("revision")
    }

    fn witnesses(old: Value, new: Value) -> Vec<(String, Option<Witness>)> {
        let (old, new) = (revision(old), revision(new));
        let mut w = Witnesses::new(&old, &new);
        diff(&old, &new)
            .iter()
            .map(|f| (f.rule.to_string(), w.find(f)))
            .collect()
    }

    #[test]
    fn paths_split_into_properties_items_and_map_values() {
        assert_eq!(
            steps("spec.ports[*].name"),
            vec![
                Step::Property("spec".into()),
                Step::Property("ports".into()),
                Step::Item,
                Step::Property("name".into())
            ]
        );
        assert_eq!(
            steps("labels{*}[*]"),
            vec![Step::Property("labels".into()), Step::Value, Step::Item]
        );
        assert_eq!(steps(""), vec![]);
    }

    #[test]
    fn error_paths_are_matched_to_finding_paths() {
        assert!(within("spec.ports[0].name", "spec.ports[*]"));
        assert!(within("labels[app]", "labels{*}"));
        assert!(within("replicas", ""));
        assert!(within("replicas", "replicas"));
        assert!(!within("replicasMax", "replicas"));
        assert!(!within("spec", "spec.replicas"));
    }

    #[test]
    fn a_lowered_maximum_is_witnessed_by_a_value_between_the_bounds() {
        let spec = |max: u32| {
            json!({"a.Spec": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string", "minLength": 3},
                "replicas": {"type": "integer", "maximum": max}}}})
        };
        let found = witnesses(spec(100), spec(10));
        let (rule, Some(w)) = &found[0] else {
            panic!("{found:?}")
        };
        assert_eq!(rule, "maximum-tightened");
        let replicas = w.object["replicas"].as_i64().expect("replicas set");
        assert!((11..=100).contains(&replicas), "{w:?}");
        assert_eq!(w.object["name"], json!("aaa"), "required field filled in");
        assert!(w.error.contains("replicas"), "{}", w.error);
    }

    #[test]
    fn removed_enum_values_added_requirements_and_tightened_items_have_witnesses() {
        let old = json!({"a.Spec": {"type": "object", "properties": {
            "mode": {"type": "string", "enum": ["A", "B", "C"]},
            "size": {"type": "integer"},
            "tags": {"type": "array", "items": {"type": "string", "maxLength": 20}}}}});
        let new = json!({"a.Spec": {"type": "object", "required": ["size"], "properties": {
            "mode": {"type": "string", "enum": ["A", "B"]},
            "size": {"type": "integer"},
            "tags": {"type": "array", "items": {"type": "string", "maxLength": 5}}}}});
        let found = witnesses(old, new);
        for (rule, w) in &found {
            let w = w
                .as_ref()
                .unwrap_or_else(|| panic!("no witness for {rule}"));
            match rule.as_str() {
                "enum-value-removed" => assert_eq!(w.object["mode"], json!("C")),
                "required-added" => assert!(w.object.get("size").is_none(), "{w:?}"),
                "max-length-tightened" => {
                    let tag = w.object["tags"][0].as_str().expect("one tag");
                    assert!((6..=20).contains(&tag.len()), "{w:?}");
                }
                other => panic!("unexpected finding {other}"),
            }
        }
        assert_eq!(found.len(), 3, "{found:?}");
    }

    #[test]
    fn an_added_rule_is_witnessed_by_varying_the_fields_it_reads() {
        let old = json!({"a.Spec": {"type": "object", "properties": {
            "min": {"type": "integer"}, "max": {"type": "integer"}}}});
        let mut new = old.clone();
        new["a.Spec"]["x-kubernetes-validations"] =
            json!([{"rule": "!has(self.min) || !has(self.max) || self.min <= self.max"}]);
        let found = witnesses(old, new);
        let (_, Some(w)) = &found[0] else {
            panic!("{found:?}")
        };
        assert!(w.object["min"].as_i64() > w.object["max"].as_i64(), "{w:?}");
    }

    #[test]
    fn a_transition_rule_is_witnessed_by_an_update() {
        let spec = |rules: Value| {
            json!({"a.Spec": {"type": "object", "properties": {
                "host": {"type": "string", "maxLength": 8, "x-kubernetes-validations": rules},
                "size": {"type": "integer"}}}})
        };
        let immutable = json!([{"rule": "self == oldSelf", "message": "host is immutable"}]);
        let found = witnesses(spec(json!([])), spec(immutable));
        assert_eq!(found.len(), 1, "{found:?}");
        let w = found[0].1.clone().expect("an update witness");
        let (before, after) = (w.before.clone().expect("an update"), w.object.clone());
        assert_ne!(before["host"], after["host"], "{w:?}");
        assert!(before.get("size").is_none(), "shrunk: {w:?}");
        assert_eq!(
            w.error,
            format!("host: Invalid value: {}: host is immutable", after["host"])
        );
        assert!(w.accepted_text().starts_with("an update from {\"host\":"));
        assert_eq!(w.to_json()["before"], before);
    }

    #[test]
    fn loosenings_have_none_and_an_unwitnessable_tightening_says_so() {
        let spec = |max: u32, pattern: &str| {
            json!({"a.Spec": {"type": "object", "properties": {
                "a": {"type": "string", "maxLength": max},
                "z": {"type": "string", "minLength": 2, "pattern": pattern}}}})
        };
        let found = witnesses(spec(10, "^q+$"), spec(20, "^(q+|r+)$"));
        assert_eq!(found.len(), 2, "{found:?}");
        for (rule, w) in found {
            assert!(w.is_none(), "{rule}: {w:?}");
        }
        // The shortest string the new pattern drops is `r`, which the old minLength rejects
        // already; `rr` would do, but no candidate is `rr`.
        let found = witnesses(spec(10, "^(q+|r+)$"), spec(10, "^q+$"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].1.is_none(), "{found:?}");
    }

    #[test]
    fn a_narrowed_or_added_pattern_is_witnessed_by_the_string_it_drops() {
        let spec = |pattern: Option<&str>| {
            let mut z = json!({"type": "string"});
            if let Some(p) = pattern {
                z["pattern"] = json!(p);
            }
            json!({"a.Spec": {"type": "object", "properties": {"z": z}}})
        };
        let label = "^[a-z]([-a-z0-9]*[a-z0-9])?$";
        for (old, rule, dropped) in [
            (Some("^[a-z0-9-]+$"), "pattern-narrowed", "0"),
            (None, "pattern-added", ""),
        ] {
            let found = witnesses(spec(old), spec(Some(label)));
            let [(r, Some(w))] = &found[..] else {
                panic!("{found:?}")
            };
            assert_eq!((r.as_str(), &w.object), (rule, &json!({"z": dropped})));
            assert!(w.error.starts_with("z: Invalid value"), "{}", w.error);
        }
    }
}
