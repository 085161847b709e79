//! The apiserver's hand-written validation of built-in kinds (`pkg/apis/*/validation` of
//! kubernetes/kubernetes), for the kinds kubeidl models it of, each check naming its Go
//! function. It runs on an object that decoded and passed its schema, as the apiserver's runs
//! only after decoding, so a value the schema already refuses (an enum, a type) is not
//! re-checked here. What v1 defaulting would fill in (a protocol, a restart policy) is never
//! required: a manifest is checked as the server sees it after defaulting. Go ranges over maps
//! in random order; keys are taken sorted here.
//!
//! The modules: [`config`] (ConfigMap, Secret), [`pod`] (pod specs and templates), [`resources`]
//! (resource requirements and quantities), [`workloads`] (the controllers that own pod
//! templates), [`security`] (pod and container security contexts), [`selector`] (label selectors), [`values`] (the shared value formats), [`cron`]
//! (CronJob schedules and time zones), [`network`] (Services, Ingresses, IngressClasses,
//! NetworkPolicies), [`cluster`] (claims, disruption budgets, autoscalers, RBAC, Namespaces).

mod cluster;
mod config;
mod cron;
mod network;
mod pod;
mod resources;
mod security;
mod selector;
mod values;
mod workloads;

use crate::errors::{FieldError, FieldPath};
use crate::validate::NativeCheck;
use serde_json::Value;

/// Each kind kubeidl models the hand-written validation of, by group and kind, with its check.
const CHECKS: &[(&str, &str, NativeCheck)] = &[
    ("", "ConfigMap", config::config_map),
    ("", "Secret", config::secret),
    ("", "Pod", pod::pod),
    ("", "PodTemplate", pod::pod_template_object),
    (
        "",
        "ReplicationController",
        workloads::replication_controller,
    ),
    ("apps", "Deployment", workloads::deployment),
    ("apps", "ReplicaSet", workloads::replica_set),
    ("apps", "DaemonSet", workloads::daemon_set),
    ("apps", "StatefulSet", workloads::stateful_set),
    ("batch", "Job", workloads::job),
    ("batch", "CronJob", workloads::cron_job),
    ("", "Service", network::service),
    ("networking.k8s.io", "Ingress", network::ingress),
    ("networking.k8s.io", "IngressClass", network::ingress_class),
    (
        "networking.k8s.io",
        "NetworkPolicy",
        network::network_policy,
    ),
    (
        "",
        "PersistentVolumeClaim",
        cluster::persistent_volume_claim,
    ),
    ("", "Namespace", cluster::namespace),
    (
        "scheduling.k8s.io",
        "PriorityClass",
        cluster::priority_class,
    ),
    ("storage.k8s.io", "StorageClass", cluster::storage_class),
    (
        "policy",
        "PodDisruptionBudget",
        cluster::pod_disruption_budget,
    ),
    (
        "autoscaling",
        "HorizontalPodAutoscaler",
        cluster::horizontal_pod_autoscaler,
    ),
    ("rbac.authorization.k8s.io", "Role", cluster::role),
    (
        "rbac.authorization.k8s.io",
        "ClusterRole",
        cluster::cluster_role,
    ),
    (
        "rbac.authorization.k8s.io",
        "RoleBinding",
        cluster::role_binding,
    ),
    (
        "rbac.authorization.k8s.io",
        "ClusterRoleBinding",
        cluster::cluster_role_binding,
    ),
];

/// The hand-written validation of `kind` in `group`, when kubeidl models it.
pub fn native_check(group: &str, kind: &str) -> Option<NativeCheck> {
    CHECKS
        .iter()
        .find(|(g, k, _)| *g == group && *k == kind)
        .map(|(_, _, check)| *check)
}

/// The kinds [`native_check`] has a check for, as (group, kind).
pub fn native_kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    CHECKS.iter().map(|(g, k, _)| (*g, *k))
}

/// Fields a feature gate lets through only from a release on (its default turned on there):
/// before it, the apiserver drops them before validating (`dropDisabledFields`), so none of the
/// rules that read them can refuse an object. (gate, first minor with it on, field)
const GATED_FIELDS: &[(&str, u32, &str)] = &[
    ("ProcMountType", 33, "procMount"),
    ("UserNamespacesSupport", 33, "hostUsers"),
];

/// Whether `error` comes from a field Kubernetes `release` (`1.32`) drops: its path ends at the
/// field, or its rule reads it (the detail names it).
pub fn dropped_by_gates(error: &FieldError, release: &str) -> bool {
    // An unknown release is taken as the newest: every field read.
    let minor = match super::minor_number(release) {
        0 => u32::MAX,
        minor => minor,
    };
    let last = error.path.steps().last();
    GATED_FIELDS.iter().any(|(_, since, field)| {
        minor < *since
            && (matches!(last, Some(crate::errors::Step::Field(f)) if f == *field)
                || error.detail.to_lowercase().contains(&field.to_lowercase()))
    })
}

/// `spec`, where most kinds' hand-written rules start.
fn spec_path() -> FieldPath {
    FieldPath::root().child("spec")
}

/// An object's spec (null when it has none).
fn spec(object: &Value) -> &Value {
    present(object, "spec").unwrap_or(&Value::Null)
}

/// The value at `key` of an object, unless absent or null (which decodes as absent).
fn present<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key).filter(|v| !v.is_null())
}

/// The string at `key` of an object ("" when absent or not a string).
fn str_at<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The integer at `key` of an object, when there is one.
fn int_at(v: &Value, key: &str) -> Option<i64> {
    v.get(key).and_then(Value::as_i64)
}

/// The items of the array at `key` (none when absent).
fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The keys of the object at `key`, sorted.
fn sorted_keys(v: &Value, key: &str) -> Vec<String> {
    let mut keys: Vec<String> = v
        .get(key)
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

#[cfg(test)]
mod tests;
