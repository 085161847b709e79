//! Enums and excluded values: the values a string may take, constants left out of them, and a
//! value a field must not equal.

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{push_rule, scalar_literal, want_kind, Effect, Out, Outcome};
use super::{kb, kep, vg, VALUES};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Enum: Rule = Rule("Enum");
    pub const EnumExclude: Rule = Rule("EnumExclude");
    pub const Neq: Rule = Rule("Neq");
}

pub(crate) const FAMILY: Family = Family {
    name: "enums",
    doc: "The values a field may take, and values it must not take.",
    entries: &[
        Entry {
            rule: Rule::Enum,
            spellings: &[
                kep("enum", P::None),
                vg("k8s:enum", P::None),
                kb("kubebuilder:validation:Enum", P::List),
            ],
            // The listing spelling reaches list items (`items:Enum`); the others stand on types.
            scopes: VALUES,
            lower: enum_,
            check: None,
            members: None,
            doc: "The values a string may take, as the schema's `enum`. On a string type, `+enum` makes the type's constants its values (the generator lists them); kubebuilder's marker lists the values itself, separated by `;`.",
            example: "+kubebuilder:validation:Enum=Always;Never",
        },
        Entry {
            rule: Rule::EnumExclude,
            spellings: &[vg("k8s:enumExclude", P::None)],
            scopes: Scopes::CONST,
            lower: enum_exclude,
            check: None,
            members: None,
            doc: "On a constant of an enum type: a value validation-gen leaves out of the ones it accepts. kubeidl reads it and counts it as documentation.",
            example: "+k8s:enumExclude",
        },
        Entry {
            rule: Rule::Neq,
            spellings: &[vg("k8s:neq", P::Raw)],
            scopes: VALUES,
            lower: neq,
            check: Some(check_neq),
            members: None,
            doc: "A string, integer or bool the value must not equal, typed like the field: the rule `self != v` with validation-gen's message (`must not be equal to ...`).",
            example: "+k8s:neq=\"default\"",
        },
    ],
};

fn enum_(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    match &tag.payload {
        PayloadValue::List(values) => {
            schema.enum_values = values.clone();
            Ok(Effect::Lowered)
        }
        // `+enum` on a type: the generator lists the type's constants.
        _ if place.scope == Scopes::TYPE => {
            want_kind(place, tag.name, &[ValueKind::String])?;
            Ok(Effect::Lowered)
        }
        _ => Err(format!(
            "+{} stands on a string type, whose constants are its values",
            tag.name
        )),
    }
}

fn enum_exclude(_: &Place<'_>, _: &TagUse, _: &mut Schema, _: &mut Out<'_>) -> Outcome {
    Ok(Effect::Documentation)
}

fn neq(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let v = scalar_literal(place.kind, &tag.payload, tag.name)?;
    push_rule(
        schema,
        Validation::new(format!("self != {v}"), neq_message(&tag.payload)),
    );
    Ok(Effect::Lowered)
}

fn check_neq(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    let v = scalar_literal(place.kind, &inner.payload, inner.name)?;
    Ok(Validation::new(
        format!("{e} != {v}"),
        neq_message(&inner.payload),
    ))
}

/// validation-gen's message: `%q` for strings, `%v` otherwise.
fn neq_message(payload: &PayloadValue) -> String {
    let shown = match payload {
        PayloadValue::String(s) => crate::strconv::quote(s),
        PayloadValue::Int(i) => i.to_string(),
        PayloadValue::Bool(b) => b.to_string(),
        _ => String::new(),
    };
    format!("must not be equal to {shown}")
}
