//! Patterns: a regular expression a string must match.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kb, kep, ko, VALUES};

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
        lower: None,
        check: None,
        doc: "A regular expression the string must match, as the schema's `pattern`. An expression that does not compile is an error at the tag; the KEP's spelling takes the rest of the line as written.",
        example: "+pattern=^[a-z]+$",
    }],
};
