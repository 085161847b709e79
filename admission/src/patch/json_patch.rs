//! JSON Patch (RFC 6902) with the behaviour kube-apiserver shows when it applies the
//! `JSONPatch` mutation of a MutatingAdmissionPolicy, plus a diff that produces such patches.
//!
//! kube-apiserver evaluates the CEL expression to a list of `JSONPatch{op, path, from, value}`,
//! turns every element into an RFC 6902 operation (`op` and `path` always present, `from` only when
//! non-empty, `value` only when set) and hands them to `gopkg.in/evanphx/json-patch.v4` (v4.13.0)
//! together with the JSON encoding of the object. That library deviates from the RFC in several
//! ways, and this module reproduces those deviations rather than the RFC:
//!
//! * paths are split on `/` and the first segment is ignored, whatever it holds (`a/b` acts as
//!   `/b`); a path without any `/` (including `""`) names no container;
//! * tokens are decoded in one pass, `~1` to `/` and `~0` to `~`;
//! * `replace` on an object key that does not exist simply sets it; on an array the index must
//!   exist, so `-` fails;
//! * negative array indices count from the end (for `add`, `-1` appends);
//! * array indices are parsed like Go's `strconv.Atoi` (`+1` and `01` are accepted), and parse
//!   failures carry Go's error text;
//! * `copy` from a missing key of an existing object copies `null`;
//! * a `test` whose target is missing passes only when the operation carries no value, and a
//!   failed `test` is reported as [`PatchError::TestFailed`], which kube-apiserver turns into "leave
//!   the object unchanged" — every earlier operation of the same mutation is discarded as well;
//! * the `copy` operations of one patch may add at most [`ACCUMULATED_COPY_SIZE_LIMIT`] bytes.
//!
//! The library keeps two kinds of JSON `null` apart, and so does this module: a `null` that was
//! part of the document (or nested inside an operation's value) is a *missing* node, while the
//! top-level `null` value of an `add`/`replace` (always present on the wire, because
//! kube-apiserver encodes the CEL value itself) is a real value that behaves like an empty
//! object. So `test` with `value: null` fails against a `null` read from the object, yet passes
//! against `{}` or `[]`, and `add /x/y` below an added `null` is a Go panic.
//!
//! Inputs on which the Go library panics (nil map writes, nil dereferences) are reported as
//! [`PatchError::Failed`] whose text starts with `panic: `; kube-apiserver would answer such requests
//! with an internal error.
//!
//! Error texts are those of the library, without the `JSON Patch: ` prefix kube-apiserver adds.
//! The behaviour was taken from the library's `patch.go`/`errors.go` and checked against its
//! `patch_test.go` and kube-apiserver's `policy/mutating/patch/json_patch_test.go`.
//!
//! Known approximations: `test` compares strings by value, where the library compares their JSON
//! text (so two spellings of one string, such as Go's `\u003c` for `<`, would differ there);
//! numbers are compared by value (`100` equals `100.0`, as CEL renders `100.0` as `100`); the
//! bytes charged to `copy` are computed from the value, not from the bytes Go would marshal.

use kubeidl::strconv::quote as go_quote;
use serde_json::{Map, Number, Value};
use std::collections::HashMap;
use std::fmt::{self, Write as _};

/// Bytes the `copy` operations of one patch may add in total. kube-apiserver arms the library's
/// global limit from its `JSONPatchMaxCopyBytes` setting, which defaults to 3 MiB.
pub const ACCUMULATED_COPY_SIZE_LIMIT: i64 = 3 * 1024 * 1024;

/// One operation, as the CEL `JSONPatch{op, path, from, value}` gives it.
///
/// An empty `from` is treated as absent (kube-apiserver only emits it when non-empty);
/// `value: Some(Value::Null)` is an explicit `null`, `None` means no value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Operation {
    /// `add`, `remove`, `replace`, `move`, `copy` or `test`.
    pub op: String,
    /// JSON pointer of the target.
    pub path: String,
    /// JSON pointer of the source, for `move` and `copy`.
    pub from: Option<String>,
    /// The value, for `add`, `replace` and `test`.
    pub value: Option<Value>,
}

#[cfg(test)]
impl Operation {
    /// An operation with `op` and `path` and neither `from` nor `value`.
    pub fn new(op: impl Into<String>, path: impl Into<String>) -> Self {
        Operation {
            op: op.into(),
            path: path.into(),
            from: None,
            value: None,
        }
    }

    /// Sets `value`.
    pub fn with_value(mut self, value: Value) -> Self {
        self.value = Some(value);
        self
    }

    /// Sets `from`.
    pub fn with_from(mut self, from: impl Into<String>) -> Self {
        self.from = Some(from.into());
        self
    }
}

impl Operation {
    /// An operation written as RFC 6902 JSON (`{"op", "path", "from"?, "value"?}`), as
    /// [`diff`] gives them.
    pub fn of_json(op: &Value) -> Operation {
        let text = |k: &str| op.get(k).and_then(Value::as_str).map(str::to_string);
        Operation {
            op: text("op").unwrap_or_default(),
            path: text("path").unwrap_or_default(),
            from: text("from"),
            value: op.get("value").cloned(),
        }
    }
}

/// Why a patch did not apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatchError {
    /// A `test` operation failed: the apiserver drops the whole mutation silently (no error).
    TestFailed,
    /// Any other failure; Display gives the apiserver's text WITHOUT the `JSON Patch: ` prefix
    /// (the caller adds it), e.g. `replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value`.
    Failed(String),
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatchError::TestFailed => f.write_str("test failed"),
            PatchError::Failed(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for PatchError {}

/// Applies the operations in order to a copy of `doc`.
///
/// `doc` should be an object (kube-apiserver always patches one); arrays and `null` are accepted
/// as the library accepts them, other scalars fail.
pub fn apply(doc: &Value, ops: &[Operation]) -> Result<Value, PatchError> {
    apply_with_limit(doc, ops, ACCUMULATED_COPY_SIZE_LIMIT)
}

/// A JSON Patch (RFC 6902, as JSON objects {"op","path","value"?}) that turns `from` into `to`: what an
/// AdmissionReview response's `patch` carries. Minimal and readable: recurse into objects key by key
/// (remove / add / replace), for arrays prefer per-index replace/recursion of the common prefix then add
/// with `-`-free explicit indices or remove from the end (so applying it with `apply` gives `to` exactly);
/// keys are escaped (`~`→`~0`, `/`→`~1`).
///
/// When the roots differ in kind, the patch is a single `replace` of `""`, which applies only when
/// `to` is an object, an array or `null`.
pub fn diff(from: &Value, to: &Value) -> Vec<Value> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_at(from, to, &mut path, &mut ops);
    ops
}

/// `jsonpatch.escapeKey`: `~`→`~0`, `/`→`~1` in one pass (the CEL function's own code).
pub use kubeidl::cel::library::mutation::escape_key;

// ---------------------------------------------------------------------------------------------
// Working tree
// ---------------------------------------------------------------------------------------------

/// A node of the document while it is being patched.
#[derive(Debug)]
enum Node {
    /// A `null` read from the document or from inside an operation value: the library holds no
    /// node at all for it.
    Missing,
    /// The top-level `null` value of an operation, or a copy of a `null`: a real node that acts as
    /// an empty, read-only object (a Go nil map).
    NullValue,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Node>),
    Object(Fields),
}

/// An object's members in document order, with an index for lookups.
#[derive(Debug, Default)]
struct Fields {
    entries: Vec<(String, Node)>,
    index: HashMap<String, usize>,
}

impl Fields {
    fn with_capacity(n: usize) -> Self {
        Fields {
            entries: Vec::with_capacity(n),
            index: HashMap::with_capacity(n),
        }
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn get(&self, key: &str) -> Option<&Node> {
        let i = *self.index.get(key)?;
        self.entries.get(i).map(|e| &e.1)
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        let i = *self.index.get(key)?;
        self.entries.get_mut(i).map(|e| &mut e.1)
    }

    /// Overwrites the member in place, or appends it.
    fn insert(&mut self, key: String, node: Node) {
        if let Some(slot) = self.get_mut(&key) {
            *slot = node;
            return;
        }
        self.index.insert(key.clone(), self.entries.len());
        self.entries.push((key, node));
    }

    fn remove(&mut self, key: &str) -> Option<Node> {
        let i = self.index.remove(key)?;
        if i >= self.entries.len() {
            return None;
        }
        let (_, node) = self.entries.remove(i);
        for (k, _) in &self.entries[i..] {
            if let Some(pos) = self.index.get_mut(k) {
                *pos -= 1;
            }
        }
        Some(node)
    }
}

impl Node {
    /// A document value; every `null` in it is a missing node.
    fn from_doc(v: &Value) -> Node {
        match v {
            Value::Null => Node::Missing,
            Value::Bool(b) => Node::Bool(*b),
            Value::Number(n) => Node::Number(n.clone()),
            Value::String(s) => Node::String(s.clone()),
            Value::Array(a) => Node::Array(a.iter().map(Node::from_doc).collect()),
            Value::Object(m) => {
                let mut fields = Fields::with_capacity(m.len());
                for (k, v) in m {
                    fields.insert(k.clone(), Node::from_doc(v));
                }
                Node::Object(fields)
            }
        }
    }

    /// An operation value (or a copy): a top-level `null` is a real node, nested ones are not.
    fn from_value(v: &Value) -> Node {
        match v {
            Value::Null => Node::NullValue,
            v => Node::from_doc(v),
        }
    }

    fn to_value(&self) -> Value {
        match self {
            Node::Missing | Node::NullValue => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(n) => Value::Number(n.clone()),
            Node::String(s) => Value::String(s.clone()),
            Node::Array(a) => Value::Array(a.iter().map(Node::to_value).collect()),
            Node::Object(f) => {
                let mut m = Map::new();
                for (k, v) in &f.entries {
                    m.insert(k.clone(), v.to_value());
                }
                Value::Object(m)
            }
        }
    }

    /// Whether the library can descend into the node.
    fn is_container(&self) -> bool {
        matches!(self, Node::Object(_) | Node::Array(_) | Node::NullValue)
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const PANIC_NIL_MAP: &str = "assignment to entry in nil map";
const PANIC_NIL_DEREF: &str = "runtime error: invalid memory address or nil pointer dereference";

enum Fail {
    Msg(String),
    Panic(&'static str),
    Test,
}

impl Fail {
    /// Wraps a library error with context; panics and test failures pass through.
    fn wrap(self, context: impl FnOnce(String) -> String) -> Fail {
        match self {
            Fail::Msg(m) => Fail::Msg(context(m)),
            other => other,
        }
    }
}

impl From<Fail> for PatchError {
    fn from(f: Fail) -> Self {
        match f {
            Fail::Msg(m) => PatchError::Failed(m),
            Fail::Panic(p) => PatchError::Failed(format!("panic: {p}")),
            Fail::Test => PatchError::TestFailed,
        }
    }
}

fn invalid_index(idx: i64) -> String {
    format!("Unable to access invalid index: {idx}: invalid index referenced")
}

// ---------------------------------------------------------------------------------------------
// Apply
// ---------------------------------------------------------------------------------------------

fn apply_with_limit(doc: &Value, ops: &[Operation], limit: i64) -> Result<Value, PatchError> {
    let mut root = match doc {
        Value::Object(_) | Value::Array(_) => Node::from_doc(doc),
        // Decoding `null` into the library's map leaves a nil map.
        Value::Null => Node::NullValue,
        Value::Bool(_) => return Err(unmarshal_root_error("bool")),
        Value::Number(_) => return Err(unmarshal_root_error("number")),
        Value::String(_) => return Err(unmarshal_root_error("string")),
    };
    let mut copied: i64 = 0;
    for op in ops {
        run(&mut root, op, limit, &mut copied)?;
    }
    Ok(root.to_value())
}

fn unmarshal_root_error(kind: &str) -> PatchError {
    PatchError::Failed(format!(
        "json: cannot unmarshal {kind} into Go value of type jsonpatch.partialDoc"
    ))
}

fn run(root: &mut Node, op: &Operation, limit: i64, copied: &mut i64) -> Result<(), Fail> {
    match op.op.as_str() {
        "add" => op_add(root, op),
        "remove" => op_remove(root, op),
        "replace" => op_replace(root, op),
        "move" => op_move(root, op),
        "test" => op_test(root, op),
        "copy" => op_copy(root, op, limit, copied),
        other => Err(Fail::Msg(format!("Unexpected kind: {other}"))),
    }
}

/// The node an operation's `value` adds: no value adds a missing node (rendered `null`).
fn value_node(op: &Operation) -> Node {
    match &op.value {
        None => Node::Missing,
        Some(v) => Node::from_value(v),
    }
}

fn from_field(op: &Operation) -> Option<&str> {
    op.from.as_deref().filter(|f| !f.is_empty())
}

fn op_add(root: &mut Node, op: &Operation) -> Result<(), Fail> {
    let path = op.path.as_str();
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "add operation does not apply: doc is missing path: \"{path}\": missing value"
        ))
    })?;
    container_add(con, &key, value_node(op))
        .map_err(|e| e.wrap(|m| format!("error in add for path: '{path}': {m}")))
}

fn op_remove(root: &mut Node, op: &Operation) -> Result<(), Fail> {
    let path = op.path.as_str();
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "remove operation does not apply: doc is missing path: \"{path}\": missing value"
        ))
    })?;
    container_remove(con, &key)
        .map(drop)
        .map_err(|e| e.wrap(|m| format!("error in remove for path: '{path}': {m}")))
}

fn op_replace(root: &mut Node, op: &Operation) -> Result<(), Fail> {
    let path = op.path.as_str();
    if path.is_empty() {
        *root = match &op.value {
            None => return Err(Fail::Panic(PANIC_NIL_DEREF)),
            Some(v @ (Value::Object(_) | Value::Array(_))) => Node::from_doc(v),
            Some(Value::Null) => Node::NullValue,
            // The library wraps a nil error here, hence Go's `%!w(<nil>)`.
            Some(_) => {
                return Err(Fail::Msg(
                    "replace operation value must be object or array: %!w(<nil>)".to_string(),
                ))
            }
        };
        return Ok(());
    }
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "replace operation does not apply: doc is missing path: {path}: missing value"
        ))
    })?;
    if container_get(con, &key).is_err() {
        return Err(Fail::Msg(format!(
            "replace operation does not apply: doc is missing key: {path}: missing value"
        )));
    }
    // The library labels this (unreachable) failure as a remove.
    container_set(con, &key, value_node(op))
        .map_err(|e| e.wrap(|m| format!("error in remove for path: '{path}': {m}")))
}

fn op_move(root: &mut Node, op: &Operation) -> Result<(), Fail> {
    let from = from_field(op).ok_or_else(|| {
        Fail::Msg(
            "move operation failed to decode from: operation, missing from field: missing value"
                .to_string(),
        )
    })?;
    let (con, key) = find_object(root, from).ok_or_else(|| {
        Fail::Msg(format!(
            "move operation does not apply: doc is missing from path: {from}: missing value"
        ))
    })?;
    // The library reports source failures with the decoded key, not the path.
    container_get(con, &key)
        .map_err(|m| Fail::Msg(format!("error in move for path: '{key}': {m}")))?;
    let val = container_remove(con, &key)
        .map_err(|e| e.wrap(|m| format!("error in move for path: '{key}': {m}")))?;
    let path = op.path.as_str();
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "move operation does not apply: doc is missing destination path: {path}: missing value"
        ))
    })?;
    container_add(con, &key, val)
        .map_err(|e| e.wrap(|m| format!("error in move for path: '{path}': {m}")))
}

fn op_copy(root: &mut Node, op: &Operation, limit: i64, copied: &mut i64) -> Result<(), Fail> {
    let from = from_field(op).ok_or_else(|| {
        Fail::Msg(
            "copy operation failed to decode from: operation, missing from field: missing value"
                .to_string(),
        )
    })?;
    let (con, key) = find_object(root, from).ok_or_else(|| {
        Fail::Msg(format!(
            "copy operation does not apply: doc is missing from path: {from}: missing value"
        ))
    })?;
    let source = container_get(con, &key)
        .map_err(|m| Fail::Msg(format!("error in copy for from: '{from}': {m}")))?;
    // A missing source (absent key or document null) copies nothing, which renders as null.
    let (copy, size) = match source {
        None => (Node::Missing, 0),
        Some(n) => (Node::from_value(&n.to_value()), go_json_len(n)),
    };
    let path = op.path.as_str();
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "copy operation does not apply: doc is missing destination path: {path}: missing value"
        ))
    })?;
    *copied = copied.saturating_add(size);
    if limit > 0 && *copied > limit {
        return Err(Fail::Msg(format!(
            "Unable to complete the copy, the accumulated size increase of copy is {copied}, exceeding the limit {limit}"
        )));
    }
    container_add(con, &key, copy)
        .map_err(|e| e.wrap(|m| format!("error while adding value during copy: {m}")))
}

fn op_test(root: &mut Node, op: &Operation) -> Result<(), Fail> {
    let path = op.path.as_str();
    if path.is_empty() {
        let expected = match &op.value {
            None => return Err(Fail::Panic(PANIC_NIL_DEREF)),
            Some(v) => Node::from_value(v),
        };
        return verdict(nodes_equal(root, &expected));
    }
    let (con, key) = find_object(root, path).ok_or_else(|| {
        Fail::Msg(format!(
            "test operation does not apply: is missing path: {path}: missing value"
        ))
    })?;
    let actual = container_get(con, &key)
        .map_err(|m| Fail::Msg(format!("error in test for path: '{path}': {m}")))?;
    match (actual, &op.value) {
        (None, None) => Ok(()),
        (None, Some(_)) | (Some(_), None) => Err(Fail::Test),
        (Some(n), Some(v)) => verdict(nodes_equal(n, &Node::from_value(v))),
    }
}

fn verdict(eq: Equality) -> Result<(), Fail> {
    match eq {
        Equality::Equal => Ok(()),
        Equality::Different => Err(Fail::Test),
        Equality::Panic => Err(Fail::Panic(PANIC_NIL_DEREF)),
    }
}

/// Resolves every token of `path` but the last, the way the library's `findObject` does.
/// Returns the container and the decoded last token, or `None` ("does not apply").
fn find_object<'a>(root: &'a mut Node, path: &str) -> Option<(&'a mut Node, String)> {
    let mut tokens = path.split('/');
    tokens.next(); // the first segment is dropped unread
    let rest: Vec<&str> = tokens.collect();
    let (last, parts) = rest.split_last()?;
    let mut cur = root;
    for part in parts {
        let key = decode_token(part);
        let next = match cur {
            Node::Object(fields) => fields.get_mut(&key)?,
            Node::Array(items) => {
                let i = array_index(items.len(), &key).ok()?;
                items.get_mut(i)?
            }
            // A nil map holds nothing; other nodes are never reached here.
            _ => return None,
        };
        if !next.is_container() {
            return None;
        }
        cur = next;
    }
    Some((cur, decode_token(last)))
}

/// RFC 6901 token decoding, one pass: `~1` → `/`, `~0` → `~`.
fn decode_token(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.peek() {
                Some('1') => {
                    chars.next();
                    out.push('/');
                    continue;
                }
                Some('0') => {
                    chars.next();
                    out.push('~');
                    continue;
                }
                _ => {}
            }
        }
        out.push(c);
    }
    out
}

/// An existing element's index (`get`/`set` rules): negative counts from the end.
fn array_index(len: usize, key: &str) -> Result<usize, String> {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let mut idx = go_atoi(key)?;
    if idx < 0 {
        if idx < -len {
            return Err(invalid_index(idx));
        }
        idx += len;
    }
    if idx >= len {
        return Err(invalid_index(idx));
    }
    usize::try_from(idx).map_err(|_| invalid_index(idx))
}

/// The library's `get`: `Ok(None)` is a nil node (absent key, document null, nil map).
fn container_get<'a>(con: &'a Node, key: &str) -> Result<Option<&'a Node>, String> {
    let node = match con {
        Node::Object(fields) => fields.get(key),
        Node::Array(items) => items.get(array_index(items.len(), key)?),
        _ => None,
    };
    Ok(node.filter(|n| !matches!(n, Node::Missing)))
}

fn container_add(con: &mut Node, key: &str, val: Node) -> Result<(), Fail> {
    match con {
        Node::Object(fields) => {
            fields.insert(key.to_string(), val);
            Ok(())
        }
        Node::Array(items) => {
            if key == "-" {
                items.push(val);
                return Ok(());
            }
            let mut idx = go_atoi(key).map_err(|e| {
                Fail::Msg(format!("value was not a proper array index: '{key}': {e}"))
            })?;
            let size = i64::try_from(items.len())
                .unwrap_or(i64::MAX)
                .saturating_add(1);
            if idx >= size {
                return Err(Fail::Msg(invalid_index(idx)));
            }
            if idx < 0 {
                if idx < -size {
                    return Err(Fail::Msg(invalid_index(idx)));
                }
                idx += size;
            }
            let at = usize::try_from(idx).map_err(|_| Fail::Msg(invalid_index(idx)))?;
            items.insert(at.min(items.len()), val);
            Ok(())
        }
        Node::NullValue => Err(Fail::Panic(PANIC_NIL_MAP)),
        _ => Err(Fail::Panic(PANIC_NIL_DEREF)),
    }
}

/// The library's `set`, only reached after `get` accepted the key.
fn container_set(con: &mut Node, key: &str, val: Node) -> Result<(), Fail> {
    match con {
        Node::Object(fields) => {
            fields.insert(key.to_string(), val);
            Ok(())
        }
        Node::Array(items) => {
            let i = array_index(items.len(), key).map_err(Fail::Msg)?;
            if let Some(slot) = items.get_mut(i) {
                *slot = val;
            }
            Ok(())
        }
        Node::NullValue => Err(Fail::Panic(PANIC_NIL_MAP)),
        _ => Err(Fail::Panic(PANIC_NIL_DEREF)),
    }
}

fn container_remove(con: &mut Node, key: &str) -> Result<Node, Fail> {
    let nonexistent = || {
        Fail::Msg(format!(
            "Unable to remove nonexistent key: {key}: missing value"
        ))
    };
    match con {
        Node::Object(fields) => fields.remove(key).ok_or_else(nonexistent),
        Node::NullValue => Err(nonexistent()),
        Node::Array(items) => {
            let len = i64::try_from(items.len()).unwrap_or(i64::MAX);
            let mut idx = go_atoi(key).map_err(Fail::Msg)?;
            if idx >= len {
                return Err(Fail::Msg(invalid_index(idx)));
            }
            if idx < 0 {
                if idx < -len {
                    return Err(Fail::Msg(invalid_index(idx)));
                }
                idx += len;
            }
            let at = usize::try_from(idx).map_err(|_| Fail::Msg(invalid_index(idx)))?;
            if at >= items.len() {
                return Err(Fail::Msg(invalid_index(idx)));
            }
            Ok(items.remove(at))
        }
        _ => Err(Fail::Panic(PANIC_NIL_DEREF)),
    }
}

// ---------------------------------------------------------------------------------------------
// Equality for `test`
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Equality {
    Equal,
    Different,
    /// The library dereferences a nil node (a `null` inside compared arrays).
    Panic,
}

/// The library's structural equality of a document node `n` and an operation value `o`.
/// `null` values act as empty objects (and, on the value side, as empty arrays); `null`s read
/// from the document are missing nodes, equal to each other inside objects and a panic inside
/// arrays. Where Go's outcome depends on map iteration order, `Different` wins over `Panic`.
fn nodes_equal(n: &Node, o: &Node) -> Equality {
    if matches!(n, Node::Missing) || matches!(o, Node::Missing) {
        return Equality::Panic;
    }
    match n {
        Node::Bool(_) | Node::Number(_) | Node::String(_) => {
            if scalars_equal(n, o) {
                Equality::Equal
            } else {
                Equality::Different
            }
        }
        Node::Object(_) | Node::NullValue => {
            let empty = Fields::default();
            let left = match n {
                Node::Object(f) => f,
                _ => &empty,
            };
            let right = match o {
                Node::Object(f) => f,
                Node::NullValue => &empty,
                _ => return Equality::Different,
            };
            objects_equal(left, right)
        }
        Node::Array(left) => {
            let right: &[Node] = match o {
                Node::Array(items) => items,
                Node::NullValue => &[],
                _ => return Equality::Different,
            };
            if left.len() != right.len() {
                return Equality::Different;
            }
            for (a, b) in left.iter().zip(right) {
                match nodes_equal(a, b) {
                    Equality::Equal => {}
                    other => return other,
                }
            }
            Equality::Equal
        }
        Node::Missing => Equality::Panic,
    }
}

fn objects_equal(left: &Fields, right: &Fields) -> Equality {
    if left.len() != right.len() {
        return Equality::Different;
    }
    let mut panicked = false;
    for (k, a) in &left.entries {
        let Some(b) = right.get(k) else {
            return Equality::Different;
        };
        match (matches!(a, Node::Missing), matches!(b, Node::Missing)) {
            (true, true) => continue,
            (true, false) | (false, true) => return Equality::Different,
            (false, false) => {}
        }
        match nodes_equal(a, b) {
            Equality::Equal => {}
            Equality::Different => return Equality::Different,
            Equality::Panic => panicked = true,
        }
    }
    if panicked {
        Equality::Panic
    } else {
        Equality::Equal
    }
}

fn scalars_equal(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Bool(x), Node::Bool(y)) => x == y,
        (Node::String(x), Node::String(y)) => x == y,
        (Node::Number(x), Node::Number(y)) => numbers_equal(x, y),
        _ => false,
    }
}

/// Numbers as Go renders them: integers exactly, floats by value, an integral float equal to
/// the same integer (CEL's `100.0` is written `100`), `-0.0` apart from `0`.
fn numbers_equal(a: &Number, b: &Number) -> bool {
    match (as_integer(a), as_integer(b)) {
        (Some(x), Some(y)) => x == y,
        (Some(i), None) => b.as_f64().is_some_and(|f| float_is_integer(f, i)),
        (None, Some(i)) => a.as_f64().is_some_and(|f| float_is_integer(f, i)),
        (None, None) => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => x == y && x.is_sign_negative() == y.is_sign_negative(),
            _ => false,
        },
    }
}

fn as_integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

fn float_is_integer(f: f64, i: i128) -> bool {
    const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;
    if !f.is_finite() || f.fract() != 0.0 || f.abs() > TWO_POW_64 {
        return false;
    }
    if f == 0.0 && f.is_sign_negative() {
        return false;
    }
    f as i128 == i
}

// ---------------------------------------------------------------------------------------------
// Go helpers
// ---------------------------------------------------------------------------------------------

/// Go's `strconv.Atoi` on a 64-bit platform, with its error texts.
fn go_atoi(s: &str) -> Result<i64, String> {
    let syntax = || format!("strconv.Atoi: parsing {}: invalid syntax", go_quote(s));
    let range = || format!("strconv.Atoi: parsing {}: value out of range", go_quote(s));
    let bytes = s.as_bytes();
    let (negative, digits) = match bytes.first() {
        None => return Err(syntax()),
        Some(b'+') => (false, &bytes[1..]),
        Some(b'-') => (true, &bytes[1..]),
        Some(_) => (false, bytes),
    };
    if digits.is_empty() {
        return Err(syntax());
    }
    let mut n: u64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return Err(syntax());
        }
        n = match n
            .checked_mul(10)
            .and_then(|x| x.checked_add(u64::from(c - b'0')))
        {
            Some(x) => x,
            None => return Err(range()),
        };
    }
    let limit = 1u64 << 63;
    if negative {
        if n > limit {
            return Err(range());
        }
        Ok((-(i128::from(n))) as i64)
    } else {
        if n >= limit {
            return Err(range());
        }
        Ok(n as i64)
    }
}

/// Length of Go's `json.Marshal` output for a node (HTML-safe escaping), charged to `copy`.
fn go_json_len(n: &Node) -> i64 {
    let len: usize = match n {
        Node::Missing | Node::NullValue => 4,
        Node::Bool(true) => 4,
        Node::Bool(false) => 5,
        Node::Number(num) => go_number_len(num),
        Node::String(s) => go_string_len(s),
        Node::Array(items) => {
            let inner: i64 = items.iter().map(go_json_len).sum();
            return 2 + inner + commas(items.len());
        }
        Node::Object(fields) => {
            let inner: i64 = fields
                .entries
                .iter()
                .map(|(k, v)| to_i64(go_string_len(k)) + 1 + go_json_len(v))
                .sum();
            return 2 + inner + commas(fields.len());
        }
    };
    to_i64(len)
}

fn commas(n: usize) -> i64 {
    to_i64(n.saturating_sub(1))
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn go_number_len(num: &Number) -> usize {
    let text = num.to_string();
    // Go writes integral floats without a fraction (100.0 → 100).
    match text.strip_suffix(".0") {
        Some(int) if num.is_f64() => int.len(),
        _ => text.len(),
    }
}

fn go_string_len(s: &str) -> usize {
    let mut len = 2;
    for c in s.chars() {
        len += match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => 6,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf8(),
        };
    }
    len
}

// ---------------------------------------------------------------------------------------------
// Diff
// ---------------------------------------------------------------------------------------------

fn diff_at(from: &Value, to: &Value, path: &mut String, ops: &mut Vec<Value>) {
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, av) in a {
                let mark = path.len();
                path.push('/');
                path.push_str(&escape_key(key));
                match b.get(key) {
                    Some(bv) => diff_at(av, bv, path, ops),
                    None => ops.push(patch_op("remove", path, None)),
                }
                path.truncate(mark);
            }
            for (key, bv) in b {
                if !a.contains_key(key) {
                    let target = format!("{path}/{}", escape_key(key));
                    ops.push(patch_op("add", &target, Some(bv)));
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (av, bv)) in a.iter().zip(b).enumerate() {
                let mark = path.len();
                let _ = write!(path, "/{i}");
                diff_at(av, bv, path, ops);
                path.truncate(mark);
            }
            if b.len() > a.len() {
                for (i, bv) in b.iter().enumerate().skip(a.len()) {
                    ops.push(patch_op("add", &format!("{path}/{i}"), Some(bv)));
                }
            } else {
                for i in (b.len()..a.len()).rev() {
                    ops.push(patch_op("remove", &format!("{path}/{i}"), None));
                }
            }
        }
        _ => {
            if from != to {
                ops.push(patch_op("replace", path, Some(to)));
            }
        }
    }
}

fn patch_op(op: &str, path: &str, value: Option<&Value>) -> Value {
    let mut m = Map::new();
    m.insert("op".to_string(), Value::String(op.to_string()));
    m.insert("path".to_string(), Value::String(path.to_string()));
    if let Some(v) = value {
        m.insert("value".to_string(), v.clone());
    }
    Value::Object(m)
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn op(kind: &str, path: &str) -> Operation {
        Operation::new(kind, path)
    }

    fn add(path: &str, v: Value) -> Operation {
        op("add", path).with_value(v)
    }

    fn replace(path: &str, v: Value) -> Operation {
        op("replace", path).with_value(v)
    }

    fn remove(path: &str) -> Operation {
        op("remove", path)
    }

    fn test_op(path: &str, v: Value) -> Operation {
        op("test", path).with_value(v)
    }

    fn mv(from: &str, path: &str) -> Operation {
        op("move", path).with_from(from)
    }

    fn cp(from: &str, path: &str) -> Operation {
        op("copy", path).with_from(from)
    }

    fn ok(doc: Value, ops: &[Operation]) -> Value {
        match apply(&doc, ops) {
            Ok(v) => v,
            Err(e) => panic!("patch failed: {e:?}"),
        }
    }

    fn failed(doc: Value, ops: &[Operation]) -> String {
        match apply(&doc, ops) {
            Err(PatchError::Failed(m)) => m,
            other => panic!("expected a failure, got {other:?}"),
        }
    }

    fn deployment(labels: Value, containers: &[&str]) -> Value {
        let containers: Vec<Value> = containers
            .iter()
            .map(|n| json!({"name": n, "resources": {}}))
            .collect();
        json!({
            "kind": "Deployment",
            "apiVersion": "apps/v1",
            "metadata": {"name": "d1", "namespace": "default", "creationTimestamp": null, "labels": labels},
            "spec": {
                "replicas": 1,
                "selector": null,
                "template": {
                    "metadata": {"creationTimestamp": null},
                    "spec": {"containers": containers}
                },
                "strategy": {}
            },
            "status": {}
        })
    }

    fn names(doc: &Value) -> Vec<String> {
        doc["spec"]["template"]["spec"]["containers"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| c["name"].as_str().unwrap_or("?").to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    // ---- mutating-admission.md §14, items 9–14 --------------------------------------------

    #[test]
    fn note_9_false_test_drops_the_mutation() {
        let doc = deployment(json!({}), &["a"]);
        let ops = [
            test_op("/spec/replicas", json!(100)),
            replace("/spec/replicas", json!(3)),
        ];
        assert_eq!(apply(&doc, &ops), Err(PatchError::TestFailed));
    }

    #[test]
    fn note_9_true_test_lets_the_replace_through() {
        let doc = deployment(json!({}), &["a"]);
        let ops = [
            test_op("/spec/replicas", json!(1)),
            replace("/spec/replicas", json!(3)),
        ];
        assert_eq!(ok(doc, &ops)["spec"]["replicas"], json!(3));
    }

    #[test]
    fn note_10_replace_missing_map_key_sets_it() {
        let doc = deployment(json!({"y": "1"}), &["a"]);
        let out = ok(doc, &[replace("/metadata/labels/x", json!("2"))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "1", "x": "2"}));
    }

    #[test]
    fn note_11_replace_end_of_list_fails() {
        let doc = deployment(json!({}), &["a"]);
        let msg = failed(
            doc,
            &[replace(
                "/spec/template/spec/containers/-",
                json!({"name": "x"}),
            )],
        );
        assert_eq!(
            msg,
            "replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value"
        );
    }

    #[test]
    fn note_12_remove_map_entry_and_list_element() {
        let doc = deployment(json!({"x": "1", "y": "1"}), &["a"]);
        let out = ok(doc, &[remove("/metadata/labels/y")]);
        assert_eq!(out["metadata"]["labels"], json!({"x": "1"}));

        let doc = deployment(json!({}), &["a", "b", "c"]);
        let out = ok(doc, &[remove("/spec/template/spec/containers/1")]);
        assert_eq!(names(&out), ["a", "c"]);
    }

    #[test]
    fn note_13_move_and_copy_to_end_of_list() {
        let doc = deployment(json!({}), &["a", "b", "c"]);
        let out = ok(
            doc.clone(),
            &[mv(
                "/spec/template/spec/containers/0",
                "/spec/template/spec/containers/-",
            )],
        );
        assert_eq!(names(&out), ["b", "c", "a"]);
        let out = ok(
            doc,
            &[cp(
                "/spec/template/spec/containers/0",
                "/spec/template/spec/containers/-",
            )],
        );
        assert_eq!(names(&out), ["a", "b", "c", "a"]);
    }

    #[test]
    fn note_14_escaped_label_key() {
        let doc = deployment(json!({}), &["a"]);
        let ops = [
            add("/metadata/labels", json!({})),
            add(
                &format!("/metadata/labels/{}", escape_key("k8s.io/x~y")),
                json!("true"),
            ),
        ];
        assert_eq!(
            ok(doc, &ops)["metadata"]["labels"],
            json!({"k8s.io/x~y": "true"})
        );
    }

    // ---- kube-apiserver json_patch_test.go ------------------------------------------------

    #[test]
    fn apiserver_remove_to_unset_field() {
        let doc = deployment(json!({}), &["a"]);
        let out = ok(doc, &[remove("/spec/replicas")]);
        assert!(out["spec"].get("replicas").is_none());
    }

    #[test]
    fn apiserver_copy_and_move_map_entry() {
        let doc = deployment(json!({"x": "1"}), &["a"]);
        let out = ok(
            doc.clone(),
            &[cp("/metadata/labels/x", "/metadata/labels/y")],
        );
        assert_eq!(out["metadata"]["labels"], json!({"x": "1", "y": "1"}));
        let out = ok(doc, &[mv("/metadata/labels/x", "/metadata/labels/y")]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "1"}));
    }

    #[test]
    fn apiserver_add_map_entry_and_map_values() {
        let doc = deployment(json!({"y": "1"}), &["a"]);
        let out = ok(doc, &[add("/metadata/labels/x", json!("2"))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "1", "x": "2"}));

        // labels absent (omitempty): add sets the field
        let mut doc = deployment(json!({}), &["a"]);
        if let Some(m) = doc["metadata"].as_object_mut() {
            m.remove("labels");
        }
        let out = ok(doc, &[add("/metadata/labels", json!({"y": "2"}))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "2"}));

        // add onto an existing map replaces it
        let doc = deployment(json!({"x": "1"}), &["a"]);
        let out = ok(doc, &[add("/metadata/labels", json!({"y": "2"}))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "2"}));
    }

    #[test]
    fn apiserver_add_to_start_and_end_of_list() {
        let doc = deployment(json!({}), &["a"]);
        let out = ok(
            doc.clone(),
            &[add(
                "/spec/template/spec/containers/0",
                json!({"name": "x"}),
            )],
        );
        assert_eq!(names(&out), ["x", "a"]);
        let out = ok(
            doc,
            &[add(
                "/spec/template/spec/containers/-",
                json!({"name": "x"}),
            )],
        );
        assert_eq!(names(&out), ["a", "x"]);
    }

    #[test]
    fn apiserver_replace_map_value_of_unset_and_set_field() {
        let mut doc = deployment(json!({}), &["a"]);
        if let Some(m) = doc["metadata"].as_object_mut() {
            m.remove("labels");
        }
        let out = ok(doc, &[replace("/metadata/labels", json!({"y": "2"}))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "2"}));

        let doc = deployment(json!({"x": "1"}), &["a"]);
        let out = ok(doc, &[replace("/metadata/labels", json!({"y": "2"}))]);
        assert_eq!(out["metadata"]["labels"], json!({"y": "2"}));
    }

    #[test]
    fn apiserver_replace_first_element_in_list() {
        let doc = deployment(json!({}), &["a"]);
        let out = ok(
            doc,
            &[replace(
                "/spec/template/spec/containers/0",
                json!({"name": "x"}),
            )],
        );
        assert_eq!(
            out["spec"]["template"]["spec"]["containers"],
            json!([{"name": "x"}])
        );
    }

    #[test]
    fn apiserver_add_whole_spec_and_container_with_ports() {
        let doc = deployment(json!({}), &["a"]);
        let out = ok(
            doc.clone(),
            &[add("/spec", json!({"selector": {}, "replicas": 10}))],
        );
        assert_eq!(out["spec"], json!({"selector": {}, "replicas": 10}));
        let out = ok(
            doc,
            &[add(
                "/spec/template/spec/containers/-",
                json!({"name": "x", "ports": [{"containerPort": 8080}]}),
            )],
        );
        assert_eq!(
            out["spec"]["template"]["spec"]["containers"][1],
            json!({"name": "x", "ports": [{"containerPort": 8080}]})
        );
    }

    // ---- evanphx patch_test.go: Cases -----------------------------------------------------

    fn ops_from_json(v: Value) -> Vec<Operation> {
        v.as_array()
            .map(|a| a.iter().filter_map(operation_of).collect())
            .unwrap_or_default()
    }

    fn operation_of(v: &Value) -> Option<Operation> {
        Some(Operation {
            op: v.get("op")?.as_str()?.to_string(),
            path: v.get("path")?.as_str()?.to_string(),
            from: v.get("from").and_then(Value::as_str).map(str::to_string),
            value: v.get("value").cloned(),
        })
    }

    #[test]
    fn evanphx_cases_apply() {
        let cases: Vec<(Value, Value, Value)> = vec![
            (
                json!({"foo": "bar"}),
                json!([{"op": "add", "path": "/baz", "value": "qux"}]),
                json!({"baz": "qux", "foo": "bar"}),
            ),
            (
                json!({"foo": ["bar", "baz"]}),
                json!([{"op": "add", "path": "/foo/1", "value": "qux"}]),
                json!({"foo": ["bar", "qux", "baz"]}),
            ),
            (
                json!({"foo": ["bar", "baz"]}),
                json!([{"op": "add", "path": "/foo/-1", "value": "qux"}]),
                json!({"foo": ["bar", "baz", "qux"]}),
            ),
            (
                json!({"baz": "qux", "foo": "bar"}),
                json!([{"op": "remove", "path": "/baz"}]),
                json!({"foo": "bar"}),
            ),
            (
                json!({"foo": ["bar", "qux", "baz"]}),
                json!([{"op": "remove", "path": "/foo/1"}]),
                json!({"foo": ["bar", "baz"]}),
            ),
            (
                json!({"baz": "qux", "foo": "bar"}),
                json!([{"op": "replace", "path": "/baz", "value": "boo"}]),
                json!({"baz": "boo", "foo": "bar"}),
            ),
            (
                json!({"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}),
                json!([{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]),
                json!({"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}),
            ),
            (
                json!({"foo": ["all", "grass", "cows", "eat"]}),
                json!([{"op": "move", "from": "/foo/1", "path": "/foo/3"}]),
                json!({"foo": ["all", "cows", "eat", "grass"]}),
            ),
            (
                json!({"foo": ["all", "grass", "cows", "eat"]}),
                json!([{"op": "move", "from": "/foo/1", "path": "/foo/2"}]),
                json!({"foo": ["all", "cows", "grass", "eat"]}),
            ),
            (
                json!({"foo": "bar"}),
                json!([{"op": "add", "path": "/child", "value": {"grandchild": {}}}]),
                json!({"foo": "bar", "child": {"grandchild": {}}}),
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]),
                json!({"foo": ["bar", ["abc", "def"]]}),
            ),
            (
                json!({"foo": "bar", "qux": {"baz": 1, "bar": null}}),
                json!([{"op": "remove", "path": "/qux/bar"}]),
                json!({"foo": "bar", "qux": {"baz": 1}}),
            ),
            (
                json!({"foo": "bar"}),
                json!([{"op": "add", "path": "/baz", "value": null}]),
                json!({"baz": null, "foo": "bar"}),
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "replace", "path": "/foo/0", "value": "baz"}]),
                json!({"foo": ["baz"]}),
            ),
            (
                json!({"foo": ["bar", "baz"]}),
                json!([{"op": "replace", "path": "/foo/0", "value": "bum"}]),
                json!({"foo": ["bum", "baz"]}),
            ),
            (
                json!({"foo": ["bar", "qux", "baz"]}),
                json!([{"op": "replace", "path": "/foo/1", "value": "bum"}]),
                json!({"foo": ["bar", "bum", "baz"]}),
            ),
            (
                json!([{"foo": ["bar", "qux", "baz"]}]),
                json!([{"op": "replace", "path": "/0/foo/0", "value": "bum"}]),
                json!([{"foo": ["bum", "qux", "baz"]}]),
            ),
            // The next two expectations differ from patch_test.go: its comparison decodes both
            // sides into a map, which fails for array documents, so those rows check nothing.
            (
                json!([{"foo": ["bar", "qux", "baz"], "bar": ["qux", "baz"]}]),
                json!([{"op": "copy", "from": "/0/foo/0", "path": "/0/bar/0"}]),
                json!([{"foo": ["bar", "qux", "baz"], "bar": ["bar", "qux", "baz"]}]),
            ),
            (
                json!([{"foo": ["bar", "qux", "baz"], "bar": ["qux", "baz"]}]),
                json!([{"op": "copy", "from": "/0/foo/0", "path": "/0/bar"}]),
                json!([{"foo": ["bar", "qux", "baz"], "bar": "bar"}]),
            ),
            (
                json!([{"foo": {"bar": ["qux", "baz"]}, "baz": {"qux": "bum"}}]),
                json!([{"op": "copy", "from": "/0/foo/bar", "path": "/0/baz/bar"}]),
                json!([{"baz": {"bar": ["qux", "baz"], "qux": "bum"}, "foo": {"bar": ["qux", "baz"]}}]),
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "copy", "path": "/foo/0", "from": "/foo"}]),
                json!({"foo": [["bar"], "bar"]}),
            ),
            (
                json!({"foo": ["bar", "qux", "baz"]}),
                json!([{"op": "remove", "path": "/foo/-2"}]),
                json!({"foo": ["bar", "baz"]}),
            ),
            (
                json!({"foo": []}),
                json!([{"op": "add", "path": "/foo/-1", "value": "qux"}]),
                json!({"foo": ["qux"]}),
            ),
            (
                json!({"bar": [{"baz": null}]}),
                json!([{"op": "replace", "path": "/bar/0/baz", "value": 1}]),
                json!({"bar": [{"baz": 1}]}),
            ),
            (
                json!({"bar": [{"baz": 1}]}),
                json!([{"op": "replace", "path": "/bar/0/baz", "value": null}]),
                json!({"bar": [{"baz": null}]}),
            ),
            (
                json!({"bar": [null]}),
                json!([{"op": "replace", "path": "/bar/0", "value": 1}]),
                json!({"bar": [1]}),
            ),
            (
                json!({"bar": [1]}),
                json!([{"op": "replace", "path": "/bar/0", "value": null}]),
                json!({"bar": [null]}),
            ),
            (
                json!({"id": "0", "parentID": "0"}),
                json!([
                    {"op": "test", "path": "", "value": {"id": "0", "parentID": "0"}},
                    {"op": "replace", "path": "", "value": {"id": "7", "originalID": "bar", "parentID": "0"}}
                ]),
                json!({"id": "7", "originalID": "bar", "parentID": "0"}),
            ),
        ];
        for (doc, patch, want) in cases {
            let ops = ops_from_json(patch.clone());
            assert_eq!(apply(&doc, &ops), Ok(want), "patch {patch}");
        }
    }

    #[test]
    fn evanphx_copy_size_limit() {
        let a48 = "A".repeat(48);
        let ops = [cp("/foo/1", "/foo/-"), cp("/foo/1", "/foo/-")];
        let out = apply_with_limit(&json!({"foo": ["A", a48]}), &ops, 100);
        assert_eq!(out, Ok(json!({"foo": ["A", a48, a48, a48]})));

        let a49 = "A".repeat(49);
        let out = apply_with_limit(&json!({"foo": ["A", a49]}), &ops, 100);
        assert_eq!(
            out,
            Err(PatchError::Failed(
                "Unable to complete the copy, the accumulated size increase of copy is 102, exceeding the limit 100"
                    .to_string()
            ))
        );
    }

    #[test]
    fn apiserver_copy_limit_is_three_mebibytes() {
        let big = "x".repeat(1024 * 1024);
        let ops = [
            cp("/a", "/b"),
            cp("/a", "/c"),
            cp("/a", "/d"), // 3 × (1 MiB + 2) > 3 MiB
        ];
        let msg = failed(json!({ "a": big }), &ops);
        assert_eq!(
            msg,
            "Unable to complete the copy, the accumulated size increase of copy is 3145734, exceeding the limit 3145728"
        );
        assert!(apply(&json!({ "a": big }), &ops[..2]).is_ok());
    }

    // ---- evanphx patch_test.go: BadCases, with the texts patch.go produces -----------------

    #[test]
    fn evanphx_bad_cases_with_texts() {
        let cases: Vec<(Value, Value, &str)> = vec![
            (
                json!({"foo": "bar"}),
                json!([{"op": "add", "path": "/baz/bat", "value": "qux"}]),
                "add operation does not apply: doc is missing path: \"/baz/bat\": missing value",
            ),
            (
                json!({"a": {"b": {"d": 1}}}),
                json!([{"op": "remove", "path": "/a/b/c"}]),
                "error in remove for path: '/a/b/c': Unable to remove nonexistent key: c: missing value",
            ),
            (
                json!({"a": {"b": {"d": 1}}}),
                json!([{"op": "move", "from": "/a/b/c", "path": "/a/b/e"}]),
                "error in move for path: 'c': Unable to remove nonexistent key: c: missing value",
            ),
            (
                json!({"a": {"b": [1]}}),
                json!([{"op": "remove", "path": "/a/b/1"}]),
                "error in remove for path: '/a/b/1': Unable to access invalid index: 1: invalid index referenced",
            ),
            (
                json!({"a": {"b": [1]}}),
                json!([{"op": "move", "from": "/a/b/1", "path": "/a/b/2"}]),
                "error in move for path: '1': Unable to access invalid index: 1: invalid index referenced",
            ),
            (
                json!({"foo": "bar"}),
                json!([{"op": "add", "path": "", "value": "qux"}]),
                "add operation does not apply: doc is missing path: \"\": missing value",
            ),
            (
                json!({"foo": ["bar", "baz"]}),
                json!([{"op": "replace", "path": "/foo/2", "value": "bum"}]),
                "replace operation does not apply: doc is missing key: /foo/2: missing value",
            ),
            (
                json!({"foo": ["bar", "baz"]}),
                json!([{"op": "add", "path": "/foo/-4", "value": "bum"}]),
                "error in add for path: '/foo/-4': Unable to access invalid index: -4: invalid index referenced",
            ),
            (
                json!({"name": {"foo": "bat", "qux": "bum"}}),
                json!([{"op": "replace", "path": "/foo/bar", "value": "baz"}]),
                "replace operation does not apply: doc is missing path: /foo/bar: missing value",
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "add", "path": "/foo/2", "value": "bum"}]),
                "error in add for path: '/foo/2': Unable to access invalid index: 2: invalid index referenced",
            ),
            (
                json!({"foo": []}),
                json!([{"op": "remove", "path": "/foo/-"}]),
                "error in remove for path: '/foo/-': strconv.Atoi: parsing \"-\": invalid syntax",
            ),
            (
                json!({"foo": []}),
                json!([{"op": "remove", "path": "/foo/-1"}]),
                "error in remove for path: '/foo/-1': Unable to access invalid index: -1: invalid index referenced",
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "remove", "path": "/foo/-2"}]),
                "error in remove for path: '/foo/-2': Unable to access invalid index: -2: invalid index referenced",
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "copy", "path": "/foo/6666666666", "from": "/"}]),
                "error while adding value during copy: Unable to access invalid index: 6666666666: invalid index referenced",
            ),
            (
                json!({"foo": ["bar"]}),
                json!([{"op": "copy", "path": "/foo/2", "from": "/foo/0"}]),
                "error while adding value during copy: Unable to access invalid index: 2: invalid index referenced",
            ),
            (
                json!({"foo": ["all", "grass", "cows", "eat"]}),
                json!([{"op": "move", "from": "/foo/1", "path": "/foo/4"}]),
                "error in move for path: '/foo/4': Unable to access invalid index: 4: invalid index referenced",
            ),
        ];
        for (doc, patch, want) in cases {
            let ops = ops_from_json(patch.clone());
            assert_eq!(
                apply(&doc, &ops),
                Err(PatchError::Failed(want.to_string())),
                "patch {patch}"
            );
        }
    }

    #[test]
    fn evanphx_test_add_index_texts() {
        // TestAdd: on an empty array "0" and "-1" work, "1" and "-2" are invalid.
        assert_eq!(
            ok(json!({"a": []}), &[add("/a/0", json!(1))]),
            json!({"a": [1]})
        );
        assert_eq!(
            ok(json!({"a": []}), &[add("/a/-1", json!(1))]),
            json!({"a": [1]})
        );
        assert_eq!(
            failed(json!({"a": []}), &[add("/a/1", json!(1))]),
            "error in add for path: '/a/1': Unable to access invalid index: 1: invalid index referenced"
        );
        assert_eq!(
            failed(json!({"a": []}), &[add("/a/-2", json!(1))]),
            "error in add for path: '/a/-2': Unable to access invalid index: -2: invalid index referenced"
        );
    }

    // ---- evanphx patch_test.go: TestCases (test op) ---------------------------------------

    #[test]
    fn evanphx_test_op_cases() {
        let doc = json!({"baz": "qux", "foo": ["a", 2, "c"]});
        assert!(apply(
            &doc,
            &[test_op("/baz", json!("qux")), test_op("/foo/1", json!(2))]
        )
        .is_ok());
        assert_eq!(
            apply(&json!({"baz": "qux"}), &[test_op("/baz", json!("bar"))]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(
                &doc,
                &[test_op("/baz", json!("qux")), test_op("/foo/1", json!("c"))]
            ),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(&json!({"baz": "qux"}), &[test_op("/foo", json!(42))]),
            Err(PatchError::TestFailed)
        );
        assert!(apply(
            &json!({"baz/foo": "qux"}),
            &[test_op("/baz~1foo", json!("qux"))]
        )
        .is_ok());
        // no value: fails against a present value, passes against a missing one
        assert_eq!(
            apply(&json!({"foo": []}), &[op("test", "/foo")]),
            Err(PatchError::TestFailed)
        );
        assert!(apply(&json!({"baz": []}), &[op("test", "/foo")]).is_ok());
    }

    #[test]
    fn test_op_with_null_value_follows_apiserver_encoding() {
        // kube-apiserver always sends an explicit `null` value, unlike a JSON-decoded patch
        // (evanphx's own tests), so these outcomes are the reverse of that file's.
        assert_eq!(
            apply(&json!({"baz": "qux"}), &[test_op("/foo", Value::Null)]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(&json!({"foo": null}), &[test_op("/foo", Value::Null)]),
            Err(PatchError::TestFailed)
        );
        assert!(apply(&json!({"foo": {}}), &[test_op("/foo", Value::Null)]).is_ok());
        assert!(apply(&json!({"foo": []}), &[test_op("/foo", Value::Null)]).is_ok());
        assert_eq!(
            apply(&json!({"foo": {"a": 1}}), &[test_op("/foo", Value::Null)]),
            Err(PatchError::TestFailed)
        );
        // a document null with no value passes, like a missing key
        assert!(apply(&json!({"foo": null}), &[op("test", "/foo")]).is_ok());
        // an added null is a real value, equal to null and to {}, not to []
        let added = [add("/foo", Value::Null)];
        assert!(apply(
            &json!({}),
            &[added[0].clone(), test_op("/foo", Value::Null)]
        )
        .is_ok());
        assert!(apply(&json!({}), &[added[0].clone(), test_op("/foo", json!({}))]).is_ok());
        assert_eq!(
            apply(&json!({}), &[added[0].clone(), test_op("/foo", json!([]))]),
            Err(PatchError::TestFailed)
        );
        // an add without a value adds a document-like null
        assert!(apply(&json!({}), &[op("add", "/foo"), op("test", "/foo")]).is_ok());
    }

    #[test]
    fn test_op_missing_parent_is_an_error() {
        assert_eq!(
            failed(json!({"a": {}}), &[test_op("/x/y", json!(1))]),
            "test operation does not apply: is missing path: /x/y: missing value"
        );
        assert_eq!(
            failed(json!({"a": [1]}), &[test_op("/a/5", json!(1))]),
            "error in test for path: '/a/5': Unable to access invalid index: 5: invalid index referenced"
        );
    }

    #[test]
    fn test_op_discards_earlier_operations() {
        let doc = json!({"a": 1});
        let ops = [
            replace("/a", json!(2)),
            add("/b", json!(3)),
            test_op("/a", json!(1)),
        ];
        assert_eq!(apply(&doc, &ops), Err(PatchError::TestFailed));
        assert_eq!(doc, json!({"a": 1}));
    }

    #[test]
    fn evanphx_equality_cases() {
        let cases: Vec<(Value, Value, bool)> = vec![
            (
                json!({"foo": "bar"}),
                json!({"foo": "bar", "baz": "qux"}),
                false,
            ),
            (
                json!({"baz": "qux", "foo": "bar"}),
                json!({"foo": "bar", "baz": "qux"}),
                true,
            ),
            (json!({"foo": null}), json!({"foo": "bar"}), false),
            (json!({"foo": null}), json!({"foo": null}), true),
            (
                json!(["foo", "bar", "baz"]),
                json!(["bar", "baz", "foo"]),
                false,
            ),
            (
                json!(["foo", "bar", "baz"]),
                json!(["foo", "bar", "baz"]),
                true,
            ),
            (
                json!({"int": 6, "bool": true, "float": 7.0, "string": "the_string", "null": null}),
                json!({"int": 6, "bool": true, "float": 7.0, "string": "the_string", "null": null}),
                true,
            ),
            (
                json!({"foo": ["an", "array"], "bar": {"an": "object"}}),
                json!({"foo": null, "bar": null}),
                false,
            ),
            (json!("foo"), json!(null), false),
            (json!(6), json!(null), false),
            (json!(6.01), json!(null), false),
            (json!(false), json!(null), false),
        ];
        for (a, b, equal) in cases {
            for (x, y) in [(&a, &b), (&b, &a)] {
                if x.is_null() {
                    continue; // a document null is a missing node, covered elsewhere
                }
                let doc = json!({ "v": x });
                let got = apply(&doc, &[test_op("/v", y.clone())]);
                assert_eq!(got.is_ok(), equal, "{x} vs {y}: {got:?}");
            }
        }
    }

    #[test]
    fn test_op_numbers_compare_by_value() {
        let doc = json!({"n": 100, "f": 1.5, "big": 9007199254740993_i64});
        assert!(apply(&doc, &[test_op("/n", json!(100.0))]).is_ok());
        assert!(apply(&doc, &[test_op("/n", json!(100))]).is_ok());
        assert!(apply(&doc, &[test_op("/f", json!(1.5))]).is_ok());
        assert_eq!(
            apply(&doc, &[test_op("/n", json!(100.5))]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(&doc, &[test_op("/n", json!("100"))]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(&doc, &[test_op("/big", json!(9007199254740992.0))]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            apply(&json!({"z": 0}), &[test_op("/z", json!(-0.0))]),
            Err(PatchError::TestFailed)
        );
        assert!(apply(
            &json!({"o": {"n": [1, 2]}}),
            &[test_op("/o", json!({"n": [1.0, 2.0]}))]
        )
        .is_ok());
    }

    #[test]
    fn test_op_arrays_with_null_panic_in_go() {
        let msg = failed(json!({"a": [null]}), &[test_op("/a", json!([null]))]);
        assert_eq!(
            msg,
            "panic: runtime error: invalid memory address or nil pointer dereference"
        );
        // a mismatch before the null is reached is an ordinary failure
        assert_eq!(
            apply(&json!({"a": [1, null]}), &[test_op("/a", json!([2, null]))]),
            Err(PatchError::TestFailed)
        );
        // different lengths never look at the elements
        assert_eq!(
            apply(&json!({"a": [null]}), &[test_op("/a", json!([null, 1]))]),
            Err(PatchError::TestFailed)
        );
    }

    #[test]
    fn whole_document_test_and_replace() {
        let doc = json!({"a": 1});
        assert!(apply(&doc, &[test_op("", json!({"a": 1.0}))]).is_ok());
        assert_eq!(
            apply(&doc, &[test_op("", json!({"a": 2}))]),
            Err(PatchError::TestFailed)
        );
        assert_eq!(
            failed(doc.clone(), &[op("test", "")]),
            "panic: runtime error: invalid memory address or nil pointer dereference"
        );
        assert_eq!(
            ok(doc.clone(), &[replace("", json!([1, 2]))]),
            json!([1, 2])
        );
        assert_eq!(
            ok(doc.clone(), &[replace("", json!({"b": 2}))]),
            json!({"b": 2})
        );
        assert_eq!(ok(doc.clone(), &[replace("", Value::Null)]), Value::Null);
        assert_eq!(
            failed(doc.clone(), &[replace("", json!("x"))]),
            "replace operation value must be object or array: %!w(<nil>)"
        );
        assert_eq!(
            failed(doc.clone(), &[op("replace", "")]),
            "panic: runtime error: invalid memory address or nil pointer dereference"
        );
        assert_eq!(
            failed(doc.clone(), &[remove("")]),
            "remove operation does not apply: doc is missing path: \"\": missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[mv("/a", "")]),
            "move operation does not apply: doc is missing destination path: : missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[mv("", "/b")]),
            "move operation failed to decode from: operation, missing from field: missing value"
        );
        assert_eq!(
            failed(doc, &[cp("/a", "")]),
            "copy operation does not apply: doc is missing destination path: : missing value"
        );
    }

    #[test]
    fn nil_map_quirks() {
        // replacing the document with null leaves a nil map: reads see nothing, writes panic
        let doc = json!({"a": 1});
        assert_eq!(
            failed(
                doc.clone(),
                &[replace("", Value::Null), add("/b", json!(1))]
            ),
            "panic: assignment to entry in nil map"
        );
        assert!(apply(&doc, &[replace("", Value::Null), op("test", "/b")]).is_ok());
        assert!(apply(&doc, &[replace("", Value::Null), test_op("", json!({}))]).is_ok());
        assert_eq!(
            failed(doc.clone(), &[replace("", Value::Null), remove("/b")]),
            "error in remove for path: '/b': Unable to remove nonexistent key: b: missing value"
        );
        // the same below an added null
        assert_eq!(
            failed(
                doc.clone(),
                &[add("/n", Value::Null), add("/n/x", json!(1))]
            ),
            "panic: assignment to entry in nil map"
        );
        assert_eq!(
            failed(
                doc.clone(),
                &[add("/n", Value::Null), replace("/n/x", json!(1))]
            ),
            "panic: assignment to entry in nil map"
        );
        assert!(apply(&doc, &[add("/n", Value::Null), op("test", "/n/x")]).is_ok());
        // a document null cannot be descended into at all
        assert_eq!(
            failed(json!({"n": null}), &[add("/n/x", json!(1))]),
            "add operation does not apply: doc is missing path: \"/n/x\": missing value"
        );
        // a null root is a nil map too
        assert_eq!(
            failed(Value::Null, &[add("/x", json!(1))]),
            "panic: assignment to entry in nil map"
        );
        assert_eq!(ok(Value::Null, &[op("test", "/x")]), Value::Null);
    }

    #[test]
    fn scalar_root_is_rejected() {
        assert_eq!(
            failed(json!("s"), &[]),
            "json: cannot unmarshal string into Go value of type jsonpatch.partialDoc"
        );
        assert_eq!(
            failed(json!(1), &[]),
            "json: cannot unmarshal number into Go value of type jsonpatch.partialDoc"
        );
        assert_eq!(
            failed(json!(true), &[]),
            "json: cannot unmarshal bool into Go value of type jsonpatch.partialDoc"
        );
    }

    // ---- per-op errors and edge cases -----------------------------------------------------

    #[test]
    fn unknown_op() {
        assert_eq!(
            failed(json!({}), &[op("patch", "/a")]),
            "Unexpected kind: patch"
        );
        assert_eq!(failed(json!({}), &[op("", "/a")]), "Unexpected kind: ");
        assert_eq!(
            failed(json!({}), &[op("Add", "/a")]),
            "Unexpected kind: Add"
        );
    }

    #[test]
    fn add_without_value_adds_null() {
        assert_eq!(ok(json!({}), &[op("add", "/a")]), json!({"a": null}));
        assert_eq!(
            ok(json!({"l": [1]}), &[op("add", "/l/0")]),
            json!({"l": [null, 1]})
        );
        assert_eq!(
            ok(json!({"a": 1}), &[op("replace", "/a")]),
            json!({"a": null})
        );
    }

    #[test]
    fn missing_or_scalar_intermediates() {
        let doc = json!({"s": "str", "n": 1, "m": {}, "l": [1]});
        assert_eq!(
            failed(doc.clone(), &[add("/s/x", json!(1))]),
            "add operation does not apply: doc is missing path: \"/s/x\": missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[remove("/n/x")]),
            "remove operation does not apply: doc is missing path: \"/n/x\": missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[replace("/m/x/y", json!(1))]),
            "replace operation does not apply: doc is missing path: /m/x/y: missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[add("/l/1/x", json!(1))]),
            "add operation does not apply: doc is missing path: \"/l/1/x\": missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[add("/l/-/x", json!(1))]),
            "add operation does not apply: doc is missing path: \"/l/-/x\": missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[mv("/zz/a", "/b")]),
            "move operation does not apply: doc is missing from path: /zz/a: missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[cp("/zz/a", "/b")]),
            "copy operation does not apply: doc is missing from path: /zz/a: missing value"
        );
        assert_eq!(
            failed(doc.clone(), &[mv("/s", "/zz/a")]),
            "move operation does not apply: doc is missing destination path: /zz/a: missing value"
        );
        assert_eq!(
            failed(doc, &[cp("/s", "/zz/a")]),
            "copy operation does not apply: doc is missing destination path: /zz/a: missing value"
        );
        assert_eq!(
            failed(
                deployment(json!({}), &["a"]),
                &[add("/spec/initContainers/-", json!({"name": "i"}))]
            ),
            "add operation does not apply: doc is missing path: \"/spec/initContainers/-\": missing value"
        );
    }

    #[test]
    fn add_index_past_end_text() {
        assert_eq!(
            failed(json!({"a": [1, 2, 3, 4]}), &[add("/a/5", json!(0))]),
            "error in add for path: '/a/5': Unable to access invalid index: 5: invalid index referenced"
        );
        assert_eq!(
            ok(json!({"a": [1, 2]}), &[add("/a/2", json!(3))]),
            json!({"a": [1, 2, 3]})
        );
    }

    #[test]
    fn remove_missing_label_text() {
        let doc = deployment(json!({"x": "1"}), &["a"]);
        assert_eq!(
            failed(doc, &[remove("/metadata/labels/y")]),
            "error in remove for path: '/metadata/labels/y': Unable to remove nonexistent key: y: missing value"
        );
    }

    #[test]
    fn move_and_copy_need_from() {
        let doc = json!({"a": 1});
        let msg_move =
            "move operation failed to decode from: operation, missing from field: missing value";
        let msg_copy =
            "copy operation failed to decode from: operation, missing from field: missing value";
        assert_eq!(failed(doc.clone(), &[op("move", "/b")]), msg_move);
        assert_eq!(failed(doc.clone(), &[op("copy", "/b")]), msg_copy);
        // kube-apiserver drops an empty `from`
        assert_eq!(failed(doc.clone(), &[mv("", "/b")]), msg_move);
        assert_eq!(failed(doc, &[cp("", "/b")]), msg_copy);
    }

    #[test]
    fn copy_from_missing_key_copies_null() {
        assert_eq!(
            ok(json!({"a": {}}), &[cp("/a/nope", "/b")]),
            json!({"a": {}, "b": null})
        );
        // "/" names the empty key of the root, which is missing here
        assert_eq!(ok(json!({}), &[cp("/", "/b")]), json!({"b": null}));
        assert_eq!(
            failed(json!({"a": {}}), &[mv("/a/nope", "/b")]),
            "error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value"
        );
    }

    #[test]
    fn move_and_copy_array_sources() {
        assert_eq!(
            failed(json!({"a": [1]}), &[mv("/a/-", "/b")]),
            "error in move for path: '-': strconv.Atoi: parsing \"-\": invalid syntax"
        );
        assert_eq!(
            failed(json!({"a": [1]}), &[cp("/a/3", "/b")]),
            "error in copy for from: '/a/3': Unable to access invalid index: 3: invalid index referenced"
        );
        assert_eq!(
            ok(json!({"a": [1, 2]}), &[mv("/a/-1", "/a/0")]),
            json!({"a": [2, 1]})
        );
        assert_eq!(
            ok(json!({"a": [1, 2]}), &[cp("/a/-2", "/a/-")]),
            json!({"a": [1, 2, 1]})
        );
        // copies are independent of their source
        assert_eq!(
            ok(
                json!({"a": {"x": [1]}}),
                &[cp("/a", "/b"), add("/b/x/-", json!(2))]
            ),
            json!({"a": {"x": [1]}, "b": {"x": [1, 2]}})
        );
        // moving a value into its own child fails: the source is gone by then
        assert_eq!(
            failed(json!({"a": {"b": {}}}), &[mv("/a", "/a/b/c")]),
            "move operation does not apply: doc is missing destination path: /a/b/c: missing value"
        );
    }

    #[test]
    fn negative_indices() {
        let doc = json!({"a": [1, 2, 3]});
        assert_eq!(ok(doc.clone(), &[remove("/a/-1")]), json!({"a": [1, 2]}));
        assert_eq!(ok(doc.clone(), &[remove("/a/-3")]), json!({"a": [2, 3]}));
        assert_eq!(
            failed(doc.clone(), &[remove("/a/-4")]),
            "error in remove for path: '/a/-4': Unable to access invalid index: -4: invalid index referenced"
        );
        assert_eq!(
            ok(doc.clone(), &[replace("/a/-1", json!(9))]),
            json!({"a": [1, 2, 9]})
        );
        assert_eq!(
            failed(doc.clone(), &[replace("/a/-4", json!(9))]),
            "replace operation does not apply: doc is missing key: /a/-4: missing value"
        );
        assert_eq!(
            ok(doc.clone(), &[add("/a/-1", json!(9))]),
            json!({"a": [1, 2, 3, 9]})
        );
        assert_eq!(
            ok(doc.clone(), &[add("/a/-2", json!(9))]),
            json!({"a": [1, 2, 9, 3]})
        );
        assert_eq!(
            ok(doc.clone(), &[add("/a/-4", json!(9))]),
            json!({"a": [9, 1, 2, 3]})
        );
        assert_eq!(
            failed(doc.clone(), &[add("/a/-5", json!(9))]),
            "error in add for path: '/a/-5': Unable to access invalid index: -5: invalid index referenced"
        );
        assert!(apply(&doc, &[test_op("/a/-1", json!(3))]).is_ok());
        assert_eq!(
            ok(
                json!({"l": [{"n": 1}, {"n": 2}]}),
                &[replace("/l/-1/n", json!(5))]
            ),
            json!({"l": [{"n": 1}, {"n": 5}]})
        );
    }

    #[test]
    fn go_style_index_parsing() {
        let doc = json!({"a": [1, 2, 3]});
        assert_eq!(ok(doc.clone(), &[remove("/a/+1")]), json!({"a": [1, 3]}));
        assert_eq!(ok(doc.clone(), &[remove("/a/01")]), json!({"a": [1, 3]}));
        assert_eq!(
            failed(doc.clone(), &[add("/a/x", json!(0))]),
            "error in add for path: '/a/x': value was not a proper array index: 'x': strconv.Atoi: parsing \"x\": invalid syntax"
        );
        assert_eq!(
            failed(doc.clone(), &[add("/a/", json!(0))]),
            "error in add for path: '/a/': value was not a proper array index: '': strconv.Atoi: parsing \"\": invalid syntax"
        );
        assert_eq!(
            failed(doc.clone(), &[remove("/a/99999999999999999999")]),
            "error in remove for path: '/a/99999999999999999999': strconv.Atoi: parsing \"99999999999999999999\": value out of range"
        );
        assert_eq!(
            failed(doc.clone(), &[remove("/a/9223372036854775808")]),
            "error in remove for path: '/a/9223372036854775808': strconv.Atoi: parsing \"9223372036854775808\": value out of range"
        );
        assert_eq!(
            failed(doc.clone(), &[remove("/a/-9223372036854775808")]),
            "error in remove for path: '/a/-9223372036854775808': Unable to access invalid index: -9223372036854775808: invalid index referenced"
        );
        assert_eq!(
            failed(doc, &[remove("/a/1_0")]),
            "error in remove for path: '/a/1_0': strconv.Atoi: parsing \"1_0\": invalid syntax"
        );
        assert_eq!(
            go_atoi("a\"b\n"),
            Err("strconv.Atoi: parsing \"a\\\"b\\n\": invalid syntax".into())
        );
        assert_eq!(
            go_atoi("-"),
            Err("strconv.Atoi: parsing \"-\": invalid syntax".into())
        );
        assert_eq!(
            go_atoi("+-1"),
            Err("strconv.Atoi: parsing \"+-1\": invalid syntax".into())
        );
        assert_eq!(go_atoi("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(go_atoi("9223372036854775807"), Ok(i64::MAX));
    }

    #[test]
    fn escaped_keys_and_token_decoding() {
        assert_eq!(escape_key("k8s.io/my~label"), "k8s.io~1my~0label");
        assert_eq!(escape_key("~1"), "~01");
        assert_eq!(escape_key(""), "");
        assert_eq!(decode_token("~01"), "~1");
        assert_eq!(decode_token("~10"), "/0");
        assert_eq!(decode_token("a~2b~"), "a~2b~");
        for key in ["a/b", "~", "~0", "~1/~", "//", "plain", "ü/~x"] {
            assert_eq!(decode_token(&escape_key(key)), key);
        }
        let doc = json!({"a/b": {"c~d": 1}});
        assert_eq!(
            ok(doc.clone(), &[replace("/a~1b/c~0d", json!(2))]),
            json!({"a/b": {"c~d": 2}})
        );
        assert_eq!(
            ok(doc, &[mv("/a~1b/c~0d", "/~01")]),
            json!({"a/b": {}, "~1": 1})
        );
    }

    #[test]
    fn path_quirks() {
        // the first segment is ignored: "x/a" acts as "/a"
        assert_eq!(
            ok(json!({"a": 1}), &[replace("x/a", json!(2))]),
            json!({"a": 2})
        );
        // no slash at all: nothing is found
        assert_eq!(
            failed(json!({"a": 1}), &[replace("a", json!(2))]),
            "replace operation does not apply: doc is missing path: a: missing value"
        );
        // "/" is the empty key
        assert_eq!(ok(json!({}), &[add("/", json!(1))]), json!({"": 1}));
        // a trailing slash addresses the empty key of the parent
        assert_eq!(
            ok(json!({"m": {}}), &[add("/m/", json!(1))]),
            json!({"m": {"": 1}})
        );
        // array roots
        assert_eq!(ok(json!([1]), &[add("/-", json!(2))]), json!([1, 2]));
        assert_eq!(
            ok(json!([1, [2]]), &[add("/1/0", json!(0))]),
            json!([1, [0, 2]])
        );
    }

    #[test]
    fn patch_keeps_document_key_order_and_input() {
        let doc = json!({"b": 1, "a": {"z": 1, "y": 2}});
        let out = ok(doc.clone(), &[add("/a/x", json!(3)), remove("/a/z")]);
        assert_eq!(out, json!({"b": 1, "a": {"y": 2, "x": 3}}));
        assert_eq!(doc, json!({"b": 1, "a": {"z": 1, "y": 2}}));
        // removing keys keeps the lookups of the later ones right
        let doc = json!({"k1": 1, "k2": 2, "k3": 3, "k4": 4});
        let out = ok(
            doc,
            &[
                remove("/k1"),
                replace("/k3", json!(30)),
                remove("/k2"),
                test_op("/k4", json!(4)),
            ],
        );
        assert_eq!(out, json!({"k3": 30, "k4": 4}));
        // existing members keep their place, new ones go last (visible with preserve_order)
        let out = ok(
            json!({"z": 1, "m": 2}),
            &[add("/a", json!(3)), replace("/z", json!(0))],
        );
        let mut expected = Map::new();
        expected.insert("z".into(), json!(0));
        expected.insert("m".into(), json!(2));
        expected.insert("a".into(), json!(3));
        let got: Vec<&String> = out
            .as_object()
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        assert_eq!(got, expected.keys().collect::<Vec<_>>());
    }

    #[test]
    fn display_texts() {
        assert_eq!(PatchError::TestFailed.to_string(), "test failed");
        assert_eq!(PatchError::Failed("x: y".into()).to_string(), "x: y");
    }

    #[test]
    fn go_quote_escapes() {
        assert_eq!(go_quote("a\tb"), "\"a\\tb\"");
        assert_eq!(go_quote("\u{1}"), "\"\\x01\"");
        assert_eq!(go_quote("é"), "\"é\"");
        assert_eq!(go_quote("\u{a0}"), "\"\\u00a0\"");
    }

    #[test]
    fn go_json_len_matches_go_marshal() {
        let n = Node::from_doc(&json!({"a": [1, true, null, "x<y"], "b": 1.0}));
        // {"a":[1,true,null,"x\u003cy"],"b":1}
        assert_eq!(go_json_len(&n), 36);
    }

    // ---- deep documents and hostile input -------------------------------------------------

    fn nested(depth: usize) -> (Value, String) {
        let mut v = json!({"leaf": 1});
        let mut path = String::new();
        for i in 0..depth {
            let key = if i % 2 == 0 { "o" } else { "p" };
            v = json!({ key: v });
        }
        for i in (0..depth).rev() {
            path.push_str(if i % 2 == 0 { "/o" } else { "/p" });
        }
        (v, path)
    }

    #[test]
    fn deep_documents() {
        let (doc, path) = nested(512);
        let leaf = format!("{path}/leaf");
        let out = ok(
            doc.clone(),
            &[
                test_op(&leaf, json!(1)),
                replace(&leaf, json!(2)),
                cp(&path, "/copy"),
                test_op("/copy/leaf", json!(2)),
            ],
        );
        assert!(out.get("copy").is_some());
        let (to, _) = nested(511);
        let ops = ops_of(&diff(&doc, &to));
        assert_eq!(apply(&doc, &ops), Ok(to));
    }

    #[test]
    fn deep_documents_whole_test() {
        let (doc, path) = nested(512);
        let out = ok(
            doc.clone(),
            &[
                test_op("", doc.clone()),
                replace(&format!("{path}/leaf"), json!(2)),
            ],
        );
        assert_ne!(out, doc);
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }

        fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
            &items[self.below(items.len())]
        }
    }

    const KEYS: [&str; 10] = ["a", "b", "c", "x/y", "m~n", "", "~1", "spec", "0", "-"];

    fn gen_scalar(rng: &mut Rng) -> Value {
        match rng.below(7) {
            0 => Value::Null,
            1 => Value::Bool(rng.below(2) == 0),
            2 => json!(rng.below(5) as i64 - 2),
            3 => json!(rng.below(4) as f64 / 2.0),
            4 => json!(rng.pick(&["", "x", "y/z", "<&>"]).to_string()),
            5 => json!(100),
            _ => json!(100.0),
        }
    }

    fn gen_value(rng: &mut Rng, depth: usize) -> Value {
        // containers near the root, scalars towards the leaves
        let container = depth >= 2 || (depth == 1 && rng.below(2) == 0);
        if !container {
            return gen_scalar(rng);
        }
        let children = 1 + rng.below(4);
        if rng.below(5) < 3 {
            let mut m = Map::new();
            for _ in 0..children {
                m.insert(rng.pick(&KEYS).to_string(), gen_value(rng, depth - 1));
            }
            Value::Object(m)
        } else {
            Value::Array((0..children).map(|_| gen_value(rng, depth - 1)).collect())
        }
    }

    fn mutate(rng: &mut Rng, v: &Value, depth: usize) -> Value {
        let below = depth.saturating_sub(1);
        match (v, rng.below(10)) {
            (_, 0) => gen_value(rng, depth),
            (Value::Object(m), _) => {
                let mut m = m.clone();
                let keys: Vec<String> = m.keys().cloned().collect();
                match rng.below(5) {
                    0 if !keys.is_empty() => {
                        let k = rng.pick(&keys).clone();
                        m.remove(&k);
                    }
                    1..=3 if !keys.is_empty() => {
                        let k = rng.pick(&keys).clone();
                        let child = mutate(rng, &m[&k], below);
                        m.insert(k, child);
                    }
                    _ => {
                        m.insert(rng.pick(&KEYS).to_string(), gen_value(rng, below));
                    }
                }
                Value::Object(m)
            }
            (Value::Array(a), _) => {
                let mut a = a.clone();
                match rng.below(6) {
                    0 => a.push(gen_value(rng, below)),
                    1 if !a.is_empty() => {
                        a.pop();
                    }
                    2..=4 if !a.is_empty() => {
                        let i = rng.below(a.len());
                        a[i] = mutate(rng, &a[i], below);
                    }
                    _ => a.insert(0, gen_value(rng, below)),
                }
                Value::Array(a)
            }
            _ => gen_value(rng, depth),
        }
    }

    fn ops_of(patch: &[Value]) -> Vec<Operation> {
        patch.iter().filter_map(operation_of).collect()
    }

    fn container_root(rng: &mut Rng, v: Value) -> Value {
        match v {
            Value::Object(_) => v,
            Value::Array(_) if rng.below(3) == 0 => v,
            other => json!({ "root": other }),
        }
    }

    #[test]
    fn diff_round_trips_generated_pairs() {
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        let (mut ops_total, mut nested_ops, mut changed) = (0, 0, 0);
        for round in 0..80 {
            let generated = gen_value(&mut rng, 4);
            let from = container_root(&mut rng, generated);
            let to = if round % 4 == 3 {
                let generated = gen_value(&mut rng, 4);
                container_root(&mut rng, generated)
            } else {
                let mut t = from.clone();
                for _ in 0..=rng.below(3) {
                    t = mutate(&mut rng, &t, 4);
                }
                container_root(&mut rng, t)
            };
            let patch = diff(&from, &to);
            let got = apply(&from, &ops_of(&patch));
            assert_eq!(got, Ok(to.clone()), "from {from} to {to} via {patch:?}");
            assert!(diff(&from, &from).is_empty());
            ops_total += patch.len();
            nested_ops += patch
                .iter()
                .filter(|p| {
                    p["path"]
                        .as_str()
                        .is_some_and(|s| s.matches('/').count() > 1)
                })
                .count();
            changed += usize::from(from != to);
        }
        eprintln!("generated: {changed} changed, {ops_total} ops, {nested_ops} nested");
        // the generator must exercise more than trivial cases
        assert!(
            changed > 60 && ops_total > 150 && nested_ops > 40,
            "{changed} {ops_total} {nested_ops}"
        );
    }

    #[test]
    fn diff_shapes() {
        assert!(diff(&json!({"a": 1}), &json!({"a": 1})).is_empty());
        assert_eq!(
            diff(
                &json!({"a": 1, "b": {"c": 1, "d": 2}, "gone": true}),
                &json!({"a": 2, "b": {"c": 1, "e": 3}, "new": null})
            ),
            vec![
                json!({"op": "replace", "path": "/a", "value": 2}),
                json!({"op": "remove", "path": "/b/d"}),
                json!({"op": "add", "path": "/b/e", "value": 3}),
                json!({"op": "remove", "path": "/gone"}),
                json!({"op": "add", "path": "/new", "value": null}),
            ]
        );
        assert_eq!(
            diff(&json!({"l": [1, 2, 3, 4]}), &json!({"l": [1, 5]})),
            vec![
                json!({"op": "replace", "path": "/l/1", "value": 5}),
                json!({"op": "remove", "path": "/l/3"}),
                json!({"op": "remove", "path": "/l/2"}),
            ]
        );
        assert_eq!(
            diff(&json!({"l": [{"n": 1}]}), &json!({"l": [{"n": 2}, 7, 8]})),
            vec![
                json!({"op": "replace", "path": "/l/0/n", "value": 2}),
                json!({"op": "add", "path": "/l/1", "value": 7}),
                json!({"op": "add", "path": "/l/2", "value": 8}),
            ]
        );
        assert_eq!(
            diff(
                &json!({"metadata": {"labels": {}}}),
                &json!({"metadata": {"labels": {"k8s.io/x~y": "true"}}})
            ),
            vec![json!({"op": "add", "path": "/metadata/labels/k8s.io~1x~0y", "value": "true"})]
        );
        assert_eq!(
            diff(&json!({"a": {"b": 1}}), &json!({"a": [1]})),
            vec![json!({"op": "replace", "path": "/a", "value": [1]})]
        );
        assert_eq!(
            diff(&json!({"a": 1}), &json!([1])),
            vec![json!({"op": "replace", "path": "", "value": [1]})]
        );
        // 1 and 1.0 are different JSON, so the diff keeps `to` exact
        assert_eq!(
            diff(&json!({"a": 1}), &json!({"a": 1.0})),
            vec![json!({"op": "replace", "path": "/a", "value": 1.0})]
        );
    }

    #[test]
    fn random_operations_never_panic() {
        let mut rng = Rng(42);
        let tokens = [
            "",
            "a",
            "b",
            "0",
            "1",
            "-",
            "-1",
            "-5",
            "99",
            "x~1y",
            "~0",
            "+1",
            "01",
            "9999999999999999999999",
            "spec",
            "~",
            "~2",
        ];
        let kinds = ["add", "remove", "replace", "move", "copy", "test", "bogus"];
        let mut outcomes = [0usize; 3];
        for _ in 0..3000 {
            let generated = gen_value(&mut rng, 4);
            let doc = container_root(&mut rng, generated);
            let mut ops = Vec::new();
            for _ in 0..=rng.below(4) {
                let mut path = String::new();
                let lead = rng.below(8);
                for i in 0..rng.below(4) {
                    if i > 0 || lead != 0 {
                        path.push('/');
                    }
                    let token: &&str = rng.pick(&tokens);
                    path.push_str(token);
                }
                let mut o = Operation::new(*rng.pick(&kinds), path.clone());
                if rng.below(3) != 0 {
                    o.value = Some(gen_value(&mut rng, 2));
                }
                if rng.below(2) == 0 {
                    o.from = Some(format!("/{}", rng.pick(&tokens)));
                }
                ops.push(o);
            }
            match apply(&doc, &ops) {
                Ok(_) => outcomes[0] += 1,
                Err(PatchError::TestFailed) => outcomes[1] += 1,
                Err(PatchError::Failed(m)) => {
                    assert!(!m.is_empty());
                    outcomes[2] += 1;
                }
            }
        }
        assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
    }
}
