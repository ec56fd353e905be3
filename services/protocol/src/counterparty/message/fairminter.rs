//! Fairminter (90) and fairmint (91): CP `lib/messages/fairminter.py`, `fairmint.py`.
//!
//! Before `fairminter_v2` both are UTF-8 `|`-separated strings (17 fields for a fairminter, `asset|quantity` for a
//! fairmint). From `fairminter_v2` they are CBOR arrays; a fairmint falls back to the string form when the CBOR
//! cannot be read, a fairminter does not (the reference then yields an empty record, which is invalid).

use serde::{Serialize, Serializer};

use super::{MessageError, ids, loose};
use crate::asset;
use crate::cbor::{self, Value};
use crate::network::{Change, Rules};

/// A fairminter (an open-issuance offer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fairminter {
    /// Asset name.
    pub asset: String,
    /// Parent asset name (`""` when none).
    pub asset_parent: String,
    /// Price per lot, in XCP base units.
    pub price: u64,
    /// Lot size.
    pub quantity_by_price: u64,
    /// Most per mint transaction.
    pub max_mint_per_tx: u64,
    /// Most per address (0: no limit).
    pub max_mint_per_address: u64,
    /// Hard cap.
    pub hard_cap: u64,
    /// Premint to the issuer.
    pub premint_quantity: u64,
    /// First block.
    pub start_block: u64,
    /// Last block.
    pub end_block: u64,
    /// Soft cap.
    pub soft_cap: u64,
    /// Soft cap deadline block.
    pub soft_cap_deadline_block: u64,
    /// Commission on minted assets in units of 1e-8; serialised as the exact decimal `minted_asset_commission`.
    #[serde(rename = "minted_asset_commission", serialize_with = "decimal_8")]
    pub minted_asset_commission_int: u64,
    /// Whether payments are burned.
    pub burn_payment: bool,
    /// Whether the description is locked.
    pub lock_description: bool,
    /// Whether the supply is locked at the end.
    pub lock_quantity: bool,
    /// Whether the asset is divisible.
    pub divisible: bool,
    /// MIME type of the description.
    pub mime_type: String,
    /// Description (hex for binary MIME types).
    pub description: String,
    /// Quantity put into an AMM pool (v2 with pool fields).
    pub pool_quantity: u64,
    /// LP asset name of the pool, if any.
    pub lp_asset: Option<String>,
}

/// `n / 10^8` as an exact decimal string without trailing zeros.
pub(crate) fn decimal_8_string(n: u64) -> String {
    let int = n / 100_000_000;
    let frac = n % 100_000_000;
    if frac == 0 {
        return int.to_string();
    }
    let frac = format!("{frac:08}");
    format!("{int}.{}", frac.trim_end_matches('0'))
}

fn decimal_8<S: Serializer>(n: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&decimal_8_string(*n))
}

impl Fairminter {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let empty = || MessageError::could_not_unpack(ids::FAIRMINTER);
        if rules.active(Change::FairminterV2, height) {
            return Self::unpack_cbor(body, height, rules).ok_or_else(empty);
        }
        Self::unpack_text(body).ok_or_else(empty)
    }

    fn unpack_cbor(body: &[u8], height: u64, rules: Rules) -> Option<Self> {
        let fields = loose::sequence(&cbor::decode(body).ok()?)?;
        let head = fields.get(..17)?;
        let (pool_quantity, lp_asset_id, mime, description) = if fields.len() >= 21 {
            (
                loose::int(fields.get(17)?)?,
                loose::int(fields.get(18)?)?,
                fields.get(19)?.clone(),
                fields.get(20)?.clone(),
            )
        } else {
            (
                0,
                0,
                fields
                    .get(17)
                    .cloned()
                    .unwrap_or(Value::Text(String::new())),
                fields.get(18).cloned().unwrap_or(Value::Bytes(Vec::new())),
            )
        };
        let lp_asset = if lp_asset_id > 0 {
            Some(loose::asset_name(&Value::Int(lp_asset_id), height, rules).ok()?)
        } else {
            None
        };
        let mime = if loose::truthy(&mime) {
            mime
        } else {
            Value::Text("text/plain".into())
        };
        let description = loose::bytes_to_content(&description, &mime, height, rules)?;
        let asset = loose::asset_name(head.first()?, height, rules).ok()?;
        let parent = head.get(1)?;
        let asset_parent = match parent {
            Value::Int(0) | Value::Bool(false) => String::new(),
            Value::Float(f) if *f == 0.0 => String::new(),
            other => loose::asset_name(other, height, rules).ok()?,
        };
        let n = |i: usize| head.get(i).and_then(loose::uint);
        let b = |i: usize| head.get(i).and_then(loose::int).map(|v| v != 0);
        let Value::Text(mime_type) = mime else {
            return None;
        };
        Some(Self {
            asset,
            asset_parent,
            price: n(2)?,
            quantity_by_price: n(3)?,
            max_mint_per_tx: n(4)?,
            max_mint_per_address: n(5)?,
            hard_cap: n(6)?,
            premint_quantity: n(7)?,
            start_block: n(8)?,
            end_block: n(9)?,
            soft_cap: n(10)?,
            soft_cap_deadline_block: n(11)?,
            minted_asset_commission_int: match head.get(12)? {
                Value::Int(i) => u64::try_from(*i).ok()?,
                Value::Bool(v) => u64::from(*v),
                _ => return None,
            },
            burn_payment: b(13)?,
            lock_description: b(14)?,
            lock_quantity: b(15)?,
            divisible: b(16)?,
            mime_type,
            description,
            pool_quantity: u64::try_from(pool_quantity).ok()?,
            lp_asset,
        })
    }

    fn unpack_text(body: &[u8]) -> Option<Self> {
        let text = std::str::from_utf8(body).ok()?;
        let parts: Vec<&str> = text.split('|').collect();
        let [
            asset,
            parent,
            price,
            qbp,
            max_tx,
            hard_cap,
            premint,
            start,
            end,
            soft_cap,
            deadline,
            commission,
            burn,
            lock_desc,
            lock_qty,
            divisible,
            description,
        ] = parts.as_slice()
        else {
            return None;
        };
        let n = |s: &str| {
            asset::parse_py_int(s)
                .ok()
                .flatten()
                .and_then(|v| u64::try_from(v).ok())
        };
        let b = |s: &str| asset::parse_py_int(s).ok().flatten().map(|v| v != 0);
        Some(Self {
            asset: (*asset).to_owned(),
            asset_parent: (*parent).to_owned(),
            price: n(price)?,
            quantity_by_price: n(qbp)?,
            max_mint_per_tx: n(max_tx)?,
            max_mint_per_address: 0,
            hard_cap: n(hard_cap)?,
            premint_quantity: n(premint)?,
            start_block: n(start)?,
            end_block: n(end)?,
            soft_cap: n(soft_cap)?,
            soft_cap_deadline_block: n(deadline)?,
            minted_asset_commission_int: n(commission)?,
            burn_payment: b(burn)?,
            lock_description: b(lock_desc)?,
            lock_quantity: b(lock_qty)?,
            divisible: b(divisible)?,
            mime_type: "text/plain".into(),
            description: (*description).to_owned(),
            pool_quantity: 0,
            lp_asset: None,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let t = ids::FAIRMINTER;
        if rules.active(Change::FairminterV2, height) {
            let id = |name: &str| asset::id_from_name_at(name, height, rules);
            let parent = if self.asset_parent.is_empty() {
                0
            } else {
                id(&self.asset_parent)?
            };
            let lp = match &self.lp_asset {
                Some(name) => id(name)?,
                None => 0,
            };
            let description =
                loose::content_to_bytes(&self.description, &self.mime_type, height, rules)
                    .ok_or_else(|| MessageError::encode(t, "binary description is not hex"))?;
            let pool = self.pool_quantity > 0;
            let mut w = cbor::Writer::new();
            w.array(if pool { 21 } else { 19 })
                .uint(id(&self.asset)?)
                .uint(parent);
            for v in [
                self.price,
                self.quantity_by_price,
                self.max_mint_per_tx,
                self.max_mint_per_address,
                self.hard_cap,
                self.premint_quantity,
                self.start_block,
                self.end_block,
                self.soft_cap,
                self.soft_cap_deadline_block,
                self.minted_asset_commission_int,
            ] {
                w.uint(v);
            }
            w.bool(self.burn_payment)
                .bool(self.lock_description)
                .bool(self.lock_quantity)
                .bool(self.divisible);
            if pool {
                w.uint(self.pool_quantity).uint(lp);
            }
            w.text(&self.mime_type).bytes(&description);
            return Ok(w.into_bytes());
        }
        let fields = [
            self.asset.clone(),
            self.asset_parent.clone(),
            self.price.to_string(),
            self.quantity_by_price.to_string(),
            self.max_mint_per_tx.to_string(),
            self.hard_cap.to_string(),
            self.premint_quantity.to_string(),
            self.start_block.to_string(),
            self.end_block.to_string(),
            self.soft_cap.to_string(),
            self.soft_cap_deadline_block.to_string(),
            self.minted_asset_commission_int.to_string(),
            u8::from(self.burn_payment).to_string(),
            u8::from(self.lock_description).to_string(),
            u8::from(self.lock_quantity).to_string(),
            u8::from(self.divisible).to_string(),
            self.description.clone(),
        ];
        Ok(fields.join("|").into_bytes())
    }
}

/// A fairmint (a mint from a fairminter).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fairmint {
    /// Asset name.
    pub asset: String,
    /// Quantity (0: the fairminter's lot).
    pub quantity: u64,
}

impl Fairmint {
    /// Reads the body at `height`.
    pub fn unpack(body: &[u8], height: u64, rules: Rules) -> Result<Self, MessageError> {
        let empty = || MessageError::could_not_unpack(ids::FAIRMINT);
        let mut parts = None;
        if rules.active(Change::FairminterV2, height)
            && let Some([asset_id, quantity]) = loose::unpack_n(body, 2).as_deref()
            && let Ok(asset) = loose::asset_name(asset_id, height, rules)
        {
            parts = Some((asset, loose::uint(quantity)));
        }
        let (asset, quantity) = match parts {
            Some(parts) => parts,
            None => {
                let text = std::str::from_utf8(body).map_err(|_| empty())?;
                let Some((asset, quantity)) =
                    text.split_once('|').filter(|(_, q)| !q.contains('|'))
                else {
                    return Err(empty());
                };
                let quantity = asset::parse_py_int(quantity)
                    .ok()
                    .flatten()
                    .and_then(|q| u64::try_from(q).ok());
                (asset.to_owned(), quantity)
            }
        };
        Ok(Self {
            asset,
            quantity: quantity.ok_or_else(empty)?,
        })
    }

    pub(crate) fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        if rules.active(Change::FairminterV2, height) {
            let mut w = cbor::Writer::new();
            w.array(2)
                .uint(asset::id_from_name_at(&self.asset, height, rules)?)
                .uint(self.quantity);
            return Ok(w.into_bytes());
        }
        Ok(format!("{}|{}", self.asset, self.quantity).into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commission_decimals() {
        assert_eq!(decimal_8_string(10_000_000), "0.1");
        assert_eq!(decimal_8_string(0), "0");
        assert_eq!(decimal_8_string(1), "0.00000001");
        assert_eq!(decimal_8_string(150_000_000), "1.5");
    }
}
