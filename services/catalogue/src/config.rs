//! The catalogue's settings.

use serde::{Deserialize, Serialize};

/// Where the catalogue serves gRPC.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct CatalogueConfig {
    /// gRPC listen address (port 0 picks a free port).
    pub grpc_listen: String,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
}

impl Default for CatalogueConfig {
    fn default() -> Self {
        Self {
            grpc_listen: "127.0.0.1:50051".into(),
            metrics_listen: None,
        }
    }
}
