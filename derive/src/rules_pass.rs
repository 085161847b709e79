//! `Validate::rules_pass_natively`: whether every CEL rule a value reaches passed, run as Rust,
//! and at what cost, so `validate()` skips evaluation when nothing fails. A value reaches its
//! type's own rules and those of the values it holds (a field of a struct or union type, the
//! items of a list, the values of a map). The derive writes the method when it sees all of
//! them: the type's own rules all compile to Rust (`native_rules.rs`), its properties carry no
//! rule of their own, and the types of its fields answer for theirs through the same method
//! (a type that cannot answers `None`, as the trait's default does). Anything else, or a rule
//! that fails, leaves the rules to evaluation, which gives the errors.
//!
//! Left to evaluation: types with flattened members (their definition is finished at run time),
//! fields whose tags look into their type's members or add to a named type's property (lowered
//! again at run time), `+k8s:override`, and an unset field with a default that holds a named
//! type (the rules below would run on the default).

use crate::container::{Body, Container, Newtype};
use crate::definition::Built;
use crate::shape::Shape;
use crate::validator::{fields_by_wire, overrides_members, presence};
use kubeidl::schema::Schema;
use kubeidl::tags::lower::VALIDATIONS;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// The method of a struct or union, when the derive sees every rule its values reach.
pub fn struct_method(c: &Container<'_>, built: &Built) -> Option<TokenStream> {
    if c.fields.iter().any(|f| f.flatten) {
        return None;
    }
    let own = match built.schema.extensions.get(VALIDATIONS) {
        Some(Value::Array(entries)) => entries
            .iter()
            .filter_map(|e| e.get("rule").and_then(Value::as_str))
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        _ => 0,
    };
    let rules = crate::native_rules::rules(c, built);
    if rules.len() != own {
        return None;
    }
    let own_checks = rules.iter().map(|(_, body)| {
        quote! {
            if !(#body) {
                return ::std::option::Option::None;
            }
        }
    });
    let mut held = Vec::new();
    for (f, property) in fields_by_wire(c, built) {
        let rewritten = built
            .deferred
            .iter()
            .any(|d| d.wire == f.wire && (d.needs_members || d.tagged));
        // A function's schema may hold rules the derive cannot see.
        if holds_rules(property) || rewritten || overrides_members(f) || f.schema_with.is_some() {
            return None;
        }
        let reached = reach(f.shape.required(), quote!(v));
        if reached.is_empty() {
            continue;
        }
        let set = presence(f, property);
        let unset = match property.default {
            Some(_) => quote!(return ::std::option::Option::None;),
            None => TokenStream::new(),
        };
        held.push(quote! {
            match #set {
                ::std::option::Option::Some(v) => { #reached }
                ::std::option::Option::None => { #unset }
            }
        });
    }
    Some(method(quote!(#(#own_checks)* #(#held)*)))
}

/// The method of an inline type (a string enum, a newtype), whose schema is written at each
/// use: when its tags write no rule there, the rules its value reaches are those of the types
/// a newtype's list or map holds.
pub fn inline_method(c: &Container<'_>, lowered: &Schema) -> Option<TokenStream> {
    if holds_rules(lowered) {
        return None;
    }
    match &c.body {
        Body::Newtype(Newtype { shape, member }) => {
            Some(method(reach(shape, quote!((&self.#member)))))
        }
        _ => Some(method(TokenStream::new())),
    }
}

fn method(body: TokenStream) -> TokenStream {
    quote! {
        #[allow(unused_mut, unreachable_code, clippy::needless_return)]
        fn rules_pass_natively(&self) -> ::std::option::Option<u64> {
            let mut cost: u64 = 0;
            #body
            ::std::option::Option::Some(cost)
        }
    }
}

/// Adds to `cost` the rules reached from `v` (a reference to a value of `shape`), returning
/// `None` from the method when one does not pass; nothing when no named type is held.
fn reach(shape: &Shape, v: TokenStream) -> TokenStream {
    match shape {
        Shape::Named(_) => quote! {
            cost = cost.checked_add(::kubeidl::typed::Validate::rules_pass_natively(#v)?)?;
        },
        Shape::Optional(inner) => {
            let inner = reach(inner, quote!(v));
            if inner.is_empty() {
                return inner;
            }
            quote! {
                if let ::std::option::Option::Some(v) = (#v).as_ref() {
                    #inner
                }
            }
        }
        Shape::List(elem) | Shape::Map(elem) => {
            let each = reach(elem, quote!(v));
            if each.is_empty() {
                return each;
            }
            let values = match shape {
                Shape::List(_) => quote!(iter),
                _ => quote!(values),
            };
            quote! {
                for v in (#v).#values() {
                    #each
                }
            }
        }
        Shape::Scalar(_) | Shape::Apimachinery(_) | Shape::Custom => TokenStream::new(),
    }
}

/// Whether `schema` or a node below it (not behind a `$ref`) has rules.
fn holds_rules(schema: &Schema) -> bool {
    let mut found = schema.extensions.contains_key(VALIDATIONS);
    schema.for_each_child(|child| found = found || holds_rules(child));
    found
}
