//! A block's work that needs no database, in three stages on blocking threads. [`parse`] needs nothing but
//! the block and the outputs its candidates spend ([`candidate_prevouts`]), so it runs ahead: the transaction
//! ids, the Counterparty messages. [`prepare`] changes the state the next block is decoded against, so blocks
//! go through it one after another: the Counterparty ledger, decoding, stamp numbering, SRC-20 state, the
//! consensus hashes and their checkpoint, the rows to write. [`encode`] needs nothing but the block's own
//! results (the `BlockIndexed` parts, the effects as stored), so it runs beside the next block's [`prepare`]
//! while the block before is being written.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use bitcoin::{Block, OutPoint, TxOut};
use stamps_proto::events::v1::StampCreated;
use stamps_protocol::Rules;
use stamps_protocol::block::{
    BlockContext, CounterpartyPass, DecodedBlock, StampRecord, decode_block_after,
};
use stamps_protocol::counterparty::rules::{AssetInfo, BootstrapBalance};
use stamps_protocol::counterparty::transport::PrevoutSource;
use stamps_protocol::src20::MemoryState;
use stamps_protocol::src20::transport as src20_transport;

use stamps_platform::db::storable;

use crate::chainstate::ChainState;
use crate::config::Checkpoint;
use crate::events;
use crate::ledger_db::BlockLedger;
use crate::tables;

/// What a block writes besides its encoded event and effects.
pub struct BlockRows {
    /// Height.
    pub height: u64,
    /// Hash, display order.
    pub hash: String,
    /// The parent's hash.
    pub prev_hash: String,
    /// Header time.
    pub time: u64,
    /// Transactions in the block.
    pub txs: usize,
    /// Stamp files to store, keyed by their sha256 (each once).
    pub files: std::sync::Arc<[(String, bytes::Bytes)]>,
    /// Stamp rows.
    pub stamps: Vec<tables::StampRow>,
    /// What the block did to the Counterparty ledger.
    pub ledger: BlockLedger,
    /// The decoded block (its stamps without their files).
    pub decoded: DecodedBlock,
}

/// A block applied to the state, before its event and effects are encoded.
pub struct AppliedBlock {
    /// Its rows.
    pub rows: BlockRows,
    /// Its stamps' events.
    pub created: Vec<StampCreated>,
    /// The bootstrap balances its event carries (the first indexed block's only).
    pub bootstrap: Vec<BootstrapBalance>,
}

/// Everything one block writes, ready for its transaction.
pub struct PreparedBlock {
    /// Its rows.
    pub rows: BlockRows,
    /// Its effects as stored.
    pub effects_json: Vec<u8>,
    /// The `BlockIndexed` event, in parts of at most 900 KiB.
    pub parts: Arc<Vec<Vec<u8>>>,
}

/// Spent outputs fetched for a block.
pub struct Prevouts(pub HashMap<OutPoint, TxOut>);

impl PrevoutSource for Prevouts {
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut> {
        self.0.get(outpoint).cloned()
    }
}

/// The outputs spent by every transaction of `block` that may carry Counterparty data or a raw stamp: their
/// sources, SRC-20 creators and fees come from them. `counterparty[i]` says whether `block.txdata[i]` carries
/// Counterparty data (see `stamps_protocol::block::counterparty_candidates`). What the chain state holds does
/// not change these outputs, so they are fetched while earlier blocks are still being applied.
pub fn candidate_prevouts(block: &Block, counterparty: &[bool]) -> Vec<OutPoint> {
    block
        .txdata
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(i, t)| {
            counterparty.get(*i).copied().unwrap_or(true)
                || src20_transport::prefilter(t).should_include
        })
        .flat_map(|(_, t)| t.input.iter().map(|i| i.previous_output))
        .collect()
}

/// The outputs spent by the other transactions of `block` that spend a UTXO holding balances in `state` (the
/// ledger moves those balances), but for those `have` holds already.
pub fn balance_prevouts(block: &Block, state: &ChainState, have: &Prevouts) -> Vec<OutPoint> {
    block
        .txdata
        .iter()
        .skip(1)
        .filter(|t| {
            t.input
                .iter()
                .any(|i| state.ledger.utxo_holds_balances(&i.previous_output))
        })
        .flat_map(|t| t.input.iter().map(|i| i.previous_output))
        .filter(|o| !have.0.contains_key(o))
        .collect()
}

/// Parses the Counterparty messages of `block` at `height`, whose transaction ids are `txids`, whose
/// transactions with Counterparty data are flagged in `counterparty`, and whose candidates' spent outputs are
/// in `prevouts`: work that needs no chain state, done ahead of [`prepare`].
pub fn parse(
    block: &Block,
    height: u64,
    txids: Vec<bitcoin::Txid>,
    counterparty: &[bool],
    prevouts: &Prevouts,
    rules: Rules,
) -> CounterpartyPass {
    let src20 = MemoryState::default();
    CounterpartyPass::parse_with(
        block,
        txids,
        counterparty,
        &BlockContext::offline(height, rules, prevouts, &src20),
    )
}

/// Why a block could not be prepared.
pub enum PrepareError {
    /// Its consensus hash differs from a configured checkpoint.
    Checkpoint {
        /// Which hash.
        name: &'static str,
        /// What this indexer computed.
        computed: String,
        /// What the checkpoint expects.
        expected: String,
    },
    /// Its ledger effects could not be encoded.
    Encode(serde_json::Error),
}

/// Applies `block` at `height` to `state`, its Counterparty messages parsed by [`parse`] into `pass`, and
/// returns what it writes, but for its encoded event and effects ([`encode`]). On error `state` must be
/// reloaded: it may be part-way through the block.
pub fn prepare(
    state: &mut ChainState,
    height: u64,
    block: &Block,
    prevouts: &Prevouts,
    pass: CounterpartyPass,
    rules: Rules,
    checkpoints: &[Checkpoint],
) -> Result<AppliedBlock, PrepareError> {
    let hash = block.block_hash().to_string();
    let prev_hash = block.header.prev_blockhash.to_string();

    // The Counterparty ledger first: stamps need their issuance to be valid before they are numbered.
    let ledger = crate::ledger_db::apply_block(
        &mut state.ledger,
        block,
        pass.records(),
        prevouts,
        height,
        rules,
    );
    let valid = ledger.valid_issuances();

    let mut decoded = {
        let has_stamp = |cpid: &str| state.stamped.contains(cpid);
        let issuance_valid = |tx_hash: &str| valid.contains(tx_hash);
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
        decode_block_after(block, &ctx, pass)
    };
    if let Some(hashes) = &decoded.hashes
        && let Some((name, computed, expected)) = checkpoints
            .iter()
            .find(|c| c.height == height)
            .and_then(|c| c.mismatch(hashes))
    {
        return Err(PrepareError::Checkpoint {
            name,
            computed,
            expected,
        });
    }

    let mut files = Vec::new();
    let mut seen = HashSet::new();
    let mut stamps = Vec::with_capacity(decoded.stamps.len());
    let mut created = Vec::with_capacity(decoded.stamps.len());
    for s in &mut decoded.stamps {
        let suffix = storable(&file_suffix(s)).into_owned();
        let sha = match (s.file.take(), &s.file_sha256) {
            (Some(bytes), Some(sha)) => {
                if seen.insert(sha.clone()) {
                    files.push((sha.clone(), bytes::Bytes::from(bytes)));
                }
                sha.clone()
            }
            _ => String::new(),
        };
        let asset = state.ledger.asset_info(&s.cpid);
        let (row, event) = stamp_row(height, s, asset, sha, suffix);
        stamps.push(row);
        created.push(event);
    }
    let bootstrap = std::mem::take(&mut state.bootstrap);
    state.advance(&decoded);
    Ok(AppliedBlock {
        rows: BlockRows {
            height,
            hash,
            prev_hash,
            time: u64::from(block.header.time),
            txs: block.txdata.len(),
            files: files.into(),
            stamps,
            ledger,
            decoded,
        },
        created,
        bootstrap,
    })
}

/// Encodes an applied block's `BlockIndexed` parts and its effects as stored.
pub fn encode(block: AppliedBlock) -> Result<PreparedBlock, PrepareError> {
    let AppliedBlock {
        rows,
        created,
        bootstrap,
    } = block;
    let (src20, src20_balances) = events::src20_events(&rows.decoded);
    let ops = events::block_ops(
        events::bootstrap_ops(&bootstrap),
        created,
        src20,
        src20_balances,
        &rows.ledger,
    );
    let parts = Arc::new(events::block_indexed(
        rows.height,
        rows.hash.clone(),
        rows.prev_hash.clone(),
        rows.time,
        ops,
    ));
    let effects_json =
        crate::ledger_db::encode_effects(&rows.ledger.effects).map_err(PrepareError::Encode)?;
    Ok(PreparedBlock {
        rows,
        effects_json,
        parts,
    })
}

/// The file's kind as a suffix: `bmn` for BMN audio (recognised by its prefix, with no MIME type), else the
/// MIME subtype (`png`, `svg`, `html`, ...); empty when neither is known.
fn file_suffix(s: &StampRecord) -> String {
    if s.file.as_deref().is_some_and(|f| f.starts_with(b"BMN")) {
        return "bmn".into();
    }
    let subtype = s.mimetype.split_once('/').map_or("", |(_, sub)| sub);
    let subtype = subtype.split(';').next().unwrap_or_default().trim();
    subtype.strip_suffix("+xml").unwrap_or(subtype).to_owned()
}

/// A numbered stamp's row and its event.
fn stamp_row(
    height: u64,
    s: &StampRecord,
    asset: Option<&AssetInfo>,
    file_sha256: String,
    file_suffix: String,
) -> (tables::StampRow, StampCreated) {
    // Raw (non-Counterparty) stamps are no asset: no supply, not divisible, not locked.
    let (supply, divisible, locked) =
        asset.map_or((0, false, false), |a| (a.supply(), a.divisible, a.locked));
    let creator = s.creator.clone().unwrap_or_default();
    let tx_index = u32::try_from(s.tx_index).unwrap_or(u32::MAX);
    let file_size = s.file_size as u64;
    // What Postgres holds of these texts is also what the event says: an event rebuilt from the row equals it.
    let src_data = s
        .valid
        .as_ref()
        .map(|v| storable(&v.src_data).into_owned())
        .unwrap_or_default();
    let mimetype = storable(&s.mimetype).into_owned();
    let row = tables::StampRow {
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
        mimetype: mimetype.clone(),
        file_sha256: file_sha256.clone(),
        file_size,
        stamp_hash: s.stamp_hash.clone(),
        asset_longname: s.asset_longname.clone(),
        encoding: s.encoding.to_owned(),
        file_suffix: file_suffix.clone(),
        src_data: src_data.clone(),
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
        mimetype,
        file_sha256,
        file_size,
        stamp_hash: s.stamp_hash.clone(),
        asset_longname: s.asset_longname.clone().unwrap_or_default(),
        encoding: s.encoding.to_owned(),
        file_suffix,
        src_data,
    };
    (row, event)
}
