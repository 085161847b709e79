//! The builtin functions: CEL's operators and standard library, the extension libraries
//! Kubernetes enables (strings, lists, sets, optionals) and Kubernetes' own list and regex
//! functions. A call is resolved by name and arity when the expression is compiled, and by the
//! argument values when it runs; a call no overload accepts is "no such overload", as in cel-go.

use super::decl::ListSemantics;
use super::error::{EvalError, EvalResult};
use super::time;
use super::value::{
    format_double, format_duration, format_timestamp, Key, List, Map, TypeName, Value,
};
use indexmap::IndexMap;
use regex::Regex;
use std::cmp::Ordering;
use std::sync::Arc;

/// A builtin function.
#[derive(Debug, Clone)]
pub(crate) enum Func {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Neg,
    Not,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Index,
    OptIndex,
    Size,
    Contains,
    StartsWith,
    EndsWith,
    Matches(Option<Arc<Regex>>),
    Find(Option<Arc<Regex>>),
    FindAll(Option<Arc<Regex>>),
    ToInt,
    ToUint,
    ToDouble,
    ToString,
    ToBytes,
    ToBool,
    Dyn,
    Type,
    ToDuration,
    ToTimestamp,
    Time(time::Getter),
    OptionalOf,
    OptionalNone,
    OptionalOfNonZero,
    OptionalUnwrap,
    HasValue,
    OptValue,
    Or,
    OrValue,
    UnwrapOpt,
    OptMap(usize),
    OptFlatMap(usize),
    SortBy(usize),
    MapInsert,
    MapInsertEntry,
    CharAt,
    IndexOf,
    LastIndexOf,
    LowerAscii,
    UpperAscii,
    Replace,
    Split,
    Substring,
    Trim,
    Join,
    Format,
    Quote,
    Slice,
    Flatten,
    Distinct,
    Reverse,
    Sort,
    Range,
    First,
    Last,
    SetsContains,
    SetsEquivalent,
    SetsIntersects,
    IsSorted,
    Sum,
    Min,
    Max,
    Includes,
    /// A function of Kubernetes' libraries.
    Lib(super::library::LibFunc),
    /// The specification's math and base64 extensions (not in Kubernetes).
    Math(super::math::MathFunc),
    /// A name that failed to resolve; never evaluated (compilation reports it).
    Unresolved,
}

/// Namespaces of global functions written like members (`optional.of(x)`).
pub(crate) const NAMESPACES: &[&str] = &[
    "optional", "sets", "strings", "lists", "cel", "math", "format", "ip", "base64",
];

/// (name, member call, argument counts including the receiver, function).
type Entry = (&'static str, bool, &'static [usize], fn() -> Func);

const TABLE: &[Entry] = &[
    ("_+_", false, &[2], || Func::Add),
    ("_-_", false, &[2], || Func::Sub),
    ("_*_", false, &[2], || Func::Mul),
    ("_/_", false, &[2], || Func::Div),
    ("_%_", false, &[2], || Func::Mod),
    ("-_", false, &[1], || Func::Neg),
    ("!_", false, &[1], || Func::Not),
    ("_==_", false, &[2], || Func::Eq),
    ("_!=_", false, &[2], || Func::Ne),
    ("_<_", false, &[2], || Func::Lt),
    ("_<=_", false, &[2], || Func::Le),
    ("_>_", false, &[2], || Func::Gt),
    ("_>=_", false, &[2], || Func::Ge),
    ("@in", false, &[2], || Func::In),
    ("_[_]", false, &[2], || Func::Index),
    ("_[?_]", false, &[2], || Func::OptIndex),
    ("size", false, &[1], || Func::Size),
    ("size", true, &[1], || Func::Size),
    ("contains", true, &[2], || Func::Contains),
    ("startsWith", true, &[2], || Func::StartsWith),
    ("endsWith", true, &[2], || Func::EndsWith),
    ("matches", true, &[2], || Func::Matches(None)),
    ("matches", false, &[2], || Func::Matches(None)),
    ("find", true, &[2], || Func::Find(None)),
    ("findAll", true, &[2, 3], || Func::FindAll(None)),
    ("int", false, &[1], || Func::ToInt),
    ("uint", false, &[1], || Func::ToUint),
    ("double", false, &[1], || Func::ToDouble),
    ("string", false, &[1], || Func::ToString),
    ("bytes", false, &[1], || Func::ToBytes),
    ("bool", false, &[1], || Func::ToBool),
    ("dyn", false, &[1], || Func::Dyn),
    ("type", false, &[1], || Func::Type),
    ("duration", false, &[1], || Func::ToDuration),
    ("timestamp", false, &[1], || Func::ToTimestamp),
    ("getFullYear", true, &[1, 2], || {
        Func::Time(time::Getter::FullYear)
    }),
    ("getMonth", true, &[1, 2], || {
        Func::Time(time::Getter::Month)
    }),
    ("getDayOfYear", true, &[1, 2], || {
        Func::Time(time::Getter::DayOfYear)
    }),
    ("getDayOfMonth", true, &[1, 2], || {
        Func::Time(time::Getter::DayOfMonth)
    }),
    ("getDate", true, &[1, 2], || Func::Time(time::Getter::Date)),
    ("getDayOfWeek", true, &[1, 2], || {
        Func::Time(time::Getter::DayOfWeek)
    }),
    ("getHours", true, &[1, 2], || {
        Func::Time(time::Getter::Hours)
    }),
    ("getMinutes", true, &[1, 2], || {
        Func::Time(time::Getter::Minutes)
    }),
    ("getSeconds", true, &[1, 2], || {
        Func::Time(time::Getter::Seconds)
    }),
    ("getMilliseconds", true, &[1, 2], || {
        Func::Time(time::Getter::Milliseconds)
    }),
    ("optional.of", false, &[1], || Func::OptionalOf),
    ("optional.none", false, &[0], || Func::OptionalNone),
    ("optional.ofNonZeroValue", false, &[1], || {
        Func::OptionalOfNonZero
    }),
    ("optional.unwrap", false, &[1], || Func::OptionalUnwrap),
    ("hasValue", true, &[1], || Func::HasValue),
    ("value", true, &[1], || Func::OptValue),
    ("or", true, &[2], || Func::Or),
    ("orValue", true, &[2], || Func::OrValue),
    ("unwrapOpt", true, &[1], || Func::UnwrapOpt),
    ("charAt", true, &[2], || Func::CharAt),
    ("indexOf", true, &[2, 3], || Func::IndexOf),
    ("lastIndexOf", true, &[2, 3], || Func::LastIndexOf),
    ("lowerAscii", true, &[1], || Func::LowerAscii),
    ("upperAscii", true, &[1], || Func::UpperAscii),
    ("replace", true, &[3, 4], || Func::Replace),
    ("split", true, &[2, 3], || Func::Split),
    ("substring", true, &[2, 3], || Func::Substring),
    ("trim", true, &[1], || Func::Trim),
    ("join", true, &[1, 2], || Func::Join),
    ("format", true, &[2], || Func::Format),
    ("strings.quote", false, &[1], || Func::Quote),
    ("slice", true, &[3], || Func::Slice),
    ("flatten", true, &[1, 2], || Func::Flatten),
    ("distinct", true, &[1], || Func::Distinct),
    ("reverse", true, &[1], || Func::Reverse),
    ("sort", true, &[1], || Func::Sort),
    ("lists.range", false, &[1], || Func::Range),
    ("first", true, &[1], || Func::First),
    ("last", true, &[1], || Func::Last),
    ("sets.contains", false, &[2], || Func::SetsContains),
    ("sets.equivalent", false, &[2], || Func::SetsEquivalent),
    ("sets.intersects", false, &[2], || Func::SetsIntersects),
    ("isSorted", true, &[1], || Func::IsSorted),
    ("sum", true, &[1], || Func::Sum),
    ("min", true, &[1], || Func::Min),
    ("max", true, &[1], || Func::Max),
    ("includes", true, &[2], || Func::Includes),
];

impl Func {
    /// The builtin for a call, by name, call style and argument count (receiver included).
    pub fn resolve(name: &str, member: bool, argc: usize) -> Option<Func> {
        TABLE
            .iter()
            .find(|(n, m, counts, _)| *n == name && *m == member && counts.contains(&argc))
            .map(|(_, _, _, make)| make())
            .or_else(|| super::library::LibFunc::resolve(name, member, argc).map(Func::Lib))
    }

    /// Whether any builtin has this name.
    pub fn exists(name: &str) -> bool {
        TABLE.iter().any(|(n, ..)| *n == name) || super::library::LibFunc::exists(name)
    }

    /// Compiles a constant regular expression argument once.
    pub fn with_constant_pattern(self, args: &[super::program::Node]) -> Result<Func, String> {
        use super::program::Node;
        let pattern = match args.get(1) {
            Some(Node::Const(Value::String(s))) => s.to_string(),
            _ => return Ok(self),
        };
        let compiled = || Regex::new(&pattern).map(Arc::new);
        Ok(match self {
            Func::Matches(None) => Func::Matches(Some(
                compiled().map_err(|e| format!("invalid matches argument: {e}"))?,
            )),
            Func::Find(None) => {
                Func::Find(Some(compiled().map_err(|e| format!("Illegal regex: {e}"))?))
            }
            Func::FindAll(None) => {
                Func::FindAll(Some(compiled().map_err(|e| format!("Illegal regex: {e}"))?))
            }
            other => other,
        })
    }
}

/// Calls a builtin that needs nothing but its arguments.
pub(crate) fn call<'a>(func: &Func, args: &[Value<'a>]) -> EvalResult<Value<'a>> {
    use Value as V;
    let overload = || Err(EvalError::no_such_overload());
    match func {
        Func::Add => add(&args[0], &args[1]),
        Func::Sub => sub(&args[0], &args[1]),
        Func::Mul => mul(&args[0], &args[1]),
        Func::Div => div(&args[0], &args[1]),
        Func::Mod => rem(&args[0], &args[1]),
        Func::Neg => match &args[0] {
            V::Int(i) => i
                .checked_neg()
                .map(V::Int)
                .ok_or_else(EvalError::int_overflow),
            V::Double(d) => Ok(V::Double(-d)),
            V::Duration(d) => Ok(V::Duration(-*d)),
            _ => overload(),
        },
        Func::Not => match &args[0] {
            V::Bool(b) => Ok(V::Bool(!b)),
            _ => overload(),
        },
        Func::Eq => Ok(V::Bool(args[0].equals(&args[1]))),
        Func::Ne => Ok(V::Bool(!args[0].equals(&args[1]))),
        Func::Lt => ordering(&args[0], &args[1], |o| o == Ordering::Less),
        Func::Le => ordering(&args[0], &args[1], |o| o != Ordering::Greater),
        Func::Gt => ordering(&args[0], &args[1], |o| o == Ordering::Greater),
        Func::Ge => ordering(&args[0], &args[1], |o| o != Ordering::Less),
        Func::In => match &args[1] {
            V::List(l) => Ok(V::Bool(l.iter().any(|x| x.equals(&args[0])))),
            V::Map(m) => Ok(V::Bool(m.contains(&args[0]))),
            _ => overload(),
        },
        Func::Index => index(&args[0], &args[1]),
        Func::OptIndex => opt_index(&args[0], &args[1]),
        Func::Size => size(&args[0]).map(V::Int),
        Func::Contains => str2(args, |a, b| V::Bool(a.contains(b))),
        Func::StartsWith => str2(args, |a, b| V::Bool(a.starts_with(b))),
        Func::EndsWith => str2(args, |a, b| V::Bool(a.ends_with(b))),
        Func::Matches(re) => regex_call(re, args, "invalid matches argument", |re, s| {
            V::Bool(re.is_match(s))
        }),
        Func::Find(re) => regex_call(re, args, "Illegal regex", |re, s| {
            V::string(re.find(s).map_or("", |m| m.as_str()))
        }),
        Func::FindAll(re) => {
            let limit = match args.get(2) {
                Some(V::Int(n)) => *n,
                Some(_) => return overload(),
                None => -1,
            };
            regex_call(re, args, "Illegal regex", |re, s| {
                let all = re.find_iter(s).map(|m| V::string(m.as_str()));
                let found: Vec<Value<'a>> = if limit < 0 {
                    all.collect()
                } else {
                    all.take(limit as usize).collect()
                };
                V::List(List::from_values(found))
            })
        }
        Func::ToInt => to_int(&args[0]),
        Func::ToUint => to_uint(&args[0]),
        Func::ToDouble => to_double(&args[0]),
        Func::ToString => to_string(&args[0]),
        Func::ToBytes => match &args[0] {
            V::Bytes(_) => Ok(args[0].clone()),
            V::String(s) => Ok(V::Bytes(Arc::from(s.as_bytes()))),
            _ => overload(),
        },
        Func::ToBool => match &args[0] {
            V::Bool(_) => Ok(args[0].clone()),
            V::String(s) => match &**s {
                "1" | "t" | "T" | "true" | "TRUE" | "True" => Ok(V::Bool(true)),
                "0" | "f" | "F" | "false" | "FALSE" | "False" => Ok(V::Bool(false)),
                other => Err(EvalError::new(format!(
                    "type conversion error from 'string' to 'bool': {other:?}"
                ))),
            },
            _ => overload(),
        },
        Func::Dyn => Ok(args[0].clone()),
        Func::Type => Ok(V::Type(args[0].type_name())),
        Func::ToDuration => match &args[0] {
            V::Duration(_) => Ok(args[0].clone()),
            V::String(s) => time::parse_duration(s).map(V::Duration),
            _ => overload(),
        },
        Func::ToTimestamp => match &args[0] {
            V::Timestamp(_) => Ok(args[0].clone()),
            V::String(s) => time::parse_timestamp(s).map(V::Timestamp),
            V::Int(secs) => time::timestamp_from_unix(*secs).map(V::Timestamp),
            _ => overload(),
        },
        Func::Time(getter) => time::get(*getter, &args[0], args.get(1)),
        Func::OptionalOf => Ok(V::Optional(Some(Arc::new(args[0].clone())))),
        Func::OptionalNone => Ok(V::Optional(None)),
        Func::OptionalOfNonZero => Ok(V::Optional(if is_zero(&args[0]) {
            None
        } else {
            Some(Arc::new(args[0].clone()))
        })),
        Func::OptionalUnwrap | Func::UnwrapOpt => match &args[0] {
            V::List(l) => {
                let mut out = Vec::new();
                for item in l.iter() {
                    match item {
                        V::Optional(Some(v)) => out.push((*v).clone()),
                        V::Optional(None) => {}
                        _ => return overload(),
                    }
                }
                Ok(V::List(List::from_values(out)))
            }
            _ => overload(),
        },
        Func::HasValue => match &args[0] {
            V::Optional(o) => Ok(V::Bool(o.is_some())),
            _ => overload(),
        },
        Func::OptValue => match &args[0] {
            V::Optional(Some(v)) => Ok((**v).clone()),
            V::Optional(None) => Err(EvalError::new("optional.none() dereference")),
            _ => overload(),
        },
        Func::Or => match (&args[0], &args[1]) {
            (V::Optional(Some(_)), _) => Ok(args[0].clone()),
            (V::Optional(None), V::Optional(_)) => Ok(args[1].clone()),
            _ => overload(),
        },
        Func::OrValue => match &args[0] {
            V::Optional(Some(v)) => Ok((**v).clone()),
            V::Optional(None) => Ok(args[1].clone()),
            _ => overload(),
        },
        Func::MapInsert => match &args[0] {
            V::Map(m) => {
                let mut entries = map_entries(m);
                entries.insert(Key::from_value(&args[1])?, args[2].clone());
                Ok(V::Map(Map::from_entries(entries)))
            }
            _ => overload(),
        },
        Func::MapInsertEntry => match (&args[0], &args[1]) {
            (V::Map(m), V::Map(add)) => {
                let mut entries = map_entries(m);
                for (k, v) in add.entries() {
                    let key = Key::from_value(&k)?;
                    if entries.contains_key(&key) {
                        return Err(EvalError::new(format!(
                            "insert failed: key {k:?} already exists",
                            k = k.display_string()
                        )));
                    }
                    entries.insert(key, v);
                }
                Ok(V::Map(Map::from_entries(entries)))
            }
            _ => overload(),
        },
        Func::CharAt => match (&args[0], &args[1]) {
            (V::String(s), V::Int(i)) => {
                let n = s.chars().count() as i64;
                if *i < 0 || *i > n {
                    return Err(EvalError::new(format!("index out of range: {i}")));
                }
                Ok(V::string(
                    s.chars()
                        .nth(*i as usize)
                        .map(String::from)
                        .unwrap_or_default(),
                ))
            }
            _ => overload(),
        },
        Func::IndexOf | Func::LastIndexOf => index_of(func, args),
        Func::LowerAscii => str1(args, |s| V::string(s.to_ascii_lowercase())),
        Func::UpperAscii => str1(args, |s| V::string(s.to_ascii_uppercase())),
        Func::Replace => match (&args[0], &args[1], &args[2], args.get(3)) {
            (V::String(s), V::String(from), V::String(to), n) => {
                let n = match n {
                    None => -1,
                    Some(V::Int(n)) => *n,
                    Some(_) => return overload(),
                };
                Ok(V::string(replace_n(s, from, to, n)))
            }
            _ => overload(),
        },
        Func::Split => match (&args[0], &args[1], args.get(2)) {
            (V::String(s), V::String(sep), n) => {
                let n = match n {
                    None => -1,
                    Some(V::Int(n)) => *n,
                    Some(_) => return overload(),
                };
                Ok(V::List(List::from_values(
                    split_n(s, sep, n).into_iter().map(V::string).collect(),
                )))
            }
            _ => overload(),
        },
        Func::Substring => substring(args),
        Func::Trim => str1(args, |s| V::string(s.trim())),
        Func::Join => match (&args[0], args.get(1)) {
            (V::List(l), sep) => {
                let sep = match sep {
                    None => String::new(),
                    Some(V::String(s)) => s.to_string(),
                    Some(_) => return overload(),
                };
                let mut parts = Vec::with_capacity(l.len());
                for item in l.iter() {
                    match item {
                        V::String(s) => parts.push(s.to_string()),
                        _ => return overload(),
                    }
                }
                Ok(V::string(parts.join(&sep)))
            }
            _ => overload(),
        },
        Func::Format => match (&args[0], &args[1]) {
            (V::String(f), V::List(l)) => super::format::format(f, &l.to_vec()).map(V::string),
            _ => overload(),
        },
        Func::Quote => str1(args, |s| V::string(quote(s))),
        Func::Slice => match (&args[0], &args[1], &args[2]) {
            (V::List(l), V::Int(start), V::Int(end)) => {
                if *start < 0 || *end < 0 {
                    return Err(EvalError::new(format!(
                        "cannot slice({start}, {end}), negative indexes not supported"
                    )));
                }
                if start > end {
                    return Err(EvalError::new(format!("cannot slice({start}, {end}), start index must be less than or equal to end index")));
                }
                if *end as usize > l.len() {
                    return Err(EvalError::new(format!(
                        "cannot slice({start}, {end}), list is length {}",
                        l.len()
                    )));
                }
                Ok(V::List(List::from_values(
                    l.iter()
                        .skip(*start as usize)
                        .take((*end - *start) as usize)
                        .collect(),
                )))
            }
            _ => overload(),
        },
        Func::Flatten => match (&args[0], args.get(1)) {
            (V::List(l), depth) => {
                let depth = match depth {
                    None => 1,
                    Some(V::Int(d)) if *d < 0 => {
                        return Err(EvalError::new("level must be non-negative"))
                    }
                    Some(V::Int(d)) => *d,
                    Some(_) => return overload(),
                };
                let mut out = Vec::new();
                flatten(l, depth, &mut out);
                Ok(V::List(List::from_values(out)))
            }
            _ => overload(),
        },
        Func::Distinct => match &args[0] {
            V::List(l) => {
                let mut out: Vec<Value<'a>> = Vec::new();
                for item in l.iter() {
                    if !out.iter().any(|o| o.equals(&item)) {
                        out.push(item);
                    }
                }
                Ok(V::List(List::from_values(out)))
            }
            _ => overload(),
        },
        Func::Reverse => match &args[0] {
            V::List(l) => {
                let mut items = l.to_vec();
                items.reverse();
                Ok(V::List(List::from_values(items)))
            }
            _ => overload(),
        },
        Func::Sort => match &args[0] {
            V::List(l) => sort_values(l.to_vec()).map(|v| V::List(List::from_values(v))),
            _ => overload(),
        },
        Func::Range => match &args[0] {
            V::Int(n) => Ok(V::List(List::from_values(
                (0..(*n).max(0)).map(V::Int).collect(),
            ))),
            _ => overload(),
        },
        Func::First | Func::Last => match &args[0] {
            V::List(l) => {
                let item = if matches!(func, Func::First) {
                    l.get(0)
                } else {
                    l.len().checked_sub(1).and_then(|i| l.get(i))
                };
                Ok(V::Optional(item.map(Arc::new)))
            }
            _ => overload(),
        },
        Func::SetsContains => lists2(args, |a, b| b.iter().all(|x| a.iter().any(|y| y.equals(x)))),
        Func::SetsEquivalent => lists2(args, |a, b| {
            b.iter().all(|x| a.iter().any(|y| y.equals(x)))
                && a.iter().all(|x| b.iter().any(|y| y.equals(x)))
        }),
        Func::SetsIntersects => {
            lists2(args, |a, b| a.iter().any(|x| b.iter().any(|y| y.equals(x))))
        }
        Func::IsSorted => match &args[0] {
            V::List(l) => {
                let items = l.to_vec();
                for pair in items.windows(2) {
                    if pair[0].compare(&pair[1])? == Ordering::Greater {
                        return Ok(V::Bool(false));
                    }
                }
                Ok(V::Bool(true))
            }
            _ => overload(),
        },
        Func::Sum => match &args[0] {
            V::List(l) => {
                let mut items = l.iter();
                let Some(mut total) = items.next() else {
                    // The zero of the element type: from the list's schema when it has one.
                    return Ok(match l {
                        List::Typed(_, decl, _)
                        | List::Native(_, decl, _)
                        | List::Shared(_, decl, _) => match decl.kind {
                            super::decl::DeclKind::Double => V::Double(0.0),
                            super::decl::DeclKind::Duration => {
                                V::Duration(chrono::TimeDelta::zero())
                            }
                            _ => V::Int(0),
                        },
                        _ => V::Int(0),
                    });
                };
                for item in items {
                    total = add(&total, &item)?;
                }
                Ok(total)
            }
            _ => overload(),
        },
        Func::Min | Func::Max => match &args[0] {
            V::List(l) => {
                let name = if matches!(func, Func::Min) {
                    "min"
                } else {
                    "max"
                };
                let mut items = l.iter();
                let Some(mut best) = items.next() else {
                    return Err(EvalError::new(format!("{name} called on empty list")));
                };
                for item in items {
                    let ord = item.compare(&best)?;
                    let better = if matches!(func, Func::Min) {
                        ord == Ordering::Less
                    } else {
                        ord == Ordering::Greater
                    };
                    if better {
                        best = item;
                    }
                }
                Ok(best)
            }
            _ => overload(),
        },
        Func::Includes => match &args[0] {
            V::List(l) => Ok(V::Bool(l.iter().any(|x| x.equals(&args[1])))),
            other => Ok(V::Bool(other.equals(&args[1]))),
        },
        Func::Lib(f) => f.call(args),
        Func::Math(f) => f.call(args),
        Func::OptMap(_) | Func::OptFlatMap(_) | Func::SortBy(_) | Func::Unresolved => Err(
            EvalError::new("internal error: special form evaluated as a call"),
        ),
    }
}

fn ordering<'a>(a: &Value<'a>, b: &Value<'a>, test: fn(Ordering) -> bool) -> EvalResult<Value<'a>> {
    match a.compare(b) {
        Ok(o) => Ok(Value::Bool(test(o))),
        Err(e) if e.message == "NaN" => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn str1<'a>(args: &[Value<'a>], f: impl FnOnce(&str) -> Value<'a>) -> EvalResult<Value<'a>> {
    match &args[0] {
        Value::String(s) => Ok(f(s)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn str2<'a>(args: &[Value<'a>], f: impl FnOnce(&str, &str) -> Value<'a>) -> EvalResult<Value<'a>> {
    match (&args[0], &args[1]) {
        (Value::String(a), Value::String(b)) => Ok(f(a, b)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn lists2<'a>(
    args: &[Value<'a>],
    f: impl FnOnce(&[Value<'a>], &[Value<'a>]) -> bool,
) -> EvalResult<Value<'a>> {
    match (&args[0], &args[1]) {
        (Value::List(a), Value::List(b)) => Ok(Value::Bool(f(&a.to_vec(), &b.to_vec()))),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn regex_call<'a>(
    compiled: &Option<Arc<Regex>>,
    args: &[Value<'a>],
    error_prefix: &str,
    f: impl FnOnce(&Regex, &str) -> Value<'a>,
) -> EvalResult<Value<'a>> {
    let (Value::String(s), Value::String(pattern)) = (&args[0], &args[1]) else {
        return Err(EvalError::no_such_overload());
    };
    match compiled {
        Some(re) => Ok(f(re, s)),
        None => {
            let re =
                Regex::new(pattern).map_err(|e| EvalError::new(format!("{error_prefix}: {e}")))?;
            Ok(f(&re, s))
        }
    }
}

fn map_entries<'a>(m: &Map<'a>) -> IndexMap<Key<'a>, Value<'a>> {
    match m {
        Map::Entries(e) => (**e).clone(),
        Map::Json(_) | Map::Typed(..) | Map::Native(..) | Map::Shared(..) => m
            .entries()
            .into_iter()
            .filter_map(|(k, v)| Key::from_value(&k).ok().map(|k| (k, v)))
            .collect(),
    }
}

pub(crate) fn size(v: &Value<'_>) -> EvalResult<i64> {
    match v {
        Value::String(s) => Ok(s.chars().count() as i64),
        Value::Bytes(b) => Ok(b.len() as i64),
        Value::List(l) => Ok(l.len() as i64),
        Value::Map(m) => Ok(m.len() as i64),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn add<'a>(a: &Value<'a>, b: &Value<'a>) -> EvalResult<Value<'a>> {
    use Value as V;
    match (a, b) {
        (V::Int(x), V::Int(y)) => x
            .checked_add(*y)
            .map(V::Int)
            .ok_or_else(EvalError::int_overflow),
        (V::Uint(x), V::Uint(y)) => x
            .checked_add(*y)
            .map(V::Uint)
            .ok_or_else(EvalError::uint_overflow),
        (V::Double(x), V::Double(y)) => Ok(V::Double(x + y)),
        (V::String(x), V::String(y)) => Ok(V::string(format!("{}{}", &**x, &**y))),
        (V::Bytes(x), V::Bytes(y)) => Ok(V::Bytes(x.iter().chain(y.iter()).copied().collect())),
        (V::List(x), V::List(y)) => {
            let mut items = x.to_vec();
            match x.semantics() {
                // A set on the left: a union, its own order first.
                ListSemantics::Set => {
                    for item in y.iter() {
                        if !items.iter().any(|i| i.equals(&item)) {
                            items.push(item);
                        }
                    }
                }
                // A map list on the left: items of the right replace those with the same keys
                // in place; new keys are appended.
                ListSemantics::Map(keys) => {
                    for item in y.iter() {
                        let key = list_map_key(&item, keys);
                        match items
                            .iter()
                            .position(|i| key.is_some() && list_map_key(i, keys) == key)
                        {
                            Some(at) => items[at] = item,
                            None => items.push(item),
                        }
                    }
                }
                ListSemantics::Atomic => items.extend(y.iter()),
            }
            Ok(V::List(List::from_values(items)))
        }
        (V::Timestamp(t), V::Duration(d)) | (V::Duration(d), V::Timestamp(t)) => {
            time::add(t, d).map(V::Timestamp)
        }
        (V::Duration(x), V::Duration(y)) => {
            time::checked_duration(x.checked_add(y)).map(V::Duration)
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

/// The key tuple of a map-list item (`None` when a key is missing).
fn list_map_key(item: &Value<'_>, keys: &[String]) -> Option<Vec<serde_json::Value>> {
    keys.iter()
        .map(|k| match item {
            Value::Object(o) => o.get_json(k).map(|v| v.to_json()),
            Value::Map(m) => m.get_str(k).map(|v| v.to_json()),
            _ => None,
        })
        .collect()
}

fn sub<'a>(a: &Value<'a>, b: &Value<'a>) -> EvalResult<Value<'a>> {
    use Value as V;
    match (a, b) {
        (V::Int(x), V::Int(y)) => x
            .checked_sub(*y)
            .map(V::Int)
            .ok_or_else(EvalError::int_overflow),
        (V::Uint(x), V::Uint(y)) => x
            .checked_sub(*y)
            .map(V::Uint)
            .ok_or_else(EvalError::uint_overflow),
        (V::Double(x), V::Double(y)) => Ok(V::Double(x - y)),
        (V::Timestamp(t), V::Duration(d)) => time::add(t, &-*d).map(V::Timestamp),
        (V::Timestamp(x), V::Timestamp(y)) => {
            time::checked_duration(Some(x.signed_duration_since(*y))).map(V::Duration)
        }
        (V::Duration(x), V::Duration(y)) => {
            time::checked_duration(x.checked_sub(y)).map(V::Duration)
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

fn mul<'a>(a: &Value<'a>, b: &Value<'a>) -> EvalResult<Value<'a>> {
    use Value as V;
    match (a, b) {
        (V::Int(x), V::Int(y)) => x
            .checked_mul(*y)
            .map(V::Int)
            .ok_or_else(EvalError::int_overflow),
        (V::Uint(x), V::Uint(y)) => x
            .checked_mul(*y)
            .map(V::Uint)
            .ok_or_else(EvalError::uint_overflow),
        (V::Double(x), V::Double(y)) => Ok(V::Double(x * y)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn div<'a>(a: &Value<'a>, b: &Value<'a>) -> EvalResult<Value<'a>> {
    use Value as V;
    match (a, b) {
        (V::Int(_), V::Int(0)) | (V::Uint(_), V::Uint(0)) => Err(EvalError::division_by_zero()),
        (V::Int(x), V::Int(y)) => x
            .checked_div(*y)
            .map(V::Int)
            .ok_or_else(EvalError::int_overflow),
        (V::Uint(x), V::Uint(y)) => Ok(V::Uint(x / y)),
        (V::Double(x), V::Double(y)) => Ok(V::Double(x / y)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn rem<'a>(a: &Value<'a>, b: &Value<'a>) -> EvalResult<Value<'a>> {
    use Value as V;
    match (a, b) {
        (V::Int(_), V::Int(0)) | (V::Uint(_), V::Uint(0)) => Err(EvalError::modulus_by_zero()),
        (V::Int(x), V::Int(y)) => x
            .checked_rem(*y)
            .map(V::Int)
            .ok_or_else(EvalError::int_overflow),
        (V::Uint(x), V::Uint(y)) => Ok(V::Uint(x % y)),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn index<'a>(container: &Value<'a>, key: &Value<'a>) -> EvalResult<Value<'a>> {
    match container {
        Value::Optional(_) => opt_index(container, key),
        Value::List(l) => {
            let i = list_index(key)?;
            if i < 0 || i as usize >= l.len() {
                return Err(EvalError::index_out_of_bounds(i));
            }
            Ok(l.get(i as usize).expect("checked bounds"))
        }
        Value::Map(m) => {
            if !matches!(
                key,
                Value::String(_)
                    | Value::Int(_)
                    | Value::Uint(_)
                    | Value::Bool(_)
                    | Value::Double(_)
            ) {
                return Err(EvalError::no_such_overload());
            }
            m.get(key)
                .ok_or_else(|| EvalError::no_such_key(key.display_string()))
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

/// A list index: an int, a uint, or a double with no fraction.
fn list_index(key: &Value<'_>) -> EvalResult<i64> {
    match key {
        Value::Int(i) => Ok(*i),
        Value::Uint(u) => i64::try_from(*u).map_err(|_| EvalError::index_out_of_bounds(u)),
        Value::Double(d) if d.fract() == 0.0 && d.is_finite() => Ok(*d as i64),
        Value::Double(d) => Err(EvalError::new(format!(
            "unsupported index value {}",
            format_double(*d)
        ))),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn opt_index<'a>(container: &Value<'a>, key: &Value<'a>) -> EvalResult<Value<'a>> {
    match container {
        Value::Optional(None) => Ok(Value::Optional(None)),
        Value::Optional(Some(inner)) => opt_index(inner, key),
        Value::List(l) => {
            let i = list_index(key)?;
            Ok(Value::Optional(if i < 0 {
                None
            } else {
                l.get(i as usize).map(Arc::new)
            }))
        }
        Value::Map(m) => Ok(Value::Optional(m.get(key).map(Arc::new))),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn to_int<'a>(v: &Value<'a>) -> EvalResult<Value<'a>> {
    match v {
        Value::Int(_) => Ok(v.clone()),
        Value::Uint(u) => i64::try_from(*u)
            .map(Value::Int)
            .map_err(|_| EvalError::int_overflow()),
        Value::Double(d) => {
            if d.is_nan() || *d <= -9.223_372_036_854_776e18 || *d >= 9.223_372_036_854_776e18 {
                return Err(EvalError::int_overflow());
            }
            Ok(Value::Int(d.trunc() as i64))
        }
        Value::String(s) => s
            .parse::<i64>()
            .map(Value::Int)
            .map_err(|_| EvalError::new(format!("cannot convert string {:?} to int", &**s))),
        Value::Timestamp(t) => Ok(Value::Int(t.timestamp())),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn to_uint<'a>(v: &Value<'a>) -> EvalResult<Value<'a>> {
    match v {
        Value::Uint(_) => Ok(v.clone()),
        Value::Int(i) => u64::try_from(*i)
            .map(Value::Uint)
            .map_err(|_| EvalError::uint_overflow()),
        Value::Double(d) => {
            if d.is_nan() || *d < 0.0 || *d >= 1.844_674_407_370_955_2e19 {
                return Err(EvalError::uint_overflow());
            }
            Ok(Value::Uint(d.trunc() as u64))
        }
        Value::String(s) => s
            .parse::<u64>()
            .map(Value::Uint)
            .map_err(|_| EvalError::new(format!("cannot convert string {:?} to uint", &**s))),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn to_double<'a>(v: &Value<'a>) -> EvalResult<Value<'a>> {
    match v {
        Value::Double(_) => Ok(v.clone()),
        Value::Int(i) => Ok(Value::Double(*i as f64)),
        Value::Uint(u) => Ok(Value::Double(*u as f64)),
        Value::String(s) => parse_go_float(s)
            .map(Value::Double)
            .ok_or_else(|| EvalError::new(format!("cannot convert string {:?} to double", &**s))),
        _ => Err(EvalError::no_such_overload()),
    }
}

/// Go's `strconv.ParseFloat` spellings, including `Inf`, `+Infinity` and `NaN` in any case.
fn parse_go_float(s: &str) -> Option<f64> {
    let lower = s.to_ascii_lowercase();
    let body = lower.trim_start_matches(['+', '-']);
    if matches!(body, "inf" | "infinity" | "nan") {
        let negative = lower.starts_with('-');
        return Some(match body {
            "nan" => f64::NAN,
            _ if negative => f64::NEG_INFINITY,
            _ => f64::INFINITY,
        });
    }
    s.replace('_', "").parse().ok()
}

fn to_string<'a>(v: &Value<'a>) -> EvalResult<Value<'a>> {
    match v {
        Value::String(_) => Ok(v.clone()),
        Value::Int(i) => Ok(Value::string(i.to_string())),
        Value::Uint(u) => Ok(Value::string(u.to_string())),
        Value::Double(d) => Ok(Value::string(format_double(*d))),
        Value::Bool(b) => Ok(Value::string(b.to_string())),
        Value::Bytes(b) => std::str::from_utf8(b)
            .map(Value::string)
            .map_err(|_| EvalError::new("invalid UTF-8 in bytes, cannot convert to string")),
        Value::Timestamp(t) => Ok(Value::string(format_timestamp(t))),
        Value::Duration(d) => Ok(Value::string(format_duration(d))),
        Value::Type(TypeName(t)) => Ok(Value::string(&**t)),
        Value::Opaque(o) => o
            .to_cel_string()
            .map(Value::string)
            .ok_or_else(EvalError::no_such_overload),
        _ => Err(EvalError::no_such_overload()),
    }
}

/// The zero value test of `optional.ofNonZeroValue`.
fn is_zero(v: &Value<'_>) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Int(i) => *i == 0,
        Value::Uint(u) => *u == 0,
        Value::Double(d) => *d == 0.0,
        Value::String(s) => s.is_empty(),
        Value::Bytes(b) => b.is_empty(),
        Value::List(l) => l.is_empty(),
        Value::Map(m) => m.is_empty(),
        Value::Duration(d) => d.is_zero(),
        Value::Timestamp(t) => t.timestamp() == 0 && t.timestamp_subsec_nanos() == 0,
        Value::Optional(o) => o.is_none(),
        _ => false,
    }
}

fn index_of<'a>(func: &Func, args: &[Value<'a>]) -> EvalResult<Value<'a>> {
    let last = matches!(func, Func::LastIndexOf);
    match (&args[0], &args[1]) {
        (Value::List(l), item) if args.len() == 2 => {
            let items = l.to_vec();
            let found = if last {
                items.iter().rposition(|x| x.equals(item))
            } else {
                items.iter().position(|x| x.equals(item))
            };
            Ok(Value::Int(found.map_or(-1, |i| i as i64)))
        }
        (Value::String(s), Value::String(sub)) => {
            let chars: Vec<char> = s.chars().collect();
            let needle: Vec<char> = sub.chars().collect();
            let n = chars.len() as i64;
            let start = match args.get(2) {
                None => {
                    if last {
                        n
                    } else {
                        0
                    }
                }
                Some(Value::Int(i)) => *i,
                Some(_) => return Err(EvalError::no_such_overload()),
            };
            if start < 0 || start > n {
                return Err(EvalError::new(format!("index out of range: {start}")));
            }
            let matches_at = |i: usize| {
                i + needle.len() <= chars.len() && chars[i..i + needle.len()] == needle[..]
            };
            let found = if last {
                let from = (start as usize).min(chars.len().saturating_sub(needle.len()));
                if needle.len() > chars.len() {
                    None
                } else {
                    (0..=from).rev().find(|&i| matches_at(i))
                }
            } else {
                (start as usize..=chars.len()).find(|&i| matches_at(i))
            };
            Ok(Value::Int(found.map_or(-1, |i| i as i64)))
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

fn substring<'a>(args: &[Value<'a>]) -> EvalResult<Value<'a>> {
    let Value::String(s) = &args[0] else {
        return Err(EvalError::no_such_overload());
    };
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len() as i64;
    let start = match &args[1] {
        Value::Int(i) => *i,
        _ => return Err(EvalError::no_such_overload()),
    };
    let end = match args.get(2) {
        None => n,
        Some(Value::Int(i)) => *i,
        Some(_) => return Err(EvalError::no_such_overload()),
    };
    if start < 0 || start > n {
        return Err(EvalError::new(format!("index out of range: {start}")));
    }
    if end < 0 || end > n {
        return Err(EvalError::new(format!("index out of range: {end}")));
    }
    if start > end {
        return Err(EvalError::new(format!(
            "invalid substring range. start: {start}, end: {end}"
        )));
    }
    Ok(Value::string(
        chars[start as usize..end as usize]
            .iter()
            .collect::<String>(),
    ))
}

/// Go's `strings.Replace(s, old, new, n)` (n < 0: all).
fn replace_n(s: &str, from: &str, to: &str, n: i64) -> String {
    if n < 0 {
        return s.replace(from, to);
    }
    s.replacen(from, to, n as usize)
}

/// Go's `strings.SplitN(s, sep, n)`: n == 0 gives nothing, n < 0 everything.
fn split_n(s: &str, sep: &str, n: i64) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    if sep.is_empty() {
        let chars: Vec<String> = s.chars().map(String::from).collect();
        if n < 0 || n as usize >= chars.len() {
            return chars;
        }
        let mut out: Vec<String> = chars[..n as usize - 1].to_vec();
        out.push(chars[n as usize - 1..].concat());
        return out;
    }
    if n < 0 {
        return s.split(sep).map(str::to_string).collect();
    }
    s.splitn(n as usize, sep).map(str::to_string).collect()
}

fn flatten<'a>(l: &List<'a>, depth: i64, out: &mut Vec<Value<'a>>) {
    for item in l.iter() {
        match item {
            Value::List(inner) if depth > 0 => flatten(&inner, depth - 1, out),
            other => out.push(other),
        }
    }
}

/// Sorts values of one comparable type.
pub(crate) fn sort_values<'a>(mut items: Vec<Value<'a>>) -> EvalResult<Vec<Value<'a>>> {
    if let Some(first) = items.first() {
        let kind = std::mem::discriminant(first);
        if items.iter().any(|v| std::mem::discriminant(v) != kind) {
            return Err(EvalError::new("list elements must have the same type"));
        }
        first.compare(first)?;
    }
    let mut error = None;
    items.sort_by(|a, b| {
        a.compare(b).unwrap_or_else(|e| {
            error.get_or_insert(e);
            Ordering::Equal
        })
    });
    match error {
        Some(e) if e.message != "NaN" => Err(e),
        _ => Ok(items),
    }
}

/// cel-go's `strings.quote`: a double-quoted string with escapes.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
