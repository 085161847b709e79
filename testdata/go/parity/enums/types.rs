//! The Rust twin of `types.go`: enums of unit variants for the Go string types with `+enum`,
//! each variant's doc comment its constant's; the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Protocol is a network protocol.
/// +enum
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enums")]
#[serde(rename_all = "UPPERCASE")]
pub enum Protocol {
    /// Tcp is the TCP protocol.
    #[serde(alias = "tcp")]
    Tcp,
    /// Udp is the UDP protocol.
    Udp,
    /// Sctp is the SCTP protocol,
    /// on two lines.
    Sctp,
}

/// Phase is where a job stands.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enums")]
pub enum Phase {
    /// Pending waits to start.
    Pending,
    /// Running runs.
    Running,
    /// Succeeded is done, and went well.
    Succeeded,
    /// Failed is done, and did not.
    Failed,
    /// Unknown could not be told.
    #[serde(rename = "unknown")]
    Unknown,
}

impl Phase {
    /// Whether the phase is left out of what is written (as Go leaves out an empty string).
    pub fn is_unknown(&self) -> bool {
        *self == Phase::Unknown
    }
}

/// Endpoint holds enums in every place a field can hold one.
/// +validationRule="self.protocol != 'SCTP' || !has(self.fallback)",message="SCTP has no fallback"
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enums")]
pub struct Endpoint {
    /// Protocol is how the endpoint is reached.
    pub protocol: Protocol,

    /// Fallback is tried when the protocol fails.
    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<Protocol>,

    /// Also lists more protocols.
    /// +optional
    /// +k8s:maxItems=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Protocol>,

    /// Phases maps a name to a phase.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub phases: BTreeMap<String, Phase>,

    /// Phase is where the endpoint's job stands.
    /// +optional
    #[serde(default = "unknown", skip_serializing_if = "Phase::is_unknown")]
    pub phase: Phase,

    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spare: Option<Protocol>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub bare: Option<Phase>,

    #[serde(default = "unknown", skip_serializing_if = "Phase::is_unknown")]
    pub plain: Phase,
}

fn unknown() -> Phase {
    Phase::Unknown
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Endpoint::openapi_schema()]
}
