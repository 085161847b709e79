//! Quick fixes where kubeidl already knows the fix: a misspelt tag (the "did you mean" of its
//! error), a manifest's unknown field (the closest field its schema has there), and an
//! over-budget CRD rule's missing `maxItems` ([`super::cost`]).

use super::manifests;
use super::text::line_at;
use super::workspace::Workspace;
use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, Position, Range, TextEdit, Uri, WorkspaceEdit,
};
use std::collections::HashMap;

/// `unknown tag "+k8s:maxLenght" (did you mean "+k8s:maxLength"?)`: the two spellings.
fn suggested(message: &str) -> Option<(&str, &str)> {
    let rest = message.split("unknown tag \"").nth(1)?;
    let (wrong, rest) = rest.split_once('"')?;
    let right = rest.split("did you mean \"").nth(1)?.split('"').next()?;
    Some((wrong, right))
}

/// The fixes for the diagnostics of a document.
pub fn fixes(
    workspace: &Workspace,
    uri: &Uri,
    text: &str,
    diagnostics: &[Diagnostic],
) -> Vec<CodeAction> {
    let mut out = Vec::new();
    for d in diagnostics {
        if d.message.contains("exceeds budget") {
            out.extend(bound_fix(uri, text, d));
            continue;
        }
        let fix = match suggested(&d.message) {
            Some((wrong, right)) => replace_in_line(text, d.range.start, wrong, right),
            None if d.message.ends_with("value provided for unknown field") => {
                manifests::closest_field(workspace, text, d.range.start)
                    .and_then(|(wrong, right)| replace_in_line(text, d.range.start, &wrong, &right))
            }
            None => None,
        };
        let Some((range, new_text, title)) = fix else {
            continue;
        };
        let edit = WorkspaceEdit {
            changes: Some(HashMap::from([(
                uri.clone(),
                vec![TextEdit { range, new_text }],
            )])),
            ..WorkspaceEdit::default()
        };
        out.push(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![d.clone()]),
            edit: Some(edit),
            is_preferred: Some(true),
            ..CodeAction::default()
        });
    }
    out
}

/// The bounds that bring an over-budget rule within the limit, each written on the line after
/// its list's or map's `type:`.
fn bound_fix(uri: &Uri, text: &str, d: &Diagnostic) -> Option<CodeAction> {
    let fix = super::cost::fixes(text)
        .into_iter()
        .find(|f| f.rule_line == d.range.start.line as usize + 1)?;
    let edits: Vec<TextEdit> = fix
        .sites
        .iter()
        .map(|(line, indent, keyword, _)| {
            let at = Position::new(*line as u32, 0);
            TextEdit {
                range: Range::new(at, at),
                new_text: format!("{}{keyword}: {}\n", " ".repeat(*indent), fix.bound),
            }
        })
        .collect();
    let shown: Vec<&str> = fix.sites.iter().map(|(_, _, _, p)| p.as_str()).collect();
    Some(CodeAction {
        title: format!("Bound {} to {} items", shown.join(", "), fix.bound),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![d.clone()]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    })
}

/// An edit replacing `wrong` by `right` on the line of `at`.
fn replace_in_line(
    text: &str,
    at: Position,
    wrong: &str,
    right: &str,
) -> Option<(Range, String, String)> {
    let (line, _) = line_at(text, at);
    let start = line.find(wrong)?;
    let units = |s: &str| s.encode_utf16().count() as u32;
    let from = Position::new(at.line, units(&line[..start]));
    let to = Position::new(at.line, from.character + units(wrong));
    Some((
        Range::new(from, to),
        right.to_string(),
        format!("Change to {right}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_error_names_both_spellings() {
        assert_eq!(
            suggested("unknown tag \"+k8s:maxLenght\" (did you mean \"+k8s:maxLength\"?)"),
            Some(("+k8s:maxLenght", "+k8s:maxLength"))
        );
        assert_eq!(suggested("unknown tag \"+k8s:zzz\""), None);
        let text = "// +k8s:maxLenght=3\n";
        let (range, new, title) = replace_in_line(
            text,
            Position::new(0, 3),
            "+k8s:maxLenght",
            "+k8s:maxLength",
        )
        .unwrap();
        assert_eq!((range.start.character, range.end.character), (3, 17));
        assert_eq!(
            (new.as_str(), title.as_str()),
            ("+k8s:maxLength", "Change to +k8s:maxLength")
        );
    }
}
