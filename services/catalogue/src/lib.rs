//! `stamps-catalogue`: the read side. Projects chain, user and collection events into read models shaped for
//! the screens, derives the figures the screens sort by, and answers the catalogue's gRPC queries.
//!
//! - [`projection`]: events to rows (one consumer per stream); the only writer of the chain's read models.
//! - [`figures`]: what is derived from the read models after each block (stamps' market figures, SRC-20 ticks,
//!   collectors, collections, fairminters).
//! - [`queries`]: reads for the screens, one function per query; the stamp finder is [`queries::finder`].
//! - [`grpc`]: the gRPC service and the conversions between proto messages and rows.
//! - [`commands`]: user collections, created and edited through gRPC (rows and events in one transaction).
//! - [`curation`] and [`launchpads`]: the staff's content (its file, import and projection) and launchpads.
//! - [`live`]: the values published as live (version, height, market lists).
//! - [`service`] and [`config`]: build, run, replay.

pub mod commands;
pub mod config;
pub mod curation;
pub mod figures;
pub mod grpc;
pub mod launchpads;
pub mod listings;
pub mod live;
pub mod pending;
pub mod projection;
pub mod queries;
pub mod service;

pub use config::CatalogueConfig;
pub use service::{Catalogue, build, connect, replay};
