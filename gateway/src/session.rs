//! What guards the account routes: the session cookie (an opaque token the auth service knows by its hash only),
//! the Origin check of state-changing requests, and the rate limits of challenges and submissions, per client
//! address and per Bitcoin address. Nothing here logs a token, a cookie, a message or a signature.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use sha2::{Digest, Sha256};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// The session cookie's name.
pub const COOKIE: &str = "stamps_session";

/// The text of a refused cross-site request.
pub const CROSS_SITE: &str = "Requests that change an account must come from the site";

/// The text of a rate limit reached.
pub const TOO_MANY: &str = "Too many requests, please wait a minute and try again";

/// How the gateway guards sessions.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionConfig {
    /// Origins (`scheme://host[:port]`) allowed to send requests that change an account; empty: the origin of
    /// the request's own `Host`.
    pub site_origins: Vec<String>,
    /// Whether the session cookie is `Secure` (true when the site is served over https).
    pub secure_cookies: bool,
    /// The session cookie's `Domain` (e.g. `stamps.example`, so that the wallet app at `wallet.stamps.example`
    /// shares the site's session); empty: the host that set it only.
    pub cookie_domain: String,
    /// Challenges one client address may ask for per minute.
    pub challenges_per_minute: u32,
    /// Sign-ins and links one client address may submit per minute.
    pub submits_per_minute: u32,
    /// Challenges and submissions per minute for one Bitcoin address.
    pub per_address_per_minute: u32,
    /// Transactions one user may broadcast per minute.
    pub broadcasts_per_minute: u32,
    /// How long an answer of `GET /api/user` is kept for its session (0: none is kept). It is dropped at once
    /// when the auth service announces a change of the user, or this gateway changes it.
    pub user_cache_ms: u64,
}

impl Default for SessionConfig {
    fn default() -> Self {
        Self {
            site_origins: Vec::new(),
            secure_cookies: false,
            cookie_domain: String::new(),
            challenges_per_minute: 30,
            submits_per_minute: 30,
            per_address_per_minute: 10,
            broadcasts_per_minute: 30,
            user_cache_ms: 5_000,
        }
    }
}

/// The rate limits, shared by all requests.
#[derive(Clone)]
pub struct Guards {
    config: Arc<SessionConfig>,
    challenges: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    submits: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    addresses: Arc<DefaultKeyedRateLimiter<String>>,
    broadcasts: Arc<DefaultKeyedRateLimiter<String>>,
}

/// What a limit counts.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    /// Asking for a challenge.
    Challenge,
    /// Submitting a signature.
    Submit,
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN))
}

impl Guards {
    /// The guards `config` describes.
    pub fn new(config: &SessionConfig) -> Self {
        Self {
            config: Arc::new(config.clone()),
            challenges: Arc::new(RateLimiter::keyed(per_minute(config.challenges_per_minute))),
            submits: Arc::new(RateLimiter::keyed(per_minute(config.submits_per_minute))),
            addresses: Arc::new(RateLimiter::keyed(per_minute(
                config.per_address_per_minute,
            ))),
            broadcasts: Arc::new(RateLimiter::keyed(per_minute(config.broadcasts_per_minute))),
        }
    }

    /// Counts a broadcast by `user_id`: 429 past its limit.
    pub fn allow_broadcast(&self, user_id: &str) -> Result<(), ApiError> {
        let key: String = user_id.chars().take(100).collect();
        self.broadcasts
            .check_key(&key)
            .map_err(|_| ApiError::TooMany(TOO_MANY, 60))
    }

    /// The domain a challenge names: the configured origin (of the site or the wallet app, `origins`) whose host
    /// the request was sent to, else the first of them. Never the request's own `Host` as such: a look-alike
    /// site relaying challenges gets messages naming the real site.
    pub fn challenge_domain<'o>(origins: &'o [String], headers: &HeaderMap) -> &'o str {
        let bare = |o: &'o String| {
            o.strip_prefix("https://")
                .or_else(|| o.strip_prefix("http://"))
                .unwrap_or(o)
        };
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or_default();
        origins
            .iter()
            .map(bare)
            .find(|o| o.eq_ignore_ascii_case(host))
            .or_else(|| origins.first().map(bare))
            .unwrap_or_default()
    }

    /// Counts `action` from `client` for `address`: 429 past either limit.
    pub fn allow(&self, action: Action, client: IpAddr, address: &str) -> Result<(), ApiError> {
        let by_client = match action {
            Action::Challenge => &self.challenges,
            Action::Submit => &self.submits,
        };
        if by_client.check_key(&client).is_err()
            || self.addresses.check_key(&limit_key(address)).is_err()
        {
            return Err(ApiError::TooMany(TOO_MANY, 60));
        }
        Ok(())
    }

    /// Forgets clients and addresses whose limits are back to full (bounded memory).
    pub fn forget_idle(&self) {
        self.challenges.retain_recent();
        self.submits.retain_recent();
        self.addresses.retain_recent();
        self.broadcasts.retain_recent();
    }

    /// The cookie's attributes after its value: `Domain` when configured (a host name only), `Secure`.
    fn attributes(&self) -> String {
        let domain = self.config.cookie_domain.trim();
        let domain = if !domain.is_empty()
            && domain
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
        {
            format!("; Domain={domain}")
        } else {
            String::new()
        };
        let secure = if self.config.secure_cookies {
            "; Secure"
        } else {
            ""
        };
        format!("{domain}{secure}")
    }

    /// The `Set-Cookie` value holding `token` for `max_age_secs`.
    pub fn cookie(&self, token: &str, max_age_secs: i64) -> Result<HeaderValue, ApiError> {
        let attributes = self.attributes();
        HeaderValue::from_str(&format!(
            "{COOKIE}={token}; Path=/; Max-Age={max_age_secs}; HttpOnly; SameSite=Lax{attributes}"
        ))
        .map_err(|_| ApiError::Internal("session cookie".into()))
    }

    /// The `Set-Cookie` value that removes the cookie.
    pub fn removal(&self) -> HeaderValue {
        let attributes = self.attributes();
        HeaderValue::from_str(&format!(
            "{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{attributes}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static("stamps_session=; Path=/; Max-Age=0"))
    }

    /// Whether a request that changes an account comes from the site: its `Origin` is one of the configured
    /// origins (or, with none configured, the origin of its own `Host`); without an `Origin`, a browser's
    /// `Sec-Fetch-Site` must say same-origin. A request with neither is refused.
    pub fn same_site(&self, headers: &HeaderMap) -> bool {
        let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
        if let Some(origin) = text(header::ORIGIN) {
            if self.config.site_origins.is_empty() {
                let host = text(header::HOST).unwrap_or_default();
                let bare = origin
                    .strip_prefix("https://")
                    .or_else(|| origin.strip_prefix("http://"));
                return !host.is_empty() && bare == Some(host);
            }
            return self.config.site_origins.iter().any(|o| o == origin);
        }
        matches!(
            headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()),
            Some("same-origin" | "none")
        )
    }
}

/// The key an address's limit counts under: every spelling of one address is one key (bech32 addresses are
/// case-insensitive and written in lower case; surrounding blanks are no part of an address).
fn limit_key(address: &str) -> String {
    let address: String = address.trim().chars().take(100).collect();
    let lower = address.to_ascii_lowercase();
    let bech32 = ["bc1", "tb1", "bcrt1"].iter().any(|p| lower.starts_with(p));
    if bech32 { lower } else { address }
}

/// Answers of `GET /api/user` kept a few seconds per session (by the token's hash, never the token): a page
/// asks for its user often, and the auth service and Postgres need not answer each time. An answer is served only
/// while it is younger than the time kept and made after the last change of its user announced to this gateway
/// (by the auth service on NATS, or by this gateway's own requests that change it).
#[derive(Clone)]
pub struct UserCache {
    keep: Duration,
    answers: Arc<quick_cache::sync::Cache<[u8; 32], Arc<KeptUser>>>,
    /// The last change of each user, for as long as an answer made before it could still be served.
    changed: Arc<Mutex<HashMap<String, Instant>>>,
}

/// A session's user as the auth service answered it, and that answer as `GET /api/user` serves it.
pub struct KeptUser {
    /// The user.
    pub user: stamps_proto::auth::v1::User,
    /// `GET /api/user`'s body.
    pub body: Bytes,
    made: Instant,
}

/// Most sessions whose user is kept.
const KEPT_USERS: usize = 100_000;

fn key(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl UserCache {
    /// A cache keeping answers `keep_ms` (none when 0).
    pub fn new(keep_ms: u64) -> Self {
        Self {
            keep: Duration::from_millis(keep_ms),
            answers: Arc::new(quick_cache::sync::Cache::new(KEPT_USERS)),
            changed: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The user kept for the session of `token`, if it may be served.
    pub fn get(&self, token: &str) -> Option<Arc<KeptUser>> {
        if self.keep.is_zero() {
            return None;
        }
        let kept = self.answers.get(&key(token))?;
        if kept.made.elapsed() >= self.keep {
            return None;
        }
        let changed = self
            .changed
            .lock()
            .ok()
            .and_then(|c| c.get(&kept.user.user_id).copied());
        match changed {
            Some(at) if at >= kept.made => None,
            _ => Some(kept),
        }
    }

    /// The session of `token`'s `user`, asked for at `made`, with its answer `body`: kept (when anything is) and
    /// returned.
    pub fn put(
        &self,
        token: &str,
        user: stamps_proto::auth::v1::User,
        body: Bytes,
        made: Instant,
    ) -> Arc<KeptUser> {
        let kept = Arc::new(KeptUser { user, body, made });
        if !self.keep.is_zero() {
            self.answers.insert(key(token), kept.clone());
        }
        kept
    }

    /// Drops what is kept for the session of `token` (its user was changed through it).
    pub fn forget(&self, token: &str) {
        self.answers.remove(&key(token));
    }

    /// `user_id` changed now: no answer made before is served.
    pub fn changed(&self, user_id: &str) {
        if self.keep.is_zero() {
            return;
        }
        if let Ok(mut changed) = self.changed.lock() {
            let now = Instant::now();
            // Changes older than the time kept concern no answer any more.
            if changed.len() >= 1024 {
                changed.retain(|_, at| now.duration_since(*at) < self.keep);
            }
            changed.insert(user_id.to_owned(), now);
        }
    }

    /// Follows the auth service's announcements of changed users until `shutdown`, subscribing again after a
    /// failure (answers are kept only briefly, so a missed announcement costs at most that).
    pub async fn follow(
        self,
        nats: stamps_platform::nats::Nats,
        shutdown: stamps_platform::shutdown::Shutdown,
    ) {
        use futures::StreamExt;
        let subject = nats.subject(stamps_proto::events::subjects::USER_CHANGED);
        while !shutdown.is_cancelled() {
            match nats.client.subscribe(subject.clone()).await {
                Ok(mut changes) => loop {
                    tokio::select! {
                        _ = shutdown.cancelled() => return,
                        message = changes.next() => match message {
                            Some(m) => self.changed(&String::from_utf8_lossy(&m.payload)),
                            None => break,
                        },
                    }
                },
                Err(e) => tracing::warn!(error = %e, "users' changes not followed; trying again"),
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
        }
    }
}

/// The session token the request's cookie holds (empty when none).
pub fn token(headers: &HeaderMap) -> String {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default()
}

/// The client's address as the connection gives it (the loopback address when unknown).
pub fn client(request_info: Option<&ConnectInfo<SocketAddr>>) -> IpAddr {
    request_info.map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(addr)| addr.ip())
}

/// Refuses (403) a request under the API that is not a GET, HEAD or OPTIONS and does not come from the site.
pub async fn check_origin(State(guards): State<Guards>, request: Request, next: Next) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    // A method the route does not have passes on, to be answered 405.
    let served = request
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .is_some_and(|route| {
            crate::routes::openapi::declares_method(
                route.as_str(),
                &request.method().as_str().to_ascii_lowercase(),
            )
        });
    if !safe && served && !guards.same_site(request.headers()) {
        return ApiError::Forbidden(CROSS_SITE.into()).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, HeaderValue::from_str(value).expect("header"));
        }
        h
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let h = headers(&[("cookie", "logged=unisat; stamps_session=abc_-1; x=y")]);
        assert_eq!(token(&h), "abc_-1");
        assert_eq!(token(&headers(&[("cookie", "logged=unisat")])), "");
    }

    #[test]
    fn only_the_site_changes_accounts() {
        let own = Guards::new(&SessionConfig::default());
        assert!(own.same_site(&headers(&[
            ("host", "a.example"),
            ("origin", "https://a.example")
        ])));
        assert!(!own.same_site(&headers(&[
            ("host", "a.example"),
            ("origin", "https://evil.example")
        ])));
        assert!(own.same_site(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(!own.same_site(&headers(&[("sec-fetch-site", "cross-site")])));
        assert!(!own.same_site(&headers(&[("host", "a.example")])));
        let listed = Guards::new(&SessionConfig {
            site_origins: vec!["https://stamps.example".into()],
            ..SessionConfig::default()
        });
        assert!(listed.same_site(&headers(&[("origin", "https://stamps.example")])));
        assert!(!listed.same_site(&headers(&[
            ("host", "a.example"),
            ("origin", "https://a.example")
        ])));
    }

    #[test]
    fn limits_count_per_client_and_per_address() {
        let g = Guards::new(&SessionConfig {
            challenges_per_minute: 2,
            per_address_per_minute: 3,
            ..SessionConfig::default()
        });
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        assert!(g.allow(Action::Challenge, a, "x").is_ok());
        assert!(g.allow(Action::Challenge, a, "y").is_ok());
        assert!(
            g.allow(Action::Challenge, a, "z").is_err(),
            "the client's limit"
        );
        assert!(g.allow(Action::Challenge, b, "x").is_ok());
        assert!(g.allow(Action::Submit, b, "x").is_ok());
        assert!(
            g.allow(Action::Submit, b, "x").is_err(),
            "the address's limit"
        );
    }

    #[test]
    fn every_spelling_of_an_address_counts_as_one() {
        let g = Guards::new(&SessionConfig {
            per_address_per_minute: 2,
            ..SessionConfig::default()
        });
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let c = IpAddr::from([10, 0, 0, 3]);
        let address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
        assert!(g.allow(Action::Challenge, a, address).is_ok());
        assert!(
            g.allow(Action::Challenge, b, &address.to_uppercase())
                .is_ok()
        );
        assert!(
            g.allow(Action::Challenge, c, &format!(" {address} "))
                .is_err(),
            "the same address spelt three ways"
        );
        assert_eq!(
            limit_key("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"),
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"
        );
    }

    #[test]
    fn a_challenge_names_a_configured_origin_never_another_host() {
        let origins = vec![
            "https://stamps.example".to_owned(),
            "https://wallet.stamps.example".to_owned(),
        ];
        let to = |host: &str| headers(&[("host", host)]);
        assert_eq!(
            Guards::challenge_domain(&origins, &to("wallet.stamps.example")),
            "wallet.stamps.example"
        );
        assert_eq!(
            Guards::challenge_domain(&origins, &to("stamps.example")),
            "stamps.example"
        );
        assert_eq!(
            Guards::challenge_domain(&origins, &to("stamps-example.evil")),
            "stamps.example",
            "a look-alike gets the real name"
        );
        assert_eq!(
            Guards::challenge_domain(&origins, &HeaderMap::new()),
            "stamps.example"
        );
    }

    #[test]
    fn broadcasts_are_limited_per_user() {
        let g = Guards::new(&SessionConfig {
            broadcasts_per_minute: 2,
            ..SessionConfig::default()
        });
        assert!(g.allow_broadcast("alice").is_ok());
        assert!(g.allow_broadcast("alice").is_ok());
        assert!(g.allow_broadcast("alice").is_err());
        assert!(g.allow_broadcast("bob").is_ok());
    }

    #[test]
    fn a_kept_user_is_served_until_it_changes_or_ages() {
        let alice = || stamps_proto::auth::v1::User {
            user_id: "alice".into(),
            ..Default::default()
        };
        let body = |kept: Option<Arc<KeptUser>>| kept.map(|k| k.body.clone());
        let cache = UserCache::new(60_000);
        let made = Instant::now();
        cache.put("tok", alice(), Bytes::from_static(b"{}"), made);
        assert_eq!(body(cache.get("tok")), Some(Bytes::from_static(b"{}")));
        assert!(cache.get("other").is_none());
        cache.changed("bob");
        assert!(cache.get("tok").is_some(), "another user's change");
        cache.changed("alice");
        assert!(cache.get("tok").is_none(), "made before the change");
        cache.put(
            "tok",
            alice(),
            Bytes::from_static(b"{\"a\":1}"),
            Instant::now(),
        );
        assert!(cache.get("tok").is_some(), "made after it");
        cache.forget("tok");
        assert!(cache.get("tok").is_none());
        let none = UserCache::new(0);
        none.put("tok", alice(), Bytes::from_static(b"{}"), Instant::now());
        assert!(none.get("tok").is_none());
        let short = UserCache::new(1);
        short.put("tok", alice(), Bytes::from_static(b"{}"), made);
        std::thread::sleep(Duration::from_millis(5));
        assert!(short.get("tok").is_none(), "aged");
    }

    #[test]
    fn cookies_are_http_only_and_lax() {
        let g = Guards::new(&SessionConfig {
            secure_cookies: true,
            ..SessionConfig::default()
        });
        let c = g.cookie("tok", 60).expect("cookie");
        assert_eq!(
            c,
            "stamps_session=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure"
        );
        assert!(g.removal().to_str().expect("ascii").contains("Max-Age=0"));
        let shared = Guards::new(&SessionConfig {
            cookie_domain: "stamps.example".into(),
            ..SessionConfig::default()
        });
        assert_eq!(
            shared.cookie("tok", 60).expect("cookie"),
            "stamps_session=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Domain=stamps.example"
        );
        assert!(
            shared
                .removal()
                .to_str()
                .expect("ascii")
                .ends_with("; Domain=stamps.example")
        );
        let odd = Guards::new(&SessionConfig {
            cookie_domain: "evil; Secure=no".into(),
            ..SessionConfig::default()
        });
        assert!(
            !odd.cookie("tok", 60)
                .expect("cookie")
                .to_str()
                .expect("ascii")
                .contains("Domain")
        );
    }
}
