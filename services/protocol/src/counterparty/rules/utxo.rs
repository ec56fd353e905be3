//! Balances on UTXOs: attach (101), detach (102) and the implicit moves of a spend (`lib/messages/attach.py`,
//! `detach.py`, `move.py`), with the attach gas fee (`messages/gas.py`).

use super::cx::{Cx, status_of};
use super::effect::{DestructionRow, Effect, SendRow};
use super::state::LedgerState;
use super::tx::TxInput;
use super::{LedgerTx, MAX_INT, UNIT, VALID};
use crate::counterparty::message::{Attach, Detach};

/// Status of a spend of balance-holding UTXOs that moved nothing, and of a detach without such inputs (the
/// reference records no status there).
pub(crate) const NOTHING_MOVED: &str = "invalid: no balances to move";

/// Blocks of the attach gas period.
const PERIOD: u64 = 2016;
/// Fee parameters of attach (101): fee 0 up to this many attaches per block on average...
const FEE_LOWER: u64 = 3;
/// ...a sigmoid up to this many...
const FEE_UPPER: u64 = 15;
/// `int(1 / (1 + exp(-(x - 9))) * 1e8)` for x = 4..=15, as the reference computes it (Decimal of a float exp).
const SIGMOID: [u64; 12] = [
    669_285, 1_798_620, 4_742_587, 11_920_292, 26_894_142, 50_000_000, 73_105_857, 88_079_707,
    95_257_412, 98_201_379, 99_330_714, 99_752_737,
];

/// The attach fee at the context's height: `gas.get_transaction_fee(101)`. Above the upper threshold the fee
/// is `1 + (x - 15)^1.5 / 100` XCP, computed exactly with an integer square root (the reference's Decimal
/// power is correctly rounded to 28 digits, so they agree except in pathological rounding cases).
pub(crate) fn attach_fee(cx: &Cx<'_>) -> u64 {
    let height = cx.height;
    if height < PERIOD {
        return 0;
    }
    let x = cx.view.attach_count(height - PERIOD, height) / PERIOD;
    if x <= FEE_LOWER {
        return 0;
    }
    if x <= FEE_UPPER {
        return SIGMOID
            .get(usize::try_from(x - FEE_LOWER - 1).unwrap_or(usize::MAX))
            .copied()
            .unwrap_or(UNIT);
    }
    let d = u128::from(x - FEE_UPPER);
    let extra = (d * d * d)
        .checked_mul(1_000_000_000_000)
        .map_or(u128::from(u64::MAX), |n| n.isqrt());
    u64::try_from(u128::from(UNIT) + extra).unwrap_or(u64::MAX)
}

/// Moves (or, when every output is OP_RETURN, detaches) the balances of the inputs that hold some. `None` when
/// no input holds balances; else whether the last such input moved something (the reference's status).
pub(crate) fn move_assets(cx: &mut Cx<'_>, tx: &LedgerTx) -> Option<bool> {
    let sources: Vec<TxInput> = tx.balance_inputs(&cx.view).into_iter().cloned().collect();
    if sources.is_empty() {
        return None;
    }
    let destination = tx.first_non_op_return();
    let mut valid = false;
    for source in &sources {
        valid = match &destination {
            None => detach_assets(cx, tx, source, None),
            Some(destination) => move_balances(cx, tx, &source.outpoint, destination),
        };
    }
    Some(valid)
}

fn move_balances(cx: &mut Cx<'_>, tx: &LedgerTx, source: &str, destination: &str) -> bool {
    let mut moved = false;
    for (asset, quantity) in cx.view.positive_balances(source) {
        if cx.debit(source, &asset, quantity, "utxo move").is_err() {
            continue;
        }
        cx.credit(destination, &asset, quantity, "utxo move");
        let row = SendRow {
            tx_hash: tx.tx_hash.clone(),
            msg_index: cx.send_index(),
            source: source.to_owned(),
            destination: destination.to_owned(),
            asset,
            quantity,
            memo: None,
            fee_paid: 0,
            status: VALID.into(),
        };
        cx.emit(Effect::Moved(row));
        moved = true;
    }
    moved
}

/// Detaches every balance of `utxo` to `destination` when it is an address, else to the UTXO's address.
fn detach_assets(
    cx: &mut Cx<'_>,
    tx: &LedgerTx,
    utxo: &TxInput,
    destination: Option<&str>,
) -> bool {
    let destination = destination
        .filter(|d| cx.is_address(d))
        .map(str::to_owned)
        .or_else(|| utxo.address.clone())
        .unwrap_or_else(|| "unknown".to_owned());
    for (asset, quantity) in cx.view.positive_balances(&utxo.outpoint) {
        let action = "detach from utxo";
        if cx.debit(&utxo.outpoint, &asset, quantity, action).is_err() {
            continue;
        }
        cx.credit(&destination, &asset, quantity, action);
        let row = SendRow {
            tx_hash: tx.tx_hash.clone(),
            msg_index: cx.send_index(),
            source: utxo.outpoint.clone(),
            destination: destination.clone(),
            asset,
            quantity,
            memo: None,
            fee_paid: 0,
            status: VALID.into(),
        };
        cx.emit(Effect::Detached(row));
    }
    true
}

/// Detach: every balance of every input holding some goes to the message's address (or the UTXO's).
pub(crate) fn detach(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Detach) -> String {
    let sources: Vec<TxInput> = tx.balance_inputs(&cx.view).into_iter().cloned().collect();
    if sources.is_empty() {
        return NOTHING_MOVED.into();
    }
    for source in &sources {
        detach_assets(cx, tx, source, m.destination.as_deref());
    }
    VALID.into()
}

fn invalid_attach(cx: &mut Cx<'_>, tx: &LedgerTx, status: String) -> String {
    let row = SendRow {
        tx_hash: tx.tx_hash.clone(),
        msg_index: cx.send_index(),
        source: String::new(),
        destination: String::new(),
        asset: String::new(),
        quantity: 0,
        memo: None,
        fee_paid: 0,
        status: status.clone(),
    };
    cx.emit(Effect::Attached(row));
    status
}

/// Attach: moves an address balance onto an output of this transaction (the first non-OP_RETURN one unless a
/// vout is given).
pub(crate) fn attach(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Attach) -> String {
    let source = tx.source.as_str();
    let mut problems: Vec<String> = Vec::new();
    if !cx.is_address(source) {
        problems.push("invalid source address".into());
    }
    if m.asset == "BTC" {
        problems.push("cannot send bitcoins".into());
    }
    if m.quantity == 0 {
        problems.push("quantity must be greater than zero".into());
    }
    if m.quantity > MAX_INT {
        problems.push("integer overflow".into());
    }
    let fee = attach_fee(cx);
    if problems.is_empty() {
        let balance = u128::from(cx.bal(source, &m.asset));
        if m.asset == "XCP" {
            if balance < u128::from(m.quantity) + u128::from(fee) {
                problems.push("insufficient funds for transfer and fee".into());
            }
        } else {
            if balance < u128::from(m.quantity) {
                problems.push("insufficient funds for transfer".into());
            }
            if fee > 0 && cx.bal(source, "XCP") < fee {
                problems.push("insufficient funds for fee".into());
            }
        }
    }
    let destination = match m.destination_vout {
        None => {
            let first = tx.first_non_op_return();
            if first.is_none() {
                problems.push("no UTXO to attach to".into());
            }
            first.unwrap_or_default()
        }
        Some(vout) => {
            let count = tx.outputs.len() as u64;
            if count > 0 && vout > count - 1 {
                problems.push("destination vout is greater than the number of outputs".into());
            }
            if tx.op_return_vout().is_some_and(|o| o as u64 == vout) {
                problems.push("destination vout is an OP_RETURN output".into());
            }
            format!("{}:{vout}", tx.tx_hash)
        }
    };
    if !problems.is_empty() {
        let status = status_of(&problems);
        return invalid_attach(cx, tx, status);
    }
    if fee > 0 {
        if cx.debit(source, "XCP", fee, "attach to utxo fee").is_err() {
            return invalid_attach(cx, tx, "invalid: insufficient funds for fee".into());
        }
        cx.emit(Effect::Destroyed(DestructionRow {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            asset: Some("XCP".into()),
            quantity: fee,
            tag: b"attach to utxo fee".to_vec(),
            status: VALID.into(),
        }));
    }
    cx.emit(Effect::AttachCounted {
        block_index: cx.height,
    });
    if cx
        .debit(source, &m.asset, m.quantity, "attach to utxo")
        .is_err()
    {
        return invalid_attach(cx, tx, "invalid: insufficient funds for transfer".into());
    }
    cx.credit(&destination, &m.asset, m.quantity, "attach to utxo");
    let row = SendRow {
        tx_hash: tx.tx_hash.clone(),
        msg_index: cx.send_index(),
        source: source.to_owned(),
        destination,
        asset: m.asset.clone(),
        quantity: m.quantity,
        memo: None,
        fee_paid: fee,
        status: VALID.into(),
    };
    cx.emit(Effect::Attached(row));
    VALID.into()
}
