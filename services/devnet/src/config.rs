//! The devnet's settings.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// Which activity the devnet's chain carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ScenarioKind {
    /// A few classic PNG stamps (`stamps` of them), one per block: for tests of the plumbing.
    Minimal,
    /// A marketplace worth browsing: every payload type, hundreds of stamps, dozens of ticks and collections.
    #[default]
    Demo,
    /// Mainnet-like volume (at scale 1: a million stamps, a million SRC-20 operations).
    Bench,
}

impl ScenarioKind {
    /// Parses `minimal`, `demo` or `bench`.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "minimal" => Self::Minimal,
            "demo" => Self::Demo,
            "bench" => Self::Bench,
            _ => return None,
        })
    }
}

/// How the devnet's chain is made and served.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct DevnetConfig {
    /// JSON-RPC listen address (port 0 picks a free port).
    pub rpc_listen: String,
    /// Listen address of the mempool-style HTTP API (fees, UTXOs, broadcast, prices).
    pub api_listen: String,
    /// Height of the devnet's first block (mainnet-like, so mainnet's rules for that height apply).
    pub first_height: u64,
    /// Seed of every key, asset id and image.
    pub seed: u64,
    /// The scenario.
    pub scenario: ScenarioKind,
    /// Scale of the demo and bench scenarios (1: their nominal size).
    pub scale: f64,
    /// How many classic stamps the minimal scenario creates.
    pub stamps: u32,
    /// Base URL under which the mempool-style API is reachable, written into asset descriptions that point
    /// to enhanced asset information.
    pub asset_info_url: String,
    /// Seconds between automatically mined blocks; 0 mines only on `generatetoaddress`.
    pub block_interval_secs: u64,
    /// Where the chain and the mempool are kept across restarts; `None` keeps everything in memory.
    pub data_dir: Option<PathBuf>,
    /// Start a new chain, deleting what the data directory holds.
    pub fresh: bool,
    /// JSON-RPC user name (with `rpc_password`). Without it, a data directory gets a `.cookie` file as Core
    /// writes it and JSON-RPC requires those credentials; an in-memory devnet without either is open.
    pub rpc_user: Option<String>,
    /// JSON-RPC password.
    pub rpc_password: Option<String>,
    /// Unix time of the scenario's last block, the others ten minutes apart before it. [`crate::build`] sets
    /// it, when unset, to the moment the devnet was first started (kept in its data directory, so that a
    /// restart continues the same chain). Unset when generating alone: blocks follow mainnet's schedule from
    /// block 840000.
    pub tip_time: Option<i64>,
}

impl Default for DevnetConfig {
    fn default() -> Self {
        Self {
            rpc_listen: "127.0.0.1:18443".into(),
            api_listen: "127.0.0.1:18444".into(),
            first_height: 962_000,
            seed: 1,
            scenario: ScenarioKind::Demo,
            scale: 1.0,
            stamps: 12,
            asset_info_url: "http://127.0.0.1:18444".into(),
            block_interval_secs: 0,
            data_dir: None,
            fresh: false,
            rpc_user: None,
            rpc_password: None,
            tip_time: None,
        }
    }
}
