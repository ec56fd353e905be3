//! Answers of the read API kept in memory until the catalogue changes. Every answer is a function of the
//! catalogue's state, which changes only when it projects an event or runs a command; the catalogue then
//! publishes new versions under the live value `catalogue` (`{"version", "names", "people", "height"}`): `version`
//! for its content, `names` for users' display names as the screens not about people show them, `people` for
//! anything of a user. An answer's version is the content's, with `names` for the routes in [`NAMES_ROUTES`] and
//! `people` for those in [`PEOPLE_ROUTES`]: a wishlist toggle or a first sign-in leaves every answer not about
//! people valid. In what follows "the version" is an answer's version. An answer is kept under
//! its path and query with the version seen before it was asked for, stored only if that version is still
//! current when it arrives, and served only while it is: the cache never serves an answer older than the
//! version news, whatever the order in which answers and versions arrive. Concurrent requests for an answer
//! being made wait for it: one request per path and version reaches the catalogue.
//!
//! Only successful answers are kept, each with all its headers (a stamp's sandboxing policy travels with its
//! file). The key is made of what the handler reads: the route, its path parameters decoded, and the query
//! parameters its OpenAPI operation declares, decoded and sorted (the last of a repeated name, as the handlers
//! read it). Spellings of one request share one answer, and parameters no handler reads (refused under `/api`
//! before the cache) cannot make new keys.

use std::sync::Arc;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{FromRequestParts, MatchedPath, Query, RawPathParams, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use quick_cache::Weighter;
use quick_cache::sync::Cache;
use stamps_platform::nats::Nats;
use stamps_platform::shutdown::Shutdown;
use stamps_platform::versions::{CatalogueVersions, UNKNOWN};

/// The largest answer kept.
const MAX_ANSWER: usize = 2 * 1024 * 1024;

/// One kept answer, or the mark that an answer could not be kept (too large, or of unknown size): then each
/// request makes its own.
#[derive(Clone)]
struct Kept {
    headers: HeaderMap,
    body: Bytes,
    pass: bool,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<String, Arc<Kept>> for ByBytes {
    fn weight(&self, key: &String, value: &Arc<Kept>) -> u64 {
        let headers: usize = value
            .headers
            .iter()
            .map(|(name, value)| name.as_str().len() + value.len() + 16)
            .sum();
        (key.len() + value.body.len() + headers + 64) as u64
    }
}

/// Routes whose answers show users' display names or who holds an address: a stamp's creator, searches by
/// creator, collectors and leaderboards, the users of the search box.
pub const NAMES_ROUTES: &[&str] = &[
    "/api/stamp/{cpid}",
    "/api/asset/{cpid}",
    "/api/search",
    "/api/search/{q}",
    "/api/xcp/search",
    "/api/xcp/search/{q}",
    "/api/collection/{id}/collectors",
    "/api/collection/{id}/burned",
    "/api/leaderboard",
    "/api/xcp/leaderboard",
    "/api/autocomplete/{text}",
];

/// Routes whose answers are about people: profiles and wishlists.
pub const PEOPLE_ROUTES: &[&str] = &["/api/profile/{id}", "/api/user/wishlist/{user}"];

/// Routes whose answers show the pending view (what the mempool will do): what can be bought now, and what an
/// address holds or is about to.
pub const PENDING_ROUTES: &[&str] = &[
    "/api/wallet/buy/{hashes}",
    "/api/stamps/holders_addresses",
    "/api/profile/{id}",
    "/api/activity",
];

/// The kept answers and the catalogue version they must match.
#[derive(Clone)]
pub struct AnswerCache {
    answers: Arc<Cache<String, Arc<Kept>, ByBytes>>,
    versions: CatalogueVersions,
    /// Whether answers are kept at all (the version is followed either way).
    keeps: bool,
}

impl AnswerCache {
    /// A cache of at most `bytes` of answers (bodies and keys); none are kept when `bytes` is 0.
    pub fn new(bytes: u64) -> Self {
        // quick_cache sizes its table by an estimate of the number of items.
        let items = (bytes / 4096).max(64) as usize;
        Self {
            answers: Arc::new(Cache::with_weighter(items, bytes.max(1), ByBytes)),
            versions: CatalogueVersions::default(),
            keeps: bytes > 0,
        }
    }

    /// The catalogue's version as it changes (0 while unknown).
    pub fn versions(&self) -> tokio::sync::watch::Receiver<u64> {
        self.versions.subscribe()
    }

    /// The catalogue version answers are kept for now (0: none known, nothing is kept).
    pub fn version(&self) -> u64 {
        self.versions.version()
    }

    /// Records the catalogue's current version (its names and people following it).
    pub fn set_version(&self, version: u64) {
        self.set_versions(version, version, version);
    }

    /// Records the catalogue's current versions: of its content, of names and of people.
    pub fn set_versions(&self, version: u64, names: u64, people: u64) {
        self.versions.set(version, names, people);
    }

    /// The version of `route`'s answers now (None while the catalogue's is unknown).
    fn stamp(&self, route: &str) -> Option<String> {
        let version = self.version();
        if version == UNKNOWN {
            return None;
        }
        let mut stamp = format!("{version:016x}");
        if NAMES_ROUTES.contains(&route) {
            stamp.push_str(&format!("n{:016x}", self.versions.names()));
        }
        if PEOPLE_ROUTES.contains(&route) {
            stamp.push_str(&format!("p{:016x}", self.versions.people()));
        }
        if PENDING_ROUTES.contains(&route) {
            stamp.push_str(&format!("m{:016x}", self.versions.pending()));
        }
        Some(stamp)
    }

    /// The answer kept for `path` at the current version.
    #[cfg(test)]
    fn get(&self, path: &str) -> Option<Arc<Kept>> {
        let version = self.version();
        if version == UNKNOWN || !self.keeps {
            return None;
        }
        self.answers.get(&format!("{version:016x} {path}"))
    }

    /// Keeps `kept`, made at `version`, for `path` unless the version moved while it was being made.
    #[cfg(test)]
    fn put(&self, path: &str, version: u64, kept: Kept) {
        if self.keeps && version != UNKNOWN && version == self.version() {
            self.answers
                .insert(format!("{version:016x} {path}"), Arc::new(kept));
        }
    }

    /// Follows the catalogue's version in the `realtime` bucket until `shutdown`, watching again after a
    /// failure (and keeping nothing meanwhile).
    pub async fn follow(self, nats: Nats, shutdown: Shutdown) {
        self.versions.follow(nats, shutdown).await;
    }
}

/// Serves a GET from the cache when it can; otherwise asks the handlers and keeps a successful answer of a known
/// size (JSON, or a stamp's file or drawn image) with its headers. Requests for the same answer while it is being
/// made wait for it instead of making it again (one request per key and version reaches the catalogue). Event
/// streams, routes without a match and anything but GET pass through.
pub async fn layer(State(cache): State<AnswerCache>, request: Request, next: Next) -> Response {
    if request.method() != Method::GET || request.uri().path().contains("/realtime") {
        return next.run(request).await;
    }
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_owned())
        .unwrap_or_default();
    let version = match cache.stamp(&route) {
        Some(version) if cache.keeps => version,
        _ => return next.run(request).await,
    };
    let (mut parts, body) = request.into_parts();
    let key = answer_key(&mut parts).await;
    let request = Request::from_parts(parts, body);
    // The version is part of the key: an answer of an earlier version is never found.
    let Some(key) = key else {
        return next.run(request).await;
    };
    let key = format!("{version} {key}");
    let guard = match cache.answers.get_value_or_guard_async(&key).await {
        Ok(kept) if kept.pass => return next.run(request).await,
        Ok(kept) => return answer(&kept),
        Err(guard) => guard,
    };
    let response = next.run(request).await;
    if response.status() != StatusCode::OK {
        // Only successes are kept: a failure or a refusal is made again by the next request.
        return response;
    }
    let size = response.body().size_hint();
    let keepable = response.headers().contains_key(header::CONTENT_TYPE)
        && size.upper() == Some(size.lower())
        && size.lower() <= MAX_ANSWER as u64;
    if !keepable {
        if cache.stamp(&route).as_ref() == Some(&version) {
            let _ = guard.insert(Arc::new(Kept {
                headers: HeaderMap::new(),
                body: Bytes::new(),
                pass: true,
            }));
        }
        return response;
    }
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, MAX_ANSWER).await {
        Ok(body) => {
            // Kept only if the catalogue did not move while the answer was made.
            if cache.stamp(&route).as_ref() == Some(&version) {
                let mut headers = parts.headers.clone();
                headers.remove(header::CONTENT_LENGTH);
                headers.remove(header::TRANSFER_ENCODING);
                let _ = guard.insert(Arc::new(Kept {
                    headers,
                    body: body.clone(),
                    pass: false,
                }));
            }
            Response::from_parts(parts, Body::from(body))
        }
        Err(e) => {
            tracing::warn!(error = %e, "answer body failed");
            crate::error::ApiError::Internal(format!("answer body: {e}")).into_response()
        }
    }
}

/// The key of a request's answer: its route, its path parameters decoded, and the query parameters its
/// operation declares, decoded and sorted. None for a request no route matched (it is not kept).
async fn answer_key(parts: &mut axum::http::request::Parts) -> Option<String> {
    let route = parts.extensions.get::<MatchedPath>()?.as_str().to_owned();
    let path = RawPathParams::from_request_parts(parts, &()).await.ok()?;
    let declared = crate::routes::openapi::declared_query(&route);
    let mut query: Vec<(String, String)> = Vec::new();
    if let Some(declared) = declared.filter(|d| !d.is_empty()) {
        let Query(pairs) = Query::<Vec<(String, String)>>::try_from_uri(&parts.uri).ok()?;
        for (name, value) in pairs {
            if !declared.contains(&name) {
                continue;
            }
            // The last of a repeated name wins, as in the handlers' maps.
            query.retain(|(n, _)| *n != name);
            query.push((name, value));
        }
        query.sort();
    }
    let path: Vec<(&str, &str)> = path.iter().collect();
    serde_json::to_string(&(route.as_str(), path, query)).ok()
}

fn answer(kept: &Kept) -> Response {
    let mut response = Body::from(kept.body.clone()).into_response();
    *response.headers_mut() = kept.headers.clone();
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(body: &'static str) -> Kept {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            axum::http::HeaderValue::from_static("application/json"),
        );
        Kept {
            headers,
            body: Bytes::from_static(body.as_bytes()),
            pass: false,
        }
    }

    #[test]
    fn an_answer_is_served_only_at_the_version_it_was_made_for() {
        let cache = AnswerCache::new(1 << 20);
        cache.put("/api/home", 7, kept("{}"));
        assert!(cache.get("/api/home").is_none(), "no version known yet");
        cache.set_version(7);
        cache.put("/api/home", 7, kept("{\"a\":1}"));
        assert_eq!(
            cache.get("/api/home").map(|k| k.body.clone()),
            Some(Bytes::from_static(b"{\"a\":1}"))
        );
        cache.set_version(8);
        assert!(cache.get("/api/home").is_none(), "the catalogue moved on");
        // An answer made before the move arrives after it: it is not kept.
        cache.put("/api/search", 7, kept("[]"));
        cache.set_version(7);
        assert!(cache.get("/api/search").is_none());
    }

    #[test]
    fn a_change_of_people_leaves_the_answers_not_about_people() {
        let cache = AnswerCache::new(1 << 20);
        cache.set_versions(5, 1, 1);
        let (home, stamp, profile) = (
            cache.stamp("/api/home"),
            cache.stamp("/api/stamp/{cpid}"),
            cache.stamp("/api/profile/{id}"),
        );
        // A wishlist toggle: people only.
        cache.set_versions(5, 1, 2);
        assert_eq!(cache.stamp("/api/home"), home);
        assert_eq!(cache.stamp("/api/stamp/{cpid}"), stamp);
        assert_ne!(cache.stamp("/api/profile/{id}"), profile);
        // A new display name: the screens that show names too, never the others.
        cache.set_versions(5, 2, 3);
        assert_eq!(cache.stamp("/api/home"), home);
        assert_ne!(cache.stamp("/api/stamp/{cpid}"), stamp);
        // A block: everything.
        cache.set_versions(6, 2, 3);
        assert_ne!(cache.stamp("/api/home"), home);
    }

    #[test]
    fn the_routes_of_names_and_people_are_routes_of_the_api() {
        let doc = crate::routes::openapi::generated();
        for route in NAMES_ROUTES.iter().chain(PEOPLE_ROUTES) {
            assert!(
                doc.paths.paths.contains_key(*route),
                "{route} is no route of the API"
            );
        }
    }

    #[test]
    fn a_cache_of_no_bytes_keeps_nothing_but_follows_the_version() {
        let cache = AnswerCache::new(0);
        let versions = cache.versions();
        cache.set_version(9);
        cache.put("/api/home", 9, kept("{}"));
        assert!(cache.get("/api/home").is_none());
        assert_eq!(*versions.borrow(), 9);
    }

    #[tokio::test]
    async fn concurrent_requests_for_one_answer_make_it_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::time::Duration;
        use tower::ServiceExt;
        let made = Arc::new(AtomicUsize::new(0));
        let cache = AnswerCache::new(1 << 20);
        cache.set_version(1);
        let router = axum::Router::new()
            .route(
                "/answer",
                axum::routing::get({
                    let made = made.clone();
                    move || async move {
                        made.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        axum::Json(serde_json::json!({"n": 1}))
                    }
                }),
            )
            .layer(axum::middleware::from_fn_with_state(cache.clone(), layer));
        let ask = || {
            let router = router.clone();
            async move {
                let response = router
                    .oneshot(
                        Request::get("/answer")
                            .body(Body::empty())
                            .expect("request"),
                    )
                    .await
                    .expect("answered");
                assert_eq!(response.status(), StatusCode::OK);
                axum::body::to_bytes(response.into_body(), 1024)
                    .await
                    .expect("body")
            }
        };
        let answers = futures::future::join_all((0..20).map(|_| ask())).await;
        assert!(answers.iter().all(|a| a.as_ref() == b"{\"n\":1}"));
        assert_eq!(
            made.load(Ordering::SeqCst),
            1,
            "one request reached the handler"
        );
        // A new version makes it again, once.
        cache.set_version(2);
        futures::future::join_all((0..5).map(|_| ask())).await;
        assert_eq!(made.load(Ordering::SeqCst), 2);
    }
}
