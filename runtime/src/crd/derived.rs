//! CRDs of kinds written in Rust: `#[kubeidl(kind = "Widget", ...)]` on a spec type gives the
//! root type `Widget`, whose `crd_version()` is a [`Version`] (its markers, its definitions as a
//! CRD sees them); [`merge`] makes one CRD of the versions of a kind, as `kubeidl crd` makes one of
//! the Go packages of a group, with the same schema, checks and YAML.

use super::assemble::{assemble, Crd, KindVersion, Located};
use super::schema::{prepare, version_schema};
use crate::schema::Schema;
use std::collections::BTreeMap;
use std::fmt;

/// One version of a kind, with what its CRD needs.
#[derive(Debug, Clone)]
pub struct Version {
    /// Kind, group, version and markers; `at` names the Rust kind for errors.
    pub kind: KindVersion<String>,
    /// The root's definition name.
    pub root: String,
    /// The root's definition and those it refers to, as a CRD sees them (only the defaults tags
    /// ask for: `typed::Form::Crd`).
    pub definitions: BTreeMap<String, Schema>,
}

/// Why a CRD could not be made: every problem, each naming its version, in the apiserver's
/// words where it would refuse the CRD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrdError {
    pub problems: Vec<String>,
}

impl fmt::Display for CrdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problems.join("\n"))
    }
}

impl std::error::Error for CrdError {}

/// The CRD of the versions of one kind (at least one; one storage version: the only one, or
/// the one marked `storageversion`), as `kubeidl crd` writes it for Go packages.
pub fn merge(versions: impl IntoIterator<Item = Version>) -> Result<Crd, CrdError> {
    let versions: Vec<Version> = versions.into_iter().collect();
    let Some(first) = versions.first() else {
        return Err(CrdError {
            problems: vec!["a CRD needs at least one version".into()],
        });
    };
    let strays: Vec<String> = versions
        .iter()
        .filter(|v| v.kind.group != first.kind.group || v.kind.kind != first.kind.kind)
        .map(|v| {
            format!(
                "{}: a CRD merges versions of one kind, and this is not {} of {}",
                v.kind.at, first.kind.kind, first.kind.group
            )
        })
        .collect();
    if !strays.is_empty() {
        return Err(CrdError { problems: strays });
    }
    let kinds: Vec<KindVersion<String>> = versions.iter().map(|v| v.kind.clone()).collect();
    let schema = |kind: &KindVersion<String>, base: &crate::errors::FieldPath| {
        let v = versions
            .iter()
            .find(|v| v.kind.version == kind.version)
            .expect("the version is among the versions");
        let mut definitions = v.definitions.clone();
        prepare(&mut definitions, std::slice::from_ref(&v.root), true);
        let located = |message: String| Located {
            at: kind.at.clone(),
            problem: super::Problem::new(message),
        };
        let structural = version_schema(&v.root, &definitions, base, (&kind.kind, &kind.version))
            .map_err(|e| vec![located(e)])?;
        if structural.problems.is_empty() {
            Ok(structural.schema)
        } else {
            Err(structural
                .problems
                .into_iter()
                .map(|p| Located {
                    at: kind.at.clone(),
                    problem: p,
                })
                .collect())
        }
    };
    assemble(&kinds, schema, None).map_err(|errors| CrdError {
        problems: errors
            .into_iter()
            .map(|e| format!("{}: {}", e.at, e.problem.message))
            .collect(),
    })
}
