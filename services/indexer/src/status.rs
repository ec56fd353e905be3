//! `stamps indexer status`: where the indexer stands against the node, read from its tables and the node.

use stamps_platform::config::PostgresConfig;
use stamps_platform::db;

use crate::bitcoind::BitcoinRpc;
use crate::config::IndexerConfig;
use crate::service::{IndexerError, SCHEMA};

/// The indexer's position.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Status {
    /// Height and hash of the last indexed block, if any.
    pub indexed: Option<(u64, String)>,
    /// The node's best height, if the node answered.
    pub node_tip: Option<u64>,
    /// Headers kept below the start height, and the highest one's height.
    pub headers: (u64, Option<u64>),
    /// Blocks indexed in the last minute.
    pub blocks_last_minute: u64,
    /// The Counterparty protocol version the indexer implements.
    pub counterparty_version: &'static str,
}

impl Status {
    /// Blocks between the indexed tip and the node's.
    pub fn behind(&self) -> Option<u64> {
        let tip = self.node_tip?;
        Some(match &self.indexed {
            Some((h, _)) => tip.saturating_sub(*h),
            None => tip,
        })
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.indexed {
            Some((h, hash)) => writeln!(f, "indexed: {h} ({hash})")?,
            None => writeln!(f, "indexed: nothing yet")?,
        }
        match self.headers {
            (0, _) | (_, None) => writeln!(f, "headers below the start height: none kept")?,
            (count, Some(top)) => writeln!(
                f,
                "headers below the start height: {count} kept, up to {top}"
            )?,
        }
        match (self.node_tip, self.behind()) {
            (Some(tip), Some(behind)) => writeln!(f, "node tip: {tip} ({behind} blocks behind)")?,
            _ => writeln!(f, "node tip: unknown (the node did not answer)")?,
        }
        let per_sec = self.blocks_last_minute as f64 / 60.0;
        write!(f, "rate: {per_sec:.1} blocks/s over the last minute")?;
        if let Some(behind) = self.behind().filter(|b| *b > 0 && per_sec > 0.0) {
            write!(
                f,
                ", about {} s to the tip",
                (behind as f64 / per_sec).round()
            )?;
        }
        write!(f, "\ncounterparty protocol: {}", self.counterparty_version)
    }
}

/// Reads the indexer's position from its database and the node.
pub async fn status(config: &IndexerConfig, pg: &PostgresConfig) -> Result<Status, IndexerError> {
    let pool = db::connect(pg, SCHEMA, &crate::service::MIGRATOR).await?;
    let indexed: Option<(i64, String)> =
        sqlx::query_as("SELECT height, hash FROM blocks ORDER BY height DESC LIMIT 1")
            .fetch_optional(&pool)
            .await?;
    let recent: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM blocks WHERE indexed_at > now() - interval '1 minute'",
    )
    .fetch_one(&pool)
    .await?;
    let headers = crate::headers::kept(&pool).await?;
    let node_tip = match BitcoinRpc::new(config) {
        Ok(rpc) => rpc.block_count().await.ok(),
        Err(_) => None,
    };
    Ok(Status {
        indexed: indexed.map(|(h, hash)| (h.max(0) as u64, hash)),
        node_tip,
        headers,
        blocks_last_minute: recent.max(0) as u64,
        counterparty_version: stamps_protocol::network::COUNTERPARTY_PROTOCOL_VERSION,
    })
}
