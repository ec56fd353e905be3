//! A model of the Python values the reference Stamps indexer computes with, and of the CPython functions its
//! consensus depends on: `json.loads` (with `parse_float=Decimal`), the `repr(bytes)` + `ast.literal_eval`
//! fallback of `util.convert_to_dict_or_string`, `repr()` and `json.dumps()`.
//!
//! Everything is pure and bounded: nesting depth, number sizes and output sizes are capped, and no input
//! panics. Where CPython raises, the functions return an error whose kind tells the caller which Python
//! exception it stands for, because the reference reacts differently to each.
//!
//! One representational deviation: Rust strings cannot hold lone UTF-16 surrogates, which CPython strings
//! can (`"\ud800"` in JSON, `surrogatepass` decoding). They become U+FFFD here. No check the reference
//! applies to SRC-20, SRC-721 or MIME decisions accepts a surrogate either way, so no outcome changes; only
//! the text of an otherwise irrelevant field would differ.

mod decimal;
mod tables;

use std::collections::HashMap;
use std::fmt::Write as _;

pub use decimal::{DecimalError, PyDecimal};

pub(crate) use tables::{decimal_value, is_digit, is_printable, is_space};

/// Deepest container nesting accepted by the decoders (CPython raises `RecursionError` near 1000 for JSON
/// and a `SyntaxError` at 200 parentheses for literals).
pub const MAX_JSON_DEPTH: usize = 990;
const MAX_LITERAL_DEPTH: usize = 200;
/// CPython's default limit on the digits of an `int` parsed from text (`sys.get_int_max_str_digits()`).
pub const INT_MAX_STR_DIGITS: usize = 4300;

/// A Python `int` of any size: sign and decimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PyInt {
    neg: bool,
    /// Decimal digits without leading zeros; `"0"` for zero.
    mag: String,
}

impl PyInt {
    /// Parses optional `-` and ASCII digits (leading zeros allowed). `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mag = digits.trim_start_matches('0');
        let mag = if mag.is_empty() { "0" } else { mag };
        Some(PyInt {
            neg: neg && mag != "0",
            mag: mag.to_owned(),
        })
    }

    /// The int `n`.
    pub fn from_i128(n: i128) -> Self {
        PyInt {
            neg: n < 0,
            mag: n.unsigned_abs().to_string(),
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// The absolute value's decimal digits.
    pub fn magnitude(&self) -> &str {
        &self.mag
    }

    /// The value if it fits an `i128`.
    pub fn to_i128(&self) -> Option<i128> {
        let m: i128 = self.mag.parse().ok()?;
        Some(if self.neg { -m } else { m })
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.mag == "0"
    }
}

impl std::fmt::Display for PyInt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.neg {
            f.write_str("-")?;
        }
        f.write_str(&self.mag)
    }
}

/// A Python value as the reference sees it after decoding.
#[derive(Debug, Clone, PartialEq)]
pub enum PyValue {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// `int`.
    Int(PyInt),
    /// `float`.
    Float(f64),
    /// `decimal.Decimal`.
    Decimal(PyDecimal),
    /// `str`.
    Str(String),
    /// `bytes`.
    Bytes(Vec<u8>),
    /// `list`.
    List(Vec<PyValue>),
    /// `tuple`.
    Tuple(Vec<PyValue>),
    /// `dict`.
    Dict(PyDict),
}

/// A Python `dict`: insertion ordered; inserting an equal key again replaces the value in place and keeps
/// the first key object (so JSON's duplicate keys resolve "last value wins, first position").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PyDict {
    entries: Vec<(PyValue, PyValue)>,
    str_index: HashMap<String, usize>,
}

impl PyDict {
    /// An empty dict.
    pub fn new() -> Self {
        Self::default()
    }

    /// `d[key] = value`.
    pub fn insert(&mut self, key: PyValue, value: PyValue) {
        if let PyValue::Str(s) = &key {
            if let Some(&i) = self.str_index.get(s) {
                if let Some(e) = self.entries.get_mut(i) {
                    e.1 = value;
                }
                return;
            }
            self.str_index.insert(s.clone(), self.entries.len());
            self.entries.push((key, value));
            return;
        }
        if let Some(e) = self.entries.iter_mut().find(|(k, _)| key_eq(k, &key)) {
            e.1 = value;
            return;
        }
        self.entries.push((key, value));
    }

    /// `d[key] = value` for a string key.
    pub fn set(&mut self, key: &str, value: PyValue) {
        self.insert(PyValue::Str(key.to_owned()), value);
    }

    /// `d.get(key)` for a string key.
    pub fn get(&self, key: &str) -> Option<&PyValue> {
        self.str_index
            .get(key)
            .and_then(|&i| self.entries.get(i))
            .map(|(_, v)| v)
    }

    /// `key in d` for a string key.
    pub fn contains(&self, key: &str) -> bool {
        self.str_index.contains_key(key)
    }

    /// `d.pop(key)` for a string key; later entries keep their order.
    pub fn remove(&mut self, key: &str) -> Option<PyValue> {
        let i = self.str_index.remove(key)?;
        let (_, v) = self.entries.remove(i);
        for idx in self.str_index.values_mut() {
            if *idx > i {
                *idx -= 1;
            }
        }
        Some(v)
    }

    /// Entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&PyValue, &PyValue)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries (`not d`).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `{k.lower(): v for k, v in d.items()}`; `None` when a key is not a string (Python raises).
    pub fn with_lowercase_keys(&self) -> Option<PyDict> {
        let mut out = PyDict::new();
        for (k, v) in &self.entries {
            let PyValue::Str(s) = k else { return None };
            out.insert(PyValue::Str(py_lower(s)), v.clone());
        }
        Some(out)
    }
}

/// Python `==` between values used as dict keys (numbers compare across types, `True == 1`).
fn key_eq(a: &PyValue, b: &PyValue) -> bool {
    use PyValue as V;
    let num = |v: &PyValue| -> Option<PyDecimal> {
        match v {
            V::Bool(x) => Some(PyDecimal::from_u128(u128::from(*x))),
            V::Int(i) => Some(PyDecimal::from_int(i)),
            V::Decimal(d) => Some(d.clone()),
            V::Float(f) if f.is_finite() => PyDecimal::parse(&format!("{f:e}")),
            _ => None,
        }
    };
    match (a, b) {
        (V::None, V::None) => true,
        (V::Str(x), V::Str(y)) => x == y,
        (V::Bytes(x), V::Bytes(y)) => x == y,
        (V::Tuple(x), V::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| key_eq(p, q))
        }
        (V::Float(x), V::Float(y)) => x == y,
        _ => match (num(a), num(b)) {
            (Some(x), Some(y)) => x.num_cmp(&y) == Some(std::cmp::Ordering::Equal),
            _ => false,
        },
    }
}

impl PyValue {
    /// Python truthiness (`bool(v)`).
    pub fn is_truthy(&self) -> bool {
        match self {
            PyValue::None => false,
            PyValue::Bool(b) => *b,
            PyValue::Int(i) => !i.is_zero(),
            PyValue::Float(f) => *f != 0.0,
            PyValue::Decimal(d) => d.is_truthy(),
            PyValue::Str(s) => !s.is_empty(),
            PyValue::Bytes(b) => !b.is_empty(),
            PyValue::List(l) | PyValue::Tuple(l) => !l.is_empty(),
            PyValue::Dict(d) => !d.is_empty(),
        }
    }

    /// The string, if this is a `str`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PyValue::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The dict, if this is a `dict`.
    pub fn as_dict(&self) -> Option<&PyDict> {
        match self {
            PyValue::Dict(d) => Some(d),
            _ => None,
        }
    }

    /// `str(v)` for the value kinds the reference formats (`str` of a str is itself).
    pub fn py_str(&self) -> String {
        match self {
            PyValue::Str(s) => s.clone(),
            PyValue::Decimal(d) => d.to_string(),
            other => repr(other),
        }
    }

    /// `v == ""`.
    pub fn is_empty_str(&self) -> bool {
        matches!(self, PyValue::Str(s) if s.is_empty())
    }
}

// ---------------------------------------------------------------------------------------------------------
// String helpers
// ---------------------------------------------------------------------------------------------------------

/// `s.lower()`.
pub fn py_lower(s: &str) -> String {
    s.to_lowercase()
}

/// `s.upper()`.
pub fn py_upper(s: &str) -> String {
    s.to_uppercase()
}

/// `s.strip()` (Unicode whitespace).
pub fn py_strip(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// `s.encode("unicode_escape").decode()`: backslash, `\t`, `\n`, `\r` escaped, other non-printable-ASCII
/// code points as `\xNN`, `\uNNNN` or `\UNNNNNNNN`.
pub fn unicode_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let cp = u32::from(c);
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            ' '..='~' => out.push(c),
            _ if cp < 0x100 => {
                let _ = write!(out, "\\x{cp:02x}");
            }
            _ if cp < 0x10000 => {
                let _ = write!(out, "\\u{cp:04x}");
            }
            _ => {
                let _ = write!(out, "\\U{cp:08x}");
            }
        }
    }
    out
}

/// `s.encode("utf-8").decode("unicode_escape")`: the inverse of [`unicode_escape`] for the escapes it
/// writes (and Python's other simple escapes). Bytes of non-ASCII characters come back as latin-1 code
/// points, as in Python. `None` where Python raises (a truncated `\x`, `\u` or `\U`).
pub fn unicode_unescape(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'\\' {
            out.push(char::from(b));
            i += 1;
            continue;
        }
        let esc = *bytes.get(i + 1)?;
        i += 2;
        let hex = |n: usize, i: usize| -> Option<u32> {
            let h = bytes.get(i..i + n)?;
            if !h.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
        };
        match esc {
            b'\\' => out.push('\\'),
            b'\'' => out.push('\''),
            b'"' => out.push('"'),
            b'n' => out.push('\n'),
            b't' => out.push('\t'),
            b'r' => out.push('\r'),
            b'a' => out.push('\x07'),
            b'b' => out.push('\x08'),
            b'f' => out.push('\x0c'),
            b'v' => out.push('\x0b'),
            b'\n' => {}
            b'x' => {
                out.push(char::from_u32(hex(2, i)?)?);
                i += 2;
            }
            b'u' => {
                out.push(char::from_u32(hex(4, i)?).unwrap_or('\u{fffd}'));
                i += 4;
            }
            b'U' => {
                out.push(char::from_u32(hex(8, i)?)?);
                i += 8;
            }
            b'0'..=b'7' => {
                let mut v = u32::from(esc - b'0');
                let mut n = 0;
                while n < 2 && bytes.get(i).is_some_and(|c| (b'0'..=b'7').contains(c)) {
                    v = v * 8 + u32::from(bytes[i] - b'0');
                    i += 1;
                    n += 1;
                }
                out.push(char::from_u32(v)?);
            }
            other => {
                out.push('\\');
                out.push(char::from(other));
            }
        }
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------------------
// repr
// ---------------------------------------------------------------------------------------------------------

/// `repr(v)` exactly as CPython writes it.
pub fn repr(v: &PyValue) -> String {
    let mut out = String::new();
    write_repr(&mut out, v);
    out
}

fn write_repr(out: &mut String, v: &PyValue) {
    match v {
        PyValue::None => out.push_str("None"),
        PyValue::Bool(true) => out.push_str("True"),
        PyValue::Bool(false) => out.push_str("False"),
        PyValue::Int(i) => {
            let _ = write!(out, "{i}");
        }
        PyValue::Float(f) => out.push_str(&float_repr(*f)),
        PyValue::Decimal(d) => {
            let _ = write!(out, "Decimal('{d}')");
        }
        PyValue::Str(s) => out.push_str(&str_repr(s)),
        PyValue::Bytes(b) => out.push_str(&bytes_repr(b)),
        PyValue::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(out, item);
            }
            out.push(']');
        }
        PyValue::Tuple(items) => {
            out.push('(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(out, item);
            }
            if items.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        PyValue::Dict(d) => {
            out.push('{');
            for (i, (k, v)) in d.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(out, k);
                out.push_str(": ");
                write_repr(out, v);
            }
            out.push('}');
        }
    }
}

/// `repr(s)` of a `str`.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        let cp = u32::from(c);
        match c {
            _ if c == quote || c == '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ if cp < 0x20 || cp == 0x7f => {
                let _ = write!(out, "\\x{cp:02x}");
            }
            _ if cp < 0x7f => out.push(c),
            _ if is_printable(cp) => out.push(c),
            _ if cp < 0x100 => {
                let _ = write!(out, "\\x{cp:02x}");
            }
            _ if cp < 0x10000 => {
                let _ = write!(out, "\\u{cp:04x}");
            }
            _ => {
                let _ = write!(out, "\\U{cp:08x}");
            }
        }
    }
    out.push(quote);
    out
}

/// `repr(b)` of `bytes`: `b'...'` (or `b"..."` when it holds `'` and no `"`).
pub fn bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::with_capacity(b.len() + 3);
    out.push('b');
    out.push(char::from(quote));
    for &byte in b {
        match byte {
            _ if byte == quote || byte == b'\\' => {
                out.push('\\');
                out.push(char::from(byte));
            }
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            0x20..=0x7e => out.push(char::from(byte)),
            _ => {
                let _ = write!(out, "\\x{byte:02x}");
            }
        }
    }
    out.push(char::from(quote));
    out
}

/// `repr(f)` of a `float` (shortest round-trip digits; exponent form below 1e-4 and from 1e16).
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // `{:e}` gives the shortest round-trip digits as d.ddddde±x.
    let sci = format!("{:e}", f.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let sign = if f < 0.0 { "-" } else { "" };
    if !(-4..16).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let mantissa = if rest.is_empty() {
            first.to_string()
        } else {
            format!("{first}.{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{mantissa}e{esign}{:02}", exp.abs());
    }
    let n = digits.len() as i32;
    if exp < 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else if exp + 1 >= n {
        format!("{sign}{digits}{}.0", "0".repeat((exp + 1 - n) as usize))
    } else {
        let (i, fr) = digits.split_at((exp + 1) as usize);
        format!("{sign}{i}.{fr}")
    }
}

// ---------------------------------------------------------------------------------------------------------
// json.dumps
// ---------------------------------------------------------------------------------------------------------

/// Why `json.dumps` fails: the value holds something JSON cannot encode (`TypeError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DumpsError(pub &'static str);

/// `json.dumps(v)` with Python's defaults: `", "` and `": "` separators, `ensure_ascii=True`,
/// `allow_nan=True`. Decimals and bytes are not JSON serialisable (`TypeError`).
pub fn json_dumps(v: &PyValue) -> Result<String, DumpsError> {
    let mut out = String::new();
    dump_into(&mut out, v, 0)?;
    Ok(out)
}

fn dump_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

fn dump_float(f: f64) -> String {
    if f.is_nan() {
        "NaN".into()
    } else if f.is_infinite() {
        if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        }
    } else {
        float_repr(f)
    }
}

fn dump_into(out: &mut String, v: &PyValue, depth: usize) -> Result<(), DumpsError> {
    if depth > MAX_JSON_DEPTH {
        return Err(DumpsError("maximum recursion depth exceeded"));
    }
    match v {
        PyValue::None => out.push_str("null"),
        PyValue::Bool(true) => out.push_str("true"),
        PyValue::Bool(false) => out.push_str("false"),
        PyValue::Int(i) => {
            let _ = write!(out, "{i}");
        }
        PyValue::Float(f) => out.push_str(&dump_float(*f)),
        PyValue::Decimal(_) => {
            return Err(DumpsError(
                "Object of type Decimal is not JSON serializable",
            ));
        }
        PyValue::Bytes(_) => {
            return Err(DumpsError("Object of type bytes is not JSON serializable"));
        }
        PyValue::Str(s) => dump_str(out, s),
        PyValue::List(items) | PyValue::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                dump_into(out, item, depth + 1)?;
            }
            out.push(']');
        }
        PyValue::Dict(d) => {
            out.push('{');
            for (i, (k, v)) in d.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let key = match k {
                    PyValue::Str(s) => s.clone(),
                    PyValue::Float(f) => dump_float(*f),
                    PyValue::Bool(true) => "true".into(),
                    PyValue::Bool(false) => "false".into(),
                    PyValue::None => "null".into(),
                    PyValue::Int(i) => i.to_string(),
                    _ => {
                        return Err(DumpsError("keys must be str, int, float, bool or None"));
                    }
                };
                dump_str(out, &key);
                out.push_str(": ");
                dump_into(out, v, depth + 1)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

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

// ---------------------------------------------------------------------------------------------------------
// util.convert_to_dict_or_string
// ---------------------------------------------------------------------------------------------------------

/// Why the reference's `convert_to_dict_or_string(data, "dict")` fails, which decides whether the
/// transaction is silently not a stamp or would have raised out of the stamp processor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// `DataConversionError` / `InvalidInputDataError` / `ValueError`: the reference drops the stamp.
    NotAStamp,
    /// An exception the reference's stamp processor does not catch (`RecursionError`, `TypeError`): the
    /// reference's behaviour is undefined; callers treat it as not a stamp.
    Uncaught,
}

/// The reference's decoding of a raw stamp payload into a dict (`util.convert_to_dict_or_string`):
/// `json.loads(bytes, parse_float=Decimal)`; on a JSON error, `repr(bytes)[2:-1]` is decoded again as JSON
/// and then with `ast.literal_eval` (which is how Python-literal payloads are accepted and why their
/// non-ASCII text arrives as latin-1 mojibake). A JSON string result is decoded again the same way.
pub fn convert_to_dict(data: &[u8]) -> Result<PyDict, ConvertError> {
    let text = match json_loads_bytes(data, FloatMode::Decimal) {
        Ok(PyValue::Dict(d)) => return Ok(d),
        Ok(PyValue::Str(s)) => s,
        Ok(_) => return Err(ConvertError::NotAStamp),
        Err(JsonError::Decode(..)) => {
            let r = bytes_repr(data);
            r.get(2..r.len().saturating_sub(1)).unwrap_or("").to_owned()
        }
        Err(JsonError::TooDeep) => return Err(ConvertError::Uncaught),
        Err(JsonError::IntTooLong | JsonError::Unicode) => return Err(ConvertError::NotAStamp),
    };
    convert_str_to_dict(&text)
}

/// The same conversion for a `str` input: `json.loads(text, parse_float=Decimal)`, then
/// `ast.literal_eval(text)`; the result must be a dict.
pub fn convert_str_to_dict(text: &str) -> Result<PyDict, ConvertError> {
    match json_loads(text, FloatMode::Decimal) {
        Ok(PyValue::Dict(d)) => Ok(d),
        Ok(_) => Err(ConvertError::NotAStamp),
        Err(JsonError::Decode(..)) => match literal_eval(text) {
            Ok(PyValue::Dict(d)) => Ok(d),
            Ok(_) | Err(LiteralError::Invalid | LiteralError::Unsupported) => {
                Err(ConvertError::NotAStamp)
            }
            Err(LiteralError::Other) => Err(ConvertError::Uncaught),
        },
        Err(JsonError::TooDeep) => Err(ConvertError::Uncaught),
        Err(_) => Err(ConvertError::NotAStamp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loads(s: &str) -> PyValue {
        json_loads(s, FloatMode::Decimal).expect("json")
    }

    #[test]
    fn repr_strings() {
        assert_eq!(str_repr("abc"), "'abc'");
        assert_eq!(str_repr("it's"), "\"it's\"");
        assert_eq!(str_repr("it's \"x\""), "'it\\'s \"x\"'");
        assert_eq!(str_repr("a\\b\n\r\t"), "'a\\\\b\\n\\r\\t'");
        assert_eq!(str_repr("\x00\x1f\x7f"), "'\\x00\\x1f\\x7f'");
        assert_eq!(str_repr("\u{80}\u{a0}\u{ad}é"), "'\\x80\\xa0\\xadé'");
        assert_eq!(str_repr("🐶"), "'🐶'");
        assert_eq!(str_repr("\u{200b}\u{2028}"), "'\\u200b\\u2028'");
        assert_eq!(str_repr("\u{e0001}"), "'\\U000e0001'");
        assert_eq!(str_repr("\u{10ffff}"), "'\\U0010ffff'");
        assert_eq!(str_repr("日本"), "'日本'");
    }

    #[test]
    fn repr_containers() {
        let v = loads(r#"{"b": [1, "x", true, null], "a": 1.50, "c": {"d": false}}"#);
        assert_eq!(
            repr(&v),
            "{'b': [1, 'x', True, None], 'a': Decimal('1.50'), 'c': {'d': False}}"
        );
        assert_eq!(
            repr(&PyValue::Tuple(vec![PyValue::Int(PyInt::from_i128(1))])),
            "(1,)"
        );
        assert_eq!(
            repr(&PyValue::Bytes(b"it's\x00\xff".to_vec())),
            "b\"it's\\x00\\xff\""
        );
        assert_eq!(float_repr(1e16), "1e+16");
        assert_eq!(float_repr(1e15), "1000000000000000.0");
        assert_eq!(float_repr(0.0001), "0.0001");
        assert_eq!(float_repr(0.00001), "1e-05");
        assert_eq!(float_repr(1.5), "1.5");
        assert_eq!(float_repr(-2.5e-7), "-2.5e-07");
        assert_eq!(float_repr(123456789.125), "123456789.125");
    }

    #[test]
    fn json_duplicates_and_big_ints() {
        let v = loads(r#"{"a": 1, "b": 2, "a": 3}"#);
        assert_eq!(repr(&v), "{'a': 3, 'b': 2}");
        let big = loads("12345678901234567890123456789012345678901234567890");
        assert_eq!(
            repr(&big),
            "12345678901234567890123456789012345678901234567890"
        );
        assert_eq!(repr(&loads("-0")), "0");
        assert_eq!(repr(&loads("1e2")), "Decimal('1E+2')");
        assert_eq!(repr(&loads("NaN")), "nan");
        assert_eq!(repr(&loads("-Infinity")), "-inf");
        let long = "1".repeat(4301);
        assert_eq!(
            json_loads(&long, FloatMode::Float),
            Err(JsonError::IntTooLong)
        );
    }

    #[test]
    fn json_strictness() {
        let bad = [
            "",
            " ",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            ".5",
            "-",
            "\"\t\"",
            "\"a",
            "{'a':1}",
            "[1] x",
            "\u{feff}{}",
            "tru",
            "\"\\x41\"",
            "\"\\u12\"",
            "+1",
            "[1 2]",
        ];
        for b in bad {
            assert!(
                matches!(
                    json_loads(b, FloatMode::Decimal),
                    Err(JsonError::Decode(..))
                ),
                "{b:?} should fail"
            );
        }
        assert_eq!(loads(" \n\t\r{} \n"), PyValue::Dict(PyDict::new()));
        assert_eq!(loads("\"\\ud83d\\udc36\""), PyValue::Str("🐶".into()));
        assert_eq!(loads("\"\\ud83d\""), PyValue::Str("\u{fffd}".into()));
        assert_eq!(loads("\"\\/\""), PyValue::Str("/".into()));
        let deep = "[".repeat(5000);
        assert_eq!(json_loads(&deep, FloatMode::Float), Err(JsonError::TooDeep));
        assert_eq!(
            loads("1E400"),
            PyValue::Decimal(PyDecimal::parse("1E400").expect("d"))
        );
    }

    #[test]
    fn json_dumps_python_defaults() {
        let v = loads(r#"{"p": "src-721", "ts": [0, 1], "n": "🐶\n", "x": null, "f": true}"#);
        assert_eq!(
            json_dumps(&v).expect("dumps"),
            r#"{"p": "src-721", "ts": [0, 1], "n": "\ud83d\udc36\n", "x": null, "f": true}"#
        );
        assert!(json_dumps(&loads("1.5")).is_err());
        assert_eq!(
            json_dumps(&json_loads("[1.5, NaN]", FloatMode::Float).expect("j")).expect("d"),
            "[1.5, NaN]"
        );
    }

    #[test]
    fn bytes_detection() {
        let utf16: Vec<u8> = "{\"a\": 1}"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(matches!(
            json_loads_bytes(&utf16, FloatMode::Decimal),
            Ok(PyValue::Dict(_))
        ));
        assert_eq!(
            json_loads_bytes(b"{\"a\": \"\xff\"}", FloatMode::Decimal),
            Err(JsonError::Unicode)
        );
        assert!(json_loads_bytes(b"\xef\xbb\xbf{}", FloatMode::Decimal).is_ok());
    }

    #[test]
    fn literal_eval_subset() {
        let v = literal_eval(
            "{'p': 'src-20', 'amt': 1_000, 'x': (1,), 'f': -1.5, 'b': True, 'n': None}",
        )
        .expect("lit");
        assert_eq!(
            repr(&v),
            "{'p': 'src-20', 'amt': 1000, 'x': (1,), 'f': -1.5, 'b': True, 'n': None}"
        );
        assert_eq!(
            literal_eval("'a' \"b\" r'\\n'"),
            Ok(PyValue::Str("ab\\n".into()))
        );
        assert_eq!(
            literal_eval("'\\xf0\\x9f'"),
            Ok(PyValue::Str("\u{f0}\u{9f}".into()))
        );
        assert_eq!(literal_eval("0x1F"), Ok(PyValue::Int(PyInt::from_i128(31))));
        assert_eq!(literal_eval("x"), Err(LiteralError::Invalid));
        assert_eq!(literal_eval("{1, 2}"), Err(LiteralError::Unsupported));
        assert_eq!(literal_eval("1+2j"), Err(LiteralError::Unsupported));
        assert_eq!(literal_eval("{[1]: 2}"), Err(LiteralError::Other));
        assert_eq!(
            literal_eval("  [1, 2,]"),
            Ok(PyValue::List(vec![
                PyValue::Int(PyInt::from_i128(1)),
                PyValue::Int(PyInt::from_i128(2)),
            ]))
        );
        assert_eq!(literal_eval("007"), Err(LiteralError::Invalid));
        assert_eq!(
            literal_eval("{1: 'a', True: 'b'}").map(|v| repr(&v)),
            Ok("{1: 'b'}".into())
        );
    }

    #[test]
    fn convert_fallback_mojibake() {
        // Single-quoted payload with an emoji: strict JSON fails, repr + literal_eval succeeds and the
        // emoji arrives as latin-1 code points.
        let payload = "{'p': 'src-20', 'tick': '🐶'}".as_bytes();
        let d = convert_to_dict(payload).expect("dict");
        assert_eq!(
            d.get("tick"),
            Some(&PyValue::Str("\u{f0}\u{9f}\u{90}\u{b6}".into()))
        );
        // Both quote kinds: repr escapes the single quotes, literal_eval then fails.
        assert_eq!(
            convert_to_dict(b"{'p': \"src-20\"} x"),
            Err(ConvertError::NotAStamp)
        );
        // Double-encoded JSON.
        assert!(convert_to_dict(br#""{\"p\": \"src-20\"}""#).is_ok());
        assert_eq!(convert_to_dict(b"[1]"), Err(ConvertError::NotAStamp));
        assert_eq!(convert_to_dict(b"\xff\xfe"), Err(ConvertError::NotAStamp));
    }

    #[test]
    fn deep_values_repr_and_drop() {
        let text = format!(
            "{}{}",
            "[".repeat(MAX_JSON_DEPTH),
            "]".repeat(MAX_JSON_DEPTH)
        );
        let v = json_loads(&text, FloatMode::Float).expect("deep but allowed");
        assert_eq!(repr(&v).len(), 2 * MAX_JSON_DEPTH);
        assert_eq!(json_dumps(&v).map(|s| s.len()), Ok(2 * MAX_JSON_DEPTH));
        drop(v);
        let lit = format!("{}{}", "[".repeat(150), "]".repeat(150));
        assert!(literal_eval(&lit).is_ok());
        let too_deep = format!("{}{}", "[".repeat(250), "]".repeat(250));
        assert_eq!(literal_eval(&too_deep), Err(LiteralError::Other));
    }

    #[test]
    fn escapes() {
        assert_eq!(unicode_escape("🐶a\\"), "\\U0001f436a\\\\");
        assert_eq!(unicode_escape("é\u{263a}"), "\\xe9\\u263a");
        assert_eq!(unicode_unescape("\\U0001f436a").as_deref(), Some("🐶a"));
        assert_eq!(py_strip("\u{a0} x \u{3000}"), "x");
    }
}
