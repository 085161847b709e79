//! A reader for protobuf text format, enough for the cel-spec conformance files: messages,
//! scalar fields (strings with escapes and adjacent-literal concatenation, numbers, identifiers),
//! `[extension]` field names, `#` comments and `[...]` lists.

#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    Scalar(String),
    Str(Vec<u8>),
    Message(Message),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Message {
    pub fields: Vec<(String, Field)>,
}

impl Message {
    pub fn get(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, f)| f)
    }

    pub fn all<'m>(&'m self, name: &'m str) -> impl Iterator<Item = &'m Field> + 'm {
        self.fields
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, f)| f)
    }

    pub fn message(&self, name: &str) -> Option<&Message> {
        match self.get(name)? {
            Field::Message(m) => Some(m),
            _ => None,
        }
    }

    pub fn string(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Field::Str(b) => Some(String::from_utf8_lossy(b).into_owned()),
            Field::Scalar(s) => Some(s.clone()),
            Field::Message(_) => None,
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Field::Scalar(s)) if s == "true")
    }
}

pub fn parse(text: &str) -> Result<Message, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let m = p.message(None)?;
    Ok(m)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn skip(&mut self) {
        while self.i < self.s.len() {
            match self.s[self.i] {
                b' ' | b'\t' | b'\n' | b'\r' | b',' | b';' => self.i += 1,
                b'#' => {
                    while self.i < self.s.len() && self.s[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.s.get(self.i).copied()
    }

    fn err(&self, what: &str) -> String {
        let line = self.s[..self.i.min(self.s.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        format!("line {line}: {what}")
    }

    fn message(&mut self, close: Option<u8>) -> Result<Message, String> {
        let mut m = Message::default();
        loop {
            match self.peek() {
                None if close.is_none() => return Ok(m),
                None => return Err(self.err("unexpected end")),
                Some(c) if Some(c) == close => {
                    self.i += 1;
                    return Ok(m);
                }
                Some(_) => {
                    let name = self.name()?;
                    self.skip();
                    let mut had_colon = false;
                    if self.peek() == Some(b':') {
                        self.i += 1;
                        had_colon = true;
                    }
                    match self.peek() {
                        Some(b'[') if had_colon => {
                            self.i += 1;
                            loop {
                                if self.peek() == Some(b']') {
                                    self.i += 1;
                                    break;
                                }
                                let v = self.value()?;
                                m.fields.push((name.clone(), v));
                            }
                        }
                        _ => {
                            let v = self.value()?;
                            m.fields.push((name, v));
                        }
                    }
                }
            }
        }
    }

    fn name(&mut self) -> Result<String, String> {
        self.skip();
        if self.s.get(self.i) == Some(&b'[') {
            let start = self.i;
            while self.i < self.s.len() && self.s[self.i] != b']' {
                self.i += 1;
            }
            self.i += 1;
            return Ok(String::from_utf8_lossy(&self.s[start..self.i]).into_owned());
        }
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || self.s[self.i] == b'_'
                || self.s[self.i] == b'.')
        {
            self.i += 1;
        }
        if start == self.i {
            return Err(self.err("expected a field name"));
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    fn value(&mut self) -> Result<Field, String> {
        match self.peek() {
            Some(b'{') => {
                self.i += 1;
                Ok(Field::Message(self.message(Some(b'}'))?))
            }
            Some(b'<') => {
                self.i += 1;
                Ok(Field::Message(self.message(Some(b'>'))?))
            }
            Some(b'"') | Some(b'\'') => {
                let mut bytes = Vec::new();
                while matches!(self.peek(), Some(b'"') | Some(b'\'')) {
                    bytes.extend(self.string()?);
                }
                Ok(Field::Str(bytes))
            }
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric()
                        || matches!(self.s[self.i], b'_' | b'.' | b'-' | b'+'))
                {
                    self.i += 1;
                }
                if start == self.i {
                    return Err(self.err("expected a value"));
                }
                Ok(Field::Scalar(
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
                ))
            }
            None => Err(self.err("expected a value")),
        }
    }

    fn string(&mut self) -> Result<Vec<u8>, String> {
        let quote = self.s[self.i];
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return Err(self.err("unterminated string"));
            };
            self.i += 1;
            if c == quote {
                return Ok(out);
            }
            if c != b'\\' {
                out.push(c);
                continue;
            }
            let Some(&e) = self.s.get(self.i) else {
                return Err(self.err("bad escape"));
            };
            self.i += 1;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'a' => out.push(7),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'v' => out.push(11),
                b'\\' | b'\'' | b'"' | b'?' => out.push(e),
                b'x' => {
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < 2 && self.i < self.s.len() && self.s[self.i].is_ascii_hexdigit() {
                        v = v * 16 + (self.s[self.i] as char).to_digit(16).unwrap();
                        self.i += 1;
                        n += 1;
                    }
                    out.push(v as u8);
                }
                b'u' | b'U' => {
                    let digits = if e == b'u' { 4 } else { 8 };
                    let hex = std::str::from_utf8(&self.s[self.i..self.i + digits])
                        .map_err(|e| e.to_string())?;
                    self.i += digits;
                    let c =
                        char::from_u32(u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?)
                            .ok_or("bad code point")?;
                    let mut buf = [0u8; 4];
                    out.extend(c.encode_utf8(&mut buf).as_bytes());
                }
                b'0'..=b'7' => {
                    let mut v = (e - b'0') as u32;
                    let mut n = 1;
                    while n < 3 && self.i < self.s.len() && (b'0'..=b'7').contains(&self.s[self.i])
                    {
                        v = v * 8 + (self.s[self.i] - b'0') as u32;
                        self.i += 1;
                        n += 1;
                    }
                    out.push(v as u8);
                }
                other => return Err(self.err(&format!("unknown escape \\{}", other as char))),
            }
        }
    }
}
