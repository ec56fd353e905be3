//! Building and running the wallet service: its gRPC server and its clients of the node, the catalogue and the
//! fee oracle. It has no schema and keeps no state: what it publishes (checked listings) goes straight to LISTINGS.

use std::net::SocketAddr;
use std::time::Duration;

use stamps_platform::config::{NatsConfig, NodeConfig};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::node::{Node, NodeError};
use stamps_platform::shutdown::Shutdown;
use stamps_platform::versions::CatalogueVersions;
use stamps_proto::catalogue::v1::catalogue_service_client::CatalogueServiceClient;
use stamps_proto::fees::v1::fees_service_client::FeesServiceClient;
use stamps_proto::wallet::v1::wallet_service_server::WalletServiceServer;
use tokio::net::TcpListener;
use tonic::transport::Endpoint;

use crate::config::WalletConfig;
use crate::grpc::WalletGrpc;

/// How long a call to the node may take.
const NODE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a call to the catalogue or the fee oracle may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);

/// Why the wallet service failed.
#[derive(Debug, thiserror::Error)]
pub enum WalletServiceError {
    /// Bad configuration.
    #[error("wallet config: {0}")]
    Config(String),
    /// The node's settings.
    #[error(transparent)]
    Node(#[from] NodeError),
    /// NATS setup.
    #[error(transparent)]
    Nats(#[from] NatsError),
    /// Binding or serving gRPC.
    #[error("grpc: {0}")]
    Serve(String),
    /// Binding the metrics listener.
    #[error(transparent)]
    Metrics(#[from] stamps_platform::metrics::MetricsError),
}

/// A built wallet service: its settings checked, its gRPC port bound.
pub struct Wallet {
    api: WalletGrpc,
    listener: TcpListener,
    addr: SocketAddr,
    /// The catalogue's versions its kept answers follow.
    versions: CatalogueVersions,
    metrics: stamps_platform::metrics::ServiceMetrics,
}

fn channel(url: &str, name: &str) -> Result<tonic::transport::Channel, WalletServiceError> {
    Ok(Endpoint::from_shared(url.to_owned())
        .map_err(|e| WalletServiceError::Config(format!("{name}: {e}")))?
        .timeout(CALL_TIMEOUT)
        .connect_lazy())
}

/// Checks the settings, connects to NATS (listings are published on LISTINGS) and binds the gRPC port.
pub async fn build(
    config: &WalletConfig,
    node: &NodeConfig,
    nats: &NatsConfig,
) -> Result<Wallet, WalletServiceError> {
    let nats = Nats::connect(nats).await?;
    nats.ensure_stream(Stream::Listings).await?;
    let network = config.network().map_err(WalletServiceError::Config)?;
    let fee_to = crate::buy::address(config.fee_address.trim(), network)
        .ok_or_else(|| {
            WalletServiceError::Config(format!(
                "wallet.fee_address: {:?} is not an address of {network}",
                config.fee_address
            ))
        })?
        .script_pubkey();
    if fee_to.is_p2wsh() {
        // An OLGA mint reads every P2WSH output as data.
        return Err(WalletServiceError::Config(
            "wallet.fee_address: a P2WSH address cannot take fees".into(),
        ));
    }
    let promo = match config.promo_address.trim() {
        "" => None,
        text => {
            let script = crate::buy::address(text, network)
                .filter(|a| !a.script_pubkey().is_p2wsh())
                .ok_or_else(|| {
                    WalletServiceError::Config(format!(
                        "wallet.promo_address: {text:?} is not a non-P2WSH address of {network}"
                    ))
                })?
                .script_pubkey();
            Some((text.to_owned(), script))
        }
    };
    let content = stamps_platform::content::ContentStore::open(&nats)
        .await
        .map_err(|e| WalletServiceError::Serve(format!("stamp files: {e}")))?;
    let locks = crate::locks::Locks::open(
        &nats,
        Duration::from_millis(config.dispenser_lock_ms),
        Duration::from_millis(config.dispenser_wait_ms),
    )
    .await?;
    // The catalogue's answers are kept while its published version holds (followed from `run_until_stopped`).
    let versions = CatalogueVersions::default();
    let api = WalletGrpc {
        network,
        node: Node::new(node, NODE_TIMEOUT)?,
        catalogue: CatalogueServiceClient::new(channel(
            &config.catalogue_url,
            "wallet.catalogue_url",
        )?),
        fees: FeesServiceClient::new(channel(&config.fees_url, "wallet.fees_url")?),
        fee_to,
        fee_address: config.fee_address.trim().to_owned(),
        nats,
        rates: Default::default(),
        max_fee_multiple: config.max_fee_multiple,
        promo,
        promo_count: Default::default(),
        tip: Default::default(),
        content,
        kept: std::sync::Arc::new(crate::kept::Answers::new(&versions)),
        locks,
        pending_wait: Duration::from_millis(config.pending_wait_ms),
    };
    let listener = TcpListener::bind(&config.grpc_listen)
        .await
        .map_err(|e| WalletServiceError::Serve(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| WalletServiceError::Serve(e.to_string()))?;
    let metrics =
        stamps_platform::metrics::ServiceMetrics::bind("wallet", config.metrics_listen.as_deref())
            .await?;
    Ok(Wallet {
        api,
        listener,
        addr,
        versions,
        metrics,
    })
}

impl Wallet {
    /// The bound gRPC address.
    pub fn grpc_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// Serves until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), WalletServiceError> {
        tracing::info!(addr = %self.addr, "wallet gRPC listening");
        let following = shutdown.child_token();
        let follow = tokio::spawn(
            self.versions
                .follow(self.api.nats.clone(), following.clone()),
        );
        let grpc_metrics = self.metrics.grpc.layer();
        let metrics = self.metrics.serve(shutdown.clone());
        let served = tonic::transport::Server::builder()
            .layer(grpc_metrics)
            .add_service(WalletServiceServer::new(self.api))
            .serve_with_incoming_shutdown(
                stamps_platform::net::incoming(self.listener),
                shutdown.clone().cancelled_owned(),
            )
            .await
            .map_err(|e| WalletServiceError::Serve(e.to_string()));
        following.cancel();
        let _ = follow.await;
        let _ = metrics.await;
        served
    }
}
