//! `repr()` and `json.dumps()` as CPython writes them.

use std::fmt::Write as _;

use super::*;

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
