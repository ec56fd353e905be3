//! Bitcoin Core's JSON-RPC over the devnet's chain: single and batch requests, Core's error objects.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use bitcoin::consensus::encode::serialize_hex;
use bitcoin::{Address, Amount, BlockHash, TxOut, Txid};
use serde_json::{Value, json};
use stamps_platform::shutdown::Shutdown;
use tokio::net::TcpListener;
use tokio::sync::RwLock;

use crate::chain::Chain;
use crate::config::DevnetConfig;
use crate::scenario::{self, Scenario};

/// Core's error codes used here.
mod code {
    pub const INVALID_PARAMETER: i64 = -8;
    pub const INVALID_ADDRESS_OR_KEY: i64 = -5;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const PARSE_ERROR: i64 = -32700;
}

type RpcResult = Result<Value, (i64, String)>;

/// The running devnet's shared chain.
#[derive(Clone)]
struct Node {
    chain: Arc<RwLock<Chain>>,
}

/// A built devnet: the scenario's chain and the bound RPC port.
pub struct Devnet {
    node: Node,
    listener: TcpListener,
    config: DevnetConfig,
    /// What the scenario created.
    pub scenario: Scenario,
}

/// Generates the scenario and binds the RPC port.
pub async fn build(config: &DevnetConfig) -> std::io::Result<Devnet> {
    let scenario = scenario::generate(config);
    tracing::info!(
        first_height = scenario.chain.first_height(),
        tip = scenario.chain.tip_height(),
        stamps = scenario.stamps.len(),
        "devnet scenario generated"
    );
    let listener = TcpListener::bind(&config.rpc_listen).await?;
    let node = Node {
        chain: Arc::new(RwLock::new(scenario.chain.clone())),
    };
    Ok(Devnet {
        node,
        listener,
        config: config.clone(),
        scenario,
    })
}

impl Devnet {
    /// The bound RPC address.
    pub fn rpc_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves RPC (and mines on the configured interval) until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> std::io::Result<()> {
        tracing::info!(addr = %self.rpc_addr()?, "devnet JSON-RPC listening");
        if self.config.block_interval_secs > 0 {
            let node = self.node.clone();
            let every = std::time::Duration::from_secs(self.config.block_interval_secs);
            let payee = self
                .scenario
                .actors
                .first()
                .map(|a| a.script_pubkey())
                .unwrap_or_default();
            let stop = shutdown.clone();
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        _ = stop.cancelled() => break,
                        _ = tokio::time::sleep(every) => {}
                    }
                    let mut chain = node.chain.write().await;
                    let hash = chain.mine(
                        vec![TxOut {
                            value: Amount::from_sat(312_500_000),
                            script_pubkey: payee.clone(),
                        }],
                        Vec::new(),
                    );
                    tracing::info!(height = chain.tip_height(), %hash, "devnet mined a block");
                }
            });
        }
        let app = Router::new().route("/", post(handle)).with_state(self.node);
        axum::serve(self.listener, app)
            .with_graceful_shutdown(shutdown.cancelled_owned())
            .await
    }
}

async fn handle(State(node): State<Node>, body: axum::body::Bytes) -> Json<Value> {
    let request: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return Json(error_reply(
                Value::Null,
                code::PARSE_ERROR,
                &format!("Parse error: {e}"),
            ));
        }
    };
    match request {
        Value::Array(calls) => {
            let mut replies = Vec::with_capacity(calls.len());
            for call in calls {
                replies.push(one(&node, call).await);
            }
            Json(Value::Array(replies))
        }
        call => Json(one(&node, call).await),
    }
}

fn error_reply(id: Value, code: i64, message: &str) -> Value {
    json!({"result": null, "error": {"code": code, "message": message}, "id": id})
}

async fn one(node: &Node, call: Value) -> Value {
    let id = call.get("id").cloned().unwrap_or(Value::Null);
    let Some(method) = call.get("method").and_then(Value::as_str) else {
        return error_reply(id, code::INVALID_REQUEST, "Missing method");
    };
    let params = call
        .get("params")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    match dispatch(node, method, &params).await {
        Ok(result) => json!({"result": result, "error": null, "id": id}),
        Err((code, message)) => error_reply(id, code, &message),
    }
}

fn param_u64(params: &[Value], i: usize, name: &str) -> Result<u64, (i64, String)> {
    params.get(i).and_then(Value::as_u64).ok_or((
        code::INVALID_PARAMETER,
        format!("{name} must be a non-negative integer"),
    ))
}

fn param_hash<T: std::str::FromStr>(
    params: &[Value],
    i: usize,
    name: &str,
) -> Result<T, (i64, String)> {
    params
        .get(i)
        .and_then(Value::as_str)
        .and_then(|s| s.parse().ok())
        .ok_or((
            code::INVALID_PARAMETER,
            format!("{name} must be of length 64 (not hex)"),
        ))
}

async fn dispatch(node: &Node, method: &str, params: &[Value]) -> RpcResult {
    match method {
        "getblockcount" => Ok(json!(node.chain.read().await.tip_height())),
        "getbestblockhash" => Ok(json!(node.chain.read().await.tip_hash().to_string())),
        "getblockchaininfo" => {
            let chain = node.chain.read().await;
            let tip = chain.block_at(chain.tip_height());
            Ok(json!({
                "chain": "regtest",
                "blocks": chain.tip_height(),
                "headers": chain.tip_height(),
                "bestblockhash": chain.tip_hash().to_string(),
                "difficulty": 4.656542373906925e-10,
                "time": tip.map_or(0, |b| b.header.time),
                "mediantime": tip.map_or(0, |b| b.header.time),
                "verificationprogress": 1,
                "initialblockdownload": false,
                "chainwork": format!("{:064x}", chain.tip_height() - chain.first_height() + 1),
                "size_on_disk": 0,
                "pruned": false,
                "warnings": []
            }))
        }
        "getblockhash" => {
            let height = param_u64(params, 0, "height")?;
            let chain = node.chain.read().await;
            chain
                .block_at(height)
                .map(|b| json!(b.block_hash().to_string()))
                .ok_or((code::INVALID_PARAMETER, "Block height out of range".into()))
        }
        "getblock" => {
            let hash: BlockHash = param_hash(params, 0, "blockhash")?;
            let verbosity = params.get(1).and_then(Value::as_u64).unwrap_or(1);
            let chain = node.chain.read().await;
            let (block, height) = chain
                .block(&hash)
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Block not found".into()))?;
            match verbosity {
                0 => Ok(json!(serialize_hex(block))),
                1 => Ok(block_json(&chain, block, height)),
                _ => Err((code::INVALID_PARAMETER, "Verbosity must be 0 or 1".into())),
            }
        }
        "getrawtransaction" => {
            let txid: Txid = param_hash(params, 0, "txid")?;
            let verbose = params
                .get(1)
                .is_some_and(|v| v.as_bool() == Some(true) || v.as_u64().is_some_and(|n| n > 0));
            let chain = node.chain.read().await;
            let (tx, block_hash, height) = chain.transaction(&txid).ok_or((
                code::INVALID_ADDRESS_OR_KEY,
                "No such mempool or blockchain transaction. Use gettransaction for wallet transactions.".into(),
            ))?;
            if !verbose {
                return Ok(json!(serialize_hex(tx)));
            }
            Ok(json!({
                "txid": txid.to_string(),
                "hash": tx.compute_wtxid().to_string(),
                "hex": serialize_hex(tx),
                "size": tx.total_size(),
                "vsize": tx.vsize(),
                "weight": tx.weight().to_wu(),
                "version": tx.version.0,
                "locktime": tx.lock_time.to_consensus_u32(),
                "blockhash": block_hash.to_string(),
                "confirmations": chain.tip_height() - height + 1,
                "vout": tx.output.iter().enumerate().map(|(n, o)| json!({
                    "value": o.value.to_btc(),
                    "n": n,
                    "scriptPubKey": {"hex": o.script_pubkey.to_hex_string()}
                })).collect::<Vec<_>>()
            }))
        }
        "generatetoaddress" => {
            let count = param_u64(params, 0, "nblocks")?;
            let address: Address<bitcoin::address::NetworkUnchecked> = params
                .get(1)
                .and_then(Value::as_str)
                .and_then(|s| s.parse().ok())
                .ok_or((
                    code::INVALID_ADDRESS_OR_KEY,
                    "Error: Invalid address".into(),
                ))?;
            let script = address.assume_checked().script_pubkey();
            let mut chain = node.chain.write().await;
            let hashes: Vec<String> = (0..count.min(1000))
                .map(|_| {
                    let out = TxOut {
                        value: Amount::from_sat(312_500_000),
                        script_pubkey: script.clone(),
                    };
                    chain.mine(vec![out], Vec::new()).to_string()
                })
                .collect();
            Ok(json!(hashes))
        }
        other => Err((code::METHOD_NOT_FOUND, format!("Method not found: {other}"))),
    }
}

fn block_json(chain: &Chain, block: &bitcoin::Block, height: u64) -> Value {
    let next = chain
        .block_at(height + 1)
        .map(|b| b.block_hash().to_string());
    let mut v = json!({
        "hash": block.block_hash().to_string(),
        "confirmations": chain.tip_height() - height + 1,
        "height": height,
        "version": block.header.version.to_consensus(),
        "versionHex": format!("{:08x}", block.header.version.to_consensus()),
        "merkleroot": block.header.merkle_root.to_string(),
        "time": block.header.time,
        "mediantime": block.header.time,
        "nonce": block.header.nonce,
        "bits": format!("{:08x}", block.header.bits.to_consensus()),
        "difficulty": 4.656542373906925e-10,
        "nTx": block.txdata.len(),
        "size": block.total_size(),
        "strippedsize": (block.weight().to_wu() as usize - block.total_size()) / 3,
        "weight": block.weight().to_wu(),
        "tx": block.txdata.iter().map(|t| t.compute_txid().to_string()).collect::<Vec<_>>(),
    });
    if height > chain.first_height() {
        v["previousblockhash"] = json!(block.header.prev_blockhash.to_string());
    }
    if let Some(next) = next {
        v["nextblockhash"] = json!(next);
    }
    v
}
