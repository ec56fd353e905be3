//! The collectors leaderboard's figures, derived on the projection side per address: stamps held and
//! created, their valuations at floor and latest-sale prices, and what the address destroyed; and for the XCP
//! site the Counterparty assets it holds, created and destroyed. Computed for the addresses a block touched,
//! after the block is applied or reverted (and after the stamps' own figures).

use sqlx::PgConnection;

/// Addresses whose figures the blocks `hs` may change: balances changed in them, stamps created or destroyed
/// in them, and every holder of `repriced`, the stamps whose figures they changed.
pub async fn addresses_of_blocks(
    tx: &mut PgConnection,
    hs: &[i64],
    repriced: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT holder AS \"address!\" FROM balance_versions WHERE changed_at = ANY($1) AND holder NOT LIKE '%:%'
         UNION SELECT o.address FROM balance_versions v JOIN utxo_owners o ON o.holder = v.holder
               WHERE v.changed_at = ANY($1)
         UNION SELECT address FROM utxo_owners WHERE block_index = ANY($1)
         UNION SELECT creator FROM stamps WHERE block_index = ANY($1)
         UNION SELECT creator FROM assets WHERE first_block = ANY($1)
         UNION SELECT source FROM destructions WHERE block_index = ANY($1)
         UNION SELECT address FROM holdings WHERE asset = ANY($2) AND quantity > 0",
        hs,
        repriced
    )
    .fetch_all(tx)
    .await
}

/// Computes again the rows of `addresses`; an address with nothing to show has none.
pub async fn refresh(tx: &mut PgConnection, addresses: &[String]) -> Result<(), sqlx::Error> {
    if addresses.is_empty() {
        return Ok(());
    }
    sqlx::query!("DELETE FROM collectors WHERE address = ANY($1)", addresses)
        .execute(&mut *tx)
        .await?;
    sqlx::query!(
        "INSERT INTO collectors (address, stamp_count, stamp_created_count, floor_valuation, last_sale_valuation,
                                 destroyed_count, destruction_valuation)
         SELECT a.address, COALESCE(h.stamps, 0), COALESCE(c.created, 0), COALESCE(h.floor, 0),
                COALESCE(h.last_sale, 0), COALESCE(d.destroyed, 0), COALESCE(d.worth, 0)
         FROM unnest($1::TEXT[]) AS a(address)
         LEFT JOIN LATERAL (
             SELECT count(DISTINCT b.asset) AS stamps,
                    sum(floor(b.quantity * COALESCE(s.floor_price, 0)
                              / CASE WHEN s.divisible THEN 100000000 ELSE 1 END))::BIGINT AS floor,
                    sum(floor(b.quantity * COALESCE(s.last_sale_price, 0)
                              / CASE WHEN s.divisible THEN 100000000 ELSE 1 END))::BIGINT AS last_sale
             FROM holdings b JOIN stamps s ON s.cpid = b.asset
             WHERE b.address = a.address AND b.quantity > 0) h ON TRUE
         LEFT JOIN LATERAL (SELECT count(*) AS created FROM stamps WHERE creator = a.address) c ON TRUE
         LEFT JOIN LATERAL (
             SELECT count(DISTINCT x.asset) AS destroyed,
                    sum(floor(x.quantity * COALESCE(s.floor_price, s.last_sale_price, 0)
                              / CASE WHEN s.divisible THEN 100000000 ELSE 1 END))::BIGINT AS worth
             FROM destructions x JOIN stamps s ON s.cpid = x.asset
             WHERE x.source = a.address AND x.status = 'valid') d ON TRUE
         WHERE COALESCE(h.stamps, 0) + COALESCE(c.created, 0) + COALESCE(d.destroyed, 0) > 0",
        addresses
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "DELETE FROM xcp_collectors WHERE address = ANY($1)",
        addresses
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO xcp_collectors (address, asset_count, created_count, destroyed_count)
         SELECT a.address, h.n, c.n, d.n
         FROM unnest($1::TEXT[]) AS a(address)
         CROSS JOIN LATERAL (SELECT count(DISTINCT b.asset) AS n FROM holdings b
                             WHERE b.address = a.address AND b.quantity > 0 AND b.asset <> 'XCP') h
         CROSS JOIN LATERAL (SELECT count(*) AS n FROM assets WHERE creator = a.address) c
         CROSS JOIN LATERAL (SELECT count(DISTINCT x.asset) AS n FROM destructions x
                             WHERE x.source = a.address AND x.status = 'valid' AND x.asset <> 'XCP') d
         WHERE h.n + c.n + d.n > 0",
        addresses
    )
    .execute(tx)
    .await?;
    Ok(())
}
