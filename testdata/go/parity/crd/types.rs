//! The Rust twin of `v1/` and `v1beta1/`: a kind declared on its spec, one version with
//! `#[kubeidl(...)]` arguments and one with the Go markers in the spec's doc comment; the same
//! CRD, byte for byte, as `kubeidl crd` writes for the Go packages.

pub mod v1 {
    // clippy reads two printer columns' `type = "integer"` as a repeated attribute.
    #![allow(clippy::duplicated_attributes)]

    use kubeidl_derive::{Schema, Validate};
    use serde::{Deserialize, Serialize};

    /// WidgetSpec is the desired state of a widget.
    /// +validationRule="self.minReplicas <= self.replicas",message="replicas must be at least minReplicas"
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/kubeidl/testdata/parity/crd/v1")]
    #[kubeidl(
        kind = "Widget",
        group = "widgets.example.com",
        version = "v1",
        status = "WidgetStatus"
    )]
    #[kubeidl(plural = "widgets", shortNames = ["wd", "wdg"], categories = ["all"], scope = "Namespaced")]
    #[kubeidl(
        printcolumn(name = "Replicas", type = "integer", JSONPath = ".spec.replicas"),
        printcolumn(
            name = "Ready",
            type = "integer",
            JSONPath = ".status.readyReplicas",
            description = "Replicas ready",
            priority = 1
        )
    )]
    #[kubeidl(selectablefield(JSONPath = ".spec.tier"), storageversion)]
    #[serde(rename_all = "camelCase")]
    pub struct WidgetSpec {
        /// Replicas is how many widgets run.
        /// +k8s:minimum=0
        /// +k8s:maximum=100
        pub replicas: i32,

        /// MinReplicas is the fewest widgets to run.
        /// +optional
        /// +kubebuilder:default=1
        #[serde(default, skip_serializing_if = "is_zero")]
        pub min_replicas: i32,

        /// Tier is the widget's size class.
        /// +optional
        /// +kubebuilder:validation:Enum=small;large
        #[serde(default, skip_serializing_if = "String::is_empty")]
        pub tier: String,

        /// Protocol is what the widget speaks.
        pub protocol: Protocol,

        /// Fallback is spoken when the protocol fails.
        /// +optional
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub fallback: Option<Protocol>,

        /// Ports are keyed by name.
        /// +optional
        /// +listType=map
        /// +listMapKey=name
        /// +k8s:maxItems=8
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub ports: Vec<WidgetPort>,

        /// Names are short, and at most 16.
        /// +optional
        /// +k8s:maxItems=16
        /// +k8s:eachVal=+k8s:maxLength=63
        /// +validationRule="self.all(n, n.matches('^[a-z]+$'))",message="names are lower case"
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub names: Vec<String>,
    }

    fn is_zero(n: &i32) -> bool {
        *n == 0
    }

    /// Protocol is a network protocol.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "UPPERCASE")]
    pub enum Protocol {
        /// Tcp is TCP.
        Tcp,
        /// Udp is UDP.
        Udp,
    }

    /// WidgetPort is one named port.
    /// +validationRule="self.port != 22 || self.name == 'ssh'",message="port 22 is ssh's"
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/kubeidl/testdata/parity/crd/v1")]
    pub struct WidgetPort {
        /// Name is a DNS-1123 label.
        /// +k8s:format=k8s-short-name
        pub name: String,

        /// Port is a TCP port.
        /// +minimum=1
        /// +maximum=65535
        pub port: i32,
    }

    /// WidgetStatus is the observed state of a widget.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
    #[kubeidl(package = "example.com/kubeidl/testdata/parity/crd/v1")]
    #[serde(rename_all = "camelCase")]
    pub struct WidgetStatus {
        /// ReadyReplicas is how many widgets are ready.
        /// +optional
        #[serde(default, skip_serializing_if = "is_zero")]
        pub ready_replicas: i32,

        /// Phase is where the widget is in its life.
        /// +optional
        #[serde(default, skip_serializing_if = "String::is_empty")]
        pub phase: String,
    }
}

pub mod v1beta1 {
    use kubeidl_derive::{Schema, Validate};
    use serde::{Deserialize, Serialize};

    /// WidgetSpec is the desired state of a widget.
    /// +kubebuilder:resource:path=widgets,shortName=wd;wdg,categories=all,scope=Namespaced
    /// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
    /// +kubebuilder:deprecatedversion:warning="widgets.example.com/v1beta1 is deprecated; use v1"
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
    #[kubeidl(package = "example.com/kubeidl/testdata/parity/crd/v1beta1")]
    #[kubeidl(
        kind = "Widget",
        group = "widgets.example.com",
        version = "v1beta1",
        status = "WidgetStatus"
    )]
    #[serde(rename_all = "camelCase")]
    pub struct WidgetSpec {
        /// Replicas is how many widgets run.
        /// +k8s:minimum=0
        pub replicas: i32,
    }

    /// WidgetStatus is the observed state of a widget.
    #[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
    #[kubeidl(package = "example.com/kubeidl/testdata/parity/crd/v1beta1")]
    #[serde(rename_all = "camelCase")]
    pub struct WidgetStatus {
        /// ReadyReplicas is how many widgets are ready.
        /// +optional
        #[serde(default, skip_serializing_if = "is_zero")]
        pub ready_replicas: i32,
    }

    fn is_zero(n: &i32) -> bool {
        *n == 0
    }
}
