//! `/api/realtime`: the live values (the `realtime` key-value bucket: `cpVersion`, and what other services
//! publish there) as Server-Sent Events. A client first gets every key's current value, then each change,
//! one event per value named after its key with the JSON value as data.

use std::convert::Infallible;

use async_nats::jetstream::kv::Operation;
use axum::Router;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use futures::{Stream, StreamExt};

use crate::error::ApiError;
use crate::state::AppState;

/// The realtime route.
pub fn router() -> Router<AppState> {
    Router::new().route("/realtime", get(realtime))
}

#[utoipa::path(get, path = "/api/realtime", tag = "realtime", responses((status = 200, description = "Server-Sent Events: one per live value, named after its key, with its JSON value as data; current values first", content_type = "text/event-stream", body = String)))]
pub(crate) async fn realtime(
    State(state): State<AppState>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let kv = state
        .nats
        .realtime()
        .await
        .map_err(|e| ApiError::Unavailable(format!("realtime values: {e}")))?;
    let watch = kv
        .watch_with_history(">")
        .await
        .map_err(|e| ApiError::Unavailable(format!("realtime values: {e}")))?;
    let events = watch
        .filter_map(|entry| async move {
            let entry = entry.ok()?;
            if entry.operation != Operation::Put {
                return None;
            }
            let data = String::from_utf8(entry.value.to_vec()).ok()?;
            Some(Ok(Event::default().event(entry.key).data(data)))
        })
        // Long-lived responses end when the gateway stops, so that its graceful shutdown does not wait on them.
        .take_until(state.closing.clone().cancelled_owned());
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
