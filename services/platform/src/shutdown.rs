//! Graceful shutdown: one cancellation token per process, cancelled by SIGINT or SIGTERM.

pub use tokio_util::sync::CancellationToken as Shutdown;

/// Completes when the process receives SIGINT or SIGTERM.
pub async fn signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(
            tokio::signal::unix::SignalKind::terminate(),
        ) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; only SIGINT stops the process");
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

/// A token that is cancelled when a signal arrives.
pub fn on_signal() -> Shutdown {
    let token = Shutdown::new();
    let child = token.clone();
    tokio::spawn(async move {
        signal().await;
        tracing::info!("shutdown signal received");
        child.cancel();
    });
    token
}
