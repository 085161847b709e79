//! The type checker: types every node of a parsed expression from the declared variables (for
//! Kubernetes, `self` and `oldSelf` typed by their schema), resolves each call against the
//! overloads of the standard and Kubernetes libraries, and reports what cel-go reports:
//! undeclared references, undefined fields, calls no overload accepts, mixed-type literals, and
//! invalid constant regexes, durations and timestamps. `dyn` is accepted wherever a type is.

use super::error::CompileIssue;
use super::library::extra::ExtraLibraries;
use super::parse::Parsed;
use super::scopes::Scopes;
use super::types::{CelType, TYPE_NAMES};
use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};

/// What the checker enforces beyond the CEL specification.
#[derive(Debug, Clone, Copy)]
pub struct CheckOptions {
    /// List and map literals must have one element (key, value) type (Kubernetes: on).
    pub homogeneous_literals: bool,
    /// The specification's `math` and `base64` extensions, which Kubernetes does not have.
    pub spec_extensions: bool,
    /// Opt-in libraries beyond Kubernetes' environment (none by default).
    pub libraries: ExtraLibraries,
}

impl Default for CheckOptions {
    /// Kubernetes' options.
    fn default() -> CheckOptions {
        CheckOptions {
            homogeneous_literals: true,
            spec_extensions: false,
            libraries: ExtraLibraries::NONE,
        }
    }
}

/// Checks `parsed` with the given variables and returns the type of the whole expression.
pub fn check(
    parsed: &Parsed,
    vars: &[(&str, CelType)],
    options: CheckOptions,
) -> Result<CelType, Vec<CompileIssue>> {
    let mut checker = Checker {
        options,
        parsed,
        scopes: Scopes::new(vars.iter().map(|(n, t)| (n.to_string(), t.clone()))),
        issues: Vec::new(),
    };
    let t = checker.expr(&parsed.expr);
    if checker.issues.is_empty() {
        Ok(t)
    } else {
        Err(checker.issues)
    }
}

struct Checker<'p> {
    options: CheckOptions,
    parsed: &'p Parsed,
    scopes: Scopes<CelType>,
    issues: Vec<CompileIssue>,
}

impl Checker<'_> {
    fn issue(&mut self, id: u64, message: impl Into<String>) -> CelType {
        self.issues.push(CompileIssue {
            location: self.parsed.location(id),
            message: message.into(),
        });
        CelType::Dyn
    }

    fn lookup(&self, name: &str) -> Option<CelType> {
        self.scopes.lookup(name).cloned()
    }

    fn lookup_qualified(&self, name: &str) -> Option<(CelType, bool)> {
        self.scopes
            .lookup_qualified(name)
            .map(|(t, whole)| (t.clone(), whole))
    }

    fn with_vars<T>(&mut self, vars: &[(&str, CelType)], f: impl FnOnce(&mut Self) -> T) -> T {
        for (n, t) in vars {
            self.scopes.push(n, t.clone());
        }
        let out = f(self);
        self.scopes.pop(vars.len());
        out
    }

    fn expr(&mut self, e: &IdedExpr) -> CelType {
        match &e.expr {
            Expr::Literal(lit) => match lit {
                LiteralValue::Boolean(_) => CelType::Bool,
                LiteralValue::Int(_) => CelType::Int,
                LiteralValue::UInt(_) => CelType::Uint,
                LiteralValue::Double(_) => CelType::Double,
                LiteralValue::String(_) => CelType::String,
                LiteralValue::Bytes(_) => CelType::Bytes,
                LiteralValue::Null => CelType::Null,
            },
            Expr::Ident(name) => match self.lookup(name) {
                Some(t) => t,
                None if TYPE_NAMES.contains(&name.as_str()) => CelType::Type,
                None => self.issue(
                    e.id,
                    format!("undeclared reference to '{name}' (in container '')"),
                ),
            },
            Expr::Select(s) => {
                if let Some(name) = qualified_name(e).filter(|_| !s.test) {
                    match self.lookup_qualified(&name) {
                        Some((t, true)) => return t,
                        Some((_, false)) => {}
                        None if TYPE_NAMES.contains(&name.as_str()) => return CelType::Type,
                        // Nothing of the name is declared: checking the operand reports its
                        // root identifier, where it stands, as cel-go does.
                        None => {}
                    }
                }
                let operand = self.expr(&s.operand);
                let field = self.select(e.id, &operand, &s.field);
                if s.test {
                    CelType::Bool
                } else {
                    field
                }
            }
            Expr::List(l) => {
                let mut types = Vec::with_capacity(l.elements.len());
                for (i, item) in l.elements.iter().enumerate() {
                    let mut t = self.expr(item);
                    if l.optional_indices.contains(&i) {
                        t = match t {
                            CelType::Optional(inner) => *inner,
                            other => other,
                        };
                    }
                    types.push((item.id, t));
                }
                CelType::List(Box::new(self.element_type(&types)))
            }
            Expr::Map(m) => {
                let (mut keys, mut values) = (Vec::new(), Vec::new());
                for entry in &m.entries {
                    if let EntryExpr::MapEntry(me) = &entry.expr {
                        let k = self.expr(&me.key);
                        let mut v = self.expr(&me.value);
                        if me.optional {
                            v = match v {
                                CelType::Optional(inner) => *inner,
                                other => other,
                            };
                        }
                        if !matches!(
                            k,
                            CelType::Dyn
                                | CelType::Free
                                | CelType::String
                                | CelType::Int
                                | CelType::Uint
                                | CelType::Bool
                        ) {
                            self.issue(me.key.id, format!("unsupported map key type: {k}"));
                        }
                        keys.push((me.key.id, k));
                        values.push((me.value.id, v));
                    }
                }
                CelType::Map(
                    Box::new(self.element_type(&keys)),
                    Box::new(self.element_type(&values)),
                )
            }
            Expr::Struct(s) if self.options.libraries.declares_type(&s.type_name) => {
                for entry in &s.entries {
                    let EntryExpr::StructField(f) = &entry.expr else {
                        self.issue(entry.id, "unexpected map entry in a message literal");
                        continue;
                    };
                    let given = self.expr(&f.value);
                    let given = match (f.optional, given) {
                        (true, CelType::Optional(inner)) => *inner,
                        (_, given) => given,
                    };
                    match super::library::mutation::field_type(&s.type_name, &f.field) {
                        None => {
                            self.issue(entry.id, format!("undefined field '{}'", f.field));
                        }
                        Some(expected) if !given.fits(&expected) => {
                            self.issue(
                                entry.id,
                                format!(
                                    "expected type of field '{}' is '{expected}' but provided type is '{given}'",
                                    f.field
                                ),
                            );
                        }
                        Some(_) => {}
                    }
                }
                CelType::Struct(s.type_name.as_str().into())
            }
            Expr::Struct(s) => self.issue(
                e.id,
                format!(
                    "undeclared reference to '{}' (in container '')",
                    s.type_name
                ),
            ),
            Expr::Comprehension(c) => {
                let range = self.expr(&c.iter_range);
                let (first, second) = match (&range, &c.iter_var2) {
                    (CelType::List(t), None) => ((**t).clone(), None),
                    (CelType::List(t), Some(_)) => (CelType::Int, Some((**t).clone())),
                    (CelType::Map(k, _), None) => ((**k).clone(), None),
                    (CelType::Map(k, v), Some(_)) => ((**k).clone(), Some((**v).clone())),
                    (CelType::Dyn, None) => (CelType::Dyn, None),
                    (CelType::Dyn, Some(_)) => (CelType::Dyn, Some(CelType::Dyn)),
                    (other, _) => {
                        self.issue(c.iter_range.id, format!("expression of type '{other}' cannot be the range of a comprehension (must be list, map, or dynamic)"));
                        (CelType::Dyn, c.iter_var2.as_ref().map(|_| CelType::Dyn))
                    }
                };
                let init = self.expr(&c.accu_init);
                let mut vars = vec![(c.iter_var.as_str(), first)];
                if let (Some(v2), Some(t2)) = (&c.iter_var2, second) {
                    vars.push((v2.as_str(), t2));
                }
                let accu = self.with_vars(&[(c.accu_var.as_str(), init.clone())], |this| {
                    this.with_vars(&vars, |this| {
                        this.expr(&c.loop_cond);
                        this.expr(&c.loop_step)
                    })
                });
                let accu = init.join(&accu);
                self.with_vars(&[(c.accu_var.as_str(), accu)], |this| this.expr(&c.result))
            }
            Expr::Call(call) => self.call(e.id, call),
            Expr::Unspecified => CelType::Dyn,
        }
    }

    /// The element (or key, or value) type of a literal: the join of its members' types. With
    /// homogeneous literals, a member of another type is an error at that member; otherwise
    /// members of different types make the literal's elements `dyn`.
    fn element_type(&mut self, types: &[(u64, CelType)]) -> CelType {
        let mut joined = CelType::Free;
        for (id, t) in types {
            if t.fits(&joined) {
                joined = joined.join(t);
            } else if self.options.homogeneous_literals {
                self.issue(*id, format!("expected type '{joined}' but found '{t}'"));
            } else {
                return CelType::Dyn;
            }
        }
        joined
    }

    fn select(&mut self, id: u64, operand: &CelType, field: &str) -> CelType {
        match operand {
            CelType::Object(o) => match o.field(field) {
                Some(f) => CelType::of_decl(&f.decl),
                None => self.issue(id, format!("undefined field '{field}'")),
            },
            CelType::Map(_, v) => (**v).clone(),
            CelType::Struct(name) => match super::library::mutation::field_type(name, field) {
                Some(t) => t,
                None => self.issue(id, format!("undefined field '{field}'")),
            },
            CelType::Optional(inner) => {
                let t = self.select(id, inner, field);
                CelType::Optional(Box::new(t))
            }
            CelType::Dyn | CelType::Free => CelType::Dyn,
            other => self.issue(
                id,
                format!("type '{other}' does not support field selection"),
            ),
        }
    }

    fn call(&mut self, id: u64, call: &cel::common::ast::CallExpr) -> CelType {
        let name = call.func_name.as_str();
        let ident = |e: &IdedExpr| match &e.expr {
            Expr::Ident(n) => Some(n.clone()),
            _ => None,
        };
        match name {
            "_&&_" | "_||_" => {
                for a in &call.args {
                    let t = self.expr(a);
                    if !t.fits(&CelType::Bool) {
                        self.issue(
                            a.id,
                            format!(
                                "found no matching overload for '{name}' applied to '(bool, {t})'"
                            ),
                        );
                    }
                }
                return CelType::Bool;
            }
            "_?_:_" if call.args.len() == 3 => {
                let c = self.expr(&call.args[0]);
                if !c.fits(&CelType::Bool) {
                    self.issue(
                        call.args[0].id,
                        format!("found no matching overload for '_?_:_' applied to '({c}, ...)'"),
                    );
                }
                let t = self.expr(&call.args[1]);
                let f = self.expr(&call.args[2]);
                if !t.fits(&f) && !f.fits(&t) {
                    return self.issue(
                        id,
                        format!(
                            "found no matching overload for '_?_:_' applied to '(bool, {t}, {f})'"
                        ),
                    );
                }
                return t.join(&f);
            }
            "@not_strictly_false" => {
                for a in &call.args {
                    self.expr(a);
                }
                return CelType::Bool;
            }
            "_?._" if call.args.len() == 2 => {
                let operand = self.expr(&call.args[0]);
                let Expr::Literal(LiteralValue::String(field)) = &call.args[1].expr else {
                    return CelType::Dyn;
                };
                let inner = match &operand {
                    CelType::Optional(t) => (**t).clone(),
                    t => t.clone(),
                };
                let t = self.select(id, &inner, field.inner());
                return match t {
                    CelType::Optional(_) => t,
                    t => CelType::Optional(Box::new(t)),
                };
            }
            _ => {}
        }
        if let Some(target) = &call.target {
            if let Expr::Ident(ns) = &target.expr {
                if ns == "cel"
                    && name == "bind"
                    && call.args.len() == 3
                    && self.lookup("cel").is_none()
                {
                    let Some(var) = ident(&call.args[0]) else {
                        return CelType::Dyn;
                    };
                    let init = self.expr(&call.args[1]);
                    return self
                        .with_vars(&[(var.as_str(), init)], |this| this.expr(&call.args[2]));
                }
            }
            let two_var = matches!(name, "all" | "exists" | "existsOne" | "exists_one")
                && call.args.len() == 3
                || matches!(name, "transformList" | "transformMap" | "transformMapEntry")
                    && matches!(call.args.len(), 3 | 4);
            if two_var {
                let range = self.expr(target);
                let (k, v) = match &range {
                    CelType::List(t) => (CelType::Int, (**t).clone()),
                    CelType::Map(k, v) => ((**k).clone(), (**v).clone()),
                    _ => (CelType::Dyn, CelType::Dyn),
                };
                let (Some(a), Some(b)) = (ident(&call.args[0]), ident(&call.args[1])) else {
                    return CelType::Dyn;
                };
                let rest: Vec<CelType> = self
                    .with_vars(&[(a.as_str(), k.clone()), (b.as_str(), v)], |this| {
                        call.args[2..].iter().map(|x| this.expr(x)).collect()
                    });
                return match name {
                    "transformList" => {
                        CelType::List(Box::new(rest.last().cloned().unwrap_or(CelType::Dyn)))
                    }
                    "transformMap" => CelType::Map(
                        Box::new(k),
                        Box::new(rest.last().cloned().unwrap_or(CelType::Dyn)),
                    ),
                    "transformMapEntry" => match rest.last() {
                        Some(m @ CelType::Map(..)) => m.clone(),
                        _ => CelType::Map(Box::new(CelType::Dyn), Box::new(CelType::Dyn)),
                    },
                    _ => CelType::Bool,
                };
            }
            if matches!(name, "optMap" | "optFlatMap" | "sortBy") && call.args.len() == 2 {
                let operand = self.expr(target);
                let inner = match (&operand, name) {
                    (CelType::Optional(t), _) => (**t).clone(),
                    (CelType::List(t), "sortBy") => (**t).clone(),
                    _ => CelType::Dyn,
                };
                let Some(var) = ident(&call.args[0]) else {
                    return CelType::Dyn;
                };
                let body =
                    self.with_vars(&[(var.as_str(), inner)], |this| this.expr(&call.args[1]));
                return match name {
                    "optMap" => CelType::Optional(Box::new(body)),
                    "optFlatMap" => body,
                    _ => operand,
                };
            }
            if let Expr::Ident(ns) = &target.expr {
                if (super::functions::NAMESPACES.contains(&ns.as_str())
                    || self.options.libraries.declares_namespace(ns))
                    && self.lookup_qualified(ns).is_none()
                {
                    let args: Vec<CelType> = call.args.iter().map(|a| self.expr(a)).collect();
                    let qualified = format!("{ns}.{name}");
                    self.check_literals(&qualified, &call.args);
                    return self.resolve(id, &qualified, false, &args);
                }
            }
            let mut args = vec![self.expr(target)];
            args.extend(call.args.iter().map(|a| self.expr(a)));
            let mut all_args: Vec<&IdedExpr> = vec![target];
            all_args.extend(call.args.iter());
            self.check_literal_refs(name, &all_args);
            return self.resolve(id, name, true, &args);
        }
        let args: Vec<CelType> = call.args.iter().map(|a| self.expr(a)).collect();
        self.check_literals(name, &call.args);
        self.resolve(id, name, false, &args)
    }

    fn check_literals(&mut self, name: &str, args: &[IdedExpr]) {
        let refs: Vec<&IdedExpr> = args.iter().collect();
        self.check_literal_refs(name, &refs);
    }

    /// Kubernetes validates constant arguments of `duration()`, `timestamp()` and regex
    /// functions when the expression is compiled.
    fn check_literal_refs(&mut self, name: &str, args: &[&IdedExpr]) {
        let constant = |i: usize| match args.get(i).map(|a| &a.expr) {
            Some(Expr::Literal(LiteralValue::String(s))) => Some(s.inner().to_string()),
            _ => None,
        };
        match name {
            "duration" if args.len() == 1 => {
                if let Some(s) = constant(0) {
                    if super::time::parse_duration(&s).is_err() {
                        self.issue(args[0].id, format!("invalid duration argument: {s:?}"));
                    }
                }
            }
            "timestamp" if args.len() == 1 => {
                if let Some(s) = constant(0) {
                    if super::time::parse_timestamp(&s).is_err() {
                        self.issue(args[0].id, format!("invalid timestamp: {s:?}"));
                    }
                }
            }
            "isFormat" | "validateFormat"
                if args.len() == 2 && self.options.libraries.declares(name) =>
            {
                if let Some(s) = constant(1) {
                    if super::library::kep_formats::KepFormat::named(&s).is_none() {
                        let message = super::library::kep_formats::unknown_name_error(&s);
                        self.issue(args[1].id, message);
                    }
                }
            }
            "matches" | "find" | "findAll" if args.len() >= 2 => {
                if let Some(s) = constant(1) {
                    if let Err(e) = regex::Regex::new(&s) {
                        let what = if name == "matches" {
                            "invalid matches argument"
                        } else {
                            "Illegal regex"
                        };
                        self.issue(args[1].id, format!("{what}: {e}"));
                    }
                }
            }
            _ => {}
        }
    }

    fn resolve(&mut self, id: u64, name: &str, member: bool, args: &[CelType]) -> CelType {
        if self.options.spec_extensions
            && !member
            && super::math::MathFunc::resolve(name, args.len()).is_some()
        {
            return math_signature(name, args);
        }
        if self.options.libraries.declares(name) {
            if let Some(t) = self.options.libraries.signature(name, member, args) {
                return t;
            }
        }
        match signature(name, member, args) {
            Some(t) => t,
            None if super::functions::Func::exists(name)
                || is_operator(name)
                || self.options.libraries.declares(name) =>
            {
                let shown = if member {
                    let rest: Vec<String> = args[1..].iter().map(|t| t.to_string()).collect();
                    format!("{}.({})", args[0], rest.join(", "))
                } else {
                    let all: Vec<String> = args.iter().map(|t| t.to_string()).collect();
                    format!("({})", all.join(", "))
                };
                self.issue(
                    id,
                    format!("found no matching overload for '{name}' applied to '{shown}'"),
                )
            }
            None => self.issue(
                id,
                format!("undeclared reference to '{name}' (in container '')"),
            ),
        }
    }
}

/// The result type of a math or base64 extension function.
fn math_signature(name: &str, args: &[CelType]) -> CelType {
    match name {
        "math.ceil" | "math.floor" | "math.round" | "math.trunc" | "math.sqrt" => CelType::Double,
        "math.isInf" | "math.isNaN" | "math.isFinite" => CelType::Bool,
        "math.abs" | "math.sign" | "math.bitNot" | "math.bitShiftLeft" | "math.bitShiftRight" => {
            args.first().cloned().unwrap_or(CelType::Dyn)
        }
        "math.bitAnd" | "math.bitOr" | "math.bitXor" => {
            args.first().cloned().unwrap_or(CelType::Dyn)
        }
        "base64.encode" => CelType::String,
        "base64.decode" => CelType::Bytes,
        _ => CelType::Dyn,
    }
}

fn is_operator(name: &str) -> bool {
    name.starts_with('_') || name.starts_with('@') || name == "-_" || name == "!_"
}

fn qualified_name(e: &IdedExpr) -> Option<String> {
    match &e.expr {
        Expr::Ident(n) => Some(n.clone()),
        Expr::Select(s) if !s.test => Some(format!("{}.{}", qualified_name(&s.operand)?, s.field)),
        _ => None,
    }
}

/// The result type of a call, or `None` when no overload accepts the arguments.
fn signature(name: &str, member: bool, args: &[CelType]) -> Option<CelType> {
    // Concatenating lists joins their element types, where a not-yet-known type (of `[]`)
    // takes the other's.
    if let ("_+_", [CelType::List(a), CelType::List(b)]) = (name, args) {
        if a.fits(b) {
            return Some(CelType::List(Box::new(a.join(b))));
        }
    }
    let resolved: Vec<CelType> = args.iter().map(CelType::resolved).collect();
    let args = resolved.as_slice();
    use CelType as T;
    let n = args.len();
    let a = |i: usize| args.get(i).cloned().unwrap_or(T::Dyn);
    let is = |i: usize, t: &T| args.get(i).is_some_and(|x| x.fits(t));
    let any_dyn = args.iter().any(T::is_dyn);
    let numeric_pair =
        || (a(0).is_numeric() || a(0).is_dyn()) && (a(1).is_numeric() || a(1).is_dyn());
    let same = || a(0).fits(&a(1)) || a(1).fits(&a(0));
    let ordered = |t: &T| {
        matches!(
            t,
            T::Int
                | T::Uint
                | T::Double
                | T::String
                | T::Bytes
                | T::Bool
                | T::Timestamp
                | T::Duration
                | T::Dyn
        )
    };
    let list_of = |i: usize| match a(i) {
        T::List(e) => Some(*e),
        T::Dyn => Some(T::Dyn),
        _ => None,
    };
    let string_fn = |params: &[T], result: T| -> Option<T> {
        (n == params.len() && params.iter().enumerate().all(|(i, t)| is(i, t))).then_some(result)
    };
    let s = T::String;
    let int = T::Int;
    Some(match (name, member) {
        ("_+_", false) if n == 2 => match (a(0), a(1)) {
            (T::Int, T::Int) => T::Int,
            (T::Uint, T::Uint) => T::Uint,
            (T::Double, T::Double) => T::Double,
            (T::String, T::String) => T::String,
            (T::Bytes, T::Bytes) => T::Bytes,
            (T::List(x), T::List(y)) if x.fits(&y) => T::List(Box::new(x.join(&y))),
            (T::Timestamp, T::Duration) | (T::Duration, T::Timestamp) => T::Timestamp,
            (T::Duration, T::Duration) => T::Duration,
            (T::Dyn, t) | (t, T::Dyn)
                if !matches!(t, T::Bool | T::Null | T::Map(..) | T::Object(_)) =>
            {
                if matches!(t, T::Duration) {
                    T::Dyn
                } else {
                    t
                }
            }
            _ => return None,
        },
        ("_-_", false) if n == 2 => match (a(0), a(1)) {
            (T::Int, T::Int) => T::Int,
            (T::Uint, T::Uint) => T::Uint,
            (T::Double, T::Double) => T::Double,
            (T::Timestamp, T::Timestamp) => T::Duration,
            (T::Timestamp, T::Duration) => T::Timestamp,
            (T::Duration, T::Duration) => T::Duration,
            (T::Dyn, t) | (t, T::Dyn)
                if t.is_numeric() || matches!(t, T::Timestamp | T::Duration | T::Dyn) =>
            {
                T::Dyn
            }
            _ => return None,
        },
        ("_*_" | "_/_", false) if n == 2 => match (a(0), a(1)) {
            (x, y) if x == y && x.is_numeric() => x,
            (T::Dyn, t) | (t, T::Dyn) if t.is_numeric() || t.is_dyn() => t,
            _ => return None,
        },
        ("_%_", false) if n == 2 => match (a(0), a(1)) {
            (T::Int, T::Int) => T::Int,
            (T::Uint, T::Uint) => T::Uint,
            (T::Dyn, t) | (t, T::Dyn) if matches!(t, T::Int | T::Uint | T::Dyn) => t,
            _ => return None,
        },
        ("-_", false) if n == 1 => match a(0) {
            t @ (T::Int | T::Double | T::Dyn | T::Duration) => t,
            _ => return None,
        },
        ("!_", false) if n == 1 && is(0, &T::Bool) => T::Bool,
        ("_==_" | "_!=_", false) if n == 2 => {
            if same() || numeric_pair() || matches!((a(0), a(1)), (T::Null, _) | (_, T::Null)) {
                T::Bool
            } else {
                return None;
            }
        }
        ("_<_" | "_<=_" | "_>_" | "_>=_", false) if n == 2 => {
            if (numeric_pair() || same()) && ordered(&a(0)) && ordered(&a(1)) {
                T::Bool
            } else {
                return None;
            }
        }
        ("@in", false) if n == 2 => match a(1) {
            T::List(e) if a(0).fits(&e) || (a(0).is_numeric() && e.is_numeric()) => T::Bool,
            T::Map(k, _) if a(0).fits(&k) || (a(0).is_numeric() && k.is_numeric()) => T::Bool,
            T::Dyn => T::Bool,
            _ => return None,
        },
        ("_[_]", false) if n == 2 => match a(0) {
            T::List(e) if matches!(a(1), T::Int | T::Uint | T::Dyn) => *e,
            T::Map(k, v) if a(1).fits(&k) || (a(1).is_numeric() && k.is_numeric()) => *v,
            T::Optional(inner) => T::Optional(Box::new(match *inner {
                T::List(e) => *e,
                T::Map(_, v) => *v,
                _ => T::Dyn,
            })),
            T::Dyn => T::Dyn,
            _ => return None,
        },
        ("_[?_]", false) if n == 2 => match a(0) {
            T::List(e) => T::Optional(e),
            T::Map(_, v) => T::Optional(v),
            T::Optional(inner) => match *inner {
                T::List(e) => T::Optional(e),
                T::Map(_, v) => T::Optional(v),
                _ => T::Optional(Box::new(T::Dyn)),
            },
            T::Dyn => T::Optional(Box::new(T::Dyn)),
            _ => return None,
        },
        ("size", _) if n == 1 => match a(0) {
            T::String | T::Bytes | T::List(_) | T::Map(..) | T::Dyn => T::Int,
            _ => return None,
        },
        ("contains" | "startsWith" | "endsWith", true) => {
            string_fn(&[s.clone(), s.clone()], T::Bool)?
        }
        ("matches", _) => string_fn(&[s.clone(), s.clone()], T::Bool)?,
        ("find", true) => string_fn(&[s.clone(), s.clone()], T::String)?,
        ("findAll", true) => {
            if n == 2 {
                string_fn(&[s.clone(), s.clone()], T::List(Box::new(T::String)))?
            } else {
                string_fn(
                    &[s.clone(), s.clone(), int.clone()],
                    T::List(Box::new(T::String)),
                )?
            }
        }
        ("int", false)
            if n == 1
                && matches!(
                    a(0),
                    T::Int | T::Uint | T::Double | T::String | T::Timestamp | T::Dyn
                ) =>
        {
            T::Int
        }
        ("uint", false)
            if n == 1 && matches!(a(0), T::Int | T::Uint | T::Double | T::String | T::Dyn) =>
        {
            T::Uint
        }
        ("double", false)
            if n == 1 && matches!(a(0), T::Int | T::Uint | T::Double | T::String | T::Dyn) =>
        {
            T::Double
        }
        ("string", false) if n == 1 => match a(0) {
            T::List(_) | T::Map(..) | T::Object(_) | T::Null | T::Optional(_) => return None,
            _ => T::String,
        },
        ("bytes", false) if n == 1 && matches!(a(0), T::String | T::Bytes | T::Dyn) => T::Bytes,
        ("bool", false) if n == 1 && matches!(a(0), T::String | T::Bool | T::Dyn) => T::Bool,
        ("dyn", false) if n == 1 => T::Dyn,
        ("type", false) if n == 1 => T::Type,
        ("duration", false) if n == 1 && matches!(a(0), T::String | T::Duration | T::Dyn) => {
            T::Duration
        }
        ("timestamp", false)
            if n == 1 && matches!(a(0), T::String | T::Int | T::Timestamp | T::Dyn) =>
        {
            T::Timestamp
        }
        (
            "getFullYear" | "getMonth" | "getDayOfYear" | "getDayOfMonth" | "getDate"
            | "getDayOfWeek",
            true,
        ) if matches!(a(0), T::Timestamp | T::Dyn) && (n == 1 || is(1, &s)) => T::Int,
        ("getHours" | "getMinutes" | "getSeconds" | "getMilliseconds", true)
            if matches!(a(0), T::Timestamp | T::Dyn) && (n == 1 || is(1, &s))
                || matches!(a(0), T::Duration) && n == 1 =>
        {
            T::Int
        }
        ("optional.of" | "optional.ofNonZeroValue", false) if n == 1 => T::Optional(Box::new(a(0))),
        ("optional.none", false) if n == 0 => T::Optional(Box::new(T::Free)),
        ("optional.unwrap", false) | ("unwrapOpt", true) if n == 1 => match list_of(0)? {
            T::Optional(inner) => T::List(inner),
            _ => T::List(Box::new(T::Dyn)),
        },
        ("hasValue", true) if n == 1 && matches!(a(0), T::Optional(_) | T::Dyn) => T::Bool,
        ("value", true) if n == 1 => match a(0) {
            T::Optional(t) => *t,
            T::Dyn => T::Dyn,
            _ => return None,
        },
        ("or", true) if n == 2 => match (a(0), a(1)) {
            (T::Optional(x), T::Optional(y)) => T::Optional(Box::new(x.join(&y))),
            (T::Dyn, t) | (t, T::Dyn) => t,
            _ => return None,
        },
        ("orValue", true) if n == 2 => match a(0) {
            T::Optional(t) if a(1).fits(&t) => t.join(&a(1)),
            T::Dyn => a(1),
            _ => return None,
        },
        ("charAt", true) => string_fn(&[s.clone(), int.clone()], T::String)?,
        ("indexOf" | "lastIndexOf", true) => match a(0) {
            T::List(_) if n == 2 => T::Int,
            _ if n == 2 => string_fn(&[s.clone(), s.clone()], T::Int)?,
            _ => string_fn(&[s.clone(), s.clone(), int.clone()], T::Int)?,
        },
        ("lowerAscii" | "upperAscii" | "trim", true) => {
            string_fn(std::slice::from_ref(&s), T::String)?
        }
        ("replace", true) => {
            if n == 3 {
                string_fn(&[s.clone(), s.clone(), s.clone()], T::String)?
            } else {
                string_fn(&[s.clone(), s.clone(), s.clone(), int.clone()], T::String)?
            }
        }
        ("split", true) => {
            if n == 2 {
                string_fn(&[s.clone(), s.clone()], T::List(Box::new(T::String)))?
            } else {
                string_fn(
                    &[s.clone(), s.clone(), int.clone()],
                    T::List(Box::new(T::String)),
                )?
            }
        }
        ("substring", true) => {
            if n == 2 {
                string_fn(&[s.clone(), int.clone()], T::String)?
            } else {
                string_fn(&[s.clone(), int.clone(), int.clone()], T::String)?
            }
        }
        ("join", true)
            if (n == 1 || is(1, &s)) && list_of(0).is_some_and(|e| e.fits(&T::String)) =>
        {
            T::String
        }
        ("format", true) if n == 2 && is(0, &s) && list_of(1).is_some() => T::String,
        ("strings.quote", false) => string_fn(std::slice::from_ref(&s), T::String)?,
        ("slice", true) if n == 3 && is(1, &int) && is(2, &int) => T::List(Box::new(list_of(0)?)),
        ("flatten", true) if (n == 1 || is(1, &int)) && list_of(0).is_some() => {
            T::List(Box::new(match list_of(0)? {
                T::List(inner) => *inner,
                _ => T::Dyn,
            }))
        }
        ("distinct" | "reverse" | "sort", true) if n == 1 => T::List(Box::new(list_of(0)?)),
        ("lists.range", false) if n == 1 && is(0, &int) => T::List(Box::new(T::Int)),
        ("first" | "last", true) if n == 1 => T::Optional(Box::new(list_of(0)?)),
        ("sets.contains" | "sets.equivalent" | "sets.intersects", false)
            if n == 2 && list_of(0).is_some() && list_of(1).is_some() =>
        {
            T::Bool
        }
        ("isSorted", true) if n == 1 && list_of(0).is_some_and(|e| ordered(&e)) => T::Bool,
        ("sum", true) if n == 1 => match list_of(0)? {
            t @ (T::Int | T::Uint | T::Double | T::Duration | T::Dyn) => t,
            _ => return None,
        },
        ("min" | "max", true) if n == 1 => match list_of(0)? {
            t if ordered(&t) => t,
            _ => return None,
        },
        ("includes", true) if n == 2 => T::Bool,
        _ if any_dyn && super::functions::Func::exists(name) => {
            return library_signature(name, member, args).or(Some(T::Dyn))
        }
        _ => return library_signature(name, member, args),
    })
}

/// Signatures of Kubernetes' authz library: member calls on its receiver types, with string
/// arguments.
fn authz_signature(name: &str, args: &[CelType]) -> Option<CelType> {
    use super::library::authz::{self, AuthzFunc};
    let f = super::library::LibFunc::resolve(name, true, args.len())?;
    let super::library::LibFunc::Authz(f) = f else {
        return None;
    };
    let (receiver, result) = f.signature();
    let receiver_fits = match f {
        AuthzFunc::Check => {
            args[0].fits(&CelType::Opaque(authz::PATH_CHECK))
                || args[0].fits(&CelType::Opaque(authz::RESOURCE_CHECK))
        }
        _ => args[0].fits(&CelType::Opaque(receiver)),
    };
    if !receiver_fits || !args[1..].iter().all(|a| a.fits(&CelType::String)) {
        return None;
    }
    Some(match (f, result) {
        (_, Some(t)) => CelType::Opaque(t),
        (AuthzFunc::Allowed | AuthzFunc::Errored, None) => CelType::Bool,
        _ => CelType::String,
    })
}

/// Signatures of Kubernetes' ip, cidr, url and format libraries.
fn library_signature(name: &str, member: bool, args: &[CelType]) -> Option<CelType> {
    use CelType as T;
    let n = args.len();
    let a = |i: usize| args.get(i).cloned().unwrap_or(T::Dyn);
    let is = |i: usize, t: &T| args.get(i).is_some_and(|x| x.fits(t));
    let ip = T::Opaque("net.IP");
    let cidr = T::Opaque("net.CIDR");
    let url = T::Opaque("kubernetes.URL");
    let format = T::Opaque("kubernetes.NamedFormat");
    let quantity = T::Opaque("kubernetes.Quantity");
    let semver = T::Opaque("kubernetes.Semver");
    let both = |t: &T| is(0, t) && is(1, t);
    Some(match (name, member, n) {
        ("ip", false, 1) if is(0, &T::String) => ip,
        ("isIP" | "isCIDR" | "isURL" | "ip.isCanonical", false, 1) if is(0, &T::String) => T::Bool,
        ("family", true, 1) if is(0, &ip) => T::Int,
        (
            "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast",
            true,
            1,
        ) if is(0, &ip) => T::Bool,
        ("cidr", false, 1) if is(0, &T::String) => cidr,
        ("containsIP", true, 2) if is(0, &cidr) && (is(1, &T::String) || is(1, &ip)) => T::Bool,
        ("containsCIDR", true, 2) if is(0, &cidr) && (is(1, &T::String) || is(1, &cidr)) => T::Bool,
        ("ip", true, 1) if is(0, &cidr) => ip,
        ("masked", true, 1) if is(0, &cidr) => cidr,
        ("prefixLength", true, 1) if is(0, &cidr) => T::Int,
        ("url", false, 1) if is(0, &T::String) => url,
        ("getScheme" | "getHost" | "getHostname" | "getPort" | "getEscapedPath", true, 1)
            if is(0, &url) =>
        {
            T::String
        }
        ("getQuery", true, 1) if is(0, &url) => {
            T::Map(Box::new(T::String), Box::new(T::List(Box::new(T::String))))
        }
        ("format.named", false, 1) if is(0, &T::String) => T::Optional(Box::new(format)),
        (f, false, 0)
            if f.strip_prefix("format.")
                .is_some_and(super::library::formats::is_known) =>
        {
            format
        }
        ("validate", true, 2) if is(0, &format) && is(1, &T::String) => {
            T::Optional(Box::new(T::List(Box::new(T::String))))
        }
        ("quantity", false, 1) if is(0, &T::String) => quantity,
        ("isQuantity", false, 1) if is(0, &T::String) => T::Bool,
        ("sign", false, 1) if is(0, &quantity) => T::Int,
        ("isGreaterThan" | "isLessThan", true, 2) if both(&quantity) || both(&semver) => T::Bool,
        ("compareTo", true, 2) if both(&quantity) || both(&semver) => T::Int,
        ("asApproximateFloat", true, 1) if is(0, &quantity) => T::Double,
        ("asInteger", true, 1) if is(0, &quantity) => T::Int,
        ("isInteger", true, 1) if is(0, &quantity) => T::Bool,
        ("add" | "sub", true, 2) if is(0, &quantity) && (is(1, &quantity) || is(1, &T::Int)) => {
            quantity
        }
        ("semver", false, 1 | 2) if is(0, &T::String) && (n == 1 || is(1, &T::Bool)) => semver,
        ("isSemver", false, 1 | 2) if is(0, &T::String) && (n == 1 || is(1, &T::Bool)) => T::Bool,
        ("major" | "minor" | "patch", true, 1) if is(0, &semver) => T::Int,
        (_, true, _) if authz_signature(name, args).is_some() => authz_signature(name, args)?,
        _ if a(0).is_dyn() && super::library::LibFunc::exists(name) => T::Dyn,
        _ => return None,
    })
}
