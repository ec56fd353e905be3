//! The Counterparty side of the Stamps indexer's fixtures: which transactions carry Counterparty data
//! (`parser_snapshots.json`), and the CP-era stamp issuances of `transaction_cache/` decoded end to end.

use crate::common;

use bitcoin::Transaction;
use bitcoin::consensus::deserialize;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::Message;
use stamps_protocol::counterparty::transport::{self, Params};
use stamps_protocol::stamp::{self, Ident};

fn tx_of(hex_text: &str) -> Transaction {
    deserialize(&hex::decode(hex_text).expect("hex")).expect("consensus transaction")
}

#[test]
fn counterparty_pre_filter_matches_the_reference_parser() {
    let doc = common::json("btc_stamps/parser_snapshots.json");
    let snapshots = doc["snapshots"].as_array().expect("snapshots");
    let mut with_cp = 0;
    for s in snapshots {
        let txid = s["txid"].as_str().expect("txid");
        let tx = tx_of(s["tx_hex"].as_str().expect("tx_hex"));
        assert_eq!(tx.compute_txid().to_string(), txid);
        let expected = s["expected"]["has_counterparty_data"]
            .as_bool()
            .expect("flag");
        assert_eq!(transport::has_counterparty_data(&tx), expected, "{txid}");
        // The pre-filter never misses what the full parser finds.
        let height = s["block_height"].as_u64().unwrap_or(840_000);
        let parsed = transport::parse_outputs(&tx, &Params::new(height, Rules::MAINNET));
        if parsed.is_ok_and(|p| !p.data.is_empty()) {
            assert!(expected, "{txid}: data found but not flagged");
            with_cp += 1;
        }
    }
    assert_eq!(snapshots.len(), 20, "every parser snapshot ran");
    assert_eq!(with_cp, 5, "the five CP-era SRC-20 issuances");
}

#[test]
fn cp_era_src20_issuances_decode_to_keyburned_src20_stamps() {
    let dir = common::fixtures().join("btc_stamps/transaction_cache");
    let mut decoded = 0;
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("transaction_cache") {
        let path = entry.expect("entry").path();
        if path.file_name().is_some_and(|n| n == "fetch_summary.json") {
            continue;
        }
        files += 1;
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
        let tx = tx_of(json["hex"].as_str().expect("hex"));
        let txid = json["tx_hash"].as_str().expect("tx_hash");
        assert_eq!(tx.compute_txid().to_string(), txid);
        let height = json["block_height"].as_u64().expect("height");
        let params = Params::new(height, Rules::MAINNET);
        let Ok(outputs) = transport::parse_outputs(&tx, &params) else {
            continue;
        };
        if outputs.data.is_empty() {
            continue;
        }
        transport::check_sighash(&tx, &params).expect("signed with SIGHASH_ALL");
        let Message::Issuance(issuance) =
            Message::unpack(&outputs.data, height, Rules::MAINNET).expect("message")
        else {
            panic!("{txid}: not an issuance");
        };
        assert!(issuance.asset.starts_with('A'), "{txid}: numeric asset");
        assert_eq!(issuance.quantity, 0, "{txid}");
        let found = stamp::from_issuance(&issuance, &tx, &outputs, height, Rules::MAINNET)
            .expect("a stamp description");
        assert_eq!(found.ident, Ident::Src20, "{txid}");
        assert!(found.keyburn, "{txid}");
        assert!(!found.is_olga, "{txid}");
        decoded += 1;
    }
    assert_eq!(files, 18, "every cached transaction was read");
    assert_eq!(decoded, 5, "the five CP-era issuances decoded");
}
