//! Self-consistency: what one definition's own keywords and rules say against each other,
//! node by node: bounds that admit nothing, `enum` values and defaults the field's own schema
//! rejects (asked of kubeidl's validator), map-list keys that may be missing, lists without a
//! list type, and CEL rules that read optional fields unguarded, are constant, or range over
//! what has no size bound.

use super::LintFinding;
use crate::findings::join_path;
use crate::{Definition, Revision};
use kubeidl::cel::inspect::{self_reads, Subject};
use kubeidl::document::pointer_token;
use kubeidl::schema::{collect_refs, number_f64, Schema, SchemaType};
use kubeidl::validate::Validator;
use kubeidl::value::ValueView;
use serde_json::Value;
use std::sync::Arc;

/// Checks every definition of `revision` not in `seen` (and adds it there).
pub fn check(
    revision: &Revision,
    seen: &mut std::collections::BTreeSet<String>,
    out: &mut Vec<LintFinding>,
) {
    for (name, definition) in &revision.definitions {
        if !seen.insert(name.clone()) {
            continue;
        }
        let mut lint = Lint {
            revision,
            name,
            definition,
            out,
        };
        lint.node(&definition.schema, "", &definition.pointer);
    }
}

struct Lint<'a, 'o> {
    revision: &'a Revision,
    name: &'a str,
    definition: &'a Definition,
    out: &'o mut Vec<LintFinding>,
}

/// The name errors give the value at `path`: its last field name (`ports` for
/// `spec.ports[*]`), or `value` at a definition's root.
fn field_name(path: &str) -> String {
    let last = path.rsplit('.').next().unwrap_or_default();
    let name = last.split(['[', '{']).next().unwrap_or_default();
    match name.is_empty() {
        true => "value".to_string(),
        false => name.to_string(),
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        _ => v.to_string(),
    }
}

impl<'a> Lint<'a, '_> {
    fn resolve(&self, s: &'a Schema) -> &'a Schema {
        self.revision.resolve(s)
    }

    fn emit(
        &mut self,
        rule: &'static str,
        path: &str,
        pointer: &str,
        text: String,
        message: String,
    ) {
        let site = self.revision.site(self.definition.doc, pointer, text);
        self.out.push(LintFinding {
            rule: rule.to_string(),
            definition: self.name.to_string(),
            path: path.to_string(),
            versions: None,
            stricter: None,
            sites: vec![site],
            message,
        });
    }

    fn node(&mut self, s: &'a Schema, path: &str, pointer: &str) {
        self.bounds(s, path, pointer);
        self.values(s, path, pointer);
        self.lists(s, path, pointer);
        self.rules(s, path, pointer);
        for (name, child) in &s.properties {
            let pointer = format!("{pointer}/properties/{}", pointer_token(name));
            self.node(child, &join_path(path, name), &pointer);
        }
        if let Some(items) = &s.items {
            self.node(items, &join_path(path, "[*]"), &format!("{pointer}/items"));
        }
        if let Some(additional) = &s.additional_properties {
            self.node(
                additional,
                &join_path(path, "{*}"),
                &format!("{pointer}/additionalProperties"),
            );
        }
        for (i, member) in s.all_of.iter().enumerate() {
            self.node(member, path, &format!("{pointer}/allOf/{i}"));
        }
    }

    fn bounds(&mut self, s: &Schema, path: &str, pointer: &str) {
        let counts = [
            ("minLength", s.min_length, "maxLength", s.max_length),
            ("minItems", s.min_items, "maxItems", s.max_items),
            (
                "minProperties",
                s.min_properties,
                "maxProperties",
                s.max_properties,
            ),
        ];
        for (low_name, low, high_name, high) in counts {
            if let (Some(low), Some(high)) = (low, high) {
                if low > high {
                    self.emit(
                        "bounds-inverted",
                        path,
                        &format!("{pointer}/{low_name}"),
                        format!("{low_name}: {low}"),
                        format!("{low_name} {low} is above {high_name} {high}: no value passes"),
                    );
                }
            }
        }
        let (Some(min), Some(max)) = (
            s.minimum.as_ref().map(number_f64),
            s.maximum.as_ref().map(number_f64),
        ) else {
            return;
        };
        let text = format!("minimum: {min}");
        let at = format!("{pointer}/minimum");
        if min > max {
            let message = format!("minimum {min} is above maximum {max}: no value passes");
            self.emit("bounds-inverted", path, &at, text, message);
            return;
        }
        let integer = s.has_type("integer");
        let empty = if integer {
            let low = if s.exclusive_minimum {
                min.floor() + 1.0
            } else {
                min.ceil()
            };
            let high = if s.exclusive_maximum {
                max.ceil() - 1.0
            } else {
                max.floor()
            };
            low > high
        } else {
            min == max && (s.exclusive_minimum || s.exclusive_maximum)
        };
        if empty {
            let bound =
                |v: f64, excl: bool, op: &str| format!("{}{op} {v}", if excl { "" } else { "=" });
            let message = format!(
                "no {} is {} and {}",
                if integer { "integer" } else { "number" },
                bound(min, s.exclusive_minimum, ">").trim_start_matches('='),
                bound(max, s.exclusive_maximum, "<").trim_start_matches('='),
            );
            self.emit("bounds-empty", path, &at, text, message);
        }
    }

    /// `enum` values and the default, validated against the node's own schema. The value is
    /// validated as the field of a wrapping object, so errors name the field as users know it.
    /// A zero default (`0`, `""`, `false`, `{}`, `[]`) is not checked: openapi-gen writes one
    /// for every field without `omitempty`, and the apiserver applies none of them.
    fn values(&mut self, s: &Schema, path: &str, pointer: &str) {
        let default = s.default.as_ref().filter(|d| !d.is_null() && !d.is_zero());
        if s.enum_values.is_empty() && default.is_none() {
            return;
        }
        let field = field_name(path);
        let own = Schema {
            enum_values: Vec::new(),
            default: None,
            ..s.clone()
        };
        let wrapper = Schema {
            schema_type: Some(SchemaType::Single("object".into())),
            properties: [(field.clone(), own)].into_iter().collect(),
            ..Schema::default()
        };
        // Only the definitions the node refers to: compiling against all of them costs a walk
        // of each, per node.
        let mut roots = Vec::new();
        collect_refs(s, &mut roots);
        let definitions = self.revision.schemas_reached(roots);
        let Ok(validator) = Validator::with_definitions(&wrapper, Arc::new(definitions)) else {
            return;
        };
        let first_error = |v: &Value| -> Option<String> {
            let report = validator.validate(&serde_json::json!({ field.as_str(): v }));
            report.errors.first().map(|e| e.to_string())
        };
        for (i, value) in s.enum_values.iter().enumerate() {
            if value.is_null() && s.nullable {
                continue;
            }
            if let Some(error) = first_error(value) {
                self.emit(
                    "enum-value-invalid",
                    path,
                    &format!("{pointer}/enum/{i}"),
                    format!("enum: {}", show(value)),
                    format!(
                        "enum value {} is rejected by the field's own schema: {error}",
                        show(value)
                    ),
                );
            }
        }
        if let Some(default) = default {
            if let Some(error) = first_error(default) {
                self.emit(
                    "default-invalid",
                    path,
                    &format!("{pointer}/default"),
                    format!("default: {}", show(default)),
                    format!("the default is rejected by the field's own schema: {error}"),
                );
            }
        }
    }

    fn lists(&mut self, s: &'a Schema, path: &str, pointer: &str) {
        let is_array = s.has_type("array");
        if !is_array {
            return;
        }
        match s.list_type() {
            None => self.emit(
                "list-type-missing",
                path,
                pointer,
                "type: array".to_string(),
                "the list has no x-kubernetes-list-type (atomic is assumed: apply replaces it whole)"
                    .to_string(),
            ),
            Some("map") => {
                let Some(items) = s.items.as_deref().map(|i| self.resolve(i)) else {
                    return;
                };
                for key in s.list_map_keys() {
                    let defaulted = items.properties.get(&key).is_some_and(|p| self.resolve(p).default.is_some() || p.default.is_some());
                    if !items.required.contains(&key) && !defaulted {
                        self.emit(
                            "map-key-optional",
                            path,
                            &format!("{pointer}/x-kubernetes-list-map-keys"),
                            format!("x-kubernetes-list-map-keys: {key}"),
                            format!("map key {key:?} is neither required nor defaulted in the list's items"),
                        );
                    }
                }
            }
            Some(_) => {}
        }
    }

    fn rules(&mut self, s: &'a Schema, path: &str, pointer: &str) {
        let Some(Value::Array(rules)) = s.extensions.get("x-kubernetes-validations") else {
            return;
        };
        let node = self.resolve(s);
        for (i, rule) in rules.iter().enumerate() {
            let Some(text) = rule.get("rule").and_then(Value::as_str) else {
                continue;
            };
            let Ok(reads) = self_reads(text) else {
                continue;
            };
            let at = format!("{pointer}/x-kubernetes-validations/{i}/rule");
            let site = format!("rule: {text}");
            if let Some(value) = reads.constant {
                let message = format!("rule `{text}` is always {value}");
                self.emit("rule-constant", path, &at, site.clone(), message);
            }
            for field in reads.reads.difference(&reads.tested) {
                let Some(property) = node.properties.get(field) else {
                    continue;
                };
                let optional = !node.required.contains(field)
                    && property.default.is_none()
                    && self.resolve(property).default.is_none();
                if optional {
                    let message = format!(
                        "rule `{text}` reads self.{field}, which is optional, without has(self.{field}): it fails with \"no such key\" when the field is unset"
                    );
                    self.emit("rule-unguarded-optional", path, &at, site.clone(), message);
                }
            }
            let subjects = reads
                .ranges
                .iter()
                .map(|s| (s, true))
                .chain(reads.scans.iter().map(|s| (s, false)));
            for (subject, ranges) in subjects {
                if let Some(unbounded) = self.unbounded(node, subject, ranges) {
                    let message =
                        format!("rule `{text}` {unbounded}: its cost estimate has no bound");
                    self.emit("rule-unbounded", path, &at, site.clone(), message);
                }
            }
        }
    }

    /// What is unbounded about a rule's subject, when something is: a list or map it ranges
    /// over without a size bound, a string it scans without `maxLength`.
    fn unbounded(&self, node: &'a Schema, subject: &Subject, ranges: bool) -> Option<String> {
        let (target, name) = match subject {
            None => (node, "self".to_string()),
            Some(f) => (self.resolve(node.properties.get(f)?), format!("self.{f}")),
        };
        let types = |t: &str| target.has_type(t);
        if ranges && types("array") && target.max_items.is_none() {
            return Some(format!("ranges over {name}, a list without maxItems"));
        }
        if ranges
            && types("object")
            && target.additional_properties.is_some()
            && target.max_properties.is_none()
        {
            return Some(format!("ranges over {name}, a map without maxProperties"));
        }
        if !ranges
            && types("string")
            && target.max_length.is_none()
            && target.enum_values.is_empty()
        {
            return Some(format!("scans {name}, a string without maxLength"));
        }
        None
    }
}
