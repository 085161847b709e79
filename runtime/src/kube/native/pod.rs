//! Pods and pod templates (`ValidatePodCreate`, `ValidatePodTemplateSpec`, `ValidatePodSpec` in
//! core validation): volumes, containers and init containers (names, images, ports, env,
//! mounts, resources, probes and lifecycle handlers), and the pod-level settings people write
//! (host network ports, node selectors, tolerations, affinity, topology spread, DNS, security
//! context ids, names of other objects; security contexts are in [`security`]). Not covered:
//! ephemeral containers' own rules, pod-level resources, huge page sizes, resource claims,
//! projected volumes' sources, legacy volume plugins' fields.

use super::resources;
use super::security;
use super::selector;
use super::values;
use super::{int_at, items, present, str_at};
use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;
use std::collections::BTreeSet;

/// `ValidatePodCreate`'s rules on a Pod's spec.
pub(super) fn pod(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let path = FieldPath::root().child("spec");
    let spec = super::spec(object);
    let metadata = present(object, "metadata").unwrap_or(&Value::Null);
    security::pod_annotations(
        present(metadata, "annotations"),
        spec,
        &FieldPath::root().child("metadata").child("annotations"),
        &mut errors,
    );
    pod_spec(spec, &path, &[], &mut errors);
    // Only a Pod's own images are checked for padding (`validateContainersOnlyForPod`).
    for list in ["containers", "initContainers"] {
        for (i, c) in items(spec, list).iter().enumerate() {
            let image = str_at(c, "image");
            if image.trim() != image {
                errors.push(FieldError::invalid(
                    path.child(list).index(i).child("image"),
                    BadValue::string(image),
                    "must not have leading or trailing whitespace",
                ));
            }
        }
    }
    if !items(spec, "ephemeralContainers").is_empty() {
        errors.push(FieldError::forbidden(
            path.child("ephemeralContainers"),
            "cannot be set on create",
        ));
    }
    errors
}

/// A PodTemplate object: its `template`.
pub(super) fn pod_template_object(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some(template) = present(object, "template") {
        pod_template(
            template,
            &FieldPath::root().child("template"),
            &[],
            &mut errors,
        );
    }
    errors
}

/// `ValidatePodTemplateSpec`: the template's labels and annotations (at `<path>.labels`, as
/// the apiserver names them) and its spec. `claim_volumes` are names a StatefulSet's
/// volumeClaimTemplates add to the pod's volumes.
pub(super) fn pod_template(
    template: &Value,
    path: &FieldPath,
    claim_volumes: &[&str],
    errors: &mut Vec<FieldError>,
) {
    let metadata = present(template, "metadata").unwrap_or(&Value::Null);
    values::labels(present(metadata, "labels"), &path.child("labels"), errors);
    values::annotations(
        present(metadata, "annotations"),
        &path.child("annotations"),
        errors,
    );
    let spec = present(template, "spec").unwrap_or(&Value::Null);
    security::pod_annotations(
        present(metadata, "annotations"),
        spec,
        &path.child("annotations"),
        errors,
    );
    let spec_path = path.child("spec");
    pod_spec(spec, &spec_path, claim_volumes, errors);
    if !items(spec, "ephemeralContainers").is_empty() {
        errors.push(FieldError::forbidden(
            spec_path.child("ephemeralContainers"),
            "ephemeral containers not allowed in pod template",
        ));
    }
}

/// `ValidatePodSpec`, in its order.
fn pod_spec(spec: &Value, path: &FieldPath, claim_volumes: &[&str], errors: &mut Vec<FieldError>) {
    let mut volume_names: BTreeSet<&str> = volumes(spec, path, errors);
    volume_names.extend(claim_volumes);
    // The default for hostUsers is true: only an explicit false turns it off.
    let host_users = present(spec, "hostUsers").and_then(Value::as_bool) != Some(false);
    let containers = items(spec, "containers");
    let mut names = BTreeSet::new();
    for (i, c) in containers.iter().enumerate() {
        let at = path.child("containers").index(i);
        container(c, &at, &volume_names, host_users, errors);
        lifecycle_and_probes(c, &at, errors);
        // `validateContainers`: each name once.
        let name = str_at(c, "name");
        if !names.insert(name) && !name.is_empty() {
            errors.push(FieldError::duplicate(
                at.child("name"),
                BadValue::string(name),
            ));
        }
    }
    for (i, c) in items(spec, "initContainers").iter().enumerate() {
        let at = path.child("initContainers").index(i);
        container(c, &at, &volume_names, host_users, errors);
        let name = str_at(c, "name");
        if !name.is_empty() && names.contains(name) {
            errors.push(FieldError::duplicate(
                at.child("name"),
                BadValue::string(name),
            ));
        }
        names.insert(name);
        if str_at(c, "restartPolicy") == "Always" {
            lifecycle_and_probes(c, &at, errors);
        } else {
            for field in [
                "lifecycle",
                "livenessProbe",
                "readinessProbe",
                "startupProbe",
            ] {
                if present(c, field).is_some() {
                    errors.push(FieldError::forbidden(
                        at.child(field),
                        "may not be set for init containers without restartPolicy=Always",
                    ));
                }
            }
        }
    }
    host_ports(spec, path, errors);
    // `validateRestartPolicy`.
    let restart = str_at(spec, "restartPolicy");
    if !restart.is_empty() && !["Always", "OnFailure", "Never"].contains(&restart) {
        let supported = ["Always", "OnFailure", "Never"].map(String::from);
        errors.push(FieldError::not_supported(
            path.child("restartPolicy"),
            BadValue::string(restart),
            &supported,
        ));
    }
    if present(spec, "hostNetwork").and_then(Value::as_bool) == Some(true) {
        host_network_ports(containers, &path.child("containers"), errors);
    }
    values::labels(
        present(spec, "nodeSelector"),
        &path.child("nodeSelector"),
        errors,
    );
    pod_security_context(spec, path, errors);
    if let Some(affinity) = present(spec, "affinity") {
        self::affinity(affinity, &path.child("affinity"), errors);
    }
    dns_config(spec, path, errors);
    topology_spread(spec, path, errors);
    security::windows_host_process(spec, path, errors);
    security::host_users(spec, path, errors);
    let subdomain = |field: &str, errors: &mut Vec<FieldError>| {
        let value = str_at(spec, field);
        values::each_if_set(
            formats::is_dns1123_subdomain,
            value,
            &path.child(field),
            errors,
        );
    };
    subdomain("serviceAccountName", errors);
    subdomain("nodeName", errors);
    if let Some(seconds) = int_at(spec, "activeDeadlineSeconds") {
        if !(1..=2147483647).contains(&seconds) {
            errors.push(FieldError::invalid(
                path.child("activeDeadlineSeconds"),
                BadValue::Int(seconds),
                "must be between 1 and 2147483647, inclusive",
            ));
        }
    }
    for field in ["hostname", "subdomain"] {
        let value = str_at(spec, field);
        values::each_if_set(formats::is_dns1123_label, value, &path.child(field), errors);
    }
    tolerations(spec, path, errors);
    subdomain("priorityClassName", errors);
    subdomain("runtimeClassName", errors);
    security::os(spec, path, errors);
}

/// The volume sources, in the order `validateVolumeSource` looks for them; the JSON name and
/// the name its "more than 1 volume type" error uses, where the two differ.
const VOLUME_SOURCES: &[(&str, &str)] = &[
    ("hostPath", "hostPath"),
    ("emptyDir", "emptyDir"),
    ("gitRepo", "gitRepo"),
    ("gcePersistentDisk", "persistentDisk"),
    ("awsElasticBlockStore", "awsElasticBlockStore"),
    ("secret", "secret"),
    ("nfs", "nfs"),
    ("iscsi", "iscsi"),
    ("glusterfs", "glusterfs"),
    ("flocker", "flocker"),
    ("persistentVolumeClaim", "persistentVolumeClaim"),
    ("rbd", "rbd"),
    ("quobyte", "quobyte"),
    ("cinder", "cinder"),
    ("cephfs", "cephfs"),
    ("downwardAPI", "downwarAPI"),
    ("fc", "fc"),
    ("flexVolume", "flexVolume"),
    ("configMap", "configMap"),
    ("azureFile", "azureFile"),
    ("vsphereVolume", "vsphereVolume"),
    ("photonPersistentDisk", "photonPersistentDisk"),
    ("portworxVolume", "portworxVolume"),
    ("azureDisk", "azureDisk"),
    ("storageos", "storageos"),
    ("projected", "projected"),
    ("scaleIO", "scaleIO"),
    ("csi", "csi"),
    ("ephemeral", "ephemeral"),
    ("image", "image"),
];

/// `ValidateVolumes`: each volume's name and source; the names of the volumes without errors,
/// which are the ones mounts may use.
fn volumes<'a>(
    spec: &'a Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) -> BTreeSet<&'a str> {
    let mut valid = BTreeSet::new();
    for (i, volume) in items(spec, "volumes").iter().enumerate() {
        let at = path.child("volumes").index(i);
        let before = errors.len();
        let name = str_at(volume, "name");
        if name.is_empty() {
            errors.push(FieldError::required(at.child("name"), ""));
        } else {
            values::each(formats::is_dns1123_label, name, &at.child("name"), errors);
        }
        let mut sources = VOLUME_SOURCES
            .iter()
            .filter(|(field, _)| present(volume, field).is_some());
        // v1 defaulting gives a volume without a source an emptyDir.
        sources.next();
        for (_, error_name) in sources {
            errors.push(FieldError::forbidden(
                at.child(error_name),
                "may not specify more than 1 volume type",
            ));
        }
        volume_source(volume, &at, errors);
        // `validateVolumes`: a name once among the volumes that are valid.
        if valid.contains(name) {
            errors.push(FieldError::duplicate(
                at.child("name"),
                BadValue::string(name),
            ));
        }
        if errors.len() == before {
            valid.insert(name);
        }
    }
    valid
}

/// The rules of the sources people use: host paths, secrets, config maps, claims, NFS.
fn volume_source(volume: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(host) = present(volume, "hostPath") {
        let path = str_at(host, "path");
        let p = at.child("hostPath").child("path");
        if path.is_empty() {
            errors.push(FieldError::required(p, ""));
        } else if values::has_backstep(path) {
            errors.push(FieldError::invalid(
                p,
                BadValue::string(path),
                "must not contain '..'",
            ));
        }
    }
    if let Some(secret) = present(volume, "secret") {
        let p = at.child("secret");
        if str_at(secret, "secretName").is_empty() {
            errors.push(FieldError::required(p.child("secretName"), ""));
        }
        projection(secret, &p, errors);
    }
    if let Some(config_map) = present(volume, "configMap") {
        let p = at.child("configMap");
        if str_at(config_map, "name").is_empty() {
            errors.push(FieldError::required(p.child("name"), ""));
        }
        projection(config_map, &p, errors);
    }
    if let Some(claim) = present(volume, "persistentVolumeClaim") {
        if str_at(claim, "claimName").is_empty() {
            let p = at.child("persistentVolumeClaim").child("claimName");
            errors.push(FieldError::required(p, ""));
        }
    }
    if let Some(nfs) = present(volume, "nfs") {
        let p = at.child("nfs");
        if str_at(nfs, "server").is_empty() {
            errors.push(FieldError::required(p.child("server"), ""));
        }
        let path = str_at(nfs, "path");
        if path.is_empty() {
            errors.push(FieldError::required(p.child("path"), ""));
        } else if !path.starts_with('/') {
            errors.push(FieldError::invalid(
                p.child("path"),
                BadValue::string(path),
                "must be an absolute path",
            ));
        }
    }
}

/// A file mode's range (`validateFileMode`... `ValidateVolumeMode`), printed in decimal.
fn file_mode(source: &Value, field: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(mode) = int_at(source, field) {
        if !(0..=0o777).contains(&mode) {
            errors.push(FieldError::invalid(
                path.child(field),
                BadValue::Int(mode),
                "must be a number between 0 and 0777 (octal), both inclusive",
            ));
        }
    }
}

/// A secret's or config map's `defaultMode` and `items` (`validateKeyToPath`).
fn projection(source: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    file_mode(source, "defaultMode", path, errors);
    for (k, item) in items(source, "items").iter().enumerate() {
        let at = path.child("items").index(k);
        if str_at(item, "key").is_empty() {
            errors.push(FieldError::required(at.child("key"), ""));
        }
        let file = str_at(item, "path");
        if file.is_empty() {
            errors.push(FieldError::required(at.child("path"), ""));
        } else {
            local_non_reserved_path(file, &at.child("path"), errors);
        }
        file_mode(item, "mode", &at, errors);
    }
}

/// `ValidateLocalNonReservedPath`: a relative path without `..`, not starting with `..`.
fn local_non_reserved_path(file: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    for msg in values::local_descending_path(file) {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(file),
            msg,
        ));
    }
    if file.starts_with("..") && !file.starts_with("../") {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(file),
            "must not start with '..'",
        ));
    }
}

/// `validateContainerCommon`: what every container, regular or init, must satisfy.
fn container(
    c: &Value,
    at: &FieldPath,
    volume_names: &BTreeSet<&str>,
    host_users: bool,
    errors: &mut Vec<FieldError>,
) {
    let name = str_at(c, "name");
    if name.is_empty() {
        errors.push(FieldError::required(at.child("name"), ""));
    } else {
        values::each(formats::is_dns1123_label, name, &at.child("name"), errors);
    }
    if str_at(c, "image").is_empty() {
        errors.push(FieldError::required(at.child("image"), ""));
    }
    container_ports(c, at, errors);
    env(c, at, errors);
    env_from(c, at, errors);
    volume_mounts(c, at, volume_names, errors);
    if let Some(requirements) = present(c, "resources") {
        resources::container(requirements, &at.child("resources"), errors);
    }
    if let Some(context) = present(c, "securityContext") {
        security::container(context, &at.child("securityContext"), host_users, errors);
    }
}

/// `validateContainerPorts`.
fn container_ports(c: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let mut names = BTreeSet::new();
    for (j, port) in items(c, "ports").iter().enumerate() {
        let p = at.child("ports").index(j);
        let name = str_at(port, "name");
        if !name.is_empty() {
            let msgs = values::port_name_messages(name);
            let well_formed = msgs.is_empty();
            for msg in msgs {
                errors.push(FieldError::invalid(
                    p.child("name"),
                    BadValue::string(name),
                    msg,
                ));
            }
            if well_formed && !names.insert(name) {
                errors.push(FieldError::duplicate(
                    p.child("name"),
                    BadValue::string(name),
                ));
            }
        }
        match int_at(port, "containerPort") {
            Some(0) => errors.push(FieldError::required(p.child("containerPort"), "")),
            Some(n) => values::port_number(p.child("containerPort"), n, errors),
            None => {}
        }
        if let Some(host) = int_at(port, "hostPort").filter(|n| *n != 0) {
            values::port_number(p.child("hostPort"), host, errors);
        }
    }
}

/// The env fieldRef paths `fieldRef` converts for a Pod (`ConvertDownwardAPIFieldLabel`).
const CONVERTIBLE_FIELD_PATHS: &[&str] = &[
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.serviceAccountName",
    "spec.schedulerName",
    "status.phase",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// The paths an env var may read (`validEnvDownwardAPIFieldPathExpressions`), sorted.
const ENV_FIELD_PATHS: &[&str] = &[
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// The resources an env var may read (`validEnvDownwardAPIResourcePathExpressions`), sorted.
const ENV_RESOURCES: &[&str] = &[
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];

/// `ValidateEnv`: names, and each `valueFrom`'s one source.
fn env(c: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    for (j, var) in items(c, "env").iter().enumerate() {
        let p = at.child("env").index(j);
        let name = str_at(var, "name");
        if name.is_empty() {
            errors.push(FieldError::required(p.child("name"), ""));
        } else {
            for msg in values::env_var_name_messages(name) {
                errors.push(FieldError::invalid(
                    p.child("name"),
                    BadValue::string(name),
                    msg,
                ));
            }
        }
        let Some(from) = present(var, "valueFrom") else {
            continue;
        };
        let from_path = p.child("valueFrom");
        let sources = [
            "fieldRef",
            "resourceFieldRef",
            "configMapKeyRef",
            "secretKeyRef",
            "fileKeyRef",
        ];
        let count = sources
            .iter()
            .filter(|s| from.get(**s).is_some_and(|v| !v.is_null()))
            .count();
        let blank = || BadValue::string("");
        if count == 0 {
            errors.push(FieldError::invalid(
                from_path.clone(),
                blank(),
                "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`",
            ));
        } else if !str_at(var, "value").is_empty() {
            errors.push(FieldError::invalid(
                from_path.clone(),
                blank(),
                "may not be specified when `value` is not empty",
            ));
        }
        if count > 1 {
            errors.push(FieldError::invalid(
                from_path.clone(),
                blank(),
                "may not have more than one field specified at a time",
            ));
            continue;
        }
        if let Some(field_ref) = present(from, "fieldRef") {
            env_field_ref(field_ref, &from_path.child("fieldRef"), errors);
        }
        if let Some(resource_ref) = present(from, "resourceFieldRef") {
            let resource = str_at(resource_ref, "resource");
            let rp = from_path.child("resourceFieldRef").child("resource");
            let huge = resource.starts_with("requests.hugepages-")
                || resource.starts_with("limits.hugepages-");
            if resource.is_empty() {
                errors.push(FieldError::required(rp, ""));
            } else if !ENV_RESOURCES.contains(&resource) && !huge {
                let supported: Vec<String> = ENV_RESOURCES.iter().map(|s| s.to_string()).collect();
                errors.push(FieldError::not_supported(
                    rp,
                    BadValue::string(resource),
                    &supported,
                ));
            }
        }
        for key_ref in ["configMapKeyRef", "secretKeyRef"] {
            if let Some(selector) = present(from, key_ref) {
                let kp = from_path.child(key_ref);
                values::each(
                    formats::is_dns1123_subdomain,
                    str_at(selector, "name"),
                    &kp.child("name"),
                    errors,
                );
                let key = str_at(selector, "key");
                if key.is_empty() {
                    errors.push(FieldError::required(kp.child("key"), ""));
                } else {
                    values::each(formats::is_config_map_key, key, &kp.child("key"), errors);
                }
            }
        }
    }
}

/// `validateObjectFieldSelector` with the env paths: converted as a Pod's field label, then
/// one of the paths an env var may read, or a label's or annotation's subscript.
fn env_field_ref(field_ref: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let field_path = str_at(field_ref, "fieldPath");
    let fp = path.child("fieldPath");
    if field_path.is_empty() {
        errors.push(FieldError::required(fp, ""));
        return;
    }
    let subscript = field_path
        .split_once('[')
        .and_then(|(base, rest)| Some((base, rest.strip_suffix("']")?.strip_prefix('\'')?)));
    let base = subscript.map_or(field_path, |(base, _)| base);
    if !CONVERTIBLE_FIELD_PATHS.contains(&base) {
        errors.push(FieldError::invalid(
            fp,
            BadValue::string(field_path),
            format!("error converting fieldPath: field label not supported: {field_path}"),
        ));
        return;
    }
    match subscript {
        Some(("metadata.labels", key)) => values::each(formats::is_label_key, key, path, errors),
        Some(("metadata.annotations", key)) => {
            values::each(formats::is_label_key, &key.to_lowercase(), path, errors)
        }
        Some(_) => errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(field_path),
            "does not support subscript",
        )),
        None if !ENV_FIELD_PATHS.contains(&field_path) => {
            let supported: Vec<String> = ENV_FIELD_PATHS.iter().map(|s| s.to_string()).collect();
            errors.push(FieldError::not_supported(
                fp,
                BadValue::string(field_path),
                &supported,
            ));
        }
        None => {}
    }
}

/// `ValidateEnvFrom`: a prefix that is an env name, and one source with a name.
fn env_from(c: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    for (j, source) in items(c, "envFrom").iter().enumerate() {
        let p = at.child("envFrom").index(j);
        let prefix = str_at(source, "prefix");
        if !prefix.is_empty() {
            for msg in values::env_var_name_messages(prefix) {
                errors.push(FieldError::invalid(
                    p.child("prefix"),
                    BadValue::string(prefix),
                    msg,
                ));
            }
        }
        let refs: Vec<&str> = ["configMapRef", "secretRef"]
            .into_iter()
            .filter(|r| present(source, r).is_some())
            .collect();
        let list = at.child("envFrom");
        match refs.len() {
            0 => errors.push(FieldError::invalid(
                list,
                BadValue::string(""),
                "must specify one of: `configMapRef` or `secretRef`",
            )),
            1 => {
                let rp = p.child(refs[0]).child("name");
                let name = str_at(&source[refs[0]], "name");
                if name.is_empty() {
                    errors.push(FieldError::required(rp, ""));
                } else {
                    values::each(formats::is_dns1123_subdomain_prefix, name, &rp, errors);
                }
            }
            _ => errors.push(FieldError::invalid(
                list,
                BadValue::string(""),
                "may not have more than one field specified at a time",
            )),
        }
    }
}

/// `ValidateVolumeMounts`: each mount names a volume of the pod, at a path of its own.
fn volume_mounts(
    c: &Value,
    at: &FieldPath,
    volume_names: &BTreeSet<&str>,
    errors: &mut Vec<FieldError>,
) {
    let mut paths = BTreeSet::new();
    let list = at.child("volumeMounts");
    for (j, mount) in items(c, "volumeMounts").iter().enumerate() {
        let p = list.index(j);
        let name = str_at(mount, "name");
        if name.is_empty() {
            errors.push(FieldError::required(p.child("name"), ""));
        } else if !volume_names.contains(name) {
            errors.push(FieldError::new(
                crate::errors::ErrorType::NotFound,
                p.child("name"),
                BadValue::string(name),
                "",
            ));
        }
        let mount_path = str_at(mount, "mountPath");
        if mount_path.is_empty() {
            errors.push(FieldError::required(p.child("mountPath"), ""));
        } else if !paths.insert(mount_path) {
            errors.push(FieldError::invalid(
                p.child("mountPath"),
                BadValue::string(mount_path),
                "must be unique",
            ));
        }
        let sub_path = str_at(mount, "subPath");
        if !sub_path.is_empty() {
            for msg in values::local_descending_path(sub_path) {
                errors.push(FieldError::invalid(
                    list.child("subPath"),
                    BadValue::string(sub_path),
                    msg,
                ));
            }
        }
        let expr = str_at(mount, "subPathExpr");
        if !expr.is_empty() {
            if !sub_path.is_empty() {
                errors.push(FieldError::invalid(
                    p.child("subPathExpr"),
                    BadValue::string(expr),
                    "subPathExpr and subPath are mutually exclusive",
                ));
            }
            for msg in values::local_descending_path(expr) {
                errors.push(FieldError::invalid(
                    list.child("subPathExpr"),
                    BadValue::string(expr),
                    msg,
                ));
            }
        }
    }
}

/// Lifecycle handlers and probes, which regular containers (and restartable init containers) may have.
fn lifecycle_and_probes(c: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(lifecycle) = present(c, "lifecycle") {
        for hook in ["postStart", "preStop"] {
            if let Some(handler) = present(lifecycle, hook) {
                let kinds = ["exec", "httpGet", "tcpSocket", "sleep"];
                self::handler(handler, &at.child("lifecycle").child(hook), &kinds, errors);
            }
        }
    }
    for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
        let Some(p) = present(c, probe).filter(|v| !v.is_null()) else {
            continue;
        };
        let pp = at.child(probe);
        handler(p, &pp, &["exec", "httpGet", "tcpSocket", "grpc"], errors);
        for field in [
            "initialDelaySeconds",
            "timeoutSeconds",
            "periodSeconds",
            "successThreshold",
            "failureThreshold",
        ] {
            values::non_negative(p, field, &pp, errors);
        }
        if let Some(grace) = int_at(p, "terminationGracePeriodSeconds") {
            if probe == "readinessProbe" {
                errors.push(FieldError::invalid(
                    pp.child("terminationGracePeriodSeconds"),
                    BadValue::Int(grace),
                    "must not be set for readinessProbes",
                ));
            } else if grace <= 0 {
                errors.push(FieldError::invalid(
                    pp.child("terminationGracePeriodSeconds"),
                    BadValue::Int(grace),
                    "must be greater than 0",
                ));
            }
        }
        if probe != "readinessProbe" {
            if let Some(n) = int_at(p, "successThreshold").filter(|n| *n != 1) {
                errors.push(FieldError::invalid(
                    pp.child("successThreshold"),
                    BadValue::Int(n),
                    "must be 1",
                ));
            }
        }
    }
}

/// `validateHandler`: exactly one of `kinds`, and its port and command.
fn handler(handler: &Value, path: &FieldPath, kinds: &[&str], errors: &mut Vec<FieldError>) {
    let mut set = kinds.iter().filter(|k| present(handler, k).is_some());
    let Some(first) = set.next() else {
        errors.push(FieldError::required(
            path.clone(),
            "must specify a handler type",
        ));
        return;
    };
    for other in set {
        errors.push(FieldError::forbidden(
            path.child(other),
            "may not specify more than 1 handler type",
        ));
    }
    let body = &handler[*first];
    let at = path.child(first);
    match *first {
        "exec" if items(body, "command").is_empty() => {
            errors.push(FieldError::required(at.child("command"), ""))
        }
        "httpGet" | "tcpSocket" => {
            if let Some(port) = present(body, "port") {
                values::port_number_or_name(at.child("port"), port, errors);
            }
        }
        "grpc" => {
            if let Some(port) = int_at(body, "port") {
                values::port_number(at.child("port"), port, errors);
            }
        }
        _ => {}
    }
}

/// `checkHostPortConflicts`: one `<protocol>/<hostIP>/<hostPort>` per pod.
fn host_ports(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let mut seen = BTreeSet::new();
    for (i, c) in items(spec, "containers").iter().enumerate() {
        for (j, port) in items(c, "ports").iter().enumerate() {
            let Some(host) = int_at(port, "hostPort").filter(|p| *p != 0) else {
                continue;
            };
            let protocol = match str_at(port, "protocol") {
                "" => "TCP",
                p => p,
            };
            let key = format!("{protocol}/{}/{host}", str_at(port, "hostIP"));
            if !seen.insert(key.clone()) {
                let at = path
                    .child("containers")
                    .index(i)
                    .child("ports")
                    .index(j)
                    .child("hostPort");
                errors.push(FieldError::duplicate(at, BadValue::string(key)));
            }
        }
    }
}

/// `validateHostNetwork`: on the host's network a container listens where it says.
fn host_network_ports(containers: &[Value], path: &FieldPath, errors: &mut Vec<FieldError>) {
    for (i, c) in containers.iter().enumerate() {
        for (j, port) in items(c, "ports").iter().enumerate() {
            let host = int_at(port, "hostPort").unwrap_or(0);
            if host != 0 && Some(host) != int_at(port, "containerPort") {
                errors.push(FieldError::invalid(
                    path.index(i).child("ports").index(j).child("hostPort"),
                    BadValue::Int(host),
                    "must match `containerPort` when `hostNetwork` is true",
                ));
            }
        }
    }
}

/// The user and group ids of `validatePodSpecSecurityContext`.
fn pod_security_context(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let Some(context) = present(spec, "securityContext") else {
        return;
    };
    let at = path.child("securityContext");
    let id_range = |value: i64, p: FieldPath, errors: &mut Vec<FieldError>| {
        if !(0..=2147483647).contains(&value) {
            errors.push(FieldError::invalid(
                p,
                BadValue::Int(value),
                "must be between 0 and 2147483647, inclusive",
            ));
        }
    };
    for field in ["fsGroup", "runAsUser", "runAsGroup"] {
        if let Some(id) = int_at(context, field) {
            id_range(id, at.child(field), errors);
        }
    }
    for (k, group) in items(context, "supplementalGroups").iter().enumerate() {
        if let Some(id) = group.as_i64() {
            id_range(id, at.child("supplementalGroups").index(k), errors);
        }
    }
    if context
        .get("shareProcessNamespace")
        .or(present(spec, "shareProcessNamespace"))
        .and_then(Value::as_bool)
        == Some(true)
        && present(spec, "hostPID").and_then(Value::as_bool) == Some(true)
    {
        errors.push(FieldError::invalid(
            at.child("shareProcessNamespace"),
            BadValue::Bool(true),
            "ShareProcessNamespace and HostPID cannot both be enabled",
        ));
    }
    security::sysctls(spec, context, &at.child("sysctls"), errors);
    if let Some(profile) = present(context, "seccompProfile") {
        security::seccomp_profile(profile, &at.child("seccompProfile"), errors);
    }
    if let Some(options) = present(context, "windowsOptions") {
        security::windows_options(options, &at.child("windowsOptions"), errors);
    }
    if let Some(profile) = present(context, "appArmorProfile") {
        security::app_armor_profile(profile, &at.child("appArmorProfile"), errors);
    }
}

/// `validateAffinity`: node selector terms and pod affinity terms.
fn affinity(affinity: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(node) = present(affinity, "nodeAffinity") {
        let np = path.child("nodeAffinity");
        if let Some(required) = present(node, "requiredDuringSchedulingIgnoredDuringExecution") {
            let rp = np.child("requiredDuringSchedulingIgnoredDuringExecution");
            let terms = items(required, "nodeSelectorTerms");
            if terms.is_empty() {
                errors.push(FieldError::required(
                    rp.child("nodeSelectorTerms"),
                    "must have at least one node selector term",
                ));
            }
            for (k, term) in terms.iter().enumerate() {
                node_selector_term(term, &rp.child("nodeSelectorTerms").index(k), true, errors);
            }
        }
        let pp = np.child("preferredDuringSchedulingIgnoredDuringExecution");
        for (k, preferred) in items(node, "preferredDuringSchedulingIgnoredDuringExecution")
            .iter()
            .enumerate()
        {
            weight(preferred, &pp.index(k), errors);
            if let Some(term) = present(preferred, "preference") {
                node_selector_term(term, &pp.index(k).child("preference"), false, errors);
            }
        }
    }
    for kind in ["podAffinity", "podAntiAffinity"] {
        let Some(pod) = present(affinity, kind) else {
            continue;
        };
        let kp = path.child(kind);
        let rp = kp.child("requiredDuringSchedulingIgnoredDuringExecution");
        for (k, term) in items(pod, "requiredDuringSchedulingIgnoredDuringExecution")
            .iter()
            .enumerate()
        {
            pod_affinity_term(term, &rp.index(k), errors);
        }
        let pp = kp.child("preferredDuringSchedulingIgnoredDuringExecution");
        for (k, preferred) in items(pod, "preferredDuringSchedulingIgnoredDuringExecution")
            .iter()
            .enumerate()
        {
            weight(preferred, &pp.index(k), errors);
            if let Some(term) = present(preferred, "podAffinityTerm") {
                pod_affinity_term(term, &pp.index(k).child("podAffinityTerm"), errors);
            }
        }
    }
}

fn weight(preferred: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(w) = int_at(preferred, "weight").filter(|w| !(1..=100).contains(w)) {
        errors.push(FieldError::invalid(
            path.child("weight"),
            BadValue::Int(w),
            "must be in the range 1-100",
        ));
    }
}

/// `ValidateNodeSelectorTerm`: its expressions (label values checked only in required terms).
fn node_selector_term(
    term: &Value,
    path: &FieldPath,
    check_values: bool,
    errors: &mut Vec<FieldError>,
) {
    for (j, expr) in items(term, "matchExpressions").iter().enumerate() {
        let at = path.child("matchExpressions").index(j);
        let values = items(expr, "values");
        selector::operator(expr, values.len(), &at, true, errors);
        values::each(
            formats::is_label_key,
            str_at(expr, "key"),
            &at.child("key"),
            errors,
        );
        if check_values {
            for (v, value) in values.iter().enumerate() {
                let text = value.as_str().unwrap_or("");
                values::each(
                    formats::is_label_value,
                    text,
                    &at.child("values").index(v),
                    errors,
                );
            }
        }
    }
}

/// `validatePodAffinityTerm`: its selectors, namespaces and topology key.
fn pod_affinity_term(term: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    for field in ["labelSelector", "namespaceSelector"] {
        if let Some(s) = present(term, field).filter(|v| !v.is_null()) {
            selector::validate(s, &path.child(field), errors);
        }
    }
    for namespace in items(term, "namespaces") {
        let name = namespace.as_str().unwrap_or("");
        values::each(
            formats::is_dns1123_label,
            name,
            &path.child("namespace"),
            errors,
        );
    }
    let key = str_at(term, "topologyKey");
    if key.is_empty() {
        errors.push(FieldError::required(
            path.child("topologyKey"),
            "can not be empty",
        ));
    } else {
        values::each(
            formats::is_label_key,
            key,
            &path.child("topologyKey"),
            errors,
        );
    }
}

/// `validateDNSPolicy`'s companion `validatePodDNSConfig`.
fn dns_config(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let config = present(spec, "dnsConfig");
    let at = path.child("dnsConfig");
    if str_at(spec, "dnsPolicy") == "None" {
        let Some(config) = config else {
            errors.push(FieldError::required(
                at,
                "must provide `dnsConfig` when `dnsPolicy` is None",
            ));
            return;
        };
        if items(config, "nameservers").is_empty() {
            errors.push(FieldError::required(
                at.child("nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            ));
            return;
        }
    }
    let Some(config) = config else {
        return;
    };
    let nameservers = items(config, "nameservers");
    if nameservers.len() > 3 {
        errors.push(FieldError::invalid(
            at.child("nameservers"),
            BadValue::Json(Value::Array(nameservers.to_vec())),
            "must not have more than 3 nameservers",
        ));
    }
    let searches = items(config, "searches");
    if searches.len() > 32 {
        errors.push(FieldError::invalid(
            at.child("searches"),
            BadValue::Json(Value::Array(searches.to_vec())),
            "must not have more than 32 search paths",
        ));
    }
    for (k, option) in items(config, "options").iter().enumerate() {
        if str_at(option, "name").is_empty() {
            errors.push(FieldError::required(
                at.child("options").index(k),
                "must not be empty",
            ));
        }
    }
}

/// `validateTopologySpreadConstraints`.
fn topology_spread(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let mut seen = BTreeSet::new();
    for (i, constraint) in items(spec, "topologySpreadConstraints").iter().enumerate() {
        let at = path.child("topologySpreadConstraints").index(i);
        if let Some(skew) = int_at(constraint, "maxSkew").filter(|s| *s <= 0) {
            errors.push(FieldError::invalid(
                at.child("maxSkew"),
                BadValue::Int(skew),
                "must be greater than zero",
            ));
        }
        let key = str_at(constraint, "topologyKey");
        if key.is_empty() {
            errors.push(FieldError::required(
                at.child("topologyKey"),
                "can not be empty",
            ));
        }
        let action = str_at(constraint, "whenUnsatisfiable");
        if !seen.insert((key, action)) {
            errors.push(FieldError::duplicate(
                at.child("{topologyKey, whenUnsatisfiable}"),
                BadValue::string(format!("{{{key}, {action}}}")),
            ));
        }
        if let Some(min) = int_at(constraint, "minDomains") {
            if min <= 0 {
                errors.push(FieldError::invalid(
                    at.child("minDomains"),
                    BadValue::Int(min),
                    "must be greater than zero",
                ));
            } else if action != "DoNotSchedule" {
                errors.push(FieldError::invalid(
                    at.child("minDomains"),
                    BadValue::Int(min),
                    format!(
                        "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {action}"
                    ),
                ));
            }
        }
        if let Some(s) = present(constraint, "labelSelector") {
            selector::validate(s, &at.child("labelSelector"), errors);
        }
    }
}

/// `ValidateTolerations`.
fn tolerations(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    for (i, toleration) in items(spec, "tolerations").iter().enumerate() {
        let at = path.child("tolerations").index(i);
        let key = str_at(toleration, "key");
        let operator = str_at(toleration, "operator");
        let value = str_at(toleration, "value");
        let effect = str_at(toleration, "effect");
        if !key.is_empty() {
            values::each(formats::is_label_key, key, &at.child("key"), errors);
        } else if operator != "Exists" {
            errors.push(FieldError::invalid(
                at.child("operator"),
                BadValue::string(operator),
                "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            ));
        }
        if toleration
            .get("tolerationSeconds")
            .is_some_and(|v| !v.is_null())
            && effect != "NoExecute"
        {
            errors.push(FieldError::invalid(
                at.child("effect"),
                BadValue::string(effect),
                "effect must be 'NoExecute' when `tolerationSeconds` is set",
            ));
        }
        match operator {
            "" | "Equal" => {
                let msgs = formats::is_label_value(value.as_bytes());
                if !msgs.is_empty() {
                    errors.push(FieldError::invalid(at.child("operator"), BadValue::string(value), msgs.join(";")));
                }
            }
            "Exists" if !value.is_empty() => errors.push(FieldError::invalid(
                at.child("operator"),
                // The internal Toleration has no JSON names: Go marshals its fields in order.
                BadValue::GoSyntax(format!(
                    r#"{{"Key":{},"Operator":"Exists","Value":{},"Effect":{},"TolerationSeconds":{}}}"#,
                    Value::from(key),
                    Value::from(value),
                    Value::from(effect),
                    present(toleration, "tolerationSeconds").cloned().unwrap_or(Value::Null),
                )),
                "value must be empty when `operator` is 'Exists'",
            )),
            _ => {}
        }
    }
}
