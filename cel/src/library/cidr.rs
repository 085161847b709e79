//! The CEL `net.CIDR` type and the `kubernetes.net.cidr` function library:
//! `cidr()`, `isCIDR()`, `containsIP()`, `containsCIDR()`, `ip()`,
//! `masked()`, `prefixLength()` and `string(cidr)`.
//!
//! Mirrors `k8s.io/apiserver/pkg/cel/library/cidr.go` and
//! `k8s.io/apiserver/pkg/cel/cidr.go` (v0.35.0), on top of a port of Go
//! 1.25's `netip.ParsePrefix` (error texts included), `Prefix.Masked`,
//! `Prefix.Contains`, `Prefix.Overlaps` and `Prefix.String`. Address parsing
//! is shared with the sibling `ip` module.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

use super::ip::{format_addr, is_4in6, parse_addr, Ip};
use crate::strconv::quote_bytes as go_quote;

/// A CEL `net.CIDR` value: Go's `netip.Prefix` restricted to what `cidr()`
/// accepts (no zone, no IPv4-mapped IPv6 address). The address keeps its host
/// bits; [`Cidr::masked`] clears them.
///
/// Equality is Go's `Prefix ==`: same address (host bits included) and same
/// prefix length, so `cidr('10.0.0.1/8') != cidr('10.0.0.0/8')`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cidr {
    addr: IpAddr,
    bits: u8,
}

impl Cidr {
    /// Builds a prefix from an address and a length, like Go's
    /// `netip.PrefixFrom`; `None` when the length is out of range for the
    /// address family.
    pub fn new(ip: Ip, bits: i64) -> Option<Cidr> {
        if bits < 0 || bits > ip.bit_len() {
            return None;
        }
        Some(Cidr {
            addr: ip.addr(),
            bits: bits as u8,
        })
    }

    /// `<CIDR>.containsIP(<IP>)`: Go's `Prefix.Contains`. An address of the
    /// other family is never contained.
    pub fn contains_ip(&self, ip: &Ip) -> bool {
        match (self.addr, ip.addr()) {
            (IpAddr::V4(p), IpAddr::V4(a)) => {
                (u32::from(p) ^ u32::from(a)) & mask32(self.bits) == 0
            }
            (IpAddr::V6(p), IpAddr::V6(a)) => {
                (u128::from(p) ^ u128::from(a)) & mask128(self.bits) == 0
            }
            _ => false,
        }
    }

    /// `<CIDR>.containsIP(<string>)`. The Go overload parses the string with
    /// `ip()` but, when that fails, reports CEL's `no such overload` (the
    /// parse error is not propagated), which is what this returns.
    pub fn contains_ip_str(&self, s: &str) -> Result<bool, String> {
        match super::ip::parse(s) {
            Ok(ip) => Ok(self.contains_ip(&ip)),
            Err(_) => Err("no such overload".to_string()),
        }
    }

    /// `<CIDR>.containsCIDR(<CIDR>)`: the prefixes overlap and `other` is at
    /// least as long as `self`.
    pub fn contains_cidr(&self, other: &Cidr) -> bool {
        self.overlaps(other) && self.bits <= other.bits
    }

    /// `<CIDR>.containsCIDR(<string>)`. Unlike `containsIP`, a parse failure
    /// surfaces as the `cidr()` error.
    pub fn contains_cidr_str(&self, s: &str) -> Result<bool, String> {
        Ok(self.contains_cidr(&parse(s)?))
    }

    /// Go's `Prefix.Overlaps`: whether the two prefixes share any address.
    pub fn overlaps(&self, other: &Cidr) -> bool {
        if self == other {
            return true;
        }
        let min_bits = self.bits.min(other.bits);
        match (self.addr, other.addr) {
            (IpAddr::V4(a), IpAddr::V4(b)) => {
                min_bits == 0 || u32::from(a) & mask32(min_bits) == u32::from(b) & mask32(min_bits)
            }
            (IpAddr::V6(a), IpAddr::V6(b)) => {
                min_bits == 0
                    || u128::from(a) & mask128(min_bits) == u128::from(b) & mask128(min_bits)
            }
            _ => false,
        }
    }

    /// `<CIDR>.ip()`: the address as written, host bits included.
    pub fn ip(&self) -> Ip {
        // `cidr()` never admits an IPv4-mapped address and masking cannot
        // create one, so this cannot fail for values built by this module.
        Ip::new(self.addr).expect("CIDR address is never IPv4-mapped")
    }

    /// `<CIDR>.masked()`: Go's `Prefix.Masked`, the canonical network form.
    pub fn masked(&self) -> Cidr {
        let addr = match self.addr {
            IpAddr::V4(a) => IpAddr::V4(Ipv4Addr::from(u32::from(a) & mask32(self.bits))),
            IpAddr::V6(a) => IpAddr::V6(Ipv6Addr::from(u128::from(a) & mask128(self.bits))),
        };
        Cidr {
            addr,
            bits: self.bits,
        }
    }

    /// `<CIDR>.prefixLength()`.
    pub fn prefix_length(&self) -> i64 {
        i64::from(self.bits)
    }

    /// The CEL `CIDR.Size()` used by cost estimation: `ceil(prefixLength / 8)`.
    pub fn size(&self) -> i64 {
        (i64::from(self.bits) + 7) / 8
    }
}

impl fmt::Display for Cidr {
    /// Go's `Prefix.String()`: `<addr>/<bits>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", format_addr(&self.addr, b""), self.bits)
    }
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(s: &str) -> Result<Cidr, String> {
        parse(s)
    }
}

fn mask32(bits: u8) -> u32 {
    if bits == 0 {
        0
    } else {
        u32::MAX << (32 - u32::from(bits))
    }
}

fn mask128(bits: u8) -> u128 {
    if bits == 0 {
        0
    } else {
        u128::MAX << (128 - u32::from(bits))
    }
}

/// CEL `cidr(<string>)`. The error is the exact message the CEL user sees;
/// the library prefixes parse errors twice, e.g.
/// `network address parse error during conversion from string: network
/// address parse error during conversion from string:
/// netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""`.
pub fn parse(s: &str) -> Result<Cidr, String> {
    const PREFIX: &str = "network address parse error during conversion from string: ";
    let cidr = parse_prefix(s).map_err(|err| format!("{PREFIX}{PREFIX}{err}"))?;
    if is_4in6(&cidr.addr) {
        return Err(format!(
            "{PREFIX}IPv4-mapped IPv6 address {} is not allowed",
            go_quote(s.as_bytes())
        ));
    }
    Ok(cidr)
}

/// CEL `isCIDR(<string>)`.
pub fn is_cidr(s: &str) -> bool {
    parse(s).is_ok()
}

/// Go's `netip.ParsePrefix`, returning its `Error()` text on failure. The
/// result may hold an IPv4-mapped address; [`parse`] rejects those.
pub fn parse_prefix(s: &str) -> Result<Cidr, String> {
    let fail = |msg: &str| format!("netip.ParsePrefix({}): {msg}", go_quote(s.as_bytes()));
    let Some(slash) = s.rfind('/') else {
        return Err(fail("no '/'"));
    };
    let parsed = parse_addr(&s.as_bytes()[..slash]).map_err(|e| fail(&e.to_string()))?;
    if !parsed.zone.is_empty() {
        return Err(fail("IPv6 zones cannot be present in a prefix"));
    }
    let bits_str = &s[slash + 1..];
    let bad_bits = || {
        fail(&format!(
            "bad bits after slash: {}",
            go_quote(bits_str.as_bytes())
        ))
    };
    let first = bits_str.as_bytes().first().copied();
    if bits_str.len() > 1 && !matches!(first, Some(b'1'..=b'9')) {
        return Err(bad_bits());
    }
    let bits = parse_go_atoi(bits_str).ok_or_else(bad_bits)?;
    let max_bits = match parsed.ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    };
    if !(0..=max_bits).contains(&bits) {
        return Err(fail("prefix length out of range"));
    }
    Ok(Cidr {
        addr: parsed.ip,
        bits: bits as u8,
    })
}

/// Go's `strconv.Atoi` on a 64-bit platform: optional sign, decimal digits,
/// no overflow.
fn parse_go_atoi(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for b in digits.bytes() {
        let d = i64::from(b - b'0');
        v = v.checked_mul(10)?;
        v = if neg {
            v.checked_sub(d)?
        } else {
            v.checked_add(d)?
        };
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cidr(s: &str) -> Cidr {
        parse(s).unwrap()
    }

    fn ip(s: &str) -> Ip {
        super::super::ip::parse(s).unwrap()
    }

    const DOUBLE: &str = "network address parse error during conversion from string: network address parse error during conversion from string: ";

    // ---- cases ported from apiserver pkg/cel/library/cidr_test.go ----

    #[test]
    fn upstream_ipv4_cases() {
        assert_eq!(
            cidr("192.168.0.0/24"),
            Cidr::new(ip("192.168.0.0"), 24).unwrap()
        );
        assert_eq!(
            parse("192.168.0.0/").unwrap_err(),
            format!("{DOUBLE}netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\"")
        );
        let c = cidr("192.168.0.0/24");
        assert!(c.contains_ip(&ip("192.168.0.1")));
        assert!(!c.contains_ip(&ip("192.168.1.1")));
        assert_eq!(c.contains_ip_str("192.168.0.1"), Ok(true));
        assert_eq!(c.contains_ip_str("192.168.1.1"), Ok(false));
        assert!(c.contains_cidr(&cidr("192.168.0.0/25")));
        assert!(c.contains_cidr(&cidr("192.168.0.1/32")));
        assert!(!c.contains_cidr(&cidr("192.168.0.0/23")));
        assert!(!c.contains_cidr(&cidr("192.169.0.1/32")));
        assert_eq!(c.contains_cidr_str("192.168.0.0/25"), Ok(true));
        assert_eq!(c.contains_cidr_str("192.168.0.0/23"), Ok(false));
        assert_eq!(c.ip(), ip("192.168.0.0"));
        assert_eq!(c.masked(), Cidr::new(ip("192.168.0.0"), 24).unwrap());
        assert_eq!(
            cidr("192.168.0.1/24").masked(),
            Cidr::new(ip("192.168.0.0"), 24).unwrap()
        );
        assert_eq!(c.prefix_length(), 24);
        assert_eq!(c.to_string(), "192.168.0.0/24");
    }

    #[test]
    fn upstream_ipv6_cases() {
        assert_eq!(
            cidr("2001:db8::/32"),
            Cidr::new(ip("2001:db8::"), 32).unwrap()
        );
        assert_eq!(
            parse("2001:db8::/").unwrap_err(),
            format!("{DOUBLE}netip.ParsePrefix(\"2001:db8::/\"): bad bits after slash: \"\"")
        );
        let c = cidr("2001:db8::/32");
        assert!(c.contains_ip(&ip("2001:db8::1")));
        assert!(!c.contains_ip(&ip("2001:dc8::1")));
        assert_eq!(c.contains_ip_str("2001:db8::1"), Ok(true));
        assert_eq!(c.contains_ip_str("2001:dc8::1"), Ok(false));
        assert!(c.contains_cidr(&cidr("2001:db8::/33")));
        assert!(!c.contains_cidr(&cidr("2001:db8::/31")));
        assert_eq!(c.contains_cidr_str("2001:db8::/33"), Ok(true));
        assert_eq!(c.contains_cidr_str("2001:db8::/31"), Ok(false));
        assert_eq!(c.ip(), ip("2001:db8::"));
        assert_eq!(c.masked(), Cidr::new(ip("2001:db8::"), 32).unwrap());
        assert_eq!(
            cidr("2001:db8:1::/32").masked(),
            Cidr::new(ip("2001:db8::"), 32).unwrap()
        );
        assert_eq!(c.prefix_length(), 32);
    }

    // ---- examples from the library documentation ----

    #[test]
    fn documented_examples() {
        assert!(is_cidr("192.168.0.0/16"));
        assert!(is_cidr("::1/128"));
        assert!(!is_cidr("192.168.0.0/33"));
        assert!(!is_cidr("::1/129"));
        // The doc calls this an error, but Go's ParsePrefix keeps host bits.
        assert!(is_cidr("192.168.0.1/16"));
        assert!(cidr("192.168.0.0/16").contains_cidr(&cidr("192.168.10.0/24")));
        assert!(!cidr("192.168.1.0/24").contains_cidr(&cidr("192.168.2.0/24")));
        assert_eq!(cidr("192.168.0.1/24").ip(), ip("192.168.0.1"));
        assert_eq!(cidr("192.168.0.1/24").ip().family(), 4);
        assert_eq!(cidr("::1/128").ip(), ip("::1"));
        assert_eq!(cidr("::1/128").ip().family(), 6);
        assert_eq!(cidr("192.168.0.0/24"), cidr("192.168.0.0/24").masked());
        assert_ne!(cidr("192.168.0.1/24"), cidr("192.168.0.1/24").masked());
        assert_eq!(cidr("192.168.0.0/16").prefix_length(), 16);
        assert_eq!(cidr("::1/128").prefix_length(), 128);
    }

    #[test]
    fn parse_prefix_errors() {
        let cases = [
            ("1.2.3.4", "netip.ParsePrefix(\"1.2.3.4\"): no '/'"),
            ("", "netip.ParsePrefix(\"\"): no '/'"),
            (
                "1.2.3/24",
                "netip.ParsePrefix(\"1.2.3/24\"): ParseAddr(\"1.2.3\"): IPv4 address too short",
            ),
            (
                "1.2.3.256/24",
                "netip.ParsePrefix(\"1.2.3.256/24\"): ParseAddr(\"1.2.3.256\"): IPv4 field has value >255",
            ),
            (
                "12345::/33",
                "netip.ParsePrefix(\"12345::/33\"): ParseAddr(\"12345::\"): each group must have 4 or less digits (at \"12345::\")",
            ),
            ("/24", "netip.ParsePrefix(\"/24\"): ParseAddr(\"\"): unable to parse IP"),
            (
                "fe80::1%eth0/64",
                "netip.ParsePrefix(\"fe80::1%eth0/64\"): IPv6 zones cannot be present in a prefix",
            ),
            ("1.2.3.4/33", "netip.ParsePrefix(\"1.2.3.4/33\"): prefix length out of range"),
            ("::/129", "netip.ParsePrefix(\"::/129\"): prefix length out of range"),
            ("1.2.3.4/-1", "netip.ParsePrefix(\"1.2.3.4/-1\"): bad bits after slash: \"-1\""),
            ("1.2.3.4/+8", "netip.ParsePrefix(\"1.2.3.4/+8\"): bad bits after slash: \"+8\""),
            ("1.2.3.4/08", "netip.ParsePrefix(\"1.2.3.4/08\"): bad bits after slash: \"08\""),
            ("1.2.3.4/00", "netip.ParsePrefix(\"1.2.3.4/00\"): bad bits after slash: \"00\""),
            ("1.2.3.4/ 24", "netip.ParsePrefix(\"1.2.3.4/ 24\"): bad bits after slash: \" 24\""),
            ("1.2.3.4/24 ", "netip.ParsePrefix(\"1.2.3.4/24 \"): bad bits after slash: \"24 \""),
            ("1.2.3.4/+", "netip.ParsePrefix(\"1.2.3.4/+\"): bad bits after slash: \"+\""),
            ("1.2.3.4/x", "netip.ParsePrefix(\"1.2.3.4/x\"): bad bits after slash: \"x\""),
            (
                "1.2.3.4/99999999999999999999",
                "netip.ParsePrefix(\"1.2.3.4/99999999999999999999\"): bad bits after slash: \"99999999999999999999\"",
            ),
            (
                "1.2.3.4/9223372036854775807",
                "netip.ParsePrefix(\"1.2.3.4/9223372036854775807\"): prefix length out of range",
            ),
            (
                "1.2.3.4/24/24",
                "netip.ParsePrefix(\"1.2.3.4/24/24\"): ParseAddr(\"1.2.3.4/24\"): unexpected character (at \"/24\")",
            ),
            (
                "1.2.3.4\u{1}/24",
                "netip.ParsePrefix(\"1.2.3.4\\x01/24\"): ParseAddr(\"1.2.3.4\\x01\"): unexpected character (at \"\\x01\")",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(parse_prefix(input).unwrap_err(), want, "input {input:?}");
            assert_eq!(
                parse(input).unwrap_err(),
                format!("{DOUBLE}{want}"),
                "input {input:?}"
            );
            assert!(!is_cidr(input));
        }
    }

    #[test]
    fn rejects_ipv4_mapped_prefixes() {
        assert_eq!(
            parse("::ffff:1.2.3.4/120").unwrap_err(),
            "network address parse error during conversion from string: IPv4-mapped IPv6 address \"::ffff:1.2.3.4/120\" is not allowed"
        );
        assert_eq!(
            parse("::ffff:0:0/96").unwrap_err(),
            "network address parse error during conversion from string: IPv4-mapped IPv6 address \"::ffff:0:0/96\" is not allowed"
        );
        // ParsePrefix itself accepts it.
        assert_eq!(
            parse_prefix("::ffff:c000:0280/96").unwrap().to_string(),
            "::ffff:192.0.2.128/96"
        );
        // Not mapped: the IPv4-compatible form and a /80 around the mapped range.
        assert!(is_cidr("::1.2.3.4/120"));
        assert!(is_cidr("::ffff:0:0:0/80"));
    }

    #[test]
    fn valid_edge_lengths() {
        assert_eq!(cidr("0.0.0.0/0").prefix_length(), 0);
        assert_eq!(cidr("1.2.3.4/0").masked().to_string(), "0.0.0.0/0");
        assert_eq!(cidr("1.2.3.4/32").masked().to_string(), "1.2.3.4/32");
        assert_eq!(cidr("::/0").to_string(), "::/0");
        assert_eq!(
            cidr("ffff::ffff/128").masked().to_string(),
            "ffff::ffff/128"
        );
        assert_eq!(cidr("2001:DB8::1/64").to_string(), "2001:db8::1/64");
        assert_eq!(cidr("2001:DB8::1/64").masked().to_string(), "2001:db8::/64");
        assert_eq!(cidr("10.1.2.3/9").masked().to_string(), "10.0.0.0/9");
        assert_eq!(cidr("10.255.2.3/9").masked().to_string(), "10.128.0.0/9");
        assert_eq!(cidr("1.2.3.4/7").size(), 1);
        assert_eq!(cidr("1.2.3.4/9").size(), 2);
        assert_eq!(cidr("::/128").size(), 16);
        assert_eq!(cidr("::/0").size(), 0);
    }

    #[test]
    fn containment_and_overlap() {
        // Families never mix.
        assert!(!cidr("0.0.0.0/0").contains_ip(&ip("::1")));
        assert!(!cidr("::/0").contains_ip(&ip("1.2.3.4")));
        assert!(!cidr("::/0").contains_cidr(&cidr("1.2.3.0/24")));
        assert!(cidr("0.0.0.0/0").contains_ip(&ip("255.255.255.255")));
        assert!(cidr("::/0").contains_ip(&ip("ffff::1")));
        // Host bits of the container are ignored.
        assert!(cidr("10.1.2.3/8").contains_ip(&ip("10.200.0.1")));
        assert!(cidr("10.1.2.3/8").contains_cidr(&cidr("10.9.0.0/16")));
        // A longer prefix never contains a shorter one, even when they overlap.
        assert!(!cidr("10.0.0.0/16").contains_cidr(&cidr("10.0.0.0/8")));
        assert!(cidr("10.0.0.0/16").overlaps(&cidr("10.0.0.0/8")));
        assert!(cidr("10.0.0.5/32").contains_cidr(&cidr("10.0.0.5/32")));
        assert!(!cidr("10.0.0.5/32").contains_cidr(&cidr("10.0.0.6/32")));
        assert!(cidr("2001:db8::/127").contains_ip(&ip("2001:db8::1")));
        assert!(!cidr("2001:db8::/128").contains_ip(&ip("2001:db8::1")));
        assert!(cidr("8000::/1").contains_ip(&ip("ffff::")));
        assert!(!cidr("8000::/1").contains_ip(&ip("7fff::")));
    }

    #[test]
    fn string_overloads_report_like_go() {
        let c = cidr("10.0.0.0/8");
        assert_eq!(
            c.contains_ip_str("not an ip"),
            Err("no such overload".to_string())
        );
        assert_eq!(
            c.contains_ip_str("fe80::1%eth0"),
            Err("no such overload".to_string())
        );
        assert_eq!(
            c.contains_cidr_str("10.0.0.0/33"),
            Err(format!(
                "{DOUBLE}netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range"
            ))
        );
    }

    #[test]
    fn constructors_and_traits() {
        assert!(Cidr::new(ip("1.2.3.4"), 33).is_none());
        assert!(Cidr::new(ip("1.2.3.4"), -1).is_none());
        assert!(Cidr::new(ip("::"), 128).is_some());
        assert_eq!("10.0.0.0/8".parse::<Cidr>().unwrap(), cidr("10.0.0.0/8"));
        assert_ne!(cidr("10.0.0.0/8"), cidr("10.0.0.0/9"));
        assert_ne!(cidr("0.0.0.0/0"), cidr("::/0"));
    }
}
