//! A CRD's size as a client-side `kubectl apply` records it, and `--max-size`: descriptions
//! trimmed until the CRD fits.
//!
//! `kubectl apply` (client side) keeps the object it applied in the annotation
//! `kubectl.kubernetes.io/last-applied-configuration`: the object's JSON as Go's encoder writes
//! it (compact, `<`, `>`, `&`, U+2028 and U+2029 escaped, a line break at the end). The
//! apiserver refuses an object whose annotations, names and values together, exceed 262,144
//! bytes ([`LAST_APPLIED_LIMIT`]), so a CRD's [`applied_size`] is that sum: the annotation kubectl
//! adds and the CRD's own.
//!
//! [`fit`] trims schema descriptions, longest first (the deepest first among equally long ones,
//! then in document order), until the CRD fits: each is cut to its first sentence (up to the
//! first `. ` or line break, as `first_sentence` says), and only when every description is cut and
//! the CRD still does not fit are they removed, in the same order. Descriptions not needed to
//! make it fit stay whole.

use serde_json::Value;

pub use kubeidl::crd::LAST_APPLIED_LIMIT;

/// The annotation `kubectl apply` writes the applied object to.
const LAST_APPLIED_ANNOTATION: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// What the keyword `"description":` takes in compact JSON.
const DESCRIPTION_KEY: usize = "\"description\":".len();

/// The bytes of annotations the apiserver counts when `kubectl apply` (client side) applies
/// `crd`: the CRD as the last-applied annotation's value, the annotation's name, and the CRD's own
/// annotations.
pub fn applied_size(crd: &Value) -> usize {
    let own: usize = crd
        .pointer("/metadata/annotations")
        .and_then(Value::as_object)
        .map_or(0, |annotations| {
            annotations
                .iter()
                .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
                .sum()
        });
    json_len(crd) + 1 + LAST_APPLIED_ANNOTATION.len() + own
}

/// The length of `value` as Go's `encoding/json` encoder writes it, compact.
pub fn json_len(value: &Value) -> usize {
    match value {
        Value::Null => 4,
        Value::Bool(b) => {
            if *b {
                4
            } else {
                5
            }
        }
        Value::Number(n) => n.to_string().len(),
        Value::String(s) => string_len(s),
        Value::Array(items) => {
            2 + items.iter().map(json_len).sum::<usize>() + items.len().saturating_sub(1)
        }
        Value::Object(map) => {
            2 + map
                .iter()
                .map(|(k, v)| string_len(k) + 1 + json_len(v))
                .sum::<usize>()
                + map.len().saturating_sub(1)
        }
    }
}

/// A JSON string's length with its quotes, escaped as Go escapes it (HTML-safe).
fn string_len(s: &str) -> usize {
    2 + s
        .chars()
        .map(|c| match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => 6,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf8(),
        })
        .sum::<usize>()
}

/// How [`fit`] made a CRD fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trimmed {
    /// The schema descriptions of the CRD.
    pub descriptions: usize,
    /// Cut to their first sentence (and kept).
    pub cut: usize,
    /// Removed.
    pub removed: usize,
    /// [`applied_size`] after.
    pub size: usize,
}

/// A description of a schema node: where it is (a JSON pointer to its node), how deep the node
/// is below its version's root, the order it was found in, and what became of it.
struct Description {
    node: String,
    depth: usize,
    order: usize,
    state: State,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Whole,
    Cut,
    Removed,
}

/// Trims the schema descriptions of `crd` until its [`applied_size`] is at most `max`, as the
/// module says. `Err` with the size reached when it does not fit even without descriptions,
/// `crd` then left with none.
pub fn fit(crd: &mut Value, max: usize, wrapped: bool) -> Result<Trimmed, usize> {
    let mut found = Vec::new();
    if let Some(versions) = crd.pointer("/spec/versions").and_then(Value::as_array) {
        for (i, version) in versions.iter().enumerate() {
            if let Some(schema) = version.pointer("/schema/openAPIV3Schema") {
                let at = format!("/spec/versions/{i}/schema/openAPIV3Schema");
                collect(schema, at, 0, &mut found);
            }
        }
    }
    let mut size = applied_size(crd);
    let done = |found: &[Description], size: usize| Trimmed {
        descriptions: found.len(),
        cut: found.iter().filter(|d| d.state == State::Cut).count(),
        removed: found.iter().filter(|d| d.state == State::Removed).count(),
        size,
    };
    if size <= max {
        return Ok(done(&found, size));
    }
    // Cut to the first sentence, then removed, longest first each time.
    for removing in [false, true] {
        order(crd, &mut found);
        for d in &mut found {
            let Some(node) = crd.pointer_mut(&d.node).and_then(Value::as_object_mut) else {
                continue;
            };
            let Some(Value::String(text)) = node.get("description") else {
                continue;
            };
            if removing {
                // The keyword, its value, and the comma that parted it from another member.
                let gone = DESCRIPTION_KEY + string_len(text) + usize::from(node.len() > 1);
                node.remove("description");
                size -= gone;
                d.state = State::Removed;
            } else {
                let first = first_sentence(text, wrapped);
                if first.is_empty() || first.len() == text.len() {
                    continue;
                }
                size -= string_len(text) - string_len(first);
                let first = first.to_string();
                node.insert("description".into(), first.into());
                d.state = State::Cut;
            }
            if size <= max {
                debug_assert_eq!(size, applied_size(crd));
                return Ok(done(&found, size));
            }
        }
    }
    debug_assert_eq!(size, applied_size(crd));
    Err(size)
}

/// Sorts descriptions longest first, then deepest, then in document order.
fn order(crd: &Value, found: &mut [Description]) {
    let len = |d: &Description| {
        crd.pointer(&d.node)
            .and_then(|n| n.get("description"))
            .and_then(Value::as_str)
            .map_or(0, str::len)
    };
    found.sort_by_cached_key(|d| {
        (
            std::cmp::Reverse(len(d)),
            std::cmp::Reverse(d.depth),
            d.order,
        )
    });
}

/// The descriptions of the schema `node` at the JSON pointer `at` and of the schemas below it.
fn collect(node: &Value, at: String, depth: usize, found: &mut Vec<Description>) {
    let Some(object) = node.as_object() else {
        return;
    };
    if object.get("description").is_some_and(Value::is_string) {
        found.push(Description {
            node: at.clone(),
            depth,
            order: found.len(),
            state: State::Whole,
        });
    }
    for (keyword, child) in object {
        let at = format!("{at}/{}", escape(keyword));
        match (keyword.as_str(), child) {
            ("properties" | "patternProperties", Value::Object(members)) => {
                for (name, schema) in members {
                    collect(schema, format!("{at}/{}", escape(name)), depth + 1, found);
                }
            }
            ("items" | "allOf" | "anyOf" | "oneOf", Value::Array(schemas)) => {
                for (i, schema) in schemas.iter().enumerate() {
                    collect(schema, format!("{at}/{i}"), depth + 1, found);
                }
            }
            ("items" | "additionalProperties" | "not", Value::Object(_)) => {
                collect(child, at, depth + 1, found);
            }
            _ => {}
        }
    }
}

/// A JSON pointer's reference token.
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// `text` up to its first sentence end: the first `. ` (the period kept; not that of `e.g.`,
/// `i.e.` or `vs.`) or line break, trailing white space left out. In `wrapped` text (line
/// breaks kept where the comment wrapped, as controller-gen keeps them) a line break ends a
/// sentence only after a period or before a blank line.
fn first_sentence(text: &str, wrapped: bool) -> &str {
    const NOT_ENDS: [&str; 3] = ["e.g", "i.e", "vs"];
    let bytes = text.as_bytes();
    let mut end = text.len();
    for (i, c) in text.char_indices() {
        let next = bytes.get(i + 1).copied();
        let ends = match c {
            '.' => {
                let before = &text[..i];
                let word = before.rsplit([' ', '\n', '(']).next().unwrap_or(before);
                matches!(next, Some(b' ' | b'\n')) && !NOT_ENDS.contains(&word)
            }
            '\n' => !wrapped || next == Some(b'\n'),
            _ => false,
        };
        if ends {
            end = if c == '.' { i + 1 } else { i };
            break;
        }
    }
    text[..end].trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_len_is_gos_compact_html_safe_encoding() {
        let value = json!({"a": [1, true, null, "x<y & \"z\"\n\u{2028}é"], "b": {}, "c": -2.5});
        let serde = serde_json::to_string(&value).unwrap();
        // Go writes < and & as \u003c and \u0026 (5 bytes more each), U+2028 as \u2028 (3).
        assert_eq!(json_len(&value), serde.len() + 2 * 5 + 3);
    }

    #[test]
    fn first_sentences() {
        let first = |text| first_sentence(text, false);
        assert_eq!(first("One. Two."), "One.");
        assert_eq!(first("One\nTwo. Three"), "One");
        assert_eq!(first("v1.2 is it. Yes"), "v1.2 is it.");
        assert_eq!(first("Only one."), "Only one.");
        assert_eq!(
            first("Values, e.g. 1 (i.e. one). Two."),
            "Values, e.g. 1 (i.e. one)."
        );
        assert_eq!(first("Ends.\nNext"), "Ends.");
        // Where line breaks are the comment's wrapping, one inside a sentence does not end it.
        let wrapped = |text| first_sentence(text, true);
        assert_eq!(
            wrapped("One sentence\nwrapped. Two."),
            "One sentence\nwrapped."
        );
        assert_eq!(wrapped("A title\n\nThen text."), "A title");
        assert_eq!(wrapped("Ends.\nNext"), "Ends.");
    }

    fn crd(root: Value) -> Value {
        json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": "as.example.com", "annotations": {"k": "v"}},
            "spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": root}}]}})
    }

    #[test]
    fn the_size_counts_the_annotation_kubectl_adds_and_the_crds_own() {
        let value = crd(json!({"type": "object"}));
        assert_eq!(
            applied_size(&value),
            serde_json::to_string(&value).unwrap().len() + 1 + 48 + 2
        );
    }

    #[test]
    fn longest_first_cut_then_removed_and_the_size_is_exact() {
        let long = "Long one. ".repeat(10);
        let root = json!({"type": "object", "description": "Root. Kept whole.", "properties": {
            "description": {"type": "string", "description": long.trim_end()},
            "b": {"type": "array", "description": "Medium text. More words here.",
                "items": {"description": "Medium text. More words here!"}},
        }});
        let whole = applied_size(&crd(root.clone()));
        // Cutting the longest is enough.
        let mut value = crd(root.clone());
        let t = fit(&mut value, whole - 80, false).unwrap();
        assert_eq!((t.descriptions, t.cut, t.removed), (4, 1, 0));
        assert_eq!(t.size, applied_size(&value));
        let props = &value["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"];
        assert_eq!(props["description"]["description"], "Long one.");
        assert_eq!(props["b"]["description"], "Medium text. More words here.");
        // Then the deeper of two equally long ones.
        let mut value = crd(root.clone());
        let t = fit(&mut value, whole - 95, false).unwrap();
        assert_eq!((t.cut, t.removed), (2, 0));
        let props = &value["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"];
        assert_eq!(props["b"]["items"]["description"], "Medium text.");
        assert_eq!(props["b"]["description"], "Medium text. More words here.");
        // Everything cut, then some removed.
        let mut value = crd(root.clone());
        let t = fit(&mut value, whole - 160, false).unwrap();
        assert_eq!((t.cut, t.removed), (3, 1), "{t:?}");
        let props = &value["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"];
        assert_eq!(props["b"]["items"], json!({}));
        assert_eq!(props["b"]["description"], "Medium text.");
        assert_eq!(t.size, applied_size(&value));
        // Not even without descriptions.
        let mut value = crd(root);
        let bare = {
            let v = crd(json!({"type": "object", "properties": {
                "description": {"type": "string"}, "b": {"type": "array", "items": {}}}}));
            applied_size(&v)
        };
        assert_eq!(fit(&mut value, bare - 1, false), Err(bare));
    }
}
