//! Counterparty message framing and the issuance message (PROTOCOL.md §3).

use serde::Serialize;
use thiserror::Error;

use crate::asset;
use crate::network::{Change, Rules};

/// Message type ids used here (the full table is PROTOCOL.md §3.2).
pub mod ids {
    /// Issuance.
    pub const ISSUANCE: u32 = 20;
    /// Subasset issuance.
    pub const SUBASSET_ISSUANCE: u32 = 21;
    /// Issuance with lock/reset flags (the composer's default).
    pub const ISSUANCE_LR: u32 = 22;
    /// Subasset issuance with lock/reset flags.
    pub const SUBASSET_ISSUANCE_LR: u32 = 23;
}

/// Why a message body could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MessageError {
    /// Too few bytes for the message type's layout.
    #[error("message body of {got} bytes is too short for type {type_id} (needs {need})")]
    TooShort {
        /// Message type id.
        type_id: u32,
        /// Bytes present.
        got: usize,
        /// Bytes needed.
        need: usize,
    },
    /// No type id could be read.
    #[error("message has no type id")]
    NoTypeId,
    /// The asset id is not a valid asset.
    #[error(transparent)]
    Asset(#[from] asset::AssetError),
    /// A layout this decoder does not read at that height.
    #[error("message type {type_id} is not decoded at height {height}")]
    Unsupported {
        /// Message type id.
        type_id: u32,
        /// Block height.
        height: u64,
    },
}

/// Splits `data` into its type id and body: one byte when the first byte is non-zero, else a 4-byte
/// big-endian id (the short form exists from block 489956, before every stamp).
pub fn split_type(data: &[u8]) -> Result<(u32, &[u8]), MessageError> {
    match data {
        [first, rest @ ..] if *first != 0 && !rest.is_empty() => Ok((u32::from(*first), rest)),
        [a, b, c, d, rest @ ..] => Ok((u32::from_be_bytes([*a, *b, *c, *d]), rest)),
        _ => Err(MessageError::NoTypeId),
    }
}

/// The byte that marks "keep the previous description" when followed by `NULL`.
const DESCRIPTION_MARK_BYTE: u8 = 0xC0;

/// An issuance or subasset issuance message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issuance {
    /// Message type id (20–23).
    pub type_id: u32,
    /// Asset id.
    pub asset_id: u64,
    /// Asset name (`A<id>` for numeric assets).
    pub asset: String,
    /// Quantity issued, in base units.
    pub quantity: u64,
    /// Whether the asset is divisible (8 decimals).
    pub divisible: bool,
    /// Whether this issuance locks the supply.
    pub lock: bool,
    /// Whether this issuance resets the asset.
    pub reset: bool,
    /// Subasset long name (`PARENT.child`), for types 21 and 23.
    pub asset_longname: Option<String>,
    /// The description; `None` when it is the "keep previous" mark.
    pub description: Option<String>,
}

impl Issuance {
    /// Reads an issuance body (type id removed) at `height`.
    pub fn unpack(
        type_id: u32,
        body: &[u8],
        height: u64,
        rules: Rules,
    ) -> Result<Self, MessageError> {
        if !rules.active(Change::IssuanceLrFormat, height) {
            return Err(MessageError::Unsupported { type_id, height });
        }
        let subasset = matches!(type_id, ids::SUBASSET_ISSUANCE | ids::SUBASSET_ISSUANCE_LR);
        let fixed = if subasset { 20 } else { 19 };
        if body.len() < fixed {
            return Err(MessageError::TooShort {
                type_id,
                got: body.len(),
                need: fixed,
            });
        }
        let asset_id =
            u64::from_be_bytes(body[0..8].try_into().map_err(|_| MessageError::NoTypeId)?);
        let quantity =
            u64::from_be_bytes(body[8..16].try_into().map_err(|_| MessageError::NoTypeId)?);
        let (divisible, lock, reset) = (body[16] != 0, body[17] != 0, body[18] != 0);
        let mut rest = &body[fixed..];
        let asset_longname = if subasset {
            let len = usize::from(body[19]);
            if rest.len() < len {
                return Err(MessageError::TooShort {
                    type_id,
                    got: body.len(),
                    need: fixed + len,
                });
            }
            let name = expand_subasset(&rest[..len]);
            rest = &rest[len..];
            name
        } else {
            None
        };
        let description = match rest {
            [DESCRIPTION_MARK_BYTE, b'N', b'U', b'L', b'L'] => None,
            bytes => Some(String::from_utf8(bytes.to_vec()).unwrap_or_default()),
        };
        Ok(Self {
            type_id,
            asset_id,
            asset: asset::name_from_id(asset_id)?,
            quantity,
            divisible,
            lock,
            reset,
            asset_longname,
            description,
        })
    }

    /// The full message (one-byte type id and body) in the `>QQ???` layout of types 20 and 22.
    pub fn pack(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + self.description.as_ref().map_or(5, String::len));
        out.push(self.type_id as u8);
        out.extend_from_slice(&self.asset_id.to_be_bytes());
        out.extend_from_slice(&self.quantity.to_be_bytes());
        out.extend([
            u8::from(self.divisible),
            u8::from(self.lock),
            u8::from(self.reset),
        ]);
        match &self.description {
            Some(d) => out.extend_from_slice(d.as_bytes()),
            None => out.extend_from_slice(&[DESCRIPTION_MARK_BYTE, b'N', b'U', b'L', b'L']),
        }
        out
    }
}

/// Digits of compacted subasset names: value `v` (1-based) is `SUBASSET_DIGITS[v - 1]`.
const SUBASSET_DIGITS: &[u8; 67] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@!";

/// Expands a compacted subasset long name (base-68, big-endian). `None` when a digit is out of range.
pub fn expand_subasset(bytes: &[u8]) -> Option<String> {
    let mut name = String::new();
    for d in crate::bignum::digits(bytes, 68) {
        let index = usize::try_from(d).ok()?.checked_sub(1)?;
        name.push(char::from(*SUBASSET_DIGITS.get(index)?));
    }
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_id_framing() {
        assert_eq!(split_type(&[0x01, 0xde, 0xad]), Ok((1, &[0xde, 0xad][..])));
        assert_eq!(split_type(&[0, 0, 0, 1, 0xde]), Ok((1, &[0xde][..])));
        assert_eq!(split_type(&[0]), Err(MessageError::NoTypeId));
        assert_eq!(split_type(b"f0"), Ok((102, &b"0"[..])));
    }

    #[test]
    fn subasset_expansion() {
        assert_eq!(expand_subasset(&[0x01]).as_deref(), Some("a"));
        assert_eq!(expand_subasset(&[0x02]).as_deref(), Some("b"));
        assert_eq!(
            expand_subasset(&[0x04, 0xde, 0x95]).as_deref(),
            Some("aaaa")
        );
    }

    #[test]
    fn issuance_pack_unpack() {
        let issuance = Issuance {
            type_id: ids::ISSUANCE,
            asset_id: asset::MIN_NUMERIC_ID + 7,
            asset: format!("A{}", asset::MIN_NUMERIC_ID + 7),
            quantity: 1,
            divisible: false,
            lock: true,
            reset: false,
            asset_longname: None,
            description: Some("STAMP:iVBORw0KGgo=".into()),
        };
        let packed = issuance.pack();
        let (type_id, body) = split_type(&packed).expect("type");
        assert_eq!(
            Issuance::unpack(type_id, body, 800_000, Rules::MAINNET),
            Ok(issuance)
        );
    }
}
