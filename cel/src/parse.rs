//! The CEL front end: the `cel` crate's parser (macros expanded), with Kubernetes' limits: at most
//! 100,000 code points, a nesting depth of 250 counted over the whole expression, and the
//! identifiers cel-go reserves rejected.

use super::error::{CompileError, CompileIssue, Stage};
use cel::common::ast::{EntryExpr, Expr, IdedExpr, SourceInfo};
use std::fmt::Write;

/// The code point limit of an expression.
pub const MAX_CODE_POINTS: usize = 100_000;
/// The nesting limit of an expression.
pub const MAX_RECURSION_DEPTH: usize = 250;

/// Words cel-go reserves: they may not name a variable, field or function.
pub const RESERVED: &[&str] = &[
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// A parsed expression with the offsets of its nodes.
#[derive(Debug)]
pub struct Parsed {
    pub expr: IdedExpr,
    /// The nesting depth of `expr`.
    pub depth: usize,
    pub info: SourceInfo,
    pub source: String,
}

impl Parsed {
    /// 1-based line and column (in code points) of a node.
    pub fn location(&self, id: u64) -> Option<(usize, usize)> {
        let (start, _) = self.info.offset_for(id)?;
        location_of_offset(&self.source, start as usize)
    }
}

/// The 1-based line and column of a code-point offset.
pub fn location_of_offset(source: &str, offset: usize) -> Option<(usize, usize)> {
    let mut line = 1;
    let mut column = 1;
    for (i, c) in source.chars().enumerate() {
        if i == offset {
            return Some((line, column));
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    Some((line, column))
}

/// Parses `source`.
pub fn parse(source: &str) -> Result<Parsed, CompileError> {
    let size = source.chars().count();
    if size > MAX_CODE_POINTS {
        return Err(CompileError::single(
            Stage::Parse,
            source,
            None,
            format!(
                "expression code point size exceeds limit: size: {size}, limit {MAX_CODE_POINTS}"
            ),
        ));
    }
    if bracket_depth(source) > MAX_RECURSION_DEPTH {
        return Err(CompileError::single(
            Stage::Parse,
            source,
            None,
            "max recursion depth exceeded",
        ));
    }
    let (expr, info) = run_parser(source).map_err(|errors| {
        let issues = errors
            .errors
            .iter()
            .map(|e| CompileIssue {
                location: (e.pos.0 > 0).then_some((e.pos.0 as usize, e.pos.1.max(1) as usize)),
                message: e.msg.clone(),
            })
            .collect();
        CompileError::new(Stage::Parse, source, issues)
    })?;
    let parsed = Parsed {
        depth: depth(&expr),
        expr,
        info,
        source: source.to_string(),
    };
    if parsed.depth > MAX_RECURSION_DEPTH {
        return Err(CompileError::single(
            Stage::Parse,
            source,
            None,
            "max recursion depth exceeded",
        ));
    }
    if let Some((id, word)) = reserved_identifier(&parsed.expr) {
        return Err(CompileError::single(
            Stage::Parse,
            source,
            parsed.location(id),
            format!("reserved identifier: {word}"),
        ));
    }
    Ok(parsed)
}

fn parse_with_cel(source: &str) -> Result<(IdedExpr, SourceInfo), cel::parser::ParseErrors> {
    cel::parser::Parser::new()
        .max_recursion_depth(MAX_RECURSION_DEPTH as u16)
        .enable_optional_syntax(true)
        .enable_ident_escape_syntax(true)
        .parse_with_source_info(source)
}

/// Runs the parser, on a thread with a large stack when the input could nest deeply: the
/// generated parser recurses several frames per nesting level.
fn run_parser(source: &str) -> Result<(IdedExpr, SourceInfo), cel::parser::ParseErrors> {
    if source.len() <= 200 && bracket_depth(source) <= 3 {
        return parse_with_cel(source);
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, || parse_with_cel(source))
            .expect("a parser thread")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The deepest nesting of `(`, `[` and `{` outside string literals.
fn bracket_depth(source: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                max = max.max(depth);
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            '"' | '\'' => {
                // Skip the literal (triple-quoted ones end at the first matching quote too,
                // which only undercounts).
                while let Some(d) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == c {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    max
}

/// The nesting depth of an expression (iteratively, so a deep tree cannot overflow the stack).
fn depth(root: &IdedExpr) -> usize {
    let mut max = 0;
    let mut stack = vec![(root, 1usize)];
    while let Some((e, d)) = stack.pop() {
        max = max.max(d);
        for child in children(e) {
            stack.push((child, d + 1));
        }
    }
    max
}

/// The direct subexpressions of an expression.
pub fn children(e: &IdedExpr) -> Vec<&IdedExpr> {
    match &e.expr {
        Expr::Call(c) => c.target.iter().map(|t| &**t).chain(c.args.iter()).collect(),
        Expr::Comprehension(c) => vec![
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ],
        Expr::List(l) => l.elements.iter().collect(),
        Expr::Map(m) => m
            .entries
            .iter()
            .flat_map(|entry| match &entry.expr {
                EntryExpr::MapEntry(me) => vec![&me.key, &me.value],
                EntryExpr::StructField(sf) => vec![&sf.value],
            })
            .collect(),
        Expr::Struct(s) => s
            .entries
            .iter()
            .flat_map(|entry| match &entry.expr {
                EntryExpr::MapEntry(me) => vec![&me.key, &me.value],
                EntryExpr::StructField(sf) => vec![&sf.value],
            })
            .collect(),
        Expr::Select(s) => vec![&s.operand],
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => Vec::new(),
    }
}

fn reserved_identifier(root: &IdedExpr) -> Option<(u64, String)> {
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        // As in cel-go, reserved words may not name a variable or a global function; they may
        // still follow a `.` (a field, or a member function).
        let name = match &e.expr {
            Expr::Ident(name) => Some(name.as_str()),
            Expr::Call(c) if c.target.is_none() => Some(c.func_name.as_str()),
            _ => None,
        };
        if let Some(name) = name {
            if RESERVED.contains(&name) {
                return Some((e.id, name.to_string()));
            }
        }
        stack.extend(children(e));
    }
    None
}

/// The expression's shape: its tree with node ids left out and chains of `&&` and of `||`
/// flattened (the parser balances them, so `a || b || c || d` and `(a || b) || (c || d)` are one
/// shape). Two sources of one shape mean the same to every evaluation; `None` if it does not
/// parse.
pub fn shape(source: &str) -> Option<String> {
    let parsed = parse(source).ok()?;
    let mut out = String::new();
    write_shape(&parsed.expr, &mut out);
    Some(out)
}

fn write_shape(e: &IdedExpr, out: &mut String) {
    match &e.expr {
        Expr::Call(call) if matches!(call.func_name.as_str(), "_||_" | "_&&_") => {
            let mut operands = Vec::new();
            flatten(&call.func_name, e, &mut operands);
            let _ = write!(out, "{}(", call.func_name);
            for operand in operands {
                write_shape(operand, out);
                out.push(',');
            }
            out.push(')');
        }
        Expr::Call(call) => {
            let _ = write!(out, "{}(", call.func_name);
            if let Some(target) = &call.target {
                write_shape(target, out);
                out.push(';');
            }
            for arg in &call.args {
                write_shape(arg, out);
                out.push(',');
            }
            out.push(')');
        }
        Expr::Select(select) => {
            out.push_str(if select.test { "has(" } else { "(" });
            write_shape(&select.operand, out);
            let _ = write!(out, ").{}", select.field);
        }
        Expr::Ident(name) => out.push_str(name),
        Expr::Literal(value) => {
            let _ = write!(out, "{value:?}");
        }
        Expr::List(list) => {
            out.push('[');
            for item in &list.elements {
                write_shape(item, out);
                out.push(',');
            }
            let _ = write!(out, "]{:?}", list.optional_indices);
        }
        Expr::Map(map) => write_entries("map", &map.entries, out),
        Expr::Struct(s) => write_entries(&s.type_name, &s.entries, out),
        Expr::Comprehension(c) => {
            let _ = write!(
                out,
                "comprehension({},{:?},{};",
                c.iter_var, c.iter_var2, c.accu_var
            );
            for part in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                write_shape(part, out);
                out.push(';');
            }
            out.push(')');
        }
        Expr::Unspecified => out.push('?'),
    }
}

fn write_entries(name: &str, entries: &[cel::common::ast::IdedEntryExpr], out: &mut String) {
    let _ = write!(out, "{name}{{");
    for entry in entries {
        match &entry.expr {
            EntryExpr::StructField(f) => {
                let _ = write!(out, "{}{}:", if f.optional { "?" } else { "" }, f.field);
                write_shape(&f.value, out);
            }
            EntryExpr::MapEntry(m) => {
                out.push_str(if m.optional { "?" } else { "" });
                write_shape(&m.key, out);
                out.push(':');
                write_shape(&m.value, out);
            }
        }
        out.push(',');
    }
    out.push('}');
}

/// The operands of a chain of `function` calls, in order.
fn flatten<'e>(function: &str, e: &'e IdedExpr, out: &mut Vec<&'e IdedExpr>) {
    match &e.expr {
        Expr::Call(call) if call.func_name == function && call.target.is_none() => {
            for arg in &call.args {
                flatten(function, arg, out);
            }
        }
        _ => out.push(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_with_macros_expanded() {
        let p = parse("self.items.all(i, i.name.startsWith('a'))").unwrap();
        assert!(matches!(p.expr.expr, Expr::Comprehension(_)));
    }

    #[test]
    fn rejects_reserved_identifiers_with_a_position() {
        let err = parse("namespace == 'x'").unwrap_err();
        assert_eq!(err.issues[0].message, "reserved identifier: namespace");
        assert_eq!(
            err.to_string(),
            "ERROR: <input>:1:1: reserved identifier: namespace\n | namespace == 'x'\n | ^"
        );
        assert!(
            parse("self.namespace == 'x'").is_ok(),
            "a field may be named by a reserved word"
        );
    }

    #[test]
    fn limits_size_and_depth() {
        let long = "a".repeat(MAX_CODE_POINTS + 1);
        assert!(parse(&long)
            .unwrap_err()
            .to_string()
            .contains("expression code point size exceeds limit"));
        let deep = format!("{}1{}", "[".repeat(300), "]".repeat(300));
        let err = parse(&deep).unwrap_err().to_string();
        assert!(err.contains("recursion"), "{err}");
        let chain = vec!["a"; 300].join(" == ");
        assert!(parse(&chain).is_err());
        // Runs of `!` and `-` collapse in pairs, as in cel-go; they must not overflow the stack.
        let nots = format!("{}true", "!".repeat(50_000));
        let _ = parse(&nots);
        let minus = format!("{}1", "-".repeat(50_001));
        let _ = parse(&minus);
        let calls = format!("{}1{}", "f(".repeat(200), ")".repeat(200));
        assert!(parse(&calls).is_ok());
    }

    #[test]
    fn syntax_errors_read_like_cel_go() {
        let err = parse("self.a +").unwrap_err();
        assert_eq!(err.stage, Stage::Parse);
        assert!(
            err.to_string()
                .starts_with("ERROR: <input>:1:9: Syntax error: mismatched input '<EOF>'"),
            "{err}"
        );
        assert!(
            err.to_string().ends_with("\n | self.a +\n | ........^"),
            "{err}"
        );
        assert!(err.to_string().starts_with("ERROR: <input>:1:"), "{err}");
    }

    #[test]
    fn shapes_leave_out_ids_and_balancing() {
        assert_eq!(shape("a || b || c || d"), shape("((a || b) || c) || d"));
        assert_eq!(shape("a && (b && c)"), shape("a && b && c"));
        assert_ne!(shape("a || b && c"), shape("(a || b) && c"));
        assert_eq!(shape("self.all(x, x > 1)"), shape("self.all(x, (x > 1))"));
        assert_eq!(shape("a ||"), None);
    }
}
