//! The registry of validation tags: one entry per rule, with its names in each dialect (the KEP's
//! unprefixed tags, validation-gen's `+k8s:`, kubebuilder markers, kube-openapi's
//! `+k8s:validation:` lines), where it may stand and what payload each spelling takes. A rule
//! written in two dialects on one field is the same entry, so it is applied once. The entries
//! themselves live in their families' modules (`tags/family/`); this is the one table of them.

use super::family::{
    self,
    shared::{CheckFn, LowerFn, MembersFn},
};

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
    /// kubeidl's own `+kubeidl:` tags.
    Kubeidl,
}

impl Dialect {
    /// The dialect's name in the tag reference.
    pub fn describe(self) -> &'static str {
        match self {
            Dialect::Kep => "KEP-4153",
            Dialect::ValidationGen => "validation-gen",
            Dialect::Kubebuilder => "kubebuilder",
            Dialect::KubeOpenapi => "kube-openapi",
            Dialect::Kubeidl => "kubeidl",
        }
    }

    /// Every dialect, in the order the reference lists them.
    pub const ALL: [Dialect; 5] = [
        Dialect::Kep,
        Dialect::ValidationGen,
        Dialect::Kubebuilder,
        Dialect::KubeOpenapi,
        Dialect::Kubeidl,
    ];
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

    /// The names of the scopes this holds, narrowest bit first.
    pub fn names(self) -> Vec<&'static str> {
        (0..6)
            .map(|bit| Scopes(1 << bit))
            .filter(|one| self.contains(*one))
            .map(Scopes::describe)
            .collect()
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
    /// kubebuilder's options after `:` (`+kubebuilder:externalDocs:url="...",description="..."`).
    Options,
}

impl Payload {
    /// A placeholder for the payload in the tag reference.
    pub fn describe(self) -> &'static str {
        match self {
            Payload::None => "",
            Payload::Int => "<int>",
            Payload::Number => "<number>",
            Payload::Bool => "<bool>",
            Payload::String => "<string>",
            Payload::Tag => "+<tag>",
            Payload::Json => "<json>",
            Payload::Raw => "<text>",
            Payload::List => "<a;b;...>",
            Payload::Rule => "\"<rule>\",message=\"<message>\"",
            Payload::Options => "<key>=<value>,...",
        }
    }
}

/// One spelling of a rule.
#[derive(Debug, PartialEq, Eq)]
pub struct Spelling {
    pub dialect: Dialect,
    /// Without the `+`.
    pub name: &'static str,
    pub payload: Payload,
}

impl Spelling {
    /// The spelling as written, with a placeholder for its payload (`+k8s:minimum=<int>`).
    pub fn usage(&self) -> String {
        let payload = self.payload.describe();
        if payload.is_empty() {
            return format!("+{}", self.name);
        }
        match (self.dialect, self.payload) {
            // kubebuilder's rule markers take their options after a colon.
            (Dialect::Kubebuilder, Payload::Rule) => format!("+{}:rule={payload}", self.name),
            (Dialect::Kubebuilder, Payload::Options) => format!("+{}:{payload}", self.name),
            _ => format!("+{}={payload}", self.name),
        }
    }
}

/// A rule tags can declare, named as the tag reference and the lowering snapshots name it
/// (`MaxItems`). Each family module declares its entries' rules as constants (`Rule::MaxItems`),
/// so a new tag is written in its family's file alone; a test checks that no two entries share
/// a rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule(pub(crate) &'static str);

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// A registry entry: everything about one rule. Entries live in their family's module
/// (`tags/family/`); nothing about a tag lives outside its entry but helpers several share.
#[derive(Debug)]
pub struct Entry {
    pub rule: Rule,
    pub spellings: &'static [Spelling],
    pub scopes: Scopes,
    /// What the tag means and what it becomes, in one paragraph (Markdown).
    pub doc: &'static str,
    /// A comment line using the tag.
    pub example: &'static str,
    /// What the tag writes where it stands.
    pub(crate) lower: LowerFn,
    /// The tag as a CEL check over an expression, for the places no keyword reaches (nested in
    /// `+k8s:subfield`, `+k8s:item`, `+k8s:eachKey`); `None` when it cannot be nested so.
    pub(crate) check: Option<CheckFn>,
    /// The members of the enclosing struct the tag looks into (`+k8s:subfield`, `+k8s:item`,
    /// `+nameFormat`), each with the error lowering gives for a struct without it; `None` for
    /// tags that do not look into members.
    pub(crate) members: Option<MembersFn>,
}

/// Entries are one per rule, so a rule names its entry.
impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.rule == other.rule
    }
}

impl Eq for Entry {}

/// A family of tags: a module of `tags/family/` and its entries.
#[derive(Debug)]
pub struct Family {
    /// The module's name (`bounds`, `lengths`...).
    pub name: &'static str,
    /// What the family's tags have in common, in a sentence.
    pub doc: &'static str,
    pub entries: &'static [Entry],
}

/// Every family of validation tags, in the order the reference lists them.
pub static FAMILIES: &[Family] = &[
    family::presence::FAMILY,
    family::bounds::FAMILY,
    family::lengths::FAMILY,
    family::formats::FAMILY,
    family::patterns::FAMILY,
    family::enums::FAMILY,
    family::lists::FAMILY,
    family::uniqueness::FAMILY,
    family::rules::FAMILY,
    family::transitions::FAMILY,
    family::unions::FAMILY,
    family::selectors::FAMILY,
    family::overrides::FAMILY,
    family::structure::FAMILY,
    family::messages::FAMILY,
    family::documentation::FAMILY,
    family::gates::FAMILY,
    family::native::FAMILY,
];

/// Every validation tag, family by family.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    FAMILIES.iter().flat_map(|f| f.entries.iter())
}

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
    for entry in entries() {
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
    if name.starts_with("kubebuilder:validation:") || name.starts_with("kubeidl:") {
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
    entries()
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
    entries()
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
        for e in entries() {
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
                    Dialect::Kubeidl => s.name.starts_with("kubeidl:"),
                };
                assert!(prefix_ok, "{} is not spelled as {:?}", s.name, s.dialect);
            }
        }
        assert_eq!(entry(Rule::MaxItems).rule, Rule::MaxItems);
    }

    #[test]
    fn every_entry_is_documented_with_an_example_of_itself() {
        for e in entries() {
            assert!(!e.doc.is_empty(), "{:?} has no documentation", e.rule);
            assert!(!e.doc.contains('\n'), "{:?}: one paragraph", e.rule);
            let tag = super::super::read::read_line(e.example)
                .unwrap_or_else(|err| panic!("{:?}: {}: {err}", e.rule, e.example))
                .unwrap_or_else(|| panic!("{:?}: {} is not a tag", e.rule, e.example));
            assert_eq!(tag.rule, e.rule, "{}", e.example);
        }
        for f in FAMILIES {
            assert!(!f.entries.is_empty() && !f.doc.is_empty(), "{}", f.name);
        }
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
