//! The request the tests send most: a CREATE of the Deployment `web`, in a namespace whose
//! labels are its name label and those given.

use super::*;
use serde_json::Value;

/// A CREATE of `object` (the Deployment `web`) in `namespace`, whose labels are
/// `kubernetes.io/metadata.name` and `labels`.
pub(crate) fn create_deployment(
    object: Value,
    namespace: &str,
    labels: &[(&str, &str)],
) -> Attributes {
    let mut namespace_labels: Labels = labels
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    namespace_labels.insert(NAMESPACE_NAME_LABEL.to_string(), namespace.to_string());
    Attributes {
        request: Request {
            operation: Operation::Create,
            resource: GroupVersionResource::new("apps", "v1", "deployments"),
            subresource: String::new(),
            kind: GroupVersionKind::new("apps", "v1", "Deployment"),
            name: "web".into(),
            namespace: namespace.into(),
            namespaced: true,
            object_labels: labels_of(&object).expect("labels"),
            old_object_labels: None,
            namespace_labels: Some(namespace_labels),
        },
        object,
        old_object: Value::Null,
        user: UserInfo::default(),
        dry_run: false,
        options: Value::Null,
    }
}
