//! Fairmint (91): `lib/messages/fairmint.py`.

use super::cx::{Cx, status_of};
use super::effect::{DestructionRow, Effect, FairmintRow, IssuanceRow};
use super::fairminter::soft_cap_deadline_reached;
use super::state::LedgerState;
use super::state::{FairminterInfo, FairminterStatus};
use super::{LedgerTx, MAX_INT, UNIT, VALID};
use crate::counterparty::message::Fairmint;

/// `ceil(quantity / quantity_by_price * price)` (exact: the quantity is a multiple of the lot).
fn price_of(f: &FairminterInfo, quantity: u64) -> u128 {
    let lot = u128::from(f.quantity_by_price.max(1));
    (u128::from(quantity) * u128::from(f.price)).div_ceil(lot)
}

fn validate(cx: &Cx<'_>, source: &str, m: &Fairmint) -> Result<FairminterInfo, Vec<String>> {
    let mut problems: Vec<String> = Vec::new();
    let Some(f) = cx.view.fairminter(&m.asset) else {
        return Err(vec![format!(
            "fairminter not found for asset: `{}`",
            m.asset
        )]);
    };
    if f.status != FairminterStatus::Open {
        problems.push(format!("fairminter is not open for asset: `{}`", m.asset));
    }
    let supply = cx.view.asset(&f.asset).map_or(0, |a| a.supply());
    if f.max_mint_per_address > 0 {
        let already: u128 = cx
            .view
            .fairmints(&f.tx_hash)
            .iter()
            .filter(|x| x.source == source)
            .map(|x| u128::from(x.earn_quantity))
            .sum();
        let asked = if f.price > 0 {
            m.quantity
        } else {
            f.max_mint_per_tx
        };
        if already + u128::from(asked) > u128::from(f.max_mint_per_address) {
            problems.push("quantity exceeds maximum allowed by address".into());
        }
    }
    if f.price > 0 {
        if m.quantity == 0 {
            problems.push("Quantity must be greater than 0".into());
            return Err(problems);
        }
        if f.max_mint_per_tx > 0 && m.quantity > f.max_mint_per_tx {
            problems.push("Quantity exceeds maximum allowed per transaction".into());
            return Err(problems);
        }
        if m.quantity > MAX_INT {
            problems.push("quantity exceeds maximum allowed value".into());
            return Err(problems);
        }
        if !m.quantity.is_multiple_of(f.quantity_by_price.max(1)) {
            problems.push("quantity is not a multiple of lot_size".into());
            return Err(problems);
        }
        if f.hard_cap > 0 && u128::from(supply) + u128::from(m.quantity) > u128::from(f.hard_cap) {
            problems.push("asset supply quantity exceeds hard cap".into());
        }
        if u128::from(cx.bal(source, "XCP")) < price_of(&f, m.quantity) {
            problems.push("insufficient XCP balance".into());
        }
    } else if m.quantity > 0 {
        problems.push("quantity is not allowed for free fairminters".into());
    }
    if problems.is_empty() {
        Ok(f)
    } else {
        Err(problems)
    }
}

/// A fairmint: pays the issuer (or the escrow until the soft-cap deadline) and mints to the minter.
pub(crate) fn fairmint(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Fairmint) -> String {
    let source = tx.source.as_str();
    let f = match validate(cx, source, m) {
        Ok(f) => f,
        Err(problems) => {
            let status = status_of(&problems);
            cx.emit(Effect::Fairminted(FairmintRow {
                tx_hash: tx.tx_hash.clone(),
                tx_index: tx.tx_index,
                source: source.to_owned(),
                fairminter_tx_hash: None,
                asset: None,
                earn_quantity: 0,
                paid_quantity: 0,
                commission: 0,
                status: status.clone(),
            }));
            return status;
        }
    };
    let height = cx.height;
    let unspendable = cx.unspendable();
    let escrow = f.soft_cap > 0 && f.soft_cap_deadline_block >= height;
    let (xcp_action, xcp_destination, asset_action) = if escrow {
        ("escrowed fairmint", Some(unspendable), "escrowed fairmint")
    } else if f.burn_payment {
        ("burn fairmint payment", None, "fairmint")
    } else {
        ("fairmint payment", Some(f.source.as_str()), "fairmint")
    };
    let supply = cx.view.asset(&f.asset).map_or(0, |a| a.supply());
    let (paid, mut earn) = if f.price > 0 {
        let paid = u64::try_from(price_of(&f, m.quantity)).unwrap_or(u64::MAX);
        (paid, m.quantity)
    } else if f.hard_cap > 0 && supply.saturating_add(f.max_mint_per_tx) > f.hard_cap {
        (0, f.hard_cap.saturating_sub(supply))
    } else {
        (0, f.max_mint_per_tx)
    };
    let commission = u64::try_from(
        u128::from(f.minted_asset_commission_int) * u128::from(earn) / u128::from(UNIT),
    )
    .unwrap_or(0);
    earn -= commission.min(earn);
    if paid > 0 {
        if cx.debit(source, "XCP", paid, xcp_action).is_err() {
            return "invalid: insufficient XCP balance".into();
        }
        match xcp_destination {
            Some(destination) => cx.credit(destination, "XCP", paid, xcp_action),
            None => cx.emit(Effect::Destroyed(DestructionRow {
                tx_hash: tx.tx_hash.clone(),
                source: source.to_owned(),
                asset: Some("XCP".into()),
                quantity: paid,
                tag: xcp_action.as_bytes().to_vec(),
                status: VALID.into(),
            })),
        }
    }
    if escrow {
        cx.credit(
            unspendable,
            &f.asset,
            earn.saturating_add(commission),
            asset_action,
        );
    } else {
        cx.credit(source, &f.asset, earn, asset_action);
        if commission > 0 {
            cx.credit(&f.source, &f.asset, commission, "fairmint commission");
        }
    }
    cx.emit(Effect::Fairminted(FairmintRow {
        tx_hash: tx.tx_hash.clone(),
        tx_index: tx.tx_index,
        source: source.to_owned(),
        fairminter_tx_hash: Some(f.tx_hash.clone()),
        asset: Some(f.asset.clone()),
        earn_quantity: earn,
        paid_quantity: paid,
        commission,
        status: VALID.into(),
    }));
    let Some(last) = cx.view.asset(&f.asset) else {
        return VALID.into();
    };
    let mut row = IssuanceRow {
        tx_hash: tx.tx_hash.clone(),
        tx_index: tx.tx_index,
        msg_index: last.last_msg_index,
        block_index: height,
        asset: Some(f.asset.clone()),
        quantity: earn.saturating_add(commission),
        divisible: last.divisible,
        source: source.to_owned(),
        issuer: last.issuer.clone(),
        transfer: false,
        description: last.description.clone(),
        mime_type: last.mime_type.clone(),
        fee_paid: 0,
        locked: last.locked,
        description_locked: last.description_locked,
        reset: false,
        fair_minting: last.fair_minting,
        status: VALID.into(),
        asset_longname: last.asset_longname.clone(),
        asset_events: "fairmint".into(),
    };
    let minted = u128::from(supply) + u128::from(earn) + u128::from(commission);
    if f.hard_cap > 0 && minted == u128::from(f.hard_cap) {
        row.fair_minting = false;
        row.locked |= f.lock_quantity;
        row.description_locked |= f.lock_description;
        hard_cap_reached(cx, &f);
    }
    cx.emit(Effect::Issuance(row));
    VALID.into()
}

/// `_handle_hard_cap_reached`: the fairminter closes; with a soft cap whose deadline has not passed, the
/// deadline is judged now.
fn hard_cap_reached(cx: &mut Cx<'_>, f: &FairminterInfo) {
    if f.soft_cap > 0 && f.soft_cap_deadline_block >= cx.height {
        soft_cap_deadline_reached(cx, f);
    }
    let current = cx.view.fairminter(&f.asset).unwrap_or_else(|| f.clone());
    let mut closed = current;
    closed.status = FairminterStatus::Closed;
    cx.emit(Effect::FairminterUpdated(closed));
}
