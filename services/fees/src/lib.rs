//! `stamps-fees`: the fee oracle. It reads fee rates from a mempool-style API (the node's `estimatesmartfee` when
//! the API fails), keeps them sane, derives the two rates the site uses, and publishes each change as a
//! `fees.updated` event on FEES and as the live value `mempoolFees`; BTC prices likewise as the live value
//! `prices`. Its gRPC API answers the current records.
//!
//! - [`rates`]: reading, checking and deriving rates, and prices. Pure.
//! - [`oracle`]: the polling loop, the records in Postgres and what is published.
//! - [`grpc`]: the gRPC API. [`service`] and [`config`]: build and run.

pub mod config;
pub mod grpc;
pub mod oracle;
pub mod rates;
pub mod service;

pub use config::FeesConfig;
pub use service::{Fees, build};
