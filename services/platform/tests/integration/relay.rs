//! The outbox relay on a real NATS server and Postgres, lingering: every row it is told of is published, also
//! rows committed while it publishes, long before its poll would find them.

use std::time::{Duration, Instant};

use stamps_platform::nats::{Nats, Stream};
use stamps_platform::outbox::{self, Relay};
use stamps_platform::shutdown::Shutdown;

/// Waits up to 5 s (the relay polls every minute) for the stream to hold `messages` and the outbox to be empty.
async fn published(nats: &Nats, pool: &sqlx::PgPool, messages: u64) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut stream = nats
            .js
            .get_stream(nats.stream_name(Stream::Chain))
            .await
            .expect("stream");
        let held = stream.info().await.expect("info").state.messages;
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox")
            .fetch_one(pool)
            .await
            .expect("outbox");
        if held == messages && left == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{held} of {messages} rows published, {left} left in the outbox"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_lingering_relay_publishes_every_row_it_is_told_of() {
    let scratch = crate::Scratch::new("relay", 4).await;
    let (nats, pool) = (scratch.nats.clone(), scratch.pool.clone());
    nats.ensure_stream(Stream::Chain).await.expect("stream");

    let relay = Relay::new(pool.clone(), nats.clone(), Duration::from_secs(60))
        .with_linger(Duration::from_millis(5));
    let shutdown = Shutdown::new();
    let running = tokio::spawn(relay.clone().run(shutdown.clone()));
    let commit = |n: u32| {
        let (pool, relay) = (pool.clone(), relay.clone());
        async move {
            let mut tx = pool.begin().await.expect("begin");
            outbox::enqueue(&mut tx, "chain.test", &format!("row:{n}"), &n.to_be_bytes())
                .await
                .expect("enqueue");
            tx.commit().await.expect("commit");
            relay.notify();
        }
    };

    // One at a time: each is published after the relay has gone back to waiting.
    for n in 1..=3 {
        commit(n).await;
        published(&nats, &pool, u64::from(n)).await;
    }
    // Many at once, some committed while the relay publishes the first.
    let crowd: Vec<_> = (4..=40).map(|n| tokio::spawn(commit(n))).collect();
    for c in crowd {
        c.await.expect("commit");
    }
    published(&nats, &pool, 40).await;

    shutdown.cancel();
    running.await.expect("relay");
    scratch.remove().await;
}

/// A record of the log, read with `pg_walinspect`.
#[derive(Debug, sqlx::FromRow)]
struct Record {
    /// Where it starts, in bytes from the log's beginning.
    lsn: i64,
    xid: String,
    /// `resource manager/record type`.
    kind: String,
    description: String,
    blocks: String,
}

/// The log's current insert position, in bytes from its beginning.
async fn insert_position(pool: &sqlx::PgPool) -> i64 {
    sqlx::query_scalar("SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint")
        .fetch_one(pool)
        .await
        .expect("insert position")
}

/// The log's records from `start` to its flushed end.
async fn records(pool: &sqlx::PgPool, start: i64) -> Vec<Record> {
    sqlx::query_as(
        "SELECT (start_lsn - '0/0'::pg_lsn)::bigint AS lsn, xid::text AS xid,
                resource_manager || '/' || record_type AS kind,
                coalesce(description, '') AS description, coalesce(block_ref, '') AS blocks
         FROM pg_get_wal_records_info('0/0'::pg_lsn + $1::numeric, pg_current_wal_flush_lsn())
         ORDER BY start_lsn",
    )
    .bind(start)
    .fetch_all(pool)
    .await
    .expect("pg_walinspect")
}

/// A row committed without waiting for the disk is published only after a commit that waits for it: the log holds
/// the relay's message and its commit after the row's commit and before the pass deletes the row.
#[tokio::test]
async fn a_flushing_relay_makes_the_log_durable_before_it_publishes() {
    let scratch = crate::Scratch::new("flush", 4).await;
    let (nats, pool) = (scratch.nats.clone(), scratch.pool.clone());
    nats.ensure_stream(Stream::Chain).await.expect("stream");
    sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_walinspect")
        .execute(&pool)
        .await
        .expect("pg_walinspect (PostgreSQL 15 or later, with its contrib modules)");

    for flushing in [false, true] {
        let start = insert_position(&pool).await;
        let mut tx = pool.begin().await.expect("begin");
        sqlx::query("SET LOCAL synchronous_commit = off")
            .execute(&mut *tx)
            .await
            .expect("async commit");
        outbox::enqueue(&mut tx, "chain.test", "row", b"fact")
            .await
            .expect("enqueue");
        tx.commit().await.expect("commit");
        let committed = insert_position(&pool).await;

        let relay = Relay::new(pool.clone(), nats.clone(), Duration::from_secs(60));
        let relay = if flushing { relay.flushing() } else { relay };
        assert_eq!(relay.publish_pending().await.expect("pass"), 1);

        let outbox_file: i64 = sqlx::query_scalar("SELECT pg_relation_filenode('outbox')::bigint")
            .fetch_one(&pool)
            .await
            .expect("filenode");
        let log = records(&pool, start).await;
        let outbox_block = format!("/{outbox_file} ");
        let deleted = log
            .iter()
            .find(|r| r.kind == "Heap/DELETE" && r.blocks.contains(&outbox_block))
            .expect("the pass's DELETE in the log")
            .lsn;
        assert!(committed <= deleted);

        let prefix = format!("prefix \"{}\"", outbox::FLUSH_PREFIX);
        let messages: Vec<_> = log
            .iter()
            .filter(|r| r.kind == "LogicalMessage/MESSAGE" && r.description.contains(&prefix))
            .filter(|r| committed <= r.lsn && r.lsn < deleted)
            .collect();
        let flushed = messages.iter().any(|m| {
            log.iter()
                .any(|r| r.kind == "Transaction/COMMIT" && r.xid == m.xid && r.lsn < deleted)
        });
        assert_eq!(
            flushed,
            flushing,
            "a relay {}flushing: the relay's messages between the row's commit and its deletion: {messages:?}",
            if flushing { "" } else { "not " }
        );
    }
    scratch.remove().await;
}
