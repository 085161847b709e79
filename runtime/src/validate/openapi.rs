//! The OpenAPI value checks of one node, as kube-openapi runs them for the apiserver, with its
//! messages (`spec.x in body should be greater than or equal to 0`) turned into field errors as
//! the apiserver turns them. The walk (`check.rs`) calls them in kube-openapi's order: type,
//! composition, string, format, number, array, enum, object. Errors are built only when kept.

use super::messages::{self, at, error_at};
use super::path::Path;
use super::plan::Node;
use super::sink::Errors;
use crate::cel::value::format_double;
use crate::errors::{go_json, BadValue, ErrorType, FieldError, FieldPath};
use crate::value::ValueView;
use serde_json::{Number, Value};

/// `type` (and `nullable`): a value of a type the node does not accept.
pub(crate) fn check_type<'a>(
    node: &Node,
    v: impl ValueView<'a>,
    path: &Path<'_>,
    errors: &mut Errors,
) {
    if node.type_names.is_empty() || node.types.accepts(v) || node.nullable && v.is_null() {
        return;
    }
    let actual = v.kind().openapi_name();
    errors.add(|| messages::wrong_type(path, &node.type_names, actual));
}

/// maxLength, minLength and pattern (the first that fails), then format.
pub(crate) fn check_string(node: &Node, text: &str, path: &Path<'_>, errors: &mut Errors) {
    let bad = || BadValue::string(text);
    let len = if node.max_length.is_some() || node.min_length.is_some() {
        text.chars().count() as u64
    } else {
        0
    };
    if let Some(max) = node.max_length.filter(|m| len > *m) {
        errors.add(|| node.keyword_error("maxLength", messages::too_long(path, max)));
    } else if let Some(min) = node.min_length.filter(|m| len < *m) {
        errors.add(|| node.keyword_error("minLength", messages::too_short(path, text, min)));
    } else if let Some(p) = &node.pattern {
        let source = &p.source;
        match &p.regex {
            Ok(re) if re.is_match(text) => {}
            Ok(_) => errors.add(|| {
                node.keyword_error("pattern", messages::pattern_mismatch(path, text, source))
            }),
            Err(e) => errors.add(|| {
                error_at(ErrorType::Invalid, path, bad(), |at| {
                    format!("{at} in body should match '{source}', but pattern is invalid: {e}")
                })
            }),
        }
    }
    if let Some(f) = &node.format {
        if !(text.is_empty() && node.empty_passes_format) && messages::fails_format(f, text) {
            errors.add(|| node.keyword_error("format", messages::bad_format(path, text, f)));
        }
    }
}

/// minItems, maxItems and uniqueItems (after the items were checked).
pub(crate) fn check_array<'a>(
    node: &Node,
    v: impl ValueView<'a>,
    path: &Path<'_>,
    errors: &mut Errors,
) {
    let len = v.len() as u64;
    if let Some(min) = node.min_items.filter(|m| len < *m) {
        errors.add(|| {
            node.keyword_error("minItems", messages::too_few_items(path, len as usize, min))
        });
    }
    if let Some(max) = node.max_items.filter(|m| len > *m) {
        errors.add(|| {
            node.keyword_error(
                "maxItems",
                messages::too_many_items(path, len as usize, max),
            )
        });
    }
    if node.unique_items {
        let items: Vec<_> = v.items().map(ValueView::to_json).collect();
        if super::listtype::repeats(&items) {
            errors.add(|| node.keyword_error("uniqueItems", messages::duplicate_items(path)));
        }
    }
}

/// minProperties and maxProperties, on the number of entries left after pruning and defaults.
pub(crate) fn check_object_counts(node: &Node, count: usize, path: &Path<'_>, errors: &mut Errors) {
    let count = count as u64;
    if let Some(min) = node.min_properties.filter(|m| count < *m) {
        errors.add(|| {
            node.keyword_error(
                "minProperties",
                messages::too_few_properties(path, count as usize, min),
            )
        });
    }
    if let Some(max) = node.max_properties.filter(|m| count > *m) {
        errors.add(|| {
            node.keyword_error(
                "maxProperties",
                messages::too_many_properties(path, count as usize, max),
            )
        });
    }
}

/// An undeclared key where `additionalProperties` is `false`.
pub(crate) fn forbidden_property(key: &str, path: &Path<'_>, errors: &mut Errors) {
    errors.add(|| {
        error_at(ErrorType::Invalid, path, BadValue::string(key), |at| {
            format!("{at}.{key} in body is a forbidden property")
        })
    });
}

/// A required property that is absent.
pub(crate) fn required(name: &str, path: &Path<'_>, errors: &mut Errors) {
    errors.add(|| messages::required(path, name));
}

/// The error of a failed `anyOf`, `oneOf`, `allOf` or `not`, reported at the root as
/// kube-openapi reports them.
pub(crate) fn composite(path: &Path<'_>, what: &str, errors: &mut Errors) {
    errors.add(|| {
        FieldError::invalid(
            FieldPath::root(),
            BadValue::String("".into()),
            format!("\"{}\" {what}", at(path)),
        )
    });
}

pub(crate) fn check_enum<'a>(
    node: &Node,
    v: impl ValueView<'a>,
    path: &Path<'_>,
    errors: &mut Errors,
) {
    if node.enum_values.is_empty() {
        return;
    }
    let value = v.to_json();
    if node.enum_values.contains(&value) {
        return;
    }
    errors.add(|| {
        let allowed: Vec<String> = node
            .enum_values
            .iter()
            .map(|v| match v {
                Value::String(t) => t.clone(),
                other => go_json(other),
            })
            .collect();
        let e = messages::not_supported(path, BadValue::of_json(&value), &allowed);
        node.keyword_error("enum", e)
    });
}

/// minimum, maximum and multipleOf; integer values are compared with the bounds truncated to
/// integers, as kube-openapi does.
pub(crate) fn check_number<'a>(
    node: &Node,
    v: impl ValueView<'a>,
    path: &Path<'_>,
    errors: &mut Errors,
) {
    if node.multiple_of.is_none() && node.minimum.is_none() && node.maximum.is_none() {
        return;
    }
    let as_int = v.as_i64();
    let value = v.as_f64().unwrap_or(f64::NAN);
    let bound = |b: &Number| -> (f64, String) {
        let f = b.as_f64().unwrap_or(f64::NAN);
        match as_int {
            Some(_) => ((f as i64) as f64, (f as i64).to_string()),
            None => (f, format_double(f)),
        }
    };
    if let Some(m) = &node.multiple_of {
        let factor = m.as_f64().unwrap_or(f64::NAN);
        match as_int {
            Some(i) => {
                let f = factor as i64;
                if f <= 0 {
                    errors.add(|| {
                        error_at(ErrorType::Invalid, path, BadValue::Int(f), |at| {
                            format!("factor MultipleOf declared for {at} must be positive: {f}")
                        })
                    });
                } else if i % f != 0 {
                    errors.add(|| {
                        let e = messages::not_multiple_of(path, BadValue::Int(i), &f.to_string());
                        node.keyword_error("multipleOf", e)
                    });
                }
            }
            None => {
                let q = value / factor;
                if (q - q.round()).abs() > 1e-9 {
                    errors.add(|| {
                        let e = messages::not_multiple_of(
                            path,
                            BadValue::of_json(&v.to_json()),
                            &format_double(factor),
                        );
                        node.keyword_error("multipleOf", e)
                    });
                }
            }
        }
    }
    let bad = || BadValue::of_json(&v.to_json());
    if let Some(min) = &node.minimum {
        let (b, shown) = bound(min);
        let exclusive = node.exclusive_minimum;
        if exclusive && value <= b || !exclusive && value < b {
            errors.add(|| {
                node.keyword_error(
                    "minimum",
                    messages::below_minimum(path, bad(), &shown, exclusive),
                )
            });
        }
    }
    if let Some(max) = &node.maximum {
        let (b, shown) = bound(max);
        let exclusive = node.exclusive_maximum;
        if exclusive && value >= b || !exclusive && value > b {
            errors.add(|| {
                node.keyword_error(
                    "maximum",
                    messages::above_maximum(path, bad(), &shown, exclusive),
                )
            });
        }
    }
}
