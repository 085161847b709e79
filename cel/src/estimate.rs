//! The static cost estimator: the worst-case cost of an expression, from the sizes its data can
//! have (`maxItems`, `maxProperties`, `maxLength`, or else what fits in the 3 MiB request limit),
//! charged the way the runtime tracker charges, so a rule that could run away is refused when it
//! is compiled rather than cancelled when it runs.

use super::decl::{Decl, DeclKind, ObjectDecl};
use super::functions::Func;
use super::library::{kep_formats, LibFunc};
use super::program::{Node, Program};
use super::value::Value;
use std::sync::Arc;

/// The largest request the apiserver accepts, which bounds every list, map and string.
pub const MAX_REQUEST_SIZE_BYTES: u64 = 3_145_728;
/// Kubernetes' limit on the estimated cost of one expression.
pub const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;
/// Kubernetes' limit on the estimated cost of all the expressions of a CRD.
pub const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;

/// What the estimator knows of a value: the most elements (or code points) it can have, and
/// the same of its elements.
#[derive(Debug, Clone)]
pub struct SizeEstimate {
    pub max: u64,
    pub elem: Option<Box<SizeEstimate>>,
    /// The declaration of an object, whose fields have their own estimates.
    pub object: Option<Arc<ObjectDecl>>,
}

impl SizeEstimate {
    fn scalar() -> SizeEstimate {
        SizeEstimate {
            max: 1,
            elem: None,
            object: None,
        }
    }

    fn of(max: u64) -> SizeEstimate {
        SizeEstimate {
            max,
            elem: None,
            object: None,
        }
    }

    /// The worst-case size of values declared by `decl`.
    pub fn of_decl(decl: &Decl) -> SizeEstimate {
        match &decl.kind {
            DeclKind::String | DeclKind::Bytes | DeclKind::IntOrString => SizeEstimate::of(
                decl.max_size
                    .map(|m| m.saturating_mul(4))
                    .or(decl.max_enum_len)
                    .unwrap_or(MAX_REQUEST_SIZE_BYTES - 2),
            ),
            DeclKind::Timestamp { date_only: true } => SizeEstimate::of(12),
            DeclKind::Timestamp { date_only: false } => SizeEstimate::of(32),
            DeclKind::List { item, .. } => SizeEstimate {
                max: decl
                    .max_size
                    .unwrap_or((MAX_REQUEST_SIZE_BYTES - 2) / (min_serialized_size(item) + 1)),
                elem: Some(Box::new(SizeEstimate::of_decl(item))),
                object: None,
            },
            DeclKind::Map(v) => SizeEstimate {
                max: decl
                    .max_size
                    .unwrap_or((MAX_REQUEST_SIZE_BYTES - 2) / (min_serialized_size(v) + 6)),
                elem: Some(Box::new(SizeEstimate::of_decl(v))),
                object: None,
            },
            DeclKind::Object(o) => SizeEstimate {
                max: o.fields.len() as u64,
                elem: None,
                object: Some(o.clone()),
            },
            DeclKind::Any => SizeEstimate {
                max: MAX_REQUEST_SIZE_BYTES - 2,
                elem: None,
                object: None,
            },
            _ => SizeEstimate::scalar(),
        }
    }
}

/// The smallest JSON a value of the declaration can take, which bounds how many fit in a request.
pub fn min_serialized_size(decl: &Decl) -> u64 {
    match &decl.kind {
        DeclKind::String | DeclKind::Bytes => 2,
        DeclKind::Bool => 4,
        DeclKind::Int | DeclKind::Double | DeclKind::IntOrString => 1,
        DeclKind::Duration => 3,
        DeclKind::Timestamp { date_only: true } => 12,
        DeclKind::Timestamp { date_only: false } => 21,
        DeclKind::List { .. } | DeclKind::Map(_) | DeclKind::Any => 2,
        DeclKind::Object(o) => {
            2 + o
                .fields
                .iter()
                .filter(|f| o.required.contains(&f.json_name))
                .map(|f| f.json_name.len() as u64 + min_serialized_size(&f.decl) + 4)
                .sum::<u64>()
        }
    }
}

/// The estimate for one expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostEstimate {
    pub max: u64,
}

impl Program {
    /// The worst-case cost of evaluating this program with the declared variables described by
    /// `variables` (in declaration order; `None` for a variable of unknown size).
    pub fn estimate_cost(&self, variables: &[Option<SizeEstimate>]) -> CostEstimate {
        let mut slots: Vec<Option<SizeEstimate>> = vec![None; self.slot_count];
        for (i, v) in variables.iter().enumerate() {
            if i < slots.len() {
                slots[i] = v.clone();
            }
        }
        let (cost, _) = estimate(&self.root, &mut slots);
        CostEstimate { max: cost }
    }
}

fn unknown() -> SizeEstimate {
    SizeEstimate {
        max: MAX_REQUEST_SIZE_BYTES - 2,
        elem: None,
        object: None,
    }
}

/// (worst-case cost, worst-case size of the result).
fn estimate(node: &Node, slots: &mut Vec<Option<SizeEstimate>>) -> (u64, SizeEstimate) {
    match node {
        Node::Const(v) => (0, size_of_const(v)),
        Node::Fail(_) => (0, SizeEstimate::scalar()),
        Node::Var(slot) => (1, slots[*slot].clone().unwrap_or_else(unknown)),
        Node::VarSelect { slot, field } => {
            let s = slots[*slot].clone().unwrap_or_else(unknown);
            let child = match &s.object {
                Some(o) => o
                    .field(field)
                    .map_or_else(unknown, |f| SizeEstimate::of_decl(&f.decl)),
                None => s.elem.map(|e| *e).unwrap_or_else(unknown),
            };
            (2, child)
        }
        Node::Select {
            operand,
            test,
            field,
        } => {
            let (c, s) = estimate(operand, slots);
            let child = match &s.object {
                Some(o) => o
                    .field(field)
                    .map_or_else(unknown, |f| SizeEstimate::of_decl(&f.decl)),
                None => s.elem.map(|e| *e).unwrap_or_else(unknown),
            };
            (c + if *test { 0 } else { 1 }, child)
        }
        Node::OptSelect { operand, field } => {
            let (c, s) = estimate(operand, slots);
            let child = match &s.object {
                Some(o) => o
                    .field(field)
                    .map_or_else(unknown, |f| SizeEstimate::of_decl(&f.decl)),
                None => s.elem.map(|e| *e).unwrap_or_else(unknown),
            };
            (c + 1, child)
        }
        Node::And(a, b) | Node::Or(a, b) => {
            let (x, _) = estimate(a, slots);
            let (y, _) = estimate(b, slots);
            (x.saturating_add(y), SizeEstimate::scalar())
        }
        Node::Conditional(c, t, f) => {
            let (x, _) = estimate(c, slots);
            let (y, ys) = estimate(t, slots);
            let (z, zs) = estimate(f, slots);
            let size = if ys.max >= zs.max { ys } else { zs };
            (x.saturating_add(y.max(z)), size)
        }
        Node::NotStrictlyFalse(inner) => {
            let (c, _) = estimate(inner, slots);
            (c, SizeEstimate::scalar())
        }
        Node::List { elements, .. } => {
            let mut cost = 10u64;
            let mut elem: Option<SizeEstimate> = None;
            for e in elements {
                let (c, s) = estimate(e, slots);
                cost = cost.saturating_add(c);
                elem = Some(match elem {
                    Some(prev) if prev.max >= s.max => prev,
                    _ => s,
                });
            }
            (
                cost,
                SizeEstimate {
                    max: elements.len() as u64,
                    elem: elem.map(Box::new),
                    object: None,
                },
            )
        }
        Node::Map { entries } => {
            let mut cost = 30u64;
            for (k, v, _) in entries {
                cost = cost
                    .saturating_add(estimate(k, slots).0)
                    .saturating_add(estimate(v, slots).0);
            }
            (cost, SizeEstimate::of(entries.len() as u64))
        }
        Node::Struct { fields, .. } => {
            let cost = fields.iter().fold(40u64, |cost, (_, v, _)| {
                cost.saturating_add(estimate(v, slots).0)
            });
            (cost, SizeEstimate::of(fields.len() as u64))
        }
        Node::Bind { slot, init, body } => {
            let (c, s) = estimate(init, slots);
            let saved = slots[*slot].replace(s);
            let (b, bs) = estimate(body, slots);
            slots[*slot] = saved;
            (c.saturating_add(b), bs)
        }
        Node::Comprehension(c) => {
            let (range_cost, range) = estimate(&c.range, slots);
            let n = range.max;
            let elem = range.elem.map(|e| *e).unwrap_or_else(unknown);
            let (init_cost, _) = estimate(&c.init, slots);
            slots[c.first] = Some(if c.second.is_some() {
                SizeEstimate::scalar()
            } else {
                elem.clone()
            });
            if let Some(second) = c.second {
                slots[second] = Some(elem.clone());
            }
            slots[c.accu] = Some(SizeEstimate {
                max: n,
                elem: Some(Box::new(elem)),
                object: None,
            });
            let (cond, _) = estimate(&c.cond, slots);
            let (step, _) = estimate(&c.step, slots);
            let (result, rs) = estimate(&c.result, slots);
            let per_item = cond.saturating_add(step);
            (
                range_cost
                    .saturating_add(init_cost)
                    .saturating_add(n.saturating_mul(per_item))
                    .saturating_add(result),
                rs,
            )
        }
        Node::Call { func, args } => call(func, args, slots),
    }
}

fn size_of_const(v: &Value<'_>) -> SizeEstimate {
    match v {
        Value::String(s) => SizeEstimate::of(s.chars().count() as u64),
        Value::Bytes(b) => SizeEstimate::of(b.len() as u64),
        Value::List(l) => SizeEstimate::of(l.len() as u64),
        _ => SizeEstimate::scalar(),
    }
}

fn call(func: &Func, args: &[Node], slots: &mut Vec<Option<SizeEstimate>>) -> (u64, SizeEstimate) {
    let mut cost = 0u64;
    let mut sizes = Vec::with_capacity(args.len());
    // The bodies of optMap, optFlatMap and sortBy run with a bound variable.
    match func {
        Func::OptMap(slot) | Func::OptFlatMap(slot) | Func::SortBy(slot) => {
            let (c0, s0) = estimate(&args[0], slots);
            slots[*slot] = Some(s0.elem.clone().map(|e| *e).unwrap_or_else(unknown));
            let (c1, _) = estimate(&args[1], slots);
            let n = if matches!(func, Func::SortBy(_)) {
                s0.max
            } else {
                1
            };
            return (
                c0.saturating_add(n.saturating_mul(c1)).saturating_add(1),
                s0,
            );
        }
        _ => {}
    }
    for a in args {
        let (c, s) = estimate(a, slots);
        cost = cost.saturating_add(c);
        sizes.push(s);
    }
    let size = |i: usize| sizes.get(i).map_or(1, |s: &SizeEstimate| s.max);
    let tenth = |n: u64| n.div_ceil(10).max(1);
    let (call_cost, result) = match func {
        Func::StartsWith | Func::EndsWith | Func::ToBytes | Func::Quote | Func::Format => {
            (tenth(size(0)), SizeEstimate::scalar())
        }
        Func::Eq | Func::Ne | Func::Lt | Func::Le | Func::Gt | Func::Ge => {
            (tenth(size(0).min(size(1))), SizeEstimate::scalar())
        }
        Func::Add => {
            let total = size(0).saturating_add(size(1));
            let elem = sizes.first().and_then(|s| s.elem.clone());
            (
                tenth(total),
                SizeEstimate {
                    max: total,
                    elem,
                    object: None,
                },
            )
        }
        Func::In => (size(1).max(1), SizeEstimate::scalar()),
        Func::Matches(_) | Func::Find(_) | Func::FindAll(_) => {
            let result = if matches!(func, Func::FindAll(_)) {
                SizeEstimate {
                    max: size(0),
                    elem: Some(Box::new(SizeEstimate::of(size(0)))),
                    object: None,
                }
            } else {
                SizeEstimate::of(size(0))
            };
            (
                (1 + size(0)).div_ceil(10) * size(1).div_ceil(4).max(1),
                result,
            )
        }
        Func::Contains => (
            tenth(size(0)).saturating_mul(tenth(size(1))),
            SizeEstimate::scalar(),
        ),
        Func::LowerAscii | Func::UpperAscii | Func::Substring | Func::Trim => {
            (tenth(size(0)), SizeEstimate::of(size(0)))
        }
        Func::Replace | Func::Split => (
            size(0).div_ceil(5).max(1),
            SizeEstimate {
                max: size(0),
                elem: Some(Box::new(SizeEstimate::of(size(0)))),
                object: None,
            },
        ),
        Func::IsSorted | Func::Sum | Func::Min | Func::Max | Func::Includes => {
            let elem = sizes
                .first()
                .and_then(|s| s.elem.clone())
                .map(|e| *e)
                .unwrap_or_else(SizeEstimate::scalar);
            (size(0).max(1), elem)
        }
        Func::Distinct | Func::Sort | Func::Flatten | Func::Reverse => (
            size(0).max(1),
            sizes.first().cloned().unwrap_or_else(unknown),
        ),
        Func::IndexOf | Func::LastIndexOf => (size(0).max(1), SizeEstimate::scalar()),
        Func::Join => (tenth(size(0).saturating_mul(2)), SizeEstimate::of(size(0))),
        Func::Range => (
            MAX_REQUEST_SIZE_BYTES,
            SizeEstimate {
                max: MAX_REQUEST_SIZE_BYTES,
                elem: Some(Box::new(SizeEstimate::scalar())),
                object: None,
            },
        ),
        Func::Index | Func::OptIndex | Func::OptValue | Func::OrValue => (
            1,
            sizes
                .first()
                .and_then(|s| s.elem.clone())
                .map(|e| *e)
                .unwrap_or_else(unknown),
        ),
        Func::Slice | Func::OptionalUnwrap | Func::UnwrapOpt => {
            (1, sizes.first().cloned().unwrap_or_else(unknown))
        }
        Func::OptionalOf | Func::OptionalOfNonZero => (
            1,
            SizeEstimate {
                max: 1,
                elem: sizes.first().cloned().map(Box::new),
                object: None,
            },
        ),
        Func::Lib(LibFunc::Authz(f)) => (
            match f {
                super::library::authz::AuthzFunc::Check => super::library::authz::CHECK_COST,
                _ => 1,
            },
            SizeEstimate::scalar(),
        ),
        Func::Lib(LibFunc::IsFormat(format)) => (
            kep_formats::estimated_cost(*format, size(0)),
            SizeEstimate::scalar(),
        ),
        Func::Lib(LibFunc::ValidateFormat(format)) => {
            let (messages, length) = kep_formats::estimated_result();
            (
                kep_formats::estimated_cost(*format, size(0)),
                SizeEstimate {
                    max: messages,
                    elem: Some(Box::new(SizeEstimate::of(length))),
                    object: None,
                },
            )
        }
        Func::ToString => (
            1,
            SizeEstimate::of(sizes.first().map_or(1, |s| s.max.max(20))),
        ),
        _ => (1, SizeEstimate::scalar()),
    };
    (cost.saturating_add(call_cost), result)
}

/// What the apiserver calls the total of one CRD schema's rules.
pub const TOTAL_COST_DESCRIPTION: &str =
    "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema";

/// The apiserver's error for an estimate over its limit: `description` names what was
/// estimated (`estimated rule cost`).
pub fn over_budget(description: &str, cost: u64, limit: u64) -> String {
    format!(
        "{description} exceeds budget by factor of {} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)",
        exceeds_factor(cost, limit)
    )
}

/// Kubernetes' words for how far an estimate exceeds a limit.
pub fn exceeds_factor(cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    if factor > 100.0 {
        "more than 100x".to_string()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decl::NoDefinitions;
    use serde_json::json;

    fn cost(schema: serde_json::Value, rule: &str) -> u64 {
        let decl = Decl::from_schema(&schema, &NoDefinitions);
        let program = Program::compile(rule, &["self"]).unwrap();
        program
            .estimate_cost(&[Some(SizeEstimate::of_decl(&decl))])
            .max
    }

    #[test]
    fn bounded_lists_cost_less_than_unbounded_ones() {
        let bounded =
            json!({"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 10}});
        let unbounded = json!({"type": "array", "items": {"type": "string"}});
        let rule = "self.all(s, s.startsWith('a'))";
        assert!(cost(bounded, rule) < 100);
        assert!(cost(unbounded, rule) > STATIC_ESTIMATED_COST_LIMIT);
    }

    #[test]
    fn nested_comprehensions_multiply() {
        let list = json!({"type": "array", "maxItems": 100, "items": {"type": "integer"}});
        let one = cost(list.clone(), "self.all(x, x > 0)");
        let two = cost(list, "self.all(x, self.all(y, x > y))");
        assert!(two > one * 50, "{one} {two}");
    }

    #[test]
    fn factor_wording() {
        assert_eq!(exceeds_factor(12, 10), "1.200000x");
        assert_eq!(exceeds_factor(25, 10), "2.5x");
        assert_eq!(exceeds_factor(2000, 10), "more than 100x");
    }
}

/// The estimated costs of all the rules of one CRD schema, checked against Kubernetes' per-CRD
/// limit: `Err` with the apiserver's messages (one for the schema, one for each of the costliest
/// rules that contributed) when the total is over it.
pub fn check_crd_total(rules: &[(String, u64)]) -> Result<u64, Vec<(String, String)>> {
    let total = rules
        .iter()
        .fold(0u64, |acc, (_, cost)| acc.saturating_add(*cost));
    if total <= STATIC_ESTIMATED_CRD_COST_LIMIT {
        return Ok(total);
    }
    let mut errors = vec![(
        "openAPIV3Schema".to_string(),
        over_budget(
            TOTAL_COST_DESCRIPTION,
            total,
            STATIC_ESTIMATED_CRD_COST_LIMIT,
        ),
    )];
    let mut costliest: Vec<&(String, u64)> = rules.iter().collect();
    costliest.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut covered = 0u64;
    for (path, cost) in costliest {
        errors.push((
            path.clone(),
            "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema".to_string(),
        ));
        covered = covered.saturating_add(*cost);
        if total - covered <= STATIC_ESTIMATED_CRD_COST_LIMIT {
            break;
        }
    }
    Err(errors)
}

#[cfg(test)]
mod crd_total_tests {
    use super::*;

    #[test]
    fn the_crd_total_names_the_costliest_rules() {
        let rules = vec![
            ("spec.a".to_string(), 60_000_000),
            ("spec.b".to_string(), 50_000_000),
            ("spec.c".to_string(), 10),
        ];
        let errors = check_crd_total(&rules).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert!(errors[0].1.starts_with("x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 1.100000x"), "{:?}", errors[0]);
        assert_eq!(errors[1].0, "spec.a");
        assert_eq!(check_crd_total(&rules[2..]), Ok(10));
    }
}
