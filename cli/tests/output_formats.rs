//! The machine-readable outputs CI systems read, checked against their published schemas:
//! SARIF 2.1.0 (of validate, diff and lint) with a JSON Schema validator, JUnit XML with
//! `xmllint --schema` (said and passed over when xmllint is not installed); TAP and GitHub
//! annotations by their lines.

mod support;

use serde_json::Value;
use std::process::Command;
use support::{kubeidl, repo, stdout};

const CRD: &str = "testdata/manifests/crd/widgets-crd.yaml";
const WIDGETS: &str = "testdata/manifests/crd/widgets.yaml";
const NATIVE: &str = "testdata/manifests/native";

fn sarif_schema() -> jsonschema::Validator {
    let text = std::fs::read(repo().join("testdata/schemas/sarif-schema-2.1.0.json")).unwrap();
    let schema: Value = serde_json::from_slice(&text).unwrap();
    jsonschema::draft4::new(&schema).expect("the SARIF schema compiles")
}

fn assert_sarif(args: &[&str]) -> Value {
    let out = kubeidl(args);
    let log: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&out)));
    let errors: Vec<String> = sarif_schema()
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{args:?}: {errors:#?}");
    log
}

#[test]
fn sarif_of_validate_diff_and_lint_follows_the_schema() {
    // The schema does refuse what is not SARIF 2.1.0.
    let broken = serde_json::json!({"version": "2.1.0", "runs": [{"results": []}]});
    assert!(!sarif_schema().is_valid(&broken), "a run needs its tool");
    let log = assert_sarif(&["validate", "-o", "sarif", "--crds", CRD, WIDGETS, NATIVE]);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() > 5, "{results:#?}");
    let first = &results[0];
    assert_eq!(
        first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        WIDGETS
    );
    assert_eq!(
        first["locations"][0]["physicalLocation"]["region"]["startLine"],
        25
    );
    assert_eq!(first["ruleId"], "FieldValueInvalid");
    // Every result's rule is described by the driver.
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
    assert_sarif(&[
        "diff",
        "-o",
        "sarif",
        "testdata/review/api",
        "testdata/review/api-rev2",
    ]);
    assert_sarif(&["lint", "-o", "sarif", "testdata/review/api"]);
}

#[test]
fn junit_follows_the_ant_schema() {
    let out = kubeidl(&["validate", "-o", "junit", "--crds", CRD, WIDGETS, NATIVE]);
    let xml = stdout(&out);
    assert!(xml.contains("<testcase name=\"Widget good (document 1)\" classname=\"testdata/manifests/crd/widgets.yaml\" time=\"0\"></testcase>"), "{xml}");
    assert!(xml.contains("<failure message=\"Widget bad (document 2): spec.colour: Invalid value: value provided for unknown field\" type=\"Invalid\">"), "{xml}");
    if Command::new("xmllint").arg("--version").output().is_err() {
        eprintln!("skipped: xmllint is not installed (Debian: libxml2-utils); the JUnit schema check needs it");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("junit.xml");
    std::fs::write(&file, &xml).unwrap();
    // The schema's root element is one testsuite; each testsuite of testsuites is checked
    // against it as its `testsuites` element says.
    let check = Command::new("xmllint")
        .args(["--noout", "--schema"])
        .arg(repo().join("testdata/schemas/JUnit.xsd"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}\n{xml}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn tap_and_github_annotations_say_each_finding_where_it_is() {
    let out = kubeidl(&["validate", "-o", "tap", "--crds", CRD, WIDGETS]);
    let tap = stdout(&out);
    assert!(tap.starts_with("TAP version 14\n1..3\nok 1 - testdata/manifests/crd/widgets.yaml Widget good (document 1)\nnot ok 2 - testdata/manifests/crd/widgets.yaml Widget bad (document 2)\n  ---\n  messages:\n    - {level: error, line: 25, column: 11, message: \"Widget bad (document 2): spec.colour: Invalid value: value provided for unknown field\"}\n  ...\n"), "{tap}");
    let out = kubeidl(&["validate", "-o", "github", "--crds", CRD, WIDGETS]);
    let annotations = stdout(&out);
    assert!(annotations.starts_with("::error file=testdata/manifests/crd/widgets.yaml,line=25,col=11,title=kubeidl validate%3A FieldValueInvalid::Widget bad (document 2): spec.colour: Invalid value: value provided for unknown field\n"), "{annotations}");
    // Skipped objects carry why, in TAP and JSON.
    let out = kubeidl(&[
        "validate",
        "-o",
        "tap",
        "--skip-kinds",
        "Widget",
        "--crds",
        CRD,
        WIDGETS,
    ]);
    assert!(
        stdout(&out).contains("ok 1 - testdata/manifests/crd/widgets.yaml Widget good (document 1) # SKIP kind skipped (--skip-kinds)\n"),
        "{}",
        stdout(&out)
    );
    let out = kubeidl(&[
        "validate",
        "-o",
        "json",
        "--skip-kinds",
        "Widget",
        "--crds",
        CRD,
        WIDGETS,
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[WIDGETS][0]["status"], "Skipped");
    assert_eq!(v[WIDGETS][0]["message"], "kind skipped (--skip-kinds)");
    // kubeconform's summary line.
    let out = kubeidl(&["validate", "--summary", "--crds", CRD, WIDGETS]);
    assert!(
        stdout(&out).ends_with(
            "Summary: 3 resources found in 1 files - Valid: 1, Invalid: 2, Errors: 0, Skipped: 0\n"
        ),
        "{}",
        stdout(&out)
    );
}
