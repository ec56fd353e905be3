//! `stamps-indexer`: follows Bitcoin blocks, decodes them with `stamps-protocol`, writes facts and the chain
//! events that describe them in one transaction, and relays the events to JetStream after commit.
//!
//! Reading order: [`config`], [`rpc`] (the Bitcoin Core client), [`source`] (blocks over REST or RPC with
//! retries and prefetch, batched prevout lookups), [`headers`] (the headers below the start height),
//! [`chainstate`] (what the next block is decoded against), [`ledger`] (the Counterparty ledger: rules from
//! stamps-protocol, effects and balances in Postgres), [`prepare`] (a block's work that needs no database),
//! [`store`] (the indexer's tables), [`events`] (facts to protobuf events), [`relayed`] (the payloads of the
//! outbox rows, from memory or built again from the facts), [`service`] (the follow loop: reading and parsing
//! one block while the one before it is applied, the one before that encoded and the one before that written,
//! reorg unwinding and the relay), [`metrics`], [`status`].

pub mod bitcoind;
pub mod chainstate;
pub mod config;
pub mod events;
pub mod fetch;
pub mod headers;
pub mod ledger_db;
pub mod metrics;
pub mod prepare;
pub mod relayed;
pub mod service;
pub mod status;
pub mod tables;

pub use config::{Checkpoint, IndexerConfig};
pub use service::{Indexer, build};
pub use status::{Status, status};
