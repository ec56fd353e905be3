//! Classic send (0), enhanced send (2), MPMA (3) and sweep (4): `versions/send1.py`, `versions/enhancedsend.py`,
//! `versions/mpma.py`, `sweep.py`. The `REQUIRE_MEMO` address option (set by broadcasts, which this ledger does
//! not parse) is never set, so `"destination requires memo"` never fires.

use super::cx::{Cx, status_of};
use super::effect::{Effect, IssuanceRow, SendRow, SweepRow};
use super::state::LedgerState;
use super::{
    LedgerTx, MAX_INT, MAX_MEMO_LENGTH, SWEEP_FEE_PER_ASSET, SWEEP_FEE_PER_BALANCE, UNIT, VALID,
};
use crate::counterparty::message::{
    EnhancedSend, FLAG_BALANCES, FLAG_OWNERSHIP, Memo, Mpma, Send, Sweep,
};

/// Flags a sweep may carry.
const FLAGS_ALL: u8 = 7;

impl Cx<'_> {
    /// The next `msg_index` of a `sends` row of this transaction.
    pub(crate) fn send_index(&self) -> u64 {
        self.effects
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Effect::Sent(_) | Effect::Moved(_) | Effect::Attached(_) | Effect::Detached(_)
                )
            })
            .count() as u64
    }
}

fn send_row(
    cx: &Cx<'_>,
    tx: &LedgerTx,
    destination: &str,
    asset: &str,
    quantity: u64,
    memo: Option<Vec<u8>>,
    status: &str,
) -> SendRow {
    SendRow {
        tx_hash: tx.tx_hash.clone(),
        msg_index: cx.send_index(),
        source: tx.source.clone(),
        destination: destination.to_owned(),
        asset: asset.to_owned(),
        quantity,
        memo,
        fee_paid: 0,
        status: status.to_owned(),
    }
}

/// Classic send: the destination is the transaction's; the quantity is clamped to the balance.
pub(crate) fn classic(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Send) -> String {
    let source = tx.source.as_str();
    let mut quantity = m.quantity;
    let mut status = VALID.to_owned();
    match cx.view.balance(source, &m.asset) {
        Some(balance) => quantity = quantity.min(balance),
        None => status = "invalid: insufficient funds".into(),
    }
    quantity = quantity.min(MAX_INT);
    if status == VALID {
        let mut problems: Vec<String> = Vec::new();
        if m.asset == "BTC" {
            problems.push("cannot send bitcoins".into());
        }
        if tx.destination.is_empty() {
            problems.push("destination is required".into());
        }
        status = status_of(&problems);
    }
    if status == VALID && cx.debit(source, &m.asset, quantity, "send").is_ok() {
        cx.credit(&tx.destination, &m.asset, quantity, "send");
    }
    let row = send_row(cx, tx, &tx.destination, &m.asset, quantity, None, &status);
    cx.emit(Effect::Sent(row));
    status
}

/// Enhanced send: destination and memo in the message; no clamping.
pub(crate) fn enhanced(cx: &mut Cx<'_>, tx: &LedgerTx, m: &EnhancedSend) -> String {
    let source = tx.source.as_str();
    let memo = m.memo.as_ref().map(Memo::to_bytes);
    let status = if m.quantity > MAX_INT {
        "invalid: quantity is too large".to_owned()
    } else {
        let mut problems: Vec<String> = Vec::new();
        if m.asset == "BTC" {
            problems.push("cannot send BTC".into());
        }
        if m.quantity == 0 {
            problems.push("zero quantity".into());
        }
        if m.address.is_empty() {
            problems.push("destination is required".into());
        }
        if memo.as_ref().is_some_and(|b| b.len() > MAX_MEMO_LENGTH) {
            problems.push("memo is too long".into());
        }
        let mut status = status_of(&problems);
        let balance = cx.bal(source, &m.asset);
        if status == VALID && (balance == 0 || balance < m.quantity) {
            status = "invalid: insufficient funds".into();
        }
        status
    };
    if status == VALID && cx.debit(source, &m.asset, m.quantity, "send").is_ok() {
        cx.credit(&m.address, &m.asset, m.quantity, "send");
    }
    let row = send_row(cx, tx, &m.address, &m.asset, m.quantity, memo, &status);
    cx.emit(Effect::Sent(row));
    status
}

/// MPMA send: credits first, then one debit per asset; sends rows sorted by asset + destination.
pub(crate) fn mpma(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Mpma) -> String {
    let source = tx.source.as_str();
    let mut status = VALID.to_owned();
    // (asset, destination, quantity, memo)
    let mut plain: Vec<(String, String, u64, Option<Vec<u8>>)> = Vec::new();
    let mut debits: Vec<(String, u64)> = Vec::new();
    for a in &m.assets {
        let balance = cx.bal(source, &a.asset);
        if balance == 0 {
            status = format!(
                "invalid: insufficient funds for asset {}, address {source} has no balance",
                a.asset
            );
            break;
        }
        let total: u128 = a.sends.iter().map(|s| u128::from(s.quantity)).sum();
        if u128::from(balance) < total {
            status = format!(
                "invalid: insufficient funds for asset {}, needs {total}",
                a.asset
            );
            break;
        }
        for s in &a.sends {
            let memo = s.memo.as_ref().or(m.memo.as_ref()).map(Memo::to_bytes);
            plain.push((a.asset.clone(), s.address.clone(), s.quantity, memo));
        }
        debits.push((a.asset.clone(), u64::try_from(total).unwrap_or(u64::MAX)));
    }
    if status == VALID {
        let problems = validate_mpma(&plain);
        if !problems.is_empty() {
            status = format!("invalid:{}", problems.join("; "));
        }
    }
    if status != VALID {
        return status;
    }
    for (asset, destination, quantity, _) in &plain {
        cx.credit(destination, asset, *quantity, "mpma send");
    }
    for (asset, quantity) in &debits {
        // Balances were checked per asset above.
        let _ = cx.debit(source, asset, *quantity, "mpma send");
    }
    plain.sort_by(|a, b| format!("{}{}", a.0, a.1).cmp(&format!("{}{}", b.0, b.1)));
    for (asset, destination, quantity, memo) in plain {
        let row = send_row(cx, tx, &destination, &asset, quantity, memo, VALID);
        cx.emit(Effect::Sent(row));
    }
    status
}

fn validate_mpma(list: &[(String, String, u64, Option<Vec<u8>>)]) -> Vec<String> {
    let mut problems: Vec<String> = Vec::new();
    if list.is_empty() {
        problems.push("send list cannot be empty".into());
    }
    if list.len() == 1 {
        problems.push("send list cannot have only one element".into());
    }
    // `itertools.groupby`: only adjacent repeats of (asset, destination) count.
    if list
        .windows(2)
        .any(|w| matches!(w, [x, y] if x.0 == y.0 && x.1 == y.1))
    {
        problems.push("cannot specify more than once a destination per asset".into());
    }
    for (asset, destination, quantity, _) in list {
        if asset == "BTC" {
            problems.push(format!("cannot send BTC to {destination}"));
        }
        if *quantity == 0 {
            problems.push(format!("zero quantity for {asset} to {destination}"));
        }
        if *quantity > MAX_INT {
            problems.push(format!("integer overflow for {asset} to {destination}"));
        }
        if destination.is_empty() {
            problems.push(format!("destination is required for {asset}"));
        }
    }
    problems
}

/// `n / 1e8` as Python prints the float (`0.006`, `1.0`), exact for fees below 10^15 units.
pub(crate) fn py_xcp(n: u64) -> String {
    let frac = format!("{:08}", n % UNIT);
    let frac = frac.trim_end_matches('0');
    format!("{}.{}", n / UNIT, if frac.is_empty() { "0" } else { frac })
}

/// The sweep fee: 0.002 XCP per positive balance (flag 1) and 0.004 XCP per asset ever issued (flag 2).
pub(crate) fn sweep_fee(view: &dyn LedgerState, source: &str, flags: u8) -> u64 {
    let flags = if flags > FLAGS_ALL || flags & (FLAG_BALANCES | FLAG_OWNERSHIP) == 0 {
        FLAGS_ALL
    } else {
        flags
    };
    let balances = if flags & FLAG_BALANCES != 0 {
        view.positive_balances(source).len() as u64
    } else {
        0
    };
    let issued = if flags & FLAG_OWNERSHIP != 0 {
        view.assets_issued_by(source).len() as u64
    } else {
        0
    };
    balances
        .saturating_mul(SWEEP_FEE_PER_BALANCE)
        .saturating_add(issued.saturating_mul(SWEEP_FEE_PER_ASSET))
}

/// Sweep: every positive balance (flag 1) and the ownership of every asset the source owns (flag 2).
pub(crate) fn sweep(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Sweep) -> String {
    let source = tx.source.as_str();
    let memo = m.memo.as_ref().map(Memo::to_bytes);
    let total_fee = sweep_fee(&cx.view, source, m.flags);
    let mut problems: Vec<String> = Vec::new();
    if m.destination == source {
        problems.push("destination cannot be the same as source".into());
    }
    if cx.bal(source, "XCP") < total_fee {
        problems.push(format!(
            "insufficient XCP balance for sweep. Need {} XCP for antispam fee",
            py_xcp(total_fee)
        ));
    }
    if m.flags > FLAGS_ALL {
        problems.push(format!("invalid flags {}", m.flags));
    } else if m.flags & (FLAG_BALANCES | FLAG_OWNERSHIP) == 0 {
        problems.push("must specify which kind of transfer in flags".into());
    }
    if memo.as_ref().is_some_and(|b| b.len() > MAX_MEMO_LENGTH) {
        problems.push("memo too long".into());
    }
    let mut status = status_of(&problems);
    if status == VALID && total_fee > 0 && cx.fee(source, total_fee, "sweep fee").is_err() {
        status = "invalid: insufficient balance for antispam fee for sweep".into();
    }
    if status != VALID {
        cx.emit(Effect::Swept(SweepRow {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            destination: m.destination.clone(),
            flags: m.flags,
            memo,
            fee_paid: 0,
            status: status.clone(),
        }));
        return status;
    }
    if m.flags & FLAG_BALANCES != 0 {
        for (asset, quantity) in cx.view.positive_balances(source) {
            if cx.debit(source, &asset, quantity, "sweep").is_ok() {
                cx.credit(&m.destination, &asset, quantity, "sweep");
            }
        }
    }
    if m.flags & FLAG_OWNERSHIP != 0 {
        let mut position = 0;
        for asset in cx.view.assets_issued_by(source) {
            let Some(last) = cx.view.asset(&asset) else {
                continue;
            };
            if last.issuer != source {
                continue;
            }
            cx.emit(Effect::Issuance(IssuanceRow {
                tx_hash: tx.tx_hash.clone(),
                tx_index: tx.tx_index,
                msg_index: position,
                block_index: cx.height,
                asset: Some(asset.clone()),
                quantity: 0,
                divisible: last.divisible,
                source: last.last_source.clone(),
                issuer: m.destination.clone(),
                transfer: true,
                description: last.description.clone(),
                mime_type: last.mime_type.clone(),
                fee_paid: 0,
                locked: last.locked,
                description_locked: false,
                reset: false,
                fair_minting: false,
                status: VALID.into(),
                asset_longname: last.asset_longname.clone(),
                asset_events: "transfer".into(),
            }));
            position += 1;
        }
    }
    cx.emit(Effect::Swept(SweepRow {
        tx_hash: tx.tx_hash.clone(),
        source: source.to_owned(),
        destination: m.destination.clone(),
        flags: m.flags,
        memo,
        fee_paid: total_fee,
        status: status.clone(),
    }));
    status
}
