//! The indexer's Prometheus metrics: where it stands against the node, how fast it goes and what it did.

use std::sync::atomic::AtomicU64;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use stamps_platform::metrics::Registry;

/// The indexer's own metrics (registered under the `stamps_indexer_` prefix of its service metrics).
#[derive(Clone, Default)]
pub struct IndexerMetrics {
    /// Highest committed block.
    pub height: Gauge,
    /// The node's best height when last asked.
    pub node_tip: Gauge,
    /// Blocks indexed per second over the last progress period.
    pub blocks_per_second: Gauge<f64, AtomicU64>,
    /// Seconds left to reach the node's tip at that rate (0 at the tip).
    pub eta_seconds: Gauge,
    /// Blocks committed.
    pub blocks: Counter,
    /// Transactions in the blocks committed.
    pub transactions: Counter,
    /// Stamps numbered.
    pub stamps: Counter,
    /// Reorgs unwound.
    pub reorgs: Counter,
    /// Blocks undone by reorgs.
    pub unwound_blocks: Counter,
    /// Mempool transactions judged in the last pass of the pending view.
    pub mempool_pending: Gauge,
}

impl IndexerMetrics {
    /// Creates the metrics and registers them in `registry`.
    pub fn register(registry: &mut Registry) -> Self {
        let m = Self::default();
        let r = registry;
        r.register("height", "Highest committed block", m.height.clone());
        r.register(
            "node_tip",
            "The node's best height when last asked",
            m.node_tip.clone(),
        );
        r.register(
            "blocks_per_second",
            "Blocks indexed per second over the last progress period",
            m.blocks_per_second.clone(),
        );
        r.register(
            "eta_seconds",
            "Seconds left to reach the node's tip at the current rate",
            m.eta_seconds.clone(),
        );
        r.register("blocks", "Blocks committed", m.blocks.clone());
        r.register(
            "transactions",
            "Transactions in the blocks committed",
            m.transactions.clone(),
        );
        r.register("stamps", "Stamps numbered", m.stamps.clone());
        r.register("reorgs", "Reorgs unwound", m.reorgs.clone());
        r.register(
            "unwound_blocks",
            "Blocks undone by reorgs",
            m.unwound_blocks.clone(),
        );
        r.register(
            "mempool_pending",
            "Mempool transactions judged in the last pass of the pending view",
            m.mempool_pending.clone(),
        );
        m
    }
}
