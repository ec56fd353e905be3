//! Collections' figures, derived on the projection side: every collection's market figures (stamps, holders,
//! range of numbers and times, 1/1 floor, volumes by window, market cap), from the read models.
//!
//! The figures of a collection are a function of its members, the chain's read models and the volume windows'
//! end (the end of the latest block's hour). They are computed again whenever one of the three changes: after a
//! block (or revert) for the collections whose stamps it touched, for every collection when the windows' end
//! moves, and after a user collection's stamps change. Both writers hold one advisory lock while they pick and
//! compute, so whichever commits last computed from what the other committed: a replay gives the same rows.

use sqlx::PgConnection;

/// The advisory lock both writers of `collection_stats` hold.
const STATS_LOCK: i64 = 0x0c01_1ec7;

/// Takes the lock of the figures' writers (held until the transaction ends). Call it before picking the
/// collections to compute.
pub async fn lock(tx: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query!("SELECT pg_advisory_xact_lock($1)", STATS_LOCK)
        .execute(tx)
        .await?;
    Ok(())
}

/// Collections whose figures the blocks `hs` may change: those holding a stamp of `repriced` (the stamps whose
/// own figures they changed) or a stamp whose balances they changed, and the SRC-721 collections deployed or
/// minted in them.
pub async fn collections_of_blocks(
    tx: &mut PgConnection,
    hs: &[i64],
    repriced: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT collection_id AS \"collection_id!\" FROM collection_members
         WHERE cpid = ANY($2) OR cpid IN (SELECT asset FROM balance_versions WHERE changed_at = ANY($1))
         UNION SELECT collection_id FROM src721_collections WHERE block_index = ANY($1)
         UNION SELECT collection_id FROM src721_mints WHERE block_index = ANY($1)",
        hs,
        repriced
    )
    .fetch_all(tx)
    .await
}

/// After a block is applied or reverted: computes `touched` again, or every collection when the windows' end
/// (the end of the latest block's hour) moved.
pub async fn refresh_after_block(
    tx: &mut PgConnection,
    touched: &[String],
) -> Result<(), sqlx::Error> {
    rank_rarity(tx, touched).await?;
    let latest: Option<i64> = sqlx::query_scalar!("SELECT max(time) FROM blocks")
        .fetch_one(&mut *tx)
        .await?;
    let anchor = latest.map_or(0, |t| (t.div_euclid(3600) + 1) * 3600);
    let stored = stored_anchor(tx).await?;
    if stored == Some(anchor) {
        return compute(tx, touched, anchor).await;
    }
    sqlx::query!(
        "INSERT INTO collection_stats_anchor (id, anchor) VALUES (TRUE, $1)
         ON CONFLICT (id) DO UPDATE SET anchor = EXCLUDED.anchor",
        anchor
    )
    .execute(&mut *tx)
    .await?;
    let all: Vec<String> = sqlx::query_scalar!(
        "SELECT collection_id AS \"collection_id!\" FROM collection_cards
         UNION SELECT collection_id FROM collection_stats"
    )
    .fetch_all(&mut *tx)
    .await?;
    compute(tx, &all, anchor).await
}

/// Ranks the mints of the SRC-721 collections among `ids` by the rarity of their traits: a mint scores the sum,
/// over its layers, of one over the number of the collection's mints that chose the same stamp in that layer;
/// the highest score ranks 1, ties going to the lower stamp number.
pub async fn rank_rarity(tx: &mut PgConnection, ids: &[String]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "WITH t AS (
             SELECT m.collection_id, m.cpid, m.stamp, e.layer, e.trait
             FROM src721_mints m,
                  jsonb_array_elements_text(m.traits) WITH ORDINALITY AS e(trait, layer)
             WHERE m.collection_id = ANY($1) AND e.trait IS NOT NULL),
         f AS (SELECT collection_id, layer, trait, count(*)::NUMERIC AS n FROM t GROUP BY 1, 2, 3),
         s AS (SELECT t.collection_id, t.cpid, t.stamp, sum(1 / f.n) AS score
               FROM t JOIN f USING (collection_id, layer, trait) GROUP BY 1, 2, 3),
         r AS (SELECT cpid, row_number() OVER (PARTITION BY collection_id ORDER BY score DESC, stamp) AS rank
               FROM s)
         UPDATE stamps SET rarity_rank = r.rank FROM r
         WHERE stamps.cpid = r.cpid AND stamps.rarity_rank IS DISTINCT FROM r.rank",
        ids
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Computes `ids` again with the windows in force (after a user collection changed). Takes the lock.
pub async fn refresh(tx: &mut PgConnection, ids: &[String]) -> Result<(), sqlx::Error> {
    lock(tx).await?;
    let anchor = stored_anchor(tx).await?.unwrap_or(0);
    compute(tx, ids, anchor).await
}

async fn stored_anchor(tx: &mut PgConnection) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("SELECT anchor FROM collection_stats_anchor")
        .fetch_optional(tx)
        .await
}

/// Writes the figures of `ids` for windows ending at `anchor`; a collection that no longer exists loses its row.
async fn compute(tx: &mut PgConnection, ids: &[String], anchor: i64) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "DELETE FROM collection_stats WHERE collection_id = ANY($1)",
        ids
    )
    .execute(&mut *tx)
    .await?;
    // Sums are clamped to the BIGINT range: absurd on-chain prices must not stop the projection (LEAST skips
    // NULLs, so a market cap without any floor stays NULL by the CASE).
    const MAX: &str = "9223372036854775807";
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO collection_stats (collection_id, stamp_count, collector_count, lowest_stamp, highest_stamp,
                                       lowest_time, highest_time, floor_price, total_volume, market_cap,
                                       day_volume, prev_day_volume, week_volume, prev_week_volume,
                                       month_volume, prev_month_volume)
         SELECT k.collection_id, m.n, h.holders, m.lo, m.hi, m.lo_t, m.hi_t, m.floor,
                LEAST(COALESCE(m.vol, 0), {MAX})::BIGINT,
                CASE WHEN m.cap IS NOT NULL THEN LEAST(m.cap, {MAX})::BIGINT END,
                LEAST(v.d, {MAX})::BIGINT, LEAST(v.pd, {MAX})::BIGINT, LEAST(v.w, {MAX})::BIGINT,
                LEAST(v.pw, {MAX})::BIGINT, LEAST(v.mo, {MAX})::BIGINT, LEAST(v.pmo, {MAX})::BIGINT
         FROM (SELECT DISTINCT collection_id FROM collection_cards WHERE collection_id = ANY($1)) k
         CROSS JOIN LATERAL (
             SELECT count(*) AS n, min(s.stamp) AS lo, max(s.stamp) AS hi, min(s.block_time) AS lo_t,
                    max(s.block_time) AS hi_t, min(s.floor_price) AS floor, sum(s.total_volume) AS vol,
                    sum(floor(s.floor_price::NUMERIC * s.supply
                              / CASE WHEN s.divisible THEN 100000000 ELSE 1 END)) AS cap
             FROM (SELECT DISTINCT cpid FROM collection_members WHERE collection_id = k.collection_id) cm
             JOIN stamps s ON s.cpid = cm.cpid) m
         CROSS JOIN LATERAL (
             SELECT count(DISTINCT b.holder) AS holders
             FROM collection_members cm JOIN balances b ON b.asset = cm.cpid
             WHERE cm.collection_id = k.collection_id AND b.quantity > 0 AND b.holder NOT LIKE '%:%') h
         CROSS JOIN LATERAL (
             SELECT COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time >= $2 - 86400), 0) AS d,
                    COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time < $2 - 86400
                                                         AND x.block_time >= $2 - 2 * 86400), 0) AS pd,
                    COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time >= $2 - 7 * 86400), 0) AS w,
                    COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time < $2 - 7 * 86400
                                                         AND x.block_time >= $2 - 14 * 86400), 0) AS pw,
                    COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time >= $2 - 30 * 86400), 0) AS mo,
                    COALESCE(sum(x.btc_amount) FILTER (WHERE x.block_time < $2 - 30 * 86400), 0) AS pmo
             FROM (SELECT DISTINCT cpid FROM collection_members WHERE collection_id = k.collection_id) cm
             JOIN dispenses x ON x.asset = cm.cpid
             WHERE x.block_time >= $2 - 60 * 86400 AND x.block_time < $2) v"
    )))
    .bind(ids)
    .bind(anchor)
    .execute(tx)
    .await?;
    Ok(())
}
