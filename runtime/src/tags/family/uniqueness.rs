//! Uniqueness: lists whose items must differ, as a keyword or as a rule on atomic lists.

use super::super::lower::{Place, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{string, want_kind, Effect, Out, Outcome};
use super::{kb, ko, vg, VALUES};
use crate::schema::Schema;
use serde_json::Value;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const UniqueItems: Rule = Rule("UniqueItems");
    pub const Unique: Rule = Rule("Unique");
    pub const CustomUnique: Rule = Rule("CustomUnique");
}

pub(crate) const FAMILY: Family = Family {
    name: "uniqueness",
    doc: "Lists whose items (or item keys) must be unique.",
    entries: &[
        Entry {
            rule: Rule::UniqueItems,
            spellings: &[
                kb("kubebuilder:validation:UniqueItems", P::Bool),
                ko("k8s:validation:uniqueItems", P::Json),
            ],
            scopes: VALUES,
            lower: unique_items,
            check: None,
            members: None,
            doc: "The items of the list must all differ, as the schema's `uniqueItems` (which a CRD apiserver refuses; prefer `listType=set`).",
            example: "+kubebuilder:validation:UniqueItems=true",
        },
        Entry {
            rule: Rule::Unique,
            spellings: &[vg("k8s:unique", P::String)],
            scopes: VALUES,
            lower: unique,
            check: None,
            members: None,
            doc: "On an atomic list: items must be unique as a set (`set`) or by their `listMapKey`s (`map`). A schema keyword cannot say it for an atomic list, so it is a rule with reason `FieldValueDuplicate`.",
            example: "+k8s:unique=map",
        },
        Entry {
            rule: Rule::CustomUnique,
            spellings: &[vg("k8s:customUnique", P::None)],
            scopes: VALUES,
            lower: custom_unique,
            check: None,
            members: None,
            doc: "The list's uniqueness is checked by handwritten code: `+k8s:unique` then publishes no rule. Documentation.",
            example: "+k8s:customUnique",
        },
    ],
};

fn unique_items(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    want_kind(place, tag.name, &[ValueKind::List])?;
    schema.unique_items = !matches!(
        tag.payload,
        PayloadValue::Bool(false) | PayloadValue::Json(Value::Bool(false))
    );
    Ok(Effect::Lowered)
}

fn unique(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::List])?;
    let t = string(tag)?;
    if !matches!(t.as_str(), "set" | "map") {
        return Err(format!("+{name}={t}: unique is set or map"));
    }
    // The rule itself is written with the list type, once every tag of the place is read.
    if out.list.unique.replace(t).is_some() {
        return Err("unique tag cannot be specified more than once".into());
    }
    Ok(Effect::Lowered)
}

fn custom_unique(_: &Place<'_>, _: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    out.list.custom_unique = true;
    Ok(Effect::Documentation)
}
