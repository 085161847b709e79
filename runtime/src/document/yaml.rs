//! Reading YAML (and JSON, which is YAML) into documents: the stream is split at `---` lines
//! first, so a broken document does not hide the ones after it; each document is read from
//! yaml-rust2's events into a JSON value, resolving scalars as Kubernetes' YAML reader does
//! (YAML 1.1 booleans, integers, floats, null), with every node's position recorded. Aliases
//! repeat their anchor's node within the apiserver's limits (`budget.rs`) and [`MAX_DEPTH`].

use super::budget::NodeBudget;
use super::positions::{pointer_token, SourcePosition};
use crate::value::{Located, PositionTree};
use serde_json::{Map, Number, Value};
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Nesting deeper than this is refused (a document of 10,000 nested lists is an error, not a
/// stack overflow in whatever walks it later).
pub const MAX_DEPTH: usize = 512;

/// The UTF-8 byte order mark some editors put at the start of a file.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// One document of a stream.
#[derive(Debug, Clone)]
pub struct Document {
    /// 0-based index of the document in its stream.
    pub index: usize,
    pub value: Value,
    /// Where each node of `value` was written.
    pub positions: PositionTree,
}

impl Document {
    /// The document as a value view that knows each node's position.
    pub fn view(&self) -> Located<'_> {
        Located::new(&self.value, &self.positions)
    }

    /// The items of a list document (`v1 List`, `ConfigMapList`...: a kind ending in `List`
    /// with an `items` array), each a document of its own with its positions, as kubectl
    /// flattens a list into the objects it applies; `None` for any other document.
    pub fn list_items(&self) -> Option<Vec<Document>> {
        let kind = self.value.get("kind").and_then(Value::as_str)?;
        let items = self.value.get("items").and_then(Value::as_array)?;
        if !kind.ends_with("List") {
            return None;
        }
        let trees = self.positions.entry("items");
        Some(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| Document {
                    index: self.index,
                    value: item.clone(),
                    positions: trees
                        .and_then(|t| t.item(i))
                        .cloned()
                        .unwrap_or_else(|| PositionTree::leaf(self.positions.at)),
                })
                .collect(),
        )
    }
}

/// A document that could not be read, with where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", .position.map(|p| format!("{}:{}: ", p.line, p.column)).unwrap_or_default())]
pub struct DocumentError {
    pub index: usize,
    pub position: Option<SourcePosition>,
    pub message: String,
}

/// Reads every document of a YAML or JSON stream. Empty documents (only comments or blank) are
/// left out; each document that cannot be read gives an error in its place.
pub fn read_documents(bytes: &[u8]) -> Vec<Result<Document, DocumentError>> {
    chunks(bytes).iter().map(Chunk::read).collect()
}

/// One document of a stream, found but not read yet: the stream is split at `---` lines
/// without parsing, so documents can be read one at a time, or on several threads, and a
/// stream of any length holds only the documents being read.
#[derive(Debug, Clone, Copy)]
pub struct Chunk<'a> {
    /// 0-based index of the document in its stream (empty documents are not counted).
    pub index: usize,
    first_line: usize,
    bytes: &'a [u8],
}

/// The documents of a stream, in order, left unread; empty ones (only comments or blank)
/// are left out. A UTF-8 byte order mark before the stream is no part of it (kubectl drops it
/// too).
pub fn chunks(bytes: &[u8]) -> Vec<Chunk<'_>> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    let mut out = Vec::new();
    for (first_line, chunk) in split_documents(bytes) {
        let empty = std::str::from_utf8(chunk).is_ok_and(|text| {
            text.lines().all(|l| {
                l.trim().is_empty() || l.trim_start().starts_with('#') || l.trim() == "..."
            })
        });
        if !empty {
            out.push(Chunk {
                index: out.len(),
                first_line,
                bytes: chunk,
            });
        }
    }
    out
}

impl<'a> Chunk<'a> {
    /// The document's text, as written (a cheap look before reading it).
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Reads the document.
    pub fn read(&self) -> Result<Document, DocumentError> {
        let (index, first_line, chunk) = (self.index, self.first_line, self.bytes);
        match std::str::from_utf8(chunk) {
            Ok(text) => read_one(text, first_line, index),
            Err(e) => {
                let valid = &chunk[..e.valid_up_to()];
                let line = first_line + valid.iter().filter(|&&b| b == b'\n').count();
                let column = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
                Err(DocumentError {
                    index,
                    position: Some(SourcePosition { line, column }),
                    message: format!("invalid UTF-8 (byte 0x{:02x})", chunk[e.valid_up_to()]),
                })
            }
        }
    }
}

/// Splits a stream at `---` lines: (1-based line of the document's first line, its bytes).
fn split_documents(bytes: &[u8]) -> Vec<(usize, &[u8])> {
    let mut docs = Vec::new();
    let mut start = 0;
    let mut start_line = 1;
    let mut line = 1;
    let mut pos = 0;
    while pos <= bytes.len() {
        let end = bytes[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| pos + i);
        let content = &bytes[pos..end];
        let is_marker = content.starts_with(b"---")
            && content[3..].first().is_none_or(|b| b.is_ascii_whitespace());
        if is_marker {
            docs.push((start_line, &bytes[start..pos]));
            // The marker line may carry content (`--- {a: 1}`); keep it with the next document.
            start = pos + 3;
            start_line = line;
        }
        pos = end + 1;
        line += 1;
    }
    docs.push((start_line, &bytes[start.min(bytes.len())..]));
    docs
}

fn read_one(text: &str, first_line: usize, index: usize) -> Result<Document, DocumentError> {
    let mut builder = Builder {
        first_line,
        stack: Vec::new(),
        root: None,
        error: None,
        anchors: Default::default(),
        budget: NodeBudget::new(),
    };
    let mut parser = Parser::new_from_str(text);
    if let Err(e) = parser.load(&mut builder, false) {
        let m = e.marker();
        return Err(DocumentError {
            index,
            position: Some(position(first_line, m)),
            message: format!("YAML syntax error: {}", e.info()),
        });
    }
    if let Some((position, message)) = builder.error {
        return Err(DocumentError {
            index,
            position: Some(position),
            message,
        });
    }
    let (value, positions) = builder.root.unwrap_or_else(|| {
        let at = SourcePosition {
            line: first_line,
            column: 1,
        };
        (Value::Null, PositionTree::leaf(at))
    });
    Ok(Document {
        index,
        value,
        positions,
    })
}

fn position(first_line: usize, m: &Marker) -> SourcePosition {
    SourcePosition {
        line: first_line + m.line().saturating_sub(1),
        column: m.col() + 1,
    }
}

/// A sequence or mapping being read.
struct Frame {
    at: SourcePosition,
    /// The anchor id the node is given (0 for none).
    anchor: usize,
    /// The nodes of the document decoded before this one.
    nodes_before: u64,
    /// The nesting of the deepest collection below it (aliases expanded).
    height: usize,
    body: Body,
}

enum Body {
    Sequence {
        items: Vec<Value>,
        trees: Vec<PositionTree>,
    },
    Mapping {
        map: Map<String, Value>,
        trees: Vec<(Box<str>, PositionTree)>,
        key: Option<String>,
    },
}

/// A node given an anchor, for its aliases to repeat.
struct Anchored {
    value: Value,
    tree: PositionTree,
    /// How many nodes decoding it counts (the expansions of aliases inside it included).
    nodes: u64,
    /// Collections nested in it, itself included (0 for a scalar).
    height: usize,
}

struct Builder {
    first_line: usize,
    stack: Vec<Frame>,
    root: Option<(Value, PositionTree)>,
    error: Option<(SourcePosition, String)>,
    anchors: std::collections::HashMap<usize, Anchored>,
    budget: NodeBudget,
}

impl Builder {
    /// The pointer of the innermost collection being read, worked out from the stack (each
    /// open collection sits at its parent's next index, or under its parent's pending key)
    /// only when an error needs it.
    fn pointer(&self) -> String {
        let mut pointer = String::new();
        for parent in self.stack.iter().take(self.stack.len().saturating_sub(1)) {
            pointer.push('/');
            match &parent.body {
                Body::Sequence { items, .. } => pointer.push_str(&items.len().to_string()),
                Body::Mapping { key: Some(k), .. } => pointer.push_str(&pointer_token(k)),
                Body::Mapping { key: None, .. } => {}
            }
        }
        pointer
    }

    fn fail(&mut self, at: SourcePosition, message: String) {
        if self.error.is_none() {
            self.error = Some((at, message));
        }
    }

    /// Adds a finished node, with the collections nested in it, to its parent (or makes it the
    /// root).
    fn add(&mut self, value: Value, tree: PositionTree, height: usize) {
        let at = tree.at;
        let Some(frame) = self.stack.last_mut() else {
            self.root = Some((value, tree));
            return;
        };
        frame.height = frame.height.max(height);
        match &mut frame.body {
            Body::Sequence { items, trees } => {
                items.push(value);
                trees.push(tree);
            }
            Body::Mapping { map, trees, key } => match key.take() {
                Some(k) => {
                    if map.contains_key(&k) {
                        let path = format!("{}/{}", self.pointer(), pointer_token(&k));
                        self.fail(at, format!("duplicate key {k:?} (at {path})"));
                        return;
                    }
                    trees.push((k.as_str().into(), tree));
                    map.insert(k, value);
                }
                None => {
                    let k = match value {
                        Value::String(s) => s,
                        Value::Null => "null".to_string(),
                        other => other.to_string(),
                    };
                    *key = Some(k);
                }
            },
        }
    }

    fn expecting_key(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame {
                body: Body::Mapping { key: None, .. },
                ..
            })
        )
    }

    /// An alias: its anchor's node repeated, once the budget and the nesting limit allow it.
    fn alias(&mut self, anchor: usize) -> Result<(), String> {
        self.budget.node()?;
        let Some(anchored) = self.anchors.get(&anchor) else {
            return Err("unknown alias".to_string());
        };
        self.budget.expansion(anchored.nodes)?;
        if self.stack.len() + anchored.height > MAX_DEPTH {
            return Err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        let (value, tree, height) = (
            anchored.value.clone(),
            anchored.tree.clone(),
            anchored.height,
        );
        self.add(value, tree, height);
        Ok(())
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        let at = position(self.first_line, &mark);
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                let nodes_before = self.budget.decoded();
                if let Err(message) = self.budget.node() {
                    return self.fail(at, message);
                }
                let value = if self.expecting_key() {
                    Value::String(text)
                } else {
                    let quoted = style != TScalarStyle::Plain;
                    let tagged_str = tag.as_ref().is_some_and(|t| t.suffix == "str");
                    resolve_scalar(text, quoted || tagged_str)
                };
                let tree = PositionTree::leaf(at);
                if anchor > 0 {
                    let anchored = Anchored {
                        value: value.clone(),
                        tree: tree.clone(),
                        nodes: self.budget.decoded() - nodes_before,
                        height: 0,
                    };
                    self.anchors.insert(anchor, anchored);
                }
                self.add(value, tree, 0);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.expecting_key() {
                    self.fail(at, "a mapping key must be a scalar".to_string());
                    return;
                }
                if self.stack.len() >= MAX_DEPTH {
                    self.fail(at, format!("nesting deeper than {MAX_DEPTH} levels"));
                    return;
                }
                let nodes_before = self.budget.decoded();
                if let Err(message) = self.budget.node() {
                    return self.fail(at, message);
                }
                let body = if matches!(ev, Event::SequenceStart(..)) {
                    Body::Sequence {
                        items: Vec::new(),
                        trees: Vec::new(),
                    }
                } else {
                    Body::Mapping {
                        map: Map::new(),
                        trees: Vec::new(),
                        key: None,
                    }
                };
                self.stack.push(Frame {
                    at,
                    anchor,
                    nodes_before,
                    height: 0,
                    body,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = self.stack.pop() else {
                    return;
                };
                let (value, tree) = match frame.body {
                    Body::Sequence { items, trees } => {
                        (Value::Array(items), PositionTree::array(frame.at, trees))
                    }
                    Body::Mapping { map, trees, .. } => {
                        (Value::Object(map), PositionTree::object(frame.at, trees))
                    }
                };
                let height = frame.height + 1;
                if frame.anchor > 0 {
                    let anchored = Anchored {
                        value: value.clone(),
                        tree: tree.clone(),
                        nodes: self.budget.decoded() - frame.nodes_before,
                        height,
                    };
                    self.anchors.insert(frame.anchor, anchored);
                }
                self.add(value, tree, height);
            }
            Event::Alias(anchor) => {
                if let Err(message) = self.alias(anchor) {
                    self.fail(at, message);
                }
            }
            _ => {}
        }
    }
}

/// A plain scalar's JSON value, as Kubernetes' YAML reader resolves it; quoted scalars stay
/// strings.
fn resolve_scalar(text: String, quoted: bool) -> Value {
    if quoted {
        return Value::String(text);
    }
    match text.as_str() {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => {
            return Value::Bool(true)
        }
        "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" => {
            return Value::Bool(false)
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "-.inf" | ".nan" | ".NaN" | ".NAN" => {
            return Value::String(text)
        }
        _ => {}
    }
    let digits = text.replace('_', "");
    if let Some(n) = go_parse_int(&digits) {
        return Value::Number(n);
    }
    let looks_numeric = digits
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+' || c == '.')
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'));
    if looks_numeric {
        if let Some(n) = digits.parse::<f64>().ok().and_then(Number::from_f64) {
            return Value::Number(n);
        }
    }
    Value::String(text)
}

/// An integer as goyaml.v2 resolves one: Go's `strconv.ParseInt(s, 0, 64)`, then
/// `ParseUint`, so a leading `0` means octal (`0755` is 493, as kubectl sends it), and `0x`,
/// `0o` and `0b` prefixes choose their bases.
fn go_parse_int(s: &str) -> Option<Number> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = match body.get(..2) {
        Some("0x" | "0X") => (16, &body[2..]),
        Some("0o" | "0O") => (8, &body[2..]),
        Some("0b" | "0B") => (2, &body[2..]),
        _ if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        _ => (10, body),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    match negative {
        false => Some(match i64::try_from(magnitude) {
            Ok(i) => i.into(),
            Err(_) => magnitude.into(),
        }),
        true if magnitude <= i64::MAX as u64 + 1 => Some(
            (magnitude as i128)
                .wrapping_neg()
                .try_into()
                .map(|i: i64| i.into())
                .ok()?,
        ),
        true => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one(text: &str) -> Document {
        let mut docs = read_documents(text.as_bytes());
        assert_eq!(docs.len(), 1, "{docs:?}");
        docs.remove(0).unwrap()
    }

    #[test]
    fn integers_resolve_as_kubectl_sends_them() {
        let d = one("a: 0700\nb: 0o755\nc: 0x1F\nd: 0b101\ne: 08\nf: -010\ng: 1_000\nh: +5\ni: 18446744073709551615\nj: '0700'\n");
        assert_eq!(
            d.value,
            json!({"a": 448, "b": 493, "c": 31, "d": 5, "e": 8.0, "f": -8, "g": 1000, "h": 5,
                   "i": 18446744073709551615u64, "j": "0700"})
        );
    }

    #[test]
    fn reads_values_and_positions() {
        let d = one("apiVersion: v1\nkind: Pod\nspec:\n  replicas: 3\n  ratio: 1.5\n  on: yes\n  name: \"007\"\n  items:\n  - a\n  - b\n");
        assert_eq!(
            d.value,
            json!({"apiVersion": "v1", "kind": "Pod", "spec": {"replicas": 3, "ratio": 1.5, "on": true, "name": "007", "items": ["a", "b"]}})
        );
        assert_eq!(
            d.positions.find("/spec/replicas"),
            SourcePosition {
                line: 4,
                column: 13
            }
        );
        assert_eq!(
            d.positions.find("/spec/items/1"),
            SourcePosition {
                line: 10,
                column: 5
            }
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let docs =
            read_documents(b"\xEF\xBB\xBFapiVersion: v1\nkind: ConfigMap\n---\nkind: Secret\n");
        assert_eq!(docs.len(), 2);
        let first = docs[0].as_ref().unwrap();
        assert_eq!(
            first.value,
            json!({"apiVersion": "v1", "kind": "ConfigMap"})
        );
        assert_eq!(
            first.positions.find("/kind"),
            SourcePosition { line: 2, column: 7 }
        );
        assert_eq!(first.positions.find("/apiVersion").column, 13);
        // JSON too, and a mark anywhere else is text.
        let json = read_documents(b"\xEF\xBB\xBF{\"kind\": \"Pod\"}");
        assert_eq!(json[0].as_ref().unwrap().value, json!({"kind": "Pod"}));
    }

    #[test]
    fn documents_are_independent() {
        let docs = read_documents(b"a: 1\n---\nb: [1,\n---\n# only a comment\n---\nc: 3\n");
        assert_eq!(docs.len(), 3);
        assert_eq!(docs[0].as_ref().unwrap().value, json!({"a": 1}));
        let err = docs[1].as_ref().unwrap_err();
        assert_eq!(err.index, 1);
        assert!(err.message.starts_with("YAML syntax error"), "{err}");
        assert!(err.position.unwrap().line >= 3);
        let third = docs[2].as_ref().unwrap();
        assert_eq!(third.value, json!({"c": 3}));
        assert_eq!(
            third.positions.find("/c"),
            SourcePosition { line: 7, column: 4 }
        );
    }

    #[test]
    fn duplicate_keys_deep_nesting_and_bad_bytes_are_errors() {
        let docs = read_documents(b"a: 1\nb: 2\na: 3\n");
        let err = docs[0].as_ref().unwrap_err();
        assert_eq!(err.to_string(), "3:4: duplicate key \"a\" (at /a)");
        let docs = read_documents(b"spec:\n  list:\n  - x: 1\n    y/z: {}\n  - x: 1\n    x: 2\n");
        let err = docs[0].as_ref().unwrap_err();
        assert_eq!(
            err.to_string(),
            "6:8: duplicate key \"x\" (at /spec/list/1/x)"
        );
        let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        let docs = read_documents(deep.as_bytes());
        let err = docs[0].as_ref().unwrap_err();
        assert!(
            err.message.contains("nesting deeper than") || err.message.contains("recursion limit"),
            "{err}"
        );
        let docs = read_documents(b"a: 1\n---\nb: \xff\n---\nc: 2\n");
        assert_eq!(docs.len(), 3);
        assert_eq!(
            docs[1].as_ref().unwrap_err().to_string(),
            "3:4: invalid UTF-8 (byte 0xff)"
        );
        assert!(docs[2].is_ok());
    }

    /// The "billion laughs": nine levels of anchors, each a list of nine aliases to the level
    /// above: 9^9 (387,420,489) strings once expanded, from 419 bytes.
    fn billion_laughs() -> String {
        let mut doc = String::from(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: lol\ndata:\n  a: &a [\"lol\"",
        );
        doc.push_str(&",\"lol\"".repeat(8));
        doc.push_str("]\n");
        for (above, level) in ["a", "b", "c", "d", "e", "f", "g", "h"]
            .into_iter()
            .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
        {
            let aliases = vec![format!("*{above}"); 9].join(",");
            doc.push_str(&format!("  {level}: &{level} [{aliases}]\n"));
        }
        doc
    }

    #[test]
    fn excessive_aliasing_is_refused_and_the_other_documents_still_read() {
        let hostile = billion_laughs();
        assert_eq!(hostile.len(), 419);
        let valid = |name: &str| format!("kind: ConfigMap\nmetadata:\n  name: {name}\n");
        let file = format!("{}---\n{hostile}---\n{}", valid("before"), valid("after"));
        let docs = read_documents(file.as_bytes());
        assert_eq!(docs.len(), 3);
        assert_eq!(
            docs[0].as_ref().unwrap().value["metadata"]["name"],
            "before"
        );
        let err = docs[1].as_ref().unwrap_err();
        assert_eq!(err.index, 1);
        // The fifth alias of level d (file line 13) tips the share of aliased nodes over 99%:
        // 5,149 of 5,201 nodes when go-yaml, counting node by node, refuses it.
        assert_eq!(
            err.to_string(),
            "13:22: yaml: document contains excessive aliasing"
        );
        let after = docs[2].as_ref().unwrap();
        assert_eq!(after.value["metadata"]["name"], "after");
        assert_eq!(
            after.positions.find("/metadata/name"),
            SourcePosition {
                line: 22,
                column: 9
            }
        );
    }

    /// The `manifest` fuzz target's seed: two Widgets around a billion laughs.
    #[test]
    fn the_fuzz_seed_is_refused_between_two_documents_that_read() {
        let seed = include_bytes!("../../../fuzz/seeds/manifest/billion-laughs.yaml");
        let docs = read_documents(seed);
        let names: Vec<_> = docs
            .iter()
            .map(|d| match d {
                Ok(d) => Ok(d.value["metadata"]["name"].clone()),
                Err(e) => Err(e.to_string()),
            })
            .collect();
        assert_eq!(
            names,
            [
                Ok(json!("before")),
                Err("21:22: yaml: document contains excessive aliasing".to_string()),
                Ok(json!("after")),
            ]
        );
    }

    #[test]
    fn aliases_expand_up_to_the_allowed_share() {
        let d = one("base: &base {name: web, port: 80}\nfirst: *base\nsecond: [*base, *base]\n");
        assert_eq!(d.value["second"][1], json!({"name": "web", "port": 80}));
        assert_eq!(
            d.positions.find("/second/1/port"),
            SourcePosition {
                line: 1,
                column: 31
            }
        );
        // Three levels anchored, then n aliases to the third: three give 3,720 aliased nodes of
        // 3,760 (98.9%), allowed; a fourth 4,630 of 4,671 (99.1%), refused at that alias.
        let levels = |n: usize| {
            let aliases = |to: &str, n: usize| vec![format!("*{to}"); n].join(", ");
            format!(
                "a: &a [{}]\nb: &b [{}]\nc: &c [{}]\nd: [{}]\n",
                ["x"; 9].join(", "),
                aliases("a", 9),
                aliases("b", 9),
                aliases("c", n)
            )
        };
        let d = one(&levels(3));
        assert_eq!(d.value["d"][2][8][8][8], json!("x"));
        let docs = read_documents(levels(4).as_bytes());
        assert_eq!(
            docs[0].as_ref().unwrap_err().to_string(),
            "4:17: yaml: document contains excessive aliasing"
        );
    }

    #[test]
    fn aliases_count_toward_the_nesting_limit() {
        // 200 levels anchored, repeated inside 200 more, that inside 150 more (and the top
        // mapping): 551 levels once expanded. yaml-rust2 itself stops flow collections at 256.
        let nested = |n: usize, inner: &str| format!("{}{inner}{}", "[".repeat(n), "]".repeat(n));
        let text = |outer: usize| {
            format!(
                "a: &a {}\nb: &b {}\nc: {}\n",
                nested(200, "1"),
                nested(200, "*a"),
                nested(outer, "*b")
            )
        };
        let docs = read_documents(text(150).as_bytes());
        let err = docs[0].as_ref().unwrap_err();
        assert_eq!(err.to_string(), "3:154: nesting deeper than 512 levels");
        // 100 levels around it: 501, allowed.
        assert!(read_documents(text(100).as_bytes())[0].is_ok());
    }

    #[test]
    fn json_is_yaml() {
        assert_eq!(
            one("{\"a\": [1, 2.5, null, true, \"x\"]}").value,
            json!({"a": [1, 2.5, null, true, "x"]})
        );
    }
}
