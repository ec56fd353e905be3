//! `stamps-devnet`: the project's own local Bitcoin network. It mines a deterministic chain at mainnet-like
//! heights, with mainnet address formats, whose transactions carry payloads encoded by `stamps-protocol`
//! exactly as mainnet carries them, and serves it through Bitcoin Core's JSON-RPC.
//!
//! Reading order: [`config`], [`keys`] (the actors), [`art`] (procedural stamp images), [`chain`] (blocks,
//! mining, lookups), [`scenario`] (what happens on the chain), [`rpc`] (the JSON-RPC server).

pub mod api;
pub mod art;
pub mod chain;
pub mod config;
pub mod keys;
pub mod mempool;
pub mod rpc;
pub mod scenario;
pub mod store;
pub mod validate;
pub mod wallet;

pub use config::DevnetConfig;
pub use rpc::{Devnet, build};
