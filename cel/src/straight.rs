//! Straight-line expressions: the part of CEL a code generator can turn into plain Rust, read
//! off a compiled [`Program`]. Literals, `self.field` and `has(self.field)` on the object a rule
//! stands on, comparisons, arithmetic, `!`, unary `-`, `&&`, `||` and `?:`, each with the cost
//! evaluation charges for it, so generated code can report the same cost. Everything else
//! (macros, functions, lists, maps, `oldSelf`) is left to the evaluator.

use super::functions::Func;
use super::program::{Node, Program};
use super::value::Value;

/// A straight-line expression over the fields of `self`.
#[derive(Debug, Clone, PartialEq)]
pub enum Straight {
    Int(i64),
    Double(f64),
    Bool(bool),
    String(String),
    /// `self.<field>` (the CEL name); costs [`FIELD_COST`].
    Field(String),
    /// `has(self.<field>)`; costs [`HAS_COST`].
    Has(String),
    /// A comparison; costs 1, or for two strings a tenth of the shorter's length (at least 1).
    Compare(Comparison, Box<Straight>, Box<Straight>),
    /// Arithmetic; costs 1.
    Arithmetic(Arithmetic, Box<Straight>, Box<Straight>),
    /// `!`; costs 1.
    Not(Box<Straight>),
    /// Unary `-`; costs 1.
    Negate(Box<Straight>),
    /// `&&`, `||` (short-circuiting; free themselves).
    And(Box<Straight>, Box<Straight>),
    Or(Box<Straight>, Box<Straight>),
    /// `c ? a : b` (free itself).
    Conditional(Box<Straight>, Box<Straight>, Box<Straight>),
}

/// What `self.field` costs: the variable and the select.
pub const FIELD_COST: u64 = 2;
/// What `has(self.field)` costs: the variable (a presence test is free).
pub const HAS_COST: u64 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arithmetic {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

impl Program {
    /// The expression as a straight line over `self` (variable 0), when it is one.
    pub fn straight(&self) -> Option<Straight> {
        straight(&self.root)
    }
}

fn straight(node: &Node) -> Option<Straight> {
    let boxed = |n: &Node| straight(n).map(Box::new);
    Some(match node {
        Node::Const(Value::Int(i)) => Straight::Int(*i),
        Node::Const(Value::Double(d)) => Straight::Double(*d),
        Node::Const(Value::Bool(b)) => Straight::Bool(*b),
        Node::Const(Value::String(s)) => Straight::String(s.to_string()),
        Node::VarSelect { slot: 0, field } => Straight::Field(field.to_string()),
        Node::Select {
            operand,
            field,
            test: true,
        } if matches!(**operand, Node::Var(0)) => Straight::Has(field.to_string()),
        Node::And(a, b) => Straight::And(boxed(a)?, boxed(b)?),
        Node::Or(a, b) => Straight::Or(boxed(a)?, boxed(b)?),
        Node::Conditional(c, t, f) => Straight::Conditional(boxed(c)?, boxed(t)?, boxed(f)?),
        Node::Call { func, args } => match (func, args.as_slice()) {
            (Func::Not, [a]) => Straight::Not(boxed(a)?),
            (Func::Neg, [a]) => Straight::Negate(boxed(a)?),
            (func, [a, b]) => {
                let comparison = match func {
                    Func::Eq => Some(Comparison::Eq),
                    Func::Ne => Some(Comparison::Ne),
                    Func::Lt => Some(Comparison::Lt),
                    Func::Le => Some(Comparison::Le),
                    Func::Gt => Some(Comparison::Gt),
                    Func::Ge => Some(Comparison::Ge),
                    _ => None,
                };
                if let Some(c) = comparison {
                    return Some(Straight::Compare(c, boxed(a)?, boxed(b)?));
                }
                let op = match func {
                    Func::Add => Arithmetic::Add,
                    Func::Sub => Arithmetic::Sub,
                    Func::Mul => Arithmetic::Mul,
                    Func::Div => Arithmetic::Div,
                    Func::Mod => Arithmetic::Mod,
                    _ => return None,
                };
                Straight::Arithmetic(op, boxed(a)?, boxed(b)?)
            }
            _ => return None,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Program;

    fn of(source: &str) -> Option<Straight> {
        Program::compile(source, &["self", "oldSelf"])
            .unwrap()
            .straight()
    }

    #[test]
    fn straight_lines_are_read_and_the_rest_is_not() {
        assert_eq!(
            of("self.a <= self.b"),
            Some(Straight::Compare(
                Comparison::Le,
                Box::new(Straight::Field("a".into())),
                Box::new(Straight::Field("b".into()))
            ))
        );
        assert!(matches!(
            of("!has(self.a) || self.a + 1 > 2"),
            Some(Straight::Or(..))
        ));
        assert_eq!(of("self.items.all(i, i > 0)"), None);
        assert_eq!(of("self.a >= oldSelf.a"), None);
        assert_eq!(of("self.name.startsWith('x')"), None);
    }
}
