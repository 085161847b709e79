//! Formats: named string formats, as a `format` keyword and, for the formats a server may not
//! know, the pattern, length or CEL rule that checks them; and the KEP's `+nameFormat` on an
//! object's metadata.

use super::super::lower::{Place, Validation, ValueKind};
use super::super::read::TagUse;
use super::super::registry::Dialect;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{cel_string, push_rule, set_once, string, want_kind, Effect, Out, Outcome};
use super::{kb, kep, ko, vg, VALUES};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Format: Rule = Rule("Format");
    pub const NameFormat: Rule = Rule("NameFormat");
}

pub(crate) const FAMILY: Family = Family {
    name: "formats",
    doc: "Named string formats, and the format of an object's name.",
    entries: &[
        Entry {
            rule: Rule::Format,
            spellings: &[
                kep("format", P::String),
                vg("k8s:format", P::String),
                kb("kubebuilder:validation:Format", P::String),
                ko("k8s:validation:format", P::Json),
            ],
            scopes: VALUES,
            lower: format,
            check: Some(check_format),
            members: None,
            doc: "A named format the string must have, as the schema's `format`. A Kubernetes format a server may not know also brings its pattern and maximum length, or a CEL rule with the format library; `k8s-short-name` and `k8s-long-name` stay bare, as CRD apiservers know them since 1.34. The KEP's `dns1123label` and `dns1123subdomain` are their older names; validation-gen's spelling takes only the Kubernetes formats.",
            example: "+k8s:format=k8s-short-name",
        },
        Entry {
            rule: Rule::NameFormat,
            spellings: &[kep("nameFormat", P::String)],
            scopes: Scopes::TYPE.or(Scopes::FIELD),
            lower: name_format,
            check: None,
            members: Some(name_format_members),
            doc: "On an ObjectMeta (a struct with `name` and `generateName`): the format of the object's name, as the KEP's two rules, one on `name` and one on `generateName` with its trailing `-` masked as the apiserver masks it.",
            example: "+nameFormat='dns1123subdomain'",
        },
    ],
};

/// A string format: its OpenAPI name, and how a server that does not know it checks it.
#[derive(Debug, Clone, Copy)]
struct Format {
    name: &'static str,
    /// Known to a 1.35 CRD apiserver (or a standard OpenAPI format): `format` alone suffices.
    known: bool,
    pattern: Option<&'static str>,
    max_length: Option<u64>,
    /// The check as CEL over `{}`, for formats no pattern can say.
    cel: Option<&'static str>,
    message: &'static str,
}

const SHORT_NAME: Format = Format {
    name: "k8s-short-name",
    known: true,
    pattern: None,
    max_length: None,
    cel: Some("!format.dns1123Label().validate({}).hasValue()"),
    message: "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
};

const LONG_NAME: Format = Format {
    name: "k8s-long-name",
    known: true,
    pattern: None,
    max_length: None,
    cel: Some("!format.dns1123Subdomain().validate({}).hasValue()"),
    message: "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
};

/// Formats of validation-gen and the KEP.
const FORMATS: &[Format] = &[
    SHORT_NAME,
    LONG_NAME,
    Format {
        name: "dns1035label",
        known: false,
        pattern: Some("^[a-z]([-a-z0-9]*[a-z0-9])?$"),
        max_length: Some(63),
        cel: Some("!format.dns1035Label().validate({}).hasValue()"),
        message: "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
    },
    Format {
        name: "k8s-long-name-caseless",
        known: false,
        pattern: Some(r"^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)*$"),
        max_length: Some(253),
        cel: None,
        message: "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
    },
    Format {
        name: "k8s-label-value",
        known: false,
        pattern: Some("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$"),
        max_length: Some(63),
        cel: Some("!format.labelValue().validate({}).hasValue()"),
        message: "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    },
    Format {
        name: "k8s-path-segment-name",
        known: false,
        pattern: None,
        max_length: None,
        cel: Some("{} != '.' && {} != '..' && !{}.contains('/') && !{}.contains('%')"),
        message: "may not be '.' or '..', and may not contain '/' or '%'",
    },
    Format {
        name: "k8s-uuid",
        known: false,
        pattern: Some("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"),
        max_length: None,
        cel: None,
        message: crate::cel::library::formats::LOWERCASE_UUID_MSG,
    },
    Format {
        name: "k8s-label-key",
        known: false,
        pattern: None,
        max_length: None,
        cel: Some("!format.qualifiedName().validate({}).hasValue()"),
        message: "must be a label key: an optional DNS subdomain prefix and '/', and a name of alphanumeric characters, '-', '_' or '.' that starts and ends with an alphanumeric character",
    },
    Format {
        name: "k8s-resource-pool-name",
        known: false,
        pattern: None,
        max_length: Some(253),
        cel: Some("{}.split('/').all(s, s.size() > 0 && !format.dns1123Subdomain().validate(s).hasValue())"),
        message: "must be one or more lowercase RFC 1123 subdomains separated by '/'",
    },
    Format {
        name: "k8s-extended-resource-name",
        known: false,
        pattern: None,
        max_length: None,
        cel: Some("{}.contains('/') && !{}.contains('kubernetes.io/') && !{}.startsWith('requests.') && !format.qualifiedName().validate('requests.' + {}).hasValue()"),
        message: "must be a domain-prefixed path, such as 'example.com/my-prop', without a \"kubernetes.io/\" domain or a \"requests.\" prefix",
    },
    Format {
        name: "k8s-resource-fully-qualified-name",
        known: false,
        pattern: None,
        max_length: None,
        // validation-gen checks names of two parts only; three or more pass (kept as it is).
        cel: Some("{}.contains('/') && ({}.split('/').size() > 2 || ({}.split('/')[0].size() <= 63 && !format.dns1123Subdomain().validate({}.split('/')[0]).hasValue() && {}.split('/')[1].size() <= 32 && {}.split('/')[1].matches('^[A-Za-z_][A-Za-z0-9_]*$')))"),
        message: "a fully qualified name must be a domain and a name separated by a slash, the name a C identifier of at most 32 characters",
    },
];

/// Formats the apiextensions apiserver knows besides the Kubernetes ones.
const OPENAPI_FORMATS: &[&str] = &[
    "bsonobjectid",
    "uri",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "hexcolor",
    "rgbcolor",
    "byte",
    "password",
    "date",
    "duration",
    "datetime",
    "date-time",
    "int32",
    "int64",
    "float",
    "double",
];

impl Format {
    fn named(name: &str, dialect: Dialect) -> Result<Format, String> {
        let canonical = match name {
            "dns1123label" => "k8s-short-name",
            "dns1123subdomain" => "k8s-long-name",
            other => other,
        };
        if let Some(f) = FORMATS.iter().find(|f| f.name == canonical) {
            return Ok(*f);
        }
        if dialect != Dialect::ValidationGen {
            if let Some(known) = OPENAPI_FORMATS.iter().find(|f| **f == name) {
                return Ok(Format {
                    name: known,
                    known: true,
                    pattern: None,
                    max_length: None,
                    cel: None,
                    message: "",
                });
            }
        }
        Err(format!("unsupported validation format {name:?}"))
    }

    fn apply(&self, schema: &mut Schema, tag: &str) -> Result<(), String> {
        set_once(&mut schema.format, self.name.to_string(), tag)?;
        if self.known {
            return Ok(());
        }
        if let Some(p) = self.pattern {
            set_once(&mut schema.pattern, p.to_string(), tag)?;
        }
        if let Some(n) = self.max_length {
            if schema.max_length.is_none_or(|m| m > n) {
                schema.max_length = Some(n);
            }
        }
        if let Some(cel) = self.cel.filter(|_| self.pattern.is_none()) {
            push_rule(
                schema,
                Validation::new(cel.replace("{}", "self"), self.message),
            );
        }
        Ok(())
    }

    /// The whole check as CEL over `e`.
    fn cel(&self, e: &str) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.max_length {
            parts.push(format!("{e}.size() <= {n}"));
        }
        match (self.cel, self.pattern) {
            (Some(c), _) => parts.push(c.replace("{}", e)),
            (None, Some(p)) => parts.push(format!("{e}.matches({})", cel_string(p))),
            (None, None) => parts.push("true".into()),
        }
        parts.join(" && ")
    }
}

fn format(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(
        place,
        name,
        &[ValueKind::String, ValueKind::Integer, ValueKind::Number],
    )?;
    let format = Format::named(&string(tag)?, tag.dialect)?;
    format.apply(schema, name)?;
    Ok(Effect::Lowered)
}

fn check_format(place: &Place<'_>, inner: &TagUse, e: &str) -> Result<Validation, String> {
    let name = inner.name;
    want_kind(place, name, &[ValueKind::String])?;
    let f = Format::named(&string(inner)?, inner.dialect)?;
    if f.cel.is_none() && f.pattern.is_none() {
        return Err(format!(
            "+{name}: format {:?} cannot be checked here",
            f.name
        ));
    }
    Ok(Validation::new(f.cel(e), f.message))
}

fn name_format(place: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = tag.name;
    want_kind(place, name, &[ValueKind::Struct])?;
    let format = Format::named(&string(tag)?, tag.dialect)?;
    let known = |f: &str| place.members.iter().any(|m| m.json == f);
    if !NAME_MEMBERS.iter().all(|m| known(m)) {
        return Err(not_object_meta(name));
    }
    let check = format.cel("self.name");
    // The apiserver masks a trailing '-' of generateName (with 'a') before checking it;
    // CEL's replace() is literal, so the KEP's `replace('-$', 'a')` is spelled out.
    let generated = format.cel(
        "(self.generateName.size() > 1 && self.generateName.endsWith('-') ? self.generateName.substring(0, self.generateName.size() - 1) + 'a' : self.generateName)",
    );
    push_rule(
        schema,
        Validation::new(format!("!has(self.name) || {check}"), format.message).field("name"),
    );
    push_rule(
        schema,
        Validation::new(
            format!("!has(self.generateName) || {generated}"),
            format.message,
        )
        .field("generateName"),
    );
    Ok(Effect::Lowered)
}

/// The members `+nameFormat` checks.
const NAME_MEMBERS: [&str; 2] = ["name", "generateName"];

fn name_format_members(tag: &TagUse) -> Vec<(String, String)> {
    NAME_MEMBERS
        .iter()
        .map(|m| (m.to_string(), not_object_meta(tag.name)))
        .collect()
}

/// The error for `+nameFormat` on a struct that is not an ObjectMeta.
fn not_object_meta(name: &str) -> String {
    format!("+{name} stands on an ObjectMeta (a struct with name and generateName)")
}
