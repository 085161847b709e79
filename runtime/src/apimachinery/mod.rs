//! kubeidl's own equivalents of the apimachinery value types Kubernetes APIs are written with:
//! [`Quantity`], [`IntOrString`], [`Time`], [`MicroTime`] and [`Duration`].
//!
//! Each is a plain Rust value that serializes to the JSON Go writes for its twin, reads what Go
//! reads, and has the OpenAPI definition the Go generator gives the Go type, under the same
//! definition name (`io.k8s.apimachinery.pkg.api.resource.Quantity`...), so a derived struct
//! with these fields has the schema of its Go twin. Only the descriptions are kubeidl's own.
//!
//! Fields of these types are what `#[derive(kubeidl_derive::Schema)]` knows by name: like Go's,
//! they get no enforced `{}` default and take tags as values of their own schema, not as structs.
//! A value is valid by construction (parsing is where a bad one is refused), so they add no
//! value-check errors; CEL rules see them as their JSON would be seen.

mod duration;
mod int_or_string;
mod object_meta;
mod quantity;
mod time;

pub use duration::Duration;
pub use int_or_string::IntOrString;
pub use object_meta::{ObjectMeta, OBJECT_META};
pub use quantity::Quantity;
pub use time::{MicroTime, Time};

use crate::schema::{Schema, SchemaType};

/// The definition of this module's type called `name` (`"Time"`), under its definition name,
/// for tools that see types only by their names (the derive's rule checks).
pub fn definition_of(name: &str) -> Option<(String, Schema)> {
    use crate::typed::Definition;
    fn of<T: Definition>() -> Option<(String, Schema)> {
        let mut definitions = std::collections::BTreeMap::new();
        T::add_definitions(&mut definitions);
        definitions.pop_first()
    }
    match name {
        "Quantity" => of::<Quantity>(),
        "IntOrString" => of::<IntOrString>(),
        "Time" => of::<Time>(),
        "MicroTime" => of::<MicroTime>(),
        "Duration" => of::<Duration>(),
        _ => None,
    }
}

/// What a text form failed to parse as: the type, the text and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {text:?}: {reason}")]
pub struct ParseError {
    pub what: &'static str,
    pub text: String,
    pub reason: String,
}

impl ParseError {
    fn new(what: &'static str, text: &str, reason: impl Into<String>) -> ParseError {
        ParseError {
            what,
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

/// Reads a type Go writes as a string, through its `FromStr` (`Time`, `MicroTime`, `Duration`).
fn deserialize_text<'de, D, T>(deserializer: D, expecting: &'static str) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr<Err = ParseError>,
{
    struct Visitor<T>(&'static str, std::marker::PhantomData<T>);
    impl<T: std::str::FromStr<Err = ParseError>> serde::de::Visitor<'_> for Visitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
            s.parse().map_err(E::custom)
        }
    }
    deserializer.deserialize_str(Visitor(expecting, std::marker::PhantomData))
}

/// A definition as openapi-gen builds it from `OpenAPISchemaType` (`types`),
/// `OpenAPISchemaFormat` (`format`) and `OpenAPIV3OneOfTypes` (`one_of`).
fn definition(description: &str, types: &[&str], format: &str, one_of: &[&str]) -> Schema {
    let single = |t: &str| SchemaType::Single(t.to_string());
    let mut schema = Schema {
        description: Some(description.to_string()),
        format: (!format.is_empty()).then(|| format.to_string()),
        ..Schema::default()
    };
    if one_of.is_empty() {
        schema.schema_type = types.first().map(|t| single(t));
    } else {
        schema.one_of = one_of
            .iter()
            .map(|t| Schema {
                schema_type: Some(single(t)),
                ..Schema::default()
            })
            .collect();
    }
    schema
}

/// The traits a derived struct needs of a field type: [`crate::typed::Definition`] (the
/// definition above under Go's name), [`crate::typed::Validate`] (nothing to check: the value
/// parsed) and the marker the derive asks of a field it knows by name.
macro_rules! apimachinery_type {
    ($ty:ty, $name:literal, $definition:expr) => {
        impl $crate::typed::Definition for $ty {
            fn definition_name() -> String {
                $name.to_string()
            }

            fn add_definitions_in(
                definitions: &mut std::collections::BTreeMap<String, $crate::schema::Schema>,
                _: $crate::typed::Form,
            ) {
                definitions
                    .entry($name.to_string())
                    .or_insert_with(|| $definition);
            }
        }

        impl $crate::typed::Validate for $ty {
            fn validate_at(
                &self,
                _: &$crate::validate::Path<'_>,
                _: &mut Vec<$crate::errors::FieldError>,
            ) {
            }

            fn rules() -> &'static $crate::validate::TypeRules {
                static RULES: std::sync::OnceLock<$crate::validate::TypeRules> =
                    std::sync::OnceLock::new();
                RULES.get_or_init($crate::typed::__private::compile_rules::<$ty>)
            }

            fn json_validator() -> &'static $crate::validate::Validator {
                static VALIDATOR: std::sync::OnceLock<$crate::validate::Validator> =
                    std::sync::OnceLock::new();
                VALIDATOR.get_or_init($crate::typed::__private::json_validator::<$ty>)
            }
        }

        impl $crate::apimachinery::sealed::Sealed for $ty {}
        impl $crate::apimachinery::ApimachineryType for $ty {}
    };
}
use apimachinery_type;

mod sealed {
    pub trait Sealed {}
}

/// One of this module's types. The derive recognizes fields of these types by their names
/// (`Quantity`, `IntOrString`, `Time`, `MicroTime`, `Duration`) and checks, with this trait,
/// that a field so named really is one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is named like one of kubeidl's apimachinery types, but is not one",
    label = "the derive treats a field type named `Quantity`, `IntOrString`, `Time`, `MicroTime` or `Duration` as `kubeidl::apimachinery`'s",
    note = "use the `kubeidl::apimachinery` type, or rename this type"
)]
pub trait ApimachineryType: sealed::Sealed {}

#[cfg(test)]
mod tests;
