//! Timestamps and durations: parsing (RFC 3339; Go duration syntax), arithmetic within CEL's
//! ranges, and the getters, which read the time in UTC unless given a time zone.

use super::error::{EvalError, EvalResult};
use super::value::Value;
use chrono::{DateTime, Datelike, FixedOffset, TimeDelta, TimeZone, Timelike, Utc};

/// The field a timestamp or duration getter reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Getter {
    FullYear,
    Month,
    DayOfYear,
    DayOfMonth,
    Date,
    DayOfWeek,
    Hours,
    Minutes,
    Seconds,
    Milliseconds,
}

/// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z, as seconds since the epoch.
const MIN_SECONDS: i64 = -62_135_596_800;
const MAX_SECONDS: i64 = 253_402_300_799;
/// CEL durations span about ±10,000 years; cel-go keeps them in int64 nanoseconds.
const MAX_DURATION_SECONDS: i64 = i64::MAX / 1_000_000_000;

fn in_range(t: &DateTime<Utc>) -> bool {
    (MIN_SECONDS..=MAX_SECONDS).contains(&t.timestamp())
}

pub fn checked_duration(d: Option<TimeDelta>) -> EvalResult<TimeDelta> {
    match d {
        Some(d) if d.num_nanoseconds().is_some() => Ok(d),
        _ => Err(EvalError::duration_overflow()),
    }
}

pub fn add(t: &DateTime<Utc>, d: &TimeDelta) -> EvalResult<DateTime<Utc>> {
    t.checked_add_signed(*d)
        .filter(in_range)
        .ok_or_else(EvalError::timestamp_overflow)
}

pub fn parse_timestamp(s: &str) -> EvalResult<DateTime<Utc>> {
    let t = DateTime::parse_from_rfc3339(s)
        .map_err(|e| {
            EvalError::new(format!(
                "type conversion error from 'string' to 'google.protobuf.Timestamp': {e}"
            ))
        })?
        .with_timezone(&Utc);
    if !in_range(&t) {
        return Err(EvalError::timestamp_overflow());
    }
    Ok(t)
}

/// A `date` (`2006-01-02`) or `date-time` string of a schema, as the apiserver reads them.
pub fn parse_schema_time(s: &str, date_only: bool) -> EvalResult<DateTime<Utc>> {
    if date_only {
        let d = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map_err(|e| EvalError::new(format!("invalid date {s:?}: {e}")))?;
        return Ok(d.and_hms_opt(0, 0, 0).expect("midnight").and_utc());
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&Utc));
    }
    chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S")
        .map(|t| t.and_utc())
        .map_err(|e| EvalError::new(format!("invalid date-time {s:?}: {e}")))
}

/// A `duration` string of a schema: Go's syntax, or `<n><unit>` with the units Kubernetes adds
/// (`d`, `day`, `w`, `wk`, `week`).
pub fn parse_schema_duration(s: &str) -> EvalResult<TimeDelta> {
    if let Ok(d) = parse_duration(s) {
        return Ok(d);
    }
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: i64 = n
        .parse()
        .map_err(|_| EvalError::new(format!("invalid duration {s:?}")))?;
    let unit_seconds = match unit.trim() {
        "ns" => return Ok(TimeDelta::nanoseconds(n)),
        "us" | "µs" => return Ok(TimeDelta::microseconds(n)),
        "ms" => return Ok(TimeDelta::milliseconds(n)),
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" | "day" => 86_400,
        "w" | "wk" | "week" => 604_800,
        _ => return Err(EvalError::new(format!("invalid duration {s:?}"))),
    };
    n.checked_mul(unit_seconds)
        .map(TimeDelta::seconds)
        .ok_or_else(EvalError::duration_overflow)
}

pub fn timestamp_from_unix(seconds: i64) -> EvalResult<DateTime<Utc>> {
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&seconds) {
        return Err(EvalError::timestamp_overflow());
    }
    Utc.timestamp_opt(seconds, 0)
        .single()
        .ok_or_else(EvalError::timestamp_overflow)
}

/// Go's `time.ParseDuration` as CEL's `duration()` reads it: within CEL's range.
pub fn parse_duration(s: &str) -> EvalResult<TimeDelta> {
    let nanos = go_duration_nanos(s).ok_or_else(|| {
        EvalError::new(format!("type conversion error from 'string' to 'google.protobuf.Duration': time: invalid duration {s:?}"))
    })?;
    let d = TimeDelta::nanoseconds(nanos);
    if d.num_seconds().abs() > MAX_DURATION_SECONDS {
        return Err(EvalError::duration_overflow());
    }
    Ok(d)
}

/// Go's `time.ParseDuration`, in nanoseconds: `[-+]` then one or more `<number><unit>` with
/// units ns, us, µs, ms, s, m, h; `0` alone is zero. `None` when malformed or beyond int64.
pub fn go_duration_nanos(s: &str) -> Option<i64> {
    let (negative, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let number_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if number_len == 0 {
            return None;
        }
        let number = &rest[..number_len];
        rest = &rest[number_len..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return None,
        };
        let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && frac.is_empty() {
            return None;
        }
        let whole: i128 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let mut nanos = whole.checked_mul(scale)?;
        if !frac.is_empty() {
            let digits: i128 = frac.parse().ok()?;
            let denom = 10i128.checked_pow(frac.len() as u32)?;
            nanos += digits * scale / denom;
        }
        total = total.checked_add(nanos)?;
        if total > i64::MAX as i128 {
            return None;
        }
    }
    let nanos = if negative { -total } else { total };
    i64::try_from(nanos).ok()
}

fn zone_offset(zone: &str, t: &DateTime<Utc>) -> EvalResult<FixedOffset> {
    let fixed = |sign: i32, rest: &str| -> Option<FixedOffset> {
        let (h, m) = rest.split_once(':')?;
        let secs = h.parse::<i32>().ok()? * 3600 + m.parse::<i32>().ok()? * 60;
        FixedOffset::east_opt(sign * secs)
    };
    if let Some(rest) = zone.strip_prefix('+') {
        return fixed(1, rest).ok_or_else(|| EvalError::new(format!("unknown time zone {zone}")));
    }
    if let Some(rest) = zone.strip_prefix('-') {
        return fixed(-1, rest).ok_or_else(|| EvalError::new(format!("unknown time zone {zone}")));
    }
    if zone.contains(':') && zone.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        return fixed(1, zone).ok_or_else(|| EvalError::new(format!("unknown time zone {zone}")));
    }
    let tz: chrono_tz::Tz = zone
        .parse()
        .map_err(|_| EvalError::new(format!("unknown time zone {zone}")))?;
    Ok(tz.offset_from_utc_datetime(&t.naive_utc()).fix())
}

use chrono::Offset;

/// A getter on a timestamp (in UTC or the given zone) or a duration.
pub fn get<'a>(
    getter: Getter,
    value: &Value<'a>,
    zone: Option<&Value<'a>>,
) -> EvalResult<Value<'a>> {
    match value {
        Value::Timestamp(t) => {
            let offset = match zone {
                None => FixedOffset::east_opt(0).expect("zero offset"),
                Some(Value::String(z)) => zone_offset(z, t)?,
                Some(_) => return Err(EvalError::no_such_overload()),
            };
            let local = t.with_timezone(&offset);
            let v = match getter {
                Getter::FullYear => local.year() as i64,
                Getter::Month => local.month0() as i64,
                Getter::DayOfYear => local.ordinal0() as i64,
                Getter::DayOfMonth => local.day0() as i64,
                Getter::Date => local.day() as i64,
                Getter::DayOfWeek => local.weekday().num_days_from_sunday() as i64,
                Getter::Hours => local.hour() as i64,
                Getter::Minutes => local.minute() as i64,
                Getter::Seconds => local.second() as i64,
                Getter::Milliseconds => (local.nanosecond() / 1_000_000) as i64,
            };
            Ok(Value::Int(v))
        }
        Value::Duration(d) if zone.is_none() => {
            let v = match getter {
                Getter::Hours => d.num_hours(),
                Getter::Minutes => d.num_minutes(),
                Getter::Seconds => d.num_seconds(),
                Getter::Milliseconds => d.num_milliseconds() % 1000,
                _ => return Err(EvalError::no_such_overload()),
            };
            Ok(Value::Int(v))
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_like_go() {
        assert_eq!(parse_duration("1h30m").unwrap(), TimeDelta::minutes(90));
        assert_eq!(
            parse_duration("-1.5s").unwrap(),
            TimeDelta::milliseconds(-1500)
        );
        assert_eq!(
            parse_duration("100ms").unwrap(),
            TimeDelta::milliseconds(100)
        );
        assert_eq!(parse_duration("1µs").unwrap(), TimeDelta::microseconds(1));
        assert!(parse_duration("1d").is_err());
        assert!(parse_duration("").is_err());
        assert!(parse_duration("1").is_err());
    }

    #[test]
    fn getters_default_to_utc() {
        let t = parse_timestamp("2024-01-01T10:00:00+05:00").unwrap();
        assert!(matches!(
            get(Getter::Hours, &Value::Timestamp(t), None).unwrap(),
            Value::Int(5)
        ));
        let z = Value::string("America/Los_Angeles");
        assert!(matches!(
            get(Getter::Hours, &Value::Timestamp(t), Some(&z)).unwrap(),
            Value::Int(21)
        ));
        let z = Value::string("+01:00");
        assert!(matches!(
            get(Getter::Hours, &Value::Timestamp(t), Some(&z)).unwrap(),
            Value::Int(6)
        ));
    }
}
