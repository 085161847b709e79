//! The attributes of an admission request that matching reads: the operation, the resource and
//! kind addressed, the object's name and namespace, and the labels the selectors look at (of the
//! new object, the old object and the namespace). Also the apiserver's convention for the
//! namespace of requests on Namespace objects themselves.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// Labels of an object: key to value.
pub type Labels = BTreeMap<String, String>;

/// The label every Namespace carries, set to the namespace's name by the API's defaulting.
pub const NAMESPACE_NAME_LABEL: &str = "kubernetes.io/metadata.name";

/// What a request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    Create,
    Update,
    Delete,
    Connect,
}

impl Operation {
    /// The name rules use: `CREATE`.
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "CREATE",
            Operation::Update => "UPDATE",
            Operation::Delete => "DELETE",
            Operation::Connect => "CONNECT",
        }
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A resource at one version: `apps/v1 deployments`; the core group is `""`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupVersionResource {
    pub group: String,
    pub version: String,
    /// The plural name in URLs.
    pub resource: String,
}

impl GroupVersionResource {
    pub fn new(group: &str, version: &str, resource: &str) -> GroupVersionResource {
        GroupVersionResource {
            group: group.to_string(),
            version: version.to_string(),
            resource: resource.to_string(),
        }
    }

    /// Whether this is the core `v1 namespaces` resource, which the rule scopes treat as
    /// cluster-scoped whatever namespace the request names.
    pub fn is_core_namespaces(&self) -> bool {
        self.group.is_empty() && self.version == "v1" && self.resource == "namespaces"
    }
}

/// As the apiserver prints one: `apps/v1, Resource=deployments`, `/v1, Resource=pods`.
impl fmt::Display for GroupVersionResource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}, Resource={}",
            self.group, self.version, self.resource
        )
    }
}

/// A kind at one version: `apps/v1 Deployment`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupVersionKind {
    pub group: String,
    pub version: String,
    pub kind: String,
}

impl GroupVersionKind {
    pub fn new(group: &str, version: &str, kind: &str) -> GroupVersionKind {
        GroupVersionKind {
            group: group.to_string(),
            version: version.to_string(),
            kind: kind.to_string(),
        }
    }
}

/// As the apiserver prints one: `apps/v1, Kind=Deployment`, `/v1, Kind=Pod`.
impl fmt::Display for GroupVersionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}, Kind={}", self.group, self.version, self.kind)
    }
}

/// What matching knows of a request.
///
/// Labels are those of objects as the apiserver holds them, after defaulting; the one label the
/// API defaults on Namespaces, [`NAMESPACE_NAME_LABEL`], is added by the matcher where the
/// apiserver would have it. What the apiserver never has is not consulted: the new object of a
/// DELETE, and the old object of a CREATE or CONNECT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub operation: Operation,
    /// The resource addressed (for a subresource, its parent: `apps/v1 deployments`).
    pub resource: GroupVersionResource,
    /// `""`, or `status`, `scale`, `exec`...
    pub subresource: String,
    /// The kind the request carries (`autoscaling/v1 Scale` for `deployments/scale`).
    pub kind: GroupVersionKind,
    /// The object's name; empty for a CREATE that leaves naming to `generateName`.
    pub name: String,
    /// The object's namespace. Only read for namespaced resources: see
    /// [`Request::admission_namespace`].
    pub namespace: String,
    /// Whether the resource is namespaced (from discovery: `kube::Resource::namespaced`).
    pub namespaced: bool,
    /// Labels of the new object; `None` when there is none (DELETE) or it has no object metadata
    /// (the options kinds of CONNECT, such as `PodExecOptions`).
    pub object_labels: Option<Labels>,
    /// Labels of the stored object an UPDATE or DELETE acts on.
    pub old_object_labels: Option<Labels>,
    /// Labels of the stored Namespace named by [`Request::admission_namespace`]; `None` when it
    /// does not exist. Not read for cluster-scoped resources, nor for a CREATE or UPDATE of a
    /// Namespace, whose new object's labels stand in.
    pub namespace_labels: Option<Labels>,
}

impl Request {
    /// The namespace the apiserver's admission attributes carry, which is what selectors and
    /// rule scopes test: for a namespaced resource the object's namespace; for a Namespace
    /// object (`namespaces` and its subresources) its own name, except on CREATE where it is
    /// empty; for other cluster-scoped resources empty. The apiserver takes it from the URL
    /// (`/api/v1/namespaces/{name}`), which is why a Namespace request names itself.
    pub fn admission_namespace(&self) -> &str {
        if self.namespaced {
            &self.namespace
        } else if self.resource.resource == "namespaces"
            && !(self.operation == Operation::Create && self.subresource.is_empty())
        {
            &self.name
        } else {
            ""
        }
    }

    /// The new object's labels, if the apiserver has a new object for this operation.
    pub(crate) fn new_labels(&self) -> Option<&Labels> {
        match self.operation {
            Operation::Delete => None,
            _ => self.object_labels.as_ref(),
        }
    }

    /// The old object's labels, if the apiserver has an old object for this operation.
    pub(crate) fn old_labels(&self) -> Option<&Labels> {
        match self.operation {
            Operation::Create | Operation::Connect => None,
            _ => self.old_object_labels.as_ref(),
        }
    }
}

/// The labels of an object given as JSON (`metadata.labels`): `None` for `null`, which is how a
/// missing object arrives; an empty set for an object without labels. Label values that are not
/// strings make it an error naming the field.
pub fn labels_of(object: &Value) -> Result<Option<Labels>, kubeidl::errors::FieldError> {
    use crate::fields::expected;
    use kubeidl::errors::FieldPath;
    let root = FieldPath::root();
    let members = match object {
        Value::Null => return Ok(None),
        Value::Object(m) => m,
        other => return Err(expected(other, &root, "an object")),
    };
    let meta_path = root.child("metadata");
    let labels = match members.get("metadata") {
        None | Some(Value::Null) => return Ok(Some(Labels::new())),
        Some(Value::Object(meta)) => meta.get("labels"),
        Some(other) => return Err(expected(other, &meta_path, "an object")),
    };
    let labels_path = meta_path.child("labels");
    let entries = match labels {
        None | Some(Value::Null) => return Ok(Some(Labels::new())),
        Some(Value::Object(entries)) => entries,
        Some(other) => return Err(expected(other, &labels_path, "a map of strings")),
    };
    entries
        .iter()
        .map(|(k, v)| match v.as_str() {
            Some(s) => Ok((k.clone(), s.to_string())),
            None => Err(expected(v, &labels_path.key(k), "a string")),
        })
        .collect::<Result<Labels, _>>()
        .map(Some)
}
