//! The analytics service's settings.

use serde::{Deserialize, Serialize};

/// Where the service listens and how long it keeps what.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct AnalyticsConfig {
    /// gRPC listen address (port 0 picks a free port).
    pub grpc_listen: String,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
    /// Days of raw requests kept (whole day partitions are dropped past it), and of the visitor sets.
    pub retention_days: u32,
    /// Days of rollups kept.
    pub rollup_retention_days: u32,
}

impl Default for AnalyticsConfig {
    fn default() -> Self {
        Self {
            grpc_listen: "127.0.0.1:50055".into(),
            metrics_listen: None,
            retention_days: 30,
            rollup_retention_days: 730,
        }
    }
}
