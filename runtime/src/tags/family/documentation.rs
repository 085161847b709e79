//! Documentation: what a schema says to readers besides its description (`title`, `example`,
//! `externalDocs`). None of it validates; CRDs and published OpenAPI carry it.

use super::super::lower::Place;
use super::super::read::{PayloadValue, TagUse};
use super::super::registry::{Entry, Family, Payload as P, Rule};
use super::shared::{Effect, Out, Outcome};
use super::{kb, VALUES};
use crate::schema::Schema;
use serde_json::{json, Value};

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Title: Rule = Rule("Title");
    pub const Example: Rule = Rule("Example");
    pub const ExternalDocs: Rule = Rule("ExternalDocs");
}

pub(crate) const FAMILY: Family = Family {
    name: "documentation",
    doc: "What a schema shows readers: a title, an example value, a link to further documentation.",
    entries: &[
        Entry {
            rule: Rule::Title,
            spellings: &[kb("kubebuilder:title", P::Json)],
            scopes: VALUES,
            lower: title,
            check: None,
            members: None,
            doc: "The schema's `title`, a string. On a type and a field of that type, the field's wins.",
            example: "+kubebuilder:title=\"Replica count\"",
        },
        Entry {
            rule: Rule::Example,
            spellings: &[kb("kubebuilder:example", P::Json)],
            scopes: VALUES,
            lower: example,
            check: None,
            members: None,
            doc: "The schema's `example`: any value in marker syntax (`=forty-two`, `={a,b}`, `={nested: {foo: baz}}`) or JSON. It is not checked against the schema.",
            example: "+kubebuilder:example={a,b}",
        },
        Entry {
            rule: Rule::ExternalDocs,
            spellings: &[kb("kubebuilder:externalDocs", P::Options)],
            scopes: VALUES,
            lower: external_docs,
            check: None,
            members: None,
            doc: "The schema's `externalDocs`: `url` (required, an absolute URL) and an optional `description`.",
            example: "+kubebuilder:externalDocs:url=\"https://example.com/docs\",description=\"More\"",
        },
    ],
};

fn title(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    match &tag.payload {
        PayloadValue::Json(Value::String(text)) => {
            schema.extensions.insert("title".into(), json!(text));
            Ok(Effect::Lowered)
        }
        PayloadValue::Json(other) => Err(format!(
            "+{} takes a string, not {} (quote it: \"{other}\")",
            tag.name,
            json_kind(other)
        )),
        _ => Err(format!("+{} takes a string", tag.name)),
    }
}

fn example(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let PayloadValue::Json(value) = &tag.payload else {
        return Err(format!("+{} takes a value", tag.name));
    };
    schema.extensions.insert("example".into(), value.clone());
    Ok(Effect::Lowered)
}

fn external_docs(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    let PayloadValue::Options(options) = &tag.payload else {
        return Err(format!("+{name} takes options: +{name}:url=\"...\""));
    };
    let mut docs = serde_json::Map::new();
    for (key, value) in options {
        match key.as_str() {
            "url" => {
                if !is_absolute_url(value) {
                    return Err(format!(
                        "+{name}: url {value:?} is not an absolute URL (scheme://host/path)"
                    ));
                }
                docs.insert("url".into(), json!(value));
            }
            "description" => {
                docs.insert("description".into(), json!(value));
            }
            other => {
                return Err(format!(
                    "+{name}: unknown option {other:?}; the options are url and description"
                ))
            }
        }
    }
    if !docs.contains_key("url") {
        return Err(format!("+{name} needs url=\"...\""));
    }
    schema
        .extensions
        .insert("externalDocs".into(), Value::Object(docs));
    Ok(Effect::Lowered)
}

/// What Go's `url.ParseRequestURI` accepts for documentation links: a scheme and a path or host,
/// no spaces.
fn is_absolute_url(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return text.starts_with('/');
    };
    let scheme_ok = scheme
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    scheme_ok && !rest.is_empty() && !text.contains(char::is_whitespace)
}

/// How controller-gen names the kind of a marker value it did not want.
fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a map",
    }
}

#[cfg(test)]
mod tests {
    use super::is_absolute_url;

    #[test]
    fn urls_need_a_scheme() {
        assert!(is_absolute_url("https://example.com/docs"));
        assert!(is_absolute_url("/docs"));
        assert!(!is_absolute_url("example.com docs"));
        assert!(!is_absolute_url("1http://x"));
        assert!(!is_absolute_url("docs"));
    }
}
