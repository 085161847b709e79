//! Name resolution shared by the type checker and the compiler: the declared variables (whose
//! names may be dotted, `a.b`) under a stack of comprehension variables, each bound to what the
//! caller needs (a type, a slot).

/// Names in scope: declared variables first, then comprehension variables, innermost last.
pub(crate) struct Scopes<T> {
    entries: Vec<(String, T)>,
    /// How many of `entries` are declared variables.
    declared: usize,
}

impl<T> Scopes<T> {
    pub fn new(declared: impl IntoIterator<Item = (String, T)>) -> Scopes<T> {
        let entries: Vec<(String, T)> = declared.into_iter().collect();
        Scopes {
            declared: entries.len(),
            entries,
        }
    }

    /// The innermost entry named exactly `name`.
    pub fn lookup(&self, name: &str) -> Option<&T> {
        self.entries
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// The entry that is `name` or a dotted prefix of it, and whether it is all of `name`.
    /// Comprehension variables (innermost first) shadow declarations, so a comprehension
    /// variable `y` hides a declared `y.z`; among declarations the longest name wins, as in
    /// cel-go.
    pub fn lookup_qualified(&self, name: &str) -> Option<(&T, bool)> {
        let matches = |n: &str| {
            n == name
                || name
                    .strip_prefix(n)
                    .is_some_and(|rest| rest.starts_with('.'))
        };
        let local = self.entries[self.declared..]
            .iter()
            .rev()
            .find(|(n, _)| matches(n));
        let found = local.or_else(|| {
            self.entries[..self.declared]
                .iter()
                .filter(|(n, _)| matches(n))
                .max_by_key(|(n, _)| n.len())
        });
        found.map(|(n, v)| (v, n == name))
    }

    /// Binds a comprehension variable; [`Scopes::pop`] unbinds it.
    pub fn push(&mut self, name: &str, value: T) {
        self.entries.push((name.to_string(), value));
    }

    /// Unbinds the `count` innermost comprehension variables.
    pub fn pop(&mut self, count: usize) {
        self.entries.truncate(self.entries.len() - count);
    }
}
