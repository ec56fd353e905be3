//! `stamps-catalogue`: the read side. Projects chain events into read models shaped for the screens and
//! answers the catalogue's gRPC queries.
//!
//! Reading order: [`config`], [`projection`] (events to rows), [`store`] (the queries), [`grpc`] (the gRPC
//! service and the proto <-> row conversions), [`service`] (build, run, replay).

pub mod config;
pub mod grpc;
pub mod projection;
pub mod service;
pub mod store;

pub use config::CatalogueConfig;
pub use service::{Catalogue, build, replay};
