//! The wallet service's settings.

use serde::{Deserialize, Serialize};

/// Where the wallet listens, which network it builds for, whom it asks, and where its fee goes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct WalletConfig {
    /// gRPC listen address (port 0 picks a free port).
    pub grpc_listen: String,
    /// The network whose addresses buy: `bitcoin` (mainnet's format, also on the devnet), `testnet`, `signet`
    /// or `regtest`.
    pub network: String,
    /// The catalogue's gRPC URL (dispensers, and which outputs hold assets).
    pub catalogue_url: String,
    /// The fee oracle's gRPC URL (the optimal rate).
    pub fees_url: String,
    /// Where the wallet fee of each purchase goes. Required.
    pub fee_address: String,
    /// The promotion's address: SRC-20 mints at the promotional price pay it, while it has fewer than 1000
    /// transactions. Empty: no promotion.
    pub promo_address: String,
    /// Where Prometheus metrics are served (`/metrics`, with `/healthz`); none when unset.
    pub metrics_listen: Option<String>,
    /// The highest fee rate a transaction is built or broadcast at, as a multiple of the oracle's fastest rate.
    pub max_fee_multiple: u64,
    /// Purchases from one dispenser, whichever replica sends them, are sent one at a time (see `locks`): how long a
    /// replica's hold on a dispenser lasts at the most, in milliseconds (a replica that dies holding one lets go
    /// after this).
    pub dispenser_lock_ms: u64,
    /// How long a purchase waits for another purchase from the same dispenser being sent, in milliseconds, before
    /// it is refused with "try again".
    pub dispenser_wait_ms: u64,
    /// How long, once sent, a purchase keeps its dispensers while the pending view takes it in, in milliseconds.
    pub pending_wait_ms: u64,
}

impl Default for WalletConfig {
    fn default() -> Self {
        Self {
            grpc_listen: "127.0.0.1:50054".into(),
            network: "bitcoin".into(),
            catalogue_url: "http://127.0.0.1:50051".into(),
            fees_url: "http://127.0.0.1:50053".into(),
            fee_address: String::new(),
            promo_address: String::new(),
            metrics_listen: None,
            max_fee_multiple: 10,
            dispenser_lock_ms: 10_000,
            dispenser_wait_ms: 5_000,
            pending_wait_ms: 3_000,
        }
    }
}

impl WalletConfig {
    /// The configured network.
    pub fn network(&self) -> Result<bitcoin::Network, String> {
        match self.network.as_str() {
            "bitcoin" | "mainnet" => Ok(bitcoin::Network::Bitcoin),
            "testnet" => Ok(bitcoin::Network::Testnet),
            "signet" => Ok(bitcoin::Network::Signet),
            "regtest" => Ok(bitcoin::Network::Regtest),
            other => Err(format!("wallet.network: unknown network {other:?}")),
        }
    }
}
