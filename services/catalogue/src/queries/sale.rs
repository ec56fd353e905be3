//! What the wallet asks before it builds a purchase: dispensers by hash with their asset's owner, which addresses
//! have an open dispenser, and which outpoints hold Counterparty balances (never to be spent as plain coins). Each
//! reads the confirmed ledger and the pending view together: a dispenser as the mempool leaves it, a dispenser the
//! mempool opens, an output a waiting transaction fills with assets or spends.

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
    /// Whether a waiting transaction changes it (its status and what is left are as it leaves them).
    pub pending: bool,
}

/// The state the last waiting transaction to change dispenser `{d}` leaves it in (`status`, `give_remaining`), as a
/// lateral subquery.
fn pending_state(d: &str) -> String {
    format!(
        "(SELECT pd.status, pd.give_remaining FROM pending_dispensers pd JOIN pending_txs pt USING (txid)
          WHERE pd.dispenser = {d} ORDER BY pt.seq DESC LIMIT 1)"
    )
}

/// Open (or closing, still dispensing) dispensers at address `{a}` as the mempool leaves them, but `{but}`: the
/// confirmed ones a waiting transaction did not close, and those a waiting transaction opens.
fn open_at(a: &str, but: &str) -> String {
    format!(
        "(SELECT count(*) FROM dispensers o
          LEFT JOIN LATERAL {state} po ON true
          WHERE o.source = {a} AND o.tx_hash <> {but} AND COALESCE(po.status, o.status) IN (0, 11))
         + (SELECT count(DISTINCT pd.dispenser) FROM pending_dispensers pd
            WHERE pd.source = {a} AND pd.dispenser <> {but} AND pd.status IN (0, 11)
              AND NOT EXISTS (SELECT 1 FROM dispensers x WHERE x.tx_hash = pd.dispenser))",
        state = pending_state("o.tx_hash"),
    )
}

/// The dispensers among `tx_hashes` as the mempool leaves them (unknown ones are left out).
pub async fn dispensers(
    pool: &PgPool,
    tx_hashes: &[String],
) -> Result<Vec<SaleDispenserRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(select_dispensers(
        "d.tx_hash = ANY($1)",
    )))
    .bind(tx_hashes)
    .fetch_all(pool)
    .await
}

/// The dispensers open (or closing) in the confirmed ledger at `sources`, as the mempool leaves them: a payment
/// to one buys what a waiting transaction left of it, perhaps nothing.
pub async fn dispensers_at(
    pool: &PgPool,
    sources: &[String],
) -> Result<Vec<SaleDispenserRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(select_dispensers(
        "d.source = ANY($1) AND d.status IN (0, 11)",
    )))
    .bind(sources)
    .fetch_all(pool)
    .await
}

/// Dispensers (those `filter` keeps, a condition on `d`) as the mempool leaves them.
fn select_dispensers(filter: &str) -> String {
    format!(
        "SELECT d.tx_hash, d.source, d.origin, d.asset, COALESCE(a.asset_longname, '') AS asset_longname,
                COALESCE(a.divisible, false) AS divisible, COALESCE(a.issuer, '') AS owner,
                d.give_quantity::TEXT AS give_quantity,
                COALESCE(p.give_remaining, d.give_remaining)::TEXT AS give_remaining, d.satoshirate,
                COALESCE(p.status, d.status) AS status, d.oracle_address,
                {others} AS others, p.status IS NOT NULL AS pending
         FROM dispensers d LEFT JOIN assets a ON a.asset = d.asset
         LEFT JOIN LATERAL {state} p ON true
         WHERE {filter}",
        others = open_at("d.source", "d.tx_hash"),
        state = pending_state("d.tx_hash"),
    )
}

/// Those of `addresses` with an open (or closing, still dispensing) dispenser, the mempool's included.
pub async fn dispensing(pool: &PgPool, addresses: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT a FROM unnest($1::TEXT[]) a WHERE {open} > 0 ORDER BY a",
        open = open_at("a", "''"),
    )))
    .bind(addresses)
    .fetch_all(pool)
    .await
}

/// Those of `outpoints` (`txid:vout`) holding a Counterparty balance, or about to: an output a waiting
/// transaction fills is never plain bitcoin.
pub async fn held_outpoints(
    pool: &PgPool,
    outpoints: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT holder FROM balances WHERE holder = ANY($1) AND quantity > 0
         UNION
         SELECT holder FROM pending_balances WHERE holder = ANY($1) AND delta > 0
         ORDER BY holder",
    )
    .bind(outpoints)
    .fetch_all(pool)
    .await
}

/// Those of `txids` projected: waiting in the pending view, or confirmed as a Counterparty transaction or a dispense.
pub async fn seen(pool: &PgPool, txids: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t FROM unnest($1::TEXT[]) t
         WHERE EXISTS (SELECT 1 FROM pending_txs WHERE txid = t)
            OR EXISTS (SELECT 1 FROM cp_transactions WHERE tx_hash = t)
            OR EXISTS (SELECT 1 FROM dispenses WHERE tx_hash = t)
         ORDER BY t",
    )
    .bind(txids)
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
    /// Whether a waiting transaction spends the UTXO.
    pub pending: bool,
}

/// Those of `offers` their seller cancelled or replaced.
pub async fn withdrawn(pool: &PgPool, offers: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT offer FROM withdrawn_offers WHERE offer = ANY($1) ORDER BY offer")
        .bind(offers)
        .fetch_all(pool)
        .await
}

/// The open listings of `utxos`: not cancelled, the UTXO still holding a balance; `pending` when a transaction
/// waiting in the mempool spends it (a purchase of it, or its owner's move).
pub async fn listings(pool: &PgPool, utxos: &[String]) -> Result<Vec<SaleListingRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.utxo, l.seller, l.price, l.psbt, b.asset, COALESCE(a.asset_longname, '') AS asset_longname,
                COALESCE(a.divisible, false) AS divisible, b.quantity::TEXT AS quantity,
                COALESCE(a.issuer, '') AS owner,
                EXISTS (SELECT 1 FROM pending_balances p WHERE p.holder = l.utxo AND p.delta < 0) AS pending
         FROM listings l JOIN balances b ON b.holder = l.utxo AND b.quantity > 0
         LEFT JOIN assets a ON a.asset = b.asset
         WHERE l.utxo = ANY($1) AND NOT l.cancelled
         ORDER BY l.utxo, b.asset",
    )
    .bind(utxos)
    .fetch_all(pool)
    .await
}
