//! Patterns: a regular expression a string must match.

use super::super::lower::{Place, ValueKind};
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{set_once, string, want_kind, Effect, Out, Outcome};
use super::{kb, kep, ko, VALUES};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Pattern: Rule = Rule("Pattern");
}

pub(crate) const FAMILY: Family = Family {
    name: "patterns",
    doc: "Regular expressions strings must match.",
    entries: &[Entry {
        rule: Rule::Pattern,
        spellings: &[
            kep("pattern", P::Raw),
            kb("kubebuilder:validation:Pattern", P::String),
            ko("k8s:validation:pattern", P::Json),
        ],
        scopes: VALUES,
        lower: pattern,
        check: None,
        members: None,
        doc: "A regular expression the string must match, as the schema's `pattern`. An expression that does not compile is an error at the tag. The KEP's spelling takes the rest of the line as written, or, written as a Go string (`\"...\"` or a backquoted one), what it quotes, as every other spelling reads it.",
        example: "+pattern=^[a-z]+$",
    }],
};

fn pattern(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::String])?;
    let pattern = unquoted(string(tag)?);
    if let Err(e) = regex::Regex::new(&pattern) {
        return Err(format!("+{name}: invalid regular expression: {e}"));
    }
    set_once(&mut schema.pattern, pattern, name)?;
    Ok(Effect::Lowered)
}

/// A pattern written as a Go string (`"^a$"`, `` `^a$` ``) is what it quotes, in every dialect;
/// other text is the pattern as written.
fn unquoted(pattern: String) -> String {
    let quoted = (pattern.starts_with('"') && pattern.ends_with('"'))
        || (pattern.starts_with('`') && pattern.ends_with('`'));
    if pattern.len() >= 2 && quoted {
        if let Some(inner) = crate::strconv::unquote(&pattern) {
            return inner;
        }
    }
    pattern
}
