//! `kubeidl diff`: fixture pairs under testdata/diff/ (OpenAPI JSON and CRD YAML) give exactly
//! the findings their changes call for, a pure refactor gives none, the JSON output has the
//! documented shape, every site points at its keyword, bad input exits 2 at file:line:col, and
//! every rule ID is documented in docs/diff.md. With `KUBEIDL_KUBECTL_VALIDATE` (a
//! kubectl-validate checkout, whose builtins hold the OpenAPI documents Kubernetes 1.23 to
//! 1.35 publish), every group/version of two releases is diffed.

mod support;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use support::{kubeidl, repo, stderr, stdout};

const OPENAPI: &str = "testdata/diff/openapi";
const CRD: &str = "testdata/diff/crd";

fn diff_json(old: &str, new: &str) -> (i32, Vec<Value>) {
    let out = kubeidl(&["diff", "-o", "json", old, new]);
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
    (
        out.status.code().unwrap(),
        v["findings"].as_array().unwrap().clone(),
    )
}

/// `(ruleId, path, direction, updates)` of each finding, `-` for no updates.
fn summary(findings: &[Value]) -> BTreeSet<(String, String, String, String)> {
    findings
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or("-").to_string();
            (s("ruleId"), s("path"), s("direction"), s("updates"))
        })
        .collect()
}

fn expect(rows: &[(&str, &str, &str, &str)]) -> BTreeSet<(String, String, String, String)> {
    rows.iter()
        .map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), d.to_string()))
        .collect()
}

#[test]
fn a_refactor_that_changes_no_validation_gives_no_finding() {
    let out = kubeidl(&[
        "diff",
        &format!("{OPENAPI}/refactor-old.json"),
        &format!("{OPENAPI}/refactor-new.json"),
    ]);
    assert_eq!(stdout(&out), "", "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(0));
    // And a file against itself.
    let (code, findings) = diff_json(
        &format!("{CRD}/widgets-new.yaml"),
        &format!("{CRD}/widgets-new.yaml"),
    );
    assert_eq!((code, findings.len()), (0, 0));
}

#[test]
fn every_keyword_tightens_and_loosens() {
    let (code, findings) = diff_json(
        &format!("{OPENAPI}/keywords-old.json"),
        &format!("{OPENAPI}/keywords-new.json"),
    );
    assert_eq!(code, 1);
    let want = expect(&[
        ("max-length-tightened", "name", "tightening", "field-edited"),
        ("max-length-loosened", "title", "loosening", "-"),
        ("min-length-loosened", "title", "loosening", "-"),
        (
            "minimum-tightened",
            "replicas",
            "tightening",
            "field-edited",
        ),
        ("maximum-loosened", "replicas", "loosening", "-"),
        ("format-widened", "replicas", "loosening", "-"),
        ("format-narrowed", "size", "tightening", "field-edited"),
        (
            "multiple-of-tightened",
            "size",
            "tightening",
            "field-edited",
        ),
        ("multiple-of-loosened", "step", "loosening", "-"),
        ("maximum-loosened", "step", "loosening", "-"),
        ("enum-value-added", "mode", "loosening", "-"),
        ("enum-value-removed", "mode", "tightening", "field-edited"),
        ("enum-added", "free", "tightening", "field-edited"),
        ("enum-removed", "kind", "loosening", "-"),
        ("pattern-added", "label", "tightening", "field-edited"),
        ("pattern-removed", "code", "loosening", "-"),
        ("pattern-changed", "host", "unknown", "-"),
        ("format-widened", "host", "loosening", "-"),
        ("max-items-tightened", "tags", "tightening", "field-edited"),
        ("min-items-tightened", "tags", "tightening", "field-edited"),
        ("unique-items-added", "tags", "tightening", "field-edited"),
        ("list-type-changed", "tags", "incompatible", "every-update"),
        // Items of a list that is not a map list ratchet only with the whole list.
        (
            "max-length-tightened",
            "tags[*]",
            "tightening",
            "parent-edited",
        ),
        ("max-properties-loosened", "labels", "loosening", "-"),
        ("nullable-removed", "nickname", "tightening", "field-edited"),
        ("required-added", "owner", "tightening", "parent-edited"),
        (
            "property-added-required",
            "must",
            "tightening",
            "parent-edited",
        ),
        ("property-added", "extra", "neutral", "-"),
        ("property-removed", "legacy", "incompatible", "every-update"),
        ("default-changed", "policy", "neutral", "-"),
        ("type-changed", "count", "incompatible", "every-update"),
        ("cel-rule-removed", "", "loosening", "-"),
        ("cel-rule-tightened", "", "tightening", "field-edited"),
        ("cel-rule-loosened", "", "loosening", "-"),
        ("cel-rule-changed", "", "unknown", "-"),
        ("cel-rule-message-changed", "", "neutral", "-"),
        ("cel-rule-added", "", "tightening", "field-edited"),
        ("cel-rule-added", "", "neutral", "-"),
    ]);
    let got = summary(&findings);
    assert_eq!(
        got,
        want,
        "missing: {:?}\nextra: {:?}",
        want.difference(&got),
        got.difference(&want)
    );
    assert_eq!(findings.len(), want.len(), "no finding twice");
    assert!(findings
        .iter()
        .all(|f| f["definition"] == "com.example.v1.WidgetSpec"));
    let rule = |id: &str, path: &str| {
        findings
            .iter()
            .find(|f| f["ruleId"] == id && f["path"] == path)
            .unwrap()
    };
    // The changed rule keeps both texts; whitespace alone is no change of rule.
    let changed = rule("cel-rule-changed", "");
    assert_eq!(changed["old"]["text"], "rule: self.replicas % 2 == 0");
    assert_eq!(changed["new"]["text"], "rule: self.replicas % 3 == 0");
    let message = rule("cel-rule-message-changed", "");
    assert!(
        message["message"]
            .as_str()
            .unwrap()
            .contains("message, reason"),
        "{message}"
    );
    let pattern = rule("pattern-changed", "host");
    assert_eq!(pattern["old"]["text"], "pattern: ^[a-z.]+$");
    assert_eq!(pattern["new"]["text"], "pattern: ^[a-z.-]+$");
}

#[test]
fn crd_changes_carry_their_ratcheting_verdict() {
    let (code, findings) = diff_json(
        &format!("{CRD}/widgets-old.yaml"),
        &format!("{CRD}/widgets-new.yaml"),
    );
    assert_eq!(code, 1);
    let got: BTreeSet<_> = findings
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or("-").to_string();
            (
                s("definition"),
                s("ruleId"),
                s("path"),
                s("direction"),
                s("updates"),
            )
        })
        .collect();
    let v1 = "com.example.v1.Widget";
    let want: BTreeSet<_> = [
        (
            "com.example.v1beta1.Widget",
            "definition-removed",
            "",
            "incompatible",
            "every-update",
        ),
        (
            v1,
            "maximum-tightened",
            "spec.replicas",
            "tightening",
            "field-edited",
        ),
        (
            v1,
            "max-length-tightened",
            "spec.names[*]",
            "tightening",
            "parent-edited",
        ),
        // Map-list items correlate by key: they ratchet on the field.
        (
            v1,
            "max-length-tightened",
            "spec.ports[*].name",
            "tightening",
            "field-edited",
        ),
        (
            v1,
            "property-added",
            "spec.ports[*].protocol",
            "neutral",
            "-",
        ),
        (
            v1,
            "list-map-keys-changed",
            "spec.ports",
            "incompatible",
            "every-update",
        ),
        (
            v1,
            "map-type-changed",
            "spec.selector",
            "incompatible",
            "every-update",
        ),
        (
            v1,
            "required-added",
            "spec.image",
            "tightening",
            "parent-edited",
        ),
        (
            v1,
            "cel-rule-added",
            "spec.image",
            "tightening",
            "every-update",
        ),
        (v1, "cel-rule-loosened", "spec", "loosening", "-"),
    ]
    .iter()
    .map(|(a, b, c, d, e)| {
        (
            a.to_string(),
            b.to_string(),
            c.to_string(),
            d.to_string(),
            e.to_string(),
        )
    })
    .collect();
    assert_eq!(
        got,
        want,
        "missing: {:?}\nextra: {:?}",
        want.difference(&got),
        got.difference(&want)
    );
}

#[test]
fn a_rule_that_starts_reading_old_self_is_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, rule: &str| {
        let path = dir.path().join(name);
        let text = std::fs::read_to_string(repo().join(CRD).join("widgets-old.yaml"))
            .unwrap()
            .replace("self.names.size() <= 8", rule);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let old = write("old.yaml", "self.replicas <= 8");
    let new = write("new.yaml", "self.replicas <= oldSelf.replicas");
    let (code, findings) = diff_json(&old, &new);
    assert_eq!(code, 0, "unknown does not fail: {findings:?}");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["ruleId"], "cel-rule-changed");
    assert_eq!(findings[0]["direction"], "unknown");
    assert_eq!(findings[0]["updates"], "every-update");
}

#[test]
fn json_output_has_the_documented_shape() {
    let out = kubeidl(&[
        "diff",
        "-o",
        "json",
        &format!("{CRD}/widgets-old.yaml"),
        &format!("{CRD}/widgets-new.yaml"),
    ]);
    let text = stdout(&out);
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        doc.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["findings"]
    );
    let order = [
        "ruleId",
        "definition",
        "path",
        "direction",
        "updates",
        "old",
        "new",
        "message",
    ];
    for (line, f) in text
        .lines()
        .filter(|l| l.starts_with("  {"))
        .zip(doc["findings"].as_array().unwrap())
    {
        // Keys appear in the documented order, absent ones left out.
        let positions: Vec<usize> = order
            .iter()
            .filter_map(|k| line.find(&format!("\"{k}\": ")))
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
        let keys: BTreeSet<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
        for k in ["ruleId", "definition", "path", "direction", "message"] {
            assert!(keys.contains(k), "{line}");
        }
        let breaks = matches!(f["direction"].as_str(), Some("tightening" | "incompatible"));
        assert_eq!(keys.contains("updates"), breaks, "{line}");
        assert!(keys.contains("old") || keys.contains("new"), "{line}");
        for side in ["old", "new"] {
            if let Some(site) = f.get(side) {
                let site_keys: Vec<&str> = site
                    .as_object()
                    .unwrap()
                    .keys()
                    .map(String::as_str)
                    .collect();
                assert_eq!(site_keys.len(), 4, "{site}");
                assert!(site["file"].as_str().unwrap().ends_with(if side == "old" {
                    "widgets-old.yaml"
                } else {
                    "widgets-new.yaml"
                }));
            }
        }
    }
    let added = &doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["ruleId"] == "required-added")
        .unwrap();
    assert!(added.get("old").is_none());
    assert_eq!(added["new"]["text"], "required: image");
}

/// The line a site names holds its keyword (or property name), in both fixture pairs.
#[test]
fn sites_point_at_their_keywords() {
    for (old, new) in [
        (
            format!("{OPENAPI}/keywords-old.json"),
            format!("{OPENAPI}/keywords-new.json"),
        ),
        (
            format!("{CRD}/widgets-old.yaml"),
            format!("{CRD}/widgets-new.yaml"),
        ),
    ] {
        let (_, findings) = diff_json(&old, &new);
        for f in &findings {
            if f["ruleId"].as_str().unwrap().starts_with("definition-") {
                continue;
            }
            for side in ["old", "new"] {
                let Some(site) = f.get(side) else { continue };
                let file = repo().join(site["file"].as_str().unwrap());
                let text = std::fs::read_to_string(&file).unwrap();
                let line = text
                    .lines()
                    .nth(site["line"].as_u64().unwrap() as usize - 1)
                    .unwrap();
                let keyword = site["text"].as_str().unwrap().split(':').next().unwrap();
                assert!(
                    line.contains(keyword),
                    "{f}: line {line:?} lacks {keyword:?}"
                );
                assert!(site["column"].as_u64().unwrap() as usize <= line.chars().count());
            }
        }
    }
}

#[test]
fn text_output_names_rule_place_and_both_sides() {
    let out = kubeidl(&[
        "diff",
        &format!("{CRD}/widgets-old.yaml"),
        &format!("{CRD}/widgets-new.yaml"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains(
        "tightening [maximum-tightened] (updates: field-edited) com.example.v1.Widget.spec.replicas\n  \
         maximum: 10 (testdata/diff/crd/widgets-old.yaml:29:26) -> maximum: 5 (testdata/diff/crd/widgets-new.yaml:23:26)\n"
    ), "{text}");
    assert!(
        stderr(&out).contains(
            "10 findings: 5 tightening, 3 incompatible, 1 loosening, 1 neutral, 0 unknown"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unusable_input_exits_2_at_file_line_col() {
    let new = format!("{CRD}/widgets-new.yaml");
    for (file, want) in [
        ("testdata/diff/bad/not-yaml.yaml", "testdata/diff/bad/not-yaml.yaml:2:2: document 1: YAML syntax error"),
        ("testdata/diff/bad/pod.yaml", "testdata/diff/bad/pod.yaml:2:7: document 1: neither an OpenAPI document"),
        ("testdata/diff/bad/bad-schema.json", "testdata/diff/bad/bad-schema.json:2:36: /components/schemas/A/properties/x/maxItems: expected a non-negative integer"),
        ("testdata/diff/bad/missing.yaml", "testdata/diff/bad/missing.yaml: "),
    ] {
        let out = kubeidl(&["diff", file, &new]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(stderr(&out).starts_with(&format!("error: {want}")), "{file}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
    }
}

#[test]
fn every_rule_is_listed_and_documented() {
    let out = kubeidl(&["diff", "--rules"]);
    assert_eq!(out.status.code(), Some(0));
    let listed: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    let ids: Vec<&str> = kubeidl::review::RULES.iter().map(|r| r.id).collect();
    assert_eq!(listed, ids);
    let docs = std::fs::read_to_string(repo().join("docs/diff.md")).unwrap();
    for r in kubeidl::review::RULES {
        let row = format!("| `{}` | {} |", r.id, r.direction.as_str());
        assert!(docs.contains(&row), "docs/diff.md lacks the row {row}");
    }
}

fn builtins() -> Option<PathBuf> {
    let Some(root) = std::env::var_os("KUBEIDL_KUBECTL_VALIDATE").map(PathBuf::from) else {
        eprintln!("skipped: set KUBEIDL_KUBECTL_VALIDATE to a kubectl-validate checkout");
        return None;
    };
    let dir = root.join("pkg/openapiclient/builtins");
    if !dir.is_dir() {
        eprintln!("skipped: {} is not there", dir.display());
        return None;
    }
    Some(dir)
}

/// The group/version documents of a release: `apis/apps/v1.json` and so on.
fn documents(release: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    let mut stack = vec![release.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.insert(path.strip_prefix(release).unwrap().to_path_buf());
            }
        }
    }
    out
}

#[test]
fn published_kubernetes_releases() {
    let Some(dir) = builtins() else { return };
    for (from, to) in [("1.34", "1.35"), ("1.30", "1.35")] {
        let (old, new) = (dir.join(from), dir.join(to));
        if !old.is_dir() || !new.is_dir() {
            eprintln!("skipped: {from} or {to} is not in {}", dir.display());
            continue;
        }
        let mut by_rule: BTreeMap<String, usize> = BTreeMap::new();
        let mut by_direction: BTreeMap<String, usize> = BTreeMap::new();
        let both: Vec<PathBuf> = documents(&old)
            .intersection(&documents(&new))
            .cloned()
            .collect();
        assert!(both.len() > 20, "{} documents in both", both.len());
        for doc in &both {
            let (o, n) = (old.join(doc), new.join(doc));
            // A document against itself: nothing.
            let (code, same) = diff_json(n.to_str().unwrap(), n.to_str().unwrap());
            assert_eq!((code, same.len()), (0, 0), "{}", doc.display());
            let (code, findings) = diff_json(o.to_str().unwrap(), n.to_str().unwrap());
            assert!(code == 0 || code == 1, "{}", doc.display());
            assert_eq!(
                code == 1,
                findings.iter().any(|f| matches!(
                    f["direction"].as_str(),
                    Some("tightening" | "incompatible")
                ))
            );
            for f in &findings {
                assert!(kubeidl::review::rule_of(f["ruleId"].as_str().unwrap()).is_some());
                *by_rule
                    .entry(f["ruleId"].as_str().unwrap().to_string())
                    .or_default() += 1;
                *by_direction
                    .entry(f["direction"].as_str().unwrap().to_string())
                    .or_default() += 1;
            }
        }
        eprintln!(
            "{from} -> {to}: {} group/versions; by direction {by_direction:?}",
            both.len()
        );
        for (rule, n) in &by_rule {
            eprintln!("  {rule}: {n}");
        }
    }
}
