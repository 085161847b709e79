//! Lowering: what the validation tags of one place (a type, a struct field, a list item, a map
//! key or value) become in OpenAPI. Keywords where the schema can say it (bounds, lengths,
//! counts, pattern, format, enum, list types), `x-kubernetes-validations` rules otherwise
//! (`+validationRule`, uniqueness on atomic lists, transitions, formats a server may not know,
//! checks on subfields and selected items), and what the enclosing struct learns: whether the
//! field is required, rules that must stand on the struct (forbidden fields, unions).
//!
//! The Go generator and the derive macro both call [`lower`]. This is the driver: it takes a
//! place's tags in order, checks each stands where its entry allows, and lowers it by its entry
//! (`tags/family/`, where a tag's meaning lives); it then applies what needs every tag of the
//! place (list metadata, `cel[i]` lines, presence), and names the members tags look up, for
//! callers that lower them later.

use super::codetags::{Args, Scalar};
use super::family::lists::ListTags;
use super::family::rules::apply_cel_parts;
pub use super::family::shared::cel_string;
use super::family::shared::{
    field_path, no_item_key, no_subfield, not_object_meta, push_rule, Effect, Out, Outcome,
    NAME_MEMBERS,
};
pub use super::family::unions::{union_rules, UnionMember};
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
    (e.lower)(place, tag, schema, out)
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
pub(crate) fn check(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
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

/// Adds rules to a schema's `x-kubernetes-validations`, skipping ones already there.
pub fn add_rules(schema: &mut Schema, rules: impl IntoIterator<Item = Validation>) {
    for r in rules {
        push_rule(schema, r);
    }
}
