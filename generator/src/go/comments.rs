//! Go comment groups and their text, as go/parser and go/ast compute them, and the doc-comment
//! rule of gengo: a declaration's comment lines are those of the comment group that ends on the
//! line right before the declaration's name.

use std::collections::HashMap;

/// A comment as found in the source.
#[derive(Debug, Clone)]
pub struct RawComment<'a> {
    pub text: &'a str,
    /// 0-based rows where the comment starts and ends.
    pub start_row: usize,
    pub end_row: usize,
    /// 0-based column, in characters, where the comment starts.
    pub start_column: usize,
    /// Whether a code token precedes the comment on its starting line.
    pub trailing: bool,
    /// How many code tokens come before the comment in the file.
    pub tokens_before: usize,
}

/// Where a doc comment line's text starts in its file: 1-based line, 1-based column in
/// characters (after the `//` and the one space go/ast strips).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineStart {
    pub line: usize,
    pub column: usize,
}

/// The lines of one comment group, each with where it starts. Reads as the slice of its lines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Doc {
    pub lines: Vec<String>,
    /// Parallel to `lines`.
    pub starts: Vec<LineStart>,
}

impl Doc {
    /// Where byte `offset` of line `index` is in the file.
    pub fn position(&self, index: usize, offset: usize) -> LineStart {
        let start = self
            .starts
            .get(index)
            .copied()
            .unwrap_or(LineStart { line: 1, column: 1 });
        let before = self
            .lines
            .get(index)
            .and_then(|l| l.get(..offset))
            .map_or(0, |text| text.chars().count());
        LineStart {
            line: start.line,
            column: start.column + before,
        }
    }
}

impl Doc {
    /// This doc comment with the kubebuilder markers of `above` (controller-gen's closest comment
    /// group above it, [`CommentGroups::group_above`]) before its own lines, positions kept.
    pub fn with_kubebuilder_markers(&self, above: &Doc) -> Doc {
        let mut out = Doc::default();
        for (line, start) in above.lines.iter().zip(&above.starts) {
            if line.trim_start().starts_with("+kubebuilder:") {
                out.lines.push(line.clone());
                out.starts.push(*start);
            }
        }
        out.lines.extend(self.lines.iter().cloned());
        out.starts.extend(self.starts.iter().copied());
        out
    }

    /// [`Doc::position`] as a position in `file`.
    pub fn source_pos(
        &self,
        file: &std::sync::Arc<std::path::PathBuf>,
        index: usize,
        offset: usize,
    ) -> crate::error::SourcePos {
        let at = self.position(index, offset);
        crate::error::SourcePos {
            file: file.clone(),
            line: at.line,
            column: at.column,
        }
    }
}

impl std::ops::Deref for Doc {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.lines
    }
}

/// The comment groups of a file, keyed by the row on which each ends.
#[derive(Debug, Default)]
pub struct CommentGroups {
    by_end_row: HashMap<usize, Doc>,
    /// (first row, last row) of each group, in file order.
    spans: Vec<(usize, usize)>,
    /// Every group's lines, in file order.
    pub all: Vec<Vec<String>>,
    line_comment_markers_only: bool,
    /// With `line_comment_markers_only`, the `+` lines left out of `/* */` comments: 1-based
    /// line and column, and the text.
    pub ignored_markers: Vec<(usize, usize, String)>,
}

impl CommentGroups {
    /// `build_with(comments, false)`.
    #[cfg(test)]
    pub fn build(comments: &[RawComment<'_>]) -> CommentGroups {
        CommentGroups::build_with(comments, false)
    }

    /// Groups comments as go/parser does: a comment on the same line as the preceding token
    /// starts a group that only takes further comments on that line; otherwise a group takes each
    /// following comment that starts at most one line after the previous one ends, as long as no
    /// code token lies between them. With `line_comment_markers_only`, the lines of `/* */`
    /// comments that start with `+` are left out (controller-gen reads markers only from `//`
    /// comments).
    pub fn build_with(
        comments: &[RawComment<'_>],
        line_comment_markers_only: bool,
    ) -> CommentGroups {
        let mut groups = CommentGroups {
            line_comment_markers_only,
            ..CommentGroups::default()
        };
        let mut current: Vec<&RawComment<'_>> = Vec::new();
        let mut line_group = false;
        for c in comments {
            let joins = match current.last() {
                Some(prev) => {
                    let gap = if line_group { 0 } else { 1 };
                    prev.tokens_before == c.tokens_before && c.start_row <= prev.end_row + gap
                }
                None => false,
            };
            if !joins {
                groups.push(&current);
                current.clear();
                line_group = c.trailing;
            }
            current.push(c);
        }
        groups.push(&current);
        groups
    }

    fn push(&mut self, group: &[&RawComment<'_>]) {
        let Some(last) = group.last() else { return };
        if self.line_comment_markers_only {
            for c in group.iter().filter(|c| c.text.starts_with("/*")) {
                for (i, line) in c.text[2..].split('\n').enumerate() {
                    let text = line.trim_start();
                    if !text.starts_with('+') {
                        continue;
                    }
                    let lead = line.chars().count() - text.chars().count();
                    let column = if i == 0 { c.start_column + 3 } else { 1 } + lead;
                    let text = text.trim_end_matches("*/").trim_end();
                    self.ignored_markers
                        .push((c.start_row + i + 1, column, text.to_string()));
                }
            }
        }
        let doc = group_lines_with(group.iter().copied(), self.line_comment_markers_only);
        self.all.push(doc.lines.clone());
        self.spans.push((group[0].start_row, last.end_row));
        self.by_end_row.insert(last.end_row, doc);
    }

    /// controller-gen's second place for a declaration's markers: the closest comment group above
    /// its doc comment (or above the declaration, when it has none), separated from it by a blank
    /// line, with no code between it and the declaration (whose preceding code ends on `floor`).
    pub fn group_above(&self, row: usize, floor: Option<usize>) -> Option<Doc> {
        let doc_start = row
            .checked_sub(1)
            .and_then(|r| self.spans.iter().find(|(_, end)| *end == r))
            .map_or(row, |(start, _)| *start);
        let (_, end) = self
            .spans
            .iter()
            .rev()
            .find(|(_, end)| end + 1 < doc_start)?;
        if floor.is_some_and(|f| f >= *end) {
            return None;
        }
        self.by_end_row.get(end).cloned()
    }

    /// The doc comment lines of a declaration whose name is on `row` (0-based): the group ending
    /// on the row before, split into lines; `[""]` when there is none, as gengo returns.
    pub fn doc_for_row(&self, row: usize) -> Doc {
        row.checked_sub(1)
            .and_then(|r| self.by_end_row.get(&r))
            .cloned()
            .unwrap_or_else(|| Doc {
                lines: vec![String::new()],
                starts: vec![LineStart {
                    line: row + 1,
                    column: 1,
                }],
            })
    }
}

/// gengo's `splitLines` of go/ast `CommentGroup.Text()`, keeping where each line starts: `//`
/// and one following space are stripped, directives dropped, `/* */` unwrapped, trailing blanks
/// trimmed, leading blank lines dropped and runs of blank lines collapsed into one; `[""]` when
/// nothing is left.
#[cfg(test)]
pub fn group_lines<'a, 'c: 'a>(comments: impl Iterator<Item = &'a RawComment<'c>>) -> Doc {
    group_lines_with(comments, false)
}

/// `group_lines`; with `line_comment_markers_only`, without the lines of `/* */` comments that
/// start with `+`.
fn group_lines_with<'a, 'c: 'a>(
    comments: impl Iterator<Item = &'a RawComment<'c>>,
    line_comment_markers_only: bool,
) -> Doc {
    let mut raw_lines: Vec<(&str, LineStart)> = Vec::new();
    for c in comments {
        let raw = c.text;
        let at = |row_offset: usize, column: usize| LineStart {
            line: c.start_row + row_offset + 1,
            column,
        };
        let first_column = c.start_column + 1;
        if let Some(rest) = raw.strip_prefix("//") {
            if let Some(stripped) = rest.strip_prefix(' ') {
                raw_lines.push((stripped, at(0, first_column + 3)));
            } else if !is_directive(rest) {
                raw_lines.push((rest, at(0, first_column + 2)));
            }
        } else if raw.starts_with("/*") && raw.ends_with("*/") && raw.len() >= 4 {
            for (i, line) in raw[2..raw.len() - 2].split('\n').enumerate() {
                if line_comment_markers_only && line.trim_start().starts_with('+') {
                    continue;
                }
                let column = if i == 0 { first_column + 2 } else { 1 };
                raw_lines.push((line, at(i, column)));
            }
        } else {
            for (i, line) in raw.split('\n').enumerate() {
                raw_lines.push((line, at(i, if i == 0 { first_column } else { 1 })));
            }
        }
    }
    let first = raw_lines.first().map(|(_, start)| *start);
    let trimmed = raw_lines.into_iter().map(|(line, start)| {
        let line = line.trim_end_matches([' ', '\t', '\n', '\r']);
        (line.to_string(), start)
    });
    let (lines, starts) = kubeidl::comments::text_lines(trimmed, || {
        first.unwrap_or(LineStart { line: 1, column: 1 })
    });
    Doc { lines, starts }
}

/// go/ast `isDirective`: `//line `, `//extern `, `//export `, or `//[a-z0-9]+:[a-z0-9]...`
/// (given the text after `//`).
fn is_directive(c: &str) -> bool {
    if c.starts_with("line ") || c.starts_with("extern ") || c.starts_with("export ") {
        return true;
    }
    let bytes = c.as_bytes();
    let Some(colon) = c.find(':') else {
        return false;
    };
    if colon == 0 || colon + 1 >= bytes.len() {
        return false;
    }
    (0..=colon + 1)
        .filter(|&i| i != colon)
        .all(|i| bytes[i].is_ascii_lowercase() || bytes[i].is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(text: &str, row: usize, trailing: bool, tokens_before: usize) -> RawComment<'_> {
        RawComment {
            text,
            start_row: row,
            end_row: row + text.matches('\n').count(),
            start_column: 1,
            trailing,
            tokens_before,
        }
    }

    /// The lines of comments written one per row from row 0.
    fn lines(texts: &[&'static str]) -> Vec<String> {
        let mut row = 0;
        let raw: Vec<RawComment<'static>> = texts
            .iter()
            .map(|t| {
                let c = comment(t, row, false, 0);
                row = c.end_row + 1;
                c
            })
            .collect();
        group_lines(raw.iter()).lines
    }

    #[test]
    fn text_strips_one_space_and_directives() {
        let t = lines(&[
            "// a",
            "//\tb",
            "//   c",
            "//go:build x",
            "//nolint:all",
            "//+k8s:x=y",
        ]);
        assert_eq!(t, vec!["a", "\tb", "  c", "+k8s:x=y"]);
    }

    #[test]
    fn text_collapses_blank_lines_and_trims() {
        let t = lines(&["//", "// a  ", "//", "//", "// b", "//"]);
        assert_eq!(t, vec!["a", "", "b"]);
        assert_eq!(lines(&["/* x\n   y */"]), vec![" x", "   y"]);
        assert_eq!(lines(&["//"]), vec![""]);
    }

    #[test]
    fn lines_know_where_they_start() {
        // `\t// a` on row 4, then `/* b\n  c */` on rows 5-6, both starting in column 1 (0-based).
        let raw = [
            comment("// a", 4, false, 0),
            comment("/* b\n  c */", 5, false, 0),
        ];
        let doc = group_lines(raw.iter());
        assert_eq!(doc.lines, vec!["a", " b", "  c"]);
        let at = |line, column| LineStart { line, column };
        assert_eq!(doc.starts, vec![at(5, 5), at(6, 4), at(7, 1)]);
    }

    #[test]
    fn blank_line_and_code_break_groups() {
        let cs = [
            comment("// a", 0, false, 0),
            comment("// b", 1, false, 0),
            comment("// c", 3, false, 0),
            comment("// d", 4, false, 5),
        ];
        let g = CommentGroups::build(&cs);
        assert_eq!(g.all, vec![vec!["a", "b"], vec!["c"], vec!["d"]]);
        assert_eq!(g.doc_for_row(2).lines, vec!["a", "b"]);
        assert_eq!(g.doc_for_row(3).lines, vec![""]);
    }

    #[test]
    fn trailing_comment_is_its_own_group() {
        let cs = [comment("// t", 0, true, 3), comment("// next", 1, false, 3)];
        let g = CommentGroups::build(&cs);
        assert_eq!(g.all, vec![vec!["t"], vec!["next"]]);
        assert_eq!(g.doc_for_row(2).lines, vec!["next"]);
    }
}
