//! `x-kubernetes-list-type: set` and `map`: one `Duplicate value` per duplicated element (or key
//! tuple), at the index of its second occurrence; and the repeat test `uniqueItems` uses.

use super::path::{Keys, Path};
use super::plan::ListType;
use crate::errors::{BadValue, FieldError};
use crate::value::{Kind, ValueView};
use serde_json::{Map, Value};

pub(crate) fn check<'a>(
    list_type: &ListType,
    list: impl ValueView<'a>,
    path: &Path<'_>,
    errors: &mut Vec<FieldError>,
) {
    let at = |i: usize| path.field_path(Keys::Indexed).index(i);
    match list_type {
        ListType::Atomic => {}
        // One item cannot repeat another.
        ListType::Set if list.len() < 2 => {}
        ListType::Set => {
            let items: Vec<_> = list.items().map(ValueView::to_json).collect();
            let mut reported: Vec<&Value> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                if items[..i].contains(item) && !reported.contains(&item.as_ref()) {
                    reported.push(item);
                    errors.push(FieldError::duplicate(at(i), BadValue::of_json(item)));
                }
            }
        }
        ListType::Map(keys) => {
            let items: Vec<_> = list.items().map(ValueView::to_json).collect();
            let mut seen: Vec<Vec<Option<&Value>>> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let Value::Object(obj) = item.as_ref() else {
                    errors.push(FieldError::invalid(
                        at(i),
                        BadValue::of_json(item),
                        "must be an object for an array of list-type map",
                    ));
                    continue;
                };
                if items.len() < 2 {
                    continue;
                }
                let key: Vec<Option<&Value>> = keys
                    .iter()
                    .map(|(k, default)| obj.get(k).or(default.as_ref()))
                    .collect();
                if seen.contains(&key) {
                    let shown: Map<String, Value> = keys
                        .iter()
                        .zip(&key)
                        .filter_map(|((k, _), v)| Some((k.clone(), (*v)?.clone())))
                        .collect();
                    errors.push(FieldError::duplicate(
                        at(i),
                        BadValue::Json(Value::Object(shown)),
                    ));
                } else {
                    seen.push(key);
                }
            }
        }
    }
}

/// Whether [`check`] would find nothing, found without allocating for lists of up to
/// [`SMALL`] items (the others are checked in full).
pub(crate) fn holds<'a, V: ValueView<'a>>(list_type: &ListType, list: V) -> bool {
    let n = list.len();
    match list_type {
        ListType::Atomic => true,
        ListType::Set if n < 2 => true,
        // One item repeats nothing; it only has to be an object.
        ListType::Map(_) if n < 2 => list.items().all(|item| item.kind() == Kind::Object),
        _ if n > SMALL => {
            let mut errors = Vec::new();
            check(list_type, list, &Path::ROOT, &mut errors);
            errors.is_empty()
        }
        ListType::Set => {
            let mut items = [None; SMALL];
            for (slot, item) in items.iter_mut().zip(list.items()) {
                *slot = Some(item);
            }
            !repeats_by(&items[..n], |a, b| {
                a.map(ValueView::to_json) == b.map(ValueView::to_json)
            })
        }
        ListType::Map(keys) => {
            let mut items = [None; SMALL];
            for (slot, item) in items.iter_mut().zip(list.items()) {
                if item.kind() != Kind::Object {
                    return false;
                }
                *slot = Some(item);
            }
            // Two items have the same key when each key property is equal, an absent one
            // standing for its default.
            let same = |a: Option<V>, b: Option<V>, (k, default): &(String, Option<Value>)| {
                let (a, b) = (a.and_then(|o| o.get(k)), b.and_then(|o| o.get(k)));
                let is_default = |v: V| default.as_ref().is_some_and(|d| *v.to_json() == *d);
                match (a, b) {
                    (Some(x), Some(y)) => x.to_json() == y.to_json(),
                    (Some(x), None) | (None, Some(x)) => is_default(x),
                    (None, None) => true,
                }
            };
            !repeats_by(&items[..n], |&a, &b| keys.iter().all(|k| same(a, b, k)))
        }
    }
}

/// The longest list [`holds`] checks without allocating.
const SMALL: usize = 16;

/// Whether an item equals an earlier one (`uniqueItems`, for the walk and typed values).
pub(crate) fn repeats<T: PartialEq>(items: &[T]) -> bool {
    repeats_by(items, T::eq)
}

/// Whether an item equals an earlier one, by `same`.
fn repeats_by<T>(items: &[T], same: impl Fn(&T, &T) -> bool) -> bool {
    items
        .iter()
        .enumerate()
        .any(|(i, a)| items[..i].iter().any(|b| same(a, b)))
}
