//! Presence and defaults: whether a field must, may or must not be set, whether it may be null,
//! and the value the apiserver fills in when it is unset.

use super::super::lower::{Place, Presence, Validation, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::Dialect;
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{cel_field, field_json, Effect, Out, Outcome};
use super::{kb, kep, ko, vg, FIELD, VALUES};
use crate::schema::Schema;
use serde_json::Value;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Required: Rule = Rule("Required");
    pub const Optional: Rule = Rule("Optional");
    pub const Forbidden: Rule = Rule("Forbidden");
    pub const Nullable: Rule = Rule("Nullable");
    pub const Default: Rule = Rule("Default");
}

pub(crate) const FAMILY: Family = Family {
    name: "presence",
    doc: "Whether a field must, may or must not be set, may be null, and its default.",
    entries: &[
        Entry {
            rule: Rule::Required,
            spellings: &[
                kep("required", P::None),
                vg("k8s:required", P::None),
                kb("kubebuilder:validation:Required", P::None),
            ],
            scopes: FIELD,
            lower: required,
            check: None,
            members: None,
            doc: "The field must be set: its JSON name joins the `required` list of the struct holding it. A field tagged both required and optional is required, with a warning.",
            example: "+k8s:required",
        },
        Entry {
            rule: Rule::Optional,
            spellings: &[
                kep("optional", P::None),
                vg("k8s:optional", P::None),
                kb("kubebuilder:validation:Optional", P::None),
            ],
            scopes: FIELD,
            lower: optional,
            check: None,
            members: None,
            doc: "The field may be left unset. It keeps the field out of its struct's `required` list and is otherwise documentation.",
            example: "+k8s:optional",
        },
        Entry {
            rule: Rule::Forbidden,
            spellings: &[vg("k8s:forbidden", P::None)],
            scopes: FIELD,
            lower: forbidden,
            check: None,
            members: None,
            doc: "The field must not be set: the struct holding it gets the rule `!has(self.<field>)` with reason `FieldValueForbidden`, and the field is optional.",
            example: "+k8s:forbidden",
        },
        Entry {
            rule: Rule::Nullable,
            spellings: &[
                kep("nullable", P::None),
                ko("k8s:validation:nullable", P::Json),
            ],
            scopes: FIELD,
            lower: nullable,
            check: None,
            members: None,
            doc: "The value may be `null`: the schema says `nullable: true` (kube-openapi's line takes `true` or `false`).",
            example: "+nullable",
        },
        Entry {
            rule: Rule::Default,
            spellings: &[kep("default", P::Raw), kb("kubebuilder:default", P::Json)],
            scopes: VALUES,
            lower: default,
            check: None,
            members: None,
            doc: "The value the apiserver fills in for an unset field. openapi-gen reads the KEP's `+default` itself (typed by the Go type, `ref(...)` included); kubebuilder's JSON becomes the schema's `default`, and two tags giving different defaults are an error.",
            example: "+kubebuilder:default=3",
        },
    ],
};

fn required(_: &Place<'_>, _: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    set_presence(out, Presence::Required);
    Ok(Effect::Lowered)
}

fn optional(_: &Place<'_>, _: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    set_presence(out, Presence::Optional);
    Ok(Effect::Documentation)
}

fn forbidden(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let json = field_json(place, tag.name)?;
    out.parent_rules.push(
        Validation::new(format!("!has(self.{})", cel_field(json)), "Forbidden")
            .reason("FieldValueForbidden")
            .field(json),
    );
    set_presence(out, Presence::Optional);
    Ok(Effect::Lowered)
}

fn nullable(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    schema.nullable = match &tag.payload {
        PayloadValue::Json(Value::Bool(b)) => *b,
        PayloadValue::Json(_) => return Err(format!("+{} takes true or false", tag.name)),
        _ => true,
    };
    Ok(Effect::Lowered)
}

fn default(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    // openapi-gen reads `+default` itself, typed by the Go type and with `ref(...)`.
    if tag.dialect == Dialect::Kep {
        return Ok(Effect::Lowered);
    }
    let PayloadValue::Json(value) = &tag.payload else {
        return Err(format!("+{name} takes a JSON value"));
    };
    // The marker syntax's `{}` is a map or a list, as the field is.
    let empty_list = Value::Array(Vec::new());
    let value = match value {
        Value::Object(m) if m.is_empty() && place.kind == ValueKind::List => &empty_list,
        v => v,
    };
    match &schema.default {
        // controller-gen applies `+kubebuilder:default` after `+default`, so it wins.
        Some(_) if tag.dialect == Dialect::Kubebuilder => {
            schema.default = Some(value.clone());
            Ok(Effect::Lowered)
        }
        Some(existing) if existing != value => Err(format!(
            "+{name}={value} conflicts with the default {existing} of another tag"
        )),
        _ => {
            schema.default = Some(value.clone());
            Ok(Effect::Lowered)
        }
    }
}

/// Required wins over optional, whichever tag comes first.
fn set_presence(out: &mut Out<'_>, presence: Presence) {
    if out.presence.is_none() || presence == Presence::Required {
        *out.presence = Some(presence);
    }
}
