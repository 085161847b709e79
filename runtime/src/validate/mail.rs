//! The `email` format: whether Go's `net/mail.ParseAddress` (as of Go 1.25, which Kubernetes 1.35
//! is built with) accepts a string, which is all strfmt's `IsEmail` asks. The whole RFC 5322
//! address grammar Go implements: display names, quoted strings, comments, dot-atoms, domain
//! literals, groups of one address, and RFC 2047 encoded words in display names.

/// strfmt's `IsEmail`: Go's `net/mail.ParseAddress` (as of Go 1.25) succeeds. Its address is
/// never empty on success, so strfmt's extra check on it never rejects anything.
pub(crate) fn email(v: &str) -> bool {
    AddrParser { s: v.as_bytes() }.single_address().is_ok()
}

/// A parse failure; `ParseAddress` callers only see that there was one.
struct Malformed;

type Parsed<T = ()> = Result<T, Malformed>;

/// Go's `addrParser`: the unparsed rest of the input, consumed from the front. Like Go it works
/// on bytes (comments are skipped byte by byte) and decodes UTF-8 only where it needs runes.
struct AddrParser<'a> {
    s: &'a [u8],
}

impl<'a> AddrParser<'a> {
    /// `parseSingleAddress`: one address (a group must hold exactly one), optional trailing
    /// comments, and nothing else.
    fn single_address(&mut self) -> Parsed {
        let count = self.address(true)?;
        if !self.skip_cfws() || !self.s.is_empty() || count != 1 {
            return Err(Malformed);
        }
        Ok(())
    }

    /// `parseAddress`: an addr-spec with an optional comment as display name, else
    /// `[phrase] <addr-spec>`, else (with `group`) `phrase : [list] ;`. Returns how many
    /// addresses were read.
    fn address(&mut self, group: bool) -> Parsed<usize> {
        self.skip_space();
        if self.s.is_empty() {
            return Err(Malformed);
        }
        if self.addr_spec().is_ok() {
            self.skip_space();
            if self.peek() == Some(b'(') {
                self.display_name_comment()?;
            }
            return Ok(1);
        }
        if self.peek() != Some(b'<') {
            self.phrase()?;
        }
        self.skip_space();
        if group && self.consume(b':') {
            return self.group_list();
        }
        if !self.consume(b'<') {
            return Err(Malformed);
        }
        self.addr_spec()?;
        if !self.consume(b'>') {
            return Err(Malformed);
        }
        Ok(1)
    }

    /// `consumeGroupList`: after `:`, addresses (no nested groups) separated by `,` up to `;`.
    fn group_list(&mut self) -> Parsed<usize> {
        self.skip_space();
        if self.consume(b';') {
            return if self.skip_cfws() {
                Ok(0)
            } else {
                Err(Malformed)
            };
        }
        let mut count = 0;
        loop {
            self.skip_space();
            count += self.address(false)?;
            if !self.skip_cfws() {
                return Err(Malformed);
            }
            if self.consume(b';') {
                return if self.skip_cfws() {
                    Ok(count)
                } else {
                    Err(Malformed)
                };
            }
            if !self.consume(b',') {
                return Err(Malformed);
            }
        }
    }

    /// `consumeAddrSpec`: `local@domain`, the local part a dot-atom or a non-empty quoted string,
    /// the domain a dot-atom or a domain literal; spaces may follow the `@`. On failure nothing
    /// is consumed.
    fn addr_spec(&mut self) -> Parsed {
        let start = self.s;
        let parsed = self.addr_spec_inner();
        if parsed.is_err() {
            self.s = start;
        }
        parsed
    }

    fn addr_spec_inner(&mut self) -> Parsed {
        self.skip_space();
        match self.peek() {
            None => return Err(Malformed),
            Some(b'"') => {
                if self.quoted_string()? == 0 {
                    return Err(Malformed);
                }
            }
            Some(_) => {
                self.atom(true, false)?;
            }
        }
        if !self.consume(b'@') {
            return Err(Malformed);
        }
        self.skip_space();
        match self.peek() {
            None => Err(Malformed),
            Some(b'[') => self.domain_literal(),
            Some(_) => self.atom(true, false).map(drop),
        }
    }

    /// `consumePhrase`: words (quoted strings, or dot-atoms tolerating stray dots), comments
    /// allowed after the first. Reading stops at the first word that fails; that is an error only
    /// if no word was read.
    fn phrase(&mut self) -> Parsed {
        let mut words = 0;
        loop {
            if words > 0 && !self.skip_cfws() {
                return Err(Malformed);
            }
            self.skip_space();
            if self.s.is_empty() {
                return Ok(());
            }
            let word = if self.peek() == Some(b'"') {
                self.quoted_string().map(drop)
            } else {
                self.atom(true, true).and_then(rfc2047_word)
            };
            if word.is_err() {
                return if words > 0 { Ok(()) } else { Err(Malformed) };
            }
            words += 1;
        }
    }

    /// `consumeQuotedString`, at a `"`: qtext, spaces, tabs and backslash-escaped visible
    /// characters or blanks up to the closing `"`. Returns how many characters it holds.
    fn quoted_string(&mut self) -> Parsed<usize> {
        let mut i = 1;
        let mut escaped = false;
        let mut len = 0;
        loop {
            let (r, size) = decode_rune(&self.s[i..])?.ok_or(Malformed)?;
            if escaped {
                if !is_vchar(r) && !is_wsp(r) {
                    return Err(Malformed);
                }
                len += 1;
                escaped = false;
            } else if is_qtext(r) || is_wsp(r) {
                len += 1;
            } else if r == '"' {
                break;
            } else if r == '\\' {
                escaped = true;
            } else {
                return Err(Malformed);
            }
            i += size;
        }
        self.s = &self.s[i + 1..];
        Ok(len)
    }

    /// `consumeAtom`: the longest run of atext (and `.` with `dot`), at least one character.
    /// Unless `permissive`, a leading, trailing or doubled `.` is an error (after consuming).
    fn atom(&mut self, dot: bool, permissive: bool) -> Parsed<&'a [u8]> {
        let mut i = 0;
        while let Some((r, size)) = decode_rune(&self.s[i..])? {
            if !is_atext(r, dot) {
                break;
            }
            i += size;
        }
        if i == 0 {
            return Err(Malformed);
        }
        let (atom, rest) = self.s.split_at(i);
        self.s = rest;
        if !permissive
            && (atom.starts_with(b".")
                || atom.ends_with(b".")
                || atom.windows(2).any(|w| w == b".."))
        {
            return Err(Malformed);
        }
        Ok(atom)
    }

    /// `consumeDomainLiteral`: `[dtext]` where the dtext is an address `net.ParseIP` accepts
    /// (Go 1.25: any IPv4 or IPv6 address without zone, and no `IPv6:` tag).
    fn domain_literal(&mut self) -> Parsed {
        if !self.consume(b'[') {
            return Err(Malformed);
        }
        let mut i = 0;
        loop {
            match self.s.get(i) {
                None => return Err(Malformed),
                Some(b']') => break,
                Some(_) => {}
            }
            let (r, size) = decode_rune(&self.s[i..])?.ok_or(Malformed)?;
            if !is_dtext(r) {
                return Err(Malformed);
            }
            i += size;
        }
        let dtext = &self.s[..i];
        self.s = &self.s[i + 1..];
        match crate::cel::library::ip::parse_addr(dtext) {
            Ok(addr) if addr.zone.is_empty() => Ok(()),
            _ => Err(Malformed),
        }
    }

    /// `consumeDisplayNameComment`, at a `(`: a comment whose blank-separated words must not be
    /// encoded-words in a charset Go cannot decode.
    fn display_name_comment(&mut self) -> Parsed {
        if !self.consume(b'(') {
            return Err(Malformed);
        }
        let comment = self.comment()?;
        comment
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|word| !word.is_empty())
            .try_for_each(rfc2047_word)
    }

    /// `consume`: takes `c` if the input starts with it.
    fn consume(&mut self, c: u8) -> bool {
        match self.s.split_first() {
            Some((&first, rest)) if first == c => {
                self.s = rest;
                true
            }
            _ => false,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.first().copied()
    }

    /// `skipSpace`: spaces and tabs.
    fn skip_space(&mut self) {
        while let Some((b' ' | b'\t', rest)) = self.s.split_first() {
            self.s = rest;
        }
    }

    /// `skipCFWS`: blanks and parenthesized comments; false for an unclosed comment.
    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        while self.consume(b'(') {
            if self.comment().is_err() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// `consumeComment`, after a `(`: bytes up to the matching `)`, nested parentheses counted
    /// and a backslash taking the next byte literally. Returns the text without the escaping
    /// backslashes and the closing `)`; an error if the input ends first.
    fn comment(&mut self) -> Parsed<Vec<u8>> {
        let mut depth = 1;
        let mut text = Vec::new();
        while depth > 0 {
            let Some(&b) = self.s.first() else {
                return Err(Malformed);
            };
            if b == b'\\' && self.s.len() > 1 {
                self.s = &self.s[1..];
            } else if b == b'(' {
                depth += 1;
            } else if b == b')' {
                depth -= 1;
            }
            if depth > 0 {
                text.push(self.s[0]);
            }
            self.s = &self.s[1..];
        }
        Ok(text)
    }
}

/// `utf8.DecodeRune` at the start of `s`: `None` at the end of the input, an error for an
/// invalid encoding (Go's `RuneError` of width 1, which every caller rejects).
fn decode_rune(s: &[u8]) -> Parsed<Option<(char, usize)>> {
    let Some(&lead) = s.first() else {
        return Ok(None);
    };
    let width = match lead {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return Err(Malformed),
    };
    let text = s
        .get(..width)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
        .ok_or(Malformed)?;
    Ok(text.chars().next().map(|c| (c, width)))
}

/// `decodeRFC2047Word` with the default decoder: only a well-formed encoded-word whose text
/// decodes but whose charset is not UTF-8, ISO-8859-1 or US-ASCII is an error; anything else is
/// either decoded or kept as plain text.
fn rfc2047_word(word: &[u8]) -> Parsed {
    let Some(inner) = word
        .strip_prefix(b"=?")
        .and_then(|w| w.strip_suffix(b"?="))
        .filter(|_| word.len() >= 8 && word.iter().filter(|&&b| b == b'?').count() == 4)
    else {
        return Ok(());
    };
    // `inner` holds exactly two `?`: charset?encoding?text.
    let mut fields = inner.splitn(3, |&b| b == b'?');
    let (Some(charset), Some(encoding), Some(text)) = (fields.next(), fields.next(), fields.next())
    else {
        return Ok(());
    };
    let decodes = match encoding {
        [b'B' | b'b'] => is_std_base64(text),
        [b'Q' | b'q'] => is_q_encoded(text),
        _ => false,
    };
    let known = std::str::from_utf8(charset).is_ok_and(|charset| {
        ["utf-8", "iso-8859-1", "us-ascii"].iter().any(|name| {
            // strings.EqualFold; of these letters only `s` has a non-ASCII fold, `ſ`.
            let folded = charset.chars().map(|c| match c {
                'ſ' => 's',
                c => c.to_ascii_lowercase(),
            });
            folded.eq(name.chars())
        })
    });
    if charset.is_empty() || !decodes || known {
        Ok(())
    } else {
        Err(Malformed)
    }
}

/// Whether `base64.StdEncoding.DecodeString` accepts `text`: CR and LF are ignored, the rest is
/// whole 4-character quanta of the standard alphabet, the last one possibly ending in `=` or
/// `==`. Unused trailing bits need not be zero.
fn is_std_base64(text: &[u8]) -> bool {
    let data: Vec<u8> = text
        .iter()
        .copied()
        .filter(|&b| b != b'\r' && b != b'\n')
        .collect();
    let body = data
        .strip_suffix(b"==")
        .or_else(|| data.strip_suffix(b"="))
        .unwrap_or(&data);
    data.len().is_multiple_of(4)
        && body
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

/// Whether `mime`'s Q decoding accepts `text`: printable ASCII, tab, CR and LF, with each `=`
/// followed by two hex digits.
fn is_q_encoded(text: &[u8]) -> bool {
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        if c == b'=' {
            if !text
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
            {
                return false;
            }
            i += 2;
        } else if !matches!(c, b' '..=b'~' | b'\t' | b'\r' | b'\n') {
            return false;
        }
        i += 1;
    }
    true
}

/// RFC 5322 atext (with `.` if `dot`): visible characters except the specials.
fn is_atext(r: char, dot: bool) -> bool {
    match r {
        '.' => dot,
        '(' | ')' | '<' | '>' | '[' | ']' | ':' | ';' | '@' | '\\' | ',' | '"' => false,
        _ => is_vchar(r),
    }
}

/// RFC 5322 qtext: visible characters except `\` and `"`.
fn is_qtext(r: char) -> bool {
    r != '\\' && r != '"' && is_vchar(r)
}

/// RFC 5322 dtext: visible characters except `[`, `]` and `\`.
fn is_dtext(r: char) -> bool {
    !matches!(r, '[' | ']' | '\\') && is_vchar(r)
}

/// Visible ASCII, or any non-ASCII character (RFC 6532).
fn is_vchar(r: char) -> bool {
    ('!'..='~').contains(&r) || !r.is_ascii()
}

fn is_wsp(r: char) -> bool {
    r == ' ' || r == '\t'
}
