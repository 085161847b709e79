use kubeidl_derive::{Schema, Validate};

/// Named has a name.
#[derive(Schema, Validate)]
pub struct Named {
    /// Name is short.
    /// +k8s:maxLenght=16
    pub name: String,
}

fn main() {}
