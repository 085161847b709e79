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

/// Each check kubeidl has of the apiserver's hand-written validation, by the Go function it
/// stands for, with that function's package in kubernetes/kubernetes. Which kind runs which is
/// declared on the k8s.io/api types (`overlay.tags` beside this module, `+kubeidl:native=`),
/// lowered into the embedded schemas as `x-kubeidl-native`.
const CHECKS: &[(&str, &str, NativeCheck)] = &[
    (
        "ValidateConfigMap",
        "pkg/apis/core/validation",
        config::config_map,
    ),
    ("ValidateSecret", "pkg/apis/core/validation", config::secret),
    ("ValidatePodCreate", "pkg/apis/core/validation", pod::pod),
    (
        "ValidatePodTemplate",
        "pkg/apis/core/validation",
        pod::pod_template_object,
    ),
    (
        "ValidateReplicationController",
        "pkg/apis/core/validation",
        workloads::replication_controller,
    ),
    (
        "ValidateServiceCreate",
        "pkg/apis/core/validation",
        network::service,
    ),
    (
        "ValidatePersistentVolumeClaim",
        "pkg/apis/core/validation",
        cluster::persistent_volume_claim,
    ),
    (
        "ValidateNamespace",
        "pkg/apis/core/validation",
        cluster::namespace,
    ),
    (
        "ValidateDeployment",
        "pkg/apis/apps/validation",
        workloads::deployment,
    ),
    (
        "ValidateReplicaSet",
        "pkg/apis/apps/validation",
        workloads::replica_set,
    ),
    (
        "ValidateDaemonSet",
        "pkg/apis/apps/validation",
        workloads::daemon_set,
    ),
    (
        "ValidateStatefulSet",
        "pkg/apis/apps/validation",
        workloads::stateful_set,
    ),
    ("ValidateJob", "pkg/apis/batch/validation", workloads::job),
    (
        "ValidateCronJobCreate",
        "pkg/apis/batch/validation",
        workloads::cron_job,
    ),
    (
        "ValidateIngressCreate",
        "pkg/apis/networking/validation",
        network::ingress,
    ),
    (
        "ValidateIngressClass",
        "pkg/apis/networking/validation",
        network::ingress_class,
    ),
    (
        "ValidateNetworkPolicy",
        "pkg/apis/networking/validation",
        network::network_policy,
    ),
    (
        "ValidatePriorityClass",
        "pkg/apis/scheduling/validation",
        cluster::priority_class,
    ),
    (
        "ValidateStorageClass",
        "pkg/apis/storage/validation",
        cluster::storage_class,
    ),
    (
        "ValidatePodDisruptionBudget",
        "pkg/apis/policy/validation",
        cluster::pod_disruption_budget,
    ),
    (
        "ValidateHorizontalPodAutoscaler",
        "pkg/apis/autoscaling/validation",
        cluster::horizontal_pod_autoscaler,
    ),
    ("ValidateRole", "pkg/apis/rbac/validation", cluster::role),
    (
        "ValidateClusterRole",
        "pkg/apis/rbac/validation",
        cluster::cluster_role,
    ),
    (
        "ValidateRoleBinding",
        "pkg/apis/rbac/validation",
        cluster::role_binding,
    ),
    (
        "ValidateClusterRoleBinding",
        "pkg/apis/rbac/validation",
        cluster::cluster_role_binding,
    ),
];

/// The check standing for the Go function `name` (`ValidateDeployment`).
pub fn native_check_named(name: &str) -> Option<NativeCheck> {
    CHECKS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, check)| *check)
}

/// Every check, as (Go function, its package in kubernetes/kubernetes).
pub fn native_checks() -> impl Iterator<Item = (&'static str, &'static str)> {
    CHECKS.iter().map(|(n, p, _)| (*n, *p))
}

/// The check a kind's schema declares (its `x-kubeidl-native`), if any.
pub fn native_check_of(root: &crate::schema::Schema) -> Option<NativeCheck> {
    let name = root
        .extensions
        .get(crate::tags::NATIVE_EXTENSION)?
        .as_str()?;
    native_check_named(name)
}

/// The hand-written validation of `kind` in `group` in the newest embedded release, when
/// kubeidl models it.
pub fn native_check(group: &str, kind: &str) -> Option<NativeCheck> {
    native_kinds()
        .into_iter()
        .find(|(g, k, _)| g == group && k == kind)
        .and_then(|(_, _, name)| native_check_named(&name))
}

/// The kinds of the newest embedded release whose schema declares a native check, as (group,
/// kind, check), each once.
pub fn native_kinds() -> Vec<(String, String, String)> {
    static KINDS: std::sync::OnceLock<Vec<(String, String, String)>> = std::sync::OnceLock::new();
    KINDS
        .get_or_init(|| {
            let Ok(release) = super::release(super::NEWEST) else {
                return Vec::new();
            };
            let mut out: Vec<(String, String, String)> = Vec::new();
            let schemas = release.document.pointer("/components/schemas");
            for schema in schemas
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(_, s)| s)
            {
                let Some(name) = schema
                    .get(crate::tags::NATIVE_EXTENSION)
                    .and_then(Value::as_str)
                else {
                    continue;
                };
                let kinds = schema
                    .get("x-kubernetes-group-version-kind")
                    .and_then(Value::as_array);
                for gvk in kinds.into_iter().flatten() {
                    let text = |k: &str| {
                        gvk.get(k)
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_string()
                    };
                    let entry = (text("group"), text("kind"), name.to_string());
                    if !out.contains(&entry) {
                        out.push(entry);
                    }
                }
            }
            out.sort();
            out
        })
        .clone()
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
