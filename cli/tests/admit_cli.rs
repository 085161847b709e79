//! `kubeidl admit` on the policies of the ValidatingAdmissionPolicy documentation
//! (`testdata/admission`): the documented messages, with positions; params and namespaces from
//! files; AdmissionReview input and output; and bad input.

mod support;

use support::{kubeidl, stdout};

const DIR: &str = "testdata/admission";

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut out = vec![
        "admit",
        "--policies",
        "testdata/admission/policies.yaml",
        "--params",
        "testdata/admission/params.yaml",
        "--namespaces",
        "testdata/admission/namespaces.yaml",
    ];
    out.extend_from_slice(extra);
    out
}

#[test]
fn the_documented_policies_give_the_documented_messages() {
    let out = kubeidl(&args(&["testdata/admission/deployments.yaml"]));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let expected = "\
testdata/admission/deployments.yaml:3:7: CREATE Deployment default/web: denied (422 Invalid): deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5
testdata/admission/deployments.yaml:21:7: CREATE Deployment shop/cart: denied (422 Invalid): deployments.apps \"cart\" is forbidden: ValidatingAdmissionPolicy 'image-matches-namespace-environment.policy.example.com' with binding 'image-matches-namespace-environment.binding.example.com' denied request: only prod images are allowed in namespace shop
testdata/admission/deployments.yaml:39:7: CREATE Deployment shop/api: allowed
";
    assert_eq!(stdout(&out), expected);
    // The params policy denies the first too; -v shows it, and why the others do not apply.
    let out = kubeidl(&args(&["-v", "testdata/admission/deployments.yaml"]));
    let text = stdout(&out);
    assert!(text.contains("  policy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' and param default/replica-limit-test.example.com: 1 validation(s) failed"), "{text}");
    assert!(text.contains("skipped: matchResources: namespaceSelector does not select namespace \"shop\": environment=test is not met"), "{text}");
}

#[test]
fn admission_reviews_in_and_out() {
    let dir = std::env::temp_dir().join(format!("kubeidl-admit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let review = dir.join("review.json");
    std::fs::write(
        &review,
        serde_json::json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {
            "uid": "705ab4f5-6393-11e8-b7cc-42010a800002",
            "kind": {"group": "apps", "version": "v1", "kind": "Deployment"},
            "resource": {"group": "apps", "version": "v1", "resource": "deployments"},
            "name": "web", "namespace": "default", "operation": "UPDATE",
            "userInfo": {"username": "admin"},
            "object": {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"},
                       "spec": {"replicas": 4, "template": {"spec": {"containers": [{"name": "c", "image": "nginx"}]}}}},
            "oldObject": {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"},
                          "spec": {"replicas": 1}}}})
        .to_string(),
    )
    .expect("write review");
    let out = kubeidl(&args(&["-o", "json", review.to_str().expect("path")]));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    let reviews: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let response = &reviews[0]["response"];
    assert_eq!(response["uid"], "705ab4f5-6393-11e8-b7cc-42010a800002");
    assert_eq!(response["allowed"], false);
    assert_eq!(response["status"]["code"], 422);
    assert_eq!(
        response["status"]["details"]["causes"][0]["message"],
        "ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: object.spec.replicas must be no greater than 3"
    );
}

#[test]
fn a_subresource_request_is_served_by_its_resource() {
    // deployments/scale: the request's kind is the subresource's (autoscaling/v1 Scale), which
    // no resource serves; the AdmissionReview's resource is the one matched.
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(
        &policy,
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: replica-limit}\nspec:\n  failurePolicy: Fail\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments/scale]}\n  validations:\n  - {expression: 'object.spec.replicas <= 5', message: at most 5 replicas}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: replica-limit}\nspec: {policyName: replica-limit, validationActions: [Deny]}\n",
    )
    .unwrap();
    let review = |replicas: i64| {
        let path = dir.path().join(format!("review-{replicas}.json"));
        let scale = |n: i64| {
            serde_json::json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
            "metadata": {"name": "web", "namespace": "prod"}, "spec": {"replicas": n}})
        };
        std::fs::write(
            &path,
            serde_json::json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {
                "uid": "u1", "operation": "UPDATE",
                "kind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
                "resource": {"group": "apps", "version": "v1", "resource": "deployments"},
                "subResource": "scale", "name": "web", "namespace": "prod",
                "object": scale(replicas), "oldObject": scale(3), "userInfo": {"username": "alice"}}})
            .to_string(),
        )
        .unwrap();
        kubeidl(&[
            "admit",
            "--policies",
            policy.to_str().unwrap(),
            path.to_str().unwrap(),
        ])
    };
    let out = review(9);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("UPDATE Scale prod/web: denied (422 Invalid): deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit' denied request: at most 5 replicas"), "{}", stdout(&out));
    assert_eq!(review(4).status.code(), Some(0));
}

#[test]
fn bad_input_is_reported_with_its_position() {
    // A manifest of a kind nothing serves is unusable, and the others are still admitted.
    let dir = std::env::temp_dir().join(format!("kubeidl-admit-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let manifests = dir.join("m.yaml");
    std::fs::write(
        &manifests,
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
    )
    .expect("write");
    let policy = dir.join("p.yaml");
    std::fs::write(
        &policy,
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec:\n  policyName: p\n  validationActions: [Shout]\n",
    )
    .expect("write");
    let out = kubeidl(&[
        "admit",
        "--policies",
        DIR,
        manifests.to_str().expect("path"),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("m.yaml:2:7: no resource serves example.com/v1, Kind=Gadget in Kubernetes 1.36 or the CRDs given"), "{text}");
    assert!(
        text.contains("m.yaml:6:7: CREATE ConfigMap default/c: allowed"),
        "{text}"
    );
    let out = kubeidl(&[
        "admit",
        "--policies",
        policy.to_str().expect("path"),
        manifests.to_str().expect("path"),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = support::stderr(&out);
    assert!(err.contains("p.yaml:6:23: ValidatingAdmissionPolicyBinding \"b\" is invalid: spec.validationActions[0]: Unsupported value: \"Shout\""), "{err}");
    // A policy the API would refuse (an expression that does not compile) is reported at the
    // expression, with the CEL caret, and nothing is decided.
    let dir = std::env::temp_dir().join(format!("kubeidl-admit-cel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let policy = dir.join("p.yaml");
    std::fs::write(
        &policy,
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  validations:\n  - expression: \"object.spec.replicas <= \"\n",
    )
    .expect("write");
    let out = kubeidl(&[
        "admit",
        "--policies",
        policy.to_str().expect("path"),
        "testdata/admission/deployments.yaml",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    let err = support::stderr(&out);
    assert!(err.contains("p.yaml:6:17: ValidatingAdmissionPolicy \"p\" is invalid: spec.validations[0].expression: Invalid value: \"object.spec.replicas <= \": compilation failed: ERROR: <input>:1:25: Syntax error: mismatched input '<EOF>'"), "{err}");
    assert!(
        err.contains("\n | object.spec.replicas <= \n | ........................^"),
        "{err}"
    );
}

#[test]
fn explain_lists_webhooks_and_policies_in_call_order() {
    let out = kubeidl(&args(&[
        "--policies",
        "testdata/admission/webhooks.yaml",
        "--groups",
        "system:authenticated",
        "--explain",
        "-o",
        "json",
        "testdata/admission/deployments.yaml",
    ]));
    // The first two Deployments are denied by policies before validating webhooks.
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let api = &all[2];
    let names = |list: &str| -> Vec<(String, bool)> {
        api[list]
            .as_array()
            .expect("list")
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_string(),
                    c["called"] == true,
                )
            })
            .collect()
    };
    assert_eq!(
        names("mutatingWebhooks"),
        [(
            "sidecar-injector/inject.sidecar.example.com".to_string(),
            false
        )]
    );
    // Configurations by name: audit-log before my-webhook.
    assert_eq!(
        names("validatingWebhooks"),
        [
            ("audit-log/record.audit.example.com".to_string(), true),
            ("my-webhook/my-webhook.example.com".to_string(), true),
            ("my-webhook/rbac.my-webhook.example.com".to_string(), false)
        ]
    );
    assert_eq!(
        api["validatingWebhooks"][1]["reason"],
        "matched by rule 0; every matchCondition is true"
    );
    assert_eq!(
        api["validatingWebhooks"][0]["invocation"]["resource"]["resource"],
        "deployments"
    );
    assert_eq!(api["error"], serde_json::Value::Null);
    assert_eq!(all[0]["error"]["code"], 422);
    // A dry run still reaches a webhook whose side effects are `NoneOnDryRun`.
    let out = kubeidl(&args(&[
        "--policies",
        "testdata/admission/webhooks.yaml",
        "--explain",
        "--dry-run",
        "testdata/admission/deployments.yaml",
    ]));
    let text = stdout(&out);
    assert!(
        text.contains("    called     audit-log/record.audit.example.com: matched by rule 0\n"),
        "{text}"
    );
}

#[test]
fn authorizer_checks_are_answered_from_rbac_objects() {
    let run = |groups: &str| {
        let out = kubeidl(&[
            "admit",
            "--explain",
            "--policies",
            "testdata/admission/webhooks.yaml",
            "--rbac",
            "testdata/admission/rbac.yaml",
            "--user",
            "ann",
            "--groups",
            groups,
            "testdata/admission/clusterrole.yaml",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        stdout(&out)
    };
    let developer = run("system:authenticated,developers");
    assert!(
        developer.contains("    called     my-webhook/rbac.my-webhook.example.com: matched by rule 0; every matchCondition is true\n"),
        "{developer}"
    );
    let sre = run("system:authenticated,sre");
    assert!(
        sre.contains("    not called my-webhook/rbac.my-webhook.example.com: matchCondition 'breakglass' is false\n"),
        "{sre}"
    );
}

#[test]
fn check_policies_gives_api_errors_and_type_checking_warnings() {
    let out = kubeidl(&[
        "admit",
        "--check-policies",
        "--policies",
        "testdata/admission-check/policies.yaml",
        "-o",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let entries = all.as_array().expect("array");
    assert_eq!(entries.len(), 3);
    // The documentation's typeChecking example, byte for byte.
    assert_eq!(
        entries[0]["expressionWarnings"],
        serde_json::json!([{"fieldRef": "spec.validations[0].expression",
            "warning": "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n"}])
    );
    assert_eq!(entries[0]["errors"], serde_json::json!([]));
    let fields: Vec<&str> = entries[1]["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["field"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        fields,
        [
            "spec.matchConstraints.resourceRules[0].resources",
            "spec.validations[0].expression",
            "spec.validations[1].messageExpression",
            "spec.validations[1].message",
            "spec.validations[1].reason"
        ]
    );
    assert_eq!(
        entries[1]["notes"][0],
        "variable \"unused\" is not read by any expression (kubeidl)"
    );
    let binding = &entries[2]["errors"];
    // admissionregistration.k8s.io/v1 has no default for it (only v1alpha1 defaults it to Deny).
    assert_eq!(binding[2]["field"], "spec.paramRef.parameterNotFoundAction");
    assert_eq!(binding[2]["type"], "FieldValueRequired");
    assert_eq!(binding[3]["field"], "spec.validationActions");
    assert_eq!(binding[3]["type"], "FieldValueInvalid");
    assert_eq!(
        binding[3]["message"],
        "Invalid value: []admissionregistration.ValidationAction{\"Deny\", \"Warn\"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"
    );
    // The documentation's policies pass once the param kind's CRD is given.
    let out = kubeidl(&[
        "admit",
        "--check-policies",
        "--policies",
        "testdata/admission/policies.yaml",
        "--crds",
        "examples/admission-tests/replica-limit/crd.yaml",
        "-o",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // Notes do not fail the check: kubeidl's cost estimates over the runtime limits, for the
    // policy that reads every container (an unbounded list).
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let notes: Vec<&str> = all[4]["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter_map(serde_json::Value::as_str)
        .collect();
    assert_eq!(
        all[4]["name"],
        "image-matches-namespace-environment.policy.example.com"
    );
    assert!(
        notes.iter().any(|n| n.starts_with(
            "spec.validations[0].expression: apps/v1, Kind=Deployment: worst-case cost estimate "
        ) && n
            .ends_with(" exceeds the per-expression runtime limit 1000000 (kubeidl)")),
        "{notes:?}"
    );
    assert_eq!(all[0]["notes"], serde_json::json!([]));
}
