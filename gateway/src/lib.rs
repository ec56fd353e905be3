//! `stamps-gateway`: the public edge. Serves the REST API under `/api` (JSON, built from the services' gRPC
//! answers), stamp files under `/s/{cpid}`, health and readiness, and the single-page app for every other path.
//!
//! Reading order: [`config`], [`error`] (the one mapping from failures to HTTP), [`app_state`] (what handlers
//! share, and the gateway's build and run), [`serve`] (connections, their timeouts and cap), [`edge`] (the rules
//! around every route: input checks, the JSON error shape, security headers), [`limits`] (image work and live
//! streams), [`routes`] (the handlers, their typed query parameters and the OpenAPI document made from them),
//! [`cache`] (answers kept until the catalogue changes), [`asset_info`] (assets' pictures from their enhanced
//! asset information), [`session`] (the session cookie, the Origin check and the sign-in rate limits),
//! [`requests`] (every request's metrics, and its event for the analytics service).

pub mod app_state;
pub mod asset_info;
pub mod cache;
pub mod config;
pub mod edge;
pub mod error;
pub mod limits;
pub mod requests;
pub mod routes;
pub mod serve;
pub mod session;

pub use app_state::{Gateway, build};
pub use config::GatewayConfig;
