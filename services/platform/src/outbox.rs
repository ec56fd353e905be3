//! The transactional outbox: a service writes its facts and the events that describe them in one database
//! transaction; a relay publishes the events after commit and deletes them.
//!
//! Each message is published with `Nats-Msg-Id = <msg_id>:<outbox row id>`: a row published twice (a crash
//! between publishing and deleting) keeps its id and JetStream drops the copy within its duplicate window,
//! while the same event written again later (a block indexed, reverted and indexed again) is a new row and
//! is published again. Consumers stay idempotent beyond the window by recording applied stream sequences.
//!
//! A row may leave its payload to the service ([`enqueue_deferred`]): the relay then asks the service's
//! [`DeferredPayloads`] for it when it publishes the row. A service whose events are derived from the facts
//! the same transaction wrote (the indexer's blocks) writes each event once, as facts, instead of twice.

use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;

use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;

use crate::nats::Nats;
use crate::shutdown::Shutdown;

/// Creates the outbox table in the pool's schema when missing.
pub(crate) async fn ensure_tables(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS outbox (
            id BIGSERIAL PRIMARY KEY,
            subject TEXT NOT NULL,
            msg_id TEXT NOT NULL,
            payload BYTEA NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )",
    )
    .execute(pool)
    .await?;
    // Rows live until they are published: compressing them would cost more than it saves.
    sqlx::query("ALTER TABLE outbox ALTER COLUMN payload SET STORAGE EXTERNAL")
        .execute(pool)
        .await?;
    // NULL: the payload is the service's to give when the row is published (see `enqueue_deferred`).
    sqlx::query("ALTER TABLE outbox ALTER COLUMN payload DROP NOT NULL")
        .execute(pool)
        .await?;
    Ok(())
}

/// Adds an event to the outbox inside the caller's transaction. `subject` is unprefixed (the relay adds the
/// deployment prefix); `msg_id` names the event (e.g. `indexed:<block hash>`).
pub async fn enqueue(
    tx: &mut PgConnection,
    subject: &str,
    msg_id: &str,
    payload: &[u8],
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO outbox (subject, msg_id, payload) VALUES ($1, $2, $3)")
        .bind(subject)
        .bind(msg_id)
        .bind(payload)
        .execute(tx)
        .await?;
    Ok(())
}

/// Adds an event whose payload the service gives when the row is published (see [`DeferredPayloads`]),
/// inside the caller's transaction: the service must be able to derive it from what the transaction commits.
pub async fn enqueue_deferred(
    tx: &mut PgConnection,
    subject: &str,
    msg_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO outbox (subject, msg_id) VALUES ($1, $2)")
        .bind(subject)
        .bind(msg_id)
        .execute(tx)
        .await?;
    Ok(())
}

/// The deferred rows on `subject` not yet published, in order: `(row id, msg_id)`.
pub async fn deferred_rows(
    conn: &mut PgConnection,
    subject: &str,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, msg_id FROM outbox WHERE subject = $1 AND payload IS NULL ORDER BY id",
    )
    .bind(subject)
    .fetch_all(conn)
    .await
}

/// Gives a deferred row its payload (before the facts it was derived from are deleted).
pub async fn set_payload(
    conn: &mut PgConnection,
    id: i64,
    payload: &[u8],
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET payload = $2 WHERE id = $1")
        .bind(id)
        .bind(payload)
        .execute(conn)
        .await?;
    Ok(())
}

/// The payloads of a service's deferred outbox rows.
pub trait DeferredPayloads: Send + Sync + 'static {
    /// The payload of the row enqueued as `subject` / `msg_id`. An error leaves the row for the next attempt.
    fn payload<'a>(
        &'a self,
        subject: &'a str,
        msg_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<u8>, String>>;

    /// These rows were published and deleted.
    fn published(&self, msg_ids: &[&str]);
}

/// A transaction that writes a message of its own to the log (prefixed [`FLUSH_PREFIX`]) and commits waiting for
/// the disk (see [`Relay::flushing`]): a transaction that wrote nothing to the log would commit without waiting.
const FLUSH: &str =
    "SELECT set_config('synchronous_commit', 'on', true), pg_logical_emit_message(true, $1, '')";

/// The prefix of the relay's messages to the log.
pub const FLUSH_PREFIX: &str = "stamps.relay";

/// The most rows one pass of the relay publishes.
const RELAY_BATCH: usize = 256;

/// Publishes outbox rows in order, then deletes them.
#[derive(Clone)]
pub struct Relay {
    pool: PgPool,
    nats: Nats,
    wake: Arc<Notify>,
    poll: Duration,
    deferred: Option<Arc<dyn DeferredPayloads>>,
    backlog: Option<prometheus_client::metrics::gauge::Gauge>,
    linger: Duration,
    flush: bool,
}

impl Relay {
    /// A relay for the outbox in `pool`'s schema.
    pub fn new(pool: PgPool, nats: Nats, poll: Duration) -> Self {
        Self {
            pool,
            nats,
            wake: Arc::new(Notify::new()),
            poll,
            deferred: None,
            backlog: None,
            linger: Duration::ZERO,
            flush: false,
        }
    }

    /// The relay making the log durable before it publishes what it read, for a service some of whose
    /// transactions commit without waiting for the disk (`synchronous_commit` off): no event is then published
    /// for facts a crash of Postgres could still take back. One commit waiting for the disk per pass, of a
    /// transaction that writes only a message to the log: waiting for its commit waits for every commit before
    /// it, so for those of the rows read.
    pub fn flushing(mut self) -> Self {
        self.flush = true;
        self
    }

    /// The relay waiting `linger` after it is told of new rows before it publishes, so that rows committed at
    /// once are published in one pass: two statements per pass instead of two per row, for events that may come
    /// that much later. A pass that leaves rows is followed at once by the next, as without it.
    pub fn with_linger(mut self, linger: Duration) -> Self {
        self.linger = linger;
        self
    }

    /// The relay reporting the rows it has still to publish to `backlog` after each pass.
    pub fn with_backlog(mut self, backlog: prometheus_client::metrics::gauge::Gauge) -> Self {
        self.backlog = Some(backlog);
        self
    }

    /// Counts the rows left when a pass may have left some (a full batch, or a failure).
    async fn report_backlog(&self, left_some: bool) {
        let Some(backlog) = &self.backlog else {
            return;
        };
        if !left_some {
            backlog.set(0);
            return;
        }
        let count: Result<i64, _> = sqlx::query_scalar("SELECT count(*) FROM outbox")
            .fetch_one(&self.pool)
            .await;
        if let Ok(count) = count {
            backlog.set(count);
        }
    }

    /// The relay with `deferred` giving the payloads of rows enqueued with [`enqueue_deferred`].
    pub fn with_deferred(mut self, deferred: Arc<dyn DeferredPayloads>) -> Self {
        self.deferred = Some(deferred);
        self
    }

    /// Tells the relay that rows were committed, so it publishes without waiting for the next poll.
    pub fn notify(&self) {
        self.wake.notify_one();
    }

    /// Publishes until `shutdown`, then once more to flush what was committed before it.
    pub async fn run(self, shutdown: Shutdown) {
        loop {
            match self.publish_pending().await {
                Ok(0) => self.report_backlog(false).await,
                Ok(n) => {
                    tracing::debug!(published = n, "outbox relayed");
                    let full = n >= RELAY_BATCH;
                    self.report_backlog(full).await;
                    // Lingering, rows committed during the pass were told of: the wait below ends at once.
                    if full || self.linger.is_zero() {
                        continue;
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "outbox relay failed; retrying");
                    self.report_backlog(true).await;
                }
            }
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = self.wake.notified() => {
                    if !self.linger.is_zero() {
                        tokio::time::sleep(self.linger).await;
                    }
                }
                _ = tokio::time::sleep(self.poll) => {}
            }
        }
        if let Err(e) = self.publish_pending().await {
            tracing::warn!(error = %e, "outbox relay could not flush at shutdown; rows stay for the next start");
        }
    }

    /// Publishes up to one batch of pending rows; returns how many were published.
    pub async fn publish_pending(&self) -> Result<usize, RelayError> {
        let rows: Vec<(i64, String, String, Option<Vec<u8>>)> =
            sqlx::query_as("SELECT id, subject, msg_id, payload FROM outbox ORDER BY id LIMIT $1")
                .bind(RELAY_BATCH as i64)
                .fetch_all(&self.pool)
                .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        if self.flush {
            sqlx::query(FLUSH)
                .bind(FLUSH_PREFIX)
                .execute(&self.pool)
                .await?;
        }
        let mut acks = Vec::with_capacity(rows.len());
        for (id, subject, msg_id, payload) in &rows {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", format!("{msg_id}:{id}").as_str());
            let payload = match (payload, &self.deferred) {
                (Some(p), _) => p.clone(),
                (None, Some(deferred)) => deferred
                    .payload(subject, msg_id)
                    .await
                    .map_err(|e| RelayError::Deferred(format!("{msg_id}: {e}")))?,
                (None, None) => {
                    return Err(RelayError::Deferred(format!(
                        "{msg_id}: the row has no payload and nothing gives it"
                    )));
                }
            };
            let ack = self
                .nats
                .js
                .publish_with_headers(self.nats.subject(subject), headers, payload.into())
                .await
                .map_err(|e| RelayError::Publish(e.to_string()))?;
            acks.push(ack);
        }
        for ack in acks {
            ack.await.map_err(|e| RelayError::Publish(e.to_string()))?;
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        sqlx::query("DELETE FROM outbox WHERE id = ANY($1)")
            .bind(&ids)
            .execute(&self.pool)
            .await?;
        if let Some(deferred) = &self.deferred {
            let published: Vec<&str> = rows
                .iter()
                .filter(|r| r.3.is_none())
                .map(|r| r.2.as_str())
                .collect();
            if !published.is_empty() {
                deferred.published(&published);
            }
        }
        Ok(rows.len())
    }
}

/// Why relaying failed (it is retried).
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// Reading or deleting rows failed.
    #[error("outbox: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// JetStream did not acknowledge.
    #[error("publish: {0}")]
    Publish(String),
    /// A deferred row's payload could not be had.
    #[error("deferred payload: {0}")]
    Deferred(String),
}
