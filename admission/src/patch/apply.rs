//! Merging a MutatingAdmissionPolicy `ApplyConfiguration` into the object under admission.
//!
//! kube-apiserver applies an apply configuration with structured-merge-diff (SMD v6): the patch is
//! converted to a typed value (a schema check that rejects undeclared fields, wrong scalar kinds
//! and duplicate list keys), refused if it touches an atomic list, map or struct, then the live
//! object is converted (duplicates in keyed lists tolerated, as since Kubernetes 1.35) and the
//! patch is merged into it with "the patch wins" for every leaf. No managed-fields bookkeeping
//! happens and nothing is ever removed.
//!
//! This module reproduces that pipeline over `serde_json` values, reading the SMD relationships
//! straight from the OpenAPI v3 schema the way kube-openapi's `schemaconv` derives them:
//! `x-kubernetes-list-type` (with `x-kubernetes-list-map-keys`), the strategic-merge-patch
//! extensions for lists without a list type, `x-kubernetes-map-type` on maps, structs and on the
//! properties that reference them, untyped scalars for quantities and formatted strings,
//! scalar-or-list-or-map for schemas without a `type` (such as int-or-string), and deduced
//! ("anything goes") types under `x-kubernetes-preserve-unknown-fields`.
//! As the CRD OpenAPI publisher does, the root object and every `x-kubernetes-embedded-resource`
//! get `apiVersion`/`kind` strings and an `ObjectMeta` `metadata`.
//!
//! Error texts are SMD's own, including Go's `%v`/`%#v`/`%T` renderings of offending values.
//! Where Go iterates a map in random order (several errors in one object, several atomic paths)
//! this module uses sorted key order. Values nested deeper than [`MAX_DEPTH`] levels are refused
//! instead of being walked.

use kubeidl::strconv::quote as go_quote;
use serde_json::{Map, Number, Value};
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// The deepest value (in nesting levels) that is walked; deeper documents are refused.
pub const MAX_DEPTH: usize = 512;

const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const RAW_EXTENSION: &str = "io.k8s.apimachinery.pkg.runtime.RawExtension";
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
const PRESERVE_UNKNOWN: &str = "x-kubernetes-preserve-unknown-fields";
const EMBEDDED_RESOURCE: &str = "x-kubernetes-embedded-resource";

/// Stands in for a live list item whose key occurs more than once: such items are not merged
/// with the patch, only replaced by it.
static NULL: Value = Value::Null;

/// Where `$ref`s point: the `components.schemas` map of an OpenAPI v3 document.
#[derive(Clone, Copy, Debug)]
pub struct Schemas<'s> {
    /// Schema name (the last segment of a `$ref`) to schema.
    pub components: &'s Map<String, Value>,
}

/// Why an apply configuration could not be merged; Display gives the apiserver's text that
/// follows `error applying patch: ` (the caller adds that prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyError(pub String);

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApplyError {}

/// Merges `patch` into `live` by `schema` (the kind's root schema; `$ref`s resolved in `schemas`).
///
/// Returns the merged object, or the error kube-apiserver would report for this apply
/// configuration (without its `error applying patch: ` prefix).
pub fn apply_configuration(
    live: &Value,
    patch: &Value,
    schema: &Value,
    schemas: &Schemas,
) -> Result<Value, ApplyError> {
    let cx = Cx {
        components: schemas.components,
    };
    let root = cx.root(schema);
    to_typed(&cx, patch, root, false)
        .map_err(|e| fail("failed to convert patch object to typed object", e))?;
    let atomics = find_atomics(&cx, patch, root);
    if !atomics.is_empty() {
        let msg = "may not mutate atomic arrays, maps or structs";
        return Err(ApplyError(format!(
            "invalid ApplyConfiguration: {msg}: {}",
            atomics.join(", ")
        )));
    }
    to_typed(&cx, live, root, true)
        .map_err(|e| fail("failed to convert original object to typed object", e))?;
    let merged = merge(&cx, live, patch, root).map_err(|e| fail("failed to merge patch", e))?;
    match merged {
        Some(object @ Value::Object(_)) => Ok(object),
        other => Err(ApplyError(format!(
            "failed to convert typed object to object: failed to convert value to unstructured for type {}",
            other.as_ref().map_or("<nil>", go_type)
        ))),
    }
}

fn fail(context: &str, detail: String) -> ApplyError {
    ApplyError(format!("{context}: {detail}"))
}

// ---------------------------------------------------------------------------------------------
// Schema: SMD types read lazily from OpenAPI nodes.

/// How the members of a list or map relate (SMD's element relationship).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    /// Not stated (maps and structs: granular).
    Unset,
    Atomic,
    Associative,
    Separable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scalar {
    Numeric,
    Str,
    Boolean,
    Untyped,
}

/// A reference to a type, as SMD's `TypeRef`.
#[derive(Clone, Copy, Debug)]
enum Ty<'a> {
    /// An inline schema. `preserve`: inside `x-kubernetes-preserve-unknown-fields`; `root`: the
    /// kind's top level (gets apiVersion/kind/metadata).
    Node {
        node: &'a Value,
        preserve: bool,
        root: bool,
    },
    /// A `$ref` to `components.schemas[name]`, with the referring property's map-type override.
    Named {
        name: &'a str,
        rel: Option<Rel>,
        root: bool,
    },
    /// Anything: maps merged key-wise, lists and scalars atomic.
    Deduced,
    /// Anything, all atomic.
    UntypedAtomic,
    /// A plain string (apiVersion and kind added by the CRD publisher).
    Str,
    /// No type at all: keys not declared in a struct are rejected.
    NoElement,
}

struct ListT<'a> {
    rel: Rel,
    keys: Vec<&'a str>,
    elem: Ty<'a>,
}

struct MapT<'a> {
    /// The schema whose `properties` are the struct fields (none for deduced maps).
    node: Option<&'a Value>,
    preserve: bool,
    /// Whether apiVersion/kind/metadata are fields (root object, embedded resource).
    kube: bool,
    rel: Rel,
    elem: Ty<'a>,
}

/// What a type accepts: one or more of scalar, list and map (SMD's `Atom`).
#[derive(Default)]
struct Atom<'a> {
    scalar: Option<Scalar>,
    list: Option<ListT<'a>>,
    map: Option<MapT<'a>>,
}

/// The part of an atom that handles one value.
enum Pick<'x, 'a> {
    Map(&'x MapT<'a>),
    Scalar(Scalar),
    List(&'x ListT<'a>),
    Nothing,
}

impl<'a> Atom<'a> {
    fn scalar(s: Scalar) -> Self {
        Atom {
            scalar: Some(s),
            ..Atom::default()
        }
    }

    fn deduced() -> Self {
        Atom {
            scalar: Some(Scalar::Untyped),
            list: Some(ListT::untyped_atomic()),
            map: Some(MapT::free(Rel::Separable, Ty::Deduced)),
        }
    }

    fn untyped_atomic() -> Self {
        Atom {
            scalar: Some(Scalar::Untyped),
            list: Some(ListT::untyped_atomic()),
            map: Some(MapT::free(Rel::Atomic, Ty::UntypedAtomic)),
        }
    }

    /// The handler for `v`: the kind matching the value if the atom has it, else the first of
    /// map, scalar, list (SMD's deduceAtom + handleAtom).
    fn pick(&self, v: Option<&Value>) -> Pick<'_, 'a> {
        match (v, &self.scalar, &self.list, &self.map) {
            (Some(Value::Bool(_) | Value::Number(_) | Value::String(_)), Some(s), _, _) => {
                Pick::Scalar(*s)
            }
            (Some(Value::Array(_)), _, Some(l), _) => Pick::List(l),
            (Some(Value::Object(_)), _, _, Some(m)) => Pick::Map(m),
            (_, _, _, Some(m)) => Pick::Map(m),
            (_, Some(s), _, _) => Pick::Scalar(*s),
            (_, _, Some(l), _) => Pick::List(l),
            _ => Pick::Nothing,
        }
    }
}

impl ListT<'_> {
    fn untyped_atomic() -> Self {
        ListT {
            rel: Rel::Atomic,
            keys: Vec::new(),
            elem: Ty::UntypedAtomic,
        }
    }
}

impl<'a> MapT<'a> {
    fn free(rel: Rel, elem: Ty<'a>) -> Self {
        MapT {
            node: None,
            preserve: false,
            kube: false,
            rel,
            elem,
        }
    }
}

/// Schema lookups.
struct Cx<'a> {
    components: &'a Map<String, Value>,
}

impl<'a> Cx<'a> {
    fn root(&self, schema: &'a Value) -> Ty<'a> {
        match ref_name(schema) {
            Some(name) => Ty::Named {
                name,
                rel: map_rel(schema),
                root: true,
            },
            None => Ty::Node {
                node: schema,
                preserve: false,
                root: true,
            },
        }
    }

    /// The atom of `ty`, or the name of a type that cannot be found.
    fn resolve(&self, ty: Ty<'a>) -> Result<Atom<'a>, &'a str> {
        match ty {
            Ty::Node {
                node,
                preserve,
                root,
            } => Ok(self.parse_schema(node, preserve, root)),
            Ty::Named { name, rel, root } => self.resolve_named(name, rel, root),
            Ty::Deduced => Ok(Atom::deduced()),
            Ty::UntypedAtomic => Ok(Atom::untyped_atomic()),
            Ty::Str => Ok(Atom::scalar(Scalar::Str)),
            Ty::NoElement => Ok(Atom::default()),
        }
    }

    fn resolve_named(
        &self,
        name: &'a str,
        rel: Option<Rel>,
        root: bool,
    ) -> Result<Atom<'a>, &'a str> {
        let mut atom = match name {
            // Hard-wired in kube-openapi, whatever the published schema says.
            QUANTITY => Atom::scalar(Scalar::Untyped),
            RAW_EXTENSION => Atom::untyped_atomic(),
            _ => {
                let node = self.components.get(name).ok_or(name)?;
                if node.get("$ref").is_some() {
                    // Top-level references are not converted, so nothing answers to the name.
                    return Err(name);
                }
                self.parse_schema(node, false, root)
            }
        };
        if let Some(rel) = rel {
            if let Some(map) = atom.map.as_mut() {
                map.rel = rel;
            } else if let Some(list) = atom.list.as_mut() {
                list.rel = rel;
            } else {
                return Err(name);
            }
        }
        Ok(atom)
    }

    fn parse_schema(&self, node: &'a Value, preserve: bool, root: bool) -> Atom<'a> {
        let preserve = preserve || is_true(node, PRESERVE_UNKNOWN);
        let kube = root || is_true(node, EMBEDDED_RESOURCE);
        let format = node.get("format").and_then(Value::as_str).unwrap_or("");
        match schema_type(node) {
            "" => Atom {
                scalar: Some(Scalar::Untyped),
                list: Some(self.parse_list(node, preserve)),
                map: Some(self.parse_object(node, preserve, kube)),
            },
            "object" => Atom {
                map: Some(self.parse_object(node, preserve, kube)),
                ..Atom::default()
            },
            "array" => Atom {
                list: Some(self.parse_list(node, preserve)),
                ..Atom::default()
            },
            "integer" | "number" => Atom::scalar(Scalar::Numeric),
            "boolean" => Atom::scalar(Scalar::Boolean),
            "string" if format.is_empty() || format == "byte" => Atom::scalar(Scalar::Str),
            _ => Atom::scalar(Scalar::Untyped),
        }
    }

    fn parse_object(&self, node: &'a Value, preserve: bool, kube: bool) -> MapT<'a> {
        let declared = node
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| !p.is_empty());
        let elem = match node.get("additionalProperties") {
            None | Some(Value::Null) if preserve || !(declared || kube) => Ty::Deduced,
            None | Some(Value::Null) => Ty::NoElement,
            Some(schema @ Value::Object(_)) => self.make_ref(schema, preserve),
            Some(Value::Bool(true)) => Ty::Deduced,
            Some(_) => Ty::NoElement,
        };
        MapT {
            node: Some(node),
            preserve,
            kube,
            rel: map_rel(node).unwrap_or(Rel::Unset),
            elem,
        }
    }

    fn parse_list(&self, node: &'a Value, preserve: bool) -> ListT<'a> {
        let (rel, keys) = list_rel(node);
        let elem = match node.get("items") {
            Some(items @ Value::Object(_)) => self.make_ref(items, preserve),
            // Tuple-style items are not structural; SMD gives up on their type.
            Some(_) => Ty::Deduced,
            None => Ty::UntypedAtomic,
        };
        ListT { rel, keys, elem }
    }

    /// The type of a property, `items` or `additionalProperties` schema.
    fn make_ref(&self, child: &'a Value, preserve: bool) -> Ty<'a> {
        match ref_name(child) {
            Some(name) => Ty::Named {
                name,
                rel: map_rel(child),
                root: false,
            },
            None => Ty::Node {
                node: child,
                preserve,
                root: false,
            },
        }
    }

    /// The declared type of struct field `key` (SMD's FindField).
    fn field(&self, map: &MapT<'a>, key: &str) -> Option<Ty<'a>> {
        if map.kube {
            match key {
                "apiVersion" | "kind" => return Some(Ty::Str),
                "metadata" if self.components.contains_key(OBJECT_META) => {
                    return Some(Ty::Named {
                        name: OBJECT_META,
                        rel: None,
                        root: false,
                    })
                }
                _ => {}
            }
        }
        property(map, key).map(|child| self.make_ref(child, map.preserve))
    }

    /// The schema default of struct field `key`, used for missing list-map keys.
    fn field_default(&self, map: &MapT<'a>, key: &str) -> Option<&'a Value> {
        if map.kube && matches!(key, "apiVersion" | "kind" | "metadata") {
            return None;
        }
        property(map, key)?.get("default").filter(|d| !d.is_null())
    }
}

fn property<'a>(map: &MapT<'a>, key: &str) -> Option<&'a Value> {
    map.node?.get("properties")?.as_object()?.get(key)
}

fn is_true(node: &Value, extension: &str) -> bool {
    node.get(extension) == Some(&Value::Bool(true))
}

/// The OpenAPI `type` (the first one if several are listed), or "" when absent.
fn schema_type(node: &Value) -> &str {
    match node.get("type") {
        Some(Value::String(t)) => t,
        Some(Value::Array(types)) => types.first().and_then(Value::as_str).unwrap_or(""),
        _ => "",
    }
}

/// The schema name a `$ref` (bare or as the only `allOf` member) points to.
fn ref_name(node: &Value) -> Option<&str> {
    let direct = node
        .get("$ref")
        .and_then(Value::as_str)
        .filter(|r| !r.is_empty());
    let reference = direct.or_else(|| match node.get("allOf") {
        Some(Value::Array(all)) if all.len() == 1 => all[0].get("$ref")?.as_str(),
        _ => None,
    })?;
    reference.rsplit('/').next().filter(|name| !name.is_empty())
}

fn map_rel(node: &Value) -> Option<Rel> {
    match node.get("x-kubernetes-map-type")?.as_str()? {
        "atomic" => Some(Rel::Atomic),
        "granular" => Some(Rel::Separable),
        _ => None,
    }
}

/// A list's relationship and keys: list-type first, then the strategic-merge-patch extensions,
/// atomic otherwise.
fn list_rel(node: &Value) -> (Rel, Vec<&str>) {
    if let Some(list_type) = node.get("x-kubernetes-list-type") {
        return match list_type.as_str() {
            Some("set") => (Rel::Associative, Vec::new()),
            Some("map") => (
                Rel::Associative,
                string_list(node.get("x-kubernetes-list-map-keys")),
            ),
            _ => (Rel::Atomic, Vec::new()),
        };
    }
    match node
        .get("x-kubernetes-patch-strategy")
        .and_then(Value::as_str)
    {
        Some("merge" | "merge,retainKeys") => {
            let key = node
                .get("x-kubernetes-patch-merge-key")
                .and_then(Value::as_str);
            (Rel::Associative, key.into_iter().collect())
        }
        _ => (Rel::Atomic, Vec::new()),
    }
}

fn string_list(v: Option<&Value>) -> Vec<&str> {
    match v {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn no_type(name: &str) -> String {
    format!("schema error: no type found matching: {name}")
}

fn invalid_atom(ty: Ty) -> String {
    match ty {
        Ty::Named { name, .. } => format!("schema error: invalid atom: named type: {name}"),
        _ => "schema error: invalid atom: inlined".to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Path elements of associative lists.

/// How an associative-list item is identified: its key fields, or (sets) its value.
#[derive(Clone, Debug)]
enum Pe<'a> {
    Key(Vec<(&'a str, &'a Value)>),
    Value(&'a Value),
}

impl PartialEq for Pe<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Pe::Key(a), Pe::Key(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((an, av), (bn, bv))| an == bn && go_equals(av, bv))
            }
            (Pe::Value(a), Pe::Value(b)) => go_equals(a, b),
            _ => false,
        }
    }
}

impl fmt::Display for Pe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pe::Key(fields) => {
                let parts: Vec<String> = fields
                    .iter()
                    .map(|(name, v)| format!("{name}={}", smd_string(v)))
                    .collect();
                write!(f, "[{}]", parts.join(","))
            }
            Pe::Value(v) => write!(f, "[={}]", smd_string(v)),
        }
    }
}

impl Pe<'_> {
    /// A string equal for equal path elements (numbers compared as floats, as SMD does).
    fn bucket(&self) -> String {
        let mut out = String::new();
        match self {
            Pe::Key(fields) => {
                for (name, v) in fields {
                    out.push_str(&format!("{}:{name}=", name.len()));
                    canon(v, &mut out);
                }
            }
            Pe::Value(v) => {
                out.push('=');
                canon(v, &mut out);
            }
        }
        out
    }
}

fn canon(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push('n'),
        Value::Bool(b) => out.push(if *b { 't' } else { 'f' }),
        Value::Number(n) => {
            let f = n.as_f64().unwrap_or(0.0);
            let f = if f == 0.0 { 0.0 } else { f };
            out.push_str(&format!("d{:x};", f.to_bits()));
        }
        Value::String(s) => out.push_str(&format!("s{}:{s}", s.len())),
        Value::Array(items) => {
            out.push('[');
            items.iter().for_each(|item| canon(item, out));
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for key in sorted_keys(map) {
                out.push_str(&format!("{}:{key}", key.len()));
                canon(&map[key], out);
            }
            out.push('}');
        }
    }
}

/// Path elements to values, with SMD's equality.
struct PeMap<'a, T> {
    buckets: HashMap<String, Vec<(Pe<'a>, T)>>,
}

impl<'a, T> PeMap<'a, T> {
    fn new() -> Self {
        PeMap {
            buckets: HashMap::new(),
        }
    }

    fn get(&self, pe: &Pe<'a>) -> Option<&T> {
        let bucket = self.buckets.get(&pe.bucket())?;
        bucket.iter().find(|(k, _)| k == pe).map(|(_, v)| v)
    }

    fn contains(&self, pe: &Pe<'a>) -> bool {
        self.get(pe).is_some()
    }

    fn insert(&mut self, pe: Pe<'a>, value: T) {
        let bucket = self.buckets.entry(pe.bucket()).or_default();
        match bucket.iter_mut().find(|(k, _)| *k == pe) {
            Some(slot) => slot.1 = value,
            None => bucket.push((pe, value)),
        }
    }
}

impl<'a> Cx<'a> {
    /// The path element identifying `child` in associative list `list`.
    fn path_element(&self, list: &ListT<'a>, child: &'a Value) -> Result<Pe<'a>, String> {
        if list.rel != Rel::Associative {
            return Err("invalid indexing of non-associative list".into());
        }
        if list.keys.is_empty() {
            return set_element(child);
        }
        let item = match child {
            Value::Null => {
                return Err("associative list with keys may not have a null element".into())
            }
            Value::Object(item) => item,
            _ => return Err("associative list with keys may not have non-map elements".into()),
        };
        let mut fields = Vec::with_capacity(list.keys.len());
        for &name in &list.keys {
            if let Some(v) = item.get(name) {
                fields.push((name, v));
            } else if let Some(v) = self
                .key_default(list, name)
                .map_err(|e| format!("couldn't find default value for {name}: {e}"))?
            {
                fields.push((name, v));
            }
        }
        if fields.is_empty() {
            return Err(format!(
                "associative list with keys has an element that omits all key fields {} (and doesn't have default values for any key fields)",
                go_quote_list(&list.keys)
            ));
        }
        fields.sort_by(|a, b| a.0.cmp(b.0));
        Ok(Pe::Key(fields))
    }

    fn key_default(&self, list: &ListT<'a>, name: &str) -> Result<Option<&'a Value>, &'static str> {
        let atom = self
            .resolve(list.elem)
            .map_err(|_| "invalid elementType for list")?;
        let map = atom
            .map
            .as_ref()
            .ok_or("associative list may not have non-map types")?;
        Ok(self.field_default(map, name))
    }
}

fn set_element(child: &Value) -> Result<Pe<'_>, String> {
    match child {
        Value::Object(_) => {
            Err("associative list without keys has an element that's a map type".into())
        }
        Value::Array(_) => Err("not supported: associative list with lists as elements".into()),
        Value::Null => {
            Err("associative list without keys has an element that's an explicit null".into())
        }
        _ => Ok(Pe::Value(child)),
    }
}

// ---------------------------------------------------------------------------------------------
// Typed conversion (SMD validation).

/// An SMD validation error: a path such as `.spec.replicas` and a message.
struct VErr {
    path: String,
    msg: String,
}

/// Joins errors as SMD's `ValidationErrors.Error()` does.
fn join_errors(errs: &[VErr]) -> String {
    let one = |e: &VErr| {
        if e.path.is_empty() {
            e.msg.clone()
        } else {
            format!("{}: {}", e.path, e.msg)
        }
    };
    match errs {
        [e] => one(e),
        _ => {
            let lines: Vec<String> = errs.iter().map(|e| format!("  {}", one(e))).collect();
            format!("errors:\n{}", lines.join("\n"))
        }
    }
}

/// A walk over a value that records errors at the current path.
struct Walk<'c, 'a> {
    cx: &'c Cx<'a>,
    path: String,
    errs: Vec<VErr>,
    allow_duplicates: bool,
}

impl<'c, 'a> Walk<'c, 'a> {
    fn new(cx: &'c Cx<'a>, allow_duplicates: bool) -> Self {
        Walk {
            cx,
            path: String::new(),
            errs: Vec::new(),
            allow_duplicates,
        }
    }

    fn error(&mut self, msg: String) {
        self.errs.push(VErr {
            path: self.path.clone(),
            msg,
        });
    }

    fn finish(self) -> Result<(), String> {
        if self.errs.is_empty() {
            Ok(())
        } else {
            Err(join_errors(&self.errs))
        }
    }
}

/// Checks `v` against `root` as SMD's `AsTyped` does.
fn to_typed<'a>(
    cx: &Cx<'a>,
    v: &'a Value,
    root: Ty<'a>,
    allow_duplicates: bool,
) -> Result<(), String> {
    if too_deep(v) {
        return Err(format!("value nested more than {MAX_DEPTH} levels deep"));
    }
    let mut walk = Walk::new(cx, allow_duplicates);
    walk.validate(v, root);
    walk.finish()
}

impl<'a> Walk<'_, 'a> {
    fn validate(&mut self, v: &'a Value, ty: Ty<'a>) {
        let atom = match self.cx.resolve(ty) {
            Ok(atom) => atom,
            Err(name) => return self.error(no_type(name)),
        };
        match atom.pick(Some(v)) {
            Pick::Map(map) => self.validate_map(v, map),
            Pick::List(list) => self.validate_list(v, list),
            Pick::Scalar(s) => {
                if let Some(msg) = scalar_error(s, Some(v), "") {
                    self.error(msg);
                }
            }
            Pick::Nothing => self.error(invalid_atom(ty)),
        }
    }

    fn validate_map(&mut self, v: &'a Value, map: &MapT<'a>) {
        let object = match v {
            Value::Null => return,
            Value::Object(object) => object,
            other => return self.error(format!("expected map, got {}", go_v(other))),
        };
        for key in sorted_keys(object) {
            let len = self.path.len();
            self.path.push('.');
            self.path.push_str(key);
            let ty = self.cx.field(map, key);
            if ty.is_none() && matches!(map.elem, Ty::NoElement) {
                // SMD stops looking at the rest of the object here.
                self.error("field not declared in schema".into());
                self.path.truncate(len);
                break;
            }
            self.validate(&object[key], ty.unwrap_or(map.elem));
            self.path.truncate(len);
        }
    }

    fn validate_list(&mut self, v: &'a Value, list: &ListT<'a>) {
        let items = match v {
            Value::Null => return,
            Value::Array(items) => items,
            other => return self.error(format!("expected list, got {}", go_v(other))),
        };
        let mut seen = PeMap::new();
        for (i, child) in items.iter().enumerate() {
            let segment = if list.rel == Rel::Associative {
                match self.cx.path_element(list, child) {
                    // SMD cannot name the element, so it gives up on the whole list.
                    Err(e) => return self.error(format!("element {i}: {e}")),
                    Ok(pe) => {
                        if seen.contains(&pe) && !self.allow_duplicates {
                            self.error(format!("duplicate entries for key {pe}"));
                        }
                        let segment = pe.to_string();
                        seen.insert(pe, ());
                        segment
                    }
                }
            } else {
                format!("[{i}]")
            };
            let len = self.path.len();
            self.path.push_str(&segment);
            self.validate(child, list.elem);
            self.path.truncate(len);
        }
    }
}

/// Whether `v` nests deeper than [`MAX_DEPTH`] (checked without recursion).
fn too_deep(v: &Value) -> bool {
    let mut stack = vec![(v, 1usize)];
    while let Some((v, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return true;
        }
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, depth + 1))),
            Value::Object(map) => stack.extend(map.values().map(|item| (item, depth + 1))),
            _ => {}
        }
    }
    false
}

/// SMD's scalar check; `None` when `v` is absent, null or of the right kind.
fn scalar_error(s: Scalar, v: Option<&Value>, prefix: &str) -> Option<String> {
    let v = v.filter(|v| !v.is_null())?;
    let ok = match s {
        Scalar::Numeric => v.is_number(),
        Scalar::Str => v.is_string(),
        Scalar::Boolean => v.is_boolean(),
        Scalar::Untyped => v.is_number() || v.is_string() || v.is_boolean(),
    };
    if ok {
        return None;
    }
    Some(match s {
        Scalar::Numeric => format!(
            "{prefix}expected numeric (int or float), got {}",
            go_type(v)
        ),
        Scalar::Str => format!("{prefix}expected string, got {}", go_sharp_v(v)),
        Scalar::Boolean => format!("{prefix}expected boolean, got {}", go_v(v)),
        Scalar::Untyped => format!("{prefix}expected any scalar, got {}", go_v(v)),
    })
}

// ---------------------------------------------------------------------------------------------
// The atomic check of the apply configuration.

/// Paths of every atomic list, map or struct in the patch (list items by position).
fn find_atomics<'a>(cx: &Cx<'a>, patch: &'a Value, root: Ty<'a>) -> Vec<String> {
    let mut found = Vec::new();
    collect_atomics(cx, patch, root, &mut String::new(), &mut found);
    found
}

fn collect_atomics<'a>(
    cx: &Cx<'a>,
    v: &'a Value,
    ty: Ty<'a>,
    path: &mut String,
    found: &mut Vec<String>,
) {
    let Ok(atom) = cx.resolve(ty) else {
        return;
    };
    if let (Value::Object(object), Some(map)) = (v, &atom.map) {
        if map.rel == Rel::Atomic {
            found.push(path.clone());
        }
        for key in sorted_keys(object) {
            // Only declared fields are looked into, never map values.
            if let Some(field) = cx.field(map, key) {
                let len = path.len();
                path.push('.');
                path.push_str(key);
                collect_atomics(cx, &object[key], field, path, found);
                path.truncate(len);
            }
        }
    }
    if let (Value::Array(items), Some(list)) = (v, &atom.list) {
        if list.rel == Rel::Atomic {
            found.push(path.clone());
        }
        for (i, item) in items.iter().enumerate() {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            collect_atomics(cx, item, list.elem, path, found);
            path.truncate(len);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The merge (SMD's mergingWalker with rule "keep the patch").

/// Merges `rhs` into `lhs`; `None` when the walk produced no value.
fn merge<'a>(
    cx: &Cx<'a>,
    lhs: &'a Value,
    rhs: &'a Value,
    root: Ty<'a>,
) -> Result<Option<Value>, String> {
    let mut walk = Walk::new(cx, true);
    let out = walk.merge(Some(lhs), Some(rhs), root);
    walk.finish().map(|()| out)
}

fn keep_rhs(lhs: Option<&Value>, rhs: Option<&Value>) -> Option<Value> {
    rhs.or(lhs).cloned()
}

impl<'a> Walk<'_, 'a> {
    fn merge(
        &mut self,
        lhs: Option<&'a Value>,
        rhs: Option<&'a Value>,
        ty: Ty<'a>,
    ) -> Option<Value> {
        if lhs.is_none() && rhs.is_none() {
            self.error("at least one of lhs and rhs must be provided".into());
            return None;
        }
        let atom = match self.cx.resolve(ty) {
            Ok(atom) => atom,
            Err(name) => {
                self.error(no_type(name));
                return None;
            }
        };
        // The patch side decides which part of the atom handles the pair (SMD also walks the
        // live side's part when they differ, but that walk's result is thrown away).
        match atom.pick(rhs.or(lhs)) {
            Pick::Map(map) => self.merge_map(lhs, rhs, map),
            Pick::List(list) => self.merge_list(lhs, rhs, list),
            Pick::Scalar(s) => self.merge_scalar(lhs, rhs, s),
            Pick::Nothing => {
                self.error(invalid_atom(ty));
                None
            }
        }
    }

    fn merge_scalar(
        &mut self,
        lhs: Option<&'a Value>,
        rhs: Option<&'a Value>,
        s: Scalar,
    ) -> Option<Value> {
        let lerr = scalar_error(s, lhs, "lhs: ");
        let rerr = scalar_error(s, rhs, "rhs: ");
        if let (Some(l), Some(r)) = (lerr, rerr) {
            self.error(l);
            self.error(r);
            return None;
        }
        keep_rhs(lhs, rhs)
    }

    fn merge_map(
        &mut self,
        lhs: Option<&'a Value>,
        rhs: Option<&'a Value>,
        map: &MapT<'a>,
    ) -> Option<Value> {
        let l = lhs.and_then(Value::as_object);
        let r = rhs.and_then(Value::as_object);
        // Both sides empty or null: the patch's value is kept, so `{}` and null stay distinct.
        let empty = l.is_none_or(Map::is_empty) && r.is_none_or(Map::is_empty);
        if map.rel == Rel::Atomic || empty {
            return keep_rhs(lhs, rhs);
        }
        let mut keys: Vec<&'a String> = l.into_iter().chain(r).flat_map(Map::keys).collect();
        keys.sort();
        keys.dedup();
        let mut out = Map::new();
        for key in keys {
            let ty = self.cx.field(map, key).unwrap_or(map.elem);
            let len = self.path.len();
            self.path.push('.');
            self.path.push_str(key);
            let merged = self.merge(l.and_then(|m| m.get(key)), r.and_then(|m| m.get(key)), ty);
            self.path.truncate(len);
            if let Some(merged) = merged {
                out.insert(key.clone(), merged);
            }
        }
        (!out.is_empty()).then_some(Value::Object(out))
    }

    fn merge_list(
        &mut self,
        lhs: Option<&'a Value>,
        rhs: Option<&'a Value>,
        list: &ListT<'a>,
    ) -> Option<Value> {
        let l = lhs.and_then(Value::as_array);
        let r = rhs.and_then(Value::as_array);
        let empty = l.is_none_or(Vec::is_empty) && r.is_none_or(Vec::is_empty);
        if list.rel == Rel::Atomic || empty {
            return keep_rhs(lhs, rhs);
        }
        let (l, r) = (l.map(Vec::as_slice), r.map(Vec::as_slice));
        self.merge_items(l.unwrap_or_default(), r.unwrap_or_default(), list)
    }

    /// Indexes list items by path element; a key seen twice maps to null (when allowed).
    fn index_items(
        &mut self,
        list: &ListT<'a>,
        items: &'a [Value],
        allow_duplicates: bool,
    ) -> (Vec<Pe<'a>>, PeMap<'a, &'a Value>) {
        let mut pes = Vec::with_capacity(items.len());
        let mut observed = PeMap::new();
        for (i, child) in items.iter().enumerate() {
            let pe = match self.cx.path_element(list, child) {
                Ok(pe) => pe,
                Err(e) => {
                    self.error(format!("element {i}: {e}"));
                    continue;
                }
            };
            let found = observed.contains(&pe);
            if found && !allow_duplicates {
                self.error(format!("duplicate entries for key {pe}"));
                continue;
            }
            observed.insert(pe.clone(), if found { &NULL } else { child });
            pes.push(pe);
        }
        (pes, observed)
    }

    /// Merges two associative lists in SMD's order: live items stay in place, patch-only items
    /// go just before the next shared item of the patch, shared items follow the patch's order.
    fn merge_items(
        &mut self,
        lhs: &'a [Value],
        rhs: &'a [Value],
        list: &ListT<'a>,
    ) -> Option<Value> {
        let errors = self.errs.len();
        let (rpes, robserved) = self.index_items(list, rhs, false);
        let (lpes, lobserved) = self.index_items(list, lhs, true);
        if self.errs.len() > errors {
            return None;
        }
        let mut shared: VecDeque<&Pe<'a>> =
            rpes.iter().filter(|pe| lobserved.contains(pe)).collect();
        let mut next_shared = shared.pop_front();
        let mut merged = PeMap::new();
        let mut out = Vec::with_capacity(lhs.len().max(rhs.len()));
        let (mut li, mut ri) = (0, 0);
        while li < lpes.len() || ri < rpes.len() {
            let start = (li, ri);
            if li < lpes.len() && ri < rpes.len() {
                let pe = &lpes[li];
                if *pe == rpes[ri] {
                    merged.insert(pe.clone(), ());
                    let (lc, rc) = (lobserved.get(pe).copied(), robserved.get(pe).copied());
                    self.merge_item(&mut out, lc, rc, list.elem);
                    li += 1;
                    ri += 1;
                    next_shared = shared.pop_front();
                    continue;
                }
                if robserved.contains(pe) && next_shared.is_some_and(|next| next != pe) {
                    // A shared item, but not the one due now: it is emitted at its patch position.
                    li += 1;
                    continue;
                }
            }
            if li < lpes.len() {
                let pe = &lpes[li];
                if !robserved.contains(pe) {
                    self.merge_item(&mut out, Some(&lhs[li]), None, list.elem);
                    li += 1;
                    continue;
                } else if merged.contains(pe) {
                    li += 1;
                }
            }
            if ri < rpes.len() {
                let pe = &rpes[ri];
                merged.insert(pe.clone(), ());
                let (lc, rc) = (lobserved.get(pe).copied(), robserved.get(pe).copied());
                self.merge_item(&mut out, lc, rc, list.elem);
                ri += 1;
                if next_shared == Some(pe) {
                    next_shared = shared.pop_front();
                }
            }
            if (li, ri) == start {
                // Only reachable when numeric keys compare inconsistently (Go's int/float
                // equality is not transitive); move on rather than spin.
                li += 1;
            }
        }
        (!out.is_empty()).then_some(Value::Array(out))
    }

    fn merge_item(
        &mut self,
        out: &mut Vec<Value>,
        lhs: Option<&'a Value>,
        rhs: Option<&'a Value>,
        elem: Ty<'a>,
    ) {
        // SMD loses the errors of list items (they land in a shadowed variable); so do we.
        let errors = self.errs.len();
        if let Some(merged) = self.merge(lhs, rhs, elem) {
            out.push(merged);
        }
        self.errs.truncate(errors);
    }
}

// ---------------------------------------------------------------------------------------------
// Values as Go and SMD print and compare them.

fn sorted_keys(map: &Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    keys
}

/// Integers are Go `int64`s; everything else numeric (including beyond `i64`) is a `float64`.
fn is_int(n: &Number) -> bool {
    n.is_i64()
}

/// SMD's `value.Equals`: numbers compare as floats when either side is one.
fn go_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if is_int(x) && is_int(y) => x.as_i64() == y.as_i64(),
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Null, Value::Null) => true,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| go_equals(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| go_equals(v, w)))
        }
        _ => false,
    }
}

/// Go's `%T` of the unstructured value.
fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if is_int(n) => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// Go's `%v` of an SMD value (a pointer to a struct holding the unstructured value).
fn go_v(v: &Value) -> String {
    format!("&{{{}}}", go_plain(v))
}

fn go_plain(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_number(n),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_plain).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = sorted_keys(map)
                .into_iter()
                .map(|k| format!("{k}:{}", go_plain(&map[k])))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

/// Go's `%#v` of an SMD value.
fn go_sharp_v(v: &Value) -> String {
    format!("&value.valueUnstructured{{Value:{}}}", go_syntax(v))
}

fn go_syntax(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_number(n),
        Value::String(s) => go_quote(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_syntax).collect();
            format!("[]interface {{}}{{{}}}", parts.join(", "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = sorted_keys(map)
                .into_iter()
                .map(|k| format!("{}:{}", go_quote(k), go_syntax(&map[k])))
                .collect();
            format!("map[string]interface {{}}{{{}}}", parts.join(", "))
        }
    }
}

/// SMD's `value.ToString`, used in key path elements such as `[name="x"]`.
fn smd_string(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_number(n),
        Value::String(s) => go_quote(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(smd_string).collect();
            format!("[{}]", parts.join(","))
        }
        Value::Object(map) => sorted_keys(map)
            .into_iter()
            .map(|k| format!("{k}={}", smd_string(&map[k])))
            .collect(),
    }
}

fn go_number(n: &Number) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(0.0)),
    }
}

/// Go's `%v` of a float64: the shortest digits that round-trip, in exponent form when the
/// decimal exponent is below -4 or at least 6 (strconv's `'g'` with the shortest precision).
fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0");
    }
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if !(-4..6).contains(&exp) {
        let rest = &digits[1..];
        let point = if rest.is_empty() { "" } else { "." };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!(
            "{sign}{}{point}{rest}e{esign}{:02}",
            &digits[..1],
            exp.abs()
        );
    }
    if exp < 0 {
        let zeros = "0".repeat((-exp - 1) as usize);
        return format!("{sign}0.{zeros}{digits}");
    }
    let int_len = exp as usize + 1;
    if digits.len() <= int_len {
        format!("{sign}{digits}{}", "0".repeat(int_len - digits.len()))
    } else {
        format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
    }
}

/// Go's `%q` of a `[]string`.
fn go_quote_list(items: &[&str]) -> String {
    let parts: Vec<String> = items.iter().map(|s| go_quote(s)).collect();
    format!("[{}]", parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::OnceLock;

    /// `components.schemas` of the embedded Kubernetes 1.35 release.
    fn k8s() -> &'static Map<String, Value> {
        static DATA: OnceLock<Value> = OnceLock::new();
        DATA.get_or_init(|| {
            let release = kubeidl::kube::release("1.35").expect("embedded 1.35");
            release.document["components"]["schemas"].clone()
        })
        .as_object()
        .expect("components")
    }

    fn deployment(spec: Value) -> Value {
        json!({"apiVersion": "apps/v1", "kind": "Deployment",
               "metadata": {"name": "d1", "namespace": "default"}, "spec": spec})
    }

    fn ac(body: Value) -> Value {
        let mut patch = json!({"apiVersion": "apps/v1", "kind": "Deployment"});
        patch
            .as_object_mut()
            .unwrap()
            .extend(body.as_object().unwrap().clone());
        patch
    }

    fn apply_k8s(
        components: &Map<String, Value>,
        kind: &str,
        live: &Value,
        patch: &Value,
    ) -> Result<Value, ApplyError> {
        let schema = &components[kind];
        apply_configuration(live, patch, schema, &Schemas { components })
    }

    fn apply_deploy(
        components: &Map<String, Value>,
        live: &Value,
        patch: &Value,
    ) -> Result<Value, ApplyError> {
        apply_k8s(components, "io.k8s.api.apps.v1.Deployment", live, patch)
    }

    fn apply_inline(schema: &Value, live: &Value, patch: &Value) -> Result<Value, ApplyError> {
        let components = Map::new();
        apply_configuration(
            live,
            patch,
            schema,
            &Schemas {
                components: &components,
            },
        )
    }

    fn err_inline(schema: &Value, live: &Value, patch: &Value) -> String {
        apply_inline(schema, live, patch).unwrap_err().to_string()
    }

    /// Typed conversion of both sides and the merge alone, as SMD's merge_test runs them.
    fn merge_only(schema: &Value, lhs: &Value, rhs: &Value) -> Value {
        let components = Map::new();
        let cx = Cx {
            components: &components,
        };
        let root = cx.root(schema);
        to_typed(&cx, lhs, root, true).unwrap();
        to_typed(&cx, rhs, root, false).unwrap();
        merge(&cx, lhs, rhs, root).unwrap().unwrap()
    }

    fn pod_spec(spec: Value) -> Value {
        json!({"template": {"spec": spec}})
    }

    // --- Deployment cases of the behaviour note (§14) ---------------------------------------

    #[test]
    fn case1_keyed_list_item_is_appended() {
        let k = k8s();
        let live = deployment(pod_spec(json!({"volumes": [{"name": "x"}]})));
        let patch = ac(json!({"spec": pod_spec(json!({"volumes": [{"name": "y"}]}))}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let volumes = &out["spec"]["template"]["spec"]["volumes"];
        assert_eq!(volumes, &json!([{"name": "x"}, {"name": "y"}]));
        assert_eq!(out["metadata"], live["metadata"]);
    }

    #[test]
    fn case2_keyed_list_item_is_updated() {
        let k = k8s();
        let live = deployment(pod_spec(json!({"volumes": [{"name": "x"}, {"name": "y"}]})));
        let volume = json!({"name": "y", "hostPath": {"path": "a"}});
        let patch = ac(json!({"spec": pod_spec(json!({"volumes": [volume]}))}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let volumes = &out["spec"]["template"]["spec"]["volumes"];
        assert_eq!(
            volumes,
            &json!([{"name": "x"}, {"name": "y", "hostPath": {"path": "a"}}])
        );
    }

    #[test]
    fn case3_atomic_selector_is_refused() {
        let k = k8s();
        let live = deployment(json!({"replicas": 1}));
        let patch = ac(json!({"spec": {"selector": {"matchLabels": {"l": "v"}}}}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector"
        );
    }

    #[test]
    fn case5_undeclared_field_is_refused() {
        let k = k8s();
        let live = deployment(json!({"replicas": 1}));
        let patch = ac(json!({"spec": {"replicasx": 1}}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec.replicasx: field not declared in schema"
        );
    }

    #[test]
    fn case7_scalar_is_replaced() {
        let k = k8s();
        let live = deployment(json!({"replicas": 2, "paused": false}));
        let out = apply_deploy(k, &live, &ac(json!({"spec": {"replicas": 3}}))).unwrap();
        assert_eq!(out, deployment(json!({"replicas": 3, "paused": false})));
    }

    #[test]
    fn case8_patched_duplicate_env_collapses() {
        let k = k8s();
        let env = json!([{"name": "test", "value": "a"}, {"name": "test", "value": "b"},
                         {"name": "foo", "value": "bar"}]);
        let live = deployment(json!({"replicas": 1,
            "template": {"spec": {"containers": [{"name": "nginx", "env": env}]}}}));
        let container = json!({"name": "nginx", "env": [{"name": "test", "value": "c"}]});
        let patch = ac(json!({"spec": pod_spec(json!({"containers": [container]}))}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let env = &out["spec"]["template"]["spec"]["containers"][0]["env"];
        assert_eq!(
            env,
            &json!([{"name": "test", "value": "c"}, {"name": "foo", "value": "bar"}])
        );
        assert_eq!(out["spec"]["replicas"], 1);
    }

    #[test]
    fn case8_untouched_duplicates_are_kept() {
        let k = k8s();
        let env = json!([{"name": "test", "value": "a"}, {"name": "test", "value": "b"}]);
        let live = deployment(json!({"replicas": 1,
            "template": {"spec": {"containers": [{"name": "nginx", "env": env}]}}}));
        let out = apply_deploy(k, &live, &ac(json!({"spec": {"replicas": 3}}))).unwrap();
        let mut want = live.clone();
        want["spec"]["replicas"] = json!(3);
        assert_eq!(out, want);
    }

    #[test]
    fn w3_granular_maps_and_quantities() {
        let k = k8s();
        let live = deployment(json!({"template": {"metadata": {"labels": {"tier": "web"}},
            "spec": {"containers": [{"name": "nginx", "image": "nginx:1.14"}]}}}));
        let container = json!({"name": "nginx", "image": "nginx:1.14.2",
            "ports": [{"containerPort": 80}],
            "resources": {"limits": {"cpu": "128M", "memory": 1024}}});
        let patch = ac(json!({"spec": {"replicas": 1, "template": {
            "metadata": {"labels": {"app": "nginx"}},
            "spec": {"containers": [container.clone()]}}}}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let template = &out["spec"]["template"];
        assert_eq!(
            template["metadata"]["labels"],
            json!({"tier": "web", "app": "nginx"})
        );
        assert_eq!(template["spec"]["containers"], json!([container]));
        assert_eq!(out["spec"]["replicas"], 1);
    }

    #[test]
    fn w5_set_union_order() {
        let k = k8s();
        let mut live = deployment(json!({}));
        live["metadata"]["finalizers"] = json!(["a", "b"]);
        let patch = ac(json!({"metadata": {"finalizers": ["c", "a"]}}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        assert_eq!(out["metadata"]["finalizers"], json!(["c", "a", "b"]));
        assert_eq!(out["metadata"]["name"], "d1");
    }

    #[test]
    fn w6_init_container_is_appended() {
        let k = k8s();
        let live = deployment(pod_spec(
            json!({"initContainers": [{"name": "init-container"}],
            "containers": [{"name": "app"}]}),
        ));
        let injected = json!({"name": "injected-init-container", "image": "busybox"});
        let patch = ac(json!({"spec": pod_spec(json!({"initContainers": [injected.clone()]}))}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let spec = &out["spec"]["template"]["spec"];
        assert_eq!(
            spec["initContainers"],
            json!([{"name": "init-container"}, injected])
        );
        assert_eq!(spec["containers"], json!([{"name": "app"}]));
    }

    fn rich_deployment() -> Value {
        let container = json!({
            "name": "app", "image": "nginx", "args": ["-g"], "resources": {},
            "ports": [{"containerPort": 80, "protocol": "TCP"}],
            "env": [{"name": "POD", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}],
            "readinessProbe": {"httpGet": {"path": "/", "port": "http", "scheme": "HTTP"}, "periodSeconds": 10},
            "securityContext": {}, "terminationMessagePath": "/dev/termination-log"});
        json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "d1", "namespace": "default", "uid": "u", "generation": 3,
                "creationTimestamp": "2024-01-01T00:00:00Z", "labels": {"app": "d1"},
                "annotations": {"deployment.kubernetes.io/revision": "2"}, "finalizers": ["f"],
                "managedFields": [{"manager": "kubectl", "operation": "Update", "fieldsType": "FieldsV1",
                                   "fieldsV1": {"f:spec": {"f:replicas": {}}}, "time": "2024-01-01T00:00:00Z"}]},
            "spec": {"replicas": 2, "revisionHistoryLimit": 10, "progressDeadlineSeconds": 600,
                "selector": {"matchLabels": {"app": "d1"}},
                "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 0}},
                "template": {"metadata": {"labels": {"app": "d1"}, "creationTimestamp": null},
                    "spec": {"containers": [container], "restartPolicy": "Always", "dnsPolicy": "ClusterFirst",
                        "nodeSelector": {"disk": "ssd"}, "securityContext": {},
                        "tolerations": [{"key": "k", "operator": "Exists", "effect": "NoSchedule"}],
                        "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                            "nodeSelectorTerms": [{"matchExpressions": [
                                {"key": "zone", "operator": "In", "values": ["a"]}]}]}}},
                        "volumes": [{"name": "cfg", "configMap": {"name": "cm", "defaultMode": 420}}]}}},
            "status": {"replicas": 2, "readyReplicas": 2, "observedGeneration": 3,
                "conditions": [{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable",
                                "lastUpdateTime": "2024-01-01T00:00:00Z", "lastTransitionTime": "2024-01-01T00:00:00Z"}]}})
    }

    #[test]
    fn untouched_parts_of_a_full_object_are_kept_verbatim() {
        let k = k8s();
        let live = rich_deployment();
        assert_eq!(apply_deploy(k, &live, &ac(json!({}))).unwrap(), live);
        let patch = ac(json!({"metadata": {"labels": {"team": "x"}},
            "spec": pod_spec(json!({"containers": [{"name": "app", "env": [{"name": "MODE", "value": "prod"}]}]}))}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        let mut want = live.clone();
        want["metadata"]["labels"]["team"] = json!("x");
        let env = want["spec"]["template"]["spec"]["containers"][0]["env"]
            .as_array_mut()
            .unwrap();
        env.push(json!({"name": "MODE", "value": "prod"}));
        assert_eq!(out, want);
    }

    #[test]
    fn raw_extension_is_untyped_and_atomic() {
        let k = k8s();
        let kind = "io.k8s.api.apps.v1.ControllerRevision";
        let live = json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "revision": 1, "data": {"a": 1}});
        let patch =
            json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "data": {"b": [2]}});
        let err = apply_k8s(k, kind, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .data"
        );
        let patch = json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "data": "x", "revision": 2});
        let out = apply_k8s(k, kind, &live, &patch).unwrap();
        assert_eq!(
            out,
            json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "revision": 2, "data": "x"})
        );
    }

    // --- The atomic check -----------------------------------------------------------------------

    #[test]
    fn atomic_paths_use_patch_positions_and_count_empty_values() {
        let k = k8s();
        let live = deployment(pod_spec(
            json!({"initContainers": [{"name": "y"}, {"name": "x"}]}),
        ));
        let patch = ac(json!({"spec": pod_spec(json!({
            "nodeSelector": {},
            "initContainers": [{"name": "x", "args": []}, {"name": "y", "command": ["b"], "args": ["a"]}]}))}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        let base = ".spec.template.spec";
        assert_eq!(
            err.0,
            format!(
                "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: \
                     {base}.initContainers[0].args, {base}.initContainers[1].args, \
                     {base}.initContainers[1].command, {base}.nodeSelector"
            )
        );
    }

    #[test]
    fn atomic_structs_inside_keyed_lists() {
        let k = k8s();
        let live = deployment(json!({}));
        let owner = json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "c", "uid": "u1"});
        let patch = ac(json!({"metadata": {"ownerReferences": [owner]}}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .metadata.ownerReferences[0]"
        );
        // A null atomic is not a map, so it passes the check and replaces the value.
        let live = deployment(json!({"selector": {"matchLabels": {"a": "b"}}}));
        let out = apply_deploy(k, &live, &ac(json!({"spec": {"selector": null}}))).unwrap();
        assert_eq!(out["spec"]["selector"], Value::Null);
    }

    // --- Typed conversion errors ----------------------------------------------------------------

    #[test]
    fn scalar_kind_errors_are_joined() {
        let k = k8s();
        let live = deployment(json!({}));
        let patch = ac(
            json!({"spec": {"replicas": "3", "paused": 1, "template": {"spec": {
            "containers": [{"name": "c", "image": 5}]}}}}),
        );
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: errors:\n  \
             .spec.paused: expected boolean, got &{1}\n  \
             .spec.replicas: expected numeric (int or float), got string\n  \
             .spec.template.spec.containers[name=\"c\"].image: expected string, got &value.valueUnstructured{Value:5}"
        );
    }

    #[test]
    fn one_scalar_error_is_not_wrapped() {
        let k = k8s();
        let patch = ac(json!({"spec": {"replicas": {"a": [1.5, "x", null]}}}));
        let err = apply_deploy(k, &deployment(json!({})), &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec.replicas: expected numeric (int or float), got map[string]interface {}"
        );
        let patch =
            ac(json!({"spec": {"template": {"spec": {"hostname": {"a": [1.5, "x", null]}}}}}));
        let err = apply_deploy(k, &deployment(json!({})), &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec.template.spec.hostname: expected string, got \
             &value.valueUnstructured{Value:map[string]interface {}{\"a\":[]interface {}{1.5, \"x\", interface {}(nil)}}}"
        );
    }

    #[test]
    fn duplicate_patch_keys_are_refused() {
        let k = k8s();
        let patch = ac(
            json!({"spec": pod_spec(json!({"containers": [{"name": "x"}, {"name": "x", "image": "i"}]}))}),
        );
        let err = apply_deploy(k, &deployment(json!({})), &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec.template.spec.containers: duplicate entries for key [name=\"x\"]"
        );
    }

    #[test]
    fn live_object_errors_are_reported_as_such() {
        let k = k8s();
        let live = deployment(json!({"replicas": 1, "bogus": true}));
        let err = apply_deploy(k, &live, &ac(json!({"spec": {"replicas": 2}}))).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert original object to typed object: .spec.bogus: field not declared in schema"
        );
    }

    #[test]
    fn only_the_first_undeclared_field_of_an_object_is_reported() {
        let k = k8s();
        let patch = ac(json!({"spec": {"a": 1, "b": 2, "replicas": "x"}}));
        let err = apply_deploy(k, &deployment(json!({})), &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec.a: field not declared in schema"
        );
    }

    // --- Keys, defaults and untyped scalars on built-in types -----------------------------------

    #[test]
    fn missing_key_field_takes_the_schema_default() {
        let k = k8s();
        let ports = json!([{"containerPort": 80, "protocol": "TCP", "name": "http"},
                           {"containerPort": 53, "protocol": "UDP"}]);
        let live = deployment(pod_spec(
            json!({"containers": [{"name": "c", "ports": ports}]}),
        ));
        let patch_ports = json!([{"containerPort": 80, "hostPort": 8080}, {"containerPort": 53}]);
        let patch = ac(
            json!({"spec": pod_spec(json!({"containers": [{"name": "c", "ports": patch_ports}]}))}),
        );
        let out = apply_deploy(k, &live, &patch).unwrap();
        let ports = &out["spec"]["template"]["spec"]["containers"][0]["ports"];
        assert_eq!(
            ports,
            &json!([{"containerPort": 80, "protocol": "TCP", "name": "http", "hostPort": 8080},
                    {"containerPort": 53, "protocol": "UDP"}, {"containerPort": 53}])
        );
    }

    #[test]
    fn int_or_string_and_quantities_take_numbers_and_strings() {
        let k = k8s();
        let live = deployment(json!({"strategy": {"type": "RollingUpdate",
            "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}}}));
        let container = json!({"name": "c", "resources": {"limits": {"cpu": 2, "memory": "1Gi"},
                                                          "requests": {"cpu": 0.5}}});
        let patch = ac(
            json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": 1, "maxUnavailable": "10%"}},
            "template": {"spec": {"containers": [container.clone()]}}}}),
        );
        let out = apply_deploy(k, &live, &patch).unwrap();
        assert_eq!(
            out["spec"]["strategy"],
            json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": "10%"}})
        );
        assert_eq!(
            out["spec"]["template"]["spec"]["containers"],
            json!([container])
        );
        // Quantity is an untyped scalar by name.
        let bad = json!({"name": "c", "resources": {"limits": {"cpu": {}}}});
        let patch = ac(json!({"spec": pod_spec(json!({"containers": [bad]}))}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: \
             .spec.template.spec.containers[name=\"c\"].resources.limits.cpu: expected any scalar, got &{map[]}"
        );
        // IntOrString is published without a `type`, so SMD also takes a map (granular) or a
        // list (atomic) there.
        let patch = ac(json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": {"a": 1}}}}}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        assert_eq!(
            out["spec"]["strategy"]["rollingUpdate"]["maxSurge"],
            json!({"a": 1})
        );
        let patch = ac(json!({"spec": {"strategy": {"rollingUpdate": {"maxSurge": [1]}}}}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.strategy.rollingUpdate.maxSurge"
        );
    }

    #[test]
    fn object_meta_is_merged_granularly() {
        let k = k8s();
        let mut live = deployment(json!({}));
        live["metadata"]["labels"] = json!({"a": "1"});
        live["metadata"]["annotations"] = json!({"x": "y"});
        let patch = ac(json!({"metadata": {"labels": {"b": "2"}, "annotations": {"x": "z"}}}));
        let out = apply_deploy(k, &live, &patch).unwrap();
        assert_eq!(out["metadata"]["labels"], json!({"a": "1", "b": "2"}));
        assert_eq!(out["metadata"]["annotations"], json!({"x": "z"}));
        assert_eq!(out["apiVersion"], "apps/v1");
        let patch = ac(json!({"metadata": {"managedFields": []}}));
        let err = apply_deploy(k, &live, &patch).unwrap_err();
        assert!(err.0.ends_with(": .metadata.managedFields"), "{err}");
    }

    #[test]
    fn endpoints_annotations_are_added() {
        let k = k8s();
        let live = json!({"apiVersion": "v1", "kind": "Endpoints",
                          "metadata": {"name": "e", "annotations": {"foo": "0"}}});
        let patch = json!({"apiVersion": "v1", "kind": "Endpoints",
                           "metadata": {"annotations": {"foo": "1", "1Applied": "true"}}});
        let out = apply_k8s(k, "io.k8s.api.core.v1.Endpoints", &live, &patch).unwrap();
        assert_eq!(
            out["metadata"]["annotations"],
            json!({"foo": "1", "1Applied": "true"})
        );
        let patch = json!({"apiVersion": "v1", "kind": "Endpoints", "spec": {"invalidField": "x"}});
        let err = apply_k8s(k, "io.k8s.api.core.v1.Endpoints", &live, &patch).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .spec: field not declared in schema"
        );
    }

    // --- SMD merge_test cases over inline schemas -----------------------------------------------

    fn assoc_schema() -> Value {
        json!({"type": "object", "properties": {
            "list": {"type": "array", "x-kubernetes-list-type": "map",
                     "x-kubernetes-list-map-keys": ["key", "id"],
                     "items": {"type": "object", "properties": {
                        "key": {"type": "string"}, "id": {"type": "integer"},
                        "value": {"type": "object", "additionalProperties": {"type": "string"}},
                        "bv": {"type": "boolean"}, "nv": {"type": "integer"}}}},
            "atomicList": {"type": "array", "items": {"type": "string"}}}})
    }

    fn item(key: &str, id: i64) -> Value {
        json!({"key": key, "id": id})
    }

    #[test]
    fn merge_test_associative_list_order() {
        let s = assoc_schema();
        let (a1, b2, c3) = (item("a", 1), item("b", 2), item("c", 3));
        let cases = [
            (json!([a1, b2, c3]), json!([c3, b2]), json!([a1, c3, b2])),
            (json!([a1, b2, c3]), json!([c3, a1]), json!([b2, c3, a1])),
            (json!([b2]), json!([a1, b2, c3]), json!([a1, b2, c3])),
            (
                json!([a1, item("b", 1)]),
                json!([a1, item("a", 2)]),
                json!([a1, item("b", 1), item("a", 2)]),
            ),
            (
                json!([{"key": "a", "id": 1, "value": {"a": "a"}}]),
                json!([{"key": "a", "id": 2, "value": {"a": "a"}}]),
                json!([{"key": "a", "id": 1, "value": {"a": "a"}}, {"key": "a", "id": 2, "value": {"a": "a"}}]),
            ),
        ];
        for (lhs, rhs, want) in cases {
            let got = merge_only(&s, &json!({"list": lhs}), &json!({"list": rhs}));
            assert_eq!(got, json!({"list": want}), "{lhs} + {rhs}");
        }
    }

    #[test]
    fn merge_test_associative_list_duplicates_and_empty() {
        let s = assoc_schema();
        let lhs = json!({"list": [{"key": "a", "id": 1, "bv": true}, {"key": "b", "id": 2},
                                  {"key": "a", "id": 1, "bv": false, "nv": 2}]});
        let rhs = json!({"list": [{"key": "a", "id": 1, "nv": 3}, {"key": "c", "id": 3}, {"key": "b", "id": 2}]});
        assert_eq!(merge_only(&s, &lhs, &rhs), rhs);
        let dups =
            json!({"list": [{"key": "a", "id": 1, "nv": 1}, {"key": "a", "id": 1, "nv": 2}]});
        assert_eq!(merge_only(&s, &dups, &json!({"list": []})), dups);
        assert_eq!(merge_only(&s, &dups, &json!({})), dups);
        let atomic = [
            (json!(["a", "a", "a"]), json!(null)),
            (json!(["a", "b", "c"]), json!([])),
            (json!(["a", "a", "a"]), json!(["a", "a"])),
        ];
        for (lhs, rhs) in atomic {
            let got = merge_only(&s, &json!({"atomicList": lhs}), &json!({"atomicList": rhs}));
            assert_eq!(got, json!({"atomicList": rhs}));
        }
    }

    #[test]
    fn merge_test_sets() {
        let s = json!({"type": "object", "properties": {
            "setStr": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
            "setBool": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "boolean"}},
            "setNumeric": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "number"}},
            "numeric": {"type": "number"}}});
        let strs = [
            ("abc", "ab", "abc"),
            ("ab", "abc", "abc"),
            ("abc", "", "abc"),
            ("", "abc", "abc"),
            ("ab", "ba", "ba"),
            ("abc", "def", "abcdef"),
            ("abc", "cdef", "abcdef"),
            ("abcgf", "cdef", "abcgdef"),
            ("abc", "defxyz", "abcdefxyz"),
            ("cdef", "ace", "acdef"),
            ("abcxyz", "def", "abcxyzdef"),
            ("abcxyz", "defxyz", "abcdefxyz"),
            ("cagf", "cfag", "cfag"),
            ("abcd", "defa", "bcdefa"),
            ("cdefghij", "2h3e4kl", "cdfg2hij3e4kl"),
            ("abcdefghij", "1b2h3e4kl", "a1bcdfg2hij3e4kl"),
            ("abb", "c", "abbc"),
            ("abb", "b", "ab"),
            ("abb", "a", "abb"),
            ("abcdec", "1b2ed", "a1bc2ecd"),
            ("abcdec", "1b2ced", "a1b2ced"),
            ("aabb", "bcd", "aabcd"),
            ("aabb", "", "aabb"),
            ("cagfca", "cfag", "cfag"),
        ];
        let chars = |s: &str| Value::Array(s.chars().map(|c| json!(c.to_string())).collect());
        for (lhs, rhs, want) in strs {
            let got = merge_only(
                &s,
                &json!({"setStr": chars(lhs)}),
                &json!({"setStr": chars(rhs)}),
            );
            assert_eq!(got, json!({"setStr": chars(want)}), "{lhs} + {rhs}");
        }
        let others = [
            (
                json!({"setBool": [true]}),
                json!({"setBool": [false]}),
                json!({"setBool": [true, false]}),
            ),
            (
                json!({"setNumeric": [1, 2, 2.5]}),
                json!({"setNumeric": [1, 2, 3]}),
                json!({"setNumeric": [1, 2, 2.5, 3]}),
            ),
            (
                json!({"setNumeric": [1, 2, 2.5, 1, 2]}),
                json!({"setNumeric": [1, 2, 3]}),
                json!({"setNumeric": [1, 2, 2.5, 3]}),
            ),
            (
                json!({"setBool": [true, false, true]}),
                json!({"setBool": [false]}),
                json!({"setBool": [true, false, true]}),
            ),
            (
                json!({"setBool": [true, false, true]}),
                json!({"setBool": [true]}),
                json!({"setBool": [true, false]}),
            ),
            (
                json!({"numeric": 1}),
                json!({"numeric": 2.5}),
                json!({"numeric": 2.5}),
            ),
        ];
        for (lhs, rhs, want) in others {
            assert_eq!(merge_only(&s, &lhs, &rhs), want, "{lhs} + {rhs}");
        }
    }

    #[test]
    fn merge_test_null_and_empty() {
        let untyped = json!({"x-kubernetes-map-type": "atomic"});
        let schemas = [
            json!({"type": "object", "properties": {"inner": {"type": "object", "additionalProperties": untyped}}}),
            json!({"type": "object", "properties": {"inner": {"type": "object", "properties": {"value": untyped}}}}),
            json!({"type": "object", "properties": {"inner": {"type": "array", "items": untyped}}}),
        ];
        for (i, s) in schemas.iter().enumerate() {
            let empty = if i == 2 { json!([]) } else { json!({}) };
            let cases = [
                (json!({}), json!({"inner": empty}), json!({"inner": empty})),
                (json!({}), json!({"inner": null}), json!({"inner": null})),
                (
                    json!({"inner": null}),
                    json!({"inner": empty}),
                    json!({"inner": empty}),
                ),
                (
                    json!({"inner": empty}),
                    json!({"inner": null}),
                    json!({"inner": null}),
                ),
                (
                    json!({"inner": empty}),
                    json!({"inner": empty}),
                    json!({"inner": empty}),
                ),
            ];
            for (lhs, rhs, want) in cases {
                assert_eq!(merge_only(s, &lhs, &rhs), want, "{s}: {lhs} + {rhs}");
            }
        }
        let pair =
            json!({"type": "object", "properties": {"key": {"type": "string"}, "value": untyped}});
        let cases = [
            (
                json!({"key": "foo", "value": {}}),
                json!({"key": "foo", "value": 1}),
                json!({"key": "foo", "value": 1}),
            ),
            (
                json!({"key": "foo", "value": 1}),
                json!({"key": "foo", "value": {}}),
                json!({"key": "foo", "value": {}}),
            ),
            (
                json!({"key": "foo", "value": null}),
                json!({"key": "foo", "value": {}}),
                json!({"key": "foo", "value": {}}),
            ),
            (
                json!({"key": "foo"}),
                json!({"value": true}),
                json!({"key": "foo", "value": true}),
            ),
        ];
        for (lhs, rhs, want) in cases {
            assert_eq!(merge_only(&pair, &lhs, &rhs), want);
        }
    }

    #[test]
    fn null_patch_containers_keep_non_empty_live_values() {
        let s = json!({"type": "object", "properties": {
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}});
        let live = json!({"labels": {"a": "b"}, "tags": ["x"]});
        let out = apply_inline(&s, &live, &json!({"labels": null, "tags": null})).unwrap();
        assert_eq!(out, live);
        let out = apply_inline(&s, &json!({"labels": {}}), &json!({"labels": null})).unwrap();
        assert_eq!(out, json!({"labels": null}));
    }

    // --- Inline (CRD-style) schemas -------------------------------------------------------------

    fn crd_schema() -> Value {
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
            "config": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
            "port": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]},
            "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                      "items": {"type": "object", "properties": {"name": {"type": "string"}, "v": {"type": "integer"}}}},
            "pairs": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a", "b"],
                      "items": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}},
            "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
            "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                         "x-kubernetes-preserve-unknown-fields": true}}}}})
    }

    #[test]
    fn preserve_unknown_fields_merge_as_deduced() {
        let s = crd_schema();
        let live = json!({"apiVersion": "x/v1", "kind": "W", "spec": {"config": {
            "a": {"b": 1, "c": [1, 2]}, "d": "x", "e": {"f": 1}, "keep": [true]}}});
        let patch = json!({"apiVersion": "x/v1", "kind": "W", "spec": {"config": {
            "a": {"c": [3], "n": 2}, "d": {"z": 1}, "e": 5}}});
        let out = apply_inline(&s, &live, &patch).unwrap();
        assert_eq!(
            out["spec"]["config"],
            json!({"a": {"b": 1, "c": [3], "n": 2}, "d": {"z": 1}, "e": 5, "keep": [true]})
        );
    }

    #[test]
    fn crd_int_or_string_and_embedded_resources() {
        let s = crd_schema();
        let live = json!({"spec": {"port": "http"}});
        for port in [json!(8080), json!("https")] {
            let out = apply_inline(&s, &live, &json!({"spec": {"port": port}})).unwrap();
            assert_eq!(out["spec"]["port"], port);
        }
        let mut components = Map::new();
        components.insert(
            OBJECT_META.into(),
            json!({"type": "object", "properties": {
            "name": {"type": "string"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}),
        );
        let schemas = Schemas {
            components: &components,
        };
        let live = json!({"spec": {"template": {"apiVersion": "v1", "kind": "Pod",
                                                "metadata": {"labels": {"a": "1"}}, "extra": [1]}}});
        let patch = json!({"apiVersion": "x/v1", "kind": "W", "metadata": {"name": "w"},
                           "spec": {"template": {"metadata": {"labels": {"b": "2"}}}}});
        let out = apply_configuration(&live, &patch, &s, &schemas).unwrap();
        assert_eq!(
            out["spec"]["template"]["metadata"]["labels"],
            json!({"a": "1", "b": "2"})
        );
        assert_eq!(out["spec"]["template"]["extra"], json!([1]));
        assert_eq!(out["metadata"], json!({"name": "w"}));
        let patch = json!({"spec": {"template": {"metadata": {"bogus": 1}, "kind": 3}}});
        let err = apply_configuration(&live, &patch, &s, &schemas).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: errors:\n  \
             .spec.template.kind: expected string, got &value.valueUnstructured{Value:3}\n  \
             .spec.template.metadata.bogus: field not declared in schema"
        );
    }

    #[test]
    fn element_without_any_key_field_is_refused() {
        let s = crd_schema();
        let err = err_inline(
            &s,
            &json!({}),
            &json!({"spec": {"items": [{"name": "a"}, {"v": 1}]}}),
        );
        assert_eq!(
            err,
            "failed to convert patch object to typed object: .spec.items: element 1: associative list with keys \
             has an element that omits all key fields [\"name\"] (and doesn't have default values for any key fields)"
        );
        let err = err_inline(&s, &json!({}), &json!({"spec": {"pairs": [{}]}}));
        assert!(err.ends_with("omits all key fields [\"a\" \"b\"] (and doesn't have default values for any key fields)"), "{err}");
        // One key field present is enough; the missing one is simply not part of the key.
        let out = apply_inline(
            &s,
            &json!({"spec": {"pairs": [{"a": "x"}, {"a": "x", "b": "y"}]}}),
            &json!({"spec": {"pairs": [{"b": "y", "a": "x"}]}}),
        )
        .unwrap();
        assert_eq!(
            out["spec"]["pairs"],
            json!([{"a": "x"}, {"a": "x", "b": "y"}])
        );
    }

    #[test]
    fn list_element_shape_errors() {
        let s = crd_schema();
        let cases = [
            (json!({"spec": {"items": [null]}}), ".spec.items: element 0: associative list with keys may not have a null element"),
            (json!({"spec": {"items": ["a"]}}), ".spec.items: element 0: associative list with keys may not have non-map elements"),
            (json!({"spec": {"tags": ["a", {}]}}), ".spec.tags: element 1: associative list without keys has an element that's a map type"),
            (json!({"spec": {"tags": [[]]}}), ".spec.tags: element 0: not supported: associative list with lists as elements"),
            (json!({"spec": {"tags": [null]}}), ".spec.tags: element 0: associative list without keys has an element that's an explicit null"),
            (json!({"spec": {"tags": "a"}}), ".spec.tags: expected list, got &{a}"),
            (json!({"spec": {"tags": ["a", "a"]}}), ".spec.tags: duplicate entries for key [=\"a\"]"),
            (json!({"spec": []}), ".spec: expected map, got &{[]}"),
        ];
        for (patch, want) in cases {
            let err = err_inline(&s, &json!({}), &patch);
            assert_eq!(
                err,
                format!("failed to convert patch object to typed object: {want}")
            );
        }
    }

    #[test]
    fn keys_compare_numbers_as_go_does() {
        let s = json!({"type": "object", "properties": {"l": {"type": "array",
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["id"],
            "items": {"type": "object", "properties": {"id": {"type": "number"}, "v": {"type": "string"}}}}}});
        let out = apply_inline(
            &s,
            &json!({"l": [{"id": 1, "v": "a"}, {"id": 2}]}),
            &json!({"l": [{"id": 1.0, "v": "b"}]}),
        )
        .unwrap();
        assert_eq!(out, json!({"l": [{"id": 1.0, "v": "b"}, {"id": 2}]}));
        let err = err_inline(&s, &json!({}), &json!({"l": [{"id": 1.5}, {"id": 1.5}]}));
        assert!(
            err.ends_with(".l: duplicate entries for key [id=1.5]"),
            "{err}"
        );
    }

    #[test]
    fn map_type_on_a_reference_overrides_the_target() {
        let mut components = Map::new();
        components.insert(
            "Ref".into(),
            json!({"type": "object", "x-kubernetes-map-type": "atomic",
            "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}),
        );
        let s = json!({"type": "object", "properties": {
            "atomic": {"allOf": [{"$ref": "#/components/schemas/Ref"}]},
            "granular": {"allOf": [{"$ref": "#/components/schemas/Ref"}], "x-kubernetes-map-type": "granular"},
            "missing": {"$ref": "#/components/schemas/Nope"}}});
        let schemas = Schemas {
            components: &components,
        };
        let live = json!({"atomic": {"a": "1"}, "granular": {"a": "1"}});
        let out =
            apply_configuration(&live, &json!({"granular": {"b": "2"}}), &s, &schemas).unwrap();
        assert_eq!(out["granular"], json!({"a": "1", "b": "2"}));
        let err =
            apply_configuration(&live, &json!({"atomic": {"b": "2"}}), &s, &schemas).unwrap_err();
        assert_eq!(
            err.0,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .atomic"
        );
        let err = apply_configuration(&live, &json!({"missing": 1}), &s, &schemas).unwrap_err();
        assert_eq!(
            err.0,
            "failed to convert patch object to typed object: .missing: schema error: no type found matching: Nope"
        );
    }

    #[test]
    fn patch_strategy_without_list_type() {
        let s = json!({"type": "object", "properties": {
            "keyed": {"type": "array", "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "n",
                      "items": {"type": "object", "properties": {"n": {"type": "string"}, "v": {"type": "integer"}}}},
            "set": {"type": "array", "x-kubernetes-patch-strategy": "merge", "items": {"type": "string"}},
            "plain": {"type": "array", "items": {"type": "string"}}}});
        let live = json!({"keyed": [{"n": "a", "v": 1}], "set": ["x"], "plain": ["p"]});
        let patch = json!({"keyed": [{"n": "a", "v": 2}, {"n": "b"}], "set": ["y"]});
        let out = apply_inline(&s, &live, &patch).unwrap();
        assert_eq!(
            out,
            json!({"keyed": [{"n": "a", "v": 2}, {"n": "b"}], "set": ["x", "y"], "plain": ["p"]})
        );
        let err = err_inline(&s, &live, &json!({"plain": ["q"]}));
        assert_eq!(
            err,
            "invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .plain"
        );
    }

    #[test]
    fn no_panics_on_odd_input() {
        let schemas = [
            json!(true),
            json!({}),
            json!({"type": 5}),
            json!({"type": ["object", "null"]}),
            json!({"type": "array"}),
            json!({"type": "object", "additionalProperties": false}),
            json!({"$ref": "#/components/schemas/"}),
            json!({"allOf": [{"$ref": 1}, {}]}),
            json!({"type": "array", "x-kubernetes-list-type": "map", "items": [{"type": "string"}]}),
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": "k",
                   "items": {"type": "string"}}),
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
                   "items": {"type": "string"}}),
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
                   "items": {"type": "object", "properties": {"k": {}}}}),
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {}}),
            crd_schema(),
        ];
        let (big, bigger) = (9_007_199_254_740_992_i64, 9_007_199_254_740_993_i64);
        let values = [
            json!(null),
            json!(1),
            json!(-0.0),
            json!(1e300),
            json!("s"),
            json!([]),
            json!({}),
            json!([1, [2], {"k": null}]),
            json!({"k": [null, {"k": 1}], "spec": {"items": [{"name": 1}]}}),
            json!([{"k": 1}, {"k": 1.0}, {"k": "1"}, {}]),
            json!(u64::MAX),
            json!([{"k": bigger}, {"k": big}, {"k": 1}]),
            json!([{"k": big as f64}, {"k": 2}, {"k": bigger}, {"k": 1.0}]),
            json!([bigger, big as f64, big, 1, 1.0]),
            json!([big, bigger]),
        ];
        for schema in &schemas {
            for live in &values {
                for patch in &values {
                    let _ = apply_inline(schema, live, patch);
                }
            }
        }
    }

    fn nested(depth: usize) -> Value {
        let mut v = json!("leaf");
        for _ in 1..depth {
            let mut m = Map::new();
            m.insert("n".into(), v);
            v = Value::Object(m);
        }
        v
    }

    #[test]
    fn deep_documents_are_walked_up_to_the_limit() {
        let s = json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true});
        let out = apply_inline(&s, &nested(MAX_DEPTH), &nested(MAX_DEPTH)).unwrap();
        assert_eq!(out, nested(MAX_DEPTH));
        let err = err_inline(&s, &json!({}), &nested(MAX_DEPTH + 1));
        assert_eq!(err, "failed to convert patch object to typed object: value nested more than 512 levels deep");
    }

    #[test]
    fn go_renderings() {
        let cases = [
            (1e6, "1e+06"),
            (123456.0, "123456"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (3.5, "3.5"),
            (1.5e300, "1.5e+300"),
            (-2.25, "-2.25"),
            (1234567.5, "1.2345675e+06"),
            (100.0, "100"),
        ];
        for (f, want) in cases {
            assert_eq!(go_float(f), want);
        }
        assert_eq!(
            go_quote("a\"b\\c\n\u{1}é\u{200b}"),
            "\"a\\\"b\\\\c\\n\\x01é\\u200b\""
        );
        assert_eq!(
            go_v(&json!({"b": [1, "x"], "a": null})),
            "&{map[a:<nil> b:[1 x]]}"
        );
        assert_eq!(
            smd_string(&json!({"a": 1, "b": [true, "x"]})),
            "a=1b=[true,\"x\"]"
        );
        assert_eq!(go_type(&json!(1.5)), "float64");
    }
}
