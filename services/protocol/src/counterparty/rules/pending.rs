//! [`PendingLedger`]: the ledger as transactions waiting for a block would leave it, kept apart from the committed
//! state it reads (as counterparty-core parses its mempool in a transaction it rolls back).

use super::state::{AssetInfo, DispenserInfo, FairmintInfo, FairminterInfo, LedgerState};
use super::writes::Overlay;
use super::{LedgerTx, TxOutcome, apply_transaction};
use crate::network::Network;

/// A committed ledger with unconfirmed transactions applied over it, in order: each transaction reads the state
/// the ones before it left, and their effects are layered over the base, which is never written. Block hooks
/// (dispensers closing, fairminters opening and closing) are left to the block that confirms them.
pub struct PendingLedger<'a> {
    view: Overlay<'a>,
}

impl<'a> PendingLedger<'a> {
    /// Nothing pending yet over `base`.
    pub fn new(base: &'a dyn LedgerState) -> Self {
        Self {
            view: Overlay::new(base),
        }
    }

    /// Applies one waiting transaction as the next block at `height` would, and layers its effects.
    pub fn transaction(&mut self, tx: &LedgerTx, height: u64) -> TxOutcome {
        let outcome = apply_transaction(&self.view, tx, height);
        for effect in &outcome.effects {
            self.view.apply(effect);
        }
        outcome
    }

    /// Whether `outpoint` holds a positive balance, committed or pending (a spend of it moves its balances).
    pub fn utxo_holds_balances(&self, outpoint: &bitcoin::OutPoint) -> bool {
        !self
            .view
            .positive_balances(&outpoint.to_string())
            .is_empty()
    }
}

impl LedgerState for PendingLedger<'_> {
    fn network(&self) -> Network {
        self.view.network()
    }

    fn balance(&self, holder: &str, asset: &str) -> Option<u64> {
        self.view.balance(holder, asset)
    }

    fn balances_of(&self, holder: &str) -> Vec<(String, u64)> {
        self.view.balances_of(holder)
    }

    fn holders(&self, asset: &str) -> Vec<(String, u64)> {
        self.view.holders(asset)
    }

    fn asset(&self, asset: &str) -> Option<AssetInfo> {
        self.view.asset(asset)
    }

    fn asset_by_longname(&self, longname: &str) -> Option<String> {
        self.view.asset_by_longname(longname)
    }

    fn assets_issued_by(&self, address: &str) -> Vec<String> {
        self.view.assets_issued_by(address)
    }

    fn active_dispensers(&self, address: &str) -> Vec<DispenserInfo> {
        self.view.active_dispensers(address)
    }

    fn open_dispensers_of(&self, asset: &str) -> Vec<DispenserInfo> {
        self.view.open_dispensers_of(asset)
    }

    fn dispensers_closing_at(&self, height: u64) -> Vec<DispenserInfo> {
        self.view.dispensers_closing_at(height)
    }

    fn fairminter(&self, asset: &str) -> Option<FairminterInfo> {
        self.view.fairminter(asset)
    }

    fn active_fairminters(&self) -> Vec<FairminterInfo> {
        self.view.active_fairminters()
    }

    fn fairmints(&self, fairminter_tx_hash: &str) -> Vec<FairmintInfo> {
        self.view.fairmints(fairminter_tx_hash)
    }

    fn attach_count(&self, from: u64, to: u64) -> u64 {
        self.view.attach_count(from, to)
    }
}
