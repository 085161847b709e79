//! CEL cost in `kubeidl diff`: each side's expressions estimated as the apiextensions apiserver
//! estimates them when a CRD is written (`crd::cost`: cost of one evaluation times how many
//! times it can run in one object, from the root of each resource down through `$ref`s), and
//! compared. A schema change moves costs without touching a rule (dropping a `maxItems` above
//! it), and the apiserver refuses a changed schema whose expression, or whose expressions
//! together, exceed their limits: those are incompatible findings, reported where the rule is
//! written; any other change of an expression's estimate is a neutral one.
//!
//! Resources are the definitions a CRD version stands for, or those that carry
//! `x-kubernetes-group-version-kind`; other definitions no resource reaches are estimated alone.
//! Kubernetes' own types are left out: their declarative rules run as generated Go code, which
//! no cost limit bounds.

use super::findings::{join_path, Direction, Finding, Site};
use super::input::{Form, Revision};
use super::ratchet::{updates, Check, Ratcheting};
use kubeidl::cel::estimate::{
    check_crd_total, over_budget, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
    TOTAL_COST_DESCRIPTION as TOTAL,
};
use kubeidl::crd::cost::{expression_costs, ExpressionCost};
use kubeidl::document::pointer_key;
use kubeidl::errors::FieldPath;
use kubeidl::schema::Schema;
use kubeidl::validate::GVK_EXTENSION;
use std::collections::{BTreeMap, BTreeSet};

/// The cost findings of `old` to `new`: each expression's, then each resource's total.
pub(crate) fn findings(old: &Revision, new: &Revision) -> Vec<Finding> {
    let (before, after) = (Estimates::of(old), Estimates::of(new));
    let mut out = Vec::new();
    for (key, cost) in &after.expressions {
        let site = |rev: &Revision, c: &Costed| rule_site(rev, &key.definition, c);
        let previous = before.expressions.get(key);
        let old_site = previous.map(|p| site(old, p));
        let was = previous.map(|p| p.cost.cost());
        let mut finding = |rule: &'static str, direction, message| {
            out.push(Finding {
                rule,
                definition: key.definition.clone(),
                path: path_of(&cost.cost.pointer),
                direction,
                updates: updates(direction, Check::Schema, false, Ratcheting::Crd),
                old: old_site.clone(),
                new: Some(site(new, cost)),
                message,
            })
        };
        let now = cost.cost.cost();
        let over_before = was.is_some_and(|w| w > STATIC_ESTIMATED_COST_LIMIT);
        if cost.cost.over_limit() && (!over_before || schemas_changed(&cost.roots, old, new)) {
            let before = match was {
                Some(w) if over_before => format!("; it was {w} before, over the limit too, which the apiserver checks again whenever the schema changes"),
                Some(w) => format!("; it was {w} before"),
                None => String::new(),
            };
            let message = format!(
                "the apiserver refuses the new schema: {}; {} is estimated at {now} per object ({}), the limit is {STATIC_ESTIMATED_COST_LIMIT}{before}",
                cost.cost.budget_error(),
                subject(&cost.cost),
                how(&cost.cost),
            );
            finding("cel-cost-over-limit", Direction::Incompatible, message);
        } else if let Some(was) = was.filter(|w| *w != now) {
            let verb = if now > was { "rose" } else { "fell" };
            let message = format!(
                "the estimated cost of {} {verb} from {was} to {now} per object ({}; {} of the per-expression limit)",
                subject(&cost.cost),
                how(&cost.cost),
                share(now, STATIC_ESTIMATED_COST_LIMIT),
            );
            finding("cel-cost-changed", Direction::Neutral, message);
        }
    }
    for root in after.by_root.keys() {
        let total = after.total(root).unwrap_or_default();
        if total <= STATIC_ESTIMATED_CRD_COST_LIMIT {
            continue;
        }
        let was = before.total(root);
        let over_before = was.is_some_and(|w| w > STATIC_ESTIMATED_CRD_COST_LIMIT);
        if over_before && !schemas_changed(&BTreeSet::from([root.clone()]), old, new) {
            continue;
        }
        let costliest = after.costliest(root);
        let message = format!(
            "the apiserver refuses the new schema: {}; its rules together are estimated at {total} per object, the limit is {STATIC_ESTIMATED_CRD_COST_LIMIT}{}{}",
            over_budget(TOTAL, total, STATIC_ESTIMATED_CRD_COST_LIMIT),
            was.map_or(String::new(), |w| format!(" (it was {w} before)")),
            match costliest.is_empty() {
                true => String::new(),
                false => format!("; the costliest: {}", costliest.join(", ")),
            }
        );
        out.push(Finding {
            rule: "cel-total-cost-over-limit",
            definition: root.clone(),
            path: String::new(),
            direction: Direction::Incompatible,
            updates: updates(
                Direction::Incompatible,
                Check::Schema,
                false,
                Ratcheting::Crd,
            ),
            old: was.map(|_| root_site(old, root)),
            new: Some(root_site(new, root)),
            message,
        });
    }
    out
}

/// An expression, by where it is written and what it says.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    definition: String,
    /// The node's JSON pointer in the definition.
    pointer: String,
    what: &'static str,
    expression: String,
}

/// An expression's costliest estimate among the resources that reach it.
#[derive(Debug, Clone)]
struct Costed {
    cost: ExpressionCost,
    /// The resources (or lone definitions) that reach it.
    roots: BTreeSet<String>,
}

/// One revision's estimates.
#[derive(Default)]
struct Estimates {
    expressions: BTreeMap<Key, Costed>,
    /// Each resource's expressions, by their place in the apiserver's words, with their cost.
    by_root: BTreeMap<String, Vec<(String, u64)>>,
}

impl Estimates {
    fn of(rev: &Revision) -> Estimates {
        let mut out = Estimates::default();
        let with_rules: BTreeSet<&String> = rev
            .definitions
            .iter()
            .filter(|(n, d)| has_rules(&d.schema) && Ratcheting::of(n) == Ratcheting::Crd)
            .map(|(n, _)| n)
            .collect();
        if with_rules.is_empty() {
            return out;
        }
        let resources: Vec<String> = rev
            .definitions
            .iter()
            .filter(|(_, d)| {
                rev.form == Form::Crd || d.schema.extensions.contains_key(GVK_EXTENSION)
            })
            .map(|(n, _)| n.clone())
            .collect();
        let reached = rev.reachable(resources.clone());
        let alone = with_rules
            .iter()
            .filter(|n| !reached.contains(n.as_str()))
            .map(|n| (n.to_string(), false));
        let lookup = |r: &str| rev.lookup(r).map(|(n, d)| (n, &d.schema));
        for (root, resource) in resources.iter().map(|n| (n.clone(), true)).chain(alone) {
            let reaches = rev.reachable(vec![root.clone()]);
            if !reaches.iter().any(|n| with_rules.contains(n)) {
                continue;
            }
            let schema = &rev.definitions[&root].schema;
            let mut listed = Vec::new();
            for cost in expression_costs(schema, resource, &lookup) {
                listed.push((cost.place(&FieldPath::root()), cost.cost()));
                let key = Key {
                    definition: cost.owner.clone().unwrap_or_else(|| root.clone()),
                    pointer: cost.pointer.clone(),
                    what: cost.what,
                    expression: cost.expression.clone(),
                };
                let entry = out.expressions.entry(key).or_insert_with(|| Costed {
                    cost: cost.clone(),
                    roots: BTreeSet::new(),
                });
                entry.roots.insert(root.clone());
                if cost.cost() > entry.cost.cost() {
                    entry.cost = cost;
                }
            }
            if resource {
                out.by_root.insert(root, listed);
            }
        }
        out
    }

    /// A resource's total, when it has rules.
    fn total(&self, root: &str) -> Option<u64> {
        let listed = self.by_root.get(root)?;
        Some(listed.iter().fold(0u64, |t, (_, c)| t.saturating_add(*c)))
    }

    /// The expressions the apiserver names as contributing to an excessive total of `root`.
    fn costliest(&self, root: &str) -> Vec<String> {
        let listed = self.by_root.get(root).map(Vec::as_slice).unwrap_or(&[]);
        match check_crd_total(listed) {
            Ok(_) => Vec::new(),
            Err(problems) => problems
                .into_iter()
                .skip(1)
                .map(|(place, _)| place)
                .collect(),
        }
    }
}

/// Whether any definition one of `roots` reaches differs between the revisions: the apiserver
/// checks each expression's cost again only when a version's schema changed.
fn schemas_changed(roots: &BTreeSet<String>, old: &Revision, new: &Revision) -> bool {
    let reached = new.reachable(roots.iter().cloned().collect());
    reached.iter().any(|n| {
        old.definitions.get(n).map(|d| &d.schema) != new.definitions.get(n).map(|d| &d.schema)
    })
}

/// Whether `schema` or anything inside it (not through references) has CEL rules.
fn has_rules(schema: &Schema) -> bool {
    if schema.extensions.contains_key("x-kubernetes-validations") {
        return true;
    }
    let mut found = false;
    schema.for_each_child(|c| found = found || has_rules(c));
    found
}

/// `rule `…`` or `messageExpression `…``.
fn subject(cost: &ExpressionCost) -> String {
    format!("{} `{}`", cost.what, cost.expression)
}

/// How the estimate comes about: per evaluation, and how many evaluations.
fn how(cost: &ExpressionCost) -> String {
    let unbounded = match &cost.unbounded {
        Some((at, keyword)) => format!(
            ", bounded only by the request size: {} has no {keyword}",
            place_of(at)
        ),
        None => String::new(),
    };
    match cost.times {
        0 | 1 => format!("it runs once per object{unbounded}"),
        times => format!(
            "{} per evaluation, up to {times} evaluations{unbounded}",
            cost.per_call
        ),
    }
}

/// A schema path in the apiserver's words (`properties[spec].items`), or `the root`.
fn place_of(at: &FieldPath) -> String {
    match FieldPath::root().join(at).to_string() {
        s if s.is_empty() || s == "<nil>" => "the root".to_string(),
        s => s,
    }
}

/// `cost` as a share of `limit`, in percent.
fn share(cost: u64, limit: u64) -> String {
    let percent = cost as f64 * 100.0 / limit as f64;
    match percent {
        p if p < 0.01 => "under 0.01%".to_string(),
        p if p < 10.0 => format!("{p:.2}%"),
        p => format!("{p:.0}%"),
    }
}

/// The finding's path of a node's JSON pointer in its definition (`/properties/spec/items` is
/// `spec[*]`).
fn path_of(pointer: &str) -> String {
    let mut path = String::new();
    let mut tokens = pointer.split('/').skip(1);
    while let Some(token) = tokens.next() {
        let step = match token {
            "properties" => match tokens.next() {
                Some(name) => pointer_key(name),
                None => break,
            },
            "items" => "[*]".to_string(),
            "additionalProperties" => "{*}".to_string(),
            other => pointer_key(other),
        };
        path = join_path(&path, &step);
    }
    path
}

/// Where an expression is written in `rev`.
fn rule_site(rev: &Revision, definition: &str, c: &Costed) -> Site {
    let Some(def) = rev.definitions.get(definition) else {
        return Site::default();
    };
    let pointer = format!(
        "{}{}/x-kubernetes-validations/{}/{}",
        def.pointer, c.cost.pointer, c.cost.index, c.cost.what
    );
    let text = format!("{}: {}", c.cost.what, c.cost.expression);
    rev.site(def.doc, &pointer, text)
}

/// Where a resource's schema stands in `rev`.
fn root_site(rev: &Revision, root: &str) -> Site {
    let def = &rev.definitions[root];
    rev.site(def.doc, &def.pointer, root.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{diff, read_revision};

    /// A CRD whose `spec.hosts` list (at most `max_items`, when given) is checked by `rule`.
    fn crd(max_items: Option<u64>, rule: &str) -> Revision {
        let bound = max_items.map_or(String::new(), |n| {
            format!("\n                  maxItems: {n}")
        });
        let text = format!(
            r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: widgets.example.com}}
spec:
  group: example.com
  names: {{kind: Widget, plural: widgets}}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                hosts:
                  type: array{bound}
                  items: {{type: string, maxLength: 253}}
                  x-kubernetes-validations:
                    - rule: "{rule}"
"#
        );
        read_revision(text.as_bytes(), "crd.yaml").unwrap()
    }

    const RULE: &str = "self.all(h, self.exists_one(g, g == h))";

    #[test]
    fn a_bound_dropped_above_a_rule_puts_it_over_the_limit() {
        let findings = diff(&crd(Some(10), RULE), &crd(None, RULE));
        let over: Vec<&Finding> = findings
            .iter()
            .filter(|f| f.rule == "cel-cost-over-limit")
            .collect();
        assert_eq!(over.len(), 1, "{findings:#?}");
        let f = over[0];
        assert_eq!(
            (f.definition.as_str(), f.path.as_str()),
            ("com.example.v1.Widget", "spec.hosts")
        );
        assert_eq!(f.direction, Direction::Incompatible);
        assert_eq!(f.updates, Some(super::super::findings::Updates::None));
        assert!(
            f.message
                .contains("exceeds budget by factor of more than 100x"),
            "{}",
            f.message
        );
        assert!(
            f.message.contains("the limit is 10000000; it was "),
            "{}",
            f.message
        );
        let new = f.new.as_ref().unwrap();
        assert_eq!(new.text, format!("rule: {RULE}"));
        assert_eq!(new.line, Some(23), "{new:?}");
        // The schema's total is over its limit too.
        assert!(findings
            .iter()
            .any(|f| f.rule == "cel-total-cost-over-limit" && f.path.is_empty()));
    }

    #[test]
    fn a_bound_that_moves_changes_the_estimate_neutrally() {
        let findings = diff(&crd(Some(10), RULE), &crd(Some(20), RULE));
        let changed: Vec<&Finding> = findings
            .iter()
            .filter(|f| f.rule.starts_with("cel-cost"))
            .collect();
        assert_eq!(changed.len(), 1, "{findings:#?}");
        assert_eq!(changed[0].rule, "cel-cost-changed");
        assert_eq!(changed[0].direction, Direction::Neutral);
        assert!(
            changed[0].message.contains(" rose from "),
            "{}",
            changed[0].message
        );
        // The same rule under the same schema: no cost finding.
        assert!(diff(&crd(Some(10), RULE), &crd(Some(10), RULE)).is_empty());
    }

    #[test]
    fn kubernetes_own_types_have_no_cost_limit() {
        // Their declarative rules run as generated Go code: dropping the bound above a rule of
        // a k8s.io/api type costs nothing the apiserver limits; of any other type, it does.
        let revision = |name: &str, max_items: Option<u64>| {
            let mut hosts = serde_json::json!({"type": "array", "items": {"type": "string", "maxLength": 253},
                                               "x-kubernetes-validations": [{"rule": RULE}]});
            if let Some(n) = max_items {
                hosts["maxItems"] = serde_json::json!(n);
            }
            let schema = serde_json::json!({"type": "object", "properties": {"hosts": hosts},
                "x-kubernetes-group-version-kind": [{"group": "x", "version": "v1", "kind": "Thing"}]});
            let doc =
                serde_json::json!({"openapi": "3.0.0", "components": {"schemas": {name: schema}}});
            read_revision(doc.to_string().as_bytes(), "r.json").unwrap()
        };
        let over = |name: &str| {
            diff(&revision(name, Some(10)), &revision(name, None))
                .iter()
                .any(|f| f.rule.starts_with("cel-cost"))
        };
        assert!(!over("io.k8s.api.x.v1.Thing"));
        assert!(over("com.example.x.v1.Thing"));
    }

    #[test]
    fn a_rule_already_over_the_limit_in_an_unchanged_schema_is_not_reported() {
        let (old, new) = (crd(None, RULE), crd(None, RULE));
        assert!(findings(&old, &new).is_empty());
    }

    #[test]
    fn paths_follow_properties_items_and_values() {
        assert_eq!(path_of(""), "");
        assert_eq!(
            path_of("/properties/spec/properties/items/items"),
            "spec.items[*]"
        );
        assert_eq!(
            path_of("/properties/a~1b/additionalProperties/properties/x"),
            "a/b{*}.x"
        );
    }
}
