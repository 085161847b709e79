//! [`Quantity`]: a resource amount, read with Go's `resource.ParseQuantity` rules.

use super::{apimachinery_type, definition, ParseError};
use crate::cel::decl::Decl;
use crate::cel::library::quantity as exact;
use crate::cel::native::ToCel;
use crate::cel::value::Value;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A fixed-point number with an optional suffix (`500m`, `1.5Gi`, `2e3`), as Kubernetes writes
/// resource amounts. It keeps the text it was read from, which is what it serializes (as the
/// apiserver keeps a custom resource's text), and compares by value: `1` equals `1000m`.
#[derive(Clone, Debug)]
pub struct Quantity {
    text: String,
    value: exact::Quantity,
}

impl Quantity {
    /// The text this quantity was read from.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text Go writes for this quantity (`resource.Quantity.String()`): `1000m` is `1`.
    pub fn canonical(&self) -> String {
        self.value.to_string()
    }

    /// The exact value, for arithmetic and the other operations of the CEL quantity library.
    pub fn value(&self) -> &exact::Quantity {
        &self.value
    }

    /// A whole number, written in decimal.
    pub fn from_int(value: i64) -> Quantity {
        Quantity {
            text: value.to_string(),
            value: exact::Quantity::from_int(value),
        }
    }
}

impl FromStr for Quantity {
    type Err = ParseError;

    /// Reads `text` as Go's `UnmarshalJSON` does: surrounding spaces are ignored.
    fn from_str(text: &str) -> Result<Quantity, ParseError> {
        let trimmed = text.trim();
        exact::parse(trimmed)
            .map(|value| Quantity {
                text: trimmed.to_string(),
                value,
            })
            .map_err(|reason| ParseError::new("quantity", text, reason))
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Quantity) -> bool {
        self.value.cmp(&other.value) == Ordering::Equal
    }
}

impl Eq for Quantity {}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Quantity) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Quantity) -> Ordering {
        self.value.cmp(&other.value)
    }
}

impl serde::Serialize for Quantity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> serde::Deserialize<'de> for Quantity {
    /// A string, or a bare JSON number, as Go reads both.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Quantity, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Quantity;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a quantity (a string such as \"500m\" or \"1Gi\", or a number)")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Quantity, E> {
                s.parse().map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, i: i64) -> Result<Quantity, E> {
                Ok(Quantity::from_int(i))
            }
            fn visit_u64<E: serde::de::Error>(self, u: u64) -> Result<Quantity, E> {
                u.to_string().parse().map_err(E::custom)
            }
            fn visit_f64<E: serde::de::Error>(self, f: f64) -> Result<Quantity, E> {
                f.to_string().parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl ToCel for Quantity {
    fn to_cel<'a>(&'a self, decl: &'a Decl) -> Value<'a> {
        Value::from_str_decl(&self.text, decl)
    }
}

apimachinery_type!(
    Quantity,
    "io.k8s.apimachinery.pkg.api.resource.Quantity",
    definition(
        "A fixed-point number with an optional suffix: a binary one (Ki, Mi, Gi, Ti, Pi, Ei), a decimal one (n, u, m, k, M, G, T, P, E) or a decimal exponent (e3, E-2). Written as a string, such as \"500m\" or \"1.5Gi\".",
        &["string"],
        "",
        &["string", "number"],
    )
);
