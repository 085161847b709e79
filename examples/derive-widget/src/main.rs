//! A small custom resource spec written in Rust with the Go tag vocabulary: prints its OpenAPI
//! definitions, then validates values natively: a good one, one failing value checks (and its
//! map list's keys), one failing only its CEL rules (run on the typed value in place, one of them
//! on a `Quantity`), and an update (transition rule and ratcheting).
//!
//! `cargo run -p derive-widget-example`

use kubeidl::apimachinery::Quantity;
use kubeidl::typed::{Definition, Validate};
use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// WidgetSpec is the desired state of a widget.
/// +validationRule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone)]
#[kubeidl(package = "example.com/widgets/v1")]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// MinReplicas is the fewest replicas to run.
    /// +minimum=0
    pub min_replicas: i32,

    /// MaxReplicas is the most replicas to run.
    /// +k8s:maximum=100
    pub max_replicas: i32,

    /// Tier may go up, never down.
    /// +optional
    /// +minimum=0
    /// +validationRule="self >= oldSelf",message="tier may not go down"
    #[serde(default)]
    pub tier: i32,

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

    /// Memory per replica.
    /// +optional
    /// +validationRule="quantity(self).compareTo(quantity('4Gi')) <= 0",message="at most 4Gi per replica"
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<Quantity>,
}

/// WidgetPort is one named port.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone)]
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
        tier: 2,
        size: "small".into(),
        ports: vec![WidgetPort {
            name: "http".into(),
            port: 8080,
        }],
        labels: BTreeMap::new(),
        memory: Some("512Mi".parse().expect("a quantity")),
    };
    println!("good: {} errors", good.validate().len());

    let bad = WidgetSpec {
        min_replicas: -1,
        max_replicas: 500,
        tier: 0,
        size: "huge".into(),
        ports: vec![
            WidgetPort {
                name: "HTTP".into(),
                port: 0,
            },
            WidgetPort {
                name: "HTTP".into(),
                port: 80,
            },
        ],
        labels: BTreeMap::from([("team".into(), "x".repeat(64))]),
        memory: None,
    };
    println!("bad:");
    for e in bad.validate() {
        println!("  {e}");
    }

    // Value checks pass; the struct's CEL rule and the memory field's do not.
    let crossed = WidgetSpec {
        min_replicas: 5,
        max_replicas: 3,
        memory: Some("8Gi".parse().expect("a quantity")),
        ..good.clone()
    };
    println!("crossed:");
    for e in crossed.validate() {
        println!("  {e}");
    }

    // Updates: the transition rule sees the old tier. Ratcheting spares only values unchanged
    // from the old object: here the root changed (its tier), so its rule still fails...
    let lowered = WidgetSpec {
        tier: 1,
        ..crossed.clone()
    };
    print_update("lowered", &lowered.validate_update(&crossed));
    // ...while an unchanged value only warns.
    print_update("unchanged", &crossed.validate_update(&crossed));
}

fn print_update(name: &str, report: &kubeidl::validate::Report) {
    println!("update {name}:");
    for e in &report.errors {
        println!("  error: {e}");
    }
    for w in &report.warnings {
        println!("  warning: {w}");
    }
}
