//! The Counterparty and SRC-20 ops of a `BlockIndexed` part as catalogue rows: events (issuances, sends, sales,
//! destructions, ...) as rows of their block, state (balances, assets, dispensers, fairminters, SRC-20 balances)
//! as versions with their latest kept current. Written in one statement per table ([`super::bulk`]).

use std::collections::HashMap;

use sqlx::PgConnection;
use stamps_platform::consumer::ProjectionError;
use stamps_proto::events::v1 as pb;

use super::bulk::{Changes, Numeric, Rows, State, Versioned, rows, versioned};

versioned! {
    /// A Counterparty balance by holder and asset.
    pub struct BalanceRow in "balances", "balance_versions", key(holder, asset) {
        holder: String,
        asset: String,
        quantity: Numeric,
    }
}

versioned! {
    /// An SRC-20 balance by tick and address.
    pub struct Src20BalanceRow in "src20_balances", "src20_balance_versions", key(tick, address) {
        tick: String,
        address: String,
        balance: Numeric,
    }
}

versioned! {
    /// A Counterparty asset.
    pub struct AssetRow in "assets", "asset_versions", key(asset) {
        asset: String,
        asset_longname: String,
        creator: String,
        issuer: String,
        supply: Numeric,
        divisible: bool,
        locked: bool,
        description: String,
        first_block: i64,
    }
}

versioned! {
    /// A dispenser by opening transaction.
    pub struct DispenserRow in "dispensers", "dispenser_versions", key(tx_hash) {
        tx_hash: String,
        block_index: i64,
        source: String,
        origin: String,
        asset: String,
        give_quantity: Numeric,
        escrow_quantity: Numeric,
        satoshirate: i64,
        status: i32,
        give_remaining: Numeric,
        oracle_address: String,
        dispense_count: i64,
        close_block_index: i64,
    }
}

versioned! {
    /// A fairminter by opening transaction.
    pub struct FairminterRow in "fairminters", "fairminter_versions", key(tx_hash) {
        tx_hash: String,
        block_index: i64,
        source: String,
        asset: String,
        asset_parent: String,
        asset_longname: String,
        description: String,
        price: Numeric,
        quantity_by_price: Numeric,
        hard_cap: Numeric,
        burn_payment: bool,
        max_mint_per_tx: Numeric,
        max_mint_per_address: Numeric,
        premint_quantity: Numeric,
        start_block: i64,
        end_block: i64,
        minted_asset_commission_int: i64,
        soft_cap: Numeric,
        soft_cap_deadline_block: i64,
        lock_description: bool,
        lock_quantity: bool,
        divisible: bool,
        pre_minted: bool,
        status: String,
    }
}

/// Every versioned table, for reverts.
pub const VERSIONED: [Versioned; 5] = [
    BalanceRow::VERSIONED,
    Src20BalanceRow::VERSIONED,
    AssetRow::VERSIONED,
    DispenserRow::VERSIONED,
    FairminterRow::VERSIONED,
];

/// Every table of block events, for reverts (each has `block_index`).
pub const EVENT_TABLES: [&str; 14] = [
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
    "utxo_owners",
];

rows! {
    /// Whose a UTXO holder's balances are: the address its output pays.
    pub struct UtxoOwnerRow in "utxo_owners" {
        block_index: i64,
        seq: i64,
        holder: String,
        address: String,
    }
}

rows! {
    /// An issuance, valid or not.
    pub struct IssuanceRow in "issuances" {
        block_index: i64,
        seq: i64,
        tx_hash: String,
        msg_index: i32,
        asset: String,
        asset_longname: String,
        quantity: Numeric,
        divisible: bool,
        source: String,
        issuer: String,
        transfer: bool,
        description: String,
        locked: bool,
        reset: bool,
        fee_paid: Numeric,
        status: String,
    }
}

rows! {
    /// A destruction.
    pub struct DestructionRow in "destructions" {
        block_index: i64,
        seq: i64,
        tx_hash: String,
        source: String,
        asset: String,
        quantity: Numeric,
        tag: String,
        status: String,
    }
}

rows! {
    /// A send of any kind (`kind`), or a UTXO move.
    pub struct MoveRow in "moves" {
        block_index: i64,
        seq: i64,
        kind: String,
        tx_hash: String,
        msg_index: i32,
        source: String,
        destination: String,
        asset: String,
        quantity: Numeric,
        memo: String,
        fee_paid: Numeric,
        status: String,
    }
}

rows! {
    /// A sweep.
    pub struct SweepRow in "sweeps" {
        block_index: i64,
        seq: i64,
        tx_hash: String,
        source: String,
        destination: String,
        flags: i32,
        memo: String,
        fee_paid: Numeric,
        status: String,
    }
}

rows! {
    /// A dividend.
    pub struct DividendRow in "dividends" {
        block_index: i64,
        seq: i64,
        tx_hash: String,
        source: String,
        asset: String,
        dividend_asset: String,
        quantity_per_unit: Numeric,
        fee_paid: Numeric,
        status: String,
    }
}

rows! {
    /// A dispense: a sale from a dispenser.
    pub struct DispenseRow in "dispenses" {
        block_index: i64,
        seq: i64,
        block_time: i64,
        tx_hash: String,
        dispense_index: i32,
        source: String,
        destination: String,
        asset: String,
        quantity: Numeric,
        dispenser_tx_hash: String,
        btc_amount: i64,
    }
}

rows! {
    /// A fairmint.
    pub struct FairmintRow in "fairmints" {
        block_index: i64,
        seq: i64,
        block_time: i64,
        tx_hash: String,
        source: String,
        fairminter_tx_hash: String,
        asset: String,
        earn_quantity: Numeric,
        paid_quantity: Numeric,
        commission: Numeric,
        status: String,
    }
}

rows! {
    /// A Counterparty transaction's verdict.
    pub struct CpTransactionRow in "cp_transactions" {
        block_index: i64,
        seq: i64,
        tx_hash: String,
        tx_index: i32,
        message_type: String,
        status: String,
    }
}

rows! {
    /// An SRC-20 operation, valid or not.
    pub struct Src20OpRow in "src20_ops" {
        block_index: i64,
        seq: i64,
        block_time: i64,
        tx_hash: String,
        tx_index: i32,
        op: String,
        tick: String,
        amt: String,
        max: String,
        lim: String,
        dec: Option<i32>,
        creator: String,
        destination: String,
        valid: bool,
        status: String,
    }
}

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
struct StoredAsset {
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
    issuances: Rows<IssuanceRow>,
    destructions: Rows<DestructionRow>,
    moves: Rows<MoveRow>,
    sweeps: Rows<SweepRow>,
    dividends: Rows<DividendRow>,
    dispenses: Rows<DispenseRow>,
    fairmints: Rows<FairmintRow>,
    cp_transactions: Rows<CpTransactionRow>,
    src20_ops: Rows<Src20OpRow>,
    utxo_owners: Rows<UtxoOwnerRow>,
    /// The UTXO holders `utxo_owners` has a row of (a holder credited twice in a block is written once).
    owned: std::collections::HashSet<String>,
    balances: Changes<BalanceRow>,
    src20_balances: Changes<Src20BalanceRow>,
    dispensers: Changes<DispenserRow>,
    fairminters: Changes<FairminterRow>,
    /// Asset issuances and destructions in order, folded into asset versions once their earlier state is read.
    asset_ops: Vec<(i64, AssetOp)>,
}

enum AssetOp {
    Issued(pb::AssetIssued),
    Destroyed(pb::AssetDestroyed),
}

/// An exact integer quantity for a NUMERIC column; empty is 0.
fn q(what: &str, s: &str) -> Result<Numeric, ProjectionError> {
    Numeric::quantity(what, s)
}

/// A chain integer for a BIGINT column.
fn big(what: &str, n: u64) -> Result<i64, ProjectionError> {
    i64::try_from(n).map_err(|_| ProjectionError::Malformed(format!("{what} {n} is out of range")))
}

/// A chain integer for an INTEGER column.
fn int(what: &str, n: u32) -> Result<i32, ProjectionError> {
    i32::try_from(n).map_err(|_| ProjectionError::Malformed(format!("{what} {n} is out of range")))
}

impl ChainOps {
    /// No rows yet, for the block at `height` mined at `time`.
    pub fn new(height: i64, time: i64) -> Self {
        Self {
            height,
            time,
            issuances: Rows::default(),
            destructions: Rows::default(),
            moves: Rows::default(),
            sweeps: Rows::default(),
            dividends: Rows::default(),
            dispenses: Rows::default(),
            fairmints: Rows::default(),
            cp_transactions: Rows::default(),
            src20_ops: Rows::default(),
            utxo_owners: Rows::default(),
            owned: std::collections::HashSet::new(),
            balances: Changes::default(),
            src20_balances: Changes::default(),
            dispensers: Changes::default(),
            fairminters: Changes::default(),
            asset_ops: Vec::new(),
        }
    }

    /// Adds the op at position `seq` of the block. Stamps are not handled here.
    pub fn push(&mut self, seq: i64, op: &pb::op::Op) -> Result<(), ProjectionError> {
        use pb::op::Op;
        let (block_index, time) = (self.height, self.time);
        match op {
            Op::StampCreated(_) => {}
            Op::Src20Operation(o) => self.src20_ops.push(Src20OpRow {
                block_index,
                seq,
                block_time: time,
                tx_hash: o.tx_hash.clone(),
                tx_index: int("tx index", o.tx_index)?,
                op: o.op.clone(),
                tick: stamps_protocol::src20::tick_text(&o.tick),
                amt: o.amt.clone(),
                max: o.max.clone(),
                lim: o.lim.clone(),
                dec: o.dec.map(|d| int("dec", d)).transpose()?,
                creator: o.creator.clone(),
                destination: o.destination.clone(),
                valid: o.valid,
                status: o.status.clone(),
            }),
            Op::Src20BalanceChanged(b) => self.src20_balances.push(
                block_index,
                seq,
                Src20BalanceRow {
                    tick: stamps_protocol::src20::tick_text(&b.tick),
                    address: b.address.clone(),
                    balance: Numeric::decimal("SRC-20 balance", &b.balance)?,
                },
            ),
            Op::TxJudged(j) => self.cp_transactions.push(CpTransactionRow {
                block_index,
                seq,
                tx_hash: j.tx_hash.clone(),
                tx_index: int("tx index", j.tx_index)?,
                message_type: j.message_type.clone(),
                status: j.status.clone(),
            }),
            // A change without its resulting balance leaves the balance to the next change that has one.
            Op::BalanceChanged(b) if b.balance.is_empty() => {}
            Op::BalanceChanged(b) => {
                if b.credit && !b.utxo_address.is_empty() && self.owned.insert(b.holder.clone()) {
                    self.utxo_owners.push(UtxoOwnerRow {
                        block_index,
                        seq,
                        holder: b.holder.clone(),
                        address: b.utxo_address.clone(),
                    });
                }
                self.balances.push(
                    block_index,
                    seq,
                    BalanceRow {
                        holder: b.holder.clone(),
                        asset: b.asset.clone(),
                        quantity: q("balance", &b.balance)?,
                    },
                )
            }
            Op::AssetIssued(i) => {
                self.issuances.push(IssuanceRow {
                    block_index,
                    seq,
                    tx_hash: i.tx_hash.clone(),
                    msg_index: int("message index", i.msg_index)?,
                    asset: i.asset.clone(),
                    asset_longname: i.asset_longname.clone(),
                    quantity: q("issued quantity", &i.quantity)?,
                    divisible: i.divisible,
                    source: i.source.clone(),
                    issuer: i.issuer.clone(),
                    transfer: i.transfer,
                    description: i.description.clone(),
                    locked: i.locked,
                    reset: i.reset,
                    fee_paid: q("issuance fee", &i.fee_paid)?,
                    status: i.status.clone(),
                });
                if i.status == "valid" {
                    self.asset_ops.push((seq, AssetOp::Issued(i.clone())));
                }
            }
            Op::AssetDestroyed(d) => {
                self.destructions.push(DestructionRow {
                    block_index,
                    seq,
                    tx_hash: d.tx_hash.clone(),
                    source: d.source.clone(),
                    asset: d.asset.clone(),
                    quantity: q("destroyed quantity", &d.quantity)?,
                    tag: d.tag.clone(),
                    status: d.status.clone(),
                });
                if d.status == "valid" {
                    self.asset_ops.push((seq, AssetOp::Destroyed(d.clone())));
                }
            }
            Op::AssetMoved(m) => self.moves.push(MoveRow {
                block_index,
                seq,
                kind: m.kind.clone(),
                tx_hash: m.tx_hash.clone(),
                msg_index: int("message index", m.msg_index)?,
                source: m.source.clone(),
                destination: m.destination.clone(),
                asset: m.asset.clone(),
                quantity: q("moved quantity", &m.quantity)?,
                memo: m.memo.clone(),
                fee_paid: q("send fee", &m.fee_paid)?,
                status: m.status.clone(),
            }),
            Op::Swept(s) => self.sweeps.push(SweepRow {
                block_index,
                seq,
                tx_hash: s.tx_hash.clone(),
                source: s.source.clone(),
                destination: s.destination.clone(),
                flags: int("sweep flags", s.flags)?,
                memo: s.memo.clone(),
                fee_paid: q("sweep fee", &s.fee_paid)?,
                status: s.status.clone(),
            }),
            Op::DividendPaid(d) => self.dividends.push(DividendRow {
                block_index,
                seq,
                tx_hash: d.tx_hash.clone(),
                source: d.source.clone(),
                asset: d.asset.clone(),
                dividend_asset: d.dividend_asset.clone(),
                quantity_per_unit: q("quantity per unit", &d.quantity_per_unit)?,
                fee_paid: q("dividend fee", &d.fee_paid)?,
                status: d.status.clone(),
            }),
            Op::DispenserChanged(d) => self.dispensers.push(
                block_index,
                seq,
                DispenserRow {
                    tx_hash: d.tx_hash.clone(),
                    block_index: big("dispenser block", d.block_index)?,
                    source: d.source.clone(),
                    origin: d.origin.clone(),
                    asset: d.asset.clone(),
                    give_quantity: q("give quantity", &d.give_quantity)?,
                    escrow_quantity: q("escrow quantity", &d.escrow_quantity)?,
                    satoshirate: big("satoshirate", d.satoshirate)?,
                    status: int("dispenser status", d.status)?,
                    give_remaining: q("give remaining", &d.give_remaining)?,
                    oracle_address: d.oracle_address.clone(),
                    dispense_count: big("dispense count", d.dispense_count)?,
                    close_block_index: big("close block", d.close_block_index)?,
                },
            ),
            Op::Dispensed(d) => self.dispenses.push(DispenseRow {
                block_index,
                seq,
                block_time: time,
                tx_hash: d.tx_hash.clone(),
                dispense_index: int("dispense index", d.dispense_index)?,
                source: d.source.clone(),
                destination: d.destination.clone(),
                asset: d.asset.clone(),
                quantity: q("dispensed quantity", &d.quantity)?,
                dispenser_tx_hash: d.dispenser_tx_hash.clone(),
                btc_amount: big("btc amount", d.btc_amount)?,
            }),
            Op::FairminterChanged(f) => self.fairminters.push(
                block_index,
                seq,
                FairminterRow {
                    tx_hash: f.tx_hash.clone(),
                    block_index: big("fairminter block", f.block_index)?,
                    source: f.source.clone(),
                    asset: f.asset.clone(),
                    asset_parent: f.asset_parent.clone(),
                    asset_longname: f.asset_longname.clone(),
                    description: f.description.clone(),
                    price: q("price", &f.price)?,
                    quantity_by_price: q("quantity by price", &f.quantity_by_price)?,
                    hard_cap: q("hard cap", &f.hard_cap)?,
                    burn_payment: f.burn_payment,
                    max_mint_per_tx: q("max mint per tx", &f.max_mint_per_tx)?,
                    max_mint_per_address: q("max mint per address", &f.max_mint_per_address)?,
                    premint_quantity: q("premint quantity", &f.premint_quantity)?,
                    start_block: big("start block", f.start_block)?,
                    end_block: big("end block", f.end_block)?,
                    minted_asset_commission_int: big("commission", f.minted_asset_commission_int)?,
                    soft_cap: q("soft cap", &f.soft_cap)?,
                    soft_cap_deadline_block: big("soft cap deadline", f.soft_cap_deadline_block)?,
                    lock_description: f.lock_description,
                    lock_quantity: f.lock_quantity,
                    divisible: f.divisible,
                    pre_minted: f.pre_minted,
                    status: f.status.clone(),
                },
            ),
            Op::Fairminted(f) => self.fairmints.push(FairmintRow {
                block_index,
                seq,
                block_time: time,
                tx_hash: f.tx_hash.clone(),
                source: f.source.clone(),
                fairminter_tx_hash: f.fairminter_tx_hash.clone(),
                asset: f.asset.clone(),
                earn_quantity: q("earned quantity", &f.earn_quantity)?,
                paid_quantity: q("paid quantity", &f.paid_quantity)?,
                commission: q("commission", &f.commission)?,
                status: f.status.clone(),
            }),
        }
        Ok(())
    }

    /// Writes every row; assets are folded from their state before this block part.
    pub async fn write(self, tx: &mut PgConnection) -> Result<(), ProjectionError> {
        self.issuances.insert(&mut *tx).await?;
        self.destructions.insert(&mut *tx).await?;
        self.moves.insert(&mut *tx).await?;
        self.sweeps.insert(&mut *tx).await?;
        self.dividends.insert(&mut *tx).await?;
        self.dispenses.insert(&mut *tx).await?;
        self.fairmints.insert(&mut *tx).await?;
        self.cp_transactions.insert(&mut *tx).await?;
        self.src20_ops.insert(&mut *tx).await?;
        self.utxo_owners.insert(&mut *tx).await?;
        self.balances.write(&mut *tx).await?;
        self.src20_balances.write(&mut *tx).await?;
        self.dispensers.write(&mut *tx).await?;
        self.fairminters.write(&mut *tx).await?;
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
        let known: Vec<StoredAsset> = sqlx::query_as(
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
                    supply: Numeric::parse_quantity("supply", &row.supply)?,
                    divisible: row.divisible,
                    locked: row.locked,
                    description: row.description,
                    first_block: row.first_block,
                },
            );
        }
        let mut changes = Changes::<AssetRow>::default();
        for (seq, op) in &self.asset_ops {
            let (asset, next) = match op {
                AssetOp::Issued(i) => {
                    let issued = Numeric::parse_quantity("issued quantity", &i.quantity)?;
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
                    let destroyed = Numeric::parse_quantity("destroyed quantity", &d.quantity)?;
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
                AssetRow {
                    asset: asset.clone(),
                    asset_longname: next.asset_longname.clone(),
                    creator: next.creator.clone(),
                    issuer: next.issuer.clone(),
                    supply: Numeric::from(next.supply),
                    divisible: next.divisible,
                    locked: next.locked,
                    description: next.description.clone(),
                    first_block: next.first_block,
                },
            );
            state.insert(asset, next);
        }
        changes.write(tx).await?;
        Ok(())
    }
}
