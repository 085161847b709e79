//! What the derive macro's generated code calls; not a stable interface.

use super::inline::Refs;
use crate::errors::BadValue;
use crate::schema::{wrap_refs, Schema};
use crate::tags::lower::{add_rules, lower, retarget, variant, variant_name, At, Override, Place};
use crate::tags::read::read_line;
use crate::tags::registry::Scopes;
use std::collections::BTreeMap;

pub use super::inline::{Inline, Ref};
pub use super::schema_with::{
    placeholder as schema_with_placeholder, written_definition, SchemaWith, SerializedField,
};
pub use crate::cel::native::{object as native_object, NativeObject, NativeRule, ToCel};
pub use crate::cel::{decl::Decl, Value as CelValue};
pub use crate::tags::lower::{Member, ValueKind};
pub use crate::validate::{custom_errors, messages, TypeRules};
pub use regex::Regex;
pub use std::sync::OnceLock;

#[cfg(feature = "kube")]
pub use schemars;

/// schemars' form of `T`'s [`super::structural_schema`] (the `kube` feature's `JsonSchema`).
/// A type that contains itself has no structural schema: kube-rs' CRD could not hold it.
#[cfg(feature = "kube")]
pub fn json_schema<T: super::Definition + ?Sized>() -> schemars::Schema {
    let schema = super::structural_schema::<T>().unwrap_or_else(|e| panic!("kubeidl: {e}"));
    schemars::Schema::try_from(schema.to_json()).expect("a schema is a JSON object")
}

/// `Validate::validate`: the value checks, the list types, then the rules, unless
/// `Validate::rules_pass_natively` settles them: when every rule the value reaches ran as Rust
/// and passed, and nothing blocks them, there is nothing to add; otherwise (a rule failed or
/// could not run as Rust) the rules are evaluated, which gives the errors.
#[inline]
pub fn validate_with<T: super::Validate + ?Sized>(value: &T) -> Vec<crate::errors::FieldError> {
    validate_in(value, &crate::validate::Path::ROOT)
}

/// [`validate_with`] for a value standing at `at` in a larger object: value checks name their
/// fields from the object's root (in paths and in texts such as `spec.replicas in body`), and
/// the paths of rule errors, which the rules give from the value, are joined under `at`. The
/// note that rules were skipped stays at the root, where the apiserver gives it once per object.
#[inline]
pub fn validate_in<T: super::Validate + ?Sized>(
    value: &T,
    at: &crate::validate::Path<'_>,
) -> Vec<crate::errors::FieldError> {
    let mut errors = Vec::new();
    value.validate_at(at, &mut errors);
    value.lists_at(at, &mut errors);
    let rules = T::rules();
    if rules.is_empty() {
        return errors;
    }
    if !crate::validate::blocks_rules(&errors) {
        if let Some(cost) = value.rules_pass_natively() {
            // Within one call's limit, so within every limit the evaluation would apply.
            if cost <= crate::cel::PER_CALL_LIMIT {
                return errors;
            }
        }
    }
    let mut report = crate::validate::Report {
        errors,
        warnings: Vec::new(),
    };
    let value_checks = report.errors.len();
    rules.check(&value.to_cel(rules.decl()), None, &mut report);
    if !at.is_root() && !crate::validate::blocks_rules(&report.errors[..value_checks]) {
        let base = at.field_path(crate::validate::Keys::AsFields);
        for e in &mut report.errors[value_checks..] {
            e.path = base.join(&e.path);
        }
    }
    report.errors
}

/// The rules of `T`, compiled from its document (the macro stores them once per type).
pub fn compile_rules<T: super::Definition>() -> crate::validate::TypeRules {
    match crate::validate::TypeRules::compile(checked_against::<T>(), &T::definition_name()) {
        Ok(rules) => rules,
        Err(errors) => rules_do_not_compile::<T>(&errors),
    }
}

/// The rules of `T` were checked when it derived; one that does not compile here is a bug.
fn rules_do_not_compile<T: super::Definition>(errors: &[crate::validate::RuleCompileError]) -> ! {
    let listed: Vec<String> = errors
        .iter()
        .map(|e| format!("{}: {}: {}", e.path, e.rule, e.error))
        .collect();
    panic!(
        "the CEL rules of {} do not compile:\n{}",
        T::definition_name(),
        listed.join("\n")
    )
}

/// The definitions a value of `T` alone is checked against: `T`'s document, holding, for an
/// inline type, its schema (tags lowered) under its definition name.
fn checked_against<T: super::Definition>() -> BTreeMap<String, Schema> {
    let mut definitions = T::openapi_schema().schemas;
    if let Some(inline) = T::inline() {
        definitions.insert(T::definition_name(), inline.standalone());
    }
    definitions
}

/// The schema walk of a value of `T` as JSON (`Validate::validate_json`): `T`'s definition,
/// compiled once per type by the caller.
pub fn json_validator<T: super::Definition>() -> crate::validate::Validator {
    let definitions: std::collections::HashMap<String, Schema> =
        checked_against::<T>().into_iter().collect();
    crate::validate::Validator::with_definitions(
        &Schema::reference_to(&T::definition_name()),
        std::sync::Arc::new(definitions),
    )
    .unwrap_or_else(|errors| rules_do_not_compile::<T>(&errors))
}

pub use serde_json::Value as JsonValue;

/// A JSON value the macro wrote as text.
pub fn json_literal(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("the derive macro writes valid JSON")
}

/// A float as the apiserver shows a bad value.
pub fn bad_float(value: f64) -> BadValue {
    BadValue::of_json(&serde_json::json!(value))
}

/// The stand-in definition name the macro writes for the `i`-th type a definition refers to.
pub fn placeholder(i: usize) -> String {
    format!("kubeidl-derive-ref-{i}")
}

/// The stand-in entry of `required` where the `i`-th flattened type's required members go.
pub fn flatten_placeholder(i: usize) -> String {
    format!("\u{0}kubeidl-derive-flatten-{i}")
}

/// A definition the macro built: its JSON, with `$ref`s to [`placeholder`]s and `required`
/// entries standing for flattened members.
pub struct Built<'a> {
    /// The definition name, for messages.
    pub name: &'a str,
    pub json: &'a str,
    /// The types referred to, in placeholder order.
    pub refs: Vec<Ref>,
    /// The definitions of the `#[serde(flatten)]` types, in placeholder order.
    pub flattened: Vec<Schema>,
    /// The fields whose type is a named type, whose tags may need its kind or members.
    pub deferred: Vec<Deferred<'a>>,
    /// The fields whose default a tag gives (any other default is openapi-gen's enforced zero
    /// value, which a CRD leaves out).
    pub tagged_defaults: &'a [&'a str],
    /// The fields whose schema a function writes.
    pub schema_with: Vec<SchemaWith<'a>>,
}

/// Where in a field's shape its named type stands, which decides what an inline type changes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NamedAt {
    /// The field's own type (through `Option` and `Box`): the use takes its kinds.
    Top,
    /// The items or values of the field's list or map: they take its kind.
    Elem,
    /// Deeper.
    Deeper,
}

/// A field whose type is a named type the macro cannot see into: a struct (whose members tags
/// such as `+k8s:subfield`, `+k8s:item` and `+nameFormat` look into) or an inline type (whose
/// kind the field's tags need). When either matters, the field's tags are lowered here, all of
/// them in their order, onto its property as it was before any tag.
pub struct Deferred<'a> {
    /// The wire name.
    pub property: &'a str,
    /// The property before its tags, as JSON.
    pub before: &'a str,
    /// The lines of the field's doc comment (its description, when an enum adds to it).
    pub doc: &'a [&'a str],
    /// The tag lines of the field's doc comment.
    pub tags: &'a [&'a str],
    /// The Go name of the field's twin.
    pub go_name: &'a str,
    /// The kinds of the field and of its items or values, the named type taken for a struct.
    pub kind: ValueKind,
    pub elem: Option<ValueKind>,
    /// `Option<T>`: Go's pointer (no enforced default, no `x-kubernetes-strip-zero`).
    pub pointer: bool,
    /// `skip_serializing_if`: Go's `omitempty`.
    pub omit_empty: bool,
    /// The placeholder index of the named type, and where it stands.
    pub named: usize,
    pub named_at: NamedAt,
    /// Whether the tags look into the type's members (then they are lowered here in any case).
    pub needs_members: bool,
    /// The members of the field's struct type (or of its items or values).
    pub members: Vec<Member>,
    /// The definition name of that type, and what adds its definitions: a field that
    /// overrides members' tags (`+k8s:override`) refers to a variant of it.
    pub type_name: fn() -> String,
    pub add_type: fn(&mut BTreeMap<String, Schema>, super::Form),
}

impl Deferred<'_> {
    /// The field's property, every tag lowered, its named type written in place if inline; a
    /// tag that cannot be lowered panics with its message (the macro checked everything but
    /// the members and the named type's kind).
    fn property(&self, owner: &str, refs: &Refs) -> (Schema, Vec<Override>) {
        let fail = |message: &str| -> ! {
            panic!(
                "kubeidl: the tags of field {:?} of {owner} cannot be lowered: {message}",
                self.property
            )
        };
        let before: serde_json::Value =
            serde_json::from_str(self.before).expect("the derive macro writes valid JSON");
        let mut property =
            Schema::from_json(&before).expect("the derive macro writes a valid schema");
        let inline = refs.inline(self.named);
        refs.resolve(&mut property, self.omit_empty);
        let (kind, elem) = match (inline, self.named_at) {
            (Some(i), NamedAt::Top) => (i.kind, i.elem),
            (Some(i), NamedAt::Elem) => (self.kind, Some(i.kind)),
            _ => (self.kind, self.elem),
        };
        if let Some(i) = inline.filter(|_| self.named_at == NamedAt::Top) {
            if !i.description.is_empty() {
                let lines: Vec<String> = self
                    .doc
                    .iter()
                    .map(|l| l.to_string())
                    .chain(i.description.iter().cloned())
                    .collect();
                property.description = crate::comments::description(&lines);
            }
        }
        let mut tags = Vec::new();
        for line in self.tags {
            match read_line(line) {
                Ok(Some(tag)) => tags.push(At { tag, pos: *line }),
                Ok(None) => {}
                Err(e) => fail(&format!("{} (in `{}`)", e.message, line.trim())),
            }
        }
        let place = Place {
            scope: Scopes::FIELD,
            kind,
            json: Some(self.property),
            name: Some(self.go_name),
            elem,
            members: &self.members,
        };
        let lowered = lower(&place, &tags, &mut property);
        if let Some(e) = lowered.errors.first() {
            fail(&format!("{} (in `{}`)", e.message, e.pos.trim()));
        }
        match lowered.item_union_rules() {
            Ok(rules) => add_rules(&mut property, rules),
            Err(e) => fail(&e),
        }
        if !self.pointer && kind.strips_zero() {
            property.extensions.insert(
                "x-kubernetes-strip-zero".into(),
                serde_json::Value::Bool(true),
            );
        }
        wrap_refs(&mut property);
        (property, lowered.overrides)
    }

    /// Adds the variant of the field's type that its overrides ask for, and points `property`
    /// at it.
    fn add_variant(
        &self,
        owner: &str,
        property: &mut Schema,
        overrides: &[Override],
        definitions: &mut BTreeMap<String, Schema>,
        form: super::Form,
    ) {
        let base_name = (self.type_name)();
        (self.add_type)(definitions, form);
        let base = &definitions[&base_name];
        if *base == Schema::default() {
            panic!(
                "kubeidl: field {:?} of {owner} overrides members of {base_name}, whose definition is being built (a type cannot override its own members)",
                self.property
            );
        }
        let built = variant(base, overrides).unwrap_or_else(|e| {
            panic!(
                "kubeidl: the tags of field {:?} of {owner} cannot be lowered: {e}",
                self.property
            )
        });
        let name = variant_name(&base_name, owner, self.property);
        retarget(property, &name);
        definitions.insert(name, built);
    }
}

impl Built<'_> {
    /// The finished definition, in `form`.
    pub fn definition(
        self,
        definitions: &mut BTreeMap<String, Schema>,
        form: super::Form,
    ) -> Schema {
        let value: serde_json::Value =
            serde_json::from_str(self.json).expect("the derive macro writes valid JSON");
        let mut schema = Schema::from_json(&value).expect("the derive macro writes a valid schema");
        let refs = Refs::new(&self.refs);
        for field in &self.deferred {
            if !field.needs_members && refs.inline(field.named).is_none() {
                continue;
            }
            let (mut property, overrides) = field.property(self.name, &refs);
            if !overrides.is_empty() {
                field.add_variant(self.name, &mut property, &overrides, definitions, form);
            }
            schema
                .properties
                .insert(field.property.to_string(), property);
        }
        refs.resolve(&mut schema, false);
        if form == super::Form::Crd {
            for (name, property) in &mut schema.properties {
                if !self.tagged_defaults.contains(&name.as_str()) {
                    property.default = None;
                }
                drop_element_defaults(property);
            }
        }
        // Written after the defaults are dropped: a function's defaults are asked for.
        for field in &self.schema_with {
            schema
                .properties
                .insert(field.property.to_string(), field.property(self.name));
        }
        if !self.flattened.is_empty() {
            splice(&mut schema, self.flattened);
        }
        schema
    }
}

/// Drops the defaults of a property's items and values, at any depth (the derive writes only
/// enforced zero values there).
fn drop_element_defaults(schema: &mut Schema) {
    for element in [&mut schema.items, &mut schema.additional_properties]
        .into_iter()
        .flatten()
    {
        element.default = None;
        drop_element_defaults(element);
    }
    for wrapped in &mut schema.all_of {
        drop_element_defaults(wrapped);
    }
}

/// Splices the members of flattened types into `schema` where their placeholders stand.
fn splice(schema: &mut Schema, flattened: Vec<Schema>) {
    let mut required = Vec::with_capacity(schema.required.len());
    let mut inner: Vec<Option<Schema>> = flattened.into_iter().map(Some).collect();
    for name in std::mem::take(&mut schema.required) {
        let index = (0..inner.len()).find(|i| name == flatten_placeholder(*i));
        match index.and_then(|i| inner[i].take()) {
            Some(flat) => {
                required.extend(flat.required);
                schema.properties.extend(flat.properties);
            }
            None => required.push(name),
        }
    }
    schema.required = required;
}

/// Adds a flattened type's definitions to `definitions`, except its own, which is returned.
pub fn flattened_definition<F: super::Definition>(
    definitions: &mut BTreeMap<String, Schema>,
    form: super::Form,
) -> Schema {
    let mut scratch = BTreeMap::new();
    F::add_definitions_in(&mut scratch, form);
    let own = scratch
        .remove(&F::definition_name())
        .expect("a type adds its own definition");
    for (name, schema) in scratch {
        definitions.entry(name).or_insert(schema);
    }
    own
}

/// The value checks of the field `field` of `Owner` (whose value is `value`, at `path`) against
/// the variant of its type's definition its overrides made (`+k8s:override`): the type's own
/// derived checks are not the variant's. `cache` holds the variant's validator.
pub fn variant_value_errors<Owner: super::Definition, T: super::Definition + serde::Serialize>(
    cache: &'static OnceLock<crate::validate::Validator>,
    field: &str,
    value: &T,
    path: &crate::validate::Path<'_>,
    errors: &mut Vec<crate::errors::FieldError>,
) {
    let validator = cache.get_or_init(|| {
        let defs: std::collections::HashMap<String, Schema> =
            Owner::openapi_schema().schemas.into_iter().collect();
        let name = variant_name(&T::definition_name(), &Owner::definition_name(), field);
        crate::validate::Validator::with_definitions(
            &Schema::reference_to(&name),
            std::sync::Arc::new(defs),
        )
        .expect("a derived definition compiles")
    });
    let json = serde_json::to_value(value).expect("a derived value serializes");
    errors.extend(validator.value_errors_at(&json, path));
}

/// The schema walk of one field's property (a field of an inline type with tags of its own),
/// with the declaration its value is read through.
pub struct FieldWalk {
    validator: crate::validate::Validator,
    decl: Decl,
}

impl FieldWalk {
    /// The walk of field `field` of `Owner`'s definition.
    pub fn of<Owner: super::Definition>(field: &str) -> FieldWalk {
        let definitions: std::collections::HashMap<String, Schema> =
            Owner::openapi_schema().schemas.into_iter().collect();
        let property = definitions[&Owner::definition_name()].properties[field].clone();
        let decl = Decl::from_schema(&property, &definitions);
        let validator = crate::validate::Validator::with_definitions(
            &property,
            std::sync::Arc::new(definitions),
        )
        .expect("a derived definition compiles");
        FieldWalk { validator, decl }
    }

    /// The value checks of `value`, the field's, at `path`.
    pub fn value_errors<T: ToCel + ?Sized>(
        &self,
        value: &T,
        path: &crate::validate::Path<'_>,
        errors: &mut Vec<crate::errors::FieldError>,
    ) {
        let json = value.to_cel(&self.decl).to_json();
        errors.extend(self.validator.value_errors_at(&json, path));
    }
}

/// `uniqueItems`: whether an item's JSON (`shown`) repeats an earlier one's.
pub fn has_duplicates<T>(items: &[T], shown: impl Fn(&T) -> serde_json::Value) -> bool {
    let shown: Vec<serde_json::Value> = items.iter().map(shown).collect();
    crate::validate::repeats(&shown)
}

/// `+listType=set`: each item whose JSON (`shown`) repeats an earlier one's, once per value, at
/// its second occurrence (the schema walk's `Duplicate value`).
pub fn set_duplicates<T>(
    items: &[T],
    shown: impl Fn(&T) -> serde_json::Value,
    path: &crate::validate::Path<'_>,
    errors: &mut Vec<crate::errors::FieldError>,
) {
    if items.len() < 2 {
        return;
    }
    let json: Vec<serde_json::Value> = items.iter().map(shown).collect();
    let mut reported: Vec<&serde_json::Value> = Vec::new();
    for (i, item) in json.iter().enumerate() {
        if json[..i].contains(item) && !reported.contains(&item) {
            reported.push(item);
            errors.push(crate::errors::FieldError::duplicate(
                indexed(path, i),
                BadValue::of_json(item),
            ));
        }
    }
}

/// `+listType=map`: each item whose key tuple (the members named `keys`, as CEL reads them off
/// the typed item) repeats an earlier item's, shown as an object of its keys.
pub fn map_duplicates<T: super::Validate>(
    items: &[T],
    keys: &[&str],
    path: &crate::validate::Path<'_>,
    errors: &mut Vec<crate::errors::FieldError>,
) {
    if items.len() < 2 {
        return;
    }
    let decl = T::rules().decl();
    let mut seen: Vec<Vec<Option<serde_json::Value>>> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let crate::cel::Value::Object(object) = item.to_cel(decl) else {
            continue;
        };
        let key: Vec<Option<serde_json::Value>> = keys
            .iter()
            .map(|k| object.get_json(k).map(|v| v.to_json()))
            .collect();
        if seen.contains(&key) {
            let shown: serde_json::Map<String, serde_json::Value> = keys
                .iter()
                .zip(&key)
                .filter_map(|(k, v)| Some((k.to_string(), v.clone()?)))
                .collect();
            errors.push(crate::errors::FieldError::duplicate(
                indexed(path, i),
                BadValue::Json(serde_json::Value::Object(shown)),
            ));
        } else {
            seen.push(key);
        }
    }
}

fn indexed(path: &crate::validate::Path<'_>, i: usize) -> crate::errors::FieldPath {
    path.field_path(crate::validate::Keys::Indexed).index(i)
}

/// Bytes as their JSON: base64 text.
pub fn bytes_json(bytes: &[u8]) -> serde_json::Value {
    use base64::Engine as _;
    serde_json::Value::String(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// The JSON of one of kubeidl's apimachinery types (which serialize as Go writes them).
pub fn serialized_json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

/// The JSON of a derived struct, read through its CEL view (as its serialized form reads).
pub fn typed_json<T: super::Validate>(value: &T) -> serde_json::Value {
    value.to_cel(T::rules().decl()).to_json()
}

/// The markers of a kind, which the derive read at compile time and wrote as JSON.
pub fn kind_markers(json: &str) -> crate::crd::KindMarkers {
    serde_json::from_str(json).expect("the derive macro writes valid markers")
}
