//! Build-time checks of the CEL in generated schemas: every `x-kubernetes-validations` rule and
//! messageExpression is parsed, type-checked against the schema node it stands on (its
//! properties, list types, formats), and costed against Kubernetes' per-expression limit, so a
//! bad rule fails the build at the Go tag that wrote it instead of at `kubectl apply`.

use crate::error::{Error, SourcePos};
use kubeidl::cel::decl::{Decl, Definitions};
use kubeidl::cel::estimate::STATIC_ESTIMATED_COST_LIMIT;
use kubeidl::cel::rule::{compile_rule_unlimited_with, CompileOptions, ExpressionKind};
use kubeidl::cel::ExtraLibraries;
use kubeidl::schema::Schema;
use kubeidl::tags::lower::VALIDATIONS;
use std::collections::BTreeMap;

/// Where the rules came from: the tag that wrote a rule (by definition and rule text), or the
/// definition's type when no tag is known.
pub trait Origins {
    /// The tag that wrote the rule, and whether the user wrote the rule (not kubeidl).
    fn of_rule(&self, definition: &str, rule: &str) -> Option<(SourcePos, bool)>;
    fn of_definition(&self, definition: &str) -> Option<SourcePos>;
}

/// What the check found.
#[derive(Debug, Default)]
pub struct Checked {
    pub errors: Vec<Error>,
    /// Rules kubeidl made from declarative tags whose estimated cost is over a CRD's limit
    /// (native types are not held to it), unless `strict_cost`.
    pub warnings: Vec<String>,
}

/// Checks every rule of every definition; one problem per failing expression.
pub fn check_rules(
    schemas: &BTreeMap<String, Schema>,
    origins: &dyn Origins,
    strict_cost: bool,
    libraries: ExtraLibraries,
) -> Checked {
    let mut checked = Checked::default();
    for (name, schema) in schemas {
        let mut walk = NodeWalk {
            schemas,
            definition: name,
            origins,
            strict_cost,
            libraries,
            checked: &mut checked,
        };
        walk.node(schema, &mut Vec::new(), true);
    }
    checked
}

struct NodeWalk<'a> {
    schemas: &'a BTreeMap<String, Schema>,
    definition: &'a str,
    origins: &'a dyn Origins,
    strict_cost: bool,
    libraries: ExtraLibraries,
    checked: &'a mut Checked,
}

impl NodeWalk<'_> {
    fn node(&mut self, schema: &Schema, path: &mut Vec<String>, correlatable: bool) {
        if let Some(serde_json::Value::Array(rules)) = schema.extensions.get(VALIDATIONS) {
            let mut decl = Decl::from_schema(schema, self.schemas);
            decl.correlatable = correlatable;
            for rule in rules {
                self.rule(rule, schema, &decl, path);
            }
        }
        for (key, child) in &schema.properties {
            path.push(format!(".{key}"));
            self.node(child, path, correlatable);
            path.pop();
        }
        if let Some(items) = &schema.items {
            let keyed = schema.list_type() == Some("map");
            path.push("[*]".into());
            self.node(items, path, correlatable && keyed);
            path.pop();
        }
        if let Some(values) = &schema.additional_properties {
            path.push("[*]".into());
            self.node(values, path, correlatable);
            path.pop();
        }
        for wrapped in &schema.all_of {
            self.node(wrapped, path, correlatable);
        }
    }

    fn rule(&mut self, rule: &serde_json::Value, schema: &Schema, decl: &Decl, path: &[String]) {
        let text = |key: &str| rule.get(key).and_then(|v| v.as_str());
        let Some(source) = text("rule") else { return };
        let optional_old_self = rule.get("optionalOldSelf") == Some(&serde_json::Value::Bool(true));
        let mut expressions = vec![(source, ExpressionKind::Rule)];
        if let Some(m) = text("messageExpression") {
            expressions.push((m, ExpressionKind::MessageExpression));
        }
        let origin = self.origins.of_rule(self.definition, source);
        let authored = origin.as_ref().is_none_or(|(_, authored)| *authored);
        for (expression, kind) in expressions {
            let mut warn = false;
            let options = CompileOptions {
                libraries: self.libraries,
            };
            let problem = match compile_rule_unlimited_with(
                expression,
                decl,
                optional_old_self,
                kind,
                options,
            ) {
                Err(e) => Some(e.to_string()),
                Ok(compiled) if compiled.estimated_cost > STATIC_ESTIMATED_COST_LIMIT => {
                    warn = !authored && !self.strict_cost;
                    Some(cost_problem(
                        compiled.estimated_cost,
                        expression,
                        schema,
                        self.schemas,
                    ))
                }
                Ok(_) => None,
            };
            if let Some(problem) = problem {
                let what = match kind {
                    ExpressionKind::Rule => "rule",
                    ExpressionKind::MessageExpression => "messageExpression",
                };
                let at = format!("{}{}", short_name(self.definition), path.concat());
                let message = format!("{what} {expression:?} on {at}:\n{problem}");
                let pos = origin
                    .as_ref()
                    .map(|(pos, _)| pos.clone())
                    .or_else(|| self.origins.of_definition(self.definition));
                let error = match pos {
                    Some(pos) => Error::at(&pos, message),
                    None => Error::new(message),
                };
                if warn {
                    self.checked.warnings.push(format!(
                        "{error} (a CRD would be refused this rule; native types are not held to the limit)"
                    ));
                } else {
                    self.checked.errors.push(error);
                }
            }
        }
    }
}

fn short_name(definition: &str) -> &str {
    definition.rsplit('.').next().unwrap_or(definition)
}

/// The estimate, the limit, and the unbounded lists, maps and strings the expression reaches
/// (the node, its items, and the properties it names) that drive the estimate.
fn cost_problem(
    estimate: u64,
    expression: &str,
    schema: &Schema,
    schemas: &BTreeMap<String, Schema>,
) -> String {
    let mut unbounded = Vec::new();
    let reach = Reach {
        expression,
        schemas,
    };
    reach.unbounded(schema, "self", &mut unbounded, 0);
    let hint = if unbounded.is_empty() {
        "simplify the rule".to_string()
    } else {
        format!("bound {}", unbounded.join(", "))
    };
    format!("estimated cost {estimate} exceeds the limit of {STATIC_ESTIMATED_COST_LIMIT}; {hint}")
}

struct Reach<'a> {
    expression: &'a str,
    schemas: &'a BTreeMap<String, Schema>,
}

impl Reach<'_> {
    /// Whether the expression selects `.name` (a whole-word match).
    fn names(&self, name: &str) -> bool {
        let needle = format!(".{name}");
        self.expression.match_indices(&needle).any(|(i, _)| {
            !self.expression[i + needle.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    }

    fn unbounded(&self, schema: &Schema, at: &str, out: &mut Vec<String>, depth: usize) {
        if depth > 3 || out.len() >= 6 {
            return;
        }
        let schema = self.schemas.resolve(schema);
        let single = |t: &str| matches!(&schema.schema_type, Some(kubeidl::schema::SchemaType::Single(s)) if s == t);
        if single("array") && schema.max_items.is_none() {
            out.push(format!("{at} with maxItems"));
        }
        if single("string") && schema.max_length.is_none() && schema.enum_values.is_empty() {
            out.push(format!("{at} with maxLength"));
        }
        if single("object")
            && schema.additional_properties.is_some()
            && schema.max_properties.is_none()
        {
            out.push(format!("{at} with maxProperties"));
        }
        for (key, child) in &schema.properties {
            if self.names(key) {
                self.unbounded(child, &format!("{at}.{key}"), out, depth + 1);
            }
        }
        if let Some(items) = &schema.items {
            self.unbounded(items, &format!("{at}[*]"), out, depth + 1);
        }
    }
}
