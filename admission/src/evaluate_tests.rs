//! Policy evaluation, against the examples of the ValidatingAdmissionPolicy documentation and
//! the behaviour the apiserver's plugin has in each corner (matchConditions, failure policy,
//! messages, actions, params, variables, budgets).

use super::test_requests::create_deployment;
use super::*;
use serde_json::{json, Value};

fn policy(spec: Value) -> Policy {
    let mut spec = spec;
    if spec.get("matchConstraints").is_none() {
        spec["matchConstraints"] = json!({"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"],
            "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]}]});
    }
    Policy::from_json(&json!({"metadata": {"name": "demo-policy.example.com"}, "spec": spec}))
        .expect("policy")
}

fn binding(spec: Value) -> Binding {
    let mut spec = spec;
    spec["policyName"] = json!("demo-policy.example.com");
    if spec.get("validationActions").is_none() {
        spec["validationActions"] = json!(["Deny"]);
    }
    Binding::from_json(
        &json!({"metadata": {"name": "demo-binding-test.example.com"}, "spec": spec}),
    )
    .expect("binding")
}

fn deployment(replicas: i64, image: &str) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
           "spec": {"replicas": replicas, "template": {"spec": {"containers": [{"name": "c", "image": image}]}}}})
}

fn create(object: Value) -> Attributes {
    create_deployment(object, "default", &[("environment", "test")])
}

fn config(policy: Policy, binding: Binding) -> Configuration {
    Configuration {
        policies: vec![policy],
        bindings: vec![binding],
        namespaces: vec![json!({"apiVersion": "v1", "kind": "Namespace",
            "metadata": {"name": "default", "labels": {"environment": "test", NAMESPACE_NAME_LABEL: "default"}}})],
        ..Configuration::default()
    }
}

fn denial(response: &Response) -> String {
    response
        .denied
        .as_ref()
        .map(|s| s.message.clone())
        .unwrap_or_default()
}

#[test]
fn the_documented_replica_limit_denies_with_the_documented_message() {
    let c = config(
        policy(
            json!({"failurePolicy": "Fail", "validations": [{"expression": "object.spec.replicas <= 5"}]}),
        ),
        binding(
            json!({"matchResources": {"namespaceSelector": {"matchLabels": {"environment": "test"}}}}),
        ),
    );
    let r = admit(&c, &create(deployment(6, "nginx")));
    assert_eq!(
        denial(&r),
        "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5"
    );
    let status = r.denied.expect("denied");
    assert_eq!((status.code, status.reason.as_str()), (422, "Invalid"));
    assert!(admit(&c, &create(deployment(5, "nginx"))).allowed());
}

#[test]
fn params_by_name_give_the_documented_message_and_missing_params_follow_the_action() {
    let p = || {
        policy(
            json!({"paramKind": {"apiVersion": "rules.example.com/v1", "kind": "ReplicaLimit"},
            "validations": [{"expression": "object.spec.replicas <= params.maxReplicas",
                "messageExpression": "'object.spec.replicas must be no greater than ' + string(params.maxReplicas)",
                "reason": "Invalid"}]}),
        )
    };
    let b = |action: &str| {
        binding(
            json!({"paramRef": {"name": "replica-limit-test.example.com", "namespace": "default",
            "parameterNotFoundAction": action}}),
        )
    };
    let mut c = config(p(), b("Deny"));
    c.params = vec![
        json!({"apiVersion": "rules.example.com/v1", "kind": "ReplicaLimit",
        "metadata": {"name": "replica-limit-test.example.com", "namespace": "default"}, "maxReplicas": 3}),
    ];
    let r = admit(&c, &create(deployment(4, "nginx")));
    assert!(
        denial(&r).ends_with("denied request: object.spec.replicas must be no greater than 3"),
        "{}",
        denial(&r)
    );
    assert!(admit(&c, &create(deployment(3, "nginx"))).allowed());
    // A namespaced param written without a namespace lives in `default`, where kubectl creates
    // it (the kind is namespaced: its CRD says so).
    c.scopes
        .insert(("rules.example.com/v1".into(), "ReplicaLimit".into()), true);
    c.params[0]["metadata"]
        .as_object_mut()
        .unwrap()
        .remove("namespace");
    let r = admit(&c, &create(deployment(4, "nginx")));
    assert!(
        denial(&r).ends_with("denied request: object.spec.replicas must be no greater than 3"),
        "{}",
        denial(&r)
    );
    c.scopes.clear();
    c.params[0]["metadata"]["namespace"] = json!("default");
    // No such param: Deny refuses the request, Allow leaves the binding out.
    c.params[0]["metadata"]["name"] = json!("other");
    let r = admit(&c, &create(deployment(4, "nginx")));
    assert!(denial(&r).ends_with("denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction"), "{}", denial(&r));
    c.bindings = vec![b("Allow")];
    assert!(admit(&c, &create(deployment(4, "nginx"))).allowed());
    // A paramKind nothing serves is the policy's configuration error.
    c.params.clear();
    let r = admit(&c, &create(deployment(4, "nginx")));
    assert!(denial(&r).ends_with("ValidatingAdmissionPolicy 'demo-policy.example.com' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'"), "{}", denial(&r));
}

#[test]
fn the_documented_namespace_environment_policy_reads_lazy_variables() {
    let p = policy(json!({"variables": [
        {"name": "environment", "expression": "'environment' in namespaceObject.metadata.labels ? namespaceObject.metadata.labels['environment'] : 'prod'"},
        {"name": "exempt", "expression": "'exempt' in namespaceObject.metadata.labels && namespaceObject.metadata.labels['exempt'] == 'true'"},
        {"name": "containers", "expression": "object.spec.template.spec.containers"},
        {"name": "containersToCheck", "expression": "variables.containers.filter(c, c.image.contains('example.com/'))"}],
      "validations": [{"expression": "variables.exempt || variables.containersToCheck.all(c, c.image.startsWith(variables.environment + '.'))",
        "messageExpression": "'only ' + variables.environment + ' images are allowed in namespace ' + namespaceObject.metadata.name"}]}));
    let mut c = config(p, binding(json!({})));
    c.namespaces[0]["metadata"]["labels"] = json!({NAMESPACE_NAME_LABEL: "default"});
    let r = admit(&c, &create(deployment(1, "staging.example.com/app")));
    assert!(
        denial(&r).ends_with("denied request: only prod images are allowed in namespace default"),
        "{}",
        denial(&r)
    );
    assert!(admit(&c, &create(deployment(1, "prod.example.com/app"))).allowed());
    // A variable that fails surfaces only where it is read.
    let p = policy(
        json!({"variables": [{"name": "bad", "expression": "object.missing.field"}],
        "validations": [{"expression": "object.spec.replicas < 10 || variables.bad"}]}),
    );
    let c = config(p, binding(json!({})));
    assert!(admit(&c, &create(deployment(1, "x"))).allowed());
    let r = admit(&c, &create(deployment(20, "x")));
    assert!(denial(&r).ends_with("denied request: expression 'object.spec.replicas < 10 || variables.bad' resulted in error: composited variable \"bad\" fails to evaluate: no such key: missing"), "{}", denial(&r));
}

#[test]
fn match_conditions_decide_as_the_table_says() {
    let conditions = |exprs: &[&str]| -> Value {
        Value::Array(
            exprs
                .iter()
                .enumerate()
                .map(|(i, e)| json!({"name": format!("c{i}"), "expression": e}))
                .collect(),
        )
    };
    let run = |exprs: &[&str], failure: &str| {
        let p = policy(
            json!({"failurePolicy": failure, "matchConditions": conditions(exprs),
            "validations": [{"expression": "false", "message": "denied"}]}),
        );
        denial(&admit(
            &config(p, binding(json!({}))),
            &create(deployment(1, "x")),
        ))
    };
    // All true: the validations run.
    assert!(run(&["true", "true"], "Fail").ends_with("denied request: denied"));
    // Any false: not matched, even after an error.
    assert_eq!(run(&["object.nope == 1", "false"], "Fail"), "");
    // Errors and no false: Fail denies with the error, Ignore skips.
    let e = run(&["object.nope == 1", "true"], "Fail");
    assert!(
        e.ends_with(
            "denied request: expression 'object.nope == 1' resulted in error: no such key: nope"
        ),
        "{e}"
    );
    assert_eq!(run(&["object.nope == 1", "true"], "Ignore"), "");
    // Two distinct errors aggregate; a condition that is not a bool does not compile.
    let e = run(&["object.a == 1", "object.b == 1"], "Fail");
    assert!(e.ends_with("[expression 'object.a == 1' resulted in error: no such key: a, expression 'object.b == 1' resulted in error: no such key: b]"), "{e}");
    let e = run(&["object.a"], "Fail");
    assert!(
        e.ends_with("compilation error: must evaluate to bool but got dyn"),
        "{e}"
    );
}

#[test]
fn messages_fall_back_from_expression_to_message_to_the_expression() {
    let run = |validation: Value| {
        let p = policy(json!({"validations": [validation]}));
        let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
        denial(&r)
            .split("denied request: ")
            .nth(1)
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        run(
            json!({"expression": "false", "message": " written ", "messageExpression": "' computed '"})
        ),
        "computed"
    );
    assert_eq!(
        run(
            json!({"expression": "false", "message": "written", "messageExpression": "'two\\nlines'"})
        ),
        "written"
    );
    assert_eq!(
        run(json!({"expression": "false", "message": "written", "messageExpression": "'   '"})),
        "written"
    );
    assert_eq!(
        run(json!({"expression": "false", "messageExpression": "object.nope"})),
        "failed expression: false"
    );
    assert_eq!(
        run(json!({"expression": " 1 > 2 "})),
        "failed expression: 1 > 2"
    );
    // Reasons give codes.
    let p = policy(json!({"validations": [{"expression": "false", "reason": "Forbidden"}]}));
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert_eq!(
        r.denied.map(|s| (s.code, s.reason)),
        Some((403, "Forbidden".to_string()))
    );
    // A runtime error reports Invalid whatever reason the validation declares.
    let p =
        policy(json!({"validations": [{"expression": "object.nope == 1", "reason": "Forbidden"}]}));
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert_eq!(r.denied.map(|s| s.code), Some(422));
}

#[test]
fn warn_and_audit_actions_admit_and_report() {
    let p = || {
        policy(
            json!({"validations": [{"expression": "object.spec.replicas <= 5", "message": "too many <replicas>"}],
        "auditAnnotations": [{"key": "replicas", "valueExpression": "'replicas: ' + string(object.spec.replicas)"},
                             {"key": "none", "valueExpression": "null"}]}),
        )
    };
    let c = config(
        p(),
        binding(json!({"validationActions": ["Warn", "Audit"]})),
    );
    let r = admit(&c, &create(deployment(6, "x")));
    assert!(r.allowed());
    assert_eq!(r.warnings, vec!["Validation failed for ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com': too many <replicas>"]);
    assert_eq!(
        r.audit_annotations
            .get(VALIDATION_FAILURE)
            .map(String::as_str),
        Some(
            r#"[{"message":"too many \u003creplicas\u003e","policy":"demo-policy.example.com","binding":"demo-binding-test.example.com","expressionIndex":0,"validationActions":["Warn","Audit"]}]"#
        )
    );
    assert_eq!(
        r.audit_annotations
            .get("demo-policy.example.com/replicas")
            .map(String::as_str),
        Some("replicas: 6")
    );
    assert!(!r
        .audit_annotations
        .contains_key("demo-policy.example.com/none"));
}

#[test]
fn expressions_that_do_not_compile_fail_where_they_run() {
    let p = policy(
        json!({"validations": [{"expression": "object.spec.replicas"}, {"expression": "1 +"}]}),
    );
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert!(
        denial(&r)
            .ends_with("denied request: compilation error: must evaluate to bool but got dyn"),
        "{}",
        denial(&r)
    );
    let p = policy(json!({"failurePolicy": "Ignore", "validations": [{"expression": "1 +"}]}));
    assert!(admit(&config(p, binding(json!({}))), &create(deployment(1, "x"))).allowed());
}

#[test]
fn request_fields_are_absent_when_empty_and_the_budget_stops_runaway_rules() {
    let p = policy(json!({"validations": [
        {"expression": "request.operation == 'CREATE' && request.kind.kind == 'Deployment' && !request.dryRun"},
        {"expression": "has(request.userInfo.username)"}]}));
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert!(
        denial(&r).ends_with("denied request: failed expression: has(request.userInfo.username)"),
        "{}",
        denial(&r)
    );
    let p = policy(
        json!({"validations": [{"expression": "[1,2,3,4,5,6,7,8,9,10].all(a, [1,2,3,4,5,6,7,8,9,10].all(b, [1,2,3,4,5,6,7,8,9,10].all(c, [1,2,3,4,5,6,7,8,9,10].all(d, [1,2,3,4,5,6,7,8,9,10].all(e, [1,2,3,4,5,6,7,8,9,10].all(f, true))))))"}]}),
    );
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert!(
        denial(&r).contains("operation cancelled: actual cost limit exceeded"),
        "{}",
        denial(&r)
    );
}

#[test]
fn declared_request_and_namespace_fields_keep_reserved_words_as_written() {
    // The apiserver declares `request` and `namespaceObject` field by field: `namespace` is
    // selected as written, not as a schema property's `__namespace__`.
    let p = policy(json!({"validations": [
        {"expression": "request.namespace == 'default' && namespaceObject.metadata.name == request.namespace"},
        {"expression": "!has(namespaceObject.metadata.namespace)"}]}));
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert!(r.allowed(), "{}", denial(&r));
    let p = policy(json!({"validations": [{"expression": "request.__namespace__ == 'default'"}]}));
    let r = admit(&config(p, binding(json!({}))), &create(deployment(1, "x")));
    assert!(
        denial(&r).contains("undefined field '__namespace__'"),
        "{}",
        denial(&r)
    );
}

#[test]
fn review_resources_and_policies_themselves_are_never_evaluated() {
    let deny_all = || {
        let policy = policy(json!({"failurePolicy": "Fail",
            "matchConstraints": {"resourceRules": [{"apiGroups": ["*"], "apiVersions": ["*"],
                "operations": ["*"], "resources": ["*"]}]},
            "validations": [{"expression": "false", "message": "no"}]}));
        config(policy, binding(json!({})))
    };
    let mut review = create(json!({"apiVersion": "authorization.k8s.io/v1",
        "kind": "SubjectAccessReview", "metadata": {"name": "r"}, "spec": {}}));
    review.request.resource =
        GroupVersionResource::new("authorization.k8s.io", "v1", "subjectaccessreviews");
    review.request.kind =
        GroupVersionKind::new("authorization.k8s.io", "v1", "SubjectAccessReview");
    review.request.namespaced = false;
    let response = admit(&deny_all(), &review);
    assert!(response.allowed(), "{response:?}");
    assert_eq!(
        response.trace[0].outcome,
        "skipped: ValidatingAdmissionPolicy never evaluates requests for subjectaccessreviews.authorization.k8s.io"
    );
    // A webhook configuration is evaluated (only webhooks skip it).
    let mut webhooks = review.clone();
    webhooks.request.resource = GroupVersionResource::new(
        "admissionregistration.k8s.io",
        "v1",
        "validatingwebhookconfigurations",
    );
    assert!(!admit(&deny_all(), &webhooks).allowed());
    let mut bindings = review;
    bindings.request.resource = GroupVersionResource::new(
        "admissionregistration.k8s.io",
        "v1",
        "validatingadmissionpolicybindings",
    );
    assert!(admit(&deny_all(), &bindings).allowed());
}

fn rbac(objects: Value) -> std::sync::Arc<Rbac> {
    let mut rbac = Rbac::default();
    for o in objects.as_array().expect("list") {
        rbac.add(o).expect("RBAC object");
    }
    std::sync::Arc::new(rbac)
}

/// A policy letting only users allowed to `approve` deployments scale beyond 3 replicas.
fn approval_policy(expression: &str) -> Configuration {
    config(
        policy(json!({"validations": [{"expression": expression}]})),
        binding(json!({})),
    )
}

fn as_user(name: &str, groups: &[&str], replicas: i64) -> Attributes {
    let mut a = create(deployment(replicas, "nginx"));
    a.user = UserInfo {
        username: name.into(),
        groups: groups.iter().map(|g| g.to_string()).collect(),
        ..UserInfo::default()
    };
    a
}

#[test]
fn authorizer_checks_are_answered_by_rbac() {
    let rule = "object.spec.replicas <= 3 || authorizer.group('apps').resource('deployments').namespace(object.metadata.namespace).check('approve').allowed()";
    let mut c = approval_policy(rule);
    c.authorizer = Some(rbac(json!([
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
         "metadata": {"name": "approver", "namespace": "default"},
         "rules": [{"apiGroups": ["apps"], "resources": ["deployments"], "verbs": ["approve"]}]},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
         "metadata": {"name": "leads", "namespace": "default"},
         "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "approver"},
         "subjects": [{"kind": "Group", "name": "team-leads"}]},
    ])));
    assert!(admit(&c, &as_user("ann", &["team-leads"], 5)).allowed());
    assert!(!admit(&c, &as_user("bob", &["developers"], 5)).allowed());
    assert!(admit(&c, &as_user("root", &["system:masters"], 5)).allowed());
    // The binding grants only in its namespace.
    let mut elsewhere = as_user("ann", &["team-leads"], 5);
    elsewhere.object["metadata"]["namespace"] = json!("prod");
    assert!(!admit(&c, &elsewhere).allowed());
}

#[test]
fn without_authorization_data_every_check_is_denied_with_a_note() {
    let c = approval_policy(
        "authorizer.requestResource.check('create').allowed() || authorizer.path('/healthz').check('get').reason() == ''",
    );
    let r = admit(&c, &as_user("ann", &[], 1));
    assert!(!r.allowed(), "{r:?}");
    let c = approval_policy(&format!(
        "authorizer.serviceAccount('default', 'builder').group('').resource('pods').check('get').reason() == '{NO_AUTHORIZER}'"
    ));
    assert!(admit(&c, &as_user("ann", &[], 1)).allowed());
}

#[test]
fn request_resource_and_service_accounts_ask_for_the_right_subject() {
    let mut c = approval_policy(
        "authorizer.requestResource.check('create').allowed() && !authorizer.serviceAccount('ci', 'deployer').requestResource.check('create').allowed()",
    );
    // `requestResource` is a separate variable; `serviceAccount(...)` has no such member.
    assert!(c.policies[0].validations[0]
        .expression
        .program
        .as_ref()
        .is_err());
    c = approval_policy(
        "authorizer.requestResource.check('create').allowed() && authorizer.serviceAccount('ci', 'deployer').group('apps').resource('deployments').namespace('default').check('create').allowed()",
    );
    c.authorizer = Some(rbac(json!([
        {"kind": "ClusterRole", "metadata": {"name": "deployer", "labels": {"aggregate-to-deployer": "true"}},
         "rules": []},
        {"kind": "ClusterRole", "metadata": {"name": "deploy-apps", "labels": {"aggregate-to-deployer": "true"}},
         "rules": [{"apiGroups": ["apps"], "resources": ["deployments", "deployments/scale"], "verbs": ["create", "update"]}]},
        {"kind": "ClusterRole", "metadata": {"name": "aggregated"},
         "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"aggregate-to-deployer": "true"}}]}},
        {"kind": "ClusterRoleBinding", "metadata": {"name": "everyone-deploys"},
         "roleRef": {"kind": "ClusterRole", "name": "aggregated"},
         "subjects": [{"kind": "User", "name": "ann"},
                      {"kind": "ServiceAccount", "name": "deployer", "namespace": "ci"}]},
    ])));
    assert!(admit(&c, &as_user("ann", &[], 1)).allowed());
    assert!(!admit(&c, &as_user("bob", &[], 1)).allowed());
}

#[test]
fn message_expressions_cannot_ask_the_authorizer() {
    let p = policy(json!({"validations": [{"expression": "false",
        "messageExpression": "authorizer.path('/x').check('get').reason()"}]}));
    let error = p.validations[0]
        .message_expression
        .as_ref()
        .expect("messageExpression")
        .program
        .as_ref()
        .expect_err("authorizer is not declared in messageExpressions");
    assert!(
        error.contains("undeclared reference to 'authorizer'"),
        "{error}"
    );
}

#[test]
fn three_authorization_checks_exceed_an_expression_s_cost_limit() {
    let check = "authorizer.group('apps').resource('deployments').check('get').allowed()";
    let two = approval_policy(&format!("!{check} && !{check}"));
    assert!(admit(&two, &as_user("ann", &[], 1)).allowed());
    let three = approval_policy(&format!("!{check} && !{check} && !{check}"));
    let r = admit(&three, &as_user("ann", &[], 1));
    assert!(
        denial(&r).contains("operation cancelled: actual cost limit exceeded"),
        "{}",
        denial(&r)
    );
}
