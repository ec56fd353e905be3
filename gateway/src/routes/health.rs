//! `/healthz` (the process answers) and `/readyz` (its dependencies answer).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use stamps_proto::catalogue::v1::SearchStampsRequest;

use crate::app_state::AppState;
use crate::error::ApiError;

/// Health routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
}

async fn ready(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    if state.nats.client.connection_state() != async_nats::connection::State::Connected {
        return Err(ApiError::Unavailable("nats disconnected".into()));
    }
    let mut catalogue = state.catalogue.clone();
    catalogue
        .search_stamps(SearchStampsRequest {
            limit: 1,
            ..SearchStampsRequest::default()
        })
        .await
        .map_err(|s| ApiError::Unavailable(format!("catalogue: {}", s.message())))?;
    Ok(Json(json!({ "status": "ready" })))
}
