//! The Counterparty protocol: how messages sit in Bitcoin transactions ([`transport`]), what they say
//! ([`message`]) and what they do to the ledger ([`rules`]).

pub mod message;
pub mod rules;
pub mod transport;

/// The 8-byte prefix of every Counterparty data chunk.
pub const PREFIX: &[u8; 8] = b"CNTRPRTY";
