//! `kubeidl lint --baseline REV`: only the findings that are new since a baseline revision. A
//! finding is old when the baseline has one with the same key: rule, definition, path and
//! message with the places of its sites taken out (files are named differently at REV, and a
//! line moves when anything above it does; what a finding says of its field does not).

use super::LintFinding;
use std::collections::BTreeSet;

/// What a finding is recognized by across revisions.
pub fn key(f: &LintFinding) -> (String, String, String, String) {
    let mut message = f.message.clone();
    for site in &f.sites {
        message = message.replace(&site.location(), "");
    }
    (
        f.rule.clone(),
        f.definition.clone(),
        f.path.clone(),
        message,
    )
}

/// The findings of `current` whose key no finding of `baseline` has.
pub fn new_since(current: Vec<LintFinding>, baseline: &[LintFinding]) -> Vec<LintFinding> {
    let old: BTreeSet<_> = baseline.iter().map(key).collect();
    current
        .into_iter()
        .filter(|f| !old.contains(&key(f)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Site;

    fn finding(path: &str, file: &str, line: usize) -> LintFinding {
        let site = Site {
            text: "+k8s:maximum=1".into(),
            file: file.into(),
            line: Some(line),
            column: Some(5),
            ..Site::default()
        };
        LintFinding {
            rule: "bounds-inverted".into(),
            definition: "a.v1.B".into(),
            path: path.into(),
            versions: None,
            stricter: None,
            message: format!("minimum 2 above maximum 1 ({})", site.location()),
            sites: vec![site],
        }
    }

    #[test]
    fn findings_moved_or_renamed_files_are_old_new_fields_are_new() {
        let baseline = [finding("a", "HEAD:api/types.go", 10)];
        let current = vec![
            finding("a", "api/types.go", 14),
            finding("b", "api/types.go", 20),
        ];
        let new = new_since(current, &baseline);
        assert_eq!(new.len(), 1);
        assert_eq!(new[0].path, "b");
    }
}
