//! Whole mainnet blocks decoded: block 820000 (13 raw multisig SRC-20 stamps, 4 Counterparty enhanced sends, no
//! Counterparty stamps) and block 700000 (before the first stamp).

use crate::common;

use bitcoin::Block;
use bitcoin::consensus::deserialize;
use stamps_protocol::Rules;
use stamps_protocol::block::{
    BlockContext, DecodedBlock, decode_block, decode_contents, decode_raw_block, txids_from_raw,
};
use stamps_protocol::counterparty::message::Message;
use stamps_protocol::counterparty::transport::NoPrevouts;
use stamps_protocol::hashes::{dhash_hex, repr_str_list};
use stamps_protocol::src20::MemoryState;
use stamps_protocol::stamp::{Ident, stamp_hash};

fn block(file: &str, key: &str) -> (u64, Block) {
    let json = common::json(&format!("btc_stamps/{file}"));
    let b = &json[key];
    let raw = hex::decode(b["hex"].as_str().expect("hex")).expect("hex");
    let block: Block = deserialize(&raw).expect("block");
    assert_eq!(
        block.block_hash().to_string(),
        b["hash"].as_str().expect("hash")
    );
    (b["height"].as_u64().expect("height"), block)
}

fn decode(height: u64, block: &Block, next_stamp: i64) -> DecodedBlock {
    let state = MemoryState::default();
    let ctx = BlockContext {
        next_stamp,
        next_cursed: -7,
        prev_txlist_hash: "prev-txlist".into(),
        prev_messages_hash: "prev-messages".into(),
        ..BlockContext::offline(height, Rules::MAINNET, &NoPrevouts, &state)
    };
    decode_block(block, &ctx)
}

#[test]
fn block_820000() {
    let (height, block) = block("test_data.json", "block");
    assert_eq!(height, 820_000);
    let out = decode(height, &block, 500);
    // 13 raw SRC-20 stamps, blessed, numbered in block order from the next number, keyed by their stamp hash.
    assert_eq!(out.stamps.len(), 13);
    let mut last_index = 0;
    for (i, s) in out.stamps.iter().enumerate() {
        assert_eq!(s.stamp, 500 + i as i64);
        assert_eq!(s.ident, Ident::Src20);
        assert!(!s.is_cursed && s.keyburn);
        assert_eq!(s.cpid, stamp_hash(&s.tx_hash, height));
        assert_eq!(s.encoding, "multisig");
        assert!(s.tx_index > last_index || i == 0);
        last_index = s.tx_index;
    }
    assert_eq!(
        out.src20.len(),
        13,
        "every SRC-20 stamp is an SRC-20 operation"
    );
    assert!(out.src20.iter().all(|op| op.tick.is_some()));
    // Without prior deploys every transfer and mint of this block is judged "no deploy".
    assert!(
        out.src20
            .iter()
            .filter(|op| op.op.as_deref() != Some("DEPLOY"))
            .all(|op| !op.valid)
    );
    // Four enhanced sends by OP_RETURN, one of them the worked vector of PROTOCOL.md §3.7.
    let sends: Vec<_> = out
        .counterparty
        .iter()
        .filter_map(|c| match &c.message {
            stamps_protocol::block::MessageOrError::Message(Message::EnhancedSend(s)) => {
                Some((c, s))
            }
            _ => None,
        })
        .collect();
    assert_eq!(sends.len(), 4);
    assert_eq!(out.counterparty.len(), 4);
    let (record, _) = sends
        .iter()
        .find(|(c, _)| {
            c.tx_hash == "9fef9c6f1992844dfd613e401577de761fdf6794c36b37c4248c0205b16e6caa"
        })
        .expect("the worked vector");
    let json = serde_json::to_value(&record.message).expect("json");
    assert_eq!(json["asset"], "A4931784000886397000");
    assert_eq!(json["quantity"], 1);
    assert_eq!(json["memo"], hex::encode("openstamp.io"));
    // The messages hash covers every txid in block order.
    let txids: Vec<String> = block
        .txdata
        .iter()
        .map(|t| t.compute_txid().to_string())
        .collect();
    assert_eq!(
        out.hashes.as_ref().expect("hashes").messages_hash,
        dhash_hex(&format!("prev-messages1{}", repr_str_list(&txids)))
    );
    assert_eq!(out.hashes.as_ref().expect("hashes").txlist_hash.len(), 64);
    assert_ne!(
        out.hashes.as_ref().expect("hashes").txlist_hash,
        dhash_hex("prev-txlist1[]"),
        "the stamps are hashed"
    );
}

#[test]
fn raw_txids_match_the_parsed_transactions() {
    for (file, key) in [
        ("test_data.json", "block"),
        ("bitcoin_node_fixtures.json", "test_block_700000"),
    ] {
        let json = common::json(&format!("btc_stamps/{file}"));
        let raw = hex::decode(json[key]["hex"].as_str().expect("hex")).expect("hex");
        let block: Block = deserialize(&raw).expect("block");
        let expected: Vec<_> = block
            .txdata
            .iter()
            .map(bitcoin::Transaction::compute_txid)
            .collect();
        assert_eq!(txids_from_raw(&raw), Some(expected));
        let state = MemoryState::default();
        let height = json[key]["height"].as_u64().expect("height");
        let ctx = BlockContext::offline(height, Rules::MAINNET, &NoPrevouts, &state);
        let full = decode_block(&block, &ctx);
        assert_eq!(decode_raw_block(&raw, &ctx).expect("decodes"), full);
        // Without the hashes, the contents are the same.
        let contents = decode_contents(&block, &ctx);
        assert_eq!(contents.hashes, None);
        assert_eq!(
            (contents.stamps, contents.src20, contents.counterparty),
            (full.stamps, full.src20, full.counterparty)
        );
    }
    assert_eq!(txids_from_raw(&[0u8; 81]), Some(vec![]));
    assert_eq!(txids_from_raw(&[0u8; 20]), None);
}

#[test]
fn block_700000_has_no_stamps() {
    let (height, block) = block("bitcoin_node_fixtures.json", "test_block_700000");
    assert_eq!(height, 700_000);
    let out = decode(height, &block, 0);
    assert!(out.stamps.is_empty());
    assert!(out.src20.is_empty());
    assert_eq!(out.hashes.as_ref().expect("hashes").ledger_hash, "");
}
