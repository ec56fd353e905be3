//! The devnet's JSON-RPC over HTTP, checked for the shapes Bitcoin Core returns (field names and types) and its
//! error objects, through a whole send → mempool → block round trip.

use bitcoin::consensus::encode::serialize_hex;
use bitcoin::hashes::Hash;
use bitcoin::{Amount, OutPoint, ScriptBuf, Transaction, TxOut};
use serde_json::{Value, json};
use stamps_devnet::DevnetConfig;
use stamps_devnet::ScenarioKind;
use stamps_devnet::scenario::{MINIMAL_ALLOCATION, sign_p2wpkh, unsigned_spend};
use stamps_platform::shutdown::Shutdown;

struct Rpc {
    url: String,
    http: reqwest::Client,
    auth: Option<(String, String)>,
}

/// Credentials from a data directory's `.cookie`, as Core clients read them.
fn cookie(dir: &std::path::Path) -> (String, String) {
    let text = std::fs::read_to_string(dir.join(".cookie")).expect("cookie written");
    let (user, password) = text.split_once(':').expect("user:password");
    (user.to_owned(), password.to_owned())
}

impl Rpc {
    async fn raw(&self, body: Value) -> Value {
        self.raw_as(body, self.auth.as_ref()).await
    }

    async fn raw_as(&self, body: Value, auth: Option<&(String, String)>) -> Value {
        let mut request = self.http.post(&self.url).json(&body);
        if let Some((user, password)) = auth {
            request = request.basic_auth(user, Some(password));
        }
        let response = request.send().await.expect("reachable");
        if response.status() == reqwest::StatusCode::UNAUTHORIZED {
            return Value::Null;
        }
        response.json().await.expect("JSON")
    }

    async fn call(&self, method: &str, params: Value) -> Value {
        let reply = self
            .raw(json!({"jsonrpc": "1.0", "id": "t", "method": method, "params": params}))
            .await;
        assert_eq!(reply["error"], Value::Null, "{method}: {reply}");
        assert_eq!(reply["id"], "t");
        reply["result"].clone()
    }

    async fn error(&self, method: &str, params: Value) -> (i64, String) {
        let reply = self
            .raw(json!({"id": 1, "method": method, "params": params}))
            .await;
        assert_eq!(reply["result"], Value::Null, "{method}: {reply}");
        (
            reply["error"]["code"].as_i64().expect("code"),
            reply["error"]["message"]
                .as_str()
                .expect("message")
                .to_owned(),
        )
    }
}

/// A devnet serving JSON-RPC and its API on free ports, with what the tests need from it.
struct Running {
    rpc: Rpc,
    /// Base URL of the mempool-style API.
    api: String,
    actors: Vec<stamps_devnet::keys::Actor>,
    /// The first block's coinbase: it pays actor `i` at output `i`.
    genesis: Transaction,
    stop: Shutdown,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Builds and serves a devnet for `config` (ports forced to free ones); with a data directory, JSON-RPC is
    /// called with the cookie's credentials.
    async fn start(config: &DevnetConfig) -> Self {
        let config = DevnetConfig {
            rpc_listen: "127.0.0.1:0".into(),
            api_listen: "127.0.0.1:0".into(),
            scenario: ScenarioKind::Minimal,
            ..config.clone()
        };
        let scenario = stamps_devnet::scenario::generate(&config);
        let actors = scenario.actors.clone();
        let genesis = scenario
            .chain
            .block_at(config.first_height)
            .expect("genesis")
            .txdata[0]
            .clone();
        let devnet = stamps_devnet::build_with(&config, scenario)
            .await
            .expect("devnet");
        let url = format!("http://{}", devnet.rpc_addr().expect("addr"));
        let api = format!("http://{}", devnet.api_addr().expect("addr"));
        let stop = Shutdown::new();
        let server = tokio::spawn(devnet.run_until_stopped(stop.clone()));
        let auth = config.data_dir.as_deref().map(cookie);
        Self {
            rpc: Rpc {
                url,
                http: reqwest::Client::new(),
                auth,
            },
            api,
            actors,
            genesis,
            stop,
            server,
        }
    }

    /// Stops the devnet and waits until it has shut down cleanly.
    async fn stop(self) {
        self.stop.cancel();
        self.server.await.expect("joins").expect("served");
    }
}

/// A field name and the JSON type check it must pass.
type FieldCheck<'a> = (&'a str, fn(&Value) -> bool);

fn assert_types(value: &Value, fields: &[FieldCheck<'_>]) {
    for (name, is) in fields {
        assert!(
            is(&value[*name]),
            "field {name} has the wrong type in {value}"
        );
    }
}

#[tokio::test]
async fn core_shapes_through_a_send_and_a_block() {
    let config = DevnetConfig {
        stamps: 1,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let actors = node.actors.clone();
    let genesis = node.genesis.clone();

    // Let the genesis allocation mature.
    let miner = actors[0].address().to_string();
    let mined = rpc.call("generatetoaddress", json!([100, miner])).await;
    assert_eq!(mined.as_array().map(Vec::len), Some(100));

    let tip = rpc.call("getbestblockhash", json!([])).await;
    let header = rpc.call("getblockheader", json!([tip, true])).await;
    assert_types(
        &header,
        &[
            ("hash", Value::is_string),
            ("confirmations", Value::is_u64),
            ("height", Value::is_u64),
            ("version", Value::is_i64),
            ("versionHex", Value::is_string),
            ("merkleroot", Value::is_string),
            ("time", Value::is_u64),
            ("mediantime", Value::is_u64),
            ("nonce", Value::is_u64),
            ("bits", Value::is_string),
            ("difficulty", Value::is_f64),
            ("chainwork", Value::is_string),
            ("nTx", Value::is_u64),
            ("previousblockhash", Value::is_string),
        ],
    );
    assert_eq!(header["confirmations"], 1);
    assert!(header.get("nextblockhash").is_none());
    let header_hex = rpc.call("getblockheader", json!([tip, false])).await;
    assert_eq!(header_hex.as_str().map(str::len), Some(160));

    // Actor 1 spends its genesis output to actor 2.
    let coin = OutPoint::new(genesis.compute_txid(), 1);
    let txout = rpc
        .call("gettxout", json!([coin.txid.to_string(), 1]))
        .await;
    assert_types(
        &txout,
        &[
            ("bestblock", Value::is_string),
            ("confirmations", Value::is_u64),
            ("value", Value::is_f64),
            ("scriptPubKey", Value::is_object),
            ("coinbase", Value::is_boolean),
        ],
    );
    assert_eq!(txout["coinbase"], true);
    assert_eq!(txout["scriptPubKey"]["type"], "witness_v0_keyhash");
    assert_eq!(
        txout["scriptPubKey"]["address"],
        actors[1].address().to_string()
    );
    let mut tx = unsigned_spend(
        coin,
        vec![TxOut {
            value: Amount::from_sat(MINIMAL_ALLOCATION.to_sat() - 10_000),
            script_pubkey: actors[2].script_pubkey(),
        }],
    );
    let secp = bitcoin::secp256k1::Secp256k1::new();
    sign_p2wpkh(&secp, &mut tx, &actors[1], MINIMAL_ALLOCATION);
    let hex = serialize_hex(&tx);

    let tested = rpc.call("testmempoolaccept", json!([[hex]])).await;
    assert_eq!(tested[0]["allowed"], true);
    assert_eq!(tested[0]["txid"], tx.compute_txid().to_string());
    assert_eq!(tested[0]["vsize"], tx.vsize());
    assert_eq!(tested[0]["fees"]["base"], 0.0001);

    let txid = rpc.call("sendrawtransaction", json!([hex])).await;
    assert_eq!(txid, tx.compute_txid().to_string());
    let info = rpc.call("getmempoolinfo", json!([])).await;
    assert_eq!(info["size"], 1);
    assert_eq!(info["bytes"], tx.vsize());
    assert_eq!(info["total_fee"], 0.0001);
    let pool = rpc.call("getrawmempool", json!([])).await;
    assert_eq!(pool, json!([txid]));
    let verbose = rpc.call("getrawmempool", json!([true])).await;
    assert_types(
        &verbose[txid.as_str().expect("txid")],
        &[
            ("vsize", Value::is_u64),
            ("weight", Value::is_u64),
            ("time", Value::is_u64),
            ("height", Value::is_u64),
            ("wtxid", Value::is_string),
            ("fees", Value::is_object),
            ("depends", Value::is_array),
            ("spentby", Value::is_array),
            ("bip125-replaceable", Value::is_boolean),
        ],
    );
    // The spent output is gone from the UTXO view that includes the mempool, not from the chain's.
    assert_eq!(
        rpc.call("gettxout", json!([coin.txid.to_string(), 1]))
            .await,
        Value::Null
    );
    assert_ne!(
        rpc.call("gettxout", json!([coin.txid.to_string(), 1, false]))
            .await,
        Value::Null
    );
    let unconfirmed = rpc.call("getrawtransaction", json!([txid, true])).await;
    assert!(unconfirmed.get("blockhash").is_none());
    let fee = rpc.call("estimatesmartfee", json!([2])).await;
    assert_types(
        &fee,
        &[("feerate", Value::is_f64), ("blocks", Value::is_u64)],
    );

    // A double spend and a tampered copy are refused with Core's codes.
    let mut tampered = tx.clone();
    tampered.output[0].value = Amount::from_sat(99_999_999);
    let (code, message) = rpc
        .error("sendrawtransaction", json!([serialize_hex(&tampered)]))
        .await;
    assert_eq!(code, -26);
    assert_eq!(message, "txn-mempool-conflict");
    let (code, _) = rpc.error("sendrawtransaction", json!(["00ff"])).await;
    assert_eq!(code, -22);

    // Mining takes the transaction and pays its fee to the miner.
    let block = rpc
        .call(
            "generatetoaddress",
            json!([1, actors[0].address().to_string()]),
        )
        .await;
    let block = block[0].as_str().expect("hash").to_owned();
    assert_eq!(rpc.call("getmempoolinfo", json!([])).await["size"], 0);
    let full = rpc.call("getblock", json!([block, 2])).await;
    assert_eq!(full["nTx"], 2);
    assert_eq!(full["tx"][1]["txid"], txid);
    assert_eq!(full["tx"][1]["fee"], 0.0001);
    assert_eq!(full["tx"][0]["vout"][0]["value"], 3.1251);
    let confirmed = rpc.call("getrawtransaction", json!([txid, true])).await;
    assert_eq!(confirmed["blockhash"], block);
    assert_eq!(confirmed["confirmations"], 1);
    let (code, message) = rpc.error("sendrawtransaction", json!([hex])).await;
    assert_eq!(
        (code, message.as_str()),
        (-27, "Transaction outputs already in utxo set")
    );

    // Errors and batches as Core has them.
    let (code, _) = rpc.error("nosuchmethod", json!([])).await;
    assert_eq!(code, -32601);
    let (code, _) = rpc.error("getblockheader", json!(["00".repeat(32)])).await;
    assert_eq!(code, -5);
    let batch = rpc
        .raw(json!([
            {"id": 1, "method": "getblockcount", "params": []},
            {"id": 2, "method": "getnetworkinfo", "params": []}
        ]))
        .await;
    // The minimal chain (first block, maturity, one stamp), 100 blocks mined, then one with the send.
    assert_eq!(batch[0]["result"], config.first_height + 101 + 100 + 1);
    assert_types(
        &batch[1]["result"],
        &[
            ("version", Value::is_u64),
            ("subversion", Value::is_string),
            ("protocolversion", Value::is_u64),
            ("relayfee", Value::is_f64),
            ("networks", Value::is_array),
        ],
    );

    node.stop().await;
}

/// A signed P2WPKH spend of `coin` (worth 1 BTC) by `from` to `to`.
fn pay(
    from: &stamps_devnet::keys::Actor,
    coin: OutPoint,
    to: &stamps_devnet::keys::Actor,
) -> Transaction {
    let mut tx = unsigned_spend(
        coin,
        vec![TxOut {
            value: Amount::from_sat(MINIMAL_ALLOCATION.to_sat() - 10_000),
            script_pubkey: to.script_pubkey(),
        }],
    );
    let secp = bitcoin::secp256k1::Secp256k1::new();
    sign_p2wpkh(&secp, &mut tx, from, MINIMAL_ALLOCATION);
    tx
}

#[tokio::test]
async fn reorgs_replace_blocks_and_bring_back_or_conflict_their_transactions() {
    let config = DevnetConfig {
        stamps: 0,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let actors = node.actors.clone();
    let genesis = node.genesis.compute_txid();
    let miner = actors[0].address().to_string();
    rpc.call("generatetoaddress", json!([100, miner])).await;

    // Two payments confirmed in one block, then two more blocks on top.
    let a = pay(&actors[1], OutPoint::new(genesis, 1), &actors[3]);
    let b = pay(&actors[2], OutPoint::new(genesis, 2), &actors[3]);
    rpc.call("sendrawtransaction", json!([serialize_hex(&a)]))
        .await;
    rpc.call("sendrawtransaction", json!([serialize_hex(&b)]))
        .await;
    let confirmed = rpc.call("generatetoaddress", json!([3, miner])).await;
    let old: Vec<String> = serde_json::from_value(confirmed).expect("hashes");
    let block = rpc.call("getblock", json!([old[0], 1])).await;
    let order: Vec<String> = serde_json::from_value(block["tx"].clone()).expect("txids");
    assert_eq!(order.len(), 3, "the coinbase and both payments");
    let tip = rpc
        .call("getblockcount", json!([]))
        .await
        .as_u64()
        .expect("height");

    // invalidateblock takes the blocks off and the payments back into the mempool; reconsiderblock undoes it.
    rpc.call("invalidateblock", json!([old[0]])).await;
    assert_eq!(rpc.call("getblockcount", json!([])).await, tip - 3);
    let pool: Vec<String> =
        serde_json::from_value(rpc.call("getrawmempool", json!([])).await).expect("txids");
    assert_eq!(pool.len(), 2);
    rpc.call("reconsiderblock", json!([old[0]])).await;
    assert_eq!(rpc.call("getblockcount", json!([])).await, tip);
    assert_eq!(rpc.call("getbestblockhash", json!([])).await, old[2]);
    assert_eq!(rpc.call("getmempoolinfo", json!([])).await["size"], 0);

    // A reorg of depth 3 replaces those blocks with a longer branch.
    let branch: Vec<String> =
        serde_json::from_value(rpc.call("reorg", json!([3])).await).expect("hashes");
    assert_eq!(branch.len(), 4);
    assert_eq!(rpc.call("getblockcount", json!([])).await, tip + 1);
    for (i, hash) in old.iter().enumerate() {
        let now = rpc.call("getblockhash", json!([tip - 2 + i as u64])).await;
        assert_ne!(&now, hash, "height {} was replaced", tip - 2 + i as u64);
        let (code, _) = rpc.error("getblockheader", json!([hash])).await;
        assert_eq!(code, -5, "the old block is off the chain");
    }
    // Every second transaction of the replaced blocks (here the block's second payment) was replaced by a
    // conflicting spend of the same coin; the other is confirmed again.
    let (replaced, kept) = if order[1] == a.compute_txid().to_string() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let (code, _) = rpc
        .error(
            "getrawtransaction",
            json!([replaced.compute_txid().to_string(), true]),
        )
        .await;
    assert_eq!(code, -5);
    let again = rpc
        .call(
            "getrawtransaction",
            json!([kept.compute_txid().to_string(), true]),
        )
        .await;
    assert!(branch.contains(&again["blockhash"].as_str().expect("confirmed").to_owned()));
    assert_eq!(
        rpc.call("gettxout", json!([genesis.to_string(), 1])).await,
        Value::Null
    );
    let (code, message) = rpc.error("reorg", json!([100_000])).await;
    assert_eq!(code, -8, "{message}");

    node.stop().await;
}

#[tokio::test]
async fn a_restart_continues_the_same_chain_and_mempool() {
    let dir = std::env::temp_dir().join(format!("stamps-devnet-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = DevnetConfig {
        stamps: 1,
        data_dir: Some(dir.clone()),
        ..DevnetConfig::default()
    };

    let node = Running::start(&config).await;
    let (rpc, actors) = (&node.rpc, &node.actors);
    // With a data directory, JSON-RPC wants the cookie's credentials, as Core does.
    let anonymous = reqwest::Client::new()
        .post(&rpc.url)
        .json(&json!({"id": 1, "method": "getblockcount"}))
        .send()
        .await
        .expect("up");
    assert_eq!(anonymous.status(), 401);
    let wrong = ("__cookie__".to_owned(), "nope".to_owned());
    let refused = rpc
        .raw_as(json!({"id": 1, "method": "getblockcount"}), Some(&wrong))
        .await;
    assert_eq!(refused, Value::Null, "a wrong password gets a 401");
    rpc.call(
        "generatetoaddress",
        json!([101, actors[0].address().to_string()]),
    )
    .await;
    let tx = pay(
        &actors[1],
        OutPoint::new(node.genesis.compute_txid(), 1),
        &actors[2],
    );
    rpc.call("sendrawtransaction", json!([serialize_hex(&tx)]))
        .await;
    let tip = rpc.call("getbestblockhash", json!([])).await;
    node.stop().await;

    let node = Running::start(&config).await;
    assert_eq!(
        node.rpc.call("getbestblockhash", json!([])).await,
        tip,
        "the chain continues"
    );
    assert_eq!(
        node.rpc.call("getrawmempool", json!([])).await,
        json!([tx.compute_txid().to_string()])
    );
    node.stop().await;

    // Another seed's devnet refuses the directory; --fresh starts over.
    let other = DevnetConfig {
        seed: 99,
        ..config.clone()
    };
    let err = stamps_devnet::build(&other).await.err().expect("refused");
    assert!(err.to_string().contains("--fresh"), "{err}");
    let first = config.first_height;
    let node = Running::start(&DevnetConfig {
        fresh: true,
        ..config
    })
    .await;
    // The minimal scenario's chain: its first block, 100 blocks of coinbase maturity, one stamp.
    assert_eq!(node.rpc.call("getblockcount", json!([])).await, first + 101);
    assert_eq!(node.rpc.call("getmempoolinfo", json!([])).await["size"], 0);
    node.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn rest_serves_blocks_headers_and_chain_info_like_core() {
    let config = DevnetConfig {
        stamps: 2,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let base = rpc.url.clone();
    let get = |path: String| {
        let http = rpc.http.clone();
        let url = format!("{base}{path}");
        async move { http.get(url).send().await.expect("reachable") }
    };

    let first = rpc.call("getblockhash", json!([config.first_height])).await;
    let first = first.as_str().expect("hash").to_owned();
    let tip = rpc.call("getbestblockhash", json!([])).await;
    let tip = tip.as_str().expect("hash").to_owned();
    let raw = get(format!("/rest/block/{tip}.bin")).await;
    assert_eq!(raw.headers()["content-type"], "application/octet-stream");
    let bytes = raw.bytes().await.expect("body");
    let hex_block = rpc.call("getblock", json!([tip, 0])).await;
    assert_eq!(hex::encode(&bytes), hex_block.as_str().expect("hex"));
    let as_hex = get(format!("/rest/block/{tip}.hex"))
        .await
        .text()
        .await
        .expect("text");
    assert_eq!(as_hex.trim(), hex_block.as_str().expect("hex"));
    let as_json: Value = get(format!("/rest/block/{tip}.json"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(as_json["hash"], tip);
    assert!(as_json["tx"][0].is_object(), "transactions in full");

    let headers = get(format!("/rest/headers/5/{first}.bin"))
        .await
        .bytes()
        .await
        .expect("body");
    assert_eq!(
        headers.len(),
        5 * 80,
        "five headers from the first block on"
    );
    let parsed: bitcoin::block::Header =
        bitcoin::consensus::deserialize(&headers[..80]).expect("header");
    assert_eq!(parsed.block_hash().to_string(), first);
    // A request past the tip gets the headers up to the tip.
    let height = rpc
        .call("getblockcount", json!([]))
        .await
        .as_u64()
        .expect("height");
    let parent = rpc.call("getblockhash", json!([height - 1])).await;
    let near_tip = get(format!(
        "/rest/headers/5/{}.bin",
        parent.as_str().expect("hash")
    ))
    .await
    .bytes()
    .await
    .expect("body");
    assert_eq!(near_tip.len(), 2 * 80, "the tip's parent and the tip");
    // Core 24's query form answers the same, with 5 headers when no count is given.
    let query_form = get(format!("/rest/headers/{first}.bin?count=5"))
        .await
        .bytes()
        .await
        .expect("body");
    assert_eq!(query_form, headers);
    let default_count = get(format!("/rest/headers/{first}.hex"))
        .await
        .text()
        .await
        .expect("body");
    assert_eq!(default_count.trim(), hex::encode(&headers));

    let info: Value = get("/rest/chaininfo.json".into())
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(info, rpc.call("getblockchaininfo", json!([])).await);

    let bad = get("/rest/block/nothex.bin".into()).await;
    assert_eq!(bad.status(), 400);
    let missing = get(format!("/rest/block/{}.bin", "00".repeat(32))).await;
    assert_eq!(missing.status(), 404);
    let bad_count = get(format!("/rest/headers/0/{first}.bin")).await;
    assert_eq!(bad_count.status(), 400);
    let bad_query = get(format!("/rest/headers/{first}.bin?count=2001")).await;
    assert_eq!(bad_query.status(), 400);

    node.stop().await;
}

#[tokio::test]
async fn mempool_style_api_serves_fees_utxos_broadcast_and_prices() {
    let config = DevnetConfig {
        stamps: 0,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let actors = node.actors.clone();
    let genesis = node.genesis.compute_txid();
    let api = node.api.clone();
    let http = reqwest::Client::new();
    rpc.call(
        "generatetoaddress",
        json!([100, actors[0].address().to_string()]),
    )
    .await;

    let height = http
        .get(format!("{api}/api/blocks/tip/height"))
        .send()
        .await
        .expect("up")
        .text()
        .await
        .expect("text");
    assert_eq!(height, (config.first_height + 100).to_string());
    let fees: Value = http
        .get(format!("{api}/api/v1/fees/recommended"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    for key in [
        "fastestFee",
        "halfHourFee",
        "hourFee",
        "economyFee",
        "minimumFee",
    ] {
        assert_eq!(fees[key], 1, "an empty mempool asks the minimum: {fees}");
    }
    let precise: Value = http
        .get(format!("{api}/api/v1/fees/precise"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert_eq!(precise["fastestFee"], 1.0);

    let alice = actors[1].address().to_string();
    let utxos: Value = http
        .get(format!("{api}/api/address/{alice}/utxo"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert_eq!(utxos.as_array().map(Vec::len), Some(1));
    assert_eq!(utxos[0]["txid"], genesis.to_string());
    assert_eq!(utxos[0]["vout"], 1);
    assert_eq!(utxos[0]["value"], MINIMAL_ALLOCATION.to_sat());
    assert_eq!(utxos[0]["status"]["confirmed"], true);
    assert_eq!(utxos[0]["status"]["block_height"], config.first_height);

    // Broadcasting moves the coin: the payer's UTXO is gone, the payee has an unconfirmed one.
    let tx = pay(&actors[1], OutPoint::new(genesis, 1), &actors[2]);
    let txid = http
        .post(format!("{api}/api/tx"))
        .body(serialize_hex(&tx))
        .send()
        .await
        .expect("up")
        .text()
        .await
        .expect("text");
    assert_eq!(txid, tx.compute_txid().to_string());
    let refused = http
        .post(format!("{api}/api/tx"))
        .body(serialize_hex(&tx)[2..].to_owned())
        .send()
        .await
        .expect("up");
    assert_eq!(refused.status(), 400);
    assert!(
        refused
            .text()
            .await
            .expect("text")
            .starts_with("sendrawtransaction RPC error")
    );
    let utxos: Value = http
        .get(format!("{api}/api/address/{alice}/utxo"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert_eq!(utxos, json!([]));
    let bob = actors[2].address().to_string();
    let utxos: Value = http
        .get(format!("{api}/api/address/{bob}/utxo"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert!(
        utxos
            .as_array()
            .expect("list")
            .iter()
            .any(|u| u["txid"] == txid && u["status"]["confirmed"] == false)
    );
    let hex = http
        .get(format!("{api}/api/tx/{txid}/hex"))
        .send()
        .await
        .expect("up")
        .text()
        .await
        .expect("text");
    assert_eq!(hex, serialize_hex(&tx));
    let missing = http
        .get(format!("{api}/api/tx/{}/hex", "00".repeat(32)))
        .send()
        .await
        .expect("up");
    assert_eq!(missing.status(), 404);

    let prices: Value = http
        .get(format!("{api}/api/v1/prices"))
        .send()
        .await
        .expect("up")
        .json()
        .await
        .expect("json");
    assert!(prices["time"].is_u64());
    for currency in ["USD", "EUR", "GBP", "JPY", "CNY", "CAD", "AUD"] {
        assert!(
            prices[currency].as_u64().is_some_and(|p| p > 0),
            "{currency} in {prices}"
        );
    }

    node.stop().await;
}

#[tokio::test]
async fn wallet_signs_actor_psbts_and_scantxoutset_finds_coins() {
    use base64::Engine;
    let config = DevnetConfig {
        stamps: 0,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let actors = node.actors.clone();
    let genesis = node.genesis.clone();
    rpc.call(
        "generatetoaddress",
        json!([100, actors[0].address().to_string()]),
    )
    .await;

    let desc = format!("addr({})", actors[3].address());
    let scan = rpc.call("scantxoutset", json!(["start", [desc]])).await;
    assert_eq!(scan["success"], true);
    assert_eq!(scan["txouts"], 1);
    assert_eq!(
        scan["unspents"][0]["txid"],
        genesis.compute_txid().to_string()
    );
    assert_eq!(scan["unspents"][0]["vout"], 3);
    assert_eq!(scan["unspents"][0]["amount"], 0.75);
    assert_eq!(scan["unspents"][0]["coinbase"], true);
    assert_eq!(scan["total_amount"], 0.75);
    let (code, _) = rpc
        .error("scantxoutset", json!(["start", ["pkh(nonsense)"]]))
        .await;
    assert_eq!(code, -8);

    // An unsigned spend of actor 3's coin, as a PSBT with the spent output.
    let unsigned = unsigned_spend(
        OutPoint::new(genesis.compute_txid(), 3),
        vec![TxOut {
            value: Amount::from_sat(MINIMAL_ALLOCATION.to_sat() - 5_000),
            script_pubkey: actors[1].script_pubkey(),
        }],
    );
    let mut psbt = bitcoin::Psbt::from_unsigned_tx(unsigned.clone()).expect("psbt");
    psbt.inputs[0].witness_utxo = Some(genesis.output[3].clone());
    let encoded = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
    let processed = rpc.call("walletprocesspsbt", json!([encoded])).await;
    assert_eq!(processed["complete"], true);
    let hex = processed["hex"]
        .as_str()
        .expect("final transaction")
        .to_owned();
    let txid = rpc.call("sendrawtransaction", json!([hex])).await;
    assert_eq!(txid, unsigned.compute_txid().to_string());

    // Without the spent output's owner among the actors, nothing is signed.
    let mut foreign = bitcoin::Psbt::from_unsigned_tx(unsigned).expect("psbt");
    foreign.inputs[0].witness_utxo = Some(TxOut {
        value: Amount::from_sat(100_000_000),
        script_pubkey: ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([7; 20])),
    });
    let encoded = base64::engine::general_purpose::STANDARD.encode(foreign.serialize());
    let processed = rpc.call("walletprocesspsbt", json!([encoded])).await;
    assert_eq!(processed["complete"], false);
    assert!(processed.get("hex").is_none());
    let (code, _) = rpc.error("walletprocesspsbt", json!(["not a psbt"])).await;
    assert_eq!(code, -22);

    node.stop().await;
}

#[tokio::test]
async fn waitfornewblock_returns_at_the_next_block_or_the_timeout() {
    let config = DevnetConfig {
        stamps: 0,
        ..DevnetConfig::default()
    };
    let node = Running::start(&config).await;
    let rpc = &node.rpc;
    let tip = rpc.call("getbestblockhash", json!([])).await;
    let started = std::time::Instant::now();
    let same = rpc.call("waitfornewblock", json!([150])).await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(150));
    assert_eq!(same["hash"], tip);
    assert_eq!(same["height"], config.first_height);

    let waiter = {
        let rpc = Rpc {
            url: rpc.url.clone(),
            http: rpc.http.clone(),
            auth: rpc.auth.clone(),
        };
        tokio::spawn(async move { rpc.call("waitfornewblock", json!([10_000])).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let miner = node.actors[0].address().to_string();
    let mined = rpc.call("generatetoaddress", json!([1, miner])).await;
    let started = std::time::Instant::now();
    let new = waiter.await.expect("waiter");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "woken by the block"
    );
    assert_eq!(new["hash"], mined[0]);
    assert_eq!(new["height"], config.first_height + 1);

    // waitforblockheight returns at once for a height already reached, else at the timeout.
    let reached = rpc
        .call(
            "waitforblockheight",
            json!([config.first_height + 1, 5_000]),
        )
        .await;
    assert_eq!(reached["hash"], mined[0]);
    let started = std::time::Instant::now();
    let not_yet = rpc
        .call("waitforblockheight", json!([config.first_height + 5, 120]))
        .await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(120));
    assert_eq!(not_yet["height"], config.first_height + 1);
    let (code, _) = rpc.error("waitforblockheight", json!(["soon"])).await;
    assert_eq!(code, -8);
    node.stop().await;
}
