//! Prometheus metrics: a service registers its metrics in a [`Registry`] and serves them, in the Prometheus
//! text format, at `/metrics` on its own listener (with `/healthz` beside it).

use std::sync::Arc;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
pub use prometheus_client::registry::Registry;

use crate::shutdown::Shutdown;

/// The content type of the text exposition format.
const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Serves `registry` on `listener` until `shutdown`.
pub async fn serve(listener: tokio::net::TcpListener, registry: Arc<Registry>, shutdown: Shutdown) {
    let app = axum::Router::new()
        .route(
            "/metrics",
            get(move || {
                let registry = registry.clone();
                async move { render(&registry) }
            }),
        )
        .route("/healthz", get(|| async { "ok" }));
    let stopped = async move { shutdown.cancelled().await };
    let listener =
        axum::serve::ListenerExt::tap_io(listener, |stream: &mut tokio::net::TcpStream| {
            let _ = stream.set_nodelay(true);
        });
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(stopped)
        .await
    {
        tracing::warn!(error = %e, "metrics listener failed");
    }
}

fn render(registry: &Registry) -> axum::response::Response {
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, registry) {
        Ok(()) => ([(header::CONTENT_TYPE, CONTENT_TYPE)], text).into_response(),
        Err(e) => (
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("encoding metrics: {e}"),
        )
            .into_response(),
    }
}

/// A service's metrics, all named `stamps_<service>_...`: those every service keeps (its gRPC requests, the
/// lag of its consumers, its outbox's backlog) and its own, served on its own listener when one is configured.
pub struct ServiceMetrics {
    registry: Registry,
    listener: Option<tokio::net::TcpListener>,
    /// gRPC requests, their latencies and their failures.
    pub grpc: GrpcMetrics,
    /// Messages each consumer has still to apply.
    pub consumer_lag: Family<ConsumerLabels, Gauge>,
    /// Messages each consumer applied.
    pub consumer_applied: Family<ConsumerLabels, Counter>,
    /// Outbox rows not yet published.
    pub outbox_backlog: Gauge,
}

/// Why the metrics listener could not be bound.
#[derive(Debug, thiserror::Error)]
#[error("metrics listener on {listen}: {source}")]
pub struct MetricsError {
    listen: String,
    source: std::io::Error,
}

/// A consumer's label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ConsumerLabels {
    /// The durable consumer's name.
    pub consumer: String,
}

/// A gRPC method's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct MethodLabels {
    /// The method (`GetStamp`).
    pub method: String,
}

/// A gRPC answer's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct AnswerLabels {
    /// The method (`GetStamp`).
    pub method: String,
    /// The gRPC status code (`0` is OK).
    pub code: String,
}

impl ServiceMetrics {
    /// The metrics of `service` (`catalogue`), bound to `listen` when given (port 0 picks one).
    pub async fn bind(service: &str, listen: Option<&str>) -> Result<Self, MetricsError> {
        let listener = match listen.map(str::trim).filter(|l| !l.is_empty()) {
            Some(listen) => Some(tokio::net::TcpListener::bind(listen).await.map_err(
                |source| MetricsError {
                    listen: listen.to_owned(),
                    source,
                },
            )?),
            None => None,
        };
        let mut registry = Registry::with_prefix(format!("stamps_{service}"));
        let grpc = GrpcMetrics::default();
        registry.register(
            "grpc_requests",
            "gRPC requests answered, by method and status code",
            grpc.answers.clone(),
        );
        registry.register(
            "grpc_errors",
            "gRPC requests answered with a status other than OK, by method",
            grpc.errors.clone(),
        );
        registry.register(
            "grpc_request_duration_seconds",
            "Time from a gRPC request to its answer's head, by method",
            grpc.latency.clone(),
        );
        let consumer_lag = Family::<ConsumerLabels, Gauge>::default();
        registry.register(
            "consumer_lag_messages",
            "Messages of its stream each consumer has still to apply",
            consumer_lag.clone(),
        );
        let consumer_applied = Family::<ConsumerLabels, Counter>::default();
        registry.register(
            "consumer_applied_messages",
            "Messages each consumer applied",
            consumer_applied.clone(),
        );
        let outbox_backlog = Gauge::default();
        registry.register(
            "outbox_backlog_rows",
            "Outbox rows not yet published",
            outbox_backlog.clone(),
        );
        Ok(Self {
            registry,
            listener,
            grpc,
            consumer_lag,
            consumer_applied,
            outbox_backlog,
        })
    }

    /// Where the metrics are served, when they are.
    pub fn addr(&self) -> Option<std::net::SocketAddr> {
        self.listener.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The registry, for the service's own metrics (registered before [`ServiceMetrics::serve`]).
    pub fn registry(&mut self) -> &mut Registry {
        &mut self.registry
    }

    /// What a consumer named `consumer` reports its progress to.
    pub fn consumer(&self, consumer: &str) -> ConsumerProgress {
        let labels = ConsumerLabels {
            consumer: consumer.to_owned(),
        };
        ConsumerProgress {
            lag: self.consumer_lag.get_or_create(&labels).clone(),
            applied: self.consumer_applied.get_or_create(&labels).clone(),
        }
    }

    /// Serves the metrics until `shutdown` (returns at once when no listener is configured).
    pub fn serve(self, shutdown: Shutdown) -> tokio::task::JoinHandle<()> {
        let Self {
            registry, listener, ..
        } = self;
        tokio::spawn(async move {
            if let Some(listener) = listener {
                serve(listener, Arc::new(registry), shutdown).await;
            }
        })
    }
}

/// Where a consumer reports its progress: how many messages it has still to apply, and how many it applied.
#[derive(Clone, Debug, Default)]
pub struct ConsumerProgress {
    /// Messages still to apply (the server's count of those pending after the last one delivered).
    pub lag: Gauge,
    /// Messages applied.
    pub applied: Counter,
}

/// A histogram of request latencies in seconds, as every service keeps them: 19 buckets from 50 µs to about 13 s.
pub fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.000_05, 2.0, 19))
}

/// gRPC requests, their latencies and their failures, by method.
#[derive(Clone)]
pub struct GrpcMetrics {
    answers: Family<AnswerLabels, Counter>,
    errors: Family<MethodLabels, Counter>,
    latency: Family<MethodLabels, Histogram>,
}

impl Default for GrpcMetrics {
    fn default() -> Self {
        Self {
            answers: Family::default(),
            errors: Family::default(),
            latency: Family::new_with_constructor(latency_histogram),
        }
    }
}

impl GrpcMetrics {
    /// A layer for a tonic server counting every request.
    pub fn layer(&self) -> GrpcLayer {
        GrpcLayer(self.clone())
    }

    fn record(&self, path: &str, code: &str, seconds: f64) {
        // `/stamps.catalogue.v1.CatalogueService/GetStamp` → `GetStamp`; anything else as one label.
        let method = path
            .rsplit_once('/')
            .map_or("unknown", |(_, m)| m)
            .chars()
            .take(64)
            .collect::<String>();
        self.answers
            .get_or_create(&AnswerLabels {
                method: method.clone(),
                code: code.to_owned(),
            })
            .inc();
        let labels = MethodLabels { method };
        if code != "0" {
            self.errors.get_or_create(&labels).inc();
        }
        self.latency.get_or_create(&labels).observe(seconds);
    }
}

/// The tower layer of [`GrpcMetrics::layer`].
#[derive(Clone)]
pub struct GrpcLayer(GrpcMetrics);

impl<S> tower::Layer<S> for GrpcLayer {
    type Service = GrpcCounted<S>;

    fn layer(&self, inner: S) -> Self::Service {
        GrpcCounted {
            inner,
            metrics: self.0.clone(),
        }
    }
}

/// A gRPC service whose requests are counted.
#[derive(Clone)]
pub struct GrpcCounted<S> {
    inner: S,
    metrics: GrpcMetrics,
}

impl<S, B, R> tower::Service<axum::http::Request<B>> for GrpcCounted<S>
where
    S: tower::Service<axum::http::Request<B>, Response = axum::http::Response<R>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    R: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = futures::future::BoxFuture<'static, Result<S::Response, S::Error>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: axum::http::Request<B>) -> Self::Future {
        let path = request.uri().path().to_owned();
        let metrics = self.metrics.clone();
        let started = std::time::Instant::now();
        let answer = self.inner.call(request);
        Box::pin(async move {
            let answer = answer.await;
            // A failure comes back with its status in the head (trailers-only); a success's status comes in
            // the trailers, after the body: a head without `grpc-status` is counted as OK.
            let code = match &answer {
                Ok(response) => response
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("0")
                    .to_owned(),
                Err(_) => "2".to_owned(),
            };
            metrics.record(&path, &code, started.elapsed().as_secs_f64());
            answer
        })
    }
}
