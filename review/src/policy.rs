//! Policies of `kubeidl diff`: what an API promises about its validation, as named nested sets of
//! findings it forbids, from the laxest to the strictest (buf's breaking categories, for
//! Kubernetes): `wire` ⊂ `stored-data` ⊂ `writers` ⊂ `strict`. A finding violates a policy when
//! the policy forbids it; [`Policy::least_violated`] is the one table saying which is the laxest
//! policy each finding violates (it then violates every stricter one too). `auto` picks a policy
//! per finding from the stability of its definition's version ([`Policy::for_definition`]).

use super::findings::{Direction, Finding, Updates};
use super::version::{split_definition, stability, Stability};

/// A named policy, ordered from the laxest to the strictest: each forbids what the laxer ones
/// forbid, and more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Policy {
    /// Only what breaks stored data and typed clients whatever the values: incompatible findings
    /// (removals, type, format and cardinality changes, list types and map keys).
    Wire,
    /// Also tightenings that reject some update of an unchanged stored object (`updates` other
    /// than `none`).
    StoredData,
    /// Also every other tightening (a CREATE of a previously valid object fails) and every
    /// change kubeidl cannot decide (`unknown`).
    Writers,
    /// Any change of validation: also loosenings and default changes. Only neutral findings
    /// (added optional properties and definitions, messages) pass.
    Strict,
}

/// Every policy, laxest first, with what it forbids: `--policy` takes these names, and the
/// documentation's table says the same.
pub const POLICIES: &[(Policy, &str)] = &[
    (Policy::Wire, "incompatible changes: removals, type, format and cardinality changes, list types and map keys"),
    (Policy::StoredData, "also tightenings that reject an update of an unchanged stored object (`updates` not `none`)"),
    (Policy::Writers, "also every other tightening, and every `unknown` change"),
    (Policy::Strict, "also loosenings and default changes: any change of validation but neutral ones"),
];

impl Policy {
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Wire => "wire",
            Policy::StoredData => "stored-data",
            Policy::Writers => "writers",
            Policy::Strict => "strict",
        }
    }

    /// The policy of a name of [`POLICIES`].
    pub fn from_name(name: &str) -> Option<Policy> {
        POLICIES
            .iter()
            .map(|(p, _)| *p)
            .find(|p| p.as_str() == name)
    }

    /// The laxest policy `f` violates (every stricter one forbids it too), `None` when no
    /// policy forbids it.
    pub fn least_violated(f: &Finding) -> Option<Policy> {
        match f.direction {
            Direction::Incompatible => Some(Policy::Wire),
            Direction::Tightening => match f.updates {
                Some(Updates::None) | None => Some(Policy::Writers),
                Some(_) => Some(Policy::StoredData),
            },
            Direction::Unknown => Some(Policy::Writers),
            Direction::Loosening => Some(Policy::Strict),
            Direction::Neutral => f.rule.starts_with("default-").then_some(Policy::Strict),
        }
    }

    /// Whether this policy forbids `f`.
    pub fn forbids(self, f: &Finding) -> bool {
        Policy::least_violated(f).is_some_and(|least| least <= self)
    }

    /// The policy `auto` applies to a definition, by the stability of its version (the newer
    /// one of a `--crd-versions` pair): GA (`v1`, `v2`) strict, beta stored-data, alpha wire,
    /// and writers for a definition without a version.
    pub fn for_definition(definition: &str) -> Policy {
        let version = split_definition(definition).map(|v| v.newest());
        match version.and_then(stability) {
            Some(Stability::Ga) => Policy::Strict,
            Some(Stability::Beta) => Policy::StoredData,
            Some(Stability::Alpha) => Policy::Wire,
            None => Policy::Writers,
        }
    }
}

/// The policy `kubeidl diff` applies: one for every finding, or `auto`'s per definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PolicyChoice {
    #[default]
    Auto,
    Named(Policy),
}

impl PolicyChoice {
    /// `auto` or a policy name.
    pub fn from_name(name: &str) -> Option<PolicyChoice> {
        match name {
            "auto" => Some(PolicyChoice::Auto),
            _ => Policy::from_name(name).map(PolicyChoice::Named),
        }
    }

    /// The policy that applies to `f`. Under `auto`, a finding in an object's status is judged
    /// at most by `writers`: the status is written by the object's controller, whose authors
    /// ship with the schema, not by the users a stricter policy protects.
    pub fn policy_for(self, f: &Finding) -> Policy {
        match self {
            PolicyChoice::Auto if in_status(f) => {
                Policy::for_definition(&f.definition).min(Policy::Writers)
            }
            PolicyChoice::Auto => Policy::for_definition(&f.definition),
            PolicyChoice::Named(p) => p,
        }
    }

    /// Why [`PolicyChoice::policy_for`] gives `f` its policy: `given by --policy`, or `auto:
    /// v1 is GA`.
    pub fn reason(self, f: &Finding) -> String {
        match self {
            PolicyChoice::Named(_) => "given by --policy".to_string(),
            PolicyChoice::Auto => {
                let version = split_definition(&f.definition).map(|v| v.newest());
                let why = match version.and_then(|v| stability(v).map(|s| (v, s))) {
                    Some((v, Stability::Ga)) => format!("auto: {v} is GA"),
                    Some((v, Stability::Beta)) => format!("auto: {v} is beta"),
                    Some((v, Stability::Alpha)) => format!("auto: {v} is alpha"),
                    None => "auto: the definition has no version".to_string(),
                };
                // The status rule of `policy_for` lowered the version's policy.
                match self.policy_for(f) != Policy::for_definition(&f.definition) {
                    true => format!("{why}, but status is written by its controller: writers"),
                    false => why,
                }
            }
        }
    }

    /// `auto` or the policy's name.
    pub fn as_str(self) -> &'static str {
        match self {
            PolicyChoice::Auto => "auto",
            PolicyChoice::Named(p) => p.as_str(),
        }
    }

    /// The policy `f` violates, `None` when the policy that applies to it allows it.
    pub fn violated_by(self, f: &Finding) -> Option<Policy> {
        let policy = self.policy_for(f);
        policy.forbids(f).then_some(policy)
    }
}

/// Whether a finding is about an object's status: below a `status` property at the root (a
/// CRD's), or in a definition named `...Status` (a Go kind's status type).
fn in_status(f: &Finding) -> bool {
    let root_step = f.path.split(['.', '[']).next().unwrap_or("");
    let short_name = f.definition.rsplit('.').next().unwrap_or("");
    root_step == "status" || (short_name.ends_with("Status") && short_name != "Status")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(rule: &'static str, direction: Direction, updates: Option<Updates>) -> Finding {
        Finding {
            rule,
            definition: "com.example.v1beta1.W".into(),
            path: "x".into(),
            direction,
            updates,
            old: None,
            new: None,
            message: String::new(),
        }
    }

    #[test]
    fn policies_nest_from_wire_to_strict() {
        use Direction::*;
        let cases = [
            (
                finding("property-removed", Incompatible, Some(Updates::EveryUpdate)),
                Some(Policy::Wire),
            ),
            (
                finding(
                    "max-length-tightened",
                    Tightening,
                    Some(Updates::FieldEdited),
                ),
                Some(Policy::StoredData),
            ),
            (
                finding("required-added", Tightening, Some(Updates::ParentEdited)),
                Some(Policy::StoredData),
            ),
            (
                finding("max-length-tightened", Tightening, Some(Updates::None)),
                Some(Policy::Writers),
            ),
            (
                finding("pattern-narrowed", Tightening, Some(Updates::FieldEdited)),
                Some(Policy::StoredData),
            ),
            (
                finding("pattern-changed", Unknown, None),
                Some(Policy::Writers),
            ),
            (
                finding("pattern-widened", Loosening, None),
                Some(Policy::Strict),
            ),
            (
                finding("maximum-loosened", Loosening, None),
                Some(Policy::Strict),
            ),
            (
                finding("default-changed", Neutral, None),
                Some(Policy::Strict),
            ),
            (finding("property-added", Neutral, None), None),
            (finding("cel-rule-message-changed", Neutral, None), None),
        ];
        for (f, least) in &cases {
            assert_eq!(Policy::least_violated(f), *least, "{}", f.rule);
            for (p, _) in POLICIES {
                assert_eq!(
                    p.forbids(f),
                    least.is_some_and(|l| l <= *p),
                    "{} {p:?}",
                    f.rule
                );
            }
        }
    }

    #[test]
    fn status_is_judged_as_its_writers_are() {
        let loosened = |definition: &str, path: &str| Finding {
            definition: definition.into(),
            path: path.into(),
            ..finding("maximum-loosened", Direction::Loosening, None)
        };
        // GA strict forbids a loosening of a spec; in a status only writers apply.
        let spec = loosened("io.example.v1.Widget", "spec.replicas");
        assert_eq!(PolicyChoice::Auto.violated_by(&spec), Some(Policy::Strict));
        let status = loosened("io.example.v1.Widget", "status.replicas");
        assert_eq!(PolicyChoice::Auto.policy_for(&status), Policy::Writers);
        assert_eq!(PolicyChoice::Auto.violated_by(&status), None);
        assert_eq!(
            PolicyChoice::Auto.reason(&status),
            "auto: v1 is GA, but status is written by its controller: writers"
        );
        // A Go kind's status type, and an alpha one stays wire.
        let go = loosened("io.example.v1.WidgetStatus", "replicas");
        assert_eq!(PolicyChoice::Auto.policy_for(&go), Policy::Writers);
        let alpha = loosened("io.example.v1alpha1.Widget", "status.x");
        assert_eq!(PolicyChoice::Auto.policy_for(&alpha), Policy::Wire);
        // --policy is told otherwise.
        let strict = PolicyChoice::Named(Policy::Strict);
        assert_eq!(strict.violated_by(&status), Some(Policy::Strict));
    }

    #[test]
    fn auto_follows_the_version_s_stability() {
        for (definition, policy) in [
            ("io.k8s.api.apps.v1.Deployment", Policy::Strict),
            (
                "io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler",
                Policy::Strict,
            ),
            ("io.k8s.api.batch.v1beta1.CronJob", Policy::StoredData),
            ("io.k8s.api.resource.v1alpha3.DeviceTaintRule", Policy::Wire),
            ("com.example.v1alpha1->v1beta1.Widget", Policy::StoredData),
            ("a.B", Policy::Writers),
        ] {
            assert_eq!(Policy::for_definition(definition), policy, "{definition}");
        }
        for (p, _) in POLICIES {
            assert_eq!(Policy::from_name(p.as_str()), Some(*p));
        }
        assert_eq!(PolicyChoice::from_name("auto"), Some(PolicyChoice::Auto));
        assert_eq!(PolicyChoice::from_name("lax"), None);
        // A beta field's tightening violates stored-data under auto; a loosening does not.
        let f = finding(
            "max-length-tightened",
            Direction::Tightening,
            Some(Updates::FieldEdited),
        );
        assert_eq!(PolicyChoice::Auto.violated_by(&f), Some(Policy::StoredData));
        assert_eq!(PolicyChoice::Auto.reason(&f), "auto: v1beta1 is beta");
        let f = finding("maximum-loosened", Direction::Loosening, None);
        assert_eq!(PolicyChoice::Auto.violated_by(&f), None);
        assert_eq!(
            PolicyChoice::Named(Policy::Strict).violated_by(&f),
            Some(Policy::Strict)
        );
    }
}
