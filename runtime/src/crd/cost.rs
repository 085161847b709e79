//! The CEL checks the apiextensions apiserver makes when a CRD is written: every rule compiles
//! against its node (the root as a resource root), each expression's estimated cost times the
//! number of times it can run in one object stays within the per-expression limit, and all of
//! them together within the per-CRD limit. [`check`] makes them at build time on the inlined
//! schema; [`expression_costs`] gives each expression's estimate on a schema whose `$ref`s point
//! into definitions, for `kubeidl diff` to compare two revisions. Each error names the rule's
//! node and text, so a front end can point at the tag that wrote it.

use super::Problem;
use crate::cel::decl::{Decl, Definitions};
use crate::cel::estimate::{
    check_crd_total, min_serialized_size, over_budget, MAX_REQUEST_SIZE_BYTES,
    STATIC_ESTIMATED_COST_LIMIT,
};
use crate::cel::rule::{compile_rule_unlimited, ExpressionKind};
use crate::errors::FieldPath;
use crate::schema::{node_name, reference_of, Schema, SchemaType};
use serde_json::Value;

/// Finds a definition by `$ref`: its name and schema.
pub type Lookup<'s, 'l> = &'l dyn Fn(&str) -> Option<(&'s str, &'s Schema)>;

/// One CEL expression's estimated cost in one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpressionCost {
    /// The node's path in the walked schema (`properties[spec].items`), as the apiserver names it.
    pub at: FieldPath,
    /// The definition the node is written in (reached through a `$ref`), `None` for the walked
    /// schema itself.
    pub owner: Option<String>,
    /// The node's JSON pointer in its owner (`/properties/spec/items`; `""` for its root).
    pub pointer: String,
    /// The rule's index in the node's `x-kubernetes-validations`.
    pub index: usize,
    /// `rule` or `messageExpression`.
    pub what: &'static str,
    pub expression: String,
    /// The estimate of one evaluation.
    pub per_call: u64,
    /// How many times it can run in one object.
    pub times: u64,
    /// Why `times` is bounded only by the request size: the list or map above without a bound
    /// (its path in the walked schema), and the keyword it lacks.
    pub unbounded: Option<(FieldPath, &'static str)>,
}

impl ExpressionCost {
    /// The estimate for one object.
    pub fn cost(&self) -> u64 {
        self.per_call.saturating_mul(self.times.max(1))
    }

    /// Whether the apiserver refuses the schema for this expression's cost.
    pub fn over_limit(&self) -> bool {
        self.cost() > STATIC_ESTIMATED_COST_LIMIT
    }

    /// Where the apiserver reports the expression: `<base>.<at>.x-kubernetes-validations[i].rule`
    /// (or `.messageExpression`), `base` being the walked schema's path in the CRD.
    pub fn place(&self, base: &FieldPath) -> String {
        format!(
            "{}.x-kubernetes-validations[{}].{}",
            base.join(&self.at),
            self.index,
            self.what
        )
    }

    /// The apiserver's words for this expression's estimate over the limit.
    pub fn budget_error(&self) -> String {
        over_budget(
            &format!("estimated {} cost", self.what),
            self.cost(),
            STATIC_ESTIMATED_COST_LIMIT,
        )
    }

    /// The apiserver's error for an expression over the limit, with how the estimate comes about;
    /// `base` is the walked schema's path in the CRD.
    pub fn over_limit_message(&self, base: &FieldPath) -> String {
        let what = self.what;
        let bound = self
            .unbounded
            .as_ref()
            .map_or(String::new(), |(at, keyword)| {
                format!(" ({} has no {keyword})", base.join(at))
            });
        format!(
            "Forbidden: {}\n  {what} {:?} costs up to {} per evaluation and may run {} times per object{bound}; limit {STATIC_ESTIMATED_COST_LIMIT}",
            self.budget_error(),
            self.expression,
            self.per_call,
            self.times,
        )
    }
}

/// Checks the rules of a version's schema; `base` is the schema's path in the CRD, `root`
/// whether the schema is the resource's root (rules on it see `apiVersion`, `kind` and
/// `metadata.name`), not a part of it checked alone (a derived spec, at compile time).
pub fn check(schema: &Schema, base: &FieldPath, root: bool) -> Vec<Problem> {
    let mut errors = Vec::new();
    let mut totals = Vec::new();
    for Estimated { cost, rule, error } in walk(schema, root, &|_| None) {
        let path = cost.place(base);
        let node = node_name(&cost.at);
        if let Some(e) = error {
            let message = format!(
                "{path}: {} {:?} in the CRD:\n{e}",
                cost.what, cost.expression
            );
            errors.push(Problem::at_rule(node, &rule, message));
            continue;
        }
        if cost.over_limit() {
            let message = format!("{path}: {}", cost.over_limit_message(base));
            errors.push(Problem::at_rule(node, &rule, message));
        }
        totals.push((path, cost.cost()));
    }
    if let Err(problems) = check_crd_total(&totals) {
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

/// The estimated cost of every expression that compiles in `schema`, following `$ref`s with
/// `lookup` (a definition already being walked is not entered again); `root` as for [`check`].
pub fn expression_costs(
    schema: &Schema,
    root: bool,
    lookup: Lookup<'_, '_>,
) -> Vec<ExpressionCost> {
    walk(schema, root, lookup)
        .into_iter()
        .filter(|e| e.error.is_none())
        .map(|e| e.cost)
        .collect()
}

/// An expression's estimate (`per_call` 0 when it does not compile: then `error` says why), with
/// the rule it belongs to.
struct Estimated {
    cost: ExpressionCost,
    /// The rule's own text (the expression may be its message expression).
    rule: String,
    error: Option<crate::cel::error::CompileError>,
}

/// Every expression of `schema`, in the order the walk meets them.
fn walk(schema: &Schema, root: bool, lookup: Lookup<'_, '_>) -> Vec<Estimated> {
    let mut walk = Walk {
        lookup,
        found: Vec::new(),
        stack: Vec::new(),
    };
    let place = Place {
        at: FieldPath::root(),
        owner: None,
        pointer: String::new(),
    };
    walk.node(schema, &place, Cardinality::Bounded(1), root, true);
    walk.found
}

/// How many times a node can occur in one object: a product of the `maxItems` and
/// `maxProperties` above it, or unbounded below a list or map without one (then named, with the
/// keyword it lacks).
#[derive(Clone)]
enum Cardinality {
    Bounded(u64),
    Unbounded(FieldPath, &'static str),
}

/// Where a node stands: in the walked schema, and in the definition it is written in.
#[derive(Clone)]
struct Place {
    at: FieldPath,
    owner: Option<String>,
    pointer: String,
}

impl Place {
    fn child(&self, at: FieldPath, pointer: &str) -> Place {
        Place {
            at,
            owner: self.owner.clone(),
            pointer: format!("{}/{pointer}", self.pointer),
        }
    }
}

/// `$ref`s followed with the walk's lookup, for the CEL declarations.
struct Resolver<'s, 'l>(Lookup<'s, 'l>);

impl Definitions<Schema> for Resolver<'_, '_> {
    fn resolve<'a>(&'a self, node: &'a Schema) -> &'a Schema {
        crate::schema::resolve(node, |r| (self.0)(r).map(|(_, s)| s))
    }
}

struct Walk<'s, 'l> {
    lookup: Lookup<'s, 'l>,
    found: Vec<Estimated>,
    /// The definitions being walked, to stop at recursion.
    stack: Vec<String>,
}

impl Walk<'_, '_> {
    fn node(
        &mut self,
        schema: &Schema,
        place: &Place,
        cardinality: Cardinality,
        root: bool,
        correlatable: bool,
    ) {
        if let Some(Value::Array(rules)) = schema.extensions.get("x-kubernetes-validations") {
            let defs = Resolver(self.lookup);
            let mut decl = if root {
                Decl::for_resource_root(schema, &defs)
            } else {
                Decl::from_schema(schema, &defs)
            };
            decl.correlatable = correlatable;
            for (i, rule) in rules.iter().enumerate() {
                self.rule(rule, i, &decl, place, &cardinality);
            }
        }
        if let Some(reference) = reference_of(schema) {
            // The node stands for a definition: its rules and children are the definition's.
            if let Some((name, target)) = (self.lookup)(reference) {
                if !self.stack.iter().any(|s| s == name) {
                    self.stack.push(name.to_string());
                    let inside = Place {
                        at: place.at.clone(),
                        owner: Some(name.to_string()),
                        pointer: String::new(),
                    };
                    self.node(target, &inside, cardinality, root, correlatable);
                    self.stack.pop();
                }
            }
            return;
        }
        let child = |keyword: &'static str| match (&cardinality, max_elements(schema)) {
            (Cardinality::Unbounded(..), _) => cardinality.clone(),
            (Cardinality::Bounded(n), Some(m)) => Cardinality::Bounded(n.saturating_mul(m)),
            (Cardinality::Bounded(_), None) => Cardinality::Unbounded(place.at.clone(), keyword),
        };
        let (of_items, of_members) = (child("maxItems"), child("maxProperties"));
        let properties = place.at.child("properties");
        for (key, property) in &schema.properties {
            let token = crate::document::pointer_token(key);
            let here = place.child(properties.key(key), &format!("properties/{token}"));
            self.node(property, &here, of_members.clone(), false, correlatable);
        }
        if let Some(items) = &schema.items {
            let keyed = schema.list_type() == Some("map");
            let here = place.child(place.at.child("items"), "items");
            self.node(items, &here, of_items, false, correlatable && keyed);
        }
        if let Some(values) = &schema.additional_properties {
            let atomic = schema.extensions.get("x-kubernetes-map-type")
                == Some(&Value::String("atomic".into()));
            let here = place.child(
                place.at.child("additionalProperties"),
                "additionalProperties",
            );
            self.node(values, &here, of_members, false, correlatable && !atomic);
        }
    }

    fn rule(
        &mut self,
        rule: &Value,
        index: usize,
        decl: &Decl,
        place: &Place,
        cardinality: &Cardinality,
    ) {
        let text = |key: &str| rule.get(key).and_then(Value::as_str);
        let Some(source) = text("rule") else { return };
        let optional_old_self = rule.get("optionalOldSelf") == Some(&Value::Bool(true));
        let mut expressions = vec![(source, ExpressionKind::Rule, "rule")];
        if let Some(m) = text("messageExpression") {
            expressions.push((m, ExpressionKind::MessageExpression, "messageExpression"));
        }
        for (expression, kind, what) in expressions {
            // A message expression runs only when its rule fails; the apiserver does not
            // multiply it.
            let (times, unbounded) = match (kind, cardinality) {
                (ExpressionKind::MessageExpression, _) => (1, None),
                (_, Cardinality::Bounded(n)) => (*n, None),
                (_, Cardinality::Unbounded(at, keyword)) => (
                    MAX_REQUEST_SIZE_BYTES / (min_serialized_size(decl) + 1),
                    Some((at.clone(), *keyword)),
                ),
            };
            let mut cost = ExpressionCost {
                at: place.at.clone(),
                owner: place.owner.clone(),
                pointer: place.pointer.clone(),
                index,
                what,
                expression: expression.to_string(),
                per_call: 0,
                times,
                unbounded,
            };
            let error = match compile_rule_unlimited(expression, decl, optional_old_self, kind) {
                Ok(compiled) => {
                    cost.per_call = compiled.estimated_cost;
                    None
                }
                Err(error) => Some(error),
            };
            self.found.push(Estimated {
                cost,
                rule: source.to_string(),
                error,
            });
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
