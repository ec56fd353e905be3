//! Building and running the fee oracle: its schema, its gRPC server, the polling loop and the outbox relay
//! publishing `fees.updated` on FEES.

use std::net::SocketAddr;
use std::time::Duration;

use stamps_platform::config::{NatsConfig, NodeConfig, PostgresConfig};
use stamps_platform::db::{self, DbError};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::node::{Node, NodeError};
use stamps_platform::outbox::Relay;
use stamps_platform::shutdown::Shutdown;
use stamps_proto::fees::v1::fees_service_server::FeesServiceServer;
use tokio::net::TcpListener;

use crate::config::FeesConfig;
use crate::grpc::FeesGrpc;
use crate::oracle::{Current, Oracle};

/// The fee oracle's Postgres schema.
pub const SCHEMA: &str = "fees";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// How long one reading of the API or the node may take.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// Why the fee oracle failed.
#[derive(Debug, thiserror::Error)]
pub enum FeesServiceError {
    /// Database setup.
    #[error(transparent)]
    Db(#[from] DbError),
    /// NATS setup.
    #[error(transparent)]
    Nats(#[from] NatsError),
    /// The node's settings.
    #[error(transparent)]
    Node(#[from] NodeError),
    /// Binding or serving gRPC.
    #[error("grpc: {0}")]
    Serve(String),
    /// Binding the metrics listener.
    #[error(transparent)]
    Metrics(#[from] stamps_platform::metrics::MetricsError),
}

/// A built fee oracle: connected, migrated, its last records loaded, its gRPC port bound.
pub struct Fees {
    oracle: Oracle,
    listener: TcpListener,
    addr: SocketAddr,
    metrics: stamps_platform::metrics::ServiceMetrics,
}

/// Connects, migrates, loads the last records and binds the gRPC port.
pub async fn build(
    config: &FeesConfig,
    node: &NodeConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
) -> Result<Fees, FeesServiceError> {
    let pool = db::connect(pg, SCHEMA, &MIGRATOR).await?;
    let nats = Nats::connect(nats).await?;
    nats.ensure_stream(Stream::Fees).await?;
    let metrics =
        stamps_platform::metrics::ServiceMetrics::bind("fees", config.metrics_listen.as_deref())
            .await?;
    let relay = Relay::new(pool.clone(), nats.clone(), Duration::from_millis(500))
        .with_backlog(metrics.outbox_backlog.clone());
    let api = if config.api_url.is_empty() {
        node.clone()
    } else {
        NodeConfig {
            api_url: config.api_url.clone(),
            ..node.clone()
        }
    };
    let oracle = Oracle {
        pool,
        nats,
        relay,
        node: Node::new(node, READ_TIMEOUT)?,
        api: Node::new(&api, READ_TIMEOUT)?,
        current: Current::default(),
        poll: Duration::from_millis(config.poll_interval_ms.max(100)),
    };
    oracle
        .load()
        .await
        .map_err(|e| FeesServiceError::Db(DbError::from(e)))?;
    let listener = TcpListener::bind(&config.grpc_listen)
        .await
        .map_err(|e| FeesServiceError::Serve(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| FeesServiceError::Serve(e.to_string()))?;
    Ok(Fees {
        oracle,
        listener,
        addr,
        metrics,
    })
}

impl Fees {
    /// The bound gRPC address.
    pub fn grpc_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// Polls, relays and serves until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), FeesServiceError> {
        tracing::info!(addr = %self.addr, "fee oracle gRPC listening");
        let current = self.oracle.current.clone();
        let relaying = tokio::spawn(self.oracle.relay.clone().run(shutdown.clone()));
        let polling = tokio::spawn(self.oracle.run(shutdown.clone()));
        let grpc_metrics = self.metrics.grpc.layer();
        let metrics = self.metrics.serve(shutdown.clone());
        let served = tonic::transport::Server::builder()
            .layer(grpc_metrics)
            .add_service(FeesServiceServer::new(FeesGrpc::new(current)))
            .serve_with_incoming_shutdown(
                stamps_platform::net::incoming(self.listener),
                shutdown.clone().cancelled_owned(),
            )
            .await;
        let _ = relaying.await;
        let _ = polling.await;
        let _ = metrics.await;
        served.map_err(|e| FeesServiceError::Serve(e.to_string()))
    }
}
