//! SARIF 2.1.0 (`-o sarif`), for code scanning: one run whose driver is `kubeidl` with the
//! command's rule table, one result per finding (its rule, its level, the headline as message,
//! the primary site as location with a logical location naming the definition and path, the
//! other sites as related locations, an exception as an external suppression), one per stale
//! exception and one per replayed object a change hurts. Files are URI references relative to where kubeidl ran, as the paths were given;
//! a file of `--git-base`'s old side (`REV:path`) is its path, with the revision in the
//! location's properties, and so is the JSON pointer of the schema node a site stands for.

use super::{revision_and_path, Entry, Report};
use crate::Site;
use serde_json::{json, Map, Value};

/// The report as a SARIF log, pretty-printed.
pub fn write(report: &Report) -> String {
    let rules: Vec<Value> = report
        .all_rules()
        .map(|(id, summary)| json!({"id": id, "shortDescription": {"text": summary}}))
        .collect();
    let index = |id: &str| report.all_rules().position(|(r, _)| r == id);
    let results: Vec<Value> = report
        .entries
        .iter()
        .chain(&report.other_entries())
        .map(|e| result(e, index(&e.rule)))
        .collect();
    let mut run = json!({
        "tool": {"driver": {
            "name": "kubeidl",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        }},
        "results": results,
    });
    if let Some(policy) = report.policy {
        run["properties"] = json!({"command": report.name(), "policy": policy.as_str()});
    } else {
        run["properties"] = json!({"command": report.name()});
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    });
    let mut out = serde_json::to_string_pretty(&log).expect("a SARIF log is JSON");
    out.push('\n');
    out
}

fn result(e: &Entry, rule_index: Option<usize>) -> Value {
    let mut r = Map::new();
    r.insert("ruleId".into(), json!(e.rule));
    if let Some(i) = rule_index {
        r.insert("ruleIndex".into(), json!(i));
    }
    r.insert("level".into(), json!(e.level.as_str()));
    r.insert(
        "message".into(),
        json!({"text": format!("{}: {}", e.place(), e.headline())}),
    );
    let logical = json!([{
        "name": if e.path.is_empty() { &e.definition } else { &e.path },
        "fullyQualifiedName": e.place(),
        "kind": if e.path.is_empty() { "type" } else { "member" },
    }]);
    let mut primary = match e.sites.first() {
        Some((_, site)) => location(site),
        None => Map::new(),
    };
    primary.insert("logicalLocations".into(), logical);
    r.insert("locations".into(), json!([primary]));
    if e.sites.len() > 1 {
        let related: Vec<Value> = e.sites[1..]
            .iter()
            .enumerate()
            .map(|(i, (label, s))| {
                let mut l = location(s);
                l.insert("id".into(), json!(i + 1));
                l.insert(
                    "message".into(),
                    json!({"text": format!("{label}: {}", s.text)}),
                );
                Value::Object(l)
            })
            .collect();
        r.insert("relatedLocations".into(), json!(related));
    }
    if let Some(x) = &e.excepted {
        let mut suppression =
            json!({"kind": "external", "justification": format!("{} ({})", x.reason, x.owner)});
        suppression["location"] = Value::Object(location(&x.site()));
        r.insert("suppressions".into(), json!([suppression]));
    }
    let mut properties = Map::new();
    properties.insert("definition".into(), json!(e.definition));
    properties.insert("path".into(), json!(e.path));
    for (k, v) in &e.properties {
        properties.insert((*k).into(), json!(v));
    }
    if let Some(w) = &e.witness {
        let value = w
            .as_ref()
            .map_or(Value::Null, super::super::Witness::to_json);
        properties.insert("witness".into(), value);
    }
    if let Some((policy, why)) = &e.violates {
        properties.insert("violates".into(), json!(policy.as_str()));
        properties.insert("policyReason".into(), json!(why));
    }
    r.insert("properties".into(), Value::Object(properties));
    Value::Object(r)
}

/// `{"physicalLocation": {"artifactLocation": {"uri"}, "region": {"startLine",
/// "startColumn"}}}`, the region only as far as the site knows it.
fn location(site: &Site) -> Map<String, Value> {
    let (revision, path) = revision_and_path(&site.file);
    let mut physical = json!({"artifactLocation": {"uri": uri(path)}});
    if let Some(line) = site.line {
        let mut region = json!({"startLine": line});
        if let Some(column) = site.column {
            region["startColumn"] = json!(column);
        }
        physical["region"] = region;
    }
    let mut out = Map::new();
    out.insert("physicalLocation".into(), physical);
    let mut properties = Map::new();
    if let Some(rev) = revision {
        properties.insert("revision".into(), json!(rev));
    }
    if !site.pointer.is_empty() {
        properties.insert("pointer".into(), json!(site.pointer));
    }
    if !properties.is_empty() {
        out.insert("properties".into(), Value::Object(properties));
    }
    out
}

/// A path as a relative URI reference: `/`-separated, bytes outside RFC 3986's unreserved
/// characters and `/` percent-encoded.
pub fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.replace('\\', "/").bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("api/v1/types.go"), "api/v1/types.go");
        assert_eq!(uri("my api/a#b%.yaml"), "my%20api/a%23b%25.yaml");
    }
}
