//! The partial orders a diff decides directions with: for each keyword, whether the new value
//! accepts a subset of what the old one accepted ([`Cmp::Narrower`]), a superset
//! ([`Cmp::Wider`]), the same, or neither. Numeric bounds count exclusive flags (and, for
//! integers, `> n` as `>= n+1`); `multipleOf` by divisibility; lengths and counts with an absent
//! minimum as 0 and an absent maximum as unbounded; formats by a small lattice of names.

/// How the new value of a keyword relates to the old one, as sets of accepted values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Same,
    /// The new value accepts a strict subset.
    Narrower,
    /// The new value accepts a strict superset.
    Wider,
    /// Each accepts something the other does not.
    Incomparable,
}

/// A numeric bound: its value and whether it is exclusive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    pub value: f64,
    pub exclusive: bool,
}

impl Bound {
    /// The bound as a key that grows as the lower bound it is narrows: for integer fields an
    /// exclusive integral bound is the inclusive one next to it.
    fn lower_key(self, integer: bool) -> (f64, bool) {
        if integer && self.exclusive && self.value.fract() == 0.0 {
            (self.value + 1.0, false)
        } else {
            (self.value, self.exclusive)
        }
    }

    fn upper_key(self, integer: bool) -> (f64, bool) {
        if integer && self.exclusive && self.value.fract() == 0.0 {
            (self.value - 1.0, false)
        } else {
            (self.value, self.exclusive)
        }
    }
}

fn by_key<K: PartialOrd>(old: K, new: K, larger_is_narrower: bool) -> Cmp {
    match old.partial_cmp(&new) {
        Some(std::cmp::Ordering::Equal) => Cmp::Same,
        Some(std::cmp::Ordering::Less) if larger_is_narrower => Cmp::Narrower,
        Some(std::cmp::Ordering::Less) => Cmp::Wider,
        Some(std::cmp::Ordering::Greater) if larger_is_narrower => Cmp::Wider,
        Some(std::cmp::Ordering::Greater) => Cmp::Narrower,
        None => Cmp::Incomparable,
    }
}

/// `minimum` (with `exclusiveMinimum`); absent is no bound.
pub fn lower_bound(old: Option<Bound>, new: Option<Bound>, integer: bool) -> Cmp {
    match (old, new) {
        (None, None) => Cmp::Same,
        (None, Some(_)) => Cmp::Narrower,
        (Some(_), None) => Cmp::Wider,
        (Some(o), Some(n)) => {
            // Exclusive is narrower than inclusive at the same value: order (value, exclusive).
            let (ov, oe) = o.lower_key(integer);
            let (nv, ne) = n.lower_key(integer);
            by_key((ov, oe as u8), (nv, ne as u8), true)
        }
    }
}

/// `maximum` (with `exclusiveMaximum`); absent is no bound.
pub fn upper_bound(old: Option<Bound>, new: Option<Bound>, integer: bool) -> Cmp {
    match (old, new) {
        (None, None) => Cmp::Same,
        (None, Some(_)) => Cmp::Narrower,
        (Some(_), None) => Cmp::Wider,
        (Some(o), Some(n)) => {
            let (ov, oe) = o.upper_key(integer);
            let (nv, ne) = n.upper_key(integer);
            // A smaller maximum narrows; at the same value exclusive narrows.
            by_key((-ov, oe as u8), (-nv, ne as u8), true)
        }
    }
}

/// A lower count (`minLength`, `minItems`, `minProperties`): absent is 0.
pub fn min_count(old: Option<u64>, new: Option<u64>) -> Cmp {
    by_key(old.unwrap_or(0), new.unwrap_or(0), true)
}

/// An upper count (`maxLength`, `maxItems`, `maxProperties`): absent is unbounded.
pub fn max_count(old: Option<u64>, new: Option<u64>) -> Cmp {
    by_key(old.unwrap_or(u64::MAX), new.unwrap_or(u64::MAX), false)
}

/// Whether `a` is an integer multiple of `b` (both positive), within float rounding.
fn divides(b: f64, a: f64) -> bool {
    if b <= 0.0 || a <= 0.0 {
        return false;
    }
    let ratio = a / b;
    (ratio - ratio.round()).abs() <= 1e-9 * ratio.max(1.0) && ratio.round() >= 1.0
}

/// `multipleOf`: multiples of 4 are a subset of multiples of 2; absent accepts every number.
pub fn multiple_of(old: Option<f64>, new: Option<f64>) -> Cmp {
    match (old, new) {
        (None, None) => Cmp::Same,
        (None, Some(_)) => Cmp::Narrower,
        (Some(_), None) => Cmp::Wider,
        (Some(o), Some(n)) if o == n => Cmp::Same,
        (Some(o), Some(n)) if divides(o, n) => Cmp::Narrower,
        (Some(o), Some(n)) if divides(n, o) => Cmp::Wider,
        _ => Cmp::Incomparable,
    }
}

/// A boolean keyword where `true` accepts less (`uniqueItems`) or more (`nullable`).
pub fn flag(old: bool, new: bool, true_narrows: bool) -> Cmp {
    match (old, new) {
        (a, b) if a == b => Cmp::Same,
        (false, true) if true_narrows => Cmp::Narrower,
        (false, true) => Cmp::Wider,
        (_, _) if true_narrows => Cmp::Wider,
        _ => Cmp::Narrower,
    }
}

/// How two formats relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatCmp {
    Same,
    Narrower,
    Wider,
    /// Both known, neither within the other.
    Unrelated,
    /// One of them is a name kubeidl does not know.
    Unknown,
}

/// A format name as compared: lower case without `-` and `_` (as the apiserver's registry
/// normalizes them), with the DNS names mapped onto the k8s ones they equal.
fn canonical_format(name: &str) -> String {
    let n: String = name
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    match n.as_str() {
        "dns1123label" => "k8sshortname".to_string(),
        "dns1123subdomain" => "k8slongname".to_string(),
        _ => n,
    }
}

/// Formats kubeidl knows (kube-openapi's strfmt names, the numeric widths, the `+k8s:format`
/// names), compared after [`canonical_format`].
const KNOWN_FORMATS: &[&str] = &[
    "int32",
    "int64",
    "float",
    "double",
    "byte",
    "binary",
    "password",
    "date",
    "datetime",
    "duration",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "ipv4",
    "ipv6",
    "cidr",
    "hostname",
    "email",
    "uri",
    "mac",
    "hexcolor",
    "rgbcolor",
    "bsonobjectid",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "k8sshortname",
    "k8slongname",
    "dns1035label",
    "k8slabelvalue",
    "k8slabelkey",
    "k8suuid",
    "k8slongnamecaseless",
    "k8spathsegmentname",
];

/// `(subset, superset)`: every value of the first format is a value of the second.
const SUBSETS: &[(&str, &str)] = &[
    ("int32", "int64"),
    ("float", "double"),
    ("dns1035label", "k8sshortname"),
    ("k8sshortname", "k8slongname"),
    ("k8sshortname", "k8slabelvalue"),
    ("k8slongname", "k8slongnamecaseless"),
    ("uuid3", "uuid"),
    ("uuid4", "uuid"),
    ("uuid5", "uuid"),
    ("isbn10", "isbn"),
    ("isbn13", "isbn"),
];

fn within(a: &str, b: &str) -> bool {
    // The table is small and acyclic: a depth-first search is enough.
    a == b || SUBSETS.iter().any(|(sub, sup)| *sub == a && within(sup, b))
}

/// Two formats, both present.
pub fn format(old: &str, new: &str) -> FormatCmp {
    let (o, n) = (canonical_format(old), canonical_format(new));
    if o == n {
        return FormatCmp::Same;
    }
    if !KNOWN_FORMATS.contains(&o.as_str()) || !KNOWN_FORMATS.contains(&n.as_str()) {
        return FormatCmp::Unknown;
    }
    if within(&n, &o) {
        FormatCmp::Narrower
    } else if within(&o, &n) {
        FormatCmp::Wider
    } else {
        FormatCmp::Unrelated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(value: f64, exclusive: bool) -> Option<Bound> {
        Some(Bound { value, exclusive })
    }

    #[test]
    fn lower_bounds_order_by_value_then_exclusivity() {
        assert_eq!(
            lower_bound(b(1.0, false), b(2.0, false), false),
            Cmp::Narrower
        );
        assert_eq!(lower_bound(b(2.0, false), b(1.0, false), false), Cmp::Wider);
        assert_eq!(
            lower_bound(b(1.0, false), b(1.0, true), false),
            Cmp::Narrower
        );
        assert_eq!(lower_bound(b(1.0, true), b(1.0, false), false), Cmp::Wider);
        assert_eq!(lower_bound(None, b(0.0, false), false), Cmp::Narrower);
        assert_eq!(lower_bound(b(0.0, false), None, false), Cmp::Wider);
        // For integers, > 0 is >= 1.
        assert_eq!(lower_bound(b(0.0, true), b(1.0, false), true), Cmp::Same);
        assert_eq!(
            lower_bound(b(0.0, true), b(1.0, false), false),
            Cmp::Narrower
        );
    }

    #[test]
    fn upper_bounds_order_by_value_then_exclusivity() {
        assert_eq!(
            upper_bound(b(10.0, false), b(5.0, false), false),
            Cmp::Narrower
        );
        assert_eq!(
            upper_bound(b(5.0, false), b(10.0, false), false),
            Cmp::Wider
        );
        assert_eq!(
            upper_bound(b(5.0, false), b(5.0, true), false),
            Cmp::Narrower
        );
        assert_eq!(upper_bound(b(5.0, true), b(4.0, false), true), Cmp::Same);
        assert_eq!(upper_bound(b(5.0, true), None, true), Cmp::Wider);
    }

    #[test]
    fn counts_treat_absence_as_zero_or_unbounded() {
        assert_eq!(min_count(None, Some(0)), Cmp::Same);
        assert_eq!(min_count(None, Some(1)), Cmp::Narrower);
        assert_eq!(min_count(Some(3), Some(1)), Cmp::Wider);
        assert_eq!(max_count(None, Some(63)), Cmp::Narrower);
        assert_eq!(max_count(Some(63), Some(253)), Cmp::Wider);
        assert_eq!(max_count(Some(63), None), Cmp::Wider);
        assert_eq!(max_count(Some(8), Some(8)), Cmp::Same);
    }

    #[test]
    fn multiple_of_is_divisibility() {
        assert_eq!(multiple_of(Some(2.0), Some(4.0)), Cmp::Narrower);
        assert_eq!(multiple_of(Some(4.0), Some(2.0)), Cmp::Wider);
        assert_eq!(multiple_of(Some(4.0), Some(6.0)), Cmp::Incomparable);
        assert_eq!(multiple_of(Some(0.1), Some(0.5)), Cmp::Narrower);
        assert_eq!(multiple_of(None, Some(3.0)), Cmp::Narrower);
        assert_eq!(multiple_of(Some(3.0), None), Cmp::Wider);
    }

    #[test]
    fn flags() {
        assert_eq!(flag(false, true, true), Cmp::Narrower);
        assert_eq!(flag(true, false, true), Cmp::Wider);
        assert_eq!(flag(false, true, false), Cmp::Wider);
        assert_eq!(flag(true, false, false), Cmp::Narrower);
        assert_eq!(flag(true, true, false), Cmp::Same);
    }

    #[test]
    fn formats_form_a_lattice() {
        assert_eq!(format("int32", "int64"), FormatCmp::Wider);
        assert_eq!(format("int64", "int32"), FormatCmp::Narrower);
        assert_eq!(
            format("dns1123-label", "dns1123-subdomain"),
            FormatCmp::Wider
        );
        assert_eq!(
            format("k8s-long-name", "k8s-short-name"),
            FormatCmp::Narrower
        );
        assert_eq!(format("dns1035label", "k8s-long-name"), FormatCmp::Wider);
        assert_eq!(format("k8s-short-name", "dns1123label"), FormatCmp::Same);
        assert_eq!(format("date", "uuid"), FormatCmp::Unrelated);
        assert_eq!(format("date", "my-own-format"), FormatCmp::Unknown);
    }
}
