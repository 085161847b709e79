//! Policy type checking against the embedded Kubernetes schemas: the documentation's example,
//! params, variables, wildcards and the kinds limit.

use super::*;
use kubeidl::kube::{release, NEWEST};
use kubeidl::validate::Catalog;
use serde_json::{json, Value};

fn check(spec: Value) -> Vec<ExpressionWarning> {
    checked(spec, type_check)
}

/// `f` of the policy with `spec`, against the newest release's kinds.
fn checked<T>(spec: Value, f: impl Fn(&Policy, &dyn KindResolver) -> T) -> T {
    let release = release(NEWEST).expect("release");
    let mut catalog = Catalog::new();
    catalog
        .add_openapi_document(&release.document)
        .expect("document");
    let policy =
        Policy::from_json(&json!({"metadata": {"name": "p"}, "spec": spec})).expect("policy");
    f(
        &policy,
        &CatalogKinds {
            release: &release,
            catalog: &catalog,
            custom: Vec::new(),
        },
    )
}

fn deployments() -> Value {
    json!({"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"],
        "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]}]})
}

#[test]
fn the_documented_type_checking_warning() {
    let warnings = check(json!({"matchConstraints": deployments(),
        "validations": [{"expression": "object.replicas > 1"}]}));
    assert_eq!(
        warnings,
        [ExpressionWarning {
            field_ref: "spec.validations[0].expression".into(),
            warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n".into(),
        }]
    );
    assert!(check(json!({"matchConstraints": deployments(),
        "validations": [{"expression": "object.spec.replicas > 1",
                         "messageExpression": "'too many: ' + string(object.spec.replicas)"}]}))
    .is_empty());
}

#[test]
fn message_expressions_are_checked_and_types_are_those_of_the_schema() {
    let warnings = check(json!({"matchConstraints": deployments(),
        "validations": [{"expression": "object.spec.replicas == 'three'",
                         "messageExpression": "object.spec.paused + 1"}]}));
    let refs: Vec<&str> = warnings.iter().map(|w| w.field_ref.as_str()).collect();
    assert_eq!(
        refs,
        [
            "spec.validations[0].expression",
            "spec.validations[0].messageExpression"
        ]
    );
    assert!(
        warnings[0]
            .warning
            .contains("found no matching overload for '_==_' applied to '(int, string)'"),
        "{}",
        warnings[0].warning
    );
}

#[test]
fn each_kind_of_a_rule_is_checked_and_wildcards_are_skipped() {
    let rules = json!({"resourceRules": [
        {"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["*"], "resources": ["deployments", "statefulsets", "deployments/scale", "*"]},
        {"apiGroups": ["*"], "apiVersions": ["v1"], "operations": ["*"], "resources": ["pods"]}]});
    let warnings = check(json!({"matchConstraints": rules,
        "validations": [{"expression": "object.spec.serviceName != ''"}]}));
    // StatefulSets have a serviceName; Deployments do not.
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].warning.starts_with(
            "apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'serviceName'"
        ),
        "{}",
        warnings[0].warning
    );
    assert!(!warnings[0].warning.contains("StatefulSet"));
}

#[test]
fn params_are_typed_by_their_kind_or_undeclared_when_it_is_unknown() {
    let known = check(json!({"matchConstraints": deployments(),
        "paramKind": {"apiVersion": "v1", "kind": "ConfigMap"},
        "validations": [{"expression": "object.spec.replicas <= int(params.data.max) && params.spec == null"}]}));
    assert_eq!(known.len(), 1, "{known:?}");
    assert!(
        known[0].warning.contains("undefined field 'spec'"),
        "{known:?}"
    );
    let unknown = check(json!({"matchConstraints": deployments(),
        "paramKind": {"apiVersion": "example.com/v1", "kind": "Limit"},
        "validations": [{"expression": "object.spec.replicas <= params.max"}]}));
    // An unknown paramKind leaves `params` untyped, with a hint, not undeclared.
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert_eq!(unknown[0].field_ref, "spec.paramKind");
    assert!(
        unknown[0]
            .warning
            .contains("is not known here, so `params` is not type-checked: pass the CustomResourceDefinition that defines it with --crds"),
        "{unknown:?}"
    );
}

#[test]
fn variables_are_typed_by_what_they_give() {
    let warnings = check(json!({"matchConstraints": deployments(),
        "variables": [{"name": "replicas", "expression": "object.spec.replicas"},
                      {"name": "broken", "expression": "object.nope"}],
        "validations": [{"expression": "variables.replicas.startsWith('1')"},
                        {"expression": "variables.broken == 1"}]}));
    let refs: Vec<&str> = warnings.iter().map(|w| w.field_ref.as_str()).collect();
    // A broken variable is `dyn`: no warning where it is used.
    assert_eq!(refs, ["spec.validations[0].expression"]);
}

#[test]
fn metadata_is_the_object_meta_of_built_in_kinds() {
    assert!(check(json!({"matchConstraints": deployments(),
        "validations": [{"expression": "object.metadata.labels['app'] == 'web' && size(object.metadata.finalizers) < 3"}]}))
    .is_empty());
}

/// The text of each API validation error of a policy with these rules and validations.
fn api_errors(rules: Value, validations: Value) -> Vec<String> {
    policy_errors(&json!({"metadata": {"name": "p.example.com"}, "spec": {
        "matchConstraints": {"resourceRules": rules}, "validations": validations}}))
    .iter()
    .map(ToString::to_string)
    .collect()
}

#[test]
fn api_validation_refuses_mixed_wildcards_in_rules() {
    let rule = |resources: Value, operations: Value| json!([{"apiGroups": ["*", "apps"], "apiVersions": ["v1"], "operations": operations, "resources": resources}]);
    let ok = json!([{"expression": "true"}]);
    assert_eq!(
        api_errors(rule(json!(["*/*", "pods"]), json!(["*", "CREATE"])), ok.clone()),
        [
            "spec.matchConstraints.resourceRules[0].operations: Invalid value: []admissionregistration.OperationType{\"*\", \"CREATE\"}: if '*' is present, must not specify other operations",
            "spec.matchConstraints.resourceRules[0].apiGroups: Invalid value: []string{\"*\", \"apps\"}: if '*' is present, must not specify other API groups",
            "spec.matchConstraints.resourceRules[0].resources: Invalid value: []string{\"*/*\", \"pods\"}: if '*/*' is present, must not specify other resources",
        ]
    );
    assert_eq!(
        api_errors(rule(json!(["pods/*", "pods/status"]), json!(["CREATE", "PATCH"])), ok),
        [
            "spec.matchConstraints.resourceRules[0].operations[1]: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\"",
            "spec.matchConstraints.resourceRules[0].apiGroups: Invalid value: []string{\"*\", \"apps\"}: if '*' is present, must not specify other API groups",
            "spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: \"pods/status\": if 'pods/*' is present, must not specify pods/status",
        ]
    );
}

#[test]
fn api_validation_compiles_match_conditions_without_variables() {
    let errors: Vec<String> = policy_errors(&json!({"metadata": {"name": "p"}, "spec": {
        "matchConstraints": {"resourceRules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["*"], "resources": ["pods"]}]},
        "variables": [{"name": "team", "expression": "object.metadata.labels.team"}],
        "matchConditions": [{"name": "has-team", "expression": "variables.team != ''"}],
        "validations": [{"expression": "variables.team != 'x'"}]}}))
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("spec.matchConditions[0].expression: Invalid value: \"variables.team != ''\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables'"),
        "{errors:?}"
    );
}

#[test]
fn cost_notes_name_expressions_over_the_limits_with_the_kind() {
    let notes = checked(
        json!({"matchConstraints": deployments(), "validations": [
            {"expression": "object.spec.replicas <= 5"},
            {"expression": "object.spec.template.spec.containers.all(c, c.image.startsWith('registry.example.com/'))"},
            {"expression": "object.spec.template.spec.containers.all(c, !has(c.env) || c.env.all(e, e.name.size() < 64))"}]}),
        cost_notes,
    );
    let refs: Vec<(&str, u64)> = notes
        .iter()
        .map(|n| (n.field_ref.as_str(), n.limit))
        .collect();
    assert_eq!(
        refs,
        [
            ("spec.validations[1].expression", 1_000_000),
            ("spec.validations[2].expression", 1_000_000),
            ("spec.validations", 10_000_000)
        ]
    );
    // Containers and image names have no bounds in the schema: the worst case is what fits in
    // a request, far above the limit; the nested list costs more.
    assert!(notes[1].estimate > notes[0].estimate && notes[0].estimate > 1_000_000_000);
    let text = notes[0].to_string();
    let (head, tail) = text
        .split_once(" exceeds ")
        .expect("the estimate is compared");
    assert_eq!(
        (head.rsplit_once(' ').expect("a number").0, tail),
        (
            "spec.validations[1].expression: apps/v1, Kind=Deployment: worst-case cost estimate",
            "the per-expression runtime limit 1000000 (kubeidl)"
        )
    );
    assert!(notes[2]
        .to_string()
        .ends_with(" exceeds the runtime budget of one evaluation 10000000 (kubeidl)"));
    // No kind to type `object` with: nothing is estimated.
    let notes = checked(
        json!({"matchConstraints": {"resourceRules": [{"apiGroups": ["*"], "apiVersions": ["*"],
            "operations": ["CREATE"], "resources": ["*"]}]},
            "validations": [{"expression": "object.spec.containers.all(c, c.image != '')"}]}),
        cost_notes,
    );
    assert!(notes.is_empty(), "{notes:?}");
}
