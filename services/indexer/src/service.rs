//! The follow loop: ask the node for the next block, decode it, apply it to the ledger and record it with
//! its `BlockIndexed` event in one transaction; when the node's chain forks below the indexed tip, unwind to the fork.

use std::sync::Arc;
use std::time::Duration;

use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::content::{ContentError, ContentStore};
use stamps_platform::db::{self, DbError};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::outbox::{self, Relay};
use stamps_platform::shutdown::Shutdown;
use stamps_protocol::Rules;

use crate::bitcoind::{BitcoinRpc, RpcError};
use crate::chainstate::ChainState;
use crate::config::IndexerConfig;
use crate::events;
use crate::fetch::{BlockSource, Prefetch, RECENT_BLOCKS, RecentBlocks, Retry};
use crate::metrics::IndexerMetrics;
use crate::prepare::{self, AppliedBlock, PreparedBlock, Prevouts};
use crate::relayed::{self, BlockEvents};
use crate::tables;

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
    /// The metrics listener could not be bound.
    #[error(transparent)]
    Metrics(#[from] stamps_platform::metrics::MetricsError),
    /// The headers below the start height.
    #[error("headers: {0}")]
    Headers(#[from] crate::headers::SyncError),
    /// Publishing the pending view.
    #[error("publishing the pending view: {0}")]
    Publish(String),
    /// A worker task panicked or was cancelled.
    #[error("indexer task failed: {0}")]
    Task(String),
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
    /// The blocks read last, whose outputs the next ones' inputs often spend.
    recent: Arc<std::sync::Mutex<RecentBlocks>>,
    /// What the next block is decoded against (reloaded from the tables after an unwind or a failure).
    /// `None` after a failed step: the next one reloads it.
    state: tokio::sync::Mutex<Option<ChainState>>,
    /// Blocks whose files are being stored (at most [`CONTENT_PUTS_IN_FLIGHT`]).
    puts: Arc<tokio::sync::Semaphore>,
    content: Arc<ContentStore>,
    relay: Relay,
    /// The payloads of the `BlockIndexed` outbox rows.
    events: Arc<BlockEvents>,
    config: IndexerConfig,
    rules: Rules,
    metrics: IndexerMetrics,
    /// The bound metrics listener and what it serves, until the indexer runs.
    metrics_server: Option<stamps_platform::metrics::ServiceMetrics>,
    /// The node's mempool as last judged (the pending view), when it is followed.
    mempool: Option<tokio::sync::Mutex<crate::mempool::MempoolView>>,
    /// Where the pending view is published.
    nats: Nats,
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
    nats.ensure_stream(Stream::Mempool).await?;
    nats.put_realtime(
        CP_VERSION_KEY,
        &serde_json::json!(stamps_protocol::network::COUNTERPARTY_PROTOCOL_VERSION),
    )
    .await?;
    let content = Arc::new(ContentStore::open(&nats).await?);
    let events = Arc::new(BlockEvents::new(pool.clone()));
    let mut service_metrics =
        stamps_platform::metrics::ServiceMetrics::bind("indexer", config.metrics_listen.as_deref())
            .await?;
    let relay = Relay::new(pool.clone(), nats.clone(), Duration::from_millis(500))
        .with_deferred(events.clone())
        .with_backlog(service_metrics.outbox_backlog.clone());
    let retry = Retry {
        retries: config.rpc_retries,
        ..Retry::default()
    };
    let source = Arc::new(BlockSource::new(BitcoinRpc::new(config)?, retry));
    if let Some(location) = &config.bootstrap {
        let snapshot = read_bootstrap(location).await?;
        if crate::ledger_db::record_bootstrap(&pool, &snapshot).await? {
            tracing::info!(
                height = snapshot.height,
                balances = snapshot.balances.len(),
                %location,
                "ledger seeded from its bootstrap snapshot"
            );
        }
    }
    let state = ChainState::load(&pool, Rules::MAINNET).await?;
    let metrics = IndexerMetrics::register(service_metrics.registry());
    let metrics_server = Some(service_metrics);
    Ok(Indexer {
        pool,
        prefetch: tokio::sync::Mutex::new(Prefetch::new(source.clone(), config.prefetch_blocks)),
        recent: Arc::new(std::sync::Mutex::new(RecentBlocks::new(RECENT_BLOCKS))),
        state: tokio::sync::Mutex::new(Some(state)),
        puts: Arc::new(tokio::sync::Semaphore::new(CONTENT_PUTS_IN_FLIGHT)),
        source,
        content,
        relay,
        events,
        config: config.clone(),
        rules: Rules::MAINNET,
        metrics,
        metrics_server,
        mempool: config.mempool.then(|| {
            tokio::sync::Mutex::new(crate::mempool::MempoolView::new(config.mempool_batch))
        }),
        nats,
    })
}

enum Progress {
    /// Blocks were indexed (and recorded in the progress rate as each transaction committed).
    Indexed,
    /// Blocks were unwound.
    Unwound,
    /// Nothing to index: the next block has this height.
    AtTip(u64),
}

impl Indexer {
    /// Where the metrics are served, when `metrics_listen` is set.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.metrics_server.as_ref().and_then(|m| m.addr())
    }

    /// Follows the node until `shutdown`, checking it after every block; then flushes the outbox.
    pub async fn run_until_stopped(mut self, shutdown: Shutdown) -> Result<(), IndexerError> {
        if let Some(metrics) = self.metrics_server.take() {
            metrics.serve(shutdown.clone());
        }
        let relay = tokio::spawn(self.relay.clone().run(shutdown.clone()));
        let poll = Duration::from_millis(self.config.poll_interval_ms.max(10));
        let mut backoff = Duration::from_millis(200);
        let mut rate = Rate::new(Duration::from_secs(10), self.metrics.clone());
        while !shutdown.is_cancelled() {
            // A step checks `shutdown` after each block and commits what it did. (Were it dropped mid-way, its
            // transaction would roll back and file puts are idempotent: nothing is half-written.)
            let step = self.step(&shutdown, &mut rate).await;
            let wait = match step {
                Ok(Progress::Indexed) => {
                    backoff = Duration::from_millis(200);
                    continue;
                }
                Ok(Progress::Unwound) => {
                    backoff = Duration::from_millis(200);
                    continue;
                }
                Ok(Progress::AtTip(next)) => {
                    rate.at_tip(next.saturating_sub(1));
                    self.follow_mempool().await;
                    // At the tip, long-poll the node for the next block (Core's `waitforblockheight`); a node
                    // without it is polled. The mempool is read again at its own pace meanwhile.
                    let wait = match self.mempool {
                        Some(_) => {
                            poll.min(Duration::from_millis(self.config.mempool_poll_ms.max(10)))
                        }
                        None => poll,
                    };
                    let waited = tokio::select! {
                        _ = shutdown.cancelled() => break,
                        waited = self.source.wait_for_height(next, wait) => waited,
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

    /// At the tip: judges the node's mempool after the indexed tip and publishes what changed (the pending view).
    /// A failure is logged and the next pass tries again.
    async fn follow_mempool(&self) {
        let Some(view) = &self.mempool else { return };
        let tip = match tables::tip(&self.pool).await {
            Ok(Some(tip)) => tip,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(error = %e, "pending view: the indexed tip could not be read");
                return;
            }
        };
        let Ok(hash) = tip.hash.parse::<bitcoin::BlockHash>() else {
            return;
        };
        let height = tip.height.max(0) as u64;
        let slot = self.state.lock().await;
        let Some(state) = slot.as_ref() else { return };
        let mut view = view.lock().await;
        match view
            .pass(&self.source, state, (height, hash), &self.nats)
            .await
        {
            Ok(pass) if pass.upserted + pass.removed > 0 => {
                self.metrics.mempool_pending.set(pass.judged as i64);
                tracing::debug!(?pass, height, "pending view published");
            }
            Ok(pass) => {
                self.metrics.mempool_pending.set(pass.judged as i64);
            }
            Err(e) => tracing::warn!(error = %e, "pending view not updated; trying again"),
        }
    }

    /// Indexes from the block after the committed tip up to the node's tip as it was when the step began, or
    /// until shutdown; unwinds instead when the node's chain left the indexed one.
    async fn step(&self, shutdown: &Shutdown, rate: &mut Rate) -> Result<Progress, IndexerError> {
        let node_tip = self.source.tip().await?;
        let last = tables::tip(&self.pool).await?;
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
        // Nothing indexed yet: the headers below the start height are brought to the node's best chain first,
        // and the first block must build on the highest of them.
        let parent = match &last {
            Some(b) => Some(b.hash.clone()),
            None => {
                let below = crate::headers::sync(
                    &self.pool,
                    &self.source,
                    self.config.headers_from,
                    self.config.start_height,
                    shutdown,
                )
                .await?;
                if shutdown.is_cancelled() {
                    return Ok(Progress::AtTip(next));
                }
                below.map(|h| h.to_string())
            }
        };
        let first_block = last.is_none();
        let mut prefetch = self.prefetch.lock().await;
        let mut slot = self.state.lock().await;
        let state = match slot.take() {
            Some(state) => state,
            None => {
                // What a failed step held for the relay may not have committed.
                self.events.forget();
                ChainState::load(&self.pool, self.rules).await?
            }
        };

        // Four stages run together: the reader fetches a block and the outputs its candidates spend and parses
        // its Counterparty messages; the producer applies the block before it to the state on a blocking
        // thread; the encoder encodes the block before that (its event and effects) on another; the writer
        // writes the block before that into the open transaction and sends its files to the content store.
        // Near the tip every block is its own transaction; during catch-up a transaction holds up to
        // `commit_blocks` blocks or `commit_interval_ms` of work, whichever ends first, and the producer goes
        // on preparing while the writer commits.
        // Each stage takes the channel from the one before and hands its blocks to the one after.
        let (reader, to_produce) = tokio::sync::mpsc::channel::<ReadBlock>(2);
        let (producer, to_encode) = tokio::sync::mpsc::channel::<AppliedBlock>(2);
        let (encoder, to_write) = tokio::sync::mpsc::channel::<PreparedBlock>(2);
        let (was_read, produced, encoded, written) = tokio::join!(
            self.read(&mut prefetch, next, node_tip, reader),
            self.produce(state, Produce { parent, shutdown }, to_produce, producer),
            encode(to_encode, encoder),
            self.write(to_write, node_tip, rate),
        );
        drop(prefetch);
        // On failure `slot` stays empty: the next step reloads the state from what is committed.
        let (state, indexed) = match (was_read, produced, encoded, written) {
            (Ok(()), Ok(produced), Ok(()), Ok(open)) => {
                if let Some(batch) = open {
                    self.commit(batch, node_tip, rate).await?;
                }
                produced
            }
            (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
                return Err(e);
            }
        };
        *slot = Some(state);
        drop(slot);
        match indexed {
            Some(_) => Ok(Progress::Indexed),
            None if first_block => {
                // The first block does not build on the headers kept below it: the node's chain moved while
                // they were checked. The next step checks them again.
                tracing::warn!(
                    height = next,
                    "the first block does not build on the header below it; checking the headers again"
                );
                Ok(Progress::Unwound)
            }
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

    /// Writes the blocks encoded, in order, into open transactions ([`Self::write_block`]), committing a batch
    /// when it is due; stops when the encoder does. Returns the batch still open.
    async fn write(
        &self,
        mut blocks: tokio::sync::mpsc::Receiver<PreparedBlock>,
        node_tip: u64,
        rate: &mut Rate,
    ) -> Result<Option<Batch>, IndexerError> {
        let mut open: Option<Batch> = None;
        while let Some(block) = blocks.recv().await {
            let batch = match &mut open {
                Some(batch) => batch,
                None => open.insert(Batch::begin(&self.pool).await?),
            };
            self.write_block(&mut batch.tx, &block, &mut batch.puts)
                .await?;
            batch.height = block.rows.height;
            batch.blocks += 1;
            batch.txs += block.rows.txs as u64;
            batch.stamps += block.rows.stamps.len() as u64;
            let near_tip = node_tip - block.rows.height < self.config.near_tip_blocks;
            let due = near_tip
                || batch.blocks >= self.config.commit_blocks.max(1)
                || batch.started.elapsed() >= Duration::from_millis(self.config.commit_interval_ms);
            if due && let Some(batch) = open.take() {
                self.commit(batch, node_tip, rate).await?;
            }
        }
        Ok(open)
    }

    /// Commits a batch of written blocks: its files are stored before the transaction
    /// that refers to them commits; then the relay is woken and the progress recorded.
    async fn commit(
        &self,
        batch: Batch,
        node_tip: u64,
        rate: &mut Rate,
    ) -> Result<(), IndexerError> {
        let Batch {
            tx,
            mut puts,
            height,
            blocks,
            txs,
            stamps,
            ..
        } = batch;
        while let Some(put) = puts.join_next().await {
            put.map_err(|e| IndexerError::Task(format!("content put: {e}")))??;
        }
        tx.commit().await?;
        self.relay.notify();
        self.metrics.transactions.inc_by(txs);
        self.metrics.stamps.inc_by(stamps);
        rate.record(height, node_tip, blocks);
        Ok(())
    }

    /// Fetches blocks in order from `next` up to the node's tip with the outputs their candidates spend, and
    /// parses their Counterparty messages ([`prepare::parse`]), handing each to the producer; stops when the
    /// producer does.
    async fn read(
        &self,
        prefetch: &mut Prefetch,
        next: u64,
        node_tip: u64,
        sender: tokio::sync::mpsc::Sender<ReadBlock>,
    ) -> Result<(), IndexerError> {
        for height in next..=node_tip {
            let block = Arc::new(prefetch.block(height, node_tip).await?);
            let recent = self.recent.clone();
            let (block, (found, wanted)) = blocking(move || {
                let txids = stamps_protocol::block::block_txids(&block);
                let counterparty = stamps_protocol::block::counterparty_candidates(&block);
                let outpoints = prepare::candidate_prevouts(&block, &counterparty);
                let mut recent = lock(&recent);
                recent.push_indexed(block.clone(), &txids);
                let resolved = recent.resolve(&outpoints);
                drop(recent);
                ((block, txids, counterparty), resolved)
            })
            .await?;
            let (block, txids, counterparty) = block;
            let mut prevouts = found;
            self.source.fetch_outputs(wanted, &mut prevouts).await?;
            let rules = self.rules;
            let read = blocking(move || {
                let prevouts = Prevouts(prevouts);
                let pass = prepare::parse(&block, height, txids, &counterparty, &prevouts, rules);
                ReadBlock {
                    height,
                    block,
                    prevouts,
                    pass,
                }
            })
            .await?;
            if sender.send(read).await.is_err() {
                // The producer stopped (the next block does not build on its parent, shutdown, or a failure).
                break;
            }
        }
        Ok(())
    }

    /// Applies the blocks read, in order, handing each to the encoder; stops at the node's tip, a block that
    /// does not build on its parent, or shutdown. Returns the advanced state and the last height handed over.
    async fn produce(
        &self,
        mut state: ChainState,
        run: Produce<'_>,
        mut blocks: tokio::sync::mpsc::Receiver<ReadBlock>,
        sender: tokio::sync::mpsc::Sender<AppliedBlock>,
    ) -> Result<(ChainState, Option<u64>), IndexerError> {
        let mut parent = run.parent;
        let mut indexed = None;
        while let Some(read) = blocks.recv().await {
            let ReadBlock {
                height,
                block,
                mut prevouts,
                pass,
            } = read;
            if let Some(parent_hash) = &parent
                && block.header.prev_blockhash.to_string() != *parent_hash
            {
                break;
            }
            // Outputs holding balances are known only once the blocks before are applied: rarely any.
            let more = prepare::balance_prevouts(&block, &state, &prevouts);
            if !more.is_empty() {
                let (found, wanted) = lock(&self.recent).resolve(&more);
                prevouts.0.extend(found);
                self.source.fetch_outputs(wanted, &mut prevouts.0).await?;
            }
            let rules = self.rules;
            let checkpoints = self.config.checkpoints.clone();
            let (back_state, prepared) = blocking(move || {
                let mut state = state;
                let prepared = prepare::prepare(
                    &mut state,
                    height,
                    &block,
                    &prevouts,
                    pass,
                    rules,
                    &checkpoints,
                );
                (state, prepared)
            })
            .await?;
            state = back_state;
            let prepared = prepared.map_err(|e| prepare_error(height, e))?;
            parent = Some(prepared.rows.hash.clone());
            if sender.send(prepared).await.is_err() {
                // The encoder or the writer failed: its error is the step's.
                break;
            }
            indexed = Some(height);
            if run.shutdown.is_cancelled() {
                break;
            }
        }
        Ok((state, indexed))
    }

    /// Writes a prepared block into `tx`: its facts, its block row and its `BlockIndexed` outbox rows; its
    /// files go to the content store as tasks in `puts`.
    async fn write_block(
        &self,
        tx: &mut sqlx::PgConnection,
        prepared: &PreparedBlock,
        puts: &mut tokio::task::JoinSet<Result<(), ContentError>>,
    ) -> Result<(), IndexerError> {
        let PreparedBlock {
            rows: block,
            effects_json,
            parts,
        } = prepared;
        if !block.files.is_empty() {
            // One task stores the block's files, with their messages in flight together.
            let (content, permits, files) =
                (self.content.clone(), self.puts.clone(), block.files.clone());
            puts.spawn(async move {
                let _permit = permits
                    .acquire_owned()
                    .await
                    .map_err(|e| ContentError::new(format!("put permits: {e}")))?;
                content.put_many(&files).await
            });
        }
        let height = block.height;
        tables::insert_stamps(&mut *tx, &block.stamps).await?;
        crate::ledger_db::write_block(&mut *tx, height, &block.ledger, effects_json).await?;
        tables::insert_src20_ops(&mut *tx, height, &block.decoded.src20).await?;
        tables::update_src20_balances(&mut *tx, height, &block.decoded.src20_balances).await?;
        tables::insert_block(&mut *tx, height, &block.hash, &block.prev_hash, block.time).await?;
        if let Some(hashes) = &block.decoded.hashes {
            tables::set_block_hashes(&mut *tx, height, hashes).await?;
        }
        // The event's bytes are the facts just written: its rows name the block, and the relay takes the parts
        // from memory or builds them again from the facts.
        for part in 0..parts.len() {
            outbox::enqueue_deferred(
                &mut *tx,
                events::SUBJECT_INDEXED,
                &relayed::msg_id(&block.hash, part),
            )
            .await?;
        }
        self.events.hold(&block.hash, parts.clone());
        tracing::debug!(
            height,
            hash = %block.hash,
            txs = block.txs,
            stamps = block.stamps.len(),
            src20 = block.decoded.src20.len(),
            "block indexed"
        );
        Ok(())
    }

    /// Finds where the node's best chain leaves the indexed one (below `tip`) and unwinds every indexed block
    /// above that point in one transaction, newest first, with a `BlockReverted` for each. Refuses a fork
    /// deeper than `max_reorg_depth`.
    async fn reorg(&self, tip: u64, node_tip: u64) -> Result<(), IndexerError> {
        self.prefetch.lock().await.reset();
        let mut height = tip;
        let mut depth = 0u64;
        while let Some(stored) = tables::block_hash(&self.pool, height).await? {
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
        let unwound = tables::block_hashes(&mut tx, tip + 1 - depth, tip).await?;
        self.events.materialize(&mut tx, &unwound).await?;
        for h in (tip + 1 - depth..=tip).rev() {
            if let Some(hash) = tables::delete_block(&mut tx, h).await? {
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
        *self.state.lock().await = Some(ChainState::load(&self.pool, self.rules).await?);
        self.relay.notify();
        self.metrics.reorgs.inc();
        self.metrics.unwound_blocks.inc_by(depth);
        self.metrics.height.set(gauge(tip - depth));
        tracing::warn!(depth, from = tip, "reorg unwound");
        Ok(())
    }
}

/// Reads a bootstrap snapshot from a file or an `http(s)://` URL.
/// Encodes the blocks produced, in order, on a blocking thread ([`prepare::encode`]: the event's parts and the
/// effects), handing each to the writer; stops when the producer or the writer does.
async fn encode(
    mut blocks: tokio::sync::mpsc::Receiver<AppliedBlock>,
    sender: tokio::sync::mpsc::Sender<PreparedBlock>,
) -> Result<(), IndexerError> {
    while let Some(block) = blocks.recv().await {
        let height = block.rows.height;
        let prepared = blocking(move || prepare::encode(block))
            .await?
            .map_err(|e| prepare_error(height, e))?;
        if sender.send(prepared).await.is_err() {
            // The writer failed: its error is the step's.
            break;
        }
    }
    Ok(())
}

async fn read_bootstrap(
    location: &str,
) -> Result<stamps_protocol::counterparty::rules::Bootstrap, IndexerError> {
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

/// Blocks whose files are being stored at once while blocks are written (each keeps up to a group of files in
/// flight: see [`ContentStore::put_many`]).
const CONTENT_PUTS_IN_FLIGHT: usize = 2;

/// What a step's producer checks: the hash the first block must build on, and shutdown.
struct Produce<'a> {
    parent: Option<String>,
    shutdown: &'a Shutdown,
}

/// A block read ahead of its application: the outputs its candidates spend and its Counterparty messages.
struct ReadBlock {
    height: u64,
    block: Arc<bitcoin::Block>,
    prevouts: Prevouts,
    pass: stamps_protocol::block::CounterpartyPass,
}

/// Locks the recent blocks (held for lookups only, never across an await).
fn lock(recent: &std::sync::Mutex<RecentBlocks>) -> std::sync::MutexGuard<'_, RecentBlocks> {
    // A panic while holding it leaves a cache that is still consistent: the blocks in it are whole.
    recent
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// An open transaction of written blocks, with the puts of their files.
struct Batch {
    tx: sqlx::Transaction<'static, sqlx::Postgres>,
    puts: tokio::task::JoinSet<Result<(), ContentError>>,
    started: std::time::Instant,
    /// The last block written.
    height: u64,
    blocks: u64,
    txs: u64,
    stamps: u64,
}

impl Batch {
    async fn begin(pool: &sqlx::PgPool) -> Result<Self, IndexerError> {
        Ok(Self {
            tx: pool.begin().await?,
            puts: tokio::task::JoinSet::new(),
            started: std::time::Instant::now(),
            height: 0,
            blocks: 0,
            txs: 0,
            stamps: 0,
        })
    }
}

/// The step's error for a block that could not be prepared.
fn prepare_error(height: u64, e: prepare::PrepareError) -> IndexerError {
    match e {
        prepare::PrepareError::Checkpoint {
            name,
            computed,
            expected,
        } => IndexerError::Checkpoint {
            height,
            name,
            computed,
            expected,
        },
        prepare::PrepareError::Encode(e) => {
            IndexerError::Task(format!("block {height}: ledger effects: {e}"))
        }
    }
}

/// Runs CPU-bound work on the blocking pool.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, IndexerError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| IndexerError::Task(format!("block preparation: {e}")))
}

/// Logs the indexer's progress at most once per period (height, the node's tip, blocks per second over the
/// period and the time left at that rate) and keeps the same figures in the metrics.
struct Rate {
    period: Duration,
    since: std::time::Instant,
    blocks: u64,
    metrics: IndexerMetrics,
}

impl Rate {
    fn new(period: Duration, metrics: IndexerMetrics) -> Self {
        Self {
            period,
            since: std::time::Instant::now(),
            blocks: 0,
            metrics,
        }
    }

    fn record(&mut self, height: u64, tip: u64, blocks: u64) {
        self.metrics.blocks.inc_by(blocks);
        self.metrics.height.set(gauge(height));
        self.metrics.node_tip.set(gauge(tip));
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
        self.metrics.blocks_per_second.set(per_sec);
        self.metrics.eta_seconds.set(gauge(eta_secs));
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

    /// Nothing left to index: the indexed height is the node's tip.
    fn at_tip(&mut self, height: u64) {
        self.metrics.height.set(gauge(height));
        self.metrics.node_tip.set(gauge(height));
        self.metrics.eta_seconds.set(0);
    }
}

fn gauge(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}
