//! `kubeidl admit test`: policy test suites. This module owns the suite format (documents of
//! `kind: AdmissionTest`): reading it strictly, every error at its file:line:col; running each
//! test's request in the cluster its suite names (`cluster.rs`); and reporting each expectation
//! that does not hold, expected against got, at the expectation's own position.

use super::admit::{chain, Decided};
use super::cluster::{place, unreadable, Cluster, Sources};
use super::inputs::{files_below, read};
use super::request::{manifest_intent, operation, review_intent, user_info, Intent, Sending};
use super::AdmitTestArgs;
use kubeidl::document::{read_documents, SourcePosition};
use kubeidl::kube::Release;
use kubeidl::value::PositionTree;
use kubeidl_admission::Operation;
use kubeidl_gen::Error;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The apiVersion and kind of a suite document.
const API_VERSION: &str = "kubeidl.dev/v1alpha1";
const KIND: &str = "AdmissionTest";

const SUITE_KEYS: &[&str] = &[
    "apiVersion",
    "kind",
    "metadata",
    "policies",
    "params",
    "namespaces",
    "crds",
    "rbac",
    "kubeVersion",
    "tests",
];
const TEST_KEYS: &[&str] = &["name", "request", "review", "expect"];
const REQUEST_KEYS: &[&str] = &[
    "operation",
    "object",
    "objectFile",
    "oldObject",
    "oldObjectFile",
    "subResource",
    "namespace",
    "name",
    "userInfo",
    "dryRun",
];
const USER_KEYS: &[&str] = &["username", "uid", "groups", "extra"];
/// The key of `expect` naming a file with the expected object.
const OBJECT_FILE: &str = "objectFile";

/// What `expect` may say, each compared with its part of the apiserver's answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Allowed,
    Code,
    Reason,
    Message,
    MessageContains,
    Warnings,
    AuditAnnotations,
    /// The object the request would store, after the mutating policies.
    Object,
}

impl Field {
    const ALL: [Field; 8] = [
        Field::Allowed,
        Field::Code,
        Field::Reason,
        Field::Message,
        Field::MessageContains,
        Field::Warnings,
        Field::AuditAnnotations,
        Field::Object,
    ];

    /// Its key in `expect`.
    fn key(self) -> &'static str {
        match self {
            Field::Allowed => "allowed",
            Field::Code => "code",
            Field::Reason => "reason",
            Field::Message => "message",
            Field::MessageContains => "messageContains",
            Field::Warnings => "warnings",
            Field::AuditAnnotations => "auditAnnotations",
            Field::Object => "object",
        }
    }

    /// Whether a value may be expected of it.
    fn admits(self, v: &Value) -> Result<(), &'static str> {
        let ok = match self {
            Field::Allowed => v.is_boolean(),
            Field::Code => v.as_u64().is_some_and(|c| (100..600).contains(&c)),
            Field::Reason | Field::Message | Field::MessageContains => v.is_string(),
            Field::Warnings => v
                .as_array()
                .is_some_and(|items| items.iter().all(Value::is_string)),
            Field::AuditAnnotations => v
                .as_object()
                .is_some_and(|m| m.values().all(Value::is_string)),
            Field::Object => v.is_object(),
        };
        match (ok, self) {
            (true, _) => Ok(()),
            (false, Field::Allowed) => Err("true or false"),
            (false, Field::Code) => Err("an HTTP status code"),
            (false, Field::Warnings) => Err("a list of strings"),
            (false, Field::AuditAnnotations) => Err("a map of strings"),
            (false, Field::Object) => Err("a mapping (the object)"),
            (false, _) => Err("a string"),
        }
    }

    /// What the answer gives for it (`null`: no Status, the request was allowed; for
    /// `object`, the request was refused).
    fn got(self, decided: &Decided) -> Value {
        let response = &decided.response;
        let status = response.denied.as_ref();
        match self {
            Field::Allowed => json!(response.allowed()),
            Field::Code => json!(status.map(|s| s.code)),
            Field::Reason => json!(status.map(|s| &s.reason)),
            Field::Message | Field::MessageContains => json!(status.map(|s| &s.message)),
            Field::Warnings => json!(response.warnings),
            Field::AuditAnnotations => json!(response.audit_annotations),
            Field::Object => decided.object().cloned().unwrap_or(Value::Null),
        }
    }

    fn holds(self, expected: &Value, got: &Value) -> bool {
        match (self, expected, got) {
            (Field::MessageContains, Value::String(part), Value::String(message)) => {
                message.contains(part.as_str())
            }
            (Field::MessageContains, _, _) => false,
            _ => expected == got,
        }
    }
}

/// One field of `expect`.
struct Expectation {
    field: Field,
    at: String,
    expected: Value,
}

/// One test of a suite.
struct Case {
    name: String,
    at: String,
    /// Where the request is written, for requests the cluster cannot serve.
    request_at: String,
    intent: Intent,
    expectations: Vec<Expectation>,
}

/// One AdmissionTest document.
struct Suite {
    name: String,
    kube_version: String,
    kube_version_at: String,
    sources: Sources,
    cases: Vec<Case>,
}

/// What one test came to.
struct Outcome {
    suite: String,
    test: String,
    at: String,
    /// The expectations that do not hold, with what the response gave.
    failures: Vec<(Expectation, Value)>,
    /// Why the test could not run.
    error: Option<String>,
    /// The denial, shown beside failures for what it says.
    denied: Option<String>,
}

pub fn run(args: &AdmitTestArgs) -> Result<ExitCode, Error> {
    let mut errors = Vec::new();
    let mut suites = Vec::new();
    for path in &args.paths {
        let explicit = !path.is_dir();
        for file in files_below(path, &["yaml", "yml"])? {
            read_suites(&file, explicit, &mut suites, &mut errors)?;
        }
    }
    if suites.is_empty() && errors.is_empty() {
        return Err(Error::new(format!(
            "no {KIND} documents in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut releases: BTreeMap<String, Release> = BTreeMap::new();
    let mut outcomes = Vec::new();
    for suite in suites {
        match run_suite(suite, &mut releases) {
            Ok(mut o) => outcomes.append(&mut o),
            Err(e) => errors.push(e),
        }
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    let not_run = outcomes.iter().filter(|o| o.error.is_some()).count();
    let passed = outcomes.iter().filter(|o| o.passed()).count();
    let failed = outcomes.len() - passed - not_run;
    let unusable = !errors.is_empty() || not_run > 0;
    let summary = match not_run {
        0 => format!("{passed} passed, {failed} failed"),
        n => format!("{passed} passed, {failed} failed, {n} could not run"),
    };
    match args.output.as_str() {
        "json" => {
            let all: Vec<Value> = outcomes.iter().map(Outcome::to_json).collect();
            println!("{}", serde_json::to_string_pretty(&all).expect("JSON"));
            eprintln!("{summary}");
        }
        _ => {
            for o in &outcomes {
                o.print();
            }
            println!("{summary}");
        }
    }
    Ok(ExitCode::from(match (unusable, failed) {
        (true, _) => 2,
        (false, 0) => 0,
        (false, _) => 1,
    }))
}

/// The suites of a file. A file found in a directory is a suite file when one of its documents
/// is an AdmissionTest; a file named on the command line must be one.
fn read_suites(
    file: &Path,
    explicit: bool,
    suites: &mut Vec<Suite>,
    errors: &mut Vec<String>,
) -> Result<(), Error> {
    let label = file.display().to_string();
    let docs = read_documents(&read(file)?);
    let is_suite =
        |d: &kubeidl::document::Document| d.value.get("kind").and_then(Value::as_str) == Some(KIND);
    if !explicit && !docs.iter().flatten().any(is_suite) {
        return Ok(());
    }
    let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut found = false;
    for doc in docs {
        let doc = match doc {
            Ok(d) => d,
            Err(e) => {
                errors.push(unreadable(&label, &e));
                continue;
            }
        };
        if !is_suite(&doc) {
            continue;
        }
        found = true;
        let mut reader = Reader {
            label: &label,
            dir: &dir,
            errors: Vec::new(),
        };
        let suite = reader.suite(&doc.value, &doc.positions);
        reader.errors.sort_by_key(|(at, _)| (at.line, at.column));
        match (suite, reader.errors.is_empty()) {
            (Some(s), true) => suites.push(s),
            _ => errors.extend(
                reader
                    .errors
                    .into_iter()
                    .map(|(at, e)| format!("{}: {e}", place(&label, at))),
            ),
        }
    }
    if explicit && !found && errors.is_empty() {
        errors.push(format!("{label}: no {KIND} documents"));
    }
    Ok(())
}

/// Runs a suite's tests in its cluster.
fn run_suite(
    suite: Suite,
    releases: &mut BTreeMap<String, Release>,
) -> Result<Vec<Outcome>, String> {
    let release = match releases.get(&suite.kube_version) {
        Some(r) => r.clone(),
        None => {
            let r = kubeidl::kube::release(&suite.kube_version)
                .map_err(|e| format!("{}: kubeVersion: {e}", suite.kube_version_at))?;
            releases.insert(suite.kube_version.clone(), r.clone());
            r
        }
    };
    let mut cluster =
        Cluster::load(release, &suite.sources).map_err(|e| format!("suite {}: {e}", suite.name))?;
    let mut outcomes = Vec::new();
    for case in suite.cases {
        let mut outcome = Outcome {
            suite: suite.name.clone(),
            test: case.name,
            at: case.at,
            failures: Vec::new(),
            error: None,
            denied: None,
        };
        match cluster.attributes(case.intent) {
            Err(e) => outcome.error = Some(format!("{}: {e}", case.request_at)),
            Ok(attributes) => {
                let decided = chain(&mut cluster, &attributes);
                outcome.denied = decided
                    .response
                    .denied
                    .as_ref()
                    .map(|s| format!("denied ({} {}): {}", s.code, s.reason, s.message));
                for exp in case.expectations {
                    let got = exp.field.got(&decided);
                    if !exp.field.holds(&exp.expected, &got) {
                        outcome.failures.push((exp, got));
                    }
                }
            }
        }
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

impl Outcome {
    fn passed(&self) -> bool {
        self.failures.is_empty() && self.error.is_none()
    }

    fn print(&self) {
        let verdict = match (&self.error, self.passed()) {
            (Some(_), _) => "ERROR",
            (None, true) => "PASS",
            (None, false) => "FAIL",
        };
        println!("{}: {verdict} {}/{}", self.at, self.suite, self.test);
        if let Some(e) = &self.error {
            println!("  {e}");
        }
        for (exp, got) in &self.failures {
            println!("  {}: {}", exp.at, exp.field.key());
            println!("    expected: {}", shown(&exp.expected));
            println!("    got:      {}", shown(got));
        }
        if let (Some(denied), false) = (&self.denied, self.failures.is_empty()) {
            println!("  the request was {denied}");
        }
    }

    fn to_json(&self) -> Value {
        let failures: Vec<Value> = self
            .failures
            .iter()
            .map(|(exp, got)| {
                json!({"field": exp.field.key(), "at": exp.at, "expected": exp.expected, "got": got})
            })
            .collect();
        let mut out = json!({"suite": self.suite, "test": self.test, "at": self.at,
                             "passed": self.passed(), "failures": failures});
        if let Some(e) = &self.error {
            out["error"] = json!(e);
        }
        out
    }
}

/// A value in a report: JSON, whole, and `none` for what the response does not have.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "none (no Status: the request is allowed)".to_string(),
        other => other.to_string(),
    }
}

/// A node of a suite document and where it was written.
#[derive(Clone, Copy)]
struct Node<'a> {
    value: &'a Value,
    tree: &'a PositionTree,
}

impl<'a> Node<'a> {
    fn get(self, key: &str) -> Option<Node<'a>> {
        Some(Node {
            value: self.value.get(key)?,
            tree: self.tree.entry(key)?,
        })
    }

    fn items(self) -> impl Iterator<Item = Node<'a>> {
        let tree = self.tree;
        self.value
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(move |(i, value)| {
                Some(Node {
                    value,
                    tree: tree.item(i)?,
                })
            })
    }
}

/// Reads the documents of one suite file, gathering every error.
struct Reader<'a> {
    label: &'a str,
    /// What paths in the suite are relative to.
    dir: &'a Path,
    errors: Vec<(SourcePosition, String)>,
}

impl Reader<'_> {
    fn at(&self, node: Node) -> String {
        place(self.label, node.tree.at)
    }

    fn error(&mut self, node: Node, message: impl std::fmt::Display) {
        self.errors.push((node.tree.at, message.to_string()));
    }

    /// Whether `node` is a mapping of only `keys`; each other key is an error.
    fn mapping(&mut self, node: Node, what: &str, keys: &[&str]) -> bool {
        let Some(map) = node.value.as_object() else {
            self.error(node, format!("{what} must be a mapping"));
            return false;
        };
        for key in map.keys().filter(|k| !keys.contains(&k.as_str())) {
            let at = node.get(key).unwrap_or(node);
            self.error(
                at,
                format!(
                    "unknown field {key:?} in {what} (known: {})",
                    keys.join(", ")
                ),
            );
        }
        true
    }

    /// A string entry.
    fn string(&mut self, parent: Node, key: &str) -> Option<String> {
        let node = parent.get(key)?;
        match node.value.as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                self.error(node, format!("{key} must be a string"));
                None
            }
        }
    }

    /// A path entry, relative to the suite file, that must exist.
    fn path(&mut self, node: Node, key: &str) -> Option<PathBuf> {
        let Some(text) = node.value.as_str() else {
            self.error(node, format!("{key} must be a path (a string)"));
            return None;
        };
        let path = self.dir.join(text);
        if !path.exists() {
            self.error(
                node,
                format!("{key}: {}: no such file or directory", path.display()),
            );
            return None;
        }
        Some(path)
    }

    /// A list of paths.
    fn paths(&mut self, parent: Node, key: &str) -> Vec<PathBuf> {
        let Some(node) = parent.get(key) else {
            return Vec::new();
        };
        if !node.value.is_array() {
            self.error(
                node,
                format!("{key} must be a list of files or directories"),
            );
            return Vec::new();
        }
        node.items().filter_map(|n| self.path(n, key)).collect()
    }

    /// The document of a file a path entry names: its only one, or with `FILE#N` its Nth
    /// (counted from 1, as `kubeidl validate` numbers documents).
    fn document(&mut self, parent: Node, key: &str) -> Option<Value> {
        let node = parent.get(key)?;
        let text = node.value.as_str().unwrap_or_default();
        let (file, number) = match text.rsplit_once('#') {
            Some((file, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                (file, n.parse::<usize>().ok())
            }
            _ => (text, None),
        };
        let file_node = Node {
            value: &Value::String(file.to_string()),
            tree: node.tree,
        };
        let path = self.path(file_node, key)?;
        let label = path.display().to_string();
        let bytes = match read(&path) {
            Ok(b) => b,
            Err(e) => {
                self.error(node, format!("{key}: {e}"));
                return None;
            }
        };
        let mut docs = read_documents(&bytes);
        let index = match (docs.len(), number) {
            (1, None) => 0,
            (n, Some(k)) if (1..=n).contains(&k) => k - 1,
            (n, Some(k)) => {
                self.error(
                    node,
                    format!("{key}: {label} has no document {k}: it holds {n}"),
                );
                return None;
            }
            (n, None) => {
                self.error(
                    node,
                    format!("{key}: {label} holds {n} documents, not one: name one as {file}#N (N from 1 to {n})"),
                );
                return None;
            }
        };
        match docs.swap_remove(index) {
            Ok(d) => Some(d.value),
            Err(e) => {
                self.error(node, format!("{key}: {}", unreadable(&label, &e)));
                None
            }
        }
    }

    fn suite(&mut self, value: &Value, tree: &PositionTree) -> Option<Suite> {
        let root = Node { value, tree };
        self.mapping(root, KIND, SUITE_KEYS);
        match root.get("apiVersion") {
            Some(v) if v.value.as_str() == Some(API_VERSION) => {}
            Some(v) => self.error(v, format!("apiVersion must be {API_VERSION}")),
            None => self.error(root, format!("apiVersion {API_VERSION} is missing")),
        }
        let name = match root.get("metadata") {
            Some(meta) => {
                self.mapping(meta, "metadata", &["name"]);
                self.string(meta, "name")
            }
            None => None,
        };
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            let at = root.get("metadata").unwrap_or(root);
            self.error(at, "metadata.name is missing: a suite needs a name");
            return None;
        };
        let (kube_version, kube_version_at) = match root.get("kubeVersion") {
            Some(node) => {
                if !node.value.is_string() {
                    self.error(node, "kubeVersion must be a string (quote it: \"1.35\")");
                }
                let version = node.value.as_str().unwrap_or(kubeidl::kube::NEWEST);
                (version.to_string(), self.at(node))
            }
            None => (kubeidl::kube::NEWEST.to_string(), self.at(root)),
        };
        let sources = Sources {
            crds: self.paths(root, "crds"),
            rbac: self.paths(root, "rbac"),
            policies: self.paths(root, "policies"),
            params: self.paths(root, "params"),
            namespaces: self.paths(root, "namespaces"),
        };
        let mut cases = Vec::new();
        match root.get("tests") {
            Some(tests) if tests.value.as_array().is_some_and(|t| !t.is_empty()) => {
                cases.extend(tests.items().filter_map(|t| self.case(t)));
            }
            Some(tests) => self.error(tests, "tests must be a non-empty list"),
            None => self.error(root, "tests is missing"),
        }
        Some(Suite {
            name,
            kube_version,
            kube_version_at,
            sources,
            cases,
        })
    }

    fn case(&mut self, node: Node) -> Option<Case> {
        if !self.mapping(node, "a test", TEST_KEYS) {
            return None;
        }
        let name = self.string(node, "name").filter(|n| !n.is_empty());
        if name.is_none() {
            self.error(node, "a test needs a name");
        }
        // What is wrong with the test as a whole is said at its name.
        let test = node.get("name").unwrap_or(node);
        let intent = match (node.get("request"), node.get("review")) {
            (Some(request), None) => self.request(request),
            (None, Some(review)) => self.review(node, review),
            (Some(_), Some(_)) => {
                self.error(test, "a test has a request or a review, not both");
                None
            }
            (None, None) => {
                self.error(test, "a test needs a request (or a review)");
                None
            }
        };
        let expectations = match node.get("expect") {
            Some(expect) => self.expectations(expect),
            None => {
                self.error(test, "a test needs expect (at least `allowed`)");
                None
            }
        };
        let request_at = self.at(node.get("request").or(node.get("review")).unwrap_or(node));
        Some(Case {
            at: self.at(test),
            name: name?,
            request_at,
            intent: intent?,
            expectations: expectations?,
        })
    }

    /// A request as an AdmissionReview file gives it.
    fn review(&mut self, test: Node, at: Node) -> Option<Intent> {
        let review = self.document(test, "review")?;
        if review.get("kind").and_then(Value::as_str) != Some("AdmissionReview") {
            self.error(at, "review: not an AdmissionReview");
            return None;
        }
        review_intent(&review)
            .map_err(|e| self.error(at, format!("review: {e}")))
            .ok()
    }

    fn expectations(&mut self, node: Node) -> Option<Vec<Expectation>> {
        let mut keys = Field::ALL.map(Field::key).to_vec();
        keys.push(OBJECT_FILE);
        if !self.mapping(node, "expect", &keys) {
            return None;
        }
        if node.get("allowed").is_none() {
            self.error(node, "expect needs allowed: true or false");
        }
        if node.get("message").is_some() && node.get("messageContains").is_some() {
            self.error(node, "expect has message or messageContains, not both");
        }
        let mut out = Vec::new();
        for field in Field::ALL {
            let Some(n) = node.get(field.key()) else {
                continue;
            };
            match field.admits(n.value) {
                Ok(()) => out.push(Expectation {
                    field,
                    at: self.at(n),
                    expected: n.value.clone(),
                }),
                Err(what) => self.error(n, format!("{} must be {what}", field.key())),
            }
        }
        if let Some(file) = node.get(OBJECT_FILE) {
            if node.get(Field::Object.key()).is_some() {
                self.error(node, "expect has object or objectFile, not both");
            } else if let Some(expected) = self.document(node, OBJECT_FILE) {
                out.push(Expectation {
                    field: Field::Object,
                    at: self.at(file),
                    expected,
                });
            }
        }
        Some(out)
    }

    /// A request written out: a manifest sent with an operation, as `kubeidl admit` sends one.
    fn request(&mut self, node: Node) -> Option<Intent> {
        if !self.mapping(node, "request", REQUEST_KEYS) {
            return None;
        }
        let op = match node.get("operation") {
            None => Operation::Create,
            Some(n) => match n.value.as_str().map(operation) {
                Some(Ok(op)) => op,
                Some(Err(e)) => {
                    self.error(n, e);
                    return None;
                }
                None => {
                    self.error(n, "operation must be a string");
                    return None;
                }
            },
        };
        let object = self.object(node, "object", "objectFile");
        let old_object = self.object(node, "oldObject", "oldObjectFile");
        let (manifest, stored) = match (op, object, old_object) {
            (_, Err(()), _) | (_, _, Err(())) => return None,
            (Operation::Create | Operation::Connect, _, Ok(Some(_))) => {
                self.error(node, format!("a {op} request has no oldObject"));
                return None;
            }
            (Operation::Delete, Ok(Some(_)), Ok(Some(_))) => {
                self.error(
                    node,
                    "a DELETE request has no object: give the stored object as oldObject",
                );
                return None;
            }
            (Operation::Delete, Ok(None), Ok(Some(old))) => (old.clone(), Some(old)),
            (_, Ok(Some(object)), Ok(old)) => (object, old),
            (_, Ok(None), _) => {
                self.error(node, "a request needs object or objectFile");
                return None;
            }
        };
        let user = match node.get("userInfo") {
            Some(u) => {
                self.mapping(u, "userInfo", USER_KEYS);
                self.user_shape(u);
                user_info(u.value)
            }
            None => Default::default(),
        };
        let dry_run = match node.get("dryRun") {
            Some(n) => n.value.as_bool().or_else(|| {
                self.error(n, "dryRun must be true or false");
                None
            })?,
            None => false,
        };
        let sending = Sending {
            operation: op,
            subresource: self.string(node, "subResource").unwrap_or_default(),
            user,
            dry_run,
        };
        let name = self.string(node, "name");
        let namespace = self.string(node, "namespace");
        let mut intent = manifest_intent(
            &manifest,
            stored,
            &sending,
            "an UPDATE request needs oldObject or oldObjectFile",
        )
        .map_err(|e| self.error(node, e))
        .ok()?;
        if let Some(name) = name {
            intent.name = name;
        }
        if let Some(namespace) = namespace {
            intent.namespace = namespace;
        }
        Some(intent)
    }

    /// An object written in place (`key`) or in a file (`file_key`); `Err` when it is wrong.
    fn object(&mut self, node: Node, key: &str, file_key: &str) -> Result<Option<Value>, ()> {
        match (node.get(key), node.get(file_key)) {
            (Some(n), None) if n.value.is_object() => Ok(Some(n.value.clone())),
            (Some(n), None) => {
                self.error(n, format!("{key} must be a mapping (an object)"));
                Err(())
            }
            (None, Some(_)) => self.document(node, file_key).map(Some).ok_or(()),
            (None, None) => Ok(None),
            (Some(_), Some(_)) => {
                self.error(node, format!("{key} or {file_key}, not both"));
                Err(())
            }
        }
    }

    /// userInfo's values are of the types an AdmissionReview gives them.
    fn user_shape(&mut self, user: Node) {
        let strings = |v: &Value| {
            v.as_array()
                .is_some_and(|items| items.iter().all(Value::is_string))
        };
        for key in ["username", "uid"] {
            self.string(user, key);
        }
        if let Some(groups) = user.get("groups").filter(|g| !strings(g.value)) {
            self.error(groups, "groups must be a list of strings");
        }
        if let Some(extra) = user.get("extra") {
            let ok = extra
                .value
                .as_object()
                .is_some_and(|m| m.values().all(strings));
            if !ok {
                self.error(extra, "extra must map keys to lists of strings");
            }
        }
    }
}
