//! The Rust twin of `types.go`: enums whose variants carry data, the same OpenAPI as the Go
//! unions serde writes them as.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// Source is where a value comes from, as serde writes `#[serde(tag = "kind")]`: the kind, and
/// the member it names.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enum_unions")]
#[serde(tag = "kind")]
pub enum Source {
    /// Git is a git repository.
    Git { git: GitSource },
    /// OCI is an artifact's reference.
    /// +k8s:maxLength=253
    #[serde(rename = "OCI")]
    Oci { oci: String },
    /// Inline has no member: only its kind is written.
    Inline,
}

/// GitSource is a git repository.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enum_unions")]
pub struct GitSource {
    /// +k8s:format=k8s-long-name
    pub url: String,
}

/// Target is one of two places, as serde writes an externally tagged enum: the member alone.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enum_unions")]
#[serde(rename_all = "camelCase")]
pub enum Target {
    /// Bucket names a bucket.
    Bucket(GitSource),
    /// +k8s:minLength=1
    Path(String),
}

/// Mount holds both unions.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/enum_unions")]
pub struct Mount {
    pub source: Source,

    /// +optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![
        Source::openapi_schema(),
        Target::openapi_schema(),
        Mount::openapi_schema(),
    ]
}
