//! A derived type's schema with nothing left to look up: every definition it refers to inlined,
//! as a CRD holds the type below its root. With the `kube` feature, derived types implement
//! schemars' `JsonSchema` with it, so kube-rs' `#[derive(CustomResource)]` puts kubeidl's
//! schema (every tag and rule lowered) into the CRDs it writes.

use super::{Definition, Form};
use crate::apimachinery::OBJECT_META;
use crate::crd::schema::{keep_free_form, reduce_object_meta};
use crate::schema::{inline, Schema};
use std::collections::BTreeMap;

/// The name an inline type (a string enum, a newtype) stands under while its schema is inlined.
const STANDALONE: &str = "kubeidl.standalone";

/// `T`'s structural schema as `kubeidl crd` writes it below a kind's root: only the defaults
/// tags ask for ([`Form::Crd`]), an `ObjectMeta` reduced to the members a CRD may declare
/// below its root (name, namespace, labels, annotations, finalizers), free-form objects
/// keeping unknown fields, every `$ref` inlined. An inline type is its schema with its tags
/// lowered. Fails only when the schema cannot be inlined (a type that contains itself).
pub fn structural_schema<T: Definition + ?Sized>() -> Result<Schema, String> {
    let mut definitions = BTreeMap::new();
    T::add_definitions_in(&mut definitions, Form::Crd);
    let root = match T::inline() {
        Some(inline) => {
            definitions.insert(STANDALONE.to_string(), inline.standalone());
            STANDALONE.to_string()
        }
        None => T::definition_name(),
    };
    keep_free_form(&mut definitions);
    reduce_object_meta(&mut definitions, OBJECT_META, true);
    inline(&root, &definitions)
        .map(|inlined| inlined.schema)
        .map_err(|e| format!("{}: {e}", T::definition_name()))
}

/// schemars' `JsonSchema` for a derived type (`kube` feature): its [`structural_schema`],
/// inlined wherever schemars asks for it, named by its definition name.
#[cfg(feature = "kube")]
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema {
    ($ty:ty) => {
        impl $crate::typed::__private::schemars::JsonSchema for $ty {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Owned(<Self as $crate::typed::Definition>::definition_name())
            }

            fn inline_schema() -> bool {
                true
            }

            fn json_schema(
                _: &mut $crate::typed::__private::schemars::SchemaGenerator,
            ) -> $crate::typed::__private::schemars::Schema {
                $crate::typed::__private::json_schema::<Self>()
            }
        }
    };
}

/// Without the `kube` feature, derived types do not implement schemars' `JsonSchema`.
#[cfg(not(feature = "kube"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema {
    ($ty:ty) => {};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apimachinery::ObjectMeta;

    #[test]
    fn object_meta_is_reduced_as_below_a_crd_root() {
        let schema = structural_schema::<ObjectMeta>().unwrap();
        let members: Vec<&str> = schema.properties.keys().map(String::as_str).collect();
        assert_eq!(
            members,
            ["name", "namespace", "labels", "annotations", "finalizers"]
        );
        assert_eq!(schema.to_json()["type"], "object");
    }
}
