//! `kubeidl admit test`: the shipped suites of the Validating- and MutatingAdmissionPolicy
//! documentation's policies pass; a wrong expectation fails with expected and got at its position; suites that
//! cannot run are errors at their positions.

mod support;

use support::{kubeidl, stderr, stdout};

const SUITES: &str = "testdata/admission/suites";

#[test]
fn the_shipped_suites_pass() {
    let out = kubeidl(&["admit", "test", "examples/admission-tests"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    // The policies beside the suites are not read as suites; every test of the four runs.
    assert_eq!(
        text.lines().filter(|l| l.contains(": PASS ")).count(),
        25,
        "{text}"
    );
    assert!(text.ends_with("25 passed, 0 failed\n"), "{text}");
    assert!(
        text.contains("examples/admission-tests/replica-limit/tests.yaml:22:9: PASS replica-limit/four replicas are denied in a test namespace\n"),
        "{text}"
    );
    assert_eq!(stderr(&out), "");
}

#[test]
fn a_wrong_expectation_fails_with_expected_and_got_at_its_position() {
    let out = kubeidl(&["admit", "test", &format!("{SUITES}/wrong-expectation.yaml")]);
    assert_eq!(out.status.code(), Some(1));
    let denial = "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: object.spec.replicas must be no greater than 3";
    let expected = format!(
        "\
testdata/admission/suites/wrong-expectation.yaml:11:9: FAIL wrong/the limit is taken for 4
  testdata/admission/suites/wrong-expectation.yaml:16:11: code
    expected: 403
    got:      422
  testdata/admission/suites/wrong-expectation.yaml:17:22: messageContains
    expected: \"must be no greater than 4\"
    got:      {}
  the request was denied (422 Invalid): {denial}
testdata/admission/suites/wrong-expectation.yaml:18:9: PASS wrong/three are allowed
testdata/admission/suites/wrong-expectation.yaml:23:9: FAIL wrong/a warning is expected where there is none
  testdata/admission/suites/wrong-expectation.yaml:28:15: warnings
    expected: [\"too many replicas\"]
    got:      []
1 passed, 2 failed
",
        serde_json::json!(denial)
    );
    assert_eq!(stdout(&out), expected);

    let out = kubeidl(&[
        "admit",
        "test",
        "-o",
        "json",
        &format!("{SUITES}/wrong-expectation.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(
        all[0],
        serde_json::json!({
            "suite": "wrong", "test": "the limit is taken for 4",
            "at": "testdata/admission/suites/wrong-expectation.yaml:11:9", "passed": false,
            "failures": [
                {"field": "code", "at": "testdata/admission/suites/wrong-expectation.yaml:16:11",
                 "expected": 403, "got": 422},
                {"field": "messageContains",
                 "at": "testdata/admission/suites/wrong-expectation.yaml:17:22",
                 "expected": "must be no greater than 4", "got": denial},
            ]
        })
    );
    assert_eq!(all[1]["passed"], true);
    assert_eq!(all.as_array().map(Vec::len), Some(3));
    assert_eq!(stderr(&out), "1 passed, 2 failed\n");
}

#[test]
fn suites_that_cannot_run_are_errors_at_their_positions() {
    let out = kubeidl(&["admit", "test", &format!("{SUITES}/malformed.yaml")]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let expected = "\
error: testdata/admission/suites/malformed.yaml:5:12: policies: testdata/admission/suites/no-such-policy.yaml: no such file or directory
error: testdata/admission/suites/malformed.yaml:6:12: unknown field \"namespace\" in AdmissionTest (known: apiVersion, kind, metadata, policies, params, namespaces, crds, rbac, kubeVersion, tests)
error: testdata/admission/suites/malformed.yaml:13:13: unknown field \"mesage\" in expect (known: allowed, code, reason, message, messageContains, warnings, auditAnnotations, object, objectFile)
error: testdata/admission/suites/malformed.yaml:14:9: a test needs expect (at least `allowed`)
error: testdata/admission/suites/malformed.yaml:16:17: objectFile: testdata/admission/suites/missing-object.yaml: no such file or directory
error: testdata/admission/suites/malformed.yaml:21:14: kubeVersion must be a string (quote it: \"1.35\")
error: testdata/admission/suites/malformed.yaml:25:16: operation \"PATCH\" is not one of CREATE, UPDATE, DELETE, CONNECT
error: testdata/admission/suites/malformed.yaml:27:21: allowed must be true or false
";
    assert_eq!(stderr(&out), expected);
    // No test of a malformed suite runs.
    assert_eq!(stdout(&out), "0 passed, 0 failed\n");

    // A request the cluster cannot serve stops its test alone.
    let out = kubeidl(&["admit", "test", &format!("{SUITES}/unserved.yaml")]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "\
testdata/admission/suites/unserved.yaml:6:9: ERROR unserved/a gadget
  testdata/admission/suites/unserved.yaml:8:11: no resource serves example.com/v1, Kind=Gadget in Kubernetes 1.36 or the CRDs given
testdata/admission/suites/unserved.yaml:11:9: PASS unserved/a config map
1 passed, 0 failed, 1 could not run
"
    );

    // A directory without suites is unusable input too; so is a suite file without one.
    let out = kubeidl(&["admit", "test", "testdata/admission-check"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: no AdmissionTest documents in testdata/admission-check\n"
    );
    let out = kubeidl(&["admit", "test", "testdata/admission/policies.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out)
        .contains("error: testdata/admission/policies.yaml: no AdmissionTest documents\n"));
}

#[test]
fn test_is_a_subcommand_beside_the_requests_of_admit() {
    let out = kubeidl(&["admit", "test", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(
        help.contains("kubeidl admit test examples/admission-tests/"),
        "{help}"
    );
    assert!(help.contains("kind: AdmissionTest"), "{help}");
    // Requests after flags are still requests; `admit --help` says how to name a file `test`.
    let out = kubeidl(&[
        "admit",
        "--policies",
        "examples/admission-tests/image-environment/policy.yaml",
        "testdata/admission/deployments.yaml",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // A namespace not given exists for `namespaceObject` too, with only its name label.
    assert!(stdout(&out).starts_with("testdata/admission/deployments.yaml:3:7: CREATE Deployment default/web: denied (422 Invalid): deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'image-matches-namespace-environment.policy.example.com' with binding 'image-matches-namespace-environment.binding.example.com' denied request: only prod images are allowed in namespace default\n"), "{}", stdout(&out));
    let help = stdout(&kubeidl(&["admit", "--help"]));
    assert!(
        help.contains("A request file named\n`test` is given as `./test`."),
        "{help}"
    );
}
