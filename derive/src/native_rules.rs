//! A struct's own CEL rules compiled to Rust, when they are straight lines over its scalar
//! fields (`self.minReplicas <= self.maxReplicas`, `!has(self.a) || self.a > 0`): comparisons,
//! arithmetic and logic on fields read in place, with the cost evaluation would charge counted
//! as it goes. Anything unusual at run time (an unset field, an overflow, a NaN ordering, a
//! field holding its default) gives `None`, and the runtime evaluates the rule instead, so
//! every error keeps its exact text. Rules that use `oldSelf`, call functions or walk
//! collections are always evaluated.

use crate::container::{Container, Field};
use crate::definition::Built;
use crate::shape::Shape;
use crate::validator::{default_literal, presence};
use kubeidl::cel::decl::{Decl, DeclKind, NoDefinitions};
use kubeidl::cel::rule::{compile_rule_unlimited, ExpressionKind};
use kubeidl::cel::straight::{Arithmetic, Comparison, Straight, FIELD_COST, HAS_COST};
use kubeidl::schema::Schema;
use kubeidl::tags::lower::{ValueKind, VALIDATIONS};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// The `NativeObject::native_rule` method, when the struct has rules that compile to Rust.
pub fn method(c: &Container<'_>, built: &Built) -> Option<TokenStream> {
    let rules = rules(c, built);
    if rules.is_empty() {
        return None;
    }
    let arms = rules.into_iter().map(|(source, body)| {
        quote! {
            #source => (|| {
                #[allow(unused_mut)]
                let mut cost: u64 = 0;
                let passed: bool = #body;
                ::std::option::Option::Some(__kubeidl::NativeRule { passed, cost })
            })(),
        }
    });
    Some(quote! {
        fn native_rule(&self, source: &str) -> ::std::option::Option<__kubeidl::NativeRule> {
            match source {
                #(#arms)*
                _ => ::std::option::Option::None,
            }
        }
    })
}

/// The struct's rules that compile to Rust: (source, boolean expression).
pub fn rules(c: &Container<'_>, built: &Built) -> Vec<(String, TokenStream)> {
    // With flattened members the struct's definition is not complete here.
    if c.fields.iter().any(|f| f.flatten) {
        return Vec::new();
    }
    let Some(Value::Array(entries)) = built.schema.extensions.get(VALIDATIONS) else {
        return Vec::new();
    };
    let decl = Decl::from_schema(&built.schema, &NoDefinitions);
    let fields = Fields {
        c,
        built,
        decl: &decl,
    };
    let mut out: Vec<(String, TokenStream)> = Vec::new();
    for entry in entries {
        let Some(source) = entry.get("rule").and_then(Value::as_str) else {
            continue;
        };
        if out.iter().any(|(s, _)| s == source) {
            continue;
        }
        let optional_old_self = entry.get("optionalOldSelf") == Some(&Value::Bool(true));
        let Ok(compiled) =
            compile_rule_unlimited(source, &decl, optional_old_self, ExpressionKind::Rule)
        else {
            continue;
        };
        if compiled.uses_old_self {
            continue;
        }
        let Some(expr) = compiled.program.straight() else {
            continue;
        };
        if let Some((tokens, Ty::Bool)) = fields.gen(&expr) {
            out.push((source.to_string(), tokens));
        }
    }
    out
}

/// The static type of a generated expression (`i64`, `f64`, `bool`, `&str`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Int,
    Double,
    Bool,
    Str,
}

struct Fields<'a> {
    c: &'a Container<'a>,
    built: &'a Built,
    decl: &'a Decl,
}

impl Fields<'_> {
    /// The field a CEL name selects, with its property.
    fn field(&self, cel_name: &str) -> Option<(&Field, &Schema)> {
        let DeclKind::Object(object) = &self.decl.kind else {
            return None;
        };
        let json = &object.field(cel_name)?.json_name;
        // A function's schema may give it a default the derive cannot see.
        let f = self
            .c
            .fields
            .iter()
            .find(|f| &f.wire == json && f.schema_with.is_none())?;
        Some((f, self.built.schema.properties.get(json)?))
    }

    fn gen(&self, e: &Straight) -> Option<(TokenStream, Ty)> {
        Some(match e {
            Straight::Int(i) => (quote!(#i), Ty::Int),
            Straight::Double(d) if d.is_finite() => (quote!(#d), Ty::Double),
            Straight::Double(_) => return None,
            Straight::Bool(b) => (quote!(#b), Ty::Bool),
            Straight::String(s) => (quote!(#s), Ty::Str),
            Straight::Field(name) => {
                let (f, property) = self.field(name)?;
                let (read, ty) = scalar_read(f, property)?;
                let set = presence(f, property);
                // An unset field reads as its default, when it has one Rust can write.
                let value = match (ty, &property.default) {
                    (Ty::Str, Some(Value::String(text))) => quote! {
                        match #set {
                            ::std::option::Option::Some(v) => #read,
                            ::std::option::Option::None => #text,
                        }
                    },
                    (_, default) => match default_literal(f.shape.required(), default.as_ref()) {
                        Some(literal) => quote! {{
                            let v = match #set {
                                ::std::option::Option::Some(v) => v,
                                ::std::option::Option::None => &#literal,
                            };
                            #read
                        }},
                        None => quote!({
                            let v = (#set)?;
                            #read
                        }),
                    },
                };
                (
                    quote!({
                        cost += #FIELD_COST;
                        #value
                    }),
                    ty,
                )
            }
            Straight::Has(name) => {
                let (f, property) = self.field(name)?;
                let set = presence(f, property);
                let defaulted = property.default.is_some();
                (
                    quote!({
                        cost += #HAS_COST;
                        (#set).is_some() || #defaulted
                    }),
                    Ty::Bool,
                )
            }
            Straight::Compare(op, a, b) => {
                let ((a, ta), (b, tb)) = (self.gen(a)?, self.gen(b)?);
                if ta != tb {
                    return None;
                }
                let cost = match ta {
                    // A string of at most 10 bytes has at most 10 characters: cost 1, without
                    // counting them.
                    Ty::Str => quote! {
                        cost += if a.len().min(b.len()) <= 10 {
                            1
                        } else {
                            ((a.chars().count().min(b.chars().count()) as u64).div_ceil(10)).max(1)
                        };
                    },
                    _ => quote!(cost += 1;),
                };
                let test = compare(*op, ta)?;
                (
                    quote!({
                        let a = #a;
                        let b = #b;
                        #cost
                        #test
                    }),
                    Ty::Bool,
                )
            }
            Straight::Arithmetic(op, a, b) => {
                let ((a, ta), (b, tb)) = (self.gen(a)?, self.gen(b)?);
                if ta != tb {
                    return None;
                }
                let result = match (ta, op) {
                    (Ty::Int, Arithmetic::Add) => quote!(a.checked_add(b)?),
                    (Ty::Int, Arithmetic::Sub) => quote!(a.checked_sub(b)?),
                    (Ty::Int, Arithmetic::Mul) => quote!(a.checked_mul(b)?),
                    (Ty::Int, Arithmetic::Div) => quote!(a.checked_div(b)?),
                    (Ty::Int, Arithmetic::Mod) => quote!(a.checked_rem(b)?),
                    (Ty::Double, Arithmetic::Add) => quote!(a + b),
                    (Ty::Double, Arithmetic::Sub) => quote!(a - b),
                    (Ty::Double, Arithmetic::Mul) => quote!(a * b),
                    (Ty::Double, Arithmetic::Div) => quote!(a / b),
                    _ => return None,
                };
                (
                    quote!({
                        let a = #a;
                        let b = #b;
                        cost += 1;
                        #result
                    }),
                    ta,
                )
            }
            Straight::Not(a) => {
                let (a, Ty::Bool) = self.gen(a)? else {
                    return None;
                };
                (quote!({ let a = #a; cost += 1; !a }), Ty::Bool)
            }
            Straight::Negate(a) => match self.gen(a)? {
                (a, Ty::Int) => (quote!({ let a = #a; cost += 1; a.checked_neg()? }), Ty::Int),
                (a, Ty::Double) => (quote!({ let a = #a; cost += 1; -a }), Ty::Double),
                _ => return None,
            },
            Straight::And(a, b) | Straight::Or(a, b) => {
                let ((a, Ty::Bool), (b, Ty::Bool)) = (self.gen(a)?, self.gen(b)?) else {
                    return None;
                };
                let decisive = matches!(e, Straight::Or(..));
                (
                    quote!(if #a == #decisive { #decisive } else { #b }),
                    Ty::Bool,
                )
            }
            Straight::Conditional(c, t, f) => {
                let (c, Ty::Bool) = self.gen(c)? else {
                    return None;
                };
                let ((t, tt), (f, tf)) = (self.gen(t)?, self.gen(f)?);
                if tt != tf {
                    return None;
                }
                (quote!(if #c { #t } else { #f }), tt)
            }
        })
    }
}

/// How a set field's value `v` (a reference) is read as CEL reads it, for the scalar types
/// whose CEL value is their plain value.
fn scalar_read(f: &Field, property: &Schema) -> Option<(TokenStream, Ty)> {
    let Shape::Scalar(s) = f.shape.required() else {
        return None;
    };
    match (s.kind, s.rust.as_str()) {
        (ValueKind::Integer, _) => Some((
            quote!(<i64 as ::std::convert::TryFrom<_>>::try_from(*v).ok()?),
            Ty::Int,
        )),
        (ValueKind::Number, "f64") => Some((quote!(*v), Ty::Double)),
        (ValueKind::Bool, _) => Some((quote!(*v), Ty::Bool)),
        // Strings with a format CEL converts (bytes, dates, durations) are left to evaluation.
        (ValueKind::String, "String") if property.format.is_none() => {
            Some((quote!(v.as_str()), Ty::Str))
        }
        // An enum's tag (`unions.rs`): the name serde writes for the variant.
        (ValueKind::String, "&'static str") if property.format.is_none() => {
            Some((quote!(v), Ty::Str))
        }
        _ => None,
    }
}

/// The comparison of `a` and `b` of type `ty` as CEL compares them.
fn compare(op: Comparison, ty: Ty) -> Option<TokenStream> {
    Some(match (op, ty) {
        (Comparison::Eq, _) => quote!(a == b),
        (Comparison::Ne, _) => quote!(a != b),
        // A NaN has no order: evaluation reports it.
        (_, Ty::Double) => {
            let test = match op {
                Comparison::Lt => quote!(is_lt),
                Comparison::Le => quote!(is_le),
                Comparison::Gt => quote!(is_gt),
                _ => quote!(is_ge),
            };
            quote!(a.partial_cmp(&b)?.#test())
        }
        (Comparison::Lt, _) => quote!(a < b),
        (Comparison::Le, _) => quote!(a <= b),
        (Comparison::Gt, _) => quote!(a > b),
        (Comparison::Ge, _) => quote!(a >= b),
    })
}
