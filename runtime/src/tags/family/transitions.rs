//! Transitions: rules on updates, comparing a value with the one it replaces (`oldSelf`).

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{kep, vg, FIELD};

pub(crate) const FAMILY: Family = Family {
    name: "transitions",
    doc: "What an update may do to a value.",
    entries: &[
        Entry {
            rule: Rule::Immutable,
            spellings: &[kep("immutable", P::None), vg("k8s:immutable", P::None)],
            scopes: Scopes::TYPE
                .or(Scopes::FIELD)
                .or(Scopes::LIST_VALUE)
                .or(Scopes::MAP_VALUE),
            lower: None,
            check: None,
            doc: "The value cannot change once written: the rule `self == oldSelf`, and on a field also a rule on its struct that it is neither set nor unset by an update.",
            example: "+k8s:immutable",
        },
        Entry {
            rule: Rule::Update,
            spellings: &[vg("k8s:update", P::String)],
            scopes: FIELD,
            lower: None,
            check: None,
            doc: "One constraint on how an update may change a scalar or struct field: `NoSet` (not set once created), `NoUnset` (not cleared once set) or `NoModify` (not changed once set), each a transition rule; repeat the tag to combine them.",
            example: "+k8s:update=NoModify",
        },
    ],
};
