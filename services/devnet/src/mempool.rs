//! The devnet's mempool: validated transactions waiting for a block, chained spends allowed, conflicts refused
//! (first seen wins), blocks filled by fee rate with parents before children.

use std::collections::{HashMap, HashSet};

use bitcoin::secp256k1::{Secp256k1, VerifyOnly};
use bitcoin::{Block, OutPoint, Transaction, Txid};

use crate::chain::{Chain, Coin};
use crate::validate::{self, Checked, CoinView, Reject};

/// A transaction waiting in the mempool.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The transaction.
    pub tx: Transaction,
    /// Fee in satoshis.
    pub fee: u64,
    /// Virtual size.
    pub vsize: u64,
    /// Unix time it entered.
    pub time: u64,
    /// Chain height when it entered.
    pub height: u64,
}

impl Entry {
    /// Fee rate in satoshis per virtual kilobyte (exact integer arithmetic).
    pub fn fee_per_kvb(&self) -> u64 {
        self.fee.saturating_mul(1000) / self.vsize.max(1)
    }
}

/// The unconfirmed transactions.
#[derive(Debug, Default, Clone)]
pub struct Mempool {
    entries: HashMap<Txid, Entry>,
    /// Which mempool transaction spends each outpoint.
    spends: HashMap<OutPoint, Txid>,
}

/// The chain seen through the mempool: its outputs are spendable (unconfirmed), and what it spends is not.
struct View<'a> {
    chain: &'a Chain,
    pool: &'a Mempool,
}

impl CoinView for View<'_> {
    fn coin(&self, outpoint: &OutPoint) -> Option<Coin> {
        if let Some(entry) = self.pool.entries.get(&outpoint.txid) {
            return entry
                .tx
                .output
                .get(usize::try_from(outpoint.vout).ok()?)
                .map(|output| Coin {
                    output: output.clone(),
                    height: self.chain.next_height(),
                    coinbase: false,
                });
        }
        self.chain.coin(outpoint).cloned()
    }
}

impl Mempool {
    /// Validates `tx` without adding it (`testmempoolaccept`).
    pub fn test(
        &self,
        secp: &Secp256k1<VerifyOnly>,
        tx: &Transaction,
        chain: &Chain,
    ) -> Result<Checked, Reject> {
        let txid = tx.compute_txid();
        if chain.transaction(&txid).is_some() {
            return Err(Reject::AlreadyConfirmed);
        }
        if tx.input.iter().any(|i| {
            self.spends
                .get(&i.previous_output)
                .is_some_and(|s| *s != txid)
        }) {
            return Err(Reject::Conflict);
        }
        validate::check(secp, tx, &View { chain, pool: self }, chain.next_height())
    }

    /// Validates and adds `tx`. A transaction already in the mempool is accepted again without change.
    pub fn accept(
        &mut self,
        secp: &Secp256k1<VerifyOnly>,
        tx: Transaction,
        chain: &Chain,
        now: u64,
    ) -> Result<Checked, Reject> {
        let checked = self.test(secp, &tx, chain)?;
        if self.entries.contains_key(&checked.txid) {
            return Ok(checked);
        }
        for input in &tx.input {
            self.spends.insert(input.previous_output, checked.txid);
        }
        self.entries.insert(
            checked.txid,
            Entry {
                tx,
                fee: checked.fee,
                vsize: checked.vsize,
                time: now,
                height: chain.tip_height(),
            },
        );
        Ok(checked)
    }

    /// A waiting transaction.
    pub fn get(&self, txid: &Txid) -> Option<&Entry> {
        self.entries.get(txid)
    }

    /// Every waiting transaction.
    pub fn entries(&self) -> impl Iterator<Item = (&Txid, &Entry)> {
        self.entries.iter()
    }

    /// Number of waiting transactions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sum of virtual sizes.
    pub fn vbytes(&self) -> u64 {
        self.entries.values().map(|e| e.vsize).sum()
    }

    /// Sum of fees, in satoshis.
    pub fn total_fee(&self) -> u64 {
        self.entries.values().map(|e| e.fee).sum()
    }

    /// The mempool transaction spending `outpoint`, if any.
    pub fn spender(&self, outpoint: &OutPoint) -> Option<&Txid> {
        self.spends.get(outpoint)
    }

    /// The waiting parents of `txid` (mempool transactions whose outputs it spends).
    pub fn parents(&self, txid: &Txid) -> Vec<Txid> {
        let mut parents: Vec<Txid> = self
            .entries
            .get(txid)
            .map(|e| {
                e.tx.input
                    .iter()
                    .map(|i| i.previous_output.txid)
                    .filter(|p| self.entries.contains_key(p))
                    .collect()
            })
            .unwrap_or_default();
        parents.sort();
        parents.dedup();
        parents
    }

    /// Transactions for a block of at most `max_vsize` virtual bytes: highest fee rate first, every
    /// transaction after its waiting parents. Returns them with their total fee.
    pub fn select(&self, max_vsize: u64) -> (Vec<Transaction>, u64) {
        let mut by_rate: Vec<(&Txid, &Entry)> = self.entries.iter().collect();
        // Higher rate first; ties broken by arrival, then txid, so blocks are deterministic.
        by_rate.sort_by(|a, b| {
            b.1.fee_per_kvb()
                .cmp(&a.1.fee_per_kvb())
                .then(a.1.time.cmp(&b.1.time))
                .then(a.0.cmp(b.0))
        });
        let mut chosen: HashSet<Txid> = HashSet::new();
        let mut out = Vec::new();
        let mut size = 0u64;
        let mut fees = 0u64;
        for (txid, _) in by_rate {
            self.take_with_parents(
                *txid,
                &mut chosen,
                &mut out,
                &mut size,
                &mut fees,
                max_vsize,
            );
        }
        (out, fees)
    }

    fn take_with_parents(
        &self,
        txid: Txid,
        chosen: &mut HashSet<Txid>,
        out: &mut Vec<Transaction>,
        size: &mut u64,
        fees: &mut u64,
        max_vsize: u64,
    ) -> bool {
        if chosen.contains(&txid) {
            return true;
        }
        let Some(entry) = self.entries.get(&txid) else {
            return false;
        };
        // Parents first; a transaction whose parent does not fit waits for the next block.
        for parent in self.parents(&txid) {
            if !self.take_with_parents(parent, chosen, out, size, fees, max_vsize) {
                return false;
            }
        }
        if *size + entry.vsize > max_vsize {
            return false;
        }
        *size += entry.vsize;
        *fees += entry.fee;
        chosen.insert(txid);
        out.push(entry.tx.clone());
        true
    }

    /// Removes what `block` confirmed, and whatever now conflicts with it (and their descendants).
    pub fn remove_for_block(&mut self, block: &Block) {
        for tx in &block.txdata {
            let txid = tx.compute_txid();
            self.remove(&txid);
            for input in &tx.input {
                if let Some(conflict) = self.spends.get(&input.previous_output).copied() {
                    self.remove_with_descendants(&conflict);
                }
            }
        }
    }

    /// Drops `txid` and everything that spends it.
    pub fn evict(&mut self, txid: &Txid) {
        self.remove_with_descendants(txid);
    }

    fn remove(&mut self, txid: &Txid) -> Option<Entry> {
        let entry = self.entries.remove(txid)?;
        for input in &entry.tx.input {
            if self.spends.get(&input.previous_output) == Some(txid) {
                self.spends.remove(&input.previous_output);
            }
        }
        Some(entry)
    }

    fn remove_with_descendants(&mut self, txid: &Txid) {
        let Some(entry) = self.remove(txid) else {
            return;
        };
        for vout in 0..entry.tx.output.len() {
            if let Some(child) = self.spends.get(&OutPoint::new(*txid, vout as u32)).copied() {
                self.remove_with_descendants(&child);
            }
        }
    }

    /// Fee rates (sat/kvB) of waiting transactions, highest first, each with its virtual size.
    pub fn rates(&self) -> Vec<(u64, u64)> {
        let mut rates: Vec<(u64, u64)> = self
            .entries
            .values()
            .map(|e| (e.fee_per_kvb(), e.vsize))
            .collect();
        rates.sort_by_key(|r| std::cmp::Reverse(r.0));
        rates
    }
}
