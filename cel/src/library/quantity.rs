//! Kubernetes resource quantities as seen by the CEL `quantity` library.
//!
//! This module owns the value type behind `quantity()`, `isQuantity()`,
//! `sign`, `isInteger`, `asInteger`, `asApproximateFloat`, `add`, `sub`,
//! `compareTo`, `isLessThan`, `isGreaterThan` and CEL `==` on quantities.
//! It mirrors `k8s.io/apimachinery/pkg/api/resource` v0.35.0 (`quantity.go`,
//! `amount.go`, `suffix.go`, `math.go`, plus the parts of `gopkg.in/inf.v0`
//! that `Quantity` relies on) and `k8s.io/apiserver/pkg/cel/library/quantity.go`.
//!
//! # Error texts
//! The CEL library returns Go errors through `types.WrapErr`, which adds no
//! prefix, so the strings returned by [`parse`] and [`Quantity::as_integer`]
//! are exactly the messages a CEL user sees:
//! * `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`
//! * `unable to parse numeric part of quantity`
//! * `unable to parse quantity's suffix`
//! * `cannot convert value to integer` (from `asInteger`)
//!
//! # Representation (why it matters)
//! A Go `Quantity` is either a scaled `int64` (`value * 10^scale`) or an
//! arbitrary precision `inf.Dec` (`unscaled * 10^-scale`).  Which one a value
//! uses is observable from CEL, so it is tracked here exactly:
//! * `isInteger`/`asInteger` are Go's `AsInt64`: they fail for *every*
//!   `inf.Dec`-backed quantity, even integral ones (`1Pi`, `1Ei`, `1.5Gi`,
//!   `1e-10`, anything with more than 18 significant digits...), and for any
//!   int64-backed value with a negative scale, even when integral
//!   (`1.000`, `0m`, `0.0`).  Positive scales must fit in `i64` after scaling.
//! * `asApproximateFloat` is `float64(unscaled) * math.Pow10(exponent)` with
//!   Go's `Pow10` tables, so it is not always correctly rounded, it is
//!   `+Inf` when the unscaled integer alone exceeds `f64::MAX` (even if the
//!   scaled value would fit) and it is `NaN` for `0e400` (`0 * +Inf`).
//! * `add`/`sub` keep the int64 form while no overflow happens and switch to
//!   the decimal form otherwise (or when either side is decimal).  The format
//!   of the result is the receiver's, unless the receiver is zero, in which
//!   case it is the operand's; an integer operand is `DecimalExponent`.
//! * On the int64 path `sub` negates the operand with wrapping arithmetic,
//!   so `quantity("1").sub(-9223372036854775808)` is `-9223372036854775807`
//!   exactly as in Go (decimal-backed receivers compute exactly).
//! * Parsing follows Go's integer widths: a decimal exponent is parsed as an
//!   `int64` and truncated to `int32` (`1e4294967296` is `1`), scale
//!   arithmetic wraps as `int32`, binary quantities are capped at `2^63-1`,
//!   values are rounded *up* (away from zero) to nano precision, and the
//!   magic inputs `"+"`, `"-"`, `"."` and suffix-only strings such as `"Mi"`,
//!   `"k"` or `"e5"` parse as zero (`"Ei"` fails with the numeric error and
//!   `"e"` with the suffix error).
//! * [`Quantity`]'s `Display` is Go's `String()`: the original text is kept
//!   when Go keeps it (e.g. `+1k`, `01`, `1E3` print unchanged) and otherwise
//!   the canonical form, including Go's missing-suffix quirks (`1000E`
//!   prints as `1`, and `-8Ei` reached through int64 arithmetic prints as
//!   `-9223372036854775808`).
//!
//! # Known, documented divergences
//! * Comparisons are exact.  Go's int64 comparison panics (division by zero)
//!   when two scales differ by more than `2^31`, and `inf.Dec` rescaling with
//!   such differences wraps `int32` and then tries to build `10^(2^31)`; both
//!   only happen for exponents near `±2^31` and we return the exact answer.
//! * Go's CEL functions mutate shared `*Quantity` values: `compareTo`,
//!   `isLessThan` and `isGreaterThan` convert an int64-backed receiver to
//!   `inf.Dec` form when the operand is decimal (so a later `isInteger()` on
//!   the *same* value turns false), and `add`/`sub` on a decimal receiver
//!   update the receiver's decimal in place.  Values here are immutable;
//!   [`Quantity::cmp_promoting`] reproduces the first effect for callers that
//!   model shared values, the second is not reproduced.
//! * Powers of ten are kept symbolic, so parsing, comparing, `isInteger` and
//!   `asApproximateFloat` stay cheap for any exponent.  Adding quantities
//!   whose exponents differ by millions (or printing a huge `BinarySI`
//!   value) builds the exact integer, like Go, with a simpler (slower)
//!   multiplication; with exponents near `±2^31`, where Go itself hangs or
//!   panics, such operations are not practical here either.

use std::cmp::Ordering;
use std::fmt;

/// Error for strings that do not look like a quantity at all.
pub const ERR_FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/// Error for a numeric part that cannot be parsed.
pub const ERR_NUMERIC: &str = "unable to parse numeric part of quantity";
/// Error for an unknown suffix.
pub const ERR_SUFFIX: &str = "unable to parse quantity's suffix";
/// Error of CEL `asInteger()` when `isInteger()` is false.
pub const ERR_AS_INTEGER: &str = "cannot convert value to integer";

/// The three serialisation formats of a quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// e.g. `12e6`
    DecimalExponent,
    /// e.g. `12Mi` (12 * 2^20)
    BinarySI,
    /// e.g. `12M` (12 * 10^6)
    DecimalSI,
}

impl Format {
    /// The Go name of the format.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::DecimalExponent => "DecimalExponent",
            Format::BinarySI => "BinarySI",
            Format::DecimalSI => "DecimalSI",
        }
    }
}

/// A Kubernetes quantity with Go-exact semantics (see the module docs).
#[derive(Clone, Debug)]
pub struct Quantity {
    /// int64 form, meaningful when `d` is `None`.
    i: Int64Amount,
    /// inf.Dec form.
    d: Option<Dec>,
    /// Text remembered from parsing (Go's `q.s`).
    s: Option<String>,
    format: Format,
}

/// Parses `s` like Go's `resource.ParseQuantity` (CEL `quantity()`).
pub fn parse(s: &str) -> Result<Quantity, String> {
    parse_quantity(s).map_err(str::to_string)
}

/// CEL `isQuantity()`: true iff [`parse`] succeeds.
pub fn is_quantity(s: &str) -> bool {
    parse_quantity(s).is_ok()
}

impl Quantity {
    /// Go's `NewQuantity(value, DecimalExponent)`, the conversion the CEL
    /// library applies to integer operands of `add` and `sub`.
    pub fn from_int(value: i64) -> Quantity {
        Quantity {
            i: Int64Amount { value, scale: 0 },
            d: None,
            s: None,
            format: Format::DecimalExponent,
        }
    }

    /// The remembered format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Exact comparison (Go `Cmp`, CEL `compareTo`).
    #[allow(clippy::should_implement_trait)]
    pub fn cmp(&self, other: &Quantity) -> Ordering {
        if let (None, None) = (&self.d, &other.d) {
            if self.i.scale == other.i.scale {
                return self.i.value.cmp(&other.i.value);
            }
        }
        let (c1, e1) = self.parts();
        let (c2, e2) = other.parts();
        cmp_values(&c1, e1, &c2, e2)
    }

    /// Same result as [`Quantity::cmp`], and also applies the side effect of
    /// Go's pointer-receiver `Cmp`: an int64-backed receiver compared with a
    /// decimal operand is converted to decimal form (so `is_integer()` turns
    /// false afterwards).  Only useful for callers that share values like Go.
    pub fn cmp_promoting(&mut self, other: &Quantity) -> Ordering {
        if self.d.is_none() && other.d.is_some() {
            self.promote_to_dec();
        }
        Quantity::cmp(self, other)
    }

    /// CEL `add(<quantity>)`.
    #[allow(clippy::should_implement_trait)]
    pub fn add(&self, other: &Quantity) -> Quantity {
        let mut q = self.clone();
        q.go_add(other);
        q
    }

    /// CEL `sub(<quantity>)`.
    #[allow(clippy::should_implement_trait)]
    pub fn sub(&self, other: &Quantity) -> Quantity {
        let mut q = self.clone();
        q.go_sub(other);
        q
    }

    /// CEL `add(<int>)`.
    pub fn add_int(&self, i: i64) -> Quantity {
        self.add(&Quantity::from_int(i))
    }

    /// CEL `sub(<int>)`.
    pub fn sub_int(&self, i: i64) -> Quantity {
        self.sub(&Quantity::from_int(i))
    }

    /// CEL `sign()`: -1, 0 or 1.
    pub fn sign(&self) -> i64 {
        match &self.d {
            Some(d) => d.coef.signum() as i64,
            None => self.i.value.signum(),
        }
    }

    /// CEL `isInteger()` (Go `AsInt64` succeeds).
    pub fn is_integer(&self) -> bool {
        self.as_int64().is_some()
    }

    /// CEL `asInteger()`.
    pub fn as_integer(&self) -> Result<i64, String> {
        self.as_int64().ok_or_else(|| ERR_AS_INTEGER.to_string())
    }

    /// Go's `AsInt64`: `None` for decimal-backed values and for int64 values
    /// with a negative scale or that overflow once scaled.
    pub fn as_int64(&self) -> Option<i64> {
        if self.d.is_some() {
            return None;
        }
        self.i.as_int64()
    }

    /// CEL `asApproximateFloat()` (Go `AsApproximateFloat64`).
    pub fn as_approximate_float(&self) -> f64 {
        let (base, exponent) = match &self.d {
            Some(d) => (d.unscaled_f64(), d.scale.wrapping_neg() as i64),
            None => (self.i.value as f64, self.i.scale as i64),
        };
        if exponent == 0 {
            return base;
        }
        base * go_pow10(exponent)
    }

    fn is_zero(&self) -> bool {
        match &self.d {
            Some(d) => d.coef.is_zero(),
            None => self.i.value == 0,
        }
    }

    /// Value as `coef * 10^exp`.
    fn parts(&self) -> (BigInt, i64) {
        match &self.d {
            Some(d) => (d.coef.clone(), d.exp10()),
            None => (BigInt::from_i64(self.i.value), self.i.scale as i64),
        }
    }

    fn as_dec(&self) -> Dec {
        match &self.d {
            Some(d) => d.clone(),
            None => self.i.as_dec(),
        }
    }

    fn promote_to_dec(&mut self) {
        if self.d.is_none() {
            self.d = Some(self.i.as_dec());
            self.i = Int64Amount::default();
        }
    }

    fn cmp_int64(&self, y: i64) -> Ordering {
        let (c, e) = self.parts();
        cmp_values(&c, e, &BigInt::from_i64(y), 0)
    }

    fn go_add(&mut self, y: &Quantity) {
        self.s = None;
        if self.d.is_none() && y.d.is_none() {
            if self.i.value == 0 {
                self.format = y.format;
            }
            if self.i.add(y.i) {
                return;
            }
        } else if self.is_zero() {
            self.format = y.format;
        }
        self.promote_to_dec();
        let sum = self.d.as_ref().map(|d| d.add(&y.as_dec()));
        self.d = sum;
    }

    fn go_sub(&mut self, y: &Quantity) {
        self.s = None;
        if self.is_zero() {
            self.format = y.format;
        }
        if self.d.is_none() && y.d.is_none() && self.i.sub(y.i) {
            return;
        }
        self.promote_to_dec();
        let diff = self.d.as_ref().map(|d| d.add(&y.as_dec().negated()));
        self.d = diff;
    }

    /// Go's `CanonicalizeBytes`, number and suffix concatenated.
    fn canonical_string(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut format = self.format;
        let mut rounded = None;
        if format == Format::BinarySI {
            if self.cmp_int64(-1024) == Ordering::Greater && self.cmp_int64(1024) == Ordering::Less
            {
                format = Format::DecimalSI;
            } else {
                let (r, exact) = match &self.d {
                    Some(d) => {
                        let r = d.round_up(0);
                        let exact = r.cmp(d) == Ordering::Equal;
                        (Rounded::Dec(r), exact)
                    }
                    None => {
                        let (r, exact) = self.i.as_scale(0);
                        (Rounded::Int(r), exact)
                    }
                };
                if exact {
                    rounded = Some(r);
                } else {
                    format = Format::DecimalSI;
                }
            }
        }
        match (format, rounded) {
            (Format::BinarySI, Some(r)) => {
                let (number, exponent) = match r {
                    Rounded::Int(a) => a.as_canonical_base1024(),
                    Rounded::Dec(d) => d.as_canonical_base1024(),
                };
                number + construct_suffix(2, exponent.wrapping_mul(10), Format::BinarySI).as_str()
            }
            _ => {
                let (number, exponent) = match &self.d {
                    Some(d) => d.as_canonical_bytes(),
                    None => self.i.as_canonical_bytes(),
                };
                number + construct_suffix(10, exponent, format).as_str()
            }
        }
    }
}

enum Rounded {
    Int(Int64Amount),
    Dec(Dec),
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        Quantity::cmp(self, other) == Ordering::Equal
    }
}

impl Eq for Quantity {}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(Ord::cmp(self, other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        Quantity::cmp(self, other)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.s {
            Some(s) => f.write_str(s),
            None => f.write_str(&self.canonical_string()),
        }
    }
}

// ---------------------------------------------------------------------------
// Parsing

struct Scanned<'a> {
    positive: bool,
    value: &'a str,
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

/// Go's `parseQuantityString`: splits sign, integer digits (leading zeros
/// dropped), fraction digits and suffix.  All returned slices are ASCII.
fn scan_quantity(s: &str) -> Result<Scanned<'_>, &'static str> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    if pos < end {
        match b[0] {
            b'-' => {
                positive = false;
                pos += 1;
            }
            b'+' => pos += 1,
            _ => {}
        }
    }
    let zero = |positive| Scanned {
        positive,
        value: "0",
        num: "0",
        denom: "",
        suffix: "",
    };
    // Leading zeros.
    loop {
        if pos >= end {
            return Ok(zero(positive));
        }
        if b[pos] != b'0' {
            break;
        }
        pos += 1;
    }
    // Integer digits.
    let mut i = pos;
    while i < end && b[i].is_ascii_digit() {
        i += 1;
    }
    if i >= end {
        return Ok(Scanned {
            positive,
            value: s,
            num: &s[pos..],
            denom: "",
            suffix: "",
        });
    }
    let mut num = &s[pos..i];
    pos = i;
    if num.is_empty() {
        num = "0";
    }
    // Fraction digits.
    let mut denom = "";
    if b[pos] == b'.' {
        pos += 1;
        let mut i = pos;
        while i < end && b[i].is_ascii_digit() {
            i += 1;
        }
        if i >= end {
            return Ok(Scanned {
                positive,
                value: s,
                num,
                denom: &s[pos..],
                suffix: "",
            });
        }
        denom = &s[pos..i];
        pos = i;
    }
    let value = &s[..pos];
    // Suffix: letters, optional sign, digits, and nothing else.
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(ERR_FORMAT_WRONG);
    }
    Ok(Scanned {
        positive,
        value,
        num,
        denom,
        suffix: &s[suffix_start..],
    })
}

/// Go's suffixer `interpret`: (base, exponent, format).
fn interpret_suffix(s: &str) -> Option<(i32, i32, Format)> {
    let dec = |e| Some((10, e, Format::DecimalSI));
    let bin = |e| Some((2, e, Format::BinarySI));
    match s {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ => {
            let b = s.as_bytes();
            if b.len() > 1 && (b[0] == b'e' || b[0] == b'E') {
                // strconv.ParseInt(s[1:], 10, 64) then int32(...) truncation.
                let parsed: i64 = s[1..].parse().ok()?;
                Some((10, parsed as i32, Format::DecimalExponent))
            } else {
                None
            }
        }
    }
}

/// Go's suffixer `constructBytes`; an unknown pair yields no suffix.
fn construct_suffix(base: i32, exponent: i32, format: Format) -> String {
    let s = match (format, base, exponent) {
        (Format::DecimalSI, 10, -9) => "n",
        (Format::DecimalSI, 10, -6) => "u",
        (Format::DecimalSI, 10, -3) => "m",
        (Format::DecimalSI, 10, 3) => "k",
        (Format::DecimalSI, 10, 6) => "M",
        (Format::DecimalSI, 10, 9) => "G",
        (Format::DecimalSI, 10, 12) => "T",
        (Format::DecimalSI, 10, 15) => "P",
        (Format::DecimalSI, 10, 18) => "E",
        (Format::BinarySI, 2, 10) => "Ki",
        (Format::BinarySI, 2, 20) => "Mi",
        (Format::BinarySI, 2, 30) => "Gi",
        (Format::BinarySI, 2, 40) => "Ti",
        (Format::BinarySI, 2, 50) => "Pi",
        (Format::BinarySI, 2, 60) => "Ei",
        (Format::DecimalExponent, 10, e) if e != 0 => return format!("e{e}"),
        _ => "",
    };
    s.to_string()
}

/// Go's `ParseQuantity`.
fn parse_quantity(s: &str) -> Result<Quantity, &'static str> {
    if s.is_empty() {
        return Err(ERR_FORMAT_WRONG);
    }
    if s == "0" {
        return Ok(Quantity {
            i: Int64Amount::default(),
            d: None,
            s: Some("0".to_string()),
            format: Format::DecimalSI,
        });
    }
    let sc = scan_quantity(s)?;
    let (base, exponent, mut format) = interpret_suffix(sc.suffix).ok_or(ERR_SUFFIX)?;

    let precision: i32;
    let mut scale: i32 = 0;
    let mut mantissa: i64 = 1;
    match format {
        Format::DecimalExponent | Format::DecimalSI => {
            scale = exponent;
            precision = 18i32.wrapping_sub((sc.num.len() + sc.denom.len()) as i32);
        }
        Format::BinarySI => {
            if exponent >= 0 && sc.denom.is_empty() {
                mantissa <<= exponent;
                // Go: 15 - len(num) - int32(float32(exponent)*3/10) - 1
                let approx = (exponent as f32 * 3.0 / 10.0) as i32;
                precision = 15i32
                    .wrapping_sub(sc.num.len() as i32)
                    .wrapping_sub(approx)
                    .wrapping_sub(1);
            } else {
                precision = -1;
            }
        }
    }

    if precision >= 0 {
        scale = scale.wrapping_sub(sc.denom.len() as i32);
        if scale >= -9 {
            let shifted = format!("{}{}", sc.num, sc.denom);
            let value: i64 = shifted.parse().map_err(|_| ERR_NUMERIC)?;
            if let Some(mut result) = value.checked_mul(mantissa) {
                if !sc.positive {
                    result = -result;
                }
                let keep_text = match format {
                    Format::BinarySI => exponent % 10 == 0 && value & 0x07 != 0,
                    _ => scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0'),
                };
                return Ok(Quantity {
                    i: Int64Amount {
                        value: result,
                        scale,
                    },
                    d: None,
                    s: keep_text.then(|| s.to_string()),
                    format,
                });
            }
        }
    }

    let mut amount = Dec::parse(sc.value).ok_or(ERR_NUMERIC)?;
    if base == 10 {
        amount.scale = amount.scale.wrapping_add(exponent.wrapping_neg());
    } else if base == 2 {
        amount.coef = amount.coef.shl(exponent as u32);
    }
    let negative = amount.coef.signum() < 0;
    if negative {
        amount = amount.negated();
    }
    // Non-zero values are rounded up (away from zero) to nano precision.
    if !amount.coef.is_zero() {
        amount = amount.round_up(9);
    }
    let max_allowed = Dec::from_i64(i64::MAX, 0);
    if format == Format::BinarySI && amount.cmp(&max_allowed) == Ordering::Greater {
        amount = max_allowed;
    }
    if format == Format::BinarySI
        && amount.cmp(&Dec::from_i64(1, 0)) == Ordering::Less
        && amount.cmp(&Dec::from_i64(0, 0)) == Ordering::Greater
    {
        format = Format::DecimalSI;
    }
    if negative {
        amount = amount.negated();
    }
    Ok(Quantity {
        i: Int64Amount::default(),
        d: Some(amount),
        s: None,
        format,
    })
}

// ---------------------------------------------------------------------------
// int64 scaled amounts (amount.go / math.go)

#[derive(Clone, Copy, Debug, Default)]
struct Int64Amount {
    value: i64,
    scale: i32,
}

/// `base * 10^scale` if it fits; scales <= 0 return `base` unchanged (Go's
/// loop runs zero times for them).
fn positive_scale_int64(base: i64, scale: i32) -> Option<i64> {
    if scale <= 0 || base == 0 {
        return Some(base);
    }
    if scale > 18 {
        return None;
    }
    base.checked_mul(10i64.pow(scale as u32))
}

/// `base / 10^scale` rounded away from zero, and whether it was exact.
fn negative_scale_int64(base: i64, scale: i32) -> (i64, bool) {
    if scale == 0 {
        return (base, true);
    }
    let mut value = base;
    let mut fraction = false;
    for _ in 0..scale.max(0) {
        if !fraction && value % 10 != 0 {
            fraction = true;
        }
        value /= 10;
        if value == 0 {
            if fraction {
                return (if base > 0 { 1 } else { -1 }, false);
            }
            return (0, true);
        }
    }
    if fraction {
        if base > 0 {
            value += 1;
        } else {
            value -= 1;
        }
    }
    (value, !fraction)
}

/// Go's `removeInt64Factors`, including its wrapping negation of `i64::MIN`.
fn remove_int64_factors(value: i64, base: i64) -> (i64, i32) {
    let mut times = 0;
    let negative = value < 0;
    let mut result = if negative {
        value.wrapping_neg()
    } else {
        value
    };
    while result >= base && result % base == 0 {
        times += 1;
        result /= base;
    }
    if negative {
        result = result.wrapping_neg();
    }
    (result, times)
}

impl Int64Amount {
    fn as_int64(self) -> Option<i64> {
        match self.scale.cmp(&0) {
            Ordering::Equal => Some(self.value),
            Ordering::Less => None,
            Ordering::Greater => positive_scale_int64(self.value, self.scale),
        }
    }

    fn as_scaled_int64(self, scale: i32) -> Option<i64> {
        if self.scale < scale {
            Some(negative_scale_int64(self.value, scale.wrapping_sub(self.scale)).0)
        } else {
            positive_scale_int64(self.value, self.scale.wrapping_sub(scale))
        }
    }

    fn as_dec(self) -> Dec {
        Dec::from_i64(self.value, self.scale.wrapping_neg())
    }

    /// Go's `int64Amount.Add`: false (and unchanged) on overflow.
    fn add(&mut self, b: Int64Amount) -> bool {
        if b.value == 0 {
            return true;
        }
        if self.value == 0 {
            *self = b;
            return true;
        }
        match self.scale.cmp(&b.scale) {
            Ordering::Equal => match self.value.checked_add(b.value) {
                Some(c) => self.value = c,
                None => return false,
            },
            Ordering::Greater => {
                let Some(c) = positive_scale_int64(self.value, self.scale.wrapping_sub(b.scale))
                else {
                    return false;
                };
                let Some(c) = c.checked_add(b.value) else {
                    return false;
                };
                self.scale = b.scale;
                self.value = c;
            }
            Ordering::Less => {
                let Some(c) = positive_scale_int64(b.value, b.scale.wrapping_sub(self.scale))
                else {
                    return false;
                };
                let Some(c) = self.value.checked_add(c) else {
                    return false;
                };
                self.value = c;
            }
        }
        true
    }

    fn sub(&mut self, b: Int64Amount) -> bool {
        self.add(Int64Amount {
            value: b.value.wrapping_neg(),
            scale: b.scale,
        })
    }

    fn as_scale(self, scale: i32) -> (Int64Amount, bool) {
        if self.scale >= scale {
            return (self, true);
        }
        let (value, exact) = negative_scale_int64(self.value, scale.wrapping_sub(self.scale));
        (Int64Amount { value, scale }, exact)
    }

    fn as_canonical_bytes(self) -> (String, i32) {
        let (mut amount, times) = remove_int64_factors(self.value, 10);
        let mut exponent = self.scale.wrapping_add(times);
        let adjust = match exponent % 3 {
            1 | -2 => Some((10, 1)),
            2 | -1 => Some((100, 2)),
            _ => None,
        };
        if let Some((factor, dec)) = adjust {
            match amount.checked_mul(factor) {
                Some(v) => amount = v,
                None => return self.as_dec().as_canonical_bytes(),
            }
            exponent = exponent.wrapping_sub(dec);
        }
        (amount.to_string(), exponent)
    }

    fn as_canonical_base1024(self) -> (String, i32) {
        match self.as_scaled_int64(0) {
            Some(value) => {
                let (amount, exponent) = remove_int64_factors(value, 1024);
                (amount.to_string(), exponent)
            }
            None => self.as_dec().as_canonical_base1024(),
        }
    }
}

// ---------------------------------------------------------------------------
// inf.Dec: value = coef * 10^tz * 10^-scale.  `tz` keeps powers of ten
// symbolic so that huge exponents stay cheap; Go's unscaled integer is
// `coef * 10^tz`.

#[derive(Clone, Debug)]
struct Dec {
    coef: BigInt,
    tz: u64,
    scale: i32,
}

impl Dec {
    fn from_i64(v: i64, scale: i32) -> Dec {
        Dec {
            coef: BigInt::from_i64(v),
            tz: 0,
            scale,
        }
    }

    /// `inf.Dec.SetString`: optional sign, digits with at most one '.', and
    /// at least one digit.
    fn parse(s: &str) -> Option<Dec> {
        let mut digits = Vec::with_capacity(s.len());
        let mut neg = false;
        let mut seen_sign = false;
        let mut dp: Option<usize> = None;
        for &c in s.as_bytes() {
            match c {
                b'+' | b'-' if !seen_sign && digits.is_empty() && dp.is_none() => {
                    seen_sign = true;
                    neg = c == b'-';
                }
                b'.' if dp.is_none() => dp = Some(digits.len()),
                b'0'..=b'9' => digits.push(c),
                _ => return None,
            }
        }
        if digits.is_empty() {
            return None;
        }
        let scale = dp.map_or(0, |p| (digits.len() - p) as i32);
        let mut coef = BigInt::from_digits(&digits);
        if neg {
            coef = coef.negated();
        }
        Some(Dec { coef, tz: 0, scale })
    }

    fn exp10(&self) -> i64 {
        self.tz as i64 - self.scale as i64
    }

    fn negated(&self) -> Dec {
        Dec {
            coef: self.coef.negated(),
            tz: self.tz,
            scale: self.scale,
        }
    }

    fn cmp(&self, o: &Dec) -> Ordering {
        cmp_values(&self.coef, self.exp10(), &o.coef, o.exp10())
    }

    /// `z.Add(x, y)`: the result has the larger of the two scales.
    fn add(&self, o: &Dec) -> Dec {
        let scale = self.scale.max(o.scale);
        let ta = self.tz + (scale as i64 - self.scale as i64) as u64;
        let tb = o.tz + (scale as i64 - o.scale as i64) as u64;
        if self.coef.is_zero() {
            return Dec {
                coef: o.coef.clone(),
                tz: tb,
                scale,
            };
        }
        if o.coef.is_zero() {
            return Dec {
                coef: self.coef.clone(),
                tz: ta,
                scale,
            };
        }
        let m = ta.min(tb);
        let a = self.coef.mul_pow10(ta - m);
        let b = o.coef.mul_pow10(tb - m);
        Dec {
            coef: a.add(&b),
            tz: m,
            scale,
        }
    }

    /// `z.Round(x, s, inf.RoundUp)`: rescale to `s`, rounding away from zero.
    fn round_up(&self, s: i32) -> Dec {
        let shift = s as i64 - self.scale as i64;
        if shift >= 0 {
            return Dec {
                coef: self.coef.clone(),
                tz: self.tz + shift as u64,
                scale: s,
            };
        }
        let k = shift.unsigned_abs();
        if self.tz >= k {
            return Dec {
                coef: self.coef.clone(),
                tz: self.tz - k,
                scale: s,
            };
        }
        let (mut q, inexact) = self.coef.div_pow10(k - self.tz);
        if inexact {
            q = q.add(&BigInt::from_i64(self.coef.signum() as i64));
        }
        Dec {
            coef: q,
            tz: 0,
            scale: s,
        }
    }

    fn unscaled(&self) -> BigInt {
        self.coef.mul_pow10(self.tz)
    }

    /// `big.NewFloat(0).SetInt(unscaled).Float64()`.
    fn unscaled_f64(&self) -> f64 {
        if self.coef.is_zero() {
            return 0.0;
        }
        if self.coef.decimal_len() + self.tz > 400 {
            return if self.coef.signum() < 0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        self.unscaled().to_f64()
    }

    fn as_canonical_bytes(&self) -> (String, i32) {
        let (mut amount, times) = if self.coef.is_zero() {
            (BigInt::default(), 0)
        } else {
            let (a, t) = self.coef.strip_factor(10);
            (a, t + self.tz)
        };
        let mut exponent = self.scale.wrapping_neg().wrapping_add(times as i32);
        while exponent % 3 != 0 {
            amount = amount.mul_pow10(1);
            exponent = exponent.wrapping_sub(1);
        }
        (amount.to_string(), exponent)
    }

    fn as_canonical_base1024(&self) -> (String, i32) {
        let (amount, times) = self.round_up(0).unscaled().strip_factor(1024);
        (amount.to_string(), times as i32)
    }
}

/// Compares `c1 * 10^e1` with `c2 * 10^e2` exactly.
fn cmp_values(c1: &BigInt, e1: i64, c2: &BigInt, e2: i64) -> Ordering {
    let (s1, s2) = (c1.signum(), c2.signum());
    if s1 != s2 {
        return s1.cmp(&s2);
    }
    if s1 == 0 {
        return Ordering::Equal;
    }
    let d1 = c1.decimal_len() as i128 + e1 as i128;
    let d2 = c2.decimal_len() as i128 + e2 as i128;
    let magnitude = if d1 != d2 {
        d1.cmp(&d2)
    } else {
        let m = e1.min(e2);
        let a = c1.mul_pow10((e1 - m) as u64);
        let b = c2.mul_pow10((e2 - m) as u64);
        cmp_mag(&a.mag, &b.mag)
    };
    if s1 < 0 {
        magnitude.reverse()
    } else {
        magnitude
    }
}

/// Go's `math.Pow10`, table for table.
fn go_pow10(n: i64) -> f64 {
    const TAB: [f64; 32] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POS32: [f64; 10] = [
        1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288,
    ];
    const NEG32: [f64; 11] = [
        1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320,
    ];
    if (0..=308).contains(&n) {
        let n = n as usize;
        return POS32[n / 32] * TAB[n % 32];
    }
    if (-323..=0).contains(&n) {
        let m = (-n) as usize;
        return NEG32[m / 32] / TAB[m % 32];
    }
    if n > 0 {
        f64::INFINITY
    } else {
        0.0
    }
}

// ---------------------------------------------------------------------------
// Minimal signed big integer (little-endian base 2^32 magnitude).

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct BigInt {
    neg: bool,
    mag: Vec<u32>,
}

fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(long.len() + 1);
    let mut carry = 0u64;
    for (idx, &x) in long.iter().enumerate() {
        let t = x as u64 + short.get(idx).copied().unwrap_or(0) as u64 + carry;
        out.push(t as u32);
        carry = t >> 32;
    }
    if carry != 0 {
        out.push(carry as u32);
    }
    out
}

/// `a - b` for `|a| >= |b|`.
fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (idx, &x) in a.iter().enumerate() {
        let mut t = x as i64 - b.get(idx).copied().unwrap_or(0) as i64 - borrow;
        borrow = 0;
        if t < 0 {
            t += 1 << 32;
            borrow = 1;
        }
        out.push(t as u32);
    }
    out
}

impl BigInt {
    fn from_u64(v: u64) -> BigInt {
        let mut b = BigInt {
            neg: false,
            mag: vec![v as u32, (v >> 32) as u32],
        };
        b.trim();
        b
    }

    fn from_i64(v: i64) -> BigInt {
        let mut b = BigInt::from_u64(v.unsigned_abs());
        b.neg = v < 0;
        b.trim();
        b
    }

    /// From ASCII digits (no sign).
    fn from_digits(digits: &[u8]) -> BigInt {
        let mut b = BigInt::default();
        let first = match digits.len() % 9 {
            0 => 9,
            r => r,
        };
        let mut idx = 0;
        while idx < digits.len() {
            let take = if idx == 0 { first } else { 9 };
            let chunk = digits[idx..idx + take]
                .iter()
                .fold(0u32, |acc, d| acc * 10 + (d - b'0') as u32);
            b.mul_small_add(10u32.pow(take as u32), chunk);
            idx += take;
        }
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.mag.last() == Some(&0) {
            self.mag.pop();
        }
        if self.mag.is_empty() {
            self.neg = false;
        }
    }

    fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    fn signum(&self) -> i32 {
        if self.mag.is_empty() {
            0
        } else if self.neg {
            -1
        } else {
            1
        }
    }

    fn negated(&self) -> BigInt {
        let mut r = self.clone();
        r.neg = !r.neg;
        r.trim();
        r
    }

    fn mul_small_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for limb in self.mag.iter_mut() {
            let t = *limb as u64 * m as u64 + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.mag.push(carry as u32);
        }
    }

    /// Truncating division of the magnitude; the quotient keeps the sign.
    fn divmod_small(&self, d: u32) -> (BigInt, u32) {
        let mut q = vec![0u32; self.mag.len()];
        let mut rem = 0u64;
        for idx in (0..self.mag.len()).rev() {
            let cur = (rem << 32) | self.mag[idx] as u64;
            q[idx] = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        let mut q = BigInt {
            neg: self.neg,
            mag: q,
        };
        q.trim();
        (q, rem as u32)
    }

    fn add(&self, o: &BigInt) -> BigInt {
        let mut r = if self.neg == o.neg {
            BigInt {
                neg: self.neg,
                mag: add_mag(&self.mag, &o.mag),
            }
        } else {
            match cmp_mag(&self.mag, &o.mag) {
                Ordering::Less => BigInt {
                    neg: o.neg,
                    mag: sub_mag(&o.mag, &self.mag),
                },
                _ => BigInt {
                    neg: self.neg,
                    mag: sub_mag(&self.mag, &o.mag),
                },
            }
        };
        r.trim();
        r
    }

    fn mul(&self, o: &BigInt) -> BigInt {
        if self.is_zero() || o.is_zero() {
            return BigInt::default();
        }
        let mut out = vec![0u32; self.mag.len() + o.mag.len()];
        for (i, &x) in self.mag.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &y) in o.mag.iter().enumerate() {
                let t = out[i + j] as u64 + x as u64 * y as u64 + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            let mut k = i + o.mag.len();
            while carry != 0 {
                let t = out[k] as u64 + carry;
                out[k] = t as u32;
                carry = t >> 32;
                k += 1;
            }
        }
        let mut r = BigInt {
            neg: self.neg != o.neg,
            mag: out,
        };
        r.trim();
        r
    }

    fn pow10(n: u64) -> BigInt {
        let mut result = BigInt::from_u64(1);
        let mut base = BigInt::from_u64(10);
        let mut e = n;
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&base);
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base);
            }
        }
        result
    }

    fn mul_pow10(&self, n: u64) -> BigInt {
        if n == 0 || self.is_zero() {
            return self.clone();
        }
        if n > 270 {
            return self.mul(&BigInt::pow10(n));
        }
        let mut r = self.clone();
        let mut left = n;
        while left > 0 {
            let step = left.min(9);
            r.mul_small_add(10u32.pow(step as u32), 0);
            left -= step;
        }
        r
    }

    /// Truncating `self / 10^k` and whether a non-zero remainder was dropped.
    fn div_pow10(&self, k: u64) -> (BigInt, bool) {
        if k == 0 || self.is_zero() {
            return (self.clone(), false);
        }
        if k > self.decimal_len() {
            return (BigInt::default(), true);
        }
        let mut q = self.clone();
        let mut inexact = false;
        let mut left = k;
        while left > 0 {
            let step = left.min(9);
            let (nq, r) = q.divmod_small(10u32.pow(step as u32));
            inexact |= r != 0;
            q = nq;
            left -= step;
        }
        (q, inexact)
    }

    /// Go's `removeBigIntFactors`: divides out `f` while it divides exactly.
    fn strip_factor(&self, f: u32) -> (BigInt, u64) {
        let mut d = self.clone();
        let mut times = 0u64;
        if f == 10 {
            while !d.is_zero() {
                let (q, r) = d.divmod_small(1_000_000_000);
                if r != 0 {
                    break;
                }
                d = q;
                times += 9;
            }
        }
        while !d.is_zero() {
            let (q, r) = d.divmod_small(f);
            if r != 0 {
                break;
            }
            d = q;
            times += 1;
        }
        (d, times)
    }

    fn shl(&self, bits: u32) -> BigInt {
        if self.is_zero() {
            return self.clone();
        }
        let words = (bits / 32) as usize;
        let rem = bits % 32;
        let mut mag = vec![0u32; words];
        let mut carry = 0u32;
        for &x in &self.mag {
            if rem == 0 {
                mag.push(x);
            } else {
                mag.push((x << rem) | carry);
                carry = x >> (32 - rem);
            }
        }
        if carry != 0 {
            mag.push(carry);
        }
        let mut r = BigInt { neg: self.neg, mag };
        r.trim();
        r
    }

    fn bit_len(&self) -> u64 {
        match self.mag.last() {
            None => 0,
            Some(&top) => (self.mag.len() as u64 - 1) * 32 + (32 - top.leading_zeros()) as u64,
        }
    }

    fn bit(&self, idx: u64) -> bool {
        let w = (idx / 32) as usize;
        w < self.mag.len() && (self.mag[w] >> (idx % 32)) & 1 == 1
    }

    /// Nearest `f64` (ties to even), `±Inf` on overflow.
    fn to_f64(&self) -> f64 {
        let bl = self.bit_len();
        let magnitude = if bl <= 64 {
            let lo = self.mag.first().copied().unwrap_or(0) as u64;
            let hi = self.mag.get(1).copied().unwrap_or(0) as u64;
            (lo | hi << 32) as f64
        } else {
            let shift = bl - 64;
            let mut top = 0u64;
            for idx in 0..64 {
                if self.bit(shift + idx) {
                    top |= 1 << idx;
                }
            }
            let sticky = (0..shift).any(|idx| self.bit(idx));
            let mut f = (top | sticky as u64) as f64;
            let mut left = shift;
            while left > 0 && f.is_finite() {
                let step = left.min(1000);
                f *= f64::from_bits((1023 + step) << 52);
                left -= step;
            }
            f
        };
        if self.neg {
            -magnitude
        } else {
            magnitude
        }
    }

    fn decimal_len(&self) -> u64 {
        if self.is_zero() {
            return 1;
        }
        self.magnitude_string().len() as u64
    }

    fn magnitude_string(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut chunks = Vec::new();
        let mut q = BigInt {
            neg: false,
            mag: self.mag.clone(),
        };
        while !q.is_zero() {
            let (nq, r) = q.divmod_small(1_000_000_000);
            chunks.push(r);
            q = nq;
        }
        let mut s = String::with_capacity(chunks.len() * 9);
        for (idx, c) in chunks.iter().rev().enumerate() {
            if idx == 0 {
                s.push_str(&c.to_string());
            } else {
                s.push_str(&format!("{c:09}"));
            }
        }
        s
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.neg {
            f.write_str("-")?;
        }
        f.write_str(&self.magnitude_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DSI: Format = Format::DecimalSI;
    const BSI: Format = Format::BinarySI;
    const DEXP: Format = Format::DecimalExponent;
    const FMT: &str = ERR_FORMAT_WRONG;
    const NUM: &str = ERR_NUMERIC;
    const SUF: &str = ERR_SUFFIX;

    /// Expected observable state: String(), AsInt64, AsApproximateFloat64,
    /// Sign, Format.
    type D = (&'static str, Option<i64>, f64, i64, Format);

    enum Q {
        Ok(&'static str, Option<i64>, f64, i64, Format),
        Err(&'static str),
    }

    fn q(s: &str) -> Quantity {
        parse(s).unwrap_or_else(|e| panic!("parse({s:?}): {e}"))
    }

    fn same_float(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    fn check(got: &Quantity, want: &D, ctx: &str) {
        assert_eq!(got.to_string(), want.0, "String() of {ctx}");
        assert_eq!(got.as_int64(), want.1, "AsInt64 of {ctx}");
        assert_eq!(got.is_integer(), want.1.is_some(), "isInteger of {ctx}");
        let f = got.as_approximate_float();
        assert!(
            same_float(f, want.2),
            "float of {ctx}: {f:?} vs {:?}",
            want.2
        );
        assert_eq!(got.sign(), want.3, "sign of {ctx}");
        assert_eq!(got.format(), want.4, "format of {ctx}");
    }

    // Cases of k8s.io/apiserver/pkg/cel/library/quantity_test.go, expressed
    // through this API.
    #[test]
    fn apiserver_library_cases() {
        let twelve_mi = q("12Mi");
        assert_eq!(twelve_mi.to_string(), "12Mi");
        assert_eq!(twelve_mi.as_integer(), Ok(12 * 1024 * 1024));
        assert!(parse("10Mo")
            .unwrap_err()
            .starts_with("quantities must match the regular expression"));
        assert_eq!(
            parse("10Mm").unwrap_err(),
            "unable to parse quantity's suffix"
        );
        assert!(is_quantity("20"));
        assert!(is_quantity("20M"));
        assert!(is_quantity("20Mi"));
        assert!(!is_quantity("20Mo"));
        assert!(!is_quantity("10Mm"));
        assert_eq!(q("200M"), q("200M"));
        assert!(q("200M") == q("0.2G") && q("0.2G") == q("200M"));
        assert!(q("2M") == q("0.002G") && q("2000k") == q("2M") && q("0.002G") == q("2000k"));
        assert_ne!(q("200M"), q("0.3G"));
        assert_eq!(q("50M").cmp(&q("50Mi")), Ordering::Less);
        assert_eq!(q("50M").cmp(&q("100M")), Ordering::Less);
        assert_ne!(q("100M").cmp(&q("50M")), Ordering::Less);
        assert_eq!(q("50Mi").cmp(&q("50M")), Ordering::Greater);
        assert_eq!(q("150Mi").cmp(&q("100Mi")), Ordering::Greater);
        assert_ne!(q("50M").cmp(&q("100M")), Ordering::Greater);
        assert_eq!(q("200M").cmp(&q("0.2G")), Ordering::Equal);
        assert_eq!(q("50k").add(&q("20")), q("50.02k"));
        assert_ne!(q("50k").add_int(20).cmp(&q("50020")), Ordering::Less);
        assert_eq!(q("50k").sub(&q("20")), q("49.98k"));
        assert_eq!(q("50k").sub_int(20), q("49980"));
        assert_eq!(
            q("50k").add_int(20).sub(&q("100k")).as_integer(),
            Ok(-49980)
        );
        assert_eq!(
            q("50k")
                .add_int(20)
                .sub(&q("100k"))
                .sub_int(-50000)
                .as_integer(),
            Ok(20)
        );
        assert_eq!(q("50k").as_integer(), Ok(50000));
        let huge = q("9999999999999999999999999999999999999G");
        assert_eq!(
            huge.as_integer(),
            Err("cannot convert value to integer".to_string())
        );
        assert!(!huge.is_integer());
        assert!(q("50").is_integer());
        assert_eq!(q("50.703k").as_approximate_float(), 50703.0);
        // Examples from the library documentation.
        assert!(q("50000000G").is_integer());
        assert!(q("50k").is_integer());
        assert_eq!(q("50k").sub_int(20000).as_approximate_float(), 30000.0);
        assert_eq!(q("50k").add(&q("20k")), q("70k"));
        assert_eq!(q("50k").add_int(20), q("50020"));
        assert_eq!(q("50k").sub(&q("20k")), q("30k"));
        assert_eq!(q("50k").sub_int(20000), q("30k"));
        assert_eq!(
            q("50k").add_int(20).sub(&q("100k")).sub_int(-50000),
            q("20")
        );
        assert!(is_quantity("1.3G") && is_quantity("1.3Gi") && is_quantity("10000k"));
        assert!(!is_quantity("1,3G") && !is_quantity("200K") && !is_quantity("Three"));
        assert!(is_quantity("1.5G") && is_quantity("200k"));
    }

    #[test]
    fn error_texts_are_go_exact() {
        assert_eq!(
            parse("").unwrap_err(),
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        );
        assert_eq!(parse("1 ").unwrap_err(), FMT);
        assert_eq!(parse("1.2.3").unwrap_err(), FMT);
        assert_eq!(parse("é").unwrap_err(), FMT);
        assert_eq!(parse("1e3.5").unwrap_err(), FMT);
        assert_eq!(parse("1K").unwrap_err(), SUF);
        assert_eq!(parse("1e").unwrap_err(), SUF);
        assert_eq!(parse("1e+").unwrap_err(), SUF);
        assert_eq!(parse("1ee5").unwrap_err(), SUF);
        assert_eq!(parse("1e99999999999999999999").unwrap_err(), SUF);
        assert_eq!(parse("--1").unwrap_err(), SUF);
        assert_eq!(parse("Ei").unwrap_err(), NUM);
        assert_eq!(parse(".e-10").unwrap_err(), NUM);
        assert_eq!(q("1Ei").as_integer().unwrap_err(), ERR_AS_INTEGER);
    }

    #[test]
    fn degenerate_inputs_parse_as_zero() {
        for s in [
            "+", "-", ".", "+.", "-.", "Mi", "k", "E", "e5", "+e5", "-Ki", "000", "-000k",
        ] {
            let v = q(s);
            assert_eq!(v.sign(), 0, "{s}");
            assert_eq!(v.to_string(), "0", "{s}");
            assert_eq!(v, Quantity::from_int(0), "{s}");
        }
        assert_eq!(q("Mi").format(), BSI);
        assert_eq!(q("e5").format(), DEXP);
    }

    #[test]
    fn is_integer_follows_go_representation() {
        // int64-backed with scale >= 0
        assert_eq!(q("1e3").as_integer(), Ok(1000));
        assert_eq!(q("99Ti").as_integer(), Ok(99 << 40));
        assert_eq!(q("1.Ki").as_integer(), Ok(1024));
        assert_eq!(q("0e400").as_integer(), Ok(0));
        // negative scale, even when integral
        assert!(!q("1.000").is_integer());
        assert!(!q("0m").is_integer());
        assert!(!q("0.0").is_integer());
        assert!(!q("1000m").is_integer());
        // decimal-backed, even when integral
        assert!(!q("1Pi").is_integer());
        assert!(!q("1Ei").is_integer());
        assert!(!q("100Ti").is_integer());
        assert!(!q("1.0Ki").is_integer());
        assert!(!q("1234567890123456789").is_integer());
        // overflow after scaling
        assert!(!q("1e19").is_integer());
        // 19 digits already take the decimal path in Go.
        assert!(!q("9223372036854775807").is_integer());
        assert!(Quantity::from_int(i64::MAX).add_int(0).is_integer());
        let big = Quantity::from_int(i64::MAX).add_int(1);
        assert!(!big.is_integer());
        assert_eq!(big.to_string(), "9223372036854775808");
        assert_eq!(big.as_approximate_float(), 9223372036854775808.0);
    }

    #[test]
    fn approximate_float_quirks() {
        assert!(q("0e400").as_approximate_float().is_nan());
        assert_eq!(q("0e-400").as_approximate_float(), 0.0);
        assert_eq!(q("1e400").as_approximate_float(), f64::INFINITY);
        assert_eq!(q("-1e400").as_approximate_float(), f64::NEG_INFINITY);
        assert_eq!(q("1e308").as_approximate_float(), 1e308);
        assert_eq!(q("1e-400").as_approximate_float(), 1e-9);
        assert_eq!(q("1.5Gi").as_approximate_float(), 1610612736.0);
        // unscaled * 1e-9 with Go's Pow10 tables, not a correctly rounded 0.1
        let v = q("100m").as_approximate_float();
        assert_eq!(v.to_bits(), 0x3fb999999999999a);
        // The unscaled integer (value * 10^9) overflows before scaling.
        // 1.1e304 fits an f64, but its unscaled form 1.1e313 does not.
        let just_below = format!("{}e285", "1".repeat(20));
        assert_eq!(q(&just_below).as_approximate_float(), f64::INFINITY);
    }

    #[test]
    fn string_keeps_parsed_text_when_go_does() {
        for s in [
            "+1k",
            "01",
            "1E3",
            "1e+3",
            "1e4294967296",
            "+601Ki",
            "-02703P",
            "1.",
            "1.e3",
            "0",
        ] {
            assert_eq!(q(s).to_string(), s);
        }
        assert_eq!(q("1e4294967296").as_integer(), Ok(1));
        // Any arithmetic drops the remembered text.
        assert_eq!(q("+1k").add_int(0).to_string(), "1k");
        assert_eq!(q("01").sub_int(0).to_string(), "1");
    }

    #[test]
    fn canonical_form() {
        let cases = [
            ("1.5", "1500m"),
            ("1.5Gi", "1536Mi"),
            ("1.5Ki", "1536"),
            ("2048Ki", "2Mi"),
            ("0.5Ki", "512"),
            ("1.1Ki", "1126400m"),
            ("1e-10", "1e-9"),
            ("1.5n", "2n"),
            ("0.1m", "100u"),
            ("10000k", "10M"),
            ("1e5", "100e3"),
            ("1e-1", "100e-3"),
            ("1000E", "1"),
            ("8Ei", "9223372036854775807"),
            ("-8Ei", "-9223372036854775807"),
            ("12345678901234567.8", "12345678901234567800m"),
            ("0.123456789012345678", "123456790n"),
        ];
        for (input, want) in cases {
            assert_eq!(q(input).to_string(), want, "{input}");
        }
        // -2^63 reached through int64 arithmetic keeps Go's wrapping
        // factor removal, so no "Ei" suffix (mathematically it is -8Ei).
        let min = q("-1Ki").add_int(i64::MIN + 1024);
        assert_eq!(min.format(), BSI);
        assert_eq!(min.as_integer(), Ok(i64::MIN));
        assert_eq!(min.to_string(), "-9223372036854775808");
        let m = Quantity::from_int(-1).sub_int(i64::MAX);
        assert_eq!(m.as_integer(), Ok(i64::MIN));
        let bin = q("-1Ki").add(&m);
        assert_eq!(bin.format(), BSI);
        assert!(!bin.is_integer());
        assert_eq!(bin.to_string(), "-9007199254740993Ki");
        // A zero receiver takes the operand's format.
        assert_eq!(q("Ki").add(&m).format(), DEXP);
        assert_eq!(q("-1Ki").sub_int(1024).add_int(2048).to_string(), "0");
        // 2^70 in BinarySI: Go's suffix table stops at Ei, so just "1".
        let mut zi = q("1Ki");
        for _ in 0..30 {
            zi = zi.add(&zi).add(&zi).add(&zi);
        }
        assert_eq!(zi.format(), BSI);
        assert_eq!(zi.to_string(), "1");
        assert_eq!(zi.as_approximate_float(), 2f64.powi(70));
    }

    #[test]
    fn add_sub_format_rules() {
        // A zero receiver takes the operand's format; int operands are
        // DecimalExponent.
        assert_eq!(q("0").add_int(5000).to_string(), "5e3");
        assert_eq!(q("0").add_int(5000).format(), DEXP);
        assert_eq!(q("0").add(&q("1Ki")).to_string(), "1Ki");
        assert_eq!(q("0").sub(&q("1Ki")).to_string(), "-1Ki");
        assert_eq!(q("1k").add_int(5000).to_string(), "6k");
        assert_eq!(q("1Ki").add_int(1024).to_string(), "2Ki");
        assert_eq!(q("1Ki").add(&q("1k")).to_string(), "2024");
        assert_eq!(q("1k").add(&q("1Ki")).to_string(), "2024");
        assert_eq!(q("0m").add(&q("1Ki")).format(), BSI);
        assert_eq!(q("1.5Gi").sub(&q("1.5Gi")).sign(), 0);
        assert_eq!(q("0.0").sub(&q("1e3")).format(), DEXP);
    }

    #[test]
    fn sub_of_int64_min_wraps_like_go() {
        // Go negates the operand with int64 arithmetic.
        let v = q("0").sub_int(i64::MIN);
        assert_eq!(v.as_integer(), Ok(i64::MIN));
        let v = q("1").sub_int(i64::MIN);
        assert_eq!(v.as_integer(), Ok(-9223372036854775807));
        // A decimal receiver does exact arithmetic.
        let v = q("1.5Gi").sub_int(i64::MIN);
        assert_eq!(v.to_string(), "8796093023744Mi");
        assert!(!v.is_integer());
    }

    #[test]
    fn overflow_moves_to_decimal() {
        let max = Quantity::from_int(i64::MAX);
        let v = max.add_int(i64::MAX);
        assert_eq!(v.to_string(), "18446744073709551614");
        assert!(!v.is_integer());
        let v = Quantity::from_int(i64::MIN).sub_int(1);
        assert_eq!(v.to_string(), "-9223372036854775809");
        let v = q("9223372036854775807").add(&q("1m"));
        assert_eq!(v.to_string(), "9223372036854775807001m");
        assert_eq!(v.cmp(&q("9223372036854775807")), Ordering::Greater);
    }

    #[test]
    fn comparisons_are_exact() {
        assert_eq!(q("1Ki"), q("1024"));
        assert_eq!(q("1Mi"), q("1048576"));
        assert_eq!(q("1e-10"), q("1n"));
        assert_eq!(q("1000m"), q("1"));
        assert_eq!(q("1.000"), q("1e0"));
        assert!(q("1n") > q("0"));
        assert!(q("-1n") < q("0"));
        assert!(q("1Ei") > q("1E"));
        assert!(q("1e400") > q("9999999999999999999999999999999999999G"));
        assert!(q("-1e400") < q("-1e399"));
        assert!(q("12345678901234567891e100") > q("12345678901234567890e100"));
        assert_eq!(q("123456789012345678900e99"), q("12345678901234567890e100"));
        let mut v = [q("1Ki"), q("1k"), q("-1"), q("1.5"), q("0"), q("1e-3")];
        v.sort();
        let s: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(s, ["-1", "0", "1e-3", "1500m", "1k", "1Ki"]);
        assert_eq!(q("1k").partial_cmp(&q("1000")), Some(Ordering::Equal));
    }

    #[test]
    fn cmp_promoting_mirrors_go_receiver_mutation() {
        let mut a = q("1");
        assert!(a.is_integer());
        assert_eq!(a.cmp_promoting(&q("1.5Gi")), Ordering::Less);
        assert!(!a.is_integer());
        assert_eq!(a.to_string(), "1");
        // Two int64 values: no change.
        let mut b = q("1");
        assert_eq!(b.cmp_promoting(&q("2")), Ordering::Less);
        assert!(b.is_integer());
        // The pure comparison never mutates.
        let c = q("1");
        assert_eq!(c.cmp(&q("1.5Gi")), Ordering::Less);
        assert!(c.is_integer());
    }

    #[test]
    fn extreme_exponents_stay_cheap() {
        // Go hangs (or panics) on these; we give exact answers quickly.
        let tiny = q("1e-2147483648");
        assert!(q("1e-2147483647") < q("1e2147483647"));
        let huge = q("12345678901234567890e2147483647");
        assert!(tiny.sign() > 0 && huge.sign() > 0);
        assert_eq!(huge.as_approximate_float(), f64::INFINITY);
        assert!(huge > q("1e400"));
        assert!(!huge.is_integer());
        let zero = q("0.0e-2147483648");
        assert!(zero.as_approximate_float().is_nan());
        assert!(zero.is_integer());
        assert_eq!(zero, Quantity::from_int(0));
    }

    #[test]
    fn go_pow10_matches_table_bounds() {
        assert_eq!(go_pow10(0), 1.0);
        assert_eq!(go_pow10(308), 1e308);
        assert_eq!(go_pow10(309), f64::INFINITY);
        assert_eq!(go_pow10(-9), 1e-9);
        assert!(go_pow10(-323) > 0.0);
        assert_eq!(go_pow10(-324), 0.0);
        assert_eq!(go_pow10(i64::MAX), f64::INFINITY);
        assert_eq!(go_pow10(i64::MIN), 0.0);
    }

    #[test]
    fn bigint_helpers() {
        let b = BigInt::from_digits(b"123456789012345678901234567890");
        assert_eq!(b.to_string(), "123456789012345678901234567890");
        assert_eq!(b.negated().to_string(), "-123456789012345678901234567890");
        assert_eq!(
            BigInt::from_i64(i64::MIN).to_string(),
            "-9223372036854775808"
        );
        assert_eq!(
            BigInt::pow10(30).to_string(),
            format!("1{}", "0".repeat(30))
        );
        assert_eq!(
            BigInt::from_i64(7).mul_pow10(300),
            BigInt::from_digits(format!("7{}", "0".repeat(300)).as_bytes())
        );
        let (s, t) = BigInt::from_digits(b"120000000000000000000").strip_factor(10);
        assert_eq!((s.to_string(), t), ("12".to_string(), 19));
        let (s, t) = BigInt::from_i64(-3 << 20).strip_factor(1024);
        assert_eq!((s.to_string(), t), ("-3".to_string(), 2));
        let (qt, inexact) = BigInt::from_i64(-1501).div_pow10(3);
        assert_eq!((qt.to_string(), inexact), ("-1".to_string(), true));
        assert_eq!(BigInt::from_i64(5).div_pow10(40), (BigInt::default(), true));
        assert_eq!(
            BigInt::from_i64(1).shl(70).to_string(),
            "1180591620717411303424"
        );
        let a = BigInt::from_i64(-5);
        assert_eq!(a.add(&BigInt::from_i64(3)).to_string(), "-2");
        assert_eq!(a.add(&BigInt::from_i64(5)), BigInt::default());
        // to_f64: ties to even just above 2^64 and correct rounding
        let two64 = BigInt::from_i64(1).shl(64);
        assert_eq!(two64.to_f64(), 18446744073709551616.0);
        let tie = BigInt::from_i64(1)
            .shl(53)
            .add(&BigInt::from_i64(1))
            .shl(40);
        assert_eq!(tie.to_f64(), 2f64.powi(93));
        let above = tie.add(&BigInt::from_i64(1));
        assert_eq!(above.to_f64(), 2f64.powi(93) + 2f64.powi(41));
        assert_eq!(BigInt::from_i64(1).shl(1024).to_f64(), f64::INFINITY);
        assert_eq!(BigInt::from_i64(-1).shl(1023).to_f64(), -(2f64.powi(1023)));
    }

    #[test]
    fn parse_vectors_match_go() {
        for (input, want) in PARSE_VECTORS {
            match (parse(input), want) {
                (Err(e), Q::Err(w)) => assert_eq!(&e, w, "{input:?}"),
                (Ok(got), Q::Ok(s, i, f, sign, fmt)) => {
                    check(&got, &(*s, *i, *f, *sign, *fmt), &format!("{input:?}"))
                }
                (Ok(got), Q::Err(w)) => panic!("{input:?}: got {got}, want error {w}"),
                (Err(e), Q::Ok(s, ..)) => panic!("{input:?}: got error {e}, want {s}"),
            }
        }
    }

    #[test]
    fn binary_vectors_match_go() {
        for (a, b, c, add, sub) in BINARY_VECTORS {
            let (qa, qb) = (q(a), q(b));
            assert_eq!(qa.cmp(&qb) as i32, *c, "{a:?} cmp {b:?}");
            assert_eq!(qa == qb, *c == 0, "{a:?} == {b:?}");
            check(&qa.add(&qb), add, &format!("{a:?} + {b:?}"));
            check(&qa.sub(&qb), sub, &format!("{a:?} - {b:?}"));
        }
    }

    #[test]
    fn int_vectors_match_go() {
        for (a, n, add, sub) in INT_VECTORS {
            let qa = q(a);
            check(&qa.add_int(*n), add, &format!("{a:?} + {n}"));
            check(&qa.sub_int(*n), sub, &format!("{a:?} - {n}"));
        }
    }

    // (input, expected) as produced by Go resource.ParseQuantity + String/AsInt64/AsApproximateFloat64/Sign/Format
    const PARSE_VECTORS: &[(&str, Q)] = &[
        ("", Q::Err(FMT)),
        ("0", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("+", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("-", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        (".", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("+.", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("-.", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("Mi", Q::Ok("0", Some(0), 0.0, 0, BSI)),
        ("k", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("e", Q::Err(SUF)),
        ("E", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("Ei", Q::Err(NUM)),
        ("1", Q::Ok("1", Some(1), 1.0, 1, DSI)),
        ("01", Q::Ok("01", Some(1), 1.0, 1, DSI)),
        ("+1", Q::Ok("+1", Some(1), 1.0, 1, DSI)),
        ("-1", Q::Ok("-1", Some(-1), -1.0, -1, DSI)),
        ("1.", Q::Ok("1.", Some(1), 1.0, 1, DSI)),
        (".5", Q::Ok("500m", None, 0.5, 1, DSI)),
        ("1.5", Q::Ok("1500m", None, 1.5, 1, DSI)),
        ("0.5", Q::Ok("500m", None, 0.5, 1, DSI)),
        ("1.000", Q::Ok("1", None, 1.0, 1, DSI)),
        ("0m", Q::Ok("0", None, 0.0, 0, DSI)),
        ("0.0", Q::Ok("0", None, 0.0, 0, DSI)),
        ("000", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("0k", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("1k", Q::Ok("1k", Some(1000), 1000.0, 1, DSI)),
        ("+1k", Q::Ok("+1k", Some(1000), 1000.0, 1, DSI)),
        ("-1k", Q::Ok("-1k", Some(-1000), -1000.0, -1, DSI)),
        ("1K", Q::Err(SUF)),
        ("1Ki", Q::Ok("1Ki", Some(1024), 1024.0, 1, BSI)),
        ("9Ki", Q::Ok("9Ki", Some(9216), 9216.0, 1, BSI)),
        ("12Ki", Q::Ok("12Ki", Some(12288), 12288.0, 1, BSI)),
        ("1025Ki", Q::Ok("1025Ki", Some(1049600), 1049600.0, 1, BSI)),
        ("2048Ki", Q::Ok("2Mi", Some(2097152), 2097152.0, 1, BSI)),
        ("1024Ki", Q::Ok("1Mi", Some(1048576), 1048576.0, 1, BSI)),
        ("1.5Gi", Q::Ok("1536Mi", None, 1610612736.0, 1, BSI)),
        ("1Pi", Q::Ok("1Pi", None, 1125899906842624.0, 1, BSI)),
        ("1Ei", Q::Ok("1Ei", None, 1.152921504606847e+18, 1, BSI)),
        (
            "8Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("7Ei", Q::Ok("7Ei", None, 8.070450532247929e+18, 1, BSI)),
        (
            "-8Ei",
            Q::Ok(
                "-9223372036854775807",
                None,
                -9.223372036854776e+18,
                -1,
                BSI,
            ),
        ),
        ("100Ti", Q::Ok("100Ti", None, 109951162777600.0, 1, BSI)),
        (
            "99Ti",
            Q::Ok("99Ti", Some(108851651149824), 108851651149824.0, 1, BSI),
        ),
        ("1e3", Q::Ok("1e3", Some(1000), 1000.0, 1, DEXP)),
        ("1E3", Q::Ok("1E3", Some(1000), 1000.0, 1, DEXP)),
        ("1e+3", Q::Ok("1e+3", Some(1000), 1000.0, 1, DEXP)),
        ("1e-3", Q::Ok("1e-3", None, 0.001, 1, DEXP)),
        ("1e-9", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1e-10", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1e-12", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1.5n", Q::Ok("2n", None, 2e-09, 1, DSI)),
        ("0.1m", Q::Ok("100u", None, 0.0001, 1, DSI)),
        ("1n", Q::Ok("1n", None, 1e-09, 1, DSI)),
        ("1u", Q::Ok("1u", None, 1e-06, 1, DSI)),
        ("1m", Q::Ok("1m", None, 0.001, 1, DSI)),
        ("1M", Q::Ok("1M", Some(1000000), 1000000.0, 1, DSI)),
        ("1G", Q::Ok("1G", Some(1000000000), 1000000000.0, 1, DSI)),
        (
            "1T",
            Q::Ok("1T", Some(1000000000000), 1000000000000.0, 1, DSI),
        ),
        (
            "1P",
            Q::Ok("1P", Some(1000000000000000), 1000000000000000.0, 1, DSI),
        ),
        ("1E", Q::Ok("1E", Some(1000000000000000000), 1e+18, 1, DSI)),
        ("1000E", Q::Ok("1", None, 1e+21, 1, DSI)),
        ("1000000E", Q::Ok("1", None, 1e+24, 1, DSI)),
        (
            "9223372036854775807",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, DSI),
        ),
        (
            "9223372036854775808",
            Q::Ok("9223372036854775808", None, 9.223372036854776e+18, 1, DSI),
        ),
        (
            "-9223372036854775807",
            Q::Ok(
                "-9223372036854775807",
                None,
                -9.223372036854776e+18,
                -1,
                DSI,
            ),
        ),
        (
            "-9223372036854775808",
            Q::Ok(
                "-9223372036854775808",
                None,
                -9.223372036854776e+18,
                -1,
                DSI,
            ),
        ),
        (
            "9999999999999999999999999999999999999G",
            Q::Ok(
                "9999999999999999999999999999999999999G",
                None,
                1.0000000000000001e+46,
                1,
                DSI,
            ),
        ),
        ("1e4294967296", Q::Ok("1e4294967296", Some(1), 1.0, 1, DEXP)),
        (
            "1e2147483647",
            Q::Ok("10e2147483646", None, f64::INFINITY, 1, DEXP),
        ),
        (
            "1.5e-2147483648",
            Q::Ok("150e2147483646", None, f64::INFINITY, 1, DEXP),
        ),
        ("0e400", Q::Ok("0", Some(0), f64::NAN, 0, DEXP)),
        ("0e-400", Q::Ok("0", None, 0.0, 0, DEXP)),
        ("1e400", Q::Ok("10e399", None, f64::INFINITY, 1, DEXP)),
        (
            "-1e400",
            Q::Ok("-10e399", None, f64::NEG_INFINITY, -1, DEXP),
        ),
        ("1e-400", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1e308", Q::Ok("100e306", None, 1e+308, 1, DEXP)),
        ("1e309", Q::Ok("1e309", None, f64::INFINITY, 1, DEXP)),
        (
            "12345678901234567890e100",
            Q::Ok(
                "123456789012345678900e99",
                None,
                1.234567890123457e+119,
                1,
                DEXP,
            ),
        ),
        (
            "12345678901234567890e280",
            Q::Ok(
                "123456789012345678900e279",
                None,
                1.2345678901234568e+299,
                1,
                DEXP,
            ),
        ),
        ("1.5e1000", Q::Ok("1.5e1000", None, f64::INFINITY, 1, DEXP)),
        ("1.2.3", Q::Err(FMT)),
        ("1 ", Q::Err(FMT)),
        (" 1", Q::Err(FMT)),
        ("1Ki ", Q::Err(FMT)),
        ("abc", Q::Err(FMT)),
        ("1ee5", Q::Err(SUF)),
        ("1e", Q::Err(SUF)),
        ("1e+", Q::Err(SUF)),
        ("1Mm", Q::Err(SUF)),
        ("10Mo", Q::Err(FMT)),
        ("10Mm", Q::Err(SUF)),
        ("1.5.", Q::Err(FMT)),
        ("1.e3", Q::Ok("1.e3", Some(1000), 1000.0, 1, DEXP)),
        ("-.5Ki", Q::Ok("-512", None, -512.0, -1, BSI)),
        ("0.001Ki", Q::Ok("1024m", None, 1.024, 1, BSI)),
        (".001Ki", Q::Ok("1024m", None, 1.024, 1, BSI)),
        (
            ".000001Ki",
            Q::Ok("1024u", None, 0.0010240000000000002, 1, DSI),
        ),
        (".000000001Ki", Q::Ok("1024n", None, 1.024e-06, 1, DSI)),
        (".000000000001Ki", Q::Ok("2n", None, 2e-09, 1, DSI)),
        ("1.1Ki", Q::Ok("1126400m", None, 1126.4, 1, BSI)),
        ("0.5Ki", Q::Ok("512", None, 512.0, 1, BSI)),
        ("-0.5Ki", Q::Ok("-512", None, -512.0, -1, BSI)),
        ("1024", Q::Ok("1024", Some(1024), 1024.0, 1, DSI)),
        ("1023Ki", Q::Ok("1023Ki", Some(1047552), 1047552.0, 1, BSI)),
        ("200M", Q::Ok("200M", Some(200000000), 200000000.0, 1, DSI)),
        ("0.2G", Q::Ok("200M", Some(200000000), 200000000.0, 1, DSI)),
        ("50M", Q::Ok("50M", Some(50000000), 50000000.0, 1, DSI)),
        ("50Mi", Q::Ok("50Mi", Some(52428800), 52428800.0, 1, BSI)),
        (
            "150Mi",
            Q::Ok("150Mi", Some(157286400), 157286400.0, 1, BSI),
        ),
        (
            "100Mi",
            Q::Ok("100Mi", Some(104857600), 104857600.0, 1, BSI),
        ),
        ("50k", Q::Ok("50k", Some(50000), 50000.0, 1, DSI)),
        ("20", Q::Ok("20", Some(20), 20.0, 1, DSI)),
        ("50.02k", Q::Ok("50020", Some(50020), 50020.0, 1, DSI)),
        ("49.98k", Q::Ok("49980", Some(49980), 49980.0, 1, DSI)),
        ("49980", Q::Ok("49980", Some(49980), 49980.0, 1, DSI)),
        ("50.703k", Q::Ok("50.703k", Some(50703), 50703.0, 1, DSI)),
        ("12Mi", Q::Ok("12Mi", Some(12582912), 12582912.0, 1, BSI)),
        ("20Mi", Q::Ok("20Mi", Some(20971520), 20971520.0, 1, BSI)),
        (
            "1.5G",
            Q::Ok("1500M", Some(1500000000), 1500000000.0, 1, DSI),
        ),
        ("200k", Q::Ok("200k", Some(200000), 200000.0, 1, DSI)),
        ("10000k", Q::Ok("10M", Some(10000000), 10000000.0, 1, DSI)),
        ("1,3G", Q::Err(FMT)),
        ("Three", Q::Err(FMT)),
        ("1e-1", Q::Ok("100e-3", None, 0.1, 1, DEXP)),
        ("1e-2", Q::Ok("10e-3", None, 0.01, 1, DEXP)),
        ("1e-4", Q::Ok("100e-6", None, 0.0001, 1, DEXP)),
        ("1e5", Q::Ok("100e3", Some(100000), 100000.0, 1, DEXP)),
        ("1e-0", Q::Ok("1e-0", Some(1), 1.0, 1, DEXP)),
        ("1e00003", Q::Ok("1e00003", Some(1000), 1000.0, 1, DEXP)),
        ("1E-3", Q::Ok("1E-3", None, 0.001, 1, DEXP)),
        (
            "1.23456789e5",
            Q::Ok("1.23456789e5", None, 123456.789, 1, DEXP),
        ),
        ("0.000000001", Q::Ok("1n", None, 1e-09, 1, DSI)),
        ("0.0000000001", Q::Ok("1n", None, 1e-09, 1, DSI)),
        ("0.0000000015", Q::Ok("2n", None, 2e-09, 1, DSI)),
        ("-0.0000000015", Q::Ok("-2n", None, -2e-09, -1, DSI)),
        (
            "123456789012345678",
            Q::Ok(
                "123456789012345678",
                Some(123456789012345678),
                1.2345678901234568e+17,
                1,
                DSI,
            ),
        ),
        (
            "1234567890123456789",
            Q::Ok("1234567890123456789", None, 1.234567890123457e+18, 1, DSI),
        ),
        (
            "12345678901234567.8",
            Q::Ok(
                "12345678901234567800m",
                None,
                1.2345678901234568e+16,
                1,
                DSI,
            ),
        ),
        (
            "0.123456789012345678",
            Q::Ok("123456790n", None, 0.12345679000000001, 1, DSI),
        ),
        ("100m", Q::Ok("100m", None, 0.1, 1, DSI)),
        ("1000m", Q::Ok("1", None, 1.0, 1, DSI)),
        ("1500m", Q::Ok("1500m", None, 1.5, 1, DSI)),
        ("1.5", Q::Ok("1500m", None, 1.5, 1, DSI)),
        ("-1.5", Q::Ok("-1500m", None, -1.5, -1, DSI)),
        ("3000n", Q::Ok("3u", None, 3e-06, 1, DSI)),
        ("1000000u", Q::Ok("1", None, 1.0, 1, DSI)),
        ("0.5m", Q::Ok("500u", None, 0.0005, 1, DSI)),
        ("1ki", Q::Err(SUF)),
        ("1KI", Q::Err(FMT)),
        ("1mi", Q::Err(SUF)),
        ("1Mi ", Q::Err(FMT)),
        ("\t1", Q::Err(FMT)),
        ("1\n", Q::Err(FMT)),
        ("é", Q::Err(FMT)),
        ("1é", Q::Err(FMT)),
        ("١", Q::Err(FMT)),
        ("+-1", Q::Err(SUF)),
        ("--1", Q::Err(SUF)),
        ("1e3.5", Q::Err(FMT)),
        ("1.5Ki", Q::Ok("1536", None, 1536.0, 1, BSI)),
        ("1.5Mi", Q::Ok("1536Ki", None, 1572864.0, 1, BSI)),
        ("1.0Ki", Q::Ok("1Ki", None, 1024.0, 1, BSI)),
        ("1.Ki", Q::Ok("1.Ki", Some(1024), 1024.0, 1, BSI)),
        (
            "8Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "8191Pi",
            Q::Ok("8191Pi", None, 9.222246136947934e+18, 1, BSI),
        ),
        (
            "8192Pi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "16Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "9223372036854775807Ki",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "4611686018427387904",
            Q::Ok("4611686018427387904", None, 4.611686018427388e+18, 1, DSI),
        ),
        (
            "1Ti",
            Q::Ok("1Ti", Some(1099511627776), 1099511627776.0, 1, BSI),
        ),
        ("1023Ti", Q::Ok("1023Ti", None, 1124800395214848.1, 1, BSI)),
        (
            "16383Pi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("0.9Ki", Q::Ok("921600m", None, 921.6, 1, BSI)),
        ("1000Ki", Q::Ok("1000Ki", Some(1024000), 1024000.0, 1, BSI)),
        (
            "1024Mi",
            Q::Ok("1Gi", Some(1073741824), 1073741824.0, 1, BSI),
        ),
        (
            "1536Mi",
            Q::Ok("1536Mi", Some(1610612736), 1610612736.0, 1, BSI),
        ),
        ("1.5Ti", Q::Ok("1536Gi", None, 1649267441664.0, 1, BSI)),
        ("5e-10", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1e-18", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("-1e-18", Q::Ok("-1e-9", None, -1e-09, -1, DEXP)),
        (
            "999999999999999999",
            Q::Ok(
                "999999999999999999",
                Some(999999999999999999),
                1e+18,
                1,
                DSI,
            ),
        ),
        (
            "1e18",
            Q::Ok("1e18", Some(1000000000000000000), 1e+18, 1, DEXP),
        ),
        ("1e19", Q::Ok("10e18", None, 1e+19, 1, DEXP)),
        (
            "9.223372036854775807e18",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, DEXP),
        ),
        (
            "922337203685477580.7",
            Q::Ok(
                "922337203685477580700m",
                None,
                9.223372036854776e+17,
                1,
                DSI,
            ),
        ),
        ("0.000000000000000000000", Q::Ok("0", None, 0.0, 0, DSI)),
        (
            "00000000000000000000001",
            Q::Ok("00000000000000000000001", Some(1), 1.0, 1, DSI),
        ),
        ("1.00000000000000000000", Q::Ok("1", None, 1.0, 1, DSI)),
        ("1e-9999", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("1e9999", Q::Ok("1e9999", None, f64::INFINITY, 1, DEXP)),
        (
            "123e-5",
            Q::Ok("1230e-6", None, 0.0012300000000000002, 1, DEXP),
        ),
        (
            "-123e-5",
            Q::Ok("-1230e-6", None, -0.0012300000000000002, -1, DEXP),
        ),
        ("1e6k", Q::Err(FMT)),
        ("1k5", Q::Err(SUF)),
        ("1m5", Q::Err(SUF)),
        ("1e-5e", Q::Err(FMT)),
        ("e5", Q::Ok("0", Some(0), 0.0, 0, DEXP)),
        ("E5", Q::Ok("0", Some(0), 0.0, 0, DEXP)),
        ("1E", Q::Ok("1E", Some(1000000000000000000), 1e+18, 1, DSI)),
        (
            "-1E",
            Q::Ok("-1E", Some(-1000000000000000000), -1e+18, -1, DSI),
        ),
        (
            "1P",
            Q::Ok("1P", Some(1000000000000000), 1000000000000000.0, 1, DSI),
        ),
        (
            "2P",
            Q::Ok("2P", Some(2000000000000000), 2000000000000000.0, 1, DSI),
        ),
        (
            "1e15",
            Q::Ok("1e15", Some(1000000000000000), 1000000000000000.0, 1, DEXP),
        ),
        ("1e-15", Q::Ok("1e-9", None, 1e-09, 1, DEXP)),
        ("+.5", Q::Ok("500m", None, 0.5, 1, DSI)),
        ("-.5", Q::Ok("-500m", None, -0.5, -1, DSI)),
        (".", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("..", Q::Err(FMT)),
        (".e5", Q::Ok("0", Some(0), 0.0, 0, DEXP)),
        (".e-10", Q::Err(NUM)),
        ("+e5", Q::Ok("0", Some(0), 0.0, 0, DEXP)),
        ("-Ki", Q::Ok("0", Some(0), 0.0, 0, BSI)),
        ("+E-4", Q::Ok("0", None, 0.0, 0, DEXP)),
        (
            "+829825Ti",
            Q::Ok("829825Ti", None, 9.124022365192192e+17, 1, BSI),
        ),
        (
            "0031.508600292Ti",
            Q::Ok("34644072396000268910592n", None, 34644072396000.27, 1, BSI),
        ),
        (
            "-638n",
            Q::Ok("-638n", None, -6.380000000000001e-07, -1, DSI),
        ),
        (
            "+8249M",
            Q::Ok("+8249M", Some(8249000000), 8249000000.0, 1, DSI),
        ),
        (
            "35.0007M",
            Q::Ok("35000700", Some(35000700), 35000700.0, 1, DSI),
        ),
        (
            "0008179e163",
            Q::Ok("81790e162", None, 8.178999999999999e+166, 1, DEXP),
        ),
        (
            "332242818020E-4",
            Q::Ok("33224281802e-3", None, 33224281.802, 1, DEXP),
        ),
        (
            "+00232055262298368651e+6",
            Q::Ok(
                "+00232055262298368651e+6",
                None,
                2.3205526229836865e+23,
                1,
                DEXP,
            ),
        ),
        (
            "0460588911250475647944770.2010G",
            Q::Ok(
                "460588911250475647944770201M",
                None,
                4.6058891125047566e+32,
                1,
                DSI,
            ),
        ),
        ("+453e+231", Q::Ok("+453e+231", None, 4.53e+233, 1, DEXP)),
        ("43.1n", Q::Ok("44n", None, 4.4000000000000004e-08, 1, DSI)),
        (
            "50317293498524011e-12",
            Q::Ok("50317293498525e-9", None, 50317.293498525, 1, DEXP),
        ),
        (
            "6705065890577055642Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("004Ei", Q::Ok("4Ei", None, 4.611686018427388e+18, 1, BSI)),
        (
            "52698M",
            Q::Ok("52698M", Some(52698000000), 52698000000.0, 1, DSI),
        ),
        (
            "-02703P",
            Q::Ok("-02703P", Some(-2703000000000000000), -2.703e+18, -1, DSI),
        ),
        (
            "375768E2",
            Q::Ok("37576800", Some(37576800), 37576800.0, 1, DEXP),
        ),
        (
            "715374691239649208.534065384G",
            Q::Ok(
                "715374691239649208534065384",
                None,
                7.153746912396492e+26,
                1,
                DSI,
            ),
        ),
        ("-000k", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        (
            "840366967u",
            Q::Ok("840366967u", None, 840.3669669999999, 1, DSI),
        ),
        ("+601Ki", Q::Ok("+601Ki", Some(615424), 615424.0, 1, BSI)),
        (
            "+16163907205242624595.705672959482",
            Q::Ok(
                "16163907205242624595705672960n",
                None,
                1.6163907205242624e+19,
                1,
                DSI,
            ),
        ),
        ("67398.3651x22801625G", Q::Err(FMT)),
        (
            "-89499.Pi",
            Q::Ok(
                "-9223372036854775807",
                None,
                -9.223372036854776e+18,
                -1,
                BSI,
            ),
        ),
        (
            "41240.43e29",
            Q::Ok("41240.43e29", None, 4.1240430000000003e+33, 1, DEXP),
        ),
        ("0000k", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        ("-71.0Mi", Q::Ok("-71Mi", None, -74448896.0, -1, BSI)),
        (
            "000343856152478.P",
            Q::Ok("000343856152478.P", None, 3.43856152478e+26, 1, DSI),
        ),
        ("440895m", Q::Ok("440895m", None, 440.895, 1, DSI)),
        (
            "8219116207164428832m",
            Q::Ok("8219116207164428832m", None, 8219116207164430.0, 1, DSI),
        ),
        (
            "+356404e+61",
            Q::Ok("3564040e60", None, 3.56404e+66, 1, DEXP),
        ),
        (
            "-05u",
            Q::Ok("-05u", None, -4.9999999999999996e-06, -1, DSI),
        ),
        (
            "-2220.n",
            Q::Ok("-2220.n", None, -2.2200000000000003e-06, -1, DSI),
        ),
        (
            "-079935100.116275728T",
            Q::Ok(
                "-079935100.116275728T",
                None,
                -7.993510011627572e+19,
                -1,
                DSI,
            ),
        ),
        (
            "536075175194183016M",
            Q::Ok("536075175194183016M", None, 5.3607517519418304e+23, 1, DSI),
        ),
        (
            "021263136039768596m",
            Q::Ok("021263136039768596m", None, 21263136039768.598, 1, DSI),
        ),
        (
            "00781187620Pi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "+568874561237Ki",
            Q::Ok("568874561237Ki", None, 582527550706688.0, 1, BSI),
        ),
        (
            "58485251176779363357m",
            Q::Ok("58485251176779363357m", None, 5.848525117677937e+16, 1, DSI),
        ),
        (
            "0302590304682355563e-5",
            Q::Ok("3025903046823555630e-6", None, 3025903046823.556, 1, DEXP),
        ),
        (
            "2278593501221159695u",
            Q::Ok("2278593501221159695u", None, 2278593501221.1597, 1, DSI),
        ),
        (
            "+1228P",
            Q::Ok("+1228P", Some(1228000000000000000), 1.228e+18, 1, DSI),
        ),
        (
            "0009704475058805930192354770.153965809183e-260",
            Q::Ok("1e-9", None, 1e-09, 1, DEXP),
        ),
        (
            "+253767436136289.4705Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "380052224681Gi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "118202503389391625E-326",
            Q::Ok("1e-9", None, 1e-09, 1, DEXP),
        ),
        (" 4504Ei", Q::Err(FMT)),
        ("-6E-10", Q::Ok("-1e-9", None, -1e-09, -1, DEXP)),
        (
            ".68E160",
            Q::Ok("6800e156", None, 6.8000000000000006e+159, 1, DEXP),
        ),
        ("89Ki", Q::Ok("89Ki", Some(91136), 91136.0, 1, BSI)),
        (
            "00649990337438n",
            Q::Ok("00649990337438n", None, 649.9903374380001, 1, DSI),
        ),
        ("e-154", Q::Err(NUM)),
        ("-000227E", Q::Ok("-000227E", None, -2.27e+20, -1, DSI)),
        ("6e-5", Q::Ok("60e-6", None, 6.000000000000001e-05, 1, DEXP)),
        (
            "00067316963378249e+8",
            Q::Ok("6731696337824900e6", None, 6.7316963378249e+21, 1, DEXP),
        ),
        (
            "+05e-6",
            Q::Ok("+05e-6", None, 4.9999999999999996e-06, 1, DEXP),
        ),
        ("e-11", Q::Err(NUM)),
        (
            "-388949491914e-2",
            Q::Ok("-3889494919140e-3", None, -3889494919.14, -1, DEXP),
        ),
        (
            "62643549686528560035E",
            Q::Ok("62643549686528560035E", None, 6.264354968652857e+37, 1, DSI),
        ),
        ("08E-2", Q::Ok("80e-3", None, 0.08, 1, DEXP)),
        (
            "-38E16",
            Q::Ok("-380e15", Some(-380000000000000000), -3.8e+17, -1, DEXP),
        ),
        (
            "+615459044889783000Mi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "45Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("8E", Q::Ok("8E", Some(8000000000000000000), 8e+18, 1, DSI)),
        ("+14252.4E", Q::Ok("14252400P", None, 1.42524e+22, 1, DSI)),
        (
            "0471348891294900566192106u",
            Q::Ok(
                "471348891294900566192106u",
                None,
                4.7134889129490054e+17,
                1,
                DSI,
            ),
        ),
        (
            "62745322448304123.7E-2",
            Q::Ok("62745322448304123.7E-2", None, 627453224483041.2, 1, DEXP),
        ),
        (
            "+923148431M",
            Q::Ok(
                "+923148431M",
                Some(923148431000000),
                923148431000000.0,
                1,
                DSI,
            ),
        ),
        ("+0.1k", Q::Ok("100", Some(100), 100.0, 1, DSI)),
        (
            "890532601578111899M",
            Q::Ok("890532601578111899M", None, 8.905326015781118e+23, 1, DSI),
        ),
        (
            "785125.489318404052147P",
            Q::Ok("785125489318404052147", None, 7.85125489318404e+20, 1, DSI),
        ),
        (
            "92873456208052168161Gi",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "565.171165342u",
            Q::Ok("565172n", None, 0.0005651720000000001, 1, DSI),
        ),
        ("+96.1737478942E ", Q::Err(FMT)),
        (
            "00082222694105003516640G",
            Q::Ok("82222694105003516640G", None, 8.222269410500352e+28, 1, DSI),
        ),
        (
            "003.E54",
            Q::Ok("003.E54", None, 3.0000000000000002e+54, 1, DEXP),
        ),
        (
            "-2687041294995380550.787127526E-6",
            Q::Ok(
                "-2687041294995380550788e-9",
                None,
                -2687041294995.381,
                -1,
                DEXP,
            ),
        ),
        (
            "+9.160510548203749k",
            Q::Ok("9160510548204n", None, 9160.510548204, 1, DSI),
        ),
        (
            "+2.262e+13",
            Q::Ok("22620e9", Some(22620000000000), 22620000000000.0, 1, DEXP),
        ),
        (
            "+4188993130346779879.162244815n",
            Q::Ok("4188993130346779880n", None, 4188993130.34678, 1, DSI),
        ),
        (
            "4204Mi",
            Q::Ok("4204Mi", Some(4408213504), 4408213504.0, 1, BSI),
        ),
        (
            "+0815054M",
            Q::Ok("+0815054M", Some(815054000000), 815054000000.0, 1, DSI),
        ),
        ("4088", Q::Ok("4088", Some(4088), 4088.0, 1, DSI)),
        (
            "0093698897883806594247Ki",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("30.7E", Q::Ok("30700P", None, 3.07e+19, 1, DSI)),
        (
            "72797527476346003e7",
            Q::Ok("727975274763460030e6", None, 7.2797527476346e+23, 1, DEXP),
        ),
        ("T", Q::Ok("0", Some(0), 0.0, 0, DSI)),
        (
            "488741803Ti",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        ("0000.8E-8", Q::Ok("8e-9", None, 8e-09, 1, DEXP)),
        (
            "-3515896507524133301E",
            Q::Ok(
                "-3515896507524133301E",
                None,
                -3.5158965075241333e+36,
                -1,
                DSI,
            ),
        ),
        (
            "0050946445877586262e3",
            Q::Ok(
                "0050946445877586262e3",
                None,
                5.094644587758626e+19,
                1,
                DEXP,
            ),
        ),
        (
            "0005E15",
            Q::Ok(
                "0005E15",
                Some(5000000000000000),
                5000000000000000.0,
                1,
                DEXP,
            ),
        ),
        (
            "794365289024e+45",
            Q::Ok("794365289024e+45", None, 7.94365289024e+56, 1, DEXP),
        ),
        (
            "917125n",
            Q::Ok("917125n", None, 0.0009171250000000001, 1, DSI),
        ),
        ("2.8E.i", Q::Err(FMT)),
        (
            "00741215347009588n",
            Q::Ok("00741215347009588n", None, 741215.347009588, 1, DSI),
        ),
        (
            "-8E",
            Q::Ok("-8E", Some(-8000000000000000000), -8e+18, -1, DSI),
        ),
        (
            "-175873Pi",
            Q::Ok(
                "-9223372036854775807",
                None,
                -9.223372036854776e+18,
                -1,
                BSI,
            ),
        ),
        (
            "-1040083043829512148428662M",
            Q::Ok(
                "-1040083043829512148428662M",
                None,
                -1.0400830438295122e+30,
                -1,
                DSI,
            ),
        ),
        (
            "+1481353129041764940888629e-1",
            Q::Ok(
                "148135312904176494088862900e-3",
                None,
                1.481353129041765e+23,
                1,
                DEXP,
            ),
        ),
        ("57M", Q::Ok("57M", Some(57000000), 57000000.0, 1, DSI)),
        (
            "+0916.3921682141Pi",
            Q::Ok(
                "1031765856823565412223837799n",
                None,
                1.0317658568235654e+18,
                1,
                BSI,
            ),
        ),
        (
            "0002Ti",
            Q::Ok("0002Ti", Some(2199023255552), 2199023255552.0, 1, BSI),
        ),
        (
            "21Ei",
            Q::Ok("9223372036854775807", None, 9.223372036854776e+18, 1, BSI),
        ),
        (
            "04556904900791519e6",
            Q::Ok("04556904900791519e6", None, 4.556904900791519e+21, 1, DEXP),
        ),
        (
            "55080978485429520699.799E-289",
            Q::Ok("1e-9", None, 1e-09, 1, DEXP),
        ),
        ("000.35n", Q::Ok("1n", None, 1e-09, 1, DSI)),
        (
            "+74.G",
            Q::Ok("+74.G", Some(74000000000), 74000000000.0, 1, DSI),
        ),
        ("7Ei", Q::Ok("7Ei", None, 8.070450532247929e+18, 1, BSI)),
    ];
    // (a, b, a.Cmp(b), a.Add(b), a.Sub(b)) from Go
    const BINARY_VECTORS: &[(&str, &str, i32, D, D)] = &[
        ("60422311499196577405k", "381086367895.G", 1, ("60803397867091577405k", None, 6.080339786709158e+22, 1, DSI), ("60041225131301577405k", None, 6.004122513130158e+22, 1, DSI)),
        ("e-3", ".651e+6", -1, ("651e3", Some(651000), 651000.0, 1, DEXP), ("-651e3", Some(-651000), -651000.0, -1, DEXP)),
        ("000343856152478.P", "3k", 1, ("343856152478000000000003k", None, 3.43856152478e+26, 1, DSI), ("343856152477999999999997k", None, 3.43856152478e+26, 1, DSI)),
        ("+1k", "1.5Gi", -1, ("1610613736", None, 1610613736.0, 1, DSI), ("-1610611736", None, -1610611736.0, -1, DSI)),
        ("+708632874886036686Mi", "E-4", 1, ("9223372036854775807", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775807", None, 9.223372036854776e+18, 1, BSI)),
        ("245811742782967318.294273099e+16", "35524383053139906.7k", 1, ("2458117427829708707325784129906700", None, 2.4581174278297087e+33, 1, DEXP), ("2458117427829637658559677850093300", None, 2.4581174278296378e+33, 1, DEXP)),
        ("+9268161359982694621k", ".477161E", 1, ("9268638520982694621k", None, 9.268638520982695e+21, 1, DSI), ("9267684198982694621k", None, 9.267684198982696e+21, 1, DSI)),
        ("+3139691102541883569u", "4.3E-4", 1, ("3139691102541883999u", None, 3139691102541.8843, 1, DSI), ("3139691102541883139u", None, 3139691102541.884, 1, DSI)),
        (".723014434Ei", "6e-8", 1, ("833578889099747858877251644n", None, 8.33578889099748e+17, 1, BSI), ("833578889099747858877251524n", None, 8.33578889099748e+17, 1, BSI)),
        ("0006E", "+9864720773901098828420878.115445742804292u", -1, ("15864720773901098828420878116n", None, 1.5864720773901101e+19, 1, DSI), ("-3864720773901098828420878116n", None, -3.8647207739010995e+18, -1, DSI)),
        ("+1", "9223372036854775807", -1, ("9223372036854775808", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806", None, -9.223372036854776e+18, -1, DSI)),
        ("0", "Mi", 0, ("0", Some(0), 0.0, 0, BSI), ("0", Some(0), 0.0, 0, BSI)),
        ("-38E16", "+195799040518482.53m", -1, ("-379999804200959481517470e-6", None, -3.799998042009595e+17, -1, DEXP), ("-380000195799040518482530e-6", None, -3.800001957990406e+17, -1, DEXP)),
        ("4e-1", "+370473390.871597726", -1, ("370473391271597726e-9", None, 370473391.27159774, 1, DEXP), ("-370473390471597726e-9", None, -370473390.47159773, -1, DEXP)),
        ("+486085008275E+0", "193427335.5758G", -1, ("193427821660808275", Some(193427821660808275), 1.934278216608083e+17, 1, DEXP), ("-193426849490791725", Some(-193426849490791725), -1.934268494907917e+17, -1, DEXP)),
        ("132442177.8421016941k", "572630625581346268Mi", -1, ("9223372169296953649101694100n", None, 9.223372169296953e+18, 1, DSI), ("-9223371904412597964898305900n", None, -9.223371904412598e+18, -1, DSI)),
        ("+3476u", "-578e-302", 1, ("3475999n", None, 0.003475999, 1, DSI), ("3476001n", None, 0.0034760010000000003, 1, DSI)),
        ("-5568683851051011319.5Ei", "+272381374450938Ei", -1, ("0", None, 0.0, 0, BSI), ("-18446744073709551614", None, -1.8446744073709552e+19, -1, BSI)),
        ("+553k", "-0006M", 1, ("-5447k", Some(-5447000), -5447000.0, -1, DSI), ("6553k", Some(6553000), 6553000.0, 1, DSI)),
        ("+3135486984749549110e-6", "-3243268367536263274513381.592k", 1, ("-3243268367536260139026396842450890e-6", None, -3.2432683675362604e+27, -1, DEXP), ("3243268367536266410000366341549110e-6", None, 3.2432683675362665e+27, 1, DEXP)),
        ("-600578170607258035e1", "319364304503243111P", -1, ("319364304503237105218293927419650", None, 3.193643045032371e+32, 1, DEXP), ("-319364304503249116781706072580350", None, -3.1936430450324914e+32, -1, DEXP)),
        ("1e-10", "0m", 1, ("1e-9", None, 1e-09, 1, DEXP), ("1e-9", None, 1e-09, 1, DEXP)),
        ("-0.7564P", "+9464.424Mi", -1, ("-756390075832139776m", None, -756390075832139.9, -1, DSI), ("-756409924167860224m", None, -756409924167860.4, -1, DSI)),
        ("-63541.458379k", "-.e-7", -1, ("-63541458379m", None, -63541458.379, -1, DSI), ("-63541458379m", None, -63541458.379, -1, DSI)),
        ("373.593594868e10", "-546.e17", 1, ("-54599996264064051320", None, -5.459999626406405e+19, -1, DEXP), ("54600003735935948680", None, 5.460000373593595e+19, 1, DEXP)),
        ("106T", "0008187430402589832499852033.018E-4", -1, ("818743146258983249985203301800n", None, 8.187431462589833e+20, 1, DSI), ("-818742934258983249985203301800n", None, -8.187429342589832e+20, -1, DSI)),
        ("-3Ei", "-202349k", -1, ("-3458764514022889928", None, -3.4587645140228905e+18, -1, BSI), ("-3458764513618191928", None, -3.458764513618192e+18, -1, BSI)),
        ("4928980688375809121873735.9952789824Mi", "+0829Ti", 1, ("9224283531994202111", None, 9.224283531994202e+18, 1, BSI), ("9222460541715349503", None, 9.222460541715351e+18, 1, BSI)),
        ("54E+211", "1465172531936599237667342e-12", 1, ("540000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001465172531936599237668e-9", None, 5.4e+212, 1, DEXP), ("539999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999998534827468063400762332e-9", None, 5.4e+212, 1, DEXP)),
        ("2048Ki", "8Ei", -1, ("9223372036856872959", None, 9.223372036856873e+18, 1, BSI), ("-9223372036852678655", None, -9.223372036852679e+18, -1, BSI)),
        ("77656097869336433.416606233716234M", "665466880430913Gi", 1, ("77665321241373288192413233716234n", None, 7.766532124137329e+22, 1, DSI), ("77646874497299578640799233716234n", None, 7.764687449729958e+22, 1, DSI)),
        ("+3489019947504028403.e-4", "078822473386e-392", 1, ("348901994750402840300001e-9", None, 348901994750402.8, 1, DEXP), ("348901994750402840299999e-9", None, 348901994750402.8, 1, DEXP)),
        ("656682900392180172Mi", "2042776374669984592E277", -1, ("20427763746699845920000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, 2.0427763746699847e+295, 1, BSI), ("-20427763746699845919999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, -2.0427763746699847e+295, -1, BSI)),
        (".0e-2", "73955561684579720M", -1, ("73955561684579720M", None, 7.395556168457971e+22, 1, DSI), ("-73955561684579720M", None, -7.395556168457971e+22, -1, DSI)),
        ("457608077083267082.E+62", "-83140798946652572m", 1, ("45760807708326708199999999999999999999999999999999999999999999999916859201053347428e-3", None, 4.576080770832671e+79, 1, DEXP), ("45760807708326708200000000000000000000000000000000000000000000000083140798946652572e-3", None, 4.576080770832671e+79, 1, DEXP)),
        (".661801211Mi", "0169578768613354975172350m", -1, ("169578768613355669121216625536n", None, 1.695787686133557e+20, 1, BSI), ("-169578768613354281223483374464n", None, -1.6957876861335427e+20, -1, BSI)),
        ("-972971094.6466k", "1.5G", -1, ("-971471094646600m", None, -971471094646.6001, -1, DSI), ("-974471094646600m", None, -974471094646.6001, -1, DSI)),
        ("715374691239649208.534065384G", ".", 1, ("715374691239649208534065384", None, 7.153746912396492e+26, 1, DSI), ("715374691239649208534065384", None, 7.153746912396492e+26, 1, DSI)),
        ("0.1m", "+6.621E-20", 1, ("100001n", None, 0.00010000100000000001, 1, DSI), ("99999n", None, 9.9999e-05, 1, DSI)),
        ("+Ki", "-E", 0, ("0", Some(0), 0.0, 0, DSI), ("0", Some(0), 0.0, 0, DSI)),
        ("-3479.2729004915n", ".290915706251Mi", -1, ("305047227594369n", None, 305047.22759436903, 1, DSI), ("-305047227601329n", None, -305047.22760132904, -1, DSI)),
        ("-917719187380405E-1", "001Ei", -1, ("1152829732688108935500e-3", None, 1.152829732688109e+18, 1, DEXP), ("-1153013276525585016500e-3", None, -1.1530132765255852e+18, -1, DEXP)),
        ("24610104379648921068.163598E+1", "16Ei", 1, ("255324415833343986488635980e-6", None, 2.5532441583334402e+20, 1, DEXP), ("236877671759634434874635980e-6", None, 2.3687767175963443e+20, 1, DEXP)),
        ("0", "k", 0, ("0", Some(0), 0.0, 0, DSI), ("0", Some(0), 0.0, 0, DSI)),
        ("0423253678181774T", "164035249.880n", 1, ("423253678181774000000000000164035250n", None, 4.23253678181774e+26, 1, DSI), ("423253678181773999999999999835964750n", None, 4.23253678181774e+26, 1, DSI)),
        ("0904592348725885388.0246444176G", "084689946686917375.n", 1, ("904592348725885388109334364286917375n", None, 9.045923487258854e+26, 1, DSI), ("904592348725885387939954470913082625n", None, 9.045923487258854e+26, 1, DSI)),
        ("-345Gi", "-693458880347782Ki", 1, ("-693459242106502Ki", None, -7.10102263917058e+17, -1, BSI), ("693458518589062Ki", None, 7.101015230351995e+17, 1, BSI)),
        ("1398378481967109441006052E22", "000247529467365.5n", 1, ("13983784819671094410060520000000000000000000247529467366e-9", None, 1.3983784819671093e+46, 1, DEXP), ("13983784819671094410060519999999999999999999752470532634e-9", None, 1.3983784819671093e+46, 1, DEXP)),
        ("-3354529949665548556G", "979475376651.6E1", -1, ("-3354529949665538761246233484", None, -3.354529949665539e+27, -1, DSI), ("-3354529949665558350753766516", None, -3.3545299496655584e+27, -1, DSI)),
        ("1.000", "1", 0, ("2", None, 2.0, 1, DSI), ("0", None, 0.0, 0, DSI)),
        ("000590k", ".2E-11", 1, ("590000000000001n", None, 590000.000000001, 1, DSI), ("589999999999999n", None, 589999.9999999991, 1, DSI)),
        ("+00022404k", "+742483910923e2", -1, ("74248413496300", Some(74248413496300), 74248413496300.0, 1, DSI), ("-74248368688300", Some(-74248368688300), -74248368688300.0, -1, DSI)),
        ("0.0000000001", "-35174882182500641887u", 1, ("-35174882182500641886999n", None, -35174882182500.645, -1, DSI), ("35174882182500641887001n", None, 35174882182500.645, 1, DSI)),
        ("237413321e+22", "1000E", 1, ("2374133211e21", None, 2.374133211e+30, 1, DEXP), ("2374133209e21", None, 2.374133209e+30, 1, DEXP)),
        ("124548157174991E-26", "30281Gi", -1, ("32513976172544000000001e-9", None, 32513976172544.004, 1, DEXP), ("-32513976172543999999999e-9", None, -32513976172544.004, -1, DEXP)),
        ("00297841Ti", "-176358472066e+6", 1, ("151121170662431616", None, 1.511211706624316e+17, 1, BSI), ("503838114794431616", None, 5.038381147944316e+17, 1, BSI)),
        ("+6797512140070275285.0655E-58", "360.8M", -1, ("360800000000000001e-9", None, 360800000.0, 1, DEXP), ("-360799999999999999e-9", None, -360800000.0, -1, DEXP)),
        ("-05220648779260375902.0663226481e-16", "7T", -1, ("6999999999477935122073e-9", None, 6999999999477.936, 1, DEXP), ("-7000000000522064877927e-9", None, -7000000000522.065, -1, DEXP)),
        ("1.000", "+005n", 1, ("1000000005n", None, 1.000000005, 1, DSI), ("999999995n", None, 0.999999995, 1, DSI)),
        ("1m", "1.000", -1, ("1001m", None, 1.0010000000000001, 1, DSI), ("-999m", None, -0.999, -1, DSI)),
        ("1e-10", "-.", 1, ("1e-9", None, 1e-09, 1, DEXP), ("1e-9", None, 1e-09, 1, DEXP)),
        ("00811755.758e+7", "-7629726638273139811.783432n", 1, ("8109927853361726860188e-9", None, 8109927853361.727, 1, DEXP), ("8125187306638273139812e-9", None, 8125187306638.273, 1, DEXP)),
        ("093303e-14", "+000803107556k", -1, ("803107556000000000001e-9", None, 803107556000.0, 1, DEXP), ("-803107555999999999999e-9", None, -803107556000.0, -1, DEXP)),
        ("1024Ki", "1e-10", 1, ("1048576000000001n", None, 1048576.0000000012, 1, BSI), ("1048575999999999n", None, 1048575.9999999991, 1, BSI)),
        ("1.5Gi", "0.0", 1, ("1536Mi", None, 1610612736.0, 1, BSI), ("1536Mi", None, 1610612736.0, 1, BSI)),
        ("+34650759759505784527.8880e-2", "-959.7Gi", 1, ("346506567125029352478880e-6", None, 3.465065671250294e+17, 1, DEXP), ("346508628065086338078880e-6", None, 3.4650862806508634e+17, 1, DEXP)),
        ("-238622124238.7231501040705E-22", "999Ei", -1, ("9223372036854775806999999999e-9", None, 9.223372036854776e+18, 1, DEXP), ("-9223372036854775807000000001e-9", None, -9.223372036854776e+18, -1, DEXP)),
        ("-8920721349021182130639629e-7", "+629757247.21E", -1, ("629757246317927865097881786936037100e-9", None, 6.29757246317928e+26, 1, DEXP), ("-629757248102072134902118213063962900e-9", None, -6.297572481020722e+26, -1, DEXP)),
        ("8Ei", "+1", 1, ("8Ei", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775806", None, 9.223372036854776e+18, 1, BSI)),
        ("0004n", "-30.u", 1, ("-29996n", None, -2.9996000000000002e-05, -1, DSI), ("30004n", None, 3.0004000000000003e-05, 1, DSI)),
        ("6977565848606070899Mi", "+9426580517027619281Gi", 0, ("18446744073709551614", None, 1.8446744073709552e+19, 1, BSI), ("0", None, 0.0, 0, BSI)),
        ("0", "1Ki", -1, ("1Ki", Some(1024), 1024.0, 1, BSI), ("-1Ki", Some(-1024), -1024.0, -1, BSI)),
        ("-8", "-E12", -1, ("-8", Some(-8), -8.0, -1, DSI), ("-8", Some(-8), -8.0, -1, DSI)),
        ("k", "-1", 1, ("-1", Some(-1), -1.0, -1, DSI), ("1", Some(1), 1.0, 1, DSI)),
        ("+7.61E", "07013391021254575885E", -1, ("7013391021254575892610P", None, 7.013391021254576e+36, 1, DSI), ("-7013391021254575877390P", None, -7.013391021254576e+36, -1, DSI)),
        ("0090.267e1", "-54154537187541829e316", 1, ("-541545371875418289999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999097330e-3", None, f64::NEG_INFINITY, -1, DEXP), ("541545371875418290000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000902670e-3", None, f64::INFINITY, 1, DEXP)),
        ("8106k", "99Ti", -1, ("108851659255824", Some(108851659255824), 108851659255824.0, 1, DSI), ("-108851643043824", Some(-108851643043824), -108851643043824.0, -1, DSI)),
        ("7830P", "00235255.9848508996E+25", -1, ("2352559848516826P", None, 2.352559848516826e+30, 1, DSI), ("-2352559848501166P", None, -2.352559848501166e+30, -1, DSI)),
        ("+0789234417m", "1569180078788386788991407.616543688T", -1, ("1569180078788386788991407616544477234417m", None, 1.569180078788387e+36, 1, DSI), ("-1569180078788386788991407616542898765583m", None, -1.569180078788387e+36, -1, DSI)),
        ("+85Ei", "-1473n", 1, ("9223372036854775806999998527n", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775807000001473n", None, 9.223372036854776e+18, 1, BSI)),
        ("30n", "848630998113Ei", -1, ("9223372036854775807000000030n", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806999999970n", None, -9.223372036854776e+18, -1, DSI)),
        ("+2Pi", "-0674064442079733542.4073100880Ti", 1, ("-9221120237041090559", None, -9.221120237041092e+18, -1, BSI), ("9225623836668461055", None, 9.225623836668461e+18, 1, BSI)),
        ("640809Ki", "768199219e-26", 1, ("656188416000000001n", None, 656188416.0, 1, BSI), ("656188415999999999n", None, 656188416.0, 1, BSI)),
        ("+532585758126219551Ti", "-30.u", 1, ("9223372036854775806999970u", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775807000030u", None, 9.223372036854776e+18, 1, BSI)),
        ("+012246815016P", ".001Ki", 1, ("12246815016000000000000001024m", None, 1.2246815016000001e+25, 1, DSI), ("12246815015999999999999998976m", None, 1.2246815016000001e+25, 1, DSI)),
        ("+584472424394047E+395", "063157366354934Gi", 1, ("58447242439404700000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, f64::INFINITY, 1, DEXP), ("58447242439404699999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, f64::INFINITY, 1, DEXP)),
        ("30134062247699002659E0", "4139747129945752079.225924081e204", -1, ("4139747129945752079225924081000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000030134062247699002659", None, 4.1397471299457524e+222, 1, DEXP), ("-4139747129945752079225924080999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999969865937752300997341", None, -4.1397471299457524e+222, -1, DEXP)),
        ("614e+5", "-006786T", 1, ("-6785999938600e3", Some(-6785999938600000), -6785999938600000.0, -1, DEXP), ("6786000061400e3", Some(6786000061400000), 6786000061400000.0, 1, DEXP)),
        ("4305439197188560675Mi", "+2E+9", 1, ("9223372038854775807", None, 9.223372038854775e+18, 1, BSI), ("9223372034854775807", None, 9.223372034854776e+18, 1, BSI)),
        ("-0829863631133558.805469071505689E-8", "76416231836324835M", -1, ("76416231836324826701363688664411e-9", None, 7.641623183632484e+22, 1, DEXP), ("-76416231836324843298636311335589e-9", None, -7.641623183632485e+22, -1, DEXP)),
        ("0001327Ti", "268038771635963.7234255857n", 1, ("1459051930326790771635964n", None, 1459051930326790.8, 1, BSI), ("1459051929790713228364036n", None, 1459051929790713.5, 1, BSI)),
        ("724359159475.M", "-638Pi", 1, ("6035018909405888", None, 6035018909405888.0, 1, DSI), ("1442683300040594112", None, 1.4426833000405942e+18, 1, DSI)),
        ("-774741168899496.1e196", "88455089994045962Mi", -1, ("-7747411688994960999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, -7.747411688994961e+210, -1, DEXP), ("-7747411688994961000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, -7.747411688994961e+210, -1, DEXP)),
        ("0002959331968673786391.1E", "1e19", 1, ("2959331968673786401100P", None, 2.959331968673786e+36, 1, DSI), ("2959331968673786381100P", None, 2.959331968673786e+36, 1, DSI)),
        ("400019467143507570E-14", "0004n", 1, ("4000194671440e-9", None, 4000.19467144, 1, DEXP), ("4000194671432e-9", None, 4000.194671432, 1, DEXP)),
        ("7163729882889947439469786.178058167e+26", "713918790731744038.443792272621", 1, ("716372988288994743946978617805817413918790731744038443792273e-9", None, 7.163729882889948e+50, 1, DEXP), ("716372988288994743946978617805815986081209268255961556207727e-9", None, 7.163729882889948e+50, 1, DEXP)),
        ("+68.6E-392", ".5E-7", -1, ("51e-9", None, 5.1e-08, 1, DEXP), ("-49e-9", None, -4.9e-08, -1, DEXP)),
        ("000520865406716788465.E+23", "124700934175063156E24", -1, ("176787474846742002500e21", None, 1.76787474846742e+41, 1, DEXP), ("-72614393503384309500e21", None, -7.26143935033843e+40, -1, DEXP)),
        ("008262220227131Pi", "-1.062628030243m", 1, ("9223372036854775806998937371n", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775807001062629n", None, 9.223372036854776e+18, 1, BSI)),
        ("86112751979667433Gi", "50.2M", 1, ("9223372036904975807", None, 9.223372036904976e+18, 1, BSI), ("9223372036804575807", None, 9.223372036804576e+18, 1, BSI)),
        ("-1", "0k", -1, ("-1", Some(-1), -1.0, -1, DSI), ("-1", Some(-1), -1.0, -1, DSI)),
        ("023423", "-15936642634934458.2Pi", 1, ("-9223372036854752384", None, -9.223372036854752e+18, -1, DSI), ("9223372036854799230", None, 9.223372036854798e+18, 1, DSI)),
        ("255759579565Pi", "-2216062171553499187071115E", 1, ("-2216062171553499187071105776627963145224193", None, -2.2160621715534993e+42, -1, BSI), ("2216062171553499187071124223372036854775807", None, 2.2160621715534993e+42, 1, BSI)),
        ("1.5Gi", "-1", 1, ("1610612735", None, 1610612735.0, 1, BSI), ("1610612737", None, 1610612737.0, 1, BSI)),
        ("1.9456816366E-23", "9994m", -1, ("9994000001e-9", None, 9.994000001, 1, DEXP), ("-9993999999e-9", None, -9.993999999000001, -1, DEXP)),
        ("00528253511890250086Pi", "+002291866167907247909695330Ti", 0, ("18446744073709551614", None, 1.8446744073709552e+19, 1, BSI), ("0", None, 0.0, 0, BSI)),
        ("949283.E-39", "-653k", 1, ("-652999999999999e-9", None, -652999.9999999991, -1, DEXP), ("653000000000001e-9", None, 653000.000000001, 1, DEXP)),
        ("-009310.53e5", "-893837143696821247.849710529187478E+223", 1, ("-8938371436968212478497105291874780000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000931053e3", None, -8.938371436968213e+240, -1, DEXP), ("8938371436968212478497105291874779999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999068947e3", None, 8.938371436968213e+240, 1, DEXP)),
        ("+0.1k", "+0069541943331402643766u", -1, ("69541943331502643766u", None, 69541943331502.65, 1, DSI), ("-69541943331302643766u", None, -69541943331302.65, -1, DSI)),
        ("58485251176779363357m", "1k", 1, ("58485251176780363357m", None, 5.848525117678037e+16, 1, DSI), ("58485251176778363357m", None, 5.848525117677837e+16, 1, DSI)),
        ("588419n", "600025902591.58e10", -1, ("6000259025915800000000000588419n", None, 6.0002590259158e+21, 1, DSI), ("-6000259025915799999999999411581n", None, -6.0002590259158e+21, -1, DSI)),
        ("1.5Gi", ".", 1, ("1536Mi", None, 1610612736.0, 1, BSI), ("1536Mi", None, 1610612736.0, 1, BSI)),
        ("8E397", "+5480m", 1, ("80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005480e-3", None, f64::INFINITY, 1, DEXP), ("79999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999994520e-3", None, f64::INFINITY, 1, DEXP)),
        ("-175873Pi", "027208664052774Pi", -1, ("0", None, 0.0, 0, BSI), ("-18446744073709551614", None, -1.8446744073709552e+19, -1, BSI)),
        ("0008187430402589832499852033.018E-4", "6906.e+15", 1, ("825649040258983249985203301800e-9", None, 8.256490402589834e+20, 1, DEXP), ("811837040258983249985203301800e-9", None, 8.118370402589834e+20, 1, DEXP)),
        ("194.385G", "-0005Ti", 1, ("-5303173138880", Some(-5303173138880), -5303173138880.0, -1, DSI), ("5691943138880", Some(5691943138880), 5691943138880.0, 1, DSI)),
        ("+00684899390E-24", "58Mi", -1, ("60817408000000001e-9", None, 60817408.00000001, 1, DEXP), ("-60817407999999999e-9", None, -60817408.00000001, -1, DEXP)),
        ("+06895k", "528M", -1, ("534895k", Some(534895000), 534895000.0, 1, DSI), ("-521105k", Some(-521105000), -521105000.0, -1, DSI)),
        ("003m", "+4.7444k", -1, ("4744403m", None, 4744.403, 1, DSI), ("-4744397m", None, -4744.397, -1, DSI)),
        ("16763679391684361454.349092363747642P", "+06895k", 1, ("16763679391684361454349092370642642", None, 1.6763679391684362e+34, 1, DSI), ("16763679391684361454349092356852642", None, 1.6763679391684362e+34, 1, DSI)),
        ("88549255933391989m", "-525863u", 1, ("88549255933391463137u", None, 88549255933391.47, 1, DSI), ("88549255933392514863u", None, 88549255933392.52, 1, DSI)),
        ("964992297E-2", "00059160607176267272962.2542E-56", 1, ("9649922970000001e-9", None, 9649922.97, 1, DEXP), ("9649922969999999e-9", None, 9649922.97, 1, DEXP)),
        ("+e+4", "-840168563578m", 1, ("-840168563578m", None, -840168563.5780001, -1, DSI), ("840168563578m", None, 840168563.5780001, 1, DSI)),
        ("2T", "996016Mi", 1, ("3044398473216", Some(3044398473216), 3044398473216.0, 1, DSI), ("955601526784", Some(955601526784), 955601526784.0, 1, DSI)),
        ("000410227780961351726.24n", ".e5", 1, ("410227780961351727n", None, 410227780.96135175, 1, DSI), ("410227780961351727n", None, 410227780.96135175, 1, DSI)),
        ("085484.8m", "569995563E369", -1, ("569995563000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000085484800u", None, f64::INFINITY, 1, DSI), ("-569995562999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999914515200u", None, f64::NEG_INFINITY, -1, DSI)),
        ("-9716.E11", "-1e400", 1, ("-10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000971600e9", None, f64::NEG_INFINITY, -1, DEXP), ("9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999028400e9", None, f64::INFINITY, 1, DEXP)),
        ("704799872931M", "008.080866Ti", 1, ("704808757937129499734016u", None, 7.048087579371295e+17, 1, DSI), ("704790987924870500265984u", None, 7.047909879248705e+17, 1, DSI)),
        ("1Ki", "1.5", 1, ("1025500m", None, 1025.5, 1, BSI), ("1022500m", None, 1022.5, 1, BSI)),
        ("+9591432116564247632E-3", "+0088.52k", 1, ("9591432116652767632e-3", None, 9591432116652768.0, 1, DEXP), ("9591432116475727632e-3", None, 9591432116475728.0, 1, DEXP)),
        ("-008T", "+378769E-12", -1, ("-7999999999999999999621n", None, -8000000000000.001, -1, DSI), ("-8000000000000000000379n", None, -8000000000000.001, -1, DSI)),
        ("-", "1", -1, ("1", Some(1), 1.0, 1, DSI), ("-1", Some(-1), -1.0, -1, DSI)),
        ("01", "0", 1, ("1", Some(1), 1.0, 1, DSI), ("1", Some(1), 1.0, 1, DSI)),
        ("14.2351E33", "44464327522825650576n", 1, ("14235100000000000000000044464327522825650576e-9", None, 1.42351e+34, 1, DEXP), ("14235099999999999999999955535672477174349424e-9", None, 1.42351e+34, 1, DEXP)),
        ("052491870347996141317E350", "1899366540921654745985544.788P", 1, ("5249187034799614131700000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001899366540921654745985544788e12", None, f64::INFINITY, 1, DEXP), ("5249187034799614131699999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999998100633459078345254014455212e12", None, f64::INFINITY, 1, DEXP)),
        ("+1", "-9223372036854775807", 1, ("-9223372036854775806", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775808", None, 9.223372036854776e+18, 1, DSI)),
        ("-000135627363183332641928216k", "585014396679E", -1, ("584878769315816667358071784k", None, 5.848787693158167e+29, 1, DSI), ("-585150024042183332641928216k", None, -5.8515002404218334e+29, -1, DSI)),
        ("0e+383", "572.0E14", -1, ("57200e12", Some(57200000000000000), 5.72e+16, 1, DEXP), ("-57200e12", Some(-57200000000000000), -5.72e+16, -1, DEXP)),
        ("-0u", "50723180126387831k", -1, ("50723180126387831k", None, 5.072318012638783e+19, 1, DSI), ("-50723180126387831k", None, -5.072318012638783e+19, -1, DSI)),
        ("+351555043901u", "-038057871243987978e+16", 1, ("-380578712439879779999999999648444956099u", None, -3.805787124398797e+32, -1, DSI), ("380578712439879780000000000351555043901u", None, 3.805787124398797e+32, 1, DSI)),
        (".155E", "1n", 1, ("155000000000000000000000001n", None, 1.55e+17, 1, DSI), ("154999999999999999999999999n", None, 1.55e+17, 1, DSI)),
        ("00811755.758e+7", "-63340858950513848M", 1, ("-63340858942396290420e3", None, -6.33408589423963e+22, -1, DEXP), ("63340858958631405580e3", None, 6.334085895863141e+22, 1, DEXP)),
        ("000138543458059e+11", "9k", 1, ("13854345805900000009e3", None, 1.3854345805899999e+22, 1, DEXP), ("13854345805899999991e3", None, 1.3854345805899999e+22, 1, DEXP)),
        (".4642457083Gi", "388655129365673Ei", -1, ("9223372037353255840614213940n", None, 9.223372037353257e+18, 1, BSI), ("-9223372036356295773385786060n", None, -9.223372036356297e+18, -1, BSI)),
        ("264524411621956150T", "2.3622Gi", 1, ("264524411621956150002536392936652800u", None, 2.6452441162195613e+29, 1, DSI), ("264524411621956149997463607063347200u", None, 2.6452441162195613e+29, 1, DSI)),
        ("15898E-1", "-3.963152005e215", 1, ("-396315200499999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999998410200e-3", None, -3.963152005e+215, -1, DEXP), ("396315200500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001589800e-3", None, 3.963152005e+215, 1, DEXP)),
        ("029P", "04E", -1, ("4029P", Some(4029000000000000000), 4.029e+18, 1, DSI), ("-3971P", Some(-3971000000000000000), -3.971e+18, -1, DSI)),
        ("0296802465281209662.9581P", "-875.Mi", 1, ("296802465281209662958099082496k", None, 2.968024652812097e+32, 1, DSI), ("296802465281209662958100917504k", None, 2.968024652812097e+32, 1, DSI)),
        ("+670163870585u", "-861718E+150", 1, ("-861717999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999329836129415u", None, -8.61718e+155, -1, DSI), ("861718000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000670163870585u", None, 8.61718e+155, 1, DSI)),
        ("04556904900791519e6", "216238777151.1480e12", -1, ("220795682051939519e6", None, 2.207956820519395e+23, 1, DEXP), ("-211681872250356481e6", None, -2.1168187225035648e+23, -1, DEXP)),
        ("1", "-9223372036854775808", 1, ("-9223372036854775807", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775809", None, 9.223372036854776e+18, 1, DSI)),
        ("1.5Gi", "1M", 1, ("1611612736", None, 1611612736.0, 1, BSI), ("1609612736", None, 1609612736.0, 1, BSI)),
        ("-1", "49980", -1, ("49979", Some(49979), 49979.0, 1, DSI), ("-49981", Some(-49981), -49981.0, -1, DSI)),
        ("1m", "1.5Ti", -1, ("1649267441664001m", None, 1649267441664.0012, 1, DSI), ("-1649267441663999m", None, -1649267441663.999, -1, DSI)),
        ("1E3", "1m", 1, ("1000001e-3", None, 1000.001, 1, DEXP), ("999999e-3", None, 999.999, 1, DEXP)),
        ("1m", "0", 1, ("1m", None, 0.001, 1, DSI), ("1m", None, 0.001, 1, DSI)),
        ("1Ei", "1024Ki", 1, ("1099511627777Mi", None, 1.1529215046078956e+18, 1, BSI), ("1099511627775Mi", None, 1.1529215046057985e+18, 1, BSI)),
        ("1023Ti", "1e-10", 1, ("1124800395214848000000001n", None, 1124800395214848.1, 1, BSI), ("1124800395214847999999999n", None, 1124800395214848.1, 1, BSI)),
        ("9223372036854775808", "1", 1, ("9223372036854775809", None, 9.223372036854776e+18, 1, DSI), ("9223372036854775807", None, 9.223372036854776e+18, 1, DSI)),
        ("8191Pi", "8Ei", -1, ("18445618173802708991", None, 1.8445618173802711e+19, 1, BSI), ("-1125899906842623", None, -1125899906842623.1, -1, BSI)),
        ("1u", "8Ei", -1, ("9223372036854775807000001u", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806999999u", None, -9.223372036854776e+18, -1, DSI)),
        ("1.5G", "-9223372036854775807", 1, ("-9223372035354775807", None, -9.223372035354777e+18, -1, DSI), ("9223372038354775807", None, 9.223372038354776e+18, 1, DSI)),
        ("-1e-18", "-1", 1, ("-1000000001e-9", None, -1.000000001, -1, DEXP), ("999999999e-9", None, 0.999999999, 1, DEXP)),
        ("-9223372036854775807", "7Ei", -1, ("-1152921504606846975", None, -1.152921504606847e+18, -1, DSI), ("-17293822569102704639", None, -1.7293822569102707e+19, -1, DSI)),
        ("0", "1e-10", -1, ("1e-9", None, 1e-09, 1, DEXP), ("-1e-9", None, -1e-09, -1, DEXP)),
        ("1e309", "-9223372036854775807", 1, ("999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, f64::INFINITY, 1, DEXP), ("1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, f64::INFINITY, 1, DEXP)),
        ("-1e-18", "1Ki", -1, ("1023999999999e-9", None, 1023.999999999, 1, DEXP), ("-1024000000001e-9", None, -1024.000000001, -1, DEXP)),
        ("1e-1", "0", 1, ("100e-3", None, 0.1, 1, DEXP), ("100e-3", None, 0.1, 1, DEXP)),
        ("9223372036854775807", "9223372036854775807", 0, ("18446744073709551614", None, 1.8446744073709552e+19, 1, DSI), ("0", None, 0.0, 0, DSI)),
        ("0", "9.223372036854775807e18", -1, ("9223372036854775807", None, 9.223372036854776e+18, 1, DEXP), ("-9223372036854775807", None, -9.223372036854776e+18, -1, DEXP)),
        (".000000001Ki", "1Ei", -1, ("1152921504606846976000001024n", None, 1.152921504606847e+18, 1, DSI), ("-1152921504606846975999998976n", None, -1.152921504606847e+18, -1, DSI)),
        ("9223372036854775807", "50.703k", 1, ("9223372036854826510", None, 9.223372036854827e+18, 1, DSI), ("9223372036854725104", None, 9.223372036854726e+18, 1, DSI)),
        ("0", "5e-10", -1, ("1e-9", None, 1e-09, 1, DEXP), ("-1e-9", None, -1e-09, -1, DEXP)),
        ("1.5G", "1m", 1, ("1500000000001m", None, 1500000000.001, 1, DSI), ("1499999999999m", None, 1499999999.999, 1, DSI)),
        ("-1", "1500m", -1, ("500m", None, 0.5, 1, DSI), ("-2500m", None, -2.5, -1, DSI)),
        ("1T", "8Ei", -1, ("9223373036854775807", None, 9.223373036854776e+18, 1, DSI), ("-9223371036854775807", None, -9.223371036854776e+18, -1, DSI)),
        ("1.5Gi", "1G", 1, ("2610612736", None, 2610612736.0, 1, BSI), ("610612736", None, 610612736.0, 1, BSI)),
        ("-1.5", "8Ei", -1, ("9223372036854775805500m", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775808500m", None, -9.223372036854776e+18, -1, DSI)),
        ("-9223372036854775807", "100m", -1, ("-9223372036854775806900m", None, -9.223372036854776e+18, -1, DSI), ("-9223372036854775807100m", None, -9.223372036854776e+18, -1, DSI)),
        ("1.5", "1.5Gi", -1, ("1610612737500m", None, 1610612737.5, 1, DSI), ("-1610612734500m", None, -1610612734.5, -1, DSI)),
        ("-1.5", "0", -1, ("-1500m", None, -1.5, -1, DSI), ("-1500m", None, -1.5, -1, DSI)),
        ("100Mi", "0", 1, ("100Mi", Some(104857600), 104857600.0, 1, BSI), ("100Mi", Some(104857600), 104857600.0, 1, BSI)),
        ("1.5n", "1Ei", -1, ("1152921504606846976000000002n", None, 1.152921504606847e+18, 1, DSI), ("-1152921504606846975999999998n", None, -1.152921504606847e+18, -1, DSI)),
        ("1m", "1000000E", -1, ("1000000000000000000000000001m", None, 1e+24, 1, DSI), ("-999999999999999999999999999m", None, -1e+24, -1, DSI)),
        ("1Ei", "1u", 1, ("1152921504606846976000001u", None, 1.152921504606847e+18, 1, BSI), ("1152921504606846975999999u", None, 1.152921504606847e+18, 1, BSI)),
        ("49980", "1m", 1, ("49980001m", None, 49980.001000000004, 1, DSI), ("49979999m", None, 49979.999, 1, DSI)),
        ("1m", "+e5", 1, ("1m", None, 0.001, 1, DSI), ("1m", None, 0.001, 1, DSI)),
        ("-1", "0.5Ki", -1, ("511", None, 511.00000000000006, 1, DSI), ("-513", None, -513.0, -1, DSI)),
        ("0", "1.5", -1, ("1500m", None, 1.5, 1, DSI), ("-1500m", None, -1.5, -1, DSI)),
        ("1m", "-1E", 1, ("-999999999999999999999m", None, -1e+18, -1, DSI), ("1000000000000000000001m", None, 1e+18, 1, DSI)),
        ("-9223372036854775808", "0", -1, ("-9223372036854775808", None, -9.223372036854776e+18, -1, DSI), ("-9223372036854775808", None, -9.223372036854776e+18, -1, DSI)),
        ("0", "1.0Ki", -1, ("1Ki", None, 1024.0, 1, BSI), ("-1Ki", None, -1024.0, -1, BSI)),
        ("-1", "7Ei", -1, ("8070450532247928831", None, 8.070450532247929e+18, 1, DSI), ("-8070450532247928833", None, -8.070450532247929e+18, -1, DSI)),
        ("1", "1e309", -1, ("1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", None, f64::INFINITY, 1, DSI), ("-999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999", None, f64::NEG_INFINITY, -1, DSI)),
        ("8Ei", "1Ki", 1, ("9223372036854776831", None, 9.223372036854776e+18, 1, BSI), ("9223372036854774783", None, 9.223372036854775e+18, 1, BSI)),
        ("1.5G", "1Ki", 1, ("1500001024", Some(1500001024), 1500001024.0, 1, DSI), ("1499998976", Some(1499998976), 1499998976.0, 1, DSI)),
        ("-1", "9223372036854775807", -1, ("9223372036854775806", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775808", None, -9.223372036854776e+18, -1, DSI)),
        ("1.5Gi", "-1E", 1, ("-976562498427136Ki", None, -9.999999983893874e+17, -1, BSI), ("976562501572864Ki", None, 1.0000000016106129e+18, 1, BSI)),
        ("0", "16Ei", -1, ("9223372036854775807", None, 9.223372036854776e+18, 1, BSI), ("-9223372036854775807", None, -9.223372036854776e+18, -1, BSI)),
        ("1Ei", "7Ei", -1, ("8Ei", None, 9.223372036854776e+18, 1, BSI), ("-6Ei", None, -6.917529027641082e+18, -1, BSI)),
        ("1.5Gi", "50M", 1, ("1660612736", None, 1660612736.0, 1, BSI), ("1560612736", None, 1560612736.0, 1, BSI)),
        ("922337203685477580.7", "-9223372036854775807", 1, ("-8301034833169298226300m", None, -8.301034833169298e+18, -1, DSI), ("10145709240540253387700m", None, 1.0145709240540254e+19, 1, DSI)),
        ("8Ei", "0.1m", 1, ("9223372036854775807000100u", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775806999900u", None, 9.223372036854776e+18, 1, BSI)),
        ("1P", "9223372036854775807", -1, ("9224372036854775807", None, 9.224372036854776e+18, 1, DSI), ("-9222372036854775807", None, -9.222372036854776e+18, -1, DSI)),
        ("1.1Ki", "9223372036854775807", -1, ("9223372036854776933400m", None, 9.223372036854778e+18, 1, BSI), ("-9223372036854774680600m", None, -9.223372036854775e+18, -1, BSI)),
        ("1.0Ki", "1e-10", 1, ("1024000000001n", None, 1024.000000001, 1, BSI), ("1023999999999n", None, 1023.999999999, 1, BSI)),
        ("-1", "200k", -1, ("199999", Some(199999), 199999.0, 1, DSI), ("-200001", Some(-200001), -200001.0, -1, DSI)),
        ("0", "9999999999999999999999999999999999999G", -1, ("9999999999999999999999999999999999999G", None, 1.0000000000000001e+46, 1, DSI), ("-9999999999999999999999999999999999999G", None, -1.0000000000000001e+46, -1, DSI)),
        ("1", "20Mi", -1, ("20971521", Some(20971521), 20971521.0, 1, DSI), ("-20971519", Some(-20971519), -20971519.0, -1, DSI)),
        ("1.5Gi", "1.e3", 1, ("1610613736", None, 1610613736.0, 1, BSI), ("1610611736", None, 1610611736.0, 1, BSI)),
        ("8191Pi", "1", 1, ("9222246136947933185", None, 9.222246136947934e+18, 1, BSI), ("9222246136947933183", None, 9.222246136947934e+18, 1, BSI)),
        ("1m", "8192Pi", -1, ("9223372036854775807001m", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806999m", None, -9.223372036854776e+18, -1, DSI)),
        ("0.5m", "9223372036854775807", -1, ("9223372036854775807000500u", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806999500u", None, -9.223372036854776e+18, -1, DSI)),
        ("1Ki", "50.02k", -1, ("51044", Some(51044), 51044.0, 1, BSI), ("-48996", Some(-48996), -48996.0, -1, BSI)),
        ("1.5Gi", "9.223372036854775807e18", -1, ("9223372038465388543", None, 9.223372038465389e+18, 1, BSI), ("-9223372035244163071", None, -9.223372035244163e+18, -1, BSI)),
        ("1.e3", "1e-10", 1, ("1000000000001e-9", None, 1000.0000000010001, 1, DEXP), ("999999999999e-9", None, 999.999999999, 1, DEXP)),
        ("-1e-18", "1", -1, ("999999999e-9", None, 0.999999999, 1, DEXP), ("-1000000001e-9", None, -1.000000001, -1, DEXP)),
        ("1e-400", "1Ki", -1, ("1024000000001e-9", None, 1024.000000001, 1, DEXP), ("-1023999999999e-9", None, -1023.999999999, -1, DEXP)),
        ("1e-10", ".001Ki", -1, ("1024000001e-9", None, 1.024000001, 1, DEXP), ("-1023999999e-9", None, -1.0239999990000002, -1, DEXP)),
        ("1e-0", "9223372036854775807", -1, ("9223372036854775808", None, 9.223372036854776e+18, 1, DEXP), ("-9223372036854775806", None, -9.223372036854776e+18, -1, DEXP)),
        ("-9223372036854775807", "+e5", -1, ("-9223372036854775807", None, -9.223372036854776e+18, -1, DSI), ("-9223372036854775807", None, -9.223372036854776e+18, -1, DSI)),
        ("1", "-.5Ki", 1, ("-511", None, -511.00000000000006, -1, DSI), ("513", None, 513.0, 1, DSI)),
        ("1", "1e308", -1, ("100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", None, 1e+308, 1, DSI), ("-99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999", None, -1e+308, -1, DSI)),
        ("1Ki", "1.0Ki", 0, ("2Ki", None, 2048.0, 1, BSI), ("0", None, 0.0, 0, BSI)),
        ("-9223372036854775807", "3000n", -1, ("-9223372036854775806999997u", None, -9.223372036854776e+18, -1, DSI), ("-9223372036854775807000003u", None, -9.223372036854776e+18, -1, DSI)),
        ("0", ".e5", 0, ("0", Some(0), 0.0, 0, DEXP), ("0", Some(0), 0.0, 0, DEXP)),
        ("1Ki", "-8Ei", 1, ("-9223372036854774783", None, -9.223372036854775e+18, -1, BSI), ("9223372036854776831", None, 9.223372036854776e+18, 1, BSI)),
        ("1", "-8Ei", 1, ("-9223372036854775806", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775808", None, 9.223372036854776e+18, 1, DSI)),
        ("1Ei", "1024", 1, ("1125899906842625Ki", None, 1.152921504606848e+18, 1, BSI), ("1125899906842623Ki", None, 1.1529215046068461e+18, 1, BSI)),
        ("8Ei", "1000m", 1, ("8Ei", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775806", None, 9.223372036854776e+18, 1, BSI)),
        ("1.1Ki", "-1", 1, ("1125400m", None, 1125.4, 1, BSI), ("1127400m", None, 1127.4, 1, BSI)),
        ("1e-400", "0", 1, ("1e-9", None, 1e-09, 1, DEXP), ("1e-9", None, 1e-09, 1, DEXP)),
        ("8Ei", "-1E", 1, ("8223372036854775807", None, 8.223372036854776e+18, 1, BSI), ("10223372036854775807", None, 1.0223372036854776e+19, 1, BSI)),
        ("9223372036854775807", "5e-10", 1, ("9223372036854775807000000001n", None, 9.223372036854776e+18, 1, DSI), ("9223372036854775806999999999n", None, 9.223372036854776e+18, 1, DSI)),
        ("0", "50.703k", -1, ("50703", Some(50703), 50703.0, 1, DSI), ("-50703", Some(-50703), -50703.0, -1, DSI)),
        ("1234567890123456789", "-1", 1, ("1234567890123456788", None, 1.234567890123457e+18, 1, DSI), ("1234567890123456790", None, 1.234567890123457e+18, 1, DSI)),
        ("-.5", "9223372036854775807", -1, ("9223372036854775806500m", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775807500m", None, -9.223372036854776e+18, -1, DSI)),
        ("12Mi", "0", 1, ("12Mi", Some(12582912), 12582912.0, 1, BSI), ("12Mi", Some(12582912), 12582912.0, 1, BSI)),
        ("1.5G", "8Ei", -1, ("9223372038354775807", None, 9.223372038354776e+18, 1, DSI), ("-9223372035354775807", None, -9.223372035354776e+18, -1, DSI)),
        ("1e-12", "1Ei", -1, ("1152921504606846976000000001e-9", None, 1.152921504606847e+18, 1, DEXP), ("-1152921504606846975999999999e-9", None, -1.152921504606847e+18, -1, DEXP)),
    ];
    // (a, n, a.Add(NewQuantity(n, DecimalExponent)), a.Sub(...)) from Go
    const INT_VECTORS: &[(&str, i64, D, D)] = &[
        ("-7307u", -7127768713190086123, ("-7127768713190086123007307u", None, -7.127768713190086e+18, -1, DSI), ("7127768713190086122992693u", None, 7.127768713190086e+18, 1, DSI)),
        (".314117Pi", 1024, ("353664301038708523008u", None, 353664301038708.56, 1, BSI), ("353664301036660523008u", None, 353664301036660.5, 1, BSI)),
        ("-653k", 123456789, ("122803789", Some(122803789), 122803789.0, 1, DSI), ("-124109789", Some(-124109789), -124109789.0, -1, DSI)),
        ("+28769.475840881620T", i64::MIN, ("-9194602561013894188", Some(-9194602561013894188), -9.194602561013894e+18, -1, DSI), ("-9194602561013894188", Some(-9194602561013894188), -9.194602561013894e+18, -1, DSI)),
        ("06210558037590033451664271.899152948e-7", 1, ("621055803759003346166427190e-9", None, 6.210558037590034e+17, 1, DEXP), ("621055803759003344166427190e-9", None, 6.210558037590034e+17, 1, DEXP)),
        ("066166063025035164.665343688586G", -9223372036854775807, ("66166053801663127810567881586m", None, 6.616605380166313e+25, 1, DSI), ("66166072248407201520119495586m", None, 6.61660722484072e+25, 1, DSI)),
        ("+6061E44", -1, ("606099999999999999999999999999999999999999999999", None, 6.061e+47, 1, DEXP), ("606100000000000000000000000000000000000000000001", None, 6.061e+47, 1, DEXP)),
        ("-9259327283857856799194842E", 1024, ("-9259327283857856799194841999999999999998976", None, -9.259327283857857e+42, -1, DSI), ("-9259327283857856799194842000000000000001024", None, -9.259327283857857e+42, -1, DSI)),
        ("-1", i64::MIN, ("-9223372036854775809", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775807", None, 9.223372036854776e+18, 1, DSI)),
        ("00000Gi", 123456789, ("123456789", Some(123456789), 123456789.0, 1, DEXP), ("-123456789", Some(-123456789), -123456789.0, -1, DEXP)),
        ("-Ki", 1, ("1", Some(1), 1.0, 1, DEXP), ("-1", Some(-1), -1.0, -1, DEXP)),
        ("588419n", i64::MIN, ("-9223372036854775807999411581n", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775808000588419n", None, 9.223372036854776e+18, 1, DSI)),
        ("57258u", -2153929369500371546, ("-2153929369500371545942742u", None, -2.1539293695003712e+18, -1, DSI), ("2153929369500371546057258u", None, 2.1539293695003712e+18, 1, DSI)),
        ("-998044553588160068Ei", 0, ("-9223372036854775807", None, -9.223372036854776e+18, -1, BSI), ("-9223372036854775807", None, -9.223372036854776e+18, -1, BSI)),
        (".4642457083Gi", 20, ("498480053614213940n", None, 498480053.614214, 1, BSI), ("498480013614213940n", None, 498480013.614214, 1, BSI)),
        ("009k", 1133870245846010309, ("1133870245846019309", Some(1133870245846019309), 1.1338702458460193e+18, 1, DSI), ("-1133870245846001309", Some(-1133870245846001309), -1.1338702458460013e+18, -1, DSI)),
        (".738P", -6968527159122306365, ("-6967789159122306365", Some(-6967789159122306365), -6.967789159122306e+18, -1, DSI), ("6969265159122306365", Some(6969265159122306365), 6.969265159122306e+18, 1, DSI)),
        ("27505374832138107Pi", 9223372036854775807, ("18446744073709551614", None, 1.8446744073709552e+19, 1, BSI), ("0", None, 0.0, 0, BSI)),
        ("0087765535944355608439", i64::MIN, ("78542163907500832631", None, 7.854216390750083e+19, 1, DSI), ("96988907981210384247", None, 9.698890798121039e+19, 1, DSI)),
        ("1M", 1024, ("1001024", Some(1001024), 1001024.0, 1, DSI), ("998976", Some(998976), 998976.0, 1, DSI)),
        ("+053581458Ti", 0, ("9223372036854775807", None, 9.223372036854776e+18, 1, BSI), ("9223372036854775807", None, 9.223372036854776e+18, 1, BSI)),
        ("94345379241816910685n", 9223372036854775807, ("9223372131200155048816910685n", None, 9.223372131200156e+18, 1, DSI), ("-9223371942509396565183089315n", None, -9.223371942509397e+18, -1, DSI)),
        ("078967879992661278Pi", 123456789, ("9223372036978232596", None, 9.223372036978233e+18, 1, BSI), ("9223372036731319018", None, 9.223372036731319e+18, 1, BSI)),
        ("+253421E-256", 1000, ("1000000000001e-9", None, 1000.0000000010001, 1, DEXP), ("-999999999999e-9", None, -999.999999999, -1, DEXP)),
        ("102.306231u", i64::MIN, ("-9223372036854775807999897693n", None, -9.223372036854776e+18, -1, DSI), ("9223372036854775808000102307n", None, 9.223372036854776e+18, 1, DSI)),
        ("953121G", -1, ("953120999999999", Some(953120999999999), 953120999999999.0, 1, DSI), ("953121000000001", Some(953121000000001), 953121000000001.0, 1, DSI)),
        ("09691325310676575865.9e-74", i64::MIN, ("-9223372036854775807999999999e-9", None, -9.223372036854776e+18, -1, DEXP), ("9223372036854775808000000001e-9", None, 9.223372036854776e+18, 1, DEXP)),
        ("+453e+231", 9223372036854775807, ("453000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, 4.53e+233, 1, DEXP), ("452999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, 4.53e+233, 1, DEXP)),
        ("08817607166465476191.017Pi", i64::MIN, ("-1", None, -1.0, -1, BSI), ("18446744073709551615", None, 1.8446744073709552e+19, 1, BSI)),
        ("049344873332791814937Gi", 8955458453784726588, ("18178830490639502395", None, 1.8178830490639503e+19, 1, BSI), ("267913583070049219", None, 2.679135830700492e+17, 1, BSI)),
        ("-0602431775378557936.524915009773198e+110", 9223372036854775807, ("-60243177537855793652491500977319799999999999999999999999999999999999999999999999999999999999999999999999999990776627963145224193", None, -6.02431775378558e+127, -1, DEXP), ("-60243177537855793652491500977319800000000000000000000000000000000000000000000000000000000000000000000000000009223372036854775807", None, -6.02431775378558e+127, -1, DEXP)),
        ("+4.7444k", -4876123953274561675, ("-4876123953274556930600m", None, -4.876123953274557e+18, -1, DSI), ("4876123953274566419400m", None, 4.876123953274567e+18, 1, DSI)),
        ("+.41e-6", -9223372036854775807, ("-9223372036854775806999999590e-9", None, -9.223372036854776e+18, -1, DEXP), ("9223372036854775807000000410e-9", None, 9.223372036854776e+18, 1, DEXP)),
        ("000174648700092P", 9223372036854775807, ("174648709315372036854775807", None, 1.7464870931537204e+26, 1, DSI), ("174648690868627963145224193", None, 1.7464869086862796e+26, 1, DSI)),
        ("+0488591452639945E-30", -1, ("-999999999e-9", None, -0.999999999, -1, DEXP), ("1000000001e-9", None, 1.000000001, 1, DEXP)),
        ("-67411Gi", -1, ("-72382010097665", Some(-72382010097665), -72382010097665.0, -1, BSI), ("-72382010097663", Some(-72382010097663), -72382010097663.0, -1, BSI)),
        ("456442.436739574433818e-264", 20, ("20000000001e-9", None, 20.000000001, 1, DEXP), ("-19999999999e-9", None, -19.999999999, -1, DEXP)),
        ("872.7154298494Mi", -50000, ("915058454569764455n", None, 915058454.5697645, 1, BSI), ("915158454569764455n", None, 915158454.5697645, 1, BSI)),
        ("633e353", 1, ("63300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", None, f64::INFINITY, 1, DEXP), ("63299999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999", None, f64::INFINITY, 1, DEXP)),
        ("1024Mi", 123456789, ("1197198613", Some(1197198613), 1197198613.0, 1, BSI), ("950285035", Some(950285035), 950285035.0, 1, BSI)),
        ("49.98k", -9223372036854775807, ("-9223372036854725827", Some(-9223372036854725827), -9.223372036854726e+18, -1, DSI), ("9223372036854825787", None, 9.223372036854825e+18, 1, DSI)),
        ("-985552309276713760E8", 1, ("-98555230927671375999999999", None, -9.855523092767137e+25, -1, DEXP), ("-98555230927671376000000001", None, -9.855523092767137e+25, -1, DEXP)),
        ("+1Gi", 1, ("1073741825", Some(1073741825), 1073741825.0, 1, BSI), ("1073741823", Some(1073741823), 1073741823.0, 1, BSI)),
        ("+92626005997372778342m", i64::MIN, ("-9130746030857403029658m", None, -9.130746030857403e+18, -1, DSI), ("9315998042852148586342m", None, 9.31599804285215e+18, 1, DSI)),
        ("27505374832138107Pi", i64::MIN, ("-1", None, -1.0, -1, BSI), ("18446744073709551615", None, 1.8446744073709552e+19, 1, BSI)),
        ("8644209383505634337Mi", 1000, ("9223372036854776807", None, 9.223372036854776e+18, 1, BSI), ("9223372036854774807", None, 9.223372036854775e+18, 1, BSI)),
        ("+3.3741E310", 0, ("33741e306", None, f64::INFINITY, 1, DEXP), ("33741e306", None, f64::INFINITY, 1, DEXP)),
        ("6705065890577055642Ei", -1, ("9223372036854775806", None, 9.223372036854776e+18, 1, BSI), ("8Ei", None, 9.223372036854776e+18, 1, BSI)),
        ("0011313", -1, ("11312", Some(11312), 11312.0, 1, DSI), ("11314", Some(11314), 11314.0, 1, DSI)),
        ("+826919959712582689.8k", i64::MIN, ("817696587675727913992", None, 8.17696587675728e+20, 1, DSI), ("836143331749437465608", None, 8.361433317494375e+20, 1, DSI)),
        ("63Gi", 8251661682597514461, ("8251661750243249373", Some(8251661750243249373), 8.251661750243249e+18, 1, BSI), ("-8251661614951779549", Some(-8251661614951779549), -8.251661614951779e+18, -1, BSI)),
        ("625548756358841912E+139", -50000, ("6255487563588419119999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999950e3", None, 6.255487563588419e+156, 1, DEXP), ("6255487563588419120000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000050e3", None, 6.255487563588419e+156, 1, DEXP)),
        ("9736333688021595129.6710985311E", 123456789, ("9736333688021595129671098531223456789", None, 9.736333688021596e+36, 1, DSI), ("9736333688021595129671098530976543211", None, 9.736333688021596e+36, 1, DSI)),
        ("-00045525321620944471u", -1, ("-45525321621944471u", None, -45525321621.94447, -1, DSI), ("-45525321619944471u", None, -45525321619.94447, -1, DSI)),
        ("05M", -1, ("4999999", Some(4999999), 4999999.0, 1, DSI), ("5000001", Some(5000001), 5000001.0, 1, DSI)),
        ("+244530427783581480.7029117477e+28", -1, ("2445304277835814807029117476999999999999999999", None, 2.445304277835815e+45, 1, DEXP), ("2445304277835814807029117477000000000000000001", None, 2.445304277835815e+45, 1, DEXP)),
        ("6e+27", -50000, ("5999999999999999999999950e3", None, 6e+27, 1, DEXP), ("6000000000000000000000050e3", None, 6e+27, 1, DEXP)),
        ("-008595875485086509136n", 9223372036854775807, ("9223372028258900321913490864n", None, 9.223372028258901e+18, 1, DSI), ("-9223372045450651292086509136n", None, -9.223372045450652e+18, -1, DSI)),
        ("-22607160472838027734Pi", -50000, ("-9223372036854825807", None, -9.223372036854825e+18, -1, BSI), ("-9223372036854725807", None, -9.223372036854726e+18, -1, BSI)),
        ("00067316963378249e+8", 1024, ("6731696337824900001024", None, 6.7316963378249e+21, 1, DEXP), ("6731696337824899998976", None, 6.7316963378249e+21, 1, DEXP)),
        ("036230196482064902.815745793016Ti", -50000, ("9223372036854725807", None, 9.223372036854726e+18, 1, BSI), ("9223372036854825807", None, 9.223372036854825e+18, 1, BSI)),
        ("-78.9727682662T", -1, ("-78972768266201", Some(-78972768266201), -78972768266201.0, -1, DSI), ("-78972768266199", Some(-78972768266199), -78972768266199.0, -1, DSI)),
        ("+02905528543718358Mi", -9223372036854775807, ("0", None, 0.0, 0, BSI), ("18446744073709551614", None, 1.8446744073709552e+19, 1, BSI)),
        ("89Ei", -1, ("9223372036854775806", None, 9.223372036854776e+18, 1, BSI), ("8Ei", None, 9.223372036854776e+18, 1, BSI)),
        ("+398360341391475859E6", 20, ("398360341391475859000020", None, 3.9836034139147584e+23, 1, DEXP), ("398360341391475858999980", None, 3.9836034139147584e+23, 1, DEXP)),
        ("75461973088054614e-2", 1, ("754619730880547140e-3", None, 754619730880547.2, 1, DEXP), ("754619730880545140e-3", None, 754619730880545.1, 1, DEXP)),
        ("3.6496246846n", -8882802510129490795, ("-8882802510129490794999999996n", None, -8.882802510129492e+18, -1, DSI), ("8882802510129490795000000004n", None, 8.882802510129492e+18, 1, DSI)),
        ("16546181288034807u", i64::MIN, ("-9223372020308594519965193u", None, -9.223372020308595e+18, -1, DSI), ("9223372053400957096034807u", None, 9.223372053400957e+18, 1, DSI)),
        ("840092605643075.3m", -50000, ("840092555643075300u", None, 840092555643.0753, 1, DSI), ("840092655643075300u", None, 840092655643.0753, 1, DSI)),
        ("06097Mi", 1333679894650489142, ("1333679901043657014", Some(1333679901043657014), 1.333679901043657e+18, 1, BSI), ("-1333679888257321270", Some(-1333679888257321270), -1.3336798882573212e+18, -1, BSI)),
        ("+210171011698355376.Ki", 6409172461136295342, ("15632544497991071149", None, 1.5632544497991072e+19, 1, BSI), ("2814199575718480465", None, 2.8141995757184804e+18, 1, BSI)),
        ("3000n", 9223372036854775807, ("9223372036854775807000003u", None, 9.223372036854776e+18, 1, DSI), ("-9223372036854775806999997u", None, -9.223372036854776e+18, -1, DSI)),
        ("-002M", -9223372036854775807, ("-9223372036856775807", None, -9.223372036856777e+18, -1, DSI), ("9223372036852775807", Some(9223372036852775807), 9.223372036852776e+18, 1, DSI)),
        ("515778045376.902121353T", 1000, ("515778045376902121354k", None, 5.1577804537690216e+23, 1, DSI), ("515778045376902121352k", None, 5.1577804537690216e+23, 1, DSI)),
        ("1Ki", 0, ("1Ki", Some(1024), 1024.0, 1, BSI), ("1Ki", Some(1024), 1024.0, 1, BSI)),
        ("+01251547425985988Gi", 1000, ("9223372036854776807", None, 9.223372036854776e+18, 1, BSI), ("9223372036854774807", None, 9.223372036854775e+18, 1, BSI)),
        ("13893.079E-339", 1000, ("1000000000001e-9", None, 1000.0000000010001, 1, DEXP), ("-999999999999e-9", None, -999.999999999, -1, DEXP)),
        ("-165573264.6G", 1, ("-165573264599999999", Some(-165573264599999999), -1.655732646e+17, -1, DSI), ("-165573264600000001", Some(-165573264600000001), -1.655732646e+17, -1, DSI)),
        ("35.7243563311Pi", 20, ("40222049465198214905736807n", None, 4.022204946519822e+16, 1, BSI), ("40222049465198174905736807n", None, 4.022204946519818e+16, 1, BSI)),
        ("-294039342223371E", 1024, ("-294039342223370999999999999998976", None, -2.94039342223371e+32, -1, DSI), ("-294039342223371000000000000001024", None, -2.94039342223371e+32, -1, DSI)),
    ];
}
