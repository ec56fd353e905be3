//! Building and running the auth service: its schema, its gRPC server, the outbox relay publishing `users.*`
//! events on USERS, and the sweep of ended challenges and sessions.

use std::net::SocketAddr;
use std::time::Duration;

use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::db::{self, DbError};
use stamps_platform::metrics::ServiceMetrics;
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::outbox::Relay;
use stamps_platform::shutdown::Shutdown;
use stamps_proto::auth::v1::auth_service_server::AuthServiceServer;
use tokio::net::TcpListener;

use crate::accounts::{Accounts, Clock, system_clock};
use crate::config::AuthConfig;
use crate::grpc::AuthGrpc;

/// The auth service's Postgres schema.
pub const SCHEMA: &str = "auth";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// How often ended challenges and sessions are deleted.
const SWEEP: Duration = Duration::from_secs(60);
/// How long the outbox relay waits for more users' events before it publishes: first sign-ins arriving together
/// then cost two statements per pass rather than per sign-in.
const RELAY_LINGER: Duration = Duration::from_millis(5);

/// Why the auth service failed.
#[derive(Debug, thiserror::Error)]
pub enum AuthServiceError {
    /// Bad configuration.
    #[error("auth config: {0}")]
    Config(String),
    /// Database setup.
    #[error(transparent)]
    Db(#[from] DbError),
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

/// A built auth service: connected, migrated, its gRPC port bound.
pub struct Auth {
    accounts: Accounts,
    relay: Relay,
    listener: TcpListener,
    addr: SocketAddr,
    metrics: ServiceMetrics,
}

/// Connects, migrates and binds the gRPC port, on the system clock.
pub async fn build(
    config: &AuthConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
) -> Result<Auth, AuthServiceError> {
    build_with_clock(config, pg, nats, system_clock()).await
}

/// [`build`] on `clock`'s time (tests let challenges and sessions expire).
pub async fn build_with_clock(
    config: &AuthConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
    clock: Clock,
) -> Result<Auth, AuthServiceError> {
    // Challenges, sessions and first sign-ins need not wait for the disk; users' changes ask for it
    // (`accounts::durable`), and the relay makes the log durable before it publishes.
    let pool = db::connect_with(pg, SCHEMA, &MIGRATOR, &[("synchronous_commit", "off")]).await?;
    let nats = Nats::connect(nats).await?;
    nats.ensure_stream(Stream::Users).await?;
    let announce = (
        nats.client.clone(),
        nats.subject(stamps_proto::events::subjects::USER_CHANGED),
    );
    let metrics = ServiceMetrics::bind("auth", config.metrics_listen.as_deref()).await?;
    let relay = Relay::new(pool.clone(), nats, Duration::from_millis(500))
        .with_linger(RELAY_LINGER)
        .flushing()
        .with_backlog(metrics.outbox_backlog.clone());
    let accounts = Accounts::new(config, pool, relay.clone(), clock)
        .map_err(AuthServiceError::Config)?
        .announcing(announce.0, announce.1);
    let listener = TcpListener::bind(&config.grpc_listen)
        .await
        .map_err(|e| AuthServiceError::Serve(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| AuthServiceError::Serve(e.to_string()))?;
    Ok(Auth {
        accounts,
        relay,
        listener,
        addr,
        metrics,
    })
}

impl Auth {
    /// The bound gRPC address.
    pub fn grpc_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// Serves, relays and sweeps until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), AuthServiceError> {
        tracing::info!(addr = %self.addr, "auth gRPC listening");
        let relaying = tokio::spawn(self.relay.clone().run(shutdown.clone()));
        let sweeping = tokio::spawn(sweep_forever(self.accounts.clone(), shutdown.clone()));
        let grpc_metrics = self.metrics.grpc.layer();
        let metrics = self.metrics.serve(shutdown.clone());
        let served = tonic::transport::Server::builder()
            .layer(grpc_metrics)
            .add_service(AuthServiceServer::new(AuthGrpc::new(self.accounts)))
            .serve_with_incoming_shutdown(
                stamps_platform::net::incoming(self.listener),
                shutdown.clone().cancelled_owned(),
            )
            .await;
        let _ = relaying.await;
        let _ = sweeping.await;
        let _ = metrics.await;
        served.map_err(|e| AuthServiceError::Serve(e.to_string()))
    }
}

async fn sweep_forever(accounts: Accounts, shutdown: Shutdown) {
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(SWEEP) => {}
        }
        match accounts.sweep().await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(deleted = n, "ended challenges and sessions deleted"),
            Err(e) => tracing::warn!(error = %e, "sweeping ended challenges and sessions failed"),
        }
    }
}
