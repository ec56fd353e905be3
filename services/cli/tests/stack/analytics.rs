//! Request events, end to end: requests through the gateway become raw rows and rollups in the analytics
//! schema; the client's address is nowhere in the schema or the stream; the retention drops whole days;
//! `/api/log` answers staff only, with the figures the raw rows give; and with NATS gone every request is still
//! answered while the dropped events are counted.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use prost::Message as _;
use serde_json::Value;
use stamps_platform::consumer::Projection;
use stamps_proto::events::subjects::REQUESTS_SERVED;
use stamps_proto::events::v1::{RequestServed, RequestsServed};
use tokio::io::AsyncWriteExt;

use crate::accounts::{Browser, Format};
use crate::helpers::{STAFF_ACTOR, Stack, actor, remove_streams};

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 86_400_000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .expect("clock")
}

/// A metric's value in a Prometheus text page: the sum of the samples named `name` whose labels contain
/// every one of `labels`.
fn sample(page: &str, name: &str, labels: &[&str]) -> f64 {
    page.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (key, value) = l.rsplit_once(' ')?;
            let (metric, rest) = key.split_once('{').unwrap_or((key, ""));
            (metric == name && labels.iter().all(|label| rest.contains(label)))
                .then(|| value.parse::<f64>().ok())?
        })
        .sum()
}

async fn page(url: &str) -> String {
    reqwest::get(url)
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_become_rows_and_rollups_that_the_staff_log_reads() {
    let stack = Stack::start("analytics", 1).await;
    let services = stack.services_with(0).await;
    let http = reqwest::Client::new();
    let started = now_ms();
    // Known traffic: 7 desktop requests and 5 from a phone, to three paths.
    let phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
    let mut sent: Vec<(&str, bool)> = Vec::new();
    for (path, mobile) in [
        ("/api/origins", false),
        ("/api/origins?x=1", false),
        ("/api/origins", true),
        ("/healthz", false),
        ("/healthz", true),
        ("/api/nope", false),
    ] {
        for _ in 0..2 {
            let mut request = http.get(format!("{}{path}", services.base));
            if mobile {
                request = request.header("user-agent", phone);
            }
            request.send().await.expect("answered");
            sent.push((path, mobile));
        }
    }

    let mut db = stack.db().await;
    // The rows arrive asynchronously: batches of the gateway, then the consumer.
    let deadline = Instant::now() + Duration::from_secs(20);
    let rows = loop {
        let rows: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM analytics.requests WHERE time_ms >= $1 AND path <> '/api/log'",
        )
        .bind(started)
        .fetch_one(&mut db)
        .await
        .expect("rows");
        if rows >= sent.len() as i64 || Instant::now() > deadline {
            break rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(rows, sent.len() as i64, "one row per request");
    let (mobile, not_found, origins): (i64, i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE mobile), count(*) FILTER (WHERE status = 404),
                count(*) FILTER (WHERE url = '/api/origins?x=1')
         FROM analytics.requests WHERE time_ms >= $1",
    )
    .bind(started)
    .fetch_one(&mut db)
    .await
    .expect("figures");
    assert_eq!((mobile, not_found, origins), (4, 2, 2));
    // Every request came from one client: one visitor, 16 bytes that are not its address.
    let visitors: Vec<Vec<u8>> =
        sqlx::query_scalar("SELECT DISTINCT visitor FROM analytics.requests")
            .fetch_all(&mut db)
            .await
            .expect("visitors");
    assert_eq!(visitors.len(), 1);
    assert_eq!(visitors[0].len(), 16);

    // The address is nowhere in the schema: no text column holds it, no byte column holds its bytes.
    let dump: Vec<String> = sqlx::query_scalar(
        "SELECT t::TEXT FROM analytics.requests t
         UNION ALL SELECT t::TEXT FROM analytics.daily_paths t
         UNION ALL SELECT t::TEXT FROM analytics.daily_urls t
         UNION ALL SELECT encode(visitor, 'hex') FROM analytics.hourly_visitors",
    )
    .fetch_all(&mut db)
    .await
    .expect("dump");
    assert!(!dump.is_empty());
    for row in &dump {
        assert!(!row.contains("127.0.0.1"), "{row}");
        assert!(!row.contains("7f000001"), "{row}");
    }
    // Nor in the stream: every message's bytes.
    let client = async_nats::connect(&stack.nats.url).await.expect("nats");
    let js = async_nats::jetstream::new(client);
    let mut stream = js
        .get_stream(format!("{}_ANALYTICS", stack.nats.prefix.to_uppercase()))
        .await
        .expect("stream");
    let last = stream.info().await.expect("info").state.last_sequence;
    assert!(last > 0);
    for seq in 1..=last {
        let message = stream.get_raw_message(seq).await.expect("message");
        let bytes = message.payload.as_ref();
        assert!(!bytes.windows(9).any(|w| w == b"127.0.0.1"));
        assert!(!bytes.windows(4).any(|w| w == [127, 0, 0, 1]));
    }

    // `/api/log`: 401 signed out, 403 for a user, 200 for staff.
    let range = format!(
        "origin=stamps&start={}&end={}",
        started - 2 * HOUR_MS,
        now_ms() + HOUR_MS
    );
    let (status, _) = services.get_json(&format!("/api/log?{range}")).await;
    assert_eq!(status, 401);
    let mut user = Browser::new(&services);
    assert_eq!(
        user.sign_in(&actor(20), Format::Legacy).await.body,
        "success"
    );
    assert_eq!(user.get(&format!("/api/log?{range}")).await.status, 403);
    let mut staff = Browser::new(&services);
    assert_eq!(
        staff
            .sign_in(&actor(STAFF_ACTOR), Format::Bip322)
            .await
            .body,
        "success"
    );
    assert_eq!(
        staff
            .get("/api/log?origin=nowhere&start=0&end=1")
            .await
            .status,
        400
    );
    // Every request so far stored (the count stands still past two flushes), the log is asked for; what it
    // counts is every row before that moment (the log's own request lands after its answer).
    let mut stored = -1;
    loop {
        let now: i64 = sqlx::query_scalar("SELECT count(*) FROM analytics.requests")
            .fetch_one(&mut db)
            .await
            .expect("rows");
        if now == stored {
            break;
        }
        stored = now;
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    let asked = now_ms();
    let answer = staff.get(&format!("/api/log?{range}")).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let log = answer.json();
    assert_eq!(log["granularity"], "hour");
    assert_eq!(log["start"].as_i64().map(|s| s % HOUR_MS), Some(0));

    // Its figures are those counted directly over the raw rows of its range.
    let (start, end) = (
        log["start"].as_i64().expect("start"),
        log["end"].as_i64().expect("end"),
    );
    let raw: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT time_ms - time_ms % 3600000, count(*), count(DISTINCT visitor), count(*) FILTER (WHERE mobile)
         FROM analytics.requests WHERE origin = 0 AND time_ms >= $1 AND time_ms < $2 AND time_ms < $3
         GROUP BY 1",
    )
    .bind(start)
    .bind(end)
    .bind(asked)
    .fetch_all(&mut db)
    .await
    .expect("raw figures");
    let raw: BTreeMap<i64, (i64, i64, i64)> =
        raw.into_iter().map(|(h, r, v, m)| (h, (r, v, m))).collect();
    let series = log["series"].as_array().expect("series");
    assert_eq!(
        series.len() as i64,
        (end - start) / HOUR_MS,
        "every hour, empty ones included"
    );
    for bucket in series {
        let hour = bucket["time"].as_i64().expect("time");
        let (r, v, m) = raw.get(&hour).copied().unwrap_or_default();
        assert_eq!(
            (
                bucket["requests"].as_i64(),
                bucket["visitors"].as_i64(),
                bucket["mobile"].as_i64()
            ),
            (Some(r), Some(v), Some(m)),
            "hour {hour}"
        );
    }
    let total: i64 = raw.values().map(|(r, _, _)| r).sum();
    assert_eq!(log["totals"]["requests"].as_i64(), Some(total));
    assert!(log["totals"]["p99Us"].as_i64() > Some(0));
    // The top lists count the whole UTC days the range touches.
    let top: Vec<(String, i64)> = sqlx::query_as(
        "SELECT path, count(*) FROM analytics.requests
         WHERE origin = 0 AND time_ms >= $1 AND time_ms < $2 AND time_ms < $3
         GROUP BY path ORDER BY count(*) DESC, path LIMIT 20",
    )
    .bind(start - start.rem_euclid(DAY_MS))
    .bind(end + (DAY_MS - end.rem_euclid(DAY_MS)) % DAY_MS)
    .bind(asked)
    .fetch_all(&mut db)
    .await
    .expect("top paths");
    let answered: Vec<(String, i64)> = log["topPaths"]
        .as_array()
        .expect("top paths")
        .iter()
        .map(|t| {
            (
                t["path"].as_str().expect("path").to_owned(),
                t["requests"].as_i64().expect("n"),
            )
        })
        .collect();
    assert_eq!(answered, top);
    assert!(answered.iter().any(|(p, n)| p == "/api/origins" && *n >= 6));
    let urls: Vec<&str> = log["topUrls"]
        .as_array()
        .expect("top urls")
        .iter()
        .filter_map(|t| t["url"].as_str())
        .collect();
    assert!(urls.contains(&"/api/origins?x=1"), "{urls:?}");
    // The dashboard's default, the last 7 days by hour: whole days from the daily rollups, today's hours from
    // the hourly ones; the same top paths.
    let week = staff
        .get(&format!(
            "/api/log?origin=stamps&start={}&end={}",
            now_ms() - 7 * DAY_MS,
            now_ms()
        ))
        .await
        .json();
    assert_eq!(week["series"].as_array().map(Vec::len), Some(7 * 24 + 1));
    assert!(
        week["topPaths"]
            .as_array()
            .expect("top")
            .iter()
            .any(|t| t["path"] == "/api/origins"),
        "{week}"
    );
    // By day: one bucket per day, the same totals.
    let by_day = staff
        .get(&format!("/api/log?{range}&granularity=day"))
        .await
        .json();
    assert_eq!(by_day["granularity"], "day");
    assert_eq!(by_day["start"].as_i64().map(|s| s % DAY_MS), Some(0));
    let day_total: i64 = by_day["series"]
        .as_array()
        .expect("series")
        .iter()
        .filter_map(|b| b["requests"].as_i64())
        .sum();
    assert!(day_total >= total, "{day_total} < {total}");

    // Another replica's consumer writes the same schema: its requests show in this replica's next answer, for
    // what this one kept of the day is current only while the day's version stands.
    let pool = stamps_analytics::service::connect(&stamps_platform::config::PostgresConfig {
        url: stack.postgres.url.clone(),
        max_connections: 1,
    })
    .await
    .expect("pool");
    let elsewhere = format!("/api/log?origin=xcp-wallet&start={start}&end={end}");
    let before = staff.get(&elsewhere).await.json();
    assert_eq!(staff.get(&elsewhere).await.json(), before, "kept");
    let other = stamps_analytics::ingest::Ingest::new(30, stamps_analytics::ingest::now_ms);
    let served = RequestsServed {
        requests: (0..9)
            .map(|i| RequestServed {
                origin: "xcp-wallet".into(),
                path: "/elsewhere".into(),
                url: format!("/elsewhere?n={i}"),
                status: 200,
                latency_us: 1_500,
                is_mobile: i < 3,
                time_ms: now_ms() - i,
                visitor: vec![7; 16],
            })
            .collect(),
    };
    let mut tx = pool.begin().await.expect("transaction");
    other
        .apply(&mut tx, REQUESTS_SERVED, &served.encode_to_vec())
        .await
        .expect("applied");
    other.finish(&mut tx).await.expect("written");
    tx.commit().await.expect("committed");
    let after = staff.get(&elsewhere).await.json();
    let totals = |log: &Value| {
        (
            log["totals"]["requests"].as_i64().unwrap_or(-1),
            log["totals"]["mobile"].as_i64().unwrap_or(-1),
        )
    };
    let (requests, mobile) = totals(&before);
    assert_eq!(totals(&after), (requests + 9, mobile + 3), "{after}");
    assert!(
        after["topPaths"]
            .as_array()
            .expect("top paths")
            .iter()
            .any(|t| t["path"] == "/elsewhere" && t["requests"].as_i64() >= Some(9)),
        "{after}"
    );

    // The metrics: the gateway counts its answers and the events NATS took; the analytics service its consumer.
    let gateway = page(&services.service_metrics["gateway"]).await;
    assert!(
        sample(
            &gateway,
            "stamps_gateway_http_requests_total",
            &["origin=\"stamps\"", "class=\"4xx\""]
        ) >= 2.0
    );
    assert!(
        sample(
            &gateway,
            "stamps_gateway_analytics_events_published_total",
            &[]
        ) >= sent.len() as f64
    );
    let analytics = page(&services.service_metrics["analytics"]).await;
    assert!(
        sample(
            &analytics,
            "stamps_analytics_consumer_applied_messages_total",
            &["consumer=\"analytics\""]
        ) >= 1.0
    );
    assert!(
        sample(
            &analytics,
            "stamps_analytics_grpc_requests_total",
            &["method=\"GetLog\"", "code=\"0\""]
        ) >= 2.0
    );

    // What the consumers kept as they went equals the rollups rebuilt at once from the raw rows.
    services.stop().await;
    let rollups = async |db: &mut sqlx::PgConnection| -> Vec<String> {
        let mut all = Vec::new();
        for table in [
            "hourly",
            "daily",
            "hourly_latency",
            "daily_latency",
            "daily_paths",
            "daily_urls",
        ] {
            let rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT '{table}' || t::TEXT FROM analytics.{table} t ORDER BY t::TEXT"
            )))
            .fetch_all(&mut *db)
            .await
            .expect("rollup rows");
            all.extend(rows);
        }
        all
    };
    let kept_as_it_went = rollups(&mut db).await;
    assert!(kept_as_it_went.len() > 10);
    stamps_analytics::ingest::rebuild_rollups(&pool, started - DAY_MS, now_ms() + DAY_MS)
        .await
        .expect("rebuilt");
    assert_eq!(rollups(&mut db).await, kept_as_it_went);
    // The SQL latency classes the rebuild uses are the consumer's.
    let samples: Vec<i32> = (0..3000)
        .chain([65_535, 65_536, 1_000_000, i32::MAX])
        .collect();
    let classes: Vec<i16> =
        sqlx::query_scalar("SELECT analytics.latency_class(u) FROM UNNEST($1::INTEGER[]) AS u")
            .bind(&samples)
            .fetch_all(&mut db)
            .await
            .expect("classes");
    let expected: Vec<i16> = samples
        .iter()
        .map(|u| stamps_analytics::latency::class(*u as u32))
        .collect();
    assert_eq!(classes, expected);

    // The retention: a month later, the day's partition is dropped whole; the rollups stay.
    let days = stamps_analytics::ingest::partitions(&pool)
        .await
        .expect("partitions");
    assert!(!days.is_empty());
    let kept = stamps_analytics::ingest::drop_expired(&pool, now_ms(), 30, 730)
        .await
        .expect("retention");
    assert!(kept.is_empty(), "today's partition is kept");
    let dropped = stamps_analytics::ingest::drop_expired(&pool, now_ms() + 31 * DAY_MS, 30, 730)
        .await
        .expect("retention");
    assert_eq!(dropped, days);
    assert!(
        stamps_analytics::ingest::partitions(&pool)
            .await
            .expect("partitions")
            .is_empty()
    );
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM analytics.requests")
        .fetch_one(&mut db)
        .await
        .expect("rows");
    assert_eq!(left, 0);
    let hourly: i64 =
        sqlx::query_scalar("SELECT COALESCE(sum(requests), 0)::BIGINT FROM analytics.hourly")
            .fetch_one(&mut db)
            .await
            .expect("rollups");
    assert!(hourly >= total);
    pool.close().await;

    drop(db);
    stack.finish().await;
}

/// A TCP relay to NATS that the test can cut: NATS, as the gateway sees it, stops.
struct Relay {
    addr: std::net::SocketAddr,
    cut: tokio_util::sync::CancellationToken,
}

impl Relay {
    async fn start(to: &str) -> Self {
        let target = to.trim_start_matches("nats://").to_owned();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let cut = tokio_util::sync::CancellationToken::new();
        let stop = cut.clone();
        tokio::spawn(async move {
            loop {
                let (mut inbound, _) = tokio::select! {
                    _ = stop.cancelled() => return,
                    accepted = listener.accept() => match accepted {
                        Ok(a) => a,
                        Err(_) => return,
                    },
                };
                let target = target.clone();
                let stop = stop.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = stop.cancelled() => {
                            let _ = inbound.shutdown().await;
                        }
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                    }
                });
            }
        });
        Self { addr, cut }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_nats_gone_every_request_is_answered_and_the_dropped_events_counted() {
    let (postgres, nats) = crate::helpers::fresh_settings("nats_gone");
    let relay = Relay::start(&nats.url).await;
    let relayed = stamps_platform::config::NatsConfig {
        url: format!("nats://{}", relay.addr),
        prefix: nats.prefix.clone(),
    };
    let gateway = stamps_gateway::build(
        &stamps_gateway::GatewayConfig {
            listen: "127.0.0.1:0".into(),
            static_dir: std::path::PathBuf::from("/nonexistent"),
            metrics_listen: Some("127.0.0.1:0".into()),
            analytics: stamps_gateway::requests::AnalyticsConfig {
                buffer: 64,
                flush_ms: 20,
                ..Default::default()
            },
            ..Default::default()
        },
        &relayed,
    )
    .await
    .expect("gateway builds");
    let base = format!("http://{}", gateway.addr().expect("addr"));
    let metrics = format!(
        "http://{}/metrics",
        gateway.metrics_addr().expect("metrics")
    );
    let log = gateway.request_log();
    let stop = stamps_platform::shutdown::Shutdown::new();
    let running = tokio::spawn(gateway.run_until_stopped(stop.clone()));
    let http = reqwest::Client::new();
    let published = async || {
        sample(
            &page(&metrics).await,
            "stamps_gateway_analytics_events_published_total",
            &[],
        )
    };
    // With NATS there, events are published.
    for _ in 0..5 {
        assert_eq!(
            http.get(format!("{base}/api/origins"))
                .send()
                .await
                .expect("answered")
                .status(),
            200
        );
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while published().await < 5.0 {
        assert!(Instant::now() < deadline, "the events were not published");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(log.dropped(), 0);

    // NATS gone: every request is still answered, quickly, and the events are dropped and counted.
    relay.cut.cancel();
    let before = published().await;
    let asked = Instant::now();
    for _ in 0..300 {
        let answer = http
            .get(format!("{base}/api/origins"))
            .send()
            .await
            .expect("answered");
        assert_eq!(answer.status(), 200);
        let _: Value = answer.json().await.expect("json");
    }
    let elapsed = asked.elapsed();
    let deadline = Instant::now() + Duration::from_secs(10);
    while log.dropped() == 0 {
        assert!(Instant::now() < deadline, "no event was counted as dropped");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = page(&metrics).await;
    assert!(sample(&text, "stamps_gateway_analytics_events_dropped_total", &[]) >= 1.0);
    assert_eq!(
        published().await,
        before,
        "nothing published while NATS is gone"
    );
    assert!(
        sample(
            &text,
            "stamps_gateway_http_requests_total",
            &["class=\"2xx\""]
        ) >= 305.0,
        "every request counted"
    );
    tracing::info!(?elapsed, "300 requests with NATS gone");

    stop.cancel();
    let _ = tokio::time::timeout(Duration::from_secs(10), running).await;
    // What the gateway made of this prefix.
    remove_streams(&nats.url, &nats.prefix).await;
    drop(postgres);
}
