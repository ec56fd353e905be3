//! `stamps-wallet`: the wallet service. It tells what can be bought, builds the unsigned transaction (a PSBT)
//! that buys it with the buyer's own coins, and broadcasts what the buyer signed. It keeps no state, so any
//! number of replicas serve behind the gateway; it composes Counterparty messages with `stamps-protocol`, reads
//! coins from the node's mempool-style API, asks the catalogue which outputs hold assets (never spent as plain
//! coins) and the fee oracle for the optimal rate.
//!
//! - [`money`]: amounts bounded and summed without overflow.
//! - [`buy`]: a purchase from dispensers: checks, coin selection, outputs, the PSBT. Pure.
//! - [`broadcast`]: a signed PSBT made a transaction. Pure.
//! - [`mint`]: a mint as one transaction (fairmint, SRC-20, new stamp). Pure. [`draws`]: what a launchpad's mints
//!   draw and their files. [`mint_grpc`]: the mint calls, their terms checked.
//! - [`grpc`]: the gRPC API, gathering what [`buy`] needs. [`service`] and [`config`]: build and run.

pub mod broadcast;
pub mod buy;
pub mod config;
pub mod draws;
pub mod grpc;
mod kept;
pub mod listing;
pub mod locks;
pub mod mint;
pub mod mint_grpc;
pub mod money;
pub mod service;

pub use config::WalletConfig;
pub use service::{Wallet, build};
