//! The gateway's edge against the real stack: bad input refused with the JSON error shape before it reaches a
//! service, stamp files sandboxed on every answer, image work bounded, slow connections closed while others are
//! served, and the app's files and pages with their headers.

use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::Stack;

/// A request's status, headers and body, asked with any method.
async fn ask(method: reqwest::Method, url: &str) -> (u16, reqwest::header::HeaderMap, String) {
    let response = reqwest::Client::new()
        .request(method, url)
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.expect("body"))
}

/// Asserts a failure of `status` whose body is `{"error": "..."}` (naming `mentions`), and returns the text.
fn json_error(
    what: &str,
    (status, headers, body): &(u16, reqwest::header::HeaderMap, String),
    expected: u16,
    mentions: &str,
) {
    assert_eq!(*status, expected, "{what}: {body}");
    assert_eq!(
        headers.get("content-type").and_then(|v| v.to_str().ok()),
        Some("application/json"),
        "{what}"
    );
    let json: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"));
    let error = json["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: {json}"));
    assert!(!error.is_empty(), "{what}");
    assert_eq!(json.as_object().map(|o| o.len()), Some(1), "{what}: {json}");
    assert!(
        error.contains(mentions),
        "{what}: {error:?} names {mentions:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_edge_refuses_bad_input_bounds_its_work_and_closes_slow_connections() {
    let stack = Stack::start("edge", 2).await;
    let app = tempdir("edge-app");
    let index = "<!doctype html><html><head><script>window.early = 1;</script>\
                 <script type=\"module\" crossorigin src=\"/assets/app.js\"></script></head><body></body></html>";
    std::fs::create_dir_all(app.join("assets")).expect("assets dir");
    std::fs::write(app.join("index.html"), index).expect("index");
    std::fs::write(app.join("assets/app.js"), "console.log(1)").expect("bundle");
    let services = stack
        .services_with_gateway(3, |gateway| {
            gateway.static_dir = app.clone();
            gateway.limits.header_read_timeout_ms = 2_000;
            gateway.limits.image_workers = 1;
            gateway.limits.image_queue = 0;
            gateway.limits.image_wait_ms = 0;
        })
        .await;
    let hits = services.wait_for_stamps(2).await;
    let base = services.base.clone();
    let cpid = hits["hits"][0]["cpid"]
        .as_str()
        .expect("a stamp")
        .to_owned();
    let get = reqwest::Method::GET;

    // Free text with a NUL never reaches Postgres: a 400 naming the parameter, path or query.
    for (path, name) in [
        ("/api/search?q=%00", "q"),
        ("/api/search/a%00b", "q"),
        ("/api/leaderboard?project=%00", "project"),
        ("/api/collections?sort=%00", "sort"),
        ("/api/stamp/%00", "cpid"),
        ("/api/profile/x%00y", "id"),
        ("/api/autocomplete/%00", "text"),
        ("/s/%00", "cpid"),
    ] {
        json_error(
            path,
            &ask(get.clone(), &format!("{base}{path}")).await,
            400,
            name,
        );
    }
    // The same refusal again is made again, not kept: still a 400.
    json_error(
        "again",
        &ask(get.clone(), &format!("{base}/api/search?q=%00")).await,
        400,
        "q",
    );
    // A parameter no operation declares; malformed UTF-8 in a path; a size out of range; an unknown endpoint; a
    // method the route does not have; a target too long; a missing bundle.
    for (method, path, status, mentions) in [
        (
            get.clone(),
            format!("/api/stamp/{cpid}?nope=1"),
            400,
            "nope",
        ),
        (
            get.clone(),
            "/api/search?limit=1&x=2".to_owned(),
            400,
            "\"x\"",
        ),
        (get.clone(), "/api/stamp/%FF".to_owned(), 400, ""),
        (get.clone(), "/api/search?limit=0".to_owned(), 400, "limit"),
        (
            get.clone(),
            format!("/api/assets/resize/{cpid}/5"),
            400,
            "Size must be between 8 and 1280",
        ),
        (get.clone(), "/api/nope".to_owned(), 404, ""),
        (
            reqwest::Method::POST,
            "/api/search".to_owned(),
            405,
            "Method Not Allowed",
        ),
        (reqwest::Method::DELETE, format!("/s/{cpid}"), 405, ""),
        (
            get.clone(),
            format!("/api/search?q={}", "a".repeat(9_000)),
            414,
            "8192",
        ),
    ] {
        let answer = ask(method.clone(), &format!("{base}{path}")).await;
        json_error(
            &format!("{method} {}", &path[..path.len().min(60)]),
            &answer,
            status,
            mentions,
        );
    }
    let missing = ask(get.clone(), &format!("{base}/assets/missing.js")).await;
    json_error("a missing bundle", &missing, 404, "");
    let cache_control = missing.1.get("cache-control").and_then(|v| v.to_str().ok());
    assert_eq!(
        cache_control,
        Some("no-store"),
        "a 404 under /assets is not kept"
    );

    // Every answer of a stamp's file, kept or not, runs sandboxed; the spellings of one request share one answer.
    for _ in 0..3 {
        let (status, headers, _) = ask(get.clone(), &format!("{base}/s/{cpid}")).await;
        assert_eq!(status, 200);
        let csp = headers["content-security-policy"].to_str().expect("ascii");
        assert!(csp.starts_with("sandbox allow-scripts;"), "{csp}");
        assert!(!csp.contains("allow-same-origin"), "{csp}");
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    let (_, a) = services.get_json("/api/search?limit=1&page=2").await;
    let (_, b) = services.get_json("/api/search?page=2&limit=%31").await;
    assert_eq!(a, b);

    // The app's page: its policy with the hash of its inline script, never framed; its bundle immutable.
    let (status, headers, _) = ask(get.clone(), &format!("{base}/some/route")).await;
    assert_eq!(status, 200);
    let csp = headers["content-security-policy"].to_str().expect("ascii");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    // sha256("window.early = 1;") in base64.
    assert!(
        csp.contains("'sha256-"),
        "the inline script is allowed by its hash: {csp}"
    );
    assert!(
        !csp.contains("'unsafe-inline' 'self'")
            && !csp.contains("script-src 'self' 'unsafe-inline'")
    );
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["referrer-policy"], "same-origin");
    assert!(headers.contains_key("permissions-policy"));
    let (status, headers, _) = ask(get.clone(), &format!("{base}/assets/app.js")).await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        headers.get_all("vary").iter().any(|v| v
            .to_str()
            .is_ok_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))),
        "{headers:?}"
    );

    // Image work past its one worker (no queue) is refused with 503 and Retry-After; some is done.
    let asks = (0..24).map(|i| {
        let url = format!("{base}/api/assets/resize/{cpid}/{}", 1_257 + i);
        async move {
            let response = reqwest::get(&url).await.expect("request");
            let status = response.status().as_u16();
            let retry = response.headers().get("retry-after").cloned();
            let body = response.text().await.expect("body");
            (status, retry, body)
        }
    });
    let answers = futures::future::join_all(asks).await;
    let done = answers.iter().filter(|(s, ..)| *s == 200).count();
    let busy: Vec<_> = answers.iter().filter(|(s, ..)| *s == 503).collect();
    assert!(done >= 1, "some image work was done");
    assert!(
        !busy.is_empty(),
        "past the one worker, requests are refused"
    );
    assert_eq!(done + busy.len(), answers.len(), "{answers:?}");
    for (_, retry, body) in busy {
        assert!(retry.is_some(), "a 503 says when to come back");
        let json: Value = serde_json::from_str(body).expect("JSON");
        assert!(
            json["error"].as_str().is_some_and(|e| e.contains("images")),
            "{json}"
        );
    }

    // 200 slow connections, half silent, half trickling a request head a byte at a time, are closed by the
    // header-read timeout (2 s here) while other clients are served.
    let addr = base.trim_start_matches("http://").to_owned();
    let started = Instant::now();
    let slow = (0..200).map(|i| {
        let addr = addr.clone();
        async move {
            let mut stream = TcpStream::connect(&addr).await.expect("connect");
            let head = b"GET /api/home HTTP/1.1\r\nHost: x\r\nX-Slow: ";
            let mut sent = 0;
            let mut buf = [0u8; 1024];
            loop {
                if i % 2 == 1 {
                    let _ = stream.write_all(&head[sent % head.len()..][..1]).await;
                    sent += 1;
                }
                match tokio::time::timeout(Duration::from_millis(300), stream.read(&mut buf)).await
                {
                    // Closed, or a timeout answer then closed.
                    Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
                    Ok(Ok(_)) => continue,
                    Err(_) if started.elapsed() > Duration::from_secs(20) => {
                        panic!("connection {i} still open after 20 s")
                    }
                    Err(_) => continue,
                }
            }
        }
    });
    let served = async {
        // Meanwhile other clients are served.
        let mut served = 0;
        while started.elapsed() < Duration::from_secs(2) {
            let (status, _, _) =
                ask(reqwest::Method::GET, &format!("{base}/api/search?limit=1")).await;
            assert_eq!(status, 200);
            served += 1;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        served
    };
    let (closed, served) = tokio::join!(futures::future::join_all(slow), served);
    assert!(served >= 5, "other clients were served: {served}");
    let latest = closed.iter().max().copied().unwrap_or_default();
    let earliest = closed.iter().min().copied().unwrap_or_default();
    assert!(
        earliest >= Duration::from_millis(1_500),
        "not closed before the timeout: {earliest:?}"
    );
    assert_eq!(closed.len(), 200);
    eprintln!("200 slow connections closed between {earliest:?} and {latest:?}");

    services.stop().await;
    stack.finish().await;
    let _ = std::fs::remove_dir_all(&app);
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
