//! The root type of a kind declared on its spec (`#[kubeidl(kind = "Widget", ...)]`), as a Go
//! kind embeds `TypeMeta` and `ObjectMeta`: `Widget { api_version, kind, metadata, spec,
//! status }`, serde-compatible, with the derives of a struct (its definition, its validator) and
//! `kubeidl::typed::CustomResource` (`Widget::crd()`), and the CRD's CEL cost checks that can be
//! made while the spec compiles: a rule of the spec whose nodes the macro sees whole (no field
//! of another struct type below it) that exceeds the apiserver's per-rule budget is a compile
//! error at its doc line. The others are checked by `crd()`, which returns the error.

use crate::container::Container;
use crate::definition::Built;
use crate::kind::KindAttr;
use kubeidl::errors::FieldPath;
use kubeidl::schema::{definition_name, inline, Schema};
use kubeidl::tags::lower::VALIDATIONS;
use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::collections::BTreeMap;
use syn::{DeriveInput, Visibility};

/// The doc comment of Go's `TypeMeta.APIVersion` and `TypeMeta.Kind`, as every kind has them.
const API_VERSION_DOC: &[&str] = &[
    "APIVersion defines the versioned schema of this representation of an object.",
    "Servers should convert recognized schemas to the latest internal value, and",
    "may reject unrecognized values.",
    "More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources",
    "+optional",
];
const KIND_DOC: &[&str] = &[
    "Kind is a string value representing the REST resource this object represents.",
    "Servers may infer this from the endpoint the client submits requests to.",
    "Cannot be updated.",
    "In CamelCase.",
    "More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
    "+optional",
];

/// The root struct of the kind, as written into the user's crate, and as the derives read it
/// (with the spec's `package`).
pub fn root(c: &Container<'_>, kind: &KindAttr, vis: &Visibility) -> (TokenStream, DeriveInput) {
    let (ident, spec) = (&kind.kind, c.ident);
    let plural = kind
        .markers
        .plural
        .clone()
        .unwrap_or_else(|| kubeidl::crd::markers::plural(&ident.to_string()));
    let doc = format!(" {ident} is the Schema for the {plural} API.");
    let api_version_doc = API_VERSION_DOC.iter().map(|l| format!(" {l}"));
    let kind_doc = KIND_DOC.iter().map(|l| format!(" {l}"));
    let status = kind.status.as_ref().map(|status| {
        quote! {
            /// +optional
            #[serde(default, skip_serializing_if = "::std::option::Option::is_none")]
            pub status: ::std::option::Option<#status>,
        }
    });
    let body = quote! {
        #[doc = #doc]
        #[serde(rename_all = "camelCase")]
        #vis struct #ident {
            #(#[doc = #api_version_doc])*
            #[serde(default, skip_serializing_if = "::std::string::String::is_empty")]
            pub api_version: ::std::string::String,
            #(#[doc = #kind_doc])*
            #[serde(default, skip_serializing_if = "::std::string::String::is_empty")]
            pub kind: ::std::string::String,
            /// +optional
            #[serde(default)]
            pub metadata: ::kubeidl::apimachinery::ObjectMeta,
            pub spec: #spec,
            #status
        }
    };
    let package = c.package.as_ref().map(|p| quote!(#[kubeidl(package = #p)]));
    let input: DeriveInput = syn::parse_quote!(#package #body);
    let item = quote! {
        #[derive(::serde::Serialize, ::serde::Deserialize, ::std::clone::Clone, ::std::fmt::Debug)]
        #body
    };
    (item, input)
}

/// `CustomResource` for the root, and its inherent `new`, `crd` and `crd_version`.
pub fn resource_impls(c: &Container<'_>, kind: &KindAttr) -> TokenStream {
    let (ident, spec) = (&kind.kind, c.ident);
    let (group, version, name) = (&kind.group, &kind.version, ident.to_string());
    let markers = serde_json::to_string(&kind.markers).expect("markers are JSON");
    let status = kind
        .status
        .as_ref()
        .map(|_| quote!(status: ::std::option::Option::None,));
    quote! {
        impl ::kubeidl::typed::CustomResource for #ident {
            const GROUP: &'static str = #group;
            const VERSION: &'static str = #version;
            const KIND: &'static str = #name;

            fn markers() -> ::kubeidl::crd::KindMarkers {
                ::kubeidl::typed::__private::kind_markers(#markers)
            }
        }

        impl #ident {
            /// A new object of this kind named `name`, with `apiVersion` and `kind` set.
            pub fn new(name: &str, spec: #spec) -> Self {
                #ident {
                    api_version: <Self as ::kubeidl::typed::CustomResource>::api_version(),
                    kind: ::std::string::String::from(#name),
                    metadata: ::kubeidl::apimachinery::ObjectMeta::named(name),
                    spec,
                    #status
                }
            }

            /// The CustomResourceDefinition of this kind with this one version, as `kubeidl
            /// crd` writes it for the Go twin; its schema and CEL cost checked as the apiserver
            /// checks them.
            pub fn crd() -> ::std::result::Result<::kubeidl::crd::Crd, ::kubeidl::crd::CrdError> {
                <Self as ::kubeidl::typed::CustomResource>::crd()
            }

            /// This version of the kind, for `kubeidl::crd::merge` with its other versions.
            pub fn crd_version() -> ::kubeidl::crd::Version {
                <Self as ::kubeidl::typed::CustomResource>::crd_version()
            }
        }
    }
}

/// The CRD cost errors of the spec's own rules that the macro can estimate (each at its doc
/// line, in the apiserver's words): rules on nodes with nothing below them but fields of kinds
/// the macro knows (scalars, lists, maps, apimachinery types). The spec is costed as the CRD
/// holds it: once per object.
pub fn cost_errors(c: &Container<'_>, built: &Built) -> Option<syn::Error> {
    let mut known = BTreeMap::new();
    for (i, ty) in built.refs.iter().enumerate() {
        let placeholder = kubeidl::typed::__private::placeholder(i);
        let apimachinery = match ty {
            syn::Type::Path(p) => p
                .path
                .segments
                .last()
                .and_then(|s| kubeidl::apimachinery::definition_of(&s.ident.to_string())),
            _ => None,
        };
        let schema = match apimachinery {
            Some((_, schema)) => schema,
            None => opaque(),
        };
        known.insert(placeholder, schema);
    }
    let mut spec = built.schema.clone();
    drop_rules_reaching_unseen(&mut spec, &known);
    const SPEC: &str = "kubeidl-derive-spec";
    known.insert(SPEC.to_string(), spec);
    let inlined = inline(SPEC, &known).ok()?;
    let base = FieldPath::root()
        .child("openAPIV3Schema")
        .child("properties")
        .key("spec");
    let mut errors = None;
    // The per-CRD total is `crd()`'s to check: it counts rules the macro does not see.
    for problem in kubeidl::crd::cost::check(&inlined.schema, &base, false) {
        let Some(rule) = &problem.rule else { continue };
        let span = doc_line_of(c, &rule.rule).unwrap_or(c.ident.span());
        crate::combine(&mut errors, syn::Error::new(span, problem.message));
    }
    errors
}

/// What stands for a struct the macro cannot see: an object of any members.
fn opaque() -> Schema {
    let mut schema = Schema::typed("object", "");
    schema.extensions.insert(
        "x-kubernetes-preserve-unknown-fields".into(),
        serde_json::Value::Bool(true),
    );
    schema
}

/// Removes the rules of every node with a struct the macro cannot see below it (its cost
/// depends on that struct's members).
fn drop_rules_reaching_unseen(schema: &mut Schema, known: &BTreeMap<String, Schema>) {
    if reaches_unseen(schema, known) {
        schema.extensions.shift_remove(VALIDATIONS);
    }
    schema.for_each_child_mut(|child| drop_rules_reaching_unseen(child, known));
}

fn reaches_unseen(schema: &Schema, known: &BTreeMap<String, Schema>) -> bool {
    let unseen = schema
        .reference
        .as_deref()
        .and_then(definition_name)
        .is_some_and(|name| {
            !known.get(name.as_ref()).is_some_and(|s| {
                !s.extensions
                    .contains_key("x-kubernetes-preserve-unknown-fields")
            })
        });
    let mut below = false;
    schema.for_each_child(|child| below |= reaches_unseen(child, known));
    unseen || below
}

/// The doc line (of the struct or a field) that holds `rule`, as written or with its quotes
/// escaped.
fn doc_line_of(c: &Container<'_>, rule: &str) -> Option<Span> {
    let escaped = rule.replace('\\', "\\\\").replace('"', "\\\"");
    std::iter::once(&c.docs)
        .chain(c.fields.iter().map(|f| &f.docs))
        .flat_map(|d| d.lines.iter().zip(&d.spans))
        .find(|(line, _)| line.contains(rule) || line.contains(&escaped))
        .map(|(_, span)| *span)
}
