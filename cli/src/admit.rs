//! `kubeidl admit`: requests (AdmissionReview documents, or manifests made into requests)
//! evaluated against ValidatingAdmissionPolicies and their bindings, offline.

use super::cluster::{position, unreadable, Cluster, Sources};
use super::inputs::{files_below, read};
use super::request::{manifest_intent, operation, review_intent, str_at, Intent, Sending};
use super::AdmitArgs;
use base64::Engine as _;
use kubeidl::document::read_documents;
use kubeidl_admission::{
    json_patch, Attributes, Call, Explanation, Mutated, Response, Status, Step, UserInfo,
};
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
    let mut uids = std::collections::BTreeSet::new();
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
                Ok((uid, attributes)) => (unique(uid, &mut uids), attributes),
                Err(message) => {
                    println!("{at}: {message}");
                    worst = worst.max(2);
                    continue;
                }
            };
            if args.explain {
                let explanation = cluster.explain(&decoded(&cluster, &attributes));
                if explanation.error.is_some() {
                    worst = worst.max(1);
                }
                match args.output.as_str() {
                    "text" => print_explanation(&at, &attributes, &explanation),
                    _ => {
                        let mut entry = explanation_json(&uid, &explanation);
                        entry["source"] = json!(at);
                        reviews.push(entry);
                    }
                }
                continue;
            }
            let decided = chain(&mut cluster, &attributes);
            if !decided.response.allowed() {
                worst = worst.max(1);
            }
            if args.output == "text" {
                print_text(&at, &attributes, &decided, args.verbose);
            }
            let mut entry = review(&uid, &attributes, &decided);
            entry["source"] = json!(at);
            reviews.push(entry);
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

/// What the admission chain made of a request.
pub(super) struct Decided {
    /// What the MutatingAdmissionPolicies did.
    pub(super) mutated: Mutated,
    /// The mutating webhooks the request reaches, which cannot be called offline.
    pub(super) webhooks: Vec<String>,
    /// The answer: the mutating policies' refusal, the schema's refusal of the object they
    /// made, or the ValidatingAdmissionPolicies' answer on it.
    pub(super) response: Response,
}

impl Decided {
    /// The object the request would store, when it is allowed.
    pub(super) fn object(&self) -> Option<&Value> {
        self.response.allowed().then_some(&self.mutated.object)
    }
}

/// The request through the apiserver's admission chain, as far as it runs offline: the
/// MutatingAdmissionPolicies, the schema's validation of the object they changed, then the
/// ValidatingAdmissionPolicies on that object.
pub(super) fn chain(cluster: &mut Cluster, attributes: &Attributes) -> Decided {
    let webhooks = match cluster.has_webhooks() {
        true => cluster
            .explain(attributes)
            .mutating_webhooks
            .into_iter()
            .filter(|c| c.called)
            .map(|c| c.name)
            .collect(),
        false => Vec::new(),
    };
    // Policies see the objects as the apiserver's decoding gives them; what they change is
    // reported against the manifest as written.
    let decoded = decoded(cluster, attributes);
    let mut mutated = cluster.mutate(&decoded);
    let changed = mutated.object != decoded.object;
    let as_decoded = std::mem::replace(&mut mutated.object, attributes.object.clone());
    if changed {
        // The policies' changes, on the manifest; where they do not apply to it (they edit a
        // field only decoding added), the decoded object with them.
        let patch: Vec<json_patch::Operation> = json_patch::diff(&decoded.object, &as_decoded)
            .iter()
            .map(json_patch::Operation::of_json)
            .collect();
        mutated.object =
            json_patch::apply(&attributes.object, &patch).unwrap_or(as_decoded.clone());
    }
    let refused = |denied: Status| Response {
        denied: Some(denied),
        ..Response::default()
    };
    if let Some(denied) = &mutated.denied {
        let response = refused(denied.clone());
        return Decided {
            mutated,
            webhooks,
            response,
        };
    }
    if changed {
        if let Some(invalid) = cluster.invalid(&as_decoded) {
            let response = refused(invalid);
            return Decided {
                mutated,
                webhooks,
                response,
            };
        }
    }
    let mutated_attributes = Attributes {
        object: as_decoded,
        ..decoded
    };
    let response = cluster.admit(&mutated_attributes);
    Decided {
        mutated,
        webhooks,
        response,
    }
}

/// `uid`, or when an earlier request has it (two manifests of one kind and name), `uid-2`,
/// `uid-3`...
fn unique(uid: String, taken: &mut std::collections::BTreeSet<String>) -> String {
    let mut candidate = uid.clone();
    let mut n = 1;
    while !taken.insert(candidate.clone()) {
        n += 1;
        candidate = format!("{uid}-{n}");
    }
    candidate
}

/// The request with its objects as the apiserver's decoding gives them to admission.
fn decoded(cluster: &Cluster, attributes: &Attributes) -> Attributes {
    Attributes {
        object: cluster.decoded(&attributes.object),
        old_object: cluster.decoded(&attributes.old_object),
        ..attributes.clone()
    }
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
        (
            "mutating admission policies",
            &e.mutating_admission_policies,
        ),
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
        "mutatingAdmissionPolicies": calls(&e.mutating_admission_policies),
        "mutatingWebhooks": calls(&e.mutating_webhooks),
        "validatingAdmissionPolicies": calls(&e.validating_admission_policies),
        "validatingWebhooks": calls(&e.validating_webhooks),
        "error": e.error.as_ref().map(|s| s.to_json()),
    })
}

fn print_text(at: &str, a: &Attributes, decided: &Decided, verbose: bool) {
    let response = &decided.response;
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
    if let Some(object) = decided.object() {
        let patch = json_patch::diff(&a.object, object);
        if !patch.is_empty() {
            println!("  mutated by MutatingAdmissionPolicies:");
            for op in &patch {
                println!("    {}", describe_operation(op));
            }
        }
    }
    for webhook in &decided.webhooks {
        println!("  not run: mutating webhook {webhook} would be called; webhooks cannot run offline, so the object is taken as it would leave it unchanged");
    }
    for w in &response.warnings {
        println!("  warning: {w}");
    }
    for (k, v) in &response.audit_annotations {
        println!("  audit annotation: {k}: {v}");
    }
    if verbose {
        for step in &decided.mutated.trace {
            println!("  mutating {}", describe_step(step));
        }
        for step in &response.trace {
            println!("  {}", describe_step(step));
        }
    }
}

/// `policy 'p' with binding 'b' and param ns/name: <outcome>`.
fn describe_step(step: &Step) -> String {
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
    format!("policy '{}'{binding}{param}: {}", step.policy, step.outcome)
}

/// One JSON Patch operation as a line: `add /metadata/labels/env: "prod"`.
fn describe_operation(op: &Value) -> String {
    let text = |k: &str| op.get(k).and_then(Value::as_str).unwrap_or_default();
    match op.get("value") {
        Some(v) => format!("{} {}: {v}", text("op"), text("path")),
        None => format!("{} {}", text("op"), text("path")),
    }
}

/// The AdmissionReview the apiserver's answer would be; when policies mutated the object, with
/// the JSON Patch that makes it (as a webhook would send it) and, beside the response, the
/// object itself.
fn review(uid: &str, attributes: &Attributes, decided: &Decided) -> Value {
    let response = &decided.response;
    let mut out = Map::new();
    out.insert("uid".into(), json!(uid));
    out.insert("allowed".into(), json!(response.allowed()));
    let mutated = decided
        .object()
        .filter(|object| **object != attributes.object);
    if let Some(object) = mutated {
        let patch = Value::Array(json_patch::diff(&attributes.object, object));
        let encoded = base64::engine::general_purpose::STANDARD.encode(patch.to_string());
        out.insert("patchType".into(), json!("JSONPatch"));
        out.insert("patch".into(), json!(encoded));
    }
    if let Some(status) = &response.denied {
        out.insert("status".into(), status.to_json());
    }
    if !response.warnings.is_empty() {
        out.insert("warnings".into(), json!(response.warnings));
    }
    if !response.audit_annotations.is_empty() {
        out.insert("auditAnnotations".into(), json!(response.audit_annotations));
    }
    let mut review =
        json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "response": out});
    if let Some(object) = mutated {
        review["mutatedObject"] = object.clone();
    }
    review
}
