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
