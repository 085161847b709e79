//! Overrides: a field's tags for one member of its struct type, for this use of the type only
//! (KEP-4153's shared template schemas: a template whose `capacity` is required in one use and
//! optional in another). The field's type keeps its definition; the field refers to a variant of
//! it, named after the type, the struct holding the field and the field, in which the member's
//! tags are replaced by the override's. Both front ends build the variant with [`variant`]
//! once every definition is known.

use super::super::codetags::{Args, Scalar};
use super::super::lower::{
    add_rules, lower, At, Place, Presence, Validation, ValueKind, VALIDATIONS,
};
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{nested, want_kind, Effect, Out, Outcome};
use super::{vg, FIELD};
use crate::schema::{definition_name, ref_target, reference_of, reference_of_mut, Schema};
use serde_json::Value;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Override: Rule = Rule("Override");
}

pub(crate) const FAMILY: Family = Family {
    name: "overrides",
    doc: "A member's tags replaced for one use of a shared struct type.",
    entries: &[Entry {
        rule: Rule::Override,
        spellings: &[vg("k8s:override", P::Tag)],
        scopes: FIELD,
        lower: override_,
        check: None,
        members: Some(override_members),
        doc: "For this field only, the member of its struct type named by its JSON name takes the carried tag in place of its own of the same kind: `+k8s:override(capacity)=+k8s:optional` makes a required member optional here, `+k8s:override(name)=+k8s:maxLength=16` replaces its `maxLength`. The field then refers to a variant of its type's definition, `<type>_<struct>_<field>`, which differs from the type's in that member alone; every other use keeps the type's own.",
        example: "+k8s:override(capacity)=+k8s:optional",
    }],
};

/// One member's tag, replaced for one use of its struct type, and what it lowers to there.
#[derive(Debug, Clone, PartialEq)]
pub struct Override {
    /// The member's JSON name.
    pub member: String,
    pub tag: TagUse,
    /// The keywords and rules the tag writes on the member's property.
    pub keywords: Schema,
    /// Whether the tag makes the member required or optional.
    pub presence: Option<Presence>,
    /// Rules the tag asks of the struct.
    pub struct_rules: Vec<Validation>,
}

fn override_(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::Struct])?;
    let member = member_of(tag)?;
    let Some(m) = place.members.iter().find(|m| m.json == member) else {
        return Err(no_member(name, &member));
    };
    let inner = nested(tag)?;
    let entry = super::super::registry::entry(inner.rule);
    // List types are left out: a derived validator checks lists by the type's own.
    let list_type = matches!(inner.rule, Rule::ListType | Rule::ListMapKey | Rule::Unique);
    if !entry.scopes.contains(Scopes::FIELD) || entry.members.is_some() || list_type {
        return Err(format!(
            "+{name}({member}): +{} cannot stand for a member here",
            inner.name
        ));
    }
    // Lowered here, on its own, so a wrong tag is an error at the field; the variant takes
    // the result when every definition is known.
    let member_place = Place {
        json: Some(&m.json),
        name: Some(&m.name),
        ..Place::inner(Scopes::FIELD, m.kind, &[])
    };
    let mut keywords = Schema::default();
    let lowered = lower(
        &member_place,
        &[At {
            tag: inner.clone(),
            pos: (),
        }],
        &mut keywords,
    );
    if let Some(e) = lowered.errors.first() {
        return Err(format!("+{name}({member}): {}", e.message));
    }
    out.overrides.push(Override {
        member,
        tag: inner.clone(),
        keywords,
        presence: lowered.presence,
        struct_rules: lowered.parent_rules,
    });
    Ok(Effect::Lowered)
}

fn member_of(tag: &TagUse) -> Result<String, String> {
    match &tag.args {
        Args::Positional(Scalar::String(member)) => Ok(member.clone()),
        _ => Err(format!(
            "+{} needs the member's JSON name: +{}(capacity)=+k8s:optional",
            tag.name, tag.name
        )),
    }
}

fn override_members(tag: &TagUse) -> Vec<(String, String)> {
    match member_of(tag) {
        Ok(member) => vec![(member.clone(), no_member(tag.name, &member))],
        Err(_) => Vec::new(),
    }
}

fn no_member(name: &str, member: &str) -> String {
    format!("+{name}({member}): the field's type has no member with JSON name {member:?}")
}

/// The name of the variant of the definition `base` that the field `field` of the struct whose
/// definition is `owner` refers to: `com.example.v1.Template_Pool_spare`.
pub fn variant_name(base: &str, owner: &str, field: &str) -> String {
    let owner = owner.rsplit('.').next().unwrap_or(owner);
    format!("{base}_{owner}_{field}")
}

/// The variant of the definition `base`: each overridden member's property takes what its
/// override lowers to in place of the same keywords (rules are added), and its presence in
/// `required` follows a presence override.
pub fn variant(base: &Schema, overrides: &[Override]) -> Result<Schema, String> {
    let mut out = base.clone();
    for o in overrides {
        if let Some(presence) = o.presence {
            presence.apply(&o.member, &mut out.required);
        }
        add_rules(&mut out, o.struct_rules.iter().cloned());
        let property = out.properties.get_mut(&o.member).ok_or_else(|| {
            format!(
                "+k8s:override({}): the definition has no property {:?}",
                o.member, o.member
            )
        })?;
        overlay(property, &o.keywords)?;
    }
    Ok(out)
}

/// Writes the keywords of `scratch` over those of `property`; rules are added after its own.
fn overlay(property: &mut Schema, keywords: &Schema) -> Result<(), String> {
    let Value::Object(mut target) = property.to_json() else {
        return Err("a property is an object".into());
    };
    let Value::Object(over) = keywords.to_json() else {
        return Err("a property is an object".into());
    };
    for (key, value) in over {
        match (key.as_str(), target.get_mut(&key), value) {
            (VALIDATIONS, Some(Value::Array(rules)), Value::Array(more)) => rules.extend(more),
            (_, _, value) => {
                target.insert(key, value);
            }
        }
    }
    *property = Schema::from_json(&Value::Object(target)).map_err(|e| e.to_string())?;
    Ok(())
}

/// The definition a field's property refers to, directly or through the apiserver's `allOf`
/// wrapping.
pub fn referenced(property: &Schema) -> Option<String> {
    Some(definition_name(reference_of(property)?)?.into_owned())
}

/// Points a field's property at the definition `to` in place of the one it refers to.
pub fn retarget(property: &mut Schema, to: &str) {
    if let Some(reference) = reference_of_mut(property) {
        *reference = ref_target(to);
    }
}
