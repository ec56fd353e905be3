//! A stamp's detail blocks: the asset as its issuances left it, holders with their shares, dispensers, sales,
//! dividends and the fairminter.

use sqlx::PgPool;

/// Dispenser statuses that mean closed (10) or closing (11): not buyable, and their escrow held by nobody.
pub const CLOSED_DISPENSER_STATUSES: [i32; 2] = [10, 11];

/// The asset behind a stamp, as the ledger has it now.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AssetRow {
    /// The current owner (issuer).
    pub issuer: String,
    /// Supply, base units.
    pub supply: String,
    /// Divisible.
    pub divisible: bool,
    /// Locked.
    pub locked: bool,
    /// Destroyed so far (valid destructions), base units.
    pub destroyed: String,
    /// Its description as its issuances left it.
    pub description: String,
    /// Its long name (a subasset's), or empty.
    pub asset_longname: String,
    /// The block of its first issuance.
    pub first_block: i64,
    /// That block's time.
    pub first_block_time: i64,
    /// Its first issuer.
    pub creator: String,
}

/// The asset `cpid`, if the ledger knows it.
pub async fn asset(pool: &PgPool, cpid: &str) -> Result<Option<AssetRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT a.issuer, a.supply::TEXT AS supply, a.divisible, a.locked, a.description, a.asset_longname,
                a.first_block, a.creator,
                COALESCE((SELECT time FROM blocks WHERE height = a.first_block), 0) AS first_block_time,
                (SELECT COALESCE(sum(quantity), 0) FROM destructions
                 WHERE asset = a.asset AND status = 'valid')::TEXT AS destroyed
         FROM assets a WHERE a.asset = $1",
    )
    .bind(cpid)
    .fetch_optional(pool)
    .await
}

/// A holder: an address or a UTXO (`txid:vout`), its quantity and its share of the supply.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HolderRow {
    /// Address or outpoint.
    pub holder: String,
    /// Quantity, base units.
    pub quantity: String,
    /// Percent of the supply, 2 decimals.
    pub percentage: String,
}

/// Who holds `cpid`, most first: balances, plus what open dispensers hold in escrow for their source (a closed
/// dispenser's is excluded). At most `limit`.
pub async fn holders(pool: &PgPool, cpid: &str, limit: i64) -> Result<Vec<HolderRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT holder, quantity::TEXT AS quantity,
                COALESCE(trunc(quantity * 100 / NULLIF((SELECT supply FROM assets WHERE asset = $1), 0), 2), 0)::TEXT
                    AS percentage
         FROM (SELECT holder, sum(q) AS quantity FROM (
                   SELECT holder, quantity AS q FROM balances WHERE asset = $1 AND quantity > 0
                   UNION ALL
                   SELECT source, give_remaining FROM dispensers
                   WHERE asset = $1 AND give_remaining > 0 AND status <> ALL($2)
               ) held GROUP BY holder) total
         ORDER BY total.quantity DESC, holder LIMIT $3",
    )
    .bind(cpid)
    .bind(CLOSED_DISPENSER_STATUSES.as_slice())
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A dispenser of the stamp.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DispenserRow {
    /// The opening txid.
    pub tx_hash: String,
    /// Opened at.
    pub block_index: i64,
    /// Its address.
    pub source: String,
    /// Units per dispense.
    pub give_quantity: String,
    /// Escrowed when opened (and refilled).
    pub escrow_quantity: String,
    /// Left to dispense.
    pub give_remaining: String,
    /// Satoshis per dispense.
    pub satoshirate: i64,
    /// 0 open, 10 closed, 11 closing.
    pub status: i32,
    /// Dispenses so far.
    pub dispense_count: i64,
}

/// The stamp's dispensers: open ones first, then newest first.
pub async fn dispensers(pool: &PgPool, cpid: &str) -> Result<Vec<DispenserRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tx_hash, block_index, source, give_quantity::TEXT AS give_quantity,
                escrow_quantity::TEXT AS escrow_quantity, give_remaining::TEXT AS give_remaining, satoshirate,
                status, dispense_count
         FROM dispensers WHERE asset = $1
         ORDER BY (status = ANY($2)), block_index DESC, tx_hash",
    )
    .bind(cpid)
    .bind(CLOSED_DISPENSER_STATUSES.as_slice())
    .fetch_all(pool)
    .await
}

/// A sale from a dispenser.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SaleRow {
    /// The buying txid.
    pub tx_hash: String,
    /// Height.
    pub block_index: i64,
    /// Block time.
    pub block_time: i64,
    /// Buyer.
    pub destination: String,
    /// Units bought.
    pub quantity: String,
    /// Satoshis paid.
    pub btc_amount: i64,
    /// The dispenser.
    pub dispenser_tx_hash: String,
}

/// The stamp's sales, newest first (at most `limit`).
pub async fn sales(pool: &PgPool, cpid: &str, limit: i64) -> Result<Vec<SaleRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tx_hash, block_index, block_time, destination, quantity::TEXT AS quantity, btc_amount,
                dispenser_tx_hash
         FROM dispenses WHERE asset = $1 ORDER BY block_index DESC, seq DESC LIMIT $2",
    )
    .bind(cpid)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A dividend paid to the stamp's holders.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DividendRow {
    /// Txid.
    pub tx_hash: String,
    /// Height.
    pub block_index: i64,
    /// Who paid.
    pub source: String,
    /// The asset paid.
    pub dividend_asset: String,
    /// Paid per unit held, base units.
    pub quantity_per_unit: String,
}

/// Valid dividends on the stamp, newest first.
pub async fn dividends(pool: &PgPool, cpid: &str) -> Result<Vec<DividendRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tx_hash, block_index, source, dividend_asset, quantity_per_unit::TEXT AS quantity_per_unit
         FROM dividends WHERE asset = $1 AND status = 'valid' ORDER BY block_index DESC, seq DESC",
    )
    .bind(cpid)
    .fetch_all(pool)
    .await
}

/// The fairminter that mints (or minted) the stamp's asset.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FairminterRow {
    /// The opening txid.
    pub tx_hash: String,
    /// Its creator.
    pub source: String,
    /// Status (`open`, `closed`, ...).
    pub status: String,
    /// Price per lot, base units of XCP.
    pub price: String,
    /// Units per lot.
    pub quantity_by_price: String,
    /// Hard cap (0: none).
    pub hard_cap: String,
    /// Units minted before the fairminter opened.
    pub premint_quantity: String,
    /// Most units in one mint.
    pub max_mint_per_tx: String,
    /// First block.
    pub start_block: i64,
    /// Last block (0: none).
    pub end_block: i64,
    /// Soft cap (0: none).
    pub soft_cap: String,
    /// Units earned by valid fairmints.
    pub earned_quantity: String,
    /// Valid fairmints.
    pub mint_count: i64,
    /// Distinct minters.
    pub minters_count: i64,
}

/// The asset's latest fairminter, with what its fairmints earned.
pub async fn fairminter(pool: &PgPool, cpid: &str) -> Result<Option<FairminterRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT f.tx_hash, f.source, f.status, f.price::TEXT AS price,
                f.quantity_by_price::TEXT AS quantity_by_price, f.hard_cap::TEXT AS hard_cap,
                f.premint_quantity::TEXT AS premint_quantity, f.max_mint_per_tx::TEXT AS max_mint_per_tx,
                f.start_block, f.end_block, f.soft_cap::TEXT AS soft_cap,
                COALESCE(m.earned, 0)::TEXT AS earned_quantity, COALESCE(m.mints, 0) AS mint_count,
                COALESCE(m.minters, 0) AS minters_count
         FROM fairminters f
         LEFT JOIN LATERAL (SELECT sum(earn_quantity) AS earned, count(*) AS mints,
                                   count(DISTINCT source) AS minters
                            FROM fairmints WHERE fairminter_tx_hash = f.tx_hash AND status = 'valid') m ON TRUE
         WHERE f.asset = $1 ORDER BY f.block_index DESC LIMIT 1",
    )
    .bind(cpid)
    .fetch_optional(pool)
    .await
}

/// The collections holding `cpid`, by id.
pub async fn collections(pool: &PgPool, cpid: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT collection_id FROM collection_members WHERE cpid = $1 ORDER BY collection_id",
    )
    .bind(cpid)
    .fetch_all(pool)
    .await
}

/// The display name of the profile `address` belongs to (linked to a user, or the user's own id), if it has one.
pub async fn display_name(pool: &PgPool, address: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT u.display_name FROM users u
         WHERE u.display_name <> '' AND (u.user_id = $1 OR u.user_id IN (
             SELECT user_id FROM user_addresses WHERE address = $1))
         ORDER BY u.user_id = $1 DESC LIMIT 1",
    )
    .bind(address)
    .fetch_optional(pool)
    .await
}
