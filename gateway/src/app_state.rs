//! What handlers share ([`AppState`]), and the gateway's build (its dependencies connected, its port bound) and
//! run.

use std::net::SocketAddr;

use stamps_platform::config::NatsConfig;
use stamps_platform::content::ContentStore;
use stamps_platform::nats::Nats;
use stamps_platform::shutdown::Shutdown;
use stamps_proto::analytics::v1::analytics_service_client::AnalyticsServiceClient;
use stamps_proto::auth::v1::auth_service_client::AuthServiceClient;
use stamps_proto::catalogue::v1::catalogue_service_client::CatalogueServiceClient;
use stamps_proto::fees::v1::fees_service_client::FeesServiceClient;
use stamps_proto::wallet::v1::wallet_service_client::WalletServiceClient;
use tokio::net::TcpListener;
use tonic::transport::{Channel, Endpoint};

use crate::cache::AnswerCache;
use crate::config::{EdgeLimits, GatewayConfig};
use crate::limits::Limits;
use crate::routes::App;

/// What handlers share: one allocation, so that the copy each request and layer takes is one reference count.
#[derive(Clone)]
pub struct AppState(std::sync::Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// Shares `shared` with every handler.
    pub fn new(shared: Shared) -> Self {
        Self(std::sync::Arc::new(shared))
    }
}

/// What [`AppState`] holds.
pub struct Shared {
    /// The catalogue's gRPC client (connects lazily; reconnects on its own).
    pub catalogue: CatalogueServiceClient<Channel>,
    /// The auth service's gRPC client (connects lazily; reconnects on its own).
    pub auth: AuthServiceClient<Channel>,
    /// The fee oracle's gRPC client.
    pub fees: FeesServiceClient<Channel>,
    /// The wallet service's gRPC client, balanced over its replicas.
    pub wallet: WalletServiceClient<Channel>,
    /// The analytics service's gRPC client, when one is configured.
    pub analytics: Option<AnalyticsServiceClient<Channel>>,
    /// Every request's metrics and event.
    pub requests: crate::requests::RequestLog,
    /// Sessions' cookie, the Origin check and the sign-in rate limits.
    pub guards: crate::session::Guards,
    /// Answers of `GET /api/user`, kept a few seconds per session.
    pub users: crate::session::UserCache,
    /// Stamp files.
    pub content: ContentStore,
    /// NATS: readiness and the realtime values.
    pub nats: Nats,
    /// Cancelled when the gateway stops: long-lived responses (event streams) end then.
    pub closing: Shutdown,
    /// The catalogue's version as it changes (live answers follow it).
    pub versions: tokio::sync::watch::Receiver<u64>,
    /// Image work and live streams, bounded.
    pub limits: Limits,
    /// Assets' pictures from their enhanced asset information.
    pub pictures: crate::asset_info::AssetPictures,
    /// Whitelist answers, kept a few seconds.
    pub whitelists: crate::routes::mint::Whitelists,
    /// Where the site and the wallet app are reached.
    pub origins: crate::routes::origins::Origins,
}

/// Why the gateway could not start.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// Bad configuration (e.g. the catalogue URL).
    #[error("gateway config: {0}")]
    Config(String),
    /// NATS or the content store.
    #[error("gateway dependencies: {0}")]
    Dependency(String),
    /// Binding or serving HTTP.
    #[error("gateway http: {0}")]
    Serve(#[from] std::io::Error),
    /// Binding the metrics listener.
    #[error(transparent)]
    Metrics(#[from] stamps_platform::metrics::MetricsError),
}

/// A built gateway with its port bound.
pub struct Gateway {
    listener: TcpListener,
    router: axum::Router,
    limits: EdgeLimits,
    closing: Shutdown,
    /// The kept answers and the NATS connection their version is followed on.
    cache: (AnswerCache, Nats),
    /// The rate limits, whose idle keys are forgotten every minute.
    guards: crate::session::Guards,
    /// The users kept, following the announcements of their changes.
    users: crate::session::UserCache,
    /// The wallet app's listener, its origin and what it serves, when it is served.
    wallet_app: Option<(TcpListener, String, axum::Router)>,
    /// The metrics, served on their own listener.
    metrics: stamps_platform::metrics::ServiceMetrics,
    /// The request log and the queue of its events, published while the gateway runs.
    requests: (crate::requests::RequestLog, Option<crate::requests::Notes>),
}

/// Where the site is reached from browsers: the configured origins, else its bound address (on the loopback
/// address also as `localhost`).
fn site_origins(configured: &[String], bound: SocketAddr) -> Vec<String> {
    if !configured.is_empty() {
        return configured.to_vec();
    }
    let mut origins = vec![format!("http://{bound}")];
    if bound.ip().is_loopback() {
        origins.push(format!("http://localhost:{}", bound.port()));
    }
    origins
}

/// Connects to NATS, prepares the catalogue client and binds the HTTP port.
pub async fn build(config: &GatewayConfig, nats: &NatsConfig) -> Result<Gateway, GatewayError> {
    let endpoint = Endpoint::from_shared(config.catalogue_url.clone())
        .map_err(|e| GatewayError::Config(format!("catalogue_url: {e}")))?
        .connect_timeout(std::time::Duration::from_secs(2))
        .timeout(std::time::Duration::from_secs(10));
    let auth = Endpoint::from_shared(config.auth_url.clone())
        .map_err(|e| GatewayError::Config(format!("auth_url: {e}")))?
        .connect_timeout(std::time::Duration::from_secs(2))
        .timeout(std::time::Duration::from_secs(10));
    let fees = Endpoint::from_shared(config.fees_url.clone())
        .map_err(|e| GatewayError::Config(format!("fees_url: {e}")))?
        .connect_timeout(std::time::Duration::from_secs(2))
        .timeout(std::time::Duration::from_secs(10));
    if config.wallet_urls.is_empty() {
        return Err(GatewayError::Config("wallet_urls: at least one".into()));
    }
    let wallets = config
        .wallet_urls
        .iter()
        .map(|url| {
            Endpoint::from_shared(url.clone())
                .map_err(|e| GatewayError::Config(format!("wallet_urls: {e}")))
                .map(|e| {
                    e.connect_timeout(std::time::Duration::from_secs(2))
                        .timeout(std::time::Duration::from_secs(20))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let analytics = match config.analytics_url.trim() {
        "" => None,
        url => Some(AnalyticsServiceClient::new(
            Endpoint::from_shared(url.to_owned())
                .map_err(|e| GatewayError::Config(format!("analytics_url: {e}")))?
                .connect_timeout(std::time::Duration::from_secs(2))
                .timeout(std::time::Duration::from_secs(10))
                .connect_lazy(),
        )),
    };
    let mut metrics =
        stamps_platform::metrics::ServiceMetrics::bind("gateway", config.metrics_listen.as_deref())
            .await?;
    let (requests, notes) = crate::requests::RequestLog::new(&config.analytics, metrics.registry());
    let nats = Nats::connect(nats)
        .await
        .map_err(|e| GatewayError::Dependency(e.to_string()))?;
    let content = ContentStore::open(&nats)
        .await
        .map_err(|e| GatewayError::Dependency(e.to_string()))?;
    let listener = TcpListener::bind(&config.listen).await?;
    let site = site_origins(&config.session.site_origins, listener.local_addr()?);
    let wallet_listener = match config.wallet_app.listen.trim() {
        "" => None,
        listen => {
            let bound = TcpListener::bind(listen).await?;
            let origin = match config.wallet_app.origin.trim().trim_end_matches('/') {
                "" => format!("http://{}", bound.local_addr()?),
                origin => origin.to_owned(),
            };
            Some((bound, origin))
        }
    };
    // The wallet app changes accounts from its own origin too (when origins are listed; else each listener's
    // own origin is accepted).
    let mut session = config.session.clone();
    if let Some((_, origin)) = &wallet_listener
        && !session.site_origins.is_empty()
    {
        session.site_origins.push(origin.clone());
    }
    let closing = Shutdown::new();
    let cache = AnswerCache::new(config.cache_bytes);
    let state = AppState::new(Shared {
        versions: cache.versions(),
        catalogue: CatalogueServiceClient::new(endpoint.connect_lazy()),
        auth: AuthServiceClient::new(auth.connect_lazy()),
        fees: FeesServiceClient::new(fees.connect_lazy()),
        wallet: WalletServiceClient::new(Channel::balance_list(wallets.into_iter())),
        analytics,
        requests: requests.clone(),
        guards: crate::session::Guards::new(&session),
        users: crate::session::UserCache::new(config.session.user_cache_ms),
        content,
        nats,
        closing: closing.clone(),
        limits: Limits::new(&config.limits),
        pictures: crate::asset_info::AssetPictures::new(&config.asset_info)
            .map_err(GatewayError::Config)?,
        whitelists: Default::default(),
        origins: crate::routes::origins::Origins {
            site: site.clone(),
            wallet: wallet_listener.as_ref().map(|(_, origin)| origin.clone()),
        },
    });
    let cache_follow = (cache.clone(), state.nats.clone());
    let guards = state.guards.clone();
    let users = state.users.clone();
    let kept = (config.cache_bytes > 0).then_some(cache);
    let router = crate::routes::router(
        state.clone(),
        &config.static_dir,
        kept.clone(),
        App::Site {
            wallet_origin: wallet_listener.as_ref().map(|(_, origin)| origin.as_str()),
        },
    );
    let wallet_app = wallet_listener.map(|(listener, origin)| {
        let router = crate::routes::router(
            state,
            &config.wallet_app.static_dir,
            kept,
            App::Wallet {
                site_origins: &site,
            },
        );
        (listener, origin, router)
    });
    Ok(Gateway {
        listener,
        router,
        limits: config.limits.clone(),
        closing,
        cache: cache_follow,
        guards,
        users,
        wallet_app,
        metrics,
        requests: (requests, notes),
    })
}

impl Gateway {
    /// The bound address.
    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The wallet app's origin, when it is served.
    pub fn wallet_origin(&self) -> Option<&str> {
        self.wallet_app
            .as_ref()
            .map(|(_, origin, _)| origin.as_str())
    }

    /// Where the metrics are served, when they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.addr()
    }

    /// Request events dropped so far (the queue full, or NATS not taking them).
    pub fn request_log(&self) -> crate::requests::RequestLog {
        self.requests.0.clone()
    }

    /// Serves until `shutdown`, then finishes in-flight requests.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> Result<(), GatewayError> {
        tracing::info!(addr = %self.addr()?, "gateway listening");
        let closing = self.closing.clone();
        let metrics = self.metrics.serve(closing.clone());
        // Events are published until the listeners have finished their last requests.
        let publishing_stop = Shutdown::new();
        let publishing = self.requests.1.map(|notes| {
            tokio::spawn(self.requests.0.clone().publish_forever(
                notes,
                self.cache.1.clone(),
                publishing_stop.clone(),
            ))
        });
        let (cache, nats) = self.cache;
        tokio::spawn(self.users.follow(nats.clone(), closing.clone()));
        tokio::spawn(cache.follow(nats, closing.clone()));
        let (guards, forgetting) = (self.guards.clone(), closing.clone());
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = forgetting.cancelled() => return,
                    _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => guards.forget_idle(),
                }
            }
        });
        let stopped = async move {
            shutdown.cancelled().await;
            closing.cancel();
        };
        let wallet_closing = self.closing.clone().cancelled_owned();
        let limits = &self.limits;
        let wallet_app = async move {
            if let Some((listener, origin, router)) = self.wallet_app {
                tracing::info!(%origin, "wallet app listening");
                crate::serve::serve(listener, router, limits, wallet_closing).await;
            }
        };
        tokio::join!(
            crate::serve::serve(self.listener, self.router, &self.limits, stopped),
            wallet_app
        );
        publishing_stop.cancel();
        if let Some(publishing) = publishing {
            let _ = publishing.await;
        }
        let _ = metrics.await;
        Ok(())
    }
}
