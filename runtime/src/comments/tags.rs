//! Comment tags as openapi-gen reads them (gengo's `ExtractCommentTags("+", lines)`): each line,
//! trimmed of spaces, that starts with `+` is `+key=value` or `+key`; the key must match exactly.

/// The values of one tag, in comment order.
pub fn values<'a>(lines: &'a [String], key: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter_map(|line| {
            let body = line.trim_matches(' ').strip_prefix('+')?;
            let (k, v) = body.split_once('=').unwrap_or((body, ""));
            // `+listType:=set` is controller-gen's spelling of `+listType=set`: the validation
            // tag reader refuses it unless controller-gen compatibility asked for it.
            let k = match k.strip_suffix(':') {
                Some(bare) if crate::tags::read::CONTROLLER_GEN_PLAIN_MARKERS.contains(&bare) => {
                    bare
                }
                _ => k,
            };
            (k == key).then_some(v)
        })
        .collect()
}

/// The index of the first line carrying the tag, and the byte offset of its `+`.
pub fn line_of(lines: &[String], key: &str) -> Option<(usize, usize)> {
    lines.iter().enumerate().find_map(|(i, line)| {
        values(std::slice::from_ref(line), key).first()?;
        Some((i, line.find('+')?))
    })
}

/// Whether the tag is present at all.
pub fn has(lines: &[String], key: &str) -> bool {
    !values(lines, key).is_empty()
}

/// The one value of a tag that may appear at most once (`Ok(None)` when absent). The same
/// value written twice (`+groupName` in both doc.go and groupversion_info.go) is one value.
pub fn single<'a>(lines: &'a [String], key: &str) -> Result<Option<&'a str>, String> {
    let v = values(lines, key);
    match v.split_first() {
        None => Ok(None),
        Some((first, rest)) if rest.iter().all(|r| r.trim() == first.trim()) => Ok(Some(first)),
        Some(_) => Err(format!(
            "multiple values are not allowed for tag +{key} ({})",
            v.iter()
                .map(|x| format!("{x:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The value of a function-style tag such as `+k8s:openapi-model-package=io.k8s.api.apps.v1`;
/// the first one counts when it is repeated.
pub fn first_value<'a>(lines: &'a [String], key: &str) -> Option<&'a str> {
    values(lines, key).into_iter().next().map(|v| v.trim())
}

/// `+k8s:openapi-gen=<value>` is present.
pub fn has_openapi_gen(lines: &[String], value: &str) -> bool {
    values(lines, "k8s:openapi-gen").contains(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_tag_written_twice_alike_is_one_value() {
        let twice = lines(&[
            "+groupName=batch.example.com",
            "",
            "+groupName=batch.example.com",
        ]);
        assert_eq!(single(&twice, "groupName"), Ok(Some("batch.example.com")));
        let differ = lines(&["+groupName=a.example.com", "+groupName=b.example.com"]);
        assert_eq!(
            single(&differ, "groupName"),
            Err("multiple values are not allowed for tag +groupName (\"a.example.com\", \"b.example.com\")".to_string())
        );
    }

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn keys_match_exactly_and_values_keep_order() {
        let l = lines(&[
            " +listType=map",
            "+listMapKey=a",
            "+listMapKey=b",
            "+optional",
            "text +x=y",
            "+k8s:optional",
        ]);
        assert_eq!(values(&l, "listMapKey"), vec!["a", "b"]);
        assert_eq!(values(&l, "optional"), vec![""]);
        assert!(!has(&l, "x"));
        assert!(has(&l, "k8s:optional"));
        assert!(single(&l, "listMapKey").is_err());
        assert_eq!(single(&l, "listType"), Ok(Some("map")));
    }
}
