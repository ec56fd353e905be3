//! Projections: durable JetStream consumers that apply messages in database transactions together with the
//! stream sequence of the last one, so a projection is resumable (it restarts after the last applied sequence)
//! and idempotent (a redelivered message at or below that sequence is skipped).
//!
//! Near the tip each message has its own transaction. When messages are already waiting (catch-up, replays) up
//! to [`BATCH_MESSAGES`] of them share one, and the projection's [`Projection::finish`] runs once for all of
//! them: work that depends on what a whole batch changed (derived figures) is done once, not once per message.

use std::future::Future;
use std::time::Duration;

use async_nats::jetstream::consumer::{DeliverPolicy, pull};
use futures::{FutureExt, StreamExt};
use sqlx::{PgConnection, PgPool};

use crate::metrics::ConsumerProgress;
use crate::nats::{Nats, Stream};
use crate::shutdown::Shutdown;

/// Creates the table of applied sequences in the pool's schema when missing.
pub(crate) async fn ensure_tables(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS consumer_offsets (
            consumer TEXT PRIMARY KEY,
            stream_sequence BIGINT NOT NULL
        )",
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Why a message could not be applied.
#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    /// The message cannot be read: it is logged, counted and skipped (retrying cannot help).
    #[error("malformed message: {0}")]
    Malformed(String),
    /// A database error: the message is retried.
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
}

/// A read model fed by one stream.
pub trait Projection: Send + Sync + 'static {
    /// Applies one message inside the caller's transaction. `subject` has the deployment prefix removed.
    fn apply<'a>(
        &'a self,
        tx: &'a mut PgConnection,
        subject: &'a str,
        payload: &'a [u8],
    ) -> impl Future<Output = Result<(), ProjectionError>> + Send + 'a;

    /// Called once per transaction, after its messages are applied and before it commits: the place for work
    /// that depends on everything the transaction's messages changed. By default nothing.
    fn finish<'a>(
        &'a self,
        tx: &'a mut PgConnection,
    ) -> impl Future<Output = Result<(), ProjectionError>> + Send + 'a {
        let _ = tx;
        std::future::ready(Ok(()))
    }

    /// Called once a transaction's writes are committed (to tell others outside the database); by default
    /// nothing.
    fn committed(&self) {}
}

/// At most this many waiting messages are applied in one transaction.
pub const BATCH_MESSAGES: usize = 256;
/// A batch stops growing once its payloads reach this many bytes.
const BATCH_BYTES: usize = 64 << 20;

/// One delivered message, kept until its batch is committed and acknowledged.
struct Delivered {
    message: async_nats::jetstream::Message,
    seq: u64,
}

/// Why the consumer loop stopped.
#[derive(Debug, thiserror::Error)]
pub enum ConsumerError {
    /// Database failure outside a message (reading the offset).
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// JetStream failure (stream, consumer or message stream).
    #[error("jetstream: {0}")]
    Nats(String),
}

/// When the consumer loop returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Run until shutdown.
    Shutdown,
    /// Return once every message in the stream when the loop started has been applied (replays).
    CaughtUp,
}

/// The last stream sequence `consumer` applied (0 when none).
pub async fn applied_sequence(pool: &PgPool, consumer: &str) -> Result<u64, sqlx::Error> {
    let seq: Option<i64> =
        sqlx::query_scalar("SELECT stream_sequence FROM consumer_offsets WHERE consumer = $1")
            .bind(consumer)
            .fetch_optional(pool)
            .await?;
    Ok(seq.map_or(0, |s| s.max(0) as u64))
}

/// Deletes the durable consumer `name` on `stream` (before a replay), ignoring a missing one.
pub async fn delete_durable(nats: &Nats, stream: Stream, name: &str) -> Result<(), ConsumerError> {
    let stream = nats
        .ensure_stream(stream)
        .await
        .map_err(|e| ConsumerError::Nats(e.to_string()))?;
    let _ = stream.delete_consumer(name).await;
    Ok(())
}

/// Runs `projection` over `stream` as the durable consumer `name` until shutdown, starting it again (after 200 ms,
/// doubling to 10 s) whenever it stops on an error: a service's consumer outlives NATS or Postgres being away.
pub async fn run_forever<P: Projection>(
    nats: &Nats,
    pool: &PgPool,
    stream: Stream,
    name: &str,
    projection: &P,
    progress: &ConsumerProgress,
    shutdown: &Shutdown,
) {
    let mut delay = Duration::from_millis(200);
    while !shutdown.is_cancelled() {
        let stopped = run(
            nats,
            pool,
            stream,
            name,
            projection,
            Until::Shutdown,
            progress,
            shutdown.clone(),
        )
        .await;
        let Err(e) = stopped else { break };
        tracing::warn!(error = %e, consumer = name, "a consumer stopped; starting it again");
        tokio::select! {
            _ = shutdown.cancelled() => break,
            _ = tokio::time::sleep(delay) => {}
        }
        delay = (delay * 2).min(Duration::from_secs(10));
    }
}

/// Runs `projection` over `stream` as the durable consumer `name`, reporting to `progress`.
#[allow(clippy::too_many_arguments)]
pub async fn run<P: Projection>(
    nats: &Nats,
    pool: &PgPool,
    stream: Stream,
    name: &str,
    projection: &P,
    until: Until,
    progress: &ConsumerProgress,
    shutdown: Shutdown,
) -> Result<(), ConsumerError> {
    let nats_err = |e: &dyn std::fmt::Display| ConsumerError::Nats(e.to_string());
    let mut js_stream = nats.ensure_stream(stream).await.map_err(|e| nats_err(&e))?;
    let mut applied = applied_sequence(pool, name).await?;
    let target = js_stream
        .info()
        .await
        .map_err(|e| nats_err(&e))?
        .state
        .last_sequence;
    if until == Until::CaughtUp && applied >= target {
        return Ok(());
    }
    // The database, not the server, holds the position: messages delivered to a previous run but never
    // acknowledged would otherwise wait for their ack timeout. So the consumer is recreated to start right
    // after the last applied sequence. (One projector per database; replicas share reads, not projection.)
    let _ = js_stream.delete_consumer(name).await;
    let consumer: async_nats::jetstream::consumer::PullConsumer = js_stream
        .create_consumer(pull::Config {
            durable_name: Some(name.to_owned()),
            deliver_policy: DeliverPolicy::ByStartSequence {
                start_sequence: applied + 1,
            },
            ack_policy: async_nats::jetstream::consumer::AckPolicy::Explicit,
            // The database holds the position, so a redelivery only costs a skip; a long wait keeps a slow
            // batch's messages from coming again while it is applied.
            ack_wait: Duration::from_secs(600),
            max_ack_pending: 1024,
            ..Default::default()
        })
        .await
        .map_err(|e| nats_err(&e))?;
    let mut messages = consumer.messages().await.map_err(|e| nats_err(&e))?;
    let mut batch: Vec<Delivered> = Vec::new();
    loop {
        let next = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            next = messages.next() => next,
        };
        let mut next = Some(next);
        let mut bytes = 0;
        let mut pending = 0;
        // The first message, then whatever is already waiting, up to the batch's limits.
        while let Some(item) = next.take() {
            let Some(message) = item else {
                return Err(ConsumerError::Nats("message stream ended".into()));
            };
            let message = message.map_err(|e| nats_err(&e))?;
            let info = message.info().map_err(|e| nats_err(&e))?;
            let seq = info.stream_sequence;
            pending = info.pending;
            bytes += message.payload.len();
            batch.push(Delivered { message, seq });
            let reached = until == Until::CaughtUp && seq >= target;
            if !reached && batch.len() < BATCH_MESSAGES && bytes < BATCH_BYTES {
                next = messages.next().now_or_never();
            }
        }
        let seqs: Vec<u64> = batch.iter().map(|d| d.seq).collect();
        let fresh: Vec<&Delivered> = first_deliveries(&seqs, applied)
            .into_iter()
            .map(|i| &batch[i])
            .collect();
        if let Some(last) = fresh.last() {
            let last = last.seq;
            apply_batch(pool, name, projection, nats, &fresh, &shutdown).await?;
            applied = last;
            progress.applied.inc_by(fresh.len() as u64);
        }
        progress.lag.set(i64::try_from(pending).unwrap_or(i64::MAX));
        for d in batch.drain(..) {
            if let Err(e) = d.message.ack().await {
                tracing::warn!(error = %e, seq = d.seq, "ack failed; the message will be redelivered and skipped");
            }
        }
        if until == Until::CaughtUp && applied >= target {
            return Ok(());
        }
    }
}

/// The positions in `seqs` (a batch's stream sequences, in delivery order) to apply: each newer than `applied`
/// and than every sequence before it, so a message redelivered (its ack overdue) while its first delivery waits
/// in the batch is applied once.
fn first_deliveries(seqs: &[u64], applied: u64) -> Vec<usize> {
    let mut newest = applied;
    let mut fresh = Vec::with_capacity(seqs.len());
    for (i, &seq) in seqs.iter().enumerate() {
        if seq > newest {
            fresh.push(i);
            newest = seq;
        }
    }
    fresh
}

/// Applies `batch` in one transaction; if that fails, each message in its own (retried, or skipped when
/// malformed), so one bad message costs its batch a second pass and nothing else.
async fn apply_batch<P: Projection>(
    pool: &PgPool,
    name: &str,
    projection: &P,
    nats: &Nats,
    batch: &[&Delivered],
    shutdown: &Shutdown,
) -> Result<(), ConsumerError> {
    if let [one] = batch {
        let subject = nats.unprefixed(&one.message.subject);
        return apply_with_retry(
            pool,
            name,
            projection,
            subject,
            &one.message.payload,
            one.seq,
            shutdown,
        )
        .await;
    }
    let together = async {
        let mut tx = pool.begin().await?;
        let stored = locked_offset(&mut tx, name).await?;
        for d in batch.iter().filter(|d| d.seq > stored) {
            let subject = nats.unprefixed(&d.message.subject);
            projection
                .apply(&mut tx, subject, &d.message.payload)
                .await?;
        }
        projection.finish(&mut tx).await?;
        if let Some(last) = batch.last() {
            store_offset(&mut tx, name, last.seq).await?;
        }
        tx.commit().await?;
        Ok::<(), ProjectionError>(())
    };
    match together.await {
        Ok(()) => {
            projection.committed();
            Ok(())
        }
        Err(e) => {
            tracing::warn!(consumer = name, messages = batch.len(), error = %e,
                "a batch failed; applying its messages one by one");
            for d in batch {
                let subject = nats.unprefixed(&d.message.subject);
                apply_with_retry(
                    pool,
                    name,
                    projection,
                    subject,
                    &d.message.payload,
                    d.seq,
                    shutdown,
                )
                .await?;
            }
            Ok(())
        }
    }
}

async fn apply_with_retry<P: Projection>(
    pool: &PgPool,
    name: &str,
    projection: &P,
    subject: &str,
    payload: &[u8],
    seq: u64,
    shutdown: &Shutdown,
) -> Result<(), ConsumerError> {
    let mut delay = Duration::from_millis(100);
    loop {
        match apply_once(pool, name, projection, subject, payload, seq).await {
            Ok(()) => {
                projection.committed();
                return Ok(());
            }
            Err(ProjectionError::Malformed(reason)) => {
                tracing::error!(consumer = name, seq, subject, %reason, "skipping a malformed message");
                record_only(pool, name, seq).await?;
                return Ok(());
            }
            Err(e) => {
                tracing::warn!(consumer = name, seq, error = %e, "projection failed; retrying");
                tokio::select! {
                    _ = shutdown.cancelled() => return Err(ConsumerError::Nats("stopped while retrying".into())),
                    _ = tokio::time::sleep(delay) => {}
                }
                delay = (delay * 2).min(Duration::from_secs(10));
            }
        }
    }
}

async fn apply_once<P: Projection>(
    pool: &PgPool,
    name: &str,
    projection: &P,
    subject: &str,
    payload: &[u8],
    seq: u64,
) -> Result<(), ProjectionError> {
    let mut tx = pool.begin().await?;
    if locked_offset(&mut tx, name).await? >= seq {
        // Applied already (a redelivery racing its first delivery).
        return Ok(());
    }
    projection.apply(&mut tx, subject, payload).await?;
    projection.finish(&mut tx).await?;
    store_offset(&mut tx, name, seq).await?;
    tx.commit().await?;
    Ok(())
}

async fn record_only(pool: &PgPool, name: &str, seq: u64) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    store_offset(&mut tx, name, seq).await?;
    tx.commit().await
}

/// The last sequence `name` applied, its row locked until the transaction ends (0 when none).
async fn locked_offset(tx: &mut PgConnection, name: &str) -> Result<u64, sqlx::Error> {
    let seq: Option<i64> = sqlx::query_scalar(
        "SELECT stream_sequence FROM consumer_offsets WHERE consumer = $1 FOR UPDATE",
    )
    .bind(name)
    .fetch_optional(tx)
    .await?;
    Ok(seq.map_or(0, |s| s.max(0) as u64))
}

async fn store_offset(tx: &mut PgConnection, name: &str, seq: u64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO consumer_offsets (consumer, stream_sequence) VALUES ($1, $2)
         ON CONFLICT (consumer) DO UPDATE SET stream_sequence = EXCLUDED.stream_sequence",
    )
    .bind(name)
    .bind(i64::try_from(seq).unwrap_or(i64::MAX))
    .execute(tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::first_deliveries;

    #[test]
    fn redeliveries_and_applied_messages_are_left_out() {
        assert_eq!(first_deliveries(&[5, 6, 7], 4), vec![0, 1, 2]);
        assert_eq!(first_deliveries(&[5, 6, 7], 5), vec![1, 2]);
        // 6 and 7 come again (their ack overdue) behind their first delivery.
        assert_eq!(first_deliveries(&[6, 7, 8, 6, 7, 9], 5), vec![0, 1, 2, 5]);
        assert!(first_deliveries(&[3, 4], 4).is_empty());
        assert!(first_deliveries(&[], 0).is_empty());
    }
}
