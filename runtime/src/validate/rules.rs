//! CEL rules (`x-kubernetes-validations`) at every schema node, as the apiextensions apiserver
//! runs them: compiled once when the validator is built; evaluated on non-null values with one
//! cost budget for the whole object; transition rules correlated with the old object by property,
//! map key and map-list key; messages, message expressions, reasons and field paths; and
//! ratcheting on update (a rule without `oldSelf` that fails on a value equal to its old value
//! gives a warning, not an error).

use super::plan::Refs;
use crate::cel::decl::{Decl, DeclKind};
use crate::cel::native::NativeRule;
use crate::cel::rule::{
    compile_rule_unlimited_with, compile_rule_with_cardinality, CompiledRule, ExpressionKind,
};
use crate::cel::value::{ObjectSource, ObjectView};
use crate::cel::{CompileError, CostBudget, Evaluation, Value as CelValue, BUDGET_EXCEEDED};
use crate::errors::{BadValue, ErrorType, FieldError, FieldPath};
use crate::schema::Schema;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// One rule of a node.
#[derive(Debug)]
pub(crate) struct Rule {
    pub source: String,
    pub compiled: CompiledRule,
    pub message: Option<String>,
    pub message_expression: Option<CompiledRule>,
    pub reason: ErrorType,
    pub field_path: Option<String>,
    pub optional_old_self: bool,
}

/// The rules of the schema tree, by schema node.
#[derive(Debug, Default)]
pub(crate) struct RuleTree {
    pub rules: Vec<Rule>,
    pub decl: Option<Decl>,
    pub properties: BTreeMap<String, RuleTree>,
    pub additional: Option<Box<RuleTree>>,
    pub items: Option<Box<RuleTree>>,
    /// `x-kubernetes-list-type: map` keys of this node, for correlating items.
    pub map_keys: Option<Vec<String>>,
}

impl RuleTree {
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
            && self.properties.values().all(RuleTree::is_empty)
            && self.additional.as_ref().is_none_or(|a| a.is_empty())
            && self.items.as_ref().is_none_or(|i| i.is_empty())
    }
}

/// A rule that does not compile, and where.
#[derive(Debug, Clone)]
pub struct RuleCompileError {
    /// The node's data path (`spec.ports[*]`).
    pub path: String,
    /// Where the failing expression is written, from the schema's root, as apiextensions names
    /// it: `properties[spec].x-kubernetes-validations[0].rule` (or `.messageExpression`).
    pub at: FieldPath,
    /// The `x-kubernetes-validations` entry it belongs to.
    pub entry: Value,
    /// The expression that failed (the rule, or its messageExpression).
    pub rule: String,
    pub error: CompileError,
}

/// The definitions from which a rule can be reached through `$ref`s, so the rule tree skips
/// the (possibly recursive, like a CRD's own JSONSchemaProps) subtrees that hold none.
pub(crate) struct RuleReach {
    with_rules: HashSet<String>,
}

impl RuleReach {
    pub fn of(defs: &HashMap<String, Schema>) -> RuleReach {
        let mut reach = RuleReach {
            with_rules: HashSet::new(),
        };
        loop {
            let more: Vec<String> = defs
                .iter()
                .filter(|(name, schema)| {
                    !reach.with_rules.contains(*name) && reach.reaches_rules(schema)
                })
                .map(|(name, _)| name.clone())
                .collect();
            if more.is_empty() {
                return reach;
            }
            reach.with_rules.extend(more);
        }
    }

    /// Whether `schema` or a definition it refers to has a rule.
    pub fn reaches_rules(&self, schema: &Schema) -> bool {
        if schema.extensions.contains_key("x-kubernetes-validations") {
            return true;
        }
        if let Some(reference) = &schema.reference {
            let name = crate::schema::definition_name(reference)
                .unwrap_or(std::borrow::Cow::Borrowed(reference));
            if self.with_rules.contains(name.as_ref()) {
                return true;
            }
        }
        let mut found = false;
        schema.for_each_child(|child| found = found || self.reaches_rules(child));
        found
    }
}

/// Whether a rule's estimated cost must fit the apiserver's static limit: a CRD's rules must
/// (the apiserver rejects the CRD otherwise); the declarative validations of native types run
/// as Go code in the apiserver, with no such limit, though kubeidl runs them as CEL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostLimit {
    Static,
    None,
}

impl CostLimit {
    fn compile(
        self,
        source: &str,
        decl: &Decl,
        optional_old_self: bool,
        kind: ExpressionKind,
    ) -> Result<CompiledRule, CompileError> {
        match self {
            CostLimit::Static => {
                compile_rule_with_cardinality(source, decl, optional_old_self, kind, 1)
            }
            CostLimit::None => compile_rule_unlimited_with(
                source,
                decl,
                optional_old_self,
                kind,
                Default::default(),
            ),
        }
    }
}

/// What compiling a schema's rules reads besides the schema: its definitions, which of them
/// reach rules, and the cost limit rules must fit.
pub(crate) struct Compiling<'a> {
    pub refs: &'a Refs<'a>,
    pub reach: &'a RuleReach,
    pub cost: CostLimit,
}

/// Compiles the rules of every node of `schema`.
pub(crate) fn compile_tree(
    c: &Compiling<'_>,
    schema: &Schema,
    path: &str,
    at: &FieldPath,
    root: bool,
    depth: usize,
    errors: &mut Vec<RuleCompileError>,
) -> RuleTree {
    let Compiling { refs, reach, cost } = *c;
    let mut tree = RuleTree::default();
    if depth > 64 || !reach.reaches_rules(schema) {
        return tree;
    }
    let s = refs.resolve(schema);
    let defs = refs.defs;
    // The rules of a node: those written beside a `$ref` (a field's own rules, on the
    // `allOf` wrapper of its type), then those of the type it refers to.
    fn written(node: &Schema) -> &[Value] {
        match node.extensions.get("x-kubernetes-validations") {
            Some(Value::Array(entries)) => entries,
            _ => &[],
        }
    }
    let beside = if std::ptr::eq(schema, s) {
        &[][..]
    } else {
        written(schema)
    };
    let entries: Vec<&Value> = beside.iter().chain(written(s)).collect();
    if !entries.is_empty() {
        let decl = if root {
            Decl::for_resource_root(s, defs)
        } else {
            Decl::from_schema(s, defs)
        };
        for (i, entry) in entries.into_iter().enumerate() {
            let text = |k: &str| entry.get(k).and_then(Value::as_str).map(str::to_string);
            let entry_at = at.child("x-kubernetes-validations").index(i);
            let Some(source) = text("rule") else { continue };
            let optional_old_self = entry
                .get("optionalOldSelf")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            let compiled =
                match cost.compile(&source, &decl, optional_old_self, ExpressionKind::Rule) {
                    Ok(c) => c,
                    Err(error) => {
                        errors.push(RuleCompileError {
                            path: path.to_string(),
                            at: entry_at.child("rule"),
                            entry: entry.clone(),
                            rule: source,
                            error,
                        });
                        continue;
                    }
                };
            let message_expression = match text("messageExpression") {
                Some(m) => {
                    match cost.compile(&m, &decl, false, ExpressionKind::MessageExpression) {
                        Ok(c) => Some(c),
                        Err(error) => {
                            errors.push(RuleCompileError {
                                path: path.to_string(),
                                at: entry_at.child("messageExpression"),
                                entry: entry.clone(),
                                rule: m,
                                error,
                            });
                            None
                        }
                    }
                }
                None => None,
            };
            let reason = text("reason")
                .and_then(|r| ErrorType::from_rule_reason(&r))
                .unwrap_or(ErrorType::Invalid);
            tree.rules.push(Rule {
                source,
                compiled,
                message: text("message"),
                message_expression,
                reason,
                field_path: text("fieldPath"),
                optional_old_self,
            });
        }
        tree.decl = Some(decl);
    }
    for (name, prop) in &s.properties {
        let child = compile_tree(
            c,
            prop,
            &format!("{path}.{name}"),
            &at.child("properties").key(name),
            false,
            depth + 1,
            errors,
        );
        if !child.is_empty() {
            tree.properties.insert(name.clone(), child);
        }
    }
    if let Some(ap) = &s.additional_properties {
        let child = compile_tree(
            c,
            ap,
            &format!("{path}[*]"),
            &at.child("additionalProperties"),
            false,
            depth + 1,
            errors,
        );
        if !child.is_empty() {
            tree.additional = Some(Box::new(child));
        }
    }
    if let Some(items) = &s.items {
        let child = compile_tree(
            c,
            items,
            &format!("{path}[*]"),
            &at.child("items"),
            false,
            depth + 1,
            errors,
        );
        if !child.is_empty() {
            tree.items = Some(Box::new(child));
        }
        if s.list_type() == Some("map") {
            // Without keys nothing can be correlated.
            tree.map_keys = Some(s.list_map_keys()).filter(|keys| !keys.is_empty());
        }
    }
    tree
}

/// What running the rules found.
#[derive(Debug, Default)]
pub(crate) struct RuleOutcome {
    pub errors: Vec<FieldError>,
    pub warnings: Vec<FieldError>,
    pub stop: bool,
}

/// A node of a value rules run on: a JSON value, or a typed Rust value read in place through
/// its CEL view.
pub(crate) trait RuleNode: Clone {
    fn is_null(&self) -> bool;
    /// The node as the `self` (or `oldSelf`) of a rule declared `decl`.
    fn cel<'x>(&'x self, decl: &'x Decl) -> CelValue<'x>;
    /// The property or map entry `key`.
    fn get(&self, key: &str) -> Option<Self>;
    fn for_each_entry(&self, f: impl FnMut(&str, Self));
    fn for_each_item(&self, f: impl FnMut(usize, Self));
    /// The item of `olds` (a list) with the same map-list key values as this item.
    fn correlate(&self, olds: &Self, keys: &[String]) -> Option<Self>;
    /// Whether the two nodes are the same value (for ratcheting).
    fn same(&self, other: &Self) -> bool;
    /// How an error shows the node.
    fn shown(&self) -> BadValue;
    /// The outcome of a rule compiled to Rust for this node's type, when there is one.
    fn native_rule(&self, _source: &str) -> Option<NativeRule> {
        None
    }
}

impl RuleNode for &Value {
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }

    fn cel<'x>(&'x self, decl: &'x Decl) -> CelValue<'x> {
        CelValue::from_json_decl(self, decl)
    }

    fn get(&self, key: &str) -> Option<Self> {
        self.as_object()?.get(key)
    }

    fn for_each_entry(&self, mut f: impl FnMut(&str, Self)) {
        if let Value::Object(map) = self {
            for (key, v) in map {
                f(key, v);
            }
        }
    }

    fn for_each_item(&self, mut f: impl FnMut(usize, Self)) {
        if let Value::Array(items) = self {
            for (i, item) in items.iter().enumerate() {
                f(i, item);
            }
        }
    }

    /// Scalar keys only; the first match.
    fn correlate(&self, olds: &Self, keys: &[String]) -> Option<Self> {
        let key: Vec<&Value> = keys.iter().map(|k| self.get(k)).collect::<Option<_>>()?;
        if key
            .iter()
            .any(|k| k.is_object() || k.is_array() || k.is_null())
        {
            return None;
        }
        olds.as_array()?
            .iter()
            .find(|o| keys.iter().zip(&key).all(|(k, v)| o.get(k) == Some(*v)))
    }

    fn same(&self, other: &Self) -> bool {
        self == other
    }

    fn shown(&self) -> BadValue {
        match self {
            Value::Object(_) | Value::Array(_) => BadValue::Omitted,
            v => BadValue::of_json(v),
        }
    }
}

impl RuleNode for CelValue<'_> {
    fn is_null(&self) -> bool {
        matches!(self, CelValue::Null)
    }

    fn cel<'x>(&'x self, _: &'x Decl) -> CelValue<'x> {
        self.clone()
    }

    fn get(&self, key: &str) -> Option<Self> {
        match self {
            CelValue::Object(o) => o.get_json(key),
            CelValue::Map(m) => m.get_str(key),
            _ => None,
        }
    }

    fn for_each_entry(&self, mut f: impl FnMut(&str, Self)) {
        if let CelValue::Map(m) = self {
            for (key, v) in m.entries() {
                f(&key.display_string(), v);
            }
        }
    }

    fn for_each_item(&self, mut f: impl FnMut(usize, Self)) {
        if let CelValue::List(items) = self {
            for (i, item) in items.iter().enumerate() {
                f(i, item);
            }
        }
    }

    /// Scalar keys only; the first match.
    fn correlate(&self, olds: &Self, keys: &[String]) -> Option<Self> {
        let key: Vec<CelValue> = keys.iter().map(|k| self.get(k)).collect::<Option<_>>()?;
        if key.iter().any(|k| {
            matches!(
                k,
                CelValue::Object(_) | CelValue::Map(_) | CelValue::List(_) | CelValue::Null
            )
        }) {
            return None;
        }
        let CelValue::List(olds) = olds else {
            return None;
        };
        olds.iter().find(|o| {
            keys.iter()
                .zip(&key)
                .all(|(k, v)| o.get(k).is_some_and(|w| w.equals(v)))
        })
    }

    fn same(&self, other: &Self) -> bool {
        identical(self, other)
    }

    fn native_rule(&self, source: &str) -> Option<NativeRule> {
        match self {
            CelValue::Object(ObjectView {
                source: ObjectSource::Native(object),
                ..
            }) => object.0.native_rule(source),
            _ => None,
        }
    }

    fn shown(&self) -> BadValue {
        match self {
            CelValue::Object(_) | CelValue::Map(_) | CelValue::List(_) => BadValue::Omitted,
            v => BadValue::of_json(&v.to_json()),
        }
    }
}

/// Equality as Go's `DeepEqual` sees the serialized values: lists in order whatever their list
/// type, objects member by member.
pub(crate) fn identical(a: &CelValue<'_>, b: &CelValue<'_>) -> bool {
    match (a, b) {
        (CelValue::List(x), CelValue::List(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(v, w)| identical(&v, &w))
        }
        (CelValue::Object(x), CelValue::Object(y)) => {
            x.decl.fields.len() == y.decl.fields.len()
                && x.decl.fields.iter().all(|f| {
                    match (x.get_json(&f.json_name), y.get_json(&f.json_name)) {
                        (None, None) => true,
                        (Some(v), Some(w)) => identical(&v, &w),
                        _ => false,
                    }
                })
        }
        (CelValue::Map(x), CelValue::Map(y)) => {
            x.len() == y.len()
                && x.entries().iter().all(|(k, v)| {
                    y.get_str(&k.display_string())
                        .is_some_and(|w| identical(v, &w))
                })
        }
        _ => std::mem::discriminant(a) == std::mem::discriminant(b) && a.equals(b),
    }
}

/// Runs the whole tree on one object (an update of `old`, when given) with a fresh cost
/// budget, adding its errors and warnings to `report`.
pub(crate) fn run_all<N: RuleNode>(
    tree: &RuleTree,
    value: &N,
    old: Option<&N>,
    cost_budget: u64,
    report: &mut super::Report,
) {
    let mut outcome = RuleOutcome::default();
    let mut budget = CostBudget::new(cost_budget);
    run(
        tree,
        value,
        old,
        &FieldPath::root(),
        &mut budget,
        &mut outcome,
    );
    report.errors.extend(outcome.errors);
    report.warnings.extend(outcome.warnings);
}

/// Runs the rules of `tree` on `value` (and its correlated `old` value).
fn run<N: RuleNode>(
    tree: &RuleTree,
    value: &N,
    old: Option<&N>,
    path: &FieldPath,
    budget: &mut CostBudget,
    out: &mut RuleOutcome,
) {
    if out.stop || value.is_null() {
        return;
    }
    if !tree.rules.is_empty() {
        let decl = tree
            .decl
            .as_ref()
            .expect("nodes with rules have a declaration");
        for rule in &tree.rules {
            if out.stop {
                return;
            }
            run_rule(rule, decl, value, old, path, budget, out);
        }
    }
    if let Some(additional) = &tree.additional {
        value.for_each_entry(|key, v| {
            let old_v = old.and_then(|o| o.get(key));
            run(additional, &v, old_v.as_ref(), &path.key(key), budget, out);
        });
    }
    for (name, child) in &tree.properties {
        if let Some(v) = value.get(name) {
            let old_v = old.and_then(|o| o.get(name));
            run(child, &v, old_v.as_ref(), &path.child(name), budget, out);
        }
    }
    if let Some(item_tree) = &tree.items {
        value.for_each_item(|i, item| {
            let old_item = match (&tree.map_keys, old) {
                (Some(keys), Some(olds)) => item.correlate(olds, keys),
                _ => None,
            };
            run(
                item_tree,
                &item,
                old_item.as_ref(),
                &path.index(i),
                budget,
                out,
            );
        });
    }
}

fn run_rule<N: RuleNode>(
    rule: &Rule,
    decl: &Decl,
    value: &N,
    old: Option<&N>,
    path: &FieldPath,
    budget: &mut CostBudget,
    out: &mut RuleOutcome,
) {
    let type_name = schema_type_name(decl);
    let invalid = |detail: String| {
        FieldError::new(
            ErrorType::Invalid,
            path.clone(),
            BadValue::string(type_name),
            detail,
        )
    };
    if rule.compiled.uses_old_self && old.is_none() && !rule.optional_old_self {
        return;
    }
    if budget.is_spent() {
        out.errors.push(invalid(BUDGET_EXCEEDED.to_string()));
        out.stop = true;
        return;
    }
    let self_value = value.cel(decl);
    // A rule the derive compiled to Rust answers when it ran cleanly within the limit; anything
    // else is evaluated, which gives errors their exact texts.
    let native = match rule.compiled.uses_old_self {
        true => None,
        false => value
            .native_rule(&rule.source)
            .filter(|n| n.cost <= budget.limit()),
    };
    let outcome = match native {
        Some(n) => Evaluation {
            result: Ok(CelValue::Bool(n.passed)),
            cost: n.cost,
        },
        None => {
            let old_value = match (old, rule.optional_old_self) {
                (Some(o), false) => o.cel(decl),
                (Some(o), true) => CelValue::Optional(Some(std::sync::Arc::new(o.cel(decl)))),
                (None, true) => CelValue::Optional(None),
                (None, false) => CelValue::Null,
            };
            rule.compiled
                .program
                .evaluate(&[self_value.clone(), old_value], budget.limit())
        }
    };
    let ruleish = || {
        rule.message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .unwrap_or(rule.source.trim())
    };
    if budget.deduct(outcome.cost).is_err() {
        out.errors.push(invalid(BUDGET_EXCEEDED.to_string()));
        out.stop = true;
        return;
    }
    let passed = match outcome.result {
        Ok(CelValue::Bool(true)) => true,
        Ok(_) => false,
        Err(e) if e.message.starts_with("no such overload") => {
            out.errors.push(invalid(format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {}", ruleish())));
            return;
        }
        Err(e) if e.is_cost_limit() => {
            out.errors.push(invalid(format!("'{e}': no further validation rules will be run due to call cost exceeds limit for rule: {}", ruleish())));
            out.stop = true;
            return;
        }
        Err(e) => {
            out.errors
                .push(invalid(format!("{e} evaluating rule: {}", ruleish())));
            return;
        }
    };
    if passed {
        return;
    }
    let detail = failure_detail(rule, decl, &self_value, budget, out);
    if out.stop {
        return;
    }
    let mut error_path = path.clone();
    if let Some(fp) = &rule.field_path {
        error_path = error_path.child(fp.trim_start_matches('.'));
    }
    let shown = value.shown();
    let error = match rule.reason {
        ErrorType::Duplicate => FieldError::duplicate(error_path, shown),
        ErrorType::Required => FieldError::required(error_path, detail),
        ErrorType::Forbidden => FieldError::forbidden(error_path, detail),
        _ => FieldError::invalid(error_path, shown, detail),
    };
    // Ratcheting: an unchanged value does not fail a rule it already failed.
    if !rule.compiled.uses_old_self && old.is_some_and(|o| o.same(value)) {
        out.warnings.push(error);
    } else {
        out.errors.push(error);
    }
}

/// The message of a failed rule: the message expression when it evaluates cleanly, else the
/// message, else `failed rule: <rule>`.
fn failure_detail(
    rule: &Rule,
    decl: &Decl,
    self_value: &CelValue<'_>,
    budget: &mut CostBudget,
    out: &mut RuleOutcome,
) -> String {
    let fallback = || match rule
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => m.to_string(),
        None => format!("failed rule: {}", rule.source.trim()),
    };
    let Some(expr) = &rule.message_expression else {
        return fallback();
    };
    let outcome = expr
        .program
        .evaluate(&[self_value.clone(), CelValue::Null], budget.limit());
    if budget.deduct(outcome.cost).is_err() {
        out.errors.push(FieldError::new(
            ErrorType::Invalid,
            FieldPath::root(),
            BadValue::String(schema_type_name(decl).into()),
            "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run",
        ));
        out.stop = true;
        return String::new();
    }
    match outcome.result {
        Ok(CelValue::String(s)) => {
            let s = s.trim();
            if s.is_empty() || s.contains('\n') || s.len() > 5120 {
                fallback()
            } else {
                s.to_string()
            }
        }
        _ => fallback(),
    }
}

/// The schema type Kubernetes shows for evaluation and budget errors.
fn schema_type_name(decl: &Decl) -> &'static str {
    match decl.kind {
        DeclKind::Object(_) | DeclKind::Map(_) | DeclKind::Any => "object",
        DeclKind::List { .. } => "array",
        DeclKind::String | DeclKind::Bytes | DeclKind::Timestamp { .. } | DeclKind::Duration => {
            "string"
        }
        DeclKind::Int => "integer",
        DeclKind::Double => "number",
        DeclKind::Bool => "boolean",
        DeclKind::IntOrString => "",
    }
}
