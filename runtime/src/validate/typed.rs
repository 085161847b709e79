//! What a typed Rust value needs beyond its generated value checks: the CEL rules of its
//! definition (and of every definition it reaches), compiled once per type and run on the value
//! in place through its CEL view; the skipping of rules after blocking errors; and ratcheting on
//! update. The errors are the ones [`Validator`](super::Validator) gives for the value
//! serialized.

use super::correlate;
use super::plan::{Plan, Refs};
use super::rules::{self, CostLimit, RuleCompileError, RuleNode, RuleReach, RuleTree};
use super::{blocks_rules, ratchet, rules_not_checked, Report};
use crate::cel::decl::Decl;
use crate::cel::Value as CelValue;

use crate::schema::Schema;
use std::collections::{BTreeMap, HashMap};

/// The compiled rules of a Rust type, with the CEL declaration its values are read through.
#[derive(Debug)]
pub struct TypeRules {
    decl: Decl,
    tree: RuleTree,
    /// The schema's plan, for the list types ratcheting correlates items by.
    plan: Option<Plan>,
    cost_budget: u64,
    /// No rule at all.
    empty: bool,
}

impl TypeRules {
    /// The rules of definition `root` of `definitions`, and of the definitions it refers to.
    pub fn compile(
        definitions: BTreeMap<String, Schema>,
        root: &str,
    ) -> Result<TypeRules, Vec<RuleCompileError>> {
        let defs: HashMap<String, Schema> = definitions.into_iter().collect();
        let Some(schema) = defs.get(root) else {
            return Ok(TypeRules::new(
                Decl::from_schema(&Schema::default(), &defs),
                RuleTree::default(),
                None,
            ));
        };
        let refs = Refs { defs: &defs };
        let reach = RuleReach::of(&defs);
        let mut errors = Vec::new();
        let compiling = rules::Compiling {
            refs: &refs,
            reach: &reach,
            cost: CostLimit::Static,
        };
        let tree = rules::compile_tree(
            &compiling,
            schema,
            "",
            &crate::errors::FieldPath::root(),
            false,
            0,
            &mut errors,
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        let plan = Plan::compile(&refs, schema, false);
        Ok(TypeRules::new(
            Decl::from_schema(schema, &defs),
            tree,
            Some(plan),
        ))
    }

    fn new(decl: Decl, tree: RuleTree, plan: Option<Plan>) -> TypeRules {
        TypeRules {
            empty: tree.is_empty(),
            decl,
            tree,
            plan,
            cost_budget: crate::cel::RUNTIME_CEL_COST_BUDGET,
        }
    }

    /// The declaration a value of the type is read through.
    pub fn decl(&self) -> &Decl {
        &self.decl
    }

    /// Whether the type reaches no rule at all.
    pub fn is_empty(&self) -> bool {
        self.empty
    }

    /// Runs the rules on `value` (an update of `old`, when given), unless the value checks
    /// already in `report` block them, as the apiserver does.
    pub fn check(&self, value: &CelValue<'_>, old: Option<&CelValue<'_>>, report: &mut Report) {
        if self.empty {
            return;
        }
        if blocks_rules(&report.errors) {
            report.errors.push(rules_not_checked());
            return;
        }
        rules::run_all(&self.tree, value, old, self.cost_budget, report);
    }

    /// Ratcheting of value checks: an error on a value unchanged from the old value it
    /// correlates with (map-list items by key) is a warning.
    pub fn ratchet(&self, value: &CelValue<'_>, old: &CelValue<'_>, report: &mut Report) {
        if report.errors.is_empty() {
            return;
        }
        let errors = std::mem::take(&mut report.errors);
        report.errors = ratchet(errors, &mut report.warnings, |path| match &self.plan {
            Some(plan) => correlate::unchanged(plan, value.clone(), old.clone(), path),
            None => path.is_root() && value.same(old),
        });
    }
}
