//! Paths built on the walker's stack: a step per level that costs nothing until an error needs
//! its [`FieldPath`].

use crate::errors::{self, FieldPath};

/// The path of the node being checked.
#[derive(Clone, Copy)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    step: Step<'a>,
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    Root,
    Field(&'a str),
    Index(usize),
    /// A key of a map (`additionalProperties`).
    Key(&'a str),
}

/// How map keys print: kube-openapi joins them like fields (`spec.labels.app`), the list-type
/// and embedded-resource checks index them (`spec.labels[app]`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    AsFields,
    Indexed,
}

impl<'a> Path<'a> {
    pub const ROOT: Path<'static> = Path {
        parent: None,
        step: Step::Root,
    };

    pub fn field(&'a self, name: &'a str) -> Path<'a> {
        self.then(Step::Field(name))
    }

    pub fn index(&'a self, i: usize) -> Path<'a> {
        self.then(Step::Index(i))
    }

    pub fn key(&'a self, key: &'a str) -> Path<'a> {
        self.then(Step::Key(key))
    }

    pub(crate) fn then(&'a self, step: Step<'a>) -> Path<'a> {
        Path {
            parent: Some(self),
            step,
        }
    }

    pub fn is_root(&self) -> bool {
        self.parent.is_none()
    }

    /// The field path of this node, built in one allocation.
    pub fn field_path(&self, keys: Keys) -> FieldPath {
        self.with_steps(keys, FieldPath::from_steps)
    }

    /// The field path of this node, and the path as it prints, with room after it for
    /// `room` more bytes (the message that follows it).
    pub fn rendered(&self, keys: Keys, room: usize) -> (FieldPath, String) {
        self.with_steps(keys, |steps| {
            let names: usize = steps
                .iter()
                .map(|s| match s {
                    errors::Step::Field(n) | errors::Step::Key(n) => n.len() + 2,
                    errors::Step::Index(_) => 8,
                })
                .sum();
            let mut text = String::with_capacity(names.max(5) + room);
            // Writing to a String cannot fail.
            let _ = errors::write_steps(steps.iter().copied(), &mut text);
            (FieldPath::from_steps(steps), text)
        })
    }

    /// Calls `f` with the steps from the root to this node.
    fn with_steps<R>(&self, keys: Keys, f: impl FnOnce(&[errors::Step<'_>]) -> R) -> R {
        // Shallow paths (nearly all) are gathered on the stack.
        const SHALLOW: usize = 32;
        let mut shallow = [errors::Step::Index(0); SHALLOW];
        let mut deep = Vec::new();
        let mut depth = 0;
        let mut at = Some(self);
        while let Some(here) = at {
            let step = match here.step {
                Step::Root => break,
                Step::Field(name) => errors::Step::Field(name),
                Step::Index(i) => errors::Step::Index(i),
                Step::Key(k) if keys == Keys::AsFields => errors::Step::Field(k),
                Step::Key(k) => errors::Step::Key(k),
            };
            match depth < SHALLOW {
                true => shallow[depth] = step,
                false => deep.push(step),
            }
            depth += 1;
            at = here.parent;
        }
        if depth <= SHALLOW {
            shallow[..depth].reverse();
            return f(&shallow[..depth]);
        }
        let mut steps = shallow.to_vec();
        steps.extend(deep);
        steps.reverse();
        f(&steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_only_when_asked() {
        let spec = Path::ROOT.field("spec");
        let labels = spec.field("labels");
        let app = labels.key("app");
        let item = spec.index(2);
        assert_eq!(
            app.field_path(Keys::AsFields).to_string(),
            "spec.labels.app"
        );
        assert_eq!(
            app.field_path(Keys::Indexed).to_string(),
            "spec.labels[app]"
        );
        assert_eq!(item.field_path(Keys::Indexed).to_string(), "spec[2]");
        assert_eq!(Path::ROOT.field_path(Keys::Indexed).to_string(), "<nil>");
        assert!(Path::ROOT.is_root() && !spec.is_root());
        let (at, text) = item.index(7).rendered(Keys::AsFields, 0);
        assert_eq!(
            (at.to_string(), text.as_str()),
            ("spec[2][7]".into(), "spec[2][7]")
        );
        assert_eq!(Path::ROOT.rendered(Keys::AsFields, 0).1, "<nil>");
    }
}
