//! Compiling the rules of a schema node (`x-kubernetes-validations`): `self` typed by the node,
//! `oldSelf` the same (or optional with `optionalOldSelf`), the result checked to be a `bool`
//! (a `string` for a `messageExpression`), and `oldSelf` refused where no old value correlates.

use super::checker::CheckOptions;
use super::decl::Decl;
use super::error::{CompileError, Stage};
use super::estimate::{over_budget, SizeEstimate, STATIC_ESTIMATED_COST_LIMIT};
use super::library::extra::ExtraLibraries;
use super::parse::parse;
use super::types::CelType;
use super::Program;
use cel::common::ast::{Expr, IdedExpr};

/// What a compiled expression is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpressionKind {
    Rule,
    MessageExpression,
}

/// How rules are compiled beyond their node. The default is a Kubernetes apiserver's environment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CompileOptions {
    /// Opt-in libraries (e.g. `kep-formats`) whose functions rules may call.
    pub libraries: ExtraLibraries,
}

/// A compiled rule or message expression of a schema node.
#[derive(Debug)]
pub struct CompiledRule {
    pub program: Program,
    /// The worst-case cost of one evaluation.
    pub estimated_cost: u64,
    /// The rule refers to `oldSelf` (a transition rule).
    pub uses_old_self: bool,
}

/// Compiles `source` for the node declared by `decl`. Variables: `self`, `oldSelf`.
///
/// `cardinality` is how many times the rule can run for one object (the product of the
/// `maxItems`/`maxProperties` of the lists and maps above the node); the estimated cost times the
/// cardinality must stay within Kubernetes' per-expression limit.
pub fn compile_rule(
    source: &str,
    decl: &Decl,
    optional_old_self: bool,
    kind: ExpressionKind,
) -> Result<CompiledRule, CompileError> {
    compile_rule_with_cardinality(source, decl, optional_old_self, kind, 1)
}

/// [`compile_rule`] for a node that can occur `cardinality` times in one object.
pub fn compile_rule_with_cardinality(
    source: &str,
    decl: &Decl,
    optional_old_self: bool,
    kind: ExpressionKind,
    cardinality: u64,
) -> Result<CompiledRule, CompileError> {
    compile_rule_with_options(
        source,
        decl,
        optional_old_self,
        kind,
        cardinality,
        CompileOptions::default(),
    )
}

/// [`compile_rule_with_cardinality`] with [`CompileOptions`] (e.g. opt-in libraries).
pub fn compile_rule_with_options(
    source: &str,
    decl: &Decl,
    optional_old_self: bool,
    kind: ExpressionKind,
    cardinality: u64,
    options: CompileOptions,
) -> Result<CompiledRule, CompileError> {
    let compiled = compile_rule_unlimited_with(source, decl, optional_old_self, kind, options)?;
    let total = compiled.estimated_cost.saturating_mul(cardinality.max(1));
    if total > STATIC_ESTIMATED_COST_LIMIT {
        let what = match kind {
            ExpressionKind::Rule => "rule",
            ExpressionKind::MessageExpression => "messageExpression",
        };
        return Err(CompileError::single(
            Stage::Check,
            source,
            None,
            over_budget(
                &format!("estimated {what} cost"),
                total,
                STATIC_ESTIMATED_COST_LIMIT,
            ),
        ));
    }
    Ok(compiled)
}

/// [`compile_rule`] without the cost limit: parsed, checked, and its worst-case cost estimated
/// (for callers that explain an excessive estimate themselves).
pub fn compile_rule_unlimited(
    source: &str,
    decl: &Decl,
    optional_old_self: bool,
    kind: ExpressionKind,
) -> Result<CompiledRule, CompileError> {
    compile_rule_unlimited_with(
        source,
        decl,
        optional_old_self,
        kind,
        CompileOptions::default(),
    )
}

/// [`compile_rule_unlimited`] with [`CompileOptions`].
pub fn compile_rule_unlimited_with(
    source: &str,
    decl: &Decl,
    optional_old_self: bool,
    kind: ExpressionKind,
    options: CompileOptions,
) -> Result<CompiledRule, CompileError> {
    let self_type = CelType::of_decl(decl);
    let old_type = if optional_old_self {
        CelType::Optional(Box::new(self_type.clone()))
    } else {
        self_type.clone()
    };
    let parsed = parse(source)?;
    let old_self_at = find_ident(&parsed.expr, "oldSelf");
    if let Some(id) = old_self_at {
        if !decl.correlatable {
            return Err(CompileError::single(
                Stage::Check,
                source,
                parsed.location(id),
                "oldSelf cannot be used on the uncorrelatable portion of the schema",
            ));
        }
    }
    let program = Program::compile_checked(
        source,
        &[("self", self_type), ("oldSelf", old_type)],
        CheckOptions {
            libraries: options.libraries,
            ..CheckOptions::default()
        },
    )?;
    let (wanted, message) = match kind {
        ExpressionKind::Rule => (CelType::Bool, "cel expression must evaluate to a bool"),
        ExpressionKind::MessageExpression => (
            CelType::String,
            "messageExpression must evaluate to a string",
        ),
    };
    if !program.result_type().fits(&wanted) {
        return Err(CompileError::single(Stage::Check, source, None, message));
    }
    let size = SizeEstimate::of_decl(decl);
    let estimated_cost = program.estimate_cost(&[Some(size.clone()), Some(size)]).max;
    Ok(CompiledRule {
        program,
        estimated_cost,
        uses_old_self: old_self_at.is_some(),
    })
}

/// The first identifier `name` (not shadowed by a comprehension variable of the same name).
fn find_ident(e: &IdedExpr, name: &str) -> Option<u64> {
    match &e.expr {
        Expr::Ident(n) if n == name => Some(e.id),
        Expr::Comprehension(c)
            if c.iter_var == name || c.iter_var2.as_deref() == Some(name) || c.accu_var == name =>
        {
            find_ident(&c.iter_range, name).or_else(|| find_ident(&c.accu_init, name))
        }
        _ => super::parse::children(e)
            .into_iter()
            .find_map(|c| find_ident(c, name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decl::NoDefinitions;
    use serde_json::json;

    fn decl(schema: serde_json::Value) -> Decl {
        Decl::from_schema(&schema, &NoDefinitions)
    }

    fn spec() -> Decl {
        decl(json!({
            "type": "object",
            "properties": {
                "minReplicas": {"type": "integer"},
                "maxReplicas": {"type": "integer"},
                "name": {"type": "string"},
                "tags": {"type": "array", "x-kubernetes-list-type": "set",
                         "items": {"type": "object", "properties": {"v": {"type": "string"}}}}
            }
        }))
    }

    fn error(source: &str, d: &Decl) -> String {
        compile_rule(source, d, false, ExpressionKind::Rule)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn unknown_fields_are_reported_with_their_position() {
        assert_eq!(
            error("self.replicas > 0", &spec()),
            "ERROR: <input>:1:5: undefined field 'replicas'\n | self.replicas > 0\n | ....^"
        );
    }

    #[test]
    fn a_reserved_word_selects_its_escaped_property() {
        // apiextensions-apiserver's validation tests: `self.embedded.metadata.namespace` and
        // `self.embedded.spec.if` are valid, as is the escaped `self.__namespace__`.
        let d = decl(json!({
            "type": "object",
            "properties": {
                "ref": {"type": "object", "properties": {
                    "namespace": {"type": "string"}, "if": {"type": "string"}}},
            }
        }));
        let doc = json!({"ref": {"namespace": "default", "if": "x"}});
        for (source, want) in [
            (
                "!has(self.ref.namespace) || self.ref.namespace == 'default'",
                true,
            ),
            (
                "self.ref.__namespace__ == 'default' && self.ref.if == 'x'",
                true,
            ),
            (
                "has(self.ref.__if__) && self.ref.namespace != 'default'",
                false,
            ),
        ] {
            let rule = compile_rule(source, &d, false, ExpressionKind::Rule).unwrap();
            let out = rule.program.evaluate(
                &[crate::Value::from_json_decl(&doc, &d)],
                crate::PER_CALL_LIMIT,
            );
            assert_eq!(out.result.unwrap().to_json(), json!(want), "{source}");
        }
        // Only the escaped reserved symbols: another name is looked up as written.
        assert_eq!(
            error("self.ref.__namespace == ''", &d),
            "ERROR: <input>:1:9: undefined field '__namespace'\n | self.ref.__namespace == ''\n | ........^"
        );
    }

    #[test]
    fn comparing_a_string_with_an_int_is_an_overload_error() {
        assert_eq!(
            error("self.name < 3", &spec()),
            "ERROR: <input>:1:11: found no matching overload for '_<_' applied to '(string, int)'\n | self.name < 3\n | ..........^"
        );
    }

    #[test]
    fn rules_must_be_bool_and_messages_strings() {
        assert_eq!(
            error("self.minReplicas + 1", &spec()),
            "ERROR: <input>:-1:0: cel expression must evaluate to a bool"
        );
        let err = compile_rule(
            "self.minReplicas",
            &spec(),
            false,
            ExpressionKind::MessageExpression,
        )
        .unwrap_err();
        assert_eq!(
            err.issues[0].message,
            "messageExpression must evaluate to a string"
        );
        assert!(compile_rule(
            "'too many: ' + string(self.maxReplicas)",
            &spec(),
            false,
            ExpressionKind::MessageExpression
        )
        .is_ok());
    }

    #[test]
    fn old_self_only_where_it_correlates() {
        let item = list_item(&spec());
        let err =
            compile_rule("self.v == oldSelf.v", &item, false, ExpressionKind::Rule).unwrap_err();
        assert_eq!(
            err.to_string(),
            "ERROR: <input>:1:11: oldSelf cannot be used on the uncorrelatable portion of the schema\n | self.v == oldSelf.v\n | ..........^"
        );
        let rule = compile_rule(
            "self.minReplicas >= oldSelf.minReplicas",
            &spec(),
            false,
            ExpressionKind::Rule,
        )
        .unwrap();
        assert!(rule.uses_old_self);
        let optional =
            compile_rule("oldSelf.hasValue()", &spec(), true, ExpressionKind::Rule).unwrap();
        assert!(optional.uses_old_self);
    }

    #[test]
    fn rules_that_could_run_away_are_refused_with_the_factor() {
        let unbounded = decl(json!({"type": "array", "items": {"type": "string"}}));
        let err = compile_rule(
            "self.all(x, self.all(y, x == y))",
            &unbounded,
            false,
            ExpressionKind::Rule,
        )
        .unwrap_err();
        assert!(err.issues[0].message.starts_with("estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule"), "{err}");
        let bounded = decl(
            json!({"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 10}}),
        );
        let ok = compile_rule(
            "self.all(x, self.all(y, x == y))",
            &bounded,
            false,
            ExpressionKind::Rule,
        )
        .unwrap();
        assert!(ok.estimated_cost < 1000, "{}", ok.estimated_cost);
    }

    fn list_item(d: &Decl) -> Decl {
        let crate::decl::DeclKind::Object(o) = &d.kind else {
            panic!()
        };
        let crate::decl::DeclKind::List { item, .. } = &o.field("tags").unwrap().decl.kind else {
            panic!()
        };
        (**item).clone()
    }
}
