//! A small custom resource spec written in Rust with the Go tag vocabulary: prints its OpenAPI
//! definitions, then validates a good and a bad value natively.
//!
//! `cargo run -p derive-widget-example`

use kubeidl::typed::{Definition, Validate};
use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// WidgetSpec is the desired state of a widget.
/// +validationRule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
#[derive(Schema, Validate, Serialize, Deserialize, Debug)]
#[kubeidl(package = "example.com/widgets/v1")]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// MinReplicas is the fewest replicas to run.
    /// +minimum=0
    pub min_replicas: i32,

    /// MaxReplicas is the most replicas to run.
    /// +k8s:maximum=100
    pub max_replicas: i32,

    /// Size is one of the sizes a widget comes in.
    /// +optional
    /// +kubebuilder:validation:Enum=small;medium;large
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub size: String,

    /// Ports are keyed by name.
    /// +optional
    /// +listType=map
    /// +listMapKey=name
    /// +k8s:maxItems=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<WidgetPort>,

    /// Labels have label-key keys.
    /// +optional
    /// +maxProperties=16
    /// +k8s:eachVal=+k8s:maxLength=63
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

/// WidgetPort is one named port.
#[derive(Schema, Validate, Serialize, Deserialize, Debug)]
#[kubeidl(package = "example.com/widgets/v1")]
pub struct WidgetPort {
    /// Name is a DNS-1123 label.
    /// +k8s:format=k8s-short-name
    pub name: String,

    /// Port is a TCP port.
    /// +minimum=1
    /// +maximum=65535
    pub port: i32,
}

fn main() {
    println!("{}", WidgetSpec::openapi_schema().to_canonical_string());

    let good = WidgetSpec {
        min_replicas: 1,
        max_replicas: 3,
        size: "small".into(),
        ports: vec![WidgetPort {
            name: "http".into(),
            port: 8080,
        }],
        labels: BTreeMap::new(),
    };
    println!("good: {} errors", good.validate().len());

    let bad = WidgetSpec {
        min_replicas: -1,
        max_replicas: 500,
        size: "huge".into(),
        ports: vec![WidgetPort {
            name: "HTTP".into(),
            port: 0,
        }],
        labels: BTreeMap::from([("team".into(), "x".repeat(64))]),
    };
    println!("bad:");
    for e in bad.validate() {
        println!("  {e}");
    }
}
