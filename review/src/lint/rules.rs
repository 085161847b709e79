//! The rule IDs `kubeidl lint` reports: the self-consistency rules, written here, and one
//! version-consistency rule per keyword family of `kubeidl diff`'s rules
//! ([`super::super::RULES`]), derived from that table so that a keyword diff compares is a
//! keyword lint compares across versions, under one name.

use crate::RULES;

/// A lint rule: its ID and what it reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintRule {
    pub id: String,
    pub summary: String,
}

/// The self-consistency rules: `(id, summary)`.
pub const SELF_RULES: &[(&str, &str)] = &[
    ("bounds-inverted", "a lower bound above its upper bound (`minimum`/`maximum`, `minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties`): no value passes"),
    ("bounds-empty", "exclusive bounds that admit no value (`exclusiveMinimum: 1`, `exclusiveMaximum: 2` on an integer)"),
    ("enum-value-invalid", "an `enum` value the field's own type, format, pattern, length or bounds reject"),
    ("default-invalid", "a `default` the field's own schema rejects"),
    ("map-key-optional", "a key of an `x-kubernetes-list-type: map` list that its items neither require nor default"),
    ("list-type-missing", "a list without `x-kubernetes-list-type`: how apply merges it is left implicit (atomic)"),
    ("rule-unguarded-optional", "a rule reads an optional field of `self` without testing it first (`has(self.x)`, `self.?x`): it fails with \"no such key\" when the field is unset"),
    ("rule-constant", "a rule that holds, or fails, whatever the value (`true`, `self.x == self.x`)"),
    ("rule-unbounded", "a rule ranges over a list or map without `maxItems`/`maxProperties`, or scans a string without `maxLength`: its estimated cost has no bound"),
];

/// Diff rule families that are not a field's validation: types differ in shape from version
/// to version, so a property or definition in one version only is no inconsistency; and CEL
/// cost estimates follow from the bounds, which their own families compare (a revision's rule
/// over its cost limit has a self-consistency rule of its own, `rule-unbounded`).
const NOT_VERSION_FAMILIES: &[&str] = &[
    "definition",
    "property",
    "cel-cost",
    "cel-cost-over-limit",
    "cel-total-cost-over-limit",
];

/// The keyword family of a diff rule: its ID without what happened (`max-length-tightened` is
/// `max-length`, `enum-value-removed` is `enum`).
pub fn family(diff_rule: &str) -> &str {
    // Between two Go trees a narrowed format is the field's Go type; across versions of one
    // type it is the same keyword as any other format difference.
    if diff_rule == "go-type-narrowed" {
        return "format";
    }
    for suffix in [
        "-value-added",
        "-value-removed",
        "-added-required",
        "-tightened",
        "-loosened",
        "-narrowed",
        "-widened",
        "-added",
        "-removed",
        "-changed",
    ] {
        if let Some(stem) = diff_rule.strip_suffix(suffix) {
            return stem;
        }
    }
    diff_rule
}

/// The lint rule a diff rule's change becomes between two versions, `None` for shape and cost
/// changes and for changes of a CRD itself (no schema has them).
pub fn version_rule(diff_rule: &str) -> Option<String> {
    let family = family(diff_rule);
    let keyword = !NOT_VERSION_FAMILIES.contains(&family) && !crate::crd_level::reports(diff_rule);
    keyword.then(|| format!("version-{family}"))
}

/// Every lint rule: the version rules in the diff table's order, then the self rules.
pub fn lint_rules() -> Vec<LintRule> {
    let mut out: Vec<LintRule> = Vec::new();
    for r in RULES {
        let Some(id) = version_rule(r.id) else {
            continue;
        };
        if out.iter().any(|o| o.id == id) {
            continue;
        }
        // The keyword as the diff table first names it (`maxLength`).
        let keyword = match family(r.id) {
            "required" => "which properties are `required`".to_string(),
            "cel-rule-message" => {
                "a rule's message, messageExpression, reason, fieldPath or optionalOldSelf"
                    .to_string()
            }
            other => r
                .summary
                .split('`')
                .nth(1)
                .map_or_else(|| other.to_string(), |k| format!("`{k}`")),
        };
        out.push(LintRule {
            id,
            summary: format!("two versions of a type differ in {keyword} at the same field"),
        });
    }
    out.extend(SELF_RULES.iter().map(|(id, summary)| LintRule {
        id: id.to_string(),
        summary: summary.to_string(),
    }));
    out
}

/// Whether `id` is a lint rule.
pub fn is_lint_rule(id: &str) -> bool {
    SELF_RULES.iter().any(|(r, _)| *r == id)
        || RULES
            .iter()
            .any(|r| version_rule(r.id).as_deref() == Some(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_group_a_keyword_s_rules() {
        assert_eq!(family("max-length-tightened"), "max-length");
        assert_eq!(family("enum-value-removed"), "enum");
        assert_eq!(family("enum-added"), "enum");
        assert_eq!(family("property-added-required"), "property");
        assert_eq!(family("cel-rule-message-changed"), "cel-rule-message");
        assert_eq!(version_rule("property-removed"), None);
        assert_eq!(
            version_rule("required-added").as_deref(),
            Some("version-required")
        );
    }

    #[test]
    fn rule_ids_are_unique_and_known() {
        let rules = lint_rules();
        let mut seen = std::collections::BTreeSet::new();
        for r in &rules {
            assert!(seen.insert(r.id.clone()), "duplicate {}", r.id);
            assert!(is_lint_rule(&r.id), "{}", r.id);
        }
        assert!(seen.contains("version-max-length"));
        assert!(seen.contains("version-cel-rule"));
        assert!(!is_lint_rule("version-property"));
    }
}
