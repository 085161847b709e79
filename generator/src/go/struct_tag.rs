//! Struct tags: Go's `reflect.StructTag.Lookup` and the unquoting of Go string literals.

/// The value of `key` in a struct tag, with Go's `reflect.StructTag.Lookup` semantics: the tag is a
/// sequence of `key:"value"` pairs separated by spaces; a malformed tail ends the search.
pub fn lookup(tag: &str, key: &str) -> Option<String> {
    let mut rest = tag;
    loop {
        rest = rest.trim_start_matches(' ');
        if rest.is_empty() {
            return None;
        }
        let name_len = rest
            .bytes()
            .position(|b| b <= b' ' || b == b':' || b == b'"' || b == 0x7f)
            .unwrap_or(rest.len());
        if name_len == 0 || rest.as_bytes().get(name_len) != Some(&b':') {
            return None;
        }
        if rest.as_bytes().get(name_len + 1) != Some(&b'"') {
            return None;
        }
        let name = &rest[..name_len];
        let after = &rest[name_len + 1..];
        // Find the closing quote, skipping escaped characters.
        let bytes = after.as_bytes();
        let mut i = 1;
        while i < bytes.len() && bytes[i] != b'"' {
            if bytes[i] == b'\\' {
                i += 1;
            }
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let quoted = &after[..=i];
        rest = &after[i + 1..];
        if name == key {
            return unquote(quoted);
        }
    }
}

/// Go's `strconv.Unquote` for string literals.
pub use kubeidl::strconv::unquote;

/// Go's `strconv.Quote`, as openapi-gen's `%q` prints enum values.
pub use kubeidl::strconv::quote as go_quote;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_keys_like_reflect() {
        let tag = r#"json:"name,omitempty" protobuf:"bytes,1,opt,name=name""#;
        assert_eq!(lookup(tag, "json").as_deref(), Some("name,omitempty"));
        assert_eq!(
            lookup(tag, "protobuf").as_deref(),
            Some("bytes,1,opt,name=name")
        );
        assert_eq!(lookup(tag, "yaml"), None);
        assert_eq!(lookup(r#"json:"a\"b""#, "json").as_deref(), Some("a\"b"));
        assert_eq!(lookup("json:name", "json"), None);
        assert_eq!(lookup("", "json"), None);
    }

    #[test]
    fn unquote_handles_escapes() {
        assert_eq!(unquote(r#""a\tb\u00e9\x41""#).as_deref(), Some("a\tbéA"));
        assert_eq!(unquote("`raw \\n`").as_deref(), Some("raw \\n"));
        assert_eq!(unquote(r#""bad\q""#), None);
    }

    #[test]
    fn quote_like_go() {
        assert_eq!(go_quote("TCP"), "\"TCP\"");
        assert_eq!(go_quote("a\"b\n"), "\"a\\\"b\\n\"");
    }
}
