//! Equivalent resources: the other versions (and, historically, groups) at which the apiserver
//! serves the resource a request addresses, each with the kind a request there would carry.
//! `matchPolicy: Equivalent` tries rules against these when no rule names the request's own
//! version. The apiserver registers them as it installs its APIs; offline they come from the
//! embedded discovery facts ([`equivalents_in`]) or from the caller.

use crate::admission::request::{GroupVersionKind, GroupVersionResource};
use crate::kube::Release;

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
/// which matching skips), in the release's order: every version of the same group and
/// resource that has the subresource, with the subresource's kind. Empty when the release does
/// not have `resource`.
///
/// The embedded discovery facts list every version k8s.io/api defines, including alpha and beta
/// versions a cluster serves only when enabled, and they group versions by group and resource,
/// so resources that share storage across groups are not found equivalent here; pass such lists
/// to [`crate::admission::matches`] directly.
pub fn equivalents_in(
    release: &Release,
    resource: &GroupVersionResource,
    subresource: &str,
) -> Vec<EquivalentResource> {
    let Some(served) = release.resource(&resource.group, &resource.version, &resource.resource)
    else {
        return Vec::new();
    };
    let found: Vec<EquivalentResource> = release
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
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_of_one_resource_are_equivalent_with_their_kinds() {
        let release = crate::kube::release("1.35").unwrap();
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
        let release = crate::kube::release("1.35").unwrap();
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
