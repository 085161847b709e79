//! The Rust twin of `types.go`: an enum tagged internally whose variants have several fields,
//! the same OpenAPI as a Go struct of all the variants' fields with kubebuilder's XValidation
//! rules saying which fields each kind of value may and must have.

use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// Auth is how a client proves who it is.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/variant_fields")]
#[serde(tag = "type", rename_all_fields = "camelCase")]
pub enum Auth {
    /// Basic is a user name and a password.
    Basic {
        /// Username names the user.
        /// +k8s:minLength=1
        username: String,
        /// SecretRef names the Secret that holds the password or the token.
        /// +k8s:format=k8s-long-name
        secret_ref: String,
    },
    /// Token is a bearer token.
    Token {
        /// SecretRef names the Secret that holds the password or the token.
        /// +k8s:format=k8s-long-name
        secret_ref: String,
        /// Audience is who the token is meant for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audience: Option<String>,
    },
    /// Anonymous proves nothing.
    Anonymous,
}

/// Backend is what a client talks to, as serde writes `#[serde(tag = "kind", content =
/// "name")]`: the kind, and the name every kind but the default has.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/variant_fields")]
#[serde(tag = "kind", content = "name")]
pub enum Backend {
    Service(ServiceName),
    Pod(ServiceName),
    Default,
}

/// ServiceName is a DNS label.
/// +k8s:format=k8s-short-name
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ServiceName(pub String);

/// Client holds the unions.
#[derive(Schema, Validate, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[kubeidl(package = "example.com/kubeidl/testdata/parity/variant_fields")]
pub struct Client {
    pub auth: Auth,
    pub backend: Backend,
}

/// The definitions of this package's types.
pub fn definitions() -> Vec<kubeidl::schema::Document> {
    use kubeidl::typed::Definition;
    vec![
        Auth::openapi_schema(),
        Backend::openapi_schema(),
        Client::openapi_schema(),
    ]
}
