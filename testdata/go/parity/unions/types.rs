//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// Source is a discriminated union: exactly one member is set, the one Kind names.
#[derive(Schema, Validate, Serialize, Deserialize)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/unions")]
pub struct Source {
    /// Kind says which member is set.
    /// +k8s:unionDiscriminator
    pub kind: String,

    /// +optional
    /// +k8s:unionMember
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<GitSource>,

    /// +optional
    /// +k8s:unionMember(memberName: "OCI")
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oci: Option<String>,
}

/// GitSource is a git repository.
#[derive(Schema, Validate, Serialize, Deserialize)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/unions")]
pub struct GitSource {
    /// +k8s:format=k8s-long-name
    pub url: String,
}

/// Volume is a name and a source whose members are inlined into the volume.
#[derive(Schema, Validate, Serialize, Deserialize)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/unions")]
pub struct Volume {
    /// Name names the volume.
    pub name: String,

    #[serde(flatten)]
    pub source: VolumeSource,

    /// Retention is at most one of two ways.
    /// +optional
    /// +k8s:zeroOrOneOfMember
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<i32>,

    /// +optional
    /// +k8s:zeroOrOneOfMember
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forever: Option<bool>,
}

/// VolumeSource is the source of a volume.
#[derive(Schema, Validate, Serialize, Deserialize)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/unions")]
#[serde(rename_all = "camelCase")]
pub struct VolumeSource {
    /// HostPath is a path on the host.
    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_path: Option<String>,

    /// Size is the size of an empty directory.
    pub size: i64,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![
        Source::openapi_schema(),
        Volume::openapi_schema(),
        VolumeSource::openapi_schema(),
    ]
}
