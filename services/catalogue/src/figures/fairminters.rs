//! The fairminter list's figures, derived on the projection side: mints, minters, units earned, the latest
//! mint, holders and progress, computed from the read models for the fairminters a block touched, after the
//! block is applied or reverted.

use sqlx::PgConnection;

/// Fairminters whose figures the blocks `hs` may change: changed in them, minted from in them, or whose asset
/// changed hands in them.
pub async fn fairminters_of_blocks(
    tx: &mut PgConnection,
    hs: &[i64],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT tx_hash AS \"tx_hash!\" FROM fairminter_versions WHERE changed_at = ANY($1)
         UNION SELECT fairminter_tx_hash FROM fairmints WHERE block_index = ANY($1)
         UNION SELECT f.tx_hash FROM fairminters f
               WHERE f.asset IN (SELECT asset FROM balance_versions WHERE changed_at = ANY($1))",
        hs
    )
    .fetch_all(tx)
    .await
}

/// Computes again the figures of `fairminters` (one that no longer exists loses its row).
pub async fn refresh(tx: &mut PgConnection, fairminters: &[String]) -> Result<(), sqlx::Error> {
    if fairminters.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "DELETE FROM fairminter_stats WHERE tx_hash = ANY($1)",
        fairminters
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO fairminter_stats (tx_hash, asset, block_time, minted_count, minters_count, earned, last_mint,
                                       holders_count, progress)
         SELECT f.tx_hash, f.asset, COALESCE(b.time, 0), COALESCE(m.mints, 0), COALESCE(m.minters, 0),
                COALESCE(m.earned, 0), m.last_mint, COALESCE(h.holders, 0),
                CASE WHEN f.hard_cap > 0
                     THEN LEAST(100, trunc((f.premint_quantity + COALESCE(m.earned, 0)) * 100 / f.hard_cap, 2))
                     ELSE 0 END
         FROM fairminters f
         LEFT JOIN blocks b ON b.height = f.block_index
         LEFT JOIN LATERAL (SELECT count(*) AS mints, count(DISTINCT source) AS minters,
                                   sum(earn_quantity) AS earned, max(block_time) AS last_mint
                            FROM fairmints WHERE fairminter_tx_hash = f.tx_hash AND status = 'valid') m ON TRUE
         LEFT JOIN LATERAL (SELECT count(*) AS holders FROM balances
                            WHERE asset = f.asset AND quantity > 0) h ON TRUE
         WHERE f.tx_hash = ANY($1)",
        fairminters
    )
    .execute(tx)
    .await?;
    Ok(())
}
