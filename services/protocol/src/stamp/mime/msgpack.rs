//! A bounded msgpack decoder with `msgpack.unpackb` defaults (`raw=False`, `strict_map_key=True`).

use crate::py::{PyDict, PyInt, PyValue};

/// Why unpacking failed, by what the reference does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// `ExtraData`: caught by the reference (ident `UNKNOWN`).
    ExtraData,
    /// Incomplete or invalid data, bad UTF-8, non-string map keys: not caught (not a stamp).
    Invalid,
}

const MAX_DEPTH: usize = 512;

/// Unpacks exactly one object.
pub fn unpack(data: &[u8]) -> Result<PyValue, Error> {
    let mut r = Reader { d: data, i: 0 };
    let v = r.value(0)?;
    if r.i != data.len() {
        return Err(Error::ExtraData);
    }
    Ok(v)
}

struct Reader<'a> {
    d: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], Error> {
        let end = self.i.checked_add(n).ok_or(Error::Invalid)?;
        let s = self.d.get(self.i..end).ok_or(Error::Invalid)?;
        self.i = end;
        Ok(s)
    }

    fn uint(&mut self, n: usize) -> Result<u64, Error> {
        Ok(self
            .take(n)?
            .iter()
            .fold(0u64, |a, b| (a << 8) | u64::from(*b)))
    }

    fn value(&mut self, depth: usize) -> Result<PyValue, Error> {
        if depth > MAX_DEPTH {
            return Err(Error::Invalid);
        }
        let tag = self.take(1)?[0];
        Ok(match tag {
            0x00..=0x7f => PyValue::Int(PyInt::from_i128(i128::from(tag))),
            0xe0..=0xff => PyValue::Int(PyInt::from_i128(i128::from(tag as i8))),
            0x80..=0x8f => self.map(usize::from(tag & 0x0f), depth)?,
            0x90..=0x9f => self.array(usize::from(tag & 0x0f), depth)?,
            0xa0..=0xbf => self.str(usize::from(tag & 0x1f))?,
            0xc0 => PyValue::None,
            0xc2 => PyValue::Bool(false),
            0xc3 => PyValue::Bool(true),
            0xc4..=0xc6 => {
                let n = self.uint(1 << (tag - 0xc4))? as usize;
                PyValue::Bytes(self.take(n)?.to_vec())
            }
            0xc7..=0xc9 => {
                let n = self.uint(1 << (tag - 0xc7))? as usize;
                self.take(n + 1)?;
                // ExtType: json.dumps raises TypeError later; represent it as bytes.
                PyValue::Bytes(Vec::new())
            }
            0xca => {
                let bits = self.uint(4)? as u32;
                PyValue::Float(f64::from(f32::from_bits(bits)))
            }
            0xcb => PyValue::Float(f64::from_bits(self.uint(8)?)),
            0xcc..=0xcf => {
                let v = self.uint(1 << (tag - 0xcc))?;
                PyValue::Int(PyInt::from_i128(i128::from(v)))
            }
            0xd0..=0xd3 => {
                let n = 1usize << (tag - 0xd0);
                let raw = self.uint(n)?;
                let shift = 64 - 8 * n as u32;
                let v = ((raw << shift) as i64) >> shift;
                PyValue::Int(PyInt::from_i128(i128::from(v)))
            }
            0xd4..=0xd8 => {
                self.take((1usize << (tag - 0xd4)) + 1)?;
                PyValue::Bytes(Vec::new())
            }
            0xd9..=0xdb => {
                let n = self.uint(1 << (tag - 0xd9))? as usize;
                self.str(n)?
            }
            0xdc | 0xdd => {
                let n = self.uint(if tag == 0xdc { 2 } else { 4 })? as usize;
                self.array(n, depth)?
            }
            0xde | 0xdf => {
                let n = self.uint(if tag == 0xde { 2 } else { 4 })? as usize;
                self.map(n, depth)?
            }
            0xc1 => return Err(Error::Invalid),
        })
    }

    fn str(&mut self, n: usize) -> Result<PyValue, Error> {
        let s = std::str::from_utf8(self.take(n)?).map_err(|_| Error::Invalid)?;
        Ok(PyValue::Str(s.to_owned()))
    }

    fn array(&mut self, n: usize, depth: usize) -> Result<PyValue, Error> {
        // Every element takes at least one byte: a count beyond the remaining bytes is truncated data.
        if n > self.d.len().saturating_sub(self.i) {
            return Err(Error::Invalid);
        }
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(self.value(depth + 1)?);
        }
        Ok(PyValue::List(items))
    }

    fn map(&mut self, n: usize, depth: usize) -> Result<PyValue, Error> {
        if n.saturating_mul(2) > self.d.len().saturating_sub(self.i) {
            return Err(Error::Invalid);
        }
        let mut d = PyDict::new();
        for _ in 0..n {
            let k = self.value(depth + 1)?;
            if !matches!(k, PyValue::Str(_) | PyValue::Bytes(_)) {
                return Err(Error::Invalid);
            }
            let v = self.value(depth + 1)?;
            d.insert(k, v);
        }
        Ok(PyValue::Dict(d))
    }
}
