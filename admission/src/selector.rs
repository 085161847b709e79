//! Label selectors (`metav1.LabelSelector`): `matchLabels` and `matchExpressions` read from JSON
//! and checked as the API checks them (label keys and values well formed, `In`/`NotIn` with
//! values, `Exists`/`DoesNotExist` without), then tested against a set of labels. An empty
//! selector selects everything. Requirements are kept sorted by key, so the first unmet one is
//! the one a reader of the selector's printed form would find first.

use crate::fields::{expected, Fields};
use crate::request::Labels;
use kubeidl::cel::library::formats;
use kubeidl::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;
use std::fmt;

/// How a requirement tests a label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// A `matchLabels` entry: the label is present with this one value.
    Equals,
    /// The label is present with one of the values.
    In,
    /// The label is absent, or present with none of the values.
    NotIn,
    /// The label is present.
    Exists,
    /// The label is absent.
    DoesNotExist,
}

/// One condition on one label key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub key: String,
    pub operator: Operator,
    /// One value for `Equals`, at least one for `In` and `NotIn`, none otherwise.
    pub values: Vec<String>,
}

impl Requirement {
    /// Whether `labels` meet this requirement.
    pub fn matches(&self, labels: &Labels) -> bool {
        let value = labels.get(&self.key);
        let listed = |v: &String| self.values.contains(v);
        match self.operator {
            Operator::Equals | Operator::In => value.is_some_and(listed),
            Operator::NotIn => !value.is_some_and(listed),
            Operator::Exists => value.is_some(),
            Operator::DoesNotExist => value.is_none(),
        }
    }
}

/// In selector syntax: `app=web`, `tier in (back,front)`, `env notin (dev)`, `team`, `!legacy`.
impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut values = self.values.clone();
        values.sort();
        let key = &self.key;
        match self.operator {
            Operator::Equals => write!(f, "{key}={}", values.join(",")),
            Operator::In => write!(f, "{key} in ({})", values.join(",")),
            Operator::NotIn => write!(f, "{key} notin ({})", values.join(",")),
            Operator::Exists => write!(f, "{key}"),
            Operator::DoesNotExist => write!(f, "!{key}"),
        }
    }
}

/// A label selector: every requirement must be met.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelSelector {
    requirements: Vec<Requirement>,
}

impl LabelSelector {
    /// The empty selector, `{}`, which selects everything (the API's default for the selectors
    /// of admission policies, bindings and webhooks).
    pub fn everything() -> LabelSelector {
        LabelSelector::default()
    }

    /// A selector from its JSON at `path` (used in error paths).
    pub fn parse(value: &Value, path: &FieldPath) -> Result<LabelSelector, FieldError> {
        let fields = Fields::of(value, path, &["matchLabels", "matchExpressions"])?;
        let mut requirements = Vec::new();
        if let Some((labels, at)) = fields.get("matchLabels") {
            let entries = labels
                .as_object()
                .ok_or_else(|| expected(labels, &at, "a map of strings"))?;
            for (key, value) in entries {
                let value = value
                    .as_str()
                    .ok_or_else(|| expected(value, &at.key(key), "a string"))?;
                check_key(key, &at)?;
                check_value(value, &at)?;
                requirements.push(Requirement {
                    key: key.clone(),
                    operator: Operator::Equals,
                    values: vec![value.to_string()],
                });
            }
        }
        for (expression, at) in fields.list("matchExpressions")? {
            requirements.push(parse_expression(expression, &at)?);
        }
        requirements.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(LabelSelector { requirements })
    }

    /// Whether it has no requirements, and so selects everything.
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// The requirements, sorted by key.
    pub fn requirements(&self) -> &[Requirement] {
        &self.requirements
    }

    /// Whether `labels` meet every requirement.
    pub fn matches(&self, labels: &Labels) -> bool {
        self.first_unmet(labels).is_none()
    }

    /// The first requirement `labels` do not meet, if any.
    pub fn first_unmet(&self, labels: &Labels) -> Option<&Requirement> {
        self.requirements.iter().find(|r| !r.matches(labels))
    }
}

/// The requirements joined by `,` (empty for the empty selector).
impl fmt::Display for LabelSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

fn parse_expression(value: &Value, path: &FieldPath) -> Result<Requirement, FieldError> {
    let fields = Fields::of(value, path, &["key", "operator", "values"])?;
    let key = fields.string("key")?.unwrap_or_default();
    check_key(key, &path.child("key"))?;
    let operator_path = path.child("operator");
    let operator = match fields.string("operator")?.unwrap_or_default() {
        "In" => Operator::In,
        "NotIn" => Operator::NotIn,
        "Exists" => Operator::Exists,
        "DoesNotExist" => Operator::DoesNotExist,
        other => {
            return Err(FieldError::invalid(
                operator_path,
                BadValue::string(other),
                "not a valid selector operator",
            ))
        }
    };
    let values = fields.strings("values")?;
    let values_path = path.child("values");
    match operator {
        Operator::In | Operator::NotIn if values.is_empty() => {
            return Err(FieldError::required(
                values_path,
                "must be specified when `operator` is 'In' or 'NotIn'",
            ))
        }
        Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
            return Err(FieldError::forbidden(
                values_path,
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            ))
        }
        _ => {}
    }
    for (i, v) in values.iter().enumerate() {
        check_value(v, &values_path.index(i))?;
    }
    Ok(Requirement {
        key: key.to_string(),
        operator,
        values,
    })
}

fn check_key(key: &str, path: &FieldPath) -> Result<(), FieldError> {
    match formats::is_label_key(key.as_bytes()).into_iter().next() {
        None => Ok(()),
        Some(msg) => Err(FieldError::invalid(
            path.clone(),
            BadValue::string(key),
            msg,
        )),
    }
}

fn check_value(value: &str, path: &FieldPath) -> Result<(), FieldError> {
    match formats::is_label_value(value.as_bytes()).into_iter().next() {
        None => Ok(()),
        Some(msg) => Err(FieldError::invalid(
            path.clone(),
            BadValue::string(value),
            msg,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn labels(pairs: &[(&str, &str)]) -> Labels {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn selector(v: Value) -> LabelSelector {
        LabelSelector::parse(&v, &FieldPath::root().child("selector")).unwrap()
    }

    fn error(v: Value) -> String {
        LabelSelector::parse(&v, &FieldPath::root().child("selector"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn empty_selectors_select_everything() {
        for v in [
            json!({}),
            json!({"matchLabels": {}, "matchExpressions": []}),
            json!({"matchLabels": null, "matchExpressions": null}),
        ] {
            let s = selector(v);
            assert!(s.is_empty());
            assert!(s.matches(&Labels::new()));
            assert!(s.matches(&labels(&[("a", "b")])));
        }
        assert!(LabelSelector::everything().is_empty());
    }

    #[test]
    fn each_operator_tests_presence_and_value() {
        let none = Labels::new();
        let prod = labels(&[("env", "prod")]);
        let dev = labels(&[("env", "dev")]);
        let cases = [
            (
                json!({"matchLabels": {"env": "prod"}}),
                [false, true, false],
            ),
            (
                json!({"matchExpressions": [{"key": "env", "operator": "In", "values": ["prod", "qa"]}]}),
                [false, true, false],
            ),
            (
                json!({"matchExpressions": [{"key": "env", "operator": "NotIn", "values": ["prod"]}]}),
                [true, false, true],
            ),
            (
                json!({"matchExpressions": [{"key": "env", "operator": "Exists"}]}),
                [false, true, true],
            ),
            (
                json!({"matchExpressions": [{"key": "env", "operator": "DoesNotExist", "values": []}]}),
                [true, false, false],
            ),
        ];
        for (v, want) in cases {
            let s = selector(v.clone());
            let got = [s.matches(&none), s.matches(&prod), s.matches(&dev)];
            assert_eq!(got, want, "{v}");
        }
    }

    #[test]
    fn all_requirements_must_hold_and_the_first_unmet_is_reported_by_key() {
        let s = selector(json!({
            "matchLabels": {"tier": "web"},
            "matchExpressions": [{"key": "app", "operator": "In", "values": ["shop", "cart"]}],
        }));
        assert_eq!(s.to_string(), "app in (cart,shop),tier=web");
        assert!(s.matches(&labels(&[("app", "shop"), ("tier", "web")])));
        let only_tier = labels(&[("tier", "web")]);
        assert_eq!(
            s.first_unmet(&only_tier).unwrap().to_string(),
            "app in (cart,shop)"
        );
        let only_app = labels(&[("app", "cart"), ("tier", "db")]);
        assert_eq!(s.first_unmet(&only_app).unwrap().to_string(), "tier=web");
    }

    #[test]
    fn malformed_selectors_say_where_and_what() {
        assert_eq!(
            error(json!({"matchExpressions": [{"key": "a", "operator": "in", "values": ["x"]}]})),
            "selector.matchExpressions[0].operator: Invalid value: \"in\": not a valid selector operator"
        );
        assert_eq!(
            error(json!({"matchExpressions": [{"key": "a", "operator": "NotIn"}]})),
            "selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"
        );
        assert_eq!(
            error(json!({"matchExpressions": [{"key": "a", "operator": "Exists", "values": ["x"]}]})),
            "selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
        );
        assert!(error(json!({"matchLabels": {"bad key": "x"}})).starts_with(
            "selector.matchLabels: Invalid value: \"bad key\": name part must consist of"
        ));
        assert!(error(json!({"matchLabels": {"k": "-x"}}))
            .starts_with("selector.matchLabels: Invalid value: \"-x\": a valid label must be"));
        assert!(error(json!({"matchExpressions": [{"key": "a", "operator": "In", "values": ["ok", "no way"]}]}))
            .starts_with("selector.matchExpressions[0].values[1]: Invalid value: \"no way\""));
        assert_eq!(
            error(json!({"matchLabels": {"k": 1}})),
            "selector.matchLabels[k]: Invalid value: 1: expected a string"
        );
        assert_eq!(
            error(json!({"matchExpressions": {"key": "a"}})),
            "selector.matchExpressions: Invalid value: {\"key\":\"a\"}: expected a list"
        );
        assert_eq!(
            error(json!({"matchLabel": {"k": "v"}})),
            "selector.matchLabel: Invalid value: value provided for unknown field"
        );
        assert_eq!(
            error(json!("app=web")),
            "selector: Invalid value: \"app=web\": expected an object"
        );
    }
}
