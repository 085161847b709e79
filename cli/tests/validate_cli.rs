//! `kubeidl validate` on the manifests in `testdata/manifests`: exact errors with positions, the
//! JSON Status per document, updates with --old, and bad input that never stops the other
//! documents from being validated.

mod support;

use support::{kubeidl, kubeidl_stdin, repo, stderr, stdout};

const CRD: &str = "testdata/manifests/crd/widgets-crd.yaml";
const WIDGETS: &str = "testdata/manifests/crd/widgets.yaml";

#[test]
fn custom_resources_get_the_apiservers_errors_with_positions() {
    // Strict decoding, the default: a document with unknown fields fails with them alone.
    let out = kubeidl(&["validate", "--crds", CRD, WIDGETS]);
    assert_eq!(out.status.code(), Some(1));
    let expected = "\
testdata/manifests/crd/widgets.yaml:25:11: Widget bad (document 2): spec.colour: Invalid value: value provided for unknown field
testdata/manifests/crd/widgets.yaml:37:7: Widget rules (document 3): spec: Invalid value: minReplicas (9) must not exceed maxReplicas (3)
testdata/manifests/crd/widgets.yaml:40:9: Widget rules (document 3): spec.tags: Forbidden: the tag 'forbidden' is not allowed
";
    assert_eq!(stdout(&out), expected);
    assert!(stderr(&out).contains("3 document(s): 1 valid, 2 invalid, 0 unusable, 0 skipped"));

    // Warn: unknown fields are dropped with a warning, and the rest is validated.
    let out = kubeidl(&[
        "validate",
        "--field-validation=warn",
        "--crds",
        CRD,
        WIDGETS,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let expected = "\
warning: testdata/manifests/crd/widgets.yaml:25:11: Widget bad (document 2): spec.colour: Invalid value: value provided for unknown field
testdata/manifests/crd/widgets.yaml:22:16: Widget bad (document 2): spec.maxReplicas: Invalid value: 60: spec.maxReplicas in body should be less than or equal to 50
testdata/manifests/crd/widgets.yaml:21:16: Widget bad (document 2): spec.minReplicas: Invalid value: -1: spec.minReplicas in body should be greater than or equal to 0
testdata/manifests/crd/widgets.yaml:23:10: Widget bad (document 2): spec.owner: Invalid value: \"nobody\": spec.owner in body must be of type email: \"nobody\"
testdata/manifests/crd/widgets.yaml:30:11: Widget bad (document 2): spec.ports[1].port: Invalid value: 70000: spec.ports[1].port in body should be less than or equal to 65535
testdata/manifests/crd/widgets.yaml:20:9: Widget bad (document 2): spec.size: Unsupported value: \"huge\": supported values: \"small\", \"medium\", \"large\"
testdata/manifests/crd/widgets.yaml:29:9: Widget bad (document 2): spec.ports[1]: Duplicate value: {\"name\":\"http\"}
testdata/manifests/crd/widgets.yaml:24:13: Widget bad (document 2): spec.tags[1]: Duplicate value: \"a\"
testdata/manifests/crd/widgets.yaml:15:11: Widget bad (document 2): <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation
testdata/manifests/crd/widgets.yaml:37:7: Widget rules (document 3): spec: Invalid value: minReplicas (9) must not exceed maxReplicas (3)
testdata/manifests/crd/widgets.yaml:40:9: Widget rules (document 3): spec.tags: Forbidden: the tag 'forbidden' is not allowed
";
    assert_eq!(stdout(&out), expected);
    assert!(stderr(&out).contains("3 document(s): 1 valid, 2 invalid, 0 unusable"));
}

#[test]
fn updates_run_transition_rules_and_ratchet() {
    let out = kubeidl(&[
        "validate",
        "--crds",
        CRD,
        "--old",
        "testdata/manifests/crd/widgets-old.yaml",
        WIDGETS,
    ]);
    let text = stdout(&out);
    assert!(text.starts_with("testdata/manifests/crd/widgets.yaml:6:9: Widget good (document 1): spec.size: Invalid value: \"small\": size is immutable\n"), "{text}");
    assert!(text.contains("warning: testdata/manifests/crd/widgets.yaml:37:7: Widget rules (document 3): spec: Invalid value: minReplicas (9) must not exceed maxReplicas (3)"), "{text}");
}

#[test]
fn json_output_is_a_status_per_document() {
    let out = kubeidl(&["validate", "--crds", CRD, "-o", "json", WIDGETS]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let docs = v[WIDGETS].as_array().unwrap();
    // kubectl-validate's Status, with where the object is and what it is.
    assert_eq!(
        docs[0],
        serde_json::json!({"metadata": {}, "status": "Success", "line": 1, "column": 11,
            "document": "1", "apiVersion": "example.com/v1", "kind": "Widget", "name": "good",
            "namespace": ""})
    );
    assert_eq!(docs[2]["code"], 422);
    assert_eq!(docs[2]["reason"], "Invalid");
    assert_eq!(
        docs[2]["message"],
        "Widget.example.com \"rules\" is invalid: [spec: Invalid value: minReplicas (9) must not exceed maxReplicas (3), spec.tags: Forbidden: the tag 'forbidden' is not allowed]"
    );
    assert_eq!(
        docs[2]["details"]["causes"][1],
        serde_json::json!({"reason": "FieldValueForbidden", "message": "Forbidden: the tag 'forbidden' is not allowed", "field": "spec.tags"})
    );
}

#[test]
fn bad_documents_are_reported_and_the_others_still_validated() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.yaml");
    let deep = format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: deep}}\nspec: {}{}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let huge = format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: huge}}\nspec:\n  size: small\n  tags: [\"{}\"]\n",
        "x".repeat(3 << 20)
    );
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: first}\nspec: {size: tiny}\n---\n");
    bytes.extend_from_slice(b"spec: [unclosed\n---\n");
    bytes.extend_from_slice(b"kind: Widget\nmetadata: {name: nokind}\n---\n");
    bytes.extend_from_slice(
        b"apiVersion: example.com/v9\nkind: Gadget\nmetadata: {name: unknown}\n---\n",
    );
    bytes.extend_from_slice(
        b"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: \"\xff\"}\n---\n",
    );
    bytes.extend_from_slice(deep.as_bytes());
    bytes.extend_from_slice(b"\n---\n");
    bytes.extend_from_slice(huge.as_bytes());
    bytes.extend_from_slice(b"---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: last}\nspec: {size: large}\n");
    std::fs::write(&file, &bytes).unwrap();
    let path = file.to_str().unwrap();
    let out = kubeidl(&[
        "validate",
        "--crds",
        &repo().join(CRD).display().to_string(),
        path,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let find = |needle: &str| {
        lines
            .iter()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"))
    };
    assert!(
        find("Widget first (document 1): spec.size: Unsupported value: \"tiny\"")
            .starts_with(&format!("{path}:4:"))
    );
    assert!(find("document 2: YAML syntax error").starts_with(&format!("{path}:")));
    assert!(find("document 3: the document has no kind").starts_with(&format!("{path}:")));
    assert!(
        find("document 4: no schema for kind Gadget in version example.com/v9")
            .starts_with(&format!("{path}:"))
    );
    assert!(find("document 5: invalid UTF-8 (byte 0xff)").starts_with(&format!("{path}:")));
    let deep_line = find("document 6:");
    assert!(
        deep_line.contains("nesting deeper than") || deep_line.contains("recursion limit"),
        "{deep_line}"
    );
    assert!(find(
        "Widget huge (document 7): spec.tags[0]: Too long: may not be more than 16 bytes"
    )
    .starts_with(&format!("{path}:")));
    assert!(
        !text.contains("Widget last"),
        "the last document is valid: {text}"
    );
    assert!(
        stderr(&out).contains("8 document(s): 1 valid, 2 invalid, 5 unusable"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn stdin_and_a_missing_schema() {
    let out = kubeidl_stdin(
        &["validate", "--crds", CRD, "-"],
        b"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: s}\nspec: {size: small}\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = kubeidl(&["validate", WIDGETS]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("no schema for kind Widget in version example.com/v1; pass --schemas or --crds that define it"));
}

#[test]
fn the_hand_written_validation_of_built_in_kinds() {
    // Issue 44's manifest: each mistake only the apiserver's hand-written validation finds, at
    // its line and column (the duplicate container name too: built-in kinds' list types are not
    // checked for repeats, their hand-written rules are).
    let file = "testdata/manifests/native/hand-written.yaml";
    let out = kubeidl(&["validate", file]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.strip_prefix(file).unwrap_or(l).to_string())
        .collect();
    let expected = [
        ":11:15: Deployment web (document 1): spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`",
        ":15:13: Deployment web (document 1): spec.template.spec.containers[0].image: Required value",
        ":17:26: Deployment web (document 1): spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
        ":20:38: Deployment web (document 1): spec.template.spec.containers[0].resources.limits[memory]: Invalid value: \"1Gb\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
        ":19:21: Deployment web (document 1): spec.template.spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1",
        ":21:15: Deployment web (document 1): spec.template.spec.containers[1].name: Duplicate value: \"app\"",
        ":13:22: Deployment web (document 1): spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"",
        ":29:13: CronJob nightly (document 2): spec.schedule: Invalid value: \"every day\": expected exactly 5 fields, found 2: [every day]",
        ":34:21: CronJob nightly (document 2): spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"",
        ":43:15: ConfigMap settings (document 3): data[bad key!]: Invalid value: \"bad key!\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        ":48:9: Service my.svc (document 4): metadata.name: Invalid value: \"my.svc\": must not contain dots",
        ":55:9: Namespace my.ns (document 5): metadata.name: Invalid value: \"my.ns\": must not contain dots",
    ];
    assert_eq!(lines, expected);
    // A type error stops an object as decoding stops it in the apiserver: the hand-written
    // rules do not add a missing image for an image that is a number.
    let bad = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: 5}]\n";
    let out = kubeidl_stdin(&["validate", "-"], bad.as_bytes());
    let text = stdout(&out);
    assert!(text.contains("must be of type string"), "{text}");
    assert!(!text.contains("Required value"), "{text}");
}

#[test]
fn shadowed_tags_keep_their_hand_written_twins() {
    // 1.36 wraps the ReplicationController's replicas and minReadySeconds tags in +k8s:alpha,
    // which the schema then leaves out; the hand-written rule refuses the values in every
    // release, once, with its own text.
    let file = "testdata/manifests/native/shadowed.yaml";
    for version in ["1.33", "1.35", "1.36"] {
        let out = kubeidl(&["validate", "--kube-version", version, file]);
        assert_eq!(out.status.code(), Some(1), "{version}");
        let expected = format!(
            "{file}:8:13: ReplicationController legacy (document 1): spec.replicas: Invalid value: -3: must be greater than or equal to 0\n\
             {file}:9:20: ReplicationController legacy (document 1): spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0\n"
        );
        assert_eq!(stdout(&out), expected, "{version}");
    }
}

#[test]
fn crds_in_a_list_serve_their_kinds() {
    // `kubectl get crd -o yaml` writes CRDs as a v1 List; given to --crds, or in the stream
    // before the custom resources, its CRDs define their kinds.
    let crd = std::fs::read_to_string(repo().join(CRD)).unwrap();
    let mut list = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for (i, line) in crd
        .lines()
        .filter(|l| !l.starts_with('#') && l.trim() != "---")
        .enumerate()
    {
        list.push_str(if i == 0 { "- " } else { "  " });
        list.push_str(line);
        list.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("crds.yaml");
    std::fs::write(&file, &list).unwrap();
    let out = kubeidl(&["validate", "--crds", file.to_str().unwrap(), WIDGETS]);
    let text = stdout(&out);
    assert!(!text.contains("no schema for kind Widget"), "{text}");
    assert!(
        text.contains("spec.colour: Invalid value: value provided for unknown field"),
        "{text}"
    );
    let stream = format!(
        "{list}---\n{}",
        std::fs::read_to_string(repo().join(WIDGETS)).unwrap()
    );
    let out = kubeidl_stdin(&["validate", "-"], stream.as_bytes());
    let text = stdout(&out);
    assert!(!text.contains("no schema for kind Widget"), "{text}");
    assert!(
        text.contains("spec.colour: Invalid value: value provided for unknown field"),
        "{text}"
    );
}

#[test]
fn native_manifests_need_no_flags() {
    // The built-in kinds of Kubernetes are embedded; strict decoding reports the unknown field
    // of document 2 alone.
    let out = kubeidl(&["validate", "testdata/manifests/native/workloads.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    let expected = "\
testdata/manifests/native/workloads.yaml:33:18: Pod broken-pod (document 2): spec.containers[0].imagePolicy: Invalid value: value provided for unknown field
testdata/manifests/native/workloads.yaml:48:9: ConfigMap Settings (document 4): metadata.name: Invalid value: \"Settings\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
testdata/manifests/native/workloads.yaml:51:12: ConfigMap Settings (document 4): data.retries: Invalid value: \"integer\": data.retries in body must be of type string: \"integer\"
";
    assert_eq!(stdout(&out), expected);
    // With warn, the rest of document 2 is validated too, the enum of `protocol` included
    // (which an apiserver enforces but does not publish).
    let out = kubeidl(&[
        "validate",
        "--kube-version",
        "1.35",
        "--field-validation",
        "warn",
        "testdata/manifests/native/workloads.yaml",
    ]);
    let text = stdout(&out);
    assert!(text.starts_with("warning: testdata/manifests/native/workloads.yaml:33:18: Pod broken-pod (document 2): spec.containers[0].imagePolicy: Invalid value: value provided for unknown field\n"), "{text}");
    assert!(text.contains("testdata/manifests/native/workloads.yaml:32:17: Pod broken-pod (document 2): spec.containers[0].ports[0].protocol: Unsupported value: 22: supported values: \"SCTP\", \"TCP\", \"UDP\"\n"), "{text}");
}

#[test]
fn plain_configuration_and_unknown_kinds_are_skipped_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.yaml");
    std::fs::write(
        &file,
        "settings: {debug: true}\n---\napiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: BAD}\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let out = kubeidl(&["validate", file]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let out = kubeidl(&[
        "validate",
        "--ignore-missing-schemas",
        "-v",
        "--skip-kinds",
        "Secret",
        file,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.contains("document 1: skipped: no kind or apiVersion"),
        "{text}"
    );
    assert!(
        text.contains("document 2: skipped: no schema for its kind"),
        "{text}"
    );
    assert!(
        text.contains("document 4: skipped: kind skipped (--skip-kinds)"),
        "{text}"
    );
    assert!(stderr(&out).contains("4 document(s): 1 valid, 0 invalid, 0 unusable, 3 skipped"));
    // A kind named with its group and version is skipped only in that version.
    let out = kubeidl(&[
        "validate",
        "--ignore-missing-schemas",
        "--skip-kinds",
        "apps/v1/Secret",
        file,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

#[test]
fn non_crd_documents_in_crd_directories_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join(CRD), dir.path().join("widgets-crd.yaml")).unwrap();
    std::fs::write(
        dir.path().join("pdb.yaml"),
        "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\nspec: {maxUnavailable: 1}\n",
    )
    .unwrap();
    let out = kubeidl(&[
        "validate",
        "-v",
        "--crds",
        dir.path().to_str().unwrap(),
        WIDGETS,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("skipped in --crds: kind is \"PodDisruptionBudget\""));
}

/// A CRD of kind Thing whose spec has `properties` (YAML lines indented for that place).
fn things_crd(properties: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: things.example.com}}
spec:
  group: example.com
  names: {{kind: Thing, plural: things}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
{properties}"
    )
}

#[test]
fn crd_manifests_are_checked_as_apiextensions_checks_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("crd.yaml");
    std::fs::write(&file, things_crd("              message: {type: strign}\n")).unwrap();
    let out = kubeidl(&["validate", "--kube-version", "1.30", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains(": CustomResourceDefinition things.example.com (document 1): spec.validation.openAPIV3Schema.properties[spec].properties[message].type: Unsupported value: \"strign\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"\n"), "{}", stdout(&out));
}

#[test]
fn what_native_types_decode_is_accepted() {
    let out = kubeidl(&["validate", "testdata/manifests/native/accepted.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stderr(&out).contains("4 document(s): 4 valid"));
}

#[test]
fn lists_are_unpacked_and_a_byte_order_mark_is_dropped() {
    // kubectl applies the items of a list one by one; each is validated at its own place.
    let out = kubeidl(&["validate", "testdata/manifests/native/lists.yaml"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let expected = "\
testdata/manifests/native/lists.yaml:13:11: ConfigMap Bad (document 1, items[1]): metadata.name: Invalid value: \"Bad\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
testdata/manifests/native/lists.yaml:15:8: ConfigMap Bad (document 1, items[1]): data.b: Invalid value: \"integer\": data.b in body must be of type string: \"integer\"
";
    assert_eq!(stdout(&out), expected);
    assert!(
        stderr(&out).contains("3 document(s): 2 valid, 1 invalid, 0 unusable, 0 skipped"),
        "{}",
        stderr(&out)
    );
    // The JSON output has a Status per object.
    let out = kubeidl(&[
        "validate",
        "-o",
        "json",
        "testdata/manifests/native/lists.yaml",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let statuses = json["testdata/manifests/native/lists.yaml"]
        .as_array()
        .unwrap();
    let verdicts: Vec<&str> = statuses
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["Success", "Failure", "Success"]);
}

#[test]
fn hidden_directories_are_left_out_unless_named() {
    let dir = tempfile::tempdir().unwrap();
    let hidden = dir.path().join(".chainsaw-test");
    std::fs::create_dir_all(&hidden).unwrap();
    std::fs::write(
        dir.path().join("cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shown}\n",
    )
    .unwrap();
    // A partial object, as test fixtures assert them: no valid manifest.
    std::fs::write(
        hidden.join("assert.yaml"),
        "apiVersion: v1\nkind: Pod\nmetadata: {name: partial}\n",
    )
    .unwrap();
    let out = kubeidl(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("1 document(s): 1 valid"),
        "{}",
        stderr(&out)
    );
    let out = kubeidl(&["validate", hidden.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("Pod partial (document 1): spec.containers: Required value"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn each_kind_takes_the_names_its_validation_allows() {
    // RBAC names with ':' and a PodDisruptionBudget with capitals pass, as the apiserver lets
    // them; a Role with '/', a Namespace with dots and (under 1.35) a Service starting with a
    // digit fail with the apiserver's texts.
    let names = "testdata/manifests/native/names.yaml";
    let common = "\
testdata/manifests/native/names.yaml:28:9: Role team/admin (document 4): metadata.name: Invalid value: \"team/admin\": may not contain '/'
testdata/manifests/native/names.yaml:35:9: Namespace my.ns (document 5): metadata.name: Invalid value: \"my.ns\": must not contain dots
";
    let out = kubeidl(&["validate", "--kube-version", "1.35", names]);
    assert_eq!(out.status.code(), Some(1));
    let service = "testdata/manifests/native/names.yaml:40:9: Service 8080-web (document 6): metadata.name: Invalid value: \"8080-web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')\n";
    assert_eq!(stdout(&out), format!("{common}{service}"));
    // 1.36 turns RelaxedServiceNameValidation on: Service names are DNS-1123 labels.
    let out = kubeidl(&["validate", "--kube-version", "1.36", names]);
    assert_eq!(stdout(&out), common);
    assert!(stderr(&out).contains("6 document(s): 4 valid, 2 invalid"));
}

#[test]
fn repositories_are_walked_as_users_expect() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |path: &str, text: &str| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "deploy/cm.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n",
    );
    write("deploy/values.yaml", "replicas: 3\nimage: nginx\n");
    write(
        "deploy/kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cm.yaml]\n",
    );
    write(
        "chart/Chart.yaml",
        "apiVersion: v2\nname: app\nversion: 0.1.0\n",
    );
    write(
        "chart/templates/svc.yaml",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\n",
    );
    write(
        "loose/broken.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  {{- include \"labels\" . }}\n",
    );
    let root_arg = root.to_str().unwrap();
    let out = kubeidl(&["validate", "--skip-kinds", "Gadget", root_arg]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    // Files that hold no manifests get one note per reason, and a line each with -v.
    let err = stderr(&out);
    assert!(err.contains("note: 1 file(s) skipped: a Helm chart's template, not YAML until rendered (render it with helm template, then validate the output) (-v lists them)\n"), "{err}");
    assert!(
        err.contains("note: 1 file(s) skipped: kustomize's configuration"),
        "{err}"
    );
    let verbose = stdout(&kubeidl(&["validate", "-v", root_arg]));
    let chart = root.join("chart/templates/svc.yaml");
    assert!(
        verbose.contains(&format!(
            "{}: skipped: a Helm chart's template",
            chart.display()
        )),
        "{verbose}"
    );
    // A template outside a chart still fails, with a hint.
    assert!(
        text.contains(
            "(it looks like a template (Helm, Go): render it first, then validate the output)"
        ),
        "{text}"
    );
    assert!(
        !text.contains("values.yaml"),
        "plain configuration is skipped: {text}"
    );
    let err = stderr(&out);
    assert!(
        err.contains("6 document(s): 1 valid, 0 invalid, 1 unusable, 4 skipped (-v says why)"),
        "{err}"
    );
    assert!(
        err.contains("warning: --skip-kinds \"Gadget\" matched no document"),
        "{err}"
    );

    // --exclude leaves paths out by glob, and says when one matched nothing.
    let out = kubeidl(&[
        "validate",
        "--exclude",
        "loose",
        "--exclude",
        "*.json",
        root_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("warning: exclusion \"*.json\" matched no file or directory"),
        "{}",
        stderr(&out)
    );

    // Nothing to validate is an error, not a green run.
    let empty = tempfile::tempdir().unwrap();
    let out = kubeidl(&["validate", empty.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no manifests: ")
            && stderr(&out).contains("hold no .yaml, .yml or .json file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn crds_in_the_stream_serve_its_custom_resources() {
    // `kubectl kustomize | kubeidl validate -`: the CRDs come first in the stream.
    let crd = std::fs::read(repo().join(CRD)).unwrap();
    let widgets = std::fs::read(repo().join(WIDGETS)).unwrap();
    let stream = [crd.as_slice(), b"\n---\n", widgets.as_slice()].concat();
    let out = kubeidl_stdin(&["validate", "-"], &stream);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Widget rules (document 4): spec: Invalid value: minReplicas (9) must not exceed maxReplicas (3)"),
        "{text}"
    );
    assert!(!text.contains("no schema for kind Widget"), "{text}");
    // The CRD found in one file serves the others of the run.
    let out = kubeidl(&["validate", WIDGETS, CRD]);
    assert!(!stdout(&out).contains("no schema"), "{}", stdout(&out));
    // --crds - reads them from stdin.
    let out = kubeidl_stdin(&["validate", "--crds", "-", WIDGETS], &crd);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(!stdout(&out).contains("no schema"), "{}", stdout(&out));
    // Stdin is read once.
    let out = kubeidl_stdin(&["validate", "--crds", "-", "-"], &crd);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("named both as a file and in --crds"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn removed_versions_are_errors_and_deprecated_ones_warnings() {
    let file = "testdata/manifests/native/versions.yaml";
    let pdb = "testdata/manifests/native/versions.yaml:3:13: PodDisruptionBudget web (document 1): policy/v1beta1 PodDisruptionBudget: not served since Kubernetes 1.25; use policy/v1 PodDisruptionBudget\n";
    let ds = "testdata/manifests/native/versions.yaml:8:13: DaemonSet agent (document 2): extensions/v1beta1 DaemonSet: not served since Kubernetes 1.16; use apps/v1 DaemonSet\n";
    // Never skipped in silence, not even with --ignore-missing-schemas.
    let out = kubeidl(&[
        "validate",
        "--ignore-missing-schemas",
        "--kube-version",
        "1.31",
        file,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{pdb}{ds}warning: testdata/manifests/native/versions.yaml:12:13: FlowSchema tenants (document 3): flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is deprecated in v1.29+, unavailable in v1.32+; use flowcontrol.apiserver.k8s.io/v1 FlowSchema\n"));
    let out = kubeidl(&["validate", "--kube-version", "1.35", file]);
    assert_eq!(stdout(&out), format!("{pdb}{ds}testdata/manifests/native/versions.yaml:12:13: FlowSchema tenants (document 3): flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema: not served since Kubernetes 1.32; use flowcontrol.apiserver.k8s.io/v1 FlowSchema\nwarning: testdata/manifests/native/versions.yaml:18:13: Endpoints legacy (document 4): v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n"));
    assert!(stderr(&out).contains("4 document(s): 1 valid, 3 invalid"));
    // --deprecations makes the warning a finding.
    let out = kubeidl(&["validate", "--deprecations", "--kube-version", "1.35", file]);
    assert!(
        stderr(&out).contains("4 document(s): 0 valid, 4 invalid"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("\ntestdata/manifests/native/versions.yaml:18:13: Endpoints legacy (document 4): v1 Endpoints is deprecated"));
    // A version a later release adds is not served yet, and says which release has it.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.yaml");
    std::fs::write(&map, "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: add-label}\n").unwrap();
    let out = kubeidl(&[
        "validate",
        "--ignore-missing-schemas",
        "--kube-version",
        "1.33",
        map.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{}:1:13: MutatingAdmissionPolicy add-label (document 1): admissionregistration.k8s.io/v1 MutatingAdmissionPolicy: not served by Kubernetes 1.33; Kubernetes 1.36 has it\n", map.display()));
}

#[test]
fn a_crds_rule_errors_are_at_the_rule_with_the_apiservers_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("crd.yaml");
    // A rule on spec.client.basicAuth that misspells the field it reads.
    let client = "              client:
                type: object
                properties:
                  basicAuth:
                    type: object
                    properties:
                      username: {type: string}
                    x-kubernetes-validations:
                    - rule: self.username != ''
                    - rule: self.usernme != ''
                      message: username is required
";
    std::fs::write(&file, things_crd(client)).unwrap();
    let out = kubeidl(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let expected = format!(
        "{}:28:29: CustomResourceDefinition things.example.com (document 1): spec.validation.openAPIV3Schema.properties[spec].properties[client].properties[basicAuth].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{{Rule:\"self.usernme != ''\", Message:\"username is required\", MessageExpression:\"\", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:\"\", OptionalOldSelf:(*bool)(nil)}}: compilation failed: ERROR: <input>:1:5: undefined field 'usernme'\n | self.usernme != ''\n | ....^\n",
        file.display()
    );
    assert_eq!(stdout(&out), expected);
}

#[test]
fn admission_policies_are_validated_as_their_api_validates_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vap.yaml");
    std::fs::write(
        &file,
        "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: replicas}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  validations:
  - expression: \"object.spec.replicas <= 5 &&\"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: replicas}
spec:
  policyName: replicas
  validationActions: [Deny, Warn]
",
    )
    .unwrap();
    let out = kubeidl(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let at = file.display();
    assert!(text.starts_with(&format!("{at}:9:17: ValidatingAdmissionPolicy replicas (document 1): spec.validations[0].expression: Invalid value: \"object.spec.replicas <= 5 &&\": compilation failed: ERROR: <input>:1:29: Syntax error: mismatched input '<EOF>'")), "{text}");
    assert!(text.contains(&format!("{at}:16:22: ValidatingAdmissionPolicyBinding replicas (document 2): spec.validationActions: Invalid value: []admissionregistration.ValidationAction{{\"Deny\", \"Warn\"}}: must not contain both Deny and Warn")), "{text}");
}

#[test]
fn a_long_stream_is_validated_in_parallel_and_reported_in_order() {
    // Enough documents that the stream is split across workers.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.yaml");
    let docs: Vec<String> = (0..600)
        .map(|i| {
            let name = if i % 150 == 149 {
                format!("Bad{i}")
            } else {
                format!("cm-{i}")
            };
            format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\n")
        })
        .collect();
    std::fs::write(&file, docs.join("---\n")).unwrap();
    let out = kubeidl(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split(": ").nth(1).unwrap_or("").to_string())
        .collect();
    assert_eq!(
        lines,
        [
            "ConfigMap Bad149 (document 150)",
            "ConfigMap Bad299 (document 300)",
            "ConfigMap Bad449 (document 450)",
            "ConfigMap Bad599 (document 600)"
        ]
    );
    assert!(stderr(&out).contains("600 document(s): 596 valid, 4 invalid"));
}
