//! SRC-20 transport round trips: what the encoders build, the decoder reads back unchanged, for random JSON
//! payloads and random first-input txids, over keyburn multisig and OLGA P2WSH.

use bitcoin::absolute::LockTime;
use bitcoin::hashes::Hash;
use bitcoin::transaction::Version;
use bitcoin::{Amount, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, Txid, Witness};
use proptest::prelude::*;
use stamps_protocol::Rules;
use stamps_protocol::src20::transport::{self, DEFAULT_BURN_KEY, Encoding};

fn json_payload() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(serde_json::Value::from),
        "[a-zA-Z0-9 .:🐶é]{0,12}".prop_map(serde_json::Value::from),
        any::<bool>().prop_map(serde_json::Value::from),
    ];
    let value = leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z]{1,6}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    });
    (
        "[A-Za-z]{1,5}",
        prop::collection::btree_map("[a-z]{1,8}", value, 0..6),
    )
        .prop_map(|(tick, extra)| {
            let mut obj = serde_json::Map::new();
            obj.insert("p".into(), "src-20".into());
            obj.insert("op".into(), "mint".into());
            obj.insert("tick".into(), tick.into());
            for (k, v) in extra {
                obj.insert(k, v);
            }
            serde_json::Value::Object(obj).to_string()
        })
}

fn tx_with(first_input: Txid, outputs: Vec<TxOut>) -> Transaction {
    let destination = TxOut {
        value: Amount::from_sat(546),
        script_pubkey: ScriptBuf::from_hex("0014350df4908b68d48dbc8c64b2df27c69261261652")
            .expect("p2wpkh"),
    };
    let mut output = vec![destination];
    output.extend(outputs);
    output.push(TxOut {
        value: Amount::from_sat(10_000),
        script_pubkey: ScriptBuf::from_hex("0014350df4908b68d48dbc8c64b2df27c69261261652")
            .expect("change"),
    });
    Transaction {
        version: Version::TWO,
        lock_time: LockTime::ZERO,
        input: vec![TxIn {
            previous_output: OutPoint {
                txid: first_input,
                vout: 0,
            },
            script_sig: ScriptBuf::new(),
            sequence: Sequence::MAX,
            witness: Witness::new(),
        }],
        output,
    }
}

proptest! {
    #[test]
    fn multisig_round_trip(payload in json_payload(), txid in any::<[u8; 32]>()) {
        let txid = Txid::from_byte_array(txid);
        let outs = transport::multisig_outputs(payload.as_bytes(), &txid, &DEFAULT_BURN_KEY, Amount::from_sat(789))
            .expect("fits");
        let tx = tx_with(txid, outs);
        let pre = transport::prefilter(&tx);
        prop_assert!(pre.should_include);
        let got = transport::decode(&tx, 800_000, Rules::MAINNET, None).expect("decodes");
        prop_assert_eq!(got.payload, payload.as_bytes().to_vec());
        prop_assert_eq!(got.encoding, Encoding::Multisig);
        prop_assert!(got.keyburn);
        prop_assert_eq!(got.destination, "bc1qx5xlfyytdr2gm0yvvjed7f7xjfsjv9jjpz64t4");
    }

    #[test]
    fn olga_round_trip(payload in json_payload(), txid in any::<[u8; 32]>()) {
        let txid = Txid::from_byte_array(txid);
        let outs = transport::olga_outputs(payload.as_bytes(), Amount::from_sat(330)).expect("fits");
        let tx = tx_with(txid, outs);
        let pre = transport::prefilter(&tx);
        prop_assert!(pre.should_include && pre.has_valid_pattern);
        let got = transport::decode(&tx, 865_000, Rules::MAINNET, None).expect("decodes");
        prop_assert_eq!(got.payload, payload.as_bytes().to_vec());
        prop_assert_eq!(got.encoding, Encoding::Olga);
        // Before btc_src20_olga_block the P2WSH outputs carry nothing.
        prop_assert!(transport::decode(&tx, 864_999, Rules::MAINNET, None).is_err());
    }
}

proptest! {
    /// The decoders never panic on arbitrary input.
    #[test]
    fn decoders_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300), text in "\\PC{0,200}") {
        let _ = stamps_protocol::py::convert_to_dict(&bytes);
        let _ = stamps_protocol::py::convert_str_to_dict(&text);
        let _ = stamps_protocol::py::literal_eval(&text);
        let _ = stamps_protocol::stamp::mime::classify(&bytes, 900_000, Rules::MAINNET);
        let _ = stamps_protocol::stamp::mime::classify(text.as_bytes(), 900_000, Rules::MAINNET);
        let mut zlib = vec![0x78, 0x9c];
        zlib.extend_from_slice(&bytes);
        zlib.push(0xff);
        let _ = stamps_protocol::stamp::mime::classify(&zlib, 900_000, Rules::MAINNET);
    }

    /// Python-literal payloads that look like JSON objects decode the same either way.
    #[test]
    fn literal_eval_agrees_with_json_on_json_dicts(payload in json_payload()) {
        let via_json = stamps_protocol::py::json_loads(&payload, stamps_protocol::py::FloatMode::Float)
            .expect("json");
        let python_text = payload.replace("true", "True").replace("false", "False");
        if python_text.contains("True") || python_text.contains("False") {
            return Ok(());
        }
        let via_literal = stamps_protocol::py::literal_eval(&python_text).expect("literal");
        prop_assert_eq!(stamps_protocol::py::repr(&via_json), stamps_protocol::py::repr(&via_literal));
    }
}
