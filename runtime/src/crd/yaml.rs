//! YAML text of a JSON value, as CRD files are written: keys sorted (as controller-gen writes
//! them, so the two tools' files diff cleanly), block style, multi-line strings as literal
//! blocks, and no trailing whitespace.

use serde_json::Value;
use yaml_rust2::yaml::Hash;
use yaml_rust2::{Yaml, YamlEmitter};

/// One YAML document (starting with `---`, ending with a newline).
pub fn document(value: &Value) -> String {
    let mut text = String::new();
    let mut emitter = YamlEmitter::new(&mut text);
    emitter.multiline_strings(true);
    emitter
        .dump(&to_yaml(value))
        .expect("writing to a String cannot fail");
    let mut out = String::with_capacity(text.len() + 1);
    for line in text.lines() {
        // A literal block's empty lines come out as indentation only.
        if line.trim().is_empty() {
            out.push('\n');
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn to_yaml(value: &Value) -> Yaml {
    match value {
        Value::Null => Yaml::Null,
        Value::Bool(b) => Yaml::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Yaml::Integer(i),
            None => Yaml::Real(n.to_string()),
        },
        Value::String(s) => Yaml::String(s.clone()),
        Value::Array(items) => Yaml::Array(items.iter().map(to_yaml).collect()),
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut hash = Hash::new();
            for key in keys {
                hash.insert(Yaml::String(key.clone()), to_yaml(&map[key]));
            }
            Yaml::Hash(hash)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::document;
    use serde_json::json;

    #[test]
    fn sorted_block_yaml_that_reads_back_the_same() {
        let value = json!({
            "spec": {"versions": [{"name": "v1", "served": true}], "group": "a.example.com"},
            "apiVersion": "apiextensions.k8s.io/v1",
            "text": "two\n\nparagraphs",
            "odd": ["true", "1", "a: b", "", "#x", "{}"],
            "yaml11": ["yes", "No", "on", "OFF", "y", "0755", "1e3", ".5"],
            "n": [1, -2, 0.5, 18446744073709551615u64]
        });
        let text = document(&value);
        assert!(
            text.starts_with("---\napiVersion: apiextensions.k8s.io/v1\n"),
            "{text}"
        );
        assert!(text.contains("text: |-\n  two\n\n  paragraphs\n"), "{text}");
        assert!(!text.lines().any(|l| l.ends_with(' ')), "{text}");
        let back = yaml_rust2::YamlLoader::load_from_str(&text).unwrap();
        let mut round = String::new();
        yaml_rust2::YamlEmitter::new(&mut round)
            .dump(&back[0])
            .unwrap();
        let again = yaml_rust2::YamlLoader::load_from_str(&round).unwrap();
        assert_eq!(back, again);
        assert_eq!(back[0]["odd"][0].as_str(), Some("true"));
        assert_eq!(back[0]["odd"][1].as_str(), Some("1"));
        assert_eq!(back[0]["odd"][2].as_str(), Some("a: b"));
        assert_eq!(back[0]["odd"][5].as_str(), Some("{}"));
        assert_eq!(back[0]["text"].as_str(), Some("two\n\nparagraphs"));
        assert_eq!(back[0]["n"][2].as_f64(), Some(0.5));
        // Kubernetes reads YAML 1.1, where these are booleans and numbers unless quoted.
        for word in ["yes", "No", "on", "OFF", "y", "0755", "1e3", ".5"] {
            assert!(
                text.contains(&format!("- \"{word}\"\n")),
                "{word} unquoted in {text}"
            );
        }
    }
}
