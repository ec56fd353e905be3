//! A block to the Counterparty issuances it carries, whose validity the indexer decides before stamps are
//! numbered. Pure: no database, no RPC.

use bitcoin::{Block, OutPoint, Transaction};
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::{self, Issuance, ids};
use stamps_protocol::counterparty::transport;

/// An issuance found in a block, before its validity (which depends on ledger state) is known.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Position of the transaction in the block.
    pub tx_index: u32,
    /// Its txid.
    pub tx_hash: String,
    /// The output its first input spends: its address is the issuer.
    pub source_outpoint: OutPoint,
    /// The decoded message.
    pub issuance: Issuance,
}

/// Why a transaction was passed over, for the logs and counters.
#[derive(Debug)]
pub enum Skipped {
    /// Counterparty data that is not an issuance this decoder reads.
    OtherMessage(u32),
    /// Counterparty data that could not be read.
    Malformed(String),
}

/// The issuance candidates of `block` at `height`, in block order, and how many Counterparty transactions
/// were passed over.
pub fn scan(block: &Block, height: u64, rules: Rules) -> (Vec<Candidate>, Vec<(String, Skipped)>) {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for (index, tx) in block.txdata.iter().enumerate() {
        match candidate(tx, index, height, rules) {
            Ok(Some(c)) => found.push(c),
            Ok(None) => {}
            Err(reason) => skipped.push((tx.compute_txid().to_string(), reason)),
        }
    }
    (found, skipped)
}

fn candidate(
    tx: &Transaction,
    index: usize,
    height: u64,
    rules: Rules,
) -> Result<Option<Candidate>, Skipped> {
    // Outputs that are neither data nor a destination make a transaction "not Counterparty": not an error.
    let params = transport::Params::new(height, rules);
    let Ok(data) = transport::parse_outputs(tx, &params) else {
        return Ok(None);
    };
    if data.data.is_empty() {
        return Ok(None);
    }
    let (type_id, body) = message::split_type(&data.data, height, rules)
        .map_err(|e| Skipped::Malformed(e.to_string()))?;
    if !matches!(
        type_id,
        ids::ISSUANCE | ids::SUBASSET_ISSUANCE | ids::ISSUANCE_LR | ids::SUBASSET_ISSUANCE_LR
    ) {
        return Err(Skipped::OtherMessage(type_id));
    }
    let issuance = Issuance::unpack(type_id, body, height, rules)
        .map_err(|e| Skipped::Malformed(e.to_string()))?;
    let Some(first) = tx.input.first() else {
        return Ok(None);
    };
    Ok(Some(Candidate {
        tx_index: u32::try_from(index).unwrap_or(u32::MAX),
        tx_hash: tx.compute_txid().to_string(),
        source_outpoint: first.previous_output,
        issuance,
    }))
}
