//! Base64 as the Stamps indexer decodes stamp descriptions (PROTOCOL.md §4.2).
//!
//! The reference runs CPython 3.10's non-strict `binascii.a2b_base64`, which skips characters outside the
//! alphabet and stops at a `=` that completes a quantum; strict decoders disagree with it on real stamps
//! (block 783775), so this reproduces it exactly.

use crate::network::{Change, Rules};

/// Why lenient decoding failed (the cases CPython 3.10 rejected too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base64Error {
    /// A non-ASCII character (Python's `str.encode("ascii")` fails before decoding).
    NonAscii,
    /// One data character more than a multiple of 4.
    DanglingChar,
    /// A final group of 2 or 3 characters without padding.
    IncorrectPadding,
}

fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// CPython 3.10 non-strict `a2b_base64`.
pub fn lenient_decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    if !text.is_ascii() {
        return Err(Base64Error::NonAscii);
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut quad_pos, mut left, mut pads) = (0u8, 0u8, 0u8);
    for c in text.bytes() {
        if c == b'=' {
            pads = pads.saturating_add(1);
            if quad_pos >= 2 && quad_pos + pads >= 4 {
                return Ok(out);
            }
            continue;
        }
        let Some(v) = value(c) else { continue };
        pads = 0;
        match quad_pos {
            0 => {
                quad_pos = 1;
                left = v;
            }
            1 => {
                quad_pos = 2;
                out.push((left << 2) | (v >> 4));
                left = v & 0x0f;
            }
            2 => {
                quad_pos = 3;
                out.push((left << 4) | (v >> 2));
                left = v & 0x03;
            }
            _ => {
                quad_pos = 0;
                out.push((left << 6) | v);
                left = 0;
            }
        }
    }
    match quad_pos {
        0 => Ok(out),
        1 => Err(Base64Error::DanglingChar),
        _ => Err(Base64Error::IncorrectPadding),
    }
}

/// Decodes a stamp's base64 with the rules in force at `height`: padding repair at or below 784550, strict
/// alphabet and length from 833000, lenient decoding otherwise. `None` when the stamp's base64 is invalid.
pub fn decode_for_height(text: &str, height: u64, rules: Rules) -> Option<Vec<u8>> {
    if rules.active(Change::CpP2wshFeat, height) {
        let body = text.trim_end_matches('=');
        let pads = text.len() - body.len();
        let strict = !body.is_empty()
            && pads <= 2
            && text.len().is_multiple_of(4)
            && body.bytes().all(|c| value(c).is_some());
        return if strict {
            lenient_decode(text).ok()
        } else {
            None
        };
    }
    if !rules.active(Change::StopBase64Repair, height) {
        let mut padded = text.to_owned();
        while !padded.len().is_multiple_of(4) {
            padded.push('=');
        }
        return lenient_decode(&padded).ok();
    }
    // Between the two: lenient, then a non-validating fallback that the lenient decoder already covers.
    lenient_decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_and_lenient_inputs() {
        assert_eq!(lenient_decode("aGVsbG8="), Ok(b"hello".to_vec()));
        assert_eq!(lenient_decode("aGVs\nbG8="), Ok(b"hello".to_vec()));
        assert_eq!(lenient_decode("aGVsbG8=trailing"), Ok(b"hello".to_vec()));
        assert_eq!(
            lenient_decode("aGVsbG8"),
            Err(Base64Error::IncorrectPadding)
        );
        assert_eq!(lenient_decode("aGVsb"), Err(Base64Error::DanglingChar));
        assert_eq!(lenient_decode("é"), Err(Base64Error::NonAscii));
    }

    #[test]
    fn height_rules() {
        assert_eq!(
            decode_for_height("aGVsbG8", 784_000, Rules::MAINNET),
            Some(b"hello".to_vec())
        );
        assert_eq!(decode_for_height("aGVsbG8", 790_000, Rules::MAINNET), None);
        assert_eq!(
            decode_for_height("aGVs bG8=", 840_000, Rules::MAINNET),
            None
        );
        assert_eq!(
            decode_for_height("aGVsbG8=", 840_000, Rules::MAINNET),
            Some(b"hello".to_vec())
        );
    }
}
