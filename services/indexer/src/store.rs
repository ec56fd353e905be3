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

/// Records a block's SRC-20 operations.
pub async fn insert_src20_ops(
    tx: &mut PgConnection,
    height: u64,
    ops: &[stamps_protocol::block::Src20Op],
) -> Result<(), sqlx::Error> {
    for o in ops {
        sqlx::query(
            "INSERT INTO src20_ops (tx_hash, block_index, tx_index, op, tick, amt, max, lim, dec, creator,
                                    destination, valid, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(&o.tx_hash)
        .bind(to_i64(height))
        .bind(i64::try_from(o.tx_index).unwrap_or(i64::MAX))
        .bind(&o.op)
        .bind(&o.tick)
        .bind(&o.amt)
        .bind(&o.max)
        .bind(&o.lim)
        .bind(o.dec.map(|d| i32::try_from(d).unwrap_or(i32::MAX)))
        .bind(&o.creator)
        .bind(&o.destination)
        .bind(o.valid)
        .bind(&o.status)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Sets the SRC-20 balances a block changed, remembering what each replaced.
pub async fn update_src20_balances(
    tx: &mut PgConnection,
    height: u64,
    updates: &[stamps_protocol::src20::BalanceUpdate],
) -> Result<(), sqlx::Error> {
    for (seq, u) in updates.iter().enumerate() {
        let previous: Option<String> = sqlx::query_scalar(
            "SELECT balance FROM src20_balances WHERE tick = $1 AND address = $2",
        )
        .bind(&u.tick)
        .bind(&u.address)
        .fetch_optional(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO src20_balance_undo (block_index, seq, tick, address, previous) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(to_i64(height))
        .bind(i32::try_from(seq).unwrap_or(i32::MAX))
        .bind(&u.tick)
        .bind(&u.address)
        .bind(previous)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO src20_balances (tick, address, balance) VALUES ($1, $2, $3)
             ON CONFLICT (tick, address) DO UPDATE SET balance = EXCLUDED.balance",
        )
        .bind(&u.tick)
        .bind(&u.address)
        .bind(u.new_total.to_string())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// The hash of the indexed block at `height`, if there is one.
pub async fn block_hash(pool: &PgPool, height: u64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT hash FROM blocks WHERE height = $1")
        .bind(to_i64(height))
        .fetch_optional(pool)
        .await
}

/// An asset's state as its valid issuances so far make it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AssetState {
    /// The address that first issued it.
    pub issuer: String,
    /// Whether it is divisible.
    pub divisible: bool,
    /// Whether its supply is locked.
    pub locked: bool,
    /// Total issued, base units, as Postgres prints the exact sum.
    pub supply: String,
}

impl AssetState {
    /// The supply as an integer (`None` when it exceeds `u64`).
    pub fn supply(&self) -> Option<u64> {
        self.supply.parse().ok()
    }
}

/// The state of `asset`, or `None` when it has no valid issuance yet.
pub async fn asset_state(
    tx: &mut PgConnection,
    asset: &str,
) -> Result<Option<AssetState>, sqlx::Error> {
    sqlx::query_as(
        "SELECT
            (array_agg(source ORDER BY block_index, tx_index))[1] AS issuer,
            (array_agg(divisible ORDER BY block_index, tx_index))[1] AS divisible,
            bool_or(locked) AS locked,
            sum(quantity)::TEXT AS supply
         FROM issuances WHERE asset = $1 AND status = 'valid'
         HAVING count(*) > 0",
    )
    .bind(asset)
    .fetch_optional(tx)
    .await
}

/// An issuance to record.
#[derive(Debug)]
pub struct NewIssuance<'a> {
    /// Txid.
    pub tx_hash: &'a str,
    /// Height.
    pub block_index: u64,
    /// Position in the block.
    pub tx_index: u32,
    /// Asset name.
    pub asset: &'a str,
    /// Subasset long name.
    pub asset_longname: Option<&'a str>,
    /// Issuer address.
    pub source: &'a str,
    /// Quantity, base units.
    pub quantity: u64,
    /// Divisible flag.
    pub divisible: bool,
    /// Lock flag.
    pub locked: bool,
    /// Reset flag.
    pub reset: bool,
    /// Description (`None`: keep the previous one).
    pub description: Option<&'a str>,
    /// `valid` or `invalid: <reason>`.
    pub status: &'a str,
}

/// Records an issuance.
pub async fn insert_issuance(
    tx: &mut PgConnection,
    i: &NewIssuance<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO issuances (tx_hash, block_index, tx_index, asset, asset_longname, source, quantity, divisible,
                                locked, reset, description, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7::NUMERIC, $8, $9, $10, $11, $12)",
    )
    .bind(i.tx_hash)
    .bind(to_i64(i.block_index))
    .bind(i64::from(i.tx_index))
    .bind(i.asset)
    .bind(i.asset_longname)
    .bind(i.source)
    .bind(i.quantity.to_string())
    .bind(i.divisible)
    .bind(i.locked)
    .bind(i.reset)
    .bind(i.description)
    .bind(i.status)
    .execute(tx)
    .await?;
    Ok(())
}

/// Whether a stamp already uses `cpid` (a second issuance of it is a reissue, not a stamp).
pub async fn stamp_exists(tx: &mut PgConnection, cpid: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM stamps WHERE cpid = $1)")
        .bind(cpid)
        .fetch_one(tx)
        .await
}

/// The next blessed (`MAX + 1`, first 0) or cursed (`MIN - 1`, first -1) stamp number.
pub async fn next_stamp_number(tx: &mut PgConnection, cursed: bool) -> Result<i64, sqlx::Error> {
    let sql = if cursed {
        "SELECT COALESCE(MIN(stamp), 0) - 1 FROM stamps WHERE stamp < 0"
    } else {
        "SELECT COALESCE(MAX(stamp), -1) + 1 FROM stamps WHERE stamp >= 0"
    };
    sqlx::query_scalar(sql).fetch_one(tx).await
}

/// A stamp to record.
#[derive(Debug)]
pub struct NewStamp<'a> {
    /// Number.
    pub stamp: i64,
    /// Asset name.
    pub cpid: &'a str,
    /// Txid.
    pub tx_hash: &'a str,
    /// Height.
    pub block_index: u64,
    /// Position in the block.
    pub tx_index: u32,
    /// Issuer.
    pub creator: &'a str,
    /// Supply, base units.
    pub supply: u64,
    /// Divisible flag.
    pub divisible: bool,
    /// Lock flag.
    pub locked: bool,
    /// Keyburn.
    pub keyburn: bool,
    /// Ident.
    pub ident: &'a str,
    /// Cursed.
    pub is_cursed: bool,
    /// MIME type.
    pub mimetype: &'a str,
    /// File hash (empty when the base64 did not decode).
    pub file_sha256: &'a str,
    /// File size.
    pub file_size: u64,
    /// Stamp hash.
    pub stamp_hash: &'a str,
    /// Subasset long name.
    pub asset_longname: Option<&'a str>,
}

/// Records a stamp.
pub async fn insert_stamp(tx: &mut PgConnection, s: &NewStamp<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stamps (stamp, cpid, tx_hash, block_index, tx_index, creator, supply, divisible, locked, keyburn,
                             ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname)
         VALUES ($1, $2, $3, $4, $5, $6, $7::NUMERIC, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(s.stamp)
    .bind(s.cpid)
    .bind(s.tx_hash)
    .bind(to_i64(s.block_index))
    .bind(i64::from(s.tx_index))
    .bind(s.creator)
    .bind(s.supply.to_string())
    .bind(s.divisible)
    .bind(s.locked)
    .bind(s.keyburn)
    .bind(s.ident)
    .bind(s.is_cursed)
    .bind(s.mimetype)
    .bind(s.file_sha256)
    .bind(to_i64(s.file_size))
    .bind(s.stamp_hash)
    .bind(s.asset_longname)
    .execute(tx)
    .await?;
    Ok(())
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}
