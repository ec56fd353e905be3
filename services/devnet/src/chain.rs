//! The devnet's chain: consensus-encoded blocks mined at regtest difficulty, with every transaction indexed.

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

/// A chain of blocks starting at `first_height`.
#[derive(Debug, Clone)]
pub struct Chain {
    first_height: u64,
    blocks: Vec<Block>,
    by_hash: HashMap<BlockHash, usize>,
    txs: HashMap<Txid, (usize, usize)>,
}

impl Chain {
    /// An empty chain whose first block will have height `first_height`.
    pub fn new(first_height: u64) -> Self {
        Self {
            first_height,
            blocks: Vec::new(),
            by_hash: HashMap::new(),
            txs: HashMap::new(),
        }
    }

    /// Height of the tip (`first_height - 1` when empty).
    pub fn tip_height(&self) -> u64 {
        (self.first_height + self.blocks.len() as u64).saturating_sub(1)
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
        let height = self.tip_height() + u64::from(!self.blocks.is_empty());
        let height = if self.blocks.is_empty() {
            self.first_height
        } else {
            height
        };
        let mut coinbase = coinbase(height, coinbase_outputs);
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
        let target = block.header.target();
        while block.header.validate_pow(target).is_err() {
            block.header.nonce = block.header.nonce.wrapping_add(1);
        }
        let hash = block.block_hash();
        let index = self.blocks.len();
        for (t, tx) in block.txdata.iter().enumerate() {
            self.txs.insert(tx.compute_txid(), (index, t));
        }
        self.by_hash.insert(hash, index);
        self.blocks.push(block);
        hash
    }

    fn header(&self, height: u64, merkle_root: TxMerkleNode) -> Header {
        let offset = i64::try_from(height).unwrap_or(i64::MAX) - ANCHOR_HEIGHT as i64;
        let time = i64::from(ANCHOR_TIME) + offset * 600;
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

/// A coinbase for `height` (BIP34 height push) paying `outputs`.
fn coinbase(height: u64, outputs: Vec<TxOut>) -> Transaction {
    let height_push = bitcoin::script::Builder::new()
        .push_int(i64::try_from(height).unwrap_or(i64::MAX))
        .into_script();
    let mut script_sig = height_push.into_bytes();
    let tag = PushBytesBuf::try_from(b"stamps-devnet".to_vec()).unwrap_or_default();
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
