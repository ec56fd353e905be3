//! Live values the catalogue publishes in the `realtime` bucket: its versions, changed after commits (so that
//! kept answers are known to be stale) with the height it has projected, and the market figures lists: `stats`
//! (the collections with stamps, most sold first) and `xcp-stats` (the staff directories, for the XCP site).
//! Commits only signal; one task publishes, at most every [`COALESCE`], whatever happened meanwhile.
//!
//! There are four versions, one per [`scope`] of what changed: `version` (the chain, collections and curation:
//! what every screen reads), `names` (users' display names as other screens show them: a stamp's creator, the
//! leaderboards, a search by creator), `people` (anything of a user: profiles and wishlists) and `pending` (the
//! pending view: what the mempool will do, which moves with the mempool and with every block). A wishlist toggle
//! or a first sign-in moves `people` only, a transaction entering the mempool `pending` only, so that the
//! answers that do not show them stay valid.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_platform::figures::variation;
use stamps_platform::nats::Nats;
use stamps_platform::shutdown::Shutdown;
use tokio::sync::Notify;

/// The live value holding `{"version", "names", "people": "<16 hex digits>", "height": <projected height>}`.
pub const VERSION_KEY: &str = stamps_platform::versions::VERSION_KEY;
/// The live list of the collections' market figures.
pub const STATS_KEY: &str = "stats";
/// The live list of the staff directories' market figures (the XCP site's).
pub const XCP_STATS_KEY: &str = "xcp-stats";
/// The live value of what the mempool holds up: `{"items", "assets"}`.
pub const PENDING_KEY: &str = "pending";
/// The most items and assets the live value `pending` names.
const PENDING_ROWS: i64 = 1000;
/// Rows in each figures list.
pub const STATS_ROWS: i64 = 50;
/// Shortest time between two publications.
pub const COALESCE: Duration = Duration::from_millis(100);

/// What a change touched; each moves its own version.
pub mod scope {
    /// The chain, collections, curation: what every screen reads.
    pub const CONTENT: u8 = 1;
    /// Users' display names as the screens not about people show them.
    pub const NAMES: u8 = 2;
    /// Anything of a user (profiles, linked addresses, wishlists).
    pub const PEOPLE: u8 = 4;
    /// The pending view (what the mempool will do), which a block also settles.
    pub const PENDING: u8 = 8;
}

/// The signal that the catalogue's state changed (a commit), with the scopes it touched.
#[derive(Clone, Default)]
pub struct Changes {
    notify: Arc<Notify>,
    scopes: Arc<AtomicU8>,
}

impl Changes {
    /// Content was committed.
    pub fn changed(&self) {
        self.changed_in(scope::CONTENT);
    }

    /// Something of `scopes` was committed.
    pub fn changed_in(&self, scopes: u8) {
        self.mark(scopes);
        self.notify.notify_one();
    }

    /// Records that what is being committed touches `scopes` (signalled by the next [`Changes::changed_in`]).
    pub fn mark(&self, scopes: u8) {
        self.scopes.fetch_or(scopes, Ordering::AcqRel);
    }

    fn take(&self) -> u8 {
        self.scopes.swap(0, Ordering::AcqRel)
    }
}

/// A projection that signals [`Changes`] after each commit.
pub struct Notifying<P> {
    /// The projection.
    pub inner: P,
    /// Who is told.
    pub changes: Changes,
    /// What its commits touch.
    pub scope: u8,
}

impl<P: Projection> Projection for Notifying<P> {
    fn apply<'a>(
        &'a self,
        tx: &'a mut PgConnection,
        subject: &'a str,
        payload: &'a [u8],
    ) -> impl Future<Output = Result<(), ProjectionError>> + Send + 'a {
        self.inner.apply(tx, subject, payload)
    }

    fn finish<'a>(
        &'a self,
        tx: &'a mut PgConnection,
    ) -> impl Future<Output = Result<(), ProjectionError>> + Send + 'a {
        self.inner.finish(tx)
    }

    fn committed(&self) {
        self.inner.committed();
        self.changes.changed_in(self.scope);
    }
}

/// Publishes the live values now, then after every change, until `shutdown`.
pub async fn publish_forever(pool: PgPool, nats: Nats, changes: Changes, shutdown: Shutdown) {
    let mut publisher = Publisher::default();
    let mut scopes = scope::CONTENT | scope::NAMES | scope::PEOPLE | scope::PENDING;
    loop {
        scopes |= changes.take();
        if let Err(e) = publisher.publish(&pool, &nats, scopes).await {
            tracing::warn!(error = %e, "live values not published; trying again at the next change");
        } else {
            scopes = 0;
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = changes.notify.notified() => {}
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(COALESCE) => {}
        }
    }
}

#[derive(Default)]
struct Publisher {
    version: u64,
    names: u64,
    people: u64,
    pending: u64,
    /// The lists last published, so that an unchanged list is not published again.
    stats: Option<Value>,
    xcp_stats: Option<Value>,
    pending_items: Option<Value>,
}

impl Publisher {
    async fn publish(&mut self, pool: &PgPool, nats: &Nats, scopes: u8) -> Result<(), String> {
        let kv = nats.realtime().await.map_err(|e| e.to_string())?;
        let put = |key: &'static str, value: &Value| {
            let kv = kv.clone();
            let bytes = value.to_string();
            async move {
                kv.put(key, bytes.into())
                    .await
                    .map(|_| ())
                    .map_err(|e| format!("{key}: {e}"))
            }
        };
        if scopes & scope::CONTENT != 0 {
            let stats = figures_list(pool, false).await.map_err(|e| e.to_string())?;
            if self.stats.as_ref() != Some(&stats) {
                put(STATS_KEY, &stats).await?;
                self.stats = Some(stats);
            }
            let xcp_stats = figures_list(pool, true).await.map_err(|e| e.to_string())?;
            if self.xcp_stats.as_ref() != Some(&xcp_stats) {
                put(XCP_STATS_KEY, &xcp_stats).await?;
                self.xcp_stats = Some(xcp_stats);
            }
        }
        if scopes & scope::PENDING != 0 {
            let pending = pending_value(pool).await.map_err(|e| e.to_string())?;
            if self.pending_items.as_ref() != Some(&pending) {
                put(PENDING_KEY, &pending).await?;
                self.pending_items = Some(pending);
            }
        }
        // The version goes last: whoever sees it can read everything committed before it.
        let height: Option<i64> = sqlx::query_scalar("SELECT max(height) FROM blocks")
            .fetch_one(pool)
            .await
            .map_err(|e| e.to_string())?;
        for (bit, version) in [
            (scope::CONTENT, &mut self.version),
            (scope::NAMES, &mut self.names),
            (scope::PEOPLE, &mut self.people),
            (scope::PENDING, &mut self.pending),
        ] {
            if scopes & bit != 0 {
                *version = next_version(*version);
            }
        }
        put(
            VERSION_KEY,
            &json!({
                "version": format!("{:016x}", self.version),
                "names": format!("{:016x}", self.names),
                "people": format!("{:016x}", self.people),
                "pending": format!("{:016x}", self.pending),
                "height": height,
            }),
        )
        .await
    }
}

/// A version never used before by this process, and above any used by an earlier one (time-based).
fn next_version(last: u64) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
    now.max(last.saturating_add(1))
}

/// What the mempool holds up, for every page to show: `items`, the dispensers and listed UTXOs a transaction
/// waiting for its block leaves with nothing to buy (their 'Buy now' is 'Pending' until the block), and `assets`,
/// the assets waiting transactions move.
async fn pending_value(pool: &PgPool) -> Result<Value, sqlx::Error> {
    let items: Vec<String> = sqlx::query_scalar(
        "SELECT item FROM (
             SELECT DISTINCT ON (pd.dispenser) pd.dispenser AS item, pd.status, pd.give_remaining, d.give_quantity
             FROM pending_dispensers pd JOIN pending_txs pt USING (txid)
             JOIN dispensers d ON d.tx_hash = pd.dispenser
             ORDER BY pd.dispenser, pt.seq DESC) l
         WHERE l.status <> 0 OR l.give_remaining < l.give_quantity
         UNION
         SELECT DISTINCT p.holder FROM pending_balances p JOIN listings l ON l.utxo = p.holder WHERE p.delta < 0
         ORDER BY 1 LIMIT $1",
    )
    .bind(PENDING_ROWS)
    .fetch_all(pool)
    .await?;
    let assets: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT asset FROM pending_balances ORDER BY asset LIMIT $1")
            .bind(PENDING_ROWS)
            .fetch_all(pool)
            .await?;
    Ok(json!({"items": items, "assets": assets}))
}

#[derive(sqlx::FromRow)]
struct StatsRow {
    collection_id: String,
    name: String,
    collector_count: i64,
    floor_price: Option<i64>,
    day_volume: i64,
    prev_day_volume: i64,
    week_volume: i64,
    prev_week_volume: i64,
    month_volume: i64,
    prev_month_volume: i64,
    total_volume: i64,
    market_cap: Option<i64>,
}

/// The figures of the collections with stamps (or of the directories), most sold first: `{id, name, holders,
/// uniqueFloorPrice, oneDayVolume, oneWeekVolume, oneMonthVolume, totalVolume, marketCap}`, each volume
/// `{volume, variation}` (satoshis, and the change in percent from the window before or `null`).
async fn figures_list(pool: &PgPool, directories: bool) -> Result<Value, sqlx::Error> {
    let rows: Vec<StatsRow> = sqlx::query_as(
        "SELECT s.collection_id, c.name, s.collector_count, s.floor_price, s.day_volume, s.prev_day_volume,
                s.week_volume, s.prev_week_volume, s.month_volume, s.prev_month_volume, s.total_volume,
                s.market_cap
         FROM collection_stats s JOIN collection_cards c USING (collection_id)
         WHERE s.stamp_count > 0
           AND (s.collection_id IN (SELECT collection_id FROM directories)) = $1
         ORDER BY s.total_volume DESC, s.week_volume DESC, s.collection_id
         LIMIT $2",
    )
    .bind(directories)
    .bind(STATS_ROWS)
    .fetch_all(pool)
    .await?;
    let sats = |v: i64| u64::try_from(v).unwrap_or(0);
    let volume =
        |v: i64, p: i64| json!({"volume": sats(v), "variation": variation(sats(v), sats(p))});
    Ok(Value::Array(
        rows.into_iter()
            .map(|r| {
                json!({
                    "id": r.collection_id,
                    "name": r.name,
                    "holders": sats(r.collector_count),
                    "uniqueFloorPrice": r.floor_price.map(sats),
                    "oneDayVolume": volume(r.day_volume, r.prev_day_volume),
                    "oneWeekVolume": volume(r.week_volume, r.prev_week_volume),
                    "oneMonthVolume": volume(r.month_volume, r.prev_month_volume),
                    "totalVolume": sats(r.total_volume),
                    "marketCap": r.market_cap.map(sats),
                })
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::next_version;

    #[test]
    fn versions_only_grow() {
        let a = next_version(0);
        let b = next_version(a);
        assert!(b > a);
        assert_eq!(next_version(u64::MAX - 1), u64::MAX);
    }
}
