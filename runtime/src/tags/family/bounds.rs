//! Bounds: the range and granularity of integers and numbers.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kb, kep, ko, vg, VALUES};

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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
            doc: "The largest value an integer or number may take, as the schema's `maximum`. Nested under a selector it becomes the rule `e <= n` with validation-gen's message.",
            example: "+kubebuilder:validation:Maximum=10",
        },
        Entry {
            rule: Rule::ExclusiveMinimum,
            spellings: &[
                kep("exclusiveMinimum", P::Number),
                kb("kubebuilder:validation:ExclusiveMinimum", P::Bool),
                ko("k8s:validation:exclusiveMinimum", P::Json),
            ],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Makes the lower bound exclusive. kubebuilder's and kube-openapi's spellings set OpenAPI v3.0's `exclusiveMinimum` flag; the KEP's takes the bound itself and sets both `minimum` and the flag.",
            example: "+exclusiveMinimum=0",
        },
        Entry {
            rule: Rule::ExclusiveMaximum,
            spellings: &[
                kep("exclusiveMaximum", P::Number),
                kb("kubebuilder:validation:ExclusiveMaximum", P::Bool),
                ko("k8s:validation:exclusiveMaximum", P::Json),
            ],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Makes the upper bound exclusive. kubebuilder's and kube-openapi's spellings set OpenAPI v3.0's `exclusiveMaximum` flag; the KEP's takes the bound itself and sets both `maximum` and the flag.",
            example: "+kubebuilder:validation:ExclusiveMaximum=true",
        },
        Entry {
            rule: Rule::MultipleOf,
            spellings: &[
                kb("kubebuilder:validation:MultipleOf", P::Number),
                ko("k8s:validation:multipleOf", P::Json),
            ],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "The value must be a whole multiple of this positive number, as the schema's `multipleOf`.",
            example: "+kubebuilder:validation:MultipleOf=5",
        },
    ],
};
