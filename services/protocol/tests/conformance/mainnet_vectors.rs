//! Conformance against real mainnet data from the shared fixtures.
//!
//! The fixtures live outside the project (`../shared/fixtures` beside the checkout, or `STAMPS_FIXTURES`).
//! When they are missing these tests fail and say so: a conformance suite that passes on nothing proves nothing.

use bitcoin::Transaction;
use bitcoin::consensus::deserialize;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::{Issuance, split_type};
use stamps_protocol::counterparty::transport;
use stamps_protocol::stamp::{self, Ident};

use crate::common::fixtures;

fn cached_tx(txid: &str) -> (Transaction, u64) {
    let path = fixtures().join(format!("btc_stamps/transaction_cache/{txid}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("fixture is JSON");
    let hex = json["hex"].as_str().expect("fixture has hex");
    let height = json["block_height"]
        .as_u64()
        .expect("fixture has block_height");
    (
        deserialize(&hex::decode(hex).expect("hex")).expect("consensus tx"),
        height,
    )
}

#[test]
fn cp_era_src20_issuance_decodes_to_its_description() {
    let (tx, height) =
        cached_tx("0321905ca9053a5b8313be9524a2af146196982a479573e9a324e8b929231730");
    assert_eq!(height, 789_352);
    let data = transport::parse_outputs(&tx, &transport::Params::new(height, Rules::MAINNET))
        .expect("counterparty data");
    assert!(!data.has_op_return);
    let (type_id, body) = split_type(&data.data, height, Rules::MAINNET).expect("type id");
    assert_eq!(type_id, 20);
    let issuance = Issuance::unpack(type_id, body, height, Rules::MAINNET).expect("issuance");
    assert_eq!(issuance.asset, "A2981132631618090564");
    assert_eq!(issuance.quantity, 0);
    assert!(!issuance.divisible);
    assert!(issuance.lock);
    assert!(!issuance.reset);
    assert_eq!(
        issuance.description.as_deref(),
        Some(
            "stamp:eyJwIjogInNyYy0yMCIsICJvcCI6ICJkZXBsb3kiL\
            CAidGljayI6ICJOSVZFSyIsICJtYXgiOiAiNDIwMDAwMDAwIiwgImxpbSI6ICI2OTAwMDAifQ=="
        )
    );

    let found =
        stamp::from_issuance(&issuance, &tx, &data, height, Rules::MAINNET).expect("a stamp");
    assert_eq!(found.ident, Ident::Src20);
    assert!(
        found.keyburn,
        "the third multisig key is the 0333… burn key"
    );
    assert_eq!(
        found.file.as_deref(),
        Some(&br#"{"p": "src-20", "op": "deploy", "tick": "NIVEK", "max": "420000000", "lim": "690000"}"#[..])
    );
}

#[test]
fn block_783775_base64_with_embedded_padding_is_a_png() {
    let path = fixtures().join("btc_stamps/block_783775_stamp.b64");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let file =
        stamp::base64::decode_for_height(text.trim(), 783_775, Rules::MAINNET).expect("decodes");
    assert_eq!(file.len(), 373);
    assert_eq!(
        stamp::mime::classify(&file, 783_775, Rules::MAINNET).mimetype,
        "image/png"
    );
}
