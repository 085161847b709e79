//! The CEL `net.IP` type and the `kubernetes.net.ip` function library:
//! `ip()`, `isIP()`, `ip.isCanonical()`, `family()`, `isUnspecified()`,
//! `isLoopback()`, `isLinkLocalMulticast()`, `isLinkLocalUnicast()`,
//! `isGlobalUnicast()` and `string(ip)`.
//!
//! Mirrors `k8s.io/apiserver/pkg/cel/library/ip.go` and
//! `k8s.io/apiserver/pkg/cel/ip.go` (v0.35.0), on top of a byte-exact port of
//! Go 1.25's `net/netip.ParseAddr` (error texts included) and
//! `netip.Addr.String`. The module also owns the `netip` address parser used by
//! `cidr.rs` and `url.rs`; quoting is Go's `strconv.Quote` ([`crate::strconv`]).

use crate::strconv::quote_bytes as go_quote;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// A CEL `net.IP` value: an IPv4 or IPv6 address that has no zone and is not
/// an IPv4-mapped IPv6 address (the CEL library rejects both at parse time).
///
/// Equality is Go's `netip.Addr ==`: an IPv4 address never equals an IPv6
/// address, even `1.2.3.4` and `::ffff:1.2.3.4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ip(IpAddr);

impl Ip {
    /// Wraps a std address, refusing IPv4-mapped IPv6 addresses exactly as
    /// `ip()` does (std addresses carry no zone).
    pub fn new(addr: IpAddr) -> Option<Ip> {
        if is_4in6(&addr) {
            None
        } else {
            Some(Ip(addr))
        }
    }

    /// The underlying std address.
    pub fn addr(&self) -> IpAddr {
        self.0
    }

    /// `<IP>.family()`: 4 or 6.
    pub fn family(&self) -> i64 {
        match self.0 {
            IpAddr::V4(_) => 4,
            IpAddr::V6(_) => 6,
        }
    }

    /// Go's `Addr.BitLen()`: 32 or 128.
    pub fn bit_len(&self) -> i64 {
        match self.0 {
            IpAddr::V4(_) => 32,
            IpAddr::V6(_) => 128,
        }
    }

    /// The CEL `IP.Size()` used by cost estimation: the address length in
    /// bytes (4 or 16).
    pub fn size(&self) -> i64 {
        self.bit_len() / 8
    }

    /// `<IP>.isUnspecified()`: `0.0.0.0` or `::`.
    pub fn is_unspecified(&self) -> bool {
        match self.0 {
            IpAddr::V4(v4) => v4.octets() == [0; 4],
            IpAddr::V6(v6) => v6.octets() == [0; 16],
        }
    }

    /// `<IP>.isLoopback()`: `127.0.0.0/8` or `::1`.
    pub fn is_loopback(&self) -> bool {
        match self.0 {
            IpAddr::V4(v4) => v4.octets()[0] == 127,
            IpAddr::V6(v6) => u128::from(v6) == 1,
        }
    }

    /// Go's `Addr.IsMulticast()`: `224.0.0.0/4` or `ff00::/8`.
    pub fn is_multicast(&self) -> bool {
        match self.0 {
            IpAddr::V4(v4) => v4.octets()[0] & 0xf0 == 0xe0,
            IpAddr::V6(v6) => v6.octets()[0] == 0xff,
        }
    }

    /// `<IP>.isLinkLocalMulticast()`: `224.0.0.0/24`, or an IPv6 multicast
    /// address with link-local scope (`ffX2::`, any flags nibble).
    pub fn is_link_local_multicast(&self) -> bool {
        match self.0 {
            IpAddr::V4(v4) => {
                let o = v4.octets();
                o[0] == 224 && o[1] == 0 && o[2] == 0
            }
            IpAddr::V6(v6) => v6.segments()[0] & 0xff0f == 0xff02,
        }
    }

    /// `<IP>.isLinkLocalUnicast()`: `169.254.0.0/16` or `fe80::/10`.
    pub fn is_link_local_unicast(&self) -> bool {
        match self.0 {
            IpAddr::V4(v4) => {
                let o = v4.octets();
                o[0] == 169 && o[1] == 254
            }
            IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
        }
    }

    /// `<IP>.isGlobalUnicast()`: Go's definition, which also counts private
    /// IPv4 and unique-local IPv6 addresses as global unicast.
    pub fn is_global_unicast(&self) -> bool {
        if let IpAddr::V4(v4) = self.0 {
            let o = v4.octets();
            if o == [0; 4] || o == [255; 4] {
                return false;
            }
        }
        !self.is_unspecified()
            && !self.is_loopback()
            && !self.is_multicast()
            && !self.is_link_local_unicast()
    }
}

impl fmt::Display for Ip {
    /// Go's `netip.Addr.String()` (RFC 5952 form for IPv6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_addr(&self.0, b""))
    }
}

impl FromStr for Ip {
    type Err = String;

    fn from_str(s: &str) -> Result<Ip, String> {
        parse(s)
    }
}

impl From<Ip> for IpAddr {
    fn from(ip: Ip) -> IpAddr {
        ip.0
    }
}

/// CEL `ip(<string>)`. The error is the exact message the CEL user sees, e.g.
/// `IP Address "1.2.3" parse error during conversion from string:
/// ParseAddr("1.2.3"): IPv4 address too short`.
pub fn parse(s: &str) -> Result<Ip, String> {
    let parsed = parse_addr(s.as_bytes()).map_err(|err| {
        format!(
            "IP Address {} parse error during conversion from string: {}",
            go_quote(s.as_bytes()),
            err
        )
    })?;
    if !parsed.zone.is_empty() {
        return Err(format!(
            "IP address {} with zone value is not allowed",
            go_quote(s.as_bytes())
        ));
    }
    if is_4in6(&parsed.ip) {
        return Err(format!(
            "IPv4-mapped IPv6 address {} is not allowed",
            go_quote(s.as_bytes())
        ));
    }
    Ok(Ip(parsed.ip))
}

/// CEL `isIP(<string>)`.
pub fn is_ip(s: &str) -> bool {
    parse(s).is_ok()
}

/// CEL `ip.isCanonical(<string>)`: whether `s` equals the canonical string
/// form of the address it denotes. Parse failures are the `ip()` errors.
pub fn is_canonical(s: &str) -> Result<bool, String> {
    Ok(parse(s)?.to_string() == s)
}

// ---------------------------------------------------------------------------
// Go `net/netip` address parsing and formatting.
// ---------------------------------------------------------------------------

/// The result of Go's `netip.ParseAddr`: the address and its IPv6 zone
/// (empty when absent; IPv4 addresses never have one).
#[derive(Debug)]
pub struct ParsedAddr<'a> {
    pub ip: IpAddr,
    pub zone: &'a [u8],
}

/// Go's `netip.parseAddrError`; `Display` gives its `Error()` text.
#[derive(Debug, Clone)]
pub struct AddrError {
    input: Vec<u8>,
    msg: &'static str,
    at: Vec<u8>,
}

impl AddrError {
    fn new(input: &[u8], msg: &'static str, at: &[u8]) -> AddrError {
        AddrError {
            input: input.to_vec(),
            msg,
            at: at.to_vec(),
        }
    }
}

impl fmt::Display for AddrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ParseAddr({}): {}", go_quote(&self.input), self.msg)?;
        if !self.at.is_empty() {
            write!(f, " (at {})", go_quote(&self.at))?;
        }
        Ok(())
    }
}

/// Go's `netip.ParseAddr`, on bytes because `net/url` hands it unescaped
/// host bytes that need not be UTF-8.
pub fn parse_addr(s: &[u8]) -> Result<ParsedAddr<'_>, AddrError> {
    for &c in s {
        match c {
            b'.' => {
                let octets = parse_ipv4_fields(s, 0, s.len())?;
                return Ok(ParsedAddr {
                    ip: IpAddr::V4(Ipv4Addr::from(octets)),
                    zone: b"",
                });
            }
            b':' => return parse_ipv6(s),
            b'%' => return Err(AddrError::new(s, "missing IPv6 address", b"")),
            _ => {}
        }
    }
    Err(AddrError::new(s, "unable to parse IP", b""))
}

/// Parses `input[off..end]` as dotted decimal; errors name the whole input.
fn parse_ipv4_fields(input: &[u8], off: usize, end: usize) -> Result<[u8; 4], AddrError> {
    let s = &input[off..end];
    let mut fields = [0u8; 4];
    let mut val: u32 = 0;
    let mut pos = 0usize;
    let mut dig_len = 0usize;
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if dig_len == 1 && val == 0 {
                return Err(AddrError::new(
                    input,
                    "IPv4 field has octet with leading zero",
                    b"",
                ));
            }
            val = val * 10 + u32::from(c - b'0');
            dig_len += 1;
            if val > 255 {
                return Err(AddrError::new(input, "IPv4 field has value >255", b""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                return Err(AddrError::new(
                    input,
                    "IPv4 field must have at least one digit",
                    &s[i..],
                ));
            }
            if pos == 3 {
                return Err(AddrError::new(input, "IPv4 address too long", b""));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            dig_len = 0;
        } else {
            return Err(AddrError::new(input, "unexpected character", &s[i..]));
        }
    }
    if pos < 3 {
        return Err(AddrError::new(input, "IPv4 address too short", b""));
    }
    fields[3] = val as u8;
    Ok(fields)
}

fn hex_digit(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'f' => Some(u32::from(c - b'a') + 10),
        b'A'..=b'F' => Some(u32::from(c - b'A') + 10),
        _ => None,
    }
}

fn parse_ipv6(input: &[u8]) -> Result<ParsedAddr<'_>, AddrError> {
    let mut s = input;
    let mut zone: &[u8] = b"";
    if let Some(i) = input.iter().position(|&c| c == b'%') {
        s = &input[..i];
        zone = &input[i + 1..];
        if zone.is_empty() {
            return Err(AddrError::new(
                input,
                "zone must be a non-empty string",
                b"",
            ));
        }
    }

    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;

    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(ParsedAddr {
                ip: IpAddr::V6(Ipv6Addr::UNSPECIFIED),
                zone,
            });
        }
    }

    let mut i = 0usize;
    while i < 16 {
        let mut off = 0usize;
        let mut acc: u32 = 0;
        while off < s.len() {
            let Some(d) = hex_digit(s[off]) else { break };
            acc = (acc << 4) + d;
            if off > 3 {
                return Err(AddrError::new(
                    input,
                    "each group must have 4 or less digits",
                    s,
                ));
            }
            if acc > u32::from(u16::MAX) {
                return Err(AddrError::new(input, "IPv6 field has value >=2^16", s));
            }
            off += 1;
        }
        if off == 0 {
            return Err(AddrError::new(
                input,
                "each colon-separated field must have at least one digit",
                s,
            ));
        }

        if off < s.len() && s[off] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return Err(AddrError::new(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    s,
                ));
            }
            if i + 4 > 16 {
                return Err(AddrError::new(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    s,
                ));
            }
            let mut end = input.len();
            if !zone.is_empty() {
                end -= zone.len() + 1;
            }
            let octets = parse_ipv4_fields(input, end - s.len(), end)?;
            ip[i..i + 4].copy_from_slice(&octets);
            s = b"";
            i += 4;
            break;
        }

        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;

        s = &s[off..];
        if s.is_empty() {
            break;
        }

        if s[0] != b':' {
            return Err(AddrError::new(input, "unexpected character, want colon", s));
        } else if s.len() == 1 {
            return Err(AddrError::new(
                input,
                "colon must be followed by more characters",
                s,
            ));
        }
        s = &s[1..];

        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(AddrError::new(input, "multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }

    if !s.is_empty() {
        return Err(AddrError::new(input, "trailing garbage after address", s));
    }

    if i < 16 {
        let Some(ell) = ellipsis else {
            return Err(AddrError::new(input, "address string too short", b""));
        };
        let n = 16 - i;
        ip.copy_within(ell..i, ell + n);
        ip[ell..ell + n].fill(0);
    } else if ellipsis.is_some() {
        return Err(AddrError::new(
            input,
            "the :: must expand to at least one field of zeros",
            b"",
        ));
    }
    Ok(ParsedAddr {
        ip: IpAddr::V6(Ipv6Addr::from(ip)),
        zone,
    })
}

/// Go's `Addr.Is4In6()`: an IPv6 address in `::ffff:0:0/96`.
pub(crate) fn is_4in6(addr: &IpAddr) -> bool {
    match addr {
        IpAddr::V4(_) => false,
        IpAddr::V6(v6) => u128::from(*v6) >> 32 == 0xffff,
    }
}

/// Go's `netip.Addr.String()` for an address with the given zone.
pub(crate) fn format_addr(addr: &IpAddr, zone: &[u8]) -> String {
    match addr {
        IpAddr::V4(v4) => format_v4(v4.octets()),
        IpAddr::V6(v6) => {
            let mut out = if is_4in6(addr) {
                let o = v6.octets();
                format!("::ffff:{}", format_v4([o[12], o[13], o[14], o[15]]))
            } else {
                format_v6(v6.segments())
            };
            if !zone.is_empty() {
                out.push('%');
                out.push_str(&String::from_utf8_lossy(zone));
            }
            out
        }
    }
}

fn format_v4(o: [u8; 4]) -> String {
    format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3])
}

/// RFC 5952 text form, choosing the first longest run of at least two zero
/// groups for `::`, exactly like Go's `appendTo6`.
fn format_v6(seg: [u16; 8]) -> String {
    let mut best: Option<(usize, usize)> = None;
    for start in 0..8 {
        let mut end = start;
        while end < 8 && seg[end] == 0 {
            end += 1;
        }
        let len = end - start;
        if len >= 2 && best.is_none_or(|(s, e)| len > e - s) {
            best = Some((start, end));
        }
    }
    let mut out = String::with_capacity(39);
    let mut i = 0;
    while i < 8 {
        match best {
            Some((s, e)) if i == s => {
                out.push_str("::");
                i = e;
                if i >= 8 {
                    break;
                }
            }
            _ if i > 0 => out.push(':'),
            _ => {}
        }
        out.push_str(&format!("{:x}", seg[i]));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> String {
        parse(s).unwrap_err()
    }

    fn ip(s: &str) -> Ip {
        parse(s).unwrap()
    }

    fn netip_err(s: &str) -> String {
        parse_addr(s.as_bytes()).unwrap_err().to_string()
    }

    fn netip_str(s: &str) -> String {
        let p = parse_addr(s.as_bytes()).unwrap();
        format_addr(&p.ip, p.zone)
    }

    // ---- cases ported from apiserver pkg/cel/library/ip_test.go ----

    #[test]
    fn upstream_ipv4_cases() {
        assert_eq!(
            ip("192.168.0.1").addr(),
            "192.168.0.1".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            err("192.168.0.1.0"),
            "IP Address \"192.168.0.1.0\" parse error during conversion from string: ParseAddr(\"192.168.0.1.0\"): IPv4 address too long"
        );
        assert!(is_ip("192.168.0.1"));
        assert!(!is_ip("192.168.0.1.0"));
        assert_eq!(is_canonical("127.0.0.1"), Ok(true));
        assert_eq!(
            is_canonical("127.0.0.1.0"),
            Err("IP Address \"127.0.0.1.0\" parse error during conversion from string: ParseAddr(\"127.0.0.1.0\"): IPv4 address too long".to_string())
        );
        assert_eq!(ip("192.168.0.1").family(), 4);
        assert!(ip("0.0.0.0").is_unspecified());
        assert!(!ip("127.0.0.1").is_unspecified());
        assert!(ip("127.0.0.1").is_loopback());
        assert!(!ip("1.2.3.4").is_loopback());
        assert!(ip("224.0.0.1").is_link_local_multicast());
        assert!(!ip("224.0.1.1").is_link_local_multicast());
        assert!(ip("169.254.169.254").is_link_local_unicast());
        assert!(!ip("192.168.0.1").is_link_local_unicast());
        assert!(ip("192.168.0.1").is_global_unicast());
        assert!(!ip("255.255.255.255").is_global_unicast());
        assert_eq!(ip("192.168.0.1").to_string(), "192.168.0.1");
    }

    #[test]
    fn upstream_ipv6_cases() {
        assert_eq!(
            ip("2001:db8::68").addr(),
            "2001:db8::68".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            err("2001:db8:::68"),
            "IP Address \"2001:db8:::68\" parse error during conversion from string: ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")"
        );
        assert!(is_ip("2001:db8::68"));
        assert!(!is_ip("2001:db8:::68"));
        assert_eq!(is_canonical("2001:db8::68"), Ok(true));
        assert_eq!(is_canonical("2001:DB8::68"), Ok(false));
        assert_eq!(
            is_canonical("2001:db8:::68").unwrap_err(),
            "IP Address \"2001:db8:::68\" parse error during conversion from string: ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")"
        );
        assert_eq!(ip("2001:db8::68").family(), 6);
        assert!(ip("::").is_unspecified());
        assert!(!ip("::1").is_unspecified());
        assert!(ip("::1").is_loopback());
        assert!(!ip("2001:db8::abcd").is_loopback());
        assert!(ip("ff02::1").is_link_local_multicast());
        assert!(!ip("fd00::1").is_link_local_multicast());
        assert!(ip("fe80::1").is_link_local_unicast());
        assert!(!ip("fd80::1").is_link_local_unicast());
        assert!(ip("2001:db8::abcd").is_global_unicast());
        assert!(!ip("ff00::1").is_global_unicast());
    }

    // ---- examples from the library documentation ----

    #[test]
    fn documented_examples() {
        assert!(is_ip("127.0.0.1"));
        assert!(is_ip("::1"));
        assert!(!is_ip("127.0.0.256"));
        assert!(!is_ip(":::1"));
        assert_eq!(is_canonical("2001:db8::abcd"), Ok(true));
        assert_eq!(is_canonical("2001:DB8::ABCD"), Ok(false));
        assert_eq!(is_canonical("2001:db8::0:0:0:abcd"), Ok(false));
        assert_eq!(ip("::1").family(), 6);
        assert!(!ip("192.168.0.1").is_loopback());
        assert!(ip("2001:db8::abcd").is_global_unicast());
    }

    // ---- CEL-level rejections ----

    #[test]
    fn rejects_zones_and_mapped_addresses() {
        assert_eq!(
            err("fe80::1%eth0"),
            "IP address \"fe80::1%eth0\" with zone value is not allowed"
        );
        assert_eq!(
            err("::ffff:1.2.3.4"),
            "IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed"
        );
        assert_eq!(
            err("::FFFF:c000:280"),
            "IPv4-mapped IPv6 address \"::FFFF:c000:280\" is not allowed"
        );
        // A zone is reported before the mapping.
        assert_eq!(
            err("::ffff:1.2.3.4%eth0"),
            "IP address \"::ffff:1.2.3.4%eth0\" with zone value is not allowed"
        );
        // IPv4-compatible (not mapped) addresses are fine.
        assert_eq!(ip("::1.2.3.4").to_string(), "::102:304");
        assert!(Ip::new("::ffff:1.2.3.4".parse().unwrap()).is_none());
        assert_eq!(
            Ip::new("10.0.0.1".parse().unwrap()).map(|i| i.to_string()),
            Some("10.0.0.1".to_string())
        );
        assert!(!is_ip("1.2.3.4%eth0"));
        assert_eq!(
            err("1.2.3.4%eth0"),
            "IP Address \"1.2.3.4%eth0\" parse error during conversion from string: ParseAddr(\"1.2.3.4%eth0\"): unexpected character (at \"%eth0\")"
        );
    }

    // ---- Go netip.ParseAddr error texts ----

    #[test]
    fn netip_ipv4_errors() {
        let cases = [
            ("", "ParseAddr(\"\"): unable to parse IP"),
            ("bad", "ParseAddr(\"bad\"): unable to parse IP"),
            ("1234", "ParseAddr(\"1234\"): unable to parse IP"),
            ("%eth0", "ParseAddr(\"%eth0\"): missing IPv6 address"),
            ("1.2.3", "ParseAddr(\"1.2.3\"): IPv4 address too short"),
            ("127.1", "ParseAddr(\"127.1\"): IPv4 address too short"),
            ("1.2.3.4.5", "ParseAddr(\"1.2.3.4.5\"): IPv4 address too long"),
            (
                ".1.2.3",
                "ParseAddr(\".1.2.3\"): IPv4 field must have at least one digit (at \".1.2.3\")",
            ),
            (
                "1.2.3.",
                "ParseAddr(\"1.2.3.\"): IPv4 field must have at least one digit (at \".\")",
            ),
            (
                "1..2.3",
                "ParseAddr(\"1..2.3\"): IPv4 field must have at least one digit (at \".2.3\")",
            ),
            (
                "010.000.015.001",
                "ParseAddr(\"010.000.015.001\"): IPv4 field has octet with leading zero",
            ),
            ("192.168.300.1", "ParseAddr(\"192.168.300.1\"): IPv4 field has value >255"),
            ("127.0.0.256", "ParseAddr(\"127.0.0.256\"): IPv4 field has value >255"),
            (
                "0xc0.0xa8.0x8c.0xff",
                "ParseAddr(\"0xc0.0xa8.0x8c.0xff\"): unexpected character (at \"xc0.0xa8.0x8c.0xff\")",
            ),
            (
                "1.2.3.4 ",
                "ParseAddr(\"1.2.3.4 \"): unexpected character (at \" \")",
            ),
            (
                "1.2.3.é",
                "ParseAddr(\"1.2.3.é\"): unexpected character (at \"é\")",
            ),
            (
                "1.2.3.\u{1}",
                "ParseAddr(\"1.2.3.\\x01\"): unexpected character (at \"\\x01\")",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(netip_err(input), want, "input {input:?}");
        }
    }

    #[test]
    fn netip_ipv6_errors() {
        let cases = [
            ("1:2:3:4:5:6:7", "ParseAddr(\"1:2:3:4:5:6:7\"): address string too short"),
            (
                "1:2:3:4:5:6:7:8:9",
                "ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")",
            ),
            (
                "1:2:3:4::5:6:7:8",
                "ParseAddr(\"1:2:3:4::5:6:7:8\"): the :: must expand to at least one field of zeros",
            ),
            (
                "fe801::1",
                "ParseAddr(\"fe801::1\"): each group must have 4 or less digits (at \"fe801::1\")",
            ),
            (
                "fe80:tail:scal:e::",
                "ParseAddr(\"fe80:tail:scal:e::\"): each colon-separated field must have at least one digit (at \"tail:scal:e::\")",
            ),
            ("fe80::1%", "ParseAddr(\"fe80::1%\"): zone must be a non-empty string"),
            (
                "ffff:ffff:ffff:ffff:ffff:ffff:ffff:192.168.140.255",
                "ParseAddr(\"ffff:ffff:ffff:ffff:ffff:ffff:ffff:192.168.140.255\"): embedded IPv4 address must replace the final 2 fields of the address (at \"192.168.140.255\")",
            ),
            (
                "ffff::ffff:ffff:ffff:ffff:ffff:ffff:192.168.140.255",
                "ParseAddr(\"ffff::ffff:ffff:ffff:ffff:ffff:ffff:192.168.140.255\"): too many hex fields to fit an embedded IPv4 at the end of the address (at \"192.168.140.255\")",
            ),
            (
                "::ffff:192.168.140.bad",
                "ParseAddr(\"::ffff:192.168.140.bad\"): unexpected character (at \"bad\")",
            ),
            (
                "::ffff:1.2.03.4",
                "ParseAddr(\"::ffff:1.2.03.4\"): IPv4 field has octet with leading zero",
            ),
            (
                "::ffff:1.2.3%eth0",
                "ParseAddr(\"::ffff:1.2.3%eth0\"): IPv4 address too short",
            ),
            (
                "fe80::1::1",
                "ParseAddr(\"fe80::1::1\"): multiple :: in address (at \":1\")",
            ),
            (
                "fe80:1?:1",
                "ParseAddr(\"fe80:1?:1\"): unexpected character, want colon (at \"?:1\")",
            ),
            (
                "fe80:",
                "ParseAddr(\"fe80:\"): colon must be followed by more characters (at \":\")",
            ),
            (
                ":::1",
                "ParseAddr(\":::1\"): each colon-separated field must have at least one digit (at \":1\")",
            ),
            (
                ":1",
                "ParseAddr(\":1\"): each colon-separated field must have at least one digit (at \":1\")",
            ),
            (
                "12345::",
                "ParseAddr(\"12345::\"): each group must have 4 or less digits (at \"12345::\")",
            ),
            (
                "::12345.1.2.3",
                "ParseAddr(\"::12345.1.2.3\"): each group must have 4 or less digits (at \"12345.1.2.3\")",
            ),
            (
                "::1234.1.2.3",
                "ParseAddr(\"::1234.1.2.3\"): IPv4 field has value >255",
            ),
            (
                "1:2:3:4:5:6:1.2.3.4:1",
                "ParseAddr(\"1:2:3:4:5:6:1.2.3.4:1\"): unexpected character (at \":1\")",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(netip_err(input), want, "input {input:?}");
        }
    }

    #[test]
    fn netip_string_forms() {
        let cases = [
            ("0.0.0.0", "0.0.0.0"),
            ("192.168.140.255", "192.168.140.255"),
            ("::", "::"),
            ("::1", "::1"),
            (
                "fd7a:115c:a1e0:ab12:4843:cd96:626b:430b",
                "fd7a:115c:a1e0:ab12:4843:cd96:626b:430b",
            ),
            ("fd7a:115c::626b:430b", "fd7a:115c::626b:430b"),
            (
                "fd7a:115c:a1e0:ab12:4843:cd96::",
                "fd7a:115c:a1e0:ab12:4843:cd96::",
            ),
            (
                "fd7a:115c:a1e0:ab12:4843:cd96:626b::",
                "fd7a:115c:a1e0:ab12:4843:cd96:626b:0",
            ),
            (
                "fd7a:115c:a1e0::4843:cd96:626b:430b",
                "fd7a:115c:a1e0:0:4843:cd96:626b:430b",
            ),
            ("::ffff:192.168.140.255", "::ffff:192.168.140.255"),
            (
                "fd7a:115c:a1e0:ab12:4843:cd96:626b:430b%eth0",
                "fd7a:115c:a1e0:ab12:4843:cd96:626b:430b%eth0",
            ),
            ("1:2::ffff:192.168.140.255%eth1", "1:2::ffff:c0a8:8cff%eth1"),
            ("::ffff:192.168.140.255%eth1", "::ffff:192.168.140.255%eth1"),
            ("FD9E:1A04:F01D::1", "fd9e:1a04:f01d::1"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
            ("0:0:1:0:0:0:0:0", "0:0:1::"),
            ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
            ("::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8"),
            ("0001:0002::0ABC", "1:2::abc"),
            ("::0:0", "::"),
        ];
        for (input, want) in cases {
            assert_eq!(netip_str(input), want, "input {input:?}");
        }
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(is_canonical("::"), Ok(true));
        assert_eq!(is_canonical("::0"), Ok(false));
        assert_eq!(is_canonical("0:0:0:0:0:0:0:1"), Ok(false));
        assert_eq!(is_canonical("2001:db8:0:0:1:0:0:1"), Ok(false));
        assert_eq!(is_canonical("2001:db8::1:0:0:1"), Ok(true));
        assert_eq!(is_canonical("2001:0db8::1"), Ok(false));
        assert_eq!(is_canonical("::1.2.3.4"), Ok(false));
        assert_eq!(is_canonical("255.255.255.255"), Ok(true));
    }

    #[test]
    fn predicates_follow_go() {
        // Link-local multicast ignores the flags nibble of an IPv6 multicast address.
        assert!(ip("ff12::1").is_link_local_multicast());
        assert!(!ip("ff05::1").is_link_local_multicast());
        assert!(ip("febf:ffff::1").is_link_local_unicast());
        assert!(!ip("fec0::1").is_link_local_unicast());
        assert!(ip("127.255.0.1").is_loopback());
        assert!(!ip("::2").is_loopback());
        // Private and unassigned space still counts as global unicast.
        assert!(ip("10.0.0.1").is_global_unicast());
        assert!(ip("fd00::1").is_global_unicast());
        assert!(ip("4000::1").is_global_unicast());
        assert!(!ip("0.0.0.0").is_global_unicast());
        assert!(!ip("::").is_global_unicast());
        assert!(!ip("::1").is_global_unicast());
        assert!(!ip("224.0.0.1").is_global_unicast());
        assert!(!ip("169.254.0.1").is_global_unicast());
        assert!(!ip("fe80::1").is_global_unicast());
        assert!(ip("239.255.255.255").is_multicast());
        assert!(!ip("240.0.0.0").is_multicast());
        assert_eq!(ip("1.2.3.4").size(), 4);
        assert_eq!(ip("::1").size(), 16);
        assert_eq!(ip("::1").bit_len(), 128);
    }

    #[test]
    fn equality_and_hash_follow_netip() {
        use std::collections::HashSet;
        assert_eq!(ip("2001:DB8::1"), ip("2001:db8:0::1"));
        assert_ne!(ip("0.0.0.0"), ip("::"));
        let set: HashSet<Ip> = ["::1", "0::1", "127.0.0.1"].iter().map(|s| ip(s)).collect();
        assert_eq!(set.len(), 2);
        assert_eq!("10.1.2.3".parse::<Ip>().unwrap().to_string(), "10.1.2.3");
        assert_eq!(IpAddr::from(ip("::1")), "::1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn quote_matches_go() {
        assert_eq!(go_quote(b"abc"), "\"abc\"");
        assert_eq!(go_quote(b"a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(
            go_quote(b"\x07\x08\x0c\n\r\t\x0b"),
            "\"\\a\\b\\f\\n\\r\\t\\v\""
        );
        assert_eq!(go_quote(b"\x00\x1f\x7f"), "\"\\x00\\x1f\\x7f\"");
        assert_eq!(go_quote("héllo wörld €".as_bytes()), "\"héllo wörld €\"");
        assert_eq!(go_quote(b"%z\xc3"), "\"%z\\xc3\"");
        assert_eq!(go_quote(b"\xff\xfe"), "\"\\xff\\xfe\"");
        // No-break space and soft hyphen are not printable in Go.
        assert_eq!(go_quote("\u{a0}\u{ad}".as_bytes()), "\"\\u00a0\\u00ad\"");
        assert_eq!(
            go_quote("\u{200b}\u{feff}".as_bytes()),
            "\"\\u200b\\ufeff\""
        );
        assert_eq!(go_quote("\u{e000}".as_bytes()), "\"\\ue000\"");
        assert_eq!(go_quote("\u{f0000}".as_bytes()), "\"\\U000f0000\"");
        assert_eq!(go_quote("\u{1f600}".as_bytes()), "\"\u{1f600}\"");
        assert_eq!(go_quote("\u{fffd}".as_bytes()), "\"\u{fffd}\"");
        assert_eq!(go_quote("\u{85}".as_bytes()), "\"\\u0085\"");
    }

    #[test]
    fn error_quotes_input_like_go() {
        assert_eq!(
            err("1.2.3.4\n"),
            "IP Address \"1.2.3.4\\n\" parse error during conversion from string: ParseAddr(\"1.2.3.4\\n\"): unexpected character (at \"\\n\")"
        );
        assert_eq!(
            err("a\"b"),
            "IP Address \"a\\\"b\" parse error during conversion from string: ParseAddr(\"a\\\"b\"): unable to parse IP"
        );
    }
}
