//! Lengths and counts: how long a string may be (in characters or bytes), how many items a list
//! and how many entries a map or object may hold.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kb, kep, ko, vg, VALUES};

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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
            doc: "The most characters a string may have, as the schema's `maxLength`; nested under a selector, the rule `e.size() <= n`. It also bounds the cost of rules that read the string.",
            example: "+k8s:maxLength=64",
        },
        Entry {
            rule: Rule::MaxBytes,
            spellings: &[vg("k8s:maxBytes", P::Int)],
            scopes: VALUES,
            lower: None,
            check: None,
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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
            doc: "The most entries a map (or properties an object) may have, as the schema's `maxProperties`.",
            example: "+kubebuilder:validation:MaxProperties=16",
        },
    ],
};
