//! `x-kubernetes-validations` changes: old and new rules matched (same rule text up to
//! whitespace first, then the same message, then by position when as many are left on each
//! side), and each change classified. A rule added tightens unless it is `true`; a rule removed
//! loosens; a rule whose text changed is compared by shape, on one subject: a size bound
//! (`self.size() <= 10`, `size(self.x) < 5`, `10 >= self.size()`) that moved, a membership
//! (`self.mode in ['A', 'B']`) whose list lost or gained values, or a regular expression
//! (`self.name.matches('^[a-z]+$')`, compared as `pattern` is) says narrower or wider; anything
//! else is unknown, with the tokens that differ. Rules are read as CEL tokens (kubeidl's CEL
//! front end says whether they parse), so spacing never counts as a change.

use super::findings::quote;
use super::order::Cmp;
use super::pattern_order::{self, PatternOrder};
use serde_json::Value;
use std::collections::BTreeSet;

/// A CEL token: an identifier, a literal or an operator, as written.
pub fn tokens(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        // String literals, with optional r/b prefixes and triple quotes.
        let mut j = i;
        while j < chars.len() && j - i < 2 && matches!(chars[j], 'r' | 'R' | 'b' | 'B') {
            j += 1;
        }
        if j < chars.len() && (chars[j] == '"' || chars[j] == '\'') {
            let quote = chars[j];
            let raw = chars[i..j].iter().any(|c| matches!(c, 'r' | 'R'));
            let triple = j + 2 < chars.len() && chars[j + 1] == quote && chars[j + 2] == quote;
            let mut k = if triple { j + 3 } else { j + 1 };
            while k < chars.len() {
                if !raw && chars[k] == '\\' {
                    k += 2;
                    continue;
                }
                if triple {
                    if k + 2 < chars.len()
                        && chars[k] == quote
                        && chars[k + 1] == quote
                        && chars[k + 2] == quote
                    {
                        k += 3;
                        break;
                    }
                } else if chars[k] == quote {
                    k += 1;
                    break;
                }
                k += 1;
            }
            let k = k.min(chars.len());
            out.push(chars[start..k].iter().collect());
            i = k;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
            {
                i += 1;
            }
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            i += if ["<=", ">=", "==", "!=", "&&", "||"].contains(&two.as_str()) {
                2
            } else {
                1
            };
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

/// The properties a rule reads, when it reads `self` only as `self.<property>` (and never
/// `oldSelf`): `!(has(self.percent) && has(self.fraction))` reads `percent` and `fraction`.
/// `None` when it reads `self` any other way (`self.size()`, `self[...]`, `self` alone).
pub fn fields_read(source: &str) -> Option<BTreeSet<String>> {
    if uses_old_self(source) {
        return None;
    }
    let t = tokens(source);
    let mut read = BTreeSet::new();
    for (i, token) in t.iter().enumerate() {
        if token != "self" {
            continue;
        }
        let name = match (t.get(i + 1).map(String::as_str), t.get(i + 2)) {
            (Some("."), Some(name)) if name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                name
            }
            _ => return None,
        };
        // A call on self (`self.size()`) is not a property.
        if t.get(i + 3).map(String::as_str) == Some("(") {
            return None;
        }
        read.insert(name.clone());
    }
    Some(read)
}

/// The macros whose variable stands for a list's items.
const ITEM_MACROS: &[&str] = &["all", "exists", "exists_one", "filter", "map"];

/// The fields of a list's items a rule on the list reads, when it reads the list only through
/// macros (`self.all(r, !has(r.name) || ...)`, nested `self.exists_one(...)` included) and each
/// item only through fields of the macros' variables; `None` for anything else (`self.size()`,
/// an item read whole, `oldSelf`).
pub fn item_fields_read(source: &str) -> Option<BTreeSet<String>> {
    if uses_old_self(source) {
        return None;
    }
    let t = tokens(source);
    let mut variables = BTreeSet::new();
    for (i, token) in t.iter().enumerate() {
        if token != "self" {
            continue;
        }
        let call = (
            t.get(i + 1)?,
            t.get(i + 2)?,
            t.get(i + 3)?,
            t.get(i + 4)?,
            t.get(i + 5)?,
        );
        match call {
            (dot, name, open, var, comma)
                if dot == "."
                    && ITEM_MACROS.contains(&name.as_str())
                    && open == "("
                    && comma == "," =>
            {
                variables.insert(var.clone());
            }
            _ => return None,
        }
    }
    let mut read = BTreeSet::new();
    for (i, token) in t.iter().enumerate() {
        // A variable's own binding (`all(r,`) is no read.
        if !variables.contains(token) || t.get(i + 1).map(String::as_str) == Some(",") {
            continue;
        }
        match (t.get(i + 1).map(String::as_str), t.get(i + 2), t.get(i + 3)) {
            (Some("."), Some(name), next) if next.map(String::as_str) != Some("(") => {
                read.insert(name.clone());
            }
            _ => return None,
        }
    }
    (!read.is_empty()).then_some(read)
}

/// Whether a rule on a list holds on lists of `0..=most` items that hold none of the fields it
/// reads (what [`item_fields_read`] found): every stored list is such a list when the fields
/// are new.
pub fn holds_on_lists_without(source: &str, most: usize) -> bool {
    holds_on_lists_of(source, &Value::Object(serde_json::Map::new()), most)
}

/// Whether a rule on a list holds on each list of `0..=most` copies of `item`.
fn holds_on_lists_of(source: &str, item: &Value, most: usize) -> bool {
    let Ok(program) = kubeidl::cel::Program::compile(source, &["self"]) else {
        return false;
    };
    (0..=most).all(|n| {
        let list = Value::Array(vec![item.clone(); n]);
        let out = program.evaluate(
            &[kubeidl::cel::Value::from_json(&list)],
            kubeidl::cel::PER_CALL_LIMIT,
        );
        matches!(out.result, Ok(kubeidl::cel::Value::Bool(true)))
    })
}

/// A rule that bounds the total size of one field across a list's first items, as Gateway API
/// writes it: `(self.size() > 0 ? self[0].f.size() : 0) + (self.size() > 1 ? ...) <= N`, each
/// term possibly guarded by `has(self[i].f) ? ... : 0`. The field, the number of terms and `N`.
pub fn size_sum_bound(source: &str) -> Option<(String, usize, u64)> {
    let text: String = source.split_whitespace().collect::<Vec<_>>().join(" ");
    let (sum, limit) = text.rsplit_once("<=")?;
    let limit: u64 = limit.trim().parse().ok()?;
    let term = regex::Regex::new(
        r"^\(self\.size\(\) > (\d+) \? (?:\(has\(self\[(\d+)\]\.(\w+)\) \? )?self\[(\d+)\]\.(\w+)\.size\(\) : 0\)(?: : 0\))?$",
    )
    .ok()?;
    let mut field: Option<String> = None;
    let terms: Vec<&str> = sum.split(" + ").map(str::trim).collect();
    for (i, t) in terms.iter().enumerate() {
        let c = term.captures(t)?;
        let index = |n: usize| c.get(n).map(|m| m.as_str().parse::<usize>().ok());
        let guarded_field = c.get(3).map(|m| m.as_str());
        let name = c.get(5)?.as_str();
        let same_index =
            index(1)?? == i && index(4)?? == i && index(2).is_none_or(|g| g == Some(i));
        if !same_index || guarded_field.is_some_and(|g| g != name) {
            return None;
        }
        match &field {
            Some(f) if f != name => return None,
            _ => field = Some(name.to_string()),
        }
    }
    Some((field?, terms.len(), limit))
}

/// The string literals a rule on a list tests membership of (`'*' in self`), when it reads the
/// list only that way and through `self.size()`: then the rule sees a stored list only through
/// its size and which of those literals it holds.
pub fn literal_membership(source: &str) -> Option<Vec<String>> {
    let t = tokens(source);
    let mut literals = Vec::new();
    for (i, token) in t.iter().enumerate() {
        if token != "self" {
            continue;
        }
        let before = (i >= 2).then(|| (&t[i - 2], &t[i - 1]));
        match before {
            Some((literal, op))
                if op == "in" && (literal.starts_with('\'') || literal.starts_with('"')) =>
            {
                let inner = &literal[1..literal.len().saturating_sub(1)];
                if inner.contains('\\') || literal.len() < 2 {
                    return None;
                }
                literals.push(inner.to_string());
            }
            _ => {
                let size = t.get(i + 1..i + 5).map(|s| s.join(""));
                if size.as_deref() != Some(".size()") {
                    return None;
                }
            }
        }
    }
    (!literals.is_empty()).then_some(literals)
}

/// Whether a rule on a list of strings holds on lists of `0..=most` strings none of which is
/// among `literals`.
pub fn holds_on_lists_of_others(source: &str, literals: &[String], most: usize) -> bool {
    // A string no literal equals.
    let other = format!(
        "{}~",
        literals.iter().map(String::as_str).collect::<String>()
    );
    holds_on_lists_of(source, &Value::String(other), most)
}

/// The most objects [`holds_on_each`] evaluates a rule on.
const MOST_OBJECTS: usize = 256;

/// An old property a rule reads, with the values stored objects may hold in it (its enum), and
/// whether they may lack it (it is not required).
pub type Domain<'a> = (&'a String, &'a Vec<Value>, bool);

/// Whether a rule holds on every object that has none of the new properties it reads and, for
/// each old property in `domains`, any one of its values (or none, when it may be absent):
/// evaluated with `self` each such object (an empty one when `domains` is empty). Stored
/// objects are among them when the rule reads nothing else. False when there are more than
/// [`MOST_OBJECTS`] of them.
pub fn holds_on_each(source: &str, domains: &[Domain<'_>]) -> bool {
    let Ok(program) = kubeidl::cel::Program::compile(source, &["self"]) else {
        return false;
    };
    let mut objects = vec![serde_json::Map::new()];
    for (name, values, may_be_absent) in domains {
        let mut next = Vec::new();
        for object in &objects {
            if *may_be_absent {
                next.push(object.clone());
            }
            for v in *values {
                let mut with = object.clone();
                with.insert((*name).clone(), v.clone());
                next.push(with);
            }
        }
        if next.len() > MOST_OBJECTS {
            return false;
        }
        objects = next;
    }
    objects.into_iter().all(|object| {
        let object = Value::Object(object);
        let out = program.evaluate(
            &[kubeidl::cel::Value::from_json(&object)],
            kubeidl::cel::PER_CALL_LIMIT,
        );
        matches!(out.result, Ok(kubeidl::cel::Value::Bool(true)))
    })
}

/// Whether the rule reads `oldSelf` (the identifier, not a field of that name).
pub fn uses_old_self(source: &str) -> bool {
    let t = tokens(source);
    t.iter()
        .enumerate()
        .any(|(i, tok)| tok == "oldSelf" && (i == 0 || t[i - 1] != "."))
}

/// Whether the rule is the constant `true` (possibly in parentheses).
pub fn trivially_true(source: &str) -> bool {
    let t: Vec<String> = tokens(source)
        .into_iter()
        .filter(|t| t != "(" && t != ")")
        .collect();
    t == ["true"]
}

/// Whether kubeidl's CEL front end parses the rule; the parse error otherwise.
pub fn parse_error(source: &str) -> Option<String> {
    kubeidl::cel::parse::parse(source)
        .err()
        .map(|e| e.to_string().lines().next().unwrap_or("").to_string())
}

/// A recognized size bound: `subject.size()` (or `size(subject)`) at most `max` (inclusive),
/// or at least `min`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SizeBound {
    subject: String,
    upper: bool,
    value: i64,
}

/// The subject of `X.size()` or `size(X)` when the tokens are exactly that.
fn size_subject(t: &[String]) -> Option<String> {
    let n = t.len();
    if n >= 5 && t[n - 3] == "size" && t[n - 4] == "." && t[n - 2] == "(" && t[n - 1] == ")" {
        return Some(t[..n - 4].concat());
    }
    if n >= 4 && t[0] == "size" && t[1] == "(" && t[n - 1] == ")" {
        return Some(t[2..n - 1].concat());
    }
    None
}

fn size_bound(source: &str) -> Option<SizeBound> {
    let t = tokens(source);
    let op_at = t
        .iter()
        .position(|x| ["<=", "<", ">=", ">"].contains(&x.as_str()))?;
    if t[op_at + 1..]
        .iter()
        .any(|x| ["<=", "<", ">=", ">", "&&", "||", "?"].contains(&x.as_str()))
    {
        return None;
    }
    let (left, op, right) = (&t[..op_at], t[op_at].as_str(), &t[op_at + 1..]);
    let number = |side: &[String]| match side {
        [n] => n.parse::<i64>().ok(),
        _ => None,
    };
    // `subject OP n`, or `n OP subject` turned around.
    let (subject, op, n) = if let (Some(s), Some(n)) = (size_subject(left), number(right)) {
        (s, op, n)
    } else if let (Some(n), Some(s)) = (number(left), size_subject(right)) {
        let flipped = match op {
            "<=" => ">=",
            "<" => ">",
            ">=" => "<=",
            _ => "<",
        };
        (s, flipped, n)
    } else {
        return None;
    };
    Some(match op {
        "<=" => SizeBound {
            subject,
            upper: true,
            value: n,
        },
        "<" => SizeBound {
            subject,
            upper: true,
            value: n - 1,
        },
        ">=" => SizeBound {
            subject,
            upper: false,
            value: n,
        },
        _ => SizeBound {
            subject,
            upper: false,
            value: n + 1,
        },
    })
}

/// The value of a CEL string literal token (`'a\\.b'` is `a\.b`, raw `r'a\.b'` the same),
/// when it uses no escape but `\\`, `\'` and `\"`.
fn string_literal(token: &str) -> Option<String> {
    let (raw, body) = match token.strip_prefix(['r', 'R']) {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let quote = body.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let triple: String = std::iter::repeat_n(quote, 3).collect();
    let inner = match body.strip_prefix(&triple) {
        Some(rest) => rest.strip_suffix(&triple)?,
        None => body.strip_prefix(quote)?.strip_suffix(quote)?,
    };
    if raw {
        return Some(inner.to_string());
    }
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                e @ ('\\' | '\'' | '"') => out.push(e),
                _ => return None,
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// Whether tokens are a plain subject: a selection or index chain with no operator.
fn plain_subject(t: &[String]) -> bool {
    !t.is_empty()
        && t.iter().all(|x| {
            x == "."
                || x == "["
                || x == "]"
                || x.chars().all(|c| c.is_alphanumeric() || c == '_')
                || string_literal(x).is_some()
        })
}

/// `SUBJECT in [a, b, ...]` with literal items: the subject and the items as written.
fn membership(source: &str) -> Option<(String, std::collections::BTreeSet<String>)> {
    let t = tokens(source);
    let at = t.iter().position(|x| x == "in")?;
    let (subject, list) = (&t[..at], &t[at + 1..]);
    if !plain_subject(subject) || list.first()? != "[" || list.last()? != "]" {
        return None;
    }
    let inner = &list[1..list.len() - 1];
    let mut items = std::collections::BTreeSet::new();
    for (i, item) in inner.iter().enumerate() {
        let literal = string_literal(item).is_some()
            || item.parse::<f64>().is_ok()
            || item == "true"
            || item == "false";
        match i % 2 {
            0 if literal => {
                items.insert(item.clone());
            }
            1 if item == "," => {}
            _ => return None,
        }
    }
    Some((subject.concat(), items))
}

/// `SUBJECT.matches(RE)` or `matches(SUBJECT, RE)` with a literal `RE`: the subject and the
/// regular expression.
fn matches_regex(source: &str) -> Option<(String, String)> {
    let t = tokens(source);
    let n = t.len();
    let (subject, re) = if n >= 6 && t[n - 5] == "." && t[n - 4] == "matches" {
        if t[n - 3] != "(" || t[n - 1] != ")" {
            return None;
        }
        (&t[..n - 5], &t[n - 2])
    } else if n >= 6 && t[0] == "matches" && t[1] == "(" && t[n - 1] == ")" && t[n - 3] == "," {
        (&t[2..n - 3], &t[n - 2])
    } else {
        return None;
    };
    if !plain_subject(subject) {
        return None;
    }
    Some((subject.concat(), string_literal(re)?))
}

/// The items as a CEL list literal.
fn list_text<'a>(items: impl IntoIterator<Item = &'a String>) -> String {
    let items: Vec<&str> = items.into_iter().map(String::as_str).collect();
    format!("[{}]", items.join(", "))
}

/// The tokens `old` and `new` differ in, as the longest common subsequence leaves them:
/// `removed `a`, added `b``, one part per run of differences (both rules at most
/// [`MAX_DIFF_TOKENS`] tokens long; longer ones are not diffed).
pub fn token_diff(old: &str, new: &str) -> Option<String> {
    let (a, b) = (tokens(old), tokens(new));
    if a.len() > MAX_DIFF_TOKENS || b.len() > MAX_DIFF_TOKENS {
        return None;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u16; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = match a[i] == b[j] {
                true => lcs[i + 1][j + 1] + 1,
                false => lcs[i + 1][j].max(lcs[i][j + 1]),
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut parts = Vec::new();
    let (mut removed, mut added): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    let mut flush = |removed: &mut Vec<&str>, added: &mut Vec<&str>| {
        let mut part = Vec::new();
        if !removed.is_empty() {
            part.push(format!("removed `{}`", join_tokens(removed)));
        }
        if !added.is_empty() {
            part.push(format!("added `{}`", join_tokens(added)));
        }
        if !part.is_empty() {
            parts.push(part.join(", "));
        }
        removed.clear();
        added.clear();
    };
    // A token is added or removed as soon as that keeps the longest alignment, and matched
    // only when it must be: a run inserted before a repeated subject stays one run.
    while i < a.len() || j < b.len() {
        if j < b.len() && lcs[i][j + 1] == lcs[i][j] {
            added.push(&b[j]);
            j += 1;
        } else if i < a.len() && lcs[i + 1][j] == lcs[i][j] {
            removed.push(&a[i]);
            i += 1;
        } else {
            flush(&mut removed, &mut added);
            i += 1;
            j += 1;
        }
    }
    flush(&mut removed, &mut added);
    Some(parts.join("; "))
}

/// Rules longer than this many tokens are not diffed token by token.
const MAX_DIFF_TOKENS: usize = 400;

/// Tokens as CEL is usually written: no space around `.`, inside brackets and parentheses,
/// before `,` or after `!`.
fn join_tokens(t: &[&str]) -> String {
    let mut out = String::new();
    for (i, tok) in t.iter().enumerate() {
        let glued_left = matches!(*tok, "." | ")" | "]" | "," | "(" | "[");
        let prev = i.checked_sub(1).map(|p| t[p]);
        let glued_right = matches!(prev, Some("." | "(" | "[" | "!" | "-"));
        if i > 0 && !glued_left && !glued_right {
            out.push(' ');
        }
        // A call's parenthesis follows its name; a grouping one after an operator is spaced.
        if *tok == "(" || *tok == "[" {
            if let Some(p) = prev {
                if !p.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && !matches!(p, "(" | "[" | "!" | ".")
                {
                    out.push(' ');
                }
            }
        }
        out.push_str(tok);
    }
    out
}

/// How a changed rule relates to the old one, with a sentence saying why.
pub fn compare_rules(old: &str, new: &str) -> (Cmp, String) {
    if let Some(joined) = joined_operand(old, new) {
        return joined;
    }
    if let (Some(o), Some(n)) = (size_bound(old), size_bound(new)) {
        if o.subject == n.subject && o.upper == n.upper {
            let cmp = match (o.upper, n.value.cmp(&o.value)) {
                (_, std::cmp::Ordering::Equal) => Cmp::Same,
                (true, std::cmp::Ordering::Less) | (false, std::cmp::Ordering::Greater) => {
                    Cmp::Narrower
                }
                _ => Cmp::Wider,
            };
            let bound = if o.upper { "at most" } else { "at least" };
            return (
                cmp,
                format!(
                    "the size of {} must be {bound} {} (was {bound} {})",
                    o.subject, n.value, o.value
                ),
            );
        }
    }
    if let (Some((os, oi)), Some((ns, ni))) = (membership(old), membership(new)) {
        if os == ns {
            let dropped: Vec<&String> = oi.difference(&ni).collect();
            let added: Vec<&String> = ni.difference(&oi).collect();
            let cmp = match (dropped.is_empty(), added.is_empty()) {
                (true, true) => Cmp::Same,
                (false, true) => Cmp::Narrower,
                (true, false) => Cmp::Wider,
                (false, false) => Cmp::Incomparable,
            };
            let mut why = format!(
                "{os} must be in {} (was in {})",
                list_text(&ni),
                list_text(&oi)
            );
            if !dropped.is_empty() {
                why.push_str(&format!("; {} no longer allowed", list_text(dropped)));
            }
            if !added.is_empty() {
                why.push_str(&format!("; {} now allowed", list_text(added)));
            }
            return (cmp, why);
        }
    }
    if let (Some((os, ore)), Some((ns, nre))) = (matches_regex(old), matches_regex(new)) {
        if os == ns {
            let (cmp, why) = match pattern_order::compare(&ore, &nre) {
                PatternOrder::Same => (Cmp::Same, "both accept the same strings".to_string()),
                PatternOrder::Narrower { dropped } => (
                    Cmp::Narrower,
                    format!("{} matched before and no longer does", quote(&dropped)),
                ),
                PatternOrder::Wider { added } => (
                    Cmp::Wider,
                    format!("{} did not match before and now does", quote(&added)),
                ),
                PatternOrder::Crossed { dropped, added } => (
                    Cmp::Incomparable,
                    format!(
                        "{} no longer matches and {} now does",
                        quote(&dropped),
                        quote(&added)
                    ),
                ),
                PatternOrder::Unknown(why) => (
                    Cmp::Incomparable,
                    format!("the regular expressions cannot be compared: {why}"),
                ),
            };
            return (
                cmp,
                format!(
                    "{os} must match {} (was {}): {why}",
                    quote(&nre),
                    quote(&ore)
                ),
            );
        }
    }
    let mut why = "the rule changed in a way kubeidl does not classify".to_string();
    if let Some(diff) = token_diff(old, new).filter(|d| !d.is_empty()) {
        why.push_str(&format!(" ({diff})"));
    }
    (Cmp::Incomparable, why)
}

/// The rule text of an `x-kubernetes-validations` entry.
pub fn rule_text(entry: &Value) -> &str {
    entry.get("rule").and_then(Value::as_str).unwrap_or("")
}

/// The longest rule, in tokens, [`joined_operand`] compares.
const MOST_TOKENS: usize = 2_000;

/// The most candidate parts [`joined_operand`] checks against the parsed rule.
const MOST_CANDIDATES: usize = 64;

/// Operators that make their operands values, not truths.
const COMPARISONS: &[&str] = &[
    "==", "!=", "<", "<=", ">", ">=", "in", "+", "-", "*", "/", "%",
];

/// A rule changed by one boolean operand joined to one of its parts: `new` is `old` with a part
/// `X` become `X || A` or `A || X` (wider, every value X accepted still passes) or `X && A`
/// (narrower), where X's truth is the rule's own (at the top, in `&&`/`||` operands, a ternary's
/// branches, the body of `all` or `exists`) or its negation (below a `!`, which turns the
/// direction). Confirmed on the parsed rules: `new` parses as `old` with `(X || A)` written in.
/// `None` for anything else.
fn joined_operand(old: &str, new: &str) -> Option<(Cmp, String)> {
    let (o, n) = (tokens(old), tokens(new));
    // Each candidate costs a parse of the rule: long rules (up to 100,000 code points) and
    // many candidates are not tried.
    if n.len() > MOST_TOKENS {
        return None;
    }
    let prefix = o.iter().zip(&n).take_while(|(a, b)| a == b).count();
    let most = o.len().min(n.len()) - prefix;
    let suffix = o
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    // A window that cuts a call or group apart is widened until it holds whole ones.
    let (mut prefix, mut suffix) = (prefix, suffix);
    while !balanced(&o[prefix..o.len() - suffix]) || !balanced(&n[prefix..n.len() - suffix]) {
        match (suffix > 0, prefix > 0) {
            (true, _) => suffix -= 1,
            (false, true) => prefix -= 1,
            (false, false) => break,
        }
    }
    let mut changed = &n[prefix..n.len() - suffix];
    // Candidates: the part X of `old` (as a span) and the operand added beside it.
    let mut candidates: Vec<((usize, usize), &str, &[String])> = Vec::new();
    let end = o.len() - suffix;
    // `(A || X)` written where X was: the parentheses are part of the change.
    if changed.len() >= 2 && changed[0] == "(" && changed[changed.len() - 1] == ")" {
        changed = &changed[1..changed.len() - 1];
    }
    // A pure insertion `op A` after some X or `A op` before one, wherever the tokens allow it
    // (repeated tokens make the shortest window cut inside the insertion).
    if n.len() > o.len() {
        let k = n.len() - o.len();
        for i in 0..=o.len() {
            if n[..i] != o[..i] || n[i + k..] != o[i..] {
                continue;
            }
            let inserted = &n[i..i + k];
            for op in ["||", "&&"] {
                if inserted[0] == op {
                    for start in (0..i).rev() {
                        candidates.push(((start, i), op, &inserted[1..]));
                    }
                }
                if inserted[k - 1] == op {
                    for stop in i + 1..=o.len() {
                        candidates.push(((i, stop), op, &inserted[..k - 1]));
                    }
                }
            }
        }
    }
    if prefix < end {
        let x = &o[prefix..end];
        let wrapped = |t: &[String]| {
            t == x
                || t.len() == x.len() + 2
                    && t[0] == "("
                    && t[t.len() - 1] == ")"
                    && &t[1..t.len() - 1] == x
        };
        for op in ["||", "&&"] {
            for (i, _) in changed.iter().enumerate().filter(|(_, t)| *t == op) {
                let (left, right) = (&changed[..i], &changed[i + 1..]);
                if wrapped(left) && !right.is_empty() {
                    candidates.push(((prefix, end), op, right));
                } else if wrapped(right) && !left.is_empty() {
                    candidates.push(((prefix, end), op, left));
                }
            }
        }
    } else if let Some(op) = ["||", "&&"]
        .into_iter()
        .find(|op| changed.first().is_some_and(|t| t == op))
    {
        // Appended after the common prefix: X ends there.
        for start in (0..prefix).rev() {
            candidates.push(((start, prefix), op, &changed[1..]));
        }
    } else if let Some(op) = ["||", "&&"]
        .into_iter()
        .find(|op| changed.last().is_some_and(|t| t == op))
    {
        // Prepended before the common suffix: X starts there.
        for stop in prefix + 1..=o.len() {
            candidates.push(((prefix, stop), op, &changed[..changed.len() - 1]));
        }
    }
    let shape = kubeidl::cel::parse::shape;
    let actual = shape(new)?;
    candidates
        .into_iter()
        .filter(|((start, stop), _, added)| balanced(&o[*start..*stop]) && balanced(added))
        .take(MOST_CANDIDATES)
        .find_map(|((start, stop), op, added)| {
            let x = &o[start..stop];
            if added.is_empty() || !balanced(x) || !balanced(added) {
                return None;
            }
            let negated = polarity(&o[..start], &o[stop..])?;
            // The parse must agree: X is one operand of the new operator, not part of a wider one.
            let written = |first: &[String], second: &[String]| {
                format!(
                    "{} (({}) {op} ({})) {}",
                    o[..start].join(" "),
                    first.join(" "),
                    second.join(" "),
                    o[stop..].join(" ")
                )
            };
            let agrees = [written(x, added), written(added, x)]
                .iter()
                .any(|w| shape(w).as_ref() == Some(&actual));
            if !agrees {
                return None;
            }
            let wider = (op == "||") != negated;
            let cmp = if wider { Cmp::Wider } else { Cmp::Narrower };
            let (what, effect) = match (op, wider) {
                ("||", true) => ("an alternative", "what passed before still passes"),
                ("||", false) => (
                    "an alternative under a negation",
                    "some values that passed no longer do",
                ),
                (_, false) => ("a condition", "some values that passed no longer do"),
                _ => (
                    "a condition under a negation",
                    "what passed before still passes",
                ),
            };
            Some((
                cmp,
                format!(
                    "{what} was joined with {op}: `{}`; {effect}",
                    added.join(" ")
                ),
            ))
        })
}

/// Whether parentheses and brackets pair up within `t`.
fn balanced(t: &[String]) -> bool {
    let mut depth = 0i32;
    for token in t {
        match token.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// Whether the part between `before` and `after` counts for the rule's truth negated (`Some(true)`),
/// as it is (`Some(false)`), or not simply (`None`: compared, a function's argument, a ternary's
/// condition, the body of a macro other than `all` and `exists`).
fn polarity(before: &[String], after: &[String]) -> Option<bool> {
    if before
        .last()
        .is_some_and(|t| COMPARISONS.contains(&t.as_str()))
    {
        return None;
    }
    // After X: no ternary takes X (or a group holding it) into its condition (a `?` at X's
    // level or an enclosing one), and no comparison or selection takes it as its operand (the
    // token right after X, or right after a parenthesis closing a group that holds X).
    let takes = |t: &str| t == "." || t == "[" || COMPARISONS.contains(&t);
    if after.first().is_some_and(|t| takes(t)) {
        return None;
    }
    let (mut depth, mut lowest) = (0i32, 0i32);
    for (i, t) in after.iter().enumerate() {
        match t.as_str() {
            "(" | "[" => depth += 1,
            ")" | "]" => {
                depth -= 1;
                if depth < lowest {
                    lowest = depth;
                    if after.get(i + 1).is_some_and(|t| takes(t)) {
                        return None;
                    }
                }
            }
            "?" if depth <= lowest => return None,
            _ => {}
        }
    }
    // Each open parenthesis: whether it negates, or `None` for a call other than all/exists.
    let mut frames: Vec<Option<bool>> = Vec::new();
    let mut negated = false;
    for (i, t) in before.iter().enumerate() {
        match t.as_str() {
            "(" => {
                let callee = i.checked_sub(1).map(|j| before[j].as_str());
                let frame = match callee {
                    Some(c) if COMPARISONS.contains(&c) => None,
                    Some("all" | "exists") if i >= 2 && before[i - 2] == "." => Some(false),
                    Some(c) if c.chars().all(|ch| ch.is_alphanumeric() || ch == '_') => None,
                    Some("!") => Some(true),
                    _ => Some(false),
                };
                frames.push(frame);
            }
            ")" => {
                frames.pop();
            }
            "?" => {
                // A ternary's condition before X at this depth makes X a branch: fine. One
                // whose branches close before X is no concern either.
            }
            _ => {}
        }
    }
    for frame in &frames {
        negated ^= (*frame)?;
    }
    if before.last().map(String::as_str) == Some("!") {
        negated = !negated;
    }
    Some(negated)
}

/// How old and new entries pair up: `(old index, new index)` for matched rules, `None` on the
/// side where a rule has no partner.
pub fn match_rules(old: &[Value], new: &[Value]) -> Vec<(Option<usize>, Option<usize>)> {
    let mut pairs = Vec::new();
    let mut old_left: Vec<usize> = (0..old.len()).collect();
    let mut new_left: Vec<usize> = (0..new.len()).collect();
    let key = |v: &Value| tokens(rule_text(v));
    // Same text, up to whitespace.
    old_left.retain(
        |&o| match new_left.iter().position(|&n| key(&new[n]) == key(&old[o])) {
            Some(at) => {
                pairs.push((Some(o), Some(new_left.remove(at))));
                false
            }
            None => true,
        },
    );
    // Same message.
    let message = |v: &Value| v.get("message").and_then(Value::as_str).map(str::to_string);
    old_left.retain(|&o| {
        let Some(m) = message(&old[o]) else {
            return true;
        };
        match new_left
            .iter()
            .position(|&n| message(&new[n]).as_deref() == Some(m.as_str()))
        {
            Some(at) => {
                pairs.push((Some(o), Some(new_left.remove(at))));
                false
            }
            None => true,
        }
    });
    // By position, when as many are left on each side.
    if old_left.len() == new_left.len() {
        pairs.extend(
            old_left
                .drain(..)
                .zip(new_left.drain(..))
                .map(|(o, n)| (Some(o), Some(n))),
        );
    }
    pairs.extend(old_left.into_iter().map(|o| (Some(o), None)));
    pairs.extend(new_left.into_iter().map(|n| (None, Some(n))));
    pairs.sort_by_key(|(o, n)| (n.unwrap_or(usize::MAX), o.unwrap_or(usize::MAX)));
    pairs
}

/// The fields of an entry besides its rule, by name, that differ between two matched entries.
pub fn metadata_changes(old: &Value, new: &Value) -> Vec<&'static str> {
    [
        "message",
        "messageExpression",
        "reason",
        "fieldPath",
        "optionalOldSelf",
    ]
    .into_iter()
    .filter(|k| old.get(k) != new.get(k))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_operand_joined_by_or_widens_and_by_and_narrows() {
        let cmp = |old: &str, new: &str| compare_rules(old, new).0;
        // Gateway API: a guard for a field made optional, an alternative beside a check.
        assert_eq!(
            cmp(
                "self.all(a, a.type == 'IP' ? isIP(a.value) : true)",
                "self.all(a, !has(a.value) || (a.type == 'IP' ? isIP(a.value) : true))"
            ),
            Cmp::Wider
        );
        assert_eq!(
            cmp(
                "has(self.certificateRefs)",
                "has(self.certificateRefs) || size(self.options) > 0"
            ),
            Cmp::Wider
        );
        assert_eq!(cmp("self.a > 0", "self.a > 0 && self.b > 0"), Cmp::Narrower);
        assert_eq!(
            cmp(
                "!has(self.c.l) || self.c.l != 'P' || has(self.t)",
                "!has(self.c) || !has(self.c.l) || self.c.l != 'P' || has(self.t)"
            ),
            Cmp::Wider
        );
        assert_eq!(
            cmp(
                "self.type == 'H' ? self.value.matches('^a$'): true",
                "self.type == 'H' ? (!has(self.value) || self.value.matches('^a$')): true"
            ),
            Cmp::Wider
        );
        // Below a negation the direction turns.
        assert_eq!(
            cmp("!(self.a > 0)", "!(self.a > 0 || self.b > 0)"),
            Cmp::Narrower
        );
        // A part that is compared, a ternary's condition, or a call's argument is no truth of
        // the rule's: not classified.
        assert_eq!(
            cmp("(self.a) == true", "(self.a || self.b) == true"),
            Cmp::Incomparable
        );
        assert_eq!(
            cmp("self.a ? 1 : 2", "self.a || self.b ? 1 : 2"),
            Cmp::Incomparable
        );
        assert_eq!(
            cmp(
                "self.l.exists_one(x, x.a)",
                "self.l.exists_one(x, x.a || x.b)"
            ),
            Cmp::Incomparable
        );
        // Precedence: `p && x` with `|| b` added after p is not x widened.
        assert_eq!(
            cmp("self.p && self.x", "self.p || self.b && self.x"),
            Cmp::Incomparable
        );
    }

    #[test]
    fn long_rules_are_not_compared_part_by_part() {
        // A rule of 100,000 code points: no candidate parse at all.
        let old = vec!["self.a > 0"; 7_000].join(" && ");
        let new = format!("{old} || self.b > 0");
        assert!(joined_operand(&old, &new).is_none());
    }

    #[test]
    fn size_sums_are_recognized() {
        let two = "(self.size() > 0 ? (has(self[0].matches) ? self[0].matches.size() : 0) : 0) + (self.size() > 1 ? (has(self[1].matches) ? self[1].matches.size() : 0) : 0) <= 16";
        assert_eq!(size_sum_bound(two), Some(("matches".to_string(), 2, 16)));
        let plain = "(self.size() > 0 ? self[0].hosts.size() : 0) <= 4";
        assert_eq!(size_sum_bound(plain), Some(("hosts".to_string(), 1, 4)));
        assert_eq!(
            size_sum_bound("(self.size() > 1 ? self[0].a.size() : 0) <= 4"),
            None
        );
        assert_eq!(size_sum_bound("(self.size() > 0 ? self[0].a.size() : 0) + (self.size() > 1 ? self[1].b.size() : 0) <= 4"), None);
        assert_eq!(size_sum_bound("self.size() <= 4"), None);
    }

    #[test]
    fn tokens_ignore_spacing_and_keep_strings_whole() {
        assert_eq!(
            tokens("self.a<=3&&x!='a b'"),
            tokens("self.a <= 3 && x != 'a b'")
        );
        assert_eq!(tokens(r#"r"\d" + '''x'''"#), [r#"r"\d""#, "+", "'''x'''"]);
        assert_eq!(tokens("1.5e3 >= 2u"), ["1.5e3", ">=", "2u"]);
    }

    #[test]
    fn rules_reading_only_some_properties_say_which() {
        let read = |s| fields_read(s).map(|r| r.into_iter().collect::<Vec<_>>());
        assert_eq!(
            read("!(has(self.percent) && has(self.fraction))"),
            Some(vec!["fraction".to_string(), "percent".to_string()])
        );
        assert_eq!(read("self.size() > 1"), None);
        assert_eq!(read("self == oldSelf"), None);
        assert_eq!(read("self.all(x, x > 0)"), None);
        let none = holds_on_each;
        assert!(none("!(has(self.percent) && has(self.fraction))", &[]));
        // Absent, a property is an error to read, and "at least one" fails: both restrict.
        assert!(!none("self.percent > 0", &[]));
        assert!(!none("has(self.percent) || has(self.fraction)", &[]));
        // An old property read through its enum values: every value a stored object holds.
        let (name, types) = (
            "type".to_string(),
            vec![serde_json::json!("A"), serde_json::json!("B")],
        );
        let domains = [(&name, &types, false)];
        assert!(none("!(!has(self.cors) && self.type == 'CORS')", &domains));
        assert!(!none("has(self.cors) || self.type == 'A'", &domains));
        // When the old property may be absent, reading it fails there.
        assert!(!none(
            "!(!has(self.cors) && self.type == 'CORS')",
            &[(&name, &types, true)]
        ));
    }

    #[test]
    fn old_self_is_the_identifier_only() {
        assert!(uses_old_self("self == oldSelf"));
        assert!(uses_old_self("!has(oldSelf.x) || has(self.x)"));
        assert!(!uses_old_self("self.oldSelf == 1"));
        assert!(!uses_old_self("self.x == 'oldSelf'"));
    }

    #[test]
    fn trivially_true_rules() {
        assert!(trivially_true("true"));
        assert!(trivially_true(" ( true ) "));
        assert!(!trivially_true("true || self.x"));
    }

    #[test]
    fn size_bounds_compare() {
        let c = |a, b| compare_rules(a, b).0;
        assert_eq!(c("self.size() <= 10", "self.size() <= 5"), Cmp::Narrower);
        assert_eq!(c("self.size() <= 5", "size(self) < 10"), Cmp::Wider);
        assert_eq!(c("size(self.x) < 6", "self.x.size() <= 5"), Cmp::Same);
        assert_eq!(c("10 >= self.size()", "self.size() <= 8"), Cmp::Narrower);
        assert_eq!(c("self.size() >= 1", "self.size() > 1"), Cmp::Narrower);
        assert_eq!(c("self.size() >= 2", "self.size() >= 1"), Cmp::Wider);
        // Another subject, or another shape: unknown.
        assert_eq!(
            c("self.a.size() <= 5", "self.b.size() <= 5"),
            Cmp::Incomparable
        );
        assert_eq!(
            c("self.size() <= 5 && self.x", "self.size() <= 4"),
            Cmp::Incomparable
        );
        assert_eq!(c("self.x == 1", "self.x == 2"), Cmp::Incomparable);
    }

    #[test]
    fn memberships_compare_as_sets() {
        let c = |a, b| compare_rules(a, b);
        let (cmp, why) = c("self.mode in ['A', 'B', 'C']", "self.mode in ['A', 'B']");
        assert_eq!(cmp, Cmp::Narrower);
        assert_eq!(
            why,
            "self.mode must be in ['A', 'B'] (was in ['A', 'B', 'C']); ['C'] no longer allowed"
        );
        assert_eq!(c("self.n in [1, 2]", "self.n in [2, 1, 3]").0, Cmp::Wider);
        assert_eq!(c("self.n in [1, 2]", "self.n in [2,1]").0, Cmp::Same);
        assert_eq!(
            c("self.n in [1, 2]", "self.n in [2, 3]").0,
            Cmp::Incomparable
        );
        // Another subject, or items that are not literals: unknown.
        assert_eq!(c("self.a in [1]", "self.b in [1, 2]").0, Cmp::Incomparable);
        assert_eq!(
            c("self.a in [1]", "self.a in [1, self.b]").0,
            Cmp::Incomparable
        );
    }

    #[test]
    fn regular_expressions_compare_as_patterns() {
        let c = |a, b| compare_rules(a, b);
        let (cmp, why) = c(
            "self.name.matches('^[a-z0-9-]+$')",
            "self.name.matches('^[a-z]+$')",
        );
        assert_eq!(cmp, Cmp::Narrower);
        assert!(
            why.starts_with("self.name must match \"^[a-z]+$\" (was \"^[a-z0-9-]+$\"): "),
            "{why}"
        );
        assert_eq!(
            c("matches(self.x, '^a$')", "matches(self.x, '^(a|b)$')").0,
            Cmp::Wider
        );
        assert_eq!(
            c("self.x.matches(r'^\\d+$')", "self.x.matches('^\\\\d+$')").0,
            Cmp::Same
        );
        assert_eq!(
            c("self.x.matches('^a$')", "self.x.matches('^b$')").0,
            Cmp::Incomparable
        );
        assert_eq!(string_literal("'it\\'s'").as_deref(), Some("it's"));
        assert_eq!(string_literal("'\\d'"), None);
    }

    #[test]
    fn unclassified_changes_say_which_tokens_differ() {
        let (cmp, why) = compare_rules(
            "self.description.matches('^[^<>]*$')",
            "!has(self.description) || self.description.matches('^[^<>&]*$')",
        );
        assert_eq!(cmp, Cmp::Incomparable);
        assert_eq!(
            why,
            "the rule changed in a way kubeidl does not classify (added `!has(self.description) ||`; removed `'^[^<>]*$'`, added `'^[^<>&]*$'`)"
        );
        assert_eq!(
            token_diff("self.a > 1", "self.a > 1 && self.b").as_deref(),
            Some("added `&& self.b`")
        );
    }

    #[test]
    fn rules_match_by_text_then_message_then_position() {
        let old = [
            json!({"rule": "self.a > 0", "message": "a"}),
            json!({"rule": "self.b > 0", "message": "b"}),
            json!({"rule": "self.c > 0"}),
        ];
        let new = [
            json!({"rule": "self.b>0", "message": "B"}),
            json!({"rule": "self.a >= 1", "message": "a"}),
            json!({"rule": "self.d > 0"}),
            json!({"rule": "self.e > 0"}),
        ];
        assert_eq!(
            match_rules(&old, &new),
            [
                (Some(1), Some(0)),
                (Some(0), Some(1)),
                (None, Some(2)),
                (None, Some(3)),
                (Some(2), None),
            ]
        );
        assert_eq!(metadata_changes(&old[1], &new[0]), ["message"]);
    }

    #[test]
    fn parse_errors_are_reported() {
        assert!(parse_error("self.x >").is_some());
        assert!(parse_error("self.x > 1").is_none());
    }
}
