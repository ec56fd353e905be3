//! The platform's integration tests, in one binary: the event consumer and the outbox relay over a real NATS,
//! connections for single statements over a real Postgres, and stamp content.

mod consumer;
mod content;
mod relay;
mod statements;

use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::nats::Nats;

/// A NATS prefix and a database of a test's own, on `STAMPS_TEST_NATS` and `STAMPS_TEST_POSTGRES` (default the
/// local servers).
pub struct Scratch {
    /// JetStream under the test's prefix.
    pub nats: Nats,
    /// The test's database.
    pub pool: sqlx::PgPool,
    config: PostgresConfig,
}

impl Scratch {
    /// The prefix and database named after `tag` and this process, the database's pool `max_connections` wide.
    pub async fn new(tag: &str, max_connections: u32) -> Self {
        let tag = format!("{tag}{}", std::process::id());
        let nats_url =
            std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
        let nats = Nats::connect(&NatsConfig {
            url: nats_url,
            prefix: tag.clone(),
        })
        .await
        .expect("NATS with JetStream at STAMPS_TEST_NATS");
        let base = std::env::var("STAMPS_TEST_POSTGRES")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
        let config = PostgresConfig {
            url: format!("{base}/stamps_{tag}"),
            max_connections,
        };
        let _ = stamps_platform::db::drop_database(&config).await;
        let pool =
            stamps_platform::db::connect(&config, "public", &sqlx::migrate::Migrator::DEFAULT)
                .await
                .expect("Postgres at STAMPS_TEST_POSTGRES");
        Self { nats, pool, config }
    }

    /// Deletes the prefix's streams and drops the database.
    pub async fn remove(self) {
        let _ = self.nats.purge().await;
        self.pool.close().await;
        let _ = stamps_platform::db::drop_database(&self.config).await;
    }
}
