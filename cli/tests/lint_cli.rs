//! `kubeidl lint`: the review fixture (testdata/review/api, a widgets API at v1beta1 and v1)
//! linted as a Go tree (sites at its tags) and as the document `kubeidl openapi --enums`
//! generates from it: every version difference and every
//! self-consistency rule it exercises is found, with the stricter version named, the exception
//! file accepts what it lists (still shown, marked), a stale exception fails the run, a bad
//! exception file exits 2 at its file:line:col, every rule ID is documented in docs/lint.md,
//! SARIF, GitHub and markdown reports have their shape, and `--baseline` on a temporary
//! repository reports only what is new.

mod support;

use serde_json::Value;
use std::path::PathBuf;
use support::{copy_tree, git, has_git, kubeidl, kubeidl_in, repo, stderr, stdout};

/// The fixture's OpenAPI document, generated into a temporary directory (its path, and the
/// text that stands for it in snapshots).
fn generated() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("review-api.json");
    let out = kubeidl(&[
        "openapi",
        "--enums",
        "-o",
        path.to_str().unwrap(),
        "testdata/review/api/...",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    (dir, path)
}

fn lint(args: &[&str]) -> (i32, String, String) {
    let out = kubeidl(&[&["lint"], args].concat());
    (out.status.code().unwrap(), stdout(&out), stderr(&out))
}

const API: &str = "testdata/review/api";
const EXCEPTIONS: &str = "testdata/review/api/kubeidl-exceptions.yaml";

/// `(ruleId, path, stricter)` of each finding of a JSON report.
fn rows(json: &str) -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(json).unwrap();
    doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or("-").to_string();
            (s("ruleId"), s("path"), s("stricter"))
        })
        .collect()
}

#[test]
fn the_go_tree_gives_every_rule_it_exercises_at_its_tags() {
    let (code, text, err) = lint(&["--exceptions", EXCEPTIONS, API]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("12 findings: 10 errors, 2 accepted by exceptions; 0 stale exceptions"),
        "{err}"
    );
    insta::assert_snapshot!("review_lint_go_text", text);
    let (code, json, _) = lint(&["-o", "json", "--exceptions", EXCEPTIONS, API]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("review_lint_go_json", json);
    // Every site names a types.go line holding its text at its column.
    let doc: Value = serde_json::from_str(&json).unwrap();
    for f in doc["findings"].as_array().unwrap() {
        for site in f["sites"].as_array().unwrap() {
            let file = site["file"].as_str().unwrap();
            assert!(
                file.starts_with("testdata/review/api/widgets/") && file.ends_with("types.go"),
                "{site}"
            );
            let source = std::fs::read_to_string(repo().join(file)).unwrap();
            let line = source
                .lines()
                .nth(site["line"].as_u64().unwrap() as usize - 1)
                .unwrap();
            let column = site["column"].as_u64().unwrap() as usize;
            let text = site["text"].as_str().unwrap();
            assert!(
                line.chars()
                    .skip(column - 1)
                    .collect::<String>()
                    .starts_with(text),
                "{line:?} {site}"
            );
        }
    }
    // The OpenAPI document generated from the same tree gives the same findings.
    let (_dir, generated) = generated();
    let (_, from_openapi, _) = lint(&[
        "-o",
        "json",
        "--exceptions",
        EXCEPTIONS,
        generated.to_str().unwrap(),
    ]);
    // The same findings; self-consistency findings of a definition come in the order of its
    // properties, which is declaration order in Go and name order in the document.
    let sorted = |json: &str| {
        let mut rows = rows(json);
        rows.sort();
        rows
    };
    assert_eq!(sorted(&from_openapi), sorted(&json));
}

#[test]
fn the_openapi_document_gives_every_rule_it_exercises_with_exceptions_applied() {
    let (dir, api) = generated();
    let api = api.to_str().unwrap();
    let exceptions = "testdata/review/api/kubeidl-exceptions.yaml";
    let (code, text, err) = lint(&["--exceptions", exceptions, api]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("12 findings: 10 errors, 2 accepted by exceptions; 0 stale exceptions"),
        "{err}"
    );
    insta::assert_snapshot!("review_lint_text", text.replace(api, "review-api.json"));

    let (code, json, _) = lint(&["-o", "json", "--exceptions", exceptions, api]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let findings = doc["findings"].as_array().unwrap();
    let expected = [
        ("version-cel-rule", "", "v1"),
        ("version-enum", "mode", "v1beta1"),
        ("version-max-length", "name", "v1"),
        ("version-default", "paused", "-"),
        ("version-list-type", "ports", "-"),
        ("version-list-map-keys", "ports", "-"),
        ("version-maximum", "replicas", "v1"),
        ("rule-unguarded-optional", "", "-"),
        ("rule-unbounded", "", "-"),
        ("list-type-missing", "aliases", "-"),
        ("map-key-optional", "ports", "-"),
        ("default-invalid", "priority", "-"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(rows(&json), expected, "{json}");
    // Every site points into the generated document.
    for f in findings {
        for site in f["sites"].as_array().unwrap() {
            assert_eq!(site["file"].as_str(), Some(api));
            assert!(site["line"].as_u64().is_some_and(|l| l > 1), "{site}");
        }
    }
    insta::assert_snapshot!("review_lint_json", json.replace(api, "review-api.json"));
    drop(dir);
}

#[test]
fn a_stale_exception_fails_the_run_where_it_stands() {
    let (code, _, err) = lint(&["--exceptions", "testdata/review/stale-exceptions.yaml", API]);
    assert_eq!(code, 1);
    assert!(
        err.contains("testdata/review/stale-exceptions.yaml:8:") && err.contains("stale exception: no bounds-inverted finding at com.example.widgets-api.widgets.v1.WidgetSpec.replicas"),
        "{err}"
    );
    assert!(err.contains("1 stale exceptions"), "{err}");
}

#[test]
fn a_bad_exception_file_exits_2_at_its_line() {
    let (code, out, err) = lint(&["--exceptions", "testdata/review/bad-exceptions.yaml", API]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("bad-exceptions.yaml:6:") && err.contains("unknown rule \"versions-enum\""),
        "{err}"
    );
}

#[test]
fn without_findings_the_run_passes_and_bad_input_exits_2() {
    let (code, _, err) = lint(&["testdata/diff/openapi/refactor-new.json"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = lint(&["testdata/diff/bad/not-yaml.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("testdata/diff/bad/not-yaml.yaml:"), "{err}");
}

#[test]
fn every_rule_is_documented() {
    let (code, rules, _) = lint(&["--rules"]);
    assert_eq!(code, 0);
    let doc = std::fs::read_to_string(repo().join("docs/lint.md")).unwrap();
    let ids: Vec<&str> = rules
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(ids.len() > 20, "{rules}");
    for id in ids {
        assert!(
            doc.contains(&format!("`{id}`")),
            "docs/lint.md does not document {id}"
        );
    }
}

/// With `KUBEIDL_K8S_SOURCES` (a directory holding `api/` and `apimachinery/` checkouts):
/// k8s.io/api generated with validations and enums, then linted whole. Prints the counts per
/// rule; checks findings reviewed by hand are there (v1 of admission webhooks requires
/// sideEffects, v1beta1 does not).
#[test]
fn kubernetes_api_groups_with_several_versions() {
    let Some(sources) = std::env::var_os("KUBEIDL_K8S_SOURCES") else {
        eprintln!("skipped: set KUBEIDL_K8S_SOURCES to a directory holding api/ and apimachinery/ checkouts");
        return;
    };
    let sources = PathBuf::from(sources);
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("k8s-api.json");
    let module = |name: &str| format!("k8s.io/{name}={}", sources.join(name).display());
    let out = kubeidl(&[
        "openapi",
        "--enums",
        "--module",
        &module("api"),
        "--module",
        &module("apimachinery"),
        "-o",
        doc.to_str().unwrap(),
        "k8s.io/api/...",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (code, json, err) = lint(&["-o", "json", doc.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    let findings = v["findings"].as_array().unwrap();
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for f in findings {
        *counts.entry(f["ruleId"].as_str().unwrap()).or_default() += 1;
    }
    eprintln!("{} findings: {counts:?}", findings.len());
    assert!(findings.iter().any(|f| f["ruleId"] == "version-required"
        && f["definition"] == "io.k8s.api.admissionregistration.MutatingWebhook"
        && f["path"] == "sideEffects"
        && f["stricter"] == "v1"));
}

/// `-o sarif`: lint findings are errors, excepted ones notes with an external suppression
/// naming the exception's reason and place; `-o github` and `-o markdown` as snapshots.
#[test]
fn sarif_github_and_markdown_reports() {
    let (code, sarif, _) = lint(&["-o", "sarif", "--exceptions", EXCEPTIONS, API]);
    assert_eq!(code, 1);
    let log: Value = serde_json::from_str(&sarif).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "kubeidl");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let (_, json, _) = lint(&["-o", "json", "--exceptions", EXCEPTIONS, API]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let findings = doc["findings"].as_array().unwrap();
    assert_eq!(results.len(), findings.len());
    for (r, f) in results.iter().zip(findings) {
        assert_eq!(r["ruleId"], f["ruleId"]);
        assert_eq!(
            rules[r["ruleIndex"].as_u64().unwrap() as usize]["id"],
            f["ruleId"]
        );
        let physical = &r["locations"][0]["physicalLocation"];
        let uri = physical["artifactLocation"]["uri"].as_str().unwrap();
        assert!(repo().join(uri).is_file(), "{uri}");
        assert!(physical["region"]["startLine"].as_u64().is_some(), "{r}");
        match f.get("excepted") {
            Some(x) => {
                assert_eq!(r["level"], "note");
                let s = &r["suppressions"][0];
                assert_eq!(s["kind"], "external");
                assert!(s["justification"]
                    .as_str()
                    .unwrap()
                    .starts_with(x["reason"].as_str().unwrap()));
                assert_eq!(
                    s["location"]["physicalLocation"]["artifactLocation"]["uri"],
                    EXCEPTIONS
                );
            }
            None => assert_eq!(r["level"], "error"),
        }
    }
    let (_, github, _) = lint(&["-o", "github", "--exceptions", EXCEPTIONS, API]);
    insta::assert_snapshot!("review_lint_github", github);
    let (_, markdown, _) = lint(&["-o", "markdown", "--exceptions", EXCEPTIONS, API]);
    insta::assert_snapshot!("review_lint_markdown", markdown);
    // A stale exception is reported in each format, at its line.
    let (_, github, _) = lint(&[
        "-o",
        "github",
        "--exceptions",
        "testdata/review/stale-exceptions.yaml",
        API,
    ]);
    assert!(
        github.contains("::error file=testdata/review/stale-exceptions.yaml,line=8,"),
        "{github}"
    );
}

/// `--baseline REV`: the inputs at REV (a temporary repository's commit) are linted too, and
/// only what is new since is reported, lines moved or not; for Go trees and for files.
#[test]
fn baseline_reports_only_findings_new_since_the_revision() {
    if !has_git() {
        eprintln!("skipped: git is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    copy_tree(&repo().join(API), &root.join("api"));
    std::fs::copy(
        repo().join("testdata/diff/crd/versions.yaml"),
        root.join("widgets.yaml"),
    )
    .unwrap();
    git(root, &["init", "-q", "."]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "base"]);
    // Nothing changed: nothing new.
    let out = kubeidl_in(root, &["lint", "--baseline", "HEAD", "api", "widgets.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("0 findings (14 more already at HEAD)"),
        "{}",
        stderr(&out)
    );
    // v1's replicas gets a minimum above its maximum, and every line below the package
    // clause moves down; the CRD's v1 name gets a minLength above its maxLength.
    let types = root.join("api/widgets/v1/types.go");
    let text = std::fs::read_to_string(&types).unwrap();
    let text = text
        .replacen("\n", "\n\n// A comment that moves every line.\n", 1)
        .replace(
            "\t// +k8s:minimum=0\n\t// +k8s:maximum=100",
            "\t// +k8s:minimum=200\n\t// +k8s:maximum=100",
        );
    std::fs::write(&types, text).unwrap();
    let crd = root.join("widgets.yaml");
    let text = std::fs::read_to_string(&crd).unwrap().replacen(
        "                maxLength: 32\n",
        "                maxLength: 32\n                minLength: 40\n",
        1,
    );
    std::fs::write(&crd, text).unwrap();
    let out = kubeidl_in(
        root,
        &[
            "lint",
            "-o",
            "json",
            "--baseline",
            "HEAD",
            "api",
            "widgets.yaml",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let mut got = rows(&stdout(&out));
    got.sort();
    let want = [
        ("bounds-inverted", "replicas", "-"),
        ("bounds-inverted", "spec.name", "-"),
        ("version-min-length", "spec.name", "v1"),
        ("version-minimum", "replicas", "v1"),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, want, "{}", stdout(&out));
    // A revision git does not know: exit 2.
    let out = kubeidl_in(root, &["lint", "--baseline", "no-such-rev", "widgets.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: no-such-rev: no such revision"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_configuration_file_sets_rules_severity_by_place() {
    let dir = tempfile::tempdir().unwrap();
    // Found upward from the current directory, as linters find theirs.
    std::fs::write(
        dir.path().join(".kubeidl.yaml"),
        "rules:\n  - rule: list-type-missing\n    severity: off\n  - rule: version-*\n    severity: warning\n  - rule: rule-unbounded\n    severity: notice\n    paths: [\"com.example.*\"]\n",
    )
    .unwrap();
    let below = dir.path().join("sub");
    std::fs::create_dir(&below).unwrap();
    let api = repo().join("testdata/review/api");
    let out = kubeidl_in(&below, &["lint", "-o", "json", api.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = v["findings"].as_array().unwrap();
    let rules: Vec<&str> = findings
        .iter()
        .map(|f| f["ruleId"].as_str().unwrap())
        .collect();
    assert!(!rules.contains(&"list-type-missing"), "{rules:?}");
    assert_eq!(rules.len(), 11, "{rules:?}");
    // Seven version rules are warnings now, rule-unbounded a notice: three errors remain.
    assert!(
        stderr(&out).contains("11 findings: 3 errors, 0 accepted by exceptions"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(1));
    // A misspelt rule is an error where it is written; --config names the file.
    let bad = dir.path().join("bad.yaml");
    std::fs::write(
        &bad,
        "rules:\n  - rule: list-type-mising\n    severity: off\n",
    )
    .unwrap();
    let out = kubeidl(&[
        "lint",
        "--config",
        bad.to_str().unwrap(),
        "testdata/review/api",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("{}:2:11", bad.display()))
            && stderr(&out).contains("unknown rule \"list-type-mising\""),
        "{}",
        stderr(&out)
    );
}
