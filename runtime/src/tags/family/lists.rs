//! List and map types: how a list merges and which of its items' fields are its keys.

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{kep, vg, VALUES};

pub(crate) const FAMILY: Family = Family {
    name: "lists",
    doc: "How lists merge (atomic, set or map) and the keys of map lists.",
    entries: &[
        Entry {
            rule: Rule::ListType,
            spellings: &[kep("listType", P::String), vg("k8s:listType", P::String)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "How a list merges: `atomic`, `set` or `map`, as `x-kubernetes-list-type`. The KEP's and validation-gen's spellings are one declaration when they agree. Like openapi-gen, kubeidl keeps the KEP's `+listType` on a field that is not a list, with a warning.",
            example: "+listType=map",
        },
        Entry {
            rule: Rule::ListMapKey,
            spellings: &[
                kep("listMapKey", P::String),
                vg("k8s:listMapKey", P::String),
            ],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "A field of a map list's items that identifies an item, as one of `x-kubernetes-list-map-keys`; repeat the tag for several keys. It needs `listType=map` (or `unique=map`), and each key must be a field of the items.",
            example: "+listMapKey=name",
        },
    ],
};
