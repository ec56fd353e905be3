//! Bitcoin Core's JSON-RPC over the devnet's chain and mempool: single and batch requests, Core's result shapes
//! and error objects.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::Path;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bitcoin::consensus::encode::{deserialize_hex, serialize_hex};
use bitcoin::secp256k1::{Secp256k1, VerifyOnly};
use bitcoin::{Address, Amount, BlockHash, OutPoint, ScriptBuf, Transaction, TxOut, Txid};
use serde_json::{Value, json};
use stamps_platform::shutdown::Shutdown;
use tokio::net::TcpListener;
use tokio::sync::RwLock;

use crate::chain::{self, Chain};
use crate::config::DevnetConfig;
use crate::mempool::Mempool;
use crate::scenario::{self, Scenario};
use crate::store::{self, BlockFile};
use crate::validate::Reject;

/// Core's error codes used here.
mod code {
    pub const INVALID_PARAMETER: i64 = -8;
    pub const INVALID_ADDRESS_OR_KEY: i64 = -5;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const DESERIALIZATION_ERROR: i64 = -22;
    pub const TYPE_ERROR: i64 = -3;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const PARSE_ERROR: i64 = -32700;
}

type RpcResult = Result<Value, (i64, String)>;

/// Blocks are filled up to this many virtual bytes (Core's default block weight limit, minus the coinbase).
const MAX_BLOCK_VSIZE: u64 = 998_000;

/// The chain and the mempool, changed together under one lock.
pub(crate) struct NodeState {
    pub(crate) chain: Chain,
    pub(crate) mempool: Mempool,
    /// Blocks taken off the chain by `invalidateblock`, oldest first, kept for `reconsiderblock`.
    invalidated: Vec<bitcoin::Block>,
    /// The actors, whose keys sign the devnet's own transactions.
    actors: Vec<crate::keys::Actor>,
    /// Where mined blocks pay.
    payee: ScriptBuf,
    /// The data directory's block file, when the chain is persisted.
    store: Option<BlockFile>,
}

impl NodeState {
    /// Mines one block paying `payee` the subsidy and the fees of the mempool transactions it takes.
    fn mine(&mut self, payee: &ScriptBuf) -> BlockHash {
        let (txs, fees) = self.mempool.select(MAX_BLOCK_VSIZE);
        let reward = chain::subsidy(self.chain.next_height()) + Amount::from_sat(fees);
        let hash = self.chain.mine(
            vec![TxOut {
                value: reward,
                script_pubkey: payee.clone(),
            }],
            txs,
        );
        if let Some((block, _)) = self.chain.block(&hash) {
            let block = block.clone();
            self.mempool.remove_for_block(&block);
            self.persist(Some(&block));
        }
        hash
    }

    /// Brings the block file in line with the chain: cut back to its length, then append `block` if given.
    fn persist(&mut self, block: Option<&bitcoin::Block>) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let result = match block {
            Some(b) => store.append(b),
            None => store.truncate(self.chain.len()),
        };
        if let Err(e) = result {
            tracing::error!(error = %e, "cannot write the devnet's block file");
        }
    }
}

impl NodeState {
    /// Disconnects `hash` and every block after it (Core's `invalidateblock`); their transactions go back to
    /// the mempool when they are still valid. `None` when the block is not on the chain.
    fn invalidate(&mut self, hash: &BlockHash, secp: &Secp256k1<VerifyOnly>) -> Option<()> {
        let (_, height) = self.chain.block(hash)?;
        let mut disconnected = Vec::new();
        while self.chain.tip_height() >= height && !self.chain.is_empty() {
            match self.chain.disconnect_tip() {
                Some(block) => disconnected.push(block),
                None => break,
            }
        }
        self.invalidated.extend(disconnected.iter().rev().cloned());
        self.persist(None);
        // Oldest first, so parents re-enter before their children; coinbases never return.
        for block in disconnected.iter().rev() {
            for tx in block.txdata.iter().skip(1) {
                if let Err(e) = self.mempool.accept(secp, tx.clone(), &self.chain, now()) {
                    tracing::debug!(txid = %tx.compute_txid(), error = %e, "a disconnected transaction did not return to the mempool");
                }
            }
        }
        tracing::info!(
            from = height,
            blocks = disconnected.len(),
            "devnet invalidated blocks"
        );
        Some(())
    }

    /// Replaces the last `depth` blocks with a longer branch of `depth + 1` blocks: the old blocks' transactions
    /// return to the mempool, every second one that an actor signed is replaced by a conflicting spend of the
    /// same coin (the actor paying itself a higher fee), and the new blocks confirm what the mempool then holds.
    /// Returns the hashes of the new branch.
    fn reorg(
        &mut self,
        depth: u64,
        secp: &Secp256k1<VerifyOnly>,
    ) -> Result<Vec<BlockHash>, String> {
        let span = self.chain.len() as u64;
        if depth == 0 || depth >= span {
            return Err(format!(
                "reorg depth must be between 1 and {}",
                span.saturating_sub(1)
            ));
        }
        let fork = self.chain.tip_height() + 1 - depth;
        let first = self
            .chain
            .block_at(fork)
            .map(bitcoin::Block::block_hash)
            .ok_or("no block at the fork height")?;
        let old: Vec<Transaction> = (fork..=self.chain.tip_height())
            .filter_map(|h| self.chain.block_at(h))
            .flat_map(|b| b.txdata.iter().skip(1).cloned())
            .collect();
        self.invalidate(&first, secp)
            .ok_or("the fork block vanished")?;
        self.invalidated.clear();
        let signer = Secp256k1::signing_only();
        let mut replaced = 0usize;
        for (i, tx) in old.iter().enumerate() {
            if i % 2 == 1 {
                continue;
            }
            let Some(conflict) = self.conflicting_spend(tx, &signer) else {
                continue;
            };
            self.mempool.evict(&tx.compute_txid());
            match self.mempool.accept(secp, conflict, &self.chain, now()) {
                Ok(_) => replaced += 1,
                Err(e) => tracing::warn!(error = %e, "a conflicting transaction was refused"),
            }
        }
        let payee = self.payee.clone();
        let hashes = (0..=depth).map(|_| self.mine(&payee)).collect();
        tracing::info!(depth, replaced, "devnet reorganised its chain");
        Ok(hashes)
    }

    /// A spend of `tx`'s first input by the actor that owns it, paying the actor back with a larger fee.
    fn conflicting_spend(
        &self,
        tx: &Transaction,
        signer: &Secp256k1<bitcoin::secp256k1::SignOnly>,
    ) -> Option<Transaction> {
        let input = tx.input.first()?;
        let coin = self.chain.coin(&input.previous_output)?;
        let actor = self
            .actors
            .iter()
            .find(|a| a.script_pubkey() == coin.output.script_pubkey)?;
        let fee = 5_000u64;
        let value = coin
            .output
            .value
            .to_sat()
            .checked_sub(fee)
            .filter(|v| *v >= 546)?;
        let mut conflict = Transaction {
            version: bitcoin::transaction::Version::TWO,
            lock_time: bitcoin::absolute::LockTime::ZERO,
            input: vec![bitcoin::TxIn {
                previous_output: input.previous_output,
                script_sig: ScriptBuf::new(),
                sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
                witness: bitcoin::Witness::new(),
            }],
            output: vec![TxOut {
                value: Amount::from_sat(value),
                script_pubkey: actor.script_pubkey(),
            }],
        };
        scenario::sign_p2wpkh(signer, &mut conflict, actor, coin.output.value);
        Some(conflict)
    }

    /// Reconnects invalidated blocks from `hash` on (Core's `reconsiderblock`), when they still extend the
    /// tip. `None` when `hash` was not invalidated.
    fn reconsider(&mut self, hash: &BlockHash) -> Option<()> {
        let start = self
            .invalidated
            .iter()
            .position(|b| b.block_hash() == *hash)?;
        let blocks: Vec<bitcoin::Block> = self.invalidated.drain(start..).collect();
        for block in blocks {
            if block.header.prev_blockhash != self.chain.tip_hash() {
                // Another branch grew meanwhile; like Core, keep the longer chain (this one is not).
                self.invalidated.push(block);
                continue;
            }
            self.mempool.remove_for_block(&block);
            self.persist(Some(&block));
            self.chain.reconnect(block);
        }
        Some(())
    }
}

/// The running devnet's shared state.
#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) state: Arc<RwLock<NodeState>>,
    pub(crate) secp: Arc<Secp256k1<VerifyOnly>>,
    /// The `Authorization` header value JSON-RPC requires (`Basic ...`), when credentials are set.
    auth: Option<Arc<str>>,
}

/// The JSON-RPC credentials: configured ones, else a fresh cookie written to the data directory as Core writes
/// `.cookie` (`__cookie__:<random hex>`), else none.
fn credentials(config: &DevnetConfig) -> std::io::Result<Option<(String, String)>> {
    if let (Some(user), Some(password)) = (&config.rpc_user, &config.rpc_password) {
        return Ok(Some((user.clone(), password.clone())));
    }
    let Some(dir) = &config.data_dir else {
        return Ok(None);
    };
    let secret: [u8; 32] = bitcoin::secp256k1::rand::random();
    let password = hex::encode(secret);
    std::fs::create_dir_all(dir)?;
    let path = dir.join(".cookie");
    let tmp = dir.join(".cookie.tmp");
    std::fs::write(&tmp, format!("__cookie__:{password}"))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
    }
    std::fs::rename(tmp, &path)?;
    tracing::info!(cookie = %path.display(), "devnet JSON-RPC requires the cookie's credentials");
    Ok(Some(("__cookie__".into(), password)))
}

/// A built devnet: the scenario's chain and the bound RPC port.
pub struct Devnet {
    node: Node,
    listener: TcpListener,
    api_listener: TcpListener,
    config: DevnetConfig,
    /// What the scenario created.
    pub scenario: Scenario,
}

/// Generates the scenario (or, with a data directory, continues the chain stored there) and binds the RPC port.
pub async fn build(config: &DevnetConfig) -> std::io::Result<Devnet> {
    let scenario = scenario::generate(config);
    tracing::info!(
        first_height = scenario.chain.first_height(),
        tip = scenario.chain.tip_height(),
        stamps = scenario.stamps.len(),
        "devnet scenario generated"
    );
    let (chain, store) = match &config.data_dir {
        None => (scenario.chain.clone(), None),
        Some(dir) => open_store(dir, config.fresh, &scenario.chain)?,
    };
    let secp = Arc::new(Secp256k1::verification_only());
    let mut mempool = Mempool::default();
    if let Some(dir) = &config.data_dir {
        for tx in store::load_mempool(dir)? {
            if let Err(e) = mempool.accept(&secp, tx, &chain, now()) {
                tracing::debug!(error = %e, "a saved mempool transaction is no longer valid");
            }
        }
        tracing::info!(tip = chain.tip_height(), mempool = mempool.len(), dir = %dir.display(), "devnet chain loaded");
    }
    // Credentials exist before the port opens, so a client that waits for the port finds the cookie.
    let auth = credentials(config)?.map(|(user, password)| {
        use base64::Engine;
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        Arc::<str>::from(format!("Basic {token}"))
    });
    let listener = TcpListener::bind(&config.rpc_listen).await?;
    let api_listener = TcpListener::bind(&config.api_listen).await?;
    let node = Node {
        state: Arc::new(RwLock::new(NodeState {
            chain,
            mempool,
            invalidated: Vec::new(),
            actors: scenario.actors.clone(),
            payee: scenario
                .actors
                .first()
                .map(crate::keys::Actor::script_pubkey)
                .unwrap_or_default(),
            store,
        })),
        secp,
        auth,
    };
    Ok(Devnet {
        node,
        listener,
        api_listener,
        config: config.clone(),
        scenario,
    })
}

/// The chain kept in `dir`: the stored one when it grew from this scenario's first block, else (empty
/// directory, or `fresh`) the scenario's, written there.
fn open_store(
    dir: &std::path::Path,
    fresh: bool,
    scenario: &Chain,
) -> std::io::Result<(Chain, Option<BlockFile>)> {
    if fresh {
        store::wipe(dir)?;
    }
    let (mut file, stored) = BlockFile::open(dir)?;
    if stored.is_empty() {
        for block in scenario.blocks() {
            file.append(block)?;
        }
        return Ok((scenario.clone(), Some(file)));
    }
    let same_start = stored.first().map(bitcoin::Block::block_hash)
        == scenario.blocks().first().map(bitcoin::Block::block_hash);
    if !same_start {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{} holds another devnet's chain (different seed or first height): start with --fresh to replace it",
                dir.display()
            ),
        ));
    }
    Ok((
        Chain::from_blocks(scenario.first_height(), stored),
        Some(file),
    ))
}

impl Devnet {
    /// The bound RPC address.
    pub fn rpc_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The bound address of the mempool-style HTTP API.
    pub fn api_addr(&self) -> std::io::Result<SocketAddr> {
        self.api_listener.local_addr()
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
                    let mut state = node.state.write().await;
                    let hash = state.mine(&payee);
                    tracing::info!(height = state.chain.tip_height(), %hash, "devnet mined a block");
                }
            });
        }
        tracing::info!(addr = %self.api_addr()?, "devnet mempool-style API listening");
        let state_for_save = self.node.state.clone();
        let api_router = crate::api::router(self.node.clone());
        let app = Router::new()
            .route("/", post(handle))
            .route("/rest/block/{file}", get(rest_block))
            .route("/rest/headers/{count}/{file}", get(rest_headers))
            .route("/rest/chaininfo.json", get(rest_chaininfo))
            .with_state(self.node);
        let api = axum::serve(self.api_listener, api_router)
            .with_graceful_shutdown(shutdown.clone().cancelled_owned());
        let rpc =
            axum::serve(self.listener, app).with_graceful_shutdown(shutdown.cancelled_owned());
        let (rpc, api) = tokio::join!(rpc, api);
        rpc?;
        api?;
        if let Some(dir) = &self.config.data_dir {
            let state = state_for_save.read().await;
            let (txs, _) = state.mempool.select(u64::MAX);
            store::save_mempool(dir, &txs)?;
            tracing::info!(mempool = txs.len(), "devnet mempool saved");
        }
        Ok(())
    }
}

async fn handle(
    State(node): State<Node>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(expected) = &node.auth {
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        if given != Some(&**expected) {
            // Core answers an unauthorised request with an empty 401.
            return (
                StatusCode::UNAUTHORIZED,
                [(header::WWW_AUTHENTICATE, "Basic realm=\"jsonrpc\"")],
            )
                .into_response();
        }
    }
    rpc_reply(node, body).await.into_response()
}

async fn rpc_reply(node: Node, body: axum::body::Bytes) -> Json<Value> {
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

fn not_found_tx() -> (i64, String) {
    (
        code::INVALID_ADDRESS_OR_KEY,
        "No such mempool or blockchain transaction. Use gettransaction for wallet transactions."
            .into(),
    )
}

fn param_tx(params: &[Value], i: usize) -> Result<Transaction, (i64, String)> {
    let hex = params.get(i).and_then(Value::as_str).ok_or((
        code::TYPE_ERROR,
        "Expected type string for hexstring".into(),
    ))?;
    deserialize_hex(hex).map_err(|_| (code::DESERIALIZATION_ERROR, Reject::Decode.to_string()))
}

fn param_bool(params: &[Value], i: usize, default: bool) -> bool {
    match params.get(i) {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_u64().is_some_and(|n| n > 0),
        _ => default,
    }
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

async fn dispatch(node: &Node, method: &str, params: &[Value]) -> RpcResult {
    match method {
        "getblockcount" => Ok(json!(node.state.read().await.chain.tip_height())),
        "getbestblockhash" => Ok(json!(node.state.read().await.chain.tip_hash().to_string())),
        "getblockchaininfo" => Ok(chain_info(&node.state.read().await.chain)),
        "invalidateblock" => {
            let hash: BlockHash = param_hash(params, 0, "blockhash")?;
            let mut state = node.state.write().await;
            state
                .invalidate(&hash, &node.secp)
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Block not found".into()))?;
            Ok(Value::Null)
        }
        "walletprocesspsbt" => {
            let psbt = params
                .first()
                .and_then(Value::as_str)
                .ok_or((code::TYPE_ERROR, "Expected type string for psbt".into()))?;
            let sign = param_bool(params, 1, true);
            let sighash = crate::wallet::sighash_type(
                params.get(2).and_then(Value::as_str).unwrap_or("DEFAULT"),
            )
            .map_err(|e| (code::INVALID_PARAMETER, e.to_string()))?;
            let finalize = param_bool(params, 4, true);
            let actors = node.state.read().await.actors.clone();
            let signer = bitcoin::secp256k1::Secp256k1::signing_only();
            let processed = crate::wallet::process(&signer, &actors, psbt, sign, sighash, finalize)
                .map_err(|e| (code::DESERIALIZATION_ERROR, e.to_string()))?;
            let mut out = json!({"psbt": processed.psbt, "complete": processed.complete});
            if let Some(hex) = processed.hex {
                out["hex"] = json!(hex);
            }
            Ok(out)
        }
        "scantxoutset" => {
            let action = params.first().and_then(Value::as_str).unwrap_or("start");
            if action != "start" {
                // Scans finish within the call: there is never one to report on or abort.
                return Ok(if action == "abort" {
                    json!(false)
                } else {
                    Value::Null
                });
            }
            let objects = params.get(1).and_then(Value::as_array).ok_or((
                code::INVALID_PARAMETER,
                "scanobjects argument is required for the start action".into(),
            ))?;
            let mut scripts = Vec::with_capacity(objects.len());
            for object in objects {
                let desc = object
                    .as_str()
                    .or_else(|| object.get("desc").and_then(Value::as_str))
                    .ok_or((
                        code::INVALID_PARAMETER,
                        "Scan object needs to be either a string or an object".into(),
                    ))?;
                scripts.push((desc.to_owned(), descriptor_script(desc)?));
            }
            let state = node.state.read().await;
            let chain = &state.chain;
            let mut unspents = Vec::new();
            let mut total = 0u64;
            for (desc, script) in &scripts {
                for (outpoint, coin) in chain.coins_of(script) {
                    total += coin.output.value.to_sat();
                    unspents.push(json!({
                        "txid": outpoint.txid.to_string(),
                        "vout": outpoint.vout,
                        "scriptPubKey": script.to_hex_string(),
                        "desc": desc,
                        "amount": coin.output.value.to_btc(),
                        "coinbase": coin.coinbase,
                        "height": coin.height,
                        "blockhash": chain.block_at(coin.height).map(|b| b.block_hash().to_string()),
                        "confirmations": chain.tip_height() - coin.height + 1
                    }));
                }
            }
            unspents.sort_by_key(|u| {
                (
                    u["height"].as_u64(),
                    u["txid"].as_str().map(str::to_owned),
                    u["vout"].as_u64(),
                )
            });
            Ok(json!({
                "success": true,
                "txouts": unspents.len(),
                "height": chain.tip_height(),
                "bestblock": chain.tip_hash().to_string(),
                "unspents": unspents,
                "total_amount": Amount::from_sat(total).to_btc()
            }))
        }
        "reorg" => {
            // Devnet only: replace the last `depth` blocks with a different, longer branch.
            let depth = param_u64(params, 0, "depth")?;
            let mut state = node.state.write().await;
            let hashes = state
                .reorg(depth, &node.secp)
                .map_err(|e| (code::INVALID_PARAMETER, e))?;
            Ok(json!(
                hashes.iter().map(ToString::to_string).collect::<Vec<_>>()
            ))
        }
        "reconsiderblock" => {
            let hash: BlockHash = param_hash(params, 0, "blockhash")?;
            let mut state = node.state.write().await;
            state
                .reconsider(&hash)
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Block not found".into()))?;
            Ok(Value::Null)
        }
        "getnetworkinfo" => Ok(json!({
            "version": 280000,
            "subversion": "/Satoshi:28.0.0(stamps-devnet)/",
            "protocolversion": 70016,
            "localservices": "0000000000000c09",
            "localservicesnames": ["NETWORK", "WITNESS", "NETWORK_LIMITED", "P2P_V2"],
            "localrelay": true,
            "timeoffset": 0,
            "networkactive": true,
            "connections": 0,
            "connections_in": 0,
            "connections_out": 0,
            "networks": [],
            "relayfee": 0.00001,
            "incrementalfee": 0.00001,
            "localaddresses": [],
            "warnings": []
        })),
        "getblockhash" => {
            let height = param_u64(params, 0, "height")?;
            let state = node.state.read().await;
            state
                .chain
                .block_at(height)
                .map(|b| json!(b.block_hash().to_string()))
                .ok_or((code::INVALID_PARAMETER, "Block height out of range".into()))
        }
        "getblockheader" => {
            let hash: BlockHash = param_hash(params, 0, "blockhash")?;
            let verbose = param_bool(params, 1, true);
            let state = node.state.read().await;
            let (block, height) = state
                .chain
                .block(&hash)
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Block not found".into()))?;
            if !verbose {
                return Ok(json!(serialize_hex(&block.header)));
            }
            Ok(header_json(&state.chain, block, height))
        }
        "getblock" => {
            let hash: BlockHash = param_hash(params, 0, "blockhash")?;
            let verbosity = match params.get(1) {
                Some(Value::Bool(b)) => u64::from(*b),
                Some(v) => v.as_u64().unwrap_or(1),
                None => 1,
            };
            let state = node.state.read().await;
            let (block, height) = state
                .chain
                .block(&hash)
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Block not found".into()))?;
            match verbosity {
                0 => Ok(json!(serialize_hex(block))),
                1 => Ok(block_json(&state.chain, block, height, false)),
                2 | 3 => Ok(block_json(&state.chain, block, height, true)),
                _ => Err((
                    code::INVALID_PARAMETER,
                    "Verbosity must be in range 0..3".into(),
                )),
            }
        }
        "getrawtransaction" => {
            let txid: Txid = param_hash(params, 0, "txid")?;
            let verbose = param_bool(params, 1, false);
            let state = node.state.read().await;
            let chain = &state.chain;
            let (tx, block) = match chain.transaction(&txid) {
                Some((tx, hash, height)) => (tx, Some((hash, height))),
                None => (&state.mempool.get(&txid).ok_or_else(not_found_tx)?.tx, None),
            };
            if !verbose {
                return Ok(json!(serialize_hex(tx)));
            }
            let mut v = tx_json(tx);
            v["hex"] = json!(serialize_hex(tx));
            if let Some((hash, height)) = block {
                let time = chain.block_at(height).map_or(0, |b| b.header.time);
                v["blockhash"] = json!(hash.to_string());
                v["confirmations"] = json!(chain.tip_height() - height + 1);
                v["time"] = json!(time);
                v["blocktime"] = json!(time);
            }
            Ok(v)
        }
        "gettxout" => {
            let txid: Txid = param_hash(params, 0, "txid")?;
            let vout = u32::try_from(param_u64(params, 1, "n")?)
                .map_err(|_| (code::INVALID_PARAMETER, "n out of range".into()))?;
            let include_mempool = param_bool(params, 2, true);
            let state = node.state.read().await;
            let outpoint = OutPoint::new(txid, vout);
            if include_mempool && state.mempool.spender(&outpoint).is_some() {
                return Ok(Value::Null);
            }
            let (output, confirmations, coinbase) = match state.chain.coin(&outpoint) {
                Some(coin) => (
                    coin.output.clone(),
                    state.chain.tip_height() - coin.height + 1,
                    coin.coinbase,
                ),
                None if include_mempool => {
                    match state
                        .mempool
                        .get(&txid)
                        .and_then(|e| e.tx.output.get(vout as usize))
                    {
                        Some(o) => (o.clone(), 0, false),
                        None => return Ok(Value::Null),
                    }
                }
                None => return Ok(Value::Null),
            };
            Ok(json!({
                "bestblock": state.chain.tip_hash().to_string(),
                "confirmations": confirmations,
                "value": output.value.to_btc(),
                "scriptPubKey": script_json(&output.script_pubkey),
                "coinbase": coinbase
            }))
        }
        "sendrawtransaction" => {
            let tx = param_tx(params, 0)?;
            let mut state = node.state.write().await;
            let NodeState { chain, mempool, .. } = &mut *state;
            let checked = mempool
                .accept(&node.secp, tx, chain, now())
                .map_err(|e| (e.rpc_code(), e.to_string()))?;
            tracing::info!(txid = %checked.txid, fee = checked.fee, vsize = checked.vsize, "devnet accepted a transaction");
            Ok(json!(checked.txid.to_string()))
        }
        "testmempoolaccept" => {
            let raw = params
                .first()
                .and_then(Value::as_array)
                .ok_or((code::TYPE_ERROR, "Expected type array for rawtxs".into()))?;
            let state = node.state.read().await;
            let mut results = Vec::with_capacity(raw.len());
            for hex in raw {
                let tx: Transaction = hex
                    .as_str()
                    .and_then(|h| deserialize_hex(h).ok())
                    .ok_or((code::DESERIALIZATION_ERROR, Reject::Decode.to_string()))?;
                let mut r = json!({
                    "txid": tx.compute_txid().to_string(),
                    "wtxid": tx.compute_wtxid().to_string(),
                });
                match state.mempool.test(&node.secp, &tx, &state.chain) {
                    Ok(checked) => {
                        r["allowed"] = json!(true);
                        r["vsize"] = json!(checked.vsize);
                        r["fees"] = json!({
                            "base": Amount::from_sat(checked.fee).to_btc(),
                            "effective-feerate": Amount::from_sat(checked.fee * 1000 / checked.vsize.max(1)).to_btc(),
                            "effective-includes": [tx.compute_wtxid().to_string()]
                        });
                    }
                    Err(e) => {
                        r["allowed"] = json!(false);
                        r["reject-reason"] = json!(e.to_string());
                    }
                }
                results.push(r);
            }
            Ok(json!(results))
        }
        "getmempoolinfo" => {
            let state = node.state.read().await;
            let pool = &state.mempool;
            Ok(json!({
                "loaded": true,
                "size": pool.len(),
                "bytes": pool.vbytes(),
                "usage": pool.vbytes() * 4,
                "total_fee": Amount::from_sat(pool.total_fee()).to_btc(),
                "maxmempool": 300_000_000,
                "mempoolminfee": 0.00001,
                "minrelaytxfee": 0.00001,
                "incrementalrelayfee": 0.00001,
                "unbroadcastcount": 0,
                "fullrbf": false
            }))
        }
        "getrawmempool" => {
            let verbose = param_bool(params, 0, false);
            let state = node.state.read().await;
            let pool = &state.mempool;
            let mut txids: Vec<&Txid> = pool.entries().map(|(t, _)| t).collect();
            txids.sort();
            if !verbose {
                return Ok(json!(
                    txids.iter().map(ToString::to_string).collect::<Vec<_>>()
                ));
            }
            let mut map = serde_json::Map::new();
            for txid in txids {
                if let Some(entry) = pool.get(txid) {
                    map.insert(txid.to_string(), mempool_entry_json(pool, txid, entry));
                }
            }
            Ok(Value::Object(map))
        }
        "getmempoolentry" => {
            let txid: Txid = param_hash(params, 0, "txid")?;
            let state = node.state.read().await;
            let entry = state.mempool.get(&txid).ok_or((
                code::INVALID_ADDRESS_OR_KEY,
                "Transaction not in mempool".into(),
            ))?;
            Ok(mempool_entry_json(&state.mempool, &txid, entry))
        }
        "estimatesmartfee" => {
            let target = param_u64(params, 0, "conf_target")?.clamp(1, 1008);
            let state = node.state.read().await;
            let rate = estimate_fee_rate(&state.mempool, target);
            Ok(json!({
                "feerate": Amount::from_sat(rate).to_btc(),
                "blocks": target
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
            let mut state = node.state.write().await;
            let hashes: Vec<String> = (0..count.min(1000))
                .map(|_| state.mine(&script).to_string())
                .collect();
            Ok(json!(hashes))
        }
        other => Err((code::METHOD_NOT_FOUND, format!("Method not found: {other}"))),
    }
}

fn chain_info(chain: &Chain) -> Value {
    let tip = chain.block_at(chain.tip_height());
    json!({
        "chain": "regtest",
        "blocks": chain.tip_height(),
        "headers": chain.tip_height(),
        "bestblockhash": chain.tip_hash().to_string(),
        "difficulty": DIFFICULTY,
        "time": tip.map_or(0, |b| b.header.time),
        "mediantime": tip.map_or(0, |b| b.header.time),
        "verificationprogress": 1,
        "initialblockdownload": false,
        "chainwork": chainwork(chain, chain.tip_height()),
        "size_on_disk": 0,
        "pruned": false,
        "warnings": []
    })
}

/// The script of an `addr(ADDRESS)` or `raw(HEX)` output descriptor (an optional `#checksum` is ignored).
fn descriptor_script(desc: &str) -> Result<ScriptBuf, (i64, String)> {
    let body = desc.split('#').next().unwrap_or_default();
    let invalid = || {
        (
            code::INVALID_PARAMETER,
            format!("'{desc}' is not a supported descriptor (addr() or raw())"),
        )
    };
    if let Some(address) = body.strip_prefix("addr(").and_then(|r| r.strip_suffix(')')) {
        let address: Address<bitcoin::address::NetworkUnchecked> =
            address.parse().map_err(|_| invalid())?;
        return Ok(address.assume_checked().script_pubkey());
    }
    if let Some(hex) = body.strip_prefix("raw(").and_then(|r| r.strip_suffix(')')) {
        return ScriptBuf::from_hex(hex).map_err(|_| invalid());
    }
    Err(invalid())
}

/// Regtest's difficulty, as Core reports it.
const DIFFICULTY: f64 = 4.656542373906925e-10;

/// Cumulative work in hex: regtest blocks each add 2 units of work.
fn chainwork(chain: &Chain, height: u64) -> String {
    format!("{:064x}", (height + 1 - chain.first_height()) * 2)
}

/// The fee rate (sat/kvB) that gets a transaction into one of the next `target` blocks given what waits: the
/// rate at the block boundary when the mempool fills more than `target` blocks, else the relay minimum.
pub(crate) fn estimate_fee_rate(pool: &Mempool, target: u64) -> u64 {
    const MIN_RELAY: u64 = 1000;
    let room = MAX_BLOCK_VSIZE.saturating_mul(target);
    let mut filled = 0u64;
    for (rate, vsize) in pool.rates() {
        filled += vsize;
        if filled > room {
            return rate.max(MIN_RELAY);
        }
    }
    MIN_RELAY
}

fn mempool_entry_json(pool: &Mempool, txid: &Txid, entry: &crate::mempool::Entry) -> Value {
    let fee = Amount::from_sat(entry.fee).to_btc();
    let spent_by: Vec<String> = (0..entry.tx.output.len())
        .filter_map(|v| pool.spender(&OutPoint::new(*txid, v as u32)))
        .map(ToString::to_string)
        .collect();
    json!({
        "vsize": entry.vsize,
        "weight": entry.tx.weight().to_wu(),
        "time": entry.time,
        "height": entry.height,
        "descendantcount": 1 + spent_by.len(),
        "descendantsize": entry.vsize,
        "ancestorcount": 1 + pool.parents(txid).len(),
        "ancestorsize": entry.vsize,
        "wtxid": entry.tx.compute_wtxid().to_string(),
        "fees": {"base": fee, "modified": fee, "ancestor": fee, "descendant": fee},
        "depends": pool.parents(txid).iter().map(ToString::to_string).collect::<Vec<_>>(),
        "spentby": spent_by,
        "bip125-replaceable": entry.tx.is_explicitly_rbf(),
        "unbroadcast": false
    })
}

fn script_json(script: &ScriptBuf) -> Value {
    let address = Address::from_script(script, bitcoin::Network::Bitcoin)
        .ok()
        .map(|a| a.to_string());
    let kind = if script.is_p2pkh() {
        "pubkeyhash"
    } else if script.is_p2sh() {
        "scripthash"
    } else if script.is_p2wpkh() {
        "witness_v0_keyhash"
    } else if script.is_p2wsh() {
        "witness_v0_scripthash"
    } else if script.is_p2tr() {
        "witness_v1_taproot"
    } else if script.is_op_return() {
        "nulldata"
    } else if script.is_multisig() {
        "multisig"
    } else {
        "nonstandard"
    };
    let mut v = json!({
        "asm": script.to_asm_string(),
        "hex": script.to_hex_string(),
        "type": kind,
    });
    if let Some(address) = address {
        v["address"] = json!(address);
    }
    v
}

fn tx_json(tx: &Transaction) -> Value {
    json!({
        "txid": tx.compute_txid().to_string(),
        "hash": tx.compute_wtxid().to_string(),
        "version": tx.version.0,
        "size": tx.total_size(),
        "vsize": tx.vsize(),
        "weight": tx.weight().to_wu(),
        "locktime": tx.lock_time.to_consensus_u32(),
        "vin": tx.input.iter().map(|i| {
            if tx.is_coinbase() {
                return json!({
                    "coinbase": i.script_sig.to_hex_string(),
                    "txinwitness": i.witness.iter().map(hex::encode).collect::<Vec<_>>(),
                    "sequence": i.sequence.0
                });
            }
            let mut v = json!({
                "txid": i.previous_output.txid.to_string(),
                "vout": i.previous_output.vout,
                "scriptSig": {"asm": i.script_sig.to_asm_string(), "hex": i.script_sig.to_hex_string()},
                "sequence": i.sequence.0
            });
            if !i.witness.is_empty() {
                v["txinwitness"] = json!(i.witness.iter().map(hex::encode).collect::<Vec<_>>());
            }
            v
        }).collect::<Vec<_>>(),
        "vout": tx.output.iter().enumerate().map(|(n, o)| json!({
            "value": o.value.to_btc(),
            "n": n,
            "scriptPubKey": script_json(&o.script_pubkey)
        })).collect::<Vec<_>>()
    })
}

fn header_json(chain: &Chain, block: &bitcoin::Block, height: u64) -> Value {
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
        "difficulty": DIFFICULTY,
        "chainwork": chainwork(chain, height),
        "nTx": block.txdata.len(),
    });
    if height > chain.first_height() {
        v["previousblockhash"] = json!(block.header.prev_blockhash.to_string());
    }
    if let Some(next) = chain.block_at(height + 1) {
        v["nextblockhash"] = json!(next.block_hash().to_string());
    }
    v
}

fn block_json(chain: &Chain, block: &bitcoin::Block, height: u64, full_txs: bool) -> Value {
    let mut v = header_json(chain, block, height);
    v["size"] = json!(block.total_size());
    // weight = 3 * stripped + total.
    v["strippedsize"] = json!((block.weight().to_wu() as usize - block.total_size()) / 3);
    v["weight"] = json!(block.weight().to_wu());
    v["tx"] = if full_txs {
        json!(
            block
                .txdata
                .iter()
                .map(|t| {
                    let mut j = tx_json(t);
                    j["hex"] = json!(serialize_hex(t));
                    if !t.is_coinbase() {
                        // Core adds the fee when the spent outputs are known (always, on the devnet).
                        let spent: Option<u64> = t
                            .input
                            .iter()
                            .map(|i| chain.output(&i.previous_output).map(|o| o.value.to_sat()))
                            .sum();
                        let out: u64 = t.output.iter().map(|o| o.value.to_sat()).sum();
                        if let Some(spent) = spent {
                            j["fee"] = json!(Amount::from_sat(spent.saturating_sub(out)).to_btc());
                        }
                    }
                    j
                })
                .collect::<Vec<_>>()
        )
    } else {
        json!(
            block
                .txdata
                .iter()
                .map(|t| t.compute_txid().to_string())
                .collect::<Vec<_>>()
        )
    };
    v
}

/// A REST resource name `<hash>.<bin|hex|json>`, or the status and message to answer with.
fn rest_target(file: &str) -> Result<(BlockHash, &str), (StatusCode, String)> {
    const FORMATS: &str = "output format not found (available: bin, hex, json)";
    let (hash, ext) = file
        .rsplit_once('.')
        .ok_or((StatusCode::NOT_FOUND, FORMATS.to_owned()))?;
    let hash = hash
        .parse()
        .map_err(|_| (StatusCode::BAD_REQUEST, format!("Invalid hash: {hash}")))?;
    match ext {
        "bin" | "hex" | "json" => Ok((hash, ext)),
        _ => Err((StatusCode::NOT_FOUND, FORMATS.to_owned())),
    }
}

fn rest_error(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain")],
        format!("{message}\r\n"),
    )
        .into_response()
}

fn rest_bytes(ext: &str, bytes: Vec<u8>, json: impl FnOnce() -> Value) -> Response {
    match ext {
        "bin" => ([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response(),
        "hex" => (
            [(header::CONTENT_TYPE, "text/plain")],
            format!("{}\n", hex::encode(bytes)),
        )
            .into_response(),
        _ => Json(json()).into_response(),
    }
}

/// `/rest/block/<hash>.<ext>`: the block as Core's REST interface serves it.
async fn rest_block(State(node): State<Node>, Path(file): Path<String>) -> Response {
    let (hash, ext) = match rest_target(&file) {
        Ok(t) => t,
        Err((status, message)) => return rest_error(status, &message),
    };
    let state = node.state.read().await;
    match state.chain.block(&hash) {
        Some((block, height)) => rest_bytes(ext, bitcoin::consensus::serialize(block), || {
            block_json(&state.chain, block, height, true)
        }),
        None => rest_error(StatusCode::NOT_FOUND, &format!("{hash} not found")),
    }
}

/// `/rest/headers/<count>/<hash>.<ext>`: up to `count` (at most 2000) headers from `hash` on.
async fn rest_headers(
    State(node): State<Node>,
    Path((count, file)): Path<(String, String)>,
) -> Response {
    let (hash, ext) = match rest_target(&file) {
        Ok(t) => t,
        Err((status, message)) => return rest_error(status, &message),
    };
    let count = match count.parse::<u64>() {
        Ok(c) if (1..=2000).contains(&c) => c,
        _ => {
            return rest_error(
                StatusCode::BAD_REQUEST,
                &format!("Header count is invalid or out of acceptable range (1-2000): {count}"),
            );
        }
    };
    let state = node.state.read().await;
    let Some((_, start)) = state.chain.block(&hash) else {
        return rest_error(StatusCode::NOT_FOUND, &format!("{hash} not found"));
    };
    let blocks: Vec<(&bitcoin::Block, u64)> = (start..start + count)
        .map_while(|h| state.chain.block_at(h).map(|b| (b, h)))
        .collect();
    let bytes: Vec<u8> = blocks
        .iter()
        .flat_map(|(b, _)| bitcoin::consensus::serialize(&b.header))
        .collect();
    rest_bytes(ext, bytes, || {
        json!(
            blocks
                .iter()
                .map(|(b, h)| header_json(&state.chain, b, *h))
                .collect::<Vec<_>>()
        )
    })
}

/// `/rest/chaininfo.json`.
async fn rest_chaininfo(State(node): State<Node>) -> Json<Value> {
    Json(chain_info(&node.state.read().await.chain))
}
