//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Limits holds bounded values of every scalar width.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/bounds")]
pub struct Limits {
    /// Replicas in the KEP's dialect and in validation-gen's.
    /// +minimum=0
    /// +k8s:minimum=0
    /// +maximum=100
    pub replicas: i32,

    /// Ratio in kubebuilder's dialect.
    /// +optional
    /// +kubebuilder:validation:Minimum=0.5
    /// +kubebuilder:validation:ExclusiveMaximum=true
    /// +kubebuilder:validation:Maximum=10
    /// +kubebuilder:validation:MultipleOf=0.5
    pub ratio: Option<f64>,

    /// Weight in kube-openapi's dialect.
    /// +optional
    /// +k8s:validation:minimum=1
    /// +k8s:validation:maximum=9
    #[serde(skip_serializing_if = "is_zero")]
    pub weight: i64,

    /// Threshold with exclusive bounds.
    /// +optional
    /// +exclusiveMinimum=0
    /// +exclusiveMaximum=1
    pub threshold: Option<f32>,

    /// Small is a byte.
    /// +optional
    #[serde(skip_serializing_if = "is_zero")]
    pub small: i8,

    /// Port is defaulted.
    /// +default=8080
    /// +k8s:maximum=65535
    #[serde(default, skip_serializing_if = "is_zero")]
    pub port: i32,

    /// Enabled is a flag.
    pub enabled: bool,

    /// Sizes are counted.
    /// +listType=atomic
    /// +k8s:minItems=1
    /// +k8s:maxItems=8
    /// +optional
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<i64>,

    /// Labels are counted too.
    /// +kubebuilder:validation:MaxProperties=16
    /// +optional
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,

    /// Name has lengths.
    /// +minLength=1
    /// +maxLength=63
    pub name: String,

    /// Note is free text.
    ///
    /// It has two paragraphs,
    /// and an indented example:
    ///   note: hello
    /// TODO: this line never reaches the description.
    /// +optional
    /// +k8s:maxLength=256
    /// +k8s:ifEnabled(ShortNotes)=+k8s:maxLength=64
    /// +k8s:ifDisabled(LongNotes)=+k8s:maxLength=128
    #[serde(skip_serializing_if = "String::is_empty")]
    pub note: String,

    /// Data is raw bytes.
    /// +optional
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub data: Vec<u8>,

    /// Inner is another struct.
    /// +optional
    pub inner: Option<Box<Inner>>,

    /// Items are structs.
    /// +optional
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Inner>,

    /// Required holds a struct by value.
    pub required: Inner,

    /// Tiers are distinct.
    /// +optional
    /// +kubebuilder:validation:UniqueItems=true
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiers: Vec<i32>,

    /// Limit may be written as null.
    /// +optional
    /// +nullable
    pub limit: Option<i64>,

    /// Level is an integer, as its type says.
    /// +optional
    /// +kubebuilder:validation:Type=integer
    #[serde(skip_serializing_if = "is_zero")]
    pub level: i32,

    /// Opaque is checked by its own type's tags only.
    /// +optional
    /// +k8s:opaqueType
    pub opaque: Option<Inner>,
}

/// Inner is referred to from Limits.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/bounds")]
pub struct Inner {
    /// Count is small.
    /// +k8s:maximum=3
    pub count: u16,

    /// Keys are strings.
    /// +optional
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub keys: BTreeMap<String, Vec<String>>,
}

fn is_zero<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Limits::openapi_schema(), Inner::openapi_schema()]
}
