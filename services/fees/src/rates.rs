//! Fee rates and prices as read, checked and derived, in integers: rates in sat/kvB (thousandths of a sat/vB),
//! prices in whole units of a currency per BTC. Nothing here does I/O.

use serde_json::Value;
use stamps_platform::figures::decimal;
use stamps_proto::fees::v1::{FeeRecord, Price, PriceRecord};

/// The lowest rate kept (0.1 sat/vB, today's lowest relay minimum).
pub const MIN_RATE: u64 = 100;
/// The highest rate kept (2000 sat/vB): anything above is an API's mistake, not a market.
pub const MAX_RATE: u64 = 2_000_000;

/// The currencies of the price ticker.
pub const CURRENCIES: [&str; 7] = ["USD", "EUR", "GBP", "JPY", "CNY", "CAD", "AUD"];

/// Fee rates by confirmation target, in sat/kvB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    /// Next block.
    pub fastest: u64,
    /// Within three blocks.
    pub half_hour: u64,
    /// Within six blocks.
    pub hour: u64,
    /// Within a day.
    pub economy: u64,
    /// The relay minimum.
    pub minimum: u64,
}

impl Levels {
    /// The rates of a `/api/v1/fees/recommended` (or `/precise`) answer, sat/vB numbers, made sane.
    pub fn from_api(answer: &Value) -> Result<Levels, String> {
        let field = |name: &str| -> Result<u64, String> {
            let value = answer.get(name).ok_or_else(|| format!("no {name}"))?;
            let number = value
                .as_number()
                .ok_or_else(|| format!("{name} is not a number"))?;
            decimal(&number.to_string(), 3).ok_or_else(|| format!("{name} is not a rate: {number}"))
        };
        Levels {
            fastest: field("fastestFee")?,
            half_hour: field("halfHourFee")?,
            hour: field("hourFee")?,
            economy: field("economyFee")?,
            minimum: field("minimumFee")?,
        }
        .sane()
    }

    /// The rates of the node's `estimatesmartfee` for 1, 3, 6 and 144 blocks and its `mempoolminfee`, each in
    /// BTC/kvB as the node writes it, made sane.
    pub fn from_node(estimates: [&Value; 4], mempool_min_fee: &Value) -> Result<Levels, String> {
        let btc_per_kvb = |value: &Value, what: &str| -> Result<u64, String> {
            let number = value
                .as_number()
                .ok_or_else(|| format!("{what}: no fee rate"))?;
            // BTC/kvB to sat/kvB: eight decimals.
            decimal(&number.to_string(), 8).ok_or_else(|| format!("{what}: not a rate: {number}"))
        };
        let [fastest, half_hour, hour, economy] = estimates;
        Levels {
            fastest: btc_per_kvb(fastest, "estimate for 1 block")?,
            half_hour: btc_per_kvb(half_hour, "estimate for 3 blocks")?,
            hour: btc_per_kvb(hour, "estimate for 6 blocks")?,
            economy: btc_per_kvb(economy, "estimate for 144 blocks")?,
            minimum: btc_per_kvb(mempool_min_fee, "mempoolminfee")?,
        }
        .sane()
    }

    /// The rates clamped to [`MIN_RATE`]..=[`MAX_RATE`] and ordered (minimum ≤ economy ≤ hour ≤ half hour ≤
    /// fastest, each raised to the one below when it is lower); refused when the next block's rate is zero.
    pub fn sane(self) -> Result<Levels, String> {
        if self.fastest == 0 {
            return Err("the next block's rate is zero".into());
        }
        let clamp = |r: u64| r.clamp(MIN_RATE, MAX_RATE);
        let minimum = clamp(self.minimum);
        let economy = clamp(self.economy).max(minimum);
        let hour = clamp(self.hour).max(economy);
        let half_hour = clamp(self.half_hour).max(hour);
        let fastest = clamp(self.fastest).max(half_hour);
        Ok(Levels {
            fastest,
            half_hour,
            hour,
            economy,
            minimum,
        })
    }

    /// optimalFee: the lower of the next block's rate and the hour's plus 0.5 sat/vB.
    pub fn optimal(&self) -> u64 {
        self.fastest.min(self.hour + 500)
    }

    /// buyFee: the next block's rate × 1.02, rounded to a whole sat/vB (halves up).
    pub fn buy(&self) -> u64 {
        (self.fastest * 102 + 50_000) / 100_000 * 1000
    }

    /// The record of these rates read at `time_ms` from `source`.
    pub fn record(&self, time_ms: u64, source: &str) -> FeeRecord {
        FeeRecord {
            fastest: self.fastest,
            half_hour: self.half_hour,
            hour: self.hour,
            economy: self.economy,
            minimum: self.minimum,
            optimal: self.optimal(),
            buy: self.buy(),
            time_ms,
            source: source.to_owned(),
        }
    }

    /// The rates of a record.
    pub fn of(record: &FeeRecord) -> Levels {
        Levels {
            fastest: record.fastest,
            half_hour: record.half_hour,
            hour: record.hour,
            economy: record.economy,
            minimum: record.minimum,
        }
    }
}

/// The prices of a `/api/v1/prices` answer (every currency of [`CURRENCIES`], each a positive whole number),
/// read at `time_ms`.
pub fn prices_from_api(answer: &Value, time_ms: u64) -> Result<PriceRecord, String> {
    let prices = CURRENCIES
        .iter()
        .map(|currency| {
            let per_btc = answer
                .get(*currency)
                .and_then(Value::as_u64)
                .filter(|p| *p > 0)
                .ok_or_else(|| format!("no price in {currency}"))?;
            Ok(Price {
                currency: (*currency).to_owned(),
                per_btc,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(PriceRecord { time_ms, prices })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decimals_are_read_exactly() {
        assert_eq!(decimal("12", 3), Some(12_000));
        assert_eq!(decimal("8.5", 3), Some(8_500));
        assert_eq!(decimal("0.125", 3), Some(125));
        assert_eq!(decimal("0.1234", 3), Some(123));
        assert_eq!(decimal("0.00012", 8), Some(12_000));
        for bad in ["", "-1", "1e3", "1.2.3", "NaN", ".5"] {
            assert_eq!(decimal(bad, 3), None, "{bad}");
        }
    }

    #[test]
    fn recommended_fees_become_levels_with_derived_rates() {
        let api = json!({"fastestFee": 25, "halfHourFee": 20, "hourFee": 15, "economyFee": 8, "minimumFee": 1});
        let levels = Levels::from_api(&api).expect("sane");
        assert_eq!(levels.fastest, 25_000);
        // min(25, 15 + 0.5)
        assert_eq!(levels.optimal(), 15_500);
        // round(25 × 1.02) = round(25.5) = 26
        assert_eq!(levels.buy(), 26_000);
        let close = Levels::from_api(
            &json!({"fastestFee": 10, "halfHourFee": 10, "hourFee": 10, "economyFee": 5,
            "minimumFee": 1}),
        )
        .expect("sane");
        // min(10, 10.5) = 10; round(10.2) = 10
        assert_eq!((close.optimal(), close.buy()), (10_000, 10_000));
    }

    #[test]
    fn nonsense_is_refused_or_clamped() {
        assert!(Levels::from_api(&json!({"fastestFee": "25"})).is_err());
        assert!(Levels::from_api(&json!({})).is_err());
        let zero = json!({"fastestFee": 0, "halfHourFee": 0, "hourFee": 0, "economyFee": 0, "minimumFee": 0});
        assert!(Levels::from_api(&zero).is_err());
        let wild = json!({"fastestFee": 900000, "halfHourFee": 2, "hourFee": 30, "economyFee": 1, "minimumFee": 1});
        let levels = Levels::from_api(&wild).expect("clamped");
        assert_eq!(levels.fastest, MAX_RATE);
        // Ordered: the half hour's rate is at least the hour's.
        assert_eq!((levels.half_hour, levels.hour), (30_000, 30_000));
        let negative = json!({"fastestFee": -5, "halfHourFee": 2, "hourFee": 1, "economyFee": 1, "minimumFee": 1});
        assert!(Levels::from_api(&negative).is_err());
    }

    #[test]
    fn node_estimates_are_read_in_btc_per_kvb() {
        let (a, b, c, d) = (
            json!(0.00025),
            json!(0.0002),
            json!(0.00015),
            json!(0.00001),
        );
        let levels = Levels::from_node([&a, &b, &c, &d], &json!(0.00001)).expect("sane");
        assert_eq!(
            levels,
            Levels {
                fastest: 25_000,
                half_hour: 20_000,
                hour: 15_000,
                economy: 1_000,
                minimum: 1_000
            }
        );
        assert!(Levels::from_node([&Value::Null, &b, &c, &d], &json!(0.00001)).is_err());
    }

    #[test]
    fn prices_need_every_currency() {
        let mut answer = json!({"time": 1, "USD": 64000, "EUR": 59500, "GBP": 51000, "JPY": 9850000, "CNY": 463000,
            "CAD": 87500, "AUD": 97500});
        let record = prices_from_api(&answer, 5).expect("complete");
        assert_eq!(record.prices.len(), 7);
        assert_eq!(record.time_ms, 5);
        answer["JPY"] = json!(-1);
        assert!(prices_from_api(&answer, 5).is_err());
    }
}
