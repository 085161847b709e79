//! The kind a spec type declares: `#[kubeidl(kind = "Widget", group = "example.com", version =
//! "v1", ...)]` with the resource's names, scope, status type, printer columns and so on, or the
//! Go spelling of the same markers in the spec's doc comment (`+kubebuilder:resource:...`,
//! `+kubebuilder:printcolumn:...`). Both are read by `kubeidl::crd::markers`, the generator's
//! reader; its errors are compile errors at the attribute argument or doc line they concern.

use crate::docs::Docs;
use kubeidl::crd::markers::{self, KindMarkers};
use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::{Lit, LitStr};

/// What `#[kubeidl(kind = ...)]` and the doc comment's CRD markers say.
pub struct KindAttr {
    pub kind: syn::Ident,
    pub group: String,
    pub version: String,
    /// The status type, if the resource has one (it then has the status subresource).
    pub status: Option<syn::Type>,
    pub markers: KindMarkers,
}

/// The attribute's arguments as read, before they are checked together.
#[derive(Default)]
pub struct KindArgs {
    kind: Option<LitStr>,
    group: Option<String>,
    version: Option<String>,
    status: Option<LitStr>,
    /// The `+kubebuilder:resource` arguments (`path`, `singular`, `shortName`, `categories`,
    /// `scope`), each with its span.
    resource: Vec<(&'static str, String, Span)>,
    /// Other markers as `(marker, arguments)`, each argument with its span.
    markers: Vec<(&'static str, MarkerArgs, Span)>,
    /// The span of the first kind argument, for errors about the whole.
    span: Option<Span>,
}

/// A marker's arguments in the attribute: name, value and the name's span.
type MarkerArgs = Vec<(String, String, Span)>;

/// The attribute keys that name a marker (`printcolumn(name = "Age", ...)`), and its name.
const MARKER_KEYS: &[(&str, &str)] = &[
    ("printcolumn", "kubebuilder:printcolumn"),
    ("selectablefield", "kubebuilder:selectablefield"),
    ("scale", "kubebuilder:subresource:scale"),
    ("storageversion", "kubebuilder:storageversion"),
    ("unservedversion", "kubebuilder:unservedversion"),
    ("skipversion", "kubebuilder:skipversion"),
    ("deprecatedversion", "kubebuilder:deprecatedversion"),
    ("metadata", "kubebuilder:metadata"),
];

/// The attribute keys of `+kubebuilder:resource`'s arguments, and the argument.
const RESOURCE_KEYS: &[(&str, &str)] = &[
    ("plural", "path"),
    ("singular", "singular"),
    ("shortNames", "shortName"),
    ("categories", "categories"),
    ("scope", "scope"),
];

/// What the attribute takes besides `package`, for the error on an unknown key.
pub const EXPECTED: &str = "expected `package = \"<Go import path>\"`, or a kind: `kind`, `group`, `version`, `status`, `plural`, `singular`, `shortNames`, `categories`, `scope`, `printcolumn(...)`, `selectablefield(...)`, `scale(...)`, `storageversion`, `unservedversion`, `skipversion`, `deprecatedversion`, `metadata(...)`";

impl KindArgs {
    /// Reads one argument of `#[kubeidl(...)]`; `Ok(false)` when it is not a kind's.
    pub fn read(&mut self, meta: &ParseNestedMeta<'_>) -> syn::Result<bool> {
        let Some(key) = meta.path.get_ident().map(|i| i.to_string()) else {
            return Ok(false);
        };
        let span = meta
            .path
            .get_ident()
            .map_or(Span::call_site(), |i| i.span());
        self.span.get_or_insert(span);
        match key.as_str() {
            "kind" => self.kind = Some(meta.value()?.parse()?),
            "status" => self.status = Some(meta.value()?.parse()?),
            "group" => self.group = Some(meta.value()?.parse::<LitStr>()?.value()),
            "version" => self.version = Some(meta.value()?.parse::<LitStr>()?.value()),
            _ => {
                if let Some((_, arg)) = RESOURCE_KEYS.iter().find(|(k, _)| *k == key) {
                    let value = list_or_string(meta)?;
                    self.resource.push((arg, value, span));
                } else if let Some((_, marker)) = MARKER_KEYS.iter().find(|(k, _)| *k == key) {
                    let mut args = Vec::new();
                    if meta.input.peek(syn::token::Paren) {
                        meta.parse_nested_meta(|inner| {
                            let name = inner
                                .path
                                .get_ident()
                                .map(|i| (i.to_string(), i.span()))
                                .ok_or_else(|| inner.error("expected `name = \"value\"`"))?;
                            let value = list_or_string(&inner)?;
                            args.push((name.0, value, name.1));
                            Ok(())
                        })?;
                    }
                    self.markers.push((marker, args, span));
                } else {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The kind, when the attribute or the doc comment declares one; the doc comment's markers
    /// are read first, the attribute's after them (so they win).
    pub fn finish(self, docs: &Docs) -> syn::Result<Option<KindAttr>> {
        let mut errors: Option<syn::Error> = None;
        let mut markers = KindMarkers::default();
        let mut marked_at = None;
        for (line, span) in docs.lines.iter().zip(&docs.spans) {
            let before = markers.clone();
            if let Err(problems) = markers::read_line(line, &mut markers) {
                for p in problems {
                    crate::combine(&mut errors, syn::Error::new(*span, p.message));
                }
            }
            if markers != before {
                marked_at.get_or_insert(*span);
            }
        }
        // Markers on a type that is no kind's spec are another tool's business, unless they
        // are CRD markers, which would be lost.
        let Some(span) = self.span else {
            return match marked_at {
                Some(span) => Err(syn::Error::new(
                    span,
                    "a CRD marker on a type that declares no kind: add #[kubeidl(kind = \"...\", group = \"...\", version = \"...\")]",
                )),
                None => Ok(None),
            };
        };
        if !self.resource.is_empty() {
            let args = markers::arguments(self.resource.iter().map(|(k, v, _)| (*k, v.as_str())));
            let mut given = KindMarkers::default();
            for p in markers::apply(&mut given, "kubebuilder:resource", &args, 0) {
                let at = p
                    .key
                    .as_deref()
                    .and_then(|k| self.resource.iter().find(|(arg, _, _)| *arg == k))
                    .map_or(span, |(_, _, s)| *s);
                crate::combine(&mut errors, syn::Error::new(at, p.message));
            }
            // What the attribute leaves out, the doc comment may still say.
            markers.plural = given.plural.or(markers.plural.take());
            markers.singular = given.singular.or(markers.singular.take());
            markers.scope = given.scope.or(markers.scope.take());
            if !given.short_names.is_empty() {
                markers.short_names = given.short_names;
            }
            if !given.categories.is_empty() {
                markers.categories = given.categories;
            }
        }
        for (marker, args, at) in &self.markers {
            let list = markers::arguments(args.iter().map(|(k, v, _)| (k.as_str(), v.as_str())));
            for p in markers::apply(&mut markers, marker, &list, 0) {
                let at = p
                    .key
                    .as_deref()
                    .and_then(|k| args.iter().find(|(name, _, _)| name == k))
                    .map_or(*at, |(_, _, s)| *s);
                crate::combine(&mut errors, syn::Error::new(at, p.message));
            }
        }
        let missing = |what: &str| {
            syn::Error::new(
                span,
                format!("a kind needs `{what} = \"...\"` in #[kubeidl(...)]"),
            )
        };
        let kind = match &self.kind {
            Some(k) => syn::parse_str::<syn::Ident>(&k.value())
                .map_err(|_| {
                    syn::Error::new(k.span(), "kind must be a type name, such as \"Widget\"")
                })
                .map(|i| syn::Ident::new(&i.to_string(), k.span())),
            None => Err(missing("kind")),
        };
        let group = self.group.ok_or_else(|| missing("group"));
        let version = self.version.ok_or_else(|| missing("version"));
        let status = self
            .status
            .map(|s| s.parse::<syn::Type>())
            .transpose()
            .map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "status must name a type, such as \"WidgetStatus\"",
                )
            });
        let (kind, group, version, status) = match (kind, group, version, status) {
            (Ok(k), Ok(g), Ok(v), Ok(s)) if errors.is_none() => (k, g, v, s),
            (k, g, v, s) => {
                let found = [k.err(), g.err(), v.err(), s.err()];
                for e in found.into_iter().flatten() {
                    crate::combine(&mut errors, e);
                }
                return Err(errors.expect("an error was found"));
            }
        };
        if status.is_some() {
            markers
                .subresources
                .insert("status".into(), serde_json::json!({}));
        }
        Ok(Some(KindAttr {
            kind,
            group,
            version,
            status,
            markers,
        }))
    }
}

/// A value written as a string (`"wd"`, `"wd;wdg"`) or a list of strings (`["wd", "wdg"]`,
/// joined with `;` as the marker writes lists).
fn list_or_string(meta: &ParseNestedMeta<'_>) -> syn::Result<String> {
    let input = meta.value()?;
    if input.peek(syn::token::Bracket) {
        let content;
        syn::bracketed!(content in input);
        let items = content.parse_terminated(|p| p.parse::<LitStr>(), syn::Token![,])?;
        return Ok(items
            .iter()
            .map(LitStr::value)
            .collect::<Vec<_>>()
            .join(";"));
    }
    match input.parse::<Lit>()? {
        Lit::Str(s) => Ok(s.value()),
        Lit::Int(i) => Ok(i.base10_digits().to_string()),
        other => Err(syn::Error::new_spanned(other, "expected a string")),
    }
}
