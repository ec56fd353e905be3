//! `stamps-indexer`: follows Bitcoin blocks, decodes them with `stamps-protocol`, writes facts and the chain
//! events that describe them in one transaction, and relays the events to JetStream after commit.
//!
//! - [`service`]: the follow loop; each block passes four stages that run together, `read` (fetch and
//!   parse), `produce` (apply to the chain state), `encode` (the event and effects) and `write` (facts and
//!   outbox rows, committed in batches); reorg unwinding and the relay.
//! - [`bitcoind`]: the Bitcoin Core JSON-RPC client.
//! - [`fetch`]: blocks over REST or RPC with retries and prefetch, and batched lookups of spent outputs.
//! - [`headers`]: the headers below the start height, kept on the node's best chain.
//! - [`chainstate`]: what the next block is decoded against, loaded from the tables.
//! - [`prepare`]: a block's work that needs no database: parsing, the ledger rules, numbering, encoding.
//! - [`ledger_db`]: the Counterparty ledger's persistence: effects, statuses, issuances and balances.
//! - [`mempool`]: the pending view: the node's mempool judged after the indexed tip, published on MEMPOOL.
//! - [`tables`]: every other query on the indexer's tables (schema `indexer`), one function each.
//! - [`events`]: facts to protobuf chain events.
//! - [`relayed`]: the payloads of the outbox rows, from memory or built again from the facts.
//! - [`metrics`], [`status`] and [`config`]: what the indexer reports and reads.

pub mod bitcoind;
pub mod chainstate;
pub mod config;
pub mod events;
pub mod fetch;
pub mod headers;
pub mod ledger_db;
pub mod mempool;
pub mod metrics;
pub mod prepare;
pub mod relayed;
pub mod service;
pub mod status;
pub mod tables;

pub use config::{Checkpoint, IndexerConfig};
pub use service::{Indexer, build};
pub use status::{Status, status};
