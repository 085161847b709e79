//! The tag reference, made from the registry alone: every family and tag with its spelling in
//! each dialect, the places it may stand, its payload, what it means and an example; as text,
//! as Markdown (docs/tags.md) or as JSON. `kubeidl tags` prints it.

use super::registry::{Dialect, Entry, Family, FAMILIES};
use serde_json::{json, Value};

/// The spellings of an entry in one dialect, as written (`+k8s:minimum=<int>`).
fn usages(entry: &Entry, dialect: Dialect) -> Vec<String> {
    entry
        .spellings
        .iter()
        .filter(|s| s.dialect == dialect)
        .map(|s| s.usage())
        .collect()
}

/// The reference as plain text, a block per family and tag.
pub fn text() -> String {
    let mut out = String::new();
    for family in FAMILIES {
        out.push_str(&format!("{}: {}\n", family.name, family.doc));
        for e in family.entries {
            out.push_str(&format!("\n  {:?}\n", e.rule));
            for dialect in Dialect::ALL {
                let usages = usages(e, dialect);
                if !usages.is_empty() {
                    let label = format!("{}:", dialect.describe());
                    out.push_str(&format!("    {label:<16}{}\n", usages.join(", ")));
                }
            }
            out.push_str(&format!(
                "    {:<16}{}\n",
                "on:",
                e.scopes.names().join(", ")
            ));
            out.push_str(&format!("    {:<16}{}\n", "example:", e.example));
            out.push_str(&format!("    {}\n", e.doc));
        }
        out.push('\n');
    }
    out
}

/// A Markdown table cell: code spans for the spellings, pipes escaped.
fn cell(usages: &[String]) -> String {
    usages
        .iter()
        .map(|u| format!("`{}`", u.replace('|', "\\|")))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn markdown_family(family: &Family, out: &mut String) {
    out.push_str(&format!("##### {}\n\n{}\n\n", family.name, family.doc));
    out.push_str("| Rule |");
    for dialect in Dialect::ALL {
        out.push_str(&format!(" {} |", dialect.describe()));
    }
    out.push_str(" On |\n|---|");
    for _ in Dialect::ALL {
        out.push_str("---|");
    }
    out.push_str("---|\n");
    for e in family.entries {
        out.push_str(&format!("| {:?} |", e.rule));
        for dialect in Dialect::ALL {
            out.push_str(&format!(" {} |", cell(&usages(e, dialect))));
        }
        out.push_str(&format!(" {} |\n", e.scopes.names().join(", ")));
    }
    out.push('\n');
    for e in family.entries {
        out.push_str(&format!(
            "- **{:?}**: {} Example: `{}`\n",
            e.rule, e.doc, e.example
        ));
    }
    out.push('\n');
}

/// The reference as Markdown: per family, a table of spellings and places, then each tag's
/// documentation and example.
pub fn markdown() -> String {
    let mut out = String::new();
    for family in FAMILIES {
        markdown_family(family, &mut out);
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The reference as JSON: a list of families, each with its tags.
pub fn json() -> Value {
    let families: Vec<Value> = FAMILIES
        .iter()
        .map(|family| {
            let tags: Vec<Value> = family
                .entries
                .iter()
                .map(|e| {
                    let spellings: Vec<Value> = e
                        .spellings
                        .iter()
                        .map(|s| {
                            json!({
                                "dialect": s.dialect.describe(),
                                "name": format!("+{}", s.name),
                                "payload": format!("{:?}", s.payload),
                                "usage": s.usage(),
                            })
                        })
                        .collect();
                    json!({
                        "rule": format!("{:?}", e.rule),
                        "spellings": spellings,
                        "scopes": e.scopes.names(),
                        "doc": e.doc,
                        "example": e.example,
                    })
                })
                .collect();
            json!({"family": family.name, "doc": family.doc, "tags": tags})
        })
        .collect();
    Value::Array(families)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_in_every_form() {
        let (text, markdown, json) = (text(), markdown(), json().to_string());
        for e in super::super::registry::entries() {
            for s in e.spellings {
                let usage = s.usage();
                assert!(text.contains(&usage), "{usage}");
                assert!(markdown.contains(&usage.replace('|', "\\|")), "{usage}");
                assert!(json.contains(&format!("\"+{}\"", s.name)), "{usage}");
            }
        }
    }
}
