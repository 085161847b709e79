//! `kubeidl cel`: results, types and costs, each failure stage, and JSON output.

mod support;

use serde_json::{json, Value};
use support::kubeidl;

fn json_out(args: &[&str]) -> (i32, Value) {
    let out = kubeidl(args);
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap(), v)
}

#[test]
fn prints_result_type_and_costs() {
    let out = kubeidl(&[
        "cel",
        "self.minReplicas <= self.maxReplicas",
        "--self",
        r#"{"minReplicas": 1, "maxReplicas": 3}"#,
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "true\ntype: bool\ncost: estimated 5, actual 5\n"
    );
}

#[test]
fn json_output_has_the_documented_shape() {
    let (code, v) = json_out(&[
        "cel",
        "self.items.map(i, i * 2)",
        "--self",
        r#"{"items": [1, 2]}"#,
        "-o",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["result"], json!([2, 4]));
    assert_eq!(v["type"], json!("list(int)"));
    assert!(v["cost"]["estimated"].as_u64().unwrap() >= v["cost"]["actual"].as_u64().unwrap());
}

#[test]
fn each_stage_fails_with_exit_1() {
    let (code, v) = json_out(&["cel", "self.a +", "--self", "{}", "-o", "json"]);
    assert_eq!((code, v["stage"].as_str()), (1, Some("parse")));
    let (code, v) = json_out(&[
        "cel",
        "self.a < 1 || 1 < 'x'",
        "--self",
        r#"{"a": 1}"#,
        "-o",
        "json",
    ]);
    assert_eq!((code, v["stage"].as_str()), (1, Some("check")), "{v}");
    let (code, v) = json_out(&["cel", "self.a / 0", "--self", r#"{"a": 1}"#, "-o", "json"]);
    assert_eq!(
        (code, v["stage"].as_str(), v["error"].as_str()),
        (1, Some("eval"), Some("division by zero"))
    );
}

#[test]
fn schema_types_self_and_catches_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("schema.json");
    std::fs::write(
        &schema,
        r#"{"type": "object", "properties": {"ratio": {"type": "number"}, "when": {"type": "string", "format": "date-time"}}}"#,
    )
    .unwrap();
    let arg = format!("{}#", schema.display());
    let (code, v) = json_out(&[
        "cel",
        "self.ratio == 2.0 && self.when.getFullYear() == 2024",
        "--self",
        r#"{"ratio": 2, "when": "2024-05-01T00:00:00Z"}"#,
        "--schema",
        &arg,
        "-o",
        "json",
    ]);
    assert_eq!((code, &v["result"]), (0, &json!(true)), "{v}");
    let out = kubeidl(&["cel", "self.ratoi > 1.0", "--self", "{}", "--schema", &arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("undefined field 'ratoi'"));
}

#[test]
fn old_self_is_declared_by_old_self() {
    let (code, v) = json_out(&[
        "cel",
        "self.n >= oldSelf.n",
        "--self",
        r#"{"n": 2}"#,
        "--old-self",
        r#"{"n": 3}"#,
        "-o",
        "json",
    ]);
    assert_eq!((code, &v["result"]), (0, &json!(false)));
}

#[test]
fn unusable_input_exits_2() {
    let out = kubeidl(&["cel", "self", "--self", "{not json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--self: not JSON"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_kep_formats_library_is_opt_in() {
    let expr = "self.validateFormat('k8s-short-name')";
    let (code, v) = json_out(&[
        "cel",
        "--library",
        "kep-formats",
        expr,
        "--self",
        r#""My_Name""#,
        "-o",
        "json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        v["result"],
        json!(["a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"])
    );
    assert_eq!(v["type"], json!("list(string)"));
    // self (1) and the validation of 7 code points: estimated ceil(8 / 10) * ceil(128 / 4),
    // actually ceil(8 / 10) * ceil(30 / 4) with dns1123Label's regex size.
    assert_eq!(v["cost"], json!({"estimated": 33, "actual": 9}));

    let out = kubeidl(&[
        "cel",
        "--library",
        "kep-formats",
        "self.isFormat('dns1123Subdomain')",
        "--self",
        r#""example.com""#,
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(support::stdout(&out).starts_with("true\ntype: bool\n"));

    let (code, v) = json_out(&["cel", expr, "--self", r#""x""#, "-o", "json"]);
    assert_eq!((code, v["stage"].as_str()), (1, Some("check")), "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with(
            "ERROR: <input>:1:20: undeclared reference to 'validateFormat' (in container '')"
        ),
        "{v}"
    );

    let out = kubeidl(&["cel", "--library", "kep_formats", "true"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(support::stderr(&out).contains("[possible values: kep-formats, mutation]"));

    let help = support::stdout(&kubeidl(&["cel", "--help"]));
    assert!(
        help.contains("self.validateFormat('k8s-short-name')     the messages, [] when valid"),
        "{help}"
    );
}
