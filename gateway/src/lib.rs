//! `stamps-gateway`: the public edge. Serves the REST API under `/api` (JSON, built from the services' gRPC
//! answers), stamp files under `/s/{cpid}`, health and readiness, and the single-page app for every other path.
//!
//! Reading order: [`config`], [`error`] (the one mapping from failures to HTTP), [`state`], [`serve`] (connections,
//! their timeouts and cap), [`edge`] (the rules around every route: input checks, the JSON error shape, security
//! headers), [`limits`] (image work and live streams), [`routes`], [`cache`] (answers kept until the catalogue
//! changes).

pub mod cache;
pub mod config;
pub mod edge;
pub mod error;
pub mod limits;
pub mod routes;
pub mod serve;
pub mod state;

pub use config::GatewayConfig;
pub use state::{Gateway, build};
