//! The headers below the start height: kept from `headers_from`, checked against the node, and brought back to
//! its best chain after a reorg that reaches below the first indexed block.

use std::time::{Duration, Instant};

use serde_json::json;
use stamps_platform::shutdown::Shutdown;

use crate::helpers::Stack;

/// An indexer that starts `below` blocks above the devnet's first block and keeps the headers under it.
fn config(stack: &Stack, below: u64) -> stamps_indexer::IndexerConfig {
    stamps_indexer::IndexerConfig {
        rpc_url: stack.rpc_url.clone(),
        start_height: stack.first_height + below,
        headers_from: stack.first_height,
        poll_interval_ms: 50,
        bootstrap: Some(stack.bootstrap.clone()),
        max_reorg_depth: 500,
        ..stamps_indexer::IndexerConfig::default()
    }
}

/// Runs an indexer until its blocks are the node's from its start height to the tip; returns it running.
async fn follow(
    stack: &Stack,
    config: &stamps_indexer::IndexerConfig,
) -> (Shutdown, tokio::task::JoinHandle<()>) {
    let indexer = stamps_indexer::build(config, &stack.postgres, &stack.nats)
        .await
        .expect("indexer builds");
    let stop = Shutdown::new();
    let task = tokio::spawn({
        let stop = stop.clone();
        async move { indexer.run_until_stopped(stop).await.expect("indexer runs") }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let node = node_hashes(stack, config.start_height).await;
        if indexed_hashes(stack, "blocks").await == node {
            return (stop, task);
        }
        assert!(
            Instant::now() < deadline,
            "the indexer did not reach the node's tip"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The node's best-chain hashes from `from` to its tip.
async fn node_hashes(stack: &Stack, from: u64) -> Vec<(i64, String)> {
    let tip = stack.rpc("getblockcount", json!([])).await;
    let tip = tip.as_u64().expect("height");
    let mut out = Vec::new();
    for h in from..=tip {
        let hash = stack.rpc("getblockhash", json!([h])).await;
        out.push((h as i64, hash.as_str().expect("hash").to_owned()));
    }
    out
}

/// The heights and hashes of the indexer's `blocks` or `headers`, lowest first.
async fn indexed_hashes(stack: &Stack, table: &str) -> Vec<(i64, String)> {
    let mut db = stack.db().await;
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT height, hash FROM indexer.{table} ORDER BY height"
    )))
    .fetch_all(&mut db)
    .await
    .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headers_below_the_start_height_are_kept_checked_and_follow_a_reorg_below_it() {
    // The minimal scenario's stamps come after its 100 blocks of coinbase maturity; the indexer starts 30
    // blocks in, keeping the 30 headers below.
    let stack = Stack::start("headers", 4).await;
    let below = 30;
    let config = config(&stack, below);
    let (stop, task) = follow(&stack, &config).await;
    let first = stack.first_height;
    let headers = indexed_hashes(&stack, "headers").await;
    let mut node_below = node_hashes(&stack, first).await;
    node_below.truncate(below as usize);
    assert_eq!(
        headers, node_below,
        "every header below the start, as the node has it"
    );
    let blocks = indexed_hashes(&stack, "blocks").await;
    assert_eq!(
        blocks.first().map(|b| b.0),
        Some((first + below) as i64),
        "no block below the start height is indexed"
    );
    let status = stamps_indexer::status(&config, &stack.postgres)
        .await
        .expect("status");
    assert_eq!(status.headers, (below, Some(first + below - 1)), "{status}");
    assert!(
        status
            .to_string()
            .contains(&format!("30 kept, up to {}", first + below - 1)),
        "{status}"
    );
    stop.cancel();
    task.await.expect("stopped");

    // While it is stopped, the node replaces every block from 10 above its first one: the fork is below the
    // first indexed block. The indexer unwinds all its blocks, drops the headers above the fork, fetches the
    // new branch's and indexes the new chain.
    let tip = stack.rpc("getblockcount", json!([])).await;
    let depth = tip.as_u64().expect("height") - (first + 10) + 1;
    let branch = stack.rpc("reorg", json!([depth])).await;
    assert_eq!(
        branch.as_array().map(Vec::len),
        Some(depth as usize + 1),
        "the devnet replaced {depth} blocks"
    );
    let (stop, task) = follow(&stack, &config).await;
    let mut node_below = node_hashes(&stack, first).await;
    node_below.truncate(below as usize);
    assert_eq!(indexed_hashes(&stack, "headers").await, node_below);
    assert_ne!(
        indexed_hashes(&stack, "headers").await[10..],
        headers[10..],
        "the headers above the fork are the new branch's"
    );
    stop.cancel();
    task.await.expect("stopped");

    // Its tables equal those of an indexer that only ever saw the final chain.
    let fresh = stack.fresh_index("headersfresh");
    let (stop, task) = follow(&fresh, &config).await;
    stop.cancel();
    task.await.expect("stopped");
    assert_eq!(stack.table_digests().await, fresh.table_digests().await);
    fresh.finish().await;
    stack.finish().await;
}
