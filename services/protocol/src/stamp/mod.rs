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
use crate::counterparty::transport::ParsedOutputs;
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
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassicStamp {
    /// The asset name (the longname for subasset stamps that are cursed POSH stamps).
    pub cpid: String,
    /// The subasset long name, if any.
    pub asset_longname: Option<String>,
    /// Kind of stamp.
    pub ident: Ident,
    /// MIME type of the stored file; empty when unknown.
    pub mimetype: String,
    /// The decoded file; `None` when the payload did not decode. For SRC-20 and SRC-721 stamps the stored file
    /// is a rendered SVG card instead.
    #[serde(skip)]
    pub file: Option<Vec<u8>>,
    /// Whether the stamp is blessed (positive number).
    pub is_btc_stamp: bool,
    /// Whether the stamp is cursed (negative number).
    pub is_cursed: bool,
    /// Whether the transaction burned its multisig key.
    pub keyburn: bool,
    /// The base64 text as found in the description (or of the OLGA file).
    #[serde(skip)]
    pub base64: String,
    /// Whether the payload decoded.
    pub is_valid_base64: bool,
    /// Whether the file came from OLGA P2WSH outputs.
    pub is_olga: bool,
    /// SRC-721 JSON as the consensus hash sees it, else empty.
    #[serde(skip)]
    pub src_data: String,
    /// The SRC-20 operation of a Counterparty-era SRC-20 stamp, checked and normalised.
    #[serde(skip)]
    pub src20: Option<crate::py::PyDict>,
}

impl ClassicStamp {
    /// Whether the stamp enters the block's `txlist_hash` (blessed, or cursed with a non-`A` CPID).
    pub fn is_hashed(&self) -> bool {
        self.is_btc_stamp || (self.is_cursed && !self.cpid.starts_with('A'))
    }
}

/// The OLGA P2WSH outputs carrying `file`, each worth `dust`: a big-endian `u16` length, then the file, in 32-byte
/// witness programs (the last zero padded); what [`olga_file`] reads back. `None` when the file does not fit the
/// 16-bit length.
pub fn olga_outputs(file: &[u8], dust: bitcoin::Amount) -> Option<Vec<bitcoin::TxOut>> {
    let mut framed = u16::try_from(file.len()).ok()?.to_be_bytes().to_vec();
    framed.extend_from_slice(file);
    Some(
        framed
            .chunks(32)
            .map(|c| {
                let mut program = [0u8; 32];
                program[..c.len()].copy_from_slice(c);
                bitcoin::TxOut {
                    value: dust,
                    script_pubkey: bitcoin::ScriptBuf::new_p2wsh(
                        &<bitcoin::WScriptHash as bitcoin::hashes::Hash>::from_byte_array(program),
                    ),
                }
            })
            .collect(),
    )
}

/// The file carried by OLGA P2WSH outputs (PROTOCOL.md §4.3): every `OP_0 <32 bytes>` output, at any index,
/// concatenated; a big-endian `u16` length, then the file. `None` when the transaction has no such output.
pub fn olga_file(tx: &Transaction) -> Option<Vec<u8>> {
    let mut joined = Vec::new();
    for out in &tx.output {
        if out.script_pubkey.is_p2wsh() {
            joined.extend_from_slice(out.script_pubkey.as_bytes().get(2..)?);
        }
    }
    let len = usize::from(u16::from_be_bytes([*joined.first()?, *joined.get(1)?]));
    Some(joined.get(2..(2 + len).min(joined.len()))?.to_vec())
}

/// The stamp carried by a valid issuance, if its description is a `stamp:` description (PROTOCOL.md §4): the
/// payload (the description's base64, or from `cp_p2wsh_feat_block_start` the OLGA file), its class, the
/// SRC-20 and SRC-721 rules, and blessed or cursed. `None` when the reference drops the transaction (it
/// raises: an unreadable JSON payload, an SRC-20 that fails its format check).
pub fn from_issuance(
    issuance: &Issuance,
    tx: &Transaction,
    outputs: &ParsedOutputs,
    height: u64,
    rules: Rules,
) -> Option<ClassicStamp> {
    let description = parse_description(issuance.description.as_deref()?);
    let declared = description
        .as_ref()
        .and_then(|d| d.declared_mimetype.clone())
        .unwrap_or_default();
    let olga = olga_file(tx).filter(|_| rules.active(Change::CpP2wshFeat, height));
    let is_olga = olga.is_some();
    let (base64_text, file) = match (&olga, &description) {
        (Some(bytes), _) => {
            let text = standard_base64(bytes);
            let file = base64::decode_for_height(&text, height, rules);
            (text, file)
        }
        (None, Some(d)) => (
            d.base64.clone(),
            base64::decode_for_height(&d.base64, height, rules),
        ),
        (None, None) => {
            // `stamp:` without a payload: the reference keeps an unknown, cursed stamp.
            if !contains_stamp_marker(issuance.description.as_deref()?) {
                return None;
            }
            (String::new(), None)
        }
    };
    let keyburn = has_keyburn(tx);
    let is_valid_base64 = file.is_some();
    let class = file
        .as_ref()
        .map(|bytes| mime::classify(bytes, height, rules));
    if class.as_ref().is_some_and(|c| c.rejected) {
        return None;
    }
    let mut ident = class.as_ref().map_or(Ident::Unknown, |c| c.ident);
    let mut mimetype = match &class {
        Some(c) if !c.mimetype.is_empty() => c.mimetype.clone(),
        Some(_) => declared,
        None => String::new(),
    };
    let mut suffix = class.as_ref().and_then(|c| c.file_suffix.clone());
    // OLGA HTML or SVG that references `/s/A…` stamps is a recursive SRC-721 mint (ident only).
    if is_olga
        && let Some(bytes) = &file
        && crate::src721::is_olga_recursive_mint(bytes, &mimetype, height, rules)
    {
        ident = Ident::Src721;
    }
    let cpid_is_numeric = issuance.asset.starts_with('A');
    let mut is_btc_stamp = false;
    let mut src_data = String::new();
    let mut src20 = None;
    let json = class.as_ref().and_then(|c| c.json.as_ref());
    if ident == Ident::Src20 && keyburn {
        let valid_cp_src20 =
            !rules.active(Change::CpSrc20End, height) && issuance.quantity == 0 && cpid_is_numeric;
        if valid_cp_src20 {
            // A Counterparty SRC-20 that fails the format check is not a stamp at all.
            let checked = crate::src20::check_format(json?, height, rules)?;
            src20 = Some(checked);
            is_btc_stamp = true;
            suffix = Some("svg".into());
            mimetype = "image/svg+xml".into();
        }
    } else if ident == Ident::Src721
        && rules.active(Change::CpSrc721Genesis, height)
        && !matches!(mimetype.as_str(), "text/html" | "image/svg+xml")
        && (keyburn || is_olga)
        && issuance.quantity <= 1
        && let Some(dict) = json
    {
        src_data = crate::src721::src_data(dict)?;
        is_btc_stamp = true;
        suffix = Some("svg".into());
        mimetype = "image/svg+xml".into();
    } else if ident == Ident::Src101 && rules.active(Change::BtcSrc101Genesis, height) && keyburn {
        is_btc_stamp = true;
    }
    let suffix_valid = suffix
        .as_deref()
        .is_some_and(|s| !mime::INVALID_SUFFIXES.contains(&s));
    let known_ident = ident != Ident::Unknown;
    let op_return = outputs.has_op_return && !is_olga;
    let mut cpid = issuance.asset.clone();
    let mut is_cursed = false;
    if known_ident
        && issuance.asset_longname.is_none()
        && cpid_is_numeric
        && !op_return
        && suffix_valid
    {
        is_btc_stamp = true;
    } else if let (Some(longname), false) = (
        &issuance.asset_longname,
        rules.active(Change::CpSubassetFeat, height),
    ) {
        // Before subasset stamps were allowed, they were cursed under their long name ("POSH").
        cpid = longname.clone();
        is_cursed = true;
        is_btc_stamp = false;
    } else if known_ident && issuance.asset_longname.is_some() && !op_return && suffix_valid {
        is_btc_stamp = true;
    } else if !known_ident || !cpid_is_numeric || op_return || !suffix_valid {
        is_btc_stamp = false;
        is_cursed = true;
    }
    if !is_valid_base64 {
        mimetype.clear();
    }
    let file = class.as_ref().and_then(|c| c.content.clone()).or(file);
    Some(ClassicStamp {
        cpid,
        asset_longname: issuance.asset_longname.clone(),
        ident,
        mimetype,
        file,
        is_btc_stamp,
        is_cursed,
        keyburn,
        base64: base64_text,
        is_valid_base64,
        is_olga,
        src_data,
        src20,
    })
}

fn contains_stamp_marker(description: &str) -> bool {
    find_ascii_case_insensitive(description, "stamp:").is_some()
}

/// Standard padded base64, as Python's `base64.b64encode` writes it.
pub fn standard_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
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
    fn standard_base64_pads() {
        assert_eq!(standard_base64(b""), "");
        assert_eq!(standard_base64(b"f"), "Zg==");
        assert_eq!(standard_base64(b"fo"), "Zm8=");
        assert_eq!(standard_base64(b"foo"), "Zm9v");
        assert_eq!(standard_base64(b"hello"), "aGVsbG8=");
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
