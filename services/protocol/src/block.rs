//! One block, decoded: every Counterparty message, every stamp (numbered), every SRC-20 operation, and the
//! block's consensus hashes. This is what `stamps decode block` prints and what the indexer applies.
//!
//! Ledger state the decoder cannot know by itself comes in through [`BlockContext`]: the next stamp numbers,
//! the CPIDs that already have a stamp, the previous hashes, the spent outputs (for sources and fees) and the
//! SRC-20 balances. Counterparty issuance validity is ledger state too; the decoder treats every decodable
//! issuance as valid unless [`BlockContext::issuance_valid`] says otherwise.

use std::collections::HashSet;

use bitcoin::{Block, Transaction, Txid};
use serde::Serialize;

use crate::counterparty::message::Message;
use crate::counterparty::transport::{self, Params, PrevoutSource};
use crate::hashes::{self, BlockHashes, HashInputs, ValidStamp};
use crate::network::{Change, Rules};
use crate::py;
use crate::src20::transport as src20_transport;
use crate::src20::{self, Src20Block, Src20State, TxContext};
use crate::stamp::{self, Ident};

/// Ledger facts the decoder needs from outside the block.
pub struct BlockContext<'a> {
    /// Block height.
    pub height: u64,
    /// Network rules.
    pub rules: Rules,
    /// The number the next blessed stamp gets (0 for the first).
    pub next_stamp: i64,
    /// The number the next cursed stamp gets (-1 for the first).
    pub next_cursed: i64,
    /// The previous block's `txlist_hash`.
    pub prev_txlist_hash: String,
    /// The previous block's `messages_hash`.
    pub prev_messages_hash: String,
    /// The last non-empty `ledger_hash`.
    pub prev_ledger_hash: String,
    /// Spent outputs, for sources and fees. [`transport::NoPrevouts`] when unknown.
    pub prevouts: &'a dyn PrevoutSource,
    /// Whether a CPID already has a stamp from an earlier block (a second issuance is a reissue: no stamp).
    pub has_stamp: &'a dyn Fn(&str) -> bool,
    /// Whether the Counterparty ledger found an issuance valid (by tx hash). Defaults to "yes".
    pub issuance_valid: &'a dyn Fn(&str) -> bool,
    /// SRC-20 deploys, minted totals and balances before this block.
    pub src20: &'a dyn Src20State,
}

impl<'a> BlockContext<'a> {
    /// A context that knows no ledger history: numbering from stamp 0 and cursed -1, the first stamp block's
    /// hash seeds, every issuance valid, no CPID stamped before, and `src20` for SRC-20 state. Fields can be
    /// overridden with struct update syntax.
    pub fn offline(
        height: u64,
        rules: Rules,
        prevouts: &'a dyn PrevoutSource,
        src20: &'a dyn Src20State,
    ) -> Self {
        Self {
            height,
            rules,
            next_stamp: 0,
            next_cursed: -1,
            prev_txlist_hash: String::new(),
            prev_messages_hash: String::new(),
            prev_ledger_hash: String::new(),
            prevouts,
            has_stamp: &|_| false,
            issuance_valid: &|_| true,
            src20,
        }
    }
}

/// A numbered stamp.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StampRecord {
    /// Stamp number: positive (blessed) or negative (cursed).
    pub stamp: i64,
    /// Transaction id.
    pub tx_hash: String,
    /// Asset name, longname (cursed POSH subassets) or stamp hash (raw SRC stamps).
    pub cpid: String,
    /// Which protocol the payload speaks.
    pub ident: Ident,
    /// MIME type of the file; empty when the payload did not decode.
    pub mimetype: String,
    /// Cursed.
    pub is_cursed: bool,
    /// Whether a multisig output burns its third key.
    pub keyburn: bool,
    /// Position of the transaction in the block.
    pub tx_index: usize,
    /// Block height.
    pub block_index: u64,
    /// `base62(sha256(tx_hash|height))[:20]`.
    pub stamp_hash: String,
    /// Creator address: the issuance's source, or the first input's address; `None` when not known.
    pub creator: Option<String>,
    /// Subasset long name.
    pub asset_longname: Option<String>,
    /// How the payload travelled: `multisig`, `olga` or `op_return`.
    pub encoding: &'static str,
    /// Size of the decoded file in bytes.
    pub file_size: usize,
    /// sha256 hex of the decoded file, the content store's key.
    pub file_sha256: Option<String>,
    /// The consensus entry, when the stamp enters the `txlist_hash`.
    #[serde(skip)]
    pub valid: Option<ValidStamp>,
    /// The decoded file.
    #[serde(skip)]
    pub file: Option<Vec<u8>>,
}

/// A Counterparty message found in the block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CounterpartyRecord {
    /// Transaction id.
    pub tx_hash: String,
    /// Position in the block.
    pub tx_index: usize,
    /// Source address, when the spent output is known.
    pub source: Option<String>,
    /// Destinations joined by `-`.
    pub destination: String,
    /// Satoshis to the destinations.
    pub btc_amount: u64,
    /// Fee in satoshis, when the spent outputs are known.
    pub fee: Option<i64>,
    /// The message.
    pub message: MessageOrError,
}

/// A decoded message, or why it could not be decoded (a Counterparty transaction with a malformed message is
/// still a Counterparty transaction: the ledger records it as invalid).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum MessageOrError {
    /// Decoded.
    Message(Message),
    /// Not decodable.
    Error {
        /// Type id, if one could be read.
        type_id: Option<u32>,
        /// Why not.
        error: String,
        /// The raw data.
        data: String,
    },
}

/// Everything a block carries for the platform.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecodedBlock {
    /// Height.
    pub height: u64,
    /// Block hash.
    pub block_hash: String,
    /// Stamps in number order of assignment (block order).
    pub stamps: Vec<StampRecord>,
    /// SRC-20 operations in block order.
    pub src20: Vec<Src20Op>,
    /// Counterparty messages in block order.
    pub counterparty: Vec<CounterpartyRecord>,
    /// Consensus hashes (`None` from [`decode_contents`], which skips them).
    pub hashes: Option<BlockHashes>,
    /// The SRC-20 balances this block changes, with their new totals (what a ledger stores).
    #[serde(skip)]
    pub src20_balances: Vec<src20::BalanceUpdate>,
}

/// One SRC-20 operation and its outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Src20Op {
    /// Transaction id.
    pub tx_hash: String,
    /// Position in the block.
    pub tx_index: usize,
    /// `DEPLOY`, `MINT`, `TRANSFER`, or what the payload said.
    pub op: Option<String>,
    /// Normalised tick.
    pub tick: Option<String>,
    /// Amount (mint and transfer), exact decimal text.
    pub amt: Option<String>,
    /// Supply cap (deploy).
    pub max: Option<String>,
    /// Per-mint limit (deploy).
    pub lim: Option<String>,
    /// Decimal places (deploy).
    pub dec: Option<u32>,
    /// Sender (the first input's address); `None` when the spent output is not known.
    pub creator: Option<String>,
    /// Receiver (the first output's address).
    pub destination: Option<String>,
    /// Whether the operation took effect.
    pub valid: bool,
    /// The reference's status text (`OM: ...`, `BB: ...`), `None` for a plain valid operation.
    pub status: Option<String>,
}

impl From<&src20::Src20Record> for Src20Op {
    fn from(r: &src20::Src20Record) -> Self {
        Self {
            tx_hash: r.ctx.tx_hash.clone(),
            tx_index: usize::try_from(r.ctx.tx_index).unwrap_or(usize::MAX),
            op: r.op.clone(),
            tick: r.tick.clone(),
            amt: r.amt.as_ref().map(ToString::to_string),
            max: r.max.as_ref().map(ToString::to_string),
            lim: r.lim.as_ref().map(ToString::to_string),
            dec: r.dec,
            creator: Some(r.ctx.creator.clone()).filter(|c| !c.is_empty()),
            destination: Some(r.ctx.destination.clone()).filter(|d| !d.is_empty()),
            valid: r.valid,
            status: r.status.clone(),
        }
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use bitcoin::hashes::{Hash, sha256};
    sha256::Hash::hash(bytes)
        .as_byte_array()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The running state of one block's decode.
struct BlockRun<'c, 'a> {
    ctx: &'c BlockContext<'a>,
    params: Params,
    next_stamp: i64,
    next_cursed: i64,
    /// CPIDs given a hashed stamp in this block (blessed, or cursed with a non-`A` CPID).
    seen: HashSet<String>,
    src20: Src20Block,
    stamps: Vec<StampRecord>,
    counterparty: Vec<CounterpartyRecord>,
    /// Counterparty messages parsed before the run (by [`CounterpartyPass`]), taken as their turn comes.
    parsed: Option<Vec<Option<ParsedCounterparty>>>,
}

/// A Counterparty message and the outputs it was read from.
type ParsedCounterparty = (CounterpartyRecord, transport::ParsedOutputs);

/// A block's Counterparty messages, parsed once: a ledger judges them (issuance validity decides which
/// issuances are stamps) before [`decode_block_after`] numbers the block's stamps without parsing them again.
#[derive(Debug, Clone)]
pub struct CounterpartyPass {
    /// Per transaction, in block order.
    parsed: Vec<Option<ParsedCounterparty>>,
    /// Every transaction's id, in block order (the decode after the pass needs them all).
    txids: Vec<Txid>,
}

impl CounterpartyPass {
    /// Parses every transaction of `block` that carries Counterparty data (the context's prevouts give
    /// sources and fees; its stamp and SRC-20 state are not used).
    pub fn parse(block: &Block, ctx: &BlockContext<'_>) -> Self {
        Self::parse_with(
            block,
            block_txids(block),
            &counterparty_candidates(block),
            ctx,
        )
    }

    /// [`CounterpartyPass::parse`] with the block's transaction ids and [`counterparty_candidates`] already
    /// computed (`txids[i]` and `candidates[i]` are those of `block.txdata[i]`); when either does not match the
    /// block, it is computed again.
    pub fn parse_with(
        block: &Block,
        mut txids: Vec<Txid>,
        candidates: &[bool],
        ctx: &BlockContext<'_>,
    ) -> Self {
        if txids.len() != block.txdata.len() {
            txids = block_txids(block);
        }
        let computed;
        let candidates = if candidates.len() == block.txdata.len() {
            candidates
        } else {
            computed = counterparty_candidates(block);
            &computed
        };
        let params = Params::new(ctx.height, ctx.rules);
        let parsed = block
            .txdata
            .iter()
            .zip(&txids)
            .zip(candidates)
            .enumerate()
            .map(|(tx_index, ((tx, txid), candidate))| {
                if !candidate {
                    return None;
                }
                counterparty(tx, &txid.to_string(), tx_index, &params, ctx)
            })
            .collect();
        Self { parsed, txids }
    }

    /// The block's transaction ids, in block order.
    pub fn txids(&self) -> &[Txid] {
        &self.txids
    }

    /// The messages in block order.
    pub fn records(&self) -> impl Iterator<Item = &CounterpartyRecord> {
        self.parsed.iter().flatten().map(|(record, _)| record)
    }
}

impl<'c, 'a> BlockRun<'c, 'a> {
    fn new(ctx: &'c BlockContext<'a>) -> Self {
        Self {
            ctx,
            params: Params::new(ctx.height, ctx.rules),
            next_stamp: ctx.next_stamp,
            next_cursed: ctx.next_cursed,
            seen: HashSet::new(),
            src20: Src20Block::new(),
            stamps: Vec::new(),
            counterparty: Vec::new(),
            parsed: None,
        }
    }

    fn number(&mut self, blessed: bool) -> i64 {
        if blessed {
            let n = self.next_stamp;
            self.next_stamp = self.next_stamp.saturating_add(1);
            n
        } else {
            let n = self.next_cursed;
            self.next_cursed = self.next_cursed.saturating_sub(1);
            n
        }
    }

    fn transaction(&mut self, tx: &Transaction, txid: Option<&Txid>, tx_index: usize) {
        let ctx = self.ctx;
        if tx.is_coinbase() {
            return;
        }
        // Most transactions carry nothing: they are passed over without formatting their id. After a
        // Counterparty pass, what it parsed answers for the data it found (a message that did not parse is
        // passed over either way).
        let cp_candidate = match &self.parsed {
            Some(parsed) => parsed.get(tx_index).is_some_and(Option::is_some),
            None => transport::has_counterparty_data(tx),
        };
        let raw = if ctx.rules.active(Change::BtcSrc20Genesis, ctx.height) {
            src20_transport::decode(tx, ctx.height, ctx.rules, None).ok()
        } else {
            None
        };
        if !cp_candidate && raw.is_none() {
            return;
        }
        let txid = &txid
            .copied()
            .unwrap_or_else(|| tx.compute_txid())
            .to_string();
        let stamps_active = ctx.rules.active(Change::StampGenesis, ctx.height);
        let mut handled = false;
        let cp = match &mut self.parsed {
            Some(parsed) => parsed.get_mut(tx_index).and_then(Option::take),
            None if cp_candidate => counterparty(tx, txid, tx_index, &self.params, ctx),
            None => None,
        };
        if let Some((record, outputs)) = cp {
            if let MessageOrError::Message(Message::Issuance(issuance)) = &record.message
                && stamps_active
                && (ctx.issuance_valid)(txid)
            {
                handled = self.classic(
                    tx,
                    txid,
                    tx_index,
                    issuance,
                    &outputs,
                    record.source.clone(),
                );
            }
            self.counterparty.push(record);
        }
        if !handled && let Some(payload) = raw {
            self.raw(tx, txid, tx_index, payload);
        }
    }

    /// A stamp from a Counterparty issuance; `true` when the issuance was a stamp candidate.
    fn classic(
        &mut self,
        tx: &Transaction,
        txid: &str,
        tx_index: usize,
        issuance: &crate::counterparty::message::Issuance,
        outputs: &transport::ParsedOutputs,
        source: Option<String>,
    ) -> bool {
        let ctx = self.ctx;
        let Some(description) = issuance.description.as_deref() else {
            return false;
        };
        if !description.to_ascii_lowercase().contains("stamp:") {
            return false;
        }
        // One CPID, one stamp: a later issuance of the same asset is a reissue and gets no number.
        if (ctx.has_stamp)(&issuance.asset) || self.seen.contains(&issuance.asset) {
            return true;
        }
        let Some(found) = stamp::from_issuance(issuance, tx, outputs, ctx.height, ctx.rules) else {
            return true;
        };
        if !found.is_btc_stamp && !found.is_cursed {
            return true;
        }
        let number = self.number(found.is_btc_stamp);
        let stamp_hash = stamp::stamp_hash(txid, ctx.height);
        if let Some(dict) = &found.src20 {
            let creator = source.clone().unwrap_or_default();
            self.src20.process(
                dict,
                TxContext {
                    tx_hash: txid.to_owned(),
                    tx_index: tx_index as u64,
                    block_index: ctx.height,
                    creator: creator.clone(),
                    destination: creator,
                },
                ctx.src20,
            );
        }
        let valid = found.is_hashed().then(|| ValidStamp {
            stamp_number: number,
            tx_hash: txid.to_owned(),
            cpid: found.cpid.clone(),
            is_btc_stamp: found.is_btc_stamp,
            is_valid_base64: found.is_valid_base64,
            stamp_base64: found.base64.clone(),
            is_cursed: found.is_cursed,
            src_data: found.src_data.clone(),
        });
        if valid.is_some() {
            self.seen.insert(found.cpid.clone());
            self.seen.insert(issuance.asset.clone());
        }
        let file = if found.src20.is_some() || !found.src_data.is_empty() {
            None
        } else {
            found.file.clone()
        };
        self.stamps.push(StampRecord {
            stamp: number,
            tx_hash: txid.to_owned(),
            cpid: found.cpid.clone(),
            ident: found.ident,
            mimetype: found.mimetype.clone(),
            is_cursed: found.is_cursed,
            keyburn: found.keyburn,
            tx_index,
            block_index: ctx.height,
            stamp_hash,
            creator: source,
            asset_longname: found.asset_longname.clone(),
            encoding: if found.is_olga {
                "olga"
            } else if outputs.has_op_return {
                "op_return"
            } else {
                "multisig"
            },
            file_size: file.as_ref().map_or(0, Vec::len),
            file_sha256: file.as_deref().map(sha256_hex),
            valid,
            file,
        });
        true
    }

    /// A stamp from a raw (non-Counterparty) `stamp:` payload: SRC-20, and SRC-101 from its genesis.
    fn raw(
        &mut self,
        tx: &Transaction,
        txid: &str,
        tx_index: usize,
        payload: src20_transport::RawPayload,
    ) {
        let ctx = self.ctx;
        let prevout = tx
            .input
            .first()
            .and_then(|i| ctx.prevouts.prevout(&i.previous_output));
        // A creator whose script has no address drops the transaction; an unknown one stays unknown.
        let creator = match prevout {
            Some(o) => match src20_transport::decode_address(&o.script_pubkey, ctx.rules.network())
            {
                Some(address) => Some(address),
                None => return,
            },
            None => None,
        };
        let Ok(dict) = py::convert_to_dict(&payload.payload) else {
            return;
        };
        let (ident, src20_dict, issuer) =
            match src20::raw_stamp(&dict, payload.keyburn, ctx.height, ctx.rules) {
                src20::RawStamp::Src20 { dict, issuer } => (Ident::Src20, Some(dict), issuer),
                src20::RawStamp::Other {
                    ident: Ident::Src101,
                    ..
                } if payload.keyburn && ctx.rules.active(Change::BtcSrc101Genesis, ctx.height) => {
                    (Ident::Src101, None, None)
                }
                // Raw SRC-721 and the rest: the reference raises on them; not stamps.
                _ => return,
            };
        let number = self.number(true);
        let stamp_hash = stamp::stamp_hash(txid, ctx.height);
        let creator = issuer.or(creator);
        if let Some(dict) = &src20_dict {
            self.src20.process(
                dict,
                TxContext {
                    tx_hash: txid.to_owned(),
                    tx_index: tx_index as u64,
                    block_index: ctx.height,
                    creator: creator.clone().unwrap_or_default(),
                    destination: payload.destination.clone(),
                },
                ctx.src20,
            );
        }
        let valid = ValidStamp {
            stamp_number: number,
            tx_hash: txid.to_owned(),
            cpid: stamp_hash.clone(),
            is_btc_stamp: true,
            is_valid_base64: true,
            stamp_base64: String::new(),
            is_cursed: false,
            src_data: String::new(),
        };
        self.stamps.push(StampRecord {
            stamp: number,
            tx_hash: txid.to_owned(),
            cpid: stamp_hash.clone(),
            ident,
            mimetype: if ident == Ident::Src20 {
                "image/svg+xml".into()
            } else {
                String::new()
            },
            is_cursed: false,
            keyburn: payload.keyburn,
            tx_index,
            block_index: ctx.height,
            stamp_hash,
            creator,
            asset_longname: None,
            encoding: match payload.encoding {
                src20_transport::Encoding::Olga => "olga",
                _ => "multisig",
            },
            file_size: 0,
            file_sha256: None,
            valid: Some(valid),
            file: None,
        });
    }

    fn src20_ops(&self) -> Vec<Src20Op> {
        self.src20.records.iter().map(Src20Op::from).collect()
    }
}

/// Decodes `block` at `ctx.height`: its contents and its consensus hashes.
pub fn decode_block(block: &Block, ctx: &BlockContext<'_>) -> DecodedBlock {
    decode_with_txids(block, Some(&block_txids(block)), ctx)
}

/// Whether each transaction of `block`, in block order, carries Counterparty data (the coinbase never does).
pub fn counterparty_candidates(block: &Block) -> Vec<bool> {
    block
        .txdata
        .iter()
        .map(|tx| !tx.is_coinbase() && transport::has_counterparty_data(tx))
        .collect()
}

/// Every transaction id of `block`, in block order.
pub fn block_txids(block: &Block) -> Vec<Txid> {
    block.txdata.iter().map(Transaction::compute_txid).collect()
}

/// Decodes `block` as [`decode_block`] does, taking its Counterparty messages from `pass` (parsed from this
/// block with the same context) instead of parsing them again.
pub fn decode_block_after(
    block: &Block,
    ctx: &BlockContext<'_>,
    pass: CounterpartyPass,
) -> DecodedBlock {
    let mut run = BlockRun::new(ctx);
    run.parsed = Some(pass.parsed);
    run_block(run, block, Some(&pass.txids))
}

/// Decodes what `block` carries (Counterparty messages, stamps, SRC-20 operations) without the consensus
/// hashes, which need every transaction's id; only the transactions that carry something are hashed.
pub fn decode_contents(block: &Block, ctx: &BlockContext<'_>) -> DecodedBlock {
    decode_with_txids(block, None, ctx)
}

/// Decodes a block from its raw consensus bytes. Transaction ids are hashed straight from those bytes, which
/// is cheaper than re-serialising each parsed transaction.
pub fn decode_raw_block(
    raw: &[u8],
    ctx: &BlockContext<'_>,
) -> Result<DecodedBlock, bitcoin::consensus::encode::Error> {
    let block: Block = bitcoin::consensus::deserialize(raw)?;
    let txids = match txids_from_raw(raw) {
        Some(txids) if txids.len() == block.txdata.len() => txids,
        _ => block.txdata.iter().map(Transaction::compute_txid).collect(),
    };
    Ok(decode_with_txids(&block, Some(&txids), ctx))
}

/// The txids of a raw block: each transaction's bytes without the segwit marker, flag and witnesses, hashed
/// twice with sha256, read in place. `None` when the bytes are not a well-formed block.
pub fn txids_from_raw(raw: &[u8]) -> Option<Vec<Txid>> {
    use bitcoin::hashes::{Hash, HashEngine, sha256d};
    struct Reader<'r> {
        bytes: &'r [u8],
        pos: usize,
    }
    impl Reader<'_> {
        fn skip(&mut self, n: usize) -> Option<()> {
            let end = self.pos.checked_add(n)?;
            (end <= self.bytes.len()).then(|| self.pos = end)
        }
        fn byte(&mut self) -> Option<u8> {
            let b = *self.bytes.get(self.pos)?;
            self.pos += 1;
            Some(b)
        }
        fn varint(&mut self) -> Option<usize> {
            let n = match self.byte()? {
                0xfd => u64::from(u16::from_le_bytes(self.array()?)),
                0xfe => u64::from(u32::from_le_bytes(self.array()?)),
                0xff => u64::from_le_bytes(self.array()?),
                b => u64::from(b),
            };
            usize::try_from(n).ok()
        }
        fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
            let a = self
                .bytes
                .get(self.pos..self.pos.checked_add(N)?)?
                .try_into()
                .ok()?;
            self.pos += N;
            Some(a)
        }
    }
    let mut r = Reader {
        bytes: raw,
        pos: 80,
    };
    let count = r.varint()?;
    // Every transaction takes at least 10 bytes: a count beyond that is not a block.
    let mut txids = Vec::with_capacity(count.min(raw.len() / 10));
    for _ in 0..count {
        let start = r.pos;
        r.skip(4)?;
        let segwit = raw.get(r.pos) == Some(&0) && raw.get(r.pos + 1) == Some(&1);
        if segwit {
            r.skip(2)?;
        }
        let body = r.pos;
        let inputs = r.varint()?;
        for _ in 0..inputs {
            r.skip(36)?;
            let script = r.varint()?;
            r.skip(script)?;
            r.skip(4)?;
        }
        let outputs = r.varint()?;
        for _ in 0..outputs {
            r.skip(8)?;
            let script = r.varint()?;
            r.skip(script)?;
        }
        let body_end = r.pos;
        if segwit {
            for _ in 0..inputs {
                for _ in 0..r.varint()? {
                    let item = r.varint()?;
                    r.skip(item)?;
                }
            }
        }
        let lock = r.pos;
        r.skip(4)?;
        let mut engine = sha256d::Hash::engine();
        engine.input(raw.get(start..start + 4)?);
        engine.input(raw.get(body..body_end)?);
        engine.input(raw.get(lock..lock + 4)?);
        txids.push(Txid::from_raw_hash(sha256d::Hash::from_engine(engine)));
    }
    Some(txids)
}

fn decode_with_txids(
    block: &Block,
    txids: Option<&[Txid]>,
    ctx: &BlockContext<'_>,
) -> DecodedBlock {
    run_block(BlockRun::new(ctx), block, txids)
}

fn run_block(mut run: BlockRun<'_, '_>, block: &Block, txids: Option<&[Txid]>) -> DecodedBlock {
    let ctx = run.ctx;
    for (tx_index, tx) in block.txdata.iter().enumerate() {
        run.transaction(tx, txids.and_then(|t| t.get(tx_index)), tx_index);
    }
    let src20_balances = run.src20.balance_updates(ctx.src20).unwrap_or_default();
    let hashes = txids.map(|txids| {
        let valid: Vec<ValidStamp> = run.stamps.iter().filter_map(|s| s.valid.clone()).collect();
        hashes::block_hashes(
            &HashInputs {
                height: ctx.height,
                rules: ctx.rules,
                prev_txlist_hash: &ctx.prev_txlist_hash,
                prev_messages_hash: &ctx.prev_messages_hash,
                prev_ledger_hash: &ctx.prev_ledger_hash,
            },
            &valid,
            txids,
            &src20::valid_src20_str(&src20_balances).unwrap_or_default(),
        )
    });
    DecodedBlock {
        height: ctx.height,
        block_hash: block.block_hash().to_string(),
        src20: run.src20_ops(),
        stamps: run.stamps,
        counterparty: run.counterparty,
        hashes,
        src20_balances,
    }
}

/// What one transaction carries (a block of one, without hashes).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecodedTx {
    /// Transaction id.
    pub tx_hash: String,
    /// The stamp it creates, numbered from the context's next numbers.
    pub stamps: Vec<StampRecord>,
    /// Its SRC-20 operation.
    pub src20: Vec<Src20Op>,
    /// Its Counterparty message.
    pub counterparty: Vec<CounterpartyRecord>,
}

/// Decodes one transaction as if it were the only one in a block at `ctx.height`.
pub fn decode_transaction(tx: &Transaction, ctx: &BlockContext<'_>) -> DecodedTx {
    let mut run = BlockRun::new(ctx);
    let txid = tx.compute_txid();
    run.transaction(tx, Some(&txid), 0);
    DecodedTx {
        tx_hash: txid.to_string(),
        src20: run.src20_ops(),
        stamps: run.stamps,
        counterparty: run.counterparty,
    }
}

/// The Counterparty message of `tx`, if it is a Counterparty transaction.
fn counterparty(
    tx: &Transaction,
    txid: &str,
    tx_index: usize,
    params: &Params,
    ctx: &BlockContext<'_>,
) -> Option<(CounterpartyRecord, transport::ParsedOutputs)> {
    let outputs = transport::parse_outputs(tx, params).ok()?;
    let (source, fee, data) =
        match transport::tx_info_from(tx, outputs.clone(), params, ctx.prevouts, false) {
            Ok(info) => (Some(info.source), Some(info.fee), info.data),
            // Without the spent outputs the source and fee stay unknown; everything else still decodes.
            Err(transport::TransportError::MissingPrevout(_)) => {
                if outputs.data.is_empty() || transport::check_sighash(tx, params).is_err() {
                    return None;
                }
                (None, None, outputs.data.clone())
            }
            Err(_) => return None,
        };
    let message = match Message::unpack(&data, params.height, params.rules) {
        Ok(m) => MessageOrError::Message(m),
        Err(e) => MessageOrError::Error {
            type_id: crate::counterparty::message::split_type(&data, params.height, params.rules)
                .ok()
                .map(|(id, _)| id),
            error: e.to_string(),
            data: data.iter().map(|b| format!("{b:02x}")).collect(),
        },
    };
    Some((
        CounterpartyRecord {
            tx_hash: txid.to_owned(),
            tx_index,
            source,
            destination: outputs.destination(),
            btc_amount: outputs.btc_amount,
            fee,
            message,
        },
        outputs,
    ))
}
