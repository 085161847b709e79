//! Compile-time checks of the CEL a struct's tags write: every rule and messageExpression is
//! parsed and type-checked against the node of the struct's own definition it stands on, so a
//! rule naming a field that does not exist, or not giving a `bool`, fails the build at its doc
//! line. Fields of kubeidl's apimachinery types have their definitions' types (a `Time` is a
//! timestamp); fields whose type is another struct are `dyn` here (that type's definition is
//! built by its own derive), and a struct with `#[serde(flatten)]` members has its own rules checked at
//! first use instead, as its member list is only complete then. Cost is left to the runtime's
//! budget: with `dyn` fields an estimate here would be a guess.

use crate::container::Container;
use crate::definition::Built;
use crate::docs::Docs;
use kubeidl::cel::decl::Decl;
use kubeidl::cel::rule::{compile_rule_unlimited, ExpressionKind};
use kubeidl::schema::Schema;
use kubeidl::tags::lower::VALIDATIONS;
use proc_macro2::Span;
use serde_json::Value;
use std::collections::BTreeMap;

/// The rule errors of the struct, each at the doc line that wrote the rule.
pub fn check(c: &Container<'_>, built: &Built) -> Option<syn::Error> {
    let mut errors = None;
    let definitions = apimachinery_definitions(&built.refs);
    if !c.fields.iter().any(|f| f.flatten) {
        let own = Place {
            docs: &c.docs,
            fallback: c.ident.span(),
            definitions: &definitions,
        };
        own.rules_of(&built.schema, true, &mut errors);
    }
    for f in c.fields.iter().filter(|f| !f.flatten) {
        let Some(property) = built.schema.properties.get(&f.wire) else {
            continue;
        };
        let place = Place {
            docs: &f.docs,
            fallback: f.span,
            definitions: &definitions,
        };
        place.node(property, true, &mut errors);
    }
    errors
}

/// The rule errors of a newtype's schema (its tags lowered), each at the doc line that wrote
/// the rule; `refs` are the types its placeholders stand for.
pub fn check_value(
    docs: &Docs,
    fallback: Span,
    schema: &Schema,
    refs: &[syn::Type],
) -> Option<syn::Error> {
    let mut errors = None;
    let definitions = apimachinery_definitions(refs);
    let place = Place {
        docs,
        fallback,
        definitions: &definitions,
    };
    place.node(schema, true, &mut errors);
    errors
}

/// The definitions of the apimachinery types among `refs`, under their placeholders (whether
/// a type so named is kubeidl's is asserted by the expansion).
fn apimachinery_definitions(refs: &[syn::Type]) -> BTreeMap<String, Schema> {
    let mut definitions = BTreeMap::new();
    for (i, ty) in refs.iter().enumerate() {
        let syn::Type::Path(path) = ty else { continue };
        let Some(last) = path.path.segments.last() else {
            continue;
        };
        if let Some((_, schema)) = kubeidl::apimachinery::definition_of(&last.ident.to_string()) {
            definitions.insert(kubeidl::typed::__private::placeholder(i), schema);
        }
    }
    definitions
}

/// Where a node's rules were written: doc lines, and the span to use when no line holds a rule
/// (rules kubeidl wrote for a declarative tag).
struct Place<'a> {
    docs: &'a Docs,
    fallback: Span,
    /// What `$ref`s resolve to; others are `dyn`.
    definitions: &'a BTreeMap<String, Schema>,
}

impl Place<'_> {
    fn node(&self, schema: &Schema, correlatable: bool, errors: &mut Option<syn::Error>) {
        self.rules_of(schema, correlatable, errors);
        if let Some(items) = &schema.items {
            let keyed = schema.list_type() == Some("map");
            self.node(items, correlatable && keyed, errors);
        }
        if let Some(values) = &schema.additional_properties {
            self.node(values, correlatable, errors);
        }
        for wrapped in &schema.all_of {
            self.node(wrapped, correlatable, errors);
        }
    }

    /// The rules on `schema` itself.
    fn rules_of(&self, schema: &Schema, correlatable: bool, errors: &mut Option<syn::Error>) {
        let Some(Value::Array(rules)) = schema.extensions.get(VALIDATIONS) else {
            return;
        };
        let mut decl = Decl::from_schema(schema, self.definitions);
        decl.correlatable = correlatable;
        for rule in rules {
            let text = |key: &str| rule.get(key).and_then(Value::as_str);
            let Some(source) = text("rule") else { continue };
            let optional_old_self = rule.get("optionalOldSelf") == Some(&Value::Bool(true));
            let mut expressions = vec![(source, ExpressionKind::Rule, "rule")];
            if let Some(m) = text("messageExpression") {
                expressions.push((m, ExpressionKind::MessageExpression, "messageExpression"));
            }
            for (expression, kind, what) in expressions {
                if let Err(e) = compile_rule_unlimited(expression, &decl, optional_old_self, kind) {
                    let span = self.line_of(expression).unwrap_or(self.fallback);
                    let message = format!("{what} {expression:?} does not compile:\n{e}");
                    crate::combine(errors, syn::Error::new(span, message));
                }
            }
        }
    }

    /// The doc line holding `expression`, as written or with its quotes escaped.
    fn line_of(&self, expression: &str) -> Option<Span> {
        let escaped = expression.replace('\\', "\\\\").replace('"', "\\\"");
        self.docs
            .lines
            .iter()
            .zip(&self.docs.spans)
            .find(|(line, _)| line.contains(expression) || line.contains(&escaped))
            .map(|(_, span)| *span)
    }
}
