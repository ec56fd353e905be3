//! `json.loads` as CPython reads JSON, floats as `Decimal` or `float`.

use super::*;

// ---------------------------------------------------------------------------------------------------------
// json.loads
// ---------------------------------------------------------------------------------------------------------

/// How `json.loads` fails, by the Python exception it raises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    /// `json.JSONDecodeError` (a `ValueError`): the message and character position.
    Decode(&'static str, usize),
    /// `ValueError` from `int()` for more than 4300 digits (not a `JSONDecodeError`).
    IntTooLong,
    /// `RecursionError`: nesting too deep.
    TooDeep,
    /// `UnicodeDecodeError` (a `ValueError`) while decoding bytes.
    Unicode,
}

/// How `json.loads` turns JSON numbers with a fraction or exponent into Python values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatMode {
    /// The default: `float`.
    Float,
    /// `parse_float=Decimal`.
    Decimal,
}

/// `json.loads(text)` (strict mode, CPython's C scanner); `floats` picks `parse_float`.
pub fn json_loads(text: &str, floats: FloatMode) -> Result<PyValue, JsonError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.first() == Some(&'\u{feff}') {
        return Err(JsonError::Decode(
            "Unexpected UTF-8 BOM (decode using utf-8-sig)",
            0,
        ));
    }
    let mut p = JsonParser { s: &chars, floats };
    let start = p.skip_ws(0);
    let (value, end) = p.value(start)?;
    let end = p.skip_ws(end);
    if end != chars.len() {
        return Err(JsonError::Decode("Extra data", end));
    }
    Ok(value)
}

/// `json.loads(data)` for `bytes`: the encoding is detected from the first bytes (UTF-8, UTF-16 or UTF-32,
/// with or without BOM) and decoded with `surrogatepass`, as CPython does.
pub fn json_loads_bytes(data: &[u8], floats: FloatMode) -> Result<PyValue, JsonError> {
    let text = decode_json_bytes(data).ok_or(JsonError::Unicode)?;
    json_loads(&text, floats)
}

fn decode_json_bytes(b: &[u8]) -> Option<String> {
    enum Enc {
        Utf8,
        Utf8Sig,
        Utf16(bool, bool),
        Utf32(bool, bool),
    }
    let enc = if b.starts_with(&[0, 0, 0xfe, 0xff]) || b.starts_with(&[0xff, 0xfe, 0, 0]) {
        Enc::Utf32(b.starts_with(&[0xff, 0xfe]), true)
    } else if b.starts_with(&[0xfe, 0xff]) || b.starts_with(&[0xff, 0xfe]) {
        Enc::Utf16(b.starts_with(&[0xff, 0xfe]), true)
    } else if b.starts_with(&[0xef, 0xbb, 0xbf]) {
        Enc::Utf8Sig
    } else if b.len() >= 4 {
        if b[0] == 0 {
            if b[1] != 0 {
                Enc::Utf16(false, false)
            } else {
                Enc::Utf32(false, false)
            }
        } else if b[1] == 0 {
            if b[2] != 0 || b[3] != 0 {
                Enc::Utf16(true, false)
            } else {
                Enc::Utf32(true, false)
            }
        } else {
            Enc::Utf8
        }
    } else if b.len() == 2 && b[0] == 0 {
        Enc::Utf16(false, false)
    } else if b.len() == 2 && b[1] == 0 {
        Enc::Utf16(true, false)
    } else {
        Enc::Utf8
    };
    match enc {
        Enc::Utf8 => decode_utf8_surrogatepass(b),
        Enc::Utf8Sig => decode_utf8_surrogatepass(&b[3..]),
        Enc::Utf16(le, bom) => {
            let body = if bom { &b[2..] } else { b };
            if body.len() % 2 != 0 {
                return None;
            }
            let units = body.chunks_exact(2).map(|c| {
                if le {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            });
            Some(
                char::decode_utf16(units)
                    .map(|r| r.unwrap_or('\u{fffd}'))
                    .collect(),
            )
        }
        Enc::Utf32(le, bom) => {
            let body = if bom { &b[4..] } else { b };
            if body.len() % 4 != 0 {
                return None;
            }
            let mut s = String::with_capacity(body.len() / 4);
            for c in body.chunks_exact(4) {
                let arr = [c[0], c[1], c[2], c[3]];
                let cp = if le {
                    u32::from_le_bytes(arr)
                } else {
                    u32::from_be_bytes(arr)
                };
                if (0xd800..0xe000).contains(&cp) {
                    s.push('\u{fffd}');
                } else {
                    s.push(char::from_u32(cp)?);
                }
            }
            Some(s)
        }
    }
}

/// UTF-8 decoding that also accepts encoded surrogates (`surrogatepass`), which become U+FFFD here.
fn decode_utf8_surrogatepass(b: &[u8]) -> Option<String> {
    if let Ok(s) = std::str::from_utf8(b) {
        return Some(s.to_owned());
    }
    let mut out = String::with_capacity(b.len());
    let mut rest = b;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).ok()?);
                // An encoded surrogate: ED A0..BF 80..BF.
                if bad.len() >= 3
                    && bad[0] == 0xed
                    && (0xa0..=0xbf).contains(&bad[1])
                    && (0x80..=0xbf).contains(&bad[2])
                {
                    out.push('\u{fffd}');
                    rest = &bad[3..];
                } else {
                    return None;
                }
            }
        }
    }
    Some(out)
}

struct JsonParser<'a> {
    s: &'a [char],
    floats: FloatMode,
}

impl JsonParser<'_> {
    fn skip_ws(&self, mut i: usize) -> usize {
        while matches!(self.s.get(i), Some(' ' | '\t' | '\n' | '\r')) {
            i += 1;
        }
        i
    }

    fn matches(&self, i: usize, word: &str) -> bool {
        let n = word.chars().count();
        self.s
            .get(i..i + n)
            .is_some_and(|w| w.iter().copied().eq(word.chars()))
    }

    /// A scalar at `i`, or `Err(Some(open))` when a container starts there.
    fn scalar(&self, i: usize) -> Result<Result<(PyValue, usize), char>, JsonError> {
        let expecting = JsonError::Decode("Expecting value", i);
        let Some(&c) = self.s.get(i) else {
            return Err(expecting);
        };
        Ok(Ok(match c {
            '"' => {
                let (s, end) = self.string(i + 1)?;
                (PyValue::Str(s), end)
            }
            '{' | '[' => return Ok(Err(c)),
            'n' if self.matches(i, "null") => (PyValue::None, i + 4),
            't' if self.matches(i, "true") => (PyValue::Bool(true), i + 4),
            'f' if self.matches(i, "false") => (PyValue::Bool(false), i + 5),
            'N' if self.matches(i, "NaN") => (PyValue::Float(f64::NAN), i + 3),
            'I' if self.matches(i, "Infinity") => (PyValue::Float(f64::INFINITY), i + 8),
            '-' if self.matches(i, "-Infinity") => (PyValue::Float(f64::NEG_INFINITY), i + 9),
            '-' | '0'..='9' => self.number(i)?.ok_or(expecting)?,
            _ => return Err(expecting),
        }))
    }

    /// Parses the value at `i` without recursion (an explicit stack of open containers).
    fn value(&mut self, i: usize) -> Result<(PyValue, usize), JsonError> {
        enum Open {
            List(Vec<PyValue>),
            Dict(PyDict, String),
        }
        let mut stack: Vec<Open> = Vec::new();
        let mut i = i;
        loop {
            // Parse one value (opening containers as needed).
            let (mut value, mut end) = loop {
                match self.scalar(i)? {
                    Ok(done) => break done,
                    Err(open) => {
                        if stack.len() >= MAX_JSON_DEPTH {
                            return Err(JsonError::TooDeep);
                        }
                        let j = self.skip_ws(i + 1);
                        if open == '[' {
                            if self.s.get(j) == Some(&']') {
                                break (PyValue::List(Vec::new()), j + 1);
                            }
                            stack.push(Open::List(Vec::new()));
                            i = j;
                        } else {
                            if self.s.get(j) == Some(&'}') {
                                break (PyValue::Dict(PyDict::new()), j + 1);
                            }
                            let (key, after) = self.key(j)?;
                            stack.push(Open::Dict(PyDict::new(), key));
                            i = after;
                        }
                    }
                }
            };
            // Attach it to the enclosing containers, closing those that end here.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok((value, end));
                };
                let j = self.skip_ws(end);
                let close = match top {
                    Open::List(items) => {
                        items.push(value);
                        ']'
                    }
                    Open::Dict(d, key) => {
                        d.insert(PyValue::Str(std::mem::take(key)), value);
                        '}'
                    }
                };
                match self.s.get(j) {
                    Some(&c) if c == close => {
                        value = match stack.pop() {
                            Some(Open::List(items)) => PyValue::List(items),
                            Some(Open::Dict(d, _)) => PyValue::Dict(d),
                            None => PyValue::None,
                        };
                        end = j + 1;
                    }
                    Some(',') => {
                        let k = self.skip_ws(j + 1);
                        if let Some(Open::Dict(_, key)) = stack.last_mut() {
                            let (next_key, after) = self.key(k)?;
                            *key = next_key;
                            i = after;
                        } else {
                            i = k;
                        }
                        break;
                    }
                    _ => return Err(JsonError::Decode("Expecting ',' delimiter", j)),
                }
            }
        }
    }

    /// `"key" :` at `i`; returns the key and the position of the value.
    fn key(&self, i: usize) -> Result<(String, usize), JsonError> {
        if self.s.get(i) != Some(&'"') {
            return Err(JsonError::Decode(
                "Expecting property name enclosed in double quotes",
                i,
            ));
        }
        let (key, end) = self.string(i + 1)?;
        let j = self.skip_ws(end);
        if self.s.get(j) != Some(&':') {
            return Err(JsonError::Decode("Expecting ':' delimiter", j));
        }
        Ok((key, self.skip_ws(j + 1)))
    }

    fn number(&self, start: usize) -> Result<Option<(PyValue, usize)>, JsonError> {
        let s = self.s;
        let digit = |i: usize| s.get(i).is_some_and(char::is_ascii_digit);
        let mut i = start;
        if s.get(i) == Some(&'-') {
            i += 1;
        }
        match s.get(i) {
            Some('0') => i += 1,
            Some('1'..='9') => {
                while digit(i) {
                    i += 1;
                }
            }
            _ => return Ok(None),
        }
        let mut is_float = false;
        if s.get(i) == Some(&'.') && digit(i + 1) {
            i += 2;
            while digit(i) {
                i += 1;
            }
            is_float = true;
        }
        if matches!(s.get(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(s.get(j), Some('+' | '-')) {
                j += 1;
            }
            if digit(j) {
                while digit(j) {
                    j += 1;
                }
                i = j;
                is_float = true;
            }
        }
        let text: String = s[start..i].iter().collect();
        if is_float {
            let v = match self.floats {
                FloatMode::Decimal => PyDecimal::parse(&text)
                    .map(PyValue::Decimal)
                    .ok_or(JsonError::Decode("Expecting value", start))?,
                FloatMode::Float => PyValue::Float(text.parse::<f64>().unwrap_or(f64::NAN)),
            };
            return Ok(Some((v, i)));
        }
        let digits = text.trim_start_matches('-').len();
        if digits > INT_MAX_STR_DIGITS {
            return Err(JsonError::IntTooLong);
        }
        let v = PyInt::parse(&text).ok_or(JsonError::Decode("Expecting value", start))?;
        Ok(Some((PyValue::Int(v), i)))
    }

    fn string(&self, mut i: usize) -> Result<(String, usize), JsonError> {
        let begin = i.saturating_sub(1);
        let mut out = String::new();
        loop {
            let Some(&c) = self.s.get(i) else {
                return Err(JsonError::Decode("Unterminated string starting at", begin));
            };
            match c {
                '"' => return Ok((out, i + 1)),
                '\\' => {
                    let Some(&e) = self.s.get(i + 1) else {
                        return Err(JsonError::Decode("Unterminated string starting at", begin));
                    };
                    i += 2;
                    match e {
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        '/' => out.push('/'),
                        'b' => out.push('\x08'),
                        'f' => out.push('\x0c'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'u' => {
                            let hi = self
                                .hex4(i)
                                .ok_or(JsonError::Decode("Invalid \\uXXXX escape", i - 1))?;
                            i += 4;
                            if (0xd800..0xdc00).contains(&hi)
                                && self.s.get(i) == Some(&'\\')
                                && self.s.get(i + 1) == Some(&'u')
                                && let Some(lo) = self.hex4(i + 2)
                                && (0xdc00..0xe000).contains(&lo)
                            {
                                let cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                                out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                                i += 6;
                            } else {
                                out.push(char::from_u32(hi).unwrap_or('\u{fffd}'));
                            }
                        }
                        _ => return Err(JsonError::Decode("Invalid \\escape", i - 2)),
                    }
                }
                _ if u32::from(c) < 0x20 => {
                    return Err(JsonError::Decode("Invalid control character at", i));
                }
                _ => {
                    out.push(c);
                    i += 1;
                }
            }
        }
    }

    fn hex4(&self, i: usize) -> Option<u32> {
        let h = self.s.get(i..i + 4)?;
        let mut v = 0u32;
        for c in h {
            v = v * 16 + c.to_digit(16)?;
        }
        Some(v)
    }
}
