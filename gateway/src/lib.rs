//! `stamps-gateway`: the public edge. Serves the REST API under `/api` (JSON, built from the services' gRPC
//! answers), stamp files under `/s/{cpid}`, health and readiness, and the single-page app for every other path.
//!
//! Reading order: [`config`], [`error`] (the one mapping from failures to HTTP), [`state`], [`routes`], [`cache`]
//! (answers kept until the catalogue changes).

pub mod cache;
pub mod config;
pub mod error;
pub mod routes;
pub mod state;

pub use config::GatewayConfig;
pub use state::{Gateway, build};
