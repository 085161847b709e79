//! Field errors as the apiserver renders them (apimachinery `field.Error`): `<path>: <type>:
//! <value>: <detail>`, with Go's value formatting, the `<nil>` root, and the 422 Status a
//! create or update answers with.

use serde_json::{json, Value};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// A path into an object: `spec.containers[0].env[KEY]`. A path is one shared allocation
/// holding its steps encoded one after another, so cloning it is a reference count, comparing
/// and hashing it read bytes, and a validator that builds a path only for an error pays one
/// allocation for it however deep it is ([`FieldPath::from_steps`]).
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldPath {
    /// Each step: a tag byte ([`FIELD`], [`INDEX`], [`KEY`]) and eight bytes (a name's length,
    /// or the index), then the name's bytes. `None` is the root.
    encoded: Option<Arc<[u8]>>,
}

const FIELD: u8 = 0;
const INDEX: u8 = 1;
const KEY: u8 = 2;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathElement {
    Field(String),
    Index(usize),
    Key(String),
}

/// A step of a path, borrowed from where it is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    Field(&'a str),
    Index(usize),
    Key(&'a str),
}

impl Step<'_> {
    fn encoded_len(self) -> usize {
        match self {
            Step::Field(s) | Step::Key(s) => 9 + s.len(),
            Step::Index(_) => 9,
        }
    }

    /// Writes the step's bytes to `put`.
    fn encode(self, put: &mut impl FnMut(&[u8])) {
        let (tag, word, name) = match self {
            Step::Field(s) => (FIELD, s.len(), s),
            Step::Index(i) => (INDEX, i, ""),
            Step::Key(s) => (KEY, s.len(), s),
        };
        put(&[tag]);
        put(&(word as u64).to_le_bytes());
        put(name.as_bytes());
    }

    fn to_element(self) -> PathElement {
        match self {
            Step::Field(s) => PathElement::Field(s.to_string()),
            Step::Index(i) => PathElement::Index(i),
            Step::Key(s) => PathElement::Key(s.to_string()),
        }
    }
}

impl FieldPath {
    /// The root (printed `<nil>`, as a custom resource's root is).
    pub fn root() -> FieldPath {
        FieldPath::default()
    }

    pub fn child(&self, name: &str) -> FieldPath {
        self.with(&[Step::Field(name)])
    }

    pub fn index(&self, i: usize) -> FieldPath {
        self.with(&[Step::Index(i)])
    }

    pub fn key(&self, k: &str) -> FieldPath {
        self.with(&[Step::Key(k)])
    }

    /// The path of `steps` from the root, built in one allocation.
    pub fn from_steps(steps: &[Step<'_>]) -> FieldPath {
        FieldPath::root().with(steps)
    }

    /// `below` (a path from some node) continued from this path (the path of that node).
    pub fn join(&self, below: &FieldPath) -> FieldPath {
        match (&self.encoded, &below.encoded) {
            (_, None) => self.clone(),
            (None, Some(_)) => below.clone(),
            (Some(a), Some(b)) => FieldPath {
                encoded: Some([&a[..], &b[..]].concat().into()),
            },
        }
    }

    fn with(&self, steps: &[Step<'_>]) -> FieldPath {
        let here = self.encoded.as_deref().unwrap_or_default();
        if steps.is_empty() {
            return self.clone();
        }
        let len = here.len() + steps.iter().map(|s| s.encoded_len()).sum::<usize>();
        // Encoded on the stack when it fits, so that the path costs one allocation.
        const ON_STACK: usize = 256;
        let mut out = Vec::new();
        let mut stack = [0u8; ON_STACK];
        let mut at = 0;
        let mut put = |bytes: &[u8]| match len <= ON_STACK {
            true => {
                stack[at..at + bytes.len()].copy_from_slice(bytes);
                at += bytes.len();
            }
            false => out.extend_from_slice(bytes),
        };
        put(here);
        for step in steps {
            step.encode(&mut put);
        }
        let encoded: Arc<[u8]> = match len <= ON_STACK {
            true => Arc::from(&stack[..len]),
            false => out.into(),
        };
        FieldPath {
            encoded: Some(encoded),
        }
    }

    /// The steps from the root to this node, borrowed.
    pub fn steps(&self) -> impl Iterator<Item = Step<'_>> {
        let mut rest = self.encoded.as_deref().unwrap_or_default();
        std::iter::from_fn(move || {
            let (&tag, tail) = rest.split_first()?;
            let word = u64::from_le_bytes(tail[..8].try_into().expect("eight bytes")) as usize;
            let tail = &tail[8..];
            let name = |len: usize| {
                // The bytes were written from a `&str`.
                std::str::from_utf8(&tail[..len]).unwrap_or_default()
            };
            let (step, used) = match tag {
                FIELD => (Step::Field(name(word)), word),
                KEY => (Step::Key(name(word)), word),
                _ => (Step::Index(word), 0),
            };
            rest = &tail[used..];
            Some(step)
        })
    }

    /// The steps from the root to this node.
    pub fn elements(&self) -> Vec<PathElement> {
        self.steps().map(Step::to_element).collect()
    }

    pub fn is_root(&self) -> bool {
        self.encoded.is_none()
    }

    /// The JSON pointer of the node (`/spec/containers/0`).
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        for step in self.steps() {
            out.push('/');
            match step {
                Step::Field(n) | Step::Key(n) => out.push_str(&crate::document::pointer_token(n)),
                Step::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out
    }
}

impl FieldPath {
    /// Writes the path as [`Display`](fmt::Display) prints it, straight into `out` (a `String`
    /// takes it without the formatting machinery).
    pub fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        write_steps(self.steps(), out)
    }
}

/// Writes a path, given by its steps from the root, as the apiserver prints it
/// (`spec.containers[0].env[KEY]`; the root, with no steps, is `<nil>`).
pub(crate) fn write_steps<'s>(
    steps: impl IntoIterator<Item = Step<'s>>,
    out: &mut impl fmt::Write,
) -> fmt::Result {
    let mut steps = steps.into_iter().peekable();
    if steps.peek().is_none() {
        return out.write_str("<nil>");
    }
    for (i, step) in steps.enumerate() {
        match step {
            Step::Field(n) if i == 0 => out.write_str(n)?,
            Step::Field(n) => {
                out.write_str(".")?;
                out.write_str(n)?
            }
            Step::Index(x) => {
                out.write_str("[")?;
                out.write_str(itoa::Buffer::new().format(x))?;
                out.write_str("]")?
            }
            Step::Key(k) => {
                out.write_str("[")?;
                out.write_str(k)?;
                out.write_str("]")?
            }
        }
    }
    Ok(())
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Debug for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FieldPath({self})")
    }
}

/// The kinds of field errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorType {
    NotFound,
    Required,
    Duplicate,
    Invalid,
    NotSupported,
    Forbidden,
    TooLong,
    TooMany,
    Internal,
    TypeInvalid,
}

impl ErrorType {
    /// The words of the error body.
    pub fn text(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }

    /// The reason a Status cause carries (`FieldValueInvalid`).
    pub fn reason(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
        }
    }

    /// The type a rule's `reason` names, of the four a CRD's `x-kubernetes-validations` may
    /// give (`FieldValueInvalid`, `FieldValueForbidden`, `FieldValueRequired`,
    /// `FieldValueDuplicate`).
    pub fn from_rule_reason(reason: &str) -> Option<ErrorType> {
        Some(match reason {
            "FieldValueInvalid" => ErrorType::Invalid,
            "FieldValueForbidden" => ErrorType::Forbidden,
            "FieldValueRequired" => ErrorType::Required,
            "FieldValueDuplicate" => ErrorType::Duplicate,
            _ => return None,
        })
    }
}

/// The value an error shows, keeping the Go type that decides how it prints.
#[derive(Debug, Clone, PartialEq)]
pub enum BadValue {
    /// Not shown.
    Omitted,
    Int(i64),
    Float(f64),
    Bool(bool),
    /// A string; a static one (a type's name) costs no allocation.
    String(Cow<'static, str>),
    /// Anything else, printed as Go's `json.Marshal` prints it.
    Json(Value),
    /// A typed Go value as `%#v` prints it (`[]string{"*", "pods"}`), written out.
    GoSyntax(String),
}

impl BadValue {
    /// A string value, copied.
    pub fn string(s: impl Into<String>) -> BadValue {
        BadValue::String(Cow::Owned(s.into()))
    }

    /// The value of a JSON node as an unstructured object holds it (int64, float64, bool,
    /// string, or a map/slice printed as JSON).
    pub fn of_json(v: &Value) -> BadValue {
        match v {
            Value::Bool(b) => BadValue::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => BadValue::Int(i),
                None => BadValue::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => BadValue::string(s.as_str()),
            other => BadValue::Json(other.clone()),
        }
    }
}

/// One field error.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    pub error_type: ErrorType,
    pub path: FieldPath,
    pub bad_value: BadValue,
    pub detail: String,
    /// When a custom error (`x-kubernetes-errors`) gave this error its type: the type of the
    /// keyword failure it replaced, which still decides whether CEL rules may run.
    pub replaced_type: Option<ErrorType>,
}

impl FieldError {
    pub fn new(
        error_type: ErrorType,
        path: FieldPath,
        bad_value: BadValue,
        detail: impl Into<String>,
    ) -> FieldError {
        FieldError {
            error_type,
            path,
            bad_value,
            detail: detail.into(),
            replaced_type: None,
        }
    }

    pub fn required(path: FieldPath, detail: impl Into<String>) -> FieldError {
        FieldError::new(
            ErrorType::Required,
            path,
            BadValue::String("".into()),
            detail,
        )
    }

    pub fn invalid(path: FieldPath, value: BadValue, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::Invalid, path, value, detail)
    }

    pub fn type_invalid(path: FieldPath, value: BadValue, detail: impl Into<String>) -> FieldError {
        FieldError::new(ErrorType::TypeInvalid, path, value, detail)
    }

    pub fn forbidden(path: FieldPath, detail: impl Into<String>) -> FieldError {
        FieldError::new(
            ErrorType::Forbidden,
            path,
            BadValue::String("".into()),
            detail,
        )
    }

    pub fn duplicate(path: FieldPath, value: BadValue) -> FieldError {
        FieldError::new(ErrorType::Duplicate, path, value, "")
    }

    /// `Unsupported value: <v>: supported values: "a", "b"`.
    pub fn not_supported(path: FieldPath, value: BadValue, supported: &[String]) -> FieldError {
        let detail = if supported.is_empty() {
            String::new()
        } else {
            let quoted: Vec<String> = supported.iter().map(|s| go_quote(s)).collect();
            format!("supported values: {}", quoted.join(", "))
        };
        FieldError::new(ErrorType::NotSupported, path, value, detail)
    }

    /// `Too long: may not be more than <n> bytes`.
    pub fn too_long(path: FieldPath, max: i64) -> FieldError {
        let detail = if max >= 0 {
            format!(
                "may not be more than {max} {}",
                if max == 1 { "byte" } else { "bytes" }
            )
        } else {
            "value is too long".to_string()
        };
        FieldError::new(ErrorType::TooLong, path, BadValue::Omitted, detail)
    }

    /// `Too many: <actual>: must have at most <n> items`.
    pub fn too_many(path: FieldPath, actual: i64, max: i64) -> FieldError {
        let detail = if max >= 0 {
            format!(
                "must have at most {max} {}",
                if max == 1 { "item" } else { "items" }
            )
        } else {
            "has too many items".to_string()
        };
        let value = if actual >= 0 {
            BadValue::Int(actual)
        } else {
            BadValue::Omitted
        };
        FieldError::new(ErrorType::TooMany, path, value, detail)
    }

    pub fn internal(path: FieldPath, detail: impl Into<String>) -> FieldError {
        FieldError::new(
            ErrorType::Internal,
            path,
            BadValue::Json(Value::Null),
            detail,
        )
    }

    /// The error without its path (`Invalid value: 3: must be ...`), as Status causes carry it.
    pub fn body(&self) -> String {
        let mut s = match self.error_type {
            ErrorType::Required
            | ErrorType::Forbidden
            | ErrorType::TooLong
            | ErrorType::Internal => self.error_type.text().to_string(),
            _ => match &self.bad_value {
                BadValue::Omitted => self.error_type.text().to_string(),
                BadValue::Int(i) => format!("{}: {i}", self.error_type.text()),
                BadValue::Float(f) => format!(
                    "{}: {}",
                    self.error_type.text(),
                    crate::cel::value::format_double(*f)
                ),
                BadValue::Bool(b) => format!("{}: {b}", self.error_type.text()),
                BadValue::String(s) => format!("{}: {}", self.error_type.text(), go_quote(s)),
                BadValue::Json(v) => format!("{}: {}", self.error_type.text(), go_json(v)),
                BadValue::GoSyntax(v) => format!("{}: {v}", self.error_type.text()),
            },
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }

    /// The Status cause of this error.
    pub fn cause(&self) -> Value {
        json!({"reason": self.error_type.reason(), "message": self.body(), "field": self.path.to_string()})
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.body())
    }
}

/// Several field errors as Go's aggregate prints them: one as it is, more in `[a, b]`, and the
/// same message only once.
pub fn aggregate(errors: &[FieldError]) -> String {
    let mut seen = std::collections::HashSet::new();
    let messages: Vec<String> = errors
        .iter()
        .map(|e| e.to_string())
        .filter(|m| seen.insert(m.clone()))
        .collect();
    match messages.len() {
        0 => String::new(),
        1 => messages[0].clone(),
        _ => format!("[{}]", messages.join(", ")),
    }
}

/// The 422 Status an apiserver answers a create or update of an invalid object with.
pub fn invalid_status(group: &str, kind: &str, name: &str, errors: &[FieldError]) -> Value {
    let qualified = if group.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}.{group}")
    };
    let causes: Vec<Value> = errors.iter().map(FieldError::cause).collect();
    json!({
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": format!("{qualified} {} is invalid: {}", go_quote(name), aggregate(errors)),
        "reason": "Invalid",
        "details": {"name": name, "group": group, "kind": kind, "causes": causes},
        "code": 422
    })
}

/// Go's `strconv.Quote`, as `%q` prints a string in messages.
pub use crate::strconv::quote as go_quote;

/// Go's `json.Marshal` of a decoded JSON value: compact, map keys sorted, `<`, `>` and `&`
/// escaped as `\u003c`, `\u003e`, `\u0026`.
pub fn go_json(v: &Value) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(m) => {
                let mut entries: Vec<(&String, &Value)> = m.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.clone(), sorted(v)))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let text = serde_json::to_string(&sorted(v)).unwrap_or_default();
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_paths_print_whole() {
        let mut p = FieldPath::root();
        for i in 0..20 {
            p = p.child("a").index(i);
        }
        let expected: String = (0..20)
            .map(|i| format!("a[{i}]"))
            .collect::<Vec<_>>()
            .join(".");
        assert_eq!(p.to_string(), expected);
        assert_eq!(FieldPath::root().key("k").child("x").to_string(), "[k].x");
    }

    #[test]
    fn paths_are_the_same_however_they_were_built() {
        let odd = "a\u{0}.[b]/~é";
        let stepwise = FieldPath::root().child("spec").key(odd).index(7).child("");
        let at_once = FieldPath::from_steps(&[
            Step::Field("spec"),
            Step::Key(odd),
            Step::Index(7),
            Step::Field(""),
        ]);
        assert_eq!(stepwise, at_once);
        let state = std::hash::RandomState::new();
        use std::hash::BuildHasher;
        assert_eq!(state.hash_one(&stepwise), state.hash_one(&at_once));
        assert_eq!(
            stepwise.elements(),
            vec![
                PathElement::Field("spec".into()),
                PathElement::Key(odd.into()),
                PathElement::Index(7),
                PathElement::Field(String::new()),
            ]
        );
        let (top, below) = (FieldPath::root().child("spec"), FieldPath::root().key(odd));
        assert_eq!(top.join(&below), FieldPath::root().child("spec").key(odd));
        assert_eq!(top.join(&FieldPath::root()), top);
        assert_eq!(FieldPath::root().join(&below), below);
        // A key is not a field of the same name, nor an index a field.
        assert_ne!(FieldPath::root().key("a"), FieldPath::root().child("a"));
        assert_ne!(FieldPath::root().index(0), FieldPath::root().child(""));
        assert!(FieldPath::from_steps(&[]).is_root());
    }

    #[test]
    fn paths_print_like_apimachinery() {
        let p = FieldPath::root()
            .child("spec")
            .child("containers")
            .index(0)
            .child("env")
            .key("KEY");
        assert_eq!(p.to_string(), "spec.containers[0].env[KEY]");
        assert_eq!(FieldPath::root().to_string(), "<nil>");
        assert_eq!(p.pointer(), "/spec/containers/0/env/KEY");
    }

    #[test]
    fn bodies_format_values_by_go_type() {
        let spec = FieldPath::root().child("spec");
        assert_eq!(
            FieldError::invalid(
                spec.child("replicas"),
                BadValue::Int(-1),
                "must be greater than or equal to 0"
            )
            .to_string(),
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
        assert_eq!(
            FieldError::invalid(spec.clone(), BadValue::String("a\"b".into()), "x").body(),
            "Invalid value: \"a\\\"b\": x"
        );
        assert_eq!(
            FieldError::required(spec.child("name"), "").to_string(),
            "spec.name: Required value"
        );
        assert_eq!(
            FieldError::too_long(spec.clone(), 63).body(),
            "Too long: may not be more than 63 bytes"
        );
        assert_eq!(
            FieldError::too_many(spec.clone(), 9, 8).body(),
            "Too many: 9: must have at most 8 items"
        );
        assert_eq!(
            FieldError::not_supported(
                spec.clone(),
                BadValue::String("x".into()),
                &["Equal".into(), "Exists".into()]
            )
            .body(),
            "Unsupported value: \"x\": supported values: \"Equal\", \"Exists\""
        );
        assert_eq!(
            FieldError::duplicate(
                spec.index(1),
                BadValue::Json(serde_json::json!({"b": "<", "a": 1}))
            )
            .body(),
            "Duplicate value: {\"a\":1,\"b\":\"\\u003c\"}"
        );
        assert_eq!(
            FieldError::invalid(spec, BadValue::Float(1.5), "x").body(),
            "Invalid value: 1.5: x"
        );
    }

    #[test]
    fn status_for_an_invalid_object() {
        let errs = vec![
            FieldError::invalid(
                FieldPath::root().child("spec").child("replicas"),
                BadValue::Int(-1),
                "must be greater than or equal to 0",
            ),
            FieldError::required(FieldPath::root().child("spec").child("selector"), ""),
        ];
        let s = invalid_status("apps", "Deployment", "web", &errs);
        assert_eq!(
            s["message"],
            "Deployment.apps \"web\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Required value]"
        );
        assert_eq!(
            s["details"]["causes"][1],
            serde_json::json!({"reason": "FieldValueRequired", "message": "Required value", "field": "spec.selector"})
        );
        assert_eq!(s["code"], 422);
    }
}
