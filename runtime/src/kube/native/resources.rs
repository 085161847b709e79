//! Resource requirements (`ValidateContainerResourceRequirements` and its helpers in core
//! validation): resource names, quantities, and requests against limits.

use super::values::NOT_NEGATIVE;
use crate::cel::library::formats;
use crate::cel::library::quantity::{self, Quantity};
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::{Map, Value};

/// Resources a container may name without a domain (`IsStandardContainerResourceName`).
const CONTAINER_RESOURCES: &[&str] = &["cpu", "memory", "ephemeral-storage"];

/// Every standard resource name (`standardResources` of core's helper): the container ones,
/// quota's and the object counts.
const STANDARD_RESOURCES: &[&str] = &[
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "services",
    "replicationcontrollers",
    "resourcequotas",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

/// Object counts, whose quantities must be whole (`standardIntegerResources`).
const INTEGER_RESOURCES: &[&str] = &[
    "pods",
    "services",
    "replicationcontrollers",
    "resourcequotas",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "services.nodeports",
    "services.loadbalancers",
];

fn is_huge_pages(name: &str) -> bool {
    name.starts_with("hugepages-")
}

/// `IsNativeResource`: no domain, or a `kubernetes.io/` one.
fn is_native(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// `IsExtendedResourceName`: a domain-qualified name outside `kubernetes.io`, that stays a
/// qualified name under quota's `requests.` prefix.
fn is_extended(name: &str) -> bool {
    !is_native(name)
        && !name.starts_with("requests.")
        && formats::is_label_key(format!("requests.{name}").as_bytes()).is_empty()
}

/// `IsOvercommitAllowed`: native resources other than huge pages may request less than their limit.
fn overcommit_allowed(name: &str) -> bool {
    is_native(name) && !is_huge_pages(name)
}

/// `validateContainerResourceName`: the name's messages.
fn name_errors(name: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let invalid = |msg: String| FieldError::invalid(path.clone(), BadValue::string(name), msg);
    let qualified = formats::is_label_key(name.as_bytes());
    let well_formed = qualified.is_empty();
    errors.extend(qualified.into_iter().map(invalid));
    if well_formed
        && !name.contains('/')
        && !STANDARD_RESOURCES.contains(&name)
        && !is_huge_pages(name)
    {
        errors.push(invalid(
            "must be a standard resource type or fully qualified".into(),
        ));
    }
    if !name.contains('/') {
        if !CONTAINER_RESOURCES.contains(&name) && !is_huge_pages(name) {
            errors.push(invalid("must be a standard resource for containers".into()));
        }
    } else if !is_native(name) && !is_extended(name) {
        errors.push(invalid(
            "doesn't follow extended resource name standard".into(),
        ));
    }
}

/// A quantity as written (a string or a YAML number), parsed as the API's decoder parses it.
/// A value that does not parse fails decoding in the apiserver: reported here at its path.
pub fn parse(value: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) -> Option<Quantity> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    match quantity::parse(&text) {
        Ok(q) => Some(q),
        Err(msg) => {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::string(text),
                msg,
            ));
            None
        }
    }
}

/// `ValidateResourceQuantityValue`: not negative, and whole for object counts and extended
/// resources.
fn quantity_errors(name: &str, q: &Quantity, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if q.sign() < 0 {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(q.to_string()),
            NOT_NEGATIVE,
        ));
    }
    let integer = INTEGER_RESOURCES.contains(&name) || is_extended(name);
    if integer && !q.is_integer() {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(q.to_string()),
            "must be an integer",
        ));
    }
}

/// The parsed quantities of `requirements.<field>`, by name, sorted; each name and value checked.
fn checked(
    requirements: &Value,
    field: &str,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) -> Vec<(String, Quantity)> {
    let empty = Map::new();
    let map = requirements
        .get(field)
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut names: Vec<&String> = map.keys().collect();
    names.sort();
    let mut parsed = Vec::new();
    for name in names {
        let at = path.child(field).key(name);
        name_errors(name, &at, errors);
        if let Some(q) = parse(&map[name], &at, errors) {
            quantity_errors(name, &q, &at, errors);
            parsed.push((name.clone(), q));
        }
    }
    parsed
}

/// `ValidateContainerResourceRequirements` without the claims and huge page sizes: names,
/// quantities, each request against its limit, and limits required where requests cannot
/// overcommit.
pub fn container(requirements: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let limits = checked(requirements, "limits", path, errors);
    let requests = checked(requirements, "requests", path, errors);
    for (name, request) in &requests {
        match limits.iter().find(|(l, _)| l == name) {
            Some((_, limit)) => {
                let order = request.cmp(limit);
                let detail = if order.is_ne() && !overcommit_allowed(name) {
                    format!("must be equal to {name} limit of {limit}")
                } else if order.is_gt() {
                    format!("must be less than or equal to {name} limit of {limit}")
                } else {
                    continue;
                };
                errors.push(FieldError::invalid(
                    path.child("requests"),
                    BadValue::string(request.to_string()),
                    detail,
                ));
            }
            None if !overcommit_allowed(name) => errors.push(FieldError::required(
                path.child("limits"),
                "Limit must be set for non overcommitable resources",
            )),
            None => {}
        }
    }
    let named = |list: &[(String, Quantity)], n: &str| list.iter().any(|(l, _)| l == n);
    let huge_pages = limits
        .iter()
        .chain(&requests)
        .any(|(n, _)| is_huge_pages(n));
    let cpu_or_memory = ["cpu", "memory"]
        .iter()
        .any(|n| named(&limits, n) || named(&requests, n));
    if huge_pages && !cpu_or_memory {
        errors.push(FieldError::forbidden(
            path.clone(),
            "HugePages require cpu or memory",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(requirements: Value) -> Vec<String> {
        let mut errors = Vec::new();
        container(
            &requirements,
            &FieldPath::root().child("resources"),
            &mut errors,
        );
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn requests_stay_within_limits() {
        assert_eq!(
            texts(json!({"requests": {"cpu": "2"}, "limits": {"cpu": "1", "memory": "1Gi"}})),
            ["resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1"]
        );
        assert!(texts(
            json!({"requests": {"cpu": "500m", "memory": "128Mi"}, "limits": {"cpu": 1}})
        )
        .is_empty());
        assert_eq!(
            texts(json!({"requests": {"example.com/gpu": "1"}, "limits": {"example.com/gpu": "2"}})),
            ["resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2"]
        );
        assert_eq!(
            texts(json!({"requests": {"example.com/gpu": "1"}})),
            ["resources.limits: Required value: Limit must be set for non overcommitable resources"]
        );
    }

    #[test]
    fn names_and_quantities() {
        assert_eq!(
            texts(json!({"limits": {"memory": "1Gb"}})),
            ["resources.limits[memory]: Invalid value: \"1Gb\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"]
        );
        assert_eq!(
            texts(json!({"limits": {"cpus": "1", "pods": "1", "memory": "-1"}})),
            [
                "resources.limits[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully qualified",
                "resources.limits[cpus]: Invalid value: \"cpus\": must be a standard resource for containers",
                "resources.limits[memory]: Invalid value: \"-1\": must be greater than or equal to 0",
                "resources.limits[pods]: Invalid value: \"pods\": must be a standard resource for containers",
            ]
        );
        assert_eq!(
            texts(
                json!({"limits": {"example.com/gpu": "500m"}, "requests": {"example.com/gpu": "500m"}})
            ),
            [
                "resources.limits[example.com/gpu]: Invalid value: \"500m\": must be an integer",
                "resources.requests[example.com/gpu]: Invalid value: \"500m\": must be an integer",
            ]
        );
    }
}
