//! Building and running the analytics service: its schema, the consumer of ANALYTICS, the retention sweep and
//! the gRPC server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::consumer::{self, ConsumerError};
use stamps_platform::db::{self, DbError};
use stamps_platform::metrics::{MetricsError, ServiceMetrics};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::shutdown::Shutdown;
use stamps_proto::analytics::v1::analytics_service_server::AnalyticsServiceServer;
use tokio::net::TcpListener;

use crate::config::AnalyticsConfig;
use crate::grpc::AnalyticsGrpc;
use crate::ingest::{self, CONSUMER, DAY_MS, Ingest};

/// The analytics service's Postgres schema.
pub const SCHEMA: &str = "analytics";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// How often the retention runs.
const SWEEP: Duration = Duration::from_secs(3600);

/// Why the analytics service failed.
#[derive(Debug, thiserror::Error)]
pub enum AnalyticsError {
    /// Database setup.
    #[error(transparent)]
    Db(#[from] DbError),
    /// NATS setup.
    #[error(transparent)]
    Nats(#[from] NatsError),
    /// The consumer.
    #[error(transparent)]
    Consumer(#[from] ConsumerError),
    /// Binding or serving gRPC.
    #[error("grpc: {0}")]
    Serve(String),
    /// Binding the metrics listener.
    #[error(transparent)]
    Metrics(#[from] MetricsError),
}

/// A built analytics service: connected, migrated, its ports bound.
pub struct Analytics {
    pool: sqlx::PgPool,
    nats: Nats,
    config: AnalyticsConfig,
    listener: TcpListener,
    addr: SocketAddr,
    metrics: ServiceMetrics,
}

/// A pool on the service's schema, migrated, as the service uses it (for tools: a rebuild, the retention, tests).
/// Request events can be had again from the stream: the pool does not wait for the disk.
pub async fn connect(pg: &PostgresConfig) -> Result<sqlx::PgPool, DbError> {
    db::connect_with(pg, SCHEMA, &MIGRATOR, &[("synchronous_commit", "off")]).await
}

/// Connects, migrates and binds the gRPC port.
pub async fn build(
    config: &AnalyticsConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
) -> Result<Analytics, AnalyticsError> {
    let pool = connect(pg).await?;
    let nats = Nats::connect(nats).await?;
    nats.ensure_stream(Stream::Analytics).await?;
    let listener = TcpListener::bind(&config.grpc_listen)
        .await
        .map_err(|e| AnalyticsError::Serve(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| AnalyticsError::Serve(e.to_string()))?;
    let metrics = ServiceMetrics::bind("analytics", config.metrics_listen.as_deref()).await?;
    Ok(Analytics {
        pool,
        nats,
        config: config.clone(),
        listener,
        addr,
        metrics,
    })
}

impl Analytics {
    /// The bound gRPC address.
    pub fn grpc_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// The service's pool (tests and benchmarks read the schema through it).
    pub fn pool(&self) -> &sqlx::PgPool {
        &self.pool
    }

    /// Consumes, sweeps and serves until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), AnalyticsError> {
        tracing::info!(addr = %self.addr, "analytics gRPC listening");
        let ingest = Arc::new(Ingest::new(self.config.retention_days, ingest::now_ms));
        let progress = self.metrics.consumer(CONSUMER);
        let grpc_metrics = self.metrics.grpc.layer();
        let metrics = self.metrics.serve(shutdown.clone());
        let sweeping = tokio::spawn(sweep_forever(
            self.pool.clone(),
            self.config.clone(),
            ingest.clone(),
            shutdown.clone(),
        ));
        let server = tonic::transport::Server::builder()
            .layer(grpc_metrics)
            .add_service(AnalyticsServiceServer::new(AnalyticsGrpc::new(
                self.pool.clone(),
            )))
            .serve_with_incoming_shutdown(
                stamps_platform::net::incoming(self.listener),
                shutdown.clone().cancelled_owned(),
            );
        let consuming = consumer::run_forever(
            &self.nats,
            &self.pool,
            Stream::Analytics,
            CONSUMER,
            ingest.as_ref(),
            &progress,
            &shutdown,
        );
        let (served, ()) = tokio::join!(server, consuming);
        let _ = sweeping.await;
        let _ = metrics.await;
        served.map_err(|e| AnalyticsError::Serve(e.to_string()))
    }
}

async fn sweep_forever(
    pool: sqlx::PgPool,
    config: AnalyticsConfig,
    ingest: Arc<Ingest>,
    shutdown: Shutdown,
) {
    loop {
        let now = ingest::now_ms();
        match ingest::drop_expired(
            &pool,
            now,
            config.retention_days,
            config.rollup_retention_days,
        )
        .await
        {
            Ok(dropped) => {
                if !dropped.is_empty() {
                    tracing::info!(
                        days = dropped.len(),
                        "dropped the request partitions past the retention"
                    );
                }
                let oldest = ingest::bucket(now, DAY_MS)
                    - (i64::from(config.retention_days.max(1)) - 1) * DAY_MS;
                ingest.forget_before(oldest);
            }
            Err(e) => tracing::warn!(error = %e, "the retention sweep failed; retrying later"),
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(SWEEP) => {}
        }
    }
}
