//! Selectors: tags that carry another tag to what a keyword cannot reach from where they stand
//! (every list item or map value, every map key, one subfield, the list items a key selects).

use super::super::codetags::{Args, Scalar};
use super::super::lower::{check, lower_one, Place, Validation, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::Scopes;
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::lists::ListTags;
use super::shared::{
    cel_field, field_path, nested, push_rule, scalar_literal, want_kind, wrong_kind, Effect, Out,
    Outcome,
};
use super::unions::union_role;
use super::{kb, vg, VALUES};

/// How the items form of a `+kubebuilder:validation:` marker is spelled: the prefix, `:`, the
/// marker's own name after `validation:` and its value.
pub(crate) const ITEMS_PREFIX: &str = "kubebuilder:validation:items";
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const EachVal: Rule = Rule("EachVal");
    pub const Items: Rule = Rule("Items");
    pub const EachKey: Rule = Rule("EachKey");
    pub const Subfield: Rule = Rule("Subfield");
    pub const Item: Rule = Rule("Item");
}

pub(crate) const FAMILY: Family = Family {
    name: "selectors",
    doc: "Tags carrying a tag to elements, keys, subfields and selected items.",
    entries: &[
        Entry {
            rule: Rule::EachVal,
            spellings: &[vg("k8s:eachVal", P::Tag)],
            scopes: VALUES,
            lower: each_val,
            check: None,
            members: None,
            doc: "Applies the carried tag to every item of a list or value of a map, on `items` or `additionalProperties`, as if it stood there.",
            example: "+k8s:eachVal=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::Items,
            spellings: &[kb(ITEMS_PREFIX, P::Tag)],
            scopes: VALUES,
            lower: items,
            check: None,
            members: None,
            doc: "controller-gen's items form of a `+kubebuilder:validation:` marker (`items:MaxLength=255`, `items:XValidation:rule=...`): the marker applied to every item of the list, on `items`.",
            example: "+kubebuilder:validation:items:MaxLength=255",
        },
        Entry {
            rule: Rule::EachKey,
            spellings: &[vg("k8s:eachKey", P::Tag)],
            scopes: VALUES,
            lower: each_key,
            check: None,
            members: None,
            doc: "Applies the carried tag to every key of a map, as the rule `self.all(k, ...)`; the carried tag must have a CEL form (a bound, length, count, format or `neq`).",
            example: "+k8s:eachKey=+k8s:format=k8s-short-name",
        },
        Entry {
            rule: Rule::Subfield,
            spellings: &[vg("k8s:subfield", P::Tag)],
            scopes: VALUES,
            lower: subfield,
            check: None,
            members: Some(subfield_members),
            doc: "Applies the carried tag to one field of the struct, named by its JSON name: a rule on the struct that holds when the field is unset, or `has(...)` for a carried `+k8s:required`; a carried `+k8s:optional` is documentation.",
            example: "+k8s:subfield(name)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::Item,
            spellings: &[vg("k8s:item", P::Tag)],
            scopes: VALUES,
            lower: item,
            check: None,
            members: Some(item_members),
            doc: "Applies the carried tag to the items of a list whose fields hold the given values (`+k8s:item(type: \"Ready\")`): a rule over the selected items, a transition rule for `immutable`, or a union among selected items for `unionMember` and `zeroOrOneOfMember`.",
            example: "+k8s:item(type: \"Ready\")=+k8s:zeroOrOneOfMember",
        },
    ],
};

/// `conditions[{"type": "Approved"}]`: how validation-gen names a selected item.
fn selector_label(list: &str, selector: &[(String, Scalar)]) -> String {
    let parts: Vec<String> = selector
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Scalar::String(s) => serde_json::to_string(s).unwrap_or_default(),
                other => other.to_string(),
            };
            format!("\"{k}\": {value}")
        })
        .collect();
    format!("{list}[{{{}}}]", parts.join(", "))
}

fn each_val(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    let inner = nested(tag)?;
    let (elem_schema, scope) = match place.kind {
        ValueKind::List => (schema.items.as_deref_mut(), Scopes::LIST_VALUE),
        ValueKind::Map => (
            schema.additional_properties.as_deref_mut(),
            Scopes::MAP_VALUE,
        ),
        _ => return Err(wrong_kind(place, name, "a list or a map")),
    };
    let Some(elem_schema) = elem_schema else {
        return Err(format!("+{name}: the schema has no element to validate"));
    };
    let elem_place = Place::inner(scope, place.elem.unwrap_or(ValueKind::Other), place.members);
    // List tags of elements (lists of lists) are not published.
    let mut ignored = ListTags::default();
    let mut elem_out = Out {
        presence: &mut *out.presence,
        parent_rules: &mut *out.parent_rules,
        union: &mut *out.union,
        item_unions: &mut *out.item_unions,
        list: &mut ignored,
        overrides: &mut *out.overrides,
    };
    lower_one(&elem_place, inner, elem_schema, &mut elem_out)
}

/// controller-gen applies an items marker to the list's `items` only.
fn items(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, out: &mut Out<'_>) -> Outcome {
    if place.kind != ValueKind::List && place.kind != ValueKind::Other {
        return Err(wrong_kind(place, tag.name, "a list"));
    }
    each_val(place, tag, schema, out)
}

fn each_key(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    want_kind(place, tag.name, &[ValueKind::Map])?;
    let inner = nested(tag)?;
    let key_place = Place::inner(Scopes::MAP_KEY, ValueKind::String, &[]);
    let check = check(&key_place, inner, "k")?;
    push_rule(
        schema,
        Validation {
            rule: format!("self.all(k, {})", check.rule),
            ..check
        },
    );
    Ok(Effect::Lowered)
}

fn subfield(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::Struct])?;
    let Args::Positional(Scalar::String(sub)) = &tag.args else {
        return Err(format!(
            "+{name} needs the subfield's JSON name: +{name}(name)"
        ));
    };
    let Some(member) = place.members.iter().find(|m| &m.json == sub) else {
        return Err(no_subfield(name, sub));
    };
    let inner = nested(tag)?;
    let f = cel_field(sub);
    let member_place = Place {
        json: Some(sub),
        name: Some(&member.name),
        ..Place::inner(Scopes::FIELD, member.kind, &[])
    };
    match inner.rule {
        Rule::Optional => Ok(Effect::Documentation),
        Rule::Required => {
            push_rule(
                schema,
                Validation::new(format!("has(self.{f})"), "Required value")
                    .reason("FieldValueRequired")
                    .field(sub),
            );
            Ok(Effect::Lowered)
        }
        _ => {
            let c = check(&member_place, inner, &format!("self.{f}"))?;
            push_rule(
                schema,
                Validation {
                    rule: format!("!has(self.{f}) || {}", c.rule),
                    field_path: Some(field_path(sub)),
                    ..c
                },
            );
            Ok(Effect::Lowered)
        }
    }
}

fn item(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::List])?;
    let Args::Named(selector) = &tag.args else {
        return Err(format!(
            "+{name} selects items by their keys: +{name}(key: \"value\")=+<tag>"
        ));
    };
    let mut conditions = Vec::new();
    for (key, value) in selector {
        let Some(member) = place.members.iter().find(|m| &m.json == key) else {
            return Err(no_item_key(name, key));
        };
        let value = match value {
            Scalar::String(v) => PayloadValue::String(v.clone()),
            Scalar::Int(v) => PayloadValue::Int(*v),
            Scalar::Bool(v) => PayloadValue::Bool(*v),
        };
        let literal = scalar_literal(member.kind, &value, name)?;
        conditions.push(format!("i.{} == {literal}", cel_field(key)));
    }
    let selects = conditions.join(" && ");
    let label = selector_label(place.json.unwrap_or(""), selector);
    let inner = nested(tag)?;
    match inner.rule {
        Rule::UnionMember | Rule::ZeroOrOneOfMember => {
            let role = union_role(inner, &label)?;
            out.item_unions.push((selects, label, role));
            Ok(Effect::Lowered)
        }
        Rule::Immutable => {
            push_rule(
                schema,
                Validation::new(
                    format!("self.filter(i, {selects}) == oldSelf.filter(i, {selects})"),
                    format!("{label}: field is immutable"),
                ),
            );
            Ok(Effect::Lowered)
        }
        _ => {
            let item_place = Place::inner(
                Scopes::LIST_VALUE,
                place.elem.unwrap_or(ValueKind::Struct),
                place.members,
            );
            let c = check(&item_place, inner, "i")?;
            push_rule(
                schema,
                Validation {
                    rule: format!("self.all(i, !({selects}) || {})", c.rule),
                    ..c
                },
            );
            Ok(Effect::Lowered)
        }
    }
}

fn subfield_members(tag: &TagUse) -> Vec<(String, String)> {
    match &tag.args {
        Args::Positional(Scalar::String(sub)) => vec![(sub.clone(), no_subfield(tag.name, sub))],
        _ => Vec::new(),
    }
}

fn item_members(tag: &TagUse) -> Vec<(String, String)> {
    match &tag.args {
        Args::Named(selector) => selector
            .iter()
            .map(|(key, _)| (key.clone(), no_item_key(tag.name, key)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The error for a subfield the struct does not have.
fn no_subfield(name: &str, sub: &str) -> String {
    format!("+{name}({sub}): the struct has no field {sub:?}")
}

/// The error for an item selector naming a field the items do not have.
fn no_item_key(name: &str, key: &str) -> String {
    format!("+{name}: the list items have no field {key:?}")
}
