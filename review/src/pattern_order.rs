//! How two `pattern`s relate, as the sets of strings each lets through: a Kubernetes `pattern`
//! is searched anywhere in a UTF-8 string (unanchored, as Go's `regexp.MatchString`; `^` and
//! `$` anchor), and kubeidl's validator compiles it with `regex::Regex::new`. Each side becomes
//! a dense DFA of `regex-automata` over the same syntax, recognizing the strings that contain a
//! match; the product of the two is explored breadth-first over bytes, along valid UTF-8 only,
//! for a shortest string one side accepts and the other rejects, in each direction. Both
//! automata and the exploration are bounded, and every string reported is checked again with
//! the `regex` crate: what cannot be decided, or checked, is [`PatternOrder::Unknown`].

use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::nfa::thompson;
use regex_automata::util::{primitives::StateID, start, syntax};
use regex_automata::{Anchored, MatchKind};
use std::collections::{HashMap, VecDeque};

/// How a new pattern relates to an old one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternOrder {
    /// Both accept the same strings.
    Same,
    /// The new pattern accepts a strict subset: `dropped`, a shortest string the old one
    /// accepts, is rejected now.
    Narrower { dropped: String },
    /// The new pattern accepts a strict superset: `added`, a shortest string the old one
    /// rejects, is accepted now.
    Wider { added: String },
    /// Each accepts a string the other rejects.
    Crossed { dropped: String, added: String },
    /// Not decided, and why.
    Unknown(String),
}

/// Why a pair is not decided when an automaton or the exploration outgrows its bounds.
pub const TOO_LARGE: &str = "too large to compare";

/// Bounds on each side's automata (bytes) and on the product states explored.
const NFA_SIZE_LIMIT: usize = 2 << 20;
const DFA_SIZE_LIMIT: usize = 4 << 20;
const DETERMINIZE_SIZE_LIMIT: usize = 4 << 20;
const MAX_PRODUCT_STATES: usize = 50_000;

/// How `new` relates to `old`, both patterns as a schema's `pattern` keyword holds them (an
/// empty pattern, like an absent one, accepts every string).
pub fn compare(old: &str, new: &str) -> PatternOrder {
    match decide(old, new) {
        Ok(order) => order,
        Err(why) => PatternOrder::Unknown(why),
    }
}

/// A shortest string `old` accepts and `new` rejects, when there is one and it can be found
/// (an absent pattern accepts every string): a candidate value for a witness.
pub fn dropped(old: Option<&str>, new: Option<&str>) -> Option<String> {
    let (old, new) = (old.unwrap_or(""), new.unwrap_or(""));
    if old == new {
        return None;
    }
    match compare(old, new) {
        PatternOrder::Narrower { dropped } | PatternOrder::Crossed { dropped, .. } => Some(dropped),
        _ => None,
    }
}

fn decide(old: &str, new: &str) -> Result<PatternOrder, String> {
    // The validator's own compilation first: a pattern it refuses is not compared.
    let old_re = regex::Regex::new(old).map_err(|e| refused("old", &e))?;
    let new_re = regex::Regex::new(new).map_err(|e| refused("new", &e))?;
    if old == new {
        return Ok(PatternOrder::Same);
    }
    let (a, b) = (Side::build(old)?, Side::build(new)?);
    let (dropped, added) = explore(&a, &b)?;
    // Each string is checked with the validator's regex before it is reported.
    let verified = |s: &Option<String>, old_matches: bool| match s {
        Some(s) => old_re.is_match(s) == old_matches && new_re.is_match(s) != old_matches,
        None => true,
    };
    if !verified(&dropped, true) || !verified(&added, false) {
        return Err("the automata and the regex engine disagree on an example".into());
    }
    Ok(match (dropped, added) {
        (None, None) => PatternOrder::Same,
        (Some(dropped), None) => PatternOrder::Narrower { dropped },
        (None, Some(added)) => PatternOrder::Wider { added },
        (Some(dropped), Some(added)) => PatternOrder::Crossed { dropped, added },
    })
}

/// The reason for a pattern `regex` refuses: the last line of its error (the others show the
/// pattern with a caret).
fn refused(side: &str, e: &regex::Error) -> String {
    let text = e.to_string();
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let last = last.trim().trim_start_matches("error: ");
    format!("the {side} pattern does not compile: {last}")
}

/// One pattern as an automaton over bytes: the unanchored search DFA, read so that a string is
/// accepted when some match was seen on the way (matches are reported one byte late, and at
/// the end through the end-of-input transition).
struct Side {
    dfa: dense::DFA<Vec<u32>>,
    start: At,
}

/// Where one side stands after a prefix: inside the DFA, or decided for every continuation (a
/// match was seen: the string contains one whatever follows; or the DFA is dead).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum At {
    Live(StateID),
    Matched,
    Dead,
}

impl Side {
    fn build(pattern: &str) -> Result<Side, String> {
        // `regex::Regex::new`'s syntax (Unicode, UTF-8, no flags) and its match semantics.
        let nfa = thompson::Compiler::new()
            .syntax(syntax::Config::new().utf8(true))
            .configure(
                thompson::Config::new()
                    .utf8(true)
                    .which_captures(thompson::WhichCaptures::None)
                    .nfa_size_limit(Some(NFA_SIZE_LIMIT)),
            )
            .build(pattern)
            .map_err(|e| match e.size_limit() {
                Some(_) => TOO_LARGE.to_string(),
                None => format!("the pattern cannot be compiled to an automaton: {e}"),
            })?;
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .start_kind(StartKind::Unanchored)
                    .match_kind(MatchKind::LeftmostFirst)
                    .dfa_size_limit(Some(DFA_SIZE_LIMIT))
                    .determinize_size_limit(Some(DETERMINIZE_SIZE_LIMIT)),
            )
            .build_from_nfa(&nfa)
            .map_err(|e| match e.is_size_limit_exceeded() {
                true => TOO_LARGE.to_string(),
                // The one construct dense DFAs leave out.
                false if nfa.look_set_any().contains_word_unicode() => {
                    "a Unicode word boundary (\\b, \\B) is outside what kubeidl decides".into()
                }
                false => format!("the pattern cannot be compiled to an automaton: {e}"),
            })?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::No))
            .map_err(|e| format!("the automaton has no start: {e}"))?;
        let mut side = Side {
            dfa,
            start: At::Dead,
        };
        side.start = side.at(start)?;
        Ok(side)
    }

    fn at(&self, id: StateID) -> Result<At, String> {
        Ok(if self.dfa.is_match_state(id) {
            At::Matched
        } else if self.dfa.is_dead_state(id) {
            At::Dead
        } else if self.dfa.is_quit_state(id) {
            return Err("the automaton gave up on a byte".into());
        } else {
            At::Live(id)
        })
    }

    fn next(&self, at: At, byte: u8) -> Result<At, String> {
        match at {
            At::Live(id) => self.at(self.dfa.next_state(id, byte)),
            decided => Ok(decided),
        }
    }

    /// Whether the string read so far, ending here, contains a match.
    fn accepts(&self, at: At) -> bool {
        match at {
            At::Live(id) => self.dfa.is_match_state(self.dfa.next_eoi_state(id)),
            At::Matched => true,
            At::Dead => false,
        }
    }
}

/// Where a UTF-8 decoder stands: between characters, or inside one with the continuation bytes
/// it still needs (the first of which is narrower after E0, ED, F0 and F4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Utf8 {
    Boundary,
    Need1,
    Need2,
    Need3,
    AfterE0,
    AfterED,
    AfterF0,
    AfterF4,
}

const UTF8_STATES: [Utf8; 8] = [
    Utf8::Boundary,
    Utf8::Need1,
    Utf8::Need2,
    Utf8::Need3,
    Utf8::AfterE0,
    Utf8::AfterED,
    Utf8::AfterF0,
    Utf8::AfterF4,
];

impl Utf8 {
    /// The state after `b`, `None` when `b` cannot come next in valid UTF-8.
    fn next(self, b: u8) -> Option<Utf8> {
        use Utf8::*;
        let within = |lo: u8, hi: u8, next: Utf8| (lo..=hi).contains(&b).then_some(next);
        match self {
            Boundary => match b {
                0x00..=0x7F => Some(Boundary),
                0xC2..=0xDF => Some(Need1),
                0xE0 => Some(AfterE0),
                0xE1..=0xEC | 0xEE..=0xEF => Some(Need2),
                0xED => Some(AfterED),
                0xF0 => Some(AfterF0),
                0xF1..=0xF3 => Some(Need3),
                0xF4 => Some(AfterF4),
                _ => None,
            },
            Need1 => within(0x80, 0xBF, Boundary),
            Need2 => within(0x80, 0xBF, Need1),
            Need3 => within(0x80, 0xBF, Need2),
            AfterE0 => within(0xA0, 0xBF, Need1),
            AfterED => within(0x80, 0x9F, Need1),
            AfterF0 => within(0x90, 0xBF, Need2),
            AfterF4 => within(0x80, 0x8F, Need2),
        }
    }
}

/// Every byte once, the ones that read best in an example first: lowercase letters, digits,
/// capitals, `-._`, other printable ASCII, space, line breaks and other controls, then `é`'s
/// bytes and the rest.
fn by_preference() -> Vec<u8> {
    let mut order: Vec<u8> = (b'a'..=b'z')
        .chain(b'0'..=b'9')
        .chain(b'A'..=b'Z')
        .chain(*b"-._")
        .chain(0x21..=0x7E)
        .chain(*b" \n\t\r")
        .chain(0x00..=0x1F)
        .chain([0x7F, 0xC3, 0xA9])
        .chain(0x80..=0xFF)
        .collect();
    let mut seen = [false; 256];
    order.retain(|&b| !std::mem::replace(&mut seen[b as usize], true));
    order
}

/// One byte of each class no side tells apart (the same class in both DFAs and the same UTF-8
/// transitions), the preferred one of each, in order of preference.
fn representatives(a: &Side, b: &Side) -> Vec<u8> {
    let (ca, cb) = (a.dfa.byte_classes(), b.dfa.byte_classes());
    let mut seen = std::collections::HashSet::new();
    by_preference()
        .into_iter()
        .filter(|&byte| {
            let utf8 = UTF8_STATES.map(|u| u.next(byte));
            seen.insert((ca.get(byte), cb.get(byte), utf8))
        })
        .collect()
}

/// A state of the product: where each side stands, and the UTF-8 decoder.
type Node = (At, At, Utf8);

/// Shortest strings (a dropped one: `a` accepts, `b` rejects; an added one: the reverse),
/// breadth-first over the product, preferred bytes first.
fn explore(a: &Side, b: &Side) -> Result<(Option<String>, Option<String>), String> {
    let bytes = representatives(a, b);
    // Each node reached: the node it was reached from and the byte.
    let mut parent: Vec<(usize, u8)> = vec![(usize::MAX, 0)];
    let mut index: HashMap<Node, usize> = HashMap::new();
    let first: Node = (a.start, b.start, Utf8::Boundary);
    index.insert(first, 0);
    let mut queue = VecDeque::from([(first, 0usize)]);
    let (mut dropped, mut added) = (None, None);
    while let Some((node @ (x, y, utf8), i)) = queue.pop_front() {
        if utf8 == Utf8::Boundary {
            match (a.accepts(x), b.accepts(y)) {
                (true, false) if dropped.is_none() => dropped = Some(path(&parent, i)?),
                (false, true) if added.is_none() => added = Some(path(&parent, i)?),
                _ => {}
            }
            if dropped.is_some() && added.is_some() {
                break;
            }
        }
        // Both sides decided alike: nothing after this tells them apart.
        if matches!(
            node,
            (At::Matched, At::Matched, _) | (At::Dead, At::Dead, _)
        ) {
            continue;
        }
        for &byte in &bytes {
            let Some(utf8) = utf8.next(byte) else {
                continue;
            };
            let next = (a.next(x, byte)?, b.next(y, byte)?, utf8);
            if index.contains_key(&next) {
                continue;
            }
            if parent.len() >= MAX_PRODUCT_STATES {
                return Err(TOO_LARGE.into());
            }
            index.insert(next, parent.len());
            queue.push_back((next, parent.len()));
            parent.push((i, byte));
        }
    }
    Ok((dropped, added))
}

/// The string that reaches node `i`.
fn path(parent: &[(usize, u8)], mut i: usize) -> Result<String, String> {
    let mut bytes = Vec::new();
    while i != 0 {
        let (from, byte) = parent[i];
        bytes.push(byte);
        i = from;
    }
    bytes.reverse();
    String::from_utf8(bytes).map_err(|_| "an example is not UTF-8".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use PatternOrder::*;

    fn narrower(old: &str, new: &str) -> String {
        match compare(old, new) {
            Narrower { dropped } => dropped,
            other => panic!("{old} -> {new}: {other:?}"),
        }
    }

    fn wider(old: &str, new: &str) -> String {
        match compare(old, new) {
            Wider { added } => added,
            other => panic!("{old} -> {new}: {other:?}"),
        }
    }

    #[test]
    fn rewrites_that_accept_the_same_strings_are_the_same() {
        for (old, new) in [
            ("^[a-z]+$", "^[a-z][a-z]*$"),
            ("^[a-z]+$", "^(?:[a-z])+$"),
            ("^(a|b)$", "^[ab]$"),
            ("^[0-9]{2,3}$", "^[0-9][0-9][0-9]?$"),
            // `.*` accepts everything, anchored or not, and so do an empty and no pattern.
            (".*", ""),
            ("^.*", "a*"),
            (".*$", ""),
            ("(?s)^.*$", ""),
            // Unanchored: a pattern found anywhere; `abc.*` is found wherever `abc` is.
            ("abc", "abc.*"),
            ("abc", ".*abc"),
            ("^abc", r"\Aabc"),
            ("abc$", r"abc\z"),
            ("(?i)^abc$", "^[aA][bB][cC]$"),
            (r"^\p{Greek}+$", r"^[\p{Greek}]+$"),
            ("^x$", "^x$|^x$"),
        ] {
            assert_eq!(compare(old, new), Same, "{old} -> {new}");
        }
    }

    #[test]
    fn anchoring_narrows_with_a_string_found_only_unanchored() {
        let dropped = narrower("abc", "^abc$");
        assert!(dropped.contains("abc") && dropped.len() == 4, "{dropped:?}");
        assert_eq!(wider("^abc$", "abc"), dropped);
        let dropped = narrower("abc", "^abc");
        assert!(
            dropped.ends_with("abc") && dropped.len() == 4,
            "{dropped:?}"
        );
    }

    #[test]
    fn end_anchors_and_line_breaks_follow_regex_semantics() {
        // `$` is the end of the text, `.` no line break: `^.*$` rejects one.
        assert_eq!(narrower("", "^.*$"), "\n");
        assert_eq!(narrower("^a", "^a$"), "aa");
        // Multi-line `$` also matches before a line break.
        assert_eq!(wider("^a$", "(?m)^a$"), "a\n");
        assert_eq!(compare("(?m)^a$", "(?m)^a$(?:\n|$)"), Same);
        assert_eq!(wider("^a.b$", "(?s)^a.b$"), "a\nb");
    }

    #[test]
    fn classes_alternations_and_flags() {
        assert_eq!(wider("^[a-z.]+$", "^[a-z.-]+$"), "-");
        assert_eq!(narrower("^[a-z0-9]+$", "^[a-z]+$"), "0");
        assert_eq!(
            wider("^(Active|Passive)$", "^(Active|Passive|Drained)$"),
            "Drained"
        );
        assert_eq!(wider("^abc$", "(?i)^abc$"), "abC");
        assert_eq!(narrower("(?i)^[a-z]+$", "^[a-z]+$"), "A");
        // Unicode classes: é is a letter, not an ASCII one.
        assert_eq!(narrower(r"^\pL+$", "^[a-zA-Z]+$"), "é");
        assert_eq!(wider(r"^\w$", r"^[\w-]$"), "-");
        assert_eq!(narrower("^.$", "^[ -~]$"), "\t");
        // `\d` is Unicode's digits, not only ASCII's.
        let digit = wider("^[0-9]$", r"^\d$");
        assert!(
            !digit.is_ascii() && digit.chars().all(char::is_numeric),
            "{digit:?}"
        );
    }

    #[test]
    fn a_change_both_ways_names_a_string_of_each() {
        assert_eq!(
            compare("^[a-m]+$", "^[h-z]+$"),
            Crossed {
                dropped: "a".into(),
                added: "n".into()
            }
        );
        assert_eq!(
            compare("^a{2,4}$", "^a{3,5}$"),
            Crossed {
                dropped: "aa".into(),
                added: "aaaaa".into()
            }
        );
    }

    #[test]
    fn examples_are_valid_utf8_even_when_bytes_would_be_shorter() {
        // A multi-byte character is the only difference: the example holds it whole.
        let added = wider("^[a-z]$", "^[a-z€]$");
        assert_eq!(added, "€");
        let dropped = narrower("(?s)^.$", "^[^€]$");
        assert_eq!(dropped, "€");
    }

    #[test]
    fn gateway_api_s_own_pattern_changes() {
        // v1.2: a typo fixed in a listener protocol's class (`a-zS` held `S` twice): no change.
        let proto = |class: &str| {
            format!(
                r"^[a-zA-Z0-9]([{class}]*[a-zA-Z0-9])?$|[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/[A-Za-z0-9]+$"
            )
        };
        assert_eq!(compare(&proto("-a-zSA-Z0-9"), &proto("-a-zA-Z0-9")), Same);
        // v1.4: CORS origins, from any URI to `*` or scheme://host[:port].
        let uri = r"^(([^:/?#]+):)(//([^/?#]*))([^?#]*)(\?([^#]*))?(#(.*))?";
        let origin = r"(^\*$)|(^([a-zA-Z][a-zA-Z0-9+\-.]+):\/\/([^:/?#]+)(:([0-9]{1,5}))?$)";
        assert_eq!(
            compare(uri, origin),
            Crossed {
                dropped: "a://".into(),
                added: "*".into()
            }
        );
        // v1.5: only http and https.
        let http = r"(^\*$)|(^(http(s)?):\/\/(((\*\.)?([a-zA-Z0-9\-]+\.)*[a-zA-Z0-9-]+|\*)(:([0-9]{1,5}))?)$)";
        assert_eq!(narrower(origin, http), "aa://a");
    }

    #[test]
    fn what_cannot_be_decided_is_unknown_with_a_reason() {
        let unknown = |old: &str, new: &str| match compare(old, new) {
            Unknown(why) => why,
            other => panic!("{old} -> {new}: {other:?}"),
        };
        assert!(unknown("(", "a").starts_with("the old pattern does not compile"));
        assert!(unknown("a", "[z-a]").starts_with("the new pattern does not compile"));
        assert!(unknown(r"\bword\b", "word").contains("Unicode word boundary"));
        // ASCII word boundaries are decided.
        assert_eq!(wider(r"(?-u:\b)ab(?-u:\b)", "ab"), "aab");
    }

    #[test]
    fn hostile_patterns_give_up_quickly() {
        let started = std::time::Instant::now();
        for (old, new) in [
            ("(a|b)*a(a|b){20}", "(a|b)*a(a|b){19}"),
            ("^(a|b)*a(a|b){14}$", "^(a|b)*b(a|b){14}$"),
            (r"^\w{50}$", r"^\w{51}$"),
            ("^(?:a{1,100}){1,100}$", "^a+$"),
        ] {
            assert_eq!(
                compare(old, new),
                Unknown(TOO_LARGE.into()),
                "{old} -> {new}"
            );
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_witness_candidate_is_the_dropped_string() {
        assert_eq!(dropped(None, Some("^[a-z]+$")).as_deref(), Some(""));
        assert_eq!(
            dropped(Some("^[a-z]+$"), Some("^[a-y]+$")).as_deref(),
            Some("z")
        );
        assert_eq!(dropped(Some("^[a-y]+$"), Some("^[a-z]+$")), None);
        assert_eq!(dropped(Some("^a$"), Some("^a$")), None);
    }

    /// Every verdict agrees with the regex crate on every string of up to three characters
    /// from a small alphabet, and no such string is shorter than the example given.
    #[test]
    fn verdicts_agree_with_the_regex_crate_on_short_strings() {
        let patterns = [
            "",
            "a",
            "^a$",
            "a$",
            "(?m)^a$",
            "(?s).",
            ".",
            "^.*$",
            "^[a-z]+$",
            "[^a]",
            "(?i)A",
            r"^\w+$",
            r"(?-u:\b)a",
            "^a{2,3}$",
            "é",
            r"[^\x00-\x{10FFFF}]",
        ];
        let mut samples = vec![String::new()];
        let mut longest = vec![String::new()];
        for _ in 0..3 {
            longest = longest
                .iter()
                .flat_map(|s| ["a", "b", "A", "0", "-", "\n", "é", " "].map(|c| format!("{s}{c}")))
                .collect();
            samples.extend(longest.iter().cloned());
        }
        for old in patterns {
            for new in patterns {
                let order = compare(old, new);
                let (a, b) = (
                    regex::Regex::new(old).unwrap(),
                    regex::Regex::new(new).unwrap(),
                );
                let first = |old_matches: bool| {
                    samples
                        .iter()
                        .find(|s| a.is_match(s) == old_matches && b.is_match(s) != old_matches)
                };
                // No sample tells the sides apart where the verdict says none does, and none
                // that does is shorter (in bytes) than the example.
                let agrees =
                    |sample: Option<&String>, example: Option<&String>| match (sample, example) {
                        (None, _) => true,
                        (Some(_), None) => false,
                        (Some(s), Some(e)) => s.len() >= e.len(),
                    };
                let (dropped, added) = match &order {
                    Same => (None, None),
                    Narrower { dropped } => (Some(dropped), None),
                    Wider { added } => (None, Some(added)),
                    Crossed { dropped, added } => (Some(dropped), Some(added)),
                    Unknown(why) => panic!("{old:?} -> {new:?}: {why}"),
                };
                assert!(
                    agrees(first(true), dropped) && agrees(first(false), added),
                    "{old:?} -> {new:?}: {order:?}"
                );
            }
        }
    }
}
