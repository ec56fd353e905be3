//! The indexer's tables (schema `indexer`): one function per query.

use sqlx::{PgConnection, PgPool};

/// A stored block.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BlockRow {
    /// Height.
    pub height: i64,
    /// Hash, display order.
    pub hash: String,
}

/// The highest indexed block.
pub async fn tip(pool: &PgPool) -> Result<Option<BlockRow>, sqlx::Error> {
    sqlx::query_as("SELECT height, hash FROM blocks ORDER BY height DESC LIMIT 1")
        .fetch_optional(pool)
        .await
}

/// Records an indexed block.
pub async fn insert_block(
    tx: &mut PgConnection,
    height: u64,
    hash: &str,
    prev_hash: &str,
    time: u64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO blocks (height, hash, prev_hash, time) VALUES ($1, $2, $3, $4)")
        .bind(to_i64(height))
        .bind(hash)
        .bind(prev_hash)
        .bind(to_i64(time))
        .execute(tx)
        .await?;
    Ok(())
}

/// Deletes every fact of the block at `height` (a reorg's unwind); returns the hash it had.
pub async fn delete_block(
    tx: &mut PgConnection,
    height: u64,
) -> Result<Option<String>, sqlx::Error> {
    let h = to_i64(height);
    sqlx::query("DELETE FROM stamps WHERE block_index = $1")
        .bind(h)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM src20_ops WHERE block_index = $1")
        .bind(h)
        .execute(&mut *tx)
        .await?;
    // Balances go back to what the block found, newest change first.
    let undo: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT tick, address, previous FROM src20_balance_undo WHERE block_index = $1 ORDER BY seq DESC",
    )
    .bind(h)
    .fetch_all(&mut *tx)
    .await?;
    for (tick, address, previous) in undo {
        match previous {
            Some(balance) => {
                sqlx::query(
                    "UPDATE src20_balances SET balance = $3 WHERE tick = $1 AND address = $2",
                )
                .bind(&tick)
                .bind(&address)
                .bind(balance)
                .execute(&mut *tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM src20_balances WHERE tick = $1 AND address = $2")
                    .bind(&tick)
                    .bind(&address)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    sqlx::query("DELETE FROM src20_balance_undo WHERE block_index = $1")
        .bind(h)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM issuances WHERE block_index = $1")
        .bind(h)
        .execute(&mut *tx)
        .await?;
    crate::ledger::unwind_block(&mut *tx, height).await?;
    sqlx::query_scalar("DELETE FROM blocks WHERE height = $1 RETURNING hash")
        .bind(h)
        .fetch_optional(&mut *tx)
        .await
}

/// Records a block's consensus hashes.
pub async fn set_block_hashes(
    tx: &mut PgConnection,
    height: u64,
    hashes: &stamps_protocol::hashes::BlockHashes,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE blocks SET txlist_hash = $2, messages_hash = $3, ledger_hash = $4 WHERE height = $1")
        .bind(to_i64(height))
        .bind(&hashes.txlist_hash)
        .bind(&hashes.messages_hash)
        .bind(&hashes.ledger_hash)
        .execute(tx)
        .await?;
    Ok(())
}

/// Records a block's SRC-20 operations in one statement.
pub async fn insert_src20_ops(
    tx: &mut PgConnection,
    height: u64,
    ops: &[stamps_protocol::block::Src20Op],
) -> Result<(), sqlx::Error> {
    if ops.is_empty() {
        return Ok(());
    }
    let text = |f: &dyn Fn(&stamps_protocol::block::Src20Op) -> Option<String>| {
        ops.iter().map(f).collect::<Vec<Option<String>>>()
    };
    sqlx::query(
        "INSERT INTO src20_ops (tx_hash, block_index, tx_index, op, tick, amt, max, lim, dec, creator,
                                destination, valid, status)
         SELECT t, $2, i, o, k, a, m, l, d, c, de, v, s
         FROM UNNEST($1::TEXT[], $3::INTEGER[], $4::TEXT[], $5::TEXT[], $6::TEXT[], $7::TEXT[], $8::TEXT[],
                     $9::INTEGER[], $10::TEXT[], $11::TEXT[], $12::BOOLEAN[], $13::TEXT[])
              AS u(t, i, o, k, a, m, l, d, c, de, v, s)",
    )
    .bind(ops.iter().map(|o| o.tx_hash.clone()).collect::<Vec<String>>())
    .bind(to_i64(height))
    .bind(ops.iter().map(|o| i32::try_from(o.tx_index).unwrap_or(i32::MAX)).collect::<Vec<i32>>())
    .bind(text(&|o| o.op.clone()))
    .bind(text(&|o| o.tick.clone()))
    .bind(text(&|o| o.amt.clone()))
    .bind(text(&|o| o.max.clone()))
    .bind(text(&|o| o.lim.clone()))
    .bind(ops.iter().map(|o| o.dec.map(|d| i32::try_from(d).unwrap_or(i32::MAX))).collect::<Vec<Option<i32>>>())
    .bind(text(&|o| o.creator.clone()))
    .bind(text(&|o| o.destination.clone()))
    .bind(ops.iter().map(|o| o.valid).collect::<Vec<bool>>())
    .bind(text(&|o| o.status.clone()))
    .execute(tx)
    .await?;
    Ok(())
}

/// Sets the SRC-20 balances a block changed, remembering what each replaced (three statements a block).
pub async fn update_src20_balances(
    tx: &mut PgConnection,
    height: u64,
    updates: &[stamps_protocol::src20::BalanceUpdate],
) -> Result<(), sqlx::Error> {
    if updates.is_empty() {
        return Ok(());
    }
    let ticks: Vec<String> = updates.iter().map(|u| u.tick.clone()).collect();
    let addresses: Vec<String> = updates.iter().map(|u| u.address.clone()).collect();
    let seqs: Vec<i32> = (0..updates.len())
        .map(|i| i32::try_from(i).unwrap_or(i32::MAX))
        .collect();
    sqlx::query(
        "INSERT INTO src20_balance_undo (block_index, seq, tick, address, previous)
         SELECT $1, u.seq, u.tick, u.address, b.balance
         FROM UNNEST($2::INTEGER[], $3::TEXT[], $4::TEXT[]) AS u(seq, tick, address)
         LEFT JOIN src20_balances b ON b.tick = u.tick AND b.address = u.address",
    )
    // Planned for each block's own arrays and the table as it is now: a plan kept from the first blocks, when
    // the table was nearly empty, would hash the whole table for every block once it has grown.
    .persistent(false)
    .bind(to_i64(height))
    .bind(&seqs)
    .bind(&ticks)
    .bind(&addresses)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO src20_balances (tick, address, balance)
         SELECT * FROM UNNEST($1::TEXT[], $2::TEXT[], $3::TEXT[])
         ON CONFLICT (tick, address) DO UPDATE SET balance = EXCLUDED.balance",
    )
    .bind(&ticks)
    .bind(&addresses)
    .bind(
        updates
            .iter()
            .map(|u| u.new_total.to_string())
            .collect::<Vec<String>>(),
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The hash of the indexed block at `height`, if there is one.
pub async fn block_hash(pool: &PgPool, height: u64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT hash FROM blocks WHERE height = $1")
        .bind(to_i64(height))
        .fetch_optional(pool)
        .await
}

/// A stamp to record.
#[derive(Debug)]
pub struct StampRow {
    /// Number.
    pub stamp: i64,
    /// Asset name.
    pub cpid: String,
    /// Txid.
    pub tx_hash: String,
    /// Height.
    pub block_index: u64,
    /// Position in the block.
    pub tx_index: u32,
    /// Issuer (empty when unknown).
    pub creator: String,
    /// Supply, base units.
    pub supply: u64,
    /// Divisible flag.
    pub divisible: bool,
    /// Lock flag.
    pub locked: bool,
    /// Keyburn.
    pub keyburn: bool,
    /// Ident.
    pub ident: String,
    /// Cursed.
    pub is_cursed: bool,
    /// MIME type.
    pub mimetype: String,
    /// File hash (empty when there is no file).
    pub file_sha256: String,
    /// File size.
    pub file_size: u64,
    /// Stamp hash.
    pub stamp_hash: String,
    /// Subasset long name.
    pub asset_longname: Option<String>,
}

/// Records a block's stamps in one statement.
pub async fn insert_stamps(tx: &mut PgConnection, rows: &[StampRow]) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let col = |f: &dyn Fn(&StampRow) -> String| rows.iter().map(f).collect::<Vec<String>>();
    sqlx::query(
        "INSERT INTO stamps (stamp, cpid, tx_hash, block_index, tx_index, creator, supply, divisible, locked, keyburn,
                             ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname)
         SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::BIGINT[], $5::INTEGER[], $6::TEXT[],
                              $7::NUMERIC[], $8::BOOLEAN[], $9::BOOLEAN[], $10::BOOLEAN[], $11::TEXT[], $12::BOOLEAN[],
                              $13::TEXT[], $14::TEXT[], $15::BIGINT[], $16::TEXT[], $17::TEXT[])",
    )
    .bind(rows.iter().map(|r| r.stamp).collect::<Vec<i64>>())
    .bind(col(&|r| r.cpid.clone()))
    .bind(col(&|r| r.tx_hash.clone()))
    .bind(rows.iter().map(|r| to_i64(r.block_index)).collect::<Vec<i64>>())
    .bind(rows.iter().map(|r| i32::try_from(r.tx_index).unwrap_or(i32::MAX)).collect::<Vec<i32>>())
    .bind(col(&|r| r.creator.clone()))
    .bind(col(&|r| r.supply.to_string()))
    .bind(rows.iter().map(|r| r.divisible).collect::<Vec<bool>>())
    .bind(rows.iter().map(|r| r.locked).collect::<Vec<bool>>())
    .bind(rows.iter().map(|r| r.keyburn).collect::<Vec<bool>>())
    .bind(col(&|r| r.ident.clone()))
    .bind(rows.iter().map(|r| r.is_cursed).collect::<Vec<bool>>())
    .bind(col(&|r| r.mimetype.clone()))
    .bind(col(&|r| r.file_sha256.clone()))
    .bind(rows.iter().map(|r| to_i64(r.file_size)).collect::<Vec<i64>>())
    .bind(col(&|r| r.stamp_hash.clone()))
    .bind(rows.iter().map(|r| r.asset_longname.clone()).collect::<Vec<Option<String>>>())
    .execute(tx)
    .await?;
    Ok(())
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}
