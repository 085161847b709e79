//! Prints the definitions of the OpenAPI document that `build.rs` generated from Go types.

const OPENAPI: &str = include_str!(concat!(env!("OUT_DIR"), "/basic.openapi.json"));

fn main() {
    let doc: serde_json::Value =
        serde_json::from_str(OPENAPI).expect("the generated document is JSON");
    let schemas = doc["components"]["schemas"]
        .as_object()
        .expect("components.schemas");
    println!("{} definitions generated at build time:", schemas.len());
    for (name, schema) in schemas {
        let properties = schema["properties"].as_object().map_or(0, |p| p.len());
        println!("  {name} ({properties} properties)");
    }
}
