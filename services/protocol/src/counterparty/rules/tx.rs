//! [`LedgerTx`]: what the ledger needs to know about a transaction, built from what the block decoder finds.

use bitcoin::Transaction;
use serde::Serialize;

use super::state::LedgerState;
use crate::address;
use crate::block::{CounterpartyRecord, MessageOrError};
use crate::counterparty::message::{Message, MessageError, ids, split_type};
use crate::counterparty::transport::{self, Params, PrevoutSource};
use crate::network::Rules;

/// An input: the outpoint it spends and that output's address (the UTXO's `utxo_address`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxInput {
    /// `txid:vout`.
    pub outpoint: String,
    /// The spent output's address; `None` when unknown or addressless.
    pub address: Option<String>,
}

/// An output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxOutput {
    /// Its address; `None` for OP_RETURN, bare multisig and non-standard scripts.
    pub address: Option<String>,
    /// Whether it is an OP_RETURN output.
    pub is_op_return: bool,
}

/// The message a transaction carries.
#[derive(Debug, Clone, PartialEq)]
pub enum TxMessage {
    /// No Counterparty data (a transaction that only spends a UTXO holding balances).
    None,
    /// A decoded message.
    Message(Message),
    /// Data that did not decode: the type id, if read, and the status the reference records.
    Undecodable {
        /// Type id.
        type_id: Option<u32>,
        /// `"invalid: could not unpack"` and the like.
        status: String,
    },
}

/// A transaction as the ledger sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LedgerTx {
    /// Transaction id.
    pub tx_hash: String,
    /// Position in its block.
    pub tx_index: u64,
    /// Source address (`""` when unknown; several sources are joined by `-`).
    pub source: String,
    /// Destinations joined by `-` (`""` when none).
    pub destination: String,
    /// Satoshis to the destinations.
    pub btc_amount: u64,
    /// The message.
    pub message: TxMessage,
    /// For a dispense: each output paying an address other than the source, `(address, satoshis)`, in order.
    pub dispense_outputs: Vec<(String, u64)>,
    /// Every input, in order.
    pub inputs: Vec<TxInput>,
    /// Every output, in order.
    pub outputs: Vec<TxOutput>,
}

impl LedgerTx {
    /// The message type id, if there is data.
    pub fn type_id(&self) -> Option<u32> {
        match &self.message {
            TxMessage::None => None,
            TxMessage::Message(m) => Some(m.type_id()),
            TxMessage::Undecodable { type_id, .. } => *type_id,
        }
    }

    /// The first output that is not OP_RETURN, as `txid:n` (where balances of spent UTXOs move).
    pub fn first_non_op_return(&self) -> Option<String> {
        self.outputs
            .iter()
            .position(|o| !o.is_op_return)
            .map(|n| format!("{}:{n}", self.tx_hash))
    }

    /// The index of the first OP_RETURN output.
    pub fn op_return_vout(&self) -> Option<usize> {
        self.outputs.iter().position(|o| o.is_op_return)
    }

    /// The inputs whose outpoints hold a positive balance in `state`, in input order.
    pub fn balance_inputs<'t>(&'t self, state: &dyn LedgerState) -> Vec<&'t TxInput> {
        self.inputs
            .iter()
            .filter(|i| !state.positive_balances(&i.outpoint).is_empty())
            .collect()
    }

    /// Builds the ledger's view of `tx`: from its Counterparty record when it has one, else a transaction
    /// without data (relevant only when it spends a UTXO holding balances). `prevouts` gives the spent outputs'
    /// addresses and, for dispenses, the source.
    pub fn from_transaction(
        tx: &Transaction,
        tx_index: usize,
        record: Option<&CounterpartyRecord>,
        prevouts: &dyn PrevoutSource,
        height: u64,
        rules: Rules,
    ) -> Self {
        let network = rules.network();
        let tx_hash = record.map_or_else(|| tx.compute_txid().to_string(), |r| r.tx_hash.clone());
        let inputs = tx
            .input
            .iter()
            .map(|i| TxInput {
                outpoint: i.previous_output.to_string(),
                address: prevouts
                    .prevout(&i.previous_output)
                    .and_then(|o| address::from_script(&o.script_pubkey, network)),
            })
            .collect();
        let outputs = tx
            .output
            .iter()
            .map(|o| TxOutput {
                address: address::from_script(&o.script_pubkey, network),
                is_op_return: o.script_pubkey.is_op_return(),
            })
            .collect();
        let message = match record.map(|r| &r.message) {
            None => TxMessage::None,
            Some(MessageOrError::Message(m)) => TxMessage::Message(m.clone()),
            Some(MessageOrError::Error { type_id, data, .. }) => {
                undecodable(*type_id, data, height, rules)
            }
        };
        let dispense_outputs = match &message {
            TxMessage::Message(Message::Dispense(_)) => {
                transport::tx_info(tx, &Params::new(height, rules), prevouts, false)
                    .map(|info| {
                        info.dispenses
                            .into_iter()
                            .map(|d| (d.destination, d.btc_amount))
                            .collect()
                    })
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Self {
            tx_hash,
            tx_index: tx_index as u64,
            source: record.and_then(|r| r.source.clone()).unwrap_or_default(),
            destination: record.map(|r| r.destination.clone()).unwrap_or_default(),
            btc_amount: record.map_or(0, |r| r.btc_amount),
            message,
            dispense_outputs,
            inputs,
            outputs,
        }
    }
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The status of a message that did not decode, from its raw data (type id + body).
fn undecodable(type_id: Option<u32>, data_hex: &str, height: u64, rules: Rules) -> TxMessage {
    let data = unhex(data_hex).unwrap_or_default();
    let status = match split_type(&data, height, rules) {
        Ok((id, body)) => match Message::unpack_body(id, body, height, rules) {
            Err(e) => decode_status(id, &e),
            Ok(_) => "invalid: could not unpack".to_owned(),
        },
        Err(_) => "invalid: could not unpack".to_owned(),
    };
    TxMessage::Undecodable { type_id, status }
}

/// The status the reference records for a message of `type_id` that failed to decode with `error`.
pub fn decode_status(type_id: u32, error: &MessageError) -> String {
    if let MessageError::Invalid { status, .. } = error {
        return status.clone();
    }
    let reason = match error {
        MessageError::Malformed { reason, .. } => reason.clone(),
        other => other.to_string(),
    };
    match type_id {
        ids::ENHANCED_SEND | ids::SWEEP => format!("invalid: could not unpack ({reason})"),
        ids::MPMA => match error {
            MessageError::TooShort { .. } => "invalid: truncated message".to_owned(),
            MessageError::Asset(_) => "invalid: invalid asset name/id".to_owned(),
            _ if reason.contains("asset") => "invalid: invalid asset name/id".to_owned(),
            _ => format!("invalid: couldn't unpack; {reason}"),
        },
        ids::DESTROY if reason.contains("asset") => "invalid: asset invalid".to_owned(),
        _ => error.status(),
    }
}
