use kubeidl_derive::Schema;

/// The schema of the values, as text: not a `kubeidl::schema::Schema`.
fn values_schema() -> String {
    r#"{"type": "object"}"#.to_string()
}

/// Config is free-form.
#[derive(Schema, serde::Serialize)]
pub struct Config {
    #[kubeidl(schema_with = "values_schema")]
    pub values: serde_json::Value,
}

fn main() {}
