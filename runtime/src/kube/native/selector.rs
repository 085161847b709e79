//! Label selectors (apimachinery `metav1` validation's `ValidateLabelSelector` and
//! `LabelSelectorAsSelector`): their rules, and whether one selects a set of labels, which is
//! how a controller's selector must select its own template.

use super::values::labels as label_map;
use super::{items, present};
use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// `ValidateLabelSelector` (strict: invalid label values are refused, as on create).
pub fn validate(selector: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    label_map(
        present(selector, "matchLabels"),
        &path.child("matchLabels"),
        errors,
    );
    for (i, expr) in items(selector, "matchExpressions").iter().enumerate() {
        let at = path.child("matchExpressions").index(i);
        let values = items(expr, "values");
        operator(expr, values.len(), &at, false, errors);
        let key = super::str_at(expr, "key");
        for msg in formats::is_label_key(key.as_bytes()) {
            errors.push(FieldError::invalid(
                at.child("key"),
                BadValue::string(key),
                msg,
            ));
        }
        for (j, value) in values.iter().enumerate() {
            let v = value.as_str().unwrap_or("");
            for msg in formats::is_label_value(v.as_bytes()) {
                errors.push(FieldError::invalid(
                    at.child("values").index(j),
                    BadValue::string(v),
                    msg,
                ));
            }
        }
    }
}

/// A requirement's operator against how many values it lists (`ValidateLabelSelectorRequirement`,
/// and with `numeric` the node selector's `Gt` and `Lt`, which take exactly one).
pub fn operator(
    requirement: &Value,
    values: usize,
    at: &FieldPath,
    numeric: bool,
    errors: &mut Vec<FieldError>,
) {
    match super::str_at(requirement, "operator") {
        "In" | "NotIn" if values == 0 => errors.push(FieldError::required(
            at.child("values"),
            "must be specified when `operator` is 'In' or 'NotIn'",
        )),
        "Exists" | "DoesNotExist" if values > 0 => errors.push(FieldError::forbidden(
            at.child("values"),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
        )),
        "Gt" | "Lt" if numeric && values != 1 => errors.push(FieldError::required(
            at.child("values"),
            "must be specified single value when `operator` is 'Lt' or 'Gt'",
        )),
        "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
        "Gt" | "Lt" if numeric => {}
        other => errors.push(FieldError::invalid(
            at.child("operator"),
            BadValue::string(other),
            "not a valid selector operator",
        )),
    }
}

/// Whether the selector has neither matchLabels nor matchExpressions (it would select
/// everything, which controllers refuse).
pub fn is_empty(selector: &Value) -> bool {
    let empty = |key: &str| {
        present(selector, key).is_none_or(|v| match v {
            Value::Object(m) => m.is_empty(),
            Value::Array(a) => a.is_empty(),
            _ => true,
        })
    };
    empty("matchLabels") && empty("matchExpressions")
}

/// Whether `selector` selects an object labelled `labels`; `None` when the selector does not
/// convert (an operator it does not know), which validation reports elsewhere.
pub fn matches(selector: &Value, labels: Option<&Value>) -> Option<bool> {
    let label = |key: &str| labels.and_then(|l| present(l, key)).and_then(Value::as_str);
    let match_labels = present(selector, "matchLabels").and_then(Value::as_object);
    for (key, want) in match_labels.into_iter().flatten() {
        if label(key) != want.as_str() {
            return Some(false);
        }
    }
    for expr in items(selector, "matchExpressions") {
        let key = super::str_at(expr, "key");
        let values: Vec<&str> = items(expr, "values")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let found = label(key);
        let ok = match super::str_at(expr, "operator") {
            "In" => found.is_some_and(|v| values.contains(&v)),
            "NotIn" => found.is_none_or(|v| !values.contains(&v)),
            "Exists" => found.is_some(),
            "DoesNotExist" => found.is_none(),
            _ => return None,
        };
        if !ok {
            return Some(false);
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn selectors_select_labels() {
        let labels = json!({"app": "web", "tier": "front"});
        let s = json!({"matchLabels": {"app": "web"},
                       "matchExpressions": [{"key": "tier", "operator": "In", "values": ["front"]},
                                            {"key": "canary", "operator": "DoesNotExist"}]});
        assert_eq!(matches(&s, Some(&labels)), Some(true));
        assert_eq!(
            matches(&json!({"matchLabels": {"app": "db"}}), Some(&labels)),
            Some(false)
        );
        assert_eq!(
            matches(
                &json!({"matchExpressions": [{"key": "tier", "operator": "NotIn", "values": ["front"]}]}),
                Some(&labels)
            ),
            Some(false)
        );
        assert_eq!(
            matches(&json!({"matchLabels": {"app": "web"}}), None),
            Some(false)
        );
        assert!(is_empty(&json!({"matchLabels": {}})));
        assert!(!is_empty(
            &json!({"matchExpressions": [{"key": "a", "operator": "Exists"}]})
        ));
    }

    #[test]
    fn selector_rules() {
        let mut errors = Vec::new();
        let s = json!({"matchExpressions": [
            {"key": "a", "operator": "In"},
            {"key": "b", "operator": "Exists", "values": ["x"]},
            {"key": "c", "operator": "Is", "values": ["x"]}]});
        validate(&s, &FieldPath::root().child("selector"), &mut errors);
        let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(texts, [
            "selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
            "selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            "selector.matchExpressions[2].operator: Invalid value: \"Is\": not a valid selector operator",
        ]);
    }
}
