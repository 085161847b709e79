//! The string formats the apiserver validates in custom resources (kube-openapi's strfmt
//! registry, names compared without `-`), and whether a value is valid for one. Formats it does not
//! know are not checked, as on the apiserver, which strips them from CRD schemas first.

use crate::cel::library::{cidr, ip, url};

/// Whether the apiserver validates `format` (after dropping `-`).
pub fn is_validated(format: &str) -> bool {
    matches!(
        normalized(format).as_str(),
        "bsonobjectid"
            | "uri"
            | "email"
            | "hostname"
            | "ipv4"
            | "ipv6"
            | "cidr"
            | "mac"
            | "uuid"
            | "uuid3"
            | "uuid4"
            | "uuid5"
            | "isbn"
            | "isbn10"
            | "isbn13"
            | "creditcard"
            | "ssn"
            | "hexcolor"
            | "rgbcolor"
            | "byte"
            | "password"
            | "date"
            | "duration"
            | "datetime"
            | "k8sshortname"
            | "k8slongname"
    )
}

fn normalized(format: &str) -> String {
    format.replace('-', "").to_ascii_lowercase()
}

/// Whether `value` is valid for `format`; `None` for a format this implementation does not check.
pub fn check(format: &str, value: &str) -> Option<bool> {
    Some(match normalized(format).as_str() {
        "password" => true,
        "byte" => {
            !value.is_empty() && {
                use base64::Engine as _;
                base64::engine::general_purpose::STANDARD
                    .decode(value)
                    .is_ok()
            }
        }
        "date" => chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").is_ok() && value.len() == 10,
        "datetime" => date_time(value),
        "duration" => duration(value),
        "uuid" => uuid(value, None),
        "uuid3" => uuid(value, Some('3')),
        "uuid4" => uuid(value, Some('4')),
        "uuid5" => uuid(value, Some('5')),
        "ipv4" => value.contains('.') && ipv4_sloppy(value),
        "ipv6" => value.contains(':') && value.parse::<std::net::Ipv6Addr>().is_ok(),
        "cidr" => cidr::is_cidr(value) || cidr_sloppy(value),
        "hostname" => hostname(value),
        "email" => email(value),
        "uri" => url::is_url(value),
        "mac" => mac(value),
        "hexcolor" => hexcolor(value),
        "k8sshortname" => k8s_short_name(value),
        "k8slongname" => {
            !value.is_empty() && value.len() <= 253 && value.split('.').all(k8s_short_name)
        }
        _ => return None,
    })
}

fn date_time(v: &str) -> bool {
    chrono::DateTime::parse_from_rfc3339(v).is_ok()
        || chrono::NaiveDateTime::parse_from_str(v, "%Y-%m-%dT%H:%M:%S").is_ok()
        || chrono::NaiveDateTime::parse_from_str(v, "%Y-%m-%dT%H:%M:%S%.f").is_ok()
}

/// Go's `time.ParseDuration`, or kube-openapi's `<n> <unit>` form.
fn duration(v: &str) -> bool {
    crate::cel::parse_go_duration(v).is_ok() || {
        let t = v.trim();
        let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        digits > 0
            && matches!(
                t[digits..].trim(),
                "ns" | "us"
                    | "µs"
                    | "ms"
                    | "s"
                    | "m"
                    | "h"
                    | "d"
                    | "w"
                    | "second"
                    | "seconds"
                    | "minute"
                    | "minutes"
                    | "hour"
                    | "hours"
                    | "day"
                    | "days"
                    | "week"
                    | "weeks"
            )
    }
}

fn uuid(v: &str, version: Option<char>) -> bool {
    let hex: Vec<char> = v.chars().filter(|c| *c != '-').collect();
    let dashes_ok = v.len() == 32
        || (v.len() == 36 && [8, 13, 18, 23].iter().all(|&i| v.as_bytes()[i] == b'-'));
    dashes_ok
        && hex.len() == 32
        && hex.iter().all(char::is_ascii_hexdigit)
        && version.is_none_or(|ver| {
            hex[12] == ver && matches!(hex[16].to_ascii_lowercase(), '8' | '9' | 'a' | 'b')
        })
}

/// Go's `netutils.ParseIPSloppy` for IPv4: leading zeros allowed.
fn ipv4_sloppy(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.parse::<u16>().is_ok_and(|n| n <= 255))
}

fn cidr_sloppy(v: &str) -> bool {
    let Some((addr, bits)) = v.split_once('/') else {
        return false;
    };
    let Ok(bits) = bits.parse::<u8>() else {
        return false;
    };
    (ipv4_sloppy(addr) && bits <= 32) || (ip::is_ip(addr) && addr.contains(':') && bits <= 128)
}

fn hostname(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 255
        && v.trim_end_matches('.').split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

fn email(v: &str) -> bool {
    let Some((local, domain)) = v.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.is_empty()
        && !v.contains(char::is_whitespace)
        && !domain.starts_with('.')
}

fn mac(v: &str) -> bool {
    let groups: Vec<&str> = v.split([':', '-']).collect();
    matches!(groups.len(), 6 | 8 | 20)
        && groups
            .iter()
            .all(|g| g.len() == 2 && g.chars().all(|c| c.is_ascii_hexdigit()))
}

fn hexcolor(v: &str) -> bool {
    let Some(h) = v.strip_prefix('#') else {
        return false;
    };
    matches!(h.len(), 3 | 6) && h.chars().all(|c| c.is_ascii_hexdigit())
}

fn k8s_short_name(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 63
        && v.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !v.starts_with('-')
        && !v.ends_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_formats() {
        assert_eq!(check("date-time", "2024-01-01T00:00:00Z"), Some(true));
        assert_eq!(check("date-time", "yesterday"), Some(false));
        assert_eq!(check("date", "2024-02-30"), Some(false));
        assert_eq!(check("byte", "aGk="), Some(true));
        assert_eq!(check("byte", ""), Some(false));
        assert_eq!(
            check("uuid", "123e4567-e89b-12d3-a456-426614174000"),
            Some(true)
        );
        assert_eq!(check("ipv4", "010.0.0.1"), Some(true));
        assert_eq!(check("k8s-short-name", "Web"), Some(false));
        assert_eq!(check("duration", "1h30m"), Some(true));
        assert_eq!(check("duration", "soon"), Some(false));
        assert_eq!(check("int32", "x"), None);
        assert!(!is_validated("int64"));
    }
}
