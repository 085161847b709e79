//! The variants of an enum read as serde writes them: a unit variant of an externally tagged
//! enum is a string, its name under `rename` or `rename_all` (`alias` only widens what serde
//! reads, so the values written are the schema's). Such an enum is a Go string type with
//! `+enum` and a constant per variant, whose doc comment is the constant's.

use crate::docs::Docs;
use crate::serde_attrs::{self, rename_variant, ContainerSerde};
use kubeidl::comments::enums::{EnumValue, EnumValues};
use syn::{DataEnum, Fields, Ident};

/// A unit variant.
pub struct Variant {
    pub ident: Ident,
    /// What serde writes for it.
    pub wire: String,
    pub docs: Docs,
}

/// The variants of an externally tagged enum of unit variants, which serde writes as strings
/// (`unions::is_union` sends every other enum to `unions.rs`).
pub fn read(data: &DataEnum, serde: &ContainerSerde) -> syn::Result<Vec<Variant>> {
    let mut errors: Option<syn::Error> = None;
    let mut variants = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            let (ident, fields) = (&v.ident, &v.fields);
            crate::combine(
                &mut errors,
                syn::Error::new_spanned(
                    quote::quote!(#ident #fields),
                    format!(
                        "variant `{}` carries data: an enum with data is a union, not a string enum",
                        v.ident
                    ),
                ),
            );
            continue;
        }
        let attrs = match serde_attrs::field(&v.attrs) {
            Ok(a) => a,
            Err(e) => {
                crate::combine(&mut errors, e);
                continue;
            }
        };
        if attrs.skip {
            continue;
        }
        let name = v.ident.to_string();
        let wire = match (attrs.rename, &serde.rename_all) {
            (Some(r), _) => r,
            (None, Some((rule, _))) => rename_variant(rule, &name).unwrap_or(name),
            (None, None) => name,
        };
        variants.push(Variant {
            ident: v.ident.clone(),
            wire,
            docs: Docs::read(&v.attrs),
        });
    }
    if let Some(e) = errors {
        return Err(e);
    }
    if variants.is_empty() {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "an enum with no variants serde writes has no values",
        ));
    }
    Ok(variants)
}

/// The values as openapi-gen lists a Go enum's constants: each variant's doc comment, its lines
/// joined, is its constant's.
pub fn values(variants: &[Variant]) -> EnumValues {
    let mut values = EnumValues::default();
    for v in variants {
        values.add(EnumValue {
            name: v.ident.to_string(),
            value: v.wire.clone(),
            comment: v.docs.lines.join(" "),
        });
    }
    values
}
