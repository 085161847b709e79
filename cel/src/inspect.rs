//! What a rule reads of `self`, found on its parsed expression for review tools (`kubeidl
//! lint`): the fields it reads directly on `self`, those it tests first (`has(self.f)`,
//! `self.?f`), what its comprehensions range over and what its string functions scan, and
//! whether it is constant in the easy cases (`true`, `x == x`, `false && ...`).

use crate::parse::{children, parse};
use crate::CompileError;
use cel::common::ast::{Expr, IdedExpr, LiteralValue};
use std::collections::BTreeSet;

/// A field of `self`, or `self` itself (`None`).
pub type Subject = Option<String>;

/// What [`self_reads`] finds in a rule.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SelfReads {
    /// Fields read as `self.f`, outside `has()`.
    pub reads: BTreeSet<String>,
    /// Fields the rule tests before reading: `has(self.f)`, `self.?f`.
    pub tested: BTreeSet<String>,
    /// What comprehensions (`all`, `exists`, `map`, `filter`...) range over.
    pub ranges: BTreeSet<Subject>,
    /// What string functions whose cost grows with the length (`matches`, `contains`,
    /// `split`...) scan.
    pub scans: BTreeSet<Subject>,
    /// The rule's value when it is the same whatever `self` holds, in the cases decided.
    pub constant: Option<bool>,
}

/// String functions whose cost the apiserver estimates from the string's length.
const SCANNING: &[&str] = &[
    "matches",
    "contains",
    "startsWith",
    "endsWith",
    "find",
    "findAll",
    "split",
    "replace",
    "indexOf",
    "lastIndexOf",
    "lowerAscii",
    "upperAscii",
    "trim",
];

/// What `source` reads of `self`.
pub fn self_reads(source: &str) -> Result<SelfReads, CompileError> {
    let parsed = parse(source)?;
    let mut out = SelfReads {
        constant: constant(&parsed.expr),
        ..SelfReads::default()
    };
    let mut stack = vec![&parsed.expr];
    while let Some(e) = stack.pop() {
        match &e.expr {
            Expr::Select(s) if is_self(&s.operand) => {
                match s.test {
                    true => out.tested.insert(s.field.clone()),
                    false => out.reads.insert(s.field.clone()),
                };
            }
            Expr::Call(c) if c.func_name == "_?._" && c.args.len() == 2 && is_self(&c.args[0]) => {
                if let Expr::Literal(LiteralValue::String(f)) = &c.args[1].expr {
                    out.tested.insert(f.to_string());
                }
            }
            Expr::Call(c) if SCANNING.contains(&c.func_name.as_str()) => {
                if let Some(subject) = c.target.as_deref().and_then(subject) {
                    out.scans.insert(subject);
                }
            }
            Expr::Comprehension(c) => {
                if let Some(subject) = subject(&c.iter_range) {
                    out.ranges.insert(subject);
                }
            }
            _ => {}
        }
        stack.extend(children(e));
    }
    Ok(out)
}

fn is_self(e: &IdedExpr) -> bool {
    matches!(&e.expr, Expr::Ident(name) if name == "self")
}

/// `self` or `self.f`.
fn subject(e: &IdedExpr) -> Option<Subject> {
    match &e.expr {
        Expr::Ident(name) if name == "self" => Some(None),
        Expr::Select(s) if !s.test && is_self(&s.operand) => Some(Some(s.field.clone())),
        _ => None,
    }
}

/// The value of an expression that is constant in the easy cases: a boolean literal, a
/// comparison of an expression with itself, and `&&`/`||`/`!` over those.
fn constant(e: &IdedExpr) -> Option<bool> {
    match &e.expr {
        Expr::Literal(LiteralValue::Boolean(b)) => Some(**b),
        Expr::Call(c) if c.target.is_none() && c.args.len() == 2 => {
            let (a, b) = (&c.args[0], &c.args[1]);
            match c.func_name.as_str() {
                "_==_" | "_<=_" | "_>=_" if same(a, b) => Some(true),
                "_!=_" | "_<_" | "_>_" if same(a, b) => Some(false),
                "_&&_" => match (constant(a), constant(b)) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                },
                "_||_" => match (constant(a), constant(b)) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                },
                _ => None,
            }
        }
        Expr::Call(c) if c.func_name == "!_" && c.args.len() == 1 => {
            constant(&c.args[0]).map(|b| !b)
        }
        _ => None,
    }
}

/// Whether two expressions are written the same (node ids aside). Only the shapes a
/// comparison of a value with itself takes are compared; anything else is "not the same".
fn same(a: &IdedExpr, b: &IdedExpr) -> bool {
    match (&a.expr, &b.expr) {
        (Expr::Ident(x), Expr::Ident(y)) => x == y,
        (Expr::Literal(x), Expr::Literal(y)) => x == y,
        (Expr::Select(x), Expr::Select(y)) => {
            x.field == y.field && x.test == y.test && same(&x.operand, &y.operand)
        }
        (Expr::Call(x), Expr::Call(y)) => {
            x.func_name == y.func_name
                && x.args.len() == y.args.len()
                && match (&x.target, &y.target) {
                    (Some(s), Some(t)) => same(s, t),
                    (None, None) => true,
                    _ => false,
                }
                && x.args.iter().zip(&y.args).all(|(s, t)| same(s, t))
        }
        (Expr::List(x), Expr::List(y)) => {
            x.elements.len() == y.elements.len()
                && x.elements.iter().zip(&y.elements).all(|(s, t)| same(s, t))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_tests_ranges_and_scans_of_self() {
        let r = self_reads("has(self.a) ? self.a.size() > 0 : self.b.all(x, x.matches('^a')) && self.c.contains('x') && self.?d.orValue('') == ''").unwrap();
        assert_eq!(r.reads, set(&["a", "b", "c"]));
        assert_eq!(r.tested, set(&["a", "d"]));
        assert_eq!(r.ranges, [Some("b".to_string())].into_iter().collect());
        assert_eq!(r.scans, [Some("c".to_string())].into_iter().collect());
        assert_eq!(r.constant, None);
        let whole = self_reads("self.exists(k, k == 'x') && self.matches('a')").unwrap();
        assert_eq!(whole.ranges, [None].into_iter().collect());
        assert_eq!(whole.scans, [None].into_iter().collect());
    }

    #[test]
    fn constants_in_the_easy_cases() {
        for (rule, value) in [
            ("true", Some(true)),
            ("false", Some(false)),
            ("self.a == self.a", Some(true)),
            ("self.a.size() >= self.a.size()", Some(true)),
            ("self.a != self.a", Some(false)),
            ("self.x > 1 || true", Some(true)),
            ("false && self.x > 1", Some(false)),
            ("!(self.a == self.a)", Some(false)),
            ("self.a == self.b", None),
            ("self.x > 1", None),
            ("self == oldSelf", None),
        ] {
            assert_eq!(self_reads(rule).unwrap().constant, value, "{rule}");
        }
    }

    #[test]
    fn a_rule_that_does_not_parse_is_an_error() {
        assert!(self_reads("self.a ==").is_err());
    }
}
