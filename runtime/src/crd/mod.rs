//! CustomResourceDefinitions: what both front ends share, so each piece is written once. The Go
//! generator (`kubeidl crd`) finds kinds in Go packages; the derive (`#[kubeidl(kind = ...)]`)
//! describes a Rust kind; both then come here:
//!
//! - `markers`: what the CRD markers on a kind say (names, scope, subresources, printer columns,
//!   storage...), read from comment lines or given as a marker with arguments;
//! - `schema`: a version's definition inlined into a structural schema, `metadata` reduced to
//!   what a CRD's root may say, the apiserver's structural checks and `cost`'s CEL checks;
//! - `assemble`: the versions of a kind merged into one CRD with one storage version;
//! - `yaml`: the canonical YAML text;
//! - `derived`: the entry points of derived Rust kinds ([`merge`]).

mod assemble;
pub mod cost;
mod derived;
pub mod markers;
pub mod schema;
pub mod yaml;

pub use assemble::{assemble, Crd, KindVersion, Located};
pub use derived::{merge, CrdError, Version};
pub use markers::KindMarkers;

/// The size of the annotation `kubectl apply` (client side) keeps of an object; a bigger CRD
/// needs server-side apply.
pub const LAST_APPLIED_LIMIT: usize = 262_144;

/// Something the apiserver would refuse in a CRD, or that keeps one from being made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The rule it concerns, when it concerns one: its node (`schema::node_name`) and text.
    pub rule: Option<RuleAt>,
    pub message: String,
}

/// A rule of a schema: the node it stands on and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleAt {
    pub node: String,
    pub rule: String,
}

impl Problem {
    pub fn new(message: impl Into<String>) -> Problem {
        Problem {
            rule: None,
            message: message.into(),
        }
    }

    pub fn at_rule(node: String, rule: &str, message: String) -> Problem {
        Problem {
            rule: Some(RuleAt {
                node,
                rule: rule.to_string(),
            }),
            message,
        }
    }
}
