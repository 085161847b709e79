//! Version consistency: a type served in several versions of a group (`…autoscaling.v1.X`,
//! `…autoscaling.v2.X`) must validate each field the same way in each. Versions are ordered
//! as Kubernetes orders them (v1alpha1 < v1beta1 < v1 < v2alpha1 …) and each is compared with
//! the next one by `kubeidl diff`'s own walk: each side's definitions of the group are renamed
//! without their version (and references to them rewritten), so the walk matches a type with
//! its namesake in the other version and every keyword change is a finding. Shape changes (a
//! property in one version only) are not inconsistencies and are left out.

use super::rules::version_rule;
use super::LintFinding;
use crate::version::version_key;
pub use crate::version::{split, Versioned};
use crate::{diff, Definition, Direction, Revision};
use kubeidl::schema::{definition_name, ref_target, reference_of_mut, Schema};
use std::collections::{BTreeMap, BTreeSet};

/// The version-neutral name of a type of a group: `prefix.rest`.
fn neutral(prefix: &str, rest: &str) -> String {
    format!("{prefix}.{rest}")
}

/// Every versioned definition of the revisions: prefix → version → (revision index, the type
/// names of that version in it).
type Groups<'a> = BTreeMap<&'a str, BTreeMap<&'a str, (usize, BTreeSet<&'a str>)>>;

fn groups(revisions: &[Revision]) -> Groups<'_> {
    let mut out: Groups = BTreeMap::new();
    for (index, revision) in revisions.iter().enumerate() {
        for name in revision.definitions.keys() {
            let Some(v) = split(name) else { continue };
            let entry = out
                .entry(v.prefix)
                .or_default()
                .entry(v.version)
                .or_insert((index, BTreeSet::new()));
            // A version's types are read from the first revision that holds it.
            if entry.0 == index {
                entry.1.insert(v.rest);
            }
        }
    }
    out
}

/// The findings of every pair of neighbouring versions of every group.
pub fn check(revisions: &[Revision], out: &mut Vec<LintFinding>) {
    for (prefix, versions) in groups(revisions) {
        let mut ordered: Vec<(&str, &(usize, BTreeSet<&str>))> =
            versions.iter().map(|(v, t)| (*v, t)).collect();
        ordered.sort_by_key(|(v, _)| version_key(v));
        for pair in ordered.windows(2) {
            let ((older, (old_rev, old_types)), (newer, (new_rev, new_types))) = (pair[0], pair[1]);
            let common: BTreeSet<String> = old_types
                .intersection(new_types)
                .map(|rest| neutral(prefix, rest))
                .collect();
            if common.is_empty() {
                continue;
            }
            let old = side(&revisions[*old_rev], prefix, older, old_types);
            let new = side(&revisions[*new_rev], prefix, newer, new_types);
            for f in diff(&old, &new) {
                if !common.contains(&f.definition) {
                    continue;
                }
                let Some(rule) = version_rule(f.rule) else {
                    continue;
                };
                let (stricter, what) = match f.direction {
                    Direction::Tightening => (Some(newer), format!("{newer} is stricter")),
                    Direction::Loosening => (Some(older), format!("{older} is stricter")),
                    Direction::Incompatible => (None, "they are incompatible".to_string()),
                    Direction::Neutral | Direction::Unknown => (None, "they differ".to_string()),
                };
                out.push(LintFinding {
                    rule,
                    definition: f.definition.clone(),
                    path: f.path.clone(),
                    versions: Some((older.to_string(), newer.to_string())),
                    stricter: stricter.map(str::to_string),
                    sites: vec![f.old.clone(), f.new.clone()]
                        .into_iter()
                        .flatten()
                        .collect(),
                    message: format!("{older} -> {newer}: {what}: {}", f.message),
                });
            }
        }
    }
}

/// One version of a group as a revision of its own: its types renamed without the version,
/// references to them rewritten, and the definitions they refer to outside the group kept.
fn side(source: &Revision, prefix: &str, version: &str, types: &BTreeSet<&str>) -> Revision {
    let full = |rest: &str| format!("{prefix}.{version}.{rest}");
    let renamed: BTreeMap<String, String> = types
        .iter()
        .map(|rest| (full(rest), neutral(prefix, rest)))
        .collect();
    let reached = source.reachable(renamed.keys().cloned().collect());
    let mut definitions = BTreeMap::new();
    for name in reached {
        let Some(d) = source.definitions.get(&name) else {
            continue;
        };
        let mut schema = d.schema.clone();
        rewrite_refs(&mut schema, &renamed);
        let name = renamed.get(&name).cloned().unwrap_or(name);
        definitions.insert(
            name,
            Definition {
                schema,
                doc: d.doc,
                pointer: d.pointer.clone(),
            },
        );
    }
    Revision {
        file: source.file.clone(),
        form: source.form,
        definitions,
        positions: std::sync::Arc::clone(&source.positions),
        sources: std::sync::Arc::clone(&source.sources),
        crds: std::sync::Arc::new(Vec::new()),
    }
}

fn rewrite_refs(schema: &mut Schema, renamed: &BTreeMap<String, String>) {
    if let Some(reference) = reference_of_mut(schema) {
        let target = definition_name(reference).and_then(|n| renamed.get(n.as_ref()));
        if let Some(target) = target {
            *reference = ref_target(target);
        }
    }
    schema.for_each_child_mut(|child| rewrite_refs(child, renamed));
}
