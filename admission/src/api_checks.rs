//! What the apiserver's API validation refuses a Validating- or MutatingAdmissionPolicy or a
//! binding with on create, as field errors in its words: required and supported values, the resource rules'
//! wildcard forms, validation actions, paramRef, names, and every expression compiled as the
//! API compiles it (matchConditions without `variables`, messageExpressions without
//! `authorizer`, `params` only with a paramKind, the result type each kind of expression must
//! have). Objects are taken as the API has defaulted them.

use super::env::{Environment, Purpose};
use super::fields::one_of;
use super::mutating::PatchType;
use kubeidl::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;
use std::collections::BTreeSet;

const REASONS: &[&str] = &["Forbidden", "Invalid", "RequestEntityTooLarge"];
const OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const MAX_MATCH_CONDITIONS: usize = 64;
const MAX_AUDIT_ANNOTATIONS: usize = 20;
const MAX_VALUE_EXPRESSION: usize = 5 * 1024;

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

fn text<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str)
}

fn items<'v>(v: &'v Value, key: &str) -> &'v [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// `[]string{"a", "b"}`, as Go's `%#v` prints a typed slice.
fn go_slice(type_name: &str, values: &[String]) -> BadValue {
    let quoted: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    BadValue::GoSyntax(format!("[]{type_name}{{{}}}", quoted.join(", ")))
}

/// Adds `Unsupported value` unless `value` is one of `supported`.
fn check_one_of(value: &str, at: &FieldPath, supported: &[&str], out: &mut Vec<FieldError>) {
    if let Err(e) = one_of(value, at, supported) {
        out.push(e);
    }
}

/// A Kubernetes qualified name (`prefix/name`, the name part 63 characters at most).
fn qualified_name_errors(value: &str, at: &FieldPath, out: &mut Vec<FieldError>) {
    let (prefix, name) = match value.rsplit_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, value),
    };
    let bad = |detail: &str| FieldError::invalid(at.clone(), BadValue::string(value), detail);
    if value.matches('/').count() > 1 {
        out.push(bad("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
        return;
    }
    let name_ok = !name.is_empty()
        && name.len() <= 63
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name.ends_with(|c: char| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if name.is_empty() {
        out.push(bad("name part must be non-empty"));
    } else if name.len() > 63 {
        out.push(bad("name part must be no more than 63 bytes"));
    } else if !name_ok {
        out.push(bad("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"));
    }
    if let Some(prefix) = prefix {
        if prefix.is_empty() {
            out.push(bad("prefix part must be non-empty"));
        }
    }
}

/// One rule of `resourceRules`/`excludeResourceRules`.
fn check_rule(rule: &Value, at: &FieldPath, out: &mut Vec<FieldError>) {
    let operations = strings(rule.get("operations"));
    let ops_at = at.child("operations");
    if operations.is_empty() {
        out.push(FieldError::required(ops_at.clone(), ""));
    }
    if operations.len() > 1 && operations.iter().any(|o| o == "*") {
        out.push(FieldError::invalid(
            ops_at.clone(),
            go_slice("admissionregistration.OperationType", &operations),
            "if '*' is present, must not specify other operations",
        ));
    }
    for (i, op) in operations.iter().enumerate() {
        check_one_of(op, &ops_at.index(i), OPERATIONS, out);
    }
    for (key, what) in [("apiGroups", "API groups"), ("apiVersions", "API versions")] {
        let values = strings(rule.get(key));
        let at = at.child(key);
        if values.is_empty() {
            out.push(FieldError::required(at.clone(), ""));
        }
        if values.len() > 1 && values.iter().any(|v| v == "*") {
            out.push(FieldError::invalid(
                at.clone(),
                go_slice("string", &values),
                format!("if '*' is present, must not specify other {what}"),
            ));
        }
        if key == "apiVersions" {
            for (i, v) in values.iter().enumerate() {
                if v.is_empty() {
                    out.push(FieldError::required(at.index(i), ""));
                }
            }
        }
    }
    check_resources(&strings(rule.get("resources")), &at.child("resources"), out);
    if let Some(scope) = text(rule, "scope") {
        check_one_of(
            scope,
            &at.child("scope"),
            &["*", "Cluster", "Namespaced"],
            out,
        );
    }
}

/// The wildcard forms of `resources` that exclude each other.
fn check_resources(resources: &[String], at: &FieldPath, out: &mut Vec<FieldError>) {
    if resources.is_empty() {
        out.push(FieldError::required(at.clone(), ""));
    }
    let (mut double, mut single, mut plain) = (false, false, false);
    let mut wildcard_sub = BTreeSet::new();
    let mut wildcard_res = BTreeSet::new();
    for (i, entry) in resources.iter().enumerate() {
        if entry.is_empty() {
            out.push(FieldError::required(at.index(i), ""));
        }
        double |= entry == "*/*";
        single |= entry == "*";
        let Some((res, sub)) = entry.split_once('/') else {
            plain = entry != "*";
            continue;
        };
        let bad = |detail: String| {
            FieldError::invalid(at.index(i), BadValue::string(entry.as_str()), detail)
        };
        if wildcard_sub.contains(res) {
            out.push(bad(format!(
                "if '{res}/*' is present, must not specify {entry}"
            )));
        }
        if wildcard_res.contains(sub) {
            out.push(bad(format!(
                "if '*/{sub}' is present, must not specify {entry}"
            )));
        }
        if sub == "*" {
            wildcard_sub.insert(res.to_string());
        }
        if res == "*" {
            wildcard_res.insert(sub.to_string());
        }
    }
    if resources.len() > 1 && double {
        out.push(FieldError::invalid(
            at.clone(),
            go_slice("string", resources),
            "if '*/*' is present, must not specify other resources",
        ));
    }
    if single && plain {
        out.push(FieldError::invalid(
            at.clone(),
            go_slice("string", resources),
            "if '*' is present, must not specify other resources without subresources",
        ));
    }
}

fn check_match_resources(criteria: &Value, at: &FieldPath, out: &mut Vec<FieldError>) {
    if let Some(policy) = text(criteria, "matchPolicy") {
        check_one_of(
            policy,
            &at.child("matchPolicy"),
            &["Equivalent", "Exact"],
            out,
        );
    }
    for key in ["resourceRules", "excludeResourceRules"] {
        for (i, rule) in items(criteria, key).iter().enumerate() {
            check_rule(rule, &at.child(key).index(i), out);
        }
    }
}

/// Compiles `source` as API validation does, or the field error it gives.
fn compile(
    env: &Environment,
    source: &str,
    purpose: Purpose,
    at: &FieldPath,
) -> Option<FieldError> {
    env.compile(source, purpose)
        .err()
        .map(|detail| FieldError::invalid(at.clone(), BadValue::string(source), detail))
}

/// The API validation errors of a ValidatingAdmissionPolicy (the whole object).
pub fn policy_errors(policy: &Value) -> Vec<FieldError> {
    let mut out = Vec::new();
    let spec = policy.get("spec").unwrap_or(&Value::Null);
    let at = FieldPath::root().child("spec");
    let env = common_spec_errors(spec, &at, PolicyKind::Validating, &mut out);
    validations_errors(policy, spec, &at, &env, &mut out);
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PolicyKind {
    Validating,
    Mutating,
}

/// What a Validating- and a MutatingAdmissionPolicy's spec share: failurePolicy, paramKind,
/// matchConstraints, matchConditions and variables. Gives the environment later expressions
/// are compiled in (the variables declared).
fn common_spec_errors(
    spec: &Value,
    at: &FieldPath,
    kind: PolicyKind,
    out: &mut Vec<FieldError>,
) -> Environment {
    if let Some(f) = text(spec, "failurePolicy") {
        check_one_of(f, &at.child("failurePolicy"), &["Fail", "Ignore"], out);
    }
    let has_params = match spec.get("paramKind").filter(|p| !p.is_null()) {
        Some(kind) => {
            for key in ["apiVersion", "kind"] {
                if text(kind, key).unwrap_or_default().is_empty() {
                    out.push(FieldError::required(at.child("paramKind").child(key), ""));
                }
            }
            true
        }
        None => false,
    };
    match spec.get("matchConstraints").filter(|c| !c.is_null()) {
        None => out.push(FieldError::required(at.child("matchConstraints"), "")),
        Some(constraints) => {
            let at = at.child("matchConstraints");
            check_match_resources(constraints, &at, out);
            if items(constraints, "resourceRules").is_empty() {
                out.push(FieldError::required(at.child("resourceRules"), ""));
            }
            if kind == PolicyKind::Mutating {
                mutating_operations_errors(constraints, &at, out);
            }
        }
    }
    // matchConditions: no variables.
    let conditions = items(spec, "matchConditions");
    let conditions_at = at.child("matchConditions");
    if conditions.len() > MAX_MATCH_CONDITIONS {
        out.push(FieldError::too_many(
            conditions_at.clone(),
            conditions.len() as i64,
            MAX_MATCH_CONDITIONS as i64,
        ));
    }
    let plain = Environment::without_variables(has_params);
    let mut names = BTreeSet::new();
    for (i, c) in conditions.iter().enumerate() {
        let at = conditions_at.index(i);
        let expression = text(c, "expression").unwrap_or_default();
        if expression.trim().is_empty() {
            out.push(FieldError::required(at.child("expression"), ""));
        } else {
            out.extend(compile(
                &plain,
                expression.trim(),
                Purpose::Condition,
                &at.child("expression"),
            ));
        }
        let name = text(c, "name").unwrap_or_default();
        if name.is_empty() {
            out.push(FieldError::required(at.child("name"), ""));
        } else {
            qualified_name_errors(name, &at.child("name"), out);
            if !names.insert(name) {
                out.push(FieldError::duplicate(
                    at.child("name"),
                    BadValue::string(name),
                ));
            }
        }
    }
    // Variables, each seeing those before it.
    let mut env = Environment::new(has_params);
    for (i, v) in items(spec, "variables").iter().enumerate() {
        let at = at.child("variables").index(i);
        let name = text(v, "name").unwrap_or_default();
        if name.trim().is_empty() {
            out.push(FieldError::required(
                at.child("name"),
                "name is not specified",
            ));
        } else if !is_cel_identifier(name) {
            out.push(FieldError::invalid(
                at.child("name"),
                BadValue::string(name),
                "name is not a valid CEL identifier",
            ));
        }
        let expression = text(v, "expression").unwrap_or_default();
        if expression.trim().is_empty() {
            out.push(FieldError::required(
                at.child("expression"),
                "expression is not specified",
            ));
            continue;
        }
        let output = match env.compile(expression, Purpose::Variable) {
            Ok(program) => program.result_type().clone(),
            Err(detail) => {
                out.push(FieldError::invalid(
                    at.child("expression"),
                    BadValue::string(expression),
                    detail,
                ));
                kubeidl::cel::CelType::Dyn
            }
        };
        env.declare_variable(name, &output);
    }
    env
}

/// A ValidatingAdmissionPolicy's validations and audit annotations.
fn validations_errors(
    policy: &Value,
    spec: &Value,
    at: &FieldPath,
    env: &Environment,
    out: &mut Vec<FieldError>,
) {
    let validations = items(spec, "validations");
    let annotations = items(spec, "auditAnnotations");
    if validations.is_empty() && annotations.is_empty() {
        let detail = "validations or auditAnnotations must contain at least one item";
        out.push(FieldError::required(at.child("validations"), detail));
        out.push(FieldError::required(at.child("auditAnnotations"), detail));
    }
    for (i, v) in validations.iter().enumerate() {
        let at = at.child("validations").index(i);
        let expression = text(v, "expression").unwrap_or_default();
        if expression.trim().is_empty() {
            out.push(FieldError::required(
                at.child("expression"),
                "expression is not specified",
            ));
        } else {
            out.extend(compile(
                env,
                expression,
                Purpose::Condition,
                &at.child("expression"),
            ));
        }
        let message_expression = text(v, "messageExpression").unwrap_or_default();
        if !message_expression.is_empty() && message_expression.trim().is_empty() {
            out.push(FieldError::invalid(
                at.child("messageExpression"),
                BadValue::string(message_expression),
                "must be non-empty if specified",
            ));
        } else if !message_expression.is_empty() {
            out.extend(compile(
                env,
                message_expression,
                Purpose::Message,
                &at.child("messageExpression"),
            ));
        }
        let message = text(v, "message").unwrap_or_default();
        if !message.is_empty() && message.trim().is_empty() {
            out.push(FieldError::invalid(
                at.child("message"),
                BadValue::string(message),
                "message must be non-empty if specified",
            ));
        } else if message.trim().contains(['\n', '\r']) {
            out.push(FieldError::invalid(
                at.child("message"),
                BadValue::string(message),
                "message must not contain line breaks",
            ));
        }
        if let Some(reason) = text(v, "reason") {
            check_one_of(reason, &at.child("reason"), REASONS, out);
        }
    }
    let annotations_at = at.child("auditAnnotations");
    if annotations.len() > MAX_AUDIT_ANNOTATIONS {
        out.push(FieldError::invalid(
            annotations_at.clone(),
            BadValue::Omitted,
            format!("must not have more than {MAX_AUDIT_ANNOTATIONS} auditAnnotations"),
        ));
    }
    let policy_name = policy
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut keys = BTreeSet::new();
    for (i, a) in annotations.iter().enumerate() {
        let at = annotations_at.index(i);
        let key = text(a, "key").unwrap_or_default();
        if policy_name.is_empty() {
            out.push(FieldError::invalid(
                at.child("key"),
                BadValue::string(key),
                "requires metadata.name be non-empty",
            ));
        } else {
            qualified_name_errors(&format!("{policy_name}/{key}"), &at.child("key"), out);
        }
        let value = text(a, "valueExpression").unwrap_or_default();
        let trimmed = value.trim();
        if trimmed.is_empty() {
            out.push(FieldError::required(
                at.child("valueExpression"),
                "valueExpression is not specified",
            ));
        } else if trimmed.len() > MAX_VALUE_EXPRESSION {
            out.push(FieldError::required(
                at.child("valueExpression"),
                format!("must not exceed {MAX_VALUE_EXPRESSION} bytes in length"),
            ));
        } else if let Some(e) = env.compile(trimmed, Purpose::AuditAnnotation).err() {
            out.push(FieldError::invalid(
                at.child("valueExpression"),
                BadValue::string(value),
                e,
            ));
        }
        if !keys.insert(key) {
            out.push(FieldError::duplicate(
                at.child("key"),
                BadValue::string(key),
            ));
        }
    }
}

fn is_cel_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !["true", "false", "null", "in"].contains(&name)
        && !kubeidl::cel::parse::RESERVED.contains(&name)
}

/// The API validation errors of a ValidatingAdmissionPolicyBinding (the whole object).
pub fn binding_errors(binding: &Value) -> Vec<FieldError> {
    let mut out = Vec::new();
    let spec = binding.get("spec").unwrap_or(&Value::Null);
    let at = FieldPath::root().child("spec");
    common_binding_errors(spec, &at, ParamAction::of(binding), &mut out);
    validation_actions_errors(spec, &at, &mut out);
    out
}

/// How the API takes a paramRef without `parameterNotFoundAction`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ParamAction {
    /// Defaulted to `Deny` (v1alpha1's `SetDefaults_ParamRef`).
    DefaultedToDeny,
    /// Required: v1beta1 and v1 have no default, and validation asks for it.
    Required,
}

impl ParamAction {
    /// What a binding's API version does with the field.
    fn of(binding: &Value) -> ParamAction {
        match text(binding, "apiVersion").unwrap_or_default() {
            "admissionregistration.k8s.io/v1alpha1" => ParamAction::DefaultedToDeny,
            _ => ParamAction::Required,
        }
    }
}

/// What both kinds of binding share: policyName, paramRef and matchResources.
fn common_binding_errors(
    spec: &Value,
    at: &FieldPath,
    param_action: ParamAction,
    out: &mut Vec<FieldError>,
) {
    if text(spec, "policyName").unwrap_or_default().is_empty() {
        out.push(FieldError::required(at.child("policyName"), ""));
    }
    if let Some(param_ref) = spec.get("paramRef").filter(|p| !p.is_null()) {
        let at = at.child("paramRef");
        let named = !text(param_ref, "name").unwrap_or_default().is_empty();
        let selected = param_ref.get("selector").is_some_and(|s| !s.is_null());
        if named && selected {
            let detail = "name and selector are mutually exclusive";
            out.push(FieldError::forbidden(at.child("name"), detail));
            out.push(FieldError::forbidden(at.child("selector"), detail));
        }
        if !named && !selected {
            out.push(FieldError::required(
                at.clone(),
                "one of name or selector must be specified",
            ));
        }
        match text(param_ref, "parameterNotFoundAction") {
            None if param_action == ParamAction::DefaultedToDeny => {}
            None => out.push(FieldError::required(
                at.child("parameterNotFoundAction"),
                "",
            )),
            Some("") => out.push(FieldError::required(
                at.child("parameterNotFoundAction"),
                "",
            )),
            Some(action) => check_one_of(
                action,
                &at.child("parameterNotFoundAction"),
                &["Deny", "Allow"],
                out,
            ),
        }
    }
    if let Some(criteria) = spec.get("matchResources").filter(|c| !c.is_null()) {
        check_match_resources(criteria, &at.child("matchResources"), out);
    }
}

/// A ValidatingAdmissionPolicyBinding's validationActions.
fn validation_actions_errors(spec: &Value, at: &FieldPath, out: &mut Vec<FieldError>) {
    let actions = strings(spec.get("validationActions"));
    let actions_at = at.child("validationActions");
    let mut seen = BTreeSet::new();
    for (i, action) in actions.iter().enumerate() {
        check_one_of(
            action,
            &actions_at.index(i),
            &["Audit", "Deny", "Warn"],
            out,
        );
        if !seen.insert(action.as_str()) {
            out.push(FieldError::duplicate(
                actions_at.index(i),
                BadValue::string(action.as_str()),
            ));
        }
    }
    if seen.contains("Deny") && seen.contains("Warn") {
        out.push(FieldError::invalid(
            actions_at.clone(),
            go_slice("admissionregistration.ValidationAction", &actions),
            "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
        ));
    }
    if seen.is_empty() {
        out.push(FieldError::required(
            actions_at,
            "at least one validation action is required",
        ));
    }
}

/// The operations a MutatingAdmissionPolicy may match: never DELETE.
const MUTATING_OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "UPDATE"];

/// Operations of a mutating policy's or binding's resource rules that it cannot match, under
/// the path of the whole list (the API gives no index).
fn mutating_operations_errors(criteria: &Value, at: &FieldPath, out: &mut Vec<FieldError>) {
    let at = at.child("resourceRules").child("operations");
    for rule in items(criteria, "resourceRules") {
        for op in strings(rule.get("operations")) {
            check_one_of(&op, &at, MUTATING_OPERATIONS, out);
        }
    }
}

/// The API validation errors of a MutatingAdmissionPolicy (the whole object).
pub fn mutating_policy_errors(policy: &Value) -> Vec<FieldError> {
    let mut out = Vec::new();
    let spec = policy.get("spec").unwrap_or(&Value::Null);
    let at = FieldPath::root().child("spec");
    let env = common_spec_errors(spec, &at, PolicyKind::Mutating, &mut out);
    let mutations = items(spec, "mutations");
    if mutations.is_empty() {
        out.push(FieldError::required(
            at.child("mutations"),
            "mutations must contain at least one item",
        ));
    }
    for (i, m) in mutations.iter().enumerate() {
        mutation_errors(m, &at.child("mutations").index(i), &env, &mut out);
    }
    let reinvocation_at = at.child("reinvocationPolicy");
    match text(spec, "reinvocationPolicy").unwrap_or_default() {
        "" => out.push(FieldError::required(reinvocation_at, "")),
        policy => check_one_of(policy, &reinvocation_at, &["IfNeeded", "Never"], &mut out),
    }
    out
}

/// One of a MutatingAdmissionPolicy's mutations: its patch type, the member that type names
/// (and not the other), and its expression compiled with the patch types.
fn mutation_errors(mutation: &Value, at: &FieldPath, env: &Environment, out: &mut Vec<FieldError>) {
    let members = [
        (PatchType::ApplyConfiguration, PatchType::JsonPatch),
        (PatchType::JsonPatch, PatchType::ApplyConfiguration),
    ];
    let patch_type = text(mutation, "patchType").unwrap_or_default();
    let Some((own, other)) = members
        .into_iter()
        .find(|(own, _)| own.as_str() == patch_type)
    else {
        match patch_type {
            "" => out.push(FieldError::required(at.child("patchType"), "")),
            other => check_one_of(
                other,
                &at.child("patchType"),
                &["ApplyConfiguration", "JSONPatch"],
                out,
            ),
        }
        return;
    };
    let present = |member: &str| mutation.get(member).is_some_and(|m| !m.is_null());
    if present(other.member()) {
        out.push(FieldError::invalid(
            at.child(other.member()),
            BadValue::string(format!("{{{}}}", other.member())),
            format!("must not be specified when patchType is {}", own.as_str()),
        ));
    }
    if !present(own.member()) {
        out.push(FieldError::required(
            at.child(own.member()),
            format!("must be specified when patchType is {}", own.as_str()),
        ));
        return;
    }
    let at = at.child(own.member()).child("expression");
    let source = mutation
        .get(own.member())
        .and_then(|m| text(m, "expression"))
        .unwrap_or_default()
        .trim();
    match source {
        "" => out.push(FieldError::required(at, "")),
        source => out.extend(compile(env, source, own.purpose(), &at)),
    }
}

/// The API validation errors of a MutatingAdmissionPolicyBinding (the whole object).
pub fn mutating_binding_errors(binding: &Value) -> Vec<FieldError> {
    let mut out = Vec::new();
    let spec = binding.get("spec").unwrap_or(&Value::Null);
    let at = FieldPath::root().child("spec");
    common_binding_errors(spec, &at, ParamAction::of(binding), &mut out);
    if let Some(criteria) = spec.get("matchResources").filter(|c| !c.is_null()) {
        mutating_operations_errors(criteria, &at.child("matchResources"), &mut out);
    }
    out
}
