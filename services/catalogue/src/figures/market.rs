//! A stamp's market figures, derived on the projection side: floor price and the offer making it (a dispenser, or
//! an atomic-swap listing: a UTXO, `txid:vout`), the
//! latest sale, volume, the newest dispenser, dividends, destructions, and the asset's current supply and flags.
//! They are computed from the ledger's read models for the stamps a block touched, after the block is applied
//! or reverted, so they always agree with those tables and a replay rebuilds them identically.

use sqlx::PgConnection;

/// Stamps whose figures the blocks `hs` may change: created in them, or whose asset they issued, destroyed,
/// paid dividends on, traded through dispensers, or moved on or off a UTXO (which may end a listing).
pub async fn stamps_of_blocks(
    tx: &mut PgConnection,
    hs: &[i64],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT cpid AS \"cpid!\" FROM stamps WHERE block_index = ANY($1)
         UNION SELECT asset FROM asset_versions WHERE changed_at = ANY($1)
         UNION SELECT asset FROM destructions WHERE block_index = ANY($1)
         UNION SELECT asset FROM dividends WHERE block_index = ANY($1)
         UNION SELECT asset FROM dispenser_versions WHERE changed_at = ANY($1)
         UNION SELECT asset FROM dispenses WHERE block_index = ANY($1)
         UNION SELECT asset FROM balance_versions WHERE changed_at = ANY($1) AND holder LIKE '%:%'",
        hs
    )
    .fetch_all(tx)
    .await
}

/// Computes again the figures of `cpids` (a stamp without an asset keeps its supply and flags).
pub async fn refresh(tx: &mut PgConnection, cpids: &[String]) -> Result<(), sqlx::Error> {
    if cpids.is_empty() {
        return Ok(());
    }
    // Prices are per whole unit: a divisible asset's quantities are in 1e-8 units.
    sqlx::query!(
        "UPDATE stamps s SET
             supply = COALESCE(x.supply, s.supply), divisible = COALESCE(x.divisible, s.divisible),
             locked = COALESCE(x.locked, s.locked),
             floor_price = x.floor_price, on_sale = x.on_sale,
             last_sale_price = x.last_sale_price, last_sale_block = x.last_sale_block,
             total_volume = x.total_volume, sales_count = x.sales_count,
             last_dispenser_block = x.last_dispenser_block, dividend_count = x.dividend_count,
             destroyed = x.destroyed
         FROM (
             SELECT st.cpid, a.supply, a.divisible, a.locked, f.price AS floor_price, f.tx_hash AS on_sale,
                    l.price AS last_sale_price, l.block_index AS last_sale_block,
                    COALESCE(v.volume, 0) AS total_volume, COALESCE(v.sales, 0) AS sales_count,
                    (SELECT max(block_index) FROM dispensers WHERE asset = st.cpid) AS last_dispenser_block,
                    (SELECT count(*) FROM dividends WHERE asset = st.cpid AND status = 'valid') AS dividend_count,
                    (SELECT COALESCE(sum(quantity), 0) FROM destructions
                     WHERE asset = st.cpid AND status = 'valid') AS destroyed
             FROM stamps st
             LEFT JOIN assets a ON a.asset = st.cpid
             CROSS JOIN LATERAL (SELECT CASE WHEN COALESCE(a.divisible, st.divisible) THEN 100000000 ELSE 1 END
                                 AS unit) u
             LEFT JOIN LATERAL (
                 SELECT o.tx_hash, o.price FROM (
                     SELECT d.tx_hash, ceil(d.satoshirate::NUMERIC * u.unit / d.give_quantity)::BIGINT AS price,
                            d.block_index AS since
                     FROM dispensers d
                     WHERE d.asset = st.cpid AND d.status NOT IN (10, 11) AND d.give_quantity > 0
                       AND d.give_remaining >= d.give_quantity
                     UNION ALL
                     SELECT l.utxo, ceil(l.price::NUMERIC * u.unit / b.quantity)::BIGINT, b.changed_at
                     FROM listings l JOIN balances b ON b.holder = l.utxo AND b.asset = st.cpid AND b.quantity > 0
                     WHERE NOT l.cancelled
                 ) o
                 ORDER BY o.price, o.since, o.tx_hash LIMIT 1) f ON TRUE
             LEFT JOIN LATERAL (
                 SELECT x.block_index, ceil(x.btc_amount::NUMERIC * u.unit / NULLIF(x.quantity, 0))::BIGINT AS price
                 FROM dispenses x WHERE x.asset = st.cpid ORDER BY x.block_index DESC, x.seq DESC LIMIT 1) l ON TRUE
             LEFT JOIN LATERAL (
                 SELECT sum(btc_amount)::BIGINT AS volume, count(*) AS sales FROM dispenses WHERE asset = st.cpid
             ) v ON TRUE
             WHERE st.cpid = ANY($1)
         ) x
         WHERE s.cpid = x.cpid",
        cpids
    )
    .execute(tx)
    .await?;
    Ok(())
}
