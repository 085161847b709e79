//! The opt-in `kep-formats` library: KEP-4153's string helpers
//! `<string>.isFormat(name) bool` and `<string>.validateFormat(name) list<string>`.
//!
//! A name is one of the `format` library's (`dns1123Label`, `qualifiedName`, `uuid`, ...) or a
//! `+k8s:format` name that one of them checks (`k8s-short-name` is `dns1123Label`,
//! `k8s-long-name` is `dns1123Subdomain`, ...), and the validators and messages are that
//! library's ([`super::formats`]). `validateFormat` gives the messages, empty when the string is
//! valid; `isFormat` whether there are none. A constant unknown name is a compile error, a
//! computed one an evaluation error.
//!
//! Both cost what Kubernetes charges `format.<name>().validate(s)`: the string's traversal times
//! the format's regex size over 4, the estimate taking at least the 128 Kubernetes assumes.

use super::formats;
use super::LibFunc;
use crate::types::CelType;

/// The name the library is enabled by.
pub const LIBRARY_NAME: &str = "kep-formats";

/// The regex size Kubernetes' estimator assumes for `<Format>.validate(s)`
/// (`MaxNameFormatRegexSize`).
const ESTIMATED_REGEX_SIZE: u64 = 128;

/// The most messages one validation gives, and the longest (for the size of the result).
const MAX_MESSAGES: u64 = 3;
const MAX_MESSAGE_LEN: u64 = 512;

/// A format the library checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KepFormat {
    /// A format of the `format` library, by its name there.
    Library(&'static str),
    /// `+k8s:format=k8s-uuid`: a lowercase UUID with its four dashes (`format.uuid()` also
    /// takes capitals and no dashes).
    LowercaseUuid,
}

/// The `+k8s:format` names, and what checks each.
const TAG_NAMES: [(&str, KepFormat); 6] = [
    ("k8s-short-name", KepFormat::Library("dns1123Label")),
    ("k8s-long-name", KepFormat::Library("dns1123Subdomain")),
    ("dns1035label", KepFormat::Library("dns1035Label")),
    ("k8s-label-key", KepFormat::Library("qualifiedName")),
    ("k8s-label-value", KepFormat::Library("labelValue")),
    ("k8s-uuid", KepFormat::LowercaseUuid),
];

impl KepFormat {
    /// The format of a name, in either spelling.
    pub fn named(name: &str) -> Option<KepFormat> {
        if let Some(n) = formats::names().iter().find(|n| **n == name) {
            return Some(KepFormat::Library(n));
        }
        TAG_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, format)| *format)
    }

    /// The messages for `value`, empty when it is valid.
    pub fn validate(self, value: &str) -> Vec<String> {
        match self {
            KepFormat::Library(name) => formats::validate(name, value).unwrap_or_default(),
            KepFormat::LowercaseUuid if is_lowercase_uuid(value) => Vec::new(),
            KepFormat::LowercaseUuid => vec![formats::LOWERCASE_UUID_MSG.to_string()],
        }
    }

    /// The regex size the cost is charged for.
    fn regex_size(self) -> u64 {
        let name = match self {
            KepFormat::Library(name) => name,
            KepFormat::LowercaseUuid => "uuid",
        };
        formats::max_regex_size(name).map_or(ESTIMATED_REGEX_SIZE, |n| n as u64)
    }
}

/// Every accepted name: the `format` library's, then the `+k8s:format` ones.
pub fn names() -> impl Iterator<Item = &'static str> {
    formats::names()
        .iter()
        .copied()
        .chain(TAG_NAMES.iter().map(|(n, _)| *n))
}

/// The compile error for a constant name no format has.
pub fn unknown_name_error(name: &str) -> String {
    let known: Vec<&str> = names().collect();
    format!("unknown format name {name:?} (known: {})", known.join(", "))
}

/// The evaluation error for a computed name no format has.
pub fn unknown_name_eval_error(name: &str) -> String {
    format!("unknown format name {name:?}")
}

/// `8-4-4-4-12` lowercase hex digits.
fn is_lowercase_uuid(value: &str) -> bool {
    let v = value.as_bytes();
    v.len() == 36
        && [8, 13, 18, 23].iter().all(|&i| v[i] == b'-')
        && !v.iter().any(u8::is_ascii_uppercase)
        && formats::is_uuid(v)
}

pub(crate) fn declares(name: &str) -> bool {
    matches!(name, "isFormat" | "validateFormat")
}

/// `isFormat` and `validateFormat` are member calls with one argument.
pub(crate) fn resolve(name: &str, member: bool, argc: usize) -> Option<LibFunc> {
    match (name, member, argc) {
        ("isFormat", true, 2) => Some(LibFunc::IsFormat(None)),
        ("validateFormat", true, 2) => Some(LibFunc::ValidateFormat(None)),
        _ => None,
    }
}

/// The call with its format resolved when the name is a constant; `Err` with the compile error
/// when no format has that name.
pub(crate) fn with_constant_name(func: LibFunc, name: Option<&str>) -> Result<LibFunc, String> {
    let (LibFunc::IsFormat(None) | LibFunc::ValidateFormat(None), Some(name)) = (func, name) else {
        return Ok(func);
    };
    let format = KepFormat::named(name).ok_or_else(|| unknown_name_error(name))?;
    Ok(match func {
        LibFunc::IsFormat(_) => LibFunc::IsFormat(Some(format)),
        _ => LibFunc::ValidateFormat(Some(format)),
    })
}

pub(crate) fn signature(name: &str, member: bool, args: &[CelType]) -> Option<CelType> {
    let strings = args.len() == 2 && args.iter().all(|a| a.fits(&CelType::String));
    match (name, member) {
        ("isFormat", true) if strings => Some(CelType::Bool),
        ("validateFormat", true) if strings => Some(CelType::List(Box::new(CelType::String))),
        _ => None,
    }
}

/// What a call costs on a string of `size` code points: Kubernetes' charge for a regex match,
/// `ceil((1 + size) / 10) * ceil(regex / 4)`.
fn cost(size: u64, regex_size: u64) -> u64 {
    size.saturating_add(1)
        .div_ceil(10)
        .saturating_mul(regex_size.div_ceil(4).max(1))
}

/// The actual cost of validating `size` code points against `format` (1 for an unknown name,
/// which fails without validating).
pub(crate) fn actual_cost(format: Option<KepFormat>, size: u64) -> u64 {
    format.map_or(1, |f| cost(size, f.regex_size()))
}

/// The worst-case cost for a string of at most `max` code points: the format's regex size, at
/// least Kubernetes' 128, or the largest of all when the name is computed.
pub(crate) fn estimated_cost(format: Option<KepFormat>, max: u64) -> u64 {
    let regex = match format {
        Some(f) => f.regex_size(),
        None => names()
            .filter_map(KepFormat::named)
            .map(KepFormat::regex_size)
            .max()
            .unwrap_or(ESTIMATED_REGEX_SIZE),
    };
    cost(max, regex.max(ESTIMATED_REGEX_SIZE))
}

/// The largest `validateFormat` result: a few messages of bounded length.
pub(crate) fn estimated_result() -> (u64, u64) {
    (MAX_MESSAGES, MAX_MESSAGE_LEN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_spellings_name_the_same_validator() {
        for (tag, library) in [
            ("k8s-short-name", "dns1123Label"),
            ("k8s-long-name", "dns1123Subdomain"),
            ("dns1035label", "dns1035Label"),
            ("k8s-label-key", "qualifiedName"),
            ("k8s-label-value", "labelValue"),
        ] {
            assert_eq!(KepFormat::named(tag), KepFormat::named(library), "{tag}");
            assert_eq!(KepFormat::named(tag), Some(KepFormat::Library(library)));
        }
        assert_eq!(KepFormat::named("uuid"), Some(KepFormat::Library("uuid")));
        assert_eq!(KepFormat::named("k8s-uuid"), Some(KepFormat::LowercaseUuid));
        assert_eq!(KepFormat::named("DNS1123Label"), None);
        assert_eq!(KepFormat::named("k8s-path-segment-name"), None);
        assert_eq!(names().count(), 19);
    }

    #[test]
    fn k8s_uuid_is_stricter_than_the_uuid_format() {
        let ok = "123e4567-e89b-12d3-a456-426614174000";
        assert!(KepFormat::LowercaseUuid.validate(ok).is_empty());
        for bad in [
            "123E4567-E89B-12D3-A456-426614174000",
            "123e4567e89b12d3a456426614174000",
            "123e4567-e89b12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "",
        ] {
            assert_eq!(
                KepFormat::LowercaseUuid.validate(bad),
                vec![formats::LOWERCASE_UUID_MSG],
                "{bad}"
            );
        }
        assert!(KepFormat::Library("uuid")
            .validate("123E4567E89B12D3A456426614174000")
            .is_empty());
    }

    #[test]
    fn costs_follow_the_regex_charge() {
        // dns1123Label: regex size 30 -> ceil(30 / 4) = 8 per tenth of the string.
        let label = KepFormat::named("k8s-short-name");
        assert_eq!(actual_cost(label, 0), 8);
        assert_eq!(actual_cost(label, 9), 8);
        assert_eq!(actual_cost(label, 10), 16);
        assert_eq!(actual_cost(None, 1_000), 1);
        // Estimates take at least 128 (32 per tenth); uri's 1103 (276) is more.
        assert_eq!(estimated_cost(label, 63), 7 * 32);
        assert_eq!(estimated_cost(KepFormat::named("uri"), 63), 7 * 276);
        assert_eq!(estimated_cost(None, 63), 7 * 276);
        for name in names() {
            let f = KepFormat::named(name);
            assert!(estimated_cost(f, 100) >= actual_cost(f, 100), "{name}");
        }
    }
}
