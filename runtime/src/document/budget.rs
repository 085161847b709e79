//! How many nodes a YAML document may expand to. Aliases are limited as the apiserver's YAML
//! reader (sigs.k8s.io/yaml over go-yaml) limits them: every node decoded counts (the document
//! node, keys, values, alias nodes and each node of an alias's expansion), and once more than 100
//! nodes of more than 1,000 come from expanding aliases, their share may not pass an allowed
//! ratio of 0.99 up to 400,000 nodes, falling linearly to 0.10 at 4,000,000 and staying there.
//! A "billion laughs" document is refused after a few thousand nodes instead of growing to
//! hundreds of millions. Past that rule, a document may have at most [`MAX_NODES`] nodes.

/// go-yaml's error for a document whose aliases expand too much.
pub const EXCESSIVE_ALIASING: &str = "yaml: document contains excessive aliasing";

/// The most nodes (aliases expanded, keys included) a document may have: go-yaml's upper end of
/// the ratio range, more than any request the apiserver accepts (3 MiB) can hold.
pub const MAX_NODES: u64 = 4_000_000;

/// Up to this many nodes, 99% may come from aliases.
const RATIO_RANGE_LOW: u64 = 400_000;
/// From this many nodes, 10% may come from aliases.
const RATIO_RANGE_HIGH: u64 = 4_000_000;

/// The share of `decoded` nodes that may come from expanding aliases.
fn allowed_alias_ratio(decoded: u64) -> f64 {
    if decoded <= RATIO_RANGE_LOW {
        0.99
    } else if decoded >= RATIO_RANGE_HIGH {
        0.10
    } else {
        let range = (RATIO_RANGE_HIGH - RATIO_RANGE_LOW) as f64;
        0.99 - 0.89 * ((decoded - RATIO_RANGE_LOW) as f64 / range)
    }
}

/// The nodes of one document counted so far.
#[derive(Debug)]
pub(super) struct NodeBudget {
    /// Every node decoded.
    decoded: u64,
    /// The nodes among them that come from expanding an alias.
    aliased: u64,
}

impl NodeBudget {
    /// A document's budget, its document node counted (as go-yaml counts it).
    pub fn new() -> NodeBudget {
        NodeBudget {
            decoded: 1,
            aliased: 0,
        }
    }

    /// Nodes decoded so far.
    pub fn decoded(&self) -> u64 {
        self.decoded
    }

    /// Counts a node written in the document (an alias node too, before its expansion).
    pub fn node(&mut self) -> Result<(), String> {
        self.decoded += 1;
        self.check()
    }

    /// Counts the expansion of an alias: `nodes` more, all from aliasing. go-yaml checks after
    /// each node; checking once after all of them gives the same answer, since while both counts
    /// grow together the aliased share only rises and the allowed ratio only falls.
    pub fn expansion(&mut self, nodes: u64) -> Result<(), String> {
        self.decoded = self.decoded.saturating_add(nodes);
        self.aliased = self.aliased.saturating_add(nodes);
        self.check()
    }

    fn check(&self) -> Result<(), String> {
        let ratio = self.aliased as f64 / self.decoded as f64;
        if self.aliased > 100 && self.decoded > 1000 && ratio > allowed_alias_ratio(self.decoded) {
            return Err(EXCESSIVE_ALIASING.to_string());
        }
        if self.decoded > MAX_NODES {
            return Err(format!(
                "document has more than {MAX_NODES} nodes (aliases expanded)"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_allowed_ratio_falls_from_99_to_10_percent() {
        assert_eq!(allowed_alias_ratio(1_000), 0.99);
        assert_eq!(allowed_alias_ratio(400_000), 0.99);
        assert!((allowed_alias_ratio(2_200_000) - 0.545).abs() < 1e-12);
        assert!((allowed_alias_ratio(3_999_999) - 0.10).abs() < 1e-6);
        assert_eq!(allowed_alias_ratio(4_000_000), 0.10);
        assert_eq!(allowed_alias_ratio(40_000_000), 0.10);
    }

    /// A budget with `plain` nodes written and then `aliased` more from one expansion.
    fn after(plain: u64, aliased: u64) -> Result<(), String> {
        let mut budget = NodeBudget::new();
        for _ in 1..plain {
            budget.node()?;
        }
        budget.expansion(aliased)
    }

    #[test]
    fn aliasing_is_refused_only_past_the_thresholds() {
        // All but the document node from aliases, but only 100 of them: allowed.
        assert_eq!(after(1, 100), Ok(()));
        // Over 99% of 1,000 nodes from aliases, but not more than 1,000 nodes: allowed.
        assert_eq!(after(10, 990), Ok(()));
        // 990 of 1,001: 98.9%, allowed; 991 of 1,001: 99.001%, refused.
        assert_eq!(after(11, 990), Ok(()));
        assert_eq!(after(10, 991), Err(EXCESSIVE_ALIASING.to_string()));
        // At 2,200,000 nodes the allowed share is 54.5%.
        assert_eq!(after(1_002_000, 1_198_000), Ok(()));
        assert_eq!(
            after(1_000_000, 1_200_000),
            Err(EXCESSIVE_ALIASING.to_string())
        );
    }

    #[test]
    fn plain_nodes_after_aliases_can_tip_the_ratio() {
        // 30% aliased at 3,000,000 nodes is allowed (34.7%); adding plain nodes lowers the share
        // more slowly than the allowed ratio falls, so by 4,000,000 nodes it is refused.
        let mut budget = NodeBudget::new();
        for _ in 1..2_100_000 {
            budget.node().unwrap();
        }
        budget.expansion(900_000).unwrap();
        let refused = (0..1_000_000).find_map(|_| budget.node().err());
        assert_eq!(refused, Some(EXCESSIVE_ALIASING.to_string()));
        assert!(budget.decoded() < 4_000_000, "{}", budget.decoded());
    }

    #[test]
    fn documents_stop_at_max_nodes() {
        let mut budget = NodeBudget::new();
        for _ in 1..MAX_NODES {
            budget.node().unwrap();
        }
        assert_eq!(
            budget.node(),
            Err("document has more than 4000000 nodes (aliases expanded)".to_string())
        );
    }
}
