//! `ApiError`: every failure a handler can return, the one mapping of a service's gRPC status to it, and its
//! answer: a status and a JSON body `{"error": "..."}` (internal details are logged, never sent).

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every failed request.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, for people.
    pub error: String,
}

/// A failed API request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed: 400 with the reason.
    #[error("{0}")]
    BadRequest(String),
    /// Not signed in (or the session ended): 401 with the text.
    #[error("{0}")]
    Unauthorized(String),
    /// Signed in but not allowed, or not from the site: 403 with the text.
    #[error("{0}")]
    Forbidden(String),
    /// The request conflicts with what exists (a name taken, an address held): 409 with the text.
    #[error("{0}")]
    Conflict(String),
    /// Nothing there: 404 with the given text.
    #[error("{0}")]
    NotFound(String),
    /// The resource exists but cannot be given in the form asked for: 415 with the reason.
    #[error("{0}")]
    Unsupported(String),
    /// A dependency is down: 503.
    #[error("{0}")]
    Unavailable(String),
    /// The gateway is at a limit of its own (image work, live streams): 503 with `Retry-After`, seconds.
    #[error("busy: {0}")]
    Busy(&'static str, u64),
    /// One client holds too much (live streams): 429 with `Retry-After`, seconds.
    #[error("too many: {0}")]
    TooMany(&'static str, u64),
    /// Anything else: 500, details logged only.
    #[error("internal: {0}")]
    Internal(String),
}

/// The text of a NOT_FOUND status for a resource whose answer names no text of its own.
pub const NOT_FOUND: &str = "not found";

impl ApiError {
    /// Maps a gRPC status from a backing service; `not_found` is the text for NOT_FOUND.
    fn from_status(status: tonic::Status, not_found: &str) -> Self {
        match status.code() {
            tonic::Code::NotFound => ApiError::NotFound(not_found.to_owned()),
            tonic::Code::InvalidArgument => ApiError::BadRequest(status.message().to_owned()),
            tonic::Code::Unauthenticated => ApiError::Unauthorized(status.message().to_owned()),
            tonic::Code::PermissionDenied => ApiError::Forbidden(status.message().to_owned()),
            tonic::Code::AlreadyExists | tonic::Code::FailedPrecondition => {
                ApiError::Conflict(status.message().to_owned())
            }
            tonic::Code::Unavailable | tonic::Code::DeadlineExceeded => {
                ApiError::Unavailable(format!("service unavailable: {}", status.message()))
            }
            _ => ApiError::Internal(status.to_string()),
        }
    }
}

/// A status from a backing service, NOT_FOUND being [`NOT_FOUND`]: what `?` gives on a gRPC call.
impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        ApiError::from_status(status, NOT_FOUND)
    }
}

/// A gRPC call's failure as an [`ApiError`] whose 404 names the resource.
pub trait OrNotFound<T> {
    /// The answer, or the failure mapped as by `From<tonic::Status>` but with `text` for NOT_FOUND.
    fn or_not_found(self, text: &str) -> Result<T, ApiError>;
}

impl<T> OrNotFound<T> for Result<T, tonic::Status> {
    fn or_not_found(self, text: &str) -> Result<T, ApiError> {
        self.map_err(|status| ApiError::from_status(status, text))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = match &self {
            ApiError::Busy(_, s) | ApiError::TooMany(_, s) => Some(*s),
            _ => None,
        };
        let (code, message) = match &self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m.clone()),
            ApiError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m.clone()),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, m.clone()),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, m.clone()),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m.clone()),
            ApiError::Unsupported(m) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, m.clone()),
            ApiError::Unavailable(m) => {
                tracing::warn!(reason = %m, "dependency unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "service temporarily unavailable".to_owned(),
                )
            }
            ApiError::Busy(m, _) => (StatusCode::SERVICE_UNAVAILABLE, (*m).to_owned()),
            ApiError::TooMany(m, _) => (StatusCode::TOO_MANY_REQUESTS, (*m).to_owned()),
            ApiError::Internal(m) => {
                tracing::error!(reason = %m, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error".to_owned(),
                )
            }
        };
        let mut response = (code, Json(ErrorBody { error: message })).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
