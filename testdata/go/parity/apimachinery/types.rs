//! The Rust twin of `types.go`, with kubeidl's apimachinery types for Go's: the same tags, the
//! same OpenAPI (the Go side reads the stand-in of `testdata/standin/apimachinery`).

use kubeidl::apimachinery::{Duration, IntOrString, MicroTime, Quantity, Time};
use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Budget is what a job may use, and when.
/// +validationRule="!has(self.deadline) || self.deadline > self.start",message="the deadline must follow the start"
/// +validationRule="!has(self.cpu) || quantity(self.cpu).isGreaterThan(quantity('10m'))",message="at least 10m of CPU"
#[derive(Schema, Validate, Serialize, Deserialize, Clone)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/apimachinery")]
#[serde(rename_all = "camelCase")]
pub struct Budget {
    /// CPU the job may use, if bounded.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<Quantity>,

    /// Memory per replica.
    pub memory: Quantity,

    /// Limits per resource name.
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,

    /// Port to report on, by number or name.
    pub port: IntOrString,

    /// MaxSurge is how far above the count a rollout may go.
    /// +optional
    /// +default="25%"
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,

    /// Start is when the job may begin.
    pub start: Time,

    /// Deadline is when the job must be done.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<Time>,

    /// Heartbeat is when the job last reported.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heartbeat: Option<MicroTime>,

    /// Timeout of one attempt.
    /// +optional
    /// +default="30s"
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<Duration>,

    /// Checkpoints the job passed.
    /// +listType=atomic
    /// +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Time>,
}

pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Budget::openapi_schema()]
}
