//! [`MemoryLedger`]: a [`LedgerState`] in maps, for tests, the devnet and replays.

use super::effect::Effect;
use super::state::{
    AssetInfo, DISPENSER_CLOSING, DISPENSER_OPEN, DispenserInfo, FairmintInfo, FairminterInfo,
    LedgerState,
};
use super::writes::{Tables, Write, order_holders, writes_for};
use super::{LedgerTx, TxOutcome, apply_transaction, begin_block, end_block};
use crate::network::Network;

/// The ledger's state in memory. Apply effects with [`MemoryLedger::apply`].
#[derive(Debug, Clone)]
pub struct MemoryLedger {
    network: Network,
    tables: Tables,
}

impl MemoryLedger {
    /// An empty ledger on `network`.
    pub fn new(network: Network) -> Self {
        Self {
            network,
            tables: Tables::default(),
        }
    }

    /// Sets a balance directly (a bootstrap snapshot, or a test's starting state).
    pub fn seed_balance(&mut self, holder: &str, asset: &str, quantity: u64) {
        self.tables.write(Write::Balance(
            holder.to_owned(),
            asset.to_owned(),
            quantity,
        ));
    }

    /// Applies effects in order.
    pub fn apply(&mut self, effects: &[Effect]) {
        for effect in effects {
            for w in writes_for(self, effect) {
                self.tables.write(w);
            }
        }
    }

    /// Runs [`begin_block`] and applies its effects.
    pub fn begin_block(&mut self, height: u64) -> Vec<Effect> {
        let effects = begin_block(self, height);
        self.apply(&effects);
        effects
    }

    /// Runs [`apply_transaction`] and applies its effects.
    pub fn transaction(&mut self, tx: &LedgerTx, height: u64) -> TxOutcome {
        let outcome = apply_transaction(self, tx, height);
        self.apply(&outcome.effects);
        outcome
    }

    /// Runs [`end_block`] and applies its effects.
    pub fn end_block(&mut self, height: u64) -> Vec<Effect> {
        let effects = end_block(self, height);
        self.apply(&effects);
        effects
    }

    /// Every positive balance: (holder, asset) → quantity.
    pub fn nonzero_balances(&self) -> std::collections::BTreeMap<(String, String), u64> {
        self.tables
            .balances
            .iter()
            .flat_map(|(holder, held)| {
                held.iter()
                    .filter(|(_, q)| **q > 0)
                    .map(move |(asset, q)| ((holder.clone(), asset.clone()), *q))
            })
            .collect()
    }

    /// Whether the output `outpoint` holds a positive balance: what `positive_balances` tells of its
    /// `txid:vout` text, without formatting it.
    pub fn utxo_holds_balances(&self, outpoint: &bitcoin::OutPoint) -> bool {
        self.tables.utxos_holding.contains(outpoint)
    }

    /// Every dispenser ever opened, by opening transaction.
    pub fn dispensers(&self) -> impl Iterator<Item = &DispenserInfo> {
        self.tables.dispensers.values()
    }

    /// Every valid fairminter, by opening transaction.
    pub fn fairminters(&self) -> impl Iterator<Item = &FairminterInfo> {
        self.tables.fairminters.values()
    }

    /// The asset `asset`, borrowed (what [`LedgerState::asset`] returns a copy of).
    pub fn asset_info(&self, asset: &str) -> Option<&AssetInfo> {
        self.tables.assets.get(asset).map(|a| &**a)
    }

    /// Every asset, by name.
    pub fn assets(&self) -> impl Iterator<Item = &AssetInfo> {
        let mut assets: Vec<&AssetInfo> = self.tables.assets.values().map(|a| &**a).collect();
        assets.sort_unstable_by(|a, b| a.asset.cmp(&b.asset));
        assets.into_iter()
    }
}

impl LedgerState for MemoryLedger {
    fn network(&self) -> Network {
        self.network
    }

    fn balance(&self, holder: &str, asset: &str) -> Option<u64> {
        self.tables.balance(holder, asset)
    }

    fn balances_of(&self, holder: &str) -> Vec<(String, u64)> {
        self.tables.balances_of(holder)
    }

    fn holders(&self, asset: &str) -> Vec<(String, u64)> {
        order_holders(self.tables.holders_in_order(asset))
    }

    fn asset(&self, asset: &str) -> Option<AssetInfo> {
        self.tables.assets.get(asset).map(|a| AssetInfo::clone(a))
    }

    fn asset_by_longname(&self, longname: &str) -> Option<String> {
        self.tables.longnames.get(longname).cloned()
    }

    fn assets_issued_by(&self, address: &str) -> Vec<String> {
        self.tables.assets_issued_by(address)
    }

    fn active_dispensers(&self, address: &str) -> Vec<DispenserInfo> {
        let mut out: Vec<DispenserInfo> = self
            .tables
            .dispensers
            .values()
            .filter(|d| {
                d.source == address && (d.status == DISPENSER_OPEN || d.status == DISPENSER_CLOSING)
            })
            .cloned()
            .collect();
        out.sort_by(|a, b| {
            (&a.asset, a.block_index, a.tx_index).cmp(&(&b.asset, b.block_index, b.tx_index))
        });
        out
    }

    fn open_dispensers_of(&self, asset: &str) -> Vec<DispenserInfo> {
        let mut out: Vec<DispenserInfo> = self
            .tables
            .dispensers
            .values()
            .filter(|d| d.asset == asset && d.status == DISPENSER_OPEN)
            .cloned()
            .collect();
        out.sort_by_key(|d| (d.block_index, d.tx_index));
        out
    }

    fn dispensers_closing_at(&self, height: u64) -> Vec<DispenserInfo> {
        let mut out: Vec<DispenserInfo> = self
            .tables
            .dispensers
            .values()
            .filter(|d| d.status == DISPENSER_CLOSING && d.close_block_index == Some(height))
            .cloned()
            .collect();
        out.sort_by_key(|d| (d.block_index, d.tx_index));
        out
    }

    fn fairminter(&self, asset: &str) -> Option<FairminterInfo> {
        self.tables.fairminter(asset)
    }

    fn active_fairminters(&self) -> Vec<FairminterInfo> {
        let mut out: Vec<FairminterInfo> = self
            .tables
            .open_fairminters
            .iter()
            .filter_map(|tx| self.tables.fairminters.get(tx))
            .cloned()
            .collect();
        out.sort_by_key(|f| (f.block_index, f.tx_index));
        out
    }

    fn fairmints(&self, fairminter_tx_hash: &str) -> Vec<FairmintInfo> {
        self.tables
            .fairmints
            .get(fairminter_tx_hash)
            .cloned()
            .unwrap_or_default()
    }

    fn attach_count(&self, from: u64, to: u64) -> u64 {
        self.tables.attach_count(from, to)
    }
}

/// A ledger snapshot an indexer starts from instead of the chain's whole history: the balances at the end of
/// block `height`. (XCP exists only through 2014's burns; a chain that does not replay them starts here.)
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bootstrap {
    /// The snapshot holds the ledger as of the end of this block.
    pub height: u64,
    /// Balances: address, asset, quantity in base units.
    pub balances: Vec<BootstrapBalance>,
}

/// One balance of a [`Bootstrap`] snapshot.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BootstrapBalance {
    /// Holder address.
    pub address: String,
    /// Asset name.
    pub asset: String,
    /// Quantity in base units (1 XCP = 100000000).
    pub quantity: u64,
}

impl MemoryLedger {
    /// A ledger holding `snapshot`'s balances.
    pub fn from_bootstrap(network: Network, snapshot: &Bootstrap) -> Self {
        let mut ledger = Self::new(network);
        for b in &snapshot.balances {
            ledger.seed_balance(&b.address, &b.asset, b.quantity);
        }
        ledger
    }
}
