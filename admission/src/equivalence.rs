//! Equivalent resources: the other versions (and, historically, groups) at which the apiserver
//! serves the resource a request addresses, each with the kind a request there would carry.
//! `matchPolicy: Equivalent` tries rules against these when no rule names the request's own
//! version. The apiserver registers them as it installs its APIs; offline they come from the
//! embedded discovery facts ([`equivalents_in`]) or from the caller.

use crate::request::{GroupVersionKind, GroupVersionResource};
use kubeidl::kube::Release;

/// A resource serving the same stored objects as the request's, and the kind a request for it
/// (with the request's subresource) would carry: `apps/v1beta1 deployments` with
/// `apps/v1beta1 Deployment`, or with `apps/v1beta1 Scale` for the `scale` subresource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EquivalentResource {
    pub resource: GroupVersionResource,
    /// An empty `kind.kind` means the kind is unknown, which makes a match through this
    /// resource an error, as in the apiserver.
    pub kind: GroupVersionKind,
}

impl EquivalentResource {
    pub fn new(resource: GroupVersionResource, kind: GroupVersionKind) -> EquivalentResource {
        EquivalentResource { resource, kind }
    }
}

/// The resources of `release` equivalent to `resource` with `subresource` (itself included,
/// which matching skips): every version of the same group and resource that has the
/// subresource, with the subresource's kind, in the order the apiserver registers them
/// (version priority: GA before beta before alpha, higher numbers first), which decides the
/// match when one rule admits several of them. Empty when the release does not have
/// `resource`.
///
/// The embedded discovery facts list every version k8s.io/api defines, including alpha and beta
/// versions a cluster serves only when enabled, and they group versions by group and resource,
/// so resources that share storage across groups are not found equivalent here; pass such lists
/// to [`crate::matches`] directly.
pub fn equivalents_in(
    release: &Release,
    resource: &GroupVersionResource,
    subresource: &str,
) -> Vec<EquivalentResource> {
    let Some(served) = release.resource(&resource.group, &resource.version, &resource.resource)
    else {
        return Vec::new();
    };
    let mut found: Vec<EquivalentResource> = release
        .equivalents(served)
        .filter_map(|r| {
            let gvr = GroupVersionResource::new(&r.group, &r.version, &r.resource);
            let kind = if subresource.is_empty() {
                GroupVersionKind::new(&r.group, &r.version, &r.kind)
            } else {
                let sub = r.subresources.iter().find(|s| s.name == subresource)?;
                GroupVersionKind::new(&sub.group, &sub.version, &sub.kind)
            };
            Some(EquivalentResource::new(gvr, kind))
        })
        .collect();
    found.sort_by_cached_key(|e| version_priority(&e.resource.version));
    found
}

/// The resources equivalent to `resource` among the versions a CustomResourceDefinition
/// serves it at (`(version, kind)`, the request's own included): for the `status`
/// subresource with the version's kind, for `scale` with `autoscaling/v1 Scale`, in version
/// priority order.
pub fn equivalents_of_custom(
    resource: &GroupVersionResource,
    subresource: &str,
    served: &[(String, String)],
) -> Vec<EquivalentResource> {
    if !served.iter().any(|(v, _)| *v == resource.version) {
        return Vec::new();
    }
    let mut found: Vec<EquivalentResource> = served
        .iter()
        .filter_map(|(version, kind)| {
            let gvr = GroupVersionResource::new(&resource.group, version, &resource.resource);
            let kind = match subresource {
                "" | "status" => GroupVersionKind::new(&resource.group, version, kind),
                "scale" => GroupVersionKind::new("autoscaling", "v1", "Scale"),
                _ => return None,
            };
            Some(EquivalentResource::new(gvr, kind))
        })
        .collect();
    found.sort_by_cached_key(|e| version_priority(&e.resource.version));
    found
}

/// A sort key putting Kubernetes versions in priority order: `v2`, `v1`, `v2beta1`, `v1beta2`,
/// `v1beta1`, `v1alpha1`, then anything not of that form, alphabetically.
fn version_priority(version: &str) -> (u8, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, String) {
    use std::cmp::Reverse;
    let other = (3, Reverse(0), Reverse(0), version.to_string());
    let Some(rest) = version.strip_prefix('v') else {
        return other;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Ok(major) = rest[..digits].parse::<u64>() else {
        return other;
    };
    let (stage, minor) = match &rest[digits..] {
        "" => return (0, Reverse(major), Reverse(0), String::new()),
        tail => match (tail.strip_prefix("beta"), tail.strip_prefix("alpha")) {
            (Some(n), _) => (1, n),
            (_, Some(n)) => (2, n),
            _ => return other,
        },
    };
    match minor.bytes().all(|b| b.is_ascii_digit()) {
        true => match minor.parse::<u64>() {
            Ok(minor) => (stage, Reverse(major), Reverse(minor), String::new()),
            Err(_) => other,
        },
        false => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_by_kubernetes_priority() {
        let mut versions = [
            "v1alpha1",
            "v1beta1",
            "foo",
            "v1",
            "v2beta1",
            "v1beta2",
            "v2",
            "v10",
            "v1beta",
            "bar",
            "v1alpha10",
        ];
        versions.sort_by_cached_key(|v| version_priority(v));
        assert_eq!(
            versions,
            [
                "v10",
                "v2",
                "v1",
                "v2beta1",
                "v1beta2",
                "v1beta1",
                "v1alpha10",
                "v1alpha1",
                "bar",
                "foo",
                "v1beta"
            ]
        );
    }

    #[test]
    fn equivalents_come_in_priority_order() {
        let release = kubeidl::kube::release("1.35").unwrap();
        let claims = GroupVersionResource::new("resource.k8s.io", "v1beta1", "resourceclaims");
        let versions: Vec<String> = equivalents_in(&release, &claims, "")
            .into_iter()
            .map(|e| e.resource.version)
            .collect();
        assert_eq!(versions, ["v1", "v1beta2", "v1beta1"]);
    }

    #[test]
    fn versions_of_one_resource_are_equivalent_with_their_kinds() {
        let release = kubeidl::kube::release("1.35").unwrap();
        let v2 = GroupVersionResource::new("autoscaling", "v2", "horizontalpodautoscalers");
        let found = equivalents_in(&release, &v2, "");
        let v1 = EquivalentResource::new(
            GroupVersionResource::new("autoscaling", "v1", "horizontalpodautoscalers"),
            GroupVersionKind::new("autoscaling", "v1", "HorizontalPodAutoscaler"),
        );
        assert!(found.contains(&v1), "{found:?}");
        assert!(found.iter().any(|e| e.resource == v2));
        assert!(found
            .iter()
            .all(|e| e.kind.kind == "HorizontalPodAutoscaler"));
    }

    #[test]
    fn a_subresource_brings_its_own_kind() {
        let release = kubeidl::kube::release("1.35").unwrap();
        let deployments = GroupVersionResource::new("apps", "v1", "deployments");
        let scale = equivalents_in(&release, &deployments, "scale");
        assert_eq!(
            scale,
            [EquivalentResource::new(
                deployments.clone(),
                GroupVersionKind::new("autoscaling", "v1", "Scale")
            )]
        );
        assert!(equivalents_in(&release, &deployments, "exec").is_empty());
        let unknown = GroupVersionResource::new("example.com", "v1", "widgets");
        assert!(equivalents_in(&release, &unknown, "").is_empty());
    }
}
