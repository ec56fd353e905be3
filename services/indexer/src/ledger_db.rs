//! The Counterparty ledger in the indexer: the pure rules of `stamps_protocol::counterparty::rules` over an
//! in-memory ledger, rebuilt from the snapshot it started from and the effects log, and each block's effects,
//! statuses, issuance rows and balances written in the block's transaction.

use std::collections::{BTreeMap, HashMap};

use bitcoin::Block;
use futures::TryStreamExt;
use sqlx::{PgConnection, PgPool};
use stamps_platform::db::storable;
use stamps_protocol::Rules;
use stamps_protocol::block::CounterpartyRecord;
use stamps_protocol::counterparty::rules::{
    Bootstrap, Effect, IssuanceRow, LedgerTx, MemoryLedger, TxMessage,
};
use stamps_protocol::counterparty::transport::PrevoutSource;

/// One transaction the ledger judged.
#[derive(Debug, Clone)]
pub struct Judged {
    /// Txid.
    pub tx_hash: String,
    /// Position in the block.
    pub tx_index: usize,
    /// Message type name (`issuance`, `dispenser`, ...), if it carried one.
    pub message_type: Option<String>,
    /// `valid` or why not.
    pub status: String,
    /// Whether the reference parses it.
    pub supported: bool,
}

/// What one block did to the ledger.
#[derive(Debug, Default)]
pub struct BlockLedger {
    /// Every effect in order (block start, transactions, block end).
    pub effects: Vec<Effect>,
    /// Each Counterparty transaction's verdict.
    pub judged: Vec<Judged>,
}

impl BlockLedger {
    /// Txids of valid issuances (a stamp needs one).
    pub fn valid_issuances(&self) -> std::collections::HashSet<String> {
        self.judged
            .iter()
            .filter(|j| j.status == "valid" && j.message_type.as_deref() == Some("issuance"))
            .map(|j| j.tx_hash.clone())
            .collect()
    }
}

/// Applies `block` to `ledger`: its start hook, each transaction with Counterparty data (`records`) or spending
/// a UTXO that holds balances, in block order, then its end hook.
pub fn apply_block<'r>(
    ledger: &mut MemoryLedger,
    block: &Block,
    records: impl IntoIterator<Item = &'r CounterpartyRecord>,
    prevouts: &dyn PrevoutSource,
    height: u64,
    rules: Rules,
) -> BlockLedger {
    let by_index: HashMap<usize, &CounterpartyRecord> =
        records.into_iter().map(|r| (r.tx_index, r)).collect();
    let mut out = BlockLedger {
        effects: ledger.begin_block(height),
        judged: Vec::new(),
    };
    for (tx_index, tx) in block.txdata.iter().enumerate().skip(1) {
        let record = by_index.get(&tx_index).copied();
        // Without data a transaction matters only when it spends a UTXO holding balances. Checking the
        // inputs first keeps the common case (plain payments) cheap.
        if record.is_none()
            && !tx
                .input
                .iter()
                .any(|i| ledger.utxo_holds_balances(&i.previous_output))
        {
            continue;
        }
        let ltx = LedgerTx::from_transaction(tx, tx_index, record, prevouts, height, rules);
        let message_type = match &ltx.message {
            TxMessage::Message(m) => Some(m.name().to_owned()),
            _ => None,
        };
        let outcome = ledger.transaction(&ltx, height);
        out.judged.push(Judged {
            tx_hash: ltx.tx_hash.clone(),
            tx_index,
            message_type,
            status: outcome.status,
            supported: outcome.supported,
        });
        out.effects.extend(outcome.effects);
    }
    out.effects.extend(ledger.end_block(height));
    out
}

/// The in-memory ledger as the committed tables hold it: the snapshot, then every effect in order.
pub async fn load(pool: &PgPool, rules: Rules) -> Result<MemoryLedger, sqlx::Error> {
    let snapshot: Option<sqlx::types::Json<Bootstrap>> =
        sqlx::query_scalar("SELECT snapshot FROM ledger_bootstrap")
            .fetch_optional(pool)
            .await?;
    let mut ledger = match snapshot {
        Some(s) => MemoryLedger::from_bootstrap(rules.network(), &s.0),
        None => MemoryLedger::new(rules.network()),
    };
    // Block by block, so that only one block's effects are held at a time.
    let mut blocks = sqlx::query_as::<_, (i64, Vec<u8>)>(
        "SELECT block_index, effects FROM ledger_blocks ORDER BY block_index",
    )
    .fetch(pool);
    while let Some((height, bytes)) = blocks.try_next().await? {
        let effects: Vec<Effect> = serde_json::from_slice(&bytes).map_err(|e| {
            sqlx::Error::Decode(format!("ledger effects of block {height}: {e}").into())
        })?;
        ledger.apply(&effects);
    }
    Ok(ledger)
}

/// Records the snapshot the ledger starts from (once: a later start keeps the first) and its balances.
pub async fn record_bootstrap(pool: &PgPool, snapshot: &Bootstrap) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO ledger_bootstrap (height, snapshot) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
    )
    .bind(i64::try_from(snapshot.height).unwrap_or(i64::MAX))
    .bind(sqlx::types::Json(snapshot))
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if inserted {
        for b in &snapshot.balances {
            sqlx::query(
                "INSERT INTO balances (holder, asset, quantity) VALUES ($1, $2, $3::NUMERIC)
                 ON CONFLICT (holder, asset) DO UPDATE SET quantity = EXCLUDED.quantity",
            )
            .bind(&b.address)
            .bind(&b.asset)
            .bind(b.quantity.to_string())
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(inserted)
}

/// A block's effects as stored: a JSON array in order.
pub fn encode_effects(effects: &[Effect]) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(effects)
}

/// Writes what `block_ledger` did at `height`: effects, statuses, issuance rows, and the balances after the
/// block with what each replaced.
/// `effects_json` is [`encode_effects`] of the block's effects.
pub async fn write_block(
    tx: &mut PgConnection,
    height: u64,
    block_ledger: &BlockLedger,
    effects_json: &[u8],
) -> Result<(), sqlx::Error> {
    let h = i64::try_from(height).unwrap_or(i64::MAX);
    if !block_ledger.effects.is_empty() {
        sqlx::query("INSERT INTO ledger_blocks (block_index, effects) VALUES ($1, $2)")
            .bind(h)
            .bind(effects_json)
            .execute(&mut *tx)
            .await?;
    }
    let judged = &block_ledger.judged;
    if !judged.is_empty() {
        sqlx::query(
            "INSERT INTO cp_transactions (tx_hash, block_index, tx_index, message_type, status, supported)
             SELECT t, $1, i, m, s, p FROM UNNEST($2::TEXT[], $3::INTEGER[], $4::TEXT[], $5::TEXT[], $6::BOOLEAN[])
                  AS u(t, i, m, s, p)",
        )
        .bind(h)
        .bind(judged.iter().map(|j| j.tx_hash.as_str()).collect::<Vec<_>>())
        .bind(
            judged
                .iter()
                .map(|j| i32::try_from(j.tx_index).unwrap_or(i32::MAX))
                .collect::<Vec<_>>(),
        )
        .bind(judged.iter().map(|j| j.message_type.as_deref()).collect::<Vec<_>>())
        .bind(judged.iter().map(|j| j.status.as_str()).collect::<Vec<_>>())
        .bind(judged.iter().map(|j| j.supported).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await?;
    }
    let issuances: Vec<&IssuanceRow> = block_ledger
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Issuance(row) if row.asset.is_some() => Some(row),
            _ => None,
        })
        .collect();
    if !issuances.is_empty() {
        let text = |f: &dyn Fn(&IssuanceRow) -> Option<&str>| {
            issuances
                .iter()
                .map(|i| f(i))
                .collect::<Vec<Option<&str>>>()
        };
        let flag = |f: &dyn Fn(&IssuanceRow) -> bool| {
            issuances.iter().map(|i| f(i)).collect::<Vec<bool>>()
        };
        sqlx::query(
            "INSERT INTO issuances (tx_hash, msg_index, block_index, tx_index, asset, asset_longname, source,
                                    quantity, divisible, locked, reset, description, status)
             SELECT t, m, $1, i, a, l, s, q::NUMERIC, d, k, r, de, st
             FROM UNNEST($2::TEXT[], $3::INTEGER[], $4::INTEGER[], $5::TEXT[], $6::TEXT[], $7::TEXT[], $8::TEXT[],
                         $9::BOOLEAN[], $10::BOOLEAN[], $11::BOOLEAN[], $12::TEXT[], $13::TEXT[])
                  AS u(t, m, i, a, l, s, q, d, k, r, de, st)",
        )
        .bind(h)
        .bind(issuances.iter().map(|i| i.tx_hash.as_str()).collect::<Vec<_>>())
        .bind(
            issuances
                .iter()
                .map(|i| i32::try_from(i.msg_index).unwrap_or(i32::MAX))
                .collect::<Vec<_>>(),
        )
        .bind(
            issuances
                .iter()
                .map(|i| i32::try_from(i.tx_index).unwrap_or(i32::MAX))
                .collect::<Vec<_>>(),
        )
        .bind(text(&|i| i.asset.as_deref()))
        .bind(text(&|i| i.asset_longname.as_deref()))
        .bind(text(&|i| Some(&i.source)))
        .bind(issuances.iter().map(|i| i.quantity.to_string()).collect::<Vec<_>>())
        .bind(flag(&|i| i.divisible))
        .bind(flag(&|i| i.locked))
        .bind(flag(&|i| i.reset))
        .bind(
            issuances
                .iter()
                .map(|i| storable(&i.description))
                .collect::<Vec<_>>(),
        )
        .bind(text(&|i| Some(&i.status)))
        .execute(&mut *tx)
        .await?;
    }
    // The balance each holder ends the block with (the last change's).
    let mut after: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for e in &block_ledger.effects {
        if let Effect::Debit(c) | Effect::Credit(c) = e
            && let Some(balance) = c.balance
        {
            after.insert((&c.holder, &c.asset), balance);
        }
    }
    if after.is_empty() {
        return Ok(());
    }
    let holders: Vec<&str> = after.keys().map(|(h, _)| *h).collect();
    let assets: Vec<&str> = after.keys().map(|(_, a)| *a).collect();
    let quantities: Vec<String> = after.values().map(u64::to_string).collect();
    let seqs: Vec<i32> = (0..holders.len())
        .map(|i| i32::try_from(i).unwrap_or(i32::MAX))
        .collect();
    // What each key held is looked up key by key: a correlated subquery is an index probe per row, where a join
    // could be planned from statistics taken while the table was small as a hash of the whole table, every block.
    sqlx::query(
        "INSERT INTO balance_undo (block_index, seq, holder, asset, previous)
         SELECT $1, u.seq, u.holder, u.asset,
                (SELECT b.quantity FROM balances b WHERE b.holder = u.holder AND b.asset = u.asset)
         FROM UNNEST($2::INTEGER[], $3::TEXT[], $4::TEXT[]) AS u(seq, holder, asset)",
    )
    .bind(h)
    .bind(&seqs)
    .bind(&holders)
    .bind(&assets)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO balances (holder, asset, quantity)
         SELECT h, a, q::NUMERIC FROM UNNEST($1::TEXT[], $2::TEXT[], $3::TEXT[]) AS u(h, a, q)
         ON CONFLICT (holder, asset) DO UPDATE SET quantity = EXCLUDED.quantity",
    )
    .bind(&holders)
    .bind(&assets)
    .bind(&quantities)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// What the ledger recorded at `height`: its verdicts in block order and its effects in order.
pub async fn block_ledger(
    conn: &mut PgConnection,
    height: i64,
) -> Result<BlockLedger, sqlx::Error> {
    let judged: Vec<(String, i32, Option<String>, String, bool)> = sqlx::query_as(
        "SELECT tx_hash, tx_index, message_type, status, supported FROM cp_transactions
         WHERE block_index = $1 ORDER BY tx_index",
    )
    .bind(height)
    .fetch_all(&mut *conn)
    .await?;
    let effects: Option<Vec<u8>> =
        sqlx::query_scalar("SELECT effects FROM ledger_blocks WHERE block_index = $1")
            .bind(height)
            .fetch_optional(&mut *conn)
            .await?;
    let effects: Vec<Effect> = match effects {
        Some(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
            sqlx::Error::Decode(format!("ledger effects of block {height}: {e}").into())
        })?,
        None => Vec::new(),
    };
    Ok(BlockLedger {
        effects,
        judged: judged
            .into_iter()
            .map(
                |(tx_hash, tx_index, message_type, status, supported)| Judged {
                    tx_hash,
                    tx_index: usize::try_from(tx_index).unwrap_or(0),
                    message_type,
                    status,
                    supported,
                },
            )
            .collect(),
    })
}

/// Undoes what the ledger wrote at `height`.
pub async fn unwind_block(tx: &mut PgConnection, height: u64) -> Result<(), sqlx::Error> {
    let h = i64::try_from(height).unwrap_or(i64::MAX);
    let undo: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT holder, asset, previous::TEXT FROM balance_undo WHERE block_index = $1 ORDER BY seq DESC",
    )
    .bind(h)
    .fetch_all(&mut *tx)
    .await?;
    for (holder, asset, previous) in undo {
        match previous {
            Some(q) => {
                sqlx::query(
                    "UPDATE balances SET quantity = $3::NUMERIC WHERE holder = $1 AND asset = $2",
                )
                .bind(&holder)
                .bind(&asset)
                .bind(q)
                .execute(&mut *tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM balances WHERE holder = $1 AND asset = $2")
                    .bind(&holder)
                    .bind(&asset)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    for table in ["balance_undo", "ledger_blocks", "cp_transactions"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE block_index = $1"
        )))
        .bind(h)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
