//! Comment conventions openapi-gen established and every front door of kubeidl shares: how a
//! comment's lines become a `description`, how `+key=value` lines are read, and which of them
//! become `x-kubernetes-*` extensions. The Go generator reads them from `//` comments, the derive
//! macro from `///` doc comments.

pub mod defaults;
pub mod description;
pub mod enums;
pub mod extensions;
pub mod tags;

pub use description::{controller_gen_description, description};
pub use extensions::extensions;

/// A comment's lines, each with its position, as go/ast's `CommentGroup.Text()` keeps them:
/// blank lines before the first line of text and after the last are dropped, and a run of
/// blank lines between is one; a comment with no text is one empty line, at `empty()`.
pub fn text_lines<P>(
    raw: impl IntoIterator<Item = (String, P)>,
    empty: impl FnOnce() -> P,
) -> (Vec<String>, Vec<P>) {
    let (mut lines, mut positions): (Vec<String>, Vec<P>) = (Vec::new(), Vec::new());
    for (line, position) in raw {
        if !line.is_empty() || lines.last().is_some_and(|l: &String| !l.is_empty()) {
            lines.push(line);
            positions.push(position);
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
        positions.pop();
    }
    if lines.is_empty() {
        lines.push(String::new());
        positions.push(empty());
    }
    (lines, positions)
}
