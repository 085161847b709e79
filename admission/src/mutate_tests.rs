//! MutatingAdmissionPolicies applied to requests: the apiserver's own test cases (its
//! compilation, dispatcher, patcher and integration tests, as the behaviour notes list them),
//! each a Deployment `web` created in `default` under a policy `p` bound by `b` with
//! `failurePolicy: Fail` unless a case says otherwise.

use super::test_requests::create_deployment;
use super::*;
use serde_json::{json, Value};
use std::sync::Arc;

fn release() -> kubeidl::kube::Release {
    kubeidl::kube::release("1.35").expect("embedded 1.35")
}

/// A policy named `name` on CREATE of Deployments, with these mutations.
fn policy_named(name: &str, extra: Value, mutations: Value) -> Value {
    let mut spec = json!({
        "matchConstraints": {"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"],
            "operations": ["CREATE"], "resources": ["deployments"]}]},
        "failurePolicy": "Fail",
        "reinvocationPolicy": "Never",
        "mutations": mutations,
    });
    for (k, v) in extra.as_object().into_iter().flatten() {
        spec[k] = v.clone();
    }
    json!({"apiVersion": "admissionregistration.k8s.io/v1beta1", "kind": "MutatingAdmissionPolicy",
           "metadata": {"name": name}, "spec": spec})
}

fn apply_configuration(expression: &str) -> Value {
    json!([{"patchType": "ApplyConfiguration", "applyConfiguration": {"expression": expression}}])
}

fn json_patch(expression: &str) -> Value {
    json!([{"patchType": "JSONPatch", "jsonPatch": {"expression": expression}}])
}

fn binding_for(policy: &str, name: &str) -> Binding {
    Binding::mutating_from_json(&json!({"metadata": {"name": name},
        "spec": {"policyName": policy}}))
    .expect("binding")
}

fn config(policies: &[Value]) -> Configuration {
    let mut config = Configuration {
        namespaces: vec![json!({"apiVersion": "v1", "kind": "Namespace",
            "metadata": {"name": "default", "labels": {NAMESPACE_NAME_LABEL: "default"}}})],
        schemas: Some(Arc::new(ClusterSchemas::new(&release()))),
        ..Configuration::default()
    };
    for (i, p) in policies.iter().enumerate() {
        let policy = MutatingPolicy::from_json(p).expect("policy");
        let binding = if i == 0 {
            "b".to_string()
        } else {
            format!("b{i}")
        };
        config
            .mutating_bindings
            .push(binding_for(policy.name(), &binding));
        config.mutating_policies.push(policy);
    }
    config
}

fn deployment(spec: Value) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
           "spec": spec})
}

fn with_containers(containers: Value) -> Value {
    deployment(
        json!({"replicas": 1, "selector": {"matchLabels": {"app": "web"}},
        "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": containers}}}),
    )
}

fn create(object: Value) -> Attributes {
    create_deployment(object, "default", &[])
}

/// One policy `p` with these mutations on `object`.
fn run(mutations: Value, object: Value) -> Mutated {
    run_with(json!({}), mutations, object)
}

fn run_with(extra: Value, mutations: Value, object: Value) -> Mutated {
    let config = config(&[policy_named("p", extra, mutations)]);
    mutate(&config, &create(object))
}

fn denial(m: &Mutated) -> Option<(u16, String, String)> {
    m.denied
        .as_ref()
        .map(|s| (s.code, s.reason.clone(), s.message.clone()))
}

#[test]
fn apply_configurations_add_and_update_map_list_items() {
    let volumes = |v: Value| {
        deployment(
            json!({"template": {"spec": {"containers": [{"name": "c", "image": "i"}], "volumes": v}}}),
        )
    };
    let add = "Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{volumes: [Object.spec.template.spec.volumes{name: \"y\"}]}}}}";
    let out = run(apply_configuration(add), volumes(json!([{"name": "x"}])));
    assert_eq!(denial(&out), None);
    assert_eq!(
        out.object.pointer("/spec/template/spec/volumes"),
        Some(&json!([{"name": "x"}, {"name": "y"}]))
    );
    let update = "Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{volumes: [Object.spec.template.spec.volumes{name: \"y\", hostPath: Object.spec.template.spec.volumes.hostPath{path: \"a\"}}]}}}}";
    let out = run(
        apply_configuration(update),
        volumes(json!([{"name": "x"}, {"name": "y"}])),
    );
    assert_eq!(
        out.object.pointer("/spec/template/spec/volumes"),
        Some(&json!([{"name": "x"}, {"name": "y", "hostPath": {"path": "a"}}]))
    );
    assert_eq!(out.applied, 1);
}

#[test]
fn apply_configurations_may_not_touch_atomic_fields() {
    let out = run(
        apply_configuration("Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {\"l\": \"v\"}}}}"),
        with_containers(json!([{"name": "c", "image": "i"}])),
    );
    assert_eq!(
        denial(&out),
        Some((403, "Invalid".into(), "policy 'p' with binding 'b' denied request: error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector".into()))
    );
    // Nothing of a refused request is kept.
    assert_eq!(
        out.object,
        with_containers(json!([{"name": "c", "image": "i"}]))
    );
}

#[test]
fn type_names_must_follow_the_field_path_and_fields_the_schema() {
    let object = with_containers(json!([{"name": "c", "image": "i"}]));
    let out = run(
        apply_configuration("Object{spec: Object.specx{replicas: 1}}"),
        object.clone(),
    );
    assert_eq!(
        denial(&out).map(|d| d.2),
        Some("policy 'p' with binding 'b' denied request: type mismatch: unexpected type name \"Object.specx\", expected \"Object.spec\", which matches field name path from root Object type".into())
    );
    let out = run(
        apply_configuration("Object{spec: Object.spec{replicasx: 1}}"),
        object,
    );
    assert_eq!(
        denial(&out).map(|d| d.2),
        Some("policy 'p' with binding 'b' denied request: error applying patch: failed to convert patch object to typed object: .spec.replicasx: field not declared in schema".into())
    );
}

#[test]
fn a_wrong_result_type_is_an_error_of_the_policy() {
    let out = run(
        apply_configuration("\"I'm a teapot!\""),
        with_containers(json!([{"name": "c", "image": "i"}])),
    );
    assert_eq!(
        denial(&out).map(|d| d.2),
        Some(
            "policy 'p' with binding 'b' denied request: must evaluate to Object but got string"
                .into()
        )
    );
}

#[test]
fn expressions_read_the_object_variables_and_params() {
    let conditional = "Object{spec: Object.spec{replicas: object.spec.replicas % 2 == 0 ? object.spec.replicas + 1 : object.spec.replicas}}";
    let two = deployment(json!({"replicas": 2}));
    let out = run(apply_configuration(conditional), two);
    assert_eq!(out.object.pointer("/spec/replicas"), Some(&json!(3)));
    let out = run_with(
        json!({"variables": [{"name": "desired", "expression": "10"}]}),
        apply_configuration("Object{spec: Object.spec{replicas: variables.desired + 1}}"),
        deployment(json!({"replicas": 1})),
    );
    assert_eq!(out.object.pointer("/spec/replicas"), Some(&json!(11)));
    // A ConfigMap param.
    let mut config = config(&[policy_named(
        "p",
        json!({"paramKind": {"apiVersion": "v1", "kind": "ConfigMap"}}),
        apply_configuration("Object{spec: Object.spec{replicas: int(params.data['k1'])}}"),
    )]);
    config.mutating_bindings =
        vec![
            Binding::mutating_from_json(&json!({"metadata": {"name": "b"},
        "spec": {"policyName": "p", "paramRef": {"name": "limits", "namespace": "default",
                 "parameterNotFoundAction": "Deny"}}}))
            .unwrap(),
        ];
    config.params = vec![json!({"apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "limits", "namespace": "default"}, "data": {"k1": "100"}})];
    config
        .scopes
        .insert(("v1".into(), "ConfigMap".into()), true);
    let out = mutate(&config, &create(deployment(json!({"replicas": 1}))));
    assert_eq!(out.object.pointer("/spec/replicas"), Some(&json!(100)));
}

#[test]
fn keyed_items_collapse_their_duplicates_when_patched() {
    let env = json!([{"name": "test", "value": "a"}, {"name": "test", "value": "b"}, {"name": "foo", "value": "bar"}]);
    let object = with_containers(json!([{"name": "nginx", "image": "nginx", "env": env}]));
    let out = run(
        apply_configuration("Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: \"nginx\", env: [Object.spec.template.spec.containers.env{name: \"test\", value: \"c\"}]}]}}}}"),
        object.clone(),
    );
    assert_eq!(denial(&out), None);
    assert_eq!(
        out.object.pointer("/spec/template/spec/containers/0/env"),
        Some(&json!([{"name": "test", "value": "c"}, {"name": "foo", "value": "bar"}]))
    );
    // Untouched, the duplicates stay.
    let out = run(
        apply_configuration("Object{spec: Object.spec{replicas: 3}}"),
        object,
    );
    assert_eq!(
        out.object.pointer("/spec/template/spec/containers/0/env"),
        Some(&env)
    );
}

#[test]
fn json_patches_apply_as_the_apiserver_applies_them() {
    let object = deployment(json!({"replicas": 1}));
    // A failed test drops the whole mutation, without an error.
    let tested = |value: i64| {
        format!("[JSONPatch{{op: \"test\", path: \"/spec/replicas\", value: {value}}}, JSONPatch{{op: \"replace\", path: \"/spec/replicas\", value: 3}}]")
    };
    let out = run(json_patch(&tested(100)), object.clone());
    assert_eq!((denial(&out), out.object.clone()), (None, object.clone()));
    let out = run(json_patch(&tested(1)), object.clone());
    assert_eq!(out.object.pointer("/spec/replicas"), Some(&json!(3)));
    // replace on a missing map key adds it.
    let out = run(
        json_patch("[JSONPatch{op: \"replace\", path: \"/metadata/labels/x\", value: \"2\"}]"),
        object.clone(),
    );
    assert_eq!(
        out.object.pointer("/metadata/labels"),
        Some(&json!({"app": "web", "x": "2"}))
    );
    // Escaped keys.
    let out = run(
        json_patch("[JSONPatch{op: \"add\", path: \"/metadata/labels/\" + jsonpatch.escapeKey(\"k8s.io/x~y\"), value: \"true\"}]"),
        object,
    );
    assert_eq!(
        out.object.pointer("/metadata/labels/k8s.io~1x~0y"),
        Some(&json!("true"))
    );
}

#[test]
fn a_patch_that_cannot_apply_is_the_apiservers_error() {
    let object = with_containers(json!([{"name": "a", "image": "i"}]));
    let out = run(
        json_patch("[JSONPatch{op: \"replace\", path: \"/spec/template/spec/containers/-\", value: Object.spec.template.spec.containers{name: \"x\"}}]"),
        object,
    );
    assert_eq!(
        denial(&out),
        Some((403, "Invalid".into(), "policy 'p' with binding 'b' denied request: JSON Patch: replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value".into()))
    );
}

#[test]
fn a_json_patch_adding_an_unknown_field_to_a_built_in_kind_is_an_internal_error() {
    let object = with_containers(json!([{"name": "a", "image": "i"}]));
    let patch = |field: &str, type_name: &str| {
        json_patch(&format!("[JSONPatch{{op: \"add\", path: \"/spec/template/spec/containers/-\", value: Object.spec.template.spec.containers{{name: \"x\", image: \"i\", ports: [Object.spec.template.spec.containers.{type_name}{{{field}: 8080}}]}}}}]"))
    };
    let out = run(patch("containerPort", "ports"), object.clone());
    assert_eq!(denial(&out), None);
    assert_eq!(
        out.object.pointer("/spec/template/spec/containers/1/ports"),
        Some(&json!([{"containerPort": 8080}]))
    );
    // Even under failurePolicy: Ignore.
    let out = run_with(
        json!({"failurePolicy": "Ignore"}),
        patch("containerPortZ", "ports"),
        object.clone(),
    );
    assert_eq!(
        denial(&out),
        Some((500, "InternalError".into(), "Internal error occurred: strict decoding error: unknown field \"spec.template.spec.containers[1].ports[0].containerPortZ\"".into()))
    );
    let out = run(patch("containerPort", "portsZ"), object);
    assert_eq!(
        denial(&out).map(|d| d.2),
        Some("policy 'p' with binding 'b' denied request: type mismatch: unexpected type name \"Object.spec.template.spec.containers.portsZ\", expected \"Object.spec.template.spec.containers.ports\", which matches field name path from root Object type".into())
    );
}

#[test]
fn object_types_are_checked_from_the_values_own_name() {
    let out = run(
        json_patch("[JSONPatch{op: \"add\", path: \"/spec\", value: Object.invalid{replicas: 1}}]"),
        deployment(json!({"replicas": 5})),
    );
    assert_eq!(denial(&out), None);
    assert_eq!(out.object.pointer("/spec"), Some(&json!({"replicas": 1})));
}

#[test]
fn mutations_see_the_object_earlier_ones_made() {
    let ac = json!({"patchType": "ApplyConfiguration", "applyConfiguration": {"expression": "Object{spec: Object.spec{replicas: object.spec.replicas + 100}}"}});
    let jp = json!({"patchType": "JSONPatch", "jsonPatch": {"expression": "[JSONPatch{op: \"replace\", path: \"/spec/replicas\", value: object.spec.replicas + 10}]"}});
    for mutations in [json!([ac, jp]), json!([jp, ac])] {
        let out = run(mutations, deployment(json!({"replicas": 1})));
        assert_eq!(out.object.pointer("/spec/replicas"), Some(&json!(111)));
    }
}

#[test]
fn the_cost_limit_stops_an_expression() {
    let out = run_with(
        json!({"variables": [{"name": "list", "expression": "[0,1,2,3,4,5,6,7,8,9]"}]}),
        json_patch("[JSONPatch{op: \"add\", path: \"/metadata/labels/x\", value: string(variables.list.all(a, variables.list.all(b, variables.list.all(c, variables.list.all(d, variables.list.all(e, variables.list.all(f, true)))))))}]"),
        deployment(json!({"replicas": 1})),
    );
    let message = denial(&out).map(|d| d.2).unwrap_or_default();
    assert!(
        message.starts_with("policy 'p' with binding 'b' denied request: expression '")
            && message
                .ends_with("' resulted in error: operation cancelled: actual cost limit exceeded"),
        "{message}"
    );
}

#[test]
fn match_conditions_see_what_earlier_policies_made() {
    let label = |name: &str, value: &str| {
        apply_configuration(&format!(
            "Object{{metadata: Object.metadata{{labels: {{\"{name}\": \"{value}\"}}}}}}"
        ))
    };
    let p1 = policy_named("p1", json!({}), label("environment", "production"));
    let p2 = policy_named(
        "p2",
        json!({"matchConditions": [{"name": "prod", "expression": "object.?metadata.labels[\"environment\"].orValue(\"\") == \"production\""}]}),
        label("policy1invoked", "true"),
    );
    let object = deployment(json!({"replicas": 1}));
    let out = mutate(&config(&[p1.clone(), p2.clone()]), &create(object.clone()));
    assert_eq!(
        out.object.pointer("/metadata/labels"),
        Some(&json!({"app": "web", "environment": "production", "policy1invoked": "true"}))
    );
    let out = mutate(&config(&[p2, p1]), &create(object));
    assert_eq!(
        out.object.pointer("/metadata/labels"),
        Some(&json!({"app": "web", "environment": "production"}))
    );
}

#[test]
fn if_needed_invocations_run_once_more_when_a_patch_applied() {
    let bump = |n: usize, reinvocation: &str| {
        policy_named(
            &format!("p{n}"),
            json!({"reinvocationPolicy": reinvocation}),
            apply_configuration(&format!(
                "Object{{metadata: Object.metadata{{annotations: {{?\"foo\": optional.of(string(int(object.metadata.annotations[\"foo\"]) + 1)), \"{n}Applied\": \"true\"}}}}}}"
            )),
        )
    };
    let mut object = deployment(json!({"replicas": 1}));
    object["metadata"]["annotations"] = json!({"foo": "0"});
    let config = config(&[bump(1, "IfNeeded"), bump(2, "IfNeeded"), bump(3, "Never")]);
    let out = mutate(&config, &create(object));
    assert_eq!(denial(&out), None);
    assert!(out.reinvoked);
    assert_eq!(
        out.object.pointer("/metadata/annotations"),
        Some(&json!({"foo": "5", "1Applied": "true", "2Applied": "true", "3Applied": "true"}))
    );
}

#[test]
fn an_ignored_failure_leaves_the_object_as_it_was() {
    let object = deployment(json!({"replicas": 1}));
    let out = run_with(
        json!({"failurePolicy": "Ignore"}),
        apply_configuration("Object{spec: Object.spec{invalidField: \"x\"}}"),
        object.clone(),
    );
    assert_eq!((denial(&out), out.object), (None, object));
}

#[test]
fn configuration_errors_are_forbidden_and_name_the_policy() {
    let mut config = config(&[policy_named(
        "p",
        json!({"paramKind": {"apiVersion": "v1", "kind": "ConfigMap"}}),
        apply_configuration("Object{spec: Object.spec{replicas: 2}}"),
    )]);
    config
        .scopes
        .insert(("v1".into(), "ConfigMap".into()), true);
    config.mutating_bindings = vec![Binding::mutating_from_json(&json!({"metadata": {"name": "b"},
        "spec": {"policyName": "p", "paramRef": {"name": "missing", "parameterNotFoundAction": "Deny"}}}))
    .unwrap()];
    let out = mutate(&config, &create(deployment(json!({"replicas": 1}))));
    assert_eq!(
        denial(&out),
        Some((403, "Forbidden".into(), "policy 'p' with binding 'b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction".into()))
    );
    // An unknown paramKind: the policy's error, without a binding.
    config.scopes.clear();
    let out = mutate(&config, &create(deployment(json!({"replicas": 1}))));
    assert_eq!(
        denial(&out).map(|d| d.2),
        Some("policy \"p\" denied request: failed to configure policy: failed to find resource referenced by paramKind: '/v1, Kind=ConfigMap'".into())
    );
}

#[test]
fn delete_requests_are_never_mutated() {
    let mut attributes = create(deployment(json!({"replicas": 1})));
    attributes.request.operation = Operation::Delete;
    let config = config(&[policy_named(
        "p",
        json!({}),
        apply_configuration("Object{spec: Object.spec{replicas: 2}}"),
    )]);
    let out = mutate(&config, &attributes);
    assert_eq!(out.applied, 0);
    assert!(out.trace[0].outcome.contains("never see DELETE"));
}

#[test]
fn policies_and_bindings_are_checked_as_the_api_checks_them() {
    let mut bad = policy_named("p", json!({}), json!([]));
    bad["spec"]["matchConstraints"]["resourceRules"][0]["operations"] = json!(["DELETE"]);
    bad["spec"]
        .as_object_mut()
        .unwrap()
        .remove("reinvocationPolicy");
    let errors: Vec<String> = mutating_policy_errors(&bad)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors,
        vec![
            "spec.matchConstraints.resourceRules.operations: Unsupported value: \"DELETE\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"UPDATE\"",
            "spec.mutations: Required value: mutations must contain at least one item",
            "spec.reinvocationPolicy: Required value",
        ]
    );
    let both = policy_named(
        "p",
        json!({}),
        json!([{"patchType": "JSONPatch", "jsonPatch": {"expression": "[]"},
                "applyConfiguration": {"expression": "Object{}"}}]),
    );
    let errors: Vec<String> = mutating_policy_errors(&both)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors[0],
        "spec.mutations[0].applyConfiguration: Invalid value: \"{applyConfiguration}\": must not be specified when patchType is JSONPatch"
    );
    let teapot = policy_named("p", json!({}), apply_configuration("\"I'm a teapot!\""));
    let errors: Vec<String> = mutating_policy_errors(&teapot)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors,
        vec!["spec.mutations[0].applyConfiguration.expression: Invalid value: \"\\\"I'm a teapot!\\\"\": must evaluate to Object but got string"]
    );
    // Patch types exist only in mutations.
    let in_variable = policy_named(
        "p",
        json!({"variables": [{"name": "o", "expression": "Object{}"}]}),
        apply_configuration("Object{}"),
    );
    let errors = mutating_policy_errors(&in_variable);
    assert!(
        errors[0]
            .to_string()
            .contains("undeclared reference to 'Object'"),
        "{}",
        errors[0]
    );
    let binding =
        json!({"metadata": {"name": "b"}, "spec": {"policyName": "p", "paramRef": {"name": "x"}}});
    let errors: Vec<String> = mutating_binding_errors(&binding)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors,
        vec!["spec.paramRef.parameterNotFoundAction: Required value"]
    );
}
