//! The Counterparty activity of a profile's addresses: every valid event that moved one of their balances,
//! newest first.

use sqlx::PgPool;

/// One event.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ActivityRow {
    /// Height.
    pub block_index: i64,
    /// The block's time.
    pub block_time: i64,
    /// Transaction.
    pub tx_hash: String,
    /// Asset name.
    pub asset: String,
    /// Its long name, or empty.
    pub asset_longname: String,
    /// Base units.
    pub quantity: String,
    /// Whether the asset is divisible.
    pub divisible: bool,
    /// What happened (see [`EVENTS`]).
    pub tx_type: String,
}

/// The events, as `(block_index, seq, tx_hash, asset, quantity, tx_type)` rows of the addresses `$1`: sends
/// and their kin by the sender (`send`, `attach`, `detach`, `move`) and by a receiver who did not send them
/// (`receive`), the addresses' own UTXOs counting as theirs (an atomic swap's buyer receives what moves to its
/// output); issuances (`issuance`, or `transfer` of ownership) by their source; destructions; purchases
/// (`buy`) and sales (`sell`) at dispensers; fairmints. `mine` must be in scope: the addresses and their UTXOs.
const EVENTS: &str = "
    SELECT block_index, seq, tx_hash, asset, quantity, kind AS tx_type
        FROM moves WHERE status = 'valid' AND source IN (SELECT h FROM mine)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, quantity, 'receive'
        FROM moves WHERE status = 'valid' AND destination IN (SELECT h FROM mine)
                     AND source NOT IN (SELECT h FROM mine)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, quantity, CASE WHEN transfer THEN 'transfer' ELSE 'issuance' END
        FROM issuances WHERE status = 'valid' AND source = ANY($1)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, quantity, 'destroy'
        FROM destructions WHERE status = 'valid' AND source = ANY($1)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, quantity, 'buy'
        FROM dispenses WHERE destination = ANY($1)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, quantity, 'sell'
        FROM dispenses WHERE source = ANY($1) AND NOT destination = ANY($1)
    UNION ALL
    SELECT block_index, seq, tx_hash, asset, earn_quantity, 'fairmint'
        FROM fairmints WHERE status = 'valid' AND source = ANY($1)
";

/// The addresses `$1` and the UTXOs they own.
const MINE: &str = "WITH mine AS (
    SELECT unnest($1::TEXT[]) AS h UNION SELECT holder FROM utxo_owners WHERE address = ANY($1))";

/// A page of the addresses' activity, newest first, and the exact total.
pub async fn page(
    pool: &PgPool,
    addresses: &[String],
    offset: i64,
    limit: i64,
) -> Result<(Vec<ActivityRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{MINE} SELECT e.block_index, COALESCE(b.time, 0) AS block_time, e.tx_hash, e.asset,
                COALESCE(a.asset_longname, '') AS asset_longname, e.quantity::TEXT AS quantity,
                COALESCE(a.divisible, e.asset = 'XCP') AS divisible, e.tx_type
         FROM ({EVENTS}) e
         LEFT JOIN blocks b ON b.height = e.block_index
         LEFT JOIN assets a ON a.asset = e.asset
         ORDER BY e.block_index DESC, e.seq DESC, e.tx_type
         OFFSET $2 LIMIT $3"
    )))
    .bind(addresses)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "{MINE} SELECT count(*) FROM ({EVENTS}) e"
    )))
    .bind(addresses)
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
