//! What the wallet asks before it builds a purchase: dispensers by hash with their asset's owner, which addresses
//! have an open dispenser, and which outpoints hold Counterparty balances (never to be spent as plain coins).

use sqlx::PgPool;

/// A dispenser as the wallet needs it.
#[derive(Debug, sqlx::FromRow)]
pub struct SaleDispenserRow {
    /// The dispenser's transaction.
    pub tx_hash: String,
    /// Its address (what a buyer pays).
    pub source: String,
    /// The address that opened it.
    pub origin: String,
    /// The asset it gives.
    pub asset: String,
    /// The asset's long name, or empty.
    pub asset_longname: String,
    /// Whether the asset is divisible.
    pub divisible: bool,
    /// The asset's current issuer.
    pub owner: String,
    /// Base units per lot.
    pub give_quantity: String,
    /// Base units left.
    pub give_remaining: String,
    /// Satoshis per lot.
    pub satoshirate: i64,
    /// 0 open, 10 closed, 11 closing.
    pub status: i32,
    /// Set when an oracle prices it.
    pub oracle_address: String,
    /// Other open (or closing, still dispensing) dispensers at the same address.
    pub others: i64,
}

/// The dispensers among `tx_hashes` (unknown ones are left out).
pub async fn dispensers(
    pool: &PgPool,
    tx_hashes: &[String],
) -> Result<Vec<SaleDispenserRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT d.tx_hash, d.source, d.origin, d.asset, COALESCE(a.asset_longname, '') AS asset_longname,
                COALESCE(a.divisible, false) AS divisible, COALESCE(a.issuer, '') AS owner,
                d.give_quantity::TEXT AS give_quantity, d.give_remaining::TEXT AS give_remaining, d.satoshirate,
                d.status, d.oracle_address,
                (SELECT count(*) FROM dispensers o
                 WHERE o.source = d.source AND o.status IN (0, 11) AND o.tx_hash <> d.tx_hash) AS others
         FROM dispensers d LEFT JOIN assets a ON a.asset = d.asset
         WHERE d.tx_hash = ANY($1)",
    )
    .bind(tx_hashes)
    .fetch_all(pool)
    .await
}

/// Those of `addresses` with an open (or closing, still dispensing) dispenser.
pub async fn dispensing(pool: &PgPool, addresses: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT source FROM dispensers WHERE source = ANY($1) AND status IN (0, 11) ORDER BY source",
    )
    .bind(addresses)
    .fetch_all(pool)
    .await
}

/// Those of `outpoints` (`txid:vout`) holding a Counterparty balance.
pub async fn held_outpoints(
    pool: &PgPool,
    outpoints: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT holder FROM balances WHERE holder = ANY($1) AND quantity > 0 ORDER BY holder",
    )
    .bind(outpoints)
    .fetch_all(pool)
    .await
}

/// An open listing and one asset its UTXO holds.
#[derive(Debug, sqlx::FromRow)]
pub struct SaleListingRow {
    /// The UTXO.
    pub utxo: String,
    /// Its owner's address.
    pub seller: String,
    /// Satoshis the payout asks.
    pub price: i64,
    /// The seller's signed PSBT, hex.
    pub psbt: String,
    /// The asset.
    pub asset: String,
    /// Its long name, or empty.
    pub asset_longname: String,
    /// Whether it is divisible.
    pub divisible: bool,
    /// What the UTXO holds of it.
    pub quantity: String,
    /// Its current issuer.
    pub owner: String,
}

/// Those of `offers` their seller cancelled or replaced.
pub async fn withdrawn(pool: &PgPool, offers: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT offer FROM withdrawn_offers WHERE offer = ANY($1) ORDER BY offer")
        .bind(offers)
        .fetch_all(pool)
        .await
}

/// The open listings of `utxos`: not cancelled, the UTXO still holding a balance.
pub async fn listings(pool: &PgPool, utxos: &[String]) -> Result<Vec<SaleListingRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.utxo, l.seller, l.price, l.psbt, b.asset, COALESCE(a.asset_longname, '') AS asset_longname,
                COALESCE(a.divisible, false) AS divisible, b.quantity::TEXT AS quantity,
                COALESCE(a.issuer, '') AS owner
         FROM listings l JOIN balances b ON b.holder = l.utxo AND b.quantity > 0
         LEFT JOIN assets a ON a.asset = b.asset
         WHERE l.utxo = ANY($1) AND NOT l.cancelled
         ORDER BY l.utxo, b.asset",
    )
    .bind(utxos)
    .fetch_all(pool)
    .await
}
