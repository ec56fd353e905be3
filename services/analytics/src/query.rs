//! The dashboard's figures, from the rollups alone: a range's buckets from `hourly` or `daily`, its latency from
//! `hourly_latency` or `daily_latency`, its top lists from `daily_paths` and `daily_urls` over the whole UTC days
//! it touches.
//!
//! What is read of a day is kept ([`Days`]) while the day's version (`day_versions`, moved by every write of the
//! day, whichever replica made it) stands, and so is each answer while the versions of its days stand: a past day
//! is read once, today again after each commit that wrote it, and a dashboard asking again for the same range is
//! answered from memory after one read of its days' versions.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use stamps_proto::analytics::v1 as pb;

use crate::ingest::{DAY_MS, HOUR_MS, bucket};
use crate::latency;

/// The percentiles shown, per mille.
const PERCENTILES: [u64; 3] = [500, 900, 990];

/// A checked request: the origin's index, the range snapped to whole buckets, the bucket size, the top's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// One bucket's rollups: requests, distinct visitors, phones, and requests per latency class.
#[derive(Debug, Default, Clone)]
struct Figures {
    requests: u64,
    visitors: u64,
    mobile: u64,
    classes: Vec<(i16, u64)>,
}

/// What is read of one origin's day: its hours' and its own figures, and its requests per path and per URL.
#[derive(Debug, Default)]
struct Day {
    hours: BTreeMap<i64, Figures>,
    whole: Figures,
    paths: Vec<(String, u64)>,
    urls: Vec<(String, u64)>,
}

/// The version of each day of a range, in day order (0 for a day never written).
type Versions = Vec<i64>;
/// An origin's day (its start) → the version it was read at, and what was read.
type KeptDays = HashMap<(i16, i64), (i64, Arc<Day>)>;

/// Most days kept (each one origin's day), and most answers.
const DAYS_KEPT: usize = 256;
const ANSWERS_KEPT: usize = 64;

/// What the queries keep: days and answers, each with the versions it was read at.
#[derive(Default)]
pub struct Days {
    days: Mutex<KeptDays>,
    answers: Mutex<HashMap<Range, (Versions, Arc<pb::Log>)>>,
    /// Held while an answer is made: requests that find no current answer at once make it one at a time, so that
    /// after a write the first makes it and the others find it.
    making: tokio::sync::Mutex<()>,
}

/// Keeps `value` under `key`, emptying the map first when it holds `most`.
fn keep<K: std::hash::Hash + Eq, V>(map: &Mutex<HashMap<K, V>>, most: usize, key: K, value: V) {
    if let Ok(mut map) = map.lock() {
        if map.len() >= most {
            map.clear();
        }
        map.insert(key, value);
    }
}

impl Days {
    /// The figures of `range`.
    pub async fn log(&self, pool: &PgPool, range: Range) -> Result<Arc<pb::Log>, sqlx::Error> {
        let (from, to) = range.days();
        // The versions are read before any row: what is then read of a day is at least that version's.
        let found: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT bucket, version FROM day_versions WHERE bucket >= $1 AND bucket < $2",
        )
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await?;
        let found: HashMap<i64, i64> = found.into_iter().collect();
        let days: Vec<i64> = (from..to).step_by(DAY_MS as usize).collect();
        let versions: Versions = days
            .iter()
            .map(|d| found.get(d).copied().unwrap_or(0))
            .collect();
        if let Some(log) = self.kept(&range, &versions) {
            return Ok(log);
        }
        let _making = self.making.lock().await;
        if let Some(log) = self.kept(&range, &versions) {
            return Ok(log);
        }
        let read = self.days(pool, range.origin, &days, &versions).await?;
        let log = Arc::new(figures(&range, &read));
        keep(&self.answers, ANSWERS_KEPT, range, (versions, log.clone()));
        Ok(log)
    }

    /// The answer kept for `range` at `versions`.
    fn kept(&self, range: &Range, versions: &Versions) -> Option<Arc<pb::Log>> {
        let answers = self.answers.lock().ok()?;
        let (v, log) = answers.get(range)?;
        (v == versions).then(|| log.clone())
    }

    /// The days `days` of `origin` at `versions`: those kept at those versions, the others read (together).
    async fn days(
        &self,
        pool: &PgPool,
        origin: i16,
        days: &[i64],
        versions: &[i64],
    ) -> Result<Vec<Arc<Day>>, sqlx::Error> {
        let mut out: Vec<Option<Arc<Day>>> = match self.days.lock() {
            Ok(kept) => days
                .iter()
                .zip(versions)
                .map(|(d, v)| match kept.get(&(origin, *d)) {
                    Some((kept_version, day)) if kept_version == v => Some(day.clone()),
                    _ => None,
                })
                .collect(),
            Err(_) => vec![None; days.len()],
        };
        let missing: Vec<i64> = days
            .iter()
            .zip(&out)
            .filter(|(_, d)| d.is_none())
            .map(|(d, _)| *d)
            .collect();
        if let (Some(first), Some(last)) = (missing.first(), missing.last()) {
            let mut read = read_days(pool, origin, *first, last + DAY_MS).await?;
            for ((day, version), slot) in days.iter().zip(versions).zip(out.iter_mut()) {
                if slot.is_none() {
                    let day_read = Arc::new(read.remove(day).unwrap_or_default());
                    keep(
                        &self.days,
                        DAYS_KEPT,
                        (origin, *day),
                        (*version, day_read.clone()),
                    );
                    *slot = Some(day_read);
                }
            }
        }
        Ok(out.into_iter().flatten().collect())
    }
}

/// Everything of `origin`'s days in `[from, to)`, by day.
async fn read_days(
    pool: &PgPool,
    origin: i16,
    from: i64,
    to: i64,
) -> Result<HashMap<i64, Day>, sqlx::Error> {
    let mut days: HashMap<i64, Day> = HashMap::new();
    let in_range = "WHERE origin = $1 AND bucket >= $2 AND bucket < $3";
    for (table, size) in [("hourly", HOUR_MS), ("daily", DAY_MS)] {
        // The tables are named from this code's words; every value is bound.
        let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT bucket, requests, visitors, mobile FROM {table} {in_range}"
        )))
        .bind(origin)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await?;
        for (b, requests, visitors, mobile) in rows {
            let figures = slot(&mut days, b, size);
            figures.requests = count(requests);
            figures.visitors = count(visitors);
            figures.mobile = count(mobile);
        }
        let classes: Vec<(i64, i16, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT bucket, class, requests FROM {table}_latency {in_range}"
        )))
        .bind(origin)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await?;
        for (b, class, n) in classes {
            slot(&mut days, b, size).classes.push((class, count(n)));
        }
    }
    for kind in ["paths", "urls"] {
        let rows: Vec<(i64, String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT bucket, key, requests FROM daily_{kind} {in_range}"
        )))
        .bind(origin)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await?;
        for (b, key, n) in rows {
            let day = days.entry(bucket(b, DAY_MS)).or_default();
            let list = if kind == "paths" {
                &mut day.paths
            } else {
                &mut day.urls
            };
            list.push((key, count(n)));
        }
    }
    Ok(days)
}

/// The figures of bucket `b` (of `size`) within its day.
fn slot(days: &mut HashMap<i64, Day>, b: i64, size: i64) -> &mut Figures {
    let day = days.entry(bucket(b, DAY_MS)).or_default();
    if size == DAY_MS {
        &mut day.whole
    } else {
        day.hours.entry(b).or_default()
    }
}

/// The answer for `range` from its days (in order, from the first the range touches).
fn figures(range: &Range, days: &[Arc<Day>]) -> pb::Log {
    let (first_day, _) = range.days();
    let mut found: BTreeMap<i64, &Figures> = BTreeMap::new();
    for (i, day) in days.iter().enumerate() {
        if range.size == DAY_MS {
            found.insert(first_day + i as i64 * DAY_MS, &day.whole);
        } else {
            found.extend(
                day.hours
                    .range(range.start..range.end)
                    .map(|(b, f)| (*b, f)),
            );
        }
    }
    let empty = Figures::default();
    let (mut requests, mut mobile) = (0, 0);
    let mut whole: BTreeMap<i16, u64> = BTreeMap::new();
    let mut series = Vec::new();
    let mut time = range.start;
    while time < range.end {
        let f = found.get(&time).copied().unwrap_or(&empty);
        requests += f.requests;
        mobile += f.mobile;
        for (class, n) in &f.classes {
            *whole.entry(*class).or_default() += n;
        }
        series.push(pb::Bucket {
            time_ms: time,
            requests: f.requests,
            visitors: f.visitors,
            mobile: f.mobile,
            latency: Some(latency(&f.classes)),
        });
        time += range.size;
    }
    let whole: Vec<(i16, u64)> = whole.into_iter().collect();
    let top = usize::try_from(range.top).unwrap_or(20);
    pb::Log {
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
        top_paths: ranked(days.iter().map(|d| &d.paths), top),
        top_urls: ranked(days.iter().map(|d| &d.urls), top),
    }
}

/// The `top` keys of most requests summed over `lists`, the most first, ties by key.
fn ranked<'a>(lists: impl Iterator<Item = &'a Vec<(String, u64)>>, top: usize) -> Vec<pb::Top> {
    let mut sums: HashMap<&str, u64> = HashMap::new();
    for list in lists {
        for (key, n) in list {
            *sums.entry(key.as_str()).or_default() += n;
        }
    }
    let mut ranked: Vec<(&str, u64)> = sums.into_iter().collect();
    let order = |a: &(&str, u64), b: &(&str, u64)| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0));
    if ranked.len() > top {
        ranked.select_nth_unstable_by(top, order);
        ranked.truncate(top);
    }
    ranked.sort_unstable_by(order);
    ranked
        .into_iter()
        .map(|(key, requests)| pb::Top {
            key: key.to_owned(),
            requests,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn figures_of(requests: u64, classes: &[(i16, u64)]) -> Figures {
        Figures {
            requests,
            visitors: 1,
            mobile: requests / 2,
            classes: classes.to_vec(),
        }
    }

    #[test]
    fn an_answer_takes_the_hours_in_its_range_and_the_lists_of_its_days() {
        let mut first = Day::default();
        first.hours.insert(22 * HOUR_MS, figures_of(4, &[(40, 4)]));
        first.hours.insert(23 * HOUR_MS, figures_of(6, &[(60, 6)]));
        first.paths = vec![("/a".into(), 3), ("/b".into(), 1)];
        let mut second = Day::default();
        second
            .hours
            .insert(DAY_MS + HOUR_MS, figures_of(10, &[(80, 10)]));
        second
            .hours
            .insert(DAY_MS + 5 * HOUR_MS, figures_of(99, &[(99, 99)]));
        second.paths = vec![("/b".into(), 5), ("/c".into(), 2)];
        let range = Range::new(0, 23 * HOUR_MS, DAY_MS + 2 * HOUR_MS, HOUR_MS, 2);
        let log = figures(&range, &[Arc::new(first), Arc::new(second)]);
        let requests: Vec<u64> = log.series.iter().map(|b| b.requests).collect();
        assert_eq!(
            requests,
            [6, 0, 10],
            "23:00, 00:00 and 01:00; 22:00 and 05:00 outside"
        );
        assert_eq!((log.requests, log.mobile), (16, 8));
        let top: Vec<(&str, u64)> = log
            .top_paths
            .iter()
            .map(|t| (t.key.as_str(), t.requests))
            .collect();
        assert_eq!(top, [("/b", 6), ("/a", 3)]);
        let whole = log.latency.expect("latency");
        assert_eq!(whole.p50_us, latency::upper_bound(80));
    }
}
