//! The fixed-layout and text messages: order (10), btcpay (11), dispenser (12), dispense (13), dividend (50),
//! cancel (70), utxo (100), attach (101), detach (102), destroy (110).

use serde::Serialize;

use super::{MessageError, be_u16, be_u64, ids, loose, serialize_hex};
use crate::address;
use crate::asset;
use crate::network::{Change, Rules};

/// An order (`>QQQQHQ`, 42 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Order {
    /// Asset given (id).
    #[serde(skip)]
    pub give_asset_id: u64,
    /// Asset given.
    pub give_asset: String,
    /// Quantity given.
    pub give_quantity: u64,
    /// Asset wanted (id).
    #[serde(skip)]
    pub get_asset_id: u64,
    /// Asset wanted.
    pub get_asset: String,
    /// Quantity wanted.
    pub get_quantity: u64,
    /// Expiration, in blocks.
    pub expiration: u16,
    /// BTC fee required (orders selling BTC).
    pub fee_required: u64,
}

impl Order {
    /// Reads the body (exactly 42 bytes).
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let (
            42,
            Some(give),
            Some(give_quantity),
            Some(get),
            Some(get_quantity),
            Some(expiration),
            Some(fee),
        ) = (
            body.len(),
            be_u64(body, 0),
            be_u64(body, 8),
            be_u64(body, 16),
            be_u64(body, 24),
            be_u16(body, 32),
            be_u64(body, 34),
        )
        else {
            return Err(MessageError::could_not_unpack(ids::ORDER));
        };
        Ok(Self {
            give_asset_id: give,
            give_asset: asset::name_from_id_at(give, height, rules)?,
            give_quantity,
            get_asset_id: get,
            get_asset: asset::name_from_id_at(get, height, rules)?,
            get_quantity,
            expiration,
            fee_required: fee,
        })
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(42);
        out.extend(self.give_asset_id.to_be_bytes());
        out.extend(self.give_quantity.to_be_bytes());
        out.extend(self.get_asset_id.to_be_bytes());
        out.extend(self.get_quantity.to_be_bytes());
        out.extend(self.expiration.to_be_bytes());
        out.extend(self.fee_required.to_be_bytes());
        out
    }
}

fn hash32(hex: &str, type_id: u32) -> Result<Vec<u8>, MessageError> {
    loose::unhex(hex)
        .filter(|b| b.len() == 32)
        .ok_or_else(|| MessageError::encode(type_id, "a hash is 32 bytes of hex"))
}

/// A BTC payment for an order match (`>32s32s`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Btcpay {
    /// First order's transaction hash (hex, as stored).
    pub tx0_hash: String,
    /// Second order's transaction hash.
    pub tx1_hash: String,
    /// `tx0_hash` + `_` + `tx1_hash`.
    pub order_match_id: String,
}

impl Btcpay {
    /// Reads the body (exactly 64 bytes).
    pub fn unpack(body: &[u8]) -> Result<Self, MessageError> {
        let (64, Some(a), Some(b)) = (body.len(), body.get(..32), body.get(32..)) else {
            return Err(MessageError::could_not_unpack(ids::BTCPAY));
        };
        let (tx0_hash, tx1_hash) = (loose::hex(a), loose::hex(b));
        Ok(Self {
            order_match_id: format!("{tx0_hash}_{tx1_hash}"),
            tx0_hash,
            tx1_hash,
        })
    }

    pub(crate) fn pack_body(&self) -> Result<Vec<u8>, MessageError> {
        Ok([
            hash32(&self.tx0_hash, ids::BTCPAY)?,
            hash32(&self.tx1_hash, ids::BTCPAY)?,
        ]
        .concat())
    }
}

/// A cancel of an open order or bet (`>32s`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cancel {
    /// The offer's transaction hash (hex, as stored).
    pub offer_hash: String,
}

impl Cancel {
    /// Reads the body (exactly 32 bytes).
    pub fn unpack(body: &[u8]) -> Result<Self, MessageError> {
        if body.len() != 32 {
            return Err(MessageError::could_not_unpack(ids::CANCEL));
        }
        Ok(Self {
            offer_hash: loose::hex(body),
        })
    }

    pub(crate) fn pack_body(&self) -> Result<Vec<u8>, MessageError> {
        hash32(&self.offer_hash, ids::CANCEL)
    }
}

/// Dispenser status: open.
pub const STATUS_OPEN: u8 = 0;
/// Dispenser status: open at an empty address (the action address).
pub const STATUS_OPEN_EMPTY_ADDRESS: u8 = 1;
/// Dispenser status: closed.
pub const STATUS_CLOSED: u8 = 10;

/// A dispenser (`>QQQQB`, then optional legacy-packed action and oracle addresses).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dispenser {
    /// Asset id.
    #[serde(skip)]
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Units given per dispense.
    pub give_quantity: u64,
    /// Units escrowed.
    pub escrow_quantity: u64,
    /// Satoshis per dispense (or fiat units with an oracle).
    pub mainchainrate: u64,
    /// Status: 0 open, 1 open at an empty address, 10 closed, 11 closing.
    pub dispenser_status: u8,
    /// Address acted for (status 1, or 10 with extra bytes from `dispenser_origin_permission_extended`).
    pub action_address: Option<String>,
    /// Oracle address.
    pub oracle_address: Option<String>,
}

impl Dispenser {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let t = ids::DISPENSER;
        const LENGTH: usize = 33;
        let (
            Some(asset_id),
            Some(give_quantity),
            Some(escrow_quantity),
            Some(mainchainrate),
            Some(&status),
        ) = (
            be_u64(body, 0),
            be_u64(body, 8),
            be_u64(body, 16),
            be_u64(body, 24),
            body.get(32),
        )
        else {
            return Err(MessageError::could_not_unpack(t));
        };
        let unpack = |from: usize| {
            let raw = body
                .get(from..body.len().min(from + 21))
                .unwrap_or_default();
            address::unpack_legacy(raw, height, rules)
                .map_err(|_| MessageError::could_not_unpack(t))
        };
        let mut read = LENGTH;
        let mut action_address = None;
        if status == STATUS_OPEN_EMPTY_ADDRESS
            || (rules.active(Change::DispenserOriginPermissionExtended, height)
                && status == STATUS_CLOSED
                && body.len() > read)
        {
            action_address = Some(unpack(LENGTH)?);
            read = LENGTH + 21;
        }
        let oracle_address = if body.len() > read {
            Some(unpack(read)?)
        } else {
            None
        };
        let asset = match asset::name_from_id_at(asset_id, height, rules) {
            Ok(asset) => asset,
            Err(_) if rules.active(Change::CatchInvalidDispenserAssetId, height) => {
                return Err(MessageError::could_not_unpack(t));
            }
            Err(e) => return Err(e.into()),
        };
        Ok(Self {
            asset_id,
            asset,
            give_quantity,
            escrow_quantity,
            mainchainrate,
            dispenser_status: status,
            action_address,
            oracle_address,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let t = ids::DISPENSER;
        let action_allowed = self.dispenser_status == STATUS_OPEN_EMPTY_ADDRESS
            || (self.dispenser_status == STATUS_CLOSED
                && rules.active(Change::DispenserOriginPermissionExtended, height));
        if (self.dispenser_status == STATUS_OPEN_EMPTY_ADDRESS && self.action_address.is_none())
            || (self.action_address.is_some() && !action_allowed)
            || (self.dispenser_status == STATUS_CLOSED
                && self.action_address.is_none()
                && self.oracle_address.is_some())
        {
            return Err(MessageError::encode(
                t,
                "action address does not match the status",
            ));
        }
        let mut out = Vec::with_capacity(75);
        out.extend(self.asset_id.to_be_bytes());
        out.extend(self.give_quantity.to_be_bytes());
        out.extend(self.escrow_quantity.to_be_bytes());
        out.extend(self.mainchainrate.to_be_bytes());
        out.push(self.dispenser_status);
        for a in [&self.action_address, &self.oracle_address]
            .into_iter()
            .flatten()
        {
            out.extend(address::pack_legacy(a, height, rules)?);
        }
        Ok(out)
    }
}

/// A dispense (the buyer's marker message, normally one zero byte).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dispense {
    /// The body as sent.
    #[serde(serialize_with = "serialize_hex")]
    pub data: Vec<u8>,
}

/// A dividend (`>QQQ`, or `>QQ` paying XCP).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dividend {
    /// Asset whose holders are paid (id).
    #[serde(skip)]
    pub asset_id: u64,
    /// Asset whose holders are paid.
    pub asset: String,
    /// Dividend per unit held.
    pub quantity_per_unit: u64,
    /// Asset paid (id).
    #[serde(skip)]
    pub dividend_asset_id: u64,
    /// Asset paid.
    pub dividend_asset: String,
}

impl Dividend {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let (Some(quantity_per_unit), Some(asset_id)) = (be_u64(body, 0), be_u64(body, 8)) else {
            return Err(MessageError::could_not_unpack(ids::DIVIDEND));
        };
        let dividend_asset_id = match body.len() {
            24 if rules.active(Change::NewDividendFormat, height) => {
                be_u64(body, 16).unwrap_or_default()
            }
            16 => 1,
            _ => return Err(MessageError::could_not_unpack(ids::DIVIDEND)),
        };
        Ok(Self {
            asset: asset::name_from_id_at(asset_id, height, rules)?,
            asset_id,
            quantity_per_unit,
            dividend_asset: asset::name_from_id_at(dividend_asset_id, height, rules)?,
            dividend_asset_id,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let mut out = Vec::with_capacity(24);
        out.extend(self.quantity_per_unit.to_be_bytes());
        out.extend(self.asset_id.to_be_bytes());
        if rules.active(Change::NewDividendFormat, height) {
            out.extend(self.dividend_asset_id.to_be_bytes());
        } else if self.dividend_asset_id != 1 {
            return Err(MessageError::encode(
                ids::DIVIDEND,
                "only XCP dividends before 288151",
            ));
        }
        Ok(out)
    }
}

/// Longest destroy tag.
pub const MAX_TAG_LENGTH: usize = 34;

/// A destroy (`>QQ` + tag).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Destroy {
    /// Asset id.
    #[serde(skip)]
    pub asset_id: u64,
    /// Asset name.
    pub asset: String,
    /// Quantity destroyed.
    pub quantity: u64,
    /// Tag (the writer keeps at most [`MAX_TAG_LENGTH`] bytes).
    #[serde(serialize_with = "serialize_hex")]
    pub tag: Vec<u8>,
}

impl Destroy {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let t = ids::DESTROY;
        let (Some(asset_id), Some(quantity)) = (be_u64(body, 0), be_u64(body, 8)) else {
            return Err(MessageError::malformed(t, "could not unpack"));
        };
        Ok(Self {
            asset: asset::name_from_id_at(asset_id, height, rules)
                .map_err(|_| MessageError::malformed(t, "asset id invalid"))?,
            asset_id,
            quantity,
            tag: body.get(16..).unwrap_or_default().to_vec(),
        })
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        let tag = self
            .tag
            .get(..self.tag.len().min(MAX_TAG_LENGTH))
            .unwrap_or_default();
        [
            &self.asset_id.to_be_bytes()[..],
            &self.quantity.to_be_bytes(),
            tag,
        ]
        .concat()
    }
}

fn text_fields(body: &[u8]) -> Option<Vec<&str>> {
    Some(std::str::from_utf8(body).ok()?.split('|').collect())
}

fn py_u64(s: &str) -> Option<u64> {
    asset::parse_py_int(s)
        .ok()
        .flatten()
        .and_then(|v| u64::try_from(v).ok())
}

/// Attach or detach, legacy form: `source|destination|asset|quantity`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Utxo {
    /// An address (attach) or a `txid:vout` (detach).
    pub source: String,
    /// Destination (`None` when empty).
    pub destination: Option<String>,
    /// Asset name.
    pub asset: String,
    /// Quantity.
    pub quantity: u64,
}

impl Utxo {
    /// Reads the body.
    pub fn unpack(body: &[u8]) -> Result<Self, MessageError> {
        let fail = || MessageError::malformed(ids::UTXO, "Cannot unpack utxo message");
        let fields = text_fields(body).ok_or_else(fail)?;
        let [source, destination, asset, quantity] = fields.as_slice() else {
            return Err(fail());
        };
        Ok(Self {
            source: (*source).to_owned(),
            destination: (!destination.is_empty()).then(|| (*destination).to_owned()),
            asset: (*asset).to_owned(),
            quantity: py_u64(quantity).ok_or_else(fail)?,
        })
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        format!(
            "{}|{}|{}|{}",
            self.source,
            self.destination.as_deref().unwrap_or_default(),
            self.asset,
            self.quantity
        )
        .into_bytes()
    }
}

/// Attach an asset balance to a UTXO: `asset|quantity|destination_vout`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attach {
    /// Asset name.
    pub asset: String,
    /// Quantity.
    pub quantity: u64,
    /// Output to attach to (`None`: the first non-OP_RETURN output). Vout 0 cannot be written (the reference
    /// writes it as empty).
    pub destination_vout: Option<u64>,
}

impl Attach {
    /// Reads the body.
    pub fn unpack(body: &[u8]) -> Result<Self, MessageError> {
        let empty = || MessageError::could_not_unpack(ids::ATTACH);
        let fields = text_fields(body).ok_or_else(empty)?;
        let [asset, quantity, vout] = fields.as_slice() else {
            return Err(empty());
        };
        Ok(Self {
            asset: (*asset).to_owned(),
            quantity: py_u64(quantity).ok_or_else(empty)?,
            destination_vout: if vout.is_empty() {
                None
            } else {
                Some(py_u64(vout).ok_or_else(empty)?)
            },
        })
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        let vout = match self.destination_vout {
            Some(v) if v != 0 => v.to_string(),
            _ => String::new(),
        };
        format!("{}|{}|{}", self.asset, self.quantity, vout).into_bytes()
    }
}

/// Detach the balances of the source UTXO: the destination address, or `0` for none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Detach {
    /// Destination (`None`: `0`, or a body that is not UTF-8, as the reference reads it).
    pub destination: Option<String>,
}

impl Detach {
    /// Reads the body (never fails).
    pub fn unpack(body: &[u8]) -> Self {
        Self {
            destination: match body {
                b"0" => None,
                other => String::from_utf8(other.to_vec()).ok(),
            },
        }
    }

    pub(crate) fn pack_body(&self) -> Vec<u8> {
        match &self.destination {
            Some(d) => d.as_bytes().to_vec(),
            None => b"0".to_vec(),
        }
    }
}
