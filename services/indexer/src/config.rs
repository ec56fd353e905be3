//! The indexer's settings.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// How the indexer reaches Bitcoin Core and where it starts.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct IndexerConfig {
    /// Bitcoin Core JSON-RPC URL.
    pub rpc_url: String,
    /// RPC user name (with `rpc_password`); when absent, `rpc_cookie_file` is used if set.
    pub rpc_user: Option<String>,
    /// RPC password. Never logged.
    pub rpc_password: Option<String>,
    /// Path of Core's `.cookie` file.
    pub rpc_cookie_file: Option<PathBuf>,
    /// First block to index (mainnet: the first stamp, 779652).
    pub start_height: u64,
    /// How long to wait at the tip before asking for a new block, in milliseconds.
    pub poll_interval_ms: u64,
    /// A ledger snapshot to start from (a file path or an `http(s)://` URL of its JSON,
    /// `{"height": H, "balances": [{"address", "asset", "quantity"}]}`); recorded on the first start only. The
    /// devnet serves its own at `/devnet/bootstrap.json` and writes it to its data directory.
    pub bootstrap: Option<String>,
    /// Blocks per database transaction while catching up.
    pub commit_blocks: u64,
    /// Longest a catch-up transaction runs before it commits, in milliseconds.
    pub commit_interval_ms: u64,
    /// Within this many blocks of the node's tip, every block is committed on its own.
    pub near_tip_blocks: u64,
    /// Blocks fetched ahead of the one being indexed.
    pub prefetch_blocks: usize,
    /// Deepest reorg the indexer unwinds; a deeper one stops it with a message saying so.
    pub max_reorg_depth: u64,
    /// Retries of a node call that failed in transport (with exponential backoff from 100 ms to 5 s).
    pub rpc_retries: u32,
}

impl Default for IndexerConfig {
    fn default() -> Self {
        Self {
            rpc_url: "http://127.0.0.1:18443".into(),
            rpc_user: None,
            rpc_password: None,
            rpc_cookie_file: None,
            start_height: stamps_protocol::network::mainnet::CP_STAMP_GENESIS_BLOCK,
            poll_interval_ms: 500,
            bootstrap: None,
            commit_blocks: 100,
            commit_interval_ms: 2_000,
            near_tip_blocks: 6,
            prefetch_blocks: 8,
            max_reorg_depth: 20,
            rpc_retries: 5,
        }
    }
}
