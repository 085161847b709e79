//! Evaluation of a compiled [`Program`] with runtime cost metering: every identifier, select and
//! call is charged as cel-go charges it, and evaluation stops with cel-go's cancellation error
//! once the limit is passed, so no expression can run away.

use super::error::{EvalError, EvalResult};
use super::functions::{self, Func};
use super::library::kep_formats::{self, KepFormat};
use super::library::LibFunc;
use super::program::{AppendStep, Comprehension, Node, Program};
use super::value::{Key, List, Map, StructValue, Value};
use indexmap::IndexMap;
use std::sync::Arc;

/// Kubernetes' limit on the cost of one evaluation.
pub const PER_CALL_LIMIT: u64 = 1_000_000;
/// Kubernetes' budget for all the rules evaluated on one object.
pub const RUNTIME_CEL_COST_BUDGET: u64 = 10_000_000;

/// The cost budget of validating one object: every evaluation's cost is deducted (even when it
/// failed), and once it is spent no further rule may run.
#[derive(Debug, Clone)]
pub struct CostBudget {
    remaining: i64,
}

/// The error Kubernetes reports when the budget runs out.
pub const BUDGET_EXCEEDED: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

impl Default for CostBudget {
    fn default() -> CostBudget {
        CostBudget::new(RUNTIME_CEL_COST_BUDGET)
    }
}

impl CostBudget {
    pub fn new(budget: u64) -> CostBudget {
        CostBudget {
            remaining: i64::try_from(budget).unwrap_or(i64::MAX),
        }
    }

    /// What an evaluation may still cost: the per-call limit or what is left, whichever is less.
    pub fn limit(&self) -> u64 {
        (self.remaining.max(0) as u64).min(PER_CALL_LIMIT)
    }

    pub fn is_spent(&self) -> bool {
        self.remaining <= 0
    }

    /// Deducts an evaluation's cost; `Err(BUDGET_EXCEEDED)` when it was more than what was left.
    pub fn deduct(&mut self, cost: u64) -> Result<(), &'static str> {
        let cost = i64::try_from(cost).unwrap_or(i64::MAX);
        if cost > self.remaining {
            self.remaining = -1;
            return Err(BUDGET_EXCEEDED);
        }
        self.remaining -= cost;
        Ok(())
    }
}

/// The result of an evaluation and its cost (charged even when evaluation failed).
#[derive(Debug, Clone)]
pub struct Evaluation<'a> {
    pub result: EvalResult<Value<'a>>,
    pub cost: u64,
}

impl Program {
    /// Evaluates with `values` bound to the declared variables (in declaration order), stopping
    /// once the cost exceeds `limit`.
    pub fn evaluate<'a>(&self, values: &[Value<'a>], limit: u64) -> Evaluation<'a> {
        if self.depth > super::program::DEEP {
            return super::program::on_large_stack(|| self.evaluate_here(values, limit));
        }
        self.evaluate_here(values, limit)
    }

    fn evaluate_here<'a>(&self, values: &[Value<'a>], limit: u64) -> Evaluation<'a> {
        let mut eval = Evaluator {
            cost: 0,
            limit,
            stack: Vec::new(),
        };
        // Few variables (the common case) live on the stack: no allocation per evaluation.
        let result = match self.slot_count {
            0..=2 => self.run_inline::<2>(&mut eval, values),
            3..=4 => self.run_inline::<4>(&mut eval, values),
            5..=8 => self.run_inline::<8>(&mut eval, values),
            n => {
                let mut slots: Vec<EvalResult<Value<'a>>> = vec![Ok(Value::Null); n];
                for (s, v) in slots.iter_mut().zip(values) {
                    *s = Ok(v.clone());
                }
                eval.eval(&self.root, &mut slots)
            }
        };
        Evaluation {
            result,
            cost: eval.cost,
        }
    }

    fn run_inline<'a, const N: usize>(
        &self,
        eval: &mut Evaluator<'a>,
        values: &[Value<'a>],
    ) -> EvalResult<Value<'a>> {
        let mut slots: [EvalResult<Value<'a>>; N] =
            std::array::from_fn(|i| Ok(values.get(i).cloned().unwrap_or(Value::Null)));
        eval.eval(&self.root, &mut slots[..self.slot_count])
    }
}

/// Variable values by slot. A comprehension's accumulator may hold an error, which a later step
/// can still absorb (`false && error` is false), as in cel-go.
type Slots<'a> = [EvalResult<Value<'a>>];

struct Evaluator<'a> {
    cost: u64,
    limit: u64,
    /// Arguments of the calls being evaluated, so calls allocate nothing.
    stack: Vec<Value<'a>>,
}

impl<'a> Evaluator<'a> {
    #[inline(never)]
    fn apply(&mut self, func: &Func, values: &[Value<'a>]) -> EvalResult<Value<'a>> {
        // Charged before the call, so a call that would build a huge result is refused first.
        self.charge(call_cost(func, values))?;
        surface(functions::call(func, values)?)
    }

    #[inline(always)]
    fn charge(&mut self, amount: u64) -> EvalResult<()> {
        self.cost = self.cost.saturating_add(amount);
        if self.cost > self.limit {
            return Err(EvalError::cost_limit());
        }
        Ok(())
    }

    fn eval(&mut self, node: &Node, slots: &mut Slots<'a>) -> EvalResult<Value<'a>> {
        match node {
            Node::Const(v) => Ok(v.clone()),
            Node::Var(slot) => {
                self.charge(1)?;
                slots[*slot].clone()
            }
            Node::Fail(error) => Err(error.clone()),
            Node::VarSelect { slot, field } => {
                self.charge(2)?;
                match &slots[*slot] {
                    Ok(Value::Invalid(e)) => Err((**e).clone()),
                    Ok(target) => select(target, field, false),
                    Err(e) => Err(e.clone()),
                }
            }
            Node::Select {
                operand,
                field,
                test,
            } => {
                let target = self.eval(operand, slots)?;
                if !test {
                    self.charge(1)?;
                }
                select(&target, field, *test)
            }
            Node::OptSelect { operand, field } => {
                let target = self.eval(operand, slots)?;
                self.charge(1)?;
                match target {
                    Value::Optional(None) => Ok(Value::Optional(None)),
                    Value::Optional(Some(inner)) => {
                        Ok(Value::Optional(opt_field(&inner, field)?.map(Arc::new)))
                    }
                    other => Ok(Value::Optional(opt_field(&other, field)?.map(Arc::new))),
                }
            }
            Node::And(a, b) => self.logic(a, b, slots, false),
            Node::Or(a, b) => self.logic(a, b, slots, true),
            Node::Conditional(c, t, f) => match self.eval(c, slots)? {
                Value::Bool(true) => self.eval(t, slots),
                Value::Bool(false) => self.eval(f, slots),
                _ => Err(EvalError::no_such_overload()),
            },
            Node::NotStrictlyFalse(inner) => match self.eval(inner, slots) {
                Ok(Value::Bool(false)) => Ok(Value::Bool(false)),
                Err(e) if e.is_cost_limit() => Err(e),
                _ => Ok(Value::Bool(true)),
            },
            Node::List { elements, optional } => {
                self.charge(10)?;
                let mut items = Vec::with_capacity(elements.len());
                for (element, is_optional) in elements.iter().zip(optional) {
                    let v = self.eval(element, slots)?;
                    if *is_optional {
                        match v {
                            Value::Optional(Some(inner)) => items.push((*inner).clone()),
                            Value::Optional(None) => {}
                            _ => return Err(EvalError::no_such_overload()),
                        }
                    } else {
                        items.push(v);
                    }
                }
                Ok(Value::List(List::from_values(items)))
            }
            Node::Map { entries } => {
                self.charge(30)?;
                let mut map = IndexMap::with_capacity(entries.len());
                for (k, v, is_optional) in entries {
                    let key = Key::from_value(&self.eval(k, slots)?)?;
                    let value = self.eval(v, slots)?;
                    let value = if *is_optional {
                        match value {
                            Value::Optional(Some(inner)) => (*inner).clone(),
                            Value::Optional(None) => continue,
                            _ => return Err(EvalError::no_such_overload()),
                        }
                    } else {
                        value
                    };
                    if key.equivalents().iter().any(|k| map.contains_key(k)) {
                        return Err(EvalError::new(format!("Failed with repeated key: {key}")));
                    }
                    map.insert(key, value);
                }
                Ok(Value::Map(Map::from_entries(map)))
            }
            Node::Struct { type_name, fields } => {
                self.charge(40)?;
                let mut values = Vec::with_capacity(fields.len());
                for (name, node, is_optional) in fields {
                    let value = match (self.eval(node, slots)?, is_optional) {
                        (Value::Optional(Some(inner)), true) => (*inner).clone(),
                        (Value::Optional(None), true) => continue,
                        (_, true) => return Err(EvalError::no_such_overload()),
                        (value, false) => value,
                    };
                    values.push((name.clone(), value));
                }
                Ok(Value::Struct(Arc::new(StructValue {
                    type_name: type_name.clone(),
                    fields: values,
                })))
            }
            Node::Comprehension(c) => self.comprehension(c, slots),
            Node::Bind { slot, init, body } => {
                let v = self.eval(init, slots);
                if let Err(e) = &v {
                    if e.is_cost_limit() {
                        return v;
                    }
                }
                let saved = std::mem::replace(&mut slots[*slot], v);
                let out = self.eval(body, slots);
                slots[*slot] = saved;
                out
            }
            Node::Call { func, args } => self.call(func, args, slots),
        }
    }

    /// `&&` and `||`: an error on one side is absorbed when the other side decides the result.
    fn logic(
        &mut self,
        a: &Node,
        b: &Node,
        slots: &mut Slots<'a>,
        or: bool,
    ) -> EvalResult<Value<'a>> {
        let decisive = |v: &EvalResult<Value<'_>>| matches!(v, Ok(Value::Bool(x)) if *x == or);
        let left = self.eval(a, slots);
        if decisive(&left) {
            return left;
        }
        if let Err(e) = &left {
            if e.is_cost_limit() {
                return left;
            }
        }
        let right = self.eval(b, slots);
        if decisive(&right) {
            return right;
        }
        match (left, right) {
            (Err(e), _) | (_, Err(e)) => Err(e),
            (Ok(Value::Bool(_)), Ok(Value::Bool(r))) => Ok(Value::Bool(r)),
            _ => Err(EvalError::no_such_overload()),
        }
    }

    fn comprehension(&mut self, c: &Comprehension, slots: &mut Slots<'a>) -> EvalResult<Value<'a>> {
        let range = self.eval(&c.range, slots)?;
        // Lists are walked in place; maps by their entries (or keys).
        let (list, entries): (Option<&List<'a>>, Vec<(Value<'a>, Value<'a>)>) = match &range {
            Value::List(l) => (Some(l), Vec::new()),
            Value::Map(m) => match c.second {
                Some(_) => (None, m.entries()),
                None => (
                    None,
                    m.keys().into_iter().map(|k| (k, Value::Null)).collect(),
                ),
            },
            _ => return Err(EvalError::no_such_overload()),
        };
        let count = list.map_or(entries.len(), List::len);
        let append = c.append_step();
        let mut entries = entries.into_iter();
        let accu = self.eval(&c.init, slots)?;
        let saved_accu = std::mem::replace(&mut slots[c.accu], Ok(accu));
        let saved_first = slots[c.first].clone();
        let saved_second = c.second.map(|s| slots[s].clone());
        let outcome = (|| {
            for i in 0..count {
                let (index_or_key, value) = match list {
                    Some(l) => (Value::Int(i as i64), l.get(i).expect("index below len")),
                    None => entries.next().expect("one entry per index"),
                };
                match c.second {
                    Some(second) => {
                        slots[c.first] = Ok(index_or_key);
                        slots[second] = Ok(value);
                    }
                    None if matches!(range, Value::List(_)) => slots[c.first] = Ok(value),
                    None => slots[c.first] = Ok(index_or_key),
                }
                match self.eval(&c.cond, slots)? {
                    Value::Bool(false) => break,
                    Value::Bool(true) => {}
                    _ => return Err(EvalError::no_such_overload()),
                }
                let next = match append {
                    Some(step) => self.append(&c.step, step, c.accu, slots),
                    None => self.eval(&c.step, slots),
                };
                if let Err(e) = &next {
                    if e.is_cost_limit() {
                        return next;
                    }
                }
                slots[c.accu] = next;
            }
            self.eval(&c.result, slots)
        })();
        slots[c.accu] = saved_accu;
        slots[c.first] = saved_first;
        if let (Some(s), Some(v)) = (c.second, saved_second) {
            slots[s] = v;
        }
        outcome
    }

    /// A step that appends to the accumulator list (`map`, `filter`, `transformList`): the same
    /// result and the same charges, in the same order, as evaluating `node` (reading the
    /// accumulator 1, the one-element list 10, the element, the `+` of two lists 1), but the
    /// list grows in place when nothing else holds it, so building a list of n items is linear
    /// rather than quadratic. The loop replaces the accumulator with what this returns.
    fn append(
        &mut self,
        node: &Node,
        step: AppendStep<'_>,
        accu: usize,
        slots: &mut Slots<'a>,
    ) -> EvalResult<Value<'a>> {
        if !matches!(slots[accu], Ok(Value::List(_))) {
            return self.eval(node, slots);
        }
        if let Some((guard, otherwise)) = step.guard {
            match self.eval(guard, slots)? {
                Value::Bool(true) => {}
                Value::Bool(false) => return self.eval(otherwise, slots),
                _ => return Err(EvalError::no_such_overload()),
            }
        }
        self.charge(1)?; // the accumulator read
        self.charge(10)?; // the list literal `[element]`
        let item = self.eval(step.element, slots)?;
        self.charge(1)?; // `+` of two lists
        if let Ok(Value::List(List::Values(items))) = &mut slots[accu] {
            if let Some(items) = Arc::get_mut(items) {
                items.push(item);
                return slots[accu].clone();
            }
        }
        let current = slots[accu].clone()?;
        surface(functions::call(
            &Func::Add,
            &[current, Value::List(List::from_values(vec![item]))],
        )?)
    }

    fn call(&mut self, func: &Func, args: &[Node], slots: &mut Slots<'a>) -> EvalResult<Value<'a>> {
        match func {
            Func::OptMap(slot) | Func::OptFlatMap(slot) => {
                let target = self.eval(&args[0], slots)?;
                self.charge(1)?;
                let Value::Optional(inner) = target else {
                    return Err(EvalError::no_such_overload());
                };
                let Some(inner) = inner else {
                    return Ok(Value::Optional(None));
                };
                let saved = std::mem::replace(&mut slots[*slot], Ok((*inner).clone()));
                let out = self.eval(&args[1], slots);
                slots[*slot] = saved;
                let out = out?;
                if matches!(func, Func::OptMap(_)) {
                    return Ok(Value::Optional(Some(Arc::new(out))));
                }
                match out {
                    Value::Optional(_) => Ok(out),
                    _ => Err(EvalError::no_such_overload()),
                }
            }
            Func::SortBy(slot) => {
                let Value::List(list) = self.eval(&args[0], slots)? else {
                    return Err(EvalError::no_such_overload());
                };
                self.charge(1)?;
                let mut keyed = Vec::with_capacity(list.len());
                let saved = slots[*slot].clone();
                for item in list.iter() {
                    slots[*slot] = Ok(item.clone());
                    let key = self.eval(&args[1], slots);
                    keyed.push((key, item));
                }
                slots[*slot] = saved;
                let mut pairs = Vec::with_capacity(keyed.len());
                for (key, item) in keyed {
                    pairs.push((key?, item));
                }
                let keys = functions::sort_values(pairs.iter().map(|(k, _)| k.clone()).collect())?;
                // Stable: pick items in the order of their sorted keys.
                let mut used = vec![false; pairs.len()];
                let mut out = Vec::with_capacity(pairs.len());
                for key in keys {
                    let i = (0..pairs.len())
                        .find(|&i| !used[i] && pairs[i].0.equals(&key))
                        .expect("every sorted key comes from a pair");
                    used[i] = true;
                    out.push(pairs[i].1.clone());
                }
                Ok(Value::List(List::from_values(out)))
            }
            _ => {
                // One and two arguments (most calls) need no argument stack.
                if let [a] = args {
                    let a = surface(self.eval(a, slots)?)?;
                    return self.apply(func, &[a]);
                }
                if let [a, b] = args {
                    let a = surface(self.eval(a, slots)?)?;
                    let b = surface(self.eval(b, slots)?)?;
                    return self.apply(func, &[a, b]);
                }
                let base = self.stack.len();
                for a in args {
                    match self.eval(a, slots).and_then(surface) {
                        Ok(v) => self.stack.push(v),
                        Err(e) => {
                            self.stack.truncate(base);
                            return Err(e);
                        }
                    }
                }
                let cost = call_cost(func, &self.stack[base..]);
                let result = match self.charge(cost) {
                    Ok(()) => functions::call(func, &self.stack[base..]),
                    Err(e) => Err(e),
                };
                self.stack.truncate(base);
                surface(result?)
            }
        }
    }
}

/// What a call costs, after its arguments: 1, or a size-dependent amount for the functions whose
/// cost grows with their input.
fn call_cost(func: &Func, args: &[Value<'_>]) -> u64 {
    let size = |v: &Value<'_>| -> u64 { functions::size(v).map_or(1, |s| s.max(0) as u64) };
    let tenth = |n: u64| n.div_ceil(10);
    match func {
        Func::StartsWith | Func::EndsWith | Func::ToBytes | Func::Quote | Func::Format => {
            tenth(size(&args[0])).max(1)
        }
        Func::Eq | Func::Ne | Func::Lt | Func::Le | Func::Gt | Func::Ge => {
            match (&args[0], &args[1]) {
                (Value::String(_), Value::String(_)) | (Value::Bytes(_), Value::Bytes(_)) => {
                    tenth(size(&args[0]).min(size(&args[1]))).max(1)
                }
                _ => 1,
            }
        }
        Func::Add => match (&args[0], &args[1]) {
            (Value::String(_), Value::String(_)) | (Value::Bytes(_), Value::Bytes(_)) => {
                tenth(size(&args[0]) + size(&args[1])).max(1)
            }
            (Value::List(_), Value::List(_)) => 1,
            _ => 1,
        },
        Func::In => match &args[1] {
            Value::List(l) => l.len() as u64 + 1,
            _ => 1,
        },
        Func::Matches(_) | Func::Find(_) | Func::FindAll(_) => {
            let s = size(&args[0]);
            let re = size(&args[1]);
            (1 + s).div_ceil(10) * re.div_ceil(4).max(1)
        }
        Func::Contains => tenth(size(&args[0])).max(1) * tenth(size(&args[1])).max(1),
        Func::LowerAscii | Func::UpperAscii | Func::Substring | Func::Trim => {
            tenth(size(&args[0])).max(1)
        }
        Func::Replace | Func::Split => size(&args[0]).div_ceil(5).max(1),
        Func::IsSorted
        | Func::Sum
        | Func::Min
        | Func::Max
        | Func::Includes
        | Func::Distinct
        | Func::Sort
        | Func::Flatten
        | Func::Reverse => size(&args[0]).max(1),
        Func::IndexOf | Func::LastIndexOf => match &args[0] {
            Value::List(l) => (l.len() as u64).max(1),
            _ => tenth(size(&args[0])).max(1),
        },
        Func::Join => tenth(size(&args[0]) * 2).max(1),
        Func::Lib(LibFunc::IsFormat(format) | LibFunc::ValidateFormat(format)) => {
            let format = format.or_else(|| match &args[1] {
                Value::String(name) => KepFormat::named(name),
                _ => None,
            });
            kep_formats::actual_cost(format, size(&args[0]))
        }
        Func::Range => match &args[0] {
            Value::Int(n) => (*n).max(1) as u64,
            _ => 1,
        },
        Func::Lib(LibFunc::Authz(f)) => f.cost(args),
        _ => 1,
    }
}

/// A value read from data is an error when it does not fit its declaration.
#[inline(always)]
fn surface(v: Value<'_>) -> EvalResult<Value<'_>> {
    match v {
        Value::Invalid(e) => Err((*e).clone()),
        v => Ok(v),
    }
}

/// `a.f` (or `has(a.f)` when `test`): a map key or an object field. On an optional the result is
/// optional too (empty when the field is absent).
fn select<'a>(target: &Value<'a>, field: &str, test: bool) -> EvalResult<Value<'a>> {
    match target {
        Value::Object(o) => match o.get(field) {
            Some(v) if test => Ok(Value::Bool(!matches!(v, Value::Null))),
            Some(v) => surface(v),
            None if test => Ok(Value::Bool(false)),
            None => Err(EvalError::no_such_field(field)),
        },
        Value::Struct(s) => s.select(field, test),
        Value::Optional(None) if test => Ok(Value::Bool(false)),
        Value::Optional(None) => Ok(Value::Optional(None)),
        Value::Optional(Some(inner)) if test => select(inner, field, true),
        Value::Optional(Some(inner)) => Ok(Value::Optional(opt_field(inner, field)?.map(Arc::new))),
        Value::Map(m) => match m.get_str(field) {
            Some(v) if test => Ok(Value::Bool(
                !matches!(v, Value::Null) || matches!(m, Map::Entries(_)),
            )),
            Some(v) => Ok(v),
            None if test => Ok(Value::Bool(false)),
            None => Err(EvalError::no_such_key(field)),
        },
        // cel-go's attribute qualifier (`refQualify`): a value that is no map has no keys, so a
        // presence test is false and a selection misses (`object.metadata` on a DELETE).
        Value::Null if test => Ok(Value::Bool(false)),
        Value::Null => Err(EvalError::no_such_key(field)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn opt_field<'a>(target: &Value<'a>, field: &str) -> EvalResult<Option<Value<'a>>> {
    match target {
        Value::Struct(s) => match s.select(field, true)? {
            Value::Bool(true) => s.select(field, false).map(Some),
            _ => Ok(None),
        },
        Value::Object(o) => o.get(field).map(surface).transpose(),
        Value::Map(m) => Ok(m.get_str(field)),
        _ => Err(EvalError::no_such_overload()),
    }
}
