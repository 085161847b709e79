//! Unions: fields of a struct (or selected list items) of which exactly one, or at most one, is
//! set, optionally named by a discriminator field.

use super::super::codetags::{Args, Scalar};
use super::super::lower::{Place, UnionRole, Validation, ValueKind};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::Dialect;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{
    cel_field, cel_string, field_json, push_rule, want_kind, Effect, Out, Outcome,
};
use super::{kb, kep, vg};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const UnionMember: Rule = Rule("UnionMember");
    pub const UnionDiscriminator: Rule = Rule("UnionDiscriminator");
    pub const ZeroOrOneOfMember: Rule = Rule("ZeroOrOneOfMember");
    pub const AtMostOneOf: Rule = Rule("AtMostOneOf");
    pub const ExactlyOneOf: Rule = Rule("ExactlyOneOf");
    pub const AtLeastOneOf: Rule = Rule("AtLeastOneOf");
}

pub(crate) const FAMILY: Family = Family {
    name: "unions",
    doc: "Members of which one (or at most one) is set, and their discriminator.",
    entries: &[
        Entry {
            rule: Rule::UnionMember,
            spellings: &[vg("k8s:unionMember", P::None)],
            scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
            lower: union_member,
            check: None,
            members: None,
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
            lower: union_member,
            check: None,
            members: None,
            doc: "The field names which member of its struct's union is set. validation-gen's spelling makes the members' rules depend on it; the KEP's is openapi-gen's, which publishes `x-kubernetes-unions` itself, so it is documentation here.",
            example: "+k8s:unionDiscriminator(union: \"source\")",
        },
        Entry {
            rule: Rule::ZeroOrOneOfMember,
            spellings: &[vg("k8s:zeroOrOneOfMember", P::None)],
            scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
            lower: union_member,
            check: None,
            members: None,
            doc: "The field is a member of a union of which at most one member is set; a union cannot mix these with `unionMember`.",
            example: "+k8s:zeroOrOneOfMember",
        },
        Entry {
            rule: Rule::AtMostOneOf,
            spellings: &[kb("kubebuilder:validation:AtMostOneOf", P::List)],
            scopes: Scopes::TYPE,
            lower: at_most_one_of,
            check: None,
            members: None,
            doc: "On a struct type: at most one of the listed fields (JSON names, each optional) is set, as the rule controller-gen writes. Repeatable, one rule per tag.",
            example: "+kubebuilder:validation:AtMostOneOf=configMapRef;secretRef",
        },
        Entry {
            rule: Rule::ExactlyOneOf,
            spellings: &[kb("kubebuilder:validation:ExactlyOneOf", P::List)],
            scopes: Scopes::TYPE,
            lower: exactly_one_of,
            check: None,
            members: None,
            doc: "On a struct type: exactly one of the listed fields (JSON names, each optional) is set. Repeatable.",
            example: "+kubebuilder:validation:ExactlyOneOf=http;grpc",
        },
        Entry {
            rule: Rule::AtLeastOneOf,
            spellings: &[kb("kubebuilder:validation:AtLeastOneOf", P::List)],
            scopes: Scopes::TYPE,
            lower: at_least_one_of,
            check: None,
            members: None,
            doc: "On a struct type: at least one of the listed fields (JSON names, each optional) is set. Repeatable.",
            example: "+kubebuilder:validation:AtLeastOneOf=email;phone",
        },
    ],
};

fn union_member(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    // openapi-gen's `+union` and `+unionDiscriminator` make `x-kubernetes-unions`.
    if tag.rule == Rule::UnionDiscriminator && tag.dialect == Dialect::Kep {
        return Ok(Effect::Documentation);
    }
    field_json(place, tag.name)?;
    let member = place.name.or(place.json).unwrap_or_default();
    out.union.push(union_role(tag, member)?);
    Ok(Effect::Lowered)
}

/// The role of a union tag, `member` being the member's default discriminator value.
pub(crate) fn union_role(tag: &TagUse, member: &str) -> Result<UnionRole, String> {
    let mut union = String::new();
    let mut member_name = None;
    match &tag.args {
        Args::None => {}
        Args::Named(args) => {
            for (k, v) in args {
                let Scalar::String(v) = v else {
                    return Err(format!("+{}: {k} is a string", tag.name));
                };
                match k.as_str() {
                    "union" => union = v.clone(),
                    "memberName" if tag.rule != Rule::UnionDiscriminator => {
                        member_name = Some(v.clone())
                    }
                    _ => return Err(format!("+{}: unrecognized named argument {k:?}", tag.name)),
                }
            }
        }
        Args::Positional(_) => {
            return Err(format!(
                "+{}: arguments are named: (union: \"u\", memberName: \"M\")",
                tag.name
            ))
        }
    }
    Ok(match tag.rule {
        Rule::UnionDiscriminator => UnionRole::Discriminator { union },
        Rule::ZeroOrOneOfMember => UnionRole::ZeroOrOneOf { union },
        _ => UnionRole::Member {
            union,
            member: member_name.unwrap_or_else(|| member.to_string()),
        },
    })
}

/// One member of a union, as the struct (or list) rule sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnionMember {
    /// The name in messages: the JSON name, or the selected item's label.
    pub label: String,
    /// CEL that is true when the member is set.
    pub is_set: String,
    pub role: UnionRole,
    /// The member's wire name, for field members (the path of per-member errors).
    pub json: Option<String>,
}

impl UnionMember {
    /// A struct field member.
    pub fn field(json: &str, role: UnionRole) -> UnionMember {
        UnionMember {
            label: json.to_string(),
            is_set: format!("has(self.{})", cel_field(json)),
            role,
            json: Some(json.to_string()),
        }
    }

    /// A selected list item (`+k8s:item(k: v)=+k8s:zeroOrOneOfMember`).
    pub fn item(selects: &str, label: &str, role: UnionRole) -> UnionMember {
        UnionMember {
            label: label.to_string(),
            is_set: format!("self.exists(i, {selects})"),
            role,
            json: None,
        }
    }
}

/// The rules of the unions among `members`, in sorted union-name order, with validation-gen's
/// messages.
pub fn union_rules(members: &[UnionMember]) -> Result<Vec<Validation>, String> {
    let union_of = |r: &UnionRole| match r {
        UnionRole::Member { union, .. }
        | UnionRole::ZeroOrOneOf { union }
        | UnionRole::Discriminator { union } => union.clone(),
    };
    let mut names: Vec<String> = members.iter().map(|m| union_of(&m.role)).collect();
    names.sort();
    names.dedup();
    let mut rules = Vec::new();
    for union in names {
        let in_union: Vec<&UnionMember> = members
            .iter()
            .filter(|m| union_of(&m.role) == union)
            .collect();
        let discriminator = in_union
            .iter()
            .filter(|m| matches!(m.role, UnionRole::Discriminator { .. }))
            .collect::<Vec<_>>();
        if discriminator.len() > 1 {
            return Err(format!("union {union:?} has more than one discriminator"));
        }
        let set: Vec<&&UnionMember> = in_union
            .iter()
            .filter(|m| !matches!(m.role, UnionRole::Discriminator { .. }))
            .collect();
        let zero_or_one = set
            .iter()
            .any(|m| matches!(m.role, UnionRole::ZeroOrOneOf { .. }));
        if zero_or_one
            && set
                .iter()
                .any(|m| matches!(m.role, UnionRole::Member { .. }))
        {
            return Err(format!(
                "union {union:?} mixes unionMember and zeroOrOneOfMember"
            ));
        }
        let listed = set
            .iter()
            .map(|m| format!("`{}`", m.label))
            .collect::<Vec<_>>()
            .join(", ");
        let count = set
            .iter()
            .map(|m| format!("({} ? 1 : 0)", m.is_set))
            .collect::<Vec<_>>()
            .join(" + ");
        if let Some(d) = discriminator.first() {
            let d_json = d.json.clone().unwrap_or_default();
            for m in &set {
                let UnionRole::Member { member, .. } = &m.role else {
                    continue;
                };
                let member = std::slice::from_ref(member);
                rules.push(only_when(&d_json, member, &m.is_set, m.json.as_deref()));
                rules.push(set_when(&d_json, member, &m.is_set, m.json.as_deref()));
            }
        } else if zero_or_one {
            rules.push(Validation::new(
                format!("{count} <= 1"),
                format!("must specify at most one of: {listed}"),
            ));
        } else if !set.is_empty() {
            rules.push(Validation::new(
                format!("{count} >= 1"),
                format!("must specify one of: {listed}"),
            ));
            rules.push(Validation::new(
                format!("{count} <= 1"),
                format!("must specify exactly one of: {listed}"),
            ));
        }
    }
    Ok(rules)
}

/// The rule that a member (set when `is_set`) is set only when the discriminator `d_json` is
/// one of `values`: `may only be specified when `kind` is "Git"`.
fn only_when(d_json: &str, values: &[String], is_set: &str, json: Option<&str>) -> Validation {
    let (is, named) = discriminator_is(d_json, values);
    let rule = Validation::new(
        format!("!{is_set} || ({is})"),
        format!("may only be specified when `{d_json}` {named}"),
    );
    at_member(rule, json)
}

/// The rule that a member (set when `is_set`) is set when the discriminator `d_json` is one of
/// `values`: `must be specified when `kind` is "Git"`.
fn set_when(d_json: &str, values: &[String], is_set: &str, json: Option<&str>) -> Validation {
    let (is, named) = discriminator_is(d_json, values);
    let rule = Validation::new(
        format!("{is_set} || !({is})"),
        format!("must be specified when `{d_json}` {named}"),
    );
    at_member(rule, json)
}

/// A member's rule reports at the member's field, when it is one.
fn at_member(rule: Validation, json: Option<&str>) -> Validation {
    match json {
        Some(j) => rule.field(j),
        None => rule,
    }
}

/// That the discriminator `d_json` is one of `values`, in CEL and in words (`is "Git"`, `is
/// one of "Basic", "Token"`).
fn discriminator_is(d_json: &str, values: &[String]) -> (String, String) {
    let f = cel_field(d_json);
    let quoted: Vec<String> = values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap_or_default())
        .collect();
    match values {
        [one] => (
            format!("has(self.{f}) && self.{f} == {}", cel_string(one)),
            format!("is {}", quoted[0]),
        ),
        many => {
            let listed: Vec<String> = many.iter().map(|v| cel_string(v)).collect();
            (
                format!("has(self.{f}) && self.{f} in [{}]", listed.join(", ")),
                format!("is one of {}", quoted.join(", ")),
            )
        }
    }
}

/// The rules of a field of an object whose discriminator `discriminator` says which of its
/// fields it holds (a Rust enum tagged internally, whose variants have fields of their own):
/// the field `json` may only be set when the discriminator names one of the variants that
/// have it, `variants`, and must be set when it names one of those where it is required,
/// `required_in`. A variant of one field is a union member (`+k8s:unionMember`) and gets the
/// same two rules, with the same words.
pub fn variant_field_rules(
    discriminator: &str,
    json: &str,
    variants: &[String],
    required_in: &[String],
) -> Vec<Validation> {
    let is_set = format!("has(self.{})", cel_field(json));
    let mut rules = vec![only_when(discriminator, variants, &is_set, Some(json))];
    if !required_in.is_empty() {
        rules.push(set_when(discriminator, required_in, &is_set, Some(json)));
    }
    rules
}

/// How many of a one-of marker's fields may be set.
#[derive(Clone, Copy)]
enum OneOf {
    AtMost,
    Exactly,
    AtLeast,
}

fn at_most_one_of(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    one_of(place, tag, schema, OneOf::AtMost)
}

fn exactly_one_of(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    one_of(place, tag, schema, OneOf::Exactly)
}

fn at_least_one_of(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    _: &mut Out<'_>,
) -> Outcome {
    one_of(place, tag, schema, OneOf::AtLeast)
}

/// controller-gen's rule for a one-of marker: a sum of `has()`es compared with 1, or their `||`.
fn one_of(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, how: OneOf) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::Struct])?;
    let PayloadValue::List(values) = &tag.payload else {
        return Err(format!("+{name} takes field names: +{name}=a;b"));
    };
    let fields: Vec<String> = values
        .iter()
        .map(|v| match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect();
    let nested: Vec<&str> = fields
        .iter()
        .filter(|f| f.contains('.'))
        .map(String::as_str)
        .collect();
    if !nested.is_empty() {
        return Err(format!(
            "+{name}: cannot reference nested fields: {}; name fields of this struct",
            nested.join(",")
        ));
    }
    for field in &fields {
        match place.members.iter().find(|m| &m.json == field) {
            None if !place.members.is_empty() => {
                return Err(format!(
                    "+{name}: the struct has no field {field:?} (JSON names: {})",
                    place
                        .members
                        .iter()
                        .map(|m| m.json.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
            Some(m) if !m.optional => {
                return Err(format!(
                    "+{name}: field {field} is part of a one-of constraint and must be optional: give it omitempty or omitzero, and no +required"
                ))
            }
            _ => {}
        }
    }
    let listed = format!("[{}]", fields.join(" "));
    let sum = || {
        fields
            .iter()
            .map(|f| format!("(has(self.{f})?1:0)"))
            .collect::<Vec<_>>()
            .join("+")
    };
    let rule = match how {
        OneOf::AtMost => Validation::new(
            format!("{} <= 1", sum()),
            format!("at most one of the fields in {listed} may be set"),
        ),
        OneOf::Exactly => Validation::new(
            format!("{} == 1", sum()),
            format!("exactly one of the fields in {listed} must be set"),
        ),
        OneOf::AtLeast => Validation::new(
            fields
                .iter()
                .map(|f| format!("has(self.{f})"))
                .collect::<Vec<_>>()
                .join("||"),
            format!("at least one of the fields in {listed} must be set"),
        ),
    };
    push_rule(schema, rule);
    Ok(Effect::Lowered)
}
