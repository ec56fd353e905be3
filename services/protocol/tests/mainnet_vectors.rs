//! Conformance against real mainnet data from the shared fixtures.
//!
//! The fixtures live outside the project (`../shared/fixtures` beside the checkout, or `STAMPS_FIXTURES`).
//! When they are missing these tests fail and say so: a conformance suite that passes on nothing proves nothing.

use std::path::PathBuf;

use bitcoin::Transaction;
use bitcoin::consensus::deserialize;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::{Issuance, split_type};
use stamps_protocol::counterparty::transport;
use stamps_protocol::stamp::{self, Ident};

fn fixtures() -> PathBuf {
    let dir = std::env::var_os("STAMPS_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures")
        });
    assert!(
        dir.is_dir(),
        "fixtures not found at {} (set STAMPS_FIXTURES to the shared fixtures directory)",
        dir.display()
    );
    dir
}

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
    let data = transport::decode(&tx)
        .expect("transport")
        .expect("counterparty data");
    assert!(!data.has_op_return);
    let (type_id, body) = split_type(&data.data).expect("type id");
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
            "stamp:eyJwIjogInNyYy0yMCIsICJvcCI6ICJkZXBsb3kiLCAidGljayI6ICJOSVZFSyIsICJtYXgiOiAiNDIwMDAwMDAwIiwgImxpbSI6ICI2OTAwMDAifQ=="
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

#[test]
fn counterparty_arc4_and_data_pubkey_vectors() {
    let path = fixtures().join("counterparty/vectors.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let cases = json["data_encoding"]
        .as_array()
        .expect("data_encoding cases");
    let mut checked = 0;
    for case in cases {
        let key = |k: &str| hex::decode(case[k].as_str().expect(k)).expect("hex");
        match case["op"].as_str() {
            Some("arc4_encrypt") => {
                let out = stamps_protocol::arc4::apply(&key("key_hex"), &key("plaintext_hex"));
                assert_eq!(
                    hex::encode(out),
                    case["expected_ciphertext_hex"].as_str().expect("expected")
                );
                checked += 1;
            }
            Some("make_valid_pubkey") => {
                let input: [u8; 31] = key("input_hex").try_into().expect("31 bytes");
                let out = transport::make_valid_pubkey(&input);
                assert_eq!(
                    hex::encode(out),
                    case["expected_pubkey_hex"].as_str().expect("expected")
                );
                checked += 1;
            }
            Some("data_to_pubkey_pairs") => {
                let k: [u8; 32] = key("key_hex").try_into().expect("32-byte key");
                let outs = transport::multisig_data_outputs(&k, &key("data_hex"), &[0x02; 33]);
                let expected = case["expected_pubkey_pairs"].as_array().expect("pairs");
                assert_eq!(outs.len(), expected.len());
                for (out, pair) in outs.iter().zip(expected) {
                    let pushes: Vec<String> = out
                        .script_pubkey
                        .instructions()
                        .filter_map(|i| match i {
                            Ok(bitcoin::script::Instruction::PushBytes(p)) => {
                                Some(hex::encode(p.as_bytes()))
                            }
                            _ => None,
                        })
                        .collect();
                    assert_eq!(pushes[0], pair[0].as_str().expect("pk1"));
                    assert_eq!(pushes[1], pair[1].as_str().expect("pk2"));
                }
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(
        checked >= 4,
        "expected the arc4, make_valid_pubkey and pubkey-pair vectors, checked {checked}"
    );
}
