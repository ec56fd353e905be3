//! `stamps-analytics`: the requests the gateways served. It consumes the `analytics.requests` events of
//! ANALYTICS into its schema (`analytics`): raw requests in day partitions dropped whole past the retention,
//! and hourly and daily rollups per origin (requests, distinct visitors, phones, latency classes, paths, URLs),
//! kept in the same transaction. Its gRPC API answers the staff dashboard's figures from the rollups alone.
//!
//! - [`ingest`]: events to rows and rollups; the retention.
//! - [`latency`]: latency classes and percentiles. Pure.
//! - [`query`]: a range's figures. [`grpc`]: the API. [`service`] and [`config`]: build and run.

pub mod config;
pub mod grpc;
pub mod ingest;
pub mod latency;
pub mod query;
pub mod service;

pub use config::AnalyticsConfig;
pub use service::{Analytics, build};
