//! A Deployment checked by hand: the floor for any validator that reads the apps/v1 schema's
//! shapes rather than a schema. Each object's fields are a `match` over every name its
//! schema declares (so the dispatch is as hard as a real one), with the declared type of each
//! value, the required fields, and unknown fields refused. Object-valued fields the benchmark's
//! Deployment never holds are checked only for being an object or a list of objects. It checks less than
//! kubeidl and jsonschema do (no enums, formats, list types, metadata names, defaults), so it
//! bounds from below what either can cost.

use serde_json::Value;

/// Whether every field of the object `v` passes `field` (`false` for a non-object).
fn fields(v: &Value, mut field: impl FnMut(&str, &Value) -> bool) -> bool {
    match v {
        Value::Object(map) => map.iter().all(|(k, v)| field(k, v)),
        _ => false,
    }
}

fn list(v: &Value, item: impl Fn(&Value) -> bool) -> bool {
    match v {
        Value::Array(items) => items.iter().all(item),
        _ => false,
    }
}

fn map_of(v: &Value, value: impl Fn(&Value) -> bool) -> bool {
    fields(v, |_, v| value(v))
}

fn string(v: &Value) -> bool {
    v.is_string()
}

fn integer(v: &Value) -> bool {
    v.is_i64() || v.is_u64()
}

fn boolean(v: &Value) -> bool {
    v.is_boolean()
}

fn int_or_string(v: &Value) -> bool {
    integer(v) || string(v)
}

fn quantity(v: &Value) -> bool {
    string(v) || v.is_number()
}

/// Marks a required field `seen` and passes on its check.
fn seen(flag: &mut bool, ok: bool) -> bool {
    *flag = true;
    ok
}

fn object(v: &Value) -> bool {
    v.is_object()
}

fn objects(v: &Value) -> bool {
    list(v, object)
}

pub fn deployment(v: &Value) -> bool {
    fields(v, |k, v| match k {
        "apiVersion" | "kind" => string(v),
        "metadata" => meta(v),
        "spec" => deployment_spec(v),
        "status" => object(v),
        _ => false,
    })
}

fn meta(v: &Value) -> bool {
    fields(v, |k, v| match k {
        "creationTimestamp" | "deletionTimestamp" | "generateName" | "name" | "namespace"
        | "resourceVersion" | "selfLink" | "uid" => string(v),
        "annotations" | "labels" => map_of(v, string),
        "deletionGracePeriodSeconds" | "generation" => integer(v),
        "finalizers" => list(v, string),
        "managedFields" | "ownerReferences" => objects(v),
        _ => false,
    })
}

fn deployment_spec(v: &Value) -> bool {
    let (mut selector, mut template) = (false, false);
    fields(v, |k, v| match k {
        "minReadySeconds" | "progressDeadlineSeconds" | "replicas" | "revisionHistoryLimit" => {
            integer(v)
        }
        "paused" => boolean(v),
        "selector" => seen(&mut selector, label_selector(v)),
        "strategy" => fields(v, |k, v| match k {
            "type" => string(v),
            "rollingUpdate" => fields(v, |k, v| {
                matches!(k, "maxSurge" | "maxUnavailable") && int_or_string(v)
            }),
            _ => false,
        }),
        "template" => seen(&mut template, pod_template(v)),
        _ => false,
    }) && selector
        && template
}

fn label_selector(v: &Value) -> bool {
    fields(v, |k, v| match k {
        "matchExpressions" => objects(v),
        "matchLabels" => map_of(v, string),
        _ => false,
    })
}

fn pod_template(v: &Value) -> bool {
    fields(v, |k, v| match k {
        "metadata" => meta(v),
        "spec" => pod_spec(v),
        _ => false,
    })
}

fn pod_spec(v: &Value) -> bool {
    let mut containers = false;
    fields(v, |k, v| match k {
        "containers" => seen(&mut containers, list(v, container)),
        "ephemeralContainers" | "initContainers" => list(v, container),
        "volumes" => list(v, volume),
        "nodeSelector" => map_of(v, string),
        "overhead" => map_of(v, quantity),
        "activeDeadlineSeconds" | "priority" | "terminationGracePeriodSeconds" => integer(v),
        "automountServiceAccountToken"
        | "enableServiceLinks"
        | "hostIPC"
        | "hostNetwork"
        | "hostPID"
        | "hostUsers"
        | "setHostnameAsFQDN"
        | "shareProcessNamespace" => boolean(v),
        "dnsPolicy" | "hostname" | "hostnameOverride" | "nodeName" | "preemptionPolicy"
        | "priorityClassName" | "restartPolicy" | "runtimeClassName" | "schedulerName"
        | "serviceAccount" | "serviceAccountName" | "subdomain" => string(v),
        "affinity" | "dnsConfig" | "os" | "resources" | "securityContext" | "workloadRef" => {
            object(v)
        }
        "hostAliases"
        | "imagePullSecrets"
        | "readinessGates"
        | "resourceClaims"
        | "schedulingGates"
        | "tolerations"
        | "topologySpreadConstraints" => objects(v),
        _ => false,
    }) && containers
}

fn container(v: &Value) -> bool {
    let mut name = false;
    fields(v, |k, v| match k {
        "name" => seen(&mut name, string(v)),
        "image"
        | "imagePullPolicy"
        | "restartPolicy"
        | "terminationMessagePath"
        | "terminationMessagePolicy"
        | "workingDir" => string(v),
        "args" | "command" => list(v, string),
        "env" => list(v, env_var),
        "ports" => list(v, container_port),
        "resources" => fields(v, |k, v| match k {
            "limits" | "requests" => map_of(v, quantity),
            "claims" => objects(v),
            _ => false,
        }),
        "livenessProbe" | "readinessProbe" | "startupProbe" => probe(v),
        "volumeMounts" => list(v, volume_mount),
        "stdin" | "stdinOnce" | "tty" => boolean(v),
        "lifecycle" | "securityContext" => object(v),
        "envFrom" | "resizePolicy" | "restartPolicyRules" | "volumeDevices" => objects(v),
        _ => false,
    }) && name
}

fn container_port(v: &Value) -> bool {
    let mut port = false;
    fields(v, |k, v| match k {
        "containerPort" => seen(&mut port, integer(v)),
        "hostPort" => integer(v),
        "hostIP" | "name" | "protocol" => string(v),
        _ => false,
    }) && port
}

fn env_var(v: &Value) -> bool {
    let mut name = false;
    fields(v, |k, v| match k {
        "name" => seen(&mut name, string(v)),
        "value" => string(v),
        "valueFrom" => fields(v, |k, v| match k {
            "fieldRef" => {
                let mut path = false;
                fields(v, |k, v| match k {
                    "fieldPath" => seen(&mut path, string(v)),
                    "apiVersion" => string(v),
                    _ => false,
                }) && path
            }
            "configMapKeyRef" | "fileKeyRef" | "resourceFieldRef" | "secretKeyRef" => object(v),
            _ => false,
        }),
        _ => false,
    }) && name
}

fn probe(v: &Value) -> bool {
    fields(v, |k, v| match k {
        "failureThreshold"
        | "initialDelaySeconds"
        | "periodSeconds"
        | "successThreshold"
        | "terminationGracePeriodSeconds"
        | "timeoutSeconds" => integer(v),
        "httpGet" => {
            let mut port = false;
            fields(v, |k, v| match k {
                "port" => seen(&mut port, int_or_string(v)),
                "host" | "path" | "scheme" => string(v),
                "httpHeaders" => objects(v),
                _ => false,
            }) && port
        }
        "exec" | "grpc" | "tcpSocket" => object(v),
        _ => false,
    })
}

fn volume_mount(v: &Value) -> bool {
    let (mut name, mut path) = (false, false);
    fields(v, |k, v| match k {
        "name" => seen(&mut name, string(v)),
        "mountPath" => seen(&mut path, string(v)),
        "mountPropagation" | "recursiveReadOnly" | "subPath" | "subPathExpr" => string(v),
        "readOnly" => boolean(v),
        _ => false,
    }) && name
        && path
}

fn volume(v: &Value) -> bool {
    let mut name = false;
    fields(v, |k, v| match k {
        "name" => seen(&mut name, string(v)),
        "configMap" => fields(v, |k, v| match k {
            "defaultMode" => integer(v),
            "items" => objects(v),
            "name" => string(v),
            "optional" => boolean(v),
            _ => false,
        }),
        "awsElasticBlockStore"
        | "azureDisk"
        | "azureFile"
        | "cephfs"
        | "cinder"
        | "csi"
        | "downwardAPI"
        | "emptyDir"
        | "ephemeral"
        | "fc"
        | "flexVolume"
        | "flocker"
        | "gcePersistentDisk"
        | "gitRepo"
        | "glusterfs"
        | "hostPath"
        | "image"
        | "iscsi"
        | "nfs"
        | "persistentVolumeClaim"
        | "photonPersistentDisk"
        | "portworxVolume"
        | "projected"
        | "quobyte"
        | "rbd"
        | "scaleIO"
        | "secret"
        | "storageos"
        | "vsphereVolume" => object(v),
        _ => false,
    }) && name
}
