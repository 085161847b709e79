//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// Template is a shape several fields share.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/templates")]
pub struct Template {
    /// Capacity is how much the template holds.
    /// +k8s:required
    /// +k8s:minimum=1
    pub capacity: i32,

    /// Name names the template.
    /// +optional
    /// +k8s:maxLength=63
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// Pool uses the template twice.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/templates")]
pub struct Pool {
    /// Main is the template as it is.
    /// +k8s:required
    pub main: Template,

    /// Spare may leave its capacity out, and its name is shorter.
    /// +optional
    /// +k8s:override(capacity)=+k8s:optional
    /// +k8s:override(name)=+k8s:maxLength=16
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spare: Option<Template>,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Pool::openapi_schema()]
}
