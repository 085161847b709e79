//! The match criteria of the three objects that pick requests: a ValidatingAdmissionPolicy's
//! `spec.matchConstraints`, a binding's `spec.matchResources`, and one webhook of a webhook
//! configuration. Read from JSON with the API's defaults applied, because the apiserver only
//! ever matches defaulted objects and its runtime treats an unset field differently from its
//! default (`matchPolicy` unset would mean `Exact`, selectors unset would match nothing):
//! `matchPolicy: Equivalent`, both selectors `{}`, each rule's `scope: "*"`.

use crate::fields::{expected, one_of, Fields};
use crate::rules::Rule;
use crate::selector::LabelSelector;
use kubeidl::errors::{FieldError, FieldPath};
use serde_json::Value;

/// Whether a rule written for one version also catches the same resource requested at another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MatchPolicy {
    /// Only the versions the rules name.
    Exact,
    /// Also any version of the same stored resource: a rule for `apps/v1 deployments` catches a
    /// request made as `apps/v1beta1 deployments`. The API's default.
    #[default]
    Equivalent,
}

/// Which object the criteria belong to: they share the algorithm but differ at the edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// `ValidatingAdmissionPolicy.spec.matchConstraints`: at least one resource rule.
    Policy,
    /// `ValidatingAdmissionPolicyBinding.spec.matchResources`: without resource rules it
    /// matches every request its policy matched.
    Binding,
    /// A webhook: no `excludeResourceRules` and no `resourceNames`; without rules it matches
    /// nothing.
    Webhook,
}

/// Which requests a policy, binding or webhook applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResources {
    pub owner: Owner,
    /// Selects by the labels of the request's namespace.
    pub namespace_selector: LabelSelector,
    /// Selects by the labels of the object or the old object.
    pub object_selector: LabelSelector,
    /// `resourceRules`, or a webhook's `rules`.
    pub resource_rules: Vec<Rule>,
    pub exclude_resource_rules: Vec<Rule>,
    pub match_policy: MatchPolicy,
}

const MATCH_RESOURCES_FIELDS: &[&str] = &[
    "namespaceSelector",
    "objectSelector",
    "resourceRules",
    "excludeResourceRules",
    "matchPolicy",
];

impl MatchResources {
    /// The `spec.matchConstraints` of a ValidatingAdmissionPolicy (the whole object), which the
    /// API requires, with at least one resource rule.
    pub fn of_policy(policy: &Value) -> Result<MatchResources, FieldError> {
        let spec_path = FieldPath::root().child("spec");
        let Some(spec) = policy.get("spec").filter(|s| !s.is_null()) else {
            return Err(FieldError::required(spec_path, ""));
        };
        let at = spec_path.child("matchConstraints");
        let Some(constraints) = spec.get("matchConstraints").filter(|c| !c.is_null()) else {
            return Err(FieldError::required(at, ""));
        };
        let criteria = MatchResources::parse(constraints, &at, Owner::Policy)?;
        if criteria.resource_rules.is_empty() {
            return Err(FieldError::required(at.child("resourceRules"), ""));
        }
        Ok(criteria)
    }

    /// The `spec.matchResources` of a ValidatingAdmissionPolicyBinding (the whole object), or
    /// `None` when it has none and so applies wherever its policy does.
    pub fn of_binding(binding: &Value) -> Result<Option<MatchResources>, FieldError> {
        let at = FieldPath::root().child("spec").child("matchResources");
        match binding.get("spec").and_then(|s| s.get("matchResources")) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => MatchResources::parse(v, &at, Owner::Binding).map(Some),
        }
    }

    /// The criteria of one webhook of a Validating- or MutatingWebhookConfiguration (`webhook`
    /// is the entry, `path` where it stands, such as `webhooks[0]`). Only the fields matching
    /// reads are looked at: `rules`, `namespaceSelector`, `objectSelector`, `matchPolicy`.
    pub fn of_webhook(webhook: &Value, path: &FieldPath) -> Result<MatchResources, FieldError> {
        if !webhook.is_object() {
            return Err(expected(webhook, path, "an object"));
        }
        let resource_rules = match webhook.get("rules") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => {
                let at = path.child("rules");
                let items = v.as_array().ok_or_else(|| expected(v, &at, "a list"))?;
                items
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Rule::parse(r, &at.index(i), false))
                    .collect::<Result<_, _>>()?
            }
        };
        let (namespace_selector, object_selector, match_policy) =
            selectors_and_policy(webhook, path)?;
        Ok(MatchResources {
            owner: Owner::Webhook,
            namespace_selector,
            object_selector,
            resource_rules,
            exclude_resource_rules: Vec::new(),
            match_policy,
        })
    }

    /// A `MatchResources` object at `path`.
    fn parse(value: &Value, path: &FieldPath, owner: Owner) -> Result<MatchResources, FieldError> {
        let fields = Fields::of(value, path, MATCH_RESOURCES_FIELDS)?;
        let rules = |name: &str| -> Result<Vec<Rule>, FieldError> {
            fields
                .list(name)?
                .into_iter()
                .map(|(r, at)| Rule::parse(r, &at, true))
                .collect()
        };
        let (namespace_selector, object_selector, match_policy) =
            selectors_and_policy(value, path)?;
        Ok(MatchResources {
            owner,
            namespace_selector,
            object_selector,
            resource_rules: rules("resourceRules")?,
            exclude_resource_rules: rules("excludeResourceRules")?,
            match_policy,
        })
    }
}

/// The namespace selector, object selector and match policy of an object (a `MatchResources`
/// or a webhook), defaulted.
fn selectors_and_policy(
    value: &Value,
    path: &FieldPath,
) -> Result<(LabelSelector, LabelSelector, MatchPolicy), FieldError> {
    let selector = |name: &str| match value.get(name) {
        None | Some(Value::Null) => Ok(LabelSelector::everything()),
        Some(v) => LabelSelector::parse(v, &path.child(name)),
    };
    let match_policy = match value.get("matchPolicy") {
        None | Some(Value::Null) => MatchPolicy::Equivalent,
        Some(v) => {
            let at = path.child("matchPolicy");
            let s = v.as_str().ok_or_else(|| expected(v, &at, "a string"))?;
            match one_of(s, &at, &["Equivalent", "Exact"])? {
                "Exact" => MatchPolicy::Exact,
                _ => MatchPolicy::Equivalent,
            }
        }
    };
    Ok((
        selector("namespaceSelector")?,
        selector("objectSelector")?,
        match_policy,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Scope;
    use serde_json::json;

    #[test]
    fn unset_fields_take_the_api_defaults() {
        for constraints in [
            json!({"resourceRules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]}]}),
            json!({
                "resourceRules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"], "scope": null}],
                "namespaceSelector": null, "objectSelector": null, "matchPolicy": null, "excludeResourceRules": null,
            }),
        ] {
            let policy = json!({"spec": {"matchConstraints": constraints}});
            let m = MatchResources::of_policy(&policy).unwrap();
            assert_eq!(m.owner, Owner::Policy);
            assert_eq!(m.match_policy, MatchPolicy::Equivalent);
            assert!(m.namespace_selector.is_empty());
            assert!(m.object_selector.is_empty());
            assert_eq!(m.resource_rules.len(), 1);
            assert_eq!(m.resource_rules[0].scope, Scope::All);
            assert!(m.resource_rules[0].resource_names.is_empty());
            assert!(m.exclude_resource_rules.is_empty());
        }
    }

    #[test]
    fn set_fields_are_kept() {
        let binding = json!({"spec": {"matchResources": {
            "matchPolicy": "Exact",
            "namespaceSelector": {"matchLabels": {"env": "prod"}},
            "objectSelector": {"matchExpressions": [{"key": "skip", "operator": "DoesNotExist"}]},
            "excludeResourceRules": [{"operations": ["DELETE"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Cluster", "resourceNames": ["keep"]}],
        }}});
        let m = MatchResources::of_binding(&binding).unwrap().unwrap();
        assert_eq!(m.owner, Owner::Binding);
        assert_eq!(m.match_policy, MatchPolicy::Exact);
        assert_eq!(m.namespace_selector.to_string(), "env=prod");
        assert_eq!(m.object_selector.to_string(), "!skip");
        assert!(m.resource_rules.is_empty());
        let exclude = &m.exclude_resource_rules[0];
        assert_eq!(exclude.scope, Scope::Cluster);
        assert_eq!(exclude.resource_names, ["keep"]);
    }

    #[test]
    fn a_binding_without_match_resources_has_none() {
        for binding in [
            json!({"spec": {"policyName": "p"}}),
            json!({"spec": {"policyName": "p", "matchResources": null}}),
            json!({}),
        ] {
            assert_eq!(MatchResources::of_binding(&binding).unwrap(), None);
        }
    }

    #[test]
    fn a_policy_needs_match_constraints_with_rules() {
        let error = |v: Value| MatchResources::of_policy(&v).unwrap_err().to_string();
        assert_eq!(error(json!({})), "spec: Required value");
        assert_eq!(
            error(json!({"spec": {"validations": []}})),
            "spec.matchConstraints: Required value"
        );
        assert_eq!(
            error(json!({"spec": {"matchConstraints": {}}})),
            "spec.matchConstraints.resourceRules: Required value"
        );
    }

    #[test]
    fn malformed_criteria_say_where_and_what() {
        let error = |v: Value| MatchResources::of_binding(&v).unwrap_err().to_string();
        assert_eq!(
            error(json!({"spec": {"matchResources": {"matchPolicy": "exact"}}})),
            "spec.matchResources.matchPolicy: Unsupported value: \"exact\": supported values: \"Equivalent\", \"Exact\""
        );
        assert_eq!(
            error(json!({"spec": {"matchResources": {"namespaceSelecter": {}}}})),
            "spec.matchResources.namespaceSelecter: Invalid value: value provided for unknown field"
        );
        assert_eq!(
            error(json!({"spec": {"matchResources": {"resourceRules": {}}}})),
            "spec.matchResources.resourceRules: Invalid value: {}: expected a list"
        );
        assert_eq!(
            error(json!({"spec": {"matchResources": {"objectSelector": {"matchLabels": {"a": "b c"}}}}})),
            "spec.matchResources.objectSelector.matchLabels: Invalid value: \"b c\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
        );
        assert_eq!(
            error(json!({"spec": {"matchResources": {"excludeResourceRules": [{"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Global"}]}}})),
            "spec.matchResources.excludeResourceRules[0].scope: Unsupported value: \"Global\": supported values: \"*\", \"Cluster\", \"Namespaced\""
        );
        assert_eq!(
            error(json!({"spec": {"matchResources": []}})),
            "spec.matchResources: Invalid value: []: expected an object"
        );
    }

    #[test]
    fn webhooks_default_alike_and_have_plain_rules() {
        let hook = json!({
            "name": "check.example.com",
            "clientConfig": {"service": {"name": "s", "namespace": "n"}},
            "rules": [{"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"]}],
            "sideEffects": "None",
            "admissionReviewVersions": ["v1"],
        });
        let at = FieldPath::root().child("webhooks").index(2);
        let m = MatchResources::of_webhook(&hook, &at).unwrap();
        assert_eq!(m.owner, Owner::Webhook);
        assert_eq!(m.match_policy, MatchPolicy::Equivalent);
        assert!(m.namespace_selector.is_empty() && m.object_selector.is_empty());
        assert_eq!(m.resource_rules.len(), 1);
        assert_eq!(m.resource_rules[0].scope, Scope::All);

        let named = json!({"rules": [{"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"], "resourceNames": ["x"]}]});
        assert_eq!(
            MatchResources::of_webhook(&named, &at)
                .unwrap_err()
                .to_string(),
            "webhooks[2].rules[0].resourceNames: Invalid value: value provided for unknown field"
        );
        let no_rules = MatchResources::of_webhook(&json!({"name": "x"}), &at).unwrap();
        assert!(no_rules.resource_rules.is_empty());
    }
}
