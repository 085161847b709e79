//! The apiserver's checks of a CronJob's `spec.schedule` and `spec.timeZone`
//! (`validateScheduleFormat` and `validateTimeZone` in kubernetes
//! `pkg/apis/batch/validation`), giving the same message texts. A schedule is read the way
//! robfig/cron v3.0.1's `ParseStandard` reads it, with the behaviour of the Go functions it
//! leans on (`strconv.Atoi`, `time.ParseDuration`, `time.LoadLocation`) carried over.
//!
//! `time.LoadLocation` is answered from `time_zones.txt`: every zone and link name of IANA
//! tzdata 2025b, which is the set of files in Go's embedded `zoneinfo.zip` (Go builds it
//! from the IANA release, `backward` included). Regenerate it from the repository root with
//!
//! ```text
//! awk '$1 ~ /^(Z|Zone)$/ {print $2} $1 ~ /^(L|Link)$/ {print $3}' /usr/share/zoneinfo/tzdata.zi | LC_ALL=C sort -u > runtime/src/kube/native/time_zones.txt
//! ```
//!
//! (the IANA source files, `africa` to `backward`, can stand in for `tzdata.zi`).

use std::fmt::Write;

/// Zone names known to Go's embedded time zone database, one a line, sorted.
const TIME_ZONES: &str = include_str!("time_zones.txt");

/// What Go's runtime says when `ParseStandard` slices a `TZ=` prefix that no space ends.
const TZ_PREFIX_PANIC: &str = "runtime error: slice bounds out of range [:-1]";

/// The values one schedule field takes; `names` spell `min`, `min + 1`, … in order.
struct Bounds {
    min: u64,
    max: u64,
    names: &'static [&'static str],
}

/// Minute, hour, day of month, month and day of week, in schedule order.
const FIELDS: [Bounds; 5] = [
    Bounds {
        min: 0,
        max: 59,
        names: &[],
    },
    Bounds {
        min: 0,
        max: 23,
        names: &[],
    },
    Bounds {
        min: 1,
        max: 31,
        names: &[],
    },
    Bounds {
        min: 1,
        max: 12,
        names: &[
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ],
    },
    Bounds {
        min: 0,
        max: 6,
        names: &["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
    },
];

/// Parses `schedule` as robfig/cron v3.0.1's ParseStandard does; Err is the parser's error text verbatim.
///
/// Five whitespace-separated fields or an `@` descriptor, after an optional `TZ=` or
/// `CRON_TZ=` prefix. A prefix that no space follows makes the Go parser panic; the panic
/// text is returned then, although the apiserver answers such a request with an internal
/// error rather than a field error.
pub fn parse_standard(schedule: &str) -> Result<(), String> {
    if schedule.is_empty() {
        return Err("empty spec string".to_string());
    }
    let mut spec = schedule;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        spec = strip_location(spec)?;
    }
    if spec.starts_with('@') {
        return descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(format!(
            "expected exactly 5 fields, found {}: [{}]",
            fields.len(),
            fields.join(" ")
        ));
    }
    fields
        .iter()
        .zip(&FIELDS)
        .try_for_each(|(text, bounds)| field(text, bounds))
}

/// Whether `validateScheduleFormat` rejects `schedule` with "cannot use TZ or CRON_TZ in
/// schedule, use timeZone field instead": any `TZ` in it does, on create and on an update
/// whose old schedule had none. That message comes in addition to the parser's.
pub fn schedule_uses_time_zone(schedule: &str) -> bool {
    schedule.contains("TZ")
}

/// The messages validateTimeZone gives for a non-nil timeZone (empty vec when valid).
///
/// The apiserver's `time.LoadLocation` reads the host's zoneinfo directory before Go's
/// embedded copy; this answers as the embedded copy does.
pub fn time_zone_errors(tz: &str) -> Vec<String> {
    if tz.is_empty() {
        return vec!["timeZone must be nil or non-empty string".to_string()];
    }
    if !tz.split('/').all(is_zone_component) {
        return vec![format!("unknown time zone {tz}")];
    }
    let mut errors = Vec::new();
    if tz.eq_ignore_ascii_case("Local") {
        errors.push(
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
                .to_string(),
        );
    }
    if let Err(error) = load_location(tz) {
        errors.push(error);
    }
    errors
}

/// One `/`-separated part of a zone name as validateTimeZone accepts it:
/// `^[A-Za-z\.\-_0-9+]{1,14}$`, neither `.` nor `..`, not starting with `-`.
fn is_zone_component(part: &str) -> bool {
    (1..=14).contains(&part.len())
        && part
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b))
        && part != "."
        && part != ".."
        && !part.starts_with('-')
}

/// Go's `time.LoadLocation`, against the embedded zone list.
fn load_location(name: &str) -> Result<(), String> {
    if matches!(name, "" | "UTC" | "Local") {
        return Ok(());
    }
    if name.contains("..") || name.starts_with(['/', '\\']) {
        return Err("time: invalid location name".to_string());
    }
    if TIME_ZONES.lines().any(|zone| zone == name) {
        Ok(())
    } else {
        Err(format!("unknown time zone {name}"))
    }
}

/// Loads the location a `TZ=` or `CRON_TZ=` prefix names and returns the rest of `spec`.
fn strip_location(spec: &str) -> Result<&str, String> {
    let space = spec.find(' ').ok_or(TZ_PREFIX_PANIC)?;
    let name = &spec[spec.find('=').map_or(0, |eq| eq + 1)..space];
    load_location(name).map_err(|error| format!("provided bad location {name}: {error}"))?;
    Ok(spec[space..].trim())
}

/// A schedule that starts with `@`.
fn descriptor(spec: &str) -> Result<(), String> {
    match spec {
        "@yearly" | "@annually" | "@monthly" | "@weekly" | "@daily" | "@midnight" | "@hourly" => {
            Ok(())
        }
        _ => match spec.strip_prefix("@every ") {
            Some(duration) => parse_duration(duration)
                .map_err(|error| format!("failed to parse duration {spec}: {error}")),
            None => Err(format!("unrecognized descriptor: {spec}")),
        },
    }
}

/// A comma-separated list of ranges; empty items are skipped.
fn field(text: &str, bounds: &Bounds) -> Result<(), String> {
    text.split(',')
        .filter(|expr| !expr.is_empty())
        .try_for_each(|expr| range(expr, bounds))
}

/// `*`, `?`, `N`, `N-M`, each with an optional `/step`; `N/step` runs from N to the maximum.
fn range(expr: &str, bounds: &Bounds) -> Result<(), String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let (start, mut end) = if matches!(low_and_high[0], "*" | "?") {
        (bounds.min, bounds.max)
    } else {
        let start = value(low_and_high[0], bounds)?;
        match low_and_high.len() {
            1 => (start, start),
            2 => (start, value(low_and_high[1], bounds)?),
            _ => return Err(format!("too many hyphens: {expr}")),
        }
    };
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            if low_and_high.len() == 1 {
                end = bounds.max;
            }
            non_negative_int(range_and_step[1])?
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < bounds.min {
        return Err(format!(
            "beginning of range ({start}) below minimum ({}): {expr}",
            bounds.min
        ));
    }
    if end > bounds.max {
        return Err(format!(
            "end of range ({end}) above maximum ({}): {expr}",
            bounds.max
        ));
    }
    if start > end {
        return Err(format!(
            "beginning of range ({start}) beyond end of range ({end}): {expr}"
        ));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(())
}

/// A number, or a field's name for one, matched after Go's `strings.ToLower`.
fn value(text: &str, bounds: &Bounds) -> Result<u64, String> {
    let named = bounds
        .names
        .iter()
        .position(|name| text.chars().map(go_lower).eq(name.chars()));
    match named {
        Some(index) => Ok(bounds.min + index as u64),
        None => non_negative_int(text),
    }
}

/// Go's `unicode.ToLower` where it matters for ASCII names: two non-ASCII letters lower
/// to ASCII ones.
fn go_lower(c: char) -> char {
    match c {
        '\u{130}' => 'i',
        '\u{212a}' => 'k',
        _ => c.to_ascii_lowercase(),
    }
}

fn non_negative_int(text: &str) -> Result<u64, String> {
    let number = atoi(text).map_err(|error| format!("failed to parse int from {text}: {error}"))?;
    u64::try_from(number).map_err(|_| format!("negative number ({number}) not allowed: {text}"))
}

/// Go's `strconv.Atoi` on a 64-bit platform: an optional sign, then decimal digits.
fn atoi(text: &str) -> Result<i64, String> {
    let error = |reason: &str| {
        format!(
            "strconv.Atoi: parsing {}: {reason}",
            crate::strconv::quote(text)
        )
    };
    let negative = text.starts_with('-');
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() {
        return Err(error("invalid syntax"));
    }
    let mut magnitude: u64 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return Err(error("invalid syntax"));
        }
        magnitude = magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| error("value out of range"))?;
    }
    let signed = if negative {
        -i128::from(magnitude)
    } else {
        i128::from(magnitude)
    };
    i64::try_from(signed).map_err(|_| error("value out of range"))
}

/// Go's `time.ParseDuration`, for its errors only.
fn parse_duration(text: &str) -> Result<(), String> {
    const LIMIT: u64 = 1 << 63;
    let invalid = || format!("time: invalid duration {}", time_quote(text));
    let negative = text.starts_with('-');
    let mut s = text.strip_prefix(['-', '+']).unwrap_or(text);
    if s == "0" {
        return Ok(());
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        if !s.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
            return Err(invalid());
        }
        let (whole, rest) = leading_int(s).ok_or_else(invalid)?;
        let digits_before = rest.len() != s.len();
        s = rest;
        let (mut fraction, mut scale, mut digits_after) = (0, 1.0, false);
        if let Some(rest) = s.strip_prefix('.') {
            (fraction, scale, s) = leading_fraction(rest);
            digits_after = s.len() != rest.len();
        }
        if !digits_before && !digits_after {
            return Err(invalid());
        }
        let unit_end = s
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if unit_end == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(text)
            ));
        }
        let (unit_text, rest) = s.split_at(unit_end);
        s = rest;
        let unit = unit_nanoseconds(unit_text).ok_or_else(|| {
            format!(
                "time: unknown unit {} in duration {}",
                time_quote(unit_text),
                time_quote(text)
            )
        })?;
        if whole > LIMIT / unit {
            return Err(invalid());
        }
        let mut nanoseconds = whole * unit;
        if fraction > 0 {
            nanoseconds += (fraction as f64 * (unit as f64 / scale)) as u64;
            if nanoseconds > LIMIT {
                return Err(invalid());
            }
        }
        // Go's uint64 sum wraps here, unchecked.
        total = total.wrapping_add(nanoseconds);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if !negative && total > LIMIT - 1 {
        return Err(invalid());
    }
    Ok(())
}

/// The leading digits of `s` and the rest; `None` past 2⁶³, as Go's `leadingInt`.
fn leading_int(s: &str) -> Option<(u64, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let mut x: u64 = 0;
    for b in s[..end].bytes() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(b - b'0');
        if x > 1 << 63 {
            return None;
        }
    }
    Some((x, &s[end..]))
}

/// The digits after a decimal point as a value and its scale; digits past what fits are
/// dropped, as Go's `leadingFraction` does.
fn leading_fraction(s: &str) -> (u64, f64, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (mut x, mut scale, mut overflow) = (0u64, 1.0, false);
    for b in s[..end].bytes() {
        if overflow || x > ((1 << 63) - 1) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(b - b'0');
        if y > 1 << 63 {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, &s[end..])
}

fn unit_nanoseconds(unit: &str) -> Option<u64> {
    Some(match unit {
        "ns" => 1,
        "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => return None,
    })
}

/// The quoting of Go's `time` package: bytes of non-ASCII and control characters as `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        if c < ' ' || !c.is_ascii() {
            for b in c.encode_utf8(&mut [0; 4]).bytes() {
                let _ = write!(out, "\\x{b:02x}");
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_valid_schedules() {
        for schedule in [
            "* * * * ?",
            "@hourly",
            "0 * * * *",
            "5 * * * *",
            "* * * * *",
            "0 0 31 2 *",
            "*/2 * * * *",
            "1,5-7/2,3 * * * *",
            "0 0 1 jan,JUL MON-fri",
            "0 0 * * FR\u{130}",
            "+5 * * * *",
            ", * * * *",
            "*-9 * * * *",
            "30/15 * * * *",
            "0\t0  *\n* *",
            "@yearly",
            "@annually",
            "@monthly",
            "@weekly",
            "@daily",
            "@midnight",
            "@every 5m",
            "@every 1h30m",
            "@every 0",
            "@every -1.5h",
            "@every .5s",
            "@every 1.s",
            "@every 300\u{b5}s",
            "TZ=UTC * * * * *",
            "CRON_TZ=UTC  5 * * * *",
            "TZ=Asia/Tokyo @midnight",
            "TZ= 0 0 * * *",
            "CRON_TZ=Local 0 0 * * *",
        ] {
            assert_eq!(parse_standard(schedule), Ok(()), "{schedule:?}");
        }
    }

    #[test]
    fn rejects_schedules_with_the_parsers_text() {
        for (schedule, text) in [
            ("", "empty spec string"),
            ("error", "expected exactly 5 fields, found 1: [error]"),
            ("every day", "expected exactly 5 fields, found 2: [every day]"),
            ("* * * *", "expected exactly 5 fields, found 4: [* * * *]"),
            (
                "* * * * * *",
                "expected exactly 5 fields, found 6: [* * * * * *]",
            ),
            (" ", "expected exactly 5 fields, found 0: []"),
            (" @daily", "expected exactly 5 fields, found 1: [@daily]"),
            (
                "5 j * * *",
                "failed to parse int from j: strconv.Atoi: parsing \"j\": invalid syntax",
            ),
            (
                "* * * jan-x *",
                "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax",
            ),
            (
                "1- * * * *",
                "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax",
            ),
            (
                "1\u{200b} * * * *",
                "failed to parse int from 1\u{200b}: strconv.Atoi: parsing \"1\\u200b\": invalid syntax",
            ),
            (
                "99999999999999999999 * * * *",
                "failed to parse int from 99999999999999999999: strconv.Atoi: parsing \"99999999999999999999\": value out of range",
            ),
            ("61 * * * *", "end of range (61) above maximum (59): 61"),
            ("* 24 * * *", "end of range (24) above maximum (23): 24"),
            ("* * * 13 *", "end of range (13) above maximum (12): 13"),
            ("* * * * 7", "end of range (7) above maximum (6): 7"),
            ("0 0 0 * *", "beginning of range (0) below minimum (1): 0"),
            ("5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"),
            ("61/5 * * * *", "beginning of range (61) beyond end of range (59): 61/5"),
            ("*/0 * * * *", "step of range should be a positive number: */0"),
            ("5--5 * * * *", "too many hyphens: 5--5"),
            ("*//2 * * * *", "too many slashes: *//2"),
            ("*/-12 * * * *", "negative number (-12) not allowed: -12"),
            ("@unrecognized", "unrecognized descriptor: @unrecognized"),
            ("@every", "unrecognized descriptor: @every"),
            ("@daily ", "unrecognized descriptor: @daily "),
            (
                "@every x",
                "failed to parse duration @every x: time: invalid duration \"x\"",
            ),
            (
                "@every Xm",
                "failed to parse duration @every Xm: time: invalid duration \"Xm\"",
            ),
            (
                "@every ",
                "failed to parse duration @every : time: invalid duration \"\"",
            ),
            (
                "@every 5",
                "failed to parse duration @every 5: time: missing unit in duration \"5\"",
            ),
            (
                "@every 5x",
                "failed to parse duration @every 5x: time: unknown unit \"x\" in duration \"5x\"",
            ),
            (
                "@every 1\u{e9}",
                "failed to parse duration @every 1\u{e9}: time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"",
            ),
            (
                "@every 9999999999h",
                "failed to parse duration @every 9999999999h: time: invalid duration \"9999999999h\"",
            ),
            (
                "TZ=Mars/Base * * * * *",
                "provided bad location Mars/Base: unknown time zone Mars/Base",
            ),
            (
                "CRON_TZ=../etc * * * * *",
                "provided bad location ../etc: time: invalid location name",
            ),
            ("TZ=UTC", TZ_PREFIX_PANIC),
            ("TZ=UTC ", "expected exactly 5 fields, found 0: []"),
        ] {
            assert_eq!(parse_standard(schedule), Err(text.to_string()), "{schedule:?}");
        }
    }

    #[test]
    fn finds_time_zones_in_schedules() {
        assert!(schedule_uses_time_zone("TZ=UTC 0 * * * *"));
        assert!(schedule_uses_time_zone("CRON_TZ=UTC * * * * *"));
        assert!(!schedule_uses_time_zone("0 * * * *"));
        assert!(!schedule_uses_time_zone("tz=utc 0 * * * *"));
    }

    #[test]
    fn accepts_valid_time_zones() {
        for tz in [
            "America/New_York",
            "America/Argentina/ComodRivadavia",
            "America/Coyhaique",
            "Europe/Rome",
            "Europe/Kyiv",
            "Etc/GMT+5",
            "GMT-0",
            "UTC",
            "Factory",
        ] {
            assert!(time_zone_errors(tz).is_empty(), "{tz:?}");
        }
    }

    #[test]
    fn rejects_time_zones_with_the_apiservers_texts() {
        const EXPLICIT: &str =
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones";
        for (tz, texts) in [
            ("", vec!["timeZone must be nil or non-empty string"]),
            ("Mars/Base", vec!["unknown time zone Mars/Base"]),
            (
                "Europe/InvalidRome",
                vec!["unknown time zone Europe/InvalidRome"],
            ),
            (
                "AMERICA/new_york",
                vec!["unknown time zone AMERICA/new_york"],
            ),
            ("broken", vec!["unknown time zone broken"]),
            (" ", vec!["unknown time zone  "]),
            (" Europe/Rome", vec!["unknown time zone  Europe/Rome"]),
            ("Europe/Rome ", vec!["unknown time zone Europe/Rome "]),
            ("a/../b", vec!["unknown time zone a/../b"]),
            ("America/", vec!["unknown time zone America/"]),
            ("-0500", vec!["unknown time zone -0500"]),
            (
                "Europe/Fifteen_Letters",
                vec!["unknown time zone Europe/Fifteen_Letters"],
            ),
            ("a..b", vec!["time: invalid location name"]),
            ("Local", vec![EXPLICIT]),
            ("LOCAL", vec![EXPLICIT, "unknown time zone LOCAL"]),
        ] {
            assert_eq!(time_zone_errors(tz), texts, "{tz:?}");
        }
    }

    #[test]
    fn time_zone_list_is_sorted_and_valid() {
        let zones: Vec<&str> = TIME_ZONES.lines().collect();
        assert!(zones.len() > 500);
        assert!(zones.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(zones
            .iter()
            .all(|zone| zone.split('/').all(is_zone_component)));
    }

    #[test]
    fn quotes_as_go_does() {
        assert_eq!(time_quote("a\"\u{7f}\u{1}"), "\"a\\\"\u{7f}\\x01\"");
    }
}
