//! Moving a rule from a node to its parent: every `self` and `oldSelf` the rule reads becomes
//! `self.<field>` and `oldSelf.<field>`. The places are found in the parsed expression (never by
//! searching the text), so strings, field names and member calls named `self` stay as written.
//! A CRD needs this for the rules of the root's `metadata`, which may only stand on the root.

use super::parse::{children, parse};
use cel::common::ast::{Expr, IdedExpr};

/// `source`, written for the node at `field` of some object, rewritten for that object.
pub fn rebase_self(source: &str, field: &str) -> Result<String, String> {
    let parsed = parse(source).map_err(|e| e.to_string())?;
    let chars: Vec<char> = parsed.source.chars().collect();
    let mut at = Vec::new();
    collect(&parsed.expr, &mut |e, name| {
        let (start, _) = parsed
            .info
            .offset_for(e.id)
            .ok_or_else(|| format!("no position for {name} in {source:?}"))?;
        let start = start as usize;
        let end = start + name.chars().count();
        let written: String = chars.get(start..end).unwrap_or_default().iter().collect();
        if written != name {
            return Err(format!(
                "cannot find {name} in {source:?} at offset {start} (found {written:?})"
            ));
        }
        at.push(end);
        Ok(())
    })?;
    at.sort_unstable();
    at.dedup();
    let mut out = String::with_capacity(source.len() + at.len() * (field.len() + 1));
    let mut next = at.iter().peekable();
    for (i, c) in chars.iter().enumerate() {
        while next.peek() == Some(&&i) {
            out.push('.');
            out.push_str(field);
            next.next();
        }
        out.push(*c);
    }
    for _ in next {
        out.push('.');
        out.push_str(field);
    }
    Ok(out)
}

/// Calls `f` on every `self`/`oldSelf` identifier; a comprehension variable of either name
/// would change what the rewritten rule means, so it is an error.
fn collect(
    e: &IdedExpr,
    f: &mut dyn FnMut(&IdedExpr, &str) -> Result<(), String>,
) -> Result<(), String> {
    match &e.expr {
        Expr::Ident(name) if name == "self" || name == "oldSelf" => f(e, name),
        Expr::Comprehension(c)
            if ["self", "oldSelf"].iter().any(|v| {
                c.iter_var == *v || c.iter_var2.as_deref() == Some(*v) || c.accu_var == *v
            }) =>
        {
            Err("a comprehension variable named self or oldSelf cannot be moved".into())
        }
        _ => children(e).into_iter().try_for_each(|c| collect(c, f)),
    }
}

#[cfg(test)]
mod tests {
    use super::rebase_self;

    #[test]
    fn self_and_old_self_gain_the_field() {
        assert_eq!(
            rebase_self(
                "!has(self.name) || self.name.startsWith('self') && oldSelf == self",
                "metadata"
            )
            .unwrap(),
            "!has(self.metadata.name) || self.metadata.name.startsWith('self') && oldSelf.metadata == self.metadata"
        );
        assert_eq!(
            rebase_self("self.all(x, x.self > 0)", "spec").unwrap(),
            "self.spec.all(x, x.self > 0)"
        );
        assert_eq!(rebase_self("self", "m").unwrap(), "self.m");
    }

    #[test]
    fn shadowing_and_bad_rules_are_refused() {
        assert!(rebase_self("[1].all(self, self > 0)", "m").is_err());
        assert!(rebase_self("self.", "m").is_err());
    }
}
