//! The running context of one transaction or block hook: the state as changed by the effects so far, the
//! effects, and debit/credit as `lib/ledger/events.py` does them.

use super::effect::{BalanceChange, Effect};
use super::state::LedgerState;
use super::writes::Overlay;
use super::{MAX_INT, TxOutcome};
use crate::counterparty::transport;

/// A debit larger than the balance (`DebitError("Insufficient funds.")`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Insufficient;

pub(crate) struct Cx<'a> {
    pub view: Overlay<'a>,
    pub effects: Vec<Effect>,
    pub height: u64,
    pub tx_index: u64,
    /// The default `event` of debits and credits: the transaction's hash.
    pub event: String,
    /// The addresses of the outputs the transaction spends and creates, by `txid:vout`: a UTXO holder's owner.
    pub utxo_addresses: std::collections::HashMap<String, String>,
}

impl<'a> Cx<'a> {
    pub fn new(state: &'a dyn LedgerState, height: u64, tx_index: u64, event: &str) -> Self {
        Self {
            view: Overlay::new(state),
            effects: Vec::new(),
            height,
            tx_index,
            event: event.to_owned(),
            utxo_addresses: std::collections::HashMap::new(),
        }
    }

    /// The context of `tx`: its hash the event, the outputs it spends and creates known by their addresses.
    pub fn for_tx(state: &'a dyn LedgerState, height: u64, tx: &super::LedgerTx) -> Self {
        let mut cx = Self::new(state, height, tx.tx_index, &tx.tx_hash);
        for input in &tx.inputs {
            if let Some(address) = &input.address {
                cx.utxo_addresses
                    .insert(input.outpoint.clone(), address.clone());
            }
        }
        for (n, output) in tx.outputs.iter().enumerate() {
            if let Some(address) = &output.address {
                cx.utxo_addresses
                    .insert(format!("{}:{n}", tx.tx_hash), address.clone());
            }
        }
        cx
    }

    /// The address a UTXO holder (`txid:vout`) pays, when the transaction spends or creates it.
    fn owner(&self, holder: &str) -> Option<String> {
        if !holder.contains(':') {
            return None;
        }
        self.utxo_addresses.get(holder).cloned()
    }

    /// Records an effect and layers it over the state.
    pub fn emit(&mut self, effect: Effect) {
        self.view.apply(&effect);
        self.effects.push(effect);
    }

    /// A balance (0 when there is no balance row).
    pub fn bal(&self, holder: &str, asset: &str) -> u64 {
        self.view.balance(holder, asset).unwrap_or(0)
    }

    /// The network's unspendable address (escrows of fairminters).
    pub fn unspendable(&self) -> &'static str {
        transport::unspendable(self.view.network())
    }

    pub fn debit(
        &mut self,
        holder: &str,
        asset: &str,
        quantity: u64,
        action: &str,
    ) -> Result<(), Insufficient> {
        let (event, tx_index) = (self.event.clone(), self.tx_index);
        self.debit_with(holder, asset, quantity, action, &event, tx_index)
    }

    /// A debit with an explicit event and transaction index (block actions).
    pub fn debit_with(
        &mut self,
        holder: &str,
        asset: &str,
        quantity: u64,
        action: &str,
        event: &str,
        tx_index: u64,
    ) -> Result<(), Insufficient> {
        let old = self.view.balance(holder, asset);
        let current = old.unwrap_or(0);
        if current < quantity || quantity > MAX_INT {
            return Err(Insufficient);
        }
        let balance = old.map(|b| (b - quantity).min(MAX_INT));
        self.emit(Effect::Debit(BalanceChange {
            holder: holder.to_owned(),
            asset: asset.to_owned(),
            quantity,
            action: action.to_owned(),
            event: event.to_owned(),
            tx_index,
            balance,
            address: self.owner(holder),
        }));
        Ok(())
    }

    pub fn credit(&mut self, holder: &str, asset: &str, quantity: u64, action: &str) {
        let (event, tx_index) = (self.event.clone(), self.tx_index);
        self.credit_with(holder, asset, quantity, action, &event, tx_index);
    }

    /// A credit with an explicit event and transaction index (block actions).
    pub fn credit_with(
        &mut self,
        holder: &str,
        asset: &str,
        quantity: u64,
        action: &str,
        event: &str,
        tx_index: u64,
    ) {
        let balance = self
            .bal(holder, asset)
            .saturating_add(quantity)
            .min(MAX_INT);
        self.emit(Effect::Credit(BalanceChange {
            holder: holder.to_owned(),
            asset: asset.to_owned(),
            quantity,
            action: action.to_owned(),
            event: event.to_owned(),
            tx_index,
            balance: Some(balance),
            address: self.owner(holder),
        }));
    }

    /// Debits an XCP fee (recorded even when 0) and notes the burn when positive.
    pub fn fee(&mut self, source: &str, quantity: u64, action: &str) -> Result<(), Insufficient> {
        self.debit(source, "XCP", quantity, action)?;
        if quantity > 0 {
            self.emit(Effect::FeeBurned {
                source: source.to_owned(),
                quantity,
                reason: action.to_owned(),
            });
        }
        Ok(())
    }

    pub fn finish(self, status: impl Into<String>, supported: bool) -> TxOutcome {
        TxOutcome {
            status: status.into(),
            supported,
            effects: self.effects,
        }
    }
}

/// `"valid"` or `"invalid: " + problems.join("; ")`.
pub(crate) fn status_of(problems: &[String]) -> String {
    if problems.is_empty() {
        super::VALID.to_owned()
    } else {
        format!("invalid: {}", problems.join("; "))
    }
}
