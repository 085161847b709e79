//! The view of a `serde_json::Value`.

use super::{Kind, ValueView};
use serde_json::Value;
use std::borrow::Cow;

impl<'a> ValueView<'a> for &'a Value {
    fn kind(self) -> Kind {
        match self {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Bool,
            Value::Number(n) if n.is_i64() || n.is_u64() => Kind::Integer,
            Value::Number(_) => Kind::Float,
            Value::String(_) => Kind::String,
            Value::Array(_) => Kind::Array,
            Value::Object(_) => Kind::Object,
        }
    }

    fn as_bool(self) -> Option<bool> {
        Value::as_bool(self)
    }

    fn as_i64(self) -> Option<i64> {
        Value::as_i64(self)
    }

    fn as_f64(self) -> Option<f64> {
        Value::as_f64(self)
    }

    fn as_str(self) -> Option<&'a str> {
        Value::as_str(self)
    }

    fn len(self) -> usize {
        match self {
            Value::Array(items) => items.len(),
            Value::Object(map) => map.len(),
            _ => 0,
        }
    }

    fn items(self) -> impl Iterator<Item = Self> + 'a {
        let items: &'a [Value] = match self {
            Value::Array(items) => items,
            _ => &[],
        };
        items.iter()
    }

    fn entries(self) -> impl Iterator<Item = (&'a str, Self)> + 'a {
        Entries(self.as_object().map(|map| map.iter()))
    }

    fn get(self, key: &str) -> Option<Self> {
        self.as_object()?.get(key)
    }

    fn to_json(self) -> Cow<'a, Value> {
        Cow::Borrowed(self)
    }
}

/// The entries of an object (none for anything else).
struct Entries<'a>(Option<serde_json::map::Iter<'a>>);

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a str, &'a Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (k, v) = self.0.as_mut()?.next()?;
        Some((k.as_str(), v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_every_kind() {
        let v = &json!({"a": [1, 2.5, "x", true, null], "b": {}});
        let a = v.get("a").unwrap();
        let kinds: Vec<Kind> = a.items().map(ValueView::kind).collect();
        assert_eq!(
            kinds,
            [
                Kind::Integer,
                Kind::Float,
                Kind::String,
                Kind::Bool,
                Kind::Null
            ]
        );
        assert_eq!(v.entries().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b"]);
        assert!(v.get("b").unwrap().is_zero());
        assert!(!v.get("a").unwrap().is_zero());
        assert_eq!(v.len(), 2);
        let big = &json!(u64::MAX);
        assert_eq!(ValueView::kind(big), Kind::Integer);
        assert_eq!(ValueView::as_i64(big), None);
    }
}
