//! Projections on a real NATS server and Postgres (`STAMPS_TEST_NATS`, `STAMPS_TEST_POSTGRES`, default the local
//! ones), with a stream prefix and a database of their own.

use std::sync::atomic::{AtomicUsize, Ordering};

use sqlx::PgConnection;
use stamps_platform::consumer::{self, Projection, ProjectionError, Until};
use stamps_platform::nats::Stream;
use stamps_platform::shutdown::Shutdown;

/// Records each message's number once (a second time is a primary-key error) and counts its transactions.
#[derive(Default)]
struct Numbers {
    finished: AtomicUsize,
}

impl Projection for Numbers {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        _subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        let text =
            std::str::from_utf8(payload).map_err(|e| ProjectionError::Malformed(e.to_string()))?;
        let n: i64 = text
            .parse()
            .map_err(|_| ProjectionError::Malformed(format!("not a number: {text}")))?;
        sqlx::query("INSERT INTO numbers (n) VALUES ($1)")
            .bind(n)
            .execute(tx)
            .await?;
        Ok(())
    }

    async fn finish(&self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query(
            "UPDATE totals SET transactions = transactions + 1, sum = (SELECT sum(n)::BIGINT FROM numbers)",
        )
        .execute(tx)
        .await?;
        self.finished.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

#[tokio::test]
async fn waiting_messages_share_transactions_and_each_is_applied_once() {
    let scratch = crate::Scratch::new("cons", 2).await;
    let (nats, pool) = (scratch.nats.clone(), scratch.pool.clone());
    sqlx::query("CREATE TABLE numbers (n BIGINT PRIMARY KEY)")
        .execute(&pool)
        .await
        .expect("table");
    sqlx::query("CREATE TABLE totals (transactions BIGINT NOT NULL, sum BIGINT)")
        .execute(&pool)
        .await
        .expect("table");
    sqlx::query("INSERT INTO totals VALUES (0, NULL)")
        .execute(&pool)
        .await
        .expect("row");

    // 600 messages, one of them malformed, all waiting before the consumer starts.
    nats.ensure_stream(Stream::Chain).await.expect("stream");
    let subject = nats.subject("chain.test");
    for n in 1..=600i64 {
        let payload = if n == 300 {
            "three hundred".to_owned()
        } else {
            n.to_string()
        };
        nats.js
            .publish(subject.clone(), payload.into())
            .await
            .expect("publish")
            .await
            .expect("ack");
    }
    let numbers = Numbers::default();
    let progress = stamps_platform::metrics::ConsumerProgress::default();
    let run = |projection| {
        consumer::run(
            &nats,
            &pool,
            Stream::Chain,
            "numbers",
            projection,
            Until::CaughtUp,
            &progress,
            Shutdown::new(),
        )
    };
    run(&numbers).await.expect("caught up");
    assert_eq!(
        progress.lag.get(),
        0,
        "nothing left to apply once caught up"
    );
    assert!(
        (599..=600).contains(&progress.applied.get()),
        "every message counted once: {}",
        progress.applied.get()
    );

    let (count, sum): (i64, Option<i64>) =
        sqlx::query_as("SELECT count(*), sum(n)::BIGINT FROM numbers")
            .fetch_one(&pool)
            .await
            .expect("numbers");
    assert_eq!(count, 599, "every message once, the malformed one skipped");
    assert_eq!(sum, Some(600 * 601 / 2 - 300));
    let (transactions, finished_sum): (i64, Option<i64>) =
        sqlx::query_as("SELECT transactions, sum FROM totals")
            .fetch_one(&pool)
            .await
            .expect("totals");
    assert_eq!(
        finished_sum, sum,
        "the last transaction finished after all its messages"
    );
    let finished = numbers.finished.load(Ordering::SeqCst) as i64;
    assert_eq!(
        transactions, finished,
        "finish ran once per committed transaction"
    );
    // The client fetches waiting messages many at a time, so at least one transaction holds several (how many
    // depends on the machine's load; `make bench-api` measures the effect).
    assert!(
        transactions < 599,
        "waiting messages share transactions: {transactions} for 600 messages"
    );
    assert_eq!(
        consumer::applied_sequence(&pool, "numbers")
            .await
            .expect("offset"),
        600
    );

    // A second run has nothing to apply and applies nothing again.
    run(&numbers).await.expect("caught up again");
    let again: i64 = sqlx::query_scalar("SELECT count(*) FROM numbers")
        .fetch_one(&pool)
        .await
        .expect("numbers");
    assert_eq!(again, 599);

    let _ = consumer::delete_durable(&nats, Stream::Chain, "numbers").await;
    scratch.remove().await;
}
