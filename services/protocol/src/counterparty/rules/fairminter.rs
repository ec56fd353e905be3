//! Fairminter (90) and the fairminter block hooks: `lib/messages/fairminter.py`. AMM pools (`pool_quantity > 0`)
//! are not supported: such a fairminter is invalid here (`"pool_quantity is not supported"`).

use sha3::Shake256;
use sha3::digest::{ExtendableOutput, Update, XofReader};

use super::cx::{Cx, status_of};
use super::effect::{DestructionRow, Effect, IssuanceRow};
use super::state::LedgerState;
use super::state::{AssetInfo, FairminterInfo, FairminterStatus};
use super::{LedgerTx, MAX_INT, NAMED_ASSET_FEE, VALID, content};
use crate::asset::{self, MIN_NUMERIC_ID};
use crate::counterparty::message::Fairminter;

/// Commissions at or below this (in 1e-8) are refused (`MIN_MINTED_ASSET_COMMISSION` = 0.0000001).
const MIN_COMMISSION_INT: u64 = 10;

/// The asset a fairminter names: (parent, child, long name, the existing asset).
struct Target {
    parent: String,
    child: String,
    longname: Option<String>,
    existing: Option<AssetInfo>,
}

impl Target {
    fn name(&self) -> String {
        self.longname.clone().unwrap_or_else(|| self.child.clone())
    }
}

fn target(cx: &Cx<'_>, m: &Fairminter) -> Target {
    let (mut parent, mut child) = (m.asset_parent.clone(), m.asset.clone());
    if parent.is_empty()
        && let Some(longname) = cx.view.asset(&child).and_then(|a| a.asset_longname)
        && let Some((p, c)) = longname.split_once('.')
    {
        parent = p.to_owned();
        child = c.to_owned();
    }
    let longname = (!parent.is_empty()).then(|| format!("{parent}.{child}"));
    let existing = match &longname {
        Some(l) => cx.view.asset_by_longname(l).and_then(|a| cx.view.asset(&a)),
        None => cx.view.asset(&child),
    };
    Target {
        parent,
        child,
        longname,
        existing,
    }
}

fn validate(cx: &Cx<'_>, source: &str, m: &Fairminter, t: &Target) -> Vec<String> {
    let mut problems: Vec<String> = Vec::new();
    if m.asset == "XCP" || m.asset == "BTC" {
        problems.push(format!("`{}` can't be fairminted.", m.asset));
    }
    let integers = [
        ("price", m.price),
        ("quantity_by_price", m.quantity_by_price),
        ("max_mint_per_tx", m.max_mint_per_tx),
        ("max_mint_per_address", m.max_mint_per_address),
        ("hard_cap", m.hard_cap),
        ("premint_quantity", m.premint_quantity),
        ("start_block", m.start_block),
        ("end_block", m.end_block),
        ("soft_cap", m.soft_cap),
        ("soft_cap_deadline_block", m.soft_cap_deadline_block),
        ("pool_quantity", m.pool_quantity),
    ];
    for (name, value) in integers {
        if value > MAX_INT {
            problems.push(format!("`{name}` exceeds maximum value"));
        }
    }
    if m.quantity_by_price < 1 {
        problems.push("quantity_by_price must be >= 1".into());
    }
    let commission = m.minted_asset_commission_int;
    if commission >= super::UNIT {
        problems.push(
            "`minted_asset_commission` must be less than 0 or greater than or equal to 1".into(),
        );
    } else if commission > 0 && commission <= MIN_COMMISSION_INT {
        problems.push("minted_asset_commission must be 0 or greater than 0.0000001".into());
    }
    if m.max_mint_per_address > 0 && m.max_mint_per_tx > m.max_mint_per_address {
        problems.push("max_mint_per_tx must be <= max_mint_per_address.".into());
    }
    let named = asset::id_from_name(&m.asset).and_then(|_| {
        if m.asset_parent.is_empty() {
            Ok(0)
        } else {
            asset::id_from_name(&m.asset_parent)
        }
    });
    if let Err(e) = named {
        problems.push(format!("Invalid asset name: {e}"));
    }
    let name = t.name();
    if t.existing.is_none()
        && t.parent.is_empty()
        && cx
            .view
            .active_fairminters()
            .iter()
            .any(|f| f.lp_asset.as_deref() == Some(t.child.as_str()))
    {
        problems.push(format!(
            "`{}` is earmarked as lp_asset by an active fairminter",
            t.child
        ));
    }
    match &t.existing {
        Some(existing) => {
            if existing.fair_minting {
                problems.push(format!("Fair minter already opened for `{name}`."));
            }
            if existing.locked {
                problems.push(format!("Asset `{name}` is locked."));
            }
            if existing.issuer != source {
                problems.push(format!("Asset `{name}` is not issued by `{source}`."));
            }
            if !m.description.is_empty()
                && existing.description_locked
                && existing.description != m.description
            {
                problems.push(format!("Description of asset `{name}` is locked."));
            }
            let total = u128::from(existing.supply())
                + u128::from(m.premint_quantity)
                + u128::from(m.pool_quantity);
            if m.hard_cap > 0 && total >= u128::from(m.hard_cap) {
                problems.push(format!("Hard cap of asset `{name}` is already reached."));
            }
            if existing.divisible != m.divisible {
                problems.push(format!("Divisibility of asset `{name}` is different."));
            }
        }
        None => {
            if m.premint_quantity > 0 && m.premint_quantity >= m.hard_cap && m.hard_cap > 0 {
                problems.push("Premint quantity must be < hard cap.".into());
            }
            if !t.parent.is_empty() {
                if cx.view.asset(&t.parent).is_none() {
                    problems.push("Asset parent does not exist".into());
                }
            } else if !t.child.starts_with('A') && cx.bal(source, "XCP") < NAMED_ASSET_FEE {
                problems.push("insufficient XCP balance to pay fee".into());
            }
        }
    }
    if m.price == 0 && m.max_mint_per_tx == 0 {
        problems.push("Price or max_mint_per_tx must be > 0.".into());
    }
    if m.end_block > 0 && m.start_block > m.end_block {
        problems.push("Start block must be <= end block.".into());
    }
    if m.hard_cap > 0 && m.soft_cap > m.hard_cap {
        problems.push("Soft cap must be <= hard cap.".into());
    }
    if m.hard_cap > 0 && m.price > 0 && !m.hard_cap.is_multiple_of(m.quantity_by_price.max(1)) {
        problems.push("hard cap must be a multiple of lot size".into());
    }
    if m.soft_cap > 0 {
        let deadline = m.soft_cap_deadline_block;
        if deadline == 0 {
            problems
                .push("Soft cap deadline block must be specified if soft cap is specified.".into());
        } else if m.end_block > 0 && deadline >= m.end_block {
            problems.push("Soft cap deadline block must be < end block.".into());
        } else if deadline <= m.start_block {
            problems.push("Soft cap deadline block must be > start block.".into());
        } else if m.premint_quantity > 0
            && m.hard_cap > 0
            && u128::from(m.soft_cap) + u128::from(m.premint_quantity) > u128::from(m.hard_cap)
        {
            problems.push("Premint quantity + soft cap must be <= hard cap.".into());
        }
    }
    if m.pool_quantity > 0 {
        problems.push("pool_quantity is not supported".into());
    }
    problems.extend(content::check_content(&m.mime_type, &m.description));
    problems
}

/// `deterministic_random_asset_name`: `A` + (first 4 bytes of SHAKE-256(longname)) + 26^12 + 1, moved past
/// names already taken.
fn random_asset_name(cx: &Cx<'_>, longname: &str) -> String {
    let mut hasher = Shake256::default();
    hasher.update(longname.as_bytes());
    let mut out = [0u8; 4];
    hasher.finalize_xof().read(&mut out);
    let base = u64::from(u32::from_be_bytes(out)) + MIN_NUMERIC_ID;
    let mut add = 0;
    loop {
        let name = format!("A{}", base + add);
        if cx.view.asset(&name).is_none() {
            return name;
        }
        add += 1;
    }
}

/// A fairminter message.
pub(crate) fn fairminter(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Fairminter) -> String {
    let source = tx.source.as_str();
    let t = target(cx, m);
    let mut problems = validate(cx, source, m, &t);
    if m.soft_cap > 0 && m.soft_cap_deadline_block <= cx.height {
        problems.push("Soft cap deadline block must be > start block.".into());
    }
    if !problems.is_empty() {
        let status = status_of(&problems);
        cx.emit(Effect::FairminterInvalid {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            status: status.clone(),
        });
        return status;
    }
    let height = cx.height;
    let mut status = FairminterStatus::Pending;
    if m.start_block == 0 || height >= m.start_block {
        status = FairminterStatus::Open;
    }
    if m.end_block > 0 && height > m.end_block {
        status = FairminterStatus::Closed;
    }
    let mut fee = 0;
    let asset_name = match (&t.longname, &t.existing) {
        (_, Some(existing)) => existing.asset.clone(),
        (Some(longname), None) => random_asset_name(cx, longname),
        (None, None) => {
            if !t.child.starts_with('A') {
                fee = NAMED_ASSET_FEE;
            }
            t.child.clone()
        }
    };
    let pre_minted = status == FairminterStatus::Open && m.premint_quantity > 0 && m.soft_cap == 0;
    let description = match &t.existing {
        Some(existing) if m.description.is_empty() => existing.description.clone(),
        _ => m.description.clone(),
    };
    cx.emit(Effect::FairminterCreated(FairminterInfo {
        tx_hash: tx.tx_hash.clone(),
        tx_index: tx.tx_index,
        block_index: height,
        source: source.to_owned(),
        asset: asset_name.clone(),
        asset_parent: (!t.parent.is_empty()).then(|| t.parent.clone()),
        asset_longname: t.longname.clone(),
        description: description.clone(),
        mime_type: m.mime_type.clone(),
        price: m.price,
        quantity_by_price: m.quantity_by_price,
        hard_cap: m.hard_cap,
        burn_payment: m.burn_payment,
        max_mint_per_tx: m.max_mint_per_tx,
        max_mint_per_address: m.max_mint_per_address,
        premint_quantity: m.premint_quantity,
        start_block: m.start_block,
        end_block: m.end_block,
        minted_asset_commission_int: m.minted_asset_commission_int,
        soft_cap: m.soft_cap,
        soft_cap_deadline_block: m.soft_cap_deadline_block,
        lock_description: m.lock_description,
        lock_quantity: m.lock_quantity,
        divisible: m.divisible,
        pre_minted,
        status,
        pool_quantity: m.pool_quantity,
        lp_asset: m.lp_asset.clone(),
    }));
    if t.existing.is_none() {
        cx.emit(Effect::AssetCreated {
            asset: asset_name.clone(),
            asset_id: asset::id_from_name(&asset_name).unwrap_or_default(),
            asset_longname: t.longname.clone(),
            block_index: height,
        });
    }
    cx.emit(Effect::Issuance(IssuanceRow {
        tx_hash: tx.tx_hash.clone(),
        tx_index: tx.tx_index,
        msg_index: 0,
        block_index: height,
        asset: Some(asset_name.clone()),
        quantity: m.premint_quantity.saturating_add(m.pool_quantity),
        divisible: m.divisible,
        source: source.to_owned(),
        issuer: source.to_owned(),
        transfer: false,
        description,
        mime_type: m.mime_type.clone(),
        fee_paid: fee,
        locked: false,
        description_locked: false,
        reset: false,
        fair_minting: true,
        status: VALID.into(),
        asset_longname: t.longname.clone(),
        asset_events: "open_fairminter".into(),
    }));
    if pre_minted {
        cx.credit(source, &asset_name, m.premint_quantity, "premint");
    } else if m.premint_quantity > 0 {
        let unspendable = cx.unspendable();
        cx.credit(
            unspendable,
            &asset_name,
            m.premint_quantity,
            "escrowed premint",
        );
    }
    if fee > 0 && cx.fee(source, fee, "fairminter fee").is_err() {
        // Validation checked the balance.
        return "invalid: insufficient XCP balance to pay fee".into();
    }
    VALID.into()
}

/// `close_fairminter`: status closed, and an issuance row that ends the fair minting (with the lock flags).
pub(crate) fn close_fairminter(cx: &mut Cx<'_>, f: &FairminterInfo) {
    let mut closed = f.clone();
    closed.status = FairminterStatus::Closed;
    cx.emit(Effect::FairminterUpdated(closed));
    let Some(last) = cx.view.asset(&f.asset) else {
        return;
    };
    cx.emit(Effect::Issuance(IssuanceRow {
        tx_hash: last.last_tx_hash.clone(),
        tx_index: last.last_tx_index,
        msg_index: last.last_msg_index + 1,
        block_index: cx.height,
        asset: Some(f.asset.clone()),
        quantity: 0,
        divisible: last.divisible,
        source: last.last_source.clone(),
        issuer: last.issuer.clone(),
        transfer: false,
        description: last.description.clone(),
        mime_type: last.mime_type.clone(),
        fee_paid: 0,
        locked: f.lock_quantity || last.locked,
        description_locked: f.lock_description || last.description_locked,
        reset: false,
        fair_minting: false,
        status: VALID.into(),
        asset_longname: last.asset_longname.clone(),
        asset_events: "close_fairminter".into(),
    }));
}

/// `soft_cap_deadline_reached`: unescrow everything; refund (cap missed) or pay the issuer (cap met).
pub(crate) fn soft_cap_deadline_reached(cx: &mut Cx<'_>, f: &FairminterInfo) {
    let fairmints = cx.view.fairmints(&f.tx_hash);
    let minted: u64 = fairmints
        .iter()
        .map(|m| m.earn_quantity.saturating_add(m.commission))
        .fold(0, u64::saturating_add);
    let paid: u64 = fairmints
        .iter()
        .map(|m| m.paid_quantity)
        .fold(0, u64::saturating_add);
    let supply = minted
        .saturating_add(f.premint_quantity)
        .saturating_add(f.pool_quantity);
    let unspendable = cx.unspendable();
    let reached = minted >= f.soft_cap;
    // The escrow holds exactly these amounts; a shortfall would be a state inconsistency: skip the debit.
    if supply > 0 {
        let _ = cx.debit_with(
            unspendable,
            &f.asset,
            supply,
            "unescrowed fairmint",
            &f.tx_hash,
            0,
        );
    }
    if paid > 0 {
        let _ = cx.debit_with(
            unspendable,
            "XCP",
            paid,
            "unescrowed fairmint payment",
            &f.tx_hash,
            0,
        );
    }
    for m in &fairmints {
        if m.paid_quantity > 0 {
            if !reached {
                cx.credit_with(
                    &m.source,
                    "XCP",
                    m.paid_quantity,
                    "fairmint refund",
                    &m.tx_hash,
                    m.tx_index,
                );
            } else if f.burn_payment {
                cx.emit(Effect::Destroyed(DestructionRow {
                    tx_hash: m.tx_hash.clone(),
                    source: m.source.clone(),
                    asset: Some("XCP".into()),
                    quantity: m.paid_quantity,
                    tag: b"burned fairmint payment".to_vec(),
                    status: VALID.into(),
                }));
            } else {
                cx.credit_with(
                    &f.source,
                    "XCP",
                    m.paid_quantity,
                    "fairmint payment",
                    &m.tx_hash,
                    m.tx_index,
                );
            }
        }
        if reached {
            cx.credit_with(
                &m.source,
                &f.asset,
                m.earn_quantity,
                "unescrowed fairmint",
                &m.tx_hash,
                m.tx_index,
            );
            if m.commission > 0 {
                cx.credit_with(
                    &f.source,
                    &f.asset,
                    m.commission,
                    "fairmint commission",
                    &m.tx_hash,
                    m.tx_index,
                );
            }
        }
    }
    if !reached {
        close_fairminter(cx, f);
        if supply > 0 {
            cx.emit(Effect::Destroyed(DestructionRow {
                tx_hash: f.tx_hash.clone(),
                source: f.source.clone(),
                asset: Some(f.asset.clone()),
                quantity: supply,
                tag: b"soft cap not reached".to_vec(),
                status: VALID.into(),
            }));
        }
    } else if f.premint_quantity > 0 {
        cx.credit_with(
            &f.source,
            &f.asset,
            f.premint_quantity,
            "premint",
            &f.tx_hash,
            0,
        );
    }
}

/// Start of block: fairminters whose `start_block` is this block open (and credit a premint without soft cap).
pub(crate) fn open_pending(cx: &mut Cx<'_>) {
    let height = cx.height;
    for f in cx.view.active_fairminters() {
        if f.start_block != height || f.status != FairminterStatus::Pending {
            continue;
        }
        let mut opened = f.clone();
        opened.status = FairminterStatus::Open;
        if f.premint_quantity > 0 && f.soft_cap == 0 {
            let unspendable = cx.unspendable();
            let q = f.premint_quantity;
            let event = f.tx_hash.as_str();
            if cx
                .debit_with(unspendable, &f.asset, q, "unescrowed premint", event, 0)
                .is_ok()
            {
                cx.credit_with(&f.source, &f.asset, q, "premint", event, 0);
            }
            opened.pre_minted = true;
        }
        cx.emit(Effect::FairminterUpdated(opened));
    }
}

/// End of block: soft-cap deadlines of open fairminters, then closes at `end_block`.
pub(crate) fn after_block(cx: &mut Cx<'_>) {
    let height = cx.height;
    for f in cx.view.active_fairminters() {
        if f.status == FairminterStatus::Open
            && f.soft_cap > 0
            && f.soft_cap_deadline_block == height
        {
            soft_cap_deadline_reached(cx, &f);
        }
    }
    for f in cx.view.active_fairminters() {
        if f.end_block == height {
            close_fairminter(cx, &f);
        }
    }
}
