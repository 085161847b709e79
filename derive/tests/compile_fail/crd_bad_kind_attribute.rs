use kubeidl_derive::Schema;

/// WidgetSpec says its scope wrong, and a printer column lacks its JSONPath.
#[derive(Schema, serde::Serialize, serde::Deserialize, Clone, Debug)]
#[kubeidl(kind = "Widget", group = "example.com", version = "v1", scope = "Global")]
#[kubeidl(printcolumn(name = "Size", type = "integer"))]
pub struct WidgetSpec {
    pub size: i32,
}

fn main() {}
