//! The cluster `kubeidl admit` and `kubeidl admit test` decide requests in, offline: the kinds it
//! serves (an embedded Kubernetes release and CRDs), its policies, bindings, webhooks, params,
//! namespaces and RBAC objects, read from files; and a request's attributes as that cluster's
//! apiserver would fill them in.

use super::inputs::{files_below, read};
use super::request::{str_at, Intent};
use kubeidl::document::{read_documents, Document, SourcePosition};
use kubeidl::errors::{FieldError, FieldPath};
use kubeidl::kube::Release;
use kubeidl::validate::{unknown_object_meta_fields, Catalog, Gvk};
use kubeidl::value::PositionTree;
use kubeidl_admission::{
    admit, binding_errors, equivalents_in, equivalents_of_custom, explain, labels_of, mutate,
    mutating_binding_errors, mutating_policy_errors, policy_errors, webhooks_of, Attributes,
    Binding, ClusterSchemas, Configuration, Details, Explanation, GroupVersionKind,
    GroupVersionResource, Mutated, MutatingPolicy, Policy, Rbac, Request, Response, Status,
    NAMESPACE_NAME_LABEL, RBAC_KINDS,
};
use kubeidl_gen::Error;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The files a cluster is read from.
pub(super) struct Sources {
    pub(super) crds: Vec<PathBuf>,
    pub(super) rbac: Vec<PathBuf>,
    /// Policies, bindings, webhook configurations (and RBAC objects).
    pub(super) policies: Vec<PathBuf>,
    pub(super) params: Vec<PathBuf>,
    pub(super) namespaces: Vec<PathBuf>,
}

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
    /// The file, and where each node of `value` was written in it.
    label: String,
    positions: PositionTree,
}

impl Located {
    /// `FILE:LINE:COL` of the node at `path` (of its nearest written ancestor).
    pub(super) fn at_field(&self, path: &FieldPath) -> String {
        place(&self.label, self.positions.find(&path.pointer()))
    }
}

/// Everything a request is decided with.
pub(super) struct Cluster {
    release: Release,
    /// The schemas objects are validated by once mutated: the release's and the CRDs'.
    catalog: Catalog,
    /// Kinds served by CRDs, by `(apiVersion, kind)`.
    custom: BTreeMap<(String, String), Served>,
    config: Configuration,
}

impl Cluster {
    /// Reads every source, with the built-in kinds of `release`; an unreadable file or an
    /// object the API would refuse is an error at its position, a document of another kind is
    /// skipped with a note on stderr.
    pub(super) fn load(release: Release, sources: &Sources) -> Result<Cluster, Error> {
        let mut config = Configuration::default();
        let mut custom = BTreeMap::new();
        let mut schemas = ClusterSchemas::new(&release);
        let mut catalog = Catalog::new();
        for doc in documents(&sources.crds)? {
            add_crd(&doc.value, &mut custom, &mut config);
            schemas.add_crd(&doc.value);
            // A CRD the catalog cannot use leaves its kind unvalidated after mutation.
            let _ = catalog.add_crd(&doc.value);
        }
        catalog
            .add_release(&release)
            .map_err(|e| Error::new(format!("the embedded schemas: {e}")))?;
        config.schemas = Some(std::sync::Arc::new(schemas));
        let mut rbac = Rbac::default();
        let mut has_rbac = false;
        for doc in documents(&sources.rbac)? {
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
        // Objects the API would refuse are never in a cluster: each of their errors is reported
        // at its field, and nothing is decided.
        let mut refused = Vec::new();
        for doc in documents(&sources.policies)? {
            let kind = str_at(&doc.value, "/kind");
            let bad = |e: FieldError| Error::new(format!("{}: {kind}: {e}", doc.at));
            let api_errors = api_errors(&doc.value).unwrap_or_default();
            if !api_errors.is_empty() {
                let name = str_at(&doc.value, "/metadata/name");
                refused.extend(api_errors.iter().map(|e| {
                    format!("{}: {kind} {name:?} is invalid: {e}", doc.at_field(&e.path))
                }));
                continue;
            }
            match kind {
                "ValidatingAdmissionPolicy" => config
                    .policies
                    .push(Policy::from_json(&doc.value).map_err(bad)?),
                "ValidatingAdmissionPolicyBinding" => config
                    .bindings
                    .push(Binding::from_json(&doc.value).map_err(bad)?),
                "MutatingAdmissionPolicy" => config
                    .mutating_policies
                    .push(MutatingPolicy::from_json(&doc.value).map_err(bad)?),
                "MutatingAdmissionPolicyBinding" => config
                    .mutating_bindings
                    .push(Binding::mutating_from_json(&doc.value).map_err(bad)?),
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
        if !refused.is_empty() {
            return Err(Error::new(refused.join("\n")));
        }
        if has_rbac {
            config.authorizer = Some(std::sync::Arc::new(rbac));
        }
        // A param strict decoding refuses never exists: a misspelt `namespace` would make it
        // cluster-scoped in silence.
        let mut refused = Vec::new();
        for doc in documents(&sources.params)? {
            for field in unknown_object_meta_fields(&doc.value) {
                let key = field.trim_start_matches("metadata.");
                let path = FieldPath::root().child("metadata").child(key);
                refused.push(format!(
                    "{}: {} {:?} is invalid: strict decoding error: unknown field {field:?}",
                    doc.at_field(&path),
                    str_at(&doc.value, "/kind"),
                    str_at(&doc.value, "/metadata/name"),
                ));
            }
            config.params.push(doc.value);
        }
        if !refused.is_empty() {
            return Err(Error::new(refused.join("\n")));
        }
        for doc in documents(&sources.namespaces)? {
            config.namespaces.push(with_name_label(doc.value));
        }
        for r in &release.resources {
            config
                .scopes
                .entry((api_version(&r.group, &r.version), r.kind.clone()))
                .or_insert(r.namespaced);
        }
        let param_kinds = config
            .policies
            .iter()
            .chain(config.mutating_policies.iter().map(|m| &m.policy))
            .filter_map(|p| p.param_kind.as_ref());
        let mut noted = std::collections::BTreeSet::new();
        for kind in param_kinds {
            let key = (kind.api_version.clone(), kind.kind.clone());
            if config.scopes.contains_key(&key) || !noted.insert(key) {
                continue;
            }
            eprintln!(
                "note: paramKind {} {} is served by no CRD given with --crds nor by Kubernetes {}: it is taken as namespaced when one of its params has a namespace",
                kind.api_version, kind.kind, release.version
            );
        }
        Ok(Cluster {
            release,
            catalog,
            custom,
            config,
        })
    }

    /// A resource by its group, version and name, from the CRDs first, then the release.
    fn served_resource(&self, group: &str, version: &str, resource: &str) -> Option<Served> {
        let api_version = api_version(group, version);
        let custom = self
            .custom
            .iter()
            .find(|((v, _), s)| *v == api_version && s.resource == resource)
            .map(|(_, s)| s.clone());
        custom.or_else(|| {
            self.release
                .resource(group, version, resource)
                .map(|r| Served {
                    resource: r.resource.clone(),
                    namespaced: r.namespaced,
                })
        })
    }

    /// The resource serving a kind, from the CRDs first, then the release.
    fn served(&self, gvk: &GroupVersionKind) -> Option<Served> {
        let key = (api_version(&gvk.group, &gvk.version), gvk.kind.clone());
        if let Some(s) = self.custom.get(&key) {
            return Some(s.clone());
        }
        self.release
            .resource_of_kind(&gvk.group, &gvk.version, &gvk.kind)
            .map(|r| Served {
                resource: r.resource.clone(),
                namespaced: r.namespaced,
            })
    }

    /// The attributes the apiserver gives the admission plugins for a request: its resource,
    /// its namespace (`default` for a namespaced object without one, none for a cluster-scoped
    /// one) and the labels selectors read.
    pub(super) fn attributes(&mut self, intent: Intent) -> Result<Attributes, String> {
        let Intent {
            operation,
            kind,
            resource,
            object,
            old_object,
            name,
            namespace,
            subresource,
            user,
            dry_run,
            options,
            ..
        } = intent;
        // An AdmissionReview names its resource: a subresource's kind (a deployment's Scale,
        // a pod's PodExecOptions) is served by no resource of its own.
        let (served, resource) = match resource {
            Some((group, version, name)) => {
                let served = self
                    .served_resource(&group, &version, &name)
                    .ok_or_else(|| {
                        format!(
                            "no resource {name} in {} in Kubernetes {} or the CRDs given",
                            api_version(&group, &version),
                            self.release.version
                        )
                    })?;
                (served, GroupVersionResource::new(&group, &version, &name))
            }
            None => {
                let served = self.served(&kind).ok_or_else(|| {
                    format!(
                        "no resource serves {kind} in Kubernetes {} or the CRDs given",
                        self.release.version
                    )
                })?;
                let resource =
                    GroupVersionResource::new(&kind.group, &kind.version, &served.resource);
                (served, resource)
            }
        };
        let namespace = match (served.namespaced, namespace.is_empty()) {
            (true, true) => "default".to_string(),
            (true, false) => namespace,
            (false, _) => String::new(),
        };
        let labels = |o: &Value| labels_of(o).map_err(|e| e.to_string());
        let namespace_labels = match served.namespaced {
            false => None,
            true => Some(labels(self.namespace(&namespace))?.unwrap_or_default()),
        };
        let request = Request {
            operation,
            resource,
            subresource,
            kind,
            name,
            namespace,
            namespaced: served.namespaced,
            object_labels: labels(&object)?,
            old_object_labels: labels(&old_object)?,
            namespace_labels,
        };
        Ok(Attributes {
            request,
            object,
            old_object,
            user,
            dry_run,
            options,
        })
    }

    /// A Namespace of the cluster; one not given is taken to exist, with only the label the API
    /// gives every Namespace (for selectors and `namespaceObject` alike).
    fn namespace(&mut self, name: &str) -> &Value {
        let namespaces = &mut self.config.namespaces;
        match namespaces
            .iter()
            .position(|n| str_at(n, "/metadata/name") == name)
        {
            Some(i) => &namespaces[i],
            None => {
                namespaces.push(with_name_label(json!({
                    "apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}
                })));
                &namespaces[namespaces.len() - 1]
            }
        }
    }

    /// The apiserver's answer to a request.
    pub(super) fn admit(&mut self, attributes: &Attributes) -> Response {
        self.see_equivalents_of(attributes);
        admit(&self.config, attributes)
    }

    /// Whether any webhook is configured.
    pub(super) fn has_webhooks(&self) -> bool {
        !self.config.webhooks.is_empty()
    }

    /// What the MutatingAdmissionPolicies make of a request.
    pub(super) fn mutate(&mut self, attributes: &Attributes) -> Mutated {
        self.see_equivalents_of(attributes);
        mutate(&self.config, attributes)
    }

    /// An object as the apiserver's decoding hands it to admission: unknown fields pruned and
    /// the schema's defaults applied (a built-in kind's non-pointer structs are `{}`, its
    /// defaulted fields set), and a built-in kind's unset `metadata.creationTimestamp` `null`,
    /// as Go encodes a zero time. Objects of kinds without a schema are left as written.
    pub(super) fn decoded(&self, object: &Value) -> Value {
        if !object.is_object() {
            return object.clone();
        }
        let gvk = Gvk::of(str_at(object, "/apiVersion"), str_at(object, "/kind"));
        let validator = self.catalog.validator(&gvk);
        let Ok(validator) = validator.as_ref() else {
            return object.clone();
        };
        let mut decoded = validator.decoded(object);
        let built_in = !self
            .custom
            .contains_key(&(str_at(object, "/apiVersion").to_string(), gvk.kind.clone()));
        if built_in {
            if let Some(meta) = decoded.get_mut("metadata").and_then(Value::as_object_mut) {
                meta.entry("creationTimestamp").or_insert(Value::Null);
            }
        }
        decoded
    }

    /// The apiserver's refusal of an object a mutation made, when its schema refuses it (422).
    pub(super) fn invalid(&self, object: &Value) -> Option<Status> {
        let gvk = Gvk::of(str_at(object, "/apiVersion"), str_at(object, "/kind"));
        let validator = self.catalog.validator(&gvk);
        let errors = match validator.as_ref() {
            Ok(v) => v.validate(object).errors,
            Err(_) => return None,
        };
        if errors.is_empty() {
            return None;
        }
        let status = kubeidl::errors::invalid_status(
            &gvk.group,
            &gvk.kind,
            str_at(object, "/metadata/name"),
            &errors,
        );
        Some(Status {
            code: 422,
            reason: "Invalid".into(),
            message: str_at(&status, "/message").to_string(),
            details: Some(Details {
                name: str_at(object, "/metadata/name").to_string(),
                group: gvk.group.clone(),
                kind: gvk.kind.clone(),
                causes: errors.iter().map(|e| e.to_string()).collect(),
            }),
        })
    }

    /// Which webhooks and policies a request reaches.
    pub(super) fn explain(&mut self, attributes: &Attributes) -> Explanation {
        self.see_equivalents_of(attributes);
        explain(&self.config, attributes)
    }

    /// The resources serving the request's objects under other names, for `matchPolicy`.
    fn see_equivalents_of(&mut self, attributes: &Attributes) {
        let r = &attributes.request.resource;
        let sub = &attributes.request.subresource;
        let custom: Vec<(String, String)> = self
            .custom
            .iter()
            .filter(|((api_version, _), served)| {
                served.resource == r.resource
                    && api_version.rsplit_once('/').map(|(g, _)| g) == Some(r.group.as_str())
            })
            .filter_map(|((api_version, kind), _)| {
                let version = api_version.rsplit_once('/')?.1;
                Some((version.to_string(), kind.clone()))
            })
            .collect();
        self.config.equivalents = match custom.is_empty() {
            true => equivalents_in(&self.release, r, sub),
            false => equivalents_of_custom(r, sub, &custom),
        };
    }
}

/// `group/version`, or `version` for the core group.
fn api_version(group: &str, version: &str) -> String {
    match group {
        "" => version.to_string(),
        g => format!("{g}/{version}"),
    }
}

/// A Namespace as the API stores it: labelled with its name.
fn with_name_label(mut ns: Value) -> Value {
    let name = str_at(&ns, "/metadata/name").to_string();
    if let Some(meta) = ns.get_mut("metadata").and_then(Value::as_object_mut) {
        let labels = meta.entry("labels").or_insert_with(|| json!({}));
        if let Some(labels) = labels.as_object_mut() {
            labels
                .entry(NAMESPACE_NAME_LABEL)
                .or_insert_with(|| json!(name));
        }
    }
    ns
}

/// Every document of the files and directories given.
pub(super) fn documents(paths: &[PathBuf]) -> Result<Vec<Located>, Error> {
    let mut out = Vec::new();
    for path in paths {
        for file in files_below(path, &["yaml", "yml", "json"])? {
            let label = file.display().to_string();
            for doc in read_documents(&read(&file)?) {
                match doc {
                    Ok(d) => out.push(Located {
                        at: position(&label, &d),
                        value: d.value,
                        label: label.clone(),
                        positions: d.positions,
                    }),
                    Err(e) => return Err(Error::new(unreadable(&label, &e))),
                }
            }
        }
    }
    Ok(out)
}

/// `FILE:LINE:COL: document N: what is wrong`.
pub(super) fn unreadable(label: &str, e: &kubeidl::document::DocumentError) -> String {
    let at = e
        .position
        .map(|p| format!("{}:{}", p.line, p.column))
        .unwrap_or_else(|| "1:1".into());
    format!("{label}:{at}: document {}: {}", e.index + 1, e.message)
}

/// Where a document is: the position of its kind, which names what it is (the root itself has
/// no position of its own).
pub(super) fn position(label: &str, doc: &Document) -> String {
    place(label, doc.positions.find("/kind"))
}

/// `FILE:LINE:COL`.
pub(super) fn place(label: &str, at: SourcePosition) -> String {
    format!("{label}:{}:{}", at.line, at.column)
}

/// The errors the API would refuse a policy or binding with on create; `None` for the other
/// kinds.
pub(super) fn api_errors(object: &Value) -> Option<Vec<FieldError>> {
    match str_at(object, "/kind") {
        "ValidatingAdmissionPolicy" => Some(policy_errors(object)),
        "ValidatingAdmissionPolicyBinding" => Some(binding_errors(object)),
        "MutatingAdmissionPolicy" => Some(mutating_policy_errors(object)),
        "MutatingAdmissionPolicyBinding" => Some(mutating_binding_errors(object)),
        _ => None,
    }
}

/// What a CRD serves: each served version's resource and kind, and whether they are
/// namespaced.
pub(super) fn crd_served(crd: &Value) -> Vec<(GroupVersionResource, GroupVersionKind, bool)> {
    if crd.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
        return Vec::new();
    }
    let text = |p: &str| str_at(crd, p);
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
        .filter(|version| version.get("served").and_then(Value::as_bool) != Some(false))
        .map(|version| {
            let name = str_at(version, "/name");
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
        let api_version = api_version(&kind.group, &kind.version);
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
