use kubeidl_derive::{Schema, Validate};

/// Source is where a value comes from.
#[derive(Schema, Validate)]
pub enum Source {
    /// Literal is written in place.
    Literal,
    /// File names a file.
    File(String),
}

fn main() {}
