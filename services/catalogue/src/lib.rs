//! `stamps-catalogue`: the read side. Projects chain events into read models shaped for the screens and
//! answers the catalogue's gRPC queries.
//!
//! Reading order: [`config`], [`commands`] (user collections: create and edit), [`projection`] (events to rows: stamps), [`ledger`] (Counterparty and SRC-20
//! ops to rows), [`people`] (users and collections events to rows), [`curation`] (staff content: the file, its import, its projection), [`launchpads`] (curated launchpad collections and what they minted), [`rows`] (one statement per table; versioned state and its revert), [`src20`], [`market`], [`collectors`],
//! [`collections`] and [`fairminter`] (tick, stamp, collector, collection and fairminter figures derived after each
//! block; SRC-721 collections), [`store`] (the queries), [`grpc`], [`grpc_detail`], [`grpc_src20`], [`grpc_collections`], [`grpc_activity`] and [`grpc_assets`] (the gRPC service and
//! the proto <-> row conversions), [`live`] (the version, height and market lists published as live values), [`service`] (build,
//! run, replay).

pub mod collections;
pub mod collectors;
pub mod commands;
pub mod config;
pub mod curation;
pub mod fairminter;
pub mod grpc;
pub mod grpc_activity;
pub mod grpc_assets;
pub mod grpc_collections;
pub mod grpc_detail;
pub mod grpc_src20;
pub mod launchpads;
pub mod ledger;
pub mod live;
pub mod market;
pub mod people;
pub mod projection;
pub mod rows;
pub mod service;
pub mod src20;
pub mod store;

pub use config::CatalogueConfig;
pub use service::{Catalogue, build, connect, replay};
