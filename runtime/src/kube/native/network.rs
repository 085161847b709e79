//! Services, Ingresses, IngressClasses and NetworkPolicies (`ValidateServiceCreate` in core
//! validation; `ValidateIngressCreate`, `ValidateIngressClass`, `ValidateNetworkPolicy` in
//! networking validation). Not covered: cluster IPs and IP families (the server allocates them
//! on create), node port ranges (a cluster setting), topology annotations.

use super::values::{self, BAD_CIDR, BAD_IP};
use super::{int_at, items, present, spec, spec_path, str_at};
use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;
use std::collections::BTreeSet;

/// The message every `type`-bound Service field gives off its type.
const LOAD_BALANCER_ONLY: &str = "may only be used when `type` is 'LoadBalancer'";

/// `validateService` on a create.
pub(super) fn service(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    let kind = match str_at(spec, "type") {
        "" => "ClusterIP",
        t => t,
    };
    let headless = str_at(spec, "clusterIP") == "None"
        || items(spec, "clusterIPs").first().and_then(Value::as_str) == Some("None");
    let ports = items(spec, "ports");
    if ports.is_empty() && !headless && kind != "ExternalName" {
        errors.push(FieldError::required(path.child("ports"), ""));
    }
    if headless && (kind == "LoadBalancer" || kind == "NodePort") {
        errors.push(FieldError::invalid(
            path.child("clusterIPs").index(0),
            BadValue::string("None"),
            format!("may not be set to 'None' for {kind} services"),
        ));
    }
    if kind == "ExternalName" {
        let name = str_at(spec, "externalName");
        let at = path.child("externalName");
        if name.is_empty() {
            errors.push(FieldError::required(at, ""));
        } else {
            let trimmed = name.strip_suffix('.').unwrap_or(name);
            values::each(formats::is_dns1123_subdomain, trimmed, &at, &mut errors);
        }
    }
    service_ports(ports, kind, &path, &mut errors);
    values::labels(
        present(spec, "selector"),
        &path.child("selector"),
        &mut errors,
    );
    session_affinity(spec, &path, &mut errors);
    for (i, ip) in items(spec, "externalIPs").iter().enumerate() {
        let ip = ip.as_str().unwrap_or("");
        if !values::is_sloppy_ip(ip) {
            errors.push(FieldError::invalid(
                path.child("externalIPs").index(i),
                BadValue::string(ip),
                BAD_IP,
            ));
        }
    }
    let ranges = items(spec, "loadBalancerSourceRanges");
    if !ranges.is_empty() {
        // The apiserver names this field with a capital L.
        let at = path.child("LoadBalancerSourceRanges");
        if kind != "LoadBalancer" {
            errors.push(FieldError::forbidden(at.clone(), LOAD_BALANCER_ONLY));
        }
        for (i, range) in ranges.iter().enumerate() {
            let range = range.as_str().unwrap_or("").trim();
            if !values::is_sloppy_cidr(range) {
                errors.push(FieldError::invalid(
                    at.index(i),
                    BadValue::string(range),
                    BAD_CIDR,
                ));
            }
        }
    }
    let external =
        kind == "LoadBalancer" || kind == "NodePort" || !items(spec, "externalIPs").is_empty();
    let traffic = str_at(spec, "externalTrafficPolicy");
    if !traffic.is_empty() && !external {
        errors.push(FieldError::invalid(
            path.child("externalTrafficPolicy"),
            BadValue::string(traffic),
            "may only be set for externally-accessible services",
        ));
    }
    if let Some(port) = int_at(spec, "healthCheckNodePort").filter(|p| *p != 0) {
        if kind != "LoadBalancer" || traffic != "Local" {
            errors.push(FieldError::invalid(
                path.child("healthCheckNodePort"),
                BadValue::Int(port),
                "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
            ));
        }
    }
    if kind != "LoadBalancer" {
        for field in ["allocateLoadBalancerNodePorts", "loadBalancerClass"] {
            if present(spec, field).is_some() {
                errors.push(FieldError::forbidden(path.child(field), LOAD_BALANCER_ONLY));
            }
        }
    } else if let Some(class) = present(spec, "loadBalancerClass").and_then(Value::as_str) {
        values::each(
            formats::is_label_key,
            class,
            &path.child("loadBalancerClass"),
            &mut errors,
        );
    }
    errors
}

/// `validateServicePort` for each port, and the duplicates across them.
fn service_ports(ports: &[Value], kind: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let mut names = BTreeSet::new();
    let mut node_ports = BTreeSet::new();
    let mut ports_seen = BTreeSet::new();
    for (i, port) in ports.iter().enumerate() {
        let at = path.child("ports").index(i);
        let name = str_at(port, "name");
        if ports.len() > 1 && name.is_empty() {
            errors.push(FieldError::required(at.child("name"), ""));
        } else if !name.is_empty() {
            values::each(formats::is_dns1123_label, name, &at.child("name"), errors);
            if !names.insert(name) {
                errors.push(FieldError::duplicate(
                    at.child("name"),
                    BadValue::string(name),
                ));
            }
        }
        let number = int_at(port, "port").unwrap_or(0);
        values::port_number(at.child("port"), number, errors);
        // v1 defaulting makes an absent, 0 or "" targetPort the port itself.
        let target =
            present(port, "targetPort").filter(|t| t.as_i64() != Some(0) && t.as_str() != Some(""));
        if let Some(target) = target {
            values::port_number_or_name(at.child("targetPort"), target, errors);
        }
        if let Some(protocol) = present(port, "appProtocol").and_then(Value::as_str) {
            values::each(
                formats::is_label_key,
                protocol,
                &at.child("appProtocol"),
                errors,
            );
        }
        let protocol = match str_at(port, "protocol") {
            "" => "TCP",
            p => p,
        };
        let node_port = int_at(port, "nodePort").unwrap_or(0);
        if node_port != 0 {
            if kind == "ClusterIP" {
                errors.push(FieldError::forbidden(
                    at.child("nodePort"),
                    "may not be used when `type` is 'ClusterIP'",
                ));
            }
            if !node_ports.insert((protocol, node_port)) {
                errors.push(FieldError::duplicate(
                    at.child("nodePort"),
                    BadValue::Int(node_port),
                ));
            }
        }
        if !ports_seen.insert((protocol, number)) {
            // The internal ServicePort has no JSON names: Go marshals its fields in order.
            let target = target.cloned().unwrap_or(Value::from(number));
            let app = present(port, "appProtocol").cloned().unwrap_or(Value::Null);
            errors.push(FieldError::duplicate(
                at,
                BadValue::GoSyntax(format!(
                    r#"{{"Name":{},"Protocol":{},"AppProtocol":{app},"Port":{number},"TargetPort":{target},"NodePort":{node_port}}}"#,
                    Value::from(name),
                    Value::from(protocol),
                )),
            ));
        }
    }
}

/// `validateServiceSessionAffinity`-ish: a ClientIP timeout in range, no config for None.
fn session_affinity(spec: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    let config = present(spec, "sessionAffinityConfig");
    match str_at(spec, "sessionAffinity") {
        "ClientIP" => {
            if let Some(timeout) = config
                .and_then(|c| c.pointer("/clientIP/timeoutSeconds"))
                .and_then(Value::as_i64)
            {
                if !(1..=86400).contains(&timeout) {
                    let at = path
                        .child("sessionAffinityConfig")
                        .child("clientIP")
                        .child("timeoutSeconds");
                    errors.push(FieldError::invalid(
                        at,
                        BadValue::Int(timeout),
                        "must be greater than 0 and less than 86400",
                    ));
                }
            }
        }
        "None" | "" if config.is_some() => errors.push(FieldError::forbidden(
            path.child("sessionAffinityConfig"),
            "must not be set when session affinity is None",
        )),
        _ => {}
    }
}

/// `IsWildcardDNS1123Subdomain`'s messages.
fn wildcard_subdomain_messages(host: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if host.len() > 253 {
        msgs.push("must be no more than 253 characters".to_string());
    }
    let ok = host
        .strip_prefix("*.")
        .is_some_and(|rest| formats::is_dns1123_subdomain(rest.as_bytes()).is_empty());
    if !ok {
        msgs.push("a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\\\*\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')".to_string());
    }
    msgs
}

/// A host of a rule or a TLS entry: a wildcard or a plain subdomain.
fn host_errors(host: &str, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let msgs = if host.contains('*') {
        wildcard_subdomain_messages(host)
    } else {
        formats::is_dns1123_subdomain(host.as_bytes())
    };
    for msg in msgs {
        errors.push(FieldError::invalid(at.clone(), BadValue::string(host), msg));
    }
}

/// `ValidateIngressCreate`.
pub(super) fn ingress(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    let rules = items(spec, "rules");
    let default_backend = present(spec, "defaultBackend");
    if rules.is_empty() && default_backend.is_none() {
        let value = present(spec, "rules").cloned().unwrap_or(Value::Null);
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::Json(value),
            "either `defaultBackend` or `rules` must be specified",
        ));
    }
    if let Some(backend) = default_backend {
        ingress_backend(backend, &path.child("defaultBackend"), &mut errors);
    }
    for (i, rule) in rules.iter().enumerate() {
        let at = path.child("rules").index(i);
        let host = str_at(rule, "host");
        if !host.is_empty() {
            if values::is_sloppy_ip(host) {
                errors.push(FieldError::invalid(
                    at.child("host"),
                    BadValue::string(host),
                    "must be a DNS name, not an IP address",
                ));
            }
            host_errors(host, &at.child("host"), &mut errors);
        }
        if let Some(http) = present(rule, "http") {
            let hp = at.child("http");
            let paths = items(http, "paths");
            if paths.is_empty() {
                errors.push(FieldError::required(hp.child("paths"), ""));
            }
            for (j, p) in paths.iter().enumerate() {
                ingress_path(p, &hp.child("paths").index(j), &mut errors);
            }
        }
    }
    for (t, tls) in items(spec, "tls").iter().enumerate() {
        let at = path.child("tls").index(t);
        for (h, host) in items(tls, "hosts").iter().enumerate() {
            host_errors(
                host.as_str().unwrap_or(""),
                &at.child("hosts").index(h),
                &mut errors,
            );
        }
        let secret = str_at(tls, "secretName");
        values::each_if_set(
            formats::is_dns1123_subdomain,
            secret,
            &at.child("secretName"),
            &mut errors,
        );
    }
    if let Some(class) = present(spec, "ingressClassName").and_then(Value::as_str) {
        values::each(
            formats::is_dns1123_subdomain,
            class,
            &path.child("ingressClassName"),
            &mut errors,
        );
        let annotation = object
            .pointer("/metadata/annotations/kubernetes.io~1ingress.class")
            .and_then(Value::as_str);
        if let Some(annotation) = annotation.filter(|a| *a != class) {
            errors.push(FieldError::invalid(
                FieldPath::root()
                    .child("annotations")
                    .child("kubernetes.io/ingress.class"),
                BadValue::string(annotation),
                "must match `ingressClassName` when both are specified",
            ));
        }
    }
    errors
}

/// The invalid sequences and suffixes of an Exact or Prefix path.
const INVALID_PATH_SEQUENCES: &[&str] = &["//", "/./", "/../", "%2f", "%2F"];
const INVALID_PATH_SUFFIXES: &[&str] = &["/..", "/."];

/// `validateHTTPIngressPath`.
fn ingress_path(p: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let path = str_at(p, "path");
    let invalid = |msg: String| FieldError::invalid(at.child("path"), BadValue::string(path), msg);
    match str_at(p, "pathType") {
        "" => {
            errors.push(FieldError::required(
                at.child("pathType"),
                "pathType must be specified",
            ));
            return;
        }
        "Exact" | "Prefix" => {
            if !path.starts_with('/') {
                errors.push(invalid("must be an absolute path".into()));
            }
            for seq in INVALID_PATH_SEQUENCES.iter().filter(|s| path.contains(**s)) {
                errors.push(invalid(format!("must not contain '{seq}'")));
            }
            for suffix in INVALID_PATH_SUFFIXES.iter().filter(|s| path.ends_with(**s)) {
                errors.push(invalid(format!("cannot end with '{suffix}'")));
            }
        }
        _ if !path.is_empty() && !path.starts_with('/') => {
            errors.push(invalid("must be an absolute path".into()))
        }
        _ => {}
    }
    if let Some(backend) = present(p, "backend") {
        ingress_backend(backend, &at.child("backend"), errors);
    }
}

/// `validateIngressBackend`.
fn ingress_backend(backend: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let blank = || BadValue::string("");
    match (present(backend, "resource"), present(backend, "service")) {
        (Some(_), Some(_)) => errors.push(FieldError::invalid(
            at.clone(),
            blank(),
            "cannot set both resource and service backends",
        )),
        (Some(resource), None) => typed_reference(resource, &at.child("resource"), errors),
        (None, Some(service)) => {
            let sp = at.child("service");
            let name = str_at(service, "name");
            if name.is_empty() {
                errors.push(FieldError::required(sp.child("name"), ""));
            } else {
                // A Service's own name rule (RFC 1123 labels since relaxed names; RFC 1035
                // before): the label rule refuses nothing any release accepts.
                values::each(formats::is_dns1123_label, name, &sp.child("name"), errors);
            }
            let port = present(service, "port").unwrap_or(&Value::Null);
            let port_name = str_at(port, "name");
            let number = int_at(port, "number").unwrap_or(0);
            match (port_name.is_empty(), number == 0) {
                (false, false) => errors.push(FieldError::invalid(
                    at.clone(),
                    blank(),
                    "cannot set both port name & port number",
                )),
                (false, true) => {
                    for msg in values::port_name_messages(port_name) {
                        errors.push(FieldError::invalid(
                            sp.child("port").child("name"),
                            BadValue::string(port_name),
                            msg,
                        ));
                    }
                }
                (true, false) => {
                    values::port_number(sp.child("port").child("number"), number, errors)
                }
                (true, true) => errors.push(FieldError::required(
                    at.clone(),
                    "port name or number is required",
                )),
            }
        }
        (None, None) => errors.push(FieldError::invalid(
            at.clone(),
            blank(),
            "resource or service backend is required",
        )),
    }
}

/// `validateIngressTypedLocalObjectReference`.
fn typed_reference(reference: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(group) = present(reference, "apiGroup").and_then(Value::as_str) {
        values::each(
            formats::is_dns1123_subdomain,
            group,
            &at.child("apiGroup"),
            errors,
        );
    }
    for (field, required) in [("kind", "kind is required"), ("name", "name is required")] {
        let value = str_at(reference, field);
        values::required_path_segment(value, at.child(field), required, errors);
    }
}

/// `ValidateIngressClass`: the controller and the parameters reference.
pub(super) fn ingress_class(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    let controller = str_at(spec, "controller");
    if controller.len() > 250 {
        errors.push(FieldError::too_long(path.child("controller"), 250));
    }
    values::domain_prefixed_path(controller, &path.child("controller"), &mut errors);
    if let Some(parameters) = present(spec, "parameters") {
        let at = path.child("parameters");
        typed_reference(parameters, &at, &mut errors);
        let namespace = present(parameters, "namespace").and_then(Value::as_str);
        match str_at(parameters, "scope") {
            // v1 defaults the scope to Cluster.
            "" | "Cluster" if namespace.is_some() => errors.push(FieldError::forbidden(
                at.child("namespace"),
                "`parameters.scope` is set to 'Cluster'",
            )),
            "Namespace" => match namespace {
                None => errors.push(FieldError::required(
                    at.child("namespace"),
                    "`parameters.scope` is set to 'Namespace'",
                )),
                Some(ns) => values::each(
                    formats::is_dns1123_label,
                    ns,
                    &at.child("namespace"),
                    &mut errors,
                ),
            },
            _ => {}
        }
    }
    errors
}

/// `ValidateNetworkPolicy`: ports, peers and policy types.
pub(super) fn network_policy(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = spec(object);
    let path = spec_path();
    if let Some(selector) = present(spec, "podSelector") {
        super::selector::validate(selector, &path.child("podSelector"), &mut errors);
    }
    for (direction, peers) in [("ingress", "from"), ("egress", "to")] {
        for (i, rule) in items(spec, direction).iter().enumerate() {
            let at = path.child(direction).index(i);
            for (j, port) in items(rule, "ports").iter().enumerate() {
                policy_port(port, &at.child("ports").index(j), &mut errors);
            }
            for (k, peer) in items(rule, peers).iter().enumerate() {
                policy_peer(peer, &at.child(peers).index(k), &mut errors);
            }
        }
    }
    let types = items(spec, "policyTypes");
    if types.len() > 2 {
        errors.push(FieldError::invalid(
            path.child("policyTypes"),
            BadValue::Json(Value::Array(types.to_vec())),
            "may not specify more than two policyTypes",
        ));
    }
    errors
}

/// `ValidateNetworkPolicyPort`.
fn policy_port(port: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let end = int_at(port, "endPort");
    match present(port, "port") {
        Some(Value::String(name)) => {
            for msg in values::port_name_messages(name) {
                errors.push(FieldError::invalid(
                    at.child("port"),
                    BadValue::string(name),
                    msg,
                ));
            }
            if let Some(end) = end {
                errors.push(FieldError::invalid(
                    at.child("endPort"),
                    BadValue::Int(end),
                    "may not be specified when `port` is non-numeric",
                ));
            }
        }
        Some(number) => {
            let number = number.as_i64().unwrap_or(0);
            values::port_number(at.child("port"), number, errors);
            if let Some(end) = end {
                if end < number {
                    errors.push(FieldError::invalid(
                        at.child("endPort"),
                        BadValue::Int(number),
                        "must be greater than or equal to `port`",
                    ));
                }
                values::port_number(at.child("endPort"), end, errors);
            }
        }
        None => {
            if let Some(end) = end {
                errors.push(FieldError::invalid(
                    at.child("endPort"),
                    BadValue::Int(end),
                    "may not be specified when `port` is not specified",
                ));
            }
        }
    }
}

/// `ValidateNetworkPolicyPeer`: one kind of peer, selectors' rules, an IP block's CIDRs.
fn policy_peer(peer: &Value, at: &FieldPath, errors: &mut Vec<FieldError>) {
    let mut kinds = 0;
    for field in ["podSelector", "namespaceSelector"] {
        if let Some(selector) = present(peer, field) {
            kinds += 1;
            super::selector::validate(selector, &at.child(field), errors);
        }
    }
    if let Some(block) = present(peer, "ipBlock") {
        if kinds > 0 {
            errors.push(FieldError::forbidden(
                at.clone(),
                "may not specify both ipBlock and another peer",
            ));
        }
        kinds += 1;
        let bp = at.child("ipBlock");
        let cidr = str_at(block, "cidr");
        if cidr.is_empty() {
            errors.push(FieldError::required(bp.child("cidr"), ""));
        } else if !values::is_sloppy_cidr(cidr) {
            errors.push(FieldError::invalid(
                bp.child("cidr"),
                BadValue::string(cidr),
                BAD_CIDR,
            ));
        }
        for (m, except) in items(block, "except").iter().enumerate() {
            let except = except.as_str().unwrap_or("");
            if !values::is_sloppy_cidr(except) {
                errors.push(FieldError::invalid(
                    bp.child("except").index(m),
                    BadValue::string(except),
                    BAD_CIDR,
                ));
            }
        }
    }
    if kinds == 0 {
        errors.push(FieldError::required(at.clone(), "must specify a peer"));
    }
}
