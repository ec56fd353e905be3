//! Buying and minting through the gateway, every service of `stamps all` in its own process beside a `stamps
//! devnet` playing the demo (`BUY_BENCH_SCALE`, default 0.2) on a fresh database and NATS prefix: five artists open
//! a dispenser each, a collector signs in, then under load (`BUY_BENCH_CONNECTIONS`, default 64, for
//! `BUY_BENCH_SECONDS`, default 10; wrk when installed, else this process's client) the items lookup of the five
//! and the building of their purchase (three PSBTs: one pays at most two dispensers), then each mint builder (a
//! free fairmint, an SRC-20 mint, a launchpad mint of the devnet's curation, a new stamp) and the whitelist check;
//! and the delay from the fee oracle reading a changed rate (the record's `time`) to a browser's live stream
//! receiving it, over `BUY_BENCH_FEE_CHANGES` (default 20) changes. Postgres and NATS are `STAMPS_TEST_POSTGRES`
//! and `STAMPS_TEST_NATS` (defaults: the local servers); the database and streams are removed afterwards.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::Engine;
use bitcoin::OutPoint;
use bitcoin::secp256k1::Secp256k1;
use common::{env, free_port, percentile};
use serde_json::{Value, json};
use stamps_devnet::keys::Actor;
use stamps_protocol::counterparty::message::{Dispenser, Message};

/// The wallet fee's address (no actor holds it).
const FEE_ADDRESS: &str = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

struct Node {
    rpc: String,
    api: String,
    http: reqwest::Client,
}

impl Node {
    async fn call(&self, method: &str, params: Value) -> Value {
        let answer: Value = self
            .http
            .post(&self.rpc)
            .json(&json!({"id": 1, "method": method, "params": params}))
            .send()
            .await
            .expect("devnet")
            .json()
            .await
            .expect("json");
        answer["result"].clone()
    }
}

fn actor(index: u32) -> Actor {
    Actor::derive(
        &Secp256k1::new(),
        stamps_devnet::DevnetConfig::default().seed,
        index,
    )
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Waits until the catalogue has projected the devnet's tip.
async fn wait_projected(node: &Node, db: &mut sqlx::PgConnection, secs: u64) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let tip = node
            .call("getblockcount", json!([]))
            .await
            .as_i64()
            .unwrap_or(-1);
        let projected: Option<i64> = sqlx::query_scalar("SELECT max(height) FROM catalogue.blocks")
            .fetch_one(&mut *db)
            .await
            .unwrap_or(None);
        if projected == Some(tip) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the catalogue did not reach the devnet's tip {tip}: {projected:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Artist `who` opens a dispenser of `asset` at 10 000 sat a unit, paid by its largest coin that holds nothing.
async fn open_dispenser(node: &Node, db: &mut sqlx::PgConnection, who: u32, asset: &str) -> String {
    let artist = actor(who);
    let coins: Value = node
        .http
        .get(format!(
            "{}/api/address/{}/utxo",
            node.api,
            artist.address()
        ))
        .send()
        .await
        .expect("coins")
        .json()
        .await
        .expect("json");
    let held: Vec<String> = sqlx::query_scalar(
        "SELECT holder FROM catalogue.balances WHERE quantity > 0 AND holder LIKE '%:%'",
    )
    .fetch_all(&mut *db)
    .await
    .expect("held");
    let (coin, value) = coins
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| {
            let o = OutPoint::new(
                c["txid"].as_str()?.parse().ok()?,
                u32::try_from(c["vout"].as_u64()?).ok()?,
            );
            (!held.contains(&o.to_string())).then_some((o, c["value"].as_u64()?))
        })
        .max_by_key(|(_, v)| *v)
        .expect("a free coin");
    let message = Message::Dispenser(Dispenser {
        asset_id: stamps_protocol::asset::id_from_name(asset).unwrap_or(0),
        asset: asset.to_owned(),
        give_quantity: 1,
        escrow_quantity: 2,
        mainchainrate: 10_000,
        dispenser_status: 0,
        action_address: None,
        oracle_address: None,
    });
    let height = node
        .call("getblockcount", json!([]))
        .await
        .as_u64()
        .expect("height")
        + 1;
    let data = message
        .pack(height, stamps_protocol::Rules::MAINNET)
        .expect("packs");
    let tx = stamps_devnet::wallet::message_transaction(
        &Secp256k1::new(),
        &artist,
        coin,
        value,
        &data,
        Vec::new(),
    )
    .expect("signed");
    let txid = node
        .call(
            "sendrawtransaction",
            json!([bitcoin::consensus::encode::serialize_hex(&tx)]),
        )
        .await;
    txid.as_str().expect("sent").to_owned()
}

/// CPU seconds used so far by the services (`stamps all`), the devnet and PostgreSQL.
fn cpu(all: u32, devnet: u32) -> [f64; 3] {
    [
        common::cpu_seconds(all),
        common::cpu_seconds(devnet),
        common::cpu_seconds_named("postgres"),
    ]
}

/// Where the CPU went between two readings over `seconds`: cores used by each (the machine's are the rest: the
/// load generator, NATS, the system).
fn cpu_split(before: [f64; 3], after: [f64; 3], seconds: u64) -> String {
    let per = |i: usize| (after[i] - before[i]) / seconds as f64;
    format!(
        "{:<52} services {:.2}, devnet {:.2}, postgres {:.2} cores",
        "  CPU",
        per(0),
        per(1),
        per(2)
    )
}

fn report(name: &str, latencies: &[Duration], seconds: u64) {
    println!(
        "{name:<52} p50 {:7.2} ms   p99 {:7.2} ms   {:7.0} req/s",
        percentile(latencies, 0.5),
        percentile(latencies, 0.99),
        latencies.len() as f64 / seconds as f64
    );
}

#[tokio::main]
async fn main() {
    let scale: f64 = env("BUY_BENCH_SCALE", 0.2);
    let connections: usize = env("BUY_BENCH_CONNECTIONS", 64);
    let seconds: u64 = env("BUY_BENCH_SECONDS", 10);
    let changes: u64 = env("BUY_BENCH_FEE_CHANGES", 20);
    let postgres = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let nats_url =
        std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let run = format!("buybench{}", std::process::id());
    let db_url = format!("{postgres}/stamps_{run}");
    let (rpc, api, http) = (free_port(), free_port(), free_port());
    let bin = env!("CARGO_BIN_EXE_stamps");
    let quiet = |c: &mut std::process::Command| {
        c.env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null());
    };
    let mut devnet = std::process::Command::new(bin);
    devnet.args([
        "devnet",
        "--scenario",
        "demo",
        "--scale",
        &scale.to_string(),
    ]);
    devnet.args([
        "--rpc-listen",
        &format!("127.0.0.1:{rpc}"),
        "--api-listen",
        &format!("127.0.0.1:{api}"),
    ]);
    quiet(&mut devnet);
    let mut devnet = devnet.spawn().expect("stamps devnet");
    let node = Node {
        rpc: format!("http://127.0.0.1:{rpc}"),
        api: format!("http://127.0.0.1:{api}"),
        http: reqwest::Client::new(),
    };
    let deadline = Instant::now() + Duration::from_secs(300);
    while node
        .http
        .get(format!("{}/api/blocks/tip/height", node.api))
        .send()
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "the devnet did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut all = std::process::Command::new(bin);
    all.args([
        "all",
        "--rpc-url",
        &node.rpc,
        "--api-url",
        &node.api,
        "--start-height",
        "962000",
    ]);
    all.args([
        "--headers-from",
        "962000",
        "--listen",
        &format!("127.0.0.1:{http}"),
        "--grpc-listen",
        "127.0.0.1:0",
    ]);
    all.args(["--static-dir", "/nonexistent"]);
    for (key, value) in [
        ("STAMPS_POSTGRES__URL", db_url.clone()),
        ("STAMPS_NATS__URL", nats_url.clone()),
        ("STAMPS_NATS__PREFIX", run.clone()),
        (
            "STAMPS_INDEXER__BOOTSTRAP",
            format!("{}/devnet/bootstrap.json", node.api),
        ),
        ("STAMPS_AUTH__GRPC_LISTEN", "127.0.0.1:0".into()),
        ("STAMPS_FEES__GRPC_LISTEN", "127.0.0.1:0".into()),
        ("STAMPS_ANALYTICS__GRPC_LISTEN", "127.0.0.1:0".into()),
        (
            "STAMPS_FEES__POLL_INTERVAL_MS",
            env("BUY_BENCH_POLL_MS", 1000u64).to_string(),
        ),
        ("STAMPS_WALLET__GRPC_LISTEN", "127.0.0.1:0".into()),
        ("STAMPS_WALLET__FEE_ADDRESS", FEE_ADDRESS.into()),
        (
            "STAMPS_GATEWAY__SESSION__SUBMITS_PER_MINUTE",
            "1000000".into(),
        ),
        (
            "STAMPS_GATEWAY__SESSION__CHALLENGES_PER_MINUTE",
            "1000000".into(),
        ),
    ] {
        all.env(key, value);
    }
    quiet(&mut all);
    let mut all = all.spawn().expect("stamps all");
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut db = loop {
        if let Ok(mut db) = <sqlx::PgConnection as sqlx::Connection>::connect(&db_url).await {
            let ready = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM catalogue.blocks")
                .fetch_one(&mut db)
                .await;
            if ready.is_ok() {
                break db;
            }
        }
        assert!(Instant::now() < deadline, "stamps all did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let started = Instant::now();
    wait_projected(&node, &mut db, 600).await;
    println!(
        "bench-buy: the demo at scale {scale} indexed and projected in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Five artists open a dispenser each.
    let mut hashes = Vec::new();
    let mut destinations = Vec::new();
    for artist in 1..9u32 {
        if hashes.len() == 5 {
            break;
        }
        let address = actor(artist).address().to_string();
        let asset: Option<String> = sqlx::query_scalar(
            "SELECT b.asset FROM catalogue.balances b JOIN catalogue.stamps s ON s.cpid = b.asset
             WHERE b.holder = $1 AND b.quantity >= 2 AND NOT s.divisible ORDER BY b.asset LIMIT 1",
        )
        .bind(&address)
        .fetch_optional(&mut db)
        .await
        .expect("holdings");
        let Some(asset) = asset else { continue };
        hashes.push(open_dispenser(&node, &mut db, artist, &asset).await);
        destinations.push(json!([address, 10_000]));
    }
    assert_eq!(hashes.len(), 5, "five artists hold a stamp to sell");
    node.call("generatetoaddress", json!([1, FEE_ADDRESS]))
        .await;
    wait_projected(&node, &mut db, 60).await;

    // A collector signs in.
    let base = format!("http://127.0.0.1:{http}");
    let buyer = actor(12);
    let address = buyer.address().to_string();
    let message = node
        .http
        .get(format!("{base}/api/auth/message/{address}"))
        .send()
        .await
        .expect("challenge");
    let message = message.text().await.expect("text");
    let wif = bitcoin::PrivateKey::new(buyer.secret, bitcoin::Network::Bitcoin).to_wif();
    let signature = bip322::sign_simple_encoded(&address, &message, &[wif], None).expect("signs");
    let signed = node
        .http
        .post(format!("{base}/api/auth"))
        .header("origin", &base)
        .json(&json!({"address": address, "message": message, "signature": signature.trim_start_matches("smp"),
                      "type": "bench"}))
        .send()
        .await
        .expect("sign-in");
    let cookie = signed
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("a session")
        .to_owned();
    let order = json!({"source": address, "tx_hashes": hashes, "destinations": destinations, "isPsbt": true,
                       "desiredFeeRate": -1});
    let built: Value = node
        .http
        .post(format!("{base}/api/wallet/create/buy"))
        .header("origin", &base)
        .header("cookie", &cookie)
        .json(&order)
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let psbts = built["result"]["psbts"].as_array().map_or(0, Vec::len);
    assert_eq!(psbts, 3, "five items, three transactions: {built}");
    println!("bench-buy: {connections} connections, {seconds} s each");

    let items_url = format!("{base}/api/wallet/buy/{}", hashes.join(","));
    let create_url = format!("{base}/api/wallet/create/buy");
    let script = std::env::temp_dir().join(format!("{run}.lua"));
    let body = order.to_string().replace('\\', "\\\\").replace('\'', "\\'");
    std::fs::write(
        &script,
        format!(
            "wrk.method = 'POST'\nwrk.body = '{body}'\nwrk.headers['Content-Type'] = 'application/json'\n\
             wrk.headers['Origin'] = '{base}'\nwrk.headers['Cookie'] = '{cookie}'\n"
        ),
    )
    .expect("wrk script");
    let with_wrk = [
        ("GET /api/wallet/buy/{5 hashes}", items_url.as_str(), None),
        (
            "POST /api/wallet/create/buy (5 items)",
            create_url.as_str(),
            Some(script.as_path()),
        ),
    ];
    let (all_pid, devnet_pid) = (all.id(), devnet.id());
    let mut measured = false;
    for (name, url, script) in with_wrk {
        let before = cpu(all_pid, devnet_pid);
        if let Some((p50, p99, rate, non_2xx)) = common::wrk(url, connections, seconds, &[], script)
        {
            println!("{name:<52} p50 {p50:>10}   p99 {p99:>10}   {rate:>9} req/s (wrk) {non_2xx}");
            println!("{}", cpu_split(before, cpu(all_pid, devnet_pid), seconds));
            measured = true;
        }
    }
    let _ = std::fs::remove_file(&script);
    if !measured {
        let url = items_url.clone();
        let latencies = common::load_with(
            connections,
            seconds,
            Arc::new(move |c: &reqwest::Client, _| c.get(&url)),
        )
        .await;
        report("GET /api/wallet/buy/{5 hashes}", &latencies, seconds);
        let (url, origin, cookie, order) = (
            create_url.clone(),
            base.clone(),
            cookie.clone(),
            order.clone(),
        );
        let latencies = common::load_with(
            connections,
            seconds,
            Arc::new(move |c: &reqwest::Client, _| {
                c.post(&url)
                    .header("origin", &origin)
                    .header("cookie", &cookie)
                    .json(&order)
            }),
        )
        .await;
        report("POST /api/wallet/create/buy (5 items)", &latencies, seconds);
    }

    // Mints: the devnet's curation (its launchpads) imported, then each builder and the whitelist check under the
    // same load, for the same collector.
    let curation = std::env::temp_dir().join(format!("{run}-curation.json"));
    let document = node
        .http
        .get(format!("{}/devnet/curation.json", node.api))
        .send()
        .await
        .expect("curation")
        .text()
        .await
        .expect("text");
    std::fs::write(&curation, &document).expect("curation file");
    let imported = std::process::Command::new(bin)
        .args(["curation", "import"])
        .arg(&curation)
        .env("STAMPS_NATS__URL", &nats_url)
        .env("STAMPS_NATS__PREFIX", &run)
        .env("RUST_LOG", "warn")
        .status()
        .expect("stamps curation import");
    assert!(imported.success(), "the curation imports");
    let _ = std::fs::remove_file(&curation);
    let document: Value = serde_json::from_str(&document).expect("JSON");
    let pad = document["launchpads"][0]["collection_id"]
        .as_str()
        .expect("a launchpad")
        .to_owned();
    let deadline = Instant::now() + Duration::from_secs(30);
    while sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM catalogue.launchpads WHERE collection_id = $1",
    )
    .bind(&pad)
    .fetch_one(&mut db)
    .await
    .unwrap_or(0)
        == 0
    {
        assert!(
            Instant::now() < deadline,
            "the launchpads are not projected"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let free: String = sqlx::query_scalar(
        "SELECT asset FROM catalogue.fairminters WHERE status = 'open' AND price = 0 ORDER BY asset LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("the free fairminter");
    let (tick, lim): (String, String) = sqlx::query_as(
        "SELECT tick, lim::TEXT FROM catalogue.src20_ticks WHERE progress < 100 AND max - minted >= lim
         ORDER BY tick LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("a tick mid-mint");
    let file = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        stamps_devnet::stamp_files::png(7, 999_999),
    );
    let mints = [
        (
            "POST /api/wallet/create/fairmint (free)",
            "fairmint",
            json!({"source": address, "asset": free, "quantity": "0", "desiredFeeRate": -1, "isPsbt": true}),
        ),
        (
            "POST /api/wallet/create/src20-issuance (mint)",
            "src20-issuance",
            json!({"source": address, "type": "mint", "tick": tick, "amount": lim, "desiredFeeRate": -1,
                   "promo": false, "isPsbt": true}),
        ),
        (
            "POST /api/wallet/create/launchpad-issuance (1)",
            "launchpad-issuance",
            json!({"source": address, "name": pad, "times": 1, "freeCode": "", "desiredFeeRate": -1, "isPsbt": true}),
        ),
        (
            "POST /api/wallet/create/stamp (a PNG)",
            "stamp",
            json!({"source": address, "file": file, "quantity": 1, "locked": true, "divisible": false,
                   "desiredFeeRate": -1, "isPsbt": true}),
        ),
    ];
    for (name, path, body) in mints {
        let url = format!("{base}/api/wallet/create/{path}");
        let once = node
            .http
            .post(&url)
            .header("origin", &base)
            .header("cookie", &cookie)
            .json(&body)
            .send()
            .await
            .expect("create");
        let status = once.status();
        let answer = once.text().await.unwrap_or_default();
        assert!(status.is_success(), "{name}: {status} {answer}");
        let script = std::env::temp_dir().join(format!("{run}-{path}.lua"));
        let text = body.to_string().replace('\\', "\\\\").replace('\'', "\\'");
        std::fs::write(
            &script,
            format!(
                "wrk.method = 'POST'\nwrk.body = '{text}'\nwrk.headers['Content-Type'] = 'application/json'\n\
                 wrk.headers['Origin'] = '{base}'\nwrk.headers['Cookie'] = '{cookie}'\n"
            ),
        )
        .expect("wrk script");
        let before = cpu(all_pid, devnet_pid);
        match common::wrk(&url, connections, seconds, &[], Some(script.as_path())) {
            Some((p50, p99, rate, non_2xx)) => {
                println!(
                    "{name:<52} p50 {p50:>10}   p99 {p99:>10}   {rate:>9} req/s (wrk) {non_2xx}"
                );
                println!("{}", cpu_split(before, cpu(all_pid, devnet_pid), seconds));
            }
            None => {
                let (url, origin, cookie) = (url.clone(), base.clone(), cookie.clone());
                let latencies = common::load_with(
                    connections,
                    seconds,
                    Arc::new(move |c: &reqwest::Client, _| {
                        c.post(&url)
                            .header("origin", &origin)
                            .header("cookie", &cookie)
                            .json(&body)
                    }),
                )
                .await;
                report(name, &latencies, seconds);
            }
        }
        let _ = std::fs::remove_file(&script);
    }
    let whitelist = format!("{base}/api/wallet/whitelist/{pad}/{address}");
    let before = cpu(all_pid, devnet_pid);
    match common::wrk(&whitelist, connections, seconds, &[], None) {
        Some((p50, p99, rate, non_2xx)) => {
            println!(
                "{:<52} p50 {p50:>10}   p99 {p99:>10}   {rate:>9} req/s (wrk) {non_2xx}",
                "GET /api/wallet/whitelist/{collection}/{address}"
            );
            println!("{}", cpu_split(before, cpu(all_pid, devnet_pid), seconds));
        }
        None => {
            let latencies = common::load_with(
                connections,
                seconds,
                Arc::new(move |c: &reqwest::Client, _| c.get(&whitelist)),
            )
            .await;
            report(
                "GET /api/wallet/whitelist/{collection}/{address}",
                &latencies,
                seconds,
            );
        }
    }

    // A fee change: from the oracle's reading to the browser's live stream.
    let mut stream = node
        .http
        .get(format!("{base}/api/realtime"))
        .send()
        .await
        .expect("stream");
    let mut delays = Vec::new();
    let mut text = String::new();
    for change in 0..changes {
        let fastest = 30 + change;
        node.call("setfeerates", json!([fastest, 20, 15, 8, 1]))
            .await;
        let deadline = Instant::now() + Duration::from_secs(30);
        'wait: loop {
            assert!(
                Instant::now() < deadline,
                "no live record with fastestFee {fastest}"
            );
            if let Ok(Ok(Some(bytes))) =
                tokio::time::timeout(Duration::from_secs(1), stream.chunk()).await
            {
                text.push_str(&String::from_utf8_lossy(&bytes));
            }
            let received = now_ms();
            while let Some(end) = text.find("\n\n") {
                let event: String = text.drain(..end + 2).collect();
                let Some(data) = event.lines().find_map(|l| l.strip_prefix("data:")) else {
                    continue;
                };
                let Ok(record) = serde_json::from_str::<Value>(data.trim()) else {
                    continue;
                };
                let named = event.lines().any(|l| {
                    l.strip_prefix("event:")
                        .is_some_and(|n| n.trim() == "mempoolFees")
                });
                if named && record["fastestFee"] == json!(fastest) {
                    let read = record["time"].as_u64().unwrap_or(received);
                    delays.push(Duration::from_millis(received.saturating_sub(read)));
                    break 'wait;
                }
            }
        }
    }
    delays.sort();
    println!(
        "{:<52} p50 {:7.2} ms   max {:7.2} ms   ({changes} changes)",
        "fee change: oracle's reading -> browser's stream",
        percentile(&delays, 0.5),
        percentile(&delays, 1.0)
    );

    // The pending view: from a purchase's broadcast to its effect on the item, as the API answers it (polled every
    // 10 ms); each purchase of one lot is mined before the next.
    let rounds: usize = env("BUY_BENCH_PENDING_ROUNDS", 10usize).min(2 * hashes.len());
    let mut lags = Vec::new();
    for round in 0..rounds {
        let hash = &hashes[round % hashes.len()];
        let seller = destinations[round % hashes.len()][0].clone();
        let order = json!({"source": address, "tx_hashes": [hash], "destinations": [[seller, 10_000]],
                           "isPsbt": true, "desiredFeeRate": -1});
        let built: Value = node
            .http
            .post(format!("{base}/api/wallet/create/buy"))
            .header("origin", &base)
            .header("cookie", &cookie)
            .json(&order)
            .send()
            .await
            .expect("create")
            .json()
            .await
            .expect("json");
        let psbt =
            hex::decode(built["result"]["txHex"].as_str().expect("a purchase")).expect("hex");
        let b64 = base64::engine::general_purpose::STANDARD.encode(psbt);
        let signed = node.call("walletprocesspsbt", json!([b64])).await;
        let sent_at = Instant::now();
        let sent = node
            .http
            .post(format!("{base}/api/wallet/broadcast"))
            .header("origin", &base)
            .header("cookie", &cookie)
            .json(&json!({"txHex": signed["psbt"], "isPsbt": true}))
            .send()
            .await
            .expect("broadcast");
        assert!(
            sent.status().is_success(),
            "broadcast: {}",
            sent.text().await.unwrap_or_default()
        );
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let item: Value = node
                .http
                .get(format!("{base}/api/wallet/buy/{hash}"))
                .send()
                .await
                .expect("item")
                .json()
                .await
                .expect("json");
            if item["pending"] == json!(true) {
                lags.push(sent_at.elapsed());
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the pending purchase of {hash} is not seen"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        node.call("generatetoaddress", json!([1, FEE_ADDRESS]))
            .await;
        wait_projected(&node, &mut db, 60).await;
    }
    lags.sort();
    println!(
        "{:<52} p50 {:7.2} ms   p99 {:7.2} ms   ({rounds} purchases)",
        "pending view: broadcast -> the item's pending state",
        percentile(&lags, 0.5),
        percentile(&lags, 0.99)
    );

    let _ = all.kill();
    let _ = devnet.kill();
    let _ = all.wait();
    let _ = devnet.wait();
    common::remove_run(&postgres, &nats_url, &run).await;
}
