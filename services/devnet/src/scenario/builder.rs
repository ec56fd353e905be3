//! The scenario's block builder: each actor's wallet of coins, transactions built unsigned in block order
//! (a segwit txid does not depend on its signatures, so a transaction can spend its predecessor's change
//! before either is signed), signed in parallel when the block is mined, coinbases paying the bank and
//! released to it only once mature.

use std::collections::VecDeque;

use bitcoin::secp256k1::{All, Secp256k1};
use bitcoin::sighash::SighashCache;
use bitcoin::{Amount, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, Txid, Witness};

use super::intent::{Intended, Payload};
use crate::chain::{COINBASE_MATURITY, Chain, subsidy};
use crate::keys::Actor;

/// Value of the small outputs the scenario creates for recipients (mainnet's usual dust for stamps).
pub const DUST: u64 = 546;
/// Virtual size a P2WPKH input's witness adds (72-byte signature, 33-byte key, counts, flag share).
const WITNESS_VSIZE: u64 = 28;
/// What the bank sends an actor whose wallet runs dry.
const TOP_UP: u64 = 20_000_000;

/// An input being spent: where, how much, and which actor signs it.
#[derive(Debug, Clone, Copy)]
pub struct Coin {
    /// The output spent.
    pub outpoint: OutPoint,
    /// Its value in satoshis.
    pub value: u64,
    /// The actor whose key signs it.
    pub signer: usize,
}

/// A transaction waiting for the next block, with what its inputs' signatures need.
struct Pending {
    tx: Transaction,
    inputs: Vec<Coin>,
}

/// Builds the scenario's chain block by block.
pub struct Builder {
    /// Signing context.
    pub secp: Secp256k1<All>,
    /// The chain so far.
    pub chain: Chain,
    /// The actors; actor 0 is the bank, paid by every coinbase.
    pub actors: Vec<Actor>,
    /// Their output scripts.
    pub scripts: Vec<ScriptBuf>,
    /// Their addresses.
    pub addresses: Vec<String>,
    /// Fee rate of scenario transactions, sat/vB.
    pub fee_rate: u64,
    /// A block is mined once its transactions reach this virtual size.
    pub max_block_vsize: u64,
    /// Everything the scenario meant to do, in chain order.
    pub intents: Vec<Intended>,
    wallets: Vec<Vec<(OutPoint, u64)>>,
    immature: VecDeque<(u64, OutPoint, u64)>,
    pending: Vec<Pending>,
    pending_fees: u64,
    pending_vsize: u64,
}

impl Builder {
    /// A builder for a chain starting at `first_height`, with `actors` (the first is the bank).
    pub fn new(first_height: u64, actors: Vec<Actor>, fee_rate: u64) -> Self {
        let scripts: Vec<ScriptBuf> = actors.iter().map(Actor::script_pubkey).collect();
        let addresses = actors.iter().map(|a| a.address().to_string()).collect();
        let wallets = vec![Vec::new(); actors.len()];
        Self {
            secp: Secp256k1::new(),
            chain: Chain::new(first_height),
            actors,
            scripts,
            addresses,
            fee_rate,
            max_block_vsize: crate::node::MAX_BLOCK_VSIZE,
            intents: Vec::new(),
            wallets,
            immature: VecDeque::new(),
            pending: Vec::new(),
            pending_fees: 0,
            pending_vsize: 0,
        }
    }

    /// Height of the block being filled.
    pub fn height(&self) -> u64 {
        self.chain.next_height()
    }

    /// Transactions waiting for the next block.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Signs the waiting transactions and mines them into a block paying the bank; returns its height.
    pub fn mine(&mut self) -> u64 {
        let mut pending = std::mem::take(&mut self.pending);
        sign_all(&self.secp, &self.actors, &mut pending);
        let height = self.chain.next_height();
        let value = subsidy(height).to_sat() + self.pending_fees;
        self.pending_fees = 0;
        self.pending_vsize = 0;
        let bank = self.scripts.first().cloned().unwrap_or_default();
        let txs = pending.into_iter().map(|p| p.tx).collect();
        let hash = self.chain.mine(
            vec![TxOut {
                value: Amount::from_sat(value),
                script_pubkey: bank,
            }],
            txs,
        );
        if let Some(coinbase) = self.chain.block(&hash).and_then(|(b, _)| b.txdata.first()) {
            self.immature
                .push_back((height, OutPoint::new(coinbase.compute_txid(), 0), value));
        }
        // A coinbase of height h can be spent in a block of height h + 100 (Core's COINBASE_MATURITY).
        while let Some(&(h, outpoint, value)) = self.immature.front() {
            if self.chain.next_height() - h < COINBASE_MATURITY {
                break;
            }
            self.immature.pop_front();
            if let Some(bank) = self.wallets.first_mut() {
                bank.push((outpoint, value));
            }
        }
        height
    }

    /// Mines the block being filled once it is full.
    pub fn mine_if_full(&mut self) {
        if self.pending_vsize >= self.max_block_vsize {
            self.mine();
        }
    }

    /// Spendable satoshis in `actor`'s wallet.
    pub fn balance(&self, actor: usize) -> u64 {
        self.wallets
            .get(actor)
            .map_or(0, |w| w.iter().map(|(_, v)| v).sum())
    }

    /// Coins of `actor` worth at least `need`, taken out of its wallet (topped up by the bank when short).
    pub fn take(&mut self, actor: usize, need: u64) -> Vec<Coin> {
        if self.balance(actor) < need {
            self.fund(actor, need.max(TOP_UP));
        }
        let wallet = &mut self.wallets[actor];
        let mut taken = Vec::new();
        let mut sum = 0;
        // Largest coins last: pop them first.
        wallet.sort_by_key(|(_, v)| *v);
        while sum < need {
            let Some((outpoint, value)) = wallet.pop() else {
                break;
            };
            sum += value;
            taken.push(Coin {
                outpoint,
                value,
                signer: actor,
            });
        }
        taken
    }

    /// Pays `amount` from the bank to `actor`'s wallet, mining blocks until the bank holds enough.
    pub fn fund(&mut self, actor: usize, amount: u64) {
        self.fund_many(&[(actor, amount)]);
    }

    /// Pays each `(actor, amount)` from the bank in one transaction.
    pub fn fund_many(&mut self, payments: &[(usize, u64)]) {
        let total: u64 = payments.iter().map(|(_, a)| a).sum();
        let need = total + 100_000 + 40 * payments.len() as u64 * self.fee_rate;
        let mut guard = 0;
        while self.balance(0) < need && guard < 10_000 {
            self.mine();
            guard += 1;
        }
        let inputs = self.take(0, need);
        let outputs: Vec<TxOut> = payments
            .iter()
            .map(|&(actor, amount)| TxOut {
                value: Amount::from_sat(amount),
                script_pubkey: self.scripts[actor].clone(),
            })
            .collect();
        let txid = self.finish(inputs, outputs, 0);
        for (vout, &(actor, amount)) in payments.iter().enumerate() {
            self.wallets[actor].push((OutPoint::new(txid, vout as u32), amount));
        }
    }

    /// Gives a coin back to `actor`'s wallet (an output of a transaction built by hand).
    pub fn receive(&mut self, actor: usize, outpoint: OutPoint, value: u64) {
        self.wallets[actor].push((outpoint, value));
    }

    /// Queues a transaction spending `inputs` to `outputs`, with change to `change_to` appended when it is
    /// worth keeping; the change goes back to that actor's wallet. Returns the txid.
    pub fn finish(&mut self, inputs: Vec<Coin>, outputs: Vec<TxOut>, change_to: usize) -> Txid {
        let mut tx = Transaction {
            version: bitcoin::transaction::Version::TWO,
            lock_time: bitcoin::absolute::LockTime::ZERO,
            input: inputs
                .iter()
                .map(|c| TxIn {
                    previous_output: c.outpoint,
                    script_sig: ScriptBuf::new(),
                    sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
                    witness: Witness::new(),
                })
                .collect(),
            output: outputs,
        };
        let change_script = self.scripts[change_to].clone();
        tx.output.push(TxOut {
            value: Amount::ZERO,
            script_pubkey: change_script,
        });
        let vsize = tx.base_size() as u64 + WITNESS_VSIZE * tx.input.len() as u64;
        let fee = vsize * self.fee_rate;
        let spent: u64 = inputs.iter().map(|c| c.value).sum();
        let paid: u64 = tx.output.iter().map(|o| o.value.to_sat()).sum();
        let change = spent.saturating_sub(paid + fee);
        let fee = if change < DUST {
            tx.output.pop();
            spent.saturating_sub(paid)
        } else {
            if let Some(last) = tx.output.last_mut() {
                last.value = Amount::from_sat(change);
            }
            fee
        };
        let txid = tx.compute_txid();
        if change >= DUST {
            let vout = (tx.output.len() - 1) as u32;
            self.wallets[change_to].push((OutPoint::new(txid, vout), change));
        }
        self.pending_fees += fee;
        self.pending_vsize += vsize;
        self.pending.push(Pending { tx, inputs });
        txid
    }

    /// Records what a queued transaction meant to do.
    pub fn intend(&mut self, txid: Txid, source: usize, payload: Payload) {
        let intended = Intended {
            txid,
            height: self.height(),
            source: self.addresses[source].clone(),
            payload,
        };
        self.intents.push(intended);
    }
}

/// Signs every input of every transaction (P2WPKH, SIGHASH_ALL), spreading the work over the cores.
fn sign_all(secp: &Secp256k1<All>, actors: &[Actor], pending: &mut [Pending]) {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = pending.len().div_ceil(threads).max(256);
    std::thread::scope(|scope| {
        for part in pending.chunks_mut(chunk) {
            scope.spawn(move || {
                for p in part {
                    sign(secp, actors, p);
                }
            });
        }
    });
}

fn sign(secp: &Secp256k1<All>, actors: &[Actor], pending: &mut Pending) {
    let witnesses: Vec<Witness> = {
        let mut cache = SighashCache::new(&pending.tx);
        pending
            .inputs
            .iter()
            .enumerate()
            .map(|(index, coin)| {
                actors
                    .get(coin.signer)
                    .and_then(|actor| {
                        super::p2wpkh_witness(
                            secp,
                            &mut cache,
                            index,
                            actor,
                            Amount::from_sat(coin.value),
                        )
                    })
                    .unwrap_or_default()
            })
            .collect()
    };
    for (input, witness) in pending.tx.input.iter_mut().zip(witnesses) {
        input.witness = witness;
    }
}
