use kubeidl_derive::{Schema, Validate};

/// Port is a TCP port.
#[derive(Schema, Validate)]
pub struct Port {
    /// Number is at least one.
    /// +minimum=one
    pub number: i32,
}

fn main() {}
