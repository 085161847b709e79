//! Where a cursor is in a YAML manifest, read from the text alone so that a half-typed document
//! (which does not parse) still answers: the document's `apiVersion` and `kind`, the path of
//! keys and list items from the root to the cursor, and whether the cursor is on a key or on
//! a value.

/// One step of the path: a mapping key, or an item of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Key(String),
    Item,
}

/// What the cursor is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub api_version: String,
    pub kind: String,
    /// The steps to the mapping the cursor's line belongs to.
    pub path: Vec<Step>,
    /// The key written on the cursor's line, when there is one (`replicas` of `replicas: 3`).
    pub key: Option<String>,
    /// The cursor is after the key's colon: on its value.
    pub on_value: bool,
    /// What is typed before the cursor in the word it is on.
    pub prefix: String,
}

/// The indentation of a line and what follows it, after any `- ` list markers (each counting as
/// indentation, as YAML reads a sequence entry's mapping).
fn content(line: &str) -> (usize, &str, usize) {
    let mut indent = line.len() - line.trim_start().len();
    let mut rest = line.trim_start();
    let mut items = 0;
    while let Some(after) = rest
        .strip_prefix("- ")
        .or_else(|| (rest == "-").then_some(""))
    {
        items += 1;
        let spaces = after.len() - after.trim_start().len();
        indent += 2 + spaces.saturating_sub(1);
        rest = after.trim_start();
    }
    (indent, rest, items)
}

/// The key a line's content starts with (`name` of `name: x`), unquoted.
fn key_of(content: &str) -> Option<&str> {
    if content.starts_with('#') {
        return None;
    }
    let colon = content
        .find(": ")
        .or_else(|| content.strip_suffix(':').map(str::len))?;
    let key = content[..colon].trim();
    let key = key.trim_matches(|c| c == '"' || c == '\'');
    (!key.is_empty() && !key.contains(['{', '[', '#'])).then_some(key)
}

/// The cursor at `line` (0-based) and byte `column` of `text`.
pub fn cursor(text: &str, line: usize, column: usize) -> Cursor {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = line.min(lines.len().saturating_sub(1));
    // The document the cursor is in: between `---` lines.
    let start = (0..=line)
        .rev()
        .find(|&i| lines[i].starts_with("---"))
        .map_or(0, |i| i + 1);
    let end = (line + 1..lines.len())
        .find(|&i| lines[i].starts_with("---"))
        .unwrap_or(lines.len());
    let top = |name: &str| {
        lines[start..end]
            .iter()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .map(|v| v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
            .unwrap_or_default()
    };
    let here = lines[line];
    let mut column = column.min(here.len());
    while !here.is_char_boundary(column) {
        column -= 1;
    }
    let (indent, rest, items) = content(here);
    let before = &here[..column];
    let prefix: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let key = key_of(rest).map(str::to_string);
    let rest_start = here.len() - rest.len();
    let on_value = key.is_some() && column > rest_start + rest.find(':').unwrap_or(rest.len());
    // The steps above: each line less indented than the current level, upwards.
    let mut path = Vec::new();
    let mut level = indent;
    // The cursor's own list markers make items of what follows them.
    for _ in 0..items {
        path.push(Step::Item);
    }
    let mut depth_items: Vec<Step> = Vec::new();
    // A list's entries may stand at its key's own indentation (`containers:` then `- name:`).
    let mut after_item = items > 0;
    for i in (start..line).rev() {
        if level == 0 && !after_item {
            break;
        }
        let (ind, rest, items) = content(lines[i]);
        if rest.is_empty() || rest.starts_with('#') {
            continue;
        }
        let bare = lines[i].len() - lines[i].trim_start().len();
        if items > 0 && bare < level {
            // A list entry above, less indented: its mapping holds this line when its content
            // is at this level, else the list holds it.
            if ind < level {
                if let Some(k) = key_of(rest) {
                    depth_items.push(Step::Key(k.to_string()));
                }
            }
            for _ in 0..items {
                depth_items.push(Step::Item);
            }
            level = bare;
            after_item = true;
            continue;
        }
        let parent = ind < level || (after_item && ind == level && items == 0);
        if parent {
            if let Some(k) = key_of(rest) {
                depth_items.push(Step::Key(k.to_string()));
                level = ind;
                after_item = false;
            }
        }
    }
    depth_items.reverse();
    let mut full = depth_items;
    full.extend(path);
    Cursor {
        api_version: top("apiVersion"),
        kind: top("kind"),
        path: full,
        key,
        on_value,
        prefix,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPLOYMENT: &str = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - name: app\n        image: nginx\n        ports:\n        - containerPort: 80\n          proto\n---\nkind: Service\n";

    fn keys(c: &Cursor) -> Vec<String> {
        c.path
            .iter()
            .map(|s| match s {
                Step::Key(k) => k.clone(),
                Step::Item => "[]".into(),
            })
            .collect()
    }

    #[test]
    fn the_path_follows_indentation_and_list_items() {
        let c = cursor(DEPLOYMENT, 5, 5);
        assert_eq!(
            (c.kind.as_str(), c.api_version.as_str()),
            ("Deployment", "apps/v1")
        );
        assert_eq!(keys(&c), ["spec"]);
        assert_eq!((c.key.as_deref(), c.on_value), (Some("replicas"), false));
        let c = cursor(DEPLOYMENT, 10, 15);
        assert_eq!(keys(&c), ["spec", "template", "spec", "containers", "[]"]);
        assert_eq!((c.key.as_deref(), c.on_value), (Some("image"), true));
        let c = cursor(DEPLOYMENT, 9, 10);
        assert_eq!(keys(&c), ["spec", "template", "spec", "containers", "[]"]);
        assert_eq!(c.key.as_deref(), Some("name"));
        // A half-typed key in a list item of a list item.
        let c = cursor(DEPLOYMENT, 13, 15);
        assert_eq!(
            keys(&c),
            [
                "spec",
                "template",
                "spec",
                "containers",
                "[]",
                "ports",
                "[]"
            ]
        );
        assert_eq!((c.key, c.prefix.as_str()), (None, "proto"));
        // The next document has its own kind.
        assert_eq!(cursor(DEPLOYMENT, 15, 3).kind, "Service");
    }

    #[test]
    fn odd_text_gives_an_answer_not_a_panic() {
        for text in [
            "",
            "-",
            "- - a:",
            ":::\n  - : x",
            "\u{feff}kind: é\n  é: é",
            "a:\n\t- b",
        ] {
            for line in 0..4 {
                for column in 0..8 {
                    let _ = cursor(text, line, column);
                }
            }
        }
    }
}
