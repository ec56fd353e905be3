//! The HTTP routes: one module per resource, each with its own `router()`.

pub mod assets;
pub mod autocomplete;
pub mod cards;
pub mod collections;
pub mod curation;
pub mod detail;
pub mod fairminters;
pub mod files;
pub mod health;
pub mod home;
pub mod launchpads;
pub mod leaderboard;
pub mod openapi;
pub mod paging;
pub mod preview;
pub mod profile;
pub mod realtime;
pub mod src20;
pub mod stamps;
pub mod xcp;

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, header};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::cache::AnswerCache;
use crate::error::ApiError;
use crate::state::AppState;

/// The whole application: `/api/*`, `/s/*`, health, and the SPA for everything else.
pub fn router(state: AppState, static_dir: &Path, cache: Option<AnswerCache>) -> Router {
    let api = Router::new()
        .merge(stamps::router())
        .merge(detail::router())
        .merge(autocomplete::router())
        .merge(realtime::router())
        .merge(fairminters::router())
        .merge(leaderboard::router())
        .merge(home::router())
        .merge(profile::router())
        .merge(openapi::router())
        .merge(src20::router())
        .merge(collections::router())
        .merge(launchpads::router())
        .merge(xcp::router())
        .merge(preview::router())
        .merge(curation::router())
        .merge(assets::router())
        .fallback(|| async { ApiError::NotFound("no such API endpoint".into()) });
    // Answers (and stamps' files and drawn images) are kept until the catalogue changes (see `cache`), and
    // compressed for clients that accept gzip.
    let files = files::router();
    let (api, files) = match cache {
        Some(cache) => (
            api.layer(axum::middleware::from_fn_with_state(
                cache.clone(),
                crate::cache::layer,
            )),
            files.layer(axum::middleware::from_fn_with_state(
                cache,
                crate::cache::layer,
            )),
        ),
        None => (api, files),
    };
    let api = api.layer(tower_http::compression::CompressionLayer::new());
    let files = files.layer(tower_http::compression::CompressionLayer::new());
    // The app's files: served as the build precompressed them (Brotli, else gzip, else as is). Hashed bundles
    // never change, so browsers keep them; every other path is the app's page, checked again each visit.
    let bundles = tower::ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .service(
            ServeDir::new(static_dir.join("assets"))
                .precompressed_br()
                .precompressed_gzip(),
        );
    let spa = tower::ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .service(
            ServeDir::new(static_dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(
                    ServeFile::new(static_dir.join("index.html"))
                        .precompressed_br()
                        .precompressed_gzip(),
                ),
        );
    Router::new()
        .nest("/api", api)
        .merge(files)
        .merge(health::router())
        .with_state(state)
        .nest_service("/assets", bundles)
        .fallback_service(spa)
        .layer(tower_http::limit::RequestBodyLimitLayer::new(64 * 1024))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
}
