//! Bitcoin Stamps carried by Counterparty issuances (PROTOCOL.md §4): the `stamp:` description, its base64,
//! the file's type, blessed or cursed, keyburn and the stamp hash.

pub mod base64;
pub mod mime;

use bitcoin::Transaction;
use bitcoin::hashes::{Hash, sha256};
use bitcoin::opcodes::all::{OP_CHECKMULTISIG, OP_PUSHNUM_1, OP_PUSHNUM_3};
use bitcoin::script::Instruction;
use serde::Serialize;

use crate::counterparty::message::Issuance;
use crate::counterparty::transport::TxData;
use crate::network::{Change, Rules};

/// A 33-byte key of `prefix` followed by 32 copies of `fill`, with the last byte replaced by `last`.
const fn burn_key(prefix: u8, fill: u8, last: u8) -> [u8; 33] {
    let mut key = [fill; 33];
    key[0] = prefix;
    key[32] = last;
    key
}

/// The burn keys whose presence as the third key of a 1-of-3 multisig output makes a stamp "keyburned":
/// `0222…22`, `0333…33`, `0202…02`, `0303…03` and `0303…0302`.
pub const BURN_KEYS: [[u8; 33]; 5] = [
    burn_key(0x02, 0x22, 0x22),
    burn_key(0x03, 0x33, 0x33),
    burn_key(0x02, 0x02, 0x02),
    burn_key(0x03, 0x03, 0x03),
    burn_key(0x03, 0x03, 0x02),
];

/// What a `stamp:` description carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// The base64 text after `stamp:` (and after an optional `mimetype;`), stripped.
    pub base64: String,
    /// A mimetype given before `;`, if any (ignored for classification, kept for display).
    pub declared_mimetype: Option<String>,
}

/// Finds `stamp:` (any case) in a description and returns what follows. `None` when there is none or the
/// base64 is shorter than 2 characters.
pub fn parse_description(description: &str) -> Option<Description> {
    let at = find_ascii_case_insensitive(description, "stamp:")?;
    let rest = description[at + 6..].trim();
    let (declared, b64) = match rest.split_once(';') {
        Some((mime, b64)) => (
            Some(mime.trim()).filter(|m| m.len() <= 255 && !m.is_empty()),
            b64.trim(),
        ),
        None => (None, rest),
    };
    (b64.chars().count() > 1).then(|| Description {
        base64: b64.to_owned(),
        declared_mimetype: declared.map(str::to_owned),
    })
}

fn find_ascii_case_insensitive(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    (0..h.len().checked_sub(n.len())? + 1).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Whether some output is `OP_1 <pk> <pk> <burn key> OP_3 OP_CHECKMULTISIG`.
pub fn has_keyburn(tx: &Transaction) -> bool {
    tx.output.iter().any(|out| {
        let ins: Vec<_> = match out.script_pubkey.instructions().collect::<Result<Vec<_>, _>>() {
            Ok(i) => i,
            Err(_) => return false,
        };
        matches!(
            ins.as_slice(),
            [Instruction::Op(one), Instruction::PushBytes(_), Instruction::PushBytes(_), Instruction::PushBytes(third),
             Instruction::Op(three), Instruction::Op(check)]
            if *one == OP_PUSHNUM_1 && *three == OP_PUSHNUM_3 && *check == OP_CHECKMULTISIG
                && BURN_KEYS.iter().any(|k| k.as_slice() == third.as_bytes())
        )
    })
}

/// `base62(sha256(tx_hash + "|" + height))`, first 20 characters: a stamp's short public id.
pub fn stamp_hash(tx_hash: &str, height: u64) -> String {
    const ALPHABET: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let digest = sha256::Hash::hash(format!("{tx_hash}|{height}").as_bytes()).to_byte_array();
    crate::bignum::digits(&digest, 62)
        .into_iter()
        .take(20)
        .map(|d| char::from(ALPHABET[d as usize]))
        .collect()
}

/// What kind of stamp a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Ident {
    /// An art stamp (image, HTML, audio, ...).
    #[serde(rename = "STAMP")]
    Stamp,
    /// An SRC-20 operation.
    #[serde(rename = "SRC-20")]
    Src20,
    /// An SRC-721 operation.
    #[serde(rename = "SRC-721")]
    Src721,
    /// An SRC-101 operation.
    #[serde(rename = "SRC-101")]
    Src101,
    /// JSON of no known protocol.
    #[serde(rename = "UNKNOWN")]
    Unknown,
}

impl Ident {
    /// The name as the Stamps indexer writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Ident::Stamp => "STAMP",
            Ident::Src20 => "SRC-20",
            Ident::Src721 => "SRC-721",
            Ident::Src101 => "SRC-101",
            Ident::Unknown => "UNKNOWN",
        }
    }
}

/// A stamp found in a Counterparty issuance, before numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassicStamp {
    /// The asset name (the longname for subasset stamps that are cursed POSH stamps).
    pub cpid: String,
    /// The subasset long name, if any.
    pub asset_longname: Option<String>,
    /// Kind of stamp.
    pub ident: Ident,
    /// MIME type of the file.
    pub mimetype: String,
    /// The decoded file; `None` when the base64 did not decode.
    #[serde(skip)]
    pub file: Option<Vec<u8>>,
    /// Whether the stamp is cursed (negative number).
    pub is_cursed: bool,
    /// Whether the transaction burned its multisig key.
    pub keyburn: bool,
    /// The base64 text as found in the description.
    #[serde(skip)]
    pub base64: String,
}

/// The stamp carried by a valid issuance, if its description is a `stamp:` description.
pub fn from_issuance(
    issuance: &Issuance,
    tx: &Transaction,
    tx_data: &TxData,
    height: u64,
    rules: Rules,
) -> Option<ClassicStamp> {
    let description = parse_description(issuance.description.as_deref()?)?;
    let file = base64::decode_for_height(&description.base64, height, rules);
    let class = file
        .as_deref()
        .map(|bytes| mime::classify(bytes, height, rules));
    let (ident, mimetype, suffix_valid) = match &class {
        Some(c) => (c.ident, c.mimetype.clone(), c.suffix_is_valid()),
        None => (Ident::Unknown, String::new(), false),
    };
    let numeric = issuance.asset.starts_with('A');
    let known_ident = !matches!(ident, Ident::Unknown);
    let subasset_blessable = rules.active(Change::CpSubassetFeat, height);
    let longname_ok = issuance.asset_longname.is_none() || subasset_blessable;
    let is_cursed =
        !(known_ident && numeric && longname_ok && !tx_data.has_op_return && suffix_valid);
    let cpid = match (&issuance.asset_longname, subasset_blessable) {
        (Some(longname), false) => longname.clone(),
        _ => issuance.asset.clone(),
    };
    Some(ClassicStamp {
        cpid,
        asset_longname: issuance.asset_longname.clone(),
        ident,
        mimetype,
        file,
        is_cursed,
        keyburn: has_keyburn(tx),
        base64: description.base64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn description_variants() {
        assert_eq!(
            parse_description("STAMP:iVBOR").map(|d| d.base64),
            Some("iVBOR".into())
        );
        let d = parse_description("  stamp: image/png;iVBOR ").expect("stamp");
        assert_eq!(d.declared_mimetype.as_deref(), Some("image/png"));
        assert_eq!(d.base64, "iVBOR");
        assert_eq!(parse_description("stamp:x"), None);
        assert_eq!(parse_description("no stamp here"), None);
    }

    #[test]
    fn burn_keys_are_the_reference_list() {
        assert_eq!(BURN_KEYS[1][0], 0x03);
        assert!(BURN_KEYS[1][1..].iter().all(|b| *b == 0x33));
        assert_eq!(BURN_KEYS[4][31..], [0x03, 0x02]);
    }

    #[test]
    fn stamp_hash_is_20_base62_chars() {
        let h = stamp_hash(
            "0321905ca9053a5b8313be9524a2af146196982a479573e9a324e8b929231730",
            789_352,
        );
        assert_eq!(h.len(), 20);
        assert!(h.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_ne!(
            h,
            stamp_hash(
                "0321905ca9053a5b8313be9524a2af146196982a479573e9a324e8b929231730",
                789_353
            )
        );
    }
}
