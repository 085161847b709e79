//! Request matching as the behaviour spec (`reference/admission.md`) lays it out, section by
//! section: defaulting (§2), namespace selector (§3.1), object selector (§3.2), selector errors
//! (§3.3), exclude rules (§3.4), resource rules and equivalents (§3.5), bindings (§3.6) and
//! webhooks (§13). Rule tables of §3 are tested next to the rules in `rules.rs`.

use super::*;
use serde_json::{json, Value};

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A namespaced request in namespace `shop` (labels `env=prod`) for object `web`.
fn request(op: Operation, gvr: (&str, &str, &str), kind: &str) -> Request {
    Request {
        operation: op,
        resource: GroupVersionResource::new(gvr.0, gvr.1, gvr.2),
        subresource: String::new(),
        kind: GroupVersionKind::new(gvr.0, gvr.1, kind),
        name: "web".to_string(),
        namespace: "shop".to_string(),
        namespaced: true,
        object_labels: Some(Labels::new()),
        old_object_labels: Some(Labels::new()),
        namespace_labels: Some(labels(&[("env", "prod")])),
    }
}

fn pod(op: Operation) -> Request {
    request(op, ("", "v1", "pods"), "Pod")
}

/// A request on the Namespace `name`, as discovery describes namespaces (cluster-scoped).
fn namespace_request(op: Operation, name: &str) -> Request {
    Request {
        name: name.to_string(),
        namespace: String::new(),
        namespaced: false,
        namespace_labels: None,
        ..request(op, ("", "v1", "namespaces"), "Namespace")
    }
}

fn rule(groups: &[&str], versions: &[&str], resources: &[&str]) -> Value {
    json!({"operations": ["*"], "apiGroups": groups, "apiVersions": versions, "resources": resources})
}

fn policy(constraints: Value) -> MatchResources {
    MatchResources::of_policy(&json!({"spec": {"matchConstraints": constraints}})).unwrap()
}

fn binding(resources: Value) -> MatchResources {
    MatchResources::of_binding(&json!({"spec": {"matchResources": resources}}))
        .unwrap()
        .unwrap()
}

fn every_resource() -> Value {
    rule(&["*"], &["*"], &["*/*"])
}

fn not_matched(d: Decision) -> Mismatch {
    match d {
        Decision::NotMatched(m) => m,
        other => panic!("expected no match, got {other:?}"),
    }
}

fn matched(d: Decision) -> Matched {
    match d {
        Decision::Matched(m) => m,
        other => panic!("expected a match, got {other:?}"),
    }
}

fn requirement(selector: &Value) -> Requirement {
    let s = LabelSelector::parse(selector, &kubeidl::errors::FieldPath::root()).unwrap();
    s.requirements()[0].clone()
}

/// Deployments as older clusters served them, in registration order.
fn deployment_versions() -> Vec<EquivalentResource> {
    [
        ("apps", "v1"),
        ("apps", "v1beta1"),
        ("extensions", "v1beta1"),
    ]
    .iter()
    .map(|(g, v)| {
        EquivalentResource::new(
            GroupVersionResource::new(g, v, "deployments"),
            GroupVersionKind::new(g, v, "Deployment"),
        )
    })
    .collect()
}

fn deployment(group: &str, version: &str) -> Request {
    request(
        Operation::Create,
        (group, version, "deployments"),
        "Deployment",
    )
}

// §2: defaulting that must precede matching.

#[test]
fn match_policy_defaults_to_equivalent_and_exact_must_be_asked_for() {
    let rules = json!([rule(&["apps"], &["v1"], &["deployments"])]);
    let defaulted = policy(json!({ "resourceRules": rules }));
    let m = matched(matches(
        &defaulted,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert!(m.equivalent);
    assert_eq!(
        m.resource,
        GroupVersionResource::new("apps", "v1", "deployments")
    );

    let exact = policy(json!({"resourceRules": rules, "matchPolicy": "Exact"}));
    let why = not_matched(matches(
        &exact,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!(
        why,
        Mismatch::NoRule {
            misses: vec![RuleMiss::ApiVersion],
            equivalents: vec![]
        }
    );
}

#[test]
fn unset_selectors_select_everything_even_where_no_namespace_is_known() {
    let p = policy(json!({"resourceRules": [every_resource()]}));
    let q = Request {
        namespace_labels: None,
        object_labels: None,
        ..pod(Operation::Create)
    };
    assert!(matches(&p, &q, &[]).is_match());
}

// §3.1: namespace selector.

fn prod_only() -> MatchResources {
    policy(json!({
        "resourceRules": [every_resource()],
        "namespaceSelector": {"matchLabels": {"env": "prod"}},
    }))
}

#[test]
fn namespaced_requests_are_judged_by_their_namespace_labels() {
    assert!(matches(&prod_only(), &pod(Operation::Create), &[]).is_match());
    let dev = Request {
        namespace: "lab".to_string(),
        namespace_labels: Some(labels(&[("env", "dev")])),
        ..pod(Operation::Create)
    };
    let why = not_matched(matches(&prod_only(), &dev, &[]));
    assert_eq!(
        why,
        Mismatch::NamespaceSelector {
            namespace: "lab".to_string(),
            unmet: requirement(&json!({"matchLabels": {"env": "prod"}})),
        }
    );
    assert_eq!(
        why.to_string(),
        "namespaceSelector does not select namespace \"lab\": env=prod is not met"
    );
}

#[test]
fn cluster_scoped_objects_other_than_namespaces_are_never_filtered_by_namespace() {
    let node = Request {
        namespace: "ignored".to_string(),
        namespaced: false,
        namespace_labels: None,
        ..request(Operation::Update, ("", "v1", "nodes"), "Node")
    };
    assert_eq!(node.admission_namespace(), "");
    let m = matched(matches(&prod_only(), &node, &[]));
    assert_eq!(m.rule, Some(0));
}

#[test]
fn a_missing_namespace_is_an_error_only_when_the_rules_match() {
    let q = Request {
        namespace: "gone".to_string(),
        namespace_labels: None,
        ..pod(Operation::Create)
    };
    let d = matches(&prod_only(), &q, &[]);
    assert_eq!(
        d,
        Decision::Error(MatchError::NamespaceNotFound("gone".to_string()))
    );
    assert_eq!(d.to_string(), "error: namespaces \"gone\" not found");

    let other_rules = policy(json!({
        "resourceRules": [rule(&["apps"], &["*"], &["*"])],
        "namespaceSelector": {"matchLabels": {"env": "prod"}},
    }));
    let why = not_matched(matches(&other_rules, &q, &[]));
    assert!(matches!(why, Mismatch::NoRule { .. }), "{why:?}");

    // An object selector that rejects without error also wins over the namespace error.
    let by_object = policy(json!({
        "resourceRules": [every_resource()],
        "namespaceSelector": {"matchLabels": {"env": "prod"}},
        "objectSelector": {"matchLabels": {"app": "web"}},
    }));
    let why = not_matched(matches(&by_object, &q, &[]));
    assert!(matches!(why, Mismatch::ObjectSelector { .. }), "{why:?}");
}

#[test]
fn a_namespace_being_created_or_updated_is_judged_by_its_new_labels() {
    for op in [Operation::Create, Operation::Update] {
        let selected = Request {
            object_labels: Some(labels(&[("env", "prod")])),
            old_object_labels: Some(labels(&[("env", "dev")])),
            namespace_labels: Some(labels(&[("env", "dev")])),
            ..namespace_request(op, "shop")
        };
        assert!(matches(&prod_only(), &selected, &[]).is_match(), "{op}");
        let rejected = Request {
            object_labels: Some(labels(&[("env", "dev")])),
            old_object_labels: Some(labels(&[("env", "prod")])),
            namespace_labels: Some(labels(&[("env", "prod")])),
            ..namespace_request(op, "shop")
        };
        let why = not_matched(matches(&prod_only(), &rejected, &[]));
        assert!(
            matches!(&why, Mismatch::NamespaceSelector { namespace, .. } if namespace == "shop"),
            "{op}: {why:?}"
        );
    }
    let without_object = Request {
        object_labels: None,
        ..namespace_request(Operation::Create, "shop")
    };
    assert_eq!(
        matches(&prod_only(), &without_object, &[]),
        Decision::Error(MatchError::NoNamespaceObject)
    );
}

#[test]
fn a_namespace_deleted_or_reached_through_a_subresource_is_judged_as_stored() {
    let deleted = Request {
        object_labels: None,
        old_object_labels: Some(labels(&[("env", "prod")])),
        namespace_labels: Some(labels(&[("env", "prod")])),
        ..namespace_request(Operation::Delete, "shop")
    };
    assert_eq!(deleted.admission_namespace(), "shop");
    assert!(matches(&prod_only(), &deleted, &[]).is_match());
    let finalize = Request {
        subresource: "finalize".to_string(),
        object_labels: Some(labels(&[("env", "prod")])),
        namespace_labels: Some(labels(&[("env", "dev")])),
        ..namespace_request(Operation::Update, "shop")
    };
    assert!(!matches(&prod_only(), &finalize, &[]).is_match());
    let stored_gone = Request {
        namespace_labels: None,
        ..finalize
    };
    assert_eq!(
        matches(&prod_only(), &stored_gone, &[]),
        Decision::Error(MatchError::NamespaceNotFound("shop".to_string()))
    );
}

#[test]
fn namespaces_carry_their_name_label_whatever_the_input_says() {
    let not_system = policy(json!({
        "resourceRules": [every_resource()],
        "namespaceSelector": {"matchExpressions": [
            {"key": "kubernetes.io/metadata.name", "operator": "NotIn", "values": ["kube-system"]}
        ]},
    }));
    let in_system = Request {
        namespace: "kube-system".to_string(),
        namespace_labels: Some(Labels::new()),
        ..pod(Operation::Create)
    };
    let why = not_matched(matches(&not_system, &in_system, &[]));
    assert_eq!(
        why.to_string(),
        "namespaceSelector does not select namespace \"kube-system\": kubernetes.io/metadata.name notin (kube-system) is not met"
    );
    let forged = Request {
        namespace_labels: Some(labels(&[("kubernetes.io/metadata.name", "other")])),
        ..in_system.clone()
    };
    assert!(!matches(&not_system, &forged, &[]).is_match());
    assert!(matches(&not_system, &pod(Operation::Create), &[]).is_match());
    let created = Request {
        object_labels: Some(Labels::new()),
        ..namespace_request(Operation::Create, "kube-system")
    };
    assert!(!matches(&not_system, &created, &[]).is_match());
}

#[test]
fn the_namespace_of_a_request_follows_the_apiserver_convention() {
    let create = namespace_request(Operation::Create, "team-a");
    assert_eq!(create.admission_namespace(), "");
    for op in [Operation::Update, Operation::Delete] {
        assert_eq!(
            namespace_request(op, "team-a").admission_namespace(),
            "team-a"
        );
    }
    let status = Request {
        subresource: "status".to_string(),
        ..namespace_request(Operation::Update, "team-a")
    };
    assert_eq!(status.admission_namespace(), "team-a");
    assert_eq!(pod(Operation::Create).admission_namespace(), "shop");
}

// §3.2: object selector, over the new and the old object.

fn labelled_web() -> MatchResources {
    policy(json!({
        "resourceRules": [every_resource()],
        "objectSelector": {"matchLabels": {"app": "web"}},
    }))
}

#[test]
fn either_the_new_or_the_old_object_may_be_selected() {
    let web = Some(labels(&[("app", "web")]));
    let db = Some(labels(&[("app", "db")]));
    let cases = [
        (web.clone(), db.clone(), true),
        (db.clone(), web.clone(), true),
        (web.clone(), web.clone(), true),
        (db.clone(), db.clone(), false),
    ];
    for (new, old, selected) in cases {
        let q = Request {
            object_labels: new.clone(),
            old_object_labels: old.clone(),
            ..pod(Operation::Update)
        };
        assert_eq!(
            matches(&labelled_web(), &q, &[]).is_match(),
            selected,
            "{new:?} {old:?}"
        );
    }
    let neither = Request {
        object_labels: db.clone(),
        old_object_labels: Some(Labels::new()),
        ..pod(Operation::Update)
    };
    let app_web = requirement(&json!({"matchLabels": {"app": "web"}}));
    assert_eq!(
        not_matched(matches(&labelled_web(), &neither, &[])),
        Mismatch::ObjectSelector {
            object: ObjectMiss::Unmet(app_web.clone()),
            old_object: ObjectMiss::Unmet(app_web),
        }
    );
}

#[test]
fn a_delete_is_judged_by_the_old_object_alone() {
    let q = Request {
        object_labels: None,
        old_object_labels: Some(labels(&[("app", "web")])),
        ..pod(Operation::Delete)
    };
    assert!(matches(&labelled_web(), &q, &[]).is_match());

    // A new object given for a DELETE is not consulted: the apiserver has none.
    let stray = Request {
        object_labels: Some(labels(&[("app", "web")])),
        old_object_labels: Some(labels(&[("app", "db")])),
        ..pod(Operation::Delete)
    };
    assert!(!matches(&labelled_web(), &stray, &[]).is_match());

    // The missing object does not satisfy even a negative selector.
    let not_web = policy(json!({
        "resourceRules": [every_resource()],
        "objectSelector": {"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["web"]}]},
    }));
    let why = not_matched(matches(&not_web, &q, &[]));
    assert_eq!(
        why,
        Mismatch::ObjectSelector {
            object: ObjectMiss::Absent,
            old_object: ObjectMiss::Unmet(requirement(
                &json!({"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["web"]}]})
            )),
        }
    );
    assert_eq!(
        why.to_string(),
        "objectSelector selects neither the object (there is none) nor the old object (app notin (web) is not met)"
    );
}

#[test]
fn requests_without_objects_are_never_selected() {
    let absent = policy(json!({
        "resourceRules": [every_resource()],
        "objectSelector": {"matchExpressions": [{"key": "skip", "operator": "DoesNotExist"}]},
    }));
    // CONNECT carries an options kind without metadata, and has no old object.
    let exec = Request {
        subresource: "exec".to_string(),
        kind: GroupVersionKind::new("", "v1", "PodExecOptions"),
        object_labels: None,
        old_object_labels: Some(Labels::new()),
        ..pod(Operation::Connect)
    };
    assert_eq!(
        not_matched(matches(&absent, &exec, &[])),
        Mismatch::ObjectSelector {
            object: ObjectMiss::Absent,
            old_object: ObjectMiss::Absent,
        }
    );
    // The same selector selects a CREATE of an object without the label.
    assert!(matches(&absent, &pod(Operation::Create), &[]).is_match());
}

#[test]
fn labels_are_read_from_object_json() {
    assert_eq!(labels_of(&Value::Null).unwrap(), None);
    assert_eq!(
        labels_of(&json!({"kind": "Pod"})).unwrap(),
        Some(Labels::new())
    );
    assert_eq!(
        labels_of(&json!({"metadata": {"name": "a", "labels": null}})).unwrap(),
        Some(Labels::new())
    );
    assert_eq!(
        labels_of(&json!({"metadata": {"labels": {"app": "web", "tier": "front"}}})).unwrap(),
        Some(labels(&[("app", "web"), ("tier", "front")]))
    );
    assert_eq!(
        labels_of(&json!({"metadata": {"labels": {"replicas": 3}}}))
            .unwrap_err()
            .to_string(),
        "metadata.labels[replicas]: Invalid value: 3: expected a string"
    );
    assert_eq!(
        labels_of(&json!({"metadata": []})).unwrap_err().to_string(),
        "metadata: Invalid value: []: expected an object"
    );
}

// §3.4: exclude rules.

#[test]
fn exclude_rules_win_and_may_name_objects() {
    let p = policy(json!({
        "resourceRules": [every_resource()],
        "excludeResourceRules": [
            rule(&["apps"], &["*"], &["*"]),
            {"operations": ["*"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"], "resourceNames": ["keep"]},
        ],
    }));
    let kept = Request {
        name: "keep".to_string(),
        ..pod(Operation::Update)
    };
    let why = not_matched(matches(&p, &kept, &[]));
    assert_eq!(
        why,
        Mismatch::Excluded {
            rule: 1,
            resource: GroupVersionResource::new("", "v1", "pods")
        }
    );
    assert_eq!(
        why.to_string(),
        "excludeResourceRules[1] matches /v1, Resource=pods"
    );
    assert!(matches(&p, &pod(Operation::Update), &[]).is_match());
    assert!(!matches(&p, &deployment("apps", "v1"), &[]).is_match());
}

#[test]
fn exclude_rules_reach_equivalent_resources_too() {
    let p = policy(json!({
        "resourceRules": [every_resource()],
        "excludeResourceRules": [rule(&["apps"], &["v1"], &["deployments"])],
    }));
    let why = not_matched(matches(
        &p,
        &deployment("extensions", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!(
        why,
        Mismatch::Excluded {
            rule: 0,
            resource: GroupVersionResource::new("apps", "v1", "deployments")
        }
    );
    let exact = policy(json!({
        "resourceRules": [every_resource()],
        "excludeResourceRules": [rule(&["apps"], &["v1"], &["deployments"])],
        "matchPolicy": "Exact",
    }));
    let m = matched(matches(
        &exact,
        &deployment("extensions", "v1beta1"),
        &deployment_versions(),
    ));
    assert!(!m.equivalent);
}

// §3.5: resource rules, resource names, equivalent resources.

#[test]
fn resource_names_narrow_a_rule_and_the_next_rule_is_tried() {
    let p = policy(json!({"resourceRules": [
        {"operations": ["*"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"], "resourceNames": ["api"]},
        {"operations": ["DELETE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]},
    ]}));
    let api = Request {
        name: "api".to_string(),
        ..pod(Operation::Create)
    };
    assert_eq!(matched(matches(&p, &api, &[])).rule, Some(0));
    assert_eq!(
        matched(matches(&p, &pod(Operation::Delete), &[])).rule,
        Some(1)
    );
    let why = not_matched(matches(&p, &pod(Operation::Create), &[]));
    assert_eq!(
        why.to_string(),
        "no rule matches: rule 0 differs in resource name, rule 1 differs in operation"
    );
    // A CREATE relying on generateName has no name yet.
    let generated = Request {
        name: String::new(),
        ..pod(Operation::Create)
    };
    assert!(!matches(&p, &generated, &[]).is_match());
}

#[test]
fn a_rule_for_one_version_matches_others_only_as_equivalents() {
    let p = policy(json!({"resourceRules": [rule(&["apps"], &["v1"], &["deployments"])]}));
    for (group, version) in [("extensions", "v1beta1"), ("apps", "v1beta1")] {
        let m = matched(matches(
            &p,
            &deployment(group, version),
            &deployment_versions(),
        ));
        assert_eq!(
            m,
            Matched {
                resource: GroupVersionResource::new("apps", "v1", "deployments"),
                kind: GroupVersionKind::new("apps", "v1", "Deployment"),
                rule: Some(0),
                equivalent: true,
            },
            "{group}/{version}"
        );
    }
    let own = matched(matches(
        &p,
        &deployment("apps", "v1"),
        &deployment_versions(),
    ));
    assert!(!own.equivalent);
    // Without equivalents known, nothing else matches; the tried list says so.
    let why = not_matched(matches(&p, &deployment("apps", "v1beta1"), &[]));
    assert_eq!(
        why,
        Mismatch::NoRule {
            misses: vec![RuleMiss::ApiVersion],
            equivalents: vec![]
        }
    );
    let unrelated = policy(json!({"resourceRules": [rule(&["batch"], &["v1"], &["jobs"])]}));
    let why = not_matched(matches(
        &unrelated,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!(
        why.to_string(),
        "no rule matches: rule 0 differs in API group; nor for the equivalent resources apps/v1, Resource=deployments, extensions/v1beta1, Resource=deployments"
    );
}

#[test]
fn every_rule_is_tried_on_the_request_before_any_equivalent() {
    let p = policy(json!({"resourceRules": [
        rule(&["apps"], &["v1"], &["deployments"]),
        rule(&["apps"], &["v1beta1"], &["deployments"]),
    ]}));
    let m = matched(matches(
        &p,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!((m.rule, m.equivalent), (Some(1), false));
}

#[test]
fn rule_order_wins_over_the_order_of_equivalents() {
    let p = policy(json!({"resourceRules": [
        rule(&["extensions"], &["v1beta1"], &["deployments"]),
        rule(&["apps"], &["v1"], &["deployments"]),
    ]}));
    let m = matched(matches(
        &p,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!(
        m.resource,
        GroupVersionResource::new("extensions", "v1beta1", "deployments")
    );
    assert_eq!(
        m.kind,
        GroupVersionKind::new("extensions", "v1beta1", "Deployment")
    );
    assert_eq!(m.rule, Some(0));
}

#[test]
fn an_equivalent_subresource_brings_its_own_kind() {
    let p = policy(
        json!({"resourceRules": [rule(&["extensions"], &["v1beta1"], &["deployments/scale"])]}),
    );
    let scale = Request {
        subresource: "scale".to_string(),
        kind: GroupVersionKind::new("autoscaling", "v1", "Scale"),
        ..request(Operation::Update, ("apps", "v1", "deployments"), "Scale")
    };
    let equivalents = [
        EquivalentResource::new(
            GroupVersionResource::new("apps", "v1", "deployments"),
            GroupVersionKind::new("autoscaling", "v1", "Scale"),
        ),
        EquivalentResource::new(
            GroupVersionResource::new("extensions", "v1beta1", "deployments"),
            GroupVersionKind::new("extensions", "v1beta1", "Scale"),
        ),
    ];
    let m = matched(matches(&p, &scale, &equivalents));
    assert_eq!(
        m.kind,
        GroupVersionKind::new("extensions", "v1beta1", "Scale")
    );
    assert_eq!(
        matches(&p, &scale, &equivalents).to_string(),
        "matched by rule 0 through the equivalent extensions/v1beta1, Resource=deployments (extensions/v1beta1, Kind=Scale)"
    );
}

#[test]
fn an_equivalent_of_unknown_kind_is_an_error_once_its_rule_matches() {
    let unknown = vec![EquivalentResource::new(
        GroupVersionResource::new("apps", "v1", "deployments"),
        GroupVersionKind::new("", "", ""),
    )];
    let p = policy(json!({"resourceRules": [rule(&["apps"], &["v1"], &["deployments"])]}));
    let d = matches(&p, &deployment("apps", "v1beta1"), &unknown);
    assert_eq!(
        d.to_string(),
        "error: unable to convert to apps/v1, Resource=deployments: unknown kind"
    );
    // The kind is needed before the names are compared.
    let named = policy(json!({"resourceRules": [
        {"operations": ["*"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"], "resourceNames": ["other"]}
    ]}));
    assert!(matches!(
        matches(&named, &deployment("apps", "v1beta1"), &unknown),
        Decision::Error(MatchError::UnknownKind(_))
    ));
    // A rule that does not match the equivalent never asks for its kind.
    let batch = policy(json!({"resourceRules": [rule(&["batch"], &["v1"], &["jobs"])]}));
    assert!(matches!(
        matches(&batch, &deployment("apps", "v1beta1"), &unknown),
        Decision::NotMatched(_)
    ));
}

#[test]
fn embedded_discovery_gives_the_versions_of_a_resource() {
    let release = kubeidl::kube::release("1.35").unwrap();
    let v2 = GroupVersionResource::new("autoscaling", "v2", "horizontalpodautoscalers");
    let q = Request {
        resource: v2.clone(),
        kind: GroupVersionKind::new("autoscaling", "v2", "HorizontalPodAutoscaler"),
        ..pod(Operation::Create)
    };
    let p = policy(
        json!({"resourceRules": [rule(&["autoscaling"], &["v1"], &["horizontalpodautoscalers"])]}),
    );
    let m = matched(matches(&p, &q, &equivalents_in(&release, &v2, "")));
    assert_eq!(
        m.kind,
        GroupVersionKind::new("autoscaling", "v1", "HorizontalPodAutoscaler")
    );
    assert!(m.equivalent);
}

#[test]
fn among_equivalents_one_rule_admits_the_first_in_version_priority_wins() {
    let release = kubeidl::kube::release("1.35").unwrap();
    let v1 = GroupVersionResource::new("resource.k8s.io", "v1", "resourceclaims");
    let q = Request {
        resource: v1.clone(),
        kind: GroupVersionKind::new("resource.k8s.io", "v1", "ResourceClaim"),
        ..pod(Operation::Create)
    };
    let p = policy(json!({"resourceRules": [
        rule(&["resource.k8s.io"], &["v1beta1", "v1beta2"], &["resourceclaims"])
    ]}));
    let m = matched(matches(&p, &q, &equivalents_in(&release, &v1, "")));
    assert_eq!(
        m.kind,
        GroupVersionKind::new("resource.k8s.io", "v1beta2", "ResourceClaim")
    );
}

// §3.6: bindings.

#[test]
fn a_binding_without_rules_matches_as_the_request_stands() {
    let b = binding(json!({}));
    assert_eq!(b.owner, Owner::Binding);
    let q = deployment("apps", "v1beta1");
    assert_eq!(
        matched(matches(&b, &q, &deployment_versions())),
        Matched {
            resource: q.resource.clone(),
            kind: q.kind.clone(),
            rule: None,
            equivalent: false,
        }
    );
    let prod = binding(json!({"namespaceSelector": {"matchLabels": {"env": "prod"}}}));
    assert!(matches(&prod, &q, &[]).is_match());
    let elsewhere = Request {
        namespace_labels: Some(labels(&[("env", "dev")])),
        ..q
    };
    assert!(!matches(&prod, &elsewhere, &[]).is_match());
    // Exclude rules still apply to a binding without resource rules.
    let no_apps = binding(json!({"excludeResourceRules": [rule(&["apps"], &["*"], &["*"])]}));
    assert!(matches!(
        not_matched(matches(&no_apps, &elsewhere, &[])),
        Mismatch::Excluded { rule: 0, .. }
    ));
}

// §13: webhooks share the predicates, without exclude rules and resource names.

fn webhook(hook: Value) -> MatchResources {
    MatchResources::of_webhook(
        &hook,
        &kubeidl::errors::FieldPath::root()
            .child("webhooks")
            .index(0),
    )
    .unwrap()
}

#[test]
fn a_webhook_without_rules_is_never_called() {
    let w = webhook(json!({"name": "noop.example.com"}));
    let why = not_matched(matches(&w, &pod(Operation::Create), &[]));
    assert_eq!(
        why,
        Mismatch::NoRule {
            misses: vec![],
            equivalents: vec![]
        }
    );
    assert_eq!(why.to_string(), "there are no rules");
}

#[test]
fn webhook_rules_match_like_policy_rules_including_equivalents() {
    let w = webhook(json!({
        "name": "deploy.example.com",
        "rules": [{"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"], "scope": "Namespaced"}],
        "objectSelector": {"matchExpressions": [{"key": "skip-webhook", "operator": "DoesNotExist"}]},
    }));
    let m = matched(matches(
        &w,
        &deployment("apps", "v1beta1"),
        &deployment_versions(),
    ));
    assert_eq!(
        m.resource,
        GroupVersionResource::new("apps", "v1", "deployments")
    );
    let skipped = Request {
        object_labels: Some(labels(&[("skip-webhook", "")])),
        ..deployment("apps", "v1")
    };
    assert!(!matches(&w, &skipped, &[]).is_match());
    let exact = webhook(json!({
        "rules": [{"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["deployments"]}],
        "matchPolicy": "Exact",
    }));
    assert!(!matches(
        &exact,
        &deployment("apps", "v1beta1"),
        &deployment_versions()
    )
    .is_match());
}
