//! Counterparty transport (PROTOCOL.md §2): where a message sits in a Bitcoin transaction and who sent it.
//!
//! Decoding follows the reference parser output by output ([`parse_outputs`]): OP_RETURN, P2PKH-shaped and
//! bare-multisig data obfuscated with ARC4 keyed by the first input's txid, destinations before the data and
//! change after it, and from `taproot_support` the reveal envelopes in the first input's witness. [`tx_info`]
//! adds what needs the spent outputs: the source address (first input, after the SIGHASH rule), the fee and
//! data carried in P2SH input scripts. Encoding builds OP_RETURN, multisig and taproot envelope outputs.

use bitcoin::OutPoint;
use bitcoin::hashes::{Hash, hash160};
use thiserror::Error;

use super::PREFIX;
use crate::network::{Change, Network, Rules};

mod encode;
mod outputs;
mod source;

pub use encode::{
    ENVELOPE_CHUNK, MULTISIG_CHUNK, MULTISIG_DUST, data_pubkey_pairs, envelope_script,
    make_valid_pubkey, multisig_data_outputs, op_return_output, ordinal_envelope_script,
    reveal_marker_output,
};
pub use outputs::{
    ParsedOutputs, PotentialDispenser, envelope_data, has_counterparty_data, parse_outputs,
};
pub use source::{
    DispenseOutput, NoPrevouts, PrevoutSource, TxInfo, check_sighash, source_address, tx_info,
    tx_info_from, utxos_info,
};

/// Why a transaction is not a Counterparty transaction (or could not be read as one).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransportError {
    /// Coinbase transactions carry no Counterparty data.
    #[error("coinbase transaction")]
    Coinbase,
    /// Before `multisig_addresses` (333500) a different, legacy parser applies; it is not implemented.
    #[error("the legacy (pre-333500) transaction format is not decoded")]
    Legacy,
    /// An output the parser does not recognise: the whole transaction is not Counterparty.
    #[error("output {index}: {reason}")]
    Output {
        /// Output index.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The taproot reveal envelope could not be read.
    #[error("reveal envelope: {0}")]
    Envelope(&'static str),
    /// No data, and not a burn: a plain bitcoin transaction (or, before 866000, possibly a dispense, which
    /// only the ledger can tell).
    #[error("no data and not unspendable")]
    BtcOnly,
    /// The first input is not signed with SIGHASH_ALL (or ALL|ANYONECANPAY).
    #[error("{0}")]
    Sighash(String),
    /// The first input spends an output whose type cannot be a source.
    #[error("unrecognised source type")]
    UnrecognisedSource,
    /// The first input spends an output that itself carries Counterparty data.
    #[error("data in source")]
    DataInSource,
    /// A P2SH-encoded input that does not carry well-formed data.
    #[error("unrecognised P2SH output")]
    P2sh,
    /// A spent output needed for the source or the fee is unknown.
    #[error("previous output {0} is unknown")]
    MissingPrevout(OutPoint),
}

/// What a decoder needs besides the transaction: the network's rules at the block height, and the prefix
/// (`CNTRPRTY` everywhere but in the reference's own unit tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Block height the transaction is (or will be) confirmed at.
    pub height: u64,
    /// The network's rules.
    pub rules: Rules,
    /// The 8-byte data prefix.
    pub prefix: [u8; 8],
}

impl Params {
    /// Parameters for `height` under `rules`, with the standard prefix.
    pub const fn new(height: u64, rules: Rules) -> Self {
        Self {
            height,
            rules,
            prefix: *PREFIX,
        }
    }

    fn active(&self, change: Change) -> bool {
        self.rules.active(change, self.height)
    }

    fn network(&self) -> Network {
        self.rules.network()
    }
}

/// The burn address of a network (BTC sent there before 283810 bought XCP).
pub fn unspendable(network: Network) -> &'static str {
    match network {
        Network::Mainnet => "1CounterpartyXXXXXXXXXXXXXXXUWLpVr",
        _ => "mvCounterpartyXXXXXXXXXXXXXXW24Hef",
    }
}

fn p2pkh_version(network: Network) -> u8 {
    match network {
        Network::Mainnet => 0x00,
        _ => 0x6f,
    }
}

fn p2sh_version(network: Network) -> u8 {
    match network {
        Network::Mainnet => 0x05,
        _ => 0xc4,
    }
}

fn base58_with_version(version: u8, payload: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(1 + payload.len());
    bytes.push(version);
    bytes.extend_from_slice(payload);
    bitcoin::base58::encode_check(&bytes)
}

fn output_error(index: usize, reason: &'static str) -> TransportError {
    TransportError::Output { index, reason }
}

/// `[len][prefix][data][padding]` → data, `len` counting prefix and data. `None` when the prefix is absent.
fn prefixed_chunk(plain: &[u8], prefix: &[u8; 8]) -> Option<Vec<u8>> {
    if plain.len() <= prefix.len() || plain.get(1..=prefix.len()) != Some(prefix.as_slice()) {
        return None;
    }
    let len = usize::from(plain[0]).min(plain.len() - 1);
    if len < prefix.len() {
        return Some(Vec::new());
    }
    Some(
        plain
            .get(1 + prefix.len()..=len)
            .unwrap_or_default()
            .to_vec(),
    )
}

fn multisig_address(required: u8, keys: &[&[u8]], network: Network) -> String {
    let mut addresses: Vec<String> = keys
        .iter()
        .map(|pk| {
            base58_with_version(
                p2pkh_version(network),
                hash160::Hash::hash(pk).as_byte_array(),
            )
        })
        .collect();
    addresses.sort();
    format!("{required}_{}_{}", addresses.join("_"), keys.len())
}
