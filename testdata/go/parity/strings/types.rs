//! The Rust twin of `types.go`: the same tags, the same OpenAPI.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// Names holds strings with formats and patterns.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/strings")]
pub struct Names {
    /// Name is a DNS-1123 label.
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,

    /// Alias is a DNS-1035 label (a KEP format no server knows yet).
    /// +optional
    /// +format=dns1035label
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub alias: String,

    /// Code is short and upper case.
    /// +optional
    /// +minLength=2
    /// +maxLength=8
    /// +pattern=^[A-Z]+$
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub code: String,

    /// UID is a lowercase UUID.
    /// +optional
    /// +k8s:format=k8s-uuid
    #[serde(rename = "uid", default, skip_serializing_if = "String::is_empty")]
    pub unique_id: String,

    /// Owner is a label key.
    /// +optional
    /// +k8s:format=k8s-label-key
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub owner: String,

    /// Contact is an email address.
    /// +optional
    /// +kubebuilder:validation:Format=email
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub contact: String,

    /// Tier is one of a few words.
    /// +optional
    /// +kubebuilder:validation:Enum=gold;silver;bronze
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tier: String,

    /// Mode may not be "Legacy".
    /// +optional
    /// +k8s:neq="Legacy"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mode: String,

    /// Secret may not be set.
    /// +k8s:forbidden
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,

    /// Host is an IP address or a host name.
    /// +optional
    /// +kubebuilder:validation:Pattern=`^[a-z0-9.:-]+$`
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,

    /// Label is short and lower case, with messages of its own.
    /// +optional
    /// +k8s:maxLength=16
    /// +k8s:error(maxLength)="must be at most 16 letters"
    /// +pattern=^[a-z]+$
    /// +k8s:error(keyword: pattern, reason: Forbidden)="must be lower-case letters"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![Names::openapi_schema()]
}
