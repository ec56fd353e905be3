//! The gateway's settings.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// Where the gateway listens and what it talks to.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct GatewayConfig {
    /// HTTP listen address (port 0 picks a free port).
    pub listen: String,
    /// The catalogue's gRPC URL.
    pub catalogue_url: String,
    /// The built single-page app (`frontend/dist`).
    pub static_dir: PathBuf,
    /// Bytes of API answers kept in memory until the catalogue changes (0: none kept).
    pub cache_bytes: u64,
}

impl Default for GatewayConfig {
    fn default() -> Self {
        Self {
            listen: "127.0.0.1:8080".into(),
            catalogue_url: "http://127.0.0.1:50051".into(),
            static_dir: PathBuf::from("frontend/dist"),
            cache_bytes: 256 * 1024 * 1024,
        }
    }
}
