//! The field errors of kube-openapi's value checks, as the apiserver renders them
//! (`spec.x in body should be greater than or equal to 0`). The schema walk and the validators
//! the derive macro generates both build their errors here, so the two cannot drift apart.

use super::formats;
use super::path::{Keys, Path};
use crate::errors::{go_quote, BadValue, ErrorType, FieldError, FieldPath};

/// The field path of `path`, map keys joined like fields as kube-openapi prints them.
pub(crate) fn at(path: &Path<'_>) -> FieldPath {
    path.field_path(Keys::AsFields)
}

/// An error at `path` whose detail names the path (`spec.x in body ...`): `detail` is given
/// the path as it prints, in a string with room for the rest of the message.
pub(crate) fn error_at(
    error_type: ErrorType,
    path: &Path<'_>,
    bad: BadValue,
    detail: impl FnOnce(String) -> String,
) -> FieldError {
    let (at, text) = path.rendered(Keys::AsFields, 64);
    FieldError::new(error_type, at, bad, detail(text))
}

/// An `Invalid` error at `path` whose detail names the path.
fn invalid(path: &Path<'_>, bad: BadValue, detail: impl FnOnce(String) -> String) -> FieldError {
    error_at(ErrorType::Invalid, path, bad, detail)
}

/// `<path><parts...>`, built without the formatting machinery (bounds are the errors
/// validators build most).
fn named(mut at: String, parts: &[&str]) -> String {
    for part in parts {
        at.push_str(part);
    }
    at
}

/// `minimum`; `shown` is the bound as kube-openapi prints it.
pub fn below_minimum(path: &Path<'_>, bad: BadValue, shown: &str, exclusive: bool) -> FieldError {
    invalid(path, bad, |at| {
        let relation = match exclusive {
            true => " in body should be greater than ",
            false => " in body should be greater than or equal to ",
        };
        named(at, &[relation, shown])
    })
}

/// `maximum`.
pub fn above_maximum(path: &Path<'_>, bad: BadValue, shown: &str, exclusive: bool) -> FieldError {
    invalid(path, bad, |at| {
        let relation = match exclusive {
            true => " in body should be less than ",
            false => " in body should be less than or equal to ",
        };
        named(at, &[relation, shown])
    })
}

/// `multipleOf`.
pub fn not_multiple_of(path: &Path<'_>, bad: BadValue, shown: &str) -> FieldError {
    invalid(path, bad, |at| {
        format!("{at} in body should be a multiple of {shown}")
    })
}

/// `maxLength`.
pub fn too_long(path: &Path<'_>, max: u64) -> FieldError {
    FieldError::too_long(at(path), max as i64)
}

/// `minLength`.
pub fn too_short(path: &Path<'_>, text: &str, min: u64) -> FieldError {
    invalid(path, BadValue::string(text), |at| {
        format!("{at} in body should be at least {min} chars long")
    })
}

/// `pattern`.
pub fn pattern_mismatch(path: &Path<'_>, text: &str, pattern: &str) -> FieldError {
    invalid(path, BadValue::string(text), |at| {
        format!("{at} in body should match '{pattern}'")
    })
}

/// `type`: `actual` (an OpenAPI type name, which needs no escaping) is not among `declared`
/// (comma-separated, as the node lists them).
pub fn wrong_type(path: &Path<'_>, declared: &str, actual: &'static str) -> FieldError {
    error_at(
        ErrorType::TypeInvalid,
        path,
        BadValue::String(actual.into()),
        |at| {
            named(
                at,
                &[" in body must be of type ", declared, ": \"", actual, "\""],
            )
        },
    )
}

/// `format`, for the formats the apiserver checks (`Some(false)` from [`formats::check`]).
pub fn bad_format(path: &Path<'_>, text: &str, format: &str) -> FieldError {
    error_at(ErrorType::TypeInvalid, path, BadValue::string(text), |at| {
        format!("{at} in body must be of type {format}: {}", go_quote(text))
    })
}

/// Whether `text` fails `format` (unknown formats accept everything).
pub fn fails_format(format: &str, text: &str) -> bool {
    formats::check(format, text) == Some(false)
}

/// `enum`; `allowed` as the apiserver lists them (strings unquoted).
pub fn not_supported(path: &Path<'_>, bad: BadValue, allowed: &[String]) -> FieldError {
    FieldError::not_supported(at(path), bad, allowed)
}

/// `minItems`.
pub fn too_few_items(path: &Path<'_>, len: usize, min: u64) -> FieldError {
    invalid(path, BadValue::Int(len as i64), |at| {
        format!("{at} in body should have at least {min} items")
    })
}

/// `uniqueItems`: the apiserver shows no value.
pub fn duplicate_items(path: &Path<'_>) -> FieldError {
    invalid(path, BadValue::String("".into()), |at| {
        format!("{at} in body shouldn't contain duplicates")
    })
}

/// `maxItems`.
pub fn too_many_items(path: &Path<'_>, len: usize, max: u64) -> FieldError {
    FieldError::too_many(at(path), len as i64, max as i64)
}

/// `minProperties`.
pub fn too_few_properties(path: &Path<'_>, count: usize, min: u64) -> FieldError {
    invalid(path, BadValue::Int(count as i64), |at| {
        format!("{at} in body should have at least {min} properties")
    })
}

/// `maxProperties`.
pub fn too_many_properties(path: &Path<'_>, count: usize, max: u64) -> FieldError {
    FieldError::too_many(at(path), count as i64, max as i64)
}

/// A required property that is absent.
pub fn required(path: &Path<'_>, name: &str) -> FieldError {
    FieldError::required(at(path).child(name), "")
}
