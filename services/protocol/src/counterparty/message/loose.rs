//! How the reference (Python) treats decoded CBOR values: tuple unpacking of any iterable, truthiness, `int()`,
//! `generate_asset_name` on whatever type arrived, and MIME classification of descriptions.
//!
//! A CBOR body "succeeds" in the reference whenever `cbor2.loads` returns an iterable of the right length, even of
//! the wrong types; what happens next decides between falling back to the legacy layout and recording an invalid
//! message. These helpers reproduce those decisions without reproducing Python.

use crate::asset::{self, AssetError};
use crate::cbor::{self, Value};
use crate::network::{Change, Rules};

/// The items of a value when Python iterates it (`a, b, c = value`): array items, map keys (duplicates merged,
/// first key kept), characters of a text, integers of a byte string. `None`: not iterable.
pub(crate) fn iter(value: &Value) -> Option<Vec<Value>> {
    Some(match value {
        Value::Array(items) => items.clone(),
        Value::Map(pairs) => {
            let mut keys: Vec<Value> = Vec::with_capacity(pairs.len());
            for (k, _) in pairs {
                if !keys.iter().any(|seen| key_eq(seen, k)) {
                    keys.push(k.clone());
                }
            }
            keys
        }
        Value::Text(s) => s.chars().map(|c| Value::Text(c.to_string())).collect(),
        Value::Bytes(b) => b.iter().map(|x| Value::Int(i128::from(*x))).collect(),
        _ => return None,
    })
}

/// Decodes `body` and unpacks exactly `n` items, or `None` where Python would raise.
pub(crate) fn unpack_n(body: &[u8], n: usize) -> Option<Vec<Value>> {
    let items = iter(&cbor::decode(body).ok()?)?;
    (items.len() == n).then_some(items)
}

/// The items of a value Python can slice and index (`fields[:17]`): array, text, byte string.
pub(crate) fn sequence(value: &Value) -> Option<Vec<Value>> {
    match value {
        Value::Map(_) => None,
        other => iter(other),
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Int(i) => Some(*i as f64),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// Python dictionary key equality (numbers compare by value across int, bool and float).
fn key_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x == y,
        (
            Value::Int(_) | Value::Bool(_) | Value::Float(_),
            Value::Int(_) | Value::Bool(_) | Value::Float(_),
        ) => number(a) == number(b),
        _ => a == b,
    }
}

/// Python truthiness.
pub(crate) fn truthy(value: &Value) -> bool {
    match value {
        Value::Int(i) => *i != 0,
        Value::BigInt { .. } | Value::Tag(..) | Value::Simple(_) => true,
        Value::Bytes(b) => !b.is_empty(),
        Value::Text(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Map(m) => !m.is_empty(),
        Value::Bool(b) => *b,
        Value::Null | Value::Undefined => false,
        Value::Float(f) => *f != 0.0,
    }
}

/// What `generate_asset_name` raised.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NameError {
    /// `AssetIDError` (too low / too high): the reference records "invalid: bad asset name".
    Id(AssetError),
    /// Any other exception (a type Python cannot compare, or one this decoder does not model).
    Other,
}

/// `generate_asset_name(value)` for whatever type the CBOR carried.
pub(crate) fn asset_name(value: &Value, height: u64, rules: Rules) -> Result<String, NameError> {
    let int = match value {
        Value::Int(i) => *i,
        Value::Bool(b) => i128::from(*b),
        Value::Simple(s) => i128::from(*s),
        Value::BigInt { negative: true } => return Err(NameError::Id(AssetError::IdTooLow(0))),
        Value::BigInt { negative: false } => return Err(NameError::Id(AssetError::IdTooHigh)),
        Value::Float(f) => {
            return match *f {
                0.0 => Ok("BTC".into()),
                1.0 => Ok("XCP".into()),
                f if f < 17_576.0 => Err(NameError::Id(AssetError::IdTooLow(0))),
                f if f.is_nan() || f > u64::MAX as f64 => Err(NameError::Id(AssetError::IdTooHigh)),
                // The reference renders such floats oddly ("A1e+17") or fails; not modelled.
                _ => Err(NameError::Other),
            };
        }
        _ => return Err(NameError::Other),
    };
    match u64::try_from(int) {
        Ok(id) => asset::name_from_id_at(id, height, rules).map_err(NameError::Id),
        Err(_) if int < 0 => Err(NameError::Id(AssetError::IdTooLow(0))),
        Err(_) => Err(NameError::Id(AssetError::IdTooHigh)),
    }
}

/// Python's `int(value)`; `None` where it raises (or the result does not fit `i128`).
pub(crate) fn int(value: &Value) -> Option<i128> {
    match value {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(i128::from(*b)),
        Value::Float(f) if f.is_finite() && f.abs() < 1e38 => Some(f.trunc() as i128),
        Value::Text(s) => asset::parse_py_int(s).ok().flatten(),
        Value::Bytes(b) => std::str::from_utf8(b)
            .ok()
            .and_then(|s| asset::parse_py_int(s).ok().flatten()),
        _ => None,
    }
}

/// `int(value)` as an unsigned 64-bit quantity.
pub(crate) fn uint(value: &Value) -> Option<u64> {
    int(value).and_then(|i| u64::try_from(i).ok())
}

/// A CBOR integer (not bool, not float) as `u64`.
pub(crate) fn strict_u64(value: &Value) -> Option<u64> {
    match value {
        Value::Int(i) => u64::try_from(*i).ok(),
        _ => None,
    }
}

/// Textual application types recognised from `extended_mime_types_support`.
const TEXTUAL_EXTENDED: [&str; 15] = [
    "application/xml",
    "application/javascript",
    "application/ecmascript",
    "application/x-javascript",
    "application/json",
    "application/manifest+json",
    "application/x-python-code",
    "application/x-sh",
    "application/x-csh",
    "application/x-tex",
    "application/x-latex",
    "application/postscript",
    "application/yaml",
    "application/x-yaml",
    "application/sql",
];

/// Textual application types recognised before `extended_mime_types_support`.
const TEXTUAL_LEGACY: [&str; 9] = [
    "application/xml",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/x-python-code",
    "application/x-sh",
    "application/x-csh",
    "application/x-tex",
    "application/x-latex",
];

/// Whether content of `mime` is text (UTF-8) rather than binary (hex in JSON). `None` where the reference
/// raises: a non-text MIME value before `extended_mime_types_support`.
pub(crate) fn is_text_mime(mime: &Value, height: u64, rules: Rules) -> Option<bool> {
    let extended = rules.active(Change::ExtendedMimeTypesSupport, height);
    let Value::Text(mime) = mime else {
        return if extended { Some(false) } else { None };
    };
    Some(is_text_mime_str(mime, extended))
}

/// [`is_text_mime`] for a MIME string; `extended` is `extended_mime_types_support`.
pub(crate) fn is_text_mime_str(mime: &str, extended: bool) -> bool {
    if extended {
        let target = mime.split(';').next().unwrap_or_default().trim();
        target.starts_with("text/")
            || target.starts_with("message/")
            || target.ends_with("+xml")
            || target.ends_with("+json")
            || TEXTUAL_EXTENDED.contains(&target)
    } else {
        mime.starts_with("text/")
            || mime.starts_with("message/")
            || mime.ends_with("+xml")
            || TEXTUAL_LEGACY.contains(&mime)
    }
}

/// `bytes_to_content(content, mime)`: UTF-8 text for textual MIME types, lowercase hex otherwise. `None` where
/// the reference raises.
pub(crate) fn bytes_to_content(
    content: &Value,
    mime: &Value,
    height: u64,
    rules: Rules,
) -> Option<String> {
    let text = is_text_mime(mime, height, rules)?;
    let Value::Bytes(bytes) = content else {
        return None;
    };
    if text {
        String::from_utf8(bytes.clone()).ok()
    } else {
        Some(hex(bytes))
    }
}

/// `content_to_bytes(content, mime)`, the composer's inverse of [`bytes_to_content`]: `None` for bad hex.
pub(crate) fn content_to_bytes(
    content: &str,
    mime: &str,
    height: u64,
    rules: Rules,
) -> Option<Vec<u8>> {
    let mime = if mime.is_empty() { "text/plain" } else { mime };
    if is_text_mime_str(mime, rules.active(Change::ExtendedMimeTypesSupport, height)) {
        Some(content.as_bytes().to_vec())
    } else {
        unhex(content)
    }
}

/// Lowercase hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    s
}

/// Hex to bytes (either case); `None` when not hex.
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|pair| {
            let hi = char::from(*pair.first()?).to_digit(16)?;
            let lo = char::from(*pair.get(1)?).to_digit(16)?;
            u8::try_from(hi * 16 + lo).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keys_merge_like_a_dict() {
        let v = Value::Map(vec![
            (Value::Int(1), Value::Null),
            (Value::Bool(true), Value::Null),
            (Value::Float(2.0), Value::Null),
            (Value::Int(2), Value::Null),
            (Value::Simple(2), Value::Null),
        ]);
        assert_eq!(
            iter(&v),
            Some(vec![Value::Int(1), Value::Float(2.0), Value::Simple(2)])
        );
    }

    #[test]
    fn asset_names_of_odd_types() {
        let r = Rules::MAINNET;
        assert_eq!(asset_name(&Value::Bool(true), 0, r), Ok("XCP".into()));
        assert!(matches!(
            asset_name(&Value::Simple(4), 0, r),
            Err(NameError::Id(_))
        ));
        assert_eq!(
            asset_name(&Value::Text("x".into()), 0, r),
            Err(NameError::Other)
        );
    }
}
