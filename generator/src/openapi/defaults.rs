//! `default` values: an explicit `+default=<JSON>` or `+default=ref(Const)` found on the member or
//! along its type's declarations, and the zero value openapi-gen enforces for non-pointer members.

use super::comment_tags;
use super::types::{Kind, Types};
use crate::error::{Error, Result};
use crate::go::{ConstValue, TypeExpr};
use kubeidl::comments::defaults::{json_equal, normalize_numbers};
use serde_json::{Map, Number, Value};

/// The default of a member (or slice item, or map value) of type `ty` whose own comment lines are
/// `comments`, written in package `comment_package`; `enforce` adds the zero value openapi-gen
/// enforces when no tag gives one. Without `resolve_refs`, a `+default=ref(Const)` is left out, as
/// controller-gen leaves it.
pub fn default_value(
    types: &Types<'_>,
    comments: &[String],
    ty: &TypeExpr,
    omit_empty: bool,
    enforce: bool,
    comment_package: &str,
    resolve_refs: bool,
) -> Result<Option<Value>> {
    let explicit = explicit_default(types, comments, ty, comment_package)?
        .filter(|e| resolve_refs || !matches!(e, Explicit::Ref(_)));
    let enforced = if enforce {
        enforced_default(types, ty, omit_empty)?
    } else {
        None
    };
    match (explicit, enforced) {
        (Some(Explicit::Json(value)), Some(enforced)) => {
            if json_equal(&value, &enforced) {
                Ok(Some(value))
            } else {
                Err(Error::new(format!(
                    "invalid +default={} for a non-pointer, non-omitempty field: if specified, it must be {}",
                    value, enforced
                )))
            }
        }
        // openapi-gen emits the enforced value when a ref(...) default meets an enforced one.
        (Some(Explicit::Ref(_)), Some(enforced)) | (None, Some(enforced)) => Ok(Some(enforced)),
        (Some(Explicit::Json(value)), None) | (Some(Explicit::Ref(value)), None) => Ok(Some(value)),
        (None, None) => Ok(None),
    }
}

enum Explicit {
    Json(Value),
    Ref(Value),
}

fn explicit_default(
    types: &Types<'_>,
    member_comments: &[String],
    ty: &TypeExpr,
    member_package: &str,
) -> Result<Option<Explicit>> {
    let mut comments = member_comments.to_vec();
    let mut package = member_package.to_string();
    let mut next = Some(ty.clone());
    let tag = loop {
        let tag = comment_tags::single(&comments, "default").map_err(Error::new)?;
        if let Some(tag) = tag.filter(|t| !t.is_empty()) {
            break tag.to_string();
        }
        let Some(t) = next.take() else {
            return Ok(None);
        };
        comments = types.comments(&t)?;
        package = types.package_of(&t)?;
        next = match types.kind(&t)? {
            Kind::Pointer => Some(types.elem(&t)?),
            Kind::Alias => Some(types.underlying(&t)?),
            _ => None,
        };
    };
    if let Some(reference) = tag.strip_prefix("ref(").and_then(|r| r.strip_suffix(')')) {
        if !reference.is_empty() && !reference.contains('"') {
            return resolve_ref(types, reference, &package).map(|v| Some(Explicit::Ref(v)));
        }
    }
    let value: Value = serde_json::from_str(&tag)
        .map_err(|e| Error::new(format!("failed to unmarshal +default={tag}: {e}")))?;
    Ok(Some(Explicit::Json(normalize_numbers(value))))
}

/// The value of the constant a `ref(...)` default names: `Name` in `package`, or `path/to/pkg.Name`.
fn resolve_ref(types: &Types<'_>, reference: &str, package: &str) -> Result<Value> {
    let (pkg_path, name) = match reference.rsplit_once('.') {
        Some((p, n)) => (p.to_string(), n.to_string()),
        None => (package.to_string(), reference.to_string()),
    };
    let pkg = types.loader.package(&pkg_path)?;
    let mut current = name.clone();
    for _ in 0..100 {
        let c = pkg.constant(&current).ok_or_else(|| {
            Error::new(format!(
                "+default=ref({reference}): no constant {current} in package {pkg_path}"
            ))
        })?;
        match &c.value {
            ConstValue::String(s) => return Ok(Value::String(s.clone())),
            ConstValue::Int(i) => return Ok(Value::from(*i)),
            ConstValue::Float(f) => return Ok(normalize_numbers(Number::from_f64(*f).map_or(Value::Null, Value::Number))),
            ConstValue::Bool(b) => return Ok(Value::Bool(*b)),
            ConstValue::Ref(next) => current = next.clone(),
            ConstValue::External { package, name } => {
                return resolve_ref(types, &format!("{package}.{name}"), package)
            }
            ConstValue::Unknown => {
                return Err(Error::at(
                    &c.pos,
                    format!("+default=ref({reference}): the value of {current} is not a literal kubeidl can read"),
                ))
            }
        }
    }
    Err(Error::new(format!(
        "+default=ref({reference}): constant cycle"
    )))
}

/// openapi-gen's `mustEnforceDefault`.
fn enforced_default(types: &Types<'_>, ty: &TypeExpr, omit_empty: bool) -> Result<Option<Value>> {
    if types.has_custom_unmarshal(ty)? {
        return Ok(None);
    }
    match types.kind(ty)? {
        Kind::Alias => enforced_default(types, &types.underlying(ty)?, omit_empty),
        Kind::Pointer | Kind::Map | Kind::Slice | Kind::Array | Kind::Interface => Ok(None),
        Kind::Struct => {
            let members = types.members(ty)?;
            if members.len() == 1 && members[0].embedded {
                return enforced_default(types, &members[0].ty, omit_empty);
            }
            Ok(Some(Value::Object(Map::new())))
        }
        Kind::Builtin if omit_empty => Ok(None),
        Kind::Builtin => {
            let name = types.type_string(&types.unalias(ty)?);
            zero_value(&name)
                .map(Some)
                .ok_or_else(|| Error::new(format!("type {name} has no OpenAPI equivalent")))
        }
        Kind::Unsupported => Err(Error::new(format!(
            "type {} has no OpenAPI equivalent",
            ty.go_string()
        ))),
    }
}

fn zero_value(builtin: &str) -> Option<Value> {
    match builtin {
        "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "int" | "int8" | "int16" | "int32"
        | "int64" | "byte" | "float64" | "float32" => Some(Value::from(0)),
        "bool" => Some(Value::Bool(false)),
        "string" => Some(Value::String(String::new())),
        _ => None,
    }
}
