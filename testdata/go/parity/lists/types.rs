//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Lists holds lists and maps of every kind.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/lists")]
pub struct Lists {
    /// Tags is a set of at most 4 strings of at most 16 characters.
    /// +optional
    /// +listType=set
    /// +k8s:listType=set
    /// +k8s:maxItems=4
    /// +minItems=1
    /// +k8s:eachVal=+k8s:maxLength=16
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,

    /// Ports is a map list keyed by name and protocol.
    /// +optional
    /// +listType=map
    /// +listMapKey=name
    /// +listMapKey=protocol
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:listMapKey=protocol
    /// +k8s:maxItems=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<Port>,

    /// Hosts is an atomic list whose items are unique.
    /// +optional
    /// +listType=atomic
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    /// +k8s:maxItems=4
    /// +k8s:eachVal=+k8s:maxLength=63
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hosts: Vec<String>,

    /// Targets is an atomic list unique by name.
    /// +optional
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<Target>,

    /// Backends are a map list by name whose uniqueness its own code checks.
    /// +optional
    /// +listType=map
    /// +listMapKey=name
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:customUnique
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backends: Vec<Target>,

    /// Labels have label-key keys and at most 8 entries.
    /// +optional
    /// +maxProperties=8
    /// +minProperties=1
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:maxLength=63
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,

    /// Selector is a granular map.
    /// +optional
    /// +mapType=granular
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,

    /// Matrix is a list of lists.
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matrix: Vec<Vec<i32>>,
}

/// Port is one port.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/lists")]
pub struct Port {
    pub name: String,
    pub protocol: String,
    /// +k8s:minimum=1
    pub number: i32,
}

/// Target is one target.
/// +structType=atomic
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/lists")]
pub struct Target {
    pub name: String,
    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<i32>,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Lists::openapi_schema()]
}
