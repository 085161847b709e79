//! [`Duration`]: a span of time written in Go's duration syntax (`1h30m`, `250ms`).

use super::{apimachinery_type, definition, deserialize_text, ParseError};
use crate::cel::decl::{Decl, DeclKind};
use crate::cel::native::ToCel;
use crate::cel::time::go_duration_nanos;
use crate::cel::value::Value;
use chrono::TimeDelta;
use std::fmt;
use std::str::FromStr;

/// A signed span of time in nanoseconds (Go's `time.Duration`, up to about 292 years either
/// way), written as Go writes it: `1h30m0s`, `1.5s`, `250ms`, `0s`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration {
    nanos: i64,
}

impl Duration {
    pub const ZERO: Duration = Duration { nanos: 0 };

    pub fn from_nanos(nanos: i64) -> Duration {
        Duration { nanos }
    }

    /// `seconds` seconds, or `None` beyond the range.
    pub fn from_secs(seconds: i64) -> Option<Duration> {
        seconds.checked_mul(1_000_000_000).map(Duration::from_nanos)
    }

    pub fn as_nanos(&self) -> i64 {
        self.nanos
    }

    /// The span as a `std` duration; `None` when negative.
    pub fn to_std(&self) -> Option<std::time::Duration> {
        u64::try_from(self.nanos)
            .ok()
            .map(std::time::Duration::from_nanos)
    }
}

impl TryFrom<std::time::Duration> for Duration {
    type Error = std::num::TryFromIntError;

    fn try_from(d: std::time::Duration) -> Result<Duration, Self::Error> {
        i64::try_from(d.as_nanos()).map(Duration::from_nanos)
    }
}

impl FromStr for Duration {
    type Err = ParseError;

    /// Go's `time.ParseDuration`: an optional sign, then numbers (with an optional fraction)
    /// each followed by a unit of `ns`, `us`, `µs`, `ms`, `s`, `m` or `h`; `0` alone.
    fn from_str(text: &str) -> Result<Duration, ParseError> {
        go_duration_nanos(text).map(Duration::from_nanos).ok_or_else(|| {
            ParseError::new(
                "duration",
                text,
                "want numbers with units ns, us, µs, ms, s, m or h (such as 1h30m or 250ms), within ±292 years",
            )
        })
    }
}

impl fmt::Display for Duration {
    /// Go's `time.Duration.String()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SECOND: u64 = 1_000_000_000;
        if self.nanos < 0 {
            f.write_str("-")?;
        }
        let u = self.nanos.unsigned_abs();
        if u == 0 {
            return f.write_str("0s");
        }
        if u < SECOND {
            let (unit, digits) = match u {
                0..=999 => ("ns", 0),
                1_000..=999_999 => ("µs", 3),
                _ => ("ms", 6),
            };
            let scale = 10u64.pow(digits);
            return write!(f, "{}{}{unit}", u / scale, Fraction(u % scale, digits));
        }
        let (seconds, fraction) = (u / SECOND, Fraction(u % SECOND, 9));
        let (hours, minutes) = (seconds / 3600, seconds / 60 % 60);
        if hours > 0 {
            write!(f, "{hours}h")?;
        }
        if seconds >= 60 {
            write!(f, "{minutes}m")?;
        }
        write!(f, "{}{fraction}s", seconds % 60)
    }
}

/// The `digits`-digit fraction `value`, as `.` and its digits without trailing zeros; nothing
/// when zero.
struct Fraction(u64, u32);

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Fraction(value, digits) = *self;
        if value == 0 {
            return Ok(());
        }
        let text = format!("{value:0width$}", width = digits as usize);
        write!(f, ".{}", text.trim_end_matches('0'))
    }
}

impl serde::Serialize for Duration {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Duration {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
        deserialize_text(deserializer, "a duration, such as \"1h30m\" or \"250ms\"")
    }
}

impl ToCel for Duration {
    /// A string, as Go's schema for it has no format; a CEL duration where a schema says
    /// `format: duration`.
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        match decl.kind {
            DeclKind::Duration => Value::Duration(TimeDelta::nanoseconds(self.nanos)),
            _ => Value::from_string_decl(self.to_string(), decl),
        }
    }
}

apimachinery_type!(
    Duration,
    "io.k8s.apimachinery.pkg.apis.meta.v1.Duration",
    definition(
        "A span of time, written in Go's duration syntax: numbers with units h, m, s, ms, us and ns, such as \"1h30m\" or \"250ms\".",
        &["string"],
        "",
        &[],
    )
);
