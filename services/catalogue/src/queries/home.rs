//! The home page's chain lists: the latest sales and dispensers of stamps, the latest SRC-721 and art stamps.

use sqlx::PgPool;

use super::{COLUMNS, StampRow};

/// A sale on the home page, with the stamp sold.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HomeSale {
    /// The stamp.
    pub cpid: String,
    /// Its number.
    pub stamp: i64,
    /// The buying txid.
    pub tx_hash: String,
    /// Block time.
    pub block_time: i64,
    /// Buyer.
    pub destination: String,
    /// Units bought, base units.
    pub quantity: String,
    /// Satoshis paid.
    pub btc_amount: i64,
}

/// A dispenser on the home page, with the stamp offered.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HomeDispenser {
    /// The stamp.
    pub cpid: String,
    /// Its number.
    pub stamp: i64,
    /// The opening txid.
    pub tx_hash: String,
    /// When it opened (block time).
    pub block_time: i64,
    /// Its address.
    pub source: String,
    /// Units per dispense.
    pub give_quantity: String,
    /// Left.
    pub give_remaining: String,
    /// Satoshis per dispense.
    pub satoshirate: i64,
}

/// The latest `limit` sales of stamps, newest first.
pub async fn last_sales(pool: &PgPool, limit: i64) -> Result<Vec<HomeSale>, sqlx::Error> {
    sqlx::query_as(
        "SELECT d.asset AS cpid, s.stamp, d.tx_hash, d.block_time, d.destination, d.quantity::TEXT AS quantity,
                d.btc_amount
         FROM dispenses d JOIN stamps s ON s.cpid = d.asset
         ORDER BY d.block_index DESC, d.seq DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The latest `limit` offers of stamps still selling, newest first: dispensers (by their block's time) and open
/// atomic-swap listings (by the time they were listed; `tx_hash` the UTXO, the whole of what it holds one lot).
pub async fn new_dispensers(pool: &PgPool, limit: i64) -> Result<Vec<HomeDispenser>, sqlx::Error> {
    sqlx::query_as(
        "SELECT * FROM (
             SELECT d.asset AS cpid, s.stamp, d.tx_hash, COALESCE(b.time, 0) AS block_time, d.source,
                    d.give_quantity::TEXT AS give_quantity, d.give_remaining::TEXT AS give_remaining, d.satoshirate
             FROM dispensers d JOIN stamps s ON s.cpid = d.asset LEFT JOIN blocks b ON b.height = d.block_index
             WHERE d.status NOT IN (10, 11) AND d.give_remaining >= d.give_quantity AND d.give_quantity > 0
             UNION ALL
             SELECT b.asset, s.stamp, l.utxo, l.listed_at / 1000, l.seller, b.quantity::TEXT, b.quantity::TEXT,
                    l.price
             FROM listings l JOIN balances b ON b.holder = l.utxo AND b.quantity > 0
             JOIN stamps s ON s.cpid = b.asset
             WHERE NOT l.cancelled
         ) o
         ORDER BY o.block_time DESC, o.tx_hash LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The newest `limit` stamps of `ident` (`SRC-721`, or `STAMP` for art), blessed only, newest first.
pub async fn latest(pool: &PgPool, ident: &str, limit: i64) -> Result<Vec<StampRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM stamps WHERE ident = $1 AND NOT is_cursed ORDER BY stamp DESC LIMIT $2"
    )))
    .bind(ident)
    .bind(limit)
    .fetch_all(pool)
    .await
}
