//! List and map types: how a list merges and which of its items' fields are its keys.

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::TagUse;
use super::super::registry::Dialect;
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{cel_field, push_rule, string, want_kind, Effect, Out, Outcome};
use super::{kep, vg, VALUES};
use crate::schema::Schema;
use serde_json::json;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const ListType: Rule = Rule("ListType");
    pub const ListMapKey: Rule = Rule("ListMapKey");
}

pub(crate) const FAMILY: Family = Family {
    name: "lists",
    doc: "How lists merge (atomic, set or map) and the keys of map lists.",
    entries: &[
        Entry {
            rule: Rule::ListType,
            spellings: &[kep("listType", P::String), vg("k8s:listType", P::String)],
            scopes: VALUES,
            lower: list_type,
            check: None,
            members: None,
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
            lower: list_map_key,
            check: None,
            members: None,
            doc: "A field of a map list's items that identifies an item, as one of `x-kubernetes-list-map-keys`; repeat the tag for several keys. It needs `listType=map` (or `unique=map`), and each key must be a field of the items.",
            example: "+listMapKey=name",
        },
    ],
};

fn list_type(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::List])?;
    let t = string(tag)?;
    if !matches!(t.as_str(), "atomic" | "set" | "map") {
        return Err(format!("+{name}={t}: a list type is atomic, set or map"));
    }
    out.list.set_type(t, tag.dialect)?;
    Ok(Effect::Lowered)
}

fn list_map_key(place: &Place<'_>, tag: &TagUse, _: &mut Schema, out: &mut Out<'_>) -> Outcome {
    want_kind(place, tag.name, &[ValueKind::List])?;
    out.list.keys(tag.dialect).push(string(tag)?);
    Ok(Effect::Lowered)
}

/// List metadata gathered from a place's tags, per dialect, so `+listType=map` and
/// `+k8s:listType=map` are one declaration and disagreeing ones an error.
#[derive(Default)]
pub(crate) struct ListTags {
    list_type: Option<(String, Dialect)>,
    keys_by_dialect: Vec<(Dialect, Vec<String>)>,
    /// `+k8s:unique`'s `set` or `map`.
    pub(crate) unique: Option<String>,
    /// `+k8s:customUnique`: the uniqueness rule is handwritten, not published.
    pub(crate) custom_unique: bool,
}

impl ListTags {
    fn set_type(&mut self, t: String, dialect: Dialect) -> Result<(), String> {
        match &self.list_type {
            Some((existing, d)) if *d == dialect => Err(format!(
                "listType cannot be specified more than once (here {t}, before {existing})"
            )),
            Some((existing, _)) if *existing != t => Err(format!(
                "listType={t} conflicts with listType={existing} of another tag"
            )),
            _ => {
                self.list_type = Some((t, dialect));
                Ok(())
            }
        }
    }

    fn keys(&mut self, dialect: Dialect) -> &mut Vec<String> {
        let i = match self.keys_by_dialect.iter().position(|(d, _)| *d == dialect) {
            Some(i) => i,
            None => {
                self.keys_by_dialect.push((dialect, Vec::new()));
                self.keys_by_dialect.len() - 1
            }
        };
        &mut self.keys_by_dialect[i].1
    }

    /// Writes the list type and keys, and the uniqueness rule of `+k8s:unique` on an atomic list.
    /// Gives a warning for what openapi-gen publishes although it is wrong.
    pub(crate) fn apply(
        &self,
        place: &Place<'_>,
        schema: &mut Schema,
    ) -> Result<Option<String>, String> {
        let keys = match self.keys_by_dialect.split_first() {
            None => Vec::new(),
            Some(((_, first), rest)) => {
                if let Some((_, other)) = rest.iter().find(|(_, k)| k != first) {
                    return Err(format!(
                        "the list map keys {first:?} and {other:?} of two tags disagree"
                    ));
                }
                first.clone()
            }
        };
        let declared = self.list_type.as_ref().map(|(t, _)| t.as_str());
        let existing = schema.list_type().map(str::to_string);
        let list_type = match (declared, existing.as_deref()) {
            (Some(d), Some(e)) if d != e => {
                return Err(format!("listType={d} conflicts with listType={e}"))
            }
            (Some(d), _) => Some(d.to_string()),
            (None, e) => e.map(str::to_string),
        };
        let any = list_type.is_some() || !keys.is_empty() || self.unique.is_some();
        if !any {
            return Ok(None);
        }
        let Some(list_type) = list_type else {
            return Err(
                "listType must be specified - use listType=atomic, listType=set, or listType=map"
                    .into(),
            );
        };
        if self.unique.is_some() && list_type != "atomic" {
            return Err("unique tag may not be used with listType=set or listType=map".into());
        }
        let map_semantics = list_type == "map" || self.unique.as_deref() == Some("map");
        if map_semantics && keys.is_empty() && schema.list_map_keys().is_empty() {
            return Err("found listType=map or unique=map without listMapKey".into());
        }
        if !map_semantics && !keys.is_empty() {
            return Err("found listMapKey without listType=map or unique=map".into());
        }
        let mut warning = None;
        let openapi_gen_only = self.keys_by_dialect.iter().all(|(d, _)| *d == Dialect::Kep);
        for key in &keys {
            if !place.members.is_empty() && !place.members.iter().any(|m| &m.json == key) {
                let message = format!("listMapKey {key:?} is not a field of the list items");
                if !openapi_gen_only {
                    return Err(message);
                }
                // openapi-gen publishes the keys it is given (Kubernetes 1.30-1.34 did so for
                // StorageVersionMigrationList.items).
                warning = Some(format!("{message}; kept as openapi-gen keeps it"));
            }
        }
        schema
            .extensions
            .insert("x-kubernetes-list-type".into(), json!(list_type));
        if list_type == "map" {
            let existing = schema.list_map_keys();
            if !existing.is_empty() && !keys.is_empty() && existing != keys {
                return Err(format!(
                    "the list map keys {keys:?} disagree with {existing:?} of another tag"
                ));
            }
            if existing.is_empty() {
                schema
                    .extensions
                    .insert("x-kubernetes-list-map-keys".into(), json!(keys));
            }
        }
        if let Some(unique) = self.unique.as_deref().filter(|_| !self.custom_unique) {
            let same = if unique == "set" {
                "y == x".to_string()
            } else {
                keys.iter()
                    .map(|k| {
                        let f = cel_field(k);
                        format!("(has(x.{f}) ? has(y.{f}) && y.{f} == x.{f} : !has(y.{f}))")
                    })
                    .collect::<Vec<_>>()
                    .join(" && ")
            };
            push_rule(
                schema,
                Validation::new(
                    format!("self.all(x, self.exists_one(y, {same}))"),
                    "Duplicate value",
                )
                .reason("FieldValueDuplicate"),
            );
        }
        Ok(warning)
    }
}
