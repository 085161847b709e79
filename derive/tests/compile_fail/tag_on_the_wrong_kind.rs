use kubeidl_derive::{Schema, Validate};

/// Named has a name.
#[derive(Schema, Validate)]
pub struct Named {
    /// Name cannot have a minimum.
    /// +minimum=1
    pub name: String,
}

fn main() {}
