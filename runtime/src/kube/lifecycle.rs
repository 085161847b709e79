//! Which built-in API versions a release no longer serves, or still serves but has deprecated:
//! Kubernetes' deprecated API migration guide, as a table, with the version to move to. The
//! warning text is the apiserver's own (`pkg/endpoints/deprecation`), which kubectl prints on
//! every request to a deprecated version. A test holds the table to the embedded discovery
//! facts: no release serves what the table says it removed.

/// A kind in one group and version, and what happened to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifecycle {
    /// `""` for the core group.
    pub group: &'static str,
    pub version: &'static str,
    pub kind: &'static str,
    /// The minor version (of 1.x) that deprecated it.
    pub deprecated: u32,
    /// The minor version that stopped serving it, if one did.
    pub removed: Option<u32>,
    /// What to use instead, as `group/version Kind`, or `None` when nothing replaces it.
    pub replacement: Option<&'static str>,
}

/// What a release does with a kind's version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiStatus {
    /// Served and not deprecated, or not a built-in API at all.
    Served,
    /// Served, with the apiserver's deprecation warning.
    Deprecated(&'static Lifecycle),
    /// Not served: a request for it finds no such resource.
    Removed(&'static Lifecycle),
}

const fn entry(
    group: &'static str,
    version: &'static str,
    kind: &'static str,
    deprecated: u32,
    removed: Option<u32>,
    replacement: Option<&'static str>,
) -> Lifecycle {
    Lifecycle {
        group,
        version,
        kind,
        deprecated,
        removed,
        replacement,
    }
}

/// The table, by the release that removed each (or deprecated it, for those still served).
pub const LIFECYCLES: &[Lifecycle] = &[
    // 1.16
    entry(
        "extensions",
        "v1beta1",
        "DaemonSet",
        8,
        Some(16),
        Some("apps/v1 DaemonSet"),
    ),
    entry(
        "extensions",
        "v1beta1",
        "Deployment",
        9,
        Some(16),
        Some("apps/v1 Deployment"),
    ),
    entry(
        "extensions",
        "v1beta1",
        "ReplicaSet",
        9,
        Some(16),
        Some("apps/v1 ReplicaSet"),
    ),
    entry(
        "extensions",
        "v1beta1",
        "NetworkPolicy",
        9,
        Some(16),
        Some("networking.k8s.io/v1 NetworkPolicy"),
    ),
    entry(
        "extensions",
        "v1beta1",
        "PodSecurityPolicy",
        11,
        Some(16),
        None,
    ),
    entry(
        "apps",
        "v1beta1",
        "Deployment",
        9,
        Some(16),
        Some("apps/v1 Deployment"),
    ),
    entry(
        "apps",
        "v1beta1",
        "StatefulSet",
        9,
        Some(16),
        Some("apps/v1 StatefulSet"),
    ),
    entry(
        "apps",
        "v1beta1",
        "ControllerRevision",
        9,
        Some(16),
        Some("apps/v1 ControllerRevision"),
    ),
    entry(
        "apps",
        "v1beta2",
        "DaemonSet",
        9,
        Some(16),
        Some("apps/v1 DaemonSet"),
    ),
    entry(
        "apps",
        "v1beta2",
        "Deployment",
        9,
        Some(16),
        Some("apps/v1 Deployment"),
    ),
    entry(
        "apps",
        "v1beta2",
        "ReplicaSet",
        9,
        Some(16),
        Some("apps/v1 ReplicaSet"),
    ),
    entry(
        "apps",
        "v1beta2",
        "StatefulSet",
        9,
        Some(16),
        Some("apps/v1 StatefulSet"),
    ),
    entry(
        "apps",
        "v1beta2",
        "ControllerRevision",
        9,
        Some(16),
        Some("apps/v1 ControllerRevision"),
    ),
    // 1.22
    entry(
        "admissionregistration.k8s.io",
        "v1beta1",
        "MutatingWebhookConfiguration",
        16,
        Some(22),
        Some("admissionregistration.k8s.io/v1 MutatingWebhookConfiguration"),
    ),
    entry(
        "admissionregistration.k8s.io",
        "v1beta1",
        "ValidatingWebhookConfiguration",
        16,
        Some(22),
        Some("admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration"),
    ),
    entry(
        "apiextensions.k8s.io",
        "v1beta1",
        "CustomResourceDefinition",
        16,
        Some(22),
        Some("apiextensions.k8s.io/v1 CustomResourceDefinition"),
    ),
    entry(
        "apiregistration.k8s.io",
        "v1beta1",
        "APIService",
        19,
        Some(22),
        Some("apiregistration.k8s.io/v1 APIService"),
    ),
    entry(
        "authentication.k8s.io",
        "v1beta1",
        "TokenReview",
        19,
        Some(22),
        Some("authentication.k8s.io/v1 TokenReview"),
    ),
    entry(
        "authorization.k8s.io",
        "v1beta1",
        "LocalSubjectAccessReview",
        19,
        Some(22),
        Some("authorization.k8s.io/v1 LocalSubjectAccessReview"),
    ),
    entry(
        "authorization.k8s.io",
        "v1beta1",
        "SelfSubjectAccessReview",
        19,
        Some(22),
        Some("authorization.k8s.io/v1 SelfSubjectAccessReview"),
    ),
    entry(
        "authorization.k8s.io",
        "v1beta1",
        "SelfSubjectRulesReview",
        19,
        Some(22),
        Some("authorization.k8s.io/v1 SelfSubjectRulesReview"),
    ),
    entry(
        "authorization.k8s.io",
        "v1beta1",
        "SubjectAccessReview",
        19,
        Some(22),
        Some("authorization.k8s.io/v1 SubjectAccessReview"),
    ),
    entry(
        "certificates.k8s.io",
        "v1beta1",
        "CertificateSigningRequest",
        19,
        Some(22),
        Some("certificates.k8s.io/v1 CertificateSigningRequest"),
    ),
    entry(
        "coordination.k8s.io",
        "v1beta1",
        "Lease",
        19,
        Some(22),
        Some("coordination.k8s.io/v1 Lease"),
    ),
    entry(
        "extensions",
        "v1beta1",
        "Ingress",
        14,
        Some(22),
        Some("networking.k8s.io/v1 Ingress"),
    ),
    entry(
        "networking.k8s.io",
        "v1beta1",
        "Ingress",
        19,
        Some(22),
        Some("networking.k8s.io/v1 Ingress"),
    ),
    entry(
        "networking.k8s.io",
        "v1beta1",
        "IngressClass",
        19,
        Some(22),
        Some("networking.k8s.io/v1 IngressClass"),
    ),
    entry(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "ClusterRole",
        17,
        Some(22),
        Some("rbac.authorization.k8s.io/v1 ClusterRole"),
    ),
    entry(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "ClusterRoleBinding",
        17,
        Some(22),
        Some("rbac.authorization.k8s.io/v1 ClusterRoleBinding"),
    ),
    entry(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "Role",
        17,
        Some(22),
        Some("rbac.authorization.k8s.io/v1 Role"),
    ),
    entry(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "RoleBinding",
        17,
        Some(22),
        Some("rbac.authorization.k8s.io/v1 RoleBinding"),
    ),
    entry(
        "scheduling.k8s.io",
        "v1beta1",
        "PriorityClass",
        14,
        Some(22),
        Some("scheduling.k8s.io/v1 PriorityClass"),
    ),
    entry(
        "storage.k8s.io",
        "v1beta1",
        "CSIDriver",
        19,
        Some(22),
        Some("storage.k8s.io/v1 CSIDriver"),
    ),
    entry(
        "storage.k8s.io",
        "v1beta1",
        "CSINode",
        17,
        Some(22),
        Some("storage.k8s.io/v1 CSINode"),
    ),
    entry(
        "storage.k8s.io",
        "v1beta1",
        "StorageClass",
        19,
        Some(22),
        Some("storage.k8s.io/v1 StorageClass"),
    ),
    entry(
        "storage.k8s.io",
        "v1beta1",
        "VolumeAttachment",
        19,
        Some(22),
        Some("storage.k8s.io/v1 VolumeAttachment"),
    ),
    // 1.25
    entry(
        "batch",
        "v1beta1",
        "CronJob",
        21,
        Some(25),
        Some("batch/v1 CronJob"),
    ),
    entry(
        "discovery.k8s.io",
        "v1beta1",
        "EndpointSlice",
        21,
        Some(25),
        Some("discovery.k8s.io/v1 EndpointSlice"),
    ),
    entry(
        "events.k8s.io",
        "v1beta1",
        "Event",
        22,
        Some(25),
        Some("events.k8s.io/v1 Event"),
    ),
    entry(
        "autoscaling",
        "v2beta1",
        "HorizontalPodAutoscaler",
        22,
        Some(25),
        Some("autoscaling/v2 HorizontalPodAutoscaler"),
    ),
    entry(
        "policy",
        "v1beta1",
        "PodDisruptionBudget",
        21,
        Some(25),
        Some("policy/v1 PodDisruptionBudget"),
    ),
    entry("policy", "v1beta1", "PodSecurityPolicy", 21, Some(25), None),
    entry(
        "node.k8s.io",
        "v1beta1",
        "RuntimeClass",
        22,
        Some(25),
        Some("node.k8s.io/v1 RuntimeClass"),
    ),
    // 1.26
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta1",
        "FlowSchema",
        23,
        Some(26),
        Some("flowcontrol.apiserver.k8s.io/v1 FlowSchema"),
    ),
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta1",
        "PriorityLevelConfiguration",
        23,
        Some(26),
        Some("flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration"),
    ),
    entry(
        "autoscaling",
        "v2beta2",
        "HorizontalPodAutoscaler",
        23,
        Some(26),
        Some("autoscaling/v2 HorizontalPodAutoscaler"),
    ),
    // 1.27
    entry(
        "storage.k8s.io",
        "v1beta1",
        "CSIStorageCapacity",
        24,
        Some(27),
        Some("storage.k8s.io/v1 CSIStorageCapacity"),
    ),
    // 1.29
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta2",
        "FlowSchema",
        26,
        Some(29),
        Some("flowcontrol.apiserver.k8s.io/v1 FlowSchema"),
    ),
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta2",
        "PriorityLevelConfiguration",
        26,
        Some(29),
        Some("flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration"),
    ),
    // 1.32
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta3",
        "FlowSchema",
        29,
        Some(32),
        Some("flowcontrol.apiserver.k8s.io/v1 FlowSchema"),
    ),
    entry(
        "flowcontrol.apiserver.k8s.io",
        "v1beta3",
        "PriorityLevelConfiguration",
        29,
        Some(32),
        Some("flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration"),
    ),
    // Deprecated, still served.
    entry("", "v1", "ComponentStatus", 19, None, None),
    entry(
        "",
        "v1",
        "Endpoints",
        33,
        None,
        Some("discovery.k8s.io/v1 EndpointSlice"),
    ),
];

/// What Kubernetes `release` (`1.35`) does with `kind` in `group`/`version`.
pub fn api_status(release: &str, group: &str, version: &str, kind: &str) -> ApiStatus {
    let minor = super::minor_number(release);
    let Some(entry) = LIFECYCLES
        .iter()
        .find(|e| e.group == group && e.version == version && e.kind == kind)
    else {
        return ApiStatus::Served;
    };
    match entry.removed {
        Some(removed) if minor >= removed => ApiStatus::Removed(entry),
        _ if minor >= entry.deprecated => ApiStatus::Deprecated(entry),
        _ => ApiStatus::Served,
    }
}

/// The embedded releases (oldest first) whose built-in kinds include `kind` in `group`/`version`:
/// for an object of a version the chosen release lacks, the releases that have it (a version
/// added later, or removed since). The kinds of each release are read once, on first use.
pub fn releases_with(group: &str, version: &str, kind: &str) -> Vec<&'static str> {
    use std::collections::HashSet;
    use std::sync::OnceLock;
    type Kinds = HashSet<(String, String, String)>;
    static KINDS: OnceLock<Vec<(&'static str, Kinds)>> = OnceLock::new();
    let kinds = KINDS.get_or_init(|| {
        super::VERSIONS
            .iter()
            .filter_map(|v| super::release(v).ok())
            .map(|r| {
                let schemas = r.document.pointer("/components/schemas");
                let kinds = schemas
                    .and_then(serde_json::Value::as_object)
                    .into_iter()
                    .flatten()
                    .flat_map(|(_, s)| {
                        crate::validate::Gvk::listed(s.get(crate::validate::GVK_EXTENSION))
                    })
                    .map(|g| (g.group, g.version, g.kind))
                    .collect();
                (r.version, kinds)
            })
            .collect()
    });
    let key = (group.to_string(), version.to_string(), kind.to_string());
    kinds
        .iter()
        .filter(|(_, k)| k.contains(&key))
        .map(|(v, _)| *v)
        .collect()
}

impl Lifecycle {
    /// `policy/v1beta1 PodDisruptionBudget`.
    pub fn api(&self) -> String {
        match self.group {
            "" => format!("{} {}", self.version, self.kind),
            g => format!("{g}/{} {}", self.version, self.kind),
        }
    }

    /// Why an object of a removed version is refused: `policy/v1beta1 PodDisruptionBudget: not
    /// served since Kubernetes 1.25; use policy/v1 PodDisruptionBudget`.
    pub fn removal_message(&self) -> String {
        let removed = self
            .removed
            .map_or(String::new(), |r| format!(" since Kubernetes 1.{r}"));
        let instead = match self.replacement {
            Some(r) => format!("; use {r}"),
            None => "; nothing replaces it".to_string(),
        };
        format!("{}: not served{removed}{instead}", self.api())
    }

    /// The apiserver's warning on a request for a deprecated version (`deprecation.WarningMessage`).
    pub fn warning(&self) -> String {
        let mut text = format!("{} is deprecated in v1.{}+", self.api(), self.deprecated);
        if let Some(removed) = self.removed {
            text += &format!(", unavailable in v1.{removed}+");
        }
        if let Some(replacement) = self.replacement {
            text += &format!("; use {replacement}");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_versions_are_refused_from_their_release_on() {
        let pdb = |release| api_status(release, "policy", "v1beta1", "PodDisruptionBudget");
        let ApiStatus::Removed(e) = pdb("1.30") else {
            panic!("{:?}", pdb("1.30"))
        };
        assert_eq!(
            e.removal_message(),
            "policy/v1beta1 PodDisruptionBudget: not served since Kubernetes 1.25; use policy/v1 PodDisruptionBudget"
        );
        let v1beta3 = |release| {
            api_status(
                release,
                "flowcontrol.apiserver.k8s.io",
                "v1beta3",
                "FlowSchema",
            )
        };
        let ApiStatus::Deprecated(e) = v1beta3("1.31") else {
            panic!("{:?}", v1beta3("1.31"))
        };
        assert_eq!(
            e.warning(),
            "flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is deprecated in v1.29+, unavailable in v1.32+; use flowcontrol.apiserver.k8s.io/v1 FlowSchema"
        );
        assert!(matches!(v1beta3("1.32"), ApiStatus::Removed(_)));
        let ApiStatus::Deprecated(e) = api_status("1.35", "", "v1", "Endpoints") else {
            panic!()
        };
        assert_eq!(
            e.warning(),
            "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"
        );
        assert_eq!(api_status("1.32", "", "v1", "Endpoints"), ApiStatus::Served);
        assert_eq!(
            api_status("1.35", "apps", "v1", "Deployment"),
            ApiStatus::Served
        );
    }

    #[test]
    fn versions_are_found_in_the_releases_that_have_them() {
        let map = releases_with(
            "admissionregistration.k8s.io",
            "v1",
            "MutatingAdmissionPolicy",
        );
        assert_eq!(map, ["1.36"]);
        let v1beta3 = releases_with("flowcontrol.apiserver.k8s.io", "v1beta3", "FlowSchema");
        assert!(v1beta3.contains(&"1.30"), "{v1beta3:?}");
        assert!(releases_with("example.com", "v1", "Widget").is_empty());
    }

    #[test]
    fn no_release_serves_what_the_table_removed() {
        for version in super::super::VERSIONS {
            let release = super::super::release(version).unwrap();
            for r in &release.resources {
                let status = api_status(version, &r.group, &r.version, &r.kind);
                assert!(
                    !matches!(status, ApiStatus::Removed(_)),
                    "{version} serves {}/{} {}, which the table says it removed",
                    r.group,
                    r.version,
                    r.kind
                );
            }
        }
        // And each replacement is served by the newest release.
        let newest = super::super::release(super::super::NEWEST).unwrap();
        for e in LIFECYCLES {
            let Some(replacement) = e.replacement else {
                continue;
            };
            let (gv, kind) = replacement.split_once(' ').unwrap();
            let (group, version) = gv.rsplit_once('/').unwrap_or(("", gv));
            assert!(
                newest
                    .resources
                    .iter()
                    .any(|r| r.group == group && r.version == version && r.kind == kind),
                "{} is not served by {}",
                replacement,
                newest.version
            );
        }
    }
}
