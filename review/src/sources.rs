//! Where a revision's schema nodes came from in source code, for revisions generated from Go
//! packages: a [`SourceMap`] from JSON pointers (a keyword, a rule, a `required` entry, a
//! property, a definition) to the [`Site`] that caused them (the tag that wrote a keyword, the
//! declaration of a field or type). A finding's site is the entry at its pointer or, when
//! nothing wrote that node, at the nearest ancestor (a field's declaration for its `type`).

use super::findings::Site;
use std::collections::BTreeMap;

/// Sites by the JSON pointer of the node they caused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    by_pointer: BTreeMap<String, Site>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Says that `site` caused the node at `pointer` (and what is below it, unless said
    /// otherwise); a later insert at the same pointer wins.
    pub fn insert(&mut self, pointer: String, site: Site) {
        self.by_pointer.insert(pointer, site);
    }

    pub fn is_empty(&self) -> bool {
        self.by_pointer.is_empty()
    }

    pub fn len(&self) -> usize {
        self.by_pointer.len()
    }

    /// The site of the node at `pointer`, or of its nearest ancestor that has one.
    pub fn find(&self, pointer: &str) -> Option<&Site> {
        let mut current = pointer;
        loop {
            if let Some(site) = self.by_pointer.get(current) {
                return Some(site);
            }
            current = &current[..current.rfind('/')?];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_ancestor_answers() {
        let mut m = SourceMap::new();
        let site = |text: &str| Site {
            text: text.into(),
            ..Site::default()
        };
        m.insert("/components/schemas/A/properties/x".into(), site("field X"));
        m.insert(
            "/components/schemas/A/properties/x/maxLength".into(),
            site("+k8s:maxLength=3"),
        );
        let text = |p: &str| m.find(p).map(|s| s.text.clone());
        assert_eq!(
            text("/components/schemas/A/properties/x/maxLength").as_deref(),
            Some("+k8s:maxLength=3")
        );
        assert_eq!(
            text("/components/schemas/A/properties/x/type").as_deref(),
            Some("field X")
        );
        assert_eq!(
            text("/components/schemas/A/properties/xy/type"),
            None,
            "a prefix that is not an ancestor does not answer"
        );
        assert_eq!(text("/components/schemas/B"), None);
    }
}
