//! The demo scenario against stamps-protocol and the devnet's own validation: every transaction is valid
//! (signatures, amounts, coinbase maturity), every payload decodes back to what the scenario intended, and
//! every payload type the issue of a realistic marketplace needs is there.

use std::collections::{BTreeSet, HashMap, HashSet};

use bitcoin::{OutPoint, TxOut, Txid};
use stamps_devnet::chain::Chain;
use stamps_devnet::mempool::Mempool;
use stamps_devnet::scenario::{self, Payload, Scenario, Transport};
use stamps_devnet::{DevnetConfig, ScenarioKind};
use stamps_protocol::Rules;
use stamps_protocol::block::{
    BlockContext, CounterpartyRecord, MessageOrError, StampRecord, decode_contents,
};
use stamps_protocol::counterparty::message::Message;
use stamps_protocol::counterparty::transport::PrevoutSource;
use stamps_protocol::src20::MemoryState;

fn demo(scale: f64) -> Scenario {
    scenario::generate(&DevnetConfig {
        scenario: ScenarioKind::Demo,
        scale,
        ..DevnetConfig::default()
    })
}

struct Prevouts<'a>(&'a Chain);

impl PrevoutSource for Prevouts<'_> {
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut> {
        self.0.output(outpoint).cloned()
    }
}

/// Every block decoded in order, with stamp numbering and SRC-20 state carried from block to block.
struct Decoded {
    stamps: HashMap<Txid, StampRecord>,
    src20: HashMap<Txid, stamps_protocol::block::Src20Op>,
    counterparty: HashMap<Txid, CounterpartyRecord>,
}

fn decode_all(chain: &Chain) -> Decoded {
    let prevouts = Prevouts(chain);
    let mut state = MemoryState::default();
    let (mut next_stamp, mut next_cursed) = (0i64, -1i64);
    let mut stamped: HashSet<String> = HashSet::new();
    let mut out = Decoded {
        stamps: HashMap::new(),
        src20: HashMap::new(),
        counterparty: HashMap::new(),
    };
    for (i, block) in chain.blocks().iter().enumerate() {
        let height = chain.first_height() + i as u64;
        let has_stamp = |cpid: &str| stamped.contains(cpid);
        let ctx = BlockContext {
            next_stamp,
            next_cursed,
            has_stamp: &has_stamp,
            ..BlockContext::offline(height, Rules::MAINNET, &prevouts, &state)
        };
        let decoded = decode_contents(block, &ctx);
        for s in &decoded.stamps {
            if s.stamp >= 0 {
                next_stamp = next_stamp.max(s.stamp + 1);
            } else {
                next_cursed = next_cursed.min(s.stamp - 1);
            }
        }
        state.apply_decoded(&decoded);
        for s in decoded.stamps {
            stamped.insert(s.cpid.clone());
            out.stamps.insert(s.tx_hash.parse().expect("txid"), s);
        }
        for o in decoded.src20 {
            out.src20.insert(o.tx_hash.parse().expect("txid"), o);
        }
        for c in decoded.counterparty {
            out.counterparty.insert(c.tx_hash.parse().expect("txid"), c);
        }
    }
    out
}

#[test]
fn every_transaction_is_valid_for_the_devnet_itself() {
    let s = demo(0.2);
    let secp = bitcoin::secp256k1::Secp256k1::verification_only();
    let mut replay = Chain::new(s.chain.first_height());
    let mut checked = 0;
    for block in s.chain.blocks() {
        // Each block's transactions enter a mempool on top of the chain before it, in block order (so that
        // in-block parents come first): inputs, amounts, signatures and coinbase maturity are checked there.
        let mut mempool = Mempool::default();
        for tx in block.txdata.iter().skip(1) {
            mempool
                .accept(&secp, tx.clone(), &replay, 0)
                .unwrap_or_else(|e| {
                    panic!("{} at {}: {e}", tx.compute_txid(), replay.next_height())
                });
            checked += 1;
        }
        replay.reconnect(block.clone());
    }
    assert_eq!(replay.tip_hash(), s.chain.tip_hash());
    assert!(checked > 200, "{checked} transactions");
}

#[test]
fn every_payload_decodes_back_to_what_was_intended() {
    let s = demo(0.2);
    let d = decode_all(&s.chain);
    let mut kinds: BTreeSet<String> = BTreeSet::new();
    for intent in &s.intents {
        let txid = intent.txid;
        match &intent.payload {
            Payload::Stamp(want) => {
                let got = d
                    .stamps
                    .get(&txid)
                    .unwrap_or_else(|| panic!("stamp {} not decoded", want.cpid));
                assert_eq!(got.cpid, want.cpid, "{txid}");
                assert_eq!(got.asset_longname, want.longname, "{txid}");
                assert_eq!(got.is_cursed, !want.blessed, "{} {:?}", want.cpid, got);
                assert_eq!(got.creator.as_deref(), Some(intent.source.as_str()));
                if want.src721.is_none() && !want.file.starts_with(b"{") {
                    assert_eq!(got.mimetype, want.mimetype, "{}", want.cpid);
                    assert_eq!(
                        got.file.as_deref(),
                        Some(want.file.as_slice()),
                        "{}",
                        want.cpid
                    );
                    kinds.insert(format!("stamp {} {:?}", want.mimetype, want.transport));
                } else {
                    assert_eq!(got.ident.as_str(), "SRC-721", "{}", want.cpid);
                    kinds.insert(format!(
                        "src721 {}",
                        if want.src721.is_some() {
                            "mint"
                        } else {
                            "deploy"
                        }
                    ));
                }
                kinds.insert(format!("stamp blessed={}", want.blessed));
                if want.longname.is_some() {
                    kinds.insert("stamp subasset".into());
                }
                if !want.cpid.starts_with('A') {
                    kinds.insert("stamp named".into());
                }
            }
            Payload::Src20(want) => {
                let got = d.src20.get(&txid);
                match (&want.op, got) {
                    (None, got) => {
                        assert!(
                            got.is_none_or(|o| !o.valid),
                            "malformed JSON must not count: {got:?}"
                        );
                    }
                    (Some(op), Some(got)) => {
                        assert_eq!(got.op.as_deref(), Some(op.as_str()), "{}", want.json);
                        // The decoder names a tick as the reference stores it (🐸 as \U0001f438).
                        let tick = want
                            .tick
                            .as_deref()
                            .map(stamps_protocol::src20::normalize_tick);
                        assert_eq!(got.tick, tick, "{}", want.json);
                        assert_eq!(got.valid, want.valid, "{} {:?}", want.json, got.status);
                    }
                    (Some(_), None) => panic!("SRC-20 {} not decoded", want.json),
                }
                kinds.insert(format!(
                    "src20 {} {:?} {}",
                    want.op.as_deref().unwrap_or("malformed"),
                    want.transport,
                    want.problem.as_deref().unwrap_or("valid")
                ));
            }
            Payload::Counterparty { message, .. } => {
                let got = d
                    .counterparty
                    .get(&txid)
                    .unwrap_or_else(|| panic!("message {txid} not decoded"));
                match &got.message {
                    MessageOrError::Message(m) => assert_eq!(m, message, "{txid}"),
                    MessageOrError::Error { error, .. } => panic!("{txid}: {error}"),
                }
                // Detaches are signed by the UTXO's owner, whose address is the source either way.
                assert_eq!(
                    got.source.as_deref(),
                    Some(intent.source.as_str()),
                    "{txid}"
                );
                let name = match message {
                    Message::Dispenser(d) => format!("dispenser status {}", d.dispenser_status),
                    m => m.name().to_owned(),
                };
                kinds.insert(name);
            }
            Payload::Dispense {
                dispenser, paid, ..
            } => {
                let got = d.counterparty.get(&txid).expect("dispense decoded");
                assert!(matches!(
                    got.message,
                    MessageOrError::Message(Message::Dispense(_))
                ));
                assert_eq!(&got.destination, dispenser);
                assert_eq!(got.btc_amount, *paid);
                kinds.insert("dispense".into());
            }
            Payload::Swap { utxo, buyer, .. } => {
                let (tx, _, _) = s.chain.transaction(&txid).expect("mined");
                assert_eq!(tx.input[0].previous_output.to_string(), *utxo);
                let paid_to = bitcoin::Address::from_script(
                    &tx.output[0].script_pubkey,
                    bitcoin::Network::Bitcoin,
                )
                .expect("address");
                assert_eq!(paid_to.to_string(), *buyer);
                kinds.insert("swap".into());
            }
        }
    }
    let expected = [
        "stamp image/png Multisig",
        "stamp image/png Olga",
        "stamp image/gif Multisig",
        "stamp image/svg+xml Multisig",
        "stamp image/jpeg Multisig",
        "stamp image/webp Multisig",
        "stamp text/html Multisig",
        "stamp  Multisig",
        "stamp text/plain Multisig",
        "stamp text/plain OpReturn",
        "stamp blessed=false",
        "stamp subasset",
        "stamp named",
        "src721 deploy",
        "src721 mint",
        "issuance",
        "enhanced_send",
        "mpma",
        "sweep",
        "destroy",
        "dividend",
        "dispenser status 0",
        "dispenser status 10",
        "dispense",
        "fairminter",
        "fairmint",
        "attach",
        "detach",
        "swap",
    ];
    for k in expected {
        assert!(kinds.contains(k), "no {k} in {kinds:#?}");
    }
    for prefix in [
        "src20 DEPLOY Multisig valid",
        "src20 DEPLOY Olga valid",
        "src20 MINT Multisig valid",
        "src20 MINT Olga valid",
        "src20 TRANSFER",
        "src20 MINT",
    ] {
        assert!(
            kinds.iter().any(|k| k.starts_with(prefix)),
            "no {prefix} in {kinds:#?}"
        );
    }
    for problem in [
        "over mint",
        "balance below",
        "malformed JSON",
        "not deployed",
        "already deployed",
    ] {
        assert!(
            kinds
                .iter()
                .any(|k| k.ends_with(problem) || k.contains(problem)),
            "no {problem} in {kinds:#?}"
        );
    }
    let _ = Transport::Multisig;
}

#[test]
fn the_demo_is_deterministic_and_its_book_adds_up() {
    let a = demo(0.1);
    let b = demo(0.1);
    assert_eq!(a.chain.tip_hash(), b.chain.tip_hash());
    assert_eq!(a.intents.len(), b.intents.len());
    // No balance is negative or empty, and every stamp has its supply somewhere (or destroyed).
    assert!(a.book.balances.values().all(|q| *q > 0));
    assert!(a.book.holders() > 10);
    assert!(a.bootstrap.balances.len() == a.actors.len());
    assert!(
        a.summary.blessed > 20 && a.summary.cursed > 3,
        "{:?}",
        a.summary
    );
}

#[tokio::test]
async fn the_devnet_serves_enhanced_asset_info_and_the_bootstrap_snapshot() {
    let config = DevnetConfig {
        rpc_listen: "127.0.0.1:0".into(),
        api_listen: "127.0.0.1:0".into(),
        scenario: ScenarioKind::Demo,
        scale: 0.1,
        ..DevnetConfig::default()
    };
    let generated = scenario::generate(&config);
    // An asset whose description (on the chain) points to its enhanced asset information.
    let described = generated
        .intents
        .iter()
        .find_map(|i| match &i.payload {
            Payload::Counterparty {
                message: Message::Issuance(issuance),
                ..
            } => issuance
                .description
                .clone()
                .filter(|d| d.ends_with(".json"))
                .map(|d| (issuance.asset.clone(), d)),
            _ => None,
        })
        .expect("an asset with enhanced asset information");
    let (asset, url) = described;
    let path = url
        .strip_prefix(&config.asset_info_url)
        .expect("under the configured base")
        .to_owned();
    let bootstrap = generated.bootstrap.clone();
    let devnet = stamps_devnet::build_with(&config, generated)
        .await
        .expect("binds");
    let api = format!("http://{}", devnet.api_addr().expect("addr"));
    let stop = stamps_platform::shutdown::Shutdown::new();
    let server = tokio::spawn(devnet.run_until_stopped(stop.clone()));

    let info: serde_json::Value = reqwest::get(format!("{api}{path}"))
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert_eq!(info["asset"], asset.as_str());
    let image = info["image"].as_str().expect("image url");
    let image_path = image
        .strip_prefix(&config.asset_info_url)
        .expect("served here");
    let png = reqwest::get(format!("{api}{image_path}"))
        .await
        .expect("up");
    assert_eq!(png.headers()["content-type"], "image/png");
    assert!(png.bytes().await.expect("bytes").starts_with(b"\x89PNG"));
    let missing = reqwest::get(format!("{api}/asset-info/NOSUCHASSET.json"))
        .await
        .expect("up");
    assert_eq!(missing.status(), 404);

    let served: stamps_devnet::scenario::Bootstrap =
        reqwest::get(format!("{api}/devnet/bootstrap.json"))
            .await
            .expect("up")
            .json()
            .await
            .expect("json");
    assert_eq!(served, bootstrap);
    assert_eq!(served.height, config.first_height - 1);
    assert!(
        served
            .balances
            .iter()
            .all(|b| b.asset == "XCP" && b.quantity > 0)
    );

    stop.cancel();
    server.await.expect("joins").expect("served");
}
