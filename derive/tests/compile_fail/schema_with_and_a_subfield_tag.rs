use kubeidl::schema::Schema;
use kubeidl_derive::Schema;

fn values_schema() -> Schema {
    Schema::typed("object", "")
}

/// Config is free-form.
#[derive(Schema, serde::Serialize)]
pub struct Config {
    /// The derive cannot see the members of a schema a function writes.
    /// +k8s:subfield(name)=+k8s:maxLength=16
    #[kubeidl(schema_with = "values_schema")]
    pub values: serde_json::Value,
}

fn main() {}
