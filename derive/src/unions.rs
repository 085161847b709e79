//! Enums whose variants carry data, read as the union serde writes: the fields of one object,
//! each variant's value an optional member (Go's pointer field with `+k8s:unionMember`), so the
//! runtime's union lowering writes the rules that exactly one member is set.
//!
//! - Internally tagged (`#[serde(tag = "kind")]`), each variant a struct variant of one field or
//!   a unit variant: `{"kind": "Git", "git": {...}}`, Go's discriminated union. The tag is the
//!   discriminator (`+k8s:unionDiscriminator`), a required string; each variant's field is a
//!   member whose `memberName` is the name serde writes for the variant (after `rename` and
//!   `rename_all`), so the rules tie each member to the tag's value serde writes with it.
//! - Externally tagged (serde's default), each variant a newtype variant: `{"git": {...}}`,
//!   Go's union without discriminator; the member is named as serde names the variant.
//!
//! Every other shape (adjacently tagged, untagged, struct variants of several fields, newtype
//! variants of an internally tagged enum, unit variants beside data in an externally tagged
//! one) is a compile error at the variant or attribute saying why no structural schema holds it.

use crate::container::{Field, Reading};
use crate::docs::Docs;
use crate::serde_attrs::{self, rename_rule, rename_variant, ContainerSerde, Tagging};
use crate::shape::Shape;
use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::{DataEnum, Fields, Variant};

/// Whether serde writes the enum as an object (a union), not as a string.
pub fn is_union(data: &DataEnum, serde: &ContainerSerde) -> bool {
    !matches!(serde.tagging, Tagging::External)
        || data
            .variants
            .iter()
            .any(|v| !matches!(v.fields, Fields::Unit))
}

/// The union's members as fields of one object, the discriminator first when there is one;
/// a compile error at each variant (or the attribute) that no structural schema holds.
pub fn members(data: &DataEnum, serde: &ContainerSerde) -> syn::Result<Vec<Field>> {
    let mut errors: Option<syn::Error> = None;
    let mut members = Vec::new();
    let mut tag_arms = Vec::new();
    match &serde.tagging {
        Tagging::Adjacent { span } => {
            return Err(syn::Error::new(
                *span,
                "an adjacently tagged enum's content member holds a different type for each variant: no structural schema holds them all; kubeidl maps internally tagged enums (`#[serde(tag = \"...\")]` alone) and externally tagged ones",
            ))
        }
        Tagging::Untagged { span } => return Err(untagged(data, *span)),
        Tagging::External | Tagging::Internal { .. } => {}
    }
    for v in &data.variants {
        match member(v, serde) {
            Ok((field, tag_arm)) => {
                members.extend(field);
                tag_arms.push(tag_arm);
            }
            Err(e) => crate::combine(&mut errors, e),
        }
    }
    if let Some(e) = errors {
        return Err(e);
    }
    if tag_arms.is_empty() {
        return Err(syn::Error::new(
            Span::call_site(),
            "an enum with no variants serde writes has no values",
        ));
    }
    if let Tagging::Internal { tag, span } = &serde.tagging {
        members.insert(0, discriminator(tag, *span, tag_arms));
    }
    Ok(members)
}

/// A pattern matching a variant, and the name serde writes for it.
type TagArm = (TokenStream, String);

/// The member a variant is, if it carries one, and the arm of the tag's value for it.
fn member(v: &Variant, serde: &ContainerSerde) -> syn::Result<(Option<Field>, TagArm)> {
    let attrs = serde_attrs::field(&v.attrs)?;
    let ident = &v.ident;
    if attrs.skip {
        return Err(syn::Error::new_spanned(
            ident,
            format!("variant `{ident}` is skipped: serde cannot write it, so it is no member of a union; remove it or its data"),
        ));
    }
    let name = ident.to_string();
    let wire = match (attrs.rename, &serde.rename_all) {
        (Some(r), _) => r,
        (None, Some((rule, _))) => rename_variant(rule, &name).unwrap_or(name),
        (None, None) => name,
    };
    let docs = Docs::read(&v.attrs);
    // Its union tags, in any spelling (`+k8s:unionMember`, `+k8s:unionMember(...)`).
    for (line, span) in docs.lines.iter().zip(&docs.spans) {
        let Some(body) = line.trim().strip_prefix('+') else {
            continue;
        };
        let tag = body.split(['=', '(']).next().unwrap_or_default();
        if [
            "k8s:unionMember",
            "k8s:unionDiscriminator",
            "k8s:zeroOrOneOfMember",
        ]
        .contains(&tag)
        {
            return Err(syn::Error::new(
                *span,
                format!("+{tag} on a variant: an enum's variants are the members of its union already, named by the name serde writes for them"),
            ));
        }
    }
    let internal = matches!(serde.tagging, Tagging::Internal { .. });
    let shown = quote!(#ident).to_string();
    match (&v.fields, internal) {
        (Fields::Unit, true) => Ok((None, (quote!(Self::#ident), wire))),
        (Fields::Unit, false) => Err(syn::Error::new_spanned(
            ident,
            format!("serde writes unit variant `{shown}` as a string and the enum's other variants as objects: no structural schema holds both; give it data or tag the enum (`#[serde(tag = \"kind\")]`)"),
        )),
        (Fields::Named(named), true) if named.named.len() == 1 => {
            let f = &named.named[0];
            let field_ident = f.ident.clone().expect("named fields have names");
            let field_attrs = serde_attrs::field(&f.attrs)?;
            let field_name = field_ident.to_string();
            let field_name = field_name.trim_start_matches("r#");
            let variant_rule = serde_attrs::container(&v.attrs)?.rename_all.map(|(r, _)| r);
            let field_wire = match (
                field_attrs.rename,
                variant_rule.or(serde.rename_all_fields.clone()),
            ) {
                (Some(r), _) => r,
                (None, Some(rule)) => {
                    rename_rule(&rule, field_name).unwrap_or_else(|| field_name.to_string())
                }
                (None, None) => field_name.to_string(),
            };
            if field_attrs.skip || field_attrs.flatten || field_attrs.skip_serializing_if.is_some()
            {
                return Err(syn::Error::new_spanned(
                    f,
                    format!("the field of variant `{ident}` is its union member: serde must write it whenever the variant is taken (no `skip`, `flatten` or `skip_serializing_if`)"),
                ));
            }
            let pattern = quote!(Self::#ident { #field_ident: v });
            let schema_with = crate::schema_with::read(&f.attrs)?;
            let field = union_member(&f.ty, schema_with, field_ident, field_wire, &wire, docs, pattern)?;
            Ok((Some(field), (quote!(Self::#ident { .. }), wire)))
        }
        (Fields::Named(named), true) => Err(syn::Error::new_spanned(
            ident,
            format!("variant `{shown}` has {} fields: kubeidl maps an internally tagged variant with one field, its union member (`Git {{ git: GitSource }}`); write the fields in a struct of their own", named.named.len()),
        )),
        (Fields::Unnamed(_), true) => Err(syn::Error::new_spanned(
            ident,
            format!("serde writes the fields of newtype variant `{shown}`'s value beside the tag, merged with every other variant's: no union holds them; write it as a struct variant of one field (`{shown} {{ {}: ... }}`), its union member", rename_variant("snake_case", &shown).unwrap_or_default()),
        )),
        (Fields::Unnamed(unnamed), false) if unnamed.unnamed.len() == 1 => {
            let ty = &unnamed.unnamed[0].ty;
            let pattern = quote!(Self::#ident(v));
            let schema_with = crate::schema_with::read(&unnamed.unnamed[0].attrs)?;
            let field = union_member(ty, schema_with, ident.clone(), wire.clone(), &name_of(v), docs, pattern)?;
            Ok((Some(field), (quote!(Self::#ident(..)), wire)))
        }
        (Fields::Unnamed(_), false) => Err(syn::Error::new_spanned(
            &v.fields,
            format!("serde writes tuple variant `{shown}` as an array of values of different types: no structural schema holds it; make it a newtype variant over a struct"),
        )),
        (Fields::Named(_), false) => Err(syn::Error::new_spanned(
            ident,
            format!("serde writes struct variant `{shown}` of an externally tagged enum as an object of its own, which has no definition: make it a newtype variant over a struct (`{shown}({shown}Spec)`), or tag the enum (`#[serde(tag = \"kind\")]`)"),
        )),
    }
}

/// The Go field name of an externally tagged variant's member: the variant's name.
fn name_of(v: &Variant) -> String {
    v.ident.to_string()
}

/// A variant's value as a member: an optional field (Go's pointer) with `+k8s:unionMember`
/// after the variant's doc lines, named `member_name` in the union's rules; its schema is
/// `schema_with`'s when the variant's field has one.
fn union_member(
    ty: &syn::Type,
    schema_with: Option<crate::schema_with::SchemaWithAttr>,
    ident: syn::Ident,
    wire: String,
    member_name: &str,
    mut docs: Docs,
    pattern: TokenStream,
) -> syn::Result<Field> {
    let shape = match &schema_with {
        Some(_) => Shape::custom(ty),
        None => Shape::read(ty)?,
    };
    if let Shape::Optional(_) = shape {
        return Err(syn::Error::new_spanned(
            ty,
            "a union member is set exactly when its variant is taken: an `Option` here would be written as null; drop it",
        ));
    }
    let span = ident.span();
    docs.lines.push("+k8s:unionMember".into());
    docs.spans.push(span);
    Ok(Field {
        ident,
        ty: ty.clone(),
        wire,
        go_name: member_name.to_string(),
        reading: Reading::Variant { pattern },
        docs,
        shape: Shape::Optional(Box::new(shape)),
        flatten: false,
        skip_if: None,
        omit_when_unset: true,
        optional: true,
        schema_with,
        span,
    })
}

/// The tag of an internally tagged enum as a field: a required string with
/// `+k8s:unionDiscriminator`, Go's `Kind string` with the name serde writes for the tag.
fn discriminator(tag: &str, span: Span, arms: Vec<TagArm>) -> Field {
    let ident = syn::Ident::new("__kubeidl_tag", span);
    Field {
        ident,
        ty: syn::parse_quote!(::std::string::String),
        wire: tag.to_string(),
        go_name: rename_rule("PascalCase", tag).unwrap_or_else(|| tag.to_string()),
        reading: Reading::Tag(arms),
        docs: Docs {
            lines: vec!["+k8s:unionDiscriminator".into()],
            spans: vec![span],
        },
        shape: Shape::tag_string(),
        flatten: false,
        skip_if: None,
        omit_when_unset: false,
        optional: false,
        schema_with: None,
        span,
    }
}

/// The error of an untagged enum: serde writes each variant's value alone, so two variants
/// of different types have no schema in common; all of one type are that type.
fn untagged(data: &DataEnum, span: Span) -> syn::Error {
    let written = |v: &Variant| match &v.fields {
        Fields::Unit => "null".to_string(),
        Fields::Unnamed(u) if u.unnamed.len() == 1 => u.unnamed[0].ty.to_token_stream().to_string(),
        other => other.to_token_stream().to_string(),
    };
    let shown = |v: &Variant| {
        let (ident, fields) = (&v.ident, &v.fields);
        quote!(#ident #fields).to_string().replace(" (", "(")
    };
    let mut variants = data.variants.iter();
    let Some(first) = variants.next() else {
        return syn::Error::new(span, "an enum with no variants serde writes has no values");
    };
    match variants.find(|v| written(v) != written(first)) {
        Some(other) => syn::Error::new_spanned(
            {
                let (ident, fields) = (&other.ident, &other.fields);
                quote!(#ident #fields)
            },
            format!(
                "untagged variants `{}` and `{}` have different types: no structural schema holds both",
                shown(first),
                shown(other)
            ),
        ),
        None => syn::Error::new(
            span,
            "the variants of this untagged enum are all written as one type: use that type (or a newtype over it) instead",
        ),
    }
}
