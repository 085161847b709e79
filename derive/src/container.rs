//! The type being derived, read once for both macros: its doc lines and what it is: a struct
//! with its fields (their wire names, serde's renames applied, shapes and presence), an enum of
//! unit variants (`variants.rs`), an enum with data read as a union's fields (`unions.rs`), or
//! a newtype (`struct Port(u16)`, `#[serde(transparent)]`).

use crate::docs::Docs;
use crate::serde_attrs::{self, rename_rule};
use crate::shape::Shape;
use kubeidl::comments::tags as comment_tags;
use kubeidl::tags::lower::Member;
use proc_macro2::Span;
use syn::{Data, DeriveInput, Fields, Ident, LitStr, Type};

pub struct Container<'a> {
    pub ident: &'a Ident,
    pub docs: Docs,
    /// The Go import path whose definition names this type's name follows.
    pub package: Option<String>,
    /// A struct's fields (none for an enum or a newtype).
    pub fields: Vec<Field>,
    pub body: Body,
    /// The kind this type is the spec of (`#[kubeidl(kind = "Widget", ...)]`).
    pub kind: Option<crate::kind::KindAttr>,
}

/// What the derived type is.
pub enum Body {
    /// A struct with named fields: an object with a definition of its own.
    Struct,
    /// An enum of unit variants: a string enum, written in place at each use.
    Enum(Vec<crate::variants::Variant>),
    /// An enum whose variants carry data: an object with a definition of its own, whose
    /// fields are the union `unions.rs` reads.
    Union,
    /// A newtype: its field's value, written in place at each use.
    Newtype(Newtype),
    /// A type whose definition a function writes (`#[kubeidl(schema_with = "path")]` on it):
    /// nothing of its body is read.
    Written(crate::schema_with::SchemaWithAttr),
}

/// The one field of a newtype.
pub struct Newtype {
    pub shape: Shape,
    /// `0`, or the field's name in a `#[serde(transparent)]` struct.
    pub member: syn::Member,
}

pub struct Field {
    /// The field's name (for a union member of a tuple variant, the variant's).
    pub ident: Ident,
    pub ty: Type,
    pub wire: String,
    /// The Go name this field's twin has: its name in UpperCamelCase, or for a union member
    /// the discriminator value its variant writes (`unions.rs`).
    pub go_name: String,
    /// Where the value is read from: a field, or an enum's variant.
    pub reading: Reading,
    pub docs: Docs,
    pub shape: Shape,
    /// `#[serde(flatten)]`: its members are the parent's.
    pub flatten: bool,
    /// The predicate of `skip_serializing_if` (Go's `omitempty`): when it holds, the field is
    /// not written.
    pub skip_if: Option<syn::ExprPath>,
    /// Not written when unset, as Go's `omitempty` (an enum's variants not taken).
    pub omit_when_unset: bool,
    /// Not required: `Option`, `omitempty`, `#[serde(default)]`, or `+optional`.
    pub optional: bool,
    /// `#[kubeidl(schema_with = "path")]`: a function writes the field's schema.
    pub schema_with: Option<crate::schema_with::SchemaWithAttr>,
    pub span: Span,
}

/// Where a member's value is read from.
pub enum Reading {
    /// A struct's field: `self.field`.
    Field,
    /// A field of an enum's variant (a union member, or a field of an internally tagged
    /// variant): set when the value is a variant `pattern` matches, binding the field's value
    /// to `v`; an `Option` field (`optional`) also only when it is `Some`.
    Variant {
        pattern: proc_macro2::TokenStream,
        optional: bool,
    },
    /// An internally tagged enum's tag (a union's discriminator): the name serde writes for the
    /// variant each pattern matches.
    Tag(Vec<(proc_macro2::TokenStream, String)>),
}

impl Field {
    /// `skip_serializing_if`: Go's `omitempty`.
    pub fn omit_empty(&self) -> bool {
        self.skip_if.is_some() || self.omit_when_unset
    }

    /// `Option<T>`: Go's pointer.
    pub fn is_pointer(&self) -> bool {
        matches!(self.shape, Shape::Optional(_))
    }

    /// The Go name of a struct field's twin: its name in UpperCamelCase (a union member's
    /// discriminator value by default).
    pub fn go_name_of(ident: &Ident) -> String {
        rename_rule("PascalCase", &ident.to_string()).unwrap_or_default()
    }
}

impl<'a> Container<'a> {
    pub fn read(input: &'a DeriveInput) -> syn::Result<Container<'a>> {
        if !input.generics.params.is_empty() {
            return Err(syn::Error::new_spanned(
                &input.generics,
                "kubeidl cannot derive for generic types: a definition has one schema",
            ));
        }
        let serde = serde_attrs::container(&input.attrs)?;
        // Rules the union of an enum's variants writes on the type, after its own tags.
        let mut rules = Vec::new();
        let written = crate::schema_with::read_container(&input.attrs)?;
        let (fields, body) = match (written, &input.data) {
            // A function writes the definition: the body is serde's alone.
            (Some(written), _) => (Vec::new(), Body::Written(written)),
            (None, Data::Enum(data)) if crate::unions::is_union(data, &serde) => {
                let union = crate::unions::members(data, &serde)?;
                rules = union.rules;
                (union.members, Body::Union)
            }
            (None, Data::Enum(data)) => {
                (Vec::new(), Body::Enum(crate::variants::read(data, &serde)?))
            }
            (None, Data::Struct(data)) => match &data.fields {
                Fields::Named(named) if serde.transparent => (
                    Vec::new(),
                    Body::Newtype(Newtype::transparent(input, named)?),
                ),
                Fields::Named(named) => (Container::fields(named, &serde)?, Body::Struct),
                Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => {
                    if let Some(w) = crate::schema_with::read(&unnamed.unnamed[0].attrs)? {
                        return Err(crate::schema_with::on_a_newtype(&w));
                    }
                    let ty = &unnamed.unnamed[0].ty;
                    let member = syn::Member::Unnamed(0.into());
                    (Vec::new(), Body::Newtype(Newtype::read(ty, member)?))
                }
                _ => return Err(unsupported(input)),
            },
            (None, Data::Union(_)) => return Err(unsupported(input)),
        };
        let mut docs = Docs::read(&input.attrs);
        for rule in rules {
            docs.lines.push(rule);
            docs.spans.push(input.ident.span());
        }
        let (package, kind) = attributes(&input.attrs, &docs)?;
        match (&kind, &body) {
            (Some(_), Body::Written(w)) => return Err(crate::schema_with::on_a_spec(w)),
            (Some(_), body) if !matches!(body, Body::Struct) => {
                return Err(syn::Error::new_spanned(
                    &input.ident,
                    "a kind's spec must be a struct with named fields",
                ))
            }
            _ => {}
        }
        Ok(Container {
            ident: &input.ident,
            docs,
            package,
            fields,
            body,
            kind,
        })
    }

    /// The fields of a struct with named fields.
    fn fields(
        named: &'a syn::FieldsNamed,
        serde: &serde_attrs::ContainerSerde,
    ) -> syn::Result<Vec<Field>> {
        let mut errors: Option<syn::Error> = None;
        let mut push = |e: syn::Error| crate::combine(&mut errors, e);
        let mut fields = Vec::new();
        for f in &named.named {
            let ident = f.ident.as_ref().expect("named fields have names");
            let attrs = match serde_attrs::field(&f.attrs) {
                Ok(a) => a,
                Err(e) => {
                    push(e);
                    continue;
                }
            };
            if attrs.skip {
                continue;
            }
            let schema_with = match crate::schema_with::read(&f.attrs) {
                Ok(Some(w)) if attrs.flatten => {
                    push(crate::schema_with::flattened(&w));
                    continue;
                }
                Ok(w) => w,
                Err(e) => {
                    push(e);
                    continue;
                }
            };
            let shape = match &schema_with {
                Some(_) => Shape::custom(&f.ty),
                None => match Shape::read(&f.ty) {
                    Ok(s) => s,
                    Err(e) => {
                        push(e);
                        continue;
                    }
                },
            };
            let rust_name = ident.to_string();
            let rust_name = rust_name.trim_start_matches("r#");
            let wire = match (&attrs.rename, &serde.rename_all) {
                (Some(r), _) => r.clone(),
                (None, Some((rule, _))) => {
                    rename_rule(rule, rust_name).unwrap_or_else(|| rust_name.to_string())
                }
                (None, None) => rust_name.to_string(),
            };
            let docs = Docs::read(&f.attrs);
            let tagged_optional = comment_tags::has(&docs.lines, "optional");
            let tagged_required = comment_tags::has(&docs.lines, "required");
            if tagged_optional && tagged_required {
                let span = docs.span_of("required").unwrap_or_else(|| ident.span());
                push(syn::Error::new(
                    span,
                    format!("field {rust_name} cannot be both +optional and +required"),
                ));
            }
            let untagged_optional = matches!(shape, Shape::Optional(_))
                || attrs.skip_serializing_if.is_some()
                || attrs.default;
            fields.push(Field {
                go_name: Field::go_name_of(ident),
                ident: ident.clone(),
                ty: f.ty.clone(),
                wire,
                reading: Reading::Field,
                omit_when_unset: false,
                optional: !tagged_required && (tagged_optional || untagged_optional),
                docs,
                shape,
                flatten: attrs.flatten,
                skip_if: attrs.skip_serializing_if,
                schema_with,
                span: ident.span(),
            });
        }
        match errors {
            Some(e) => Err(e),
            None => Ok(fields),
        }
    }

    /// The struct's members as rules on it see them (flattened members are not known here).
    pub fn members(&self) -> Vec<Member> {
        self.fields
            .iter()
            .filter(|f| !f.flatten)
            .map(|f| Member {
                json: f.wire.clone(),
                name: f.go_name.clone(),
                kind: f.shape.kind(),
                optional: f.optional,
            })
            .collect()
    }

    /// The definition name, when known at expansion time.
    pub fn definition_name(&self) -> Option<String> {
        let model_package =
            comment_tags::first_value(&self.docs.lines, "k8s:openapi-model-package");
        match (model_package, &self.package) {
            (Some(prefix), _) if !prefix.is_empty() => Some(format!("{prefix}.{}", self.ident)),
            (_, Some(package)) => Some(kubeidl::schema::rest_friendly_name(&format!(
                "{package}.{}",
                self.ident
            ))),
            _ => None,
        }
    }
}

impl Newtype {
    /// The field of a newtype, whose shape must be a value the newtype can stand for.
    fn read(ty: &Type, member: syn::Member) -> syn::Result<Newtype> {
        let shape = Shape::read(ty)?;
        let refused = match &shape {
            Shape::Optional(_) => Some(
                "a newtype over an `Option` has no Go equivalent: put the `Option` on the fields that hold the newtype",
            ),
            Shape::Named(_) => Some(
                "kubeidl maps newtypes over scalars, lists, maps and apimachinery types; a newtype over another named type has no Go equivalent",
            ),
            _ => None,
        };
        match refused {
            Some(message) => Err(syn::Error::new_spanned(ty, message)),
            None => Ok(Newtype { shape, member }),
        }
    }

    /// The one field serde reads of a `#[serde(transparent)]` struct.
    fn transparent(input: &DeriveInput, named: &syn::FieldsNamed) -> syn::Result<Newtype> {
        let mut kept = Vec::new();
        for f in &named.named {
            if !serde_attrs::field(&f.attrs)?.skip {
                kept.push(f);
            }
        }
        match kept.as_slice() {
            [f] => {
                if let Some(w) = crate::schema_with::read(&f.attrs)? {
                    return Err(crate::schema_with::on_a_newtype(&w));
                }
                let ident = f.ident.clone().expect("named fields have names");
                Newtype::read(&f.ty, syn::Member::Named(ident))
            }
            _ => Err(syn::Error::new_spanned(
                &input.ident,
                "#[serde(transparent)] needs exactly one field that is not skipped",
            )),
        }
    }
}

fn unsupported(input: &DeriveInput) -> syn::Error {
    syn::Error::new_spanned(
        &input.ident,
        "kubeidl derives for structs with named fields, newtypes (`struct Port(u16)`) and enums of unit variants",
    )
}

/// `#[kubeidl(package = "example.com/widgets/v1")]`, and the kind a spec declares
/// (`kind.rs`).
fn attributes(
    attrs: &[syn::Attribute],
    docs: &Docs,
) -> syn::Result<(Option<String>, Option<crate::kind::KindAttr>)> {
    let mut package = None;
    let mut kind = crate::kind::KindArgs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("kubeidl")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("package") {
                let lit: LitStr = meta.value()?.parse()?;
                package = Some(lit.value());
                Ok(())
            } else if meta.path.is_ident("schema_with") {
                // Read before the body (`schema_with.rs`).
                let _: LitStr = meta.value()?.parse()?;
                Ok(())
            } else if kind.read(&meta)? {
                Ok(())
            } else {
                Err(meta.error(format!(
                    "unknown kubeidl attribute; {}",
                    crate::kind::EXPECTED
                )))
            }
        })?;
    }
    Ok((package, kind.finish(docs)?))
}
