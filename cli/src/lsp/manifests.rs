//! YAML and JSON manifests in the editor: diagnostics as `kubeidl validate` gives them (the same
//! function, on the editor's text), and from the kind's schema, hover (the field's type and
//! constraints) and completion (the fields a mapping may still have, a field's enum values).

use super::text::{line_at, token_range};
use super::workspace::Workspace;
use super::yaml_path::{cursor, Cursor, Step};
use crate::check_policies::warnings_and_notes;
use crate::validate::check_text;
use crate::validate_report::Level;
use kubeidl::document::read_documents;
use kubeidl::schema::Schema;
use kubeidl::validate::Gvk;
use kubeidl_admission::CatalogKinds;
use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic, DiagnosticSeverity, Hover, HoverContents,
    MarkupContent, MarkupKind, Position,
};
use std::collections::HashMap;
use std::path::Path;

/// The diagnostics of a manifest file's text; with updates asked for, objects of the file's
/// version at the git revision are checked as updates of them (transition rules, ratcheting).
pub fn diagnostics(workspace: &Workspace, file: &Path, text: &str) -> Vec<Diagnostic> {
    let old = workspace.stored_version(file);
    let report = check_text(
        &workspace.catalog,
        &workspace.args,
        file,
        text.as_bytes(),
        old.as_deref(),
    );
    let mut out = Vec::new();
    for outcome in &report.outcomes {
        if let Some(why) = &outcome.skipped {
            // A file that is no manifest (a Helm template, a kustomization) says so once.
            if outcome.document.is_empty() {
                out.push(diagnostic(
                    text,
                    1,
                    1,
                    DiagnosticSeverity::INFORMATION,
                    format!("not checked: {why}"),
                    "Skipped",
                ));
            }
            continue;
        }
        for m in &outcome.messages {
            let severity = match m.level {
                Level::Error => DiagnosticSeverity::ERROR,
                Level::Warning => DiagnosticSeverity::WARNING,
            };
            out.push(diagnostic(
                text,
                m.line,
                m.column,
                severity,
                m.text.clone(),
                m.rule,
            ));
        }
    }
    out.extend(policy_warnings(workspace, text));
    // An over-budget CRD rule: the bound that would bring it within.
    for fix in super::cost::fixes(text) {
        let line = fix.rule_line.saturating_sub(1) as u32;
        let at = out
            .iter_mut()
            .find(|d| d.range.start.line == line && d.message.contains("exceeds budget"));
        if let Some(d) = at {
            let sites: Vec<String> = fix
                .sites
                .iter()
                .map(|(_, _, keyword, path)| format!("{keyword}: {} on {path}", fix.bound))
                .collect();
            d.message.push_str(&format!(
                "\nkubeidl: with {}, the rule's estimated cost is {}, within the limit of {}",
                sites.join(", "),
                fix.estimated,
                kubeidl::cel::estimate::STATIC_ESTIMATED_COST_LIMIT
            ));
        }
    }
    out
}

/// The type-checking warnings of the admission policies in a text, each at its expression,
/// as `kubeidl admit --check-policies` gives them.
fn policy_warnings(workspace: &Workspace, text: &str) -> Vec<Diagnostic> {
    if !text.contains("AdmissionPolicy") {
        return Vec::new();
    }
    let kinds = CatalogKinds {
        release: &workspace.release,
        catalog: &workspace.catalog,
        custom: workspace.custom.clone(),
    };
    let mut out = Vec::new();
    for doc in read_documents(text.as_bytes()).into_iter().flatten() {
        let (warnings, _) = warnings_and_notes(&doc.value, &kinds);
        for w in warnings {
            let pointer: String = w
                .field_ref
                .replace('[', ".")
                .replace(']', "")
                .split('.')
                .map(|part| format!("/{part}"))
                .collect();
            let at = doc.positions.find(&pointer);
            let message = format!("{}: {}", w.field_ref, w.warning.trim_end());
            out.push(diagnostic(
                text,
                at.line,
                at.column,
                DiagnosticSeverity::WARNING,
                message,
                "TypeCheck",
            ));
        }
    }
    out
}

fn diagnostic(
    text: &str,
    line: usize,
    column: usize,
    severity: DiagnosticSeverity,
    message: String,
    rule: &str,
) -> Diagnostic {
    Diagnostic {
        range: token_range(text, line.max(1), column.max(1)),
        severity: Some(severity),
        code: Some(lsp_types::NumberOrString::String(rule.to_string())),
        source: Some("kubeidl".into()),
        message,
        ..Diagnostic::default()
    }
}

/// The schema node at a path from a kind's root, through `$ref`s, lone `allOf`s, properties,
/// list items and map values.
fn node_at<'s>(
    root: &'s Schema,
    definitions: &'s HashMap<String, Schema>,
    path: &[Step],
) -> Option<&'s Schema> {
    let mut node = resolve(root, definitions);
    for step in path {
        node = match step {
            Step::Key(k) => match node.properties.get(k) {
                Some(p) => p,
                None => node.additional_properties.as_deref()?,
            },
            Step::Item => node.items.as_deref()?,
        };
        node = resolve(node, definitions);
    }
    Some(node)
}

/// The component and property the last key of `path` names (`io.k8s.api.apps.v1.DeploymentSpec`,
/// `replicas`): where the embedded descriptions keep its description.
fn origin(
    root: &Schema,
    definitions: &HashMap<String, Schema>,
    path: &[Step],
) -> Option<(String, String)> {
    let (Step::Key(property), parent) = path.split_last()? else {
        return None;
    };
    // The component the parent node is: the root's own name, or the last `$ref` followed.
    let mut component = definitions
        .iter()
        .find(|(_, s)| std::ptr::eq(*s, root))
        .map(|(n, _)| n.clone());
    let mut node = follow(root, definitions, &mut component);
    for step in parent {
        let next = match step {
            Step::Key(k) => node
                .properties
                .get(k)
                .or(node.additional_properties.as_deref())?,
            Step::Item => node.items.as_deref()?,
        };
        component = None;
        node = follow(next, definitions, &mut component);
    }
    Some((component?, property.clone()))
}

/// [`resolve`], noting the last component a `$ref` named.
fn follow<'s>(
    mut node: &'s Schema,
    definitions: &'s HashMap<String, Schema>,
    component: &mut Option<String>,
) -> &'s Schema {
    for _ in 0..32 {
        if let Some(name) = node
            .reference
            .as_deref()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
        {
            match definitions.get(name) {
                Some(s) => {
                    *component = Some(name.to_string());
                    node = s;
                }
                None => break,
            }
        } else if let [one] = node.all_of.as_slice() {
            node = one;
        } else {
            break;
        }
    }
    node
}

fn resolve<'s>(node: &'s Schema, definitions: &'s HashMap<String, Schema>) -> &'s Schema {
    follow(node, definitions, &mut None)
}

/// The kind's schema and the cursor in it.
fn located<'w>(
    workspace: &'w Workspace,
    text: &str,
    at: Position,
) -> Option<(Cursor, &'w Schema, &'w HashMap<String, Schema>)> {
    let (_, column) = line_at(text, at);
    let c = cursor(text, at.line as usize, column);
    if c.kind.is_empty() || c.api_version.is_empty() {
        return None;
    }
    let (root, definitions) = workspace
        .catalog
        .schema(&Gvk::of(&c.api_version, &c.kind))?;
    Some((c, root, definitions))
}

/// What a schema node is, in a line: `integer (int32), minimum 0`.
fn describe(node: &Schema) -> String {
    let mut parts = Vec::new();
    let mut kind = match &node.schema_type {
        Some(_) if node.has_type("array") => "list".to_string(),
        Some(_) if node.has_type("object") && node.properties.is_empty() => "map".to_string(),
        Some(_) if node.has_type("object") => "object".to_string(),
        Some(_) => ["string", "integer", "number", "boolean"]
            .into_iter()
            .find(|t| node.has_type(t))
            .unwrap_or("any")
            .to_string(),
        None if node.extension_flag("x-kubernetes-int-or-string") => "integer or string".into(),
        None => "any".to_string(),
    };
    if let Some(f) = &node.format {
        kind.push_str(&format!(" ({f})"));
    }
    parts.push(kind);
    if let Some(t) = node.list_type() {
        parts.push(format!("list type {t}"));
    }
    if let Some(m) = &node.minimum {
        parts.push(format!("minimum {m}"));
    }
    if let Some(m) = &node.maximum {
        parts.push(format!("maximum {m}"));
    }
    if let Some(m) = node.max_length {
        parts.push(format!("at most {m} characters"));
    }
    if let Some(p) = &node.pattern {
        parts.push(format!("pattern `{p}`"));
    }
    if !node.enum_values.is_empty() {
        let values: Vec<String> = node.enum_values.iter().map(|v| v.to_string()).collect();
        parts.push(format!("one of {}", values.join(", ")));
    }
    parts.join(", ")
}

/// Hover over a key: the field's path, type and constraints, and its description: a CRD's from
/// its schema, a built-in kind's from the newest release's embedded descriptions.
pub fn hover(workspace: &Workspace, text: &str, at: Position) -> Option<Hover> {
    let (c, root, definitions) = located(workspace, text, at)?;
    let key = c.key.clone()?;
    let mut path = c.path.clone();
    path.push(Step::Key(key.clone()));
    let node = node_at(root, definitions, &path)?;
    let shown: Vec<String> = path
        .iter()
        .map(|s| match s {
            Step::Key(k) => k.clone(),
            Step::Item => "[]".into(),
        })
        .collect();
    let mut value = format!(
        "**{}** ({} {})\n\n{}",
        shown.join("."),
        c.api_version,
        c.kind,
        describe(node)
    );
    let described = node.description.clone().or_else(|| {
        let (component, property) = origin(root, definitions, &path)?;
        kubeidl::kube::description(&component, &property).map(str::to_string)
    });
    if let Some(d) = described {
        value.push_str(&format!("\n\n{d}"));
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    })
}

/// Completion: on a key, the fields the mapping may still have; on a value, its enum values.
pub fn complete(workspace: &Workspace, text: &str, at: Position) -> Vec<CompletionItem> {
    let Some((c, root, definitions)) = located(workspace, text, at) else {
        return Vec::new();
    };
    if c.on_value {
        let Some(key) = &c.key else { return Vec::new() };
        let mut path = c.path.clone();
        path.push(Step::Key(key.clone()));
        let Some(node) = node_at(root, definitions, &path) else {
            return Vec::new();
        };
        return node
            .enum_values
            .iter()
            .filter_map(|v| v.as_str())
            .map(|v| CompletionItem {
                label: v.to_string(),
                kind: Some(CompletionItemKind::ENUM_MEMBER),
                ..CompletionItem::default()
            })
            .collect();
    }
    let Some(node) = node_at(root, definitions, &c.path) else {
        return Vec::new();
    };
    node.properties
        .iter()
        .filter(|(name, _)| name.starts_with(&c.prefix))
        .map(|(name, property)| CompletionItem {
            label: name.clone(),
            kind: Some(CompletionItemKind::FIELD),
            detail: Some(describe(resolve(property, definitions))),
            insert_text: Some(format!("{name}: ")),
            ..CompletionItem::default()
        })
        .collect()
}

/// For an unknown field at `at`: its name and the closest field its mapping's schema has.
pub fn closest_field(workspace: &Workspace, text: &str, at: Position) -> Option<(String, String)> {
    let (c, root, definitions) = located(workspace, text, at)?;
    let wrong = c.key.clone()?;
    let node = node_at(root, definitions, &c.path)?;
    node.properties
        .keys()
        .map(|name| {
            (
                strsim::levenshtein(&wrong.to_lowercase(), &name.to_lowercase()),
                name,
            )
        })
        .filter(|(distance, _)| *distance * 3 <= wrong.len().max(3))
        .min()
        .map(|(_, name)| (wrong, name.clone()))
}
