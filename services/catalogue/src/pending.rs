//! The MEMPOOL projection: the pending view, kept apart from the confirmed read models in the `pending_*` tables.
//! Each `mempool.changed` replaces what is known of the transactions it names, drops those gone, and (when
//! `complete`) every other one. A transaction the confirmed ledger already holds is not taken again: the CHAIN
//! projection drops a transaction's pending rows with the block that confirms it ([`settle`]), and a late message
//! must not bring them back.

use prost::Message;
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_platform::db::storable;
use stamps_proto::events::subjects::MEMPOOL_CHANGED;
use stamps_proto::events::v1::{MempoolChanged, PendingTx};

/// The durable consumer of MEMPOOL.
pub const MEMPOOL_CONSUMER: &str = "catalogue-mempool";

/// Projects `mempool.changed` into the `pending_*` tables.
pub struct PendingProjection;

/// A signed whole number or exact decimal as Postgres takes it (`NUMERIC`), or `None`.
fn numeric(text: &str) -> Option<&str> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let ok = !whole.is_empty()
        && whole.len() <= 40
        && fraction.len() <= 40
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit());
    ok.then_some(text)
}

fn malformed(what: &str, value: &str) -> ProjectionError {
    ProjectionError::Malformed(format!("pending {what}: {value:?} is not a number"))
}

impl Projection for PendingProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        if subject != MEMPOOL_CHANGED {
            tracing::debug!(subject, "mempool event not projected by the catalogue");
            return Ok(());
        }
        let e = MempoolChanged::decode(payload)
            .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
        if e.complete {
            let still: Vec<&str> = e
                .kept
                .iter()
                .chain(e.upserted.iter().map(|p| &p.txid))
                .map(String::as_str)
                .collect();
            sqlx::query("DELETE FROM pending_txs WHERE txid <> ALL($1)")
                .bind(&still)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM pending_txs WHERE txid = ANY($1)")
            .bind(&e.removed)
            .execute(&mut *tx)
            .await?;
        for p in &e.upserted {
            upsert(tx, p).await?;
        }
        Ok(())
    }
}

/// Replaces what is known of `p`, unless a block already confirmed it.
async fn upsert(tx: &mut PgConnection, p: &PendingTx) -> Result<(), ProjectionError> {
    sqlx::query("DELETE FROM pending_txs WHERE txid = $1")
        .bind(&p.txid)
        .execute(&mut *tx)
        .await?;
    let inserted = sqlx::query(
        "INSERT INTO pending_txs (txid, seq, seen_ms, source, message_type, status)
         SELECT $1, $2, $3, $4, $5, $6
         WHERE NOT EXISTS (SELECT 1 FROM cp_transactions WHERE tx_hash = $1)",
    )
    .bind(&p.txid)
    .bind(i32::try_from(p.seq).unwrap_or(i32::MAX))
    .bind(i64::try_from(p.seen_ms).unwrap_or(i64::MAX))
    .bind(storable(&p.source).as_ref())
    .bind(storable(&p.message_type).as_ref())
    .bind(storable(&p.status).as_ref())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(());
    }
    for b in &p.balances {
        let delta = numeric(&b.delta).ok_or_else(|| malformed("balance", &b.delta))?;
        sqlx::query(
            "INSERT INTO pending_balances (txid, holder, asset, delta, address) VALUES ($1, $2, $3, $4::NUMERIC, $5)",
        )
        .bind(&p.txid)
        .bind(storable(&b.holder).as_ref())
        .bind(storable(&b.asset).as_ref())
        .bind(delta)
        .bind(storable(&b.address).as_ref())
        .execute(&mut *tx)
        .await?;
    }
    for d in &p.dispensers {
        let left =
            numeric(&d.give_remaining).ok_or_else(|| malformed("dispenser", &d.give_remaining))?;
        sqlx::query(
            "INSERT INTO pending_dispensers (txid, dispenser, source, asset, status, give_remaining)
             VALUES ($1, $2, $3, $4, $5, $6::NUMERIC)",
        )
        .bind(&p.txid)
        .bind(storable(&d.tx_hash).as_ref())
        .bind(storable(&d.source).as_ref())
        .bind(storable(&d.asset).as_ref())
        .bind(i32::try_from(d.status).unwrap_or(i32::MAX))
        .bind(left)
        .execute(&mut *tx)
        .await?;
    }
    for s in &p.src20 {
        let delta = numeric(&s.delta).ok_or_else(|| malformed("SRC-20 amount", &s.delta))?;
        sqlx::query(
            "INSERT INTO pending_src20 (txid, tick, address, delta, op) VALUES ($1, $2, $3, $4::NUMERIC, $5)",
        )
        .bind(&p.txid)
        .bind(storable(&s.tick).as_ref())
        .bind(storable(&s.address).as_ref())
        .bind(delta)
        .bind(storable(&s.op).as_ref())
        .execute(&mut *tx)
        .await?;
    }
    for i in &p.issuances {
        let quantity = numeric(&i.quantity).ok_or_else(|| malformed("issuance", &i.quantity))?;
        sqlx::query(
            "INSERT INTO pending_issuances (txid, asset, quantity, source) VALUES ($1, $2, $3::NUMERIC, $4)",
        )
        .bind(&p.txid)
        .bind(storable(&i.asset).as_ref())
        .bind(quantity)
        .bind(storable(&i.source).as_ref())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Drops the pending rows of the transactions the block at `height` confirmed (its Counterparty transactions and
/// SRC-20 operations), in the block's own transaction: nothing is counted twice.
pub async fn settle(tx: &mut PgConnection, height: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM pending_txs p
         WHERE EXISTS (SELECT 1 FROM cp_transactions c WHERE c.block_index = $1 AND c.tx_hash = p.txid)
            OR EXISTS (SELECT 1 FROM src20_ops s WHERE s.block_index = $1 AND s.tx_hash = p.txid)",
    )
    .bind(height)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::numeric;

    #[test]
    fn only_plain_signed_numbers_reach_postgres() {
        assert_eq!(numeric("-546"), Some("-546"));
        assert_eq!(numeric("12.5"), Some("12.5"));
        assert_eq!(numeric("1e5"), None);
        assert_eq!(numeric(""), None);
        assert_eq!(numeric("--1"), None);
        assert_eq!(numeric("NaN"), None);
    }
}
