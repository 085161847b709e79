use kubeidl_derive::{Schema, Validate};

/// Range is a range whose minimum may not exceed its maximum.
/// +validationRule="self.min <= self.maximum",message="min must not exceed max"
#[derive(Schema, Validate)]
pub struct Range {
    pub min: i32,
    pub max: i32,
}

fn main() {}
