//! The OpenAPI value checks, as kube-openapi runs them for the apiserver: per node, in kube-
//! openapi's order (type, composition, string, format, number, array, enum, object), every check
//! that applies to the value's kind, with kube-openapi's messages (`spec.x in body should be
//! greater than or equal to 0`) turned into field errors as the apiserver turns them.

use super::formats;
use crate::cel::value::format_double;
use crate::errors::{go_json, BadValue, ErrorType, FieldError, FieldPath};
use crate::schema::definition_name;
use crate::schema::{Schema, SchemaType};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashMap;

/// Looks up `$ref`s.
pub(crate) struct Refs<'s> {
    pub defs: &'s HashMap<String, Schema>,
}

impl<'s> Refs<'s> {
    /// The schema a node stands for, through `$ref` and the apiserver's single-`$ref` `allOf`.
    pub fn resolve(&self, s: &'s Schema) -> &'s Schema {
        crate::schema::resolve(s, |reference| {
            // A reference that is not a JSON pointer is taken as a definition's name.
            let name = definition_name(reference).unwrap_or(Cow::Borrowed(reference));
            self.defs.get(name.as_ref())
        })
    }
}

/// The types a node accepts, as kube-openapi checks them.
pub(crate) fn declared_types(s: &Schema) -> Vec<String> {
    if s.extension_flag("x-kubernetes-int-or-string") {
        return vec!["integer".into(), "string".into()];
    }
    match &s.schema_type {
        Some(SchemaType::Single(t)) if !t.is_empty() => vec![t.clone()],
        Some(SchemaType::Many(ts)) => ts.clone(),
        _ => Vec::new(),
    }
}

/// kube-openapi's name for the type of a value.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn type_matches(declared: &str, v: &Value) -> bool {
    match (declared, v) {
        ("integer", Value::Number(n)) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        ("number", Value::Number(_)) => true,
        ("string", Value::String(_))
        | ("boolean", Value::Bool(_))
        | ("array", Value::Array(_))
        | ("object", Value::Object(_)) => true,
        ("null", Value::Null) => true,
        _ => false,
    }
}

/// Runs the checks of `schema` on `value` at `path`, adding errors to `errors`.
pub(crate) fn check(
    refs: &Refs<'_>,
    schema: &Schema,
    value: &Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    let s = refs.resolve(schema);
    let at = path;
    let invalid =
        |v: BadValue, detail: String| FieldError::new(ErrorType::Invalid, path.clone(), v, detail);

    // type
    let types = declared_types(s);
    let null_ok = s.nullable && value.is_null();
    if !types.is_empty() && !null_ok && !types.iter().any(|t| type_matches(t, value)) {
        let actual = type_name(value);
        errors.push(FieldError::new(
            ErrorType::TypeInvalid,
            path.clone(),
            BadValue::String(actual.into()),
            format!(
                "{at} in body must be of type {}: {}",
                types.join(","),
                crate::errors::go_quote(actual)
            ),
        ));
    }
    if value.is_null() {
        check_enum(s, value, path, errors);
        return;
    }

    // composition
    for (list, what) in [(&s.any_of, "anyOf"), (&s.one_of, "oneOf")] {
        if list.is_empty() {
            continue;
        }
        let results: Vec<Vec<FieldError>> = list
            .iter()
            .map(|sub| {
                let mut e = Vec::new();
                check(refs, sub, value, path, &mut e);
                e
            })
            .collect();
        let valid = results.iter().filter(|e| e.is_empty()).count();
        let best = results
            .iter()
            .min_by_key(|e| e.len())
            .cloned()
            .unwrap_or_default();
        match what {
            "anyOf" if valid == 0 => {
                errors.push(composite(at, "must validate at least one schema (anyOf)"));
                errors.extend(best);
            }
            "oneOf" if valid == 0 => {
                errors.push(composite(
                    at,
                    "must validate one and only one schema (oneOf). Found none valid",
                ));
                errors.extend(best);
            }
            "oneOf" if valid > 1 => {
                errors.push(composite(at, &format!("must validate one and only one schema (oneOf). Found {valid} valid alternatives")));
            }
            _ => {}
        }
    }
    // A lone `$ref` in allOf was resolved by `Refs::resolve` already.
    let ref_only = s.reference.is_none()
        && s.schema_type.is_none()
        && matches!(s.all_of.as_slice(), [only] if only.reference.is_some());
    if !s.all_of.is_empty() && !ref_only {
        let mut validated = 0;
        for sub in &s.all_of {
            let mut sub_errors = Vec::new();
            check(refs, sub, value, path, &mut sub_errors);
            validated += usize::from(sub_errors.is_empty());
            errors.extend(sub_errors);
        }
        if validated != s.all_of.len() {
            let none = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            errors.push(composite(
                at,
                &format!("must validate all the schemas (allOf){none}"),
            ));
        }
    }
    if let Some(not) = &s.not {
        let mut sub = Vec::new();
        check(refs, not, value, path, &mut sub);
        if sub.is_empty() {
            errors.push(composite(at, "must not validate the schema (not)"));
        }
    }

    match value {
        Value::String(text) => {
            // The first failure of maxLength, minLength, pattern.
            let len = text.chars().count() as u64;
            if let Some(max) = s.max_length.filter(|m| len > *m) {
                errors.push(FieldError::too_long(path.clone(), max as i64));
            } else if let Some(min) = s.min_length.filter(|m| len < *m) {
                errors.push(invalid(
                    BadValue::String(text.clone()),
                    format!("{at} in body should be at least {min} chars long"),
                ));
            } else if let Some(p) = &s.pattern {
                match compiled_pattern(p, |re| re.is_match(text)) {
                    Ok(true) => {}
                    Ok(_) => errors.push(invalid(
                        BadValue::String(text.clone()),
                        format!("{at} in body should match '{p}'"),
                    )),
                    Err(e) => errors.push(invalid(
                        BadValue::String(text.clone()),
                        format!("{at} in body should match '{p}', but pattern is invalid: {e}"),
                    )),
                }
            }
            if let Some(f) = s.format.as_deref().filter(|f| formats::is_validated(f)) {
                if formats::check(f, text) == Some(false) {
                    errors.push(FieldError::new(
                        ErrorType::TypeInvalid,
                        path.clone(),
                        BadValue::String(text.clone()),
                        format!(
                            "{at} in body must be of type {f}: {}",
                            crate::errors::go_quote(text)
                        ),
                    ));
                }
            }
        }
        Value::Number(n) => check_number(s, n, path, at, errors),
        Value::Array(items) => {
            if let Some(item_schema) = &s.items {
                for (i, item) in items.iter().enumerate() {
                    check(refs, item_schema, item, &path.index(i), errors);
                }
            }
            let len = items.len() as u64;
            if let Some(min) = s.min_items.filter(|m| len < *m) {
                errors.push(invalid(
                    BadValue::Int(len as i64),
                    format!("{at} in body should have at least {min} items"),
                ));
            }
            if let Some(max) = s.max_items.filter(|m| len > *m) {
                errors.push(FieldError::too_many(path.clone(), len as i64, max as i64));
            }
            if s.unique_items
                && items
                    .iter()
                    .enumerate()
                    .any(|(i, a)| items[..i].contains(a))
            {
                errors.push(invalid(
                    BadValue::String(String::new()),
                    format!("{at} in body shouldn't contain duplicates"),
                ));
            }
        }
        _ => {}
    }
    check_enum(s, value, path, errors);
    if let Value::Object(map) = value {
        let count = map.len() as u64;
        if let Some(min) = s.min_properties.filter(|m| count < *m) {
            errors.push(invalid(
                BadValue::Int(count as i64),
                format!("{at} in body should have at least {min} properties"),
            ));
        }
        if let Some(max) = s.max_properties.filter(|m| count > *m) {
            errors.push(FieldError::too_many(path.clone(), count as i64, max as i64));
        }
        for (key, v) in map {
            if s.properties.contains_key(key) {
                continue;
            }
            if s.additional_properties_allowed == Some(false) {
                errors.push(invalid(
                    BadValue::String(key.clone()),
                    format!("{}.{key} in body is a forbidden property", at),
                ));
            } else if let Some(ap) = &s.additional_properties {
                check(refs, ap, v, &path.child(key), errors);
            }
        }
        for (name, prop) in &s.properties {
            if let Some(v) = map.get(name) {
                check(refs, prop, v, &path.child(name), errors);
            }
        }
        for name in &s.required {
            if !map.contains_key(name) {
                errors.push(FieldError::required(path.child(name), ""));
            }
        }
    }
}

/// Runs `f` with the compiled `pattern`, compiling each pattern once per thread.
fn compiled_pattern<T>(
    pattern: &str,
    f: impl FnOnce(&regex::Regex) -> T,
) -> Result<T, regex::Error> {
    thread_local! {
        static PATTERNS: std::cell::RefCell<HashMap<String, Result<regex::Regex, regex::Error>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    PATTERNS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(pattern) {
            cache.insert(pattern.to_string(), regex::Regex::new(pattern));
        }
        match &cache[pattern] {
            Ok(re) => Ok(f(re)),
            Err(e) => Err(e.clone()),
        }
    })
}

fn composite(at: &FieldPath, what: &str) -> FieldError {
    FieldError::invalid(
        FieldPath::root(),
        BadValue::String(String::new()),
        format!("\"{at}\" {what}"),
    )
}

fn check_enum(s: &Schema, value: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if s.enum_values.is_empty() || s.enum_values.contains(value) {
        return;
    }
    let allowed: Vec<String> = s
        .enum_values
        .iter()
        .map(|v| match v {
            Value::String(t) => t.clone(),
            other => go_json(other),
        })
        .collect();
    errors.push(FieldError::not_supported(
        path.clone(),
        BadValue::of_json(value),
        &allowed,
    ));
}

/// minimum, maximum and multipleOf; integer values are compared with the bounds truncated to
/// integers, as kube-openapi does.
fn check_number(
    s: &Schema,
    n: &serde_json::Number,
    path: &FieldPath,
    at: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    let bad = BadValue::of_json(&Value::Number(n.clone()));
    let invalid =
        |detail: String| FieldError::new(ErrorType::Invalid, path.clone(), bad.clone(), detail);
    let as_int = n.as_i64();
    let bound = |b: &serde_json::Number| -> (f64, String) {
        let f = b.as_f64().unwrap_or(f64::NAN);
        match as_int {
            Some(_) => ((f as i64) as f64, (f as i64).to_string()),
            None => (f, format_double(f)),
        }
    };
    let v = n.as_f64().unwrap_or(f64::NAN);
    if let Some(m) = &s.multiple_of {
        let factor = m.as_f64().unwrap_or(f64::NAN);
        match as_int {
            Some(i) => {
                let f = factor as i64;
                if f <= 0 {
                    errors.push(FieldError::invalid(
                        path.clone(),
                        BadValue::Int(f),
                        format!("factor MultipleOf declared for {at} must be positive: {f}"),
                    ));
                } else if i % f != 0 {
                    errors.push(invalid(format!("{at} in body should be a multiple of {f}")));
                }
            }
            None => {
                let q = v / factor;
                if (q - q.round()).abs() > 1e-9 {
                    errors.push(invalid(format!(
                        "{at} in body should be a multiple of {}",
                        format_double(factor)
                    )));
                }
            }
        }
    }
    if let Some(min) = &s.minimum {
        let (b, shown) = bound(min);
        if s.exclusive_minimum && v <= b {
            errors.push(invalid(format!(
                "{at} in body should be greater than {shown}"
            )));
        } else if !s.exclusive_minimum && v < b {
            errors.push(invalid(format!(
                "{at} in body should be greater than or equal to {shown}"
            )));
        }
    }
    if let Some(max) = &s.maximum {
        let (b, shown) = bound(max);
        if s.exclusive_maximum && v >= b {
            errors.push(invalid(format!("{at} in body should be less than {shown}")));
        } else if !s.exclusive_maximum && v > b {
            errors.push(invalid(format!(
                "{at} in body should be less than or equal to {shown}"
            )));
        }
    }
}
