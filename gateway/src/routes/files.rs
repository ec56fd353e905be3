//! `/s/{cpid}`: a stamp's file with its MIME type, cached forever (a stamp's file never changes).

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::{ApiError, ErrorBody};
use crate::routes::stamps::fetch_stamp;
use crate::state::AppState;

/// The policy for HTML stamps: they run only sandboxed, may load other stamps from this origin, and nothing
/// from elsewhere.
const HTML_CSP: &str = "sandbox allow-scripts; default-src 'self' data: blob:; script-src 'self' 'unsafe-inline' \
                        data: blob:; style-src 'self' 'unsafe-inline' data:; connect-src 'self'; form-action 'none'";

/// File routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/s/{cpid}", get(file))
}

#[utoipa::path(get, path = "/s/{cpid}", tag = "stamps", params(("cpid" = String, Path)), responses((status = 200, description = "the stamp's file with its MIME type, cached immutably"), (status = 404, description = "404 - Stamp not found.", body = ErrorBody)))]
pub(crate) async fn file(
    State(state): State<AppState>,
    Path(cpid): Path<String>,
) -> Result<Response, ApiError> {
    let stamp = fetch_stamp(&state, cpid).await?;
    if stamp.file_sha256.is_empty() {
        return Err(ApiError::NotFound(
            "this stamp has no decodable file".into(),
        ));
    }
    let bytes = state
        .content
        .get(&stamp.file_sha256)
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?
        .ok_or_else(|| {
            ApiError::Internal(format!(
                "file {} missing from the content store",
                stamp.file_sha256
            ))
        })?;
    let mime = HeaderValue::from_str(&stamp.mimetype)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let mut response = (
        [
            (header::CONTENT_TYPE, mime),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
        ],
        bytes,
    )
        .into_response();
    if stamp.mimetype.starts_with("text/html") || stamp.mimetype.starts_with("image/svg") {
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(HTML_CSP),
        );
    }
    Ok(response)
}
