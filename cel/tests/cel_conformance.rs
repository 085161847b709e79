//! The CEL specification's conformance cases (google/cel-spec `tests/simple/testdata`, as kept in
//! `../shared/conformance/cel-spec`), run through kubeidl's CEL engine. Prints passed, failed and
//! skipped per file and in total; every skip says why. Set `KUBEIDL_CEL_SPEC` to read the files
//! elsewhere, and `KUBEIDL_CEL_SPEC_VERBOSE=1` to list each failure.

mod support;

use chrono::{TimeDelta, TimeZone, Utc};
use indexmap::IndexMap;
use kubeidl_cel::value::{Key, List, Map, TypeName};
use kubeidl_cel::{CelType, CheckOptions, Program, Value, PER_CALL_LIMIT};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use support::textproto::{self, Field, Message};

/// The share of the runnable cases that must pass (a floor against regressions; the goal is 95%).
const REQUIRED_PASS_RATE: f64 = 0.99;

fn spec_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("KUBEIDL_CEL_SPEC") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/cel-spec"),
    };
    dir.is_dir().then_some(dir)
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: BTreeMap<String, usize>,
}

enum Outcome {
    Pass,
    Fail(String),
    Skip(&'static str),
}

#[test]
fn cel_spec_conformance() {
    let Some(dir) = spec_dir() else {
        eprintln!("skipped: no cel-spec conformance files; set KUBEIDL_CEL_SPEC");
        return;
    };
    let verbose = std::env::var_os("KUBEIDL_CEL_SPEC_VERBOSE").is_some();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "textproto"))
        .collect();
    files.sort();
    let mut total = Tally::default();
    println!(
        "{:<22} {:>6} {:>6} {:>7}",
        "file", "passed", "failed", "skipped"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let suite = textproto::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut tally = Tally::default();
        for section in suite.all("section") {
            let Field::Message(section) = section else {
                continue;
            };
            for test in section.all("test") {
                let Field::Message(test) = test else { continue };
                let section_name = section.string("name").unwrap_or_default();
                if std::env::var_os("KUBEIDL_CEL_SPEC_TRACE").is_some() {
                    eprintln!("{section_name}/{}", test.string("name").unwrap_or_default());
                }
                let outcome = run(&section_name, test);
                match outcome {
                    Outcome::Pass => tally.passed += 1,
                    Outcome::Fail(why) => {
                        tally.failed += 1;
                        if verbose {
                            println!(
                                "  FAIL {}/{}: {}\n       {why}",
                                section.string("name").unwrap_or_default(),
                                test.string("name").unwrap_or_default(),
                                test.string("expr").unwrap_or_default()
                            );
                        }
                    }
                    Outcome::Skip(why) => *tally.skipped.entry(why.to_string()).or_default() += 1,
                }
            }
        }
        let skipped: usize = tally.skipped.values().sum();
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        println!(
            "{name:<22} {:>6} {:>6} {:>7}",
            tally.passed, tally.failed, skipped
        );
        total.passed += tally.passed;
        total.failed += tally.failed;
        for (why, n) in tally.skipped {
            *total.skipped.entry(why).or_default() += n;
        }
    }
    let skipped: usize = total.skipped.values().sum();
    println!(
        "{:<22} {:>6} {:>6} {:>7}",
        "total", total.passed, total.failed, skipped
    );
    for (why, n) in &total.skipped {
        println!("  skipped {n:>4}: {why}");
    }
    let rate = total.passed as f64 / (total.passed + total.failed).max(1) as f64;
    println!("pass rate of the runnable cases: {:.1}%", rate * 100.0);
    assert!(
        rate >= REQUIRED_PASS_RATE,
        "pass rate {rate:.3} fell below {REQUIRED_PASS_RATE}"
    );
}

/// Cases where Kubernetes' CEL environment deliberately differs from the specification's, by
/// `section/test` name prefix, with the reason.
const KUBERNETES_DIFFERS: &[(&str, &str)] = &[
    (
        "reverse/",
        "strings reverse() is strings v3, not in Kubernetes (strings v2)",
    ),
    (
        "format/list support for string",
        "Kubernetes formats with the strings v1 formatter (quotes strings in lists and maps)",
    ),
    (
        "format/map support",
        "Kubernetes formats with the strings v1 formatter (quotes strings in lists and maps)",
    ),
    (
        "format/dyntype support for",
        "Kubernetes formats with the strings v1 formatter (quotes strings in lists and maps)",
    ),
    (
        "format/dyntype NaN/infinity support",
        "Kubernetes formats with the strings v1 formatter (quotes strings in lists and maps)",
    ),
    (
        "format/NaN support for decimal",
        "Kubernetes formats with the strings v1 formatter (%d takes integers only)",
    ),
    (
        "format/positive infinity support for decimal",
        "Kubernetes formats with the strings v1 formatter (%d takes integers only)",
    ),
    (
        "format/negative infinity support for decimal",
        "Kubernetes formats with the strings v1 formatter (%d takes integers only)",
    ),
];

/// The checker options of the specification's environment.
const SPEC_ENVIRONMENT: CheckOptions = CheckOptions {
    homogeneous_literals: false,
    spec_extensions: true,
    libraries: kubeidl_cel::ExtraLibraries::NONE,
};

fn run(section: &str, test: &Message) -> Outcome {
    let expr = test.string("expr").unwrap_or_default();
    let name = format!("{}/{}", section, test.string("name").unwrap_or_default());
    if let Some(why) = KUBERNETES_DIFFERS
        .iter()
        .find(|(n, _)| name.starts_with(n))
        .map(|(_, why)| *why)
    {
        return Outcome::Skip(why);
    }
    if expr.contains("google.protobuf.")
        && !expr.contains("google.protobuf.Timestamp")
        && !expr.contains("google.protobuf.Duration")
        || expr.contains("TestAllTypes")
        || expr.contains("cel.expr.conformance")
        || expr.contains("NestedTestAllTypes")
    {
        return Outcome::Skip("needs protobuf message types");
    }
    let declares = |what: &str| {
        test.all("type_env").any(|d| match d {
            Field::Message(d) => contains_field(d, what),
            _ => false,
        })
    };
    if declares("message_type") {
        return Outcome::Skip("needs protobuf message types");
    }
    if declares("function") {
        return Outcome::Skip("declares functions of its own (Kubernetes' environment is fixed)");
    }
    if test.flag("disable_macros") {
        return Outcome::Skip("runs without macros (Kubernetes always has them)");
    }
    if test.get("container").is_some() {
        return Outcome::Skip("needs a container (namespaces are not used by Kubernetes)");
    }
    if test.get("unknown").is_some() || test.get("any_unknowns").is_some() {
        return Outcome::Skip("asserts unknown values (not part of Kubernetes CEL)");
    }
    let mut names: Vec<String> = Vec::new();
    let mut values: Vec<Value<'static>> = Vec::new();
    for binding in test.all("bindings") {
        let Field::Message(b) = binding else { continue };
        let key = b.string("key").unwrap_or_default();
        let Some(v) = b.message("value").and_then(|v| v.message("value")) else {
            return Outcome::Skip("binds a value that is not a plain value");
        };
        match to_value(v) {
            Ok(v) => {
                names.push(key);
                values.push(v);
            }
            Err(why) => return Outcome::Skip(why),
        }
    }
    for decl in test.all("type_env") {
        let Field::Message(d) = decl else { continue };
        if let Some(name) = d.string("name") {
            if d.get("ident").is_some() && !names.contains(&name) {
                names.push(name);
                values.push(Value::Null);
            }
        }
    }
    let typed_result = test.message("typed_result");
    let expected_type = match typed_result.and_then(|t| t.message("deduced_type")) {
        Some(t) => match checked_type(t) {
            Some(t) => Some(t),
            None => return Outcome::Skip("asserts a protobuf message type"),
        },
        None => None,
    };
    let expected_value = typed_result
        .and_then(|t| t.message("result"))
        .or_else(|| test.message("value"));
    let expected = if let Some(v) = expected_value {
        match to_value(v) {
            Ok(v) => Expected::Value(v),
            Err(why) => return Outcome::Skip(why),
        }
    } else if test.get("eval_error").is_some() || test.get("any_eval_errors").is_some() {
        Expected::Error
    } else {
        Expected::Value(Value::Bool(true))
    };
    let declared: Vec<&str> = names.iter().map(String::as_str).collect();
    let compiled = if test.flag("disable_check") {
        Program::compile_with(&expr, &declared, false)
    } else {
        let typed: Vec<(&str, CelType)> = names
            .iter()
            .zip(&values)
            .map(|(n, v)| {
                (
                    n.as_str(),
                    declared_type(test, n).unwrap_or_else(|| type_of(v)),
                )
            })
            .collect();
        // The specification's environment: mixed-type literals, and its math and base64
        // extensions; Kubernetes' has neither.
        Program::compile_checked(&expr, &typed, SPEC_ENVIRONMENT)
    };
    let program = match compiled {
        Ok(p) if expected_type.as_ref().is_some_and(|t| p.result_type() != t) => {
            return Outcome::Fail(format!(
                "checked type {}, expected {}",
                p.result_type(),
                expected_type.unwrap()
            ));
        }
        Ok(_) if test.flag("check_only") => return Outcome::Pass,
        Ok(p) => p,
        Err(e) => {
            return match expected {
                Expected::Error => Outcome::Pass,
                Expected::Value(_) => Outcome::Fail(format!("compile error: {e}")),
            }
        }
    };
    let out = program.evaluate(&values, PER_CALL_LIMIT);
    match (expected, out.result) {
        (Expected::Error, Err(_)) => Outcome::Pass,
        (Expected::Error, Ok(v)) => {
            Outcome::Fail(format!("expected an error, got {}", v.to_json()))
        }
        (Expected::Value(_), Err(e)) => Outcome::Fail(format!("error: {e}")),
        (Expected::Value(want), Ok(got)) => {
            if strict_equal(&want, &got) {
                Outcome::Pass
            } else {
                Outcome::Fail(format!("expected {want:?}, got {got:?}"))
            }
        }
    }
}

/// Whether a message has a field of this name anywhere inside it.
fn contains_field(m: &Message, name: &str) -> bool {
    m.fields.iter().any(|(n, f)| {
        n == name
            || match f {
                Field::Message(inner) => contains_field(inner, name),
                _ => false,
            }
    })
}

/// A checked type as a conformance file writes it, when the runner knows it.
fn checked_type(t: &Message) -> Option<CelType> {
    if t.get("message_type").is_some()
        || t.get("wrapper").is_some()
        || t.get("type_param").is_some()
    {
        return None;
    }
    if t.get("dyn").is_some() {
        return Some(CelType::Dyn);
    }
    if t.get("null").is_some() {
        return Some(CelType::Null);
    }
    if t.get("type").is_some() {
        return Some(CelType::Type);
    }
    match t.string("well_known").as_deref() {
        Some("TIMESTAMP") => return Some(CelType::Timestamp),
        Some("DURATION") => return Some(CelType::Duration),
        Some(_) => return None,
        None => {}
    }
    if let Some(a) = t.message("abstract_type") {
        if a.string("name").as_deref() == Some("optional_type") {
            let inner = a
                .message("parameter_types")
                .map_or(Some(CelType::Dyn), checked_type)?;
            return Some(CelType::Optional(Box::new(inner)));
        }
        return None;
    }
    if let Some(l) = t.message("list_type") {
        return Some(CelType::List(Box::new(
            l.message("elem_type")
                .map_or(Some(CelType::Dyn), checked_type)?,
        )));
    }
    if let Some(m) = t.message("map_type") {
        return Some(CelType::Map(
            Box::new(
                m.message("key_type")
                    .map_or(Some(CelType::Dyn), checked_type)?,
            ),
            Box::new(
                m.message("value_type")
                    .map_or(Some(CelType::Dyn), checked_type)?,
            ),
        ));
    }
    t.string("primitive").is_some().then(|| proto_type(t))
}

/// The type a `type_env` declaration gives a variable, for the types the runner knows.
fn declared_type(test: &Message, name: &str) -> Option<CelType> {
    for decl in test.all("type_env") {
        let Field::Message(d) = decl else { continue };
        if d.string("name").as_deref() != Some(name) {
            continue;
        }
        return d
            .message("ident")
            .and_then(|i| i.message("type"))
            .map(proto_type);
    }
    None
}

fn proto_type(t: &Message) -> CelType {
    match t.string("primitive").as_deref() {
        Some("BOOL") => return CelType::Bool,
        Some("INT64") => return CelType::Int,
        Some("UINT64") => return CelType::Uint,
        Some("DOUBLE") => return CelType::Double,
        Some("STRING") => return CelType::String,
        Some("BYTES") => return CelType::Bytes,
        _ => {}
    }
    if let Some(l) = t.message("list_type") {
        return CelType::List(Box::new(
            l.message("elem_type").map_or(CelType::Dyn, proto_type),
        ));
    }
    if let Some(m) = t.message("map_type") {
        return CelType::Map(
            Box::new(m.message("key_type").map_or(CelType::Dyn, proto_type)),
            Box::new(m.message("value_type").map_or(CelType::Dyn, proto_type)),
        );
    }
    if t.get("null").is_some() {
        return CelType::Null;
    }
    CelType::Dyn
}

/// The type of a bound value (lists and maps as `dyn` elements: bindings are not declarations).
fn type_of(v: &Value<'_>) -> CelType {
    match v {
        Value::Bool(_) => CelType::Bool,
        Value::Int(_) => CelType::Int,
        Value::Uint(_) => CelType::Uint,
        Value::Double(_) => CelType::Double,
        Value::String(_) => CelType::String,
        Value::Bytes(_) => CelType::Bytes,
        Value::Timestamp(_) => CelType::Timestamp,
        Value::Duration(_) => CelType::Duration,
        _ => CelType::Dyn,
    }
}

enum Expected {
    Value(Value<'static>),
    Error,
}

fn to_value(m: &Message) -> Result<Value<'static>, &'static str> {
    let Some((name, field)) = m.fields.first() else {
        return Err("expects an empty value");
    };
    let scalar = || match field {
        Field::Scalar(s) => s.clone(),
        Field::Str(b) => String::from_utf8_lossy(b).into_owned(),
        Field::Message(_) => String::new(),
    };
    Ok(match name.as_str() {
        "null_value" => Value::Null,
        "bool_value" => Value::Bool(scalar() == "true"),
        "int64_value" => Value::Int(scalar().parse().map_err(|_| "bad int")?),
        "uint64_value" => Value::Uint(scalar().parse().map_err(|_| "bad uint")?),
        "double_value" => Value::Double(match scalar().to_ascii_lowercase().as_str() {
            "inf" | "infinity" => f64::INFINITY,
            "-inf" | "-infinity" => f64::NEG_INFINITY,
            "nan" => f64::NAN,
            s => s.parse().map_err(|_| "bad double")?,
        }),
        "string_value" => match field {
            Field::Str(b) => {
                Value::string(String::from_utf8(b.clone()).map_err(|_| "invalid UTF-8 string")?)
            }
            _ => Value::string(scalar()),
        },
        "bytes_value" => match field {
            Field::Str(b) => Value::Bytes(Arc::from(b.as_slice())),
            _ => return Err("bad bytes"),
        },
        "type_value" => Value::Type(TypeName::new(&scalar())),
        "list_value" => {
            let Field::Message(l) = field else {
                return Err("bad list");
            };
            let mut items = Vec::new();
            for v in l.all("values") {
                let Field::Message(v) = v else {
                    return Err("bad list item");
                };
                items.push(to_value(v)?);
            }
            Value::List(List::from_values(items))
        }
        "map_value" => {
            let Field::Message(mv) = field else {
                return Err("bad map");
            };
            let mut entries = IndexMap::new();
            for e in mv.all("entries") {
                let Field::Message(e) = e else {
                    return Err("bad entry");
                };
                let k = to_value(e.message("key").ok_or("bad key")?)?;
                let v = to_value(e.message("value").ok_or("bad value")?)?;
                entries.insert(Key::from_value(&k).map_err(|_| "bad key type")?, v);
            }
            Value::Map(Map::from_entries(entries))
        }
        "object_value" => {
            let Field::Message(any) = field else {
                return Err("bad object");
            };
            let Some((type_url, Field::Message(body))) = any.fields.first() else {
                return Err("needs protobuf message types");
            };
            let num = |n: &str| {
                body.string(n)
                    .and_then(|s| s.parse::<i64>().ok())
                    .unwrap_or(0)
            };
            if type_url.ends_with("google.protobuf.Timestamp]") {
                Value::Timestamp(
                    Utc.timestamp_opt(num("seconds"), num("nanos") as u32)
                        .single()
                        .ok_or("bad timestamp")?,
                )
            } else if type_url.ends_with("google.protobuf.Duration]") {
                Value::Duration(
                    TimeDelta::seconds(num("seconds")) + TimeDelta::nanoseconds(num("nanos")),
                )
            } else {
                return Err("needs protobuf message types");
            }
        }
        "enum_value" => return Err("needs protobuf enum types"),
        _ => return Err("needs a value kind the runner does not know"),
    })
}

/// Equality of a result with the expected value: the same type and the same value (NaN matches NaN).
fn strict_equal(a: &Value<'_>, b: &Value<'_>) -> bool {
    match (a, b) {
        (Value::Double(x), Value::Double(y)) => (x.is_nan() && y.is_nan()) || x == y,
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| strict_equal(&p, &q))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.entries().iter().all(|(k, v)| {
                    y.entries().iter().any(|(k2, v2)| {
                        std::mem::discriminant(k) == std::mem::discriminant(k2)
                            && k.equals(k2)
                            && strict_equal(v, v2)
                    })
                })
        }
        _ => std::mem::discriminant(a) == std::mem::discriminant(b) && a.equals(b),
    }
}
