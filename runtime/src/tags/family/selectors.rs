//! Selectors: tags that carry another tag to what a keyword cannot reach from where they stand
//! (every list item or map value, every map key, one subfield, the list items a key selects).

use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::{vg, VALUES};

pub(crate) const FAMILY: Family = Family {
    name: "selectors",
    doc: "Tags carrying a tag to elements, keys, subfields and selected items.",
    entries: &[
        Entry {
            rule: Rule::EachVal,
            spellings: &[vg("k8s:eachVal", P::Tag)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Applies the carried tag to every item of a list or value of a map, on `items` or `additionalProperties`, as if it stood there.",
            example: "+k8s:eachVal=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::EachKey,
            spellings: &[vg("k8s:eachKey", P::Tag)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Applies the carried tag to every key of a map, as the rule `self.all(k, ...)`; the carried tag must have a CEL form (a bound, length, count, format or `neq`).",
            example: "+k8s:eachKey=+k8s:format=k8s-short-name",
        },
        Entry {
            rule: Rule::Subfield,
            spellings: &[vg("k8s:subfield", P::Tag)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Applies the carried tag to one field of the struct, named by its JSON name: a rule on the struct that holds when the field is unset, or `has(...)` for a carried `+k8s:required`; a carried `+k8s:optional` is documentation.",
            example: "+k8s:subfield(name)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::Item,
            spellings: &[vg("k8s:item", P::Tag)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "Applies the carried tag to the items of a list whose fields hold the given values (`+k8s:item(type: \"Ready\")`): a rule over the selected items, a transition rule for `immutable`, or a union among selected items for `unionMember` and `zeroOrOneOfMember`.",
            example: "+k8s:item(type: \"Ready\")=+k8s:zeroOrOneOfMember",
        },
    ],
};
