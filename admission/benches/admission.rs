//! Admission speed, side by side: one Deployment CREATE against ten ValidatingAdmissionPolicies,
//! each bound by its own binding to its own param object.
//!
//! - kubeidl: `kubeidl_admission::admit` with the whole configuration: every policy's match
//!   constraints and every binding's are matched against the request, each binding's param is
//!   found by name and namespace, the expressions run (messageExpressions on failure) and the
//!   decision is the apiserver's Status, warnings and audit annotations.
//! - kube-cel 0.8: its `VapEvaluator`, given the same expressions, compiled once per policy
//!   outside the loop; per request, an evaluator per policy (each has its own params, and the
//!   evaluator takes them by value) evaluates them. It does no matching, binding or param
//!   lookup, so it is given only the policies that apply.
//!
//! Both are run on a request every policy admits, and on one that two policies deny; before
//! measuring, the bench checks that both give the same verdicts.
//!
//! - chain: the admission chain as far as the library runs it: ten MutatingAdmissionPolicies
//!   (five apply configurations, five JSON patches, one binding each), applied by
//!   `kubeidl_admission::mutate` with their reinvocation, then the ten validating policies on
//!   the mutated object; beside `kubeidl_admit`, the validating policies alone. No peer applies
//!   MutatingAdmissionPolicies.
//!
//! Run: `cargo bench -p kubeidl-admission --bench admission`

use kubeidl_admission::{
    admit, labels_of, mutate, Attributes, Binding, ClusterSchemas, Configuration, GroupVersionKind,
    GroupVersionResource, MutatingPolicy, Operation, Policy, Request, UserInfo,
};
use serde_json::{json, Value};
use std::sync::OnceLock;

fn main() {
    divan::main();
}

/// The ten policies' validations and the param each reads: (name, expression,
/// messageExpression, params).
const POLICIES: [(&str, &str, &str, &str); 10] = [
    (
        "replica-limit",
        "object.spec.replicas <= params.maxReplicas",
        "'object.spec.replicas must be no greater than ' + string(params.maxReplicas)",
        r#"{"maxReplicas": 5}"#,
    ),
    (
        "registry",
        "object.spec.template.spec.containers.all(c, c.image.startsWith(params.registry))",
        "'images must come from ' + params.registry",
        r#"{"registry": "registry.example.com/"}"#,
    ),
    (
        "required-label",
        "has(object.metadata.labels) && params.label in object.metadata.labels",
        "'the label ' + params.label + ' is required'",
        r#"{"label": "team"}"#,
    ),
    (
        "limits",
        "object.spec.template.spec.containers.all(c, has(c.resources) && has(c.resources.limits) && params.resource in c.resources.limits)",
        "'every container must set a ' + params.resource + ' limit'",
        r#"{"resource": "memory"}"#,
    ),
    (
        "name-length",
        "size(object.metadata.name) <= params.maxLength",
        "'names are at most ' + string(params.maxLength) + ' characters'",
        r#"{"maxLength": 40}"#,
    ),
    (
        "no-latest",
        "object.spec.template.spec.containers.all(c, !c.image.endsWith(params.forbiddenTag))",
        "'the tag ' + params.forbiddenTag + ' is not allowed'",
        r#"{"forbiddenTag": ":latest"}"#,
    ),
    (
        "host-network",
        "!has(object.spec.template.spec.hostNetwork) || object.spec.template.spec.hostNetwork == params.allowHostNetwork",
        "'hostNetwork is not allowed'",
        r#"{"allowHostNetwork": false}"#,
    ),
    (
        "namespaces",
        "request.namespace in params.namespaces",
        "'namespace ' + request.namespace + ' is not allowed'",
        r#"{"namespaces": ["prod", "staging"]}"#,
    ),
    (
        "ports",
        "object.spec.template.spec.containers.all(c, !has(c.ports) || c.ports.all(p, p.containerPort >= params.minPort))",
        "'ports below ' + string(params.minPort) + ' are not allowed'",
        r#"{"minPort": 1024}"#,
    ),
    (
        "blocked-user",
        "!(request.userInfo.username in params.blockedUsers)",
        "'user ' + request.userInfo.username + ' may not deploy'",
        r#"{"blockedUsers": ["mallory", "eve"]}"#,
    ),
];

fn policy(name: &str, expression: &str, message: &str) -> Value {
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicy",
        "metadata": {"name": name},
        "spec": {
            "failurePolicy": "Fail",
            "paramKind": {"apiVersion": "bench.example.com/v1", "kind": "Limits"},
            "matchConstraints": {"resourceRules": [{
                "apiGroups": ["apps"], "apiVersions": ["v1"],
                "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]
            }]},
            "validations": [{"expression": expression, "messageExpression": message}]
        }
    })
}

fn binding(name: &str) -> Value {
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicyBinding",
        "metadata": {"name": format!("{name}-binding")},
        "spec": {
            "policyName": name,
            "validationActions": ["Deny"],
            "paramRef": {"name": name, "namespace": "prod", "parameterNotFoundAction": "Deny"},
            "matchResources": {"namespaceSelector": {"matchLabels": {"environment": "prod"}}}
        }
    })
}

fn param(name: &str, fields: &str) -> Value {
    let mut param: Value = serde_json::from_str(fields).expect("param fields are JSON");
    param["apiVersion"] = json!("bench.example.com/v1");
    param["kind"] = json!("Limits");
    param["metadata"] = json!({"name": name, "namespace": "prod"});
    param
}

fn configuration() -> &'static Configuration {
    static CONFIG: OnceLock<Configuration> = OnceLock::new();
    CONFIG.get_or_init(validating)
}

fn validating() -> Configuration {
    Configuration {
        policies: POLICIES
            .iter()
            .map(|(name, e, m, _)| Policy::from_json(&policy(name, e, m)).expect("policy"))
            .collect(),
        bindings: POLICIES
            .iter()
            .map(|(name, ..)| Binding::from_json(&binding(name)).expect("binding"))
            .collect(),
        params: POLICIES.iter().map(|(n, .., p)| param(n, p)).collect(),
        namespaces: vec![json!({"apiVersion": "v1", "kind": "Namespace",
            "metadata": {"name": "prod", "labels": {"environment": "prod", "kubernetes.io/metadata.name": "prod"}}})],
        ..Configuration::default()
    }
}

/// The ten mutating policies: (name, patch type, expression).
const MUTATIONS: [(&str, &str, &str); 10] = [
    (
        "managed-by",
        "ApplyConfiguration",
        r#"Object{metadata: Object.metadata{labels: {"app.kubernetes.io/managed-by": "platform"}}}"#,
    ),
    (
        "min-replicas",
        "ApplyConfiguration",
        "Object{spec: Object.spec{replicas: object.spec.replicas < 2 ? 2 : object.spec.replicas}}",
    ),
    (
        "checked",
        "ApplyConfiguration",
        r#"Object{metadata: Object.metadata{annotations: {"platform.example.com/checked": "true"}}}"#,
    ),
    (
        "region-env",
        "ApplyConfiguration",
        r#"Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: object.spec.template.spec.containers.map(c, Object.spec.template.spec.containers{name: c.name, env: [Object.spec.template.spec.containers.env{name: "REGION", value: "eu-west-1"}]})}}}}"#,
    ),
    (
        "template-label",
        "ApplyConfiguration",
        r#"Object{spec: Object.spec{template: Object.spec.template{metadata: Object.spec.template.metadata{labels: {"platform.example.com/injected": "true"}}}}}"#,
    ),
    (
        "history",
        "JSONPatch",
        r#"[JSONPatch{op: "add", path: "/spec/revisionHistoryLimit", value: 5}]"#,
    ),
    (
        "owner-annotation",
        "JSONPatch",
        r#"[JSONPatch{op: "add", path: "/metadata/annotations/" + jsonpatch.escapeKey("platform.example.com/owner"), value: request.userInfo.username}]"#,
    ),
    (
        "seccomp",
        "JSONPatch",
        r#"has(object.spec.template.spec.securityContext) ? [] : [JSONPatch{op: "add", path: "/spec/template/spec/securityContext", value: Object.spec.template.spec.securityContext{seccompProfile: Object.spec.template.spec.securityContext.seccompProfile{type: "RuntimeDefault"}}}]"#,
    ),
    (
        "progress-deadline",
        "JSONPatch",
        r#"[JSONPatch{op: "test", path: "/spec/replicas", value: object.spec.replicas}, JSONPatch{op: "add", path: "/spec/progressDeadlineSeconds", value: 300}]"#,
    ),
    (
        "termination-grace",
        "JSONPatch",
        r#"[JSONPatch{op: "add", path: "/spec/template/spec/terminationGracePeriodSeconds", value: 20}]"#,
    ),
];

fn mutating_policy(name: &str, patch_type: &str, expression: &str) -> Value {
    let member = match patch_type {
        "JSONPatch" => "jsonPatch",
        _ => "applyConfiguration",
    };
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1beta1",
        "kind": "MutatingAdmissionPolicy",
        "metadata": {"name": name},
        "spec": {
            "failurePolicy": "Fail",
            "reinvocationPolicy": "IfNeeded",
            "matchConstraints": {"resourceRules": [{
                "apiGroups": ["apps"], "apiVersions": ["v1"],
                "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]
            }]},
            "mutations": [{"patchType": patch_type, member: {"expression": expression}}]
        }
    })
}

/// The validating configuration with the ten mutating policies and the schemas they merge by.
fn chain_configuration() -> &'static Configuration {
    static CONFIG: OnceLock<Configuration> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let release = kubeidl::kube::release("1.35").expect("embedded 1.35");
        let mut config = validating();
        config.schemas = Some(std::sync::Arc::new(ClusterSchemas::new(&release)));
        for (name, patch_type, expression) in MUTATIONS {
            let policy = mutating_policy(name, patch_type, expression);
            config
                .mutating_policies
                .push(MutatingPolicy::from_json(&policy).expect("mutating policy"));
            let binding = json!({"metadata": {"name": format!("{name}-binding")}, "spec": {"policyName": name}});
            config
                .mutating_bindings
                .push(Binding::mutating_from_json(&binding).expect("binding"));
        }
        config
    })
}

fn deployment(replicas: i64, image: &str) -> Value {
    json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "prod", "labels": {"app": "web", "team": "shop"}},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {"containers": [
                    {"name": "web", "image": image,
                     "ports": [{"containerPort": 8080}],
                     "resources": {"limits": {"cpu": "500m", "memory": "128Mi"}}},
                    {"name": "proxy", "image": "registry.example.com/envoy:1.31",
                     "ports": [{"containerPort": 9901}],
                     "resources": {"limits": {"memory": "64Mi"}}}
                ]}
            }
        }
    })
}

/// A request every policy admits, and one the replica and registry policies deny.
fn objects() -> [(&'static str, Value, bool); 2] {
    [
        (
            "admitted",
            deployment(3, "registry.example.com/web:1.4"),
            true,
        ),
        ("denied", deployment(8, "docker.io/web:1.4"), false),
    ]
}

fn attributes(object: Value) -> Attributes {
    Attributes {
        request: Request {
            operation: Operation::Create,
            resource: GroupVersionResource::new("apps", "v1", "deployments"),
            subresource: String::new(),
            kind: GroupVersionKind::new("apps", "v1", "Deployment"),
            name: "web".into(),
            namespace: "prod".into(),
            namespaced: true,
            object_labels: labels_of(&object).expect("labels"),
            old_object_labels: None,
            namespace_labels: Some(
                [
                    ("environment", "prod"),
                    ("kubernetes.io/metadata.name", "prod"),
                ]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ),
        },
        object,
        old_object: Value::Null,
        user: UserInfo {
            username: "ann".into(),
            groups: vec!["developers".into()],
            ..UserInfo::default()
        },
        dry_run: false,
        options: Value::Null,
    }
}

mod kubeidl_admit {
    use super::*;

    fn run(bencher: divan::Bencher, case: usize) {
        let config = configuration();
        let (_, object, admitted) = objects()[case].clone();
        let request = attributes(object);
        let response = admit(config, &request);
        assert_eq!(response.allowed(), admitted, "{:?}", response.denied);
        bencher.bench(|| admit(config, divan::black_box(&request)).allowed());
    }

    #[divan::bench]
    fn admitted(bencher: divan::Bencher) {
        run(bencher, 0);
    }

    #[divan::bench]
    fn denied(bencher: divan::Bencher) {
        run(bencher, 1);
    }
}

mod kube_cel_vap {
    use super::*;
    use kube_cel::{
        AdmissionRequest, CompiledVapExpression, VapError, VapEvaluator, VapExpression,
    };

    type Compiled = Vec<Result<CompiledVapExpression, VapError>>;

    /// Each policy's expressions compiled once, with its params.
    fn compiled() -> Vec<(Compiled, Value)> {
        let compiler = VapEvaluator::builder().build();
        POLICIES
            .iter()
            .map(|(name, expression, message, _)| {
                let expression = VapExpression {
                    expression: expression.to_string(),
                    message: None,
                    message_expression: Some(message.to_string()),
                };
                let compiled = compiler.compile_expressions(&[expression]);
                let params = configuration()
                    .params
                    .iter()
                    .find(|p| p["metadata"]["name"] == *name)
                    .expect("param")
                    .clone();
                (compiled, params)
            })
            .collect()
    }

    fn request() -> AdmissionRequest {
        AdmissionRequest {
            operation: "CREATE".into(),
            username: "ann".into(),
            groups: vec!["developers".into()],
            name: "web".into(),
            namespace: "prod".into(),
            kind: kube_cel::GroupVersionKind {
                group: "apps".into(),
                version: "v1".into(),
                kind: "Deployment".into(),
            },
            resource: kube_cel::GroupVersionResource {
                group: "apps".into(),
                version: "v1".into(),
                resource: "deployments".into(),
            },
            ..AdmissionRequest::default()
        }
    }

    /// Whether every policy passes, as kube-cel evaluates them.
    fn evaluate(
        policies: &[(Compiled, Value)],
        object: &Value,
        request: &AdmissionRequest,
    ) -> bool {
        let mut passed = true;
        for (compiled, params) in policies {
            let evaluator = VapEvaluator::builder()
                .object(object.clone())
                .request(request.clone())
                .params(params.clone())
                .build();
            for result in evaluator.evaluate_compiled(compiled) {
                passed &= result.passed;
            }
        }
        passed
    }

    fn run(bencher: divan::Bencher, case: usize) {
        let policies = compiled();
        let (_, object, admitted) = objects()[case].clone();
        let request = request();
        assert_eq!(evaluate(&policies, &object, &request), admitted);
        bencher.bench(|| evaluate(&policies, divan::black_box(&object), &request));
    }

    #[divan::bench]
    fn admitted(bencher: divan::Bencher) {
        run(bencher, 0);
    }

    #[divan::bench]
    fn denied(bencher: divan::Bencher) {
        run(bencher, 1);
    }
}

mod chain {
    use super::*;

    /// The mutating policies, then the validating ones on what they made.
    fn run_chain(config: &Configuration, request: &Attributes) -> bool {
        let mutated = mutate(config, request);
        if mutated.denied.is_some() {
            return false;
        }
        let request = Attributes {
            object: mutated.object,
            ..request.clone()
        };
        admit(config, &request).allowed()
    }

    #[divan::bench]
    fn admitted(bencher: divan::Bencher) {
        let config = chain_configuration();
        let (_, object, _) = objects()[0].clone();
        let request = attributes(object);
        let mutated = mutate(config, &request);
        assert_eq!(mutated.denied, None);
        // Every policy applied, and each IfNeeded one once more.
        assert_eq!(mutated.applied, 20, "{:#?}", mutated.trace);
        assert_eq!(
            mutated.object["spec"]["progressDeadlineSeconds"],
            json!(300)
        );
        assert!(run_chain(config, &request));
        bencher.bench(|| run_chain(config, divan::black_box(&request)));
    }
}
