//! Events to catalogue rows: the only writer of the chain's read models.
//!
//! - here: the CHAIN stream's projection: blocks, stamps, reverts, and when to compute [`crate::figures`];
//! - [`chain_ops`]: the Counterparty and SRC-20 ops of a block as event rows and versioned state;
//! - [`src721`]: SRC-721 deploys and mints as collections and their stamps;
//! - [`bulk`]: typed rows written in one statement per table, and versioned state with its revert;
//! - [`people`]: the USERS and COLLECTIONS streams (profiles, wishlists, user collections).
//!
//! The CHAIN projection is idempotent: a block already applied (same height and hash) is skipped, a stamp
//! already present is left as it is, and a revert of a block the catalogue does not hold does nothing. A revert deletes
//! the block's event rows
//! and puts back the state its changes replaced.
//!
//! Derived figures (ticks, stamps' markets, collectors, collections, fairminters) are not computed per block:
//! each block marks the keys it touched in `derived_dirty`, and [`Projection::finish`] computes them once for
//! every block of the transaction, so catching up many blocks costs one computation per key, not one per block.

use prost::Message;
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_proto::events::v1::{BlockIndexed, BlockReverted, StampCreated, op};

pub mod bulk;
pub mod chain_ops;
pub mod people;
pub mod src721;

use chain_ops::ChainOps;

/// The projection of the CHAIN stream.
#[derive(Debug, Default, Clone, Copy)]
pub struct ChainProjection;

/// The durable consumer name of this projection.
pub const CONSUMER: &str = "catalogue-chain";

impl Projection for ChainProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        match subject {
            "chain.block.indexed" => {
                let event = BlockIndexed::decode(payload)
                    .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
                apply_indexed(tx, &event).await
            }
            "chain.block.reverted" => {
                let event = BlockReverted::decode(payload)
                    .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
                apply_reverted(tx, &event).await
            }
            other => {
                tracing::debug!(
                    subject = other,
                    "chain event not projected by the catalogue"
                );
                Ok(())
            }
        }
    }

    async fn finish(&self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        refresh_derived(tx).await?;
        Ok(())
    }
}

/// The kinds of keys whose figures wait in `derived_dirty`, in the order they are computed: a stamp's market
/// figures read its asset; a collector's read the stamps' floors; a collection's read both. An applied block
/// waits as its height, expanded into the keys it touched when the transaction finishes (one query per kind
/// for all its blocks); a reverted block's keys are marked before its rows go.
#[derive(Debug, Clone, Copy)]
enum Derived {
    Block,
    Tick,
    Stamp,
    Address,
    Collection,
    Fairminter,
}

impl Derived {
    fn key(self) -> &'static str {
        match self {
            Self::Block => "block",
            Self::Tick => "tick",
            Self::Stamp => "stamp",
            Self::Address => "address",
            Self::Collection => "collection",
            Self::Fairminter => "fairminter",
        }
    }
}

/// Marks `keys` of `kind` for computation when the transaction finishes.
async fn mark(tx: &mut PgConnection, kind: Derived, keys: &[String]) -> Result<(), sqlx::Error> {
    if keys.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO derived_dirty (kind, key) SELECT $1, unnest($2::TEXT[]) ON CONFLICT DO NOTHING",
    )
    .bind(kind.key())
    .bind(keys)
    .execute(tx)
    .await?;
    Ok(())
}

/// Takes the marked keys of `kind`.
async fn take(tx: &mut PgConnection, kind: Derived) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("DELETE FROM derived_dirty WHERE kind = $1 RETURNING key")
        .bind(kind.key())
        .fetch_all(tx)
        .await
}

/// Marks what the blocks `hs` touched (call it while their rows are present).
async fn mark_blocks(tx: &mut PgConnection, hs: &[i64]) -> Result<(), sqlx::Error> {
    if hs.is_empty() {
        return Ok(());
    }
    let ticks = crate::figures::src20::ticks_of_blocks(tx, hs).await?;
    mark(tx, Derived::Tick, &ticks).await?;
    let stamps = crate::figures::market::stamps_of_blocks(tx, hs).await?;
    mark(tx, Derived::Stamp, &stamps).await?;
    let addresses = crate::figures::collectors::addresses_of_blocks(tx, hs, &stamps).await?;
    mark(tx, Derived::Address, &addresses).await?;
    crate::figures::collections::lock(tx).await?;
    let collections = crate::figures::collections::collections_of_blocks(tx, hs, &stamps).await?;
    mark(tx, Derived::Collection, &collections).await?;
    let fairminters = crate::figures::fairminters::fairminters_of_blocks(tx, hs).await?;
    mark(tx, Derived::Fairminter, &fairminters).await
}

/// Computes the figures of every marked key, and the collections' windows when they moved.
async fn refresh_derived(tx: &mut PgConnection) -> Result<(), sqlx::Error> {
    let heights: Vec<i64> = take(tx, Derived::Block)
        .await?
        .iter()
        .filter_map(|h| h.parse().ok())
        .collect();
    mark_blocks(tx, &heights).await?;
    let ticks = take(tx, Derived::Tick).await?;
    crate::figures::src20::refresh(tx, &ticks).await?;
    let stamps = take(tx, Derived::Stamp).await?;
    crate::figures::market::refresh(tx, &stamps).await?;
    let addresses = take(tx, Derived::Address).await?;
    crate::figures::collectors::refresh(tx, &addresses).await?;
    crate::figures::collections::lock(tx).await?;
    let collections = take(tx, Derived::Collection).await?;
    crate::figures::collections::refresh_after_block(tx, &collections).await?;
    let fairminters = take(tx, Derived::Fairminter).await?;
    crate::figures::fairminters::refresh(tx, &fairminters).await
}

fn height(v: u64) -> Result<i64, ProjectionError> {
    i64::try_from(v).map_err(|_| ProjectionError::Malformed(format!("height {v} out of range")))
}

async fn apply_indexed(tx: &mut PgConnection, e: &BlockIndexed) -> Result<(), ProjectionError> {
    let h = height(e.height)?;
    let existing: Option<String> = sqlx::query_scalar("SELECT hash FROM blocks WHERE height = $1")
        .bind(h)
        .fetch_optional(&mut *tx)
        .await?;
    if e.part > 0 {
        // A later part of a block: its first part created the block row.
        if existing.as_deref() != Some(e.hash.as_str()) {
            return Err(ProjectionError::Malformed(format!(
                "part {} of block {} without its first part",
                e.part, e.hash
            )));
        }
        return apply_ops(tx, e, h).await;
    }
    match existing {
        Some(hash) if hash == e.hash => return Ok(()),
        // A block at this height we never saw reverted: undo it first, as a revert would.
        Some(_) => revert_height(tx, h).await?,
        None => {}
    }
    sqlx::query("INSERT INTO blocks (height, hash, time) VALUES ($1, $2, $3)")
        .bind(h)
        .bind(&e.hash)
        .bind(height(e.time)?)
        .execute(&mut *tx)
        .await?;
    apply_ops(tx, e, h).await
}

async fn apply_ops(tx: &mut PgConnection, e: &BlockIndexed, h: i64) -> Result<(), ProjectionError> {
    let time = height(e.time)?;
    let mut ops = ChainOps::new(h, time);
    for (i, op) in e.ops.iter().enumerate() {
        // An op's position in its block, across the parts of a large block.
        let seq = (i64::from(e.part) << 32) | i64::try_from(i).unwrap_or(i64::MAX >> 32);
        match &op.op {
            Some(op::Op::StampCreated(s)) => insert_stamp(tx, s, h, time).await?,
            Some(other) => ops.push(seq, other)?,
            None => return Err(ProjectionError::Malformed("empty op".into())),
        }
    }
    ops.write(tx).await?;
    crate::pending::settle(tx, h).await?;
    crate::figures::src20::number_ops(tx, h).await?;
    crate::figures::src20::count_mints(tx, h).await?;
    mark(tx, Derived::Block, &[h.to_string()]).await?;
    Ok(())
}

async fn insert_stamp(
    tx: &mut PgConnection,
    s: &StampCreated,
    block: i64,
    time: i64,
) -> Result<(), ProjectionError> {
    if s.supply.parse::<u64>().is_err() {
        return Err(ProjectionError::Malformed(format!(
            "stamp {} has supply {:?}",
            s.cpid, s.supply
        )));
    }
    sqlx::query(
        "INSERT INTO stamps (cpid, stamp, block_index, block_time, tx_hash, tx_index, creator, supply, divisible,
                             locked, keyburn, ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash,
                             asset_longname, encoding, file_suffix, src_data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::NUMERIC, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
                 $20, $21)
         ON CONFLICT (cpid) DO NOTHING",
    )
    .bind(&s.cpid)
    .bind(s.stamp)
    .bind(block)
    .bind(time)
    .bind(&s.tx_hash)
    .bind(i64::from(s.tx_index))
    .bind(&s.creator)
    .bind(&s.supply)
    .bind(s.divisible)
    .bind(s.locked)
    .bind(s.keyburn)
    .bind(&s.ident)
    .bind(s.is_cursed)
    .bind(&s.mimetype)
    .bind(&s.file_sha256)
    .bind(i64::try_from(s.file_size).unwrap_or(i64::MAX))
    .bind(&s.stamp_hash)
    .bind(&s.asset_longname)
    .bind(&s.encoding)
    .bind(&s.file_suffix)
    .bind(&s.src_data)
    .execute(&mut *tx)
    .await?;
    if s.ident == "SRC-721" && !s.src_data.is_empty() {
        crate::projection::src721::record_src721(
            tx,
            &s.cpid,
            s.stamp,
            &s.creator,
            block,
            &s.src_data,
        )
        .await?;
    }
    Ok(())
}

async fn apply_reverted(tx: &mut PgConnection, e: &BlockReverted) -> Result<(), ProjectionError> {
    let h = height(e.height)?;
    let existing: Option<String> = sqlx::query_scalar("SELECT hash FROM blocks WHERE height = $1")
        .bind(h)
        .fetch_optional(&mut *tx)
        .await?;
    if existing.as_deref() == Some(e.hash.as_str()) {
        revert_height(tx, h).await?;
    }
    Ok(())
}

async fn revert_height(tx: &mut PgConnection, h: i64) -> Result<(), sqlx::Error> {
    mark_blocks(tx, &[h]).await?;
    for table in chain_ops::EVENT_TABLES {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE block_index = $1"
        )))
        .bind(h)
        .execute(&mut *tx)
        .await?;
    }
    for table in chain_ops::VERSIONED {
        table.revert(&mut *tx, h).await?;
    }
    sqlx::query("DELETE FROM blocks WHERE height = $1")
        .bind(h)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
