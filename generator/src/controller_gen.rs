//! The controller-gen releases `--controller-gen-compat` can match, and the one table of how
//! their output differs. kubeidl lowers `+kubebuilder:validation:AtMostOneOf`, `ExactlyOneOf`
//! and `AtLeastOneOf` to controller-tools' unreleased form (its main branch); compatibility with
//! a release rewrites those rules, and orders them as the release applies its markers.

use serde_json::Value;

/// How a release writes the count of one-of fields that are set (`AtMostOneOf`, `ExactlyOneOf`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OneOfCount {
    /// `[has(self.a),has(self.b)].filter(x,x==true).size()`
    Filter,
    /// `(has(self.a)?1:0)+(has(self.b)?1:0)`
    Sum,
}

/// How a release writes `AtLeastOneOf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtLeastOneOf {
    /// The release does not know the marker: it ignores it, and the rule is left out.
    Unknown,
    /// The count, `>= 1`.
    Count,
    /// `has(self.a)||has(self.b)`
    Or,
}

/// One controller-gen release (a minor version: patch releases of one minor write the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Release {
    /// `v0.21`; `main` is controller-tools' unreleased main branch.
    pub name: &'static str,
    /// The release knows `AtMostOneOf` and `ExactlyOneOf` (from v0.19); before, it ignores
    /// them and their rules are left out.
    pub at_most_exactly_one_of: bool,
    pub one_of_count: OneOfCount,
    pub at_least_one_of: AtLeastOneOf,
    /// `ExactlyOneOf` rules follow `AtMostOneOf` ones. Before v0.20 both had the same priority,
    /// so their order followed Go's map iteration; kubeidl keeps the comment's order then.
    pub exactly_after_at_most: bool,
}

/// The releases, oldest first; the differences between them are this table's rows. In each, a
/// type's explicit `XValidation` rules come before its one-of rules (controller-gen applies
/// markers by priority: XValidation, then AtMostOneOf, ExactlyOneOf, AtLeastOneOf).
pub const RELEASES: &[Release] = &[
    Release {
        name: "v0.17",
        at_most_exactly_one_of: false,
        one_of_count: OneOfCount::Filter,
        at_least_one_of: AtLeastOneOf::Unknown,
        exactly_after_at_most: false,
    },
    Release {
        name: "v0.18",
        at_most_exactly_one_of: false,
        one_of_count: OneOfCount::Filter,
        at_least_one_of: AtLeastOneOf::Unknown,
        exactly_after_at_most: false,
    },
    Release {
        name: "v0.19",
        at_most_exactly_one_of: true,
        one_of_count: OneOfCount::Filter,
        at_least_one_of: AtLeastOneOf::Unknown,
        exactly_after_at_most: false,
    },
    Release {
        name: "v0.20",
        at_most_exactly_one_of: true,
        one_of_count: OneOfCount::Filter,
        at_least_one_of: AtLeastOneOf::Count,
        exactly_after_at_most: true,
    },
    Release {
        name: "v0.21",
        at_most_exactly_one_of: true,
        one_of_count: OneOfCount::Filter,
        at_least_one_of: AtLeastOneOf::Count,
        exactly_after_at_most: true,
    },
    Release {
        name: "main",
        at_most_exactly_one_of: true,
        one_of_count: OneOfCount::Sum,
        at_least_one_of: AtLeastOneOf::Or,
        exactly_after_at_most: true,
    },
];

/// The newest release, which `--controller-gen-compat` without a value matches.
pub const NEWEST: &str = "v0.21";

/// The release `name` names: `v0.20`, `v0.20.1` or `0.20` (a patch release is its minor's),
/// or `main`.
pub fn release(name: &str) -> Result<&'static Release, String> {
    let trimmed = name.trim();
    let bare = trimmed.strip_prefix('v').unwrap_or(trimmed);
    let minor = match bare.split('.').collect::<Vec<_>>().as_slice() {
        [major, minor] | [major, minor, _] => format!("v{major}.{minor}"),
        _ => trimmed.to_string(),
    };
    RELEASES.iter().find(|r| r.name == minor).ok_or_else(|| {
        format!(
            "--controller-gen-compat={name}: not a controller-gen release kubeidl matches (known: {})",
            RELEASES
                .iter()
                .map(|r| r.name)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// The newest release.
pub fn newest() -> &'static Release {
    release(NEWEST).expect("NEWEST is in RELEASES")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum OneOf {
    AtMost,
    Exactly,
    AtLeast,
}

/// The one-of constraint a rule of kubeidl's lowering is, with its fields.
fn one_of(rule: &Value) -> Option<(OneOf, Vec<String>)> {
    let message = rule.get("message")?.as_str()?;
    let text = rule.get("rule")?.as_str()?;
    let (how, rest) = [
        (OneOf::AtMost, "at most one of the fields in ["),
        (OneOf::Exactly, "exactly one of the fields in ["),
        (OneOf::AtLeast, "at least one of the fields in ["),
    ]
    .into_iter()
    .find_map(|(how, prefix)| Some((how, message.strip_prefix(prefix)?)))?;
    let listed = rest
        .strip_suffix("] may be set")
        .or_else(|| rest.strip_suffix("] must be set"))?;
    let fields: Vec<String> = listed.split(' ').map(str::to_string).collect();
    (rule_text(&main(), how, &fields) == text).then_some((how, fields))
}

fn main() -> Release {
    *RELEASES.last().expect("the table has rows")
}

/// A one-of rule's text as `release` writes it.
fn rule_text(release: &Release, how: OneOf, fields: &[String]) -> String {
    let count = || match release.one_of_count {
        OneOfCount::Filter => format!(
            "[{}].filter(x,x==true).size()",
            fields
                .iter()
                .map(|f| format!("has(self.{f})"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        OneOfCount::Sum => fields
            .iter()
            .map(|f| format!("(has(self.{f})?1:0)"))
            .collect::<Vec<_>>()
            .join("+"),
    };
    match how {
        OneOf::AtMost => format!("{} <= 1", count()),
        OneOf::Exactly => format!("{} == 1", count()),
        OneOf::AtLeast => match release.at_least_one_of {
            AtLeastOneOf::Or => fields
                .iter()
                .map(|f| format!("has(self.{f})"))
                .collect::<Vec<_>>()
                .join("||"),
            AtLeastOneOf::Count | AtLeastOneOf::Unknown => format!("{} >= 1", count()),
        },
    }
}

/// The rules one type's markers gave (`rules`, in comment order), as `release` writes and orders
/// them. Returns the markers left out because the release does not know them, each as written
/// (`+kubebuilder:validation:AtLeastOneOf=a;b`).
pub fn one_of_rules(release: &Release, rules: &mut Vec<Value>) -> Vec<String> {
    let mut dropped = Vec::new();
    let mut ranked: Vec<(u8, Value)> = Vec::new();
    for mut rule in std::mem::take(rules) {
        let Some((how, fields)) = one_of(&rule) else {
            ranked.push((0, rule));
            continue;
        };
        let known = match how {
            OneOf::AtMost | OneOf::Exactly => release.at_most_exactly_one_of,
            OneOf::AtLeast => release.at_least_one_of != AtLeastOneOf::Unknown,
        };
        if !known {
            let marker = match how {
                OneOf::AtMost => "AtMostOneOf",
                OneOf::Exactly => "ExactlyOneOf",
                OneOf::AtLeast => "AtLeastOneOf",
            };
            dropped.push(format!(
                "+kubebuilder:validation:{marker}={}",
                fields.join(";")
            ));
            continue;
        }
        rule["rule"] = Value::String(rule_text(release, how, &fields));
        let rank = match how {
            OneOf::AtMost => 1,
            OneOf::Exactly if release.exactly_after_at_most => 2,
            OneOf::Exactly => 1,
            OneOf::AtLeast => 3,
        };
        ranked.push((rank, rule));
    }
    ranked.sort_by_key(|(rank, _)| *rank);
    rules.extend(ranked.into_iter().map(|(_, rule)| rule));
    dropped
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn releases_are_named_by_minor_version() {
        assert_eq!(release("v0.20.1").unwrap().name, "v0.20");
        assert_eq!(release("0.21").unwrap().name, "v0.21");
        assert_eq!(release("main").unwrap().name, "main");
        assert_eq!(newest().name, "v0.21");
        assert_eq!(
            release("v0.16").unwrap_err(),
            "--controller-gen-compat=v0.16: not a controller-gen release kubeidl matches (known: v0.17, v0.18, v0.19, v0.20, v0.21, main)"
        );
    }

    #[test]
    fn one_of_rules_are_written_and_ordered_as_the_release_does() {
        let rules = || {
            vec![
                json!({"rule": "(has(self.a)?1:0)+(has(self.b)?1:0) == 1", "message": "exactly one of the fields in [a b] must be set"}),
                json!({"rule": "has(self.a)||has(self.c)", "message": "at least one of the fields in [a c] must be set"}),
                json!({"rule": "(has(self.c)?1:0)+(has(self.d)?1:0) <= 1", "message": "at most one of the fields in [c d] may be set"}),
                json!({"rule": "self.a != 'x'", "message": "explicit"}),
            ]
        };
        let texts = |r: &[Value]| -> Vec<String> {
            r.iter()
                .map(|v| v["rule"].as_str().unwrap().to_string())
                .collect()
        };
        let mut v21 = rules();
        assert!(one_of_rules(release("v0.21").unwrap(), &mut v21).is_empty());
        assert_eq!(
            texts(&v21),
            [
                "self.a != 'x'",
                "[has(self.c),has(self.d)].filter(x,x==true).size() <= 1",
                "[has(self.a),has(self.b)].filter(x,x==true).size() == 1",
                "[has(self.a),has(self.c)].filter(x,x==true).size() >= 1",
            ]
        );
        let mut v19 = rules();
        assert_eq!(
            one_of_rules(release("v0.19").unwrap(), &mut v19),
            ["+kubebuilder:validation:AtLeastOneOf=a;c"]
        );
        let mut v17 = rules();
        assert_eq!(
            one_of_rules(release("v0.17").unwrap(), &mut v17),
            [
                "+kubebuilder:validation:ExactlyOneOf=a;b",
                "+kubebuilder:validation:AtLeastOneOf=a;c",
                "+kubebuilder:validation:AtMostOneOf=c;d",
            ]
        );
        assert_eq!(texts(&v17), ["self.a != 'x'"]);
        assert_eq!(
            texts(&v19),
            [
                "self.a != 'x'",
                "[has(self.a),has(self.b)].filter(x,x==true).size() == 1",
                "[has(self.c),has(self.d)].filter(x,x==true).size() <= 1",
            ]
        );
        let mut main = rules();
        one_of_rules(release("main").unwrap(), &mut main);
        assert_eq!(
            texts(&main),
            [
                "self.a != 'x'",
                "(has(self.c)?1:0)+(has(self.d)?1:0) <= 1",
                "(has(self.a)?1:0)+(has(self.b)?1:0) == 1",
                "has(self.a)||has(self.c)",
            ]
        );
    }
}
