//! What a transaction or a block hook does: typed effects, in the order the reference writes its rows.
//!
//! Each effect carries what a consumer needs without reading state: quantities, the balance after a debit or a
//! credit, whole dispenser and fairminter records after the change, statuses.

use serde::{Deserialize, Serialize};

use super::state::{DispenserInfo, FairminterInfo};

/// A debit or a credit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalanceChange {
    /// Address or UTXO (`txid:vout`).
    pub holder: String,
    /// Asset.
    pub asset: String,
    /// Quantity (may be 0: the reference records zero debits of fees).
    pub quantity: u64,
    /// The reference's `action` / `calling_function` (`"send"`, `"issuance fee"`, ...).
    pub action: String,
    /// The transaction the change belongs to (`event`).
    pub event: String,
    /// Position of the transaction in its block (0 for block actions).
    pub tx_index: u64,
    /// The holder's balance afterwards; `None` when no balance row is written (a zero debit of a holder that
    /// never had a balance row).
    pub balance: Option<u64>,
    /// For a UTXO holder the transaction creates or spends, the address its output pays (the reference's
    /// `utxo_address`): whose the balance is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

/// An issuance row (`issuances` table): issuances, transfers, fairminter rows, fairmints, sweeps of ownership.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IssuanceRow {
    /// Transaction (the fairminter's for rows a block hook writes).
    pub tx_hash: String,
    /// Its position in its block.
    pub tx_index: u64,
    /// 0, 1, ... per row of the same transaction.
    pub msg_index: u64,
    /// Block.
    pub block_index: u64,
    /// Asset name; `None` when the message's asset could not be read.
    pub asset: Option<String>,
    /// Quantity issued by this row.
    pub quantity: u64,
    /// Divisible.
    pub divisible: bool,
    /// Transaction source.
    pub source: String,
    /// Owner after this row.
    pub issuer: String,
    /// Whether ownership moved to the transaction's destination.
    pub transfer: bool,
    /// Description.
    pub description: String,
    /// MIME type.
    pub mime_type: String,
    /// XCP fee paid.
    pub fee_paid: u64,
    /// Locks the supply.
    pub locked: bool,
    /// Locks the description.
    pub description_locked: bool,
    /// Resets the asset.
    pub reset: bool,
    /// Part of an open fairminter.
    pub fair_minting: bool,
    /// `"valid"` or `"invalid: ..."`.
    pub status: String,
    /// Subasset long name.
    pub asset_longname: Option<String>,
    /// Space-separated events (`creation`, `reissuance`, `transfer`, `lock_quantity`, `fairmint`, ...).
    pub asset_events: String,
}

/// A `destructions` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DestructionRow {
    /// Transaction (the fairminter's for block actions).
    pub tx_hash: String,
    /// Who destroyed.
    pub source: String,
    /// Asset (`None` when unknown).
    pub asset: Option<String>,
    /// Quantity.
    pub quantity: u64,
    /// Tag: the destroy's bytes, or the reason (`"reset"`, `"soft cap not reached"`, ...).
    pub tag: Vec<u8>,
    /// `"valid"` or `"invalid: ..."`.
    pub status: String,
}

/// A `sends` row: enhanced sends, MPMA sends, UTXO moves, attaches, detaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendRow {
    /// Transaction.
    pub tx_hash: String,
    /// 0, 1, ... per row of the same transaction.
    pub msg_index: u64,
    /// Source address or UTXO.
    pub source: String,
    /// Destination address or UTXO.
    pub destination: String,
    /// Asset.
    pub asset: String,
    /// Quantity.
    pub quantity: u64,
    /// Memo bytes.
    pub memo: Option<Vec<u8>>,
    /// XCP fee paid (attach).
    pub fee_paid: u64,
    /// `"valid"` or `"invalid: ..."` (invalid rows leave the other fields empty).
    pub status: String,
}

/// A `sweeps` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepRow {
    /// Transaction.
    pub tx_hash: String,
    /// Sweeper.
    pub source: String,
    /// Recipient.
    pub destination: String,
    /// Flags.
    pub flags: u8,
    /// Memo bytes.
    pub memo: Option<Vec<u8>>,
    /// XCP fee paid.
    pub fee_paid: u64,
    /// Status.
    pub status: String,
}

/// A `dividends` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DividendRow {
    /// Transaction.
    pub tx_hash: String,
    /// Payer.
    pub source: String,
    /// Asset whose holders are paid.
    pub asset: String,
    /// Asset paid.
    pub dividend_asset: String,
    /// Per unit held.
    pub quantity_per_unit: u64,
    /// XCP fee paid.
    pub fee_paid: u64,
    /// Status.
    pub status: String,
}

/// A `dispenses` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DispenseRow {
    /// Transaction.
    pub tx_hash: String,
    /// 0, 1, ... per dispense of the same transaction.
    pub dispense_index: u64,
    /// Dispenser address.
    pub source: String,
    /// Buyer.
    pub destination: String,
    /// Asset.
    pub asset: String,
    /// Units given.
    pub dispense_quantity: u64,
    /// The dispenser's opening transaction.
    pub dispenser_tx_hash: String,
    /// Satoshis paid to the dispenser's address by this output.
    pub btc_amount: u64,
}

/// A `dispenser_refills` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefillRow {
    /// Transaction.
    pub tx_hash: String,
    /// Who refilled.
    pub source: String,
    /// The dispenser's address.
    pub destination: String,
    /// Asset.
    pub asset: String,
    /// Units added.
    pub dispense_quantity: u64,
    /// The dispenser's opening transaction.
    pub dispenser_tx_hash: String,
}

/// A `fairmints` row (invalid rows carry only the transaction, source and status).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairmintRow {
    /// Transaction.
    pub tx_hash: String,
    /// Its position in its block.
    pub tx_index: u64,
    /// Minter.
    pub source: String,
    /// The fairminter's transaction.
    pub fairminter_tx_hash: Option<String>,
    /// Asset.
    pub asset: Option<String>,
    /// Units for the minter.
    pub earn_quantity: u64,
    /// XCP paid.
    pub paid_quantity: u64,
    /// Units for the issuer.
    pub commission: u64,
    /// Status.
    pub status: String,
}

/// One thing a transaction or a block hook did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// A debit.
    Debit(BalanceChange),
    /// A credit.
    Credit(BalanceChange),
    /// XCP removed from circulation as a fee (after its [`Effect::Debit`]); informational.
    FeeBurned {
        /// Who paid.
        source: String,
        /// XCP units.
        quantity: u64,
        /// The debit's action (`"issuance fee"`, `"sweep fee"`, ...).
        reason: String,
    },
    /// A new asset (`assets` row).
    AssetCreated {
        /// Name.
        asset: String,
        /// Id.
        asset_id: u64,
        /// Subasset long name.
        asset_longname: Option<String>,
        /// Block.
        block_index: u64,
    },
    /// An `issuances` row.
    Issuance(IssuanceRow),
    /// A `destructions` row.
    Destroyed(DestructionRow),
    /// An enhanced send, MPMA send or classic send row.
    Sent(SendRow),
    /// A UTXO move row.
    Moved(SendRow),
    /// An attach row.
    Attached(SendRow),
    /// A detach row.
    Detached(SendRow),
    /// A sweep row.
    Swept(SweepRow),
    /// A dividend row.
    DividendPaid(DividendRow),
    /// A new dispenser (status 0).
    DispenserOpened(DispenserInfo),
    /// A dispenser changed (dispense, or closing with status 11); the record after the change.
    DispenserUpdated(DispenserInfo),
    /// A dispenser refilled; the record after the refill.
    DispenserRefilled {
        /// The refill row.
        refill: RefillRow,
        /// The dispenser afterwards.
        dispenser: DispenserInfo,
    },
    /// A dispenser closed (status 10); the record after the close.
    DispenserClosed(DispenserInfo),
    /// A dispense row.
    Dispensed(DispenseRow),
    /// A valid fairminter.
    FairminterCreated(FairminterInfo),
    /// An invalid fairminter row.
    FairminterInvalid {
        /// Transaction.
        tx_hash: String,
        /// Source.
        source: String,
        /// Status.
        status: String,
    },
    /// A fairminter changed (opened, closed, premint credited); the record after the change.
    FairminterUpdated(FairminterInfo),
    /// A fairmint row.
    Fairminted(FairmintRow),
    /// The attach gas counter of a block went up by one.
    AttachCounted {
        /// Block.
        block_index: u64,
    },
}
