//! Where blocks come from: Bitcoin Core's REST interface (binary blocks) when it answers, else JSON-RPC
//! `getblock` verbosity 0; transport failures retried with exponential backoff; a bounded prefetch of the
//! blocks ahead; and the outputs a block's inputs spend, fetched in JSON-RPC batches with a bounded number of
//! requests in flight.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use bitcoin::block::Header;
use bitcoin::{Block, BlockHash, OutPoint, Transaction, TxOut, Txid};
use futures::{StreamExt, TryStreamExt};
use serde_json::json;

use crate::bitcoind::{BitcoinRpc, RpcError};

/// Most prevout requests (JSON-RPC batches) in flight at once.
pub const MAX_PREVOUT_REQUESTS: usize = 12;
/// Blocks whose transactions are kept for prevout lookups.
pub const RECENT_BLOCKS: usize = 6;
/// Transactions asked for in one JSON-RPC batch.
const BATCH: usize = 50;

const REST_UNKNOWN: u8 = 0;
const REST_YES: u8 = 1;
const REST_NO: u8 = 2;

/// How transport failures are retried.
#[derive(Debug, Clone, Copy)]
pub struct Retry {
    /// Attempts after the first.
    pub retries: u32,
    /// First wait; doubled after each failure.
    pub initial: Duration,
    /// Longest wait.
    pub max: Duration,
}

impl Default for Retry {
    fn default() -> Self {
        Self {
            retries: 5,
            initial: Duration::from_millis(100),
            max: Duration::from_secs(5),
        }
    }
}

/// Blocks, hashes and spent outputs from one node.
pub struct BlockSource {
    rpc: BitcoinRpc,
    rest: AtomicU8,
    retry: Retry,
}

impl BlockSource {
    /// A source over `rpc`, retrying transport failures as `retry` says.
    pub fn new(rpc: BitcoinRpc, retry: Retry) -> Self {
        Self {
            rpc,
            rest: AtomicU8::new(REST_UNKNOWN),
            retry,
        }
    }

    async fn retrying<T, F, Fut>(&self, what: &str, call: F) -> Result<T, RpcError>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, RpcError>>,
    {
        retrying(self.retry, what, call).await
    }

    /// The best chain's height.
    pub async fn tip(&self) -> Result<u64, RpcError> {
        self.retrying("getblockcount", || self.rpc.block_count())
            .await
    }

    /// Waits up to `timeout` for the node's best chain to reach `height`; false when the node cannot be asked
    /// to.
    pub async fn wait_for_height(&self, height: u64, timeout: Duration) -> Result<bool, RpcError> {
        let ms = u64::try_from(timeout.as_millis())
            .unwrap_or(u64::MAX)
            .max(1);
        self.rpc.wait_for_block_height(height, ms).await
    }

    /// The best chain's block hash at `height`.
    pub async fn hash(&self, height: u64) -> Result<BlockHash, RpcError> {
        self.retrying("getblockhash", || self.rpc.block_hash(height))
            .await
    }

    /// The block with `hash`: over REST while the node serves it, else over JSON-RPC.
    pub async fn block(&self, hash: &BlockHash) -> Result<Block, RpcError> {
        if self.rest.load(Ordering::Relaxed) != REST_NO {
            match self
                .retrying("rest block", || self.rpc.rest_block(hash))
                .await
            {
                Ok(Some(block)) => {
                    self.rest.store(REST_YES, Ordering::Relaxed);
                    return Ok(block);
                }
                Ok(None) if self.rest.load(Ordering::Relaxed) == REST_UNKNOWN => {
                    tracing::info!(
                        "the node does not serve REST (start Core with -rest); using getblock"
                    );
                    self.rest.store(REST_NO, Ordering::Relaxed);
                }
                Ok(None) => {}
                Err(e) => return Err(e),
            }
        }
        self.retrying("getblock", || self.rpc.block(hash)).await
    }

    /// Up to `count` headers of the best chain from `height` on: one REST request while the node serves REST,
    /// else `getblockhash` and `getblockheader` per height, [`MAX_PREVOUT_REQUESTS`] in flight.
    pub async fn headers(&self, height: u64, count: u32) -> Result<Vec<Header>, RpcError> {
        let first = self.hash(height).await?;
        if self.rest.load(Ordering::Relaxed) != REST_NO {
            match self
                .retrying("rest headers", || self.rpc.rest_headers(&first, count))
                .await?
            {
                Some(headers) => {
                    self.rest.store(REST_YES, Ordering::Relaxed);
                    return Ok(headers);
                }
                None => {
                    tracing::info!(
                        "the node does not serve REST (start Core with -rest); using getblockheader"
                    );
                    self.rest.store(REST_NO, Ordering::Relaxed);
                }
            }
        }
        futures::stream::iter(height..height + u64::from(count))
            .map(|h| async move {
                let hash = if h == height {
                    first
                } else {
                    self.hash(h).await?
                };
                self.retrying("getblockheader", || self.rpc.block_header(&hash))
                    .await
            })
            .buffered(MAX_PREVOUT_REQUESTS)
            .try_collect()
            .await
    }

    /// The txids of the node's mempool (`getrawmempool`).
    pub async fn mempool(&self) -> Result<Vec<Txid>, RpcError> {
        let ids: Vec<String> = self
            .retrying("getrawmempool", || {
                self.rpc.call("getrawmempool", json!([]))
            })
            .await?;
        ids.iter()
            .map(|t| {
                t.parse()
                    .map_err(|_| RpcError::Decode(format!("getrawmempool: {t:?} is not a txid")))
            })
            .collect()
    }

    /// Adds to `found` the outputs of `wanted` (outpoints no recent block holds) that the node knows, their
    /// transactions asked for with `getrawtransaction` in batches of 50, at most [`MAX_PREVOUT_REQUESTS`]
    /// batches in flight.
    pub async fn fetch_outputs(
        &self,
        wanted: Vec<OutPoint>,
        found: &mut HashMap<OutPoint, TxOut>,
    ) -> Result<(), RpcError> {
        if wanted.is_empty() {
            return Ok(());
        }
        let mut seen = HashSet::new();
        let txids: Vec<Txid> = wanted
            .iter()
            .map(|o| o.txid)
            .filter(|t| seen.insert(*t))
            .collect();
        let txs = self.transactions(&txids).await?;
        for o in wanted {
            if let Some(out) = txs
                .get(&o.txid)
                .and_then(|tx| tx.output.get(o.vout as usize))
            {
                found.insert(o, out.clone());
            }
        }
        Ok(())
    }

    /// The transactions `txids` that the node knows (confirmed ones need its `-txindex`; the mempool's it always
    /// has), asked for with `getrawtransaction` in batches of 50, at most [`MAX_PREVOUT_REQUESTS`] batches in
    /// flight.
    pub async fn transactions(
        &self,
        txids: &[Txid],
    ) -> Result<HashMap<Txid, Transaction>, RpcError> {
        let batches: Vec<Vec<Txid>> = txids.chunks(BATCH).map(<[Txid]>::to_vec).collect();
        let (rpc, retry) = (self.rpc.clone(), self.retry);
        let fetched: Vec<Vec<(Txid, Option<Transaction>)>> =
            futures::stream::iter(batches.into_iter().map(move |chunk| {
                let rpc = rpc.clone();
                async move {
                    retrying(retry, "getrawtransaction batch", || {
                        rpc.transactions(&chunk)
                    })
                    .await
                }
            }))
            .buffer_unordered(MAX_PREVOUT_REQUESTS)
            .try_collect()
            .await?;
        Ok(fetched
            .into_iter()
            .flatten()
            .filter_map(|(txid, tx)| Some((txid, tx?)))
            .collect())
    }
}

/// The transactions of the last few blocks, by txid: most spent outputs were created shortly before, and a
/// txid names one transaction whatever branch holds it, so an entry never goes stale.
#[derive(Debug)]
pub struct RecentBlocks {
    depth: usize,
    blocks: VecDeque<(Arc<Block>, HashMap<Txid, usize>)>,
}

impl RecentBlocks {
    /// A memory of the last `depth` blocks (at least 1: the block being indexed).
    pub fn new(depth: usize) -> Self {
        Self {
            depth: depth.max(1),
            blocks: VecDeque::new(),
        }
    }

    /// Remembers `block`, whose transaction ids are `txids` in block order, forgetting the oldest beyond the
    /// depth.
    pub fn push_indexed(&mut self, block: Arc<Block>, txids: &[Txid]) {
        if self
            .blocks
            .back()
            .is_some_and(|(b, _)| Arc::ptr_eq(b, &block))
        {
            return;
        }
        let index = txids.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        self.blocks.push_back((block, index));
        while self.blocks.len() > self.depth {
            self.blocks.pop_front();
        }
    }

    /// The outputs of `outpoints` that the remembered blocks hold, and the outpoints they do not.
    pub fn resolve(&self, outpoints: &[OutPoint]) -> (HashMap<OutPoint, TxOut>, Vec<OutPoint>) {
        let mut found = HashMap::with_capacity(outpoints.len());
        let mut wanted = Vec::new();
        for o in outpoints {
            match self.transaction(&o.txid) {
                Some(tx) => {
                    if let Some(out) = tx.output.get(o.vout as usize) {
                        found.insert(*o, out.clone());
                    }
                }
                None => wanted.push(*o),
            }
        }
        (found, wanted)
    }

    /// The transaction `txid`, if a remembered block holds it.
    pub fn transaction(&self, txid: &Txid) -> Option<&Transaction> {
        self.blocks
            .iter()
            .rev()
            .find_map(|(block, index)| block.txdata.get(*index.get(txid)?))
    }
}

/// Runs `call` until it succeeds, fails with an answer from the node, or the retries are spent.
async fn retrying<T, F, Fut>(retry: Retry, what: &str, mut call: F) -> Result<T, RpcError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, RpcError>>,
{
    let mut wait = retry.initial;
    let mut attempt = 0;
    loop {
        match call().await {
            Err(e) if e.is_transient() && attempt < retry.retries => {
                attempt += 1;
                tracing::warn!(error = %e, attempt, what, "bitcoin node call failed; retrying");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(retry.max);
            }
            other => return other,
        }
    }
}

/// Blocks fetched ahead of the one being indexed: up to `depth` requests run while the indexer works.
pub struct Prefetch {
    source: Arc<BlockSource>,
    depth: usize,
    queue: VecDeque<(u64, tokio::task::JoinHandle<Result<Block, RpcError>>)>,
}

impl Prefetch {
    /// A prefetcher over `source` keeping `depth` blocks in flight (at least 1).
    pub fn new(source: Arc<BlockSource>, depth: usize) -> Self {
        Self {
            source,
            depth: depth.max(1),
            queue: VecDeque::new(),
        }
    }

    /// The block at `height` of the node's best chain, whose tip is `tip`; starts fetching the next ones.
    pub async fn block(&mut self, height: u64, tip: u64) -> Result<Block, RpcError> {
        if self.queue.front().is_some_and(|(h, _)| *h != height) {
            self.reset();
        }
        let mut next = self.queue.back().map_or(height, |(h, _)| h + 1);
        while self.queue.len() < self.depth && next <= tip {
            let source = self.source.clone();
            let at = next;
            self.queue.push_back((
                at,
                tokio::spawn(async move {
                    let hash = source.hash(at).await?;
                    source.block(&hash).await
                }),
            ));
            next += 1;
        }
        match self.queue.pop_front() {
            Some((_, task)) => task
                .await
                .map_err(|e| RpcError::Decode(format!("block fetch task: {e}")))?,
            None => {
                let hash = self.source.hash(height).await?;
                self.source.block(&hash).await
            }
        }
    }

    /// Drops what was fetched ahead (after a reorg, or when the next height is not the expected one).
    pub fn reset(&mut self) {
        for (_, task) in self.queue.drain(..) {
            task.abort();
        }
    }
}

impl Drop for Prefetch {
    fn drop(&mut self) {
        self.reset();
    }
}

/// A JSON-RPC request for one raw transaction.
pub(crate) fn raw_transaction_request(txid: &Txid) -> serde_json::Value {
    json!({
        "jsonrpc": "1.0",
        "id": txid.to_string(),
        "method": "getrawtransaction",
        "params": [txid.to_string(), false],
    })
}
