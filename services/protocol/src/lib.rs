//! `stamps-protocol`: the one implementation of the on-chain formats the platform reads and writes.
//!
//! Pure code: no I/O, no async, nothing of Postgres, NATS or HTTP. The indexer decodes with it, the devnet (and
//! later the wallet) encode with it, so both sides always agree on the bytes.
//!
//! Reading order: [`arc4`] (the obfuscation), [`address`] (scripts to addresses), [`asset`] (asset names),
//! [`counterparty`] (transport and messages), [`stamp`] (stamp descriptions, base64, MIME, numbering inputs).

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
