//! `stamps-devnet`: the project's own local Bitcoin network. It mines a deterministic chain at mainnet-like
//! heights, with mainnet address formats, whose transactions carry payloads encoded by `stamps-protocol`
//! exactly as mainnet carries them, and serves it through Bitcoin Core's JSON-RPC.
//!
//! Reading order: [`config`], [`keys`] (the actors), [`art`] (procedural stamp images), [`stamp_files`] (every
//! file type) and [`goose`] (the goose launchpad's art), [`chain`] (blocks, mining, the unspent outputs),
//! [`validate`] and [`mempool`], [`scenario`] (what happens on the chain), `node` (the running devnet: state,
//! mining, reorgs, persistence through [`datadir`], the listeners), `rpc`, `rest` and `shapes` (Bitcoin Core's
//! interfaces), [`api`] (the mempool-style API) and [`wallet`].

pub mod api;
pub mod art;
pub mod chain;
pub mod config;
pub mod datadir;
pub mod goose;
pub mod keys;
pub mod mempool;
mod node;
mod rest;
mod rpc;
pub mod scenario;
mod shapes;
pub mod stamp_files;
pub mod validate;
pub mod wallet;

pub use config::{DevnetConfig, ScenarioKind};
pub use node::{Devnet, build, build_with, clock};
