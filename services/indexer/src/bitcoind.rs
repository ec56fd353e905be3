//! A Bitcoin Core JSON-RPC client: just the calls the indexer makes.

use bitcoin::block::Header;
use bitcoin::consensus::deserialize;
use bitcoin::{Block, BlockHash, Transaction, Txid};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::config::IndexerConfig;

/// Why a call failed.
#[derive(Debug, thiserror::Error)]
pub enum RpcError {
    /// The node could not be reached or answered with something other than JSON-RPC.
    #[error("bitcoin rpc transport: {0}")]
    Transport(#[from] reqwest::Error),
    /// The node answered with an error object.
    #[error("bitcoin rpc error {code}: {message}")]
    Node {
        /// Core's error code (e.g. -8 for a height out of range).
        code: i64,
        /// Core's message.
        message: String,
    },
    /// The answer did not have the expected shape.
    #[error("bitcoin rpc answer: {0}")]
    Decode(String),
    /// The cookie file could not be read.
    #[error("bitcoin rpc cookie: {0}")]
    Cookie(std::io::Error),
}

impl RpcError {
    /// Whether trying again may help: the node could not be reached or answered with something that is not
    /// JSON-RPC (Core answers 503 when its work queue is full). An error object from the node is an answer.
    pub fn is_transient(&self) -> bool {
        matches!(self, RpcError::Transport(_))
    }
}

/// A JSON-RPC client for one node.
#[derive(Clone)]
pub struct BitcoinRpc {
    http: reqwest::Client,
    url: String,
    auth: Option<(String, String)>,
}

impl BitcoinRpc {
    /// A client for the configured node (user/password, else the cookie file, else no authentication).
    pub fn new(config: &IndexerConfig) -> Result<Self, RpcError> {
        let auth = match (
            &config.rpc_user,
            &config.rpc_password,
            &config.rpc_cookie_file,
        ) {
            (Some(u), Some(p), _) => Some((u.clone(), p.clone())),
            (_, _, Some(path)) => {
                let cookie = std::fs::read_to_string(path).map_err(RpcError::Cookie)?;
                let (u, p) = cookie.trim().split_once(':').ok_or_else(|| {
                    RpcError::Cookie(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        "cookie is not user:password",
                    ))
                })?;
                Some((u.to_owned(), p.to_owned()))
            }
            _ => None,
        };
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(30))
            .build()?;
        Ok(Self {
            http,
            url: config.rpc_url.clone(),
            auth,
        })
    }

    /// Calls `method` with `params` and decodes its result.
    pub async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
    ) -> Result<T, RpcError> {
        let body = json!({"jsonrpc": "1.0", "id": "stamps", "method": method, "params": params});
        let mut request = self.http.post(&self.url).json(&body);
        if let Some((u, p)) = &self.auth {
            request = request.basic_auth(u, Some(p));
        }
        let answer: Value = request.send().await?.json().await?;
        if let Some(err) = answer.get("error").filter(|e| !e.is_null()) {
            return Err(RpcError::Node {
                code: err.get("code").and_then(Value::as_i64).unwrap_or(0),
                message: err
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned(),
            });
        }
        serde_json::from_value(answer.get("result").cloned().unwrap_or(Value::Null))
            .map_err(|e| RpcError::Decode(format!("{method}: {e}")))
    }

    /// The height of the best chain's tip.
    pub async fn block_count(&self) -> Result<u64, RpcError> {
        self.call("getblockcount", json!([])).await
    }

    /// Waits until the node's best chain reaches `height` or `timeout_ms` pass (Core's
    /// `waitforblockheight`). `Ok(false)` when the node does not offer the call.
    pub async fn wait_for_block_height(
        &self,
        height: u64,
        timeout_ms: u64,
    ) -> Result<bool, RpcError> {
        match self
            .call::<Value>("waitforblockheight", json!([height, timeout_ms]))
            .await
        {
            Ok(_) => Ok(true),
            Err(RpcError::Node { code: -32601, .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The hash of the best chain's block at `height`.
    pub async fn block_hash(&self, height: u64) -> Result<BlockHash, RpcError> {
        let hex: String = self.call("getblockhash", json!([height])).await?;
        hex.parse()
            .map_err(|e| RpcError::Decode(format!("getblockhash: {e}")))
    }

    /// The block with `hash`, consensus-decoded.
    pub async fn block(&self, hash: &BlockHash) -> Result<Block, RpcError> {
        let hex: String = self.call("getblock", json!([hash.to_string(), 0])).await?;
        decode_hex(&hex, "getblock")
    }

    /// Whether the node serves Core's REST interface (`-rest`).
    pub async fn has_rest(&self) -> Result<bool, RpcError> {
        let url = format!("{}/rest/chaininfo.json", self.url.trim_end_matches('/'));
        let response = self.http.get(url).send().await?;
        Ok(response.status().is_success())
    }

    /// The block with `hash` from Core's REST interface (`/rest/block/<hash>.bin`); `None` when the node does
    /// not serve REST.
    pub async fn rest_block(&self, hash: &BlockHash) -> Result<Option<Block>, RpcError> {
        let url = format!("{}/rest/block/{hash}.bin", self.url.trim_end_matches('/'));
        let response = self.http.get(url).send().await?;
        match response.status() {
            s if s.is_success() => {
                let bytes = response.bytes().await?;
                deserialize(&bytes)
                    .map(Some)
                    .map_err(|e| RpcError::Decode(format!("rest block: {e}")))
            }
            reqwest::StatusCode::NOT_FOUND if self.has_rest().await? => Err(RpcError::Node {
                code: -5,
                message: format!("Block not found: {hash}"),
            }),
            reqwest::StatusCode::NOT_FOUND | reqwest::StatusCode::FORBIDDEN => Ok(None),
            s => Err(RpcError::Decode(format!("rest block: HTTP {s}"))),
        }
    }

    /// Up to `count` headers of the best chain from the block `hash` on, from Core's REST interface
    /// (`/rest/headers/<hash>.bin?count=<count>`, Core 24 and later); `None` when the node does not serve REST.
    pub async fn rest_headers(
        &self,
        hash: &BlockHash,
        count: u32,
    ) -> Result<Option<Vec<Header>>, RpcError> {
        let url = format!(
            "{}/rest/headers/{hash}.bin?count={count}",
            self.url.trim_end_matches('/')
        );
        let response = self.http.get(url).send().await?;
        match response.status() {
            s if s.is_success() => {
                let bytes = response.bytes().await?;
                if bytes.len() % 80 != 0 {
                    return Err(RpcError::Decode(format!(
                        "rest headers: {} bytes is not a whole number of headers",
                        bytes.len()
                    )));
                }
                bytes
                    .chunks(80)
                    .map(|h| {
                        deserialize(h).map_err(|e| RpcError::Decode(format!("rest headers: {e}")))
                    })
                    .collect::<Result<Vec<Header>, _>>()
                    .map(Some)
            }
            reqwest::StatusCode::NOT_FOUND if self.has_rest().await? => Err(RpcError::Node {
                code: -5,
                message: format!("Block not found: {hash}"),
            }),
            reqwest::StatusCode::NOT_FOUND | reqwest::StatusCode::FORBIDDEN => Ok(None),
            s => Err(RpcError::Decode(format!("rest headers: HTTP {s}"))),
        }
    }

    /// The header of the block `hash` (`getblockheader <hash> false`).
    pub async fn block_header(&self, hash: &BlockHash) -> Result<Header, RpcError> {
        let hex: String = self
            .call("getblockheader", json!([hash.to_string(), false]))
            .await?;
        decode_hex(&hex, "getblockheader")
    }

    /// Raw transactions by txid in one JSON-RPC batch; `None` for a txid the node does not know.
    pub async fn transactions(
        &self,
        txids: &[Txid],
    ) -> Result<Vec<(Txid, Option<Transaction>)>, RpcError> {
        let body: Vec<Value> = txids
            .iter()
            .map(crate::fetch::raw_transaction_request)
            .collect();
        let mut request = self.http.post(&self.url).json(&body);
        if let Some((u, p)) = &self.auth {
            request = request.basic_auth(u, Some(p));
        }
        let answers: Vec<Value> = request.send().await?.json().await?;
        let mut by_id: std::collections::HashMap<String, Value> = answers
            .into_iter()
            .filter_map(|a| Some((a.get("id")?.as_str()?.to_owned(), a)))
            .collect();
        let mut out = Vec::with_capacity(txids.len());
        for txid in txids {
            let Some(answer) = by_id.remove(&txid.to_string()) else {
                return Err(RpcError::Decode(format!("batch: no answer for {txid}")));
            };
            if let Some(err) = answer.get("error").filter(|e| !e.is_null()) {
                let code = err.get("code").and_then(Value::as_i64).unwrap_or(0);
                if code == -5 {
                    out.push((*txid, None));
                    continue;
                }
                return Err(RpcError::Node {
                    code,
                    message: err
                        .get("message")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                });
            }
            let hex = answer
                .get("result")
                .and_then(Value::as_str)
                .ok_or_else(|| RpcError::Decode(format!("getrawtransaction {txid}: no hex")))?;
            out.push((*txid, Some(decode_hex(hex, "getrawtransaction")?)));
        }
        Ok(out)
    }
}

fn decode_hex<T: bitcoin::consensus::Decodable>(hex: &str, what: &str) -> Result<T, RpcError> {
    let bytes = hex::decode(hex).map_err(|e| RpcError::Decode(format!("{what}: {e}")))?;
    deserialize(&bytes).map_err(|e| RpcError::Decode(format!("{what}: {e}")))
}
