//! The `updates` verdict of a tightening or incompatible change: which UPDATEs of an object
//! stored under the old schema (and left unchanged) the new schema rejects, following the
//! apiserver's CRD validation ratcheting (KEP-4008, apiextensions-apiserver's ratcheting.go):
//!
//! - value validations (bounds, lengths, counts, pattern, format, enum, uniqueItems, CEL rules
//!   without `oldSelf`) are downgraded to warnings when the node's value equals its correlated
//!   old value, so they reject an update only when the field is edited;
//! - nodes below the items of an atomic or set list have no correlated old value of their own
//!   (only `x-kubernetes-list-type: map` items correlate, by key): they ratchet only while the
//!   whole list is unchanged, so an edit anywhere in the list counts;
//! - `required` belongs to the parent object: it ratchets only while the parent is unchanged;
//! - transition rules (`oldSelf`), list-type and map-key changes, type changes, removals and
//!   pruning do not ratchet at all.

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

/// The verdict for a change of `direction` made by `check`, at a node below the items of an
/// atomic or set list when `uncorrelatable`. `None` for directions that reject nothing.
pub fn updates(direction: Direction, check: Check, uncorrelatable: bool) -> Option<Updates> {
    if !direction.breaks_writers() {
        return None;
    }
    Some(match check {
        Check::Schema => Updates::None,
        Check::Value if uncorrelatable => Updates::ParentEdited,
        Check::Value => Updates::FieldEdited,
        Check::Required => Updates::ParentEdited,
        Check::Transition | Check::Structure => Updates::EveryUpdate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_ratcheting_rules() {
        use Direction::*;
        assert_eq!(updates(Loosening, Check::Value, false), None);
        assert_eq!(updates(Neutral, Check::Structure, false), None);
        assert_eq!(
            updates(Tightening, Check::Value, false),
            Some(Updates::FieldEdited)
        );
        assert_eq!(
            updates(Tightening, Check::Value, true),
            Some(Updates::ParentEdited)
        );
        assert_eq!(
            updates(Tightening, Check::Required, false),
            Some(Updates::ParentEdited)
        );
        assert_eq!(
            updates(Tightening, Check::Transition, false),
            Some(Updates::EveryUpdate)
        );
        assert_eq!(
            updates(Incompatible, Check::Structure, true),
            Some(Updates::EveryUpdate)
        );
    }
}
