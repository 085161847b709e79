//! Transitions: rules on updates, comparing a value with the one it replaces (`oldSelf`).

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{cel_field, field_json, push_rule, string, Effect, Out, Outcome};
use super::{kep, vg, FIELD};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Immutable: Rule = Rule("Immutable");
    pub const Update: Rule = Rule("Update");
}

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
            lower: immutable,
            check: None,
            members: None,
            doc: "The value cannot change once written: the rule `self == oldSelf`, and on a field also a rule on its struct that it is neither set nor unset by an update.",
            example: "+k8s:immutable",
        },
        Entry {
            rule: Rule::Update,
            spellings: &[vg("k8s:update", P::String)],
            scopes: FIELD,
            lower: update,
            check: None,
            members: None,
            doc: "One constraint on how an update may change a scalar or struct field: `NoSet` (not set once created), `NoUnset` (not cleared once set) or `NoModify` (not changed once set), each a transition rule; repeat the tag to combine them.",
            example: "+k8s:update=NoModify",
        },
    ],
};

fn immutable(place: &Place<'_>, _: &TagUse, schema: &mut Schema, out: &mut Out<'_>) -> Outcome {
    push_rule(
        schema,
        Validation::new("self == oldSelf", "field is immutable"),
    );
    if let Some(json) = place.json.filter(|_| place.scope == Scopes::FIELD) {
        out.parent_rules.push(immutable_presence(json));
    }
    Ok(Effect::Lowered)
}

/// The rule `+k8s:immutable` on field `json` puts on its struct: the field is neither set nor
/// unset by an update.
pub fn immutable_presence(json: &str) -> Validation {
    let f = cel_field(json);
    Validation::new(
        format!("has(self.{f}) == has(oldSelf.{f})"),
        "field is immutable",
    )
    .field(json)
}

/// What controller-gen puts on the struct in place of [`immutable_presence`]: for an optional
/// field only, that it is not unset once set (it may be set later); nothing for a required one.
pub fn controller_gen_immutable_presence(json: &str, optional: bool) -> Option<Validation> {
    let f = cel_field(json);
    optional.then(|| {
        Validation::new(
            format!("!has(oldSelf.{f}) || has(self.{f})"),
            format!("field {json} is immutable once set"),
        )
    })
}

fn update(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    let json = field_json(place, name)?;
    if matches!(place.kind, ValueKind::List | ValueKind::Map) {
        return Err(format!(
            "+{name}={} is currently not supported on list or map fields",
            string(tag)?
        ));
    }
    let f = cel_field(json);
    match string(tag)?.as_str() {
        "NoModify" => push_rule(
            schema,
            Validation::new("self == oldSelf", "field cannot be modified once set"),
        ),
        "NoSet" => out.parent_rules.push(
            Validation::new(
                format!("has(oldSelf.{f}) || !has(self.{f})"),
                "field cannot be set once created",
            )
            .field(json),
        ),
        "NoUnset" => out.parent_rules.push(
            Validation::new(
                format!("!has(oldSelf.{f}) || has(self.{f})"),
                "field cannot be cleared once set",
            )
            .field(json),
        ),
        other => {
            return Err(format!(
                "+{name}={other}: the update constraints are NoSet, NoUnset and NoModify"
            ))
        }
    }
    Ok(Effect::Lowered)
}
