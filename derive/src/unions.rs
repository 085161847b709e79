//! Enums whose variants carry data, read as the union serde writes: the fields of one object,
//! each variant's value an optional member (Go's pointer field with `+k8s:unionMember`), so the
//! runtime's union lowering writes the rules that exactly one member is set.
//!
//! - Internally tagged (`#[serde(tag = "kind")]`), each variant a struct variant of one field or
//!   a unit variant: `{"kind": "Git", "git": {...}}`, Go's discriminated union. The tag is the
//!   discriminator (`+k8s:unionDiscriminator`), a required string of the variants' names; each
//!   variant's field is a member whose `memberName` is the name serde writes for the variant
//!   (after `rename` and `rename_all`), so the rules tie each member to the tag's value serde
//!   writes with it.
//! - Internally tagged, with a struct variant of several fields (or none): `{"kind": "Basic",
//!   "username": "u", "passwordRef": "p"}`. Every variant's fields are the object's optional
//!   properties (one property for a name several variants share with one type), the tag a
//!   required string of the variants' names, and rules on the type say which fields each
//!   variant may and must have (`kubeidl::tags::lower::variant_field_rules`, in the union's
//!   words), as kubebuilder's XValidation markers would on a Go twin.
//! - Externally tagged (serde's default), each variant a newtype variant: `{"git": {...}}`,
//!   Go's union without discriminator; the member is named as serde names the variant.
//!
//! Every other shape (adjacently tagged, untagged, newtype variants of an internally tagged
//! enum, unit variants beside data in an externally tagged one) is a compile error at the
//! variant or attribute saying why no structural schema holds it.

use crate::container::{Field, Reading};
use crate::docs::Docs;
use crate::serde_attrs::{self, rename_rule, rename_variant, ContainerSerde, Tagging};
use crate::shape::Shape;
use kubeidl::tags::lower::variant_field_rules;
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

/// What serde writes for an enum with data, as one object.
pub struct Union {
    /// The object's fields, the discriminator first when there is one.
    pub members: Vec<Field>,
    /// Tag lines the type's doc comment gains: the rules of variants' fields.
    pub rules: Vec<String>,
}

/// The union of the enum's variants; a compile error at each variant (or the attribute) that
/// no structural schema holds.
pub fn members(data: &DataEnum, serde: &ContainerSerde) -> syn::Result<Union> {
    if let Tagging::Adjacent { tag, content, span } = &serde.tagging {
        return adjacent(data, serde, (tag, content), *span);
    }
    if let Tagging::Internal { tag, span } = &serde.tagging {
        let several = |v: &Variant| matches!(&v.fields, Fields::Named(n) if n.named.len() != 1);
        if data.variants.iter().any(several) {
            return flat(data, serde, tag, *span);
        }
    }
    Ok(Union {
        members: union_members(data, serde)?,
        rules: Vec::new(),
    })
}

/// The members of a Go union: each variant's one field (or, externally tagged, its value).
fn union_members(data: &DataEnum, serde: &ContainerSerde) -> syn::Result<Vec<Field>> {
    let mut errors: Option<syn::Error> = None;
    let mut members = Vec::new();
    let mut tag_arms = Vec::new();
    match &serde.tagging {
        Tagging::Untagged { span } => return Err(untagged(data, *span)),
        Tagging::External | Tagging::Internal { .. } | Tagging::Adjacent { .. } => {}
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
        let d = discriminator(tag, *span, tag_arms, &["+k8s:unionDiscriminator"])?;
        members.insert(0, d);
    }
    Ok(members)
}

/// The name serde writes for a variant, once it is known serde writes it and its doc comment
/// holds no union tag.
fn variant_wire(v: &Variant, serde: &ContainerSerde) -> syn::Result<String> {
    let attrs = serde_attrs::field(&v.attrs)?;
    let ident = &v.ident;
    if attrs.skip {
        return Err(syn::Error::new_spanned(
            ident,
            format!("variant `{ident}` is skipped: serde cannot write it, so it is no member of a union; remove it or its data"),
        ));
    }
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
    let name = ident.to_string();
    Ok(match (attrs.rename, &serde.rename_all) {
        (Some(r), _) => r,
        (None, Some((rule, _))) => rename_variant(rule, &name).unwrap_or(name),
        (None, None) => name,
    })
}

/// The wire name of field `f` of variant `v`: its `rename`, else the variant's `rename_all`
/// or the enum's `rename_all_fields`.
fn variant_field_wire(
    f: &syn::Field,
    v: &Variant,
    serde: &ContainerSerde,
) -> syn::Result<(syn::Ident, serde_attrs::FieldSerde, String)> {
    let ident = f.ident.clone().expect("named fields have names");
    let attrs = serde_attrs::field(&f.attrs)?;
    let name = ident.to_string();
    let name = name.trim_start_matches("r#");
    let variant_rule = serde_attrs::container(&v.attrs)?.rename_all.map(|(r, _)| r);
    let wire = match (
        attrs.rename.clone(),
        variant_rule.or(serde.rename_all_fields.clone()),
    ) {
        (Some(r), _) => r,
        (None, Some(rule)) => rename_rule(&rule, name).unwrap_or_else(|| name.to_string()),
        (None, None) => name.to_string(),
    };
    Ok((ident, attrs, wire))
}

/// A property that fields of one or more variants are written as.
struct Shared {
    field: Field,
    /// The type as written, which every variant's field of this name must have.
    ty: String,
    patterns: Vec<TokenStream>,
    /// The names of the variants that have it, and of those where it is required.
    variants: Vec<String>,
    required_in: Vec<String>,
}

/// An internally tagged enum with a variant of several fields: every variant's fields are the
/// object's optional properties, the rules of which each variant may and must have on the type.
fn flat(data: &DataEnum, serde: &ContainerSerde, tag: &str, span: Span) -> syn::Result<Union> {
    let mut errors: Option<syn::Error> = None;
    let mut shared: Vec<Shared> = Vec::new();
    let mut tag_arms = Vec::new();
    for v in &data.variants {
        if let Err(e) = flat_variant(v, serde, &mut shared, &mut tag_arms) {
            crate::combine(&mut errors, e);
        }
    }
    if let Some(e) = errors {
        return Err(e);
    }
    if let Some(s) = shared.iter().find(|s| s.field.wire == tag) {
        return Err(syn::Error::new(
            s.field.span,
            format!("field `{tag}` is the enum's tag (`#[serde(tag = \"{tag}\")]`): serde writes both into one object"),
        ));
    }
    let rules = shared
        .iter()
        .flat_map(|s| variant_field_rules(tag, &s.field.wire, &s.variants, &s.required_in))
        .map(|rule| xvalidation(&rule))
        .collect();
    let mut members = vec![discriminator(tag, span, tag_arms, &[])?];
    members.extend(shared.into_iter().map(|mut s| {
        let patterns = &s.patterns;
        if let Reading::Variant { pattern, .. } = &mut s.field.reading {
            *pattern = quote!(#(#patterns)|*);
        }
        s.field
    }));
    Ok(Union { members, rules })
}

/// Adds variant `v`'s fields to `shared` and its arm to `tag_arms`.
fn flat_variant(
    v: &Variant,
    serde: &ContainerSerde,
    shared: &mut Vec<Shared>,
    tag_arms: &mut Vec<TagArm>,
) -> syn::Result<()> {
    let wire = variant_wire(v, serde)?;
    let ident = &v.ident;
    let named = match &v.fields {
        Fields::Unit => {
            tag_arms.push((quote!(Self::#ident), wire));
            return Ok(());
        }
        Fields::Named(named) => named,
        Fields::Unnamed(_) => return Err(newtype_of_internal(v)),
    };
    no_tags(
        v,
        "whose fields are properties of the object: write it on the field it is for",
    )?;
    for f in &named.named {
        let (field_ident, attrs, field_wire) = variant_field_wire(f, v, serde)?;
        if attrs.skip || attrs.flatten {
            return Err(syn::Error::new_spanned(
                f,
                format!("field `{field_ident}` of variant `{ident}` is a property of the object: serde must write it (no `skip` or `flatten`)"),
            ));
        }
        let schema_with = crate::schema_with::read(&f.attrs)?;
        let shape = match &schema_with {
            Some(_) => Shape::custom(&f.ty),
            None => Shape::read(&f.ty)?,
        };
        let optional = matches!(shape, Shape::Optional(_));
        match (optional, &attrs.skip_serializing_if) {
            (true, None) => {
                return Err(syn::Error::new_spanned(
                    &f.ty,
                    format!("serde writes `None` as null: give field `{field_ident}` of variant `{ident}` `#[serde(skip_serializing_if = \"Option::is_none\")]`, so an unset field is left out"),
                ))
            }
            (false, Some(_)) => {
                return Err(syn::Error::new_spanned(
                    &f.ty,
                    format!("field `{field_ident}` of variant `{ident}` may be left out: make it an `Option`, which the variant may leave unset"),
                ))
            }
            _ => {}
        }
        let ty = f.ty.to_token_stream().to_string();
        let pattern = quote!(Self::#ident { #field_ident: v, .. });
        match shared.iter_mut().find(|s| s.field.wire == field_wire) {
            Some(s) if s.ty != ty => {
                return Err(syn::Error::new_spanned(
                    &f.ty,
                    format!("field `{field_wire}` of variant `{ident}` is a `{ty}`, and of variant `{}` a `{}`: one property holds both only when their types agree", s.variants[0], s.ty),
                ))
            }
            Some(s) => {
                s.patterns.push(pattern);
                s.variants.push(wire.clone());
                if !optional {
                    s.required_in.push(wire.clone());
                }
            }
            None => {
                let span = field_ident.span();
                shared.push(Shared {
                    field: Field {
                        go_name: crate::container::Field::go_name_of(&field_ident),
                        ident: field_ident,
                        ty: f.ty.clone(),
                        wire: field_wire,
                        reading: Reading::Variant {
                            pattern: TokenStream::new(),
                            optional,
                        },
                        docs: Docs::read(&f.attrs),
                        shape: match shape {
                            Shape::Optional(_) => shape,
                            other => Shape::Optional(Box::new(other)),
                        },
                        flatten: false,
                        skip_if: None,
                        omit_when_unset: true,
                        optional: true,
                        span,
                        schema_with,
                    },
                    ty,
                    patterns: vec![pattern],
                    variants: vec![wire.clone()],
                    required_in: if optional { Vec::new() } else { vec![wire.clone()] },
                });
            }
        }
    }
    tag_arms.push((quote!(Self::#ident { .. }), wire));
    Ok(())
}

/// An adjacently tagged enum (`{"kind": "Pod", "ref": "web"}`) whose variants with data are
/// newtype variants of one type: the content is a property of that type, which the rules tie
/// to the tag's naming one of those variants; a unit variant writes its tag alone.
fn adjacent(
    data: &DataEnum,
    serde: &ContainerSerde,
    (tag, content): (&str, &str),
    span: Span,
) -> syn::Result<Union> {
    let mut tag_arms = Vec::new();
    let mut patterns = Vec::new();
    let mut with_content = Vec::new();
    let mut first: Option<(&Variant, &syn::Type)> = None;
    for v in &data.variants {
        let wire = variant_wire(v, serde)?;
        let ident = &v.ident;
        no_tags(
            v,
            &format!(
                "whose content `{content}` all variants share: write its tags on the type it holds"
            ),
        )?;
        let ty = match &v.fields {
            Fields::Unit => {
                tag_arms.push((quote!(Self::#ident), wire));
                continue;
            }
            Fields::Unnamed(u) if u.unnamed.len() == 1 => &u.unnamed[0].ty,
            _ => {
                return Err(syn::Error::new_spanned(
                    ident,
                    format!("serde writes the content of variant `{ident}` of an adjacently tagged enum as an object or array of its own, which has no definition: make it a newtype variant (`{ident}(...)`) of the type every variant holds"),
                ))
            }
        };
        match first {
            Some((f, first_ty))
                if first_ty.to_token_stream().to_string() != ty.to_token_stream().to_string() =>
            {
                return Err(syn::Error::new_spanned(
                    ty,
                    format!(
                        "variant `{ident}` holds a `{}`, and variant `{}` a `{}`: their content `{content}` is one property, which holds one type",
                        ty.to_token_stream(),
                        f.ident,
                        first_ty.to_token_stream()
                    ),
                ))
            }
            Some(_) => {}
            None => first = Some((v, ty)),
        }
        patterns.push(quote!(Self::#ident(v)));
        tag_arms.push((quote!(Self::#ident(..)), wire.clone()));
        with_content.push(wire);
    }
    if content == tag {
        return Err(syn::Error::new(
            span,
            "the tag and the content need names of their own",
        ));
    }
    let mut members = vec![discriminator(tag, span, tag_arms, &[])?];
    let mut rules = Vec::new();
    if let Some((_, ty)) = first {
        let shape = Shape::read(ty)?;
        if let Shape::Optional(_) = shape {
            return Err(syn::Error::new_spanned(
                ty,
                "serde writes `None` content as null: hold the value itself, and give the variants that have none no data",
            ));
        }
        let ident = syn::Ident::new("__kubeidl_content", span);
        members.push(Field {
            go_name: rename_rule("PascalCase", content).unwrap_or_else(|| content.to_string()),
            ident,
            ty: ty.clone(),
            wire: content.to_string(),
            reading: Reading::Variant {
                pattern: quote!(#(#patterns)|*),
                optional: false,
            },
            docs: Docs::default(),
            shape: Shape::Optional(Box::new(shape)),
            flatten: false,
            skip_if: None,
            omit_when_unset: true,
            optional: true,
            span,
            schema_with: None,
        });
        for rule in variant_field_rules(tag, content, &with_content, &with_content) {
            rules.push(xvalidation(&rule));
        }
    }
    Ok(Union { members, rules })
}

/// A rule as the kubebuilder marker that writes it.
fn xvalidation(rule: &kubeidl::tags::lower::Validation) -> String {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string is JSON");
    let mut line = format!(
        "+kubebuilder:validation:XValidation:rule={},message={}",
        quoted(&rule.rule),
        quoted(rule.message.as_deref().unwrap_or_default())
    );
    if let Some(path) = &rule.field_path {
        line.push_str(&format!(",fieldPath={}", quoted(path)));
    }
    line
}

/// A compile error at the first tag in variant `v`'s doc comment, saying `why` it has no place
/// there.
fn no_tags(v: &Variant, why: &str) -> syn::Result<()> {
    let docs = Docs::read(&v.attrs);
    match docs
        .lines
        .iter()
        .zip(&docs.spans)
        .find(|(l, _)| l.trim().starts_with('+'))
    {
        Some((line, span)) => Err(syn::Error::new(
            *span,
            format!("`{}` on variant `{}`, {why}", line.trim(), v.ident),
        )),
        None => Ok(()),
    }
}

/// The error of a newtype variant of an internally tagged enum.
fn newtype_of_internal(v: &Variant) -> syn::Error {
    let ident = &v.ident;
    let shown = quote!(#ident).to_string();
    syn::Error::new_spanned(
        ident,
        format!("serde writes the fields of newtype variant `{shown}`'s value beside the tag, merged with every other variant's: no union holds them; write it as a struct variant of one field (`{shown} {{ {}: ... }}`), its union member", rename_variant("snake_case", &shown).unwrap_or_default()),
    )
}

/// A pattern matching a variant, and the name serde writes for it.
type TagArm = (TokenStream, String);

/// The member a variant is, if it carries one, and the arm of the tag's value for it.
fn member(v: &Variant, serde: &ContainerSerde) -> syn::Result<(Option<Field>, TagArm)> {
    let wire = variant_wire(v, serde)?;
    let ident = &v.ident;
    let docs = Docs::read(&v.attrs);
    let internal = matches!(serde.tagging, Tagging::Internal { .. });
    let shown = quote!(#ident).to_string();
    match (&v.fields, internal) {
        (Fields::Unit, true) => Ok((None, (quote!(Self::#ident), wire))),
        (Fields::Unit, false) => Err(syn::Error::new_spanned(
            ident,
            format!("serde writes unit variant `{shown}` as a string and the enum's other variants as objects: no structural schema holds both; give it data or tag the enum (`#[serde(tag = \"kind\")]`)"),
        )),
        (Fields::Named(named), true) => {
            let f = &named.named[0];
            let (field_ident, field_attrs, field_wire) = variant_field_wire(f, v, serde)?;
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
        (Fields::Unnamed(_), true) => Err(newtype_of_internal(v)),
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
        reading: Reading::Variant {
            pattern,
            optional: false,
        },
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

/// The tag of an internally tagged enum as a field: a required string of the names serde
/// writes for the variants (`+kubebuilder:validation:Enum`), with `tags` before that; Go's
/// `Kind string` with the name serde writes for the tag.
fn discriminator(tag: &str, span: Span, arms: Vec<TagArm>, tags: &[&str]) -> syn::Result<Field> {
    let ident = syn::Ident::new("__kubeidl_tag", span);
    if let Some((_, name)) = arms.iter().find(|(_, name)| name.contains(';')) {
        return Err(syn::Error::new(
            span,
            format!("variant name {name:?} holds a `;`, which a list of the tag's values cannot"),
        ));
    }
    let names: Vec<&str> = arms.iter().map(|(_, name)| name.as_str()).collect();
    let mut lines: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
    lines.push(format!("+kubebuilder:validation:Enum={}", names.join(";")));
    Ok(Field {
        ident,
        ty: syn::parse_quote!(::std::string::String),
        wire: tag.to_string(),
        go_name: rename_rule("PascalCase", tag).unwrap_or_else(|| tag.to_string()),
        reading: Reading::Tag(arms),
        docs: Docs {
            spans: vec![span; lines.len()],
            lines,
        },
        shape: Shape::tag_string(),
        flatten: false,
        skip_if: None,
        omit_when_unset: false,
        optional: false,
        schema_with: None,
        span,
    })
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
