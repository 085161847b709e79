use kubeidl_derive::Schema;

/// Config is free-form.
#[derive(Schema, serde::Serialize)]
pub struct Config {
    /// Values are written by a function, named by its path.
    #[kubeidl(schema_with = "free form")]
    pub values: serde_json::Value,
}

fn main() {}
