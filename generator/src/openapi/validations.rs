//! Validation tags of the Go model: each declaration's comment lines read into tags with their
//! file:line:col, the place they stand on described from the Go types (its kind, whether nil
//! means unset, the members of its struct), and the tags a type passes to the places that use it
//! along its alias chain. The meaning of each tag is kubeidl's `tags::lower`.

use super::definitions::simple_type;
use super::extensions::{is_inline, is_optional, json_name};
use super::types::{is_std, Kind, Types};
use crate::error::{Error, Result, SourcePos};
use crate::go::{Doc, Field, TypeExpr};
use kubeidl::tags::lower::{At, Counts, Member, ValueKind};
use kubeidl::tags::read::read_line;
use std::path::PathBuf;
use std::sync::Arc;

/// The tags of a comment, the lines that are not tags into `errors`; unknown tags go to
/// `unknown` instead when it is given, as controller-gen ignores markers it does not know.
pub fn read_tags(
    doc: &Doc,
    file: &Arc<PathBuf>,
    errors: &mut Vec<Error>,
    mut unknown: Option<&mut Vec<Error>>,
) -> Vec<At<SourcePos>> {
    let mut tags = Vec::new();
    for (index, line) in doc.lines.iter().enumerate() {
        let pos = |offset: usize| doc.source_pos(file, index, offset);
        match read_line(line) {
            Ok(Some(tag)) => {
                let at = pos(tag.offset);
                tags.push(At { tag, pos: at });
            }
            Ok(None) => {}
            Err(e) if unknown.is_some() && e.controller_gen_spelling.is_some() => {
                // `+listType:=set` under controller-gen compatibility: read as `+listType=set`.
                let plain = e.controller_gen_spelling.unwrap_or_default();
                let indent = line.len() - line.trim_start().len();
                match read_line(&plain) {
                    Ok(Some(tag)) => tags.push(At {
                        tag,
                        pos: pos(indent),
                    }),
                    Ok(None) => {}
                    Err(e) => errors.push(Error::at(&pos(indent + e.offset), &e.message)),
                }
            }
            Err(e) => {
                let error = Error::at(&pos(e.offset), &e.message);
                match unknown.as_deref_mut() {
                    Some(warnings) if e.unknown_tag => warnings.push(error),
                    _ => errors.push(error),
                }
            }
        }
    }
    tags
}

/// What the generator learned of validation tags over a whole run.
#[derive(Debug, Default)]
pub struct Tally {
    pub counts: Counts,
    /// Where each lowered tag stands.
    pub lowered_at: Vec<SourcePos>,
    pub errors: Vec<Error>,
    pub warnings: Vec<String>,
    /// Where the tag lists already counted start.
    counted: std::collections::HashSet<SourcePos>,
}

impl Tally {
    /// Whether the tags starting at `pos` are met for the first time.
    pub fn first_time(&mut self, pos: SourcePos) -> bool {
        self.counted.insert(pos)
    }

    /// Adds errors not reported yet.
    /// Adds a warning unless it was given already (a type's tags are read at each use, an inlined
    /// struct's fields for each struct that inlines it).
    pub fn warn_once(&mut self, warning: String) {
        if !self.warnings.contains(&warning) {
            self.warnings.push(warning);
        }
    }

    pub fn push_errors(&mut self, errors: Vec<Error>) {
        for e in errors {
            if !self.errors.contains(&e) {
                self.errors.push(e);
            }
        }
    }
}

/// The kind of value a Go type holds, as tags see it: the OpenAPI type openapi-gen gives it.
pub fn value_kind(types: &Types<'_>, ty: &TypeExpr) -> Result<ValueKind> {
    let resolved = types.resolve_alias_and_ptr(ty)?;
    if let Some((openapi_type, _)) = simple_type(&types.type_string(&resolved)) {
        return Ok(match openapi_type {
            "string" => ValueKind::String,
            "integer" => ValueKind::Integer,
            "number" => ValueKind::Number,
            "boolean" => ValueKind::Bool,
            _ => ValueKind::Other,
        });
    }
    if let Some(own) = types.own_json_type(&resolved)? {
        return Ok(match own.as_str() {
            "string" => ValueKind::String,
            "integer" => ValueKind::Integer,
            "number" => ValueKind::Number,
            "boolean" => ValueKind::Bool,
            "array" => ValueKind::List,
            _ => ValueKind::Other,
        });
    }
    Ok(match types.kind(&resolved)? {
        Kind::Slice | Kind::Array => ValueKind::List,
        Kind::Map => ValueKind::Map,
        Kind::Struct if has_schema_methods(types, &resolved)? => ValueKind::Other,
        Kind::Struct => ValueKind::Struct,
        _ => ValueKind::Other,
    })
}

/// Types that say their own schema (Quantity, IntOrString, Time..., and types that marshal
/// themselves) are not structs to tags.
fn has_schema_methods(types: &Types<'_>, ty: &TypeExpr) -> Result<bool> {
    Ok(types
        .methods(ty)?
        .iter()
        .any(|m| m.name == "OpenAPISchemaType" || m.name == "OpenAPIDefinition")
        || types.own_json_type(ty)?.is_some())
}

/// The members of the struct a type holds (through pointers, lists and maps to their elements),
/// inline members spliced in; empty for anything else.
pub fn members(types: &Types<'_>, ty: &TypeExpr) -> Result<Vec<Member>> {
    let mut current = types.resolve_alias_and_ptr(ty)?;
    for _ in 0..8 {
        match types.kind(&current)? {
            Kind::Slice | Kind::Array => {
                current = types.resolve_alias_and_ptr(&types.elem(&current)?)?
            }
            Kind::Map => {
                let TypeExpr::Map(_, value) = types.underlying(&current)? else {
                    return Ok(Vec::new());
                };
                current = types.resolve_alias_and_ptr(&value)?;
            }
            Kind::Struct if !has_schema_methods(types, &current)? => {
                let mut out = Vec::new();
                struct_members(types, &current, &mut out, 0)?;
                return Ok(out);
            }
            _ => return Ok(Vec::new()),
        }
    }
    Ok(Vec::new())
}

fn struct_members(
    types: &Types<'_>,
    ty: &TypeExpr,
    out: &mut Vec<Member>,
    depth: usize,
) -> Result<()> {
    if depth > 8 {
        return Ok(());
    }
    for f in types.members(ty)?.iter() {
        if is_inline(f) {
            let inner = types.resolve_alias_and_ptr(&f.ty)?;
            struct_members(types, &inner, out, depth + 1)?;
            continue;
        }
        if let Some(json) = json_name(f) {
            out.push(Member {
                json,
                name: f.name.clone(),
                kind: value_kind(types, &f.ty)?,
                optional: is_optional(f).unwrap_or(false),
            });
        }
    }
    Ok(())
}

/// The kind of the items of a list or the values of a map.
pub fn elem_kind(types: &Types<'_>, ty: &TypeExpr) -> Result<Option<ValueKind>> {
    let resolved = types.resolve_alias_and_ptr(ty)?;
    Ok(match types.kind(&resolved)? {
        Kind::Slice | Kind::Array if types.type_string(&resolved) != "[]byte" => {
            Some(value_kind(types, &types.elem(&resolved)?)?)
        }
        Kind::Map => match types.underlying(&resolved)? {
            TypeExpr::Map(_, value) => Some(value_kind(types, &value)?),
            _ => None,
        },
        _ => None,
    })
}

/// The doc comment of a type's declaration (kubebuilder markers above it included), its file,
/// and the type's name and position.
#[derive(Debug, Clone)]
pub struct TypeDoc {
    pub doc: Doc,
    pub file: Arc<PathBuf>,
    pub name: String,
    pub pos: SourcePos,
}

/// The declarations whose comments a use of `ty` carries: each alias along the chain (`type A =
/// B`), then the defined type it ends in, unless that type has a definition of its own (a
/// struct), whose tags stand on the definition instead. With `through_defined`, a defined
/// non-struct type over another named type (`type HTTPHeaderName HeaderName`) carries that
/// type's comments too, as controller-gen's schema of such a type refers to the other one.
pub fn type_docs(types: &Types<'_>, ty: &TypeExpr, through_defined: bool) -> Result<Vec<TypeDoc>> {
    let mut docs = Vec::new();
    let mut current = ty.clone();
    while let TypeExpr::Pointer(elem) = current {
        current = *elem;
    }
    for _ in 0..100 {
        let TypeExpr::Named { package, name } = &current else {
            return Ok(docs);
        };
        if is_std(package) {
            return Ok(docs);
        }
        let pkg = types.declaring(package, name)?;
        let decl = &pkg.types[name.as_str()];
        let doc = TypeDoc {
            doc: decl.comments.with_kubebuilder_markers(&decl.above),
            file: decl.pos.file.clone(),
            name: decl.name.clone(),
            pos: decl.pos.clone(),
        };
        if decl.alias {
            docs.push(doc);
            current = decl.ty.clone();
            continue;
        }
        if types.kind(&current)? != Kind::Struct {
            docs.push(doc);
            if through_defined {
                if let TypeExpr::Named { package, .. } = &decl.ty {
                    if !is_std(package) {
                        current = decl.ty.clone();
                        continue;
                    }
                }
            }
        }
        return Ok(docs);
    }
    Err(Error::new(format!("{}: alias cycle", ty.go_string())))
}

/// Whether a field (whose values are of `kind`) has a zero value that means "unset": a
/// non-pointer string, number, bool, slice or map (KEP-4153's `x-kubernetes-strip-zero`;
/// pointers are optional by nil and structs, `time.Time` included, default to `{}`).
pub fn strips_zero(types: &Types<'_>, field: &Field, kind: ValueKind) -> Result<bool> {
    let ty = types.unalias(&field.ty)?;
    if matches!(ty, TypeExpr::Pointer(_)) {
        return Ok(false);
    }
    Ok(kind.strips_zero()
        && !matches!(
            types
                .type_string(&types.resolve_alias_and_ptr(&ty)?)
                .as_str(),
            "time.Time"
        ))
}
