//! An offline authorizer for `authorizer` checks in admission expressions: RBAC's rules over
//! the Roles, ClusterRoles, RoleBindings and ClusterRoleBindings given (aggregated ClusterRoles
//! included), plus the privileged `system:masters` group, decided as kube-apiserver's RBAC
//! authorizer decides: a ClusterRoleBinding grants everywhere, a RoleBinding in its namespace;
//! verbs, API groups, resources (`*`, `resource/subresource`, `*/subresource`), resource names
//! and non-resource URLs (`*` suffixes) match as RBAC matches them. Nothing else (Node, webhook
//! authorizers) is consulted, so a check no rule allows is denied.

use super::fields::expected;
use super::request::labels_of;
use super::selector::LabelSelector;
use kubeidl::cel::library::authz::{AccessRequest, Authorizer, Decision, Target, User};
use kubeidl::errors::{FieldError, FieldPath};
use serde_json::Value;

/// The group whose members may do anything.
pub const PRIVILEGED_GROUP: &str = "system:masters";

/// One of a role's `rules`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct PolicyRule {
    verbs: Vec<String>,
    api_groups: Vec<String>,
    resources: Vec<String>,
    resource_names: Vec<String>,
    non_resource_urls: Vec<String>,
}

#[derive(Debug, Clone)]
struct Role {
    /// `""` for ClusterRoles.
    namespace: String,
    name: String,
    cluster: bool,
    rules: Vec<PolicyRule>,
    labels: super::request::Labels,
    /// `aggregationRule.clusterRoleSelectors`.
    aggregate: Vec<LabelSelector>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Subject {
    kind: String,
    name: String,
    namespace: String,
}

#[derive(Debug, Clone)]
struct RoleBinding {
    /// `""` for ClusterRoleBindings.
    namespace: String,
    name: String,
    role_kind: String,
    role_name: String,
    subjects: Vec<Subject>,
}

/// RBAC objects, answering authorization checks.
#[derive(Debug, Default)]
pub struct Rbac {
    roles: Vec<Role>,
    bindings: Vec<RoleBinding>,
}

/// The kinds [`Rbac::add`] reads.
pub const RBAC_KINDS: &[&str] = &["Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"];

fn text(v: &Value, pointer: &str) -> String {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn strings(v: Option<&Value>, at: &FieldPath) -> Result<Vec<String>, FieldError> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| expected(s, &at.index(i), "a string"))
            })
            .collect(),
        Some(other) => Err(expected(other, at, "a list of strings")),
    }
}

fn list<'v>(v: &'v Value, name: &str, at: &FieldPath) -> Result<&'v [Value], FieldError> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(expected(other, &at.child(name), "a list")),
    }
}

impl Rbac {
    /// Adds a Role, ClusterRole, RoleBinding or ClusterRoleBinding (the whole object); other
    /// kinds are an error.
    pub fn add(&mut self, object: &Value) -> Result<(), FieldError> {
        let root = FieldPath::root();
        let kind = text(object, "/kind");
        let namespace = text(object, "/metadata/namespace");
        let name = text(object, "/metadata/name");
        match kind.as_str() {
            "Role" | "ClusterRole" => {
                let at = root.child("rules");
                let rules = list(object, "rules", &root)?
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let at = at.index(i);
                        Ok(PolicyRule {
                            verbs: strings(r.get("verbs"), &at.child("verbs"))?,
                            api_groups: strings(r.get("apiGroups"), &at.child("apiGroups"))?,
                            resources: strings(r.get("resources"), &at.child("resources"))?,
                            resource_names: strings(
                                r.get("resourceNames"),
                                &at.child("resourceNames"),
                            )?,
                            non_resource_urls: strings(
                                r.get("nonResourceURLs"),
                                &at.child("nonResourceURLs"),
                            )?,
                        })
                    })
                    .collect::<Result<_, FieldError>>()?;
                let at = root.child("aggregationRule").child("clusterRoleSelectors");
                let aggregate = match object.get("aggregationRule") {
                    Some(rule) => list(rule, "clusterRoleSelectors", &at)?
                        .iter()
                        .enumerate()
                        .map(|(i, s)| LabelSelector::parse(s, &at.index(i)))
                        .collect::<Result<_, _>>()?,
                    None => Vec::new(),
                };
                let cluster = kind == "ClusterRole";
                self.roles.push(Role {
                    namespace: if cluster { String::new() } else { namespace },
                    name,
                    cluster,
                    rules,
                    labels: labels_of(object)?.unwrap_or_default(),
                    aggregate,
                });
            }
            "RoleBinding" | "ClusterRoleBinding" => {
                let cluster = kind == "ClusterRoleBinding";
                let at = root.child("subjects");
                let subjects = list(object, "subjects", &root)?
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        if !s.is_object() {
                            return Err(expected(s, &at.index(i), "an object"));
                        }
                        let mut subject_namespace = text(s, "/namespace");
                        if subject_namespace.is_empty() && !cluster {
                            subject_namespace = namespace.clone();
                        }
                        Ok(Subject {
                            kind: text(s, "/kind"),
                            name: text(s, "/name"),
                            namespace: subject_namespace,
                        })
                    })
                    .collect::<Result<_, FieldError>>()?;
                self.bindings.push(RoleBinding {
                    namespace: if cluster { String::new() } else { namespace },
                    name,
                    role_kind: text(object, "/roleRef/kind"),
                    role_name: text(object, "/roleRef/name"),
                    subjects,
                });
            }
            _ => {
                let at = root.child("kind");
                return Err(expected(
                    object.get("kind").unwrap_or(&Value::Null),
                    &at,
                    "Role, ClusterRole, RoleBinding or ClusterRoleBinding",
                ));
            }
        }
        Ok(())
    }

    /// The rules of the role a binding refers to, with those aggregated into a ClusterRole.
    fn rules_of(&self, binding: &RoleBinding) -> Vec<&PolicyRule> {
        let cluster = binding.role_kind == "ClusterRole";
        let Some(role) = self.roles.iter().find(|r| {
            r.cluster == cluster
                && r.name == binding.role_name
                && (cluster || r.namespace == binding.namespace)
        }) else {
            return Vec::new();
        };
        let mut rules: Vec<&PolicyRule> = role.rules.iter().collect();
        for selector in &role.aggregate {
            for other in self
                .roles
                .iter()
                .filter(|r| r.cluster && r.name != role.name)
            {
                if selector.matches(&other.labels) {
                    rules.extend(other.rules.iter());
                }
            }
        }
        rules
    }
}

fn subject_matches(subject: &Subject, user: &User) -> bool {
    match subject.kind.as_str() {
        "User" => subject.name == user.name,
        "Group" => user.groups.contains(&subject.name),
        "ServiceAccount" => {
            user.name
                == format!(
                    "system:serviceaccount:{}:{}",
                    subject.namespace, subject.name
                )
        }
        _ => false,
    }
}

fn has(list: &[String], value: &str) -> bool {
    list.iter().any(|v| v == "*" || v == value)
}

fn rule_allows(rule: &PolicyRule, request: &AccessRequest) -> bool {
    if !has(&rule.verbs, &request.verb) {
        return false;
    }
    match &request.target {
        Target::Path(path) => rule.non_resource_urls.iter().any(|url| {
            url == "*"
                || url == path
                || url
                    .strip_suffix('*')
                    .is_some_and(|prefix| path.starts_with(prefix))
        }),
        Target::Resource(r) => {
            let combined = match r.subresource.as_str() {
                "" => r.resource.clone(),
                sub => format!("{}/{sub}", r.resource),
            };
            let resource = rule.resources.iter().any(|res| {
                res == "*"
                    || *res == combined
                    || (!r.subresource.is_empty()
                        && res.strip_prefix("*/") == Some(r.subresource.as_str()))
            });
            has(&rule.api_groups, &r.group)
                && resource
                && (rule.resource_names.is_empty() || rule.resource_names.contains(&r.name))
        }
    }
}

fn describe(subject: &Subject) -> String {
    match subject.kind.as_str() {
        "ServiceAccount" => format!("ServiceAccount \"{}/{}\"", subject.namespace, subject.name),
        kind => format!("{kind} \"{}\"", subject.name),
    }
}

impl Authorizer for Rbac {
    fn authorize(&self, request: &AccessRequest) -> Decision {
        if request.user.groups.iter().any(|g| g == PRIVILEGED_GROUP) {
            return Decision {
                allowed: true,
                reason: format!("the {PRIVILEGED_GROUP} group may do anything"),
                error: None,
            };
        }
        let namespace = match &request.target {
            Target::Resource(r) => r.namespace.as_str(),
            Target::Path(_) => "",
        };
        for binding in &self.bindings {
            // A RoleBinding grants only in its namespace, and never non-resource URLs.
            if !binding.namespace.is_empty()
                && (binding.namespace != namespace || matches!(request.target, Target::Path(_)))
            {
                continue;
            }
            let Some(subject) = binding
                .subjects
                .iter()
                .find(|s| subject_matches(s, &request.user))
            else {
                continue;
            };
            if self
                .rules_of(binding)
                .into_iter()
                .any(|rule| rule_allows(rule, request))
            {
                let kind = match binding.namespace.as_str() {
                    "" => format!("ClusterRoleBinding \"{}\"", binding.name),
                    ns => format!("RoleBinding \"{}/{ns}\"", binding.name),
                };
                return Decision {
                    allowed: true,
                    reason: format!(
                        "RBAC: allowed by {kind} of {} \"{}\" to {}",
                        binding.role_kind,
                        binding.role_name,
                        describe(subject)
                    ),
                    error: None,
                };
            }
        }
        Decision::default()
    }
}
