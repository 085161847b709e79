//! The other kinds people write beside workloads: PersistentVolumeClaims (core validation),
//! PodDisruptionBudgets (policy), HorizontalPodAutoscalers (autoscaling), RBAC roles and
//! bindings (rbac), PriorityClasses (scheduling), StorageClasses (storage) and Namespaces. Not
//! covered: an HPA's tolerance and container resource names, PVC data sources, StorageClass
//! allowed topologies.

use super::resources;
use super::values;
use super::{int_at, items, present, spec, spec_path, str_at};
use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// `ValidatePersistentVolumeClaimSpec` on a create.
pub(super) fn persistent_volume_claim(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    let modes = items(spec, "accessModes");
    if modes.is_empty() {
        errors.push(FieldError::required(
            path.child("accessModes"),
            "at least 1 access mode is required",
        ));
    }
    if modes.len() > 1 && modes.iter().any(|m| m.as_str() == Some("ReadWriteOncePod")) {
        errors.push(FieldError::forbidden(
            path.child("accessModes"),
            "may not use ReadWriteOncePod with other access modes",
        ));
    }
    if let Some(selector) = present(spec, "selector") {
        super::selector::validate(selector, &path.child("selector"), &mut errors);
    }
    // The apiserver names the storage request `spec.resources[storage]`.
    let at = path.child("resources").key("storage");
    match spec
        .pointer("/resources/requests/storage")
        .filter(|v| !v.is_null())
    {
        None => errors.push(FieldError::required(at, "")),
        Some(value) => {
            if let Some(q) = resources::parse(value, &at, &mut errors) {
                if q.sign() <= 0 {
                    errors.push(FieldError::invalid(
                        at,
                        BadValue::string(q.to_string()),
                        "must be greater than zero",
                    ));
                }
            }
        }
    }
    let class = str_at(spec, "storageClassName");
    values::each_if_set(
        formats::is_dns1123_subdomain,
        class,
        &path.child("storageClassName"),
        &mut errors,
    );
    errors
}

/// `ValidatePodDisruptionBudgetSpec`: one of minAvailable and maxUnavailable, each a count or
/// a percent up to 100%, and the selector's rules.
pub(super) fn pod_disruption_budget(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    let min = present(spec, "minAvailable");
    let max = present(spec, "maxUnavailable");
    if min.is_some() && max.is_some() {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::Json(spec.clone()),
            "minAvailable and maxUnavailable cannot be both set",
        ));
    }
    for (field, value) in [("minAvailable", min), ("maxUnavailable", max)] {
        if let Some(value) = value {
            values::int_or_percent(value, &path.child(field), &mut errors);
            values::not_over_100_percent(value, &path.child(field), &mut errors);
        }
    }
    if let Some(selector) = present(spec, "selector") {
        super::selector::validate(selector, &path.child("selector"), &mut errors);
    }
    errors
}

/// `ValidateHorizontalPodAutoscalerSpec`'s replica bounds and target reference.
pub(super) fn horizontal_pod_autoscaler(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    // autoscaling defaults minReplicas to 1; 0 needs the HPAScaleToZero alpha gate.
    let min = int_at(spec, "minReplicas");
    if let Some(m) = min.filter(|m| *m < 1) {
        errors.push(FieldError::invalid(
            path.child("minReplicas"),
            BadValue::Int(m),
            "must be greater than or equal to 1",
        ));
    }
    let max = int_at(spec, "maxReplicas").unwrap_or(0);
    if max < 1 {
        errors.push(FieldError::invalid(
            path.child("maxReplicas"),
            BadValue::Int(max),
            "must be greater than 0",
        ));
    }
    if min.is_some_and(|m| max < m) {
        errors.push(FieldError::invalid(
            path.child("maxReplicas"),
            BadValue::Int(max),
            "must be greater than or equal to `minReplicas`",
        ));
    }
    let target = present(spec, "scaleTargetRef").unwrap_or(&Value::Null);
    let at = path.child("scaleTargetRef");
    for field in ["kind", "name"] {
        let value = str_at(target, field);
        values::required_path_segment(value, at.child(field), "", &mut errors);
    }
    hpa_metrics(spec, min, &path.child("metrics"), &mut errors);
    if let Some(behavior) = present(spec, "behavior") {
        let at = path.child("behavior");
        for rules in ["scaleUp", "scaleDown"] {
            if let Some(r) = present(behavior, rules) {
                hpa_scaling_rules(r, &at.child(rules), &mut errors);
            }
        }
    }
    errors
}

/// The metric source types, sorted as `validMetricSourceTypesList` lists them.
const METRIC_SOURCE_TYPES: [&str; 5] = [
    "ContainerResource",
    "External",
    "Object",
    "Pods",
    "Resource",
];

/// `validateMetrics`: each `validateMetricSpec`, and scaling to zero needs an Object or External
/// metric. (autoscaling/v2 defaults absent metrics to a CPU one; autoscaling/v1 has none.)
fn hpa_metrics(spec: &Value, min: Option<i64>, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let metrics = items(spec, "metrics");
    for (i, metric) in metrics.iter().enumerate() {
        hpa_metric(metric, &path.index(i), errors);
    }
    let scales_on = |t: &str| metrics.iter().any(|m| str_at(m, "type") == t);
    if min == Some(0) && !scales_on("Object") && !scales_on("External") {
        errors.push(FieldError::forbidden(
            path.clone(),
            "must specify at least one Object or External metric to support scaling to zero replicas",
        ));
    }
}

/// `validateMetricSpec`: a known type, its source given, no other source; the first source
/// given (in Go's order) is validated.
fn hpa_metric(metric: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let kind = str_at(metric, "type");
    if kind.is_empty() {
        errors.push(FieldError::required(
            path.child("type"),
            "must specify a metric source type",
        ));
    }
    if !METRIC_SOURCE_TYPES.contains(&kind) {
        // Reported twice by Go (before and in its switch); the aggregate message shows it once.
        errors.push(FieldError::not_supported(
            path.child("type"),
            BadValue::string(kind),
            &METRIC_SOURCE_TYPES.map(String::from),
        ));
    }
    let sources = [
        "object",
        "external",
        "pods",
        "resource",
        "containerResource",
    ];
    let given: Vec<&str> = sources
        .into_iter()
        .filter(|s| present(metric, s).is_some())
        .collect();
    if let Some(first) = given.first() {
        let at = path.child(first);
        let source = &metric[*first];
        match *first {
            "object" => {
                // ValidateCrossVersionObjectReference on the described object.
                let described = present(source, "describedObject").unwrap_or(&Value::Null);
                for field in ["kind", "name"] {
                    let value = str_at(described, field);
                    let p = at.child("describedObject").child(field);
                    values::required_path_segment(value, p, "", errors);
                }
                let target = metric_target(source, &at, errors);
                if !target.has_value && !target.has_average_value {
                    errors.push(FieldError::required(
                        at.child("target").child("averageValue"),
                        "must set either a target value or averageValue",
                    ));
                }
            }
            "external" => {
                let target = metric_target(source, &at, errors);
                if !target.has_value && !target.has_average_value {
                    errors.push(FieldError::required(
                        at.child("target").child("averageValue"),
                        "must set either a target value for metric or a per-pod target",
                    ));
                }
                if target.has_value && target.has_average_value {
                    errors.push(FieldError::forbidden(
                        at.child("target").child("value"),
                        "may not set both a target value for metric and a per-pod target",
                    ));
                }
            }
            "pods" => {
                let target = metric_target(source, &at, errors);
                if !target.has_average_value {
                    errors.push(FieldError::required(
                        at.child("target").child("averageValue"),
                        "must specify a positive target averageValue",
                    ));
                }
            }
            _ => {
                // Resource and ContainerResource: a resource name, a container for the latter.
                if str_at(source, "name").is_empty() {
                    errors.push(FieldError::required(
                        at.child("name"),
                        "must specify a resource name",
                    ));
                }
                if *first == "containerResource" {
                    let container = str_at(source, "container");
                    if container.is_empty() {
                        errors.push(FieldError::required(
                            at.child("container"),
                            "must specify a container",
                        ));
                    } else {
                        values::each(
                            formats::is_dns1123_label,
                            container,
                            &at.child("container"),
                            errors,
                        );
                    }
                }
                let target = metric_target_only(source, &at, errors);
                if !target.has_average_utilization && !target.has_average_value {
                    errors.push(FieldError::required(
                        at.child("target").child("averageUtilization"),
                        "must set either a target raw value or a target utilization",
                    ));
                }
                if target.has_average_utilization && target.has_average_value {
                    errors.push(FieldError::forbidden(
                        at.child("target").child("averageValue"),
                        "may not set both a target raw value and a target utilization",
                    ));
                }
            }
        }
    }
    let expected = match kind {
        "Object" => "object",
        "Pods" => "pods",
        "Resource" => "resource",
        "ContainerResource" => "containerResource",
        "External" => "external",
        _ => "",
    };
    if !expected.is_empty() && !given.contains(&expected) {
        errors.push(FieldError::required(
            path.child(expected),
            "must populate information for the given metric source",
        ));
    }
    if given.len() != 1 {
        // Go ranges over a set here; the names are taken sorted.
        let mut others: Vec<&str> = given.into_iter().filter(|s| *s != expected).collect();
        others.sort_unstable();
        for other in others {
            errors.push(FieldError::forbidden(
                path.child(other),
                "must populate the given metric source only",
            ));
        }
    }
}

/// Which values a metric target sets.
struct TargetSet {
    has_value: bool,
    has_average_value: bool,
    has_average_utilization: bool,
}

/// An Object, External or Pods source: `validateMetricIdentifier` on its metric, then its target.
fn metric_target(source: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) -> TargetSet {
    let metric = present(source, "metric").unwrap_or(&Value::Null);
    let name = str_at(metric, "name");
    let name_path = at.child("metric").child("name");
    if name.is_empty() {
        errors.push(FieldError::required(
            name_path,
            "must specify a metric name",
        ));
    } else {
        for msg in crate::validate::objectmeta::path_segment_messages(name, false) {
            errors.push(FieldError::invalid(
                name_path.clone(),
                BadValue::string(name),
                msg,
            ));
        }
    }
    metric_target_only(source, at, errors)
}

/// `validateMetricTarget` on `source.target`.
fn metric_target_only(source: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) -> TargetSet {
    let target = present(source, "target").unwrap_or(&Value::Null);
    let path = at.child("target");
    let kind = str_at(target, "type");
    if kind.is_empty() {
        errors.push(FieldError::required(
            path.child("type"),
            "must specify a metric target type",
        ));
    }
    if !["Utilization", "Value", "AverageValue"].contains(&kind) {
        errors.push(FieldError::invalid(
            path.child("type"),
            BadValue::string(kind),
            "must be either Utilization, Value, or AverageValue",
        ));
    }
    for field in ["value", "averageValue"] {
        if let Some(v) = present(target, field) {
            let at = path.child(field);
            if let Some(q) = resources::parse(v, &at, errors) {
                if q.sign() <= 0 {
                    errors.push(FieldError::invalid(
                        at,
                        BadValue::string(q.to_string()),
                        "must be positive",
                    ));
                }
            }
        }
    }
    if let Some(u) = int_at(target, "averageUtilization").filter(|u| *u < 1) {
        errors.push(FieldError::invalid(
            path.child("averageUtilization"),
            BadValue::Int(u),
            "must be greater than 0",
        ));
    }
    TargetSet {
        has_value: present(target, "value").is_some(),
        has_average_value: present(target, "averageValue").is_some(),
        has_average_utilization: present(target, "averageUtilization").is_some(),
    }
}

/// `validateScalingRules`. autoscaling/v2 defaulting fills absent (or null) policies, window and
/// select policy; an empty list stays empty.
fn hpa_scaling_rules(rules: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(window) = int_at(rules, "stabilizationWindowSeconds") {
        let at = path.child("stabilizationWindowSeconds");
        if window < 0 {
            errors.push(FieldError::invalid(
                at,
                BadValue::Int(window),
                "must be greater than or equal to zero",
            ));
        } else if window > 3600 {
            errors.push(FieldError::invalid(
                at,
                BadValue::Int(window),
                "must be less than or equal to 3600",
            ));
        }
    }
    if let Some(select) = present(rules, "selectPolicy").and_then(Value::as_str) {
        if !["Disabled", "Max", "Min"].contains(&select) {
            errors.push(FieldError::not_supported(
                path.child("selectPolicy"),
                BadValue::string(select),
                &["Disabled", "Max", "Min"].map(String::from),
            ));
        }
    }
    let policies_path = path.child("policies");
    if present(rules, "policies").is_some_and(|p| p.as_array().is_some_and(Vec::is_empty)) {
        errors.push(FieldError::required(
            policies_path.clone(),
            "must specify at least one Policy",
        ));
    }
    for (i, policy) in items(rules, "policies").iter().enumerate() {
        let at = policies_path.index(i);
        let kind = str_at(policy, "type");
        if kind != "Pods" && kind != "Percent" {
            errors.push(FieldError::not_supported(
                at.child("type"),
                BadValue::string(kind),
                &["Percent", "Pods"].map(String::from),
            ));
        }
        // An absent value or period decodes as 0.
        let value = int_at(policy, "value").unwrap_or(0);
        if value <= 0 {
            errors.push(FieldError::invalid(
                at.child("value"),
                BadValue::Int(value),
                "must be greater than zero",
            ));
        }
        let period = int_at(policy, "periodSeconds").unwrap_or(0);
        if period <= 0 {
            errors.push(FieldError::invalid(
                at.child("periodSeconds"),
                BadValue::Int(period),
                "must be greater than zero",
            ));
        }
        if period > 1800 {
            errors.push(FieldError::invalid(
                at.child("periodSeconds"),
                BadValue::Int(period),
                "must be less than or equal to 1800",
            ));
        }
    }
}

/// `ValidateRole`: its rules, which may not name URLs.
pub(super) fn role(object: &Value) -> Vec<FieldError> {
    policy_rules(object, true)
}

/// `ValidateClusterRole`: its rules and its aggregation rule's selectors.
pub(super) fn cluster_role(object: &Value) -> Vec<FieldError> {
    let mut errors = policy_rules(object, false);
    if let Some(aggregation) = present(object, "aggregationRule") {
        let at = FieldPath::root()
            .child("aggregationRule")
            .child("clusterRoleSelectors");
        let selectors = items(aggregation, "clusterRoleSelectors");
        if selectors.is_empty() {
            errors.push(FieldError::required(
                at.clone(),
                "at least one clusterRoleSelector required if aggregationRule is non-nil",
            ));
        }
        for (i, selector) in selectors.iter().enumerate() {
            super::selector::validate(selector, &at.index(i), &mut errors);
        }
    }
    errors
}

/// `ValidatePolicyRule` for each rule.
fn policy_rules(object: &Value, namespaced: bool) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (i, rule) in items(object, "rules").iter().enumerate() {
        let at = FieldPath::root().child("rules").index(i);
        if items(rule, "verbs").is_empty() {
            errors.push(FieldError::required(
                at.child("verbs"),
                "verbs must contain at least one value",
            ));
        }
        let urls = items(rule, "nonResourceURLs");
        if !urls.is_empty() {
            let value = || BadValue::Json(Value::Array(urls.to_vec()));
            if namespaced {
                errors.push(FieldError::invalid(
                    at.child("nonResourceURLs"),
                    value(),
                    "namespaced rules cannot apply to non-resource URLs",
                ));
            }
            if ["apiGroups", "resources", "resourceNames"]
                .iter()
                .any(|f| !items(rule, f).is_empty())
            {
                errors.push(FieldError::invalid(
                    at.child("nonResourceURLs"),
                    value(),
                    "rules cannot apply to both regular resources and non-resource URLs",
                ));
            }
            continue;
        }
        if items(rule, "apiGroups").is_empty() {
            errors.push(FieldError::required(
                at.child("apiGroups"),
                "resource rules must supply at least one api group",
            ));
        }
        if items(rule, "resources").is_empty() {
            errors.push(FieldError::required(
                at.child("resources"),
                "resource rules must supply at least one resource",
            ));
        }
    }
    errors
}

const RBAC_GROUP: &str = "rbac.authorization.k8s.io";

/// `ValidateRoleBinding`.
pub(super) fn role_binding(object: &Value) -> Vec<FieldError> {
    binding(object, &["Role", "ClusterRole"], true)
}

/// `ValidateClusterRoleBinding`.
pub(super) fn cluster_role_binding(object: &Value) -> Vec<FieldError> {
    binding(object, &["ClusterRole"], false)
}

/// A binding's role reference (its API group defaulted by rbac/v1) and subjects.
fn binding(object: &Value, kinds: &[&str], namespaced: bool) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let role = present(object, "roleRef").unwrap_or(&Value::Null);
    let at = FieldPath::root().child("roleRef");
    let group = str_at(role, "apiGroup");
    if !group.is_empty() && group != RBAC_GROUP {
        errors.push(FieldError::not_supported(
            at.child("apiGroup"),
            BadValue::string(group),
            &[RBAC_GROUP.to_string()],
        ));
    }
    let kind = str_at(role, "kind");
    if !kinds.contains(&kind) {
        let supported: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
        errors.push(FieldError::not_supported(
            at.child("kind"),
            BadValue::string(kind),
            &supported,
        ));
    }
    let name = str_at(role, "name");
    values::required_path_segment(name, at.child("name"), "", &mut errors);
    for (i, subject) in items(object, "subjects").iter().enumerate() {
        subject_errors(
            subject,
            namespaced,
            &FieldPath::root().child("subjects").index(i),
            &mut errors,
        );
    }
    errors
}

/// `ValidateRoleBindingSubject` (rbac/v1 defaults a User's or Group's API group).
fn subject_errors(subject: &Value, namespaced: bool, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let name = str_at(subject, "name");
    if name.is_empty() {
        errors.push(FieldError::required(at.child("name"), ""));
    }
    let group = str_at(subject, "apiGroup");
    match str_at(subject, "kind") {
        "ServiceAccount" => {
            if !name.is_empty() {
                values::each(
                    formats::is_dns1123_subdomain,
                    name,
                    &at.child("name"),
                    errors,
                );
            }
            if !group.is_empty() {
                errors.push(FieldError::not_supported(
                    at.child("apiGroup"),
                    BadValue::string(group),
                    &[String::new()],
                ));
            }
            if !namespaced && str_at(subject, "namespace").is_empty() {
                errors.push(FieldError::required(at.child("namespace"), ""));
            }
        }
        "User" | "Group" if !group.is_empty() && group != RBAC_GROUP => {
            errors.push(FieldError::not_supported(
                at.child("apiGroup"),
                BadValue::string(group),
                &[RBAC_GROUP.to_string()],
            ))
        }
        "User" | "Group" => {}
        other => {
            let supported = ["ServiceAccount", "User", "Group"].map(String::from);
            errors.push(FieldError::not_supported(
                at.child("kind"),
                BadValue::string(other),
                &supported,
            ));
        }
    }
}

/// `ValidateNamespace`: each finalizer a qualified name, standard or domain-qualified.
pub(super) fn namespace(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let at = spec_path().child("finalizers");
    for finalizer in items(spec(object), "finalizers") {
        let f = finalizer.as_str().unwrap_or("");
        values::each(formats::is_label_key, f, &at, &mut errors);
        if !f.contains('/') && !["kubernetes", "orphan", "foregroundDeletion"].contains(&f) {
            errors.push(FieldError::invalid(
                at.clone(),
                BadValue::string(f),
                "name is neither a standard finalizer name nor is it fully qualified",
            ));
        }
    }
    errors
}

/// The priority classes the apiserver creates, with their values (`SystemPriorityClasses`).
const SYSTEM_PRIORITY_CLASSES: &[(&str, i64)] = &[
    ("system-node-critical", 2_000_001_000),
    ("system-cluster-critical", 2_000_000_000),
];

/// The highest priority a class outside the system's may have (`HighestUserDefinablePriority`).
const HIGHEST_USER_PRIORITY: i64 = 1_000_000_000;

/// `ValidatePriorityClass`: a `system-` name is one of the system's classes, as the system has
/// it (`IsKnownSystemPriorityClass`); any other class stays at or below a billion.
pub(super) fn priority_class(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let name = object
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or("");
    let value = int_at(object, "value").unwrap_or(0);
    let global_default = object.get("globalDefault").and_then(Value::as_bool) == Some(true);
    if name.starts_with("system-") {
        let known = SYSTEM_PRIORITY_CLASSES.iter().find(|(n, _)| *n == name);
        let why = match known {
            None => Some(format!("{name} is not a known system priority class")),
            Some((n, v)) if *v != value => Some(format!("value of {n} PriorityClass must be {v}")),
            Some((n, _)) if global_default => {
                Some(format!("globalDefault of {n} PriorityClass must be false"))
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            errors.push(FieldError::forbidden(
                FieldPath::root().child("metadata").child("name"),
                format!("priority class names with 'system-' prefix are reserved for system use only. error: {why}"),
            ));
        }
    } else if value > HIGHEST_USER_PRIORITY {
        errors.push(FieldError::forbidden(
            FieldPath::root().child("value"),
            format!("maximum allowed value of a user defined priority is {HIGHEST_USER_PRIORITY}"),
        ));
    }
    errors
}

/// The most parameters a StorageClass may have, and their largest total size in bytes.
const MAX_PROVISIONER_PARAMETERS: i64 = 512;
const MAX_PROVISIONER_PARAMETER_SIZE: i64 = 256 * 1024;

/// `ValidateStorageClass`: the provisioner a qualified name (lower-cased), the parameters'
/// count, keys and size.
pub(super) fn storage_class(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let provisioner = str_at(object, "provisioner");
    let at = FieldPath::root().child("provisioner");
    if provisioner.is_empty() {
        errors.push(FieldError::required(at, ""));
    } else {
        values::each(
            formats::is_label_key,
            &provisioner.to_lowercase(),
            &at,
            &mut errors,
        );
    }
    let at = FieldPath::root().child("parameters");
    let parameters = object.get("parameters").and_then(Value::as_object);
    if let Some(parameters) = parameters {
        if parameters.len() as i64 > MAX_PROVISIONER_PARAMETERS {
            errors.push(FieldError::too_long(at, MAX_PROVISIONER_PARAMETERS));
            return errors;
        }
        let mut size = 0i64;
        let mut keys: Vec<&String> = parameters.keys().collect();
        keys.sort();
        for key in keys {
            if key.is_empty() {
                errors.push(FieldError::invalid(
                    at.clone(),
                    BadValue::string(""),
                    "field can not be empty.",
                ));
            }
            size += (key.len() + parameters[key].as_str().map_or(0, str::len)) as i64;
        }
        if size > MAX_PROVISIONER_PARAMETER_SIZE {
            errors.push(FieldError::too_long(at, MAX_PROVISIONER_PARAMETER_SIZE));
        }
    }
    errors
}
