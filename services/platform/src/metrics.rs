//! Prometheus metrics: a service registers its metrics in a [`Registry`] and serves them, in the Prometheus
//! text format, at `/metrics` on its own listener (with `/healthz` beside it).

use std::sync::Arc;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
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
