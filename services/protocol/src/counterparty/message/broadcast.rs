//! Broadcast (30) and bet (40): CP `lib/messages/broadcast.py`, `bet.py`.
//!
//! Broadcast: `>IdI` (timestamp, value as a double, fee fraction) then the text: a pascal string (≤ 52 bytes)
//! before `broadcast_pack_text`, then a CompactSize length and the text (read from the end). From
//! `taproot_support` a CBOR array `[timestamp, value, fee_fraction_int, mime_type, text_bytes]` is tried first.

use serde::Serialize;

use super::{MessageError, be_f64, be_u16, be_u32, be_u64, ids, loose, pascal, write_pascal};
use crate::cbor::{self, Value};
use crate::network::{Change, Rules};

/// A broadcast.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Broadcast {
    /// Timestamp (seconds).
    pub timestamp: u64,
    /// The broadcast value (a double in the protocol).
    pub value: f64,
    /// Fee fraction, in units of 1e-8.
    pub fee_fraction_int: u64,
    /// The text (hex for binary MIME types).
    pub text: String,
    /// MIME type of the text.
    pub mime_type: String,
}

/// Bitcoin's CompactSize: the value and the bytes it took.
fn compact_size(b: &[u8]) -> Option<(u64, usize)> {
    match b.first()? {
        0xfd => Some((
            u64::from(u16::from_le_bytes(b.get(1..3)?.try_into().ok()?)),
            3,
        )),
        0xfe => Some((
            u64::from(u32::from_le_bytes(b.get(1..5)?.try_into().ok()?)),
            5,
        )),
        0xff => Some((u64::from_le_bytes(b.get(1..9)?.try_into().ok()?), 9)),
        n => Some((u64::from(*n), 1)),
    }
}

fn write_compact_size(out: &mut Vec<u8>, n: u64) {
    match n {
        0..=0xfc => out.push(n as u8),
        0xfd..=0xffff => {
            out.push(0xfd);
            out.extend((n as u16).to_le_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(0xfe);
            out.extend((n as u32).to_le_bytes());
        }
        _ => {
            out.push(0xff);
            out.extend(n.to_le_bytes());
        }
    }
}

impl Broadcast {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let t = ids::BROADCAST;
        if rules.active(Change::TaprootSupport, height)
            && let Some(items) = loose::unpack_n(body, 5)
            && let [timestamp, value, fee, mime, text] = items.as_slice()
        {
            let mime = if loose::truthy(mime) {
                mime.clone()
            } else {
                Value::Text("text/plain".into())
            };
            if let Some(text) = loose::bytes_to_content(text, &mime, height, rules) {
                let value = match value {
                    Value::Float(f) => Some(*f),
                    Value::Int(i) => Some(*i as f64),
                    _ => None,
                };
                return match (
                    loose::strict_u64(timestamp),
                    value,
                    loose::strict_u64(fee),
                    mime,
                ) {
                    (
                        Some(timestamp),
                        Some(value),
                        Some(fee_fraction_int),
                        Value::Text(mime_type),
                    ) => Ok(Self {
                        timestamp,
                        value,
                        fee_fraction_int,
                        text,
                        mime_type,
                    }),
                    _ => Err(MessageError::invalid(t, "invalid: bad broadcast values")),
                };
            }
        }
        let (Some(timestamp), Some(value), Some(fee)) =
            (be_u32(body, 0), be_f64(body, 4), be_u32(body, 12))
        else {
            return Err(MessageError::could_not_unpack(t));
        };
        let rest = body.get(16..).unwrap_or_default();
        let text: &[u8] = if rules.active(Change::BroadcastPackText, height) {
            let Some((len, _)) = compact_size(rest) else {
                return Err(if rules.active(Change::BroadcastSafeUnpack, height) {
                    MessageError::could_not_unpack(t)
                } else {
                    MessageError::malformed(t, "truncated text length")
                });
            };
            match usize::try_from(len) {
                Ok(0) => &[],
                Ok(len) if len <= rest.len() => rest.get(rest.len() - len..).unwrap_or_default(),
                _ => return Err(MessageError::invalid(t, "invalid: could not unpack text")),
            }
        } else if rest.len() <= 52 {
            pascal(rest)
        } else {
            rest
        };
        Ok(Self {
            timestamp: u64::from(timestamp),
            value,
            fee_fraction_int: u64::from(fee),
            text: String::from_utf8(text.to_vec()).unwrap_or_default(),
            mime_type: "text/plain".into(),
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let t = ids::BROADCAST;
        if rules.active(Change::TaprootSupport, height) {
            let text = loose::content_to_bytes(&self.text, &self.mime_type, height, rules)
                .ok_or_else(|| MessageError::encode(t, "binary text is not hex"))?;
            let mut w = cbor::Writer::new();
            w.array(5)
                .uint(self.timestamp)
                .float(self.value)
                .uint(self.fee_fraction_int)
                .text(&self.mime_type)
                .bytes(&text);
            return Ok(w.into_bytes());
        }
        let (Ok(timestamp), Ok(fee)) = (
            u32::try_from(self.timestamp),
            u32::try_from(self.fee_fraction_int),
        ) else {
            return Err(MessageError::encode(
                t,
                "timestamp and fee fraction must fit 32 bits",
            ));
        };
        let mut out = Vec::with_capacity(16 + 9 + self.text.len());
        out.extend(timestamp.to_be_bytes());
        out.extend(self.value.to_be_bytes());
        out.extend(fee.to_be_bytes());
        let text = self.text.as_bytes();
        if rules.active(Change::BroadcastPackText, height) {
            write_compact_size(&mut out, text.len() as u64);
            out.extend(text);
        } else if text.len() <= 52 {
            write_pascal(&mut out, text, text.len() + 1);
        } else {
            out.extend(text);
        }
        Ok(out)
    }
}

/// A bet on a broadcast feed (`>HIQQdII`, 38 bytes).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bet {
    /// Bet type (0 BullCFD, 1 BearCFD, 2 Equal, 3 NotEqual).
    pub bet_type: u16,
    /// Deadline timestamp.
    pub deadline: u32,
    /// Wager, base units of XCP.
    pub wager_quantity: u64,
    /// Counterwager, base units of XCP.
    pub counterwager_quantity: u64,
    /// Target value.
    pub target_value: f64,
    /// Leverage (5040 = 1x).
    pub leverage: u32,
    /// Expiration, in blocks.
    pub expiration: u32,
}

impl Bet {
    /// Reads the body (exactly 38 bytes).
    pub fn unpack(body: &[u8]) -> Result<Self, MessageError> {
        match (
            body.len(),
            be_u16(body, 0),
            be_u32(body, 2),
            be_u64(body, 6),
            be_u64(body, 14),
            be_f64(body, 22),
            be_u32(body, 30),
            be_u32(body, 34),
        ) {
            (
                38,
                Some(bet_type),
                Some(deadline),
                Some(wager_quantity),
                Some(counterwager_quantity),
                Some(target_value),
                Some(leverage),
                Some(expiration),
            ) => Ok(Self {
                bet_type,
                deadline,
                wager_quantity,
                counterwager_quantity,
                target_value,
                leverage,
                expiration,
            }),
            _ => Err(MessageError::could_not_unpack(ids::BET)),
        }
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(38);
        out.extend(self.bet_type.to_be_bytes());
        out.extend(self.deadline.to_be_bytes());
        out.extend(self.wager_quantity.to_be_bytes());
        out.extend(self.counterwager_quantity.to_be_bytes());
        out.extend(self.target_value.to_be_bytes());
        out.extend(self.leverage.to_be_bytes());
        out.extend(self.expiration.to_be_bytes());
        out
    }
}
