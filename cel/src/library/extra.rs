//! Opt-in libraries: CEL functions and types outside the environment of CRD rules and
//! ValidatingAdmissionPolicies, enabled by name when an expression is compiled (`kubeidl cel
//! --library kep-formats`): KEP-4153's format helpers, which no apiserver declares yet, and the
//! patch types the apiserver declares only for a MutatingAdmissionPolicy's mutations. Without
//! them, the environment is exactly Kubernetes' and their names are undeclared references, so
//! rules written for CRDs keep compiling only where a real apiserver would compile them.

use super::{kep_formats, mutation};
use crate::functions::Func;
use crate::types::CelType;
use std::fmt;
use std::str::FromStr;

/// One opt-in library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraLibrary {
    /// KEP-4153's string helpers `isFormat(name)` and `validateFormat(name)`.
    KepFormats,
    /// The mutation types `Object`, `Object.<path>` and `JSONPatch`, and `jsonpatch.escapeKey`.
    Mutation,
}

impl ExtraLibrary {
    /// Every opt-in library.
    pub const ALL: [ExtraLibrary; 2] = [ExtraLibrary::KepFormats, ExtraLibrary::Mutation];

    /// The name the library is enabled by.
    pub fn name(self) -> &'static str {
        match self {
            ExtraLibrary::KepFormats => kep_formats::LIBRARY_NAME,
            ExtraLibrary::Mutation => mutation::LIBRARY_NAME,
        }
    }

    const fn bit(self) -> u8 {
        match self {
            ExtraLibrary::KepFormats => 1,
            ExtraLibrary::Mutation => 2,
        }
    }
}

impl fmt::Display for ExtraLibrary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ExtraLibrary {
    type Err = String;

    fn from_str(name: &str) -> Result<ExtraLibrary, String> {
        ExtraLibrary::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = ExtraLibrary::ALL.iter().map(|l| l.name()).collect();
                format!("unknown library {name:?} (known: {})", known.join(", "))
            })
    }
}

/// The opt-in libraries an expression is compiled with; none by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExtraLibraries(u8);

impl ExtraLibraries {
    /// Kubernetes' environment and nothing more.
    pub const NONE: ExtraLibraries = ExtraLibraries(0);

    /// These libraries and `library`.
    pub const fn with(self, library: ExtraLibrary) -> ExtraLibraries {
        ExtraLibraries(self.0 | library.bit())
    }

    pub fn contains(self, library: ExtraLibrary) -> bool {
        self.0 & library.bit() != 0
    }

    /// Whether an enabled library declares a function of this name (with any overload).
    pub(crate) fn declares(self, name: &str) -> bool {
        (self.contains(ExtraLibrary::KepFormats) && kep_formats::declares(name))
            || (self.contains(ExtraLibrary::Mutation) && mutation::declares(name))
    }

    /// Whether an enabled library declares functions in the namespace `ns` (`jsonpatch`).
    pub(crate) fn declares_namespace(self, ns: &str) -> bool {
        self.contains(ExtraLibrary::Mutation) && mutation::NAMESPACE == ns
    }

    /// Whether an enabled library declares a message type of this name.
    pub(crate) fn declares_type(self, name: &str) -> bool {
        self.contains(ExtraLibrary::Mutation) && mutation::is_type(name)
    }

    /// The builtin an enabled library has for a call, by name, call style and argument count.
    pub(crate) fn resolve(self, name: &str, member: bool, argc: usize) -> Option<Func> {
        let kep = self.contains(ExtraLibrary::KepFormats);
        let mutation = self.contains(ExtraLibrary::Mutation);
        kep.then(|| kep_formats::resolve(name, member, argc))
            .flatten()
            .or_else(|| {
                mutation
                    .then(|| mutation::resolve(name, member, argc))
                    .flatten()
            })
            .map(Func::Lib)
    }

    /// The result type of a call an enabled library accepts.
    pub(crate) fn signature(self, name: &str, member: bool, args: &[CelType]) -> Option<CelType> {
        let kep = self.contains(ExtraLibrary::KepFormats);
        let mutation = self.contains(ExtraLibrary::Mutation);
        kep.then(|| kep_formats::signature(name, member, args))
            .flatten()
            .or_else(|| {
                mutation
                    .then(|| mutation::signature(name, member, args))
                    .flatten()
            })
    }
}

impl FromIterator<ExtraLibrary> for ExtraLibraries {
    fn from_iter<I: IntoIterator<Item = ExtraLibrary>>(iter: I) -> ExtraLibraries {
        iter.into_iter()
            .fold(ExtraLibraries::NONE, ExtraLibraries::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libraries_are_named_and_off_by_default() {
        assert_eq!(
            "kep-formats".parse::<ExtraLibrary>(),
            Ok(ExtraLibrary::KepFormats)
        );
        assert_eq!(
            "kep_formats".parse::<ExtraLibrary>(),
            Err("unknown library \"kep_formats\" (known: kep-formats, mutation)".to_string())
        );
        assert!(!ExtraLibraries::default().contains(ExtraLibrary::KepFormats));
        assert!(!ExtraLibraries::NONE.declares("isFormat"));
        let on: ExtraLibraries = [ExtraLibrary::KepFormats].into_iter().collect();
        assert!(on.contains(ExtraLibrary::KepFormats));
        assert!(on.declares("isFormat") && on.declares("validateFormat"));
        assert!(!on.declares("format.named"));
    }
}
