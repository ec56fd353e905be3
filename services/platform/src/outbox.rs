//! The transactional outbox: a service writes its facts and the events that describe them in one database
//! transaction; a relay publishes the events after commit and deletes them.
//!
//! Each message is published with `Nats-Msg-Id = <msg_id>:<outbox row id>`: a row published twice (a crash
//! between publishing and deleting) keeps its id and JetStream drops the copy within its duplicate window,
//! while the same event written again later (a block indexed, reverted and indexed again) is a new row and
//! is published again. Consumers stay idempotent beyond the window by recording applied stream sequences.

use std::sync::Arc;
use std::time::Duration;

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

/// Publishes outbox rows in order, then deletes them.
#[derive(Clone)]
pub struct Relay {
    pool: PgPool,
    nats: Nats,
    wake: Arc<Notify>,
    poll: Duration,
}

impl Relay {
    /// A relay for the outbox in `pool`'s schema.
    pub fn new(pool: PgPool, nats: Nats, poll: Duration) -> Self {
        Self {
            pool,
            nats,
            wake: Arc::new(Notify::new()),
            poll,
        }
    }

    /// Tells the relay that rows were committed, so it publishes without waiting for the next poll.
    pub fn notify(&self) {
        self.wake.notify_one();
    }

    /// Publishes until `shutdown`, then once more to flush what was committed before it.
    pub async fn run(self, shutdown: Shutdown) {
        loop {
            match self.publish_pending().await {
                Ok(0) => {}
                Ok(n) => {
                    tracing::debug!(published = n, "outbox relayed");
                    continue;
                }
                Err(e) => tracing::warn!(error = %e, "outbox relay failed; retrying"),
            }
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(self.poll) => {}
            }
        }
        if let Err(e) = self.publish_pending().await {
            tracing::warn!(error = %e, "outbox relay could not flush at shutdown; rows stay for the next start");
        }
    }

    /// Publishes up to one batch of pending rows; returns how many were published.
    pub async fn publish_pending(&self) -> Result<usize, RelayError> {
        let rows: Vec<(i64, String, String, Vec<u8>)> =
            sqlx::query_as("SELECT id, subject, msg_id, payload FROM outbox ORDER BY id LIMIT 256")
                .fetch_all(&self.pool)
                .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        let mut acks = Vec::with_capacity(rows.len());
        for (id, subject, msg_id, payload) in &rows {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", format!("{msg_id}:{id}").as_str());
            let ack = self
                .nats
                .js
                .publish_with_headers(self.nats.subject(subject), headers, payload.clone().into())
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
}
