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
mod json;
mod literal;
mod repr;
mod tables;

use std::collections::HashMap;
use std::fmt::Write as _;

pub use decimal::{DecimalError, PyDecimal};
pub use json::{FloatMode, JsonError, json_loads, json_loads_bytes};
pub use literal::{LiteralError, literal_eval};
pub use repr::{DumpsError, bytes_repr, float_repr, json_dumps, repr, str_repr};

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
