//! kubeidl's own cost notes on a policy, which the apiserver does not give: it checks no
//! estimate when a policy is created, and at run time cancels an expression once it costs more
//! than the per-call limit, and an evaluation once its validations and messages together cost
//! more than the runtime budget (failurePolicy then decides). Each expression's worst-case
//! cost is estimated in the environments type checking uses (`object` typed by each kind the
//! policy's rules name), so lists and strings the schemas leave unbounded count at what fits in
//! a request; the kind giving the highest estimate is named.

use super::env::Environment;
use super::evaluate::BUDGET;
use super::policy::Policy;
use super::request::GroupVersionKind;
use super::typecheck::{environments, gvk_text, KindResolver};
use kubeidl::cel::PER_CALL_LIMIT;
use std::cmp::Reverse;
use std::fmt;

/// An estimate over a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostNote {
    /// `spec.validations[0].expression`, or `spec.validations` for the evaluation's total.
    pub field_ref: String,
    /// The kind the estimate was highest for, as Go prints it (`apps/v1, Kind=Deployment`).
    pub kind: String,
    pub estimate: u64,
    pub limit: u64,
}

impl fmt::Display for CostNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.limit {
            PER_CALL_LIMIT => "the per-expression runtime limit",
            _ => "the runtime budget of one evaluation",
        };
        write!(
            f,
            "{}: {}: worst-case cost estimate {} exceeds {what} {} (kubeidl)",
            self.field_ref, self.kind, self.estimate, self.limit
        )
    }
}

/// The estimates of a policy's expressions that exceed a limit, in the order of the spec.
pub fn cost_notes(policy: &Policy, resolver: &dyn KindResolver) -> Vec<CostNote> {
    let environments = environments(policy, resolver);
    if environments.is_empty() {
        return Vec::new();
    }
    let mut notes = Vec::new();
    let mut over_limit = |field_ref: String, source: &str| -> Option<Highest> {
        let highest = highest(&environments, source)?;
        if highest.estimate > PER_CALL_LIMIT {
            notes.push(highest.note(field_ref, PER_CALL_LIMIT));
        }
        Some(highest)
    };
    for (i, (_, e)) in policy.variables.iter().enumerate() {
        over_limit(format!("spec.variables[{i}].expression"), &e.source);
    }
    for (i, (_, e)) in policy.match_conditions.iter().enumerate() {
        over_limit(format!("spec.matchConditions[{i}].expression"), &e.source);
    }
    // Validations and their messages share one evaluation's budget.
    let mut shared = Vec::new();
    for (i, v) in policy.validations.iter().enumerate() {
        let field = |name: &str| format!("spec.validations[{i}].{name}");
        shared.extend(over_limit(field("expression"), &v.expression.source));
        if let Some(m) = &v.message_expression {
            shared.extend(over_limit(field("messageExpression"), &m.source));
        }
    }
    for (i, a) in policy.audit_annotations.iter().enumerate() {
        over_limit(
            format!("spec.auditAnnotations[{i}].valueExpression"),
            &a.value.source,
        );
    }
    let total = shared
        .iter()
        .fold(0u64, |sum, h| sum.saturating_add(h.estimate));
    // The total is named by the kind of its costliest expression (the first, on a tie).
    let costliest = shared.iter().min_by_key(|h| Reverse(h.estimate));
    if let Some(costliest) = costliest.filter(|_| total > BUDGET) {
        notes.push(CostNote {
            estimate: total,
            ..costliest.note("spec.validations".to_string(), BUDGET)
        });
    }
    notes
}

/// The highest estimate of one expression over the kinds, and that kind.
struct Highest {
    estimate: u64,
    kind: GroupVersionKind,
}

impl Highest {
    fn note(&self, field_ref: String, limit: u64) -> CostNote {
        CostNote {
            field_ref,
            kind: gvk_text(&self.kind),
            estimate: self.estimate,
            limit,
        }
    }
}

fn highest(environments: &[(GroupVersionKind, Environment)], source: &str) -> Option<Highest> {
    environments
        .iter()
        .filter_map(|(kind, env)| {
            env.estimate(source).map(|estimate| Highest {
                estimate,
                kind: kind.clone(),
            })
        })
        .max_by_key(|h| h.estimate)
}
