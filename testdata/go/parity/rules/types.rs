//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Range is a range whose minimum may not exceed its maximum.
/// +validationRule="self.min <= self.max",message="min must not exceed max"
/// +kubebuilder:validation:XValidation:rule="self.max - self.min <= 1000",message="the range is at most 1000 wide"
#[derive(Schema, Validate, Serialize, Deserialize)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/rules")]
#[serde(rename_all = "camelCase")]
pub struct Range {
    /// Min is the lower end.
    /// +k8s:minimum=0
    pub min: i64,

    /// Max is the upper end.
    pub max: i64,

    /// Step may only grow.
    /// +optional
    /// +validationRule="self >= oldSelf",message="step may only grow"
    #[serde(default, skip_serializing_if = "is_zero")]
    pub step: i32,

    /// Unit is set once, at creation.
    /// +k8s:immutable
    pub unit: String,

    /// Pool may be set later but not changed, nor cleared.
    /// +optional
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,

    /// Zone may not be set after creation.
    /// +optional
    /// +k8s:update=NoSet
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,

    /// Strategy has rules with reasons and field paths.
    /// +optional
    /// +validationRule="!(self.type == 'Recreate') || !has(self.rollingUpdate)",message="may not be specified when strategy `type` is Recreate",reason=Forbidden,field="rollingUpdate"
    #[serde(default)]
    pub strategy: Strategy,

    /// Labels are checked with a message expression.
    /// +optional
    /// +maxProperties=16
    /// +k8s:validation:cel[0]:rule="self.all(k, k.size() <= 63)"
    /// +k8s:validation:cel[0]:messageExpression="'a key is longer than 63: ' + self.filter(k, k.size() > 63).join(', ')"
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

/// Strategy is how things are replaced.
#[derive(Schema, Validate, Serialize, Deserialize, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/rules")]
#[serde(rename_all = "camelCase")]
pub struct Strategy {
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub r#type: String,
    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdate>,
}

/// RollingUpdate tunes a rolling update.
#[derive(Schema, Validate, Serialize, Deserialize, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/rules")]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdate {
    /// +optional
    /// +k8s:minimum=0
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<i32>,
}

fn is_zero<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Range::openapi_schema()]
}
