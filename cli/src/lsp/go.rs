//! Go API types in the editor: the tag and CEL errors `kubeidl openapi` reports for the
//! package of a `types.go`, at the tag (generated from the editor's text, its other files read
//! from disk), hover on a tag (its reference entry, as `kubeidl tags` prints it) and completion
//! of tag names after `// +`.

use super::text::line_at;
use kubeidl::tags::registry::{entries, lookup, Known};
use kubeidl_gen::go::{Loader, ModuleMap};
use kubeidl_gen::openapi::{generate, Options};
use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic, DiagnosticSeverity, Hover, HoverContents,
    MarkupContent, MarkupKind, Position, Range,
};
use std::path::Path;

/// The options `kubeidl openapi` has by default, errors kept as warnings so all are found.
fn options() -> Options {
    Options {
        validations: true,
        lenient: true,
        ..Options::default()
    }
}

/// The diagnostics of a Go file's text: the problems generating its package finds in it.
pub fn diagnostics(file: &Path, text: &str) -> Vec<Diagnostic> {
    let Some(dir) = file.parent() else {
        return Vec::new();
    };
    let Some(module) = dir.ancestors().find(|d| d.join("go.mod").is_file()) else {
        return Vec::new();
    };
    let mut modules = ModuleMap::new();
    if modules.add_argument(&module.to_string_lossy()).is_err() {
        return Vec::new();
    }
    let loader = Loader::new(modules).with_unsaved(file.to_path_buf(), text.to_string());
    let package = dir.to_string_lossy().to_string();
    let mut problems: Vec<(String, DiagnosticSeverity)> = Vec::new();
    match generate(&loader, &[package], &options()) {
        Ok(generated) => problems.extend(
            generated
                .warnings
                .into_iter()
                .map(|w| (w, DiagnosticSeverity::ERROR)),
        ),
        Err(e) => problems.push((e.to_string(), DiagnosticSeverity::ERROR)),
    }
    problems
        .into_iter()
        .filter_map(|(message, severity)| located(file, text, &message, severity))
        .collect()
}

/// A problem `file:line:col: message` of this file as a diagnostic (problems of other files of
/// the package are left to their own documents).
fn located(
    file: &Path,
    text: &str,
    message: &str,
    severity: DiagnosticSeverity,
) -> Option<Diagnostic> {
    let first = message.lines().next()?;
    let shown = file.display().to_string();
    let rest = first.strip_prefix(&shown)?.strip_prefix(':')?;
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts.next()?.parse().ok()?;
    let column: usize = parts.next()?.parse().ok()?;
    let detail = parts.next()?.trim().to_string();
    let start = super::text::position(text, line, column);
    let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
    let end = Position::new(start.line, line_text.encode_utf16().count() as u32);
    Some(Diagnostic {
        range: Range::new(start, end.max(start)),
        severity: Some(severity),
        source: Some("kubeidl".into()),
        message: detail,
        ..Diagnostic::default()
    })
}

/// The tag name the cursor is on in a comment line (`k8s:maxLength` of `// +k8s:maxLength=3`).
fn tag_at(text: &str, at: Position) -> Option<String> {
    let (line, column) = line_at(text, at);
    let plus = line[..column.min(line.len())].rfind('+')?;
    if !line[..plus].trim_start().starts_with("//") {
        return None;
    }
    let name: String = line[plus + 1..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, ':' | '-' | '_' | '.'))
        .collect();
    let name = name.trim_end_matches(':').to_string();
    (!name.is_empty()).then_some(name)
}

/// Hover on a tag: its reference entry.
pub fn hover(text: &str, at: Position) -> Option<Hover> {
    let name = tag_at(text, at)?;
    let Known::Validation(entry, spelling) = lookup(&name) else {
        return None;
    };
    let value = format!(
        "**+{}** ({}, {:?})\n\n{}\n\nExample: `{}`",
        spelling.name,
        spelling.dialect.describe(),
        entry.rule,
        entry.doc,
        entry.example
    );
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    })
}

/// Completion after `// +`: every tag spelling starting with what is typed.
pub fn complete(text: &str, at: Position) -> Vec<CompletionItem> {
    let (line, column) = line_at(text, at);
    let before = &line[..column.min(line.len())];
    let Some(plus) = before.rfind('+') else {
        return Vec::new();
    };
    if !before[..plus].trim_start().starts_with("//") {
        return Vec::new();
    }
    let typed = &before[plus + 1..];
    entries()
        .flat_map(|e| e.spellings.iter().map(move |s| (e, s)))
        .filter(|(_, s)| s.name.starts_with(typed))
        .map(|(e, s)| CompletionItem {
            label: format!("+{}", s.name),
            kind: Some(CompletionItemKind::KEYWORD),
            detail: Some(format!(
                "{} ({})",
                e.doc.split(". ").next().unwrap_or_default(),
                s.dialect.describe()
            )),
            insert_text: Some(s.name.to_string()),
            ..CompletionItem::default()
        })
        .collect()
}
