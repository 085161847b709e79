use kubeidl_derive::{Schema, Validate};

/// Span is a start and an end.
#[derive(Schema, Validate)]
pub struct Span((i64, i64));

fn main() {}
