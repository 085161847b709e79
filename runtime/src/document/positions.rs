//! Places in a source file, and the JSON pointer tokens that name a document's nodes.

/// A 1-based line and column in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourcePosition {
    pub line: usize,
    pub column: usize,
}

/// A JSON pointer token: `~` and `/` escaped.
pub fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The key a JSON pointer token names (the inverse of [`pointer_token`]).
pub fn pointer_key(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_pointer_tokens() {
        assert_eq!(pointer_token("a/b~c"), "a~1b~0c");
        assert_eq!(pointer_key("a~1b~0c~01"), "a/b~c~1");
    }
}
