//! What several families share: the shape of a lowering function and of a nested check, the
//! outcome of lowering one tag, the sink of what a tag asks of the enclosing struct, and small
//! helpers for payloads, kinds and rules.

use super::super::lower::{Place, Presence, UnionRole, Validation, ValueKind, VALIDATIONS};
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::Scopes;
use super::lists::ListTags;
use crate::schema::Schema;
use serde_json::{Number, Value};

/// What became of one tag.
pub(crate) enum Effect {
    Lowered,
    Documentation,
    /// Not published, for the reason given (a warning).
    LeftOut(String),
}

/// The outcome of lowering one tag: an effect, or the error at the tag.
pub(crate) type Outcome = Result<Effect, String>;

/// What one tag's lowering writes besides its place's schema: the parts of
/// [`Lowered`](super::super::lower::Lowered) that do not depend on where tags were written.
pub(crate) struct Out<'a> {
    pub presence: &'a mut Option<Presence>,
    /// Rules for the struct holding the field.
    pub parent_rules: &'a mut Vec<Validation>,
    pub union: &'a mut Vec<UnionRole>,
    /// Rules on the list field that stand for unions of selected items.
    pub item_unions: &'a mut Vec<(String, String, UnionRole)>,
    /// List metadata, applied once every tag of the place is read.
    pub list: &'a mut ListTags,
    /// Members of the field's struct type whose tags this use replaces.
    pub overrides: &'a mut Vec<super::overrides::Override>,
}

/// The KEP's reasons and kubebuilder's spellings, as a CRD schema spells them.
pub(crate) fn crd_reason(text: &str) -> Option<&'static str> {
    Some(match text {
        "Required" | "FieldValueRequired" => "FieldValueRequired",
        "Forbidden" | "FieldValueForbidden" => "FieldValueForbidden",
        "Invalid" | "FieldValueInvalid" => "FieldValueInvalid",
        "Duplicate" | "FieldValueDuplicate" => "FieldValueDuplicate",
        "RequestEntityTooLarge" => "RequestEntityTooLarge",
        _ => return None,
    })
}

/// Lowers a tag (already checked to stand in a scope its entry allows) onto its place.
pub(crate) type LowerFn = fn(&Place<'_>, &TagUse, &mut Schema, &mut Out<'_>) -> Outcome;

/// The members of the enclosing struct a tag names, each with the error for a struct without it.
pub(crate) type MembersFn = fn(&TagUse) -> Vec<(String, String)>;

/// A tag as a CEL check over the expression `e` (the `&str`) at a place.
pub(crate) type CheckFn = fn(&Place<'_>, &TagUse, &str) -> Result<Validation, String>;

/// The JSON name of the field the tag stands on; an error elsewhere.
pub(crate) fn field_json<'a>(place: &Place<'a>, name: &str) -> Result<&'a str, String> {
    place
        .json
        .filter(|_| place.scope == Scopes::FIELD)
        .ok_or_else(|| format!("tag \"+{name}\" stands on a struct field with a JSON name"))
}

/// An error unless the place holds one of `kinds` (or a value of unknown kind).
pub(crate) fn want_kind(place: &Place<'_>, name: &str, kinds: &[ValueKind]) -> Result<(), String> {
    if kinds.contains(&place.kind) || place.kind == ValueKind::Other {
        return Ok(());
    }
    let want: Vec<&str> = kinds.iter().map(|k| k.describe()).collect();
    Err(wrong_kind(place, name, &want.join(" or ")))
}

/// The error for a tag on the wrong kind of value.
pub(crate) fn wrong_kind(place: &Place<'_>, name: &str, want: &str) -> String {
    format!(
        "tag \"+{name}\" needs {want}, and this is {}",
        place.kind.describe()
    )
}

/// Sets a schema slot, an error when another tag set it to something else.
pub(crate) fn set_once<T: PartialEq + std::fmt::Debug>(
    slot: &mut Option<T>,
    value: T,
    name: &str,
) -> Result<(), String> {
    match slot {
        Some(existing) if *existing != value => Err(format!(
            "+{name}={value:?} conflicts with {existing:?} set by another tag"
        )),
        _ => {
            *slot = Some(value);
            Ok(())
        }
    }
}

/// The tag's payload as a number.
pub(crate) fn number(tag: &TagUse) -> Result<Number, String> {
    match &tag.payload {
        PayloadValue::Int(i) => Ok(Number::from(*i)),
        PayloadValue::Number(n) | PayloadValue::Json(Value::Number(n)) => Ok(n.clone()),
        _ => Err(format!("+{} takes a number", tag.name)),
    }
}

/// The tag's payload as a non-negative integer.
pub(crate) fn count(tag: &TagUse) -> Result<u64, String> {
    let n = match &tag.payload {
        PayloadValue::Int(i) => Some(*i),
        PayloadValue::Json(Value::Number(n)) => n.as_i64(),
        _ => None,
    };
    match n {
        Some(n) if n >= 0 => Ok(n as u64),
        Some(n) => Err(format!("+{} must not be negative, and is {n}", tag.name)),
        None => Err(format!("+{} takes a non-negative integer", tag.name)),
    }
}

/// The tag's payload as a string.
pub(crate) fn string(tag: &TagUse) -> Result<String, String> {
    match &tag.payload {
        PayloadValue::String(s) | PayloadValue::Json(Value::String(s)) => Ok(s.clone()),
        _ => Err(format!("+{} takes a string", tag.name)),
    }
}

/// The tag a selector or wrapper carries.
pub(crate) fn nested(tag: &TagUse) -> Result<&TagUse, String> {
    match &tag.payload {
        PayloadValue::Tag(inner) => Ok(inner),
        _ => Err(format!(
            "+{} takes a tag: +{}=+k8s:<tag>",
            tag.name, tag.name
        )),
    }
}

/// A CEL literal of the tag's value, typed by the place.
pub(crate) fn scalar_literal(
    kind: ValueKind,
    payload: &PayloadValue,
    name: &str,
) -> Result<String, String> {
    match (kind, payload) {
        (ValueKind::String | ValueKind::Other, PayloadValue::String(s)) => Ok(cel_string(s)),
        (ValueKind::Integer | ValueKind::Number | ValueKind::Other, PayloadValue::Int(i)) => {
            Ok(i.to_string())
        }
        (ValueKind::Bool | ValueKind::Other, PayloadValue::Bool(b)) => Ok(b.to_string()),
        (ValueKind::String | ValueKind::Integer | ValueKind::Number | ValueKind::Bool, _) => {
            Err(format!(
                "+{name}: the value must be {} like the field",
                kind.describe()
            ))
        }
        _ => Err(format!(
            "+{name} compares strings, integers and bools, not {}",
            kind.describe()
        )),
    }
}

/// A CEL string literal.
pub fn cel_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A field name as CEL reads it (Kubernetes' escaping of names that are not identifiers).
pub(crate) fn cel_field(json: &str) -> String {
    crate::cel::decl::escape(json).unwrap_or_else(|| json.to_string())
}

/// A CRD `fieldPath` naming a child: `.name`, or `['odd-name']` when it is not an identifier.
pub(crate) fn field_path(json: &str) -> String {
    let plain = json
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && json.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        format!(".{json}")
    } else {
        format!("[{}]", cel_string(json))
    }
}

/// Adds a rule to the schema's `x-kubernetes-validations`, unless it is there already.
pub(crate) fn push_rule(schema: &mut Schema, rule: Validation) {
    let value = rule.to_json();
    let list = schema
        .extensions
        .entry(VALIDATIONS.to_string())
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(items) = list {
        if !items.contains(&value) {
            items.push(value);
        }
    }
}
