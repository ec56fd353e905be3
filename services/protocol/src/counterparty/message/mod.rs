//! Counterparty messages (PROTOCOL.md §3): type-id framing and every message body, decoded and encoded the way
//! counterparty-core does (`lib/parser/messagetype.py`, `lib/messages/*.py`).
//!
//! [`Message::unpack`] reads a message (type id + body) at a height; [`Message::pack`] writes one in the layout
//! active at a height. From `taproot_support` the bodies that have a CBOR form are read as CBOR first and fall
//! back to their legacy layout exactly where the reference falls back.
//!
//! Errors are of two kinds. [`MessageError::Invalid`] means the reference *records* the message with an invalid
//! status (its `status` is the reference's text); every other error means the body cannot be read at all.

mod broadcast;
mod fairminter;
mod issuance;
pub(crate) mod loose;
mod mpma;
mod other;
mod send;

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::address::AddressError;
use crate::asset::AssetError;
use crate::network::{Change, Network, Rules};

pub use broadcast::{Bet, Broadcast};
pub use fairminter::{Fairmint, Fairminter};
pub use issuance::Issuance;
pub use mpma::{Mpma, MpmaAsset, MpmaSend};
pub use other::{
    Attach, Btcpay, Cancel, Destroy, Detach, Dispense, Dispenser, Dividend, MAX_TAG_LENGTH, Order,
    STATUS_CLOSED, STATUS_OPEN, STATUS_OPEN_EMPTY_ADDRESS, Utxo,
};
pub use send::{
    EnhancedSend, FLAG_BALANCES, FLAG_BINARY_MEMO, FLAG_OWNERSHIP, MAX_MEMO_LENGTH, Send, Sweep,
};

/// Message type ids (PROTOCOL.md §3.2).
pub mod ids {
    /// Send (legacy).
    pub const SEND: u32 = 0;
    /// Enhanced send.
    pub const ENHANCED_SEND: u32 = 2;
    /// Multi-peer multi-asset send.
    pub const MPMA: u32 = 3;
    /// Sweep.
    pub const SWEEP: u32 = 4;
    /// Order.
    pub const ORDER: u32 = 10;
    /// BTC payment for an order match.
    pub const BTCPAY: u32 = 11;
    /// Dispenser.
    pub const DISPENSER: u32 = 12;
    /// Dispense.
    pub const DISPENSE: u32 = 13;
    /// Issuance.
    pub const ISSUANCE: u32 = 20;
    /// Subasset issuance.
    pub const SUBASSET_ISSUANCE: u32 = 21;
    /// Issuance with lock/reset flags (the composer's default).
    pub const ISSUANCE_LR: u32 = 22;
    /// Subasset issuance with lock/reset flags.
    pub const SUBASSET_ISSUANCE_LR: u32 = 23;
    /// Broadcast.
    pub const BROADCAST: u32 = 30;
    /// Bet.
    pub const BET: u32 = 40;
    /// Dividend.
    pub const DIVIDEND: u32 = 50;
    /// Cancel.
    pub const CANCEL: u32 = 70;
    /// Rock-paper-scissors (disabled since 352000).
    pub const RPS: u32 = 80;
    /// Rock-paper-scissors resolution.
    pub const RPS_RESOLVE: u32 = 81;
    /// Fairminter.
    pub const FAIRMINTER: u32 = 90;
    /// Fairmint.
    pub const FAIRMINT: u32 = 91;
    /// UTXO attach/detach (legacy form).
    pub const UTXO: u32 = 100;
    /// Attach to a UTXO.
    pub const ATTACH: u32 = 101;
    /// Detach from a UTXO.
    pub const DETACH: u32 = 102;
    /// Destroy.
    pub const DESTROY: u32 = 110;
}

/// Why a message could not be read or written.
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
    /// An asset id or name is not valid.
    #[error(transparent)]
    Asset(#[from] AssetError),
    /// A packed address could not be read, or an address could not be packed.
    #[error(transparent)]
    Address(#[from] AddressError),
    /// A layout this decoder does not read at that height.
    #[error("message type {type_id} is not decoded at height {height}")]
    Unsupported {
        /// Message type id.
        type_id: u32,
        /// Block height.
        height: u64,
    },
    /// The body cannot be read (the reference raises; the reason is its message where it has one).
    #[error("message type {type_id}: {reason}")]
    Malformed {
        /// Message type id.
        type_id: u32,
        /// What is wrong, in the reference's words where possible.
        reason: String,
    },
    /// The reference records this message with an invalid status.
    #[error("message type {type_id} is invalid: {status}")]
    Invalid {
        /// Message type id.
        type_id: u32,
        /// The status the reference records (`invalid: could not unpack`, `invalid: bad asset name`, ...).
        status: String,
    },
    /// A value cannot be written in the layout active at that height.
    #[error("message type {type_id} cannot be encoded: {reason}")]
    Encode {
        /// Message type id.
        type_id: u32,
        /// Why.
        reason: String,
    },
}

impl MessageError {
    /// The status the reference would record for a message that failed this way.
    pub fn status(&self) -> String {
        match self {
            MessageError::Invalid { status, .. } => status.clone(),
            _ => "invalid: could not unpack".into(),
        }
    }

    pub(crate) fn malformed(type_id: u32, reason: impl Into<String>) -> Self {
        MessageError::Malformed {
            type_id,
            reason: reason.into(),
        }
    }

    pub(crate) fn invalid(type_id: u32, status: impl Into<String>) -> Self {
        MessageError::Invalid {
            type_id,
            status: status.into(),
        }
    }

    pub(crate) fn encode(type_id: u32, reason: impl Into<String>) -> Self {
        MessageError::Encode {
            type_id,
            reason: reason.into(),
        }
    }

    pub(crate) fn could_not_unpack(type_id: u32) -> Self {
        Self::invalid(type_id, "invalid: could not unpack")
    }
}

/// Splits `data` into its type id and body: from `short_tx_type_id` one byte when the data has more than one
/// byte and the first is non-zero; otherwise a 4-byte big-endian id (which needs more than four bytes).
pub fn split_type(data: &[u8], height: u64, rules: Rules) -> Result<(u32, &[u8]), MessageError> {
    if data.len() > 1
        && rules.active(Change::ShortTxTypeId, height)
        && let [first, rest @ ..] = data
        && *first != 0
    {
        return Ok((u32::from(*first), rest));
    }
    match data {
        [a, b, c, d, rest @ ..] if !rest.is_empty() => {
            Ok((u32::from_be_bytes([*a, *b, *c, *d]), rest))
        }
        _ => Err(MessageError::NoTypeId),
    }
}

/// The type-id bytes of `type_id`: one byte from `short_tx_type_id` for ids 1–255, else four bytes big-endian.
pub fn pack_type(type_id: u32, height: u64, rules: Rules) -> Vec<u8> {
    match u8::try_from(type_id) {
        Ok(id) if id > 0 && rules.active(Change::ShortTxTypeId, height) => vec![id],
        _ => type_id.to_be_bytes().to_vec(),
    }
}

/// A memo or tag: text, or bytes (rendered as hex in JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Memo {
    /// A text memo.
    Text(String),
    /// A binary memo.
    Bytes(Vec<u8>),
}

impl Memo {
    /// The bytes the memo is written as.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Memo::Text(s) => s.as_bytes().to_vec(),
            Memo::Bytes(b) => b.clone(),
        }
    }

    /// Whether the memo is binary.
    pub fn is_hex(&self) -> bool {
        matches!(self, Memo::Bytes(_))
    }
}

impl Serialize for Memo {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Memo::Text(s) => serializer.serialize_str(s),
            Memo::Bytes(b) => serializer.serialize_str(&loose::hex(b)),
        }
    }
}

pub(crate) fn serialize_hex<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&loose::hex(bytes))
}

/// Big-endian fixed-width reads from a body.
pub(crate) fn be_u64(body: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_be_bytes(
        body.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

pub(crate) fn be_u32(body: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(
        body.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

pub(crate) fn be_u16(body: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(
        body.get(at..at.checked_add(2)?)?.try_into().ok()?,
    ))
}

pub(crate) fn be_f64(body: &[u8], at: usize) -> Option<f64> {
    be_u64(body, at).map(f64::from_bits)
}

/// Python's `struct` `p` (pascal string) field of `n` bytes: a length byte, then at most `n - 1` bytes.
pub(crate) fn pascal(field: &[u8]) -> &[u8] {
    match field.split_first() {
        None => &[],
        Some((len, rest)) => rest
            .get(..usize::from(*len).min(rest.len()))
            .unwrap_or(rest),
    }
}

/// Writes Python's `struct` `{n}p` of `data`: the length byte (at most 255 and `n - 1`), the data cut or zero
/// padded to `n - 1` bytes.
pub(crate) fn write_pascal(out: &mut Vec<u8>, data: &[u8], n: usize) {
    if n == 0 {
        return;
    }
    let room = n - 1;
    let len = data.len().min(room).min(255);
    out.push(len as u8);
    let mut field = data.get(..data.len().min(room)).unwrap_or(data).to_vec();
    field.resize(room, 0);
    out.extend_from_slice(&field);
}

/// One decoded Counterparty message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Send (0).
    Send(Send),
    /// Enhanced send (2).
    EnhancedSend(EnhancedSend),
    /// Multi-peer multi-asset send (3).
    Mpma(Mpma),
    /// Sweep (4).
    Sweep(Sweep),
    /// Order (10).
    Order(Order),
    /// BTC payment (11).
    Btcpay(Btcpay),
    /// Dispenser (12).
    Dispenser(Dispenser),
    /// Dispense (13).
    Dispense(Dispense),
    /// Issuance and subasset issuance (20–23).
    Issuance(Issuance),
    /// Broadcast (30).
    Broadcast(Broadcast),
    /// Bet (40).
    Bet(Bet),
    /// Dividend (50).
    Dividend(Dividend),
    /// Cancel (70).
    Cancel(Cancel),
    /// Rock-paper-scissors (80); the reference no longer decodes it.
    Rps {
        /// The body, hex.
        body_hex: String,
    },
    /// Rock-paper-scissors resolution (81); the reference no longer decodes it.
    Rpsresolve {
        /// The body, hex.
        body_hex: String,
    },
    /// Fairminter (90).
    Fairminter(Fairminter),
    /// Fairmint (91).
    Fairmint(Fairmint),
    /// UTXO attach/detach, legacy form (100).
    Utxo(Utxo),
    /// Attach to a UTXO (101).
    Attach(Attach),
    /// Detach from a UTXO (102).
    Detach(Detach),
    /// Destroy (110).
    Destroy(Destroy),
    /// Any other type id.
    Unknown {
        /// The type id.
        type_id: u32,
        /// The body, hex.
        body_hex: String,
    },
}

impl Message {
    /// Reads a message. `data` = type id + body (the `CNTRPRTY` prefix already removed).
    pub fn unpack(data: &[u8], height: u64, rules: Rules) -> Result<Message, MessageError> {
        let (type_id, body) = split_type(data, height, rules)?;
        Self::unpack_body(type_id, body, height, rules)
    }

    /// Reads a message body whose type id is already known.
    pub fn unpack_body(
        type_id: u32,
        body: &[u8],
        height: u64,
        rules: Rules,
    ) -> Result<Message, MessageError> {
        Ok(match type_id {
            ids::SEND => Message::Send(Send::unpack(body, height, rules)?),
            ids::ENHANCED_SEND => Message::EnhancedSend(EnhancedSend::unpack(body, height, rules)?),
            ids::MPMA => Message::Mpma(Mpma::unpack(body, height, rules)?),
            ids::SWEEP => Message::Sweep(Sweep::unpack(body, height, rules)?),
            ids::ORDER => Message::Order(Order::unpack(body, height, rules)?),
            ids::BTCPAY => Message::Btcpay(Btcpay::unpack(body)?),
            ids::DISPENSER => Message::Dispenser(Dispenser::unpack(body, height, rules)?),
            ids::DISPENSE => Message::Dispense(Dispense {
                data: body.to_vec(),
            }),
            ids::ISSUANCE
            | ids::SUBASSET_ISSUANCE
            | ids::ISSUANCE_LR
            | ids::SUBASSET_ISSUANCE_LR => {
                Message::Issuance(Issuance::unpack(type_id, body, height, rules)?)
            }
            ids::BROADCAST => Message::Broadcast(Broadcast::unpack(body, height, rules)?),
            ids::BET => Message::Bet(Bet::unpack(body)?),
            ids::DIVIDEND => Message::Dividend(Dividend::unpack(body, height, rules)?),
            ids::CANCEL => Message::Cancel(Cancel::unpack(body)?),
            ids::RPS => Message::Rps {
                body_hex: loose::hex(body),
            },
            ids::RPS_RESOLVE => Message::Rpsresolve {
                body_hex: loose::hex(body),
            },
            ids::FAIRMINTER => Message::Fairminter(Fairminter::unpack(body, height, rules)?),
            ids::FAIRMINT => Message::Fairmint(Fairmint::unpack(body, height, rules)?),
            ids::UTXO => Message::Utxo(Utxo::unpack(body)?),
            ids::ATTACH => Message::Attach(Attach::unpack(body)?),
            ids::DETACH => Message::Detach(Detach::unpack(body)),
            ids::DESTROY => Message::Destroy(Destroy::unpack(body, height, rules)?),
            _ => Message::Unknown {
                type_id,
                body_hex: loose::hex(body),
            },
        })
    }

    /// Writes the message (type id + body) in the layout active at `height`.
    pub fn pack(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let type_id = self.type_id();
        let body = match self {
            Message::Send(m) => m.pack_body(),
            Message::EnhancedSend(m) => m.pack_body(height, rules)?,
            Message::Mpma(m) => m.pack_body(height, rules)?,
            Message::Sweep(m) => m.pack_body(height, rules)?,
            Message::Order(m) => m.pack_body(),
            Message::Btcpay(m) => m.pack_body()?,
            Message::Dispenser(m) => m.pack_body(height, rules)?,
            Message::Dispense(m) => m.data.clone(),
            Message::Issuance(m) => m.pack_body(height, rules)?,
            Message::Broadcast(m) => m.pack_body(height, rules)?,
            Message::Bet(m) => m.pack_body(),
            Message::Dividend(m) => m.pack_body(height, rules)?,
            Message::Cancel(m) => m.pack_body()?,
            Message::Rps { body_hex }
            | Message::Rpsresolve { body_hex }
            | Message::Unknown { body_hex, .. } => loose::unhex(body_hex)
                .ok_or_else(|| MessageError::encode(type_id, "body_hex is not hex"))?,
            Message::Fairminter(m) => m.pack_body(height, rules)?,
            Message::Fairmint(m) => m.pack_body(height, rules)?,
            Message::Utxo(m) => m.pack_body(),
            Message::Attach(m) => m.pack_body(),
            Message::Detach(m) => m.pack_body(),
            Message::Destroy(m) => m.pack_body(),
        };
        let mut out = pack_type(type_id, height, rules);
        out.extend_from_slice(&body);
        Ok(out)
    }

    /// The message type id.
    pub fn type_id(&self) -> u32 {
        match self {
            Message::Send(_) => ids::SEND,
            Message::EnhancedSend(_) => ids::ENHANCED_SEND,
            Message::Mpma(_) => ids::MPMA,
            Message::Sweep(_) => ids::SWEEP,
            Message::Order(_) => ids::ORDER,
            Message::Btcpay(_) => ids::BTCPAY,
            Message::Dispenser(_) => ids::DISPENSER,
            Message::Dispense(_) => ids::DISPENSE,
            Message::Issuance(i) => i.type_id,
            Message::Broadcast(_) => ids::BROADCAST,
            Message::Bet(_) => ids::BET,
            Message::Dividend(_) => ids::DIVIDEND,
            Message::Cancel(_) => ids::CANCEL,
            Message::Rps { .. } => ids::RPS,
            Message::Rpsresolve { .. } => ids::RPS_RESOLVE,
            Message::Fairminter(_) => ids::FAIRMINTER,
            Message::Fairmint(_) => ids::FAIRMINT,
            Message::Utxo(_) => ids::UTXO,
            Message::Attach(_) => ids::ATTACH,
            Message::Detach(_) => ids::DETACH,
            Message::Destroy(_) => ids::DESTROY,
            Message::Unknown { type_id, .. } => *type_id,
        }
    }

    /// The reference's transaction type name (`send`, `enhanced_send`, `mpma`, `issuance`, ...).
    pub fn name(&self) -> &'static str {
        type_name(self.type_id())
    }
}

/// The reference's transaction type name for a type id (`unknown` for ids it does not parse).
pub fn type_name(type_id: u32) -> &'static str {
    match type_id {
        ids::SEND => "send",
        ids::ENHANCED_SEND => "enhanced_send",
        ids::MPMA => "mpma",
        ids::SWEEP => "sweep",
        ids::ORDER => "order",
        ids::BTCPAY => "btcpay",
        ids::DISPENSER => "dispenser",
        ids::DISPENSE => "dispense",
        ids::ISSUANCE | ids::SUBASSET_ISSUANCE | ids::ISSUANCE_LR | ids::SUBASSET_ISSUANCE_LR => {
            "issuance"
        }
        ids::BROADCAST => "broadcast",
        ids::BET => "bet",
        ids::DIVIDEND => "dividend",
        ids::CANCEL => "cancel",
        ids::RPS => "rps",
        ids::RPS_RESOLVE => "rpsresolve",
        ids::FAIRMINTER => "fairminter",
        ids::FAIRMINT => "fairmint",
        ids::UTXO => "utxo",
        ids::ATTACH => "attach",
        ids::DETACH => "detach",
        ids::DESTROY => "destroy",
        _ => "unknown",
    }
}

/// The unspendable burn address and the last burn height of a network (CP `config.py`).
fn burn(network: Network) -> (&'static str, u64) {
    let end = match network {
        Network::Mainnet => 283_810,
        Network::Testnet3 => 99_999_999,
        Network::Testnet4 => 4_017_708,
        Network::Signet => 999_999_999,
        Network::Regtest => 150_000_000,
    };
    (super::transport::unspendable(network), end)
}

/// Whether `value` is a `txid:vout` UTXO reference (CP `utxosinfo.is_utxo_format`).
pub fn is_utxo_format(value: &str, height: u64, rules: Rules) -> bool {
    let Some((txid, vout)) = value.split_once(':') else {
        return false;
    };
    if vout.contains(':') || vout.is_empty() || !vout.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if vout.len() > 1 && vout.starts_with('0') {
        return false;
    }
    let too_big = vout.parse::<u64>().map_or(true, |v| v > 0xFFFF_FFFF);
    if too_big && rules.active(Change::EnforceUtxoVoutMax, height) {
        return false;
    }
    txid.len() == 64 && txid.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The reference's `get_transaction_type`: the type name of a transaction from its data (with or without the
/// `CNTRPRTY` prefix), destination and UTXO info.
pub fn transaction_type(
    data: Option<&[u8]>,
    destination: &str,
    utxos_info: &[&str],
    height: u64,
    rules: Rules,
) -> &'static str {
    let (unspendable, burn_end) = burn(rules.network());
    let data = data.unwrap_or_default();
    if data.is_empty() {
        if destination == unspendable && height <= burn_end {
            return "burn";
        }
        if rules.active(Change::UtxoSupport, height)
            && utxos_info.first().is_some_and(|u| !u.is_empty())
        {
            return "utxomove";
        }
        if destination != unspendable
            && rules.active(Change::Dispensers, height)
            && !rules.active(Change::DisableVanillaBtcDispense, height)
        {
            return "dispense";
        }
        return "unknown";
    }
    if data == b"CNTRPRTY\x00\x00\x00<ProofOfBurn"
        && destination == unspendable
        && height <= burn_end
    {
        return "burn";
    }
    let data = data
        .strip_prefix(&crate::counterparty::PREFIX[..])
        .unwrap_or(data);
    // The reference unpacks the type id with the rules of the current block.
    let Ok((type_id, body)) = split_type(data, height, rules) else {
        return "unknown";
    };
    if type_id == ids::UTXO {
        return match Utxo::unpack(body) {
            Ok(u) if is_utxo_format(&u.source, height, rules) => "detach",
            Ok(_) => "attach",
            Err(_) => "unknown",
        };
    }
    type_name(type_id)
}

/// The reference's `GET /v2/transactions/unpack` result for a message (type id + body, the `CNTRPRTY` prefix
/// optional): `{message_type, message_type_id, message_data}`.
pub fn api_unpack(data: &[u8], height: u64, rules: Rules) -> serde_json::Value {
    use serde_json::{Value as J, json};
    let data = data
        .strip_prefix(&crate::counterparty::PREFIX[..])
        .unwrap_or(data);
    let (type_id, body) = match split_type(data, height, rules) {
        Ok((id, body)) => (Some(id), body),
        Err(_) => (None, &[][..]),
    };
    let Some(type_id) = type_id else {
        return json!({
            "message_type": "unknown",
            "message_type_id": J::Null,
            "message_data": {"error": "Unknown message type"},
        });
    };
    let name = match type_id {
        ids::MPMA => "mpma_send",
        _ => type_name(type_id),
    };
    if name == "unknown" {
        return json!({
            "message_type": "unknown",
            "message_type_id": type_id,
            "message_data": {"error": "Unknown message type"},
        });
    }
    let status = match type_id {
        ids::ORDER | ids::BET => Some("open"),
        ids::BTCPAY | ids::DISPENSER | ids::BROADCAST | ids::DIVIDEND | ids::CANCEL => {
            Some("valid")
        }
        ids::ISSUANCE | ids::SUBASSET_ISSUANCE | ids::ISSUANCE_LR | ids::SUBASSET_ISSUANCE_LR => {
            Some("valid")
        }
        _ => None,
    };
    let message_data = match Message::unpack_body(type_id, body, height, rules) {
        Ok(Message::Mpma(m)) => m.api_json(),
        Ok(Message::Rps { .. }) => json!({"error": "RPS messages decoding is not implemented"}),
        Ok(Message::Rpsresolve { .. }) => {
            json!({"error": "RPS Resolve messages decoding is not implemented"})
        }
        Ok(message) => {
            let mut value = serde_json::to_value(&message).unwrap_or(J::Null);
            if let J::Object(map) = &mut value {
                map.remove("type");
                if let Some(status) = status {
                    map.insert("status".into(), J::String(status.into()));
                }
            }
            value
        }
        Err(MessageError::Invalid { status, .. }) if status_carrying(type_id) => {
            json!({"status": status})
        }
        Err(e) => json!({"error": e.to_string()}),
    };
    json!({"message_type": name, "message_type_id": type_id, "message_data": message_data})
}

/// Types whose reference `unpack` reports failures as a `status` rather than raising.
fn status_carrying(type_id: u32) -> bool {
    matches!(
        type_id,
        ids::ORDER
            | ids::BTCPAY
            | ids::DISPENSER
            | ids::ISSUANCE
            | ids::SUBASSET_ISSUANCE
            | ids::ISSUANCE_LR
            | ids::SUBASSET_ISSUANCE_LR
            | ids::BROADCAST
            | ids::BET
            | ids::DIVIDEND
            | ids::CANCEL
    )
}
