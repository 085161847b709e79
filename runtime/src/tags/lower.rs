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

mod model;

pub use super::family::overrides::{referenced, retarget, variant, variant_name, Override};
pub use super::family::shared::cel_string;
pub use super::family::transitions::{controller_gen_immutable_presence, immutable_presence};
pub use super::family::unions::{union_rules, variant_field_rules, UnionMember};
pub use model::{
    At, Counts, KeywordOrigin, Lowered, Member, Place, Presence, RuleOrigin, TagError, UnionRole,
    Validation, ValueKind, VALIDATIONS,
};

use super::family::lists::ListTags;
use super::family::rules::apply_cel_parts;
use super::family::shared::{push_rule, Effect, Out, Outcome};
use super::read::{PayloadValue, TagUse};
use super::registry::{entry, Dialect, Rule};
use crate::schema::Schema;
use serde_json::Value;

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
        overrides: Vec::new(),
        keywords: Vec::new(),
        presence_at: None,
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
        let (json_before, presence_before) = (schema.to_json(), out.presence);
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
                    overrides: &mut out.overrides,
                };
                lower_one(place, tag, schema, &mut sink)
            }
        };
        let written: Vec<String> = rule_texts(schema)
            .into_iter()
            .skip(before.0)
            .chain(out.parent_rules[before.1..].iter().map(|r| r.rule.clone()))
            .collect();
        record_keywords(&json_before, schema, &at.pos, &mut out.keywords);
        if out.presence != presence_before {
            out.presence_at = Some(at.pos.clone());
        }
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
    let json_before = schema.to_json();
    let list_result = list.apply(place, schema);
    // List metadata is written once every list tag is read: each keyword is the work of the
    // tag that names it (`+listMapKey` the keys), the rest of the list type's.
    let mut list_keywords = Vec::new();
    let list_tag = tags
        .iter()
        .find(|t| matches!(t.tag.rule, Rule::ListType | Rule::Unique))
        .or_else(|| tags.iter().find(|t| t.tag.rule == Rule::ListMapKey));
    if let Some(list_tag) = list_tag {
        record_keywords(&json_before, schema, &list_tag.pos, &mut list_keywords);
        let map_key = tags.iter().find(|t| t.tag.rule == Rule::ListMapKey);
        for mut k in list_keywords {
            if let Some(m) = map_key.filter(|_| k.pointer.ends_with("x-kubernetes-list-map-keys")) {
                k.pos = m.pos.clone();
            }
            out.keywords.push(k);
        }
    }
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

/// Records, as the work of the tag at `pos`, every keyword of `schema` that is not in `before`
/// or has another value there (a JSON pointer per changed leaf or new subtree). Rules are left
/// to [`RuleOrigin`]s, matched by text: their indices move when places merge.
fn record_keywords<P: Clone>(
    before: &Value,
    schema: &Schema,
    pos: &P,
    out: &mut Vec<KeywordOrigin<P>>,
) {
    fn walk<P: Clone>(
        before: Option<&Value>,
        after: &Value,
        pointer: &str,
        pos: &P,
        out: &mut Vec<KeywordOrigin<P>>,
    ) {
        match (before, after) {
            (Some(b), a) if b == a => {}
            (Some(Value::Object(b)), Value::Object(a)) => {
                for (key, value) in a {
                    if key == VALIDATIONS || key == "description" {
                        continue;
                    }
                    let child = format!("{pointer}/{}", crate::document::pointer_token(key));
                    walk(b.get(key), value, &child, pos, out);
                }
            }
            _ => out.push(KeywordOrigin {
                pointer: pointer.to_string(),
                pos: pos.clone(),
            }),
        }
    }
    let after = schema.to_json();
    if *before != after {
        walk(Some(before), &after, "", pos, out);
    }
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
    entry(tag.rule).members.is_some()
        || matches!(&tag.payload, PayloadValue::Tag(inner) if needs_members(inner))
}

/// The members `tag` (or a tag it carries) names, each with the error lowering gives for a
/// struct without it.
pub fn named_members(tag: &TagUse) -> Vec<(String, String)> {
    let mut out = entry(tag.rule).members.map(|f| f(tag)).unwrap_or_default();
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
