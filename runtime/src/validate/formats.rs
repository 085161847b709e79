//! The string formats the apiserver validates in custom resources (kube-openapi's strfmt
//! registry, names compared without `-`), and whether a value is valid for one. Formats it does not
//! know are not checked, as on the apiserver, which strips them from CRD schemas first.

use super::mail::email;
use crate::cel::library::{cidr, formats as strfmt, ip, url};

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
        "byte" => strfmt::is_base64(value.as_bytes()),
        "date" => strfmt::is_date(value.as_bytes()),
        "datetime" => strfmt::is_date_time(value.as_bytes()),
        "duration" => duration(value),
        "uuid" => strfmt::is_uuid(value.as_bytes()),
        "uuid3" => uuid_version(value, '3', false),
        "uuid4" => uuid_version(value, '4', true),
        "uuid5" => uuid_version(value, '5', true),
        "ipv4" => value.contains('.') && ipv4_sloppy(value),
        "ipv6" => value.contains(':') && value.parse::<std::net::Ipv6Addr>().is_ok(),
        "cidr" => cidr::is_cidr(value) || cidr_sloppy(value),
        "hostname" => hostname(value),
        "email" => email(value),
        "uri" => url::is_url(value),
        "mac" => mac(value),
        "hexcolor" => hexcolor(value),
        "k8sshortname" => k8s_short_name(value),
        "bsonobjectid" => value.len() == 24 && value.bytes().all(|b| b.is_ascii_hexdigit()),
        "isbn" => isbn10(value) || isbn13(value),
        "isbn10" => isbn10(value),
        "isbn13" => isbn13(value),
        "creditcard" => credit_card(value),
        "ssn" => ssn(value),
        "rgbcolor" => rgb_color(value),
        "k8slongname" => {
            !value.is_empty() && value.len() <= 253 && value.split('.').all(k8s_short_name)
        }
        _ => return None,
    })
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

/// strfmt's `UUID3Pattern`, `UUID4Pattern`, `UUID5Pattern`: a UUID whose version digit is
/// `version` and, for versions 4 and 5, whose variant digit is one of `89ab`.
fn uuid_version(v: &str, version: char, variant: bool) -> bool {
    if !strfmt::is_uuid(v.as_bytes()) {
        return false;
    }
    // A UUID's only dashes are its optional separators.
    let hex: Vec<char> = v
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    hex[12] == version && (!variant || matches!(hex[16], '8' | '9' | 'a' | 'b'))
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

/// strfmt's `IsHostname`: the string matches `rxHostname` and is at most 255 bytes, and no
/// `.`-separated part is longer than 63 bytes. The pattern (kube-openapi's `HostnamePattern`) is
///
/// ```text
/// ^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|
///  ([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$
/// ```
///
/// matched here by hand: either a single dotless label (one character, an optional `-`, then at
/// most 62 characters without `-`), or one or more labels each followed by `.` and then a final
/// label of 2 to 63 letters. Repetition counts are in characters, the length limits in bytes.
fn hostname(v: &str) -> bool {
    if v.len() > 255 || v.split('.').any(|part| part.len() > 63) {
        return false;
    }
    match v.rsplit_once('.') {
        None => {
            let mut chars = v.chars();
            let Some(first) = chars.next() else {
                return false;
            };
            let rest = chars.as_str();
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            hostname_char(first) && rest.chars().count() <= 62 && rest.chars().all(hostname_char)
        }
        Some((labels, last)) => {
            (2..=63).contains(&last.chars().count())
                && last.chars().all(|c| unicode_class(c, false))
                && labels.split('.').all(|label| {
                    let chars: Vec<char> = label.chars().collect();
                    match chars.as_slice() {
                        [] => false,
                        [only] => hostname_char(*only),
                        [first, middle @ .., last] => {
                            middle.len() <= 61
                                && hostname_char(*first)
                                && hostname_char(*last)
                                && middle.iter().all(|&c| c == '-' || hostname_char(c))
                        }
                    }
                })
        }
    }
}

/// `[a-zA-Z0-9\p{S}\p{L}]` of `rxHostname`.
fn hostname_char(c: char) -> bool {
    c.is_ascii_digit() || unicode_class(c, true)
}

/// Whether `c` is in Go's `\p{L}`, or with `symbols` in `[\p{L}\p{S}]`, as of Unicode 15.0.0
/// (Go 1.21 through 1.25). The `regex` crate's tables are newer; every character they add to
/// these categories was unassigned in 15.0.0, so requiring Go's `IsPrint` (which is true for
/// every assigned letter and symbol) gives back the 15.0.0 sets.
fn unicode_class(c: char, symbols: bool) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic()
            || (symbols && matches!(c, '$' | '+' | '<' | '=' | '>' | '^' | '`' | '|' | '~'));
    }
    static LETTER: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    static LETTER_OR_SYMBOL: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let (cell, pattern) = if symbols {
        (&LETTER_OR_SYMBOL, r"\A[\p{L}\p{S}]\z")
    } else {
        (&LETTER, r"\A\p{L}\z")
    };
    let class = cell.get_or_init(|| regex::Regex::new(pattern).expect("valid class"));
    crate::strconv::is_print(c) && class.is_match(c.encode_utf8(&mut [0; 4]))
}

/// Go's `net.ParseMAC`: 6, 8 or 20 octets as `xx:xx`, `xx-xx` or `xxxx.xxxx`.
fn mac(v: &str) -> bool {
    let hex = |g: &&str, len: usize| g.len() == len && g.bytes().all(|b| b.is_ascii_hexdigit());
    let octets = |n: usize| matches!(n, 6 | 8 | 20);
    if v.contains('.') {
        let groups: Vec<&str> = v.split('.').collect();
        return octets(groups.len() * 2) && groups.iter().all(|g| hex(g, 4));
    }
    let colon: Vec<&str> = v.split(':').collect();
    let dash: Vec<&str> = v.split('-').collect();
    let groups = if colon.len() > 1 { colon } else { dash };
    octets(groups.len()) && groups.iter().all(|g| hex(g, 2))
}

/// Go regexp's `\s`: ASCII whitespace only.
fn go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r')
}

/// ISBN-10 after dropping whitespace and `-`: nine digits and a digit or `X`, weighted sum
/// divisible by 11 (govalidator's `IsISBN10`).
fn isbn10(v: &str) -> bool {
    let s: Vec<u8> = v
        .bytes()
        .filter(|&b| b != b'-' && !go_space(b as char))
        .collect();
    if s.len() != 10 || !s[..9].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let last = match s[9] {
        b'X' => 10,
        d if d.is_ascii_digit() => u32::from(d - b'0'),
        _ => return false,
    };
    let sum: u32 = s[..9]
        .iter()
        .enumerate()
        .map(|(i, d)| (i as u32 + 1) * u32::from(d - b'0'))
        .sum::<u32>()
        + 10 * last;
    sum.is_multiple_of(11)
}

/// ISBN-13 after dropping whitespace and `-`: thirteen digits with the EAN check digit.
fn isbn13(v: &str) -> bool {
    let s: Vec<u8> = v
        .bytes()
        .filter(|&b| b != b'-' && !go_space(b as char))
        .collect();
    if s.len() != 13 || !s.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = s[..12]
        .iter()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { 1 } else { 3 } * u32::from(d - b'0'))
        .sum();
    u32::from(s[12] - b'0') == (10 - sum % 10) % 10
}

/// A card number of a known issuer's shape (digits only, other characters dropped) whose Luhn
/// checksum holds (govalidator's `IsCreditCard`).
fn credit_card(v: &str) -> bool {
    static ISSUERS: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let issuers = ISSUERS.get_or_init(|| {
        regex::Regex::new(
            "^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$",
        )
        .expect("issuer pattern compiles")
    });
    let digits: String = v.chars().filter(char::is_ascii_digit).collect();
    if !issuers.is_match(&digits) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            let n = u32::from(d - b'0');
            match (i % 2 == 1, n * 2) {
                (false, _) => n,
                (true, doubled) if doubled >= 10 => doubled % 10 + 1,
                (true, doubled) => doubled,
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A U.S. social security number: `ddd-dd-dddd`, with `-` or a space as separators.
fn ssn(v: &str) -> bool {
    let b = v.as_bytes();
    let sep = |c: u8| c == b'-' || c == b' ';
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    // Eleven bytes leave room for exactly two separators, at fixed places.
    b.len() == 11 && digits(0..3) && sep(b[3]) && digits(4..6) && sep(b[6]) && digits(7..11)
}

/// `rgb(r, g, b)` with each channel 0–255 written without leading zeros.
fn rgb_color(v: &str) -> bool {
    let Some(inner) = v.strip_prefix("rgb(").and_then(|r| r.strip_suffix(')')) else {
        return false;
    };
    let channel = |c: &str| {
        let c = c.trim_matches(go_space);
        !c.is_empty()
            && c.len() <= 3
            && c.bytes().all(|b| b.is_ascii_digit())
            && (c == "0" || !c.starts_with('0'))
            && c.parse::<u16>().is_ok_and(|n| n <= 255)
    };
    let channels: Vec<&str> = inner.split(',').collect();
    channels.len() == 3 && channels.into_iter().all(channel)
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

    #[test]
    fn uuid_byte_and_dates_follow_strfmt() {
        // Each separator of a UUID is optional on its own; uuid3 has no variant digit.
        assert_eq!(
            check("uuid", "123e4567-e89b12d3-a456426614174000"),
            Some(true)
        );
        assert_eq!(
            check("uuid", "123e4567-e89b-12d3-a456-42661417400"),
            Some(false)
        );
        assert_eq!(
            check("uuid3", "123e4567-e89b-32d3-0456-426614174000"),
            Some(true)
        );
        assert_eq!(
            check("uuid4", "123e4567-e89b-42d3-0456-426614174000"),
            Some(false)
        );
        assert_eq!(
            check("uuid5", "123E4567-E89B-52D3-B456-426614174000"),
            Some(true)
        );
        // govalidator's pattern, not a decoder: non-canonical padding bits pass.
        assert_eq!(check("byte", "QR=="), Some(true));
        assert_eq!(check("byte", "QQ="), Some(false));
        assert_eq!(check("datetime", "2024-01-01t10:00:00z"), Some(true));
        assert_eq!(check("datetime", "2024-01-01T24:00:00Z"), Some(false));
    }

    #[test]
    fn strfmt_formats() {
        assert_eq!(
            check("bsonobjectid", "507f1f77bcf86cd799439011"),
            Some(true)
        );
        assert_eq!(
            check("bsonobjectid", "507f1f77bcf86cd79943901"),
            Some(false)
        );
        assert_eq!(check("isbn10", "0-306-40615-2"), Some(true));
        assert_eq!(check("isbn10", "0-306-40615-3"), Some(false));
        assert_eq!(check("isbn10", "080442957X"), Some(true));
        assert_eq!(check("isbn13", "978-0-306-40615-7"), Some(true));
        assert_eq!(check("isbn13", "978-0-306-40615-8"), Some(false));
        assert_eq!(check("isbn", "9780306406157"), Some(true));
        assert_eq!(check("creditcard", "4111 1111 1111 1111"), Some(true));
        assert_eq!(check("creditcard", "4111 1111 1111 1112"), Some(false));
        assert_eq!(check("creditcard", "1234567812345670"), Some(false));
        assert_eq!(check("ssn", "123-45-6789"), Some(true));
        assert_eq!(check("ssn", "123 45 6789"), Some(true));
        assert_eq!(check("ssn", "123456789"), Some(false));
        assert_eq!(check("rgbcolor", "rgb(255, 0, 10)"), Some(true));
        assert_eq!(check("rgbcolor", "rgb(256,0,0)"), Some(false));
        assert_eq!(check("rgbcolor", "rgb(01,0,0)"), Some(false));
        assert_eq!(check("mac", "0123.4567.89ab"), Some(true));
        assert_eq!(check("mac", "01:23:45:67:89:ab"), Some(true));
        assert_eq!(check("mac", "01:23-45:67:89:ab"), Some(false));
    }

    #[test]
    fn hostname_follows_strfmt() {
        let a62 = "a".repeat(62);
        let a63 = "a".repeat(63);
        let cases: Vec<(String, bool)> = vec![
            ("example.com".into(), true),
            ("my-host.example.com".into(), true),
            ("localhost".into(), true),
            ("a".into(), true),
            // A dotless name may have one `-`, right after its first character.
            ("a-".into(), true),
            ("a-b".into(), true),
            ("ab-c".into(), false),
            ("-a".into(), false),
            ("".into(), false),
            // The last label is letters only, at least two.
            ("foo.bar.c0m".into(), false),
            ("1.2.3.4".into(), false),
            ("a.b".into(), false),
            ("xn--d1acufc.xn--p1ai".into(), false),
            ("example.com.".into(), false),
            ("example..com".into(), false),
            ("a-.com".into(), false),
            ("a.-b.com".into(), false),
            ("ab.c-d.com".into(), true),
            ("under_score.com".into(), false),
            ("a b.com".into(), false),
            // Letters and symbols of any script count; `+` and `$` are symbols.
            ("foo+bar.com".into(), true),
            ("a$b".into(), true),
            ("bücher.de".into(), true),
            ("日本.中国".into(), true),
            ("😀.com".into(), true),
            ("a.😀😀".into(), false),
            // Assigned only in Unicode 16.0, after Go's tables.
            ("\u{1C89}.com".into(), false),
            // Labels up to 63 bytes, names up to 255.
            (format!("{a63}.com"), true),
            (format!("{a63}a.com"), false),
            (a63.clone(), true),
            (format!("{a63}a"), false),
            (format!("a-{}", &a62[..61]), true),
            (format!("a-{a62}"), false),
            (format!("{}.com", "é".repeat(32)), false),
            (format!("{}com", format!("{a62}.").repeat(4)), true),
            (format!("{}com", format!("{a63}.").repeat(4)), false),
        ];
        for (v, want) in cases {
            assert_eq!(check("hostname", &v), Some(want), "{v:?}");
        }
    }

    /// The hand-written matcher against strfmt's `HostnamePattern` itself, on characters whose
    /// category is the same in every Unicode version involved.
    #[test]
    fn hostname_matches_strfmt_pattern() {
        let rx = regex::Regex::new(
            r"^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$",
        )
        .unwrap();
        let pieces = [
            "a", "Z", "0", "-", "-", ".", ".", "é", "日", "€", "😀", "½", "_", "+", "~", " ",
            "com", "\u{301}",
        ];
        let mut state = 0x2545_f491_u64;
        for _ in 0..3000 {
            let mut v = String::new();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            for _ in 0..(state >> 60) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let piece = pieces[(state >> 33) as usize % pieces.len()];
                let times = if (state >> 20).is_multiple_of(16) {
                    62
                } else {
                    1
                };
                v.push_str(&piece.repeat(times));
            }
            let want = rx.is_match(&v) && v.len() <= 255 && v.split('.').all(|p| p.len() <= 63);
            assert_eq!(hostname(&v), want, "{v:?}");
        }
    }

    #[test]
    fn email_follows_go_net_mail() {
        let cases = [
            ("bob@example.com", true),
            ("user+tag@example.com", true),
            ("a!#$%&'*+/=?^_`{|}~b@example.com", true),
            ("bob@localhost", true),
            ("b@-.-", true),
            ("bøb@exämple.com", true),
            // Display names, angle brackets, comments.
            ("Bob <bob@example.com>", true),
            ("Bob<bob@example.com>", true),
            ("\"Bob Smith\" <bob@example.com>", true),
            ("B.o.b. <bob@example.com>", true),
            ("Bob (nick) Smith <bob@example.com>", true),
            ("<bob@example.com>", true),
            ("< bob@example.com>", true),
            ("<bob@example.com >", false),
            ("Bob <bob@example.com", false),
            ("Bob bob@example.com", false),
            ("bob@example.com (Bob)", true),
            ("bob@example.com(Bob) (more)", true),
            ("(comment) bob@example.com", false),
            ("bob@example.com (", false),
            // Blanks: around the address and after `@`, not before it.
            (" bob@example.com ", true),
            ("bob@ example.com", true),
            ("bob @example.com", false),
            ("bob@exa mple.com", false),
            ("bob@example.com\n", false),
            // Dot-atoms and quoted local parts.
            ("bob..smith@example.com", false),
            (".bob@example.com", false),
            ("bob.@example.com", false),
            ("\"bob..smith\"@example.com", true),
            ("\"a\\\"b\"@example.com", true),
            ("\"\"@example.com", false),
            ("bob", false),
            ("bob@", false),
            ("@example.com", false),
            ("a@b@c.com", false),
            // Domain literals hold an IP address (Go 1.25: no `IPv6:` tag, no zone).
            ("bob@[192.168.0.1]", true),
            ("bob@[::1]", true),
            ("bob@[IPv6:::1]", false),
            ("bob@[300.1.1.1]", false),
            ("bob@[fe80::1%eth0]", false),
            // One address only, but a group holding exactly one is fine.
            ("a@b.com, c@d.com", false),
            ("Team: bob@example.com;", true),
            ("Team: a@b.com, c@d.com;", false),
            ("Team:;", false),
            // Encoded words: only a decodable one in an unknown charset fails, and in a
            // display name only when it is the first word.
            ("=?utf-8?q?Bob?= <bob@example.com>", true),
            ("=?iſo-8859-1?q?B?= <bob@example.com>", true),
            ("=?x-unknown?q?Bob?= <bob@example.com>", false),
            ("=?x-unknown?b?QQ==?= <bob@example.com>", false),
            ("=?x-unknown?b?QQ?= <bob@example.com>", true),
            ("=?x-unknown?q?=ZZ?= <bob@example.com>", true),
            ("Bob =?x-unknown?q?B?= <bob@example.com>", true),
            ("bob@example.com (=?x-unknown?q?Bob?=)", false),
        ];
        for (v, want) in cases {
            assert_eq!(check("email", v), Some(want), "{v:?}");
        }
    }
}
