//! The subset of CBOR (RFC 8949) that Counterparty messages use, read the way Python's `cbor2` reads it and
//! written the way `cbor2.dumps` writes it.
//!
//! Reading: one data item from the front of the input; trailing bytes are ignored (as `cbor2.loads` does).
//! Integers of any width (including bignum tags 2 and 3), byte and text strings (definite and indefinite),
//! arrays, maps, booleans, null, undefined, simple values, half/single/double floats and other tags (kept
//! opaque). Nesting is capped at [`MAX_DEPTH`] and no allocation exceeds what the remaining input can fill.
//!
//! Writing: minimal-length heads and definite lengths, floats as doubles (`cbor2`'s default).

use thiserror::Error;

/// Deepest nesting of arrays, maps and tags the reader accepts.
pub const MAX_DEPTH: usize = 256;

/// A decoded CBOR data item.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// An integer in `-2^64 ..= 2^64 - 1`, or a bignum that fits in `i128`.
    Int(i128),
    /// A bignum (tag 2 or 3) too large for `i128`.
    BigInt {
        /// Whether it is negative (tag 3).
        negative: bool,
    },
    /// A byte string.
    Bytes(Vec<u8>),
    /// A text string.
    Text(String),
    /// An array.
    Array(Vec<Value>),
    /// A map, in wire order (duplicate keys kept).
    Map(Vec<(Value, Value)>),
    /// `false` or `true`.
    Bool(bool),
    /// `null`.
    Null,
    /// `undefined`.
    Undefined,
    /// Another simple value.
    Simple(u8),
    /// A floating-point number.
    Float(f64),
    /// A tag other than the bignum tags, with its content.
    Tag(u64, Box<Value>),
}

/// Why bytes are not one well-formed CBOR data item.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CborError {
    /// The input ends inside a data item.
    #[error("truncated CBOR data")]
    Truncated,
    /// Reserved additional information (28–30) or a misplaced break / indefinite length.
    #[error("malformed CBOR data")]
    Malformed,
    /// A text string is not UTF-8.
    #[error("invalid UTF-8 in CBOR text string")]
    InvalidUtf8,
    /// Nesting deeper than [`MAX_DEPTH`].
    #[error("CBOR nesting too deep")]
    TooDeep,
}

/// Decodes the first data item of `data`. Bytes after it are ignored.
pub fn decode(data: &[u8]) -> Result<Value, CborError> {
    let mut reader = Reader { data, pos: 0 };
    reader.item(0)
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

/// What an initial byte announces.
enum Head {
    /// A definite argument.
    Arg(u64),
    /// Indefinite length (additional information 31).
    Indefinite,
}

impl Reader<'_> {
    fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], CborError> {
        let end = self.pos.checked_add(n).ok_or(CborError::Truncated)?;
        let slice = self.data.get(self.pos..end).ok_or(CborError::Truncated)?;
        self.pos = end;
        Ok(slice)
    }

    fn byte(&mut self) -> Result<u8, CborError> {
        let b = *self.data.get(self.pos).ok_or(CborError::Truncated)?;
        self.pos += 1;
        Ok(b)
    }

    fn head(&mut self, info: u8) -> Result<Head, CborError> {
        let n = match info {
            0..=23 => return Ok(Head::Arg(u64::from(info))),
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            31 => return Ok(Head::Indefinite),
            _ => return Err(CborError::Malformed),
        };
        let bytes = self.take(n)?;
        Ok(Head::Arg(
            bytes.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b)),
        ))
    }

    fn len(&self, arg: u64) -> Result<usize, CborError> {
        usize::try_from(arg).map_err(|_| CborError::Truncated)
    }

    fn definite_string(&mut self, major: u8) -> Result<Vec<u8>, CborError> {
        let initial = self.byte()?;
        if initial >> 5 != major {
            return Err(CborError::Malformed);
        }
        match self.head(initial & 0x1f)? {
            Head::Arg(n) => {
                let n = self.len(n)?;
                Ok(self.take(n)?.to_vec())
            }
            Head::Indefinite => Err(CborError::Malformed),
        }
    }

    fn string(&mut self, major: u8, head: Head) -> Result<Vec<u8>, CborError> {
        match head {
            Head::Arg(n) => {
                let n = self.len(n)?;
                Ok(self.take(n)?.to_vec())
            }
            Head::Indefinite => {
                let mut out = Vec::new();
                loop {
                    if self.data.get(self.pos) == Some(&0xff) {
                        self.pos += 1;
                        return Ok(out);
                    }
                    let chunk = self.definite_string(major)?;
                    out.extend_from_slice(&chunk);
                }
            }
        }
    }

    fn is_break(&mut self) -> bool {
        if self.data.get(self.pos) == Some(&0xff) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn item(&mut self, depth: usize) -> Result<Value, CborError> {
        if depth > MAX_DEPTH {
            return Err(CborError::TooDeep);
        }
        let initial = self.byte()?;
        let major = initial >> 5;
        let info = initial & 0x1f;
        if major == 7 {
            return self.simple(info);
        }
        let head = self.head(info)?;
        match major {
            0 => match head {
                Head::Arg(n) => Ok(Value::Int(i128::from(n))),
                Head::Indefinite => Err(CborError::Malformed),
            },
            1 => match head {
                Head::Arg(n) => Ok(Value::Int(-1 - i128::from(n))),
                Head::Indefinite => Err(CborError::Malformed),
            },
            2 => Ok(Value::Bytes(self.string(2, head)?)),
            3 => {
                let bytes = self.string(3, head)?;
                String::from_utf8(bytes)
                    .map(Value::Text)
                    .map_err(|_| CborError::InvalidUtf8)
            }
            4 => {
                let mut items = Vec::new();
                match head {
                    Head::Arg(n) => {
                        // Every item takes at least one byte: never reserve more than the input can hold.
                        items.reserve(self.len(n)?.min(self.remaining()));
                        for _ in 0..n {
                            items.push(self.item(depth + 1)?);
                        }
                    }
                    Head::Indefinite => {
                        while !self.is_break() {
                            items.push(self.item(depth + 1)?);
                        }
                    }
                }
                Ok(Value::Array(items))
            }
            5 => {
                let mut pairs = Vec::new();
                match head {
                    Head::Arg(n) => {
                        pairs.reserve(self.len(n)?.min(self.remaining() / 2));
                        for _ in 0..n {
                            let k = self.item(depth + 1)?;
                            let v = self.item(depth + 1)?;
                            pairs.push((k, v));
                        }
                    }
                    Head::Indefinite => {
                        while !self.is_break() {
                            let k = self.item(depth + 1)?;
                            let v = self.item(depth + 1)?;
                            pairs.push((k, v));
                        }
                    }
                }
                Ok(Value::Map(pairs))
            }
            _ => {
                let tag = match head {
                    Head::Arg(n) => n,
                    Head::Indefinite => return Err(CborError::Malformed),
                };
                let content = self.item(depth + 1)?;
                match (tag, content) {
                    (2 | 3, Value::Bytes(bytes)) => Ok(bignum(tag == 3, &bytes)),
                    (2 | 3, _) => Err(CborError::Malformed),
                    (tag, content) => Ok(Value::Tag(tag, Box::new(content))),
                }
            }
        }
    }

    fn simple(&mut self, info: u8) -> Result<Value, CborError> {
        Ok(match info {
            20 => Value::Bool(false),
            21 => Value::Bool(true),
            22 => Value::Null,
            23 => Value::Undefined,
            24 => Value::Simple(self.byte()?),
            25 => {
                let b = self.take(2)?;
                Value::Float(half_to_f64(u16::from_be_bytes([
                    *b.first().ok_or(CborError::Truncated)?,
                    *b.get(1).ok_or(CborError::Truncated)?,
                ])))
            }
            26 => {
                let b: [u8; 4] = self.take(4)?.try_into().map_err(|_| CborError::Truncated)?;
                Value::Float(f64::from(f32::from_be_bytes(b)))
            }
            27 => {
                let b: [u8; 8] = self.take(8)?.try_into().map_err(|_| CborError::Truncated)?;
                Value::Float(f64::from_be_bytes(b))
            }
            0..=19 => Value::Simple(info),
            _ => return Err(CborError::Malformed),
        })
    }
}

fn bignum(negative: bool, bytes: &[u8]) -> Value {
    let digits: &[u8] = {
        let first = bytes.iter().position(|b| *b != 0).unwrap_or(bytes.len());
        bytes.get(first..).unwrap_or(&[])
    };
    if digits.len() > 15 {
        return Value::BigInt { negative };
    }
    let n = digits
        .iter()
        .fold(0i128, |acc, b| (acc << 8) | i128::from(*b));
    Value::Int(if negative { -1 - n } else { n })
}

fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let mant = f64::from(h & 0x3ff);
    sign * match exp {
        0 => mant * 2f64.powi(-24),
        31 if mant == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + mant / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// Writes CBOR items the way `cbor2.dumps` does.
#[derive(Debug, Default, Clone)]
pub struct Writer {
    out: Vec<u8>,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The bytes written.
    pub fn into_bytes(self) -> Vec<u8> {
        self.out
    }

    fn head(&mut self, major: u8, n: u64) {
        let m = major << 5;
        if n < 24 {
            self.out.push(m | n as u8);
        } else if let Ok(v) = u8::try_from(n) {
            self.out.extend([m | 24, v]);
        } else if let Ok(v) = u16::try_from(n) {
            self.out.push(m | 25);
            self.out.extend(v.to_be_bytes());
        } else if let Ok(v) = u32::try_from(n) {
            self.out.push(m | 26);
            self.out.extend(v.to_be_bytes());
        } else {
            self.out.push(m | 27);
            self.out.extend(n.to_be_bytes());
        }
    }

    /// An unsigned integer.
    pub fn uint(&mut self, n: u64) -> &mut Self {
        self.head(0, n);
        self
    }

    /// A signed integer.
    pub fn int(&mut self, n: i64) -> &mut Self {
        match u64::try_from(n) {
            Ok(u) => self.head(0, u),
            // -1 - n for negative n is in 0..=i64::MAX.
            Err(_) => self.head(1, (-1 - i128::from(n)) as u64),
        }
        self
    }

    /// A byte string.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.head(2, b.len() as u64);
        self.out.extend_from_slice(b);
        self
    }

    /// A text string.
    pub fn text(&mut self, s: &str) -> &mut Self {
        self.head(3, s.len() as u64);
        self.out.extend_from_slice(s.as_bytes());
        self
    }

    /// The head of an array of `len` items (write the items next).
    pub fn array(&mut self, len: usize) -> &mut Self {
        self.head(4, len as u64);
        self
    }

    /// A boolean.
    pub fn bool(&mut self, b: bool) -> &mut Self {
        self.out.push(if b { 0xf5 } else { 0xf4 });
        self
    }

    /// `null`.
    pub fn null(&mut self) -> &mut Self {
        self.out.push(0xf6);
        self
    }

    /// A float, always as a double.
    pub fn float(&mut self, f: f64) -> &mut Self {
        self.out.push(0xfb);
        self.out.extend(f.to_be_bytes());
        self
    }
}

/// CBOR of `value` as cbor2 writes it; `None` for values this writer does not produce (maps, tags, simple
/// values, integers beyond 64 bits).
pub fn encode(value: &Value) -> Option<Vec<u8>> {
    fn write(w: &mut Writer, value: &Value) -> Option<()> {
        match value {
            Value::Int(n) => match (u64::try_from(*n), i64::try_from(*n)) {
                (Ok(u), _) => w.uint(u),
                (_, Ok(i)) => w.int(i),
                _ => return None,
            },
            Value::Bytes(b) => w.bytes(b),
            Value::Text(t) => w.text(t),
            Value::Bool(b) => w.bool(*b),
            Value::Null => w.null(),
            Value::Float(f) => w.float(*f),
            Value::Array(items) => {
                w.array(items.len());
                for item in items {
                    write(w, item)?;
                }
                w
            }
            _ => return None,
        };
        Some(())
    }
    let mut w = Writer::new();
    write(&mut w, value)?;
    Some(w.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_cbor2_reads() {
        assert_eq!(decode(&[0x01, 0x02]), Ok(Value::Int(1)));
        assert_eq!(
            decode(&[0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            Ok(Value::Int(-(1i128 << 64)))
        );
        assert_eq!(
            decode(&[0x5f, 0x41, 0x01, 0x42, 0x02, 0x03, 0xff]),
            Ok(Value::Bytes(vec![1, 2, 3]))
        );
        assert_eq!(
            decode(&[0x9f, 0x01, 0xff]),
            Ok(Value::Array(vec![Value::Int(1)]))
        );
        assert_eq!(decode(&[0xc2, 0x42, 0x01, 0x00]), Ok(Value::Int(256)));
        assert_eq!(decode(&[0xf9, 0x3c, 0x00]), Ok(Value::Float(1.0)));
        assert_eq!(decode(&[0xe4]), Ok(Value::Simple(4)));
        assert_eq!(decode(&[0x78, 0x30, 0x32]), Err(CborError::Truncated));
        assert_eq!(decode(&[0x62, 0xff, 0xfe]), Err(CborError::InvalidUtf8));
        assert_eq!(decode(&[0x1c]), Err(CborError::Malformed));
        assert_eq!(decode(&[0xff]), Err(CborError::Malformed));
    }

    #[test]
    fn huge_lengths_do_not_allocate() {
        assert_eq!(
            decode(&[0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            Err(CborError::Truncated)
        );
        assert_eq!(
            decode(&[0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            Err(CborError::Truncated)
        );
        assert_eq!(decode(&[0x81; 10_000]), Err(CborError::TooDeep));
    }

    #[test]
    fn writes_minimal_heads() {
        let mut w = Writer::new();
        w.array(3).uint(23).uint(24).int(-1);
        w.uint(1000)
            .uint(u64::MAX)
            .bytes(b"")
            .text("")
            .bool(true)
            .null();
        assert_eq!(
            w.into_bytes(),
            [
                vec![0x83, 0x17, 0x18, 0x18, 0x20, 0x19, 0x03, 0xe8, 0x1b],
                vec![0xff; 8],
                vec![0x40, 0x60, 0xf5, 0xf6]
            ]
            .concat()
        );
    }
}
