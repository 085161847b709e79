//! `+enum` string types: their values (the typed constants declared for them) and the
//! "Possible enum values" description suffix (written by `kubeidl::comments::enums`), emitted
//! only when enums are switched on.

use super::comment_tags;
use super::types::{Kind, Types};
use crate::error::Result;
use crate::go::{ConstValue, Package, TypeExpr};
use kubeidl::comments::enums::{EnumValue, EnumValues};
use serde_json::Value;
use std::sync::Arc;

/// The values of one enum type.
pub struct EnumType {
    values: EnumValues,
    /// The marker line that makes the type an enum (its comment index and the `+`'s byte offset),
    /// and the declaration, for provenance.
    pub marker: Option<(usize, usize)>,
    pub decl: crate::go::TypeDecl,
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
        let decl = home.types[name.as_str()].clone();
        let marker = decl
            .comments
            .lines
            .iter()
            .enumerate()
            .find_map(|(i, line)| {
                markers
                    .iter()
                    .any(|m| comment_tags::has(std::slice::from_ref(line), m))
                    .then(|| (i, line.find('+').unwrap_or(0)))
            });
        let mut enum_type = EnumType {
            values: EnumValues::default(),
            marker,
            decl,
        };
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
                // Follow references, into other packages too (`AddressType(v1.IPv4Protocol)`).
                let mut value = c.value.clone();
                let mut at: Arc<Package> = pkg.clone();
                for _ in 0..100 {
                    let next = match &value {
                        ConstValue::Ref(next) => at.constant(next).map(|n| n.value.clone()),
                        ConstValue::External { package, name } => {
                            match types.loader.package(package) {
                                Ok(other) => {
                                    let found = other.constant(name).map(|n| n.value.clone());
                                    at = other;
                                    found
                                }
                                Err(_) => None,
                            }
                        }
                        _ => break,
                    };
                    value = next.unwrap_or(ConstValue::Unknown);
                }
                if let ConstValue::String(value) = value {
                    enum_type.values.add(EnumValue {
                        name: c.name.clone(),
                        value,
                        comment: c.comments.join(" "),
                    });
                }
            }
        }
        Ok(Some(enum_type))
    }

    /// The `enum` keyword's values.
    pub fn json_values(&self) -> Vec<Value> {
        self.values.json_values()
    }

    /// The lines appended to a property's comment.
    pub fn description_lines(&self) -> Vec<String> {
        self.values.description_lines()
    }
}
