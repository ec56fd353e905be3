//! SRC-20 conformance against the reference indexer's fixtures: the 135 JSON variations, the real mainnet
//! SRC-20 transactions with their recorded outcomes, and the Rust pre-filter snapshots.
//!
//! The fixtures live outside the project (`../shared/fixtures` beside the checkout, or `STAMPS_FIXTURES`).
//! When they are missing these tests fail and say so.

use bitcoin::Transaction;
use bitcoin::consensus::deserialize;
use stamps_protocol::py::{self, PyDecimal, PyValue};
use stamps_protocol::src20::transport::{self, Encoding};
use stamps_protocol::src20::{self, Deploy, MemoryState, RawStamp, Src20Block, TxContext};
use stamps_protocol::stamp::{Ident, mime};
use stamps_protocol::{Rules, arc4};

use crate::common::json;

fn d(s: &str) -> PyDecimal {
    PyDecimal::parse(s).unwrap_or_else(|| panic!("decimal {s}"))
}

/// The state the reference's test database simulator (`tests/dbSimulation.json`) answers with: four deploys
/// (`kevin`, `dec4`, `dec0`, `u64x`), their balances (as integers) and zero minted totals. The variations
/// file does not carry it, so it is seeded here.
fn simulator_state() -> MemoryState {
    let mut s = MemoryState::default();
    for (tick, lim, max, dec) in [
        ("kevin", "420000", "690000000", 18),
        ("dec4", "420000", "690000000", 4),
        ("dec0", "420000", "690000000", 0),
        ("u64x", "18446744073709551615", "18446744073709551615", 18),
    ] {
        s.deploys.insert(
            tick.into(),
            Deploy {
                lim: d(lim),
                max: d(max),
                dec,
            },
        );
        s.minted.insert(tick.into(), d("0"));
    }
    for (tick, address, amount) in [
        ("kevin", "1DestAddr", "1000"),
        ("kevin", "1SourceAddr", "1000"),
        ("dec4", "1DestAddr", "1000"),
        ("dec4", "1SourceAddr", "1000"),
        ("dec0", "1DestAddr", "1000"),
        ("dec0", "1SourceAddr", "1000"),
        ("u64x", "1SourceAddr", "18446744073709551615"),
    ] {
        s.balances.insert((tick.into(), address.into()), d(amount));
    }
    s
}

#[test]
fn src20_variations() {
    let cases = json("btc_stamps/src20_variations_data.json");
    let cases = cases.as_array().expect("a list of cases");
    let state = simulator_state();
    let mut ran = 0;
    let mut failures = Vec::new();
    for case in cases {
        let description = case["description"].as_str().unwrap_or_default();
        let text = case["src20JsonString"].as_str().expect("src20JsonString");
        let height = case["block_index"].as_u64().expect("block_index");
        let keyburn = case["keyburn"].as_u64() == Some(1);
        let source = case["source"].as_str().expect("source");
        let destination = case["destination"].as_str().expect("destination");
        let want_stamp = case["expectedOutcome"]["stamp_success"]
            .as_bool()
            .expect("stamp_success");
        let want_src20 = case["expectedOutcome"]["src20_success"]
            .as_bool()
            .expect("src20_success");

        // The reference's harness hands the payload over as a `str`.
        let (got_stamp, got_src20) = match py::convert_str_to_dict(text) {
            Err(_) => (false, false),
            Ok(dict) => match src20::raw_stamp(&dict, keyburn, height, Rules::MAINNET) {
                RawStamp::Dropped => (false, false),
                RawStamp::Other { .. } => (true, false),
                RawStamp::Src20 { dict, issuer } => {
                    let mut block = Src20Block::new();
                    let ctx = TxContext {
                        tx_hash: "dummy_tx_hash".into(),
                        tx_index: 0,
                        block_index: height,
                        creator: issuer.unwrap_or_else(|| source.to_owned()),
                        destination: destination.to_owned(),
                    };
                    let record = block.process(&dict, ctx, &state);
                    (true, record.valid)
                }
            },
        };
        ran += 1;
        if (got_stamp, got_src20) != (want_stamp, want_src20) {
            failures.push(format!(
                "{description}: got stamp={got_stamp} src20={got_src20}, want stamp={want_stamp} src20={want_src20}"
            ));
        }
    }
    assert_eq!(ran, 135, "all variations run");
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// -------------------------------------------------------------------------------------------------------
// Real transactions
// -------------------------------------------------------------------------------------------------------

struct Cached {
    tx: Transaction,
    height: u64,
    creator: String,
    vout0: String,
}

fn cached(txid: &str) -> Cached {
    let v = json(&format!("btc_stamps/transaction_cache/{txid}.json"));
    let hex = v["hex"].as_str().expect("hex");
    let tx: Transaction = deserialize(&hex::decode(hex).expect("hex")).expect("transaction");
    Cached {
        tx,
        height: v["block_height"].as_u64().expect("block_height"),
        creator: v["inputs"][0]["addresses"][0]
            .as_str()
            .expect("input address")
            .to_owned(),
        vout0: v["outputs"][0]["addresses"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    }
}

/// The description of a Counterparty-era stamp issuance: each multisig output decrypted on its own,
/// `[len] CNTRPRTY` stripped, then issuance `20` with `>QQ???` and the description text. (Kept local so this
/// suite only depends on the SRC-20 API.)
fn cp_issuance_description(tx: &Transaction) -> Option<(u64, String)> {
    let key = arc4::key_for(&tx.input.first()?.previous_output.txid);
    let mut data = Vec::new();
    for out in &tx.output {
        let b = out.script_pubkey.as_bytes();
        if b.len() == 105 && b[0] == 0x51 && b[104] == 0xae {
            let mut chunk = b[3..34].to_vec();
            chunk.extend_from_slice(&b[37..68]);
            let plain = arc4::apply(&key, &chunk);
            if plain.get(1..9) == Some(b"CNTRPRTY".as_slice()) {
                let len = usize::from(plain[0]).min(plain.len() - 1);
                data.extend_from_slice(&plain[9..1 + len]);
            }
        }
    }
    if data.first() != Some(&20) || data.len() < 20 {
        return None;
    }
    let quantity = u64::from_be_bytes(data[9..17].try_into().ok()?);
    Some((quantity, String::from_utf8(data[20..].to_vec()).ok()?))
}

/// The SRC-20 payload dict of a cached transaction, whichever way it is carried, and its keyburn.
fn payload_of(c: &Cached) -> (py::PyDict, bool, Option<Encoding>) {
    let pre = transport::prefilter(&c.tx);
    if pre.should_include {
        let raw = transport::decode(&c.tx, c.height, Rules::MAINNET, None).expect("raw payload");
        let dict = py::convert_to_dict(&raw.payload).expect("payload dict");
        return (dict, raw.keyburn, Some(raw.encoding));
    }
    let (quantity, description) = cp_issuance_description(&c.tx).expect("a Counterparty issuance");
    assert_eq!(quantity, 0, "CP SRC-20 issuances have supply 0");
    let b64 = description
        .strip_prefix("stamp:")
        .expect("stamp: description");
    let file =
        stamps_protocol::stamp::base64::decode_for_height(b64.trim(), c.height, Rules::MAINNET)
            .expect("base64");
    let class = mime::classify(&file, c.height, Rules::MAINNET);
    assert_eq!(class.ident, Ident::Src20);
    // The CP path hands the decoded text to check_format, which parses it with parse_float=Decimal.
    let dict = match py::json_loads(
        std::str::from_utf8(&file).expect("utf-8"),
        py::FloatMode::Decimal,
    ) {
        Ok(PyValue::Dict(d)) => d.with_lowercase_keys().expect("string keys"),
        other => panic!("not a dict: {other:?}"),
    };
    (dict, stamps_protocol::stamp::has_keyburn(&c.tx), None)
}

fn deploy(lim: &str, max: &str, dec: u32) -> Deploy {
    Deploy {
        lim: d(lim),
        max: d(max),
        dec,
    }
}

/// Chain history each real case depends on, which the fixtures do not hold. Every fact is the minimum the
/// recorded outcome needs.
fn history(tx_hash: &str, tick: &str, creator: &str) -> MemoryState {
    let mut s = MemoryState::default();
    let mut seed = |lim: &str, max: &str, minted: &str| {
        s.deploys.insert(tick.to_owned(), deploy(lim, max, 18));
        s.minted.insert(tick.to_owned(), d(minted));
    };
    match tx_hash {
        // Over-mints: the tick was deployed and fully minted; the minted totals are written in the
        // representation the reference printed in the recorded status.
        "a3d8d275d86ed6efc93392245ff3c9d4c9e26889b3999a6494fa4d6b866132e0" => {
            seed("1000", "21000000", "21000000.000000000000000000");
        }
        "3809059d32b51e3c2e680c6ffbd8e15e152daa06554f62fc1b9f2aea3be39e32" => {
            seed("1000000", "69420000000", "69420000000");
        }
        "68721d2d5aa37ac7048c1d51f8a592543e516c2e84b66dcfc81f8b6d840d4605"
        | "ed35fe928d82ffd263e999d6140d124a7423d30378f5197b4023393d400cd87c" => {
            seed("1", "420", "420");
        }
        "1fc093d5d7b1ab680d630c25ea505f7cdc2b16eadcd66fa0dbc566b4bc5ae6f2" => {
            seed("1000000", "10000000000", "10000000000");
        }
        "2cc3be498d12247c47fc99b60d97c6db7b2f1dfdcaefc3fee3a36729fade6b19" => {
            seed("1000", "1000000000", "1000000000");
        }
        "0698579e4f1997ec1d9b27cb9c1b4b7e40bfe3301213074fd0270cc4bc2d8ad5" => {
            seed("1000000", "100000000000", "100000000000.0000000000000000");
        }
        // NIVEK minted after its supply ran out (the deploy at 789352 capped it).
        "72f9bfb6c6553feabdb7b52428a33172090553fd9441209fb99d4b13455ca71d" => {
            seed("690000", "420000000", "420000000");
        }
        // Valid mints: the tick is deployed with room left.
        "64ca6c21ff26401bafd2af4902157c1f3eef25bbb027a427250e39d552d86755"
        | "4d89d7f69ee77c3ddda041f94270b4112d002fc67b88008f29710fadfb486da8" => {
            seed("1000", "21000000", "0");
        }
        // Valid transfers: the tick is deployed and the sender holds enough.
        "bddb00f8877af253283de07abc28597b855bf820b170ffc091da0faac5abf415"
        | "8be08571b7666c54d7accd456a65a707153e3b472e0590a1ff011240bd292413"
        | "7c58830beed762d2894290276b19e0cfe71d77de10901f3e198fff38fdde4029" => {
            seed("1000", "1000000000", "1000000000");
            s.balances.insert(
                (tick.to_owned(), creator.to_owned()),
                d("1000000.000000000000000000"),
            );
        }
        // The SCIFI transfer: deployed, but the sender holds nothing.
        "4b9ae7493b6c16d78ae3c1cafebea79282ffe42feb46fd30ed725249941bbf00" => {
            seed("1000", "1000000000", "1000000000");
        }
        // Deploys and the empty-amount mint need no history.
        _ => {}
    }
    s
}

#[test]
fn real_src20_transactions() {
    let file = json("btc_stamps/real_src20_transaction_hashes.json");
    let categories = file["test_categories"].as_object().expect("categories");
    let mut ran = 0;
    for (category, entries) in categories {
        for entry in entries.as_array().expect("entries") {
            let tx_hash = entry["tx_hash"].as_str().expect("tx_hash");
            let c = cached(tx_hash);
            assert_eq!(
                Some(c.height),
                entry["block_index"].as_u64(),
                "{tx_hash} height"
            );
            let (dict, keyburn, _) = payload_of(&c);
            assert!(keyburn, "{tx_hash}: SRC-20 requires keyburn");
            let checked = src20::check_format(&dict, c.height, Rules::MAINNET)
                .unwrap_or_else(|| panic!("{tx_hash} passes check_format"));
            let tick =
                src20::normalize_tick(checked.get("tick").and_then(PyValue::as_str).expect("tick"));
            assert_eq!(
                tick,
                entry["tick"].as_str().expect("tick"),
                "{tx_hash} tick"
            );
            let state = history(tx_hash, &tick, &c.creator);
            let mut block = Src20Block::new();
            let ctx = TxContext {
                tx_hash: tx_hash.into(),
                tx_index: 0,
                block_index: c.height,
                creator: c.creator.clone(),
                destination: c.vout0.clone(),
            };
            let rec = block.process(&checked, ctx, &state).clone();
            assert_eq!(rec.op.as_deref(), entry["op"].as_str(), "{tx_hash} op");
            let want_valid = category == "valid_transactions"
                || category == "deploy_transactions"
                || entry["validity"].as_str() == Some("VALID");
            assert_eq!(rec.valid, want_valid, "{tx_hash}: status {:?}", rec.status);
            if let Some(status) = entry["status"].as_str() {
                assert_eq!(rec.status.as_deref(), Some(status), "{tx_hash} status");
            }
            if let Some(amt) = entry["amt"].as_str() {
                let got = rec.amt.clone().expect("amount");
                assert_eq!(
                    got.num_cmp(&d(amt)),
                    Some(std::cmp::Ordering::Equal),
                    "{tx_hash} amt"
                );
            }
            if rec.valid && rec.op.as_deref() != Some("DEPLOY") {
                let updates = block.balance_updates(&state).expect("balance updates");
                assert!(!updates.is_empty());
                let line = src20::valid_src20_str(&updates).expect("ledger string");
                assert!(line.contains(&c.vout0), "{tx_hash}: {line}");
            }
            ran += 1;
        }
    }
    assert_eq!(ran, 18, "every listed transaction checked");
}

#[test]
fn raw_payloads_in_transaction_cache() {
    let summary = json("btc_stamps/transaction_cache/fetch_summary.json");
    let mut raw = 0;
    let mut olga = 0;
    for txid in summary["successful_hashes"].as_array().expect("hashes") {
        let txid = txid.as_str().expect("txid");
        let c = cached(txid);
        let pre = transport::prefilter(&c.tx);
        let decoded = transport::decode(&c.tx, c.height, Rules::MAINNET, None);
        if !pre.should_include {
            // Counterparty-era issuances: the multisig carries CNTRPRTY data, not `stamp:`.
            assert!(decoded.is_err(), "{txid}");
            assert!(cp_issuance_description(&c.tx).is_some(), "{txid}");
            continue;
        }
        let p = decoded.unwrap_or_else(|e| panic!("{txid}: {e}"));
        assert!(p.keyburn, "{txid} keyburn");
        assert_eq!(p.destination, c.vout0, "{txid} destination");
        let text = std::str::from_utf8(&p.payload).expect("utf-8 payload");
        let dict = py::convert_to_dict(&p.payload).expect("dict");
        let p_field = dict
            .get("p")
            .and_then(PyValue::as_str)
            .map(str::to_ascii_lowercase);
        assert_eq!(p_field.as_deref(), Some("src-20"), "{txid}: {text}");
        if p.encoding == Encoding::Olga {
            olga += 1;
            assert!(pre.has_valid_pattern);
        }
        match txid {
            "049d1544e94c14deece7a468855ca9bff7c867476b3f4cba8c075000ed93babe" => assert_eq!(
                text,
                r#"{"p":"src-20","op":"deploy","tick":"NINJA","max":"1000000000","lim":"10000"}"#
            ),
            "64ca6c21ff26401bafd2af4902157c1f3eef25bbb027a427250e39d552d86755" => {
                assert_eq!(
                    text,
                    r#"{"p":"src-20","op":"mint","tick":"RARE","amt":1000}"#
                );
            }
            "306cf746bbcc063825c95e5cdd47464ede62d4aa6e3d6629e80cd8affb7e71bf" => assert_eq!(
                text,
                r#"{"p":"src-20","op":"deploy","tick":"🐶","lim":"100000", "max":"21000000"}"#
            ),
            _ => {}
        }
        // The creator comes from the spent output when the caller supplies it.
        let prevout = bitcoin::TxOut {
            value: bitcoin::Amount::from_sat(1),
            script_pubkey: c.tx.output[0].script_pubkey.clone(),
        };
        let with_creator =
            transport::decode(&c.tx, c.height, Rules::MAINNET, Some(&prevout)).expect("decode");
        assert_eq!(with_creator.creator.as_deref(), Some(c.vout0.as_str()));
        raw += 1;
    }
    assert_eq!(
        (raw, olga),
        (13, 3),
        "raw SRC-20 transactions and OLGA ones"
    );
}

#[test]
fn parser_snapshots() {
    let file = json("btc_stamps/parser_snapshots.json");
    let snapshots = file["snapshots"].as_array().expect("snapshots");
    assert_eq!(snapshots.len(), 20);
    for snap in snapshots {
        let txid = snap["txid"].as_str().expect("txid");
        let tx: Transaction =
            deserialize(&hex::decode(snap["tx_hex"].as_str().expect("hex")).expect("hex"))
                .expect("tx");
        let want = &snap["expected"];
        let got = transport::prefilter(&tx);
        assert_eq!(
            Some(got.should_include),
            want["should_include"].as_bool(),
            "{txid} should_include"
        );
        assert_eq!(
            Some(got.has_valid_data),
            want["has_valid_data"].as_bool(),
            "{txid} has_valid_data"
        );
        assert_eq!(
            Some(got.has_valid_pattern),
            want["has_valid_pattern"].as_bool(),
            "{txid} pattern"
        );
        assert_eq!(
            Some(u64::from(got.keyburn)),
            want["keyburn"].as_u64(),
            "{txid} keyburn"
        );
        let outputs = want["outputs"].as_array().expect("outputs");
        assert_eq!(got.outputs.len(), outputs.len(), "{txid} outputs");
        for (g, w) in got.outputs.iter().zip(outputs) {
            assert_eq!(Some(u64::from(g.index)), w["index"].as_u64());
            assert_eq!(Some(g.value), w["value"].as_u64());
            assert_eq!(
                Some(g.has_op_checkmultisig),
                w["has_op_checkmultisig"].as_bool(),
                "{txid}"
            );
            assert_eq!(Some(u64::from(g.keyburn)), w["keyburn"].as_u64(), "{txid}");
            assert_eq!(
                hex::encode(&g.third_pubkey),
                w["third_pubkey"].as_str().expect("third"),
                "{txid}"
            );
            assert_eq!(
                hex::encode(&g.last_pubkey),
                w["last_pubkey"].as_str().expect("last"),
                "{txid}"
            );
        }
    }
}
