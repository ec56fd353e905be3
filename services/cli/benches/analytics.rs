//! Analytics, each service in its own `stamps` process on a fresh database and NATS prefix:
//!
//! 1. ingestion: `ANALYTICS_BENCH_EVENTS` (default 400,000) request events, published beforehand in batches of
//!    1,000 as gateways publish them, consumed by `stamps analytics` into raw rows and rollups: events per second;
//! 2. `GET /api/log` for the last 7 days (by hour and by day) over `ANALYTICS_BENCH_ROWS` (default 10,000,000) raw
//!    rows spread over those days (written by SQL, their rollups rebuilt from them), signed in as staff, through
//!    `stamps gateway`: p50, p99 and rate on each of `ANALYTICS_BENCH_CONNECTIONS` connections (default 1,8);
//! 3. the gateway's throughput (`GET /api/origins`, wrk, 64 connections, `ANALYTICS_BENCH_SECONDS` each, default
//!    10) with request events on and off, two gateways measured in turn, three times each, with the CPU time per
//!    request of the gateway and of NATS.
//!
//! Postgres and NATS are `STAMPS_TEST_POSTGRES` and `STAMPS_TEST_NATS`; the database and streams are removed
//! afterwards.

use std::time::{Duration, Instant};

mod common;

use bitcoin::secp256k1::{Secp256k1, SecretKey};
use bitcoin::{Address, CompressedPublicKey, Network, PrivateKey};
use common::{env, free_port, percentile};
use prost::Message as _;
use stamps_proto::events::v1::{RequestServed, RequestsServed};

const DAY_MS: i64 = 86_400_000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .expect("clock")
}

/// A small deterministic generator (xorshift), so that every run publishes the same events.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `count` events served one every `step` ms from `first` on, as gateways publish them: 4 origins (most for the
/// Stamps site), 2,000 paths, 10,000 URLs, 20,000 visitors, a third from phones, latencies from 200 µs to about
/// 50 ms.
fn events(count: usize, rng: &mut Rng, first: i64, step: i64) -> Vec<RequestServed> {
    let origins = [
        "stamps",
        "stamps",
        "stamps",
        "stamps-wallet",
        "xcp",
        "xcp-wallet",
    ];
    (0..count)
        .map(|i| {
            let path = rng.below(2_000);
            let query = rng.below(5);
            let visitor = rng.below(20_000);
            let mut hash = [0u8; 16];
            hash[..8].copy_from_slice(&visitor.to_le_bytes());
            RequestServed {
                origin: origins[rng.below(origins.len() as u64) as usize].to_owned(),
                path: format!("/api/stamps/{path}"),
                url: format!("/api/stamps/{path}?page={query}"),
                status: 200,
                latency_us: 200 + (rng.below(1_000) * rng.below(50)) as u32,
                is_mobile: rng.below(3) == 0,
                time_ms: first + i as i64 * step,
                visitor: hash.to_vec(),
            }
        })
        .collect()
}

async fn wait_for(url: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !reqwest::get(url)
        .await
        .is_ok_and(|r| r.status().is_success())
    {
        assert!(Instant::now() < deadline, "{what} did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::main]
async fn main() {
    let total_events: usize = env("ANALYTICS_BENCH_EVENTS", 400_000);
    let rows: i64 = env("ANALYTICS_BENCH_ROWS", 10_000_000);
    let connections: Vec<usize> = std::env::var("ANALYTICS_BENCH_CONNECTIONS")
        .unwrap_or_else(|_| "1,8".into())
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .expect("ANALYTICS_BENCH_CONNECTIONS: numbers, e.g. 1,8")
        })
        .collect();
    let seconds: u64 = env("ANALYTICS_BENCH_SECONDS", 10);
    let postgres = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let nats_url =
        std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let run = format!("analyticsbench{}", std::process::id());
    let db_url = format!("{postgres}/stamps_{run}");
    let (auth_grpc, analytics_grpc) = (free_port(), free_port());
    let (on_http, off_http) = (free_port(), free_port());
    let secp = Secp256k1::new();
    let staff_key = SecretKey::new(&mut bitcoin::secp256k1::rand::thread_rng());
    let staff_public =
        CompressedPublicKey::from_private_key(&secp, &PrivateKey::new(staff_key, Network::Bitcoin))
            .expect("key");
    let staff = Address::p2wpkh(&staff_public, Network::Bitcoin).to_string();
    let spawn = |args: &[&str], extra: &[(&str, String)]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_stamps"));
        command
            .args(args)
            .env("STAMPS_POSTGRES__URL", &db_url)
            .env("STAMPS_POSTGRES__MAX_CONNECTIONS", "16")
            .env("STAMPS_NATS__URL", &nats_url)
            .env("STAMPS_NATS__PREFIX", &run)
            .env("STAMPS_AUTH__GRPC_LISTEN", format!("127.0.0.1:{auth_grpc}"))
            .env("STAMPS_AUTH__STAFF", format!("[{staff}]"))
            .env(
                "STAMPS_ANALYTICS__GRPC_LISTEN",
                format!("127.0.0.1:{analytics_grpc}"),
            )
            .env(
                "STAMPS_GATEWAY__AUTH_URL",
                format!("http://127.0.0.1:{auth_grpc}"),
            )
            .env(
                "STAMPS_GATEWAY__ANALYTICS_URL",
                format!("http://127.0.0.1:{analytics_grpc}"),
            )
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null());
        for (key, value) in extra {
            command.env(key, value);
        }
        command.spawn().expect("stamps")
    };

    // 1. Ingestion: the events wait in the stream, then the service consumes them.
    let client = async_nats::connect(&nats_url).await.expect("nats");
    let js = async_nats::jetstream::new(client);
    js.get_or_create_stream(async_nats::jetstream::stream::Config {
        name: format!("{}_ANALYTICS", run.to_uppercase()),
        subjects: vec![format!("{run}.analytics.>")],
        max_age: Duration::from_secs(7 * 24 * 3600),
        ..Default::default()
    })
    .await
    .expect("stream");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let now = now_ms();
    let batches = total_events.div_ceil(1_000);
    // The traffic of the last 30 minutes, in the order it was served.
    let step = (30 * 60_000 / (batches as i64 * 1_000)).max(1);
    for b in 0..batches {
        let first = now - 30 * 60_000 + b as i64 * 1_000 * step;
        let payload = RequestsServed {
            requests: events(1_000, &mut rng, first, step),
        }
        .encode_to_vec();
        js.publish(format!("{run}.analytics.requests"), payload.into())
            .await
            .expect("publish")
            .await
            .expect("ack");
    }
    println!(
        "bench-analytics: {} events in {batches} messages; /api/log over {rows} raw rows",
        batches * 1_000
    );
    let mut analytics = spawn(&["analytics"], &[]);
    let mut db = <sqlx::PgConnection as sqlx::Connection>::connect(&db_url).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    while db.is_err() {
        assert!(Instant::now() < deadline, "no database");
        tokio::time::sleep(Duration::from_millis(100)).await;
        db = <sqlx::PgConnection as sqlx::Connection>::connect(&db_url).await;
    }
    let mut db = db.expect("database");
    let applied = async |db: &mut sqlx::PgConnection| -> i64 {
        sqlx::query_scalar::<_, i64>(
            "SELECT stream_sequence FROM analytics.consumer_offsets WHERE consumer = 'analytics'",
        )
        .fetch_optional(db)
        .await
        .ok()
        .flatten()
        .unwrap_or(0)
    };
    // From the first batch applied to the last.
    let deadline = Instant::now() + Duration::from_secs(600);
    let (first, t0) = loop {
        let seq = applied(&mut db).await;
        if seq > 0 {
            break (seq, Instant::now());
        }
        assert!(Instant::now() < deadline, "nothing was applied");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    while applied(&mut db).await < batches as i64 {
        assert!(Instant::now() < deadline, "the events were not all applied");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let elapsed = t0.elapsed();
    let counted = (batches as i64 - first) * 1_000;
    println!(
        "{:<52} {:>9.0} events/s ({counted} events in {:.2} s)",
        "ingestion (raw rows and rollups, one process)",
        counted as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64()
    );

    // 2. Ten million raw rows over the last 7 days, their rollups rebuilt, and /api/log over them.
    let start_day = now - now.rem_euclid(DAY_MS) - 7 * DAY_MS;
    let t = Instant::now();
    sqlx::query("SET search_path TO analytics")
        .execute(&mut db)
        .await
        .expect("schema");
    sqlx::query(
        "TRUNCATE requests, hourly, daily, hourly_visitors, daily_visitors, hourly_latency, daily_latency,
                  daily_paths, daily_urls",
    )
        .execute(&mut db)
        .await
        .expect("truncate");
    for day in 0..8 {
        let from = start_day + day * DAY_MS;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "CREATE TABLE IF NOT EXISTS requests_d{} PARTITION OF requests FOR VALUES FROM ({from}) TO ({})",
            from / DAY_MS,
            from + DAY_MS
        )))
        .execute(&mut db)
        .await
        .expect("partition");
    }
    let span = 7 * DAY_MS;
    sqlx::query(
        "INSERT INTO requests (time_ms, origin, path, url, status, latency_us, mobile, visitor)
         SELECT $2 - (i * $3 / $1),
                (ARRAY[0, 0, 0, 1, 2, 3])[(1 + abs(hashint8(i)::BIGINT) % 6)::INTEGER]::SMALLINT,
                '/api/stamps/' || abs(hashint8(i + 1)::BIGINT) % 2000,
                '/api/stamps/' || abs(hashint8(i + 1)::BIGINT) % 2000 || '?page=' || abs(hashint8(i + 2)::BIGINT) % 5,
                200,
                200 + (abs(hashint8(i + 3)::BIGINT) % 1000) * (abs(hashint8(i + 4)::BIGINT) % 50),
                abs(hashint8(i + 5)::BIGINT) % 3 = 0,
                decode(md5((abs(hashint8(i + 6)::BIGINT) % 20000)::TEXT), 'hex')
         FROM generate_series(0::BIGINT, $1 - 1) AS i",
    )
    .bind(rows)
    .bind(now)
    .bind(span)
    .execute(&mut db)
    .await
    .expect("raw rows");
    let written = t.elapsed();
    let pool = stamps_analytics::service::connect(&stamps_platform::config::PostgresConfig {
        url: db_url.clone(),
        max_connections: 1,
    })
    .await
    .expect("pool");
    let t = Instant::now();
    stamps_analytics::ingest::rebuild_rollups(&pool, now - 7 * DAY_MS, now)
        .await
        .expect("rollups");
    sqlx::query("ANALYZE")
        .execute(&mut db)
        .await
        .expect("analyze");
    println!(
        "{rows} raw rows written in {:.1} s, their rollups rebuilt in {:.1} s",
        written.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );

    let mut auth = spawn(&["auth"], &[]);
    let mut gateway = spawn(
        &[
            "gateway",
            "--listen",
            &format!("127.0.0.1:{on_http}"),
            "--static-dir",
            "/nonexistent",
        ],
        &[],
    );
    let base = format!("http://127.0.0.1:{on_http}");
    wait_for(
        &format!("{base}/api/user/test/{staff}"),
        "the gateway and auth",
    )
    .await;
    let http = reqwest::Client::new();
    let message = http
        .get(format!("{base}/api/auth/message/{staff}"))
        .send()
        .await
        .expect("challenge")
        .text()
        .await
        .expect("text");
    let signature = common::sign_legacy(&staff_key, &message);
    let signed = http
        .post(format!("{base}/api/auth"))
        .header("origin", &base)
        .json(&serde_json::json!({
            "address": staff, "message": message, "signature": signature, "type": "bench"
        }))
        .send()
        .await
        .expect("sign-in");
    let cookie = signed
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("session")
        .to_owned();
    assert_eq!(signed.text().await.expect("text"), "success");
    let range = format!("start={}&end={now}", now - 7 * DAY_MS);
    for (granularity, connections) in ["hour", "day"]
        .into_iter()
        .flat_map(|g| connections.iter().map(move |c| (g, *c)))
    {
        let url = format!("{base}/api/log?origin=stamps&{range}&granularity={granularity}");
        let answer = http
            .get(&url)
            .header("cookie", &cookie)
            .send()
            .await
            .expect("log");
        assert_eq!(answer.status(), 200);
        let log: serde_json::Value = answer.json().await.expect("json");
        let requests = log["totals"]["requests"].as_i64().unwrap_or(0);
        assert!(requests > rows / 3, "the log counts the rows: {requests}");
        let latencies =
            common::load(&url, std::slice::from_ref(&cookie), connections, seconds).await;
        println!(
            "{:<52} p50 {:7.2} ms   p99 {:7.2} ms   {:7.0} req/s  ({requests} requests counted)",
            format!("GET /api/log, 7 days by {granularity}, {connections} connections"),
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            latencies.len() as f64 / seconds as f64,
        );
    }

    // 3. The gateway's throughput with request events on and off, the consumer stopped (its work is another
    //    machine's in production).
    let _ = analytics.kill();
    let _ = analytics.wait();
    // The raw rows go: Postgres's background work on them (autovacuum) must not share the cores measured.
    sqlx::query("TRUNCATE requests, hourly_visitors, daily_visitors")
        .execute(&mut db)
        .await
        .expect("truncate");
    // Two fresh gateways, alike but for the request events.
    let _ = gateway.kill();
    let _ = gateway.wait();
    let gateway_on = |port: u16, enabled: bool| {
        spawn(
            &[
                "gateway",
                "--listen",
                &format!("127.0.0.1:{port}"),
                "--static-dir",
                "/nonexistent",
            ],
            &[("STAMPS_GATEWAY__ANALYTICS__ENABLED", enabled.to_string())],
        )
    };
    let mut loud = gateway_on(on_http, true);
    let mut quiet = gateway_on(off_http, false);
    let off = format!("http://127.0.0.1:{off_http}");
    wait_for(&format!("{off}/healthz"), "the gateway without events").await;
    wait_for(&format!("{base}/healthz"), "the gateway with events").await;
    let mut rates: Vec<(&str, f64)> = Vec::new();
    let (on_pid, off_pid) = (loud.id(), quiet.id());
    for (name, url, pid) in [("off", &off, off_pid), ("on", &base, on_pid)]
        .into_iter()
        .cycle()
        .take(6)
    {
        let cpu = || {
            (
                common::cpu_seconds(pid),
                common::cpu_seconds_named("nats-server"),
            )
        };
        let (gateway_before, nats_before) = cpu();
        let Some((p50, p99, rate, _)) =
            common::wrk(&format!("{url}/api/origins"), 64, seconds, &[], None)
        else {
            println!("wrk is not installed: the throughput comparison is skipped");
            break;
        };
        let (gateway_after, nats_after) = cpu();
        let rate: f64 = rate.parse().unwrap_or(0.0);
        // CPU time per request, in microseconds: the gateway's and NATS's.
        let per_request = |cpu: f64| cpu * 1e6 / (rate * seconds as f64).max(1.0);
        println!(
            "{:<52} p50 {p50:>8}   p99 {p99:>8}   {rate:>9.0} req/s (wrk); CPU per request: gateway {:.1} µs, \
             NATS {:.1} µs",
            format!("GET /api/origins, 64 connections, events {name}"),
            per_request(gateway_after - gateway_before),
            per_request(nats_after - nats_before),
        );
        rates.push((name, rate));
    }
    let mean = |which: &str| {
        let r: Vec<f64> = rates
            .iter()
            .filter(|(n, _)| *n == which)
            .map(|(_, r)| *r)
            .collect();
        r.iter().sum::<f64>() / r.len().max(1) as f64
    };
    if !rates.is_empty() {
        let (on, off) = (mean("on"), mean("off"));
        println!(
            "{:<52} {:+.1}% (on {on:.0} req/s, off {off:.0} req/s)",
            "throughput with events on against off",
            (on - off) / off * 100.0
        );
    }

    for child in [&mut loud, &mut quiet, &mut auth] {
        let _ = child.kill();
        let _ = child.wait();
    }
    pool.close().await;
    drop(db);
    common::remove_run(&postgres, &nats_url, &run).await;
}
