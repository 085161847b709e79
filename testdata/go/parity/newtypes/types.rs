//! The Rust twin of `types.go`: newtypes for the Go defined types, each with the Go type's tags
//! in its doc comment; the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Port is a TCP or UDP port.
/// +k8s:minimum=1
/// +k8s:maximum=65535
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/newtypes")]
pub struct Port(pub u16);

impl Port {
    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

/// Name is a DNS-1123 label.
/// +k8s:format=k8s-short-name
/// +k8s:maxLength=32
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/newtypes")]
#[serde(transparent)]
pub struct Name {
    pub text: String,
}

impl Name {
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// Ratio is a fraction.
/// +kubebuilder:validation:Minimum=0
/// +kubebuilder:validation:Maximum=1
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/newtypes")]
pub struct Ratio(pub f64);

impl Ratio {
    pub fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// Labels are a few short words.
/// +k8s:maxItems=4
/// +k8s:eachVal=+k8s:maxLength=16
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/newtypes")]
pub struct Labels(pub Vec<String>);

impl Labels {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Service holds newtypes in every place a field can hold one.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/newtypes")]
pub struct Service {
    /// Port is where the service listens.
    pub port: Port,

    /// Target is where traffic goes, an even port.
    /// +optional
    /// +kubebuilder:validation:MultipleOf=2
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Port>,

    /// Admin is the admin port, 9090 when not set.
    /// +optional
    /// +default=9090
    #[serde(default, skip_serializing_if = "Port::is_zero")]
    pub admin: Port,

    /// Ports are more ports.
    /// +optional
    /// +k8s:maxItems=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<Port>,

    /// Name names the service.
    /// +optional
    #[serde(default, skip_serializing_if = "Name::is_empty")]
    pub name: Name,

    /// Weight is the service's share.
    /// +optional
    #[serde(default, skip_serializing_if = "Ratio::is_zero")]
    pub weight: Ratio,

    /// Labels label the service.
    /// +optional
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,

    /// Aliases are other names, by the name they stand for.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aliases: BTreeMap<String, Name>,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Service::openapi_schema()]
}
