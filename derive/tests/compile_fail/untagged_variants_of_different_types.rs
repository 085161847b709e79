use kubeidl_derive::{Schema, Validate};

/// Value is a name or a reference, as serde writes an untagged enum: the value alone.
#[derive(Schema, Validate)]
#[serde(untagged)]
pub enum Value {
    Name(String),
    Reference(Reference),
}

#[derive(Schema, Validate)]
pub struct Reference {
    pub name: String,
}

fn main() {}
