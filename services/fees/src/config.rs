//! The fee oracle's settings.

use serde::{Deserialize, Serialize};

/// Where the oracle listens and how often it reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct FeesConfig {
    /// gRPC listen address (port 0 picks a free port).
    pub grpc_listen: String,
    /// Milliseconds between two readings (public fee APIs limit how often they answer).
    pub poll_interval_ms: u64,
    /// The mempool-style API's base URL for fees and prices; empty: the node's (`node.api_url`).
    pub api_url: String,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
}

impl Default for FeesConfig {
    fn default() -> Self {
        Self {
            grpc_listen: "127.0.0.1:50053".into(),
            poll_interval_ms: 10_000,
            api_url: String::new(),
            metrics_listen: None,
        }
    }
}
