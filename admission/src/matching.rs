//! Whether a request falls under one set of match criteria, and why not, in the apiserver's
//! order: the namespace selector, the object selector, the exclude rules, then the resource
//! rules (the request's own resource first, then, under `matchPolicy: Equivalent`, each rule in
//! turn against each equivalent resource, so rule order wins over version order).
//!
//! A selector that cannot be evaluated (the request's namespace does not exist) is an error only
//! when the rules match; otherwise the request simply does not match, as in the apiserver.

use crate::criteria::{MatchPolicy, MatchResources, Owner};
use crate::equivalence::EquivalentResource;
use crate::request::{
    GroupVersionKind, GroupVersionResource, Labels, Operation, Request, NAMESPACE_NAME_LABEL,
};
use crate::rules::{Rule, RuleMiss};
use crate::selector::{LabelSelector, Requirement};
use std::borrow::Cow;
use std::fmt;

/// The outcome of matching one request against one set of criteria.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Matched(Matched),
    NotMatched(Mismatch),
    /// The rules match but the request cannot be judged; the apiserver fails it.
    Error(MatchError),
}

impl Decision {
    pub fn is_match(&self) -> bool {
        matches!(self, Decision::Matched(_))
    }
}

/// How a request matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The resource the rule named: the request's own, or the equivalent it matched through,
    /// which is what the policy or webhook is invoked with (`request.resource` of the review;
    /// the original goes to `requestResource`).
    pub resource: GroupVersionResource,
    /// The kind belonging to `resource`, which the object is converted to.
    pub kind: GroupVersionKind,
    /// The index of the matching rule; `None` when a binding has no rules.
    pub rule: Option<usize>,
    /// Whether the match went through an equivalent resource.
    pub equivalent: bool,
}

/// Why a request does not match: the first test it fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// The labels of `namespace` (the stored Namespace, or the new object of a Namespace CREATE
    /// or UPDATE) do not meet `unmet`.
    NamespaceSelector {
        namespace: String,
        unmet: Requirement,
    },
    /// Neither the new nor the old object is selected.
    ObjectSelector {
        object: ObjectMiss,
        old_object: ObjectMiss,
    },
    /// Exclude rule `rule` matches the request as `resource`.
    Excluded {
        rule: usize,
        resource: GroupVersionResource,
    },
    /// No resource rule matches: why each one fails for the request's own resource, and the
    /// equivalent resources that were tried as well (empty under `matchPolicy: Exact`).
    NoRule {
        misses: Vec<RuleMiss>,
        equivalents: Vec<GroupVersionResource>,
    },
}

/// Why the object selector does not select one of the request's objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectMiss {
    /// The request has no such object, or it has no metadata; no selector selects it.
    Absent,
    /// Its labels do not meet this requirement.
    Unmet(Requirement),
}

/// A request the rules match but which cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The namespace selector needs the labels of a namespace that does not exist (a 404 in the
    /// apiserver).
    #[error("namespaces \"{0}\" not found")]
    NamespaceNotFound(String),
    /// A Namespace CREATE or UPDATE without a new object, whose labels the namespace selector
    /// reads.
    #[error("the namespace selector reads the labels of the new Namespace object, which the request lacks")]
    NoNamespaceObject,
    /// A rule matched through an equivalent resource whose kind is unknown.
    #[error("unable to convert to {0}: unknown kind")]
    UnknownKind(GroupVersionResource),
}

/// Matches `request` against `criteria`. `equivalents` are the resources serving the same
/// objects as the request's resource (see [`crate::equivalents_in`]); only read
/// under `matchPolicy: Equivalent`, and the request's own resource among them is skipped.
pub fn matches(
    criteria: &MatchResources,
    request: &Request,
    equivalents: &[EquivalentResource],
) -> Decision {
    let namespace = namespace_selection(&criteria.namespace_selector, request);
    if let Ok(Some(mismatch)) = namespace {
        return Decision::NotMatched(mismatch);
    }
    if let Some(mismatch) = object_selection(&criteria.object_selector, request) {
        return Decision::NotMatched(mismatch);
    }
    let policy = criteria.match_policy;
    match search(
        &criteria.exclude_resource_rules,
        policy,
        request,
        equivalents,
    ) {
        Err(e) => return Decision::Error(e),
        Ok(Search::Hit(hit)) => {
            return Decision::NotMatched(Mismatch::Excluded {
                rule: hit.rule.unwrap_or_default(),
                resource: hit.resource,
            })
        }
        Ok(Search::Miss(_)) => {}
    }
    let matched = if criteria.resource_rules.is_empty() && criteria.owner != Owner::Webhook {
        Matched {
            resource: request.resource.clone(),
            kind: request.kind.clone(),
            rule: None,
            equivalent: false,
        }
    } else {
        match search(&criteria.resource_rules, policy, request, equivalents) {
            Err(e) => return Decision::Error(e),
            Ok(Search::Miss(mismatch)) => return Decision::NotMatched(mismatch),
            Ok(Search::Hit(hit)) => hit,
        }
    };
    match namespace {
        Err(e) => Decision::Error(e),
        Ok(_) => Decision::Matched(matched),
    }
}

enum Search {
    Hit(Matched),
    Miss(Mismatch),
}

/// The first rule matching the request: its own resource first, then equivalents.
fn search(
    rules: &[Rule],
    policy: MatchPolicy,
    request: &Request,
    equivalents: &[EquivalentResource],
) -> Result<Search, MatchError> {
    let mut misses = Vec::with_capacity(rules.len());
    for (i, rule) in rules.iter().enumerate() {
        match rule.miss(request, &request.resource) {
            None => {
                return Ok(Search::Hit(Matched {
                    resource: request.resource.clone(),
                    kind: request.kind.clone(),
                    rule: Some(i),
                    equivalent: false,
                }))
            }
            Some(miss) => misses.push(miss),
        }
    }
    let others: Vec<&EquivalentResource> = match policy {
        MatchPolicy::Exact => Vec::new(),
        MatchPolicy::Equivalent => equivalents
            .iter()
            .filter(|e| e.resource != request.resource)
            .collect(),
    };
    for (i, rule) in rules.iter().enumerate() {
        for other in &others {
            let miss = rule.miss(request, &other.resource);
            if matches!(miss, None | Some(RuleMiss::ResourceName)) && other.kind.kind.is_empty() {
                return Err(MatchError::UnknownKind(other.resource.clone()));
            }
            if miss.is_none() {
                return Ok(Search::Hit(Matched {
                    resource: other.resource.clone(),
                    kind: other.kind.clone(),
                    rule: Some(i),
                    equivalent: true,
                }));
            }
        }
    }
    Ok(Search::Miss(Mismatch::NoRule {
        misses,
        equivalents: others.into_iter().map(|e| e.resource.clone()).collect(),
    }))
}

/// The namespace selector's verdict: `Ok(None)` selected, `Ok(Some(_))` not selected, `Err`
/// when the labels it needs are missing.
fn namespace_selection(
    selector: &LabelSelector,
    request: &Request,
) -> Result<Option<Mismatch>, MatchError> {
    let namespace = request.admission_namespace();
    let of_namespaces = request.resource.resource == "namespaces";
    // Cluster-scoped objects other than Namespaces are never filtered by namespace.
    if namespace.is_empty() && !of_namespaces {
        return Ok(None);
    }
    if selector.is_empty() {
        return Ok(None);
    }
    // A Namespace being created or updated is judged by its new labels; a deleted one, its
    // subresources and everything in a namespace by the stored Namespace.
    let writes_namespace = of_namespaces
        && request.subresource.is_empty()
        && matches!(request.operation, Operation::Create | Operation::Update);
    let (name, labels) = if writes_namespace {
        let labels = request
            .object_labels
            .as_ref()
            .ok_or(MatchError::NoNamespaceObject)?;
        let labels = if request.resource.is_core_namespaces() {
            with_name_label(labels, &request.name)
        } else {
            Cow::Borrowed(labels)
        };
        (request.name.as_str(), labels)
    } else {
        let labels = request
            .namespace_labels
            .as_ref()
            .ok_or_else(|| MatchError::NamespaceNotFound(namespace.to_string()))?;
        (namespace, with_name_label(labels, namespace))
    };
    Ok(selector
        .first_unmet(&labels)
        .map(|unmet| Mismatch::NamespaceSelector {
            namespace: name.to_string(),
            unmet: unmet.clone(),
        }))
}

/// The object selector's verdict: selected when the new or the old object is.
fn object_selection(selector: &LabelSelector, request: &Request) -> Option<Mismatch> {
    if selector.is_empty() {
        return None;
    }
    let judge = |labels: Option<&Labels>| -> Result<(), ObjectMiss> {
        let labels = labels.ok_or(ObjectMiss::Absent)?;
        let labels = if request.resource.is_core_namespaces() {
            with_name_label(labels, &request.name)
        } else {
            Cow::Borrowed(labels)
        };
        match selector.first_unmet(&labels) {
            None => Ok(()),
            Some(unmet) => Err(ObjectMiss::Unmet(unmet.clone())),
        }
    };
    match (judge(request.new_labels()), judge(request.old_labels())) {
        (Ok(()), _) | (_, Ok(())) => None,
        (Err(object), Err(old_object)) => Some(Mismatch::ObjectSelector { object, old_object }),
    }
}

/// A Namespace's labels as the API's defaulting leaves them: with `kubernetes.io/metadata.name`
/// set to its name (when it has one).
fn with_name_label<'l>(labels: &'l Labels, name: &str) -> Cow<'l, Labels> {
    if name.is_empty() || labels.get(NAMESPACE_NAME_LABEL).map(String::as_str) == Some(name) {
        return Cow::Borrowed(labels);
    }
    let mut labels = labels.clone();
    labels.insert(NAMESPACE_NAME_LABEL.to_string(), name.to_string());
    Cow::Owned(labels)
}

impl fmt::Display for ObjectMiss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectMiss::Absent => f.write_str("there is none"),
            ObjectMiss::Unmet(r) => write!(f, "{r} is not met"),
        }
    }
}

/// One line for `--explain`: `namespaceSelector does not select namespace "dev": env=prod is not met`.
impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::NamespaceSelector { namespace, unmet } => write!(
                f,
                "namespaceSelector does not select namespace {namespace:?}: {unmet} is not met"
            ),
            Mismatch::ObjectSelector { object, old_object } => write!(
                f,
                "objectSelector selects neither the object ({object}) nor the old object ({old_object})"
            ),
            Mismatch::Excluded { rule, resource } => {
                write!(f, "excludeResourceRules[{rule}] matches {resource}")
            }
            Mismatch::NoRule {
                misses,
                equivalents,
            } => {
                if misses.is_empty() {
                    return f.write_str("there are no rules");
                }
                f.write_str("no rule matches:")?;
                for (i, miss) in misses.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}rule {i} differs in {miss}")?;
                }
                if !equivalents.is_empty() {
                    f.write_str("; nor for the equivalent resources")?;
                    for (i, e) in equivalents.iter().enumerate() {
                        let sep = if i == 0 { " " } else { ", " };
                        write!(f, "{sep}{e}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// `matched by rule 0`, `matched by rule 1 through the equivalent <resource> (<kind>)`, `not matched: <why>`, `error: <what>`.
impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Matched(m) => {
                match m.rule {
                    Some(i) => write!(f, "matched by rule {i}")?,
                    None => f.write_str("matched (no rules to narrow it)")?,
                }
                if m.equivalent {
                    write!(f, " through the equivalent {} ({})", m.resource, m.kind)?;
                }
                Ok(())
            }
            Decision::NotMatched(why) => write!(f, "not matched: {why}"),
            Decision::Error(e) => write!(f, "error: {e}"),
        }
    }
}
