//! The whole slice, end to end: devnet blocks → indexer → CHAIN stream → catalogue → gateway → HTTP.

mod accounts;
mod analytics;
mod api_collections;
mod api_detail;
mod api_src20;
mod buying;
mod edge;
mod fresh_equal;
mod headers;
mod helpers;
mod minting;
mod pending;
mod wallet_app;

use helpers::Stack;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stamps_travel_from_devnet_blocks_to_http() {
    let stack = Stack::start("slice", 3).await;
    let services = stack.services().await;
    services.wait_for_stamps(3).await;

    // The indexer publishes the Counterparty protocol version it implements as a live value, and its status
    // reads its position against the node.
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("nats");
    let kv = nats.realtime().await.expect("realtime bucket");
    let version = kv.get("cpVersion").await.expect("read").expect("set");
    assert_eq!(
        version.as_ref(),
        format!(
            "\"{}\"",
            stamps_protocol::network::COUNTERPARTY_PROTOCOL_VERSION
        )
        .as_bytes()
    );
    // The gateway streams the live values as Server-Sent Events: the current ones first, then each change.
    let mut events = reqwest::get(format!("{}/api/realtime", services.base))
        .await
        .expect("realtime");
    assert_eq!(
        events.headers()["content-type"].to_str().ok(),
        Some("text/event-stream")
    );
    let mut seen = String::new();
    let expect_event = async |events: &mut reqwest::Response, seen: &mut String, wanted: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !seen.contains(wanted) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let chunk = tokio::time::timeout(left, events.chunk())
                .await
                .unwrap_or_else(|_| panic!("no {wanted:?} in {seen:?}"))
                .expect("stream");
            seen.push_str(&String::from_utf8_lossy(&chunk.expect("open stream")));
        }
    };
    let current = format!(
        "event: cpVersion\ndata: \"{}\"",
        stamps_protocol::network::COUNTERPARTY_PROTOCOL_VERSION
    );
    expect_event(&mut events, &mut seen, &current).await;
    nats.put_realtime("mempoolFees", &serde_json::json!({"fastestFee": 12}))
        .await
        .expect("put");
    expect_event(
        &mut events,
        &mut seen,
        "event: mempoolFees\ndata: {\"fastestFee\":12}",
    )
    .await;
    drop(events);

    let status = stamps_indexer::status(
        &stamps_indexer::IndexerConfig {
            rpc_url: stack.rpc_url.clone(),
            ..stamps_indexer::IndexerConfig::default()
        },
        &stack.postgres,
    )
    .await
    .expect("status");
    let (height, _) = status.indexed.clone().expect("indexed");
    assert!(height >= stack.stamps[2].height, "{status}");
    assert!(status.node_tip >= Some(height), "{status}");
    assert!(status.blocks_last_minute > 0, "{status}");
    assert!(status.to_string().contains("counterparty protocol: 11.2.0"));

    for (number, intended) in stack.stamps.iter().enumerate() {
        let (status, body) = services
            .get_json(&format!("/api/stamp/{}", intended.cpid))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["stamp"], number as i64,
            "blessed stamps are numbered from 0 in block order"
        );
        assert_eq!(body["tx_hash"], intended.txid.as_str());
        assert_eq!(body["block_index"], intended.height);
        assert_eq!(body["creator"], intended.creator.as_str());
        assert_eq!(body["stamp_mimetype"], "image/png");
        assert_eq!(body["is_cursed"], false);
        assert_eq!(body["keyburn"], true);

        let file = reqwest::get(format!("{}/s/{}", services.base, intended.cpid))
            .await
            .expect("file");
        assert_eq!(file.status(), 200);
        assert_eq!(file.headers()["content-type"], "image/png");
        assert!(
            file.headers()["cache-control"]
                .to_str()
                .expect("ascii")
                .contains("immutable")
        );
        assert_eq!(
            file.bytes().await.expect("bytes").as_ref(),
            intended.file.as_slice()
        );
    }

    // The share card: a 1200 x 630 PNG (its IHDR says so).
    let card = reqwest::get(format!(
        "{}/api/assets/{}.png",
        services.base, stack.stamps[0].cpid
    ))
    .await
    .expect("card");
    assert_eq!(card.status(), 200);
    assert_eq!(card.headers()["content-type"], "image/png");
    let card = card.bytes().await.expect("bytes");
    assert_eq!(&card[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&card[16..24], [0, 0, 4, 176, 0, 0, 2, 118]);
    let (status, _) = services
        .get_json(&format!("/api/assets/{}.jpg", stack.stamps[0].cpid))
        .await;
    assert_eq!(status, 400);

    // JSON answers are gzipped for clients that ask.
    let zipped = reqwest::Client::new()
        .get(format!("{}/api/search?limit=24", services.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("search");
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert_eq!(&zipped.bytes().await.expect("bytes")[..2], [0x1f, 0x8b]);

    let (status, page) = services.get_json("/api/search?limit=2").await;
    assert_eq!(status, 200);
    assert_eq!(page["estimatedTotalHits"], 3);
    assert_eq!(page["hits"].as_array().map(Vec::len), Some(2));
    assert_eq!(page["hits"][0]["stamp"], 2, "newest first");
    let (_, beyond) = services.get_json("/api/search?offset=10").await;
    assert_eq!(beyond["hits"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        beyond["estimatedTotalHits"], 3,
        "a page past the end keeps the true total"
    );

    let (_, by_number) = services.get_json("/api/search/1").await;
    assert_eq!(by_number["estimatedTotalHits"], 1);
    assert_eq!(by_number["hits"][0]["cpid"], stack.stamps[1].cpid.as_str());
    let prefix = &stack.stamps[2].cpid[..8];
    let (_, by_prefix) = services
        .get_json(&format!("/api/search?q={}", prefix.to_lowercase()))
        .await;
    let expected = stack
        .stamps
        .iter()
        .filter(|s| s.cpid.starts_with(prefix))
        .count();
    assert_eq!(by_prefix["estimatedTotalHits"], expected as u64);
    let creator = &stack.stamps[0].creator;
    let (_, by_creator) = services.get_json(&format!("/api/search/{creator}")).await;
    let hits = by_creator["hits"].as_array().expect("hits");
    assert!(!hits.is_empty() && hits.iter().all(|h| h["creator"] == creator.as_str()));

    // Answers are kept until the catalogue's version changes: a change behind the catalogue's back is not
    // seen while its version stands, and is once a new block moves it.
    let kv = nats.realtime().await.expect("realtime bucket");
    let version = async || kv.get("catalogue").await.expect("read").expect("published");
    let mut db = stack.db().await;
    let cpid = stack.stamps[2].cpid.clone();
    let longname = async |services: &helpers::Services| {
        let (_, page) = services.get_json("/api/search?limit=1").await;
        assert_eq!(page["hits"][0]["cpid"], cpid.as_str());
        page["hits"][0]["asset_longname"].clone()
    };
    let mut kept = false;
    for _ in 0..5 {
        let before = version().await;
        let first = longname(&services).await;
        sqlx::query("UPDATE catalogue.stamps SET asset_longname = 'KEPT.ANSWER' WHERE cpid = $1")
            .bind(&cpid)
            .execute(&mut db)
            .await
            .expect("update");
        let second = longname(&services).await;
        if version().await == before {
            assert_eq!(second, first, "the answer kept for this version");
            kept = true;
            break;
        }
    }
    assert!(kept, "the catalogue's version kept moving");
    let miner = stack.stamps[0].creator.clone();
    stack
        .rpc("generatetoaddress", serde_json::json!([1, miner]))
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while longname(&services).await != "KEPT.ANSWER" {
        assert!(
            std::time::Instant::now() < deadline,
            "a new version did not refresh the answer"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    let (status, doc) = services.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    assert!(doc["paths"]["/api/stamp/{cpid}"]["get"].is_object());
    let (status, body) = services.get_json("/api/stamp/A95428956661682177").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("404 - Stamp not found."))
    );
    let (status, _) = services.get_json("/api/stamp/not%20a%20cpid").await;
    assert_eq!(status, 400);
    let (status, body) = services.get_json("/api/search?sort=nope").await;
    assert_eq!(status, 400);
    assert!(body["error"].as_str().is_some_and(|m| m.contains("sort")));

    services.stop().await;
    stack.finish().await;
}

/// Rows of the catalogue's stamps table as text, in number order: what "identical tables" compares.
/// The test's `CHAIN` stream.
async fn chain_stream(stack: &Stack) -> async_nats::jetstream::stream::Stream {
    let client = async_nats::connect(&stack.nats.url).await.expect("nats");
    async_nats::jetstream::new(client)
        .get_stream(format!("{}_CHAIN", stack.nats.prefix.to_uppercase()))
        .await
        .expect("stream")
}

async fn catalogue_rows(stack: &Stack) -> Vec<String> {
    let mut db = stack.db().await;
    sqlx::query_scalar("SELECT t::TEXT FROM catalogue.stamps t ORDER BY stamp")
        .fetch_all(&mut db)
        .await
        .expect("catalogue rows")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_mid_run_and_replay_keep_every_stamp_once() {
    let total = 40;
    let stack = Stack::start("restart", total).await;

    // Stopped as soon as the indexer has committed its first stamp's block (the first 100 blocks only mature
    // coins), whatever the catalogue has projected by then.
    let first = stack.services().await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while blocks_so_far(&stack).await < 102 {
        assert!(
            std::time::Instant::now() < deadline,
            "the indexer did not start"
        );
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    first.stop().await;
    let mut db = stack.db().await;
    let indexed_before: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.stamps")
        .fetch_one(&mut db)
        .await
        .expect("count");
    assert!(
        indexed_before < i64::from(total),
        "the first run was stopped before the end ({indexed_before})"
    );

    let second = stack.services().await;
    second.wait_for_stamps(u64::from(total)).await;

    let rows = catalogue_rows(&stack).await;
    assert_eq!(rows.len(), total as usize, "no stamp lost, none duplicated");
    let numbers: Vec<i64> = sqlx::query_scalar("SELECT stamp FROM catalogue.stamps ORDER BY stamp")
        .fetch_all(&mut db)
        .await
        .expect("numbers");
    assert_eq!(numbers, (0..i64::from(total)).collect::<Vec<_>>());
    let cpids: Vec<String> = sqlx::query_scalar("SELECT cpid FROM catalogue.stamps ORDER BY stamp")
        .fetch_all(&mut db)
        .await
        .expect("cpids");
    let intended: Vec<String> = stack.stamps.iter().map(|s| s.cpid.clone()).collect();
    assert_eq!(cpids, intended);
    second.stop().await;

    // Every block was published exactly once: one message per indexed block, none left in the outbox.
    let blocks: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.blocks")
        .fetch_one(&mut db)
        .await
        .expect("blocks");
    let pending: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.outbox")
        .fetch_one(&mut db)
        .await
        .expect("outbox");
    assert_eq!(pending, 0);
    let mut chain = chain_stream(&stack).await;
    let messages = chain.info().await.expect("info").state.messages;
    assert_eq!(messages, blocks as u64);

    let replayed = stamps_catalogue::replay(
        &stack.postgres,
        &stack.nats,
        stamps_platform::shutdown::Shutdown::new(),
    )
    .await
    .expect("replay");
    assert_eq!(replayed, messages);
    assert_eq!(
        catalogue_rows(&stack).await,
        rows,
        "replay rebuilds identical rows"
    );

    drop(db);
    stack.finish().await;
}

/// The devnet's JSON-RPC (open: the stack's devnet has no data directory).
async fn node(stack: &Stack, method: &str, params: serde_json::Value) -> serde_json::Value {
    let answer = node_answer(stack, method, params).await;
    assert!(answer["error"].is_null(), "{method}: {answer}");
    answer["result"].clone()
}

/// The devnet's whole JSON-RPC answer (result or error).
async fn node_answer(stack: &Stack, method: &str, params: serde_json::Value) -> serde_json::Value {
    reqwest::Client::new()
        .post(&stack.rpc_url)
        .json(&serde_json::json!({"id": 1, "method": method, "params": params}))
        .send()
        .await
        .expect("devnet up")
        .json()
        .await
        .expect("json")
}

/// Waits until the indexer's blocks are exactly the node's chain from the first height, then checks that the
/// catalogue holds exactly the intended stamps still confirmed on that chain, numbered in chain order.
async fn assert_follows_the_node(stack: &Stack) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut db = stack.db().await;
    loop {
        let tip = node(stack, "getblockcount", serde_json::json!([])).await;
        let tip = tip.as_u64().expect("height");
        let mut chain = Vec::new();
        for h in stack.first_height..=tip {
            let hash = node(stack, "getblockhash", serde_json::json!([h])).await;
            chain.push((h as i64, hash.as_str().expect("hash").to_owned()));
        }
        let indexed: Vec<(i64, String)> =
            sqlx::query_as("SELECT height, hash FROM indexer.blocks ORDER BY height")
                .fetch_all(&mut db)
                .await
                .expect("blocks");
        if indexed == chain {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the indexer did not converge on the node's chain"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut confirmed = Vec::new();
    for s in &stack.stamps {
        // A stamp replaced by a conflicting spend is gone from the chain (and from the mempool).
        let tx = node_answer(
            stack,
            "getrawtransaction",
            serde_json::json!([s.txid, true]),
        )
        .await;
        if let Some(hash) = tx["result"]["blockhash"].as_str() {
            let header = node(stack, "getblockheader", serde_json::json!([hash])).await;
            let index: Vec<String> = serde_json::from_value(
                node(stack, "getblock", serde_json::json!([hash, 1])).await["tx"].clone(),
            )
            .expect("txids");
            let position = index
                .iter()
                .position(|t| *t == s.txid)
                .expect("in its block");
            confirmed.push((
                header["height"].as_u64().expect("height"),
                position,
                s.cpid.clone(),
            ));
        }
    }
    confirmed.sort();
    let expected: Vec<String> = confirmed.into_iter().map(|(_, _, cpid)| cpid).collect();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT stamp, cpid FROM catalogue.stamps ORDER BY stamp")
                .fetch_all(&mut db)
                .await
                .expect("catalogue");
        let numbers: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let cpids: Vec<String> = rows.into_iter().map(|r| r.1).collect();
        if cpids == expected {
            assert_eq!(numbers, (0..expected.len() as i64).collect::<Vec<_>>());
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "catalogue {cpids:?} is not the confirmed stamps {expected:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reorgs_unwind_to_the_fork_and_a_deeper_one_than_allowed_stops_the_indexer() {
    let stack = Stack::start("reorg", 8).await;
    let services = stack.services().await;
    services.wait_for_stamps(8).await;
    assert_follows_the_node(&stack).await;
    for depth in [1, 2, 6, 20] {
        let branch = node(&stack, "reorg", serde_json::json!([depth])).await;
        assert_eq!(branch.as_array().map(Vec::len), Some(depth + 1));
        assert_follows_the_node(&stack).await;
    }
    // The metrics count the four reorgs and the 1 + 2 + 6 + 20 blocks they undid, and stand at the node's tip.
    let tip = node(&stack, "getblockcount", serde_json::json!([])).await;
    let tip = tip.as_f64().expect("height");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let seen = (
            services.metric("stamps_indexer_reorgs_total").await,
            services.metric("stamps_indexer_unwound_blocks_total").await,
            services.metric("stamps_indexer_height").await,
            services.metric("stamps_indexer_node_tip").await,
        );
        if seen == (Some(4.0), Some(29.0), Some(tip), Some(tip)) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "metrics {seen:?}, node tip {tip}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let blocks = services.metric("stamps_indexer_blocks_total").await;
    assert!(
        blocks.is_some_and(|b| b >= tip - stack.first_height as f64 + 1.0 + 29.0),
        "every block, and every block indexed again after a reorg, is counted: {blocks:?}"
    );
    services.stop().await;

    // A reorg while the indexer is stopped, deeper than an indexer configured for 3 blocks accepts: it stops
    // and says why, leaving its tables as they were.
    node(&stack, "reorg", serde_json::json!([5])).await;
    let strict = stamps_indexer::IndexerConfig {
        rpc_url: stack.rpc_url.clone(),
        start_height: stack.first_height,
        headers_from: stack.first_height,
        poll_interval_ms: 50,
        max_reorg_depth: 3,
        ..stamps_indexer::IndexerConfig::default()
    };
    let indexer = stamps_indexer::build(&strict, &stack.postgres, &stack.nats)
        .await
        .expect("indexer builds");
    let stop = stamps_platform::shutdown::Shutdown::new();
    let outcome = tokio::time::timeout(
        std::time::Duration::from_secs(30),
        indexer.run_until_stopped(stop),
    )
    .await
    .expect("the indexer stops by itself");
    let message = outcome.expect_err("refused").to_string();
    assert!(message.contains("max_reorg_depth (3)"), "{message}");

    // With the default limit (20) it unwinds to the fork and catches up.
    let services = stack.services().await;
    assert_follows_the_node(&stack).await;
    services.stop().await;
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catching_up_in_large_transactions_gives_the_same_rows_as_block_by_block() {
    let total = 12;
    let batched = Stack::start("batched", total).await;
    let single = Stack::start("single", total).await;
    let a = batched.services_with(100).await;
    let b = single.services_with(1).await;
    a.wait_for_stamps(u64::from(total)).await;
    b.wait_for_stamps(u64::from(total)).await;
    assert_follows_the_node(&batched).await;
    assert_follows_the_node(&single).await;
    assert_eq!(
        catalogue_rows(&batched).await,
        catalogue_rows(&single).await
    );
    assert_eq!(
        indexed_blocks(&batched).await,
        indexed_blocks(&single).await
    );
    a.stop().await;
    b.stop().await;
    batched.finish().await;
    single.finish().await;
}

async fn indexed_blocks(stack: &Stack) -> u64 {
    let mut db = stack.db().await;
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.blocks")
        .fetch_one(&mut db)
        .await
        .expect("blocks");
    n as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_indexer_killed_again_and_again_loses_no_event_and_publishes_none_twice() {
    let total = 150;
    let stack = Stack::start("sigkill", total).await;
    let services = stack.services_with(0).await;
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_stamps"))
            .args(["indexer", "--rpc-url", &stack.rpc_url])
            .args(["--start-height", &stack.first_height.to_string()])
            .args(["--headers-from", &stack.first_height.to_string()])
            .env("STAMPS_POSTGRES__URL", &stack.postgres.url)
            .env("STAMPS_NATS__URL", &stack.nats.url)
            .env("STAMPS_NATS__PREFIX", &stack.nats.prefix)
            .env("STAMPS_INDEXER__COMMIT_BLOCKS", "2")
            .env("STAMPS_INDEXER__BOOTSTRAP", &stack.bootstrap)
            .env("STAMPS_INDEXER__POLL_INTERVAL_MS", "50")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("indexer starts")
    };
    // Killed (SIGKILL) eight times, each time as soon as it has committed a few more blocks.
    let mut kills = 0;
    let mut progress = vec![0];
    for round in 0..8u64 {
        let before = *progress.last().unwrap_or(&0);
        let mut child = run();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while blocks_so_far(&stack).await < before + 3 + round
            && std::time::Instant::now() < deadline
        {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        if child.try_wait().expect("status").is_none() {
            child.kill().expect("SIGKILL");
            kills += 1;
        }
        let _ = child.wait();
        progress.push(indexed_blocks(&stack).await);
    }
    assert_eq!(kills, 8, "the indexer was running each time it was killed");
    let tip = node(&stack, "getblockcount", serde_json::json!([])).await;
    let blocks = tip.as_u64().expect("height") - stack.first_height + 1;
    assert!(
        progress.windows(2).all(|w| w[0] < w[1]) && *progress.last().unwrap_or(&0) < blocks,
        "every kill landed mid-run, after progress: {progress:?} of {blocks} blocks"
    );
    let mut last = run();
    services.wait_for_stamps(u64::from(total)).await;
    assert_follows_the_node(&stack).await;
    let _ = last.kill();
    let _ = last.wait();

    let rows = catalogue_rows(&stack).await;
    assert_eq!(rows.len(), total as usize, "no stamp lost, none duplicated");
    // Each block's event reached the stream once (JetStream deduplicates by message id).
    let mut stream = chain_stream(&stack).await;
    let info = stream.info().await.expect("info");
    assert_eq!(info.state.messages, indexed_blocks(&stack).await);
    stack.wait_for_chain(30).await;
    services.stop().await;

    // Every table, the indexer's and the catalogue's, equals a clean run's over the same chain.
    let clean = stack.fresh_index("sigkillclean");
    let clean_services = clean.services_with(100).await;
    clean.wait_for_chain(60).await;
    clean_services.stop().await;
    assert_eq!(stack.table_digests().await, clean.table_digests().await);
    clean.finish().await;
    stack.finish().await;
}

/// Blocks indexed so far; 0 while the indexer has not created its tables.
async fn blocks_so_far(stack: &Stack) -> u64 {
    let mut db = stack.db().await;
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM indexer.blocks")
        .fetch_one(&mut db)
        .await
        .map_or(0, |n| n as u64)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_is_indexed_as_the_scenario_intended() {
    use stamps_devnet::scenario::Payload;
    let stack = Stack::start_with(
        "demo",
        stamps_devnet::DevnetConfig {
            scenario: stamps_devnet::ScenarioKind::Demo,
            scale: 0.2,
            ..stamps_devnet::DevnetConfig::default()
        },
    )
    .await;
    let services = stack.services_with(100).await;
    let tip = node(&stack, "getblockcount", serde_json::json!([])).await;
    let blocks = tip.as_u64().expect("height") - stack.first_height + 1;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while blocks_so_far(&stack).await < blocks {
        assert!(
            std::time::Instant::now() < deadline,
            "the demo was not indexed in time"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut db = stack.db().await;
    let stamps: std::collections::HashMap<String, (String, bool)> =
        sqlx::query_as::<_, (String, String, bool)>(
            "SELECT tx_hash, cpid, is_cursed FROM indexer.stamps",
        )
        .fetch_all(&mut db)
        .await
        .expect("stamps")
        .into_iter()
        .map(|(tx, cpid, cursed)| (tx, (cpid, cursed)))
        .collect();
    let ops: std::collections::HashMap<String, bool> =
        sqlx::query_as::<_, (String, bool)>("SELECT tx_hash, valid FROM indexer.src20_ops")
            .fetch_all(&mut db)
            .await
            .expect("src20 ops")
            .into_iter()
            .collect();
    let (mut checked_stamps, mut checked_ops) = (0, 0);
    for intent in &stack.intents {
        let txid = intent.txid.to_string();
        match &intent.payload {
            Payload::Stamp(want) => {
                let (cpid, cursed) = stamps
                    .get(&txid)
                    .unwrap_or_else(|| panic!("{} not indexed", want.cpid));
                assert_eq!(cpid, &want.cpid);
                assert_eq!(*cursed, !want.blessed, "{}", want.cpid);
                checked_stamps += 1;
            }
            Payload::Src20(want) if want.op.is_some() => {
                assert_eq!(ops.get(&txid), Some(&want.valid), "{}", want.json);
                checked_ops += 1;
            }
            _ => {}
        }
    }
    assert!(
        checked_stamps > 50 && checked_ops > 50,
        "{checked_stamps} stamps, {checked_ops} operations"
    );
    // SRC-20 balances: exactly the intended ones (whole tokens; stored with the reference's 18 places).
    let balances: Vec<(String, String, String)> =
        sqlx::query_as("SELECT tick, address, balance FROM indexer.src20_balances")
            .fetch_all(&mut db)
            .await
            .expect("balances");
    let mut indexed = std::collections::BTreeMap::new();
    for (tick, address, balance) in balances {
        let (whole, fraction) = balance.split_once('.').unwrap_or((&balance, ""));
        assert!(
            fraction.chars().all(|c| c == '0'),
            "{tick} {address} {balance}"
        );
        let whole: u128 = whole.parse().expect("integer balance");
        if whole > 0 {
            indexed.insert((tick, address), whole);
        }
    }
    // The intended ticks in the indexer's spelling: the reference's, escaped (🐸 as \U0001f438).
    let intended: std::collections::BTreeMap<(String, String), u128> = stack
        .book
        .src20
        .iter()
        .filter(|(_, v)| **v > 0)
        .map(|((tick, address), v)| {
            (
                (
                    stamps_protocol::src20::normalize_tick(tick),
                    address.clone(),
                ),
                *v,
            )
        })
        .collect();
    assert_eq!(indexed, intended);

    // The Counterparty ledger: every balance (XCP included, UTXO holders too) as the book intends, and every
    // intended message with the intended verdict.
    let balances: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT holder, asset, quantity::TEXT FROM indexer.balances WHERE quantity > 0",
    )
    .fetch_all(&mut db)
    .await
    .expect("balances");
    let ledger: std::collections::BTreeMap<(String, String), u64> = balances
        .into_iter()
        .map(|(h, a, q)| ((h, a), q.parse().expect("integer quantity")))
        .collect();
    assert_eq!(ledger, stack.book.balances);
    // Every stamp's issuance is recorded, valid, among the ledger's issuance rows.
    let issued: std::collections::HashSet<String> = sqlx::query_scalar(
        "SELECT tx_hash FROM indexer.issuances WHERE status = 'valid' AND msg_index = 0",
    )
    .fetch_all(&mut db)
    .await
    .expect("issuances")
    .into_iter()
    .collect();
    for intent in &stack.intents {
        if let Payload::Stamp(st) = &intent.payload {
            assert!(
                issued.contains(&intent.txid.to_string()),
                "{} has no valid issuance row",
                st.cpid
            );
        }
    }
    let statuses: std::collections::HashMap<String, String> =
        sqlx::query_as::<_, (String, String)>(
            "SELECT tx_hash, status FROM indexer.cp_transactions",
        )
        .fetch_all(&mut db)
        .await
        .expect("statuses")
        .into_iter()
        .collect();
    for intent in &stack.intents {
        if let Payload::Counterparty { message, valid } = &intent.payload {
            let status = statuses.get(&intent.txid.to_string());
            assert_eq!(
                status.map(|s| s == "valid"),
                Some(*valid),
                "{} {}: {status:?}",
                message.name(),
                intent.txid
            );
        }
    }

    // The catalogue's read models, projected from the CHAIN stream alone, hold the same ledger.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let projected: i64 = sqlx::query_scalar("SELECT count(*) FROM catalogue.blocks")
            .fetch_one(&mut db)
            .await
            .expect("catalogue blocks");
        if projected as u64 == blocks {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the catalogue did not catch up"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let projected: std::collections::BTreeMap<(String, String), u64> =
        sqlx::query_as::<_, (String, String, String)>(
            "SELECT holder, asset, quantity::TEXT FROM catalogue.balances WHERE quantity > 0",
        )
        .fetch_all(&mut db)
        .await
        .expect("catalogue balances")
        .into_iter()
        .map(|(h, a, q)| ((h, a), q.parse().expect("integer quantity")))
        .collect();
    assert_eq!(projected, stack.book.balances);
    // The catalogue names ticks by their characters, the indexer as the reference stores them.
    let src20 = async |db: &mut sqlx::PgConnection,
                       sql: &str|
           -> std::collections::BTreeMap<(String, String), String> {
        sqlx::query_as::<_, (String, String, String)>(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_all(db)
            .await
            .expect("src20 balances")
            .into_iter()
            .map(|(tick, address, balance)| {
                ((stamps_protocol::src20::tick_text(&tick), address), balance)
            })
            .collect()
    };
    let indexed_src20 = src20(
        &mut db,
        "SELECT tick, address, balance::NUMERIC::TEXT FROM indexer.src20_balances",
    )
    .await;
    let projected_src20 = src20(
        &mut db,
        "SELECT tick, address, balance::TEXT FROM catalogue.src20_balances",
    )
    .await;
    assert!(!indexed_src20.is_empty());
    assert_eq!(
        projected_src20, indexed_src20,
        "catalogue and indexer SRC-20 balances differ"
    );
    let dispensers: std::collections::BTreeMap<String, u8> =
        sqlx::query_as::<_, (String, i32)>("SELECT tx_hash, status FROM catalogue.dispensers")
            .fetch_all(&mut db)
            .await
            .expect("dispensers")
            .into_iter()
            .map(|(t, s)| (t, u8::try_from(s).expect("status")))
            .collect();
    assert_eq!(dispensers, stack.book.dispensers);
    let fairminters: std::collections::BTreeMap<String, String> =
        sqlx::query_as::<_, (String, String)>("SELECT asset, status FROM catalogue.fairminters")
            .fetch_all(&mut db)
            .await
            .expect("fairminters")
            .into_iter()
            .collect();
    assert_eq!(fairminters, stack.book.fairminters);
    for (asset, intended) in &stack.book.assets {
        let (issuer, supply, divisible, locked): (String, String, bool, bool) = sqlx::query_as(
            "SELECT issuer, supply::TEXT, divisible, locked FROM catalogue.assets WHERE asset = $1",
        )
        .bind(asset)
        .fetch_one(&mut db)
        .await
        .unwrap_or_else(|e| panic!("{asset} projected: {e}"));
        let destroyed: i64 = sqlx::query_scalar(
            "SELECT COALESCE(SUM(quantity), 0)::BIGINT FROM catalogue.destructions
             WHERE asset = $1 AND status = 'valid'",
        )
        .bind(asset)
        .fetch_one(&mut db)
        .await
        .expect("destructions");
        let supply: u64 = supply.parse().expect("integer supply");
        assert_eq!(
            (
                issuer.as_str(),
                supply + destroyed as u64,
                divisible,
                locked
            ),
            (
                intended.issuer.as_str(),
                intended.supply,
                intended.divisible,
                intended.locked
            ),
            "{asset}"
        );
    }
    services.stop().await;
    assert_published_events_are_built_again_from_the_facts(&stack).await;
    stack.finish().await;
}

/// Every `BlockIndexed` part on the stream of a block still indexed is, byte for byte, what the indexer builds
/// from its tables alone: what the relay publishes for the block's outbox rows after a restart.
async fn assert_published_events_are_built_again_from_the_facts(stack: &Stack) {
    use prost::Message as _;
    let mut chain = chain_stream(stack).await;
    let last = chain.info().await.expect("info").state.last_sequence;
    let mut db = stack.db().await;
    sqlx::query("SET search_path TO indexer")
        .execute(&mut db)
        .await
        .expect("schema");
    let indexed: i64 = sqlx::query_scalar("SELECT count(*) FROM blocks")
        .fetch_one(&mut db)
        .await
        .expect("blocks");
    let mut compared = std::collections::HashSet::new();
    for seq in 1..=last {
        let message = chain.get_raw_message(seq).await.expect("message");
        if !message.subject.ends_with("chain.block.indexed") {
            continue;
        }
        let event = stamps_proto::events::v1::BlockIndexed::decode(message.payload.as_ref())
            .expect("BlockIndexed");
        let Some(parts) =
            stamps_indexer::relayed::BlockEvents::parts_from_facts(&mut db, &event.hash)
                .await
                .expect("facts")
        else {
            // A block reverted since.
            continue;
        };
        assert_eq!(
            parts.get(event.part as usize).map(Vec::as_slice),
            Some(message.payload.as_ref()),
            "block {} part {}: the event built from the facts differs from the published one",
            event.height,
            event.part
        );
        compared.insert(event.hash);
    }
    assert_eq!(
        compared.len() as i64,
        indexed,
        "every indexed block compared"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_whose_hashes_differ_from_a_checkpoint_stops_the_indexer_before_it() {
    let stack = Stack::start("checkpoint", 2).await;
    // The first stamp's block: its txlist hash cannot be all zeros.
    let height = stack.stamps[0].height;
    let config = stamps_indexer::IndexerConfig {
        rpc_url: stack.rpc_url.clone(),
        start_height: stack.first_height,
        headers_from: stack.first_height,
        poll_interval_ms: 50,
        checkpoints: vec![stamps_indexer::Checkpoint {
            height,
            txlist_hash: Some("0".repeat(64)),
            messages_hash: None,
            ledger_hash: None,
        }],
        ..stamps_indexer::IndexerConfig::default()
    };
    let indexer = stamps_indexer::build(&config, &stack.postgres, &stack.nats)
        .await
        .expect("indexer builds");
    let outcome = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        indexer.run_until_stopped(stamps_platform::shutdown::Shutdown::new()),
    )
    .await
    .expect("the indexer stops by itself");
    let message = outcome.expect_err("refused").to_string();
    assert!(
        message.contains(&format!("block {height}: txlist_hash")) && message.contains("checkpoint"),
        "{message}"
    );
    assert_eq!(
        blocks_so_far(&stack).await,
        height - stack.first_height,
        "every block before the checkpoint is indexed, none from it on"
    );
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_transactions_are_recorded_and_never_stop_the_indexer() {
    use bitcoin::consensus::encode::serialize_hex;
    use bitcoin::script::PushBytesBuf;
    use bitcoin::{Amount, OutPoint, ScriptBuf, TxOut};
    let stack = Stack::start("malformed", 1).await;
    let services = stack.services().await;
    services.wait_for_stamps(1).await;

    // Actor 1's genesis coin (output 1 of the first block's coinbase, mature by now).
    let first = node(
        &stack,
        "getblockhash",
        serde_json::json!([stack.first_height]),
    )
    .await;
    let block = node(&stack, "getblock", serde_json::json!([first, 1])).await;
    let coinbase: bitcoin::Txid = block["tx"][0]
        .as_str()
        .expect("txid")
        .parse()
        .expect("txid");
    let secp = bitcoin::secp256k1::Secp256k1::new();
    let actor = stamps_devnet::keys::Actor::derive(&secp, 1, 1);
    let push = |bytes: Vec<u8>| PushBytesBuf::try_from(bytes).expect("fits a push");
    // A Counterparty issuance (type 22) whose body is cut short, in an OP_RETURN keyed by the spent txid.
    let key = stamps_protocol::arc4::key_for(&coinbase);
    let truncated =
        stamps_protocol::counterparty::transport::op_return_output(&key, &[22, 1, 2, 3])
            .expect("fits");
    let weird = vec![
        // A push that runs past the end of the script.
        TxOut {
            value: Amount::from_sat(1_000),
            script_pubkey: ScriptBuf::from_bytes(vec![0x4c]),
        },
        // Bare multisig with keys that are not points.
        TxOut {
            value: Amount::from_sat(1_000),
            script_pubkey: ScriptBuf::from_bytes(
                [
                    vec![0x51, 33],
                    vec![0xff; 33],
                    vec![33],
                    vec![0xee; 33],
                    vec![0x52, 0xae],
                ]
                .concat(),
            ),
        },
        // An OP_RETURN of bytes that are not UTF-8 and not Counterparty.
        TxOut {
            value: Amount::ZERO,
            script_pubkey: ScriptBuf::new_op_return(push(vec![0xff, 0xfe, 0xc3, 0x28, 0x80])),
        },
        // An oversized push: 9,000 bytes in one OP_RETURN (more than a script may push when run).
        TxOut {
            value: Amount::ZERO,
            script_pubkey: ScriptBuf::new_op_return(push(vec![0xab; 9_000])),
        },
        truncated,
        TxOut {
            value: MINIMAL_CHANGE,
            script_pubkey: actor.script_pubkey(),
        },
    ];
    let mut tx = stamps_devnet::scenario::unsigned_spend(OutPoint::new(coinbase, 1), weird);
    stamps_devnet::scenario::sign_p2wpkh(
        &secp,
        &mut tx,
        &actor,
        stamps_devnet::scenario::MINIMAL_ALLOCATION,
    );
    let weird_txid = node(
        &stack,
        "sendrawtransaction",
        serde_json::json!([serialize_hex(&tx)]),
    )
    .await;
    // A transaction whose only oddity is the cut-short issuance: Counterparty records it, invalid.
    let spent = OutPoint::new(tx.compute_txid(), 5);
    let key = stamps_protocol::arc4::key_for(&spent.txid);
    let cut = stamps_protocol::counterparty::transport::op_return_output(&key, &[22, 1, 2, 3])
        .expect("fits");
    let change = TxOut {
        value: MINIMAL_CHANGE - Amount::from_sat(10_000),
        script_pubkey: actor.script_pubkey(),
    };
    let mut short = stamps_devnet::scenario::unsigned_spend(spent, vec![cut, change]);
    stamps_devnet::scenario::sign_p2wpkh(&secp, &mut short, &actor, MINIMAL_CHANGE);
    let short_txid = node(
        &stack,
        "sendrawtransaction",
        serde_json::json!([serialize_hex(&short)]),
    )
    .await;
    // An absurd amount: an issuance of 2^64 - 1 units, past the reference's signed 64-bit ceiling.
    let spent = OutPoint::new(short.compute_txid(), 1);
    let left = MINIMAL_CHANGE - Amount::from_sat(10_000);
    let (huge, huge_txid) = send_numeric_issuance(
        &stack,
        &actor,
        (spent, left),
        95_428_956_661_682_177,
        u64::MAX,
        "",
    )
    .await;
    // A valid issuance whose description holds U+0000: UTF-8 the protocol keeps, text Postgres refuses.
    let spent = OutPoint::new(huge.compute_txid(), 1);
    let left = left - Amount::from_sat(10_000);
    let (_, nul_txid) = send_numeric_issuance(
        &stack,
        &actor,
        (spent, left),
        95_428_956_661_682_178,
        1,
        "before\0after",
    )
    .await;
    let miner = actor.address().to_string();
    node(&stack, "generatetoaddress", serde_json::json!([2, miner])).await;

    // The indexer keeps following the node. A transaction with an output script it cannot read is not a
    // Counterparty transaction at all (as the reference has it); the cut-short issuance is recorded, invalid.
    assert_follows_the_node(&stack).await;
    let mut db = stack.db().await;
    let mut status = async |txid: &serde_json::Value| -> Option<String> {
        sqlx::query_scalar("SELECT status FROM indexer.cp_transactions WHERE tx_hash = $1")
            .bind(txid.as_str().expect("txid"))
            .fetch_optional(&mut db)
            .await
            .expect("query")
    };
    assert_eq!(status(&weird_txid).await, None);
    let recorded = status(&short_txid).await.expect("recorded");
    assert!(recorded.starts_with("invalid"), "{recorded}");
    let recorded = status(&huge_txid).await.expect("recorded");
    assert!(recorded.contains("integer overflow"), "{recorded}");
    assert_eq!(status(&nul_txid).await.as_deref(), Some("valid"));
    let created: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.balances WHERE asset = 'A95428956661682177'",
    )
    .fetch_one(&mut db)
    .await
    .expect("balances");
    assert_eq!(created, 0, "the absurd issuance credited nothing");
    // The issuance with U+0000 is valid; the tables and the events hold its description with U+FFFD there.
    let stored: String = sqlx::query_scalar(
        "SELECT description FROM indexer.issuances WHERE asset = 'A95428956661682178'",
    )
    .fetch_one(&mut db)
    .await
    .expect("issuance row");
    assert_eq!(stored, "before\u{FFFD}after");
    stack.wait_for_chain(30).await;
    let projected: Option<String> = sqlx::query_scalar(
        "SELECT description FROM catalogue.assets WHERE asset = 'A95428956661682178'",
    )
    .fetch_optional(&mut db)
    .await
    .expect("asset row");
    assert_eq!(projected.as_deref(), Some("before\u{FFFD}after"));
    services.stop().await;
    stack.finish().await;
}

/// Sends the issuance of `quantity` units of the numeric asset `asset_id` with `description`, by `actor`,
/// spending `spent` (an output of `actor` worth the amount given with it) for a fee of 10,000 sats, to be
/// mined in the next block. Returns the transaction and its id as the node answered.
async fn send_numeric_issuance(
    stack: &Stack,
    actor: &stamps_devnet::keys::Actor,
    spent: (bitcoin::OutPoint, bitcoin::Amount),
    asset_id: u64,
    quantity: u64,
    description: &str,
) -> (bitcoin::Transaction, serde_json::Value) {
    use stamps_protocol::counterparty::message::{Issuance, Message};
    let (outpoint, value) = spent;
    let issuance = Message::Issuance(Issuance {
        type_id: 22,
        asset_id,
        asset: format!("A{asset_id}"),
        asset_longname: None,
        quantity,
        divisible: false,
        lock: false,
        reset: false,
        callable: false,
        call_date: 0,
        call_price: 0.0,
        description: Some(description.to_owned()),
        mime_type: "text/plain".into(),
    });
    let tip = node(stack, "getblockcount", serde_json::json!([])).await;
    let data = issuance
        .pack(
            tip.as_u64().expect("height") + 1,
            stamps_protocol::Rules::MAINNET,
        )
        .expect("packs");
    let key = stamps_protocol::arc4::key_for(&outpoint.txid);
    let carrier =
        stamps_protocol::counterparty::transport::op_return_output(&key, &data).expect("fits");
    let change = bitcoin::TxOut {
        value: value - bitcoin::Amount::from_sat(10_000),
        script_pubkey: actor.script_pubkey(),
    };
    let mut tx = stamps_devnet::scenario::unsigned_spend(outpoint, vec![carrier, change]);
    let secp = bitcoin::secp256k1::Secp256k1::new();
    stamps_devnet::scenario::sign_p2wpkh(&secp, &mut tx, actor, value);
    let txid = node(
        stack,
        "sendrawtransaction",
        serde_json::json!([bitcoin::consensus::encode::serialize_hex(&tx)]),
    )
    .await;
    (tx, txid)
}

/// Change of the malformed transaction: the genesis coin less what its other outputs and the fee take.
const MINIMAL_CHANGE: bitcoin::Amount = bitcoin::Amount::from_sat(74_900_000);
