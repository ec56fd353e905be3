//! A Bitcoin node as the fee oracle and the wallet use it: Core's JSON-RPC (`estimatesmartfee`,
//! `testmempoolaccept`, `sendrawtransaction`) and the mempool.space-compatible HTTP API (fees, prices, an
//! address's UTXOs). The indexer has its own client, shaped for fetching blocks.

use std::time::Duration;

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::config::NodeConfig;

/// Why a call failed.
#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    /// The node could not be reached, or answered with an HTTP error.
    #[error("node transport: {0}")]
    Transport(#[from] reqwest::Error),
    /// The node answered with an error object (Core's code and message).
    #[error("{message}")]
    Rpc {
        /// Core's error code (e.g. -26 for a transaction the mempool refuses).
        code: i64,
        /// Core's message.
        message: String,
    },
    /// The answer did not have the expected shape.
    #[error("node answer: {0}")]
    Decode(String),
    /// The cookie file could not be read.
    #[error("node rpc cookie: {0}")]
    Cookie(String),
}

/// A client of one node's JSON-RPC and HTTP API.
#[derive(Clone)]
pub struct Node {
    http: reqwest::Client,
    rpc_url: String,
    auth: Option<(String, String)>,
    api_url: String,
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node")
            .field("rpc_url", &self.rpc_url)
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

impl Node {
    /// A client for the configured node (user and password, else the cookie file, else no authentication); every
    /// call gives up after `timeout`.
    pub fn new(config: &NodeConfig, timeout: Duration) -> Result<Self, NodeError> {
        let auth = match (
            &config.rpc_user,
            &config.rpc_password,
            &config.rpc_cookie_file,
        ) {
            (Some(u), Some(p), _) => Some((u.clone(), p.clone())),
            (_, _, Some(path)) => {
                let cookie = std::fs::read_to_string(path)
                    .map_err(|e| NodeError::Cookie(format!("{}: {e}", path.display())))?;
                let (u, p) = cookie
                    .trim()
                    .split_once(':')
                    .ok_or_else(|| NodeError::Cookie("the cookie is not user:password".into()))?;
                Some((u.to_owned(), p.to_owned()))
            }
            _ => None,
        };
        let http = reqwest::Client::builder().timeout(timeout).build()?;
        Ok(Self {
            http,
            rpc_url: config.rpc_url.clone(),
            auth,
            api_url: config.api_url.trim_end_matches('/').to_owned(),
        })
    }

    /// Calls the JSON-RPC `method` with `params` and decodes its result.
    pub async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
    ) -> Result<T, NodeError> {
        let body = json!({"jsonrpc": "1.0", "id": "stamps", "method": method, "params": params});
        let mut request = self.http.post(&self.rpc_url).json(&body);
        if let Some((u, p)) = &self.auth {
            request = request.basic_auth(u, Some(p));
        }
        let answer: Value = request.send().await?.json().await?;
        if let Some(err) = answer.get("error").filter(|e| !e.is_null()) {
            return Err(NodeError::Rpc {
                code: err.get("code").and_then(Value::as_i64).unwrap_or(0),
                message: err
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned(),
            });
        }
        serde_json::from_value(answer.get("result").cloned().unwrap_or(Value::Null))
            .map_err(|e| NodeError::Decode(format!("{method}: {e}")))
    }

    /// GETs `path` (e.g. `/api/v1/fees/recommended`) of the HTTP API as JSON; a non-2xx status is an error.
    pub async fn api_json(&self, path: &str) -> Result<Value, NodeError> {
        let response = self
            .http
            .get(format!("{}{path}", self.api_url))
            .send()
            .await?
            .error_for_status()?;
        Ok(response.json().await?)
    }
}
