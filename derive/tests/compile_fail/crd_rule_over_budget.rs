use kubeidl_derive::Schema;

/// WidgetSpec names widgets without bounds: the rule may cost more than a CRD allows.
#[derive(Schema, serde::Serialize, serde::Deserialize, Clone, Debug)]
#[kubeidl(kind = "Widget", group = "example.com", version = "v1")]
pub struct WidgetSpec {
    /// Names are lower case; no maxItems, no maxLength.
    /// +validationRule="self.all(n, n.matches('^[a-z]+$'))",message="names are lower case"
    pub names: Vec<String>,
}

fn main() {}
