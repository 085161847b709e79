//! The value formats the hand-written validation shares (apimachinery `util/validation` and
//! core validation's helpers): port names and numbers, environment variable names, label maps,
//! int-or-percent values and relative paths, each with the apiserver's messages.

use crate::cel::library::formats;
use crate::errors::{BadValue, FieldError, FieldPath};
use serde_json::Value;

/// `IsValidPortNum`'s message.
pub const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";
/// `IsNegativeErrorMsg`.
pub const NOT_NEGATIVE: &str = "must be greater than or equal to 0";

/// `validation.IsValidPortName`: every message that applies.
pub fn port_name_messages(name: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if name.len() > 15 {
        msgs.push("must be no more than 15 characters".to_string());
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        msgs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".into());
    }
    if !name.bytes().any(|b| b.is_ascii_lowercase()) {
        msgs.push("must contain at least one letter (a-z)".into());
    }
    if name.contains("--") {
        msgs.push("must not contain consecutive hyphens".into());
    }
    if name.starts_with('-') || name.ends_with('-') {
        msgs.push("must not begin or end with a hyphen".into());
    }
    msgs
}

/// `IsValidPortNum` on a port number at `path`.
pub fn port_number(path: FieldPath, port: i64, errors: &mut Vec<FieldError>) {
    if !(1..=65535).contains(&port) {
        errors.push(FieldError::invalid(path, BadValue::Int(port), PORT_RANGE));
    }
}

/// A port given by number or name (an int-or-string): the number's range or the name's rules.
pub fn port_number_or_name(path: FieldPath, port: &Value, errors: &mut Vec<FieldError>) {
    match port {
        Value::String(name) => {
            for msg in port_name_messages(name) {
                errors.push(FieldError::invalid(
                    path.clone(),
                    BadValue::string(name),
                    msg,
                ));
            }
        }
        other => {
            if let Some(n) = other.as_i64() {
                port_number(path, n, errors);
            }
        }
    }
}

/// The relaxed environment variable name rule (`RelaxedEnvironmentVariableValidation`, on by
/// default since 1.32 and GA in 1.34): printable ASCII other than `=`.
pub fn env_var_name_messages(name: &str) -> Vec<String> {
    if name.is_empty() {
        return vec!["environment variable name must be non-empty".into()];
    }
    let printable = |c: char| c.is_ascii() && (' '..='~').contains(&c) && c != '=';
    match name.chars().all(printable) {
        true => Vec::new(),
        false => vec![
            "a valid environment variable name must consist only of printable ASCII characters other than '='"
                .into(),
        ],
    }
}

/// `ValidateLabels` on the map at a field of a template or spec (a selector's matchLabels, a
/// node selector, a template's labels), when there is one.
pub fn labels(map: Option<&Value>, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(map) = map.and_then(Value::as_object) {
        crate::validate::objectmeta::label_errors(map, path, errors);
    }
}

/// `ValidateAnnotations`' key rule on a template's annotations, when there are some.
pub fn annotations(map: Option<&Value>, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(map) = map.and_then(Value::as_object) {
        crate::validate::objectmeta::annotation_key_errors(map, path, errors);
    }
}

/// Each message of `check` on `value`, as Invalid errors at `path`.
pub fn each(
    check: fn(&[u8]) -> Vec<String>,
    value: &str,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    for msg in check(value.as_bytes()) {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(value),
            msg,
        ));
    }
}

/// A non-negative integer field (`ValidateNonnegativeField`) at `object.key`.
pub fn non_negative(object: &Value, key: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if let Some(n) = object.get(key).and_then(Value::as_i64) {
        if n < 0 {
            errors.push(FieldError::invalid(
                path.child(key),
                BadValue::Int(n),
                NOT_NEGATIVE,
            ));
        }
    }
}

/// `ValidatePositiveIntOrPercent`: a percent string or a non-negative integer. Returns the value
/// as `getIntOrPercentValue` reads it (a malformed string reads as 0).
pub fn int_or_percent(
    value: &Value,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) -> IntOrPercent {
    match value {
        Value::String(s) => match percent(s) {
            Some(p) => IntOrPercent::Percent(p),
            None => {
                errors.push(FieldError::invalid(
                    path.clone(),
                    BadValue::string(s),
                    "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                ));
                IntOrPercent::Int(s.parse().unwrap_or(0))
            }
        },
        other => {
            let n = other.as_i64().unwrap_or(0);
            if n < 0 {
                errors.push(FieldError::invalid(
                    path.clone(),
                    BadValue::Int(n),
                    NOT_NEGATIVE,
                ));
            }
            IntOrPercent::Int(n)
        }
    }
}

/// `IsNotMoreThan100Percent`.
pub fn not_over_100_percent(value: &Value, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if value.as_str().and_then(percent).is_some_and(|p| p > 100) {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::Json(value.clone()),
            "must not be greater than 100%",
        ));
    }
}

/// The number of a `[0-9]+%` string.
fn percent(s: &str) -> Option<i64> {
    let digits = s.strip_suffix('%')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(i64::MAX))
}

/// A well-formed int-or-percent value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntOrPercent {
    Int(i64),
    Percent(i64),
}

impl IntOrPercent {
    /// Whether the value comes to 0 whatever it is applied to.
    pub fn is_zero(self) -> bool {
        matches!(self, IntOrPercent::Int(0) | IntOrPercent::Percent(0))
    }
}

/// `validateLocalDescendingPath` as the apiserver runs it on Linux (`filepath.ToSlash` changes
/// nothing there): not absolute, and no `..` segment; both messages when both apply.
pub fn local_descending_path(path: &str) -> Vec<&'static str> {
    let mut msgs = Vec::new();
    if path.starts_with('/') {
        msgs.push("must be a relative path");
    }
    if has_backstep(path) {
        msgs.push("must not contain '..'");
    }
    msgs
}

/// `validatePathNoBacksteps`: whether a `/`-separated segment is `..`.
pub fn has_backstep(path: &str) -> bool {
    path.split('/').any(|segment| segment == "..")
}

/// `IsValidIP`'s message under the legacy (sloppy) parsing 1.35 still uses.
pub const BAD_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
/// `IsValidCIDR`'s message under the legacy parsing.
pub const BAD_CIDR: &str = "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)";

/// `netutils.ParseIPSloppy`: Go's `net.ParseIP`, which also takes IPv4 octets with leading zeros.
pub fn is_sloppy_ip(s: &str) -> bool {
    if s.contains(':') {
        return s.parse::<std::net::Ipv6Addr>().is_ok();
    }
    let octets: Vec<&str> = s.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|o| {
            !o.is_empty()
                && o.len() <= 3
                && o.bytes().all(|b| b.is_ascii_digit())
                && o.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// `netutils.ParseCIDRSloppy`: an address and a prefix length its family allows.
pub fn is_sloppy_cidr(s: &str) -> bool {
    let Some((ip, bits)) = s.split_once('/') else {
        return false;
    };
    let max = if ip.contains(':') { 128 } else { 32 };
    is_sloppy_ip(ip)
        && !bits.is_empty()
        && bits.len() <= 3
        && bits.bytes().all(|b| b.is_ascii_digit())
        && bits.parse::<u16>().is_ok_and(|b| b <= max)
}

/// A name of another object that must be given (`Required` with `detail` when empty) and be a
/// URL path segment (`path.IsValidPathSegmentName`: not `.` or `..`, no `/` or `%`).
pub fn required_path_segment(
    value: &str,
    path: FieldPath,
    detail: &str,
    errors: &mut Vec<FieldError>,
) {
    if value.is_empty() {
        errors.push(FieldError::required(path, detail));
        return;
    }
    for msg in crate::validate::objectmeta::path_segment_messages(value, false) {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(value),
            msg,
        ));
    }
}

/// Each message of `check` on `value`, when it is set (an empty optional name is no name).
pub fn each_if_set(
    check: fn(&[u8]) -> Vec<String>,
    value: &str,
    path: &FieldPath,
    errors: &mut Vec<FieldError>,
) {
    if !value.is_empty() {
        each(check, value, path, errors);
    }
}

/// `IsDomainPrefixedPath`: `<subdomain>/<path>`, each part checked.
pub fn domain_prefixed_path(value: &str, path: &FieldPath, errors: &mut Vec<FieldError>) {
    if value.is_empty() {
        errors.push(FieldError::required(path.clone(), ""));
        return;
    }
    let Some((host, rest)) = value
        .split_once('/')
        .filter(|(h, r)| !h.is_empty() && !r.is_empty())
    else {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(value),
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        ));
        return;
    };
    each(formats::is_dns1123_subdomain, host, path, errors);
    let allowed = |c: char| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c);
    if !rest.chars().all(allowed) {
        errors.push(FieldError::invalid(
            path.clone(),
            BadValue::string(rest),
            "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn port_names_follow_is_valid_port_name() {
        assert!(port_name_messages("http").is_empty());
        assert_eq!(
            port_name_messages("-Web--Port-1234567"),
            [
                "must be no more than 15 characters",
                "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
                "must not contain consecutive hyphens",
                "must not begin or end with a hyphen"
            ]
        );
        assert_eq!(
            port_name_messages("123"),
            ["must contain at least one letter (a-z)"]
        );
    }

    #[test]
    fn env_names_are_printable_ascii_without_equals() {
        assert!(env_var_name_messages("1st.var-NAME with space").is_empty());
        assert_eq!(env_var_name_messages("A=B").len(), 1);
        assert_eq!(env_var_name_messages("é").len(), 1);
        assert_eq!(
            env_var_name_messages(""),
            ["environment variable name must be non-empty"]
        );
    }

    #[test]
    fn int_or_percent_values() {
        let mut errors = Vec::new();
        let p = FieldPath::root().child("maxSurge");
        assert_eq!(
            int_or_percent(&json!("25%"), &p, &mut errors),
            IntOrPercent::Percent(25)
        );
        assert_eq!(
            int_or_percent(&json!(3), &p, &mut errors),
            IntOrPercent::Int(3)
        );
        not_over_100_percent(&json!("100%"), &p, &mut errors);
        assert!(errors.is_empty());
        int_or_percent(&json!("25"), &p, &mut errors);
        not_over_100_percent(&json!("150%"), &p, &mut errors);
        int_or_percent(&json!(-1), &p, &mut errors);
        let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(texts, [
            "maxSurge: Invalid value: \"25\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
            "maxSurge: Invalid value: \"150%\": must not be greater than 100%",
            "maxSurge: Invalid value: -1: must be greater than or equal to 0",
        ]);
    }

    #[test]
    fn sloppy_addresses() {
        assert!(is_sloppy_ip("10.0.0.1") && is_sloppy_ip("010.000.0.1") && is_sloppy_ip("::1"));
        assert!(!is_sloppy_ip("10.0.0") && !is_sloppy_ip("256.0.0.1") && !is_sloppy_ip("a.b.c.d"));
        assert!(is_sloppy_cidr("10.0.0.0/8") && is_sloppy_cidr("2001:db8::/64"));
        assert!(
            !is_sloppy_cidr("10.0.0.0/33")
                && !is_sloppy_cidr("10.0.0.0")
                && !is_sloppy_cidr("::/129")
        );
    }

    #[test]
    fn local_paths() {
        assert!(local_descending_path("a/b").is_empty());
        assert_eq!(local_descending_path("/a"), ["must be a relative path"]);
        assert_eq!(local_descending_path("a/../b"), ["must not contain '..'"]);
        assert_eq!(
            local_descending_path("/../x"),
            ["must be a relative path", "must not contain '..'"]
        );
        assert!(local_descending_path("a/..b").is_empty());
        // A backslash is no separator on Linux.
        assert!(local_descending_path("a\\..\\b").is_empty());
    }
}
