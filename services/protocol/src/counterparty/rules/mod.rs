//! The Counterparty ledger rules at current heights (every protocol change active, mainnet ≥ 962000): what a
//! transaction does to balances, assets, dispensers and fairminters, and what each block does at its start and
//! end. Pure: the rules read a [`LedgerState`] and return typed [`Effect`]s; nothing is written.
//!
//! Use: for each block, [`begin_block`], then [`apply_transaction`] for each Counterparty transaction (and each
//! transaction spending a UTXO that holds balances) in block order, applying each outcome's effects before the
//! next transaction, then [`end_block`]. [`MemoryLedger`] is a [`LedgerState`] in maps that applies effects.
//!
//! Status strings are the reference's (`"valid"`, `"invalid: " + "; ".join(problems)`, and the few statuses
//! without the prefix), with U+2010 HYPHEN where the reference has it. Where the reference records only a
//! valid/invalid flag, this ledger uses: UTXO moves and detaches `"valid"` / `"invalid: no balances to move"`,
//! dispenses `"valid"` / `"invalid: no dispense"`, transactions that are never parsed (no source, several
//! sources or destinations) `"invalid: source or destination not parsable"`.
//!
//! Covered: issuance (named, numeric, subasset, fees, reissuance, lock, reset, transfer, description keywords
//! and MIME checks), classic send, enhanced send, MPMA, sweep (flags 1 and 2, fee formula), destroy, dividend
//! (address, UTXO and open-dispenser holders), dispenser (open, refill, close with delay, status-1 refills,
//! close on behalf of the origin), dispense (several dispensers and outputs, automatic close), fairminter
//! (fees, statuses, premint, soft-cap escrow and deadline, hard cap, end block, lock flags), fairmint (paid and
//! free, commission, burn), attach (with the gas fee), detach, and implicit UTXO moves and detaches.
//!
//! Left out (the transaction gets `"invalid: unsupported message type <name>"` and
//! [`TxOutcome::supported`] false): orders, BTC pays, cancels, broadcasts, bets, RPS, AMM pools
//! (`pool_quantity > 0` fairminters are invalid here), the legacy UTXO message (100) and burns (only valid
//! before 283810 on mainnet; a transaction to the unspendable address gets `"invalid: too late"`). As a
//! consequence, and documented where they apply:
//! - oracle dispensers: the oracle's last broadcast is unknown, so an oracle dispenser is invalid
//!   (`"The oracle address <o> has not broadcasted any price yet"`);
//! - the `REQUIRE_MEMO` address option (set by broadcasts) is never set;
//! - order escrows are not dividend holders;
//! - opening a dispenser on another address: the reference's static list of addresses with confirmed
//!   bitcoin transactions (`get_oldest_tx.json`) is not consulted, and closed dispensers from the same origin
//!   are not counted (any balance history blocks it);
//! - issuance reset counts holders by address only (UTXO holders of the asset are ignored).
//!
//! Dividends on divisible assets: the reference computes `int(holding * per_unit / 1e8)` with a float true
//! division. Here the quotient is computed exactly (`holding * per_unit / 100_000_000`, integer division); it
//! equals the float result except when the product exceeds 2^53 and the float rounds across an integer.

// The rules by message (`send`, `issuance`, `dividend`, `dispenser`, `fairminter`, `fairmint`, `utxo`) and
// around them: `tx` (a transaction as the rules see it), `cx` (one transaction's context: its state so far and
// its effects), `effect` (what a rule returns), `state` (what a rule reads), `writes` (effects to table writes,
// and the overlay of a transaction's own writes), `memory` (a ledger in maps), `pending` (unconfirmed
// transactions layered over a committed ledger), `content` (the MIME allow-list and the description check).
mod content;
mod cx;
mod dispenser;
mod dividend;
mod effect;
mod fairmint;
mod fairminter;
mod issuance;
mod memory;
mod pending;
mod send;
mod state;
mod tx;
mod utxo;
mod writes;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_market;

pub use effect::{
    BalanceChange, DestructionRow, DispenseRow, DividendRow, Effect, FairmintRow, IssuanceRow,
    RefillRow, SendRow, SweepRow,
};
pub use memory::{Bootstrap, BootstrapBalance, MemoryLedger};
pub use pending::PendingLedger;
pub use state::{
    AssetInfo, DISPENSER_CLOSED, DISPENSER_CLOSING, DISPENSER_OPEN, DispenserInfo, FairmintInfo,
    FairminterInfo, FairminterStatus, LedgerState,
};
pub use tx::{LedgerTx, TxInput, TxMessage, TxOutput, decode_status};

use cx::Cx;
use serde::Serialize;

use crate::counterparty::message::{Message, ids, type_name};
use crate::counterparty::transport;
use crate::network::Network;

/// The status of a valid transaction.
pub const VALID: &str = "valid";
/// Largest quantity (SQLite's signed 64-bit integer).
pub const MAX_INT: u64 = i64::MAX as u64;
/// 1 XCP (and 1 unit of a divisible asset) in base units.
pub const UNIT: u64 = 100_000_000;
/// First issuance of a named asset, and a fairminter of a new named asset: 0.5 XCP.
pub const NAMED_ASSET_FEE: u64 = 50_000_000;
/// Dividend fee per holder paid: 0.0002 XCP.
pub const DIVIDEND_FEE_PER_HOLDER: u64 = 20_000;
/// Sweep fee per positive balance swept: 0.002 XCP.
pub const SWEEP_FEE_PER_BALANCE: u64 = 200_000;
/// Sweep fee per asset ever issued by the source: 0.004 XCP.
pub const SWEEP_FEE_PER_ASSET: u64 = 400_000;
/// Blocks between a dispenser close message and the close.
pub const DISPENSER_CLOSE_DELAY: u64 = 5;
/// Dispenses after which a dispenser closes.
pub const MAX_DISPENSES: u64 = 1000;
/// Refills a dispenser accepts.
pub const MAX_REFILLS: u64 = 5;
/// Longest memo of sends and sweeps.
pub const MAX_MEMO_LENGTH: usize = 34;

/// What a transaction did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxOutcome {
    /// `"valid"`, or why not.
    pub status: String,
    /// Whether the reference parses the transaction at all (its `supported` flag): a known message type, or a
    /// spend of a UTXO holding balances.
    pub supported: bool,
    /// What it did, in order.
    pub effects: Vec<Effect>,
}

impl TxOutcome {
    /// Whether the status is `"valid"`.
    pub fn is_valid(&self) -> bool {
        self.status == VALID
    }
}

/// Applies the rules to one transaction at `height`. `state` must include the effects of every earlier
/// transaction and hook.
pub fn apply_transaction(state: &dyn LedgerState, tx: &LedgerTx, height: u64) -> TxOutcome {
    let mut cx = Cx::for_tx(state, height, tx);
    let type_id = tx.type_id();
    // UTXO balances follow the spend before the message is parsed, except for attach (after) and detach.
    let moved = match type_id {
        Some(ids::ATTACH | ids::DETACH) => None,
        _ => utxo::move_assets(&mut cx, tx),
    };
    let message = match &tx.message {
        TxMessage::None => {
            return match moved {
                Some(true) => cx.finish(VALID, true),
                Some(false) => cx.finish(utxo::NOTHING_MOVED, true),
                None => cx.finish("invalid: no Counterparty data", false),
            };
        }
        TxMessage::Undecodable { status, .. } => Err(status.clone()),
        TxMessage::Message(m) => Ok(m),
    };
    if tx.source.is_empty() || tx.source.contains('-') || tx.destination.contains('-') {
        let status = match moved {
            Some(true) => VALID,
            _ => "invalid: source or destination not parsable",
        };
        return cx.finish(status, moved.is_some());
    }
    let network = state.network();
    if tx.destination == transport::unspendable(network) {
        let status = match network {
            Network::Mainnet => "invalid: too late",
            _ => "invalid: unsupported message type burn",
        };
        return cx.finish(status, network == Network::Mainnet || moved.is_some());
    }
    let (status, supported) = match message {
        Err(status) => (status, type_id.is_some_and(handled)),
        Ok(m) => dispatch(&mut cx, tx, m),
    };
    if type_id == Some(ids::ATTACH) {
        utxo::move_assets(&mut cx, tx);
    }
    cx.finish(status, supported || moved.is_some())
}

/// Message types this ledger parses.
fn handled(type_id: u32) -> bool {
    matches!(
        type_id,
        ids::SEND
            | ids::ENHANCED_SEND
            | ids::MPMA
            | ids::SWEEP
            | ids::DISPENSER
            | ids::DISPENSE
            | ids::ISSUANCE
            | ids::SUBASSET_ISSUANCE
            | ids::ISSUANCE_LR
            | ids::SUBASSET_ISSUANCE_LR
            | ids::DIVIDEND
            | ids::FAIRMINTER
            | ids::FAIRMINT
            | ids::ATTACH
            | ids::DETACH
            | ids::DESTROY
    )
}

fn dispatch(cx: &mut Cx<'_>, tx: &LedgerTx, message: &Message) -> (String, bool) {
    let status = match message {
        Message::Send(m) => send::classic(cx, tx, m),
        Message::EnhancedSend(m) => send::enhanced(cx, tx, m),
        Message::Mpma(m) => send::mpma(cx, tx, m),
        Message::Sweep(m) => send::sweep(cx, tx, m),
        Message::Issuance(m) => issuance::parse(cx, tx, m),
        Message::Dividend(m) => dividend::dividend(cx, tx, m),
        Message::Destroy(m) => dividend::destroy(cx, tx, m),
        Message::Dispenser(m) => dispenser::dispenser(cx, tx, m),
        Message::Dispense(_) => dispenser::dispense(cx, tx),
        Message::Fairminter(m) => fairminter::fairminter(cx, tx, m),
        Message::Fairmint(m) => fairmint::fairmint(cx, tx, m),
        Message::Attach(m) => utxo::attach(cx, tx, m),
        Message::Detach(m) => utxo::detach(cx, tx, m),
        other => {
            let name = type_name(other.type_id());
            return (format!("invalid: unsupported message type {name}"), false);
        }
    };
    (status, true)
}

/// What happens at the start of block `height`, before its transactions: dispensers whose close delay ends
/// close (refund to the closer, status 10), and fairminters whose `start_block` is `height` open.
pub fn begin_block(state: &dyn LedgerState, height: u64) -> Vec<Effect> {
    let mut cx = Cx::new(state, height, 0, "");
    dispenser::close_pending(&mut cx);
    fairminter::open_pending(&mut cx);
    cx.effects
}

/// What happens at the end of block `height`, after its transactions: soft-cap deadlines are judged, then
/// fairminters whose `end_block` is `height` close.
pub fn end_block(state: &dyn LedgerState, height: u64) -> Vec<Effect> {
    let mut cx = Cx::new(state, height, 0, "");
    fairminter::after_block(&mut cx);
    cx.effects
}
