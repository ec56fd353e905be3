//! The scenario's record of intent: what each transaction was meant to carry, and the ledger the scenario
//! expects an indexer to reach. Tests compare decoders and indexers against it.

use std::collections::BTreeMap;

use bitcoin::Txid;
use serde::Serialize;
use stamps_protocol::counterparty::message::Message;

/// How a payload is carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// Bare multisig outputs (a burn key as the third key for stamps and SRC-20).
    Multisig,
    /// One OP_RETURN output.
    OpReturn,
    /// P2WSH outputs (OLGA), with the Counterparty message, if any, in an OP_RETURN.
    Olga,
}

/// One transaction and what it was meant to do.
#[derive(Debug, Clone, Serialize)]
pub struct Intended {
    /// Its txid.
    pub txid: Txid,
    /// Height of its block.
    pub height: u64,
    /// The address that signed its first input.
    pub source: String,
    /// What it carries.
    pub payload: Payload,
}

/// What a transaction carries.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Payload {
    /// A Counterparty issuance whose description is a stamp.
    Stamp(StampIntent),
    /// A raw SRC-20 operation.
    Src20(Src20Intent),
    /// Any other Counterparty message, exactly as packed.
    Counterparty {
        /// The message.
        message: Message,
        /// Whether the ledger is meant to accept it.
        valid: bool,
    },
    /// A payment to a dispenser's address (with the dispense message from `enable_dispense_tx`).
    Dispense {
        /// The dispenser's address.
        dispenser: String,
        /// The asset dispensed.
        asset: String,
        /// Satoshis paid.
        paid: u64,
        /// Units of the asset the buyer receives.
        quantity: u64,
        /// Whether the transaction carries the dispense message.
        message: bool,
    },
    /// An atomic swap: a UTXO holding a stamp spent together with the buyer's coins.
    Swap {
        /// The UTXO (`txid:vout`) holding the balance.
        utxo: String,
        /// The asset it holds.
        asset: String,
        /// Units held.
        quantity: u64,
        /// Satoshis paid to the seller.
        price: u64,
        /// The buyer's address (the first output receives the UTXO's balances).
        buyer: String,
    },
}

/// A stamp the scenario created: what a decoder must find.
#[derive(Debug, Clone, Serialize)]
pub struct StampIntent {
    /// Asset name (CPID).
    pub cpid: String,
    /// The subasset's long name, if any.
    pub longname: Option<String>,
    /// The file it carries.
    #[serde(skip)]
    pub file: Vec<u8>,
    /// The MIME type the file is recognised as.
    pub mimetype: String,
    /// How the file is carried.
    pub transport: Transport,
    /// Whether it is meant to be a blessed (positive) stamp; otherwise cursed.
    pub blessed: bool,
    /// Supply issued.
    pub quantity: u64,
    /// Whether the supply is locked.
    pub locked: bool,
    /// The SRC-721 collection (deploy CPID) it belongs to, for SRC-721 mints.
    pub src721: Option<String>,
}

/// A raw SRC-20 operation the scenario sent.
#[derive(Debug, Clone, Serialize)]
pub struct Src20Intent {
    /// The JSON text after `stamp:`.
    pub json: String,
    /// How it is carried.
    pub transport: Transport,
    /// `DEPLOY`, `MINT`, `TRANSFER`, or `None` for malformed JSON.
    pub op: Option<String>,
    /// The tick, lower case.
    pub tick: Option<String>,
    /// Whether the SRC-20 ledger is meant to accept it.
    pub valid: bool,
    /// Why not, in words.
    pub problem: Option<String>,
}

/// The ledger the scenario intends: what an indexer of the chain must end with.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Book {
    /// Counterparty balances (satoshi-like units) by (address or `txid:vout`, asset); zero balances removed.
    pub balances: BTreeMap<(String, String), u64>,
    /// Assets by name: issuer and total issued.
    pub assets: BTreeMap<String, AssetIntent>,
    /// SRC-20 balances (whole tokens: the scenario mints integral amounts) by (tick, address).
    pub src20: BTreeMap<(String, String), u128>,
    /// SRC-20 deploys by tick: max, lim, minted.
    pub ticks: BTreeMap<String, TickIntent>,
    /// Dispensers by opening txid: the final status (0 open, 10 closed, 11 closing).
    pub dispensers: BTreeMap<String, u8>,
    /// Fairminters by asset: the final status (`open`, `closed`).
    pub fairminters: BTreeMap<String, String>,
}

/// An asset as the scenario intends it.
#[derive(Debug, Clone, Serialize)]
pub struct AssetIntent {
    /// The issuing (owning) address.
    pub issuer: String,
    /// Units issued in all.
    pub supply: u64,
    /// Whether divisible.
    pub divisible: bool,
    /// Whether the supply is locked.
    pub locked: bool,
}

/// An SRC-20 tick as the scenario intends it.
#[derive(Debug, Clone, Serialize)]
pub struct TickIntent {
    /// Supply cap.
    pub max: u128,
    /// Per-mint limit.
    pub lim: u128,
    /// Minted so far.
    pub minted: u128,
    /// Deployer.
    pub deployer: String,
}

impl Book {
    /// Moves `quantity` of `asset` from `from` to `to` (both may be addresses or UTXOs).
    pub fn transfer(&mut self, from: &str, to: &str, asset: &str, quantity: u64) {
        self.debit(from, asset, quantity);
        self.credit(to, asset, quantity);
    }

    /// Adds to a balance.
    pub fn credit(&mut self, holder: &str, asset: &str, quantity: u64) {
        if quantity == 0 {
            return;
        }
        *self
            .balances
            .entry((holder.to_owned(), asset.to_owned()))
            .or_default() += quantity;
    }

    /// Removes from a balance (never below zero).
    pub fn debit(&mut self, holder: &str, asset: &str, quantity: u64) {
        let key = (holder.to_owned(), asset.to_owned());
        if let Some(b) = self.balances.get_mut(&key) {
            *b = b.saturating_sub(quantity);
            if *b == 0 {
                self.balances.remove(&key);
            }
        }
    }

    /// A balance.
    pub fn balance(&self, holder: &str, asset: &str) -> u64 {
        self.balances
            .get(&(holder.to_owned(), asset.to_owned()))
            .copied()
            .unwrap_or(0)
    }

    /// An SRC-20 balance.
    pub fn src20_balance(&self, tick: &str, address: &str) -> u128 {
        self.src20
            .get(&(tick.to_owned(), address.to_owned()))
            .copied()
            .unwrap_or(0)
    }

    /// Distinct addresses holding any SRC-20 token or Counterparty asset.
    pub fn holders(&self) -> usize {
        let mut set: std::collections::HashSet<&str> = std::collections::HashSet::new();
        set.extend(self.balances.keys().map(|(h, _)| h.as_str()));
        set.extend(self.src20.keys().map(|(_, a)| a.as_str()));
        set.len()
    }
}
