//! Connections: accepted up to a cap, each served by hyper with a deadline for its request head (which is also
//! its idle timeout between requests), and on shutdown every connection finishes its request in flight and
//! closes. Each connection's requests carry its peer address (`ConnectInfo`), which per-client limits count by.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::config::EdgeLimits;

/// Serves `router` on `listener` within `limits` until `stopped` completes, then waits for open connections to
/// finish their requests in flight.
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: &EdgeLimits,
    stopped: impl Future<Output = ()>,
) {
    let max = limits
        .max_connections
        .clamp(1, Semaphore::MAX_PERMITS.min(u32::MAX as usize));
    let connections = Arc::new(Semaphore::new(max));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(limits.header_read_timeout_ms.max(1)));
    let closing = tokio_util::sync::CancellationToken::new();
    let mut stopped = std::pin::pin!(stopped);
    loop {
        // At the cap, no connection is accepted until one closes (new ones wait in the listen backlog).
        let permit = tokio::select! {
            () = &mut stopped => break,
            permit = connections.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let (stream, peer) = tokio::select! {
            () = &mut stopped => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, or a connection reset before it was accepted: go on shortly.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let service =
            router
                .clone()
                .map_request(move |mut request: axum::http::Request<Incoming>| {
                    request
                        .extensions_mut()
                        .insert(ConnectInfo::<SocketAddr>(peer));
                    request
                });
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let closing = closing.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(error = %e, %peer, "connection ended");
                    }
                }
                () = closing.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    closing.cancel();
    // Every connection holds a permit until it ends.
    let _ = connections
        .acquire_many_owned(u32::try_from(max).unwrap_or(u32::MAX))
        .await;
}
