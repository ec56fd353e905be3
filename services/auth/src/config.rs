//! The auth service's settings.

use serde::{Deserialize, Serialize};

/// Where the service listens, which network's addresses sign in, and the lifetimes of challenges and sessions.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct AuthConfig {
    /// gRPC listen address (port 0 picks a free port).
    pub grpc_listen: String,
    /// The network whose addresses sign in: `bitcoin` (mainnet's format, also on the devnet), `testnet`,
    /// `signet` or `regtest`.
    pub network: String,
    /// How long a challenge may be signed and submitted.
    pub challenge_ttl_secs: u64,
    /// A session unused this long ends.
    pub session_idle_secs: u64,
    /// A session ends this long after its sign-in, used or not.
    pub session_absolute_secs: u64,
    /// Addresses whose sessions carry the staff role.
    pub staff: Vec<String>,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            grpc_listen: "127.0.0.1:50052".into(),
            network: "bitcoin".into(),
            challenge_ttl_secs: 600,
            session_idle_secs: 7 * 24 * 3600,
            session_absolute_secs: 30 * 24 * 3600,
            staff: Vec::new(),
            metrics_listen: None,
        }
    }
}

impl AuthConfig {
    /// The configured network.
    pub fn network(&self) -> Result<bitcoin::Network, String> {
        match self.network.as_str() {
            "bitcoin" | "mainnet" => Ok(bitcoin::Network::Bitcoin),
            "testnet" => Ok(bitcoin::Network::Testnet),
            "signet" => Ok(bitcoin::Network::Signet),
            "regtest" => Ok(bitcoin::Network::Regtest),
            other => Err(format!("auth.network: unknown network {other:?}")),
        }
    }
}
