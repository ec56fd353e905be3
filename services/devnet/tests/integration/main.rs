//! The devnet's integration tests, in one binary: its ledger against the protocol's rules, its mempool, its
//! JSON-RPC and its scenarios.

mod ledger;
mod mempool;
mod rpc;
mod scenario;
