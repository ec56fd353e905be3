//! The SRC-20 figures derived on the projection side: each operation's stamp number, and one `src20_ticks` row
//! per validly deployed tick (supply minted, mints, minters, holders, progress). They are computed from
//! `src20_ops`, `src20_balances` and `stamps` for the ticks a block touched, after the block is applied or
//! reverted, so they are always what those tables say and a replay rebuilds them identically.

use sqlx::PgConnection;

/// Ticks with an operation or a balance change in the blocks `hs`.
pub async fn ticks_of_blocks(
    tx: &mut PgConnection,
    hs: &[i64],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT tick AS \"tick!\" FROM src20_ops WHERE block_index = ANY($1)
         UNION SELECT tick FROM src20_balance_versions WHERE changed_at = ANY($1)",
        hs
    )
    .fetch_all(tx)
    .await
}

/// Gives block `h`'s operations the number of the stamp that carried them.
pub async fn number_ops(tx: &mut PgConnection, h: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE src20_ops o SET stamp = s.stamp FROM stamps s
         WHERE o.block_index = $1 AND o.stamp IS NULL AND s.tx_hash = o.tx_hash",
        h
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Counts again block `h`'s valid mints per tick (`src20_mint_blocks`), after its operations (or a part of
/// them) were written.
pub async fn count_mints(tx: &mut PgConnection, h: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM src20_mint_blocks WHERE block_index = $1", h)
        .execute(&mut *tx)
        .await?;
    sqlx::query!(
        "INSERT INTO src20_mint_blocks (tick, block_index, block_time, mints, amount)
         SELECT tick, block_index, max(block_time), count(*),
                COALESCE(sum(src20_amount(amt)), 0)
         FROM src20_ops WHERE op = 'MINT' AND valid AND block_index = $1 GROUP BY tick, block_index",
        h
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Computes again the `src20_ticks` rows of `ticks` (a tick without a valid deploy has none).
pub async fn refresh(tx: &mut PgConnection, ticks: &[String]) -> Result<(), sqlx::Error> {
    if ticks.is_empty() {
        return Ok(());
    }
    sqlx::query!("DELETE FROM src20_ticks WHERE tick = ANY($1)", ticks)
        .execute(&mut *tx)
        .await?;
    // Supply minted is the sum of balances (transfers move it, mints alone create it); a mint the reference
    // cut to what was left counts for what it credited.
    sqlx::query!(
        "INSERT INTO src20_ticks (tick, tx_hash, block_index, block_time, stamp, creator, max, lim, dec, minted,
                                  mint_count, minters_count, last_mint_block, holders_count, progress)
         SELECT d.tick, d.tx_hash, d.block_index, d.block_time, d.stamp, d.creator, d.max, d.lim, d.dec,
                COALESCE(b.minted, 0), COALESCE(m.mints, 0), COALESCE(m.minters, 0), m.last_block,
                COALESCE(b.holders, 0),
                CASE WHEN d.max > 0 THEN LEAST(100, trunc(COALESCE(b.minted, 0) * 100 / d.max, 2)) ELSE 0 END
         FROM (SELECT DISTINCT ON (tick) tick, tx_hash, block_index, block_time, stamp, creator,
                      COALESCE(src20_amount(max), 0) AS max,
                      COALESCE(src20_amount(lim), src20_amount(max), 0) AS lim,
                      dec
               FROM src20_ops WHERE op = 'DEPLOY' AND valid AND tick = ANY($1)
               ORDER BY tick, block_index, seq) d
         LEFT JOIN (SELECT tick, count(*) AS mints, count(DISTINCT destination) AS minters,
                           max(block_index) AS last_block
                    FROM src20_ops WHERE op = 'MINT' AND valid AND tick = ANY($1) GROUP BY tick) m USING (tick)
         LEFT JOIN (SELECT tick, sum(balance) AS minted, count(*) FILTER (WHERE balance > 0) AS holders
                    FROM src20_balances WHERE tick = ANY($1) GROUP BY tick) b USING (tick)",
        ticks
    )
    .execute(&mut *tx)
    .await?;
    // The deploys' copies of the figures (the finder sorts deploys on them): set on each tick's valid deploy,
    // cleared on any other deploy of these ticks.
    sqlx::query!(
        "UPDATE src20_ops o
         SET holders_count = f.holders_count, progress = f.progress, mint_count = f.mint_count,
             minters_count = f.minters_count
         FROM (SELECT d.block_index, d.seq, t.holders_count, t.progress, t.mint_count, t.minters_count
               FROM src20_ops d LEFT JOIN src20_ticks t ON t.tx_hash = d.tx_hash
               WHERE d.op = 'DEPLOY' AND d.tick = ANY($1)) f
         WHERE o.block_index = f.block_index AND o.seq = f.seq
           AND (o.holders_count, o.progress, o.mint_count, o.minters_count)
               IS DISTINCT FROM (f.holders_count, f.progress, f.mint_count, f.minters_count)",
        ticks
    )
    .execute(tx)
    .await?;
    Ok(())
}
