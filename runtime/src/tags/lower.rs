//! Lowering: what the validation tags of one place (a type, a struct field, a list item, a map
//! key or value) become in OpenAPI. Keywords where the schema can say it (bounds, lengths,
//! counts, pattern, format, enum, list types), `x-kubernetes-validations` rules otherwise
//! (`+validationRule`, uniqueness on atomic lists, transitions, formats a server may not know,
//! checks on subfields and selected items), and what the enclosing struct learns: whether the
//! field is required, rules that must stand on the struct (forbidden fields, unions).
//!
//! The Go generator and the derive macro both call [`lower`]; a tag's meaning lives only here.

use super::codetags::{Args, Scalar};
use super::family::lists::ListTags;
use super::family::rules::apply_cel_parts;
pub use super::family::shared::cel_string;
use super::family::shared::{
    cel_field, field_json, field_path, nested, no_item_key, no_subfield, not_object_meta,
    push_rule, scalar_literal, string, want_kind, wrong_kind, Effect, Out, Outcome, NAME_MEMBERS,
};
use super::read::{PayloadValue, TagUse};
use super::registry::{entry, Dialect, Rule, Scopes};
use crate::schema::Schema;
use serde_json::{json, Value};

/// What kind of value a place holds, as far as tags care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    String,
    Integer,
    Number,
    Bool,
    List,
    Map,
    Struct,
    /// Anything else (`interface{}`, types with their own schema methods).
    Other,
}

impl ValueKind {
    /// Whether a non-pointer value of this kind is unset when zero (`x-kubernetes-strip-zero`):
    /// scalars, lists and maps; not structs, whose zero value is `{}`.
    pub fn strips_zero(self) -> bool {
        matches!(
            self,
            ValueKind::String
                | ValueKind::Integer
                | ValueKind::Number
                | ValueKind::Bool
                | ValueKind::List
                | ValueKind::Map
        )
    }

    pub(crate) fn describe(self) -> &'static str {
        match self {
            ValueKind::String => "a string",
            ValueKind::Integer => "an integer",
            ValueKind::Number => "a number",
            ValueKind::Bool => "a bool",
            ValueKind::List => "a list",
            ValueKind::Map => "a map",
            ValueKind::Struct => "a struct",
            ValueKind::Other => "this type",
        }
    }
}

/// A member of a struct, as a rule on the struct sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The wire name.
    pub json: String,
    /// The Go (or Rust) field name: a union member's discriminator value by default.
    pub name: String,
    pub kind: ValueKind,
}

/// The place tags stand on.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub scope: Scopes,
    pub kind: ValueKind,
    /// The wire name, for a field.
    pub json: Option<&'a str>,
    /// The Go (or Rust) name, for a field: a union member's discriminator value by default.
    pub name: Option<&'a str>,
    /// Items of a list, values of a map.
    pub elem: Option<ValueKind>,
    /// The members of the struct the place holds (or of its list items).
    pub members: &'a [Member],
}

impl<'a> Place<'a> {
    /// A value inside another place (a list item, a map key or value): no field name, no
    /// elements of its own.
    pub(crate) fn inner(scope: Scopes, kind: ValueKind, members: &'a [Member]) -> Place<'a> {
        Place {
            scope,
            kind,
            json: None,
            name: None,
            elem: None,
            members,
        }
    }
}

/// A tag and where it was written (a source position, a span: whatever the caller reports with).
#[derive(Debug, Clone)]
pub struct At<P> {
    pub tag: TagUse,
    pub pos: P,
}

/// A tag that cannot be lowered where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct TagError<P> {
    pub pos: P,
    pub message: String,
}

/// One `x-kubernetes-validations` entry.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Validation {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    /// As CRDs spell it: `FieldValueInvalid`, `FieldValueForbidden`, ...
    pub reason: Option<String>,
    pub field_path: Option<String>,
    pub optional_old_self: bool,
}

impl Validation {
    pub(crate) fn new(rule: impl Into<String>, message: impl Into<String>) -> Validation {
        Validation {
            rule: rule.into(),
            message: Some(message.into()),
            ..Validation::default()
        }
    }

    pub(crate) fn reason(mut self, reason: &str) -> Validation {
        self.reason = Some(reason.to_string());
        self
    }

    pub(crate) fn field(mut self, json: &str) -> Validation {
        self.field_path = Some(field_path(json));
        self
    }

    pub fn to_json(&self) -> Value {
        let mut out = serde_json::Map::new();
        if let Some(m) = &self.field_path {
            out.insert("fieldPath".into(), json!(m));
        }
        if let Some(m) = &self.message {
            out.insert("message".into(), json!(m));
        }
        if let Some(m) = &self.message_expression {
            out.insert("messageExpression".into(), json!(m));
        }
        if self.optional_old_self {
            out.insert("optionalOldSelf".into(), json!(true));
        }
        if let Some(m) = &self.reason {
            out.insert("reason".into(), json!(m));
        }
        out.insert("rule".into(), json!(self.rule));
        Value::Object(out)
    }
}

/// A field's part in a union of its struct.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnionRole {
    /// `+k8s:unionMember`: exactly one member is set. `member` is the discriminator value.
    Member {
        union: String,
        member: String,
    },
    /// `+k8s:zeroOrOneOfMember`: at most one member is set.
    ZeroOrOneOf {
        union: String,
    },
    Discriminator {
        union: String,
    },
}

/// Whether the struct must hold the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Required,
    Optional,
}

/// How many tags a place had and what became of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Validation tags read.
    pub seen: usize,
    /// Tags that put a keyword or a rule into the schema.
    pub lowered: usize,
    /// Tags that only document what the schema already says or leave it as it is (`optional`,
    /// `customUnique`, `opaqueType`). The rest of `seen` is left out with a warning (an
    /// option-dependent `ifEnabled`) or in error.
    pub documentation: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.seen += other.seen;
        self.lowered += other.lowered;
        self.documentation += other.documentation;
    }
}

/// What lowering a place's tags gives besides the edits of its schema.
#[derive(Debug, Clone)]
pub struct Lowered<P> {
    pub presence: Option<Presence>,
    /// Rules for the struct holding the field.
    pub parent_rules: Vec<Validation>,
    pub union: Vec<UnionRole>,
    /// Rules on the list field that stand for unions of selected items.
    pub item_unions: Vec<(String, String, UnionRole)>,
    pub counts: Counts,
    pub errors: Vec<TagError<P>>,
    /// What is suspicious but accepted as the tags' upstream readers accept it.
    pub warnings: Vec<TagError<P>>,
    /// Each rule written (on the place or for its struct) and the tag that wrote it.
    pub origins: Vec<RuleOrigin<P>>,
    /// Where each tag counted as lowered stands.
    pub lowered_at: Vec<P>,
}

impl<P> Lowered<P> {
    /// Applies the field's `+k8s:required` or `+k8s:optional` to its struct's `required` list,
    /// where the field is named `json`.
    pub fn apply_presence(&self, json: &str, required: &mut Vec<String>) {
        match self.presence {
            Some(Presence::Required) if !required.iter().any(|r| r == json) => {
                required.push(json.to_string())
            }
            Some(Presence::Optional) => required.retain(|r| r != json),
            _ => {}
        }
    }

    /// The rules on a list field that stand for the unions among its selected items
    /// (`+k8s:item(...)=+k8s:unionMember`), none when there are none.
    pub fn item_union_rules(&self) -> Result<Vec<Validation>, String> {
        if self.item_unions.is_empty() {
            return Ok(Vec::new());
        }
        let items: Vec<UnionMember> = self
            .item_unions
            .iter()
            .map(|(selects, label, role)| UnionMember::item(selects, label, role.clone()))
            .collect();
        union_rules(&items)
    }
}

/// Where a rule came from.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleOrigin<P> {
    pub rule: String,
    pub pos: P,
    /// Written by the user (`+validationRule`, XValidation, `cel[i]` lines), not made by
    /// kubeidl from a declarative tag.
    pub authored: bool,
}

/// The `x-kubernetes-validations` key.
pub const VALIDATIONS: &str = "x-kubernetes-validations";

/// Lowers the tags of one place onto its schema. Tags of several dialects that mean the same
/// thing are applied once; conflicting ones are errors.
pub fn lower<P: Clone>(place: &Place<'_>, tags: &[At<P>], schema: &mut Schema) -> Lowered<P> {
    let mut out = Lowered {
        presence: None,
        parent_rules: Vec::new(),
        union: Vec::new(),
        item_unions: Vec::new(),
        counts: Counts::default(),
        errors: Vec::new(),
        warnings: Vec::new(),
        origins: Vec::new(),
        lowered_at: Vec::new(),
    };
    let mut list = ListTags::default();
    let mut cel_parts: Vec<(usize, String, Value, P)> = Vec::new();
    for at in tags {
        out.counts.seen += 1;
        let tag = &at.tag;
        if let Some(warning) = openapi_gen_leniency(place, tag) {
            out.warnings.push(TagError {
                pos: at.pos.clone(),
                message: warning,
            });
            out.counts.lowered += 1;
            out.lowered_at.push(at.pos.clone());
            continue;
        }
        let before = (rule_texts(schema).len(), out.parent_rules.len());
        let result = match &tag.payload {
            PayloadValue::CelPart { index, key, value } => {
                cel_parts.push((*index, key.clone(), value.clone(), at.pos.clone()));
                Ok(Effect::Lowered)
            }
            _ => {
                let mut sink = Out {
                    presence: &mut out.presence,
                    parent_rules: &mut out.parent_rules,
                    union: &mut out.union,
                    item_unions: &mut out.item_unions,
                    list: &mut list,
                };
                lower_one(place, tag, schema, &mut sink)
            }
        };
        let written: Vec<String> = rule_texts(schema)
            .into_iter()
            .skip(before.0)
            .chain(out.parent_rules[before.1..].iter().map(|r| r.rule.clone()))
            .collect();
        let authored = tag.rule == Rule::ValidationRule;
        out.origins
            .extend(written.into_iter().map(|rule| RuleOrigin {
                rule,
                pos: at.pos.clone(),
                authored,
            }));
        match result {
            Ok(Effect::Lowered) => {
                out.counts.lowered += 1;
                out.lowered_at.push(at.pos.clone());
            }
            Ok(Effect::Documentation) => out.counts.documentation += 1,
            Ok(Effect::LeftOut(why)) => out.warnings.push(TagError {
                pos: at.pos.clone(),
                message: why,
            }),
            Err(message) => out.errors.push(TagError {
                pos: at.pos.clone(),
                message,
            }),
        }
    }
    match apply_cel_parts(cel_parts, schema) {
        Ok(origins) => out.origins.extend(origins),
        Err((pos, message)) => out.errors.push(TagError { pos, message }),
    }
    let before = rule_texts(schema).len();
    let list_result = list.apply(place, schema);
    if let Some(at) = tags.iter().find(|t| t.tag.rule == Rule::Unique) {
        for rule in rule_texts(schema).into_iter().skip(before) {
            out.origins.push(RuleOrigin {
                rule,
                pos: at.pos.clone(),
                authored: false,
            });
        }
    }
    let pos = tags
        .iter()
        .find(|t| matches!(t.tag.rule, Rule::ListType | Rule::ListMapKey | Rule::Unique))
        .or(tags.first())
        .map(|t| t.pos.clone());
    match (list_result, pos) {
        (Err(message), Some(pos)) => out.errors.push(TagError { pos, message }),
        (Ok(Some(message)), Some(pos)) => out.warnings.push(TagError { pos, message }),
        _ => {}
    }
    let optional = tags.iter().find(|t| t.tag.rule == Rule::Optional);
    let required = tags.iter().find(|t| t.tag.rule == Rule::Required);
    if let (Some(_), Some(required)) = (optional, required) {
        // validation-gen's lint says the same, as a warning; the required tag wins.
        out.warnings.push(TagError {
            pos: required.pos.clone(),
            message: format!(
                "fields cannot be both optional and required; +{} wins",
                required.tag.name
            ),
        });
    }
    out
}

/// openapi-gen copies `+listType` and `+listMapKey` into the schema whatever the field is (it
/// only logs a misplaced one), and Kubernetes publishes them so; kubeidl does the same with a
/// warning instead of failing.
fn openapi_gen_leniency(place: &Place<'_>, tag: &TagUse) -> Option<String> {
    let list_tag = matches!(tag.rule, Rule::ListType | Rule::ListMapKey);
    (list_tag && tag.dialect == Dialect::Kep && place.kind != ValueKind::List).then(|| {
        format!(
            "tag \"+{}\" stands on {}, not a list; kept as openapi-gen keeps it",
            tag.name,
            place.kind.describe()
        )
    })
}

/// Lowers one tag: checks that it may stand where it does, then lowers it by its entry.
pub(crate) fn lower_one(
    place: &Place<'_>,
    tag: &TagUse,
    schema: &mut Schema,
    out: &mut Out<'_>,
) -> Outcome {
    let name = tag.name;
    let e = entry(tag.rule);
    if !e.scopes.contains(place.scope) {
        return Err(format!(
            "tag \"+{name}\" cannot be specified on {}",
            place.scope.describe()
        ));
    }
    if let Some(lower) = e.lower {
        return lower(place, tag, schema, out);
    }
    match tag.rule {
        Rule::Immutable => {
            push_rule(
                schema,
                Validation::new("self == oldSelf", "field is immutable"),
            );
            if let Some(json) = place.json.filter(|_| place.scope == Scopes::FIELD) {
                let f = cel_field(json);
                out.parent_rules.push(
                    Validation::new(
                        format!("has(self.{f}) == has(oldSelf.{f})"),
                        "field is immutable",
                    )
                    .field(json),
                );
            }
            Ok(Effect::Lowered)
        }
        Rule::Update => {
            let json = field_json(place, name)?;
            if matches!(place.kind, ValueKind::List | ValueKind::Map) {
                return Err(format!(
                    "+{name}={} is currently not supported on list or map fields",
                    string(tag)?
                ));
            }
            let f = cel_field(json);
            match string(tag)?.as_str() {
                "NoModify" => push_rule(
                    schema,
                    Validation::new("self == oldSelf", "field cannot be modified once set"),
                ),
                "NoSet" => out.parent_rules.push(
                    Validation::new(
                        format!("has(oldSelf.{f}) || !has(self.{f})"),
                        "field cannot be set once created",
                    )
                    .field(json),
                ),
                "NoUnset" => out.parent_rules.push(
                    Validation::new(
                        format!("!has(oldSelf.{f}) || has(self.{f})"),
                        "field cannot be cleared once set",
                    )
                    .field(json),
                ),
                other => {
                    return Err(format!(
                        "+{name}={other}: the update constraints are NoSet, NoUnset and NoModify"
                    ))
                }
            }
            Ok(Effect::Lowered)
        }
        Rule::EachVal => {
            let inner = nested(tag)?;
            let (elem_schema, scope) = match place.kind {
                ValueKind::List => (schema.items.as_deref_mut(), Scopes::LIST_VALUE),
                ValueKind::Map => (
                    schema.additional_properties.as_deref_mut(),
                    Scopes::MAP_VALUE,
                ),
                _ => return Err(wrong_kind(place, name, "a list or a map")),
            };
            let Some(elem_schema) = elem_schema else {
                return Err(format!("+{name}: the schema has no element to validate"));
            };
            let elem_place =
                Place::inner(scope, place.elem.unwrap_or(ValueKind::Other), place.members);
            let mut ignored = ListTags::default();
            let mut elem_out = Out {
                presence: &mut *out.presence,
                parent_rules: &mut *out.parent_rules,
                union: &mut *out.union,
                item_unions: &mut *out.item_unions,
                list: &mut ignored,
            };
            lower_one(&elem_place, inner, elem_schema, &mut elem_out)
        }
        Rule::EachKey => {
            want_kind(place, name, &[ValueKind::Map])?;
            let inner = nested(tag)?;
            let key_place = Place::inner(Scopes::MAP_KEY, ValueKind::String, &[]);
            let check = check(&key_place, inner, "k")?;
            push_rule(
                schema,
                Validation {
                    rule: format!("self.all(k, {})", check.rule),
                    ..check
                },
            );
            Ok(Effect::Lowered)
        }
        Rule::Subfield => {
            want_kind(place, name, &[ValueKind::Struct])?;
            let Args::Positional(Scalar::String(sub)) = &tag.args else {
                return Err(format!(
                    "+{name} needs the subfield's JSON name: +{name}(name)"
                ));
            };
            let Some(member) = place.members.iter().find(|m| &m.json == sub) else {
                return Err(no_subfield(name, sub));
            };
            let inner = nested(tag)?;
            let f = cel_field(sub);
            let member_place = Place {
                json: Some(sub),
                name: Some(&member.name),
                ..Place::inner(Scopes::FIELD, member.kind, &[])
            };
            match inner.rule {
                Rule::Optional => Ok(Effect::Documentation),
                Rule::Required => {
                    push_rule(
                        schema,
                        Validation::new(format!("has(self.{f})"), "Required value")
                            .reason("FieldValueRequired")
                            .field(sub),
                    );
                    Ok(Effect::Lowered)
                }
                _ => {
                    let c = check(&member_place, inner, &format!("self.{f}"))?;
                    push_rule(
                        schema,
                        Validation {
                            rule: format!("!has(self.{f}) || {}", c.rule),
                            field_path: Some(field_path(sub)),
                            ..c
                        },
                    );
                    Ok(Effect::Lowered)
                }
            }
        }
        Rule::Item => {
            want_kind(place, name, &[ValueKind::List])?;
            let Args::Named(selector) = &tag.args else {
                return Err(format!(
                    "+{name} selects items by their keys: +{name}(key: \"value\")=+<tag>"
                ));
            };
            let mut conditions = Vec::new();
            for (key, value) in selector {
                let Some(member) = place.members.iter().find(|m| &m.json == key) else {
                    return Err(no_item_key(name, key));
                };
                let value = match value {
                    Scalar::String(v) => PayloadValue::String(v.clone()),
                    Scalar::Int(v) => PayloadValue::Int(*v),
                    Scalar::Bool(v) => PayloadValue::Bool(*v),
                };
                let literal = scalar_literal(member.kind, &value, name)?;
                conditions.push(format!("i.{} == {literal}", cel_field(key)));
            }
            let selects = conditions.join(" && ");
            let label = selector_label(place.json.unwrap_or(""), selector);
            let inner = nested(tag)?;
            match inner.rule {
                Rule::UnionMember | Rule::ZeroOrOneOfMember => {
                    let role = union_role(inner, &label)?;
                    out.item_unions.push((selects, label, role));
                    Ok(Effect::Lowered)
                }
                Rule::Immutable => {
                    push_rule(
                        schema,
                        Validation::new(
                            format!("self.filter(i, {selects}) == oldSelf.filter(i, {selects})"),
                            format!("{label}: field is immutable"),
                        ),
                    );
                    Ok(Effect::Lowered)
                }
                _ => {
                    let item_place = Place::inner(
                        Scopes::LIST_VALUE,
                        place.elem.unwrap_or(ValueKind::Struct),
                        place.members,
                    );
                    let c = check(&item_place, inner, "i")?;
                    push_rule(
                        schema,
                        Validation {
                            rule: format!("self.all(i, !({selects}) || {})", c.rule),
                            ..c
                        },
                    );
                    Ok(Effect::Lowered)
                }
            }
        }
        // openapi-gen's `+union` and `+unionDiscriminator` make `x-kubernetes-unions`.
        Rule::UnionDiscriminator if tag.dialect == Dialect::Kep => Ok(Effect::Documentation),
        Rule::UnionMember | Rule::ZeroOrOneOfMember | Rule::UnionDiscriminator => {
            field_json(place, name)?;
            let member = place.name.or(place.json).unwrap_or_default();
            out.union.push(union_role(tag, member)?);
            Ok(Effect::Lowered)
        }
        _ => unreachable!("{:?} is lowered by its entry", tag.rule),
    }
}

/// The tags with every stage wrapper (`+k8s:alpha(...)=+<tag>`, `+k8s:beta(...)=+<tag>`) replaced
/// by the tag it wraps, for callers that publish shadowed validations too.
pub fn unshadow<P>(tags: Vec<At<P>>) -> Vec<At<P>> {
    tags.into_iter()
        .map(|mut at| {
            while at.tag.rule == Rule::Stage {
                let PayloadValue::Tag(inner) = &at.tag.payload else {
                    break;
                };
                let offset = at.tag.offset;
                at.tag = TagUse {
                    offset,
                    ..(**inner).clone()
                };
            }
            at
        })
        .collect()
}

/// The rule texts of a schema's `x-kubernetes-validations`, in order.
fn rule_texts(schema: &Schema) -> Vec<String> {
    match schema.extensions.get(VALIDATIONS) {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|r| r.get("rule").and_then(Value::as_str).map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `tag` (or a tag it carries) looks into the members of the struct its place holds
/// (`+k8s:subfield`, `+k8s:item`, `+nameFormat`): what a derive on one struct cannot see.
pub fn needs_members(tag: &TagUse) -> bool {
    matches!(tag.rule, Rule::Subfield | Rule::Item | Rule::NameFormat)
        || matches!(&tag.payload, PayloadValue::Tag(inner) if needs_members(inner))
}

/// The members `tag` (or a tag it carries) names, each with the error lowering gives for a
/// struct without it.
pub fn named_members(tag: &TagUse) -> Vec<(String, String)> {
    let name = tag.name;
    let mut out: Vec<(String, String)> = match (tag.rule, &tag.args) {
        (Rule::Subfield, Args::Positional(Scalar::String(sub))) => {
            vec![(sub.clone(), no_subfield(name, sub))]
        }
        (Rule::Item, Args::Named(selector)) => selector
            .iter()
            .map(|(key, _)| (key.clone(), no_item_key(name, key)))
            .collect(),
        (Rule::NameFormat, _) => NAME_MEMBERS
            .iter()
            .map(|m| (m.to_string(), not_object_meta(name)))
            .collect(),
        _ => Vec::new(),
    };
    if let PayloadValue::Tag(inner) = &tag.payload {
        out.extend(named_members(inner));
    }
    out
}

/// A value check of `inner` written as CEL over the expression `e` (for subfields, selected
/// items and map keys, which no keyword reaches).
fn check(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    let name = inner.name;
    if !entry(inner.rule).scopes.contains(place.scope) {
        return Err(format!(
            "tag \"+{name}\" cannot be specified on {}",
            place.scope.describe()
        ));
    }
    match entry(inner.rule).check {
        Some(check) => check(place, inner, e),
        None => Err(format!(
            "tag \"+{name}\" cannot be nested here; kubeidl lowers bounds, lengths, counts, formats and neq on subfields, items and keys"
        )),
    }
}

fn union_role(tag: &TagUse, member: &str) -> Result<UnionRole, String> {
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

/// `conditions[{"type": "Approved"}]`: how validation-gen names a selected item.
fn selector_label(list: &str, selector: &[(String, Scalar)]) -> String {
    let parts: Vec<String> = selector
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Scalar::String(s) => serde_json::to_string(s).unwrap_or_default(),
                other => other.to_string(),
            };
            format!("\"{k}\": {value}")
        })
        .collect();
    format!("{list}[{{{}}}]", parts.join(", "))
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
            let f = cel_field(&d_json);
            for m in &set {
                let UnionRole::Member { member, .. } = &m.role else {
                    continue;
                };
                let value = cel_string(member);
                let quoted = serde_json::to_string(member).unwrap_or_default();
                let is = format!("has(self.{f}) && self.{f} == {value}");
                let mut may = Validation::new(
                    format!("!{} || ({is})", m.is_set),
                    format!("may only be specified when `{d_json}` is {quoted}"),
                );
                let mut must = Validation::new(
                    format!("{} || !({is})", m.is_set),
                    format!("must be specified when `{d_json}` is {quoted}"),
                );
                if let Some(j) = &m.json {
                    may = may.field(j);
                    must = must.field(j);
                }
                rules.push(may);
                rules.push(must);
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

/// Adds rules to a schema's `x-kubernetes-validations`, skipping ones already there.
pub fn add_rules(schema: &mut Schema, rules: impl IntoIterator<Item = Validation>) {
    for r in rules {
        push_rule(schema, r);
    }
}
