//! Which names each built-in kind takes: the `nameFn` its create validation passes to
//! apimachinery's `ValidateObjectMeta` (`pkg/apis/<group>/validation` of kubernetes/kubernetes,
//! read at the 1.35 and 1.36 release branches), by release where a release changed it. Custom
//! resources and every kind not named here take DNS-1123 subdomains.
//!
//! Whatever a kind's own rule, the generic create path (`rest.BeforeCreate`) then requires a
//! name usable as a URL path segment, which every rule here implies. Where a kind's own rule
//! reads more than the name (an APIService's `<version>.<group>`, a ClusterTrustBundle's signer
//! prefix) or is not modelled (an IPAddress's canonical IP, a LeaseCandidate's config-map key),
//! only that generic check is made: kubeidl must not reject a name the apiserver accepts.

use crate::validate::NameRule;

/// The name rule of objects of `kind` in `group` ("" for the core group) under Kubernetes
/// `release` (`1.35`).
pub fn name_rule(release: &str, group: &str, kind: &str) -> NameRule {
    match (group, kind) {
        // core ValidateNamespaceName = NameIsDNSLabel; apps ValidateStatefulSetName.
        ("", "Namespace") | ("apps", "StatefulSet") => NameRule::Dns1123Label,
        // core ValidateServiceCreate: NameIsDNS1035Label, or NameIsDNSLabel under the
        // RelaxedServiceNameValidation gate (alpha in 1.34 and 1.35, beta and on in 1.36).
        ("", "Service") if super::minor_number(release) >= 36 => NameRule::Dns1123Label,
        ("", "Service") => NameRule::Dns1035Label,
        // core ValidateReplicationController and resource ValidateDeviceClass:
        // ValidateObjectMetaWithOpts with validate.LongName.
        ("", "ReplicationController") | ("resource.k8s.io", "DeviceClass") => NameRule::LongName,
        // rbac ValidateRBACName = path.IsValidPathSegmentName.
        (
            "rbac.authorization.k8s.io",
            "Role" | "ClusterRole" | "RoleBinding" | "ClusterRoleBinding",
        )
        // No name rule of their own: policy ValidatePodDisruptionBudget checks only the spec,
        // certificates ValidateCertificateRequestName returns nil, and core ValidateEventCreate
        // returns before ObjectMeta for v1 Events.
        | ("policy", "PodDisruptionBudget")
        | ("certificates.k8s.io", "CertificateSigningRequest")
        | ("", "Event")
        // Rules not modelled (see the module's documentation).
        | ("apiregistration.k8s.io", "APIService")
        | ("certificates.k8s.io", "ClusterTrustBundle")
        | ("networking.k8s.io", "IPAddress")
        | ("coordination.k8s.io", "LeaseCandidate") => NameRule::PathSegment,
        _ => NameRule::Dns1123Subdomain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_take_their_own_names() {
        let rbac = "rbac.authorization.k8s.io";
        for kind in ["Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"] {
            assert_eq!(name_rule("1.35", rbac, kind), NameRule::PathSegment);
        }
        assert_eq!(
            name_rule("1.35", "policy", "PodDisruptionBudget"),
            NameRule::PathSegment
        );
        assert_eq!(name_rule("1.35", "", "Namespace"), NameRule::Dns1123Label);
        assert_eq!(
            name_rule("1.30", "apps", "StatefulSet"),
            NameRule::Dns1123Label
        );
        assert_eq!(name_rule("1.35", "", "Service"), NameRule::Dns1035Label);
        assert_eq!(name_rule("1.36", "", "Service"), NameRule::Dns1123Label);
        assert_eq!(name_rule("v1.36.2", "", "Service"), NameRule::Dns1123Label);
        assert_eq!(
            name_rule("1.35", "", "ReplicationController"),
            NameRule::LongName
        );
        assert_eq!(
            name_rule("1.35", "", "ConfigMap"),
            NameRule::Dns1123Subdomain
        );
        assert_eq!(
            name_rule("1.35", "events.k8s.io", "Event"),
            NameRule::Dns1123Subdomain
        );
        assert_eq!(
            name_rule("1.35", "example.com", "Widget"),
            NameRule::Dns1123Subdomain
        );
    }
}
