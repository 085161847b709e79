//! The `kubernetes.format` CEL library: the named formats returned by
//! `format.named(<name>)` / `format.<name>()` and `<Format>.validate()`.
//!
//! Mirrors `k8s.io/apiserver/pkg/cel/library/format.go` (v0.35.0) and the
//! validators it calls: `k8s.io/apimachinery/pkg/api/validation` (`NameIsDNS*`
//! with their prefix masking), `pkg/util/validation` (`IsDNS1123Label`,
//! `IsDNS1123Subdomain`, `IsDNS1035Label`), `pkg/api/validate/content`
//! (`IsLabelKey` a.k.a. `IsQualifiedName`, `IsLabelValue`), Go's
//! `url.ParseRequestURI` (via the sibling `url` module) and kube-openapi's
//! `strfmt` validators for `uuid`, `byte`, `date` and `datetime`.
//!
//! The regular expressions of the Go code are implemented as hand-written
//! byte matchers; error texts (which embed the Go regex sources) are exact.

/// Format names accepted by `format.named()`, in the order `format.go`
/// documents them.
const NAMES: [&str; 13] = [
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
];

/// The names `format.named()` knows (each also has a `format.<name>()`
/// constant).
pub fn names() -> &'static [&'static str] {
    &NAMES
}

/// Whether `format.named(name)` returns a value (otherwise `optional.none`).
pub fn is_known(name: &str) -> bool {
    NAMES.contains(&name)
}

/// The Go `Format.Name` of a named format (what format equality compares),
/// e.g. `DNS1123Label` for `dns1123Label`.
pub fn display_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "dns1123Label" => "DNS1123Label",
        "dns1123Subdomain" => "DNS1123Subdomain",
        "dns1035Label" => "DNS1035Label",
        "qualifiedName" => "QualifiedName",
        "dns1123LabelPrefix" => "DNS1123LabelPrefix",
        "dns1123SubdomainPrefix" => "DNS1123SubdomainPrefix",
        "dns1035LabelPrefix" => "DNS1035LabelPrefix",
        "labelValue" => "LabelValue",
        "uri" => "URI",
        "uuid" => "uuid",
        "byte" => "byte",
        "date" => "date",
        "datetime" => "datetime",
        _ => return None,
    })
}

/// The `MaxRegexSize` the Go library attaches to each format for cost
/// estimation.
pub fn max_regex_size(name: &str) -> Option<usize> {
    Some(match name {
        "dns1123Label" | "dns1035Label" | "dns1123LabelPrefix" | "dns1035LabelPrefix" => 30,
        "dns1123Subdomain" | "qualifiedName" | "dns1123SubdomainPrefix" => 60,
        "labelValue" => 40,
        "uri" => 1103,
        "uuid" => UUID_PATTERN.len(),
        "byte" => 84,
        "date" | "datetime" => DATE_TIME_PATTERN.len(),
        _ => return None,
    })
}

/// kube-openapi's `strfmt.UUIDPattern` (only its length is used).
const UUID_PATTERN: &str = "(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$";
/// kube-openapi's `strfmt.DateTimePattern` (only its length is used).
const DATE_TIME_PATTERN: &str =
    "^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$";

/// The message of `+k8s:format=k8s-uuid` (a lowercase UUID with its dashes), which no format of
/// this library checks.
pub const LOWERCASE_UUID_MSG: &str = "must be a lowercase UUID in 8-4-4-4-12 format";

/// `<Format>.validate(value)`: `None` when `value` is valid (CEL's
/// `optional.none`), otherwise the messages exactly as Go returns them.
///
/// An unknown `format_name` also yields `None`; CEL code cannot reach that
/// case because `format.named()` returns `optional.none` for unknown names
/// (check [`is_known`] first).
pub fn validate(format_name: &str, value: &str) -> Option<Vec<String>> {
    let v = value.as_bytes();
    let errs = match format_name {
        "dns1123Label" => is_dns1123_label(v),
        "dns1123Subdomain" => is_dns1123_subdomain(v),
        "dns1035Label" => is_dns1035_label(v),
        "qualifiedName" => is_label_key(v),
        "dns1123LabelPrefix" => is_dns1123_label(&mask_trailing_dash(v)),
        "dns1123SubdomainPrefix" => is_dns1123_subdomain_prefix(v),
        "dns1035LabelPrefix" => is_dns1035_label(&mask_trailing_dash(v)),
        "labelValue" => is_label_value(v),
        "uri" => match super::url::parse_request_uri(value) {
            Ok(()) => Vec::new(),
            Err(e) => vec![e],
        },
        "uuid" => single(is_uuid(v), "does not match the UUID format"),
        "byte" => single(is_base64(v), "invalid base64"),
        "date" => single(is_date(v), "invalid date"),
        "datetime" => single(is_date_time(v), "invalid datetime"),
        _ => Vec::new(),
    };
    if errs.is_empty() {
        None
    } else {
        Some(errs)
    }
}

fn single(ok: bool, msg: &str) -> Vec<String> {
    if ok {
        Vec::new()
    } else {
        vec![msg.to_string()]
    }
}

// ---------------------------------------------------------------------------
// apimachinery name validation
// ---------------------------------------------------------------------------

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_LABEL_MAX_LENGTH: usize = 63;
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX_LENGTH: usize = 253;
const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const DNS1035_LABEL_MAX_LENGTH: usize = 63;
const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_ERR_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_MAX_LENGTH: usize = 63;
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MAX_LENGTH: usize = 63;

/// `validation.RegexError` / `content.RegexError`.
fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let mut out = format!("{msg} (e.g. ");
    for (i, ex) in examples.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push('\'');
        out.push_str(ex);
        out.push_str("', ");
    }
    out.push_str("regex used for validation is '");
    out.push_str(fmt);
    out.push_str("')");
    out
}

/// `validation.MaxLenError` (pkg/util/validation).
fn max_len_error_chars(n: usize) -> String {
    format!("must be no more than {n} characters")
}

/// `content.MaxLenError` (pkg/api/validate/content).
fn max_len_error_bytes(n: usize) -> String {
    format!("must be no more than {n} bytes")
}

/// `content.EmptyError`.
const EMPTY_ERROR: &str = "must be non-empty";

/// `apimachinery/pkg/api/validation.maskTrailingDash`: when a generated name
/// ends in '-', its last two bytes are replaced by "a" before validation.
pub fn mask_trailing_dash(name: &[u8]) -> Vec<u8> {
    if name.len() > 1 && name.ends_with(b"-") {
        let mut out = name[..name.len() - 2].to_vec();
        out.push(b'a');
        out
    } else {
        name.to_vec()
    }
}

/// What each byte may be in the names these patterns match, as bits of [`class`].
const CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let lower_alnum = b.is_ascii_lowercase() || b.is_ascii_digit();
        let alnum = b.is_ascii_alphanumeric();
        let mut bits = 0;
        if lower_alnum {
            bits |= class::LOWER_ALNUM | class::DNS;
        }
        if alnum {
            bits |= class::ALNUM | class::LABEL;
        }
        if b == b'-' {
            bits |= class::DNS | class::LABEL;
        }
        if b == b'_' || b == b'.' {
            bits |= class::LABEL;
        }
        table[c] = bits;
        c += 1;
    }
    table
};

/// Bits of [`CLASSES`].
mod class {
    /// `[a-z0-9]`
    pub const LOWER_ALNUM: u8 = 1;
    /// `[A-Za-z0-9]`
    pub const ALNUM: u8 = 2;
    /// `[-a-z0-9]`
    pub const DNS: u8 = 4;
    /// `[-A-Za-z0-9_.]`
    pub const LABEL: u8 = 8;
}

/// Whether `c` is of every class in `bits`.
fn is(c: u8, bits: u8) -> bool {
    CLASSES[c as usize] & bits == bits
}

/// Whether `s` is not empty, its first and last bytes are of class `ends` and all of them of
/// class `inner`.
fn bounded(s: &[u8], ends: u8, inner: u8) -> bool {
    match (s.first(), s.last()) {
        (Some(&f), Some(&l)) => is(f, ends) && is(l, ends) && s.iter().all(|&c| is(c, inner)),
        _ => false,
    }
}

fn is_lower_alnum(c: u8) -> bool {
    is(c, class::LOWER_ALNUM)
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
fn matches_dns1123_label(s: &[u8]) -> bool {
    bounded(s, class::LOWER_ALNUM, class::DNS)
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`: one pass, in which
/// every dot stands between two lower-case letters or digits.
fn matches_dns1123_subdomain(s: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (s.first(), s.last()) else {
        return false;
    };
    is_lower_alnum(first)
        && is_lower_alnum(last)
        && s.iter().enumerate().all(|(i, &c)| match c {
            // Not at either end (checked above), so both neighbours exist.
            b'.' => is_lower_alnum(s[i - 1]) && is_lower_alnum(s[i + 1]),
            _ => is(c, class::DNS),
        })
}

/// `^[a-z]([-a-z0-9]*[a-z0-9])?$`
fn matches_dns1035_label(s: &[u8]) -> bool {
    matches_dns1123_label(s) && s[0].is_ascii_lowercase()
}

/// `^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`
fn matches_label_key(s: &[u8]) -> bool {
    bounded(s, class::ALNUM, class::LABEL)
}

/// `validation.IsDNS1123Label`.
pub fn is_dns1123_label(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_LABEL_MAX_LENGTH {
        errs.push(max_len_error_chars(DNS1123_LABEL_MAX_LENGTH));
    }
    if !matches_dns1123_label(v) {
        if matches_dns1123_subdomain(v) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(
                DNS1123_LABEL_ERR_MSG,
                DNS1123_LABEL_FMT,
                &["my-name", "123-abc"],
            ));
        }
    }
    errs
}

/// `validation.NameIsDNSSubdomain` for a generateName prefix: the subdomain check of the name
/// with a trailing dash masked.
pub fn is_dns1123_subdomain_prefix(v: &[u8]) -> Vec<String> {
    is_dns1123_subdomain(&mask_trailing_dash(v))
}

/// `validation.IsDNS1123Subdomain`.
pub fn is_dns1123_subdomain(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error_chars(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !matches_dns1123_subdomain(v) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_ERR_MSG,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errs
}

/// `content.IsDNS1123Subdomain` (same checks, "bytes" in the length error).
pub fn content_is_dns1123_subdomain(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error_bytes(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !matches_dns1123_subdomain(v) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_ERR_MSG,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errs
}

/// `validation.IsConfigMapKey`: a ConfigMap's or Secret's data key.
pub fn is_config_map_key(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error_chars(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    let allowed = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_');
    if v.is_empty() || !v.iter().all(allowed) {
        errs.push(regex_error(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
            "[-._a-zA-Z0-9]+",
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    // `hasChDirPrefix`.
    match v {
        b"." => errs.push("must not be '.'".to_string()),
        b".." => errs.push("must not be '..'".to_string()),
        _ if v.starts_with(b"..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// `validation.IsDNS1035Label`.
pub fn is_dns1035_label(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1035_LABEL_MAX_LENGTH {
        errs.push(max_len_error_chars(DNS1035_LABEL_MAX_LENGTH));
    }
    if !matches_dns1035_label(v) {
        errs.push(regex_error(
            DNS1035_LABEL_ERR_MSG,
            DNS1035_LABEL_FMT,
            &["my-name", "abc-123"],
        ));
    }
    errs
}

/// `content.IsLabelKey` (what `validation.IsQualifiedName` points to).
pub fn is_label_key(v: &[u8]) -> Vec<String> {
    // The common valid case, a name without a prefix, answered without splitting.
    // (A name without a prefix has no '/', which is not a name's byte.)
    if v.len() <= LABEL_KEY_MAX_LENGTH && matches_label_key(v) {
        return Vec::new();
    }
    let examples = ["MyName", "my.name", "123-abc"];
    let mut errs = Vec::new();
    let mut parts = v.splitn(3, |&c| c == b'/');
    let (first, second, third) = (parts.next(), parts.next(), parts.next());
    let name = match (first, second, third) {
        (Some(name), None, _) => name,
        (Some(prefix), Some(name), None) => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {EMPTY_ERROR}"));
            } else {
                errs.extend(
                    content_is_dns1123_subdomain(prefix)
                        .into_iter()
                        .map(|m| format!("prefix part {m}")),
                );
            }
            name
        }
        _ => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_ERR_MSG, LABEL_KEY_FMT, &examples)
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {EMPTY_ERROR}"));
    } else if name.len() > LABEL_KEY_MAX_LENGTH {
        errs.push(format!(
            "name part {}",
            max_len_error_bytes(LABEL_KEY_MAX_LENGTH)
        ));
    }
    if !matches_label_key(name) {
        errs.push(format!(
            "name part {}",
            regex_error(LABEL_KEY_ERR_MSG, LABEL_KEY_FMT, &examples)
        ));
    }
    errs
}

/// `content.IsLabelValue`.
pub fn is_label_value(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > LABEL_VALUE_MAX_LENGTH {
        errs.push(max_len_error_bytes(LABEL_VALUE_MAX_LENGTH));
    }
    if !(v.is_empty() || matches_label_key(v)) {
        errs.push(regex_error(
            LABEL_VALUE_ERR_MSG,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

// ---------------------------------------------------------------------------
// kube-openapi strfmt validators
// ---------------------------------------------------------------------------

/// `strfmt.IsUUID`: 32 hex digits (any case) grouped 8-4-4-4-12, each of the
/// four separators an optional '-'.
pub fn is_uuid(s: &[u8]) -> bool {
    let mut rest = s;
    for (i, n) in [8usize, 4, 4, 4, 12].into_iter().enumerate() {
        if i > 0 {
            if let Some(r) = rest.strip_prefix(b"-") {
                rest = r;
            }
        }
        if rest.len() < n || !rest[..n].iter().all(u8::is_ascii_hexdigit) {
            return false;
        }
        rest = &rest[n..];
    }
    rest.is_empty()
}

/// govalidator's `IsBase64`: padded standard base64, at least one quantum.
pub fn is_base64(s: &[u8]) -> bool {
    fn b64(c: u8) -> bool {
        c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
    }
    if s.is_empty() || !s.len().is_multiple_of(4) {
        return false;
    }
    let body = s
        .strip_suffix(b"==")
        .or_else(|| s.strip_suffix(b"="))
        .unwrap_or(s);
    body.iter().all(|&c| b64(c))
}

/// `strfmt.IsDate`: Go's `time.Parse("2006-01-02", s)` succeeds.
pub fn is_date(s: &[u8]) -> bool {
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = s.get(r)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(
            part.iter()
                .fold(0, |acc, &c| acc * 10 + u32::from(c - b'0')),
        )
    };
    if s.len() != 10 || s[4] != b'-' || s[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return false;
    };
    if !(1..=12).contains(&month) {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1..=days_in_month).contains(&day)
}

/// `strfmt.IsDateTime`. Mirrors the Go quirks: the lower-cased input is split
/// on every 't', only the first two pieces are checked (the date with
/// `IsDate`, the time with `DateTimePattern`), and the hour, minute and
/// second are range-checked while the zone offset is not.
pub fn is_date_time(s: &[u8]) -> bool {
    if s.len() < 4 {
        return false;
    }
    // Only ASCII 'T'/'t' lower-case to 't', so splitting the original on both
    // is the same as splitting the lower-cased string on 't'.
    let mut pieces = s.split(|&c| c == b't' || c == b'T');
    let (Some(date), Some(time)) = (pieces.next(), pieces.next()) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    match_time(time)
}

/// `^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$`
/// on the lower-cased time piece, plus the hour/minute/second range checks.
fn match_time(t: &[u8]) -> bool {
    let two = |i: usize| -> Option<u8> {
        let d = t.get(i..i + 2)?;
        d.iter()
            .all(u8::is_ascii_digit)
            .then(|| (d[0] - b'0') * 10 + (d[1] - b'0'))
    };
    let (Some(h), Some(m), Some(sec)) = (two(0), two(3), two(6)) else {
        return false;
    };
    if t[2] != b':' || t[5] != b':' {
        return false;
    }
    if !(h <= 23 && m <= 59 && sec <= 59) {
        return false;
    }
    let rest = &t[8..];
    if is_zone(rest) {
        return true;
    }
    // `.` matches any single character except '\n' (a whole UTF-8 sequence).
    let Some(&first) = rest.first() else {
        return false;
    };
    if first == b'\n' {
        return false;
    }
    let width = match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    };
    let Some(after) = rest.get(width..) else {
        return false;
    };
    let digits = after.iter().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && is_zone(&after[digits..])
}

/// `z|([+-][0-9]{2}:[0-9]{2})` matching the whole slice (case-insensitive z).
fn is_zone(z: &[u8]) -> bool {
    match z {
        [b'z' | b'Z'] => true,
        [b'+' | b'-', a, b, b':', c, d] => [a, b, c, d].iter().all(|x| x.is_ascii_digit()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_matchers_agree_with_the_apimachinery_patterns_on_every_short_name() {
        type Matcher = fn(&[u8]) -> bool;
        let patterns: [(&str, Matcher); 4] = [
            ("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", matches_dns1123_label),
            (
                "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$",
                matches_dns1123_subdomain,
            ),
            ("^[a-z]([-a-z0-9]*[a-z0-9])?$", matches_dns1035_label),
            (
                "^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$",
                matches_label_key,
            ),
        ];
        // Every name of up to five bytes over an alphabet with one byte of each kind.
        let alphabet = b"aZ0-._/";
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=5 {
            let mut longer = Vec::new();
            for name in names.iter().filter(|n| n.len() == len - 1) {
                for &c in alphabet {
                    let mut n = name.clone();
                    n.push(c);
                    longer.push(n);
                }
            }
            names.extend(longer);
        }
        for (pattern, matcher) in patterns {
            let re = regex::bytes::Regex::new(pattern).expect("pattern");
            for name in &names {
                assert_eq!(
                    matcher(name),
                    re.is_match(name),
                    "{pattern} on {:?}",
                    String::from_utf8_lossy(name)
                );
            }
        }
    }

    fn ok(name: &str, v: &str) {
        assert_eq!(validate(name, v), None, "{name}({v:?}) should be valid");
    }

    fn bad(name: &str, v: &str) -> Vec<String> {
        validate(name, v).unwrap_or_else(|| panic!("{name}({v:?}) should be invalid"))
    }

    const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    const DNS1035_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    const NAME_PART_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    // ---- cases ported from apiserver pkg/cel/library/format_test.go ----

    #[test]
    fn upstream_examples() {
        ok("dns1123Label", "my-label-name");
        ok("dns1123Subdomain", "apiextensions.k8s.io");
        ok("qualifiedName", "apiextensions.k8s.io/v1beta1");
        ok("dns1123LabelPrefix", "my-label-prefix-");
        ok("dns1123SubdomainPrefix", "mysubdomain.prefix.-");
        ok("dns1035LabelPrefix", "my-label-prefix-");
        ok("uri", "http://example.com");
        ok("uuid", "123e4567-e89b-12d3-a456-426614174000");
        ok("byte", "aGVsbG8=");
        ok("date", "2021-01-01");
        ok("datetime", "2021-01-01T00:00:00Z");
    }

    #[test]
    fn upstream_failures() {
        assert_eq!(bad("dns1123Label", "contains a space"), vec![LABEL_MSG]);
        assert_eq!(
            bad("dns1123Subdomain", "contains a space"),
            vec![SUBDOMAIN_MSG]
        );
        assert_eq!(bad("dns1035Label", "contains a space"), vec![DNS1035_MSG]);
        assert_eq!(
            bad("qualifiedName", "contains a space"),
            vec![NAME_PART_MSG]
        );
        assert_eq!(
            bad("dns1123LabelPrefix", "contains a space-"),
            vec![LABEL_MSG]
        );
        assert_eq!(
            bad("dns1123SubdomainPrefix", "contains a space-"),
            vec![SUBDOMAIN_MSG]
        );
        assert_eq!(
            bad("dns1035LabelPrefix", "contains a space-"),
            vec![DNS1035_MSG]
        );
        ok("dns1123Label", "my-label-name");
        ok("dns1123Subdomain", "example.com");
        ok("dns1035Label", "my-label-name");
        ok("qualifiedName", "my.name");
        ok("byte", "aGVsbG8=");
        assert_eq!(bad("byte", "aGVsbG8"), vec!["invalid base64"]);
        ok("date", "2020-01-01");
        assert_eq!(bad("date", "2020-01-32"), vec!["invalid date"]);
        ok("datetime", "2020-01-01T00:00:00Z");
        assert_eq!(
            bad("datetime", "2020-01-32T00:00:00Z"),
            vec!["invalid datetime"]
        );
        assert!(!is_known("unknown"));
        ok("labelValue", "my-cool-label-Value");
        assert_eq!(
            bad("labelValue", "my-cool-label-Value!!\n\n!!!"),
            vec![LABEL_VALUE_MSG]
        );
    }

    #[test]
    fn names_lookup_and_identity() {
        assert_eq!(names().len(), 13);
        for name in names() {
            assert!(is_known(name));
            assert!(display_name(name).is_some());
            assert!(max_regex_size(name).is_some());
            // format.go's TestSizeLimit: names fit cel.MaxFormatSize (64).
            assert!(name.len() <= 64);
        }
        let mut display: Vec<_> = names().iter().filter_map(|n| display_name(n)).collect();
        display.sort_unstable();
        display.dedup();
        assert_eq!(display.len(), 13, "format equality compares distinct names");
        assert!(!is_known("DNS1123Label"));
        assert!(!is_known(""));
        assert_eq!(display_name("nope"), None);
        assert_eq!(validate("nope", "anything"), None);
        assert_eq!(max_regex_size("uuid"), Some(70));
        assert_eq!(max_regex_size("date"), Some(71));
        assert_eq!(max_regex_size("byte"), Some(84));
        assert_eq!(max_regex_size("nope"), None);
    }

    #[test]
    fn dns_labels() {
        ok("dns1123Label", "a");
        ok("dns1123Label", "0");
        ok("dns1123Label", &"a".repeat(63));
        assert_eq!(
            bad("dns1123Label", &"a".repeat(64)),
            vec!["must be no more than 63 characters"]
        );
        assert_eq!(
            bad("dns1123Label", &format!("{}-", "a".repeat(64))),
            vec!["must be no more than 63 characters", LABEL_MSG]
        );
        assert_eq!(bad("dns1123Label", "a.b"), vec!["must not contain dots"]);
        assert_eq!(bad("dns1123Label", ""), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123Label", "-a"), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123Label", "a-"), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123Label", "A"), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123Label", "a..b"), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123Label", "a\n"), vec![LABEL_MSG]);
        ok("dns1035Label", "a-1");
        assert_eq!(bad("dns1035Label", "1a"), vec![DNS1035_MSG]);
        assert_eq!(bad("dns1035Label", "a.b"), vec![DNS1035_MSG]);
        assert_eq!(
            bad("dns1035Label", &"a".repeat(64)),
            vec!["must be no more than 63 characters"]
        );
    }

    #[test]
    fn dns_subdomains() {
        ok("dns1123Subdomain", "a.b.c");
        ok("dns1123Subdomain", "1-2.3-4");
        ok("dns1123Subdomain", &"a".repeat(253));
        assert_eq!(
            bad("dns1123Subdomain", &"a".repeat(254)),
            vec!["must be no more than 253 characters"]
        );
        assert_eq!(bad("dns1123Subdomain", "a..b"), vec![SUBDOMAIN_MSG]);
        assert_eq!(bad("dns1123Subdomain", ".a"), vec![SUBDOMAIN_MSG]);
        assert_eq!(bad("dns1123Subdomain", "a."), vec![SUBDOMAIN_MSG]);
        assert_eq!(bad("dns1123Subdomain", "a.-b"), vec![SUBDOMAIN_MSG]);
        assert_eq!(bad("dns1123Subdomain", "Example.com"), vec![SUBDOMAIN_MSG]);
        assert_eq!(bad("dns1123Subdomain", ""), vec![SUBDOMAIN_MSG]);
    }

    #[test]
    fn prefix_masking_drops_two_bytes() {
        // "ab-" is checked as "aa"; "a-" as "a"; a lone "-" is not masked.
        ok("dns1123LabelPrefix", "ab-");
        ok("dns1123LabelPrefix", "a-");
        assert_eq!(bad("dns1123LabelPrefix", "-"), vec![LABEL_MSG]);
        // "x.-" becomes "xa"; "x-.-" becomes "x-a" (valid), "x.y.-" becomes "x.ya".
        ok("dns1123SubdomainPrefix", "x.-");
        ok("dns1123SubdomainPrefix", "x.y.-");
        // The byte before the dash is dropped even when it is invalid.
        ok("dns1123LabelPrefix", "abC-");
        ok("dns1035LabelPrefix", "a_-");
        assert_eq!(bad("dns1035LabelPrefix", "1a-"), vec![DNS1035_MSG]);
        // Dots survive unless they are the dropped byte.
        assert_eq!(
            bad("dns1123LabelPrefix", "a.bc-"),
            vec!["must not contain dots"]
        );
        // Multi-byte characters may be cut in half; the result is still invalid.
        assert_eq!(bad("dns1123LabelPrefix", "aé-"), vec![LABEL_MSG]);
        assert_eq!(bad("dns1123LabelPrefix", "aaé-"), vec![LABEL_MSG]);
        // Lengths are measured after masking.
        ok("dns1123LabelPrefix", &format!("{}-", "a".repeat(63)));
        assert_eq!(
            bad("dns1123LabelPrefix", &format!("{}-", "a".repeat(65))),
            vec!["must be no more than 63 characters"]
        );
        // Without a trailing dash the prefix variants equal the plain ones.
        assert_eq!(bad("dns1123LabelPrefix", "A"), vec![LABEL_MSG]);
    }

    #[test]
    fn qualified_names() {
        ok("qualifiedName", "MyName");
        ok("qualifiedName", "my.name");
        ok("qualifiedName", "123-abc");
        ok("qualifiedName", "example.com/MyName");
        ok("qualifiedName", "a_b");
        ok("qualifiedName", &"a".repeat(63));
        assert_eq!(
            bad("qualifiedName", &"a".repeat(64)),
            vec!["name part must be no more than 63 bytes"]
        );
        assert_eq!(
            bad("qualifiedName", ""),
            vec![
                "name part must be non-empty".to_string(),
                NAME_PART_MSG.to_string()
            ]
        );
        assert_eq!(
            bad("qualifiedName", "/a"),
            vec!["prefix part must be non-empty"]
        );
        assert_eq!(
            bad("qualifiedName", "example.com/"),
            vec![
                "name part must be non-empty".to_string(),
                NAME_PART_MSG.to_string()
            ]
        );
        assert_eq!(
            bad("qualifiedName", "Example.com/a"),
            vec![format!("prefix part {SUBDOMAIN_MSG}")]
        );
        assert_eq!(
            bad("qualifiedName", &format!("{}/a", "a".repeat(254))),
            vec!["prefix part must be no more than 253 bytes"]
        );
        assert_eq!(
            bad("qualifiedName", "a/b/c"),
            vec!["a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]
        );
        assert_eq!(
            bad("qualifiedName", "-a./_b"),
            vec![
                format!("prefix part {SUBDOMAIN_MSG}"),
                NAME_PART_MSG.to_string()
            ]
        );
    }

    #[test]
    fn label_values() {
        ok("labelValue", "");
        ok("labelValue", "a");
        ok("labelValue", "A-b_c.D");
        ok("labelValue", &"a".repeat(63));
        assert_eq!(
            bad("labelValue", &"a".repeat(64)),
            vec!["must be no more than 63 bytes"]
        );
        assert_eq!(
            bad("labelValue", &format!("{}-", "a".repeat(63))),
            vec![
                "must be no more than 63 bytes".to_string(),
                LABEL_VALUE_MSG.to_string()
            ]
        );
        assert_eq!(bad("labelValue", "-a"), vec![LABEL_VALUE_MSG]);
        assert_eq!(bad("labelValue", "a/b"), vec![LABEL_VALUE_MSG]);
        assert_eq!(bad("labelValue", "é"), vec![LABEL_VALUE_MSG]);
    }

    #[test]
    fn uri_format_uses_request_uri_errors() {
        ok("uri", "/absolute");
        ok("uri", "mailto:x@y");
        ok("uri", "*");
        assert_eq!(
            bad("uri", "relative"),
            vec!["parse \"relative\": invalid URI for request"]
        );
        assert_eq!(bad("uri", ""), vec!["parse \"\": empty url"]);
        assert_eq!(
            bad("uri", "https://a:b:c/"),
            vec!["parse \"https://a:b:c/\": invalid port \":c\" after host"]
        );
    }

    #[test]
    fn uuids() {
        ok("uuid", "123E4567-E89B-12D3-A456-426614174000");
        ok("uuid", "123e4567e89b12d3a456426614174000");
        ok("uuid", "123e4567-e89b12d3-a456426614174000");
        let msg = vec!["does not match the UUID format"];
        assert_eq!(bad("uuid", ""), msg);
        assert_eq!(bad("uuid", "123e4567-e89b-12d3-a456-42661417400"), msg);
        assert_eq!(bad("uuid", "123e4567-e89b-12d3-a456-4266141740000"), msg);
        assert_eq!(bad("uuid", "123e4567--e89b-12d3-a456-426614174000"), msg);
        assert_eq!(bad("uuid", "g23e4567-e89b-12d3-a456-426614174000"), msg);
        assert_eq!(bad("uuid", "{123e4567-e89b-12d3-a456-426614174000}"), msg);
        assert_eq!(bad("uuid", "123e4567-e89b-12d3-a456-426614174000\n"), msg);
        assert_eq!(bad("uuid", "-123e4567e89b12d3a456426614174000"), msg);
        assert_eq!(bad("uuid", "123e4567e89b12d3a456426614174000-"), msg);
    }

    #[test]
    fn base64_values() {
        ok("byte", "aGVsbG8=");
        ok("byte", "aGVsbA==");
        ok("byte", "aGVs");
        ok("byte", "ab+/");
        ok("byte", "aGVsbG8gd29ybGQ=");
        let msg = vec!["invalid base64"];
        assert_eq!(bad("byte", ""), msg);
        assert_eq!(bad("byte", "===="), msg);
        assert_eq!(bad("byte", "a==="), msg);
        assert_eq!(bad("byte", "ab=c"), msg);
        assert_eq!(bad("byte", "ab-_"), msg);
        assert_eq!(bad("byte", "aGVs\n"), msg);
        assert_eq!(bad("byte", "aGVsbG8=aGVs"), msg);
    }

    #[test]
    fn dates() {
        ok("date", "2020-02-29");
        ok("date", "2000-02-29");
        ok("date", "0000-01-01");
        ok("date", "9999-12-31");
        let msg = vec!["invalid date"];
        for v in [
            "2021-02-29",
            "1900-02-29",
            "2020-04-31",
            "2020-00-01",
            "2020-13-01",
            "2020-01-00",
            "2020-1-01",
            "2020-01-1",
            "20201-01-01",
            "2020/01/01",
            "2020-01-01 ",
            "2020-01-01T00:00:00Z",
            "+020-01-01",
            "",
        ] {
            assert_eq!(bad("date", v), msg, "{v:?}");
        }
    }

    #[test]
    fn date_times() {
        ok("datetime", "2020-01-01t00:00:00z");
        ok("datetime", "2020-01-01T23:59:59+05:30");
        ok("datetime", "2020-01-01T23:59:59-99:99");
        ok("datetime", "2020-01-01T00:00:00.123456789Z");
        ok("datetime", "2020-01-01T00:00:00,5Z");
        ok("datetime", "2020-01-01T00:00:00é5Z");
        ok("datetime", "2020-01-01T00:00:00123Z");
        // Only the first two 't'-separated pieces are inspected.
        ok("datetime", "2020-01-01T00:00:00ZTgarbage");
        let msg = vec!["invalid datetime"];
        for v in [
            "2020-01-01",
            "2020-01-01T",
            "2020-01-01T24:00:00Z",
            "2020-01-01T00:60:00Z",
            "2020-01-01T00:00:60Z",
            "2020-01-01T00:00:00",
            "2020-01-01T00:00:00.Z",
            "2020-01-01T00:00:00\n5Z",
            "2020-01-01T00:00:00+0530",
            "2020-01-01T00:00Z",
            "2020-01-01T0:00:00Z",
            "2020-01-01 00:00:00Z",
            "2020-02-30T00:00:00Z",
            "2020-01-01T00:00:00Z ",
            "T00:00:00Z",
            "abc",
        ] {
            assert_eq!(bad("datetime", v), msg, "{v:?}");
        }
    }
}
