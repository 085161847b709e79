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
    /// Whether a code token precedes the comment on its starting line.
    pub trailing: bool,
    /// How many code tokens come before the comment in the file.
    pub tokens_before: usize,
}

/// The comment groups of a file, keyed by the row on which each ends.
#[derive(Debug, Default)]
pub struct CommentGroups {
    by_end_row: HashMap<usize, Vec<String>>,
    /// Every group's lines, in file order.
    pub all: Vec<Vec<String>>,
}

impl CommentGroups {
    /// Groups comments as go/parser does: a comment on the same line as the preceding token
    /// starts a group that only takes further comments on that line; otherwise a group takes each
    /// following comment that starts at most one line after the previous one ends, as long as no
    /// code token lies between them.
    pub fn build(comments: &[RawComment<'_>]) -> CommentGroups {
        let mut groups = CommentGroups::default();
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
        let lines = split_lines(&group_text(group.iter().map(|c| c.text)));
        self.by_end_row.insert(last.end_row, lines.clone());
        self.all.push(lines);
    }

    /// The doc comment lines of a declaration whose name is on `row` (0-based): the group ending
    /// on the row before, split into lines; `[""]` when there is none, as gengo returns.
    pub fn doc_for_row(&self, row: usize) -> Vec<String> {
        row.checked_sub(1)
            .and_then(|r| self.by_end_row.get(&r))
            .cloned()
            .unwrap_or_else(|| vec![String::new()])
    }
}

/// gengo's `splitLines`: drop trailing newlines, split on `\n`.
pub fn split_lines(text: &str) -> Vec<String> {
    text.trim_end_matches('\n')
        .split('\n')
        .map(str::to_string)
        .collect()
}

/// go/ast `CommentGroup.Text()`.
pub fn group_text<'a>(comments: impl Iterator<Item = &'a str>) -> String {
    let mut lines: Vec<String> = Vec::new();
    for raw in comments {
        let body: &str = if let Some(rest) = raw.strip_prefix("//") {
            if let Some(stripped) = rest.strip_prefix(' ') {
                stripped
            } else if is_directive(rest) {
                continue;
            } else {
                rest
            }
        } else if raw.starts_with("/*") && raw.ends_with("*/") && raw.len() >= 4 {
            &raw[2..raw.len() - 2]
        } else {
            raw
        };
        for line in body.split('\n') {
            lines.push(line.trim_end_matches([' ', '\t', '\n', '\r']).to_string());
        }
    }
    // Drop leading blank lines and collapse runs of blank lines into one.
    let mut kept: Vec<String> = Vec::with_capacity(lines.len());
    for line in lines {
        if !line.is_empty() || kept.last().is_some_and(|l| !l.is_empty()) {
            kept.push(line);
        }
    }
    if kept.last().is_some_and(|l| !l.is_empty()) {
        kept.push(String::new());
    }
    kept.join("\n")
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
            trailing,
            tokens_before,
        }
    }

    #[test]
    fn text_strips_one_space_and_directives() {
        let t = group_text(
            [
                "// a",
                "//\tb",
                "//   c",
                "//go:build x",
                "//nolint:all",
                "//+k8s:x=y",
            ]
            .into_iter(),
        );
        assert_eq!(t, "a\n\tb\n  c\n+k8s:x=y\n");
    }

    #[test]
    fn text_collapses_blank_lines_and_trims() {
        let t = group_text(["//", "// a  ", "//", "//", "// b", "//"].into_iter());
        assert_eq!(t, "a\n\nb\n");
        assert_eq!(group_text(["/* x\n   y */"].into_iter()), " x\n   y\n");
        assert_eq!(split_lines(""), vec![""]);
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
        assert_eq!(g.doc_for_row(2), vec!["a", "b"]);
        assert_eq!(g.doc_for_row(3), vec![""]);
    }

    #[test]
    fn trailing_comment_is_its_own_group() {
        let cs = [comment("// t", 0, true, 3), comment("// next", 1, false, 3)];
        let g = CommentGroups::build(&cs);
        assert_eq!(g.all, vec![vec!["t"], vec!["next"]]);
        assert_eq!(g.doc_for_row(2), vec!["next"]);
    }
}
