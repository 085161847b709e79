//! `#[derive(Schema, Validate)]`: the Kubernetes IDL tags of the Go generator, written in doc
//! comments of Rust structs.
//!
//! ```ignore
//! #[derive(kubeidl_derive::Schema, serde::Serialize)]
//! #[kubeidl(package = "example.com/widgets/v1")]
//! #[serde(rename_all = "camelCase")]
//! /// WidgetSpec is what a widget should be.
//! /// +validationRule="self.minReplicas <= self.maxReplicas",message="min must not exceed max"
//! struct WidgetSpec {
//!     /// +minimum=0
//!     min_replicas: i32,
//!     /// +maximum=100
//!     max_replicas: i32,
//! }
//! ```
//!
//! `Schema` implements [`kubeidl::typed::Definition`]: `WidgetSpec::openapi_schema()` is the
//! definition the Go generator writes for the struct's Go twin, and those it refers to.
//! Tags are read and lowered while the struct compiles; a bad tag is a compile error at its doc
//! line. An enum of unit variants (a Go string type with `+enum`) and a newtype (`struct
//! Port(u16)`, a Go `type Port int32`) have no definition of their own: each use writes them in
//! place (`Definition::inline`). An enum whose variants carry data is the union serde writes
//! (`unions.rs`): an object with a definition of its own, as Go's `+k8s:unionMember` struct.
//!
//! `#[kubeidl(kind = "Widget", group = "example.com", version = "v1", ...)]` (or the Go
//! `+kubebuilder:resource`, `:printcolumn`... markers in the doc comment) makes a struct the
//! spec of a custom resource kind: the derive writes the root type `Widget { api_version, kind,
//! metadata, spec, status }` and `kubeidl::typed::CustomResource`, whose `Widget::crd()` is the
//! CRD `kubeidl crd` writes for the Go twin (`kind.rs`, `crd.rs`).

mod container;
mod crd;
mod definition;
mod docs;
mod inline;
mod kind;
mod lists;
mod members;
mod native_rules;
mod rule_check;
mod rules_pass;
mod schema_with;
mod serde_attrs;
mod shape;
mod unions;
mod validator;
mod variants;
mod view;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

use container::Container;
use proc_macro::TokenStream;
use quote::quote;
use syn::{parse_macro_input, DeriveInput};

/// Adds `e` to the errors found so far, so one expansion reports every problem at once.
fn combine(errors: &mut Option<syn::Error>, e: syn::Error) {
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

/// Implements `kubeidl::typed::Definition`. See the crate documentation.
#[proc_macro_derive(Schema, attributes(kubeidl, serde))]
pub fn derive_schema(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand_schema(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Implements `kubeidl::typed::Validate`. See the crate documentation.
#[proc_macro_derive(Validate, attributes(kubeidl, serde))]
pub fn derive_validate(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand_validate(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand_validate(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let c = Container::read(input)?;
    let ident = c.ident;
    let written = matches!(c.body, container::Body::Written(_));
    let (body, lists, rules_pass) = match inline::InlineType::of(&c)? {
        None if written => {
            let (body, lists) = schema_with::type_validate_bodies();
            (body, lists, None)
        }
        Some(t) => {
            let (body, lists) = inline::validate_bodies(&c, &t);
            (body, lists, inline::rules_pass_method(&c, &t))
        }
        None => {
            let built = definition::build(&c)?;
            let body = validator::body(&c, &built);
            let lists = lists::body(&c, &built);
            (body, lists, rules_pass::struct_method(&c, &built))
        }
    };
    let lists = (!lists.is_empty()).then(|| {
        quote! {
            fn lists_at(
                &self,
                path: &::kubeidl::validate::Path<'_>,
                errors: &mut ::std::vec::Vec<::kubeidl::errors::FieldError>,
            ) {
                #lists
            }
        }
    });
    let root = match &c.kind {
        Some(kind) => Some(expand_validate(&crd::root(&c, kind, &input.vis).1)?),
        None => None,
    };
    Ok(quote! {
        #root

        impl ::kubeidl::typed::Validate for #ident {
            #rules_pass

            fn rules() -> &'static ::kubeidl::validate::TypeRules {
                static RULES: ::kubeidl::typed::__private::OnceLock<::kubeidl::validate::TypeRules> =
                    ::kubeidl::typed::__private::OnceLock::new();
                RULES.get_or_init(::kubeidl::typed::__private::compile_rules::<Self>)
            }

            fn json_validator() -> &'static ::kubeidl::validate::Validator {
                static VALIDATOR: ::kubeidl::typed::__private::OnceLock<::kubeidl::validate::Validator> =
                    ::kubeidl::typed::__private::OnceLock::new();
                VALIDATOR.get_or_init(::kubeidl::typed::__private::json_validator::<Self>)
            }

            #[allow(unused_variables)]
            fn validate_at(
                &self,
                path: &::kubeidl::validate::Path<'_>,
                errors: &mut ::std::vec::Vec<::kubeidl::errors::FieldError>,
            ) {
                #body
            }

            #lists
        }
    })
}

fn expand_schema(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let c = Container::read(input)?;
    if let container::Body::Written(attr) = &c.body {
        return schema_with::type_impls(&c, attr, definition_name(&c));
    }
    if let Some(t) = inline::InlineType::of(&c)? {
        let impls = inline::schema_impls(&c, &t, definition_name(&c));
        let apimachinery = apimachinery_assertions(&c);
        let json_schema = json_schema(&c);
        return Ok(quote!(#impls #apimachinery #json_schema));
    }
    let built = definition::build(&c)?;
    // A rule that does not compile is reported with the impls still written, so the error is
    // the only one the user sees (not also every use of the type).
    let rule_errors = rule_check::check(&c, &built);
    let root = match &c.kind {
        Some(kind) => {
            let (item, input) = crd::root(&c, kind, &input.vis);
            let schema = expand_schema(&input)?;
            let resource = crd::resource_impls(&c, kind);
            // Costs only of rules that compile.
            let costs = rule_errors
                .is_none()
                .then(|| crd::cost_errors(&c, &built))
                .flatten()
                .map(|e| e.to_compile_error());
            Some(quote!(#item #schema #resource #costs))
        }
        None => None,
    };
    let rule_errors = rule_errors.map(|e| e.to_compile_error());
    let ident = c.ident;
    let name = definition_name(&c);
    let json = serde_json::to_string(&built.schema.to_json()).expect("a schema is JSON");
    let refs = &built.refs;
    let flattened = &built.flattened;
    let tagged_defaults = &built.tagged_defaults;
    let schema_with = built
        .schema_with
        .iter()
        .map(schema_with::SchemaWithField::tokens);
    let view = view::impls(&c, &built);
    let deferred = built.deferred.iter().map(members::deferred_tokens);
    let members = members::members_body(&c);
    let member_names = members::member_names(&c);
    let name_checks = members::name_checks(&built.deferred);
    let kind_checks = members::kind_checks(&built.deferred);
    let apimachinery = apimachinery_assertions(&c);
    let json_schema = json_schema(&c);
    Ok(quote! {
        #rule_errors
        #root
        #view
        #apimachinery
        #json_schema

        impl ::kubeidl::typed::Definition for #ident {
            fn definition_name() -> ::std::string::String {
                #name
            }

            fn add_definitions_in(
                definitions: &mut ::std::collections::BTreeMap<::std::string::String, ::kubeidl::schema::Schema>,
                form: ::kubeidl::typed::Form,
            ) {
                let name = <Self as ::kubeidl::typed::Definition>::definition_name();
                if definitions.contains_key(&name) {
                    return;
                }
                definitions.insert(name.clone(), ::kubeidl::schema::Schema::default());
                let built = ::kubeidl::typed::__private::Built {
                    name: &name,
                    json: #json,
                    refs: ::std::vec![#(::kubeidl::typed::Ref::of::<#refs>()),*],
                    flattened: ::std::vec![#(::kubeidl::typed::__private::flattened_definition::<#flattened>(definitions, form)),*],
                    deferred: ::std::vec![#(#deferred),*],
                    tagged_defaults: &[#(#tagged_defaults),*],
                    schema_with: ::std::vec![#(#schema_with),*],
                };
                let definition = built.definition(definitions, form);
                definitions.insert(name, definition);
                #(<#refs as ::kubeidl::typed::Definition>::add_definitions_in(definitions, form);)*
            }

            fn members() -> ::std::vec::Vec<::kubeidl::tags::lower::Member> {
                #members
            }

            #member_names
        }

        #name_checks
        #kind_checks
    })
}

/// The body of `Definition::definition_name`.
fn definition_name(c: &Container<'_>) -> proc_macro2::TokenStream {
    match c.definition_name() {
        Some(n) => quote!(::std::string::String::from(#n)),
        None => {
            let tail = format!(".{}", c.ident);
            quote!(::std::format!("{}{}", ::std::module_path!().replace("::", "."), #tail))
        }
    }
}

/// schemars' `JsonSchema` for the type, when the crate that uses the derive enables kubeidl's
/// `kube` feature (the macro expands to nothing otherwise): kube-rs' `CustomResource` then
/// writes the type's structural schema into its CRD.
fn json_schema(c: &Container<'_>) -> proc_macro2::TokenStream {
    let ident = c.ident;
    quote!(::kubeidl::__json_schema!(#ident);)
}

/// For each field type the derive took for one of `kubeidl::apimachinery`'s by its name, a
/// compile-time check that it is one (the error points at the type).
fn apimachinery_assertions(c: &Container<'_>) -> proc_macro2::TokenStream {
    fn collect<'s>(shape: &'s shape::Shape, out: &mut Vec<&'s syn::Type>) {
        match shape {
            shape::Shape::Apimachinery(ty) => out.push(ty),
            shape::Shape::List(e) | shape::Shape::Map(e) | shape::Shape::Optional(e) => {
                collect(e, out)
            }
            shape::Shape::Scalar(_) | shape::Shape::Named(_) | shape::Shape::Custom => {}
        }
    }
    let mut types = Vec::new();
    for f in &c.fields {
        collect(&f.shape, &mut types);
    }
    if let container::Body::Newtype(n) = &c.body {
        collect(&n.shape, &mut types);
    }
    let checks = types.iter().map(|ty| {
        quote::quote_spanned! {syn::spanned::Spanned::span(ty)=>
            const _: fn() = || {
                fn is_apimachinery<T: ::kubeidl::apimachinery::ApimachineryType>() {}
                is_apimachinery::<#ty>();
            };
        }
    });
    quote!(#(#checks)*)
}

#[cfg(test)]
mod tests {
    use super::expand_schema;

    /// The compile error the derive gives for `item`.
    fn error(item: &str) -> String {
        let input = syn::parse_str(item).unwrap();
        expand_schema(&input).unwrap_err().to_string()
    }

    #[test]
    fn bad_tags_are_compile_errors_with_the_generators_words() {
        assert_eq!(
            error("struct S { /// +k8s:maxLenght=3\n name: String }"),
            "unknown tag \"+k8s:maxLenght\" (did you mean \"+k8s:maxLength\"?) (in `+k8s:maxLenght=3`)"
        );
        assert_eq!(
            error("struct S { /// +default=8080\n port: i32 }"),
            "invalid +default=8080 for a non-pointer, non-omitempty field: if specified, it must be 0"
        );
        assert_eq!(
            error("struct S { /// +minimum=1\n name: String }"),
            "tag \"+minimum\" needs an integer or a number, and this is a string"
        );
        assert_eq!(
            error("struct S { /// +optional\n /// +required\n name: String }"),
            "field name cannot be both +optional and +required"
        );
    }

    #[test]
    fn rules_are_type_checked_at_their_doc_line() {
        let e = rule_error(
            "/// +validationRule=\"self.min <= self.maximum\"\nstruct S { min: i32, max: i32 }",
        );
        assert!(
            e.starts_with("rule \"self.min <= self.maximum\" does not compile:\n"),
            "{e}"
        );
        assert!(e.contains("undefined field 'maximum'"), "{e}");
        let e = rule_error("struct S { /// +validationRule=\"self + 1\"\n n: i32 }");
        assert!(e.contains("cel expression must evaluate to a bool"), "{e}");
        let e = rule_error(
            "struct S { /// +k8s:validation:cel[0]:rule=\"self > 0\"\n /// +k8s:validation:cel[0]:messageExpression=\"self\"\n n: i32 }",
        );
        assert!(
            e.contains("messageExpression must evaluate to a string"),
            "{e}"
        );
        // kubeidl's apimachinery types have their own definitions' types: a Time is a
        // timestamp, a Duration a string.
        let e = rule_error("/// +validationRule=\"self.start > 5\"\nstruct S { start: Time }");
        assert!(e.contains("found no matching overload for '_>_'"), "{e}");
        let ok = expand(
            "/// +validationRule=\"self.start < timestamp('2030-01-01T00:00:00Z') && self.took.endsWith('s')\"\nstruct S { start: Time, took: Duration }",
        );
        assert!(!ok.contains("compile_error"), "{ok}");
        // Fields of other struct types are `dyn`: their members are not known here.
        let ok =
            expand("/// +validationRule=\"self.inner.anything > 0\"\nstruct S { inner: Inner }");
        assert!(!ok.contains("compile_error"), "{ok}");
    }

    fn expand(item: &str) -> String {
        let input = syn::parse_str(item).unwrap();
        expand_schema(&input).unwrap().to_string()
    }

    /// The rule errors of a struct, as one message.
    fn rule_error(item: &str) -> String {
        let input: syn::DeriveInput = syn::parse_str(item).unwrap();
        let c = crate::container::Container::read(&input).unwrap();
        let built = crate::definition::build(&c).unwrap();
        crate::rule_check::check(&c, &built)
            .expect("a rule error")
            .to_string()
    }

    #[test]
    fn only_types_with_a_mapping_derive() {
        assert!(error("enum E { A, B(i32) }").starts_with(
            "serde writes unit variant `A` as a string and the enum's other variants as objects"
        ));
        assert!(
            error("#[serde(untagged)] enum E { A }").contains("all written as one type"),
            "untagged unit variants are written as null"
        );
        assert_eq!(
            error("#[serde(untagged)] enum E { A(String), B { b: i32 } }"),
            "untagged variants `A(String)` and `B { b : i32 }` have different types: no structural schema holds both"
        );
        // Adjacently tagged: the variants with data share the content's one type.
        assert!(
            !expand("#[serde(tag = \"t\", content = \"c\")] enum E { A(i32), B(i32), C }")
                .contains("compile_error")
        );
        assert_eq!(
            error("#[serde(tag = \"t\", content = \"c\")] enum E { A(i32), B(String) }"),
            "variant `B` holds a `String`, and variant `A` a `i32`: their content `c` is one property, which holds one type"
        );
        assert!(
            error("#[serde(tag = \"t\", content = \"c\")] enum E { A { a: i32 } }")
                .starts_with("serde writes the content of variant `A` of an adjacently tagged enum as an object or array of its own")
        );
        // Variants of several fields: their fields are the object's properties.
        assert!(
            !expand("#[serde(tag = \"t\")] enum E { A { a: i32, b: i32 }, B { a: i32 } }")
                .contains("compile_error")
        );
        assert_eq!(
            error("#[serde(tag = \"t\")] enum E { A { a: i32, b: i32 }, B { a: String } }"),
            "field `a` of variant `B` is a `String`, and of variant `A` a `i32`: one property holds both only when their types agree"
        );
        assert!(error("#[serde(tag = \"t\")] enum E { A { a: i32, b: Option<i32> } }")
            .starts_with("serde writes `None` as null: give field `b` of variant `A` `#[serde(skip_serializing_if = \"Option::is_none\")]`"));
        assert!(error("#[serde(tag = \"t\")] enum E { A { a: i32, #[serde(skip_serializing_if = \"is_zero\")] b: i32 } }")
            .starts_with("field `b` of variant `A` may be left out: make it an `Option`"));
        assert_eq!(
            error("#[serde(tag = \"t\")] enum E { A { t: i32, b: i32 } }"),
            "field `t` is the enum's tag (`#[serde(tag = \"t\")]`): serde writes both into one object"
        );
        assert_eq!(
            error("#[serde(tag = \"t\")] enum E { /// +k8s:maxLength=3\n A { a: String, b: i32 } }"),
            "`+k8s:maxLength=3` on variant `A`, whose fields are properties of the object: write it on the field it is for"
        );
        assert!(error("#[serde(tag = \"t\")] enum E { NodePort(i32) }")
            .contains("write it as a struct variant of one field (`NodePort { node_port: ... }`)"));
        assert!(error("enum E { A { a: i32 } }").starts_with(
            "serde writes struct variant `A` of an externally tagged enum as an object of its own"
        ));
        assert!(error("enum E { A(i32, i32) }")
            .starts_with("serde writes tuple variant `A` as an array"));
        assert!(
            error("#[serde(tag = \"t\")] enum E { A { a: Option<i32> } }")
                .starts_with("a union member is set exactly when its variant is taken")
        );
        assert!(error("#[serde(tag = \"t\")] enum E { /// +k8s:unionMember(memberName: \"X\")\n A { a: i32 } }")
            .starts_with("+k8s:unionMember on a variant: an enum's variants are the members of its union already"));
        // The tag and a member's property cannot share a name.
        assert_eq!(
            error("#[serde(tag = \"a\")] enum E { A { a: i32 } }"),
            "two members are named \"a\" in JSON"
        );
        // serde's renames name the properties and the tag's values.
        let ok = expand(
            "#[serde(tag = \"type\", rename_all = \"lowercase\", rename_all_fields = \"camelCase\")] enum E { HostPath { host_path: String }, #[serde(rename_all = \"UPPERCASE\")] Empty { dir: i32 } }",
        );
        for expected in [
            "hostPath",
            "DIR",
            "self.type == 'hostpath'",
            "self.type == 'empty'",
        ] {
            assert!(ok.contains(expected), "{expected} in {ok}");
        }
        assert_eq!(
            error("struct P(i32, i32);"),
            "kubeidl derives for structs with named fields, newtypes (`struct Port(u16)`) and enums of unit variants"
        );
        assert_eq!(
            error("struct P(Option<i32>);"),
            "a newtype over an `Option` has no Go equivalent: put the `Option` on the fields that hold the newtype"
        );
        assert_eq!(
            error("struct S<T> { t: T }"),
            "kubeidl cannot derive for generic types: a definition has one schema"
        );
        assert_eq!(
            error("struct S { m: std::collections::BTreeMap<i32, String> }"),
            "maps with non-string keys are not supported by OpenAPI (keys must be strings)"
        );
    }

    #[test]
    fn schema_with_is_refused_where_it_cannot_apply() {
        assert_eq!(
            error("struct S { #[kubeidl(schema = \"f\")] a: i32 }"),
            "unknown kubeidl field attribute; expected `schema_with = \"path\"`, the path of a `fn() -> kubeidl::schema::Schema`"
        );
        assert!(
            error("struct S { #[kubeidl(schema_with = \"f\")] #[serde(flatten)] a: Inner }")
                .starts_with("schema_with on a flattened field")
        );
        assert!(error("struct P(#[kubeidl(schema_with = \"f\")] i32);")
            .starts_with("schema_with on a newtype's field"));
        assert!(
            error("#[serde(transparent)] struct P { #[kubeidl(schema_with = \"f\")] a: i32 }")
                .starts_with("schema_with on a newtype's field")
        );
        assert!(
            error("#[kubeidl(schema_with = \"not a path\")] struct S { a: i32 }")
                .starts_with("schema_with = \"not a path\" is no path")
        );
        assert!(error(
            "#[kubeidl(schema_with = \"f\", kind = \"W\", group = \"g.com\", version = \"v1\")] struct S { a: i32 }"
        )
        .starts_with("schema_with on a kind's spec"));
        // On a type, nothing of the body is read: any shape derives.
        let ok = expand("#[kubeidl(schema_with = \"f\")] struct S(i32, HashMap<i32, X>);");
        assert!(ok.contains("written_definition"), "{ok}");
        // Where it applies, the property stands for the function's schema until it is written.
        let ok =
            expand("struct S { /// +k8s:minimum=1\n #[kubeidl(schema_with = \"f\")] a: Foreign }");
        assert!(!ok.contains("compile_error"), "{ok}");
        assert!(ok.contains("kubeidl-derive-schema-with"), "{ok}");
    }

    #[test]
    fn bad_kind_arguments_name_what_is_expected() {
        let kind = |args: &str| error(&format!("#[kubeidl({args})] struct S {{ a: i32 }}"));
        assert_eq!(
            kind("kind = \"Widget\", group = \"example.com\""),
            "a kind needs `version = \"...\"` in #[kubeidl(...)]"
        );
        assert_eq!(
            kind("kind = \"W\", group = \"g.com\", version = \"v1\", scope = \"Global\""),
            "scope=\"Global\": must be Cluster or Namespaced"
        );
        assert_eq!(
            kind("kind = \"W\", group = \"g.com\", version = \"v1\", printcolumn(name = \"A\", type = \"string\", JSONPath = \".a\", color = \"red\")"),
            "+kubebuilder:printcolumn has no argument \"color\"; it takes name, type, JSONPath, description, format, priority"
        );
        assert_eq!(
            kind("kind = \"a b\", group = \"g.com\", version = \"v1\""),
            "kind must be a type name, such as \"Widget\""
        );
        assert!(kind("knd = \"W\"").starts_with("unknown kubeidl attribute; expected"));
        assert_eq!(
            error("/// +kubebuilder:printcolumn:name=A,type=string,JSONPath=.a\nstruct S { a: i32 }"),
            "a CRD marker on a type that declares no kind: add #[kubeidl(kind = \"...\", group = \"...\", version = \"...\")]"
        );
        assert_eq!(
            error("#[kubeidl(kind = \"W\", group = \"g.com\", version = \"v1\")] enum E { A }"),
            "a kind's spec must be a struct with named fields"
        );
        // The Go spelling, in a kind's doc comment, is read by the generator's reader.
        assert_eq!(
            error("/// +kubebuilder:resource:scope=Global\n/// +kubebuilder:subresources:status\n#[kubeidl(kind = \"W\", group = \"g.com\", version = \"v1\")] struct S { a: i32 }"),
            "scope=\"Global\": must be Cluster or Namespaced"
        );
        // Another tool's markers on other types are left alone.
        assert!(!expand("/// +kubebuilder:object:generate=true\n/// +kubebuilder:ac:generate=true\nstruct S { a: i32 }").contains("compile_error"));
    }
}
