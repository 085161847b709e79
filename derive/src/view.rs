//! The CEL view of a derived struct: how rules read its values in place. Each member is found
//! by its wire name and is unset exactly when the serialized value would lack it (a `None`, a
//! `skip_serializing_if` that holds, a stripped zero); an unset member with a default reads as
//! the default, as it does after the apiserver's defaulting. Flattened structs answer for their
//! own members.

use crate::container::Container;
use crate::definition::Built;
use crate::validator::presence;
use proc_macro2::TokenStream;
use quote::quote;

/// The `ToCel` and `NativeObject` impls of the struct.
pub fn impls(c: &Container<'_>, built: &Built) -> TokenStream {
    let ident = c.ident;
    let members = c.fields.iter().filter(|f| !f.flatten).filter_map(|f| {
        let property = built.schema.properties.get(&f.wire)?;
        let wire = &f.wire;
        let set = presence(f, property);
        if f.schema_with.is_some() {
            let cel = crate::schema_with::cel(f, &set);
            return Some(quote!(#wire => #cel,));
        }
        let unset = match &property.default {
            Some(default) => {
                let json = serde_json::to_string(default).expect("a default is JSON");
                quote! {
                    {
                        static DEFAULT: __kubeidl::OnceLock<__kubeidl::JsonValue> =
                            __kubeidl::OnceLock::new();
                        let default = DEFAULT.get_or_init(|| {
                            __kubeidl::json_literal(#json)
                        });
                        ::std::option::Option::Some(__kubeidl::CelValue::from_json_decl(default, decl))
                    }
                }
            }
            None => quote!(::std::option::Option::None),
        };
        Some(quote! {
            #wire => match #set {
                ::std::option::Option::Some(v) => {
                    ::std::option::Option::Some(__kubeidl::ToCel::to_cel(v, decl))
                }
                ::std::option::Option::None => #unset,
            },
        })
    });
    let flattened = c.fields.iter().filter(|f| f.flatten).map(|f| {
        let field = &f.ident;
        quote! {
            if let ::std::option::Option::Some(v) =
                __kubeidl::NativeObject::member(&self.#field, json_name, decl)
            {
                return ::std::option::Option::Some(v);
            }
        }
    });
    let native_rule = crate::native_rules::method(c, built);
    quote! {
        const _: () = {
            use ::kubeidl::typed::__private as __kubeidl;

            impl __kubeidl::ToCel for #ident {
                fn to_cel<'a>(&'a self, decl: &'a __kubeidl::Decl) -> __kubeidl::CelValue<'a> {
                    __kubeidl::native_object(self, decl)
                }
            }

            impl __kubeidl::NativeObject for #ident {
                #[allow(unreachable_code, clippy::needless_return)]
                fn member<'a>(
                    &'a self,
                    json_name: &str,
                    decl: &'a __kubeidl::Decl,
                ) -> ::std::option::Option<__kubeidl::CelValue<'a>> {
                    match json_name {
                        #(#members)*
                        _ => {
                            #(#flattened)*
                            ::std::option::Option::None
                        }
                    }
                }

                #native_rule
            }
        };
    }
}
