//! Where the value checks put what they find: a list of errors, or, when only validity matters
//! (trying the branches of `anyOf` and the like), a count, so no message is ever formatted for
//! an error nobody reads.

use crate::errors::FieldError;

#[derive(Debug, Default)]
pub(crate) struct Errors {
    list: Vec<FieldError>,
    /// Count failures without building their errors.
    quiet: bool,
    failures: usize,
}

impl Errors {
    /// A sink that only counts.
    pub fn quiet() -> Errors {
        Errors {
            quiet: true,
            ..Errors::default()
        }
    }

    /// Records a failure; `make` builds its error when errors are kept.
    pub fn add(&mut self, make: impl FnOnce() -> FieldError) {
        self.failures += 1;
        if !self.quiet {
            self.list.push(make());
        }
    }

    /// Records `count` failures whose errors `make` builds when errors are kept.
    pub fn extend_with(&mut self, count: usize, make: impl FnOnce() -> Vec<FieldError>) {
        if self.quiet {
            self.failures += count;
        } else {
            let errors = make();
            self.failures += errors.len();
            self.list.extend(errors);
        }
    }

    /// How many failures were recorded.
    pub fn failures(&self) -> usize {
        self.failures
    }

    pub fn into_list(self) -> Vec<FieldError> {
        self.list
    }
}
