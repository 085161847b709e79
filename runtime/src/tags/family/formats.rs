//! Formats: named string formats, as a `format` keyword and, for the formats a server may not
//! know, the pattern, length or CEL rule that checks them; and the KEP's `+nameFormat` on an
//! object's metadata.

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{kb, kep, ko, vg, VALUES};

pub(crate) const FAMILY: Family = Family {
    name: "formats",
    doc: "Named string formats, and the format of an object's name.",
    entries: &[
        Entry {
            rule: Rule::Format,
            spellings: &[
                kep("format", P::String),
                vg("k8s:format", P::String),
                kb("kubebuilder:validation:Format", P::String),
                ko("k8s:validation:format", P::Json),
            ],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "A named format the string must have, as the schema's `format`. A Kubernetes format a server may not know also brings its pattern and maximum length, or a CEL rule with the format library; `k8s-short-name` and `k8s-long-name` stay bare, as CRD apiservers know them since 1.34. The KEP's `dns1123label` and `dns1123subdomain` are their older names; validation-gen's spelling takes only the Kubernetes formats.",
            example: "+k8s:format=k8s-short-name",
        },
        Entry {
            rule: Rule::NameFormat,
            spellings: &[kep("nameFormat", P::String)],
            scopes: Scopes::TYPE.or(Scopes::FIELD),
            lower: None,
            check: None,
            doc: "On an ObjectMeta (a struct with `name` and `generateName`): the format of the object's name, as the KEP's two rules, one on `name` and one on `generateName` with its trailing `-` masked as the apiserver masks it.",
            example: "+nameFormat='dns1123subdomain'",
        },
    ],
};
