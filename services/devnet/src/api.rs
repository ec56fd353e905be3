//! The mempool.space-style HTTP API the fee oracle and the wallet use, served from the devnet's own mempool and
//! chain: recommended and precise fees, an address's UTXOs, raw transactions, broadcasting, the tip height, and a
//! BTC price ticker that moves deterministically with time.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bitcoin::consensus::encode::{deserialize_hex, serialize_hex};
use bitcoin::{Address, OutPoint, Transaction, Txid};
use serde_json::{Value, json};

use crate::mempool::Mempool;
use crate::node::{Node, now};

/// The routes, over the node's shared state.
pub(crate) fn router(node: Node) -> Router {
    Router::new()
        .route("/api/v1/fees/recommended", get(recommended))
        .route("/api/v1/fees/precise", get(precise))
        .route("/api/address/{address}", get(address_stats))
        .route("/api/address/{address}/utxo", get(address_utxo))
        .route("/api/tx/{txid}/hex", get(tx_hex))
        .route("/api/tx", post(broadcast))
        .route("/api/blocks/tip/height", get(tip_height))
        .route("/api/v1/prices", get(prices))
        .route("/asset-info/{file}", get(asset_info))
        .route("/devnet/bootstrap.json", get(bootstrap))
        .route("/devnet/curation.json", get(curation))
        .with_state(node)
}

/// `/asset-info/{NAME}.json` and `/asset-info/{NAME}.png`: the enhanced asset information that asset
/// descriptions of the scenario point to.
async fn asset_info(State(node): State<Node>, Path(file): Path<String>) -> Response {
    let found = |name: &str| node.published.asset_info.get(name);
    if let Some(info) = file.strip_suffix(".json").and_then(found) {
        return (
            [(header::CONTENT_TYPE, "application/json")],
            info.json.clone(),
        )
            .into_response();
    }
    if let Some(info) = file.strip_suffix(".png").and_then(found) {
        return ([(header::CONTENT_TYPE, "image/png")], info.image.clone()).into_response();
    }
    text(
        StatusCode::NOT_FOUND,
        format!("no asset information at {file}"),
    )
}

/// `/devnet/bootstrap.json`: the ledger snapshot (the genesis XCP allocation) an indexer of this chain starts
/// from.
async fn bootstrap(State(node): State<Node>) -> Json<crate::scenario::Bootstrap> {
    Json(node.published.bootstrap.clone())
}

/// `/devnet/curation.json`: the staff content that goes with the scenario (`stamps curation import`).
async fn curation(State(node): State<Node>) -> Json<serde_json::Value> {
    Json(node.published.curation.clone())
}

fn text(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain")], body).into_response()
}

/// Fee rates (sat/vB, thousandths) a transaction needs to be in the next block, within three and six blocks, and
/// the economy and minimum rates, from what the mempool holds (1 sat/vB when it has room), unless `setfeerates`
/// set them.
fn fee_levels(state: &crate::node::NodeState) -> [u64; 5] {
    if let Some(rates) = state.fee_rates {
        return rates;
    }
    fee_levels_of(&state.mempool)
}

fn fee_levels_of(pool: &Mempool) -> [u64; 5] {
    const MIN: u64 = 1000;
    let at = |blocks: u64| crate::rpc::estimate_fee_rate(pool, blocks).max(MIN);
    let fastest = at(1);
    let half_hour = at(3).min(fastest);
    let hour = at(6).min(half_hour);
    let economy = at(144).min(hour);
    [fastest, half_hour, hour, economy, MIN.min(economy)]
}

const FEE_NAMES: [&str; 5] = [
    "fastestFee",
    "halfHourFee",
    "hourFee",
    "economyFee",
    "minimumFee",
];

/// `/api/v1/fees/recommended`: whole sat/vB, rounded up as mempool.space does.
async fn recommended(State(node): State<Node>) -> Json<Value> {
    let levels = fee_levels(&*node.state.read().await);
    let mut out = serde_json::Map::new();
    for (name, rate) in FEE_NAMES.iter().zip(levels) {
        out.insert((*name).into(), json!(rate.div_ceil(1000)));
    }
    Json(Value::Object(out))
}

/// `/api/v1/fees/precise`: sat/vB with three decimals.
async fn precise(State(node): State<Node>) -> Json<Value> {
    let levels = fee_levels(&*node.state.read().await);
    let mut out = serde_json::Map::new();
    for (name, rate) in FEE_NAMES.iter().zip(levels) {
        // Thousandths of a sat/vB, as a JSON number with three decimals.
        let number: serde_json::Number = format!("{}.{:03}", rate / 1000, rate % 1000)
            .parse()
            .unwrap_or_else(|_| serde_json::Number::from(rate / 1000));
        out.insert((*name).into(), Value::Number(number));
    }
    Json(Value::Object(out))
}

/// `/api/address/{address}`: how many transactions fund or spend the address, and its satoshis in and out, in
/// blocks (`chain_stats`) and in the mempool (`mempool_stats`), as Esplora answers. It reads every block: the
/// devnet's chain is small.
async fn address_stats(State(node): State<Node>, Path(address): Path<String>) -> Response {
    let Ok(parsed) = address.parse::<Address<bitcoin::address::NetworkUnchecked>>() else {
        return text(StatusCode::BAD_REQUEST, "Invalid Bitcoin address".into());
    };
    let script = parsed.assume_checked().script_pubkey();
    let state = node.state.read().await;
    // A transaction's (funded, spent) satoshis of the address, `None` when it touches it not at all.
    let touches = |tx: &Transaction| -> Option<(u64, u64, u64, u64)> {
        let funded: Vec<u64> = tx
            .output
            .iter()
            .filter(|o| o.script_pubkey == script)
            .map(|o| o.value.to_sat())
            .collect();
        let spent: Vec<u64> = tx
            .input
            .iter()
            .filter_map(|i| {
                let prev = state.chain.output(&i.previous_output).or_else(|| {
                    state
                        .mempool
                        .get(&i.previous_output.txid)
                        .and_then(|e| e.tx.output.get(i.previous_output.vout as usize))
                })?;
                (prev.script_pubkey == script).then_some(prev.value.to_sat())
            })
            .collect();
        (!funded.is_empty() || !spent.is_empty()).then(|| {
            (
                funded.len() as u64,
                funded.iter().sum(),
                spent.len() as u64,
                spent.iter().sum(),
            )
        })
    };
    let stats = |txs: &mut dyn Iterator<Item = &Transaction>| {
        let (mut n, mut fc, mut fs, mut sc, mut ss) = (0u64, 0u64, 0u64, 0u64, 0u64);
        for (a, b, c, d) in txs.filter_map(&touches) {
            n += 1;
            fc += a;
            fs += b;
            sc += c;
            ss += d;
        }
        json!({"tx_count": n, "funded_txo_count": fc, "funded_txo_sum": fs, "spent_txo_count": sc,
               "spent_txo_sum": ss})
    };
    let chain_stats = stats(&mut state.chain.blocks().iter().flat_map(|b| b.txdata.iter()));
    let mempool_stats = stats(&mut state.mempool.entries().map(|(_, e)| &e.tx));
    Json(json!({"address": address, "chain_stats": chain_stats, "mempool_stats": mempool_stats}))
        .into_response()
}

/// `/api/address/{address}/utxo`: confirmed coins and unconfirmed outputs, minus what the mempool spends.
async fn address_utxo(State(node): State<Node>, Path(address): Path<String>) -> Response {
    let Ok(address) = address.parse::<Address<bitcoin::address::NetworkUnchecked>>() else {
        return text(StatusCode::BAD_REQUEST, "Invalid Bitcoin address".into());
    };
    let script = address.assume_checked().script_pubkey();
    let state = node.state.read().await;
    let mut utxos = Vec::new();
    for (outpoint, coin) in state.chain.coins_of(&script) {
        if state.mempool.spender(outpoint).is_some() {
            continue;
        }
        let block = state.chain.block_at(coin.height);
        utxos.push(json!({
            "txid": outpoint.txid.to_string(),
            "vout": outpoint.vout,
            "status": {
                "confirmed": true,
                "block_height": coin.height,
                "block_hash": block.map(|b| b.block_hash().to_string()),
                "block_time": block.map(|b| b.header.time),
            },
            "value": coin.output.value.to_sat(),
        }));
    }
    for (txid, entry) in state.mempool.entries() {
        for (vout, output) in entry.tx.output.iter().enumerate() {
            let outpoint = OutPoint::new(*txid, vout as u32);
            if output.script_pubkey == script && state.mempool.spender(&outpoint).is_none() {
                utxos.push(json!({
                    "txid": txid.to_string(),
                    "vout": vout,
                    "status": {"confirmed": false},
                    "value": output.value.to_sat(),
                }));
            }
        }
    }
    // Stable order: confirmed first by height, then by outpoint.
    utxos.sort_by_key(|u| {
        (
            u["status"]["block_height"].as_u64().unwrap_or(u64::MAX),
            u["txid"].as_str().unwrap_or_default().to_owned(),
            u["vout"].as_u64().unwrap_or_default(),
        )
    });
    Json(Value::Array(utxos)).into_response()
}

/// `/api/tx/{txid}/hex`.
async fn tx_hex(State(node): State<Node>, Path(txid): Path<String>) -> Response {
    let Ok(txid) = txid.parse::<Txid>() else {
        return text(StatusCode::BAD_REQUEST, "Invalid hex string".into());
    };
    let state = node.state.read().await;
    let tx = state
        .chain
        .transaction(&txid)
        .map(|(tx, _, _)| tx)
        .or_else(|| state.mempool.get(&txid).map(|e| &e.tx));
    match tx {
        Some(tx) => text(StatusCode::OK, serialize_hex(tx)),
        None => text(StatusCode::NOT_FOUND, "Transaction not found".into()),
    }
}

/// `POST /api/tx` with the transaction's hex as the body: its txid, or Core's reason for refusing it.
async fn broadcast(State(node): State<Node>, body: String) -> Response {
    let Ok(tx) = deserialize_hex::<Transaction>(body.trim()) else {
        return text(
            StatusCode::BAD_REQUEST,
            "sendrawtransaction RPC error: {\"code\":-22,\"message\":\"TX decode failed\"}".into(),
        );
    };
    let mut state = node.state.write().await;
    let crate::node::NodeState { chain, mempool, .. } = &mut *state;
    match mempool.accept(&node.secp, tx, chain, now()) {
        Ok(checked) => text(StatusCode::OK, checked.txid.to_string()),
        Err(e) => text(
            StatusCode::BAD_REQUEST,
            format!(
                "sendrawtransaction RPC error: {}",
                json!({"code": e.rpc_code(), "message": e.to_string()})
            ),
        ),
    }
}

/// `/api/blocks/tip/height`.
async fn tip_height(State(node): State<Node>) -> Response {
    text(
        StatusCode::OK,
        node.state.read().await.chain.tip_height().to_string(),
    )
}

/// BTC prices at the devnet's anchor (around mainnet block 840000), per currency.
const BASE_PRICES: [(&str, u64); 7] = [
    ("USD", 64_000),
    ("EUR", 59_500),
    ("GBP", 51_000),
    ("CAD", 87_500),
    ("AUD", 97_500),
    ("JPY", 9_850_000),
    ("CNY", 463_000),
];

/// The price of `base` at `time`: a daily swing of ±4% plus a small hourly step, both derived from the time
/// alone (integer arithmetic), so every client sees the same ticker at the same moment.
pub fn price_at(base: u64, time: u64) -> u64 {
    const DAY: u64 = 86_400;
    // Triangle wave over a day, in thousandths: -40 ..= +40.
    let phase = time % DAY;
    let half = DAY / 2;
    let tri = if phase < half { phase } else { DAY - phase };
    let swing = (tri * 80 / half) as i64 - 40;
    // A deterministic step per hour in -5 ..= +5 thousandths.
    let hour = time / 3600;
    let step = (hour.wrapping_mul(2_654_435_761) % 11) as i64 - 5;
    let factor = 1000 + swing + step;
    base * factor.max(0) as u64 / 1000
}

/// `/api/v1/prices` in mempool.space's shape.
async fn prices() -> Json<Value> {
    let time = now();
    let mut out = serde_json::Map::new();
    out.insert("time".into(), json!(time));
    for (currency, base) in BASE_PRICES {
        out.insert(currency.into(), json!(price_at(base, time)));
    }
    Json(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_move_deterministically_within_bounds() {
        let t = 1_763_700_000;
        assert_eq!(price_at(64_000, t), price_at(64_000, t));
        let prices: Vec<u64> = (0..48).map(|h| price_at(64_000, t + h * 1800)).collect();
        assert!(
            prices.iter().all(|p| (60_000..=67_000).contains(p)),
            "{prices:?}"
        );
        assert!(prices.windows(2).any(|w| w[0] != w[1]), "it moves");
    }
}
