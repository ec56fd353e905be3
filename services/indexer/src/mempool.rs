//! The pending view: the transactions waiting in the node's mempool, judged as the next block would judge them
//! after the indexed tip, and published on MEMPOOL (`mempool.changed`) whenever the waiting set or the tip moves.
//!
//! A pass reads the mempool's txids, fetches the new ones, and keeps of each its inputs (and the whole transaction
//! when it may carry data: Counterparty, a stamp, SRC-20). The transactions that matter are those candidates, those
//! spending an output holding balances, and their descendants in the mempool; they are applied in order (parents
//! first, then as first seen) as one block after the tip: the Counterparty rules over a
//! [`PendingLedger`] (the committed ledger read, never written), the stamps' and SRC-20's decoders over the chain
//! state. What each did ([`PendingTx`]) is published when it changed; after every block the whole waiting set is
//! stated again (`complete`), since each transaction is judged anew after it.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use bitcoin::block::{Header, Version};
use bitcoin::hashes::Hash;
use bitcoin::{Block, BlockHash, OutPoint, Transaction, TxIn, TxOut, Txid};
use prost::Message;
use stamps_platform::nats::Nats;
use stamps_proto::events::subjects::MEMPOOL_CHANGED;
use stamps_proto::events::v1::{
    MempoolChanged, PendingBalance, PendingDispenser, PendingIssuance, PendingSrc20, PendingTx,
};
use stamps_protocol::Rules;
use stamps_protocol::block::{BlockContext, decode_block_after};
use stamps_protocol::counterparty::rules::{
    DispenserInfo, Effect, LedgerTx, PendingLedger, TxMessage,
};
use stamps_protocol::counterparty::transport;
use stamps_protocol::src20::transport as src20_transport;

use crate::chainstate::ChainState;
use crate::fetch::BlockSource;
use crate::prepare::{self, Prevouts};

/// The largest message published: a larger change is split (`complete` goes with the first part).
const MAX_MESSAGE: usize = 512 * 1024;

/// A transaction of the mempool as a pass keeps it.
struct Waiting {
    /// What it spends.
    inputs: Vec<OutPoint>,
    /// The transaction, when it may carry data (others are fetched again if they turn out to matter).
    tx: Option<Arc<Transaction>>,
    /// When it was first seen, milliseconds since the Unix epoch.
    seen_ms: u64,
}

/// What a pass found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// Transactions in the mempool.
    pub waiting: usize,
    /// Those judged (they carry data, or move balances).
    pub judged: usize,
    /// Pending transactions published as new or changed, and as gone.
    pub upserted: usize,
    /// See `upserted`.
    pub removed: usize,
}

/// The mempool as the indexer follows it, and what it last published of it.
pub struct MempoolView {
    waiting: HashMap<Txid, Waiting>,
    /// What was last published of each pending transaction, by txid (its encoding).
    published: HashMap<String, Vec<u8>>,
    /// The tip the published judgments were made after.
    judged_at: Option<BlockHash>,
    /// Names this process's messages (with `sequence`), so that a retried publication is deduplicated.
    boot: u64,
    sequence: u64,
    /// The most new transactions read in one pass.
    batch: usize,
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Whether `tx` may carry data the indexer decodes: Counterparty data, or a stamp or SRC-20 payload.
fn candidate(tx: &Transaction) -> bool {
    transport::has_counterparty_data(tx) || src20_transport::prefilter(tx).should_include
}

impl MempoolView {
    /// Nothing seen yet; at most `batch` new transactions are read per pass.
    pub fn new(batch: usize) -> Self {
        Self {
            waiting: HashMap::new(),
            published: HashMap::new(),
            judged_at: None,
            // Distinct per start: the clock's nanoseconds and the process.
            boot: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| {
                    u64::try_from(d.as_nanos() & u128::from(u64::MAX)).unwrap_or(0)
                })
                ^ u64::from(std::process::id()),
            sequence: 0,
            batch: batch.max(1),
        }
    }

    /// Reads the mempool, judges what matters after the tip `state` is at (`height`, `tip`), and publishes what
    /// changed. Nothing is published when neither the waiting set nor the tip moved.
    pub async fn pass(
        &mut self,
        source: &BlockSource,
        state: &ChainState,
        (height, tip): (u64, BlockHash),
        nats: &Nats,
    ) -> Result<Pass, crate::service::IndexerError> {
        let ids: HashSet<Txid> = source.mempool().await?.into_iter().collect();
        let before = self.waiting.len();
        self.waiting.retain(|txid, _| ids.contains(txid));
        let mut gone = before != self.waiting.len();
        let new: Vec<Txid> = ids
            .iter()
            .filter(|t| !self.waiting.contains_key(*t))
            .take(self.batch)
            .copied()
            .collect();
        if !new.is_empty() {
            let seen_ms = now_ms();
            let fetched = source.transactions(&new).await?;
            for (txid, tx) in fetched {
                let inputs = tx.input.iter().map(|i| i.previous_output).collect();
                let tx = candidate(&tx).then(|| Arc::new(tx));
                self.waiting.insert(
                    txid,
                    Waiting {
                        inputs,
                        tx,
                        seen_ms,
                    },
                );
            }
            gone = true;
        }
        let complete = self.judged_at != Some(tip);
        if !gone && !complete {
            return Ok(Pass {
                waiting: self.waiting.len(),
                ..Pass::default()
            });
        }
        let order = self.relevant(state);
        self.complete_transactions(source, &order).await?;
        let txs: Vec<(Arc<Transaction>, u64)> = order
            .iter()
            .filter_map(|t| {
                let w = self.waiting.get(t)?;
                Some((w.tx.clone()?, w.seen_ms))
            })
            .collect();
        let prevouts = self.prevouts(source, &txs).await?;
        let judged = judge(state, height + 1, tip, &txs, &prevouts, Rules::MAINNET);
        let pass = Pass {
            waiting: self.waiting.len(),
            judged: txs.len(),
            ..Pass::default()
        };
        self.publish(nats, height, tip, judged, complete, pass)
            .await
    }

    /// The waiting transactions that matter, parents first: candidates, spends of outputs holding balances in the
    /// committed ledger, and every descendant of those in the mempool (a child may spend an output a pending
    /// transaction fills).
    fn relevant(&self, state: &ChainState) -> Vec<Txid> {
        let mut set: HashSet<Txid> = self
            .waiting
            .iter()
            .filter(|(_, w)| {
                w.tx.is_some() || w.inputs.iter().any(|o| state.ledger.utxo_holds_balances(o))
            })
            .map(|(t, _)| *t)
            .collect();
        loop {
            let more: Vec<Txid> = self
                .waiting
                .iter()
                .filter(|(t, w)| {
                    !set.contains(*t) && w.inputs.iter().any(|o| set.contains(&o.txid))
                })
                .map(|(t, _)| *t)
                .collect();
            if more.is_empty() {
                break;
            }
            set.extend(more);
        }
        // Parents first; among those ready, first seen first, then by txid.
        let mut order = Vec::with_capacity(set.len());
        let mut placed = HashSet::new();
        let mut left: Vec<Txid> = set.iter().copied().collect();
        left.sort_by_key(|t| (self.waiting.get(t).map_or(0, |w| w.seen_ms), *t));
        while !left.is_empty() {
            let ready: Vec<Txid> = left
                .iter()
                .filter(|t| {
                    self.waiting.get(*t).is_none_or(|w| {
                        w.inputs
                            .iter()
                            .all(|o| !set.contains(&o.txid) || placed.contains(&o.txid))
                    })
                })
                .copied()
                .collect();
            // A cycle cannot happen in a mempool; were it to, the rest goes as it is.
            let next = if ready.is_empty() {
                left.clone()
            } else {
                ready
            };
            for t in &next {
                placed.insert(*t);
                order.push(*t);
            }
            left.retain(|t| !placed.contains(t));
        }
        order
    }

    /// Fetches again the transactions of `order` kept as their inputs only (they spend outputs holding balances).
    async fn complete_transactions(
        &mut self,
        source: &BlockSource,
        order: &[Txid],
    ) -> Result<(), crate::service::IndexerError> {
        let missing: Vec<Txid> = order
            .iter()
            .filter(|t| self.waiting.get(*t).is_some_and(|w| w.tx.is_none()))
            .copied()
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        for (txid, tx) in source.transactions(&missing).await? {
            if let Some(w) = self.waiting.get_mut(&txid) {
                w.tx = Some(Arc::new(tx));
            }
        }
        Ok(())
    }

    /// The outputs `txs` spend: from one another (a child of a waiting parent), else from the node.
    async fn prevouts(
        &self,
        source: &BlockSource,
        txs: &[(Arc<Transaction>, u64)],
    ) -> Result<Prevouts, crate::service::IndexerError> {
        let by_id: HashMap<Txid, &Transaction> = txs
            .iter()
            .map(|(t, _)| (t.compute_txid(), t.as_ref()))
            .collect();
        let mut found: HashMap<OutPoint, TxOut> = HashMap::new();
        let mut wanted = Vec::new();
        for (tx, _) in txs {
            for input in &tx.input {
                let o = input.previous_output;
                match by_id
                    .get(&o.txid)
                    .and_then(|t| t.output.get(o.vout as usize))
                {
                    Some(out) => {
                        found.insert(o, out.clone());
                    }
                    None => wanted.push(o),
                }
            }
        }
        source.fetch_outputs(wanted, &mut found).await?;
        Ok(Prevouts(found))
    }

    /// Publishes what changed since the last publication: the pending transactions new or judged differently,
    /// those gone, and with `complete` the whole set.
    async fn publish(
        &mut self,
        nats: &Nats,
        height: u64,
        tip: BlockHash,
        judged: Vec<PendingTx>,
        complete: bool,
        mut pass: Pass,
    ) -> Result<Pass, crate::service::IndexerError> {
        let now: HashMap<String, (PendingTx, Vec<u8>)> = judged
            .into_iter()
            .map(|p| {
                let bytes = p.encode_to_vec();
                (p.txid.clone(), (p, bytes))
            })
            .collect();
        let removed: Vec<String> = self
            .published
            .keys()
            .filter(|t| !now.contains_key(*t))
            .cloned()
            .collect();
        let mut upserted: Vec<&PendingTx> = now
            .values()
            .filter(|(p, bytes)| complete || self.published.get(&p.txid) != Some(bytes))
            .map(|(p, _)| p)
            .collect();
        upserted.sort_by_key(|p| p.seq);
        let kept: Vec<String> = if complete {
            now.keys()
                .filter(|t| !upserted.iter().any(|p| &&p.txid == t))
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        if complete || !upserted.is_empty() || !removed.is_empty() {
            pass.upserted = upserted.len();
            pass.removed = removed.len();
            let mut messages = vec![MempoolChanged {
                height,
                upserted: Vec::new(),
                removed,
                complete,
                kept,
            }];
            let mut size = messages[0].encoded_len();
            for p in upserted {
                let len = p.encoded_len();
                if size + len > MAX_MESSAGE
                    && !messages.last().is_none_or(|m| m.upserted.is_empty())
                {
                    messages.push(MempoolChanged {
                        height,
                        ..MempoolChanged::default()
                    });
                    size = 0;
                }
                size += len;
                if let Some(m) = messages.last_mut() {
                    m.upserted.push(p.clone());
                }
            }
            for message in messages {
                self.sequence += 1;
                let mut headers = async_nats::HeaderMap::new();
                headers.insert(
                    "Nats-Msg-Id",
                    format!("mempool:{:016x}:{}", self.boot, self.sequence).as_str(),
                );
                nats.js
                    .publish_with_headers(
                        nats.subject(MEMPOOL_CHANGED),
                        headers,
                        message.encode_to_vec().into(),
                    )
                    .await
                    .map_err(|e| crate::service::IndexerError::Publish(e.to_string()))?
                    .await
                    .map_err(|e| crate::service::IndexerError::Publish(e.to_string()))?;
            }
        }
        self.published = now.into_iter().map(|(t, (_, bytes))| (t, bytes)).collect();
        self.judged_at = Some(tip);
        Ok(pass)
    }
}

/// A stand-in for the next block's coinbase: the decoders skip a block's first transaction.
fn coinbase() -> Transaction {
    Transaction {
        version: bitcoin::transaction::Version::TWO,
        lock_time: bitcoin::absolute::LockTime::ZERO,
        input: vec![TxIn {
            previous_output: OutPoint::null(),
            script_sig: bitcoin::ScriptBuf::from_bytes(vec![0x01, 0x01]),
            ..TxIn::default()
        }],
        output: Vec::new(),
    }
}

/// What `txs` (the waiting transactions that matter, in order, with when each was first seen) do when mined in
/// the block at `height` after `tip`, each as a [`PendingTx`]; those that do nothing are left out. Pure: `state`
/// is read, never changed.
pub fn judge(
    state: &ChainState,
    height: u64,
    tip: BlockHash,
    txs: &[(Arc<Transaction>, u64)],
    prevouts: &Prevouts,
    rules: Rules,
) -> Vec<PendingTx> {
    let block = Block {
        header: Header {
            version: Version::TWO,
            prev_blockhash: tip,
            merkle_root: bitcoin::TxMerkleNode::all_zeros(),
            time: u32::try_from(now_ms() / 1000).unwrap_or(u32::MAX),
            bits: bitcoin::CompactTarget::from_consensus(0),
            nonce: 0,
        },
        txdata: std::iter::once(coinbase())
            .chain(txs.iter().map(|(t, _)| Transaction::clone(t)))
            .collect(),
    };
    let txids = stamps_protocol::block::block_txids(&block);
    let flags = stamps_protocol::block::counterparty_candidates(&block);
    let pass = prepare::parse(&block, height, txids, &flags, prevouts, rules);
    let records: HashMap<usize, _> = pass.records().map(|r| (r.tx_index, r.clone())).collect();
    let mut pending = PendingLedger::new(&state.ledger);
    let mut out: Vec<PendingTx> = Vec::new();
    let mut valid_issuances = HashSet::new();
    for (index, tx) in block.txdata.iter().enumerate().skip(1) {
        let record = records.get(&index);
        let seen_ms = txs.get(index - 1).map_or(0, |(_, s)| *s);
        let moves = tx
            .input
            .iter()
            .any(|i| pending.utxo_holds_balances(&i.previous_output));
        let mut p = PendingTx {
            txid: tx.compute_txid().to_string(),
            seq: u32::try_from(index).unwrap_or(u32::MAX),
            seen_ms,
            ..PendingTx::default()
        };
        if record.is_some() || moves {
            let ltx = LedgerTx::from_transaction(tx, index, record, prevouts, height, rules);
            let outcome = pending.transaction(&ltx, height);
            p.source = ltx.source.clone();
            p.message_type = match &ltx.message {
                TxMessage::Message(m) => m.name().to_owned(),
                _ => String::new(),
            };
            if outcome.is_valid() && p.message_type == "issuance" {
                valid_issuances.insert(p.txid.clone());
            }
            p.status = outcome.status.clone();
            effects_of(&ltx, &outcome.effects, &mut p);
        }
        out.push(p);
    }
    // Stamps and SRC-20, as the block would decode them after the ledger.
    let decoded = {
        let has_stamp = |cpid: &str| state.stamped.contains(cpid);
        let issuance_valid = |tx_hash: &str| valid_issuances.contains(tx_hash);
        let ctx = BlockContext {
            height,
            rules,
            next_stamp: state.next_stamp,
            next_cursed: state.next_cursed,
            prev_txlist_hash: state.prev_txlist_hash.clone(),
            prev_messages_hash: state.prev_messages_hash.clone(),
            prev_ledger_hash: state.prev_ledger_hash.clone(),
            prevouts,
            has_stamp: &has_stamp,
            issuance_valid: &issuance_valid,
            src20: &state.src20,
        };
        decode_block_after(&block, &ctx, pass)
    };
    for op in decoded.src20.iter().filter(|o| o.valid) {
        let (Some(tick), Some(amt)) = (&op.tick, &op.amt) else {
            continue;
        };
        let Some(p) = out.iter_mut().find(|p| p.txid == op.tx_hash) else {
            continue;
        };
        let amt = stamps_platform::figures::plain_decimal(amt);
        let change = |address: &Option<String>, delta: String, op: &str| PendingSrc20 {
            tick: tick.clone(),
            address: address.clone().unwrap_or_default(),
            delta,
            op: op.to_owned(),
        };
        match op.op.as_deref() {
            Some("MINT") => p.src20.push(change(&op.destination, amt, "MINT")),
            Some("TRANSFER") => {
                p.src20
                    .push(change(&op.creator, format!("-{amt}"), "TRANSFER"));
                p.src20.push(change(&op.destination, amt, "TRANSFER"));
            }
            _ => {}
        }
    }
    out.retain(|p| {
        !p.message_type.is_empty()
            || !p.balances.is_empty()
            || !p.dispensers.is_empty()
            || !p.src20.is_empty()
            || !p.issuances.is_empty()
    });
    out
}

/// The address a holder is: itself, or for a UTXO (`txid:vout`) its output's address, from the transaction that
/// creates it (`ltx`) or spends it.
fn address_of(ltx: &LedgerTx, holder: &str) -> String {
    let Some((txid, vout)) = holder.split_once(':') else {
        return holder.to_owned();
    };
    if txid == ltx.tx_hash
        && let Some(out) = vout.parse::<usize>().ok().and_then(|v| ltx.outputs.get(v))
    {
        return out.address.clone().unwrap_or_default();
    }
    ltx.inputs
        .iter()
        .find(|i| i.outpoint == holder)
        .and_then(|i| i.address.clone())
        .unwrap_or_default()
}

/// Adds to `p` what `effects` (one transaction's, `ltx`) change: balances by holder and asset, dispensers as they
/// are after it, valid issuances.
fn effects_of(ltx: &LedgerTx, effects: &[Effect], p: &mut PendingTx) {
    let mut deltas: Vec<((String, String), i128)> = Vec::new();
    let mut dispensers: Vec<DispenserInfo> = Vec::new();
    for e in effects {
        let (change, sign) = match e {
            Effect::Debit(c) => (c, -1),
            Effect::Credit(c) => (c, 1),
            Effect::DispenserOpened(d)
            | Effect::DispenserUpdated(d)
            | Effect::DispenserClosed(d)
            | Effect::DispenserRefilled { dispenser: d, .. } => {
                dispensers.retain(|x| x.tx_hash != d.tx_hash);
                dispensers.push(d.clone());
                continue;
            }
            Effect::Issuance(row) if row.status == "valid" && row.quantity > 0 => {
                if let Some(asset) = &row.asset {
                    p.issuances.push(PendingIssuance {
                        asset: asset.clone(),
                        quantity: row.quantity.to_string(),
                        source: row.source.clone(),
                    });
                }
                continue;
            }
            _ => continue,
        };
        let key = (change.holder.clone(), change.asset.clone());
        let q = sign * i128::from(change.quantity);
        match deltas.iter_mut().find(|(k, _)| *k == key) {
            Some((_, d)) => *d += q,
            None => deltas.push((key, q)),
        }
    }
    p.balances = deltas
        .into_iter()
        .filter(|(_, d)| *d != 0)
        .map(|((holder, asset), delta)| PendingBalance {
            address: address_of(ltx, &holder),
            holder,
            asset,
            delta: delta.to_string(),
        })
        .collect();
    p.dispensers = dispensers
        .into_iter()
        .map(|d| PendingDispenser {
            tx_hash: d.tx_hash,
            source: d.source,
            asset: d.asset,
            status: u32::from(d.status),
            give_remaining: d.give_remaining.to_string(),
        })
        .collect();
}
