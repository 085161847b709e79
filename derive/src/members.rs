//! What tags that look into a field's struct type need at run time: `Definition::members` of a
//! derived struct (its fields, with those of flattened types where they stand, as Go splices
//! an inlined struct's), and the deferred fields' data the runtime lowers their tags from.

use crate::container::Container;
use crate::definition::Deferred;
use kubeidl::tags::lower::ValueKind;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// The body of `Definition::members`.
pub fn members_body(c: &Container<'_>) -> TokenStream {
    let pushes = c.fields.iter().map(|f| {
        if f.flatten {
            let ty = &f.ty;
            return quote! {
                members.extend(<#ty as ::kubeidl::typed::Definition>::members());
            };
        }
        let (json, name, kind) = (&f.wire, f.go_name.clone(), kind_tokens(f.shape.kind()));
        let optional = f.optional;
        quote! {
            members.push(::kubeidl::tags::lower::Member {
                json: ::std::string::String::from(#json),
                name: ::std::string::String::from(#name),
                kind: #kind,
                optional: #optional,
            });
        }
    });
    quote! {
        let mut members = ::std::vec::Vec::new();
        #(#pushes)*
        members
    }
}

/// `Definition::MEMBER_NAMES` of a derived struct.
pub fn member_names(c: &Container<'_>) -> TokenStream {
    let names = c.fields.iter().filter(|f| !f.flatten).map(|f| &f.wire);
    let flattened = c.fields.iter().filter(|f| f.flatten).map(|f| &f.ty);
    quote! {
        const MEMBER_NAMES: ::kubeidl::typed::MemberNames = ::kubeidl::typed::MemberNames {
            known: true,
            names: &[#(#names),*],
            flattened: &[#(<#flattened as ::kubeidl::typed::Definition>::MEMBER_NAMES),*],
        };
    }
}

/// Compile-time assertions that the members the deferred tags name exist, each failing at
/// its doc line with the message the lowering would give.
pub fn name_checks(deferred: &[Deferred]) -> TokenStream {
    let checks = deferred.iter().flat_map(|d| {
        let ty = &d.members_of;
        d.names.iter().map(move |(span, name, message)| {
            // The message is a format string.
            let message = message.replace('{', "{{").replace('}', "}}");
            quote_spanned! {*span=>
                const _: () = ::std::assert!(
                    <#ty as ::kubeidl::typed::Definition>::MEMBER_NAMES.may_hold(#name),
                    #message
                );
            }
        })
    });
    quote!(#(#checks)*)
}

/// Compile-time assertions that the named type of a field whose tags (or default) only a
/// struct refuses is not a struct, each failing at its doc line with the struct's error.
pub fn kind_checks(deferred: &[Deferred]) -> TokenStream {
    let checks = deferred.iter().flat_map(|d| {
        let ty = &d.members_of;
        d.struct_only.iter().map(move |(span, message)| {
            // The message is a format string.
            let message = message.replace('{', "{{").replace('}', "}}");
            quote_spanned! {*span=>
                const _: () = ::std::assert!(
                    <#ty as ::kubeidl::typed::Definition>::INLINE,
                    #message
                );
            }
        })
    });
    quote!(#(#checks)*)
}

/// A `kubeidl::typed::__private::Deferred` of `d`.
pub fn deferred_tokens(d: &Deferred) -> TokenStream {
    let before = serde_json::to_string(&d.before.to_json()).expect("a schema is JSON");
    let (wire, doc, tags, go_name) = (&d.wire, &d.doc, &d.tags, &d.go_name);
    let (pointer, omit_empty, named, needs_members) =
        (d.pointer, d.omit_empty, d.named, d.needs_members);
    let kind = kind_tokens(d.kind);
    let elem = option_kind_tokens(d.elem);
    let named_at = syn::Ident::new(&format!("{:?}", d.named_at), Span::call_site());
    let ty = &d.members_of;
    quote! {
        ::kubeidl::typed::__private::Deferred {
            property: #wire,
            before: #before,
            doc: &[#(#doc),*],
            tags: &[#(#tags),*],
            go_name: #go_name,
            kind: #kind,
            elem: #elem,
            pointer: #pointer,
            omit_empty: #omit_empty,
            named: #named,
            named_at: ::kubeidl::typed::__private::NamedAt::#named_at,
            needs_members: #needs_members,
            members: <#ty as ::kubeidl::typed::Definition>::members(),
            type_name: <#ty as ::kubeidl::typed::Definition>::definition_name,
            add_type: <#ty as ::kubeidl::typed::Definition>::add_definitions_in,
        }
    }
}

/// `Some(kind)` or `None`, as tokens.
pub fn option_kind_tokens(kind: Option<ValueKind>) -> TokenStream {
    match kind {
        Some(k) => {
            let k = kind_tokens(k);
            quote!(::std::option::Option::Some(#k))
        }
        None => quote!(::std::option::Option::None),
    }
}

pub fn kind_tokens(kind: ValueKind) -> TokenStream {
    let variant = syn::Ident::new(&format!("{kind:?}"), Span::call_site());
    quote!(::kubeidl::tags::lower::ValueKind::#variant)
}
