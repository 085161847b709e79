//! The model lowering works on and gives: the place tags stand on and the kinds of value it
//! holds, tags with their positions, `x-kubernetes-validations` entries, union roles, presence,
//! counts, and what lowering a place gives besides its schema's edits.

use super::super::family::overrides::Override;
use super::super::family::shared::field_path;
use super::super::family::unions::{union_rules, UnionMember};
use super::super::read::TagUse;
use super::super::registry::Scopes;
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
    /// Not required: its wire form may leave it out (omitempty, omitzero, or `+optional`).
    pub optional: bool,
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
    /// A value inside another place (a list item, a map key or value), or a type's own doc
    /// comment: no field name, no elements of its own.
    pub fn inner(scope: Scopes, kind: ValueKind, members: &'a [Member]) -> Place<'a> {
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

impl Presence {
    /// Puts the field named `json` in or out of its struct's `required` list.
    pub fn apply(self, json: &str, required: &mut Vec<String>) {
        match self {
            Presence::Required if !required.iter().any(|r| r == json) => {
                required.push(json.to_string())
            }
            Presence::Optional => required.retain(|r| r != json),
            Presence::Required => {}
        }
    }
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
    /// Each keyword a tag wrote on the place's schema and the tag that wrote it (rules are in
    /// `origins`): what points from a schema back to its tags (`kubeidl diff`).
    pub keywords: Vec<KeywordOrigin<P>>,
    /// The tag that made the field required or optional, when one did.
    pub presence_at: Option<P>,
    /// Members of the field's struct type whose tags this use replaces (`+k8s:override`): the
    /// field refers to a variant of its type's definition, built once every definition is known.
    pub overrides: Vec<Override>,
}

impl<P> Lowered<P> {
    /// Applies the field's `+k8s:required` or `+k8s:optional` to its struct's `required` list,
    /// where the field is named `json`.
    pub fn apply_presence(&self, json: &str, required: &mut Vec<String>) {
        if let Some(presence) = self.presence {
            presence.apply(json, required);
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

/// Where a keyword of a place's schema came from: the tag whose lowering wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeywordOrigin<P> {
    /// A JSON pointer below the place's schema: `/maxLength`, `/items/maxLength`, `/enum`.
    pub pointer: String,
    pub pos: P,
}

/// The `x-kubernetes-validations` key.
pub const VALIDATIONS: &str = "x-kubernetes-validations";
