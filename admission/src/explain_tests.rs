//! `explain`: which webhooks and policies a request reaches, in the apiserver's order, and
//! the rejections selection itself makes.

use super::*;
use serde_json::{json, Value};

fn configuration(kind: &str, name: &str, webhooks: Value) -> Vec<Webhook> {
    webhooks_of(
        &json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": kind,
                        "metadata": {"name": name}, "webhooks": webhooks}),
    )
    .expect("webhooks")
}

fn hook(name: &str, extra: Value) -> Value {
    let mut h = json!({"name": name, "sideEffects": "None", "admissionReviewVersions": ["v1"],
        "clientConfig": {"url": "https://example.com"},
        "rules": [{"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"]}]});
    for (k, v) in extra.as_object().expect("object") {
        h[k] = v.clone();
    }
    h
}

fn create_deployment(dry_run: bool) -> Attributes {
    let object = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "shop", "labels": {"app": "web"}}, "spec": {"replicas": 2}});
    Attributes {
        dry_run,
        ..super::test_requests::create_deployment(object, "shop", &[])
    }
}

fn names(calls: &[Call]) -> Vec<(&str, bool)> {
    calls.iter().map(|c| (c.name.as_str(), c.called)).collect()
}

#[test]
fn configurations_are_called_by_name_and_webhooks_in_written_order() {
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "zeta",
        json!([
            hook("z1.example.com", json!({})),
            hook("a2.example.com", json!({}))
        ]),
    ));
    config.webhooks.extend(configuration(
        "MutatingWebhookConfiguration",
        "inject",
        json!([hook(
            "sidecar.example.com",
            json!({"reinvocationPolicy": "IfNeeded"})
        )]),
    ));
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "alpha",
        json!([hook(
            "only-pods.example.com",
            json!({"rules": [{"apiGroups": [""], "apiVersions": ["v1"],
            "operations": ["*"], "resources": ["pods"]}]})
        )]),
    ));
    let out = explain(&config, &create_deployment(false));
    assert_eq!(
        names(&out.mutating_webhooks),
        [("inject/sidecar.example.com", true)]
    );
    assert!(out.mutating_webhooks[0].reinvocable);
    assert_eq!(
        names(&out.validating_webhooks),
        [
            ("alpha/only-pods.example.com", false),
            ("zeta/z1.example.com", true),
            ("zeta/a2.example.com", true)
        ]
    );
    assert_eq!(
        out.validating_webhooks[0].reason,
        "no rule matches: rule 0 differs in API group"
    );
    assert_eq!(out.validating_webhooks[1].reason, "matched by rule 0");
    assert_eq!(out.error, None);
}

#[test]
fn a_false_match_condition_skips_and_an_error_rejects_under_fail() {
    let conditions = |expression: &str| json!({"matchConditions": [{"name": "not-kubelet", "expression": expression}]});
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([hook(
            "false.example.com",
            conditions("object.metadata.name == 'other'")
        )]),
    ));
    let out = explain(&config, &create_deployment(false));
    assert_eq!(
        out.validating_webhooks[0].reason,
        "matchCondition 'not-kubelet' is false"
    );
    // `request.namespace` is there; `object.spec.missing` is not: an error.
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "MutatingWebhookConfiguration",
        "a",
        json!([
            hook("erring.example.com", conditions("object.spec.missing > 0")),
            hook("later.example.com", json!({}))
        ]),
    ));
    let out = explain(&config, &create_deployment(false));
    let error = out.error.clone().expect("rejected");
    assert_eq!(error.code, 403);
    assert_eq!(
        error.message,
        "deployments.apps \"web\" is forbidden: expression 'object.spec.missing > 0' resulted in error: no such key: missing"
    );
    assert!(!out.mutating_webhooks[1].called);
    assert!(out.mutating_webhooks[1]
        .reason
        .starts_with("not reached: the request is rejected before (403 Forbidden)"));
    // Under Ignore the webhook is skipped and nothing is rejected.
    let mut config = Configuration::default();
    let mut ignoring = conditions("object.spec.missing > 0");
    ignoring["failurePolicy"] = json!("Ignore");
    config.webhooks.extend(configuration(
        "MutatingWebhookConfiguration",
        "a",
        json!([hook("erring.example.com", ignoring)]),
    ));
    let out = explain(&config, &create_deployment(false));
    assert_eq!(out.error, None);
    assert!(out.mutating_webhooks[0]
        .reason
        .starts_with("matchConditions failed, skipped (failurePolicy: Ignore)"));
}

#[test]
fn webhook_match_conditions_cannot_read_variables_or_params() {
    let webhooks = configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([hook(
            "v.example.com",
            json!({"matchConditions": [
            {"name": "v", "expression": "variables.x == 1"}]})
        )]),
    );
    let program = &webhooks[0].match_conditions[0].1.program;
    let error = program.as_ref().expect_err("variables is not declared");
    assert!(
        error.contains("undeclared reference to 'variables'"),
        "{error}"
    );
}

#[test]
fn a_missing_namespace_rejects_with_not_found_only_when_the_rules_match() {
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([hook("ns.example.com", json!({"namespaceSelector": {"matchLabels": {"env": "prod"}}})),
               hook("pods.example.com", json!({"namespaceSelector": {"matchLabels": {"env": "prod"}},
                   "rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["*"], "resources": ["pods"]}]}))]),
    ));
    let mut attributes = create_deployment(false);
    attributes.request.namespace_labels = None;
    let out = explain(&config, &attributes);
    let error = out.error.expect("rejected");
    assert_eq!(
        (error.code, error.reason.as_str(), error.message.as_str()),
        (404, "NotFound", "namespaces \"shop\" not found")
    );
    assert!(out.validating_webhooks[1]
        .reason
        .starts_with("no rule matches"));
}

#[test]
fn a_dry_run_fails_at_a_webhook_with_side_effects_and_the_others_are_still_called() {
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([
            hook("effects.example.com", json!({"sideEffects": "Some"})),
            hook("pure.example.com", json!({}))
        ]),
    ));
    let out = explain(&config, &create_deployment(true));
    let error = out.error.expect("rejected");
    assert_eq!(
        (error.code, error.message.as_str()),
        (
            400,
            "admission webhook \"effects.example.com\" does not support dry run"
        )
    );
    assert_eq!(
        names(&out.validating_webhooks),
        [
            ("a/effects.example.com", false),
            ("a/pure.example.com", true)
        ]
    );
}

#[test]
fn webhook_configurations_are_never_sent_to_webhooks() {
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "all",
        json!([hook(
            "all.example.com",
            json!({"rules": [{"apiGroups": ["*"], "apiVersions": ["*"],
            "operations": ["*"], "resources": ["*"]}]})
        )]),
    ));
    let mut attributes = create_deployment(false);
    attributes.request.kind = GroupVersionKind::new(
        "admissionregistration.k8s.io",
        "v1",
        "ValidatingWebhookConfiguration",
    );
    attributes.request.resource = GroupVersionResource::new(
        "admissionregistration.k8s.io",
        "v1",
        "validatingwebhookconfigurations",
    );
    attributes.request.namespace = String::new();
    let out = explain(&config, &attributes);
    assert_eq!(
        out.validating_webhooks[0].reason,
        "webhooks are never called for ValidatingWebhookConfiguration objects"
    );
}

#[test]
fn equivalent_matching_invokes_with_the_rule_s_version() {
    let mut config = Configuration::default();
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([hook("v1.example.com", json!({}))]),
    ));
    config.equivalents = vec![
        EquivalentResource {
            resource: GroupVersionResource::new("apps", "v1", "deployments"),
            kind: GroupVersionKind::new("apps", "v1", "Deployment"),
        },
        EquivalentResource {
            resource: GroupVersionResource::new("apps", "v1beta2", "deployments"),
            kind: GroupVersionKind::new("apps", "v1beta2", "Deployment"),
        },
    ];
    let mut attributes = create_deployment(false);
    attributes.request.resource = GroupVersionResource::new("apps", "v1beta2", "deployments");
    attributes.request.kind = GroupVersionKind::new("apps", "v1beta2", "Deployment");
    let out = explain(&config, &attributes);
    let invocation = out.validating_webhooks[0]
        .invocation
        .clone()
        .expect("called");
    assert_eq!(invocation.resource.version, "v1");
    assert_eq!(invocation.kind.version, "v1");
    // Under Exact the rule's version must be the request's.
    let mut exact = hook("v1.example.com", json!({"matchPolicy": "Exact"}));
    exact["name"] = json!("exact.example.com");
    config.webhooks = configuration("ValidatingWebhookConfiguration", "a", json!([exact]));
    assert!(!explain(&config, &attributes).validating_webhooks[0].called);
}

#[test]
fn a_policy_denial_leaves_validating_webhooks_unreached() {
    let mut config = Configuration::default();
    config.policies.push(
        Policy::from_json(&json!({"metadata": {"name": "max-replicas"}, "spec": {
            "matchConstraints": {"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"],
                "operations": ["CREATE"], "resources": ["deployments"]}]},
            "validations": [{"expression": "object.spec.replicas <= 1"}]}}))
        .expect("policy"),
    );
    config.bindings.push(
        Binding::from_json(&json!({"metadata": {"name": "everywhere"}, "spec": {
            "policyName": "max-replicas", "validationActions": ["Deny"]}}))
        .expect("binding"),
    );
    config.webhooks.extend(configuration(
        "ValidatingWebhookConfiguration",
        "a",
        json!([hook("v.example.com", json!({}))]),
    ));
    let out = explain(&config, &create_deployment(false));
    assert_eq!(
        names(&out.validating_admission_policies),
        [("max-replicas/everywhere", true)]
    );
    assert_eq!(out.error.as_ref().map(|e| e.code), Some(422));
    assert!(!out.validating_webhooks[0].called);
}
