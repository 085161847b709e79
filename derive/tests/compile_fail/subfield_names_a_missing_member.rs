use kubeidl_derive::{Schema, Validate};
use serde::Serialize;

#[derive(Schema, Validate, Serialize)]
pub struct Reference {
    pub name: String,
}

#[derive(Schema, Validate, Serialize)]
pub struct Widget {
    /// The gadget this widget points at.
    /// +k8s:subfield(nmae)=+k8s:maxLength=16
    pub target: Reference,

    /// +k8s:item(kind: "Primary")=+k8s:immutable
    pub targets: Vec<Reference>,
}

fn main() {}
