//! Go packages to OpenAPI v3 component schemas, following openapi-gen's rules (kube-openapi as
//! pinned by Kubernetes 1.35) and the apiserver's post-processing (`allOf` around `$ref`s with
//! siblings), so the output for Kubernetes' own types equals what an apiserver publishes.

pub(crate) use kubeidl::comments::tags as comment_tags;
mod defaults;
mod definitions;
mod enums;
mod extensions;
mod naming;
pub mod provenance;
mod rule_check;
mod types;
mod validations;

pub use definitions::{
    generate, generate_every_package, generate_types, Generated, Options, RuleOrigins,
};
pub use kubeidl::comments::description;
pub use naming::{definition_name, rest_friendly_name};
pub use rule_check::Origins;
