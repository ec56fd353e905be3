//! What the benches share: settings from the environment, free ports, percentiles, wrk, a GET load, legacy
//! and BIP-322 signatures, processes' CPU time, and removing a run's database and streams.

#![allow(dead_code)]

use std::time::Duration;

/// The environment variable `name` parsed, else `default`.
pub fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The `p` quantile of sorted latencies, in milliseconds.
pub fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// What wrk measured: p50, p99, requests per second and its line about non-2xx answers, or `None` when wrk is not
/// installed or failed. `script` is a Lua file (a POST's method, body and headers), `headers` extra headers.
pub fn wrk(
    url: &str,
    connections: usize,
    seconds: u64,
    headers: &[String],
    script: Option<&std::path::Path>,
) -> Option<(String, String, String, String)> {
    let mut command = std::process::Command::new("wrk");
    command.args([
        "-t2",
        &format!("-c{connections}"),
        &format!("-d{seconds}s"),
        "--latency",
    ]);
    for h in headers {
        command.arg("-H").arg(h);
    }
    if let Some(script) = script {
        command.arg("-s").arg(script);
    }
    let out = command
        .arg(url)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let field = |key: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("?")
            .to_owned()
    };
    let non_2xx = text
        .lines()
        .find(|l| l.contains("Non-2xx"))
        .unwrap_or("")
        .trim()
        .to_owned();
    Some((field("50%"), field("99%"), field("Requests/sec:"), non_2xx))
}

/// CPU seconds (user and system) process `pid` has used, read from `/proc` (0 where it cannot be read).
pub fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // After the command (in parentheses, which may hold spaces): state first, utime 12th, stime 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Linux counts in USER_HZ, 100 per second.
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU seconds used by every process whose command is `name` (PostgreSQL's server and backends).
pub fn cpu_seconds_named(name: &str) -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == name)
        })
        .map(cpu_seconds)
        .sum()
}

/// Drops the run's database and deletes its streams and buckets.
pub async fn remove_run(postgres: &str, nats_url: &str, run: &str) {
    let config = stamps_platform::config::NatsConfig {
        url: nats_url.to_owned(),
        prefix: run.to_owned(),
    };
    if let Ok(nats) = stamps_platform::nats::Nats::connect(&config).await {
        let _ = nats.purge().await;
    }
    if let Ok(mut admin) =
        <sqlx::PgConnection as sqlx::Connection>::connect(&format!("{postgres}/postgres")).await
    {
        let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS \"stamps_{run}\" WITH (FORCE)"
        )))
        .execute(&mut admin)
        .await;
    }
}

/// A legacy (BIP-137, P2WPKH header) signature of `message` by `secret`, base64.
pub fn sign_legacy(secret: &bitcoin::secp256k1::SecretKey, message: &str) -> String {
    use base64::Engine;
    use bitcoin::hashes::Hash;
    let digest = bitcoin::sign_message::signed_msg_hash(message);
    let signature = SIGNER.sign_ecdsa_recoverable(
        &bitcoin::secp256k1::Message::from_digest(digest.to_byte_array()),
        secret,
    );
    let (id, compact) = signature.serialize_compact();
    let mut bytes = vec![39 + u8::try_from(id.to_i32()).expect("recovery id")];
    bytes.extend_from_slice(&compact);
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The BIP-322 simple signature (base64 witness, no prefix) of `message` by the P2WPKH key `secret`, whose public
/// key `public` its holder keeps, made as `bip322::sign_simple_encoded` makes it, with the same bytes (RFC 6979
/// nonces), but with one shared context (the crate makes and randomizes two per signature, which costs the load
/// more than the signature does) and without deriving the public key again.
pub fn sign_bip322_p2wpkh(
    secret: &bitcoin::secp256k1::SecretKey,
    public: bitcoin::CompressedPublicKey,
    message: &str,
) -> String {
    use base64::Engine;
    use bitcoin::consensus::Encodable;
    use bitcoin::hashes::Hash;
    use bitcoin::sighash::{EcdsaSighashType, SighashCache};
    let address = bitcoin::Address::p2wpkh(&public, bitcoin::Network::Bitcoin);
    let to_spend = bip322::create_to_spend(&address, message).expect("to_spend");
    let to_sign =
        bip322::create_to_sign(&to_spend, None, bip322::LockParams::default()).expect("to_sign");
    let prevout = &to_spend.output[0];
    let sighash = SighashCache::new(&to_sign.unsigned_tx)
        .p2wpkh_signature_hash(
            0,
            &prevout.script_pubkey,
            prevout.value,
            EcdsaSighashType::All,
        )
        .expect("sighash");
    let signature = SIGNER.sign_ecdsa(
        &bitcoin::secp256k1::Message::from_digest(sighash.to_byte_array()),
        secret,
    );
    let witness = bitcoin::Witness::p2wpkh(
        &bitcoin::ecdsa::Signature::sighash_all(signature),
        &public.0,
    );
    let mut bytes = Vec::new();
    witness.consensus_encode(&mut bytes).expect("encodes");
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// One signing context for the benches' signatures: making one randomizes it, which costs about as much as a
/// signature.
static SIGNER: std::sync::LazyLock<bitcoin::secp256k1::Secp256k1<bitcoin::secp256k1::SignOnly>> =
    std::sync::LazyLock::new(bitcoin::secp256k1::Secp256k1::signing_only);

/// What one connection of a load sends: a request made with the connection's client and its index.
pub type MakeRequest = std::sync::Arc<
    dyn Fn(&reqwest::Client, usize) -> reqwest::RequestBuilder + std::marker::Send + Sync,
>;

/// `connections` clients sending `request` for `seconds`, each answer a success: the latencies, sorted.
pub async fn load_with(connections: usize, seconds: u64, request: MakeRequest) -> Vec<Duration> {
    let stop = std::time::Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for c in 0..connections {
        let request = request.clone();
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut out = Vec::new();
            while std::time::Instant::now() < stop {
                let t = std::time::Instant::now();
                let r = request(&client, c).send().await.expect("an answer");
                assert!(r.status().is_success(), "{}", r.status());
                let _ = r.bytes().await;
                out.push(t.elapsed());
            }
            out
        }));
    }
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.expect("task"));
    }
    latencies.sort();
    latencies
}

/// `GET url` on `connections` connections for `seconds`, connection `c` sending `cookies[c % len]` (none when
/// empty): the latencies, sorted.
pub async fn load(
    url: &str,
    cookies: &[String],
    connections: usize,
    seconds: u64,
) -> Vec<Duration> {
    let (url, cookies) = (url.to_owned(), cookies.to_vec());
    load_with(
        connections,
        seconds,
        std::sync::Arc::new(move |client: &reqwest::Client, c: usize| {
            let request = client.get(&url);
            match cookies.get(c % cookies.len().max(1)) {
                Some(cookie) => request.header("cookie", cookie),
                None => request,
            }
        }),
    )
    .await
}
