//! The HTTP routes: one module per resource, each with its `router()` of documented handlers, assembled here
//! into the API ([`api`], served under [`API`]), the stamps' files, health and the single-page app.

pub mod account;
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
pub mod log;
pub mod mint;
pub mod openapi;
pub mod origins;
pub mod paging;
pub mod preview;
pub mod profile;
pub mod query;
pub mod realtime;
pub mod src20;
pub mod stamps;
pub mod wallet;
pub mod xcp;

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::app_state::AppState;
use crate::cache::AnswerCache;
use crate::edge;
use crate::error::ApiError;

/// Where the API is served.
pub const API: &str = "/api";

/// The largest request body: a new stamp's file (at most 64,000 bytes) in base64, with its JSON.
pub const MAX_BODY: usize = 96 * 1024;

/// The API's routes, each with its OpenAPI operation (a route's path is its handler's annotation's), as served
/// under [`API`]: the router serves them, the document lists them.
pub fn api() -> OpenApiRouter<AppState> {
    public_api()
        .merge(account::router())
        .merge(wallet::router())
        .merge(mint::router())
        .merge(origins::router())
        .merge(log::router())
}

/// The routes whose answers are the same for everyone, and so may be kept ([`crate::cache`]).
fn public_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
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
        .merge(wallet::items_router())
}

/// Which app a listener serves besides the API.
pub enum App<'a> {
    /// The site.
    Site {
        /// The wallet app's origin, which the site may frame.
        wallet_origin: Option<&'a str>,
    },
    /// The wallet app.
    Wallet {
        /// The only origins that may frame it.
        site_origins: &'a [String],
    },
}

/// The whole application: `/api/*`, `/s/*`, health, and the app `static_dir` holds (the site or the wallet app)
/// for everything else.
pub fn router(
    state: AppState,
    static_dir: &Path,
    cache: Option<AnswerCache>,
    app: App<'_>,
) -> Router {
    let (api, _) = public_api().split_for_parts();
    // A session's answers (its user, fresh challenges) are never kept.
    let (private, _) = account::router()
        .merge(wallet::router())
        .merge(mint::router())
        .merge(origins::router())
        .merge(log::router())
        .split_for_parts();
    // Answers (and stamps' files and drawn images) are kept until the catalogue changes (see `cache`), and
    // compressed for clients that accept gzip. Input is checked before the cache sees a request.
    let (files, _) = files::router().split_for_parts();
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
    let api = api
        .merge(private)
        .fallback(|| async { ApiError::NotFound("no such API endpoint".into()) })
        .layer(axum::middleware::from_fn_with_state(
            state.guards.clone(),
            crate::session::check_origin,
        ));
    // Failures are put in the JSON shape before compression (and again at the top, for the layers above).
    let check = axum::middleware::from_fn(edge::check_input);
    let json_errors = axum::middleware::from_fn(edge::json_errors);
    let api = api
        .layer(check.clone())
        .layer(json_errors.clone())
        .layer(tower_http::compression::CompressionLayer::new());
    let files = files
        .layer(check)
        .layer(json_errors)
        .layer(tower_http::compression::CompressionLayer::new());
    // The app's files: served as the build precompressed them (Brotli, else gzip, else as is). Hashed bundles
    // never change, so browsers keep them (a missing one is not kept: see `edge::app_headers`); every other path
    // is the app's page, checked again each visit, under the app's policy.
    let listener = match app {
        App::Site { .. } => crate::requests::Listener::Site,
        App::Wallet { .. } => crate::requests::Listener::Wallet,
    };
    let requests = state.requests.clone();
    let index = std::fs::read_to_string(static_dir.join("index.html")).unwrap_or_default();
    let policy = match app {
        App::Site { wallet_origin } => edge::AppPolicy {
            csp: edge::app_csp(&index, wallet_origin),
            framed: false,
        },
        App::Wallet { site_origins } => edge::AppPolicy {
            csp: edge::wallet_csp(site_origins),
            framed: true,
        },
    };
    let app_headers = axum::middleware::from_fn_with_state(policy, edge::app_headers);
    let bundles = tower::ServiceBuilder::new()
        .layer(app_headers.clone())
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
        .layer(app_headers)
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
    let request_timeout = state.limits.request_timeout;
    Router::new()
        .nest(API, api)
        .merge(files)
        .merge(health::router())
        .with_state(state)
        .nest_service("/assets", bundles)
        .fallback_service(spa)
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(edge::json_errors))
        .layer(axum::middleware::from_fn(edge::common_headers))
        // Outermost: the latency counted is the whole answer's, and every answer is counted.
        .layer(axum::middleware::from_fn_with_state(
            (requests, listener),
            crate::requests::record,
        ))
}
