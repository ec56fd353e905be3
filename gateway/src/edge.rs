//! The edge's own rules, applied around every route: one JSON error shape, input that never reaches a service
//! malformed (NUL characters, parameters no operation declares, overlong addresses), and the headers that keep
//! the app's pages from being framed, fed foreign script or leaking where a visitor came from.

use axum::Json;
use axum::extract::{FromRequestParts, MatchedPath, Query, RawPathParams, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ErrorBody};

/// The longest request target (path and query) served; longer ones get a 414.
pub const MAX_URI: usize = 8 * 1024;

/// Largest error body read to be wrapped into the JSON shape.
const MAX_ERROR_TEXT: usize = 4 * 1024;

/// Answers every failure (4xx, 5xx) that is not JSON already, from a route, a rejection or a layer (method not
/// allowed, a body too large, a timeout, a missing file), as `{"error": "..."}`: the text the failure carried
/// when it was plain text, else the status' reason.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if content_type.starts_with("application/json") {
        return response;
    }
    let encoded = response.headers().contains_key(header::CONTENT_ENCODING);
    let (mut parts, body) = response.into_parts();
    let text = if content_type.starts_with("text/plain") && !encoded {
        axum::body::to_bytes(body, MAX_ERROR_TEXT)
            .await
            .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
            .unwrap_or_default()
    } else {
        String::new()
    };
    let error = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        text
    };
    for name in [
        header::CONTENT_TYPE,
        header::CONTENT_LENGTH,
        header::CONTENT_ENCODING,
        header::CACHE_CONTROL,
    ] {
        parts.headers.remove(name);
    }
    let json = Json(ErrorBody { error }).into_response();
    let (json_parts, body) = json.into_parts();
    parts.headers.extend(json_parts.headers);
    parts
        .headers
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Response::from_parts(parts, body)
}

/// Refuses, before any handler or the answer cache sees it, a request target longer than [`MAX_URI`] (414), a
/// path or query parameter holding a NUL character (Postgres refuses them in text), under `/api` a query
/// parameter the route's OpenAPI operation does not declare, and a JSON body with a NUL character in any of its
/// strings or names: each a 400 naming the parameter or the field.
pub async fn check_input(request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    if let Err(refusal) = refusal(&mut parts).await {
        return refusal.into_response();
    }
    let body = match body_refusal(body).await {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    next.run(Request::from_parts(parts, body)).await
}

/// The body, read whole (it is bounded by the route's limit), unless a JSON string or name in it holds a NUL
/// character: then a 400 naming the first such field (`body.items[2].name`). A body that is not JSON passes on,
/// for its handler to refuse.
async fn body_refusal(body: axum::body::Body) -> Result<axum::body::Body, Refusal> {
    let bytes = axum::body::to_bytes(body, crate::routes::MAX_BODY)
        .await
        .map_err(|_| Refusal::TooLarge)?;
    // A JSON text can only hold a NUL escaped: most bodies are passed on without being parsed.
    if !bytes.windows(6).any(|w| w == b"\\u0000") {
        return Ok(axum::body::Body::from(bytes));
    }
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes)
        && let Some(path) = nul_field(&value, "body".to_owned())
    {
        return Err(nul(&path).into());
    }
    Ok(axum::body::Body::from(bytes))
}

/// Where in `value` (at `path`) a string or a name holds a NUL character, if anywhere.
fn nul_field(value: &serde_json::Value, path: String) -> Option<String> {
    match value {
        serde_json::Value::String(s) => s.contains('\0').then_some(path),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| nul_field(v, format!("{path}[{i}]"))),
        serde_json::Value::Object(fields) => fields.iter().find_map(|(name, v)| {
            let named = format!("{path}.{}", name.replace('\0', "\u{fffd}"));
            if name.contains('\0') {
                Some(named)
            } else {
                nul_field(v, named)
            }
        }),
        _ => None,
    }
}

async fn refusal(parts: &mut axum::http::request::Parts) -> Result<(), Refusal> {
    let target = parts.uri.path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI {
        return Err(Refusal::TooLong);
    }
    let Some(route) = parts
        .extensions
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_owned())
    else {
        return Ok(());
    };
    let path = RawPathParams::from_request_parts(parts, &())
        .await
        .map_err(|e| ApiError::BadRequest(e.body_text()))?;
    if let Some((name, _)) = path.iter().find(|(_, value)| value.contains('\0')) {
        return Err(nul(name).into());
    }
    let Query(query) = Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)
        .map_err(|e| ApiError::BadRequest(e.body_text()))?;
    if let Some((name, _)) = query
        .iter()
        .find(|(name, value)| name.contains('\0') || value.contains('\0'))
    {
        return Err(nul(&name.replace('\0', "\u{fffd}")).into());
    }
    if route.starts_with("/api/") {
        let declared = crate::routes::openapi::declared_query(&route).unwrap_or(&[]);
        let mut unknown: Vec<&str> = query
            .iter()
            .map(|(name, _)| name.as_str())
            .filter(|name| !declared.iter().any(|d| d == name))
            .collect();
        unknown.sort_unstable();
        if let Some(name) = unknown.first() {
            return Err(ApiError::BadRequest(format!("unknown query parameter {name:?}")).into());
        }
    }
    Ok(())
}

fn nul(name: &str) -> ApiError {
    ApiError::BadRequest(format!("{name} must not contain a NUL character"))
}

/// Why a request was refused at the edge.
enum Refusal {
    TooLong,
    TooLarge,
    Bad(ApiError),
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Self {
        Refusal::Bad(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::TooLong => (
                StatusCode::URI_TOO_LONG,
                Json(ErrorBody {
                    error: format!("The request's address is longer than {MAX_URI} bytes"),
                }),
            )
                .into_response(),
            Refusal::TooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                Json(ErrorBody {
                    error: format!(
                        "The request's body is larger than {} bytes",
                        crate::routes::MAX_BODY
                    ),
                }),
            )
                .into_response(),
            Refusal::Bad(e) => e.into_response(),
        }
    }
}

/// Where the browser may send the address of the page it leaves: nowhere but this site.
pub const REFERRER_POLICY: &str = "same-origin";

/// Browser features no page of the site uses.
pub const PERMISSIONS_POLICY: &str = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), \
                                      magnetometer=(), microphone=(), payment=(), usb=()";

/// Headers every answer carries.
pub async fn common_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    set_default(
        headers,
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    set_default(
        headers,
        header::REFERRER_POLICY,
        HeaderValue::from_static(REFERRER_POLICY),
    );
    set_default(
        headers,
        "permissions-policy",
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    response
}

fn set_default(
    headers: &mut HeaderMap,
    name: impl axum::http::header::IntoHeaderName,
    value: HeaderValue,
) {
    headers.entry(name).or_insert(value);
}

/// The headers an app's pages carry: its policy, and whether other pages may frame it only as the policy's
/// `frame-ancestors` says (else `X-Frame-Options: DENY` too).
#[derive(Clone)]
pub struct AppPolicy {
    /// The `Content-Security-Policy`.
    pub csp: HeaderValue,
    /// Whether it may be framed (by the origins its policy names).
    pub framed: bool,
}

/// The wallet app's policy: its own files and API only, no inline script or style sheet, no plugin, no form
/// posted anywhere, framed by the site's origins only.
pub fn wallet_csp(frame_ancestors: &[String]) -> HeaderValue {
    let ancestors: String = frame_ancestors
        .iter()
        .filter(|o| is_origin(o))
        .map(|o| format!(" {o}"))
        .collect();
    let ancestors = if ancestors.is_empty() {
        " 'none'".to_owned()
    } else {
        ancestors
    };
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors{ancestors}"
    );
    HeaderValue::from_str(&policy).unwrap_or(HeaderValue::from_static(
        "default-src 'none'; frame-ancestors 'none'",
    ))
}

/// Whether `text` is an origin a policy may name: `http(s)://` and a host (with a port), nothing else.
fn is_origin(text: &str) -> bool {
    let Some(rest) = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
    else {
        return false;
    };
    !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

/// The app's policy: its own files only, script only from them or inline with one of the hashes of the inline
/// scripts of `index.html`, pictures from anywhere secure (curated banners may live elsewhere), stamps framed
/// from this origin and the wallet app from its own (`wallet_origin`), and never framed itself.
pub fn app_csp(index_html: &str, wallet_origin: Option<&str>) -> HeaderValue {
    let frames = match wallet_origin.filter(|o| is_origin(o)) {
        Some(origin) => format!("'self' {origin}"),
        None => "'self'".to_owned(),
    };
    let hashes: String = inline_scripts(index_html)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(
                " 'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: https:; media-src 'self' data: blob:; font-src 'self' data:; \
         connect-src 'self'; frame-src {frames}; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors 'none'"
    );
    HeaderValue::from_str(&policy).unwrap_or(HeaderValue::from_static(
        "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
    ))
}

/// The text of each inline `<script>` (one without `src`) of an HTML page, exactly as a browser hashes it.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    let mut rest = html;
    std::iter::from_fn(move || {
        loop {
            let open = rest.find("<script")?;
            let after = &rest[open..];
            let tag_end = after.find('>')?;
            let tag = &after[..tag_end];
            let body = &after[tag_end + 1..];
            let close = body.find("</script>")?;
            rest = &body[close + "</script>".len()..];
            if !tag.contains(" src=") {
                return Some(&body[..close]);
            }
        }
    })
}

/// Headers of the app's pages and files: its policy and no framing on HTML, and `Vary: Accept-Encoding` (the
/// files are served precompressed); `immutable` (set by the caller for hashed bundles) only on a success.
pub async fn app_headers(
    axum::extract::State(policy): axum::extract::State<AppPolicy>,
    request: Request,
    next: Next,
) -> Response {
    let response = next.run(request).await;
    let (mut parts, body) = response.into_parts();
    let headers = &mut parts.headers;
    let html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy.csp);
        if !policy.framed {
            headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
    }
    headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    if parts.status.is_client_error() || parts.status.is_server_error() {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn query_parameters_an_operation_does_not_declare_are_refused_by_name() {
        use tower::ServiceExt;
        let router = axum::Router::new()
            .route("/api/search", axum::routing::get(|| async { "ok" }))
            .layer(axum::middleware::from_fn(check_input));
        let ask = |uri: &'static str| {
            let router = router.clone();
            async move {
                let response = router
                    .oneshot(
                        Request::get(uri)
                            .body(axum::body::Body::empty())
                            .expect("request"),
                    )
                    .await
                    .expect("answered");
                let status = response.status();
                let body = axum::body::to_bytes(response.into_body(), 4096)
                    .await
                    .expect("body");
                (status, String::from_utf8_lossy(&body).into_owned())
            }
        };
        assert_eq!(ask("/api/search?sort=x&page=2").await.0, StatusCode::OK);
        let (status, body) = ask("/api/search?sort=x&nope=1").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body.contains("unknown query parameter \\\"nope\\\""),
            "{body}"
        );
        let (status, body) = ask("/api/search?q=a%00b").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body.contains("q must not contain a NUL character"),
            "{body}"
        );
    }

    #[test]
    fn a_nul_anywhere_in_a_json_body_is_found_by_its_field() {
        let v = |t: &str| serde_json::from_str::<serde_json::Value>(t).expect("json");
        assert_eq!(
            nul_field(&v(r#"{"name":"a\u0000b"}"#), "body".into()).as_deref(),
            Some("body.name")
        );
        assert_eq!(
            nul_field(&v(r#"{"ids":["x",{"k":"\u0000"}]}"#), "body".into()).as_deref(),
            Some("body.ids[1].k")
        );
        assert_eq!(
            nul_field(&v(r#"{"a\u0000":1}"#), "body".into()).as_deref(),
            Some("body.a\u{fffd}")
        );
        assert_eq!(
            nul_field(&v(r#"{"name":"plain","n":0}"#), "body".into()),
            None
        );
    }

    #[test]
    fn inline_scripts_are_hashed_and_module_scripts_are_not() {
        let html = "<head><script>var a = 1;\n</script><script type=\"module\" crossorigin src=\"/assets/x.js\">\
                    </script></head>";
        let scripts: Vec<&str> = inline_scripts(html).collect();
        assert_eq!(scripts, vec!["var a = 1;\n"]);
        let csp = app_csp(html, None);
        let csp = csp.to_str().expect("ascii");
        // sha256("var a = 1;\n"), base64.
        let expected =
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"var a = 1;\n"));
        assert!(
            csp.contains(&format!("script-src 'self' 'sha256-{expected}';")),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("frame-src 'self';"), "{csp}");
        assert!(
            !app_csp("<p>no scripts</p>", None)
                .to_str()
                .expect("ascii")
                .contains("sha256")
        );
        let framing = app_csp("", Some("https://wallet.example"));
        assert!(
            framing
                .to_str()
                .expect("ascii")
                .contains("frame-src 'self' https://wallet.example;")
        );
    }

    #[test]
    fn the_wallet_app_is_framed_by_the_sites_origins_only() {
        let csp = wallet_csp(&[
            "https://stamps.example".into(),
            "http://127.0.0.1:8080".into(),
            "https://evil.example; script-src *".into(),
        ]);
        let csp = csp.to_str().expect("ascii");
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(csp.contains("default-src 'none';"), "{csp}");
        assert!(
            csp.ends_with("frame-ancestors https://stamps.example http://127.0.0.1:8080"),
            "{csp}"
        );
        assert!(
            wallet_csp(&[])
                .to_str()
                .expect("ascii")
                .ends_with("frame-ancestors 'none'")
        );
    }
}
