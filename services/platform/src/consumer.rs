//! Projections: durable JetStream consumers that apply each message in one database transaction together
//! with the stream sequence it came from, so a projection is resumable (it restarts after the last applied
//! sequence) and idempotent (a redelivered message at or below that sequence is skipped).

use std::future::Future;
use std::time::Duration;

use async_nats::jetstream::consumer::{DeliverPolicy, pull};
use futures::StreamExt;
use sqlx::{PgConnection, PgPool};

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

    /// Called once a message's writes are committed (to tell others outside the database); by default nothing.
    fn committed(&self) {}
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

/// Runs `projection` over `stream` as the durable consumer `name`.
pub async fn run<P: Projection>(
    nats: &Nats,
    pool: &PgPool,
    stream: Stream,
    name: &str,
    projection: &P,
    until: Until,
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
            ack_wait: Duration::from_secs(60),
            max_ack_pending: 1024,
            ..Default::default()
        })
        .await
        .map_err(|e| nats_err(&e))?;
    let mut messages = consumer.messages().await.map_err(|e| nats_err(&e))?;
    loop {
        let next = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            next = messages.next() => next,
        };
        let Some(message) = next else {
            return Err(ConsumerError::Nats("message stream ended".into()));
        };
        let message = message.map_err(|e| nats_err(&e))?;
        let seq = message.info().map_err(|e| nats_err(&e))?.stream_sequence;
        if seq > applied {
            apply_with_retry(
                pool,
                name,
                projection,
                nats.unprefixed(&message.subject),
                &message.payload,
                seq,
                &shutdown,
            )
            .await?;
            applied = seq;
        }
        if let Err(e) = message.ack().await {
            tracing::warn!(error = %e, seq, "ack failed; the message will be redelivered and skipped");
        }
        if until == Until::CaughtUp && applied >= target {
            return Ok(());
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
    projection.apply(&mut tx, subject, payload).await?;
    store_offset(&mut tx, name, seq).await?;
    tx.commit().await?;
    Ok(())
}

async fn record_only(pool: &PgPool, name: &str, seq: u64) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    store_offset(&mut tx, name, seq).await?;
    tx.commit().await
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
