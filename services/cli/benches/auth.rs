//! Sign-in and the account API through the gateway, each service in its own `stamps` process (`stamps auth`,
//! `stamps gateway`) on a fresh database and NATS prefix: first sign-ins (the user created, its event written),
//! returning sign-ins (a new session), each as a challenge asked for and a signed challenge submitted, and
//! `GET /api/user` under load. The signatures are made by the bench between the two requests and not counted
//! (a wallet makes them in the visitor's browser); half are BIP-322, half legacy.
//!
//! `AUTH_BENCH_USERS` (default 2000) users sign in; `AUTH_BENCH_CONCURRENCY` (default 16) sign-ins run at once for
//! the throughput, and one at a time for the latency of a lone visitor; then new users sign in, and again, arriving
//! at `AUTH_BENCH_RATE` (default 1000) a second for `AUTH_BENCH_PACED_SECONDS` (default 10) whatever the answers'
//! pace, for the latency under that load (from each sign-in's scheduled start, which a thread of the bench keeps
//! to within a fraction of a millisecond: the line after each such measure says how late the starts were);
//! `AUTH_BENCH_CONNECTIONS` (default 64) and `AUTH_BENCH_SECONDS` (default 10) load `GET /api/user`.
//! Postgres and NATS are `STAMPS_TEST_POSTGRES` and `STAMPS_TEST_NATS` (defaults: the local servers); the database
//! and streams are removed afterwards. The services run with their default settings (a pool of 8 Postgres
//! connections, say, and as many for single statements), but for the gateway's rate limits, raised so that the
//! bench's one client address is not refused. Each sign-in measure also gives the CPU time each process took per
//! sign-in: the bench (the visitors and their signing), the gateway, the auth service, PostgreSQL and NATS, which
//! share the machine's cores.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod common;

use bitcoin::secp256k1::{Secp256k1, SecretKey};
use bitcoin::{Address, CompressedPublicKey, Network, PrivateKey};
use common::{env, free_port, percentile};

struct Visitor {
    secret: SecretKey,
    public: CompressedPublicKey,
    address: String,
}

fn visitors(n: usize) -> Vec<Visitor> {
    let secp = Secp256k1::new();
    (0..n)
        .map(|_| {
            let secret = SecretKey::new(&mut bitcoin::secp256k1::rand::thread_rng());
            let private = PrivateKey::new(secret, Network::Bitcoin);
            let public = CompressedPublicKey::from_private_key(&secp, &private).expect("key");
            Visitor {
                secret,
                public,
                address: Address::p2wpkh(&public, Network::Bitcoin).to_string(),
            }
        })
        .collect()
}

fn sign(v: &Visitor, message: &str, bip322: bool) -> String {
    if bip322 {
        return common::sign_bip322_p2wpkh(&v.secret, v.public, message);
    }
    common::sign_legacy(&v.secret, message)
}

/// The bench's BIP-322 signer gives what the `bip322` crate gives.
fn check_signer(v: &Visitor) {
    let wif = PrivateKey::new(v.secret, Network::Bitcoin).to_wif();
    let message = "bench: the signer agrees with the bip322 crate";
    let expected = bip322::sign_simple_encoded(&v.address, message, &[wif], None).expect("signs");
    assert_eq!(
        format!(
            "smp{}",
            common::sign_bip322_p2wpkh(&v.secret, v.public, message)
        ),
        expected
    );
}

struct Site {
    base: String,
    http: reqwest::Client,
}

impl Site {
    async fn challenge(&self, v: &Visitor) -> (String, Duration) {
        let t = Instant::now();
        let r = self
            .http
            .get(format!("{}/api/auth/message/{}", self.base, v.address))
            .send()
            .await
            .expect("challenge");
        assert_eq!(r.status(), 200);
        let text = r.text().await.expect("text");
        (text, t.elapsed())
    }

    async fn submit(&self, v: &Visitor, message: &str, signature: &str) -> (String, Duration) {
        let t = Instant::now();
        let r = self
            .http
            .post(format!("{}/api/auth", self.base))
            .header("origin", &self.base)
            .json(&serde_json::json!({
                "address": v.address, "message": message, "signature": signature, "type": "bench"
            }))
            .send()
            .await
            .expect("submit");
        let cookie = r
            .headers()
            .get("set-cookie")
            .and_then(|c| c.to_str().ok())
            .and_then(|c| c.split(';').next())
            .unwrap_or_default()
            .to_owned();
        let body = r.text().await.expect("text");
        assert_eq!(body, "success");
        (cookie, t.elapsed())
    }
}

/// Signs every visitor in, `concurrency` at a time: the sessions' cookies, each sign-in's latency (challenge plus
/// submission, the signing left out), and the wall time of the server's work.
async fn sign_in_all(
    site: &Arc<Site>,
    people: &Arc<Vec<Visitor>>,
    concurrency: usize,
) -> (Vec<String>, Vec<Duration>, Duration) {
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    let started = Instant::now();
    let signing = Arc::new(std::sync::Mutex::new(Duration::ZERO));
    for _ in 0..concurrency {
        let (site, people, next, signing) =
            (site.clone(), people.clone(), next.clone(), signing.clone());
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(v) = people.get(i) else { break };
                let (message, asked) = site.challenge(v).await;
                let t = Instant::now();
                let signature = sign(v, &message, i % 2 == 0);
                *signing.lock().expect("lock") += t.elapsed();
                let (cookie, submitted) = site.submit(v, &message, &signature).await;
                out.push((i, cookie, asked + submitted));
            }
            out
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("task"));
    }
    let wall = started.elapsed();
    // The signing ran on the same cores, one task's at a time as seen by the server: leave it out.
    let signing = *signing.lock().expect("lock") / concurrency as u32;
    all.sort_by_key(|(i, _, _)| *i);
    let cookies = all.iter().map(|(_, c, _)| c.clone()).collect();
    let mut latencies: Vec<Duration> = all.iter().map(|(_, _, l)| *l).collect();
    latencies.sort();
    (cookies, latencies, wall.saturating_sub(signing))
}

/// Signs every visitor in at `rate` sign-ins per second, each started on its schedule whatever the others are
/// doing (an open load: a slow answer does not slow the arrivals): each sign-in's latency from its scheduled start
/// to its session, the signing left out, and the wall time. The arrivals are paced by a thread of their own that
/// sleeps to each start time: the runtime's timers fire on whole milliseconds, which would add up to a
/// millisecond of the bench's own lateness to every latency.
async fn sign_in_paced(
    site: &Arc<Site>,
    people: &Arc<Vec<Visitor>>,
    rate: u32,
) -> (String, Vec<Duration>, Duration) {
    let period = Duration::from_secs(1) / rate.max(1);
    let runtime = tokio::runtime::Handle::current();
    let (site, people) = (site.clone(), people.clone());
    let started = Instant::now();
    let pacer = std::thread::spawn(move || {
        let mut tasks = Vec::with_capacity(people.len());
        for i in 0..people.len() {
            let due = started + period * u32::try_from(i).expect("visitors");
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
            let (site, people) = (site.clone(), people.clone());
            tasks.push(runtime.spawn(async move {
                let late = due.elapsed();
                let v = &people[i];
                let (message, _) = site.challenge(v).await;
                let asked = due.elapsed();
                let signature = sign(v, &message, i % 2 == 0);
                let (_, submitted) = site.submit(v, &message, &signature).await;
                (asked + submitted, late)
            }));
        }
        tasks
    });
    let tasks = tokio::task::spawn_blocking(move || pacer.join().expect("pacer"))
        .await
        .expect("pacer");
    let (mut latencies, mut late) = (
        Vec::with_capacity(tasks.len()),
        Vec::with_capacity(tasks.len()),
    );
    for t in tasks {
        let (latency, started_late) = t.await.expect("task");
        latencies.push(latency);
        late.push(started_late);
    }
    let wall = started.elapsed();
    latencies.sort();
    late.sort();
    let lateness = format!(
        "{:<44} p50 {:7.2} ms   p99 {:7.2} ms",
        "  (their starts after the scheduled times)",
        percentile(&late, 0.5),
        percentile(&late, 0.99)
    );
    (lateness, latencies, wall)
}

/// CPU seconds used so far by the bench itself, the gateway, the auth service, PostgreSQL and NATS.
#[derive(Clone, Copy)]
struct Cpu([f64; 5]);

impl Cpu {
    const NAMES: [&'static str; 5] = ["bench", "gateway", "auth", "postgres", "nats"];

    fn now(gateway: u32, auth: u32) -> Self {
        Cpu([
            common::cpu_seconds(std::process::id()),
            common::cpu_seconds(gateway),
            common::cpu_seconds(auth),
            common::cpu_seconds_named("postgres"),
            common::cpu_seconds_named("nats-server"),
        ])
    }

    /// Each one's CPU time per sign-in since `before`, in microseconds.
    fn per(self, before: Cpu, n: usize) -> String {
        let each = |i: usize| (self.0[i] - before.0[i]) * 1e6 / n.max(1) as f64;
        let parts: Vec<String> = (0..5)
            .map(|i| format!("{} {:.0}", Self::NAMES[i], each(i)))
            .collect();
        format!("CPU µs each: {}", parts.join(", "))
    }
}

/// Runs one measure of sign-ins: prints their latencies, their rate and the CPU time each process took per sign-in
/// (`cpu` reads it), and returns what the sign-ins gave.
async fn measure<T>(
    name: &str,
    cpu: impl Fn() -> Cpu,
    sign_ins: impl std::future::Future<Output = (T, Vec<Duration>, Duration)>,
) -> T {
    let before = cpu();
    let (out, latencies, wall) = sign_ins.await;
    report(name, &latencies, wall, cpu().per(before, latencies.len()));
    out
}

fn report(name: &str, latencies: &[Duration], wall: Duration, cpu: String) {
    println!(
        "{name:<44} p50 {:7.2} ms   p99 {:7.2} ms   {:7.0} sign-ins/s   {cpu}",
        percentile(latencies, 0.5),
        percentile(latencies, 0.99),
        latencies.len() as f64 / wall.as_secs_f64()
    );
}

#[tokio::main]
async fn main() {
    let users: usize = env("AUTH_BENCH_USERS", 2000);
    let concurrency: usize = env("AUTH_BENCH_CONCURRENCY", 16);
    let rate: u32 = env("AUTH_BENCH_RATE", 1000);
    let paced_seconds: u32 = env("AUTH_BENCH_PACED_SECONDS", 10);
    let connections: usize = env("AUTH_BENCH_CONNECTIONS", 64);
    let seconds: u64 = env("AUTH_BENCH_SECONDS", 10);
    let postgres = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let nats_url =
        std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let run = format!("authbench{}", std::process::id());
    let db_url = format!("{postgres}/stamps_{run}");
    let (grpc, http) = (free_port(), free_port());
    let spawn = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_stamps"))
            .args(args)
            .env("STAMPS_POSTGRES__URL", &db_url)
            .env("STAMPS_NATS__URL", &nats_url)
            .env("STAMPS_NATS__PREFIX", &run)
            .env("STAMPS_AUTH__GRPC_LISTEN", format!("127.0.0.1:{grpc}"))
            .env(
                "STAMPS_GATEWAY__AUTH_URL",
                format!("http://127.0.0.1:{grpc}"),
            )
            .env("STAMPS_GATEWAY__SESSION__CHALLENGES_PER_MINUTE", "1000000")
            .env("STAMPS_GATEWAY__SESSION__SUBMITS_PER_MINUTE", "1000000")
            .env("STAMPS_GATEWAY__SESSION__PER_ADDRESS_PER_MINUTE", "1000000")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("stamps")
    };
    let mut auth = spawn(&["auth"]);
    let mut gateway = spawn(&[
        "gateway",
        "--listen",
        &format!("127.0.0.1:{http}"),
        "--static-dir",
        "/nonexistent",
    ]);
    let site = Arc::new(Site {
        base: format!("http://127.0.0.1:{http}"),
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(256)
            .build()
            .expect("client"),
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let ready = site
            .http
            .get(format!(
                "{}/api/user/test/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
                site.base
            ))
            .send()
            .await;
        if ready.is_ok_and(|r| r.status() == 200) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the gateway and the auth service did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "bench-auth: {users} users, {concurrency} sign-ins at once; {rate}/s for {paced_seconds} s; \
         GET /api/user on {connections} connections for {seconds} s"
    );
    let people = Arc::new(visitors(users));
    let lone: Arc<Vec<Visitor>> = Arc::new(visitors(200));
    check_signer(&lone[0]);

    let (gateway_pid, auth_pid) = (gateway.id(), auth.id());
    let cpu = || Cpu::now(gateway_pid, auth_pid);
    let paced_first = format!("first sign-ins arriving at {rate}/s");
    let paced_returning = format!("returning sign-ins arriving at {rate}/s");
    measure(
        "first sign-ins (user created)",
        cpu,
        sign_in_all(&site, &people, concurrency),
    )
    .await;
    let cookies = measure(
        "returning sign-ins (new session)",
        cpu,
        sign_in_all(&site, &people, concurrency),
    )
    .await;
    measure(
        "first sign-ins, one at a time",
        cpu,
        sign_in_all(&site, &lone, 1),
    )
    .await;
    measure(
        "returning sign-ins, one at a time",
        cpu,
        sign_in_all(&site, &lone, 1),
    )
    .await;
    let paced = Arc::new(visitors(rate as usize * paced_seconds as usize));
    for name in [&paced_first, &paced_returning] {
        let lateness = measure(name, cpu, sign_in_paced(&site, &paced, rate)).await;
        println!("{lateness}");
    }

    // GET /api/user with wrk when it is installed (its client takes less of the machine than this one); and, for
    // scale, the gateway's liveness answer, the least any request costs it.
    for (name, path) in [
        ("GET /api/user", "/api/user"),
        ("GET /healthz (for scale)", "/healthz"),
    ] {
        let cookie = [format!("Cookie: {}", cookies[0])];
        let Some((p50, p99, rate, non_2xx)) = common::wrk(
            &format!("{}{path}", site.base),
            connections,
            seconds,
            &cookie,
            None,
        ) else {
            break;
        };
        println!(
            "{:<44} p50 {p50:>10}   p99 {p99:>10}   {rate:>9} req/s (wrk) {non_2xx}",
            format!("{name}, {connections} connections"),
        );
    }
    // GET /api/user: each connection a signed-in visitor.
    let latencies = common::load(
        &format!("{}/api/user", site.base),
        &cookies,
        connections,
        seconds,
    )
    .await;
    println!(
        "{:<44} p50 {:7.2} ms   p99 {:7.2} ms   {:7.0} req/s",
        format!("GET /api/user, {connections} connections"),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.len() as f64 / seconds as f64
    );

    let _ = auth.kill();
    let _ = gateway.kill();
    let _ = auth.wait();
    let _ = gateway.wait();
    common::remove_run(&postgres, &nats_url, &run).await;
}
