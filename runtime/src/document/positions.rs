//! Where each node of a document is: a JSON pointer (`/spec/containers/0/name`) to its line and
//! column in the source.

use std::collections::HashMap;

/// A 1-based line and column in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourcePosition {
    pub line: usize,
    pub column: usize,
}

/// The positions of a document's nodes, by JSON pointer.
#[derive(Debug, Clone, Default)]
pub struct Positions {
    by_pointer: HashMap<String, SourcePosition>,
}

impl Positions {
    pub fn insert(&mut self, pointer: String, at: SourcePosition) {
        self.by_pointer.entry(pointer).or_insert(at);
    }

    /// The position of the node at `pointer`, or of its nearest ancestor that has one.
    pub fn find(&self, pointer: &str) -> Option<SourcePosition> {
        let mut p = pointer;
        loop {
            if let Some(at) = self.by_pointer.get(p) {
                return Some(*at);
            }
            match p.rfind('/') {
                Some(i) => p = &p[..i],
                None => return None,
            }
        }
    }
}

/// A JSON pointer token: `~` and `/` escaped.
pub fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falls_back_to_the_nearest_ancestor() {
        let mut p = Positions::default();
        p.insert("".into(), SourcePosition { line: 1, column: 1 });
        p.insert("/spec".into(), SourcePosition { line: 3, column: 3 });
        assert_eq!(
            p.find("/spec/replicas"),
            Some(SourcePosition { line: 3, column: 3 })
        );
        assert_eq!(
            p.find("/metadata"),
            Some(SourcePosition { line: 1, column: 1 })
        );
        assert_eq!(pointer_token("a/b~c"), "a~1b~0c");
    }
}
