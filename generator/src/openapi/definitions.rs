//! The definition walk: which types get definitions, the schema of each struct and of each
//! member, and the closure over the types they reference.

use super::comment_tags;
use super::defaults::default_value;
use super::description::description;
use super::enums::EnumType;
use super::extensions::{extensions, is_inline, is_optional, json_name, json_tag_parts, unions};
use super::naming::definition_name;
use super::types::{is_std, Kind, Types};
use crate::error::{Error, Result, SourcePos};
use crate::go::{struct_tag, Field, Loader, Method, Package, ReturnLiteral, TypeDecl, TypeExpr};
use kubeidl::schema::{wrap_refs, Document, Schema, SchemaType};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::Arc;

/// What the generator emits besides the schemas Kubernetes itself publishes.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Emit `enum` (and the "Possible enum values" description suffix) for `+enum` types.
    pub enums: bool,
    /// Lower validation tags to schema keywords and rules. (Validation tags arrive with the tag
    /// registry; with this off the output equals what an apiserver publishes.)
    pub validations: bool,
}

/// The generated document and what the user should hear about.
#[derive(Debug, Clone)]
pub struct Generated {
    pub document: Document,
    pub warnings: Vec<String>,
    /// The Go files the document was generated from.
    pub files: Vec<std::path::PathBuf>,
}

const OPENAPI_GEN_TRUE: &str = "+k8s:openapi-gen=true";
const KUBE_OPENAPI_COMMON: &str = "k8s.io/kube-openapi/pkg/common";

/// Generates the definitions of every type selected in the named packages (import paths,
/// directories, or `PATH/...` patterns) plus every type they reference.
pub fn generate(loader: &Loader, package_args: &[String], options: &Options) -> Result<Generated> {
    let paths = loader.expand_patterns(package_args)?;
    let mut warnings = Vec::new();
    let mut tagged = Vec::new();
    for (path, explicit) in &paths {
        if loader.package_mentions(path, OPENAPI_GEN_TRUE)? {
            tagged.push(path.clone());
        } else if *explicit {
            warnings.push(format!(
                "package {path}: no {OPENAPI_GEN_TRUE} in the package or on any type, so none of its types gets a definition"
            ));
        }
    }
    let requested = loader.packages(&tagged)?;
    let mut walk = Walk {
        types: Types::new(loader),
        options: options.clone(),
        requested: requested.clone(),
        queue: VecDeque::new(),
        queued: HashSet::new(),
        names: HashMap::new(),
    };
    for pkg in &requested {
        let package_selected = comment_tags::has_openapi_gen(&pkg.doc_comments, "true");
        let mut names: Vec<&String> = pkg.types.keys().collect();
        names.sort();
        for name in names {
            let decl = &pkg.types[name.as_str()];
            if !is_candidate(decl) || walk.types.kind(&named(pkg, name))? != Kind::Struct {
                continue;
            }
            let selected = if package_selected {
                !comment_tags::has_openapi_gen(&decl.comments, "false")
            } else {
                comment_tags::has_openapi_gen(&decl.comments, "true")
            };
            if selected {
                walk.enqueue(pkg, name)?;
            }
        }
    }
    let mut schemas = BTreeMap::new();
    while let Some((pkg, name)) = walk.queue.pop_front() {
        let decl = &pkg.types[name.as_str()];
        let model = definition_name(&pkg, &name);
        let mut schema = walk.definition(&pkg, decl)?;
        wrap_refs(&mut schema);
        schemas.insert(model, schema);
    }
    Ok(Generated {
        document: Document::new(schemas),
        warnings,
        files: loader.files_read(),
    })
}

fn is_candidate(decl: &TypeDecl) -> bool {
    !decl.alias
        && !decl.generic
        && decl.name.chars().next().is_some_and(char::is_uppercase)
        && !decl.name.starts_with("codecSelfer")
}

fn named(pkg: &Package, name: &str) -> TypeExpr {
    TypeExpr::Named {
        package: pkg.path.clone(),
        name: name.to_string(),
    }
}

fn at(pos: &SourcePos) -> impl Fn(Error) -> Error + '_ {
    move |e| {
        if e.pos.is_some() {
            e
        } else {
            Error::at(pos, e.message)
        }
    }
}

struct Walk<'l> {
    types: Types<'l>,
    options: Options,
    requested: Vec<Arc<Package>>,
    queue: VecDeque<(Arc<Package>, String)>,
    queued: HashSet<(String, String)>,
    /// Definition name to the Go type that has it, to catch two types claiming one name.
    names: HashMap<String, (String, String)>,
}

impl Walk<'_> {
    /// Queues a type for a definition and returns its definition name.
    fn enqueue(&mut self, pkg: &Arc<Package>, name: &str) -> Result<String> {
        let model = definition_name(pkg, name);
        let key = (pkg.path.clone(), name.to_string());
        if let Some(owner) = self.names.get(&model) {
            if *owner != key {
                let decl = &pkg.types[name];
                return Err(Error::at(
                    &decl.pos,
                    format!(
                        "definition name {model} is also the name of {}.{}",
                        owner.0, owner.1
                    ),
                ));
            }
        }
        self.names.insert(model.clone(), key.clone());
        if self.queued.insert(key) {
            self.queue.push_back((pkg.clone(), name.to_string()));
        }
        Ok(model)
    }

    /// The definition of a struct type.
    fn definition(&mut self, pkg: &Arc<Package>, decl: &TypeDecl) -> Result<Schema> {
        let ty = named(pkg, &decl.name);
        let special = SpecialMethods::of(self.types.methods(&ty)?);
        let mut schema = Schema {
            description: description(&decl.comments),
            ..Schema::default()
        };
        if special.custom_definition {
            return Err(Error::at(
                &decl.pos,
                format!(
                    "type {} builds its schema in Go code (OpenAPIDefinition/OpenAPIV3Definition), which kubeidl cannot evaluate",
                    decl.name
                ),
            ));
        }
        match (&special.schema_type, &special.schema_format, &special.one_of_types) {
            (Some(type_method), Some(format_method), one_of) => {
                let format = string_literal(format_method)?;
                schema.format = (!format.is_empty()).then_some(format);
                match one_of {
                    Some(one_of_method) => {
                        schema.one_of = string_list_literal(one_of_method)?
                            .into_iter()
                            .map(|t| Schema {
                                schema_type: Some(SchemaType::Single(t)),
                                ..Schema::default()
                            })
                            .collect();
                    }
                    None => schema.schema_type = SchemaType::from_list(string_list_literal(type_method)?),
                }
            }
            (_, _, Some(m)) => {
                return Err(Error::at(
                    &m.pos,
                    format!("type {} has OpenAPIV3OneOfTypes but not OpenAPISchemaType and OpenAPISchemaFormat", decl.name),
                ))
            }
            _ => {
                schema.schema_type = Some(SchemaType::Single("object".into()));
                let members = self.types.members(&ty).map_err(at(&decl.pos))?;
                self.members(pkg, &members, &mut schema)?;
            }
        }
        schema.extensions = extensions(&decl.comments);
        if let Some(u) = unions(&self.types, &ty).map_err(at(&decl.pos))? {
            schema.extensions.insert("x-kubernetes-unions".into(), u);
        }
        Ok(schema)
    }

    /// Adds the properties of `members` (of a struct declared in `owner`) to `schema`, splicing in
    /// inlined members.
    fn members(
        &mut self,
        owner: &Arc<Package>,
        members: &[Field],
        schema: &mut Schema,
    ) -> Result<()> {
        for m in members {
            if comment_tags::has_openapi_gen(&m.comments, "false") {
                continue;
            }
            if is_inline(m) {
                let mut inner = self.types.unalias(&m.ty).map_err(at(&m.pos))?;
                while let TypeExpr::Pointer(elem) = inner {
                    inner = self.types.unalias(&elem).map_err(at(&m.pos))?;
                }
                let inner_owner = match &inner {
                    TypeExpr::Named { package, name } if !is_std(package) => {
                        self.types.declaring(package, name).map_err(at(&m.pos))?
                    }
                    _ => owner.clone(),
                };
                let fields = self.types.members(&inner).map_err(at(&m.pos))?;
                self.members(&inner_owner, &fields, schema)?;
                continue;
            }
            let Some(name) = json_name(m) else { continue };
            if !is_optional(m).map_err(|e| Error::at(&m.pos, e))? {
                schema.required.push(name.clone());
            }
            let property = self.property(owner, m)?;
            if schema.properties.insert(name.clone(), property).is_some() {
                return Err(Error::at(
                    &m.pos,
                    format!("two members are named {name:?} in JSON"),
                ));
            }
        }
        Ok(())
    }

    fn property(&mut self, owner: &Arc<Package>, m: &Field) -> Result<Schema> {
        check_patch_tags(m)?;
        let enum_type = self.enum_type(&m.ty).map_err(at(&m.pos))?;
        let mut lines = m.comments.lines.clone();
        if let Some(e) = &enum_type {
            lines.extend(e.description_lines());
        }
        let mut schema = Schema {
            description: description(&lines),
            extensions: extensions(&m.comments),
            ..Schema::default()
        };
        if json_tag_parts(m).get(1).is_some_and(|p| p == "string") {
            schema.schema_type = Some(SchemaType::Single("string".into()));
            return Ok(schema);
        }
        let omit_empty =
            struct_tag::lookup(&m.tag, "json").is_some_and(|t| t.contains("omitempty"));
        schema.default = default_value(&self.types, &m.comments, &m.ty, omit_empty, &owner.path)
            .map_err(at(&m.pos))?;
        let resolved = self
            .types
            .resolve_alias_and_ptr(&m.ty)
            .map_err(at(&m.pos))?;
        if let Some((t, f)) = simple_type(&self.types.type_string(&resolved)) {
            set_simple(&mut schema, t, f);
            if let Some(e) = enum_type {
                schema.enum_values = e.json_values();
            }
            return Ok(schema);
        }
        match self.types.kind(&resolved).map_err(at(&m.pos))? {
            Kind::Map => self
                .map_schema(&resolved, &mut schema)
                .map_err(at(&m.pos))?,
            Kind::Slice | Kind::Array => self
                .slice_schema(&resolved, &mut schema)
                .map_err(at(&m.pos))?,
            Kind::Struct => schema.reference = Some(self.reference(&resolved).map_err(at(&m.pos))?),
            Kind::Interface => {}
            _ => {
                return Err(Error::at(
                    &m.pos,
                    format!(
                        "field {}: type {} has no OpenAPI equivalent",
                        m.name,
                        resolved.go_string()
                    ),
                ))
            }
        }
        Ok(schema)
    }

    fn enum_type(&self, ty: &TypeExpr) -> Result<Option<EnumType>> {
        if !self.options.enums {
            return Ok(None);
        }
        EnumType::of(&self.types, ty, &self.requested)
    }

    /// `{"type": "object", "additionalProperties": <value>}`.
    fn map_schema(&mut self, map: &TypeExpr, schema: &mut Schema) -> Result<()> {
        let TypeExpr::Map(key, value) = self.types.underlying(map)? else {
            return Err(Error::new(format!("{} is not a map", map.go_string())));
        };
        let key_type = self.types.resolve_alias_and_ptr(&key)?;
        if key_type != TypeExpr::Builtin("string".into()) {
            return Err(Error::new(format!(
                "map with non-string keys are not supported by OpenAPI: map[{}]{} (keys must be strings)",
                key.go_string(),
                value.go_string()
            )));
        }
        schema.schema_type = Some(SchemaType::Single("object".into()));
        schema.additional_properties = Some(Box::new(self.element(&value)?));
        Ok(())
    }

    /// `{"type": "array", "items": <element>}`.
    fn slice_schema(&mut self, slice: &TypeExpr, schema: &mut Schema) -> Result<()> {
        let elem = self.types.elem(slice)?;
        schema.schema_type = Some(SchemaType::Single("array".into()));
        schema.items = Some(Box::new(self.element(&elem)?));
        Ok(())
    }

    /// The schema of a slice item or map value: its default, then a simple type, a reference, or
    /// a nested array or map. Elements never have descriptions.
    fn element(&mut self, elem: &TypeExpr) -> Result<Schema> {
        let comments = self.types.comments(elem)?;
        let package = self.types.package_of(elem)?;
        let default =
            default_value(&self.types, &comments, elem, false, &package).map_err(|e| Error {
                message: format!(
                    "items or values of type {}: {}",
                    elem.go_string(),
                    e.message
                ),
                ..e
            })?;
        let mut schema = Schema {
            default,
            ..Schema::default()
        };
        let resolved = self.types.resolve_alias_and_ptr(elem)?;
        if let Some((t, f)) = simple_type(&self.types.type_string(&resolved)) {
            set_simple(&mut schema, t, f);
            if let Some(e) = self.enum_type(elem)? {
                schema.enum_values = e.json_values();
            }
            return Ok(schema);
        }
        match self.types.kind(&resolved)? {
            Kind::Struct => schema.reference = Some(self.reference(&resolved)?),
            Kind::Slice | Kind::Array => self.slice_schema(&resolved, &mut schema)?,
            Kind::Map => self.map_schema(&resolved, &mut schema)?,
            _ => {
                return Err(Error::new(format!(
                    "element type {} has no OpenAPI equivalent",
                    resolved.go_string()
                )))
            }
        }
        Ok(schema)
    }

    /// The `$ref` to a struct type's definition, queuing the definition.
    fn reference(&mut self, ty: &TypeExpr) -> Result<String> {
        match self.types.unalias(ty)? {
            TypeExpr::Named { package, name } if !is_std(&package) => {
                let pkg = self.types.declaring(&package, &name)?;
                let model = self.enqueue(&pkg, &name)?;
                Ok(kubeidl::schema::ref_target(&model))
            }
            other => Err(Error::new(format!(
                "{} has no definition to refer to: give the struct type a name",
                other.go_string()
            ))),
        }
    }
}

/// openapi-gen's `OpenAPITypeFormat` table.
fn simple_type(type_string: &str) -> Option<(&'static str, &'static str)> {
    Some(match type_string {
        "uint" | "uint16" | "int" | "int16" | "int32" => ("integer", "int32"),
        "uint32" | "uint64" | "int64" => ("integer", "int64"),
        "uint8" | "int8" | "byte" => ("integer", "byte"),
        "float64" => ("number", "double"),
        "float32" => ("number", "float"),
        "bool" => ("boolean", ""),
        "time.Time" => ("string", "date-time"),
        "string" => ("string", ""),
        "integer" => ("integer", ""),
        "number" => ("number", ""),
        "boolean" => ("boolean", ""),
        "[]byte" => ("string", "byte"),
        "interface{}" => ("object", ""),
        _ => return None,
    })
}

fn set_simple(schema: &mut Schema, t: &str, f: &str) {
    schema.schema_type = Some(SchemaType::Single(t.to_string()));
    schema.format = (!f.is_empty()).then(|| f.to_string());
}

/// `+patchStrategy`/`+patchMergeKey` in the comment must equal the same keys in the struct tag.
fn check_patch_tags(m: &Field) -> Result<()> {
    for key in ["patchMergeKey", "patchStrategy"] {
        let in_tag = struct_tag::lookup(&m.tag, key).unwrap_or_default();
        let in_comment = comment_tags::single(&m.comments, key)
            .map_err(|e| Error::at(&m.pos, e))?
            .unwrap_or("");
        if in_tag != in_comment {
            return Err(Error::at(
                &m.pos,
                format!(
                    "field {}: +{key}={in_comment} in the comment and {key}:\"{in_tag}\" in the struct tag must match",
                    m.name
                ),
            ));
        }
    }
    Ok(())
}

/// The methods that change how a type's definition is built.
#[derive(Default)]
struct SpecialMethods {
    schema_type: Option<Method>,
    schema_format: Option<Method>,
    one_of_types: Option<Method>,
    custom_definition: bool,
}

impl SpecialMethods {
    fn of(methods: Vec<Method>) -> SpecialMethods {
        let string = TypeExpr::Builtin("string".into());
        let string_list = TypeExpr::Slice(Box::new(string.clone()));
        let definition = TypeExpr::Named {
            package: KUBE_OPENAPI_COMMON.into(),
            name: "OpenAPIDefinition".into(),
        };
        let returns = |m: &Method, t: &TypeExpr| {
            m.param_count == 0 && m.results.len() == 1 && m.results[0] == *t
        };
        let mut out = SpecialMethods::default();
        for m in methods {
            match m.name.as_str() {
                "OpenAPISchemaType" if returns(&m, &string_list) => out.schema_type = Some(m),
                "OpenAPISchemaFormat" if returns(&m, &string) => out.schema_format = Some(m),
                "OpenAPIV3OneOfTypes" if returns(&m, &string_list) => out.one_of_types = Some(m),
                "OpenAPIDefinition" | "OpenAPIV3Definition" if returns(&m, &definition) => {
                    out.custom_definition = true
                }
                _ => {}
            }
        }
        out
    }
}

fn unreadable(m: &Method, expected: &str) -> Error {
    Error::at(
        &m.pos,
        format!(
            "{}: kubeidl reads this method only when its body is a single {expected}",
            m.name
        ),
    )
}

fn string_literal(m: &Method) -> Result<String> {
    match &m.returns {
        Some(ReturnLiteral::String(s)) => Ok(s.clone()),
        _ => Err(unreadable(m, "`return \"...\"`")),
    }
}

fn string_list_literal(m: &Method) -> Result<Vec<String>> {
    match &m.returns {
        Some(ReturnLiteral::StringList(items)) => Ok(items.clone()),
        Some(ReturnLiteral::Nil) => Ok(Vec::new()),
        _ => Err(unreadable(m, "`return nil` or `return []string{...}`")),
    }
}
