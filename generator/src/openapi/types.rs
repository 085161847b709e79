//! The type view openapi-gen works on (gengo's `types.Type`), computed from the Go front end's
//! declarations: kinds, underlying types, the type string used for simple schemas, members,
//! methods and doc comments.
//!
//! gengo's kinds differ from Go's in one way that matters: a defined type whose underlying type is
//! a basic type, a map or a slice (`type Protocol string`, `type ResourceList map[...]...`) has the
//! kind `Alias`, and its underlying type is the fully resolved one. True Go aliases
//! (`type A = B`) are transparent.

use crate::error::{Error, Result};
use crate::go::{Field, Loader, Method, Package, TypeExpr};
use kubeidl::tags::read::{read_line, PayloadValue, TagUse};
use kubeidl::tags::registry::Rule;
use std::sync::Arc;

/// gengo's kind of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Builtin,
    Pointer,
    Slice,
    Array,
    Map,
    Struct,
    Interface,
    Alias,
    Unsupported,
}

/// What kubeidl knows of standard-library types (there is no Go toolchain to read them from).
enum StdType {
    /// A struct with a custom `UnmarshalJSON` whose type string has its own OpenAPI mapping.
    Opaque,
    /// A defined type over this underlying type.
    Defined(TypeExpr),
}

fn std_type(package: &str, name: &str) -> Option<StdType> {
    match (package, name) {
        ("time", "Time") => Some(StdType::Opaque),
        ("time", "Duration") => Some(StdType::Defined(TypeExpr::Builtin("int64".into()))),
        ("encoding/json", "RawMessage") => Some(StdType::Defined(TypeExpr::Slice(Box::new(
            TypeExpr::Builtin("byte".into()),
        )))),
        // encoding.TextMarshalers: strings in JSON.
        ("net", "IP" | "IPNet" | "HardwareAddr")
        | ("net/netip", "Addr" | "Prefix" | "AddrPort")
        | ("log/slog", "Level") => Some(StdType::Defined(TypeExpr::Builtin("string".into()))),
        _ => None,
    }
}

/// Whether a type is a standard-library type kubeidl has no schema for (`net/url.URL`): a use
/// needs `+kubebuilder:validation:Type=` to say what its JSON is.
pub fn is_unknown_std(ty: &TypeExpr) -> bool {
    matches!(ty, TypeExpr::Named { package, name } if is_std(package) && std_type(package, name).is_none())
}

/// The type `+kubebuilder:validation:Type=` in these comment lines says, read as the tag lowering
/// reads it.
pub fn type_tag(lines: &[String]) -> Option<String> {
    lines.iter().find_map(|l| match read_line(l) {
        Ok(Some(TagUse {
            rule: Rule::Type,
            payload: PayloadValue::String(t),
            ..
        })) => Some(t),
        _ => None,
    })
}

/// A package path of the standard library: its first element has no dot.
pub fn is_std(package: &str) -> bool {
    !package.split('/').next().unwrap_or("").contains('.')
}

/// Answers type questions through the loader.
pub struct Types<'l> {
    pub loader: &'l Loader,
}

impl<'l> Types<'l> {
    pub fn new(loader: &'l Loader) -> Types<'l> {
        Types { loader }
    }

    /// The package declaring `package.name`.
    pub fn declaring(&self, package: &str, name: &str) -> Result<Arc<Package>> {
        if is_std(package) {
            return Err(Error::new(format!(
                "{package}.{name}: the standard library type is not known to kubeidl"
            )));
        }
        self.loader
            .type_decl(package, name)?
            .ok_or_else(|| Error::new(format!("type {name} is not declared in package {package}")))
    }

    /// Follows true Go aliases (`type A = B`) to the type they stand for.
    pub fn unalias(&self, ty: &TypeExpr) -> Result<TypeExpr> {
        let mut current = ty.clone();
        for _ in 0..100 {
            let TypeExpr::Named { package, name } = &current else {
                return Ok(current);
            };
            if is_std(package) {
                return Ok(current);
            }
            let pkg = self.declaring(package, name)?;
            let decl = &pkg.types[name.as_str()];
            if !decl.alias {
                return Ok(current);
            }
            current = decl.ty.clone();
        }
        Err(Error::new(format!("{}: alias cycle", ty.go_string())))
    }

    /// go/types' underlying type: for a defined type, the type its declaration resolves to in the
    /// end; for anything else, the type itself.
    pub fn underlying(&self, ty: &TypeExpr) -> Result<TypeExpr> {
        let mut current = self.unalias(ty)?;
        for _ in 0..100 {
            let TypeExpr::Named { package, name } = &current else {
                return Ok(current);
            };
            if is_std(package) {
                return match std_type(package, name) {
                    Some(StdType::Defined(u)) => Ok(u),
                    // What a standard-library type is made of is not known: itself.
                    Some(StdType::Opaque) | None => Ok(current),
                };
            }
            let pkg = self.declaring(package, name)?;
            current = self.unalias(&pkg.types[name.as_str()].ty)?;
        }
        Err(Error::new(format!("{}: type cycle", ty.go_string())))
    }

    /// The JSON type a named type says it is itself, without looking inside it (controller-gen's
    /// rule): a type that marshals itself (`MarshalJSON`) and carries
    /// `+kubebuilder:validation:Type=X` is an X; a type that implements encoding.TextMarshaler is
    /// a string. `None` for every other type.
    pub fn own_json_type(&self, ty: &TypeExpr) -> Result<Option<String>> {
        let TypeExpr::Named { package, name } = self.unalias(ty)? else {
            return Ok(None);
        };
        if is_std(&package) {
            return Ok(None);
        }
        let pkg = self.declaring(&package, &name)?;
        let methods = pkg
            .methods
            .get(&name)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let has = |method: &str| methods.iter().any(|m| m.name == method);
        // A defined type over a standard-library struct (`type Epoch time.Time`) has none of its
        // methods: its JSON is what its `Type` tag says.
        let over_std = matches!(
            &pkg.types[name.as_str()].ty,
            TypeExpr::Named { package, .. } if is_std(package)
        );
        if has("MarshalJSON") || over_std {
            let decl = &pkg.types[name.as_str()];
            let marked = type_tag(&decl.comments.with_kubebuilder_markers(&decl.above).lines);
            if marked.is_some() || has("MarshalJSON") {
                return Ok(marked);
            }
        }
        Ok(has("MarshalText").then(|| "string".to_string()))
    }

    /// The type a use holds: aliases and pointers removed, stopping at named types.
    pub fn unpointed(&self, ty: &TypeExpr) -> Result<TypeExpr> {
        let mut current = self.unalias(ty)?;
        for _ in 0..100 {
            match current {
                TypeExpr::Pointer(elem) => current = self.unalias(&elem)?,
                other => return Ok(other),
            }
        }
        Err(Error::new(format!("{}: pointer cycle", ty.go_string())))
    }

    /// gengo's kind.
    pub fn kind(&self, ty: &TypeExpr) -> Result<Kind> {
        let ty = self.unalias(ty)?;
        Ok(match &ty {
            TypeExpr::Builtin(_) => Kind::Builtin,
            TypeExpr::Pointer(_) => Kind::Pointer,
            TypeExpr::Slice(_) => Kind::Slice,
            TypeExpr::Array(_) => Kind::Array,
            TypeExpr::Map(..) => Kind::Map,
            TypeExpr::Struct(_) => Kind::Struct,
            TypeExpr::Interface { .. } => Kind::Interface,
            TypeExpr::Unsupported(_) => Kind::Unsupported,
            TypeExpr::Named { package, name } if is_std(package) => match std_type(package, name) {
                Some(StdType::Opaque) => Kind::Struct,
                Some(StdType::Defined(_)) => Kind::Alias,
                // Said by a use's `Type=` tag, or an error at the use.
                None => Kind::Unsupported,
            },
            // Given a definition of its own, whatever it is made of.
            TypeExpr::Named { .. } if self.own_json_type(&ty)?.is_some() => Kind::Struct,
            TypeExpr::Named { .. } => match self.underlying(&ty)? {
                TypeExpr::Builtin(_) | TypeExpr::Map(..) | TypeExpr::Slice(_) => Kind::Alias,
                TypeExpr::Struct(_) => Kind::Struct,
                TypeExpr::Interface { .. } => Kind::Interface,
                TypeExpr::Array(_) => Kind::Array,
                TypeExpr::Pointer(_) => Kind::Pointer,
                _ => Kind::Unsupported,
            },
        })
    }

    /// The element of a pointer, slice or array kind (for a defined array type, of its underlying).
    pub fn elem(&self, ty: &TypeExpr) -> Result<TypeExpr> {
        match self.underlying(ty)? {
            TypeExpr::Pointer(e) | TypeExpr::Slice(e) | TypeExpr::Array(e) => Ok(*e),
            other => Err(Error::new(format!(
                "{} has no element type",
                other.go_string()
            ))),
        }
    }

    /// openapi-gen's `resolveAliasAndPtrType`: strip gengo aliases and pointers.
    pub fn resolve_alias_and_ptr(&self, ty: &TypeExpr) -> Result<TypeExpr> {
        let mut current = self.unalias(ty)?;
        for _ in 0..100 {
            match self.kind(&current)? {
                Kind::Alias => current = self.underlying(&current)?,
                // A pointer's element may be an alias (`*StringAlias`): aliases are transparent.
                Kind::Pointer => current = self.unalias(&self.elem(&current)?)?,
                _ => return Ok(current),
            }
        }
        Err(Error::new(format!("{}: type cycle", ty.go_string())))
    }

    /// The type's string as go/types prints it, which openapi-gen maps to a type and format.
    pub fn type_string(&self, ty: &TypeExpr) -> String {
        match ty {
            TypeExpr::Slice(e) => format!(
                "[]{}",
                self.type_string(&self.unalias(e).unwrap_or((**e).clone()))
            ),
            TypeExpr::Interface { empty: true } => "interface{}".to_string(),
            other => other.go_string(),
        }
    }

    /// The type's own doc comment lines (gengo's `CommentLines`): those of its declaration for a
    /// defined type, none otherwise.
    pub fn comments(&self, ty: &TypeExpr) -> Result<Vec<String>> {
        match self.unalias(ty)? {
            TypeExpr::Named { package, name } if !is_std(&package) => {
                let pkg = self.declaring(&package, &name)?;
                Ok(pkg.types[name.as_str()].comments.lines.clone())
            }
            _ => Ok(Vec::new()),
        }
    }

    /// The package a type is declared in (`""` for unnamed and predeclared types).
    pub fn package_of(&self, ty: &TypeExpr) -> Result<String> {
        Ok(match self.unalias(ty)? {
            TypeExpr::Named { package, .. } => package,
            _ => String::new(),
        })
    }

    /// The fields of a struct-kind type (none for anything else).
    pub fn members(&self, ty: &TypeExpr) -> Result<Arc<Vec<Field>>> {
        let ty = self.unalias(ty)?;
        if let TypeExpr::Named { package, .. } = &ty {
            if is_std(package) {
                return Ok(Arc::default());
            }
        }
        match self.underlying(&ty)? {
            TypeExpr::Struct(fields) => Ok(fields),
            _ => Ok(Arc::default()),
        }
    }

    /// The methods declared on a defined type.
    pub fn methods(&self, ty: &TypeExpr) -> Result<Vec<Method>> {
        match self.unalias(ty)? {
            TypeExpr::Named { package, name } if !is_std(&package) => {
                let pkg = self.declaring(&package, &name)?;
                Ok(pkg.methods.get(&name).cloned().unwrap_or_default())
            }
            _ => Ok(Vec::new()),
        }
    }

    /// openapi-gen's `implementsCustomUnmarshalling`.
    pub fn has_custom_unmarshal(&self, ty: &TypeExpr) -> Result<bool> {
        match self.kind(ty)? {
            Kind::Pointer => {
                let elem = self.elem(ty)?;
                if let TypeExpr::Named { package, name } = self.unalias(&elem)? {
                    if is_std(&package) {
                        return Ok(matches!(std_type(&package, &name), Some(StdType::Opaque)));
                    }
                }
                Ok(self
                    .methods(&elem)?
                    .iter()
                    .any(|m| m.name == "UnmarshalJSON" && m.pointer_receiver))
            }
            Kind::Struct => {
                if let TypeExpr::Named { package, .. } = self.unalias(ty)? {
                    if is_std(&package) {
                        return Ok(true);
                    }
                }
                Ok(self.methods(ty)?.iter().any(|m| m.name == "UnmarshalJSON"))
            }
            _ => Ok(false),
        }
    }
}
