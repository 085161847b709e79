//! Security contexts (core validation's `validatePodSpecSecurityContext`, `ValidateSecurityContext`
//! and their helpers): sysctls, seccomp and AppArmor profiles, a container's ids and proc mount,
//! `allowPrivilegeEscalation: false` with what contradicts it, Windows options and host
//! processes, host users, and what a pod's `os` forbids. `privileged` (and so `hostProcess`) is
//! allowed, as a kube-apiserver allows it by default.

use super::values;
use super::{int_at, items, present, str_at};
use crate::cel::library::formats;
use crate::errors::{go_json, BadValue, FieldError, FieldPath};
use serde_json::Value;
use std::collections::BTreeSet;

/// `IsValidUserID` / `IsValidGroupID`'s range.
const ID_RANGE: &str = "must be between 0 and 2147483647, inclusive";

/// The profile types seccomp and AppArmor take, as their NotSupported errors list them.
const PROFILE_TYPES: [&str; 3] = ["Localhost", "RuntimeDefault", "Unconfined"];

fn profile_types() -> Vec<String> {
    PROFILE_TYPES.map(String::from).to_vec()
}

/// `ValidateSecurityContext` on a container's `securityContext` at `path`. `host_users` is the
/// pod's `hostUsers`, true unless set to false.
pub(super) fn container(
    context: &Value,
    path: &FieldPath,
    host_users: bool,
    errors: &mut Vec<FieldError>,
) {
    for field in ["runAsUser", "runAsGroup"] {
        if let Some(id) = int_at(context, field).filter(|id| !(0..=2147483647).contains(id)) {
            errors.push(FieldError::invalid(
                path.child(field),
                BadValue::Int(id),
                ID_RANGE,
            ));
        }
    }
    if let Some(mount) = present(context, "procMount").and_then(Value::as_str) {
        if !["Default", "Unmasked"].contains(&mount) {
            errors.push(FieldError::not_supported(
                path.child("procMount"),
                BadValue::string(mount),
                &["Default".to_string(), "Unmasked".to_string()],
            ));
        }
        // ProcMountType is on by default since 1.33; hostUsers defaults to true.
        if host_users && mount == "Unmasked" {
            errors.push(FieldError::invalid(
                path.child("procMount"),
                BadValue::string(mount),
                "`hostUsers` must be false to use `Unmasked`",
            ));
        }
    }
    if let Some(profile) = present(context, "seccompProfile") {
        seccomp_profile(profile, &path.child("seccompProfile"), errors);
    }
    if present(context, "allowPrivilegeEscalation").and_then(Value::as_bool) == Some(false) {
        if present(context, "privileged").and_then(Value::as_bool) == Some(true) {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::GoSyntax(internal_security_context(context)),
                "cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
            ));
        }
        let added = present(context, "capabilities").map_or(&[][..], |c| items(c, "add"));
        for capability in added {
            if capability.as_str() == Some("CAP_SYS_ADMIN") {
                errors.push(FieldError::invalid(
                    path.clone(),
                    BadValue::GoSyntax(internal_security_context(context)),
                    "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN",
                ));
            }
        }
    }
    if let Some(options) = present(context, "windowsOptions") {
        windows_options(options, &path.child("windowsOptions"), errors);
    }
    if let Some(profile) = present(context, "appArmorProfile") {
        app_armor_profile(profile, &path.child("appArmorProfile"), errors);
    }
}

/// `validateWindowsSecurityContextOptions`; each bad value is the field's string.
pub(super) fn windows_options(options: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let text = |key: &str| present(options, key).map(|v| v.as_str().unwrap_or(""));
    if let Some(name) = text("gmsaCredentialSpecName") {
        for msg in formats::is_dns1123_subdomain(name.as_bytes()) {
            errors.push(FieldError::invalid(
                path.child("gmsaCredentialSpecName"),
                BadValue::string(name),
                msg,
            ));
        }
    }
    if let Some(spec) = text("gmsaCredentialSpec") {
        let msg = if spec.is_empty() {
            Some("gmsaCredentialSpec cannot be an empty string")
        } else if spec.len() > 64 * 1024 {
            Some("gmsaCredentialSpec size must be under 64 KiB")
        } else {
            None
        };
        if let Some(msg) = msg {
            errors.push(FieldError::invalid(
                path.child("gmsaCredentialSpec"),
                BadValue::string(spec),
                msg,
            ));
        }
    }
    if let Some(name) = text("runAsUserName") {
        for msg in run_as_user_name_messages(name) {
            errors.push(FieldError::invalid(
                path.child("runAsUserName"),
                BadValue::string(name),
                msg,
            ));
        }
    }
}

/// The messages of a Windows `runAsUserName` (`DOMAIN\USER` or `USER`).
fn run_as_user_name_messages(name: &str) -> Vec<&'static str> {
    if name.is_empty() {
        return vec!["runAsUserName cannot be an empty string"];
    }
    // `[[:cntrl:]]`: ASCII control characters.
    if name.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return vec!["runAsUserName cannot contain control characters"];
    }
    let parts: Vec<&str> = name.split('\\').collect();
    if parts.len() > 2 {
        return vec!["runAsUserName cannot contain more than one backslash"];
    }
    let (domain, user) = match parts.as_slice() {
        [user] => (None, *user),
        [domain, user] => (Some(*domain), *user),
        _ => unreachable!(),
    };
    let mut msgs = Vec::new();
    if domain.is_some_and(|d| d.len() >= 256) {
        msgs.push("runAsUserName's Domain length must be under 256 characters");
    }
    if domain.is_some_and(|d| !is_netbios_domain(d) && !is_dns_domain(d)) {
        msgs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
    }
    if user.is_empty() {
        msgs.push("runAsUserName's User cannot be empty");
    } else if user.len() > 104 {
        msgs.push("runAsUserName's User length must not be longer than 104 characters");
    }
    if !user.is_empty() && user.chars().all(|c| c == '.' || c == ' ') {
        msgs.push("runAsUserName's User cannot contain only periods or spaces");
    }
    if user.chars().any(|c| "\"/\\:;|=,+*?<>@[]".contains(c)) {
        msgs.push(
            "runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]",
        );
    }
    msgs
}

/// `^[^\\/:\*\?"<>|\.][^\\/:\*\?"<>|]{0,14}$`, counted in characters as Go's regexp counts.
fn is_netbios_domain(domain: &str) -> bool {
    let banned = |c: char| "\\/:*?\"<>|".contains(c);
    let mut chars = domain.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    !banned(first) && first != '.' && domain.chars().count() <= 15 && chars.all(|c| !banned(c))
}

/// `^label(\.label)*$` with labels `[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?`.
fn is_dns_domain(domain: &str) -> bool {
    domain.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    })
}

/// Each container of a pod spec with its path, as `VisitContainersWithPath` visits them: init
/// containers first (ephemeral containers are refused on create).
fn containers_with_paths<'a>(spec: &'a Value, path: &FieldPath) -> Vec<(&'a Value, FieldPath)> {
    let mut all = Vec::new();
    for list in ["initContainers", "containers"] {
        for (i, c) in items(spec, list).iter().enumerate() {
            all.push((c, path.child(list).index(i)));
        }
    }
    all
}

/// `validateWindowsHostProcessPod`: one hostProcess value, for every container, on the host's
/// network. (`hostProcess` containers need privileged pods, which a default apiserver allows.)
pub(super) fn windows_host_process(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let host_process = |sc: Option<&Value>| {
        sc.and_then(|sc| present(sc, "windowsOptions"))
            .and_then(|w| present(w, "hostProcess"))
            .and_then(Value::as_bool)
    };
    let pod = host_process(present(spec, "securityContext"));
    let containers = containers_with_paths(spec, path);
    let mut count = 0;
    for (c, at) in &containers {
        let own = host_process(present(c, "securityContext"));
        if let (Some(p), Some(own)) = (pod, own) {
            if p != own {
                errors.push(FieldError::invalid(
                    at.child("securityContext")
                        .child("windowsOptions")
                        .child("hostProcess"),
                    BadValue::Bool(own),
                    format!(
                        "pod hostProcess value must be identical if both are specified, was {p}"
                    ),
                ));
            }
        }
        if own == Some(true) || (own.is_none() && pod == Some(true)) {
            count += 1;
        }
    }
    if count > 0 {
        if count != containers.len() {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::string(""),
                "If pod contains any hostProcess containers then all containers must be HostProcess containers",
            ));
        }
        if present(spec, "hostNetwork").and_then(Value::as_bool) != Some(true) {
            errors.push(FieldError::invalid(
                path.child("hostNetwork"),
                BadValue::Bool(false),
                "hostNetwork must be true if pod contains any hostProcess containers",
            ));
        }
    }
}

/// `validateHostUsers`: a pod in its own user namespace shares no other namespace with the host
/// (the paths of hostPID and hostIPC are the internal field names). UserNamespacesSupport is on
/// by default since 1.33.
pub(super) fn host_users(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if present(spec, "hostUsers").and_then(Value::as_bool) != Some(false) {
        return;
    }
    for (field, at) in [
        ("hostNetwork", "hostNetwork"),
        ("hostPID", "HostPID"),
        ("hostIPC", "HostIPC"),
    ] {
        if present(spec, field).and_then(Value::as_bool) == Some(true) {
            errors.push(FieldError::forbidden(
                path.child(at),
                "when `pod.Spec.HostUsers` is false",
            ));
        }
    }
}

/// `validateOS` and, for a valid name, `validateLinux` or `validateWindows`.
pub(super) fn os(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let Some(os) = present(spec, "os") else {
        return;
    };
    let name = str_at(os, "name");
    let forbidden = |at: FieldPath, detail: &str, errors: &mut Vec<FieldError>| {
        errors.push(FieldError::forbidden(at, detail));
    };
    match name {
        "" => errors.push(FieldError::required(
            path.child("os").child("name"),
            "cannot be empty",
        )),
        "linux" => {
            let detail = "windows options cannot be set for a linux pod";
            let sc = path.child("securityContext");
            if present(spec, "securityContext")
                .is_some_and(|c| present(c, "windowsOptions").is_some())
            {
                forbidden(sc.child("windowsOptions"), detail, errors);
            }
            for (c, at) in containers_with_paths(spec, path) {
                if present(c, "securityContext")
                    .is_some_and(|c| present(c, "windowsOptions").is_some())
                {
                    forbidden(
                        at.child("securityContext").child("windowsOptions"),
                        detail,
                        errors,
                    );
                }
            }
        }
        "windows" => {
            let detail = "cannot be set for a windows pod";
            // v1 defaulting and conversion always give a pod spec its security context, which
            // holds the host namespace fields internally.
            {
                let context = present(spec, "securityContext").unwrap_or(&Value::Null);
                let sc = path.child("securityContext");
                let set = |key: &str| present(context, key).is_some();
                let on = |key: &str| present(spec, key).and_then(Value::as_bool) == Some(true);
                let checks: [(bool, FieldPath); 15] = [
                    (set("appArmorProfile"), sc.child("appArmorProfile")),
                    (set("seLinuxOptions"), sc.child("seLinuxOptions")),
                    (
                        present(spec, "hostUsers").is_some(),
                        path.child("hostUsers"),
                    ),
                    (on("hostPID"), path.child("hostPID")),
                    (on("hostIPC"), path.child("hostIPC")),
                    (set("seccompProfile"), sc.child("seccompProfile")),
                    (set("fsGroup"), sc.child("fsGroup")),
                    (set("fsGroupChangePolicy"), sc.child("fsGroupChangePolicy")),
                    (!items(context, "sysctls").is_empty(), sc.child("sysctls")),
                    (
                        present(spec, "shareProcessNamespace").is_some(),
                        path.child("shareProcessNamespace"),
                    ),
                    (set("runAsUser"), sc.child("runAsUser")),
                    (set("runAsGroup"), sc.child("runAsGroup")),
                    (set("supplementalGroups"), sc.child("supplementalGroups")),
                    (
                        set("supplementalGroupsPolicy"),
                        sc.child("supplementalGroupsPolicy"),
                    ),
                    (set("seLinuxChangePolicy"), sc.child("seLinuxChangePolicy")),
                ];
                for (bad, at) in checks {
                    if bad {
                        forbidden(at, detail, errors);
                    }
                }
            }
            for (c, at) in containers_with_paths(spec, path) {
                let Some(context) = present(c, "securityContext") else {
                    continue;
                };
                let sc = at.child("securityContext");
                for field in [
                    "appArmorProfile",
                    "seLinuxOptions",
                    "seccompProfile",
                    "capabilities",
                    "readOnlyRootFilesystem",
                    "privileged",
                    "allowPrivilegeEscalation",
                    "procMount",
                    "runAsUser",
                    "runAsGroup",
                ] {
                    if present(context, field).is_some() {
                        forbidden(sc.child(field), detail, errors);
                    }
                }
            }
        }
        other => errors.push(FieldError::not_supported(
            path.child("os"),
            BadValue::string(other),
            &["linux".to_string(), "windows".to_string()],
        )),
    }
}

/// `validateSeccompProfileField`.
pub(super) fn seccomp_profile(profile: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let kind = str_at(profile, "type");
    match kind {
        "Localhost" | "RuntimeDefault" | "Unconfined" => {}
        "" => errors.push(FieldError::required(
            path.child("type"),
            "type is required when seccompProfile is set",
        )),
        other => errors.push(FieldError::not_supported(
            path.child("type"),
            BadValue::string(other),
            &profile_types(),
        )),
    }
    let local = present(profile, "localhostProfile");
    if kind == "Localhost" {
        match local {
            None => errors.push(FieldError::required(
                path.child("localhostProfile"),
                "must be set when seccomp type is Localhost",
            )),
            Some(local) => {
                let local = local.as_str().unwrap_or("");
                for msg in values::local_descending_path(local) {
                    errors.push(FieldError::invalid(
                        path.child("localhostProfile"),
                        BadValue::string(local),
                        msg,
                    ));
                }
            }
        }
    } else if let Some(local) = local {
        // The bad value is the internal SeccompProfile, which json.Marshal prints by its Go
        // field names, in their order.
        errors.push(FieldError::invalid(
            path.child("localhostProfile"),
            BadValue::GoSyntax(format!(
                r#"{{"Type":{},"LocalhostProfile":{}}}"#,
                go_json(&Value::from(kind)),
                go_json(local)
            )),
            "can only be set when seccomp type is Localhost",
        ));
    }
}

/// `ValidateAppArmorProfileField`.
pub(super) fn app_armor_profile(profile: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let local = present(profile, "localhostProfile");
    let local_path = path.child("localhostProfile");
    match str_at(profile, "type") {
        "Localhost" => match local.map(|l| l.as_str().unwrap_or("")) {
            None => errors.push(FieldError::required(
                local_path,
                "must be set when AppArmor type is Localhost",
            )),
            Some(local) => {
                if local.trim() != local {
                    errors.push(FieldError::invalid(
                        local_path.clone(),
                        BadValue::string(local),
                        "must not be padded with whitespace",
                    ));
                } else if local.is_empty() {
                    errors.push(FieldError::required(
                        local_path.clone(),
                        "must be set when AppArmor type is Localhost",
                    ));
                }
                if local.len() > 4095 {
                    errors.push(FieldError::too_long(local_path, 4095));
                }
            }
        },
        "RuntimeDefault" | "Unconfined" => {
            if let Some(local) = local {
                errors.push(FieldError::invalid(
                    local_path,
                    BadValue::string(local.as_str().unwrap_or("")),
                    "can only be set when AppArmor type is Localhost",
                ));
            }
        }
        "" => errors.push(FieldError::required(
            path.child("type"),
            "type is required when appArmorProfile is set",
        )),
        other => errors.push(FieldError::not_supported(
            path.child("type"),
            BadValue::string(other),
            &profile_types(),
        )),
    }
}

/// `SysctlContainSlashFmt` as the compiled regexp prints itself.
const SYSCTL_REGEX: &str =
    r"^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";

/// `IsValidSysctlName`: at most 253 characters of `[./]`-separated segments.
fn is_valid_sysctl_name(name: &str) -> bool {
    let segment = |s: &str| {
        let b = s.as_bytes();
        let inner =
            |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'_';
        let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        !b.is_empty() && edge(&b[0]) && edge(&b[b.len() - 1]) && b.iter().all(inner)
    };
    name.len() <= 253 && name.split(['.', '/']).all(segment)
}

/// The kernel namespace of a sysctl (`utilsysctl.GetNamespace`): "ipc", "net" or "".
fn sysctl_namespace(name: &str) -> &'static str {
    // NormalizeName: a name whose first separator is '/' has its '.' and '/' swapped.
    let normalized: String = match name.find(['.', '/']) {
        Some(i) if name.as_bytes()[i] == b'/' => name
            .chars()
            .map(|c| match c {
                '.' => '/',
                '/' => '.',
                c => c,
            })
            .collect(),
        _ => name.to_string(),
    };
    let prefix = normalized.split('*').next().unwrap_or("");
    if prefix == "kernel.sem" {
        return "ipc";
    }
    for (p, ns) in [
        ("kernel.shm", "ipc"),
        ("kernel.msg", "ipc"),
        ("fs.mqueue.", "ipc"),
        ("net.", "net"),
    ] {
        if prefix.starts_with(p) {
            return ns;
        }
    }
    ""
}

/// `validateSysctls` with `ValidateHostSysctl` (a create never allows namespaced sysctls on the
/// host's namespaces).
pub(super) fn sysctls(
    spec: &Value,
    context: &Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    let host = |field: &str| present(spec, field).and_then(Value::as_bool) == Some(true);
    let mut names = BTreeSet::new();
    for (i, sysctl) in items(context, "sysctls").iter().enumerate() {
        let at = path.index(i).child("name");
        let name = str_at(sysctl, "name");
        if name.is_empty() {
            errors.push(FieldError::required(at.clone(), ""));
        } else if !is_valid_sysctl_name(name) {
            errors.push(FieldError::invalid(
                at.clone(),
                BadValue::string(name),
                format!("must have at most 253 characters and match regex {SYSCTL_REGEX}"),
            ));
        } else if names.contains(name) {
            errors.push(FieldError::duplicate(at.clone(), BadValue::string(name)));
        }
        match sysctl_namespace(name) {
            "net" if host("hostNetwork") => errors.push(FieldError::invalid(
                at,
                BadValue::string(name),
                "may not be specified when 'hostNetwork' is true",
            )),
            "ipc" if host("hostIPC") => errors.push(FieldError::invalid(
                at,
                BadValue::string(name),
                "may not be specified when 'hostIPC' is true",
            )),
            _ => {}
        }
        names.insert(name);
    }
}

/// The internal `core.SecurityContext` as `json.Marshal` prints it: internal types have no JSON
/// tags, so each field is named as in Go, in the struct's order, and a nil pointer is `null`.
fn internal_security_context(sc: &Value) -> String {
    let scalar = |v: Option<&Value>| v.map_or("null".to_string(), go_json);
    let string_or_empty = |obj: &Value, key: &str| go_json(&Value::from(str_at(obj, key)));
    let object = |key: &str, render: &dyn Fn(&Value) -> String| {
        present(sc, key).map_or("null".to_string(), render)
    };
    let capabilities = object("capabilities", &|c| {
        format!(
            r#"{{"Add":{},"Drop":{}}}"#,
            scalar(present(c, "add")),
            scalar(present(c, "drop"))
        )
    });
    let se_linux = object("seLinuxOptions", &|o| {
        format!(
            r#"{{"User":{},"Role":{},"Type":{},"Level":{}}}"#,
            string_or_empty(o, "user"),
            string_or_empty(o, "role"),
            string_or_empty(o, "type"),
            string_or_empty(o, "level")
        )
    });
    let windows = object("windowsOptions", &|o| {
        format!(
            r#"{{"GMSACredentialSpecName":{},"GMSACredentialSpec":{},"RunAsUserName":{},"HostProcess":{}}}"#,
            scalar(present(o, "gmsaCredentialSpecName")),
            scalar(present(o, "gmsaCredentialSpec")),
            scalar(present(o, "runAsUserName")),
            scalar(present(o, "hostProcess"))
        )
    });
    let profile = |key: &str| {
        object(key, &|p| {
            format!(
                r#"{{"Type":{},"LocalhostProfile":{}}}"#,
                string_or_empty(p, "type"),
                scalar(present(p, "localhostProfile"))
            )
        })
    };
    format!(
        r#"{{"Capabilities":{capabilities},"Privileged":{},"SELinuxOptions":{se_linux},"WindowsOptions":{windows},"RunAsUser":{},"RunAsGroup":{},"RunAsNonRoot":{},"ReadOnlyRootFilesystem":{},"AllowPrivilegeEscalation":{},"ProcMount":{},"SeccompProfile":{},"AppArmorProfile":{}}}"#,
        scalar(present(sc, "privileged")),
        scalar(present(sc, "runAsUser")),
        scalar(present(sc, "runAsGroup")),
        scalar(present(sc, "runAsNonRoot")),
        scalar(present(sc, "readOnlyRootFilesystem")),
        scalar(present(sc, "allowPrivilegeEscalation")),
        scalar(present(sc, "procMount")),
        profile("seccompProfile"),
        profile("appArmorProfile"),
    )
}

/// The annotations `ValidatePodSpecificAnnotations` reads, at `path` (a Pod's
/// `metadata.annotations`, a template's `<template>.annotations`): the deletion cost, and the
/// deprecated seccomp and AppArmor annotations' values. (Whether they match the fields is not
/// checked: a Pod's create copies one to the other first.)
pub(super) fn pod_annotations(
    annotations: Option<&Value>,
    spec: &Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    let Some(map) = annotations.and_then(Value::as_object) else {
        return;
    };
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    let value = |k: &str| map.get(k).and_then(Value::as_str).unwrap_or("");
    const DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";
    if map.contains_key(DELETION_COST) && !is_deletion_cost(value(DELETION_COST)) {
        errors.push(FieldError::invalid(
            path.key(DELETION_COST),
            BadValue::string(value(DELETION_COST)),
            "must be a 32bit integer",
        ));
    }
    // ValidateSeccompPodAnnotations: the pod's, then each container's (named as children).
    const SECCOMP_POD: &str = "seccomp.security.alpha.kubernetes.io/pod";
    const SECCOMP_CONTAINER: &str = "container.seccomp.security.alpha.kubernetes.io/";
    if map.contains_key(SECCOMP_POD) {
        seccomp_annotation(value(SECCOMP_POD), &path.child(SECCOMP_POD), errors);
    }
    for key in keys.iter().filter(|k| k.starts_with(SECCOMP_CONTAINER)) {
        seccomp_annotation(value(key), &path.child(key), errors);
    }
    // ValidateAppArmorPodAnnotations.
    const APPARMOR: &str = "container.apparmor.security.beta.kubernetes.io/";
    for key in keys.iter().filter(|k| k.starts_with(APPARMOR)) {
        let container = &key[APPARMOR.len()..];
        let exists = containers_with_paths(spec, path)
            .iter()
            .any(|(c, _)| str_at(c, "name") == container);
        if !exists {
            errors.push(FieldError::invalid(
                path.key(key),
                BadValue::string(container),
                "container not found",
            ));
        }
        let profile = value(key);
        if !(profile.is_empty()
            || profile == "runtime/default"
            || profile == "unconfined"
            || profile.starts_with("localhost/"))
        {
            errors.push(FieldError::invalid(
                path.key(key),
                BadValue::string(profile),
                format!(
                    "invalid AppArmor profile name: {}",
                    crate::errors::go_quote(profile)
                ),
            ));
        }
    }
}

/// `GetDeletionCostFromPodAnnotations`: no sign but `-`, no leading zero, an int32.
fn is_deletion_cost(value: &str) -> bool {
    let first_ok = match value.as_bytes().first() {
        Some(b'-') => true,
        Some(b'0') => value == "0",
        Some(b) => b.is_ascii_digit(),
        None => false,
    };
    first_ok && value.parse::<i32>().is_ok() && !value.starts_with('+')
}

/// `ValidateSeccompProfile` on an annotation's value.
fn seccomp_annotation(profile: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if ["runtime/default", "docker/default", "unconfined"].contains(&profile) {
        return;
    }
    if let Some(local) = profile.strip_prefix("localhost/") {
        for msg in values::local_descending_path(local) {
            errors.push(FieldError::invalid(
                path.clone(),
                BadValue::string(local),
                msg,
            ));
        }
        return;
    }
    errors.push(FieldError::invalid(
        path.clone(),
        BadValue::string(profile),
        "must be a valid seccomp profile",
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sysctl_names_and_namespaces() {
        // TestValidateSysctls / TestIsValidSysctlName.
        for ok in [
            "a.b.c.d",
            "a",
            "a_b",
            "a-b",
            "abc",
            "abc.def",
            "a/b/c/d",
            "a.b.c/d",
            "kernel.shm_rmid_forced",
        ] {
            assert!(is_valid_sysctl_name(ok), "{ok}");
        }
        for bad in [
            "", "*", "ä", "a_", "_", "__", "_a", "_a._b", "-", ".", "a.", ".a", "a.b.", "a*.b",
            "a*b", "*a", "a.*", "*", "abc*", "a.abc*", "a.b.*", "Abc", "/", "/a", "a/abc*",
            "a/b/*", "a/b/c/d*",
        ] {
            assert!(!is_valid_sysctl_name(bad), "{bad}");
        }
        assert!(!is_valid_sysctl_name(&"a".repeat(254)));
        assert_eq!(sysctl_namespace("net.ipv4.ip_forward"), "net");
        assert_eq!(sysctl_namespace("net/ipv4/conf/eno2.100/rp_filter"), "net");
        assert_eq!(sysctl_namespace("kernel.sem"), "ipc");
        assert_eq!(sysctl_namespace("kernel.shmmax"), "ipc");
        assert_eq!(sysctl_namespace("fs.mqueue.msg_max"), "ipc");
        assert_eq!(sysctl_namespace("kernel.sem.x"), "");
        assert_eq!(sysctl_namespace("vm.swappiness"), "");
    }
}
