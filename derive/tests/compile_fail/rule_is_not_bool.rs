use kubeidl_derive::{Schema, Validate};

/// Counter counts.
#[derive(Schema, Validate)]
pub struct Counter {
    /// Count is at least one.
    /// +validationRule="self - 1"
    pub count: i64,
}

fn main() {}
