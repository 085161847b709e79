//! Overrides: a field's tags for one member of its struct type, for this use of the type only
//! (KEP-4153's shared template schemas: a template whose `capacity` is required in one use and
//! optional in another). The field's type keeps its definition; the field refers to a variant of
//! it, named after the type, the struct holding the field and the field, in which the member's
//! tags are replaced by the override's. Both front ends build the variant with [`variant`]
//! once every definition is known.

use super::super::codetags::{Args, Scalar};
use super::super::lower::{
    add_rules, lower, At, Lowered, Member, Place, Presence, ValueKind, VALIDATIONS,
};
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{nested, want_kind, Effect, Out, Outcome};
use super::{vg, FIELD};
use crate::schema::{definition_name, ref_target, Schema};
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

/// One member's tag, replaced for one use of its struct type.
#[derive(Debug, Clone, PartialEq)]
pub struct Override {
    /// The member's JSON name.
    pub member: String,
    pub tag: TagUse,
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
    // Lowered now, on its own, so a wrong tag is an error at the field.
    let lowered = lower_override(m, inner, &mut Schema::default());
    if let Some(e) = lowered.errors.first() {
        return Err(format!("+{name}({member}): {}", e.message));
    }
    out.overrides.push(Override {
        member,
        tag: inner.clone(),
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

fn lower_override(member: &Member, tag: &TagUse, schema: &mut Schema) -> Lowered<()> {
    let place = Place {
        json: Some(&member.json),
        name: Some(&member.name),
        ..Place::inner(Scopes::FIELD, member.kind, &[])
    };
    lower(
        &place,
        &[At {
            tag: tag.clone(),
            pos: (),
        }],
        schema,
    )
}

/// The name of the variant of the definition `base` that the field `field` of the struct whose
/// definition is `owner` refers to: `com.example.v1.Template_Pool_spare`.
pub fn variant_name(base: &str, owner: &str, field: &str) -> String {
    let owner = owner.rsplit('.').next().unwrap_or(owner);
    format!("{base}_{owner}_{field}")
}

/// The variant of the definition `base`: each overridden member's property takes what its
/// override lowers to in place of the same keywords (rules are added), and its presence in
/// `required` follows a presence override. `members`: the struct's members.
pub fn variant(
    base: &Schema,
    overrides: &[Override],
    members: &[Member],
) -> Result<Schema, String> {
    let mut out = base.clone();
    for o in overrides {
        let member = members
            .iter()
            .find(|m| m.json == o.member)
            .ok_or_else(|| no_member("k8s:override", &o.member))?;
        let mut scratch = Schema::default();
        let lowered = lower_override(member, &o.tag, &mut scratch);
        if let Some(e) = lowered.errors.first() {
            return Err(format!("+k8s:override({}): {}", o.member, e.message));
        }
        match lowered.presence {
            Some(Presence::Required) if !out.required.contains(&o.member) => {
                out.required.push(o.member.clone())
            }
            Some(Presence::Optional) => out.required.retain(|r| *r != o.member),
            _ => {}
        }
        add_rules(&mut out, lowered.parent_rules);
        let property = out.properties.get_mut(&o.member).ok_or_else(|| {
            format!(
                "+k8s:override({}): the definition has no property {:?}",
                o.member, o.member
            )
        })?;
        overlay(property, &scratch)?;
    }
    Ok(out)
}

/// Writes the keywords of `scratch` over those of `property`; rules are added after its own.
fn overlay(property: &mut Schema, scratch: &Schema) -> Result<(), String> {
    let Value::Object(mut target) = property.to_json() else {
        return Err("a property is an object".into());
    };
    let Value::Object(over) = scratch.to_json() else {
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
    let reference = match (&property.reference, property.all_of.as_slice()) {
        (Some(r), _) => r,
        (None, [only]) => only.reference.as_ref()?,
        _ => return None,
    };
    Some(definition_name(reference)?.into_owned())
}

/// Points a field's property at the definition `to` in place of the one it refers to.
pub fn retarget(property: &mut Schema, to: &str) {
    let reference = match (&mut property.reference, property.all_of.as_mut_slice()) {
        (Some(r), _) => r,
        (None, [only]) => match only.reference.as_mut() {
            Some(r) => r,
            None => return,
        },
        _ => return,
    };
    *reference = ref_target(to);
}
