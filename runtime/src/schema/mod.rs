//! The OpenAPI v3 schema model, its canonical JSON form, and the reference helpers
//! (`$ref` closure and the apiserver's `allOf` wrapping of references).

mod canonical;
mod cel_node;
mod document;
mod model;
mod parse;
mod refs;
mod structural;

pub use canonical::{to_canonical_string, write_canonical};
pub use document::Document;
pub use model::{Schema, SchemaType};
pub use parse::{number_f64, SchemaError};
pub use refs::{
    collect_refs, definition_name, ref_closure, ref_target, reference_of, reference_of_mut,
    resolve, rest_friendly_name, wrap_refs, COMPONENTS_PREFIX, MAX_REF_CHAIN,
};
pub use structural::{
    crd_schema_errors, inline, merge_use, node_name, Inlined, RuleSite, StructuralError,
    UseConflict, CRD_EXTENSIONS, QUANTITY_PATTERN,
};
