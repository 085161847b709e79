//! Lengths and counts: how long a string may be (in characters or bytes), how many items a list
//! and how many entries a map or object may hold.

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{count, push_rule, set_once, want_kind, Effect, Out, Outcome};
use super::{kb, kep, ko, vg, VALUES};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const MinLength: Rule = Rule("MinLength");
    pub const MaxLength: Rule = Rule("MaxLength");
    /// A length in bytes (validation-gen 0.36's `+k8s:maxBytes`).
    pub const MaxBytes: Rule = Rule("MaxBytes");
    pub const MinItems: Rule = Rule("MinItems");
    pub const MaxItems: Rule = Rule("MaxItems");
    pub const MinProperties: Rule = Rule("MinProperties");
    pub const MaxProperties: Rule = Rule("MaxProperties");
}

pub(crate) const FAMILY: Family = Family {
    name: "lengths",
    doc: "Lengths of strings and counts of list items and map entries.",
    entries: &[
        Entry {
            rule: Rule::MinLength,
            spellings: &[
                kep("minLength", P::Int),
                vg("k8s:minLength", P::Int),
                kb("kubebuilder:validation:MinLength", P::Int),
                ko("k8s:validation:minLength", P::Json),
            ],
            scopes: VALUES,
            lower: min_length,
            check: Some(check_min_length),
            members: None,
            doc: "The fewest characters a string may have, as the schema's `minLength`; nested under a selector, the rule `e.size() >= n`.",
            example: "+k8s:minLength=1",
        },
        Entry {
            rule: Rule::MaxLength,
            spellings: &[
                kep("maxLength", P::Int),
                vg("k8s:maxLength", P::Int),
                kb("kubebuilder:validation:MaxLength", P::Int),
                ko("k8s:validation:maxLength", P::Json),
            ],
            scopes: VALUES,
            lower: max_length,
            check: Some(check_max_length),
            members: None,
            doc: "The most characters a string may have, as the schema's `maxLength`; nested under a selector, the rule `e.size() <= n`. It also bounds the cost of rules that read the string.",
            example: "+k8s:maxLength=64",
        },
        Entry {
            rule: Rule::MaxBytes,
            spellings: &[vg("k8s:maxBytes", P::Int)],
            scopes: VALUES,
            lower: max_bytes,
            check: Some(check_max_bytes),
            members: None,
            doc: "The most bytes a string's UTF-8 encoding may take (validation-gen 0.36). No keyword says it, so it is the rule `bytes(self).size() <= n` with reason `FieldValueTooLong`.",
            example: "+k8s:maxBytes=256",
        },
        Entry {
            rule: Rule::MinItems,
            spellings: &[
                kep("minItems", P::Int),
                vg("k8s:minItems", P::Int),
                kb("kubebuilder:validation:MinItems", P::Int),
                ko("k8s:validation:minItems", P::Json),
            ],
            scopes: VALUES,
            lower: min_items,
            check: Some(check_min_items),
            members: None,
            doc: "The fewest items a list may hold, as the schema's `minItems`; nested under a selector, the rule `e.size() >= n`.",
            example: "+k8s:minItems=1",
        },
        Entry {
            rule: Rule::MaxItems,
            spellings: &[
                kep("maxItems", P::Int),
                vg("k8s:maxItems", P::Int),
                kb("kubebuilder:validation:MaxItems", P::Int),
                ko("k8s:validation:maxItems", P::Json),
            ],
            scopes: VALUES,
            lower: max_items,
            check: Some(check_max_items),
            members: None,
            doc: "The most items a list may hold, as the schema's `maxItems`; nested under a selector, the rule `e.size() <= n`. It also bounds the cost of rules that iterate the list.",
            example: "+k8s:maxItems=8",
        },
        Entry {
            rule: Rule::MinProperties,
            spellings: &[
                kep("minProperties", P::Int),
                vg("k8s:minProperties", P::Int),
                kb("kubebuilder:validation:MinProperties", P::Int),
                ko("k8s:validation:minProperties", P::Json),
            ],
            scopes: VALUES,
            lower: min_properties,
            check: None,
            members: None,
            doc: "The fewest entries a map (or properties an object) may have, as the schema's `minProperties`.",
            example: "+k8s:minProperties=1",
        },
        Entry {
            rule: Rule::MaxProperties,
            spellings: &[
                kep("maxProperties", P::Int),
                vg("k8s:maxProperties", P::Int),
                kb("kubebuilder:validation:MaxProperties", P::Int),
                ko("k8s:validation:maxProperties", P::Json),
            ],
            scopes: VALUES,
            lower: max_properties,
            check: None,
            members: None,
            doc: "The most entries a map (or properties an object) may have, as the schema's `maxProperties`.",
            example: "+kubebuilder:validation:MaxProperties=16",
        },
    ],
};

const STRING: &[ValueKind] = &[ValueKind::String];
const LIST: &[ValueKind] = &[ValueKind::List];

fn min_length(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    limit(place, tag, STRING, &mut schema.min_length)
}

fn max_length(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    limit(place, tag, STRING, &mut schema.max_length)
}

fn min_items(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    limit(place, tag, LIST, &mut schema.min_items)
}

fn max_items(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    limit(place, tag, LIST, &mut schema.max_items)
}

fn min_properties(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    let kinds = &[ValueKind::Map, ValueKind::Struct];
    limit(place, tag, kinds, &mut schema.min_properties)
}

fn max_properties(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    let kinds = &[ValueKind::Map, ValueKind::Struct];
    limit(place, tag, kinds, &mut schema.max_properties)
}

/// A keyword holding a count, on the kinds of value it counts in.
fn limit(place: &Place<'_>, tag: &TagUse, kinds: &[ValueKind], slot: &mut Option<u64>) -> Outcome {
    want_kind(place, tag.name, kinds)?;
    let n = count(tag)?;
    set_once(slot, n, tag.name)?;
    Ok(Effect::Lowered)
}

fn max_bytes(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    want_kind(place, tag.name, STRING)?;
    push_rule(
        schema,
        check_max_bytes(place, tag, "self")?.reason("FieldValueTooLong"),
    );
    Ok(Effect::Lowered)
}

fn check_min_length(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, STRING)?;
    size(inner, e, ">=", "must be at least {n} characters")
}

fn check_max_length(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, STRING)?;
    size(inner, e, "<=", "may not be more than {n} characters")
}

fn check_min_items(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, LIST)?;
    size(inner, e, ">=", "must have at least {n} items")
}

fn check_max_items(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, LIST)?;
    size(inner, e, "<=", "must have at most {n} items")
}

fn check_max_bytes(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, STRING)?;
    let n = count(inner)?;
    Ok(Validation::new(
        format!("bytes({e}).size() <= {n}"),
        format!("may not be more than {n} bytes"),
    ))
}

/// The rule `e.size() <op> n`, with `{n}` in the message replaced by the count.
fn size(inner: &TagUse, e: &str, op: &str, message: &str) -> Result<Validation, String> {
    let n = count(inner)?;
    Ok(Validation::new(
        format!("{e}.size() {op} {n}"),
        message.replace("{n}", &n.to_string()),
    ))
}
