//! The `description` of a type or property from its comment lines, exactly as openapi-gen writes
//! it: stop at a `---` line, drop `TODO` and `+tag` lines, join plain lines with spaces, keep
//! indented lines on lines of their own, and turn blank lines into paragraph breaks.

/// The description for these comment lines, or `None` when nothing is left.
pub fn description(lines: &[String]) -> Option<String> {
    let mut buf = String::new();
    for line in lines {
        if line == "---" {
            break;
        }
        let line = line.trim_end_matches(' ');
        let leading = line.trim_start_matches(' ');
        if line.is_empty() {
            buf.pop();
            buf.push_str("\n\n");
        } else if leading.starts_with("TODO") || leading.starts_with('+') {
            continue;
        } else if line.starts_with(' ') || line.starts_with('\t') {
            buf.pop();
            buf.push('\n');
            buf.push_str(line);
            buf.push('\n');
        } else {
            buf.push_str(line);
            buf.push(' ');
        }
    }
    let text = buf.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The `description` controller-gen writes for these comment lines: the comment's text with its
/// marker lines (`+...`) left out and its line breaks kept (runs of blank lines as one), lines
/// starting with `TODO` dropped and everything from a line starting with `---` cut, except inside
/// a fenced code block (``` or ~~~), as Kubernetes' documentation conventions ask; trimmed,
/// `None` when nothing is left.
pub fn controller_gen_description(lines: &[String]) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut in_code = false;
    for line in lines {
        let line = line.trim_end();
        if line.trim_start().starts_with('+') {
            continue;
        }
        if line.starts_with("```") || line.starts_with("~~~") {
            in_code = !in_code;
        }
        if !in_code {
            if line.starts_with("TODO") {
                continue;
            }
            if line.starts_with("---") {
                break;
            }
        }
        if line.is_empty() && out.last().is_none_or(|l| l.is_empty()) {
            continue;
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    let text = out.join("\n");
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::{controller_gen_description, description};

    #[test]
    fn controller_gen_keeps_line_breaks_and_drops_markers() {
        let lines: Vec<String> = [
            "Spec of the job.",
            "Two lines.",
            "",
            "",
            "A paragraph.",
            "+optional",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            controller_gen_description(&lines).as_deref(),
            Some("Spec of the job.\nTwo lines.\n\nA paragraph.")
        );
        assert_eq!(
            controller_gen_description(&["+kubebuilder:object:root=true".to_string()]),
            None
        );
    }

    #[test]
    fn controller_gen_drops_todo_lines_and_cuts_at_triple_dash_outside_code() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            controller_gen_description(&lines(&[
                "Resources of the pod.",
                "TODO: expand this.",
                "",
                "Alpha.",
                "---",
                "New uses are discouraged."
            ]))
            .as_deref(),
            Some("Resources of the pod.\n\nAlpha.")
        );
        assert_eq!(
            controller_gen_description(&lines(&["Example:", "```", "---", "TODO", "```", "end"]))
                .as_deref(),
            Some("Example:\n```\n---\nTODO\n```\nend")
        );
    }

    fn d(lines: &[&str]) -> Option<String> {
        description(&lines.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn joins_lines_and_cuts_at_triple_dash() {
        assert_eq!(
            d(&["Rolling update config params. Present only if DeploymentStrategyType =", "RollingUpdate.", "---", "TODO: x", "+optional"]).as_deref(),
            Some("Rolling update config params. Present only if DeploymentStrategyType = RollingUpdate.")
        );
    }

    #[test]
    fn paragraphs_todo_and_indentation() {
        assert_eq!(
            d(&[
                "a.",
                "TODO: drop me",
                "",
                "b",
                "+featureGate=X",
                "+optional"
            ])
            .as_deref(),
            Some("a.\n\nb")
        );
        assert_eq!(
            d(&["Examples:", "  - one", "\t  two", "after"]).as_deref(),
            Some("Examples:\n  - one\n\t  two\nafter")
        );
        assert_eq!(
            d(&["keep  double  spaces "]).as_deref(),
            Some("keep  double  spaces")
        );
        assert_eq!(d(&[""]), None);
        assert_eq!(d(&["+k8s:openapi-gen=true"]), None);
    }
}
