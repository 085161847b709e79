//! Structure: what a value's schema is as a whole, its type or whether its own validations apply.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kb, vg, VALUES};

pub(crate) const FAMILY: Family = Family {
    name: "structure",
    doc: "The schema's type, and types whose own validations do not apply.",
    entries: &[
        Entry {
            rule: Rule::OpaqueType,
            spellings: &[vg("k8s:opaqueType", P::None)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "validation-gen does not run the validations of the field's type from here. The schema is left as it is; documentation.",
            example: "+k8s:opaqueType",
        },
        Entry {
            rule: Rule::Type,
            spellings: &[kb("kubebuilder:validation:Type", P::String)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "The schema's `type` (`string`, `integer`, `number`, `boolean`, `array` or `object`), for a type whose Go type does not say it; it must agree with a type the Go type gives.",
            example: "+kubebuilder:validation:Type=string",
        },
    ],
};
