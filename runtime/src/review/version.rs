//! Kubernetes API version names (`v1alpha1`, `v1beta2`, `v1`, `v2`) and their order from oldest
//! to newest, the order in which review compares a type's versions: by major version, then
//! alpha before beta before GA, then by the alpha or beta number.

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

#[cfg(test)]
mod tests {
    use super::*;

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
