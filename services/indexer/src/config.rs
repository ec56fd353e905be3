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
    /// The first height whose header the indexer keeps (default 0, the genesis block). The headers from here
    /// up to `start_height` are downloaded (no blocks), each checked to link to its parent and to meet its proof
    /// of work, so that the first indexed block's parent is checked rather than trusted. A node without blocks
    /// below some height (the devnet's chain begins at its first height) needs that height here.
    pub headers_from: u64,
    /// How long to wait at the tip before asking for a new block, in milliseconds.
    pub poll_interval_ms: u64,
    /// A ledger snapshot to start from (a file path or an `http(s)://` URL of its JSON,
    /// `{"height": H, "balances": [{"address", "asset", "quantity"}]}`); recorded on the first start only. The
    /// devnet serves its own at `/devnet/bootstrap.json` and writes it to its data directory.
    pub bootstrap: Option<String>,
    /// Consensus hashes known to be right (btc_stamps' `txlist_hash`, `messages_hash`, `ledger_hash` of a block):
    /// a block whose hashes differ stops the indexer, which then disagrees with the reference.
    pub checkpoints: Vec<Checkpoint>,
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
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`), e.g. `127.0.0.1:9184`; none when unset.
    pub metrics_listen: Option<String>,
    /// Whether the node's mempool is judged and published as the pending view (MEMPOOL) while at the tip.
    pub mempool: bool,
    /// How often the mempool is read at the tip, in milliseconds.
    pub mempool_poll_ms: u64,
    /// The most new mempool transactions read in one pass (a large mempool is taken in over several).
    pub mempool_batch: usize,
}

impl Default for IndexerConfig {
    fn default() -> Self {
        Self {
            rpc_url: "http://127.0.0.1:18443".into(),
            rpc_user: None,
            rpc_password: None,
            rpc_cookie_file: None,
            start_height: stamps_protocol::network::mainnet::CP_STAMP_GENESIS_BLOCK,
            headers_from: 0,
            poll_interval_ms: 500,
            bootstrap: None,
            checkpoints: Vec::new(),
            commit_blocks: 100,
            commit_interval_ms: 2_000,
            near_tip_blocks: 6,
            prefetch_blocks: 8,
            max_reorg_depth: 20,
            rpc_retries: 5,
            metrics_listen: None,
            mempool: true,
            mempool_poll_ms: 250,
            mempool_batch: 20_000,
        }
    }
}

/// A block's consensus hashes as the reference computes them; absent ones are not checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Block height.
    pub height: u64,
    /// Expected `txlist_hash`.
    pub txlist_hash: Option<String>,
    /// Expected `messages_hash`.
    pub messages_hash: Option<String>,
    /// Expected `ledger_hash`.
    pub ledger_hash: Option<String>,
}

impl Checkpoint {
    /// The first hash of `hashes` that differs from this checkpoint: (name, computed, expected).
    pub fn mismatch(
        &self,
        hashes: &stamps_protocol::hashes::BlockHashes,
    ) -> Option<(&'static str, String, String)> {
        [
            ("txlist_hash", &hashes.txlist_hash, &self.txlist_hash),
            ("messages_hash", &hashes.messages_hash, &self.messages_hash),
            ("ledger_hash", &hashes.ledger_hash, &self.ledger_hash),
        ]
        .into_iter()
        .find_map(|(name, computed, expected)| {
            let expected = expected.as_ref()?;
            (computed != expected).then(|| (name, computed.clone(), expected.clone()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_checks_only_the_hashes_it_names() {
        let hashes = stamps_protocol::hashes::BlockHashes {
            txlist_hash: "aa".into(),
            messages_hash: "bb".into(),
            ledger_hash: String::new(),
        };
        let mut cp = Checkpoint {
            height: 1,
            txlist_hash: Some("aa".into()),
            messages_hash: None,
            ledger_hash: None,
        };
        assert_eq!(cp.mismatch(&hashes), None);
        cp.messages_hash = Some("cc".into());
        assert_eq!(
            cp.mismatch(&hashes),
            Some(("messages_hash", "bb".to_owned(), "cc".to_owned()))
        );
    }
}
