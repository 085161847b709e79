//! Kubernetes API version names (`v1alpha1`, `v1beta2`, `v1`, `v2`): their order from oldest
//! to newest, the order in which review compares a type's versions (by major version, then
//! alpha before beta before GA, then by the alpha or beta number), their [`Stability`], and
//! definition names split around their version (`io.k8s.api.autoscaling` `v2`
//! `HorizontalPodAutoscaler`; `com.example` `v1beta1->v1` `Widget` for a pair of a CRD's
//! versions compared by `kubeidl diff --crd-versions`).

/// The order key of a Kubernetes API version, oldest first (`v1beta2` is (1, 1, 2)); `None`
/// when the text is not one.
pub fn version_key(v: &str) -> Option<(u64, u8, u64)> {
    let digits = v.strip_prefix('v')?;
    let major_end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let major: u64 = digits[..major_end].parse().ok()?;
    if major == 0 {
        return None;
    }
    let tail = &digits[major_end..];
    let (stage, minor) = match tail {
        "" => (2, 0),
        _ => {
            let (stage, n) = if let Some(n) = tail.strip_prefix("alpha") {
                (0, n)
            } else if let Some(n) = tail.strip_prefix("beta") {
                (1, n)
            } else {
                return None;
            };
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (stage, n.parse().ok()?)
        }
    };
    Some((major, stage, minor))
}

/// A sort key for any version name: names that are not Kubernetes versions first, by name,
/// then versions oldest first.
pub fn version_order(name: &str) -> (Option<(u64, u8, u64)>, String) {
    match version_key(name) {
        Some(key) => (Some(key), String::new()),
        None => (None, name.to_string()),
    }
}

/// How far along a version is: what its API promises to clients and stored objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stability {
    /// `v1alpha1`: may change or go away in any release.
    Alpha,
    /// `v1beta1`: stored objects must keep working.
    Beta,
    /// `v1`, `v2`: generally available; its validation changes only by strict review.
    Ga,
}

/// The stability of a Kubernetes version name, `None` when the text is not one.
pub fn stability(version: &str) -> Option<Stability> {
    version_key(version).map(|(_, stage, _)| match stage {
        0 => Stability::Alpha,
        1 => Stability::Beta,
        _ => Stability::Ga,
    })
}

/// A definition name split around its version: `io.k8s.api.autoscaling` `v2`
/// `HorizontalPodAutoscaler`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Versioned<'a> {
    pub prefix: &'a str,
    /// One version, or for [`split_definition`] the `older->newer` pair of a CRD's versions.
    pub version: &'a str,
    pub rest: &'a str,
}

impl<'a> Versioned<'a> {
    /// The version-neutral name: `prefix.rest`.
    pub fn neutral(&self) -> String {
        format!("{}.{}", self.prefix, self.rest)
    }

    /// The two versions of a pair (`v1beta1->v1`), `None` for one version.
    pub fn pair(&self) -> Option<(&'a str, &'a str)> {
        pair(self.version)
    }

    /// The version the definition is served at: the version, or the newer one of a pair.
    pub fn newest(&self) -> &'a str {
        self.pair().map_or(self.version, |(_, newer)| newer)
    }
}

/// `older->newer` of two Kubernetes versions.
fn pair(text: &str) -> Option<(&str, &str)> {
    let (older, newer) = text.split_once("->")?;
    (version_key(older).is_some() && version_key(newer).is_some()).then_some((older, newer))
}

/// `name` split at its last version segment before the type name (one version only).
pub fn split(name: &str) -> Option<Versioned<'_>> {
    split_at(name, |segment| version_key(segment).is_some())
}

/// As [`split`], a pair of versions (`com.example.v1beta1->v1.Widget`, as `kubeidl diff
/// --crd-versions` names what it compares) counting as a version segment too.
pub fn split_definition(name: &str) -> Option<Versioned<'_>> {
    split_at(name, |segment| {
        version_key(segment).is_some() || pair(segment).is_some()
    })
}

fn split_at(name: &str, is_version: impl Fn(&str) -> bool) -> Option<Versioned<'_>> {
    // The segment between the last dot whose tail is the type name and the dot before it,
    // searching leftwards; the first segment is never a version (there must be a prefix).
    let (mut end, mut start) = (name.rfind('.')?, None);
    while let Some(dot) = name[..end].rfind('.') {
        if is_version(&name[dot + 1..end]) {
            start = Some(dot + 1);
            break;
        }
        end = dot;
    }
    let start = start?;
    let version = &name[start..end];
    Some(Versioned {
        prefix: &name[..start - 1],
        version,
        rest: &name[start + version.len() + 1..],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_at_their_version() {
        let v = split("io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler").unwrap();
        assert_eq!(
            (v.prefix, v.version, v.rest),
            ("io.k8s.api.autoscaling", "v2", "HorizontalPodAutoscaler")
        );
        let v = split("com.example.widgets.v1beta1.Widget").unwrap();
        assert_eq!(
            (v.prefix, v.version, v.rest),
            ("com.example.widgets", "v1beta1", "Widget")
        );
        assert_eq!(split("v1.Widget"), None);
        assert_eq!(split("io.k8s.Widget"), None);
    }

    #[test]
    fn pairs_and_stability() {
        let v = split_definition("com.example.v1beta1->v1.Widget").unwrap();
        assert_eq!(
            (v.prefix, v.version, v.rest),
            ("com.example", "v1beta1->v1", "Widget")
        );
        assert_eq!(
            (v.pair(), v.newest(), v.neutral().as_str()),
            (Some(("v1beta1", "v1")), "v1", "com.example.Widget")
        );
        assert_eq!(split("com.example.v1beta1->v1.Widget"), None);
        assert_eq!(
            split_definition("io.k8s.api.apps.v1.Deployment")
                .unwrap()
                .newest(),
            "v1"
        );
        assert_eq!(stability("v2alpha3"), Some(Stability::Alpha));
        assert_eq!(stability("v1beta1"), Some(Stability::Beta));
        assert_eq!(stability("v2"), Some(Stability::Ga));
        assert_eq!(stability("version"), None);
    }

    #[test]
    fn versions_order_as_kubernetes_orders_them() {
        let mut v = vec![
            "v2", "v1", "v1beta2", "v1alpha3", "v2beta1", "v1beta1", "v2alpha1",
        ];
        v.sort_by_key(|v| version_key(v));
        assert_eq!(
            v,
            ["v1alpha3", "v1beta1", "v1beta2", "v1", "v2alpha1", "v2beta1", "v2"]
        );
        for not in ["v0", "v1gamma1", "v1beta", "version", "1", "v"] {
            assert_eq!(version_key(not), None, "{not}");
        }
    }

    #[test]
    fn other_names_come_first() {
        let mut v = vec![
            "v1", "v2beta1", "v1beta2", "v1alpha1", "foo", "v1beta1", "v2",
        ];
        v.sort_by_key(|n| version_order(n));
        assert_eq!(
            v,
            ["foo", "v1alpha1", "v1beta1", "v1beta2", "v1", "v2beta1", "v2"]
        );
    }
}
