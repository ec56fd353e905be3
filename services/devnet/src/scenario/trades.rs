//! The market's actions: dispensers and dispenses, sends, MPMA sends, sweeps, destroys, dividends,
//! fairminters and fairmints, and balances attached to UTXOs (attach, atomic swap, detach). Like
//! [`super::acts`], each checks its preconditions and updates the intended ledger as Counterparty decides.

use bitcoin::OutPoint;
use stamps_protocol::counterparty::message::{
    Attach, Destroy, Detach, Dispenser, Dividend, EnhancedSend, Fairmint, Fairminter, Memo,
    Message, Mpma, MpmaAsset, MpmaSend, Sweep,
};

use super::acts::{
    DISPENSER_CLOSE_DELAY, DIVIDEND_FEE_PER_HOLDER, FairKind, NAMED_ASSET_FEE, SECOND,
    SWEEP_FEE_PER_BALANCE, pick,
};
use super::builder::{Builder, DUST};
use super::demo::{ARTISTS, COLLECTORS, SHOPS, dust_to, utxo_name};
use super::intent::AssetIntent;
use super::world::{Attached, Fair, Named, OpenDispenser, World};

/// A stamp (or indivisible asset) `from` holds at least `min` units of, outside shops and named assets.
pub(super) fn stamp_holding(
    b: &Builder,
    w: &mut World,
    holders: std::ops::Range<usize>,
    min: u64,
) -> Option<(usize, String, u64)> {
    stock_holding(b, w, holders, min, |_, _| true)
}

/// As [`stamp_holding`], among the stamps `stock` accepts.
fn stock_holding(
    b: &Builder,
    w: &mut World,
    holders: std::ops::Range<usize>,
    min: u64,
    stock: impl Fn(&World, &str) -> bool,
) -> Option<(usize, String, u64)> {
    let mut found = Vec::new();
    for cpid in w.stamps.iter().filter(|c| stock(w, c)) {
        for actor in holders.clone() {
            let q = w.book.balance(&b.addresses[actor], cpid);
            if q >= min {
                found.push((actor, cpid.clone(), q));
            }
        }
    }
    (!found.is_empty()).then(|| found[w.rng.pick(found.len())].clone())
}

fn send_message(asset: &str, quantity: u64, to: &str, memo: Option<Memo>) -> Option<Message> {
    Some(Message::EnhancedSend(EnhancedSend {
        asset_id: stamps_protocol::asset::id_from_name(asset).ok()?,
        asset: asset.to_owned(),
        quantity,
        address: to.to_owned(),
        memo,
    }))
}

pub(super) fn open_dispenser(b: &mut Builder, w: &mut World) -> bool {
    open_dispenser_of(b, w, ARTISTS, 2, |_, _| true)
}

/// A free shop takes a consignment of a stamp `stock` accepts from one of `consignors` holding at least `min`,
/// and lists it in a dispenser of one unit per lot.
pub(super) fn open_dispenser_of(
    b: &mut Builder,
    w: &mut World,
    consignors: std::ops::Range<usize>,
    min: u64,
    stock: impl Fn(&World, &str) -> bool,
) -> bool {
    let Some(shop) = SHOPS
        .clone()
        .find(|s| !w.dispensers.contains_key(s) && !w.closing.iter().any(|c| c.shop == *s))
    else {
        return false;
    };
    // Consignment: a holder's units go to the shop, which lists them.
    let Some((artist, cpid, held)) = stock_holding(b, w, consignors, min, stock) else {
        return false;
    };
    let lots = w.rng.range(min, held);
    let shop_address = b.addresses[shop].clone();
    let Some(send) = send_message(&cpid, lots, &shop_address, None) else {
        return false;
    };
    if b.message(artist, send, Vec::new(), true).is_none() {
        return false;
    }
    w.book
        .transfer(&b.addresses[artist].clone(), &shop_address, &cpid, lots);
    let rate = w.rng.range(5, 400) * 5_000;
    let message = Message::Dispenser(Dispenser {
        asset_id: stamps_protocol::asset::id_from_name(&cpid).unwrap_or(0),
        asset: cpid.clone(),
        give_quantity: 1,
        escrow_quantity: lots,
        mainchainrate: rate,
        dispenser_status: 0,
        action_address: None,
        oracle_address: None,
    });
    let Some(txid) = b.message(shop, message, Vec::new(), true) else {
        return false;
    };
    w.book.debit(&shop_address, &cpid, lots);
    w.book.dispensers.insert(txid.to_string(), 0);
    w.dispensers.insert(
        shop,
        OpenDispenser {
            txid: txid.to_string(),
            shop,
            asset: cpid,
            give: 1,
            remaining: lots,
            rate,
        },
    );
    true
}

pub(super) fn refill(b: &mut Builder, w: &mut World) -> bool {
    let Some(d) = w.dispensers.values().find(|d| d.remaining > 0).cloned() else {
        return false;
    };
    let shop_address = b.addresses[d.shop].clone();
    let Some((artist, _, held)) = stamp_holding(b, w, ARTISTS, 1)
        .filter(|(_, c, _)| *c == d.asset)
        .or_else(|| {
            ARTISTS
                .clone()
                .map(|a| {
                    (
                        a,
                        d.asset.clone(),
                        w.book.balance(&b.addresses[a], &d.asset),
                    )
                })
                .find(|(_, _, q)| *q > 0)
        })
    else {
        return false;
    };
    let extra = held.min(3);
    let Some(send) = send_message(&d.asset, extra, &shop_address, None) else {
        return false;
    };
    if b.message(artist, send, Vec::new(), true).is_none() {
        return false;
    }
    w.book
        .transfer(&b.addresses[artist].clone(), &shop_address, &d.asset, extra);
    let message = Message::Dispenser(Dispenser {
        asset_id: stamps_protocol::asset::id_from_name(&d.asset).unwrap_or(0),
        asset: d.asset.clone(),
        give_quantity: d.give,
        escrow_quantity: extra,
        mainchainrate: d.rate,
        dispenser_status: 0,
        action_address: None,
        oracle_address: None,
    });
    if b.message(d.shop, message, Vec::new(), true).is_none() {
        return false;
    }
    w.book.debit(&shop_address, &d.asset, extra);
    if let Some(open) = w.dispensers.get_mut(&d.shop) {
        open.remaining += extra;
    }
    true
}

pub(super) fn close_dispenser(b: &mut Builder, w: &mut World) -> bool {
    let Some(shop) = w.dispensers.keys().copied().next_back() else {
        return false;
    };
    let Some(d) = w.dispensers.remove(&shop) else {
        return false;
    };
    let message = Message::Dispenser(Dispenser {
        asset_id: stamps_protocol::asset::id_from_name(&d.asset).unwrap_or(0),
        asset: d.asset.clone(),
        give_quantity: 0,
        escrow_quantity: 0,
        mainchainrate: 0,
        dispenser_status: 10,
        action_address: None,
        oracle_address: None,
    });
    if b.message(shop, message, Vec::new(), true).is_none() {
        w.dispensers.insert(shop, d);
        return false;
    }
    w.book.dispensers.insert(d.txid.clone(), 11);
    w.closing.push(super::world::Closing {
        txid: d.txid,
        shop,
        asset: d.asset,
        remaining: d.remaining,
        at: b.height() + DISPENSER_CLOSE_DELAY,
    });
    true
}

pub(super) fn dispense(b: &mut Builder, w: &mut World) -> bool {
    let open: Vec<OpenDispenser> = w.dispensers.values().cloned().collect();
    if open.is_empty() {
        return false;
    }
    let d = open[w.rng.pick(open.len())].clone();
    let buyer = pick(w, COLLECTORS);
    let lots = w.rng.range(1, (d.remaining / d.give).min(3));
    let paid = lots * d.rate;
    let quantity = lots * d.give;
    if b.dispense(buyer, d.shop, &d.asset, paid, quantity)
        .is_none()
    {
        return false;
    }
    w.book
        .credit(&b.addresses[buyer].clone(), &d.asset, quantity);
    let remaining = d.remaining - quantity;
    if remaining < d.give {
        w.dispensers.remove(&d.shop);
        w.book.dispensers.insert(d.txid, 10);
        w.book
            .credit(&b.addresses[d.shop].clone(), &d.asset, remaining);
    } else if let Some(open) = w.dispensers.get_mut(&d.shop) {
        open.remaining = remaining;
    }
    true
}

pub(super) fn enhanced_send(b: &mut Builder, w: &mut World) -> bool {
    let Some((from, cpid, held)) = stamp_holding(b, w, 1..SHOPS.start, 1) else {
        return false;
    };
    let to = pick(w, 1..SHOPS.start);
    if to == from {
        return false;
    }
    let quantity = w.rng.range(1, held.min(5));
    let memo = w.rng.chance(30).then(|| Memo::Bytes(b"gift".to_vec()));
    let to_address = b.addresses[to].clone();
    let Some(message) = send_message(&cpid, quantity, &to_address, memo) else {
        return false;
    };
    if b.message(from, message, Vec::new(), true).is_none() {
        return false;
    }
    w.book
        .transfer(&b.addresses[from].clone(), &to_address, &cpid, quantity);
    true
}

pub(super) fn mpma(b: &mut Builder, w: &mut World) -> bool {
    let from = pick(w, ARTISTS);
    let address = b.addresses[from].clone();
    let held: Vec<(String, u64)> = w
        .stamps
        .iter()
        .map(|c| (c.clone(), w.book.balance(&address, c)))
        .filter(|(_, q)| *q >= 2)
        .take(2)
        .collect();
    if held.is_empty() {
        return false;
    }
    let recipients = [pick(w, COLLECTORS), pick(w, COLLECTORS)];
    if recipients[0] == recipients[1] {
        return false;
    }
    let mut assets = Vec::new();
    for (cpid, _) in &held {
        assets.push(MpmaAsset {
            asset_id: stamps_protocol::asset::id_from_name(cpid).unwrap_or(0),
            asset: cpid.clone(),
            sends: recipients
                .iter()
                .map(|r| MpmaSend {
                    address: b.addresses[*r].clone(),
                    quantity: 1,
                    memo: None,
                })
                .collect(),
        });
    }
    let message = Message::Mpma(Mpma { memo: None, assets });
    if b.message(from, message, Vec::new(), true).is_none() {
        return false;
    }
    for (cpid, _) in &held {
        for r in recipients {
            w.book.transfer(&address, &b.addresses[r].clone(), cpid, 1);
        }
    }
    true
}

pub(super) fn sweep(b: &mut Builder, w: &mut World) -> bool {
    let from = pick(w, COLLECTORS);
    let to = pick(w, COLLECTORS);
    if from == to || w.attached.iter().any(|a| a.owner == from) {
        return false;
    }
    let address = b.addresses[from].clone();
    let balances: Vec<(String, u64)> = w
        .book
        .balances
        .iter()
        .filter(|((h, _), q)| *h == address && **q > 0)
        .map(|((_, a), q)| (a.clone(), *q))
        .collect();
    let fee = SWEEP_FEE_PER_BALANCE * balances.len() as u64;
    if w.book.balance(&address, "XCP") < fee {
        return false;
    }
    let message = Message::Sweep(Sweep {
        destination: b.addresses[to].clone(),
        flags: stamps_protocol::counterparty::message::FLAG_BALANCES,
        memo: Some(Memo::Text("moving wallets".into())),
    });
    if b.message(from, message, Vec::new(), true).is_none() {
        return false;
    }
    w.book.debit(&address, "XCP", fee);
    let to_address = b.addresses[to].clone();
    for (asset, _) in balances {
        let q = w.book.balance(&address, &asset);
        w.book.transfer(&address, &to_address, &asset, q);
    }
    true
}

pub(super) fn destroy(b: &mut Builder, w: &mut World) -> bool {
    let Some((from, cpid, _)) = stamp_holding(b, w, 1..SHOPS.start, 1) else {
        return false;
    };
    let message = Message::Destroy(Destroy {
        asset_id: stamps_protocol::asset::id_from_name(&cpid).unwrap_or(0),
        asset: cpid.clone(),
        quantity: 1,
        tag: b"burned on the devnet".to_vec(),
    });
    if b.message(from, message, Vec::new(), true).is_none() {
        return false;
    }
    w.book.debit(&b.addresses[from].clone(), &cpid, 1);
    true
}

pub(super) fn dividend(b: &mut Builder, w: &mut World) -> bool {
    // Indivisible assets only: the per-holder amount is then an exact integer product.
    let candidates: Vec<Named> = w.named.iter().filter(|n| !n.divisible).cloned().collect();
    for asset in candidates {
        let issuer = b.addresses[asset.issuer].clone();
        let holders: Vec<(String, u64)> = w
            .book
            .balances
            .iter()
            .filter(|((h, a), q)| *a == asset.name && *h != issuer && **q > 0)
            .map(|((h, _), q)| (h.clone(), *q))
            .collect();
        if holders.is_empty() {
            continue;
        }
        let per_unit = 1_000u64;
        let total: u64 = holders.iter().map(|(_, q)| q * per_unit).sum();
        let fee = DIVIDEND_FEE_PER_HOLDER * holders.len() as u64;
        if w.book.balance(&issuer, "XCP") < total + fee {
            continue;
        }
        let message = Message::Dividend(Dividend {
            asset_id: stamps_protocol::asset::id_from_name(&asset.name).unwrap_or(0),
            asset: asset.name.clone(),
            quantity_per_unit: per_unit,
            dividend_asset_id: 1,
            dividend_asset: "XCP".into(),
        });
        if b.message(asset.issuer, message, Vec::new(), true).is_none() {
            return false;
        }
        w.book.debit(&issuer, "XCP", total + fee);
        for (h, q) in holders {
            w.book.credit(&h, "XCP", q * per_unit);
        }
        return true;
    }
    // No indivisible named asset has other holders yet: give one away so a later dividend has someone to pay.
    let Some(asset) = w.named.iter().find(|n| !n.divisible).cloned() else {
        return false;
    };
    let to = pick(w, COLLECTORS);
    let to_address = b.addresses[to].clone();
    if w.book.balance(&b.addresses[asset.issuer], &asset.name) < 10 {
        return false;
    }
    let Some(message) = send_message(&asset.name, 10, &to_address, None) else {
        return false;
    };
    if b.message(asset.issuer, message, Vec::new(), true).is_some() {
        w.book.transfer(
            &b.addresses[asset.issuer].clone(),
            &to_address,
            &asset.name,
            10,
        );
    }
    false
}

/// A fairminter of a fresh named asset, described by enhanced asset information (its picture included).
pub(super) fn fairminter(
    b: &mut Builder,
    w: &mut World,
    kind: FairKind,
    info_base: &str,
    info: &mut std::collections::BTreeMap<String, super::AssetInfo>,
) -> bool {
    let issuer = pick(w, ARTISTS);
    let address = b.addresses[issuer].clone();
    if w.book.balance(&address, "XCP") < NAMED_ASSET_FEE {
        return false;
    }
    let name = w.fresh_name(&["FAIR", "MINT", "DROP", "LAUNCH"], &SECOND);
    let height = b.height();
    let (price, lot, max_tx, hard_cap, premint, soft_cap, deadline) = match kind {
        FairKind::Open => (10_000_000, 1_000, 10_000, 0, 5_000, 0, 0),
        FairKind::SoftCap => (5_000_000, 100, 500, 20_000, 0, 1_000, height + 80),
        FairKind::Completed => (2_000_000, 100, 500, 3_000, 0, 0, 0),
        FairKind::Free => (0, 1, 100, 1_000_000, 0, 0, 0),
    };
    let message = Message::Fairminter(Fairminter {
        asset: name.clone(),
        asset_parent: String::new(),
        price,
        quantity_by_price: lot,
        max_mint_per_tx: max_tx,
        max_mint_per_address: 0,
        hard_cap,
        premint_quantity: premint,
        start_block: 0,
        end_block: 0,
        soft_cap,
        soft_cap_deadline_block: deadline,
        minted_asset_commission_int: 0,
        burn_payment: false,
        lock_description: false,
        lock_quantity: kind == FairKind::Completed,
        divisible: false,
        mime_type: "text/plain".into(),
        description: format!("{info_base}/asset-info/{name}.json"),
        pool_quantity: 0,
        lp_asset: None,
    });
    if b.message(issuer, message, Vec::new(), true).is_none() {
        return false;
    }
    // Its picture's art is numbered apart from the stamps' files.
    let art = 2_000_000 + u32::try_from(w.book.fairminters.len()).unwrap_or(0);
    info.insert(
        name.clone(),
        super::AssetInfo::new(w.seed, art, &name, info_base),
    );
    w.book.debit(&address, "XCP", NAMED_ASSET_FEE);
    w.book.credit(&address, &name, premint);
    w.book.fairminters.insert(name.clone(), "open".into());
    w.book.assets.insert(
        name.clone(),
        AssetIntent {
            issuer: address,
            supply: premint,
            divisible: false,
            locked: false,
        },
    );
    if soft_cap > 0 {
        w.escrows.push(super::world::Escrow {
            asset: name.clone(),
            issuer,
            soft_cap,
            deadline,
            minted: 0,
            mints: Vec::new(),
        });
    }
    w.fairs.push(Fair {
        asset: name,
        price,
        lot,
        hard_cap,
        minted: premint,
        issuer,
    });
    true
}

pub(super) fn fairmint(b: &mut Builder, w: &mut World) -> bool {
    if w.fairs.is_empty() {
        return false;
    }
    let f = w.fairs[w.rng.pick(w.fairs.len())].clone();
    let minter = pick(w, COLLECTORS);
    let address = b.addresses[minter].clone();
    let mut lots = w.rng.range(1, 5);
    if f.hard_cap > 0 {
        lots = lots.min((f.hard_cap - f.minted) / f.lot);
    }
    if lots == 0 {
        return false;
    }
    let quantity = lots * f.lot;
    let paid = lots * f.price;
    let height = b.height();
    let in_escrow = w
        .escrows
        .iter()
        .any(|e| e.asset == f.asset && e.deadline >= height);
    // Reaching the hard cap inside the escrow window settles the soft cap at once: not scripted.
    if in_escrow && f.hard_cap > 0 && f.minted + quantity >= f.hard_cap {
        return false;
    }
    if w.book.balance(&address, "XCP") < paid {
        return false;
    }
    let message = Message::Fairmint(Fairmint {
        asset: f.asset.clone(),
        quantity,
    });
    if b.message(minter, message, Vec::new(), true).is_none() {
        return false;
    }
    w.book.debit(&address, "XCP", paid);
    let escrowed = w
        .escrows
        .iter_mut()
        .find(|e| e.asset == f.asset && e.deadline >= height);
    match escrowed {
        Some(e) => {
            e.minted += quantity;
            e.mints.push((minter, paid, quantity));
        }
        None => {
            w.book.credit(&b.addresses[f.issuer].clone(), "XCP", paid);
            w.book.credit(&address, &f.asset, quantity);
        }
    }
    if let Some(a) = w.book.assets.get_mut(&f.asset) {
        a.supply += quantity;
    }
    let minted = f.minted + quantity;
    if f.hard_cap > 0 && minted == f.hard_cap {
        w.fairs.retain(|x| x.asset != f.asset);
        w.book.fairminters.insert(f.asset.clone(), "closed".into());
        if let Some(a) = w.book.assets.get_mut(&f.asset) {
            a.locked = true;
        }
    } else if let Some(x) = w.fairs.iter_mut().find(|x| x.asset == f.asset) {
        x.minted = minted;
    }
    true
}

pub(super) fn attach(b: &mut Builder, w: &mut World) -> bool {
    let Some((owner, cpid, _)) = stamp_holding(b, w, 1..SHOPS.start, 1) else {
        return false;
    };
    let message = Message::Attach(Attach {
        asset: cpid.clone(),
        quantity: 1,
        destination_vout: None,
    });
    let output = dust_to(b, owner);
    let Some(txid) = b.message(owner, message, vec![output], true) else {
        return false;
    };
    let outpoint = OutPoint::new(txid, 0);
    w.book
        .transfer(&b.addresses[owner].clone(), &utxo_name(&outpoint), &cpid, 1);
    w.attached.push(Attached {
        outpoint,
        value: DUST,
        owner,
        asset: cpid,
        quantity: 1,
    });
    true
}

pub(super) fn swap(b: &mut Builder, w: &mut World) -> bool {
    if w.attached.is_empty() {
        return false;
    }
    let i = w.rng.pick(w.attached.len());
    let a = w.attached[i].clone();
    let buyer = pick(w, COLLECTORS);
    if buyer == a.owner {
        return false;
    }
    let price = w.rng.range(10, 500) * 10_000;
    let txid = b.swap(
        a.owner, a.outpoint, a.value, buyer, &a.asset, a.quantity, price,
    );
    let new = OutPoint::new(txid, 0);
    w.book.transfer(
        &utxo_name(&a.outpoint),
        &utxo_name(&new),
        &a.asset,
        a.quantity,
    );
    w.attached[i] = Attached {
        outpoint: new,
        value: DUST,
        owner: buyer,
        ..a
    };
    true
}

pub(super) fn detach(b: &mut Builder, w: &mut World) -> bool {
    if w.attached.is_empty() {
        return false;
    }
    let i = w.rng.pick(w.attached.len());
    let a = w.attached[i].clone();
    let owner_address = b.addresses[a.owner].clone();
    let message = Message::Detach(Detach {
        destination: Some(owner_address.clone()),
    });
    let lead = super::builder::Coin {
        outpoint: a.outpoint,
        value: a.value,
        signer: a.owner,
    };
    if b.message_from(lead, a.owner, message).is_none() {
        return false;
    }
    w.attached.remove(i);
    w.book.transfer(
        &utxo_name(&a.outpoint),
        &owner_address,
        &a.asset,
        a.quantity,
    );
    true
}
