//! The catalogue's integration tests, in one binary: collections and the projection over real Postgres and NATS.

mod collections;
mod projection;
