//! What a request to `kubeidl admit` is made of: an AdmissionReview's `request` as an apiserver
//! fills it in, or a manifest sent with an operation, a stored object, a subresource and a user.
//! The cluster (`cluster.rs`) turns it into the attributes policies see.

use kubeidl_admission::{GroupVersionKind, Operation, UserInfo};
use serde_json::Value;

/// A request before the cluster resolves its resource and namespace.
pub(super) struct Intent {
    pub(super) uid: String,
    pub(super) operation: Operation,
    pub(super) kind: GroupVersionKind,
    /// The resource an AdmissionReview names (group, version, resource): the one requested,
    /// whose kind differs from `kind` for a subresource (`deployments` for a `Scale`).
    pub(super) resource: Option<(String, String, String)>,
    /// `null` for DELETE.
    pub(super) object: Value,
    /// `null` for CREATE and CONNECT.
    pub(super) old_object: Value,
    pub(super) name: String,
    /// Empty: the object's namespace is resolved by the cluster.
    pub(super) namespace: String,
    pub(super) subresource: String,
    pub(super) user: UserInfo,
    pub(super) dry_run: bool,
    pub(super) options: Value,
}

/// How a manifest is sent.
pub(super) struct Sending {
    pub(super) operation: Operation,
    pub(super) subresource: String,
    pub(super) user: UserInfo,
    pub(super) dry_run: bool,
}

/// The request of an AdmissionReview document.
pub(super) fn review_intent(doc: &Value) -> Result<Intent, String> {
    let r = doc
        .get("request")
        .ok_or("an AdmissionReview without a request")?;
    Ok(Intent {
        uid: str_at(r, "/uid").to_string(),
        operation: operation(str_at(r, "/operation"))?,
        kind: GroupVersionKind::new(
            str_at(r, "/kind/group"),
            str_at(r, "/kind/version"),
            str_at(r, "/kind/kind"),
        ),
        resource: Some(str_at(r, "/resource/resource"))
            .filter(|name| !name.is_empty())
            .map(|name| {
                let (group, version) =
                    (str_at(r, "/resource/group"), str_at(r, "/resource/version"));
                (group.to_string(), version.to_string(), name.to_string())
            }),
        object: r.get("object").cloned().unwrap_or(Value::Null),
        old_object: r.get("oldObject").cloned().unwrap_or(Value::Null),
        name: str_at(r, "/name").to_string(),
        namespace: str_at(r, "/namespace").to_string(),
        subresource: str_at(r, "/subResource").to_string(),
        user: r.get("userInfo").map(user_info).unwrap_or_default(),
        dry_run: r.get("dryRun").and_then(Value::as_bool).unwrap_or(false),
        options: r.get("options").cloned().unwrap_or(Value::Null),
    })
}

/// The request sending a manifest: its kind, name and namespace are the manifest's; `stored`
/// is the object the cluster holds under that name, which an UPDATE needs (`no_stored` says
/// what is missing when it is not there) and a DELETE removes (the manifest itself without it).
pub(super) fn manifest_intent(
    manifest: &Value,
    stored: Option<Value>,
    sending: &Sending,
    no_stored: &str,
) -> Result<Intent, String> {
    let kind = gvk_of(str_at(manifest, "/apiVersion"), str_at(manifest, "/kind"));
    if kind.kind.is_empty() || kind.version.is_empty() {
        return Err("no apiVersion or kind".to_string());
    }
    let name = str_at(manifest, "/metadata/name").to_string();
    let (object, old_object) = match sending.operation {
        Operation::Create | Operation::Connect => (manifest.clone(), Value::Null),
        Operation::Update => (manifest.clone(), stored.ok_or(no_stored)?),
        Operation::Delete => (Value::Null, stored.unwrap_or_else(|| manifest.clone())),
    };
    Ok(Intent {
        uid: format!(
            "{}-{}",
            kind.kind.to_lowercase(),
            if name.is_empty() { "unnamed" } else { &name }
        ),
        operation: sending.operation,
        kind,
        resource: None,
        object,
        old_object,
        name,
        namespace: str_at(manifest, "/metadata/namespace").to_string(),
        subresource: sending.subresource.clone(),
        user: sending.user.clone(),
        dry_run: sending.dry_run,
        options: Value::Null,
    })
}

/// An AdmissionReview's `userInfo`: username, uid, groups and extra.
pub(super) fn user_info(v: &Value) -> UserInfo {
    let strings = |v: Option<&Value>| -> Vec<String> {
        v.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    };
    UserInfo {
        username: str_at(v, "/username").to_string(),
        uid: str_at(v, "/uid").to_string(),
        groups: strings(v.get("groups")),
        extra: v
            .get("extra")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, values)| (k.clone(), strings(Some(values))))
            .collect(),
    }
}

/// An operation as the API spells it.
pub(super) fn operation(text: &str) -> Result<Operation, String> {
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

/// The kind an object's `apiVersion` and `kind` name.
fn gvk_of(api_version: &str, kind: &str) -> GroupVersionKind {
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    GroupVersionKind::new(group, version, kind)
}

/// The string at a JSON pointer, or "".
pub(super) fn str_at<'v>(v: &'v Value, pointer: &str) -> &'v str {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
}
