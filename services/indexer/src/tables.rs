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
        "SELECT tick, address, previous FROM src20_balance_undo WHERE block_index = $1 ORDER BY seq",
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
    crate::ledger_db::unwind_block(&mut *tx, height).await?;
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
    let text = |f: &dyn Fn(&stamps_protocol::block::Src20Op) -> &Option<String>| {
        ops.iter()
            .map(|o| f(o).as_deref())
            .collect::<Vec<Option<&str>>>()
    };
    sqlx::query(
        "INSERT INTO src20_ops (tx_hash, block_index, tx_index, op, tick, amt, max, lim, dec, creator,
                                destination, valid, status)
         SELECT t, $2, i, o, k, a, m, l, d, c, de, v, s
         FROM UNNEST($1::TEXT[], $3::INTEGER[], $4::TEXT[], $5::TEXT[], $6::TEXT[], $7::TEXT[], $8::TEXT[],
                     $9::INTEGER[], $10::TEXT[], $11::TEXT[], $12::BOOLEAN[], $13::TEXT[])
              AS u(t, i, o, k, a, m, l, d, c, de, v, s)",
    )
    .bind(ops.iter().map(|o| o.tx_hash.as_str()).collect::<Vec<&str>>())
    .bind(to_i64(height))
    .bind(ops.iter().map(|o| i32::try_from(o.tx_index).unwrap_or(i32::MAX)).collect::<Vec<i32>>())
    .bind(text(&|o| &o.op))
    .bind(text(&|o| &o.tick))
    .bind(text(&|o| &o.amt))
    .bind(text(&|o| &o.max))
    .bind(text(&|o| &o.lim))
    .bind(ops.iter().map(|o| o.dec.map(|d| i32::try_from(d).unwrap_or(i32::MAX))).collect::<Vec<Option<i32>>>())
    .bind(text(&|o| &o.creator))
    .bind(text(&|o| &o.destination))
    .bind(ops.iter().map(|o| o.valid).collect::<Vec<bool>>())
    .bind(text(&|o| &o.status))
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
    let ticks: Vec<&str> = updates.iter().map(|u| u.tick.as_str()).collect();
    let addresses: Vec<&str> = updates.iter().map(|u| u.address.as_str()).collect();
    let seqs: Vec<i32> = (0..updates.len())
        .map(|i| i32::try_from(i).unwrap_or(i32::MAX))
        .collect();
    let balances: Vec<String> = updates.iter().map(|u| u.new_total.to_string()).collect();
    // What each key held is looked up key by key: a correlated subquery is an index probe per row, where a join
    // could be planned from statistics taken while the table was small as a hash of the whole table, every block.
    sqlx::query(
        "INSERT INTO src20_balance_undo (block_index, seq, tick, address, previous, balance, change)
         SELECT $1, u.seq, u.tick, u.address,
                (SELECT b.balance FROM src20_balances b WHERE b.tick = u.tick AND b.address = u.address),
                u.balance, u.change
         FROM UNNEST($2::INTEGER[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::TEXT[])
              AS u(seq, tick, address, balance, change)",
    )
    .bind(to_i64(height))
    .bind(&seqs)
    .bind(&ticks)
    .bind(&addresses)
    .bind(&balances)
    .bind(
        updates
            .iter()
            .map(|u| u.net_change.to_string())
            .collect::<Vec<String>>(),
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO src20_balances (tick, address, balance)
         SELECT * FROM UNNEST($1::TEXT[], $2::TEXT[], $3::TEXT[])
         ON CONFLICT (tick, address) DO UPDATE SET balance = EXCLUDED.balance",
    )
    .bind(&ticks)
    .bind(&addresses)
    .bind(&balances)
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

/// The hashes of the indexed blocks from `from` to `to`.
pub async fn block_hashes(
    conn: &mut PgConnection,
    from: u64,
    to: u64,
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    let hashes: Vec<String> =
        sqlx::query_scalar("SELECT hash FROM blocks WHERE height BETWEEN $1 AND $2")
            .bind(to_i64(from))
            .bind(to_i64(to))
            .fetch_all(conn)
            .await?;
    Ok(hashes.into_iter().collect())
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
    /// How the file travelled (multisig, olga, op_return).
    pub encoding: String,
    /// The file's kind (`png`, `svg`, `bmn`, ...).
    pub file_suffix: String,
    /// An SRC-721 stamp's JSON as the reference stores it, else empty.
    pub src_data: String,
}

/// Records a block's stamps in one statement.
pub async fn insert_stamps(tx: &mut PgConnection, rows: &[StampRow]) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let col = |f: &dyn Fn(&StampRow) -> &str| rows.iter().map(f).collect::<Vec<&str>>();
    sqlx::query(
        "INSERT INTO stamps (stamp, cpid, tx_hash, block_index, tx_index, creator, supply, divisible, locked, keyburn,
                             ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname,
                             encoding, file_suffix, src_data)
         SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::BIGINT[], $5::INTEGER[], $6::TEXT[],
                              $7::NUMERIC[], $8::BOOLEAN[], $9::BOOLEAN[], $10::BOOLEAN[], $11::TEXT[], $12::BOOLEAN[],
                              $13::TEXT[], $14::TEXT[], $15::BIGINT[], $16::TEXT[], $17::TEXT[], $18::TEXT[],
                              $19::TEXT[], $20::TEXT[])",
    )
    .bind(rows.iter().map(|r| r.stamp).collect::<Vec<i64>>())
    .bind(col(&|r| &r.cpid))
    .bind(col(&|r| &r.tx_hash))
    .bind(rows.iter().map(|r| to_i64(r.block_index)).collect::<Vec<i64>>())
    .bind(rows.iter().map(|r| i32::try_from(r.tx_index).unwrap_or(i32::MAX)).collect::<Vec<i32>>())
    .bind(col(&|r| &r.creator))
    .bind(rows.iter().map(|r| r.supply.to_string()).collect::<Vec<String>>())
    .bind(rows.iter().map(|r| r.divisible).collect::<Vec<bool>>())
    .bind(rows.iter().map(|r| r.locked).collect::<Vec<bool>>())
    .bind(rows.iter().map(|r| r.keyburn).collect::<Vec<bool>>())
    .bind(col(&|r| &r.ident))
    .bind(rows.iter().map(|r| r.is_cursed).collect::<Vec<bool>>())
    .bind(col(&|r| &r.mimetype))
    .bind(col(&|r| &r.file_sha256))
    .bind(rows.iter().map(|r| to_i64(r.file_size)).collect::<Vec<i64>>())
    .bind(col(&|r| &r.stamp_hash))
    .bind(rows.iter().map(|r| r.asset_longname.as_deref()).collect::<Vec<Option<&str>>>())
    .bind(col(&|r| &r.encoding))
    .bind(col(&|r| &r.file_suffix))
    .bind(col(&|r| &r.src_data))
    .execute(tx)
    .await?;
    Ok(())
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// What a block's `BlockIndexed` is built from, as its transaction committed it.
pub struct BlockFacts {
    /// Height.
    pub height: u64,
    /// The parent's hash.
    pub prev_hash: String,
    /// Header time.
    pub time: u64,
    /// The bootstrap snapshot's balances when it is the first indexed block (its event carries them), else
    /// none.
    pub bootstrap: Vec<stamps_protocol::counterparty::rules::BootstrapBalance>,
    /// Its stamps in block order.
    pub stamps: Vec<stamps_proto::events::v1::StampCreated>,
    /// Its SRC-20 operations in block order.
    pub src20: Vec<stamps_proto::events::v1::Src20Operation>,
    /// The SRC-20 balances it set, in order.
    pub src20_balances: Vec<stamps_proto::events::v1::Src20BalanceChanged>,
    /// Its Counterparty verdicts and ledger effects.
    pub ledger: crate::ledger_db::BlockLedger,
}

/// The facts of the indexed block with hash `hash`, or `None` when no indexed block has it.
pub async fn block_facts(
    conn: &mut PgConnection,
    hash: &str,
) -> Result<Option<BlockFacts>, sqlx::Error> {
    use stamps_proto::events::v1 as pb;
    let Some((height, prev_hash, time, first)): Option<(i64, String, i64, bool)> = sqlx::query_as(
        "SELECT height, prev_hash, time, height = (SELECT MIN(height) FROM blocks) FROM blocks WHERE hash = $1",
    )
    .bind(hash)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let stamps: Vec<StampFacts> = sqlx::query_as(
        "SELECT stamp, cpid, tx_hash, tx_index, creator, supply::TEXT AS supply, divisible, locked, keyburn, ident,
                is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname, encoding, file_suffix,
                src_data
         FROM stamps WHERE block_index = $1 ORDER BY tx_index, stamp DESC",
    )
    .bind(height)
    .fetch_all(&mut *conn)
    .await?;
    type Src20Row = (
        String,
        i32,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<i32>,
        Option<String>,
        Option<String>,
        bool,
        Option<String>,
    );
    let src20: Vec<Src20Row> = sqlx::query_as(
        "SELECT tx_hash, tx_index, op, tick, amt, max, lim, dec, creator, destination, valid, status
         FROM src20_ops WHERE block_index = $1 ORDER BY tx_index",
    )
    .bind(height)
    .fetch_all(&mut *conn)
    .await?;
    let balances: Vec<(String, String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT tick, address, balance, change FROM src20_balance_undo WHERE block_index = $1 ORDER BY seq",
    )
    .bind(height)
    .fetch_all(&mut *conn)
    .await?;
    let ledger = crate::ledger_db::block_ledger(&mut *conn, height).await?;
    let bootstrap = if first {
        let snapshot: Option<sqlx::types::Json<stamps_protocol::counterparty::rules::Bootstrap>> =
            sqlx::query_scalar("SELECT snapshot FROM ledger_bootstrap")
                .fetch_optional(&mut *conn)
                .await?;
        snapshot.map(|s| s.0.balances).unwrap_or_default()
    } else {
        Vec::new()
    };
    let unsigned = |v: i64| u64::try_from(v).unwrap_or(0);
    let position = |v: i32| u32::try_from(v).unwrap_or(0);
    Ok(Some(BlockFacts {
        height: unsigned(height),
        prev_hash,
        time: unsigned(time),
        bootstrap,
        stamps: stamps
            .into_iter()
            .map(|s| pb::StampCreated {
                stamp: s.stamp,
                cpid: s.cpid,
                tx_hash: s.tx_hash,
                tx_index: position(s.tx_index),
                creator: s.creator,
                supply: s.supply,
                divisible: s.divisible,
                locked: s.locked,
                keyburn: s.keyburn,
                ident: s.ident,
                is_cursed: s.is_cursed,
                mimetype: s.mimetype,
                file_sha256: s.file_sha256,
                file_size: unsigned(s.file_size),
                stamp_hash: s.stamp_hash,
                asset_longname: s.asset_longname.unwrap_or_default(),
                encoding: s.encoding,
                file_suffix: s.file_suffix,
                src_data: s.src_data,
            })
            .collect(),
        src20: src20
            .into_iter()
            .map(
                |(
                    tx_hash,
                    tx_index,
                    op,
                    tick,
                    amt,
                    max,
                    lim,
                    dec,
                    creator,
                    destination,
                    valid,
                    status,
                )| {
                    pb::Src20Operation {
                        tx_hash,
                        tx_index: position(tx_index),
                        op: op.unwrap_or_default(),
                        tick: tick.unwrap_or_default(),
                        amt: amt.unwrap_or_default(),
                        max: max.unwrap_or_default(),
                        lim: lim.unwrap_or_default(),
                        dec: dec.map(|d| u32::try_from(d).unwrap_or(0)),
                        creator: creator.unwrap_or_default(),
                        destination: destination.unwrap_or_default(),
                        valid,
                        status: status.unwrap_or_default(),
                    }
                },
            )
            .collect(),
        src20_balances: balances
            .into_iter()
            .map(|(tick, address, balance, change)| pb::Src20BalanceChanged {
                tick,
                address,
                balance: balance.unwrap_or_default(),
                change: change.unwrap_or_default(),
            })
            .collect(),
        ledger,
    }))
}

#[derive(sqlx::FromRow)]
struct StampFacts {
    stamp: i64,
    cpid: String,
    tx_hash: String,
    tx_index: i32,
    creator: String,
    supply: String,
    divisible: bool,
    locked: bool,
    keyburn: bool,
    ident: String,
    is_cursed: bool,
    mimetype: String,
    file_sha256: String,
    file_size: i64,
    stamp_hash: String,
    asset_longname: Option<String>,
    encoding: String,
    file_suffix: String,
    src_data: String,
}
