//! The `updates` verdict of a tightening or incompatible change: which UPDATEs of an object
//! stored under the old schema (and left unchanged) the new schema rejects. Two models, by who
//! serves the definition ([`Ratcheting::of`]):
//!
//! Custom resources follow the apiextensions apiserver's validation ratcheting (KEP-4008,
//! `ratcheting.go`):
//! - value validations (bounds, lengths, counts, pattern, format, enum, uniqueItems, CEL rules
//!   without `oldSelf`) are downgraded to warnings when the node's value equals its correlated
//!   old value, so they reject an update only when the field is edited;
//! - nodes below the items of an atomic or set list have no correlated old value of their own
//!   (only `x-kubernetes-list-type: map` items correlate, by key): they ratchet only while the
//!   whole list is unchanged, so an edit anywhere in the list counts;
//! - `required` belongs to the parent object: it ratchets only while the parent is unchanged;
//! - transition rules (`oldSelf`), list-type and map-key changes, type changes, removals and
//!   pruning do not ratchet at all.
//!
//! Kubernetes' own types follow declarative validation's (KEP-5073): on an update, the code
//! validation-gen writes skips every field whose value is unchanged, and compares list items
//! with the old list (map-list items by key, others by value), so every validation of a field,
//! `required` and transitions (`+k8s:immutable`, `+k8s:update`) included, rejects an update only
//! when that field (for a rule on an object, anything in it) is edited. Structural changes
//! still break every update.

use super::findings::{Direction, Updates};

/// What kind of check a change adds or tightens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// A value validation on the node itself.
    Value,
    /// A `required` entry of the node's parent.
    Required,
    /// A rule reading `oldSelf`.
    Transition,
    /// Structure: type, list semantics, removal, pruning.
    Structure,
    /// The schema itself, which the apiserver refuses (a CEL cost over its limit): the write of
    /// the schema fails and stored objects keep the old one, so no update of theirs does.
    Schema,
}

/// How the apiserver ratchets a definition's validation on update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ratcheting {
    /// A custom resource's schema (KEP-4008).
    Crd,
    /// A type the Kubernetes apiserver serves natively, validated by generated code (KEP-5073).
    Native,
}

/// Name prefixes of the definitions of the types the Kubernetes apiservers serve natively: the
/// built-in API groups (`k8s.io/api`), APIService and CustomResourceDefinition itself.
const NATIVE: &[&str] = &[
    "io.k8s.api.",
    "io.k8s.kube-aggregator.pkg.apis.",
    "io.k8s.apiextensions-apiserver.pkg.apis.",
];

impl Ratcheting {
    /// The model of a definition, by its name: Kubernetes' own types are native, every other
    /// definition (a CRD version, a kubebuilder type) a custom resource's.
    pub fn of(definition: &str) -> Ratcheting {
        match NATIVE.iter().any(|p| definition.starts_with(p)) {
            true => Ratcheting::Native,
            false => Ratcheting::Crd,
        }
    }
}

/// The verdict for a change of `direction` made by `check` in a definition ratcheted as
/// `ratcheting`, at a node below the items of an atomic or set list when `uncorrelatable`.
/// `None` for directions that reject nothing.
pub fn updates(
    direction: Direction,
    check: Check,
    uncorrelatable: bool,
    ratcheting: Ratcheting,
) -> Option<Updates> {
    if !direction.breaks_writers() {
        return None;
    }
    Some(match (ratcheting, check) {
        (_, Check::Schema) => Updates::None,
        (_, Check::Structure) => Updates::EveryUpdate,
        (Ratcheting::Native, _) => Updates::FieldEdited,
        (Ratcheting::Crd, Check::Value) if uncorrelatable => Updates::ParentEdited,
        (Ratcheting::Crd, Check::Value) => Updates::FieldEdited,
        (Ratcheting::Crd, Check::Required) => Updates::ParentEdited,
        (Ratcheting::Crd, Check::Transition) => Updates::EveryUpdate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_ratcheting_rules() {
        use Direction::*;
        use Ratcheting::{Crd, Native};
        let cases = [
            (Loosening, Check::Value, false, Crd, None),
            (Neutral, Check::Structure, false, Crd, None),
            (
                Tightening,
                Check::Value,
                false,
                Crd,
                Some(Updates::FieldEdited),
            ),
            (
                Tightening,
                Check::Value,
                true,
                Crd,
                Some(Updates::ParentEdited),
            ),
            (
                Tightening,
                Check::Required,
                false,
                Crd,
                Some(Updates::ParentEdited),
            ),
            (
                Tightening,
                Check::Transition,
                false,
                Crd,
                Some(Updates::EveryUpdate),
            ),
            (
                Incompatible,
                Check::Structure,
                true,
                Crd,
                Some(Updates::EveryUpdate),
            ),
            (Incompatible, Check::Schema, false, Crd, Some(Updates::None)),
            // Declarative validation skips unchanged fields and finds unchanged items.
            (
                Tightening,
                Check::Value,
                true,
                Native,
                Some(Updates::FieldEdited),
            ),
            (
                Tightening,
                Check::Required,
                false,
                Native,
                Some(Updates::FieldEdited),
            ),
            (
                Tightening,
                Check::Transition,
                false,
                Native,
                Some(Updates::FieldEdited),
            ),
            (
                Incompatible,
                Check::Structure,
                false,
                Native,
                Some(Updates::EveryUpdate),
            ),
            (Loosening, Check::Required, false, Native, None),
        ];
        for (direction, check, uncorrelatable, ratcheting, want) in cases {
            let got = updates(direction, check, uncorrelatable, ratcheting);
            assert_eq!(
                got, want,
                "{direction:?} {check:?} {uncorrelatable} {ratcheting:?}"
            );
        }
    }

    #[test]
    fn kubernetes_own_types_are_native() {
        assert_eq!(
            Ratcheting::of("io.k8s.api.apps.v1.DeploymentSpec"),
            Ratcheting::Native
        );
        let crd =
            "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition";
        assert_eq!(Ratcheting::of(crd), Ratcheting::Native);
        assert_eq!(
            Ratcheting::of("com.example.widgets.v1.Widget"),
            Ratcheting::Crd
        );
        assert_eq!(
            Ratcheting::of("io.k8s.sigs.gateway-api.apis.v1.Gateway"),
            Ratcheting::Crd
        );
    }
}
