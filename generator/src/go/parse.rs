//! One Go source file to declarations: the tree-sitter CST is read into [`ParsedFile`], with
//! qualified names resolved through the file's imports and doc comments attached as gengo does.

use super::comments::{CommentGroups, RawComment};
use super::model::{ConstDecl, ConstValue, Field, Method, ReturnLiteral, TypeDecl, TypeExpr};
use super::struct_tag::unquote;
use crate::error::{Error, Result, SourcePos};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use tree_sitter::{Node, Parser};

/// What one file declares.
#[derive(Debug, Default)]
pub struct ParsedFile {
    pub package_name: String,
    pub types: Vec<TypeDecl>,
    pub methods: Vec<(String, Method)>,
    pub consts: Vec<ConstDecl>,
    /// Every comment group's lines, in file order (used for `doc.go`).
    pub comment_lines: Vec<String>,
    /// The package clause's doc comment and the closest comment group above it (where
    /// `groupversion_info.go` puts `+groupName`).
    pub package_lines: Vec<String>,
    /// Marker lines of `/* */` comments left out (see [`parse_file_with`]): line, column, text.
    pub ignored_markers: Vec<(usize, usize, String)>,
}

/// A tree-sitter parser for Go.
pub fn go_parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_go::LANGUAGE.into())
        .expect("the tree-sitter-go grammar matches the tree-sitter version");
    parser
}

/// Parses `source` (the file at `path`, in the package with import path `package_path`).
pub fn parse_file(
    parser: &mut Parser,
    path: &std::path::Path,
    source: &str,
    package_path: &str,
) -> Result<ParsedFile> {
    parse_file_with(parser, path, source, package_path, false)
}

/// [`parse_file`]; with `line_comment_markers_only`, lines of `/* */` comments that start with
/// `+` are left out of every comment, as controller-gen reads markers only from `//` comments
/// (and a marker line would be text, not a marker, to it).
pub fn parse_file_with(
    parser: &mut Parser,
    path: &std::path::Path,
    source: &str,
    package_path: &str,
    line_comment_markers_only: bool,
) -> Result<ParsedFile> {
    let tree = parser
        .parse(source, None)
        .ok_or_else(|| Error::new(format!("{}: the Go parser gave up", path.display())))?;
    let file = Arc::new(path.to_path_buf());
    let root = tree.root_node();
    let reader = FileReader {
        source,
        file: file.clone(),
        package_path,
        imports: HashMap::new(),
        comments: CommentGroups::default(),
        line_comment_markers_only,
    };
    // A function body kubeidl does not read (one in Go syntax newer than the grammar, such
    // as Go 1.26's `new(expr)`) does not stop the file's types from being read.
    if root.has_error() && !errors_only_in_bodies(root) {
        return Err(reader.syntax_error(root));
    }
    reader.read(root)
}

struct FileReader<'a> {
    source: &'a str,
    file: Arc<PathBuf>,
    package_path: &'a str,
    /// Import name (alias or package name) to import path.
    imports: HashMap<String, String>,
    comments: CommentGroups,
    line_comment_markers_only: bool,
}

impl<'a> FileReader<'a> {
    fn text(&self, node: Node<'_>) -> &'a str {
        &self.source[node.byte_range()]
    }

    fn pos(&self, node: Node<'_>) -> SourcePos {
        let p = node.start_position();
        let line_start = node.start_byte() - p.column;
        let column = self.source[line_start..node.start_byte()].chars().count() + 1;
        SourcePos {
            file: self.file.clone(),
            line: p.row + 1,
            column,
        }
    }

    /// The first syntax error of the file. Inside an ERROR node, the innermost nested ERROR is
    /// where the parser lost its way, and its first token is what was unexpected.
    fn syntax_error(&self, root: Node<'_>) -> Error {
        let Some(mut node) = first_error(root) else {
            return Error::at(&self.pos(root), "syntax error");
        };
        if node.is_missing() {
            return Error::at(
                &self.pos(node),
                format!("syntax error: missing `{}`", node.kind()),
            );
        }
        while let Some(inner) = first_error_below(node) {
            node = inner;
        }
        let mut token = node;
        while let Some(child) = token.child(0) {
            token = child;
        }
        let text = self.text(token).lines().next().unwrap_or("");
        let text: String = text.chars().take(40).collect();
        if text.is_empty() {
            return Error::at(&self.pos(node), "syntax error");
        }
        Error::at(
            &self.pos(node),
            format!("syntax error: unexpected `{text}`"),
        )
    }

    fn read(mut self, root: Node<'_>) -> Result<ParsedFile> {
        self.comments = CommentGroups::build_with(
            &collect_comments(root, self.source),
            self.line_comment_markers_only,
        );
        let mut out = ParsedFile {
            comment_lines: self.comments.all.iter().flatten().cloned().collect(),
            ignored_markers: std::mem::take(&mut self.comments.ignored_markers),
            ..ParsedFile::default()
        };
        let mut cursor = root.walk();
        for node in root.named_children(&mut cursor) {
            match node.kind() {
                "package_clause" => {
                    if let Some(name) = node.named_child(0) {
                        out.package_name = self.text(name).to_string();
                    }
                    let row = node.start_position().row;
                    let doc = self.comments.doc_for_row(row);
                    let above = self.comments.group_above(row, None).unwrap_or_default();
                    out.package_lines = above.lines.into_iter().chain(doc.lines).collect();
                }
                "import_declaration" => self.read_imports(node),
                "type_declaration" => self.read_types(node, &mut out.types),
                "const_declaration" => self.read_consts(node, &mut out.consts),
                "method_declaration" => {
                    if let Some(m) = self.read_method(node) {
                        out.methods.push(m);
                    }
                }
                _ => {}
            }
        }
        Ok(out)
    }

    fn read_imports(&mut self, node: Node<'_>) {
        let mut specs = Vec::new();
        collect_kind(node, "import_spec", &mut specs);
        for spec in specs {
            let Some(path_node) = spec.child_by_field_name("path") else {
                continue;
            };
            let Some(path) = unquote(self.text(path_node)) else {
                continue;
            };
            let name = match spec.child_by_field_name("name") {
                Some(n) if n.kind() == "package_identifier" => self.text(n).to_string(),
                Some(_) => continue, // `_` and `.` imports name nothing usable
                None => default_import_name(&path),
            };
            self.imports.insert(name, path);
        }
    }

    fn read_types(&self, node: Node<'_>, out: &mut Vec<TypeDecl>) {
        // Where the code before this declaration ends (comments are not code).
        let mut previous = node.prev_named_sibling();
        while previous.is_some_and(|p| p.kind() == "comment") {
            previous = previous.and_then(|p| p.prev_named_sibling());
        }
        let floor = previous.map(|p| p.end_position().row);
        let mut specs = Vec::new();
        collect_kind(node, "type_spec", &mut specs);
        collect_kind(node, "type_alias", &mut specs);
        specs.sort_by_key(|n| n.start_byte());
        for spec in specs {
            let (Some(name), Some(ty)) = (
                spec.child_by_field_name("name"),
                spec.child_by_field_name("type"),
            ) else {
                continue;
            };
            out.push(TypeDecl {
                name: self.text(name).to_string(),
                alias: spec.kind() == "type_alias",
                generic: spec.child_by_field_name("type_parameters").is_some(),
                ty: self.type_expr(ty),
                comments: self.comments.doc_for_row(name.start_position().row),
                above: self
                    .comments
                    .group_above(name.start_position().row, floor)
                    .unwrap_or_default(),
                pos: self.pos(name),
            });
        }
    }

    fn type_expr(&self, node: Node<'_>) -> TypeExpr {
        match node.kind() {
            "type_identifier" => TypeExpr::Named {
                package: self.package_path.to_string(),
                name: self.text(node).to_string(),
            },
            "qualified_type" => {
                let qualifier = node
                    .child_by_field_name("package")
                    .map(|n| self.text(n))
                    .unwrap_or("");
                let name = node
                    .child_by_field_name("name")
                    .map(|n| self.text(n))
                    .unwrap_or("");
                match self.imports.get(qualifier) {
                    Some(path) => TypeExpr::Named {
                        package: path.clone(),
                        name: name.to_string(),
                    },
                    None => TypeExpr::Unsupported(format!(
                        "{qualifier}.{name} (no import in this file is named `{qualifier}`)"
                    )),
                }
            }
            "pointer_type" => TypeExpr::Pointer(Box::new(self.first_type_child(node))),
            "slice_type" => TypeExpr::Slice(Box::new(self.field_type(node, "element"))),
            "array_type" => TypeExpr::Array(Box::new(self.field_type(node, "element"))),
            "map_type" => TypeExpr::Map(
                Box::new(self.field_type(node, "key")),
                Box::new(self.field_type(node, "value")),
            ),
            "parenthesized_type" => self.first_type_child(node),
            "struct_type" => TypeExpr::Struct(Arc::new(self.struct_fields(node))),
            "interface_type" => {
                let mut cursor = node.walk();
                let empty = node
                    .named_children(&mut cursor)
                    .all(|c| c.kind() == "comment");
                TypeExpr::Interface { empty }
            }
            _ => TypeExpr::Unsupported(self.text(node).to_string()),
        }
    }

    fn field_type(&self, node: Node<'_>, field: &str) -> TypeExpr {
        match node.child_by_field_name(field) {
            Some(n) => self.type_expr(n),
            None => TypeExpr::Unsupported(self.text(node).to_string()),
        }
    }

    fn first_type_child(&self, node: Node<'_>) -> TypeExpr {
        let mut cursor = node.walk();
        let inner = node
            .named_children(&mut cursor)
            .find(|c| c.kind() != "comment");
        match inner {
            Some(n) => self.type_expr(n),
            None => TypeExpr::Unsupported(self.text(node).to_string()),
        }
    }

    fn struct_fields(&self, node: Node<'_>) -> Vec<Field> {
        let mut fields = Vec::new();
        let mut decls = Vec::new();
        collect_kind(node, "field_declaration", &mut decls);
        for decl in decls {
            let Some(ty_node) = decl.child_by_field_name("type") else {
                continue;
            };
            let tag = decl
                .child_by_field_name("tag")
                .and_then(|t| unquote(self.text(t)))
                .unwrap_or_default();
            let mut cursor = decl.walk();
            let names: Vec<Node<'_>> = decl.children_by_field_name("name", &mut cursor).collect();
            let ty = self.type_expr(ty_node);
            if names.is_empty() {
                let mut cursor = decl.walk();
                let pointer = decl.children(&mut cursor).any(|c| c.kind() == "*");
                let type_name = match &ty {
                    TypeExpr::Named { name, .. } => name.clone(),
                    other => other.go_string(),
                };
                fields.push(Field {
                    name: type_name,
                    embedded: true,
                    ty: if pointer {
                        TypeExpr::Pointer(Box::new(ty))
                    } else {
                        ty
                    },
                    tag,
                    comments: self.comments.doc_for_row(ty_node.start_position().row),
                    pos: self.pos(ty_node),
                });
                continue;
            }
            for name in names {
                fields.push(Field {
                    name: self.text(name).to_string(),
                    embedded: false,
                    ty: ty.clone(),
                    tag: tag.clone(),
                    comments: self.comments.doc_for_row(name.start_position().row),
                    pos: self.pos(name),
                });
            }
        }
        fields
    }

    fn read_consts(&self, node: Node<'_>, out: &mut Vec<ConstDecl>) {
        let mut specs = Vec::new();
        collect_kind(node, "const_spec", &mut specs);
        specs.sort_by_key(|n| n.start_byte());
        let mut previous: (Option<Node<'_>>, Option<Node<'_>>) = (None, None);
        for (iota, spec) in specs.into_iter().enumerate() {
            let mut cursor = spec.walk();
            let names: Vec<Node<'_>> = spec.children_by_field_name("name", &mut cursor).collect();
            let (ty_node, values) = match spec.child_by_field_name("value") {
                Some(values) => (spec.child_by_field_name("type"), Some(values)),
                None => previous,
            };
            previous = (ty_node, values);
            let value_nodes: Vec<Node<'_>> = match values {
                Some(list) => {
                    let mut cursor = list.walk();
                    list.named_children(&mut cursor)
                        .filter(|c| c.kind() != "comment")
                        .collect()
                }
                None => Vec::new(),
            };
            for (i, name) in names.iter().enumerate() {
                let value_node = value_nodes.get(i).copied();
                let value =
                    value_node.map_or(ConstValue::Unknown, |v| self.const_value(v, iota as i64));
                let ty = ty_node
                    .map(|t| self.type_expr(t))
                    .or_else(|| value_node.and_then(|v| self.conversion_type(v)));
                out.push(ConstDecl {
                    name: self.text(*name).to_string(),
                    ty,
                    value,
                    comments: self.comments.doc_for_row(name.start_position().row),
                    pos: self.pos(*name),
                });
            }
        }
    }

    /// The type of a conversion `T(x)`, which makes the constant typed.
    fn conversion_type(&self, node: Node<'_>) -> Option<TypeExpr> {
        if node.kind() != "call_expression" {
            return None;
        }
        let function = node.child_by_field_name("function")?;
        match function.kind() {
            "identifier" | "type_identifier" => Some(TypeExpr::Named {
                package: self.package_path.to_string(),
                name: self.text(function).to_string(),
            }),
            "selector_expression" => {
                let operand = function.child_by_field_name("operand")?;
                let field = function.child_by_field_name("field")?;
                let path = self.imports.get(self.text(operand))?;
                Some(TypeExpr::Named {
                    package: path.clone(),
                    name: self.text(field).to_string(),
                })
            }
            _ => None,
        }
    }

    fn const_value(&self, node: Node<'_>, iota: i64) -> ConstValue {
        match node.kind() {
            "interpreted_string_literal" | "raw_string_literal" => {
                unquote(self.text(node)).map_or(ConstValue::Unknown, ConstValue::String)
            }
            "int_literal" => {
                parse_go_int(self.text(node)).map_or(ConstValue::Unknown, ConstValue::Int)
            }
            "float_literal" => self
                .text(node)
                .replace('_', "")
                .parse()
                .map_or(ConstValue::Unknown, ConstValue::Float),
            "true" => ConstValue::Bool(true),
            "false" => ConstValue::Bool(false),
            "iota" => ConstValue::Int(iota),
            "identifier" => ConstValue::Ref(self.text(node).to_string()),
            "selector_expression" => {
                let operand = node.child_by_field_name("operand");
                let field = node.child_by_field_name("field");
                let package = operand.and_then(|o| self.imports.get(self.text(o)));
                match (package, field) {
                    (Some(package), Some(field)) => ConstValue::External {
                        package: package.clone(),
                        name: self.text(field).to_string(),
                    },
                    _ => ConstValue::Unknown,
                }
            }
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) => self.const_value(inner, iota),
                None => ConstValue::Unknown,
            },
            "unary_expression" => {
                let operand = node.child_by_field_name("operand");
                let operator = node.child_by_field_name("operator").map(|o| self.text(o));
                match (operator, operand.map(|o| self.const_value(o, iota))) {
                    (Some("-"), Some(ConstValue::Int(v))) => ConstValue::Int(-v),
                    (Some("-"), Some(ConstValue::Float(v))) => ConstValue::Float(-v),
                    (Some("+"), Some(v)) => v,
                    _ => ConstValue::Unknown,
                }
            }
            "call_expression" => {
                let args = node.child_by_field_name("arguments");
                let mut cursor = node.walk();
                let arg = args.and_then(|a| {
                    a.named_children(&mut cursor)
                        .find(|c| c.kind() != "comment")
                });
                match arg {
                    Some(arg) => self.const_value(arg, iota),
                    None => ConstValue::Unknown,
                }
            }
            _ => ConstValue::Unknown,
        }
    }

    fn read_method(&self, node: Node<'_>) -> Option<(String, Method)> {
        let receiver = node.child_by_field_name("receiver")?;
        let mut cursor = receiver.walk();
        let param = receiver
            .named_children(&mut cursor)
            .find(|c| c.kind() == "parameter_declaration")?;
        let mut recv_type = param.child_by_field_name("type")?;
        let pointer_receiver = recv_type.kind() == "pointer_type";
        if pointer_receiver {
            let mut cursor = recv_type.walk();
            recv_type = recv_type
                .named_children(&mut cursor)
                .find(|c| c.kind() != "comment")?;
        }
        if recv_type.kind() == "generic_type" {
            recv_type = recv_type.child_by_field_name("type")?;
        }
        let receiver_name = self.text(recv_type).to_string();
        let name = node.child_by_field_name("name")?;
        let param_count = node
            .child_by_field_name("parameters")
            .map_or(0, |p| self.parameter_types(p).len());
        let results = match node.child_by_field_name("result") {
            None => Vec::new(),
            Some(r) if r.kind() == "parameter_list" => self.parameter_types(r),
            Some(r) => vec![self.type_expr(r)],
        };
        let returns = node
            .child_by_field_name("body")
            .and_then(|b| self.single_return(b));
        Some((
            receiver_name,
            Method {
                name: self.text(name).to_string(),
                pointer_receiver,
                param_count,
                results,
                returns,
                pos: self.pos(name),
            },
        ))
    }

    fn parameter_types(&self, list: Node<'_>) -> Vec<TypeExpr> {
        let mut out = Vec::new();
        let mut cursor = list.walk();
        for decl in list.named_children(&mut cursor) {
            if !matches!(
                decl.kind(),
                "parameter_declaration" | "variadic_parameter_declaration"
            ) {
                continue;
            }
            let Some(ty) = decl.child_by_field_name("type") else {
                continue;
            };
            let mut name_cursor = decl.walk();
            let names = decl
                .children_by_field_name("name", &mut name_cursor)
                .count()
                .max(1);
            let ty = self.type_expr(ty);
            out.extend(std::iter::repeat_n(ty, names));
        }
        out
    }

    /// The literal of a body that is exactly `return <literal>`.
    fn single_return(&self, body: Node<'_>) -> Option<ReturnLiteral> {
        let mut statements = Vec::new();
        let mut cursor = body.walk();
        for child in body.named_children(&mut cursor) {
            match child.kind() {
                "comment" => {}
                "statement_list" => {
                    let mut inner = child.walk();
                    statements.extend(
                        child
                            .named_children(&mut inner)
                            .filter(|c| c.kind() != "comment"),
                    );
                }
                _ => statements.push(child),
            }
        }
        let [statement] = statements.as_slice() else {
            return None;
        };
        if statement.kind() != "return_statement" {
            return None;
        }
        let list = statement.named_child(0)?;
        let mut cursor = list.walk();
        let values: Vec<Node<'_>> = list
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let [value] = values.as_slice() else {
            return None;
        };
        match value.kind() {
            "nil" => Some(ReturnLiteral::Nil),
            "interpreted_string_literal" | "raw_string_literal" => {
                unquote(self.text(*value)).map(ReturnLiteral::String)
            }
            "composite_literal" => {
                let ty = value.child_by_field_name("type")?;
                if self.text(ty).split_whitespace().collect::<String>() != "[]string" {
                    return None;
                }
                let body = value.child_by_field_name("body")?;
                let mut cursor = body.walk();
                let mut items = Vec::new();
                for element in body.named_children(&mut cursor) {
                    if element.kind() == "comment" {
                        continue;
                    }
                    let literal = if element.kind() == "literal_element" {
                        element.named_child(0)?
                    } else {
                        element
                    };
                    items.push(unquote(self.text(literal))?);
                }
                Some(ReturnLiteral::StringList(items))
            }
            _ => None,
        }
    }
}

/// Whether every ERROR or MISSING node below `root` stands inside the body of a function, a
/// method or a function literal.
fn errors_only_in_bodies(root: Node<'_>) -> bool {
    fn in_body(node: Node<'_>) -> bool {
        let mut at = node;
        while let Some(parent) = at.parent() {
            if at.kind() == "block"
                && matches!(
                    parent.kind(),
                    "function_declaration" | "method_declaration" | "func_literal"
                )
            {
                return true;
            }
            at = parent;
        }
        false
    }
    let mut errors = Vec::new();
    error_nodes(root, &mut errors);
    errors.into_iter().all(in_body)
}

/// The outermost ERROR and MISSING nodes at or below `node`, in document order.
fn error_nodes<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    if node.is_error() || node.is_missing() {
        out.push(node);
        return;
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.children(&mut cursor).collect();
    for child in children {
        error_nodes(child, out);
    }
}

/// The first ERROR or MISSING node in document order.
fn first_error(node: Node<'_>) -> Option<Node<'_>> {
    let mut errors = Vec::new();
    error_nodes(node, &mut errors);
    errors.into_iter().next()
}

/// The first ERROR or MISSING node strictly inside `node`.
fn first_error_below(node: Node<'_>) -> Option<Node<'_>> {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    children.into_iter().find_map(first_error)
}

/// The name an unaliased import is known by: the last path element, without a `.vN` suffix or a
/// `go-` prefix (Go uses the imported package's own name; by convention that is it).
fn default_import_name(path: &str) -> String {
    let mut last = path.rsplit('/').next().unwrap_or(path);
    if let Some((base, version)) = last.rsplit_once('.') {
        if version.starts_with('v') && version[1..].chars().all(|c| c.is_ascii_digit()) {
            last = base;
        }
    }
    last.trim_start_matches("go-").replace('-', "_")
}

fn parse_go_int(text: &str) -> Option<i64> {
    let t = text.replace('_', "");
    let (digits, radix) = match t.get(..2) {
        Some("0x") | Some("0X") => (&t[2..], 16),
        Some("0b") | Some("0B") => (&t[2..], 2),
        Some("0o") | Some("0O") => (&t[2..], 8),
        _ if t.len() > 1 && t.starts_with('0') => (&t[1..], 8),
        _ => (&t[..], 10),
    };
    i64::from_str_radix(digits, radix).ok()
}

fn collect_kind<'t>(node: Node<'t>, kind: &str, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if child.kind() == kind {
            out.push(child);
        } else if matches!(
            child.kind(),
            "import_spec_list" | "type_spec_list" | "const_spec_list" | "field_declaration_list"
        ) {
            collect_kind(child, kind, out);
        }
    }
}

/// Every comment of the file in order, with what go/parser needs to group them: whether a code
/// token precedes it on its line, and how many code tokens come before it.
fn collect_comments<'s>(root: Node<'_>, source: &'s str) -> Vec<RawComment<'s>> {
    let mut out = Vec::new();
    let mut cursor = root.walk();
    let mut tokens = 0usize;
    let mut last_token_end_row: Option<usize> = None;
    loop {
        let node = cursor.node();
        if node.kind() == "comment" {
            let start_row = node.start_position().row;
            out.push(RawComment {
                text: &source[node.byte_range()],
                start_row,
                end_row: node.end_position().row,
                start_column: source
                    [node.start_byte() - node.start_position().column..node.start_byte()]
                    .chars()
                    .count(),
                trailing: last_token_end_row == Some(start_row),
                tokens_before: tokens,
            });
        } else if node.child_count() == 0 {
            if node.end_byte() > node.start_byte() {
                tokens += 1;
                last_token_end_row = Some(node.end_position().row);
            }
        } else if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> ParsedFile {
        parse_file(
            &mut go_parser(),
            std::path::Path::new("t.go"),
            src,
            "example.com/p",
        )
        .unwrap()
    }

    #[test]
    fn markers_above_the_doc_comment_are_read_as_controller_gen_reads_them() {
        let f = parse(
            "// Copyright header.\n\n// Package p has its markers here.\n// +groupName=example.com\npackage p\n\nconst A = 1 // trailing\n\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n\n// Kind is a kind.\ntype Kind struct{}\n\n// Plain has a doc comment only.\ntype Plain struct{}\n\nvar x = 1\n\n// +kubebuilder:skip\n\ntype Bare struct{}\n",
        );
        assert_eq!(
            f.package_lines,
            [
                "Copyright header.",
                "Package p has its markers here.",
                "+groupName=example.com"
            ]
        );
        let above = |name: &str| {
            f.types
                .iter()
                .find(|t| t.name == name)
                .map(|t| t.above.lines.clone())
                .unwrap()
        };
        assert_eq!(
            above("Kind"),
            [
                "+kubebuilder:object:root=true",
                "+kubebuilder:subresource:status"
            ]
        );
        // Plain's closest group above is Kind's doc comment, but code stands between them.
        assert!(above("Plain").is_empty());
        assert_eq!(above("Bare"), ["+kubebuilder:skip"]);
    }

    #[test]
    fn reads_structs_fields_and_docs() {
        let f = parse(
            "package p\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n// Doc line.\n// +k8s:openapi-gen=true\ntype A struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\t// X doc\n\tX, Y map[string][]*int `json:\"x,omitempty\"`\n\n\t// detached\n\n\tZ *B // trailing\n}\n",
        );
        assert_eq!(f.package_name, "p");
        let a = &f.types[0];
        assert_eq!(a.comments.lines, vec!["Doc line.", "+k8s:openapi-gen=true"]);
        let TypeExpr::Struct(fields) = &a.ty else {
            panic!()
        };
        assert_eq!(fields.len(), 4);
        assert!(fields[0].embedded);
        assert_eq!(fields[0].name, "TypeMeta");
        assert_eq!(
            fields[0].ty,
            TypeExpr::Named {
                package: "k8s.io/apimachinery/pkg/apis/meta/v1".into(),
                name: "TypeMeta".into()
            }
        );
        assert_eq!(fields[1].comments.lines, vec!["X doc"]);
        // `\t// X doc` on line 9: the text starts after the tab, `//` and the space.
        let at = fields[1].comments.position(0, 2);
        assert_eq!((at.line, at.column), (9, 7));
        let at = a.comments.position(1, 1);
        assert_eq!((at.line, at.column), (6, 5));
        assert_eq!(fields[2].name, "Y");
        assert_eq!(fields[2].tag, "json:\"x,omitempty\"");
        assert_eq!(fields[3].comments.lines, vec![""]);
        assert_eq!(fields[3].pos.line, 14);
    }

    #[test]
    fn reads_consts_of_other_packages_as_references() {
        let f = parse(
            "package p\nimport v1 \"k8s.io/api/core/v1\"\nconst A = AddressType(v1.IPv4Protocol)\n",
        );
        assert_eq!(
            f.consts[0].value,
            ConstValue::External {
                package: "k8s.io/api/core/v1".into(),
                name: "IPv4Protocol".into()
            }
        );
    }

    #[test]
    fn reads_consts_with_iota_and_repetition() {
        let f = parse("package p\nconst (\n\t// A is a.\n\tA Proto = \"a\"\n\tB Proto = Proto(\"b\")\n\tC\n\tD = iota\n)\n");
        let values: Vec<_> = f
            .consts
            .iter()
            .map(|c| (c.name.as_str(), c.value.clone()))
            .collect();
        assert_eq!(
            values,
            vec![
                ("A", ConstValue::String("a".into())),
                ("B", ConstValue::String("b".into())),
                ("C", ConstValue::String("b".into())),
                ("D", ConstValue::Int(3)),
            ]
        );
        assert_eq!(f.consts[0].comments.lines, vec!["A is a."]);
        assert!(f.consts[2].ty.is_some());
    }

    #[test]
    fn reads_one_line_methods() {
        let f = parse(
            "package p\nfunc (_ Q) OpenAPISchemaType() []string { return []string{\"string\"} }\nfunc (Q) OpenAPISchemaFormat() string {\n\t// TODO: x\n\treturn \"\"\n}\nfunc (*Q) UnmarshalJSON(b []byte) error { return nil }\nfunc (Q) N() []string { return nil }\n",
        );
        let m: Vec<_> = f
            .methods
            .iter()
            .map(|(r, m)| (r.as_str(), m.name.as_str(), m.returns.clone()))
            .collect();
        assert_eq!(
            m[0],
            (
                "Q",
                "OpenAPISchemaType",
                Some(ReturnLiteral::StringList(vec!["string".into()]))
            )
        );
        assert_eq!(
            m[1],
            (
                "Q",
                "OpenAPISchemaFormat",
                Some(ReturnLiteral::String(String::new()))
            )
        );
        assert!(f.methods[2].1.pointer_receiver);
        assert_eq!(f.methods[2].1.param_count, 1);
        assert_eq!(m[3].2, Some(ReturnLiteral::Nil));
    }

    #[test]
    fn a_body_the_grammar_cannot_read_does_not_hide_the_types() {
        // Go 1.26's new(expr), and plain garbage, in function bodies.
        let source = "package p\n\ntype A struct {\n\tX int `json:\"x\"`\n}\n\nfunc convert(in *A) *int {\n\treturn new(in.X + )\n}\n\nfunc f() { x := ]] }\n\ntype B struct{}\n";
        let f = parse_file(
            &mut go_parser(),
            std::path::Path::new("conv.go"),
            source,
            "p",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<&str> = f.types.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["A", "B"]);
        // Outside a body, an error still stops the file.
        let err = parse_file(
            &mut go_parser(),
            std::path::Path::new("bad.go"),
            "package p\ntype A struct {\n\tX int ]]\n}\n",
            "p",
        )
        .unwrap_err();
        assert!(err.to_string().contains("syntax error"), "{err}");
    }

    #[test]
    fn syntax_errors_have_positions() {
        let err = parse_file(
            &mut go_parser(),
            std::path::Path::new("bad.go"),
            "package p\ntype A struct {\n\tX int `json:\"x\"\n",
            "p",
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("bad.go:"), "{err}");
        assert!(err.to_string().contains("syntax error"), "{err}");
        let err = parse_file(
            &mut go_parser(),
            std::path::Path::new("bad.go"),
            "package p\n\ntype A struct {\n\tX int\n\ntype B struct{}\n",
            "p",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad.go:6:1: syntax error: unexpected `type`"
        );
    }
}
