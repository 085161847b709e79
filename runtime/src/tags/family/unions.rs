//! Unions: fields of a struct (or selected list items) of which exactly one, or at most one, is
//! set, optionally named by a discriminator field.

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{kep, vg};

pub(crate) const FAMILY: Family = Family {
    name: "unions",
    doc: "Members of which one (or at most one) is set, and their discriminator.",
    entries: &[
        Entry {
            rule: Rule::UnionMember,
            spellings: &[vg("k8s:unionMember", P::None)],
            scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
            lower: None,
            check: None,
            doc: "The field is a member of a union of its struct (named by `union:`, default unnamed): exactly one member is set. With a discriminator, the member may only and must be set when the discriminator holds its `memberName` (the Go field name by default). The rules stand on the struct, with validation-gen's messages.",
            example: "+k8s:unionMember(union: \"source\", memberName: \"Git\")",
        },
        Entry {
            rule: Rule::UnionDiscriminator,
            spellings: &[
                kep("unionDiscriminator", P::None),
                vg("k8s:unionDiscriminator", P::None),
            ],
            scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
            lower: None,
            check: None,
            doc: "The field names which member of its struct's union is set. validation-gen's spelling makes the members' rules depend on it; the KEP's is openapi-gen's, which publishes `x-kubernetes-unions` itself, so it is documentation here.",
            example: "+k8s:unionDiscriminator(union: \"source\")",
        },
        Entry {
            rule: Rule::ZeroOrOneOfMember,
            spellings: &[vg("k8s:zeroOrOneOfMember", P::None)],
            scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
            lower: None,
            check: None,
            doc: "The field is a member of a union of which at most one member is set; a union cannot mix these with `unionMember`.",
            example: "+k8s:zeroOrOneOfMember",
        },
    ],
};
