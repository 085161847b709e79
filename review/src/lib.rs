//! API review: what a schema change does to the objects a schema accepts (`kubeidl diff`), and
//! whether one revision agrees with itself across versions and keywords (`kubeidl lint`, in
//! [`lint`]).
//!
//! Two revisions (OpenAPI documents or CRD files, read by `input.rs`) are compared definition
//! by definition after normalization (`normalize.rs`: references and alias chains followed,
//! `enum` and `required` as sets), keyword by keyword with a partial order for each
//! (`order.rs`; `pattern_order.rs` for regular expressions), CEL rules matched and classified
//! (`cel_change.rs`), and each change reported as a [`Finding`] (`findings.rs`) with a
//! direction and, for tightenings, which updates of stored objects it rejects (`ratchet.rs`).
//! The walk itself is `compare.rs`. Revisions
//! generated from Go packages carry a [`SourceMap`] (`sources.rs`), so findings name the tags
//! that caused them. Whether a finding is allowed is decided by a [`Policy`] (`policy.rs`) and
//! the exception file diff and lint share (`exceptions.rs`); [`report`] writes both commands'
//! findings as JSON, SARIF, GitHub Actions annotations and markdown. With the `go` feature,
//! [`go`] reads Go package trees (and a git revision of one) as revisions, through kubeidl-gen.
//!
//! ```
//! use kubeidl_review::{diff, read_revision, Direction};
//! let old = br#"{"openapi": "3.0.0", "components": {"schemas": {"a.B": {"type": "string", "maxLength": 63}}}}"#;
//! let new = br#"{"openapi": "3.0.0", "components": {"schemas": {"a.B": {"type": "string", "maxLength": 32}}}}"#;
//! let findings = diff(&read_revision(old, "old.json").unwrap(), &read_revision(new, "new.json").unwrap());
//! assert_eq!(findings[0].rule, "max-length-tightened");
//! assert_eq!(findings[0].direction, Direction::Tightening);
//! ```

mod cel_change;
mod cel_cost;
mod compare;
pub mod config;
mod crd_level;
pub mod exceptions;
mod findings;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}
#[cfg(feature = "go")]
pub mod go;
mod input;
pub mod lint;
mod normalize;
mod order;
mod pattern_order;
pub mod policy;
mod ratchet;
pub mod replay;
pub mod report;
mod sources;
mod validators;
pub mod version;
mod witness;

pub use compare::diff;
pub use exceptions::{Exception, ExceptionError};
pub use findings::{
    findings_json, report_json, report_json_with, rule_of, Direction, Finding, Rule, Site, Updates,
    RULES,
};
pub use input::{
    crd_definition_name, read_crd_versions, read_revision, Definition, Form, InputError, Revision,
    VersionPair,
};
pub use policy::{Policy, PolicyChoice};
pub use sources::SourceMap;
pub use witness::{looks_at as witness_looks_at, Witness, Witnesses};
