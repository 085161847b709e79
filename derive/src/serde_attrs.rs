//! The serde attributes that change what a type looks like on the wire: `rename`,
//! `rename_all`, `skip`, `skip_serializing_if`, `default`, `flatten`, `transparent`, and an
//! enum's tagging (`tag`, `content`, `untagged`). Others (`with`,
//! `deserialize_with`, ...) change how values are read, not their names or presence, and are
//! left to serde.

use syn::spanned::Spanned;
use syn::{Attribute, LitStr};

/// Container-level serde settings.
#[derive(Default)]
pub struct ContainerSerde {
    pub rename_all: Option<(String, proc_macro2::Span)>,
    /// `#[serde(transparent)]`: the one field's value is the struct's.
    pub transparent: bool,
    /// An enum's tagging: serde's default (external), or as `tag`, `content`, `untagged` say.
    pub tagging: Tagging,
    /// `rename_all_fields`: the rule for the fields of an enum's struct variants.
    pub rename_all_fields: Option<String>,
}

/// How serde writes an enum's variant.
#[derive(Default, Clone)]
pub enum Tagging {
    /// `{"Variant": value}`, or a unit variant as the string `"Variant"`.
    #[default]
    External,
    /// `#[serde(tag = "kind")]`: `{"kind": "Variant", ...the variant's fields}`.
    Internal {
        tag: String,
        span: proc_macro2::Span,
    },
    /// `#[serde(tag = "kind", content = "value")]`: `{"kind": "Variant", "value": value}`.
    Adjacent {
        tag: String,
        content: String,
        span: proc_macro2::Span,
    },
    /// `#[serde(untagged)]`: the variant's value alone.
    Untagged { span: proc_macro2::Span },
}

/// Field-level serde settings.
#[derive(Default)]
pub struct FieldSerde {
    pub rename: Option<String>,
    pub skip: bool,
    /// The predicate of `skip_serializing_if`.
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub default: bool,
    pub flatten: bool,
}

pub fn container(attrs: &[Attribute]) -> syn::Result<ContainerSerde> {
    let mut out = ContainerSerde::default();
    let (mut tag, mut content, mut untagged) = (None, None, None);
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                if meta.input.peek(syn::Token![=]) {
                    let lit: LitStr = meta.value()?.parse()?;
                    if rename_rule(&lit.value(), "x").is_none() {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!("unknown rename_all rule {:?}", lit.value()),
                        ));
                    }
                    out.rename_all = Some((lit.value(), lit.span()));
                } else {
                    meta.parse_nested_meta(|inner| {
                        let lit: LitStr = inner.value()?.parse()?;
                        if inner.path.is_ident("serialize") {
                            out.rename_all = Some((lit.value(), lit.span()));
                        }
                        Ok(())
                    })?;
                }
            } else if meta.path.is_ident("transparent") {
                out.transparent = true;
            } else if meta.path.is_ident("tag") {
                let lit: LitStr = meta.value()?.parse()?;
                let span = meta.path.span();
                tag = Some((lit.value(), span));
            } else if meta.path.is_ident("content") {
                let lit: LitStr = meta.value()?.parse()?;
                content = Some((lit.value(), meta.path.span()));
            } else if meta.path.is_ident("untagged") {
                untagged = Some(meta.path.span());
            } else if meta.path.is_ident("rename_all_fields") {
                let lit: LitStr = meta.value()?.parse()?;
                if rename_rule(&lit.value(), "x").is_none() {
                    return Err(syn::Error::new(
                        lit.span(),
                        format!("unknown rename_all_fields rule {:?}", lit.value()),
                    ));
                }
                out.rename_all_fields = Some(lit.value());
            } else {
                skip_value(&meta)?;
            }
            Ok(())
        })?;
    }
    out.tagging = match (tag, content, untagged) {
        (_, _, Some(span)) => Tagging::Untagged { span },
        (Some((tag, _)), Some((content, span)), None) => Tagging::Adjacent { tag, content, span },
        // serde refuses `content` without `tag`.
        (None, Some((_, span)), None) => {
            return Err(syn::Error::new(span, "`content` needs a `tag`"))
        }
        (Some((tag, span)), None, None) => Tagging::Internal { tag, span },
        (None, None, None) => Tagging::External,
    };
    Ok(out)
}

pub fn field(attrs: &[Attribute]) -> syn::Result<FieldSerde> {
    let mut out = FieldSerde::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let path = &meta.path;
            if path.is_ident("rename") {
                if meta.input.peek(syn::Token![=]) {
                    let lit: LitStr = meta.value()?.parse()?;
                    out.rename = Some(lit.value());
                } else {
                    meta.parse_nested_meta(|inner| {
                        let lit: LitStr = inner.value()?.parse()?;
                        if inner.path.is_ident("serialize") {
                            out.rename = Some(lit.value());
                        }
                        Ok(())
                    })?;
                }
            } else if path.is_ident("skip") || path.is_ident("skip_serializing") {
                out.skip = true;
            } else if path.is_ident("skip_serializing_if") {
                let lit: LitStr = meta.value()?.parse()?;
                out.skip_serializing_if = Some(lit.parse()?);
            } else if path.is_ident("default") {
                out.default = true;
                skip_value(&meta)?;
            } else if path.is_ident("flatten") {
                out.flatten = true;
            } else {
                skip_value(&meta)?;
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// Consumes `= value` or `(...)` of an attribute kubeidl does not read.
fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        let _: proc_macro2::TokenStream = content.parse()?;
    }
    Ok(())
}

/// A field name under a `rename_all` rule, as serde spells it (`None` for an unknown rule).
pub fn rename_rule(rule: &str, field: &str) -> Option<String> {
    let words: Vec<&str> = field.split('_').filter(|w| !w.is_empty()).collect();
    let capitalized = |w: &str| {
        let mut c = w.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect::<String>())
            .unwrap_or_default()
    };
    Some(match rule {
        "lowercase" => field.to_lowercase(),
        "UPPERCASE" => field.to_uppercase(),
        "PascalCase" => words.iter().map(|w| capitalized(w)).collect(),
        "camelCase" => {
            let pascal: String = words.iter().map(|w| capitalized(w)).collect();
            let mut c = pascal.chars();
            c.next()
                .map(|f| f.to_lowercase().chain(c).collect())
                .unwrap_or_default()
        }
        "snake_case" => field.to_string(),
        "SCREAMING_SNAKE_CASE" => field.to_uppercase(),
        "kebab-case" => field.replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => field.replace('_', "-").to_uppercase(),
        _ => return None,
    })
}

/// A unit variant's name under a `rename_all` rule, as serde spells it (`None` for an unknown
/// rule).
pub fn rename_variant(rule: &str, variant: &str) -> Option<String> {
    let snake = || {
        let mut out = String::new();
        for (i, c) in variant.char_indices() {
            if i > 0 && c.is_uppercase() {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    Some(match rule {
        "lowercase" => variant.to_ascii_lowercase(),
        "UPPERCASE" => variant.to_ascii_uppercase(),
        "PascalCase" => variant.to_string(),
        "camelCase" => {
            let mut c = variant.chars();
            c.next()
                .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
                .unwrap_or_default()
        }
        "snake_case" => snake(),
        "SCREAMING_SNAKE_CASE" => snake().to_ascii_uppercase(),
        "kebab-case" => snake().replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => snake().to_ascii_uppercase().replace('_', "-"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{rename_rule, rename_variant};

    #[test]
    fn variant_rename_rules_spell_as_serde() {
        let spelled = |rule| rename_variant(rule, "NodePort").unwrap();
        assert_eq!(spelled("lowercase"), "nodeport");
        assert_eq!(spelled("UPPERCASE"), "NODEPORT");
        assert_eq!(spelled("PascalCase"), "NodePort");
        assert_eq!(spelled("camelCase"), "nodePort");
        assert_eq!(spelled("snake_case"), "node_port");
        assert_eq!(spelled("SCREAMING_SNAKE_CASE"), "NODE_PORT");
        assert_eq!(spelled("kebab-case"), "node-port");
        assert_eq!(spelled("SCREAMING-KEBAB-CASE"), "NODE-PORT");
        assert!(rename_variant("Title", "A").is_none());
    }

    #[test]
    fn rename_rules_spell_as_serde() {
        assert_eq!(rename_rule("camelCase", "max_surge").unwrap(), "maxSurge");
        assert_eq!(rename_rule("PascalCase", "max_surge").unwrap(), "MaxSurge");
        assert_eq!(rename_rule("kebab-case", "max_surge").unwrap(), "max-surge");
        assert_eq!(
            rename_rule("SCREAMING_SNAKE_CASE", "max_surge").unwrap(),
            "MAX_SURGE"
        );
        assert_eq!(rename_rule("camelCase", "replicas").unwrap(), "replicas");
        assert!(rename_rule("Title", "x").is_none());
    }
}
