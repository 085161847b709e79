use kubeidl_derive::{Schema, Validate};

/// Time is the user's own, but named like kubeidl's.
#[derive(Schema, Validate)]
pub struct Time {
    /// Seconds since the start.
    pub seconds: i64,
}

/// Lap is one lap of a race.
#[derive(Schema, Validate)]
pub struct Lap {
    /// Took is how long the lap took.
    pub took: Time,
}

fn main() {}
