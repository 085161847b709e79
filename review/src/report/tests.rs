//! Reports of made-up findings: marks in JSON, levels by policy and exception, the SARIF log's
//! shape, GitHub commands and markdown counts.

use super::*;
use crate::{Direction, Updates};
use serde_json::Value;

fn finding(
    rule: &'static str,
    definition: &str,
    direction: Direction,
    updates: Option<Updates>,
) -> Finding {
    Finding {
        rule,
        definition: definition.into(),
        path: "spec.name".into(),
        direction,
        updates,
        old: None,
        new: Some(Site {
            text: "maxLength: 16".into(),
            file: "new, 1.yaml".into(),
            line: Some(3),
            column: Some(7),
            ..Site::default()
        }),
        message: "the length must be at most 16\n(was 32)".into(),
    }
}

fn report() -> Report {
    let findings = [
        finding(
            "max-length-tightened",
            "com.example.v1.W",
            Direction::Tightening,
            Some(Updates::FieldEdited),
        ),
        finding(
            "max-length-tightened",
            "com.example.v1beta1.W",
            Direction::Tightening,
            Some(Updates::FieldEdited),
        ),
        finding(
            "max-length-loosened",
            "com.example.v1beta1.W",
            Direction::Loosening,
            None,
        ),
    ];
    let exceptions = crate::exceptions::read(
        b"exceptions:\n  - rule: max-length-tightened\n    type: com.example.W\n    path: spec.name\n    versions: v1beta1/v1\n    reason: r\n    owner: o\n  - rule: max-length-tightened\n    type: com.example.v1beta1.W\n    path: spec.name\n    reason: shortened on purpose\n    owner: \"@me\"\n",
        "kubeidl-exceptions.yaml",
    )
    .unwrap();
    Report::diff(&findings, PolicyChoice::Auto, &exceptions)
}

#[test]
fn levels_follow_policy_and_exceptions() {
    let r = report();
    let levels: Vec<Level> = r.entries.iter().map(|e| e.level).collect();
    // Violating, excepted, and a loosening the policy allows: a notice.
    assert_eq!(levels, [Level::Error, Level::Note, Level::Note]);
    assert!(r.entries[2].excepted.is_none());
    assert_eq!(r.count_excepted(), 1);
    // A tightening the policy allows is a warning.
    let allowed = finding(
        "max-length-tightened",
        "com.example.v1alpha1.W",
        Direction::Tightening,
        Some(Updates::FieldEdited),
    );
    let r2 = Report::diff(&[allowed], PolicyChoice::Auto, &[]);
    assert_eq!(r2.entries[0].level, Level::Warning);
    assert_eq!(
        r.entries[0].violates.as_ref().map(|v| v.1.as_str()),
        Some("auto: v1 is GA")
    );
    assert_eq!(r.stale.len(), 1);
    assert!(r.failed());
    let json: Value = serde_json::from_str(&r.json()).unwrap();
    let findings = json["findings"].as_array().unwrap();
    assert_eq!(findings[0]["violates"], "strict");
    assert!(findings[1].get("violates").is_none());
    assert_eq!(findings[1]["excepted"]["reason"], "shortened on purpose");
    assert_eq!(findings[1]["excepted"]["line"], 8);
    // The marks come after the finding's own keys.
    let keys: Vec<&String> = findings[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.last().map(|k| k.as_str()), Some("violates"));
}

#[test]
fn sarif_has_the_required_shape() {
    let log: Value = serde_json::from_str(&sarif::write(&report())).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "kubeidl");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 4, "three findings and a stale exception");
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        assert!(r["message"]["text"].as_str().is_some());
        let physical = &r["locations"][0]["physicalLocation"];
        assert!(physical["artifactLocation"]["uri"].as_str().is_some());
        assert!(physical["region"]["startLine"].as_u64().is_some());
    }
    assert_eq!(results[0]["level"], "error");
    assert_eq!(
        results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "new%2C%201.yaml"
    );
    assert_eq!(
        results[0]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "com.example.v1.W.spec.name"
    );
    assert_eq!(results[1]["suppressions"][0]["kind"], "external");
    assert_eq!(results[2]["level"], "note");
    assert_eq!(results[3]["ruleId"], STALE_RULE);
}

#[test]
fn github_commands_and_markdown_counts() {
    let r = report();
    let commands = github::write(&r);
    let lines: Vec<&str> = commands.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("::error file=new%2C 1.yaml,line=3,col=7,title=max-length-tightened::com.example.v1.W.spec.name: tightening, updates: field-edited: the length must be at most 16%0A(was 32) (violates policy strict, auto: v1 is GA)"), "{}", lines[0]);
    assert!(lines[1].starts_with("::notice "), "{}", lines[1]);
    assert!(lines[2].starts_with("::notice "), "{}", lines[2]);
    assert!(
        lines[3].starts_with(
            "::error file=kubeidl-exceptions.yaml,line=2,col=9,title=stale-exception::"
        ),
        "{}",
        lines[3]
    );
    let md = markdown::write(&r);
    assert!(
        md.starts_with(
            "## kubeidl diff: 3 findings, 1 violate the policy, 1 excepted, 1 stale exception\n"
        ),
        "{md}"
    );
    assert!(md.contains("| `tightening` | 2 | 1 | 1 |"), "{md}");
    assert!(md.contains("| **total** | 3 | 1 | 1 |"), "{md}");
}

#[test]
fn revisions_are_told_from_paths() {
    assert_eq!(
        revision_and_path("HEAD~1:api/types.go"),
        (Some("HEAD~1"), "api/types.go")
    );
    assert_eq!(revision_and_path("api/types.go"), (None, "api/types.go"));
    assert_eq!(
        revision_and_path("C:\\api\\types.go"),
        (None, "C:\\api\\types.go")
    );
}

#[test]
fn markdown_stays_within_a_github_comment() {
    let findings: Vec<Finding> = (0..3000)
        .map(|i| {
            let (direction, updates) = match i % 2 {
                0 => (Direction::Tightening, Some(Updates::FieldEdited)),
                _ => (Direction::Loosening, None),
            };
            finding(
                "max-length-tightened",
                &format!("com.example.v1.Type{i}"),
                direction,
                updates,
            )
        })
        .collect();
    let text = markdown::write(&Report::diff(&findings, PolicyChoice::Auto, &[]));
    assert!(text.len() <= markdown::COMMENT_LIMIT, "{}", text.len());
    let shown = text.matches("com.example.v1.Type").count();
    let left = text
        .lines()
        .find(|l| l.contains(" left out to keep this comment"))
        .expect("a note on what was left out");
    let count: usize = left.split_whitespace().next().unwrap().parse().unwrap();
    assert_eq!(shown + count, 3000, "{left}");
    // A short report leaves nothing out.
    assert!(!markdown::write(&report()).contains("left out"));
}
