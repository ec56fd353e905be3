//! Building and running the catalogue: the chain projection and the gRPC server; and its replay.

use std::net::SocketAddr;

use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::consumer::{self, ConsumerError, Until};
use stamps_platform::db::{self, DbError};
use stamps_platform::metrics::{ConsumerProgress, MetricsError, ServiceMetrics};
use stamps_platform::nats::{Nats, NatsError, Stream};
use stamps_platform::outbox::Relay;
use stamps_platform::shutdown::Shutdown;
use stamps_proto::catalogue::v1::catalogue_service_server::CatalogueServiceServer;
use tokio::net::TcpListener;

use crate::config::CatalogueConfig;
use crate::curation::{CURATION_CONSUMER, CurationProjection};
use crate::grpc::CatalogueGrpc;
use crate::listings::{LISTINGS_CONSUMER, ListingsProjection};
use crate::live::{self, Changes, Notifying};
use crate::pending::{MEMPOOL_CONSUMER, PendingProjection};
use crate::projection::people::{
    COLLECTIONS_CONSUMER, CollectionsProjection, USERS_CONSUMER, UsersProjection,
};
use crate::projection::{CONSUMER, ChainProjection};

/// The catalogue's Postgres schema.
pub const SCHEMA: &str = "catalogue";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Why the catalogue failed.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    /// Database setup.
    #[error(transparent)]
    Db(#[from] DbError),
    /// NATS setup.
    #[error(transparent)]
    Nats(#[from] NatsError),
    /// The projection's consumer.
    #[error(transparent)]
    Consumer(#[from] ConsumerError),
    /// Binding or serving gRPC.
    #[error("grpc: {0}")]
    Serve(String),
    /// Binding the metrics listener.
    #[error(transparent)]
    Metrics(#[from] MetricsError),
}

/// A built catalogue: connected, migrated, its gRPC port bound.
pub struct Catalogue {
    pool: sqlx::PgPool,
    nats: Nats,
    listener: TcpListener,
    addr: SocketAddr,
    metrics: ServiceMetrics,
}

/// Connects to the catalogue's schema (creating the database when missing) and migrates it.
pub async fn connect(pg: &PostgresConfig) -> Result<sqlx::PgPool, DbError> {
    db::connect(pg, SCHEMA, &MIGRATOR).await
}

/// Connects, migrates and binds the gRPC port.
pub async fn build(
    config: &CatalogueConfig,
    pg: &PostgresConfig,
    nats: &NatsConfig,
) -> Result<Catalogue, CatalogueError> {
    let pool = connect(pg).await?;
    let nats = Nats::connect(nats).await?;
    for stream in [
        Stream::Chain,
        Stream::Users,
        Stream::Collections,
        Stream::Curation,
        Stream::Listings,
        Stream::Mempool,
    ] {
        nats.ensure_stream(stream).await?;
    }
    let listener = TcpListener::bind(&config.grpc_listen)
        .await
        .map_err(|e| CatalogueError::Serve(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| CatalogueError::Serve(e.to_string()))?;
    let metrics = ServiceMetrics::bind("catalogue", config.metrics_listen.as_deref()).await?;
    Ok(Catalogue {
        pool,
        nats,
        listener,
        addr,
        metrics,
    })
}

impl Catalogue {
    /// The bound gRPC address.
    pub fn grpc_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// Projects and serves until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), CatalogueError> {
        tracing::info!(addr = %self.addr, "catalogue gRPC listening");
        let progress = |name: &str| self.metrics.consumer(name);
        let (chain, users, collections, curation, listings, mempool) = (
            progress(CONSUMER),
            progress(USERS_CONSUMER),
            progress(COLLECTIONS_CONSUMER),
            progress(CURATION_CONSUMER),
            progress(LISTINGS_CONSUMER),
            progress(MEMPOOL_CONSUMER),
        );
        let grpc_metrics = self.metrics.grpc.layer();
        let backlog = self.metrics.outbox_backlog.clone();
        let metrics = self.metrics.serve(shutdown.clone());
        // User collection commands write their events to the outbox; the relay publishes them to COLLECTIONS.
        let relay = Relay::new(
            self.pool.clone(),
            self.nats.clone(),
            std::time::Duration::from_millis(500),
        )
        .with_backlog(backlog);
        let relaying = tokio::spawn(relay.clone().run(shutdown.clone()));
        // Every commit (a projected event or a command) changes the live values the catalogue publishes.
        let changes = Changes::default();
        let publishing = tokio::spawn(live::publish_forever(
            self.pool.clone(),
            self.nats.clone(),
            changes.clone(),
            shutdown.clone(),
        ));
        let server = tonic::transport::Server::builder()
            .layer(grpc_metrics)
            .add_service(CatalogueServiceServer::new(CatalogueGrpc::new(
                self.pool.clone(),
                relay,
                changes.clone(),
            )))
            .serve_with_incoming_shutdown(
                stamps_platform::net::incoming(self.listener),
                shutdown.clone().cancelled_owned(),
            );
        let (nats, pool) = (&self.nats, &self.pool);
        // A block also settles the pending view.
        let chain_projection = Notifying {
            inner: ChainProjection,
            changes: changes.clone(),
            scope: live::scope::CONTENT | live::scope::PENDING,
        };
        let pending_projection = Notifying {
            inner: PendingProjection,
            changes: changes.clone(),
            scope: live::scope::PENDING,
        };
        let users_projection = Notifying {
            inner: UsersProjection::notifying(changes.clone()),
            changes: changes.clone(),
            scope: live::scope::PEOPLE,
        };
        let collections_projection = Notifying {
            inner: CollectionsProjection,
            changes: changes.clone(),
            scope: live::scope::CONTENT,
        };
        let curation_projection = Notifying {
            inner: CurationProjection,
            changes: changes.clone(),
            scope: live::scope::CONTENT,
        };
        let listings_projection = Notifying {
            inner: ListingsProjection,
            changes: changes.clone(),
            scope: live::scope::CONTENT,
        };
        let (served, (), (), (), (), (), ()) = tokio::join!(
            server,
            consumer::run_forever(
                nats,
                pool,
                Stream::Chain,
                CONSUMER,
                &chain_projection,
                &chain,
                &shutdown
            ),
            consumer::run_forever(
                nats,
                pool,
                Stream::Users,
                USERS_CONSUMER,
                &users_projection,
                &users,
                &shutdown
            ),
            consumer::run_forever(
                nats,
                pool,
                Stream::Collections,
                COLLECTIONS_CONSUMER,
                &collections_projection,
                &collections,
                &shutdown
            ),
            consumer::run_forever(
                nats,
                pool,
                Stream::Curation,
                CURATION_CONSUMER,
                &curation_projection,
                &curation,
                &shutdown
            ),
            consumer::run_forever(
                nats,
                pool,
                Stream::Listings,
                LISTINGS_CONSUMER,
                &listings_projection,
                &listings,
                &shutdown
            ),
            consumer::run_forever(
                nats,
                pool,
                Stream::Mempool,
                MEMPOOL_CONSUMER,
                &pending_projection,
                &mempool,
                &shutdown
            ),
        );
        let _ = relaying.await;
        let _ = publishing.await;
        let _ = metrics.await;
        served.map_err(|e| CatalogueError::Serve(e.to_string()))
    }
}

/// Drops the catalogue's tables and rebuilds them from the CHAIN, USERS, COLLECTIONS, CURATION and LISTINGS streams,
/// each up to its last message at the start; returns the CHAIN sequence reached.
pub async fn replay(
    pg: &PostgresConfig,
    nats: &NatsConfig,
    shutdown: Shutdown,
) -> Result<u64, CatalogueError> {
    let nats = Nats::connect(nats).await?;
    let consumers = [
        (Stream::Chain, CONSUMER),
        (Stream::Users, USERS_CONSUMER),
        (Stream::Collections, COLLECTIONS_CONSUMER),
        (Stream::Curation, CURATION_CONSUMER),
        (Stream::Listings, LISTINGS_CONSUMER),
        (Stream::Mempool, MEMPOOL_CONSUMER),
    ];
    for (stream, name) in consumers {
        consumer::delete_durable(&nats, stream, name).await?;
    }
    db::drop_schema(pg, SCHEMA).await?;
    let pool = connect(pg).await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Chain,
        CONSUMER,
        &ChainProjection,
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown.clone(),
    )
    .await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Users,
        USERS_CONSUMER,
        &UsersProjection::default(),
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown.clone(),
    )
    .await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Collections,
        COLLECTIONS_CONSUMER,
        &CollectionsProjection,
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown.clone(),
    )
    .await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Curation,
        CURATION_CONSUMER,
        &CurationProjection,
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown.clone(),
    )
    .await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Listings,
        LISTINGS_CONSUMER,
        &ListingsProjection,
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown.clone(),
    )
    .await?;
    consumer::run(
        &nats,
        &pool,
        Stream::Mempool,
        MEMPOOL_CONSUMER,
        &PendingProjection,
        Until::CaughtUp,
        &ConsumerProgress::default(),
        shutdown,
    )
    .await?;
    let applied = consumer::applied_sequence(&pool, CONSUMER)
        .await
        .map_err(DbError::from)?;
    // The next `stamps catalogue` continues live consumption from here with fresh durable consumers.
    for (stream, name) in consumers {
        consumer::delete_durable(&nats, stream, name).await?;
    }
    Ok(applied)
}
