//! The `metav1.Status` an admission failure is answered with, and the apiserver's constructors
//! of the kinds admission produces: a policy's denial (forbidden wording, the decision's code),
//! a webhook's matchCondition error (403), a missing namespace (404), a dry run a webhook
//! cannot take (400) and an internal error (500).

use super::request::GroupVersionResource;
use serde_json::{json, Map, Value};

/// The Status a rejected request is answered with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub code: u16,
    pub reason: String,
    pub message: String,
    pub details: Option<Details>,
}

/// `details` of a Status: what it is about and why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Details {
    pub name: String,
    pub group: String,
    /// The resource (plural), as apimachinery's errors put it.
    pub kind: String,
    /// The causes' messages.
    pub causes: Vec<String>,
}

/// `<resource>[.<group>]`, as a GroupResource prints.
fn group_resource(resource: &GroupVersionResource) -> String {
    match resource.group.as_str() {
        "" => resource.resource.clone(),
        group => format!("{}.{group}", resource.resource),
    }
}

impl Status {
    /// A denial by ValidatingAdmissionPolicy (`admission.NewForbidden` with the decision's
    /// reason and code): `<resource>[.<group>] "<name>" is forbidden: <text>`, one cause.
    pub fn policy_denial(
        resource: &GroupVersionResource,
        name: &str,
        reason: &str,
        text: &str,
    ) -> Status {
        let code = match reason {
            "Forbidden" => 403,
            "Unauthorized" => 401,
            "RequestEntityTooLarge" => 413,
            _ => 422,
        };
        Status {
            code,
            reason: reason.to_string(),
            message: format!(
                "{} \"{name}\" is forbidden: {text}",
                group_resource(resource)
            ),
            details: Some(Details {
                name: name.to_string(),
                group: resource.group.clone(),
                kind: resource.resource.clone(),
                causes: vec![text.to_string()],
            }),
        }
    }

    /// What MutatingAdmissionPolicy answers when policies failed (`admission.NewForbidden`,
    /// then overwritten): the first error's text as the message, its reason (`Invalid`, or
    /// `Forbidden` for a configuration error), 403, and every error as a cause.
    pub fn mutation_denial(
        resource: &GroupVersionResource,
        name: &str,
        reason: &str,
        text: &str,
        causes: Vec<String>,
    ) -> Status {
        Status {
            code: 403,
            reason: reason.to_string(),
            message: text.to_string(),
            details: Some(Details {
                name: name.to_string(),
                group: resource.group.clone(),
                kind: resource.resource.clone(),
                causes,
            }),
        }
    }

    /// apimachinery's `NewServiceUnavailable`.
    pub fn service_unavailable(text: &str) -> Status {
        Status {
            code: 503,
            reason: "ServiceUnavailable".into(),
            message: text.to_string(),
            details: None,
        }
    }

    /// apimachinery's `NewForbidden`: 403 without causes; an empty name is left out of the
    /// message.
    pub fn forbidden(resource: &GroupVersionResource, name: &str, text: &str) -> Status {
        let message = match name {
            "" => format!("{} is forbidden: {text}", group_resource(resource)),
            _ => format!(
                "{} \"{name}\" is forbidden: {text}",
                group_resource(resource)
            ),
        };
        Status {
            code: 403,
            reason: "Forbidden".into(),
            message,
            details: Some(Details {
                name: name.to_string(),
                group: resource.group.clone(),
                kind: resource.resource.clone(),
                causes: Vec::new(),
            }),
        }
    }

    /// apimachinery's `NewNotFound` for a namespace.
    pub fn namespace_not_found(name: &str) -> Status {
        Status {
            code: 404,
            reason: "NotFound".into(),
            message: format!("namespaces \"{name}\" not found"),
            details: Some(Details {
                name: name.to_string(),
                kind: "namespaces".into(),
                ..Details::default()
            }),
        }
    }

    /// apimachinery's `NewBadRequest`.
    pub fn bad_request(text: &str) -> Status {
        Status {
            code: 400,
            reason: "BadRequest".into(),
            message: text.to_string(),
            details: None,
        }
    }

    /// apimachinery's `NewInternalError`.
    pub fn internal(text: &str) -> Status {
        Status {
            code: 500,
            reason: "InternalError".into(),
            message: format!("Internal error occurred: {text}"),
            details: Some(Details {
                causes: vec![text.to_string()],
                ..Details::default()
            }),
        }
    }

    /// As a `metav1.Status` object.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("kind".into(), json!("Status"));
        out.insert("apiVersion".into(), json!("v1"));
        out.insert("metadata".into(), json!({}));
        out.insert("status".into(), json!("Failure"));
        out.insert("message".into(), json!(self.message));
        out.insert("reason".into(), json!(self.reason));
        if let Some(d) = &self.details {
            let mut details = Map::new();
            if !d.name.is_empty() {
                details.insert("name".into(), json!(d.name));
            }
            if !d.group.is_empty() {
                details.insert("group".into(), json!(d.group));
            }
            if !d.kind.is_empty() {
                details.insert("kind".into(), json!(d.kind));
            }
            if !d.causes.is_empty() {
                let causes: Vec<Value> = d.causes.iter().map(|c| json!({"message": c})).collect();
                details.insert("causes".into(), Value::Array(causes));
            }
            out.insert("details".into(), Value::Object(details));
        }
        out.insert("code".into(), json!(self.code));
        Value::Object(out)
    }
}
