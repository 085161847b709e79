//! A CRD rule over the apiserver's estimated cost limit (10,000,000 per rule): the bound that
//! would bring it within, found by
//! compiling the rule again with `maxItems` (and `maxProperties`) on the lists and maps of its
//! node that have none, from large to small, until the estimate fits. The diagnostic at the
//! rule says which, and a quick fix writes them.

use kubeidl::cel::decl::{Decl, NoDefinitions};
use kubeidl::cel::rule::{compile_rule, ExpressionKind};
use kubeidl::document::{read_documents, Document};
use serde_json::Value;

/// The bounds tried, largest first.
const BOUNDS: &[u64] = &[10_000, 1_000, 500, 256, 128, 100, 64, 32, 16, 10, 8, 4, 2];

/// A rule too costly as written, and what fixes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// The rule's line (1-based), where its diagnostic stands.
    pub rule_line: usize,
    /// The largest bound that fits.
    pub bound: u64,
    /// Each unbounded list or map of the node: the line of its `type:` key (1-based), its
    /// indentation, the keyword to add and a readable path.
    pub sites: Vec<(usize, usize, &'static str, String)>,
    pub estimated: u64,
}

/// The fixes for the over-budget rules of the CRDs in a text.
pub fn fixes(text: &str) -> Vec<Fix> {
    if !text.contains("CustomResourceDefinition") || !text.contains("x-kubernetes-validations") {
        return Vec::new();
    }
    let mut out = Vec::new();
    for doc in read_documents(text.as_bytes()).into_iter().flatten() {
        let versions = doc
            .value
            .pointer("/spec/versions")
            .and_then(Value::as_array);
        for (i, version) in versions.into_iter().flatten().enumerate() {
            let Some(schema) = version.pointer("/schema/openAPIV3Schema") else {
                continue;
            };
            let pointer = format!("/spec/versions/{i}/schema/openAPIV3Schema");
            walk(&doc, text, schema, &pointer, &mut out);
        }
    }
    out
}

fn walk(doc: &Document, text: &str, node: &Value, pointer: &str, out: &mut Vec<Fix>) {
    let rules = node
        .get("x-kubernetes-validations")
        .and_then(Value::as_array);
    for (i, rule) in rules.into_iter().flatten().enumerate() {
        let Some(source) = rule.get("rule").and_then(Value::as_str) else {
            continue;
        };
        let decl = Decl::from_schema(node, &NoDefinitions);
        let over = matches!(
            compile_rule(source, &decl, false, ExpressionKind::Rule),
            Err(e) if e.issues.iter().any(|x| x.message.contains("exceeds budget"))
        );
        if !over {
            continue;
        }
        let mut sites = Vec::new();
        unbounded(node, &mut sites);
        if sites.is_empty() {
            continue;
        }
        let found = BOUNDS.iter().find_map(|&bound| {
            let mut bounded = node.clone();
            for (relative, keyword, _) in &sites {
                if let Some(Value::Object(at)) = bounded.pointer_mut(relative) {
                    at.insert((*keyword).into(), Value::from(bound));
                }
            }
            let decl = Decl::from_schema(&bounded, &NoDefinitions);
            compile_rule(source, &decl, false, ExpressionKind::Rule)
                .ok()
                .map(|c| (bound, c.estimated_cost))
        });
        let Some((bound, estimated)) = found else {
            continue;
        };
        let rule_at = doc
            .positions
            .find(&format!("{pointer}/x-kubernetes-validations/{i}/rule"));
        let sites = sites
            .into_iter()
            .filter_map(|(relative, keyword, shown)| {
                let at = doc.positions.find(&format!("{pointer}{relative}/type"));
                let line = text.lines().nth(at.line.checked_sub(1)?)?;
                let indent = line.len() - line.trim_start().len();
                Some((at.line, indent, keyword, shown))
            })
            .collect();
        out.push(Fix {
            rule_line: rule_at.line,
            bound,
            sites,
            estimated,
        });
    }
    let properties = node.get("properties").and_then(Value::as_object);
    for (name, child) in properties.into_iter().flatten() {
        walk(
            doc,
            text,
            child,
            &format!("{pointer}/properties/{}", escape(name)),
            out,
        );
    }
    if let Some(items) = node.get("items") {
        walk(doc, text, items, &format!("{pointer}/items"), out);
    }
    if let Some(values) = node.get("additionalProperties").filter(|v| v.is_object()) {
        walk(
            doc,
            text,
            values,
            &format!("{pointer}/additionalProperties"),
            out,
        );
    }
}

/// The lists and maps below a node (itself included) without a size bound: their pointer
/// relative to the node, the keyword that bounds them, and their path from `self`.
fn unbounded(node: &Value, out: &mut Vec<(String, &'static str, String)>) {
    fn go(
        node: &Value,
        relative: String,
        shown: String,
        out: &mut Vec<(String, &'static str, String)>,
    ) {
        match node.get("type").and_then(Value::as_str) {
            Some("array") => {
                if node.get("maxItems").is_none() {
                    out.push((relative.clone(), "maxItems", shown.clone()));
                }
                if let Some(items) = node.get("items") {
                    go(
                        items,
                        format!("{relative}/items"),
                        format!("{shown}[*]"),
                        out,
                    );
                }
            }
            Some("object") => {
                if let Some(values) = node.get("additionalProperties").filter(|v| v.is_object()) {
                    if node.get("maxProperties").is_none() {
                        out.push((relative.clone(), "maxProperties", shown.clone()));
                    }
                    go(
                        values,
                        format!("{relative}/additionalProperties"),
                        format!("{shown}[*]"),
                        out,
                    );
                }
                let properties = node.get("properties").and_then(Value::as_object);
                for (name, child) in properties.into_iter().flatten() {
                    go(
                        child,
                        format!("{relative}/properties/{}", escape(name)),
                        format!("{shown}.{name}"),
                        out,
                    );
                }
            }
            _ => {}
        }
    }
    go(node, String::new(), "self".to_string(), out);
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unbounded_list_gets_the_largest_bound_that_fits() {
        let text = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: w.example.com}\nspec:\n  group: example.com\n  names: {plural: w, kind: W}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              items:\n                type: array\n                items:\n                  type: string\n                  maxLength: 10\n            x-kubernetes-validations:\n            - rule: self.items.all(a, self.items.all(b, a != b))\n";
        let fixes = fixes(text);
        assert_eq!(fixes.len(), 1, "{fixes:?}");
        let fix = &fixes[0];
        assert_eq!(fix.rule_line, 25);
        assert_eq!(fix.sites, [(20, 16, "maxItems", "self.items".to_string())]);
        // The largest bound tried that fits the 10,000,000 limit: 1,000 items of 10 characters.
        assert_eq!(fix.bound, 1_000, "{fix:?}");
        assert!(
            fix.estimated <= kubeidl::cel::estimate::STATIC_ESTIMATED_COST_LIMIT,
            "{fix:?}"
        );
    }
}
