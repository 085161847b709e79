//! What several families share: the shape of a lowering function and of a nested check, the
//! outcome of lowering one tag, the sink of what a tag asks of the enclosing struct, and small
//! helpers for payloads, kinds and rules.

use super::super::lower::ListTags;
use super::super::lower::{Place, Presence, UnionRole, Validation};
use super::super::read::TagUse;
use crate::schema::Schema;

/// What became of one tag.
pub(crate) enum Effect {
    Lowered,
    Documentation,
    /// Not published, for the reason given (a warning).
    LeftOut(String),
}

/// The outcome of lowering one tag: an effect, or the error at the tag.
pub(crate) type Outcome = Result<Effect, String>;

/// What one tag's lowering writes besides its place's schema: the parts of
/// [`Lowered`](super::super::lower::Lowered) that do not depend on where tags were written.
pub(crate) struct Out<'a> {
    pub presence: &'a mut Option<Presence>,
    /// Rules for the struct holding the field.
    pub parent_rules: &'a mut Vec<Validation>,
    pub union: &'a mut Vec<UnionRole>,
    /// Rules on the list field that stand for unions of selected items.
    pub item_unions: &'a mut Vec<(String, String, UnionRole)>,
    /// List metadata, applied once every tag of the place is read.
    pub list: &'a mut ListTags,
}

/// Lowers a tag (already checked to stand in a scope its entry allows) onto its place.
pub(crate) type LowerFn = fn(&Place<'_>, &TagUse, &mut Schema, &mut Out<'_>) -> Outcome;

/// A tag as a CEL check over the expression `e` (the `&str`) at a place.
pub(crate) type CheckFn = fn(&Place<'_>, &TagUse, &str) -> Result<Validation, String>;
