//! What `kubeidl validate` found, object by object, and one writer per output format over the
//! same records: text (the apiserver's words after file:line:col), JSON (kubectl-validate's
//! Status per object, with where and what it is), JUnit XML, TAP, SARIF 2.1.0 and GitHub
//! Actions annotations.

use kubeidl_review::report::{github, sarif};
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// How one object fared, from best to worst.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy, Default)]
pub enum Verdict {
    #[default]
    Valid,
    Skipped,
    Invalid,
    Unusable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
}

/// One thing said of an object, at the node it concerns.
#[derive(Debug, Clone)]
pub struct Message {
    pub level: Level,
    pub line: usize,
    pub column: usize,
    /// What follows `file:line:col: ` in the text output.
    pub text: String,
    /// What kind of finding it is, for SARIF's rule: `FieldValueInvalid`, `BadRequest`...
    pub rule: &'static str,
}

/// One object (a document, or an item of a list), or a file that holds none.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub line: usize,
    pub column: usize,
    /// `3`, or `3, items[1]` in a list; empty for a whole file.
    pub document: String,
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub namespace: String,
    pub verdict: Verdict,
    pub skipped: Option<String>,
    pub messages: Vec<Message>,
    /// kubectl-validate's Status of the object.
    pub status: Value,
}

impl Outcome {
    /// Marks the object as failed with `message`, and the Status the apiserver would answer.
    pub fn fail(&mut self, message: Message, verdict: Verdict, status: Value) {
        self.messages.push(message);
        self.verdict = verdict;
        self.status = status;
    }

    /// `Deployment web`, or the kind alone, or the document's number.
    fn title(&self) -> String {
        match (self.kind.is_empty(), self.name.is_empty()) {
            (true, _) if self.document.is_empty() => "file".to_string(),
            (true, _) => format!("document {}", self.document),
            (false, true) => format!("{} (document {})", self.kind, self.document),
            (false, false) => format!("{} {} (document {})", self.kind, self.name, self.document),
        }
    }
}

/// What one input file gave.
#[derive(Debug, Clone)]
pub struct FileReport {
    pub label: String,
    pub outcomes: Vec<Outcome>,
}

impl FileReport {
    /// Why the whole file was skipped, when it holds no manifests: its one outcome is the
    /// file's, not a document's.
    pub fn not_a_manifest(&self) -> Option<&str> {
        match self.outcomes.as_slice() {
            [o] if o.document.is_empty() => o.skipped.as_deref(),
            _ => None,
        }
    }
}

/// How many objects of every file fared so.
pub fn count(reports: &[FileReport], verdict: Verdict) -> usize {
    reports
        .iter()
        .flat_map(|r| &r.outcomes)
        .filter(|o| o.verdict == verdict)
        .count()
}

/// Text: each message after its file:line:col; skips only when `verbose`.
pub fn text(reports: &[FileReport], verbose: bool) -> String {
    let mut out = String::new();
    for r in reports {
        for o in &r.outcomes {
            if let (Some(why), true) = (&o.skipped, verbose) {
                match o.document.is_empty() {
                    true => writeln!(out, "{}: skipped: {why}", r.label),
                    false => writeln!(
                        out,
                        "{}:{}:{}: document {}: skipped: {why}",
                        r.label, o.line, o.column, o.document
                    ),
                }
                .expect("a String takes writes");
            }
            for m in &o.messages {
                let prefix = match m.level {
                    Level::Warning => "warning: ",
                    Level::Error => "",
                };
                writeln!(
                    out,
                    "{prefix}{}:{}:{}: {}",
                    r.label, m.line, m.column, m.text
                )
                .expect("a String takes writes");
            }
        }
    }
    out
}

/// JSON: by file, each object's Status (kubectl-validate's shape) with where it is and what it
/// is; a skipped object's status is `Skipped`, with why.
pub fn json(reports: &[FileReport]) -> String {
    let mut files = Map::new();
    for r in reports {
        let entries: Vec<Value> = r
            .outcomes
            .iter()
            .map(|o| {
                let mut entry = match &o.skipped {
                    Some(why) => json!({"metadata": {}, "status": "Skipped", "message": why}),
                    None => o.status.clone(),
                };
                if let Value::Object(m) = &mut entry {
                    let place = json!({
                        "line": o.line, "column": o.column, "document": o.document,
                        "apiVersion": o.api_version, "kind": o.kind,
                        "name": o.name, "namespace": o.namespace,
                    });
                    if let Value::Object(place) = place {
                        m.extend(place);
                    }
                }
                entry
            })
            .collect();
        files.insert(r.label.clone(), Value::Array(entries));
    }
    serde_json::to_string_pretty(&Value::Object(files)).expect("JSON") + "\n"
}

/// GitHub Actions workflow commands: an annotation per message, at its line.
pub fn github(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for r in reports {
        for o in &r.outcomes {
            for m in &o.messages {
                let level = match m.level {
                    Level::Error => "error",
                    Level::Warning => "warning",
                };
                writeln!(
                    out,
                    "::{level} file={},line={},col={},title={}::{}",
                    github::property(&r.label),
                    m.line,
                    m.column,
                    github::property(&format!("kubeidl validate: {}", m.rule)),
                    github::data(&m.text)
                )
                .expect("a String takes writes");
            }
        }
    }
    out
}

/// SARIF 2.1.0: one run, a result per message, each rule (the error's kind) described once.
pub fn sarif(reports: &[FileReport]) -> String {
    let mut rules: Vec<&'static str> = Vec::new();
    let mut results = Vec::new();
    for r in reports {
        let uri = match r.label.as_str() {
            "<stdin>" => "stdin".to_string(),
            label => sarif::uri(label),
        };
        for o in &r.outcomes {
            for m in &o.messages {
                let index = rules
                    .iter()
                    .position(|id| *id == m.rule)
                    .unwrap_or_else(|| {
                        rules.push(m.rule);
                        rules.len() - 1
                    });
                results.push(json!({
                    "ruleId": m.rule,
                    "ruleIndex": index,
                    "level": match m.level { Level::Error => "error", Level::Warning => "warning" },
                    "message": {"text": m.text},
                    "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": uri},
                        "region": {"startLine": m.line, "startColumn": m.column},
                    }}],
                }));
            }
        }
    }
    let rules: Vec<Value> = rules
        .iter()
        .map(|id| json!({"id": id, "shortDescription": {"text": rule_description(id)}}))
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "kubeidl",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&log).expect("JSON") + "\n"
}

/// What a rule of the SARIF output stands for.
fn rule_description(id: &str) -> &'static str {
    match id {
        "FieldValueInvalid" => "a value the apiserver refuses",
        "FieldValueRequired" => "a required field is missing",
        "FieldValueNotSupported" => "a value outside the supported ones",
        "FieldValueDuplicate" => "a value repeated where it must be unique",
        "FieldValueForbidden" => "a field or value the apiserver forbids here",
        "FieldValueTooLong" => "a value longer than allowed",
        "FieldValueTooMany" => "more items than allowed",
        "FieldValueTypeInvalid" => "a value of the wrong type",
        "FieldValueNotFound" => "a reference to something that does not exist",
        "NotServed" => "an API version the Kubernetes release no longer serves",
        "Deprecated" => "a deprecated API version",
        "BadRequest" => "a document the apiserver cannot decode",
        _ => "a finding of kubeidl validate",
    }
}

/// JUnit XML (the Apache Ant schema): a test suite per file, a test case per object.
pub fn junit(reports: &[FileReport], timestamp: &str, hostname: &str) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for (id, r) in reports.iter().enumerate() {
        let count = |v: Verdict| r.outcomes.iter().filter(|o| o.verdict == v).count();
        writeln!(
            out,
            "  <testsuite name=\"{}\" package=\"kubeidl.validate\" id=\"{id}\" timestamp=\"{timestamp}\" hostname=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"0\">",
            xml(&r.label),
            xml(hostname),
            r.outcomes.len(),
            count(Verdict::Invalid),
            count(Verdict::Unusable),
            count(Verdict::Skipped),
        )
        .expect("a String takes writes");
        out += "    <properties/>\n";
        for o in &r.outcomes {
            let name = xml(&o.title());
            let classname = xml(&r.label);
            let errors: Vec<&Message> = o
                .messages
                .iter()
                .filter(|m| m.level == Level::Error)
                .collect();
            let body: String = errors
                .iter()
                .map(|m| format!("{}:{}:{}: {}\n", r.label, m.line, m.column, m.text))
                .collect();
            let first = errors.first().map_or(String::new(), |m| m.text.clone());
            let inner = match o.verdict {
                Verdict::Valid => String::new(),
                Verdict::Skipped => format!(
                    "<skipped message=\"{}\"/>",
                    xml(o.skipped.as_deref().unwrap_or(""))
                ),
                Verdict::Invalid => format!(
                    "<failure message=\"{}\" type=\"Invalid\">{}</failure>",
                    xml(&first),
                    xml(&body)
                ),
                Verdict::Unusable => format!(
                    "<error message=\"{}\" type=\"Unusable\">{}</error>",
                    xml(&first),
                    xml(&body)
                ),
            };
            writeln!(
                out,
                "    <testcase name=\"{name}\" classname=\"{classname}\" time=\"0\">{inner}</testcase>"
            )
            .expect("a String takes writes");
        }
        out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n";
    }
    out + "</testsuites>\n"
}

/// XML text or attribute value.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push_str("&#9;"),
            // What XML 1.0 cannot hold at all.
            c if (c as u32) < 0x20 && c != '\r' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// TAP version 14: a test point per object, its messages as YAML diagnostics.
pub fn tap(reports: &[FileReport]) -> String {
    let total: usize = reports.iter().map(|r| r.outcomes.len()).sum();
    let mut out = format!("TAP version 14\n1..{total}\n");
    let mut n = 0;
    for r in reports {
        for o in &r.outcomes {
            n += 1;
            let ok = matches!(o.verdict, Verdict::Valid | Verdict::Skipped);
            let description = format!("{} {}", r.label, o.title()).replace('#', "\\#");
            let directive = match &o.skipped {
                Some(why) => format!(" # SKIP {}", why.replace('\n', " ")),
                None => String::new(),
            };
            writeln!(
                out,
                "{} {n} - {description}{directive}",
                if ok { "ok" } else { "not ok" }
            )
            .expect("a String takes writes");
            if !o.messages.is_empty() {
                out += "  ---\n  messages:\n";
                for m in &o.messages {
                    let level = match m.level {
                        Level::Error => "error",
                        Level::Warning => "warning",
                    };
                    let text = serde_json::to_string(&m.text).expect("JSON");
                    writeln!(
                        out,
                        "    - {{level: {level}, line: {}, column: {}, message: {text}}}",
                        m.line, m.column
                    )
                    .expect("a String takes writes");
                }
                out += "  ...\n";
            }
        }
    }
    out
}

/// kubeconform's summary line.
pub fn summary(reports: &[FileReport]) -> String {
    let count = |v: Verdict| count(reports, v);
    format!(
        "Summary: {} resources found in {} files - Valid: {}, Invalid: {}, Errors: {}, Skipped: {}\n",
        reports.iter().map(|r| r.outcomes.len()).sum::<usize>(),
        reports.len(),
        count(Verdict::Valid),
        count(Verdict::Invalid),
        count(Verdict::Unusable),
        count(Verdict::Skipped),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escapes_what_it_must() {
        assert_eq!(xml("a<b & \"c\"\n"), "a&lt;b &amp; &quot;c&quot;&#10;");
        assert_eq!(xml("\u{1}"), "\u{FFFD}");
    }
}
