//! Presence and defaults: whether a field must, may or must not be set, whether it may be null,
//! and the value the apiserver fills in when it is unset.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kb, kep, ko, vg, FIELD, VALUES};

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
            lower: None,
            check: None,
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
            lower: None,
            check: None,
            doc: "The field may be left unset. It keeps the field out of its struct's `required` list and is otherwise documentation.",
            example: "+k8s:optional",
        },
        Entry {
            rule: Rule::Forbidden,
            spellings: &[vg("k8s:forbidden", P::None)],
            scopes: FIELD,
            lower: None,
            check: None,
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
            lower: None,
            check: None,
            doc: "The value may be `null`: the schema says `nullable: true` (kube-openapi's line takes `true` or `false`).",
            example: "+nullable",
        },
        Entry {
            rule: Rule::Default,
            spellings: &[kep("default", P::Raw), kb("kubebuilder:default", P::Json)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "The value the apiserver fills in for an unset field. openapi-gen reads the KEP's `+default` itself (typed by the Go type, `ref(...)` included); kubebuilder's JSON becomes the schema's `default`, and two tags giving different defaults are an error.",
            example: "+kubebuilder:default=3",
        },
    ],
};
