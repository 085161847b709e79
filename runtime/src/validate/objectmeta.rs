//! The metadata checks of resources, with apimachinery's messages: the root's metadata (as the
//! custom resource strategy calls `ValidateObjectMetaAccessor`: name or generateName, DNS-1123
//! subdomain names, label keys and values, annotation keys and their total size) and embedded
//! resources (`x-kubernetes-embedded-resource`: apiVersion and kind present and well formed, and
//! metadata checked with path-segment names).

use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// The largest total size of a resource's annotations.
pub const TOTAL_ANNOTATION_SIZE_LIMIT: i64 = 256 * 1024;

/// How a resource's `metadata.name` (and `generateName`, as a prefix) is checked: the `nameFn`
/// the kind's validation passes to apimachinery's `ValidateObjectMeta`. Which kind has which is
/// [`crate::kube::name_rule`]'s table; custom resources have DNS-1123 subdomains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NameRule {
    /// `NameIsDNSSubdomain`: a lowercase RFC 1123 subdomain of at most 253 characters.
    #[default]
    Dns1123Subdomain,
    /// `validate.LongName` through `ValidateObjectMetaWithOpts`: a subdomain whose length limit
    /// counts bytes; generateName is not checked (only the name generated from it).
    LongName,
    /// `NameIsDNSLabel`: a lowercase RFC 1123 label of at most 63 characters.
    Dns1123Label,
    /// `NameIsDNS1035Label`: an RFC 1035 label (starting with a letter), at most 63 characters.
    Dns1035Label,
    /// `path.ValidatePathSegmentName`: anything usable as a URL path segment (not `.` or `..`,
    /// no `/` or `%`); also the check every kind gets in the generic create path.
    PathSegment,
}

impl NameRule {
    fn messages(self, name: &str, prefix: bool) -> Vec<String> {
        // A generateName prefix is checked with a trailing dash masked (`maskTrailingDash`).
        let dns = |check: fn(&[u8]) -> Vec<String>| match prefix {
            true => check(&formats::mask_trailing_dash(name.as_bytes())),
            false => check(name.as_bytes()),
        };
        match self {
            NameRule::Dns1123Subdomain => dns(formats::is_dns1123_subdomain),
            NameRule::LongName if prefix => Vec::new(),
            NameRule::LongName => formats::content_is_dns1123_subdomain(name.as_bytes()),
            NameRule::Dns1123Label => dns(formats::is_dns1123_label),
            NameRule::Dns1035Label => dns(formats::is_dns1035_label),
            NameRule::PathSegment => path_segment_messages(name, prefix),
        }
    }
}

/// Whose metadata is checked.
#[derive(Clone, Copy)]
enum Holder {
    /// The object of a request: a name or generateName is required.
    Root,
    /// An embedded resource: the apiserver gives it a placeholder name, so it may have none.
    Embedded,
}

/// Checks the root object's metadata (`None` when it has none), its name by `rule`.
pub(crate) fn check(meta: Option<&Value>, rule: NameRule, errors: &mut Vec<FieldError>) {
    check_meta(
        meta.unwrap_or(&Value::Null),
        &|| FieldPath::root().child("metadata"),
        rule,
        Holder::Root,
        errors,
    );
}

/// The fields of a metadata object these checks read, found in one pass over it.
#[derive(Default)]
struct MetaFields<'m> {
    name: &'m str,
    generate_name: &'m str,
    namespace: &'m str,
    labels: Option<&'m serde_json::Map<String, Value>>,
    annotations: Option<&'m serde_json::Map<String, Value>>,
}

impl<'m> MetaFields<'m> {
    fn of(meta: &'m Value) -> MetaFields<'m> {
        let mut fields = MetaFields::default();
        let Value::Object(map) = meta else {
            return fields;
        };
        for (key, value) in map {
            let text = || value.as_str().unwrap_or("");
            match key.as_str() {
                "name" => fields.name = text(),
                "generateName" => fields.generate_name = text(),
                "namespace" => fields.namespace = text(),
                "labels" => fields.labels = value.as_object(),
                "annotations" => fields.annotations = value.as_object(),
                _ => {}
            }
        }
        fields
    }
}

/// `meta_path` builds the metadata's path, only when there is an error to report.
fn check_meta(
    meta: &Value,
    meta_path: &dyn Fn() -> FieldPath,
    rule: NameRule,
    holder: Holder,
    errors: &mut Vec<FieldError>,
) {
    let fields = MetaFields::of(meta);
    let invalid = |field: &str, value: &str, msg: String| {
        FieldError::invalid(meta_path().child(field), BadValue::string(value), msg)
    };
    let generate_name = fields.generate_name;
    if !generate_name.is_empty() {
        for msg in rule.messages(generate_name, true) {
            errors.push(invalid("generateName", generate_name, msg));
        }
    }
    let name = fields.name;
    if name.is_empty() {
        // The apiserver generates a name from generateName before validating, and gives
        // embedded resources a placeholder name; a top-level resource without either fails.
        if generate_name.is_empty() && matches!(holder, Holder::Root) {
            errors.push(FieldError::required(
                meta_path().child("name"),
                "name or generateName is required",
            ));
        }
    } else {
        for msg in rule.messages(name, false) {
            errors.push(invalid("name", name, msg));
        }
    }
    let namespace = fields.namespace;
    if !namespace.is_empty() {
        for msg in formats::is_dns1123_label(namespace.as_bytes()) {
            errors.push(invalid("namespace", namespace, msg));
        }
    }
    if let Some(labels) = fields.labels {
        label_errors(labels, &meta_path().child("labels"), errors);
    }
    if let Some(annotations) = fields.annotations {
        annotation_key_errors(annotations, &meta_path().child("annotations"), errors);
        let total: i64 = annotations
            .iter()
            .map(|(key, value)| key.len() as i64 + value.as_str().map_or(0, str::len) as i64)
            .sum();
        if total > TOTAL_ANNOTATION_SIZE_LIMIT {
            errors.push(FieldError::too_long(
                meta_path().child("annotations"),
                TOTAL_ANNOTATION_SIZE_LIMIT,
            ));
        }
    }
}

/// `ValidateLabels`: each key's and each value's messages, at the map's path (not the key's),
/// keys in order.
pub(crate) fn label_errors(
    labels: &serde_json::Map<String, Value>,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    for (key, value) in labels {
        for msg in formats::is_label_key(key.as_bytes()) {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::string(key.as_str()),
                msg,
            ));
        }
        let v = value.as_str().unwrap_or("");
        for msg in formats::is_label_value(v.as_bytes()) {
            errors.push(FieldError::invalid(path.clone(), BadValue::string(v), msg));
        }
    }
}

/// `ValidateAnnotations`' key rule: each key's messages, checked lower-cased, at the map's path.
pub(crate) fn annotation_key_errors(
    annotations: &serde_json::Map<String, Value>,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    for key in annotations.keys() {
        for msg in formats::is_label_key(key.to_lowercase().as_bytes()) {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::string(key.as_str()),
                msg,
            ));
        }
    }
}

/// `path.ValidatePathSegmentName` (`IsValidPathSegmentPrefix` for a prefix, which may be `.`
/// or `..`): each message that applies.
pub(crate) fn path_segment_messages(name: &str, prefix: bool) -> Vec<String> {
    if !prefix {
        if let Some(bad) = [".", ".."].into_iter().find(|b| *b == name) {
            return vec![format!("may not be '{bad}'")];
        }
    }
    ["/", "%"]
        .into_iter()
        .filter(|c| name.contains(c))
        .map(|c| format!("may not contain '{c}'"))
        .collect()
}

/// Checks an embedded resource (`x-kubernetes-embedded-resource`) below the root.
pub(crate) fn check_resource(
    map: &serde_json::Map<String, Value>,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    for field in ["apiVersion", "kind"] {
        if !map.contains_key(field) {
            errors.push(FieldError::required(path.child(field), ""));
        }
    }
    // A group version has at most one `/` (`ParseGroupVersion`).
    if let Some(gv) = non_empty_string(map, "apiVersion", path, errors) {
        if gv != "/" && gv.matches('/').count() > 1 {
            errors.push(FieldError::invalid(
                path.child("apiVersion"),
                BadValue::string(gv),
                format!("unexpected GroupVersion string: {gv}"),
            ));
        }
    }
    if let Some(kind) = non_empty_string(map, "kind", path, errors) {
        let msgs = formats::is_dns1035_label(kind.to_lowercase().as_bytes());
        if !msgs.is_empty() {
            errors.push(FieldError::invalid(
                path.child("kind"),
                BadValue::string(kind),
                format!(
                    "may have mixed case, but should otherwise match: {}",
                    msgs.join(",")
                ),
            ));
        }
    }
    if let Some(meta @ Value::Object(_)) = map.get("metadata") {
        check_meta(
            meta,
            &|| path.child("metadata"),
            NameRule::PathSegment,
            Holder::Embedded,
            errors,
        );
    }
}

/// The value of `field` when it is a non-empty string; otherwise the error for what it is instead
/// (absent fields are reported by the caller).
fn non_empty_string<'m>(
    map: &'m serde_json::Map<String, Value>,
    field: &str,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) -> Option<&'m str> {
    let v = map.get(field)?;
    let (value, detail) = match v.as_str() {
        Some("") => (BadValue::String("".into()), "must not be empty"),
        Some(s) => return Some(s),
        None => (BadValue::of_json(v), "must be a string"),
    };
    errors.push(FieldError::invalid(path.child(field), value, detail));
    None
}
