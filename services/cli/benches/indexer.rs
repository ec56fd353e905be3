//! The indexer on the devnet's bench scenario: a bare decode pass (stamps-protocol alone, no database) over the
//! chain, a protocol pass (the same with the Counterparty ledger judging each block first, as the indexer does),
//! then a full replay by the `stamps indexer` process into Postgres and NATS, the latency from a new
//! block to its `BlockIndexed` on the stream, and the indexer process's peak memory.
//!
//! `INDEXER_BENCH_SCALE` (default 0.05) sizes the bench scenario; `INDEXER_BENCH_TIP_BLOCKS` (default 50) how
//! many blocks the tip latency is measured over; `INDEXER_BENCH_PASSES_ONLY=1` stops after the two passes
//! without a database (to profile the protocol work alone); `INDEXER_BENCH_KEEP=1` leaves the replay's database
//! and streams in place afterwards (to inspect them; drop them by hand). Postgres and NATS are
//! `STAMPS_TEST_POSTGRES` and `STAMPS_TEST_NATS` (defaults: the local servers).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use bitcoin::{OutPoint, TxOut};
use futures::StreamExt;
use stamps_devnet::chain::Chain;
use stamps_devnet::{DevnetConfig, ScenarioKind, scenario};
use stamps_platform::shutdown::Shutdown;
use stamps_protocol::Rules;
use stamps_protocol::block::{BlockContext, CounterpartyPass, decode_block, decode_block_after};
use stamps_protocol::counterparty::rules::{Bootstrap, MemoryLedger};
use stamps_protocol::counterparty::transport::PrevoutSource;
use stamps_protocol::src20::MemoryState;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct ChainPrevouts<'a>(&'a Chain);

impl PrevoutSource for ChainPrevouts<'_> {
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut> {
        self.0.output(outpoint).cloned()
    }
}

/// Decodes every block in order as the indexer does (numbering, SRC-20 state and hashes carried along).
fn bare_decode(chain: &Chain) -> usize {
    let prevouts = ChainPrevouts(chain);
    let mut src20 = MemoryState::default();
    let mut stamped: HashSet<String> = HashSet::new();
    let (mut next_stamp, mut next_cursed) = (0i64, -1i64);
    let (mut txlist, mut messages, mut ledger) = (String::new(), String::new(), String::new());
    let mut stamps = 0;
    for (i, block) in chain.blocks().iter().enumerate() {
        let has_stamp = |c: &str| stamped.contains(c);
        let decoded = {
            let ctx = BlockContext {
                next_stamp,
                next_cursed,
                prev_txlist_hash: txlist.clone(),
                prev_messages_hash: messages.clone(),
                prev_ledger_hash: ledger.clone(),
                has_stamp: &has_stamp,
                ..BlockContext::offline(
                    chain.first_height() + i as u64,
                    Rules::MAINNET,
                    &prevouts,
                    &src20,
                )
            };
            decode_block(block, &ctx)
        };
        for s in &decoded.stamps {
            if s.stamp >= 0 {
                next_stamp = next_stamp.max(s.stamp + 1);
            } else {
                next_cursed = next_cursed.min(s.stamp - 1);
            }
            stamped.insert(s.cpid.clone());
        }
        if let Some(h) = &decoded.hashes {
            txlist = h.txlist_hash.clone();
            messages = h.messages_hash.clone();
            if !h.ledger_hash.is_empty() {
                ledger = h.ledger_hash.clone();
            }
        }
        src20.apply_decoded(&decoded);
        stamps += decoded.stamps.len();
    }
    stamps
}

/// The protocol work the indexer does for each block, without a database: the Counterparty messages parsed
/// once and judged by the ledger (from the scenario's bootstrap snapshot), then the block decoded with issuance
/// validity, numbering, SRC-20 state and hashes carried along.
fn protocol_pass(chain: &Chain, bootstrap: &Bootstrap) -> usize {
    let prevouts = ChainPrevouts(chain);
    let rules = Rules::MAINNET;
    let mut ledger = MemoryLedger::from_bootstrap(rules.network(), bootstrap);
    let mut src20 = MemoryState::default();
    let mut stamped: HashSet<String> = HashSet::new();
    let (mut next_stamp, mut next_cursed) = (0i64, -1i64);
    let (mut txlist, mut messages, mut ledger_hash) = (String::new(), String::new(), String::new());
    let mut judged = 0;
    for (i, block) in chain.blocks().iter().enumerate() {
        let height = chain.first_height() + i as u64;
        let pass = {
            let empty = MemoryState::default();
            CounterpartyPass::parse(
                block,
                &BlockContext::offline(height, rules, &prevouts, &empty),
            )
        };
        let outcome = stamps_indexer::ledger_db::apply_block(
            &mut ledger,
            block,
            pass.records(),
            &prevouts,
            height,
            rules,
        );
        judged += outcome.judged.len();
        let valid = outcome.valid_issuances();
        let has_stamp = |c: &str| stamped.contains(c);
        let issuance_valid = |t: &str| valid.contains(t);
        let decoded = {
            let ctx = BlockContext {
                next_stamp,
                next_cursed,
                prev_txlist_hash: txlist.clone(),
                prev_messages_hash: messages.clone(),
                prev_ledger_hash: ledger_hash.clone(),
                has_stamp: &has_stamp,
                issuance_valid: &issuance_valid,
                ..BlockContext::offline(height, rules, &prevouts, &src20)
            };
            decode_block_after(block, &ctx, pass)
        };
        for s in &decoded.stamps {
            if s.stamp >= 0 {
                next_stamp = next_stamp.max(s.stamp + 1);
            } else {
                next_cursed = next_cursed.min(s.stamp - 1);
            }
            stamped.insert(s.cpid.clone());
        }
        if let Some(h) = &decoded.hashes {
            txlist = h.txlist_hash.clone();
            messages = h.messages_hash.clone();
            if !h.ledger_hash.is_empty() {
                ledger_hash = h.ledger_hash.clone();
            }
        }
        src20.apply_decoded(&decoded);
    }
    judged
}

/// The two fields of a `BlockIndexed` that say which part of its block a message is. Decoding only these
/// skips every op by its length, so that watching 1.7 GB of events takes the harness almost no CPU beside the
/// indexer it measures.
#[derive(Clone, PartialEq, prost::Message)]
struct PartOf {
    #[prost(uint32, tag = "6")]
    part: u32,
    #[prost(uint32, tag = "7")]
    parts: u32,
}

/// Whether part `part` of `parts` completes its block (its last part, or the whole block).
fn completes(part: u32, parts: u32) -> bool {
    parts <= 1 || part + 1 == parts
}

/// Whether a `BlockIndexed` message completes its block.
fn last_part(payload: &[u8]) -> bool {
    use prost::Message;
    PartOf::decode(payload).is_ok_and(|e| completes(e.part, e.parts))
}

/// [`last_part`] from the whole event: the tip phase checks that both agree.
fn last_part_of_event(payload: &[u8]) -> bool {
    use prost::Message;
    stamps_proto::events::v1::BlockIndexed::decode(payload)
        .is_ok_and(|e| completes(e.part, e.parts))
}

fn peak_rss_mib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

/// CPU seconds (user + system) used so far by the processes whose command name is `comm`, or by `pid`.
fn cpu_seconds(select: impl Fn(u32, &str) -> bool) -> f64 {
    let mut ticks = 0u64;
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // `pid (comm) state ...`: the command may hold spaces, the fields after it do not.
            let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
                continue;
            };
            if !select(pid, &stat[open + 1..close]) {
                continue;
            }
            let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
            for i in [11, 12] {
                ticks += fields
                    .get(i)
                    .and_then(|f| f.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
    }
    ticks as f64 / 100.0
}

async fn rpc(url: &str, method: &str, params: serde_json::Value) -> serde_json::Value {
    let answer: serde_json::Value = reqwest::Client::new()
        .post(url)
        .json(&serde_json::json!({"id": 1, "method": method, "params": params}))
        .send()
        .await
        .expect("devnet")
        .json()
        .await
        .expect("json");
    answer["result"].clone()
}

#[tokio::main]
async fn main() {
    let scale: f64 = env("INDEXER_BENCH_SCALE", 0.05);
    let tip_blocks: usize = env("INDEXER_BENCH_TIP_BLOCKS", 50);
    let postgres = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let nats_url =
        std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let config = DevnetConfig {
        rpc_listen: "127.0.0.1:0".into(),
        api_listen: "127.0.0.1:0".into(),
        scenario: ScenarioKind::Bench,
        scale,
        ..DevnetConfig::default()
    };
    let started = Instant::now();
    let generated = tokio::task::spawn_blocking({
        let config = config.clone();
        move || scenario::generate(&config)
    })
    .await
    .expect("scenario");
    let blocks = generated.chain.len() as u64;
    let txs = generated.summary.transactions + blocks;
    println!(
        "bench scenario at scale {scale}: {blocks} blocks, {txs} transactions, generated in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let chain = generated.chain.clone();
    let started = Instant::now();
    let stamps = tokio::task::spawn_blocking(move || bare_decode(&chain))
        .await
        .expect("decode");
    let bare = started.elapsed().as_secs_f64();
    println!(
        "bare decode (stamps-protocol, no database): {:.1} s = {:.0} blocks/s, {:.0} tx/s ({stamps} stamps)",
        bare,
        blocks as f64 / bare,
        txs as f64 / bare
    );

    let chain = generated.chain.clone();
    let bootstrap = generated.bootstrap.clone();
    let started = Instant::now();
    let judged = tokio::task::spawn_blocking(move || protocol_pass(&chain, &bootstrap))
        .await
        .expect("protocol pass");
    let protocol = started.elapsed().as_secs_f64();
    println!(
        "protocol pass (Counterparty ledger, then the decode; no database): {:.1} s = {:.0} blocks/s, {:.0} tx/s \
        ({judged} Counterparty transactions judged)",
        protocol,
        blocks as f64 / protocol,
        txs as f64 / protocol
    );
    if env("INDEXER_BENCH_PASSES_ONLY", 0u8) == 1 {
        return;
    }

    let first = config.first_height;
    let miner = generated
        .actors
        .first()
        .map(|a| a.address().to_string())
        .unwrap_or_default();
    let devnet = stamps_devnet::build_with(&config, generated)
        .await
        .expect("devnet");
    let url = format!("http://{}", devnet.rpc_addr().expect("addr"));
    let stop = Shutdown::new();
    let server = tokio::spawn(devnet.run_until_stopped(stop.clone()));

    let run = format!("bench{}", std::process::id());
    let db_url = format!("{postgres}/stamps_{run}");
    let nats = async_nats::connect(&nats_url).await.expect("nats");
    let mut indexed = nats
        .subscribe(format!("{run}.chain.block.indexed"))
        .await
        .expect("subscribe");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_stamps"))
        .args([
            "indexer",
            "--rpc-url",
            &url,
            "--start-height",
            &first.to_string(),
            "--headers-from",
            &first.to_string(),
        ])
        .env("STAMPS_POSTGRES__URL", &db_url)
        .env("STAMPS_NATS__URL", &nats_url)
        .env("STAMPS_NATS__PREFIX", &run)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("indexer");
    let cpu_pg = cpu_seconds(|_, comm| comm == "postgres");
    let cpu_nats = cpu_seconds(|_, comm| comm == "nats-server");
    let cpu_devnet = cpu_seconds(|pid, _| pid == std::process::id());
    let started = Instant::now();
    let tip = first + blocks - 1;
    let mut seen = 0u64;
    let mut messages = 0u64;
    let mut event_bytes = 0usize;
    while seen < blocks {
        match tokio::time::timeout(Duration::from_secs(600), indexed.next()).await {
            Ok(Some(m)) => {
                messages += 1;
                event_bytes += m.payload.len();
                if last_part(&m.payload) {
                    seen += 1;
                }
            }
            _ => panic!("the indexer stalled at {seen} of {blocks} blocks"),
        }
    }
    let replay = started.elapsed().as_secs_f64();
    println!(
        "full replay (indexer → Postgres → outbox → NATS): {:.1} s = {:.0} blocks/s, {:.0} tx/s; {:.0} % of the bare \
        decode's speed, {:.0} % of the protocol pass's",
        replay,
        blocks as f64 / replay,
        txs as f64 / replay,
        100.0 * bare / replay,
        100.0 * protocol / replay
    );
    println!(
        "  {messages} BlockIndexed messages (large blocks are published in parts), {:.1} MiB of events",
        event_bytes as f64 / 1048576.0
    );
    let indexer_pid = child.id();
    println!(
        "  CPU seconds during the replay: indexer {:.1}, postgres {:.1}, nats-server {:.1} (the devnet, serving \
        blocks from this process, {:.1})",
        cpu_seconds(|pid, _| pid == indexer_pid),
        cpu_seconds(|_, comm| comm == "postgres") - cpu_pg,
        cpu_seconds(|_, comm| comm == "nats-server") - cpu_nats,
        cpu_seconds(|pid, _| pid == std::process::id()) - cpu_devnet,
    );

    let mut latencies = Vec::with_capacity(tip_blocks);
    for _ in 0..tip_blocks {
        let t0 = Instant::now();
        rpc(&url, "generatetoaddress", serde_json::json!([1, miner])).await;
        loop {
            let next = tokio::time::timeout(Duration::from_secs(10), indexed.next()).await;
            if let Ok(Some(m)) = &next {
                assert_eq!(last_part(&m.payload), last_part_of_event(&m.payload));
            }
            match next {
                Ok(Some(m)) if last_part(&m.payload) => {
                    latencies.push(t0.elapsed());
                    break;
                }
                Ok(Some(_)) => {}
                _ => panic!("no BlockIndexed for a new block within 10 s"),
            }
        }
    }
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "tip latency (block mined → BlockIndexed on the stream) over {tip_blocks} blocks: p50 {} ms, p99 {} ms, \
        max {} ms",
        pct(0.5).as_millis(),
        pct(0.99).as_millis(),
        latencies.last().map_or(0, Duration::as_millis)
    );
    println!(
        "indexer process peak RSS: {} MiB (tip {tip})",
        peak_rss_mib(child.id()).map_or("?".into(), |m| m.to_string())
    );

    let _ = child.kill();
    let _ = child.wait();
    if let Ok(mut db) = <sqlx::PgConnection as sqlx::Connection>::connect(&db_url).await {
        let sizes: Vec<(String, i64)> = sqlx::query_as(
            "SELECT c.relname::TEXT, pg_total_relation_size(c.oid) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'indexer' AND c.relkind = 'r' ORDER BY 2 DESC LIMIT 6",
        )
        .fetch_all(&mut db)
        .await
        .unwrap_or_default();
        let listed: Vec<String> = sizes
            .iter()
            .map(|(t, b)| format!("{t} {:.1}", *b as f64 / 1048576.0))
            .collect();
        println!("largest indexer tables (MiB): {}", listed.join(", "));
    }
    stop.cancel();
    let _ = server.await;
    if env("INDEXER_BENCH_KEEP", 0u8) == 1 {
        println!("kept for inspection: database stamps_{run}, NATS prefix {run}");
        return;
    }
    let js = async_nats::jetstream::new(nats);
    let _ = js
        .delete_stream(format!("{}_CHAIN", run.to_uppercase()))
        .await;
    let _ = js.delete_object_store(format!("{run}_stamp-files")).await;
    let _ = js.delete_stream(format!("KV_{run}_realtime")).await;
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
