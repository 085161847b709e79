//! Resource rules (`RuleWithOperations`, and `NamedRuleWithOperations` with its `resourceNames`)
//! and the predicate that tests one against a request: scope, operation, API group, API
//! version, then resource and subresource, each a list where `*` stands for anything. In a
//! `resources` entry the part after the first `/` names subresources: `pods/*` is a pod and
//! every subresource of it, `*` is every resource but no subresource, `*/*` is everything.

use crate::fields::{one_of, Fields};
use crate::request::{GroupVersionResource, Operation, Request};
use kubeidl::errors::{FieldError, FieldPath};
use serde_json::Value;
use std::fmt;

/// Which requests a rule's `scope` admits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Scope {
    /// `*`, the API's default.
    #[default]
    All,
    /// Cluster-scoped resources, Namespace objects included.
    Cluster,
    /// Namespaced resources; Namespace objects are not among them.
    Namespaced,
}

impl Scope {
    /// As written in a rule: `*`, `Cluster`, `Namespaced`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::All => "*",
            Scope::Cluster => "Cluster",
            Scope::Namespaced => "Namespaced",
        }
    }
}

/// One rule of `resourceRules`, `excludeResourceRules` or a webhook's `rules`, defaulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// `CREATE`, `UPDATE`, `DELETE`, `CONNECT` or `*`.
    pub operations: Vec<String>,
    /// API groups (`""` is the core group) or `*`.
    pub api_groups: Vec<String>,
    /// API versions or `*`.
    pub api_versions: Vec<String>,
    /// `resource`, `resource/subresource`, with `*` for either part.
    pub resources: Vec<String>,
    pub scope: Scope,
    /// Object names the rule is limited to; empty for all (webhook rules have none).
    pub resource_names: Vec<String>,
}

/// The first part of a rule that does not admit a request, in the order they are tested.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleMiss {
    Scope,
    Operation,
    ApiGroup,
    ApiVersion,
    /// The resource or its subresource.
    Resource,
    /// Everything else matched but the object's name is not in `resourceNames`.
    ResourceName,
}

impl fmt::Display for RuleMiss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleMiss::Scope => "scope",
            RuleMiss::Operation => "operation",
            RuleMiss::ApiGroup => "API group",
            RuleMiss::ApiVersion => "API version",
            RuleMiss::Resource => "resource",
            RuleMiss::ResourceName => "resource name",
        })
    }
}

const OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const SCOPES: &[&str] = &["*", "Cluster", "Namespaced"];
const RULE_FIELDS: &[&str] = &[
    "operations",
    "apiGroups",
    "apiVersions",
    "resources",
    "scope",
    "resourceNames",
];

impl Rule {
    /// A rule from its JSON at `path`; `resourceNames` is a field only where `named`.
    pub(crate) fn parse(value: &Value, path: &FieldPath, named: bool) -> Result<Rule, FieldError> {
        let known = if named {
            RULE_FIELDS
        } else {
            &RULE_FIELDS[..RULE_FIELDS.len() - 1]
        };
        let fields = Fields::of(value, path, known)?;
        let required = |name: &str| -> Result<Vec<String>, FieldError> {
            let list = fields.strings(name)?;
            if list.is_empty() {
                return Err(FieldError::required(path.child(name), ""));
            }
            Ok(list)
        };
        let operations = required("operations")?;
        for (i, op) in operations.iter().enumerate() {
            one_of(op, &path.child("operations").index(i), OPERATIONS)?;
        }
        let api_groups = required("apiGroups")?;
        let api_versions = required("apiVersions")?;
        let resources = required("resources")?;
        let scope = match fields.string("scope")? {
            None => Scope::All,
            Some(s) => match one_of(s, &path.child("scope"), SCOPES)? {
                "Cluster" => Scope::Cluster,
                "Namespaced" => Scope::Namespaced,
                _ => Scope::All,
            },
        };
        Ok(Rule {
            operations,
            api_groups,
            api_versions,
            resources,
            scope,
            resource_names: fields.strings("resourceNames")?,
        })
    }

    /// Why this rule does not admit `request` taken as a request for `resource` (the request's
    /// own, or an equivalent one), or `None` when it does.
    pub(crate) fn miss(
        &self,
        request: &Request,
        resource: &GroupVersionResource,
    ) -> Option<RuleMiss> {
        if !self.admits_scope(request.admission_namespace(), resource) {
            Some(RuleMiss::Scope)
        } else if !self.admits_operation(request.operation) {
            Some(RuleMiss::Operation)
        } else if !listed(&self.api_groups, &resource.group) {
            Some(RuleMiss::ApiGroup)
        } else if !listed(&self.api_versions, &resource.version) {
            Some(RuleMiss::ApiVersion)
        } else if !self.admits_resource(&resource.resource, &request.subresource) {
            Some(RuleMiss::Resource)
        } else if !self.resource_names.is_empty() && !self.resource_names.contains(&request.name) {
            Some(RuleMiss::ResourceName)
        } else {
            None
        }
    }

    /// The scope test reads only the namespace of the request and whether the resource is core
    /// `namespaces`: subresources share their parent's scope, and a Namespace is cluster-scoped
    /// although its requests name a namespace.
    fn admits_scope(&self, namespace: &str, resource: &GroupVersionResource) -> bool {
        match self.scope {
            Scope::All => true,
            Scope::Namespaced => !resource.is_core_namespaces() && !namespace.is_empty(),
            Scope::Cluster => resource.is_core_namespaces() || namespace.is_empty(),
        }
    }

    fn admits_operation(&self, operation: Operation) -> bool {
        self.operations
            .iter()
            .any(|op| op == "*" || op == operation.as_str())
    }

    fn admits_resource(&self, resource: &str, subresource: &str) -> bool {
        self.resources.iter().any(|entry| {
            let (res, sub) = entry.split_once('/').unwrap_or((entry, ""));
            (res == "*" || res == resource) && (sub == "*" || sub == subresource)
        })
    }
}

fn listed(items: &[String], requested: &str) -> bool {
    items.iter().any(|item| item == "*" || item == requested)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{GroupVersionKind, Labels};
    use serde_json::json;

    fn rule(v: Value) -> Rule {
        Rule::parse(&v, &FieldPath::root().child("rule"), true).unwrap()
    }

    fn request(
        op: Operation,
        gvr: (&str, &str, &str),
        sub: &str,
        namespaced: bool,
        namespace: &str,
    ) -> Request {
        Request {
            operation: op,
            resource: GroupVersionResource::new(gvr.0, gvr.1, gvr.2),
            subresource: sub.to_string(),
            kind: GroupVersionKind::new(gvr.0, gvr.1, "Whatever"),
            name: "obj".to_string(),
            namespace: namespace.to_string(),
            namespaced,
            object_labels: Some(Labels::new()),
            old_object_labels: None,
            namespace_labels: Some(Labels::new()),
        }
    }

    fn miss(r: &Rule, req: &Request) -> Option<RuleMiss> {
        r.miss(req, &req.resource)
    }

    #[test]
    fn resources_and_subresources_follow_the_wildcard_table() {
        let pods = request(Operation::Create, ("", "v1", "pods"), "", true, "ns");
        let pods_status = request(Operation::Update, ("", "v1", "pods"), "status", true, "ns");
        let deploy_scale = request(
            Operation::Update,
            ("", "v1", "deployments"),
            "scale",
            true,
            "ns",
        );
        // entry, matches [pods, pods/status, deployments/scale]
        let table = [
            ("pods", [true, false, false]),
            ("pods/status", [false, true, false]),
            ("pods/*", [true, true, false]),
            ("*", [true, false, false]),
            ("*/scale", [false, false, true]),
            ("*/*", [true, true, true]),
        ];
        for (entry, want) in table {
            let r = rule(
                json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": [entry]}),
            );
            let got = [&pods, &pods_status, &deploy_scale].map(|q| miss(&r, q).is_none());
            assert_eq!(got, want, "{entry}");
            for q in [&pods, &pods_status, &deploy_scale] {
                if let Some(m) = miss(&r, q) {
                    assert_eq!(m, RuleMiss::Resource, "{entry}");
                }
            }
        }
    }

    #[test]
    fn any_listed_resource_entry_admits() {
        let r = rule(
            json!({"operations": ["*"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["configmaps", "pods/exec", "pods/attach"]}),
        );
        let exec = request(Operation::Connect, ("", "v1", "pods"), "exec", true, "ns");
        let log = request(Operation::Connect, ("", "v1", "pods"), "log", true, "ns");
        assert_eq!(miss(&r, &exec), None);
        assert_eq!(miss(&r, &log), Some(RuleMiss::Resource));
    }

    #[test]
    fn operations_groups_and_versions_are_exact_or_star() {
        let r = rule(
            json!({"operations": ["CREATE", "UPDATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["*"]}),
        );
        let create = request(
            Operation::Create,
            ("apps", "v1", "deployments"),
            "",
            true,
            "ns",
        );
        assert_eq!(miss(&r, &create), None);
        let delete = request(
            Operation::Delete,
            ("apps", "v1", "deployments"),
            "",
            true,
            "ns",
        );
        assert_eq!(miss(&r, &delete), Some(RuleMiss::Operation));
        let batch = request(Operation::Create, ("batch", "v1", "jobs"), "", true, "ns");
        assert_eq!(miss(&r, &batch), Some(RuleMiss::ApiGroup));
        let beta = request(
            Operation::Create,
            ("apps", "v1beta1", "deployments"),
            "",
            true,
            "ns",
        );
        assert_eq!(miss(&r, &beta), Some(RuleMiss::ApiVersion));
        // The core group is the empty string, not "core" nor "*".
        let core = rule(
            json!({"operations": ["*"], "apiGroups": [""], "apiVersions": ["*"], "resources": ["*"]}),
        );
        assert_eq!(miss(&core, &batch), Some(RuleMiss::ApiGroup));
        let pods = request(Operation::Create, ("", "v1", "pods"), "", true, "ns");
        assert_eq!(miss(&core, &pods), None);
        let every = rule(
            json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]}),
        );
        for op in [
            Operation::Create,
            Operation::Update,
            Operation::Delete,
            Operation::Connect,
        ] {
            let q = request(op, ("x.io", "v9", "things"), "", true, "ns");
            assert_eq!(miss(&every, &q), None, "{op}");
        }
    }

    #[test]
    fn scopes_follow_the_namespace_of_the_request_and_namespaces_are_cluster_scoped() {
        let scoped = |s: &str| {
            rule(
                json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*/*"], "scope": s}),
            )
        };
        let (all, cluster, namespaced) = (scoped("*"), scoped("Cluster"), scoped("Namespaced"));
        let ns = |op, sub: &str| {
            let mut q = request(op, ("", "v1", "namespaces"), sub, false, "");
            q.name = "team-a".to_string();
            q
        };
        let cases = [
            (
                request(Operation::Create, ("", "v1", "pods"), "", true, "ns"),
                false,
            ),
            (
                request(Operation::Update, ("", "v1", "pods"), "status", true, "ns"),
                false,
            ),
            (
                request(Operation::Create, ("", "v1", "nodes"), "", false, ""),
                true,
            ),
            (
                request(Operation::Update, ("", "v1", "nodes"), "status", false, ""),
                true,
            ),
            (ns(Operation::Create, ""), true),
            (ns(Operation::Update, ""), true),
            (ns(Operation::Delete, ""), true),
            (ns(Operation::Update, "finalize"), true),
            (ns(Operation::Update, "status"), true),
        ];
        for (q, cluster_scoped) in cases {
            let what = format!("{} {}/{}", q.operation, q.resource, q.subresource);
            assert_eq!(miss(&all, &q), None, "{what}");
            assert_eq!(miss(&cluster, &q).is_none(), cluster_scoped, "{what}");
            assert_eq!(miss(&namespaced, &q).is_none(), !cluster_scoped, "{what}");
            let scope_miss = if cluster_scoped {
                &namespaced
            } else {
                &cluster
            };
            assert_eq!(miss(scope_miss, &q), Some(RuleMiss::Scope), "{what}");
        }
    }

    #[test]
    fn scope_is_tested_on_the_resource_the_rule_is_tried_for() {
        let namespaced = rule(
            json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Namespaced"}),
        );
        let mut q = request(Operation::Update, ("", "v1", "namespaces"), "", false, "");
        q.name = "team-a".to_string();
        assert_eq!(miss(&namespaced, &q), Some(RuleMiss::Scope));
        // Only core v1 namespaces is exempt: a resource of the same name in another group or
        // version is judged by the namespace alone (here the Namespace's own name).
        let other = GroupVersionResource::new("", "v2", "namespaces");
        assert_eq!(namespaced.miss(&q, &other), None);
    }

    #[test]
    fn resource_names_limit_a_rule_to_named_objects() {
        let r = rule(
            json!({"operations": ["*"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["configmaps"], "resourceNames": ["settings", "flags"]}),
        );
        let mut q = request(Operation::Update, ("", "v1", "configmaps"), "", true, "ns");
        q.name = "flags".to_string();
        assert_eq!(miss(&r, &q), None);
        q.name = "other".to_string();
        assert_eq!(miss(&r, &q), Some(RuleMiss::ResourceName));
        q.name = String::new();
        assert_eq!(miss(&r, &q), Some(RuleMiss::ResourceName));
    }

    #[test]
    fn scope_defaults_to_all_and_malformed_rules_say_where() {
        assert_eq!(
            rule(json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]})).scope,
            Scope::All
        );
        assert_eq!(
            rule(json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": null})).scope,
            Scope::All
        );
        let error = |v: Value, named| {
            Rule::parse(&v, &FieldPath::root().child("rule"), named)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error(json!({"operations": ["CREATE", "PATCH"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]}), true),
            "rule.operations[1]: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\""
        );
        assert_eq!(
            error(json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "namespaced"}), true),
            "rule.scope: Unsupported value: \"namespaced\": supported values: \"*\", \"Cluster\", \"Namespaced\""
        );
        assert_eq!(
            error(
                json!({"operations": ["*"], "apiGroups": "apps", "apiVersions": ["*"], "resources": ["*"]}),
                true
            ),
            "rule.apiGroups: Invalid value: \"apps\": expected a list of strings"
        );
        assert_eq!(
            error(
                json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": [1], "resources": ["*"]}),
                true
            ),
            "rule.apiVersions[0]: Invalid value: 1: expected a string"
        );
        assert_eq!(
            error(
                json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"]}),
                true
            ),
            "rule.resources: Required value"
        );
        assert_eq!(
            error(
                json!({"operations": [], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]}),
                true
            ),
            "rule.operations: Required value"
        );
        // Webhook rules have no resourceNames.
        assert_eq!(
            error(
                json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "resourceNames": ["a"]}),
                false
            ),
            "rule.resourceNames: Invalid value: value provided for unknown field"
        );
    }
}
