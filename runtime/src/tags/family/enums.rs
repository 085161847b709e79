//! Enums and excluded values: the values a string may take, constants left out of them, and a
//! value a field must not equal.

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{kb, kep, vg, VALUES};

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
            scopes: Scopes::TYPE.or(Scopes::FIELD),
            lower: None,
            check: None,
            doc: "The values a string may take, as the schema's `enum`. On a string type, `+enum` makes the type's constants its values (the generator lists them); kubebuilder's marker lists the values itself, separated by `;`.",
            example: "+kubebuilder:validation:Enum=Always;Never",
        },
        Entry {
            rule: Rule::EnumExclude,
            spellings: &[vg("k8s:enumExclude", P::None)],
            scopes: Scopes::CONST,
            lower: None,
            check: None,
            doc: "On a constant of an enum type: a value validation-gen leaves out of the ones it accepts. kubeidl reads it and counts it as documentation.",
            example: "+k8s:enumExclude",
        },
        Entry {
            rule: Rule::Neq,
            spellings: &[vg("k8s:neq", P::Raw)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "A string, integer or bool the value must not equal, typed like the field: the rule `self != v` with validation-gen's message (`must not be equal to ...`).",
            example: "+k8s:neq=\"default\"",
        },
    ],
};
