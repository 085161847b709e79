//! `#[kubeidl(schema_with = "path")]`: a schema the function `path` (a `fn() ->
//! kubeidl::schema::Schema`) writes.
//!
//! - On a field: the field's schema is the function's, so the field's type need not derive
//!   `Schema` (`serde_json::Value`, another crate's type). The derive knows nothing of the
//!   schema while the struct compiles: the property is a stand-in there (`dyn` to rules checked
//!   then), and the runtime writes the function's schema with the field's description,
//!   extensions, tagged default and tags on top, lowered for a value of any kind, as Go lowers
//!   tags on a field whose type writes its own schema (`kubeidl::typed::__private::SchemaWith`).
//! - On a type: its definition is the function's, with the type's description and tags on top;
//!   nothing of its body is read (`kubeidl::typed::__private::written_definition`).
//!
//! The derived `Validate` sees such a value as serde writes it: its value checks and list types
//! are the schema walk of its schema on `serde_json::to_value` of it (so the type must be
//! `Serialize`), and rules read that JSON as the walk decodes it (`SerializedField`). Rules over
//! it are evaluated, never compiled to Rust.
//!
//! Every error text of the attribute is here.

use crate::container::{Container, Field};
use kubeidl::comments::{description, extensions};
use kubeidl::schema::Schema;
use kubeidl::tags::lower::needs_members as looks_into_members;
use kubeidl::tags::lower::{Place, ValueKind};
use kubeidl::tags::read::read_line;
use kubeidl::tags::registry::Scopes;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::{Attribute, LitStr};

/// What the attribute says.
pub struct SchemaWithAttr {
    pub path: syn::ExprPath,
    /// The string as written: its span, and the path's text for messages.
    pub lit: LitStr,
}

/// The field attributes `#[kubeidl(...)]` takes.
const EXPECTED: &str =
    "expected `schema_with = \"path\"`, the path of a `fn() -> kubeidl::schema::Schema`";

fn not_a_path(text: &str) -> String {
    format!("schema_with = {text:?} is no path: name a `fn() -> kubeidl::schema::Schema` by its path, such as \"crate::schemas::labels\"")
}

const FLATTENED: &str = "schema_with on a flattened field: its members are the parent's, so it has no schema of its own";

const ON_A_NEWTYPE: &str = "schema_with on a newtype's field: the newtype is written in place at each use; put the attribute on the newtype (its definition is then the function's) or on the fields that hold it";

fn needs_members(tag: &str) -> String {
    format!("+{tag} looks into the members of the field's type, which a schema_with function's schema does not show the derive: write the check in the function's schema")
}

/// The `schema_with` of a field's `#[kubeidl(...)]` attributes, if any; an unknown key or a
/// string that is no path is an error at it.
pub fn read(attrs: &[Attribute]) -> syn::Result<Option<SchemaWithAttr>> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("kubeidl")) {
        attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident("schema_with") {
                return Err(meta.error(format!("unknown kubeidl field attribute; {EXPECTED}")));
            }
            let lit: LitStr = meta.value()?.parse()?;
            let path = lit
                .parse::<syn::ExprPath>()
                .map_err(|_| syn::Error::new(lit.span(), not_a_path(&lit.value())))?;
            found = Some(SchemaWithAttr { path, lit });
            Ok(())
        })?;
    }
    Ok(found)
}

/// The `schema_with` of a type's `#[kubeidl(...)]` attributes, if any (their other arguments are
/// read with the type's other attributes).
pub fn read_container(attrs: &[Attribute]) -> syn::Result<Option<SchemaWithAttr>> {
    use syn::punctuated::Punctuated;
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("kubeidl")) {
        let Ok(args) =
            attr.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
        else {
            // Reported with the type's other attributes.
            continue;
        };
        for arg in args {
            let syn::Meta::NameValue(nv) = arg else {
                continue;
            };
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) = nv.value
            else {
                continue;
            };
            if nv.path.is_ident("schema_with") {
                let path = lit
                    .parse::<syn::ExprPath>()
                    .map_err(|_| syn::Error::new(lit.span(), not_a_path(&lit.value())))?;
                found = Some(SchemaWithAttr { path, lit });
            }
        }
    }
    Ok(found)
}

const ON_A_SPEC: &str = "schema_with on a kind's spec: the derive writes the kind's CRD from the spec's fields; put the attribute on the fields whose schema a function writes";

/// The attribute on a kind's spec.
pub fn on_a_spec(attr: &SchemaWithAttr) -> syn::Error {
    syn::Error::new(attr.lit.span(), ON_A_SPEC)
}

/// The attribute on a flattened field.
pub fn flattened(attr: &SchemaWithAttr) -> syn::Error {
    syn::Error::new(attr.lit.span(), FLATTENED)
}

/// The attribute on a newtype's field.
pub fn on_a_newtype(attr: &SchemaWithAttr) -> syn::Error {
    syn::Error::new(attr.lit.span(), ON_A_NEWTYPE)
}

/// What the runtime needs to write such a field's property.
pub struct SchemaWithField {
    pub wire: String,
    pub go_name: String,
    pub attr_path: syn::ExprPath,
    /// The path as written.
    pub function: String,
    /// The property before any tag: description, extensions, tagged default.
    pub before: Schema,
    /// The tag lines of the field's doc comment.
    pub tags: Vec<String>,
    /// The attribute's string.
    pub span: Span,
}

impl SchemaWithField {
    /// The field `f` with `attr`, its property as built before any tag; a tag that looks into
    /// members is an error at its doc line (the function's schema shows the derive none).
    pub fn new(f: &Field, attr: &SchemaWithAttr, before: &Schema) -> syn::Result<SchemaWithField> {
        let mut errors: Option<syn::Error> = None;
        let mut tags = Vec::new();
        for (line, span) in f.docs.lines.iter().zip(&f.docs.spans) {
            // A line that does not read is the lowering's error, reported there.
            let Ok(Some(tag)) = read_line(line) else {
                continue;
            };
            if looks_into_members(&tag) {
                crate::combine(&mut errors, syn::Error::new(*span, needs_members(tag.name)));
            }
            tags.push(line.clone());
        }
        let mut before = before.clone();
        before.reference = None;
        match errors {
            Some(e) => Err(e),
            None => Ok(SchemaWithField {
                wire: f.wire.clone(),
                go_name: f.go_name.clone(),
                attr_path: attr.path.clone(),
                function: attr.lit.value(),
                before,
                tags,
                span: attr.lit.span(),
            }),
        }
    }

    /// A `kubeidl::typed::__private::SchemaWith`, and the assertion that the path names a
    /// `fn() -> kubeidl::schema::Schema` (failing at the attribute's string).
    pub fn tokens(&self) -> TokenStream {
        let (wire, go_name, function, tags) =
            (&self.wire, &self.go_name, &self.function, &self.tags);
        let before = serde_json::to_string(&self.before.to_json()).expect("a schema is JSON");
        let path = &self.attr_path;
        let schema = quote_spanned! {self.span=>
            {
                let schema: fn() -> ::kubeidl::schema::Schema = #path;
                schema
            }
        };
        quote! {
            ::kubeidl::typed::__private::SchemaWith {
                property: #wire,
                function: #function,
                schema: #schema,
                before: #before,
                tags: &[#(#tags),*],
                go_name: #go_name,
            }
        }
    }
}

/// The field's walk (a `&'static SerializedField`), compiled on first use, one per place the
/// generated code asks for it.
fn walk(wire: &str) -> TokenStream {
    quote! {
        ({
            static FIELD: ::kubeidl::typed::__private::OnceLock<::kubeidl::typed::__private::SerializedField> =
                ::kubeidl::typed::__private::OnceLock::new();
            FIELD.get_or_init(|| ::kubeidl::typed::__private::SerializedField::of::<Self>(#wire))
        })
    }
}

/// A call of `method` of the walk of field `f`, spanned at the field's type, where a missing
/// `Serialize` is reported.
fn call(f: &Field, method: &str, args: TokenStream) -> TokenStream {
    let walk = walk(&f.wire);
    let span = syn::spanned::Spanned::span(&f.ty);
    let method = syn::Ident::new(method, span);
    quote_spanned! {span=>
        #walk.#method(#args)
    }
}

/// In `validate_at`: the field's value checks (unset: its default's), at its path.
pub fn value_checks(f: &Field, set: &TokenStream) -> TokenStream {
    let wire = &f.wire;
    let call = call(f, "value_errors", quote!(#set, &path.field(#wire), errors));
    quote!(#call;)
}

/// In `validate_at`, after every field's checks: a required field unset with no default.
pub fn required(f: &Field, set: &TokenStream) -> TokenStream {
    let wire = &f.wire;
    let has_default = call(f, "has_default", TokenStream::new());
    quote! {
        if (#set).is_none() && !#has_default {
            errors.push(::kubeidl::typed::__private::messages::required(path, #wire));
        }
    }
}

/// In `lists_at`: the field's list-type errors.
pub fn list_checks(f: &Field, set: &TokenStream) -> TokenStream {
    let wire = &f.wire;
    let call = call(f, "list_errors", quote!(#set, &path.field(#wire), errors));
    quote!(#call;)
}

/// In the CEL view's `member`: the field (unset: its default) as rules read it.
pub fn cel(f: &Field, set: &TokenStream) -> TokenStream {
    call(f, "cel", quote!(#set, decl))
}

/// The `Definition` and `ToCel` impls of a type whose definition a function writes; its doc
/// comment's tags are lowered for a value of any kind, each error at its doc line.
pub fn type_impls(
    c: &Container<'_>,
    attr: &SchemaWithAttr,
    name: TokenStream,
) -> syn::Result<TokenStream> {
    let place = Place::inner(Scopes::TYPE, ValueKind::Other, &[]);
    let mut lowered = Schema::default();
    let tags = crate::definition::type_tags(&c.docs, &place, &mut lowered)?;
    if let Some(e) = crate::rule_check::check_value(&c.docs, c.ident.span(), &lowered, &[]) {
        return Err(e);
    }
    let before = Schema {
        description: description(&c.docs.lines),
        extensions: extensions(&c.docs.lines),
        ..Schema::default()
    };
    let before = serde_json::to_string(&before.to_json()).expect("a schema is JSON");
    let (ident, path, function) = (c.ident, &attr.path, attr.lit.value());
    let schema = quote_spanned! {attr.lit.span()=>
        {
            let schema: fn() -> ::kubeidl::schema::Schema = #path;
            schema
        }
    };
    Ok(quote! {
        impl ::kubeidl::typed::Definition for #ident {
            fn definition_name() -> ::std::string::String {
                #name
            }

            const ENFORCED_DEFAULT: bool = false;

            fn add_definitions_in(
                definitions: &mut ::std::collections::BTreeMap<::std::string::String, ::kubeidl::schema::Schema>,
                form: ::kubeidl::typed::Form,
            ) {
                let _ = form;
                let name = <Self as ::kubeidl::typed::Definition>::definition_name();
                if definitions.contains_key(&name) {
                    return;
                }
                let definition = ::kubeidl::typed::__private::written_definition(
                    &name,
                    #function,
                    #schema,
                    #before,
                    &[#(#tags),*],
                );
                definitions.insert(name, definition);
            }
        }

        const _: () = {
            use ::kubeidl::typed::__private as __kubeidl;

            impl __kubeidl::ToCel for #ident {
                fn to_cel<'a>(&'a self, decl: &'a __kubeidl::Decl) -> __kubeidl::CelValue<'a> {
                    static TYPE: __kubeidl::OnceLock<__kubeidl::SerializedField> =
                        __kubeidl::OnceLock::new();
                    TYPE.get_or_init(__kubeidl::SerializedField::of_type::<Self>)
                        .cel(::std::option::Option::Some(self), decl)
                        .unwrap_or(__kubeidl::CelValue::Null)
                }
            }
        };
    })
}

/// The bodies of `validate_at` and `lists_at` of a type whose definition a function writes:
/// the walk of its definition on the value serialized.
pub fn type_validate_bodies() -> (TokenStream, TokenStream) {
    let walk = quote! {
        ({
            static TYPE: ::kubeidl::typed::__private::OnceLock<::kubeidl::typed::__private::SerializedField> =
                ::kubeidl::typed::__private::OnceLock::new();
            TYPE.get_or_init(::kubeidl::typed::__private::SerializedField::of_type::<Self>)
        })
    };
    (
        quote!(#walk.value_errors(::std::option::Option::Some(self), path, errors);),
        quote!(#walk.list_errors(::std::option::Option::Some(self), path, errors);),
    )
}
