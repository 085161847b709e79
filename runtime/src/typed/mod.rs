//! Typed Rust values: the traits `#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate)]`
//! implements, and the support its generated code calls.
//!
//! The macro reads the same tags as the Go generator (from doc comments) and lowers them at
//! expansion time with [`crate::tags::lower`], so a struct's definition is built once, when it is
//! compiled. What the macro cannot see (the definition names of the types a field refers to, the
//! members of a `#[serde(flatten)]` type) is filled in here, when the document is assembled.

#[doc(hidden)]
pub mod __private;
mod inline;
mod schema_with;
mod structural;

use crate::cel::native::ToCel;
use crate::errors::FieldError;
use crate::schema::{Document, Schema};
use crate::tags::lower::Member;
use crate::validate::{Path, Report, TypeRules, Validator};
use std::collections::BTreeMap;

pub use inline::{Inline, Ref};
pub use structural::structural_schema;

/// A Rust type with an OpenAPI definition of its own.
pub trait Definition {
    /// The definition name, as the Go generator names a type's definition
    /// (`com.example.widgets.v1.WidgetSpec`).
    fn definition_name() -> String;

    /// Adds this type's definition and every definition it refers to (each once), for OpenAPI.
    fn add_definitions(definitions: &mut BTreeMap<String, Schema>) {
        Self::add_definitions_in(definitions, Form::OpenApi)
    }

    /// Adds this type's definition and every definition it refers to (each once), in `form`.
    fn add_definitions_in(definitions: &mut BTreeMap<String, Schema>, form: Form);

    /// The members a tag on a field of this type looks into (`+k8s:subfield`, `+k8s:item`,
    /// `+nameFormat`): the struct's fields with those of flattened types, as Go sees an
    /// inlined struct's. Empty for a type that is not a struct.
    fn members() -> Vec<Member> {
        Vec::new()
    }

    /// The wire names of [`Definition::members`], as far as they are known when the type is
    /// compiled: the derive checks the names such tags give against them.
    const MEMBER_NAMES: MemberNames = MemberNames::UNKNOWN;

    /// Whether the type has no definition of its own and is written in place at each use (a
    /// string enum, a newtype): [`Definition::inline`] says how.
    const INLINE: bool = false;

    /// Whether a non-pointer use of this type takes openapi-gen's enforced default `{}` (a
    /// struct's zero value). Not for a type whose definition a function writes
    /// (`#[kubeidl(schema_with)]`): its JSON need not be an object, as Go enforces none for a
    /// type with a hand-written `UnmarshalJSON`.
    #[doc(hidden)]
    const ENFORCED_DEFAULT: bool = true;

    /// How a use of an inline type is written; `None` for a type with a definition, which uses
    /// refer to.
    fn inline() -> Option<Inline> {
        None
    }

    /// This type's definition and every definition it refers to, as component schemas.
    fn openapi_schema() -> Document {
        let mut definitions = BTreeMap::new();
        Self::add_definitions(&mut definitions);
        Document::new(definitions)
    }
}

impl<T: Definition> Definition for Box<T> {
    fn definition_name() -> String {
        T::definition_name()
    }

    fn add_definitions_in(definitions: &mut BTreeMap<String, Schema>, form: Form) {
        T::add_definitions_in(definitions, form)
    }

    fn members() -> Vec<Member> {
        T::members()
    }

    const MEMBER_NAMES: MemberNames = T::MEMBER_NAMES;

    const INLINE: bool = T::INLINE;

    const ENFORCED_DEFAULT: bool = T::ENFORCED_DEFAULT;

    fn inline() -> Option<Inline> {
        T::inline()
    }
}

/// Which document definitions are built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// OpenAPI, as openapi-gen writes it: non-pointer members have their zero value as an
    /// enforced `default`.
    #[default]
    OpenApi,
    /// A CRD, as `kubeidl crd` writes it: only the defaults tags ask for (a CRD applies defaults
    /// before validating, so enforced zero values would satisfy `required` and fail `enum`).
    Crd,
}

/// The wire names of a struct's members, for checks at compile time.
pub struct MemberNames {
    /// False for a type whose members are not known (not a derived struct): every name passes.
    pub known: bool,
    pub names: &'static [&'static str],
    /// The member names of the `#[serde(flatten)]` types.
    pub flattened: &'static [MemberNames],
}

impl MemberNames {
    pub const UNKNOWN: MemberNames = MemberNames {
        known: false,
        names: &[],
        flattened: &[],
    };

    /// Whether `name` may be a member's wire name (a `const fn`, for compile-time assertions).
    pub const fn may_hold(&self, name: &str) -> bool {
        if !self.known {
            return true;
        }
        let mut i = 0;
        while i < self.names.len() {
            if str_eq(self.names[i], name) {
                return true;
            }
            i += 1;
        }
        let mut i = 0;
        while i < self.flattened.len() {
            if self.flattened[i].may_hold(name) {
                return true;
            }
            i += 1;
        }
        false
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A Rust type whose values check themselves against the validations of its definition (value
/// checks and CEL rules), with the errors the apiserver gives for the same value as JSON.
pub trait Validate: Definition + ToCel {
    /// Every error of this value, in a fixed order: each field's value checks in wire-name
    /// order, then the required fields that are unset, then the failed CEL rules (not run when a
    /// value check already blocks them, as the apiserver does).
    fn validate(&self) -> Vec<FieldError> {
        __private::validate_with(self)
    }

    /// [`Validate::validate`] for a value standing at `at` in a larger object, such as a custom
    /// resource's spec at `spec` (`Path::ROOT.field("spec")`): errors name their fields from
    /// the object's root, in paths and in texts (`spec.replicas in body should be...`), as the
    /// apiserver names them.
    fn validate_in(&self, at: &Path<'_>) -> Vec<FieldError> {
        __private::validate_in(self, at)
    }

    /// The errors of an update from `old` to this value: transition rules see `oldSelf`, and
    /// an error on a value unchanged from `old` is a warning (ratcheting), as are list-type
    /// errors when `old` had some too.
    fn validate_update(&self, old: &Self) -> Report {
        let mut report = Report::default();
        self.validate_at(&Path::ROOT, &mut report.errors);
        let rules = Self::rules();
        let (new, old_value) = (self.to_cel(rules.decl()), old.to_cel(rules.decl()));
        rules.ratchet(&new, &old_value, &mut report);
        let mut lists = Vec::new();
        self.lists_at(&Path::ROOT, &mut lists);
        let old_broke = || {
            let mut old_lists = Vec::new();
            old.lists_at(&Path::ROOT, &mut old_lists);
            !old_lists.is_empty()
        };
        crate::validate::file_list_errors(
            lists,
            old_broke,
            &mut report.errors,
            &mut report.warnings,
        );
        rules.check(&new, Some(&old_value), &mut report);
        report
    }

    /// Adds the value-check errors of this value, found at `path`, to `errors` (rules are run by
    /// [`Validate::validate`] from the root).
    fn validate_at(&self, path: &Path<'_>, errors: &mut Vec<FieldError>);

    /// Adds the list-type errors (`Duplicate value` in `+listType=set` and `map` lists) of this
    /// value and the values it holds, found at `path`, to `errors`; they follow every value
    /// check, as in the schema walk.
    fn lists_at(&self, path: &Path<'_>, errors: &mut Vec<FieldError>) {
        let _ = (path, errors);
    }

    /// The total cost of every rule this value reaches (its type's own and those of the values
    /// it holds), when all of them ran as Rust and passed: what the derive writes when it sees
    /// every such rule and each is a straight line (`self.min <= self.max`, a union's rules).
    /// `None` (the default) when one failed or cannot run as Rust, or the rules are not all
    /// known here: [`Validate::validate`] then evaluates them, which gives the errors.
    #[doc(hidden)]
    fn rules_pass_natively(&self) -> Option<u64> {
        None
    }

    /// The type's rules, compiled once.
    fn rules() -> &'static TypeRules;

    /// The schema walk of this type's definition, compiled once.
    fn json_validator() -> &'static Validator;

    /// The errors the apiserver gives for `value` as an object of this type: the schema walk
    /// of the derived definition (unknown fields, value checks, list types, CEL rules), for
    /// values that may not deserialize (`"udp"` where an enum takes `"UDP"` is
    /// `Unsupported value: "udp": supported values: "SCTP", "TCP", "UDP"`).
    fn validate_json(value: &serde_json::Value) -> Vec<FieldError>
    where
        Self: Sized,
    {
        Self::json_validator().validate(value).errors
    }
}

impl<T: Validate> Validate for Box<T> {
    fn validate_at(&self, path: &Path<'_>, errors: &mut Vec<FieldError>) {
        T::validate_at(self, path, errors)
    }

    fn lists_at(&self, path: &Path<'_>, errors: &mut Vec<FieldError>) {
        T::lists_at(self, path, errors)
    }

    fn rules_pass_natively(&self) -> Option<u64> {
        T::rules_pass_natively(self)
    }

    fn rules() -> &'static TypeRules {
        T::rules()
    }

    fn json_validator() -> &'static Validator {
        T::json_validator()
    }
}

/// The root type of a custom resource kind: what `#[kubeidl(kind = "Widget", group = ..., version
/// = ...)]` on a spec type writes (the struct `Widget { api_version, kind, metadata, spec,
/// status }` implements it). Its CRD is what `kubeidl crd` writes for the kind's Go twin.
pub trait CustomResource: Definition {
    const GROUP: &'static str;
    const VERSION: &'static str;
    const KIND: &'static str;

    /// What the kind's CRD markers say (names, scope, subresources, printer columns...).
    fn markers() -> crate::crd::KindMarkers;

    /// `<group>/<version>`.
    fn api_version() -> String {
        format!("{}/{}", Self::GROUP, Self::VERSION)
    }

    /// This version of the kind, for [`crate::crd::merge`] with the kind's other versions.
    fn crd_version() -> crate::crd::Version {
        let mut definitions = BTreeMap::new();
        Self::add_definitions_in(&mut definitions, Form::Crd);
        crate::crd::Version {
            kind: crate::crd::KindVersion {
                kind: Self::KIND.to_string(),
                group: Self::GROUP.to_string(),
                version: Self::VERSION.to_string(),
                markers: Self::markers(),
                at: format!("{} {}", Self::KIND, Self::api_version()),
            },
            root: Self::definition_name(),
            definitions,
        }
    }

    /// The CRD of this kind with this one version, its schema and CEL costs checked as the
    /// apiserver checks them (what the derive could not check at compile time is checked here).
    fn crd() -> Result<crate::crd::Crd, crate::crd::CrdError> {
        crate::crd::merge([Self::crd_version()])
    }
}
