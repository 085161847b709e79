//! `+enum` string types: their values (the typed constants declared for them) and the
//! "Possible enum values" description suffix, emitted only when enums are switched on.

use super::comment_tags;
use super::types::{Kind, Types};
use crate::error::Result;
use crate::go::{struct_tag::go_quote, ConstValue, Package, TypeExpr};
use serde_json::Value;
use std::sync::Arc;

/// The values of one enum type.
pub struct EnumType {
    values: Vec<EnumValue>,
}

struct EnumValue {
    name: String,
    value: String,
    comment: String,
}

impl EnumType {
    /// The enum the type (or the type a pointer points to) is, if it is one: a string type
    /// carrying one of the `markers` (`enum`, `k8s:enum`). Constants are taken from the enum's
    /// own package and from `extra` packages.
    pub fn of(
        types: &Types<'_>,
        ty: &TypeExpr,
        extra: &[Arc<Package>],
        markers: &[&str],
    ) -> Result<Option<EnumType>> {
        let mut ty = types.unalias(ty)?;
        if let TypeExpr::Pointer(elem) = ty {
            ty = types.unalias(&elem)?;
        }
        let TypeExpr::Named { package, name } = &ty else {
            return Ok(None);
        };
        if super::types::is_std(package) || types.kind(&ty)? != Kind::Alias {
            return Ok(None);
        }
        if types.underlying(&ty)? != TypeExpr::Builtin("string".into()) {
            return Ok(None);
        }
        let comments = types.comments(&ty)?;
        if !markers.iter().any(|m| comment_tags::has(&comments, m)) {
            return Ok(None);
        }
        let home = types.declaring(package, name)?;
        let mut enum_type = EnumType { values: Vec::new() };
        let mut seen_packages = Vec::new();
        for pkg in std::iter::once(&home).chain(extra) {
            if seen_packages.contains(&pkg.path) {
                continue;
            }
            seen_packages.push(pkg.path.clone());
            for c in &pkg.consts {
                if c.ty.as_ref() != Some(&ty) {
                    continue;
                }
                let mut value = c.value.clone();
                for _ in 0..100 {
                    let ConstValue::Ref(next) = &value else { break };
                    value = pkg
                        .constant(next)
                        .map_or(ConstValue::Unknown, |n| n.value.clone());
                }
                if let ConstValue::String(value) = value {
                    enum_type.add(EnumValue {
                        name: c.name.clone(),
                        value,
                        comment: c.comments.join(" "),
                    });
                }
            }
        }
        Ok(Some(enum_type))
    }

    /// Deduplicates by value; the longer comment wins (openapi-gen's `addIfNotPresent`).
    fn add(&mut self, value: EnumValue) {
        if let Some(existing) = self.values.iter_mut().find(|v| v.value == value.value) {
            if existing.comment.len() < value.comment.len()
                || (existing.comment.len() == value.comment.len()
                    && existing.comment > value.comment)
            {
                *existing = value;
            }
            return;
        }
        self.values.push(value);
    }

    /// The `enum` keyword's values, ordered by their Go-quoted form.
    pub fn json_values(&self) -> Vec<Value> {
        let mut quoted: Vec<(String, &str)> = self
            .values
            .iter()
            .map(|v| (go_quote(&v.value), v.value.as_str()))
            .collect();
        quoted.sort();
        quoted
            .into_iter()
            .map(|(_, v)| Value::String(v.to_string()))
            .collect()
    }

    /// The lines appended to a property's comment: a blank line, the header, one sorted line per value.
    pub fn description_lines(&self) -> Vec<String> {
        if self.values.is_empty() {
            return Vec::new();
        }
        let mut lines: Vec<String> = self
            .values
            .iter()
            .map(|v| {
                let comment = v.comment.trim();
                let comment = comment
                    .strip_prefix(v.name.as_str())
                    .unwrap_or(comment)
                    .trim();
                let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
                format!(" - `{}` {}", go_quote(&v.value), comment)
            })
            .collect();
        lines.sort();
        let mut out = vec![String::new(), "Possible enum values:".to_string()];
        out.extend(lines);
        out
    }
}
