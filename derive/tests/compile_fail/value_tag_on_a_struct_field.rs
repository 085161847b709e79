use kubeidl_derive::{Schema, Validate};

/// Limits are limits.
#[derive(Schema, Validate)]
pub struct Limits {
    /// Count is counted.
    pub count: i32,
}

/// Pool holds limits.
#[derive(Schema, Validate)]
pub struct Pool {
    /// Limits cannot have a minimum: they are a struct, not a newtype over a number.
    /// +k8s:minimum=1
    pub limits: Limits,
}

fn main() {}
