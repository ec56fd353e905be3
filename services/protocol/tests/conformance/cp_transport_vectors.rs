//! Counterparty transport against the reference's own vectors (`counterparty/vectors.json`): the sections
//! `gettxinfo`, `data_encoding`, `taproot_envelopes` and `compose`.

use crate::common;

use std::collections::HashMap;
use std::str::FromStr;

use bitcoin::consensus::deserialize;
use bitcoin::{Address, Amount, OutPoint, ScriptBuf, Transaction, TxOut, Txid, XOnlyPublicKey};
use serde_json::Value;
use stamps_protocol::counterparty::message::Message;
use stamps_protocol::counterparty::transport::{self, Params, TransportError};
use stamps_protocol::{Change, Network, Rules, arc4};

fn hex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn tx(v: &Value) -> Transaction {
    deserialize(&hex(v)).expect("consensus transaction")
}

fn network(name: &str) -> Network {
    Network::from_name(name).expect("known network")
}

fn rules_of(case: &Value) -> Rules {
    let p = &case["protocol"];
    let mut rules = network(p["network"].as_str().unwrap_or("regtest")).rules();
    for name in p["disabled_protocol_changes"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let name = name.as_str().expect("name");
        rules = rules
            .without(Change::from_name(name).unwrap_or_else(|| panic!("unknown change {name}")));
    }
    rules
}

fn prefix(case: &Value) -> [u8; 8] {
    case["prefix"]
        .as_str()
        .unwrap_or("CNTRPRTY")
        .as_bytes()
        .try_into()
        .expect("8-byte prefix")
}

fn key(case: &Value) -> [u8; 32] {
    hex(&case["key_hex"]).try_into().expect("32-byte key")
}

fn script_for(address: &str, network: Network) -> ScriptBuf {
    Address::from_str(address)
        .expect("address")
        .require_network(network.bitcoin())
        .expect("address of the network")
        .script_pubkey()
}

#[test]
fn gettxinfo() {
    let cases = common::vectors_section("gettxinfo");
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let t = tx(&case["raw_tx_hex"]);
        let rules = rules_of(case);
        let height = case["block_index"].as_u64().unwrap_or(1_000_000);
        let mut params = Params::new(height, rules);
        params.prefix = prefix(case);
        let function = case["function"].as_str().expect("function");
        if function.starts_with("deserialize_tx") {
            let e = &case["expected"];
            let out = transport::parse_outputs(&t, &params).expect(id);
            assert_eq!(
                t.compute_txid().to_string(),
                e["tx_id"].as_str().expect("txid"),
                "{id}"
            );
            assert_eq!(out.destinations, Vec::<String>::new(), "{id}");
            assert_eq!(
                out.btc_amount,
                e["btc_amount"].as_u64().expect("amount"),
                "{id}"
            );
            assert_eq!(out.fee, e["fee"].as_i64().expect("fee"), "{id}");
            assert_eq!(
                hex::encode(&out.data),
                e["data_hex"].as_str().expect("data"),
                "{id}"
            );
            assert_eq!(
                out.is_reveal_tx,
                e["is_reveal_tx"].as_bool().expect("bool"),
                "{id}"
            );
            let dispensers: Vec<(Option<String>, Option<u64>)> = out
                .potential_dispensers
                .iter()
                .map(|d| (d.destination.clone(), d.value))
                .collect();
            let expected: Vec<(Option<String>, Option<u64>)> = e["potential_dispensers"]
                .as_array()
                .expect("list")
                .iter()
                .map(|p| (p[0].as_str().map(str::to_owned), p[1].as_u64()))
                .collect();
            assert_eq!(dispensers, expected, "{id}");
            continue;
        }
        let composing = case["call_args"]["composing"].as_bool().unwrap_or(false);
        let net = rules.network();
        let mut prevouts = HashMap::new();
        for p in case["prevouts"].as_array().into_iter().flatten() {
            let Some(value) = p["value"].as_u64() else {
                continue;
            };
            let txid = Txid::from_str(p["txid"].as_str().expect("txid")).expect("txid");
            let address = p["address"].as_str().unwrap_or_default();
            // The mock's bare multisig prevouts only fund the fee; their script is never read.
            let script = if address.contains('_') || address.is_empty() {
                ScriptBuf::new()
            } else {
                script_for(address, net)
            };
            prevouts.insert(
                OutPoint::new(txid, p["vout"].as_u64().expect("vout") as u32),
                TxOut {
                    value: Amount::from_sat(value),
                    script_pubkey: script,
                },
            );
        }
        if function.starts_with("get_transaction_source_from_p2sh") {
            // The reference's mock: the spent output is worth 64777 with an empty script.
            for input in &t.input {
                prevouts.insert(
                    input.previous_output,
                    TxOut {
                        value: Amount::from_sat(64_777),
                        script_pubkey: ScriptBuf::new(),
                    },
                );
            }
            let info =
                transport::tx_info(&t, &Params::new(600_000, Rules::MAINNET), &prevouts, true)
                    .expect(id);
            assert_eq!(
                info.source,
                case["expected_partial"]["source"].as_str().expect("source"),
                "{id}"
            );
            continue;
        }
        let result = transport::tx_info(&t, &params, &prevouts, composing);
        if let Some(err) = case.get("expected_error") {
            assert_eq!(err["exception"], "BTCOnlyError", "{id}");
            assert_eq!(result, Err(TransportError::BtcOnly), "{id}");
            continue;
        }
        let info = result.expect(id);
        let e = &case["expected"];
        assert_eq!(info.source, e["source"].as_str().expect("source"), "{id}");
        assert_eq!(
            info.destination,
            e["destination"].as_str().expect("destination"),
            "{id}"
        );
        assert_eq!(
            info.btc_amount,
            e["btc_amount"].as_u64().expect("amount"),
            "{id}"
        );
        assert_eq!(info.fee, e["fee"].as_i64().expect("fee"), "{id}");
        assert_eq!(
            hex::encode(&info.data),
            e["data_hex"].as_str().expect("data"),
            "{id}"
        );
        assert!(info.dispenses.is_empty(), "{id}");
        if let Some(u) = e.get("utxos_info") {
            let (first, count, op_return) = transport::utxos_info(&t);
            assert_eq!(first.as_deref(), u[1].as_str(), "{id}");
            assert_eq!(count.to_string(), u[2].as_str().expect("count"), "{id}");
            assert_eq!(
                op_return.map(|i| i.to_string()).unwrap_or_default(),
                u[3].as_str().expect("vout"),
                "{id}"
            );
        }
    }
    assert_eq!(cases.len(), 12, "every gettxinfo case ran");
}

#[test]
fn data_encoding() {
    let cases = common::vectors_section("data_encoding");
    for case in cases {
        let id = case["id"].as_str().expect("id");
        match case["op"].as_str().expect("op") {
            "arc4_encrypt" => assert_eq!(
                hex::encode(arc4::apply(&key(case), &hex(&case["plaintext_hex"]))),
                case["expected_ciphertext_hex"]
                    .as_str()
                    .expect("ciphertext"),
                "{id}"
            ),
            "make_valid_pubkey" => {
                let input: [u8; 31] = hex(&case["input_hex"]).try_into().expect("31 bytes");
                assert_eq!(
                    hex::encode(transport::make_valid_pubkey(&input)),
                    case["expected_pubkey_hex"].as_str().expect("pubkey"),
                    "{id}"
                );
            }
            "data_to_pubkey_pairs" => {
                let pairs = transport::data_pubkey_pairs(
                    &key(case),
                    &prefix(case),
                    &hex(&case["data_hex"]),
                );
                let got: Vec<Vec<String>> = pairs
                    .iter()
                    .map(|p| p.iter().map(hex::encode).collect())
                    .collect();
                let want: Vec<Vec<String>> =
                    serde_json::from_value(case["expected_pubkey_pairs"].clone()).expect("pairs");
                assert_eq!(got, want, "{id}");
            }
            "opreturn_output" => {
                let out =
                    transport::op_return_output(&key(case), &hex(&case["data_hex"])).expect(id);
                assert_eq!(
                    out.value.to_sat(),
                    case["expected_output_value"].as_u64().expect("value")
                );
                let push = case["expected_script_asm"][1].as_str().expect("push");
                assert_eq!(
                    hex::encode(&out.script_pubkey.as_bytes()[2..]),
                    push,
                    "{id}"
                );
            }
            "multisig_outputs" => {
                let third: [u8; 33] = hex(&case["source_pubkey_hex"])
                    .try_into()
                    .expect("33 bytes");
                let outs =
                    transport::multisig_data_outputs(&key(case), &hex(&case["data_hex"]), &third);
                let expected = case["expected_outputs"].as_array().expect("outputs");
                assert_eq!(outs.len(), expected.len(), "{id}");
                for (out, want) in outs.iter().zip(expected) {
                    let mut builder = bitcoin::script::Builder::new();
                    for part in want["script_asm"].as_array().expect("asm") {
                        builder = match (part.as_i64(), part.as_str()) {
                            (Some(n), _) => builder.push_int(n),
                            (_, Some("OP_CHECKMULTISIG")) => {
                                builder.push_opcode(bitcoin::opcodes::all::OP_CHECKMULTISIG)
                            }
                            (_, Some(h)) => {
                                let bytes: [u8; 33] =
                                    hex::decode(h).expect("hex").try_into().expect("key");
                                builder.push_slice(bytes)
                            }
                            _ => panic!("{id}: bad asm element"),
                        };
                    }
                    assert_eq!(out.script_pubkey, builder.into_script(), "{id}");
                    assert_eq!(
                        out.value.to_sat(),
                        want["value"].as_u64().expect("value"),
                        "{id}"
                    );
                }
            }
            other => panic!("{id}: unknown op {other}"),
        }
    }
    assert_eq!(cases.len(), 6, "every data_encoding case ran");
}

/// Whether a decoded message is what the composer endpoint `endpoint` produces (the `send` endpoint writes
/// enhanced sends, or MPMA sends for several destinations).
fn composed_by(message: &Message, endpoint: &str) -> bool {
    match endpoint {
        "send" => matches!(message.name(), "send" | "enhanced_send" | "mpma"),
        other => message.name() == other,
    }
}

fn test_key() -> XOnlyPublicKey {
    XOnlyPublicKey::from_str("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        .expect("key")
}

fn elements(script: &bitcoin::Script) -> Vec<String> {
    script
        .instructions()
        .map(|i| match i.expect("instruction") {
            bitcoin::script::Instruction::PushBytes(p) if p.is_empty() => "OP_0".to_owned(),
            bitcoin::script::Instruction::PushBytes(p) => hex::encode(p.as_bytes()),
            bitcoin::script::Instruction::Op(op) => match op.to_u8() {
                0x63 => "OP_IF".to_owned(),
                0x68 => "OP_ENDIF".to_owned(),
                0xac => "OP_CHECKSIG".to_owned(),
                other => format!("op{other:02x}"),
            },
        })
        .collect()
}

#[test]
fn taproot_envelopes() {
    let cases = common::vectors_section("taproot_envelopes");
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let data = hex(&case["data_hex"]);
        let expected: Vec<String> = case["expected_script_elements"]
            .as_array()
            .expect("elements")
            .iter()
            .map(|e| match e.as_str().expect("element") {
                "OP_FALSE" => "OP_0".to_owned(),
                s => s.to_owned(),
            })
            .collect();
        let ordinals = expected.get(2).map(String::as_str) == Some("6f7264");
        let script = if ordinals {
            transport::ordinal_envelope_script(&data, &test_key()).expect(id)
        } else {
            transport::envelope_script(&data, &test_key())
        };
        assert_eq!(elements(&script), expected, "{id}");
        // And the decoder reads back what the composer wrote (an empty MIME type is written as text/plain).
        if !ordinals || case["id"] != "taproot_envelopes/004" {
            assert_eq!(
                transport::envelope_data(&script, false).expect(id),
                data,
                "{id}"
            );
        }
    }
    assert_eq!(cases.len(), 4, "every taproot_envelopes case ran");
}

#[test]
fn compose() {
    let cases = common::vectors_section("compose");
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let rules = rules_of(case);
        let params = Params::new(1_000_000, rules);
        if let Some(script) = case.get("expected_envelope_script").and_then(Value::as_str) {
            let script = ScriptBuf::from_hex(script).expect("script");
            let data = transport::envelope_data(&script, false).expect(id);
            let message = Message::unpack(&data, params.height, rules).expect(id);
            assert!(
                composed_by(&message, case["name"].as_str().expect("name")),
                "{id}: {}",
                message.name()
            );
            let reveal = tx(&case["expected_signed_reveal_rawtransaction"]);
            let out = transport::parse_outputs(&reveal, &params).expect(id);
            assert!(out.is_reveal_tx, "{id}");
            assert_eq!(out.data, data, "{id}");
            let inscription = case["construct_params"]["inscription"]
                .as_bool()
                .unwrap_or(false);
            let rebuilt = if inscription {
                transport::ordinal_envelope_script(&data, &test_key()).expect(id)
            } else {
                transport::envelope_script(&data, &test_key())
            };
            assert_eq!(
                rebuilt, script,
                "{id}: the composer writes the same envelope"
            );
            continue;
        }
        let t = tx(&case["raw_tx_hex"]);
        assert_eq!(
            t.input[0].previous_output.txid.to_string(),
            case["first_input_txid"].as_str().expect("txid"),
            "{id}"
        );
        let out = transport::parse_outputs(&t, &params).expect(id);
        if case.get("data_output_note").is_some() {
            assert!(out.data.is_empty(), "{id}: no data output");
            continue;
        }
        assert!(!out.data.is_empty(), "{id}: a data output");
        assert_eq!(out.has_op_return, case["encoding"] == "opreturn", "{id}");
        if let Some(expected) = case["expected_message_hex"].as_str() {
            assert_eq!(hex::encode(&out.data), expected, "{id}");
        }
        let message = Message::unpack(&out.data, params.height, rules).expect(id);
        assert!(
            composed_by(&message, case["name"].as_str().expect("name")),
            "{id}: {}",
            message.name()
        );
        if let Some(btc_out) = case["expected_btc_out"].as_u64() {
            assert_eq!(out.btc_amount, btc_out, "{id}");
        }
    }
    assert_eq!(cases.len(), 17, "every compose case ran");
}
