//! Compilation of a parsed expression into a [`Program`]: variables become slots, functions
//! become builtins chosen by name and arity, constant regular expressions are compiled once, and
//! the expansion forms the parser leaves as calls (`cel.bind`, two-variable comprehensions,
//! `optMap`, `sortBy`) become comprehension nodes.

use super::checker::{self, CheckOptions};
use super::error::{CompileError, CompileIssue, Stage};
use super::functions::Func;
use super::library::extra::ExtraLibraries;
use super::parse::{parse, Parsed};
use super::scopes::Scopes;
use super::types::{CelType, TYPE_NAMES};
use super::value::{TypeName, Value};
use cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr, LiteralValue};
use std::sync::Arc;

/// A compiled expression.
#[derive(Debug)]
pub struct Program {
    pub(crate) root: Node,
    result_type: CelType,
    /// Nesting depth of the expression; deep ones are compiled and evaluated on a large stack.
    pub(crate) depth: usize,
    /// Slots: the declared variables first, then the comprehension variables.
    pub(crate) slot_count: usize,
    variables: Vec<String>,
    pub source: String,
}

/// One node of a compiled expression.
#[derive(Debug)]
pub(crate) enum Node {
    Const(Value<'static>),
    /// An error that evaluation reports when it gets here (unchecked compilation only).
    Fail(super::error::EvalError),
    Var(usize),
    /// `variable.field`: a select straight on a variable, without copying the variable.
    VarSelect {
        slot: usize,
        field: Arc<str>,
    },
    Select {
        operand: Box<Node>,
        field: Arc<str>,
        test: bool,
    },
    OptSelect {
        operand: Box<Node>,
        field: Arc<str>,
    },
    Call {
        func: Func,
        args: Vec<Node>,
    },
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Conditional(Box<Node>, Box<Node>, Box<Node>),
    NotStrictlyFalse(Box<Node>),
    List {
        elements: Vec<Node>,
        optional: Vec<bool>,
    },
    Map {
        entries: Vec<(Node, Node, bool)>,
    },
    /// A message literal of an opt-in library's type: its fields (name, value, optional).
    Struct {
        type_name: Arc<str>,
        fields: Vec<(Arc<str>, Node, bool)>,
    },
    Comprehension(Box<Comprehension>),
    Bind {
        slot: usize,
        init: Box<Node>,
        body: Box<Node>,
    },
}

#[derive(Debug)]
pub(crate) struct Comprehension {
    pub range: Node,
    /// The index (or key) variable of a two-variable comprehension, and the element variable.
    pub first: usize,
    pub second: Option<usize>,
    pub accu: usize,
    pub init: Node,
    pub cond: Node,
    pub step: Node,
    pub result: Node,
}

/// A comprehension step that only appends to the accumulator list: `accu + [element]`, or
/// `guard ? accu + [element] : accu` (what `map`, `filter` and `transformList` expand to).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AppendStep<'n> {
    /// The condition and the node taken when it is false (the accumulator itself).
    pub guard: Option<(&'n Node, &'n Node)>,
    pub element: &'n Node,
}

impl Comprehension {
    /// The step as an [`AppendStep`], when it has that shape.
    pub(crate) fn append_step(&self) -> Option<AppendStep<'_>> {
        // `accu + [element]`: the element.
        fn appended(node: &Node, accu: usize) -> Option<&Node> {
            match node {
                Node::Call {
                    func: Func::Add,
                    args,
                } => match args.as_slice() {
                    [Node::Var(slot), Node::List { elements, optional }]
                        if *slot == accu && elements.len() == 1 && optional == &[false] =>
                    {
                        elements.first()
                    }
                    _ => None,
                },
                _ => None,
            }
        }
        match &self.step {
            Node::Conditional(guard, then, otherwise) => {
                if !matches!(**otherwise, Node::Var(slot) if slot == self.accu) {
                    return None;
                }
                Some(AppendStep {
                    guard: Some((guard, otherwise)),
                    element: appended(then, self.accu)?,
                })
            }
            step => Some(AppendStep {
                guard: None,
                element: appended(step, self.accu)?,
            }),
        }
    }
}

/// Expressions nested deeper than this are compiled and evaluated on a thread with a large stack,
/// so the recursion (bounded by the parser's limit of 250) never overflows the caller's stack.
pub(crate) const DEEP: usize = 40;

/// Runs `f` on a scoped thread with a 256 MiB stack.
pub(crate) fn on_large_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, f)
            .expect("a thread for a deep expression")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

impl Program {
    /// The declared variables, in the order [`Program::evaluate`] takes their values.
    pub fn variables(&self) -> &[String] {
        &self.variables
    }

    /// Compiles and type-checks `source` with the given variables in scope, all typed `dyn`.
    pub fn compile(source: &str, variables: &[&str]) -> Result<Program, CompileError> {
        let typed: Vec<(&str, CelType)> = variables.iter().map(|v| (*v, CelType::Dyn)).collect();
        Program::compile_typed(source, &typed)
    }

    /// Compiles and type-checks `source` with typed variables in scope, as Kubernetes checks.
    pub fn compile_typed(
        source: &str,
        variables: &[(&str, CelType)],
    ) -> Result<Program, CompileError> {
        Program::compile_checked(source, variables, CheckOptions::default())
    }

    /// Compiles and type-checks `source` with the given checker options.
    pub fn compile_checked(
        source: &str,
        variables: &[(&str, CelType)],
        options: CheckOptions,
    ) -> Result<Program, CompileError> {
        let parsed = parse(source)?;
        let result_type = if parsed.depth > DEEP {
            on_large_stack(|| checker::check(&parsed, variables, options))
        } else {
            checker::check(&parsed, variables, options)
        }
        .map_err(|issues| CompileError::new(Stage::Check, source, issues))?;
        let names: Vec<&str> = variables.iter().map(|(n, _)| *n).collect();
        let mut program = if parsed.depth > DEEP {
            on_large_stack(|| Program::build(&parsed, &names, true, options))
        } else {
            Program::build(&parsed, &names, true, options)
        }?;
        program.result_type = result_type.resolved();
        Ok(program)
    }

    /// The type the checker gave the whole expression (`dyn` when unchecked).
    pub fn result_type(&self) -> &CelType {
        &self.result_type
    }

    /// Compiles `source`; with `checked` off, undeclared names and unknown functions are not
    /// compile errors but errors when evaluation reaches them (cel-go's unchecked evaluation).
    pub fn compile_with(
        source: &str,
        variables: &[&str],
        checked: bool,
    ) -> Result<Program, CompileError> {
        let parsed = parse(source)?;
        let options = CheckOptions {
            spec_extensions: true,
            ..CheckOptions::default()
        };
        if parsed.depth > DEEP {
            return on_large_stack(|| Program::build(&parsed, variables, checked, options));
        }
        Program::build(&parsed, variables, checked, options)
    }

    fn build(
        parsed: &Parsed,
        variables: &[&str],
        checked: bool,
        options: CheckOptions,
    ) -> Result<Program, CompileError> {
        let source = parsed.source.as_str();
        let mut compiler = Compiler {
            checked,
            spec_extensions: options.spec_extensions,
            libraries: options.libraries,
            parsed,
            scopes: Scopes::new(
                variables
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (v.to_string(), i)),
            ),
            next_slot: variables.len(),
            issues: Vec::new(),
        };
        let root = compiler.node(&parsed.expr);
        if !compiler.issues.is_empty() {
            return Err(CompileError::new(Stage::Check, source, compiler.issues));
        }
        Ok(Program {
            root,
            result_type: CelType::Dyn,
            depth: parsed.depth,
            slot_count: compiler.next_slot,
            variables: variables.iter().map(|v| v.to_string()).collect(),
            source: source.to_string(),
        })
    }
}

struct Compiler<'p> {
    checked: bool,
    /// The specification's math and base64 extensions are available.
    spec_extensions: bool,
    /// The opt-in libraries whose functions resolve.
    libraries: ExtraLibraries,
    parsed: &'p Parsed,
    /// The slot of each name in scope.
    scopes: Scopes<usize>,
    next_slot: usize,
    issues: Vec<CompileIssue>,
}

impl Compiler<'_> {
    /// An undeclared name or function: a compile error, or a runtime one when unchecked.
    fn undeclared(&mut self, id: u64, message: String, runtime: super::error::EvalError) -> Node {
        if self.checked {
            self.issue(id, message)
        } else {
            Node::Fail(runtime)
        }
    }

    /// The variable that is `name` or a dotted prefix of it, and whether it is all of `name`.
    fn lookup_qualified(&self, name: &str) -> Option<(usize, bool)> {
        self.scopes
            .lookup_qualified(name)
            .map(|(slot, whole)| (*slot, whole))
    }

    /// Whether `name` or one of its dotted prefixes is a declared variable.
    fn resolves(&self, name: &str) -> bool {
        let parts: Vec<&str> = name.split('.').collect();
        (1..=parts.len()).any(|k| self.lookup(&parts[..k].join(".")).is_some())
    }

    fn issue(&mut self, id: u64, message: impl Into<String>) -> Node {
        self.issues.push(CompileIssue {
            location: self.parsed.location(id),
            message: message.into(),
        });
        Node::Const(Value::Null)
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.lookup(name).copied()
    }

    fn with_vars<T>(&mut self, names: &[&str], f: impl FnOnce(&mut Self, &[usize]) -> T) -> T {
        let slots: Vec<usize> = names
            .iter()
            .map(|n| {
                let slot = self.next_slot;
                self.next_slot += 1;
                self.scopes.push(n, slot);
                slot
            })
            .collect();
        let out = f(self, &slots);
        self.scopes.pop(names.len());
        out
    }

    fn node(&mut self, e: &IdedExpr) -> Node {
        match &e.expr {
            Expr::Literal(lit) => Node::Const(literal(lit)),
            Expr::Ident(name) => match self.lookup(name) {
                Some(slot) => Node::Var(slot),
                None if TYPE_NAMES.contains(&name.as_str()) => {
                    Node::Const(Value::Type(TypeName::new(name)))
                }
                None => self.undeclared(
                    e.id,
                    format!("undeclared reference to '{name}' (in container '')"),
                    super::error::EvalError::undeclared(name),
                ),
            },
            Expr::Select(select) => {
                if let Some(name) = qualified_name(e).filter(|_| !select.test) {
                    if let Some((slot, true)) = self.lookup_qualified(&name) {
                        return Node::Var(slot);
                    }
                    if !self.resolves(&name) {
                        if TYPE_NAMES.contains(&name.as_str()) {
                            return Node::Const(Value::Type(TypeName::new(&name)));
                        }
                        return self.undeclared(
                            e.id,
                            format!("undeclared reference to '{name}' (in container '')"),
                            super::error::EvalError::undeclared(&name),
                        );
                    }
                }
                let operand = self.node(&select.operand);
                let field: Arc<str> = Arc::from(select.field.as_str());
                match operand {
                    Node::Var(slot) if !select.test => Node::VarSelect { slot, field },
                    operand => Node::Select {
                        operand: Box::new(operand),
                        field,
                        test: select.test,
                    },
                }
            }
            Expr::Call(call) => self.call(e.id, call),
            Expr::List(list) => Node::List {
                elements: list.elements.iter().map(|x| self.node(x)).collect(),
                optional: (0..list.elements.len())
                    .map(|i| list.optional_indices.contains(&i))
                    .collect(),
            },
            Expr::Map(map) => {
                let mut entries = Vec::new();
                for entry in &map.entries {
                    match &entry.expr {
                        EntryExpr::MapEntry(me) => {
                            entries.push((self.node(&me.key), self.node(&me.value), me.optional))
                        }
                        EntryExpr::StructField(_) => {
                            return self.issue(entry.id, "unexpected field in a map literal")
                        }
                    }
                }
                Node::Map { entries }
            }
            Expr::Struct(s) if self.libraries.declares_type(&s.type_name) => {
                let mut fields = Vec::with_capacity(s.entries.len());
                for entry in &s.entries {
                    match &entry.expr {
                        EntryExpr::StructField(f) => fields.push((
                            Arc::from(f.field.as_str()),
                            self.node(&f.value),
                            f.optional,
                        )),
                        EntryExpr::MapEntry(_) => {
                            return self
                                .issue(entry.id, "unexpected map entry in a message literal")
                        }
                    }
                }
                Node::Struct {
                    type_name: Arc::from(s.type_name.as_str()),
                    fields,
                }
            }
            Expr::Struct(s) => self.issue(
                e.id,
                format!(
                    "undeclared reference to '{}' (in container '')",
                    s.type_name
                ),
            ),
            Expr::Comprehension(c) => {
                let range = self.node(&c.iter_range);
                let init = self.node(&c.accu_init);
                let mut vars: Vec<&str> = vec![c.iter_var.as_str()];
                if let Some(v2) = &c.iter_var2 {
                    vars.push(v2.as_str());
                }
                self.with_vars(&[c.accu_var.as_str()], |this, accu| {
                    let (cond, step, first, second) = this.with_vars(&vars, |this, slots| {
                        (
                            this.node(&c.loop_cond),
                            this.node(&c.loop_step),
                            slots[0],
                            slots.get(1).copied(),
                        )
                    });
                    let result = this.node(&c.result);
                    Node::Comprehension(Box::new(Comprehension {
                        range,
                        first,
                        second,
                        accu: accu[0],
                        init,
                        cond,
                        step,
                        result,
                    }))
                })
            }
            Expr::Unspecified => self.issue(e.id, "unspecified expression"),
        }
    }

    fn call(&mut self, id: u64, call: &CallExpr) -> Node {
        let name = call.func_name.as_str();
        match name {
            "_&&_" | "_||_" => {
                let mut args = call.args.iter().map(|a| self.node(a));
                let first = args
                    .next()
                    .unwrap_or(Node::Const(Value::Bool(name == "_&&_")));
                return args.fold(first, |acc, next| {
                    if name == "_&&_" {
                        Node::And(Box::new(acc), Box::new(next))
                    } else {
                        Node::Or(Box::new(acc), Box::new(next))
                    }
                });
            }
            "_?_:_" if call.args.len() == 3 => {
                let mut a = call.args.iter().map(|x| Box::new(self.node(x)));
                let (c, t, f) = (a.next().unwrap(), a.next().unwrap(), a.next().unwrap());
                return Node::Conditional(c, t, f);
            }
            "@not_strictly_false" if call.args.len() == 1 => {
                return Node::NotStrictlyFalse(Box::new(self.node(&call.args[0])));
            }
            "_?._" if call.args.len() == 2 => {
                if let Expr::Literal(LiteralValue::String(field)) = &call.args[1].expr {
                    return Node::OptSelect {
                        operand: Box::new(self.node(&call.args[0])),
                        field: Arc::from(field.inner()),
                    };
                }
            }
            _ => {}
        }
        if let Some(target) = &call.target {
            if let Some(special) = self.special_form(id, target, name, &call.args) {
                return special;
            }
            if let Expr::Ident(ns) = &target.expr {
                if !self.resolves(ns)
                    && (super::functions::NAMESPACES.contains(&ns.as_str())
                        || self.libraries.declares_namespace(ns))
                {
                    let qualified = format!("{ns}.{name}");
                    let args: Vec<Node> = call.args.iter().map(|a| self.node(a)).collect();
                    return self.builtin(id, &qualified, false, args);
                }
            }
            let mut args = vec![self.node(target)];
            args.extend(call.args.iter().map(|a| self.node(a)));
            return self.builtin(id, name, true, args);
        }
        let args: Vec<Node> = call.args.iter().map(|a| self.node(a)).collect();
        self.builtin(id, name, false, args)
    }

    fn builtin(&mut self, id: u64, name: &str, member: bool, args: Vec<Node>) -> Node {
        let resolved = Func::resolve(name, member, args.len())
            .or_else(|| {
                (self.spec_extensions && !member)
                    .then(|| super::math::MathFunc::resolve(name, args.len()).map(Func::Math))
                    .flatten()
            })
            .or_else(|| self.libraries.resolve(name, member, args.len()));
        match resolved {
            Some(func) => {
                let func = func
                    .with_constant_pattern(&args)
                    .and_then(|func| constant_format(func, &args))
                    .unwrap_or_else(|message| {
                        self.issue(id, message);
                        Func::Unresolved
                    });
                Node::Call { func, args }
            }
            None if Func::exists(name) || self.libraries.declares(name) => self.issue(
                id,
                format!(
                    "found no matching overload for '{name}' applied to {} argument(s)",
                    args.len()
                ),
            ),
            None => self.undeclared(
                id,
                format!("undeclared reference to '{name}' (in container '')"),
                super::error::EvalError::new(format!("no matching overload for '{name}'")),
            ),
        }
    }

    /// Calls that are really comprehensions or bindings.
    fn special_form(
        &mut self,
        id: u64,
        target: &IdedExpr,
        name: &str,
        args: &[IdedExpr],
    ) -> Option<Node> {
        let ident = |e: &IdedExpr| match &e.expr {
            Expr::Ident(n) => Some(n.clone()),
            _ => None,
        };
        if let Expr::Ident(ns) = &target.expr {
            if ns == "cel" && name == "bind" && args.len() == 3 && self.lookup("cel").is_none() {
                let Some(var) = ident(&args[0]) else {
                    return Some(
                        self.issue(id, "cel.bind() variable name must be a simple identifier"),
                    );
                };
                let init = self.node(&args[1]);
                return Some(self.with_vars(&[var.as_str()], |this, slots| Node::Bind {
                    slot: slots[0],
                    init: Box::new(init),
                    body: Box::new(this.node(&args[2])),
                }));
            }
        }
        let two_var = matches!(name, "all" | "exists" | "existsOne" | "exists_one")
            && args.len() == 3
            || matches!(name, "transformList" | "transformMap" | "transformMapEntry")
                && (args.len() == 3 || args.len() == 4);
        if two_var {
            let (Some(first), Some(second)) = (ident(&args[0]), ident(&args[1])) else {
                return Some(self.issue(
                    id,
                    format!("{name}() variable names must be simple identifiers"),
                ));
            };
            if first == second {
                return Some(self.issue(
                    id,
                    format!("{name}() second variable must be different from the first variable"),
                ));
            }
            let range = self.node(target);
            let kind = match name {
                "all" => TwoVar::All,
                "exists" => TwoVar::Exists,
                "existsOne" | "exists_one" => TwoVar::ExistsOne,
                "transformList" => TwoVar::TransformList,
                "transformMap" => TwoVar::TransformMap,
                _ => TwoVar::TransformMapEntry,
            };
            return Some(self.two_var(range, &first, &second, kind, &args[2..]));
        }
        if matches!(name, "optMap" | "optFlatMap") && args.len() == 2 {
            let Some(var) = ident(&args[0]) else {
                return Some(self.issue(
                    id,
                    format!("{name}() variable name must be a simple identifier"),
                ));
            };
            let operand = self.node(target);
            return Some(self.with_vars(&[var.as_str()], |this, slots| {
                let body = this.node(&args[1]);
                Node::Call {
                    func: if name == "optMap" {
                        Func::OptMap(slots[0])
                    } else {
                        Func::OptFlatMap(slots[0])
                    },
                    args: vec![operand, body],
                }
            }));
        }
        if name == "sortBy" && args.len() == 2 {
            let Some(var) = ident(&args[0]) else {
                return Some(self.issue(id, "sortBy() variable name must be a simple identifier"));
            };
            let list = self.node(target);
            return Some(self.with_vars(&[var.as_str()], |this, slots| {
                let key = this.node(&args[1]);
                Node::Call {
                    func: Func::SortBy(slots[0]),
                    args: vec![list, key],
                }
            }));
        }
        None
    }

    /// Builds the comprehension of a two-variable macro. The accumulator is a fresh slot.
    fn two_var(
        &mut self,
        range: Node,
        first: &str,
        second: &str,
        kind: TwoVar,
        rest: &[IdedExpr],
    ) -> Node {
        self.with_vars(&["@result"], |this, accu| {
            let accu = accu[0];
            this.with_vars(&[first, second], |this, slots| {
                let exprs: Vec<Node> = rest.iter().map(|e| this.node(e)).collect();
                Node::Comprehension(Box::new(kind.build(range, slots[0], slots[1], accu, exprs)))
            })
        })
    }
}

#[derive(Clone, Copy)]
enum TwoVar {
    All,
    Exists,
    ExistsOne,
    TransformList,
    TransformMap,
    TransformMapEntry,
}

impl TwoVar {
    fn build(
        self,
        range: Node,
        first: usize,
        second: usize,
        accu: usize,
        mut exprs: Vec<Node>,
    ) -> Comprehension {
        let accu_node = || Node::Var(accu);
        let (init, cond, step, result) = match self {
            TwoVar::All => {
                let p = exprs.remove(0);
                (
                    Node::Const(Value::Bool(true)),
                    Node::NotStrictlyFalse(Box::new(accu_node())),
                    Node::And(Box::new(accu_node()), Box::new(p)),
                    accu_node(),
                )
            }
            TwoVar::Exists => {
                let p = exprs.remove(0);
                (
                    Node::Const(Value::Bool(false)),
                    Node::NotStrictlyFalse(Box::new(Node::Call {
                        func: Func::Not,
                        args: vec![accu_node()],
                    })),
                    Node::Or(Box::new(accu_node()), Box::new(p)),
                    accu_node(),
                )
            }
            TwoVar::ExistsOne => {
                let p = exprs.remove(0);
                (
                    Node::Const(Value::Int(0)),
                    Node::Const(Value::Bool(true)),
                    Node::Conditional(
                        Box::new(p),
                        Box::new(Node::Call {
                            func: Func::Add,
                            args: vec![accu_node(), Node::Const(Value::Int(1))],
                        }),
                        Box::new(accu_node()),
                    ),
                    Node::Call {
                        func: Func::Eq,
                        args: vec![accu_node(), Node::Const(Value::Int(1))],
                    },
                )
            }
            TwoVar::TransformList | TwoVar::TransformMap | TwoVar::TransformMapEntry => {
                let (filter, value) = if exprs.len() == 2 {
                    let value = exprs.remove(1);
                    (Some(exprs.remove(0)), value)
                } else {
                    (None, exprs.remove(0))
                };
                let (init, add) = match self {
                    TwoVar::TransformList => (
                        Node::List {
                            elements: vec![],
                            optional: vec![],
                        },
                        Node::Call {
                            func: Func::Add,
                            args: vec![
                                accu_node(),
                                Node::List {
                                    elements: vec![value],
                                    optional: vec![false],
                                },
                            ],
                        },
                    ),
                    TwoVar::TransformMap => (
                        Node::Map { entries: vec![] },
                        Node::Call {
                            func: Func::MapInsert,
                            args: vec![accu_node(), Node::Var(first), value],
                        },
                    ),
                    _ => (
                        Node::Map { entries: vec![] },
                        Node::Call {
                            func: Func::MapInsertEntry,
                            args: vec![accu_node(), value],
                        },
                    ),
                };
                let step = match filter {
                    Some(f) => Node::Conditional(Box::new(f), Box::new(add), Box::new(accu_node())),
                    None => add,
                };
                (init, Node::Const(Value::Bool(true)), step, accu_node())
            }
        };
        Comprehension {
            range,
            first,
            second: Some(second),
            accu,
            init,
            cond,
            step,
            result,
        }
    }
}

/// An opt-in format call with its constant format name resolved once.
fn constant_format(func: Func, args: &[Node]) -> Result<Func, String> {
    let Func::Lib(lib) = func else {
        return Ok(func);
    };
    let name = match args.get(1) {
        Some(Node::Const(Value::String(s))) => Some(&**s),
        _ => None,
    };
    super::library::kep_formats::with_constant_name(lib, name).map(Func::Lib)
}

fn literal(lit: &LiteralValue) -> Value<'static> {
    match lit {
        LiteralValue::Boolean(b) => Value::Bool(*b.inner()),
        LiteralValue::Int(i) => Value::Int(*i.inner()),
        LiteralValue::UInt(u) => Value::Uint(*u.inner()),
        LiteralValue::Double(d) => Value::Double(*d.inner()),
        LiteralValue::String(s) => Value::string(s.inner()),
        LiteralValue::Bytes(b) => Value::Bytes(Arc::from(b.inner())),
        LiteralValue::Null => Value::Null,
    }
}

/// `a.b.c` as a dotted name, when the expression is only identifiers and selects.
fn qualified_name(e: &IdedExpr) -> Option<String> {
    match &e.expr {
        Expr::Ident(n) => Some(n.clone()),
        Expr::Select(s) if !s.test => Some(format!("{}.{}", qualified_name(&s.operand)?, s.field)),
        _ => None,
    }
}
