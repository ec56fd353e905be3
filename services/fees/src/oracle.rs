//! The oracle: every poll it reads the fee rates (the mempool-style API, else the node's estimates) and the
//! prices. A fee record whose rates moved is written with its `fees.updated` event in one transaction and set as
//! the live value `mempoolFees`; prices that moved are kept and set as the live value `prices`. The current
//! records, with the time of their last reading, are what the gRPC API answers.

use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use prost::Message;
use serde_json::{Value, json};
use sqlx::PgPool;
use stamps_platform::figures::{fees_json, prices_json};
use stamps_platform::nats::Nats;
use stamps_platform::node::Node;
use stamps_platform::outbox::{self, Relay};
use stamps_platform::shutdown::Shutdown;
use stamps_proto::events::subjects::FEES_UPDATED;
use stamps_proto::events::v1::FeesUpdated;
use stamps_proto::fees::v1::{FeeRecord, Price, PriceRecord};

use crate::rates::{self, Levels};

/// How long fee records stay in the table.
const KEEP_MS: u64 = 7 * 24 * 3600 * 1000;

/// The live value of the fee record.
pub const FEES_KEY: &str = "mempoolFees";
/// The live value of the prices.
pub const PRICES_KEY: &str = "prices";

/// The current records, shared with the gRPC API.
#[derive(Clone, Default)]
pub struct Current {
    inner: Arc<RwLock<(Option<FeeRecord>, Option<PriceRecord>)>>,
}

impl Current {
    /// The current fee record.
    pub fn fees(&self) -> Option<FeeRecord> {
        self.inner.read().ok().and_then(|g| g.0.clone())
    }

    /// The current prices.
    pub fn prices(&self) -> Option<PriceRecord> {
        self.inner.read().ok().and_then(|g| g.1.clone())
    }

    fn set_fees(&self, record: FeeRecord) {
        if let Ok(mut g) = self.inner.write() {
            g.0 = Some(record);
        }
    }

    fn set_prices(&self, record: PriceRecord) {
        if let Ok(mut g) = self.inner.write() {
            g.1 = Some(record);
        }
    }
}

/// The polling loop and what it needs.
pub struct Oracle {
    pub(crate) pool: PgPool,
    pub(crate) nats: Nats,
    pub(crate) relay: Relay,
    pub(crate) node: Node,
    /// Base URL of the mempool-style API for fees and prices.
    pub(crate) api: Node,
    pub(crate) current: Current,
    pub(crate) poll: Duration,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// Whether the live values still need setting (a failed write is tried again at the next poll).
#[derive(Default)]
struct Unpublished {
    fees: bool,
    prices: bool,
}

impl Oracle {
    /// The newest stored records, so that the API answers at once after a restart.
    pub(crate) async fn load(&self) -> Result<(), sqlx::Error> {
        let row: Option<(i64, i64, i64, i64, i64, i64, String)> = sqlx::query_as(
            "SELECT time_ms, fastest, half_hour, hour, economy, minimum, source
             FROM fee_records ORDER BY time_ms DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        if let Some((time_ms, fastest, half_hour, hour, economy, minimum, source)) = row {
            let u = |v: i64| u64::try_from(v).unwrap_or(0);
            let levels = Levels {
                fastest: u(fastest),
                half_hour: u(half_hour),
                hour: u(hour),
                economy: u(economy),
                minimum: u(minimum),
            };
            self.current.set_fees(levels.record(u(time_ms), &source));
        }
        let prices: Vec<(String, i64, i64)> =
            sqlx::query_as("SELECT currency, per_btc, time_ms FROM prices ORDER BY currency")
                .fetch_all(&self.pool)
                .await?;
        if let Some(time_ms) = prices.iter().map(|p| p.2).max() {
            self.current.set_prices(PriceRecord {
                time_ms: u64::try_from(time_ms).unwrap_or(0),
                prices: prices
                    .into_iter()
                    .map(|(currency, per_btc, _)| Price {
                        currency,
                        per_btc: u64::try_from(per_btc).unwrap_or(0),
                    })
                    .collect(),
            });
        }
        Ok(())
    }

    /// Polls until `shutdown`.
    pub(crate) async fn run(self, shutdown: Shutdown) {
        let mut unpublished = Unpublished {
            fees: true,
            prices: true,
        };
        loop {
            self.poll_fees(&mut unpublished).await;
            self.poll_prices(&mut unpublished).await;
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = tokio::time::sleep(self.poll) => {}
            }
        }
    }

    /// The rates from the API, else from the node.
    async fn read_levels(&self) -> Option<(Levels, &'static str)> {
        let from_api = match self.api.api_json("/api/v1/fees/recommended").await {
            Ok(answer) => Levels::from_api(&answer),
            Err(e) => Err(e.to_string()),
        };
        match from_api {
            Ok(levels) => return Some((levels, "api")),
            Err(e) => tracing::warn!(error = %e, "the fee API failed; asking the node"),
        }
        match self.node_levels().await {
            Ok(levels) => Some((levels, "node")),
            Err(e) => {
                tracing::warn!(error = %e, "the node's fee estimates failed; keeping the last rates");
                None
            }
        }
    }

    async fn node_levels(&self) -> Result<Levels, String> {
        let mut estimates = Vec::with_capacity(4);
        for target in [1u32, 3, 6, 144] {
            let answer: Value = self
                .node
                .call("estimatesmartfee", json!([target]))
                .await
                .map_err(|e| e.to_string())?;
            estimates.push(answer.get("feerate").cloned().unwrap_or(Value::Null));
        }
        let info: Value = self
            .node
            .call("getmempoolinfo", json!([]))
            .await
            .map_err(|e| e.to_string())?;
        let minimum = info.get("mempoolminfee").cloned().unwrap_or(Value::Null);
        let [a, b, c, d] = [&estimates[0], &estimates[1], &estimates[2], &estimates[3]];
        Levels::from_node([a, b, c, d], &minimum)
    }

    async fn poll_fees(&self, unpublished: &mut Unpublished) {
        let Some((levels, source)) = self.read_levels().await else {
            return;
        };
        let record = levels.record(now_ms(), source);
        let moved = self
            .current
            .fees()
            .is_none_or(|last| Levels::of(&last) != levels);
        if moved {
            if let Err(e) = self.store_fees(&record).await {
                tracing::warn!(error = %e, "storing the fee record failed; trying at the next poll");
                return;
            }
            self.relay.notify();
            unpublished.fees = true;
            tracing::info!(
                fastest = record.fastest,
                hour = record.hour,
                source,
                "fee rates moved"
            );
        }
        self.current.set_fees(record.clone());
        if unpublished.fees {
            match self.nats.put_realtime(FEES_KEY, &fees_json(&record)).await {
                Ok(()) => unpublished.fees = false,
                Err(e) => tracing::warn!(error = %e, "setting the live fee record failed"),
            }
        }
    }

    async fn store_fees(&self, record: &FeeRecord) -> Result<(), sqlx::Error> {
        let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO fee_records (time_ms, fastest, half_hour, hour, economy, minimum, source)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (time_ms) DO NOTHING",
        )
        .bind(i(record.time_ms))
        .bind(i(record.fastest))
        .bind(i(record.half_hour))
        .bind(i(record.hour))
        .bind(i(record.economy))
        .bind(i(record.minimum))
        .bind(&record.source)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM fee_records WHERE time_ms < $1")
            .bind(i(record.time_ms.saturating_sub(KEEP_MS)))
            .execute(&mut *tx)
            .await?;
        let event = FeesUpdated {
            record: Some(record.clone()),
        };
        let msg_id = format!("fees:{}", record.time_ms);
        outbox::enqueue(&mut tx, FEES_UPDATED, &msg_id, &event.encode_to_vec()).await?;
        tx.commit().await
    }

    async fn poll_prices(&self, unpublished: &mut Unpublished) {
        let read = match self.api.api_json("/api/v1/prices").await {
            Ok(answer) => rates::prices_from_api(&answer, now_ms()),
            Err(e) => Err(e.to_string()),
        };
        let record = match read {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(error = %e, "the price ticker failed; keeping the last prices");
                return;
            }
        };
        let moved = self
            .current
            .prices()
            .is_none_or(|last| last.prices != record.prices);
        if moved {
            if let Err(e) = self.store_prices(&record).await {
                tracing::warn!(error = %e, "storing the prices failed; trying at the next poll");
                return;
            }
            unpublished.prices = true;
        }
        self.current.set_prices(record.clone());
        if unpublished.prices {
            match self
                .nats
                .put_realtime(PRICES_KEY, &prices_json(&record))
                .await
            {
                Ok(()) => unpublished.prices = false,
                Err(e) => tracing::warn!(error = %e, "setting the live prices failed"),
            }
        }
    }

    async fn store_prices(&self, record: &PriceRecord) -> Result<(), sqlx::Error> {
        let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        let mut tx = self.pool.begin().await?;
        for p in &record.prices {
            sqlx::query(
                "INSERT INTO prices (currency, per_btc, time_ms) VALUES ($1, $2, $3)
                 ON CONFLICT (currency) DO UPDATE SET per_btc = EXCLUDED.per_btc, time_ms = EXCLUDED.time_ms",
            )
            .bind(&p.currency)
            .bind(i(p.per_btc))
            .bind(i(record.time_ms))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }
}
