//! The walk: two revisions compared definition by definition (matched by name), and within a
//! definition node by node (properties by name, list items, map values) and keyword by keyword,
//! on the normalized views of `normalize.rs`, each change becoming a [`Finding`] whose direction
//! comes from the partial orders of `order.rs` (`pattern_order.rs` for patterns), CEL rules
//! from `cel_change.rs`, and whose `updates` verdict from `ratchet.rs`.

use super::cel_change;
use super::findings::{join_path, quote, Direction, Finding, Site};
use super::input::{Form, Revision};
use super::normalize::{referenced_name, view, Layer, View};
use super::order::{self, Bound, Cmp, FormatCmp};
use super::pattern_order::{self, PatternOrder};
use super::ratchet::{updates, Check, Ratcheting};
use kubeidl::schema::{number_f64, Schema, SchemaType};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Every change from `old` to `new`, definition by definition in name order, then in the order
/// the walk meets them.
pub fn diff(old: &Revision, new: &Revision) -> Vec<Finding> {
    let mut out = Vec::new();
    // The CRDs themselves; versions they report added or removed are not said again below,
    // and the versions of a CRD whose group or kind changed are compared under their old name.
    let crds = super::crd_level::findings(old, new);
    let old_name: BTreeMap<&str, &str> = crds
        .renamed
        .iter()
        .map(|(was, now)| (now.as_str(), was.as_str()))
        .collect();
    let names: BTreeSet<&str> = old
        .definitions
        .keys()
        .map(String::as_str)
        .chain(
            new.definitions
                .keys()
                .map(|n| old_name.get(n.as_str()).copied().unwrap_or(n)),
        )
        .collect();
    for name in names {
        let new_name = crds.renamed.get(name).map_or(name, String::as_str);
        let name = &name.to_string();
        let mut walk = Walk {
            old,
            new,
            definition: name.clone(),
            out: &mut out,
        };
        let at = At {
            path: String::new(),
            uncorrelatable: false,
            old_stack: vec![name.clone()],
            new_stack: vec![name.clone()],
        };
        match (old.definitions.get(name), new.definitions.get(new_name)) {
            (Some(_), None) | (None, Some(_)) if crds.covered.contains(name) => {}
            (Some(o), Some(n)) => walk.node(
                (&o.schema, o.doc, o.pointer.clone()),
                (&n.schema, n.doc, n.pointer.clone()),
                &at,
            ),
            (Some(o), None) => {
                let old_site = walk.site_of(old, o.doc, &o.pointer, name.clone());
                walk.emit(
                    "definition-removed",
                    &at,
                    Direction::Incompatible,
                    Check::Structure,
                    Some(old_site),
                    None,
                    format!("definition {name} was removed"),
                );
            }
            (None, Some(n)) => {
                let new_site = walk.site_of(new, n.doc, &n.pointer, name.clone());
                walk.emit(
                    "definition-added",
                    &at,
                    Direction::Neutral,
                    Check::Structure,
                    None,
                    Some(new_site),
                    format!("definition {name} was added"),
                );
            }
            (None, None) => {}
        }
    }
    out.iter_mut().for_each(declared_restatement);
    // Cost findings follow the walk's in each definition.
    out.extend(super::cel_cost::findings(old, new));
    out.extend(crds.findings);
    out.sort_by(|a, b| a.definition.cmp(&b.definition));
    out
}

/// A `+k8s:` tag (or `+enum`) added to a field a Kubernetes type already had declares a check
/// the type's hand-written validation makes: Kubernetes migrates its validation to tags
/// (KEP-5073) with the hand-written code still answering, and holds the two equal. Such a
/// tightening is neutral, with that reason; a tag that changed (an old site) is judged as any
/// change.
fn declared_restatement(finding: &mut Finding) {
    // A rule of a Kubernetes type read from Go comes from `+k8s:` tags (k8s.io/api writes no
    // other), though its site is the field or type the tags lowered it onto; `+enum` lists the
    // values a hand-written check already takes.
    let declared = finding.new.as_ref().is_some_and(|s| {
        s.text.starts_with("+k8s:")
            || s.text == "+enum"
            || finding.rule == "cel-rule-added" && s.file.ends_with(".go")
    });
    if finding.direction == Direction::Tightening
        && declared
        && finding.old.is_none()
        && Ratcheting::of(&finding.definition) == Ratcheting::Native
    {
        finding.direction = Direction::Neutral;
        finding.updates = None;
        finding.message.push_str(
            "; a +k8s: tag added to a field of a Kubernetes type declares a check its hand-written validation already makes (KEP-5073), which still answers; kubeidl cannot read the hand-written code to confirm the two agree",
        );
    }
}

/// Where the walk is: the field path, whether a non-map list's items are above, and the
/// definitions expanded on each side (to stop recursion).
#[derive(Clone)]
struct At {
    path: String,
    uncorrelatable: bool,
    old_stack: Vec<String>,
    new_stack: Vec<String>,
}

impl At {
    fn child(&self, step: &str, uncorrelatable: bool, old: &View, new: &View) -> At {
        let path = join_path(&self.path, step);
        let mut old_stack = self.old_stack.clone();
        old_stack.extend(old.expanded.iter().cloned());
        let mut new_stack = self.new_stack.clone();
        new_stack.extend(new.expanded.iter().cloned());
        At {
            path,
            uncorrelatable: self.uncorrelatable || uncorrelatable,
            old_stack,
            new_stack,
        }
    }
}

type Node<'a> = (&'a Schema, usize, String);

struct Walk<'a, 'o> {
    old: &'a Revision,
    new: &'a Revision,
    definition: String,
    out: &'o mut Vec<Finding>,
}

/// A value as a finding's text shows it: strings bare, anything else as compact JSON.
fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        _ => v.to_string(),
    }
}

fn show_type(t: &SchemaType) -> String {
    match t {
        SchemaType::Single(s) => s.clone(),
        SchemaType::Many(m) => format!("[{}]", m.join(", ")),
    }
}

impl<'a> Walk<'a, '_> {
    fn site_of(&self, rev: &Revision, doc: usize, pointer: &str, text: String) -> Site {
        rev.site(doc, pointer, text)
    }

    /// The site of `key` (a keyword, or a pointer below the layer) in a layer of a revision.
    fn site(&self, rev: &Revision, layer: &Layer, key: &str, text: String) -> Site {
        let pointer = if key.is_empty() {
            layer.pointer.clone()
        } else {
            format!("{}/{key}", layer.pointer)
        };
        self.site_of(rev, layer.doc, &pointer, text)
    }

    fn old_site(&self, layer: &Layer, key: &str, text: String) -> Site {
        self.site(self.old, layer, key, text)
    }

    fn new_site(&self, layer: &Layer, key: &str, text: String) -> Site {
        self.site(self.new, layer, key, text)
    }

    /// Where the keyword `key` stands in each revision that has it, written by `text`.
    fn sites<T>(
        &self,
        key: &str,
        old: Option<(T, &Layer)>,
        new: Option<(T, &Layer)>,
        text: impl Fn(&T) -> String,
    ) -> (Option<Site>, Option<Site>) {
        (
            old.map(|(v, l)| self.old_site(l, key, text(&v))),
            new.map(|(v, l)| self.new_site(l, key, text(&v))),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        rule: &'static str,
        at: &At,
        direction: Direction,
        check: Check,
        old: Option<Site>,
        new: Option<Site>,
        message: String,
    ) {
        debug_assert!(super::findings::rule_of(rule).is_some(), "{rule}");
        self.out.push(Finding {
            rule,
            definition: self.definition.clone(),
            path: at.path.clone(),
            direction,
            updates: updates(direction, check, at.uncorrelatable, self.ratcheting()),
            old,
            new,
            message,
        });
    }

    /// What reading `oldSelf` does to a rule of the definition walked.
    fn old_self_effect(&self) -> &'static str {
        match self.ratcheting() {
            Ratcheting::Crd => "oldSelf, so it runs on every update and never ratchets",
            Ratcheting::Native => {
                "oldSelf, so it runs on updates that edit the field (unchanged fields are skipped)"
            }
        }
    }

    /// How the definition walked is ratcheted.
    fn ratcheting(&self) -> Ratcheting {
        Ratcheting::of(&self.definition)
    }

    fn node(&mut self, old: Node<'a>, new: Node<'a>, at: &At) {
        let (ro, rn) = (referenced_name(old.0), referenced_name(new.0));
        // Both refer to one definition: it is compared on its own; only the wrappers' keywords
        // are compared here.
        let expand = !(ro.is_some() && ro == rn);
        let ov = view(self.old, old.0, old.1, old.2, expand, &at.old_stack);
        let nv = view(self.new, new.0, new.1, new.2, expand, &at.new_stack);
        if expand && ov.stopped_at != nv.stopped_at {
            let name = |s: &Option<String>| s.clone().unwrap_or_else(|| "an inline schema".into());
            let old_site = self.old_site(
                &ov.layers[ov.layers.len() - 1],
                "",
                format!("$ref: {}", name(&ov.stopped_at)),
            );
            let new_site = self.new_site(
                &nv.layers[nv.layers.len() - 1],
                "",
                format!("$ref: {}", name(&nv.stopped_at)),
            );
            self.emit(
                "reference-changed",
                at,
                Direction::Unknown,
                Check::Structure,
                Some(old_site),
                Some(new_site),
                format!(
                    "the schema stands for {} before and {} after, which kubeidl cannot expand (missing or recursive)",
                    name(&ov.stopped_at),
                    name(&nv.stopped_at)
                ),
            );
            return;
        }
        if !self.keywords(&ov, &nv, at) {
            return;
        }
        self.children(&ov, &nv, at);
    }

    /// Compares the node's own keywords; false when its type changed (nothing below is compared).
    fn keywords(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) -> bool {
        let (ot, nt) = (
            ov.get(|s| s.schema_type.as_ref()),
            nv.get(|s| s.schema_type.as_ref()),
        );
        if ot.as_ref().map(|t| t.0) != nt.as_ref().map(|t| t.0) {
            let (old_site, new_site) =
                self.sites("type", ot, nt, |t| format!("type: {}", show_type(t)));
            let show = |t: Option<&SchemaType>| {
                t.map(|t| format!("type: {}", show_type(t)))
                    .unwrap_or_else(|| "no type".into())
            };
            let message = format!(
                "the type changed from {} to {}: stored objects and typed clients no longer fit",
                show(ot.as_ref().map(|t| t.0)),
                show(nt.as_ref().map(|t| t.0))
            );
            self.emit(
                "type-changed",
                at,
                Direction::Incompatible,
                Check::Structure,
                old_site,
                new_site,
                message,
            );
            return false;
        }
        let integer = matches!(nt, Some((SchemaType::Single(t), _)) if t == "integer");
        self.format(ov, nv, at);
        self.flag_keyword(
            ov,
            nv,
            at,
            "nullable",
            |s| s.nullable,
            false,
            ("nullable-added", "nullable-removed"),
            "null",
        );
        self.enums(ov, nv, at);
        self.bounds(ov, nv, at, integer);
        self.multiple_of(ov, nv, at);
        self.counts(ov, nv, at);
        self.flag_keyword(
            ov,
            nv,
            at,
            "uniqueItems",
            |s| s.unique_items,
            true,
            ("unique-items-added", "unique-items-removed"),
            "lists with repeated items",
        );
        self.pattern(ov, nv, at);
        self.default(ov, nv, at);
        self.list_semantics(ov, nv, at);
        self.native_check(ov, nv, at);
        self.flag_keyword(
            ov,
            nv,
            at,
            "x-kubernetes-preserve-unknown-fields",
            |s| s.extension_flag("x-kubernetes-preserve-unknown-fields"),
            false,
            (
                "preserve-unknown-fields-added",
                "preserve-unknown-fields-removed",
            ),
            "unknown fields",
        );
        self.flag_keyword(
            ov,
            nv,
            at,
            "x-kubernetes-embedded-resource",
            |s| s.extension_flag("x-kubernetes-embedded-resource"),
            true,
            ("embedded-resource-added", "embedded-resource-removed"),
            "objects without apiVersion, kind and valid metadata",
        );
        self.flag_keyword(
            ov,
            nv,
            at,
            "x-kubernetes-int-or-string",
            |s| s.extension_flag("x-kubernetes-int-or-string"),
            false,
            ("int-or-string-added", "int-or-string-removed"),
            "integers and strings alike",
        );
        self.rules(ov, nv, at);
        self.composition(ov, nv, at);
        true
    }

    fn format(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let (o, n) = (
            ov.get(|s| s.format.as_deref()),
            nv.get(|s| s.format.as_deref()),
        );
        let (old_site, new_site) = self.sites("format", o, n, |f| format!("format: {f}"));
        let (rule, direction, message) = match (o.map(|x| x.0), n.map(|x| x.0)) {
            (None, None) => return,
            (None, Some(f)) => (
                "format-added",
                Direction::Tightening,
                format!("values must now be of format {f}"),
            ),
            (Some(f), None) => (
                "format-removed",
                Direction::Loosening,
                format!("values need no longer be of format {f}"),
            ),
            (Some(a), Some(b)) => match order::format(a, b) {
                FormatCmp::Same => return,
                // A Go field's numeric type: values it can no longer hold do not decode at all.
                FormatCmp::Narrower if self.both_go() && is_numeric_format(a) => (
                    "go-type-narrowed",
                    Direction::Incompatible,
                    format!("the Go type narrowed from {a} to {b}: stored values beyond {b} no longer decode, whatever ratcheting allows"),
                ),
                FormatCmp::Narrower => (
                    "format-narrowed",
                    Direction::Tightening,
                    format!("format {b} accepts a subset of {a}"),
                ),
                FormatCmp::Wider => (
                    "format-widened",
                    Direction::Loosening,
                    format!("format {b} accepts a superset of {a}"),
                ),
                FormatCmp::Unrelated => (
                    "format-changed",
                    Direction::Incompatible,
                    format!("formats {a} and {b} are unrelated"),
                ),
                FormatCmp::Unknown => (
                    "format-changed",
                    Direction::Unknown,
                    format!(
                        "format changed from {a} to {b}; kubeidl does not know how they relate"
                    ),
                ),
            },
        };
        self.emit(
            rule,
            at,
            direction,
            Check::Value,
            old_site,
            new_site,
            message,
        );
    }

    /// Whether the old node lists an enum of strings each of which `meets` a new bound: then a
    /// new bound on strings restricts nothing the old schema accepted.
    fn old_enum_meets(&self, ov: &View<'a>, meets: impl Fn(&str) -> bool) -> bool {
        ov.get(|s| (!s.enum_values.is_empty()).then_some(&s.enum_values))
            .is_some_and(|(values, _)| values.iter().all(|v| v.as_str().is_some_and(&meets)))
    }

    /// Why an added rule bounding a field's total size across a list's items restricts no
    /// stored list ([`cel_change::size_sum_bound`]): the old bounds already keep the total
    /// within it (the items it counts, at most the list's old `maxItems`, times the field's old
    /// `maxItems`).
    fn bounded_by_old_sizes(&self, ov: &View<'a>, rule: &str) -> Option<String> {
        let (field, terms, limit) = cel_change::size_sum_bound(rule)?;
        let item = items_view(self.old, ov)?;
        let of_field = property_view(self.old, &item, &field)?;
        let per_item = of_field.get(|s| s.max_items)?.0;
        let counted = match ov.get(|s| s.max_items) {
            Some((max, _)) => max.min(terms as u64),
            None => terms as u64,
        };
        let most = counted.checked_mul(per_item)?;
        (most <= limit).then(|| {
            format!("the old schema already keeps it: it counts at most {counted} items, each with at most {per_item} {field}, {most} in all")
        })
    }

    /// Why an added rule on a list of strings restricts no stored list: it reads the list only
    /// through its size and whether it holds some literals ([`cel_change::literal_membership`]),
    /// the old item schema refused every one of them (by its pattern or enum), and the rule
    /// holds on every list of other strings up to the old `maxItems` (64 when unbounded, and
    /// only for rules that count nothing).
    fn refused_literals_only(&self, ov: &View<'a>, rule: &str) -> Option<String> {
        let literals = cel_change::literal_membership(rule)?;
        let item = items_view(self.old, ov)?;
        let pattern = item
            .get(|s| s.pattern.as_deref())
            .and_then(|(p, _)| regex::Regex::new(p).ok());
        let enumerated = item.get(|s| (!s.enum_values.is_empty()).then_some(&s.enum_values));
        let refused = |literal: &String| {
            pattern.as_ref().is_some_and(|re| !re.is_match(literal))
                || enumerated
                    .is_some_and(|(values, _)| !values.iter().any(|v| v.as_str() == Some(literal)))
        };
        if !literals.iter().all(refused) {
            return None;
        }
        let most = lists_to_try(ov, rule)?;
        if !cel_change::holds_on_lists_of_others(rule, &literals, most) {
            return None;
        }
        let quoted: Vec<String> = literals.iter().map(|l| quote(l)).collect();
        Some(format!(
            "the old item schema refused {}, so no stored list holds it, and the rule holds on every list without it",
            quoted.join(", ")
        ))
    }

    /// Why an added rule on a list restricts no stored list: it reads the items only through
    /// fields new in this change (`self.all(r, !has(r.name) || ...)`), so on every stored list
    /// it sees items without them, and it holds on every such list up to the old `maxItems`.
    /// An unbounded (or long) list is tried up to 64 items, and only for rules that count
    /// nothing.
    fn list_rule_restricts_nothing_stored(
        &self,
        ov: &View<'a>,
        nv: &View<'a>,
        rule: &str,
    ) -> Option<String> {
        let (oi, ni) = (items_view(self.old, ov)?, items_view(self.new, nv)?);
        if keeps_unknown_fields(&oi) {
            return None;
        }
        let added = added_properties(&oi, &ni);
        let read = cel_change::item_fields_read(rule)?;
        if !read.is_subset(&added) {
            return None;
        }
        let most = lists_to_try(ov, rule)?;
        if !cel_change::holds_on_lists_without(rule, most) {
            return None;
        }
        let read: Vec<&str> = read.iter().map(String::as_str).collect();
        Some(format!(
            "it reads the items only through fields added in the same change ({}), and holds for every list of items without them, as every stored list is",
            read.join(", ")
        ))
    }

    /// Why an added rule restricts no stored object, when it reads properties new in this
    /// change (and old ones only through their enum values) and holds on every object without
    /// the new ones and with each combination of the old ones' values: every stored object is
    /// such an object. Unless the old schema kept unknown fields, which may hold the new ones.
    fn restricts_nothing_stored(&self, ov: &View<'a>, nv: &View<'a>, rule: &str) -> Option<String> {
        if keeps_unknown_fields(ov) {
            return None;
        }
        let added = added_properties(ov, nv);
        let Some(read) = cel_change::fields_read(rule) else {
            return self.list_rule_restricts_nothing_stored(ov, nv, rule);
        };
        if !read.iter().any(|r| added.contains(r)) {
            return None;
        }
        // Each old property read, with the values its enum lists and whether it may be absent.
        let required: &[String] = ov
            .get(|s| (!s.required.is_empty()).then_some(&s.required))
            .map_or(&[], |(r, _)| r.as_slice());
        let mut enums: Vec<(&String, Vec<Value>, bool)> = Vec::new();
        for name in read.iter().filter(|r| !added.contains(*r)) {
            let v = property_view(self.old, ov, name)?;
            let (values, _) = v.get(|s| (!s.enum_values.is_empty()).then_some(&s.enum_values))?;
            enums.push((name, values.clone(), !required.contains(name)));
        }
        let domains: Vec<cel_change::Domain<'_>> = enums
            .iter()
            .map(|(n, v, absent)| (*n, v, *absent))
            .collect();
        if !cel_change::holds_on_each(rule, &domains) {
            return None;
        }
        let new: Vec<&str> = read
            .iter()
            .filter(|r| added.contains(*r))
            .map(String::as_str)
            .collect();
        let besides = match enums.is_empty() {
            true => String::new(),
            false => format!(
                " and, of the old ones, only {} through their enum values",
                enums
                    .iter()
                    .map(|(n, _, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        Some(format!(
            "it reads properties added in the same change ({}){besides}, and holds for every object without them, as every stored object is",
            new.join(", ")
        ))
    }

    /// Whether both sides were generated from Go packages, where a format is a Go type.
    fn both_go(&self) -> bool {
        self.old.form == Form::Go && self.new.form == Form::Go
    }

    /// A boolean keyword: `true_narrows` when setting it rejects `what`, else setting it
    /// accepts `what`.
    #[allow(clippy::too_many_arguments)]
    fn flag_keyword(
        &mut self,
        ov: &View<'a>,
        nv: &View<'a>,
        at: &At,
        keyword: &str,
        get: impl Fn(&Schema) -> bool,
        true_narrows: bool,
        (added, removed): (&'static str, &'static str),
        what: &str,
    ) {
        let (o, n) = (ov.flag(&get), nv.flag(&get));
        let cmp = order::flag(o.is_some(), n.is_some(), true_narrows);
        if cmp == Cmp::Same {
            return;
        }
        let rule = if n.is_some() { added } else { removed };
        let mut direction = super::findings::rule_of(rule)
            .map(|r| r.direction)
            .unwrap_or(Direction::Unknown);
        let check = if direction == Direction::Incompatible {
            Check::Structure
        } else {
            Check::Value
        };
        if direction != Direction::Incompatible {
            direction = if cmp == Cmp::Narrower {
                Direction::Tightening
            } else {
                Direction::Loosening
            };
        }
        let message = match (cmp, n.is_some()) {
            (_, _) if direction == Direction::Incompatible => format!(
                "{keyword} was removed: {what} of stored objects are dropped on their next write"
            ),
            (Cmp::Narrower, true) => format!("{keyword}: {what} are now rejected"),
            (Cmp::Narrower, false) => format!("{keyword} was removed: {what} are now rejected"),
            (_, true) => format!("{keyword}: {what} are now accepted"),
            (_, false) => format!("{keyword} was removed: {what} are now accepted"),
        };
        let old_site = o.map(|l| self.old_site(l, keyword, format!("{keyword}: true")));
        let new_site = n.map(|l| self.new_site(l, keyword, format!("{keyword}: true")));
        self.emit(rule, at, direction, check, old_site, new_site, message);
    }

    fn enums(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let get = |s: &'a Schema| (!s.enum_values.is_empty()).then_some(&s.enum_values);
        let (o, n) = (ov.get(get), nv.get(get));
        let text = |values: &[Value]| {
            format!(
                "enum: [{}]",
                values.iter().map(show).collect::<Vec<_>>().join(", ")
            )
        };
        let (old_site, new_site) = self.sites("enum", o, n, |v| text(v));
        match (o, n) {
            (None, None) => {}
            (None, Some(_)) => self.emit(
                "enum-added",
                at,
                Direction::Tightening,
                Check::Value,
                None,
                new_site,
                "values are now restricted to an enum".into(),
            ),
            (Some(_), None) => self.emit(
                "enum-removed",
                at,
                Direction::Loosening,
                Check::Value,
                old_site,
                None,
                "values are no longer restricted to an enum".into(),
            ),
            (Some((ov_, _)), Some((nv_, _))) => {
                for v in nv_.iter().filter(|v| !ov_.contains(v)) {
                    self.emit(
                        "enum-value-added",
                        at,
                        Direction::Loosening,
                        Check::Value,
                        old_site.clone(),
                        new_site.clone(),
                        format!("enum value {} was added", v),
                    );
                }
                for v in ov_.iter().filter(|v| !nv_.contains(v)) {
                    self.emit(
                        "enum-value-removed",
                        at,
                        Direction::Tightening,
                        Check::Value,
                        old_site.clone(),
                        new_site.clone(),
                        format!("enum value {} was removed: it is now rejected", v),
                    );
                }
            }
        }
    }

    fn bounds(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At, integer: bool) {
        type Get = fn(&Schema) -> (Option<&serde_json::Number>, bool);
        let sides: [(&str, &str, Get, bool); 2] = [
            (
                "minimum",
                "exclusiveMinimum",
                |s| (s.minimum.as_ref(), s.exclusive_minimum),
                true,
            ),
            (
                "maximum",
                "exclusiveMaximum",
                |s| (s.maximum.as_ref(), s.exclusive_maximum),
                false,
            ),
        ];
        for (keyword, exclusive_kw, get, lower) in sides {
            let read = |v: &View<'a>| {
                v.get(|s| get(s).0).map(|(n, l)| {
                    (
                        Bound {
                            value: number_f64(n),
                            exclusive: get(l.schema).1,
                        },
                        n.to_string(),
                        l.clone(),
                    )
                })
            };
            let (o, n) = (read(ov), read(nv));
            let cmp = if lower {
                order::lower_bound(o.as_ref().map(|x| x.0), n.as_ref().map(|x| x.0), integer)
            } else {
                order::upper_bound(o.as_ref().map(|x| x.0), n.as_ref().map(|x| x.0), integer)
            };
            let text = |(b, n, _): &(Bound, String, Layer)| {
                if b.exclusive {
                    format!("{keyword}: {n}, {exclusive_kw}: true")
                } else {
                    format!("{keyword}: {n}")
                }
            };
            let describe = |x: &Option<(Bound, String, Layer)>| match x {
                Some((b, n, _)) => format!(
                    "{} {n}",
                    match (lower, b.exclusive) {
                        (true, false) => ">=",
                        (true, true) => ">",
                        (false, false) => "<=",
                        (false, true) => "<",
                    }
                ),
                None => "unbounded".to_string(),
            };
            let message = format!("values must be {} (were {})", describe(&n), describe(&o));
            let old_site = o.as_ref().map(|x| self.old_site(&x.2, keyword, text(x)));
            let new_site = n.as_ref().map(|x| self.new_site(&x.2, keyword, text(x)));
            let (rule, direction) = match (cmp, lower) {
                (Cmp::Same, _) => continue,
                (Cmp::Narrower, true) => ("minimum-tightened", Direction::Tightening),
                (_, true) => ("minimum-loosened", Direction::Loosening),
                (Cmp::Narrower, false) => ("maximum-tightened", Direction::Tightening),
                (_, false) => ("maximum-loosened", Direction::Loosening),
            };
            self.emit(
                rule,
                at,
                direction,
                Check::Value,
                old_site,
                new_site,
                message,
            );
        }
    }

    fn multiple_of(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let (o, n) = (
            ov.get(|s| s.multiple_of.as_ref()),
            nv.get(|s| s.multiple_of.as_ref()),
        );
        let cmp = order::multiple_of(o.map(|x| number_f64(x.0)), n.map(|x| number_f64(x.0)));
        let (rule, direction, message) = match cmp {
            Cmp::Same => return,
            Cmp::Narrower => ("multiple-of-tightened", Direction::Tightening, "every value accepted now was accepted before, not the reverse"),
            Cmp::Wider => ("multiple-of-loosened", Direction::Loosening, "every value accepted before is accepted now, not the reverse"),
            Cmp::Incomparable => ("multiple-of-changed", Direction::Tightening, "neither multipleOf divides the other: some values are newly rejected, others newly accepted"),
        };
        let (old_site, new_site) = self.sites("multipleOf", o, n, |v| format!("multipleOf: {v}"));
        self.emit(
            rule,
            at,
            direction,
            Check::Value,
            old_site,
            new_site,
            message.to_string(),
        );
    }

    fn counts(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        type Get = fn(&Schema) -> Option<u64>;
        type Row = (
            &'static str,
            Get,
            bool,
            (&'static str, &'static str),
            &'static str,
        );
        let table: [Row; 6] = [
            (
                "minLength",
                |s| s.min_length,
                true,
                ("min-length-tightened", "min-length-loosened"),
                "length",
            ),
            (
                "maxLength",
                |s| s.max_length,
                false,
                ("max-length-tightened", "max-length-loosened"),
                "length",
            ),
            (
                "minItems",
                |s| s.min_items,
                true,
                ("min-items-tightened", "min-items-loosened"),
                "item count",
            ),
            (
                "maxItems",
                |s| s.max_items,
                false,
                ("max-items-tightened", "max-items-loosened"),
                "item count",
            ),
            (
                "minProperties",
                |s| s.min_properties,
                true,
                ("min-properties-tightened", "min-properties-loosened"),
                "property count",
            ),
            (
                "maxProperties",
                |s| s.max_properties,
                false,
                ("max-properties-tightened", "max-properties-loosened"),
                "property count",
            ),
        ];
        for (keyword, get, is_min, (tightened, loosened), what) in table {
            let (o, n) = (ov.get(get), nv.get(get));
            let cmp = if is_min {
                order::min_count(o.map(|x| x.0), n.map(|x| x.0))
            } else {
                order::max_count(o.map(|x| x.0), n.map(|x| x.0))
            };
            let (rule, mut direction) = match cmp {
                Cmp::Same => continue,
                Cmp::Narrower => (tightened, Direction::Tightening),
                _ => (loosened, Direction::Loosening),
            };
            let mut why_not = String::new();
            if direction == Direction::Tightening && what == "length" {
                let bound = n.map(|x| x.0 as usize);
                let meets = |value: &str| {
                    let length = value.chars().count();
                    bound.is_none_or(|b| if is_min { length >= b } else { length <= b })
                };
                if self.old_enum_meets(ov, meets) {
                    direction = Direction::Neutral;
                    why_not = "; every value the old enum allowed meets it".to_string();
                }
            }
            let bound = |x: Option<u64>| match x {
                Some(v) => format!("{} {v}", if is_min { "at least" } else { "at most" }),
                None => "unbounded".to_string(),
            };
            let message = format!(
                "the {what} must be {} (was {}){why_not}",
                bound(n.map(|x| x.0)),
                bound(o.map(|x| x.0))
            );
            let (old_site, new_site) = self.sites(keyword, o, n, |v| format!("{keyword}: {v}"));
            self.emit(
                rule,
                at,
                direction,
                Check::Value,
                old_site,
                new_site,
                message,
            );
        }
    }

    fn pattern(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let (o, n) = (
            ov.get(|s| s.pattern.as_deref()),
            nv.get(|s| s.pattern.as_deref()),
        );
        let (a, b) = (o.map(|x| x.0), n.map(|x| x.0));
        if a == b {
            return;
        }
        let (old_site, new_site) = self.sites("pattern", o, n, |p| format!("pattern: {p}"));
        let emit = |this: &mut Self, rule, direction, message| {
            let (old_site, new_site) = (old_site.clone(), new_site.clone());
            this.emit(
                rule,
                at,
                direction,
                Check::Value,
                old_site,
                new_site,
                message,
            );
        };
        // An absent pattern accepts every string: adding or removing one that every string
        // matches (`.*`) changes nothing.
        let (dropped, added) = match pattern_order::compare(a.unwrap_or(""), b.unwrap_or("")) {
            PatternOrder::Same => return,
            PatternOrder::Narrower { dropped } => (Some(dropped), None),
            PatternOrder::Wider { added } => (None, Some(added)),
            PatternOrder::Crossed { dropped, added } => (Some(dropped), Some(added)),
            PatternOrder::Unknown(why) => {
                if let (Some(a), Some(b)) = (a, b) {
                    let message = format!("the pattern changed from {a} to {b}; kubeidl cannot decide how they relate: {why}");
                    emit(self, "pattern-changed", Direction::Unknown, message);
                    return;
                }
                (None, None)
            }
        };
        // A value the old enum allowed that the new pattern refuses: none means the new
        // pattern restricts nothing the old schema accepted.
        let old_enum_matches = b.is_some_and(|p| {
            regex::Regex::new(p).is_ok_and(|re| self.old_enum_meets(ov, |v| re.is_match(v)))
        });
        let (dropped, narrowing) = match old_enum_matches {
            true => (None, Direction::Neutral),
            false => (dropped, Direction::Tightening),
        };
        let all_old_match = match old_enum_matches {
            true => "; every value the old enum allowed matches it",
            false => "",
        };
        match (a, b) {
            (None, Some(p)) => {
                let example = dropped
                    .map(|s| format!("; {} was accepted before and no longer is", quote(&s)));
                let message = format!(
                    "values must now match {p}{}{all_old_match}",
                    example.unwrap_or_default()
                );
                emit(self, "pattern-added", narrowing, message);
            }
            (Some(p), None) => {
                let example = added
                    .map(|s| format!("; {} was rejected before and is now accepted", quote(&s)));
                let message = format!(
                    "values need no longer match {p}{}",
                    example.unwrap_or_default()
                );
                emit(self, "pattern-removed", Direction::Loosening, message);
            }
            // Narrower, wider, or both ways at once: a finding for each way, as for `enum`
            // values removed and added.
            (Some(_), Some(p)) => {
                if let Some(s) = dropped {
                    let message = format!(
                        "values must now match {p}; {} matched before and no longer does",
                        quote(&s)
                    );
                    emit(self, "pattern-narrowed", Direction::Tightening, message);
                }
                if let Some(s) = added {
                    let message = format!(
                        "values must now match {p}; {} did not match before and now does",
                        quote(&s)
                    );
                    emit(self, "pattern-widened", Direction::Loosening, message);
                }
            }
            (None, None) => {}
        }
    }

    fn default(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let (o, n) = (
            ov.get(|s| s.default.as_ref()),
            nv.get(|s| s.default.as_ref()),
        );
        let (old_site, new_site) = self.sites("default", o, n, |v| format!("default: {v}"));
        let (rule, message) = match (o.map(|x| x.0), n.map(|x| x.0)) {
            (None, None) => return,
            (Some(a), Some(b)) if a == b => return,
            (None, Some(d)) => (
                "default-added",
                format!("an omitted field now defaults to {d}"),
            ),
            (Some(d), None) => (
                "default-removed",
                format!("an omitted field no longer defaults to {d}"),
            ),
            (Some(a), Some(b)) => (
                "default-changed",
                format!("an omitted field now defaults to {b} instead of {a}"),
            ),
        };
        self.emit(
            rule,
            at,
            Direction::Neutral,
            Check::Value,
            old_site,
            new_site,
            message,
        );
    }

    /// The apiserver's hand-written check a built-in kind declares (`x-kubeidl-native`): one
    /// that starts running refuses objects the schema alone admitted.
    fn native_check(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let key = kubeidl::tags::NATIVE_EXTENSION;
        let (o, n) = (
            ov.get(|s| s.extensions.get(key)),
            nv.get(|s| s.extensions.get(key)),
        );
        let name = |x: &Option<(&Value, &Layer)>| x.map(|(v, _)| show(v));
        let (rule, direction, message) = match (name(&o), name(&n)) {
            (a, b) if a == b => return,
            (None, Some(b)) => (
                "native-check-added",
                Direction::Tightening,
                format!("the apiserver's hand-written check {b} now validates the kind"),
            ),
            (Some(a), None) => (
                "native-check-removed",
                Direction::Loosening,
                format!("the apiserver's hand-written check {a} no longer validates the kind"),
            ),
            (Some(a), Some(b)) => (
                "native-check-changed",
                Direction::Unknown,
                format!("the kind's hand-written check changed from {a} to {b}"),
            ),
            (None, None) => return,
        };
        let (old_site, new_site) = self.sites(key, o, n, |v| format!("{key}: {}", show(v)));
        self.emit(
            rule,
            at,
            direction,
            Check::Value,
            old_site,
            new_site,
            message,
        );
    }

    fn list_semantics(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        for (key, rule, absent) in [
            ("x-kubernetes-list-type", "list-type-changed", "atomic"),
            ("x-kubernetes-map-type", "map-type-changed", "granular"),
        ] {
            let (o, n) = (
                ov.get(|s| s.extensions.get(key)),
                nv.get(|s| s.extensions.get(key)),
            );
            let value = |x: &Option<(&Value, &Layer)>| {
                x.map(|(v, _)| show(v))
                    .unwrap_or_else(|| absent.to_string())
            };
            if value(&o) == value(&n) {
                continue;
            }
            let message = format!("{key} changed from {} to {}: stored objects cannot be correlated and server-side apply merges differently", value(&o), value(&n));
            let (old_site, new_site) = self.sites(key, o, n, |v| format!("{key}: {}", show(v)));
            self.emit(
                rule,
                at,
                Direction::Incompatible,
                Check::Structure,
                old_site,
                new_site,
                message,
            );
        }
        let key = "x-kubernetes-list-map-keys";
        let (o, n) = (
            ov.get(|s| s.extensions.get(key)),
            nv.get(|s| s.extensions.get(key)),
        );
        let set = |x: &Option<(&Value, &Layer)>| -> BTreeSet<String> {
            x.and_then(|(v, _)| v.as_array())
                .map(|a| a.iter().map(show).collect())
                .unwrap_or_default()
        };
        if set(&o) != set(&n) {
            let keys = |x: &Option<(&Value, &Layer)>| match x {
                Some((v, _)) => show(v),
                None => "none".to_string(),
            };
            let message = format!(
                "the list's map keys changed from {} to {}",
                keys(&o),
                keys(&n)
            );
            let (old_site, new_site) = self.sites(key, o, n, |v| format!("{key}: {v}"));
            self.emit(
                "list-map-keys-changed",
                at,
                Direction::Incompatible,
                Check::Structure,
                old_site,
                new_site,
                message,
            );
        }
    }

    fn rules(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        const KEY: &str = "x-kubernetes-validations";
        let get = |s: &'a Schema| {
            s.extensions
                .get(KEY)
                .and_then(Value::as_array)
                .map(Vec::as_slice)
        };
        let (o, n) = (ov.get(get), nv.get(get));
        let (old_rules, new_rules) = (o.map(|x| x.0).unwrap_or(&[]), n.map(|x| x.0).unwrap_or(&[]));
        let rule_site = |this: &Self, old: bool, i: usize| {
            let (rules, layer) = if old {
                (old_rules, o.as_ref().unwrap().1)
            } else {
                (new_rules, n.as_ref().unwrap().1)
            };
            let text = format!("rule: {}", cel_change::rule_text(&rules[i]));
            let key = format!("{KEY}/{i}/rule");
            if old {
                this.old_site(layer, &key, text)
            } else {
                this.new_site(layer, &key, text)
            }
        };
        for (oi, ni) in cel_change::match_rules(old_rules, new_rules) {
            match (oi, ni) {
                (Some(i), None) => {
                    let text = cel_change::rule_text(&old_rules[i]);
                    let site = rule_site(self, true, i);
                    self.emit(
                        "cel-rule-removed",
                        at,
                        Direction::Loosening,
                        Check::Value,
                        Some(site),
                        None,
                        format!("rule `{text}` was removed"),
                    );
                }
                (None, Some(i)) => {
                    let text = cel_change::rule_text(&new_rules[i]);
                    let site = rule_site(self, false, i);
                    let transition = cel_change::uses_old_self(text);
                    let (direction, mut message) = if cel_change::trivially_true(text) {
                        (
                            Direction::Neutral,
                            format!("rule `{text}` was added; it always holds"),
                        )
                    } else if let Some(why) = self
                        .restricts_nothing_stored(ov, nv, text)
                        .or_else(|| self.bounded_by_old_sizes(ov, text))
                        .or_else(|| self.refused_literals_only(ov, text))
                    {
                        (
                            Direction::Neutral,
                            format!("rule `{text}` was added; {why}"),
                        )
                    } else {
                        (Direction::Tightening, format!("rule `{text}` was added"))
                    };
                    if transition {
                        message.push_str(&format!("; it reads {}", self.old_self_effect()));
                    }
                    if let Some(e) = cel_change::parse_error(text) {
                        message.push_str(&format!("; it does not parse: {e}"));
                    }
                    let check = if transition {
                        Check::Transition
                    } else {
                        Check::Value
                    };
                    self.emit(
                        "cel-rule-added",
                        at,
                        direction,
                        check,
                        None,
                        Some(site),
                        message,
                    );
                }
                (Some(i), Some(j)) => {
                    let (a, b) = (
                        cel_change::rule_text(&old_rules[i]),
                        cel_change::rule_text(&new_rules[j]),
                    );
                    if cel_change::tokens(a) != cel_change::tokens(b) {
                        let (cmp, why) = cel_change::compare_rules(a, b);
                        let starts_old_self =
                            cel_change::uses_old_self(b) && !cel_change::uses_old_self(a);
                        let (rule, direction) = match cmp {
                            Cmp::Same => ("cel-rule-changed", Direction::Neutral),
                            Cmp::Narrower => ("cel-rule-tightened", Direction::Tightening),
                            Cmp::Wider => ("cel-rule-loosened", Direction::Loosening),
                            Cmp::Incomparable => ("cel-rule-changed", Direction::Unknown),
                        };
                        let mut message = format!("rule `{a}` became `{b}`: {why}");
                        if starts_old_self {
                            message.push_str(&format!("; it now reads {}", self.old_self_effect()));
                        }
                        if let Some(e) = cel_change::parse_error(b) {
                            message.push_str(&format!("; it does not parse: {e}"));
                        }
                        let check = if cel_change::uses_old_self(b) {
                            Check::Transition
                        } else {
                            Check::Value
                        };
                        let (old_site, new_site) =
                            (rule_site(self, true, i), rule_site(self, false, j));
                        self.emit(
                            rule,
                            at,
                            direction,
                            check,
                            Some(old_site),
                            Some(new_site),
                            message,
                        );
                        if starts_old_self && self.ratcheting() == Ratcheting::Crd {
                            // A rule that starts reading oldSelf is flagged whatever its direction
                            // (native types skip unchanged fields, transitions included).
                            if let Some(last) = self.out.last_mut() {
                                last.updates = Some(super::findings::Updates::EveryUpdate);
                            }
                        }
                    }
                    let changed = cel_change::metadata_changes(&old_rules[i], &new_rules[j]);
                    if !changed.is_empty() {
                        let (old_site, new_site) =
                            (rule_site(self, true, i), rule_site(self, false, j));
                        let message = format!("the {} of rule `{b}` changed", changed.join(", "));
                        self.emit(
                            "cel-rule-message-changed",
                            at,
                            Direction::Neutral,
                            Check::Value,
                            Some(old_site),
                            Some(new_site),
                            message,
                        );
                    }
                }
                (None, None) => {}
            }
        }
    }

    fn composition(&mut self, ov: &View<'a>, nv: &View<'a>, at: &At) {
        let (o, n) = (ov.composition(), nv.composition());
        if o.as_ref().map(|x| &x.0) == n.as_ref().map(|x| &x.0) {
            return;
        }
        let key = |v: &Value| {
            v.as_object()
                .and_then(|m| m.keys().next().cloned())
                .unwrap_or_default()
        };
        let old_site = o.as_ref().map(|(v, l)| self.old_site(l, &key(v), show(v)));
        let new_site = n.as_ref().map(|(v, l)| self.new_site(l, &key(v), show(v)));
        self.emit(
            "composition-changed",
            at,
            Direction::Unknown,
            Check::Value,
            old_site,
            new_site,
            "allOf/oneOf/anyOf/not changed; kubeidl does not compare compositions yet".into(),
        );
    }

    fn children<'l>(&mut self, ov: &'l View<'a>, nv: &'l View<'a>, at: &At) {
        let op = ov.get(|s| (!s.properties.is_empty()).then_some(&s.properties));
        let np = nv.get(|s| (!s.properties.is_empty()).then_some(&s.properties));
        let or = ov.get(|s| (!s.required.is_empty()).then_some(&s.required));
        let nr = nv.get(|s| (!s.required.is_empty()).then_some(&s.required));
        let (op_map, np_map) = (Props(op.map(|x| x.0)), Props(np.map(|x| x.0)));
        let (or_list, nr_list): (&[String], &[String]) = (
            or.map(|x| x.0.as_slice()).unwrap_or(&[]),
            nr.map(|x| x.0.as_slice()).unwrap_or(&[]),
        );
        let names: BTreeSet<&String> = op_map.keys().chain(np_map.keys()).collect();
        for name in names {
            let child_at = at.child(name, false, ov, nv);
            match (op_map.get(name), np_map.get(name)) {
                (Some(o), Some(n)) => {
                    let (ol, nl) = (op.unwrap().1, np.unwrap().1);
                    let token = kubeidl::document::pointer_token(name);
                    self.node(
                        (o, ol.doc, format!("{}/properties/{token}", ol.pointer)),
                        (n, nl.doc, format!("{}/properties/{token}", nl.pointer)),
                        &child_at,
                    );
                }
                (Some(_), None) => {
                    let l = op.unwrap().1;
                    let site = self.old_site(
                        l,
                        &format!("properties/{}", kubeidl::document::pointer_token(name)),
                        name.clone(),
                    );
                    self.emit(
                        "property-removed",
                        &child_at,
                        Direction::Incompatible,
                        Check::Structure,
                        Some(site),
                        None,
                        format!(
                            "property {name} was removed: stored values are dropped or rejected"
                        ),
                    );
                }
                (None, Some(_)) => {
                    let l = np.unwrap().1;
                    let site = self.new_site(
                        l,
                        &format!("properties/{}", kubeidl::document::pointer_token(name)),
                        name.clone(),
                    );
                    if nr_list.contains(name) {
                        self.emit("property-added-required", &child_at, Direction::Tightening, Check::Required, None, Some(site), format!("required property {name} was added: objects without it are rejected"));
                    } else {
                        self.emit(
                            "property-added",
                            &child_at,
                            Direction::Neutral,
                            Check::Value,
                            None,
                            Some(site),
                            format!("optional property {name} was added"),
                        );
                    }
                }
                (None, None) => {}
            }
        }
        let required_site = |this: &Self, old: bool, name: &str| {
            let (list, layer) = if old {
                (or_list, or.unwrap().1)
            } else {
                (nr_list, nr.unwrap().1)
            };
            let i = list.iter().position(|n| n == name).unwrap_or(0);
            let key = format!("required/{i}");
            if old {
                this.old_site(layer, &key, format!("required: {name}"))
            } else {
                this.new_site(layer, &key, format!("required: {name}"))
            }
        };
        let sorted = |l: &[String]| l.iter().cloned().collect::<BTreeSet<_>>();
        for name in sorted(nr_list).difference(&sorted(or_list)) {
            if !op_map.contains_key(name) && np_map.contains_key(name) {
                continue; // property-added-required says it
            }
            let child_at = at.child(name, false, ov, nv);
            let site = required_site(self, false, name);
            self.emit(
                "required-added",
                &child_at,
                Direction::Tightening,
                Check::Required,
                None,
                Some(site),
                format!("{name} is now required: objects without it are rejected"),
            );
        }
        for name in sorted(or_list).difference(&sorted(nr_list)) {
            if op_map.contains_key(name) && !np_map.contains_key(name) {
                continue; // property-removed says it
            }
            let child_at = at.child(name, false, ov, nv);
            let site = required_site(self, true, name);
            self.emit(
                "required-removed",
                &child_at,
                Direction::Loosening,
                Check::Value,
                Some(site),
                None,
                format!("{name} is no longer required"),
            );
        }
        // List items: below a list that is not a map list, nodes have no correlated old value.
        let (oi, ni) = (
            ov.get(|s| s.items.as_deref()),
            nv.get(|s| s.items.as_deref()),
        );
        let not_map = nv.get(|s| s.list_type()).map(|x| x.0) != Some("map");
        match (oi, ni) {
            (Some((o, ol)), Some((n, nl))) => {
                let child_at = at.child("[*]", not_map, ov, nv);
                self.node(
                    (o, ol.doc, format!("{}/items", ol.pointer)),
                    (n, nl.doc, format!("{}/items", nl.pointer)),
                    &child_at,
                );
            }
            (None, None) => {}
            (o, n) => {
                let old_site = o.map(|(_, l)| self.old_site(l, "items", "items".into()));
                let new_site = n.map(|(_, l)| self.new_site(l, "items", "items".into()));
                self.emit(
                    "items-changed",
                    at,
                    Direction::Unknown,
                    Check::Structure,
                    old_site,
                    new_site,
                    format!(
                        "items {}",
                        if n.is_some() {
                            "appeared"
                        } else {
                            "disappeared"
                        }
                    ),
                );
            }
        }
        // Map values.
        let (oa, na) = (
            ov.get(|s| s.additional_properties.as_deref()),
            nv.get(|s| s.additional_properties.as_deref()),
        );
        let (ob, nb) = (
            ov.get(|s| s.additional_properties_allowed),
            nv.get(|s| s.additional_properties_allowed),
        );
        match (oa, na) {
            (Some((o, ol)), Some((n, nl))) => {
                let child_at = at.child("{*}", false, ov, nv);
                self.node(
                    (o, ol.doc, format!("{}/additionalProperties", ol.pointer)),
                    (n, nl.doc, format!("{}/additionalProperties", nl.pointer)),
                    &child_at,
                );
            }
            (None, None) if ob.map(|x| x.0) == nb.map(|x| x.0) => {}
            _ => {
                let text = |a: &Option<(&Schema, &Layer)>, b: &Option<(bool, &Layer)>| match (a, b)
                {
                    (Some(_), _) => Some("additionalProperties: {...}".to_string()),
                    (None, Some((v, _))) => Some(format!("additionalProperties: {v}")),
                    _ => None,
                };
                let layer_of = |a: &Option<(&Schema, &'l Layer<'a>)>,
                                b: &Option<(bool, &'l Layer<'a>)>| {
                    a.map(|x| x.1).or(b.map(|x| x.1))
                };
                let old_site = text(&oa, &ob)
                    .zip(layer_of(&oa, &ob))
                    .map(|(t, l)| self.old_site(l, "additionalProperties", t));
                let new_site = text(&na, &nb)
                    .zip(layer_of(&na, &nb))
                    .map(|(t, l)| self.new_site(l, "additionalProperties", t));
                self.emit(
                    "additional-properties-changed",
                    at,
                    Direction::Unknown,
                    Check::Structure,
                    old_site,
                    new_site,
                    "additionalProperties appeared, disappeared or changed form".into(),
                );
            }
        }
    }
}

/// The properties of a node, none when it has none.
#[derive(Clone, Copy)]
struct Props<'a>(Option<&'a indexmap::IndexMap<String, Schema>>);

impl<'a> Props<'a> {
    fn keys(self) -> impl Iterator<Item = &'a String> {
        self.0.into_iter().flat_map(|m| m.keys())
    }

    fn get(self, name: &str) -> Option<&'a Schema> {
        self.0.and_then(|m| m.get(name))
    }

    fn contains_key(self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// The formats openapi-gen gives Go's sized numbers.
fn is_numeric_format(format: &str) -> bool {
    matches!(format, "int32" | "int64" | "float" | "double")
}

/// The most items a rule on a list whose old `maxItems` is larger (or absent) is tried with.
const MOST_ITEMS: u64 = 64;

/// How many items a rule on a list is tried with to show it restricts no stored list: up to
/// the old `maxItems`, or [`MOST_ITEMS`] when that is absent or larger, but then only for
/// rules that count nothing (a rule reading `size` may fail only on longer lists).
fn lists_to_try(ov: &View, rule: &str) -> Option<usize> {
    let counts = cel_change::tokens(rule).iter().any(|t| t == "size");
    let most = match ov.get(|s| s.max_items).map(|x| x.0) {
        Some(max) if max <= MOST_ITEMS => max,
        _ if counts => return None,
        _ => MOST_ITEMS,
    };
    usize::try_from(most).ok()
}

/// Whether a node keeps unknown fields (`x-kubernetes-preserve-unknown-fields`).
fn keeps_unknown_fields(v: &View) -> bool {
    v.flag(|s| s.extension_flag("x-kubernetes-preserve-unknown-fields"))
        .is_some()
}

/// The names of a node's properties.
fn property_names(v: &View) -> BTreeSet<String> {
    v.get(|s| (!s.properties.is_empty()).then_some(&s.properties))
        .map(|(p, _)| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The properties the new node has and the old one has not.
fn added_properties(ov: &View, nv: &View) -> BTreeSet<String> {
    let old = property_names(ov);
    property_names(nv).difference(&old).cloned().collect()
}

/// The view of a list node's item schema in `revision`, references followed.
fn items_view<'a>(revision: &'a Revision, v: &View<'a>) -> Option<View<'a>> {
    let (items, layer) = v.get(|s| s.items.as_deref())?;
    let pointer = format!("{}/items", layer.pointer);
    Some(view(revision, items, layer.doc, pointer, true, &[]))
}

/// The view of one property's schema of a node in `revision`, references followed.
fn property_view<'a>(revision: &'a Revision, v: &View<'a>, name: &str) -> Option<View<'a>> {
    let (properties, layer) = v.get(|s| (!s.properties.is_empty()).then_some(&s.properties))?;
    let pointer = format!("{}/properties/{name}", layer.pointer);
    Some(view(
        revision,
        properties.get(name)?,
        layer.doc,
        pointer,
        true,
        &[],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_revision;
    use serde_json::json;
    use Direction::*;

    /// A revision holding one definition, `name`, with `schema`.
    fn one_definition(name: &str, schema: Value) -> Revision {
        let doc = json!({"openapi": "3.0.0", "components": {"schemas": {name: schema}}});
        read_revision(doc.to_string().as_bytes(), "r.json").expect("revision")
    }

    /// The direction of the rule added between `old` and `new`.
    fn added_rule_direction(old: &Revision, new: &Revision) -> Direction {
        let findings = diff(old, new);
        findings
            .iter()
            .find(|f| f.rule == "cel-rule-added")
            .map(|f| f.direction)
            .unwrap_or_else(|| panic!("{findings:?}"))
    }

    /// The findings between a string schema with `old` as its pattern and one with `new`.
    fn patterns(old: Option<&str>, new: Option<&str>) -> Vec<(&'static str, Direction, String)> {
        let revision = |pattern: Option<&str>| {
            let mut schema = json!({"type": "string"});
            if let Some(p) = pattern {
                schema["pattern"] = json!(p);
            }
            one_definition("a.B", schema)
        };
        diff(&revision(old), &revision(new))
            .into_iter()
            .map(|f| (f.rule, f.direction, f.message))
            .collect()
    }

    /// The direction of the `cel-rule-added` finding when `rule` comes with `percent` and
    /// `fraction`, new beside `weight`.
    fn rule_with_new_fields(rule: &str, old_keeps_unknown: bool) -> Direction {
        let mut old = json!({"type": "object", "properties": {"weight": {"type": "integer"}}});
        if old_keeps_unknown {
            old["x-kubernetes-preserve-unknown-fields"] = json!(true);
        }
        let new = json!({"type": "object", "properties": {
            "weight": {"type": "integer"},
            "percent": {"type": "integer"},
            "fraction": {"type": "object", "properties": {"numerator": {"type": "integer"}}}},
            "x-kubernetes-validations": [{"rule": rule}]});
        let revision = |schema: Value| one_definition("a.Filter", schema);
        let findings = diff(&revision(old), &revision(new));
        let added = findings
            .iter()
            .find(|f| f.rule == "cel-rule-added")
            .unwrap_or_else(|| panic!("{findings:?}"));
        assert!(
            findings
                .iter()
                .filter(|f| f.rule == "property-added")
                .all(|f| f.direction == Neutral),
            "{findings:?}"
        );
        added.direction
    }

    /// The direction of a rule added on a list whose items gain `name` in the same change.
    fn list_rule_with_new_item_fields(rule: &str, max_items: Option<u64>) -> Direction {
        let item = |new: bool| {
            let mut properties = json!({"path": {"type": "string"}});
            if new {
                properties["name"] = json!({"type": "string"});
            }
            json!({"type": "object", "properties": properties})
        };
        let list = |new: bool| {
            let mut schema = json!({"type": "array", "items": item(new)});
            if let Some(max) = max_items {
                schema["maxItems"] = json!(max);
            }
            if new {
                schema["x-kubernetes-validations"] = json!([{"rule": rule}]);
            }
            json!({"type": "object", "properties": {"rules": schema}})
        };
        let revision = |schema: Value| one_definition("a.Route", schema);
        added_rule_direction(&revision(list(false)), &revision(list(true)))
    }

    #[test]
    fn a_k8s_tag_added_to_a_kubernetes_field_restates_its_hand_written_check() {
        let finding = |definition: &str, tag: &str, old: Option<Site>| Finding {
            rule: "max-items-tightened",
            definition: definition.to_string(),
            path: "sharedCounters".to_string(),
            direction: Tightening,
            updates: Some(crate::Updates::FieldEdited),
            old,
            new: Some(Site {
                text: tag.to_string(),
                ..Site::default()
            }),
            message: "the item count must be at most 8 (was unbounded)".to_string(),
        };
        let judged = |mut f: Finding| {
            declared_restatement(&mut f);
            f.direction
        };
        assert_eq!(
            judged(finding(
                "io.k8s.api.resource.v1.ResourceSliceSpec",
                "+k8s:maxItems=8",
                None
            )),
            Neutral
        );
        // A kubebuilder project's tag, a tag that changed, and a marker of another dialect are
        // judged as any change.
        assert_eq!(
            judged(finding("io.example.v1.WidgetSpec", "+k8s:maxItems=8", None)),
            Tightening
        );
        let was = Some(Site {
            text: "+k8s:maxItems=32".to_string(),
            ..Site::default()
        });
        assert_eq!(
            judged(finding(
                "io.k8s.api.resource.v1.ResourceSliceSpec",
                "+k8s:maxItems=8",
                was
            )),
            Tightening
        );
        assert_eq!(
            judged(finding(
                "io.k8s.api.resource.v1.ResourceSliceSpec",
                "+kubebuilder:validation:MaxItems=8",
                None
            )),
            Tightening
        );
        assert_eq!(
            judged(finding(
                "io.k8s.api.resource.v1.DeviceSubRequest",
                "+enum",
                None
            )),
            Neutral
        );
    }

    #[test]
    fn a_total_the_old_bounds_already_keep_restricts_nothing() {
        // Gateway API v1.1 -> v1.2: matches grow from 8 to 64 per rule, with a rule keeping
        // their total at 128 across 16 rules; 16 x 8 stored matches never exceed it.
        let terms: Vec<String> = (0..16)
            .map(|i| format!("(self.size() > {i} ? (has(self[{i}].matches) ? self[{i}].matches.size() : 0) : 0)"))
            .collect();
        let rule = format!("{} <= 128", terms.join(" + "));
        let revision = |matches: u64, with_rule: bool| {
            let mut rules = json!({"type": "array", "maxItems": 16, "items": {"type": "object", "properties": {
                "matches": {"type": "array", "maxItems": matches, "items": {"type": "object"}}}}});
            if with_rule {
                rules["x-kubernetes-validations"] = json!([{"rule": rule}]);
            }
            let schema = json!({"type": "object", "properties": {"rules": rules}});
            one_definition("a.Route", schema)
        };
        let added =
            |old_matches| added_rule_direction(&revision(old_matches, false), &revision(64, true));
        assert_eq!(added(8), Neutral);
        assert_eq!(added(9), Tightening);
    }

    #[test]
    fn a_rule_on_literals_the_old_items_refused_restricts_nothing() {
        // Gateway API v1.3 -> v1.4: allowOrigins gains "*" (alone) in the same change.
        let rule = "!('*' in self && self.size() > 1)";
        let revision = |pattern: &str, with_rule: bool| {
            let mut origins = json!({"type": "array", "maxItems": 64,
                                      "items": {"type": "string", "pattern": pattern}});
            if with_rule {
                origins["x-kubernetes-validations"] = json!([{"rule": rule}]);
            }
            let schema = json!({"type": "object", "properties": {"origins": origins}});
            one_definition("a.Cors", schema)
        };
        let added = |old_pattern| {
            added_rule_direction(
                &revision(old_pattern, false),
                &revision("^(\\*|https?://.+)$", true),
            )
        };
        assert_eq!(added("^https?://.+$"), Neutral);
        // Where the old items could be "*", a stored ["*", "https://a"] is refused.
        assert_eq!(added("^.+$"), Tightening);
    }

    #[test]
    fn string_bounds_every_old_enum_value_meets_restrict_nothing() {
        // Gateway API v1.4 -> v1.5: wellKnownCACertificates loses its enum ["System"] and gains
        // length bounds and a pattern "System" meets.
        let revision = |schema: Value| {
            let schema = json!({"type": "object", "properties": {"ca": schema}});
            one_definition("a.Policy", schema)
        };
        let old = json!({"type": "string", "enum": ["System"]});
        let new =
            json!({"type": "string", "minLength": 1, "maxLength": 253, "pattern": "^[A-Za-z]+$"});
        let findings = diff(&revision(old.clone()), &revision(new));
        let got: Vec<(&str, Direction)> = findings.iter().map(|f| (f.rule, f.direction)).collect();
        assert_eq!(
            got,
            [
                ("enum-removed", Loosening),
                ("min-length-tightened", Neutral),
                ("max-length-tightened", Neutral),
                ("pattern-added", Neutral),
            ],
            "{findings:?}"
        );
        // A bound an old value fails still tightens.
        let short = json!({"type": "string", "maxLength": 3, "pattern": "^[a-z]+$"});
        let findings = diff(&revision(old), &revision(short));
        let got: Vec<(&str, Direction)> = findings.iter().map(|f| (f.rule, f.direction)).collect();
        assert_eq!(
            got,
            [
                ("enum-removed", Loosening),
                ("max-length-tightened", Tightening),
                ("pattern-added", Tightening),
            ],
            "{findings:?}"
        );
    }

    #[test]
    fn a_list_rule_on_item_fields_new_in_the_change_restricts_nothing_stored() {
        // Gateway API v1.1 -> v1.2: rules gain a name, unique among named rules.
        let unique = "self.all(l1, !has(l1.name) || self.exists_one(l2, has(l2.name) && l1.name == l2.name))";
        assert_eq!(list_rule_with_new_item_fields(unique, Some(16)), Neutral);
        assert_eq!(list_rule_with_new_item_fields(unique, None), Neutral);
        // Rules that stored lists fail, or that read old item fields, restrict them.
        assert_eq!(
            list_rule_with_new_item_fields("self.all(r, has(r.name))", Some(16)),
            Tightening
        );
        assert_eq!(
            list_rule_with_new_item_fields("self.all(r, !has(r.name) || r.path != '')", Some(16)),
            Tightening
        );
        // Counting rules are tried on every length up to the old maxItems; unbounded, not at all.
        let few = "self.filter(r, !has(r.name)).size() <= 3";
        assert_eq!(list_rule_with_new_item_fields(few, Some(3)), Neutral);
        assert_eq!(list_rule_with_new_item_fields(few, Some(4)), Tightening);
        assert_eq!(list_rule_with_new_item_fields(few, None), Tightening);
    }

    #[test]
    fn a_rule_on_new_properties_and_old_enums_is_evaluated_on_each_old_value() {
        // Gateway API v1.4 -> v1.5: a `cors` filter, a new enum value `CORS` for `type`, and
        // rules tying them together; no stored filter has `cors` or type `CORS`.
        let revision = |new: bool| {
            let mut types = vec![json!("RequestRedirect"), json!("URLRewrite")];
            let mut schema = json!({"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": []}}});
            if new {
                types.push(json!("CORS"));
                schema["properties"]["cors"] = json!({"type": "object"});
                schema["x-kubernetes-validations"] = json!([
                    {"rule": "!(has(self.cors) && self.type != 'CORS')"},
                    {"rule": "!(!has(self.cors) && self.type == 'CORS')"},
                    {"rule": "has(self.cors) || self.type == 'URLRewrite'"}]);
            }
            schema["properties"]["type"]["enum"] = Value::Array(types);
            one_definition("a.Filter", schema)
        };
        let findings = diff(&revision(false), &revision(true));
        let added: Vec<(Direction, &str)> = findings
            .iter()
            .filter(|f| f.rule == "cel-rule-added")
            .map(|f| (f.direction, f.message.as_str()))
            .collect();
        assert_eq!(added.len(), 3, "{findings:?}");
        assert_eq!(added[0].0, Neutral, "{}", added[0].1);
        assert!(added[0].1.contains("added in the same change (cors) and, of the old ones, only type through their enum values"), "{}", added[0].1);
        assert_eq!(added[1].0, Neutral, "{}", added[1].1);
        // RequestRedirect filters stored today fail this one.
        assert_eq!(added[2].0, Tightening, "{}", added[2].1);
    }

    #[test]
    fn a_rule_on_properties_new_in_the_change_restricts_nothing_stored() {
        // Gateway API v1.2 -> v1.3: percent and fraction arrive with the rule between them.
        assert_eq!(
            rule_with_new_fields("!(has(self.percent) && has(self.fraction))", false),
            Neutral
        );
        // Rules that fail on an object without the new fields do restrict every stored one.
        assert_eq!(
            rule_with_new_fields("has(self.percent) || has(self.fraction)", false),
            Tightening
        );
        assert_eq!(
            rule_with_new_fields("self.percent <= 100", false),
            Tightening
        );
        // A rule that also reads an old property, or an old schema that kept unknown fields
        // (stored objects may hold `percent`), is judged as before.
        assert_eq!(
            rule_with_new_fields("!has(self.percent) || self.weight > 0", false),
            Tightening
        );
        assert_eq!(
            rule_with_new_fields("!(has(self.percent) && has(self.fraction))", true),
            Tightening
        );
    }

    #[test]
    fn patterns_are_compared_as_the_strings_they_accept() {
        // A rewrite, and adding or removing a pattern every string matches, change nothing.
        assert_eq!(patterns(Some("^[a-z]+$"), Some("^[a-z][a-z]*$")), vec![]);
        assert_eq!(patterns(None, Some(".*")), vec![]);
        assert_eq!(patterns(Some("^.*"), None), vec![]);
        let one = |rule, direction, message: &str| vec![(rule, direction, message.to_string())];
        assert_eq!(
            patterns(Some("abc"), Some("^abc$")),
            one(
                "pattern-narrowed",
                Tightening,
                r#"values must now match ^abc$; "aabc" matched before and no longer does"#
            )
        );
        assert_eq!(
            patterns(Some("^[a-z.]+$"), Some("^[a-z.-]+$")),
            one(
                "pattern-widened",
                Loosening,
                r#"values must now match ^[a-z.-]+$; "-" did not match before and now does"#
            )
        );
        // Both ways at once: a finding for each, as for enum values.
        let both = patterns(Some("^[a-m]+$"), Some("^[h-z]+$"));
        let rules: Vec<_> = both.iter().map(|f| (f.0, f.1)).collect();
        assert_eq!(
            rules,
            [
                ("pattern-narrowed", Tightening),
                ("pattern-widened", Loosening)
            ]
        );
        assert!(both[0].2.contains(r#""a" matched before"#), "{both:?}");
        assert!(
            both[1].2.contains(r#""n" did not match before"#),
            "{both:?}"
        );
        // `$` is the end of the text and `.` no line break: `^.*$` is a pattern.
        assert_eq!(
            patterns(None, Some("^.*$")),
            one(
                "pattern-added",
                Tightening,
                r#"values must now match ^.*$; "\n" was accepted before and no longer is"#
            )
        );
        assert_eq!(
            patterns(Some("^[a-z]+$"), None),
            one(
                "pattern-removed",
                Loosening,
                r#"values need no longer match ^[a-z]+$; "" was rejected before and is now accepted"#
            )
        );
        let unknown = patterns(Some("^a$"), Some("("));
        assert_eq!((unknown[0].0, unknown[0].1), ("pattern-changed", Unknown));
        assert!(
            unknown[0].2.starts_with("the pattern changed from ^a$ to (; kubeidl cannot decide how they relate: the new pattern does not compile"),
            "{unknown:?}"
        );
        // A pattern the validator refuses still tightens when it appears.
        assert_eq!(
            patterns(None, Some("(")),
            one("pattern-added", Tightening, "values must now match (")
        );
    }
}
