//! `stamps-platform`: what every service shares.
//!
//! Reading order: [`config`] (layered settings), [`telemetry`] (logs), [`shutdown`] (signals and
//! cancellation), [`db`] (Postgres with one schema per service), [`nats`] (JetStream names and streams),
//! [`outbox`] (facts and events in one transaction, published after commit), [`consumer`] (resumable,
//! idempotent projections), [`content`] (the content-addressed file store), [`metrics`] (Prometheus), [`figures`]
//! (market
//! figures as shown).

pub mod config;
pub mod consumer;
pub mod content;
pub mod db;
pub mod figures;
pub mod metrics;
pub mod nats;
pub mod net;
pub mod node;
pub mod outbox;
pub mod shutdown;
pub mod statements;
pub mod telemetry;
pub mod versions;
