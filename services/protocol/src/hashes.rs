//! The Stamps consensus hashes of a block (PROTOCOL.md §4.11): `txlist_hash`, `messages_hash` and the SRC-20
//! `ledger_hash`, computed over the exact text the reference hashes (Python `repr` of its lists).

use bitcoin::hashes::{Hash, sha256d};
use serde::Serialize;

use crate::network::{Change, Rules};
use crate::py::str_repr as repr_str;

/// The text whose double sha256 seeds the `txlist_hash` and `messages_hash` chains at the first stamp block.
pub const CONSENSUS_HASH_SEED: &str = concat!(
    "Through our eyes, the universe is perceiving itself. ",
    "Through our ears, the universe is listening to its harmonies."
);

/// The hash version mixed into every `txlist_hash` and `messages_hash` on mainnet.
pub const CONSENSUS_HASH_VERSION: u32 = 1;

/// Hex of sha256(sha256(text)), digest in natural order (the reference's `dhash_string`).
pub fn dhash_hex(text: &str) -> String {
    hex(sha256d::Hash::hash(text.as_bytes()).as_byte_array())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The previous hash the first stamp block chains from.
pub fn seed_hash() -> String {
    dhash_hex(CONSENSUS_HASH_SEED)
}

/// One entry of the list the `txlist_hash` covers (the reference's `ValidStamp`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidStamp {
    /// Stamp number (negative when cursed).
    pub stamp_number: i64,
    /// Transaction id.
    pub tx_hash: String,
    /// Asset name, longname, or stamp hash.
    pub cpid: String,
    /// Blessed.
    pub is_btc_stamp: bool,
    /// Whether the payload decoded.
    pub is_valid_base64: bool,
    /// The base64 text as found (or of the OLGA bytes); empty for raw SRC payloads.
    pub stamp_base64: String,
    /// Cursed.
    pub is_cursed: bool,
    /// SRC-721 JSON as `json.dumps` writes it, else empty.
    pub src_data: String,
}

impl ValidStamp {
    /// The Python `repr` of this entry as a dict, keys in the reference's order.
    pub fn python_repr(&self) -> String {
        format!(
            "{{'stamp_number': {}, 'tx_hash': {}, 'cpid': {}, 'is_btc_stamp': {}, 'is_valid_base64': {}, \
             'stamp_base64': {}, 'is_cursed': {}, 'src_data': {}}}",
            self.stamp_number,
            repr_str(&self.tx_hash),
            repr_str(&self.cpid),
            repr_bool(self.is_btc_stamp),
            repr_bool(self.is_valid_base64),
            repr_str(&self.stamp_base64),
            repr_bool(self.is_cursed),
            repr_str(&self.src_data),
        )
    }
}

fn repr_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Python's `repr` of a list of `str`.
pub fn repr_str_list<S: AsRef<str>>(items: &[S]) -> String {
    let inner: Vec<String> = items.iter().map(|s| repr_str(s.as_ref())).collect();
    format!("[{}]", inner.join(", "))
}

/// Python's `repr` of the list of a block's txids (display order hex), built without per-txid allocations.
pub fn txid_list_repr(txids: &[bitcoin::Txid]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 + txids.len() * 68);
    out.push('[');
    for (i, txid) in txids.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('\'');
        for b in txid.as_byte_array().iter().rev() {
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0x0f)]));
        }
        out.push('\'');
    }
    out.push(']');
    out
}

/// `dhash_hex(prev + version + repr(txids))`, streamed into the hash without building the text.
fn messages_hash(prev: &str, txids: &[bitcoin::Txid]) -> String {
    use bitcoin::hashes::HashEngine;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut engine = sha256d::Hash::engine();
    engine.input(prev.as_bytes());
    engine.input(CONSENSUS_HASH_VERSION.to_string().as_bytes());
    engine.input(b"[");
    let mut item = [0u8; 68];
    for (i, txid) in txids.iter().enumerate() {
        // `'<64 hex digits>'`, preceded by `, ` after the first.
        item[0] = b'\'';
        for (k, b) in txid.as_byte_array().iter().rev().enumerate() {
            item[1 + 2 * k] = HEX[usize::from(b >> 4)];
            item[2 + 2 * k] = HEX[usize::from(b & 0x0f)];
        }
        item[65] = b'\'';
        if i > 0 {
            engine.input(b", ");
        }
        engine.input(&item[..66]);
    }
    engine.input(b"]");
    hex(sha256d::Hash::from_engine(engine).as_byte_array())
}

/// The three hashes of one block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlockHashes {
    /// Over the block's blessed stamps and non-`A` cursed stamps.
    pub txlist_hash: String,
    /// Over every transaction id of the block.
    pub messages_hash: String,
    /// Over the SRC-20 balances the block changed; empty when it changed none.
    pub ledger_hash: String,
}

/// Inputs of [`block_hashes`].
#[derive(Debug, Clone, Copy)]
pub struct HashInputs<'a> {
    /// Block height.
    pub height: u64,
    /// Network rules.
    pub rules: Rules,
    /// The previous block's `txlist_hash` (ignored at the first stamp block, which uses the seed).
    pub prev_txlist_hash: &'a str,
    /// The previous block's `messages_hash` (same rule).
    pub prev_messages_hash: &'a str,
    /// The last non-empty `ledger_hash` before this block.
    pub prev_ledger_hash: &'a str,
}

/// The `txlist_hash`, `messages_hash` and `ledger_hash` of a block. `stamps` are the block's hashed stamps in
/// any order (they are sorted by number, stably, as the reference does); `txids` every transaction id in block
/// order; `src20_balances` the `valid_src20_str` of the block (empty when no SRC-20 balance changed).
pub fn block_hashes(
    inputs: &HashInputs<'_>,
    stamps: &[ValidStamp],
    txids: &[bitcoin::Txid],
    src20_balances: &str,
) -> BlockHashes {
    let first_block = !inputs
        .rules
        .active(Change::StampGenesis, inputs.height.saturating_sub(1));
    let seed;
    let (prev_txlist, prev_messages) = if first_block {
        seed = seed_hash();
        (seed.as_str(), seed.as_str())
    } else {
        (inputs.prev_txlist_hash, inputs.prev_messages_hash)
    };
    let mut sorted: Vec<&ValidStamp> = stamps.iter().collect();
    sorted.sort_by_key(|s| s.stamp_number);
    let list: Vec<String> = sorted.iter().map(|s| s.python_repr()).collect();
    let txlist_content = format!("[{}]", list.join(", "));
    let txlist_hash = dhash_hex(&format!(
        "{prev_txlist}{CONSENSUS_HASH_VERSION}{txlist_content}"
    ));
    let messages_hash = messages_hash(prev_messages, txids);
    let ledger_hash = crate::src20::ledger_hash(
        inputs.height,
        inputs.rules,
        inputs.prev_ledger_hash,
        src20_balances,
    );
    BlockHashes {
        txlist_hash,
        messages_hash,
        ledger_hash,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::hashes::sha256;

    #[test]
    fn python_str_repr() {
        assert_eq!(repr_str("abc"), "'abc'");
        assert_eq!(repr_str("it's"), "\"it's\"");
        assert_eq!(repr_str("a'b\"c"), "'a\\'b\"c'");
        assert_eq!(repr_str("tab\there\n\\"), "'tab\\there\\n\\\\'");
        assert_eq!(repr_str("\u{1}\u{7f}"), "'\\x01\\x7f'");
        assert_eq!(repr_str("é🐶"), "'é🐶'");
        assert_eq!(repr_str("\u{a0}\u{ad}\u{200b}"), "'\\xa0\\xad\\u200b'");
        assert_eq!(repr_str_list(&["a", "b"]), "['a', 'b']");
        assert_eq!(repr_str_list::<&str>(&[]), "[]");
    }

    #[test]
    fn valid_stamp_repr_matches_python_dict() {
        let s = ValidStamp {
            stamp_number: -3,
            tx_hash: "ab".into(),
            cpid: "A1".into(),
            is_btc_stamp: false,
            is_valid_base64: true,
            stamp_base64: "iVBO".into(),
            is_cursed: true,
            src_data: String::new(),
        };
        assert_eq!(
            s.python_repr(),
            "{'stamp_number': -3, 'tx_hash': 'ab', 'cpid': 'A1', 'is_btc_stamp': False, 'is_valid_base64': True, \
             'stamp_base64': 'iVBO', 'is_cursed': True, 'src_data': ''}"
        );
    }

    #[test]
    fn chains_from_the_seed_at_the_first_stamp_block() {
        let inputs = HashInputs {
            height: 779_652,
            rules: Rules::MAINNET,
            prev_txlist_hash: "ignored",
            prev_messages_hash: "ignored",
            prev_ledger_hash: "",
        };
        let txid: bitcoin::Txid =
            "00000000000000000000000000000000000000000000000000000000000000aa"
                .parse()
                .expect("txid");
        let h = block_hashes(&inputs, &[], &[txid], "");
        assert_eq!(
            h.messages_hash,
            dhash_hex(&format!("{}1['{txid}']", seed_hash()))
        );
        assert_eq!(
            txid_list_repr(&[txid, txid]),
            repr_str_list(&[txid.to_string(), txid.to_string()])
        );
        assert_eq!(h.txlist_hash, dhash_hex(&format!("{}1[]", seed_hash())));
        assert_eq!(h.ledger_hash, "");
        let later = block_hashes(
            &HashInputs {
                height: 779_653,
                prev_txlist_hash: "p",
                ..inputs
            },
            &[],
            &[],
            "",
        );
        assert_eq!(later.txlist_hash, dhash_hex("p1[]"));
    }

    #[test]
    fn ledger_hash_rules() {
        let inputs = HashInputs {
            height: 788_041,
            rules: Rules::MAINNET,
            prev_txlist_hash: "",
            prev_messages_hash: "",
            prev_ledger_hash: "",
        };
        let genesis = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assert_eq!(block_hashes(&inputs, &[], &[], "").ledger_hash, genesis);
        let next = HashInputs {
            height: 788_042,
            prev_ledger_hash: "x",
            ..inputs
        };
        // The block after genesis chains from the empty hash, later ones from the last non-empty hash.
        let sha = |t: &str| sha256::Hash::hash(t.as_bytes()).to_string();
        assert_eq!(
            block_hashes(&next, &[], &[], "kevin,bc1q,1").ledger_hash,
            sha(&format!("{genesis}kevin,bc1q,1"))
        );
        let later = HashInputs {
            height: 790_000,
            ..next
        };
        assert_eq!(
            block_hashes(&later, &[], &[], "kevin,bc1q,1").ledger_hash,
            sha("xkevin,bc1q,1")
        );
        assert_eq!(block_hashes(&next, &[], &[], "").ledger_hash, "");
    }
}
