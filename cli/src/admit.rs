//! `kubeidl admit`: requests (AdmissionReview documents, or manifests made into requests)
//! evaluated against ValidatingAdmissionPolicies and their bindings, offline.

use super::cluster::{position, unreadable, Cluster, Sources};
use super::inputs::{files_below, read};
use super::request::{manifest_intent, operation, review_intent, str_at, Intent, Sending};
use super::AdmitArgs;
use kubeidl::document::read_documents;
use kubeidl_admission::{Attributes, Call, Explanation, Response, UserInfo};
use kubeidl_gen::Error;
use serde_json::{json, Map, Value};
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: AdmitArgs) -> Result<ExitCode, Error> {
    if let Some(super::AdmitCommand::Test(test)) = args.command {
        return super::admit_test::run(&test);
    }
    if args.check_policies {
        return super::check_policies::run(&args);
    }
    let release = kubeidl::kube::release(&args.kube_version)
        .map_err(|e| Error::new(format!("--kube-version: {e}")))?;
    let mut cluster = Cluster::load(release, &sources(&args))?;
    let old_objects: Vec<Value> = match &args.old {
        Some(path) => read_documents(&read(path)?)
            .into_iter()
            .filter_map(Result::ok)
            .map(|d| d.value)
            .collect(),
        None => Vec::new(),
    };
    let sending = Sending {
        operation: operation(&args.operation.to_uppercase())
            .map_err(|e| Error::new(format!("--operation: {e}")))?,
        subresource: args.subresource.clone().unwrap_or_default(),
        user: UserInfo {
            username: args.user.clone().unwrap_or_default(),
            groups: args.groups.clone(),
            ..UserInfo::default()
        },
        dry_run: args.dry_run,
    };

    let mut reviews = Vec::new();
    let mut worst = 0u8;
    let mut inputs = Vec::new();
    for input in &args.requests {
        if input == "-" {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| Error::new(format!("stdin: {e}")))?;
            inputs.push(("<stdin>".to_string(), buf));
        } else {
            for f in files_below(Path::new(input), &["yaml", "yml", "json"])? {
                inputs.push((f.display().to_string(), read(&f)?));
            }
        }
    }
    for (label, bytes) in inputs {
        for doc in read_documents(&bytes) {
            let doc = match doc {
                Ok(d) => d,
                Err(e) => {
                    println!("{}", unreadable(&label, &e));
                    worst = worst.max(2);
                    continue;
                }
            };
            let at = position(&label, &doc);
            let attributes = intent_of(&doc.value, &sending, &old_objects).and_then(|intent| {
                let uid = intent.uid.clone();
                cluster.attributes(intent).map(|a| (uid, a))
            });
            let (uid, attributes) = match attributes {
                Ok(r) => r,
                Err(message) => {
                    println!("{at}: {message}");
                    worst = worst.max(2);
                    continue;
                }
            };
            if args.explain {
                let explanation = cluster.explain(&attributes);
                if explanation.error.is_some() {
                    worst = worst.max(1);
                }
                match args.output.as_str() {
                    "text" => print_explanation(&at, &attributes, &explanation),
                    _ => reviews.push(explanation_json(&uid, &explanation)),
                }
                continue;
            }
            let response = cluster.admit(&attributes);
            if !response.allowed() {
                worst = worst.max(1);
            }
            if args.output == "text" {
                print_text(&at, &attributes, &response, args.verbose);
            }
            reviews.push(review(&uid, &response));
        }
    }
    if args.output == "json" {
        println!(
            "{}",
            serde_json::to_string_pretty(&Value::Array(reviews)).expect("JSON")
        );
    }
    Ok(ExitCode::from(worst))
}

/// The files of the cluster the flags describe.
pub(super) fn sources(args: &AdmitArgs) -> Sources {
    Sources {
        crds: args.crds.clone(),
        rbac: args.rbac.clone(),
        policies: args.policies.clone(),
        params: args.params.clone(),
        namespaces: args.namespaces.clone(),
    }
}

/// The request a document stands for: an AdmissionReview's, or a manifest's under the flags
/// (its stored object found in --old by kind, namespace and name).
fn intent_of(doc: &Value, sending: &Sending, old_objects: &[Value]) -> Result<Intent, String> {
    if str_at(doc, "/kind") == "AdmissionReview" {
        return review_intent(doc);
    }
    let same = |o: &&Value| {
        [
            "/apiVersion",
            "/kind",
            "/metadata/name",
            "/metadata/namespace",
        ]
        .iter()
        .all(|p| str_at(o, p) == str_at(doc, p))
    };
    let stored = old_objects.iter().find(same).cloned();
    manifest_intent(
        doc,
        stored,
        sending,
        "an UPDATE needs the stored object: --old FILE holds none of this kind, namespace and name",
    )
}

/// `namespace/name`, or `name` for cluster-scoped objects.
fn object_name(a: &Attributes) -> String {
    let r = &a.request;
    match r.namespace.as_str() {
        "" => r.name.clone(),
        ns => format!("{ns}/{}", r.name),
    }
}

fn print_explanation(at: &str, a: &Attributes, e: &Explanation) {
    let r = &a.request;
    let sub = match r.subresource.as_str() {
        "" => String::new(),
        s => format!(" ({s})"),
    };
    println!(
        "{at}: {} {}{sub} {}",
        r.operation,
        r.kind.kind,
        object_name(a)
    );
    let lists = [
        ("mutating webhooks", &e.mutating_webhooks),
        (
            "validating admission policies",
            &e.validating_admission_policies,
        ),
        ("validating webhooks", &e.validating_webhooks),
    ];
    for (title, calls) in lists {
        if calls.is_empty() {
            println!("  {title}: none");
            continue;
        }
        println!("  {title}:");
        for c in calls {
            let verdict = if c.called { "called    " } else { "not called" };
            let again = match c.reinvocable {
                true => " (reinvoked if a later webhook or policy changes the object)",
                false => "",
            };
            let invocation = match (&c.invocation, c.called) {
                (Some(i), true) if i.resource != r.resource => {
                    format!(" [as {}, kind {}]", i.resource, i.kind)
                }
                _ => String::new(),
            };
            println!("    {verdict} {}: {}{invocation}{again}", c.name, c.reason);
        }
    }
    if let Some(status) = &e.error {
        println!(
            "  rejected ({} {}): {}",
            status.code, status.reason, status.message
        );
    }
}

/// `--explain -o json`: one entry per request.
fn explanation_json(uid: &str, e: &Explanation) -> Value {
    let calls = |calls: &[Call]| -> Value {
        calls
            .iter()
            .map(|c| {
                let mut item = json!({"name": c.name, "called": c.called, "reason": c.reason,
                                      "reinvocable": c.reinvocable});
                if let Some(i) = &c.invocation {
                    item["invocation"] = json!({
                        "resource": {"group": i.resource.group, "version": i.resource.version, "resource": i.resource.resource},
                        "subResource": i.subresource,
                        "kind": {"group": i.kind.group, "version": i.kind.version, "kind": i.kind.kind},
                    });
                }
                item
            })
            .collect()
    };
    json!({
        "uid": uid,
        "mutatingWebhooks": calls(&e.mutating_webhooks),
        "validatingAdmissionPolicies": calls(&e.validating_admission_policies),
        "validatingWebhooks": calls(&e.validating_webhooks),
        "error": e.error.as_ref().map(|s| s.to_json()),
    })
}

fn print_text(at: &str, a: &Attributes, response: &Response, verbose: bool) {
    let r = &a.request;
    let object = object_name(a);
    let verdict = match &response.denied {
        None => "allowed".to_string(),
        Some(status) => format!(
            "denied ({} {}): {}",
            status.code, status.reason, status.message
        ),
    };
    println!("{at}: {} {} {object}: {verdict}", r.operation, r.kind.kind);
    for w in &response.warnings {
        println!("  warning: {w}");
    }
    for (k, v) in &response.audit_annotations {
        println!("  audit annotation: {k}: {v}");
    }
    if verbose {
        for step in &response.trace {
            let binding = step
                .binding
                .as_deref()
                .map(|b| format!(" with binding '{b}'"))
                .unwrap_or_default();
            let param = step
                .param
                .as_deref()
                .map(|p| format!(" and param {p}"))
                .unwrap_or_default();
            println!(
                "  policy '{}'{binding}{param}: {}",
                step.policy, step.outcome
            );
        }
    }
}

/// The AdmissionReview the apiserver's answer would be.
fn review(uid: &str, response: &Response) -> Value {
    let mut out = Map::new();
    out.insert("uid".into(), json!(uid));
    out.insert("allowed".into(), json!(response.allowed()));
    if let Some(status) = &response.denied {
        out.insert("status".into(), status.to_json());
    }
    if !response.warnings.is_empty() {
        out.insert("warnings".into(), json!(response.warnings));
    }
    if !response.audit_annotations.is_empty() {
        out.insert("auditAnnotations".into(), json!(response.audit_annotations));
    }
    json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "response": out})
}
