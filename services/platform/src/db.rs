//! Postgres: one database, one schema per service. Each service's pool sets `search_path` to its own schema,
//! so a service cannot read another's tables by accident, and its migrations (and sqlx's bookkeeping table)
//! live in that schema.

use std::str::FromStr;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, Executor, PgPool};

use crate::config::PostgresConfig;

/// How long a pooled connection may sit idle before it is checked again when taken (also
/// [`crate::statements`]'s).
pub(crate) const PING_IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Why the database could not be prepared.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// Connecting, creating the database or schema, or a query failed.
    #[error("postgres: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The schema name is not a plain identifier.
    #[error("invalid schema name {0:?}")]
    SchemaName(String),
}

/// `text` as a Postgres `TEXT` value can hold it: U+0000, which chain data such as a Counterparty description
/// may carry as valid UTF-8 and which Postgres refuses in text, becomes U+FFFD (the replacement character);
/// any other text is returned as it is. The exact bytes stay where consensus needs them (the ledger's effects).
pub fn storable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\0') {
        std::borrow::Cow::Owned(text.replace('\0', "\u{FFFD}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

fn check_schema(schema: &str) -> Result<(), DbError> {
    let ok = !schema.is_empty()
        && schema
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !schema.as_bytes()[0].is_ascii_digit();
    if ok {
        Ok(())
    } else {
        Err(DbError::SchemaName(schema.to_owned()))
    }
}

/// Creates the configured database when it does not exist (connecting to the `postgres` database to do so).
pub async fn ensure_database(config: &PostgresConfig) -> Result<(), DbError> {
    let options = PgConnectOptions::from_str(&config.url)?;
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    if options.clone().connect().await.is_ok() {
        return Ok(());
    }
    let mut admin = options.database("postgres").connect().await?;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&name)
            .fetch_one(&mut admin)
            .await?;
    if !exists {
        let quoted = name.replace('"', "\"\"");
        match admin
            .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{quoted}\"")))
            .await
        {
            Ok(_) => {}
            // Another service created it concurrently.
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P04") => {}
            Err(e) => return Err(e.into()),
        }
    }
    admin.close().await?;
    Ok(())
}

/// A pool whose connections use `schema`, after creating the database and the schema when missing and running
/// `migrations` in it.
pub async fn connect(
    config: &PostgresConfig,
    schema: &str,
    migrations: &Migrator,
) -> Result<PgPool, DbError> {
    connect_with(config, schema, migrations, &[]).await
}

/// [`connect`], each connection of the pool with the server `settings` given (e.g. `synchronous_commit`).
pub async fn connect_with(
    config: &PostgresConfig,
    schema: &str,
    migrations: &Migrator,
    settings: &[(&str, &str)],
) -> Result<PgPool, DbError> {
    check_schema(schema)?;
    ensure_database(config).await?;
    let options = PgConnectOptions::from_str(&config.url)?
        .options([("search_path", schema)])
        .options(settings.iter().copied());
    {
        let mut conn = options.connect().await?;
        match conn
            .execute(sqlx::AssertSqlSafe(format!(
                "CREATE SCHEMA IF NOT EXISTS {schema}"
            )))
            .await
        {
            Ok(_) => {}
            Err(sqlx::Error::Database(e))
                if matches!(e.code().as_deref(), Some("42P06" | "23505")) => {}
            Err(e) => return Err(e.into()),
        }
        conn.close().await?;
    }
    let pool = PgPoolOptions::new()
        .max_connections(config.max_connections)
        // A connection is checked (a round trip to Postgres) when it is taken from the pool only if it sat idle
        // longer than `PING_IDLE_AFTER`: the pool checks every connection it is given back, so a busy one was
        // checked moments ago, and a second check would make every statement three round trips instead of two.
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > PING_IDLE_AFTER {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
        .connect_with(options)
        .await?;
    migrations.run(&pool).await?;
    crate::outbox::ensure_tables(&pool).await?;
    crate::consumer::ensure_tables(&pool).await?;
    Ok(pool)
}

/// Drops `schema` with everything in it (used by `stamps replay` before rebuilding a read model).
pub async fn drop_schema(config: &PostgresConfig, schema: &str) -> Result<(), DbError> {
    check_schema(schema)?;
    let mut conn = PgConnectOptions::from_str(&config.url)?.connect().await?;
    conn.execute(sqlx::AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE"
    )))
    .await?;
    conn.close().await?;
    Ok(())
}

/// Drops the configured database (development and tests only).
pub async fn drop_database(config: &PostgresConfig) -> Result<(), DbError> {
    let options = PgConnectOptions::from_str(&config.url)?;
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    let mut admin = options.database("postgres").connect().await?;
    let quoted = name.replace('"', "\"\"");
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS \"{quoted}\" WITH (FORCE)"
        )))
        .await?;
    admin.close().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn storable_text_replaces_only_nul() {
        assert_eq!(super::storable("stamp:a\0b\0"), "stamp:a\u{FFFD}b\u{FFFD}");
        assert!(matches!(
            super::storable("plain ✓"),
            std::borrow::Cow::Borrowed("plain ✓")
        ));
    }
}
