//! Where each node of the generated definitions came from in the Go source, for `kubeidl diff`:
//! the tag whose lowering wrote a keyword, a rule or a field's presence (as
//! `kubeidl::tags::lower` reports it: which keywords each tag changed, which rules it wrote),
//! the comment tag an extension was read from (`+listType=atomic`), the `+enum` marker of an
//! enum type, and the declaration of every field and type, which answers for what no tag wrote
//! (a property, its `type`). Tags a field's type carries reach the field through the field and
//! each alias on the way, kept as `via` steps. The walk records with pointers below a
//! definition; [`Provenance::by_pointer`] places rules and `required` entries by their index
//! in the finished definitions, where merging uses of a type may have moved them.

use crate::error::SourcePos;
use crate::go::Doc;
use kubeidl::schema::Schema;
use kubeidl::tags::lower::VALIDATIONS;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// What caused a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub pos: SourcePos,
    /// The tag as written (`+k8s:maxLength=63`), or none for a declaration, whose source line
    /// says it.
    pub text: Option<String>,
    /// The tag's dialect: `validation-gen`, `kubebuilder`, `KEP-4153`, `kube-openapi`, or
    /// `openapi-gen` for the comment tags it reads itself (`+listType`, `+enum`).
    pub dialect: Option<&'static str>,
    /// For a tag on a field's type: the field, then each type on the way to the one carrying
    /// it, that one last.
    pub via: Vec<Step>,
}

/// One step of the way from a field to the type whose tag reached it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// `field Nickname`, `type Nick`.
    pub text: String,
    pub pos: SourcePos,
}

impl Origin {
    /// The declaration at `pos`.
    pub fn declaration(pos: &SourcePos) -> Origin {
        Origin {
            pos: pos.clone(),
            text: None,
            dialect: None,
            via: Vec::new(),
        }
    }

    /// The tag starting at byte `offset` of comment line `index` of `doc`, in `file`.
    pub fn tag(
        doc: &Doc,
        file: &std::sync::Arc<std::path::PathBuf>,
        index: usize,
        offset: usize,
        dialect: Option<&'static str>,
        via: &[Step],
    ) -> Option<Origin> {
        let text = doc.lines.get(index)?.get(offset..)?.trim_end().to_string();
        Some(Origin {
            pos: doc.source_pos(file, index, offset),
            text: Some(text),
            dialect,
            via: via.to_vec(),
        })
    }
}

/// The origins recorded over one generation.
#[derive(Debug, Clone, Default)]
pub struct Provenance {
    /// Keywords, extensions and declarations, by definition and pointer below it.
    nodes: HashMap<(String, String), Origin>,
    /// Rules by definition, the pointer of the node they were written on, and text.
    rules: HashMap<(String, String, String), Origin>,
    /// Rules by definition and text, for rules that land elsewhere (on the struct).
    rule_texts: HashMap<(String, String), Origin>,
    /// Entries of a definition's `required`, by definition and property name.
    required: HashMap<(String, String), Origin>,
}

impl Provenance {
    /// `origin` caused the node at `pointer` of `definition`; later records win.
    pub fn node(&mut self, definition: &str, pointer: String, origin: Origin) {
        self.nodes.insert((definition.to_string(), pointer), origin);
    }

    /// `origin` wrote the rule `rule` on the node at `pointer` (or on its struct).
    pub fn rule(&mut self, definition: &str, pointer: &str, rule: &str, origin: Origin) {
        self.rules
            .entry((
                definition.to_string(),
                pointer.to_string(),
                rule.to_string(),
            ))
            .or_insert_with(|| origin.clone());
        self.rule_texts
            .entry((definition.to_string(), rule.to_string()))
            .or_insert(origin);
    }

    /// `origin` put `property` in (or out of) `definition`'s required list; later records win.
    pub fn required(&mut self, definition: &str, property: &str, origin: Origin) {
        self.required
            .insert((definition.to_string(), property.to_string()), origin);
    }

    /// Every origin by the JSON pointer of its node in an OpenAPI document holding `schemas`
    /// (`/components/schemas/<name>/properties/x/maxLength`), rules and `required` entries at
    /// their index.
    pub fn by_pointer(&self, schemas: &BTreeMap<String, Schema>) -> Vec<(String, &Origin)> {
        let base = |definition: &str| {
            format!(
                "/components/schemas/{}",
                kubeidl::document::pointer_token(definition)
            )
        };
        let mut out: Vec<(String, &Origin)> = self
            .nodes
            .iter()
            .filter(|((d, _), _)| schemas.contains_key(d))
            .map(|((d, p), o)| (format!("{}{p}", base(d)), o))
            .collect();
        for (name, schema) in schemas {
            let json = schema.to_json();
            self.place_rules(name, &json, String::new(), &base(name), &mut out);
            let required = json.get("required").and_then(Value::as_array);
            for (i, property) in required.into_iter().flatten().enumerate() {
                let origin = property
                    .as_str()
                    .and_then(|p| self.required.get(&(name.clone(), p.to_string())));
                if let Some(origin) = origin {
                    out.push((format!("{}/required/{i}", base(name)), origin));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The rules of `node` (at `pointer` below definition `name`) and of the nodes below it.
    fn place_rules<'a>(
        &'a self,
        name: &str,
        node: &Value,
        pointer: String,
        base: &str,
        out: &mut Vec<(String, &'a Origin)>,
    ) {
        let Value::Object(map) = node else { return };
        let rules = map.get(VALIDATIONS).and_then(Value::as_array);
        for (i, rule) in rules.into_iter().flatten().enumerate() {
            let Some(text) = rule.get("rule").and_then(Value::as_str) else {
                continue;
            };
            let origin = self
                .rules
                .get(&(name.to_string(), pointer.clone(), text.to_string()))
                .or_else(|| self.rule_texts.get(&(name.to_string(), text.to_string())));
            if let Some(origin) = origin {
                out.push((format!("{base}{pointer}/{VALIDATIONS}/{i}"), origin));
            }
        }
        for key in ["items", "additionalProperties", "not"] {
            if let Some(child) = map.get(key) {
                self.place_rules(name, child, format!("{pointer}/{key}"), base, out);
            }
        }
        if let Some(Value::Object(properties)) = map.get("properties") {
            for (p, child) in properties {
                let token = kubeidl::document::pointer_token(p);
                self.place_rules(
                    name,
                    child,
                    format!("{pointer}/properties/{token}"),
                    base,
                    out,
                );
            }
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            let list = map.get(key).and_then(Value::as_array);
            for (i, child) in list.into_iter().flatten().enumerate() {
                self.place_rules(name, child, format!("{pointer}/{key}/{i}"), base, out);
            }
        }
    }
}
