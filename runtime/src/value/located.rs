//! Documents that remember where each node was written: a JSON value beside a tree of source
//! positions of the same shape, and the view that walks both together.

use super::{Kind, ValueView};
use crate::document::SourcePosition;
use serde_json::Value;
use std::borrow::Cow;

/// The source positions of a value's nodes, shaped like the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionTree {
    /// Where the node starts.
    pub at: SourcePosition,
    children: Children,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Children {
    None,
    Items(Vec<PositionTree>),
    /// Sorted by key, as a `serde_json::Map` orders its entries.
    Entries(Vec<(Box<str>, PositionTree)>),
}

impl PositionTree {
    /// A scalar's position.
    pub fn leaf(at: SourcePosition) -> PositionTree {
        PositionTree {
            at,
            children: Children::None,
        }
    }

    /// An array's position and its items' trees, in order.
    pub fn array(at: SourcePosition, items: Vec<PositionTree>) -> PositionTree {
        PositionTree {
            at,
            children: Children::Items(items),
        }
    }

    /// An object's position and its entries' trees (in any order; keys are unique).
    pub fn object(at: SourcePosition, mut entries: Vec<(Box<str>, PositionTree)>) -> PositionTree {
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        PositionTree {
            at,
            children: Children::Entries(entries),
        }
    }

    /// The tree of item `i` of an array.
    pub fn item(&self, i: usize) -> Option<&PositionTree> {
        match &self.children {
            Children::Items(items) => items.get(i),
            _ => None,
        }
    }

    /// The tree of entry `key` of an object.
    pub fn entry(&self, key: &str) -> Option<&PositionTree> {
        match &self.children {
            Children::Entries(entries) => entries
                .binary_search_by(|(k, _)| k.as_ref().cmp(key))
                .ok()
                .map(|i| &entries[i].1),
            _ => None,
        }
    }

    /// The position of the node at a JSON pointer (`/spec/containers/0`), or of its nearest
    /// ancestor that has one.
    pub fn find(&self, pointer: &str) -> SourcePosition {
        let mut node = self;
        for token in pointer.split('/').skip(1) {
            let key = crate::document::pointer_key(token);
            let next = match &node.children {
                Children::Items(_) => key.parse().ok().and_then(|i| node.item(i)),
                Children::Entries(_) => node.entry(&key),
                Children::None => None,
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node.at
    }
}

/// A view of a JSON value with the positions of its nodes.
#[derive(Debug, Clone, Copy)]
pub struct Located<'a> {
    value: &'a Value,
    tree: Option<&'a PositionTree>,
}

impl<'a> Located<'a> {
    /// A view of `value` whose nodes stand where `tree` says.
    pub fn new(value: &'a Value, tree: &'a PositionTree) -> Located<'a> {
        Located {
            value,
            tree: Some(tree),
        }
    }
}

impl<'a> ValueView<'a> for Located<'a> {
    fn kind(self) -> Kind {
        self.value.kind()
    }

    fn as_bool(self) -> Option<bool> {
        self.value.as_bool()
    }

    fn as_i64(self) -> Option<i64> {
        self.value.as_i64()
    }

    fn as_f64(self) -> Option<f64> {
        self.value.as_f64()
    }

    fn as_str(self) -> Option<&'a str> {
        self.value.as_str()
    }

    fn len(self) -> usize {
        ValueView::len(self.value)
    }

    fn items(self) -> impl Iterator<Item = Self> + 'a {
        let tree = self.tree;
        self.value
            .items()
            .enumerate()
            .map(move |(i, value)| Located {
                value,
                tree: tree.and_then(|t| t.item(i)),
            })
    }

    fn entries(self) -> impl Iterator<Item = (&'a str, Self)> + 'a {
        let tree = self.tree;
        self.value.entries().map(move |(key, value)| {
            (
                key,
                Located {
                    value,
                    tree: tree.and_then(|t| t.entry(key)),
                },
            )
        })
    }

    fn get(self, key: &str) -> Option<Self> {
        Some(Located {
            value: self.value.get(key)?,
            tree: self.tree.and_then(|t| t.entry(key)),
        })
    }

    fn to_json(self) -> Cow<'a, Value> {
        Cow::Borrowed(self.value)
    }

    fn position(self) -> Option<SourcePosition> {
        self.tree.map(|t| t.at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn at(line: usize, column: usize) -> SourcePosition {
        SourcePosition { line, column }
    }

    #[test]
    fn positions_follow_the_value() {
        let value = json!({"spec": {"b": [1, 2], "a": "x"}});
        let tree = PositionTree::object(
            at(1, 1),
            vec![(
                "spec".into(),
                PositionTree::object(
                    at(2, 3),
                    vec![
                        (
                            "b".into(),
                            PositionTree::array(
                                at(3, 5),
                                vec![PositionTree::leaf(at(3, 8)), PositionTree::leaf(at(4, 8))],
                            ),
                        ),
                        ("a".into(), PositionTree::leaf(at(5, 8))),
                    ],
                ),
            )],
        );
        let view = Located::new(&value, &tree);
        let spec = view.get("spec").unwrap();
        assert_eq!(spec.position(), Some(at(2, 3)));
        let entries: Vec<_> = spec
            .entries()
            .map(|(k, v)| (k, v.position().unwrap()))
            .collect();
        assert_eq!(entries, [("a", at(5, 8)), ("b", at(3, 5))]);
        let second = spec.get("b").unwrap().items().nth(1).unwrap();
        assert_eq!(
            (second.as_i64(), second.position()),
            (Some(2), Some(at(4, 8)))
        );
        assert_eq!(tree.find("/spec/b/1"), at(4, 8));
        assert_eq!(tree.find("/spec/missing/deeper"), at(2, 3));
        assert_eq!(tree.find(""), at(1, 1));
    }
}
