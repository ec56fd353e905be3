//! The devnet's settings.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// How the devnet's chain is made and served.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct DevnetConfig {
    /// JSON-RPC listen address (port 0 picks a free port).
    pub rpc_listen: String,
    /// Height of the devnet's first block (mainnet-like, so mainnet's rules for that height apply).
    pub first_height: u64,
    /// Seed of every key, asset id and image.
    pub seed: u64,
    /// How many classic stamps the scenario creates.
    pub stamps: u32,
    /// Seconds between automatically mined blocks; 0 mines only on `generatetoaddress`.
    pub block_interval_secs: u64,
    /// Where the chain and the mempool are kept across restarts; `None` keeps everything in memory.
    pub data_dir: Option<PathBuf>,
    /// Start a new chain, deleting what the data directory holds.
    pub fresh: bool,
}

impl Default for DevnetConfig {
    fn default() -> Self {
        Self {
            rpc_listen: "127.0.0.1:18443".into(),
            first_height: 840_000,
            seed: 1,
            stamps: 12,
            block_interval_secs: 0,
            data_dir: None,
            fresh: false,
        }
    }
}
