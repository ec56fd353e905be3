//! Bitcoin Core's REST interface over the devnet's chain: blocks and headers as bytes, hex or JSON, and the
//! chain info.

use axum::Json;
use std::collections::HashMap;

use axum::extract::State;
use axum::extract::{Path, Query};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bitcoin::BlockHash;
use serde_json::{Value, json};

use crate::node::Node;
use crate::shapes::{block_json, chain_info, header_json};

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
pub(crate) async fn rest_block(State(node): State<Node>, Path(file): Path<String>) -> Response {
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

/// `/rest/headers/<count>/<hash>.<ext>`: up to `count` (at most 2000) headers from `hash` on (the path form,
/// deprecated in Core 24 but still served).
pub(crate) async fn rest_headers(
    State(node): State<Node>,
    Path((count, file)): Path<(String, String)>,
) -> Response {
    headers_from(&node, &count, &file).await
}

/// `/rest/headers/<hash>.<ext>?count=<count>`: the query form of Core 24 and later (`count` defaults to 5).
pub(crate) async fn rest_headers_query(
    State(node): State<Node>,
    Path(file): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let count = query.get("count").map_or("5", String::as_str);
    headers_from(&node, count, &file).await
}

async fn headers_from(node: &Node, count: &str, file: &str) -> Response {
    let (hash, ext) = match rest_target(file) {
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
pub(crate) async fn rest_chaininfo(State(node): State<Node>) -> Json<Value> {
    Json(chain_info(&node.state.read().await.chain))
}
