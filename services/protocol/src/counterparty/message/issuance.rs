//! Issuance (20, 22) and subasset issuance (21, 23): CP `lib/messages/issuance.py`.
//!
//! Layouts by height (mainnet): `>QQ?` (17 bytes) before `issuance_format_update`; then `>QQ??If` (26 bytes, with
//! callable/call date/call price) and a pascal-string description up to 42 bytes until `pascal_string_removed`;
//! from 753500 `>QQ???` (19 bytes, lock and reset); subassets `>QQ?B` then `>QQ???B` followed by the compacted long
//! name. From `taproot_support` a CBOR array is tried first (booleans for 20/22, integers for 21/23, a MIME type
//! and the description bytes: UTF-8 for textual types, hex-rendered for binary ones).

use serde::Serialize;

use super::{MessageError, be_u32, be_u64, loose, pascal, write_pascal};
use crate::asset;
use crate::cbor::{self, Value};
use crate::network::{Change, Network, Rules};

use super::ids;

/// The byte that marks "keep the previous description" when followed by `NULL`.
const DESCRIPTION_MARK_BYTE: u8 = 0xC0;
const NULL_MARK: [u8; 5] = [DESCRIPTION_MARK_BYTE, b'N', b'U', b'L', b'L'];

/// An issuance or subasset issuance message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Issuance {
    /// Message type id (20–23).
    #[serde(skip)]
    pub type_id: u32,
    /// Asset id.
    pub asset_id: u64,
    /// Asset name (`A<id>` for numeric assets).
    pub asset: String,
    /// Subasset long name (`PARENT.child`), for types 21 and 23.
    #[serde(rename = "subasset_longname")]
    pub asset_longname: Option<String>,
    /// Quantity issued, in base units.
    pub quantity: u64,
    /// Whether the asset is divisible (8 decimals).
    pub divisible: bool,
    /// Whether this issuance locks the supply.
    pub lock: bool,
    /// Whether this issuance resets the asset.
    pub reset: bool,
    /// Callable flag of the old 26-byte layout.
    pub callable: bool,
    /// Call date of the old 26-byte layout.
    pub call_date: u32,
    /// Call price of the old 26-byte layout (a 32-bit float, rounded to 6 decimals as the reference does).
    pub call_price: f64,
    /// The description; `None` when the message says "keep the previous one" (`0xC0 NULL`, or CBOR null).
    /// Hex for binary MIME types.
    pub description: Option<String>,
    /// MIME type of the description (`text/plain` by default; may be empty when composing).
    pub mime_type: String,
}

/// The legacy layout of non-subasset issuances at a height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `>QQ?`.
    Short,
    /// `>QQ??If`.
    Callable26,
    /// `>QQ???If` (testnet3 only).
    Reset27,
    /// `>QQ????If` (testnet3 only).
    LockReset28,
    /// `>QQ???`.
    Lr19,
}

impl Layout {
    fn fixed_len(self) -> usize {
        match self {
            Layout::Short => 17,
            Layout::Callable26 => 26,
            Layout::Reset27 => 27,
            Layout::LockReset28 => 28,
            Layout::Lr19 => 19,
        }
    }
}

fn layout(height: u64, rules: Rules) -> Layout {
    if !rules.active(Change::IssuanceFormatUpdate, height) {
        return Layout::Short;
    }
    if rules.active(Change::IssuanceLrFormat, height) {
        return Layout::Lr19;
    }
    if rules.network() == Network::Testnet3 {
        if height >= 2_342_000 {
            return Layout::LockReset28;
        }
        if height >= 2_288_000 {
            return Layout::Reset27;
        }
    }
    Layout::Callable26
}

/// The legacy subasset header length at a height: 18 (`>QQ?B`), 19 (`>QQ??B`, testnet3) or 20 (`>QQ???B`).
fn subasset_layout(height: u64, rules: Rules) -> usize {
    if rules.active(Change::IssuanceLrFormat, height) {
        return 20;
    }
    match rules.network() {
        Network::Testnet3 if height >= 2_342_000 => 20,
        Network::Testnet3 if height >= 2_288_000 => 19,
        _ => 18,
    }
}

fn is_subasset(type_id: u32) -> bool {
    matches!(type_id, ids::SUBASSET_ISSUANCE | ids::SUBASSET_ISSUANCE_LR)
}

/// Legacy description bytes: UTF-8, else `""`, except the `0xC0 NULL` mark (keep the previous one).
fn legacy_description(bytes: &[u8]) -> Option<String> {
    match String::from_utf8(bytes.to_vec()) {
        Ok(s) => Some(s),
        Err(_)
            if bytes.get(1..) == Some(&b"NULL"[..])
                && bytes.first() == Some(&DESCRIPTION_MARK_BYTE) =>
        {
            None
        }
        Err(_) => Some(String::new()),
    }
}

/// `round(x, 6)` of a 32-bit float.
fn round6(x: f32) -> f64 {
    format!("{:.6}", f64::from(x)).parse().unwrap_or(0.0)
}

/// Values read from a body before the asset name is generated.
struct Raw {
    asset_id: Value,
    quantity: Value,
    divisible: bool,
    lock: bool,
    reset: bool,
    callable: bool,
    call_date: u32,
    call_price: f64,
    asset_longname: Option<String>,
    description: Option<String>,
    mime_type: String,
}

impl Issuance {
    /// Reads an issuance body (type id removed) at `height`.
    pub fn unpack(
        type_id: u32,
        body: &[u8],
        height: u64,
        rules: Rules,
    ) -> Result<Self, MessageError> {
        let safe = rules.active(Change::IssuanceSafeUnpack, height);
        // Exceptions the reference catches only once `issuance_safe_unpack` is active.
        let guarded = |reason: &str| {
            if safe {
                MessageError::could_not_unpack(type_id)
            } else {
                MessageError::malformed(type_id, reason)
            }
        };
        let mut raw = None;
        if rules.active(Change::TaprootSupport, height) {
            raw = Self::attempt_cbor(type_id, body, height, rules)?;
        }
        let raw = match raw {
            Some(raw) => raw,
            None => Self::legacy(type_id, body, height, rules, &guarded)?,
        };
        let asset = match loose::asset_name(&raw.asset_id, height, rules) {
            Ok(asset) => asset,
            Err(loose::NameError::Id(_)) => {
                return Err(MessageError::invalid(type_id, "invalid: bad asset name"));
            }
            Err(loose::NameError::Other) => return Err(guarded("asset id of an unexpected type")),
        };
        // The reference passes other types on and its validation rejects them.
        let (Some(asset_id), Some(quantity)) = (
            loose::strict_u64(&raw.asset_id),
            loose::strict_u64(&raw.quantity),
        ) else {
            return Err(MessageError::invalid(
                type_id,
                "invalid: quantity must be in satoshis",
            ));
        };
        Ok(Self {
            type_id,
            asset_id,
            asset,
            asset_longname: raw.asset_longname,
            quantity,
            divisible: raw.divisible,
            lock: raw.lock,
            reset: raw.reset,
            callable: raw.callable,
            call_date: raw.call_date,
            call_price: raw.call_price,
            description: raw.description,
            mime_type: raw.mime_type,
        })
    }

    /// The CBOR attempt: `Ok(None)` means "fall back to the legacy layout".
    fn attempt_cbor(
        type_id: u32,
        body: &[u8],
        height: u64,
        rules: Rules,
    ) -> Result<Option<Raw>, MessageError> {
        let sub = is_subasset(type_id);
        let Some(items) = loose::unpack_n(body, if sub { 9 } else { 7 }) else {
            return Ok(None);
        };
        let (head, tail) = items.split_at(5);
        let [asset_id, quantity, divisible, lock, reset] = head else {
            return Ok(None);
        };
        let (compacted, mime, description) = match tail {
            [_length, compacted, mime, description] if sub => (Some(compacted), mime, description),
            [mime, description] if !sub => (None, mime, description),
            _ => return Ok(None),
        };
        let mut longname = None;
        let mut compacted_bytes = None;
        if let Some(compacted) = compacted {
            let Value::Bytes(bytes) = compacted else {
                return Ok(None);
            };
            let Ok(name) = asset::expand_subasset_longname(bytes, height, rules) else {
                return Ok(None);
            };
            longname = Some(name);
            compacted_bytes = Some(bytes.clone());
        }
        let mime = if loose::truthy(mime) {
            mime.clone()
        } else {
            Value::Text("text/plain".into())
        };
        let description = match description {
            Value::Null => None,
            d => match loose::bytes_to_content(d, &mime, height, rules) {
                Some(text) => Some(text),
                None => return Ok(None),
            },
        };
        if let (Some(name), Some(bytes)) = (&longname, &compacted_bytes)
            && rules.active(Change::CanonicalSubassetCompact, height)
            && asset::compact_subasset_longname(name).ok().as_ref() != Some(bytes)
        {
            return Err(MessageError::could_not_unpack(type_id));
        }
        let Value::Text(mime_type) = mime else {
            return Err(MessageError::invalid(type_id, "invalid: Invalid mime type"));
        };
        Ok(Some(Raw {
            asset_id: asset_id.clone(),
            quantity: quantity.clone(),
            divisible: loose::truthy(divisible),
            lock: loose::truthy(lock),
            reset: loose::truthy(reset),
            callable: false,
            call_date: 0,
            call_price: 0.0,
            asset_longname: longname,
            description,
            mime_type,
        }))
    }

    fn legacy(
        type_id: u32,
        body: &[u8],
        height: u64,
        rules: Rules,
        guarded: &dyn Fn(&str) -> MessageError,
    ) -> Result<Raw, MessageError> {
        let int = |v: u64| Value::Int(i128::from(v));
        let flag = |at: usize| body.get(at).is_some_and(|b| *b != 0);
        let mut raw = Raw {
            asset_id: int(be_u64(body, 0).unwrap_or_default()),
            quantity: int(be_u64(body, 8).unwrap_or_default()),
            divisible: flag(16),
            lock: false,
            reset: false,
            callable: false,
            call_date: 0,
            call_price: 0.0,
            asset_longname: None,
            description: Some(String::new()),
            mime_type: "text/plain".into(),
        };
        if is_subasset(type_id) {
            if !rules.active(Change::Subassets, height) {
                return Err(MessageError::could_not_unpack(type_id));
            }
            let fixed = subasset_layout(height, rules);
            let Some(&name_len) = body
                .get(fixed.saturating_sub(1))
                .filter(|_| body.len() >= fixed)
            else {
                return Err(guarded("could not unpack"));
            };
            match fixed {
                19 => raw.reset = flag(17),
                20 => (raw.lock, raw.reset) = (flag(17), flag(18)),
                _ => {}
            }
            let name_len = usize::from(name_len);
            let rest = body.get(fixed..).unwrap_or_default();
            let (Some(compacted), Some(description)) = (rest.get(..name_len), rest.get(name_len..))
            else {
                return Err(MessageError::could_not_unpack(type_id));
            };
            raw.description = legacy_description(description);
            raw.asset_longname = Some(
                asset::expand_subasset_longname(compacted, height, rules)
                    .map_err(|_| guarded("compacted subasset name too long"))?,
            );
            return Ok(raw);
        }
        let layout = layout(height, rules);
        let fixed = layout.fixed_len();
        if layout == Layout::Short || body.len() < fixed {
            if body.len() != 17 {
                return Err(MessageError::could_not_unpack(type_id));
            }
            return Ok(raw);
        }
        let rest = body.get(fixed..).unwrap_or_default();
        let description = if rest.len() <= 42 && !rules.active(Change::PascalStringRemoved, height)
        {
            pascal(rest)
        } else {
            rest
        };
        raw.description = legacy_description(description);
        let call = |at: usize| {
            (
                flag(at),
                be_u32(body, at + 1).unwrap_or_default(),
                round6(f32::from_bits(be_u32(body, at + 5).unwrap_or_default())),
            )
        };
        match layout {
            Layout::Lr19 => (raw.lock, raw.reset) = (flag(17), flag(18)),
            Layout::Callable26 => (raw.callable, raw.call_date, raw.call_price) = call(17),
            Layout::Reset27 => {
                raw.reset = flag(17);
                (raw.callable, raw.call_date, raw.call_price) = call(18);
            }
            Layout::LockReset28 => {
                (raw.lock, raw.reset) = (flag(17), flag(18));
                (raw.callable, raw.call_date, raw.call_price) = call(19);
            }
            Layout::Short => {}
        }
        Ok(raw)
    }

    /// The body in the layout active at `height`.
    pub fn pack_body(&self, height: u64, rules: Rules) -> Result<Vec<u8>, MessageError> {
        let t = self.type_id;
        let sub = is_subasset(t);
        let compacted = match (&self.asset_longname, sub) {
            (Some(name), true) => asset::compact_subasset_longname(name)?,
            (None, true) => {
                return Err(MessageError::encode(
                    t,
                    "subasset issuance without a long name",
                ));
            }
            _ => Vec::new(),
        };
        if rules.active(Change::TaprootSupport, height) {
            let description = match &self.description {
                Some(d) => Some(
                    loose::content_to_bytes(d, &self.mime_type, height, rules)
                        .ok_or_else(|| MessageError::encode(t, "binary description is not hex"))?,
                ),
                None => None,
            };
            let mut w = cbor::Writer::new();
            w.array(if sub { 9 } else { 7 })
                .uint(self.asset_id)
                .uint(self.quantity);
            if sub {
                w.uint(self.divisible.into())
                    .uint(self.lock.into())
                    .uint(self.reset.into());
                w.uint(compacted.len() as u64).bytes(&compacted);
            } else {
                w.bool(self.divisible).bool(self.lock).bool(self.reset);
            }
            w.text(&self.mime_type);
            match &description {
                Some(d) => w.bytes(d),
                None => w.null(),
            };
            return Ok(w.into_bytes());
        }
        let description: Vec<u8> = match &self.description {
            Some(d) => d.as_bytes().to_vec(),
            None if rules.active(Change::IssuanceDescriptionSpecialNull, height) => {
                NULL_MARK.to_vec()
            }
            None => {
                return Err(MessageError::encode(
                    t,
                    "no \"keep the description\" mark before 819300",
                ));
            }
        };
        let mut out = Vec::with_capacity(28 + compacted.len() + description.len());
        out.extend(self.asset_id.to_be_bytes());
        out.extend(self.quantity.to_be_bytes());
        out.push(self.divisible.into());
        if sub {
            let len = u8::try_from(compacted.len())
                .map_err(|_| MessageError::encode(t, "long name too long"))?;
            match subasset_layout(height, rules) {
                19 => out.push(self.reset.into()),
                20 => out.extend([u8::from(self.lock), u8::from(self.reset)]),
                _ => {}
            }
            out.push(len);
            out.extend(compacted);
            out.extend(description);
            return Ok(out);
        }
        let call = |out: &mut Vec<u8>| {
            out.push(self.callable.into());
            out.extend(self.call_date.to_be_bytes());
            out.extend((self.call_price as f32).to_be_bytes());
        };
        match layout(height, rules) {
            Layout::Short => return Ok(out),
            Layout::Lr19 => out.extend([u8::from(self.lock), u8::from(self.reset)]),
            Layout::Callable26 => call(&mut out),
            Layout::Reset27 => {
                out.push(self.reset.into());
                call(&mut out);
            }
            Layout::LockReset28 => {
                out.extend([u8::from(self.lock), u8::from(self.reset)]);
                call(&mut out);
            }
        }
        if description.len() <= 42
            && !rules.active(Change::PascalStringRemoved, height)
            && self.description.is_some()
        {
            write_pascal(&mut out, &description, description.len() + 1);
        } else {
            out.extend(description);
        }
        Ok(out)
    }

    /// The full message (one-byte type id and body) in the legacy `>QQ???` layout (subassets `>QQ???B` + long
    /// name), with `0xC0 NULL` for "keep the description": what mainnet reads between 819300 and 902000.
    pub fn pack(&self) -> Vec<u8> {
        let height = 819_300;
        let mut out = vec![self.type_id as u8];
        match self.pack_body(height, Rules::MAINNET) {
            Ok(body) => out.extend(body),
            Err(_) => {
                // Only a subasset without a representable long name gets here: write it as a plain issuance.
                let plain = Issuance {
                    asset_longname: None,
                    type_id: ids::ISSUANCE,
                    ..self.clone()
                };
                out.extend(plain.pack_body(height, Rules::MAINNET).unwrap_or_default());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counterparty::message::split_type;

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
            callable: false,
            call_date: 0,
            call_price: 0.0,
            asset_longname: None,
            description: Some("STAMP:iVBORw0KGgo=".into()),
            mime_type: "text/plain".into(),
        };
        let packed = issuance.pack();
        let (type_id, body) = split_type(&packed, 800_000, Rules::MAINNET).expect("type");
        assert_eq!(
            Issuance::unpack(type_id, body, 800_000, Rules::MAINNET),
            Ok(issuance)
        );
    }

    #[test]
    fn pascal_descriptions_before_745825() {
        let r = Rules::MAINNET;
        // >QQ??If + pascal "hi"
        let mut body = vec![0; 8];
        body.extend(785_635u64.to_be_bytes());
        body[..8].copy_from_slice(&785_635u64.to_be_bytes());
        body.extend([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        body.extend([2, b'h', b'i']);
        let i = Issuance::unpack(20, &body, 700_000, r).expect("decodes");
        assert_eq!(i.description.as_deref(), Some("hi"));
        assert_eq!(i.pack_body(700_000, r).as_deref(), Ok(&body[..]));
        // After the change the length byte is part of the text.
        let i = Issuance::unpack(20, &body, 750_000, r).expect("decodes");
        assert_eq!(i.description.as_deref(), Some("\u{2}hi"));
    }
}
