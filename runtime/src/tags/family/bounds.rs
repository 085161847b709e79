//! Bounds: the range and granularity of integers and numbers.

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{number, set_once, want_kind, Effect, Out, Outcome};
use super::{kb, kep, ko, vg, VALUES};
use crate::schema::Schema;
use serde_json::{Number, Value};

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Minimum: Rule = Rule("Minimum");
    pub const Maximum: Rule = Rule("Maximum");
    pub const ExclusiveMinimum: Rule = Rule("ExclusiveMinimum");
    pub const ExclusiveMaximum: Rule = Rule("ExclusiveMaximum");
    pub const MultipleOf: Rule = Rule("MultipleOf");
}

pub(crate) const FAMILY: Family = Family {
    name: "bounds",
    doc: "The range and granularity of integers and numbers.",
    entries: &[
        Entry {
            rule: Rule::Minimum,
            spellings: &[
                kep("minimum", P::Number),
                vg("k8s:minimum", P::Int),
                kb("kubebuilder:validation:Minimum", P::Number),
                ko("k8s:validation:minimum", P::Json),
            ],
            scopes: VALUES,
            lower: minimum,
            check: Some(check_minimum),
            members: None,
            doc: "The smallest value an integer or number may take, as the schema's `minimum`. Nested under a selector it becomes the rule `e >= n` with validation-gen's message.",
            example: "+k8s:minimum=0",
        },
        Entry {
            rule: Rule::Maximum,
            spellings: &[
                kep("maximum", P::Number),
                vg("k8s:maximum", P::Int),
                kb("kubebuilder:validation:Maximum", P::Number),
                ko("k8s:validation:maximum", P::Json),
            ],
            scopes: VALUES,
            lower: maximum,
            check: Some(check_maximum),
            members: None,
            doc: "The largest value an integer or number may take, as the schema's `maximum`. Nested under a selector it becomes the rule `e <= n` with validation-gen's message.",
            example: "+kubebuilder:validation:Maximum=10",
        },
        Entry {
            rule: Rule::ExclusiveMinimum,
            spellings: &[
                kep("exclusiveMinimum", P::Json),
                kb("kubebuilder:validation:ExclusiveMinimum", P::Bool),
                ko("k8s:validation:exclusiveMinimum", P::Json),
            ],
            scopes: VALUES,
            lower: exclusive_minimum,
            check: None,
            members: None,
            doc: "Makes the lower bound exclusive: `true` or `false` sets OpenAPI v3.0's `exclusiveMinimum` flag, in every spelling; the KEP's also takes a number as a shorthand for the bound and the flag (`+exclusiveMinimum=0` is `minimum: 0, exclusiveMinimum: true`).",
            example: "+exclusiveMinimum=0",
        },
        Entry {
            rule: Rule::ExclusiveMaximum,
            spellings: &[
                kep("exclusiveMaximum", P::Json),
                kb("kubebuilder:validation:ExclusiveMaximum", P::Bool),
                ko("k8s:validation:exclusiveMaximum", P::Json),
            ],
            scopes: VALUES,
            lower: exclusive_maximum,
            check: None,
            members: None,
            doc: "Makes the upper bound exclusive: `true` or `false` sets OpenAPI v3.0's `exclusiveMaximum` flag, in every spelling; the KEP's also takes a number as a shorthand for the bound and the flag.",
            example: "+kubebuilder:validation:ExclusiveMaximum=true",
        },
        Entry {
            rule: Rule::MultipleOf,
            spellings: &[
                kb("kubebuilder:validation:MultipleOf", P::Number),
                ko("k8s:validation:multipleOf", P::Json),
            ],
            scopes: VALUES,
            lower: multiple_of,
            check: None,
            members: None,
            doc: "The value must be a whole multiple of this positive number, as the schema's `multipleOf`.",
            example: "+kubebuilder:validation:MultipleOf=5",
        },
    ],
};

const NUMBERS: &[ValueKind] = &[ValueKind::Integer, ValueKind::Number];

fn minimum(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    bound(place, tag, &mut schema.minimum)
}

fn maximum(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    bound(place, tag, &mut schema.maximum)
}

fn bound(place: &Place<'_>, tag: &TagUse, slot: &mut Option<Number>) -> Outcome {
    want_kind(place, tag.name, NUMBERS)?;
    let n = number(tag)?;
    set_once(slot, n, tag.name)?;
    Ok(Effect::Lowered)
}

fn exclusive_minimum(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    exclusive(
        place,
        tag,
        &mut schema.minimum,
        &mut schema.exclusive_minimum,
    )
}

fn exclusive_maximum(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    exclusive(
        place,
        tag,
        &mut schema.maximum,
        &mut schema.exclusive_maximum,
    )
}

fn exclusive(
    place: &Place<'_>,
    tag: &TagUse,
    bound: &mut Option<Number>,
    flag: &mut bool,
) -> Outcome {
    want_kind(place, tag.name, NUMBERS)?;
    match &tag.payload {
        PayloadValue::Bool(b) | PayloadValue::Json(Value::Bool(b)) => *flag = *b,
        PayloadValue::Json(other) if !other.is_number() => {
            return Err(format!(
                "+{} takes true, false or a number, not {other}",
                tag.name
            ))
        }
        // The KEP's `+exclusiveMinimum=<n>`: the bound and the flag of OpenAPI v3.0.
        _ => {
            let n = number(tag)?;
            set_once(bound, n, tag.name)?;
            *flag = true;
        }
    }
    Ok(Effect::Lowered)
}

fn multiple_of(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, NUMBERS)?;
    let n = number(tag)?;
    if n.as_f64().is_some_and(|f| f <= 0.0) {
        return Err(format!("+{name} must be greater than 0"));
    }
    set_once(&mut schema.multiple_of, n, name)?;
    Ok(Effect::Lowered)
}

fn check_minimum(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, NUMBERS)?;
    check_bound(inner, e, ">=", "greater than or equal to")
}

fn check_maximum(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    want_kind(place, inner.name, NUMBERS)?;
    check_bound(inner, e, "<=", "less than or equal to")
}

fn check_bound(inner: &TagUse, e: &str, op: &str, what: &str) -> Result<Validation, String> {
    let n = number(inner)?;
    Ok(Validation::new(
        format!("{e} {op} {n}"),
        format!("must be {what} {n}"),
    ))
}
