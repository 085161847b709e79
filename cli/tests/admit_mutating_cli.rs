//! `kubeidl admit` with MutatingAdmissionPolicies (`testdata/admission-mutating`,
//! `examples/admission-tests/sidecar`): the mutated object in text and in the AdmissionReview's
//! patch, the chain's order in --explain, policies checked as the API checks them, and the
//! request-matching points policy authors meet (CRD versions under matchPolicy: Equivalent,
//! misspelt param metadata, two manifests of one name).

mod support;

use base64::Engine as _;
use serde_json::{json, Value};
use support::{kubeidl, stderr, stdout};

const DIR: &str = "testdata/admission-mutating";
const SIDECAR: &str = "examples/admission-tests/sidecar";

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

#[test]
fn the_json_patch_example_gives_the_documented_pod_and_its_patch() {
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{SIDECAR}/json-patch.yaml"),
        "--crds",
        &format!("{SIDECAR}/crd.yaml"),
        "-o",
        "json",
        &format!("{SIDECAR}/pods.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let reviews = json_of(&out);
    let first = &reviews[0];
    assert_eq!(first["response"]["allowed"], json!(true));
    assert_eq!(first["response"]["patchType"], json!("JSONPatch"));
    let patch = base64::engine::general_purpose::STANDARD
        .decode(first["response"]["patch"].as_str().unwrap())
        .unwrap();
    let patch: Value = serde_json::from_slice(&patch).unwrap();
    assert_eq!(
        patch,
        json!([{"op": "add", "path": "/spec/initContainers/1",
                "value": {"name": "mesh-proxy", "image": "mesh-proxy/v1.0.0", "restartPolicy": "Always"}}])
    );
    let expected =
        std::fs::read_to_string(support::repo().join(SIDECAR).join("pod-with-sidecar.yaml"))
            .unwrap();
    let expected: Value = kubeidl::document::read_documents(expected.as_bytes())
        .remove(0)
        .unwrap()
        .value;
    assert_eq!(first["mutatedObject"], expected);
    assert_eq!(
        first["source"],
        json!("examples/admission-tests/sidecar/pods.yaml:3:7")
    );
    // The Pod without init containers: the matchCondition errs, which denies it.
    let second = &reviews[1];
    assert_eq!(second["response"]["allowed"], json!(false));
    assert_eq!(second["response"]["status"]["code"], json!(403));
    assert!(second.get("mutatedObject").is_none());
}

#[test]
fn text_output_shows_what_the_policies_changed() {
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{DIR}/labels.yaml"),
        "--namespaces",
        &format!("{DIR}/team-namespace.yaml"),
        "-v",
        &format!("{DIR}/two-webs.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("testdata/admission-mutating/two-webs.yaml:2:7: CREATE Deployment shop/web: allowed\n  mutated by MutatingAdmissionPolicies:\n    add /metadata/labels: {\"team\":\"payments\"}\n  mutating policy 'team-label.example.com' with binding 'team-label-binding.example.com': mutation 0 (ApplyConfiguration) applied\n"),
        "{text}"
    );
}

#[test]
fn two_manifests_of_one_name_get_their_own_uids() {
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{DIR}/labels.yaml"),
        "--namespaces",
        &format!("{DIR}/team-namespace.yaml"),
        "-o",
        "json",
        &format!("{DIR}/two-webs.yaml"),
    ]);
    let reviews = json_of(&out);
    let uids: Vec<&Value> = reviews
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["response"]["uid"])
        .collect();
    assert_eq!(uids, [&json!("deployment-web"), &json!("deployment-web-2")]);
    assert_eq!(
        reviews[1]["source"],
        json!("testdata/admission-mutating/two-webs.yaml:12:7")
    );
}

#[test]
fn explain_lists_the_mutating_policies_first_and_later_stages_see_their_object() {
    let out = kubeidl(&[
        "admit",
        "--explain",
        "--policies",
        &format!("{SIDECAR}/json-patch.yaml"),
        "--policies",
        "testdata/admission/webhooks.yaml",
        "--crds",
        &format!("{SIDECAR}/crd.yaml"),
        "-o",
        "json",
        &format!("{SIDECAR}/pods.yaml"),
    ]);
    let entries = json_of(&out);
    let first = &entries[0]["mutatingAdmissionPolicies"];
    assert_eq!(
        first[0]["name"],
        json!("sidecar-policy.example.com/sidecar-binding.example.com")
    );
    assert_eq!(first[0]["called"], json!(true));
    assert_eq!(first[0]["reason"], json!("mutation 0 (JSONPatch) applied"));
    // Reinvoked once, when its matchCondition no longer holds.
    assert_eq!(
        first[1]["reason"],
        json!("reinvoked: not applied: matchCondition 'does-not-already-have-sidecar' is false")
    );
    assert_eq!(entries[1]["error"]["code"], json!(403));
}

#[test]
fn check_policies_checks_mutating_policies_and_their_expressions() {
    let out = kubeidl(&[
        "admit",
        "--check-policies",
        "--policies",
        &format!("{DIR}/bad-policies.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    for line in [
        "  testdata/admission-mutating/bad-policies.yaml:9:7: error: spec.matchConstraints.resourceRules.operations: Unsupported value: \"DELETE\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"UPDATE\"\n",
        "  testdata/admission-mutating/bad-policies.yaml:13:19: error: spec.mutations[0].applyConfiguration.expression: Invalid value: \"Object{spec: Object.spec{replicas: 1\": compilation failed: ERROR: <input>:1:37: Syntax error: mismatched input '<EOF>' expecting {'}', ','}\n | Object{spec: Object.spec{replicas: 1\n | ....................................^\n",
        "  testdata/admission-mutating/bad-policies.yaml:7:19: error: spec.reinvocationPolicy: Required value\n",
        "    apps/v1, Kind=Deployment: ERROR: <input>:1:69: undefined field 'replicaz'\n",
    ] {
        assert!(text.contains(line), "{line}\n---\n{text}");
    }
    // Deciding requests with such policies is refused, at the same positions.
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{DIR}/bad-policies.yaml"),
        &format!("{DIR}/two-webs.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("testdata/admission-mutating/bad-policies.yaml:9:7: MutatingAdmissionPolicy \"deletes.example.com\" is invalid: spec.matchConstraints.resourceRules.operations: Unsupported value"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_policy_for_v1_of_a_crd_matches_its_v2_as_v1() {
    let out = kubeidl(&[
        "admit",
        "--explain",
        "--crds",
        &format!("{DIR}/crd-versions.yaml"),
        "--policies",
        &format!("{DIR}/v1-policy.yaml"),
        &format!("{DIR}/widget-v2.yaml"),
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("    called     widget-size.example.com/widget-size-binding.example.com: 1 validation(s) failed [as example.com/v1, Resource=widgets, kind example.com/v1, Kind=Widget]\n"),
        "{text}"
    );
}

#[test]
fn a_param_with_a_misspelt_metadata_field_is_refused() {
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{DIR}/v1-policy.yaml"),
        "--params",
        &format!("{DIR}/params-typo.yaml"),
        &format!("{DIR}/widget-v2.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: testdata/admission-mutating/params-typo.yaml:6:14: ConfigMap \"limits\" is invalid: strict decoding error: unknown field \"metadata.namesapce\"\n"
    );
}

#[test]
fn a_custom_resources_metadata_is_typed_as_object_meta() {
    let out = kubeidl(&[
        "admit",
        "--check-policies",
        "--crds",
        "examples/admission-tests/replica-limit/crd.yaml",
        "--policies",
        &format!("{DIR}/crd-labels.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).ends_with(": ok\n"), "{}", stdout(&out));
}

#[test]
fn policies_see_the_object_as_decoding_gives_it_and_users_their_changes_only() {
    let out = kubeidl(&[
        "admit",
        "--policies",
        &format!("{DIR}/decoded.yaml"),
        "-o",
        "json",
        &format!("{DIR}/pod.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let reviews = json_of(&out);
    let object = &reviews[0]["mutatedObject"];
    assert_eq!(
        object["metadata"]["labels"],
        json!({"resources": "true", "status": "true"})
    );
    // What decoding adds is not reported as the policies' change.
    assert!(object.get("status").is_none(), "{object}");
    assert!(
        object["spec"]["containers"][0].get("resources").is_none(),
        "{object}"
    );
    assert_eq!(
        object["metadata"].get("creationTimestamp"),
        None,
        "{object}"
    );
}
