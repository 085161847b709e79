//! CRDs of Rust kinds beyond the parity pair: what only `crd()` can check (a rule in a struct
//! the spec's derive does not see, costed for every time it can run), the rules of `merge`
//! (one storage version, one kind), and the root type as serde reads and writes it.

use kubeidl::typed::CustomResource;
use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

mod fleet {
    use super::*;

    /// FleetSpec lists ships without a bound.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/fleet/v1")]
    #[kubeidl(
        kind = "Fleet",
        group = "example.com",
        version = "v1",
        scope = "Cluster"
    )]
    pub struct FleetSpec {
        /// Ships has no maxItems.
        pub ships: Vec<Ship>,
    }

    /// Ship carries cargo.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/fleet/v1")]
    pub struct Ship {
        /// Cargo is bounded; the ships above it are not.
        /// +k8s:maxItems=10
        /// +k8s:eachVal=+k8s:maxLength=64
        /// +validationRule="self.all(c, c.size() < 64)"
        pub cargo: Vec<String>,
    }
}

mod two {
    use super::*;

    pub mod v1 {
        use super::*;

        /// PairSpec is a pair.
        #[derive(Schema, Serialize, Deserialize, Clone, Debug)]
        #[kubeidl(kind = "Pair", group = "example.com", version = "v1")]
        pub struct PairSpec {
            pub left: String,
        }
    }

    pub mod v2 {
        use super::*;

        /// PairSpec is a pair.
        #[derive(Schema, Serialize, Deserialize, Clone, Debug)]
        #[kubeidl(kind = "Pair", group = "example.com", version = "v2")]
        pub struct PairSpec {
            pub left: String,
        }
    }
}

/// A rule of a struct the spec's derive cannot see is costed by `crd()`, with the cardinality
/// of the lists above it, in the apiserver's words.
#[test]
fn a_rule_the_derive_cannot_see_is_costed_by_crd() {
    let e = fleet::Fleet::crd().unwrap_err();
    assert_eq!(e.problems.len(), 1, "{e}");
    assert!(
        e.problems[0].starts_with("Fleet example.com/v1: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[ships].items.properties[cargo].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of "),
        "{e}"
    );
    assert!(
        e.problems[0].contains("(spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[ships] has no maxItems); limit 10000000"),
        "{e}"
    );
}

/// Versions merge as Go packages do: one of them is the storage version.
#[test]
fn merged_versions_need_one_storage_version() {
    let e = kubeidl::crd::merge([two::v1::Pair::crd_version(), two::v2::Pair::crd_version()])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Pair example.com/v1: Pair has versions v1, v2 and none is marked +kubebuilder:storageversion"
    );
    let e = kubeidl::crd::merge([two::v1::Pair::crd_version(), fleet::Fleet::crd_version()])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Fleet example.com/v1: a CRD merges versions of one kind, and this is not Pair of example.com"
    );
    let none: [kubeidl::crd::Version; 0] = [];
    assert_eq!(
        kubeidl::crd::merge(none).unwrap_err().to_string(),
        "a CRD needs at least one version"
    );
}

/// The root reads and writes the object's JSON: `apiVersion` and `kind` from `new`, metadata
/// members it has no field for kept.
#[test]
fn the_root_is_the_objects_json() {
    let pair = two::v1::Pair::new("p", two::v1::PairSpec { left: "l".into() });
    let json = serde_json::to_value(&pair).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"apiVersion": "example.com/v1", "kind": "Pair", "metadata": {"name": "p"}, "spec": {"left": "l"}})
    );
    let text = r#"{"apiVersion": "example.com/v1", "kind": "Pair",
        "metadata": {"name": "p", "labels": {"a": "b"}, "ownerReferences": [{"kind": "X", "name": "x"}]},
        "spec": {"left": "l"}}"#;
    let read: two::v1::Pair = serde_json::from_str(text).unwrap();
    assert_eq!(read.metadata.labels["a"], "b");
    let back = serde_json::to_value(&read).unwrap();
    assert_eq!(
        back,
        serde_json::from_str::<serde_json::Value>(text).unwrap()
    );
    assert_eq!(<two::v1::Pair as CustomResource>::KIND, "Pair");
    assert_eq!(
        two::v1::Pair::crd().unwrap().file_name,
        "example.com_pairs.yaml"
    );
}
