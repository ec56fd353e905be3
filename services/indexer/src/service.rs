//! The follow loop: ask the node for the next block, decode it, apply it to the ledger and record it with
//! its `BlockIndexed` event in one transaction; when the node's chain forks below the indexed tip, unwind to the fork.

use std::sync::Arc;
use std::time::Duration;

use futures::{StreamExt, TryStreamExt};

use bitcoin::Block;
use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::content::{ContentError, ContentStore};
use stamps_platform::db::{self, DbError};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::outbox::{self, Relay};
use stamps_platform::shutdown::Shutdown;
use stamps_proto::events::v1::StampCreated;
use stamps_protocol::Rules;
use stamps_protocol::block::{BlockContext, StampRecord, decode_block, decode_contents};
use stamps_protocol::counterparty::ledger::{AssetInfo, LedgerState};
use stamps_protocol::counterparty::transport::{self, PrevoutSource};
use stamps_protocol::src20::MemoryState;
use stamps_protocol::src20::transport as src20_transport;

use crate::chainstate::ChainState;
use crate::config::IndexerConfig;
use crate::events;
use crate::rpc::{BitcoinRpc, RpcError};
use crate::source::{BlockSource, Prefetch, Retry};
use crate::store;

/// The live value holding the Counterparty protocol version the indexer implements.
pub const CP_VERSION_KEY: &str = "cpVersion";

/// The indexer's Postgres schema.
pub const SCHEMA: &str = "indexer";

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Why the indexer failed.
#[derive(Debug, thiserror::Error)]
pub enum IndexerError {
    /// Database setup.
    #[error(transparent)]
    Db(#[from] DbError),
    /// A query.
    #[error("postgres: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// NATS setup.
    #[error(transparent)]
    Nats(#[from] NatsError),
    /// The node.
    #[error(transparent)]
    Rpc(#[from] RpcError),
    /// The content store.
    #[error(transparent)]
    Content(#[from] ContentError),
    /// The bootstrap snapshot could not be read.
    #[error("bootstrap snapshot {location}: {reason}")]
    Bootstrap {
        /// Where it was looked for.
        location: String,
        /// Why it could not be used.
        reason: String,
    },
    /// A block's consensus hash differs from a configured checkpoint.
    #[error(
        "block {height}: {name} is {computed}, the checkpoint says {expected}: stopping (this indexer disagrees \
         with the reference from this block on)"
    )]
    Checkpoint {
        /// Block height.
        height: u64,
        /// Which hash.
        name: &'static str,
        /// What this indexer computed.
        computed: String,
        /// What the checkpoint expects.
        expected: String,
    },
    /// A reorg deeper than the indexer unwinds: an operator must look (a deep fork is rarely benign).
    #[error(
        "the node's chain forks {depth} blocks below the indexed tip at {tip}, deeper than \
         indexer.max_reorg_depth ({max}): stopping; raise the limit or re-index from before the fork"
    )]
    ReorgTooDeep {
        /// Blocks that would be undone (at least).
        depth: u64,
        /// The indexed tip.
        tip: u64,
        /// The configured limit.
        max: u64,
    },
}

/// A built indexer, ready to run.
pub struct Indexer {
    pool: sqlx::PgPool,
    source: Arc<BlockSource>,
    prefetch: tokio::sync::Mutex<Prefetch>,
    /// What the next block is decoded against (reloaded from the tables after an unwind or a failure).
    state: tokio::sync::Mutex<ChainState>,
    content: ContentStore,
    relay: Relay,
    config: IndexerConfig,
    rules: Rules,
}

/// Connects to Postgres (running migrations), NATS (creating the CHAIN stream) and the node's RPC client.
pub async fn build(
    config: &IndexerConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
) -> Result<Indexer, IndexerError> {
    let pool = db::connect(pg, SCHEMA, &MIGRATOR).await?;
    let nats = Nats::connect(nats).await?;
    nats.ensure_stream(Stream::Chain).await?;
    nats.put_realtime(
        CP_VERSION_KEY,
        &serde_json::json!(stamps_protocol::network::COUNTERPARTY_PROTOCOL_VERSION),
    )
    .await?;
    let content = ContentStore::open(&nats).await?;
    let relay = Relay::new(pool.clone(), nats, Duration::from_millis(500));
    let retry = Retry {
        retries: config.rpc_retries,
        ..Retry::default()
    };
    let source = Arc::new(BlockSource::new(BitcoinRpc::new(config)?, retry));
    if let Some(location) = &config.bootstrap {
        let snapshot = read_bootstrap(location).await?;
        if crate::ledger::record_bootstrap(&pool, &snapshot).await? {
            tracing::info!(
                height = snapshot.height,
                balances = snapshot.balances.len(),
                %location,
                "ledger seeded from its bootstrap snapshot"
            );
        }
    }
    let state = ChainState::load(&pool, Rules::MAINNET).await?;
    Ok(Indexer {
        pool,
        prefetch: tokio::sync::Mutex::new(Prefetch::new(source.clone(), config.prefetch_blocks)),
        state: tokio::sync::Mutex::new(state),
        source,
        content,
        relay,
        config: config.clone(),
        rules: Rules::MAINNET,
    })
}

enum Progress {
    /// `blocks` blocks were indexed, up to `height`, the node's tip being `tip`.
    Indexed { height: u64, tip: u64, blocks: u64 },
    /// Blocks were unwound.
    Unwound,
    /// Nothing to index: the next block has this height.
    AtTip(u64),
}

impl Indexer {
    /// Follows the node until `shutdown`, checking it after every block; then flushes the outbox.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), IndexerError> {
        let relay = tokio::spawn(self.relay.clone().run(shutdown.clone()));
        let poll = Duration::from_millis(self.config.poll_interval_ms.max(10));
        let mut backoff = Duration::from_millis(200);
        let mut rate = Rate::new(Duration::from_secs(10));
        while !shutdown.is_cancelled() {
            // A step checks `shutdown` after each block and commits what it did. (Were it dropped mid-way, its
            // transaction would roll back and file puts are idempotent: nothing is half-written.)
            let step = self.step(&shutdown).await;
            let wait = match step {
                Ok(Progress::Indexed {
                    height,
                    tip,
                    blocks,
                }) => {
                    rate.record(height, tip, blocks);
                    backoff = Duration::from_millis(200);
                    continue;
                }
                Ok(Progress::Unwound) => {
                    backoff = Duration::from_millis(200);
                    continue;
                }
                Ok(Progress::AtTip(next)) => {
                    // At the tip, long-poll the node for the next block (Core's `waitforblockheight`); a node
                    // without it is polled.
                    let waited = tokio::select! {
                        _ = shutdown.cancelled() => break,
                        waited = self.source.wait_for_height(next, poll) => waited,
                    };
                    match waited {
                        Ok(true) => continue,
                        _ => poll,
                    }
                }
                Err(e @ (IndexerError::ReorgTooDeep { .. } | IndexerError::Checkpoint { .. })) => {
                    tracing::error!(error = %e, "indexer stopped");
                    // Whatever the outbox still holds is committed: the next start publishes it.
                    relay.abort();
                    return Err(e);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "indexing step failed; retrying");
                    backoff = (backoff * 2).min(Duration::from_secs(10));
                    backoff
                }
            };
            tokio::select! {
                _ = shutdown.cancelled() => {}
                _ = tokio::time::sleep(wait) => {}
            }
        }
        let _ = relay.await;
        Ok(())
    }

    async fn step(&self, shutdown: &Shutdown) -> Result<Progress, IndexerError> {
        let node_tip = self.source.tip().await?;
        let last = store::tip(&self.pool).await?;
        let next = last
            .as_ref()
            .map_or(self.config.start_height, |b| b.height.max(0) as u64 + 1);
        if next > node_tip {
            // The node may have moved to a shorter branch: our tip must still be on its chain.
            if let Some(last) = &last {
                let height = last.height.max(0) as u64;
                if height > node_tip || self.source.hash(height).await?.to_string() != last.hash {
                    self.reorg(height, node_tip).await?;
                    return Ok(Progress::Unwound);
                }
            }
            return Ok(Progress::AtTip(next));
        }
        // Near the tip every block is its own transaction; during catch-up a transaction holds up to
        // `commit_blocks` blocks or `commit_interval_ms` of work, whichever ends first.
        let batch = if node_tip - next >= self.config.near_tip_blocks {
            self.config.commit_blocks.max(1)
        } else {
            1
        };
        let started = std::time::Instant::now();
        let interval = Duration::from_millis(self.config.commit_interval_ms);
        let mut prefetch = self.prefetch.lock().await;
        let mut state = self.state.lock().await;
        let mut tx = self.pool.begin().await?;
        let mut parent = last.map(|b| b.hash);
        let mut height = next;
        let mut indexed = None;
        while height <= node_tip && height < next + batch {
            let block = prefetch.block(height, node_tip).await?;
            if let Some(parent_hash) = &parent
                && block.header.prev_blockhash.to_string() != *parent_hash
            {
                break;
            }
            if let Err(e) = self.index_block(&mut tx, &mut state, height, &block).await {
                // The transaction rolls back: the state must go back to what is committed.
                drop(tx);
                *state = ChainState::load(&self.pool, self.rules).await?;
                return Err(e);
            }
            parent = Some(block.block_hash().to_string());
            indexed = Some(height);
            height += 1;
            if shutdown.is_cancelled() || started.elapsed() >= interval {
                break;
            }
        }
        drop(prefetch);
        if let Err(e) = tx.commit().await {
            *state = ChainState::load(&self.pool, self.rules).await?;
            return Err(e.into());
        }
        drop(state);
        self.relay.notify();
        match indexed {
            Some(height) => Ok(Progress::Indexed {
                height,
                tip: node_tip,
                blocks: height + 1 - next,
            }),
            None => {
                // The next block does not build on the indexed tip: the node's chain forked below it.
                let tip = next - 1;
                tracing::warn!(
                    height = tip,
                    "indexed tip no longer on the best chain; unwinding"
                );
                self.reorg(tip, node_tip).await?;
                Ok(Progress::Unwound)
            }
        }
    }

    /// Finds where the node's best chain leaves the indexed one (below `tip`) and unwinds every indexed block
    /// above that point in one transaction, newest first, with a `BlockReverted` for each. Refuses a fork
    /// deeper than `max_reorg_depth`.
    async fn reorg(&self, tip: u64, node_tip: u64) -> Result<(), IndexerError> {
        self.prefetch.lock().await.reset();
        let mut height = tip;
        let mut depth = 0u64;
        while let Some(stored) = store::block_hash(&self.pool, height).await? {
            if height <= node_tip && self.source.hash(height).await?.to_string() == stored {
                break;
            }
            depth += 1;
            if depth > self.config.max_reorg_depth {
                return Err(IndexerError::ReorgTooDeep {
                    depth,
                    tip,
                    max: self.config.max_reorg_depth,
                });
            }
            match height.checked_sub(1) {
                Some(h) => height = h,
                None => break,
            }
        }
        let mut tx = self.pool.begin().await?;
        for h in (tip + 1 - depth..=tip).rev() {
            if let Some(hash) = store::delete_block(&mut tx, h).await? {
                let payload = events::block_reverted(h, hash.clone());
                outbox::enqueue(
                    &mut tx,
                    events::SUBJECT_REVERTED,
                    &events::reverted_msg_id(&hash),
                    &payload,
                )
                .await?;
            }
        }
        tx.commit().await?;
        *self.state.lock().await = ChainState::load(&self.pool, self.rules).await?;
        self.relay.notify();
        tracing::warn!(depth, from = tip, "reorg unwound");
        Ok(())
    }

    /// Indexes `block` at `height` inside `tx`: its facts, its block row and its `BlockIndexed` outbox row.
    /// `state` is what the blocks before it left; it advances past this block.
    async fn index_block(
        &self,
        tx: &mut sqlx::PgConnection,
        state: &mut ChainState,
        height: u64,
        block: &Block,
    ) -> Result<(), IndexerError> {
        let hash = block.block_hash().to_string();
        // The outputs spent by every transaction that may carry Counterparty data or a raw stamp, or that
        // spends a UTXO holding balances: sources, SRC-20 creators and fees come from them.
        let outpoints: Vec<bitcoin::OutPoint> = block
            .txdata
            .iter()
            .skip(1)
            .filter(|t| {
                transport::has_counterparty_data(t)
                    || src20_transport::prefilter(t).should_include
                    || t.input.iter().any(|i| {
                        !state
                            .ledger
                            .positive_balances(&i.previous_output.to_string())
                            .is_empty()
                    })
            })
            .flat_map(|t| t.input.iter().map(|i| i.previous_output))
            .collect();
        let prevouts = Prevouts(self.source.prevouts(block, &outpoints).await?);

        // The Counterparty ledger first: stamps need their issuance to be valid before they are numbered.
        let records = {
            let src20 = MemoryState::default();
            let ctx = BlockContext::offline(height, self.rules, &prevouts, &src20);
            decode_contents(block, &ctx).counterparty
        };
        let block_ledger = crate::ledger::apply_block(
            &mut state.ledger,
            block,
            &records,
            &prevouts,
            height,
            self.rules,
        );
        let valid = block_ledger.valid_issuances();

        // The context holds trait objects that are not `Sync`: it lives only for the decode.
        let decoded = {
            let has_stamp = |cpid: &str| state.stamped.contains(cpid);
            let issuance_valid = |tx_hash: &str| valid.contains(tx_hash);
            let ctx = BlockContext {
                height,
                rules: self.rules,
                next_stamp: state.next_stamp,
                next_cursed: state.next_cursed,
                prev_txlist_hash: state.prev_txlist_hash.clone(),
                prev_messages_hash: state.prev_messages_hash.clone(),
                prev_ledger_hash: state.prev_ledger_hash.clone(),
                prevouts: &prevouts,
                has_stamp: &has_stamp,
                issuance_valid: &issuance_valid,
                src20: &state.src20,
            };
            decode_block(block, &ctx)
        };

        // Files go to the content store concurrently (puts are idempotent, keyed by hash), rows in one batch.
        let blobs: Vec<Option<Vec<u8>>> = decoded.stamps.iter().map(|s| s.file.clone()).collect();
        let content = self.content.clone();
        let files: Vec<(String, u64)> = futures::stream::iter(blobs.into_iter().map(move |file| {
            let content = content.clone();
            async move {
                match file {
                    Some(bytes) => Ok((content.put(&bytes).await?, bytes.len() as u64)),
                    None => Ok::<_, IndexerError>((String::new(), 0)),
                }
            }
        }))
        .buffered(CONTENT_PUTS_IN_FLIGHT)
        .try_collect()
        .await?;
        let mut created = Vec::with_capacity(decoded.stamps.len());
        let mut rows = Vec::with_capacity(decoded.stamps.len());
        for (s, (file_sha256, file_size)) in decoded.stamps.iter().zip(files) {
            let asset = state.ledger.asset(&s.cpid);
            let (row, event) = stamp_row(height, s, asset.as_ref(), file_sha256, file_size);
            rows.push(row);
            created.push(event);
        }
        store::insert_stamps(&mut *tx, &rows).await?;
        crate::ledger::write_block(&mut *tx, height, &block_ledger).await?;
        store::insert_src20_ops(&mut *tx, height, &decoded.src20).await?;
        store::update_src20_balances(&mut *tx, height, &decoded.src20_balances).await?;
        let time = u64::from(block.header.time);
        store::insert_block(
            &mut *tx,
            height,
            &hash,
            &block.header.prev_blockhash.to_string(),
            time,
        )
        .await?;
        if let Some(hashes) = &decoded.hashes {
            if let Some((name, computed, expected)) = self
                .config
                .checkpoints
                .iter()
                .find(|c| c.height == height)
                .and_then(|c| c.mismatch(hashes))
            {
                return Err(IndexerError::Checkpoint {
                    height,
                    name,
                    computed,
                    expected,
                });
            }
            store::set_block_hashes(&mut *tx, height, hashes).await?;
        }
        let stamps = created.len();
        let parts = events::block_indexed(
            height,
            hash.clone(),
            block.header.prev_blockhash.to_string(),
            time,
            {
                let mut ops = events::ops(created, &decoded);
                ops.extend(events::ledger_ops(&block_ledger));
                ops
            },
        );
        for (i, payload) in parts.iter().enumerate() {
            let msg_id = if i == 0 {
                events::indexed_msg_id(&hash)
            } else {
                format!("{}:part{i}", events::indexed_msg_id(&hash))
            };
            outbox::enqueue(&mut *tx, events::SUBJECT_INDEXED, &msg_id, payload).await?;
        }
        tracing::debug!(height, %hash, txs = block.txdata.len(), stamps, src20 = decoded.src20.len(), "block indexed");
        state.advance(&decoded);
        Ok(())
    }
}

/// Reads a bootstrap snapshot from a file or an `http(s)://` URL.
async fn read_bootstrap(
    location: &str,
) -> Result<stamps_protocol::counterparty::ledger::Bootstrap, IndexerError> {
    let fail = |reason: String| IndexerError::Bootstrap {
        location: location.to_owned(),
        reason,
    };
    let text = if location.starts_with("http://") || location.starts_with("https://") {
        reqwest::get(location)
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|e| fail(e.to_string()))?
            .text()
            .await
            .map_err(|e| fail(e.to_string()))?
    } else {
        tokio::fs::read_to_string(location)
            .await
            .map_err(|e| fail(e.to_string()))?
    };
    serde_json::from_str(&text).map_err(|e| fail(e.to_string()))
}

/// Content-store puts in flight while a block's files are stored.
const CONTENT_PUTS_IN_FLIGHT: usize = 16;

/// A numbered stamp's row and its event.
fn stamp_row(
    height: u64,
    s: &StampRecord,
    asset: Option<&AssetInfo>,
    file_sha256: String,
    file_size: u64,
) -> (store::StampRow, StampCreated) {
    // Raw (non-Counterparty) stamps are no asset: no supply, not divisible, not locked.
    let (supply, divisible, locked) =
        asset.map_or((0, false, false), |a| (a.supply(), a.divisible, a.locked));
    let creator = s.creator.clone().unwrap_or_default();
    let tx_index = u32::try_from(s.tx_index).unwrap_or(u32::MAX);
    let row = store::StampRow {
        stamp: s.stamp,
        cpid: s.cpid.clone(),
        tx_hash: s.tx_hash.clone(),
        block_index: height,
        tx_index,
        creator: creator.clone(),
        supply,
        divisible,
        locked,
        keyburn: s.keyburn,
        ident: s.ident.as_str().to_owned(),
        is_cursed: s.is_cursed,
        mimetype: s.mimetype.clone(),
        file_sha256: file_sha256.clone(),
        file_size,
        stamp_hash: s.stamp_hash.clone(),
        asset_longname: s.asset_longname.clone(),
    };
    let event = StampCreated {
        stamp: s.stamp,
        cpid: s.cpid.clone(),
        tx_hash: s.tx_hash.clone(),
        tx_index,
        creator,
        supply: supply.to_string(),
        divisible,
        locked,
        keyburn: s.keyburn,
        ident: s.ident.as_str().to_owned(),
        is_cursed: s.is_cursed,
        mimetype: s.mimetype.clone(),
        file_sha256,
        file_size,
        stamp_hash: s.stamp_hash.clone(),
        asset_longname: s.asset_longname.clone().unwrap_or_default(),
    };
    (row, event)
}

/// Spent outputs fetched for a block.
struct Prevouts(std::collections::HashMap<bitcoin::OutPoint, bitcoin::TxOut>);

impl PrevoutSource for Prevouts {
    fn prevout(&self, outpoint: &bitcoin::OutPoint) -> Option<bitcoin::TxOut> {
        self.0.get(outpoint).cloned()
    }
}

/// Logs the indexer's progress at most once per period: height, the node's tip, blocks per second over the
/// period and the time left at that rate.
struct Rate {
    period: Duration,
    since: std::time::Instant,
    blocks: u64,
}

impl Rate {
    fn new(period: Duration) -> Self {
        Self {
            period,
            since: std::time::Instant::now(),
            blocks: 0,
        }
    }

    fn record(&mut self, height: u64, tip: u64, blocks: u64) {
        self.blocks += blocks;
        let elapsed = self.since.elapsed();
        if elapsed < self.period && height < tip {
            return;
        }
        let per_sec = self.blocks as f64 / elapsed.as_secs_f64().max(1e-3);
        let behind = tip.saturating_sub(height);
        let eta_secs = if per_sec > 0.0 {
            (behind as f64 / per_sec).round() as u64
        } else {
            0
        };
        if behind == 0 && elapsed < self.period {
            tracing::debug!(height, tip, "indexer at the tip");
        } else {
            tracing::info!(
                height,
                tip,
                behind,
                blocks_per_sec = format!("{per_sec:.1}"),
                eta_secs,
                "indexer progress"
            );
        }
        self.since = std::time::Instant::now();
        self.blocks = 0;
    }
}
