//! The devnet's chain: consensus-encoded blocks mined at regtest difficulty, with every transaction indexed and
//! the set of unspent outputs kept, so that blocks can also be disconnected again.

use std::collections::HashMap;

use bitcoin::block::{Header, Version};
use bitcoin::hashes::Hash;
use bitcoin::script::PushBytesBuf;
use bitcoin::{
    Amount, Block, BlockHash, CompactTarget, OutPoint, ScriptBuf, Sequence, Transaction, TxIn,
    TxMerkleNode, TxOut, Txid, Witness, absolute, transaction,
};

/// Regtest's proof-of-work limit: a block takes a couple of hashes to mine.
pub const REGTEST_BITS: u32 = 0x207f_ffff;
/// Block time of mainnet block 840000, the anchor for the devnet's clock.
const ANCHOR_TIME: u32 = 1_713_571_767;
const ANCHOR_HEIGHT: u64 = 840_000;

/// Seconds between two blocks of a scenario.
pub const BLOCK_SPACING: i64 = 600;

/// The scheduled time of a block at `height` (unix seconds): ten minutes apart, anchored on mainnet's block
/// 840000. A scenario's blocks are mined at these times, then moved by [`Chain::retime`].
fn scheduled_time(height: u64) -> i64 {
    let offset = i64::try_from(height).unwrap_or(i64::MAX) - ANCHOR_HEIGHT as i64;
    i64::from(ANCHOR_TIME) + offset * BLOCK_SPACING
}

/// When the blocks a chain mines are timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clock {
    /// At their scheduled time ([`scheduled_time`]): a scenario being made.
    Schedule,
    /// At the time of day, and always after the tip: a running node.
    Live,
}

/// Counts the header's nonce up until its hash meets its bits (a couple of tries at regtest difficulty).
fn solve(header: &mut Header) {
    let target = header.target();
    while header.validate_pow(target).is_err() {
        header.nonce = header.nonce.wrapping_add(1);
    }
}

/// Unix seconds now.
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Blocks whose coinbase outputs can be spent, as Core's consensus rule has it.
pub const COINBASE_MATURITY: u64 = 100;

/// An unspent output and where it was created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coin {
    /// The output.
    pub output: TxOut,
    /// Height of the block that created it.
    pub height: u64,
    /// Whether a coinbase created it.
    pub coinbase: bool,
}

/// The block subsidy at `height` on mainnet's schedule (the devnet runs at mainnet-like heights).
pub fn subsidy(height: u64) -> Amount {
    let halvings = height / 210_000;
    if halvings >= 64 {
        return Amount::ZERO;
    }
    Amount::from_sat(5_000_000_000u64 >> halvings)
}

/// A chain of blocks starting at `first_height`.
#[derive(Debug, Clone)]
pub struct Chain {
    first_height: u64,
    blocks: Vec<Block>,
    by_hash: HashMap<BlockHash, usize>,
    txs: HashMap<Txid, (usize, usize)>,
    utxos: HashMap<OutPoint, Coin>,
    /// Unspent outputs by a hash of their script (bare multisig excluded: it has no address), so that an
    /// address's coins are found without a scan.
    by_script: HashMap<u64, Vec<OutPoint>>,
    /// Per block, the coins its transactions spent (to restore them when the block is disconnected).
    undo: Vec<Vec<(OutPoint, Coin)>>,
    /// How many times blocks were disconnected: tags the coinbases of later blocks.
    branch: u32,
    clock: Clock,
}

impl Chain {
    /// An empty chain whose first block will have height `first_height`.
    pub fn new(first_height: u64) -> Self {
        Self {
            first_height,
            blocks: Vec::new(),
            by_hash: HashMap::new(),
            txs: HashMap::new(),
            utxos: HashMap::new(),
            by_script: HashMap::new(),
            undo: Vec::new(),
            branch: 0,
            clock: Clock::Schedule,
        }
    }

    /// A chain made of `blocks` (as stored), the first at `first_height`; it mines at the time of day.
    pub fn from_blocks(first_height: u64, blocks: Vec<Block>) -> Self {
        let mut chain = Self::new(first_height);
        for block in blocks {
            chain.reconnect(block);
        }
        chain.clock = Clock::Live;
        chain
    }

    /// From now on, mines blocks at the time of day (after the tip's time), as a running node does.
    pub fn go_live(&mut self) {
        self.clock = Clock::Live;
    }

    /// Moves every block's time so that the tip's is `tip_time` and the others are ten minutes apart before
    /// it, mining the headers again (their hashes change; the transactions do not). Then mines at the time of
    /// day.
    pub fn retime(&mut self, tip_time: i64) {
        let tip = self.tip_height();
        let mut previous = BlockHash::all_zeros();
        self.by_hash.clear();
        for (index, block) in self.blocks.iter_mut().enumerate() {
            let height = self.first_height + index as u64;
            let back = i64::try_from(tip - height).unwrap_or(i64::MAX);
            let time = tip_time.saturating_sub(back.saturating_mul(BLOCK_SPACING));
            block.header.time = u32::try_from(time.max(0)).unwrap_or(u32::MAX);
            block.header.prev_blockhash = previous;
            block.header.nonce = 0;
            solve(&mut block.header);
            previous = block.block_hash();
            self.by_hash.insert(previous, index);
        }
        self.clock = Clock::Live;
    }

    /// The header time of the block at `height`.
    pub fn time_at(&self, height: u64) -> Option<i64> {
        self.block_at(height).map(|b| i64::from(b.header.time))
    }

    /// The blocks, first to tip.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The unspent output `outpoint` refers to.
    pub fn coin(&self, outpoint: &OutPoint) -> Option<&Coin> {
        self.utxos.get(outpoint)
    }

    /// Every unspent output paying `script`, in no particular order. Bare multisig scripts, which pay no
    /// address, are not indexed: they are found by a scan of the whole set.
    pub fn coins_of<'a>(
        &'a self,
        script: &'a bitcoin::Script,
    ) -> Box<dyn Iterator<Item = (&'a OutPoint, &'a Coin)> + 'a> {
        if script.is_multisig() {
            return Box::new(
                self.utxos
                    .iter()
                    .filter(move |(_, c)| c.output.script_pubkey.as_script() == script),
            );
        }
        Box::new(
            self.by_script
                .get(&script_key(script))
                .into_iter()
                .flatten()
                .filter_map(move |o| {
                    let coin = self.utxos.get(o)?;
                    (coin.output.script_pubkey.as_script() == script).then_some((o, coin))
                }),
        )
    }

    fn add_coin(&mut self, outpoint: OutPoint, coin: Coin) {
        if !coin.output.script_pubkey.is_multisig() {
            self.by_script
                .entry(script_key(&coin.output.script_pubkey))
                .or_default()
                .push(outpoint);
        }
        self.utxos.insert(outpoint, coin);
    }

    fn remove_coin(&mut self, outpoint: &OutPoint) -> Option<Coin> {
        let coin = self.utxos.remove(outpoint)?;
        let key = script_key(&coin.output.script_pubkey);
        if let Some(list) = self.by_script.get_mut(&key) {
            list.retain(|o| o != outpoint);
            if list.is_empty() {
                self.by_script.remove(&key);
            }
        }
        Some(coin)
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// Whether no block has been mined yet.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Height of the tip (`first_height - 1` when empty).
    pub fn tip_height(&self) -> u64 {
        (self.first_height + self.blocks.len() as u64).saturating_sub(1)
    }

    /// Height the next mined block gets.
    pub fn next_height(&self) -> u64 {
        self.first_height + self.blocks.len() as u64
    }

    /// Height of the first block.
    pub fn first_height(&self) -> u64 {
        self.first_height
    }

    /// The block at `height`.
    pub fn block_at(&self, height: u64) -> Option<&Block> {
        height
            .checked_sub(self.first_height)
            .and_then(|i| self.blocks.get(usize::try_from(i).ok()?))
    }

    /// The block with `hash` and its height.
    pub fn block(&self, hash: &BlockHash) -> Option<(&Block, u64)> {
        self.by_hash
            .get(hash)
            .map(|&i| (&self.blocks[i], self.first_height + i as u64))
    }

    /// A transaction by txid, with the hash and height of its block.
    pub fn transaction(&self, txid: &Txid) -> Option<(&Transaction, BlockHash, u64)> {
        self.txs.get(txid).map(|&(b, t)| {
            let block = &self.blocks[b];
            (
                &block.txdata[t],
                block.block_hash(),
                self.first_height + b as u64,
            )
        })
    }

    /// The tip's hash (all zeros when empty).
    pub fn tip_hash(&self) -> BlockHash {
        self.blocks
            .last()
            .map_or(BlockHash::all_zeros(), Block::block_hash)
    }

    /// The output `outpoint` refers to, if it exists on the chain.
    pub fn output(&self, outpoint: &OutPoint) -> Option<&TxOut> {
        let (tx, _, _) = self.transaction(&outpoint.txid)?;
        tx.output.get(usize::try_from(outpoint.vout).ok()?)
    }

    /// Mines a block paying `coinbase_outputs` and containing `txs`, and appends it. Returns its hash.
    pub fn mine(&mut self, coinbase_outputs: Vec<TxOut>, txs: Vec<Transaction>) -> BlockHash {
        let height = self.next_height();
        let mut coinbase = coinbase(height, self.branch, coinbase_outputs);
        let mut txdata = Vec::with_capacity(txs.len() + 1);
        txdata.push(coinbase.clone());
        txdata.extend(txs);
        // Segwit commitment: the witness root with a zero reserved value, as Core's miner writes it.
        let mut block = Block {
            header: self.header(height, TxMerkleNode::all_zeros()),
            txdata,
        };
        if let Some(witness_root) = block.witness_root() {
            let reserved = [0u8; 32];
            let commitment = Block::compute_witness_commitment(&witness_root, &reserved);
            let mut script = vec![0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed];
            script.extend_from_slice(commitment.as_byte_array());
            coinbase.output.push(TxOut {
                value: Amount::ZERO,
                script_pubkey: ScriptBuf::from_bytes(script),
            });
            coinbase.input[0].witness = Witness::from_slice(&[reserved.to_vec()]);
            block.txdata[0] = coinbase;
        }
        block.header.merkle_root = block
            .compute_merkle_root()
            .unwrap_or(TxMerkleNode::all_zeros());
        solve(&mut block.header);
        self.connect(block, height)
    }

    /// Appends an already mined block at `height`, updating the indexes and the unspent outputs.
    fn connect(&mut self, block: Block, height: u64) -> BlockHash {
        let hash = block.block_hash();
        let index = self.blocks.len();
        let mut spent = Vec::new();
        for (t, tx) in block.txdata.iter().enumerate() {
            let txid = tx.compute_txid();
            self.txs.insert(txid, (index, t));
            if !tx.is_coinbase() {
                for input in &tx.input {
                    if let Some(coin) = self.remove_coin(&input.previous_output) {
                        spent.push((input.previous_output, coin));
                    }
                }
            }
            for (vout, output) in tx.output.iter().enumerate() {
                if output.script_pubkey.is_op_return() {
                    continue;
                }
                let coin = Coin {
                    output: output.clone(),
                    height,
                    coinbase: tx.is_coinbase(),
                };
                self.add_coin(OutPoint::new(txid, vout as u32), coin);
            }
        }
        self.undo.push(spent);
        self.by_hash.insert(hash, index);
        self.blocks.push(block);
        hash
    }

    /// Appends a block mined earlier (one that `disconnect_tip` removed) on top of the tip.
    pub fn reconnect(&mut self, block: Block) -> BlockHash {
        let height = self.next_height();
        self.connect(block, height)
    }

    /// Removes the tip block, restoring the outputs it spent. Returns it.
    pub fn disconnect_tip(&mut self) -> Option<Block> {
        let block = self.blocks.pop()?;
        self.branch = self.branch.saturating_add(1);
        let spent = self.undo.pop().unwrap_or_default();
        self.by_hash.remove(&block.block_hash());
        for tx in &block.txdata {
            let txid = tx.compute_txid();
            self.txs.remove(&txid);
            for vout in 0..tx.output.len() {
                self.remove_coin(&OutPoint::new(txid, vout as u32));
            }
        }
        for (outpoint, coin) in spent {
            self.add_coin(outpoint, coin);
        }
        Some(block)
    }

    fn header(&self, height: u64, merkle_root: TxMerkleNode) -> Header {
        let time = match self.clock {
            Clock::Schedule => scheduled_time(height),
            Clock::Live => {
                let after_tip = self
                    .blocks
                    .last()
                    .map_or(0, |b| i64::from(b.header.time) + 1);
                unix_now().max(after_tip)
            }
        };
        Header {
            version: Version::from_consensus(0x2000_0000),
            prev_blockhash: self.tip_hash(),
            merkle_root,
            time: u32::try_from(time.max(0)).unwrap_or(u32::MAX),
            bits: CompactTarget::from_consensus(REGTEST_BITS),
            nonce: 0,
        }
    }
}

/// The index key of an output script.
fn script_key(script: &bitcoin::Script) -> u64 {
    use std::hash::{Hash as _, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    script.as_bytes().hash(&mut hasher);
    hasher.finish()
}

/// A coinbase for `height` (BIP34 height push) paying `outputs`.
fn coinbase(height: u64, branch: u32, outputs: Vec<TxOut>) -> Transaction {
    let height_push = bitcoin::script::Builder::new()
        .push_int(i64::try_from(height).unwrap_or(i64::MAX))
        .into_script();
    let mut script_sig = height_push.into_bytes();
    // Blocks mined after a reorg carry the branch number, so a replacement block never equals the original.
    let tag = if branch == 0 {
        "stamps-devnet".to_owned()
    } else {
        format!("stamps-devnet/{branch}")
    };
    let tag = PushBytesBuf::try_from(tag.into_bytes()).unwrap_or_default();
    script_sig.extend(
        bitcoin::script::Builder::new()
            .push_slice(tag)
            .into_script()
            .into_bytes(),
    );
    Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: vec![TxIn {
            previous_output: OutPoint::null(),
            script_sig: ScriptBuf::from_bytes(script_sig),
            sequence: Sequence::MAX,
            witness: Witness::new(),
        }],
        output: outputs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pay(script: &ScriptBuf, sats: u64) -> TxOut {
        TxOut {
            value: Amount::from_sat(sats),
            script_pubkey: script.clone(),
        }
    }

    #[test]
    fn the_script_index_follows_spends_and_disconnects() {
        let alice = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([1; 20]));
        let bob = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array([2; 20]));
        let mut chain = Chain::new(100);
        let first = chain.mine(vec![pay(&alice, 1_000)], Vec::new());
        let coinbase = chain.block(&first).expect("mined").0.txdata[0].compute_txid();
        let spend = Transaction {
            version: transaction::Version::TWO,
            lock_time: absolute::LockTime::ZERO,
            input: vec![TxIn {
                previous_output: OutPoint::new(coinbase, 0),
                script_sig: ScriptBuf::new(),
                sequence: Sequence::MAX,
                witness: Witness::new(),
            }],
            output: vec![pay(&bob, 600), pay(&bob, 300)],
        };
        let spend_txid = spend.compute_txid();
        chain.mine(Vec::new(), vec![spend]);
        assert_eq!(chain.coins_of(&alice).count(), 0);
        let mut bobs: Vec<u32> = chain.coins_of(&bob).map(|(o, _)| o.vout).collect();
        bobs.sort_unstable();
        assert_eq!(bobs, vec![0, 1]);
        assert!(chain.coins_of(&bob).all(|(o, _)| o.txid == spend_txid));

        let block = chain.disconnect_tip().expect("tip");
        assert_eq!(chain.coins_of(&bob).count(), 0);
        let back: Vec<_> = chain.coins_of(&alice).collect();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].1.output.value.to_sat(), 1_000);

        chain.reconnect(block);
        assert_eq!(chain.coins_of(&alice).count(), 0);
        assert_eq!(chain.coins_of(&bob).count(), 2);
    }
}
