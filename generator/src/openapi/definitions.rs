//! The definition walk: which types get definitions, the schema of each struct and of each
//! member, and the closure over the types they reference.

use super::comment_tags;
use super::defaults::default_value;
use super::enums::EnumType;
use super::extensions::{
    extensions, is_inline, is_optional, is_unexported, json_name, json_tag_parts, omits_zero,
    unions,
};
use super::naming::definition_name;
use super::provenance::{Origin, Provenance, Step};
use super::rule_check;
use super::types::{is_std, is_unknown_std, type_tag, Kind, Types};
use super::validations::{self, Tally, TypeDoc};
use crate::error::{Error, Result, SourcePos};
use crate::go::{
    struct_tag, Doc, Field, Loader, Method, Package, ReturnLiteral, TypeDecl, TypeExpr,
};
use kubeidl::comments::description;
use kubeidl::schema::{merge_use, wrap_refs, Document, Schema, SchemaType, UseConflict};
use kubeidl::tags::lower::{
    add_rules, controller_gen_immutable_presence, immutable_presence, lower, referenced, retarget,
    union_rules, unshadow, variant, variant_name, At, Counts, Lowered, Override, Place,
    UnionMember, Validation,
};
use kubeidl::tags::registry::Scopes;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::Arc;

/// What the generator emits besides the schemas Kubernetes itself publishes.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Emit `enum` (and the "Possible enum values" description suffix) for `+enum` types.
    pub enums: bool,
    /// Lower validation tags to schema keywords and rules, and mark fields whose zero value
    /// means unset with `x-kubernetes-strip-zero`. With this off the output equals what an
    /// apiserver publishes.
    pub validations: bool,
    /// Report bad validation tags as warnings instead of failing.
    pub lenient: bool,
    /// Fail, not warn, when a rule kubeidl made from a declarative tag (uniqueness, unions,
    /// formats) is estimated to cost more than a CRD allows. Rules the user wrote always fail.
    pub strict_cost: bool,
    /// Emit only the defaults tags ask for, leaving out the zero values openapi-gen enforces on
    /// non-pointer, non-omitempty members. A CRD needs this: the apiserver applies a CRD's
    /// defaults before validating, so `default: ""` would satisfy `required` and fail `enum`.
    pub explicit_defaults_only: bool,
    /// Read the Go types as controller-gen does where openapi-gen differs: descriptions keep
    /// their line breaks, and only `+k8s:enum` (not openapi-gen's `+enum`) makes a string type
    /// an enum.
    pub controller_gen: bool,
    /// With `controller_gen`, the release whose output to match (`None`: the newest).
    pub controller_gen_release: Option<&'static crate::controller_gen::Release>,
    /// Leave unexported fields out without a warning (controller-gen's `ignoreUnexportedFields`).
    pub ignore_unexported_fields: bool,
    /// Refuse float members, as controller-gen does unless `allowDangerousTypes` is set.
    pub refuse_floats: bool,
    /// Publish the tags the apiserver runs in shadow of its handwritten validation
    /// (`+k8s:alpha(since: "1.36")=+<tag>`, `+k8s:beta(...)`); by default they only document.
    pub shadowed: bool,
    /// Opt-in CEL libraries no apiserver has (`kep-formats`) that rules may call; none by
    /// default, so every rule compiles where an apiserver would compile it.
    pub cel_libraries: kubeidl::cel::ExtraLibraries,
}

/// The generated document and what the user should hear about.
#[derive(Debug, Clone)]
pub struct Generated {
    pub document: Document,
    pub warnings: Vec<String>,
    /// The Go files the document was generated from.
    pub files: Vec<std::path::PathBuf>,
    /// Validation tags read, lowered, and documentation-only (zero with validations off).
    pub tags: Counts,
    /// The tags that wrote the rules, for checks made on the document later (a CRD's).
    pub origins: RuleOrigins,
    /// Where each tag counted in `tags.lowered` stands, in the order met.
    pub lowered_at: Vec<SourcePos>,
    /// The tag or declaration behind each node of the document (with validations on).
    pub provenance: Provenance,
}

const OPENAPI_GEN_TRUE: &str = "+k8s:openapi-gen=true";
const KUBE_OPENAPI_COMMON: &str = "k8s.io/kube-openapi/pkg/common";

/// Generates the definitions of every type selected in the named packages (import paths,
/// directories, or `PATH/...` patterns) plus every type they reference.
pub fn generate(loader: &Loader, package_args: &[String], options: &Options) -> Result<Generated> {
    let (requested, roots, warnings) = select(loader, package_args, false)?;
    finish(loader, requested, &roots, warnings, options)
}

/// As [`generate`], but a package with no `+k8s:openapi-gen=true` anywhere (a kubebuilder
/// project's) has every exported struct type selected instead of none, so every package named
/// has its types compared (`kubeidl diff`). Fails when no type at all is selected.
pub fn generate_every_package(
    loader: &Loader,
    package_args: &[String],
    options: &Options,
) -> Result<Generated> {
    let (requested, roots, warnings) = select(loader, package_args, true)?;
    if roots.is_empty() {
        return Err(Error::new(format!(
            "{}: no exported struct types, so nothing to compare",
            package_args.join(" ")
        )));
    }
    finish(loader, requested, &roots, warnings, options)
}

type Selection = (Vec<Arc<Package>>, Vec<(Arc<Package>, String)>, Vec<String>);

/// The packages named and the struct types of theirs that get definitions: openapi-gen's
/// selection (`+k8s:openapi-gen=true` on the package, unless `=false` on the type, or on the
/// type alone); with `untagged_all`, every candidate type of a package that has no such tag.
fn select(loader: &Loader, package_args: &[String], untagged_all: bool) -> Result<Selection> {
    let mut warnings = Vec::new();
    let paths = loader.expand_patterns_warning(package_args, &mut warnings)?;
    let mut tagged = Vec::new();
    let mut untagged = Vec::new();
    for (path, explicit) in &paths {
        if loader.package_mentions(path, OPENAPI_GEN_TRUE)? {
            tagged.push(path.clone());
        } else if untagged_all {
            untagged.push(path.clone());
        } else if *explicit {
            warnings.push(format!(
                "package {path}: no {OPENAPI_GEN_TRUE} in the package or on any type, so none of its types gets a definition"
            ));
        }
    }
    let mut requested = loader.packages(&tagged)?;
    let every = loader.packages(&untagged)?;
    let mut roots = Vec::new();
    let types = Types::new(loader);
    for (pkg, all) in requested
        .iter()
        .map(|p| (p, false))
        .chain(every.iter().map(|p| (p, true)))
    {
        let package_selected = all || comment_tags::has_openapi_gen(&pkg.doc_comments, "true");
        let mut names: Vec<&String> = pkg.types.keys().collect();
        names.sort();
        for name in names {
            let decl = &pkg.types[name.as_str()];
            if !is_candidate(decl) || types.kind(&named(pkg, name))? != Kind::Struct {
                continue;
            }
            let selected = if package_selected {
                !comment_tags::has_openapi_gen(&decl.comments, "false")
            } else {
                comment_tags::has_openapi_gen(&decl.comments, "true")
            };
            if selected {
                roots.push((pkg.clone(), name.clone()));
            }
        }
    }
    requested.extend(every);
    Ok((requested, roots, warnings))
}

fn finish(
    loader: &Loader,
    requested: Vec<Arc<Package>>,
    roots: &[(Arc<Package>, String)],
    mut warnings: Vec<String>,
    options: &Options,
) -> Result<Generated> {
    let mut generated = build(loader, requested, roots, options)?;
    warnings.append(&mut generated.warnings);
    generated.warnings = warnings;
    Ok(generated)
}

/// Generates the definitions of the given struct types (package, type name) and of every type
/// they reference, whatever the packages' `+k8s:openapi-gen` tags say. `requested` are the
/// packages whose types count as the user's own (for enums and warnings).
pub fn generate_types(
    loader: &Loader,
    requested: Vec<Arc<Package>>,
    roots: &[(Arc<Package>, String)],
    options: &Options,
) -> Result<Generated> {
    build(loader, requested, roots, options)
}

fn build(
    loader: &Loader,
    requested: Vec<Arc<Package>>,
    roots: &[(Arc<Package>, String)],
    options: &Options,
) -> Result<Generated> {
    let mut walk = Walk {
        types: Types::new(loader),
        options: options.clone(),
        requested,
        queue: VecDeque::new(),
        queued: HashSet::new(),
        names: HashMap::new(),
        tally: Tally::default(),
        current: String::new(),
        origins: RuleOrigins::default(),
        overrides: Vec::new(),
        here: String::new(),
        use_site: None,
        via: Vec::new(),
        provenance: Provenance::default(),
    };
    for (pkg, name) in roots {
        walk.enqueue(pkg, name)?;
    }
    let mut warnings = Vec::new();
    let mut schemas = BTreeMap::new();
    while let Some((pkg, name)) = walk.queue.pop_front() {
        let decl = &pkg.types[name.as_str()];
        let model = definition_name(&pkg, &name);
        walk.current = model.clone();
        walk.origins
            .definitions
            .insert(model.clone(), decl.pos.clone());
        walk.here.clear();
        walk.provenance
            .node(&model, String::new(), Origin::declaration(&decl.pos));
        let mut schema = walk.definition(&pkg, decl)?;
        wrap_refs(&mut schema);
        schemas.insert(model, schema);
    }
    for pending in std::mem::take(&mut walk.overrides) {
        if let Err(e) = pending.apply(&mut schemas) {
            walk.tally.errors.push(e);
        }
    }
    if options.validations {
        let checked = rule_check::check_rules(
            &schemas,
            &walk.origins,
            options.strict_cost,
            options.cel_libraries,
        );
        walk.tally.errors.extend(checked.errors);
        walk.tally.warnings.extend(checked.warnings);
    }
    let tally = walk.tally;
    warnings.extend(tally.warnings);
    if !tally.errors.is_empty() {
        if options.lenient {
            warnings.extend(tally.errors.iter().map(|e| e.to_string()));
        } else {
            return Err(Error::many(tally.errors));
        }
    }
    Ok(Generated {
        document: Document::new(schemas),
        warnings,
        files: loader.files_read(),
        tags: tally.counts,
        lowered_at: tally.lowered_at,
        origins: walk.origins,
        provenance: walk.provenance,
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
    tally: Tally,
    /// The definition being built.
    current: String,
    origins: RuleOrigins,
    /// Fields that override members of their types (`+k8s:override`), applied once every
    /// definition is built.
    overrides: Vec<PendingOverride>,
    /// The JSON pointer, below the definition being built, of the node being built.
    here: String,
    /// The field being built, the first step to tags of its type.
    use_site: Option<Step>,
    /// The way from the field to the type whose tags are being lowered.
    via: Vec<Step>,
    provenance: Provenance,
}

/// A field whose type's definition it refers to is a variant, with members' tags overridden.
struct PendingOverride {
    owner: String,
    field: String,
    overrides: Vec<Override>,
    pos: SourcePos,
}

impl PendingOverride {
    /// Adds the variant definition and points the field's property at it.
    fn apply(self, schemas: &mut BTreeMap<String, Schema>) -> Result<()> {
        let fail = |message: String| Error::at(&self.pos, message);
        let property = schemas
            .get_mut(&self.owner)
            .and_then(|d| d.properties.get_mut(&self.field))
            .ok_or_else(|| fail(format!("field {:?} has no property", self.field)))?;
        let base_name = referenced(property).ok_or_else(|| {
            fail(format!(
                "+k8s:override: field {:?} does not refer to a struct definition",
                self.field
            ))
        })?;
        let name = variant_name(&base_name, &self.owner, &self.field);
        retarget(property, &name);
        let base = schemas
            .get(&base_name)
            .ok_or_else(|| fail(format!("no definition {base_name}")))?;
        let variant = variant(base, &self.overrides).map_err(fail)?;
        schemas.insert(name, variant);
        Ok(())
    }
}

/// Where each rule of the document was written.
#[derive(Debug, Clone, Default)]
pub struct RuleOrigins {
    /// The tag that wrote each rule, by definition and rule text, and whether the user wrote
    /// the rule (not kubeidl).
    rules: HashMap<(String, String), (SourcePos, bool)>,
    /// Where each definition's type is declared.
    definitions: HashMap<String, SourcePos>,
}

impl rule_check::Origins for RuleOrigins {
    fn of_rule(&self, definition: &str, rule: &str) -> Option<(SourcePos, bool)> {
        self.rules
            .get(&(definition.to_string(), rule.to_string()))
            .cloned()
    }

    fn of_definition(&self, definition: &str) -> Option<SourcePos> {
        self.definitions.get(definition).cloned()
    }
}

/// What the fields of a struct ask of the struct: rules on it, union members.
#[derive(Default)]
struct StructRules {
    rules: Vec<Validation>,
    unions: Vec<UnionMember>,
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

    /// A description in the style the options ask for.
    fn description(&self, lines: &[String]) -> Option<String> {
        if self.options.controller_gen {
            kubeidl::comments::controller_gen_description(lines)
        } else {
            description(lines)
        }
    }

    /// controller-gen's description of a use of a type that has none of its own: the doc of the
    /// first alias or defined non-struct type on the way that has one (a struct's comes with its
    /// definition). openapi-gen gives none.
    fn type_description(&self, docs: &[TypeDoc]) -> Option<String> {
        if !self.options.controller_gen {
            return None;
        }
        docs.iter()
            .find_map(|d| kubeidl::comments::controller_gen_description(&d.doc.lines))
    }

    /// The extension tags (`+mapType`, `+listType`...) of the aliases and defined non-struct types
    /// a use goes through, under the use's own (`own`), which win. A struct type's stand on its
    /// definition.
    fn type_extensions(
        docs: &[TypeDoc],
        own: indexmap::IndexMap<String, Value>,
    ) -> indexmap::IndexMap<String, Value> {
        let mut out = indexmap::IndexMap::new();
        for d in docs.iter().rev() {
            out.extend(extensions(&d.doc.lines));
        }
        out.extend(own);
        out
    }

    /// The definition of a struct type.
    fn definition(&mut self, pkg: &Arc<Package>, decl: &TypeDecl) -> Result<Schema> {
        let ty = named(pkg, &decl.name);
        let special = SpecialMethods::of(self.types.methods(&ty)?);
        let mut description = self.description(&decl.comments);
        if description.is_none() && self.options.controller_gen {
            // `type BackendTLSPolicy v1.BackendTLSPolicy` without a doc of its own: controller-gen's
            // schema of it is the other type's, description included.
            let mut over = decl.ty.clone();
            for _ in 0..100 {
                let TypeExpr::Named { package, name } = &over else {
                    break;
                };
                let Ok(other) = self.types.declaring(package, name) else {
                    break;
                };
                let Some(next) = other.types.get(name.as_str()) else {
                    break;
                };
                description = self.description(&next.comments);
                if description.is_some() {
                    break;
                }
                over = next.ty.clone();
            }
        }
        let mut schema = Schema {
            description,
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
                if let Some(own) = self.types.own_json_type(&ty).map_err(at(&decl.pos))? {
                    schema.schema_type = Some(SchemaType::Single(own));
                    if self.options.validations {
                        self.lower_type(&ty, decl, &mut schema)?;
                    }
                    return Ok(schema);
                }
                schema.schema_type = Some(SchemaType::Single("object".into()));
                let members = self.types.members(&ty).map_err(at(&decl.pos))?;
                let mut rules = StructRules::default();
                self.members(pkg, &members, &HashSet::new(), &mut schema, &mut rules)?;
                if self.options.controller_gen {
                    self.embedded_first_descriptions(&members, &mut schema)?;
                }
                if self.options.validations {
                    self.struct_rules(decl, rules, &mut schema);
                }
            }
        }
        // Rules the fields asked for win over a legacy `+validations` string of the comment.
        let from_fields = std::mem::replace(&mut schema.extensions, extensions(&decl.comments));
        schema.extensions.extend(from_fields);
        self.record_extensions(&decl.comments, &decl.pos.file, &[]);
        if self.options.validations {
            self.lower_type(&ty, decl, &mut schema)?;
            if self.options.controller_gen && matches!(decl.ty, TypeExpr::Struct(_)) {
                let members = self.types.members(&ty).map_err(at(&decl.pos))?;
                self.lower_inlined_types(&members, &mut schema)?;
            }
        }
        if let Some(u) = unions(&self.types, &ty).map_err(at(&decl.pos))? {
            schema.extensions.insert("x-kubernetes-unions".into(), u);
        }
        Ok(schema)
    }

    /// Adds the properties of `members` (of a struct declared in `owner`) to `schema`, splicing in
    /// inlined members. As in Go's encoding/json, a field an inlined struct holds deeper down is
    /// hidden by one of the same JSON name nearer the top: `shallower` names those.
    fn members(
        &mut self,
        owner: &Arc<Package>,
        members: &[Field],
        shallower: &HashSet<String>,
        schema: &mut Schema,
        rules: &mut StructRules,
    ) -> Result<()> {
        // The names this level declares itself, which hide those of the structs it inlines.
        let mut hiding = shallower.clone();
        hiding.extend(
            members
                .iter()
                .filter(|m| !is_inline(m) && !comment_tags::has_openapi_gen(&m.comments, "false"))
                .filter_map(json_name),
        );
        for m in members {
            if comment_tags::has_openapi_gen(&m.comments, "false") {
                continue;
            }
            if is_inline(m) {
                let inner = self.types.unpointed(&m.ty).map_err(at(&m.pos))?;
                let inner_owner = match &inner {
                    TypeExpr::Named { package, name } if !is_std(package) => {
                        self.types.declaring(package, name).map_err(at(&m.pos))?
                    }
                    _ => owner.clone(),
                };
                let fields = self.types.members(&inner).map_err(at(&m.pos))?;
                self.members(&inner_owner, &fields, &hiding, schema, rules)?;
                if self.options.controller_gen {
                    // controller-gen merges an embedded struct's own schema into the parent's,
                    // its `+structType` and other extension tags with it.
                    let comments = self.types.comments(&inner).map_err(at(&m.pos))?;
                    schema.extensions.extend(extensions(&comments));
                }
                continue;
            }
            if is_unexported(m) && !self.options.ignore_unexported_fields {
                let warning = format!(
                    "{}: field {} is not exported, so encoding/json never reads or writes it; left out of the schema",
                    m.pos, m.name
                );
                self.tally.warn_once(warning);
            }
            let Some(name) = json_name(m) else { continue };
            if shallower.contains(&name) {
                continue; // a field nearer the top has this JSON name
            }
            let declared = Origin::declaration(&m.pos);
            if !is_optional(m).map_err(|e| Error::at(&m.pos, e))? {
                schema.required.push(name.clone());
                self.provenance
                    .required(&self.current, &name, declared.clone());
            }
            let docs = validations::type_docs(&self.types, &m.ty, self.options.controller_gen)
                .map_err(at(&m.pos))?;
            let here = format!("/properties/{}", kubeidl::document::pointer_token(&name));
            self.provenance.node(&self.current, here.clone(), declared);
            let outer = std::mem::replace(&mut self.here, here);
            self.use_site = Some(Step {
                text: format!("field {}", m.name),
                pos: m.pos.clone(),
            });
            self.record_extensions(&m.comments, &m.pos.file, &[]);
            for k in 0..docs.len() {
                let via = self.via_to(&docs[..=k]);
                self.record_extensions(&docs[k].doc, &docs[k].file, &via);
            }
            let mut property = self.property(owner, m, &docs)?;
            if property.default.is_some() {
                self.record_default(Some((&m.comments, &m.pos.file)), &docs);
            }
            if self.options.validations {
                self.lower_field(m, &name, &docs, &mut property, schema, rules)?;
            }
            self.use_site = None;
            self.here = outer;
            if schema.properties.insert(name.clone(), property).is_some() {
                return Err(Error::at(
                    &m.pos,
                    format!("two members are named {name:?} in JSON"),
                ));
            }
        }
        Ok(())
    }

    /// The property of member `m`, whose type's aliases and defined non-struct types have
    /// `docs` (`validations::type_docs`).
    fn property(&mut self, owner: &Arc<Package>, m: &Field, docs: &[TypeDoc]) -> Result<Schema> {
        // controller-gen knows neither marker (and a CRD holds no patch strategy): it checks
        // nothing of them.
        if !self.options.controller_gen {
            check_patch_tags(m)?;
        }
        let enum_type = self.enum_type(&m.ty).map_err(at(&m.pos))?;
        let mut lines = m.comments.lines.clone();
        // controller-gen lists no values in descriptions.
        if let Some(e) = enum_type
            .as_ref()
            .filter(|_| self.options.enums && !self.options.controller_gen)
        {
            lines.extend(e.description_lines());
        }
        let mut schema = Schema {
            description: self
                .description(&lines)
                .or_else(|| self.type_description(docs)),
            extensions: Self::type_extensions(docs, extensions(&m.comments)),
            ..Schema::default()
        };
        if json_tag_parts(m).get(1).is_some_and(|p| p == "string") {
            schema.schema_type = Some(SchemaType::Single("string".into()));
            return Ok(schema);
        }
        let omit_empty = omits_zero(m);
        schema.default = default_value(
            &self.types,
            &m.comments,
            &m.ty,
            omit_empty,
            !self.options.explicit_defaults_only,
            &owner.path,
            !self.options.controller_gen,
        )
        .map_err(at(&m.pos))?;
        let held = self.types.unpointed(&m.ty).map_err(at(&m.pos))?;
        if is_unknown_std(&held) {
            // Its schema is what the field's `Type=` tag says; lowering the tag sets it.
            if type_tag(&m.comments.lines).is_none() {
                return Err(Error::at(
                    &m.pos,
                    format!(
                        "field {}: kubeidl has no schema for the standard library's {}; say what its JSON is with +kubebuilder:validation:Type=string (or integer, object...)",
                        m.name,
                        held.go_string()
                    ),
                ));
            }
            return Ok(schema);
        }
        let resolved = self
            .types
            .resolve_alias_and_ptr(&m.ty)
            .map_err(at(&m.pos))?;
        if let Some((t, f)) = self.simple_type(&resolved).map_err(at(&m.pos))? {
            set_simple(&mut schema, t, f);
            if let Some(e) = enum_type {
                schema.enum_values = e.json_values();
                self.record_enum(&e);
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

    /// The `type` and `format` of a Go type that has a simple JSON form. controller-gen gives
    /// a format only to 32- and 64-bit integers, and floats only when allowed.
    fn simple_type(&self, resolved: &TypeExpr) -> Result<Option<(&'static str, &'static str)>> {
        let go = self.types.type_string(resolved);
        let Some((t, f)) = simple_type(&go) else {
            return Ok(None);
        };
        if t == "number" && self.options.refuse_floats {
            return Err(Error::new(format!(
                "{go} is a float, whose encoding differs across languages: serialize it as a string, or allow it with --allow-dangerous-types"
            )));
        }
        if !self.options.controller_gen {
            return Ok(Some((t, f)));
        }
        let format = match go.as_str() {
            "int32" | "uint32" => "int32",
            "int64" | "uint64" => "int64",
            _ if t == "integer" || t == "number" => "",
            _ => f,
        };
        Ok(Some((t, format)))
    }

    fn enum_type(&self, ty: &TypeExpr) -> Result<Option<EnumType>> {
        if !self.options.enums && !self.options.validations {
            return Ok(None);
        }
        let markers: &[&str] = if self.options.controller_gen {
            &["k8s:enum"]
        } else {
            &["enum", "k8s:enum"]
        };
        EnumType::of(&self.types, ty, &self.requested, markers)
    }

    /// `{"type": "object", "additionalProperties": <value>}`.
    fn map_schema(&mut self, map: &TypeExpr, schema: &mut Schema) -> Result<()> {
        let TypeExpr::Map(key, value) = self.types.underlying(map)? else {
            return Err(Error::new(format!("{} is not a map", map.go_string())));
        };
        let key_type = self.types.resolve_alias_and_ptr(&key)?;
        // Keys that encoding.TextMarshaler turns into strings are strings too.
        let text_key = self
            .types
            .own_json_type(&key)?
            .is_some_and(|t| t == "string");
        if key_type != TypeExpr::Builtin("string".into()) && !text_key {
            return Err(Error::new(format!(
                "map with non-string keys are not supported by OpenAPI: map[{}]{} (keys must be strings)",
                key.go_string(),
                value.go_string()
            )));
        }
        schema.schema_type = Some(SchemaType::Single("object".into()));
        let outer = self.here.clone();
        self.here.push_str("/additionalProperties");
        let values = self.element(&value);
        self.here = outer;
        schema.additional_properties = Some(Box::new(values?));
        Ok(())
    }

    /// `{"type": "array", "items": <element>}`.
    fn slice_schema(&mut self, slice: &TypeExpr, schema: &mut Schema) -> Result<()> {
        let elem = self.types.elem(slice)?;
        schema.schema_type = Some(SchemaType::Single("array".into()));
        let outer = self.here.clone();
        self.here.push_str("/items");
        let items = self.element(&elem);
        self.here = outer;
        schema.items = Some(Box::new(items?));
        Ok(())
    }

    /// The schema of a slice item or map value: its default, then a simple type, a reference, or
    /// a nested array or map. Elements never have descriptions.
    fn element(&mut self, elem: &TypeExpr) -> Result<Schema> {
        let comments = self.types.comments(elem)?;
        let package = self.types.package_of(elem)?;
        let docs = validations::type_docs(&self.types, elem, self.options.controller_gen)?;
        let default = default_value(
            &self.types,
            &comments,
            elem,
            false,
            !self.options.explicit_defaults_only,
            &package,
            !self.options.controller_gen,
        )
        .map_err(|e| Error {
            message: format!(
                "items or values of type {}: {}",
                elem.go_string(),
                e.message
            ),
            ..e
        })?;
        let mut schema = Schema {
            default,
            description: self.type_description(&docs),
            extensions: Self::type_extensions(&docs, Default::default()),
            ..Schema::default()
        };
        for k in 0..docs.len() {
            let via = self.via_to(&docs[..=k]);
            self.record_extensions(&docs[k].doc, &docs[k].file, &via);
        }
        if schema.default.is_some() {
            self.record_default(None, &docs);
        }
        let resolved = self.types.resolve_alias_and_ptr(elem)?;
        if let Some((t, f)) = self.simple_type(&resolved)? {
            set_simple(&mut schema, t, f);
            if let Some(e) = self.enum_type(elem)? {
                schema.enum_values = e.json_values();
                self.record_enum(&e);
            }
        } else {
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
        }
        if self.options.validations {
            self.lower_element(elem, &docs, &mut schema)?;
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

/// Validation tags: lowering them where they stand.
impl Walk<'_> {
    /// A place for tags on a value of type `ty`.
    fn place<'m>(
        &self,
        ty: &TypeExpr,
        scope: Scopes,
        json: Option<&'m str>,
        members: &'m [kubeidl::tags::lower::Member],
    ) -> Result<Place<'m>> {
        Ok(Place {
            scope,
            kind: validations::value_kind(&self.types, ty)?,
            json,
            name: None,
            elem: validations::elem_kind(&self.types, ty)?,
            members,
        })
    }

    /// Lowers tags and records the counts and errors; a type's tags reach every place that uses
    /// the type but are counted once.
    fn lower_at(
        &mut self,
        place: &Place<'_>,
        tags: &[At<SourcePos>],
        schema: &mut Schema,
    ) -> Lowered<SourcePos> {
        let lowered = lower(place, tags, schema);
        for o in &lowered.origins {
            self.origins
                .rules
                .entry((self.current.clone(), o.rule.clone()))
                .or_insert_with(|| (o.pos.clone(), o.authored));
        }
        let first = tags.first().map(|t| t.pos.clone());
        if first.is_none_or(|p| self.tally.first_time(p)) {
            self.tally.counts += lowered.counts;
            self.tally
                .lowered_at
                .extend(lowered.lowered_at.iter().cloned());
            for e in &lowered.errors {
                self.tally.errors.push(Error::at(&e.pos, e.message.clone()));
            }
            for w in &lowered.warnings {
                self.tally
                    .warnings
                    .push(Error::at(&w.pos, w.message.clone()).to_string());
            }
        }
        lowered
    }

    /// Reads one comment's tags and lowers them.
    fn lower_doc(
        &mut self,
        doc: &Doc,
        file: &Arc<std::path::PathBuf>,
        place: &Place<'_>,
        schema: &mut Schema,
    ) -> Lowered<SourcePos> {
        let (mut errors, mut unknown) = (Vec::new(), Vec::new());
        let mut tags = validations::read_tags(
            doc,
            file,
            &mut errors,
            self.options.controller_gen.then_some(&mut unknown),
        );
        if self.options.shadowed {
            tags = unshadow(tags);
        }
        self.tally.push_errors(errors);
        for warning in unknown {
            self.tally.warn_once(warning.to_string());
        }
        let lowered = self.lower_at(place, &tags, schema);
        self.record_lowered(doc, file, place, &tags, &lowered);
        lowered
    }

    /// The steps from the field being built through `chain`, the aliases up to the type whose
    /// tags are read.
    fn via_to(&self, chain: &[TypeDoc]) -> Vec<Step> {
        self.use_site
            .iter()
            .cloned()
            .chain(chain.iter().map(|d| Step {
                text: format!("type {}", d.name),
                pos: d.pos.clone(),
            }))
            .collect()
    }

    /// Where what lowering `tags` wrote came from: each keyword, rule and presence, at the tag
    /// that wrote it.
    fn record_lowered(
        &mut self,
        doc: &Doc,
        file: &Arc<std::path::PathBuf>,
        place: &Place<'_>,
        tags: &[At<SourcePos>],
        lowered: &Lowered<SourcePos>,
    ) {
        let origin = |pos: &SourcePos| {
            let at = tags.iter().find(|t| t.pos == *pos)?;
            let index = doc.starts.iter().position(|s| s.line == pos.line)?;
            Origin::tag(
                doc,
                file,
                index,
                at.tag.offset,
                Some(at.tag.dialect.describe()),
                &self.via,
            )
        };
        let mut found = Vec::new();
        for k in &lowered.keywords {
            if let Some(o) = origin(&k.pos) {
                found.push((format!("{}{}", self.here, k.pointer), o));
            }
        }
        for (pointer, o) in found {
            self.provenance.node(&self.current, pointer, o);
        }
        for r in &lowered.origins {
            if let Some(o) = origin(&r.pos) {
                self.provenance.rule(&self.current, &self.here, &r.rule, o);
            }
        }
        if let (Some(pos), Some(json)) = (&lowered.presence_at, place.json) {
            if let Some(o) = origin(pos) {
                self.provenance.required(&self.current, json, o);
            }
        }
    }

    /// Where each extension openapi-gen reads from a comment (`+listType=atomic`) came from:
    /// the line that gives it, at the node being built.
    fn record_extensions(&mut self, doc: &Doc, file: &Arc<std::path::PathBuf>, via: &[Step]) {
        for (i, line) in doc.lines.iter().enumerate() {
            for key in extensions(std::slice::from_ref(line)).keys() {
                let offset = line.find('+').unwrap_or(0);
                if let Some(o) = Origin::tag(doc, file, i, offset, Some("openapi-gen"), via) {
                    let pointer =
                        format!("{}/{}", self.here, kubeidl::document::pointer_token(key));
                    self.provenance.node(&self.current, pointer, o);
                }
            }
        }
    }

    /// The `+default` tag behind the `default` of the node being built: on the field (`own`: its
    /// comment and file), else on the first type along `docs` (the aliases and defined type the
    /// use goes through) that carries one, as [`default_value`] looks for it. A default no tag
    /// gave (the zero value openapi-gen enforces) stays with the declaration.
    fn record_default(&mut self, own: Option<(&Doc, &Arc<std::path::PathBuf>)>, docs: &[TypeDoc]) {
        let on_field = own.and_then(|(doc, file)| {
            let at = comment_tags::line_of(&doc.lines, "default")?;
            Some((doc, file, at, Vec::new()))
        });
        let found = match on_field {
            Some(found) => Some(found),
            None => docs.iter().enumerate().find_map(|(k, d)| {
                let at = comment_tags::line_of(&d.doc.lines, "default")?;
                Some((&d.doc, &d.file, at, self.via_to(&docs[..=k])))
            }),
        };
        let Some((doc, file, (index, offset), via)) = found else {
            return;
        };
        if let Some(o) = Origin::tag(doc, file, index, offset, Some("openapi-gen"), &via) {
            let pointer = format!("{}/default", self.here);
            self.provenance.node(&self.current, pointer, o);
        }
    }

    /// The `+enum` marker of an enum type, for the `enum` of the node being built.
    fn record_enum(&mut self, e: &EnumType) {
        let Some((index, offset)) = e.marker else {
            return;
        };
        let mut via = self.via_to(&[]);
        via.push(Step {
            text: format!("type {}", e.decl.name),
            pos: e.decl.pos.clone(),
        });
        if let Some(o) = Origin::tag(
            &e.decl.comments,
            &e.decl.pos.file,
            index,
            offset,
            Some("openapi-gen"),
            &via,
        ) {
            let pointer = format!("{}/enum", self.here);
            self.provenance.node(&self.current, pointer, o);
        }
    }

    /// The tags of the aliases and defined non-struct type a use of a type goes through
    /// (`validations::type_docs`), at a place holding that type; they stand on the type, whatever
    /// the use.
    fn lower_type_uses(&mut self, docs: &[TypeDoc], place: &Place<'_>, schema: &mut Schema) {
        let place = Place {
            scope: Scopes::TYPE,
            json: None,
            name: None,
            ..*place
        };
        for k in 0..docs.len() {
            self.via = self.via_to(&docs[..=k]);
            self.lower_doc(&docs[k].doc, &docs[k].file, &place, schema);
        }
        self.via.clear();
    }

    /// The tags of a list item's or map value's type, onto its schema.
    fn lower_element(
        &mut self,
        elem: &TypeExpr,
        docs: &[TypeDoc],
        schema: &mut Schema,
    ) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        let members = validations::members(&self.types, elem)?;
        let place = self.place(elem, Scopes::TYPE, None, &members)?;
        self.lower_type_uses(docs, &place, schema);
        Ok(())
    }

    /// A JSON name that more than one member has (a field beside one of an inline-embedded
    /// struct): controller-gen merges an embedded struct's schema into the embedding one's
    /// before the embedding struct's own fields (an embedded struct's own embedded ones first),
    /// and the first description merged stays (crd/flatten.go flattenAllOfInto merges no
    /// descriptions), so the property is described as that first member is. Its schema is the
    /// one Go's rule chose (the shallowest member).
    fn embedded_first_descriptions(
        &mut self,
        members: &[Field],
        schema: &mut Schema,
    ) -> Result<()> {
        fn order(this: &Walk<'_>, members: &[Field], out: &mut Vec<(String, Field)>) -> Result<()> {
            for m in members {
                if !is_inline(m) || comment_tags::has_openapi_gen(&m.comments, "false") {
                    continue;
                }
                let inner = this.types.unpointed(&m.ty).map_err(at(&m.pos))?;
                let fields = this.types.members(&inner).map_err(at(&m.pos))?;
                order(this, &fields, out)?;
            }
            for m in members {
                if is_inline(m) || comment_tags::has_openapi_gen(&m.comments, "false") {
                    continue;
                }
                if let Some(name) = json_name(m) {
                    out.push((name, m.clone()));
                }
            }
            Ok(())
        }
        let mut merged = Vec::new();
        order(self, members, &mut merged)?;
        let mut seen: HashSet<&str> = HashSet::new();
        for (i, (name, field)) in merged.iter().enumerate() {
            if !seen.insert(name) || !merged[i + 1..].iter().any(|(n, _)| n == name) {
                continue;
            }
            let docs =
                validations::type_docs(&self.types, &field.ty, true).map_err(at(&field.pos))?;
            let description = self
                .description(&field.comments)
                .or_else(|| self.type_description(&docs));
            if let Some(property) = schema.properties.get_mut(name) {
                property.description = description;
            }
        }
        Ok(())
    }

    /// The tags on the declarations of the structs `members` inline (depth first, in member
    /// order), onto the inlining struct's definition after its own: controller-gen merges an
    /// inline-embedded struct's schema into the embedding one's, its rules after the embedding
    /// struct's own.
    fn lower_inlined_types(&mut self, members: &[Field], schema: &mut Schema) -> Result<()> {
        for m in members {
            if !is_inline(m) || comment_tags::has_openapi_gen(&m.comments, "false") {
                continue;
            }
            let inner = self.types.unpointed(&m.ty).map_err(at(&m.pos))?;
            let TypeExpr::Named { package, name } = &inner else {
                continue;
            };
            if is_std(package) {
                continue;
            }
            let pkg = self.types.declaring(package, name).map_err(at(&m.pos))?;
            let Some(decl) = pkg.types.get(name.as_str()) else {
                continue;
            };
            self.lower_type(&inner, decl, schema)?;
            let fields = self.types.members(&inner).map_err(at(&m.pos))?;
            self.lower_inlined_types(&fields, schema)?;
        }
        Ok(())
    }

    /// The tags on a struct type's own declaration, onto its definition.
    fn lower_type(&mut self, ty: &TypeExpr, decl: &TypeDecl, schema: &mut Schema) -> Result<()> {
        let members = validations::members(&self.types, ty).map_err(at(&decl.pos))?;
        let place = self
            .place(ty, Scopes::TYPE, None, &members)
            .map_err(at(&decl.pos))?;
        let doc = decl.comments.with_kubebuilder_markers(&decl.above);
        if !self.options.controller_gen {
            self.lower_doc(&doc, &decl.pos.file, &place, schema);
            return Ok(());
        }
        // The one-of rules this type's markers give, as the release writes and orders them.
        let rules_before = rule_count(schema);
        self.lower_doc(&doc, &decl.pos.file, &place, schema);
        if let Some(Value::Array(rules)) = schema.extensions.get_mut(RULES) {
            let release = self
                .options
                .controller_gen_release
                .unwrap_or_else(crate::controller_gen::newest);
            let mut own = rules.split_off(rules_before.min(rules.len()));
            for marker in crate::controller_gen::one_of_rules(release, &mut own) {
                self.tally.warn_once(format!(
                    "{}: {marker} on {} is left out: controller-gen {} does not know the marker",
                    decl.pos, decl.name, release.name
                ));
            }
            rules.extend(own);
        }
        Ok(())
    }

    /// A field's own tags and those its type brings, onto its property; what it asks of the
    /// struct into `rules` and `parent`'s required list.
    fn lower_field(
        &mut self,
        m: &Field,
        json: &str,
        docs: &[TypeDoc],
        property: &mut Schema,
        parent: &mut Schema,
        rules: &mut StructRules,
    ) -> Result<()> {
        let members = validations::members(&self.types, &m.ty).map_err(at(&m.pos))?;
        let place = Place {
            name: Some(&m.name),
            ..self
                .place(&m.ty, Scopes::FIELD, Some(json), &members)
                .map_err(at(&m.pos))?
        };
        let mut lowered = if docs.is_empty() {
            self.lower_doc(&m.comments, &m.pos.file, &place, property)
        } else {
            // The type's tags and the field's are lowered apart and merged as a use of the
            // type, so a field may narrow what its type allows (both kept, in `allOf`).
            let base = property.clone();
            self.lower_type_uses(docs, &place, property);
            let mut own = base.clone();
            let lowered = self.lower_doc(&m.comments, &m.pos.file, &place, &mut own);
            match merge_use(property.clone(), changed_keywords(&base, &own)) {
                Ok(merged) => *property = merged,
                Err(conflict) => self.tally.errors.push(Error::at(
                    &m.pos,
                    format!(
                        "field {}: its tags and those of its type {} disagree: {}",
                        m.name,
                        m.ty.go_string(),
                        describe_conflict(&conflict)
                    ),
                )),
            }
            lowered
        };
        lowered.apply_presence(json, &mut parent.required);
        if !lowered.overrides.is_empty() {
            self.overrides.push(PendingOverride {
                owner: self.current.clone(),
                field: json.to_string(),
                overrides: std::mem::take(&mut lowered.overrides),
                pos: m.pos.clone(),
            });
        }
        if self.options.controller_gen {
            // controller-gen's reading of `+k8s:immutable` on a field.
            let presence = immutable_presence(json);
            if let Some(i) = lowered.parent_rules.iter().position(|r| *r == presence) {
                lowered.parent_rules.remove(i);
                let optional = is_optional(m).unwrap_or(false);
                if let Some(rule) = controller_gen_immutable_presence(json, optional) {
                    lowered.parent_rules.insert(i, rule);
                }
            }
        }
        let item_rules = lowered.item_union_rules();
        rules.rules.extend(lowered.parent_rules);
        rules.unions.extend(
            lowered
                .union
                .into_iter()
                .map(|r| UnionMember::field(json, r)),
        );
        match item_rules {
            Ok(r) => add_rules(property, r),
            Err(e) => self.tally.errors.push(Error::at(&m.pos, e)),
        }
        if validations::strips_zero(&self.types, m, place.kind).map_err(at(&m.pos))? {
            property.extensions.insert(
                "x-kubernetes-strip-zero".into(),
                serde_json::Value::Bool(true),
            );
        }
        Ok(())
    }

    /// The rules the fields of a struct asked for, onto its definition.
    fn struct_rules(&mut self, decl: &TypeDecl, rules: StructRules, schema: &mut Schema) {
        add_rules(schema, rules.rules);
        match union_rules(&rules.unions) {
            Ok(r) => add_rules(schema, r),
            Err(e) => self.tally.errors.push(Error::at(&decl.pos, e)),
        }
    }
}

/// openapi-gen's `OpenAPITypeFormat` table.
pub(super) fn simple_type(type_string: &str) -> Option<(&'static str, &'static str)> {
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

/// The keywords `changed` sets that `base` does not have, or has with another value.
fn changed_keywords(base: &Schema, changed: &Schema) -> Schema {
    let (Value::Object(before), Value::Object(mut after)) = (base.to_json(), changed.to_json())
    else {
        unreachable!("a schema is a JSON object")
    };
    after.retain(|key, value| before.get(key) != Some(value));
    Schema::from_json(&Value::Object(after)).unwrap_or_else(|_| changed.clone())
}

fn describe_conflict(conflict: &UseConflict) -> String {
    match conflict {
        UseConflict::Type { field, base } => {
            format!("the field says type {field}, its type {base}")
        }
        UseConflict::Keyword(key) => format!("both set {key:?}, to different values"),
        UseConflict::Unreadable(message) => message.clone(),
    }
}

const RULES: &str = "x-kubernetes-validations";

/// How many rules a schema has.
fn rule_count(schema: &Schema) -> usize {
    match schema.extensions.get(RULES) {
        Some(Value::Array(rules)) => rules.len(),
        _ => 0,
    }
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
