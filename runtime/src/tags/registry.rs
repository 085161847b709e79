//! The registry of validation tags: one entry per rule, with its names in each dialect (the KEP's
//! unprefixed tags, validation-gen's `+k8s:`, kubebuilder markers, kube-openapi's
//! `+k8s:validation:` lines), where it may stand and what payload each spelling takes. A rule
//! written in two dialects on one field is the same entry, so it is applied once.

/// The tag dialects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// KEP-4153 and the unprefixed tags openapi-gen reads (`+minimum=`, `+listType=`).
    Kep,
    /// validation-gen's `+k8s:` tags, in the codetags grammar.
    ValidationGen,
    /// controller-gen's `+kubebuilder:` markers.
    Kubebuilder,
    /// kube-openapi's `+k8s:validation:` lines.
    KubeOpenapi,
}

/// Where a tag may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scopes(u8);

impl Scopes {
    pub const TYPE: Scopes = Scopes(1);
    pub const FIELD: Scopes = Scopes(2);
    pub const LIST_VALUE: Scopes = Scopes(4);
    pub const MAP_KEY: Scopes = Scopes(8);
    pub const MAP_VALUE: Scopes = Scopes(16);
    pub const CONST: Scopes = Scopes(32);
    /// Type definitions, fields, and list and map elements.
    pub const VALUES: Scopes = Scopes(1 | 2 | 4 | 8 | 16);

    pub const fn or(self, other: Scopes) -> Scopes {
        Scopes(self.0 | other.0)
    }

    pub fn contains(self, scope: Scopes) -> bool {
        self.0 & scope.0 == scope.0
    }

    /// validation-gen's name for one scope, as its messages use it.
    pub fn describe(self) -> &'static str {
        match self.0 {
            1 => "type definitions",
            2 => "struct fields",
            4 => "list values",
            8 => "map keys",
            16 => "map values",
            32 => "constant values",
            _ => "this place",
        }
    }
}

/// What follows a tag's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payload {
    /// Nothing (`+k8s:optional`).
    None,
    /// An integer (codetags `int`).
    Int,
    /// A JSON or marker number (`+minimum=0.5`).
    Number,
    Bool,
    /// A string (codetags string or identifier; the KEP's single quotes).
    String,
    /// A nested tag (`=+k8s:...`).
    Tag,
    /// A JSON value (`+default=`).
    Json,
    /// Text taken as written (`+pattern=^a$`).
    Raw,
    /// A `;`-separated list (`+kubebuilder:validation:Enum=A;B`).
    List,
    /// A CEL rule with options (`+validationRule="...",message="..."`).
    Rule,
}

/// One spelling of a rule.
#[derive(Debug, PartialEq, Eq)]
pub struct Spelling {
    pub dialect: Dialect,
    /// Without the `+`.
    pub name: &'static str,
    pub payload: Payload,
}

/// The rules tags can declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    Required,
    Optional,
    Forbidden,
    Nullable,
    Default,
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    MultipleOf,
    MinLength,
    MaxLength,
    Pattern,
    Format,
    MinItems,
    MaxItems,
    UniqueItems,
    MinProperties,
    MaxProperties,
    Enum,
    EnumExclude,
    Neq,
    ListType,
    ListMapKey,
    Unique,
    CustomUnique,
    Immutable,
    Update,
    EachVal,
    EachKey,
    Subfield,
    Item,
    UnionMember,
    UnionDiscriminator,
    ZeroOrOneOfMember,
    IfEnabled,
    IfDisabled,
    /// `+k8s:alpha(since: "1.36")=+<tag>` / `+k8s:beta(...)`: a tag the apiserver runs in shadow
    /// of its handwritten validation at that stage.
    Stage,
    /// A length in bytes (validation-gen 0.36's `+k8s:maxBytes`).
    MaxBytes,
    /// validation-gen 0.36's mode-based validation (`+k8s:discriminator`, `+k8s:member`).
    Mode,
    OpaqueType,
    Type,
    ValidationRule,
    NameFormat,
}

/// A registry entry.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub rule: Rule,
    pub spellings: &'static [Spelling],
    pub scopes: Scopes,
}

const fn kep(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::Kep,
        name,
        payload,
    }
}

const fn vg(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::ValidationGen,
        name,
        payload,
    }
}

const fn kb(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::Kubebuilder,
        name,
        payload,
    }
}

const fn ko(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::KubeOpenapi,
        name,
        payload,
    }
}

use Payload as P;

const FIELD: Scopes = Scopes::FIELD;
const VALUES: Scopes = Scopes::VALUES;

/// Every validation tag.
pub static ENTRIES: &[Entry] = &[
    Entry {
        rule: Rule::Required,
        spellings: &[
            kep("required", P::None),
            vg("k8s:required", P::None),
            kb("kubebuilder:validation:Required", P::None),
        ],
        scopes: FIELD,
    },
    Entry {
        rule: Rule::Optional,
        spellings: &[
            kep("optional", P::None),
            vg("k8s:optional", P::None),
            kb("kubebuilder:validation:Optional", P::None),
        ],
        scopes: FIELD,
    },
    Entry {
        rule: Rule::Forbidden,
        spellings: &[vg("k8s:forbidden", P::None)],
        scopes: FIELD,
    },
    Entry {
        rule: Rule::Nullable,
        spellings: &[
            kep("nullable", P::None),
            ko("k8s:validation:nullable", P::Json),
        ],
        scopes: FIELD,
    },
    Entry {
        rule: Rule::Default,
        spellings: &[kep("default", P::Raw), kb("kubebuilder:default", P::Json)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Minimum,
        spellings: &[
            kep("minimum", P::Number),
            vg("k8s:minimum", P::Int),
            kb("kubebuilder:validation:Minimum", P::Number),
            ko("k8s:validation:minimum", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Maximum,
        spellings: &[
            kep("maximum", P::Number),
            vg("k8s:maximum", P::Int),
            kb("kubebuilder:validation:Maximum", P::Number),
            ko("k8s:validation:maximum", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::ExclusiveMinimum,
        spellings: &[
            kep("exclusiveMinimum", P::Number),
            kb("kubebuilder:validation:ExclusiveMinimum", P::Bool),
            ko("k8s:validation:exclusiveMinimum", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::ExclusiveMaximum,
        spellings: &[
            kep("exclusiveMaximum", P::Number),
            kb("kubebuilder:validation:ExclusiveMaximum", P::Bool),
            ko("k8s:validation:exclusiveMaximum", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MultipleOf,
        spellings: &[
            kb("kubebuilder:validation:MultipleOf", P::Number),
            ko("k8s:validation:multipleOf", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MinLength,
        spellings: &[
            kep("minLength", P::Int),
            vg("k8s:minLength", P::Int),
            kb("kubebuilder:validation:MinLength", P::Int),
            ko("k8s:validation:minLength", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MaxLength,
        spellings: &[
            kep("maxLength", P::Int),
            vg("k8s:maxLength", P::Int),
            kb("kubebuilder:validation:MaxLength", P::Int),
            ko("k8s:validation:maxLength", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Pattern,
        spellings: &[
            kep("pattern", P::Raw),
            kb("kubebuilder:validation:Pattern", P::String),
            ko("k8s:validation:pattern", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Format,
        spellings: &[
            kep("format", P::String),
            vg("k8s:format", P::String),
            kb("kubebuilder:validation:Format", P::String),
            ko("k8s:validation:format", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MinItems,
        spellings: &[
            kep("minItems", P::Int),
            vg("k8s:minItems", P::Int),
            kb("kubebuilder:validation:MinItems", P::Int),
            ko("k8s:validation:minItems", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MaxItems,
        spellings: &[
            kep("maxItems", P::Int),
            vg("k8s:maxItems", P::Int),
            kb("kubebuilder:validation:MaxItems", P::Int),
            ko("k8s:validation:maxItems", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::UniqueItems,
        spellings: &[
            kb("kubebuilder:validation:UniqueItems", P::Bool),
            ko("k8s:validation:uniqueItems", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MinProperties,
        spellings: &[
            kep("minProperties", P::Int),
            vg("k8s:minProperties", P::Int),
            kb("kubebuilder:validation:MinProperties", P::Int),
            ko("k8s:validation:minProperties", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::MaxProperties,
        spellings: &[
            kep("maxProperties", P::Int),
            vg("k8s:maxProperties", P::Int),
            kb("kubebuilder:validation:MaxProperties", P::Int),
            ko("k8s:validation:maxProperties", P::Json),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Enum,
        spellings: &[
            kep("enum", P::None),
            vg("k8s:enum", P::None),
            kb("kubebuilder:validation:Enum", P::List),
        ],
        scopes: Scopes::TYPE.or(Scopes::FIELD),
    },
    Entry {
        rule: Rule::EnumExclude,
        spellings: &[vg("k8s:enumExclude", P::None)],
        scopes: Scopes::CONST,
    },
    Entry {
        rule: Rule::Neq,
        spellings: &[vg("k8s:neq", P::Raw)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::ListType,
        spellings: &[kep("listType", P::String), vg("k8s:listType", P::String)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::ListMapKey,
        spellings: &[
            kep("listMapKey", P::String),
            vg("k8s:listMapKey", P::String),
        ],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Unique,
        spellings: &[vg("k8s:unique", P::String)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::CustomUnique,
        spellings: &[vg("k8s:customUnique", P::None)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Immutable,
        spellings: &[kep("immutable", P::None), vg("k8s:immutable", P::None)],
        scopes: Scopes::TYPE
            .or(Scopes::FIELD)
            .or(Scopes::LIST_VALUE)
            .or(Scopes::MAP_VALUE),
    },
    Entry {
        rule: Rule::Update,
        spellings: &[vg("k8s:update", P::String)],
        scopes: FIELD,
    },
    Entry {
        rule: Rule::EachVal,
        spellings: &[vg("k8s:eachVal", P::Tag)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::EachKey,
        spellings: &[vg("k8s:eachKey", P::Tag)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Subfield,
        spellings: &[vg("k8s:subfield", P::Tag)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Item,
        spellings: &[vg("k8s:item", P::Tag)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::UnionMember,
        spellings: &[vg("k8s:unionMember", P::None)],
        scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
    },
    Entry {
        rule: Rule::UnionDiscriminator,
        spellings: &[
            kep("unionDiscriminator", P::None),
            vg("k8s:unionDiscriminator", P::None),
        ],
        scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
    },
    Entry {
        rule: Rule::ZeroOrOneOfMember,
        spellings: &[vg("k8s:zeroOrOneOfMember", P::None)],
        scopes: Scopes::FIELD.or(Scopes::LIST_VALUE),
    },
    Entry {
        rule: Rule::IfEnabled,
        spellings: &[vg("k8s:ifEnabled", P::Tag)],
        scopes: VALUES.or(Scopes::CONST),
    },
    Entry {
        rule: Rule::IfDisabled,
        spellings: &[vg("k8s:ifDisabled", P::Tag)],
        scopes: VALUES.or(Scopes::CONST),
    },
    Entry {
        rule: Rule::Stage,
        spellings: &[vg("k8s:alpha", P::Tag), vg("k8s:beta", P::Tag)],
        scopes: VALUES.or(Scopes::CONST),
    },
    Entry {
        rule: Rule::MaxBytes,
        spellings: &[vg("k8s:maxBytes", P::Int)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Mode,
        spellings: &[vg("k8s:discriminator", P::None), vg("k8s:member", P::Tag)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::OpaqueType,
        spellings: &[vg("k8s:opaqueType", P::None)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::Type,
        spellings: &[kb("kubebuilder:validation:Type", P::String)],
        scopes: VALUES,
    },
    Entry {
        rule: Rule::ValidationRule,
        spellings: &[
            kep("validationRule", P::Rule),
            kb("kubebuilder:validation:XValidation", P::Rule),
        ],
        scopes: Scopes::TYPE.or(Scopes::FIELD),
    },
    Entry {
        rule: Rule::NameFormat,
        spellings: &[kep("nameFormat", P::String)],
        scopes: Scopes::TYPE.or(Scopes::FIELD),
    },
];

/// What a tag name is to kubeidl.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// A validation tag.
    Validation(&'static Entry, &'static Spelling),
    /// A directive of another generator (`+k8s:deepcopy-gen`, `+k8s:openapi-gen`,
    /// `+k8s:prerelease-lifecycle-gen:introduced`...), or an unprefixed tag kubeidl does not
    /// read (`+genclient`, `+featureGate`): not ours to judge.
    Other,
    /// A name in a validation namespace (`+k8s:`, `+kubebuilder:validation:`) that no entry has:
    /// most likely a typo, and an error.
    Unknown,
}

/// `+k8s:` directives of validation-gen and other generators that are not validations.
const DIRECTIVES: &[&str] = &[
    "k8s:isSubresource",
    "k8s:supportsSubresource",
    "k8s:openapi-model-package",
    // go-to-protobuf's reserved field names and numbers.
    "k8s:deprecated",
    "k8s:protobuf",
];

/// Looks a tag name (without `+`) up.
pub fn lookup(name: &str) -> Known {
    for entry in ENTRIES {
        for spelling in entry.spellings {
            if spelling.name == name {
                return Known::Validation(entry, spelling);
            }
        }
    }
    if DIRECTIVES.contains(&name) {
        return Known::Other;
    }
    if let Some(rest) = name.strip_prefix("k8s:") {
        // Generator directives: `k8s:deepcopy-gen`, `k8s:prerelease-lifecycle-gen:introduced`.
        let generator = rest.split(':').next().unwrap_or_default();
        return if generator.ends_with("-gen") || generator.ends_with("-gen-input") {
            Known::Other
        } else {
            Known::Unknown
        };
    }
    if name.starts_with("kubebuilder:validation:") {
        return Known::Unknown;
    }
    Known::Other
}

/// The message for a tag name no entry has, with the closest spelling of the same dialect
/// when one is close enough to be a likely typo (`+k8s:maxLenght` → `+k8s:maxLength`).
pub fn unknown_tag_message(name: &str) -> String {
    match nearest(name) {
        Some(near) => format!("unknown tag \"+{name}\" (did you mean \"+{near}\"?)"),
        None => format!("unknown tag \"+{name}\""),
    }
}

/// The spelling closest to `name`, compared without case and within the namespace `name` is
/// written in, if at most a third of it differs.
pub fn nearest(name: &str) -> Option<&'static str> {
    let namespace = |n: &str| n.rfind(':').map_or("", |i| &n[..i]).to_string();
    let wanted = namespace(name);
    let lower = name.to_lowercase();
    ENTRIES
        .iter()
        .flat_map(|e| e.spellings.iter())
        .filter(|s| namespace(s.name) == wanted)
        .map(|s| (strsim::levenshtein(&lower, &s.name.to_lowercase()), s.name))
        .filter(|(distance, s)| *distance > 0 || *s != name)
        .filter(|(distance, _)| *distance * 3 <= name.len().max(3))
        .min()
        .map(|(_, s)| s)
}

/// The entry of a rule.
pub fn entry(rule: Rule) -> &'static Entry {
    ENTRIES
        .iter()
        .find(|e| e.rule == rule)
        .expect("every rule has an entry")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_is_unique_and_every_rule_has_one_entry() {
        let mut names = std::collections::HashSet::new();
        let mut rules = std::collections::HashSet::new();
        for e in ENTRIES {
            assert!(rules.insert(e.rule), "{:?} twice", e.rule);
            assert!(!e.spellings.is_empty());
            for s in e.spellings {
                assert!(names.insert(s.name), "{} twice", s.name);
                let prefix_ok = match s.dialect {
                    Dialect::Kep => !s.name.contains(':'),
                    Dialect::ValidationGen => {
                        s.name.starts_with("k8s:") && !s.name.starts_with("k8s:validation:")
                    }
                    Dialect::Kubebuilder => s.name.starts_with("kubebuilder:"),
                    Dialect::KubeOpenapi => s.name.starts_with("k8s:validation:"),
                };
                assert!(prefix_ok, "{} is not spelled as {:?}", s.name, s.dialect);
            }
        }
        assert_eq!(entry(Rule::MaxItems).rule, Rule::MaxItems);
    }

    #[test]
    fn two_dialects_name_one_rule() {
        let rule = |name| match lookup(name) {
            Known::Validation(e, _) => Some(e.rule),
            _ => None,
        };
        assert_eq!(rule("listType"), Some(Rule::ListType));
        assert_eq!(rule("k8s:listType"), rule("listType"));
        assert_eq!(rule("kubebuilder:validation:Minimum"), rule("k8s:minimum"));
        assert_eq!(rule("k8s:validation:maxLength"), rule("maxLength"));
        assert_eq!(lookup("k8s:deepcopy-gen"), Known::Other);
        assert_eq!(
            lookup("k8s:prerelease-lifecycle-gen:introduced"),
            Known::Other
        );
        assert_eq!(lookup("genclient"), Known::Other);
    }

    #[test]
    fn unknown_names_suggest_the_nearest_spelling_of_their_dialect() {
        assert_eq!(nearest("k8s:maxLenght"), Some("k8s:maxLength"));
        assert_eq!(
            nearest("kubebuilder:validation:minimum"),
            Some("kubebuilder:validation:Minimum")
        );
        assert_eq!(nearest("k8s:zzz"), None);
        assert_eq!(
            unknown_tag_message("k8s:unionmember"),
            "unknown tag \"+k8s:unionmember\" (did you mean \"+k8s:unionMember\"?)"
        );
        assert_eq!(lookup("k8s:minimun"), Known::Unknown);
        assert_eq!(lookup("kubebuilder:validation:Minimun"), Known::Unknown);
        assert!(entry(Rule::EnumExclude).scopes.contains(Scopes::CONST));
        assert!(!entry(Rule::Update).scopes.contains(Scopes::LIST_VALUE));
        assert_eq!(Scopes::MAP_KEY.describe(), "map keys");
    }
}
