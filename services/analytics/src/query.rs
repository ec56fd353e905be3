//! The dashboard's figures, from the rollups alone: a range's buckets from `hourly` or `daily`, its latency from
//! `hourly_latency` or `daily_latency`, its top lists from `daily_paths` and `daily_urls` over the whole UTC days
//! it touches (each day's list read once while the day is unchanged: [`Tops`]).

use std::collections::{BTreeMap, HashMap};

use sqlx::PgPool;
use stamps_proto::analytics::v1 as pb;

use crate::ingest::{DAY_MS, DayVersions, bucket};
use crate::latency;

/// The percentiles shown, per mille.
const PERCENTILES: [u64; 3] = [500, 900, 990];

/// A checked request: the origin's index, the range snapped to whole buckets, the bucket size, the top's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// The origin's index in `ORIGINS`.
    pub origin: i16,
    /// The first bucket's start.
    pub start: i64,
    /// The end of the last bucket (excluded).
    pub end: i64,
    /// The bucket size in milliseconds.
    pub size: i64,
    /// The top lists' length.
    pub top: i64,
}

impl Range {
    /// `start..end` snapped outwards to buckets of `size`.
    pub fn new(origin: i16, start: i64, end: i64, size: i64, top: u32) -> Self {
        let first = bucket(start, size);
        let last = bucket(end.saturating_sub(1), size) + size;
        Self {
            origin,
            start: first,
            end: last.max(first + size),
            size,
            top: i64::from(top.clamp(1, 100)),
        }
    }

    /// The whole UTC days the range touches.
    pub fn days(&self) -> (i64, i64) {
        (
            bucket(self.start, DAY_MS),
            bucket(self.end + DAY_MS - 1, DAY_MS),
        )
    }
}

fn latency(histogram: &[(i16, u64)]) -> pb::Latency {
    let [p50_us, p90_us, p99_us] = latency::percentiles(histogram, PERCENTILES);
    pb::Latency {
        p50_us,
        p90_us,
        p99_us,
    }
}

/// Most day lists kept (each a day's counts of one kind for one origin).
const DAYS_KEPT: usize = 128;

/// One day's requests per key.
type DayCounts = std::sync::Arc<Vec<(String, i64)>>;
/// A day's list: the origin, the day and the kind (`paths` or `urls`).
type DayKey = (i16, i64, &'static str);

/// What the top lists read of each day, kept while the day's version stands: a past day is read once, today
/// again after each commit.
#[derive(Default)]
pub struct Tops {
    versions: std::sync::Arc<DayVersions>,
    kept: std::sync::Mutex<HashMap<DayKey, (u64, DayCounts)>>,
}

impl Tops {
    /// Days' lists kept while `versions` holds them current.
    pub fn new(versions: std::sync::Arc<DayVersions>) -> Self {
        Self {
            versions,
            kept: Default::default(),
        }
    }

    async fn day(
        &self,
        pool: &PgPool,
        origin: i16,
        day: i64,
        kind: &'static str,
    ) -> Result<DayCounts, sqlx::Error> {
        let version = self.versions.get(day);
        let key = (origin, day, kind);
        if let Ok(kept) = self.kept.lock()
            && let Some((v, counts)) = kept.get(&key)
            && *v == version
        {
            return Ok(counts.clone());
        }
        // The table is named from one of two words; every value is bound.
        let rows: Vec<(String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT key, requests FROM daily_{kind} WHERE origin = $1 AND bucket = $2"
        )))
        .bind(origin)
        .bind(day)
        .fetch_all(pool)
        .await?;
        let counts = std::sync::Arc::new(rows);
        if let Ok(mut kept) = self.kept.lock() {
            if kept.len() >= DAYS_KEPT {
                kept.clear();
            }
            kept.insert(key, (version, counts.clone()));
        }
        Ok(counts)
    }
}

/// The figures of `range`.
pub async fn log(pool: &PgPool, tops: &Tops, range: Range) -> Result<pb::Log, sqlx::Error> {
    let (table, classes_table) = if range.size == DAY_MS {
        ("daily", "daily_latency")
    } else {
        ("hourly", "hourly_latency")
    };
    // The table is one of two names above; every value is bound.
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT bucket, requests, visitors, mobile FROM {table}
         WHERE origin = $1 AND bucket >= $2 AND bucket < $3"
    )))
    .bind(range.origin)
    .bind(range.start)
    .bind(range.end)
    .fetch_all(pool)
    .await?;
    let classes: Vec<(i64, i16, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT bucket, class, requests FROM {classes_table}
         WHERE origin = $1 AND bucket >= $2 AND bucket < $3"
    )))
    .bind(range.origin)
    .bind(range.start)
    .bind(range.end)
    .fetch_all(pool)
    .await?;
    let count = |n: i64| u64::try_from(n).unwrap_or(0);
    let mut histograms: BTreeMap<i64, BTreeMap<i16, u64>> = BTreeMap::new();
    let mut whole: BTreeMap<i16, u64> = BTreeMap::new();
    for (hour, class, n) in classes {
        *histograms
            .entry(bucket(hour, range.size))
            .or_default()
            .entry(class)
            .or_default() += count(n);
        *whole.entry(class).or_default() += count(n);
    }
    let found: BTreeMap<i64, (i64, i64, i64)> = rows
        .into_iter()
        .map(|(b, r, v, m)| (b, (r, v, m)))
        .collect();
    let (mut requests, mut mobile) = (0, 0);
    let mut series = Vec::new();
    let mut time = range.start;
    while time < range.end {
        let (r, v, m) = found.get(&time).copied().unwrap_or_default();
        requests += count(r);
        mobile += count(m);
        let histogram: Vec<(i16, u64)> = histograms
            .get(&time)
            .map(|h| h.iter().map(|(c, n)| (*c, *n)).collect())
            .unwrap_or_default();
        series.push(pb::Bucket {
            time_ms: time,
            requests: count(r),
            visitors: count(v),
            mobile: count(m),
            latency: Some(latency(&histogram)),
        });
        time += range.size;
    }
    let whole: Vec<(i16, u64)> = whole.into_iter().collect();
    Ok(pb::Log {
        origin: String::new(),
        granularity: if range.size == DAY_MS {
            pb::Granularity::Day
        } else {
            pb::Granularity::Hour
        }
        .into(),
        start_ms: range.start,
        end_ms: range.end,
        series,
        requests,
        mobile,
        latency: Some(latency(&whole)),
        top_paths: top(pool, tops, &range, "paths").await?,
        top_urls: top(pool, tops, &range, "urls").await?,
    })
}

/// The most requested keys (`paths` or `urls`) of the whole days `range` touches.
async fn top(
    pool: &PgPool,
    tops: &Tops,
    range: &Range,
    kind: &'static str,
) -> Result<Vec<pb::Top>, sqlx::Error> {
    let (from, to) = range.days();
    let mut days = Vec::new();
    let mut day = from;
    while day < to {
        days.push(tops.day(pool, range.origin, day, kind).await?);
        day += DAY_MS;
    }
    let mut sums: HashMap<&str, i64> = HashMap::new();
    for counts in &days {
        for (key, n) in counts.iter() {
            *sums.entry(key.as_str()).or_default() += n;
        }
    }
    let mut ranked: Vec<(&str, i64)> = sums.into_iter().collect();
    let top = usize::try_from(range.top).unwrap_or(20);
    let order = |a: &(&str, i64), b: &(&str, i64)| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0));
    if ranked.len() > top {
        ranked.select_nth_unstable_by(top, order);
        ranked.truncate(top);
    }
    ranked.sort_unstable_by(order);
    Ok(ranked
        .into_iter()
        .map(|(key, n)| pb::Top {
            key: key.to_owned(),
            requests: u64::try_from(n).unwrap_or(0),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::HOUR_MS;

    #[test]
    fn ranges_snap_outwards_to_whole_buckets() {
        let r = Range::new(0, HOUR_MS + 5, 3 * HOUR_MS - 1, HOUR_MS, 20);
        assert_eq!((r.start, r.end), (HOUR_MS, 3 * HOUR_MS));
        let r = Range::new(0, HOUR_MS, 3 * HOUR_MS, HOUR_MS, 500);
        assert_eq!((r.start, r.end, r.top), (HOUR_MS, 3 * HOUR_MS, 100));
        let r = Range::new(0, DAY_MS + 1, DAY_MS + 2, DAY_MS, 20);
        assert_eq!((r.start, r.end), (DAY_MS, 2 * DAY_MS));
    }

    #[test]
    fn the_top_lists_count_the_whole_days_a_range_touches() {
        // 22:00 on day 0 to 02:00 on day 3: days 0, 1, 2 and 3.
        let r = Range::new(0, 22 * HOUR_MS, 3 * DAY_MS + 2 * HOUR_MS, HOUR_MS, 20);
        assert_eq!(r.days(), (0, 4 * DAY_MS));
        let r = Range::new(0, 2 * HOUR_MS, 5 * HOUR_MS, HOUR_MS, 20);
        assert_eq!(r.days(), (0, DAY_MS));
        let r = Range::new(0, DAY_MS, 8 * DAY_MS, DAY_MS, 20);
        assert_eq!(r.days(), (DAY_MS, 8 * DAY_MS));
    }
}
