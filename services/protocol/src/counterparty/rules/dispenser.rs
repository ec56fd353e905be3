//! Dispenser (12), dispense (13) and delayed closes: `lib/messages/dispenser.py`, `lib/messages/dispense.py`.
//!
//! Oracle dispensers need the oracle's broadcasts, which this ledger does not parse: a dispenser message with
//! an oracle address is invalid (`"The oracle address <o> has not broadcasted any price yet"`), and no oracle
//! dispenser dispenses.

use super::cx::{Cx, status_of};
use super::effect::{DispenseRow, Effect, RefillRow};
use super::state::LedgerState;
use super::state::{DISPENSER_CLOSED, DISPENSER_CLOSING, DISPENSER_OPEN, DispenserInfo};
use super::{DISPENSER_CLOSE_DELAY, LedgerTx, MAX_DISPENSES, MAX_INT, MAX_REFILLS, VALID};
use crate::counterparty::message::{Dispenser, STATUS_OPEN_EMPTY_ADDRESS};

/// Status 1 in a message: open (refill) at another address.
const OPEN_EMPTY_ADDRESS: u8 = STATUS_OPEN_EMPTY_ADDRESS;

/// Status-0/11 dispensers of `asset` at `address`, optionally only those opened by `origin`.
fn active_for(cx: &Cx<'_>, address: &str, asset: &str, origin: Option<&str>) -> Vec<DispenserInfo> {
    cx.view
        .active_dispensers(address)
        .into_iter()
        .filter(|d| d.asset == asset && origin.is_none_or(|o| d.origin == o))
        .collect()
}

fn validate(cx: &Cx<'_>, source: &str, m: &Dispenser, open_address: Option<&str>) -> Vec<String> {
    let asset = m.asset.as_str();
    let mut problems: Vec<String> = Vec::new();
    if asset == "BTC" {
        problems.push("cannot dispense BTC".into());
        return problems;
    }
    let mut status = m.dispenser_status;
    if status == DISPENSER_OPEN || status == OPEN_EMPTY_ADDRESS {
        if m.give_quantity == 0 {
            problems.push("give_quantity must be positive".into());
        }
        if m.mainchainrate == 0 {
            problems.push("mainchainrate must be positive".into());
        }
        if m.escrow_quantity < m.give_quantity {
            problems.push("escrow_quantity must be greater or equal than give_quantity".into());
        }
    } else if status != DISPENSER_CLOSED {
        problems.push(format!("invalid status {status}"));
    }
    let available = cx.view.balance(source, asset);
    let query_for_creation = if status == OPEN_EMPTY_ADDRESS {
        open_address.unwrap_or(source)
    } else {
        source
    };
    match available {
        None => problems.push(format!("address doesn't have the asset {asset}")),
        Some(balance) if balance < m.escrow_quantity => problems.push(format!(
            "address doesn't have enough balance of {asset} ({balance} < {})",
            m.escrow_quantity
        )),
        Some(_)
            if open_address.is_some_and(|o| o != source)
                && status != DISPENSER_CLOSED
                && active_for(cx, query_for_creation, asset, None).is_empty() =>
        {
            problems.push("dispenser must be created by source".into());
        }
        Some(_) => {
            let open_address = open_address.unwrap_or(source);
            if status == OPEN_EMPTY_ADDRESS && open_address == source {
                status = DISPENSER_OPEN;
            }
            let query_address = if status == OPEN_EMPTY_ADDRESS {
                open_address
            } else {
                source
            };
            let open = if status == DISPENSER_CLOSED && open_address != source {
                active_for(cx, open_address, asset, Some(source))
            } else {
                active_for(cx, query_address, asset, None)
            };
            if open.first().is_some_and(|d| d.status == DISPENSER_CLOSING) {
                problems.push(
                    "address has already a dispenser about to close, no action can be taken until it closes"
                        .into(),
                );
            } else {
                check_existing(&mut problems, status, asset, m, &open);
                if status == OPEN_EMPTY_ADDRESS
                    && open.first().is_none_or(|d| d.origin != source)
                    && !cx.view.balances_of(query_address).is_empty()
                {
                    problems.push(
                        "cannot open on another address if it has any balance history".into(),
                    );
                }
            }
        }
    }
    if let Some(oracle) = &m.oracle_address {
        problems.push(format!(
            "The oracle address {oracle} has not broadcasted any price yet"
        ));
    }
    if m.give_quantity > MAX_INT || m.escrow_quantity > MAX_INT || m.mainchainrate > MAX_INT {
        problems.push("integer overflow".into());
    }
    problems
}

/// Refill and close checks against the dispenser already there.
fn check_existing(
    problems: &mut Vec<String>,
    status: u8,
    asset: &str,
    m: &Dispenser,
    open: &[DispenserInfo],
) {
    if status == DISPENSER_OPEN || status == OPEN_EMPTY_ADDRESS {
        let Some(existing) = open.first() else {
            return;
        };
        if existing.satoshirate == m.mainchainrate && existing.give_quantity == m.give_quantity {
            if existing.refills >= MAX_REFILLS {
                problems.push("the dispenser reached its maximum refilling".into());
            }
        } else {
            if existing.satoshirate != m.mainchainrate {
                problems.push(format!(
                    "address has a dispenser already opened for asset {asset} with a different mainchainrate"
                ));
            }
            if existing.give_quantity != m.give_quantity {
                problems.push(format!(
                    "address has a dispenser already opened for asset {asset} with a different give_quantity"
                ));
            }
        }
    } else if status == DISPENSER_CLOSED && open.is_empty() {
        problems.push(format!(
            "address doesn't have an open dispenser for asset {asset}"
        ));
    }
}

/// A dispenser message: open, refill or close.
pub(crate) fn dispenser(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Dispenser) -> String {
    let source = tx.source.as_str();
    let action_address = m
        .action_address
        .clone()
        .unwrap_or_else(|| source.to_owned());
    let status = m.dispenser_status;
    let open_address = (status == OPEN_EMPTY_ADDRESS || status == DISPENSER_CLOSED)
        .then_some(action_address.as_str());
    let problems = validate(cx, source, m, open_address);
    if !problems.is_empty() {
        return status_of(&problems);
    }
    match status {
        DISPENSER_OPEN | OPEN_EMPTY_ADDRESS => open_or_refill(cx, tx, m, &action_address),
        DISPENSER_CLOSED => close(cx, tx, m, &action_address),
        _ => "invalid: status must be one of OPEN or CLOSE".into(),
    }
}

fn open_or_refill(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Dispenser, action_address: &str) -> String {
    let source = tx.source.as_str();
    let asset = m.asset.as_str();
    let existing: Vec<DispenserInfo> = active_for(cx, action_address, asset, None)
        .into_iter()
        .filter(|d| d.status == DISPENSER_OPEN)
        .collect();
    match existing.as_slice() {
        [] => {
            let escrow = m.escrow_quantity;
            if m.dispenser_status == OPEN_EMPTY_ADDRESS {
                let empty = cx
                    .view
                    .balances_of(action_address)
                    .iter()
                    .all(|(_, q)| *q == 0);
                if !empty {
                    return "invalid: address not empty".into();
                }
                let action = "open dispenser empty addr";
                if cx.debit(source, asset, escrow, action).is_err() {
                    return "invalid: insufficient funds".into();
                }
                cx.credit(action_address, asset, escrow, action);
                if cx.debit(action_address, asset, escrow, action).is_err() {
                    return "invalid: insufficient funds".into();
                }
            } else if cx.debit(source, asset, escrow, "open dispenser").is_err() {
                return "invalid: insufficient funds".into();
            }
            cx.emit(Effect::DispenserOpened(DispenserInfo {
                tx_hash: tx.tx_hash.clone(),
                tx_index: tx.tx_index,
                block_index: cx.height,
                source: action_address.to_owned(),
                origin: source.to_owned(),
                asset: asset.to_owned(),
                give_quantity: m.give_quantity,
                escrow_quantity: escrow,
                satoshirate: m.mainchainrate,
                status: DISPENSER_OPEN,
                give_remaining: escrow,
                oracle_address: m.oracle_address.clone(),
                dispense_count: 0,
                refills: 0,
                last_status_tx_hash: None,
                last_status_tx_source: None,
                close_block_index: None,
            }));
            VALID.into()
        }
        [d] if d.satoshirate == m.mainchainrate && d.give_quantity == m.give_quantity => {
            if source != action_address && source != d.origin {
                return "invalid: can only refill dispenser from source or origin".into();
            }
            if cx
                .debit(source, asset, m.escrow_quantity, "refill dispenser")
                .is_err()
            {
                return "insufficient funds".into();
            }
            let mut dispenser = d.clone();
            dispenser.give_remaining = dispenser.give_remaining.saturating_add(m.escrow_quantity);
            dispenser.dispense_count = 0;
            dispenser.refills += 1;
            cx.emit(Effect::DispenserRefilled {
                refill: RefillRow {
                    tx_hash: tx.tx_hash.clone(),
                    source: source.to_owned(),
                    destination: action_address.to_owned(),
                    asset: asset.to_owned(),
                    dispense_quantity: m.escrow_quantity,
                    dispenser_tx_hash: d.tx_hash.clone(),
                },
                dispenser,
            });
            VALID.into()
        }
        _ => "can only have one open dispenser per asset per address".into(),
    }
}

fn close(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Dispenser, action_address: &str) -> String {
    let source = tx.source.as_str();
    let existing: Vec<DispenserInfo> = if action_address != source {
        active_for(cx, action_address, &m.asset, Some(source))
    } else {
        active_for(cx, source, &m.asset, None)
    }
    .into_iter()
    .filter(|d| d.status == DISPENSER_OPEN)
    .collect();
    let [d] = existing.as_slice() else {
        return "dispenser inexistent".into();
    };
    let mut dispenser = d.clone();
    dispenser.status = DISPENSER_CLOSING;
    dispenser.last_status_tx_hash = Some(tx.tx_hash.clone());
    dispenser.last_status_tx_source = Some(source.to_owned());
    dispenser.close_block_index = Some(cx.height + DISPENSER_CLOSE_DELAY);
    cx.emit(Effect::DispenserUpdated(dispenser));
    VALID.into()
}

/// A dispense: every status-0/11 dispenser at each paid address (by asset name) gives what its output pays for.
pub(crate) fn dispense(cx: &mut Cx<'_>, tx: &LedgerTx) -> String {
    let buyer = tx.source.as_str();
    let mut index = 0;
    for (address, btc_amount) in &tx.dispense_outputs {
        for d in cx.view.active_dispensers(address) {
            if d.satoshirate == 0 || d.give_quantity == 0 || d.oracle_address.is_some() {
                continue;
            }
            let must_give = btc_amount / d.satoshirate;
            let lots = d.give_remaining / d.give_quantity;
            let given = must_give.min(lots).saturating_mul(d.give_quantity);
            if given == 0 {
                continue;
            }
            let left = d.give_remaining - given;
            cx.credit(buyer, &d.asset, given, "dispense");
            let max_hit = d.dispense_count + 1 >= MAX_DISPENSES;
            let mut after = d.clone();
            after.give_remaining = left;
            let closed = left < d.give_quantity || max_hit;
            if closed {
                after.give_remaining = 0;
                after.status = DISPENSER_CLOSED;
                if left > 0 {
                    let action = if max_hit {
                        "Closed: Max dispenses reached"
                    } else {
                        "dispenser close"
                    };
                    cx.credit(&d.source, &d.asset, left, action);
                }
            }
            after.dispense_count += 1;
            cx.emit(if closed {
                Effect::DispenserClosed(after)
            } else {
                Effect::DispenserUpdated(after)
            });
            cx.emit(Effect::Dispensed(DispenseRow {
                tx_hash: tx.tx_hash.clone(),
                dispense_index: index,
                source: d.source.clone(),
                destination: buyer.to_owned(),
                asset: d.asset.clone(),
                dispense_quantity: given,
                dispenser_tx_hash: d.tx_hash.clone(),
                btc_amount: *btc_amount,
            }));
            index += 1;
        }
    }
    if index > 0 {
        VALID.into()
    } else {
        "invalid: no dispense".into()
    }
}

/// Start of block: closing dispensers whose delay ends refund the closer and close.
pub(crate) fn close_pending(cx: &mut Cx<'_>) {
    for d in cx.view.dispensers_closing_at(cx.height) {
        let closer = d.last_status_tx_source.clone().unwrap_or_default();
        let event = d.last_status_tx_hash.clone().unwrap_or_default();
        cx.credit_with(
            &closer,
            &d.asset,
            d.give_remaining,
            "close dispenser",
            &event,
            0,
        );
        let mut after = d;
        after.give_remaining = 0;
        after.status = DISPENSER_CLOSED;
        cx.emit(Effect::DispenserClosed(after));
    }
}
