//! `kubeidl admit`: requests (AdmissionReview documents, or manifests made into requests)
//! evaluated against ValidatingAdmissionPolicies and their bindings, offline.

use super::validate::{files_below, read};
use super::AdmitArgs;
use kubeidl::admission::{
    admit, equivalents_in, explain, labels_of, webhooks_of, Attributes, Binding, Call,
    Configuration, Explanation, GroupVersionKind, GroupVersionResource, Operation, Policy, Rbac,
    Request, Response, UserInfo, NAMESPACE_NAME_LABEL, RBAC_KINDS,
};
use kubeidl::document::{read_documents, Document};
use kubeidl_gen::Error;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// A kind a cluster would serve: its resource and scope.
#[derive(Clone)]
struct Served {
    resource: String,
    namespaced: bool,
}

/// One input document, with where it was written.
pub(super) struct Located {
    pub(super) at: String,
    pub(super) value: Value,
}

pub fn run(args: AdmitArgs) -> Result<ExitCode, Error> {
    if args.check_policies {
        return super::check_policies::run(&args);
    }
    let release = kubeidl::kube::release(&args.kube_version)
        .map_err(|e| Error::new(format!("--kube-version: {e}")))?;
    let mut config = Configuration::default();
    let mut custom: BTreeMap<(String, String), Served> = BTreeMap::new();
    for doc in documents(&args.crds)? {
        add_crd(&doc.value, &mut custom, &mut config);
    }
    let mut rbac = Rbac::default();
    let mut has_rbac = false;
    for doc in documents(&args.rbac)? {
        let kind = str_at(&doc.value, "/kind").to_string();
        if !RBAC_KINDS.contains(&kind.as_str()) {
            eprintln!(
                "{}: skipped: a {kind:?} is not a Role, ClusterRole, RoleBinding or ClusterRoleBinding",
                doc.at
            );
            continue;
        }
        rbac.add(&doc.value)
            .map_err(|e| Error::new(format!("{}: {kind}: {e}", doc.at)))?;
        has_rbac = true;
    }
    for doc in documents(&args.policies)? {
        let kind = doc
            .value
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let bad = |e: kubeidl::errors::FieldError| Error::new(format!("{}: {kind}: {e}", doc.at));
        match kind {
            "ValidatingAdmissionPolicy" => config
                .policies
                .push(Policy::from_json(&doc.value).map_err(bad)?),
            "ValidatingAdmissionPolicyBinding" => config
                .bindings
                .push(Binding::from_json(&doc.value).map_err(bad)?),
            "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => config
                .webhooks
                .extend(webhooks_of(&doc.value).map_err(bad)?),
            rbac_kind if RBAC_KINDS.contains(&rbac_kind) => {
                rbac.add(&doc.value).map_err(bad)?;
                has_rbac = true;
            }
            other => eprintln!(
                "{}: skipped: a {other:?} is not a policy, binding or webhook configuration",
                doc.at
            ),
        }
    }
    if has_rbac {
        config.authorizer = Some(std::sync::Arc::new(rbac));
    }
    for doc in documents(&args.params)? {
        config.params.push(doc.value);
    }
    for doc in documents(&args.namespaces)? {
        let mut ns = doc.value;
        // The API labels every Namespace with its name.
        let name = ns
            .pointer("/metadata/name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        if let Some(meta) = ns.get_mut("metadata").and_then(Value::as_object_mut) {
            let labels = meta.entry("labels").or_insert_with(|| json!({}));
            if let Some(labels) = labels.as_object_mut() {
                labels
                    .entry(NAMESPACE_NAME_LABEL)
                    .or_insert_with(|| json!(name));
            }
        }
        config.namespaces.push(ns);
    }
    for r in &release.resources {
        let api_version = match r.group.as_str() {
            "" => r.version.clone(),
            g => format!("{g}/{}", r.version),
        };
        config
            .scopes
            .entry((api_version, r.kind.clone()))
            .or_insert(r.namespaced);
    }
    let serve = |gvk: &GroupVersionKind| -> Option<Served> {
        let api_version = match gvk.group.as_str() {
            "" => gvk.version.clone(),
            g => format!("{g}/{}", gvk.version),
        };
        if let Some(s) = custom.get(&(api_version, gvk.kind.clone())) {
            return Some(s.clone());
        }
        release
            .resource_of_kind(&gvk.group, &gvk.version, &gvk.kind)
            .map(|r| Served {
                resource: r.resource.clone(),
                namespaced: r.namespaced,
            })
    };
    let old_objects: Vec<Value> = match &args.old {
        Some(path) => read_documents(&read(path)?)
            .into_iter()
            .filter_map(Result::ok)
            .map(|d| d.value)
            .collect(),
        None => Vec::new(),
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
                    let at = e
                        .position
                        .map(|p| format!("{}:{}", p.line, p.column))
                        .unwrap_or_else(|| "1:1".into());
                    println!("{label}:{at}: document {}: {}", e.index + 1, e.message);
                    worst = worst.max(2);
                    continue;
                }
            };
            let at = position(&label, &doc);
            let (uid, attributes) =
                match request_of(&doc.value, &args, &old_objects, &serve, &config) {
                    Ok(r) => r,
                    Err(message) => {
                        println!("{at}: {message}");
                        worst = worst.max(2);
                        continue;
                    }
                };
            config.equivalents = equivalents_in(
                &release,
                &attributes.request.resource,
                &attributes.request.subresource,
            );
            if args.explain {
                let explanation = explain(&config, &attributes);
                if explanation.error.is_some() {
                    worst = worst.max(1);
                }
                match args.output.as_str() {
                    "text" => print_explanation(&at, &attributes, &explanation),
                    _ => reviews.push(explanation_json(&uid, &explanation)),
                }
                continue;
            }
            let response = admit(&config, &attributes);
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

/// Every document of the files and directories given.
pub(super) fn documents(paths: &[std::path::PathBuf]) -> Result<Vec<Located>, Error> {
    let mut out = Vec::new();
    for path in paths {
        for file in files_below(path, &["yaml", "yml", "json"])? {
            let label = file.display().to_string();
            for doc in read_documents(&read(&file)?) {
                match doc {
                    Ok(d) => out.push(Located {
                        at: position(&label, &d),
                        value: d.value,
                    }),
                    Err(e) => {
                        let at = e
                            .position
                            .map(|p| format!("{}:{}", p.line, p.column))
                            .unwrap_or_else(|| "1:1".into());
                        return Err(Error::new(format!(
                            "{label}:{at}: document {}: {}",
                            e.index + 1,
                            e.message
                        )));
                    }
                }
            }
        }
    }
    Ok(out)
}

fn position(label: &str, doc: &Document) -> String {
    // The kind names what the document is (the root itself has no position of its own).
    let p = doc.positions.find("/kind");
    format!("{label}:{}:{}", p.line, p.column)
}

/// What a CRD serves: each version's resource and kind, and whether they are namespaced.
pub(super) fn crd_served(crd: &Value) -> Vec<(GroupVersionResource, GroupVersionKind, bool)> {
    if crd.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
        return Vec::new();
    }
    let text = |p: &str| crd.pointer(p).and_then(Value::as_str).unwrap_or_default();
    let (group, kind, plural) = (
        text("/spec/group"),
        text("/spec/names/kind"),
        text("/spec/names/plural"),
    );
    let namespaced = text("/spec/scope") != "Cluster";
    crd.pointer("/spec/versions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|version| {
            let name = version
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            (
                GroupVersionResource::new(group, name, plural),
                GroupVersionKind::new(group, name, kind),
                namespaced,
            )
        })
        .collect()
}

/// A CRD's kinds, served and scoped as it says.
fn add_crd(
    crd: &Value,
    custom: &mut BTreeMap<(String, String), Served>,
    config: &mut Configuration,
) {
    for (resource, kind, namespaced) in crd_served(crd) {
        let api_version = format!("{}/{}", kind.group, kind.version);
        custom.insert(
            (api_version.clone(), kind.kind.clone()),
            Served {
                resource: resource.resource,
                namespaced,
            },
        );
        config.scopes.insert((api_version, kind.kind), namespaced);
    }
}

fn gvk_of(api_version: &str, kind: &str) -> GroupVersionKind {
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    GroupVersionKind::new(group, version, kind)
}

fn str_at<'v>(v: &'v Value, pointer: &str) -> &'v str {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn operation(text: &str) -> Result<Operation, String> {
    match text {
        "CREATE" => Ok(Operation::Create),
        "UPDATE" => Ok(Operation::Update),
        "DELETE" => Ok(Operation::Delete),
        "CONNECT" => Ok(Operation::Connect),
        other => Err(format!(
            "operation {other:?} is not one of CREATE, UPDATE, DELETE, CONNECT"
        )),
    }
}

/// The request a document stands for: an AdmissionReview's, or a manifest's under the flags.
fn request_of(
    doc: &Value,
    args: &AdmitArgs,
    old_objects: &[Value],
    serve: &dyn Fn(&GroupVersionKind) -> Option<Served>,
    config: &Configuration,
) -> Result<(String, Attributes), String> {
    let review = doc.get("kind").and_then(Value::as_str) == Some("AdmissionReview");
    let (uid, op, kind, object, old_object, name, namespace, subresource, user, dry_run, options) =
        if review {
            let r = doc
                .get("request")
                .ok_or("an AdmissionReview without a request")?;
            let kind = GroupVersionKind::new(
                str_at(r, "/kind/group"),
                str_at(r, "/kind/version"),
                str_at(r, "/kind/kind"),
            );
            let strings = |p: &str| -> Vec<String> {
                r.pointer(p)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            };
            let user = UserInfo {
                username: str_at(r, "/userInfo/username").to_string(),
                uid: str_at(r, "/userInfo/uid").to_string(),
                groups: strings("/userInfo/groups"),
                extra: r
                    .pointer("/userInfo/extra")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| {
                        (
                            k.clone(),
                            v.as_array()
                                .into_iter()
                                .flatten()
                                .filter_map(Value::as_str)
                                .map(str::to_string)
                                .collect(),
                        )
                    })
                    .collect(),
            };
            (
                str_at(r, "/uid").to_string(),
                operation(str_at(r, "/operation"))?,
                kind,
                r.get("object").cloned().unwrap_or(Value::Null),
                r.get("oldObject").cloned().unwrap_or(Value::Null),
                str_at(r, "/name").to_string(),
                str_at(r, "/namespace").to_string(),
                str_at(r, "/subResource").to_string(),
                user,
                r.get("dryRun").and_then(Value::as_bool).unwrap_or(false),
                r.get("options").cloned().unwrap_or(Value::Null),
            )
        } else {
            let op = operation(&args.operation.to_uppercase())?;
            let kind = gvk_of(str_at(doc, "/apiVersion"), str_at(doc, "/kind"));
            if kind.kind.is_empty() || kind.version.is_empty() {
                return Err("no apiVersion or kind".to_string());
            }
            let name = str_at(doc, "/metadata/name").to_string();
            let namespace = str_at(doc, "/metadata/namespace").to_string();
            let old = old_objects
                .iter()
                .find(|o| {
                    str_at(o, "/apiVersion") == str_at(doc, "/apiVersion")
                        && str_at(o, "/kind") == kind.kind
                        && str_at(o, "/metadata/name") == name
                        && str_at(o, "/metadata/namespace") == namespace
                })
                .cloned();
            let (object, old_object) = match op {
            Operation::Create | Operation::Connect => (doc.clone(), Value::Null),
            Operation::Update => (doc.clone(), old.ok_or("an UPDATE needs the stored object: --old FILE holds none of this kind, namespace and name")?),
            Operation::Delete => (Value::Null, old.unwrap_or_else(|| doc.clone())),
        };
            let user = UserInfo {
                username: args.user.clone().unwrap_or_default(),
                groups: args.groups.clone(),
                ..UserInfo::default()
            };
            let uid = format!(
                "{}-{}",
                kind.kind.to_lowercase(),
                if name.is_empty() { "unnamed" } else { &name }
            );
            (
                uid,
                op,
                kind,
                object,
                old_object,
                name,
                namespace,
                args.subresource.clone().unwrap_or_default(),
                user,
                args.dry_run,
                Value::Null,
            )
        };
    let served = serve(&kind).ok_or_else(|| {
        format!(
            "no resource serves {kind} in Kubernetes {} or the --crds given",
            args.kube_version
        )
    })?;
    let namespace = match (served.namespaced, namespace.is_empty()) {
        (true, true) => "default".to_string(),
        (true, false) => namespace,
        (false, _) => String::new(),
    };
    let labels = |o: &Value| labels_of(o).map_err(|e| e.to_string());
    let namespace_labels = match served.namespaced {
        false => None,
        true => Some(
            config
                .namespaces
                .iter()
                .find(|n| str_at(n, "/metadata/name") == namespace)
                .map(|n| labels(n).map(Option::unwrap_or_default))
                .transpose()?
                // A namespace not given is taken to exist, with only the label the API adds.
                .unwrap_or_else(|| {
                    [(NAMESPACE_NAME_LABEL.to_string(), namespace.clone())]
                        .into_iter()
                        .collect()
                }),
        ),
    };
    let request = Request {
        operation: op,
        resource: GroupVersionResource::new(&kind.group, &kind.version, &served.resource),
        subresource,
        kind,
        name,
        namespace,
        namespaced: served.namespaced,
        object_labels: labels(&object)?,
        old_object_labels: labels(&old_object)?,
        namespace_labels,
    };
    Ok((
        uid,
        Attributes {
            request,
            object,
            old_object,
            user,
            dry_run,
            options,
        },
    ))
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
