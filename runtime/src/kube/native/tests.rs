//! Cases of the hand-written validation, each from the Go `validation_test.go` next to the rule
//! (inputs reduced to what the rule reads, texts as the apiserver prints them).

use super::{native_check, native_kinds, pod, workloads};
use crate::errors::FieldError;
use serde_json::{json, Value};

fn texts(errors: Vec<FieldError>) -> Vec<String> {
    errors.iter().map(ToString::to_string).collect()
}

/// What validating `object` as the newest embedded release's kind gives: the schema (with the
/// rules overlay.tags declares as tags) and the hand-written check together.
fn validated(object: &Value) -> Vec<String> {
    static CATALOG: std::sync::OnceLock<crate::validate::Catalog> = std::sync::OnceLock::new();
    let catalog = CATALOG.get_or_init(|| {
        let mut catalog = crate::validate::Catalog::new();
        let release = crate::kube::release(crate::kube::NEWEST).unwrap();
        catalog.add_release(&release).unwrap();
        catalog
    });
    let gvk = crate::validate::Gvk::of(
        object["apiVersion"].as_str().unwrap_or_default(),
        object["kind"].as_str().unwrap_or_default(),
    );
    let validator = catalog.validator(&gvk);
    let validator = validator.as_ref().as_ref().expect("a built-in kind");
    texts(validator.validate(object).errors)
}

/// A Deployment of `template_spec` whose selector selects `app: web`.
fn deployment(template_spec: Value) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
           "spec": {"selector": {"matchLabels": {"app": "web"}},
                    "template": {"metadata": {"labels": {"app": "web"}}, "spec": template_spec}}})
}

fn container(extra: Value) -> Value {
    let mut c = json!({"name": "app", "image": "nginx"});
    c.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    c
}

#[test]
fn a_valid_deployment_passes() {
    let d = deployment(json!({"containers": [container(json!({
        "ports": [{"name": "http", "containerPort": 80}],
        "env": [{"name": "POD_NAME", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
                {"name": "LABEL", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['app']"}}},
                {"name": "CPU", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu"}}}],
        "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}, "limits": {"cpu": 1, "memory": "128Mi"}},
        "volumeMounts": [{"name": "data", "mountPath": "/data", "subPath": "app"}],
        "livenessProbe": {"httpGet": {"path": "/", "port": "http"}},
        "readinessProbe": {"tcpSocket": {"port": 80}}}))],
        "volumes": [{"name": "data", "emptyDir": {}}],
        "tolerations": [{"operator": "Exists"}, {"key": "k", "value": "v", "effect": "NoSchedule"}],
        "affinity": {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
            {"weight": 100, "podAffinityTerm": {"topologyKey": "kubernetes.io/hostname",
             "labelSelector": {"matchLabels": {"app": "web"}}}}]}}}));
    assert_eq!(texts(workloads::deployment(&d)), Vec::<String>::new());
}

#[test]
fn the_issue_deployment_gets_every_error() {
    // A selector that does not select its template, OnFailure, no image, port 70000, requests
    // above limits (kubernetes issue 44's manifest, duplicate name aside: the schema finds it).
    let mut d = deployment(json!({"restartPolicy": "OnFailure", "containers": [
        {"name": "app", "ports": [{"containerPort": 70000}],
         "resources": {"requests": {"cpu": "2"}, "limits": {"cpu": "1"}}}]}));
    d["spec"]["template"]["metadata"]["labels"] = json!({"app": "other"});
    assert_eq!(
        texts(workloads::deployment(&d)),
        [
            "spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`",
            "spec.template.spec.containers[0].image: Required value",
            "spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
            "spec.template.spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1",
            "spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"",
        ]
    );
}

#[test]
fn deployment_selectors() {
    // TestValidateDeployment: "empty selector", "selector_doesnt_match".
    let mut d = deployment(json!({"containers": [container(json!({}))]}));
    d["spec"]["selector"] = json!({});
    assert_eq!(
        texts(workloads::deployment(&d)),
        ["spec.selector: Invalid value: {}: empty selector is invalid for deployment"]
    );
    d["spec"]["selector"] =
        json!({"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["web"]}]});
    assert_eq!(texts(workloads::deployment(&d)).len(), 1);
    d["spec"]["selector"] =
        json!({"matchExpressions": [{"key": "app", "operator": "In", "values": ["web", "db"]}]});
    assert!(workloads::deployment(&d).is_empty());
}

#[test]
fn deployment_strategies() {
    // TestValidateDeployment: rollingUpdate with both 0, maxUnavailable over 100%, Recreate with
    // rollingUpdate, negative minReadySeconds, progressDeadlineSeconds not above minReadySeconds.
    let mut d = deployment(json!({"containers": [container(json!({}))]}));
    d["spec"]["strategy"] =
        json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 0, "maxUnavailable": 0}});
    assert_eq!(
        texts(workloads::deployment(&d)),
        ["spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"]
    );
    d["spec"]["strategy"] = json!({"rollingUpdate": {"maxUnavailable": "110%"}});
    assert_eq!(
        texts(workloads::deployment(&d)),
        ["spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"110%\": must not be greater than 100%"]
    );
    d["spec"]["strategy"] = json!({"type": "Recreate", "rollingUpdate": {"maxSurge": 1}});
    assert_eq!(
        texts(workloads::deployment(&d)),
        ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]
    );
    d["spec"]["strategy"] = json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "200%", "maxUnavailable": 0}});
    assert!(
        workloads::deployment(&d).is_empty(),
        "a surge may exceed 100%"
    );
    d["spec"]["strategy"] = json!(null);
    d["spec"]["minReadySeconds"] = json!(600);
    assert_eq!(
        texts(workloads::deployment(&d)),
        ["spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds"]
    );
    d["spec"]["minReadySeconds"] = json!(-1);
    // The bound is a tag on DeploymentSpec (overlay.tags), checked with the schema.
    assert!(workloads::deployment(&d).is_empty());
    assert_eq!(
        validated(&d),
        ["spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0"]
    );
}

#[test]
fn replica_sets_and_daemon_sets() {
    let mut rs =
        deployment(json!({"containers": [container(json!({}))], "activeDeadlineSeconds": 10}));
    rs["kind"] = json!("ReplicaSet");
    rs["spec"]["replicas"] = json!(-1);
    assert_eq!(
        validated(&rs),
        [
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported",
        ]
    );
    let mut ds = deployment(json!({"containers": [container(json!({}))]}));
    ds["spec"]["updateStrategy"] =
        json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1}});
    assert_eq!(
        texts(workloads::daemon_set(&ds)),
        ["spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero"]
    );
    ds["spec"]["updateStrategy"]["rollingUpdate"] = json!({"maxSurge": 1, "maxUnavailable": 0});
    assert!(workloads::daemon_set(&ds).is_empty());
    ds["spec"]["selector"] = json!({"matchLabels": {}});
    assert_eq!(
        texts(workloads::daemon_set(&ds)),
        ["spec.selector: Invalid value: {}: empty selector is invalid for daemonset"]
    );
}

#[test]
fn stateful_set_claims_are_volumes() {
    let mut sts = deployment(json!({"containers": [container(json!({
        "volumeMounts": [{"name": "data", "mountPath": "/data"}, {"name": "logs", "mountPath": "/logs"}]}))]}));
    sts["spec"]["volumeClaimTemplates"] = json!([{"metadata": {"name": "data"}}]);
    assert_eq!(
        texts(workloads::stateful_set(&sts)),
        ["spec.template.spec.containers[0].volumeMounts[1].name: Not found: \"logs\""]
    );
}

#[test]
fn replication_controllers_default_their_selector() {
    let rc = json!({"spec": {"template": {"metadata": {"labels": {"a": "b"}},
                    "spec": {"containers": [{"name": "c", "image": "i"}]}}}});
    assert!(workloads::replication_controller(&rc).is_empty());
    let mut other = rc.clone();
    other["spec"]["selector"] = json!({"a": "c"});
    assert_eq!(
        texts(workloads::replication_controller(&other)),
        ["spec.template.metadata.labels: Invalid value: {\"a\":\"b\"}: `selector` does not match template `labels`"]
    );
    let bare =
        json!({"spec": {"template": {"spec": {"containers": [{"name": "c", "image": "i"}]}}}});
    assert_eq!(
        texts(workloads::replication_controller(&bare)),
        ["spec.selector: Required value"]
    );
}

#[test]
fn jobs_must_not_restart_always() {
    // TestValidateJob: "restartPolicy Always" and the default.
    let job = |restart: Value| {
        json!({"metadata": {"name": "pi"}, "spec": {"template": {"spec": {"restartPolicy": restart,
              "containers": [{"name": "pi", "image": "perl"}]}}}})
    };
    let required =
        "spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"";
    assert_eq!(texts(workloads::job(&job(json!("Always")))), [required]);
    assert_eq!(texts(workloads::job(&job(Value::Null))), [required]);
    assert!(workloads::job(&job(json!("Never"))).is_empty());
    let mut indexed = job(json!("Never"));
    indexed["metadata"]["name"] = json!("a".repeat(62));
    indexed["spec"]["completionMode"] = json!("Indexed");
    indexed["spec"]["completions"] = json!(10);
    indexed["spec"]["parallelism"] = json!(-1);
    indexed["apiVersion"] = json!("batch/v1");
    indexed["kind"] = json!("Job");
    assert_eq!(
        validated(&indexed),
        [
            "spec.parallelism: Invalid value: -1: must be greater than or equal to 0".to_string(),
            format!("metadata.name: Invalid value: \"{0}\": will not able to create pod with invalid DNS label: {0}-9", "a".repeat(62)),
        ]
    );
}

#[test]
fn cron_jobs() {
    let cron = |schedule: &str| {
        json!({"metadata": {"name": "nightly"}, "spec": {"schedule": schedule, "jobTemplate": {"spec": {
            "template": {"spec": {"restartPolicy": "OnFailure", "containers": [{"name": "c", "image": "busybox"}]}}}}}})
    };
    assert!(workloads::cron_job(&cron("0 3 * * *")).is_empty());
    assert!(workloads::cron_job(&cron("@daily")).is_empty());
    assert_eq!(
        texts(workloads::cron_job(&cron("every day"))),
        ["spec.schedule: Invalid value: \"every day\": expected exactly 5 fields, found 2: [every day]"]
    );
    let mut long = cron("0 3 * * *");
    long["metadata"]["name"] = json!("n".repeat(53));
    long["spec"]["jobTemplate"]["spec"]["selector"] = json!({"matchLabels": {"a": "b"}});
    assert_eq!(
        texts(workloads::cron_job(&long)),
        [
            format!("metadata.name: Invalid value: \"{}\": must be no more than 52 characters", "n".repeat(53)),
            "spec.jobTemplate.spec.selector: Invalid value: {\"matchLabels\":{\"a\":\"b\"}}: `selector` will be auto-generated".to_string(),
        ]
    );
}

#[test]
fn containers() {
    // TestValidateContainers: duplicate names across init and regular containers, bad port
    // names, env sources, envFrom, mounts of unknown volumes, probes.
    let spec = json!({
        "initContainers": [{"name": "app", "image": "i", "livenessProbe": {"exec": {"command": ["true"]}}}],
        "containers": [container(json!({
            "ports": [{"name": "HTTP", "containerPort": 80}, {"name": "a", "containerPort": 0, "hostPort": 70000}],
            "env": [{"name": "A=B", "value": "x"},
                    {"name": "B", "valueFrom": {}},
                    {"name": "C", "value": "x", "valueFrom": {"configMapKeyRef": {"name": "cm", "key": "bad key"}}},
                    {"name": "D", "valueFrom": {"fieldRef": {"fieldPath": "spec.restartPolicy"}}},
                    {"name": "E", "valueFrom": {"fieldRef": {"fieldPath": "metadata.nope"}}}],
            "envFrom": [{"prefix": "P_", "configMapRef": {"name": "cm"}, "secretRef": {"name": "s"}}],
            "volumeMounts": [{"name": "missing", "mountPath": "/a", "subPath": "../up"}, {"name": "v", "mountPath": "/a"}],
            "startupProbe": {"httpGet": {"port": 80}, "exec": {"command": ["x"]}, "successThreshold": 2},
            "readinessProbe": {}}))],
        "volumes": [{"name": "v", "emptyDir": {}}]});
    let d = deployment(spec);
    let c = "spec.template.spec.containers[0]";
    assert_eq!(
        texts(workloads::deployment(&d)),
        [
            format!("{c}.ports[0].name: Invalid value: \"HTTP\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"),
            format!("{c}.ports[0].name: Invalid value: \"HTTP\": must contain at least one letter (a-z)"),
            format!("{c}.ports[1].containerPort: Required value"),
            format!("{c}.ports[1].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive"),
            format!("{c}.env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='"),
            format!("{c}.env[1].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"),
            format!("{c}.env[2].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty"),
            format!("{c}.env[2].valueFrom.configMapKeyRef.key: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"),
            format!("{c}.env[3].valueFrom.fieldRef.fieldPath: Unsupported value: \"spec.restartPolicy\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""),
            format!("{c}.env[4].valueFrom.fieldRef.fieldPath: Invalid value: \"metadata.nope\": error converting fieldPath: field label not supported: metadata.nope"),
            format!("{c}.envFrom: Invalid value: \"\": may not have more than one field specified at a time"),
            format!("{c}.volumeMounts[0].name: Not found: \"missing\""),
            format!("{c}.volumeMounts.subPath: Invalid value: \"../up\": must not contain '..'"),
            format!("{c}.volumeMounts[1].mountPath: Invalid value: \"/a\": must be unique"),
            format!("{c}.readinessProbe: Required value: must specify a handler type"),
            format!("{c}.startupProbe.httpGet: Forbidden: may not specify more than 1 handler type"),
            format!("{c}.startupProbe.successThreshold: Invalid value: 2: must be 1"),
            "spec.template.spec.initContainers[0].name: Duplicate value: \"app\"".to_string(),
            "spec.template.spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always".to_string(),
        ]
    );
}

#[test]
fn pod_level_settings() {
    let spec = json!({
        "hostNetwork": true,
        "containers": [container(json!({"ports": [{"containerPort": 80, "hostPort": 8080}]}))],
        "volumes": [{"name": "Data", "emptyDir": {}, "hostPath": {"path": "/a/../b"}},
                    {"name": "s", "secret": {"defaultMode": 1000, "items": [{"key": "k", "path": "/abs"}]}}],
        "nodeSelector": {"disk": "ssd!"},
        "activeDeadlineSeconds": 0,
        "tolerations": [{"operator": "Equal", "value": "v"}, {"key": "k", "operator": "Exists", "value": "v"},
                        {"key": "k", "tolerationSeconds": 5, "effect": "NoSchedule"}],
        "dnsPolicy": "None",
        "topologySpreadConstraints": [{"maxSkew": 0, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule"},
                                      {"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule"}],
        "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": []}},
                     "podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {}}]}},
        "securityContext": {"runAsUser": -1}});
    let errors = texts(pod::pod(&json!({"spec": spec})));
    assert_eq!(
        errors,
        [
            "spec.volumes[0].name: Invalid value: \"Data\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.volumes[0].emptyDir: Forbidden: may not specify more than 1 volume type",
            "spec.volumes[0].hostPath.path: Invalid value: \"/a/../b\": must not contain '..'",
            "spec.volumes[1].secret.secretName: Required value",
            "spec.volumes[1].secret.defaultMode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive",
            "spec.volumes[1].secret.items[0].path: Invalid value: \"/abs\": must be a relative path",
            "spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true",
            "spec.nodeSelector: Invalid value: \"ssd!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
            "spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive",
            "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term",
            "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty",
            "spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None",
            "spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero",
            "spec.topologySpreadConstraints[1].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{zone, DoNotSchedule}\"",
            "spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive",
            "spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            "spec.tolerations[1].operator: Invalid value: {\"Key\":\"k\",\"Operator\":\"Exists\",\"Value\":\"v\",\"Effect\":\"\",\"TolerationSeconds\":null}: value must be empty when `operator` is 'Exists'",
            "spec.tolerations[2].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
        ]
    );
}

#[test]
fn pods_only() {
    let p = json!({"spec": {"containers": [{"name": "c", "image": " nginx"}], "ephemeralContainers": [{"name": "e", "image": "x"}]}});
    assert_eq!(
        texts(pod::pod(&p)),
        [
            "spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace",
            "spec.ephemeralContainers: Forbidden: cannot be set on create",
        ]
    );
}

#[test]
fn every_modelled_kind_declares_its_check() {
    // The embedded schemas name each kind's check (x-kubeidl-native, from overlay.tags).
    let kinds: Vec<(String, String, String)> = native_kinds();
    let named: Vec<(&str, &str, &str)> = kinds
        .iter()
        .map(|(g, k, c)| (g.as_str(), k.as_str(), c.as_str()))
        .collect();
    let expected = [
        ("", "ConfigMap", "ValidateConfigMap"),
        ("", "Namespace", "ValidateNamespace"),
        ("", "PersistentVolumeClaim", "ValidatePersistentVolumeClaim"),
        ("", "Pod", "ValidatePodCreate"),
        ("", "PodTemplate", "ValidatePodTemplate"),
        ("", "ReplicationController", "ValidateReplicationController"),
        ("", "Secret", "ValidateSecret"),
        ("", "Service", "ValidateServiceCreate"),
        ("apps", "DaemonSet", "ValidateDaemonSet"),
        ("apps", "Deployment", "ValidateDeployment"),
        ("apps", "ReplicaSet", "ValidateReplicaSet"),
        ("apps", "StatefulSet", "ValidateStatefulSet"),
        (
            "autoscaling",
            "HorizontalPodAutoscaler",
            "ValidateHorizontalPodAutoscaler",
        ),
        ("batch", "CronJob", "ValidateCronJobCreate"),
        ("batch", "Job", "ValidateJob"),
        ("networking.k8s.io", "Ingress", "ValidateIngressCreate"),
        ("networking.k8s.io", "IngressClass", "ValidateIngressClass"),
        (
            "networking.k8s.io",
            "NetworkPolicy",
            "ValidateNetworkPolicy",
        ),
        (
            "policy",
            "PodDisruptionBudget",
            "ValidatePodDisruptionBudget",
        ),
        (
            "rbac.authorization.k8s.io",
            "ClusterRole",
            "ValidateClusterRole",
        ),
        (
            "rbac.authorization.k8s.io",
            "ClusterRoleBinding",
            "ValidateClusterRoleBinding",
        ),
        ("rbac.authorization.k8s.io", "Role", "ValidateRole"),
        (
            "rbac.authorization.k8s.io",
            "RoleBinding",
            "ValidateRoleBinding",
        ),
        (
            "scheduling.k8s.io",
            "PriorityClass",
            "ValidatePriorityClass",
        ),
        ("storage.k8s.io", "StorageClass", "ValidateStorageClass"),
    ];
    assert_eq!(named, expected);
    for (group, kind, _) in named {
        assert!(native_check(group, kind).is_some(), "{group}/{kind}");
    }
    assert!(native_check("apps", "Pod").is_none());
    // Every check kubeidl has is declared on some kind.
    for (name, _) in super::native_checks() {
        assert!(expected.iter().any(|(_, _, c)| *c == name), "{name}");
    }
}

#[test]
fn every_embedded_release_declares_the_checks_of_its_kinds() {
    for version in crate::kube::VERSIONS {
        let release = crate::kube::release(version).unwrap();
        let schemas = release.document["components"]["schemas"]
            .as_object()
            .unwrap();
        let deployment = &schemas["io.k8s.api.apps.v1.Deployment"];
        assert_eq!(
            deployment[crate::tags::NATIVE_EXTENSION],
            "ValidateDeployment",
            "{version}"
        );
        // The bounds overlay.tags declares as tags, rather than as code.
        assert_eq!(
            schemas["io.k8s.api.apps.v1.DeploymentSpec"]["properties"]["replicas"]["minimum"], 0,
            "{version}"
        );
        let declared = schemas
            .values()
            .filter(|s| s.get(crate::tags::NATIVE_EXTENSION).is_some())
            .count();
        assert!(declared >= 46, "{version}: {declared}");
    }
}

#[test]
fn null_is_absent() {
    // A null decodes as an absent field, which v1 defaulting then fills.
    let mut d = deployment(
        json!({"containers": [container(json!({"resources": null, "livenessProbe": null}))],
                                  "volumes": [{"name": "v", "hostPath": null, "emptyDir": {}}]}),
    );
    d["spec"]["strategy"] = json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": null, "maxUnavailable": null}});
    assert_eq!(texts(workloads::deployment(&d)), Vec::<String>::new());
}

#[test]
fn services() {
    use super::network::service;
    let svc = |spec: Value| json!({"spec": spec});
    assert!(service(&svc(
        json!({"ports": [{"port": 80, "targetPort": "http"}], "selector": {"app": "web"}})
    ))
    .is_empty());
    assert!(
        service(&svc(json!({"clusterIP": "None"}))).is_empty(),
        "a headless Service needs no ports"
    );
    assert_eq!(
        texts(service(&svc(json!({})))),
        ["spec.ports: Required value"]
    );
    assert_eq!(
        texts(service(&svc(json!({"ports": [{"port": 80}, {"name": "Web", "port": 70000, "targetPort": 0},
                                             {"name": "Web", "port": 80, "nodePort": 30080}],
                                   "externalTrafficPolicy": "Local", "loadBalancerClass": "x",
                                   "loadBalancerSourceRanges": ["10.0.0.0/33"]})))),
        [
            "spec.ports[0].name: Required value",
            "spec.ports[1].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive",
            "spec.ports[2].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.ports[2].name: Duplicate value: \"Web\"",
            "spec.ports[2].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
            "spec.ports[2]: Duplicate value: {\"Name\":\"Web\",\"Protocol\":\"TCP\",\"AppProtocol\":null,\"Port\":80,\"TargetPort\":80,\"NodePort\":30080}",
            "spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'",
            "spec.LoadBalancerSourceRanges[0]: Invalid value: \"10.0.0.0/33\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
            "spec.externalTrafficPolicy: Invalid value: \"Local\": may only be set for externally-accessible services",
            "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
        ]
    );
    assert!(service(&svc(json!({"type": "LoadBalancer", "ports": [{"port": 443}], "externalTrafficPolicy": "Local",
                                "loadBalancerSourceRanges": ["10.0.0.0/8"], "loadBalancerClass": "example.com/lb"}))).is_empty());
    assert_eq!(
        texts(service(&svc(json!({"type": "ExternalName", "externalName": "db_host.example.com."})))),
        ["spec.externalName: Invalid value: \"db_host.example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"]
    );
}

#[test]
fn ingresses() {
    use super::network::ingress;
    let backend = json!({"service": {"name": "web", "port": {"number": 80}}});
    let ok = json!({"spec": {"ingressClassName": "nginx", "rules": [{"host": "*.example.com", "http": {"paths": [
        {"path": "/", "pathType": "Prefix", "backend": backend}]}}], "tls": [{"hosts": ["example.com"], "secretName": "tls"}]}});
    assert!(ingress(&ok).is_empty());
    assert_eq!(
        texts(ingress(&json!({"spec": {}}))),
        ["spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"]
    );
    let bad = json!({"metadata": {"annotations": {"kubernetes.io/ingress.class": "traefik"}},
        "spec": {"ingressClassName": "nginx", "rules": [{"host": "10.0.0.1", "http": {"paths": [
        {"path": "api//v1/.", "pathType": "Exact", "backend": {"service": {"name": "web", "port": {"name": "http", "number": 80}}}},
        {"path": "/", "backend": backend},
        {"path": "/", "pathType": "ImplementationSpecific", "backend": {"service": {"name": "web", "port": {}}}}]}}]}});
    let p = "spec.rules[0].http.paths";
    assert_eq!(
        texts(ingress(&bad)),
        [
            "spec.rules[0].host: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address".to_string(),
            format!("{p}[0].path: Invalid value: \"api//v1/.\": must be an absolute path"),
            format!("{p}[0].path: Invalid value: \"api//v1/.\": must not contain '//'"),
            format!("{p}[0].path: Invalid value: \"api//v1/.\": cannot end with '/.'"),
            format!("{p}[0].backend: Invalid value: \"\": cannot set both port name & port number"),
            format!("{p}[1].pathType: Required value: pathType must be specified"),
            format!("{p}[2].backend: Required value: port name or number is required"),
            "annotations.kubernetes.io/ingress.class: Invalid value: \"traefik\": must match `ingressClassName` when both are specified".to_string(),
        ]
    );
}

#[test]
fn network_policies() {
    use super::network::network_policy;
    let np = json!({"spec": {"podSelector": {}, "policyTypes": ["Ingress", "Egress"], "ingress": [{
        "from": [{}, {"ipBlock": {"cidr": "10.0.0.0/8"}, "podSelector": {}}],
        "ports": [{"port": 8080, "endPort": 80}, {"port": "http", "endPort": 90}, {"endPort": 90}]}]}});
    assert_eq!(
        texts(network_policy(&np)),
        [
            "spec.ingress[0].ports[0].endPort: Invalid value: 8080: must be greater than or equal to `port`",
            "spec.ingress[0].ports[1].endPort: Invalid value: 90: may not be specified when `port` is non-numeric",
            "spec.ingress[0].ports[2].endPort: Invalid value: 90: may not be specified when `port` is not specified",
            "spec.ingress[0].from[0]: Required value: must specify a peer",
            "spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer",
        ]
    );
}

#[test]
fn claims_budgets_and_autoscalers() {
    use super::cluster::*;
    assert_eq!(
        texts(persistent_volume_claim(
            &json!({"spec": {"accessModes": ["ReadWriteOncePod", "ReadOnlyMany"]}})
        )),
        [
            "spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes",
            "spec.resources[storage]: Required value",
        ]
    );
    assert_eq!(
        texts(persistent_volume_claim(
            &json!({"spec": {"resources": {"requests": {"storage": "0"}}}})
        )),
        [
            "spec.accessModes: Required value: at least 1 access mode is required",
            "spec.resources[storage]: Invalid value: \"0\": must be greater than zero",
        ]
    );
    assert_eq!(
        texts(pod_disruption_budget(&json!({"spec": {"minAvailable": "150%", "maxUnavailable": 1}}))),
        [
            "spec: Invalid value: {\"maxUnavailable\":1,\"minAvailable\":\"150%\"}: minAvailable and maxUnavailable cannot be both set",
            "spec.minAvailable: Invalid value: \"150%\": must not be greater than 100%",
        ]
    );
    assert_eq!(
        texts(horizontal_pod_autoscaler(
            &json!({"spec": {"minReplicas": 5, "maxReplicas": 2,
            "scaleTargetRef": {"kind": "Deployment", "name": "a/b"}}})
        )),
        [
            "spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`",
            "spec.scaleTargetRef.name: Invalid value: \"a/b\": may not contain '/'",
        ]
    );
}

#[test]
fn rbac() {
    use super::cluster::*;
    let rules = json!({"rules": [{"verbs": [], "apiGroups": [""], "resources": ["pods"]},
                                  {"verbs": ["get"], "nonResourceURLs": ["/healthz"], "resources": ["pods"]},
                                  {"verbs": ["get"]}]});
    assert_eq!(
        texts(role(&rules)),
        [
            "rules[0].verbs: Required value: verbs must contain at least one value",
            "rules[1].nonResourceURLs: Invalid value: [\"/healthz\"]: namespaced rules cannot apply to non-resource URLs",
            "rules[1].nonResourceURLs: Invalid value: [\"/healthz\"]: rules cannot apply to both regular resources and non-resource URLs",
            "rules[2].apiGroups: Required value: resource rules must supply at least one api group",
            "rules[2].resources: Required value: resource rules must supply at least one resource",
        ]
    );
    let ok = json!({"roleRef": {"kind": "ClusterRole", "name": "system:aggregated-metrics-reader"},
                    "subjects": [{"kind": "User", "name": "jane"}, {"kind": "ServiceAccount", "name": "sa", "namespace": "ns"}]});
    assert!(cluster_role_binding(&ok).is_empty());
    let bad = json!({"roleRef": {"apiGroup": "rbac", "kind": "Role", "name": ""},
                     "subjects": [{"kind": "ServiceAccount", "name": "sa", "apiGroup": "v1"}, {"kind": "Robot", "name": "r"}]});
    assert_eq!(
        texts(cluster_role_binding(&bad)),
        [
            "roleRef.apiGroup: Unsupported value: \"rbac\": supported values: \"rbac.authorization.k8s.io\"",
            "roleRef.kind: Unsupported value: \"Role\": supported values: \"ClusterRole\"",
            "roleRef.name: Required value",
            "subjects[0].apiGroup: Unsupported value: \"v1\": supported values: \"\"",
            "subjects[0].namespace: Required value",
            "subjects[1].kind: Unsupported value: \"Robot\": supported values: \"ServiceAccount\", \"User\", \"Group\"",
        ]
    );
    assert_eq!(
        texts(namespace(&json!({"spec": {"finalizers": ["kubernetes", "custom"]}}))),
        ["spec.finalizers: Invalid value: \"custom\": name is neither a standard finalizer name nor is it fully qualified"]
    );
}

/// Every node of `v`, as JSON pointers.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, c)| pointers(c, format!("{at}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, c)| pointers(c, format!("{at}/{i}"), out)),
        _ => {}
    }
    out.push(at);
}

#[test]
fn any_shape_is_checked_without_panic() {
    // Each node of real-shaped objects replaced by a value of every other JSON type, through
    // every hand-written check (they are public and may be given anything).
    let checks: Vec<_> = native_kinds()
        .iter()
        .filter_map(|(g, k, _)| native_check(g, k))
        .collect();
    let mut samples = vec![
        deployment(
            json!({"containers": [container(json!({"ports": [{"containerPort": 80, "hostPort": 80}],
            "env": [{"name": "A", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['a']"}}}],
            "envFrom": [{"configMapRef": {"name": "c"}}], "resources": {"limits": {"cpu": "1"}, "requests": {"cpu": "1"}},
            "volumeMounts": [{"name": "v", "mountPath": "/v"}], "livenessProbe": {"httpGet": {"port": 80}},
            "lifecycle": {"preStop": {"exec": {"command": ["x"]}}}}))],
            "volumes": [{"name": "v", "secret": {"secretName": "s", "items": [{"key": "k", "path": "p"}]}}],
            "tolerations": [{"key": "k", "operator": "Exists"}], "dnsPolicy": "None", "dnsConfig": {"nameservers": ["1.1.1.1"], "options": [{"name": "x"}]},
            "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "In", "values": ["v"]}]}]}}},
            "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "z", "whenUnsatisfiable": "DoNotSchedule", "minDomains": 2}],
            "os": {"name": "windows"}, "hostUsers": false, "hostPID": true, "shareProcessNamespace": true,
            "securityContext": {"runAsUser": 1, "supplementalGroups": [1], "sysctls": [{"name": "net.a", "value": "1"}],
                                "windowsOptions": {"runAsUserName": "d\\u", "gmsaCredentialSpec": "x", "gmsaCredentialSpecName": "n", "hostProcess": true},
                                "seccompProfile": {"type": "Localhost", "localhostProfile": "p"}, "appArmorProfile": {"type": "Localhost", "localhostProfile": "p"}},
            "initContainers": [{"name": "i", "image": "i", "securityContext": {"allowPrivilegeEscalation": false, "privileged": true, "procMount": "Unmasked",
                                "capabilities": {"add": ["CAP_SYS_ADMIN"]}, "seLinuxOptions": {"user": "u"}, "windowsOptions": {"hostProcess": false},
                                "seccompProfile": {"type": "RuntimeDefault", "localhostProfile": "p"}, "appArmorProfile": {"type": "Unconfined", "localhostProfile": "p"}}}]}),
        ),
        json!({"spec": {"schedule": "* * * * *", "timeZone": "UTC", "jobTemplate": {"spec": {"completionMode": "Indexed", "completions": 2,
               "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "i"}]}}}},
               "ports": [{"port": 80, "targetPort": "http", "nodePort": 30000}], "externalIPs": ["1.2.3.4"],
               "loadBalancerSourceRanges": ["10.0.0.0/8"], "sessionAffinity": "ClientIP",
               "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 10}},
               "rules": [{"host": "a.b", "http": {"paths": [{"path": "/", "pathType": "Prefix", "backend": {"service": {"name": "s", "port": {"number": 80}}}}]}}],
               "tls": [{"hosts": ["*.a.b"], "secretName": "t"}], "ingress": [{"from": [{"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.1.0.0/16"]}}], "ports": [{"port": 80, "endPort": 90}]}],
               "accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}, "minAvailable": "50%",
               "maxReplicas": 3, "minReplicas": 1, "scaleTargetRef": {"kind": "Deployment", "name": "d"},
               "metrics": [{"type": "Object", "object": {"metric": {"name": "m"}, "describedObject": {"kind": "K", "name": "n"}, "target": {"type": "Value", "value": "1"}},
                            "external": {"metric": {"name": "m"}, "target": {"type": "Value", "value": "1", "averageValue": "1"}}},
                           {"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "c", "target": {"type": "Utilization", "averageUtilization": 1}}}],
               "behavior": {"scaleUp": {"stabilizationWindowSeconds": 1, "selectPolicy": "Max", "policies": [{"type": "Pods", "value": 1, "periodSeconds": 1}]}},
               "finalizers": ["kubernetes"], "parameters": {"kind": "K", "name": "n", "scope": "Namespace", "namespace": "ns"}},
               "data": {"a": "b"}, "binaryData": {"a": "b"}, "stringData": {"tls.crt": "x"}, "type": "kubernetes.io/tls",
               "rules": [{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"], "nonResourceURLs": ["/x"]}],
               "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"a": "b"}}]},
               "roleRef": {"kind": "Role", "name": "r"}, "subjects": [{"kind": "ServiceAccount", "name": "s"}],
               "template": {"metadata": {"labels": {"a": "b"}}, "spec": {"containers": [{"name": "c", "image": "i"}]}}}),
    ];
    samples.push(json!({"spec": samples[0]["spec"]["template"]["spec"].clone()}));
    let odd = [
        Value::Null,
        json!(-1),
        json!("x"),
        json!([1, "a", null]),
        json!({"a": {}}),
    ];
    for sample in &samples {
        let mut paths = Vec::new();
        pointers(sample, String::new(), &mut paths);
        for path in paths.iter().filter(|p| !p.is_empty()) {
            for replacement in &odd {
                let mut mutated = sample.clone();
                *mutated.pointer_mut(path).unwrap() = replacement.clone();
                for check in &checks {
                    let _ = check(&mutated);
                }
            }
        }
        for check in &checks {
            for whole in &odd {
                let _ = check(whole);
            }
        }
    }
}

#[test]
fn missing_selectors_select_nothing_and_job_policies_are_named() {
    // TestValidateDeployment "missing selector": the nil selector selects nothing.
    let mut d = deployment(json!({"containers": [container(json!({}))]}));
    d["spec"].as_object_mut().unwrap().remove("selector");
    assert_eq!(
        texts(workloads::deployment(&d)),
        [
            "spec.selector: Required value",
            "spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
        ]
    );
    // TestValidateJob: an unknown policy is refused by the pod spec's rule and the Job's.
    let job = json!({"spec": {"template": {"spec": {"restartPolicy": "OnFailures",
                     "containers": [{"name": "c", "image": "i"}]}}}});
    assert_eq!(
        texts(workloads::job(&job)),
        [
            "spec.template.spec.restartPolicy: Unsupported value: \"OnFailures\": supported values: \"Always\", \"OnFailure\", \"Never\"",
            "spec.template.spec.restartPolicy: Unsupported value: \"OnFailures\": supported values: \"OnFailure\", \"Never\"",
        ]
    );
}

#[test]
fn priority_classes() {
    use super::cluster::priority_class;
    let class = |name: &str, value: i64| json!({"metadata": {"name": name}, "value": value});
    assert!(priority_class(&class("high", 1_000_000_000)).is_empty());
    assert!(priority_class(&class("system-node-critical", 2_000_001_000)).is_empty());
    assert_eq!(
        texts(priority_class(&class("high", 1_000_000_001))),
        ["value: Forbidden: maximum allowed value of a user defined priority is 1000000000"]
    );
    assert_eq!(
        texts(priority_class(&class("system-high", 5))),
        ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-high is not a known system priority class"]
    );
    assert_eq!(
        texts(priority_class(&class("system-cluster-critical", 5))),
        ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-cluster-critical PriorityClass must be 2000000000"]
    );
}

#[test]
fn storage_classes() {
    use super::cluster::storage_class;
    assert!(storage_class(
        &json!({"provisioner": "ebs.csi.aws.com", "parameters": {"type": "gp3"}})
    )
    .is_empty());
    assert!(storage_class(&json!({"provisioner": "Kubernetes.IO/AWS-EBS"})).is_empty());
    assert_eq!(
        texts(storage_class(&json!({"provisioner": "a/b/c", "parameters": {"": "x"}}))),
        [
            "provisioner: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
            "parameters: Invalid value: \"\": field can not be empty.",
        ]
    );
}

#[test]
fn security_contexts() {
    // TestValidateSecurityContext, TestValidateSeccompProfileField, TestValidateAppArmorProfile*
    // and TestValidateSysctls: a container's ids, proc mount, profiles and escalation; the pod's
    // sysctls and profiles.
    let c = |name: &str, sc: Value| container(json!({"name": name, "securityContext": sc}));
    let d = deployment(json!({
        "hostNetwork": true, "hostIPC": true,
        "containers": [
            c("a", json!({"runAsUser": -1, "runAsGroup": 2147483648_i64, "procMount": "Unmasked",
                     "seccompProfile": {"type": "Localhost"}, "appArmorProfile": {"type": "Localhost", "localhostProfile": " x "}})),
            c("b", json!({"privileged": true, "allowPrivilegeEscalation": false,
                     "capabilities": {"add": ["CAP_SYS_ADMIN"]}, "runAsNonRoot": true,
                     "seccompProfile": {"type": "RuntimeDefault", "localhostProfile": "p.json"}})),
            c("c", json!({"seccompProfile": {"type": "Localhost", "localhostProfile": "/../p.json"},
                     "appArmorProfile": {"type": "RuntimeDefault", "localhostProfile": "p"}})),
        ],
        "securityContext": {
            "sysctls": [{"name": "net.ipv4.ip_forward", "value": "1"}, {"name": "kernel.shmmax", "value": "1"},
                        {"name": "kernel.shmmax", "value": "2"}, {"name": "foo..bar", "value": "1"}, {"name": "", "value": "1"}],
            "seccompProfile": {"type": ""},
            "appArmorProfile": {"type": "Localhost"}}}));
    let s = "spec.template.spec";
    let c0 = format!("{s}.containers[0].securityContext");
    let c1 = format!("{s}.containers[1].securityContext");
    let c2 = format!("{s}.containers[2].securityContext");
    let p = format!("{s}.securityContext");
    assert_eq!(
        texts(workloads::deployment(&d)),
        [
            format!("{c0}.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive"),
            format!("{c0}.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive"),
            format!("{c0}.procMount: Invalid value: \"Unmasked\": `hostUsers` must be false to use `Unmasked`"),
            format!("{c0}.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost"),
            format!("{c0}.appArmorProfile.localhostProfile: Invalid value: \" x \": must not be padded with whitespace"),
            format!("{c1}.seccompProfile.localhostProfile: Invalid value: {{\"Type\":\"RuntimeDefault\",\"LocalhostProfile\":\"p.json\"}}: can only be set when seccomp type is Localhost"),
            format!("{c1}: Invalid value: {{\"Capabilities\":{{\"Add\":[\"CAP_SYS_ADMIN\"],\"Drop\":null}},\"Privileged\":true,\"SELinuxOptions\":null,\"WindowsOptions\":null,\"RunAsUser\":null,\"RunAsGroup\":null,\"RunAsNonRoot\":true,\"ReadOnlyRootFilesystem\":null,\"AllowPrivilegeEscalation\":false,\"ProcMount\":null,\"SeccompProfile\":{{\"Type\":\"RuntimeDefault\",\"LocalhostProfile\":\"p.json\"}},\"AppArmorProfile\":null}}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true"),
            format!("{c1}: Invalid value: {{\"Capabilities\":{{\"Add\":[\"CAP_SYS_ADMIN\"],\"Drop\":null}},\"Privileged\":true,\"SELinuxOptions\":null,\"WindowsOptions\":null,\"RunAsUser\":null,\"RunAsGroup\":null,\"RunAsNonRoot\":true,\"ReadOnlyRootFilesystem\":null,\"AllowPrivilegeEscalation\":false,\"ProcMount\":null,\"SeccompProfile\":{{\"Type\":\"RuntimeDefault\",\"LocalhostProfile\":\"p.json\"}},\"AppArmorProfile\":null}}: cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"),
            format!("{c2}.seccompProfile.localhostProfile: Invalid value: \"/../p.json\": must be a relative path"),
            format!("{c2}.seccompProfile.localhostProfile: Invalid value: \"/../p.json\": must not contain '..'"),
            format!("{c2}.appArmorProfile.localhostProfile: Invalid value: \"p\": can only be set when AppArmor type is Localhost"),
            format!("{p}.sysctls[0].name: Invalid value: \"net.ipv4.ip_forward\": may not be specified when 'hostNetwork' is true"),
            format!("{p}.sysctls[1].name: Invalid value: \"kernel.shmmax\": may not be specified when 'hostIPC' is true"),
            format!("{p}.sysctls[2].name: Duplicate value: \"kernel.shmmax\""),
            format!("{p}.sysctls[2].name: Invalid value: \"kernel.shmmax\": may not be specified when 'hostIPC' is true"),
            format!("{p}.sysctls[3].name: Invalid value: \"foo..bar\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$"),
            format!("{p}.sysctls[4].name: Required value"),
            format!("{p}.seccompProfile.type: Required value: type is required when seccompProfile is set"),
            format!("{p}.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost"),
        ]
    );
    // What the apiserver accepts: Unmasked with hostUsers false, valid profiles, null fields.
    let ok = deployment(json!({"hostUsers": false, "containers": [c("a", json!({
        "procMount": "Unmasked", "allowPrivilegeEscalation": false, "privileged": false,
        "capabilities": {"add": ["NET_ADMIN"], "drop": ["ALL"]},
        "seccompProfile": {"type": "Localhost", "localhostProfile": "profiles/audit.json"},
        "appArmorProfile": {"type": "RuntimeDefault", "localhostProfile": null}}))],
        "securityContext": {"sysctls": [{"name": "net.core.somaxconn", "value": "1024"},
                                        {"name": "net/ipv4/conf/eno2.100/rp_filter", "value": "1"}],
                            "seccompProfile": {"type": "RuntimeDefault"}, "appArmorProfile": null}}));
    assert_eq!(texts(workloads::deployment(&ok)), Vec::<String>::new());
}

#[test]
fn autoscaler_metrics_and_behavior() {
    // TestValidateHorizontalPodAutoscaler's metric and behavior cases (autoscaling/v2).
    use super::cluster::horizontal_pod_autoscaler;
    let hpa = |spec: Value| {
        let mut s =
            json!({"maxReplicas": 5, "scaleTargetRef": {"kind": "Deployment", "name": "web"}});
        s.as_object_mut()
            .unwrap()
            .extend(spec.as_object().unwrap().clone());
        json!({"apiVersion": "autoscaling/v2", "spec": s})
    };
    let ok = hpa(json!({"metrics": [
        {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}}},
        {"type": "Pods", "pods": {"metric": {"name": "qps"}, "target": {"type": "AverageValue", "averageValue": "1k"}}},
        {"type": "Object", "object": {"metric": {"name": "hits"}, "describedObject": {"kind": "Ingress", "name": "i"},
                                      "target": {"type": "Value", "value": "10"}}},
        {"type": "External", "external": {"metric": {"name": "queue"}, "target": {"type": "AverageValue", "averageValue": "30"}}},
        {"type": "ContainerResource", "containerResource": {"name": "memory", "container": "app",
                                                            "target": {"type": "AverageValue", "averageValue": "500Mi"}}}],
        "behavior": {"scaleUp": {"stabilizationWindowSeconds": 0, "selectPolicy": "Max",
                                 "policies": [{"type": "Percent", "value": 100, "periodSeconds": 15}]},
                     "scaleDown": {"selectPolicy": "Disabled", "policies": null}}}));
    assert_eq!(texts(horizontal_pod_autoscaler(&ok)), Vec::<String>::new());
    let bad = hpa(json!({"metrics": [
        {"type": "", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}}},
        {"type": "Resource", "pods": {"metric": {"name": "qps"}, "target": {"type": "AverageValue", "averageValue": "1k"}},
         "resource": {"target": {"type": "Utilization", "averageUtilization": 0, "averageValue": "-1"}}},
        {"type": "External", "external": {"metric": {"name": ""}, "target": {"type": "Value", "value": "0", "averageValue": "1"}}},
        {"type": "Pods", "pods": {"metric": {"name": "a/b"}, "target": {"type": "Bogus"}}},
        {"type": "Object", "object": {"metric": {"name": "hits"}, "target": {"type": "Value"}}}],
        "behavior": {"scaleUp": {"stabilizationWindowSeconds": 3601, "selectPolicy": "Average", "policies": []},
                     "scaleDown": {"stabilizationWindowSeconds": -1,
                                   "policies": [{"type": "Replicas", "value": 0, "periodSeconds": 1801}, {"type": "Pods"}]}}}));
    let m = "spec.metrics";
    let b = "spec.behavior";
    let types =
        "supported values: \"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\"";
    assert_eq!(
        texts(horizontal_pod_autoscaler(&bad)),
        [
            format!("{m}[0].type: Required value: must specify a metric source type"),
            format!("{m}[0].type: Unsupported value: \"\": {types}"),
            format!("{m}[1].pods: Forbidden: must populate the given metric source only"),
            format!("{m}[2].external.metric.name: Required value: must specify a metric name"),
            format!("{m}[2].external.target.value: Invalid value: \"0\": must be positive"),
            format!("{m}[2].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target"),
            format!("{m}[3].pods.metric.name: Invalid value: \"a/b\": may not contain '/'"),
            format!("{m}[3].pods.target.type: Invalid value: \"Bogus\": must be either Utilization, Value, or AverageValue"),
            format!("{m}[3].pods.target.averageValue: Required value: must specify a positive target averageValue"),
            format!("{m}[4].object.describedObject.kind: Required value"),
            format!("{m}[4].object.describedObject.name: Required value"),
            format!("{m}[4].object.target.averageValue: Required value: must set either a target value or averageValue"),
            format!("{b}.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600"),
            format!("{b}.scaleUp.selectPolicy: Unsupported value: \"Average\": supported values: \"Disabled\", \"Max\", \"Min\""),
            format!("{b}.scaleUp.policies: Required value: must specify at least one Policy"),
            format!("{b}.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero"),
            format!("{b}.scaleDown.policies[0].type: Unsupported value: \"Replicas\": supported values: \"Percent\", \"Pods\""),
            format!("{b}.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero"),
            format!("{b}.scaleDown.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800"),
            format!("{b}.scaleDown.policies[1].value: Invalid value: 0: must be greater than zero"),
            format!("{b}.scaleDown.policies[1].periodSeconds: Invalid value: 0: must be greater than zero"),
        ]
    );
    // Scaling to zero (HPAScaleToZero, alpha) needs an Object or External metric too.
    let zero = hpa(json!({"minReplicas": 0, "metrics": [{"type": "Resource",
        "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 50}}}]}));
    assert_eq!(
        texts(horizontal_pod_autoscaler(&zero)),
        [
            "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
            "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas",
        ]
    );
    // A metric of one type with another's source: required, and the other forbidden.
    let swapped = hpa(json!({"metrics": [{"type": "External",
        "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 50}}}]}));
    assert_eq!(
        texts(horizontal_pod_autoscaler(&swapped)),
        [format!("{m}[0].external: Required value: must populate information for the given metric source")]
    );
}

#[test]
fn windows_options_host_users_and_os() {
    // TestValidateWindowsSecurityContextOptions, TestValidateHostUsers, TestValidateOS and
    // TestValidateWindowsHostProcessPod.
    let c = |name: &str, sc: Value| json!({"name": name, "image": "i", "securityContext": sc});
    let linux = json!({"spec": {
        "os": {"name": "linux"}, "hostUsers": false, "hostNetwork": true, "hostPID": true,
        "securityContext": {"windowsOptions": {"gmsaCredentialSpecName": "Not Valid", "gmsaCredentialSpec": "",
                                               "runAsUserName": ".dom\\us@er"}},
        "containers": [c("c", json!({"windowsOptions": {"runAsUserName": "a\\b\\c"}})),
                       c("d", json!({"windowsOptions": {"runAsUserName": "dom\\..."}}))]}});
    let subdomain = crate::cel::library::formats::is_dns1123_subdomain(b"Not Valid").remove(0);
    let w = "windowsOptions";
    assert_eq!(
        texts(pod::pod(&linux)),
        [
            format!("spec.containers[0].securityContext.{w}.runAsUserName: Invalid value: \"a\\\\b\\\\c\": runAsUserName cannot contain more than one backslash"),
            format!("spec.containers[1].securityContext.{w}.runAsUserName: Invalid value: \"dom\\\\...\": runAsUserName's User cannot contain only periods or spaces"),
            format!("spec.securityContext.{w}.gmsaCredentialSpecName: Invalid value: \"Not Valid\": {subdomain}"),
            format!("spec.securityContext.{w}.gmsaCredentialSpec: Invalid value: \"\": gmsaCredentialSpec cannot be an empty string"),
            format!("spec.securityContext.{w}.runAsUserName: Invalid value: \".dom\\\\us@er\": runAsUserName's Domain doesn't match the NetBios nor the DNS format"),
            format!("spec.securityContext.{w}.runAsUserName: Invalid value: \".dom\\\\us@er\": runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]"),
            "spec.hostNetwork: Forbidden: when `pod.Spec.HostUsers` is false".to_string(),
            "spec.HostPID: Forbidden: when `pod.Spec.HostUsers` is false".to_string(),
            format!("spec.securityContext.{w}: Forbidden: windows options cannot be set for a linux pod"),
            format!("spec.containers[0].securityContext.{w}: Forbidden: windows options cannot be set for a linux pod"),
            format!("spec.containers[1].securityContext.{w}: Forbidden: windows options cannot be set for a linux pod"),
        ]
    );
    let windows = json!({"spec": {
        "os": {"name": "windows"}, "hostNetwork": true, "shareProcessNamespace": false,
        "securityContext": {"runAsUser": 1, "supplementalGroups": [], "windowsOptions": {"hostProcess": true}},
        "initContainers": [c("i", json!({"windowsOptions": {"hostProcess": false}}))],
        "containers": [c("c", json!({"capabilities": {}, "runAsGroup": 3}))]}});
    let forbidden = "Forbidden: cannot be set for a windows pod";
    assert_eq!(
        texts(pod::pod(&windows)),
        [
            format!("spec.initContainers[0].securityContext.{w}.hostProcess: Invalid value: false: pod hostProcess value must be identical if both are specified, was true"),
            "spec: Invalid value: \"\": If pod contains any hostProcess containers then all containers must be HostProcess containers".to_string(),
            format!("spec.shareProcessNamespace: {forbidden}"),
            format!("spec.securityContext.runAsUser: {forbidden}"),
            format!("spec.securityContext.supplementalGroups: {forbidden}"),
            format!("spec.containers[0].securityContext.capabilities: {forbidden}"),
            format!("spec.containers[0].securityContext.runAsGroup: {forbidden}"),
        ]
    );
    // Valid Windows pods: a domain user, a DNS domain, host processes everywhere on the host network.
    let ok = json!({"spec": {"os": {"name": "windows"}, "hostNetwork": true,
        "securityContext": {"windowsOptions": {"hostProcess": true, "runAsUserName": "NT AUTHORITY\\SYSTEM"}},
        "containers": [c("c", json!({"windowsOptions": {"runAsUserName": "corp.example.com\\svc-app"}}))]}});
    assert_eq!(texts(pod::pod(&ok)), Vec::<String>::new());
    assert_eq!(
        texts(pod::pod(
            &json!({"spec": {"os": {"name": "Linux"}, "containers": [c("c", json!({}))]}})
        )),
        ["spec.os: Unsupported value: \"Linux\": supported values: \"linux\", \"windows\""]
    );
}

#[test]
fn pod_specific_annotations() {
    // TestValidatePodSpecificAnnotations, TestValidateSeccompAnnotationsAndFields' value cases,
    // TestValidateAppArmorProfileFormat and TestValidatePodDeletionCostAnnotation.
    let mut d = deployment(json!({"containers": [container(json!({}))]}));
    d["spec"]["template"]["metadata"]["annotations"] = json!({
        "seccomp.security.alpha.kubernetes.io/pod": "runtime/default",
        "container.seccomp.security.alpha.kubernetes.io/app": "localhost/../x",
        "container.seccomp.security.alpha.kubernetes.io/b": "bogus",
        "container.apparmor.security.beta.kubernetes.io/app": "runtime/default",
        "container.apparmor.security.beta.kubernetes.io/ghost": "foo",
        "controller.kubernetes.io/pod-deletion-cost": "+10"});
    let a = "spec.template.annotations";
    assert_eq!(
        texts(workloads::deployment(&d)),
        [
            format!("{a}[controller.kubernetes.io/pod-deletion-cost]: Invalid value: \"+10\": must be a 32bit integer"),
            format!("{a}.container.seccomp.security.alpha.kubernetes.io/app: Invalid value: \"../x\": must not contain '..'"),
            format!("{a}.container.seccomp.security.alpha.kubernetes.io/b: Invalid value: \"bogus\": must be a valid seccomp profile"),
            format!("{a}[container.apparmor.security.beta.kubernetes.io/ghost]: Invalid value: \"ghost\": container not found"),
            format!("{a}[container.apparmor.security.beta.kubernetes.io/ghost]: Invalid value: \"foo\": invalid AppArmor profile name: \"foo\""),
        ]
    );
    let pod_with_cost = |cost: &str| {
        json!({"metadata": {"annotations": {"controller.kubernetes.io/pod-deletion-cost": cost,
                                            "container.apparmor.security.beta.kubernetes.io/app": "localhost/p"}},
               "spec": {"containers": [container(json!({}))]}})
    };
    for ok in ["0", "-5", "10", "2147483647", "-2147483648"] {
        assert_eq!(
            texts(pod::pod(&pod_with_cost(ok))),
            Vec::<String>::new(),
            "{ok}"
        );
    }
    for bad in ["007", "", "2147483648", "1.5", "-", "ten"] {
        assert_eq!(
            texts(pod::pod(&pod_with_cost(bad))),
            [format!("metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: {bad:?}: must be a 32bit integer")],
            "{bad}"
        );
    }
}

#[test]
fn fields_a_release_drops_give_no_errors() {
    // procMount and hostUsers are on by default from 1.33; before, the apiserver drops them.
    let pod = json!({"spec": {"hostUsers": false, "hostNetwork": true,
        "containers": [container(json!({"securityContext": {"procMount": "Unmasked"}}))]}});
    let errors = pod::pod(&pod);
    assert!(!errors.is_empty());
    let kept = |release: &str| -> Vec<String> {
        errors
            .iter()
            .filter(|e| !super::dropped_by_gates(e, release))
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(kept("1.32"), Vec::<String>::new());
    assert_eq!(kept("1.35"), texts(errors.clone()));
}

#[test]
fn repeated_keys_are_refused_where_the_hand_written_rules_refuse_them() {
    // TestValidateContainers ("duplicate names"), TestValidateVolumes ("name not unique"): two
    // containers or volumes of one name are refused; two env vars or ports of one key are not
    // (the apiserver only warns), though their lists are keyed: built-in kinds' list types are
    // not checked for uniqueness.
    let mut d = deployment(json!({
        "containers": [
            container(json!({"env": [{"name": "A", "value": "1"}, {"name": "A", "value": "2"}],
                             "ports": [{"containerPort": 80}, {"containerPort": 80}]})),
            container(json!({})),
        ],
        "volumes": [{"name": "v", "emptyDir": {}}, {"name": "v", "emptyDir": {}}],
    }));
    d["apiVersion"] = json!("apps/v1");
    assert_eq!(
        validated(&d),
        [
            "spec.template.spec.volumes[1].name: Duplicate value: \"v\"",
            "spec.template.spec.containers[1].name: Duplicate value: \"app\"",
        ]
    );
}

#[test]
fn enum_values_written_as_constants_of_another_package_are_known() {
    // discovery/v1 declares `AddressTypeIPv4 = AddressType(v1.IPv4Protocol)`: core/v1's constant.
    for address_type in ["IPv4", "IPv6", "FQDN"] {
        let slice = json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
            "metadata": {"name": "web-abc"}, "addressType": address_type, "endpoints": []});
        assert_eq!(validated(&slice), Vec::<String>::new(), "{address_type}");
    }
}
