//! Destroy (110) and dividend (50): `lib/messages/destroy.py`, `lib/messages/dividend.py`.

use std::collections::BTreeSet;

use super::cx::{Cx, status_of};
use super::effect::{DestructionRow, DividendRow, Effect};
use super::state::LedgerState;
use super::{DIVIDEND_FEE_PER_HOLDER, LedgerTx, MAX_INT, UNIT, VALID};
use crate::address;
use crate::counterparty::message::{Destroy, Dividend};

impl Cx<'_> {
    /// Whether `asset` is in the `assets` table (BTC and XCP always are).
    pub(crate) fn asset_known(&self, asset: &str) -> bool {
        asset == "BTC" || asset == "XCP" || self.view.asset(asset).is_some()
    }

    /// `address.validate`: whether `s` is an address of the network.
    pub(crate) fn is_address(&self, s: &str) -> bool {
        address::pack(s, self.height, self.view.network().rules()).is_ok()
    }
}

/// Destroy: the transaction must have no destination; quantity 0 is valid.
pub(crate) fn destroy(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Destroy) -> String {
    let source = tx.source.as_str();
    let known = cx.asset_known(&m.asset);
    let problem = if !known {
        Some("asset invalid")
    } else if !cx.is_address(source) {
        Some("source address invalid")
    } else if !tx.destination.is_empty() {
        Some("destination exists")
    } else if m.asset == "BTC" {
        Some("cannot destroy BTC")
    } else if m.quantity > MAX_INT {
        Some("integer overflow, quantity too large")
    } else if cx.bal(source, &m.asset) < m.quantity {
        Some("balance insufficient")
    } else {
        None
    };
    let mut status = problem.map_or_else(|| VALID.to_owned(), |p| format!("invalid: {p}"));
    if status == VALID && cx.debit(source, &m.asset, m.quantity, "destroy").is_err() {
        status = "invalid: balance insufficient".into();
    }
    if !status.contains("integer overflow") {
        cx.emit(Effect::Destroyed(DestructionRow {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            asset: known.then(|| m.asset.clone()),
            quantity: m.quantity,
            tag: m.tag.clone(),
            status: status.clone(),
        }));
    }
    status
}

/// What a valid dividend pays: (holder, quantity) per output, the total and the fee.
struct Payout {
    outputs: Vec<(String, u64)>,
    total: u64,
    fee: u64,
}

fn validate(
    cx: &Cx<'_>,
    source: &str,
    per_unit: u64,
    asset: &str,
    dividend_asset: &str,
) -> Result<Payout, Vec<String>> {
    let mut problems: Vec<String> = Vec::new();
    if asset == "BTC" || asset == "XCP" {
        problems.push(format!("cannot pay dividends to holders of {asset}"));
        return Err(problems);
    }
    if per_unit == 0 {
        problems.push("non\u{2010}positive quantity per unit".into());
    }
    let Some(info) = cx.view.asset(asset) else {
        problems.push(format!("no such asset, {asset}."));
        return Err(problems);
    };
    if info.issuer != source {
        problems.push("only issuer can pay dividends".into());
    }
    if !cx.asset_known(dividend_asset) {
        problems.push(format!("no such dividend asset, {dividend_asset}."));
        return Err(problems);
    }
    // Holders: address and UTXO balances, then the escrow of open dispensers.
    let mut holders = cx.view.holders(asset);
    holders.extend(
        cx.view
            .open_dispensers_of(asset)
            .into_iter()
            .map(|d| (d.source, d.give_remaining)),
    );
    let mut outputs = Vec::new();
    let mut addresses = BTreeSet::new();
    let mut total: u128 = 0;
    for (holder, held) in holders {
        if holder == source {
            continue;
        }
        let mut quantity = u128::from(held) * u128::from(per_unit);
        if info.divisible {
            quantity /= u128::from(UNIT);
        }
        total += quantity;
        addresses.insert(holder.clone());
        outputs.push((holder, u64::try_from(quantity).unwrap_or(u64::MAX)));
    }
    if total == 0 {
        problems.push("zero dividend".into());
    }
    let balance = cx.bal(source, dividend_asset);
    if u128::from(balance) < total {
        problems.push(format!("insufficient funds ({dividend_asset})"));
    }
    let mut fee: u128 = 0;
    if problems.is_empty() {
        fee = u128::from(DIVIDEND_FEE_PER_HOLDER) * addresses.len() as u128;
        if u128::from(cx.bal(source, "XCP")) < fee {
            problems.push("insufficient funds (XCP)".into());
        }
    }
    if problems.is_empty() && dividend_asset == "XCP" && u128::from(balance) < total + fee {
        problems.push("insufficient funds (XCP)".into());
    }
    if fee > u128::from(MAX_INT) || total > u128::from(MAX_INT) {
        problems.push("integer overflow".into());
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Payout {
        outputs,
        total: u64::try_from(total).unwrap_or(u64::MAX),
        fee: u64::try_from(fee).unwrap_or(u64::MAX),
    })
}

/// Dividend: every holder but the payer gets `held * per_unit` (divided by 1e8 for divisible assets); the payer
/// also pays 0.0002 XCP per holder.
pub(crate) fn dividend(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Dividend) -> String {
    let source = tx.source.as_str();
    let per_unit = m.quantity_per_unit.min(MAX_INT);
    let mut fee = 0;
    let status = if m.dividend_asset == "BTC" {
        "invalid: cannot pay BTC dividends within protocol".to_owned()
    } else {
        match validate(cx, source, per_unit, &m.asset, &m.dividend_asset) {
            Err(problems) => status_of(&problems),
            Ok(payout) => {
                fee = payout.fee;
                let paid = cx.debit(source, &m.dividend_asset, payout.total, "dividend");
                let fee_paid = paid.and_then(|()| cx.fee(source, payout.fee, "dividend fee"));
                if fee_paid.is_ok() {
                    for (holder, quantity) in payout.outputs {
                        if quantity > 0 {
                            cx.credit(&holder, &m.dividend_asset, quantity, "dividend");
                        }
                    }
                }
                VALID.to_owned()
            }
        }
    };
    if !status.contains("integer overflow") {
        cx.emit(Effect::DividendPaid(DividendRow {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            asset: m.asset.clone(),
            dividend_asset: m.dividend_asset.clone(),
            quantity_per_unit: per_unit,
            fee_paid: fee,
            status: status.clone(),
        }));
    }
    status
}
