//! The tag grammar of validation-gen (gengo's `codetags`), which every `+k8s:` tag is written in:
//!
//! ```text
//! tag    = name [ "(" [ args ] ")" ] [ "=" value | "=+" tag ] [ ws* "#" comment ]
//! args   = value | ident ":" ws* value { "," ws* ident ":" ws* value }
//! value  = int | string | ident          (true and false are booleans; other idents strings)
//! name   = [\p{L}_][\p{L}\p{Nd}_.\-:]*
//! ident  = [\p{L}_][\p{L}\p{Nd}_.\-]*
//! int    = what Go's strconv.ParseInt(s, 0, 64) accepts: [+-], 0x / 0o / 0b prefixes
//! string = "..." or `...`; the only escapes are \\ and a backslash before the same quote
//! ```
//!
//! Whitespace may stand only after `,` and `:` in arguments and before `#`. `=+` starts a nested
//! tag when a letter or `_` follows the `+` (`=+5` is the integer 5), and nests to any depth:
//! `+k8s:item(name: "x")=+k8s:subfield(port)=+k8s:immutable`.

use std::fmt;

/// A parsed tag.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// Without the `+`: `k8s:minimum`.
    pub name: String,
    pub args: Args,
    pub value: Option<TagValue>,
}

/// The arguments in parentheses.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Args {
    /// No parentheses, or empty ones.
    #[default]
    None,
    Positional(Scalar),
    Named(Vec<(String, Scalar)>),
}

/// A value after `=`: a scalar, or a nested tag.
#[derive(Debug, Clone, PartialEq)]
pub enum TagValue {
    Scalar(Scalar),
    Tag(Box<Tag>),
}

/// A scalar value.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Int(i64),
    Bool(bool),
    /// A quoted string or a bare identifier (`k8s-short-name` and `"k8s-short-name"` are the
    /// same value).
    String(String),
}

impl Scalar {
    /// The kind's name in messages (`int`, `bool`, `string`).
    pub fn kind(&self) -> &'static str {
        match self {
            Scalar::Int(_) => "int",
            Scalar::Bool(_) => "bool",
            Scalar::String(_) => "string",
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Int(i) => write!(f, "{i}"),
            Scalar::Bool(b) => write!(f, "{b}"),
            Scalar::String(s) => write!(f, "{s:?}"),
        }
    }
}

/// Why a tag does not parse, and at which byte of the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// Byte offset into the parsed text.
    pub offset: usize,
    pub message: String,
    /// The tag is in a namespace kubeidl reads (`+kubebuilder:validation:`, `+k8s:`) and no
    /// spelling has its name: a typo, or another tool's marker. controller-gen ignores such.
    pub unknown_tag: bool,
    /// The line is controller-gen's `+name:=value` spelling of a marker without a namespace
    /// (`+listType:=set`), which openapi-gen does not read; this is what controller-gen reads.
    pub controller_gen_spelling: Option<String>,
}

impl SyntaxError {
    pub fn new(offset: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset,
            message: message.into(),
            unknown_tag: false,
            controller_gen_spelling: None,
        }
    }
}

/// Parses one tag; `text` starts with `+` (leading and trailing space already trimmed).
pub fn parse(text: &str) -> Result<Tag, SyntaxError> {
    let mut p = Parser { text, pos: 0 };
    if !p.eat('+') {
        return Err(p.error("a tag starts with '+'"));
    }
    let tag = p.tag()?;
    p.comment()?;
    Ok(tag)
}

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

fn ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn ident_char(c: char) -> bool {
    c.is_alphabetic() || c.is_numeric() || matches!(c, '_' | '.' | '-')
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.text[self.pos..].chars().nth(1)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError::new(self.pos, message)
    }

    /// The error for whatever stands at the current position.
    fn unexpected(&self) -> SyntaxError {
        match self.peek() {
            Some(c) => self.error(format!("unexpected character {c:?}")),
            None => self.error("unexpected end of input"),
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &str {
        let start = self.pos;
        while let Some(c) = self.peek().filter(|c| keep(*c)) {
            self.pos += c.len_utf8();
        }
        &self.text[start..self.pos]
    }

    fn tag(&mut self) -> Result<Tag, SyntaxError> {
        if !self.peek().is_some_and(ident_start) {
            return Err(self.error("a tag name starts with a letter or '_'"));
        }
        let name = self.take_while(|c| ident_char(c) || c == ':').to_string();
        let mut args = Args::None;
        let mut had_args = false;
        if self.eat('(') {
            had_args = true;
            args = self.args()?;
        }
        if !self.eat('=') {
            return Ok(Tag {
                name,
                args,
                value: None,
            });
        }
        let value = match self.peek() {
            Some('+') if self.peek_second().is_some_and(ident_start) => {
                self.pos += 1;
                Some(TagValue::Tag(Box::new(self.tag()?)))
            }
            // `name(args)=` with nothing after is a tag without a value (as gengo reads it).
            None | Some(' ' | '\t' | '#') if had_args => None,
            _ => Some(TagValue::Scalar(self.scalar()?)),
        };
        Ok(Tag { name, args, value })
    }

    /// After `(`, up to and including `)`.
    fn args(&mut self) -> Result<Args, SyntaxError> {
        if self.eat(')') {
            return Ok(Args::None);
        }
        let start = self.pos;
        let first = self.scalar_or_name()?;
        if !self.eat(':') {
            if self.eat(')') {
                return Ok(Args::Positional(first.into_scalar()));
            }
            if self.peek() == Some(',') {
                return Err(self.error("multiple arguments must use 'name: value' syntax"));
            }
            return Err(self.unexpected());
        }
        let Some(name) = first.name() else {
            return Err(SyntaxError::new(
                start,
                "an argument name must be an identifier",
            ));
        };
        let mut named = Vec::new();
        let mut name = name;
        loop {
            self.skip_spaces();
            let value = self.scalar()?;
            named.push((name, value));
            if self.eat(')') {
                return Ok(Args::Named(named));
            }
            if !self.eat(',') {
                return Err(self.unexpected());
            }
            self.skip_spaces();
            let at = self.pos;
            match self.scalar_or_name()? {
                Word::Name(n) if self.eat(':') => name = n,
                _ => {
                    return Err(SyntaxError::new(
                        at,
                        "can't mix named and positional arguments",
                    ))
                }
            }
        }
    }

    fn scalar(&mut self) -> Result<Scalar, SyntaxError> {
        Ok(self.scalar_or_name()?.into_scalar())
    }

    fn scalar_or_name(&mut self) -> Result<Word, SyntaxError> {
        let start = self.pos;
        match self.peek() {
            Some(q @ ('"' | '`')) => {
                self.pos += 1;
                let mut out = String::new();
                loop {
                    match self.peek() {
                        None => return Err(SyntaxError::new(start, "unterminated string")),
                        Some('\\') => {
                            self.pos += 1;
                            match self.peek() {
                                Some(c) if c == q || c == '\\' => {
                                    out.push(c);
                                    self.pos += c.len_utf8();
                                }
                                Some(c) => {
                                    return Err(
                                        self.error(format!("unhandled escaped character {c:?}"))
                                    )
                                }
                                None => return Err(SyntaxError::new(start, "unterminated string")),
                            }
                        }
                        Some(c) if c == q => {
                            self.pos += 1;
                            return Ok(Word::Scalar(Scalar::String(out)));
                        }
                        Some(c) => {
                            out.push(c);
                            self.pos += c.len_utf8();
                        }
                    }
                }
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => {
                let text =
                    self.take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_'));
                match parse_go_int(text) {
                    Some(i) => Ok(Word::Scalar(Scalar::Int(i))),
                    None => Err(SyntaxError::new(start, format!("invalid number {text:?}"))),
                }
            }
            Some(c) if ident_start(c) => {
                let word = self.take_while(ident_char).to_string();
                Ok(match word.as_str() {
                    "true" => Word::Scalar(Scalar::Bool(true)),
                    "false" => Word::Scalar(Scalar::Bool(false)),
                    _ => Word::Name(word),
                })
            }
            _ => Err(self.unexpected()),
        }
    }

    /// Optional trailing ` # comment`, then the end.
    fn comment(&mut self) -> Result<(), SyntaxError> {
        let before = self.pos;
        self.skip_spaces();
        if self.peek() == Some('#') || self.pos == self.text.len() {
            return Ok(());
        }
        self.pos = before;
        Err(self.unexpected())
    }
}

/// A value that may also be an argument's name.
enum Word {
    Scalar(Scalar),
    Name(String),
}

impl Word {
    fn into_scalar(self) -> Scalar {
        match self {
            Word::Scalar(s) => s,
            Word::Name(n) => Scalar::String(n),
        }
    }

    fn name(self) -> Option<String> {
        match self {
            Word::Name(n) => Some(n),
            Word::Scalar(_) => None,
        }
    }
}

/// Go's `strconv.ParseInt(s, 0, 64)`: an optional sign, a `0x`/`0o`/`0b` or leading-`0` (octal)
/// base prefix, and `_` between digits only with a prefix.
fn parse_go_int(text: &str) -> Option<i64> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits, prefixed) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d, true)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d, true)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d, true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..], true)
    } else {
        (10, lower.as_str(), false)
    };
    if digits.contains('_') {
        // Underscores only between digits (or after the prefix), and only with a base prefix.
        if !prefixed || digits.ends_with('_') || digits.contains("__") {
            return None;
        }
    }
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() {
        return None;
    }
    let magnitude = u64::from_str_radix(&digits, radix).ok()?;
    if negative {
        if magnitude <= i64::MAX as u64 + 1 {
            Some((magnitude as i64).wrapping_neg())
        } else {
            None
        }
    } else {
        i64::try_from(magnitude).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(name: &str, args: Args, value: Option<TagValue>) -> Tag {
        Tag {
            name: name.into(),
            args,
            value,
        }
    }

    fn s(v: &str) -> Scalar {
        Scalar::String(v.into())
    }

    #[test]
    fn reads_every_form() {
        let cases: Vec<(&str, Tag)> = vec![
            ("+k8s:optional", tag("k8s:optional", Args::None, None)),
            (
                "+k8s:minimum=0",
                tag(
                    "k8s:minimum",
                    Args::None,
                    Some(TagValue::Scalar(Scalar::Int(0))),
                ),
            ),
            (
                "+k8s:minimum=-0x10",
                tag(
                    "k8s:minimum",
                    Args::None,
                    Some(TagValue::Scalar(Scalar::Int(-16))),
                ),
            ),
            (
                "+k8s:format=k8s-short-name",
                tag(
                    "k8s:format",
                    Args::None,
                    Some(TagValue::Scalar(s("k8s-short-name"))),
                ),
            ),
            (
                r#"+k8s:format="k8s-short-name""#,
                tag(
                    "k8s:format",
                    Args::None,
                    Some(TagValue::Scalar(s("k8s-short-name"))),
                ),
            ),
            (
                "+k8s:neq=true # never",
                tag(
                    "k8s:neq",
                    Args::None,
                    Some(TagValue::Scalar(Scalar::Bool(true))),
                ),
            ),
            (
                "+k8s:subfield(name)=+k8s:format=k8s-long-name",
                tag(
                    "k8s:subfield",
                    Args::Positional(s("name")),
                    Some(TagValue::Tag(Box::new(tag(
                        "k8s:format",
                        Args::None,
                        Some(TagValue::Scalar(s("k8s-long-name"))),
                    )))),
                ),
            ),
            (
                r#"+k8s:item(type: "Ready", index: 2)=+k8s:eachVal=+k8s:immutable"#,
                tag(
                    "k8s:item",
                    Args::Named(vec![
                        ("type".into(), s("Ready")),
                        ("index".into(), Scalar::Int(2)),
                    ]),
                    Some(TagValue::Tag(Box::new(tag(
                        "k8s:eachVal",
                        Args::None,
                        Some(TagValue::Tag(Box::new(tag(
                            "k8s:immutable",
                            Args::None,
                            None,
                        )))),
                    )))),
                ),
            ),
            (
                "+k8s:unionMember(union: u1,memberName: `M\\`x`)",
                tag(
                    "k8s:unionMember",
                    Args::Named(vec![
                        ("union".into(), s("u1")),
                        ("memberName".into(), s("M`x")),
                    ]),
                    None,
                ),
            ),
            (
                "+k8s:ifEnabled(Opt)=",
                tag("k8s:ifEnabled", Args::Positional(s("Opt")), None),
            ),
            (
                "+k8s:neq=+5",
                tag(
                    "k8s:neq",
                    Args::None,
                    Some(TagValue::Scalar(Scalar::Int(5))),
                ),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn rejects_what_gengo_rejects_with_the_place() {
        let cases = [
            ("+k8s:minimum = 1", 12, "unexpected character ' '"),
            ("+k8s:minimum=", 13, "unexpected end of input"),
            (
                "+k8s:subfield( name)=+k8s:optional",
                14,
                "unexpected character ' '",
            ),
            (
                "+k8s:item(a : 1)=+k8s:optional",
                11,
                "unexpected character ' '",
            ),
            ("+k8s:item(a: 1 )", 14, "unexpected character ' '"),
            (
                "+k8s:item(a, b)",
                11,
                "multiple arguments must use 'name: value' syntax",
            ),
            (
                "+k8s:item(a: 1, b)",
                16,
                "can't mix named and positional arguments",
            ),
            ("+k8s:minimum=12ab", 13, "invalid number \"12ab\""),
            (
                "+k8s:minimum=99999999999999999999",
                13,
                "invalid number \"99999999999999999999\"",
            ),
            ("+k8s:format=\"abc", 12, "unterminated string"),
            (
                "+k8s:format=\"a\\nb\"",
                15,
                "unhandled escaped character 'n'",
            ),
            ("k8s:optional", 0, "a tag starts with '+'"),
            ("+9lives", 1, "a tag name starts with a letter or '_'"),
            ("+k8s:optional trailing", 13, "unexpected character ' '"),
        ];
        for (text, offset, message) in cases {
            let err = parse(text).expect_err(text);
            assert_eq!(
                (err.offset, err.message.as_str()),
                (offset, message),
                "{text}"
            );
        }
    }

    #[test]
    fn integers_follow_go_parse_int() {
        for (text, want) in [
            ("10", Some(10)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("9223372036854775808", None),
            ("0o17", Some(15)),
            ("017", Some(15)),
            ("0b101", Some(5)),
            ("0x_1F", Some(31)),
            ("1_000", None),
            ("0x", None),
            ("+7", Some(7)),
        ] {
            assert_eq!(parse_go_int(text), want, "{text}");
        }
    }
}
