//! The CEL checks the apiextensions apiserver makes when a CRD is written, made at build time on
//! the inlined schema: every rule compiles against its node (the root as a resource root), each
//! rule's estimated cost times the number of times it can run in one object stays within the
//! per-expression limit, and all rules together within the per-CRD limit. Each error names the
//! rule's node and text, so a front end can point at the tag that wrote it.

use super::Problem;
use crate::cel::decl::{Decl, NoDefinitions};
use crate::cel::estimate::{
    check_crd_total, exceeds_factor, min_serialized_size, MAX_REQUEST_SIZE_BYTES,
    STATIC_ESTIMATED_COST_LIMIT,
};
use crate::cel::rule::{compile_rule_unlimited, ExpressionKind};
use crate::errors::FieldPath;
use crate::schema::{node_name, Schema, SchemaType};
use serde_json::Value;

/// Checks the rules of a version's schema; `base` is the schema's path in the CRD, `root`
/// whether the schema is the resource's root (rules on it see `apiVersion`, `kind` and
/// `metadata.name`), not a part of it checked alone (a derived spec, at compile time).
pub fn check(schema: &Schema, base: &FieldPath, root: bool) -> Vec<Problem> {
    let mut walk = Walk {
        base,
        errors: Vec::new(),
        costs: Vec::new(),
    };
    walk.node(
        schema,
        &FieldPath::root(),
        Cardinality::Bounded(1),
        root,
        true,
    );
    let Walk {
        mut errors, costs, ..
    } = walk;
    if let Err(problems) = check_crd_total(&costs) {
        for (path, message) in problems {
            // The total is the schema's own problem; its path is the schema's.
            let path = if path == "openAPIV3Schema" {
                base.to_string()
            } else {
                path
            };
            errors.push(Problem::new(format!("{path}: {message}")));
        }
    }
    errors
}

/// How many times a node can occur in one object: a product of the `maxItems` and
/// `maxProperties` above it, or unbounded below a list or map without one (then named).
#[derive(Clone)]
enum Cardinality {
    Bounded(u64),
    Unbounded(String),
}

struct Walk<'a> {
    base: &'a FieldPath,
    errors: Vec<Problem>,
    /// Each expression's path in the CRD and its cost, for the per-CRD total.
    costs: Vec<(String, u64)>,
}

impl Walk<'_> {
    fn node(
        &mut self,
        schema: &Schema,
        at: &FieldPath,
        cardinality: Cardinality,
        root: bool,
        correlatable: bool,
    ) {
        if let Some(Value::Array(rules)) = schema.extensions.get("x-kubernetes-validations") {
            let mut decl = if root {
                Decl::for_resource_root(schema, &NoDefinitions)
            } else {
                Decl::from_schema(schema, &NoDefinitions)
            };
            decl.correlatable = correlatable;
            for (i, rule) in rules.iter().enumerate() {
                self.rule(rule, i, &decl, at, &cardinality);
            }
        }
        let child = |field: &str| match (&cardinality, max_elements(schema)) {
            (Cardinality::Unbounded(why), _) => Cardinality::Unbounded(why.clone()),
            (Cardinality::Bounded(n), Some(m)) => Cardinality::Bounded(n.saturating_mul(m)),
            (Cardinality::Bounded(_), None) => {
                Cardinality::Unbounded(format!("{} has no {field}", self.path(at)))
            }
        };
        let (of_items, of_members) = (child("maxItems"), child("maxProperties"));
        let properties = at.child("properties");
        for (key, property) in &schema.properties {
            let c = of_members.clone();
            self.node(property, &properties.key(key), c, false, correlatable);
        }
        if let Some(items) = &schema.items {
            let keyed = schema.list_type() == Some("map");
            self.node(
                items,
                &at.child("items"),
                of_items,
                false,
                correlatable && keyed,
            );
        }
        if let Some(values) = &schema.additional_properties {
            let atomic = schema.extensions.get("x-kubernetes-map-type")
                == Some(&Value::String("atomic".into()));
            let at = at.child("additionalProperties");
            self.node(values, &at, of_members, false, correlatable && !atomic);
        }
    }

    fn path(&self, at: &FieldPath) -> String {
        self.base.join(at).to_string()
    }

    fn rule(
        &mut self,
        rule: &Value,
        index: usize,
        decl: &Decl,
        at: &FieldPath,
        cardinality: &Cardinality,
    ) {
        let text = |key: &str| rule.get(key).and_then(Value::as_str);
        let Some(source) = text("rule") else { return };
        let optional_old_self = rule.get("optionalOldSelf") == Some(&Value::Bool(true));
        let site = |message: String| Problem::at_rule(node_name(at), source, message);
        let here = format!("{}.x-kubernetes-validations[{index}]", self.path(at));
        let mut expressions = vec![(source, ExpressionKind::Rule, "rule")];
        if let Some(m) = text("messageExpression") {
            expressions.push((m, ExpressionKind::MessageExpression, "messageExpression"));
        }
        for (expression, kind, what) in expressions {
            let compiled = match compile_rule_unlimited(expression, decl, optional_old_self, kind) {
                Ok(c) => c,
                Err(e) => {
                    let message = format!("{here}.{what}: {what} {expression:?} in the CRD:\n{e}");
                    self.errors.push(site(message));
                    continue;
                }
            };
            // A message expression runs only when its rule fails; the apiserver does not
            // multiply it.
            let (times, why) = match (kind, cardinality) {
                (ExpressionKind::MessageExpression, _) => (1, None),
                (_, Cardinality::Bounded(n)) => (*n, None),
                (_, Cardinality::Unbounded(why)) => (
                    MAX_REQUEST_SIZE_BYTES / (min_serialized_size(decl) + 1),
                    Some(why.as_str()),
                ),
            };
            let cost = compiled.estimated_cost.saturating_mul(times.max(1));
            self.costs.push((format!("{here}.{what}"), cost));
            if cost > STATIC_ESTIMATED_COST_LIMIT {
                let bound = why.map_or(String::new(), |w| format!(" ({w})"));
                self.errors.push(site(format!(
                        "{here}.{what}: Forbidden: estimated {what} cost exceeds budget by factor of {} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)\n  {what} {expression:?} costs up to {} per evaluation and may run {times} times per object{bound}; limit {STATIC_ESTIMATED_COST_LIMIT}",
                        exceeds_factor(cost, STATIC_ESTIMATED_COST_LIMIT),
                        compiled.estimated_cost,
                )));
            }
        }
    }
}

/// How many children a node can have per occurrence: `maxItems` of a list, `maxProperties` of
/// a map, one for a struct or a scalar; `None` when unbounded.
fn max_elements(schema: &Schema) -> Option<u64> {
    match &schema.schema_type {
        Some(SchemaType::Single(t)) if t == "array" => schema.max_items,
        Some(SchemaType::Single(t)) if t == "object" && schema.additional_properties.is_some() => {
            schema.max_properties
        }
        _ => Some(1),
    }
}
