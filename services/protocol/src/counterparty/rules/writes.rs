//! How effects change state: [`writes_for`] turns an effect into table writes, [`Tables`] holds current state
//! (for [`super::MemoryLedger`]), and [`Overlay`] layers the writes of the effects so far over any
//! [`LedgerState`], so that one transaction (or block hook) reads its own earlier effects.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use bitcoin::OutPoint;

use super::effect::Effect;
use super::state::{
    AssetInfo, DISPENSER_CLOSING, DISPENSER_OPEN, DispenserInfo, FairmintInfo, FairminterInfo,
    FairminterStatus, LedgerState,
};
use crate::asset;
use crate::network::Network;

/// One change to stored state.
#[derive(Debug, Clone)]
pub(crate) enum Write {
    Balance(String, String, u64),
    Asset(AssetInfo),
    Longname(String, String),
    IssuedBy(String, String),
    Dispenser(DispenserInfo),
    Fairminter(FairminterInfo),
    Fairmint(FairmintInfo),
    AttachCount(u64),
}

/// The writes `effect` makes, given the state before it.
pub(crate) fn writes_for(read: &dyn LedgerState, effect: &Effect) -> Vec<Write> {
    match effect {
        Effect::Debit(c) | Effect::Credit(c) => c
            .balance
            .map(|b| vec![Write::Balance(c.holder.clone(), c.asset.clone(), b)])
            .unwrap_or_default(),
        Effect::AssetCreated {
            asset,
            asset_id,
            asset_longname,
            block_index,
        } => {
            let mut out = vec![Write::Asset(AssetInfo {
                asset: asset.clone(),
                asset_id: *asset_id,
                asset_longname: asset_longname.clone(),
                issuer: String::new(),
                divisible: false,
                locked: false,
                description: String::new(),
                mime_type: String::new(),
                description_locked: false,
                fair_minting: false,
                issued: 0,
                destroyed: 0,
                block_index: *block_index,
                last_tx_hash: String::new(),
                last_tx_index: 0,
                last_msg_index: 0,
                last_source: String::new(),
            })];
            if let Some(longname) = asset_longname {
                out.push(Write::Longname(longname.clone(), asset.clone()));
            }
            out
        }
        Effect::Issuance(row) => {
            let Some(name) = &row.asset else {
                return Vec::new();
            };
            let mut out = vec![Write::IssuedBy(row.issuer.clone(), name.clone())];
            if row.status != "valid" {
                return out;
            }
            let mut info = read.asset(name).unwrap_or_else(|| AssetInfo {
                asset: name.clone(),
                asset_id: asset::id_from_name(name).unwrap_or_default(),
                asset_longname: row.asset_longname.clone(),
                issuer: String::new(),
                divisible: row.divisible,
                locked: false,
                description: String::new(),
                mime_type: String::new(),
                description_locked: false,
                fair_minting: false,
                issued: 0,
                destroyed: 0,
                block_index: row.block_index,
                last_tx_hash: String::new(),
                last_tx_index: 0,
                last_msg_index: 0,
                last_source: String::new(),
            });
            info.issuer = row.issuer.clone();
            info.divisible = row.divisible;
            info.locked |= row.locked;
            info.description = row.description.clone();
            info.mime_type = row.mime_type.clone();
            info.description_locked = row.description_locked;
            info.fair_minting = row.fair_minting;
            info.issued = info.issued.saturating_add(row.quantity);
            if row.asset_longname.is_some() {
                info.asset_longname = row.asset_longname.clone();
            }
            info.last_tx_hash = row.tx_hash.clone();
            info.last_tx_index = row.tx_index;
            info.last_msg_index = row.msg_index;
            info.last_source = row.source.clone();
            out.push(Write::Asset(info));
            out
        }
        Effect::Destroyed(row) => match &row.asset {
            Some(name) if row.status == "valid" => match read.asset(name) {
                Some(mut info) => {
                    info.destroyed = info.destroyed.saturating_add(row.quantity);
                    vec![Write::Asset(info)]
                }
                None => Vec::new(),
            },
            _ => Vec::new(),
        },
        Effect::DispenserOpened(d) | Effect::DispenserUpdated(d) | Effect::DispenserClosed(d) => {
            vec![Write::Dispenser(d.clone())]
        }
        Effect::DispenserRefilled { dispenser, .. } => vec![Write::Dispenser(dispenser.clone())],
        Effect::FairminterCreated(f) | Effect::FairminterUpdated(f) => {
            vec![Write::Fairminter(f.clone())]
        }
        Effect::Fairminted(row) => match (&row.fairminter_tx_hash, &row.asset) {
            (Some(fairminter), Some(asset)) if row.status == "valid" => {
                vec![Write::Fairmint(FairmintInfo {
                    tx_hash: row.tx_hash.clone(),
                    tx_index: row.tx_index,
                    source: row.source.clone(),
                    fairminter_tx_hash: fairminter.clone(),
                    asset: asset.clone(),
                    earn_quantity: row.earn_quantity,
                    paid_quantity: row.paid_quantity,
                    commission: row.commission,
                })]
            }
            _ => Vec::new(),
        },
        Effect::AttachCounted { block_index } => vec![Write::AttachCount(*block_index)],
        Effect::FeeBurned { .. }
        | Effect::Sent(_)
        | Effect::Moved(_)
        | Effect::Attached(_)
        | Effect::Detached(_)
        | Effect::Swept(_)
        | Effect::DividendPaid(_)
        | Effect::Dispensed(_)
        | Effect::FairminterInvalid { .. } => Vec::new(),
    }
}

/// Current state in maps. Lookups by name hash (a million assets and balances are common); the few lists whose
/// order matters are sorted where they are read, or kept in ordered maps.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tables {
    /// holder → asset → balance.
    pub balances: HashMap<String, BTreeMap<String, u64>>,
    /// UTXO holders (`txid:vout`, as an outpoint formats) with a positive balance.
    pub utxos_holding: HashSet<OutPoint>,
    /// asset → holder → order of the holder's first balance row.
    pub by_asset: HashMap<String, HashMap<String, u64>>,
    /// asset → its state, boxed: the map moves only pointers when it grows to a million assets.
    pub assets: HashMap<String, Box<AssetInfo>>,
    pub longnames: HashMap<String, String>,
    /// issuer → assets, of every issuance row.
    pub issued_by: HashMap<String, BTreeSet<String>>,
    /// By opening transaction.
    pub dispensers: BTreeMap<String, DispenserInfo>,
    /// By opening transaction.
    pub fairminters: BTreeMap<String, FairminterInfo>,
    /// Opening transactions of the fairminters not closed.
    pub open_fairminters: BTreeSet<String>,
    /// asset → the fairminter written last.
    pub fairminter_of: HashMap<String, String>,
    /// fairminter → valid fairmints.
    pub fairmints: HashMap<String, Vec<FairmintInfo>>,
    /// block → attaches.
    pub attaches: BTreeMap<u64, u64>,
    seq: u64,
}

impl Tables {
    pub fn write(&mut self, w: Write) {
        match w {
            Write::Balance(holder, asset, q) => {
                match self.by_asset.get_mut(&asset) {
                    Some(holders) => {
                        if !holders.contains_key(&holder) {
                            self.seq += 1;
                            holders.insert(holder.clone(), self.seq);
                        }
                    }
                    None => {
                        self.seq += 1;
                        let holders = HashMap::from([(holder.clone(), self.seq)]);
                        self.by_asset.insert(asset.clone(), holders);
                    }
                }
                // Only a holder that is an outpoint's own text: the set answers for that text.
                let outpoint = holder
                    .contains(':')
                    .then(|| holder.parse::<OutPoint>().ok())
                    .flatten()
                    .filter(|o| o.to_string() == holder);
                let held = self.balances.entry(holder).or_default();
                held.insert(asset, q);
                if let Some(outpoint) = outpoint {
                    if held.values().any(|q| *q > 0) {
                        self.utxos_holding.insert(outpoint);
                    } else {
                        self.utxos_holding.remove(&outpoint);
                    }
                }
            }
            Write::Asset(info) => {
                self.assets.insert(info.asset.clone(), Box::new(info));
            }
            Write::Longname(longname, asset) => {
                self.longnames.insert(longname, asset);
            }
            Write::IssuedBy(address, asset) => {
                self.issued_by.entry(address).or_default().insert(asset);
            }
            Write::Dispenser(d) => {
                self.dispensers.insert(d.tx_hash.clone(), d);
            }
            Write::Fairminter(f) => {
                self.fairminter_of
                    .insert(f.asset.clone(), f.tx_hash.clone());
                if f.status == FairminterStatus::Closed {
                    self.open_fairminters.remove(&f.tx_hash);
                } else {
                    self.open_fairminters.insert(f.tx_hash.clone());
                }
                self.fairminters.insert(f.tx_hash.clone(), f);
            }
            Write::Fairmint(m) => {
                self.fairmints
                    .entry(m.fairminter_tx_hash.clone())
                    .or_default()
                    .push(m);
            }
            Write::AttachCount(block) => *self.attaches.entry(block).or_default() += 1,
        }
    }

    pub fn balance(&self, holder: &str, asset: &str) -> Option<u64> {
        self.balances.get(holder)?.get(asset).copied()
    }

    /// A holder's balances, zeros included, by asset name.
    pub fn balances_of(&self, holder: &str) -> Vec<(String, u64)> {
        self.balances.get(holder).map_or_else(Vec::new, |held| {
            held.iter().map(|(a, q)| (a.clone(), *q)).collect()
        })
    }

    /// Holders of `asset` in first-row order, zeros included.
    pub fn holders_in_order(&self, asset: &str) -> Vec<(String, u64)> {
        let Some(holders) = self.by_asset.get(asset) else {
            return Vec::new();
        };
        let mut list: Vec<(u64, &String)> = holders.iter().map(|(h, s)| (*s, h)).collect();
        list.sort();
        list.into_iter()
            .map(|(_, h)| (h.clone(), self.balance(h, asset).unwrap_or(0)))
            .collect()
    }

    /// The assets `address` issued, by name.
    pub fn assets_issued_by(&self, address: &str) -> Vec<String> {
        self.issued_by
            .get(address)
            .map_or_else(Vec::new, |assets| assets.iter().cloned().collect())
    }

    pub fn fairminter(&self, asset: &str) -> Option<FairminterInfo> {
        self.fairminter_of
            .get(asset)
            .and_then(|tx| self.fairminters.get(tx))
            .cloned()
    }

    pub fn attach_count(&self, from: u64, to: u64) -> u64 {
        if from >= to {
            return 0;
        }
        self.attaches.range(from..to).map(|(_, n)| *n).sum()
    }
}

/// Whether a holder is a UTXO (`txid:vout`) rather than an address.
pub(crate) fn is_utxo(holder: &str) -> bool {
    crate::counterparty::message::is_utxo_format(holder, u64::MAX, crate::network::Rules::MAINNET)
}

/// Positive holders, addresses first (in the given order), then UTXOs by name.
pub(crate) fn order_holders(list: Vec<(String, u64)>) -> Vec<(String, u64)> {
    let (mut utxos, mut addresses): (Vec<_>, Vec<_>) = list
        .into_iter()
        .filter(|(_, q)| *q > 0)
        .partition(|(h, _)| is_utxo(h));
    utxos.sort();
    addresses.extend(utxos);
    addresses
}

fn active(d: &DispenserInfo) -> bool {
    d.status == DISPENSER_OPEN || d.status == DISPENSER_CLOSING
}

/// Replaces base records by their newer versions in `delta` (same key) and adds the delta's new ones that
/// `keep` accepts.
fn merge<T: Clone>(
    base: Vec<T>,
    delta: &BTreeMap<String, T>,
    key: impl Fn(&T) -> &String,
    keep: impl Fn(&T) -> bool,
) -> Vec<T> {
    let mut seen = BTreeSet::new();
    let mut out: Vec<T> = base
        .into_iter()
        .map(|item| {
            seen.insert(key(&item).clone());
            delta.get(key(&item)).cloned().unwrap_or(item)
        })
        .collect();
    out.extend(
        delta
            .values()
            .filter(|v| !seen.contains(key(v)) && keep(v))
            .cloned(),
    );
    out.retain(|v| keep(v));
    out
}

/// A [`LedgerState`] with the writes of the effects so far layered over a base.
pub(crate) struct Overlay<'a> {
    base: &'a dyn LedgerState,
    delta: Tables,
}

impl<'a> Overlay<'a> {
    pub fn new(base: &'a dyn LedgerState) -> Self {
        Self {
            base,
            delta: Tables::default(),
        }
    }

    /// Layers the writes of `effect`.
    pub fn apply(&mut self, effect: &Effect) {
        for w in writes_for(self, effect) {
            self.delta.write(w);
        }
    }
}

impl LedgerState for Overlay<'_> {
    fn network(&self) -> Network {
        self.base.network()
    }

    fn balance(&self, holder: &str, asset: &str) -> Option<u64> {
        self.delta
            .balance(holder, asset)
            .or_else(|| self.base.balance(holder, asset))
    }

    fn balances_of(&self, holder: &str) -> Vec<(String, u64)> {
        if !self.delta.balances.contains_key(holder) {
            return self.base.balances_of(holder);
        }
        let mut all: BTreeMap<String, u64> = self.base.balances_of(holder).into_iter().collect();
        all.extend(self.delta.balances_of(holder));
        all.into_iter().collect()
    }

    fn holders(&self, asset: &str) -> Vec<(String, u64)> {
        let mut list = self.base.holders(asset);
        for (holder, q) in self.delta.holders_in_order(asset) {
            match list.iter_mut().find(|(h, _)| *h == holder) {
                Some(entry) => entry.1 = q,
                None => list.push((holder, q)),
            }
        }
        order_holders(list)
    }

    fn asset(&self, asset: &str) -> Option<AssetInfo> {
        self.delta
            .assets
            .get(asset)
            .map(|a| AssetInfo::clone(a))
            .or_else(|| self.base.asset(asset))
    }

    fn asset_by_longname(&self, longname: &str) -> Option<String> {
        self.delta
            .longnames
            .get(longname)
            .cloned()
            .or_else(|| self.base.asset_by_longname(longname))
    }

    fn assets_issued_by(&self, address: &str) -> Vec<String> {
        if !self.delta.issued_by.contains_key(address) {
            return self.base.assets_issued_by(address);
        }
        let mut all: BTreeSet<String> = self.base.assets_issued_by(address).into_iter().collect();
        all.extend(self.delta.assets_issued_by(address));
        all.into_iter().collect()
    }

    fn active_dispensers(&self, address: &str) -> Vec<DispenserInfo> {
        let mut out = merge(
            self.base.active_dispensers(address),
            &self.delta.dispensers,
            |d| &d.tx_hash,
            |d| d.source == address && active(d),
        );
        out.sort_by(|a, b| {
            (&a.asset, a.block_index, a.tx_index).cmp(&(&b.asset, b.block_index, b.tx_index))
        });
        out
    }

    fn open_dispensers_of(&self, asset: &str) -> Vec<DispenserInfo> {
        let mut out = merge(
            self.base.open_dispensers_of(asset),
            &self.delta.dispensers,
            |d| &d.tx_hash,
            |d| d.asset == asset && d.status == DISPENSER_OPEN,
        );
        out.sort_by_key(|d| (d.block_index, d.tx_index));
        out
    }

    fn dispensers_closing_at(&self, height: u64) -> Vec<DispenserInfo> {
        let mut out = merge(
            self.base.dispensers_closing_at(height),
            &self.delta.dispensers,
            |d| &d.tx_hash,
            |d| d.status == DISPENSER_CLOSING && d.close_block_index == Some(height),
        );
        out.sort_by_key(|d| (d.block_index, d.tx_index));
        out
    }

    fn fairminter(&self, asset: &str) -> Option<FairminterInfo> {
        self.delta
            .fairminter(asset)
            .or_else(|| self.base.fairminter(asset))
    }

    fn active_fairminters(&self) -> Vec<FairminterInfo> {
        let mut out = merge(
            self.base.active_fairminters(),
            &self.delta.fairminters,
            |f| &f.tx_hash,
            |f| f.status != FairminterStatus::Closed,
        );
        out.sort_by_key(|f| (f.block_index, f.tx_index));
        out
    }

    fn fairmints(&self, fairminter_tx_hash: &str) -> Vec<FairmintInfo> {
        let mut out = self.base.fairmints(fairminter_tx_hash);
        if let Some(more) = self.delta.fairmints.get(fairminter_tx_hash) {
            out.extend(more.iter().cloned());
        }
        out
    }

    fn attach_count(&self, from: u64, to: u64) -> u64 {
        self.base
            .attach_count(from, to)
            .saturating_add(self.delta.attach_count(from, to))
    }
}
