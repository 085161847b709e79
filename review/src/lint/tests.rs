//! Lint on small OpenAPI documents: each rule found where it should be, and nowhere else.

use super::*;
use crate::{exceptions, read_revision};
use serde_json::{json, Value};

fn revision(schemas: Value) -> Revision {
    let doc = json!({"openapi": "3.0.0", "components": {"schemas": schemas}});
    read_revision(
        serde_json::to_string_pretty(&doc).unwrap().as_bytes(),
        "api.json",
    )
    .unwrap()
}

fn rules_of(findings: &[LintFinding]) -> Vec<(String, String, String)> {
    findings
        .iter()
        .map(|f| (f.rule.clone(), f.definition.clone(), f.path.clone()))
        .collect()
}

fn t(rule: &str, def: &str, path: &str) -> (String, String, String) {
    (rule.into(), def.into(), path.into())
}

#[test]
fn versions_compare_shared_fields_through_references_and_say_which_is_stricter() {
    let spec = |max: u64, values: Value, required: Value| {
        json!({"type": "object", "required": required, "properties": {
            "name": {"type": "string", "maxLength": max},
            "mode": {"type": "string", "enum": values},
            "onlyHere": {"type": "string"}
        }})
    };
    let rev = revision(json!({
        "io.example.widgets.v1beta1.Widget": {"type": "object", "properties": {"spec": {"$ref": "#/components/schemas/io.example.widgets.v1beta1.WidgetSpec"}}},
        "io.example.widgets.v1beta1.WidgetSpec": spec(63, json!(["A", "B"]), json!([])),
        "io.example.widgets.v1.Widget": {"type": "object", "properties": {"spec": {"$ref": "#/components/schemas/io.example.widgets.v1.WidgetSpec"}}},
        "io.example.widgets.v1.WidgetSpec": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "maxLength": 32},
            "mode": {"type": "string", "enum": ["A", "B", "C"]}
        }},
        "io.example.widgets.v1.OnlyInV1": {"type": "string", "maxLength": 1},
    }));
    let findings = lint(&[rev]);
    let versions: Vec<&LintFinding> = findings.iter().filter(|f| f.versions.is_some()).collect();
    assert_eq!(
        versions
            .iter()
            .map(|f| (f.rule.as_str(), f.path.as_str(), f.stricter.as_deref()))
            .collect::<Vec<_>>(),
        [
            ("version-enum", "mode", Some("v1beta1")),
            ("version-max-length", "name", Some("v1")),
            ("version-required", "name", Some("v1")),
        ],
        "{versions:#?}"
    );
    let f = versions[1];
    assert_eq!(f.rule, "version-max-length");
    assert_eq!(f.definition, "io.example.widgets.WidgetSpec");
    assert_eq!(f.versions, Some(("v1beta1".into(), "v1".into())));
    assert_eq!(f.sites.len(), 2);
    assert!(f.sites.iter().all(|s| s.line.is_some()), "{f:?}");
    assert!(
        f.message.starts_with("v1beta1 -> v1: v1 is stricter"),
        "{}",
        f.message
    );
    // The property in one version only, and the type in one version only, are not findings.
    assert!(
        !findings
            .iter()
            .any(|f| f.path == "onlyHere"
                || f.definition.contains("OnlyInV1") && f.versions.is_some())
    );
}

#[test]
fn self_consistency_rules_fire_on_their_cases_only() {
    let rev = revision(json!({
        "a.v1.T": {"type": "object", "required": ["keyed", "tags", "atomic"], "properties": {
            "inverted": {"type": "integer", "minimum": 5, "maximum": 3},
            "empty": {"type": "integer", "minimum": 1, "maximum": 2, "exclusiveMinimum": true, "exclusiveMaximum": true},
            "fine": {"type": "integer", "minimum": 1, "maximum": 3, "exclusiveMinimum": true, "exclusiveMaximum": true},
            "short": {"type": "string", "minLength": 4, "maxLength": 2},
            "badEnum": {"type": "string", "maxLength": 3, "enum": ["ok", "toolong"]},
            "badDefault": {"type": "integer", "maximum": 10, "default": 11},
            "goodDefault": {"type": "integer", "maximum": 10, "default": 3},
            "plain": {"type": "array", "items": {"type": "string"}},
            "keyed": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "port"],
                "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}},
            "atomic": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}, "maxItems": 3},
            "opt": {"type": "string"},
            "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
        },
        "x-kubernetes-validations": [
            {"rule": "self.opt.size() > 0"},
            {"rule": "!has(self.opt) || self.opt.size() > 0"},
            {"rule": "true"},
            {"rule": "self.tags.all(t, t.size() < 5)"},
            {"rule": "self.atomic.all(t, t.size() < 5)"},
            {"rule": "self.keyed.size() < 3"},
        ]}
    }));
    let findings = lint(&[rev]);
    assert_eq!(
        rules_of(&findings),
        [
            t("rule-unguarded-optional", "a.v1.T", ""),
            t("rule-constant", "a.v1.T", ""),
            t("rule-unbounded", "a.v1.T", ""),
            t("default-invalid", "a.v1.T", "badDefault"),
            t("enum-value-invalid", "a.v1.T", "badEnum"),
            t("bounds-empty", "a.v1.T", "empty"),
            t("bounds-inverted", "a.v1.T", "inverted"),
            t("map-key-optional", "a.v1.T", "keyed"),
            t("list-type-missing", "a.v1.T", "plain"),
            t("bounds-inverted", "a.v1.T", "short"),
        ],
        "{findings:#?}"
    );
    let text = |rule: &str| {
        findings
            .iter()
            .find(|f| f.rule == rule)
            .unwrap()
            .message
            .clone()
    };
    assert!(
        text("enum-value-invalid").contains("\"toolong\""),
        "{}",
        text("enum-value-invalid")
    );
    assert!(text("map-key-optional").contains("\"port\""));
    assert!(text("rule-unbounded").contains("self.tags"));
    assert!(
        text("bounds-empty").contains("no integer is > 1 and < 2"),
        "{}",
        text("bounds-empty")
    );
}

#[test]
fn exceptions_accept_findings_and_stale_ones_are_returned() {
    let rev = revision(
        json!({"a.v1.T": {"type": "object", "properties": {"plain": {"type": "array", "items": {"type": "string"}}}}}),
    );
    let findings = lint(&[rev]);
    let file = b"exceptions:\n  - rule: list-type-missing\n    type: a.v1.T\n    path: plain\n    reason: predates list types\n    owner: me\n  - rule: rule-constant\n    type: a.v1.T\n    reason: gone\n    owner: me\n";
    let exceptions = exceptions::read(file, "x.yaml").unwrap();
    let subjects: Vec<_> = findings.iter().map(LintFinding::subject).collect();
    let applied = exceptions::apply(&subjects, &exceptions, exceptions::Command::Lint);
    assert!(
        applied.accepted_by.iter().all(Option::is_some),
        "{findings:?}"
    );
    let stale = applied.stale;
    assert_eq!(stale.len(), 1);
    assert_eq!(stale[0].rule, "rule-constant");
    assert_eq!(stale[0].at.line, 7);
}

#[test]
fn json_lines_keep_key_order() {
    let f = LintFinding {
        rule: "version-enum".into(),
        definition: "a.B".into(),
        path: "x".into(),
        versions: Some(("v1beta1".into(), "v1".into())),
        stricter: Some("v1".into()),
        sites: vec![],
        message: "m".into(),
    };
    assert_eq!(
        f.to_json_line(),
        r#"{"ruleId": "version-enum", "definition": "a.B", "path": "x", "versions": "v1beta1/v1", "stricter": "v1", "sites": [], "message": "m"}"#
    );
}
