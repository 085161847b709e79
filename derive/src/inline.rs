//! The expansion for types with no definition of their own, written in place at each use as
//! openapi-gen writes a Go defined non-struct type: an enum of unit variants (a Go string type
//! with `+enum` and its constants) and a newtype (`type Port int32`). Both implement
//! `Definition::inline` (the schema of a use, the type's tag lines the runtime lowers at each
//! use, the zero value, an enum's "Possible enum values" lines); their tags are lowered here
//! once, so a bad tag is a compile error at its doc line, and a newtype's give its validator.

use crate::container::{Body, Container, Newtype};
use crate::definition::{enforced_default, type_tags, value_schema};
use crate::members::{kind_tokens, option_kind_tokens};
use crate::variants::{self, Variant};
use kubeidl::schema::{Schema, SchemaType};
use kubeidl::tags::lower::{Place, ValueKind};
use kubeidl::tags::registry::Scopes;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Type;

/// What the two macros need of an inline type.
pub struct InlineType {
    /// The schema of a use before any tag (placeholders for `refs`).
    schema: Schema,
    /// `schema` with the type's tags lowered: what the newtype's own checks follow.
    lowered: Schema,
    refs: Vec<Type>,
    description: Vec<String>,
    tags: Vec<String>,
    kind: ValueKind,
    elem: Option<ValueKind>,
    zero: Option<serde_json::Value>,
}

impl InlineType {
    /// The inline type `c` is, if it is one.
    pub fn of(c: &Container<'_>) -> syn::Result<Option<InlineType>> {
        let (schema, refs, description, kind, elem, zero) = match &c.body {
            Body::Struct | Body::Union | Body::Written(_) => return Ok(None),
            Body::Enum(variants) => {
                let values = variants::values(variants);
                let schema = Schema {
                    schema_type: Some(SchemaType::Single("string".into())),
                    enum_values: values.json_values(),
                    ..Schema::default()
                };
                let zero = Some(serde_json::json!(""));
                let lines = values.description_lines();
                (schema, Vec::new(), lines, ValueKind::String, None, zero)
            }
            Body::Newtype(n) => {
                let (schema, refs) = value_schema(&n.shape);
                let zero = enforced_default(&n.shape, false);
                (
                    schema,
                    refs,
                    Vec::new(),
                    n.shape.kind(),
                    n.shape.elem_kind(),
                    zero,
                )
            }
        };
        let place = Place {
            scope: Scopes::TYPE,
            kind,
            json: None,
            name: None,
            elem,
            members: &[],
        };
        let mut lowered = schema.clone();
        let tags = type_tags(&c.docs, &place, &mut lowered)?;
        if let Some(e) = crate::rule_check::check_value(&c.docs, c.ident.span(), &lowered, &refs) {
            return Err(e);
        }
        Ok(Some(InlineType {
            schema,
            lowered,
            refs,
            description,
            tags,
            kind,
            elem,
            zero,
        }))
    }
}

/// The `Definition` and `ToCel` impls of an inline type.
pub fn schema_impls(c: &Container<'_>, t: &InlineType, name: TokenStream) -> TokenStream {
    let ident = c.ident;
    let json = serde_json::to_string(&t.schema.to_json()).expect("a schema is JSON");
    let refs = &t.refs;
    let (description, tags) = (&t.description, &t.tags);
    let kind = kind_tokens(t.kind);
    let elem = option_kind_tokens(t.elem);
    let zero = match &t.zero {
        Some(z) => {
            let text = z.to_string();
            quote!(::std::option::Option::Some(#text))
        }
        None => quote!(::std::option::Option::None),
    };
    let to_cel = match &c.body {
        Body::Enum(variants) => enum_to_cel(variants),
        Body::Newtype(n) => {
            let member = &n.member;
            quote!(__kubeidl::ToCel::to_cel(&self.#member, decl))
        }
        Body::Struct | Body::Union | Body::Written(_) => {
            unreachable!("a struct, union or written type is not inline")
        }
    };
    quote! {
        impl ::kubeidl::typed::Definition for #ident {
            fn definition_name() -> ::std::string::String {
                #name
            }

            fn add_definitions_in(
                definitions: &mut ::std::collections::BTreeMap<::std::string::String, ::kubeidl::schema::Schema>,
                form: ::kubeidl::typed::Form,
            ) {
                let _ = (&definitions, form);
                #(<#refs as ::kubeidl::typed::Definition>::add_definitions_in(definitions, form);)*
            }

            const MEMBER_NAMES: ::kubeidl::typed::MemberNames = ::kubeidl::typed::MemberNames {
                known: true,
                names: &[],
                flattened: &[],
            };

            const INLINE: bool = true;

            fn inline() -> ::std::option::Option<::kubeidl::typed::Inline> {
                ::std::option::Option::Some(::kubeidl::typed::Inline::new(
                    #json,
                    &[#(::kubeidl::typed::Ref::of::<#refs>()),*],
                    &[#(#description),*],
                    &[#(#tags),*],
                    (#kind, #elem),
                    #zero,
                ))
            }
        }

        const _: () = {
            use ::kubeidl::typed::__private as __kubeidl;

            impl __kubeidl::ToCel for #ident {
                fn to_cel<'a>(&'a self, decl: &'a __kubeidl::Decl) -> __kubeidl::CelValue<'a> {
                    #to_cel
                }
            }
        };
    }
}

/// An enum's value in CEL: the string serde writes for it.
fn enum_to_cel(variants: &[Variant]) -> TokenStream {
    let arms = variants.iter().map(|v| {
        let (ident, wire) = (&v.ident, &v.wire);
        quote!(Self::#ident => #wire,)
    });
    quote! {
        #[allow(unreachable_patterns)]
        let wire: &'static str = match self {
            #(#arms)*
            // A variant serde skips is never written.
            _ => "",
        };
        __kubeidl::CelValue::from_str_decl(wire, decl)
    }
}

/// The bodies of `validate_at` and `lists_at` of an inline type: an enum value that
/// deserialized is valid; a newtype checks its field against its own tags.
pub fn validate_bodies(c: &Container<'_>, t: &InlineType) -> (TokenStream, TokenStream) {
    match &c.body {
        Body::Newtype(Newtype { shape, member, .. }) => {
            let v = quote!((&self.#member));
            (
                crate::validator::value_checks(shape, &t.lowered, v.clone()),
                crate::lists::node(shape, &t.lowered, v),
            )
        }
        _ => (TokenStream::new(), TokenStream::new()),
    }
}

/// `Validate::rules_pass_natively` of an inline type (`rules_pass.rs`).
pub fn rules_pass_method(c: &Container<'_>, t: &InlineType) -> Option<TokenStream> {
    crate::rules_pass::inline_method(c, &t.lowered)
}
