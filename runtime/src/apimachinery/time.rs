//! [`Time`] and [`MicroTime`]: instants written as RFC 3339 in UTC, at the precision Go's
//! `metav1.Time` (seconds) and `metav1.MicroTime` (microseconds) write.

use super::{apimachinery_type, definition, deserialize_text, ParseError};
use crate::cel::decl::{Decl, DeclKind};
use crate::cel::native::ToCel;
use crate::cel::value::Value;
use chrono::{DateTime, DurationRound, SecondsFormat, TimeDelta, Utc};
use std::fmt;
use std::str::FromStr;

/// Defines an instant type at one precision: what it keeps, how it prints, and how it reads.
macro_rules! instant {
    ($(#[$doc:meta])* $ty:ident, $what:literal, $unit:expr, $format:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $ty(DateTime<Utc>);

        impl $ty {
            /// The current time, at this type's precision.
            pub fn now() -> $ty {
                $ty::truncating(Utc::now())
            }

            /// `at` cut to this type's precision, as its JSON keeps it.
            pub fn truncating(at: DateTime<Utc>) -> $ty {
                $ty(at.duration_trunc($unit).unwrap_or(at))
            }

            /// The instant.
            pub fn at(&self) -> DateTime<Utc> {
                self.0
            }
        }

        impl FromStr for $ty {
            type Err = ParseError;

            /// RFC 3339, in any offset (Go's `time.RFC3339` layout, which also reads
            /// fractional seconds).
            fn from_str(text: &str) -> Result<$ty, ParseError> {
                DateTime::parse_from_rfc3339(text)
                    .map(|t| $ty::truncating(t.with_timezone(&Utc)))
                    .map_err(|e| ParseError::new($what, text, e.to_string()))
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.to_rfc3339_opts($format, true))
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserialize_text(deserializer, "an RFC 3339 time, such as \"2024-05-01T12:00:00Z\"")
            }
        }

        impl ToCel for $ty {
            /// A timestamp where the schema says `date-time`, as the apiserver converts the
            /// string it would read.
            fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
                match decl.kind {
                    DeclKind::Timestamp { date_only: false } => Value::Timestamp(self.0),
                    _ => Value::from_string_decl(self.to_string(), decl),
                }
            }
        }
    };
}

instant!(
    /// An instant at second precision, written as RFC 3339 in UTC (`2024-05-01T12:00:00Z`), as
    /// Kubernetes writes creation and transition times. Go writes its zero value as `null`;
    /// here, an unset time is an `Option<Time>`.
    Time,
    "time",
    TimeDelta::seconds(1),
    SecondsFormat::Secs
);

instant!(
    /// An instant at microsecond precision, written as RFC 3339 in UTC with six fractional
    /// digits (`2024-05-01T12:00:00.000001Z`), as Kubernetes writes event and lease times.
    MicroTime,
    "micro time",
    TimeDelta::microseconds(1),
    SecondsFormat::Micros
);

apimachinery_type!(
    Time,
    "io.k8s.apimachinery.pkg.apis.meta.v1.Time",
    definition(
        "An instant, written as an RFC 3339 date and time in UTC at second precision.",
        &["string"],
        "date-time",
        &[],
    )
);

apimachinery_type!(
    MicroTime,
    "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime",
    definition(
        "An instant, written as an RFC 3339 date and time in UTC at microsecond precision.",
        &["string"],
        "date-time",
        &[],
    )
);
