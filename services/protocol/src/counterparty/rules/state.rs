//! What the ledger reads: [`LedgerState`] and the records it returns.
//!
//! The reference keeps append-only tables and reads "the latest row per key". A [`LedgerState`] returns those
//! latest rows directly; an implementation may keep only current state (as [`super::MemoryLedger`] does).

use serde::{Deserialize, Serialize};

use crate::network::Network;

/// Dispenser status: open.
pub const DISPENSER_OPEN: u8 = 0;
/// Dispenser status: closed.
pub const DISPENSER_CLOSED: u8 = 10;
/// Dispenser status: closing (a close was sent; it takes effect [`super::DISPENSER_CLOSE_DELAY`] blocks later).
pub const DISPENSER_CLOSING: u8 = 11;

/// An asset: its last valid issuance, aggregated as the reference's `get_asset` sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssetInfo {
    /// Asset name (`A<id>` for numeric assets and subassets).
    pub asset: String,
    /// Asset id.
    pub asset_id: u64,
    /// Subasset long name (`PARENT.child`).
    pub asset_longname: Option<String>,
    /// Owner: the `issuer` of the last valid issuance.
    pub issuer: String,
    /// Whether the asset is divisible (last valid issuance).
    pub divisible: bool,
    /// Whether any valid issuance locked the supply.
    pub locked: bool,
    /// Description of the last valid issuance.
    pub description: String,
    /// MIME type of the description.
    pub mime_type: String,
    /// Whether the last valid issuance locked the description.
    pub description_locked: bool,
    /// Whether the last valid issuance is part of an open fairminter.
    pub fair_minting: bool,
    /// Sum of the quantities of every valid issuance.
    pub issued: u64,
    /// Sum of the quantities of every valid destruction.
    pub destroyed: u64,
    /// Block the asset was created at.
    pub block_index: u64,
    /// Transaction of the last valid issuance row.
    pub last_tx_hash: String,
    /// Its position in its block.
    pub last_tx_index: u64,
    /// Its `msg_index`.
    pub last_msg_index: u64,
    /// Its source.
    pub last_source: String,
}

impl AssetInfo {
    /// Supply: issued minus destroyed (`ledger/supplies.py::asset_supply`).
    pub fn supply(&self) -> u64 {
        self.issued.saturating_sub(self.destroyed)
    }
}

/// A dispenser in its current state (the latest `dispensers` row of its opening transaction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DispenserInfo {
    /// Opening transaction.
    pub tx_hash: String,
    /// Position of the opening transaction in its block.
    pub tx_index: u64,
    /// Block of the opening transaction.
    pub block_index: u64,
    /// The dispenser's address (the reference's `source`).
    pub source: String,
    /// Who opened it (the opening transaction's source).
    pub origin: String,
    /// Asset dispensed.
    pub asset: String,
    /// Units per lot.
    pub give_quantity: u64,
    /// Units escrowed at opening.
    pub escrow_quantity: u64,
    /// Satoshis per lot.
    pub satoshirate: u64,
    /// 0 open, 10 closed, 11 closing.
    pub status: u8,
    /// Units left.
    pub give_remaining: u64,
    /// Oracle address, if priced in fiat.
    pub oracle_address: Option<String>,
    /// Dispenses since the opening or the last refill.
    pub dispense_count: u64,
    /// Refills so far (`dispenser_refills` rows).
    pub refills: u64,
    /// Transaction of the last close message.
    pub last_status_tx_hash: Option<String>,
    /// Source of the last close message (who gets the refund).
    pub last_status_tx_source: Option<String>,
    /// Block at whose start a closing dispenser closes.
    pub close_block_index: Option<u64>,
}

/// A fairminter's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FairminterStatus {
    /// Waiting for `start_block`.
    Pending,
    /// Minting.
    Open,
    /// Done.
    Closed,
}

impl FairminterStatus {
    /// The reference's status text.
    pub fn as_str(self) -> &'static str {
        match self {
            FairminterStatus::Pending => "pending",
            FairminterStatus::Open => "open",
            FairminterStatus::Closed => "closed",
        }
    }
}

/// A valid fairminter in its current state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairminterInfo {
    /// Opening transaction.
    pub tx_hash: String,
    /// Its position in its block.
    pub tx_index: u64,
    /// Its block.
    pub block_index: u64,
    /// Issuer (the opening transaction's source).
    pub source: String,
    /// Asset name (numeric for subassets).
    pub asset: String,
    /// Parent asset of a subasset.
    pub asset_parent: Option<String>,
    /// Subasset long name.
    pub asset_longname: Option<String>,
    /// Description.
    pub description: String,
    /// MIME type of the description.
    pub mime_type: String,
    /// XCP units per lot.
    pub price: u64,
    /// Lot size.
    pub quantity_by_price: u64,
    /// Hard cap (0: none).
    pub hard_cap: u64,
    /// Whether payments are burned.
    pub burn_payment: bool,
    /// Most per mint (0: no limit for paid mints; the lot for free ones).
    pub max_mint_per_tx: u64,
    /// Most per address (0: no limit).
    pub max_mint_per_address: u64,
    /// Premint to the issuer.
    pub premint_quantity: u64,
    /// First block (0: at once).
    pub start_block: u64,
    /// Last block (0: none).
    pub end_block: u64,
    /// Commission in 1e-8 units.
    pub minted_asset_commission_int: u64,
    /// Soft cap (0: none).
    pub soft_cap: u64,
    /// Block at whose end the soft cap is judged.
    pub soft_cap_deadline_block: u64,
    /// Lock the description at the close.
    pub lock_description: bool,
    /// Lock the supply at the close.
    pub lock_quantity: bool,
    /// Divisible asset.
    pub divisible: bool,
    /// Whether the premint was credited to the issuer.
    pub pre_minted: bool,
    /// Status.
    pub status: FairminterStatus,
    /// AMM pool quantity (pools are not supported; always 0 here).
    pub pool_quantity: u64,
    /// AMM LP asset.
    pub lp_asset: Option<String>,
}

/// A valid fairmint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairmintInfo {
    /// Transaction.
    pub tx_hash: String,
    /// Its position in its block.
    pub tx_index: u64,
    /// Minter.
    pub source: String,
    /// The fairminter's transaction.
    pub fairminter_tx_hash: String,
    /// Asset.
    pub asset: String,
    /// Units for the minter.
    pub earn_quantity: u64,
    /// XCP paid.
    pub paid_quantity: u64,
    /// Units for the issuer.
    pub commission: u64,
}

/// The ledger state the rules read. Holders are addresses or UTXOs (`txid:vout`).
pub trait LedgerState {
    /// The network (for the unspendable address and address checks).
    fn network(&self) -> Network;
    /// The balance of `holder` in `asset`; `None` when no balance row was ever written.
    fn balance(&self, holder: &str, asset: &str) -> Option<u64>;
    /// Every balance row of `holder` (zeros included), ordered by asset name.
    fn balances_of(&self, holder: &str) -> Vec<(String, u64)>;
    /// Holders of `asset` with a positive balance: addresses first (in the order their first balance row was
    /// written), then UTXOs (ordered by `txid:vout`).
    fn holders(&self, asset: &str) -> Vec<(String, u64)>;
    /// An asset with at least one valid issuance, by name.
    fn asset(&self, asset: &str) -> Option<AssetInfo>;
    /// The asset name of a subasset long name.
    fn asset_by_longname(&self, longname: &str) -> Option<String>;
    /// Assets with any issuance row (any status) naming `address` as issuer, by name.
    fn assets_issued_by(&self, address: &str) -> Vec<String>;
    /// Dispensers with status 0 or 11 at `address`, ordered by asset name then opening.
    fn active_dispensers(&self, address: &str) -> Vec<DispenserInfo>;
    /// Dispensers with status 0 of `asset`, in opening order.
    fn open_dispensers_of(&self, asset: &str) -> Vec<DispenserInfo>;
    /// Dispensers with status 11 whose `close_block_index` is `height`, in opening order.
    fn dispensers_closing_at(&self, height: u64) -> Vec<DispenserInfo>;
    /// The fairminter of `asset` whose row was written last (the reference's `get_fairminter_by_asset`).
    fn fairminter(&self, asset: &str) -> Option<FairminterInfo>;
    /// Fairminters with status pending or open, in opening order.
    fn active_fairminters(&self) -> Vec<FairminterInfo>;
    /// Valid fairmints of a fairminter, in order.
    fn fairmints(&self, fairminter_tx_hash: &str) -> Vec<FairmintInfo>;
    /// Valid attaches in blocks `from..to` (the attach gas counter).
    fn attach_count(&self, from: u64, to: u64) -> u64;

    /// Positive balances of `holder`, ordered by asset name.
    fn positive_balances(&self, holder: &str) -> Vec<(String, u64)> {
        self.balances_of(holder)
            .into_iter()
            .filter(|(_, q)| *q > 0)
            .collect()
    }
}
