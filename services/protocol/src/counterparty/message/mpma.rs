//! Multi-peer multi-asset send (3): CP `versions/mpma.py` and the bitstream of `utils/mpmaencoding.py`.
//!
//! Layout: `u16` address count, that many legacy-packed addresses (21 bytes each), then a bitstream: an optional
//! message-wide memo, then per asset `1`, the asset id (64 bits), `nbits` bits of recipient count − 1, and per
//! recipient `nbits` bits of address index, the amount (64 bits) and an optional memo; a `0` bit ends the list
//! and zero bits pad to a byte. `nbits = ceil(log2(address count))`. A memo is `1`, an is-hex bit, six bits of
//! length and the bytes; an absent memo is a single `0`.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::{Memo, MessageError, ids};
use crate::address;
use crate::asset;
use crate::network::Rules;

/// One recipient of an asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MpmaSend {
    /// Destination address.
    pub address: String,
    /// Quantity, base units.
    pub quantity: u64,
    /// This send's own memo (the message-wide memo applies when absent).
    pub memo: Option<Memo>,
}

/// The sends of one asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MpmaAsset {
    /// Asset id.
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Recipients, in message order.
    pub sends: Vec<MpmaSend>,
}

/// An MPMA send. Serialises as the reference's unpack result: asset → list of `{address, quantity[, memo,
/// memo_is_hex]}`, with the message-wide memo applied to sends without their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mpma {
    /// Message-wide memo.
    pub memo: Option<Memo>,
    /// Assets in message order (an asset listed twice keeps the later list at the earlier place, as the
    /// reference's dictionary does).
    pub assets: Vec<MpmaAsset>,
}

struct Sends<'a>(&'a [MpmaSend], &'a Option<Memo>);

impl Serialize for Sends<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for send in self.0 {
            seq.serialize_element(&send.json(self.1))?;
        }
        seq.end()
    }
}

impl MpmaSend {
    fn json(&self, global: &Option<Memo>) -> serde_json::Value {
        let mut v = serde_json::json!({"address": self.address, "quantity": self.quantity});
        if let (Some(memo), serde_json::Value::Object(map)) =
            (self.memo.as_ref().or(global.as_ref()), &mut v)
        {
            map.insert(
                "memo".into(),
                serde_json::to_value(memo).unwrap_or_default(),
            );
            map.insert("memo_is_hex".into(), memo.is_hex().into());
        }
        v
    }
}

impl Serialize for Mpma {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.assets.len()))?;
        for a in &self.assets {
            map.serialize_entry(&a.asset, &Sends(&a.sends, &self.memo))?;
        }
        map.end()
    }
}

struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bits<'_> {
    fn read(&mut self, n: u32) -> Result<u64, MessageError> {
        let mut v: u64 = 0;
        for _ in 0..n {
            let byte = self
                .data
                .get(self.pos / 8)
                .ok_or_else(|| MessageError::malformed(ids::MPMA, "truncated data"))?;
            let bit = (byte >> (7 - self.pos % 8)) & 1;
            v = (v << 1) | u64::from(bit);
            self.pos += 1;
        }
        Ok(v)
    }

    fn memo(&mut self) -> Result<Option<Memo>, MessageError> {
        if self.read(1)? == 0 {
            return Ok(None);
        }
        let is_hex = self.read(1)? == 1;
        let len = self.read(6)?;
        let mut bytes = Vec::with_capacity(64);
        for _ in 0..len {
            bytes.push(self.read(8)? as u8);
        }
        Ok(Some(if is_hex {
            Memo::Bytes(bytes)
        } else {
            Memo::Text(
                String::from_utf8(bytes)
                    .map_err(|_| MessageError::malformed(ids::MPMA, "memo is not UTF-8"))?,
            )
        }))
    }
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    fn push(&mut self, value: u64, n: u32) {
        for i in (0..n).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1
                && let Some(last) = self.bytes.last_mut()
            {
                *last |= 1 << (7 - self.len % 8);
            }
            self.len += 1;
        }
    }

    fn memo(&mut self, memo: &Memo) -> bool {
        let bytes = memo.to_bytes();
        if bytes.len() > 63 {
            return false;
        }
        self.push(1, 1);
        self.push(u64::from(memo.is_hex()), 1);
        self.push(bytes.len() as u64, 6);
        for b in bytes {
            self.push(u64::from(b), 8);
        }
        true
    }
}

/// `ceil(log2(n))` for `n ≥ 1`.
fn nbits(n: usize) -> u32 {
    usize::BITS - (n.max(1) - 1).leading_zeros()
}

impl Mpma {
    /// Reads the body.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let t = ids::MPMA;
        let (Some(&hi), Some(&lo)) = (body.first(), body.get(1)) else {
            return Err(MessageError::malformed(t, "could not unpack"));
        };
        let count = usize::from(u16::from_be_bytes([hi, lo]));
        if count == 0 {
            return Err(MessageError::malformed(t, "address list can't be empty"));
        }
        let mut lut = Vec::new();
        let mut p = 2usize;
        for _ in 0..count {
            let raw = body.get(p..body.len().min(p + 21)).unwrap_or_default();
            lut.push(address::unpack_legacy(raw, height, rules)?);
            p += 21;
        }
        let nbits = nbits(count);
        let mut bits = Bits {
            data: body.get(p..).unwrap_or_default(),
            pos: 0,
        };
        let memo = bits.memo()?;
        let mut assets: Vec<MpmaAsset> = Vec::new();
        while bits.read(1)? == 1 {
            let asset_id = bits.read(64)?;
            let recipients = if nbits > 0 { bits.read(nbits)? + 1 } else { 1 };
            let asset = asset::name_from_id_at(asset_id, height, rules)
                .map_err(|_| MessageError::malformed(t, "invalid asset in mpma send"))?;
            let mut sends = Vec::new();
            for _ in 0..recipients {
                let idx = if nbits > 0 { bits.read(nbits)? } else { 0 };
                let address = usize::try_from(idx)
                    .ok()
                    .and_then(|i| lut.get(i))
                    .ok_or_else(|| MessageError::malformed(t, "address index out of range"))?
                    .clone();
                let quantity = bits.read(64)?;
                let memo = bits.memo()?;
                sends.push(MpmaSend {
                    address,
                    quantity,
                    memo,
                });
            }
            let entry = MpmaAsset {
                asset_id,
                asset,
                sends,
            };
            match assets.iter_mut().find(|a| a.asset == entry.asset) {
                Some(existing) => *existing = entry,
                None => assets.push(entry),
            }
        }
        Ok(Self { memo, assets })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let t = ids::MPMA;
        let mut lut: Vec<&str> = self
            .assets
            .iter()
            .flat_map(|a| a.sends.iter().map(|s| s.address.as_str()))
            .collect();
        lut.sort_unstable();
        lut.dedup();
        let count = u16::try_from(lut.len())
            .ok()
            .filter(|c| *c > 0)
            .ok_or_else(|| MessageError::encode(t, "between 1 and 65535 addresses"))?;
        let mut out = count.to_be_bytes().to_vec();
        for a in &lut {
            out.extend(address::pack_legacy(a, height, rules)?);
        }
        let nbits = nbits(lut.len());
        let mut w = BitWriter::default();
        match &self.memo {
            Some(memo) => {
                if !w.memo(memo) {
                    return Err(MessageError::encode(t, "memo longer than 63 bytes"));
                }
            }
            None => w.push(0, 1),
        }
        for a in &self.assets {
            let n = a.sends.len();
            if n == 0 || (n - 1) >> nbits != 0 {
                return Err(MessageError::encode(
                    t,
                    "recipient count does not fit the address table",
                ));
            }
            w.push(1, 1);
            w.push(a.asset_id, 64);
            w.push((n - 1) as u64, nbits);
            for s in &a.sends {
                let idx = lut.binary_search(&s.address.as_str()).unwrap_or_default();
                w.push(idx as u64, nbits);
                w.push(s.quantity, 64);
                // The reference drops a send's memo it cannot encode.
                if !s.memo.as_ref().is_some_and(|m| w.memo(m)) {
                    w.push(0, 1);
                }
            }
        }
        w.push(0, 1);
        out.extend(w.bytes);
        Ok(out)
    }

    /// The reference API's rendering: per asset, its first send.
    pub(crate) fn api_json(&self) -> serde_json::Value {
        serde_json::Value::Array(
            self.assets
                .iter()
                .filter_map(|a| {
                    let send = a.sends.first()?;
                    let memo = send.memo.as_ref().or(self.memo.as_ref());
                    Some(serde_json::json!({
                        "asset": a.asset,
                        "destination": send.address,
                        "quantity": send.quantity,
                        "memo": memo.map(|m| serde_json::to_value(m).unwrap_or_default()),
                        "memo_is_hex": memo.map(Memo::is_hex),
                    }))
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nbits_is_ceil_log2() {
        assert_eq!(nbits(1), 0);
        assert_eq!(nbits(2), 1);
        assert_eq!(nbits(3), 2);
        assert_eq!(nbits(4), 2);
        assert_eq!(nbits(5), 3);
    }
}
