//! Doc comments as the Go generator reads `//` comments: one line per doc line, the one space
//! after `///` dropped, blank lines at either end dropped, each line remembering its span so a
//! bad tag is reported at its doc line.

use proc_macro2::Span;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The doc lines of an item.
#[derive(Default)]
pub struct Docs {
    pub lines: Vec<String>,
    /// Parallel to `lines`.
    pub spans: Vec<Span>,
}

impl Docs {
    pub fn read(attrs: &[Attribute]) -> Docs {
        let mut raw: Vec<(String, Span)> = Vec::new();
        for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
            let Meta::NameValue(nv) = &attr.meta else {
                continue;
            };
            let Expr::Lit(ExprLit {
                lit: Lit::Str(text),
                ..
            }) = &nv.value
            else {
                continue;
            };
            for line in text.value().split('\n') {
                let line = line.strip_prefix(' ').unwrap_or(line);
                raw.push((line.trim_end().to_string(), text.span()));
            }
        }
        let (lines, spans) = kubeidl::comments::text_lines(raw, Span::call_site);
        Docs { lines, spans }
    }

    /// The span of the first line holding `+name` (or `+name=`), for errors about that tag.
    pub fn span_of(&self, name: &str) -> Option<Span> {
        self.lines.iter().zip(&self.spans).find_map(|(line, span)| {
            let body = line.trim().strip_prefix('+')?;
            let key = body.split_once('=').map_or(body, |(k, _)| k);
            (key == name).then_some(*span)
        })
    }
}
