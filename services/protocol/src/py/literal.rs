//! `ast.literal_eval` for the literals the reference's fallback can meet.

use super::*;

// ---------------------------------------------------------------------------------------------------------
// ast.literal_eval
// ---------------------------------------------------------------------------------------------------------

/// Why `ast.literal_eval` fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiteralError {
    /// `ValueError` / `SyntaxError`: not a literal (the reference catches these).
    Invalid,
    /// A literal this model does not represent (sets, complex numbers, `...`): the reference would accept
    /// it; callers treat it as invalid.
    Unsupported,
    /// `TypeError` (unhashable dict key) or nesting beyond the parser's limit.
    Other,
}

/// `ast.literal_eval(text)` for the literal forms a stamp payload can carry: dicts, lists, tuples, strings
/// (all prefixes and escapes, implicit concatenation), bytes, ints (any base), floats, `True`, `False`,
/// `None`, and unary signs on numbers.
pub fn literal_eval(text: &str) -> Result<PyValue, LiteralError> {
    let text = text.trim_start_matches([' ', '\t']);
    let chars: Vec<char> = text.chars().collect();
    let mut p = LitParser {
        s: &chars,
        i: 0,
        depth: 0,
        nesting: 0,
    };
    p.skip();
    let v = p.expr()?;
    p.skip_all();
    if p.i != chars.len() {
        return Err(LiteralError::Invalid);
    }
    Ok(v)
}

struct LitParser<'a> {
    s: &'a [char],
    i: usize,
    depth: usize,
    /// Open brackets: inside them newlines are plain whitespace.
    nesting: usize,
}

impl LitParser<'_> {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    fn skip(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t' | '\x0c') => self.i += 1,
                Some('\n' | '\r') if self.nesting > 0 => self.i += 1,
                Some('\\') if matches!(self.s.get(self.i + 1), Some('\n')) => self.i += 2,
                Some('#') => {
                    while !matches!(self.peek(), None | Some('\n')) {
                        self.i += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn skip_all(&mut self) {
        loop {
            self.skip();
            match self.peek() {
                Some('\n' | '\r') => self.i += 1,
                _ => return,
            }
        }
    }

    fn expr(&mut self) -> Result<PyValue, LiteralError> {
        self.depth += 1;
        if self.depth > MAX_LITERAL_DEPTH {
            return Err(LiteralError::Other);
        }
        let v = self.expr_inner();
        self.depth -= 1;
        v
    }

    fn expr_inner(&mut self) -> Result<PyValue, LiteralError> {
        self.skip();
        let Some(c) = self.peek() else {
            return Err(LiteralError::Invalid);
        };
        let v = match c {
            '-' | '+' => {
                self.i += 1;
                self.skip();
                let operand = self.atom()?;
                let neg = c == '-';
                match operand {
                    PyValue::Int(n) if neg => PyValue::Int(PyInt {
                        neg: !n.neg && !n.is_zero(),
                        mag: n.mag,
                    }),
                    PyValue::Int(n) => PyValue::Int(n),
                    PyValue::Bool(b) => PyValue::Int(PyInt::from_i128(if neg {
                        -i128::from(b)
                    } else {
                        i128::from(b)
                    })),
                    PyValue::Float(f) => PyValue::Float(if neg { -f } else { f }),
                    _ => return Err(LiteralError::Invalid),
                }
            }
            _ => self.atom()?,
        };
        self.skip();
        if matches!(self.peek(), Some('+' | '-')) {
            // Only complex sums are literals.
            return Err(LiteralError::Unsupported);
        }
        Ok(v)
    }

    fn atom(&mut self) -> Result<PyValue, LiteralError> {
        let Some(c) = self.peek() else {
            return Err(LiteralError::Invalid);
        };
        match c {
            '{' => self.dict(),
            '[' => {
                self.i += 1;
                let items = self.sequence(']')?.0;
                Ok(PyValue::List(items))
            }
            '(' => {
                self.i += 1;
                let (items, trailing_comma) = self.sequence(')')?;
                if items.len() == 1 && !trailing_comma {
                    Ok(items.into_iter().next().unwrap_or(PyValue::None))
                } else {
                    Ok(PyValue::Tuple(items))
                }
            }
            '0'..='9' | '.' => self.number(),
            '\'' | '"' => self.strings(),
            c if c.is_alphabetic() || c == '_' => {
                let start = self.i;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.i += 1;
                }
                let word: String = self.s[start..self.i].iter().collect();
                if matches!(self.peek(), Some('\'' | '"'))
                    && matches!(
                        word.to_ascii_lowercase().as_str(),
                        "r" | "u" | "b" | "br" | "rb" | "f" | "rf" | "fr"
                    )
                {
                    self.i = start;
                    return self.strings();
                }
                match word.as_str() {
                    "True" => Ok(PyValue::Bool(true)),
                    "False" => Ok(PyValue::Bool(false)),
                    "None" => Ok(PyValue::None),
                    "set" => Err(LiteralError::Unsupported),
                    _ => Err(LiteralError::Invalid),
                }
            }
            _ => Err(LiteralError::Invalid),
        }
    }

    /// Items up to `close`; returns them and whether a comma ended the list.
    fn sequence(&mut self, close: char) -> Result<(Vec<PyValue>, bool), LiteralError> {
        self.nesting += 1;
        let mut items = Vec::new();
        let mut trailing = false;
        loop {
            self.skip();
            if self.peek() == Some(close) {
                self.i += 1;
                break;
            }
            if !items.is_empty() && !trailing {
                return Err(LiteralError::Invalid);
            }
            items.push(self.expr()?);
            self.skip();
            trailing = false;
            match self.peek() {
                Some(',') => {
                    self.i += 1;
                    trailing = true;
                }
                Some(c) if c == close => {}
                _ => return Err(LiteralError::Invalid),
            }
        }
        self.nesting -= 1;
        if items.is_empty() && trailing {
            return Err(LiteralError::Invalid);
        }
        Ok((items, trailing))
    }

    fn dict(&mut self) -> Result<PyValue, LiteralError> {
        self.i += 1;
        self.nesting += 1;
        let mut d = PyDict::new();
        let mut first = true;
        loop {
            self.skip();
            if self.peek() == Some('}') {
                self.i += 1;
                break;
            }
            let key = self.expr()?;
            self.skip();
            if self.peek() != Some(':') {
                return Err(if first && matches!(self.peek(), Some(',' | '}')) {
                    LiteralError::Unsupported
                } else {
                    LiteralError::Invalid
                });
            }
            self.i += 1;
            let value = self.expr()?;
            if matches!(key, PyValue::List(_) | PyValue::Dict(_)) {
                return Err(LiteralError::Other);
            }
            d.insert(key, value);
            first = false;
            self.skip();
            match self.peek() {
                Some(',') => self.i += 1,
                Some('}') => {}
                _ => return Err(LiteralError::Invalid),
            }
        }
        self.nesting -= 1;
        Ok(PyValue::Dict(d))
    }

    fn number(&mut self) -> Result<PyValue, LiteralError> {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            || (matches!(self.peek(), Some('+' | '-'))
                && matches!(self.s.get(self.i.wrapping_sub(1)), Some('e' | 'E'))
                && !self.s[start..self.i]
                    .iter()
                    .any(|c| matches!(c, 'x' | 'X' | 'b' | 'B' | 'o' | 'O')))
        {
            self.i += 1;
        }
        let text: String = self.s[start..self.i].iter().collect();
        parse_py_number(&text)
    }

    fn strings(&mut self) -> Result<PyValue, LiteralError> {
        let mut text: Option<String> = None;
        let mut bytes: Option<Vec<u8>> = None;
        loop {
            self.skip();
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                self.i += 1;
            }
            let prefix: String = self.s[start..self.i]
                .iter()
                .collect::<String>()
                .to_ascii_lowercase();
            let Some(q) = self.peek().filter(|c| *c == '\'' || *c == '"') else {
                self.i = start;
                break;
            };
            let (raw, is_bytes) = match prefix.as_str() {
                "" | "u" => (false, false),
                "r" => (true, false),
                "b" => (false, true),
                "br" | "rb" => (true, true),
                "f" | "rf" | "fr" => return Err(LiteralError::Invalid),
                _ => return Err(LiteralError::Invalid),
            };
            let triple = self.s.get(self.i..self.i + 3) == Some(&[q, q, q][..]);
            self.i += if triple { 3 } else { 1 };
            let mut body = Vec::new();
            loop {
                let Some(c) = self.peek() else {
                    return Err(LiteralError::Invalid);
                };
                if c == q {
                    if !triple {
                        self.i += 1;
                        break;
                    }
                    if self.s.get(self.i..self.i + 3) == Some(&[q, q, q][..]) {
                        self.i += 3;
                        break;
                    }
                }
                if (c == '\n' || c == '\r') && !triple {
                    return Err(LiteralError::Invalid);
                }
                if c == '\\' {
                    let Some(n) = self.s.get(self.i + 1).copied() else {
                        return Err(LiteralError::Invalid);
                    };
                    body.push(c);
                    body.push(n);
                    self.i += 2;
                    continue;
                }
                body.push(c);
                self.i += 1;
            }
            if is_bytes {
                if text.is_some() {
                    return Err(LiteralError::Invalid);
                }
                let b = decode_py_bytes(&body, raw)?;
                bytes.get_or_insert_with(Vec::new).extend(b);
            } else {
                if bytes.is_some() {
                    return Err(LiteralError::Invalid);
                }
                let s = decode_py_str(&body, raw)?;
                text.get_or_insert_with(String::new).push_str(&s);
            }
        }
        match (text, bytes) {
            (Some(t), None) => Ok(PyValue::Str(t)),
            (None, Some(b)) => Ok(PyValue::Bytes(b)),
            _ => Err(LiteralError::Invalid),
        }
    }
}

fn parse_py_number(text: &str) -> Result<PyValue, LiteralError> {
    let lower = text.to_ascii_lowercase();
    if lower.ends_with('j') {
        return Err(LiteralError::Unsupported);
    }
    // Underscores only between digits.
    let bytes = lower.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'_' {
            let prev = i.checked_sub(1).and_then(|p| bytes.get(p));
            let next = bytes.get(i + 1);
            if !prev.is_some_and(u8::is_ascii_hexdigit) || !next.is_some_and(u8::is_ascii_hexdigit)
            {
                return Err(LiteralError::Invalid);
            }
        }
    }
    let clean: String = lower.chars().filter(|c| *c != '_').collect();
    for (prefix, radix) in [("0x", 16u32), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = clean.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return Err(LiteralError::Invalid);
            }
            return radix_to_int(digits, radix).map(PyValue::Int);
        }
    }
    if clean.contains(['.', 'e']) {
        let valid = {
            let (mant, exp) = match clean.split_once('e') {
                Some((m, e)) => (m, Some(e)),
                None => (clean.as_str(), None),
            };
            let mant_ok = !mant.is_empty()
                && mant != "."
                && mant.chars().filter(|c| *c == '.').count() <= 1
                && mant.chars().all(|c| c.is_ascii_digit() || c == '.');
            let exp_ok = exp.is_none_or(|e| {
                let e = e.strip_prefix(['+', '-']).unwrap_or(e);
                !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
            });
            mant_ok && exp_ok
        };
        if !valid {
            return Err(LiteralError::Invalid);
        }
        return clean
            .parse::<f64>()
            .map(PyValue::Float)
            .map_err(|_| LiteralError::Invalid);
    }
    if !clean.chars().all(|c| c.is_ascii_digit()) || clean.is_empty() {
        return Err(LiteralError::Invalid);
    }
    if clean.len() > 1 && clean.starts_with('0') && clean.chars().any(|c| c != '0') {
        return Err(LiteralError::Invalid);
    }
    if clean.len() > INT_MAX_STR_DIGITS {
        return Err(LiteralError::Invalid);
    }
    PyInt::parse(&clean)
        .map(PyValue::Int)
        .ok_or(LiteralError::Invalid)
}

fn radix_to_int(digits: &str, radix: u32) -> Result<PyInt, LiteralError> {
    // Decimal digit vector, least significant first.
    let mut acc: Vec<u32> = vec![0];
    if digits.len() > 16_000 {
        return Err(LiteralError::Invalid);
    }
    for c in digits.chars() {
        let d = c.to_digit(radix).ok_or(LiteralError::Invalid)?;
        let mut carry = d;
        for x in acc.iter_mut() {
            let v = *x * radix + carry;
            *x = v % 10;
            carry = v / 10;
        }
        while carry > 0 {
            acc.push(carry % 10);
            carry /= 10;
        }
    }
    let s: String = acc
        .iter()
        .rev()
        .map(|d| char::from_digit(*d, 10).unwrap_or('0'))
        .collect();
    if s.trim_start_matches('0').len() > INT_MAX_STR_DIGITS {
        return Err(LiteralError::Invalid);
    }
    PyInt::parse(&s).ok_or(LiteralError::Invalid)
}

fn decode_py_str(body: &[char], raw: bool) -> Result<String, LiteralError> {
    if raw {
        return Ok(body.iter().collect());
    }
    let mut out = String::new();
    let mut i = 0;
    let hex = |i: usize, n: usize| -> Result<u32, LiteralError> {
        let h = body.get(i..i + n).ok_or(LiteralError::Invalid)?;
        let mut v = 0u32;
        for c in h {
            v = v * 16 + c.to_digit(16).ok_or(LiteralError::Invalid)?;
        }
        Ok(v)
    };
    while i < body.len() {
        let c = body[i];
        if c != '\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let Some(&e) = body.get(i + 1) else {
            return Err(LiteralError::Invalid);
        };
        i += 2;
        match e {
            '\n' => {}
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            'x' => {
                out.push(char::from_u32(hex(i, 2)?).ok_or(LiteralError::Invalid)?);
                i += 2;
            }
            'u' => {
                out.push(char::from_u32(hex(i, 4)?).unwrap_or('\u{fffd}'));
                i += 4;
            }
            'U' => {
                let v = hex(i, 8)?;
                out.push(char::from_u32(v).ok_or(LiteralError::Invalid)?);
                i += 8;
            }
            'N' => return Err(LiteralError::Unsupported),
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let mut n = 0;
                while n < 2 && body.get(i).is_some_and(|c| c.is_digit(8)) {
                    v = v * 8 + body[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                out.push(char::from_u32(v).ok_or(LiteralError::Invalid)?);
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

fn decode_py_bytes(body: &[char], raw: bool) -> Result<Vec<u8>, LiteralError> {
    if body.iter().any(|c| !c.is_ascii()) {
        return Err(LiteralError::Invalid);
    }
    if raw {
        return Ok(body.iter().map(|c| *c as u8).collect());
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c != '\\' {
            out.push(c as u8);
            i += 1;
            continue;
        }
        let Some(&e) = body.get(i + 1) else {
            return Err(LiteralError::Invalid);
        };
        i += 2;
        match e {
            '\n' => {}
            '\\' => out.push(b'\\'),
            '\'' => out.push(b'\''),
            '"' => out.push(b'"'),
            'a' => out.push(7),
            'b' => out.push(8),
            'f' => out.push(12),
            'n' => out.push(b'\n'),
            'r' => out.push(b'\r'),
            't' => out.push(b'\t'),
            'v' => out.push(11),
            'x' => {
                let h: String = body
                    .get(i..i + 2)
                    .ok_or(LiteralError::Invalid)?
                    .iter()
                    .collect();
                out.push(u8::from_str_radix(&h, 16).map_err(|_| LiteralError::Invalid)?);
                i += 2;
            }
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let mut n = 0;
                while n < 2 && body.get(i).is_some_and(|c| c.is_digit(8)) {
                    v = v * 8 + body[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                out.push((v & 0xff) as u8);
            }
            other => {
                out.push(b'\\');
                out.push(other as u8);
            }
        }
    }
    Ok(out)
}
