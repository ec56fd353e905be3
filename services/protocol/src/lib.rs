//! `stamps-protocol`: the one implementation of the on-chain formats the platform reads and writes.
//!
//! Pure code: no I/O, no async, nothing of Postgres, NATS or HTTP. The indexer decodes with it, the devnet (and
//! later the wallet) encode with it, so both sides always agree on the bytes.
//!
//! Its modules, in reading order:
//! - [`network`]: networks and their height-gated rules ([`Rules`]), one table per network.
//! - [`arc4`]: the obfuscation of Counterparty data.
//! - [`address`]: scripts to addresses and back, packed addresses.
//! - [`asset`]: asset ids and names, subasset compaction.
//! - [`cbor`]: the CBOR subset Counterparty writes.
//! - [`counterparty`]: the protocol: `transport` (how data rides in outputs and inputs), `message` (every
//!   message, unpacked and packed) and `rules` (what a message does to the ledger, as pure functions).
//! - [`stamp`]: `stamp:` descriptions, CPython-compatible base64, MIME classification, numbering inputs.
//! - [`py`]: Python value semantics the reference relies on (`json.loads`, `literal_eval`, `repr`, `Decimal`).
//! - [`src20`]: SRC-20 transports, format check, operations over a balance view, the consensus string.
//! - [`src721`]: SRC-721 deploys and mints, layer composition.
//! - [`hashes`]: the txlist, messages and ledger hashes chained per block.
//! - [`block`]: a whole block: messages, numbered stamps, SRC-20 operations and hashes.
//! - `bignum` (private): the wide integers of the rules' arithmetic.

pub mod address;
pub mod arc4;
pub mod asset;
mod bignum;
pub mod block;
pub mod cbor;
pub mod counterparty;
pub mod hashes;
pub mod network;
pub mod py;
pub mod src20;
pub mod src721;
pub mod stamp;

pub use bitcoin;
pub use network::{Change, Network, Rules};

/// Serialises bytes as lowercase hex (for JSON output).
pub(crate) fn hex_bytes<S: serde::Serializer>(
    bytes: &[u8],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    serializer.serialize_str(&text)
}
