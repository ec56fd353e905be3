//! Request events into the schema: the requests of a transaction's messages into their days' partitions of
//! `requests`, and their counts added to the rollups, once per transaction (so a message counts once, and a
//! catch-up of many messages writes each rollup row once). Old days are dropped
//! whole ([`drop_expired`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use prost::Message;
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_proto::events::ORIGINS;
use stamps_proto::events::subjects::REQUESTS_SERVED;
use stamps_proto::events::v1::RequestsServed;

use crate::latency;

/// The durable consumer's name.
pub const CONSUMER: &str = "analytics";
/// An hour and a day, in milliseconds.
pub const HOUR_MS: i64 = 3_600_000;
/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The start of the bucket of `size` milliseconds holding `time_ms`.
pub fn bucket(time_ms: i64, size: i64) -> i64 {
    time_ms - time_ms.rem_euclid(size)
}

/// The projection of ANALYTICS.
pub struct Ingest {
    /// Requests older than this many days are not kept (their partition is gone or going).
    retention_days: i64,
    /// The day partitions known to exist, and those made by a transaction not yet committed.
    partitions: Mutex<(BTreeSet<i64>, BTreeSet<i64>)>,
    /// Now, in Unix milliseconds (injectable for tests).
    clock: fn() -> i64,
    /// The requests of the transaction under way, written by `finish`.
    pending: Mutex<Columns>,
}

/// The time now, Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Ingest {
    /// Keeps requests `retention_days` days.
    pub fn new(retention_days: u32, clock: fn() -> i64) -> Self {
        Self {
            retention_days: i64::from(retention_days.max(1)),
            partitions: Mutex::new(Default::default()),
            clock,
            pending: Mutex::new(Columns::default()),
        }
    }

    fn known(&self, day: i64) -> bool {
        self.partitions.lock().is_ok_and(|p| p.0.contains(&day))
    }

    /// A partition made in the transaction under way: known once it commits (a transaction that fails takes
    /// its partition with it, and the next one makes it again).
    fn made(&self, day: i64) {
        if let Ok(mut p) = self.partitions.lock() {
            p.1.insert(day);
        }
    }

    /// Decodes a message's requests into the transaction's pending rows, making the partitions of their days.
    async fn take_in(&self, tx: &mut PgConnection, payload: &[u8]) -> Result<(), ProjectionError> {
        let batch = RequestsServed::decode(payload)
            .map_err(|e| ProjectionError::Malformed(format!("RequestsServed: {e}")))?;
        let oldest = bucket((self.clock)(), DAY_MS) - (self.retention_days - 1) * DAY_MS;
        let mut days = BTreeSet::new();
        {
            let Ok(mut c) = self.pending.lock() else {
                return Err(ProjectionError::Malformed("a poisoned lock".into()));
            };
            for r in batch.requests {
                let Some(origin) = ORIGINS.iter().position(|o| *o == r.origin) else {
                    tracing::warn!(origin = %r.origin, "a request event of an unknown origin; skipped");
                    continue;
                };
                if r.time_ms < oldest || r.visitor.len() != 16 {
                    continue;
                }
                days.insert(bucket(r.time_ms, DAY_MS));
                c.time_ms.push(r.time_ms);
                c.origin.push(origin as i16);
                c.path.push(r.path);
                c.url.push(r.url);
                c.status.push(i16::try_from(r.status).unwrap_or(i16::MAX));
                c.latency_us
                    .push(i32::try_from(r.latency_us).unwrap_or(i32::MAX));
                c.mobile.push(r.is_mobile);
                c.visitor.push(r.visitor);
            }
        }
        for day in days {
            if !self.known(day) {
                ensure_partition(tx, day).await?;
                self.made(day);
            }
        }
        Ok(())
    }

    fn drop_pending(&self) {
        if let Ok(mut pending) = self.pending.lock() {
            *pending = Columns::default();
        }
    }

    /// Forgets the partitions before `day` (dropped by the retention).
    pub fn forget_before(&self, day: i64) {
        if let Ok(mut p) = self.partitions.lock() {
            p.0.retain(|d| *d >= day);
        }
    }
}

/// One message's requests as columns, and what they add to the rollups.
#[derive(Default)]
struct Columns {
    time_ms: Vec<i64>,
    origin: Vec<i16>,
    path: Vec<String>,
    url: Vec<String>,
    status: Vec<i16>,
    latency_us: Vec<i32>,
    mobile: Vec<bool>,
    visitor: Vec<Vec<u8>>,
}

/// Requests and requests from phones per (origin, bucket).
type Counts = BTreeMap<(i16, i64), (i64, i64)>;
/// Requests per (origin, bucket, key).
type Keyed<K> = HashMap<(i16, i64, K), i64>;

impl Projection for Ingest {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        if subject != REQUESTS_SERVED {
            return Ok(());
        }
        let applied = self.take_in(tx, payload).await;
        if applied.is_err() {
            // The transaction fails: what it gathered is not written (its messages come again).
            self.drop_pending();
        }
        applied
    }

    /// Writes what the transaction's messages gathered: the raw rows, then the rollups, once for them all.
    async fn finish(&self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        let c = match self.pending.lock() {
            Ok(mut pending) => std::mem::take(&mut *pending),
            Err(_) => return Err(ProjectionError::Malformed("a poisoned lock".into())),
        };
        if c.time_ms.is_empty() {
            return Ok(());
        }
        let written = write(tx, &c).await;
        if written.is_err() {
            // Perhaps a partition believed made is not (its transaction failed): all are checked again.
            if let Ok(mut p) = self.partitions.lock() {
                *p = Default::default();
            }
            self.drop_pending();
        }
        Ok(written?)
    }

    fn committed(&self) {
        if let Ok(mut p) = self.partitions.lock() {
            let made = std::mem::take(&mut p.1);
            p.0.extend(made);
        }
    }
}

/// Rows written in one statement at most.
const CHUNK: usize = 20_000;

/// Writes gathered requests: their raw rows, in chunks, then what they add to every rollup.
async fn write(tx: &mut PgConnection, c: &Columns) -> Result<(), sqlx::Error> {
    let mut from = 0;
    while from < c.time_ms.len() {
        let to = (from + CHUNK).min(c.time_ms.len());
        sqlx::query(
            "INSERT INTO requests (time_ms, origin, path, url, status, latency_us, mobile, visitor)
             SELECT * FROM UNNEST($1::BIGINT[], $2::SMALLINT[], $3::TEXT[], $4::TEXT[], $5::SMALLINT[],
                                  $6::INTEGER[], $7::BOOLEAN[], $8::BYTEA[])",
        )
        .bind(&c.time_ms[from..to])
        .bind(&c.origin[from..to])
        .bind(&c.path[from..to])
        .bind(&c.url[from..to])
        .bind(&c.status[from..to])
        .bind(&c.latency_us[from..to])
        .bind(&c.mobile[from..to])
        .bind(&c.visitor[from..to])
        .execute(&mut *tx)
        .await?;
        from = to;
    }
    for (size, table) in [(HOUR_MS, "hourly"), (DAY_MS, "daily")] {
        add_counts(tx, c, size, table).await?;
    }
    for (size, table) in [(HOUR_MS, "hourly_latency"), (DAY_MS, "daily_latency")] {
        add_latency(tx, c, size, table).await?;
    }
    add_keyed(tx, c, &c.path, "daily_paths").await?;
    add_keyed(tx, c, &c.url, "daily_urls").await?;
    let days: BTreeSet<i64> = c.time_ms.iter().map(|t| bucket(*t, DAY_MS)).collect();
    bump_versions(tx, &days.into_iter().collect::<Vec<_>>()).await
}

/// Moves the versions of `days` (their starts): what anyone read of them before is no longer current. Taken in
/// day order, as every writer does.
async fn bump_versions(tx: &mut PgConnection, days: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO day_versions (bucket, version) SELECT UNNEST($1::BIGINT[]), 1
         ON CONFLICT (bucket) DO UPDATE SET version = day_versions.version + 1",
    )
    .bind(days)
    .execute(tx)
    .await?;
    Ok(())
}

/// Creates the partition of `day` (its start, Unix milliseconds) when missing.
async fn ensure_partition(tx: &mut PgConnection, day: i64) -> Result<(), sqlx::Error> {
    // The name and bounds are integers this code computed: nothing of an event reaches the statement's text.
    let statement = format!(
        "CREATE TABLE IF NOT EXISTS requests_d{} PARTITION OF requests FOR VALUES FROM ({day}) TO ({})",
        day / DAY_MS,
        day + DAY_MS
    );
    sqlx::query(sqlx::AssertSqlSafe(statement))
        .execute(tx)
        .await?;
    Ok(())
}

/// Adds requests, phones and newly seen visitors per (origin, bucket) to `table` (`hourly` or `daily`).
async fn add_counts(
    tx: &mut PgConnection,
    c: &Columns,
    size: i64,
    table: &str,
) -> Result<(), sqlx::Error> {
    let mut counts = Counts::new();
    let mut seen: BTreeSet<(i16, i64, &[u8])> = BTreeSet::new();
    for i in 0..c.time_ms.len() {
        let key = (c.origin[i], bucket(c.time_ms[i], size));
        let entry = counts.entry(key).or_default();
        entry.0 += 1;
        entry.1 += i64::from(c.mobile[i]);
        seen.insert((key.0, key.1, &c.visitor[i]));
    }
    // The visitors not seen before in their bucket: one row each, and the count of those rows.
    let (origins, buckets, visitors): (Vec<i16>, Vec<i64>, Vec<&[u8]>) = seen.into_iter().fold(
        (Vec::new(), Vec::new(), Vec::new()),
        |(mut o, mut b, mut v), (origin, bucket, visitor)| {
            o.push(origin);
            b.push(bucket);
            v.push(visitor);
            (o, b, v)
        },
    );
    let new: Vec<(i16, i64, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH added AS (
             INSERT INTO {table}_visitors (origin, bucket, visitor)
             SELECT * FROM UNNEST($1::SMALLINT[], $2::BIGINT[], $3::BYTEA[])
             ON CONFLICT DO NOTHING RETURNING origin, bucket)
         SELECT origin, bucket, count(*) FROM added GROUP BY origin, bucket"
    )))
    .bind(&origins)
    .bind(&buckets)
    .bind(&visitors)
    .fetch_all(&mut *tx)
    .await?;
    let new: HashMap<(i16, i64), i64> = new.into_iter().map(|(o, b, n)| ((o, b), n)).collect();
    let (mut origins, mut buckets) = (Vec::new(), Vec::new());
    let (mut requests, mut visitors, mut mobiles) = (Vec::new(), Vec::new(), Vec::new());
    for ((origin, bucket), (r, m)) in counts {
        origins.push(origin);
        buckets.push(bucket);
        requests.push(r);
        visitors.push(new.get(&(origin, bucket)).copied().unwrap_or(0));
        mobiles.push(m);
    }
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {table} (origin, bucket, requests, visitors, mobile)
         SELECT * FROM UNNEST($1::SMALLINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], $5::BIGINT[])
         ON CONFLICT (origin, bucket) DO UPDATE SET
             requests = {table}.requests + EXCLUDED.requests,
             visitors = {table}.visitors + EXCLUDED.visitors,
             mobile = {table}.mobile + EXCLUDED.mobile"
    )))
    .bind(&origins)
    .bind(&buckets)
    .bind(&requests)
    .bind(&visitors)
    .bind(&mobiles)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Adds the requests per latency class and bucket of `size` to `table`.
async fn add_latency(
    tx: &mut PgConnection,
    c: &Columns,
    size: i64,
    table: &str,
) -> Result<(), sqlx::Error> {
    let mut classes: Keyed<i16> = HashMap::new();
    for i in 0..c.time_ms.len() {
        let us = u32::try_from(c.latency_us[i]).unwrap_or(0);
        *classes
            .entry((c.origin[i], bucket(c.time_ms[i], size), latency::class(us)))
            .or_default() += 1;
    }
    add_per_key(tx, classes, table, "class", "SMALLINT").await
}

/// Adds the requests per (origin, day, key) to `table` (`daily_paths` or `daily_urls`).
async fn add_keyed(
    tx: &mut PgConnection,
    c: &Columns,
    keys: &[String],
    table: &str,
) -> Result<(), sqlx::Error> {
    let mut counts: Keyed<&str> = HashMap::new();
    for ((origin, time), key) in c.origin.iter().zip(&c.time_ms).zip(keys) {
        *counts
            .entry((*origin, bucket(*time, DAY_MS), key.as_str()))
            .or_default() += 1;
    }
    add_per_key(tx, counts, table, "key", "TEXT").await
}

/// Adds `counts` to `table`, whose rows are requests per (origin, bucket, `column`), `column` of SQL type
/// `sql_type`. The rows are written in key order, so that concurrent writers (replicas) lock them in one order.
async fn add_per_key<K>(
    tx: &mut PgConnection,
    counts: Keyed<K>,
    table: &str,
    column: &str,
    sql_type: &str,
) -> Result<(), sqlx::Error>
where
    K: Ord + std::hash::Hash,
    Vec<K>: for<'q> sqlx::Encode<'q, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send,
{
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort_unstable();
    let mut columns: (Vec<i16>, Vec<i64>, Vec<K>, Vec<i64>) = Default::default();
    for ((origin, bucket, key), n) in rows {
        columns.0.push(origin);
        columns.1.push(bucket);
        columns.2.push(key);
        columns.3.push(n);
    }
    // The table, column and type are this code's words; every value is bound.
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {table} (origin, bucket, {column}, requests)
         SELECT * FROM UNNEST($1::SMALLINT[], $2::BIGINT[], $3::{sql_type}[], $4::BIGINT[])
         ON CONFLICT (origin, bucket, {column}) DO UPDATE SET requests = {table}.requests + EXCLUDED.requests"
    )))
    .bind(&columns.0)
    .bind(&columns.1)
    .bind(columns.2)
    .bind(&columns.3)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Every rollup table, the visitor sets included.
const ROLLUPS: [&str; 8] = [
    "hourly",
    "daily",
    "hourly_visitors",
    "daily_visitors",
    "hourly_latency",
    "daily_latency",
    "daily_paths",
    "daily_urls",
];

/// Rebuilds the rollups of the whole UTC days covering `[from, to)` from the raw rows, which must hold those
/// days: what the consumer keeps as it goes, computed at once (after restoring raw rows, or to seed a
/// benchmark). Its result equals the consumer's for the same rows. The days' versions move with it.
pub async fn rebuild_rollups(pool: &sqlx::PgPool, from: i64, to: i64) -> Result<(), sqlx::Error> {
    let (from, to) = (bucket(from, DAY_MS), bucket(to + DAY_MS - 1, DAY_MS));
    let mut tx = pool.begin().await?;
    for table in ROLLUPS {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE bucket >= $1 AND bucket < $2"
        )))
        .bind(from)
        .bind(to)
        .execute(&mut *tx)
        .await?;
    }
    // The table names and sizes are this code's; the range is bound.
    for (size, prefix) in [(HOUR_MS, "hourly"), (DAY_MS, "daily")] {
        let rows = "FROM requests WHERE time_ms >= $1 AND time_ms < $2";
        let b = format!("time_ms - time_ms % {size}");
        for statement in [
            format!("INSERT INTO {prefix}_visitors SELECT DISTINCT origin, {b}, visitor {rows}"),
            format!(
                "INSERT INTO {prefix} SELECT origin, {b}, count(*), count(DISTINCT visitor),
                 count(*) FILTER (WHERE mobile) {rows} GROUP BY 1, 2"
            ),
            format!(
                "INSERT INTO {prefix}_latency SELECT origin, {b}, latency_class(latency_us), count(*)
                 {rows} GROUP BY 1, 2, 3"
            ),
        ] {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .bind(from)
                .bind(to)
                .execute(&mut *tx)
                .await?;
        }
    }
    for (column, table) in [("path", "daily_paths"), ("url", "daily_urls")] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO {table} SELECT origin, time_ms - time_ms % {DAY_MS}, {column}, count(*)
             FROM requests WHERE time_ms >= $1 AND time_ms < $2 GROUP BY 1, 2, 3"
        )))
        .bind(from)
        .bind(to)
        .execute(&mut *tx)
        .await?;
    }
    let days: Vec<i64> = (from..to).step_by(DAY_MS as usize).collect();
    bump_versions(&mut tx, &days).await?;
    tx.commit().await
}

/// The day partitions of `requests` (their days' starts, Unix milliseconds), oldest first.
pub async fn partitions(pool: &sqlx::PgPool) -> Result<Vec<i64>, sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::TEXT FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_namespace n ON n.oid = p.relnamespace
         WHERE p.relname = 'requests' AND n.nspname = current_schema()",
    )
    .fetch_all(pool)
    .await?;
    let mut days: Vec<i64> = names
        .iter()
        .filter_map(|n| n.strip_prefix("requests_d")?.parse::<i64>().ok())
        .map(|d| d * DAY_MS)
        .collect();
    days.sort_unstable();
    Ok(days)
}

/// Drops the partitions (and the visitor sets) of the days before the last `retention_days` days, and the
/// rollups older than `rollup_days` days; returns the days dropped.
pub async fn drop_expired(
    pool: &sqlx::PgPool,
    now_ms: i64,
    retention_days: u32,
    rollup_days: u32,
) -> Result<Vec<i64>, sqlx::Error> {
    let oldest = bucket(now_ms, DAY_MS) - (i64::from(retention_days.max(1)) - 1) * DAY_MS;
    let mut dropped = Vec::new();
    for day in partitions(pool).await? {
        if day >= oldest {
            continue;
        }
        // An integer this code computed names the table.
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP TABLE IF EXISTS requests_d{}",
            day / DAY_MS
        )))
        .execute(pool)
        .await?;
        dropped.push(day);
    }
    for table in ["hourly_visitors", "daily_visitors"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE bucket < $1"
        )))
        .bind(oldest)
        .execute(pool)
        .await?;
    }
    let rollups_oldest = bucket(now_ms, DAY_MS) - (i64::from(rollup_days.max(1)) - 1) * DAY_MS;
    for table in [
        "hourly",
        "daily",
        "hourly_latency",
        "daily_latency",
        "daily_paths",
        "daily_urls",
        "day_versions",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE bucket < $1"
        )))
        .bind(rollups_oldest)
        .execute(pool)
        .await?;
    }
    Ok(dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_start_at_whole_utc_hours_and_days() {
        assert_eq!(bucket(0, HOUR_MS), 0);
        assert_eq!(bucket(HOUR_MS - 1, HOUR_MS), 0);
        assert_eq!(bucket(DAY_MS + 5, DAY_MS), DAY_MS);
        assert_eq!(bucket(-1, DAY_MS), -DAY_MS);
    }
}
