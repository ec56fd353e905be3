//! Send (0), enhanced send (2) and sweep (4): CP `versions/send1.py`, `versions/enhancedsend.py`, `sweep.py`.

use serde::Serialize;

use super::{Memo, MessageError, be_u64, ids, loose};
use crate::address;
use crate::asset;
use crate::cbor::{self, Value};
use crate::network::{Change, Rules};

/// Longest memo of enhanced sends and sweeps.
pub const MAX_MEMO_LENGTH: usize = 34;

/// A legacy send (`>QQ`); the destination is the transaction's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Send {
    /// Asset id.
    #[serde(skip)]
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Quantity, base units.
    pub quantity: u64,
}

impl Send {
    /// Reads the body (exactly 16 bytes).
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let (Some(asset_id), Some(quantity), 16) = (be_u64(body, 0), be_u64(body, 8), body.len())
        else {
            return Err(MessageError::malformed(ids::SEND, "could not unpack"));
        };
        Ok(Self {
            asset_id,
            asset: asset::name_from_id_at(asset_id, height, rules)?,
            quantity,
        })
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        [self.asset_id.to_be_bytes(), self.quantity.to_be_bytes()].concat()
    }
}

/// An enhanced send: asset, quantity, destination address and memo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnhancedSend {
    /// Asset id.
    #[serde(skip)]
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Quantity, base units.
    pub quantity: u64,
    /// Destination address, rendered for the network.
    pub address: String,
    /// Memo (binary in the legacy layout; CBOR may carry text).
    pub memo: Option<Memo>,
}

/// The outcome of a CBOR attempt: a value, "fall back to the legacy layout", or a final error.
pub(crate) enum Attempt<T> {
    Done(T),
    Fallback,
    Fail(MessageError),
}

impl EnhancedSend {
    /// Reads the body: CBOR first from `taproot_support`, else (or on failure) `>QQ21s` + memo.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        if rules.active(Change::TaprootSupport, height) {
            match Self::attempt_cbor(body, height, rules) {
                Attempt::Done(send) => return Ok(send),
                Attempt::Fail(e) => return Err(e),
                Attempt::Fallback => {}
            }
        }
        const LENGTH: usize = 8 + 8 + 21;
        let t = ids::ENHANCED_SEND;
        let memo_len = body
            .len()
            .checked_sub(LENGTH)
            .ok_or_else(|| MessageError::malformed(t, "invalid message length"))?;
        if memo_len > MAX_MEMO_LENGTH {
            return Err(MessageError::malformed(t, "memo too long"));
        }
        let (Some(asset_id), Some(quantity), Some(packed), Some(memo)) = (
            be_u64(body, 0),
            be_u64(body, 8),
            body.get(16..LENGTH),
            body.get(LENGTH..),
        ) else {
            return Err(MessageError::malformed(t, "could not unpack"));
        };
        let address = address::unpack(packed, height, rules)?;
        let asset = asset::name_from_id_at(asset_id, height, rules)
            .ok()
            .filter(|a| a != "BTC")
            .ok_or_else(|| MessageError::malformed(t, "asset id invalid"))?;
        Ok(Self {
            asset_id,
            asset,
            quantity,
            address,
            memo: (!memo.is_empty()).then(|| Memo::Bytes(memo.to_vec())),
        })
    }

    /// Reads a CBOR body only (the reference's `new_unpack`): no legacy fallback.
    pub fn unpack_cbor(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        match Self::attempt_cbor(body, height, rules) {
            Attempt::Done(send) => Ok(send),
            Attempt::Fail(e) => Err(e),
            Attempt::Fallback => Err(MessageError::malformed(
                ids::ENHANCED_SEND,
                "could not unpack",
            )),
        }
    }

    fn attempt_cbor(body: &[u8], height: u64, rules: Rules) -> Attempt<Self> {
        let t = ids::ENHANCED_SEND;
        let Some(items) = loose::unpack_n(body, 4) else {
            return Attempt::Fallback;
        };
        let [asset_id, quantity, packed, memo] = items.as_slice() else {
            return Attempt::Fallback;
        };
        let Ok(asset) = loose::asset_name(asset_id, height, rules) else {
            return Attempt::Fallback;
        };
        if asset == "BTC" {
            return Attempt::Fallback;
        }
        let Value::Bytes(packed) = packed else {
            return Attempt::Fallback;
        };
        let Ok(address) = address::unpack(packed, height, rules) else {
            return Attempt::Fallback;
        };
        // The reference accepts any value here and lets validation reject it.
        let (Some(asset_id), Some(quantity)) =
            (loose::strict_u64(asset_id), loose::strict_u64(quantity))
        else {
            return Attempt::Fail(MessageError::invalid(
                t,
                "invalid: quantity must be in satoshis",
            ));
        };
        let memo = match memo {
            Value::Bytes(b) if b.is_empty() => None,
            Value::Bytes(b) => Some(Memo::Bytes(b.clone())),
            Value::Text(s) => Some(Memo::Text(s.clone())),
            _ => return Attempt::Fail(MessageError::invalid(t, "invalid: memo must be bytes")),
        };
        Attempt::Done(Self {
            asset_id,
            asset,
            quantity,
            address,
            memo,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let packed = address::pack(&self.address, height, rules)?;
        let memo = self.memo.as_ref().map(Memo::to_bytes).unwrap_or_default();
        if rules.active(Change::TaprootSupport, height) {
            let mut w = cbor::Writer::new();
            w.array(4)
                .uint(self.asset_id)
                .uint(self.quantity)
                .bytes(&packed)
                .bytes(&memo);
            return Ok(w.into_bytes());
        }
        let mut out = Vec::with_capacity(37 + memo.len());
        out.extend(self.asset_id.to_be_bytes());
        out.extend(self.quantity.to_be_bytes());
        out.extend(fixed(&packed, 21));
        out.extend(memo);
        Ok(out)
    }
}

/// Python's `struct` `{n}s`: cut or zero-padded to `n` bytes.
pub(crate) fn fixed(bytes: &[u8], n: usize) -> Vec<u8> {
    let mut v = bytes.get(..bytes.len().min(n)).unwrap_or(bytes).to_vec();
    v.resize(n, 0);
    v
}

/// Sweep flag: send all balances.
pub const FLAG_BALANCES: u8 = 1;
/// Sweep flag: transfer asset ownership.
pub const FLAG_OWNERSHIP: u8 = 2;
/// Sweep flag: the memo is binary.
pub const FLAG_BINARY_MEMO: u8 = 4;

/// A sweep of balances and/or asset ownership to a destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sweep {
    /// Destination address.
    pub destination: String,
    /// Flags ([`FLAG_BALANCES`], [`FLAG_OWNERSHIP`], [`FLAG_BINARY_MEMO`]).
    pub flags: u8,
    /// Memo: binary when [`FLAG_BINARY_MEMO`] is set, else text.
    pub memo: Option<Memo>,
}

impl Sweep {
    /// Reads the body: CBOR first from `taproot_support`, else (or on failure) `>21sB` + memo.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        if rules.active(Change::TaprootSupport, height) {
            match Self::attempt_cbor(body, height, rules) {
                Attempt::Done(sweep) => return Ok(sweep),
                Attempt::Fail(e) => return Err(e),
                Attempt::Fallback => {}
            }
        }
        let t = ids::SWEEP;
        let memo_len = body
            .len()
            .checked_sub(22)
            .ok_or_else(|| MessageError::malformed(t, "invalid message length"))?;
        if memo_len > MAX_MEMO_LENGTH {
            return Err(MessageError::malformed(t, "memo too long"));
        }
        let (Some(packed), Some(&flags), Some(memo)) =
            (body.get(..21), body.get(21), body.get(22..))
        else {
            return Err(MessageError::malformed(t, "could not unpack"));
        };
        let memo = if memo.is_empty() {
            None
        } else if flags & FLAG_BINARY_MEMO == 0 {
            Some(Memo::Text(String::from_utf8(memo.to_vec()).map_err(
                |_| MessageError::malformed(t, "memo is not UTF-8"),
            )?))
        } else {
            Some(Memo::Bytes(memo.to_vec()))
        };
        Ok(Self {
            destination: address::unpack(packed, height, rules)?,
            flags,
            memo,
        })
    }

    /// Reads a CBOR body only (the reference's `new_unpack`): no legacy fallback.
    pub fn unpack_cbor(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        match Self::attempt_cbor(body, height, rules) {
            Attempt::Done(sweep) => Ok(sweep),
            Attempt::Fail(e) => Err(e),
            Attempt::Fallback => Err(MessageError::malformed(ids::SWEEP, "could not unpack")),
        }
    }

    fn attempt_cbor(body: &[u8], height: u64, rules: Rules) -> Attempt<Self> {
        let t = ids::SWEEP;
        let Some(items) = loose::unpack_n(body, 3) else {
            return Attempt::Fallback;
        };
        let [packed, flags, memo] = items.as_slice() else {
            return Attempt::Fallback;
        };
        let memo_len = match memo {
            Value::Bytes(b) => b.len(),
            Value::Text(s) => s.chars().count(),
            Value::Array(a) => a.len(),
            Value::Map(m) => m.len(),
            _ => return Attempt::Fallback,
        };
        let flag_bits = match flags {
            Value::Int(i) => *i,
            Value::Bool(b) => i128::from(*b),
            _ => return Attempt::Fallback,
        };
        let memo = if memo_len == 0 {
            None
        } else if flag_bits & i128::from(FLAG_BINARY_MEMO) == 0 {
            // bytes_to_string: UTF-8, or hex when it is not.
            let Value::Bytes(b) = memo else {
                return Attempt::Fallback;
            };
            Some(Memo::Text(
                String::from_utf8(b.clone()).unwrap_or_else(|_| loose::hex(b)),
            ))
        } else {
            match memo {
                Value::Bytes(b) => Some(Memo::Bytes(b.clone())),
                Value::Text(s) => Some(Memo::Text(s.clone())),
                _ => return Attempt::Fail(MessageError::invalid(t, "invalid: memo must be bytes")),
            }
        };
        let Value::Bytes(packed) = packed else {
            return Attempt::Fallback;
        };
        let Ok(destination) = address::unpack(packed, height, rules) else {
            return Attempt::Fallback;
        };
        let Ok(flags) = u8::try_from(flag_bits) else {
            return Attempt::Fail(MessageError::invalid(t, "invalid: invalid flags"));
        };
        Attempt::Done(Self {
            destination,
            flags,
            memo,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let packed = address::pack(&self.destination, height, rules)?;
        let memo = self.memo.as_ref().map(Memo::to_bytes).unwrap_or_default();
        if rules.active(Change::TaprootSupport, height) {
            let mut w = cbor::Writer::new();
            w.array(3)
                .bytes(&packed)
                .uint(u64::from(self.flags))
                .bytes(&memo);
            return Ok(w.into_bytes());
        }
        let mut out = fixed(&packed, 21);
        out.push(self.flags);
        out.extend(memo);
        Ok(out)
    }
}
