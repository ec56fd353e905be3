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
    /// The auth service's gRPC URL.
    pub auth_url: String,
    /// The fee oracle's gRPC URL.
    pub fees_url: String,
    /// The wallet service's gRPC URLs: calls are balanced over them (its replicas keep no state).
    pub wallet_urls: Vec<String>,
    /// The analytics service's gRPC URL (`/api/log`); empty: `/api/log` answers 503.
    pub analytics_url: String,
    /// Request events: whether and how they are published.
    pub analytics: crate::requests::AnalyticsConfig,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
    /// Sessions: the cookie, the site's origins and the sign-in rate limits.
    pub session: crate::session::SessionConfig,
    /// The built single-page app (`frontend/dist`).
    pub static_dir: PathBuf,
    /// Bytes of API answers kept in memory until the catalogue changes (0: none kept).
    pub cache_bytes: u64,
    /// The edge's limits: connections, timeouts, image work and live streams.
    pub limits: EdgeLimits,
    /// How assets' enhanced asset information is read.
    pub asset_info: crate::asset_info::AssetInfoConfig,
    /// The wallet app, served at an origin of its own.
    pub wallet_app: WalletAppConfig,
}

/// The wallet app: the product's self-custodial wallet, at its own origin so that no code of the site can read
/// its storage. Its listener serves its build and the same API as the site's.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct WalletAppConfig {
    /// Where it is served (empty: it is not).
    pub listen: String,
    /// Its origin as browsers reach it (`scheme://host[:port]`); empty: `http://` and the bound address.
    pub origin: String,
    /// Its build (`frontend/dist-wallet`).
    pub static_dir: PathBuf,
}

impl Default for WalletAppConfig {
    fn default() -> Self {
        Self {
            listen: String::new(),
            origin: String::new(),
            static_dir: PathBuf::from("frontend/dist-wallet"),
        }
    }
}

impl Default for GatewayConfig {
    fn default() -> Self {
        Self {
            listen: "127.0.0.1:8080".into(),
            catalogue_url: "http://127.0.0.1:50051".into(),
            auth_url: "http://127.0.0.1:50052".into(),
            fees_url: "http://127.0.0.1:50053".into(),
            wallet_urls: vec!["http://127.0.0.1:50054".into()],
            analytics_url: "http://127.0.0.1:50055".into(),
            analytics: crate::requests::AnalyticsConfig::default(),
            metrics_listen: None,
            session: crate::session::SessionConfig::default(),
            static_dir: PathBuf::from("frontend/dist"),
            cache_bytes: 256 * 1024 * 1024,
            limits: EdgeLimits::default(),
            asset_info: crate::asset_info::AssetInfoConfig::default(),
            wallet_app: WalletAppConfig::default(),
        }
    }
}

/// What one client, or all of them together, may hold of the gateway.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct EdgeLimits {
    /// Connections open at once; past it the gateway accepts no more until one closes.
    pub max_connections: usize,
    /// Time a connection has to send a whole request head, counted from when the gateway waits for it: a
    /// new connection, or a kept-alive one after its last answer (so it is also the idle timeout).
    pub header_read_timeout_ms: u64,
    /// Time a request has to be answered (the head of the answer; event streams then go on).
    pub request_timeout_ms: u64,
    /// Image decodes and encodes (resizes, share cards, mint previews) running at once; 0: twice the cores.
    pub image_workers: usize,
    /// Image requests that may wait for a worker; past it, and after `image_wait_ms` of waiting, 503.
    pub image_queue: usize,
    /// How long an image request waits for a worker.
    pub image_wait_ms: u64,
    /// Live event streams (`/api/realtime...`) open at once, in all.
    pub max_streams: usize,
    /// Live event streams open at once from one client address.
    pub max_streams_per_client: usize,
}

impl Default for EdgeLimits {
    fn default() -> Self {
        Self {
            max_connections: 4096,
            header_read_timeout_ms: 15_000,
            request_timeout_ms: 30_000,
            image_workers: 0,
            image_queue: 32,
            image_wait_ms: 2_000,
            max_streams: 1024,
            max_streams_per_client: 8,
        }
    }
}
