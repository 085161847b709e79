//! List-type uniqueness of a derived struct (`+listType=set` and `+listType=map`): the body of
//! `Validate::lists_at`, which reports each repeated item (or key tuple) as `Duplicate value` at
//! its second occurrence, as the schema walk does. These errors come after every value check,
//! as the walk gathers them, so they are a pass of their own over the struct and the structs it
//! holds.

use crate::container::Container;
use crate::definition::Built;
use crate::shape::Shape;
use crate::validator::{each_item, each_value, fields_by_wire, presence};
use kubeidl::schema::Schema;
use kubeidl::tags::lower::ValueKind;
use proc_macro2::TokenStream;
use quote::quote;

/// The body of `lists_at`; empty when the struct holds no list with a list type to check.
pub fn body(c: &Container<'_>, built: &Built) -> TokenStream {
    let mut checks = Vec::new();
    for (f, property) in fields_by_wire(c, built) {
        if f.schema_with.is_some() {
            checks.push(crate::schema_with::list_checks(f, &presence(f, property)));
            continue;
        }
        let inner = node(f.shape.required(), property, quote!(v));
        if inner.is_empty() {
            continue;
        }
        let wire = &f.wire;
        let set = presence(f, property);
        checks.push(quote! {
            if let ::std::option::Option::Some(v) = #set {
                let path = &path.field(#wire);
                #inner
            }
        });
    }
    let flattened = c.fields.iter().filter(|f| f.flatten).map(|f| {
        let ident = &f.ident;
        quote!(::kubeidl::typed::Validate::lists_at(&self.#ident, path, errors);)
    });
    quote!(#(#checks)* #(#flattened)*)
}

/// The checks of the value `v` (a reference) of `shape` and of what it holds, at `path`.
pub fn node(shape: &Shape, schema: &Schema, v: TokenStream) -> TokenStream {
    match shape {
        Shape::List(elem) => {
            let own = uniqueness(elem, schema, &v);
            let item_schema = schema.items.as_deref().cloned().unwrap_or_default();
            let each = node(elem.required(), &item_schema, quote!(item));
            let items = each_item(elem, &v, each);
            quote!(#own #items)
        }
        Shape::Map(elem) => {
            let value_schema = schema
                .additional_properties
                .as_deref()
                .cloned()
                .unwrap_or_default();
            let each = node(elem.required(), &value_schema, quote!(item));
            each_value(elem, &v, each)
        }
        Shape::Named(_) => quote!(::kubeidl::typed::Validate::lists_at(#v, path, errors);),
        Shape::Optional(inner) => node(inner, schema, v),
        // A field's value, checked by its walk (`schema_with.rs`).
        Shape::Scalar(_) | Shape::Apimachinery(_) | Shape::Custom => TokenStream::new(),
    }
}

/// The uniqueness check a list's type asks for.
fn uniqueness(elem: &Shape, schema: &Schema, v: &TokenStream) -> TokenStream {
    let private = quote!(::kubeidl::typed::__private);
    match schema.list_type() {
        Some("set") => {
            let shown = item_json(elem);
            quote!(#private::set_duplicates(#v, #shown, path, errors);)
        }
        Some("map") => {
            let keys = schema.list_map_keys();
            quote!(#private::map_duplicates(#v, &[#(#keys),*], path, errors);)
        }
        _ => TokenStream::new(),
    }
}

/// A closure from a list item (of shape `elem`) to its JSON, which is what the walk compares
/// (`1` and `1000m` are two quantities here, as they are two strings there).
pub fn item_json(elem: &Shape) -> TokenStream {
    let private = quote!(::kubeidl::typed::__private);
    let shown = shown(elem.required());
    match elem {
        Shape::Optional(_) => quote! {
            |item| match item.as_ref() {
                ::std::option::Option::Some(item) => (#shown)(item),
                ::std::option::Option::None => #private::JsonValue::Null,
            }
        },
        _ => shown,
    }
}

fn shown(shape: &Shape) -> TokenStream {
    let private = quote!(::kubeidl::typed::__private);
    match shape {
        Shape::Scalar(s) if s.rust == "Vec<u8>" => {
            quote!(|item: &::std::vec::Vec<u8>| #private::bytes_json(item))
        }
        Shape::Scalar(s) if s.kind == ValueKind::String => {
            quote!(|item: &::std::string::String| #private::JsonValue::from(item.as_str()))
        }
        Shape::Scalar(_) => quote!(|item| #private::JsonValue::from(*item)),
        Shape::Apimachinery(_) => quote!(|item| #private::serialized_json(item)),
        _ => quote!(|item| #private::typed_json(item)),
    }
}
