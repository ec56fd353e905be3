//! Devnet benchmarks: time and peak memory to generate the bench scenario, then the throughput of
//! `getblock` (verbosity 0) over JSON-RPC and of `/rest/block/<hash>.bin` on that chain.
//!
//! `DEVNET_BENCH_SCALE` (default 1) sizes the scenario, `DEVNET_BENCH_SECONDS` (default 10) how long each
//! throughput run lasts, `DEVNET_BENCH_CLIENTS` (default 8) how many requests are in flight.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use stamps_devnet::{DevnetConfig, ScenarioKind, scenario};
use stamps_platform::shutdown::Shutdown;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Peak resident memory of this process in MiB (Linux `VmHWM`).
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Sends `make(i)` requests from `clients` tasks for `seconds`; returns (requests, bytes, elapsed).
async fn hammer(
    clients: usize,
    seconds: u64,
    make: Arc<dyn Fn(u64) -> reqwest::RequestBuilder + Send + Sync>,
) -> (u64, u64, Duration) {
    let count = Arc::new(AtomicU64::new(0));
    let bytes = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for c in 0..clients {
        let (count, bytes, make) = (count.clone(), bytes.clone(), make.clone());
        tasks.push(tokio::spawn(async move {
            let mut i = c as u64 * 7_919;
            while Instant::now() < deadline {
                let response = make(i).send().await.expect("request");
                assert!(response.status().is_success(), "{}", response.status());
                let body = response.bytes().await.expect("body");
                bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
                count.fetch_add(1, Ordering::Relaxed);
                i += 1;
            }
        }));
    }
    for t in tasks {
        t.await.expect("client");
    }
    (
        count.load(Ordering::Relaxed),
        bytes.load(Ordering::Relaxed),
        start.elapsed(),
    )
}

fn report(what: &str, (n, bytes, elapsed): (u64, u64, Duration)) {
    let secs = elapsed.as_secs_f64();
    println!(
        "{what}: {n} requests in {secs:.1} s = {:.0} req/s, {:.1} MiB/s",
        n as f64 / secs,
        bytes as f64 / secs / 1_048_576.0
    );
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; nothing else is accepted.
    let scale: f64 = env("DEVNET_BENCH_SCALE", 1.0);
    let seconds: u64 = env("DEVNET_BENCH_SECONDS", 10);
    let clients: usize = env("DEVNET_BENCH_CLIENTS", 8);
    let config = DevnetConfig {
        rpc_listen: "127.0.0.1:0".into(),
        api_listen: "127.0.0.1:0".into(),
        scenario: ScenarioKind::Bench,
        scale,
        ..DevnetConfig::default()
    };

    let start = Instant::now();
    let generated = tokio::task::spawn_blocking({
        let config = config.clone();
        move || scenario::generate(&config)
    })
    .await
    .expect("generated");
    let elapsed = start.elapsed();
    let s = &generated.summary;
    println!(
        "bench scenario at scale {scale}: {:.1} s, peak RSS {} MiB; {} blocks, {} transactions, {} stamps \
         ({} cursed), {} SRC-20 operations, {} holders",
        elapsed.as_secs_f64(),
        peak_rss_mib().map_or("?".into(), |m| m.to_string()),
        s.blocks,
        s.transactions,
        s.blessed + s.cursed,
        s.cursed,
        s.src20,
        s.holders
    );

    let hashes: Arc<Vec<String>> = Arc::new(
        generated
            .chain
            .blocks()
            .iter()
            .map(|b| b.block_hash().to_string())
            .collect(),
    );
    let devnet = stamps_devnet::build_with(&config, generated)
        .await
        .expect("devnet binds");
    let rpc = format!("http://{}", devnet.rpc_addr().expect("addr"));
    let stop = Shutdown::new();
    let server = tokio::spawn(devnet.run_until_stopped(stop.clone()));
    let http = reqwest::Client::new();

    let (h, c, url) = (hashes.clone(), http.clone(), rpc.clone());
    let getblock = hammer(
        clients,
        seconds,
        Arc::new(move |i| {
            let hash = &h[(i as usize * 31) % h.len()];
            c.post(&url).json(&serde_json::json!({
                "jsonrpc": "1.0", "id": i, "method": "getblock", "params": [hash, 0]
            }))
        }),
    )
    .await;
    report("getblock verbosity 0", getblock);

    let (h, c) = (hashes.clone(), http.clone());
    let rest = hammer(
        clients,
        seconds,
        Arc::new(move |i| {
            let hash = &h[(i as usize * 31) % h.len()];
            c.get(format!("{rpc}/rest/block/{hash}.bin"))
        }),
    )
    .await;
    report("REST block .bin", rest);

    stop.cancel();
    server.await.expect("joins").expect("served");
}
