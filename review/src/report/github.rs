//! GitHub Actions workflow commands (`-o github`): one `::error`, `::warning` or `::notice`
//! line per finding, per stale exception and per replayed object a change hurts, which the
//! Actions runner turns into annotations on the pull request's files: `::error file=F,line=L,col=C,title=RULE::message`. Values are
//! escaped as the runner unescapes them: `%`, `\r` and `\n` everywhere, and `:` and `,` in
//! properties. A site of `--git-base`'s old side (`REV:path`) is not in the working tree, so
//! its annotation names no file.

use super::{revision_and_path, Entry, Level, Report};

/// One workflow command per finding, then per stale exception and hurt replayed object.
pub fn write(report: &Report) -> String {
    report
        .entries
        .iter()
        .chain(&report.other_entries())
        .map(command)
        .collect()
}

fn command(e: &Entry) -> String {
    let name = match e.level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "notice",
    };
    let mut properties = Vec::new();
    if let Some((_, site)) = e.sites.first() {
        if let (None, path) = revision_and_path(&site.file) {
            properties.push(format!("file={}", property(path)));
            if let Some(line) = site.line {
                properties.push(format!("line={line}"));
                if let Some(col) = site.column {
                    properties.push(format!("col={col}"));
                }
            }
        }
    }
    properties.push(format!("title={}", property(&e.rule)));
    format!(
        "::{name} {}::{}\n",
        properties.join(","),
        data(&format!("{}: {}", e.place(), e.headline()))
    )
}

/// A message: `%`, `\r`, `\n` escaped.
pub fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value: as a message, and `:` and `,` too.
pub fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_as_the_runner_unescapes_them() {
        assert_eq!(data("50%\r\nof a:b,c"), "50%25%0D%0Aof a:b,c");
        assert_eq!(property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
