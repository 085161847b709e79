//! Semantic versions as seen by the CEL `semver` library.
//!
//! This module owns the value type behind `semver()`, `isSemver()`,
//! `major`/`minor`/`patch`, `compareTo`, `isLessThan`, `isGreaterThan` and
//! CEL `==` on semvers.  It mirrors `k8s.io/apiserver/pkg/cel/library/semverlib.go`
//! (v0.35.0, including its own `normalizeAndParse`) on top of
//! `github.com/blang/semver/v4` (`Parse`, `NewPRVersion`, `Compare`, `String`).
//!
//! # Error texts
//! `types.WrapErr` adds no prefix, so the `Err` strings of [`parse`] are
//! exactly what a CEL user sees, e.g. `No Major.Minor.Patch elements found`,
//! `Invalid character(s) found in major number "1a"`,
//! `strconv.ParseUint: parsing "99999999999999999999": value out of range`
//! or, with normalization, `short version cannot contain PreRelease/Build
//! meta data` (lower-case `s`, unlike blang's `ParseTolerant`).  Quoted parts
//! use Go's `%q` rules (`strconv.Quote`): `"` and `\` are escaped, printable
//! runes (Go's `IsPrint`, Unicode 15.0 tables as in Go 1.21-1.25) are kept,
//! others become `\a \b \f \n \r \t \v`, `\xHH`, `\uHHHH` or `\UHHHHHHHH`.
//!
//! # Semantics that needed care
//! * Strict parsing accepts no `v` prefix, no whitespace, no leading zeros
//!   and needs all three numbers; numbers are `u64`.  Pre-release parts are
//!   numeric (no leading zeros) or `[0-9A-Za-z-]+`; build parts are
//!   `[0-9A-Za-z-]+`.  The first `+` starts build metadata, then the first
//!   `-` of what is left starts the pre-release.
//! * Normalization (`semver(s, true)`, library version >= 1) strips one
//!   leading `v`, strips leading zeros from each of the (at most three)
//!   dot-separated parts (a part that becomes empty or starts with a
//!   non-digit gets a `0` back), pads missing minor/patch with `0`, and then
//!   parses strictly.  It does not trim whitespace.  Only the *last* part is
//!   checked for `+`/`-` before padding.
//! * `major()`, `minor()`, `patch()` convert Go's `uint64` to CEL `int` with
//!   wrapping, so `18446744073709551615.0.0` has major `-1`.
//! * Ordering is blang's `Compare`: numbers first, a version without
//!   pre-release is greater than one with, numeric identifiers sort before
//!   alphanumeric ones, alphanumerics compare bytewise, a longer pre-release
//!   wins when all shared identifiers are equal.  Build metadata is ignored,
//!   and CEL `==` is `Version.EQ` (compare == 0), so `PartialEq`/`Eq` here
//!   are semantic as well: `1.0.0+a == 1.0.0+b`, while `Display` keeps the
//!   build metadata.

use std::cmp::Ordering;
use std::fmt;

use crate::strconv::quote as go_quote;

/// A parsed semantic version (blang `semver.Version`).
#[derive(Clone, Debug)]
pub struct Semver {
    major: u64,
    minor: u64,
    patch: u64,
    pre: Vec<PreRelease>,
    build: Vec<String>,
}

/// One dot-separated pre-release identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
enum PreRelease {
    Num(u64),
    Alpha(String),
}

/// Error of the normalizing parser for `1-rc` or `1.2+b`.
pub const ERR_SHORT_VERSION: &str = "short version cannot contain PreRelease/Build meta data";

/// CEL `semver(s)` (`normalize == false`) or `semver(s, normalize)`.
pub fn parse(s: &str, normalize: bool) -> Result<Semver, String> {
    if normalize {
        normalize_and_parse(s)
    } else {
        strict_parse(s)
    }
}

/// CEL `isSemver(s[, normalize])`: true iff [`parse`] succeeds.
pub fn is_semver(s: &str, normalize: bool) -> bool {
    parse(s, normalize).is_ok()
}

impl Semver {
    /// CEL `major()` (Go `int64(uint64)` conversion, wrapping).
    pub fn major(&self) -> i64 {
        self.major as i64
    }

    /// CEL `minor()`.
    pub fn minor(&self) -> i64 {
        self.minor as i64
    }

    /// CEL `patch()`.
    pub fn patch(&self) -> i64 {
        self.patch as i64
    }

    /// Build metadata identifiers (not part of comparisons).
    pub fn build(&self) -> &[String] {
        &self.build
    }

    /// blang `Compare` (CEL `compareTo`, `isLessThan`, `isGreaterThan`).
    pub fn compare(&self, o: &Semver) -> Ordering {
        self.major
            .cmp(&o.major)
            .then(self.minor.cmp(&o.minor))
            .then(self.patch.cmp(&o.patch))
            .then_with(|| match (self.pre.is_empty(), o.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => {
                    for (a, b) in self.pre.iter().zip(&o.pre) {
                        let c = a.compare(b);
                        if c != Ordering::Equal {
                            return c;
                        }
                    }
                    self.pre.len().cmp(&o.pre.len())
                }
            })
    }
}

impl PreRelease {
    fn compare(&self, o: &PreRelease) -> Ordering {
        match (self, o) {
            (PreRelease::Num(a), PreRelease::Num(b)) => a.cmp(b),
            (PreRelease::Num(_), PreRelease::Alpha(_)) => Ordering::Less,
            (PreRelease::Alpha(_), PreRelease::Num(_)) => Ordering::Greater,
            (PreRelease::Alpha(a), PreRelease::Alpha(b)) => a.as_bytes().cmp(b.as_bytes()),
        }
    }
}

impl PartialEq for Semver {
    fn eq(&self, other: &Self) -> bool {
        self.compare(other) == Ordering::Equal
    }
}

impl Eq for Semver {}

impl PartialOrd for Semver {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(Ord::cmp(self, other))
    }
}

impl Ord for Semver {
    fn cmp(&self, other: &Self) -> Ordering {
        self.compare(other)
    }
}

impl fmt::Display for Semver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (idx, p) in self.pre.iter().enumerate() {
            f.write_str(if idx == 0 { "-" } else { "." })?;
            match p {
                PreRelease::Num(n) => write!(f, "{n}")?,
                PreRelease::Alpha(s) => f.write_str(s)?,
            }
        }
        for (idx, b) in self.build.iter().enumerate() {
            f.write_str(if idx == 0 { "+" } else { "." })?;
            f.write_str(b)?;
        }
        Ok(())
    }
}

fn is_numeric(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

fn is_alphanumeric(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn has_leading_zeroes(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// `strconv.ParseUint(s, 10, 64)` for an all-digit `s`, with Go's error text.
fn parse_uint(s: &str) -> Result<u64, String> {
    if s.is_empty() {
        return Err(format!(
            "strconv.ParseUint: parsing {}: invalid syntax",
            go_quote(s)
        ));
    }
    s.parse().map_err(|_| {
        format!(
            "strconv.ParseUint: parsing {}: value out of range",
            go_quote(s)
        )
    })
}

fn parse_number(s: &str, lower: &str, upper: &str) -> Result<u64, String> {
    if !is_numeric(s) {
        return Err(format!(
            "Invalid character(s) found in {lower} number {}",
            go_quote(s)
        ));
    }
    if has_leading_zeroes(s) {
        return Err(format!(
            "{upper} number must not contain leading zeroes {}",
            go_quote(s)
        ));
    }
    parse_uint(s)
}

/// blang `NewPRVersion`.
fn parse_pre_release(s: &str) -> Result<PreRelease, String> {
    if s.is_empty() {
        return Err("Prerelease is empty".to_string());
    }
    if is_numeric(s) {
        if has_leading_zeroes(s) {
            return Err(format!(
                "Numeric PreRelease version must not contain leading zeroes {}",
                go_quote(s)
            ));
        }
        return parse_uint(s).map(PreRelease::Num);
    }
    if is_alphanumeric(s) {
        return Ok(PreRelease::Alpha(s.to_string()));
    }
    Err(format!(
        "Invalid character(s) found in prerelease {}",
        go_quote(s)
    ))
}

/// blang `semver.Parse`.
fn strict_parse(s: &str) -> Result<Semver, String> {
    if s.is_empty() {
        return Err("Version string empty".to_string());
    }
    let parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() != 3 {
        return Err("No Major.Minor.Patch elements found".to_string());
    }
    let major = parse_number(parts[0], "major", "Major")?;
    let minor = parse_number(parts[1], "minor", "Minor")?;

    let mut patch_str = parts[2];
    let mut build_strs: Vec<&str> = Vec::new();
    let mut pre_strs: Vec<&str> = Vec::new();
    if let Some(idx) = patch_str.find('+') {
        build_strs = patch_str[idx + 1..].split('.').collect();
        patch_str = &patch_str[..idx];
    }
    if let Some(idx) = patch_str.find('-') {
        pre_strs = patch_str[idx + 1..].split('.').collect();
        patch_str = &patch_str[..idx];
    }
    let patch = parse_number(patch_str, "patch", "Patch")?;

    let pre = pre_strs
        .into_iter()
        .map(parse_pre_release)
        .collect::<Result<Vec<_>, _>>()?;
    let mut build = Vec::with_capacity(build_strs.len());
    for b in build_strs {
        if b.is_empty() {
            return Err("Build meta data is empty".to_string());
        }
        if !is_alphanumeric(b) {
            return Err(format!(
                "Invalid character(s) found in build meta data {}",
                go_quote(b)
            ));
        }
        build.push(b.to_string());
    }
    Ok(Semver {
        major,
        minor,
        patch,
        pre,
        build,
    })
}

/// The apiserver's `normalizeAndParse`.
fn normalize_and_parse(s: &str) -> Result<Semver, String> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<String> = s
        .splitn(3, '.')
        .map(|p| {
            if p.len() <= 1 {
                return p.to_string();
            }
            let t = p.trim_start_matches('0');
            if t.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                t.to_string()
            } else {
                format!("0{t}")
            }
        })
        .collect();
    if parts.len() < 3 {
        if parts
            .last()
            .is_some_and(|p| p.contains('+') || p.contains('-'))
        {
            return Err(ERR_SHORT_VERSION.to_string());
        }
        parts.resize(3, "0".to_string());
    }
    strict_parse(&parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Semver {
        parse(s, false).unwrap_or_else(|e| panic!("parse({s:?}): {e}"))
    }

    fn vn(s: &str) -> Semver {
        parse(s, true).unwrap_or_else(|e| panic!("parse({s:?}, true): {e}"))
    }

    // Cases of k8s.io/apiserver/pkg/cel/library/semver_test.go, expressed
    // through this API.
    #[test]
    fn apiserver_library_cases() {
        assert_eq!(v("1.2.3").to_string(), "1.2.3");
        assert_eq!(
            parse("v1.0", false).unwrap_err(),
            "No Major.Minor.Patch elements found"
        );
        assert!(is_semver("1.2.3-beta.1+build.1", false));
        for s in [
            "", "v1.0.0", " 1.0.0", "1. 0.0", "1.0.0 ", "01.01.01", "1", "1.1",
        ] {
            assert!(!is_semver(s, false), "{s:?}");
        }
        for s in ["", " 1.0.0", "1. 0.0", "1.0.0 "] {
            assert!(!is_semver(s, true), "{s:?}");
        }
        for s in ["v1.0.0", "01.01.01", "1", "1.1"] {
            assert!(is_semver(s, true), "{s:?}");
        }
        assert_eq!(vn("v01.01"), v("1.1.0"));
        assert_eq!(v("1.2.3"), v("1.2.3"));
        assert_ne!(v("1.2.3"), v("1.0.0"));
        assert_eq!(v("1.0.0").compare(&v("1.2.3")), Ordering::Less);
        assert_ne!(v("1.0.0").compare(&v("1.0.0")), Ordering::Less);
        assert_eq!(v("1.2.3").compare(&v("1.0.0")), Ordering::Greater);
        assert_ne!(v("1.0.0").compare(&v("1.0.0")), Ordering::Greater);
        assert_eq!(v("1.2.3").compare(&v("1.2.3")), Ordering::Equal);
        assert_eq!(v("1.2.3").major(), 1);
        assert_eq!(v("1.2.3").minor(), 2);
        assert_eq!(v("1.2.3").patch(), 3);
        // Documentation examples.
        assert!(is_semver("0.1.0-alpha.1", false));
        for s in ["200K", "Three", "Mi", "hello"] {
            assert!(parse(s, false).is_err(), "{s}");
        }
        assert_eq!(vn("v1.0.0").to_string(), "1.0.0");
        assert_eq!(vn("1.0").to_string(), "1.0.0");
        assert_eq!(vn("01.01.01").to_string(), "1.1.1");
        assert_eq!(v("1.2.3").compare(&v("0.1.2")), Ordering::Greater);
        assert_eq!(v("1.2.3").compare(&v("2.0.0")), Ordering::Less);
    }

    #[test]
    fn error_texts_are_go_exact() {
        let cases = [
            ("", "Version string empty"),
            ("1.2", "No Major.Minor.Patch elements found"),
            ("a.2.3", "Invalid character(s) found in major number \"a\""),
            (
                "01.2.3",
                "Major number must not contain leading zeroes \"01\"",
            ),
            (".2.3", "strconv.ParseUint: parsing \"\": invalid syntax"),
            ("1.b.3", "Invalid character(s) found in minor number \"b\""),
            (
                "1.02.3",
                "Minor number must not contain leading zeroes \"02\"",
            ),
            (
                "1.2.3.4",
                "Invalid character(s) found in patch number \"3.4\"",
            ),
            (
                "1.2.03",
                "Patch number must not contain leading zeroes \"03\"",
            ),
            ("1.2.", "strconv.ParseUint: parsing \"\": invalid syntax"),
            ("1.2.3-", "Prerelease is empty"),
            ("1.2.3-a..b", "Prerelease is empty"),
            (
                "1.2.3-01",
                "Numeric PreRelease version must not contain leading zeroes \"01\"",
            ),
            (
                "1.2.3-a_b",
                "Invalid character(s) found in prerelease \"a_b\"",
            ),
            ("1.2.3+", "Build meta data is empty"),
            (
                "1.2.3+a_b",
                "Invalid character(s) found in build meta data \"a_b\"",
            ),
            (
                "99999999999999999999.0.0",
                "strconv.ParseUint: parsing \"99999999999999999999\": value out of range",
            ),
            (
                "1.0.0-18446744073709551616",
                "strconv.ParseUint: parsing \"18446744073709551616\": value out of range",
            ),
            (
                "1.0.0-\"x\"",
                "Invalid character(s) found in prerelease \"\\\"x\\\"\"",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(parse(input, false).unwrap_err(), want, "{input:?}");
        }
        assert_eq!(parse("1-rc", true).unwrap_err(), ERR_SHORT_VERSION);
        assert_eq!(
            parse("1.2+b", true).unwrap_err(),
            "short version cannot contain PreRelease/Build meta data"
        );
        // Normalization gives "" a minor and patch, then ParseUint fails.
        assert_eq!(
            parse("", true).unwrap_err(),
            "strconv.ParseUint: parsing \"\": invalid syntax"
        );
    }

    #[test]
    fn normalization_rules() {
        assert_eq!(vn("v1.2.3").to_string(), "1.2.3");
        assert_eq!(vn("1").to_string(), "1.0.0");
        assert_eq!(
            parse("v", true).unwrap_err(),
            "strconv.ParseUint: parsing \"\": invalid syntax"
        );
        assert_eq!(vn("00").to_string(), "0.0.0");
        assert_eq!(vn("000.000.000").to_string(), "0.0.0");
        assert_eq!(vn("v0001.0002.0003-rc.1").to_string(), "1.2.3-rc.1");
        // Only the numeric prefix of the third part loses its zeros.
        assert_eq!(
            parse("v1.2.3-rc.001", true).unwrap_err(),
            "Numeric PreRelease version must not contain leading zeroes \"001\""
        );
        // A part that starts with a non-digit after trimming gets a "0".
        assert_eq!(
            parse("0a.0.0", true).unwrap_err(),
            "Invalid character(s) found in major number \"0a\""
        );
        // Only the last part is checked before padding.
        assert_eq!(
            parse("1-a.2", true).unwrap_err(),
            "Invalid character(s) found in major number \"1-a\""
        );
        // One "v" only, lower case only, no whitespace trimming; the
        // zero-fixing step shows up in the error text.
        let major_err = |q: &str| format!("Invalid character(s) found in major number \"{q}\"");
        assert_eq!(parse("vv1.2.3", true).unwrap_err(), major_err("0v1"));
        assert_eq!(parse("V1.2.3", true).unwrap_err(), major_err("0V1"));
        assert_eq!(parse(" 1.2.3", true).unwrap_err(), major_err("0 1"));
        assert!(parse("1.2.3", true).is_ok());
    }

    #[test]
    fn numbers_wrap_to_cel_int() {
        let s = v("18446744073709551615.9223372036854775808.9223372036854775807");
        assert_eq!(s.major(), -1);
        assert_eq!(s.minor(), i64::MIN);
        assert_eq!(s.patch(), i64::MAX);
        assert_eq!(
            s.to_string(),
            "18446744073709551615.9223372036854775808.9223372036854775807"
        );
        assert!(s > v("9223372036854775807.0.0"));
    }

    #[test]
    fn build_metadata_is_ignored_for_equality_but_printed() {
        let a = v("1.0.0+a");
        let b = v("1.0.0+b.c");
        assert_eq!(a, b);
        assert_eq!(a.compare(&b), Ordering::Equal);
        assert_eq!(a.to_string(), "1.0.0+a");
        assert_eq!(b.build(), ["b", "c"]);
        assert_eq!(
            v("1.2.3-beta.1+build.1").to_string(),
            "1.2.3-beta.1+build.1"
        );
        assert_eq!(v("1.2.3+b-x").to_string(), "1.2.3+b-x");
        assert_eq!(v("1.2.3-4-5").to_string(), "1.2.3-4-5");
        assert!(v("1.0.0-rc.1+x") < v("1.0.0"));
    }

    #[test]
    fn precedence_follows_blang_compare() {
        for (a, ra) in RANKED {
            for (b, rb) in RANKED {
                assert_eq!(v(a).compare(&v(b)), ra.cmp(rb), "{a} vs {b}");
            }
        }
        let mut list: Vec<Semver> = [
            "2.0.0",
            "1.0.0-beta.11",
            "1.0.0",
            "1.0.0-alpha",
            "1.0.0-beta.2",
        ]
        .iter()
        .map(|s| v(s))
        .collect();
        list.sort();
        let s: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(
            s,
            [
                "1.0.0-alpha",
                "1.0.0-beta.2",
                "1.0.0-beta.11",
                "1.0.0",
                "2.0.0"
            ]
        );
    }

    #[test]
    fn parse_vectors_match_go() {
        for (input, normalize, want) in PARSE_VECTORS {
            let got =
                parse(input, *normalize).map(|s| (s.to_string(), s.major(), s.minor(), s.patch()));
            match (got, want) {
                (Ok(g), Ok(w)) => assert_eq!((g.0.as_str(), g.1, g.2, g.3), *w, "{input:?}"),
                (Err(e), Err(w)) => assert_eq!(e, *w, "{input:?} normalize={normalize}"),
                (g, w) => panic!("{input:?} normalize={normalize}: got {g:?}, want {w:?}"),
            }
            assert_eq!(is_semver(input, *normalize), want.is_ok());
        }
    }

    #[test]
    fn compare_vectors_match_go() {
        for (a, b, na, nb, c, eq) in COMPARE_VECTORS {
            let (sa, sb) = (parse(a, *na).unwrap(), parse(b, *nb).unwrap());
            assert_eq!(sa.compare(&sb) as i32, *c, "{a:?} vs {b:?}");
            assert_eq!(sa == sb, *eq, "{a:?} == {b:?}");
            assert_eq!(sa.cmp(&sb) as i32, *c);
        }
    }

    // (input, normalize, Go result: Ok((String(), major, minor, patch)) or Err(text))
    type Expected = Result<(&'static str, i64, i64, i64), &'static str>;
    const PARSE_VECTORS: &[(&str, bool, Expected)] = &[
        ("", false, Err("Version string empty")),
        (
            "",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        ("1", false, Err("No Major.Minor.Patch elements found")),
        ("1", true, Ok(("1.0.0", 1, 0, 0))),
        ("1.2", false, Err("No Major.Minor.Patch elements found")),
        ("1.2", true, Ok(("1.2.0", 1, 2, 0))),
        ("1.2.3", false, Ok(("1.2.3", 1, 2, 3))),
        ("1.2.3", true, Ok(("1.2.3", 1, 2, 3))),
        (
            "v1.2.3",
            false,
            Err("Invalid character(s) found in major number \"v1\""),
        ),
        ("v1.2.3", true, Ok(("1.2.3", 1, 2, 3))),
        (
            "V1.2.3",
            false,
            Err("Invalid character(s) found in major number \"V1\""),
        ),
        (
            "V1.2.3",
            true,
            Err("Invalid character(s) found in major number \"0V1\""),
        ),
        (
            "vv1.2.3",
            false,
            Err("Invalid character(s) found in major number \"vv1\""),
        ),
        (
            "vv1.2.3",
            true,
            Err("Invalid character(s) found in major number \"0v1\""),
        ),
        (
            "01.2.3",
            false,
            Err("Major number must not contain leading zeroes \"01\""),
        ),
        ("01.2.3", true, Ok(("1.2.3", 1, 2, 3))),
        (
            "1.02.3",
            false,
            Err("Minor number must not contain leading zeroes \"02\""),
        ),
        ("1.02.3", true, Ok(("1.2.3", 1, 2, 3))),
        (
            "1.2.03",
            false,
            Err("Patch number must not contain leading zeroes \"03\""),
        ),
        ("1.2.03", true, Ok(("1.2.3", 1, 2, 3))),
        (
            "00.0.0",
            false,
            Err("Major number must not contain leading zeroes \"00\""),
        ),
        ("00.0.0", true, Ok(("0.0.0", 0, 0, 0))),
        ("0.0.0", false, Ok(("0.0.0", 0, 0, 0))),
        ("0.0.0", true, Ok(("0.0.0", 0, 0, 0))),
        ("1.2.3-alpha", false, Ok(("1.2.3-alpha", 1, 2, 3))),
        ("1.2.3-alpha", true, Ok(("1.2.3-alpha", 1, 2, 3))),
        ("1.2.3-alpha.1", false, Ok(("1.2.3-alpha.1", 1, 2, 3))),
        ("1.2.3-alpha.1", true, Ok(("1.2.3-alpha.1", 1, 2, 3))),
        (
            "1.2.3-alpha.01",
            false,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "1.2.3-alpha.01",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "1.2.3-01",
            false,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "1.2.3-01",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        ("1.2.3-0", false, Ok(("1.2.3-0", 1, 2, 3))),
        ("1.2.3-0", true, Ok(("1.2.3-0", 1, 2, 3))),
        ("1.2.3-", false, Err("Prerelease is empty")),
        ("1.2.3-", true, Err("Prerelease is empty")),
        ("1.2.3+", false, Err("Build meta data is empty")),
        ("1.2.3+", true, Err("Build meta data is empty")),
        ("1.2.3-+", false, Err("Prerelease is empty")),
        ("1.2.3-+", true, Err("Prerelease is empty")),
        ("1.2.3+build.1", false, Ok(("1.2.3+build.1", 1, 2, 3))),
        ("1.2.3+build.1", true, Ok(("1.2.3+build.1", 1, 2, 3))),
        (
            "1.2.3-beta.1+build.1",
            false,
            Ok(("1.2.3-beta.1+build.1", 1, 2, 3)),
        ),
        (
            "1.2.3-beta.1+build.1",
            true,
            Ok(("1.2.3-beta.1+build.1", 1, 2, 3)),
        ),
        ("1.2.3+b-x", false, Ok(("1.2.3+b-x", 1, 2, 3))),
        ("1.2.3+b-x", true, Ok(("1.2.3+b-x", 1, 2, 3))),
        (
            "1.2.3-a+b+c",
            false,
            Err("Invalid character(s) found in build meta data \"b+c\""),
        ),
        (
            "1.2.3-a+b+c",
            true,
            Err("Invalid character(s) found in build meta data \"b+c\""),
        ),
        ("1.2.3-a..b", false, Err("Prerelease is empty")),
        ("1.2.3-a..b", true, Err("Prerelease is empty")),
        ("1.2.3+a..b", false, Err("Build meta data is empty")),
        ("1.2.3+a..b", true, Err("Build meta data is empty")),
        (
            "1.2.3.4",
            false,
            Err("Invalid character(s) found in patch number \"3.4\""),
        ),
        (
            "1.2.3.4",
            true,
            Err("Invalid character(s) found in patch number \"3.4\""),
        ),
        (
            "1..3",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "1..3",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            ".1.2",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            ".1.2",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "1.2.",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "1.2.",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "..",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "..",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "...",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "...",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            " 1.0.0",
            false,
            Err("Invalid character(s) found in major number \" 1\""),
        ),
        (
            " 1.0.0",
            true,
            Err("Invalid character(s) found in major number \"0 1\""),
        ),
        (
            "1.0.0 ",
            false,
            Err("Invalid character(s) found in patch number \"0 \""),
        ),
        (
            "1.0.0 ",
            true,
            Err("Invalid character(s) found in patch number \"0 \""),
        ),
        (
            "1. 0.0",
            false,
            Err("Invalid character(s) found in minor number \" 0\""),
        ),
        (
            "1. 0.0",
            true,
            Err("Invalid character(s) found in minor number \"0 0\""),
        ),
        (
            "1.0.0-al_pha",
            false,
            Err("Invalid character(s) found in prerelease \"al_pha\""),
        ),
        (
            "1.0.0-al_pha",
            true,
            Err("Invalid character(s) found in prerelease \"al_pha\""),
        ),
        (
            "1.0.0+bu_ild",
            false,
            Err("Invalid character(s) found in build meta data \"bu_ild\""),
        ),
        (
            "1.0.0+bu_ild",
            true,
            Err("Invalid character(s) found in build meta data \"bu_ild\""),
        ),
        (
            "1.0.0-é",
            false,
            Err("Invalid character(s) found in prerelease \"é\""),
        ),
        (
            "1.0.0-é",
            true,
            Err("Invalid character(s) found in prerelease \"é\""),
        ),
        (
            "1.0.0+\u{200b}",
            false,
            Err("Invalid character(s) found in build meta data \"\\u200b\""),
        ),
        (
            "1.0.0+\u{200b}",
            true,
            Err("Invalid character(s) found in build meta data \"\\u200b\""),
        ),
        (
            "1.0.0-\u{0}",
            false,
            Err("Invalid character(s) found in prerelease \"\\x00\""),
        ),
        (
            "1.0.0-\u{0}",
            true,
            Err("Invalid character(s) found in prerelease \"\\x00\""),
        ),
        (
            "1.0.0-\u{7f}",
            false,
            Err("Invalid character(s) found in prerelease \"\\x7f\""),
        ),
        (
            "1.0.0-\u{7f}",
            true,
            Err("Invalid character(s) found in prerelease \"\\x7f\""),
        ),
        (
            "1.0.0-\u{378}",
            false,
            Err("Invalid character(s) found in prerelease \"\\u0378\""),
        ),
        (
            "1.0.0-\u{378}",
            true,
            Err("Invalid character(s) found in prerelease \"\\u0378\""),
        ),
        (
            "1.0.0-😀",
            false,
            Err("Invalid character(s) found in prerelease \"😀\""),
        ),
        (
            "1.0.0-😀",
            true,
            Err("Invalid character(s) found in prerelease \"😀\""),
        ),
        (
            "1.0.0-\u{e000}",
            false,
            Err("Invalid character(s) found in prerelease \"\\ue000\""),
        ),
        (
            "1.0.0-\u{e000}",
            true,
            Err("Invalid character(s) found in prerelease \"\\ue000\""),
        ),
        (
            "1.0.0-\u{e0001}",
            false,
            Err("Invalid character(s) found in prerelease \"\\U000e0001\""),
        ),
        (
            "1.0.0-\u{e0001}",
            true,
            Err("Invalid character(s) found in prerelease \"\\U000e0001\""),
        ),
        (
            "1.0.0-\t",
            false,
            Err("Invalid character(s) found in prerelease \"\\t\""),
        ),
        (
            "1.0.0-\t",
            true,
            Err("Invalid character(s) found in prerelease \"\\t\""),
        ),
        (
            "1.0.0-\"q\"",
            false,
            Err("Invalid character(s) found in prerelease \"\\\"q\\\"\""),
        ),
        (
            "1.0.0-\"q\"",
            true,
            Err("Invalid character(s) found in prerelease \"\\\"q\\\"\""),
        ),
        (
            "1.0.0-a\\b",
            false,
            Err("Invalid character(s) found in prerelease \"a\\\\b\""),
        ),
        (
            "1.0.0-a\\b",
            true,
            Err("Invalid character(s) found in prerelease \"a\\\\b\""),
        ),
        (
            "1.0.0-\u{7}\u{8}\u{c}\n\r\u{b}",
            false,
            Err("Invalid character(s) found in prerelease \"\\a\\b\\f\\n\\r\\v\""),
        ),
        (
            "1.0.0-\u{7}\u{8}\u{c}\n\r\u{b}",
            true,
            Err("Invalid character(s) found in prerelease \"\\a\\b\\f\\n\\r\\v\""),
        ),
        (
            "1.0.0-\u{ad}",
            false,
            Err("Invalid character(s) found in prerelease \"\\u00ad\""),
        ),
        (
            "1.0.0-\u{ad}",
            true,
            Err("Invalid character(s) found in prerelease \"\\u00ad\""),
        ),
        (
            "1.0.0-\u{a0}",
            false,
            Err("Invalid character(s) found in prerelease \"\\u00a0\""),
        ),
        (
            "1.0.0-\u{a0}",
            true,
            Err("Invalid character(s) found in prerelease \"\\u00a0\""),
        ),
        (
            "1.0.0-\u{2028}",
            false,
            Err("Invalid character(s) found in prerelease \"\\u2028\""),
        ),
        (
            "1.0.0-\u{2028}",
            true,
            Err("Invalid character(s) found in prerelease \"\\u2028\""),
        ),
        (
            "1.0.0-😀x",
            false,
            Err("Invalid character(s) found in prerelease \"😀x\""),
        ),
        (
            "1.0.0-😀x",
            true,
            Err("Invalid character(s) found in prerelease \"😀x\""),
        ),
        (
            "1.0.0-\u{3000}",
            false,
            Err("Invalid character(s) found in prerelease \"\\u3000\""),
        ),
        (
            "1.0.0-\u{3000}",
            true,
            Err("Invalid character(s) found in prerelease \"\\u3000\""),
        ),
        (
            "18446744073709551615.0.0",
            false,
            Ok(("18446744073709551615.0.0", -1, 0, 0)),
        ),
        (
            "18446744073709551615.0.0",
            true,
            Ok(("18446744073709551615.0.0", -1, 0, 0)),
        ),
        (
            "18446744073709551616.0.0",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "18446744073709551616.0.0",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "9223372036854775808.1.1",
            false,
            Ok(("9223372036854775808.1.1", -9223372036854775808, 1, 1)),
        ),
        (
            "9223372036854775808.1.1",
            true,
            Ok(("9223372036854775808.1.1", -9223372036854775808, 1, 1)),
        ),
        (
            "1.18446744073709551616.0",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.18446744073709551616.0",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.0.18446744073709551616",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.0.18446744073709551616",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.0.0-18446744073709551616",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.0.0-18446744073709551616",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1.0.0-18446744073709551615",
            false,
            Ok(("1.0.0-18446744073709551615", 1, 0, 0)),
        ),
        (
            "1.0.0-18446744073709551615",
            true,
            Ok(("1.0.0-18446744073709551615", 1, 0, 0)),
        ),
        (
            "99999999999999999999.0.0",
            false,
            Err("strconv.ParseUint: parsing \"99999999999999999999\": value out of range"),
        ),
        (
            "99999999999999999999.0.0",
            true,
            Err("strconv.ParseUint: parsing \"99999999999999999999\": value out of range"),
        ),
        ("1-rc", false, Err("No Major.Minor.Patch elements found")),
        (
            "1-rc",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        ("1.2-rc", false, Err("No Major.Minor.Patch elements found")),
        (
            "1.2-rc",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        ("1.2+b", false, Err("No Major.Minor.Patch elements found")),
        (
            "1.2+b",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        ("1-a.2", false, Err("No Major.Minor.Patch elements found")),
        (
            "1-a.2",
            true,
            Err("Invalid character(s) found in major number \"1-a\""),
        ),
        ("1.2.3-rc", false, Ok(("1.2.3-rc", 1, 2, 3))),
        ("1.2.3-rc", true, Ok(("1.2.3-rc", 1, 2, 3))),
        ("v", false, Err("No Major.Minor.Patch elements found")),
        (
            "v",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        ("v1", false, Err("No Major.Minor.Patch elements found")),
        ("v1", true, Ok(("1.0.0", 1, 0, 0))),
        ("v1.0", false, Err("No Major.Minor.Patch elements found")),
        ("v1.0", true, Ok(("1.0.0", 1, 0, 0))),
        ("v01.01", false, Err("No Major.Minor.Patch elements found")),
        ("v01.01", true, Ok(("1.1.0", 1, 1, 0))),
        (
            "01.01.01",
            false,
            Err("Major number must not contain leading zeroes \"01\""),
        ),
        ("01.01.01", true, Ok(("1.1.1", 1, 1, 1))),
        ("0", false, Err("No Major.Minor.Patch elements found")),
        ("0", true, Ok(("0.0.0", 0, 0, 0))),
        ("00", false, Err("No Major.Minor.Patch elements found")),
        ("00", true, Ok(("0.0.0", 0, 0, 0))),
        (
            "000.000.000",
            false,
            Err("Major number must not contain leading zeroes \"000\""),
        ),
        ("000.000.000", true, Ok(("0.0.0", 0, 0, 0))),
        (
            "0a.0.0",
            false,
            Err("Invalid character(s) found in major number \"0a\""),
        ),
        (
            "0a.0.0",
            true,
            Err("Invalid character(s) found in major number \"0a\""),
        ),
        (
            "1.0a.0",
            false,
            Err("Invalid character(s) found in minor number \"0a\""),
        ),
        (
            "1.0a.0",
            true,
            Err("Invalid character(s) found in minor number \"0a\""),
        ),
        (
            "1.0.0a",
            false,
            Err("Invalid character(s) found in patch number \"0a\""),
        ),
        (
            "1.0.0a",
            true,
            Err("Invalid character(s) found in patch number \"0a\""),
        ),
        (
            "a.b.c",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "a.b.c",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        ("1.2.3-x.7.z.92", false, Ok(("1.2.3-x.7.z.92", 1, 2, 3))),
        ("1.2.3-x.7.z.92", true, Ok(("1.2.3-x.7.z.92", 1, 2, 3))),
        ("1.0.0-0.3.7", false, Ok(("1.0.0-0.3.7", 1, 0, 0))),
        ("1.0.0-0.3.7", true, Ok(("1.0.0-0.3.7", 1, 0, 0))),
        ("1.0.0-alpha.beta", false, Ok(("1.0.0-alpha.beta", 1, 0, 0))),
        ("1.0.0-alpha.beta", true, Ok(("1.0.0-alpha.beta", 1, 0, 0))),
        (
            "1.0.0-rc.1+build.123",
            false,
            Ok(("1.0.0-rc.1+build.123", 1, 0, 0)),
        ),
        (
            "1.0.0-rc.1+build.123",
            true,
            Ok(("1.0.0-rc.1+build.123", 1, 0, 0)),
        ),
        (
            "v1.2.3-01",
            false,
            Err("Invalid character(s) found in major number \"v1\""),
        ),
        (
            "v1.2.3-01",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "v1.2.03-1",
            false,
            Err("Invalid character(s) found in major number \"v1\""),
        ),
        ("v1.2.03-1", true, Ok(("1.2.3-1", 1, 2, 3))),
        (
            "v0001.0002.0003-rc.01",
            false,
            Err("Invalid character(s) found in major number \"v0001\""),
        ),
        (
            "v0001.0002.0003-rc.01",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "v1.2.3-rc.001",
            false,
            Err("Invalid character(s) found in major number \"v1\""),
        ),
        (
            "v1.2.3-rc.001",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"001\""),
        ),
        ("1.0.0-A", false, Ok(("1.0.0-A", 1, 0, 0))),
        ("1.0.0-A", true, Ok(("1.0.0-A", 1, 0, 0))),
        ("1.0.0-a", false, Ok(("1.0.0-a", 1, 0, 0))),
        ("1.0.0-a", true, Ok(("1.0.0-a", 1, 0, 0))),
        ("1.0.0-a.b.c.d.e", false, Ok(("1.0.0-a.b.c.d.e", 1, 0, 0))),
        ("1.0.0-a.b.c.d.e", true, Ok(("1.0.0-a.b.c.d.e", 1, 0, 0))),
        ("1.0.0--", false, Ok(("1.0.0--", 1, 0, 0))),
        ("1.0.0--", true, Ok(("1.0.0--", 1, 0, 0))),
        ("1.0.0-0a", false, Ok(("1.0.0-0a", 1, 0, 0))),
        ("1.0.0-0a", true, Ok(("1.0.0-0a", 1, 0, 0))),
        ("1.0.0-00a", false, Ok(("1.0.0-00a", 1, 0, 0))),
        ("1.0.0-00a", true, Ok(("1.0.0-00a", 1, 0, 0))),
        ("1.0.0+001", false, Ok(("1.0.0+001", 1, 0, 0))),
        ("1.0.0+001", true, Ok(("1.0.0+001", 1, 0, 0))),
        ("1.0.0+-", false, Ok(("1.0.0+-", 1, 0, 0))),
        ("1.0.0+-", true, Ok(("1.0.0+-", 1, 0, 0))),
        ("1.2.3-4-5", false, Ok(("1.2.3-4-5", 1, 2, 3))),
        ("1.2.3-4-5", true, Ok(("1.2.3-4-5", 1, 2, 3))),
        ("1.2.3-4.-5", false, Ok(("1.2.3-4.-5", 1, 2, 3))),
        ("1.2.3-4.-5", true, Ok(("1.2.3-4.-5", 1, 2, 3))),
        (
            "١.٢.٣",
            false,
            Err("Invalid character(s) found in major number \"١\""),
        ),
        (
            "١.٢.٣",
            true,
            Err("Invalid character(s) found in major number \"0١\""),
        ),
        (
            "1.2.3-ü",
            false,
            Err("Invalid character(s) found in prerelease \"ü\""),
        ),
        (
            "1.2.3-ü",
            true,
            Err("Invalid character(s) found in prerelease \"ü\""),
        ),
        ("01.123", false, Err("No Major.Minor.Patch elements found")),
        ("01.123", true, Ok(("1.123.0", 1, 123, 0))),
        (
            "-2+sha-abc.1",
            false,
            Err("No Major.Minor.Patch elements found"),
        ),
        (
            "-2+sha-abc.1",
            true,
            Err("Invalid character(s) found in major number \"0-2+sha-abc\""),
        ),
        (
            "V99.99.1.99",
            false,
            Err("Invalid character(s) found in major number \"V99\""),
        ),
        (
            "V99.99.1.99",
            true,
            Err("Invalid character(s) found in major number \"0V99\""),
        ),
        (
            "00.1a.a+x_y.build",
            false,
            Err("Major number must not contain leading zeroes \"00\""),
        ),
        (
            "00.1a.a+x_y.build",
            true,
            Err("Invalid character(s) found in minor number \"1a\""),
        ),
        (
            "1.123.00-alpha.01.11+x_y",
            false,
            Err("Patch number must not contain leading zeroes \"00\""),
        ),
        (
            "1.123.00-alpha.01.11+x_y",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "vv1a.00-x-y+..build",
            false,
            Err("Invalid character(s) found in major number \"vv1a\""),
        ),
        (
            "vv1a.00-x-y+..build",
            true,
            Err("Invalid character(s) found in major number \"0v1a\""),
        ),
        (
            "99.1.99.01-x-y",
            false,
            Err("Invalid character(s) found in patch number \"99.01\""),
        ),
        (
            "99.1.99.01-x-y",
            true,
            Err("Invalid character(s) found in patch number \"99.01\""),
        ),
        (
            "a.00.876880.99+1",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "a.00.876880.99+1",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "01+001.exp.1",
            false,
            Err("Invalid character(s) found in major number \"01+001\""),
        ),
        (
            "01+001.exp.1",
            true,
            Err("Invalid character(s) found in major number \"1+001\""),
        ),
        (
            "359388.2-a_b.2",
            false,
            Err("Invalid character(s) found in minor number \"2-a_b\""),
        ),
        (
            "359388.2-a_b.2",
            true,
            Err("Invalid character(s) found in minor number \"2-a_b\""),
        ),
        (
            "10.10.1.123-01",
            false,
            Err("Invalid character(s) found in patch number \"1.123\""),
        ),
        (
            "10.10.1.123-01",
            true,
            Err("Invalid character(s) found in patch number \"1.123\""),
        ),
        (
            "00.99.01.1a",
            false,
            Err("Major number must not contain leading zeroes \"00\""),
        ),
        (
            "00.99.01.1a",
            true,
            Err("Invalid character(s) found in patch number \"1.1a\""),
        ),
        (
            "123+x_y.sha-abc",
            false,
            Err("No Major.Minor.Patch elements found"),
        ),
        (
            "123+x_y.sha-abc",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        (
            "V99.1.a",
            false,
            Err("Invalid character(s) found in major number \"V99\""),
        ),
        (
            "V99.1.a",
            true,
            Err("Invalid character(s) found in major number \"0V99\""),
        ),
        (
            "2.123.99.00",
            false,
            Err("Invalid character(s) found in patch number \"99.00\""),
        ),
        (
            "2.123.99.00",
            true,
            Err("Invalid character(s) found in patch number \"99.00\""),
        ),
        (
            "01.18446744073709551616",
            false,
            Err("No Major.Minor.Patch elements found"),
        ),
        (
            "01.18446744073709551616",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        ("a", false, Err("No Major.Minor.Patch elements found")),
        (
            "a",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        ("99", false, Err("No Major.Minor.Patch elements found")),
        ("99", true, Ok(("99.0.0", 99, 0, 0))),
        (
            "a.00.10-2.x-y.Z9",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "a.00.10-2.x-y.Z9",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "18446744073709551616.18446744073709551616-rc.alpha.0",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "18446744073709551616.18446744073709551616-rc.alpha.0",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "vv123+exp.1",
            false,
            Err("No Major.Minor.Patch elements found"),
        ),
        (
            "vv123+exp.1",
            true,
            Err("Invalid character(s) found in major number \"0v123+exp\""),
        ),
        (
            "1a.123-A.x-y.+exp",
            false,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        ("99.01.1-0.alpha", true, Ok(("99.1.1-0.alpha", 99, 1, 1))),
        (
            "a.2.",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "1a.18446744073709551616",
            true,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        (
            "1.123.344979-alpha.beta.beta",
            false,
            Ok(("1.123.344979-alpha.beta.beta", 1, 123, 344979)),
        ),
        (
            "123.99.10.01",
            true,
            Err("Invalid character(s) found in patch number \"10.01\""),
        ),
        ("2.2.99", false, Ok(("2.2.99", 2, 2, 99))),
        ("0.0.1", false, Ok(("0.0.1", 0, 0, 1))),
        (
            "99.123.-a_b.1.+1",
            true,
            Err("Invalid character(s) found in prerelease \"a_b\""),
        ),
        ("10.0.2", true, Ok(("10.0.2", 10, 0, 2))),
        (
            "V0.123.",
            true,
            Err("Invalid character(s) found in major number \"0V0\""),
        ),
        (
            "123.10.0+sha-abc",
            true,
            Ok(("123.10.0+sha-abc", 123, 10, 0)),
        ),
        (
            "99..a",
            true,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "99.10.a+.001.x_y",
            false,
            Err("Invalid character(s) found in patch number \"a\""),
        ),
        (
            "10-01.01",
            true,
            Err("Invalid character(s) found in major number \"10-01\""),
        ),
        ("99.1a", false, Err("No Major.Minor.Patch elements found")),
        (
            "v00.18446744073709551616.2",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "v99.01.1+1.1",
            false,
            Err("Invalid character(s) found in major number \"v99\""),
        ),
        ("99", true, Ok(("99.0.0", 99, 0, 0))),
        (
            "99.18446744073709551616.99+1.exp.",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "a.a.65438-1.A.beta",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "1a..01",
            true,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        (
            "+",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        (
            "v2.a.01.00",
            true,
            Err("Invalid character(s) found in minor number \"a\""),
        ),
        (
            "0+build.001",
            true,
            Err("Invalid character(s) found in major number \"0+build\""),
        ),
        (
            "1a.1-11.beta",
            true,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        ("0.1", true, Ok(("0.1.0", 0, 1, 0))),
        (
            "1a.99",
            true,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        ("123.-rc", false, Err("No Major.Minor.Patch elements found")),
        (
            "1a.1a-x-y.alpha.x-y",
            false,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        ("v99.01.1+1.1", true, Ok(("99.1.1+1.1", 99, 1, 1))),
        (
            "v01.a-Z9.1+1",
            false,
            Err("Invalid character(s) found in major number \"v01\""),
        ),
        (
            "0-alpha+.1",
            false,
            Err("No Major.Minor.Patch elements found"),
        ),
        (
            "635748.18446744073709551616.1a-beta+x_y.build.1",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "1a.0.2-.rc",
            false,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        (
            "99.10.01.1a",
            true,
            Err("Invalid character(s) found in patch number \"1.1a\""),
        ),
        (
            "00.00.1+exp",
            false,
            Err("Major number must not contain leading zeroes \"00\""),
        ),
        ("0.123.10-11", false, Ok(("0.123.10-11", 0, 123, 10))),
        (
            "a.43405.2-beta",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "1a.1.0.487635-.alpha.rc",
            true,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        (
            "V18446744073709551616.123.",
            false,
            Err("Invalid character(s) found in major number \"V18446744073709551616\""),
        ),
        (
            "10.1a.420628-11",
            true,
            Err("Invalid character(s) found in minor number \"1a\""),
        ),
        (
            "01-rc+sha-abc",
            true,
            Err("short version cannot contain PreRelease/Build meta data"),
        ),
        ("123.10.1", false, Ok(("123.10.1", 123, 10, 1))),
        (
            "1a.1a.00",
            false,
            Err("Invalid character(s) found in major number \"1a\""),
        ),
        (
            "01.a.123.2",
            true,
            Err("Invalid character(s) found in minor number \"a\""),
        ),
        (
            "a.112406.0+build.001",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            ".2+001.x_y.001",
            false,
            Err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (" 1.123", false, Err("No Major.Minor.Patch elements found")),
        (
            "V18446744073709551616.0.2",
            true,
            Err("Invalid character(s) found in major number \"0V18446744073709551616\""),
        ),
        (
            "vv00.1a.1a+",
            false,
            Err("Invalid character(s) found in major number \"vv00\""),
        ),
        ("2.99.123-A+sha-abc.", true, Err("Build meta data is empty")),
        ("123.123.0", false, Ok(("123.123.0", 123, 123, 0))),
        (
            "vva.10.01",
            false,
            Err("Invalid character(s) found in major number \"vva\""),
        ),
        (
            "18446744073709551616.99.99105",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "vv1a.18446744073709551616.18446744073709551616",
            false,
            Err("Invalid character(s) found in major number \"vv1a\""),
        ),
        (
            "18446744073709551616.1.00",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "10.01.1a",
            false,
            Err("Minor number must not contain leading zeroes \"01\""),
        ),
        (
            "2-alpha.beta+sha-abc.1",
            true,
            Err("Invalid character(s) found in major number \"2-alpha\""),
        ),
        (
            "00.18446744073709551616.0+build.",
            false,
            Err("Major number must not contain leading zeroes \"00\""),
        ),
        (
            "V0.1a.99+sha-abc",
            true,
            Err("Invalid character(s) found in major number \"0V0\""),
        ),
        ("1", true, Ok(("1.0.0", 1, 0, 0))),
        (
            " 1a.0.a+x_y",
            true,
            Err("Invalid character(s) found in major number \"0 1a\""),
        ),
        (
            "18446744073709551616-01.1.",
            false,
            Err("Invalid character(s) found in major number \"18446744073709551616-01\""),
        ),
        (
            "18446744073709551616..668949+001.sha-abc.1",
            true,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        (
            "123.18446744073709551616.+exp.1",
            false,
            Err("strconv.ParseUint: parsing \"18446744073709551616\": value out of range"),
        ),
        ("2.123.1", true, Ok(("2.123.1", 2, 123, 1))),
        ("00.1a", false, Err("No Major.Minor.Patch elements found")),
        ("99", true, Ok(("99.0.0", 99, 0, 0))),
        (
            "0.1.1-beta.01.a_b",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "V463880.99.-alpha",
            false,
            Err("Invalid character(s) found in major number \"V463880\""),
        ),
        (
            "a.2.a-11.x-y.2",
            false,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "vva.10.1",
            false,
            Err("Invalid character(s) found in major number \"vva\""),
        ),
        (
            "10-rc.11.rc",
            false,
            Err("Invalid character(s) found in major number \"10-rc\""),
        ),
        (
            "V18446744073709551616.1a.00",
            true,
            Err("Invalid character(s) found in major number \"0V18446744073709551616\""),
        ),
        (
            "V99.1",
            true,
            Err("Invalid character(s) found in major number \"0V99\""),
        ),
        (
            "123.123.99.99",
            false,
            Err("Invalid character(s) found in patch number \"99.99\""),
        ),
        ("1a", false, Err("No Major.Minor.Patch elements found")),
        (
            "a.0.0",
            true,
            Err("Invalid character(s) found in major number \"a\""),
        ),
        (
            "0.00.0-01.Z9.",
            true,
            Err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
    ];
    // (a, b, normalize a, normalize b, Compare, EQ) from Go
    const COMPARE_VECTORS: &[(&str, &str, bool, bool, i32, bool)] = &[
        ("0", "99.1.123", true, true, -1, false),
        ("10", "1", true, true, 1, false),
        ("1.811584", "2.0.2-Z9.A.A", true, false, -1, false),
        ("123.123.1", "2.00.2-2", true, true, 1, false),
        ("478672.2.1-rc.11", "2", true, true, 1, false),
        ("99.01.0", "01.10.860509-1", true, true, 1, false),
        ("2.10", "627269.21408.0", true, true, -1, false),
        ("10", "99.0.-Z9+build", true, true, -1, false),
        (
            "2.123.99-beta.0+001",
            "721674.10.2+sha-abc",
            false,
            true,
            -1,
            false,
        ),
        ("99.01.1-0.alpha", "808609.123.123", true, true, -1, false),
        ("v2.0.99-rc.11", "2.10", true, true, -1, false),
        ("123.1.99", "1.123.+exp", true, true, 1, false),
        ("123.330238", "10.123.0-x-y", true, false, 1, false),
        ("00.00.1+exp", "01.00.10", true, true, -1, false),
        ("2.2.-A", "01.01.215811", true, true, 1, false),
        ("123.123.1", "536060.410849.1", true, false, -1, false),
        ("1", "2.99", true, true, -1, false),
        ("1.123.344979-alpha.beta.beta", "01", false, true, 1, false),
        ("99.1.01", "1.10.99", true, false, 1, false),
        ("1.252635", "123.0.0", true, true, -1, false),
        ("99", "1.0.00+build", true, true, 1, false),
        ("123.10.1", "2.0.123", false, true, 1, false),
        ("99.1.00", "99.1.123", true, true, -1, false),
        ("v00.1.1", "10.123.99", true, false, -1, false),
        ("123.1.10-alpha.alpha", "1.2.3-0", false, true, 1, false),
        ("2.123.123+sha-abc", "v2.0.99-rc.11", true, true, 1, false),
        ("123.330238", "v123.00.+001", true, true, 1, false),
        ("123.01.0-rc.Z9", "99", true, true, 1, false),
        ("99.1.123", "2.797306.01", true, true, 1, false),
        ("880474", "2", true, true, 1, false),
        ("10.10.2-rc", "2.1.123", false, false, 1, false),
        ("10.1", "1.2.3+build.1", true, false, 1, false),
        (
            "10.868364.177969+sha-abc.exp",
            "2.0.2-Z9.A.A",
            false,
            true,
            1,
            false,
        ),
        ("955045.1.0", "1.0.0-rc.1+build.123", false, false, 1, false),
        ("1.123.2-0.11.1", "1.0.777619-Z9", false, false, 1, false),
        ("0.00.99", "00.123.99", true, true, -1, false),
        ("v123.1.1+1", "1.2.00", true, true, 1, false),
        ("228756.10.99", "0.123.10-11", true, false, 1, false),
        ("0.99.2", "622344.10.1+build", false, true, -1, false),
        ("1.0.0+-", "1.00", true, true, 0, true),
        ("01.01.00", "2", true, true, -1, false),
        ("1.57364.99+sha-abc.sha-abc", "2.99", false, true, -1, false),
        (
            "808609.123.123",
            "0.99.185743-Z9+sha-abc.001",
            false,
            false,
            1,
            false,
        ),
        (
            "161153.10.915955-A",
            "1.0.0-18446744073709551615",
            true,
            true,
            1,
            false,
        ),
        ("99.0.0", "99.0.99", true, false, -1, false),
        ("123.99.58810", "318260.0.0+1", true, true, -1, false),
        ("99.2.00-1.beta", "471849.0.99", true, false, -1, false),
        ("99.10.123-0.11", "2.10.1", true, false, 1, false),
        ("2.0.1-0+sha-abc", "99.00.1", false, true, -1, false),
        ("627269.21408.0", "0", true, true, 1, false),
        (
            "1.123.344979-alpha.beta.beta",
            "77942",
            true,
            true,
            -1,
            false,
        ),
        ("99.869394.01", "982813.01.00", true, true, -1, false),
        ("99.1", "126770.10.441527", true, false, -1, false),
        ("471849.0.99", "99.123.01-11.2.2", false, true, 1, false),
        ("10.99.1", "1.2.3-alpha.1", true, false, 1, false),
        ("99.1", "186783.99", true, true, -1, false),
        ("2.01.99", "0.10.417201", true, true, 1, false),
        ("1.0.0-a.b.c.d.e", "99.1", true, true, -1, false),
        ("2.2.99", "2.123.1", false, false, -1, false),
        ("99.2.2", "10.0.10", true, false, 1, false),
        ("01.01.01", "956388.99.2-2.A.1", true, false, -1, false),
        ("v10.123.2", "0.99.99", true, false, 1, false),
        ("99.2.0", "01", false, true, 1, false),
        ("v10.10.00-11", "99.23341.1", true, false, -1, false),
        ("01.123", "1", true, true, 1, false),
        ("1.10.2+1", "834590", true, true, -1, false),
        ("1.00.2+1.001", "99.2.0", true, false, -1, false),
        ("00", "1.2.3-x.7.z.92", true, false, -1, false),
        ("123.10.0+sha-abc", "1", true, true, 1, false),
        ("10.00.922428-Z9.rc+001", "2.123.01", true, true, 1, false),
        ("01.2.10", "123.123.0", true, true, -1, false),
        (
            "99.2.0",
            "123.123.99-Z9.2+001.build.build",
            true,
            false,
            -1,
            false,
        ),
        ("99", "0.01.10-beta.0", true, true, 1, false),
        ("123.1", "1", true, true, 1, false),
        ("123.1.10-alpha.alpha", "01", true, true, 1, false),
        ("v123.123.10", "1.123.2-0.11.1", true, true, 1, false),
        ("01.99.2", "99.123.01-11.2.2", true, true, -1, false),
        ("760265", "808609.123.123", true, false, -1, false),
        ("00.10", "99", true, true, -1, false),
        ("123.1.99", "953366.1.10+sha-abc", true, false, -1, false),
        ("1.0.0-alpha.beta", "01.01.01", true, true, -1, false),
        ("00.0.123", "1.2.00", true, true, -1, false),
        ("318260.0.0+1", "1.0.0-alpha.beta", false, true, 1, false),
        ("1.2.3-rc", "01", true, true, 1, false),
        (
            "2.123.99-beta.0+001",
            "126685.10.0-beta.1",
            true,
            true,
            -1,
            false,
        ),
        ("2.123.2", "v10.10.00-11", true, true, -1, false),
        ("2.99", "1.0.99", true, false, 1, false),
        ("2", "2.2.-A", true, true, -1, false),
        ("161153.10.915955-A", "v00.99.00", false, true, 1, false),
        ("99.10.99", "99", true, true, 1, false),
        ("10.1.2", "99.632928.561665", false, true, -1, false),
        ("1.2", "10.01", true, true, -1, false),
        (
            "2.2.01-x-y+build.001",
            "956388.99.2-2.A.1",
            true,
            true,
            -1,
            false,
        ),
        ("123", "10.719068.0", true, true, 1, false),
        ("2.2.99+build.001", "01.2.00-0.alpha", true, true, 1, false),
        ("v10.123.2", "01", true, true, 1, false),
        ("2.01.99", "99.1", true, true, -1, false),
        ("2", "123.99.58810", true, false, -1, false),
        ("99.1", "2.10.1", true, false, 1, false),
        ("00.123.99", "2.123.1", true, true, -1, false),
        ("1.0.0-a.b.c.d.e", "99.00", false, true, -1, false),
        ("1.2.2", "228711.2.0", true, true, -1, false),
        ("0.10.10", "2.480342.2", true, false, -1, false),
        (
            "99.00.405869",
            "0.28526.-alpha.2.alpha+1.build.1",
            true,
            true,
            1,
            false,
        ),
        ("10.10.10-0+build", "10.552859.2", false, true, -1, false),
        ("1.2.00-0.Z9", "99.10.123-0.11", true, true, -1, false),
        ("123.00.01", "721714", true, true, -1, false),
        ("10.10.123", "10", false, true, 1, false),
        ("1.00", "01.2.123", true, true, -1, false),
        ("1.10.2+1", "10.123.99", false, false, -1, false),
        ("1.00.2", "901180.99.283516+build", true, false, -1, false),
        ("1.0.0+001", "99.123.01-11.2.2", false, true, -1, false),
        ("99.1.01", "126770.10.441527", true, true, -1, false),
        ("1.2.3-4.-5", "00", false, true, 1, false),
        ("01.10.10", "1", true, true, 1, false),
        ("2.480342.2", "123.99.123", true, false, -1, false),
        ("1.2", "01.1.0", true, true, 1, false),
        ("123.7477.99", "10.10.10-0+build", false, true, 1, false),
        (
            "99.0.10+exp.001.sha-abc",
            "10.2.63052",
            true,
            true,
            1,
            false,
        ),
        ("10.0.2", "2.0.10", true, false, 1, false),
    ];
    // (version, rank) — Go Compare(a, b) == rank(a).cmp(rank(b)) for every pair
    const RANKED: &[(&str, u32)] = &[
        ("1.0.0-alpha", 5),
        ("1.0.0-alpha.1", 6),
        ("1.0.0-alpha.beta", 7),
        ("1.0.0-beta", 8),
        ("1.0.0-beta.2", 9),
        ("1.0.0-beta.11", 10),
        ("1.0.0-rc.1", 11),
        ("1.0.0", 12),
        ("1.0.0+b", 12),
        ("2.0.0", 14),
        ("2.1.0", 15),
        ("2.1.1", 16),
        ("1.0.0-1", 0),
        ("1.0.0-a-b", 4),
        ("1.0.0-a.1.2", 3),
        ("1.0.0-B", 1),
        ("1.0.0-a", 2),
    ];
}
