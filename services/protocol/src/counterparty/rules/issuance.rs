//! Issuance (20/22) and subasset issuance (21/23): `lib/messages/issuance.py`.

use super::cx::{Cx, status_of};
use super::effect::{DestructionRow, Effect, IssuanceRow};
use super::state::{AssetInfo, LedgerState};
use super::writes::is_utxo;
use super::{LedgerTx, MAX_INT, NAMED_ASSET_FEE, VALID, content};
use crate::asset;
use crate::counterparty::message::Issuance;

/// What validation found.
struct Checked {
    problems: Vec<String>,
    fee: u64,
}

/// Whether `text.lower()` (Python's full Unicode lowercasing, as `str::to_lowercase`) equals `keyword`. No
/// character lowercases to nothing, so a text of more characters than the keyword never does: a stamp's
/// description (the whole file in base64) is answered without lowercasing it.
fn lowercase_is(text: &str, keyword: &str) -> bool {
    // At most four bytes per character: more bytes than that is more characters than the keyword has.
    text.len() <= 4 * keyword.chars().count() && text.to_lowercase() == keyword
}

/// Address holders of `asset` with a positive balance (`get_asset_balances`, which groups by address).
fn address_holders(view: &dyn LedgerState, asset: &str) -> Vec<(String, u64)> {
    view.holders(asset)
        .into_iter()
        .filter(|(h, _)| !is_utxo(h))
        .collect()
}

fn validate(
    cx: &Cx<'_>,
    source: &str,
    m: &Issuance,
    description: &str,
    subasset: Option<&(String, String)>,
    last: Option<&AssetInfo>,
) -> Checked {
    let mut problems: Vec<String> = Vec::new();
    let asset = m.asset.as_str();
    if asset == "BTC" || asset == "XCP" {
        problems.push("cannot issue BTC or XCP".into());
    }
    match last {
        Some(last) => {
            if last.fair_minting {
                problems.push("cannot issue during fair minting".into());
            }
            if last.issuer != source {
                problems.push("issued by another address".into());
            }
            if last.divisible != m.divisible && !m.reset {
                problems.push("cannot change divisibility".into());
            }
            if last.locked && m.quantity != 0 {
                problems.push("locked asset and non\u{2010}zero quantity".into());
            }
            if last.locked && m.reset {
                problems.push("cannot reset a locked asset".into());
            }
            if last.description_locked {
                problems.push("Cannot update a locked description".into());
                if m.reset {
                    problems.push("Cannot reset issuance with locked description".into());
                }
            }
        }
        None => {
            if lowercase_is(description, "lock") {
                problems.push("cannot lock a non\u{2010}existent asset".into());
            }
            if m.reset {
                problems.push("cannot reset a non existent asset".into());
            }
            if cx
                .view
                .active_fairminters()
                .iter()
                .any(|f| f.lp_asset.as_deref() == Some(asset))
            {
                problems.push(format!("{asset} is earmarked by an active fairminter"));
            }
        }
    }
    if let (Some((parent, longname)), None) = (subasset, last) {
        match cx.view.asset(parent) {
            Some(p) if p.issuer != source => {
                problems.push("parent asset owned by another address".into());
            }
            Some(_) => {}
            None => problems.push("parent asset not found".into()),
        }
        if cx.view.asset_by_longname(longname).is_some() {
            problems.push("subasset already exists".into());
        }
        if !asset.starts_with('A') {
            problems.push("a subasset must be a numeric asset".into());
        }
    }
    let mut fee = 0;
    if last.is_none() {
        fee = if subasset.is_some() || asset.chars().count() >= 13 {
            0
        } else {
            NAMED_ASSET_FEE
        };
        if fee > 0 && cx.bal(source, "XCP") < fee {
            problems.push("insufficient funds".into());
        }
    }
    let issued = last.map_or(0, |l| l.issued);
    let overflow = if m.reset {
        m.quantity > MAX_INT
    } else {
        u128::from(issued) + u128::from(m.quantity) > u128::from(MAX_INT)
    };
    if overflow {
        problems.push("total quantity overflow".into());
    }
    if let (true, Some(last)) = (m.reset, last) {
        let holders = address_holders(&cx.view, asset);
        match holders.as_slice() {
            [] if last.supply() > 0 => {
                problems.push("Cannot reset an asset with no holder".into());
            }
            [] => {}
            [(holder, _)] if *holder != last.issuer => problems
                .push("Cannot reset an asset held by a different address than the owner".into()),
            [_] => {}
            _ => problems.push("Cannot reset an asset with many holders".into()),
        }
    }
    if fee > MAX_INT || m.quantity > MAX_INT {
        problems.push("integer overflow".into());
    }
    problems.extend(content::check_content(&m.mime_type, description));
    Checked { problems, fee }
}

/// Parses an issuance; returns the status.
pub(crate) fn parse(cx: &mut Cx<'_>, tx: &LedgerTx, m: &Issuance) -> String {
    let source = tx.source.as_str();
    let current = cx.view.asset(&m.asset);
    // `0xC0 NULL` keeps the current description.
    let mut description = m.description.clone().unwrap_or_else(|| {
        current
            .as_ref()
            .map(|a| a.description.clone())
            .unwrap_or_default()
    });
    let mut status = VALID.to_owned();
    let mut asset_name = Some(m.asset.clone());
    let mut subasset = None;
    if let Some(longname) = &m.asset_longname {
        let parsed = asset::validate_subasset_longname(longname)
            .and_then(|()| asset::parse_subasset_from_asset_name(longname, true));
        match parsed {
            Ok(Some(pair)) => subasset = Some(pair),
            _ => {
                asset_name = None;
                status = "invalid: bad subasset name".into();
            }
        }
    }
    let mut fee = 0;
    let mut reissuance = None;
    let mut last = None;
    if status == VALID {
        let checked = validate(
            cx,
            source,
            m,
            &description,
            subasset.as_ref(),
            current.as_ref(),
        );
        status = status_of(&checked.problems);
        fee = checked.fee;
        reissuance = Some(current.is_some());
        last = current.as_ref();
    }
    let reissued_longname = last.and_then(|l| l.asset_longname.clone());
    if status == VALID && m.reset {
        reset(cx, tx, m, &description, last, reissued_longname);
        return status;
    }
    let mut events: Vec<&str> = Vec::new();
    let (issuer, transfer) = if tx.destination.is_empty() {
        (source.to_owned(), false)
    } else {
        events.push("transfer");
        (tx.destination.clone(), true)
    };
    let valid = status == VALID;
    if valid && cx.fee(source, fee, "issuance fee").is_err() {
        // Validation checked the balance: unreachable, kept total.
        return "invalid: insufficient funds".into();
    }
    let mut lock = m.lock;
    let mut description_locked = false;
    if valid && !description.is_empty() {
        // The asset's description before; a new asset's is the one it is issued with.
        let last_description = current.as_ref().map(|a| a.description.as_str());
        let keyword = ["lock", "lock_description"]
            .into_iter()
            .find(|k| lowercase_is(&description, k));
        match keyword {
            Some(keyword) => {
                if let Some(last) = last_description {
                    description = last.to_owned();
                }
                if keyword == "lock" {
                    lock = true;
                } else {
                    description_locked = true;
                    events.push("lock_description");
                }
            }
            None if last_description.is_some_and(|last| last != description) => {
                events.push("change_description");
            }
            None => {}
        }
    }
    let is_reissuance = reissuance == Some(true);
    if valid && !is_reissuance {
        cx.emit(Effect::AssetCreated {
            asset: m.asset.clone(),
            asset_id: m.asset_id,
            asset_longname: subasset.as_ref().map(|(_, l)| l.clone()),
            block_index: cx.height,
        });
        events.push("creation");
    }
    let asset_longname = if valid && is_reissuance {
        reissued_longname
    } else {
        m.asset_longname.clone()
    };
    if lock {
        events.push("lock_quantity");
    }
    if is_reissuance && m.quantity > 0 {
        events.push("reissuance");
    }
    if !status.contains("integer overflow") {
        cx.emit(Effect::Issuance(IssuanceRow {
            tx_hash: tx.tx_hash.clone(),
            tx_index: tx.tx_index,
            msg_index: 0,
            block_index: cx.height,
            asset: asset_name,
            quantity: m.quantity,
            divisible: m.divisible,
            source: source.to_owned(),
            issuer,
            transfer,
            description,
            mime_type: m.mime_type.clone(),
            fee_paid: fee,
            locked: lock,
            description_locked,
            reset: m.reset,
            fair_minting: status.contains("cannot issue during fair minting"),
            status: status.clone(),
            asset_longname,
            asset_events: events.join(" "),
        }));
    }
    if valid && m.quantity > 0 {
        cx.credit(source, &m.asset, m.quantity, "issuance");
    }
    status
}

/// A valid reset (CIP-03): the owner's units are destroyed and the asset is issued anew.
fn reset(
    cx: &mut Cx<'_>,
    tx: &LedgerTx,
    m: &Issuance,
    description: &str,
    last: Option<&AssetInfo>,
    reissued_longname: Option<String>,
) {
    let source = tx.source.as_str();
    let holders = address_holders(&cx.view, &m.asset);
    let (owner_balance, owner) = match holders.as_slice() {
        [] => (0, last.map(|l| l.issuer.clone()).unwrap_or_default()),
        [(holder, q)] => (*q, holder.clone()),
        _ => return,
    };
    if owner != source {
        return;
    }
    if owner_balance > 0
        && cx
            .debit(source, &m.asset, owner_balance, "reset destroy")
            .is_ok()
    {
        cx.emit(Effect::Destroyed(DestructionRow {
            tx_hash: tx.tx_hash.clone(),
            source: source.to_owned(),
            asset: Some(m.asset.clone()),
            quantity: owner_balance,
            tag: b"reset".to_vec(),
            status: VALID.into(),
        }));
    }
    cx.emit(Effect::Issuance(IssuanceRow {
        tx_hash: tx.tx_hash.clone(),
        tx_index: tx.tx_index,
        msg_index: 0,
        block_index: cx.height,
        asset: Some(m.asset.clone()),
        quantity: m.quantity,
        divisible: m.divisible,
        source: source.to_owned(),
        issuer: source.to_owned(),
        transfer: false,
        description: description.to_owned(),
        mime_type: m.mime_type.clone(),
        fee_paid: 0,
        locked: m.lock,
        description_locked: false,
        reset: true,
        fair_minting: false,
        status: VALID.into(),
        asset_longname: reissued_longname,
        asset_events: "reset".into(),
    }));
    if m.quantity > 0 {
        cx.credit(source, &m.asset, m.quantity, "reset issuance");
    }
}
