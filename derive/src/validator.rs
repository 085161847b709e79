//! The validator of a derived struct: straight-line Rust for the value validations its
//! definition holds, reading fields in place and building an error (through
//! `kubeidl::validate::messages`, the schema walk's own constructors) only when a check fails.
//!
//! It mirrors what the schema walk does with the same value serialized: a `None` or a stripped
//! zero is unset, an unset field with a default has the default checked in its place, an unset
//! required field without one is `Required`; each field's checks run in wire-name order, the
//! required errors come after them.

use crate::container::{Container, Field, Reading};
use crate::definition::Built;
use crate::shape::{Scalar, Shape};
use kubeidl::cel::value::format_double;
use kubeidl::schema::Schema;
use kubeidl::tags::lower::ValueKind;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// The struct's own (not flattened) fields that have a property, with it, in wire-name order:
/// the order the schema walk visits them in.
pub fn fields_by_wire<'c>(c: &'c Container<'_>, built: &'c Built) -> Vec<(&'c Field, &'c Schema)> {
    let mut fields: Vec<(&Field, &Schema)> = c
        .fields
        .iter()
        .filter(|f| !f.flatten)
        .filter_map(|f| built.schema.properties.get(&f.wire).map(|p| (f, p)))
        .collect();
    fields.sort_by(|a, b| a.0.wire.cmp(&b.0.wire));
    fields
}

/// The body of `validate_at`.
pub fn body(c: &Container<'_>, built: &Built) -> TokenStream {
    let fields = fields_by_wire(c, built);
    let mut checks = Vec::new();
    let mut required = Vec::new();
    for (f, property) in &fields {
        let wire = &f.wire;
        if f.schema_with.is_some() {
            let set = presence(f, property);
            checks.push(crate::schema_with::value_checks(f, &set));
            if built.schema.required.contains(&f.wire) {
                required.push(crate::schema_with::required(f, &set));
            }
            continue;
        }
        let is_required = built.schema.required.contains(&f.wire) && property.default.is_none();
        let inner = if overrides_members(f) {
            // Its type's derived checks are not those of the variant the field refers to.
            quote! {
                static VARIANT: ::kubeidl::typed::__private::OnceLock<::kubeidl::validate::Validator> =
                    ::kubeidl::typed::__private::OnceLock::new();
                ::kubeidl::typed::__private::variant_value_errors::<Self, _>(&VARIANT, #wire, v, path, errors);
            }
        } else {
            let checks = value_checks(f.shape.required(), property, quote!(v));
            match built.deferred.iter().find(|d| d.wire == f.wire && d.tagged) {
                Some(d) => inline_use(&d.members_of, wire, checks),
                None => checks,
            }
        };
        let set = presence(f, property);
        if !inner.is_empty() {
            // An unset field takes its default, which is checked in its place.
            let unset = match default_literal(f.shape.required(), property.default.as_ref()) {
                Some(literal) => quote! {
                    else {
                        let v = &#literal;
                        let path = &path.field(#wire);
                        #inner
                    }
                },
                None => TokenStream::new(),
            };
            checks.push(quote! {
                if let ::std::option::Option::Some(v) = #set {
                    let path = &path.field(#wire);
                    #inner
                } #unset
            });
        }
        if is_required {
            required.push(quote! {
                if (#set).is_none() {
                    errors.push(::kubeidl::typed::__private::messages::required(path, #wire));
                }
            });
        }
    }
    let flattened = c.fields.iter().filter(|f| f.flatten).map(|f| {
        let ident = &f.ident;
        quote!(::kubeidl::typed::Validate::validate_at(&self.#ident, path, errors);)
    });
    quote! {
        #(#checks)*
        #(#flattened)*
        #(#required)*
    }
}

/// The field's value when it is set (`Option<&T>`, `T` without its `Option`), as the value
/// serialized has it: not a `None`, not skipped by `skip_serializing_if`, not a stripped zero.
pub fn presence(f: &Field, property: &Schema) -> TokenStream {
    match &f.reading {
        Reading::Field => {}
        // An enum's variant is written with its member and tag, the others not at all.
        Reading::Variant { pattern, optional } => {
            let set = match optional {
                true => quote!(v.as_ref()),
                false => quote!(::std::option::Option::Some(v)),
            };
            return quote! {
                match self {
                    #pattern => #set,
                    #[allow(unreachable_patterns)]
                    _ => ::std::option::Option::None,
                }
            };
        }
        Reading::Tag(arms) => {
            let arms = arms
                .iter()
                .map(|(pattern, wire)| quote!(#pattern => #wire,));
            return quote! {
                ::std::option::Option::Some(match self {
                    #(#arms)*
                })
            };
        }
    }
    let ident = &f.ident;
    let strip_zero = property.extension_flag("x-kubernetes-strip-zero");
    let set = match &f.shape {
        Shape::Optional(_) => quote!(self.#ident.as_ref()),
        shape if strip_zero => {
            let zero = is_zero(shape, quote!(self.#ident));
            quote!((!(#zero)).then_some(&self.#ident))
        }
        _ => quote!(::std::option::Option::Some(&self.#ident)),
    };
    match &f.skip_if {
        Some(skip) => quote! {
            (if #skip(&self.#ident) { ::std::option::Option::None } else { #set })
        },
        None => set,
    }
}

/// A scalar default as a value of the field's type.
pub fn default_literal(shape: &Shape, default: Option<&Value>) -> Option<TokenStream> {
    let Shape::Scalar(s) = shape else { return None };
    let ty: syn::Type = syn::parse_str(&s.rust).ok()?;
    match (s.kind, default?) {
        (ValueKind::Integer, Value::Number(n)) => {
            let i = n.as_i64()?;
            Some(quote!((#i as #ty)))
        }
        (ValueKind::Number, Value::Number(n)) => {
            let f = n.as_f64()?;
            Some(quote!((#f as #ty)))
        }
        (ValueKind::String, Value::String(text)) if s.rust == "String" => {
            Some(quote!(::std::string::String::from(#text)))
        }
        _ => None,
    }
}

/// Whether the value `v` of `shape` is its zero value.
fn is_zero(shape: &Shape, v: TokenStream) -> TokenStream {
    match shape {
        Shape::Scalar(s) => match s.kind {
            ValueKind::Bool => quote!(!#v),
            ValueKind::String => quote!(#v.is_empty()),
            ValueKind::Number => quote!(#v == 0.0),
            _ => quote!(#v == 0),
        },
        Shape::List(_) | Shape::Map(_) => quote!(#v.is_empty()),
        Shape::Optional(_) | Shape::Named(_) | Shape::Apimachinery(_) | Shape::Custom => {
            quote!(false)
        }
    }
}

/// The checks of `schema` on the value `v` (a reference) of `shape`, at `path`.
pub fn value_checks(shape: &Shape, schema: &Schema, v: TokenStream) -> TokenStream {
    match shape {
        Shape::Scalar(s) => scalar_checks(s, schema, v),
        Shape::List(elem) => {
            let mut counts = item_counts(schema, quote!(#v.len()));
            if schema.unique_items {
                let shown = crate::lists::item_json(elem);
                let e = keyword_error(
                    schema,
                    "uniqueItems",
                    quote!(::kubeidl::typed::__private::messages::duplicate_items(path)),
                );
                counts.extend(quote! {
                    if ::kubeidl::typed::__private::has_duplicates(#v, #shown) {
                        errors.push(#e);
                    }
                });
            }
            let item_schema = schema.items.as_deref().cloned().unwrap_or_default();
            let each = value_checks(elem.required(), &item_schema, quote!(item));
            let items = each_item(elem, &v, each);
            // The walk checks the items before the list's own counts.
            quote!(#items #counts)
        }
        Shape::Map(elem) => {
            let mut counts = TokenStream::new();
            if let Some(min) = schema.min_properties {
                let e = keyword_error(
                    schema,
                    "minProperties",
                    quote!(::kubeidl::typed::__private::messages::too_few_properties(path, #v.len(), #min)),
                );
                counts.extend(quote! {
                    if (#v.len() as u64) < #min {
                        errors.push(#e);
                    }
                });
            }
            if let Some(max) = schema.max_properties {
                let e = keyword_error(
                    schema,
                    "maxProperties",
                    quote!(::kubeidl::typed::__private::messages::too_many_properties(path, #v.len(), #max)),
                );
                counts.extend(quote! {
                    if (#v.len() as u64) > #max {
                        errors.push(#e);
                    }
                });
            }
            let value_schema = schema
                .additional_properties
                .as_deref()
                .cloned()
                .unwrap_or_default();
            let each = value_checks(elem.required(), &value_schema, quote!(item));
            let values = each_value(elem, &v, each);
            quote!(#counts #values)
        }
        Shape::Named(_) => quote!(::kubeidl::typed::Validate::validate_at(#v, path, errors);),
        // Valid by construction: parsing refused any bad value.
        Shape::Apimachinery(_) => quote!(),
        // A field's value, checked by its walk (`schema_with.rs`).
        Shape::Custom => quote!(),
        Shape::Optional(inner) => value_checks(inner, schema, v),
    }
}

/// `checks` of each item of the list `v` (items of shape `elem`), at its index; nothing when
/// there are none.
pub fn each_item(elem: &Shape, v: &TokenStream, checks: TokenStream) -> TokenStream {
    let each = option_wrapped(elem, checks);
    if each.is_empty() {
        return each;
    }
    quote! {
        for (i, item) in #v.iter().enumerate() {
            let path = &path.index(i);
            #each
        }
    }
}

/// `checks` of each value of the map `v` (values of shape `elem`), at its key; nothing when
/// there are none.
pub fn each_value(elem: &Shape, v: &TokenStream, checks: TokenStream) -> TokenStream {
    let each = option_wrapped(elem, checks);
    if each.is_empty() {
        return each;
    }
    quote! {
        for (key, item) in #v.iter() {
            let path = &path.key(key);
            #each
        }
    }
}

/// Checks of an element that may be `None` (`Vec<Option<T>>`): a `None` is skipped.
fn option_wrapped(elem: &Shape, checks: TokenStream) -> TokenStream {
    if checks.is_empty() || !matches!(elem, Shape::Optional(_)) {
        return checks;
    }
    quote! {
        if let ::std::option::Option::Some(item) = item.as_ref() {
            #checks
        }
    }
}

fn item_counts(schema: &Schema, len: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(min) = schema.min_items {
        let e = keyword_error(
            schema,
            "minItems",
            quote!(::kubeidl::typed::__private::messages::too_few_items(path, #len, #min)),
        );
        out.extend(quote! {
            if (#len as u64) < #min {
                errors.push(#e);
            }
        });
    }
    if let Some(max) = schema.max_items {
        let e = keyword_error(
            schema,
            "maxItems",
            quote!(::kubeidl::typed::__private::messages::too_many_items(path, #len, #max)),
        );
        out.extend(quote! {
            if (#len as u64) > #max {
                errors.push(#e);
            }
        });
    }
    out
}

fn scalar_checks(s: &Scalar, schema: &Schema, v: TokenStream) -> TokenStream {
    match s.kind {
        ValueKind::Integer => integer_checks(schema, v),
        ValueKind::Number => number_checks(schema, v),
        ValueKind::String if s.rust != "Vec<u8>" => string_checks(schema, v),
        _ => TokenStream::new(),
    }
}

fn integer_checks(schema: &Schema, v: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let value = quote!((*#v as i64));
    let bad = quote!(::kubeidl::errors::BadValue::Int(*#v as i64));
    if let Some(f) = schema.multiple_of.as_ref().and_then(|m| m.as_f64()) {
        let factor = f as i64;
        if factor > 0 {
            let shown = factor.to_string();
            let e = keyword_error(
                schema,
                "multipleOf",
                quote!(::kubeidl::typed::__private::messages::not_multiple_of(path, #bad, #shown)),
            );
            out.extend(quote! {
                if #value % #factor != 0 {
                    errors.push(#e);
                }
            });
        }
    }
    let bound = |b: f64| {
        let b = b as i64;
        (quote!(#b), b.to_string())
    };
    out.extend(bound_checks(schema, &value, &bad, bound));
    out.extend(enum_check(schema, quote!(*#v), bad, |value| {
        value.as_i64().map(|i| quote!(#i))
    }));
    out
}

fn number_checks(schema: &Schema, v: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let value = quote!((*#v as f64));
    let bad = quote!(::kubeidl::typed::__private::bad_float(*#v as f64));
    if let Some(factor) = schema.multiple_of.as_ref().and_then(|m| m.as_f64()) {
        let shown = format_double(factor);
        let e = keyword_error(
            schema,
            "multipleOf",
            quote!(::kubeidl::typed::__private::messages::not_multiple_of(path, #bad, #shown)),
        );
        out.extend(quote! {
            {
                let q = #value / #factor;
                if (q - q.round()).abs() > 1e-9 {
                    errors.push(#e);
                }
            }
        });
    }
    out.extend(bound_checks(schema, &value, &bad, |b| {
        (quote!(#b), format_double(b))
    }));
    out
}

/// `minimum` and `maximum` on `value`; `bound` gives a bound as a literal of the compared type
/// and as kube-openapi prints it.
fn bound_checks(
    schema: &Schema,
    value: &TokenStream,
    bad: &TokenStream,
    bound: impl Fn(f64) -> (TokenStream, String),
) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(min) = schema.minimum.as_ref().and_then(|m| m.as_f64()) {
        let (b, shown) = bound(min);
        let exclusive = schema.exclusive_minimum;
        let fails = if exclusive {
            quote!(#value <= #b)
        } else {
            quote!(#value < #b)
        };
        let e = keyword_error(
            schema,
            "minimum",
            quote!(::kubeidl::typed::__private::messages::below_minimum(path, #bad, #shown, #exclusive)),
        );
        out.extend(quote! {
            if #fails {
                errors.push(#e);
            }
        });
    }
    if let Some(max) = schema.maximum.as_ref().and_then(|m| m.as_f64()) {
        let (b, shown) = bound(max);
        let exclusive = schema.exclusive_maximum;
        let fails = if exclusive {
            quote!(#value >= #b)
        } else {
            quote!(#value > #b)
        };
        let e = keyword_error(
            schema,
            "maximum",
            quote!(::kubeidl::typed::__private::messages::above_maximum(path, #bad, #shown, #exclusive)),
        );
        out.extend(quote! {
            if #fails {
                errors.push(#e);
            }
        });
    }
    out
}

fn string_checks(schema: &Schema, v: TokenStream) -> TokenStream {
    let mut chain = Vec::new();
    if let Some(max) = schema.max_length {
        let e = keyword_error(
            schema,
            "maxLength",
            quote!(::kubeidl::typed::__private::messages::too_long(path, #max)),
        );
        chain.push(quote! {
            if #v.len() as u64 > #max && #v.chars().count() as u64 > #max {
                errors.push(#e);
            }
        });
    }
    if let Some(min) = schema.min_length {
        let e = keyword_error(
            schema,
            "minLength",
            quote!(::kubeidl::typed::__private::messages::too_short(path, #v, #min)),
        );
        chain.push(quote! {
            if (#v.len() as u64) < #min.saturating_mul(4) && (#v.chars().count() as u64) < #min {
                errors.push(#e);
            }
        });
    }
    if let Some(pattern) = &schema.pattern {
        let e = keyword_error(
            schema,
            "pattern",
            quote!(::kubeidl::typed::__private::messages::pattern_mismatch(path, #v, #pattern)),
        );
        chain.push(quote! {
            {
                static PATTERN: ::kubeidl::typed::__private::OnceLock<::kubeidl::typed::__private::Regex> =
                    ::kubeidl::typed::__private::OnceLock::new();
                let re = PATTERN.get_or_init(|| {
                    ::kubeidl::typed::__private::Regex::new(#pattern).expect("checked when the struct compiled")
                });
                if !re.is_match(#v) {
                    errors.push(#e);
                }
            }
        });
    }
    // kube-openapi checks lengths and the pattern as one chain: only the first failure counts.
    let mut out = TokenStream::new();
    let mut rest = TokenStream::new();
    for check in chain.into_iter().rev() {
        rest = if rest.is_empty() {
            check
        } else {
            quote! {
                {
                    let before = errors.len();
                    #check
                    if errors.len() == before {
                        #rest
                    }
                }
            }
        };
    }
    out.extend(rest);
    if let Some(format) = &schema.format {
        let e = keyword_error(
            schema,
            "format",
            quote!(::kubeidl::typed::__private::messages::bad_format(path, #v, #format)),
        );
        out.extend(quote! {
            if ::kubeidl::typed::__private::messages::fails_format(#format, #v) {
                errors.push(#e);
            }
        });
    }
    let bad = quote!(::kubeidl::errors::BadValue::string(#v.to_string()));
    out.extend(enum_check(
        schema,
        quote!(::std::convert::AsRef::<str>::as_ref(#v)),
        bad,
        |value| value.as_str().map(|s| quote!(#s)),
    ));
    out
}

/// `enum` over values that are literals of the field's type.
fn enum_check(
    schema: &Schema,
    v: TokenStream,
    bad: TokenStream,
    literal: impl Fn(&Value) -> Option<TokenStream>,
) -> TokenStream {
    if schema.enum_values.is_empty() {
        return TokenStream::new();
    }
    let literals: Vec<TokenStream> = schema.enum_values.iter().filter_map(&literal).collect();
    let shown: Vec<String> = schema
        .enum_values
        .iter()
        .map(|v| match v {
            Value::String(s) => s.clone(),
            other => kubeidl::errors::go_json(other),
        })
        .collect();
    let e = keyword_error(
        schema,
        "enum",
        quote!(::kubeidl::typed::__private::messages::not_supported(path, #bad, &allowed)),
    );
    quote! {
        if !matches!(#v, #(#literals)|*) {
            let allowed: &[&str] = &[#(#shown),*];
            let allowed: ::std::vec::Vec<::std::string::String> = allowed.iter().map(|s| s.to_string()).collect();
            errors.push(#e);
        }
    }
}

/// `error` (the expression building `keyword`'s failure) with the custom message and reason the
/// schema gives that keyword (`x-kubernetes-errors`), as the schema walk applies them.
fn keyword_error(schema: &Schema, keyword: &str, error: TokenStream) -> TokenStream {
    let Some(custom) = kubeidl::validate::custom_errors::of(schema, keyword) else {
        return error;
    };
    let message = &custom.message;
    let error_type = match custom.error_type {
        None => quote!(::std::option::Option::None),
        Some(t) => {
            let variant = quote::format_ident!("{t:?}");
            quote!(::std::option::Option::Some(::kubeidl::errors::ErrorType::#variant))
        }
    };
    quote!(::kubeidl::typed::__private::custom_errors::apply(#error, #message, #error_type))
}

/// The checks of a field of a named type whose own tags add to its property: when the type is
/// inline, the kinds the tags were lowered for are known only at run time, so the field is
/// checked by the schema walk of its property; when it is a struct, by `checks`.
fn inline_use(ty: &syn::Type, wire: &str, checks: TokenStream) -> TokenStream {
    quote! {
        if <#ty as ::kubeidl::typed::Definition>::INLINE {
            static USE: ::kubeidl::typed::__private::OnceLock<::kubeidl::typed::__private::FieldWalk> =
                ::kubeidl::typed::__private::OnceLock::new();
            USE.get_or_init(|| ::kubeidl::typed::__private::FieldWalk::of::<Self>(#wire))
                .value_errors(v, path, errors);
        } else {
            #checks
        }
    }
}

/// Whether the field overrides members of its type (`+k8s:override`).
pub fn overrides_members(f: &Field) -> bool {
    f.docs.lines.iter().any(|line| {
        matches!(
            kubeidl::tags::read::read_line(line),
            Ok(Some(tag)) if tag.rule == kubeidl::tags::registry::Rule::Override
        )
    })
}
