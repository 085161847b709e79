//! The definition of a derived struct, built at expansion time as the Go generator builds the
//! definition of the struct's Go twin: description, properties, `required`, enforced and tagged
//! defaults, extensions, and every validation tag lowered by the runtime's one lowering. Types
//! the macro cannot see (named field types, flattened types) become placeholders the runtime
//! fills in when it assembles the document.

use crate::container::{Container, Field};
use crate::docs::Docs;
use crate::shape::Shape;
use kubeidl::comments::defaults::{json_equal, normalize_numbers};
use kubeidl::comments::tags as comment_tags;
use kubeidl::comments::{description, extensions};
use kubeidl::schema::{ref_target, wrap_refs, Schema, SchemaType};
use kubeidl::tags::lower::{
    add_rules, lower, named_members, needs_members, union_rules, At, Lowered, Place, UnionMember,
    Validation, ValueKind,
};
use kubeidl::tags::read::read_line;
use kubeidl::tags::registry::Scopes;
use kubeidl::typed::__private::{flatten_placeholder, placeholder, schema_with_placeholder};
use proc_macro2::Span;
use serde_json::Value;
use syn::Type;

/// A definition built at expansion time.
pub struct Built {
    pub schema: Schema,
    /// The types `$ref` placeholders stand for, in placeholder order.
    pub refs: Vec<Type>,
    /// The `#[serde(flatten)]` types, in placeholder order.
    pub flattened: Vec<Type>,
    /// The wire names of the fields whose default a tag gives (`+default`,
    /// `+kubebuilder:default`): a CRD keeps only these.
    pub tagged_defaults: Vec<String>,
    /// The fields whose tags look into their types' members, lowered when the document is
    /// assembled.
    pub deferred: Vec<Deferred>,
    /// The fields whose schema a function writes, written when the document is assembled.
    pub schema_with: Vec<crate::schema_with::SchemaWithField>,
}

/// A field whose type is a named type, which one derive cannot see into: a struct, whose members
/// tags may look into (`+k8s:subfield`, `+k8s:item`, `+nameFormat`), or an inline type (a string
/// enum, a newtype), whose kind the field's tags need. Its tags are lowered (and checked) here as
/// for a struct, those needing members left out; the runtime lowers all of them again, in order,
/// when they need members or the type is inline.
pub struct Deferred {
    pub wire: String,
    /// The property before any tag.
    pub before: Schema,
    /// The field's doc lines.
    pub doc: Vec<String>,
    /// The field's tag lines.
    pub tags: Vec<String>,
    pub go_name: String,
    pub kind: ValueKind,
    pub elem: Option<ValueKind>,
    pub pointer: bool,
    pub omit_empty: bool,
    /// The placeholder index of the named type, and where it stands in the field's shape.
    pub named: usize,
    pub named_at: NamedAt,
    pub needs_members: bool,
    /// The named type.
    pub members_of: Type,
    /// Whether the field's tags add to its property (its value checks are then the walk's
    /// when the type is inline).
    pub tagged: bool,
    /// What is wrong with the field's tags and default if its type is a struct but holds for
    /// an inline type, at the doc line: asserted at compile time, once the type is known.
    pub struct_only: Vec<(Span, String)>,
    /// The member names the tags give, each with its doc line and the error if there is no
    /// such member: checked at compile time against the type's `MEMBER_NAMES`.
    pub names: Vec<(Span, String, String)>,
}

/// Where a field's named type stands in its shape.
#[derive(Clone, Copy, Debug)]
pub enum NamedAt {
    Top,
    Elem,
    Deeper,
}

impl NamedAt {
    fn of(shape: &Shape) -> NamedAt {
        match shape.required() {
            Shape::List(e) | Shape::Map(e) if matches!(e.required(), Shape::Named(_)) => {
                NamedAt::Elem
            }
            Shape::Named(_) => NamedAt::Top,
            _ => NamedAt::Deeper,
        }
    }
}

/// The schema of a value of `shape` (a newtype's field), with the types it refers to in
/// placeholder order.
pub fn value_schema(shape: &Shape) -> (Schema, Vec<Type>) {
    let mut b = Builder::new();
    let mut schema = Schema::default();
    b.shape(shape, &mut schema);
    (schema, b.refs)
}

/// The tags of a type's doc comment lowered onto `schema` at `place` (checked as the type
/// compiles, each error at its doc line): the tag lines, which the runtime lowers again at each
/// use of an inline type.
pub fn type_tags(docs: &Docs, place: &Place<'_>, schema: &mut Schema) -> syn::Result<Vec<String>> {
    let mut b = Builder::new();
    let tags = b.read_tags(docs);
    b.lower_tags(place, &tags, schema);
    match b.errors {
        Some(e) => Err(e),
        None => Ok(tags.iter().map(|(_, i)| docs.lines[*i].clone()).collect()),
    }
}

struct Builder {
    refs: Vec<Type>,
    deferred: Vec<Deferred>,
    errors: Option<syn::Error>,
    /// What is wrong with the current field only if its named type is a struct.
    struct_only: Vec<(Span, String)>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            refs: Vec::new(),
            deferred: Vec::new(),
            errors: None,
            struct_only: Vec::new(),
        }
    }

    fn error(&mut self, span: Span, message: impl std::fmt::Display) {
        crate::combine(&mut self.errors, syn::Error::new(span, message));
    }
}

/// Builds the definition of `c`.
pub fn build(c: &Container<'_>) -> syn::Result<Built> {
    let mut b = Builder::new();
    let mut schema = Schema {
        description: description(&c.docs.lines),
        schema_type: Some(SchemaType::Single("object".into())),
        ..Schema::default()
    };
    let mut rules: Vec<Validation> = Vec::new();
    let mut unions: Vec<UnionMember> = Vec::new();
    let mut flattened = Vec::new();
    let mut tagged_defaults = Vec::new();
    let mut schema_with = Vec::new();
    for f in &c.fields {
        if comment_tags::has_openapi_gen(&f.docs.lines, "false") {
            continue;
        }
        if f.flatten {
            schema.required.push(flatten_placeholder(flattened.len()));
            flattened.push(f.ty.clone());
            continue;
        }
        if !f.optional {
            schema.required.push(f.wire.clone());
        }
        if ["default", "kubebuilder:default"]
            .iter()
            .any(|tag| comment_tags::has(&f.docs.lines, tag))
        {
            tagged_defaults.push(f.wire.clone());
        }
        let mut property = b.property(f);
        if let Some(attr) = &f.schema_with {
            match crate::schema_with::SchemaWithField::new(f, attr, &property) {
                Ok(field) => schema_with.push(field),
                Err(e) => crate::combine(&mut b.errors, e),
            }
        }
        b.lower_field(f, &mut property, &mut schema, &mut rules, &mut unions);
        if schema.properties.insert(f.wire.clone(), property).is_some() {
            b.error(
                f.span,
                format!("two members are named {:?} in JSON", f.wire),
            );
        }
    }
    add_rules(&mut schema, rules);
    match union_rules(&unions) {
        Ok(r) => add_rules(&mut schema, r),
        Err(e) => b.error(c.ident.span(), e),
    }
    let from_fields = std::mem::replace(&mut schema.extensions, extensions(&c.docs.lines));
    schema.extensions.extend(from_fields);
    let members = c.members();
    let place = Place {
        scope: Scopes::TYPE,
        kind: ValueKind::Struct,
        json: None,
        name: None,
        elem: None,
        members: &members,
    };
    b.lower_docs(&c.docs, &place, &mut schema);
    wrap_refs(&mut schema);
    match b.errors {
        Some(e) => Err(e),
        None => Ok(Built {
            schema,
            refs: b.refs,
            flattened,
            tagged_defaults,
            deferred: b.deferred,
            schema_with,
        }),
    }
}

impl Builder {
    fn property(&mut self, f: &Field) -> Schema {
        let mut schema = Schema {
            description: description(&f.docs.lines),
            extensions: extensions(&f.docs.lines),
            ..Schema::default()
        };
        schema.default = self.default_value(f);
        self.shape(f.shape.required(), &mut schema);
        schema
    }

    /// The tagged default, or the zero value openapi-gen enforces on non-pointer members.
    fn default_value(&mut self, f: &Field) -> Option<Value> {
        let enforced = enforced_default(&f.shape, f.omit_empty());
        let span = f.docs.span_of("default").unwrap_or(f.span);
        let tag = match comment_tags::single(&f.docs.lines, "default") {
            Ok(t) => t.filter(|t| !t.is_empty()),
            Err(e) => {
                self.error(span, e);
                return enforced;
            }
        };
        let Some(tag) = tag else { return enforced };
        if tag.starts_with("ref(") {
            self.error(
                span,
                "+default=ref(...) names a Go constant, which a Rust struct does not have: write the JSON value",
            );
            return enforced;
        }
        let value = match serde_json::from_str::<Value>(tag) {
            Ok(v) => normalize_numbers(v),
            Err(e) => {
                self.error(span, format!("failed to unmarshal +default={tag}: {e}"));
                return enforced;
            }
        };
        match enforced {
            Some(enforced) if !json_equal(&value, &enforced) => {
                let message = format!("invalid +default={value} for a non-pointer, non-omitempty field: if specified, it must be {enforced}");
                // An omitempty use of an inline type enforces no default.
                if f.omit_empty() && matches!(f.shape, Shape::Named(_)) {
                    self.struct_only.push((span, message));
                    return Some(value);
                }
                self.error(span, message);
                Some(enforced)
            }
            _ => Some(value),
        }
    }

    /// Type, format, items, values or reference of a (non-optional) shape.
    fn shape(&mut self, shape: &Shape, schema: &mut Schema) {
        match shape {
            Shape::Scalar(s) => {
                schema.schema_type = Some(SchemaType::Single(s.openapi.to_string()));
                schema.format = (!s.format.is_empty()).then(|| s.format.to_string());
            }
            Shape::List(elem) => {
                schema.schema_type = Some(SchemaType::Single("array".into()));
                schema.items = Some(Box::new(self.element(elem)));
            }
            Shape::Map(elem) => {
                schema.schema_type = Some(SchemaType::Single("object".into()));
                schema.additional_properties = Some(Box::new(self.element(elem)));
            }
            Shape::Named(ty) | Shape::Apimachinery(ty) => {
                let key = quote::quote!(#ty).to_string();
                let index = match self
                    .refs
                    .iter()
                    .position(|t| quote::quote!(#t).to_string() == key)
                {
                    Some(i) => i,
                    None => {
                        self.refs.push((**ty).clone());
                        self.refs.len() - 1
                    }
                };
                schema.reference = Some(ref_target(&placeholder(index)));
            }
            Shape::Custom => {
                schema.reference = Some(ref_target(&schema_with_placeholder()));
            }
            Shape::Optional(inner) => self.shape(inner, schema),
        }
    }

    /// A list item or map value: its enforced default and its shape; never a description.
    fn element(&mut self, shape: &Shape) -> Schema {
        let mut schema = Schema {
            default: enforced_default(shape, false),
            ..Schema::default()
        };
        self.shape(shape.required(), &mut schema);
        schema
    }

    /// Reads the validation tags of `docs` and lowers them onto `schema`.
    fn lower_docs(&mut self, docs: &Docs, place: &Place<'_>, schema: &mut Schema) -> Lowered<Span> {
        let tags = self.read_tags(docs);
        self.lower_tags(place, &tags, schema)
    }

    /// The validation tags of `docs`, each with its doc line's span and index.
    fn read_tags(&mut self, docs: &Docs) -> Vec<(At<Span>, usize)> {
        let mut tags = Vec::new();
        for (i, (line, span)) in docs.lines.iter().zip(&docs.spans).enumerate() {
            match read_line(line) {
                Ok(Some(tag)) => tags.push((At { tag, pos: *span }, i)),
                Ok(None) => {}
                Err(e) => self.error(*span, format!("{} (in `{}`)", e.message, line.trim())),
            }
        }
        tags
    }

    /// Lowers `tags` onto `schema`, reporting what cannot be.
    fn lower_tags(
        &mut self,
        place: &Place<'_>,
        tags: &[(At<Span>, usize)],
        schema: &mut Schema,
    ) -> Lowered<Span> {
        let tags: Vec<At<Span>> = tags.iter().map(|(t, _)| t.clone()).collect();
        let lowered = lower(place, &tags, schema);
        for e in &lowered.errors {
            self.error(e.pos, &e.message);
        }
        lowered
    }

    /// The tags of a field of a named type, which may be a struct or an inline type of any
    /// kind: lowered for a struct; when only a struct refuses them, lowered for a value of any
    /// kind, and the struct's errors kept for a compile-time assertion that the type is inline
    /// (the runtime lowers them again with its kind).
    fn lower_named(
        &mut self,
        place: &Place<'_>,
        named_at: NamedAt,
        tags: &[(At<Span>, usize)],
        property: &mut Schema,
    ) -> Lowered<Span> {
        let any = match named_at {
            NamedAt::Top => Place {
                kind: ValueKind::Other,
                elem: None,
                ..*place
            },
            NamedAt::Elem => Place {
                elem: Some(ValueKind::Other),
                ..*place
            },
            NamedAt::Deeper => return self.lower_tags(place, tags, property),
        };
        let tags_only: Vec<At<Span>> = tags.iter().map(|(t, _)| t.clone()).collect();
        let mut for_struct = property.clone();
        let lowered = lower(place, &tags_only, &mut for_struct);
        if lowered.errors.is_empty() {
            *property = for_struct;
            return lowered;
        }
        let mut for_any = property.clone();
        let lowered_any = lower(&any, &tags_only, &mut for_any);
        if !lowered_any.errors.is_empty() {
            return self.lower_tags(place, tags, property);
        }
        self.struct_only
            .extend(lowered.errors.iter().map(|e| (e.pos, e.message.clone())));
        *property = for_any;
        lowered_any
    }

    /// A field's tags onto its property; what they ask of the struct into `parent`'s
    /// `required`, `rules` and `unions`.
    fn lower_field(
        &mut self,
        f: &Field,
        property: &mut Schema,
        parent: &mut Schema,
        rules: &mut Vec<Validation>,
        unions: &mut Vec<UnionMember>,
    ) {
        let go_name = f.go_name.clone();
        let place = Place {
            scope: Scopes::FIELD,
            kind: f.shape.kind(),
            json: Some(&f.wire),
            name: Some(&go_name),
            elem: f.shape.elem_kind(),
            members: &[],
        };
        let strips_zero = !f.is_pointer() && place.kind.strips_zero();
        let tags = self.read_tags(&f.docs);
        let needs = tags.iter().any(|(t, _)| needs_members(&t.tag));
        let deferred = f.shape.struct_type().map(|ty| {
            let key = quote::quote!(#ty).to_string();
            Deferred {
                wire: f.wire.clone(),
                before: property.clone(),
                doc: f.docs.lines.clone(),
                tags: tags.iter().map(|(_, i)| f.docs.lines[*i].clone()).collect(),
                go_name: go_name.clone(),
                kind: place.kind,
                elem: place.elem,
                pointer: f.is_pointer(),
                omit_empty: f.omit_empty(),
                named: self
                    .refs
                    .iter()
                    .position(|t| quote::quote!(#t).to_string() == key)
                    .expect("the shape put the named type among the references"),
                named_at: NamedAt::of(&f.shape),
                needs_members: needs,
                members_of: ty.clone(),
                tagged: false,
                struct_only: Vec::new(),
                names: tags
                    .iter()
                    .flat_map(|(t, _)| named_members(&t.tag).into_iter().map(|n| (t.pos, n)))
                    .map(|(span, (name, message))| (span, name, message))
                    .collect(),
            }
        });
        let rest: Vec<_> = tags
            .iter()
            .filter(|(t, _)| !needs || !needs_members(&t.tag))
            .cloned()
            .collect();
        let before = property.clone();
        let lowered = match &deferred {
            Some(d) => self.lower_named(&place, d.named_at, &rest, property),
            None => self.lower_tags(&place, &rest, property),
        };
        let struct_only = std::mem::take(&mut self.struct_only);
        let deferred = deferred.map(|d| Deferred {
            tagged: *property != before,
            struct_only,
            ..d
        });
        lowered.apply_presence(&f.wire, &mut parent.required);
        let item_rules = lowered.item_union_rules();
        rules.extend(lowered.parent_rules);
        unions.extend(
            lowered
                .union
                .into_iter()
                .map(|r| UnionMember::field(&f.wire, r)),
        );
        match item_rules {
            Ok(r) => add_rules(property, r),
            Err(e) => self.error(f.span, e),
        }
        if strips_zero {
            property
                .extensions
                .insert("x-kubernetes-strip-zero".into(), Value::Bool(true));
        }
        if let Some(d) = deferred {
            self.deferred.push(d);
        }
    }
}

/// openapi-gen's `mustEnforceDefault`: the zero value of a non-pointer scalar (unless
/// `omitempty`) and `{}` for a struct; nothing for pointers, lists, maps and types with a
/// hand-written `UnmarshalJSON` (the apimachinery types).
pub fn enforced_default(shape: &Shape, omit_empty: bool) -> Option<Value> {
    match shape {
        // A function's schema gives its own default, if any.
        Shape::Optional(_)
        | Shape::List(_)
        | Shape::Map(_)
        | Shape::Apimachinery(_)
        | Shape::Custom => None,
        Shape::Scalar(s) if omit_empty || s.rust == "Vec<u8>" => None,
        Shape::Scalar(s) => Some(s.zero()),
        Shape::Named(_) => Some(Value::Object(serde_json::Map::new())),
    }
}
