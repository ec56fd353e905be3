//! Bitcoin Core's JSON-RPC over the devnet's chain and mempool: single and batch requests, Core's result shapes
//! and error objects.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bitcoin::consensus::encode::{deserialize_hex, serialize_hex};
use bitcoin::{Address, Amount, BlockHash, OutPoint, ScriptBuf, Transaction, Txid};
use serde_json::{Value, json};

use crate::mempool::Mempool;
use crate::validate::Reject;

use crate::node::{MAX_BLOCK_VSIZE, Node, NodeState, now};
use crate::shapes::{
    block_json, chain_info, header_json, mempool_entry_json, script_json, tx_json,
};

/// Core's error codes used here.
mod code {
    pub const INVALID_PARAMETER: i64 = -8;
    pub const INVALID_ADDRESS_OR_KEY: i64 = -5;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const DESERIALIZATION_ERROR: i64 = -22;
    pub const TYPE_ERROR: i64 = -3;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const PARSE_ERROR: i64 = -32700;
    pub const WALLET_ERROR: i64 = -4;
}

type RpcResult = Result<Value, (i64, String)>;

pub(crate) async fn handle(
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

async fn dispatch(node: &Node, method: &str, params: &[Value]) -> RpcResult {
    match method {
        "getblockcount" => Ok(json!(node.state.read().await.chain.tip_height())),
        "waitfornewblock" | "waitforblockheight" => {
            // Core's long polls: until the tip changes (or, for `waitforblockheight`, reaches a height), or
            // the timeout passes (milliseconds, 0: none).
            let by_height = method == "waitforblockheight";
            let (target, timeout) = if by_height {
                (
                    Some(param_u64(params, 0, "height")?),
                    params.get(1).and_then(Value::as_u64).unwrap_or(0),
                )
            } else {
                (None, params.first().and_then(Value::as_u64).unwrap_or(0))
            };
            let start = node.state.read().await.chain.tip_hash();
            let deadline = (timeout > 0)
                .then(|| tokio::time::Instant::now() + std::time::Duration::from_millis(timeout));
            loop {
                {
                    let state = node.state.read().await;
                    let (tip, height) = (state.chain.tip_hash(), state.chain.tip_height());
                    let reached = match target {
                        Some(h) => height >= h,
                        None => tip != start,
                    };
                    if reached || deadline.is_some_and(|d| tokio::time::Instant::now() >= d) {
                        return Ok(json!({"hash": tip.to_string(), "height": height}));
                    }
                }
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
        }
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
        "signmessage" => {
            // Bitcoin Core's wallet RPC, for the scenario's actors (P2WPKH addresses: a BIP-137 header, as a
            // wallet's legacy signature of a segwit address has it).
            let address = params
                .first()
                .and_then(Value::as_str)
                .ok_or((code::TYPE_ERROR, "Expected type string for address".into()))?;
            let message = params
                .get(1)
                .and_then(Value::as_str)
                .ok_or((code::TYPE_ERROR, "Expected type string for message".into()))?;
            let actors = node.state.read().await.actors.clone();
            let actor = actors
                .iter()
                .find(|a| a.address().to_string() == address)
                .ok_or((
                    code::INVALID_ADDRESS_OR_KEY,
                    "Private key not available".into(),
                ))?;
            let signer = bitcoin::secp256k1::Secp256k1::signing_only();
            Ok(json!(crate::wallet::sign_message(&signer, actor, message)))
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
            tracing::info!(
                txid = %checked.txid,
                fee = checked.fee,
                vsize = checked.vsize,
                "devnet accepted a transaction",
            );
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
            let rate = match state.fee_rates {
                // The set rate of the nearest target at or above this one.
                Some([fastest, half_hour, hour, economy, _]) => match target {
                    1 | 2 => fastest,
                    3..=5 => half_hour,
                    6..=143 => hour,
                    _ => economy,
                },
                None => estimate_fee_rate(&state.mempool, target),
            };
            Ok(json!({
                "feerate": Amount::from_sat(rate).to_btc(),
                "blocks": target
            }))
        }
        "setfeerates" => {
            // Devnet only: [fastest, halfHour, hour, economy, minimum] in sat/vB, or no parameter to go back to
            // the rates the mempool implies.
            let mut state = node.state.write().await;
            if params.is_empty() {
                state.fee_rates = None;
                return Ok(Value::Null);
            }
            let mut rates = [0u64; 5];
            for (i, rate) in rates.iter_mut().enumerate() {
                *rate = param_u64(params, i, "rate")?.saturating_mul(1000);
            }
            state.fee_rates = Some(rates);
            Ok(Value::Null)
        }
        "signlistings" => {
            // Devnet only: atomic-swap listings of the UTXOs the scenario left holding assets, each signed by its
            // owner SIGHASH_SINGLE|ANYONECANPAY over a payout to itself, at most `count` (default 5):
            // `[{utxo, price, psbt, seller}]` (the PSBT base64), for a seller's wallet to publish.
            let count = params.first().and_then(Value::as_u64).unwrap_or(5).min(100);
            let state = node.state.read().await;
            let signer = bitcoin::secp256k1::Secp256k1::signing_only();
            let mut out = Vec::new();
            for outpoint in &node.published.attached {
                if out.len() as u64 >= count {
                    break;
                }
                let Some(coin) = state.chain.coin(outpoint) else {
                    continue;
                };
                if state.mempool.spender(outpoint).is_some() {
                    continue;
                }
                let owner = state
                    .actors
                    .iter()
                    .find(|a| a.script_pubkey() == coin.output.script_pubkey);
                let Some(owner) = owner else { continue };
                // 20 000 to 275 000 sat, told by the UTXO.
                let price = 20_000
                    + u64::from(bitcoin::hashes::Hash::as_byte_array(&outpoint.txid)[0]) * 1_000;
                if let Ok(psbt) =
                    crate::wallet::listing(&signer, owner, *outpoint, coin.output.clone(), price)
                {
                    out.push(
                        json!({"utxo": outpoint.to_string(), "price": price, "psbt": psbt,
                                    "seller": owner.address().to_string()}),
                    );
                }
            }
            Ok(json!(out))
        }
        "sendtoaddress" => {
            let address: Address<bitcoin::address::NetworkUnchecked> = params
                .first()
                .and_then(Value::as_str)
                .and_then(|s| s.parse().ok())
                .ok_or((code::INVALID_ADDRESS_OR_KEY, "Invalid address".into()))?;
            let amount = params
                .get(1)
                .and_then(Value::as_number)
                .and_then(|n| {
                    Amount::from_str_in(&n.to_string(), bitcoin::Denomination::Bitcoin).ok()
                })
                .filter(|a| *a > Amount::ZERO)
                .ok_or((code::TYPE_ERROR, "Invalid amount for send".into()))?;
            let mut state = node.state.write().await;
            let NodeState {
                chain,
                mempool,
                actors,
                ..
            } = &mut *state;
            let tx = crate::wallet::bank_payment(
                &bitcoin::secp256k1::Secp256k1::signing_only(),
                actors
                    .first()
                    .ok_or((code::WALLET_ERROR, "the devnet has no bank".into()))?,
                chain,
                mempool,
                &address.assume_checked().script_pubkey(),
                amount,
            )
            .map_err(|e| (code::WALLET_ERROR, e))?;
            let checked = mempool
                .accept(&node.secp, tx, chain, now())
                .map_err(|e| (e.rpc_code(), e.to_string()))?;
            Ok(json!(checked.txid.to_string()))
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
