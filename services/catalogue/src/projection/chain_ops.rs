//! The Counterparty and SRC-20 ops of a `BlockIndexed` part as catalogue rows: events (issuances, sends, sales,
//! destructions, ...) as rows of their block, state (balances, assets, dispensers, fairminters, SRC-20 balances)
//! as versions with their latest kept current. Written in one statement per table.

use std::collections::HashMap;

use sqlx::PgConnection;
use stamps_platform::consumer::ProjectionError;
use stamps_proto::events::v1 as pb;

use crate::projection::bulk::{Changes, Column, Rows, Versioned, col, v};

const T: &str = "TEXT";
const BIG: &str = "BIGINT";
const INT: &str = "INTEGER";
const NUM: &str = "NUMERIC";
const BOOL: &str = "BOOLEAN";

/// Counterparty balances by holder and asset.
pub const BALANCES: Versioned = Versioned {
    current: "balances",
    versions: "balance_versions",
    key: &["holder", "asset"],
    state: &[col("quantity", NUM)],
};

/// SRC-20 balances by tick and address.
pub const SRC20_BALANCES: Versioned = Versioned {
    current: "src20_balances",
    versions: "src20_balance_versions",
    key: &["tick", "address"],
    state: &[col("balance", NUM)],
};

/// Counterparty assets.
pub const ASSETS: Versioned = Versioned {
    current: "assets",
    versions: "asset_versions",
    key: &["asset"],
    state: &[
        col("asset_longname", T),
        col("creator", T),
        col("issuer", T),
        col("supply", NUM),
        col("divisible", BOOL),
        col("locked", BOOL),
        col("description", T),
        col("first_block", BIG),
    ],
};

const DISPENSER_STATE: &[Column] = &[
    col("block_index", BIG),
    col("source", T),
    col("origin", T),
    col("asset", T),
    col("give_quantity", NUM),
    col("escrow_quantity", NUM),
    col("satoshirate", BIG),
    col("status", INT),
    col("give_remaining", NUM),
    col("oracle_address", T),
    col("dispense_count", BIG),
    col("close_block_index", BIG),
];

/// Dispensers by opening transaction.
pub const DISPENSERS: Versioned = Versioned {
    current: "dispensers",
    versions: "dispenser_versions",
    key: &["tx_hash"],
    state: DISPENSER_STATE,
};

const FAIRMINTER_STATE: &[Column] = &[
    col("block_index", BIG),
    col("source", T),
    col("asset", T),
    col("asset_parent", T),
    col("asset_longname", T),
    col("description", T),
    col("price", NUM),
    col("quantity_by_price", NUM),
    col("hard_cap", NUM),
    col("burn_payment", BOOL),
    col("max_mint_per_tx", NUM),
    col("max_mint_per_address", NUM),
    col("premint_quantity", NUM),
    col("start_block", BIG),
    col("end_block", BIG),
    col("minted_asset_commission_int", BIG),
    col("soft_cap", NUM),
    col("soft_cap_deadline_block", BIG),
    col("lock_description", BOOL),
    col("lock_quantity", BOOL),
    col("divisible", BOOL),
    col("pre_minted", BOOL),
    col("status", T),
];

/// Fairminters by opening transaction.
pub const FAIRMINTERS: Versioned = Versioned {
    current: "fairminters",
    versions: "fairminter_versions",
    key: &["tx_hash"],
    state: FAIRMINTER_STATE,
};

/// Every versioned table, for reverts.
pub const VERSIONED: [Versioned; 5] = [BALANCES, SRC20_BALANCES, ASSETS, DISPENSERS, FAIRMINTERS];

/// Every table of block events, for reverts (each has `block_index`).
pub const EVENT_TABLES: [&str; 13] = [
    "issuances",
    "destructions",
    "moves",
    "sweeps",
    "dividends",
    "dispenses",
    "fairmints",
    "cp_transactions",
    "src20_ops",
    "src20_mint_blocks",
    "stamps",
    "src721_collections",
    "src721_mints",
];

const ISSUANCES: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("tx_hash", T),
    col("msg_index", INT),
    col("asset", T),
    col("asset_longname", T),
    col("quantity", NUM),
    col("divisible", BOOL),
    col("source", T),
    col("issuer", T),
    col("transfer", BOOL),
    col("description", T),
    col("locked", BOOL),
    col("reset", BOOL),
    col("fee_paid", NUM),
    col("status", T),
];
const DESTRUCTIONS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("tx_hash", T),
    col("source", T),
    col("asset", T),
    col("quantity", NUM),
    col("tag", T),
    col("status", T),
];
const MOVES: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("kind", T),
    col("tx_hash", T),
    col("msg_index", INT),
    col("source", T),
    col("destination", T),
    col("asset", T),
    col("quantity", NUM),
    col("memo", T),
    col("fee_paid", NUM),
    col("status", T),
];
const SWEEPS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("tx_hash", T),
    col("source", T),
    col("destination", T),
    col("flags", INT),
    col("memo", T),
    col("fee_paid", NUM),
    col("status", T),
];
const DIVIDENDS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("tx_hash", T),
    col("source", T),
    col("asset", T),
    col("dividend_asset", T),
    col("quantity_per_unit", NUM),
    col("fee_paid", NUM),
    col("status", T),
];
const DISPENSES: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("block_time", BIG),
    col("tx_hash", T),
    col("dispense_index", INT),
    col("source", T),
    col("destination", T),
    col("asset", T),
    col("quantity", NUM),
    col("dispenser_tx_hash", T),
    col("btc_amount", BIG),
];
const FAIRMINTS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("block_time", BIG),
    col("tx_hash", T),
    col("source", T),
    col("fairminter_tx_hash", T),
    col("asset", T),
    col("earn_quantity", NUM),
    col("paid_quantity", NUM),
    col("commission", NUM),
    col("status", T),
];
const CP_TRANSACTIONS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("tx_hash", T),
    col("tx_index", INT),
    col("message_type", T),
    col("status", T),
];
const SRC20_OPS: &[Column] = &[
    col("block_index", BIG),
    col("seq", BIG),
    col("block_time", BIG),
    col("tx_hash", T),
    col("tx_index", INT),
    col("op", T),
    col("tick", T),
    col("amt", T),
    col("max", T),
    col("lim", T),
    col("dec", INT),
    col("creator", T),
    col("destination", T),
    col("valid", BOOL),
    col("status", T),
];

/// An asset's state as the catalogue keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct AssetState {
    asset_longname: String,
    creator: String,
    issuer: String,
    supply: u128,
    divisible: bool,
    locked: bool,
    description: String,
    first_block: i64,
}

/// An asset's row as stored.
#[derive(sqlx::FromRow)]
struct AssetRow {
    asset: String,
    asset_longname: String,
    creator: String,
    issuer: String,
    supply: String,
    divisible: bool,
    locked: bool,
    description: String,
    first_block: i64,
}

/// The rows of one `BlockIndexed` part's ledger ops.
pub struct ChainOps {
    height: i64,
    time: i64,
    issuances: Rows,
    destructions: Rows,
    moves: Rows,
    sweeps: Rows,
    dividends: Rows,
    dispenses: Rows,
    fairmints: Rows,
    cp_transactions: Rows,
    src20_ops: Rows,
    balances: Changes,
    src20_balances: Changes,
    dispensers: Changes,
    fairminters: Changes,
    /// Asset issuances and destructions in order, folded into asset versions once their earlier state is read.
    asset_ops: Vec<(i64, AssetOp)>,
}

enum AssetOp {
    Issued(pb::AssetIssued),
    Destroyed(pb::AssetDestroyed),
}

/// An exact integer quantity; empty (a field left at its default) is 0.
fn quantity(what: &str, s: &str) -> Result<u128, ProjectionError> {
    let digits = if s.is_empty() { "0" } else { s };
    digits
        .parse::<u128>()
        .map_err(|_| ProjectionError::Malformed(format!("{what} {s:?} is not a quantity")))
}

/// A quantity checked to be an exact integer, as text for a NUMERIC column.
fn q(what: &str, s: &str) -> Result<Option<String>, ProjectionError> {
    quantity(what, s).map(v)
}

fn decimal(what: &str, s: &str) -> Result<Option<String>, ProjectionError> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let ok = !digits.is_empty()
        && digits.split('.').count() <= 2
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && !digits.starts_with('.')
        && !digits.ends_with('.');
    if ok {
        Ok(v(s))
    } else {
        Err(ProjectionError::Malformed(format!(
            "{what} {s:?} is not a decimal"
        )))
    }
}

impl ChainOps {
    /// No rows yet, for the block at `height` mined at `time`.
    pub fn new(height: i64, time: i64) -> Self {
        Self {
            height,
            time,
            issuances: Rows::new("issuances", ISSUANCES),
            destructions: Rows::new("destructions", DESTRUCTIONS),
            moves: Rows::new("moves", MOVES),
            sweeps: Rows::new("sweeps", SWEEPS),
            dividends: Rows::new("dividends", DIVIDENDS),
            dispenses: Rows::new("dispenses", DISPENSES),
            fairmints: Rows::new("fairmints", FAIRMINTS),
            cp_transactions: Rows::new("cp_transactions", CP_TRANSACTIONS),
            src20_ops: Rows::new("src20_ops", SRC20_OPS),
            balances: Changes::new(BALANCES),
            src20_balances: Changes::new(SRC20_BALANCES),
            dispensers: Changes::new(DISPENSERS),
            fairminters: Changes::new(FAIRMINTERS),
            asset_ops: Vec::new(),
        }
    }

    /// Adds the op at position `seq` of the block. Stamps are not handled here.
    pub fn push(&mut self, seq: i64, op: &pb::op::Op) -> Result<(), ProjectionError> {
        use pb::op::Op;
        let (h, time) = (self.height, self.time);
        match op {
            Op::StampCreated(_) => {}
            Op::Src20Operation(o) => self.src20_ops.push(vec![
                v(h),
                v(seq),
                v(time),
                v(&o.tx_hash),
                v(o.tx_index),
                v(&o.op),
                v(&o.tick),
                v(&o.amt),
                v(&o.max),
                v(&o.lim),
                o.dec.map(|d| d.to_string()),
                v(&o.creator),
                v(&o.destination),
                v(o.valid),
                v(&o.status),
            ]),
            Op::Src20BalanceChanged(b) => self.src20_balances.push(
                h,
                seq,
                vec![b.tick.clone(), b.address.clone()],
                vec![decimal("SRC-20 balance", &b.balance)?],
            ),
            Op::TxJudged(j) => self.cp_transactions.push(vec![
                v(h),
                v(seq),
                v(&j.tx_hash),
                v(j.tx_index),
                v(&j.message_type),
                v(&j.status),
            ]),
            // A change without its resulting balance leaves the balance to the next change that has one.
            Op::BalanceChanged(b) if b.balance.is_empty() => {}
            Op::BalanceChanged(b) => self.balances.push(
                h,
                seq,
                vec![b.holder.clone(), b.asset.clone()],
                vec![q("balance", &b.balance)?],
            ),
            Op::AssetIssued(i) => {
                self.issuances.push(vec![
                    v(h),
                    v(seq),
                    v(&i.tx_hash),
                    v(i.msg_index),
                    v(&i.asset),
                    v(&i.asset_longname),
                    q("issued quantity", &i.quantity)?,
                    v(i.divisible),
                    v(&i.source),
                    v(&i.issuer),
                    v(i.transfer),
                    v(&i.description),
                    v(i.locked),
                    v(i.reset),
                    q("issuance fee", &i.fee_paid)?,
                    v(&i.status),
                ]);
                if i.status == "valid" {
                    self.asset_ops.push((seq, AssetOp::Issued(i.clone())));
                }
            }
            Op::AssetDestroyed(d) => {
                self.destructions.push(vec![
                    v(h),
                    v(seq),
                    v(&d.tx_hash),
                    v(&d.source),
                    v(&d.asset),
                    q("destroyed quantity", &d.quantity)?,
                    v(&d.tag),
                    v(&d.status),
                ]);
                if d.status == "valid" {
                    self.asset_ops.push((seq, AssetOp::Destroyed(d.clone())));
                }
            }
            Op::AssetMoved(m) => self.moves.push(vec![
                v(h),
                v(seq),
                v(&m.kind),
                v(&m.tx_hash),
                v(m.msg_index),
                v(&m.source),
                v(&m.destination),
                v(&m.asset),
                q("moved quantity", &m.quantity)?,
                v(&m.memo),
                q("send fee", &m.fee_paid)?,
                v(&m.status),
            ]),
            Op::Swept(s) => self.sweeps.push(vec![
                v(h),
                v(seq),
                v(&s.tx_hash),
                v(&s.source),
                v(&s.destination),
                v(s.flags),
                v(&s.memo),
                q("sweep fee", &s.fee_paid)?,
                v(&s.status),
            ]),
            Op::DividendPaid(d) => self.dividends.push(vec![
                v(h),
                v(seq),
                v(&d.tx_hash),
                v(&d.source),
                v(&d.asset),
                v(&d.dividend_asset),
                q("quantity per unit", &d.quantity_per_unit)?,
                q("dividend fee", &d.fee_paid)?,
                v(&d.status),
            ]),
            Op::DispenserChanged(d) => self.dispensers.push(
                h,
                seq,
                vec![d.tx_hash.clone()],
                vec![
                    v(d.block_index),
                    v(&d.source),
                    v(&d.origin),
                    v(&d.asset),
                    q("give quantity", &d.give_quantity)?,
                    q("escrow quantity", &d.escrow_quantity)?,
                    v(d.satoshirate),
                    v(d.status),
                    q("give remaining", &d.give_remaining)?,
                    v(&d.oracle_address),
                    v(d.dispense_count),
                    v(d.close_block_index),
                ],
            ),
            Op::Dispensed(d) => self.dispenses.push(vec![
                v(h),
                v(seq),
                v(time),
                v(&d.tx_hash),
                v(d.dispense_index),
                v(&d.source),
                v(&d.destination),
                v(&d.asset),
                q("dispensed quantity", &d.quantity)?,
                v(&d.dispenser_tx_hash),
                v(d.btc_amount),
            ]),
            Op::FairminterChanged(f) => self.fairminters.push(
                h,
                seq,
                vec![f.tx_hash.clone()],
                vec![
                    v(f.block_index),
                    v(&f.source),
                    v(&f.asset),
                    v(&f.asset_parent),
                    v(&f.asset_longname),
                    v(&f.description),
                    q("price", &f.price)?,
                    q("quantity by price", &f.quantity_by_price)?,
                    q("hard cap", &f.hard_cap)?,
                    v(f.burn_payment),
                    q("max mint per tx", &f.max_mint_per_tx)?,
                    q("max mint per address", &f.max_mint_per_address)?,
                    q("premint quantity", &f.premint_quantity)?,
                    v(f.start_block),
                    v(f.end_block),
                    v(f.minted_asset_commission_int),
                    q("soft cap", &f.soft_cap)?,
                    v(f.soft_cap_deadline_block),
                    v(f.lock_description),
                    v(f.lock_quantity),
                    v(f.divisible),
                    v(f.pre_minted),
                    v(&f.status),
                ],
            ),
            Op::Fairminted(f) => self.fairmints.push(vec![
                v(h),
                v(seq),
                v(time),
                v(&f.tx_hash),
                v(&f.source),
                v(&f.fairminter_tx_hash),
                v(&f.asset),
                q("earned quantity", &f.earn_quantity)?,
                q("paid quantity", &f.paid_quantity)?,
                q("commission", &f.commission)?,
                v(&f.status),
            ]),
        }
        Ok(())
    }

    /// Writes every row; assets are folded from their state before this block part.
    pub async fn write(self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        for rows in [
            &self.issuances,
            &self.destructions,
            &self.moves,
            &self.sweeps,
            &self.dividends,
            &self.dispenses,
            &self.fairmints,
            &self.cp_transactions,
            &self.src20_ops,
        ] {
            rows.insert(&mut *tx).await?;
        }
        for changes in [
            &self.balances,
            &self.src20_balances,
            &self.dispensers,
            &self.fairminters,
        ] {
            changes.write(&mut *tx).await?;
        }
        self.write_assets(tx).await
    }

    async fn write_assets(&self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        if self.asset_ops.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = self
            .asset_ops
            .iter()
            .map(|(_, op)| match op {
                AssetOp::Issued(i) => i.asset.clone(),
                AssetOp::Destroyed(d) => d.asset.clone(),
            })
            .collect();
        let known: Vec<AssetRow> = sqlx::query_as(
            "SELECT asset, asset_longname, creator, issuer, supply::TEXT AS supply, divisible, locked, description,
                    first_block
             FROM assets WHERE asset = ANY($1)",
        )
        .bind(&names)
        .fetch_all(&mut *tx)
        .await?;
        let mut state: HashMap<String, AssetState> = HashMap::new();
        for row in known {
            state.insert(
                row.asset,
                AssetState {
                    asset_longname: row.asset_longname,
                    creator: row.creator,
                    issuer: row.issuer,
                    supply: quantity("supply", &row.supply)?,
                    divisible: row.divisible,
                    locked: row.locked,
                    description: row.description,
                    first_block: row.first_block,
                },
            );
        }
        let mut changes = Changes::new(ASSETS);
        for (seq, op) in &self.asset_ops {
            let (asset, next) = match op {
                AssetOp::Issued(i) => {
                    let issued = quantity("issued quantity", &i.quantity)?;
                    let next = match state.get(&i.asset) {
                        Some(prev) => AssetState {
                            asset_longname: if i.asset_longname.is_empty() {
                                prev.asset_longname.clone()
                            } else {
                                i.asset_longname.clone()
                            },
                            creator: prev.creator.clone(),
                            issuer: if i.issuer.is_empty() {
                                prev.issuer.clone()
                            } else {
                                i.issuer.clone()
                            },
                            // A reset issuance starts the supply over; any other adds to it.
                            supply: if i.reset {
                                issued
                            } else {
                                prev.supply.saturating_add(issued)
                            },
                            divisible: i.divisible,
                            locked: prev.locked || i.locked,
                            description: i.description.clone(),
                            first_block: prev.first_block,
                        },
                        None => AssetState {
                            asset_longname: i.asset_longname.clone(),
                            creator: i.source.clone(),
                            issuer: if i.issuer.is_empty() {
                                i.source.clone()
                            } else {
                                i.issuer.clone()
                            },
                            supply: issued,
                            divisible: i.divisible,
                            locked: i.locked,
                            description: i.description.clone(),
                            first_block: self.height,
                        },
                    };
                    (i.asset.clone(), next)
                }
                AssetOp::Destroyed(d) => {
                    let Some(prev) = state.get(&d.asset) else {
                        // XCP and assets issued before the catalogue's first block have no row to lower.
                        continue;
                    };
                    let destroyed = quantity("destroyed quantity", &d.quantity)?;
                    let next = AssetState {
                        supply: prev.supply.saturating_sub(destroyed),
                        ..prev.clone()
                    };
                    (d.asset.clone(), next)
                }
            };
            changes.push(
                self.height,
                *seq,
                vec![asset.clone()],
                vec![
                    v(&next.asset_longname),
                    v(&next.creator),
                    v(&next.issuer),
                    v(next.supply),
                    v(next.divisible),
                    v(next.locked),
                    v(&next.description),
                    v(next.first_block),
                ],
            );
            state.insert(asset, next);
        }
        changes.write(tx).await?;
        Ok(())
    }
}
