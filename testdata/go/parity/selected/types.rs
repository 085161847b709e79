//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Selected holds fields whose tags look into their types' members.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
pub struct Selected {
    /// Meta names the object; its name is a DNS subdomain.
    /// +nameFormat=dns1123subdomain
    pub meta: Meta,

    /// Reference names a gadget by name, in a kind that must be given.
    /// +optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    /// +k8s:subfield(kind)=+k8s:required
    /// +k8s:subfield(replicas)=+k8s:minimum=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<Box<Reference>>,

    /// Owner is a reference held by value, whose version (an inlined member) is not v0.
    /// +k8s:subfield(version)=+k8s:neq="v0"
    /// +k8s:subfield(kind)=+k8s:optional
    pub owner: Reference,

    /// Conditions are a map list: at most one of Ready and Failed, and Progressing once
    /// written does not change.
    /// +optional
    /// +listType=map
    /// +listMapKey=type
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
    /// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
    /// +k8s:item(type: "Progressing")=+k8s:immutable
    /// +k8s:maxItems=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,

    /// Ports are keyed by number and protocol; port 80 over TCP does not change.
    /// +optional
    /// +listType=map
    /// +listMapKey=port
    /// +listMapKey=protocol
    /// +k8s:item(port: 80, protocol: "TCP")=+k8s:immutable
    /// +k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<Port>,

    /// Backups are references with short names.
    /// +optional
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:maxLength=16
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backups: Vec<Reference>,

    /// Peers are references by role; each has a kind.
    /// +optional
    /// +k8s:eachVal=+k8s:subfield(kind)=+k8s:required
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub peers: BTreeMap<String, Reference>,
}

/// Meta is a name, or a prefix to generate one from.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,

    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub generate_name: String,
}

/// Reference points at a gadget.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
pub struct Reference {
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,

    pub name: String,

    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,

    #[serde(flatten)]
    pub versioned: Versioned,
}

/// Versioned is the version part of a reference.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
pub struct Versioned {
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
}

/// Condition is one observed state.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
pub struct Condition {
    /// +k8s:maxLength=32
    #[serde(rename = "type")]
    pub kind: String,

    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// Port is a port number and its protocol.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/selected")]
pub struct Port {
    pub port: i32,

    /// +k8s:maxLength=8
    pub protocol: String,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    // Versioned is only flattened, so nothing refers to it; Go's package lists it all the same.
    vec![Selected::openapi_schema(), Versioned::openapi_schema()]
}
