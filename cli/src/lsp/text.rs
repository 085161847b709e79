//! Open documents as the editor has them: their text and version, kept in step with the
//! editor's incremental changes, and positions converted between the Language Server
//! Protocol's (line, UTF-16 code unit) and kubeidl's (line, character from 1).

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// One open document.
#[derive(Debug, Clone)]
pub struct Document {
    pub text: String,
    pub version: i32,
}

impl Document {
    /// Applies the editor's changes in order: a change with a range replaces that range, one
    /// without replaces the whole text. A range past the end is clamped to it.
    pub fn apply(&mut self, changes: Vec<TextDocumentContentChangeEvent>, version: i32) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = offset(&self.text, range.start);
                    let end = offset(&self.text, range.end).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
            }
        }
        self.version = version;
    }
}

/// The byte offset of an LSP position in `text` (clamped to the line's end and the text's).
pub fn offset(text: &str, at: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0u32;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= at.character {
            return line_start + i;
        }
        units += c.len_utf16() as u32;
    }
    line_end
}

/// The LSP position of kubeidl's 1-based line and character.
pub fn position(text: &str, line: usize, column: usize) -> Position {
    let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
    let character: usize = line_text
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf16)
        .sum();
    Position::new(line.saturating_sub(1) as u32, character as u32)
}

/// The range of the token at kubeidl's 1-based line and character: up to the next space,
/// colon or line end (at least one character), so an editor underlines the key or value.
pub fn token_range(text: &str, line: usize, column: usize) -> Range {
    let start = position(text, line, column);
    let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
    let rest: String = line_text.chars().skip(column.saturating_sub(1)).collect();
    let token: usize = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != ':' && *c != ',')
        .map(char::len_utf16)
        .sum();
    let end = Position::new(start.line, start.character + token.max(1) as u32);
    Range::new(start, end)
}

/// The line `at` stands on and the byte offset of `at` within it.
pub fn line_at(text: &str, at: Position) -> (&str, usize) {
    let offset = offset(text, at);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    (&text[start..end], offset - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range
                .map(|((a, b), (c, d))| Range::new(Position::new(a, b), Position::new(c, d))),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn incremental_changes_edit_by_utf16_positions() {
        let mut d = Document {
            text: "a: é𝄞x\nb: 2\n".into(),
            version: 1,
        };
        // é is one UTF-16 unit, 𝄞 two: character 6 is x.
        d.apply(vec![change(Some(((0, 6), (0, 7))), "y")], 2);
        assert_eq!(d.text, "a: é𝄞y\nb: 2\n");
        d.apply(
            vec![
                change(Some(((1, 3), (1, 4))), "3"),
                change(Some(((2, 0), (2, 0))), "c: 4"),
            ],
            3,
        );
        assert_eq!(d.text, "a: é𝄞y\nb: 3\nc: 4");
        // Past the end is clamped, never a panic.
        d.apply(vec![change(Some(((9, 9), (12, 0))), "!")], 4);
        assert_eq!(d.text, "a: é𝄞y\nb: 3\nc: 4!");
        d.apply(vec![change(None, "new")], 5);
        assert_eq!((d.text.as_str(), d.version), ("new", 5));
    }

    #[test]
    fn kubeidl_positions_become_lsp_ranges() {
        let text = "metadata:\n  name: é-x\n";
        assert_eq!(position(text, 2, 9), Position::new(1, 8));
        let r = token_range(text, 2, 3);
        assert_eq!((r.start, r.end), (Position::new(1, 2), Position::new(1, 6)));
        assert_eq!(line_at(text, Position::new(1, 4)), ("  name: é-x", 4));
    }
}
