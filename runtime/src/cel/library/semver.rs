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

/// Go's `strconv.Quote` (what `fmt`'s `%q` prints for a string).
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
            out.push(c);
            continue;
        }
        if go_is_print(c) {
            out.push(c);
            continue;
        }
        let r = c as u32;
        match c {
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            _ if r < 0x20 || r == 0x7f => out.push_str(&format!("\\x{r:02x}")),
            _ if r < 0x10000 => out.push_str(&format!("\\u{r:04x}")),
            _ => out.push_str(&format!("\\U{r:08x}")),
        }
    }
    out.push('"');
    out
}

/// Go's `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols and
/// the ASCII space (Unicode 15.0.0, as in Go 1.21 through 1.25).
fn go_is_print(c: char) -> bool {
    let r = c as u32;
    if r <= 0xff {
        return (0x20..=0x7e).contains(&r) || ((0xa1..=0xff).contains(&r) && r != 0xad);
    }
    let idx = PRINT_RANGES.partition_point(|&(_, hi)| hi < r);
    idx < PRINT_RANGES.len() && PRINT_RANGES[idx].0 <= r
}

/// Inclusive ranges of printable code points above U+00FF.
#[rustfmt::skip]
const PRINT_RANGES: &[(u32, u32)] = &[
    (0x00100, 0x00377), (0x0037a, 0x0037f), (0x00384, 0x0038a), (0x0038c, 0x0038c),
    (0x0038e, 0x003a1), (0x003a3, 0x0052f), (0x00531, 0x00556), (0x00559, 0x0058a),
    (0x0058d, 0x0058f), (0x00591, 0x005c7), (0x005d0, 0x005ea), (0x005ef, 0x005f4),
    (0x00606, 0x0061b), (0x0061d, 0x006dc), (0x006de, 0x0070d), (0x00710, 0x0074a),
    (0x0074d, 0x007b1), (0x007c0, 0x007fa), (0x007fd, 0x0082d), (0x00830, 0x0083e),
    (0x00840, 0x0085b), (0x0085e, 0x0085e), (0x00860, 0x0086a), (0x00870, 0x0088e),
    (0x00898, 0x008e1), (0x008e3, 0x00983), (0x00985, 0x0098c), (0x0098f, 0x00990),
    (0x00993, 0x009a8), (0x009aa, 0x009b0), (0x009b2, 0x009b2), (0x009b6, 0x009b9),
    (0x009bc, 0x009c4), (0x009c7, 0x009c8), (0x009cb, 0x009ce), (0x009d7, 0x009d7),
    (0x009dc, 0x009dd), (0x009df, 0x009e3), (0x009e6, 0x009fe), (0x00a01, 0x00a03),
    (0x00a05, 0x00a0a), (0x00a0f, 0x00a10), (0x00a13, 0x00a28), (0x00a2a, 0x00a30),
    (0x00a32, 0x00a33), (0x00a35, 0x00a36), (0x00a38, 0x00a39), (0x00a3c, 0x00a3c),
    (0x00a3e, 0x00a42), (0x00a47, 0x00a48), (0x00a4b, 0x00a4d), (0x00a51, 0x00a51),
    (0x00a59, 0x00a5c), (0x00a5e, 0x00a5e), (0x00a66, 0x00a76), (0x00a81, 0x00a83),
    (0x00a85, 0x00a8d), (0x00a8f, 0x00a91), (0x00a93, 0x00aa8), (0x00aaa, 0x00ab0),
    (0x00ab2, 0x00ab3), (0x00ab5, 0x00ab9), (0x00abc, 0x00ac5), (0x00ac7, 0x00ac9),
    (0x00acb, 0x00acd), (0x00ad0, 0x00ad0), (0x00ae0, 0x00ae3), (0x00ae6, 0x00af1),
    (0x00af9, 0x00aff), (0x00b01, 0x00b03), (0x00b05, 0x00b0c), (0x00b0f, 0x00b10),
    (0x00b13, 0x00b28), (0x00b2a, 0x00b30), (0x00b32, 0x00b33), (0x00b35, 0x00b39),
    (0x00b3c, 0x00b44), (0x00b47, 0x00b48), (0x00b4b, 0x00b4d), (0x00b55, 0x00b57),
    (0x00b5c, 0x00b5d), (0x00b5f, 0x00b63), (0x00b66, 0x00b77), (0x00b82, 0x00b83),
    (0x00b85, 0x00b8a), (0x00b8e, 0x00b90), (0x00b92, 0x00b95), (0x00b99, 0x00b9a),
    (0x00b9c, 0x00b9c), (0x00b9e, 0x00b9f), (0x00ba3, 0x00ba4), (0x00ba8, 0x00baa),
    (0x00bae, 0x00bb9), (0x00bbe, 0x00bc2), (0x00bc6, 0x00bc8), (0x00bca, 0x00bcd),
    (0x00bd0, 0x00bd0), (0x00bd7, 0x00bd7), (0x00be6, 0x00bfa), (0x00c00, 0x00c0c),
    (0x00c0e, 0x00c10), (0x00c12, 0x00c28), (0x00c2a, 0x00c39), (0x00c3c, 0x00c44),
    (0x00c46, 0x00c48), (0x00c4a, 0x00c4d), (0x00c55, 0x00c56), (0x00c58, 0x00c5a),
    (0x00c5d, 0x00c5d), (0x00c60, 0x00c63), (0x00c66, 0x00c6f), (0x00c77, 0x00c8c),
    (0x00c8e, 0x00c90), (0x00c92, 0x00ca8), (0x00caa, 0x00cb3), (0x00cb5, 0x00cb9),
    (0x00cbc, 0x00cc4), (0x00cc6, 0x00cc8), (0x00cca, 0x00ccd), (0x00cd5, 0x00cd6),
    (0x00cdd, 0x00cde), (0x00ce0, 0x00ce3), (0x00ce6, 0x00cef), (0x00cf1, 0x00cf3),
    (0x00d00, 0x00d0c), (0x00d0e, 0x00d10), (0x00d12, 0x00d44), (0x00d46, 0x00d48),
    (0x00d4a, 0x00d4f), (0x00d54, 0x00d63), (0x00d66, 0x00d7f), (0x00d81, 0x00d83),
    (0x00d85, 0x00d96), (0x00d9a, 0x00db1), (0x00db3, 0x00dbb), (0x00dbd, 0x00dbd),
    (0x00dc0, 0x00dc6), (0x00dca, 0x00dca), (0x00dcf, 0x00dd4), (0x00dd6, 0x00dd6),
    (0x00dd8, 0x00ddf), (0x00de6, 0x00def), (0x00df2, 0x00df4), (0x00e01, 0x00e3a),
    (0x00e3f, 0x00e5b), (0x00e81, 0x00e82), (0x00e84, 0x00e84), (0x00e86, 0x00e8a),
    (0x00e8c, 0x00ea3), (0x00ea5, 0x00ea5), (0x00ea7, 0x00ebd), (0x00ec0, 0x00ec4),
    (0x00ec6, 0x00ec6), (0x00ec8, 0x00ece), (0x00ed0, 0x00ed9), (0x00edc, 0x00edf),
    (0x00f00, 0x00f47), (0x00f49, 0x00f6c), (0x00f71, 0x00f97), (0x00f99, 0x00fbc),
    (0x00fbe, 0x00fcc), (0x00fce, 0x00fda), (0x01000, 0x010c5), (0x010c7, 0x010c7),
    (0x010cd, 0x010cd), (0x010d0, 0x01248), (0x0124a, 0x0124d), (0x01250, 0x01256),
    (0x01258, 0x01258), (0x0125a, 0x0125d), (0x01260, 0x01288), (0x0128a, 0x0128d),
    (0x01290, 0x012b0), (0x012b2, 0x012b5), (0x012b8, 0x012be), (0x012c0, 0x012c0),
    (0x012c2, 0x012c5), (0x012c8, 0x012d6), (0x012d8, 0x01310), (0x01312, 0x01315),
    (0x01318, 0x0135a), (0x0135d, 0x0137c), (0x01380, 0x01399), (0x013a0, 0x013f5),
    (0x013f8, 0x013fd), (0x01400, 0x0167f), (0x01681, 0x0169c), (0x016a0, 0x016f8),
    (0x01700, 0x01715), (0x0171f, 0x01736), (0x01740, 0x01753), (0x01760, 0x0176c),
    (0x0176e, 0x01770), (0x01772, 0x01773), (0x01780, 0x017dd), (0x017e0, 0x017e9),
    (0x017f0, 0x017f9), (0x01800, 0x0180d), (0x0180f, 0x01819), (0x01820, 0x01878),
    (0x01880, 0x018aa), (0x018b0, 0x018f5), (0x01900, 0x0191e), (0x01920, 0x0192b),
    (0x01930, 0x0193b), (0x01940, 0x01940), (0x01944, 0x0196d), (0x01970, 0x01974),
    (0x01980, 0x019ab), (0x019b0, 0x019c9), (0x019d0, 0x019da), (0x019de, 0x01a1b),
    (0x01a1e, 0x01a5e), (0x01a60, 0x01a7c), (0x01a7f, 0x01a89), (0x01a90, 0x01a99),
    (0x01aa0, 0x01aad), (0x01ab0, 0x01ace), (0x01b00, 0x01b4c), (0x01b50, 0x01b7e),
    (0x01b80, 0x01bf3), (0x01bfc, 0x01c37), (0x01c3b, 0x01c49), (0x01c4d, 0x01c88),
    (0x01c90, 0x01cba), (0x01cbd, 0x01cc7), (0x01cd0, 0x01cfa), (0x01d00, 0x01f15),
    (0x01f18, 0x01f1d), (0x01f20, 0x01f45), (0x01f48, 0x01f4d), (0x01f50, 0x01f57),
    (0x01f59, 0x01f59), (0x01f5b, 0x01f5b), (0x01f5d, 0x01f5d), (0x01f5f, 0x01f7d),
    (0x01f80, 0x01fb4), (0x01fb6, 0x01fc4), (0x01fc6, 0x01fd3), (0x01fd6, 0x01fdb),
    (0x01fdd, 0x01fef), (0x01ff2, 0x01ff4), (0x01ff6, 0x01ffe), (0x02010, 0x02027),
    (0x02030, 0x0205e), (0x02070, 0x02071), (0x02074, 0x0208e), (0x02090, 0x0209c),
    (0x020a0, 0x020c0), (0x020d0, 0x020f0), (0x02100, 0x0218b), (0x02190, 0x02426),
    (0x02440, 0x0244a), (0x02460, 0x02b73), (0x02b76, 0x02b95), (0x02b97, 0x02cf3),
    (0x02cf9, 0x02d25), (0x02d27, 0x02d27), (0x02d2d, 0x02d2d), (0x02d30, 0x02d67),
    (0x02d6f, 0x02d70), (0x02d7f, 0x02d96), (0x02da0, 0x02da6), (0x02da8, 0x02dae),
    (0x02db0, 0x02db6), (0x02db8, 0x02dbe), (0x02dc0, 0x02dc6), (0x02dc8, 0x02dce),
    (0x02dd0, 0x02dd6), (0x02dd8, 0x02dde), (0x02de0, 0x02e5d), (0x02e80, 0x02e99),
    (0x02e9b, 0x02ef3), (0x02f00, 0x02fd5), (0x02ff0, 0x02ffb), (0x03001, 0x0303f),
    (0x03041, 0x03096), (0x03099, 0x030ff), (0x03105, 0x0312f), (0x03131, 0x0318e),
    (0x03190, 0x031e3), (0x031f0, 0x0321e), (0x03220, 0x0a48c), (0x0a490, 0x0a4c6),
    (0x0a4d0, 0x0a62b), (0x0a640, 0x0a6f7), (0x0a700, 0x0a7ca), (0x0a7d0, 0x0a7d1),
    (0x0a7d3, 0x0a7d3), (0x0a7d5, 0x0a7d9), (0x0a7f2, 0x0a82c), (0x0a830, 0x0a839),
    (0x0a840, 0x0a877), (0x0a880, 0x0a8c5), (0x0a8ce, 0x0a8d9), (0x0a8e0, 0x0a953),
    (0x0a95f, 0x0a97c), (0x0a980, 0x0a9cd), (0x0a9cf, 0x0a9d9), (0x0a9de, 0x0a9fe),
    (0x0aa00, 0x0aa36), (0x0aa40, 0x0aa4d), (0x0aa50, 0x0aa59), (0x0aa5c, 0x0aac2),
    (0x0aadb, 0x0aaf6), (0x0ab01, 0x0ab06), (0x0ab09, 0x0ab0e), (0x0ab11, 0x0ab16),
    (0x0ab20, 0x0ab26), (0x0ab28, 0x0ab2e), (0x0ab30, 0x0ab6b), (0x0ab70, 0x0abed),
    (0x0abf0, 0x0abf9), (0x0ac00, 0x0d7a3), (0x0d7b0, 0x0d7c6), (0x0d7cb, 0x0d7fb),
    (0x0f900, 0x0fa6d), (0x0fa70, 0x0fad9), (0x0fb00, 0x0fb06), (0x0fb13, 0x0fb17),
    (0x0fb1d, 0x0fb36), (0x0fb38, 0x0fb3c), (0x0fb3e, 0x0fb3e), (0x0fb40, 0x0fb41),
    (0x0fb43, 0x0fb44), (0x0fb46, 0x0fbc2), (0x0fbd3, 0x0fd8f), (0x0fd92, 0x0fdc7),
    (0x0fdcf, 0x0fdcf), (0x0fdf0, 0x0fe19), (0x0fe20, 0x0fe52), (0x0fe54, 0x0fe66),
    (0x0fe68, 0x0fe6b), (0x0fe70, 0x0fe74), (0x0fe76, 0x0fefc), (0x0ff01, 0x0ffbe),
    (0x0ffc2, 0x0ffc7), (0x0ffca, 0x0ffcf), (0x0ffd2, 0x0ffd7), (0x0ffda, 0x0ffdc),
    (0x0ffe0, 0x0ffe6), (0x0ffe8, 0x0ffee), (0x0fffc, 0x0fffd), (0x10000, 0x1000b),
    (0x1000d, 0x10026), (0x10028, 0x1003a), (0x1003c, 0x1003d), (0x1003f, 0x1004d),
    (0x10050, 0x1005d), (0x10080, 0x100fa), (0x10100, 0x10102), (0x10107, 0x10133),
    (0x10137, 0x1018e), (0x10190, 0x1019c), (0x101a0, 0x101a0), (0x101d0, 0x101fd),
    (0x10280, 0x1029c), (0x102a0, 0x102d0), (0x102e0, 0x102fb), (0x10300, 0x10323),
    (0x1032d, 0x1034a), (0x10350, 0x1037a), (0x10380, 0x1039d), (0x1039f, 0x103c3),
    (0x103c8, 0x103d5), (0x10400, 0x1049d), (0x104a0, 0x104a9), (0x104b0, 0x104d3),
    (0x104d8, 0x104fb), (0x10500, 0x10527), (0x10530, 0x10563), (0x1056f, 0x1057a),
    (0x1057c, 0x1058a), (0x1058c, 0x10592), (0x10594, 0x10595), (0x10597, 0x105a1),
    (0x105a3, 0x105b1), (0x105b3, 0x105b9), (0x105bb, 0x105bc), (0x10600, 0x10736),
    (0x10740, 0x10755), (0x10760, 0x10767), (0x10780, 0x10785), (0x10787, 0x107b0),
    (0x107b2, 0x107ba), (0x10800, 0x10805), (0x10808, 0x10808), (0x1080a, 0x10835),
    (0x10837, 0x10838), (0x1083c, 0x1083c), (0x1083f, 0x10855), (0x10857, 0x1089e),
    (0x108a7, 0x108af), (0x108e0, 0x108f2), (0x108f4, 0x108f5), (0x108fb, 0x1091b),
    (0x1091f, 0x10939), (0x1093f, 0x1093f), (0x10980, 0x109b7), (0x109bc, 0x109cf),
    (0x109d2, 0x10a03), (0x10a05, 0x10a06), (0x10a0c, 0x10a13), (0x10a15, 0x10a17),
    (0x10a19, 0x10a35), (0x10a38, 0x10a3a), (0x10a3f, 0x10a48), (0x10a50, 0x10a58),
    (0x10a60, 0x10a9f), (0x10ac0, 0x10ae6), (0x10aeb, 0x10af6), (0x10b00, 0x10b35),
    (0x10b39, 0x10b55), (0x10b58, 0x10b72), (0x10b78, 0x10b91), (0x10b99, 0x10b9c),
    (0x10ba9, 0x10baf), (0x10c00, 0x10c48), (0x10c80, 0x10cb2), (0x10cc0, 0x10cf2),
    (0x10cfa, 0x10d27), (0x10d30, 0x10d39), (0x10e60, 0x10e7e), (0x10e80, 0x10ea9),
    (0x10eab, 0x10ead), (0x10eb0, 0x10eb1), (0x10efd, 0x10f27), (0x10f30, 0x10f59),
    (0x10f70, 0x10f89), (0x10fb0, 0x10fcb), (0x10fe0, 0x10ff6), (0x11000, 0x1104d),
    (0x11052, 0x11075), (0x1107f, 0x110bc), (0x110be, 0x110c2), (0x110d0, 0x110e8),
    (0x110f0, 0x110f9), (0x11100, 0x11134), (0x11136, 0x11147), (0x11150, 0x11176),
    (0x11180, 0x111df), (0x111e1, 0x111f4), (0x11200, 0x11211), (0x11213, 0x11241),
    (0x11280, 0x11286), (0x11288, 0x11288), (0x1128a, 0x1128d), (0x1128f, 0x1129d),
    (0x1129f, 0x112a9), (0x112b0, 0x112ea), (0x112f0, 0x112f9), (0x11300, 0x11303),
    (0x11305, 0x1130c), (0x1130f, 0x11310), (0x11313, 0x11328), (0x1132a, 0x11330),
    (0x11332, 0x11333), (0x11335, 0x11339), (0x1133b, 0x11344), (0x11347, 0x11348),
    (0x1134b, 0x1134d), (0x11350, 0x11350), (0x11357, 0x11357), (0x1135d, 0x11363),
    (0x11366, 0x1136c), (0x11370, 0x11374), (0x11400, 0x1145b), (0x1145d, 0x11461),
    (0x11480, 0x114c7), (0x114d0, 0x114d9), (0x11580, 0x115b5), (0x115b8, 0x115dd),
    (0x11600, 0x11644), (0x11650, 0x11659), (0x11660, 0x1166c), (0x11680, 0x116b9),
    (0x116c0, 0x116c9), (0x11700, 0x1171a), (0x1171d, 0x1172b), (0x11730, 0x11746),
    (0x11800, 0x1183b), (0x118a0, 0x118f2), (0x118ff, 0x11906), (0x11909, 0x11909),
    (0x1190c, 0x11913), (0x11915, 0x11916), (0x11918, 0x11935), (0x11937, 0x11938),
    (0x1193b, 0x11946), (0x11950, 0x11959), (0x119a0, 0x119a7), (0x119aa, 0x119d7),
    (0x119da, 0x119e4), (0x11a00, 0x11a47), (0x11a50, 0x11aa2), (0x11ab0, 0x11af8),
    (0x11b00, 0x11b09), (0x11c00, 0x11c08), (0x11c0a, 0x11c36), (0x11c38, 0x11c45),
    (0x11c50, 0x11c6c), (0x11c70, 0x11c8f), (0x11c92, 0x11ca7), (0x11ca9, 0x11cb6),
    (0x11d00, 0x11d06), (0x11d08, 0x11d09), (0x11d0b, 0x11d36), (0x11d3a, 0x11d3a),
    (0x11d3c, 0x11d3d), (0x11d3f, 0x11d47), (0x11d50, 0x11d59), (0x11d60, 0x11d65),
    (0x11d67, 0x11d68), (0x11d6a, 0x11d8e), (0x11d90, 0x11d91), (0x11d93, 0x11d98),
    (0x11da0, 0x11da9), (0x11ee0, 0x11ef8), (0x11f00, 0x11f10), (0x11f12, 0x11f3a),
    (0x11f3e, 0x11f59), (0x11fb0, 0x11fb0), (0x11fc0, 0x11ff1), (0x11fff, 0x12399),
    (0x12400, 0x1246e), (0x12470, 0x12474), (0x12480, 0x12543), (0x12f90, 0x12ff2),
    (0x13000, 0x1342f), (0x13440, 0x13455), (0x14400, 0x14646), (0x16800, 0x16a38),
    (0x16a40, 0x16a5e), (0x16a60, 0x16a69), (0x16a6e, 0x16abe), (0x16ac0, 0x16ac9),
    (0x16ad0, 0x16aed), (0x16af0, 0x16af5), (0x16b00, 0x16b45), (0x16b50, 0x16b59),
    (0x16b5b, 0x16b61), (0x16b63, 0x16b77), (0x16b7d, 0x16b8f), (0x16e40, 0x16e9a),
    (0x16f00, 0x16f4a), (0x16f4f, 0x16f87), (0x16f8f, 0x16f9f), (0x16fe0, 0x16fe4),
    (0x16ff0, 0x16ff1), (0x17000, 0x187f7), (0x18800, 0x18cd5), (0x18d00, 0x18d08),
    (0x1aff0, 0x1aff3), (0x1aff5, 0x1affb), (0x1affd, 0x1affe), (0x1b000, 0x1b122),
    (0x1b132, 0x1b132), (0x1b150, 0x1b152), (0x1b155, 0x1b155), (0x1b164, 0x1b167),
    (0x1b170, 0x1b2fb), (0x1bc00, 0x1bc6a), (0x1bc70, 0x1bc7c), (0x1bc80, 0x1bc88),
    (0x1bc90, 0x1bc99), (0x1bc9c, 0x1bc9f), (0x1cf00, 0x1cf2d), (0x1cf30, 0x1cf46),
    (0x1cf50, 0x1cfc3), (0x1d000, 0x1d0f5), (0x1d100, 0x1d126), (0x1d129, 0x1d172),
    (0x1d17b, 0x1d1ea), (0x1d200, 0x1d245), (0x1d2c0, 0x1d2d3), (0x1d2e0, 0x1d2f3),
    (0x1d300, 0x1d356), (0x1d360, 0x1d378), (0x1d400, 0x1d454), (0x1d456, 0x1d49c),
    (0x1d49e, 0x1d49f), (0x1d4a2, 0x1d4a2), (0x1d4a5, 0x1d4a6), (0x1d4a9, 0x1d4ac),
    (0x1d4ae, 0x1d4b9), (0x1d4bb, 0x1d4bb), (0x1d4bd, 0x1d4c3), (0x1d4c5, 0x1d505),
    (0x1d507, 0x1d50a), (0x1d50d, 0x1d514), (0x1d516, 0x1d51c), (0x1d51e, 0x1d539),
    (0x1d53b, 0x1d53e), (0x1d540, 0x1d544), (0x1d546, 0x1d546), (0x1d54a, 0x1d550),
    (0x1d552, 0x1d6a5), (0x1d6a8, 0x1d7cb), (0x1d7ce, 0x1da8b), (0x1da9b, 0x1da9f),
    (0x1daa1, 0x1daaf), (0x1df00, 0x1df1e), (0x1df25, 0x1df2a), (0x1e000, 0x1e006),
    (0x1e008, 0x1e018), (0x1e01b, 0x1e021), (0x1e023, 0x1e024), (0x1e026, 0x1e02a),
    (0x1e030, 0x1e06d), (0x1e08f, 0x1e08f), (0x1e100, 0x1e12c), (0x1e130, 0x1e13d),
    (0x1e140, 0x1e149), (0x1e14e, 0x1e14f), (0x1e290, 0x1e2ae), (0x1e2c0, 0x1e2f9),
    (0x1e2ff, 0x1e2ff), (0x1e4d0, 0x1e4f9), (0x1e7e0, 0x1e7e6), (0x1e7e8, 0x1e7eb),
    (0x1e7ed, 0x1e7ee), (0x1e7f0, 0x1e7fe), (0x1e800, 0x1e8c4), (0x1e8c7, 0x1e8d6),
    (0x1e900, 0x1e94b), (0x1e950, 0x1e959), (0x1e95e, 0x1e95f), (0x1ec71, 0x1ecb4),
    (0x1ed01, 0x1ed3d), (0x1ee00, 0x1ee03), (0x1ee05, 0x1ee1f), (0x1ee21, 0x1ee22),
    (0x1ee24, 0x1ee24), (0x1ee27, 0x1ee27), (0x1ee29, 0x1ee32), (0x1ee34, 0x1ee37),
    (0x1ee39, 0x1ee39), (0x1ee3b, 0x1ee3b), (0x1ee42, 0x1ee42), (0x1ee47, 0x1ee47),
    (0x1ee49, 0x1ee49), (0x1ee4b, 0x1ee4b), (0x1ee4d, 0x1ee4f), (0x1ee51, 0x1ee52),
    (0x1ee54, 0x1ee54), (0x1ee57, 0x1ee57), (0x1ee59, 0x1ee59), (0x1ee5b, 0x1ee5b),
    (0x1ee5d, 0x1ee5d), (0x1ee5f, 0x1ee5f), (0x1ee61, 0x1ee62), (0x1ee64, 0x1ee64),
    (0x1ee67, 0x1ee6a), (0x1ee6c, 0x1ee72), (0x1ee74, 0x1ee77), (0x1ee79, 0x1ee7c),
    (0x1ee7e, 0x1ee7e), (0x1ee80, 0x1ee89), (0x1ee8b, 0x1ee9b), (0x1eea1, 0x1eea3),
    (0x1eea5, 0x1eea9), (0x1eeab, 0x1eebb), (0x1eef0, 0x1eef1), (0x1f000, 0x1f02b),
    (0x1f030, 0x1f093), (0x1f0a0, 0x1f0ae), (0x1f0b1, 0x1f0bf), (0x1f0c1, 0x1f0cf),
    (0x1f0d1, 0x1f0f5), (0x1f100, 0x1f1ad), (0x1f1e6, 0x1f202), (0x1f210, 0x1f23b),
    (0x1f240, 0x1f248), (0x1f250, 0x1f251), (0x1f260, 0x1f265), (0x1f300, 0x1f6d7),
    (0x1f6dc, 0x1f6ec), (0x1f6f0, 0x1f6fc), (0x1f700, 0x1f776), (0x1f77b, 0x1f7d9),
    (0x1f7e0, 0x1f7eb), (0x1f7f0, 0x1f7f0), (0x1f800, 0x1f80b), (0x1f810, 0x1f847),
    (0x1f850, 0x1f859), (0x1f860, 0x1f887), (0x1f890, 0x1f8ad), (0x1f8b0, 0x1f8b1),
    (0x1f900, 0x1fa53), (0x1fa60, 0x1fa6d), (0x1fa70, 0x1fa7c), (0x1fa80, 0x1fa88),
    (0x1fa90, 0x1fabd), (0x1fabf, 0x1fac5), (0x1face, 0x1fadb), (0x1fae0, 0x1fae8),
    (0x1faf0, 0x1faf8), (0x1fb00, 0x1fb92), (0x1fb94, 0x1fbca), (0x1fbf0, 0x1fbf9),
    (0x20000, 0x2a6df), (0x2a700, 0x2b739), (0x2b740, 0x2b81d), (0x2b820, 0x2cea1),
    (0x2ceb0, 0x2ebe0), (0x2f800, 0x2fa1d), (0x30000, 0x3134a), (0x31350, 0x323af),
    (0xe0100, 0xe01ef),
];

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
    fn go_quote_matches_strconv_quote() {
        assert_eq!(go_quote(""), "\"\"");
        assert_eq!(go_quote("abc"), "\"abc\"");
        assert_eq!(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(
            go_quote("\x07\x08\x0c\n\r\t\x0b"),
            "\"\\a\\b\\f\\n\\r\\t\\v\""
        );
        assert_eq!(go_quote("\x00\x1f\x7f"), "\"\\x00\\x1f\\x7f\"");
        assert_eq!(go_quote("\u{80}\u{a0}\u{ad}"), "\"\\u0080\\u00a0\\u00ad\"");
        assert_eq!(go_quote("é ü ¡ ÿ"), "\"é ü ¡ ÿ\"");
        assert_eq!(
            go_quote("\u{200b}\u{2028}\u{3000}\u{feff}"),
            "\"\\u200b\\u2028\\u3000\\ufeff\""
        );
        assert_eq!(go_quote("\u{378}\u{e000}"), "\"\\u0378\\ue000\"");
        assert_eq!(
            go_quote("😀\u{e0001}\u{10ffff}"),
            "\"😀\\U000e0001\\U0010ffff\""
        );
        // Unicode 14/15 additions are printable (Go 1.21+ tables) ...
        assert_eq!(
            go_quote("\u{870}\u{1e030}\u{31350}"),
            "\"\u{870}\u{1e030}\u{31350}\""
        );
        // ... Unicode 16 ones are not yet.
        assert_eq!(go_quote("\u{1b7f}"), "\"\\u1b7f\"");
    }

    #[test]
    fn is_print_table_edges() {
        assert!(go_is_print(' ') && go_is_print('~') && !go_is_print('\u{7f}'));
        assert!(!go_is_print('\u{a0}') && go_is_print('\u{a1}') && !go_is_print('\u{ad}'));
        assert!(go_is_print('\u{100}') && go_is_print('\u{377}') && !go_is_print('\u{378}'));
        assert!(!go_is_print('\u{61c}') && !go_is_print('\u{180e}'));
        assert!(go_is_print('\u{323af}') && !go_is_print('\u{323b0}'));
        assert!(go_is_print('\u{e0100}') && go_is_print('\u{e01ef}') && !go_is_print('\u{e01f0}'));
        assert!(!go_is_print('\u{10ffff}'));
        assert!(PRINT_RANGES.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(PRINT_RANGES.iter().all(|r| r.0 <= r.1));
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
