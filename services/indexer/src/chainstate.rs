//! The state a block is decoded against, kept in memory and loaded from the indexer's tables: the next blessed
//! and cursed stamp numbers, the CPIDs already stamped, the previous block's consensus hashes, the SRC-20
//! deploys, minted totals and balances, and the Counterparty ledger. It advances with each indexed block and is
//! reloaded from the tables
//! after an unwind or a failed transaction, so that it always equals what is committed.

use std::collections::HashSet;

use sqlx::PgPool;
use stamps_protocol::Rules;
use stamps_protocol::block::DecodedBlock;
use stamps_protocol::counterparty::rules::{Bootstrap, BootstrapBalance, MemoryLedger};
use stamps_protocol::py::PyDecimal;
use stamps_protocol::src20::{Deploy, MemoryState, Src20State};

/// What decoding the next block needs from the blocks before it.
#[derive(Debug)]
pub struct ChainState {
    /// The number the next blessed stamp gets.
    pub next_stamp: i64,
    /// The number the next cursed stamp gets.
    pub next_cursed: i64,
    /// CPIDs that already have a stamp.
    pub stamped: HashSet<String>,
    /// The last block's `txlist_hash` and `messages_hash`, and the last non-empty `ledger_hash`.
    pub prev_txlist_hash: String,
    /// See `prev_txlist_hash`.
    pub prev_messages_hash: String,
    /// See `prev_txlist_hash`.
    pub prev_ledger_hash: String,
    /// SRC-20 deploys, minted totals and balances.
    pub src20: MemoryState,
    /// The Counterparty ledger.
    pub ledger: MemoryLedger,
    /// The bootstrap snapshot's balances while no block is indexed: the first block's `BlockIndexed` carries
    /// them, so that projections start from the same ledger.
    pub bootstrap: Vec<BootstrapBalance>,
}

impl ChainState {
    /// The state as the committed tables hold it.
    pub async fn load(pool: &PgPool, rules: Rules) -> Result<Self, sqlx::Error> {
        let (max, min): (Option<i64>, Option<i64>) = sqlx::query_as(
            "SELECT MAX(stamp) FILTER (WHERE stamp >= 0), MIN(stamp) FILTER (WHERE stamp < 0) FROM \
                stamps",
        )
        .fetch_one(pool)
        .await?;
        let stamped: Vec<String> = sqlx::query_scalar("SELECT cpid FROM stamps")
            .fetch_all(pool)
            .await?;
        let hashes: Option<(Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT txlist_hash, messages_hash FROM blocks ORDER BY height DESC LIMIT 1",
        )
        .fetch_optional(pool)
        .await?;
        let ledger: Option<String> = sqlx::query_scalar(
            "SELECT ledger_hash FROM blocks WHERE ledger_hash <> '' ORDER BY height DESC LIMIT 1",
        )
        .fetch_optional(pool)
        .await?;
        let mut src20 = MemoryState::default();
        let deploys: Vec<(String, String, String, i32)> = sqlx::query_as(
            "SELECT DISTINCT ON (tick) tick, lim, max, dec FROM src20_ops
             WHERE valid AND op = 'DEPLOY' ORDER BY tick, block_index, tx_index",
        )
        .fetch_all(pool)
        .await?;
        for (tick, lim, max, dec) in deploys {
            if let (Some(lim), Some(max)) = (PyDecimal::parse(&lim), PyDecimal::parse(&max)) {
                src20.deploys.insert(
                    tick,
                    Deploy {
                        lim,
                        max,
                        dec: u32::try_from(dec).unwrap_or(18),
                    },
                );
            }
        }
        let mints: Vec<(String, String)> =
            sqlx::query_as("SELECT tick, amt FROM src20_ops WHERE valid AND op = 'MINT' ORDER BY block_index, tx_index")
                .fetch_all(pool)
                .await?;
        for (tick, amt) in mints {
            if let Some(amt) = PyDecimal::parse(&amt) {
                let total = src20.total_minted(&tick);
                let sum = total.add(&amt).unwrap_or(total);
                src20.minted.insert(tick, sum);
            }
        }
        let balances: Vec<(String, String, String)> =
            sqlx::query_as("SELECT tick, address, balance FROM src20_balances")
                .fetch_all(pool)
                .await?;
        for (tick, address, balance) in balances {
            if let Some(b) = PyDecimal::parse(&balance) {
                src20.balances.insert((tick, address), b);
            }
        }
        let bootstrap = if hashes.is_none() {
            let snapshot: Option<sqlx::types::Json<Bootstrap>> =
                sqlx::query_scalar("SELECT snapshot FROM ledger_bootstrap")
                    .fetch_optional(pool)
                    .await?;
            snapshot.map(|s| s.0.balances).unwrap_or_default()
        } else {
            Vec::new()
        };
        let (prev_txlist_hash, prev_messages_hash) = hashes
            .map(|(t, m)| (t.unwrap_or_default(), m.unwrap_or_default()))
            .unwrap_or_default();
        Ok(Self {
            next_stamp: max.map_or(0, |m| m + 1),
            next_cursed: min.map_or(-1, |m| m - 1),
            stamped: stamped.into_iter().collect(),
            prev_txlist_hash,
            prev_messages_hash,
            prev_ledger_hash: ledger.unwrap_or_default(),
            src20,
            ledger: crate::ledger_db::load(pool, rules).await?,
            bootstrap,
        })
    }

    /// Advances past `decoded`, the block just indexed.
    pub fn advance(&mut self, decoded: &DecodedBlock) {
        for s in &decoded.stamps {
            if s.stamp >= 0 {
                self.next_stamp = self.next_stamp.max(s.stamp + 1);
            } else {
                self.next_cursed = self.next_cursed.min(s.stamp - 1);
            }
            self.stamped.insert(s.cpid.clone());
        }
        if let Some(h) = &decoded.hashes {
            self.prev_txlist_hash = h.txlist_hash.clone();
            self.prev_messages_hash = h.messages_hash.clone();
            if !h.ledger_hash.is_empty() {
                self.prev_ledger_hash = h.ledger_hash.clone();
            }
        }
        self.src20.apply_decoded(decoded);
        self.bootstrap.clear();
    }
}
