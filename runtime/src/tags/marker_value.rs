//! controller-gen's values for markers whose argument may be of any type
//! (`+kubebuilder:default=...`, `+kubebuilder:example=...`): JSON when the text is JSON, else the
//! marker syntax, whose type is guessed from the text as controller-gen guesses it: `{a,b}` and
//! `a;b` are lists, `{k: v}` maps, `"..."` and `` `...` `` strings, `true`/`false` booleans,
//! numbers numbers, and anything else a bare string (`forty-two`).

use serde_json::{Map, Number, Value};

/// Reads a marker value; `Err` says what is wrong and at which byte.
pub fn parse(text: &str) -> Result<Value, (usize, String)> {
    let text = text.trim();
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return Ok(v);
    }
    let mut reader = Reader { text, pos: 0 };
    let first = reader.value(0)?;
    reader.skip_spaces();
    if reader.peek() == Some(';') {
        // A top-level list without braces: `a;b;c`.
        let mut items = vec![first];
        while reader.peek() == Some(';') {
            reader.pos += 1;
            items.push(reader.value(0)?);
            reader.skip_spaces();
        }
        return reader.end(Value::Array(items));
    }
    reader.end(first)
}

/// How deep `{}` may nest.
const MAX_DEPTH: usize = 32;

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn end(&mut self, value: Value) -> Result<Value, (usize, String)> {
        self.skip_spaces();
        match self.peek() {
            None => Ok(value),
            Some(c) => Err((self.pos, format!("unexpected {c:?} after the value"))),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, (usize, String)> {
        self.skip_spaces();
        match self.peek() {
            Some('{') if depth >= MAX_DEPTH => Err((self.pos, "values nested too deeply".into())),
            Some('{') => self.braces(depth + 1),
            Some('"' | '`') => self.quoted().map(Value::String),
            _ => Ok(scalar(self.bare())),
        }
    }

    /// `{a, b}` (a list) or `{k: v, k2: v2}` (a map); `{}` is an empty map.
    fn braces(&mut self, depth: usize) -> Result<Value, (usize, String)> {
        let open = self.pos;
        self.pos += 1;
        self.skip_spaces();
        if self.peek() == Some('}') {
            self.pos += 1;
            return Ok(Value::Object(Map::new()));
        }
        let mut items = Vec::new();
        let mut map = Map::new();
        loop {
            self.skip_spaces();
            let start = self.pos;
            let item = self.value(depth)?;
            self.skip_spaces();
            if self.peek() == Some(':') {
                let Value::String(key) = item else {
                    return Err((start, "a map key must be a string".into()));
                };
                if !items.is_empty() {
                    return Err((
                        start,
                        "a list item cannot be followed by a map entry".into(),
                    ));
                }
                self.pos += 1;
                map.insert(key, self.value(depth)?);
            } else if !map.is_empty() {
                return Err((start, "a map entry needs `key: value`".into()));
            } else {
                items.push(item);
            }
            self.skip_spaces();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err((open, "unclosed `{`".into())),
            }
        }
        Ok(if map.is_empty() {
            Value::Array(items)
        } else {
            Value::Object(map)
        })
    }

    fn quoted(&mut self) -> Result<String, (usize, String)> {
        let start = self.pos;
        let rest = &self.text[start..];
        let quote = rest.chars().next().expect("a quote");
        let mut escaped = false;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                '\\' if quote == '"' && !escaped => escaped = true,
                c if c == quote && !escaped => {
                    let literal = &rest[..=i];
                    self.pos = start + i + 1;
                    return crate::strconv::unquote(literal)
                        .ok_or((start, format!("invalid string {literal}")));
                }
                _ => escaped = false,
            }
        }
        Err((start, "unterminated string".into()))
    }

    /// Text up to a `,`, `;`, `:`, `}` or the end.
    fn bare(&mut self) -> &str {
        let rest = &self.text[self.pos..];
        let len = rest.find([',', ';', ':', '}']).unwrap_or(rest.len());
        self.pos += len;
        rest[..len].trim()
    }
}

/// A bare word: a boolean, an integer, a number, or else a string.
fn scalar(text: &str) -> Value {
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => {
            if let Ok(i) = text.parse::<i64>() {
                return Value::Number(i.into());
            }
            match text.parse::<f64>().ok().and_then(Number::from_f64) {
                Some(n) if text.contains(['.', 'e', 'E']) => Value::Number(n),
                _ => Value::String(text.to_string()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde_json::json;

    #[test]
    fn json_first_then_marker_syntax() {
        assert_eq!(parse("{\"a\": 1}"), Ok(json!({"a": 1})));
        assert_eq!(parse("forty-two"), Ok(json!("forty-two")));
        assert_eq!(parse("{a,b}"), Ok(json!(["a", "b"])));
        assert_eq!(parse("a;b;c"), Ok(json!(["a", "b", "c"])));
        assert_eq!(parse("{}"), Ok(json!({})));
        assert_eq!(
            parse("{a: 1, b: {c: x}}"),
            Ok(json!({"a": 1, "b": {"c": "x"}}))
        );
        assert_eq!(parse(r#"{"x y", `z`}"#), Ok(json!(["x y", "z"])));
        assert_eq!(parse("{1, 2.5, true}"), Ok(json!([1, 2.5, true])));
        assert_eq!(parse("5"), Ok(json!(5)));
    }

    #[test]
    fn bad_values_say_where() {
        assert_eq!(parse("{a, b"), Err((0, "unclosed `{`".into())));
        assert_eq!(
            parse("{a: 1, b}"),
            Err((7, "a map entry needs `key: value`".into()))
        );
        assert_eq!(parse("\"open"), Err((0, "unterminated string".into())));
        assert_eq!(
            parse(&"{".repeat(100)),
            Err((32, "values nested too deeply".into()))
        );
    }
}
